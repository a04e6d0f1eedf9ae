//! The design search's inner loop: weighing a candidate board.
//!
//! - The mean and deviation of a candidate (a 100-square board with 8
//!   ladders and 8 snakes, one or two jumps changed) by the incremental
//!   evaluator, against re-solving each candidate from scratch (building
//!   the board and solving for its moments), after checking that every
//!   candidate gets the same figures both ways.
//! - Taking a candidate (the evaluator's update of its inverse).
//! - The search end to end on one core: candidates weighed a second for
//!   mean and deviation targets, and for a race target (every candidate
//!   then runs a race), on targets no board meets, so that the search runs
//!   its whole time.
//! - The typical request (a mean one roll wide, fair within 0.02 for two
//!   players, no trap) over ten seeds.
//!
//! Run with `cargo bench -p snl --bench design`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use snl::design::{self, Fair, Interval, Request, Space, Targets};
use snl::limits::Control;
use snl::markov::{self, incremental::Incremental};
use snl::random::{Amount, Constraints, Size, Span, Spec};
use snl::rng::SplitMix64;
use snl::{Board, Game, Jump, Rules};

/// The board the candidates change: 100 squares, 8 ladders, 8 snakes, no
/// trap, from a fixed seed.
fn board() -> Board {
    let spec = Spec {
        size: Size::Squares(Span::exactly(100)),
        amount: Amount::Each {
            ladders: Span::exactly(8),
            snakes: Span::exactly(8),
        },
        start_jump: false,
        want: Constraints {
            trap: Some(false),
            ..Constraints::default()
        },
        ..Spec::default()
    };
    spec.generate(2024, 0).unwrap().board
}

/// A candidate: the board with the jumps on some squares set to new ends
/// (`None` to remove one).
#[derive(Clone)]
struct Candidate {
    edits: Vec<(u32, Option<u32>)>,
}

impl Candidate {
    fn board(&self, base: &Board) -> Board {
        let jumps = base
            .jumps()
            .filter(|j| !self.edits.iter().any(|e| e.0 == j.from))
            .chain(
                self.edits
                    .iter()
                    .filter_map(|&(from, to)| to.map(|to| Jump { from, to })),
            );
        Board::new(base.squares(), jumps).unwrap()
    }

    /// The rests the incremental evaluator is told of: without chaining, a
    /// square's rest is its jump's end, or the square itself.
    fn rests(&self) -> Vec<(u32, u32)> {
        self.edits
            .iter()
            .map(|&(s, to)| (s, to.unwrap_or(s)))
            .collect()
    }
}

/// `count` candidates of `jumps` changed jumps each (an end moved, or a
/// jump slid to another square), every one a board without a trap.
fn candidates(base: &Board, jumps: usize, count: usize) -> Vec<Candidate> {
    let mut rng = SplitMix64::new(7);
    let starts: Vec<u32> = base.jumps().map(|j| j.from).collect();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut edits = Vec::new();
        for _ in 0..jumps {
            let s = starts[rng.below(starts.len() as u64) as usize];
            let to = 1 + rng.below(100) as u32;
            if to != s && !edits.iter().any(|e: &(u32, Option<u32>)| e.0 == s) {
                edits.push((s, Some(to)));
            }
        }
        if edits.len() < jumps {
            continue;
        }
        let c = Candidate { edits };
        let game = Game::new(c.board(base), Rules::default()).unwrap();
        if !markov::can_get_stuck(&game).unwrap() && markov::never_finishes(&game).unwrap() == 0.0 {
            out.push(c);
        }
    }
    out
}

/// The moments from scratch: the board built, its game, the solve.
fn from_scratch(base: &Board, c: &Candidate) -> markov::Moments {
    let game = Game::new(c.board(base), Rules::default()).unwrap();
    markov::moments(&game, snl::Unit::Rolls).unwrap()
}

fn per_candidate(run: impl Fn(), count: usize, times: usize) -> Duration {
    let mut d: Vec<Duration> = (0..times)
        .map(|_| {
            let t = Instant::now();
            run();
            t.elapsed() / count as u32
        })
        .collect();
    d.sort();
    d[d.len() / 2]
}

fn timed(seconds: f64) -> Control {
    let ctl = Control::default();
    Control {
        cancel: ctl.cancel.with_timeout(Duration::from_secs_f64(seconds)),
        budget: ctl.budget,
    }
}

fn classic() -> Space {
    let mut space = Space::new(100, Rules::default());
    space.ladders = Span::exactly(8);
    space.snakes = Span::exactly(8);
    space
}

/// Candidates a second over a search of `seconds` that asks for more
/// boards than it can find, so that it runs to its deadline: the rate, and
/// the boards found.
fn search_rate(targets: Targets, seconds: f64) -> (f64, usize) {
    let request = Request {
        space: classic(),
        targets,
        seed: 1,
        count: design::MAX_COUNT,
    };
    let t = Instant::now();
    let found = design::search(&request, &timed(seconds), &mut |_| {}).unwrap();
    let rate = found.candidates as f64 / t.elapsed().as_secs_f64();
    (rate, found.boards.len())
}

/// The times of weighing one candidate, each way.
struct Weighing {
    try_one: Duration,
    try_two: Duration,
    scratch: Duration,
    commit: Duration,
    race: Duration,
}

/// The incremental evaluator against re-solving from scratch, and a race as
/// the search weighs one, per candidate.
fn weighing(c: &mut Criterion) -> Weighing {
    let base = board();
    let game = Game::new(base.clone(), Rules::default()).unwrap();
    let mut inc = Incremental::new(&game, &Control::default())
        .unwrap()
        .unwrap();
    let one = candidates(&base, 1, 2000);
    let two = candidates(&base, 2, 2000);
    // Both ways give the same figures, for every candidate.
    for c in one.iter().chain(&two) {
        let fast = inc.try_rests(&c.rests()).expect("no candidate is stuck");
        let plain = from_scratch(&base, c);
        let (a, b) = (fast.mean.unwrap(), plain.mean.unwrap());
        assert!((a - b).abs() <= 1e-9 * b, "{a} vs {b}");
        let (a, b) = (fast.std_dev.unwrap(), plain.std_dev.unwrap());
        assert!((a - b).abs() <= 1e-7 * b, "{a} vs {b}");
    }

    let mut group = c.benchmark_group("candidate/100");
    group.bench_function("incremental, one jump", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % one.len();
            black_box(inc.try_rests(&one[i].rests()))
        });
    });
    group.bench_function("incremental, two jumps", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % two.len();
            black_box(inc.try_rests(&two[i].rests()))
        });
    });
    group.bench_function("from scratch", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % one.len();
            black_box(from_scratch(&base, &one[i]))
        });
    });
    group.finish();

    let cell = std::cell::RefCell::new(&mut inc);
    let tries = |list: &[Candidate]| {
        per_candidate(
            || {
                let mut inc = cell.borrow_mut();
                for c in list {
                    black_box(inc.try_rests(&c.rests()));
                }
            },
            list.len(),
            21,
        )
    };
    let (try_one, try_two) = (tries(&one), tries(&two));
    let scratch = per_candidate(
        || {
            for c in &one {
                black_box(from_scratch(&base, c));
            }
        },
        one.len(),
        5,
    );
    // Taking a candidate: each of a walk of changes committed (the walk
    // goes back and forth between the board and its neighbours, so that it
    // never leaves the boards without a trap).
    let commit = per_candidate(
        || {
            let mut inc = cell.borrow_mut();
            for c in one.iter().take(200) {
                let back: Vec<(u32, u32)> = c
                    .edits
                    .iter()
                    .map(|&(s, _)| (s, base.jump(s).unwrap_or(s)))
                    .collect();
                inc.try_rests(&c.rests()).unwrap();
                inc.commit();
                inc.try_rests(&back).unwrap();
                inc.commit();
            }
        },
        400,
        5,
    );
    let final_mean = cell.borrow().moments().mean.unwrap();
    let plain = markov::moments(&game, snl::Unit::Rolls)
        .unwrap()
        .mean
        .unwrap();
    assert!(
        (final_mean - plain).abs() <= 1e-9 * plain,
        "{final_mean} vs {plain}"
    );
    let race = race_weighing(&base, &one);
    Weighing {
        try_one,
        try_two,
        scratch,
        commit,
        race,
    }
}

/// A race of two as the search weighs it for fairness within 0.02, per
/// candidate: the distribution until less than 0.001 of the chance is in
/// play, then the race over it.
fn race_weighing(base: &Board, one: &[Candidate]) -> Duration {
    per_candidate(
        || {
            for c in one.iter().take(200) {
                let game = Game::new(c.board(base), Rules::default()).unwrap();
                let turns = markov::LengthOptions {
                    unit: snl::Unit::Turns,
                    tail: 1e-3,
                    ..markov::LengthOptions::default()
                };
                let ctl = Control::default();
                let d = markov::distribution_with(&game, 1, &turns, &ctl).unwrap();
                black_box(snl::race::races_with(&game, &[&[1, 1]], vec![(1, d)], &ctl).unwrap());
            }
        },
        200,
        5,
    )
}

/// The seconds the typical request takes with each of ten seeds, sorted.
fn typical_request() -> Vec<f64> {
    let typical = Targets {
        mean: Some(Interval::new(Some(30.0), Some(31.0)).unwrap()),
        fair: Some(Fair {
            players: 2,
            within: 0.02,
        }),
        no_trap: true,
        ..Targets::default()
    };
    let mut times: Vec<f64> = (1..=10)
        .map(|seed| {
            let request = Request {
                space: classic(),
                targets: typical.clone(),
                seed,
                count: 1,
            };
            let t = Instant::now();
            let found = design::search(&request, &timed(60.0), &mut |_| {}).unwrap();
            assert_eq!(found.boards.len(), 1, "seed {seed}");
            t.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let w = weighing(&mut c);
    // The search, end to end, for three seconds: a mean in a window of a
    // millionth of a roll and a deviation, which no board met in that
    // time, or a race fair to a ten-thousandth, which boards whose games
    // are long enough meet (a near-trap of 2,846 rolls a game on average
    // gives the first player an edge under 10^-4); the search goes on past
    // the boards it finds.
    let (moments_rate, moments_found) = search_rate(
        Targets {
            mean: Some("66.978705".parse().unwrap()),
            sd: Some(Interval::new(Some(30.0), Some(60.0)).unwrap()),
            ..Targets::default()
        },
        3.0,
    );
    let (race_rate, race_found) = search_rate(
        Targets {
            fair: Some(Fair {
                players: 2,
                within: 1e-4,
            }),
            ..Targets::default()
        },
        3.0,
    );
    let times = typical_request();

    let per_second = |d: Duration| 1.0 / d.as_secs_f64();
    println!("\nweighing a candidate, 100 squares, 8 ladders and 8 snakes (mean and deviation):");
    println!(
        "  incremental, one jump changed   {:>10.3?}  {:>12.0} a second",
        w.try_one,
        per_second(w.try_one)
    );
    println!(
        "  incremental, two jumps changed  {:>10.3?}  {:>12.0} a second",
        w.try_two,
        per_second(w.try_two)
    );
    println!(
        "  re-solved from scratch          {:>10.3?}  {:>12.0} a second  ({:.1}x slower than one jump)",
        w.scratch,
        per_second(w.scratch),
        w.scratch.as_secs_f64() / w.try_one.as_secs_f64()
    );
    println!("  taking a candidate (commit)     {:>10.3?}", w.commit);
    println!(
        "  a race of 2, fair within 0.02   {:>10.3?}  {:>12.0} a second",
        w.race,
        per_second(w.race)
    );
    println!("the search on one core, end to end:");
    println!(
        "  mean and deviation targets      {moments_rate:>12.0} candidates a second ({moments_found} boards found)"
    );
    println!(
        "  a race of 2 fair within 1e-4    {race_rate:>12.0} candidates a second ({race_found} boards found)"
    );
    println!(
        "typical request, 10 seeds: median {:.3} s, slowest {:.3} s",
        times[times.len() / 2],
        times[times.len() - 1]
    );
}
