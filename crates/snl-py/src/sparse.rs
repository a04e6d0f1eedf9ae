//! The answers of `solve` and `expect` on a board held by its jumps (past
//! 2^30 squares), from the engine for boards of any length: the library's
//! answers (`snl::answer`), as `snl solve --json` and `snl expect --json`
//! give them there.

use pyo3::prelude::*;
use snl::BoardSpec;
use snl::answer::{ExpectAnswer, Header, PathRun, SolveAnswer};
use snl::sparse::{SparseBoard, SparseError, SparseGame};

use crate::analysis::PyLeftOut;
use crate::budget::interruptible;
use crate::errors;
use crate::rules::PyRules;

/// The board as held: with a table a square long when the dense engine's
/// tables take it, else as its list of jumps (a pairs board of up to 2^62
/// squares), which only `solve`, `expect` and `check` answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Held {
    /// Up to 2^30 squares.
    Dense(snl::Board),
    /// Past 2^30 squares, up to 2^62.
    Long(SparseBoard),
}

impl Held {
    pub fn squares(&self) -> u64 {
        match self {
            Held::Dense(b) => u64::from(b.squares()),
            Held::Long(b) => b.squares(),
        }
    }

    /// Every jump as `(from, to)`, by starting square.
    pub fn jumps(&self) -> Vec<(u64, u64)> {
        match self {
            Held::Dense(b) => b
                .jumps()
                .map(|j| (u64::from(j.from), u64::from(j.to)))
                .collect(),
            Held::Long(b) => b.jumps().map(|j| (j.from, j.to)).collect(),
        }
    }

    /// The board as written, for the check.
    pub fn spec(&self) -> BoardSpec {
        match self {
            Held::Dense(b) => BoardSpec::from(b),
            Held::Long(b) => BoardSpec::from(b),
        }
    }
}

/// The game of a board of any length under `rules`: the sparse engine
/// takes every jump, so rules with optional jumps are refused with the
/// reason.
pub fn long_game(board: SparseBoard, rules: snl::Rules) -> Result<SparseGame, String> {
    if !rules.optional.is_none() {
        let refused = snl::plan::DenseOnly {
            what: "playing optional jumps".to_string(),
            squares: board.squares(),
        };
        return Err(refused.to_string());
    }
    SparseGame::new(board, rules).map_err(|e| e.to_string())
}

fn long_error(e: SparseError) -> PyErr {
    match e {
        SparseError::Limit(e) => errors::limit(e),
        e => errors::analysis(e),
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

#[pymethods]
impl PyRun {
    fn __repr__(&self) -> String {
        format!(
            "Run(roll={}, count={}, from_={}, land={}, to={})",
            self.roll, self.count, self.from_, self.land, self.to
        )
    }
}

/// What ``Board.solve`` answers on a board past 2^30 squares, by the engine
/// for boards of any length: ``min_rolls`` (``None`` when the last square
/// cannot be reached), one optimal path as ``runs`` of equal rolls (the
/// one whose rolls come first in dictionary order), and with ``count=True``
/// ``optimal_sequences``, the number of optimal roll sequences counted in
/// 128 bits, as ``snl solve --count`` counts them: where it does not fit,
/// ``optimal_sequences`` is ``None`` and ``optimal_sequences_at_least`` is
/// 2^128 - 1. ``uncounted`` says why no count is given (``None`` when it
/// is). ``engine`` is ``"sparse"``.
#[pyclass(frozen, module = "snl", name = "LongSolution")]
#[derive(Debug)]
pub struct PyLongSolution {
    /// The fewest rolls, or ``None`` when the last square cannot be reached.
    #[pyo3(get)]
    min_rolls: Option<u64>,
    /// One optimal path, as runs of equal rolls.
    #[pyo3(get)]
    runs: Vec<PyRun>,
    /// The rules the answer holds under.
    #[pyo3(get)]
    rules: PyRules,
    /// Why ``optimal_sequences`` is ``None``; ``None`` when it is counted.
    #[pyo3(get)]
    uncounted: Option<String>,
    engine: snl::plan::Engine,
    /// The number of optimal roll sequences, when counted and under 2^128 - 1.
    #[pyo3(get)]
    optimal_sequences: Option<u128>,
    /// 2^128 - 1 when there are at least that many optimal sequences.
    #[pyo3(get)]
    optimal_sequences_at_least: Option<u128>,
}

impl PyLongSolution {
    /// The answer, counted when `count` (and the last square is reached),
    /// as `snl solve --count` counts on such a board.
    pub fn compute(py: Python<'_>, game: &SparseGame, count: bool) -> PyResult<PyLongSolution> {
        let solution = interruptible(py, |ctl| snl::sparse::shortest::solve_with(game, ctl))?
            .map_err(long_error)?;
        let counted = if count && solution.min_rolls.is_some() {
            interruptible(py, |ctl| {
                snl::sparse::shortest::count::count_optimal_with(game, ctl)
            })?
            .map_err(long_error)?
        } else {
            None
        };
        let answer =
            SolveAnswer::from_long(Header::of_long(None, game), &solution).with_long_count(counted);
        let number = |s: &Option<String>| s.as_deref().map(|s| s.parse().expect("a u128"));
        Ok(PyLongSolution {
            min_rolls: answer.min_rolls,
            runs: answer.path.iter().map(PyRun::from).collect(),
            rules: PyRules(game.rules().clone()),
            uncounted: match (count, &answer.min_rolls) {
                (false, _) => Some("not asked for (count=False)".to_string()),
                (true, None) => Some("the last square cannot be reached".to_string()),
                (true, Some(_)) => None,
            },
            engine: answer.engine,
            optimal_sequences: number(&answer.optimal_sequences),
            optimal_sequences_at_least: number(&answer.optimal_sequences_at_least),
        })
    }
}

#[pymethods]
impl PyLongSolution {
    /// ``"sparse"``: the engine that answered, as ``engine`` in
    /// ``snl solve --json``.
    #[getter]
    fn engine(&self) -> &'static str {
        self.engine.name()
    }

    fn __repr__(&self) -> String {
        let rolls = self
            .min_rolls
            .map_or_else(|| "None".to_string(), |v| v.to_string());
        format!(
            "LongSolution(min_rolls={rolls}, runs=[{} runs])",
            self.runs.len()
        )
    }
}

/// What ``Board.expect`` answers on a board past 2^30 squares, by the
/// engine for boards of any length: the mean, variance and standard
/// deviation of the number of rolls (``math.inf`` when the pawn can get
/// stuck), the chance of never finishing, each with the bound on its error
/// (``mean_error``, ...), and ``fewest``, the fewest rolls. The
/// distribution is not given: ``left_out`` says so, as in
/// ``snl expect --json``. ``engine`` is ``"sparse"``.
#[pyclass(frozen, module = "snl", name = "LongExpectation")]
#[derive(Debug)]
pub struct PyLongExpectation {
    answer: ExpectAnswer,
    rules: PyRules,
}

impl PyLongExpectation {
    pub fn compute(
        py: Python<'_>,
        game: &SparseGame,
        by_turns: bool,
    ) -> PyResult<PyLongExpectation> {
        if by_turns || game.rules().bonus.is_some() {
            // Turns differ from rolls only under a bonus rule, which the
            // dense engine counts.
            let refused = snl::plan::DenseOnly {
                what: "counting the statistics by turns (the bonus rule)".to_string(),
                squares: game.goal(),
            };
            return Err(errors::analysis(refused));
        }
        let (moments, min_rolls) = interruptible(py, |ctl| {
            let moments = snl::sparse::markov::moments_with(game, ctl)?;
            let min_rolls = snl::sparse::shortest::min_rolls_with(game, ctl)?;
            Ok::<_, SparseError>((moments, min_rolls))
        })?
        .map_err(long_error)?;
        Ok(PyLongExpectation {
            answer: ExpectAnswer::from_long(Header::of_long(None, game), &moments, min_rolls, None),
            rules: PyRules(game.rules().clone()),
        })
    }

    fn bounds(&self) -> &snl::answer::ErrorBounds {
        self.answer
            .error_bounds
            .as_ref()
            .expect("the sparse engine states its bounds")
    }
}

#[pymethods]
impl PyLongExpectation {
    /// The expected number of rolls; ``math.inf`` when the pawn can get
    /// stuck.
    #[getter]
    fn mean(&self) -> f64 {
        self.answer.rolls.mean.unwrap_or(f64::INFINITY)
    }

    /// The variance; ``math.inf`` when the pawn can get stuck.
    #[getter]
    fn variance(&self) -> f64 {
        self.answer.rolls.variance.unwrap_or(f64::INFINITY)
    }

    /// The standard deviation; ``math.inf`` when the pawn can get stuck.
    #[getter]
    fn std_dev(&self) -> f64 {
        self.answer.rolls.std_dev.unwrap_or(f64::INFINITY)
    }

    /// The chance that the game never ends.
    #[getter]
    fn never_finishes(&self) -> f64 {
        self.answer.rolls.never_finishes
    }

    /// The bound on the error of ``mean``, in rolls.
    #[getter]
    fn mean_error(&self) -> f64 {
        self.bounds().mean
    }

    /// The bound on the error of ``variance``.
    #[getter]
    fn variance_error(&self) -> f64 {
        self.bounds().variance
    }

    /// The bound on the error of ``std_dev``.
    #[getter]
    fn std_dev_error(&self) -> f64 {
        self.bounds().std_dev
    }

    /// The bound on the error of ``never_finishes``.
    #[getter]
    fn never_finishes_error(&self) -> f64 {
        self.bounds().never_finishes
    }

    /// The fewest rolls with which the game can end; ``None`` when it
    /// cannot.
    #[getter]
    fn fewest(&self) -> Option<u64> {
        self.answer.min_rolls
    }

    /// Always ``False``: the engine for boards of any length counts rolls.
    #[getter]
    fn by_turns(&self) -> bool {
        self.answer.turns.is_some()
    }

    /// The rules the answer holds under.
    #[getter]
    fn rules(&self) -> PyRules {
        self.rules.clone()
    }

    /// ``"sparse"``, as ``engine`` in ``snl expect --json``.
    #[getter]
    fn engine(&self) -> &'static str {
        self.answer.engine.name()
    }

    /// What is left out (the distribution: ``median``, ``mode``, the
    /// quantiles) and why, an ``snl.LeftOut`` with ``reason`` ``"sparse"``,
    /// as ``left_out`` in ``snl expect --json``.
    #[getter]
    fn left_out(&self) -> Option<PyLeftOut> {
        self.answer.rolls.left_out.clone().map(PyLeftOut::of)
    }

    fn __repr__(&self) -> String {
        match self.answer.rolls.mean {
            Some(m) => format!(
                "LongExpectation(rolls: mean={m:.6}, std_dev={:.6}, error at most {:.1e})",
                self.std_dev(),
                self.mean_error()
            ),
            None => format!(
                "LongExpectation(rolls: mean=inf, never_finishes={:.6})",
                self.never_finishes()
            ),
        }
    }
}
