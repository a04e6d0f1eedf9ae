//! Games with a real die played out (`simulate`), races of several pawns,
//! and duels of two players who choose their rolls.

use numpy::PyArray1;
use pyo3::prelude::*;
use snl::Game;
use snl::Unit;
use snl::duel::{DuelError, Winner};
use snl::race::RaceError;
use snl::simulate::{Histogram, Options, Simulation};

use crate::analysis::frozen_array;
use crate::budget::interruptible;
use crate::errors;
use crate::rules::PyRules;
use crate::{list_repr, quote};

/// The answer of ``Board.simulate``: games played with a real die, counted
/// by length in rolls (or turns, with ``by_turns=True``).
///
/// ``histogram[n]`` is the number of finished games of length n (a
/// read-only numpy int64 array); ``capped`` games were stopped at
/// ``max_rolls`` and are not in it. ``mean``, ``std_dev`` and ``ci95`` are
/// over finished games; ``exact_mean`` is the exact answer from
/// ``Board.expect`` and ``z`` how many standard errors the simulated mean
/// lies from it.
#[pyclass(frozen, module = "snl", name = "Simulation")]
#[derive(Debug)]
pub struct PySimulation {
    sim: Simulation,
    unit: Unit,
    /// The seed every random number came from.
    #[pyo3(get)]
    seed: u64,
    /// The exact mean (``math.inf`` when a game may never end).
    #[pyo3(get)]
    exact_mean: f64,
    histogram: Py<PyArray1<i64>>,
    /// The rules the games were played under.
    #[pyo3(get)]
    rules: PyRules,
}

/// `histogram[n]`: the finished games of `sim` of length `n` in `unit`.
fn histogram(sim: &Simulation, unit: Unit) -> Vec<i64> {
    let counts = sim.lengths(unit).histogram;
    counts
        .dense(counts.longest().map_or(0, |n| n + 1))
        .into_iter()
        .map(|c| c as i64)
        .collect()
}

/// Plays the games.
pub fn simulate(
    py: Python<'_>,
    game: &Game,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    max_rolls: u64,
    by_turns: bool,
) -> PyResult<PySimulation> {
    if games == 0 {
        return Err(errors::value("a simulation needs at least 1 game"));
    }
    if max_rolls == 0 {
        return Err(errors::value("max_rolls must be at least 1"));
    }
    let pool = match threads {
        Some(0) => {
            return Err(errors::value(
                "threads must be at least 1, or None for every core",
            ));
        }
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?,
        ),
        None => None,
    };
    let options = Options {
        games,
        seed,
        max_rolls,
    };
    let unit = if by_turns { Unit::Turns } else { Unit::Rolls };
    let g = game;
    // As `snl simulate`: the games stop at the budget's work, and the
    // games played by then are counted.
    let sim = interruptible(py, |ctl| {
        let run = || snl::simulate::run_with(g, &options, ctl, |_| {});
        match &pool {
            Some(pool) => pool.install(run),
            None => run(),
        }
    })?
    .map_err(errors::limit)?;
    if sim.stopped {
        let message = format!(
            "stopped early at the budget of work (snl.set_budget raises it): {} of {} games played",
            sim.games, games
        );
        errors::user_warning(py, &message)?;
    }
    let exact = interruptible(py, |ctl| {
        if by_turns {
            snl::markov::expected_turns_with(g, ctl)
        } else {
            snl::markov::expected_rolls_with(g, ctl)
        }
    })?
    .map_err(crate::analysis::markov_error)?;
    Ok(PySimulation {
        histogram: frozen_array(py, histogram(&sim, unit)),
        sim,
        unit,
        seed,
        exact_mean: exact.unwrap_or(f64::INFINITY),
        rules: PyRules(game.rules().clone()),
    })
}

#[pymethods]
impl PySimulation {
    /// Games played, capped ones included.
    #[getter]
    fn games(&self) -> u64 {
        self.sim.games
    }

    /// Games stopped at ``max_rolls`` rolls before finishing.
    #[getter]
    fn capped(&self) -> u64 {
        self.sim.capped
    }

    /// Games that reached the last square.
    #[getter]
    fn finished(&self) -> u64 {
        self.sim.finished()
    }

    /// The cap on one game's rolls.
    #[getter]
    fn max_rolls(&self) -> u64 {
        self.sim.max_rolls
    }

    /// Whether this counts turns rather than rolls.
    #[getter]
    fn by_turns(&self) -> bool {
        self.unit == Unit::Turns
    }

    /// ``histogram[n]``: finished games of length n.
    #[getter]
    fn histogram(&self, py: Python<'_>) -> Py<PyArray1<i64>> {
        self.histogram.clone_ref(py)
    }

    /// The mean length of the finished games (``None`` if none finished).
    #[getter]
    fn mean(&self) -> Option<f64> {
        self.sim.lengths(self.unit).mean()
    }

    /// The sample standard deviation of the finished games' lengths.
    #[getter]
    fn std_dev(&self) -> Option<f64> {
        self.sim.lengths(self.unit).std_dev()
    }

    /// The standard error of the mean.
    #[getter]
    fn std_error(&self) -> Option<f64> {
        self.sim.lengths(self.unit).std_error()
    }

    /// The 95 % confidence interval of the mean, ``(low, high)``.
    #[getter]
    fn ci95(&self) -> Option<(f64, f64)> {
        self.sim.lengths(self.unit).ci95()
    }

    /// How many standard errors the simulated mean lies from the exact one
    /// (positive when above); ``None`` when either is unknown.
    #[getter]
    fn z(&self) -> Option<f64> {
        self.exact_mean
            .is_finite()
            .then(|| self.sim.lengths(self.unit).z_score(self.exact_mean))
            .flatten()
    }

    /// The median length, capped games counted as longer than any.
    #[getter]
    fn median(&self) -> Option<u64> {
        self.sim.lengths(self.unit).median()
    }

    /// The smallest length n such that a share ``q`` of all games took n or
    /// fewer (capped games count as longer than any); ``None`` when that
    /// share is reached only among the capped games.
    fn quantile(&self, q: f64) -> PyResult<Option<u64>> {
        if !(0.0..=1.0).contains(&q) {
            return Err(errors::value(format!(
                "a quantile needs 0 <= q <= 1, not {q}"
            )));
        }
        Ok(self.sim.lengths(self.unit).quantile(q))
    }

    /// Rebuilds a pickled simulation.
    #[staticmethod]
    #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
    fn _from_pickle(
        py: Python<'_>,
        games: u64,
        capped: u64,
        max_rolls: u64,
        stopped: bool,
        rolls: Vec<u64>,
        turns: Vec<u64>,
        by_turns: bool,
        seed: u64,
        exact_mean: f64,
        rules: PyRef<'_, PyRules>,
    ) -> PySimulation {
        let sim = Simulation {
            games,
            capped,
            max_rolls,
            stopped,
            rolls: Histogram::from_counts(&rolls),
            turns: Histogram::from_counts(&turns),
        };
        let unit = if by_turns { Unit::Turns } else { Unit::Rolls };
        PySimulation {
            histogram: frozen_array(py, histogram(&sim, unit)),
            sim,
            unit,
            seed,
            exact_mean,
            rules: rules.clone(),
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, pyo3::types::PyTuple>)> {
        let s = slf.get();
        let counts = |h: &Histogram| h.dense(h.longest().map_or(0, |n| n + 1));
        let args = (
            s.sim.games,
            s.sim.capped,
            s.sim.max_rolls,
            s.sim.stopped,
            counts(&s.sim.rolls),
            counts(&s.sim.turns),
            s.unit == Unit::Turns,
            s.seed,
            s.exact_mean,
            s.rules.clone(),
        );
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            args.into_pyobject(slf.py())?,
        ))
    }

    fn __repr__(&self) -> String {
        let mean = self
            .mean()
            .map_or_else(|| "None".to_string(), |m| format!("{m:.4}"));
        format!(
            "Simulation(games={}, seed={}, mean={mean}, exact_mean={:.4}, capped={})",
            self.sim.games, self.seed, self.exact_mean, self.sim.capped
        )
    }
}

/// The answer of ``Board.race``: the exact chance that each seat wins when
/// players take turns with a real die, each with a pawn of their own.
///
/// ``win[i]`` is seat i's chance (seat 0 moves first); ``no_winner`` the
/// chance that nobody ever finishes; ``expected_rounds`` the expected
/// number of rounds until someone does (a round is one turn of every seat;
/// ``math.inf`` when nobody may ever finish); ``unresolved`` the chance the
/// truncated distributions leave unaccounted (a bound on the error of every
/// number here).
#[pyclass(frozen, module = "snl", name = "Race")]
#[derive(Debug)]
pub struct PyRace {
    /// Each seat's starting position.
    #[pyo3(get)]
    start: Vec<u32>,
    /// Each seat's die, as ``Rules.die`` writes it, when the seats roll
    /// dice of their own; empty when every seat rolls the rules' die.
    #[pyo3(get)]
    dice: Vec<String>,
    /// Each seat's chance of winning, seat 0 first.
    #[pyo3(get)]
    win: Vec<f64>,
    /// The chance that no pawn ever reaches the last square.
    #[pyo3(get)]
    no_winner: f64,
    /// The expected number of rounds until a pawn finishes.
    #[pyo3(get)]
    expected_rounds: f64,
    /// The chance not accounted for.
    #[pyo3(get)]
    unresolved: f64,
    /// The rules the race is played under.
    #[pyo3(get)]
    rules: PyRules,
}

#[pymethods]
impl PyRace {
    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.start.len()
    }

    /// Rebuilds a pickled race.
    #[staticmethod]
    fn _from_pickle(
        start: Vec<u32>,
        dice: Vec<String>,
        win: Vec<f64>,
        no_winner: f64,
        expected_rounds: f64,
        unresolved: f64,
        rules: PyRef<'_, PyRules>,
    ) -> PyRace {
        PyRace {
            start,
            dice,
            win,
            no_winner,
            expected_rounds,
            unresolved,
            rules: rules.clone(),
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, pyo3::types::PyTuple>)> {
        let r = slf.get();
        let args = (
            r.start.clone(),
            r.dice.clone(),
            r.win.clone(),
            r.no_winner,
            r.expected_rounds,
            r.unresolved,
            r.rules.clone(),
        );
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            args.into_pyobject(slf.py())?,
        ))
    }

    fn __repr__(&self) -> String {
        let win: Vec<String> = self.win.iter().map(|w| format!("{w:.6}")).collect();
        format!(
            "Race(players={}, win=[{}], expected_rounds={:.4})",
            self.start.len(),
            win.join(", "),
            self.expected_rounds
        )
    }
}

/// Runs the race.
pub fn race(
    py: Python<'_>,
    game: &Game,
    players: Option<usize>,
    start: Option<&Bound<'_, PyAny>>,
    dice: &[snl::Die],
) -> PyResult<PyRace> {
    let players = snl::race::players(players, start.is_some(), dice.len());
    let given: Option<Vec<u32>> = match start {
        None => None,
        Some(s) => Some(match s.extract::<u32>() {
            Ok(one) => vec![one; players.unwrap_or(2)],
            Err(_) => s.extract::<Vec<u32>>()?,
        }),
    };
    let from = match (players, given) {
        (Some(k), Some(list)) if list.len() != k => {
            return Err(errors::value(format!(
                "players={k} but start lists {} positions; give one per player",
                list.len()
            )));
        }
        (_, Some(list)) => list,
        (k, None) => vec![game.start(); k.unwrap_or(2)],
    };
    let race = interruptible(py, |ctl| snl::race::race_dice_with(game, &from, dice, ctl))?
        .map_err(|e| match e {
            RaceError::Players(_) | RaceError::Limit(_) => errors::limit(e),
            RaceError::Dice { .. } => errors::value(e.to_string()),
            _ => errors::board(e),
        })?;
    Ok(PyRace {
        start: from,
        dice: dice.iter().map(ToString::to_string).collect(),
        win: race.win,
        no_winner: race.no_winner,
        expected_rounds: race.expected_rounds.unwrap_or(f64::INFINITY),
        unresolved: race.unresolved,
        rules: PyRules(game.rules().clone()),
    })
}

/// The answer of ``Board.duel``: two players who choose their rolls, moving
/// in turn; the first to reach the last square wins.
///
/// ``winner`` is ``"first"``, ``"second"`` or ``"draw"`` (neither can force
/// a win); ``rolls`` the rolls of both players together until the win with
/// best play (``None`` for a draw); ``best_rolls`` the first player's best
/// first rolls, smallest first.
#[pyclass(frozen, module = "snl", name = "Duel")]
#[derive(Debug)]
pub struct PyDuel {
    /// ``"first"``, ``"second"`` or ``"draw"``.
    #[pyo3(get)]
    winner: &'static str,
    /// Rolls until the win with best play, both players counted.
    #[pyo3(get)]
    rolls: Option<u32>,
    /// The first player's best first rolls.
    #[pyo3(get)]
    best_rolls: Vec<u32>,
    /// Whether a pawn that comes to rest on the other sends it back.
    #[pyo3(get)]
    bump: bool,
    /// The two pawns' starting positions, the first player's first.
    #[pyo3(get)]
    start: (u32, u32),
    /// The rules of the duel.
    #[pyo3(get)]
    rules: PyRules,
}

#[pymethods]
impl PyDuel {
    /// Rebuilds a pickled duel.
    #[staticmethod]
    fn _from_pickle(
        winner: &str,
        rolls: Option<u32>,
        best_rolls: Vec<u32>,
        bump: bool,
        start: (u32, u32),
        rules: PyRef<'_, PyRules>,
    ) -> PyResult<PyDuel> {
        let winner = ["first", "second", "draw"]
            .into_iter()
            .find(|w| *w == winner)
            .ok_or_else(|| errors::value(format!("`{winner}` is not who wins a duel")))?;
        Ok(PyDuel {
            winner,
            rolls,
            best_rolls,
            bump,
            start,
            rules: rules.clone(),
        })
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, pyo3::types::PyTuple>)> {
        let d = slf.get();
        let args = (
            d.winner,
            d.rolls,
            d.best_rolls.clone(),
            d.bump,
            d.start,
            d.rules.clone(),
        );
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            args.into_pyobject(slf.py())?,
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Duel(winner={}, rolls={}, best_rolls={}, bump={})",
            quote(self.winner),
            self.rolls
                .map_or_else(|| "None".to_string(), |r| r.to_string()),
            list_repr(&self.best_rolls),
            if self.bump { "True" } else { "False" }
        )
    }
}

/// Solves the duel.
pub fn duel(
    py: Python<'_>,
    game: &Game,
    bump: bool,
    start: Option<(u32, u32)>,
) -> PyResult<PyDuel> {
    let (first, second) = start.unwrap_or((game.start(), game.start()));
    let rules = snl::duel::DuelRules { bump };
    let d = interruptible(py, |ctl| {
        snl::duel::duel_from_with(game, rules, first, second, ctl)
    })?
    .map_err(|e| match e {
        DuelError::Bonus => errors::rules(e),
        DuelError::Position { .. } => errors::board(e),
        _ => errors::limit(e),
    })?;
    Ok(PyDuel {
        winner: match d.winner {
            Winner::First => "first",
            Winner::Second => "second",
            _ => "draw",
        },
        rolls: d.rolls,
        best_rolls: d.best_rolls,
        bump,
        start: (first, second),
        rules: PyRules(game.rules().clone()),
    })
}
