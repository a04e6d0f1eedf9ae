//! Why the best play could not be found, and the limits it names.

use crate::limits::LimitError;
use crate::markov::{ExactTooLarge, MarkovError};

/// The most dice a player may pick from.
pub const MAX_DICE: usize = 16;

/// The most rounds of policy iteration before [`ChoiceError::NotConverged`];
/// a few are the rule, each a linear solve.
pub const MAX_ROUNDS: u32 = 200;

/// Why the best play could not be found.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ChoiceError {
    /// More dice than [`MAX_DICE`].
    #[error("a player may pick from at most {MAX_DICE} dice, not {0}")]
    TooManyDice(usize),
    /// Policy iteration did not settle.
    #[error(
        "the best play did not settle within {MAX_ROUNDS} rounds of policy iteration; the board's choices are too close to tell apart in floating point"
    )]
    NotConverged,
    /// The game is too large for the exact mean.
    #[error(transparent)]
    TooLarge(#[from] ExactTooLarge),
    /// A linear solve failed (see [`MarkovError`]).
    #[error(transparent)]
    Markov(MarkovError),
    /// The analysis was refused, stopped, or ran out of memory.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

impl From<MarkovError> for ChoiceError {
    fn from(e: MarkovError) -> ChoiceError {
        match e {
            MarkovError::Limit(l) => ChoiceError::Limit(l),
            MarkovError::TooLarge(t) => ChoiceError::TooLarge(t),
            other => ChoiceError::Markov(other),
        }
    }
}
