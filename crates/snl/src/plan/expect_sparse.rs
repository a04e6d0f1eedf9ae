//! `snl expect` on a board read for the sparse engine: the engine
//! [`expect_engine`] chooses and, where it is the sparse one, that engine's
//! answer.
//!
//! Choosing takes the fewest-rolls search (a game of the fewest rolls says
//! whether the distribution could be followed), and the answer takes the
//! mean and variance as well: two passes over the board that need nothing
//! of each other. On a board of 10^6 squares and 10^4 jumps the search was
//! a quarter of `snl expect`'s time and the moments two thirds, one after
//! the other. So the moments start on a second thread as the search
//! begins, on a token of their own ([`Cancel::child`]) that is set when
//! the choice falls on the dense engine after all.

use super::{Engine, ExpectEngine, Measure, engine, expect_engine};
use crate::board::MAX_SQUARES;
use crate::limits::{Cancel, Control};
use crate::sparse::{self, SparseError, SparseGame};

/// What [`expect_long`] found.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct LongExpect {
    /// The engine for the statistics, as [`expect_engine`] chooses it.
    pub chosen: ExpectEngine,
    /// Where that is the sparse engine and the game has no bonus rule
    /// (which the sparse engine does not count by turns): the mean and
    /// variance, and the fewest rolls (`None` when the last square cannot
    /// be reached).
    pub answer: Option<(sparse::markov::Moments, Option<u64>)>,
}

/// [`expect_engine`] under `ctl`'s budget and, where it chooses the sparse
/// engine for a game without a bonus rule,
/// [`sparse::markov::moments_with`] and [`sparse::shortest::min_rolls_with`]:
/// the same figures as calling them one after the other, found on two
/// threads when the memory of both at once fits the budget (one after the
/// other otherwise, and in WebAssembly).
///
/// ```
/// use snl::limits::Control;
/// use snl::sparse::{SparseBoard, SparseGame};
/// use snl::plan::{self, Engine};
/// use snl::Rules;
///
/// let long = SparseGame::new(SparseBoard::new(100_000_000, [(3, 50)])?, Rules::default())?;
/// let found = plan::expect_sparse::expect_long(&long, &Control::default())?;
/// assert_eq!(found.chosen.engine, Engine::Sparse);
/// let (moments, fewest) = found.answer.unwrap();
/// assert_eq!(fewest, Some(16_666_660));
/// assert!(moments.mean.unwrap() > 16_666_660.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`sparse::markov::moments_with`], then as
/// [`sparse::shortest::min_rolls_with`].
pub fn expect_long(game: &SparseGame, ctl: &Control) -> Result<LongExpect, SparseError> {
    let answers = game.rules().bonus.is_none();
    // Where the dense engine is chosen without a search, nothing is
    // started on speculation.
    let likely = answers
        && (game.goal() > MAX_SQUARES
            || engine(game, super::Analysis::Markov(Measure::Mean)) == Engine::Sparse);
    // Each estimate lays the board out: only asked where the threads would
    // start. A browser's WebAssembly has no threads to start.
    let both = || sparse::shortest::estimate(game).and(sparse::markov::estimate(game));
    if !likely || cfg!(target_family = "wasm") || !both().fits(&ctl.budget) {
        let chosen = expect_engine(game, &ctl.budget);
        if chosen.engine != Engine::Sparse || !answers {
            return Ok(LongExpect {
                chosen,
                answer: None,
            });
        }
        let moments = sparse::markov::moments_with(game, ctl)?;
        let fewest = fewest_rolls(game, &chosen, ctl)?;
        return Ok(LongExpect {
            chosen,
            answer: Some((moments, fewest)),
        });
    }
    let guess = Control {
        cancel: Cancel::child(&ctl.cancel),
        budget: ctl.budget,
    };
    std::thread::scope(|scope| {
        let moments = scope.spawn(|| sparse::markov::moments_with(game, &guess));
        let chosen = expect_engine(game, &ctl.budget);
        let fewest = if chosen.engine == Engine::Sparse {
            Some(fewest_rolls(game, &chosen, ctl))
        } else {
            guess.cancel.cancel();
            None
        };
        let moments = match moments.join() {
            Ok(moments) => moments,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        let answer = match fewest {
            Some(fewest) => Some((moments?, fewest?)),
            // Stopped on purpose, or refused: either way not wanted.
            None => None,
        };
        Ok(LongExpect { chosen, answer })
    })
}

/// The fewest rolls: found already where the engine was chosen for the
/// cost of the distribution, searched otherwise.
fn fewest_rolls(
    game: &SparseGame,
    chosen: &ExpectEngine,
    ctl: &Control,
) -> Result<Option<u64>, SparseError> {
    match chosen.over {
        Some(over) => Ok(Some(over.min_rolls)),
        None => sparse::shortest::min_rolls_with(game, ctl),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::{Budget, LimitError};
    use crate::rules::{Bonus, Rules};
    use crate::sparse::SparseBoard;

    fn game(squares: u64, jumps: &[(u64, u64)], rules: Rules) -> SparseGame {
        SparseGame::new(
            SparseBoard::new(squares, jumps.iter().copied()).unwrap(),
            rules,
        )
        .unwrap()
    }

    /// The answer is what the analyses give one after the other, on boards
    /// of each engine, with and without room for both at once.
    #[test]
    fn the_answer_is_the_analyses_in_turn() {
        let boards = [
            game(100, &[(3, 50), (60, 2)], Rules::default()),
            game(2_000_000, &[(3, 5_000), (1_500_000, 40)], Rules::default()),
            // The search finds a game short enough to follow: dense.
            game(2_000_000, &[(3, 1_999_990)], Rules::default()),
            game(MAX_SQUARES + 10, &[(7, 900_000_000)], Rules::default()),
            game(
                2_000_000,
                &[(3, 5_000)],
                Rules {
                    bonus: Some(Bonus::unlimited()),
                    ..Rules::default()
                },
            ),
            game(
                MAX_SQUARES + 10,
                &[(3, 5_000)],
                Rules {
                    bonus: Some(Bonus::unlimited()),
                    ..Rules::default()
                },
            ),
        ];
        let budgets = [
            Budget::UNLIMITED,
            Budget::DEFAULT,
            Budget {
                memory: 1 << 16,
                work: u64::MAX,
            },
        ];
        for (i, g) in boards.iter().enumerate() {
            for budget in budgets {
                let ctl = Control::new(budget);
                let chosen = expect_engine(g, &budget);
                let found = expect_long(g, &ctl);
                let sparse = chosen.engine == Engine::Sparse && g.rules().bonus.is_none();
                if !sparse {
                    let found = found.unwrap();
                    assert_eq!((found.chosen, found.answer), (chosen, None), "board {i}");
                    continue;
                }
                let alone = sparse::markov::moments_with(g, &ctl)
                    .and_then(|m| Ok((m, fewest_rolls(g, &chosen, &ctl)?)));
                match (found, alone) {
                    (Ok(found), Ok(alone)) => {
                        assert_eq!(
                            (found.chosen, found.answer),
                            (chosen, Some(alone)),
                            "board {i}"
                        );
                    }
                    (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "board {i}"),
                    (a, b) => panic!("board {i}: {a:?} against {b:?}"),
                }
            }
        }
    }

    /// A stop from the caller stops the moments on the second thread too.
    #[test]
    fn a_cancel_from_the_caller_stops_both() {
        let g = game(100_000_000, &[(3, 50)], Rules::default());
        let ctl = Control::default();
        ctl.cancel.cancel();
        let err = expect_long(&g, &ctl).unwrap_err();
        assert!(
            matches!(err, SparseError::Limit(LimitError::Cancelled)),
            "{err:?}"
        );
    }
}
