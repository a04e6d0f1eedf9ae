//! What every question is asked of: a board under its rules, checked once,
//! with each engine's game built when a question first needs it.

use std::sync::OnceLock;

use super::engine;
use super::error::Error;
use super::need::{DenseOnly, DenseWork};
use crate::board::{BoardSpec, MAX_SQUARES};
use crate::check::{self, Unplayable};
use crate::game::Game;
use crate::rules::Rules;
use crate::sparse::{MAX_SPARSE_JUMPS, SparseGame};

/// A board under its rules, checked once: what [`super::solve`],
/// [`super::expect`] and [`super::best_within`] are asked of, and what a
/// front end asks for the game of an analysis only the dense engine runs
/// ([`Subject::plain_game`]).
///
/// It holds the board as written, which is valid at any size (up to
/// [`crate::sparse::MAX_SPARSE_SQUARES`] squares), checked once
/// ([`check::written`], and under chaining by building the game of the
/// engine likelier to answer, for circles of jumps), and builds each
/// engine's game at most once, without checking the board again, when a
/// question first needs it: the dense engine's tables a square long
/// ([`Game`]), or the sparse engine's layout of the jumps
/// ([`SparseGame`]).
///
/// ```
/// use snl::limits::Control;
/// use snl::plan::{self, Engine, SolveQuery, Subject};
/// use snl::{BoardSpec, Jump, Rules};
///
/// // Seed example: 20 squares, ladders 2->19 and 12->15, a snake 9->2.
/// let spec = BoardSpec::of_jumps(20, [
///     Jump { from: 2, to: 19 },
///     Jump { from: 12, to: 15 },
///     Jump { from: 9, to: 2 },
/// ]);
/// let subject = Subject::new(spec, Rules::default())?;
/// let solved = plan::solve(&subject, &SolveQuery::default(), &Control::default())?;
/// assert_eq!(solved.min_rolls, Some(2));
/// assert_eq!(solved.engine, Engine::Dense);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Subject {
    spec: BoardSpec,
    rules: Rules,
    name: Option<String>,
    dense: OnceLock<Game>,
    sparse: OnceLock<SparseGame>,
}

impl Subject {
    /// The board `spec` under `rules`, checked.
    ///
    /// # Errors
    ///
    /// [`Unplayable`], with every error of the board as written (as
    /// [`check::playable_choosing`] lists them), or the circle its jumps
    /// make under chaining. Rules the dense engine alone plays (optional
    /// jumps) are not refused here, on a board of any length: the question
    /// that would need them is.
    pub fn new(spec: BoardSpec, rules: Rules) -> Result<Subject, Unplayable> {
        let subject = Subject {
            spec,
            rules,
            name: None,
            dense: OnceLock::new(),
            sparse: OnceLock::new(),
        };
        check::written(&subject.spec, &subject.rules)?;
        // A circle of chained jumps is found by building a game: the one of
        // the engine likelier to answer.
        if subject.rules.chain {
            if subject.likely_dense() {
                let game = check::dense_game(&subject.spec, subject.rules.clone())?;
                let _ = subject.dense.set(game);
            } else {
                let game = check::sparse_game(&subject.spec, subject.rules.clone())?;
                let _ = subject.sparse.set(game);
            }
        }
        Ok(subject)
    }

    /// The game `game`, as a subject: a board the library built (a designed
    /// one, a preset's), already checked.
    pub fn of_game(game: Game) -> Subject {
        let subject = Subject {
            spec: BoardSpec::from(game.board()),
            rules: game.rules().clone(),
            name: None,
            dense: OnceLock::new(),
            sparse: OnceLock::new(),
        };
        let _ = subject.dense.set(game);
        subject
    }

    /// The same subject, called `name` in answers.
    #[must_use]
    pub fn named(mut self, name: Option<String>) -> Subject {
        self.name = name;
        self
    }

    /// Whether the dense engine is sure to answer every question (the board
    /// is short for its jumps, the rules are ones only it plays), or the
    /// sparse engine cannot hold the board.
    fn likely_dense(&self) -> bool {
        let (squares, jumps) = (self.spec.squares, self.spec.jumps.len());
        squares <= MAX_SQUARES
            && (!self.rules.optional.is_none()
                || self.rules.bonus_limit().is_some()
                || jumps > MAX_SPARSE_JUMPS
                || engine::surely_dense_always(squares, jumps))
    }

    /// The board's name, if it has one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The number of squares; the last square is this number.
    pub fn squares(&self) -> u64 {
        self.spec.squares
    }

    /// The number of jumps.
    pub fn jump_count(&self) -> usize {
        self.spec.jumps.len()
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board as written.
    pub fn spec(&self) -> &BoardSpec {
        &self.spec
    }

    /// The game of the dense engine, for `work`, which only it does: built
    /// the first time it is asked for. Optional jumps are kept (see
    /// [`Subject::plain_game`] for an analysis that takes every jump).
    ///
    /// # Errors
    ///
    /// [`DenseOnly`], with `work`'s reason, on a board longer than the
    /// dense engine's tables hold.
    pub fn dense_game(&self, work: DenseWork) -> Result<&Game, Error> {
        if let Some(refused) = work.too_long(self.squares()) {
            return Err(refused.into());
        }
        Ok(self.dense())
    }

    /// [`Subject::dense_game`] for an analysis that takes every jump: a game
    /// whose jumps may be declined is refused with the code
    /// `optional-unplayed` (as [`check::playable`] refuses it).
    ///
    /// # Errors
    ///
    /// As [`Subject::dense_game`], and that refusal.
    pub fn plain_game(&self, work: DenseWork) -> Result<&Game, Error> {
        self.plain_game_by(|squares| work.too_long(squares))
    }

    /// [`Subject::plain_game`] for an analysis that words its refusal past
    /// the dense engine's tables itself (`too_long`, such as
    /// [`crate::race::too_long`]).
    ///
    /// # Errors
    ///
    /// As [`Subject::plain_game`].
    pub fn plain_game_by(
        &self,
        too_long: impl FnOnce(u64) -> Option<DenseOnly>,
    ) -> Result<&Game, Error> {
        if let Some(refused) = too_long(self.squares()) {
            return Err(refused.into());
        }
        self.refuse_optional()?;
        Ok(self.dense())
    }

    /// [`Subject::plain_game_by`], the game moved out of the subject.
    ///
    /// # Errors
    ///
    /// As [`Subject::plain_game`].
    pub fn into_plain_game_by(
        self,
        too_long: impl FnOnce(u64) -> Option<DenseOnly>,
    ) -> Result<Game, Error> {
        self.plain_game_by(too_long)?;
        Ok(self.dense.into_inner().expect("built above"))
    }

    /// The refusal of an analysis that takes every jump, where the rules
    /// let some be declined.
    fn refuse_optional(&self) -> Result<(), Error> {
        if self.rules.optional.is_none() {
            return Ok(());
        }
        Err(check::optional_unplayed(self.rules.optional).into())
    }

    /// The dense game of a board the dense engine holds, refused with
    /// `what` otherwise: for the questions of this module.
    pub(super) fn dense_for(&self, what: &str) -> Result<&Game, Error> {
        if self.squares() > MAX_SQUARES {
            return Err(DenseOnly {
                what: what.to_string(),
                squares: self.squares(),
            }
            .into());
        }
        Ok(self.dense())
    }

    /// The dense game, built on first use without checking the board again.
    ///
    /// # Panics
    ///
    /// On a board longer than [`MAX_SQUARES`]: callers refuse it first.
    fn dense(&self) -> &Game {
        self.dense.get_or_init(|| {
            assert!(self.squares() <= MAX_SQUARES, "the dense engine's tables");
            // Checked when the subject was made: the spec has no problems,
            // and its jumps make no circle under chaining.
            check::dense_game(&self.spec, self.rules.clone())
                .expect("the subject's board was checked")
        })
    }

    /// The dense game where it is built already.
    pub fn built_dense(&self) -> Option<&Game> {
        self.dense.get()
    }

    /// The sparse engine's game, built on first use without checking the
    /// board again: `None` where that engine cannot play it (optional
    /// jumps, which it takes every one of, or more jumps than it holds).
    pub(super) fn sparse(&self) -> Option<&SparseGame> {
        if !self.rules.optional.is_none() || self.jump_count() > MAX_SPARSE_JUMPS {
            return None;
        }
        Some(self.sparse.get_or_init(|| {
            check::sparse_game(&self.spec, self.rules.clone())
                .expect("the subject's board was checked")
        }))
    }

    /// The sparse engine's game, as [`Subject::sparse`], refused with the
    /// reason where it cannot play the subject.
    pub(super) fn sparse_for(&self) -> Result<&SparseGame, Error> {
        self.sparse().ok_or_else(|| {
            if self.rules.optional.is_none() {
                crate::sparse::SparseBoardError::TooManyJumps(self.jump_count()).into()
            } else {
                DenseOnly {
                    what: "playing optional jumps".to_string(),
                    squares: self.squares(),
                }
                .into()
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Jump;
    use crate::rules::Optional;

    fn spec(squares: u64, jumps: &[(u32, u32)]) -> BoardSpec {
        BoardSpec::of_jumps(squares, jumps.iter().map(|&(from, to)| Jump { from, to }))
    }

    /// The board is checked once, finding every error as the dense
    /// engine does; the games are built when a question needs them.
    #[test]
    fn the_board_is_checked_once_and_its_games_built_when_needed() {
        let wrong = spec(20, &[(3, 25), (4, 4), (7, 2), (7, 9)]);
        let dense = check::playable_choosing(&wrong, Rules::default()).unwrap_err();
        let refused = Subject::new(wrong, Rules::default()).unwrap_err();
        assert_eq!(refused, dense);
        assert_eq!(refused.errors.len(), 3);
        // No game is built until a question needs one.
        let few = Subject::new(spec(1_000_000, &[(3, 500)]), Rules::default()).unwrap();
        assert!(few.sparse.get().is_none() && few.built_dense().is_none());
        assert_eq!(few.dense().board().jump(3), Some(500));
        assert_eq!(few.sparse().unwrap().rest(3), 500);
        // Under chaining, the game of the engine likelier to answer is
        // built, for circles: the sparse one for few jumps on a long
        // board, the dense one for many.
        let chained = Rules {
            chain: true,
            ..Rules::default()
        };
        let few = Subject::new(spec(1_000_000, &[(3, 500)]), chained.clone()).unwrap();
        assert!(few.sparse.get().is_some() && few.built_dense().is_none());
        let jumps: Vec<(u32, u32)> = (2..40).map(|s| (s, s + 50)).collect();
        let many = Subject::new(spec(100, &jumps), chained).unwrap();
        assert!(many.built_dense().is_some() && many.sparse.get().is_none());
        // A circle under chaining, on either way.
        let chained = Rules {
            chain: true,
            ..Rules::default()
        };
        for squares in [100, 10_000_000] {
            let circle = Subject::new(spec(squares, &[(5, 20), (20, 5)]), chained.clone());
            assert_eq!(circle.unwrap_err().errors[0].code, "cycle", "{squares}");
        }
    }

    #[test]
    fn optional_jumps_are_played_by_the_dense_engine_alone() {
        let rules = Rules {
            optional: Optional::Snakes,
            ..Rules::default()
        };
        let subject = Subject::new(spec(1_000_000, &[(900, 3)]), rules.clone()).unwrap();
        assert!(subject.sparse().is_none());
        let err = subject.plain_game(DenseWork::Picture).unwrap_err();
        assert_eq!(
            err.unplayable().unwrap().errors[0].code,
            "optional-unplayed"
        );
        assert!(subject.dense_game(DenseWork::Picture).is_ok());
        let long = Subject::new(spec(1 << 40, &[(900, 3)]), rules).unwrap();
        let err = long.sparse_for().unwrap_err();
        assert!(
            err.to_string().starts_with("playing optional jumps needs"),
            "{err}"
        );
        let err = long.dense_game(DenseWork::Picture).unwrap_err();
        assert!(err.dense_only().is_some(), "{err}");
    }
}
