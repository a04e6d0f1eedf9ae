//! The fast search agrees with the exhaustive one, and its paths replay.

use proptest::prelude::*;

use crate::strategies;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fast_search_agrees_with_brute_force(game in strategies::game(1..=18)) {
        let fast = snl::shortest::solve(&game);
        let brute = snl::brute::search(&game).unwrap();
        prop_assert_eq!(fast.min_rolls, brute.min_rolls);
        let count = snl::shortest::count_optimal(&game);
        match brute.min_rolls {
            Some(_) => prop_assert_eq!(count.unwrap(), brute.optimal_sequences.into()),
            None => prop_assert!(count.is_none()),
        }
    }

    #[test]
    fn reported_path_replays_to_the_goal(game in strategies::game(1..=60)) {
        let s = snl::shortest::solve(&game);
        let Some(k) = s.min_rolls else { return Ok(()) };
        prop_assert_eq!(s.path.len() as u32, k);
        let mut at = game.start();
        for m in &s.path {
            prop_assert!(game.rules().die.weight(m.roll) > 0, "roll {} is not on the die", m.roll);
            prop_assert_eq!(game.step(at, m.roll), Some(*m));
            at = m.to;
        }
        prop_assert_eq!(at, game.goal());
    }
}
