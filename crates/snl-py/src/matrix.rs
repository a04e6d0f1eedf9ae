//! `Board.transition_matrix` and `Board.fundamental_matrix`: the library's
//! matrices as SciPy and numpy arrays.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use snl::Game;
use snl::markov::matrix::{self, FundamentalError};

use crate::budget::{budget, interruptible};
use crate::errors;

/// A read-only numpy array of `values`, `rows` by `columns`.
fn frozen_2d(py: Python<'_>, values: Vec<f64>, rows: usize, columns: usize) -> PyResult<Py<PyAny>> {
    let array = PyArray1::from_vec(py, values).reshape([rows, columns])?;
    array.readwrite().make_nonwriteable();
    Ok(array.into_any().unbind())
}

/// The transition matrix: `scipy.sparse.csr_matrix` when SciPy can be
/// imported and `dense` is false, else a dense numpy array (refused over
/// the budget by the library's estimate of it).
pub fn transition(py: Python<'_>, game: &Game, dense: bool) -> PyResult<Py<PyAny>> {
    let sparse = if dense {
        None
    } else {
        py.import("scipy.sparse").ok()
    };
    if sparse.is_none() {
        matrix::dense_estimate(game)
            .check("the transition matrix as a dense array", &budget())
            .map_err(|e| {
                errors::limit(format!(
                    "{e}; with SciPy installed it comes as a sparse matrix"
                ))
            })?;
    }
    let p = interruptible(py, |ctl| matrix::transition_matrix_with(game, ctl))?
        .map_err(errors::limit)?;
    let n = p.states();
    let probs = p.probabilities();
    if let Some(sparse) = sparse {
        let data = PyArray1::from_vec(py, probs);
        let indices = PyArray1::from_vec(py, p.indices().to_vec());
        let indptr: Vec<i64> = p.indptr().iter().map(|&i| i as i64).collect();
        let indptr = PyArray1::from_vec(py, indptr);
        let m = sparse
            .getattr("csr_matrix")?
            .call(((data, indices, indptr), (n, n)), None)?;
        return Ok(m.unbind());
    }
    let mut values = vec![0.0; n * n];
    for ((i, j, _), x) in p.triplets().zip(probs) {
        values[i * n + j] = x;
    }
    frozen_2d(py, values, n, n)
}

/// The fundamental matrix as a dense numpy array.
pub fn fundamental(py: Python<'_>, game: &Game) -> PyResult<Py<PyAny>> {
    let n =
        interruptible(py, |ctl| matrix::fundamental_matrix_with(game, ctl))?.map_err(
            |e| match e {
                FundamentalError::Limit(e) => errors::limit(e),
                e => errors::analysis(e),
            },
        )?;
    let t = n.size();
    frozen_2d(py, n.values().to_vec(), t, t)
}
