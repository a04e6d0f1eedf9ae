//! The fast search agrees with the exhaustive one, and its paths replay.

use proptest::prelude::*;

use snl_props::oracle;

use crate::strategies;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fast_search_agrees_with_brute_force(game in strategies::game(1..=18)) {
        let fast = snl::shortest::solve(&game).unwrap();
        let brute = snl::brute::search(&game).unwrap();
        prop_assert_eq!(fast.min_rolls, brute.min_rolls);
        prop_assert_eq!(fast.path, brute.path);
        let count = snl::shortest::count_optimal(&game).unwrap();
        match brute.min_rolls {
            Some(_) => prop_assert_eq!(count.unwrap(), brute.optimal_sequences.into()),
            None => prop_assert!(count.is_none()),
        }
    }

    #[test]
    fn search_from_a_position_agrees_with_the_textbook(game in strategies::game(1..=60), at in 0u32..=60) {
        let at = at.min(game.goal());
        let queue = oracle::queue_distances(&game, at);
        prop_assert_eq!(snl::shortest::min_rolls_from(&game, at).unwrap(), queue[game.goal() as usize]);
    }

    /// With a die showing every value from 1 up, a roll that would
    /// overshoot has an exact roll beside it that does as well, so the
    /// finish rule never changes the fewest rolls. (The judge relies on
    /// this: it cannot tell finish rules apart with such a die.)
    #[test]
    fn finish_rules_agree_on_fewest_rolls_with_a_full_die(
        board in strategies::board(1..=60),
        faces in 1u32..=8,
        chain: bool,
        start in prop_oneof![Just(snl::Start::Square1), Just(snl::Start::OffBoard)],
    ) {
        let answers: Vec<Option<u32>> = [snl::Finish::Exact, snl::Finish::Bounce, snl::Finish::Pass]
            .into_iter()
            .filter_map(|finish| {
                let rules = snl::Rules { die: snl::Die::uniform(faces).unwrap(), finish, chain, start, bonus: None, ..snl::Rules::default() };
                snl::Game::new(board.clone(), rules).ok()
            })
            .map(|game| snl::shortest::min_rolls(&game).unwrap())
            .collect();
        prop_assert!(answers.windows(2).all(|w| w[0] == w[1]), "{:?}", answers);
    }

    #[test]
    fn reported_path_replays_to_the_goal(game in strategies::game(1..=60)) {
        let s = snl::shortest::solve(&game).unwrap();
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Where jumps may be declined, the search follows both resting places
    /// of a roll onto an optional jump: the fewest rolls, the first path and
    /// the count of optimal plays are the exhaustive search's, which walks
    /// the chains of jumps itself.
    #[test]
    fn declining_jumps_agrees_with_brute_force(game in strategies::choosing_game(1..=16)) {
        let fast = snl::shortest::solve(&game).unwrap();
        let brute = snl::brute::search(&game).unwrap();
        prop_assert_eq!(fast.min_rolls, brute.min_rolls);
        prop_assert_eq!(&fast.path, &brute.path);
        let count = snl::shortest::count_optimal(&game).unwrap();
        match brute.min_rolls {
            Some(_) => prop_assert_eq!(count.unwrap(), brute.optimal_sequences.into()),
            None => prop_assert!(count.is_none()),
        }
        prop_assert_eq!(snl::shortest::min_rolls(&game).unwrap(), fast.min_rolls);
        let dist = snl::shortest::distances(&game).unwrap();
        prop_assert_eq!(dist[game.goal() as usize], fast.min_rolls);
        // The path replays: each roll lands where the game says, and rests
        // where the player may choose to.
        let mut at = game.start();
        for m in &fast.path {
            let landed = game.step(at, m.roll).map(|s| s.land);
            prop_assert_eq!(landed, Some(m.land));
            prop_assert!(game.rests(m.land).any(|r| r == m.to), "{:?} cannot rest there", m);
            at = m.to;
        }
        if fast.min_rolls.is_some() {
            prop_assert_eq!(at, game.goal());
        }
    }

    /// Without a bonus limit an optimal play arrives at a jump's start at
    /// most once (a second arrival could be cut short at the first), so it
    /// takes or declines each jump for good: the fewest rolls are the least
    /// over every set of declined jumps of the plain game on the board
    /// without them.
    #[test]
    fn declining_jumps_is_the_best_board_without_them(game in strategies::choosing_game(1..=40)) {
        if game.rules().bonus_limit().is_some() {
            return Ok(());
        }
        let optional = game.rules().optional;
        let declinable: Vec<u32> = game
            .board()
            .jumps()
            .filter(|j| optional.covers(j.from, j.to))
            .map(|j| j.from)
            .take(8)
            .collect();
        let all = game.board().jumps().filter(|j| optional.covers(j.from, j.to)).count();
        if all > declinable.len() {
            return Ok(());
        }
        let mut best: Option<u32> = None;
        for mask in 0u32..1 << declinable.len() {
            let mut board = game.board().clone();
            for (i, &s) in declinable.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    board = board.without_jump(s);
                }
            }
            let plain = snl::Rules { optional: snl::Optional::None, ..game.rules().clone() };
            let g = snl::Game::new(board, plain).unwrap();
            if let Some(d) = snl::shortest::min_rolls(&g).unwrap() {
                best = Some(best.map_or(d, |b| b.min(d)));
            }
        }
        prop_assert_eq!(snl::shortest::min_rolls(&game).unwrap(), best);
    }
}

/// The textbook search from the start: a queue of (position, streak)
/// states, every roll tried.
fn queue_distances(game: &snl::Game) -> Vec<Option<u32>> {
    oracle::queue_distances(game, game.start())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    // Boards of several 64-square words, so that layers cross word edges.
    #[test]
    fn layered_search_matches_a_plain_queue(game in strategies::game(60..=700)) {
        // A bonus limit makes the rolls allowed depend on the streak, which
        // the plain queue below does not track; the exhaustive search checks
        // that case.
        prop_assume!(game.rules().bonus_limit().is_none());
        let expected = queue_distances(&game);
        prop_assert_eq!(snl::shortest::distances(&game).unwrap(), expected.clone());
        prop_assert_eq!(snl::shortest::min_rolls(&game).unwrap(), expected[game.goal() as usize]);
        let s = snl::shortest::solve(&game).unwrap();
        prop_assert_eq!(s.min_rolls, expected[game.goal() as usize]);
        prop_assert_eq!(s.path, plain_first_path(&game, &expected));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    // Rolls of 64 and more move pawns a whole word or further, which the
    // word-at-a-time moves treat apart.
    #[test]
    fn large_dice_match_a_plain_queue(
        board in strategies::board(100..=400),
        faces in 60u32..=70,
        finish in strategies::finish(),
        chain: bool,
    ) {
        let rules = snl::Rules {
            die: snl::Die::uniform(faces).unwrap(),
            finish,
            chain,
            ..snl::Rules::default()
        };
        let Ok(game) = snl::Game::new(board, rules) else { return Ok(()) };
        let expected = queue_distances(&game);
        prop_assert_eq!(snl::shortest::distances(&game).unwrap(), expected.clone());
        let s = snl::shortest::solve(&game).unwrap();
        prop_assert_eq!(s.min_rolls, expected[game.goal() as usize]);
        prop_assert_eq!(s.path, plain_first_path(&game, &expected));
    }
}

/// The optimal sequence whose rolls come first in dictionary order, from a
/// distance per position: mark the positions on some optimal sequence by
/// trying every roll from every position, from the goal's layer down, then
/// take the smallest roll onto a marked position of the next layer.
fn plain_first_path(game: &snl::Game, dist: &[Option<u32>]) -> Vec<snl::Move> {
    let Some(k) = dist[game.goal() as usize] else {
        return Vec::new();
    };
    let mut on_path = vec![false; game.positions()];
    on_path[game.goal() as usize] = true;
    for d in (0..k).rev() {
        for u in 0..game.positions() as u32 {
            if dist[u as usize] == Some(d) {
                on_path[u as usize] = game.rules().die.values().any(|r| {
                    game.step(u, r).is_some_and(|m| {
                        on_path[m.to as usize] && dist[m.to as usize] == Some(d + 1)
                    })
                });
            }
        }
    }
    let mut path = Vec::new();
    let mut at = game.start();
    for d in 1..=k {
        let m = game
            .rules()
            .die
            .values()
            .filter_map(|r| game.step(at, r))
            .find(|m| on_path[m.to as usize] && dist[m.to as usize] == Some(d))
            .unwrap();
        path.push(m);
        at = m.to;
    }
    path
}
