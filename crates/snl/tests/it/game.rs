//! The successor function against a literal reading of the rules: walk the
//! pawn one square at a time, then follow jumps one at a time.

use proptest::prelude::*;
use snl::{Finish, Game, Move};

use crate::strategies;

/// Moves a pawn the slow way, as a person would count squares on the board.
fn walk(game: &Game, from: u32, roll: u32) -> Option<Move> {
    let n = game.goal();
    if from == n {
        return None;
    }
    let mut at = from;
    let mut forward = true;
    for _ in 0..roll {
        if at == n && game.rules().finish == Finish::Pass {
            break;
        }
        if forward && at == n {
            match game.rules().finish {
                Finish::Exact => return None,
                _ => forward = false,
            }
        }
        if !forward && at == 1 {
            forward = true;
        }
        if n == 1 {
            at = 1;
            continue;
        }
        at = if forward { at + 1 } else { at - 1 };
    }
    let land = at;
    let mut to = land;
    let mut hops = 0;
    while let Some(next) = game.board().jump(to) {
        to = next;
        hops += 1;
        if !game.rules().chain || hops > game.goal() {
            break;
        }
    }
    Some(Move { roll, land, to })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn step_follows_the_rules_as_written(game in strategies::game(1..=30), from in 0u32..=30, roll in 1u32..=40) {
        let from = from.min(game.goal());
        prop_assert_eq!(game.step(from, roll), walk(&game, from, roll));
        let expected_next = walk(&game, from, roll).map_or(from, |m| m.to);
        prop_assert_eq!(game.next(from, roll), expected_next);
    }
}
