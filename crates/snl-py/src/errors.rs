//! The exceptions of the `snl` module.
//!
//! Every exception snl raises is an `snl.SnlError`. Bad input is also a
//! `ValueError` (`BoardError`, `RulesError`, `LimitError`), so code that
//! catches `ValueError` around a parse keeps working; an analysis that could
//! not finish is a `RuntimeError` (`AnalysisError`). The messages are the
//! library's, word for word, as the command line prints them.

use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

/// One exception class, made when the module is first imported.
struct Class {
    name: &'static str,
    doc: &'static str,
    cell: PyOnceLock<Py<PyType>>,
}

impl Class {
    const fn new(name: &'static str, doc: &'static str) -> Class {
        Class {
            name,
            doc,
            cell: PyOnceLock::new(),
        }
    }

    fn get<'py>(&self, py: Python<'py>) -> Bound<'py, PyType> {
        self.cell
            .get(py)
            .expect("the exception classes are made when the module is imported")
            .bind(py)
            .clone()
    }

    /// An error of this class with `message`.
    fn err(&self, message: impl std::fmt::Display) -> PyErr {
        Python::attach(|py| PyErr::from_type(self.get(py), message.to_string()))
    }
}

static SNL_ERROR: Class = Class::new("SnlError", "The base class of every error snl raises.");
static BOARD_ERROR: Class = Class::new(
    "BoardError",
    "A board that cannot be read, or cannot be played under the rules asked for.\n\n\
     The message says what is wrong, where it was written and how to fix it. When a \
     board has several problems, ``diagnostics`` lists every one (``snl.Diagnostic`` \
     objects, errors first); the message is the first.",
);
static RULES_ERROR: Class = Class::new(
    "RulesError",
    "A rule value that cannot be used: a die with no faces, an unknown finish rule, \
     a start other than 0 or 1, a bonus limit of 0.",
);
static LIMIT_ERROR: Class = Class::new(
    "LimitError",
    "A request beyond what snl computes: an analysis whose memory or work, estimated \
     before it starts, is over the budget (see ``snl.set_budget``), a duel on too large \
     a board, a race of too many players. The message names the value and the limit.",
);
static ANALYSIS_ERROR: Class = Class::new(
    "AnalysisError",
    "An analysis that could not be completed: the iterative solver did not converge, \
     or a picture needs a number that is unbounded on this board.",
);

/// Makes the classes and adds them to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let make = |class: &Class, bases: Vec<Bound<'_, PyType>>| -> PyResult<()> {
        let dict = PyDict::new(py);
        dict.set_item("__doc__", class.doc)?;
        dict.set_item("__module__", "snl")?;
        let ty = py
            .get_type::<PyType>()
            .call1((class.name, PyTuple::new(py, bases)?, dict))?
            .cast_into::<PyType>()?;
        m.add(class.name, &ty)?;
        let _ = class.cell.set(py, ty.unbind());
        Ok(())
    };
    make(&SNL_ERROR, vec![py.get_type::<PyException>()])?;
    let base = SNL_ERROR.get(py);
    let value = py.get_type::<PyValueError>();
    make(&BOARD_ERROR, vec![base.clone(), value.clone()])?;
    make(&RULES_ERROR, vec![base.clone(), value.clone()])?;
    make(&LIMIT_ERROR, vec![base.clone(), value])?;
    make(&ANALYSIS_ERROR, vec![base, py.get_type::<PyRuntimeError>()])?;
    Ok(())
}

/// `snl.BoardError(message)`.
pub fn board(message: impl std::fmt::Display) -> PyErr {
    BOARD_ERROR.err(message)
}

/// `snl.RulesError(message)`.
pub fn rules(message: impl std::fmt::Display) -> PyErr {
    RULES_ERROR.err(message)
}

/// `snl.LimitError(message)`.
pub fn limit(message: impl std::fmt::Display) -> PyErr {
    LIMIT_ERROR.err(message)
}

/// `snl.AnalysisError(message)`.
pub fn analysis(message: impl std::fmt::Display) -> PyErr {
    ANALYSIS_ERROR.err(message)
}

/// A `ValueError` for an argument outside its range (not a board or a rule).
pub fn value(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// The error of one of the library's questions (`snl::plan`), or of the
/// game an analysis asks the board for: `snl.LimitError` for a refusal of
/// the budget (or of the exact arithmetic's size), `snl.AnalysisError`
/// otherwise, a board only the sparse engine holds
/// included. The message is the library's.
pub fn question(e: snl::plan::Error) -> PyErr {
    if e.limit().is_some() || e.exact_too_large().is_some() {
        limit(e)
    } else {
        analysis(e)
    }
}

/// The exception for a refused target or jump (`Board.target`,
/// `Board.via`): squares that cannot be aimed at, or a jump not on the
/// board, are a bad argument (`ValueError`); anything else as
/// [`question`] says.
pub fn target(e: snl::plan::Error) -> PyErr {
    if e.target_error().is_some() {
        value(e)
    } else {
        question(e)
    }
}

/// Warns the Python caller with `message`, as a `UserWarning`.
pub fn user_warning(py: Python<'_>, message: &str) -> PyResult<()> {
    let message = std::ffi::CString::new(message).unwrap_or_default();
    PyErr::warn(
        py,
        &py.get_type::<pyo3::exceptions::PyUserWarning>(),
        &message,
        1,
    )
}
