//! The board check's warnings agree with an exhaustive walk over every
//! pawn the rules can make, under every rule combination.

use std::collections::{BTreeSet, HashSet};

use proptest::prelude::*;
use snl::{BoardSpec, Game, Pawn};

use crate::strategies;

/// The warnings the check should give, as (code, squares), found by
/// playing every roll from every pawn reachable from the start.
fn by_walking(game: &Game) -> Vec<(&'static str, Vec<u64>)> {
    let board = game.board();
    let rules = game.rules();
    let goal = game.goal();
    let rolls: Vec<u32> = rules.die.values().collect();
    // Streaks from `streaks() - 1` up play alike.
    let top = game.streaks() - 1;
    let start = Pawn {
        at: game.start(),
        streak: 0,
    };
    let (mut seen, mut landed) = (HashSet::from([start]), HashSet::new());
    let mut todo = vec![start];
    while let Some(pawn) = todo.pop() {
        for &r in &rolls {
            let played = game.play(pawn, r);
            if let Some(m) = played.moved {
                landed.insert(m.land);
                landed.extend(game.jumps_taken(m.land));
            }
            let next = Pawn {
                streak: played.pawn.streak.min(top),
                ..played.pawn
            };
            if seen.insert(next) {
                todo.push(next);
            }
        }
    }
    let reached: BTreeSet<u32> = seen.iter().map(|p| p.at).collect();
    let mut found = Vec::new();
    for j in board.jumps() {
        if !landed.contains(&j.from) {
            found.push(("never-landed", vec![u64::from(j.from)]));
        }
    }
    if !rules.chain {
        for j in board.jumps() {
            if board.jump(j.to).is_some() {
                found.push(("ends-on-jump", vec![j.from.into(), j.to.into()]));
            }
        }
    }
    let finishes = |from: u32| {
        let (mut seen, mut todo) = (HashSet::from([from]), vec![from]);
        while let Some(u) = todo.pop() {
            for &r in &rolls {
                let v = game.next(u, r);
                if seen.insert(v) {
                    todo.push(v);
                }
            }
        }
        seen.contains(&goal)
    };
    if !reached.contains(&goal) {
        found.push(("goal-unreachable", vec![goal.into()]));
    } else if rules.bonus_limit().is_none() {
        let trapped: Vec<u64> = reached
            .iter()
            .filter(|&&p| p != goal && !finishes(p))
            .map(|&p| p.into())
            .collect();
        if !trapped.is_empty() {
            found.push(("trap", trapped));
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn warnings_agree_with_walking_every_pawn(game in strategies::game(1..=40)) {
        let spec = BoardSpec::of_jumps(game.board().squares().into(), game.board().jumps());
        let checked = snl::check::check(&spec, game.rules());
        prop_assert!(checked.skipped.is_none());
        let mut expected = by_walking(&game);
        // The trap warning names the first ten squares and counts the rest.
        if let Some((_, squares)) = expected.iter_mut().find(|(code, _)| *code == "trap") {
            if squares.len() > 10 {
                let more = format!("and {} more", squares.len() - 10);
                let trap = checked.diagnostics.iter().find(|d| d.code == "trap");
                prop_assert!(trap.is_some_and(|d| d.message.contains(&more)));
            }
            squares.truncate(10);
        }
        let got: Vec<(&'static str, Vec<u64>)> =
            checked.diagnostics.iter().map(|d| (d.code, d.squares.clone())).collect();
        prop_assert_eq!(got, expected);
    }
}
