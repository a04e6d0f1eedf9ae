//! The question `expect` asks: how long a game with a real die lasts,
//! exactly: the mean, the variance, the distribution of the length, and
//! beside them what was asked (the exact mean, chances within K rolls, the
//! visits, each jump's impact), under the best play where the player has a
//! choice; and the question of the best play for finishing within K rolls.

use std::fmt;
use std::sync::Arc;

use num_rational::BigRational;

use super::admit::Analysis;
use super::engine::{DistributionOver, Engine, ExpectEngine, engine, expect_engine, surely_dense};
use super::error::{Error, NotGiven, Part};
use super::subject::Subject;
use crate::board::MAX_SQUARES;
use crate::choice;
use crate::game::{Game, Unit};
use crate::limits::{Cancel, Control};
use crate::markov::{
    self, ExactOptions, Follow, JumpImpact, LengthOptions, Measure, Stats, Visits,
};
use crate::rules::Die;
use crate::shortest;
use crate::sparse::{self, SparseError, SparseGame};

/// What `expect` is asked, beyond the mean, variance and distribution it
/// always gives.
///
/// ```
/// use snl::plan::ExpectQuery;
///
/// let query = ExpectQuery { exact: true, within: vec![10, 20], ..ExpectQuery::default() };
/// assert!(!query.full);
/// ```
// The figures asked for are yes or no, as the command's flags are.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Default)]
pub struct ExpectQuery {
    /// The mean as an exact fraction too (the dense engine, on games of up
    /// to [`markov::exact::MAX_EXACT_STATES`] chain states under a budget;
    /// without one, the budget alone decides).
    pub exact: bool,
    /// The chance of finishing within each of these rolls (and turns).
    pub within: Vec<usize>,
    /// The expected landings and rests on every square (the dense engine).
    pub visits: bool,
    /// Each jump's effect on the mean (the dense engine).
    pub impact: bool,
    /// Follow the whole distribution, for as much work as the budget
    /// allows, whatever its estimate (the dense engine). Without it, a
    /// distribution whose estimate is over about a second of work is not
    /// followed, and the answer says so.
    pub full: bool,
    /// The dice the player picks one of before each roll; empty for the
    /// rules' die. The answer is then of the best play.
    pub dice: Vec<Die>,
    /// The engine, forced; `None` (the default) lets the library choose.
    pub engine: Option<Engine>,
    /// Told of each long step before it starts, for a progress bar.
    pub progress: Option<Progress>,
}

/// A long step of an answer, told to [`ExpectQuery::progress`] before it
/// starts; its work is recorded on the control's token as it goes
/// ([`Cancel::work_done`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// The distribution of the length in `unit` is followed, for about
    /// `work` state updates (its estimate).
    Following {
        /// Rolls or turns.
        unit: Unit,
        /// The estimated work.
        work: u64,
    },
}

/// What [`ExpectQuery::progress`] calls.
#[derive(Clone)]
pub struct Progress(Arc<dyn Fn(Step) + Send + Sync>);

impl Progress {
    /// A progress that calls `f` with each step.
    pub fn new(f: impl Fn(Step) + Send + Sync + 'static) -> Progress {
        Progress(Arc::new(f))
    }
}

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Progress(..)")
    }
}

/// The answer to `expect`.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Expectation {
    /// The engine that answered.
    pub engine: Engine,
    /// The rolls (and turns) the chances within were asked for.
    pub within: Vec<usize>,
    /// Whether the player picked among dice ([`ExpectQuery::dice`]).
    pub picked: bool,
    /// The fewest rolls in which the last square can be reached, choosing
    /// every roll (and every optional jump, and die), as
    /// [`super::solve`] gives them; `None` when it cannot be. The best play
    /// for the mean need not reach the last square that soon.
    pub min_rolls: Option<u64>,
    /// The best play, where the player has a choice.
    pub best: Option<choice::Solution>,
    /// The statistics of the length.
    pub length: Length,
    /// The expected visits, when asked for: `Ok(None)` where some count is
    /// unbounded (the pawn can get stuck), `Err` with why they are left
    /// out (the rest of the answer stands).
    pub visits: Option<Result<Option<Visits>, Error>>,
    /// Each jump's effect on the mean, when asked for.
    pub impact: Option<Vec<JumpImpact>>,
}

/// The statistics of an [`Expectation`], by the engine that gave them.
// One value an answer: the dense statistics are the large case, and the
// common one.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Length {
    /// The dense engine's, of a plain game (the board as asked, or the
    /// plain game the best play is): by rolls, and by turns under the
    /// bonus rule, each with its exact mean when asked for.
    Dense {
        /// By rolls.
        rolls: Stats,
        /// The exact mean by rolls.
        exact: Option<BigRational>,
        /// By turns, under the bonus rule, with its exact mean.
        turns: Option<(Stats, Option<BigRational>)>,
    },
    /// The best play's mean, variance and exact mean
    /// ([`Expectation::best`]), where it is no plain game (it picks among
    /// dice, or plays by the bonus streak): no distribution is followed.
    Policy,
    /// The sparse engine's mean and variance, each with a bound on its
    /// error; no distribution. `over` says why on a board the dense engine
    /// holds: following the distribution would be over the work allowed.
    Sparse {
        /// The moments.
        moments: sparse::markov::Moments,
        /// How far over the work allowed the distribution would be.
        over: Option<DistributionOver>,
    },
}

impl Expectation {
    /// The dense engine's statistics by rolls, where it gave them.
    pub fn rolls(&self) -> Option<&Stats> {
        match &self.length {
            Length::Dense { rolls, .. } => Some(rolls),
            _ => None,
        }
    }
}

/// How long a game of `subject` with a real die lasts, as `query` asks,
/// by the engine the library chooses (or the query's).
///
/// The sparse engine answers a board longer than the dense engine's tables
/// (the mean and variance with their error bounds, the fewest rolls, and
/// no distribution), and a board the dense engine holds where it is
/// quicker and the distribution would not be followed anyway; the dense
/// engine answers the rest, and everything only it gives: the exact mean,
/// the visits, each jump's impact, the whole distribution (`full`), a
/// choice (optional jumps, dice to pick from: the answer is then of the
/// best play), and counts by turns under the bonus rule.
///
/// # Errors
///
/// [`Error`]: [`Error::dense_only`] for a figure only the dense engine
/// gives on a board longer than its tables; [`Error::limit`] when refused
/// over the budget, stopped, or out of memory; the analyses' own errors.
pub fn expect(subject: &Subject, query: &ExpectQuery, ctl: &Control) -> Result<Expectation, Error> {
    let need = dense_need(subject, query);
    let engine = query.engine.or(need.map(|_| Engine::Dense));
    if engine != Some(Engine::Dense)
        && let Some((moments, min_rolls, over)) = sparse_answer(subject, engine, ctl)?
    {
        return Ok(Expectation {
            engine: Engine::Sparse,
            within: query.within.clone(),
            picked: false,
            min_rolls,
            best: None,
            length: Length::Sparse { moments, over },
            visits: None,
            impact: None,
        });
    }
    dense(subject, query, need, ctl)
}

/// Whether `query` of `subject` goes to the dense engine whatever the
/// board's jumps: it asks a figure only that engine gives, or the board is
/// short for its jumps.
pub(super) fn needs_dense(subject: &Subject, query: &ExpectQuery) -> bool {
    let squares = subject.squares();
    let mean = Analysis::Markov(Measure::Mean);
    dense_need(subject, query).is_some()
        || (squares <= MAX_SQUARES && surely_dense(squares, subject.jump_count(), mean))
}

/// The first figure `query` asks of `subject` that only the dense engine
/// gives, as a noun phrase for its refusal on a longer board.
fn dense_need(subject: &Subject, query: &ExpectQuery) -> Option<&'static str> {
    let rules = subject.rules();
    [
        (query.exact, "giving the exact mean"),
        (query.visits, "giving the expected visits"),
        (query.impact, "giving each jump's impact"),
        (query.full, "following the whole distribution"),
        (
            !query.dice.is_empty(),
            "playing a die picked before each roll",
        ),
        (!rules.optional.is_none(), "playing optional jumps"),
        (
            rules.bonus.is_some(),
            "counting the statistics by turns (the bonus rule)",
        ),
    ]
    .into_iter()
    .find_map(|(asked, what)| asked.then_some(what))
}

/// The sparse engine's moments and fewest rolls, where it answers
/// (`engine`, or the library's choice when `None`); `None` where the dense
/// engine does.
///
/// Choosing takes the fewest-rolls search (a game of the fewest rolls says
/// whether the distribution could be followed), and the answer the mean
/// and variance as well: two passes over the board that need nothing of
/// each other. On a board of 10^6 squares and 10^4 jumps the search was a
/// quarter of `snl expect`'s time and the moments two thirds, one after
/// the other. So the moments start on a second thread as the search
/// begins, on a token of their own ([`Cancel::child`]) that is set when
/// the choice falls on the dense engine after all.
#[allow(clippy::type_complexity)]
fn sparse_answer(
    subject: &Subject,
    engine: Option<Engine>,
    ctl: &Control,
) -> Result<
    Option<(
        sparse::markov::Moments,
        Option<u64>,
        Option<DistributionOver>,
    )>,
    Error,
> {
    let part = |part| move |e: SparseError| Error::from(e).in_part(part);
    if engine == Some(Engine::Sparse) {
        let game = subject.sparse_for()?;
        let moments = sparse::markov::moments_with(game, ctl).map_err(part(Part::Moments))?;
        let fewest = sparse::shortest::min_rolls_with(game, ctl).map_err(part(Part::Search))?;
        return Ok(Some((moments, fewest, None)));
    }
    let squares = subject.squares();
    let mean = Analysis::Markov(Measure::Mean);
    if squares <= MAX_SQUARES && surely_dense(squares, subject.jump_count(), mean) {
        return Ok(None);
    }
    let Some(game) = subject.sparse() else {
        return Ok(None);
    };
    // Where the dense engine is chosen without a search, nothing is
    // started on speculation.
    let likely = squares > MAX_SQUARES || self::engine(game, mean) == Engine::Sparse;
    // Each estimate lays the board out: only asked where the threads would
    // start. A browser's WebAssembly has no threads to start.
    let both = || sparse::shortest::estimate(game).and(sparse::markov::estimate(game));
    if !likely || cfg!(target_family = "wasm") || !both().fits(&ctl.budget) {
        let chosen = expect_engine(game, ctl).map_err(part(Part::Search))?;
        if chosen.engine != Engine::Sparse {
            return Ok(None);
        }
        let moments = sparse::markov::moments_with(game, ctl).map_err(part(Part::Moments))?;
        let fewest = fewest_rolls(game, &chosen, ctl).map_err(part(Part::Search))?;
        return Ok(Some((moments, fewest, chosen.over)));
    }
    let guess = Control {
        cancel: Cancel::child(&ctl.cancel),
        budget: ctl.budget,
    };
    std::thread::scope(|scope| {
        let moments = scope.spawn(|| sparse::markov::moments_with(game, &guess));
        let chosen = expect_engine(game, ctl);
        let fewest = match &chosen {
            Ok(chosen) if chosen.engine == Engine::Sparse => Some(fewest_rolls(game, chosen, ctl)),
            _ => {
                guess.cancel.cancel();
                None
            }
        };
        let moments = match moments.join() {
            Ok(moments) => moments,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        let chosen = chosen.map_err(part(Part::Search))?;
        match fewest {
            Some(fewest) => {
                let moments = moments.map_err(part(Part::Moments))?;
                let fewest = fewest.map_err(part(Part::Search))?;
                Ok(Some((moments, fewest, chosen.over)))
            }
            // Stopped on purpose, or refused: either way not wanted.
            None => Ok(None),
        }
    })
}

/// The fewest rolls: found already where the engine was chosen for the
/// cost of the distribution, searched otherwise.
fn fewest_rolls(
    game: &SparseGame,
    chosen: &ExpectEngine,
    ctl: &Control,
) -> Result<Option<u64>, SparseError> {
    match chosen.over {
        Some(over) => Ok(Some(over.min_rolls)),
        None => sparse::shortest::min_rolls_with(game, ctl),
    }
}

/// `expect` on the dense engine.
fn dense(
    subject: &Subject,
    query: &ExpectQuery,
    need: Option<&str>,
    ctl: &Control,
) -> Result<Expectation, Error> {
    let game = subject.dense_for(need.unwrap_or("the dense engine's statistics"))?;
    let picked = !query.dice.is_empty();
    let choosing = picked || !game.rules().optional.is_none();
    // The fewest rolls last: the figures' own refusals come first.
    let fewest = || -> Result<Option<u64>, Error> {
        Ok(shortest::min_rolls_picking(game, &query.dice, ctl)
            .map_err(|e| Error::from(e).in_part(Part::Search))?
            .map(u64::from))
    };
    let answer = |best, length, visits, impact| -> Result<Expectation, Error> {
        Ok(Expectation {
            engine: Engine::Dense,
            within: query.within.clone(),
            picked,
            min_rolls: fewest()?,
            best,
            length,
            visits,
            impact,
        })
    };
    if !choosing {
        let (length, visits, impact) = plain(game, query, None, ctl)?;
        return answer(None, length, visits, impact);
    }
    if query.impact {
        return Err(Error::from(NotGiven::ImpactUnderChoice).in_part(Part::Impact));
    }
    let options = choice::Options {
        dice: query.dice.clone(),
        exact: query.exact,
        // The documented limit of the exact mean, unless there is no budget.
        max_exact_states: ctl.budget.is_unlimited().then_some(usize::MAX),
        ..choice::Options::default()
    };
    let best_play = |e| Error::from(e).in_part(Part::BestPlay);
    let best = choice::solve_with(game, &options, ctl).map_err(best_play)?;
    let played = best
        .plain(game)
        .expect("removing jumps from a playable board makes no circle");
    if let Some(played) = played {
        let (length, visits, _) = plain(&played, query, Some(&best), ctl)?;
        return answer(Some(best), length, visits, None);
    }
    let visits = query
        .visits
        .then(|| Err(Error::from(NotGiven::VisitsUnderPolicy).in_part(Part::Visits)));
    answer(Some(best), Length::Policy, visits, None)
}

/// The figures of a plain game: the statistics by rolls (and turns under
/// the bonus rule), the exact means (by rolls the best play's, where the
/// game is the plain game of `best`), the visits and the impact when
/// asked for.
#[allow(clippy::type_complexity)]
fn plain(
    game: &Game,
    query: &ExpectQuery,
    best: Option<&choice::Solution>,
    ctl: &Control,
) -> Result<
    (
        Length,
        Option<Result<Option<Visits>, Error>>,
        Option<Vec<JumpImpact>>,
    ),
    Error,
> {
    let follow = if query.full {
        Follow::Whole
    } else {
        Follow::IfItFits
    };
    let stats = |unit: Unit| -> Result<Stats, Error> {
        let options = LengthOptions {
            unit,
            follow,
            ..LengthOptions::default()
        };
        // The moments first, solved once: they say what following the
        // whole distribution will cost, for a progress bar.
        let moments = markov::moments_with(game, unit, ctl)
            .map_err(|e| Error::from(e).in_part(Part::Moments))?;
        if let (Some(progress), Some((_, work))) = (
            &query.progress,
            markov::distribution_cost(game, &moments, &options),
        ) {
            (progress.0)(Step::Following { unit, work });
        }
        markov::stats_from(game, moments, &options, ctl)
            .map_err(|e| Error::from(e).in_part(Part::Distribution))
    };
    // The documented limit of the exact mean, unless there is no budget.
    let max_states = (!ctl.budget.is_unlimited()).then_some(markov::exact::MAX_EXACT_STATES);
    let exact_of = |unit: Unit| -> Result<Option<BigRational>, Error> {
        let options = ExactOptions { unit, max_states };
        markov::exact_mean_with(game, &options, ctl)
            .map_err(|e| Error::from(e).in_part(Part::Exact))
    };
    // A game past that limit is refused before anything is computed.
    let chain = game.states().len();
    if let Some(limit) = max_states.filter(|&limit| query.exact && best.is_none() && chain > limit)
    {
        let refused = markov::MarkovError::from(markov::ExactTooLarge {
            states: chain,
            limit,
        });
        return Err(Error::from(refused).in_part(Part::Exact));
    }
    let rolls = stats(Unit::Rolls)?;
    let policy = best.is_some();
    let exact = match best {
        Some(best) => best.exact.clone(),
        None if query.exact => exact_of(Unit::Rolls)?,
        None => None,
    };
    let turns = if game.rules().bonus.is_some() {
        let stats = stats(Unit::Turns)?;
        // Under a best play the exact mean is given by rolls alone.
        let exact = if query.exact && !policy {
            exact_of(Unit::Turns)?
        } else {
            None
        };
        Some((stats, exact))
    } else {
        None
    };
    let visits = if query.visits {
        Some(visits(game, ctl)?)
    } else {
        None
    };
    let impact = if query.impact {
        Some(markov::impact_with(game, ctl).map_err(|e| Error::from(e).in_part(Part::Impact))?)
    } else {
        None
    };
    Ok((
        Length::Dense {
            rolls,
            exact,
            turns,
        },
        visits,
        impact,
    ))
}

/// The visits, or why they are left out: visits that cannot be trusted,
/// are over the budget or did not converge within it leave the rest of the
/// answer standing. A stop and a failed allocation end the question.
fn visits(game: &Game, ctl: &Control) -> Result<Result<Option<Visits>, Error>, Error> {
    use crate::limits::LimitError;
    use crate::markov::MarkovError;
    match markov::visits_with(game, ctl) {
        Ok(v) => Ok(Ok(v)),
        Err(
            e @ (MarkovError::Inaccurate { .. }
            | MarkovError::NotConverged { .. }
            | MarkovError::Limit(LimitError::Memory { .. } | LimitError::Work { .. })),
        ) => Ok(Err(Error::from(e).in_part(Part::Visits))),
        Err(e) => Err(Error::from(e).in_part(Part::Visits)),
    }
}

/// What [`best_within`] is asked.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WithinQuery {
    /// The rolls to finish within.
    pub rolls: u64,
    /// The dice the player picks one of before each roll; empty for the
    /// rules' die.
    pub dice: Vec<Die>,
}

/// The play that makes the chance of finishing `subject` within
/// `query.rolls` rolls greatest (declining optional jumps, picking among
/// `query.dice`), and that chance: the dense engine's, roll by roll.
///
/// # Errors
///
/// [`Error::dense_only`] on a board longer than the dense engine's tables;
/// [`Error::limit`] when refused over the budget (the work grows with the
/// rolls), stopped, or out of memory; too many dice.
pub fn best_within(
    subject: &Subject,
    query: &WithinQuery,
    ctl: &Control,
) -> Result<choice::Within, Error> {
    let game = subject.dense_for("the best play for finishing within a number of rolls")?;
    let options = choice::Options {
        dice: query.dice.clone(),
        ..choice::Options::default()
    };
    choice::within_with(game, &options, query.rolls, ctl)
        .map_err(|e| Error::from(e).in_part(Part::BestWithin))
}
