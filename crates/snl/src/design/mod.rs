//! Boards that play the way you want: a search for boards that meet
//! targets.
//!
//! People who make boards ask for a game of about so many rolls, not too
//! spread out, fair between the seats, with no trap; or for a board of
//! their own changed as little as possible so that games get shorter. A
//! [`Request`] says which boards may be drawn (a [`Space`]: the size and
//! rules, the ladders and snakes, pinned jumps, a board to tune) and what
//! they must do ([`Targets`]); [`search`] looks for boards that do it and
//! answers with a [`Design`].
//!
//! The search is a simulated annealing over boards, one or two jumps
//! changed a step, every figure exact (never simulated). The mean and
//! deviation of each candidate come from
//! [`markov::incremental`](crate::markov::incremental), a few dozen
//! products a candidate; the fewest rolls, the chance of a short game and
//! the race follow only for candidates that pass those. Every board it
//! returns is then measured again by the plain analyses ([`measure`]), and
//! returned only when those say it meets every target.
//!
//! The same request and seed give the same boards on every machine: the
//! search draws from [`SplitMix64`](crate::rng::SplitMix64) streams and
//! decides with floating-point arithmetic alone (no library function whose
//! last bit may differ between systems). Time only stops it: boards found
//! before the deadline are the same everywhere, while the closest board
//! after an unsuccessful search depends on how far it got.
//!
//! ```
//! use snl::design::{self, Request, Space, Targets};
//! use snl::random::Span;
//! use snl::Rules;
//!
//! let mut space = Space::new(30, Rules::default());
//! space.ladders = Span::exactly(2);
//! space.snakes = Span::exactly(2);
//! let targets = Targets { mean: Some("12..14".parse()?), no_trap: true, ..Targets::default() };
//! let request = Request { space, targets, seed: 7, count: 1 };
//! let found = design::search(&request, &Default::default(), &mut |_| {})?;
//! let board = &found.boards[0];
//! assert!(board.verdicts.iter().all(|v| v.met));
//! let mean = board.figures.mean.unwrap();
//! assert!((12.0..=14.0).contains(&mean));
//! assert_eq!(board.board.ladders().count(), 2);
//! // The same seed, the same board.
//! assert_eq!(design::search(&request, &Default::default(), &mut |_| {})?.boards[0].board, board.board);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod anneal;
mod error;
mod request;
mod space;
mod targets;

pub use error::DesignError;
pub use request::{
    Change, Design, Found, MAX_COUNT, Progress, Request, changes, check_count, estimate,
};
pub use space::{MAX_SQUARES, Space};
pub use targets::{
    Fair, Figures, Interval, IntervalError, Target, Targets, Verdict, Within, WithinError, measure,
    verdicts,
};

use crate::limits::Control;

/// The longest a search may be given, in seconds: 10^7, about 116 days.
/// Front ends refuse more (it is no search anyone waits for, and a
/// deadline so far off may not be a time the clock can hold).
pub const MAX_SECONDS: f64 = 1e7;

/// Searches for boards that meet `request`, until `request.count` distinct
/// ones are found or `ctl`'s token stops it (its deadline is the time the
/// search may take; the boards found are measured within a grace past it,
/// a tenth of the time, 0.2 to 2 s, and given up after). `progress` is
/// called every few thousand candidates.
///
/// # Errors
///
/// [`DesignError::Impossible`] when [`Request::problems`] finds some;
/// [`DesignError::Limit`] when the search's estimate is over the budget
/// (a deadline or a stop is not an error: the answer says where it got).
pub fn search(
    request: &Request,
    ctl: &Control,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Design, DesignError> {
    let problems = request.problems();
    if !problems.is_empty() {
        return Err(DesignError::Impossible(problems));
    }
    ctl.admit("the design search", estimate(request))
        .or_else(|e| if e.is_stop() { Ok(()) } else { Err(e) })?;
    anneal::run(request, ctl, progress)
}
