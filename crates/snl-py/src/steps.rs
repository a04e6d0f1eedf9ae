//! `Board.roll_steps`: the game with a real die roll by roll, one step at
//! a time.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use snl::markov::rolls::{RollByRoll, RollStep};

use crate::analysis::frozen_array;
use crate::budget::interruptible;
use crate::errors;

/// The steps of a game roll by roll, made as they are asked for: an
/// iterator of one dict a step, from the start's (``rolls`` 0) to roll
/// ``rolls``, or to the roll by which every game has ended.
#[derive(Debug)]
#[pyclass(module = "snl", name = "RollSteps")]
pub struct PyRollSteps {
    walk: RollByRoll,
    /// The rolls still to make.
    left: u32,
    /// Whether the start's step was given.
    started: bool,
}

impl PyRollSteps {
    pub fn new(walk: RollByRoll, rolls: u32) -> PyRollSteps {
        PyRollSteps {
            walk,
            left: rolls,
            started: false,
        }
    }
}

/// A step as the dict Python is given.
fn step_dict<'py>(py: Python<'py>, step: &RollStep) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("rolls", step.rolls)?;
    d.set_item("finished", step.finished)?;
    d.set_item("on", frozen_array(py, step.on.clone()))?;
    d.set_item("landed", frozen_array(py, step.landed.clone()))?;
    d.set_item("climbed", step.climbed)?;
    d.set_item("slid", step.slid)?;
    d.set_item("lost", step.lost)?;
    d.set_item("reset", step.reset)?;
    d.set_item("text", step.sentences())?;
    Ok(d)
}

#[pymethods]
impl PyRollSteps {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        if !self.started {
            self.started = true;
            return step_dict(py, self.walk.step()).map(Some);
        }
        if self.left == 0 || self.walk.ended() {
            return Ok(None);
        }
        self.left -= 1;
        let walk = &mut self.walk;
        interruptible(py, |ctl| walk.roll(ctl).map(|_| ()))?
            .map_err(|e| errors::question(e.into()))?;
        step_dict(py, self.walk.step()).map(Some)
    }
}
