//! The chain solver against plain textbook solvers, in the same run.
//!
//! - Small boards (100 to 400 squares): snl's frontal elimination against
//!   dense Gaussian elimination.
//! - A 10,000-square board: against value iteration.
//! - A 1,000,000-square board with 10,000 jumps: the frontal elimination
//!   alone (value iteration would take hours).
//!
//! Every pair is checked to agree before it is timed, and a summary of
//! median times and ratios is printed at the end.
//!
//! Run with `cargo bench -p snl --bench markov`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use snl::markov::{self, reference};
use snl::random::{Amount, Size, Span, Spec};
use snl::rng::SplitMix64;
use snl::{Game, Rules};

/// A board of `n` squares with `jumps` jumps of up to `reach` squares,
/// snakes and ladders alike, from a fixed seed.
fn board(n: u32, jumps: u32, reach: u32) -> Game {
    let spec = Spec {
        size: Size::Squares(Span::exactly(n)),
        amount: Amount::Jumps(Span::exactly(jumps)),
        length: Span::new(1, reach).unwrap(),
        start_jump: false,
        ..Spec::default()
    };
    let board = spec.draw(&mut SplitMix64::new(u64::from(n))).unwrap();
    Game::new(board, Rules::default()).unwrap()
}

fn median(mut run: impl FnMut(), times: usize) -> Duration {
    let mut d: Vec<Duration> = (0..times)
        .map(|_| {
            let t = Instant::now();
            run();
            t.elapsed()
        })
        .collect();
    d.sort();
    d[d.len() / 2]
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let mut summary = Vec::new();

    for n in [100, 200, 400] {
        let g = board(n, n / 10, n / 3);
        let fast = markov::expected_rolls(&g).unwrap().unwrap();
        let dense = reference::dense_mean(&g, snl::Unit::Rolls).unwrap();
        assert!((fast - dense).abs() <= 1e-9 * dense, "{fast} vs {dense}");
        let mut group = c.benchmark_group(format!("mean/{n}"));
        group.bench_function("frontal", |b| {
            b.iter(|| markov::expected_rolls(black_box(&g)));
        });
        group.bench_function("dense", |b| {
            b.iter(|| reference::dense_mean(black_box(&g), snl::Unit::Rolls));
        });
        group.finish();
        let a = median(
            || {
                let _ = black_box(markov::expected_rolls(&g));
            },
            21,
        );
        let b = median(
            || {
                black_box(reference::dense_mean(&g, snl::Unit::Rolls));
            },
            5,
        );
        summary.push((format!("{n} squares, dense elimination"), a, b));
    }

    let g = board(10_000, 100, 200);
    let fast = markov::expected_rolls(&g).unwrap().unwrap();
    let vi = reference::value_iteration_mean(&g, 1e-13, 1_000_000).unwrap();
    assert!((fast - vi).abs() <= 1e-8 * vi, "{fast} vs {vi}");
    let mut group = c.benchmark_group("mean/10000");
    group.sample_size(10);
    group.bench_function("frontal", |b| {
        b.iter(|| markov::expected_rolls(black_box(&g)));
    });
    group.bench_function("value-iteration", |b| {
        b.iter(|| reference::value_iteration_mean(black_box(&g), 1e-13, 1_000_000));
    });
    group.finish();
    let a = median(
        || {
            let _ = black_box(markov::expected_rolls(&g));
        },
        11,
    );
    let b = median(
        || {
            black_box(reference::value_iteration_mean(&g, 1e-13, 1_000_000));
        },
        3,
    );
    summary.push(("10,000 squares, value iteration".to_string(), a, b));

    let g = board(1_000_000, 10_000, 1000);
    let mut group = c.benchmark_group("mean/1000000");
    group.sample_size(10);
    group.bench_function("frontal", |b| {
        b.iter(|| markov::expected_rolls(black_box(&g)));
    });
    group.finish();
    let big = median(
        || {
            let _ = black_box(markov::expected_rolls(&g));
        },
        5,
    );
    let mean = markov::expected_rolls(&g).unwrap().unwrap();

    println!("\nmedian times, snl's frontal elimination against a plain solver:");
    for (what, a, b) in &summary {
        println!(
            "  {what:<36} {:>10.3?} vs {:>10.3?}: {:>8.1}x faster",
            a,
            b,
            b.as_secs_f64() / a.as_secs_f64()
        );
    }
    println!("  1,000,000 squares, 10,000 jumps:     {big:>10.3?} (mean {mean:.3} rolls)");
}
