//! Random boards and rules for property tests.

use proptest::prelude::*;
use snl::{Board, Bonus, Die, Finish, Game, Jump, Rules, Start};

/// Every finish rule.
pub fn finish() -> impl Strategy<Value = Finish> {
    prop_oneof![
        Just(Finish::Exact),
        Just(Finish::Bounce),
        Just(Finish::Pass)
    ]
}

/// A small die: fair with 1 to 8 faces, two small dice, or a loaded one.
pub fn die() -> impl Strategy<Value = Die> {
    prop_oneof![
        4 => (1u32..=8).prop_map(|k| Die::uniform(k).unwrap()),
        1 => (1u32..=3).prop_map(|k| Die::sum_of(2, k).unwrap()),
        1 => prop::collection::vec(0u64..4, 1..7)
            .prop_filter("some face has weight", |w| w.iter().any(|&x| x > 0))
            .prop_map(|w| Die::weighted(w).unwrap()),
    ]
}

/// No bonus rolls (most often), bonus rolls without a limit, or a limit of
/// 1 to 3 tops in a row.
pub fn bonus() -> impl Strategy<Value = Option<Bonus>> {
    prop_oneof![
        2 => Just(None),
        1 => Just(Some(Bonus::unlimited())),
        1 => (1u32..=3).prop_map(|n| Some(Bonus::with_limit(n).unwrap())),
    ]
}

/// Every combination of rules, with a small die.
pub fn rules() -> impl Strategy<Value = Rules> {
    (die(), finish(), any::<bool>(), any::<bool>(), bonus()).prop_map(
        |(die, finish, chain, off, bonus)| Rules {
            die,
            finish,
            chain,
            start: if off { Start::OffBoard } else { Start::Square1 },
            bonus,
            ..Rules::default()
        },
    )
}

/// A valid board of `sizes` squares with up to a third of them starting a
/// jump. Jumps may end on other jumps' starts, so chains and (with chaining)
/// circles occur.
pub fn board(sizes: std::ops::RangeInclusive<u32>) -> impl Strategy<Value = Board> {
    sizes.prop_flat_map(|n| {
        let jump = (1..n.max(2), 1..=n);
        prop::collection::vec(jump, 0..=(n as usize / 3)).prop_map(move |pairs| {
            let mut used = vec![false; n as usize + 1];
            let jumps: Vec<Jump> = pairs
                .into_iter()
                .filter(|&(from, to)| from < n && from != to)
                .filter(|&(from, _)| !std::mem::replace(&mut used[from as usize], true))
                .map(|(from, to)| Jump { from, to })
                .collect();
            Board::new(n, jumps).unwrap()
        })
    })
}

/// A playable game on a board of `sizes` squares under any rules. Boards
/// whose jumps form a circle under chaining are skipped.
pub fn game(sizes: std::ops::RangeInclusive<u32>) -> impl Strategy<Value = Game> {
    (board(sizes), rules())
        .prop_filter_map("jump circle under chaining", |(b, r)| Game::new(b, r).ok())
}
