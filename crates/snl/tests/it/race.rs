//! Races agree with a brute-force chain over the joint positions of all
//! pawns, and their chances add up.

use proptest::prelude::*;
use snl::limits::{Budget, Control};
use snl::race::{Race, RaceError};
use snl::{Die, Game, Pawn};

use crate::strategies;

/// Win chances and the no-winner chance by carrying the chance of every
/// joint state (all pawns, whose turn, the mover's streak) forward roll by
/// roll through `Game::play`; last, the chance still in play when it
/// stopped.
fn brute(game: &Game, from: &[u32]) -> (Vec<f64>, f64, f64) {
    brute_seated(&vec![game; from.len()], from)
}

/// [`brute`] where seat `i` plays `games[i]` (one board, a die each).
fn brute_seated(games: &[&Game], from: &[u32]) -> (Vec<f64>, f64, f64) {
    let k = from.len();
    let game = games[0];
    let goal = game.goal();
    let states = game.states();
    let faces_of = |g: &Game| -> Vec<(u32, f64)> {
        g.rules()
            .die
            .faces()
            .map(|(v, _)| (v, g.rules().die.probability(v)))
            .collect()
    };
    let faces: Vec<Vec<(u32, f64)>> = games.iter().map(|g| faces_of(g)).collect();
    // A pawn can still finish from (position, streak) if the goal is
    // reachable from it under every rule (a bonus limit may stop a pawn
    // that plain moves would carry to the goal).
    let id = |p: Pawn| states.index(p);
    // Which pawn states of seat `i` reach, through `Game::play`, a state
    // where `done` holds: the last square, or the end of a turn.
    let reach = |i: usize, done: &dyn Fn(Pawn, bool) -> bool| -> Vec<bool> {
        (0..states.len())
            .map(|s| {
                let mut seen = vec![false; states.len()];
                let mut stack = vec![states.pawn(s)];
                seen[s] = true;
                while let Some(q) = stack.pop() {
                    if q.at == goal {
                        return done(q, false);
                    }
                    for &(r, _) in &faces[i] {
                        let played = games[i].play(q, r);
                        if done(played.pawn, !played.again) {
                            return true;
                        }
                        let t = played.pawn;
                        if !seen[id(t)] {
                            seen[id(t)] = true;
                            stack.push(t);
                        }
                    }
                }
                false
            })
            .collect()
    };
    let can_finish: Vec<Vec<bool>> = (0..k).map(|i| reach(i, &|p, _| p.at == goal)).collect();
    // With bonus rolls and a one-valued die a turn may never end, and then
    // the other pawns never move again.
    let can_end_turn: Vec<Vec<bool>> = (0..k)
        .map(|i| reach(i, &|p, ended| ended || p.at == goal))
        .collect();
    let mut win = vec![0.0; k];
    if let Some(i) = from.iter().position(|&p| p == goal) {
        win[i] = 1.0;
        return (win, 0.0, 0.0);
    }
    // state: (positions, seat, streak) -> chance
    let mut mass: std::collections::HashMap<(Vec<u32>, usize, u32), f64> =
        [((from.to_vec(), 0, 0), 1.0)].into_iter().collect();
    let mut stuck = 0.0;
    // Stop when little is left in play, or after a fixed number of rolls
    // (slowly mixing boards); the caller allows for what is left.
    for _ in 0..4000 {
        if mass.values().sum::<f64>() < 1e-13 {
            break;
        }
        let mut next = std::collections::HashMap::new();
        for ((pos, seat, streak), m) in mass {
            let mover = id(Pawn {
                at: pos[seat],
                streak,
            });
            let alive = can_finish[seat][mover]
                || (can_end_turn[seat][mover]
                    && pos
                        .iter()
                        .enumerate()
                        .any(|(j, &p)| can_finish[j][id(Pawn { at: p, streak: 0 })]));
            if !alive {
                stuck += m;
                continue;
            }
            for &(r, pr) in &faces[seat] {
                let played = games[seat].play(
                    Pawn {
                        at: pos[seat],
                        streak,
                    },
                    r,
                );
                let mut pos = pos.clone();
                pos[seat] = played.pawn.at;
                if played.pawn.at == goal {
                    win[seat] += m * pr;
                    continue;
                }
                let key = if played.again {
                    (pos, seat, states.pawn(id(played.pawn)).streak)
                } else {
                    (pos, (seat + 1) % k, 0)
                };
                *next.entry(key).or_insert(0.0) += m * pr;
            }
        }
        mass = next;
    }
    let left = mass.values().sum::<f64>();
    (win, stuck, left)
}

/// A control with a bounded amount of work: a few random rules drain so
/// slowly (a rare roll is the only way on) that the unlimited race follows
/// millions of rounds, minutes in a debug build.
fn bounded() -> Control {
    work_of(50_000_000)
}

/// A control allowing `work`.
fn work_of(work: u64) -> Control {
    Control {
        budget: Budget {
            work,
            ..Budget::DEFAULT
        },
        ..Control::default()
    }
}

/// The race from `from`, or `None` when it does not resolve within
/// [`bounded`] work (the case is then left out).
fn race(game: &Game, from: &[u32]) -> Option<Race> {
    match snl::race::race_with(game, from, &bounded()) {
        Ok(r) if r.unresolved < 1e-9 => Some(r),
        Ok(_) | Err(RaceError::Limit(_)) => None,
        Err(e) => panic!("{e}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn race_agrees_with_the_joint_chain(
        game in strategies::game(1..=6),
        starts in prop::collection::vec(0u32..=6, 1..=3),
    ) {
        let from: Vec<u32> = starts.iter().map(|&p| p.min(game.goal())).collect();
        let Some(r) = race(&game, &from) else { return Ok(()) };
        let (win, stuck, left) = brute(&game, &from);
        let tolerance = 1e-9 + left;
        for (i, (a, b)) in r.win.iter().zip(&win).enumerate() {
            prop_assert!((a - b).abs() < tolerance, "seat {}: {} vs {}", i, a, b);
        }
        prop_assert!((r.no_winner - stuck).abs() < tolerance, "{} vs {}", r.no_winner, stuck);
    }

    #[test]
    fn seats_with_dice_of_their_own_agree_with_the_joint_chain(
        game in strategies::game(1..=6),
        seats in prop::collection::vec((0u32..=6, strategies::die()), 1..=3),
    ) {
        let from: Vec<u32> = seats.iter().map(|&(p, _)| p.min(game.goal())).collect();
        let dice: Vec<Die> = seats.iter().map(|(_, d)| d.clone()).collect();
        let games: Vec<Game> = dice.iter().map(|d| game.with_die(d.clone())).collect();
        let r = match snl::race::race_dice_with(&game, &from, &dice, &bounded()) {
            Ok(r) if r.unresolved < 1e-9 => r,
            Ok(_) | Err(RaceError::Limit(_)) => return Ok(()),
            Err(e) => panic!("{e}"),
        };
        let (win, stuck, left) = brute_seated(&games.iter().collect::<Vec<_>>(), &from);
        let tolerance = 1e-9 + left;
        for (i, (a, b)) in r.win.iter().zip(&win).enumerate() {
            prop_assert!((a - b).abs() < tolerance, "seat {}: {} vs {}", i, a, b);
        }
        prop_assert!((r.no_winner - stuck).abs() < tolerance, "{} vs {}", r.no_winner, stuck);
        // Every seat with the game's own die is the plain race.
        let same = vec![game.rules().die.clone(); from.len()];
        prop_assert_eq!(
            snl::race::race_dice_with(&game, &from, &same, &bounded()),
            snl::race::race_with(&game, &from, &bounded())
        );
    }

    #[test]
    fn chances_add_up(game in strategies::game(1..=20), players in 1usize..=5) {
        let from = vec![game.start(); players];
        let Some(r) = race(&game, &from) else { return Ok(()) };
        let total: f64 = r.win.iter().sum::<f64>() + r.no_winner;
        prop_assert!((total - 1.0).abs() < 1e-9, "total {}", total);
        prop_assert!(r.unresolved < 1e-9);
        // The first seat is never worse off than a later one from the same
        // square.
        for w in &r.win[1..] {
            prop_assert!(r.win[0] >= w - 1e-12);
        }
        prop_assert_eq!(r.expected_rounds.is_none(), r.no_winner > 0.0);
    }

    #[test]
    fn one_player_wins_unless_stuck(game in strategies::game(1..=16)) {
        let Some(r) = race(&game, &[game.start()]) else { return Ok(()) };
        let turns = snl::markov::LengthOptions::of(snl::Unit::Turns);
        let d = snl::markov::distribution_with(&game, game.start(), &turns, &bounded()).unwrap();
        prop_assert!((r.win[0] - (1.0 - d.never)).abs() < 1e-9);
        if let (Some(rounds), Ok(Some(mean))) = (r.expected_rounds, snl::markov::expected_turns(&game)) {
            prop_assert!((rounds - mean).abs() < 1e-6 * mean.max(1.0), "{} vs {}", rounds, mean);
        }
    }
}

proptest! {
    // Each case follows several distributions; some random rules make
    // games very long, so fewer cases than above.
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn races_at_once_are_the_races_one_by_one(game in strategies::game(1..=16)) {
        let starts: Vec<Vec<u32>> = (2..=3).map(|k| vec![game.start(); k]).collect();
        let starts: Vec<&[u32]> = starts.iter().map(Vec::as_slice).collect();
        let Some(one_by_one) = starts.iter().map(|f| race(&game, f)).collect::<Option<Vec<_>>>() else {
            return Ok(());
        };
        // Under the same budget as one by one: a larger one follows long
        // games further.
        prop_assert_eq!(&snl::race::races_with(&game, &starts, Vec::new(), &bounded()).unwrap(), &one_by_one);
        // Without the bonus rule the roll distribution is the turn
        // distribution, to the last bit, when followed as far (under the
        // same budget: a smaller one cuts it shorter).
        if game.rules().bonus.is_none() && let Ok(stats) = snl::markov::stats_with(&game, &snl::markov::LengthOptions::default(), &bounded()) {
            let known = vec![(game.start(), stats.distribution)];
            prop_assert_eq!(&snl::race::races_with(&game, &starts, known, &bounded()).unwrap(), &one_by_one);
        }
    }
}

/// A seat that rolls a die of many faces needs tables that many faces
/// wide: the race's estimate counts each seat's own die, so a budget of
/// that estimate admits the race, and one of the estimate under the
/// rules' die alone (too small for the wide die) refuses it.
#[test]
fn the_estimate_of_a_race_counts_each_seat_s_die() {
    let game = Game::new(snl::Board::empty(2000).unwrap(), snl::Rules::default()).unwrap();
    let dice = [Die::uniform(6).unwrap(), Die::uniform(400).unwrap()];
    let under = |memory: u64| Control {
        budget: Budget {
            memory,
            work: u64::MAX,
        },
        ..Control::default()
    };
    let plain = snl::race::estimate(&game, 2);
    let own = snl::race::estimate_dice(&game, 2, &dice);
    assert!(own.memory > plain.memory, "{own:?} against {plain:?}");
    let refused = snl::race::race_dice_with(&game, &[1, 1], &dice, &under(plain.memory));
    assert!(
        matches!(
            refused,
            Err(RaceError::Limit(snl::limits::LimitError::Memory { .. }))
        ),
        "{refused:?}"
    );
    let r = snl::race::race_dice_with(&game, &[1, 1], &dice, &under(own.memory)).unwrap();
    assert!(r.unresolved < 1e-9);
    let total: f64 = r.win.iter().sum::<f64>() + r.no_winner;
    assert!((total - 1.0).abs() < 1e-9, "{r:?}");
}
