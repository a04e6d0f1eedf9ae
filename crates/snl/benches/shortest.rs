//! The fewest-rolls search on a long board: snl's search against the
//! textbook breadth-first search of the seed problems, in the same run.
//!
//! ```text
//! cargo bench -p snl --bench shortest
//! ```
//!
//! Before criterion's own measurements this prints the median time of each
//! over a few interleaved rounds, their ratio, and the peak heap bytes per
//! square that each search allocates. Both searches must give the same
//! answer, or the bench stops. `SNL_BENCH_SQUARES` sets the board size
//! (default 10,000,000).

use std::alloc::System;
use std::collections::VecDeque;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use snl::random::{Amount, Ratio, Size, Span, Spec};
use snl::rng::SplitMix64;
use snl::{Board, Game, Jump, Rules};

// Counts heap bytes so that the peak of one call can be read.
#[global_allocator]
static ALLOC: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// One in this many squares starts a jump (5 %).
const JUMP_EVERY: u64 = 20;
/// The longest ladder or snake, in squares. Bounded jumps keep the search
/// walking the whole board instead of leaping to the end.
const MAX_JUMP: u32 = 100;
const ROUNDS: usize = 7;

/// A board of `n` squares where about 5 % of squares (from square 2 on)
/// start a ladder or a snake (half each) of 1 to `MAX_JUMP` squares, drawn
/// from a fixed seed so that every run benches the same board.
fn random_jumps(n: u32, seed: u64) -> Vec<Jump> {
    let spec = Spec {
        size: Size::Squares(Span::exactly(n)),
        amount: Amount::Density(Ratio::new(1, JUMP_EVERY).unwrap()),
        length: Span::new(1, MAX_JUMP).unwrap(),
        start_jump: false,
        ..Spec::default()
    };
    let board = spec.draw(&mut SplitMix64::new(seed)).unwrap();
    board.jumps().collect()
}

/// The textbook search (the seeds' "clever way"): a queue, a `seen` flag
/// per square, and a jump table with -1 for "no jump". Squares are numbered
/// 1 to `n`; the pawn starts on 1 and must land on `n` exactly with a d6.
/// Returns -1 when the last square cannot be reached, as the seeds do.
fn textbook_min_rolls(jump: &[i64]) -> i64 {
    let n = jump.len() - 1;
    if n == 1 {
        return 0;
    }
    let mut seen = vec![false; n + 1];
    let mut throws_to = vec![0i64; n + 1];
    let mut line = VecDeque::new();
    line.push_back(1usize);
    seen[1] = true;
    while let Some(at) = line.pop_front() {
        for die in 1..=6 {
            let next = at + die;
            if next > n {
                break;
            }
            let dest = if jump[next] == -1 {
                next
            } else {
                jump[next] as usize
            };
            if dest == n {
                return throws_to[at] + 1;
            }
            if !seen[dest] {
                seen[dest] = true;
                throws_to[dest] = throws_to[at] + 1;
                line.push_back(dest);
            }
        }
    }
    -1
}

fn textbook_table(n: u32, jumps: &[Jump]) -> Vec<i64> {
    let mut table = vec![-1i64; n as usize + 1];
    for j in jumps {
        table[j.from as usize] = i64::from(j.to);
    }
    table
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Peak heap bytes allocated while `f` runs, and its result.
fn peak_bytes<T>(f: impl FnOnce() -> T) -> (T, usize) {
    ALLOC.reset_peak_memory();
    let out = f();
    (out, ALLOC.get_peak_memory())
}

fn squares() -> u32 {
    std::env::var("SNL_BENCH_SQUARES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000)
}

fn compare(c: &mut Criterion) {
    let n = squares();
    let jumps = random_jumps(n, 0x5EED);
    let jump_count = jumps.len();
    let (board, board_bytes) = peak_bytes(|| Board::new(n, jumps.iter().copied()).unwrap());
    let (game, game_bytes) = peak_bytes(|| Game::new(board, Rules::default()).unwrap());
    let (table, table_bytes) = peak_bytes(|| textbook_table(n, &jumps));
    // What the tables keep once built: a clone allocates exactly that.
    let (_, kept_bytes) = peak_bytes(|| game.clone());

    // A fast wrong answer must not win.
    let (ours, ours_bytes) = peak_bytes(|| snl::shortest::min_rolls(&game).unwrap());
    let (theirs, theirs_bytes) = peak_bytes(|| textbook_min_rolls(&table));
    assert_eq!(ours.map_or(-1, i64::from), theirs, "the searches disagree");
    let explored = snl::shortest::distances(&game)
        .unwrap()
        .iter()
        .filter(|d| d.is_some())
        .count();

    let (mut t_ours, mut t_theirs) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let t = Instant::now();
        let _ = black_box(snl::shortest::min_rolls(black_box(&game)));
        t_ours.push(t.elapsed());
        let t = Instant::now();
        black_box(textbook_min_rolls(black_box(&table)));
        t_theirs.push(t.elapsed());
    }
    let (m_ours, m_theirs) = (median(t_ours), median(t_theirs));
    let per_square = |bytes: usize| bytes as f64 / f64::from(n);
    println!();
    println!(
        "fewest rolls on {n} squares, {jump_count} jumps ({explored} squares reachable): {}",
        ours.map_or_else(|| "unreachable".to_string(), |k| k.to_string())
    );
    println!("median of {ROUNDS} interleaved rounds:");
    println!("  snl::shortest::min_rolls  {m_ours:>12.2?}");
    println!("  textbook BFS              {m_theirs:>12.2?}");
    println!(
        "  snl is {:.2}x as fast",
        m_theirs.as_secs_f64() / m_ours.as_secs_f64()
    );
    println!("peak heap bytes per square:");
    println!(
        "  search     snl {:>6.2}   textbook {:>6.2}",
        per_square(ours_bytes),
        per_square(theirs_bytes)
    );
    println!(
        "  board      snl {:>6.2}   textbook {:>6.2}   (building Board + Game from the jumps; the jump table)",
        per_square(board_bytes + game_bytes),
        per_square(table_bytes)
    );
    println!(
        "  kept       snl {:>6.2}   textbook {:>6.2}   (Board + Game once built; the jump table)",
        per_square(kept_bytes),
        per_square(table_bytes)
    );
    println!();

    let mut group = c.benchmark_group(format!("min_rolls/{n}"));
    group.sample_size(10);
    group.bench_function("snl", |b| {
        b.iter(|| snl::shortest::min_rolls(black_box(&game)));
    });
    group.bench_function("textbook", |b| {
        b.iter(|| textbook_min_rolls(black_box(&table)));
    });
    group.finish();
}

criterion_group!(benches, compare);
criterion_main!(benches);
