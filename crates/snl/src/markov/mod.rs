//! Games with a real die: the exact statistics of the game length.
//!
//! A game is an absorbing Markov chain. Its states are the pawn's position
//! and, under the bonus rule, how many top values it has rolled in a row in
//! the current turn; its transitions are the faces of the die, applied by
//! [`Game::play`](crate::Game::play), so every rule means here what it means
//! in the search and the simulation.
//!
//! - [`stats`] and [`turn_stats`]: mean, variance and the whole distribution
//!   of the number of rolls (or turns), and the chance of never finishing.
//! - [`distribution()`], [`turn_distribution`], [`distribution_with`]: the
//!   distribution alone, from any position; [`LengthOptions`] say whether
//!   to count rolls or turns and how far to follow it ([`Follow`]).
//! - [`expected_rolls`], [`expected_turns`]: the mean alone, fast on boards
//!   of millions of squares; [`moments`]: the mean, the variance and the
//!   chance of never finishing, without the distribution.
//! - [`exact_mean`]: the mean as an exact fraction, for boards of up to
//!   [`exact::MAX_EXACT_STATES`] states unless told otherwise
//!   ([`ExactOptions`]).
//! - [`can_get_stuck`]: whether a pawn can reach a square it never leaves
//!   for the last one.
//! - [`visits()`]: how often the pawn lands on, and rests on, each square.
//! - [`impact()`]: how much each jump changes the mean.
//! - [`equation`]: the first-step equation of one square, with its values.
//! - [`rolls`]: the game roll by roll, the chance of every square after
//!   each roll, for learners.
//! - [`target`]: the rolls until the pawn first rests on one of a chosen
//!   set of squares, and the chance that it ever does.
//! - [`matrix`]: the chain itself, for people who work with matrices: the
//!   transition matrix ([`transition_matrix`], sparse, with its states
//!   numbered as here) and the fundamental matrix `(I − Q)⁻¹`
//!   ([`fundamental_matrix`], on boards small enough).
//! - [`incremental`]: the mean and variance kept up to date while jumps
//!   change, a few products a candidate board, for searches over boards.
//! - [`reference`](mod@reference): plain textbook solvers, kept to check the fast one.
//! - [`estimate`]: what each of these will cost, from the sizes alone.
//!
//! Means and variances come from solving linear systems, not from the
//! distribution. The unknowns are eliminated from the last square down,
//! carrying along only the squares that snakes, bounces and the bonus limit
//! lead back to, so the work is linear in the board when jumps are of
//! moderate length. When very many long snakes are open at once, the work
//! would grow with their number squared; above a budget Gauss–Seidel sweeps
//! take over, with a convergence check that reports failure rather than a
//! wrong number. The distribution is computed separately, by carrying the
//! chance of every state forward roll by roll.
//!
//! ```
//! use snl::{Board, Game, Jump, Rules};
//!
//! let board = Board::new(10, [Jump { from: 4, to: 9 }, Jump { from: 8, to: 2 }])?;
//! let game = Game::new(board, Rules::default())?;
//! let s = snl::markov::stats(&game)?;
//! let mean = s.mean.expect("this game always ends");
//! assert!((mean - s.distribution.resolved_mean().unwrap()).abs() < 1e-9);
//! assert_eq!(s.never_finishes, 0.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod active;
mod chain;
mod cost;
pub(crate) use cost::follow_work;
pub(crate) use moments::F64_ROWS;
pub(crate) mod dd;
pub mod distribution;
pub mod equation;
mod error;
pub mod exact;
mod fraction;
pub(crate) mod front;
pub mod impact;
pub mod incremental;
mod landing;
pub mod matrix;
mod moments;
pub mod reference;
pub mod rolls;
mod scalar;
pub(crate) mod solve;
mod stats;
mod tail;
pub mod target;
pub mod visits;

pub use cost::{FOLLOW_WORK, Measure, estimate};
pub use distribution::{
    Distribution, Follow, GEOMETRIC_STD_DEVS, LengthOptions, TAIL, TAIL_STD_DEVS, distribution,
    distribution_cost, distribution_with, turn_distribution,
};
pub use error::{ExactTooLarge, MarkovError};
pub use exact::{ExactOptions, exact_mean, exact_mean_with, exact_turn_mean};
pub use impact::{JumpImpact, impact, impact_with};
pub use matrix::{
    FundamentalError, FundamentalMatrix, TransitionMatrix, fundamental_matrix,
    fundamental_matrix_with, transition_matrix, transition_matrix_with,
};
pub use moments::{
    Moments, can_get_stuck, can_get_stuck_with, expected_rolls, expected_rolls_with,
    expected_turns, expected_turns_with, moments, moments_with, never_finishes,
    never_finishes_with,
};
pub use solve::DIRECT_WORK_UNBUDGETED;
pub use stats::{Skipped, Stats, stats, stats_from, stats_with, turn_stats};
pub use visits::{Visits, visits, visits_with};
