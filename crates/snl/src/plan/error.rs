//! The errors of the questions, gathered at the top: one type whatever
//! engine or analysis met them, with accessors for what a front end tells
//! apart (a stop, a limit, a board only the dense engine holds).

use std::fmt;

use super::need::DenseOnly;
use crate::brute::BruteError;
use crate::check::Unplayable;
use crate::choice::ChoiceError;
use crate::duel::DuelError;
use crate::export::ExportError;
use crate::limits::LimitError;
use crate::markov::target::TargetError;
use crate::markov::{ExactTooLarge, MarkovError};
use crate::race::RaceError;
use crate::random::GenError;
use crate::sparse::{SparseBoardError, SparseError};
use crate::variant::VariantError;

use super::honour::Unhonoured;

/// Why a question ([`super::solve`], [`super::expect`],
/// [`super::best_within`]) or a subject ([`super::Subject::new`]) gave no
/// answer.
///
/// Its message is the library's, in the words every front end prints; the
/// accessors tell the kinds apart without matching on the analyses'
/// errors: [`Error::limit`] (refused over the budget, stopped, out of
/// memory), [`Error::is_stop`], [`Error::dense_only`] (a board longer than
/// the dense engine's tables, for a figure only it gives),
/// [`Error::unplayable`] (the board cannot be played under its rules), and
/// [`Error::part`], which part of the answer met it.
///
/// ```
/// use snl::limits::{Control, LimitError};
/// use snl::plan::{self, ExpectQuery, Subject};
/// use snl::{BoardSpec, Rules};
///
/// let subject = Subject::new(BoardSpec::of_jumps(1 << 40, []), Rules::default())?;
/// let query = ExpectQuery { exact: true, ..ExpectQuery::default() };
/// let err = plan::expect(&subject, &query, &Control::default()).unwrap_err();
/// assert!(err.dense_only().is_some());
/// assert!(err.to_string().starts_with("giving the exact mean needs the engine that keeps tables a square long"));
///
/// let ctl = Control::default();
/// ctl.cancel.cancel();
/// let err = plan::expect(&subject, &ExpectQuery::default(), &ctl).unwrap_err();
/// assert_eq!(err.limit(), Some(&LimitError::Cancelled));
/// assert!(err.is_stop());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Error {
    kind: Kind,
    part: Option<Part>,
}

/// What an [`Error`] holds.
#[derive(Debug, Clone)]
enum Kind {
    Unplayable(Unplayable),
    DenseOnly(DenseOnly),
    Unhonoured(Unhonoured),
    NotGiven(NotGiven),
    Limit(LimitError),
    Markov(MarkovError),
    Choice(ChoiceError),
    Sparse(SparseError),
    SparseBoard(SparseBoardError),
    Brute(BruteError),
    Export(ExportError),
    Target(TargetError),
}

/// The part of an answer an [`Error`] was met in, for a front end that
/// names it (the command names it by its option: `--exact: ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Part {
    /// The fewest-rolls search.
    Search,
    /// Counting the optimal sequences.
    Count,
    /// The exhaustive search.
    Brute,
    /// The mean, variance and chance of never finishing.
    Moments,
    /// The distribution of the length.
    Distribution,
    /// The exact mean.
    Exact,
    /// The expected visits.
    Visits,
    /// Each jump's effect on the mean.
    Impact,
    /// The best play of a choice.
    BestPlay,
    /// The best play for finishing within a number of rolls.
    BestWithin,
}

impl Part {
    /// The part as a noun phrase: `the exact mean`.
    pub fn noun(self) -> &'static str {
        match self {
            Part::Search => "the fewest-rolls search",
            Part::Count => "counting the optimal sequences",
            Part::Brute => "the exhaustive search",
            Part::Moments => "the mean and variance",
            Part::Distribution => "the distribution of the length",
            Part::Exact => "the exact mean",
            Part::Visits => "the expected visits",
            Part::Impact => "the impact of each jump",
            Part::BestPlay => "the best play",
            Part::BestWithin => "the best play for finishing within the rolls",
        }
    }
}

/// A figure a question does not give together with the rest of what it
/// asks, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum NotGiven {
    /// Each jump's impact, under a choice.
    #[error(
        "each jump's impact is not given under a choice (optional jumps, dice to pick from): each jump's effect would need the best play solved again without it"
    )]
    ImpactUnderChoice,
    /// The visits of a best play that is no plain game.
    #[error(
        "the best play picks among dice, or by the bonus streak, so it is no plain game whose visits are counted"
    )]
    VisitsUnderPolicy,
    /// A search step by step that takes more steps than the limit lists.
    #[error(
        "the search takes {steps} steps (the start's and one a roll), more than the {limit} listed unless told; raise the limit to list them all"
    )]
    TooManySteps {
        /// The steps the search takes.
        steps: u64,
        /// The most listed.
        limit: u64,
    },
    /// A first-step equation of a square the pawn never rests on, or whose
    /// values are infinite.
    #[error("square {square} has no first-step equation: {why}")]
    NoEquation {
        /// The square asked for.
        square: u32,
        /// Why, in words.
        why: &'static str,
    },
    /// A number of rolls to show a game under a choice by.
    #[error(
        "under a choice (optional jumps, dice to pick from) the game's steps are the rounds of policy iteration, which takes no number of rolls ({rolls} given); leave it out"
    )]
    RollsUnderChoice {
        /// The rolls given.
        rolls: u32,
    },
    /// A game roll by roll over more rolls than the limit lists.
    #[error(
        "{rolls} rolls were asked for, more than the {limit} listed unless told; raise the limit to list them all"
    )]
    TooManyRolls {
        /// The rolls asked for.
        rolls: u64,
        /// The most listed.
        limit: u64,
    },
}

impl Error {
    /// The same error, met in `part`.
    pub(crate) fn in_part(mut self, part: Part) -> Error {
        self.part.get_or_insert(part);
        self
    }

    /// The part of the answer the error was met in, when it was met in one
    /// (a board that cannot be played was met in none).
    pub fn part(&self) -> Option<Part> {
        self.part
    }

    /// The limit met: refused over the budget, stopped (Ctrl-C, a
    /// deadline), or out of memory.
    pub fn limit(&self) -> Option<&LimitError> {
        match &self.kind {
            Kind::Limit(e)
            | Kind::Markov(MarkovError::Limit(e))
            | Kind::Choice(ChoiceError::Limit(e) | ChoiceError::Markov(MarkovError::Limit(e)))
            | Kind::Sparse(SparseError::Limit(e))
            | Kind::Brute(BruteError::Limit(e))
            | Kind::Export(ExportError::Limit(e)) => Some(e),
            _ => None,
        }
    }

    /// Whether the work was stopped (a token set, a deadline passed)
    /// rather than refused or failed.
    pub fn is_stop(&self) -> bool {
        self.limit().is_some_and(LimitError::is_stop)
    }

    /// The refusal of a figure only the dense engine gives, on a board
    /// longer than its tables hold.
    pub fn dense_only(&self) -> Option<&DenseOnly> {
        match &self.kind {
            Kind::DenseOnly(e) => Some(e),
            _ => None,
        }
    }

    /// Why the board cannot be played under its rules, with every error.
    pub fn unplayable(&self) -> Option<&Unplayable> {
        match &self.kind {
            Kind::Unplayable(e) => Some(e),
            _ => None,
        }
    }

    /// The refusal of a target's squares ([`crate::plan::target`]): a
    /// fault of the question asked rather than of the board.
    pub fn target_error(&self) -> Option<&TargetError> {
        match &self.kind {
            Kind::Target(e) => Some(e),
            _ => None,
        }
    }

    /// The exact arithmetic's refusal of a game with more chain states
    /// than its limit.
    pub fn exact_too_large(&self) -> Option<&ExactTooLarge> {
        match &self.kind {
            Kind::Markov(MarkovError::TooLarge(e)) | Kind::Choice(ChoiceError::TooLarge(e)) => {
                Some(e)
            }
            _ => None,
        }
    }

    /// The error of the analysis that met it, for a front end that looks
    /// for one in particular (as [`std::io::Error::get_ref`]).
    pub fn get_ref(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        match &self.kind {
            Kind::Unplayable(e) => e,
            Kind::DenseOnly(e) => e,
            Kind::Unhonoured(e) => e,
            Kind::NotGiven(e) => e,
            Kind::Limit(e) => e,
            Kind::Markov(e) => e,
            Kind::Choice(e) => e,
            Kind::Sparse(e) => e,
            Kind::SparseBoard(e) => e,
            Kind::Brute(e) => e,
            Kind::Export(e) => e,
            Kind::Target(e) => e,
        }
    }
}

impl fmt::Display for Error {
    /// The message of the error met; the part is not named (see
    /// [`Error::part`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.get_ref(), f)
    }
}

impl std::error::Error for Error {
    /// As the error met: its message is this one's.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.get_ref().source()
    }
}

macro_rules! from_kind {
    ($($ty:ty => $kind:ident),* $(,)?) => {
        $(impl From<$ty> for Error {
            fn from(e: $ty) -> Error {
                Error { kind: Kind::$kind(e), part: None }
            }
        })*
    };
}

from_kind! {
    Unplayable => Unplayable,
    DenseOnly => DenseOnly,
    Unhonoured => Unhonoured,
    NotGiven => NotGiven,
    LimitError => Limit,
    MarkovError => Markov,
    ChoiceError => Choice,
    SparseError => Sparse,
    SparseBoardError => SparseBoard,
    BruteError => Brute,
    ExportError => Export,
    TargetError => Target,
}

/// The limit error `err` is or holds, for any of the library's errors (an
/// analysis's error wraps the limit it met as a variant, which is not its
/// `source`): what a front end that holds errors as `dyn Error` asks to
/// tell a refusal or a stop from other failures.
///
/// # Examples
///
/// ```
/// use snl::limits::LimitError;
/// use snl::markov::MarkovError;
///
/// let err = MarkovError::Limit(LimitError::Cancelled);
/// assert_eq!(snl::plan::limit_error(&err), Some(&LimitError::Cancelled));
/// let other = MarkovError::Inaccurate { what: "the visits" };
/// assert_eq!(snl::plan::limit_error(&other), None);
/// ```
pub fn limit_error<'e>(err: &'e (dyn std::error::Error + 'static)) -> Option<&'e LimitError> {
    if let Some(e) = err.downcast_ref::<Error>() {
        e.limit()
    } else if let Some(e) = err.downcast_ref::<LimitError>() {
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
    } else if let Some(VariantError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else if let Some(ChoiceError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else if let Some(ChoiceError::Markov(MarkovError::Limit(e))) = err.downcast_ref() {
        Some(e)
    } else if let Some(SparseError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else if let Some(ExportError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else {
        None
    }
}
