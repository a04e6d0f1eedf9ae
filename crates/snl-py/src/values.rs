//! Python values written as the text the library's readers take, and how
//! their errors read.

use std::fmt::Write as _;

use num_bigint::BigInt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use snl::input::ParseError;

use crate::errors;

/// How a parse error reads. For input this module wrote itself from Python
/// values, a JSON line and column would point into text the user never saw:
/// only the library's message about the value is kept.
pub fn parse_error(prefix: &str, e: &ParseError, generated: bool) -> PyErr {
    match e {
        ParseError::Json { message, .. } if generated => {
            errors::board(format!("{prefix}{message}"))
        }
        _ => errors::board(format!("{prefix}{e}")),
    }
}

/// Pairs given as a sequence of `(from, to)` or a `{from: to}` mapping.
pub fn pairs(value: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Vec<BigInt>>> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    if let Ok(dict) = value.cast::<PyDict>() {
        return dict
            .iter()
            .map(|(k, v)| Ok(vec![k.extract()?, v.extract()?]))
            .collect();
    }
    value.extract()
}

/// `[[a, b], [c, d]]`.
pub fn json_rows<T: std::fmt::Display>(rows: &[Vec<T>]) -> String {
    let mut out = String::from("[");
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('[');
        for (j, v) in row.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            let _ = write!(out, "{v}");
        }
        out.push(']');
    }
    out.push(']');
    out
}
