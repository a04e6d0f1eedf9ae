//! `check`'s answer: a board's errors, warnings and notes.

use serde::{Deserialize, Serialize};

use super::header::Header;
use crate::check::{Checked, Diagnostic, Severity, Winnability};

/// `check`: the errors that make a board unplayable and the warnings about
/// what is odd in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CheckAnswer {
    /// The board, its size as written, and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// Errors, in input order.
    pub errors: Vec<Finding>,
    /// Warnings.
    pub warnings: Vec<Finding>,
    /// Notes: facts worth knowing, nothing wrong (`never-taken`, a jump
    /// the best play declines when jumps are optional); left out when
    /// there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Finding>,
    /// Whether the game can be won from the start, and what traps the
    /// pawn; left out when the board has errors, when the player has
    /// choices, or when the warnings were not all looked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winnable: Option<WinnableAnswer>,
}

/// A board's winnability class ([`crate::check::Winnable`]), the squares
/// that trap the pawn and the chance of falling among them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WinnableAnswer {
    /// `always`, `occasionally` or `never`.
    pub class: String,
    /// The class in a sentence, as `snl check` prints it.
    pub text: String,
    /// The trap as runs of squares `[first, last]` (square 0 the start off
    /// the board); empty when always winnable.
    pub trap: Vec<[u64; 2]>,
    /// How many squares the trap holds; more than `trap` lists when
    /// `trap_listed_all` is false.
    pub trap_squares: u64,
    /// Whether `trap` lists every square of the trap.
    pub trap_listed_all: bool,
    /// The chance that a game from the start falls into the trap, and so
    /// never ends; `null` when it was not solved for (a note says why).
    pub chance: Option<f64>,
    /// A bound on the error of `chance`, where the engine states one
    /// (boards of over 2^30 squares); left out otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance_error: Option<f64>,
}

impl From<&Winnability> for WinnableAnswer {
    fn from(w: &Winnability) -> WinnableAnswer {
        WinnableAnswer {
            class: w.class.to_string(),
            text: w.sentence(),
            trap: w.trap.iter().map(|&(a, b)| [a, b]).collect(),
            trap_squares: w.trap_squares,
            trap_listed_all: w.listed_all(),
            chance: w.chance,
            chance_error: w.chance_error,
        }
    }
}

/// One error, warning or note of a check.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Finding {
    /// The kind of finding, stable for scripts (see
    /// [`Diagnostic::code`](crate::check::Diagnostic::code)).
    pub code: String,
    /// What is wrong, where, and the fix.
    pub message: String,
    /// The squares involved.
    pub squares: Vec<u64>,
}

impl CheckAnswer {
    /// The answer for what [`crate::check::check`] found: its findings
    /// and the board's winnability.
    pub fn of(header: Header, checked: &Checked) -> CheckAnswer {
        CheckAnswer {
            winnable: checked.winnability.as_ref().map(WinnableAnswer::from),
            ..CheckAnswer::new(header, &checked.diagnostics)
        }
    }

    /// The answer for `diagnostics` alone (the errors of a board that
    /// cannot be played, say), with no winnability.
    pub fn new(header: Header, diagnostics: &[Diagnostic]) -> CheckAnswer {
        let finding = |d: &Diagnostic| Finding {
            code: d.code.to_string(),
            message: d.message.clone(),
            squares: d.squares.clone(),
        };
        let pick = |severity: Severity| {
            diagnostics
                .iter()
                .filter(|d| d.severity == severity)
                .map(finding)
                .collect()
        };
        CheckAnswer {
            header,
            errors: pick(Severity::Error),
            warnings: pick(Severity::Warning),
            notes: pick(Severity::Note),
            winnable: None,
        }
    }
}
