//! Long board files, read and solved: snl against a plain textbook program,
//! in the same run.
//!
//! ```text
//! cargo bench -p snl --bench files
//! ```
//!
//! A board of 10,000,000 squares (a 3162×3162 grid for the grid form) where
//! 5 % of squares start a ladder or a snake of 1 to 20,000 squares is
//! written in each form by `snl::input::write`. For each form the bench
//!
//! - reads the text into a board: `snl::input::parse` and
//!   `BoardSpec::build`, against a textbook reader (`serde_json` into typed
//!   structs for the JSON forms, `split_ascii_whitespace` and `parse` for
//!   pairs text) that fills a jump table; checks that both find the same
//!   jumps, and prints megabytes per second and the ratio;
//! - goes from the text to one optimal sequence of rolls: snl (read, build
//!   the board, `shortest::solve`) against the textbook (the same reader, a
//!   jump table of `i64`, a queue with a distance and a parent per square,
//!   the sequence walked back from the goal), checks that the fewest rolls
//!   and the sequence's length agree, and prints the median times, the
//!   ratio and the peak heap bytes per square of each.
//!
//! snl reads lists of over a megabyte on two threads; the textbook on one.
//! `SNL_BENCH_SQUARES` sets the board size.

use std::alloc::System;
use std::collections::VecDeque;
use std::hint::black_box;
use std::time::{Duration, Instant};

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use serde::Deserialize;
use snl::input::{Format, ParseOptions};
use snl::random::{Amount, Ratio, Size, Span, Spec};
use snl::rng::SplitMix64;
use snl::{Board, Game, Rules};

// Counts heap bytes so that the peak of one call can be read.
#[global_allocator]
static ALLOC: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

const ROUNDS: usize = 5;

fn squares() -> u32 {
    std::env::var("SNL_BENCH_SQUARES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000)
}

/// The bench board, in the size the form allows.
fn board(n: u32, form: Format) -> Board {
    let size = if form == Format::Grid {
        Size::Grid(Span::exactly(n.isqrt()))
    } else {
        Size::Squares(Span::exactly(n))
    };
    let spec = Spec {
        size,
        amount: Amount::Density(Ratio::new(1, 20).unwrap()),
        length: Span::new(1, 20_000).unwrap(),
        start_jump: false,
        ..Spec::default()
    };
    spec.draw(&mut SplitMix64::new(0x5EED)).unwrap()
}

#[derive(Deserialize)]
struct MovesFile {
    n: usize,
    moves: Vec<i64>,
}

#[derive(Deserialize)]
struct PairsFile {
    squares: usize,
    ladders: Vec<[usize; 2]>,
    snakes: Vec<[usize; 2]>,
}

/// The textbook reader: the text into a jump table, `table[s]` the square
/// a jump from `s` leads to (1-based), -1 for none.
fn textbook_table(text: &str, form: Format, squares: usize) -> Vec<i64> {
    let mut table = vec![-1i64; squares + 1];
    match form {
        Format::Moves => {
            let file: MovesFile = serde_json::from_str(text).unwrap();
            assert_eq!(file.n, file.moves.len());
            for (i, &m) in file.moves.iter().enumerate() {
                if m >= 0 && m as usize != i {
                    table[i + 1] = m + 1;
                }
            }
        }
        Format::Grid => {
            let grid: Vec<Vec<i64>> = serde_json::from_str(text).unwrap();
            let k = grid.len();
            for (r, row) in grid.iter().enumerate() {
                let from_bottom = k - 1 - r;
                for (c, &v) in row.iter().enumerate() {
                    let across = if from_bottom.is_multiple_of(2) {
                        c
                    } else {
                        k - 1 - c
                    };
                    let square = from_bottom * k + across + 1;
                    if v != -1 && v as usize != square {
                        table[square] = v;
                    }
                }
            }
        }
        Format::Pairs => {
            let file: PairsFile = serde_json::from_str(text).unwrap();
            assert_eq!(file.squares, squares);
            for [a, b] in file.ladders.into_iter().chain(file.snakes) {
                table[a] = b as i64;
            }
        }
        _ => {
            let mut words = text
                .split_ascii_whitespace()
                .map(|w| w.parse::<usize>().unwrap());
            for _ in 0..2 {
                let count = words.next().unwrap();
                for _ in 0..count {
                    let (a, b) = (words.next().unwrap(), words.next().unwrap());
                    table[a] = b as i64;
                }
            }
        }
    }
    table
}

/// The textbook search with a parent per square: the fewest rolls and the
/// squares of one optimal sequence, from square 1 to the last with a d6 and
/// an exact finish.
fn textbook_solve(table: &[i64]) -> Option<(u32, Vec<usize>)> {
    let n = table.len() - 1;
    let mut rolls = vec![u32::MAX; n + 1];
    let mut parent = vec![0usize; n + 1];
    let mut queue = VecDeque::from([1usize]);
    rolls[1] = 0;
    while let Some(at) = queue.pop_front() {
        if at == n {
            break;
        }
        for die in 1..=6 {
            let next = at + die;
            if next > n {
                break;
            }
            let dest = if table[next] == -1 {
                next
            } else {
                table[next] as usize
            };
            if rolls[dest] == u32::MAX {
                rolls[dest] = rolls[at] + 1;
                parent[dest] = at;
                queue.push_back(dest);
            }
        }
    }
    if rolls[n] == u32::MAX {
        return None;
    }
    let mut path = vec![n];
    while *path.last().unwrap() != 1 {
        path.push(parent[*path.last().unwrap()]);
    }
    path.reverse();
    Some((rolls[n], path))
}

/// snl from the text to one optimal sequence.
fn snl_solve(text: &[u8], options: &ParseOptions) -> snl::shortest::Solution {
    let parsed = snl::input::parse(text, options).unwrap();
    let game = Game::new(parsed.spec.build().unwrap(), Rules::default()).unwrap();
    snl::shortest::solve(&game).unwrap()
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

/// The median times of `a` and `b` over interleaved rounds.
fn race<A, B>(mut a: impl FnMut() -> A, mut b: impl FnMut() -> B) -> (Duration, Duration) {
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let t = Instant::now();
        black_box(a());
        ta.push(t.elapsed());
        let t = Instant::now();
        black_box(b());
        tb.push(t.elapsed());
    }
    (median(ta), median(tb))
}

fn main() {
    let n = squares();
    println!(
        "long board files: snl against a textbook program, median of {ROUNDS} interleaved rounds"
    );
    for form in [
        Format::Moves,
        Format::Grid,
        Format::Pairs,
        Format::PairsText,
    ] {
        let board = board(n, form);
        let squares = board.squares() as usize;
        let text = snl::input::write(&board, None, form).unwrap();
        let options = ParseOptions {
            format: Some(form),
            squares: Some(squares as u64),
        };
        let mb = text.len() as f64 / 1e6;

        // Both readers find the board's jumps.
        let parsed = snl::input::parse(text.as_bytes(), &options).unwrap();
        let mut ours = vec![-1i64; squares + 1];
        for j in parsed.spec.build().unwrap().jumps() {
            ours[j.from as usize] = i64::from(j.to);
        }
        assert!(
            ours == textbook_table(&text, form, squares),
            "{form}: the readers disagree"
        );

        let (read_ours, read_theirs) = race(
            || {
                let parsed = snl::input::parse(text.as_bytes(), &options).unwrap();
                parsed.spec.build().unwrap()
            },
            || textbook_table(&text, form, squares),
        );

        // A fast wrong answer must not win.
        let (solution, ours_bytes) = peak_bytes(|| snl_solve(text.as_bytes(), &options));
        let (theirs, theirs_bytes) =
            peak_bytes(|| textbook_solve(&textbook_table(&text, form, squares)));
        assert_eq!(
            solution.min_rolls,
            theirs.as_ref().map(|t| t.0),
            "{form}: the searches disagree"
        );
        if let Some((k, path)) = &theirs {
            assert_eq!(solution.path.len(), *k as usize);
            assert_eq!(path.len(), *k as usize + 1);
        }
        let (solve_ours, solve_theirs) = race(
            || snl_solve(text.as_bytes(), &options),
            || textbook_solve(&textbook_table(&text, form, squares)),
        );

        let ratio = |a: Duration, b: Duration| b.as_secs_f64() / a.as_secs_f64();
        let per_square = |bytes: usize| bytes as f64 / squares as f64;
        println!();
        println!(
            "{form}: {squares} squares, {} jumps, {mb:.1} MB; fewest rolls {}",
            board.jump_count(),
            solution
                .min_rolls
                .map_or_else(|| "none".to_string(), |k| k.to_string())
        );
        println!(
            "  read        snl {:>9.1?} ({:>6.0} MB/s)   textbook {:>9.1?} ({:>5.0} MB/s)   snl {:.2}x as fast",
            read_ours,
            mb / read_ours.as_secs_f64(),
            read_theirs,
            mb / read_theirs.as_secs_f64(),
            ratio(read_ours, read_theirs)
        );
        println!(
            "  read+solve  snl {:>9.1?}                textbook {:>9.1?}               snl {:.2}x as fast",
            solve_ours,
            solve_theirs,
            ratio(solve_ours, solve_theirs)
        );
        println!(
            "  peak heap bytes per square: snl {:.2}, textbook {:.2} (the text itself: {:.2})",
            per_square(ours_bytes),
            per_square(theirs_bytes),
            per_square(text.len())
        );
    }
}
