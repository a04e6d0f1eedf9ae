//! snl for Python: the `snl` module.
//!
//! Every class wraps a value of the [`snl`] library (or a picture of
//! [`snl_draw`]) and adds nothing but conversion: Python arguments in,
//! library calls, answers out as plain objects, `int`, `fractions.Fraction`
//! and read-only numpy arrays. Long work runs without the GIL, under the
//! module's budget (refused up front when the library's estimate is over
//! it), and stops on Ctrl-C. The Python package (`python/snl`) re-exports this
//! compiled module, `snl._snl`, and carries its type stubs.
//!
//! The module is tested from Python (`tests/`, run with pytest in a fresh
//! virtual environment by `.ci/run`).

// PyO3 extracts every argument into an owned value (a `Vec`, a `PyRef`) and
// hands it over by value; the signatures cannot take references instead.
#![allow(clippy::needless_pass_by_value)]

mod analysis;
mod board;
mod budget;
mod design;
mod diagnostic;
mod errors;
mod matrix;
mod play;
mod rules;
mod steps;
mod values;

use pyo3::prelude::*;

/// `s` as Python's `repr` writes a string: in single quotes unless it holds
/// one and no double quote.
pub(crate) fn quote(s: &str) -> String {
    let q = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(q);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c if c == '"' || c == '\'' => out.push(c),
            c => out.extend(c.escape_debug()),
        }
    }
    out.push(q);
    out
}

/// `repr` of a list of strings or numbers, as Python writes it.
pub(crate) fn list_repr<T: std::fmt::Display>(items: &[T]) -> String {
    let items: Vec<String> = items.iter().map(ToString::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// The names of the built-in boards, Milton Bradley's first; load one with
/// ``snl.Board.preset(name)``.
#[pyfunction]
fn presets() -> Vec<&'static str> {
    snl::presets::all().iter().map(|p| p.name).collect()
}

/// A built-in board's title and where its layout and rules come from, as
/// ``{"name": ..., "title": ..., "source": ...}``.
#[pyfunction]
fn preset_info(name: &str) -> PyResult<std::collections::BTreeMap<&'static str, &'static str>> {
    let p = snl::presets::find(name).ok_or_else(|| {
        errors::board(format!(
            "there is no preset `{name}`; the presets are {} (see snl.presets())",
            presets().join(", ")
        ))
    })?;
    Ok([("name", p.name), ("title", p.title), ("source", p.source)].into())
}

/// The Snakes and Ladders analyser.
#[pymodule]
#[pyo3(name = "_snl")]
fn snl_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(preset_info, m)?)?;
    m.add_function(wrap_pyfunction!(budget::get_budget, m)?)?;
    m.add_function(wrap_pyfunction!(budget::set_budget, m)?)?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<diagnostic::PyDiagnostic>()?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<analysis::PySolution>()?;
    m.add_class::<analysis::PyMove>()?;
    m.add_class::<analysis::PyExpectation>()?;
    m.add_class::<analysis::PyLeftOut>()?;
    m.add_class::<analysis::PyVisits>()?;
    m.add_class::<analysis::PyJumpImpact>()?;
    m.add_class::<analysis::PyWithinChance>()?;
    m.add_class::<analysis::PyRun>()?;
    m.add_class::<steps::PyRollSteps>()?;
    m.add_class::<play::PySimulation>()?;
    m.add_class::<play::PyRace>()?;
    m.add_class::<play::PyDuel>()?;
    m.add_function(wrap_pyfunction!(design::design, m)?)?;
    m.add_class::<design::PyDesign>()?;
    m.add_class::<design::PyDesigned>()?;
    m.add_class::<design::PyVerdict>()?;
    Ok(())
}
