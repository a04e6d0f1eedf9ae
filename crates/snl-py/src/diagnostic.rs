//! `snl.Diagnostic`: one finding of `Board.check()` or of a `BoardError`.

use pyo3::prelude::*;
use snl::check::{Diagnostic, Severity};

use crate::errors;
use crate::{list_repr, quote};

/// One finding of ``Board.check()`` (or of a ``BoardError``).
///
/// ``severity`` is ``"error"`` (the board cannot be played),
/// ``"warning"`` (it can, but probably not as meant) or ``"note"`` (with
/// optional jumps, a jump the best play never takes); ``code`` a stable
/// kebab-case name such as ``"ends-on-jump"``; ``message`` what is wrong,
/// where, and the fix; ``squares`` the squares involved.
#[pyclass(frozen, eq, module = "snl", name = "Diagnostic")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PyDiagnostic {
    /// ``"error"``, ``"warning"`` or ``"note"``.
    #[pyo3(get)]
    severity: String,
    /// The kind of finding: ``no-squares``, ``too-many-squares``,
    /// ``off-board``, ``no-move``, ``wrong-direction``, ``from-last``,
    /// ``two-jumps``, ``cycle``, ``never-landed``, ``ends-on-jump``,
    /// ``goal-unreachable``.
    #[pyo3(get)]
    code: String,
    /// What is wrong, where, and the fix.
    #[pyo3(get)]
    message: String,
    /// The squares involved.
    #[pyo3(get)]
    squares: Vec<u64>,
}

impl From<&Diagnostic> for PyDiagnostic {
    fn from(d: &Diagnostic) -> PyDiagnostic {
        PyDiagnostic {
            severity: match d.severity {
                Severity::Error => "error",
                Severity::Note => "note",
                _ => "warning",
            }
            .to_string(),
            code: d.code.to_string(),
            message: d.message.clone(),
            squares: d.squares.clone(),
        }
    }
}

#[pymethods]
impl PyDiagnostic {
    fn __repr__(&self) -> String {
        format!(
            "Diagnostic(severity={}, code={}, message={}, squares={})",
            quote(&self.severity),
            quote(&self.code),
            quote(&self.message),
            list_repr(&self.squares)
        )
    }

    /// Rebuilds a pickled finding.
    #[staticmethod]
    fn _from_pickle(
        severity: String,
        code: String,
        message: String,
        squares: Vec<u64>,
    ) -> PyDiagnostic {
        PyDiagnostic {
            severity,
            code,
            message,
            squares,
        }
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, String, String, Vec<u64>))> {
        let d = slf.get();
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            (
                d.severity.clone(),
                d.code.clone(),
                d.message.clone(),
                d.squares.clone(),
            ),
        ))
    }

    /// ``warning[ends-on-jump]: ...``, as ``snl check`` prints it.
    fn __str__(&self) -> String {
        format!("{}[{}]: {}", self.severity, self.code, self.message)
    }
}

/// A `BoardError` for the first error of `diagnostics`, carrying them all.
pub fn board_error(py: Python<'_>, prefix: &str, diagnostics: &[Diagnostic]) -> PyErr {
    let first = diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .map_or_else(String::new, |d| d.message.clone());
    let err = errors::board(format!("{prefix}{first}"));
    let list: Vec<PyDiagnostic> = diagnostics.iter().map(PyDiagnostic::from).collect();
    if let Ok(list) = list.into_pyobject(py) {
        let _ = err.value(py).setattr("diagnostics", list);
    }
    err
}
