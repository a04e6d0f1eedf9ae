//! The primitives every analysis shares: budgets, estimates, stopping
//! long work, and tables allocated without aborting.
//!
//! Every analysis in snl is exact, and some grow fast with the board: the
//! duel with the square of the squares, the exact mean with the digits of
//! its fractions, the distribution of the game length with how long games
//! last. A front end that serves other people (a command line, a web server,
//! a notebook) must not find that out by running out of memory or time.
//! This module holds what every analysis needs for that, and knows no
//! analysis: it imports nothing from the rest of the crate.
//!
//! - [`Estimate`]: the memory and work an analysis will take. Each analysis
//!   works out its own from the sizes alone, before anything is allocated,
//!   next to the tables it describes ([`crate::shortest::estimate`],
//!   [`crate::markov::estimate`], [`crate::board::cost`], ...), and
//!   [`crate::plan`] gathers them.
//! - [`Budget`]: the most memory and work a caller allows.
//!   [`Estimate::check`] refuses an estimate over it, with a message that
//!   names the analysis, the need and the budget.
//! - [`Cancel`]: a cheap token, cloned freely across threads, that every
//!   long loop checks. Ctrl-C, a request's deadline or a Python
//!   `KeyboardInterrupt` sets it, and the work stops cleanly. A [`Meter`]
//!   counts a loop's work and looks at the token now and then.
//! - [`LimitError`]: why an analysis did not run, or stopped; [`bytes`] and
//!   [`duration`] put its figures in words.
//! - [`vec_of`] and [`with_capacity`]: tables allocated fallibly, so that a
//!   failure is an error rather than an abort; [`vec_of_with`] and
//!   [`collect_with`] fill them a [`FILL_CHUNK`] at a time, looking at the
//!   token between chunks.
//!
//! A [`Control`] carries a token and a budget into the `_with` functions of
//! the analyses ([`crate::shortest::solve_with`],
//! [`crate::markov::stats_with`], [`crate::race::race_with`],
//! [`crate::duel::duel_with`], [`crate::simulate::run_with`], ...). Each
//! one checks its estimate first, refines it once it knows the board's
//! shape (how many snakes are open at once, say) and refuses before the
//! costly part; then it runs, checking the token. The functions without
//! `_with` keep their simple signatures: they run under [`Budget::UNLIMITED`]
//! and cannot be stopped, but they too allocate their large tables fallibly
//! and report a failure as an error rather than aborting.
//!
//! When the token is set, an analysis returns [`LimitError::Cancelled`] (or
//! [`LimitError::Deadline`]), except where its answer already says how far
//! it got: a [`Distribution`](crate::markov::Distribution) keeps its
//! `unresolved` chance, and a
//! [`Simulation`](crate::simulate::Simulation) the games played so far.
//!
//! ```
//! use snl::limits::{Budget, Control, Estimate, LimitError};
//!
//! let budget = Budget::from_limits(Some(1.0), Some(1 << 30))?;
//! // Half a gigabyte and a second of work fit; two seconds do not.
//! assert!(Estimate::new(1 << 29, 1_000_000_000).check("the duel", &budget).is_ok());
//! let slow = Estimate::new(0, 2_000_000_000).check("the duel", &budget);
//! assert_eq!(
//!     slow.unwrap_err().to_string(),
//!     "the duel would take about 2.0 seconds of work, more than the budget of 1.0 seconds"
//! );
//!
//! let ctl = Control::new(budget);
//! ctl.cancel.cancel(); // as Ctrl-C would
//! assert_eq!(ctl.cancel.check(), Err(LimitError::Cancelled));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// The clock deadlines are read on: std's [`std::time::Instant`] itself on
/// every target that has a clock, and on `wasm32-unknown-unknown` (a
/// browser, a Web Worker, Node), where std's panics, the same interface
/// over the page's monotonic clock (`performance.now()`).
pub use web_time::Instant;

/// Work units per second of one core, for turning an estimate into time.
///
/// A unit of work is one step of an analysis's inner loop (one face of the
/// die applied to one state, one multiply-add of an elimination), which
/// each estimate weighs so that a unit takes about a nanosecond on one core
/// of a current machine. The figure is for messages ("about 2 minutes"),
/// not a promise.
pub const WORK_PER_SECOND: f64 = 1e9;

/// How many units of work a loop may do between two looks at its
/// [`Cancel`] token: about a millisecond.
pub const CHECK_EVERY: u64 = 1 << 20;

/// The most memory and work an analysis may take.
///
/// `memory` is in bytes, `work` in units of [`WORK_PER_SECOND`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The most memory, in bytes, an analysis may hold at once.
    pub memory: u64,
    /// The most work, in units of about a nanosecond.
    pub work: u64,
}

impl Budget {
    /// No limit: what the functions without `_with` run under.
    pub const UNLIMITED: Budget = Budget {
        memory: u64::MAX,
        work: u64::MAX,
    };

    /// The budget the `snl` command uses unless told to insist: 4 GiB and
    /// about a minute of one core.
    pub const DEFAULT: Budget = Budget {
        memory: 4 << 30,
        work: 60_000_000_000,
    };

    /// A budget of `seconds` of work of one core (see [`WORK_PER_SECOND`])
    /// and `bytes` of memory; `None` leaves that count without a limit. A
    /// budget too large to count is no limit, never a wrapped-around small
    /// one: the conversions saturate.
    ///
    /// # Errors
    ///
    /// [`BadSeconds`] for a time that is negative, infinite or not a number.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::limits::Budget;
    ///
    /// assert_eq!(Budget::from_limits(Some(60.0), Some(4 << 30))?, Budget::DEFAULT);
    /// assert_eq!(Budget::from_limits(None, None)?, Budget::UNLIMITED);
    /// assert!(Budget::from_limits(Some(-1.0), None).is_err());
    /// # Ok::<(), snl::limits::BadSeconds>(())
    /// ```
    pub fn from_limits(seconds: Option<f64>, bytes: Option<u64>) -> Result<Budget, BadSeconds> {
        let work = match seconds {
            None => u64::MAX,
            // `as` saturates: a huge budget is no limit.
            Some(s) if s.is_finite() && s >= 0.0 => (s * WORK_PER_SECOND) as u64,
            Some(s) => return Err(BadSeconds(s)),
        };
        Ok(Budget {
            memory: bytes.unwrap_or(u64::MAX),
            work,
        })
    }

    /// The work allowed, in seconds of one core; `None` for no limit.
    pub fn seconds(&self) -> Option<f64> {
        (self.work != u64::MAX).then(|| self.work as f64 / WORK_PER_SECOND)
    }

    /// The memory allowed, in bytes; `None` for no limit.
    pub fn bytes(&self) -> Option<u64> {
        (self.memory != u64::MAX).then_some(self.memory)
    }

    /// Whether this budget has no limit on either count.
    pub fn is_unlimited(&self) -> bool {
        *self == Budget::UNLIMITED
    }

    /// `Ok` when `memory` bytes for `what` fit this budget.
    ///
    /// # Errors
    ///
    /// [`LimitError::Memory`] otherwise.
    pub fn memory_check(&self, what: &'static str, memory: u64) -> Result<(), LimitError> {
        Estimate::new(memory, 0).check(what, self)
    }
}

/// A time for a [`Budget`] that is not a number of seconds, 0 or more.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("a budget of time is a number of seconds, 0 or more, not {0}")]
pub struct BadSeconds(pub f64);

/// What an analysis will take: the most memory it holds at once, and its
/// work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Estimate {
    /// Bytes held at once, at the peak.
    pub memory: u64,
    /// Units of work (see [`WORK_PER_SECOND`]).
    pub work: u64,
}

impl Estimate {
    /// An estimate of `memory` bytes and `work` units.
    pub fn new(memory: u64, work: u64) -> Estimate {
        Estimate { memory, work }
    }

    /// An estimate from floating-point counts, which may be astronomically
    /// large before they are compared with a budget; they saturate at
    /// `u64::MAX`.
    pub fn from_f64(memory: f64, work: f64) -> Estimate {
        Estimate {
            memory: saturate(memory),
            work: saturate(work),
        }
    }

    /// The work in seconds of one core, roughly.
    pub fn seconds(&self) -> f64 {
        self.work as f64 / WORK_PER_SECOND
    }

    /// Two analyses one after the other: the larger peak, the sum of work.
    #[must_use]
    pub fn then(self, next: Estimate) -> Estimate {
        Estimate {
            memory: self.memory.max(next.memory),
            work: self.work.saturating_add(next.work),
        }
    }

    /// Two analyses whose memory is held at once: the sums.
    #[must_use]
    pub fn and(self, other: Estimate) -> Estimate {
        Estimate {
            memory: self.memory.saturating_add(other.memory),
            work: self.work.saturating_add(other.work),
        }
    }

    /// `times` runs one after the other.
    #[must_use]
    pub fn repeat(self, times: u64) -> Estimate {
        Estimate {
            memory: self.memory,
            work: self.work.saturating_mul(times),
        }
    }

    /// Whether this fits `budget`.
    pub fn fits(&self, budget: &Budget) -> bool {
        self.memory <= budget.memory && self.work <= budget.work
    }

    /// `Ok` when this fits `budget`; otherwise the error that says what
    /// `what` (a noun phrase such as "the exact mean") needs and what the
    /// budget allows.
    ///
    /// # Errors
    ///
    /// [`LimitError::Memory`] or [`LimitError::Work`], memory first.
    pub fn check(&self, what: &'static str, budget: &Budget) -> Result<(), LimitError> {
        if self.memory > budget.memory {
            return Err(LimitError::Memory {
                what,
                need: self.memory,
                budget: budget.memory,
            });
        }
        if self.work > budget.work {
            return Err(LimitError::Work {
                what,
                need: self.work,
                budget: budget.work,
            });
        }
        Ok(())
    }
}

pub(crate) fn saturate(x: f64) -> u64 {
    if x.is_nan() || x <= 0.0 {
        0
    } else if x >= u64::MAX as f64 {
        u64::MAX
    } else {
        x.ceil() as u64
    }
}

/// A request to stop, shared by every clone: a flag, and optionally a
/// deadline.
///
/// Cloning is cheap (one reference count) and every clone sees
/// [`Cancel::cancel`] from any thread. [`Cancel::with_deadline`] makes a
/// token that shares the flag and also stops at a time, for a request
/// inside a server that can also be shut down as a whole.
#[derive(Debug, Clone, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    /// The flag of the token this one was made from by [`Cancel::child`],
    /// which stops it too (and so on up).
    outer: Option<Arc<Cancel>>,
    deadline: Option<Instant>,
    /// The work analyses on the token have recorded, for progress.
    work: Arc<AtomicU64>,
}

impl Cancel {
    /// A token that is not set and has no deadline.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// A token sharing this one's flag that also stops at `deadline` (or at
    /// this one's deadline, if that is earlier).
    #[must_use]
    pub fn with_deadline(&self, deadline: Instant) -> Cancel {
        Cancel {
            flag: Arc::clone(&self.flag),
            outer: self.outer.clone(),
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
            work: Arc::clone(&self.work),
        }
    }

    /// A token with a flag of its own that also stops when this one does
    /// (its flag, its deadline), and records its work here: for work
    /// started on speculation, that its starter stops without stopping
    /// the rest.
    #[must_use]
    pub fn child(&self) -> Cancel {
        Cancel {
            flag: Arc::default(),
            outer: Some(Arc::new(self.clone())),
            deadline: self.deadline,
            work: Arc::clone(&self.work),
        }
    }

    /// A token sharing this one's flag that also stops `timeout` from now.
    #[must_use]
    pub fn with_timeout(&self, timeout: Duration) -> Cancel {
        match Instant::now().checked_add(timeout) {
            Some(deadline) => self.with_deadline(deadline),
            None => self.clone(),
        }
    }

    /// Asks every holder of the flag to stop.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// The deadline, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether work should stop: the flag is set or the deadline has
    /// passed.
    pub fn is_cancelled(&self) -> bool {
        self.check().is_err()
    }

    /// `Ok` while work may go on.
    ///
    /// # Errors
    ///
    /// [`LimitError::Cancelled`] once the flag is set;
    /// [`LimitError::Deadline`] once the deadline has passed.
    pub fn check(&self) -> Result<(), LimitError> {
        if self.flag.load(Ordering::Relaxed) {
            return Err(LimitError::Cancelled);
        }
        if let Some(outer) = &self.outer {
            outer.check()?;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(LimitError::Deadline);
        }
        Ok(())
    }

    /// [`Cancel::check`] once a chunk in a pass over a table a square
    /// long: at item `i` (counted from 0) when it ends a chunk of
    /// [`FILL_CHUNK`] items, `Ok` at once otherwise. A pass over fewer
    /// items never looks, as a [`Meter`] does not before [`CHECK_EVERY`]
    /// units.
    ///
    /// # Errors
    ///
    /// As [`Cancel::check`].
    #[inline]
    pub fn check_chunk(&self, i: usize) -> Result<(), LimitError> {
        if i % FILL_CHUNK == FILL_CHUNK - 1 {
            self.check()
        } else {
            Ok(())
        }
    }

    /// Records `work` units done, as the analyses running on the token do
    /// each time they check it ([`Meter`] every [`CHECK_EVERY`] units).
    pub fn record(&self, work: u64) {
        self.work.fetch_add(work, Ordering::Relaxed);
    }

    /// The work the analyses on this token (and the tokens sharing its
    /// flag) have recorded so far, behind by at most [`CHECK_EVERY`] units
    /// each: what a progress bar shows against an analysis's estimate
    /// (such as [`crate::markov::distribution_cost`]).
    pub fn work_done(&self) -> u64 {
        self.work.load(Ordering::Relaxed)
    }
}

/// A token and a budget: how far an analysis may go.
///
/// `Control::default()` is what the functions without `_with` use: an
/// unlimited budget and a token nobody sets.
#[derive(Debug, Clone)]
pub struct Control {
    /// The token long loops check.
    pub cancel: Cancel,
    /// The most memory and work allowed.
    pub budget: Budget,
}

impl Default for Control {
    fn default() -> Control {
        Control::new(Budget::UNLIMITED)
    }
}

impl Control {
    /// A fresh token and `budget`.
    pub fn new(budget: Budget) -> Control {
        Control {
            cancel: Cancel::new(),
            budget,
        }
    }

    /// `estimate.check(what, &self.budget)`, then the token: the check an
    /// analysis makes before its costly part.
    ///
    /// # Errors
    ///
    /// As [`Estimate::check`] and [`Cancel::check`].
    pub fn admit(&self, what: &'static str, estimate: Estimate) -> Result<(), LimitError> {
        estimate.check(what, &self.budget)?;
        self.cancel.check()
    }

    /// [`Control::admit`] with the estimate worked out only when the budget
    /// has a limit (some estimates cost a search of their own).
    pub(crate) fn admit_by(
        &self,
        what: &'static str,
        estimate: impl FnOnce() -> Estimate,
    ) -> Result<(), LimitError> {
        if !self.budget.is_unlimited() {
            estimate().check(what, &self.budget)?;
        }
        self.cancel.check()
    }

    /// A meter for a loop of this control's token, without a work limit.
    pub fn meter(&self) -> Meter<'_> {
        Meter::new(&self.cancel)
    }

    /// Runs `analysis`, whose cost cannot be told well in advance, under
    /// this control with a deadline when the budget's time runs out (a
    /// budget's work taken as that many seconds, see [`WORK_PER_SECOND`]):
    /// stopped there, it fails with [`LimitError::Overran`] naming `what`.
    /// Without a budget it runs as it is.
    ///
    /// # Errors
    ///
    /// What `analysis` returns, and [`LimitError::Overran`].
    pub fn timed<T, E: From<LimitError>>(
        &self,
        what: &'static str,
        analysis: impl FnOnce(&Control) -> Result<T, E>,
    ) -> Result<T, E> {
        if self.budget.is_unlimited() {
            return analysis(self);
        }
        let seconds = self.budget.work as f64 / WORK_PER_SECOND;
        let Some(deadline) = Duration::try_from_secs_f64(seconds)
            .ok()
            .and_then(|d| Instant::now().checked_add(d))
        else {
            return analysis(self);
        };
        let timed = Control {
            cancel: self.cancel.with_deadline(deadline),
            budget: self.budget,
        };
        let result = analysis(&timed);
        // The deadline of this control itself, or its token, stopped it
        // if either is set by now; otherwise the budget's deadline did.
        if result.is_err() && timed.cancel.check().is_err() && self.cancel.check().is_ok() {
            return Err(LimitError::Overran {
                what,
                budget: self.budget.work,
            }
            .into());
        }
        result
    }
}

/// Counts a loop's work and looks at a [`Cancel`] token every
/// [`CHECK_EVERY`] units, so that the look costs nothing measurable.
///
/// ```
/// use snl::limits::{Cancel, LimitError, Meter};
///
/// let cancel = Cancel::new();
/// let mut meter = Meter::new(&cancel);
/// meter.add(10)?;
/// cancel.cancel();
/// // The token is seen within CHECK_EVERY units.
/// assert_eq!(meter.add(snl::limits::CHECK_EVERY), Err(LimitError::Cancelled));
/// # Ok::<(), LimitError>(())
/// ```
#[derive(Debug)]
pub struct Meter<'a> {
    cancel: &'a Cancel,
    done: u64,
    /// The part of `done` recorded on the token.
    recorded: u64,
    next_check: u64,
    limit: Option<(u64, &'static str)>,
}

impl<'a> Meter<'a> {
    /// A meter that checks `cancel`.
    pub fn new(cancel: &'a Cancel) -> Meter<'a> {
        Meter {
            cancel,
            done: 0,
            recorded: 0,
            next_check: CHECK_EVERY,
            limit: None,
        }
    }

    /// The same meter, also refusing to go past `work` units: `add` then
    /// fails with [`LimitError::Work`] naming `what`.
    #[must_use]
    pub fn limit(mut self, work: u64, what: &'static str) -> Meter<'a> {
        self.limit = Some((work, what));
        self
    }

    /// Records `work` units done.
    ///
    /// # Errors
    ///
    /// The token's error once it is set (seen within [`CHECK_EVERY`]
    /// units), or [`LimitError::Work`] past the limit.
    #[inline]
    pub fn add(&mut self, work: u64) -> Result<(), LimitError> {
        self.done = self.done.saturating_add(work);
        if self.done >= self.next_check {
            self.cancel.record(self.done - self.recorded);
            self.recorded = self.done;
            self.next_check = self.done.saturating_add(CHECK_EVERY);
            self.cancel.check()?;
        }
        if let Some((limit, what)) = self.limit
            && self.done > limit
        {
            return Err(LimitError::Work {
                what,
                need: self.done,
                budget: limit,
            });
        }
        Ok(())
    }

    /// The work recorded so far.
    pub fn done(&self) -> u64 {
        self.done
    }

    /// The token this meter checks, for the table fills of its loop
    /// ([`vec_of_with`]).
    pub fn cancel(&self) -> &'a Cancel {
        self.cancel
    }
}

/// Why an analysis did not run, or stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LimitError {
    /// The token was set (Ctrl-C, or the caller's request).
    #[error("stopped before the answer was complete")]
    Cancelled,
    /// The token's deadline passed.
    #[error("stopped: the time allowed for the answer ran out")]
    Deadline,
    /// The analysis would need more memory than the budget.
    #[error(
        "{what} would need about {} of memory, more than the budget of {}",
        bytes(*.need),
        bytes(*.budget)
    )]
    Memory {
        /// The analysis, as a noun phrase.
        what: &'static str,
        /// Bytes it would hold at once.
        need: u64,
        /// The budget, in bytes.
        budget: u64,
    },
    /// The analysis would take more work than the budget.
    #[error(
        "{what} would take about {} of work, more than the budget of {}",
        duration(*.need),
        duration(*.budget)
    )]
    Work {
        /// The analysis, as a noun phrase.
        what: &'static str,
        /// Units of work it would take.
        need: u64,
        /// The budget, in units.
        budget: u64,
    },
    /// A table would have more entries than snl's indices can number.
    #[error("{what} would have {size} entries; snl handles at most {max}")]
    Size {
        /// The table, as a noun phrase.
        what: &'static str,
        /// Its entries.
        size: u64,
        /// The most entries allowed.
        max: u64,
    },
    /// The chain's table of moves (a move for each face of the die from
    /// each state) would have more entries than its 32-bit indices
    /// number: the board is too long for the die in use. No budget lifts
    /// it.
    #[error(
        "the chain's table of moves would have {moves} entries (a move for each of the die's {faces} faces from each of {states} states), more than the {max} snl numbers: with this die{} it takes boards of up to {} squares ({} with a six-sided die), and this one has {squares}; --force does not lift this limit",
        if *.streaks > 1 { " and bonus rule" } else { "" },
        longest(*.max, *.faces, *.streaks),
        longest(*.max, 6, *.streaks)
    )]
    Moves {
        /// The moves the table would hold.
        moves: u64,
        /// The faces of the die.
        faces: u64,
        /// The chain's states: the positions times the bonus streaks.
        states: u64,
        /// The bonus streaks each position is told apart by (1 without
        /// the bonus rule).
        streaks: u64,
        /// The board's squares.
        squares: u64,
        /// The most entries the table numbers.
        max: u64,
    },
    /// The analysis, whose cost can be told only roughly in advance (it
    /// depends on the size of exact numbers, or grows exponentially), was
    /// admitted, ran past the budget, and was stopped there.
    #[error(
        "{what} was stopped when the budget of {} ran out (its cost can be told only roughly in advance)",
        duration(*.budget)
    )]
    Overran {
        /// The analysis, as a noun phrase.
        what: &'static str,
        /// The budget, in units of work.
        budget: u64,
    },
    /// A table could not be allocated.
    #[error("{what} needs {} of memory, which could not be allocated", self::bytes(*.bytes))]
    Alloc {
        /// The table, as a noun phrase.
        what: &'static str,
        /// Its size in bytes.
        bytes: u64,
    },
}

/// The longest board whose chain's table of moves, `faces` moves from
/// each of its positions (square 0 to the last) times `streaks`, holds at
/// most `max` entries.
fn longest(max: u64, faces: u64, streaks: u64) -> u64 {
    (max / faces.max(1) / streaks.max(1)).saturating_sub(1)
}

impl LimitError {
    /// Whether this is a stop asked for by the caller (the token), rather
    /// than a refusal of something too large.
    pub fn is_stop(&self) -> bool {
        matches!(self, LimitError::Cancelled | LimitError::Deadline)
    }
}

impl fmt::Display for Estimate {
    /// `1.2 GB of memory and 3.4 seconds of work`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of memory and {} of work",
            bytes(self.memory),
            duration(self.work)
        )
    }
}

/// A vector of `len` copies of `value`, allocated fallibly.
///
/// # Errors
///
/// [`LimitError::Alloc`] naming `what` and the size when the memory cannot
/// be had (or `len` elements do not fit in memory at all).
pub fn vec_of<T: Clone>(len: usize, value: T, what: &'static str) -> Result<Vec<T>, LimitError> {
    let mut v = with_capacity(len, what)?;
    v.resize(len, value);
    Ok(v)
}

/// An empty vector with room for `len` elements, allocated fallibly.
///
/// # Errors
///
/// As [`vec_of`].
pub fn with_capacity<T>(len: usize, what: &'static str) -> Result<Vec<T>, LimitError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| LimitError::Alloc {
        what,
        bytes: (len as u64).saturating_mul(std::mem::size_of::<T>() as u64),
    })?;
    Ok(v)
}

/// How many entries a table filled a square at a time (by [`vec_of_with`],
/// [`collect_with`] or a pass of its own) gets between two looks at the
/// [`Cancel`] token: about a millisecond of writes, so that Ctrl-C is seen
/// at once on a board of 2^30 squares, whose tables take seconds to fill.
pub const FILL_CHUNK: usize = 1 << 20;

/// [`vec_of`], filled [`FILL_CHUNK`] entries at a time with a look at
/// `cancel` after each chunk but the last: for the tables a square long,
/// which on the longest boards take seconds to write. A table of one chunk
/// or less is filled as [`vec_of`] fills it.
///
/// # Errors
///
/// As [`vec_of`], and the token's error once it is set.
pub fn vec_of_with<T: Clone>(
    len: usize,
    value: T,
    what: &'static str,
    cancel: &Cancel,
) -> Result<Vec<T>, LimitError> {
    let mut v = with_capacity(len, what)?;
    loop {
        let end = len.min(v.len() + FILL_CHUNK);
        v.resize(end, value.clone());
        if end == len {
            return Ok(v);
        }
        cancel.check()?;
    }
}

/// The items of `items` in a vector allocated fallibly with room for
/// `len` (the items' count, or a bound on it), with a look at `cancel`
/// after every [`FILL_CHUNK`] items but the last: a pass over a table a
/// square long that stops at once when asked to.
///
/// # Errors
///
/// As [`with_capacity`], and the token's error once it is set.
pub fn collect_with<T>(
    len: usize,
    items: impl IntoIterator<Item = T>,
    what: &'static str,
    cancel: &Cancel,
) -> Result<Vec<T>, LimitError> {
    let mut v = with_capacity(len, what)?;
    let mut items = items.into_iter().peekable();
    loop {
        v.extend(items.by_ref().take(FILL_CHUNK));
        if items.peek().is_none() {
            return Ok(v);
        }
        cancel.check()?;
    }
}

/// A byte count for people: `512 bytes`, `3.2 MB`, `17 GB`, `4.3 PB`.
pub fn bytes(n: u64) -> String {
    const UNITS: [&str; 6] = ["bytes", "kB", "MB", "GB", "TB", "PB"];
    if n == u64::MAX {
        return "more than 18 EB".to_string();
    }
    let mut v = n as f64;
    let mut unit = 0;
    while v >= 1000.0 && unit + 1 < UNITS.len() {
        v /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} bytes")
    } else if v < 10.0 {
        format!("{v:.1} {}", UNITS[unit])
    } else {
        format!("{v:.0} {}", UNITS[unit])
    }
}

/// Units of work as time for people: `0.3 seconds`, `4 minutes`,
/// `2.5 hours`, `310 years`; below a hundredth of a millisecond in
/// microseconds or nanoseconds (`4.2 µs`, `0 ns`), so that two small
/// times never both read `0.00 ms`.
pub fn duration(work: u64) -> String {
    let s = work as f64 / WORK_PER_SECOND;
    let (v, unit) = if s < 100.0 {
        (s, "seconds")
    } else if s < 6000.0 {
        (s / 60.0, "minutes")
    } else if s < 48.0 * 3600.0 {
        (s / 3600.0, "hours")
    } else if s < 2.0 * 365.25 * 86400.0 {
        (s / 86400.0, "days")
    } else {
        (s / (365.25 * 86400.0), "years")
    };
    if work == u64::MAX {
        "longer than anyone can wait".to_string()
    } else if s < 1e-6 {
        format!("{:.0} ns", s * 1e9)
    } else if s < 1e-5 {
        format!("{:.1} µs", s * 1e6)
    } else if s < 0.1 {
        // Below a tenth of a second, in milliseconds: never `0.0 seconds`.
        format!("{:.2} ms", s * 1000.0)
    } else if v < 10.0 {
        format!("{v:.1} {unit}")
    } else if v < 1e6 {
        format!("{v:.0} {unit}")
    } else {
        format!("{v:.1e} {unit}")
    }
}

#[cfg(test)]
mod tests;
