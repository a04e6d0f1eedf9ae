//! The answers of `solve` and `expect`: plain objects with named fields,
//! numpy arrays for everything indexed by roll count or square.

use std::sync::{Arc, OnceLock};

use num_bigint::BigUint;
use num_rational::BigRational;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use snl::answer::{LeftOut, LengthStats};
use snl::markov::{self, Distribution, ExactOptions, LengthOptions, MarkovError, Moments, Stats};
use snl::{Game, Unit};

use crate::budget::interruptible;
use crate::errors;
use crate::quote;
use crate::rules::PyRules;

/// A numpy array of `values` that Python cannot write to: answers are
/// frozen, and an array handed out twice must read the same both times.
pub fn frozen_array<T: numpy::Element>(py: Python<'_>, values: Vec<T>) -> Py<PyArray1<T>> {
    let array = PyArray1::from_vec(py, values);
    array.readwrite().make_nonwriteable();
    array.unbind()
}

/// `math.inf` for an unbounded value.
fn or_inf(v: Option<f64>) -> f64 {
    v.unwrap_or(f64::INFINITY)
}

/// `snl.LimitError` for a refusal of the budget, `snl.AnalysisError`
/// otherwise.
/// Turns when `by_turns`, else rolls.
pub fn unit(by_turns: bool) -> Unit {
    if by_turns { Unit::Turns } else { Unit::Rolls }
}

/// `snl.LimitError` for a refusal of the budget or a game too large,
/// `snl.AnalysisError` otherwise.
fn choice_error(e: snl::choice::ChoiceError) -> PyErr {
    match e {
        snl::choice::ChoiceError::Limit(e) => errors::limit(e),
        e @ snl::choice::ChoiceError::TooLarge(_) => errors::limit(e),
        e => errors::analysis(e),
    }
}

pub fn markov_error(e: MarkovError) -> PyErr {
    match e {
        MarkovError::Limit(e) => errors::limit(e),
        e => errors::analysis(e),
    }
}

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
    land: u32,
    /// The square the pawn rests on, after any jump.
    #[pyo3(get)]
    to: u32,
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

    fn __repr__(&self) -> String {
        format!(
            "Move(roll={}, land={}, to={})",
            self.roll, self.land, self.to
        )
    }
}

/// The answer of ``Board.solve``: the fewest rolls to the last square when
/// every roll is chosen.
///
/// ``min_rolls`` is ``None`` when the last square cannot be reached;
/// ``path`` is the optimal sequence whose rolls come first in dictionary
/// order (empty when unreachable); ``optimal_sequences`` counts every
/// optimal roll sequence exactly (``None`` when unreachable or not
/// counted).
#[pyclass(frozen, module = "snl", name = "Solution")]
#[derive(Debug)]
pub struct PySolution {
    /// The fewest rolls, or ``None`` when the last square cannot be reached.
    #[pyo3(get)]
    min_rolls: Option<u32>,
    /// One optimal sequence of moves.
    #[pyo3(get)]
    path: Vec<PyMove>,
    /// How many roll sequences reach the last square in the fewest rolls
    /// (two rolls that lead to the same square count as different), exact.
    #[pyo3(get)]
    optimal_sequences: Option<BigUint>,
    /// The rules the answer holds under.
    #[pyo3(get)]
    rules: PyRules,
    /// Under optional jumps, the jumps the path declines: ``(step, from,
    /// to)`` for the roll (counting from 1) that stops on the start
    /// ``from`` of a jump to ``to`` and stays, as the ``declined`` of
    /// ``snl solve --optional --json``; empty otherwise.
    #[pyo3(get)]
    declined: Vec<(u64, u64, u64)>,
}

impl PySolution {
    pub fn compute(py: Python<'_>, game: &Game, count: bool) -> PyResult<PySolution> {
        let (best, sequences) = interruptible(py, |ctl| {
            let best = snl::shortest::solve_with(game, ctl)?;
            let sequences = if count {
                snl::shortest::count_optimal_with(game, ctl)?
            } else {
                None
            };
            Ok::<_, snl::limits::LimitError>((best, sequences))
        })?
        .map_err(errors::limit)?;
        // The declined jumps as the command finds them on the path.
        let header = snl::answer::Header::new(None, game);
        let declined = snl::answer::SolveAnswer::from_search(header, &best, None)
            .with_choices(game, &best.path)
            .declined
            .iter()
            .map(|d| (d.step, d.from, d.to))
            .collect();
        Ok(PySolution {
            declined,
            min_rolls: best.min_rolls,
            path: best
                .path
                .iter()
                .map(|m| PyMove {
                    roll: m.roll,
                    land: m.land,
                    to: m.to,
                })
                .collect(),
            optimal_sequences: sequences,
            rules: PyRules(game.rules().clone()),
        })
    }
}

#[pymethods]
impl PySolution {
    fn __repr__(&self) -> String {
        let opt = |v: Option<String>| v.unwrap_or_else(|| "None".to_string());
        format!(
            "Solution(min_rolls={}, optimal_sequences={}, path=[{} moves])",
            opt(self.min_rolls.map(|v| v.to_string())),
            opt(self.optimal_sequences.as_ref().map(ToString::to_string)),
            self.path.len()
        )
    }
}

/// The answer of ``Board.expect``: the exact statistics of how long one
/// player's game with a real die lasts, counted in rolls (or turns).
///
/// ``mean``, ``variance``, ``std_dev`` and ``never_finishes`` come from
/// linear solves and are ready at once. The distribution (``pmf``, ``cdf``,
/// ``median``, ``mode``, ``quantile``, ``fewest``) is followed roll by roll
/// the first time one of them is read, and ``exact_mean`` is worked out in
/// exact fractions the first time it is read.
///
/// On a board where the pawn can get stuck for ever the mean, variance and
/// standard deviation are ``math.inf``, ``never_finishes`` is the chance of
/// that, and the distribution still says how the finishing games end.
#[pyclass(frozen, module = "snl", name = "Expectation")]
#[derive(Debug)]
pub struct PyExpectation {
    game: Arc<Game>,
    by_turns: bool,
    moments: Moments,
    distribution: OnceLock<Distribution>,
    pmf: OnceLock<Py<PyArray1<f64>>>,
    cdf: OnceLock<Py<PyArray1<f64>>>,
    exact: OnceLock<Option<BigRational>>,
    /// Under a choice (optional jumps, dice to pick from): the game as
    /// asked and the best play; `game` is then the plain game the policy
    /// is, or the game as asked when it is none.
    choice: Option<Choice>,
}

/// The best play behind an [`PyExpectation`] of a game with a choice.
#[derive(Debug)]
struct Choice {
    /// The game as asked.
    asked: Arc<Game>,
    /// The dice picked from; empty for the rules' die alone.
    dice: Vec<snl::Die>,
    /// The best play, as `snl expect --json` gives it.
    policy: snl::answer::PolicyAnswer,
    /// When the best play is no plain game (it picks among dice, or plays
    /// by the bonus streak): the figures its distribution would give, left
    /// out, and why. The mean and variance are then the solution's.
    left_out: Option<LeftOut>,
}

impl PyExpectation {
    pub fn compute(py: Python<'_>, game: Game, by_turns: bool) -> PyResult<PyExpectation> {
        let moments = interruptible(py, |ctl| markov::moments_with(&game, unit(by_turns), ctl))?
            .map_err(markov_error)?;
        Ok(PyExpectation {
            game: Arc::new(game),
            by_turns,
            moments,
            distribution: OnceLock::new(),
            pmf: OnceLock::new(),
            cdf: OnceLock::new(),
            exact: OnceLock::new(),
            choice: None,
        })
    }

    /// The statistics under the best play of a game with a choice
    /// (`snl expect --optional`, `--choose-die`): the policy that minimises
    /// the expected number of rolls, with `dice` to pick from before each
    /// roll (none: the rules' die). When the policy is a plain game (one
    /// die everywhere, each jump taken or declined whatever the streak) its
    /// statistics are that game's; otherwise they are the mean and variance
    /// of the solution, and the figures of the distribution are refused,
    /// as `snl expect` leaves them out.
    pub fn choosing(
        py: Python<'_>,
        game: &Game,
        dice: Vec<snl::Die>,
        by_turns: bool,
    ) -> PyResult<PyExpectation> {
        let options = snl::choice::Options {
            dice: dice.clone(),
            ..snl::choice::Options::default()
        };
        let solution = interruptible(py, |ctl| snl::choice::solve_with(game, &options, ctl))?
            .map_err(choice_error)?;
        let picked = !dice.is_empty();
        let policy = snl::answer::PolicyAnswer::new(&solution, picked);
        let asked = Arc::new(game.clone());
        if let Some(plain) = solution.plain(game).map_err(errors::board)? {
            let mut answer = PyExpectation::compute(py, plain, by_turns)?;
            answer.choice = Some(Choice {
                asked,
                dice,
                policy,
                left_out: None,
            });
            return Ok(answer);
        }
        if by_turns && game.rules().bonus.is_some() {
            return Err(errors::analysis(
                "the best play picks among dice or by the bonus streak, and its statistics are \
                 given in rolls, as `snl expect` gives them; use by_turns=False",
            ));
        }
        let stats = LengthStats::of_choice(&solution, &[]);
        Ok(PyExpectation {
            game: asked.clone(),
            by_turns,
            moments: Moments {
                mean: stats.mean,
                variance: stats.variance,
                std_dev: stats.std_dev,
                never: stats.never_finishes,
            },
            distribution: OnceLock::new(),
            pmf: OnceLock::new(),
            cdf: OnceLock::new(),
            exact: OnceLock::new(),
            choice: Some(Choice {
                asked,
                dice,
                policy,
                left_out: stats.left_out,
            }),
        })
    }

    /// The figures of the distribution left out under a choice that is no
    /// plain game, as `snl expect` leaves them out.
    fn no_plain_game(&self) -> Option<&LeftOut> {
        self.choice.as_ref().and_then(|c| c.left_out.as_ref())
    }

    /// The distribution, followed the first time it is needed. Computed
    /// outside the lock, without the GIL: a thread waiting on the lock while
    /// holding the GIL would block the one computing it from taking the GIL
    /// back.
    /// The distribution, computed on first use. Ctrl-C stops it (and
    /// nothing is kept); its work is at most the budget's.
    fn distribution(&self, py: Python<'_>) -> PyResult<&Distribution> {
        if let Some(d) = self.distribution.get() {
            return Ok(d);
        }
        if let Some(left_out) = self.no_plain_game() {
            return Err(errors::analysis(&left_out.message));
        }
        let game = &self.game;
        let start = game.start();
        let by_turns = self.by_turns;
        let d = interruptible(py, |ctl| {
            markov::distribution_with(game, start, &LengthOptions::of(unit(by_turns)), ctl)
        })?
        .map_err(errors::limit)?;
        let _ = self.distribution.set(d);
        Ok(self.distribution.get().expect("set above"))
    }
}

#[pymethods]
impl PyExpectation {
    /// The expected number of rolls (or turns); ``math.inf`` when the pawn
    /// can get stuck.
    #[getter]
    fn mean(&self) -> f64 {
        or_inf(self.moments.mean)
    }

    /// The variance; ``math.inf`` when the pawn can get stuck.
    #[getter]
    fn variance(&self) -> f64 {
        or_inf(self.moments.variance)
    }

    /// The standard deviation; ``math.inf`` when the pawn can get stuck.
    #[getter]
    fn std_dev(&self) -> f64 {
        or_inf(self.moments.variance.map(f64::sqrt))
    }

    /// The chance that the game never ends (the pawn reaches a square from
    /// which the last square cannot be reached).
    #[getter]
    fn never_finishes(&self) -> f64 {
        self.moments.never
    }

    /// Whether this counts turns (``by_turns=True``) rather than rolls.
    #[getter]
    fn by_turns(&self) -> bool {
        self.by_turns
    }

    /// The rules the answer holds under.
    #[getter]
    fn rules(&self) -> PyRules {
        let game = self.choice.as_ref().map_or(&self.game, |c| &c.asked);
        PyRules(game.rules().clone())
    }

    /// Under optional jumps, the best play: a list with a dict for each
    /// optional jump, ``{"from": 4, "to": 14, "kind": "ladder", "play":
    /// "declined"}`` (``play`` is ``"taken"`` or ``"declined"``), as the
    /// ``policy.jumps`` of ``snl expect --optional --json``; ``None``
    /// without optional jumps.
    #[getter]
    fn policy<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Option<Vec<Bound<'py, pyo3::types::PyDict>>>> {
        let Some(choice) = &self.choice else {
            return Ok(None);
        };
        choice
            .policy
            .jumps
            .iter()
            .map(|j| {
                let d = pyo3::types::PyDict::new(py);
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
        let choice = self.choice.as_ref()?;
        (!choice.policy.dice.is_empty()).then(|| choice.policy.dice.clone())
    }

    /// With dice to pick from: for each position from 0 (off the board)
    /// to the last square, the die the best play picks there at the start
    /// of a turn, an index into ``dice``, as ``policy.die_by_square`` of
    /// ``snl expect --choose-die --json``; ``None`` otherwise.
    #[getter]
    fn die_by_square(&self) -> Option<Vec<usize>> {
        self.choice.as_ref()?.policy.die_by_square.clone()
    }

    /// ``pmf[t]``: the chance that the game ends on roll (or turn) ``t``, a
    /// read-only numpy float64 array indexed from 0. It stops once less
    /// than 1e-12 of the chance is left (see ``unresolved``).
    #[getter]
    fn pmf(&self, py: Python<'_>) -> PyResult<Py<PyArray1<f64>>> {
        if let Some(a) = self.pmf.get() {
            return Ok(a.clone_ref(py));
        }
        let a = frozen_array(py, self.distribution(py)?.pmf.clone());
        Ok(self.pmf.get_or_init(|| a).clone_ref(py))
    }

    /// ``cdf[t]``: the chance that the game ends within ``t`` rolls (or
    /// turns), ``P(T <= t)``: a read-only numpy float64 array as long as
    /// ``pmf``.
    #[getter]
    fn cdf(&self, py: Python<'_>) -> PyResult<Py<PyArray1<f64>>> {
        if let Some(a) = self.cdf.get() {
            return Ok(a.clone_ref(py));
        }
        let mut total = 0.0;
        let running: Vec<f64> = self
            .distribution(py)?
            .pmf
            .iter()
            .map(|p| {
                total += p;
                total.min(1.0)
            })
            .collect();
        let a = frozen_array(py, running);
        Ok(self.cdf.get_or_init(|| a).clone_ref(py))
    }

    /// The chance the distribution leaves unaccounted: it was followed
    /// until less than this was still in play (below 1e-12 except on huge
    /// boards).
    #[getter]
    fn unresolved(&self, py: Python<'_>) -> PyResult<f64> {
        Ok(self.distribution(py)?.unresolved)
    }

    /// The fewest rolls (or turns) with which the game can end; ``None``
    /// when it never does.
    #[getter]
    fn fewest(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        Ok(self.distribution(py)?.min())
    }

    /// The median: the smallest t with ``P(T <= t) >= 0.5``.
    #[getter]
    fn median(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        Ok(self.distribution(py)?.median())
    }

    /// The most likely length (the smallest, on a tie).
    #[getter]
    fn mode(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        Ok(self.distribution(py)?.mode())
    }

    /// The chance that the game ends within ``k`` rolls (or turns),
    /// ``P(T <= k)``, for any ``k`` (beyond the end of ``cdf`` too);
    /// ``None`` when the distribution was cut short before ``k`` on a huge
    /// board.
    fn within(&self, py: Python<'_>, k: usize) -> PyResult<Option<f64>> {
        Ok(self.distribution(py)?.within(k))
    }

    /// The ``q``-quantile: the smallest t with ``P(T <= t) >= q``; ``None``
    /// when the game ends with a chance below ``q``.
    fn quantile(&self, py: Python<'_>, q: f64) -> PyResult<Option<usize>> {
        if !(0.0..=1.0).contains(&q) {
            return Err(errors::value(format!(
                "a quantile needs 0 <= q <= 1, not {q}"
            )));
        }
        Ok(self.distribution(py)?.quantile(q))
    }

    /// The mean as an exact ``fractions.Fraction`` in lowest terms, worked
    /// out on first use (about a second for 1,000 squares); ``None`` when
    /// the pawn can get stuck. Raises ``snl.LimitError`` on games of more
    /// than 2,002 states (positions 0 to the last square, times the bonus
    /// limit), as ``snl expect --exact`` refuses them, unless the budget is
    /// lifted (``snl.set_budget(None, None)``, as ``--force``).
    #[getter]
    fn exact_mean(&self, py: Python<'_>) -> PyResult<Option<BigRational>> {
        if let Some(v) = self.exact.get() {
            return Ok(v.clone());
        }
        if let Some(choice) = &self.choice {
            if self.by_turns {
                return Err(errors::analysis(
                    "the exact mean under a choice is given in rolls, as `snl expect --optional --exact` gives it; use by_turns=False",
                ));
            }
            let options = snl::choice::Options {
                dice: choice.dice.clone(),
                exact: true,
                max_exact_states: crate::budget::budget().is_unlimited().then_some(usize::MAX),
            };
            let asked = &choice.asked;
            let v = interruptible(py, |ctl| snl::choice::solve_with(asked, &options, ctl))?
                .map_err(choice_error)?
                .exact;
            return Ok(self.exact.get_or_init(|| v).clone());
        }
        let game = &self.game;
        let by_turns = self.by_turns;
        // The command line's limit on the states, unless the budget is
        // lifted (as `--force` lifts both).
        let options = ExactOptions {
            unit: unit(by_turns),
            max_states: (!crate::budget::budget().is_unlimited())
                .then_some(markov::exact::MAX_EXACT_STATES),
        };
        let v = interruptible(py, |ctl| markov::exact_mean_with(game, &options, ctl))?.map_err(
            |e| match e {
                MarkovError::TooLarge(e) => errors::limit(e),
                e => markov_error(e),
            },
        )?;
        Ok(self.exact.get_or_init(|| v).clone())
    }

    /// The expected landings and rests on each square in one game (an
    /// ``snl.Visits``); ``None`` when the pawn can get stuck (some counts
    /// are then unbounded).
    fn visits(&self, py: Python<'_>) -> PyResult<Option<PyVisits>> {
        if self.no_plain_game().is_some() {
            return Err(errors::analysis(
                "visits are not given: the best play picks among dice, or by the bonus \
                 streak, so it is no plain game whose visits are counted",
            ));
        }
        PyVisits::compute(py, &self.game)
    }

    /// For each snake and ladder, the mean with that jump alone removed,
    /// largest change first: a list of ``snl.JumpImpact``.
    fn impact(&self, py: Python<'_>) -> PyResult<Vec<PyJumpImpact>> {
        if self.choice.is_some() {
            return Err(errors::analysis(
                "impact is not given under a choice (as `snl expect --optional` and `--choose-die` refuse --impact): each jump's effect would need the best play solved again without it",
            ));
        }
        let game = &self.game;
        let list =
            interruptible(py, |ctl| markov::impact_with(game, ctl))?.map_err(markov_error)?;
        let mean = self.moments.mean;
        Ok(list
            .iter()
            .map(|i| PyJumpImpact {
                jump: (i.jump.from, i.jump.to),
                kind: i.jump.kind().to_string(),
                mean_without: or_inf(i.mean_without),
                change: match (i.mean_without, mean) {
                    (Some(without), Some(with)) => Some(i.change.unwrap_or(without - with)),
                    (None, Some(_)) => Some(f64::INFINITY),
                    (Some(_), None) => Some(f64::NEG_INFINITY),
                    (None, None) => None,
                },
            })
            .collect())
    }

    /// What the distribution left out, and why, as ``snl expect --json``
    /// says it of each part (its ``left_out``): an ``snl.LeftOut``, or
    /// ``None`` when the distribution was followed to its end. Reading it
    /// follows the distribution, as ``median`` does.
    #[getter]
    fn left_out(&self, py: Python<'_>) -> PyResult<Option<PyLeftOut>> {
        if let Some(left_out) = self.no_plain_game() {
            return Ok(Some(PyLeftOut(left_out.clone())));
        }
        let stats = Stats {
            mean: self.moments.mean,
            variance: self.moments.variance,
            std_dev: self.moments.variance.map(f64::sqrt),
            never_finishes: self.moments.never,
            distribution: self.distribution(py)?.clone(),
            skipped: None,
        };
        let part = LengthStats::new(&stats, unit(self.by_turns), &[], None);
        Ok(part.left_out.map(PyLeftOut))
    }

    fn __repr__(&self) -> String {
        let unit = if self.by_turns { "turns" } else { "rolls" };
        match self.moments.mean {
            Some(m) => format!(
                "Expectation({unit}: mean={m:.6}, std_dev={:.6})",
                self.std_dev()
            ),
            None => format!(
                "Expectation({unit}: mean=inf, never_finishes={:.6})",
                self.moments.never
            ),
        }
    }
}

/// The figures an ``snl.Expectation`` could not read off its distribution
/// and why, in the shape of ``left_out`` in ``snl expect --json``:
/// ``fields`` (``"min"``, ``"median"``, ``"mode"``, ``"quantiles.0.9"``, ...),
/// ``reason`` (``"stopped"``: followed until the work allowed ran out;
/// ``"over_budget"``: not followed, its estimate over the work allowed),
/// ``message`` (the same in words, with the figures), ``steps_followed``,
/// and, when it was not followed, ``estimated_work`` and ``allowed_work``
/// (state updates, about a nanosecond each).
#[pyclass(frozen, module = "snl", name = "LeftOut")]
#[derive(Debug)]
pub struct PyLeftOut(LeftOut);

impl PyLeftOut {
    /// The library's `left_out`, for Python.
    pub fn of(left_out: LeftOut) -> PyLeftOut {
        PyLeftOut(left_out)
    }
}

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
        Ok(v.map(|v| PyVisits {
            landings: frozen_array(py, v.landings),
            rests: frozen_array(py, v.rests),
            lost: v.lost,
            resets: v.resets,
        }))
    }
}

#[pymethods]
impl PyVisits {
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
/// jumps, picking among ``choose_dice``), and ``chance``, that chance. The play depends on the roll: ``policy`` gives each
/// optional jump with the rolls (from 1) on which it is declined, as
/// ``(first, last)`` ranges, as ``snl expect --goal within:K --json`` does.
#[pyclass(frozen, module = "snl", name = "WithinChance")]
#[derive(Debug)]
pub struct PyWithinChance(snl::answer::WithinAnswer);

impl PyWithinChance {
    /// The best play of `game` for finishing within `rolls` rolls.
    /// The best play of `game` for finishing within `rolls` rolls, with
    /// `dice` to pick from before each roll (none: the rules' die).
    pub fn compute(
        py: Python<'_>,
        game: &Game,
        dice: Vec<snl::Die>,
        rolls: u64,
    ) -> PyResult<PyWithinChance> {
        let picked = !dice.is_empty();
        let options = snl::choice::Options {
            dice,
            ..snl::choice::Options::default()
        };
        let best = interruptible(py, |ctl| {
            snl::choice::within_with(game, &options, rolls, ctl)
        })?
        .map_err(choice_error)?;
        let header = snl::answer::Header::new(None, game);
        Ok(PyWithinChance(snl::answer::WithinAnswer::new(
            header, &best, picked,
        )))
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
    fn policy<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, pyo3::types::PyDict>>> {
        self.0
            .policy
            .jumps
            .iter()
            .map(|j| {
                let d = pyo3::types::PyDict::new(py);
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

    fn __repr__(&self) -> String {
        format!(
            "WithinChance(rolls={}, chance={:.6})",
            self.0.rolls, self.0.chance
        )
    }
}
