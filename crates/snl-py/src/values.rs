//! Python values written as the text the library's readers take, and how
//! their errors read; the library's answers as the Python values a pickle
//! holds.

use std::fmt::Write as _;

use num_bigint::BigInt;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};
use serde_json::{Number, Value};
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

/// An answer of the library (one of `snl::answer`'s) as the Python value
/// `json.loads` makes of its JSON: what a pickle of the answer holds. Its
/// floats are Python's own, so they come back to the last bit.
pub fn to_state<T: serde::Serialize>(py: Python<'_>, answer: &T) -> PyResult<Py<PyAny>> {
    let value = serde_json::to_value(answer).map_err(errors::analysis)?;
    Ok(value_to_py(py, &value)?.unbind())
}

/// The answer a pickle held, from [`to_state`]'s value.
pub fn from_state<T: serde::de::DeserializeOwned>(state: &Bound<'_, PyAny>) -> PyResult<T> {
    from_value(py_to_value(state)?)
}

/// The answer `value` holds.
pub fn from_value<T: serde::de::DeserializeOwned>(value: Value) -> PyResult<T> {
    serde_json::from_value(value).map_err(errors::value)
}

fn value_to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else {
                n.as_f64()
                    .expect("a JSON number is a float when no integer")
                    .into_pyobject(py)?
                    .into_any()
            }
        }
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|v| value_to_py(py, v))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, value_to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// [`to_state`]'s value as the JSON value it was made from.
pub fn py_to_value(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        return Ok(match i.extract::<u64>() {
            Ok(u) => Value::from(u),
            Err(_) => Value::from(i.extract::<i64>()?),
        });
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| errors::value("an answer holds no infinite or NaN float"));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = serde_json::Map::new();
        for (k, v) in d.iter() {
            map.insert(k.extract::<String>()?, py_to_value(&v)?);
        }
        return Ok(Value::Object(map));
    }
    let items = obj
        .try_iter()?
        .map(|item| py_to_value(&item?))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(Value::Array(items))
}
