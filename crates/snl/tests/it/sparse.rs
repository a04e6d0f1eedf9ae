//! Boards of any length against the square-by-square engines, on boards
//! both can hold: the same fewest rolls, a path that `Game` replays to the
//! last square in that many rolls (and the same one, move for move), the
//! same mean and variance within the bounds stated.

use proptest::prelude::*;
use snl::sparse::{SparseError, SparseGame, shortest};
use snl::{Board, Game, Jump, Move};

use crate::strategies;

/// Replays `game`'s sparse path through `Game::step` from the start.
fn replay(game: &Game, long: &SparseGame) -> Result<(), TestCaseError> {
    let sparse = match shortest::solve(long) {
        Err(SparseError::Unsupported(_)) => {
            // Refused, and only under a bonus limit.
            prop_assert!(game.rules().bonus_limit().is_some());
            return Ok(());
        }
        other => other.unwrap(),
    };
    let dense = snl::shortest::solve(game).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(sparse.min_rolls, dense.min_rolls.map(u64::from));
    let mut at = game.start();
    let mut moves = Vec::new();
    for run in &sparse.path {
        prop_assert_eq!(u64::from(at), run.from);
        for m in run.moves() {
            let played = game.step(at, m.roll);
            prop_assert_eq!(
                played,
                Some(Move {
                    roll: m.roll,
                    land: m.land as u32,
                    to: m.to as u32
                })
            );
            moves.push(played.unwrap());
            at = m.to as u32;
        }
    }
    if sparse.min_rolls.is_some_and(|k| k > 0) {
        prop_assert_eq!(at, game.goal());
    }
    prop_assert_eq!(moves.len() as u64, sparse.min_rolls.unwrap_or(0));
    prop_assert_eq!(moves, dense.path);
    Ok(())
}

/// How far apart, relative to the figure, the two engines' mean and
/// variance may be beyond the sparse engine's stated bound.
#[derive(Clone, Copy)]
struct Rel {
    mean: f64,
    variance: f64,
}

/// The dense solver's rounding, on boards of any size it holds. Its mean
/// and second moment of a million-square board agree in their first five
/// or six digits, so the variance between them once lost six of its
/// digits in `f64` (62379.67 for 62379.02, beyond any bound): the dense
/// solver now runs that elimination again in double-double precision where
/// the cancellation calls for it, and is held to this tolerance on boards of
/// a million squares as on small ones.
const CLOSE: Rel = Rel {
    mean: 1e-9,
    variance: 1e-7,
};

/// The moments within the bounds stated, and the dense solver's rounding.
fn moments_agree(game: &Game, long: &SparseGame, rel: Rel) -> Result<(), TestCaseError> {
    let sparse = match snl::sparse::markov::moments(long) {
        Err(SparseError::Unsupported(_)) => {
            prop_assert!(game.rules().bonus_limit().is_some());
            return Ok(());
        }
        other => other.unwrap(),
    };
    let Ok(dense) = snl::markov::moments(game, snl::Unit::Rolls) else {
        return Ok(());
    };
    let near = |a: f64, b: f64, bound: f64, rel: f64| (a - b).abs() <= bound + rel * b.abs();
    prop_assert!(near(sparse.never, dense.never, sparse.never_error, 1e-9));
    prop_assert_eq!(sparse.mean.is_some(), dense.mean.is_some());
    if let (Some(a), Some(b)) = (sparse.mean, dense.mean) {
        // The dense solver's own error grows with the mean.
        if b < 1e12 {
            prop_assert!(near(a, b, sparse.mean_error, rel.mean), "mean {} {}", a, b);
            let (va, vb) = (sparse.variance.unwrap(), dense.variance.unwrap());
            prop_assert!(
                near(va, vb, sparse.variance_error, rel.variance),
                "variance {} {}",
                va,
                vb
            );
        }
    }
    Ok(())
}

/// The sparse mean within its stated bound of the exact fraction, compared
/// as fractions; `None` from the one exactly when the other is `None`.
fn mean_within_bound_of_exact(game: &Game) -> Result<(), TestCaseError> {
    use num_traits::{Signed, ToPrimitive};
    let sparse = match snl::sparse::markov::moments(&SparseGame::of_game(game)) {
        Err(SparseError::Unsupported(_)) => {
            prop_assert!(game.rules().bonus_limit().is_some());
            return Ok(());
        }
        other => other.unwrap(),
    };
    // Boards of more states than the exact solver takes are left out.
    let Ok(exact) = snl::markov::exact_mean(game) else {
        return Ok(());
    };
    prop_assert_eq!(sparse.mean.is_some(), exact.is_some());
    if let (Some(mean), Some(exact)) = (sparse.mean, exact) {
        let got = num_rational::BigRational::from_float(mean).unwrap();
        let error = (got - &exact).abs().to_f64().unwrap();
        prop_assert!(
            error <= sparse.mean_error,
            "{} against {} (error {:e}, bound {:e})",
            mean,
            exact.to_f64().unwrap(),
            error,
            sparse.mean_error
        );
    }
    Ok(())
}

/// A board of `sizes` squares with a few jumps: long stretches between.
fn sparse_board(sizes: std::ops::RangeInclusive<u32>) -> impl Strategy<Value = Board> {
    sizes.prop_flat_map(|n| {
        let jump = (2..n.max(3), 1..=n);
        prop::collection::vec(jump, 0..=12).prop_map(move |pairs| {
            let mut seen = std::collections::BTreeSet::new();
            let jumps: Vec<Jump> = pairs
                .into_iter()
                .filter(|&(from, to)| from < n && from != to && seen.insert(from))
                .map(|(from, to)| Jump { from, to })
                .collect();
            Board::new(n, jumps).unwrap()
        })
    })
}

fn sparse_game(sizes: std::ops::RangeInclusive<u32>) -> impl Strategy<Value = Game> {
    (sparse_board(sizes), strategies::rules())
        .prop_filter_map("jump circle under chaining", |(b, r)| Game::new(b, r).ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn small_boards_under_every_rule(game in strategies::game(1..=60)) {
        let long = SparseGame::of_game(&game);
        replay(&game, &long)?;
        moments_agree(&game, &long, CLOSE)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Every rule the sparse engine takes (all but the bonus limit, which
    /// it refuses), on boards with stretches of plain squares crossed by
    /// the closed forms, against the exact fraction of the dense engine.
    #[test]
    fn the_sparse_mean_within_its_bound_of_the_exact_fraction(
        game in prop_oneof![strategies::game(1..=60), sparse_game(2..=300)]
    ) {
        mean_within_bound_of_exact(&game)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn boards_with_stretches(game in sparse_game(2..=30_000)) {
        let long = SparseGame::of_game(&game);
        replay(&game, &long)?;
        moments_agree(&game, &long, CLOSE)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn boards_of_a_million_squares(game in sparse_game(900_000..=1_000_000)) {
        let long = SparseGame::of_game(&game);
        replay(&game, &long)?;
        moments_agree(&game, &long, CLOSE)?;
    }
}
