//! What an analysis will cost, how much a caller allows, and stopping it.
//!
//! Every analysis in snl is exact, and some grow fast with the board: the
//! duel with the square of the squares, the exact mean with the digits of
//! its fractions, the distribution of the game length with how long games
//! last. A front end that serves other people (a command line, a web server,
//! a notebook) must not find that out by running out of memory or time. This
//! module gives it three things:
//!
//! - [`estimate`]: the memory and work an analysis of a game will take,
//!   worked out from the sizes alone, before anything is allocated.
//! - [`Budget`]: the most memory and work a caller allows.
//!   [`Estimate::check`] refuses an estimate over it, with a message that
//!   names the analysis, the need and the budget.
//! - [`Cancel`]: a cheap token, cloned freely across threads, that every
//!   long loop checks. Ctrl-C, a request's deadline or a Python
//!   `KeyboardInterrupt` sets it, and the work stops cleanly.
//!
//! A [`Control`] carries a token and a budget into the `_with` functions of
//! the analyses ([`crate::shortest::solve_with`],
//! [`crate::markov::stats_with`], [`crate::race::race_with`],
//! [`crate::duel::duel_with`], [`crate::simulate::run_with`], ...). Each
//! one checks [`estimate`] first, refines it once it knows the board's shape
//! (how many snakes are open at once, say) and refuses before the costly
//! part; then it runs, checking the token. The functions without `_with`
//! keep their simple signatures: they run under [`Budget::UNLIMITED`] and
//! cannot be stopped, but they too allocate their large tables fallibly and
//! report a failure as an error rather than aborting.
//!
//! When the token is set, an analysis returns [`LimitError::Cancelled`] (or
//! [`LimitError::Deadline`]), except where its answer already says how far
//! it got: a [`Distribution`](crate::markov::Distribution) keeps its
//! `unresolved` chance, and a
//! [`Simulation`](crate::simulate::Simulation) the games played so far.
//!
//! ```
//! use snl::limits::{self, Analysis, Budget, Control};
//! use snl::{Board, Game, Rules};
//!
//! let game = Game::new(Board::empty(4095)?, Rules::default())?;
//! let budget = Budget { memory: 1 << 30, work: 1_000_000_000 };
//! // A duel on 4,095 squares has 16.8 million states: affordable.
//! limits::estimate(&game, Analysis::Duel).check("the duel", &budget)?;
//!
//! let ctl = Control::new(budget);
//! ctl.cancel.cancel(); // as Ctrl-C would
//! let stopped = snl::shortest::solve_with(&game, &ctl);
//! assert_eq!(stopped.unwrap_err(), limits::LimitError::Cancelled);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::words::{bytes, duration};

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
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
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
        self.flag.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
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
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(LimitError::Deadline);
        }
        Ok(())
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

    /// The flag itself, for code that polls an [`AtomicBool`] (such as
    /// [`crate::simulate::run`]). It does not see the deadline.
    pub fn flag(&self) -> &AtomicBool {
        &self.flag
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

impl LimitError {
    /// The limit error `err` is or holds, for any of the library's errors
    /// (an analysis's error wraps the limit it met as a variant, which is
    /// not its `source`): what a front end that holds errors as `dyn
    /// Error` asks to tell a refusal or a stop from other failures.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::limits::LimitError;
    /// use snl::markov::MarkovError;
    ///
    /// let err = MarkovError::Limit(LimitError::Cancelled);
    /// assert_eq!(LimitError::inside(&err), Some(&LimitError::Cancelled));
    /// let other = MarkovError::Inaccurate { what: "the visits" };
    /// assert_eq!(LimitError::inside(&other), None);
    /// ```
    pub fn inside<'e>(err: &'e (dyn std::error::Error + 'static)) -> Option<&'e LimitError> {
        use crate::brute::BruteError;
        use crate::duel::DuelError;
        use crate::markov::MarkovError;
        use crate::race::RaceError;
        use crate::random::GenError;
        if let Some(e) = err.downcast_ref::<LimitError>() {
            Some(e)
        } else if let Some(MarkovError::Limit(e)) = err.downcast_ref() {
            Some(e)
        } else if let Some(RaceError::Limit(e)) = err.downcast_ref() {
            Some(e)
        } else if let Some(GenError::Limit(e)) = err.downcast_ref() {
            Some(e)
        } else if let Some(BruteError::Limit(e)) = err.downcast_ref() {
            Some(e)
        } else if let Some(DuelError::Limit(e)) = err.downcast_ref() {
            Some(e)
        } else {
            None
        }
    }

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

/// What an analysis is, for [`estimate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Analysis {
    /// The fewest rolls alone ([`crate::shortest::min_rolls`]).
    MinRolls,
    /// The fewest rolls with a path, or the distance to every square
    /// ([`crate::shortest::solve`], [`crate::shortest::distances`]).
    Solve,
    /// The number of optimal roll sequences
    /// ([`crate::shortest::count_optimal`]).
    Count,
    /// The mean (and chance of never finishing) alone
    /// ([`crate::markov::expected_rolls`]).
    Mean,
    /// Mean, variance and the whole distribution ([`crate::markov::stats`]).
    Stats,
    /// The distribution of the game length alone
    /// ([`crate::markov::distribution()`]).
    Distribution,
    /// The mean as an exact fraction ([`crate::markov::exact_mean`]).
    ExactMean,
    /// Expected landings on every square ([`crate::markov::visits()`]).
    Visits,
    /// The mean without each jump ([`crate::markov::impact()`]).
    Impact,
    /// A race of this many seats ([`crate::race::race`]).
    Race {
        /// Seats.
        players: usize,
    },
    /// The duel of two players who choose their rolls
    /// ([`crate::duel::duel`]).
    Duel,
    /// A simulation ([`crate::simulate::run`]).
    Simulate {
        /// Games to play.
        games: u64,
        /// The cap on one game's rolls.
        max_rolls: u64,
    },
}

impl Analysis {
    /// The analysis as a noun phrase, for messages: `the exact mean`.
    pub fn noun(self) -> &'static str {
        match self {
            Analysis::MinRolls => "the fewest-rolls search",
            Analysis::Solve => "the fewest-rolls search with a path",
            Analysis::Count => "counting the optimal sequences",
            Analysis::Mean => "the mean",
            Analysis::Stats => "the statistics of the game length",
            Analysis::Distribution => "the distribution of the game length",
            Analysis::ExactMean => "the exact mean",
            Analysis::Visits => "the expected visits",
            Analysis::Impact => "the impact of each jump",
            Analysis::Race { .. } => "the race",
            Analysis::Duel => "the duel",
            Analysis::Simulate { .. } => "the simulation",
        }
    }
}

/// The memory and work of the tables of a board of `squares` squares and
/// `jumps` jumps, read and ready to play ([`crate::Board`] and
/// [`crate::Game`]): what a front end checks before building one.
///
/// ```
/// // The largest board snl takes: a few bits a square.
/// let e = snl::limits::board(1 << 30, 0);
/// assert!(e.memory < 1 << 30);
/// ```
pub fn board(squares: u64, jumps: u64) -> Estimate {
    let n = squares as f64 + 1.0;
    let j = jumps as f64;
    // The board's map of jumps and the game's map of resting squares: a
    // bit and a sixteenth of a count a square, four bytes a jump, each;
    // and the jumps as read (about 64 bytes each) while the board is built.
    // A board that is refused holds instead a problem a jump at worst, in a
    // vector that grows by doubling, with a pair of indices a jump for the
    // duplicates.
    let refused = 2.0 * (std::mem::size_of::<crate::board::BoardError>() as f64 + 16.0);
    Estimate::from_f64(0.375 * n + (72.0 + refused) * j, 0.5 * n + 8.0 * j)
}

/// The sizes every estimate is made from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sizes {
    /// Positions, `0..=goal`.
    pub n: f64,
    /// Chain states: positions times streaks.
    pub states: f64,
    /// Faces of the die with a weight above zero.
    pub faces: f64,
    /// Jumps on the board.
    pub jumps: f64,
}

impl Sizes {
    pub fn of(game: &Game) -> Sizes {
        let n = game.positions() as f64;
        Sizes {
            n,
            states: n * f64::from(game.streaks()),
            faces: game.rules().die.values().count() as f64,
            jumps: game.board().jump_count() as f64,
        }
    }

    /// The chain of the game and what is built around it (targets,
    /// predecessors, flags): every Markov analysis holds these.
    pub fn chain(&self) -> Estimate {
        let (s, f) = (self.states, self.faces);
        // Targets (4 bytes a face), predecessors (4 + 2 bytes a face, 4 a
        // state), three flags a state; building it plays every face.
        Estimate::from_f64(s * (10.0 * f + 8.0), s * f * 4.0)
    }

    /// The chain of a game without the bonus rule, its moves worked out as
    /// they are needed (no table of moves), and the solver's plan: two
    /// flags a state, then the plan's lowest rows, flags and counts (14
    /// bytes a state at most); every move is played about three times
    /// before the solve (the sweeps for the live states and the plan). The
    /// solve itself is refined from the plan.
    pub fn walk(&self) -> Estimate {
        Estimate::from_f64(self.states * 14.0, self.states * self.faces * 4.0)
    }

    /// The frontal elimination's own tables before its plan is known: the
    /// plan (four numbers a state), the constants and their places, the
    /// solution.
    pub fn solve_tables(&self) -> Estimate {
        Estimate::from_f64(self.states * 48.0, self.states * self.faces * 2.0)
    }
}

/// The memory and work `analysis` of `game` will take, from the sizes alone
/// (no table is built).
///
/// Where the cost depends on the board's shape as well as its size, the
/// estimate is the part that can be known in advance, and the `_with`
/// function refines it (before its costly part) once the shape is known:
/// the mean's linear solve depends on how many snakes are open at once, the
/// exact mean on the digits of its fractions, a simulation on how long its
/// games last. An analysis that follows a quantity until it is known to a
/// tolerance (the distribution, a race, a simulation) is capped by the
/// budget's work and reports what it did not reach rather than being
/// refused; its estimate is then its cap, and that of a simulation the
/// work of its games at their cap.
pub fn estimate(game: &Game, analysis: Analysis) -> Estimate {
    let z = Sizes::of(game);
    let (n, s, f) = (z.n, z.states, z.faces);
    let limited = game.rules().bonus.is_some_and(|b| b.limit.is_some());
    match analysis {
        Analysis::MinRolls | Analysis::Solve | Analysis::Count if limited => {
            // The search over (position, streak) pairs: distance, parent
            // and queue, 16 bytes a state; each face played once.
            let search = Estimate::from_f64(s * 16.0, s * f * 8.0);
            match analysis {
                Analysis::Count => search.then(count(game, &z)),
                _ => search,
            }
        }
        Analysis::MinRolls => Estimate::from_f64(n * 0.5, n * 0.25 + z.jumps * f),
        Analysis::Solve => Estimate::from_f64(n * 5.5, n * 2.0 + z.jumps * f * 4.0),
        Analysis::Count => Estimate::from_f64(n * 5.5, n * 2.0).then(count(game, &z)),
        Analysis::Mean if game.rules().bonus.is_none() => z.walk(),
        Analysis::Mean | Analysis::ExactMean => z.chain().and(z.solve_tables()),
        Analysis::Stats => z
            .chain()
            .and(z.solve_tables())
            .then(z.chain().and(distribution_tables(&z))),
        Analysis::Distribution => z.chain().and(distribution_tables(&z)),
        Analysis::Visits => z
            .chain()
            .and(z.solve_tables())
            .and(Estimate::from_f64(n * 16.0, s * f * 4.0)),
        Analysis::Impact => z.chain().and(z.solve_tables()).repeat(z.jumps as u64 + 1),
        Analysis::Race { players } => {
            let seats = players.max(1) as f64;
            // Every seat may start apart: one distribution each, then the
            // sum over turns for every pair of seats.
            z.chain()
                .and(distribution_tables(&z))
                .repeat(players.max(1) as u64)
                .and(Estimate::from_f64(0.0, seats * seats * 1e6))
        }
        Analysis::Duel => {
            // Value, depth and open moves: 7 bytes a state of two pawns,
            // and the reverse moves; each decided state visits the reverse
            // moves into its position.
            let states = n * n;
            Estimate::from_f64(states * 11.0 + n * f * 24.0, states * f * 4.0 + n * f * 4.0)
        }
        Analysis::Simulate { games, max_rolls } => {
            let table = (s * f).min(crate::simulate::MAX_TABLE as f64);
            Estimate::from_f64(
                table * 4.0 + 64.0 * 1024.0 * 1024.0,
                games as f64 * max_rolls as f64 * 2.0,
            )
        }
    }
}

/// The distribution's three vectors of chances, and its cap.
fn distribution_tables(z: &Sizes) -> Estimate {
    // Beside the vectors of chances, the distribution itself: a step costs
    // at least `STEP_WORK`, and its vector at most doubles past its length.
    let work = crate::markov::Limits::default().work;
    let steps = work / crate::markov::distribution::STEP_WORK + 2;
    Estimate::new(saturate(z.states * 25.0).saturating_add(16 * steps), work)
}

/// Counting optimal sequences: exact integers that grow by up to
/// `log2(faces)` bits a roll, added once per face and position.
fn count(game: &Game, z: &Sizes) -> Estimate {
    // The count of sequences of `d` rolls has at most d·log2(faces) bits.
    // The fewest rolls come from the cheap search; a board where the goal
    // cannot be reached counts nothing.
    let Some(d) = crate::shortest::min_rolls(game) else {
        return Estimate::default();
    };
    let bits = f64::from(d) * z.faces.max(2.0).log2() + 64.0;
    let words = bits / 64.0;
    // One number a position on the two layers in play, and the vector of
    // them all.
    Estimate::from_f64(
        z.states * 32.0 + z.faces * 2.0 * words * 8.0 * 1024.0,
        z.states * z.faces * (words + 4.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::Rules;

    #[test]
    fn the_work_done_is_recorded_on_the_token() {
        let ctl = Control::new(Budget::UNLIMITED);
        let shared = ctl.cancel.with_timeout(Duration::from_mins(1));
        let mut meter = Meter::new(&shared);
        for _ in 0..10 {
            meter.add(CHECK_EVERY / 2).unwrap();
        }
        // Recorded at each check, every CHECK_EVERY units: 5 of them.
        assert_eq!(ctl.cancel.work_done(), 5 * CHECK_EVERY);
        // The distribution's propagation, which counts its own work, too.
        let g = crate::Game::new(Board::empty(8_000).unwrap(), Rules::default()).unwrap();
        let before = ctl.cancel.work_done();
        let limits = crate::markov::Limits::default();
        let d = crate::markov::distribution_with(&g, g.start(), false, limits, &ctl).unwrap();
        assert!(d.resolved() > 0.99);
        assert!(ctl.cancel.work_done() > before + CHECK_EVERY);
    }

    #[test]
    fn budgets_refuse_with_the_figures() {
        let e = Estimate::new(5 << 30, 10);
        let err = e.check("the duel", &Budget::DEFAULT).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the duel would need about 5.4 GB of memory, more than the budget of 4.3 GB"
        );
        let slow = Estimate::new(10, 120_000_000_000);
        assert_eq!(
            slow.check("the exact mean", &Budget::DEFAULT)
                .unwrap_err()
                .to_string(),
            "the exact mean would take about 2.0 minutes of work, more than the budget of 60 seconds"
        );
        assert!(slow.check("x", &Budget::UNLIMITED).is_ok());
        assert_eq!(Estimate::from_f64(1e300, -1.0), Estimate::new(u64::MAX, 0));
    }

    #[test]
    fn tokens_are_shared_and_deadlines_stop() {
        let a = Cancel::new();
        let b = a.clone();
        let timed = a.with_timeout(Duration::from_hours(1));
        assert!(a.check().is_ok() && timed.check().is_ok());
        b.cancel();
        assert_eq!(a.check(), Err(LimitError::Cancelled));
        assert!(
            timed.is_cancelled(),
            "a token with a deadline shares the flag"
        );
        let past = Cancel::new().with_deadline(Instant::now());
        assert_eq!(past.check(), Err(LimitError::Deadline));
        assert!(past.with_timeout(Duration::from_mins(1)).is_cancelled());
    }

    #[test]
    fn meters_check_the_token_and_their_limit() {
        let cancel = Cancel::new();
        let mut m = Meter::new(&cancel).limit(100, "the test");
        assert!(m.add(100).is_ok());
        assert!(matches!(m.add(1), Err(LimitError::Work { need: 101, .. })));
        let mut m = Meter::new(&cancel);
        cancel.cancel();
        assert!(m.add(CHECK_EVERY - 1).is_ok(), "between looks");
        assert_eq!(m.add(1), Err(LimitError::Cancelled));
    }

    #[test]
    fn fallible_tables() {
        let v = vec_of(10, 7u32, "a table").unwrap();
        assert_eq!(v, vec![7; 10]);
        let err = vec_of(usize::MAX / 2, 0u64, "a huge table").unwrap_err();
        assert!(matches!(
            err,
            LimitError::Alloc {
                what: "a huge table",
                ..
            }
        ));
        assert!(err.to_string().starts_with("a huge table needs "));
    }

    #[test]
    fn estimates_grow_with_what_they_count() {
        let small = Game::new(Board::empty(100).unwrap(), Rules::default()).unwrap();
        let big = Game::new(Board::empty(4095).unwrap(), Rules::default()).unwrap();
        let duel = |g: &Game| estimate(g, Analysis::Duel);
        assert!(duel(&big).memory > 100 * duel(&small).memory);
        assert!(duel(&big).fits(&Budget::DEFAULT));
        let count = estimate(&big, Analysis::Count);
        assert!(count.work > estimate(&small, Analysis::Count).work);
        assert!(board(1 << 30, 0).fits(&Budget::DEFAULT));
        assert!(!board(1 << 30, 100_000_000).fits(&Budget::DEFAULT));
    }
}
