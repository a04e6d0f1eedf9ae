//! `snl.design`: boards that meet targets, found by the library's search
//! as `snl design` finds them.
//!
//! The arguments are read into the library's own query
//! ([`DesignQuery`], what the studio posts), so every range, chance and
//! pinned jump is read by the same code as on the command line, and the
//! answer is the library's ([`DesignAnswer`]): the boards come back as
//! `snl.Board` objects beside their figures and verdicts.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};
use snl::answer::design::{DesignAnswer, DesignQuery, DesignStop, DesignedBoard, default_name};
use snl::design::{DesignError, Found, Request};
use snl::limits::Control;

use crate::board::PyBoard;
use crate::errors;
use crate::rules::PyRules;

/// How a found board stands against one target: ``target`` in words
/// (``"mean 30..31"``), whether it is ``met``, how far ``off`` it is in the
/// target's own unit (rolls, a chance, jumps; 0 when met; ``None`` when the
/// distance has no size, such as a trap), and the board's figure in words,
/// ``value`` (``"30.42"``, ``"seat 1 0.5081, seat 2 0.4919"``).
#[pyclass(frozen, module = "snl", name = "Verdict")]
#[derive(Debug, Clone)]
pub struct PyVerdict {
    /// The target, in words.
    #[pyo3(get)]
    target: String,
    /// Whether the board meets it.
    #[pyo3(get)]
    met: bool,
    /// How far the board is from it.
    #[pyo3(get)]
    off: Option<f64>,
    /// The board's figure, in words.
    #[pyo3(get)]
    value: String,
}

/// What a pickle of a verdict holds: its fields in order.
type VerdictState = (String, bool, Option<f64>, String);

#[pymethods]
impl PyVerdict {
    /// Rebuilds a pickled verdict.
    #[staticmethod]
    fn _from_pickle(target: String, met: bool, off: Option<f64>, value: String) -> PyVerdict {
        PyVerdict {
            target,
            met,
            off,
            value,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, VerdictState)> {
        let v = slf.get();
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            (v.target.clone(), v.met, v.off, v.value.clone()),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Verdict({}, met={}, value={})",
            crate::quote(&self.target),
            py_bool(self.met),
            crate::quote(&self.value)
        )
    }
}

/// One board a design search found: the ``board`` (an ``snl.Board`` with
/// its name and rules), whether it ``meets`` every target, its figures by
/// the plain analyses (``mean``, ``sd``, ``min_rolls``, ``trap``;
/// ``within``: ``(rolls, chance)`` for each ``within`` target; ``win``:
/// each seat's chance of winning, with a fairness target), ``targets``: a
/// ``Verdict`` for each target, and, tuning a board, ``changes`` (how many
/// jumps were added, removed or moved) and ``changed`` (each, in words:
/// ``"47->26 moved to 47->30"``, ``"added 4->14"``, ``"removed 62->19"``).
#[pyclass(frozen, module = "snl", name = "DesignedBoard")]
#[derive(Debug, Clone)]
pub struct PyDesigned {
    /// The board.
    #[pyo3(get)]
    board: PyBoard,
    /// Whether it meets every target.
    #[pyo3(get)]
    meets: bool,
    /// The expected number of rolls; ``None`` when a game may never end.
    #[pyo3(get)]
    mean: Option<f64>,
    /// The standard deviation of the rolls; ``None`` when a game may never
    /// end.
    #[pyo3(get)]
    sd: Option<f64>,
    /// The fewest rolls; ``None`` when the last square cannot be reached.
    #[pyo3(get)]
    min_rolls: Option<u32>,
    /// Whether a pawn with a real die can get stuck for ever.
    #[pyo3(get)]
    trap: bool,
    /// The chance of finishing within each number of rolls asked about.
    #[pyo3(get)]
    within: Vec<(u32, Option<f64>)>,
    /// With a fairness target: each seat's chance of winning.
    #[pyo3(get)]
    win: Option<Vec<f64>>,
    /// Each target, met or missed.
    #[pyo3(get)]
    targets: Vec<PyVerdict>,
    /// Tuning a board: how many jumps changed.
    #[pyo3(get)]
    changes: Option<u32>,
    /// Tuning a board: each change, in words.
    #[pyo3(get)]
    changed: Vec<String>,
}

/// What a pickle of a found board holds: its fields in order.
type DesignedState = (
    PyBoard,
    bool,
    Option<f64>,
    Option<f64>,
    Option<u32>,
    bool,
    Vec<(u32, Option<f64>)>,
    Option<Vec<f64>>,
    Vec<PyVerdict>,
    Option<u32>,
    Vec<String>,
);

#[pymethods]
impl PyDesigned {
    /// Rebuilds a pickled found board.
    #[staticmethod]
    #[pyo3(signature = (board, meets, mean, sd, min_rolls, trap, within, win, targets, changes, changed))]
    #[allow(clippy::too_many_arguments, clippy::similar_names)]
    fn _from_pickle(
        board: PyRef<'_, PyBoard>,
        meets: bool,
        mean: Option<f64>,
        sd: Option<f64>,
        min_rolls: Option<u32>,
        trap: bool,
        within: Vec<(u32, Option<f64>)>,
        win: Option<Vec<f64>>,
        targets: Vec<PyRef<'_, PyVerdict>>,
        changes: Option<u32>,
        changed: Vec<String>,
    ) -> PyDesigned {
        PyDesigned {
            board: board.clone(),
            meets,
            mean,
            sd,
            min_rolls,
            trap,
            within,
            win,
            targets: targets.iter().map(|t| PyVerdict::clone(t)).collect(),
            changes,
            changed,
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, DesignedState)> {
        let d = slf.get().clone();
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            (
                d.board,
                d.meets,
                d.mean,
                d.sd,
                d.min_rolls,
                d.trap,
                d.within,
                d.win,
                d.targets,
                d.changes,
                d.changed,
            ),
        ))
    }

    fn __repr__(&self) -> String {
        let mean = self
            .mean
            .map_or_else(|| "None".to_string(), |m| format!("{m:.4}"));
        format!(
            "DesignedBoard({}, meets={}, mean={mean})",
            crate::quote(self.board.name_str().unwrap_or("board")),
            py_bool(self.meets),
        )
    }
}

/// What ``snl.design`` found: ``boards`` (each a ``DesignedBoard`` that
/// meets every target, in the order found), ``closest`` (when none was
/// found: the board that came closest, which does not, with how far it
/// misses each target), ``candidates`` (the boards weighed), ``stopped``
/// (``"time"`` when the time ran out before every board asked for was
/// found, else ``None``), ``seed`` and ``targets`` (each target in words).
/// ``len()`` is the number of boards found.
#[pyclass(frozen, module = "snl", name = "Design")]
#[derive(Debug)]
pub struct PyDesign {
    /// The boards found.
    #[pyo3(get)]
    boards: Vec<PyDesigned>,
    /// The closest board, when none was found.
    #[pyo3(get)]
    closest: Option<PyDesigned>,
    /// The candidate boards weighed.
    #[pyo3(get)]
    candidates: u64,
    /// Why the search stopped early.
    #[pyo3(get)]
    stopped: Option<&'static str>,
    /// The seed.
    #[pyo3(get)]
    seed: u64,
    /// Each target, in words.
    #[pyo3(get)]
    targets: Vec<String>,
}

/// What a pickle of a search's answer holds: its fields in order.
type DesignState = (
    Vec<PyDesigned>,
    Option<PyDesigned>,
    u64,
    Option<&'static str>,
    u64,
    Vec<String>,
);

#[pymethods]
impl PyDesign {
    /// Rebuilds a pickled search's answer.
    #[staticmethod]
    fn _from_pickle(
        boards: Vec<PyRef<'_, PyDesigned>>,
        closest: Option<PyRef<'_, PyDesigned>>,
        candidates: u64,
        stopped: Option<String>,
        seed: u64,
        targets: Vec<String>,
    ) -> PyResult<PyDesign> {
        let stopped = match stopped.as_deref() {
            None => None,
            Some("time") => Some("time"),
            Some("stopped") => Some("stopped"),
            Some(other) => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "a pickled design stopped for {other:?}, which is neither \"time\" nor \"stopped\""
                )));
            }
        };
        Ok(PyDesign {
            boards: boards.iter().map(|b| PyDesigned::clone(b)).collect(),
            closest: closest.map(|c| PyDesigned::clone(&c)),
            candidates,
            stopped,
            seed,
            targets,
        })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, DesignState)> {
        let d = slf.get();
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            (
                d.boards.clone(),
                d.closest.clone(),
                d.candidates,
                d.stopped,
                d.seed,
                d.targets.clone(),
            ),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Design(boards={}, closest={}, candidates={}, seed={})",
            self.boards.len(),
            if self.closest.is_some() {
                "DesignedBoard(...)"
            } else {
                "None"
            },
            self.candidates,
            self.seed
        )
    }

    fn __len__(&self) -> usize {
        self.boards.len()
    }
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// One end of a range, or a number, as the command line writes it.
fn number(field: &str, x: &Bound<'_, PyAny>) -> PyResult<String> {
    let bad = || -> PyResult<PyErr> {
        Ok(errors::value(format!(
            "{field}: {} is not a number",
            x.repr()?
        )))
    };
    if x.is_instance_of::<PyBool>() {
        return Err(bad()?);
    }
    if let Ok(n) = x.extract::<i64>() {
        return Ok(n.to_string());
    }
    match x.extract::<f64>() {
        // Rust writes the shortest decimal that reads back as `f`, as
        // Python's repr does: 66.978705 stays 66.978705.
        Ok(f) if f.is_finite() => Ok(f.to_string()),
        _ => Err(bad()?),
    }
}

/// A range argument: a string as the command line writes it (``"30..31"``,
/// ``"..40"``), a number (a count exactly; a figure, every value that
/// rounds to it), or a ``(lo, hi)`` pair with ``None`` for an open end.
fn range(field: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    let Some(v) = value else {
        return Ok(None);
    };
    if v.is_instance_of::<PyString>() {
        return Ok(Some(v.extract::<String>()?));
    }
    if let Ok(t) = v.cast::<PyTuple>() {
        if t.len() != 2 {
            return Err(errors::value(format!(
                "{field}: a range is a (lo, hi) pair, not {}",
                v.repr()?
            )));
        }
        let end = |x: Bound<'_, PyAny>| {
            if x.is_none() {
                Ok(String::new())
            } else {
                number(field, &x)
            }
        };
        return Ok(Some(format!(
            "{}..{}",
            end(t.get_item(0)?)?,
            end(t.get_item(1)?)?
        )));
    }
    number(field, v).map(Some).map_err(|_| {
        errors::value(format!(
            "{field}: write a range as \"30..31\", a (lo, hi) pair or a number, not {}",
            v.repr()
                .map_or_else(|_| "that".to_string(), |r| r.to_string())
        ))
    })
}

/// The items of a list argument (or of a lone string), each a string as
/// the command line writes it or a pair, joined by `sep`.
fn items(field: &str, value: Option<&Bound<'_, PyAny>>, sep: &str) -> PyResult<Vec<String>> {
    let Some(v) = value else {
        return Ok(Vec::new());
    };
    if v.is_instance_of::<PyString>() {
        return Ok(vec![v.extract::<String>()?]);
    }
    let mut out = Vec::new();
    for item in v.try_iter()? {
        let item = item?;
        if item.is_instance_of::<PyString>() {
            out.push(item.extract::<String>()?);
            continue;
        }
        let pair =
            item.cast::<PyTuple>()
                .ok()
                .filter(|t| t.len() == 2)
                .map(|t| -> PyResult<String> {
                    Ok(format!(
                        "{}{sep}{}",
                        number(field, &t.get_item(0)?)?,
                        number(field, &t.get_item(1)?)?
                    ))
                });
        match pair {
            Some(text) => out.push(text?),
            None => {
                return Err(errors::value(format!(
                    "{field}: each item is a string or a pair, not {}",
                    item.repr()?
                )));
            }
        }
    }
    Ok(out)
}

impl PyDesigned {
    /// The board `found`, as the answer `shown` writes it (its name, its
    /// figures, its verdicts), played under `rules`.
    fn new(found: &Found, shown: &DesignedBoard, rules: &snl::Rules) -> PyDesigned {
        let figures = &shown.figures;
        PyDesigned {
            board: PyBoard::from_parts(
                found.board.clone(),
                rules.clone(),
                shown.board.name.clone(),
            ),
            meets: shown.meets,
            mean: figures.mean,
            sd: figures.sd,
            min_rolls: figures.min_rolls,
            trap: figures.trap,
            within: figures.within.iter().map(|w| (w.rolls, w.chance)).collect(),
            win: figures.win.clone(),
            targets: shown
                .targets
                .iter()
                .map(|t| PyVerdict {
                    target: t.target.clone(),
                    met: t.met,
                    off: t.off,
                    value: t.value.clone(),
                })
                .collect(),
            changes: shown.changes,
            changed: shown.changed.clone(),
        }
    }
}

/// Searches for boards that play the way you want, as ``snl design`` does.
///
/// The board: ``squares`` (100 by default) or ``grid`` (an R x R board)
/// under ``rules`` (``snl.Rules()`` by default), or ``from_board`` an
/// ``snl.Board`` to tune, keeping its rules unless ``rules`` is given and
/// changing at most ``changes`` jumps (by default as few as the search
/// needs). Its jumps: ``ladders`` and ``snakes`` (how many; by default one
/// for every 25 to 8 squares, any number when tuning), ``length`` (how many
/// squares a jump spans), ``plain_ends`` (no jump on the first or last
/// square), ``no_chains`` (no jump ends where another starts), ``keep``
/// (jumps every board has, never moved: ``[(1, 38)]`` or ``["1->38"]``).
///
/// The targets: ``mean`` and ``sd`` (of the number of rolls of one
/// player), ``min_rolls`` (the fewest rolls), ``within`` (``[(50, 0.75)]``
/// or ``["50:75%"]``: the chance of finishing within 50 rolls is at least
/// 0.75), ``fair`` (every seat of a race of ``players``, 2 by default, wins
/// with a chance within ``fair`` of an even share), ``no_trap``. A range is
/// a string as on the command line (``"30..31"``, ``"..40"``, ``"25.."``),
/// a ``(lo, hi)`` pair (``None`` for an open end), or a number: a count
/// exactly, a figure every value that rounds to it (``66.978705`` is
/// ``66.9787045..66.9787055``).
///
/// The search runs for at most ``time`` seconds (5 by default) and stops
/// once ``count`` distinct boards are found (1 to 1,000, as ``snl design
/// --count``); the same arguments and
/// ``seed`` (0 by default) find the same boards on every machine. Every
/// figure is exact (never simulated), and every board returned is measured
/// again by the plain analyses. The boards are called ``name`` (by default
/// ``"designed with seed S"``, or the tuned board's name and the seed).
///
/// Returns an ``snl.Design``. When no board meets the targets in the time,
/// its ``boards`` is empty and ``closest`` is the board that came closest,
/// with how far it misses each target. A request no board can meet (a mean
/// below the fewest rolls any board allows, more jumps than squares)
/// raises ``ValueError`` with the reasons; a search whose estimate is over
/// the budget raises ``snl.LimitError``; a board to tune that cannot be
/// played, ``snl.BoardError``. The search runs without the GIL; Ctrl-C
/// stops it (``KeyboardInterrupt``).
#[pyfunction]
#[pyo3(signature = (
    squares = None, *, grid = None, from_board = None, rules = None, ladders = None,
    snakes = None, length = None, plain_ends = false, no_chains = false, keep = None,
    changes = None, mean = None, sd = None, min_rolls = None, within = None, players = None,
    fair = None, no_trap = false, seed = 0, count = 1, time = 5.0, name = None
))]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
pub fn design(
    py: Python<'_>,
    squares: Option<u32>,
    grid: Option<u32>,
    from_board: Option<PyRef<'_, PyBoard>>,
    rules: Option<PyRef<'_, PyRules>>,
    ladders: Option<&Bound<'_, PyAny>>,
    snakes: Option<&Bound<'_, PyAny>>,
    length: Option<&Bound<'_, PyAny>>,
    plain_ends: bool,
    no_chains: bool,
    keep: Option<&Bound<'_, PyAny>>,
    changes: Option<u32>,
    mean: Option<&Bound<'_, PyAny>>,
    sd: Option<&Bound<'_, PyAny>>,
    min_rolls: Option<&Bound<'_, PyAny>>,
    within: Option<&Bound<'_, PyAny>>,
    players: Option<usize>,
    fair: Option<f64>,
    no_trap: bool,
    seed: u64,
    count: usize,
    time: f64,
    name: Option<String>,
) -> PyResult<PyDesign> {
    if from_board.is_some() && (squares.is_some() || grid.is_some()) {
        return Err(errors::value(
            "the size comes from the board to tune: give squares (or grid) or from_board, not both",
        ));
    }
    if squares.is_some() && grid.is_some() {
        return Err(errors::value(
            "give squares or grid (an R x R board), not both",
        ));
    }
    if from_board.is_none() && changes.is_some() {
        return Err(errors::value(
            "changes counts the changes from a board: give it with from_board=",
        ));
    }
    if players.is_some() && fair.is_none() {
        return Err(errors::value(
            "players counts the seats of the fairness target: give fair= too, such as fair=0.02",
        ));
    }
    if !(time.is_finite() && time > 0.0) {
        return Err(errors::value(format!(
            "time must be a number of seconds above 0, not {time}"
        )));
    }
    let squares = match (squares, grid) {
        (_, Some(r)) => r
            .checked_mul(r)
            .filter(|&n| u64::from(n) <= snl::board::MAX_SQUARES)
            .ok_or_else(|| {
                errors::value(format!("grid {r} makes more squares than snl handles"))
            })?,
        (Some(n), None) => n,
        (None, None) => 100,
    };
    let query = DesignQuery {
        ladders: range("ladders", ladders)?,
        snakes: range("snakes", snakes)?,
        length: range("length", length)?,
        plain_ends,
        no_chains,
        keep: items("keep", keep, "->")?,
        tune: from_board.is_some(),
        changes,
        mean: range("mean", mean)?,
        sd: range("sd", sd)?,
        min_rolls: range("min_rolls", min_rolls)?,
        within: items("within", within, ":")?,
        players,
        fair,
        no_trap,
        seed: Some(seed),
        count: Some(count),
        time: Some(time),
    };
    let request = if let Some(b) = &from_board {
        let (board, rules) = b
            .game(rules.as_deref(), snl::plan::DenseWork::Design)?
            .into_parts();
        query.request(board.squares(), rules, Some(&board))
    } else {
        let rules = rules
            .as_ref()
            .map_or_else(snl::Rules::default, |r| r.0.clone());
        query.request(squares, rules, None)
    }
    .map_err(errors::value)?;
    let name = name.unwrap_or_else(|| {
        default_name(
            seed,
            from_board.as_ref().map(|b| b.name_str().unwrap_or("board")),
        )
    });
    search(py, &request, time, &name)
}

/// Runs the search of `request` for at most `time` seconds, without the
/// GIL and stopped by Ctrl-C, and answers with its boards called `name`.
fn search(py: Python<'_>, request: &Request, time: f64, name: &str) -> PyResult<PyDesign> {
    let seconds = std::time::Duration::from_secs_f64(time.min(snl::design::MAX_SECONDS));
    let design = crate::budget::interruptible(py, |ctl| {
        let ctl = Control {
            cancel: ctl.cancel.with_timeout(seconds),
            budget: ctl.budget,
        };
        snl::design::search(request, &ctl, &mut |_| {})
    })?
    .map_err(|e| match e {
        DesignError::Impossible(_) => errors::value(e),
        DesignError::Limit(e) => errors::limit(e),
        DesignError::Game(e) => errors::board(e),
        e => errors::analysis(e),
    })?;
    let answer = DesignAnswer::new(request, &design, name);
    let rules = &request.space.rules;
    Ok(PyDesign {
        boards: design
            .boards
            .iter()
            .zip(&answer.boards)
            .map(|(found, shown)| PyDesigned::new(found, shown, rules))
            .collect(),
        closest: design
            .closest
            .as_ref()
            .zip(answer.closest.as_ref())
            .map(|(found, shown)| PyDesigned::new(found, shown, rules)),
        candidates: answer.candidates,
        stopped: answer.stopped.map(|s| match s {
            DesignStop::Time => "time",
            _ => "stopped",
        }),
        seed: request.seed,
        targets: answer.targets,
    })
}
