//! The design search: every board it returns meets every target by
//! analyses other than the search's own figures; the same seed gives the
//! same boards; a tuned board stays within its changes; targets that cannot
//! be met give the closest board, impossible ones a reason.

use std::time::Duration;

use num_traits::ToPrimitive;
use proptest::prelude::*;
use snl::design::{self, DesignError, Fair, Interval, Request, Space, Targets, Within};
use snl::limits::{Control, LimitError};
use snl::random::{Amount, Constraints, Size, Span, Spec};
use snl::{Board, Game, Jump, Rules};

use crate::strategies;

/// A deadline for searches that must succeed, far beyond what they take
/// (a fraction of a second optimised), so that a slow or busy machine
/// cannot fail them.
const SURE: f64 = 600.0;

/// A control that stops the search after `seconds`.
fn timed(seconds: f64) -> Control {
    let ctl = Control::default();
    Control {
        cancel: ctl.cancel.with_timeout(Duration::from_secs_f64(seconds)),
        budget: ctl.budget,
    }
}

fn within(lo: f64, hi: f64) -> Interval {
    Interval::new(Some(lo), Some(hi)).unwrap()
}

/// Whether `board` under `rules` meets `targets`, by analyses the search
/// does not use to judge: the exact mean, the exhaustive search for the
/// fewest rolls, the distribution and the race in full, the chance of
/// never finishing for a trap.
fn meets(board: &Board, rules: &Rules, targets: &Targets) -> Result<(), String> {
    let game = Game::new(board.clone(), rules.clone()).map_err(|e| e.to_string())?;
    let stats = snl::markov::stats(&game).map_err(|e| e.to_string())?;
    if let Some(m) = targets.mean {
        let mean = match snl::markov::exact_mean(&game) {
            Ok(Some(exact)) => exact.to_f64(),
            _ => stats.mean,
        };
        if !mean.is_some_and(|v| m.contains(v)) {
            return Err(format!("mean {mean:?} outside {m}"));
        }
    }
    if let Some(s) = targets.sd
        && !stats.std_dev.is_some_and(|v| s.contains(v))
    {
        return Err(format!("sd {:?} outside {s}", stats.std_dev));
    }
    if let Some(span) = targets.min_rolls {
        let fewest = if board.squares() <= 40 {
            snl::brute::search(&game).unwrap().min_rolls
        } else {
            snl::shortest::min_rolls(&game).unwrap()
        };
        if !fewest.is_some_and(|m| span.contains(m)) {
            return Err(format!("fewest rolls {fewest:?} outside {span}"));
        }
    }
    for w in &targets.within {
        let p = stats.distribution.within(w.rolls as usize);
        if !p.is_some_and(|p| p >= w.chance) {
            return Err(format!("within {}: {p:?} below {}", w.rolls, w.chance));
        }
    }
    if let Some(fair) = targets.fair {
        let r = snl::race::race(&game, &vec![game.start(); fair.players]).unwrap();
        let even = 1.0 / fair.players as f64;
        for (i, w) in r.win.iter().enumerate() {
            if (w - even).abs() > fair.within || (w + r.unresolved - even).abs() > fair.within {
                return Err(format!(
                    "seat {} wins {w}, not within {}",
                    i + 1,
                    fair.within
                ));
            }
        }
    }
    if targets.no_trap && stats.never_finishes > 0.0 {
        return Err(format!(
            "a trap: never finishes with chance {}",
            stats.never_finishes
        ));
    }
    Ok(())
}

/// Whether `board` has the counts and jumps `space` asks for.
fn in_space(board: &Board, space: &Space) -> Result<(), String> {
    let n = board.squares();
    let ladders = board.ladders().count() as u32;
    let snakes = board.snakes().count() as u32;
    if !space.ladders.contains(ladders) || !space.snakes.contains(snakes) {
        return Err(format!("{ladders} ladders and {snakes} snakes"));
    }
    for j in board.jumps() {
        if !space.length.contains(j.from.abs_diff(j.to)) {
            return Err(format!("{j} has the wrong length"));
        }
        if space.plain_ends && (j.from == 1 || j.to == 1 || j.to == n) {
            return Err(format!("{j} touches an end"));
        }
        if space.no_chains && board.jump(j.to).is_some() {
            return Err(format!("{j} chains"));
        }
    }
    for k in &space.keep {
        if board.jump(k.from) != Some(k.to) {
            return Err(format!("the pinned {k} is missing"));
        }
    }
    Ok(())
}

/// Jumps added, removed or moved between two boards: a move counts once.
fn changes(a: &Board, b: &Board) -> usize {
    let gone = a.jumps().filter(|j| b.jump(j.from) != Some(j.to)).count();
    let new = b.jumps().filter(|j| a.jump(j.from) != Some(j.to)).count();
    gone.max(new)
}

/// Random targets that some board of the space meets: a board drawn from
/// it, and ranges around its own figures.
fn targets_around(
    board: &Board,
    rules: &Rules,
    pick: u8,
    widths: (f64, f64, f64),
) -> Option<Targets> {
    let game = Game::new(board.clone(), rules.clone()).ok()?;
    let stats = snl::markov::stats(&game).ok()?;
    let mean = stats.mean?;
    let sd = stats.std_dev?;
    if !stats.distribution.is_complete() || mean > 1e4 {
        return None;
    }
    let mut t = Targets::default();
    if pick & 1 != 0 {
        t.mean = Some(within(mean - widths.0, mean + widths.1));
    }
    if pick & 2 != 0 {
        t.sd = Some(within((sd - widths.2).max(0.0), sd + widths.2));
    }
    if pick & 4 != 0 {
        let m = snl::shortest::min_rolls(&game).unwrap()?;
        t.min_rolls = Some(Span::new(m.saturating_sub(1), m + 1).unwrap());
    }
    if pick & 8 != 0 {
        let k = stats.distribution.median()? as u32;
        let p = stats.distribution.within(k as usize)?;
        t.within.push(Within {
            rolls: k,
            chance: (p - 0.05).max(0.0),
        });
    }
    if pick & 16 != 0 {
        let players = 2 + usize::from(pick >> 6 & 1);
        let r = snl::race::race(&game, &vec![game.start(); players]).ok()?;
        let even = 1.0 / players as f64;
        let gap = r.win.iter().map(|w| (w - even).abs()).fold(0.0, f64::max);
        t.fair = Some(Fair {
            players,
            within: gap + widths.2 / 100.0,
        });
    }
    if pick & 32 != 0 && stats.never_finishes == 0.0 {
        t.no_trap = true;
    }
    Some(t)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Over random spaces, rules and targets some board meets: every board
    /// returned meets every target by the independent analyses and stays in
    /// its space, with the verdicts it is returned with; a closest board
    /// misses a target, and its verdicts say which.
    #[test]
    fn found_boards_meet_their_targets(
        squares in 12u32..=40,
        ladders in 0u32..=3,
        snakes in 0u32..=3,
        rules in strategies::rules(),
        pick in 1u8..=127,
        widths in (0.01f64..1.5, 0.01f64..1.5, 0.01f64..1.5),
        seed in any::<u64>(),
    ) {
        let spec = Spec {
            size: Size::Squares(Span::exactly(squares)),
            amount: Amount::Each { ladders: Span::exactly(ladders), snakes: Span::exactly(snakes) },
            rules: rules.clone(),
            want: Constraints { acyclic: rules.chain, ..Constraints::default() },
            ..Spec::default()
        };
        let Ok(drawn) = spec.generate(seed, 0) else { return Ok(()) };
        let Some(targets) = targets_around(&drawn.board, &rules, pick, widths) else {
            return Ok(());
        };
        let mut space = Space::new(squares, rules.clone());
        space.ladders = Span::exactly(ladders);
        space.snakes = Span::exactly(snakes);
        let request = Request { space: space.clone(), targets: targets.clone(), seed, count: 2 };
        let found = design::search(&request, &timed(1.5), &mut |_| {}).unwrap();
        prop_assert!(found.boards.len() <= 2);
        for b in &found.boards {
            prop_assert!(b.meets_all());
            if let Err(why) = meets(&b.board, &rules, &targets) {
                prop_assert!(false, "{why}: {:?} for {targets:?}", b.board);
            }
            if let Err(why) = in_space(&b.board, &space) {
                prop_assert!(false, "{why}: {:?}", b.board);
            }
        }
        if found.boards.len() == 2 {
            prop_assert_ne!(&found.boards[0].board, &found.boards[1].board);
        }
        match &found.closest {
            Some(c) => {
                prop_assert!(found.boards.is_empty());
                prop_assert!(found.stopped.is_some());
                prop_assert!(!c.meets_all());
                prop_assert!(meets(&c.board, &rules, &targets).is_err(), "{:?}", c.verdicts);
            }
            None => prop_assert!(!found.boards.is_empty() || found.stopped.is_some()),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Tuning a random board towards the figures of another: every board
    /// returned is within the changes allowed of the first, and meets the
    /// targets.
    #[test]
    fn tuned_boards_stay_within_their_changes(
        squares in 16u32..=40,
        rules in strategies::rules(),
        k in 1u32..=3,
        pick in 1u8..=63,
        seed in any::<u64>(),
    ) {
        let spec = Spec {
            size: Size::Squares(Span::exactly(squares)),
            amount: Amount::Each { ladders: Span::new(1, 4).unwrap(), snakes: Span::new(1, 4).unwrap() },
            rules: rules.clone(),
            want: Constraints { acyclic: rules.chain, ..Constraints::default() },
            ..Spec::default()
        };
        let (Ok(origin), Ok(other)) = (spec.generate(seed, 0), spec.generate(seed, 1)) else {
            return Ok(());
        };
        let Some(targets) = targets_around(&other.board, &rules, pick, (1.0, 1.0, 1.0)) else {
            return Ok(());
        };
        let mut space = Space::tune(&origin.board, rules.clone());
        space.changes = Some(k);
        let request = Request { space, targets: targets.clone(), seed, count: 1 };
        let found = match design::search(&request, &timed(1.0), &mut |_| {}) {
            Ok(found) => found,
            // A board to tune whose every state cannot reach the goal.
            Err(DesignError::Impossible(_)) => return Ok(()),
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        for b in found.boards.iter().chain(&found.closest) {
            let c = changes(&origin.board, &b.board);
            prop_assert!(c <= k as usize, "{c} changes, {k} allowed");
            prop_assert_eq!(b.changes, Some(c as u32));
        }
        for b in &found.boards {
            if let Err(why) = meets(&b.board, &rules, &targets) {
                prop_assert!(false, "{why}");
            }
        }
    }
}

fn classic(ladders: u32, snakes: u32) -> Space {
    let mut space = Space::new(100, Rules::default());
    space.ladders = Span::exactly(ladders);
    space.snakes = Span::exactly(snakes);
    space
}

#[test]
fn the_typical_request_is_met_and_the_seed_repeats_it() {
    // 100 squares, 8 ladders, 8 snakes, a mean one roll wide, fair within
    // 0.02 for two players, no trap.
    let targets = Targets {
        mean: Some(within(30.0, 31.0)),
        fair: Some(Fair {
            players: 2,
            within: 0.02,
        }),
        no_trap: true,
        ..Targets::default()
    };
    let request = Request {
        space: classic(8, 8),
        targets: targets.clone(),
        seed: 11,
        count: 3,
    };
    let first = design::search(&request, &timed(SURE), &mut |_| {}).unwrap();
    assert_eq!(first.boards.len(), 3, "{:?}", first.stopped);
    assert_eq!(first.stopped, None);
    for b in &first.boards {
        meets(&b.board, &Rules::default(), &targets).unwrap();
        in_space(&b.board, &request.space).unwrap();
        let mean = b.figures.mean.unwrap();
        assert!((30.0..=31.0).contains(&mean));
    }
    let again = design::search(&request, &timed(SURE), &mut |_| {}).unwrap();
    let boards = |d: &design::Design| d.boards.iter().map(|b| b.board.clone()).collect::<Vec<_>>();
    assert_eq!(boards(&first), boards(&again));
    let other = design::search(
        &Request {
            seed: 12,
            ..request.clone()
        },
        &timed(SURE),
        &mut |_| {},
    )
    .unwrap();
    assert_ne!(boards(&first), boards(&other));
}

#[test]
fn a_tuned_board_stays_within_its_changes() {
    // Chutes and Ladders made shorter, two changes at most, keeping the
    // ladder 28->84.
    let preset = snl::presets::find("milton-bradley").unwrap();
    let game = preset.game().unwrap();
    let origin = game.board().clone();
    let mut space = Space::tune(&origin, game.rules().clone());
    space.changes = Some(2);
    space.keep = vec![Jump { from: 28, to: 84 }];
    let targets = Targets {
        mean: Some(Interval::new(None, Some(30.0)).unwrap()),
        ..Targets::default()
    };
    let request = Request {
        space: space.clone(),
        targets: targets.clone(),
        seed: 3,
        count: 3,
    };
    let found = design::search(&request, &timed(SURE), &mut |_| {}).unwrap();
    assert_eq!(found.boards.len(), 3, "{:?}", found.closest);
    for b in &found.boards {
        let k = changes(&origin, &b.board);
        assert!(k <= 2, "{k} changes: {:?}", b.board);
        assert_eq!(b.changes, Some(k as u32));
        assert_eq!(b.changed.len(), k);
        meets(&b.board, game.rules(), &targets).unwrap();
        in_space(&b.board, &space).unwrap();
    }
}

#[test]
fn unmeetable_targets_give_the_closest_board() {
    // Without ladders a 30-square board cannot be played in 6 rolls on
    // average, though its fewest rolls (5) do not forbid it.
    let mut space = Space::new(30, Rules::default());
    space.ladders = Span::exactly(0);
    space.snakes = Span::new(0, 2).unwrap();
    let targets = Targets {
        mean: Some(within(5.0, 6.0)),
        ..Targets::default()
    };
    let request = Request {
        space,
        targets: targets.clone(),
        seed: 1,
        count: 1,
    };
    let found = design::search(&request, &timed(2.0), &mut |_| {}).unwrap();
    assert!(found.boards.is_empty());
    assert_eq!(found.stopped, Some(LimitError::Deadline));
    let closest = found.closest.expect("the closest board");
    let v = &closest.verdicts[0];
    assert!(!v.met);
    let mean = closest.figures.mean.unwrap();
    assert!(mean > 6.0);
    assert!((v.off.unwrap() - (mean - 6.0)).abs() < 1e-12, "{v}");
    assert!(meets(&closest.board, &Rules::default(), &targets).is_err());
    assert!(v.to_string().starts_with("mean 5..6: missed by "), "{v}");
}

#[test]
fn impossible_requests_are_refused_with_the_reason() {
    let refuse = |request: &Request| match design::search(request, &timed(5.0), &mut |_| {}) {
        Err(DesignError::Impossible(why)) => why,
        other => panic!("not refused: {other:?}"),
    };
    let base = Request {
        space: classic(8, 8),
        targets: Targets::default(),
        seed: 1,
        count: 1,
    };
    // A mean below the fewest rolls any board allows.
    let mut space = classic(8, 8);
    space.length = Span::new(1, 10).unwrap();
    let why = refuse(&Request {
        space,
        targets: Targets {
            mean: Some(within(3.0, 5.0)),
            ..Targets::default()
        },
        ..base.clone()
    });
    assert_eq!(why.len(), 1, "{why:?}");
    assert!(
        why[0].starts_with("a mean of at most 5 rolls is below the fewest rolls any board of 100 squares allows here (7: a roll moves the pawn at most 16 squares)"),
        "{why:?}"
    );
    // More jumps than squares.
    let why = refuse(&Request {
        space: classic(60, 50),
        ..base.clone()
    });
    assert!(why[0].contains("do not fit on 100 squares"), "{why:?}");
    // No race is exactly fair.
    let why = refuse(&Request {
        targets: Targets {
            fair: Some(Fair {
                players: 2,
                within: 0.0,
            }),
            ..Targets::default()
        },
        ..base.clone()
    });
    assert!(why[0].starts_with("no race is exactly fair"), "{why:?}");
    let err = DesignError::Impossible(why);
    assert!(
        err.to_string()
            .starts_with("no board can meet this request: no race")
    );
}

#[test]
fn a_stop_keeps_the_best_so_far() {
    let mut space = Space::new(30, Rules::default());
    space.ladders = Span::exactly(0);
    let request = Request {
        space,
        targets: Targets {
            mean: Some(within(5.0, 6.0)),
            ..Targets::default()
        },
        seed: 1,
        count: 1,
    };
    let ctl = Control::default();
    let cancel = ctl.cancel.clone();
    let mut calls = 0;
    let found = design::search(&request, &ctl, &mut |p| {
        calls += 1;
        assert!(p.missing >= 1);
        cancel.cancel();
    })
    .unwrap();
    assert_eq!(calls, 1);
    assert_eq!(found.stopped, Some(LimitError::Cancelled));
    assert!(found.closest.is_some());
    // Seen at the next look at the token, every 64 candidates.
    assert!(found.candidates >= 4096 && found.candidates <= 4096 + 64);
}

#[test]
fn a_space_of_one_board_gives_it_once() {
    // No jumps at all: one board, found at once; asked for two, the search
    // keeps looking until its deadline.
    let mut space = Space::new(20, Rules::default());
    space.ladders = Span::exactly(0);
    space.snakes = Span::exactly(0);
    let request = Request {
        space,
        targets: Targets::default(),
        seed: 2,
        count: 2,
    };
    let found = design::search(&request, &timed(2.0), &mut |_| {}).unwrap();
    assert_eq!(found.boards.len(), 1);
    assert_eq!(found.boards[0].board, Board::empty(20).unwrap());
    assert_eq!(found.stopped, Some(LimitError::Deadline));
    assert_eq!(found.closest, None);
}

#[test]
fn the_rules_of_the_board_hold() {
    // Plain ends, no chains, a pinned jump, lengths: under chaining and a
    // bonus limit, which make every change of jump a change of rank two.
    let rules = Rules {
        chain: true,
        bonus: Some(snl::Bonus::with_limit(2).unwrap()),
        ..Rules::default()
    };
    let mut space = Space::new(40, rules.clone());
    space.ladders = Span::new(2, 4).unwrap();
    space.snakes = Span::new(2, 4).unwrap();
    space.length = Span::new(4, 20).unwrap();
    space.plain_ends = true;
    space.no_chains = true;
    space.keep = vec![Jump { from: 30, to: 12 }];
    let targets = Targets {
        mean: Some(within(12.0, 14.0)),
        sd: Some(Interval::new(None, Some(10.0)).unwrap()),
        no_trap: true,
        ..Targets::default()
    };
    let request = Request {
        space: space.clone(),
        targets: targets.clone(),
        seed: 5,
        count: 2,
    };
    let found = design::search(&request, &timed(SURE), &mut |_| {}).unwrap();
    assert_eq!(found.boards.len(), 2, "{:?}", found.closest);
    for b in &found.boards {
        meets(&b.board, &rules, &targets).unwrap();
        in_space(&b.board, &space).unwrap();
    }
}

/// Every board found was weighed: the board a run starts from counts as a
/// candidate, so a search with no targets, which takes each board it
/// starts from, has weighed as many as it found.
#[test]
fn every_board_found_was_a_candidate() {
    let request = Request {
        space: Space::new(30, Rules::default()),
        targets: Targets::default(),
        seed: 1,
        count: 50,
    };
    let found = design::search(&request, &Control::default(), &mut |_| {}).unwrap();
    assert_eq!(found.boards.len(), 50);
    assert!(found.candidates >= 50, "{}", found.candidates);
    for (i, b) in found.boards.iter().enumerate() {
        assert!(b.candidates > i as u64, "board {i}: {}", b.candidates);
    }
}
