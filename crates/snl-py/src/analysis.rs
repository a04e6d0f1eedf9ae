//! The answers of `solve` and `expect`: plain objects with named fields,
//! numpy arrays for everything indexed by roll count or square. Each is
//! the library's answer (`snl::answer`, the JSON of `snl solve --json` and
//! `snl expect --json`) read for Python, whichever engine gave it.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use num_bigint::BigUint;
use num_rational::BigRational;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use snl::Game;
use snl::answer::{ExpectAnswer, LeftOut, LengthStats, PathRun, SolveAnswer, WithinAnswer};
use snl::markov::{self, Distribution, MarkovError, Visits};
use snl::plan::{self, Counted, ExpectQuery, Length, Solved, Subject, Uncounted};

use crate::board::PyBoard;
use crate::budget::interruptible;
use crate::errors;
use crate::quote;
use crate::rules::PyRules;
use crate::values::{from_state, from_value, py_to_value, to_state};

/// A numpy array of `values` that Python cannot write to: answers are
/// frozen, and an array handed out twice must read the same both times.
pub fn frozen_array<T: numpy::Element>(py: Python<'_>, values: Vec<T>) -> Py<PyArray1<T>> {
    let array = PyArray1::from_vec(py, values);
    array.readwrite().make_nonwriteable();
    array.unbind()
}

/// The values of a numpy array (or any sequence of floats), for a pickle.
fn floats(array: &Py<PyArray1<f64>>, py: Python<'_>) -> Vec<f64> {
    array.bind(py).readonly().as_slice().map_or_else(
        |_| array.bind(py).to_vec().unwrap_or_default(),
        <[f64]>::to_vec,
    )
}

/// `math.inf` for an unbounded value.
fn or_inf(v: Option<f64>) -> f64 {
    v.unwrap_or(f64::INFINITY)
}

/// `snl.LimitError` for a refusal of the budget, `snl.AnalysisError`
/// otherwise.
pub fn markov_error(e: MarkovError) -> PyErr {
    match e {
        MarkovError::Limit(e) => errors::limit(e),
        e => errors::analysis(e),
    }
}

/// A path longer than this many rolls is given as its runs alone: a list
/// of that many ``snl.Move`` objects would take gigabytes.
const PATH_MOVES: u64 = 10_000_000;

/// One roll of a path: the value rolled (``roll``), the square it lands on
/// (``land``) and the square the pawn comes to rest on after any jump
/// (``to``).
#[pyclass(frozen, eq, hash, module = "snl", name = "Move")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove {
    /// The value rolled.
    #[pyo3(get)]
    roll: u32,
    /// The square the roll lands on, before any jump.
    #[pyo3(get)]
    land: u64,
    /// The square the pawn rests on, after any jump.
    #[pyo3(get)]
    to: u64,
}

#[pymethods]
impl PyMove {
    /// ``"ladder"`` or ``"snake"`` when the move took a jump, else ``None``.
    #[getter]
    fn jump(&self) -> Option<&'static str> {
        match self.to.cmp(&self.land) {
            std::cmp::Ordering::Greater => Some("ladder"),
            std::cmp::Ordering::Less => Some("snake"),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Rebuilds a pickled move.
    #[staticmethod]
    fn _from_pickle(roll: u32, land: u64, to: u64) -> PyMove {
        PyMove { roll, land, to }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u32, u64, u64))> {
        let m = slf.get();
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            (m.roll, m.land, m.to),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Move(roll={}, land={}, to={})",
            self.roll, self.land, self.to
        )
    }
}

/// ``count`` rolls of ``roll`` in a row from square ``from_``: they land
/// on ``from_ + roll``, ``from_ + 2 * roll``, ..., plain squares, but the
/// last, which lands on ``land`` and rests on ``to`` (after any jump), as a
/// run of ``path`` in ``snl solve --json``.
#[pyclass(frozen, eq, hash, module = "snl", name = "Run")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRun {
    /// The value rolled.
    #[pyo3(get)]
    roll: u32,
    /// How many times in a row.
    #[pyo3(get)]
    count: u64,
    /// The square the pawn stood on before the run.
    #[pyo3(get)]
    from_: u64,
    /// The square the run's last roll lands on.
    #[pyo3(get)]
    land: u64,
    /// The square the pawn rests on after the run.
    #[pyo3(get)]
    to: u64,
}

impl From<&PathRun> for PyRun {
    fn from(r: &PathRun) -> PyRun {
        PyRun {
            roll: r.roll,
            count: r.count,
            from_: r.from,
            land: r.land,
            to: r.to,
        }
    }
}

impl PyRun {
    /// The run's rolls one by one: all but the last land on plain squares.
    fn moves(&self) -> impl Iterator<Item = PyMove> + '_ {
        (1..=self.count).map(move |i| {
            let at = self.from_ + i * u64::from(self.roll);
            if i == self.count {
                PyMove {
                    roll: self.roll,
                    land: self.land,
                    to: self.to,
                }
            } else {
                PyMove {
                    roll: self.roll,
                    land: at,
                    to: at,
                }
            }
        })
    }
}

#[pymethods]
impl PyRun {
    /// Rebuilds a pickled run.
    #[staticmethod]
    fn _from_pickle(roll: u32, count: u64, from_: u64, land: u64, to: u64) -> PyRun {
        PyRun {
            roll,
            count,
            from_,
            land,
            to,
        }
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (u32, u64, u64, u64, u64))> {
        let r = slf.get();
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            (r.roll, r.count, r.from_, r.land, r.to),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Run(roll={}, count={}, from_={}, land={}, to={})",
            self.roll, self.count, self.from_, self.land, self.to
        )
    }
}

/// Why the optimal sequences were not counted, in the library's words,
/// with how to ask for them from Python.
fn uncounted(why: &Uncounted) -> String {
    match why {
        Uncounted::NotAsked => "not asked for (count=False)".to_string(),
        Uncounted::TooLong { .. } => format!("{why}; count=True counts them"),
        Uncounted::OverBudget(_) => {
            format!("{why}; snl.set_budget(None, None) lifts the budget to count them anyway")
        }
        _ => why.to_string(),
    }
}

/// The answer of ``Board.solve``: the fewest rolls to the last square when
/// every roll is chosen, as ``snl solve --json`` gives it, whichever
/// engine answered (``engine``: ``"dense"`` or ``"sparse"``).
///
/// ``min_rolls`` is ``None`` when the last square cannot be reached.
/// ``runs`` is the optimal sequence whose rolls come first in dictionary
/// order, as runs of equal rolls (a path of 10^12 rolls is a handful of
/// runs); ``path`` the same roll by roll (``None`` past ten million rolls);
/// both are empty when the last square cannot be reached.
/// ``optimal_sequences`` counts every optimal roll sequence exactly;
/// ``None`` where they were not counted, and ``uncounted`` says why (it is
/// ``None`` when they were). Counted by the sparse engine (in 128 bits), a
/// count that does not fit is ``optimal_sequences_at_least`` 2^128 - 1.
#[pyclass(frozen, module = "snl", name = "Solution")]
#[derive(Debug)]
pub struct PySolution {
    answer: SolveAnswer,
    uncounted: Option<String>,
    rules: PyRules,
}

impl PySolution {
    /// The answer `solved` gives of `subject`.
    pub fn new(subject: &Subject, solved: &Solved) -> PySolution {
        PySolution {
            answer: SolveAnswer::new(subject, solved),
            uncounted: match &solved.count {
                Counted::Not(why) => Some(uncounted(why)),
                _ => None,
            },
            rules: PyRules(subject.rules().clone()),
        }
    }

    fn runs_of(&self) -> impl Iterator<Item = PyRun> + '_ {
        self.answer.path.iter().map(PyRun::from)
    }
}

/// A count written as a decimal string, as an ``int``.
fn count(text: Option<&String>) -> Option<BigUint> {
    text.map(|t| t.parse().expect("the library writes a count in decimal"))
}

#[pymethods]
impl PySolution {
    /// ``"dense"`` or ``"sparse"``: the engine that answered, as
    /// ``engine`` in ``snl solve --json``.
    #[getter]
    fn engine(&self) -> &'static str {
        self.answer.engine.name()
    }

    /// The fewest rolls, or ``None`` when the last square cannot be reached.
    #[getter]
    fn min_rolls(&self) -> Option<u64> {
        self.answer.min_rolls
    }

    /// One optimal sequence, as runs of equal rolls (``snl.Run``).
    #[getter]
    fn runs(&self) -> Vec<PyRun> {
        self.runs_of().collect()
    }

    /// The same sequence roll by roll (``snl.Move``); ``None`` when it is
    /// longer than ten million rolls (see ``runs``).
    #[getter]
    fn path(&self) -> Option<Vec<PyMove>> {
        if self.answer.min_rolls.is_some_and(|k| k > PATH_MOVES) {
            return None;
        }
        Some(
            self.runs_of()
                .flat_map(|r| r.moves().collect::<Vec<_>>())
                .collect(),
        )
    }

    /// How many roll sequences reach the last square in the fewest rolls
    /// (two rolls that lead to the same square count as different), exact;
    /// ``None`` when not counted (see ``uncounted``) or more than 128 bits
    /// hold (see ``optimal_sequences_at_least``).
    #[getter]
    fn optimal_sequences(&self) -> Option<BigUint> {
        count(self.answer.optimal_sequences.as_ref())
    }

    /// Where the sparse engine counted more optimal sequences than its 128
    /// bits hold: 2^128 - 1; ``None`` otherwise.
    #[getter]
    fn optimal_sequences_at_least(&self) -> Option<BigUint> {
        count(self.answer.optimal_sequences_at_least.as_ref())
    }

    /// Why the optimal sequences were not counted (the board is long, the
    /// count is over the budget, it was not asked for, the last square
    /// cannot be reached); ``None`` when they were.
    #[getter]
    fn uncounted(&self) -> Option<String> {
        self.uncounted.clone()
    }

    /// The rules the answer holds under.
    #[getter]
    fn rules(&self) -> PyRules {
        self.rules.clone()
    }

    /// Under optional jumps, the jumps the path declines: ``(step, from,
    /// to)`` for the roll (counting from 1) that stops on the start
    /// ``from`` of a jump to ``to`` and stays, as the ``declined`` of
    /// ``snl solve --optional --json``; empty otherwise.
    #[getter]
    fn declined(&self) -> Vec<(u64, u64, u64)> {
        self.answer
            .declined
            .iter()
            .map(|d| (d.step, d.from, d.to))
            .collect()
    }

    /// Rebuilds a pickled solution.
    #[staticmethod]
    fn _from_pickle(
        answer: &Bound<'_, PyAny>,
        uncounted: Option<String>,
        rules: PyRef<'_, PyRules>,
    ) -> PyResult<PySolution> {
        Ok(PySolution {
            answer: from_state(answer)?,
            uncounted,
            rules: rules.clone(),
        })
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let s = slf.get();
        let py = slf.py();
        let args = (
            to_state(py, &s.answer)?,
            s.uncounted.clone(),
            s.rules.clone(),
        );
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            args.into_pyobject(py)?,
        ))
    }

    fn __repr__(&self) -> String {
        let opt = |v: Option<String>| v.unwrap_or_else(|| "None".to_string());
        let count = opt(self.optimal_sequences().map(|n| n.to_string()));
        let rolls = opt(self.answer.min_rolls.map(|v| v.to_string()));
        match self.answer.engine {
            plan::Engine::Dense => format!(
                "Solution(min_rolls={rolls}, optimal_sequences={count}, path=[{} moves])",
                self.answer.min_rolls.unwrap_or(0)
            ),
            engine => format!(
                "Solution(min_rolls={rolls}, optimal_sequences={count}, runs=[{} runs], engine={})",
                self.answer.path.len(),
                quote(engine.name())
            ),
        }
    }
}

/// Figures an answer left out and why, to raise when they are read: the
/// class of the error and its message.
#[derive(Debug, Clone)]
struct Failed {
    limit: bool,
    message: String,
}

impl Failed {
    fn of(e: &plan::Error) -> Failed {
        Failed {
            limit: e.limit().is_some() || e.exact_too_large().is_some(),
            message: e.to_string(),
        }
    }

    fn raise(&self) -> PyErr {
        if self.limit {
            errors::limit(&self.message)
        } else {
            errors::analysis(&self.message)
        }
    }
}

/// The answer of ``Board.expect``: the exact statistics of how long one
/// player's game with a real die lasts, counted in rolls (or turns), as
/// ``snl expect --json`` gives them, whichever engine answered
/// (``engine``: ``"dense"`` or ``"sparse"``).
///
/// ``mean``, ``variance``, ``std_dev`` and ``never_finishes`` are always
/// given; the sparse engine states a bound on the error of each
/// (``mean_error``, ...; ``None`` from the dense engine, whose figures are
/// exact to rounding). The distribution (``pmf``, ``cdf``, ``median``,
/// ``mode``, ``quantile``, ``within``) is what the call followed: where it
/// was not followed (its estimate over the work allowed, the sparse
/// engine, a best play that is no plain game) those figures are ``None``
/// and ``left_out`` says why, except that no game ends within fewer rolls
/// than ``min_rolls``.
///
/// On a board where the pawn can get stuck for ever the mean, variance and
/// standard deviation are ``math.inf``, ``never_finishes`` is the chance of
/// that, and the distribution still says how the finishing games end.
#[pyclass(frozen, module = "snl", name = "Expectation")]
#[derive(Debug)]
pub struct PyExpectation {
    /// The library's answer.
    answer: ExpectAnswer,
    /// Whether the figures are of turns.
    by_turns: bool,
    /// The distribution of the length in the unit asked, where it was
    /// followed (to its end, or until the work allowed ran out).
    distribution: Option<Distribution>,
    /// The visits, where asked for: `None` where a count is unbounded.
    visits: Option<Result<Option<Arc<Visits>>, Failed>>,
    /// What was asked of whom: for a figure read that was not asked for.
    subject: Arc<Subject>,
    query: ExpectQuery,
    pmf: OnceLock<Py<PyArray1<f64>>>,
    cdf: OnceLock<Py<PyArray1<f64>>>,
    exact: OnceLock<Option<BigRational>>,
}

impl PyExpectation {
    /// `query` of `subject`, answered by the library's one call, in turns
    /// when `by_turns`.
    pub fn ask(
        py: Python<'_>,
        subject: Arc<Subject>,
        query: ExpectQuery,
        by_turns: bool,
    ) -> PyResult<PyExpectation> {
        let expectation = Self::expectation(py, &subject, &query)?;
        let answer = ExpectAnswer::new(&subject, &expectation);
        let policy_turns = by_turns && answer.policy.is_some() && answer.turns.is_none();
        if policy_turns && subject.rules().bonus.is_some() {
            return Err(errors::analysis(
                "the best play picks among dice or by the bonus streak, and its statistics are \
                 given in rolls, as `snl expect` gives them; use by_turns=False",
            ));
        }
        let distribution = match &expectation.length {
            Length::Dense { rolls, turns, .. } => {
                let stats = match turns {
                    Some((turns, _)) if by_turns => turns,
                    _ => rolls,
                };
                stats.skipped.is_none().then(|| stats.distribution.clone())
            }
            _ => None,
        };
        let visits = expectation.visits.as_ref().map(|v| match v {
            Ok(visits) => Ok(visits.clone().map(Arc::new)),
            Err(e) => Err(Failed::of(e)),
        });
        Ok(PyExpectation {
            answer,
            by_turns,
            distribution,
            visits,
            subject,
            query,
            pmf: OnceLock::new(),
            cdf: OnceLock::new(),
            exact: OnceLock::new(),
        })
    }

    /// The library's answer to `query` of `subject`.
    fn expectation(
        py: Python<'_>,
        subject: &Subject,
        query: &ExpectQuery,
    ) -> PyResult<plan::Expectation> {
        interruptible(py, |ctl| plan::expect(subject, query, ctl))?.map_err(errors::question)
    }

    /// The same question, of the same dice, with the figure `more` sets
    /// asked for: for a figure read that was not asked for.
    fn ask_again(
        &self,
        py: Python<'_>,
        more: impl FnOnce(&mut ExpectQuery),
    ) -> PyResult<(plan::Expectation, ExpectAnswer)> {
        let mut query = ExpectQuery {
            dice: self.query.dice.clone(),
            ..ExpectQuery::default()
        };
        more(&mut query);
        let expectation = Self::expectation(py, &self.subject, &query)?;
        let answer = ExpectAnswer::new(&self.subject, &expectation);
        Ok((expectation, answer))
    }

    /// The statistics in the unit asked for: turns under the bonus rule,
    /// else rolls (a turn is then one roll).
    fn stats(&self) -> &LengthStats {
        Self::stats_of(&self.answer, self.by_turns)
    }

    fn stats_of(answer: &ExpectAnswer, by_turns: bool) -> &LengthStats {
        match &answer.turns {
            Some(turns) if by_turns => turns,
            _ => &answer.rolls,
        }
    }

    fn bound(&self, pick: impl FnOnce(&snl::answer::ErrorBounds) -> f64) -> Option<f64> {
        self.answer.error_bounds.as_ref().map(pick)
    }

    /// Each jump's impact, from an answer that gave it.
    fn impact_of(answer: &ExpectAnswer) -> Vec<PyJumpImpact> {
        let mean = answer.rolls.mean;
        answer
            .impact
            .iter()
            .flatten()
            .map(|i| PyJumpImpact {
                jump: (i.from, i.to),
                kind: i.kind.clone(),
                mean_without: or_inf(i.mean_without),
                change: match (i.mean_without, mean) {
                    (Some(without), Some(with)) => Some(i.change.unwrap_or(without - with)),
                    (None, Some(_)) => Some(f64::INFINITY),
                    (Some(_), None) => Some(f64::NEG_INFINITY),
                    (None, None) => None,
                },
            })
            .collect()
    }
}

/// The `ExpectAnswer` a pickle held (see [`to_state`]). Its chances within
/// K rolls are keyed by K, which JSON writes as a string and a JSON value
/// does not read back as a number: they are read apart.
fn expect_answer(state: &Bound<'_, PyAny>) -> PyResult<ExpectAnswer> {
    let mut value = py_to_value(state)?;
    let rolls = take_within(&mut value)?;
    let turns = match value.get_mut("turns") {
        Some(turns) if turns.is_object() => Some(take_within(turns)?),
        _ => None,
    };
    let mut answer: ExpectAnswer = from_value(value)?;
    answer.rolls.within = rolls;
    if let (Some(stats), Some(within)) = (&mut answer.turns, turns) {
        stats.within = within;
    }
    Ok(answer)
}

/// The chances within K of a `LengthStats` value, left empty there.
fn take_within(stats: &mut serde_json::Value) -> PyResult<BTreeMap<usize, Option<f64>>> {
    let within = stats
        .get_mut("within")
        .map(|w| std::mem::replace(w, serde_json::Value::Object(serde_json::Map::new())));
    let Some(serde_json::Value::Object(map)) = within else {
        return Ok(BTreeMap::new());
    };
    map.into_iter()
        .map(|(k, v)| {
            let k = k.parse::<usize>().map_err(errors::value)?;
            Ok((k, v.as_f64()))
        })
        .collect()
}

/// A fraction written `"n/d"`, as a ``fractions.Fraction``.
fn fraction(text: &str) -> BigRational {
    text.parse()
        .expect("the library writes an exact mean as n/d")
}

#[pymethods]
impl PyExpectation {
    /// ``"dense"`` or ``"sparse"``: the engine that answered, as
    /// ``engine`` in ``snl expect --json``.
    #[getter]
    fn engine(&self) -> &'static str {
        self.answer.engine.name()
    }

    /// The expected number of rolls (or turns); ``math.inf`` when the pawn
    /// can get stuck.
    #[getter]
    fn mean(&self) -> f64 {
        or_inf(self.stats().mean)
    }

    /// The variance; ``math.inf`` when the pawn can get stuck.
    #[getter]
    fn variance(&self) -> f64 {
        or_inf(self.stats().variance)
    }

    /// The standard deviation; ``math.inf`` when the pawn can get stuck.
    #[getter]
    fn std_dev(&self) -> f64 {
        or_inf(self.stats().std_dev)
    }

    /// The chance that the game never ends (the pawn reaches a square from
    /// which the last square cannot be reached).
    #[getter]
    fn never_finishes(&self) -> f64 {
        self.stats().never_finishes
    }

    /// The bound on the error of ``mean``, from the sparse engine; ``None``
    /// from the dense one.
    #[getter]
    fn mean_error(&self) -> Option<f64> {
        self.bound(|b| b.mean)
    }

    /// The bound on the error of ``variance``, from the sparse engine.
    #[getter]
    fn variance_error(&self) -> Option<f64> {
        self.bound(|b| b.variance)
    }

    /// The bound on the error of ``std_dev``, from the sparse engine.
    #[getter]
    fn std_dev_error(&self) -> Option<f64> {
        self.bound(|b| b.std_dev)
    }

    /// The bound on the error of ``never_finishes``, from the sparse
    /// engine.
    #[getter]
    fn never_finishes_error(&self) -> Option<f64> {
        self.bound(|b| b.never_finishes)
    }

    /// The fewest rolls in which the last square can be reached, choosing
    /// every roll (and every optional jump and die), as ``solve`` finds
    /// them; ``None`` when it cannot be.
    #[getter]
    fn min_rolls(&self) -> Option<u64> {
        self.answer.min_rolls
    }

    /// Whether this counts turns (``by_turns=True``) rather than rolls.
    #[getter]
    fn by_turns(&self) -> bool {
        self.by_turns
    }

    /// The rules the answer holds under.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(self.subject.rules().clone())
    }

    /// Under optional jumps, the best play: a list with a dict for each
    /// optional jump, ``{"from": 4, "to": 14, "kind": "ladder", "play":
    /// "declined"}`` (``play`` is ``"taken"`` or ``"declined"``), as the
    /// ``policy.jumps`` of ``snl expect --optional --json``; ``None``
    /// without a choice.
    #[getter]
    fn policy<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<Bound<'py, PyDict>>>> {
        let Some(policy) = &self.answer.policy else {
            return Ok(None);
        };
        policy
            .jumps
            .iter()
            .map(|j| {
                let d = PyDict::new(py);
                d.set_item("from", j.from)?;
                d.set_item("to", j.to)?;
                d.set_item("kind", &j.kind)?;
                d.set_item("play", &j.play)?;
                Ok(d)
            })
            .collect::<PyResult<Vec<_>>>()
            .map(Some)
    }

    /// With dice to pick from (``choose_dice``): the dice, as
    /// ``--choose-die`` reads them (``["d6", "1,1,1,0,0,0"]``); ``None``
    /// otherwise.
    #[getter]
    fn dice(&self) -> Option<Vec<String>> {
        let policy = self.answer.policy.as_ref()?;
        (!policy.dice.is_empty()).then(|| policy.dice.clone())
    }

    /// With dice to pick from: for each position from 0 (off the board)
    /// to the last square, the die the best play picks there at the start
    /// of a turn, an index into ``dice``, as ``policy.die_by_square`` of
    /// ``snl expect --choose-die --json``; ``None`` otherwise.
    #[getter]
    fn die_by_square(&self) -> Option<Vec<usize>> {
        self.answer.policy.as_ref()?.die_by_square.clone()
    }

    /// ``pmf[t]``: the chance that the game ends on roll (or turn) ``t``, a
    /// read-only numpy float64 array indexed from 0. It stops once less
    /// than 1e-12 of the chance is left (see ``unresolved``), or where the
    /// work allowed ran out; ``None`` where the distribution was not
    /// followed (see ``left_out``).
    #[getter]
    fn pmf(&self, py: Python<'_>) -> Option<Py<PyArray1<f64>>> {
        let d = self.distribution.as_ref()?;
        Some(
            self.pmf
                .get_or_init(|| frozen_array(py, d.pmf.clone()))
                .clone_ref(py),
        )
    }

    /// ``cdf[t]``: the chance that the game ends within ``t`` rolls (or
    /// turns), ``P(T <= t)``: a read-only numpy float64 array as long as
    /// ``pmf``; ``None`` where the distribution was not followed.
    #[getter]
    fn cdf(&self, py: Python<'_>) -> Option<Py<PyArray1<f64>>> {
        let d = self.distribution.as_ref()?;
        let array = self.cdf.get_or_init(|| {
            let mut total = 0.0;
            let running: Vec<f64> = d
                .pmf
                .iter()
                .map(|p| {
                    total += p;
                    total.min(1.0)
                })
                .collect();
            frozen_array(py, running)
        });
        Some(array.clone_ref(py))
    }

    /// The chance the distribution leaves unaccounted: it was followed
    /// until less than this was still in play (below 1e-12 except on huge
    /// boards); all of the chance of finishing where it was not followed.
    #[getter]
    fn unresolved(&self) -> f64 {
        self.stats().unresolved
    }

    /// A bound on the error of each chance read off the distribution
    /// (``pmf``, ``cdf``, ``within``): below 1e-12 where its tail was
    /// written down as geometric once that was certified, 0 where it was
    /// followed to its end.
    #[getter]
    fn chance_error(&self) -> f64 {
        self.stats().chance_error
    }

    /// The fewest rolls (or turns) with which the game as played can end,
    /// read off the distribution where it was followed (else, by rolls,
    /// ``min_rolls``); ``None`` when it never does.
    #[getter]
    fn fewest(&self) -> Option<u64> {
        if let Some(d) = &self.distribution {
            return d.min().map(|t| t as u64);
        }
        match self.stats().min {
            Some(min) => min.map(|t| t as u64),
            None => self.answer.min_rolls,
        }
    }

    /// The median: the smallest t with ``P(T <= t) >= 0.5``; ``None`` when
    /// the game ends with a chance below 0.5, or the distribution was not
    /// followed that far.
    #[getter]
    fn median(&self) -> Option<usize> {
        self.stats().median
    }

    /// The most likely length (the smallest, on a tie); ``None`` where the
    /// distribution does not say.
    #[getter]
    fn mode(&self) -> Option<usize> {
        self.stats().mode
    }

    /// The chance that the game ends within ``k`` rolls (or turns),
    /// ``P(T <= k)``, for any ``k`` (beyond the end of ``cdf`` too), as
    /// ``within=[k]`` asks it; ``None`` where the distribution was not
    /// followed as far as ``k`` (0 below the fewest rolls all the same).
    fn within(&self, k: usize) -> Option<f64> {
        let stats = self.stats();
        if let Some(given) = stats.within.get(&k) {
            return *given;
        }
        if let Some(d) = &self.distribution {
            return d.within(k);
        }
        // No game ends in fewer rolls than the fewest, whether or not
        // the distribution was followed, as the answer's own `within`
        // says (`ExpectAnswer::new`); a turn may hold several rolls.
        let rolls = !self.by_turns || self.answer.turns.is_none();
        let fewest = self.answer.min_rolls?;
        (rolls && (k as u64) < fewest).then_some(0.0)
    }

    /// The ``q``-quantile: the smallest t with ``P(T <= t) >= q``; ``None``
    /// when the game ends with a chance below ``q``, or the distribution
    /// was not followed that far.
    fn quantile(&self, q: f64) -> PyResult<Option<usize>> {
        if !(0.0..=1.0).contains(&q) {
            return Err(errors::value(format!(
                "a quantile needs 0 <= q <= 1, not {q}"
            )));
        }
        Ok(self.distribution.as_ref().and_then(|d| d.quantile(q)))
    }

    /// What the distribution left out, and why, as ``snl expect --json``
    /// says it (its ``left_out``): an ``snl.LeftOut`` whose ``reason`` is
    /// ``"over_budget"`` (not followed: its estimate over the work allowed;
    /// ``full=True`` follows it), ``"stopped"`` (followed until the work
    /// allowed ran out), ``"sparse"`` (the sparse engine, which gives the
    /// moments) or ``"choice"`` (a best play that is no plain game); or
    /// ``None`` when the distribution was followed to its end.
    #[getter]
    fn left_out(&self) -> Option<PyLeftOut> {
        self.stats().left_out.clone().map(PyLeftOut)
    }

    /// The mean as an exact ``fractions.Fraction`` in lowest terms; ``None``
    /// when the pawn can get stuck. Given by the call with ``exact=True``;
    /// otherwise worked out on first read (about a second for 1,000
    /// squares). Raises ``snl.LimitError`` on games of more than 2,002
    /// states (positions 0 to the last square, times the bonus limit), as
    /// ``snl expect --exact`` refuses them, unless the budget is lifted
    /// (``snl.set_budget(None, None)``, as ``--force``), and
    /// ``snl.AnalysisError`` past 2^30 squares.
    #[getter]
    fn exact_mean(&self, py: Python<'_>) -> PyResult<Option<BigRational>> {
        if let Some(v) = self.exact.get() {
            return Ok(v.clone());
        }
        let v = if self.query.exact {
            self.stats().exact_mean.as_deref().map(fraction)
        } else {
            let (_, answer) = self.ask_again(py, |q| q.exact = true)?;
            let stats = Self::stats_of(&answer, self.by_turns);
            stats.exact_mean.as_deref().map(fraction)
        };
        Ok(self.exact.get_or_init(|| v).clone())
    }

    /// The expected landings and rests on each square in one game (an
    /// ``snl.Visits``), of the best play under a choice; ``None`` when the
    /// pawn can get stuck (some counts are then unbounded). Given by the
    /// call with ``visits=True``; otherwise worked out now.
    fn visits(&self, py: Python<'_>) -> PyResult<Option<PyVisits>> {
        let visits = if let Some(visits) = &self.visits {
            visits.clone()
        } else {
            let (expectation, _) = self.ask_again(py, |q| q.visits = true)?;
            match expectation.visits {
                Some(Ok(v)) => Ok(v.map(Arc::new)),
                Some(Err(e)) => Err(Failed::of(&e)),
                None => Ok(None),
            }
        };
        match visits {
            Ok(v) => Ok(v.map(|v| PyVisits::of(py, &v))),
            Err(failed) => Err(failed.raise()),
        }
    }

    /// For each snake and ladder, the mean with that jump alone removed,
    /// largest change first: a list of ``snl.JumpImpact``. Given by the
    /// call with ``impact=True``; otherwise worked out now.
    fn impact(&self, py: Python<'_>) -> PyResult<Vec<PyJumpImpact>> {
        if self.query.impact {
            return Ok(Self::impact_of(&self.answer));
        }
        let (_, answer) = self.ask_again(py, |q| q.impact = true)?;
        Ok(Self::impact_of(&answer))
    }

    /// Rebuilds a pickled expectation.
    #[staticmethod]
    #[allow(clippy::similar_names)]
    #[pyo3(signature = (board, answer, by_turns, distribution, visits, query))]
    fn _from_pickle(
        board: PyRef<'_, PyBoard>,
        answer: &Bound<'_, PyAny>,
        by_turns: bool,
        distribution: Option<(Vec<f64>, f64, f64, f64)>,
        visits: Option<&Bound<'_, PyAny>>,
        query: (bool, Vec<usize>, bool, bool, bool, Vec<String>),
    ) -> PyResult<PyExpectation> {
        let (exact, within, asked_visits, impact, full, dice) = query;
        let dice = dice
            .iter()
            .map(|d| d.parse::<snl::Die>().map_err(errors::rules))
            .collect::<PyResult<Vec<_>>>()?;
        let visits = match visits {
            None => None,
            Some(v) => Some(match v.extract::<(bool, String)>() {
                Ok((limit, message)) => Err(Failed { limit, message }),
                Err(_) => Ok(v.extract::<Option<(Vec<f64>, Vec<f64>, f64, f64)>>()?.map(
                    |(landings, rests, lost, resets)| {
                        Arc::new(Visits {
                            landings,
                            rests,
                            lost,
                            resets,
                        })
                    },
                )),
            }),
        };
        Ok(PyExpectation {
            answer: expect_answer(answer)?,
            by_turns,
            distribution: distribution.map(|(pmf, never, unresolved, error)| Distribution {
                pmf,
                never,
                unresolved,
                error,
            }),
            visits,
            subject: Arc::clone(board.subject()),
            query: ExpectQuery {
                exact,
                within,
                visits: asked_visits,
                impact,
                full,
                dice,
                ..ExpectQuery::default()
            },
            pmf: OnceLock::new(),
            cdf: OnceLock::new(),
            exact: OnceLock::new(),
        })
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let e = slf.get();
        let py = slf.py();
        let distribution = e
            .distribution
            .as_ref()
            .map(|d| (d.pmf.clone(), d.never, d.unresolved, d.error));
        let visits: Option<Py<PyAny>> = match &e.visits {
            None => None,
            Some(Err(failed)) => Some(
                (failed.limit, failed.message.clone())
                    .into_pyobject(py)?
                    .into_any()
                    .unbind(),
            ),
            Some(Ok(v)) => Some(
                v.as_ref()
                    .map(|v| (v.landings.clone(), v.rests.clone(), v.lost, v.resets))
                    .into_pyobject(py)?
                    .into_any()
                    .unbind(),
            ),
        };
        let q = &e.query;
        let query = (
            q.exact,
            q.within.clone(),
            q.visits,
            q.impact,
            q.full,
            q.dice.iter().map(ToString::to_string).collect::<Vec<_>>(),
        );
        let args = (
            PyBoard::of_subject(&e.subject),
            to_state(py, &e.answer)?,
            e.by_turns,
            distribution,
            visits,
            query,
        );
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            args.into_pyobject(py)?,
        ))
    }

    fn __repr__(&self) -> String {
        let unit = if self.by_turns { "turns" } else { "rolls" };
        let stats = self.stats();
        let engine = match self.bound(|b| b.mean) {
            Some(error) => format!(", engine='sparse', error at most {error:.1e}"),
            None => String::new(),
        };
        match stats.mean {
            Some(m) => format!(
                "Expectation({unit}: mean={m:.6}, std_dev={:.6}{engine})",
                self.std_dev()
            ),
            None => format!(
                "Expectation({unit}: mean=inf, never_finishes={:.6}{engine})",
                stats.never_finishes
            ),
        }
    }
}

/// The figures an ``snl.Expectation`` could not read off its distribution
/// and why, in the shape of ``left_out`` in ``snl expect --json``:
/// ``fields`` (``"min"``, ``"median"``, ``"mode"``, ``"quantiles.0.9"``,
/// ``"within.K"``, ...), ``reason`` (``"over_budget"``: not followed, its
/// estimate over the work allowed; ``"stopped"``: followed until the work
/// allowed ran out; ``"sparse"``: the sparse engine answered, which gives
/// the moments; ``"choice"``: the best play is no plain game), ``message``
/// (the same in words, with the figures), ``steps_followed``, and, when it
/// was not followed for its estimate, ``estimated_work`` and
/// ``allowed_work`` (state updates, about a nanosecond each).
#[pyclass(frozen, module = "snl", name = "LeftOut")]
#[derive(Debug)]
pub struct PyLeftOut(LeftOut);

#[pymethods]
impl PyLeftOut {
    /// The figures left out.
    #[getter]
    fn fields(&self) -> Vec<String> {
        self.0.fields.clone()
    }

    /// Why, as ``snl expect --json`` names it.
    #[getter]
    fn reason(&self) -> &'static str {
        self.0.reason.name()
    }

    /// Why, in words.
    #[getter]
    fn message(&self) -> String {
        self.0.message.clone()
    }

    /// The steps (rolls or turns) followed.
    #[getter]
    fn steps_followed(&self) -> usize {
        self.0.steps_followed
    }

    /// The estimated work of following it all, when it was not followed.
    #[getter]
    fn estimated_work(&self) -> Option<u64> {
        self.0.estimated_work
    }

    /// The work allowed, when it was not followed.
    #[getter]
    fn allowed_work(&self) -> Option<u64> {
        self.0.allowed_work
    }

    /// Rebuilds a pickled ``LeftOut``.
    #[staticmethod]
    fn _from_pickle(state: &Bound<'_, PyAny>) -> PyResult<PyLeftOut> {
        Ok(PyLeftOut(from_state(state)?))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (Py<PyAny>,))> {
        let state = to_state(slf.py(), &slf.get().0)?;
        Ok((slf.get_type().getattr("_from_pickle")?, (state,)))
    }

    fn __repr__(&self) -> String {
        let fields: Vec<String> = self.0.fields.iter().map(|f| quote(f)).collect();
        format!(
            "LeftOut(reason={}, fields=[{}], steps_followed={})",
            quote(self.reason()),
            fields.join(", "),
            self.0.steps_followed
        )
    }
}

/// Where a pawn spends one game, on average: ``landings[s]`` (rolls that
/// land on square s, before any jump) and ``rests[s]`` (rolls after which
/// the pawn stands on s), read-only numpy float64 arrays indexed by
/// position (0 is the start off the board); ``lost`` (rolls lost to an
/// exact finish) and ``resets`` (rolls that sent the pawn back under a bonus
/// limit). ``rests.sum()`` is the expected number of rolls.
#[pyclass(frozen, module = "snl", name = "Visits")]
#[derive(Debug)]
pub struct PyVisits {
    /// Expected landings on each square, before any jump.
    #[pyo3(get)]
    landings: Py<PyArray1<f64>>,
    /// Expected rests on each square, after any jump.
    #[pyo3(get)]
    rests: Py<PyArray1<f64>>,
    /// Expected rolls lost because they would pass the last square.
    #[pyo3(get)]
    lost: f64,
    /// Expected rolls that sent the pawn back to the start.
    #[pyo3(get)]
    resets: f64,
}

impl PyVisits {
    pub fn compute(py: Python<'_>, game: &Game) -> PyResult<Option<PyVisits>> {
        let v = interruptible(py, |ctl| markov::visits_with(game, ctl))?.map_err(markov_error)?;
        Ok(v.map(|v| PyVisits::of(py, &v)))
    }

    fn of(py: Python<'_>, v: &Visits) -> PyVisits {
        PyVisits {
            landings: frozen_array(py, v.landings.clone()),
            rests: frozen_array(py, v.rests.clone()),
            lost: v.lost,
            resets: v.resets,
        }
    }
}

#[pymethods]
impl PyVisits {
    /// Rebuilds pickled visits.
    #[staticmethod]
    #[allow(clippy::similar_names)]
    fn _from_pickle(
        py: Python<'_>,
        landings: Vec<f64>,
        rests: Vec<f64>,
        lost: f64,
        resets: f64,
    ) -> PyVisits {
        PyVisits::of(
            py,
            &Visits {
                landings,
                rests,
                lost,
                resets,
            },
        )
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Vec<f64>, Vec<f64>, f64, f64))> {
        let v = slf.get();
        let py = slf.py();
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            (
                floats(&v.landings, py),
                floats(&v.rests, py),
                v.lost,
                v.resets,
            ),
        ))
    }

    /// Its attributes: the arrays by their length, as they have one entry
    /// per position (0 the start off the board, then each square).
    fn __repr__(&self, py: Python<'_>) -> String {
        let rests = self.rests.bind(py).readonly();
        let positions = rests.as_slice().map_or(0, <[f64]>::len);
        format!(
            "Visits(landings=<{positions} floats>, rests=<{positions} floats>, lost={}, resets={})",
            snl::words::figure(self.lost, 6),
            snl::words::figure(self.resets, 6)
        )
    }
}

/// What one snake or ladder is worth: the mean with it alone removed
/// (``mean_without``, ``math.inf`` when the game could then go on for ever)
/// and the change from the board's mean (``change``: ``mean_without -
/// mean``; ``inf`` or ``-inf`` when removing it makes the game endless or
/// ends that; ``None`` when the game is endless either way).
#[pyclass(frozen, module = "snl", name = "JumpImpact")]
#[derive(Debug)]
pub struct PyJumpImpact {
    /// The jump as ``(from, to)``.
    #[pyo3(get)]
    jump: (u32, u32),
    /// ``"ladder"`` or ``"snake"``.
    #[pyo3(get)]
    kind: String,
    /// The mean without this jump.
    #[pyo3(get)]
    mean_without: f64,
    /// ``mean_without - mean``.
    #[pyo3(get)]
    change: Option<f64>,
}

#[pymethods]
impl PyJumpImpact {
    /// Rebuilds a pickled impact.
    #[staticmethod]
    fn _from_pickle(
        jump: (u32, u32),
        kind: String,
        mean_without: f64,
        change: Option<f64>,
    ) -> PyJumpImpact {
        PyJumpImpact {
            jump,
            kind,
            mean_without,
            change,
        }
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, ((u32, u32), String, f64, Option<f64>))> {
        let i = slf.get();
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            (i.jump, i.kind.clone(), i.mean_without, i.change),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "JumpImpact(jump={:?}, kind={}, mean_without={}, change={})",
            self.jump,
            quote(&self.kind),
            self.mean_without,
            self.change
                .map_or_else(|| "None".to_string(), |c| c.to_string())
        )
    }
}

/// The answer of ``Board.expect(goal="within:K")``: the play that makes the
/// chance of finishing within ``rolls`` rolls greatest (declining optional
/// jumps, picking among ``choose_dice``), and ``chance``, that chance. The
/// play depends on the roll: ``policy`` gives each optional jump with the
/// rolls (from 1) on which it is declined, as ``(first, last)`` ranges, as
/// ``snl expect --goal within:K --json`` does.
#[pyclass(frozen, module = "snl", name = "WithinChance")]
#[derive(Debug)]
pub struct PyWithinChance(WithinAnswer);

impl PyWithinChance {
    /// The answer `best` gives of `subject`, with the dice when `picked`.
    pub fn new(subject: &Subject, best: &snl::choice::Within, picked: bool) -> PyWithinChance {
        let header = snl::answer::Header::of_subject(subject);
        PyWithinChance(WithinAnswer::new(header, best, picked))
    }
}

#[pymethods]
impl PyWithinChance {
    /// The rolls to finish within.
    #[getter]
    fn rolls(&self) -> u64 {
        self.0.rolls
    }

    /// The greatest chance of finishing within them, from the start.
    #[getter]
    fn chance(&self) -> f64 {
        self.0.chance
    }

    /// Each optional jump, by start: ``{"from": 18, "to": 3, "kind":
    /// "snake", "declined_on_rolls": [(1, 5)]}``; an empty list of rolls
    /// means it is always taken.
    #[getter]
    fn policy<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.0
            .policy
            .jumps
            .iter()
            .map(|j| {
                let d = PyDict::new(py);
                d.set_item("from", j.from)?;
                d.set_item("to", j.to)?;
                d.set_item("kind", &j.kind)?;
                let rolls: Vec<(u64, u64)> =
                    j.declined_on_rolls.iter().map(|&[a, b]| (a, b)).collect();
                d.set_item("declined_on_rolls", rolls)?;
                Ok(d)
            })
            .collect()
    }

    /// With dice to pick from (``choose_dice``): the dice, as
    /// ``--choose-die`` reads them; ``None`` otherwise.
    #[getter]
    fn dice(&self) -> Option<Vec<String>> {
        let dice = &self.0.policy.dice;
        (!dice.is_empty()).then(|| dice.clone())
    }

    /// With dice to pick from: for each position from 0 to the last
    /// square, the die picked there at the start of a turn, roll by roll:
    /// a list of ``(first, last, die)`` runs of the rolls (from 1) on which
    /// the same die (an index into ``dice``) is picked, as
    /// ``policy.die_by_square`` of ``snl expect --goal within:K
    /// --choose-die --json``; ``None`` otherwise.
    #[getter]
    fn die_by_square(&self) -> Option<Vec<Vec<(u64, u64, u64)>>> {
        let by_square = self.0.policy.die_by_square.as_ref()?;
        Some(
            by_square
                .iter()
                .map(|runs| runs.iter().map(|&[a, b, d]| (a, b, d)).collect())
                .collect(),
        )
    }

    /// Rebuilds a pickled answer.
    #[staticmethod]
    fn _from_pickle(state: &Bound<'_, PyAny>) -> PyResult<PyWithinChance> {
        Ok(PyWithinChance(from_state(state)?))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (Py<PyAny>,))> {
        let state = to_state(slf.py(), &slf.get().0)?;
        Ok((slf.get_type().getattr("_from_pickle")?, (state,)))
    }

    fn __repr__(&self) -> String {
        format!(
            "WithinChance(rolls={}, chance={:.6})",
            self.0.rolls, self.0.chance
        )
    }
}
