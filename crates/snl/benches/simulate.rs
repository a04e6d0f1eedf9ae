//! Simulated games per second: snl's simulator against the textbook loop
//! (`rand::rng().random_range(1..=6)` and a `HashMap` of jumps), in the same
//! run, on the classic 100-square board.
//!
//! Besides criterion's timings it prints rolls per second on one core for
//! both and their ratio, from the median of a few timed batches; then
//! `simulate::run` (blocks of games spread over threads) on one thread and
//! on two, in alternate rounds, with the rolls per second of each, the gain
//! from the second thread, and a check that both give the same counts.

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use snl::Game;
use snl::simulate::{Options, Simulator};

const GAMES: u64 = 20_000;

/// Milton Bradley's Chutes and Ladders, under its official rules.
fn game() -> Game {
    snl::presets::find("milton-bradley")
        .unwrap()
        .game()
        .unwrap()
}

/// `GAMES` games with snl's simulator on one thread: total rolls.
fn snl_batch(sim: &Simulator<'_>, seed: u64) -> u64 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..GAMES)
        .map(|_| {
            sim.play(&mut rng, u64::MAX)
                .expect("the classic board always ends")
                .0
        })
        .sum()
}

/// The same games as a script would write them: total rolls.
fn textbook_batch(jumps: &HashMap<u32, u32>) -> u64 {
    let mut total = 0;
    for _ in 0..GAMES {
        let mut at = 0u32;
        while at != 100 {
            let roll: u32 = rand::rng().random_range(1..=6);
            total += 1;
            let to = at + roll;
            if to > 100 {
                continue;
            }
            at = *jumps.get(&to).unwrap_or(&to);
        }
    }
    total
}

/// Median rolls per second over a few timed batches, and the mean game
/// length over all of them.
fn rate(mut batch: impl FnMut(u64) -> u64) -> (f64, f64) {
    let mut rates = Vec::new();
    let mut rolls = 0;
    for i in 0..7 {
        let t = Instant::now();
        let r = batch(i);
        rates.push(r as f64 / t.elapsed().as_secs_f64());
        rolls += r;
    }
    rates.sort_by(f64::total_cmp);
    (rates[rates.len() / 2], rolls as f64 / (7 * GAMES) as f64)
}

/// Games for each run of the threads comparison: about 80 million rolls.
const THREAD_GAMES: u64 = 2_000_000;

/// `simulate::run` on one thread and on two: rolls per second of each (the
/// median of alternate rounds), and their ratio.
fn threads(sim: &Simulator<'_>) {
    let options = Options {
        games: THREAD_GAMES,
        seed: 7,
        ..Options::default()
    };
    let ctl = snl::limits::Control::default();
    let pools: Vec<rayon::ThreadPool> = [1, 2]
        .into_iter()
        .map(|n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .unwrap()
        })
        .collect();
    let mut rates = [Vec::new(), Vec::new()];
    let mut results = Vec::new();
    for _ in 0..5 {
        for (pool, rate) in pools.iter().zip(&mut rates) {
            let t = Instant::now();
            let run = pool.install(|| sim.run(&options, &ctl, |_| {}));
            let seconds = t.elapsed().as_secs_f64();
            let rolls: u64 = run.rolls.iter().map(|(n, c)| n * c).sum();
            rate.push(rolls as f64 / seconds);
            results.push(run);
        }
    }
    // The same seed gives the same games on any number of threads.
    assert!(
        results.windows(2).all(|w| w[0] == w[1]),
        "the counts differ"
    );
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (one, two) = (median(&mut rates[0]), median(&mut rates[1]));
    println!(
        "simulate::run, {THREAD_GAMES} games: 1 thread {:.0} M rolls/s, 2 threads {:.0} M rolls/s, {:.2}x from the second thread",
        one / 1e6,
        two / 1e6,
        two / one
    );
}

fn bench(c: &mut Criterion) {
    let g = game();
    let sim = Simulator::new(&g);
    let jumps: HashMap<u32, u32> = g.board().jumps().map(|j| (j.from, j.to)).collect();

    let (fast, fast_mean) = rate(|i| snl_batch(&sim, i));
    let (slow, slow_mean) = rate(|_| textbook_batch(&jumps));
    // Both play the same game: their means must agree (the standard
    // deviation of one game is about 25 rolls, so of these means about 0.07).
    assert!(
        (fast_mean - slow_mean).abs() < 0.5,
        "snl mean {fast_mean} vs textbook {slow_mean}"
    );
    println!(
        "simulate, one core: snl {:.1} M rolls/s, textbook {:.1} M rolls/s, ratio {:.1}x (mean game {fast_mean:.2} rolls)",
        fast / 1e6,
        slow / 1e6,
        fast / slow
    );
    threads(&sim);

    let mut group = c.benchmark_group("simulate 20000 classic games");
    group.sample_size(10);
    group.bench_function("snl", |b| b.iter(|| snl_batch(&sim, black_box(1))));
    group.bench_function("textbook", |b| b.iter(|| textbook_batch(black_box(&jumps))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
