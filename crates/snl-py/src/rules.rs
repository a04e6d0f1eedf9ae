//! `snl.Rules`: the rules a board is played under.

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString, PyTuple};
use snl::{Bonus, Die, Finish, Optional, Start};

use crate::errors;

/// The rules a game is played under. Frozen: ``replace`` makes a changed copy.
///
/// Every argument has the default of LeetCode 909 and most exercises.
///
/// - ``die``: ``"d6"`` (a fair die with faces 1 to 6), ``"2d6"`` (the sum of
///   two dice), a number of faces (``8``), or the weights of faces 1, 2, ...
///   as a list (``[1, 1, 1, 1, 1, 2]``) or a string (``"1,1,1,1,1,2"``).
/// - ``finish``: what a roll that would pass the last square does:
///   ``"exact"`` (the roll is lost), ``"bounce"`` (walk back the excess) or
///   ``"pass"`` (reaching or passing the end wins).
/// - ``chain``: whether a jump that ends on another jump's start is followed.
/// - ``start``: ``1`` (on square 1) or ``0`` (off the board: a first roll of
///   r lands on square r, as in Milton Bradley's game).
/// - ``bonus``: rolling the die's top value gives another roll in the turn.
/// - ``bonus_limit``: with bonus rolls, the Nth top value in a row sends the
///   pawn back to the start (implies ``bonus``).
/// - ``optional``: which jumps a player may decline, staying on the jump's
///   start: ``"none"`` (every jump is taken), ``"ladders"``, ``"snakes"`` or
///   ``"all"``. ``Board.expect`` plays the choice that makes the expected
///   game shortest and ``Board.solve`` includes it in its search; other
///   analyses refuse such rules (``snl.BoardError``).
///
/// >>> snl.Rules(finish="bounce", start=0)
/// Rules(die='d6', finish='bounce', chain=False, start=0, bonus=False, bonus_limit=None, optional='none')
#[pyclass(frozen, eq, hash, module = "snl", name = "Rules")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PyRules(pub snl::Rules);

/// What a die can be written as, for messages.
const DIE_FORMS: &str =
    "write \"d6\", \"2d6\", a number of faces, or a list of weights for faces 1, 2, ...";

/// A die from what a Python user writes for one: a string, a number of
/// faces, or a list (or tuple, or other sequence of whole numbers) of
/// weights. Bytes are refused rather than read as weights of their values.
pub fn die(value: &Bound<'_, PyAny>) -> PyResult<Die> {
    if let Ok(text) = value.cast::<PyString>() {
        return text.to_cow()?.parse::<Die>().map_err(errors::rules);
    }
    if value.is_instance_of::<PyBytes>() || value.is_instance_of::<PyByteArray>() {
        return Err(errors::rules(format!(
            "{} is not a die: bytes are not read as text or as weights; {DIE_FORMS} (a text die \
             as a str: decode it first)",
            value.repr()?
        )));
    }
    if let Ok(faces) = value.extract::<i64>() {
        return u32::try_from(faces)
            .map_err(|_| snl::RulesError::Faces(faces))
            .and_then(Die::uniform)
            .map_err(errors::rules);
    }
    if let Ok(weights) = value.extract::<Vec<i64>>() {
        let weights = weights
            .iter()
            .map(|&w| {
                u64::try_from(w).map_err(|_| snl::RulesError::DieSpec(format!("{weights:?}")))
            })
            .collect::<Result<Vec<u64>, _>>()
            .map_err(errors::rules)?;
        return Die::weighted(weights).map_err(errors::rules);
    }
    Err(errors::rules(format!(
        "{} is not a die: {DIE_FORMS}",
        value.repr()?
    )))
}

impl PyRules {
    /// The rules from their Python arguments.
    pub fn build(
        die_value: Option<&Bound<'_, PyAny>>,
        finish: &str,
        chain: bool,
        start: i64,
        bonus: bool,
        bonus_limit: Option<i64>,
        optional: &str,
    ) -> PyResult<PyRules> {
        let die = match die_value {
            Some(v) => die(v)?,
            None => Die::default(),
        };
        let finish = finish.parse::<Finish>().map_err(errors::rules)?;
        let start = u64::try_from(start)
            .ok()
            .and_then(Start::from_position)
            .ok_or_else(|| errors::rules(snl::RulesError::Start(start)))?;
        let bonus = match bonus_limit {
            Some(n) => Some(
                u32::try_from(n)
                    .map_err(|_| {
                        errors::rules(format!(
                            "the bonus limit must be a whole number from 1 to {}, not {n}",
                            u32::MAX
                        ))
                    })
                    .and_then(|n| Bonus::with_limit(n).map_err(errors::rules))?,
            ),
            None if bonus => Some(Bonus::unlimited()),
            None => None,
        };
        let optional = optional.parse::<Optional>().map_err(errors::rules)?;
        Ok(PyRules(snl::Rules {
            die,
            finish,
            chain,
            start,
            bonus,
            optional,
        }))
    }
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (die = None, finish = "exact", chain = false, start = 1, bonus = false, bonus_limit = None, optional = "none"))]
    fn new(
        die: Option<&Bound<'_, PyAny>>,
        finish: &str,
        chain: bool,
        start: i64,
        bonus: bool,
        bonus_limit: Option<i64>,
        optional: &str,
    ) -> PyResult<PyRules> {
        PyRules::build(die, finish, chain, start, bonus, bonus_limit, optional)
    }

    /// The die: ``"d6"`` for a fair die, ``"2d6"`` for a sum of fair dice,
    /// else the weights of faces 1, 2, ... (``"1,1,1,1,1,2"``).
    #[getter]
    fn die(&self) -> String {
        self.0.die.to_string()
    }

    /// The number of faces of a fair die; ``None`` for any other die.
    #[getter]
    fn faces(&self) -> Option<u32> {
        self.0.die.is_uniform().then(|| self.0.die.max())
    }

    /// The chance of each roll value, as ``{value: probability}``, smallest
    /// value first.
    #[getter]
    fn probabilities(&self) -> Vec<(u32, f64)> {
        self.0.die.chances().collect()
    }

    /// ``"exact"``, ``"bounce"`` or ``"pass"``.
    #[getter]
    fn finish(&self) -> String {
        self.0.finish.to_string()
    }

    /// Whether a jump that ends on another jump's start is followed too.
    #[getter]
    fn chain(&self) -> bool {
        self.0.chain
    }

    /// Where the pawn starts: 1 (square 1) or 0 (off the board).
    #[getter]
    fn start(&self) -> u32 {
        self.0.start.position()
    }

    /// Whether rolling the die's top value gives another roll.
    #[getter]
    fn bonus(&self) -> bool {
        self.0.bonus.is_some()
    }

    /// With bonus rolls, how many top values in a row send the pawn back to
    /// the start; ``None`` for no limit (or no bonus rolls).
    #[getter]
    fn bonus_limit(&self) -> Option<u32> {
        self.0
            .bonus
            .and_then(|b| b.limit)
            .map(std::num::NonZeroU32::get)
    }

    /// Which jumps a player may decline: ``"none"``, ``"ladders"``,
    /// ``"snakes"`` or ``"all"``.
    #[getter]
    fn optional(&self) -> String {
        self.0.optional.to_string()
    }

    /// A copy with the given rules changed, the others kept:
    /// ``rules.replace(finish="bounce")``. ``bonus_limit=None`` removes the
    /// limit; ``bonus=False`` turns bonus rolls (and any limit) off.
    #[pyo3(signature = (**changes))]
    fn replace<'py>(
        &self,
        py: Python<'py>,
        changes: Option<&Bound<'py, pyo3::types::PyDict>>,
    ) -> PyResult<PyRules> {
        let mut die = Some(PyString::new(py, &self.die()).into_any());
        let mut finish = self.finish();
        let mut chain = self.0.chain;
        let mut start = i64::from(self.start());
        let mut bonus = self.bonus();
        let mut limit = self.bonus_limit().map(i64::from);
        let mut optional = self.optional();
        if let Some(changes) = changes {
            for (key, value) in changes.iter() {
                let key: String = key.extract()?;
                match key.as_str() {
                    "die" => die = Some(value),
                    "finish" => finish = value.extract()?,
                    "chain" => chain = value.extract()?,
                    "start" => start = value.extract()?,
                    "bonus" => {
                        bonus = value.extract()?;
                        if !bonus {
                            limit = None;
                        }
                    }
                    "bonus_limit" => limit = value.extract()?,
                    "optional" => optional = value.extract()?,
                    _ => {
                        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                            "Rules has no rule `{key}`; the rules are die, finish, chain, start, bonus, bonus_limit and optional"
                        )));
                    }
                }
            }
        }
        PyRules::build(die.as_ref(), &finish, chain, start, bonus, limit, &optional)
    }

    pub(crate) fn __repr__(&self) -> String {
        let py_bool = |b: bool| if b { "True" } else { "False" };
        format!(
            "Rules(die='{}', finish='{}', chain={}, start={}, bonus={}, bonus_limit={}, optional='{}')",
            self.die(),
            self.finish(),
            py_bool(self.0.chain),
            self.start(),
            py_bool(self.bonus()),
            self.bonus_limit()
                .map_or_else(|| "None".to_string(), |n| n.to_string()),
            self.optional(),
        )
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let r = slf.get();
        let py = slf.py();
        let args = (
            r.die(),
            r.finish(),
            r.0.chain,
            r.start(),
            r.bonus(),
            r.bonus_limit(),
            r.optional(),
        )
            .into_pyobject(py)?;
        Ok((slf.get_type().into_any(), args))
    }
}
