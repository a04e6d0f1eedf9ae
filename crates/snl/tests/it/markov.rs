//! The Markov chain statistics: known answers, and agreement between the
//! fast solver, exact arithmetic, dense elimination and the distribution.

#![allow(clippy::float_cmp)] // exact values: 0, 1, 3.4453125

use num_traits::ToPrimitive;
use proptest::prelude::*;
use snl::answer::{LeftOutReason, LengthStats};
use snl::limits::{Budget, Control};
use snl::markov::{self, reference};
use snl::markov::{Follow, LengthOptions};
use snl::{Board, Bonus, Die, Finish, Game, Jump, Rules, Start, Unit};

use crate::strategies;

fn game(n: u32, jumps: &[(u32, u32)], rules: Rules) -> Game {
    let board = Board::new(n, jumps.iter().map(|&(from, to)| Jump { from, to })).unwrap();
    Game::new(board, rules).unwrap()
}

fn rules(finish: Finish, die: Die, start: Start) -> Rules {
    Rules {
        die,
        finish,
        start,
        ..Rules::default()
    }
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * a.abs().max(b.abs()).max(1.0)
}

/// Milton Bradley's Chutes and Ladders (chute 47 -> 26), official rules.
fn chutes_and_ladders() -> Game {
    snl::presets::find("milton-bradley")
        .unwrap()
        .game()
        .unwrap()
}

#[test]
fn chutes_and_ladders_published_mean() {
    // Althoen, King & Schilling (1993): 39.225 rolls on average.
    let g = chutes_and_ladders();
    let s = markov::stats(&g).unwrap();
    let mean = s.mean.unwrap();
    assert!((mean - 39.225).abs() < 5e-4, "{mean}");
    let exact = markov::exact_mean(&g).unwrap().unwrap();
    assert!(markov::exact::decimal(&exact, 3) == "39.225", "{exact}");
    assert!(close(exact.to_f64().unwrap(), mean, 1e-12));
    assert!(close(s.distribution.resolved_mean().unwrap(), mean, 1e-9));
    // The fewest rolls: 1 -> 38, ... 28 -> 84 ... is 7 rolls.
    assert_eq!(
        s.distribution.min(),
        snl::shortest::min_rolls(&g).unwrap().map(|m| m as usize)
    );
    assert_eq!(s.never_finishes, 0.0);
    let dense = reference::dense_mean(&g, Unit::Rolls).unwrap();
    assert!(close(dense, mean, 1e-10));
}

#[test]
fn hand_solved_boards() {
    let d6 = Die::default;
    // Three squares from square 1 (worked out in the exact module's notes):
    // exact 6; bounce 3; pass 7/6.
    for (finish, mean) in [
        (Finish::Exact, 6.0),
        (Finish::Bounce, 3.0),
        (Finish::Pass, 7.0 / 6.0),
    ] {
        let g = game(3, &[], rules(finish, d6(), Start::Square1));
        let m = markov::expected_rolls(&g).unwrap().unwrap();
        assert!(close(m, mean, 1e-12), "{finish}: {m}");
    }
    // Only a ladder, a coin, passing allowed: from 3 the means down from 9
    // are 1, 1.5, 2.25, 2.875, 3.5625, 4.21875, 4.890625; from 1 a head
    // climbs 2 -> 10.
    let coin = Die::uniform(2).unwrap();
    let g = game(10, &[(2, 10)], rules(Finish::Pass, coin, Start::Square1));
    assert_eq!(markov::expected_rolls(&g).unwrap(), Some(3.445_312_5));
    // One roll always wins from off the board when the die is the board.
    let g = game(
        6,
        &[],
        rules(Finish::Exact, Die::uniform(6).unwrap(), Start::OffBoard),
    );
    let s = markov::stats(&g).unwrap();
    // From 0 the first roll lands anywhere on 1..=6; then exactly the
    // right value is needed (mean 6 from each of 1..=5).
    assert!(close(s.mean.unwrap(), 1.0 + 5.0 / 6.0 * 6.0, 1e-12));
    assert_eq!(s.distribution.min(), Some(1));
}

#[test]
fn bonus_limit_costs_rolls() {
    let plain = chutes_and_ladders();
    let limited = Game::new(
        plain.board().clone(),
        Rules {
            bonus: Some(Bonus::with_limit(3).unwrap()),
            ..plain.rules().clone()
        },
    )
    .unwrap();
    let m0 = markov::expected_rolls(&plain).unwrap().unwrap();
    let m1 = markov::expected_rolls(&limited).unwrap().unwrap();
    let t1 = markov::expected_turns(&limited).unwrap().unwrap();
    assert!(m1 > m0);
    assert!(t1 < m1);
    let dense = reference::dense_mean(&limited, Unit::Turns).unwrap();
    assert!(close(dense, t1, 1e-10));
    let exact = markov::exact_turn_mean(&limited).unwrap().unwrap();
    assert!(close(exact.to_f64().unwrap(), t1, 1e-10));
}

/// A budget of `work`, and no limit on memory.
fn work(work: u64) -> Control {
    Control::new(Budget {
        memory: u64::MAX,
        work,
    })
}

/// A work budget that keeps each propagation to a few milliseconds.
fn short() -> Control {
    work(5_000_000)
}

/// Rolls, then turns.
const UNITS: [Unit; 2] = [Unit::Rolls, Unit::Turns];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fast_solver_agrees_with_dense_elimination(game in strategies::game(1..=30)) {
        for unit in UNITS {
            let dense = reference::dense_mean(&game, unit);
            let fast = match unit {
                Unit::Rolls => markov::expected_rolls(&game).unwrap(),
                Unit::Turns => markov::expected_turns(&game).unwrap(),
            };
            prop_assert_eq!(dense.is_some(), fast.is_some());
            // Dense elimination's error grows with the condition number of
            // I - Q, which is about the mean: on near-traps (means of 10^11
            // rolls) it is off in the fifth digit where the frontal solver,
            // checked against exact arithmetic, is not; past about 10^15
            // rolls (28 rolls of 1 in a row, each with chance 1/4) it gives
            // NaN. It is compared only where it still means something.
            if let (Some(d), Some(f)) = (dense, fast)
                && f < 1e13
            {
                let tol = 1e-9f64.max(f * 1e-13);
                prop_assert!(close(d, f, tol), "dense {} fast {}", d, f);
            }
        }
    }

    #[test]
    fn exact_mean_agrees_with_float(game in strategies::game(1..=25)) {
        let exact = markov::exact_mean(&game).unwrap();
        let float = markov::expected_rolls(&game).unwrap();
        prop_assert_eq!(exact.is_some(), float.is_some());
        if let (Some(e), Some(f)) = (exact, float) {
            prop_assert!(close(e.to_f64().unwrap(), f, 1e-10), "exact {} float {}", e, f);
        }
    }

    #[test]
    fn distribution_accounts_for_every_chance(game in strategies::game(1..=30)) {
        for unit in UNITS {
            let s = markov::stats_with(&game, &LengthOptions::of(unit), &short()).unwrap();
            let d = &s.distribution;
            prop_assert!((d.resolved() + d.never + d.unresolved - 1.0).abs() < 1e-9);
            // Near-traps (games of 10^11 rolls) outlast the budget; what is
            // left is reported as unresolved, and the rest is checked.
            prop_assume!(d.unresolved < 1e-11);
            prop_assert!((d.resolved() - (1.0 - s.never_finishes)).abs() < 1e-9,
                "resolved {} never {}", d.resolved(), s.never_finishes);
            match s.mean {
                Some(mean) => {
                    prop_assert!(s.never_finishes == 0.0);
                    let from_pmf = d.resolved_mean().unwrap();
                    prop_assert!(close(mean, from_pmf, 1e-8), "solve {} pmf {}", mean, from_pmf);
                    let var = s.variance.unwrap();
                    let second: f64 = d.pmf.iter().enumerate().map(|(t, p)| (t * t) as f64 * p).sum();
                    prop_assert!(close(var, second - from_pmf * from_pmf, 1e-6), "var {}", var);
                }
                None => prop_assert!(s.never_finishes > 0.0),
            }
        }
    }

    #[test]
    fn planned_distribution_is_followed_or_skipped_as_estimated(
        game in strategies::game(1..=30),
        allowed in prop_oneof![Just(0u64), 1u64..200_000, Just(5_000_000)],
    ) {
        for unit in UNITS {
            // The moments under no budget, the distribution under `allowed`.
            let m = markov::moments(&game, unit).unwrap();
            let ctl = work(allowed);
            let all = markov::stats_from(&game, m, &LengthOptions::of(unit), &ctl).unwrap();
            prop_assert_eq!(all.skipped, None);
            let planned = LengthOptions { unit, follow: Follow::IfItFits, ..LengthOptions::default() };
            let planned = markov::stats_from(&game, m, &planned, &ctl).unwrap();
            // The moments never depend on the plan.
            prop_assert_eq!(
                (planned.mean, planned.variance, planned.never_finishes),
                (all.mean, all.variance, all.never_finishes)
            );
            let cost = markov::distribution_cost(&game, &m, &LengthOptions::of(unit));
            match planned.skipped {
                None => {
                    // Followed exactly as without a plan.
                    prop_assert!(cost.is_none_or(|(_, work)| work <= allowed));
                    prop_assert_eq!(&planned.distribution, &all.distribution);
                }
                Some(skip) => {
                    prop_assert_eq!(Some((skip.steps, skip.work)), cost);
                    prop_assert!(skip.work > allowed);
                    prop_assert_eq!(skip.allowed, allowed);
                    let d = &planned.distribution;
                    prop_assert_eq!(d.resolved(), 0.0);
                    prop_assert!((d.never + d.unresolved - 1.0).abs() < 1e-12);
                    prop_assert_eq!((d.min(), d.median(), d.mode()), (None, None, None));
                }
            }
        }
    }

    #[test]
    fn one_elimination_for_both_moments_agrees_with_two(game in strategies::game(1..=60)) {
        // Without bonus rolls, turns are rolls: by turns the mean and the
        // second moment are solved one after the other, by rolls together
        // over dual numbers.
        prop_assume!(game.rules().bonus.is_none());
        let together = markov::moments(&game, Unit::Rolls).unwrap();
        let apart = markov::moments(&game, Unit::Turns).unwrap();
        prop_assert_eq!(together.mean, apart.mean);
        prop_assert_eq!(together.never, apart.never);
        match (together.variance, apart.variance) {
            (Some(a), Some(b)) => {
                let scale = together.mean.unwrap().powi(2).max(1.0);
                prop_assert!((a - b).abs() <= 1e-9 * scale, "{} vs {}", a, b);
            }
            (a, b) => prop_assert_eq!(a, b),
        }
    }

    #[test]
    fn fewest_rolls_is_the_shortest_possible_game(game in strategies::game(1..=30)) {
        let d = markov::distribution_with(&game, game.start(), &LengthOptions::default(), &short())
            .unwrap();
        let fewest = snl::shortest::min_rolls(&game).unwrap().map(|m| m as usize);
        match d.min() {
            Some(t) => prop_assert_eq!(Some(t), fewest),
            None if d.unresolved < 1e-11 => prop_assert_eq!(fewest, None),
            None => prop_assert!(fewest.is_none_or(|f| f + 1 >= d.pmf.len())),
        }
    }

    #[test]
    fn visits_add_up_to_the_mean(game in strategies::game(1..=30)) {
        let mean = markov::expected_rolls(&game).unwrap();
        let visits = match markov::visits(&game) {
            Ok(visits) => visits,
            // Refused only where the transposed system is badly
            // conditioned: its error grows with the length of the games.
            Err(markov::MarkovError::Inaccurate { .. }) => {
                prop_assert!(mean.is_some_and(|m| m > 1e8), "refused with a mean of {:?}", mean);
                return Ok(());
            }
            Err(e) => panic!("{e}"),
        };
        prop_assert_eq!(mean.is_some(), visits.is_some());
        if let (Some(mean), Some(v)) = (mean, visits) {
            let landed: f64 = v.landings.iter().sum();
            // The visits come from the transposed system, whose pivots are
            // differences from 1: like dense elimination, its error grows
            // with the mean on near-traps.
            let tol = 1e-9f64.max(mean * 1e-13);
            prop_assert!(close(landed + v.lost + v.resets, mean, tol), "{} vs {}", landed + v.lost + v.resets, mean);
            prop_assert!(close(v.total(), mean, tol), "{} vs {}", v.total(), mean);
            // With chaining no roll ends on a jump's start (but the pawn may
            // stay on the start square after a lost roll).
            if game.rules().chain {
                for j in game.board().jumps().filter(|j| j.from != game.start()) {
                    prop_assert!(v.rests[j.from as usize] == 0.0);
                }
            }
        }
    }
}

#[test]
fn long_boards_skip_the_distribution_at_once() {
    // 20,000 squares: about 5,700 rolls, each spread over the board, is
    // more than a second of propagation.
    let g = game(20_000, &[(10, 15_000), (19_000, 2)], Rules::default());
    let if_it_fits = LengthOptions {
        follow: Follow::IfItFits,
        ..LengthOptions::default()
    };
    let planned = markov::stats_with(&g, &if_it_fits, &Control::default()).unwrap();
    let skip = planned.skipped.expect("over the default work");
    assert!(skip.work > skip.allowed && skip.allowed == markov::FOLLOW_WORK);
    let mean = planned.mean.unwrap();
    let sd = planned.std_dev.unwrap();
    assert_eq!(
        skip.steps,
        (mean + markov::GEOMETRIC_STD_DEVS * sd).ceil() as u64
    );
    assert_eq!(planned.distribution.pmf, vec![0.0]);
    assert_eq!(planned.distribution.unresolved, 1.0);
    let answer = LengthStats::new(&planned, Unit::Rolls, &[10], None);
    let left = answer.left_out.expect("the distribution was left out");
    assert_eq!(left.reason, LeftOutReason::OverBudget);
    assert_eq!(left.steps_followed, 0);
    assert_eq!(left.estimated_work, Some(skip.work));
    assert!(left.fields.contains(&"median".to_string()));
    assert!(left.fields.contains(&"quantiles.0.99".to_string()));
    assert!(left.fields.contains(&"within.10".to_string()));
    // Asked to follow it all the same, it is followed (here until a small
    // budget runs out) and said to have stopped.
    let whole = LengthOptions {
        follow: Follow::Whole,
        ..LengthOptions::default()
    };
    let m = markov::moments(&g, Unit::Rolls).unwrap();
    let all = markov::stats_from(&g, m, &whole, &work(2_000_000)).unwrap();
    assert_eq!(all.skipped, None);
    assert!(all.distribution.pmf.len() > 1);
    let left = LengthStats::new(&all, Unit::Rolls, &[], None)
        .left_out
        .unwrap();
    assert_eq!(left.reason, LeftOutReason::Stopped);
    assert_eq!(left.steps_followed, all.distribution.pmf.len() - 1);
    // A short board is followed to the end and nothing is left out.
    let short =
        markov::stats_with(&chutes_and_ladders(), &if_it_fits, &Control::default()).unwrap();
    assert_eq!(short.skipped, None);
    assert!(short.distribution.is_complete());
    assert_eq!(
        LengthStats::new(&short, Unit::Rolls, &[], None).left_out,
        None
    );
}

#[test]
fn visits_beyond_floating_point_are_refused_not_made_up() {
    // Every odd square from 3 a snake to 1, with a die showing 1 twice as
    // often as 2: the pawn climbs two squares with chance 1/3 or starts
    // again, so the expected game on 1,400 squares is past 1.8e308 rolls.
    // Solved directly (as under a budget), the visits came out summing to
    // 1.2e16, the last square landed on 1e-318 times: the infinite mean
    // passed the check that they add up to it.
    let snakes: Vec<(u32, u32)> = (3..1400).step_by(2).map(|s| (s, 1)).collect();
    let die = Rules {
        die: "2,1".parse().unwrap(),
        ..Rules::default()
    };
    let game = game(1400, &snakes, die);
    let ctl = Control::new(Budget::DEFAULT);
    assert!(matches!(
        markov::expected_rolls_with(&game, &ctl),
        Err(markov::MarkovError::Overflow { unit: "rolls" })
    ));
    match markov::visits_with(&game, &ctl) {
        Err(markov::MarkovError::Overflow { unit: "rolls" }) => {}
        other => panic!("{:?}", other.map(|v| v.map(|v| v.total()))),
    }
}

/// The distribution with its tail written down once certified geometric,
/// and as followed to its end.
fn geometric_and_followed(game: &Game, unit: Unit, ctl: &Control) -> [markov::Distribution; 2] {
    [true, false].map(|geometric| {
        let options = LengthOptions {
            unit,
            geometric,
            ..LengthOptions::of(unit)
        };
        markov::distribution_with(game, game.start(), &options, ctl).unwrap()
    })
}

/// Whether the tail written down is the tail followed, within the bound it
/// states: every chance of ending within `t`, the chance of never ending,
/// and the quantiles and the mode wherever the bound cannot move them.
fn within_its_bound(
    fast: &markov::Distribution,
    plain: &markov::Distribution,
) -> Result<(), String> {
    if fast.error > markov::TAIL {
        return Err(format!("an error bound of {:e}", fast.error));
    }
    let slack = fast.error + fast.unresolved + plain.unresolved + 1e-13;
    let steps = fast.pmf.len().max(plain.pmf.len());
    let (mut a, mut b) = (0.0, 0.0);
    for t in 0..steps {
        a += fast.pmf.get(t).copied().unwrap_or(0.0);
        b += plain.pmf.get(t).copied().unwrap_or(0.0);
        if (a - b).abs() > slack {
            return Err(format!("P(T <= {t}) is {a} against {b}, past {slack:e}"));
        }
    }
    if (fast.never - plain.never).abs() > slack {
        return Err(format!("never {} against {}", fast.never, plain.never));
    }
    let near =
        |q: f64, t: usize| (plain.cdf(t) - q).abs() <= slack + markov::distribution::TOLERANCE;
    for q in [0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999] {
        match (fast.quantile(q), plain.quantile(q)) {
            (x, y) if x == y => {}
            (Some(x), Some(y)) if near(q, x.min(y)) => {}
            // Followed to the end, the work allowed ran out first.
            (Some(x), None) if !plain.is_complete() && x + 1 >= plain.pmf.len() => {}
            (x, y) => return Err(format!("the {q}-quantile is {x:?} against {y:?}")),
        }
    }
    if let (Some(x), Some(y)) = (fast.mode(), plain.mode()) {
        let top = plain.pmf[y];
        if x != y && (plain.pmf.get(x).copied().unwrap_or(0.0) - top).abs() > slack {
            return Err(format!("the mode is {x} against {y}"));
        }
    }
    Ok(())
}

#[test]
fn the_geometric_tail_is_the_followed_one_within_its_bound() {
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config::with_cases(600));
    let written = std::cell::Cell::new(0);
    runner
        .run(&strategies::game(1..=60), |game| {
            for unit in UNITS {
                let [fast, plain] = geometric_and_followed(&game, unit, &short());
                prop_assert_eq!(plain.error, 0.0);
                if fast.error > 0.0 {
                    written.set(written.get() + 1);
                }
                within_its_bound(&fast, &plain).map_err(TestCaseError::fail)?;
            }
            Ok(())
        })
        .unwrap();
    // Boards with snakes enough for a geometric tail come up often.
    assert!(written.get() > 300, "written down {} times", written.get());
}

/// A board of `n` squares with `jumps` jumps of `50..=span` squares, half
/// of them snakes, from a seed: the long games of designers' boards.
fn long_jumps(n: u32, jumps: usize, span: u32, seed: u64) -> Board {
    let mut rng = snl::rng::SplitMix64::new(seed);
    let mut used = std::collections::HashSet::new();
    let mut list = Vec::new();
    while list.len() < jumps {
        let from = 2 + (rng.next_u64() % u64::from(n - 2)) as u32;
        let len = 50 + (rng.next_u64() % u64::from(span - 49)) as u32;
        let to = if rng.next_u64().is_multiple_of(2) {
            from.checked_sub(len).filter(|&t| t >= 1)
        } else {
            Some(from + len).filter(|&t| t < n)
        };
        if let Some(to) = to.filter(|&t| used.insert(from) & !used.contains(&t) & used.insert(t)) {
            list.push(Jump { from, to });
        }
    }
    Board::new(n, list).unwrap()
}

#[test]
fn long_games_have_their_tail_written_down() {
    for (seed, rules) in [
        (1, Rules::default()),
        (
            2,
            rules(Finish::Bounce, Die::uniform(6).unwrap(), Start::OffBoard),
        ),
        (
            3,
            Rules {
                bonus: Some(Bonus::unlimited()),
                ..Rules::default()
            },
        ),
    ] {
        let game = Game::new(long_jumps(1_500, 60, 600, seed), rules).unwrap();
        for unit in UNITS {
            let [fast, plain] = geometric_and_followed(&game, unit, &Control::default());
            assert!(fast.error > 0.0, "seed {seed}: not written down");
            within_its_bound(&fast, &plain).unwrap();
            assert_eq!(
                (fast.median(), fast.quantile(0.99)),
                (plain.median(), plain.quantile(0.99)),
                "seed {seed}"
            );
        }
    }
}
