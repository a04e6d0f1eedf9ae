//! The fewest-rolls search step by step: one entry, its limit, and the
//! sentences of every step.

use super::error::{Error, NotGiven};
use super::need::DenseWork;
use super::subject::Subject;
use crate::limits::Control;
use crate::shortest::steps::{self, Steps};

/// The most steps listed unless the query says otherwise.
pub const STEPS_LIMIT: u32 = 1_000;

/// How many steps to list at most.
///
/// ```
/// use snl::limits::Control;
/// use snl::plan::{self, StepsQuery, Subject};
/// use snl::{BoardSpec, Jump, Rules};
///
/// let spec = BoardSpec::of_jumps(20, [Jump { from: 2, to: 19 }, Jump { from: 9, to: 2 }]);
/// let subject = Subject::new(spec, Rules::default())?;
/// let told = plan::solve_steps(&subject, &StepsQuery::default(), &Control::default())?;
/// assert_eq!(told.steps.min_rolls, Some(2));
/// assert_eq!(told.text[0], ["Roll 0: the pawn starts on square 1."]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepsQuery {
    /// The most steps (rolls, and the start's step) listed; a search that
    /// takes more is refused with how many it takes.
    pub limit: u32,
}

impl Default for StepsQuery {
    fn default() -> StepsQuery {
        StepsQuery { limit: STEPS_LIMIT }
    }
}

/// The search step by step, and each step's sentences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveSteps {
    /// The steps.
    pub steps: Steps,
    /// The sentences of each step, in the library's words.
    pub text: Vec<Vec<String>>,
}

/// The fewest-rolls search of the subject's game, frontier by frontier (the
/// dense engine: it lists every square reached).
///
/// # Errors
///
/// [`Error::dense_only`] past the dense engine's tables; a limit; or, when
/// the search takes more steps than the query's limit, the count of them
/// ([`NotGiven::TooManySteps`]).
pub fn solve_steps(
    subject: &Subject,
    query: &StepsQuery,
    ctl: &Control,
) -> Result<SolveSteps, Error> {
    let game = subject.dense_game(DenseWork::Steps)?;
    let steps = steps::steps(game, ctl)?;
    let count = steps.frontiers.len() as u64;
    if count > u64::from(query.limit) {
        return Err(NotGiven::TooManySteps {
            steps: count,
            limit: u64::from(query.limit),
        }
        .into());
    }
    let text = (0..steps.frontiers.len())
        .map(|i| steps.sentences(game, i))
        .collect();
    Ok(SolveSteps { steps, text })
}
