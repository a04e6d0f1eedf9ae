//! Which engine answers a question: the dense one, with tables a square
//! long, or the sparse one, whose cost grows with the jumps.

use serde::{Deserialize, Serialize};

use super::admit::Analysis;
use crate::board::MAX_SQUARES;
use crate::limits::Control;
use crate::markov::{self, Measure};
use crate::shortest::Search;
use crate::sparse::{self, SparseError, SparseGame};

/// Which engine answers a question about a board: the fewest rolls and the
/// moments of the length have two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Engine {
    /// Tables a square long: [`crate::shortest`], [`crate::markov`].
    Dense,
    /// Squares kept one by one only near the jumps, stretches between
    /// crossed in one step: [`crate::sparse`].
    Sparse,
}

impl Engine {
    /// `dense` or `sparse`, as the JSON answers write it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Dense => "dense",
            Engine::Sparse => "sparse",
        }
    }
}

/// How many squares of the dense engines' tables the work of one square
/// the sparse engine keeps is worth, from the long benchmark (`cargo bench
/// -p snl --bench long`, which runs both engines on the scale benchmark's
/// board of 10^8 squares): a kept square takes a search step with a heap,
/// where a plain square takes a few bits of a word, and there the sparse
/// search, keeping 1.3·10^6 squares, takes about the dense one's time (40
/// leaves room for boards where it keeps more per jump).
const SPARSE_SEARCH_WEIGHT: f64 = 40.0;

/// The same for the moments. Both engines eliminate, the sparse one in
/// double-double precision; the dense one in `f64` where the variance
/// keeps its digits, which on boards of more than about 112,600 squares
/// it never does ([`crate::markov::moments`]), and in double-double
/// precision there too. A kept square costs more the more jumps span it:
/// on the 10^7-square board of `random_board 10000000 --jumps 10000
/// --length 1..40000 --seed 1` (20 jumps over each square) the sparse
/// moments took 0.95 s for 120,191 squares kept, 7.9 µs each, and the dense
/// ones 57.4 s, 5.7 µs a square. So past that size the sparse engine is
/// chosen where it keeps fewer than one square in 10. (Since a jump's end
/// alone in a stretch is one node, that board keeps 70,147 squares and its
/// `snl expect` takes 0.17 s; the board of `scripts/bench/expect-vs-scipy`, 10^6
/// squares and 10^4 jumps of up to 1,000, keeps 71,198, one in 14, and
/// takes 0.09 s, where the dense engine took 0.49 s.) On shorter boards,
/// where the dense engine's `f64` elimination is 15 times quicker, only
/// where it keeps fewer than one in 200.
const SPARSE_MOMENTS_WEIGHT: f64 = 10.0;
const SPARSE_MOMENTS_WEIGHT_F64: f64 = 200.0;

/// The squares past which the dense moments are solved in double-double
/// precision (see [`SPARSE_MOMENTS_WEIGHT`]): the most rows its `f64`
/// elimination takes.
const DENSE_MOMENTS_IN_DD: u64 = markov::F64_ROWS as u64;

/// The engine that answers `analysis` of a board (`game`, as the sparse
/// engine holds it): the sparse one on a board longer than the dense
/// engines' tables take ([`MAX_SQUARES`]), and where it is faster (it keeps
/// so few squares that their work is less than that of every square); the
/// dense one otherwise, and for every other analysis. The sparse engine
/// gives the mean and variance but not the distribution, so for
/// [`Measure::Stats`] it answers only boards the dense one cannot hold.
/// Both give the same answers: the same fewest rolls and sequence, the
/// same moments within the bounds the sparse engine states. The sparse
/// engine does not take a bonus limit; on a board the dense engine cannot
/// hold, it then refuses clearly.
pub(crate) fn engine(game: &SparseGame, analysis: Analysis) -> Engine {
    let Some(weight) = sparse_weight(analysis, game.goal()) else {
        return Engine::Dense;
    };
    if game.goal() > MAX_SQUARES {
        return Engine::Sparse;
    }
    if game.rules().bonus_limit().is_some() {
        return Engine::Dense;
    }
    let kept = match analysis {
        Analysis::Shortest(_) => sparse::shortest::kept_squares(game),
        _ => sparse::markov::kept_squares(game),
    };
    if kept as f64 * weight < game.goal() as f64 {
        Engine::Sparse
    } else {
        Engine::Dense
    }
}

/// How many squares of the dense engine a square the sparse engine keeps
/// is worth for `analysis` on a board of `goal` squares; `None` where the
/// dense engine answers whenever it holds the board.
fn sparse_weight(analysis: Analysis, goal: u64) -> Option<f64> {
    match analysis {
        Analysis::Shortest(Search::MinRolls | Search::Solve) => Some(SPARSE_SEARCH_WEIGHT),
        Analysis::Markov(Measure::Mean) if goal > DENSE_MOMENTS_IN_DD => {
            Some(SPARSE_MOMENTS_WEIGHT)
        }
        Analysis::Markov(Measure::Mean) => Some(SPARSE_MOMENTS_WEIGHT_F64),
        // The sparse engine gives the moments, not the distribution: only
        // where the dense one cannot hold the board.
        Analysis::Markov(Measure::Stats) if goal > MAX_SQUARES => Some(f64::INFINITY),
        _ => None,
    }
}

/// Whether [`engine`] answers `analysis` of a board of `squares` squares
/// with `jumps` jumps on the dense engine whatever the jumps are, so that
/// the board need not be laid out for the sparse engine to ask: the sparse
/// engine keeps at least the square each jump starts from, so with as many
/// jumps as a kept square is worth dense squares it is never chosen. On a
/// board of 10^7 squares and 500,000 jumps, laying it out (sorting the
/// jumps and merging their zones) took a fifth of `snl solve`'s time.
pub(crate) fn surely_dense(squares: u64, jumps: usize, analysis: Analysis) -> bool {
    squares <= MAX_SQUARES
        && sparse_weight(analysis, squares).is_none_or(|w| jumps as f64 * w >= squares as f64)
}

/// Whether [`surely_dense`] holds for both questions the sparse engine
/// answers, the fewest rolls and the moments: a subject of such a board is
/// checked by the dense engine, which will answer whatever is asked.
pub(crate) fn surely_dense_always(squares: u64, jumps: usize) -> bool {
    surely_dense(squares, jumps, Analysis::Shortest(Search::Solve))
        && surely_dense(squares, jumps, Analysis::Markov(Measure::Mean))
}

/// The engine for the statistics of the length as `expect` gives them:
/// the mean and variance, and the distribution where following it fits
/// the work allowed ([`markov::Follow::IfItFits`] under `ctl`'s budget).
/// The sparse engine gives no distribution, so on a board both engines
/// hold it answers only where [`engine`] sends the moments to it and the
/// distribution would not be followed anyway: where even a game of the
/// fewest rolls (fewer steps than the distribution is followed for) puts
/// it over the work allowed ([`ExpectEngine::over`] says so, for the
/// answer's note). Past the dense engine's size, always.
///
/// The fewest rolls are searched under `ctl`: a stop, a refusal or a
/// failed allocation is the answer's error, not a reason to choose.
pub(crate) fn expect_engine(game: &SparseGame, ctl: &Control) -> Result<ExpectEngine, SparseError> {
    let chosen = |engine| Ok(ExpectEngine { engine, over: None });
    if game.goal() > MAX_SQUARES {
        return chosen(Engine::Sparse);
    }
    // By turns the distribution's steps are not bounded by the rolls.
    if game.rules().bonus.is_some()
        || engine(game, Analysis::Markov(Measure::Mean)) == Engine::Dense
    {
        return chosen(Engine::Dense);
    }
    let Some(fewest) = sparse::shortest::min_rolls_with(game, ctl)? else {
        // No game ends: nothing to follow, the dense engine says so.
        return chosen(Engine::Dense);
    };
    let die = &game.rules().die;
    let work = markov::follow_work(
        game.goal() as f64 + 1.0,
        die.values().count() as f64,
        fewest as f64,
        true,
    );
    let allowed = markov::Follow::IfItFits.work(&ctl.budget);
    if work > allowed as f64 {
        Ok(ExpectEngine {
            engine: Engine::Sparse,
            over: Some(DistributionOver {
                min_rolls: fewest,
                work,
                allowed,
            }),
        })
    } else {
        chosen(Engine::Dense)
    }
}

/// The engine [`expect_engine`] chose, and why on a board both engines
/// hold.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct ExpectEngine {
    /// The engine for the statistics.
    pub engine: Engine,
    /// Where the sparse engine was chosen for a board the dense one holds:
    /// how far over the work allowed following the distribution would be.
    pub over: Option<DistributionOver>,
}

/// Why the distribution of a board's length is not followed, found before
/// any of it is: a game takes at least `min_rolls` rolls, and following the
/// distribution for that many steps is `work` state updates, over the
/// `allowed`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct DistributionOver {
    /// The fewest rolls from the start: the distribution has no chance
    /// before them.
    pub min_rolls: u64,
    /// The work of following it for that many steps, in state updates.
    pub work: f64,
    /// The work allowed ([`markov::Follow::work`]).
    pub allowed: u64,
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::limits::Budget;
    use crate::rules::Rules;
    use crate::sparse::SparseBoard;

    fn game(squares: u64, jumps: &[(u64, u64)]) -> SparseGame {
        SparseGame::new(
            SparseBoard::new(squares, jumps.iter().copied()).unwrap(),
            Rules::default(),
        )
        .unwrap()
    }

    #[test]
    fn long_boards_with_few_jumps_go_sparse() {
        let search = Analysis::Shortest(Search::Solve);
        assert_eq!(engine(&game(100, &[(3, 50)]), search), Engine::Dense);
        assert_eq!(
            engine(&game(100_000_000, &[(3, 50)]), search),
            Engine::Sparse
        );
        // Both sides of the bound occur: many jumps for their squares are
        // dense for sure, a few on a long board are left to the layout.
        assert!(surely_dense(1_000, 100, search));
        assert!(surely_dense(10_000_000, 500_000, search));
        assert!(!surely_dense(10_000_000, 10_000, search));
        assert!(!surely_dense(100_000_000, 1, search));
        assert!(!surely_dense(1 << 40, 10_000_000, search));
    }

    #[test]
    fn the_distribution_goes_dense_where_it_is_followed() {
        let ctl = Control::new(Budget::DEFAULT);
        let chosen = expect_engine(&game(100_000_000, &[(3, 50)]), &ctl).unwrap();
        assert_eq!(chosen.engine, Engine::Sparse);
        // The distribution would be followed for at least the fewest rolls.
        assert_eq!(chosen.over.unwrap().min_rolls, 16_666_660);
        // A board whose distribution is followed in a moment stays dense.
        let small = expect_engine(&game(1_000, &[(3, 50)]), &ctl).unwrap();
        assert_eq!(small.engine, Engine::Dense);
    }

    /// The choice searches under the caller's control: a stop is the
    /// answer's error, not a reason to choose the other engine.
    #[test]
    fn the_choice_stops_with_its_caller() {
        let ctl = Control::new(Budget::DEFAULT);
        ctl.cancel.cancel();
        let err = expect_engine(&game(100_000_000, &[(3, 50)]), &ctl).unwrap_err();
        assert_eq!(
            err,
            SparseError::Limit(crate::limits::LimitError::Cancelled)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// `surely_dense` is a bound the engine choice never crosses:
        /// where it says dense without laying the board out, `engine`
        /// (which lays it out) says dense too.
        #[test]
        fn surely_dense_is_what_the_engine_choice_says(
            squares in prop_oneof![2u64..=60, 2u64..=30_000],
            seeds in proptest::collection::vec((any::<u64>(), any::<u64>()), 0..40),
        ) {
            let mut jumps: Vec<(u64, u64)> = Vec::new();
            for (a, b) in seeds {
                let from = 2 + a % (squares - 1).max(1);
                let to = 1 + b % squares;
                if from < squares && from != to && jumps.iter().all(|j| j.0 != from) {
                    jumps.push((from, to));
                }
            }
            let Ok(board) = SparseBoard::new(squares, jumps.iter().copied()) else {
                return Ok(());
            };
            let game = SparseGame::new(board, Rules::default()).unwrap();
            for analysis in [
                Analysis::Shortest(Search::Solve),
                Analysis::Shortest(Search::MinRolls),
                Analysis::Markov(Measure::Mean),
                Analysis::Markov(Measure::Stats),
            ] {
                if surely_dense(squares, jumps.len(), analysis) {
                    prop_assert_eq!(engine(&game, analysis), Engine::Dense, "{:?}", analysis);
                }
            }
        }
    }
}
