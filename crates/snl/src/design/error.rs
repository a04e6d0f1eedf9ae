//! Why a design search cannot be made, or failed.

use crate::game::GameError;
use crate::limits::LimitError;
use crate::markov::MarkovError;
use crate::race::RaceError;

/// A search that cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum DesignError {
    /// No board can meet the request, as can be seen before searching.
    #[error("no board can meet this request: {}", .0.join("; "))]
    Impossible(Vec<String>),
    /// The board given to tune cannot be played under the rules.
    #[error("the board to tune cannot be played: {0}")]
    Game(#[from] GameError),
    /// An analysis was refused, or ran out of memory.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// The mean of a board could not be worked out.
    #[error(transparent)]
    Markov(#[from] MarkovError),
    /// The race of a board could not be run.
    #[error(transparent)]
    Race(#[from] RaceError),
}
