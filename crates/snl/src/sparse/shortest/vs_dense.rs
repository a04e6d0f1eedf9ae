use super::count::{Count, count_optimal};
use super::*;
use crate::rng::SplitMix64;
use crate::rules::Rules;
use crate::sparse::SparseBoard;

/// The fewest rolls and the whole optimal sequence equal those of the
/// square-by-square search, move for move, on random boards under
/// every rule.
#[test]
fn the_same_answer_and_the_same_sequence() {
    let mut rng = SplitMix64::new(2026);
    let (mut compared, mut crossed) = (0, 0);
    for case in 0..600 {
        let n = match case % 4 {
            0 => 2 + rng.below(40) as u32,
            1 | 2 => 2 + rng.below(3000) as u32,
            _ => 2 + rng.below(60_000) as u32,
        };
        let jumps = rng.below(u64::from(n / 20 + 3)) as u32;
        let Some(game) = crate::sparse::testing::game(&mut rng, n, jumps) else {
            continue;
        };
        let long = SparseGame::of_game(&game);
        let dense = crate::shortest::solve(&game).unwrap_or_else(|e| panic!("case {case}: {e}"));
        let sparse = solve(&long).unwrap_or_else(|e| panic!("case {case}: {e}"));
        assert_eq!(
            sparse.min_rolls,
            dense.min_rolls.map(u64::from),
            "case {case}: {:?} {:?}",
            game.rules(),
            game.board().jumps().collect::<Vec<_>>()
        );
        let moves: Vec<SparseMove> = sparse.path.iter().flat_map(Run::moves).collect();
        let want: Vec<SparseMove> = dense
            .path
            .iter()
            .map(|m| SparseMove {
                roll: m.roll,
                land: u64::from(m.land),
                to: u64::from(m.to),
            })
            .collect();
        assert_eq!(moves, want, "case {case}: {:?}", game.rules());
        // The runs of the dense path are the sparse path's runs: one
        // shape for both engines' answers.
        assert_eq!(
            runs(long.start(), want),
            sparse.path,
            "case {case}: {:?}",
            game.rules()
        );
        compared += 1;
        let search = Search::run(&long, &Control::default()).unwrap();
        crossed += usize::from(search.is_some_and(|s| s.layout.stretches() > 0));
    }
    assert!(compared > 500, "only {compared} boards were playable");
    // Most boards have stretches crossed in one step.
    assert!(crossed > 300, "only {crossed} boards had stretches");
}

/// The count of optimal sequences equals that of the square-by-square
/// count, exactly where it fits a `u128`, on random boards of up to 10^5
/// squares under every rule the engine takes; long stretches are crossed
/// by the matrix power.
#[test]
fn the_same_count_of_optimal_sequences() {
    let mut rng = SplitMix64::new(2612);
    let (mut compared, mut large) = (0, 0);
    for case in 0..240 {
        let n = match case % 4 {
            0 => 2 + rng.below(40) as u32,
            1 | 2 => 2 + rng.below(5000) as u32,
            _ => 2 + rng.below(100_000) as u32,
        };
        let jumps = rng.below(u64::from(n / 200 + 3)) as u32;
        let Some(game) = crate::sparse::testing::game(&mut rng, n, jumps) else {
            continue;
        };
        let long = SparseGame::of_game(&game);
        let dense =
            crate::shortest::count_optimal(&game).unwrap_or_else(|e| panic!("case {case}: {e}"));
        let sparse = count_optimal(&long).unwrap_or_else(|e| panic!("case {case}: {e}"));
        let want = dense.map(|c| match u128::try_from(&c) {
            Ok(c) if c < u128::MAX => Count::Exactly(c),
            _ => Count::AtLeast(u128::MAX),
        });
        assert_eq!(
            sparse,
            want,
            "case {case}: {n} squares, {:?} {:?}",
            game.rules(),
            game.board().jumps().collect::<Vec<_>>()
        );
        compared += 1;
        large += usize::from(matches!(sparse, Some(Count::Exactly(c)) if c > 1 << 64));
    }
    assert!(compared > 200, "only {compared} boards were playable");
    assert!(large > 5, "only {large} counts past 2^64");
}

/// On plain squares, 4 short of all sixes in `m` rolls, the optimal
/// sequences are the ways to share the 4 among them, `C(m + 3, 4)`: exact
/// up to `u128::MAX`, "at least" it past, on either side of the edge.
#[test]
fn counts_past_128_bits_are_at_least_the_largest() {
    use num_bigint::BigUint;
    let mut fits = 0;
    for m in [
        1u64,
        2,
        1_000,
        1_000_000_007,
        9_000_000_000,
        9_600_000_000,
        10_000_000_000,
        100_000_000_000,
    ] {
        let game =
            SparseGame::new(SparseBoard::new(6 * m - 3, []).unwrap(), Rules::default()).unwrap();
        let b = BigUint::from(m);
        let want = (&b + 3u32) * (&b + 2u32) * (&b + 1u32) * &b / 24u32;
        let want = match u128::try_from(&want) {
            Ok(c) if c < u128::MAX => {
                fits += 1;
                Count::Exactly(c)
            }
            _ => Count::AtLeast(u128::MAX),
        };
        assert_eq!(count_optimal(&game).unwrap(), Some(want), "m = {m}");
    }
    assert_eq!(
        fits, 5,
        "the edge of u128 lies between 9.0e9 and 9.6e9 rolls"
    );
}
