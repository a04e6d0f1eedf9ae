//! What the Markov analyses answer when they cannot give a number.

use crate::limits::{Estimate, LimitError};

/// A game-length question the solver could not answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MarkovError {
    /// The board was too costly to solve directly, and the iterative solver
    /// did not reach full precision within its budget.
    #[error(
        "the iterative solver did not converge within its budget (estimated error {}); the board has many long snakes open at once and very long games{}",
        .error.map_or_else(|| "unknown".to_string(), |e| format!("{e:.3e}")),
        .direct.map_or_else(String::new, |d| format!(", and solving it directly would take {d}"))
    )]
    NotConverged {
        /// The estimated error of the last iterate, when it could be
        /// estimated.
        error: Option<f64>,
        /// What the direct solver would have needed, when the budget was
        /// too small for it.
        direct: Option<Estimate>,
    },
    /// The expected number of rolls is too large for floating point: the
    /// game practically never ends.
    #[error(
        "the expected number of {unit} is beyond 1.8e308, too large for floating point: on this board a game practically never ends"
    )]
    Overflow {
        /// `rolls` or `turns`.
        unit: &'static str,
    },
    /// The answer came out of floating point with no digit to trust: the
    /// board's chances are so far apart that the solve lost them all (an
    /// expected count came out negative).
    #[error(
        "{what} cannot be computed accurately in floating point on this board: its chances are too far apart and its games too long; the mean and the exact mean are still right"
    )]
    Inaccurate {
        /// The answer, as a noun phrase.
        what: &'static str,
    },
    /// The game has more chain states than the exact mean is asked to
    /// take (see [`ExactOptions`](super::ExactOptions)).
    #[error(transparent)]
    TooLarge(#[from] ExactTooLarge),
    /// The analysis was refused, stopped, or ran out of memory.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// The board is too large for exact arithmetic.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the exact mean is limited to {limit} chain states (positions 0 to the last square, times the bonus limit); this game has {states}; use the floating-point mean"
)]
pub struct ExactTooLarge {
    /// The chain states of this game.
    pub states: usize,
    /// The limit asked for ([`MAX_EXACT_STATES`](super::exact::MAX_EXACT_STATES)
    /// unless told otherwise).
    pub limit: usize,
}
