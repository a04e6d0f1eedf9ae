//! `check`'s answer: a board's errors, warnings and notes.

use serde::{Deserialize, Serialize};

use super::header::Header;
use crate::check::{Diagnostic, Severity};

/// `check`: the errors that make a board unplayable and the warnings about
/// what is odd in it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// The answer for `diagnostics` from [`crate::check::check`].
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
        }
    }
}
