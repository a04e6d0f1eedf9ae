//! The game written for other tools: one entry for every form.

use std::fmt::Write as _;

use super::error::Error;
use super::need::DenseWork;
use super::subject::Subject;
use crate::export::{self, Exported, Form, Options};
use crate::limits::Control;
use crate::markov::target::Target;
use crate::rules::Die;
use crate::words::rules_line;

/// What to export: the form, and the questions the properties ask.
///
/// ```
/// use snl::export::Form;
/// use snl::limits::Control;
/// use snl::plan::{self, ExportQuery, Subject};
/// use snl::{BoardSpec, Jump, Rules};
///
/// let spec = BoardSpec::of_jumps(20, [Jump { from: 2, to: 19 }, Jump { from: 9, to: 2 }]);
/// let subject = Subject::new(spec, Rules::default())?;
/// let query = ExportQuery { within: vec![4], ..ExportQuery::new(Form::Prism) };
/// let exported = plan::export(&subject, &query, &Control::default())?;
/// assert!(exported.properties.unwrap().contains("P=? [ F<=4 \"finished\" ]"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportQuery {
    /// The form.
    pub form: Form,
    /// The dice the player picks one of before each roll; empty for the
    /// rules' die. The model is then a decision process.
    pub dice: Vec<Die>,
    /// The numbers of rolls to ask the chance of finishing within.
    pub within: Vec<usize>,
    /// Squares to aim at, as `(first, last)` ranges read as
    /// [`super::target`] reads them: the PRISM model labels them
    /// `"target"` and the properties ask `snl expect --target`'s chance
    /// and mean. Empty for none.
    pub target: Vec<(u64, u64)>,
}

impl ExportQuery {
    /// The game in `form`, with no further question.
    pub fn new(form: Form) -> ExportQuery {
        ExportQuery {
            form,
            dice: Vec::new(),
            within: Vec::new(),
            target: Vec::new(),
        }
    }
}

/// Writes the subject's game in the query's form (the dense engine: a
/// state for every square and bonus streak). Its first lines name the
/// board and its rules.
///
/// # Errors
///
/// [`Error::dense_only`] past the dense engine's tables; a form's refusal
/// of a game too large for it or (a diagram) with choices; a target's
/// refusal ([`crate::markov::target::TargetError`]); a limit.
pub fn export(subject: &Subject, query: &ExportQuery, ctl: &Control) -> Result<Exported, Error> {
    let game = subject.dense_game(DenseWork::Export)?;
    let name = subject.name().map_or_else(
        || format!("a board of {} squares", subject.squares()),
        |name| format!("{name} ({} squares)", subject.squares()),
    );
    let mut rules = rules_line(game.rules());
    if !query.dice.is_empty() {
        let dice: Vec<String> = query.dice.iter().map(ToString::to_string).collect();
        let _ = write!(
            rules,
            ", a die picked before each roll from {}",
            dice.join(", ")
        );
    }
    let target = if query.target.is_empty() {
        Vec::new()
    } else {
        Target::new(game, query.target.iter().copied())?.runs()
    };
    let options = Options {
        dice: query.dice.clone(),
        within: query.within.clone(),
        heading: format!("snl: {name}\n{rules}"),
        target,
    };
    Ok(export::export(game, query.form, &options, ctl)?)
}
