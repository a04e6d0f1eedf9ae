//! Boards of any length: the engine whose cost grows with the jumps
//! ([`snl::sparse`]) on boards far past the dense engines' tables, and against
//! the dense engines ([`snl::shortest`], [`snl::markov`]) on a board both
//! hold, in the same run.
//!
//! ```text
//! cargo bench -p snl --bench sparse
//! SNL_BENCH_DENSE_EXPECT=1 cargo bench -p snl --bench sparse   # also the dense mean (about 25 s, 1.4 GB)
//! SNL_BENCH_BOARDS=DIR cargo bench -p snl --bench sparse        # also writes the boards to DIR
//! ```
//!
//! For each board this prints the median time over a few rounds of the
//! fewest rolls with one optimal sequence (`sparse::shortest::solve`) and of
//! the mean and variance (`sparse::markov::moments`), the time of one count
//! of the optimal sequences (`sparse::shortest::count::count_optimal`), the peak
//! heap bytes of each, and how many squares each keeps one by one. The boards:
//!
//! - 10^12 squares with 10^4 jumps of up to 10^6 squares, and 10^18
//!   squares with 10^5 jumps of up to 10^9 squares, each from a random
//!   square, up or down;
//! - 10^12 squares with 10^4 jumps of up to 10^10 squares (a hundredth of
//!   the board): each jump spans a hundred others, so the moments'
//!   elimination keeps many more unknowns open at once;
//! - the board of the scale benchmark in BENCHMARKS.md (`random_board
//!   100000000 --jumps 100000 --length 1..40000 --seed 1`), where the dense
//!   fewest-rolls search runs too (and the dense mean when asked), with
//!   the same answers required, and the ratios printed.
//!
//! With `SNL_BENCH_BOARDS=DIR` each board is also written to `DIR` in the
//! pairs JSON form (`long-12-6.pairs.json`, `long-18-9.pairs.json`,
//! `long-12-10.pairs.json`, `scale.pairs.json`), so that the command's
//! time and resident memory can be measured on the same boards (`/usr/bin/time
//! -v snl solve DIR/long-12-6.pairs.json`).

use std::alloc::System;
use std::hint::black_box;
use std::time::{Duration, Instant};

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use snl::random::{Amount, Size, Span, Spec};
use snl::rng::SplitMix64;
use snl::sparse::{SparseBoard, SparseGame};
use snl::{Game, Rules};

// Counts heap bytes so that the peak of one call can be read.
#[global_allocator]
static ALLOC: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

const ROUNDS: usize = 3;

/// Peak heap bytes allocated while `f` runs, its result, and its time.
fn measured<T>(f: impl FnOnce() -> T) -> (T, usize, Duration) {
    ALLOC.reset_peak_memory();
    let t = Instant::now();
    let out = f();
    let elapsed = t.elapsed();
    (out, ALLOC.get_peak_memory(), elapsed)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// `jumps` jumps on `n` squares, each from a random square (2 to n - 1) by
/// 1 to `reach` squares up or down, drawn from a fixed seed.
fn spread_jumps(n: u64, jumps: usize, reach: u64, seed: u64) -> Vec<(u64, u64)> {
    let mut rng = SplitMix64::new(seed);
    let mut starts = std::collections::BTreeSet::new();
    let mut out = Vec::with_capacity(jumps);
    while out.len() < jumps {
        let from = 2 + rng.below(n - 2);
        let length = 1 + rng.below(reach);
        let to = if rng.below(2) == 0 {
            (from + length).min(n)
        } else {
            from.saturating_sub(length).max(1)
        };
        if to != from && starts.insert(from) {
            out.push((from, to));
        }
    }
    out
}

/// Writes `game`'s board as `DIR/name` in the pairs JSON form when
/// `SNL_BENCH_BOARDS=DIR` is set.
fn write_board(name: &str, game: &SparseGame) {
    let Some(dir) = std::env::var_os("SNL_BENCH_BOARDS") else {
        return;
    };
    let pairs = |up: bool| {
        game.board()
            .jumps()
            .filter(|j| (j.to > j.from) == up)
            .map(|j| format!("[{}, {}]", j.from, j.to))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let json = format!(
        "{{\"squares\": {}, \"ladders\": [{}], \"snakes\": [{}]}}\n",
        game.board().squares(),
        pairs(true),
        pairs(false)
    );
    let path = std::path::Path::new(&dir).join(name);
    std::fs::write(&path, json).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    println!("wrote {}", path.display());
}

/// The sparse engines on `game`, with the time and peak heap of each.
struct Sparse {
    min_rolls: Option<u64>,
    runs: usize,
    mean: Option<f64>,
    mean_error: f64,
    std_dev: Option<f64>,
    solve: (Duration, usize),
    moments: (Duration, usize),
    /// The count of optimal sequences (`sparse::shortest::count::count_optimal`),
    /// timed once, with its peak heap.
    count: (Option<snl::sparse::shortest::count::Count>, Duration, usize),
}

fn sparse(game: &SparseGame) -> Sparse {
    let (best, solve_bytes, _) = measured(|| snl::sparse::shortest::solve(game).unwrap());
    let (m, moments_bytes, _) = measured(|| snl::sparse::markov::moments(game).unwrap());
    let (count, count_bytes, t_count) =
        measured(|| snl::sparse::shortest::count::count_optimal(game).unwrap());
    let (mut t_solve, mut t_moments) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let (_, _, t) = measured(|| black_box(snl::sparse::shortest::solve(black_box(game))));
        t_solve.push(t);
        let (_, _, t) = measured(|| black_box(snl::sparse::markov::moments(black_box(game))));
        t_moments.push(t);
    }
    Sparse {
        min_rolls: best.min_rolls,
        runs: best.path.len(),
        mean: m.mean,
        mean_error: m.mean_error,
        std_dev: m.std_dev,
        solve: (median(t_solve), solve_bytes),
        moments: (median(t_moments), moments_bytes),
        count: (count, t_count, count_bytes),
    }
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1e6
}

fn report(name: &str, game: &SparseGame, s: &Sparse) {
    println!();
    println!(
        "{name}: {} squares, {} jumps, d6, exact finish",
        game.goal(),
        game.board().jump_count()
    );
    println!(
        "  kept one by one: {} squares for the search, {} for the moments",
        snl::sparse::shortest::kept_squares(game),
        snl::sparse::markov::kept_squares(game)
    );
    println!(
        "  solve    {:>10.2?}  {:>8.1} MB  fewest rolls {}, path in {} runs",
        s.solve.0,
        mb(s.solve.1),
        s.min_rolls
            .map_or_else(|| "none".to_string(), |k| k.to_string()),
        s.runs
    );
    println!(
        "  moments  {:>10.2?}  {:>8.1} MB  mean {} (error at most {:.1e}), deviation {}",
        s.moments.0,
        mb(s.moments.1),
        s.mean
            .map_or_else(|| "infinite".to_string(), |m| format!("{m:.4}")),
        s.mean_error,
        s.std_dev
            .map_or_else(|| "infinite".to_string(), |d| format!("{d:.4}")),
    );
    println!(
        "  count    {:>10.2?}  {:>8.1} MB  optimal sequences {}",
        s.count.1,
        mb(s.count.2),
        s.count
            .0
            .map_or_else(|| "none".to_string(), |c| c.to_string()),
    );
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is taken.
    for (name, file, n, jumps, reach, seed) in [
        (
            "10^12 squares, jumps of up to 10^6",
            "long-12-6.pairs.json",
            1_000_000_000_000u64,
            10_000usize,
            1_000_000u64,
            12,
        ),
        (
            "10^18 squares, jumps of up to 10^9",
            "long-18-9.pairs.json",
            1_000_000_000_000_000_000,
            100_000,
            1_000_000_000,
            18,
        ),
        (
            "10^12 squares, jumps of up to 10^10",
            "long-12-10.pairs.json",
            1_000_000_000_000,
            10_000,
            10_000_000_000,
            12,
        ),
    ] {
        let board = SparseBoard::new(n, spread_jumps(n, jumps, reach, seed)).unwrap();
        let game = SparseGame::new(board, Rules::default()).unwrap();
        write_board(file, &game);
        report(name, &game, &sparse(&game));
    }

    // The scale benchmark's board, which the dense engines hold too.
    let spec = Spec {
        size: Size::Squares(Span::exactly(100_000_000)),
        amount: Amount::Jumps(Span::exactly(100_000)),
        length: Span::new(1, 40_000).unwrap(),
        start_jump: false,
        ..Spec::default()
    };
    let board = spec.draw(&mut SplitMix64::new(1)).unwrap();
    let game = Game::new(board, Rules::default()).unwrap();
    let long = SparseGame::of_game(&game);
    write_board("scale.pairs.json", &long);
    let s = sparse(&long);
    report("the scale benchmark's board", &long, &s);

    let (dense, dense_bytes, _) = measured(|| snl::shortest::solve(&game).unwrap());
    let mut times = Vec::new();
    for _ in 0..ROUNDS {
        let (_, _, t) = measured(|| black_box(snl::shortest::solve(black_box(&game))));
        times.push(t);
    }
    let t_dense = median(times);
    assert_eq!(
        dense.min_rolls.map(u64::from),
        s.min_rolls,
        "the engines disagree on the fewest rolls"
    );
    println!(
        "  dense solve    {t_dense:>10.2?}  {:>8.1} MB  ({:.1}x the sparse time, {:.1}x its memory)",
        mb(dense_bytes),
        t_dense.as_secs_f64() / s.solve.0.as_secs_f64(),
        dense_bytes as f64 / s.solve.1 as f64
    );
    if std::env::var_os("SNL_BENCH_DENSE_EXPECT").is_some() {
        let (m, bytes, t) = measured(|| snl::markov::moments(&game, snl::Unit::Rolls));
        match m {
            Ok(m) => {
                let (mean, want) = (m.mean.unwrap(), s.mean.unwrap());
                assert!(
                    (mean - want).abs() <= s.mean_error + 1e-9 * mean.abs(),
                    "the engines disagree on the mean: {mean} and {want}"
                );
                println!(
                    "  dense moments  {t:>10.2?}  {:>8.1} MB  ({:.1}x the sparse time, {:.1}x its memory)",
                    mb(bytes),
                    t.as_secs_f64() / s.moments.0.as_secs_f64(),
                    bytes as f64 / s.moments.1 as f64
                );
            }
            Err(e) => println!("  dense moments  no answer after {t:.2?}: {e}"),
        }
    } else {
        println!(
            "  dense moments  not run (SNL_BENCH_DENSE_EXPECT=1 runs them: about 25 s, 1.4 GB)"
        );
    }
}
