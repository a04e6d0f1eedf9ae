//! Games with a real die: the exact statistics of the game length.
//!
//! A game is an absorbing Markov chain. Its states are the pawn's position
//! and, under the bonus rule, how many top values it has rolled in a row in
//! the current turn; its transitions are the faces of the die, applied by
//! [`Game::play`](crate::Game::play), so every rule means here what it means
//! in the search and the simulation.
//!
//! - [`stats`] and [`turn_stats`]: mean, variance and the whole distribution
//!   of the number of rolls (or turns), and the chance of never finishing.
//! - [`distribution()`], [`turn_distribution`], [`distribution_from`]: the
//!   distribution alone, from any position.
//! - [`expected_rolls`], [`expected_turns`]: the mean alone, fast on boards
//!   of millions of squares; [`moments`]: the mean, the variance and the
//!   chance of never finishing, without the distribution.
//! - [`exact_mean`]: the mean as an exact fraction, for boards of up to
//!   [`exact::MAX_EXACT_STATES`] states.
//! - [`can_get_stuck`]: whether a pawn can reach a square it never leaves
//!   for the last one.
//! - [`visits()`]: how often the pawn lands on, and rests on, each square.
//! - [`impact()`]: how much each jump changes the mean.
//! - [`matrix`]: the chain itself, for people who work with matrices: the
//!   transition matrix ([`transition_matrix`], sparse, with its states
//!   numbered as here) and the fundamental matrix `(I − Q)⁻¹`
//!   ([`fundamental_matrix`], on boards small enough).
//! - [`incremental`]: the mean and variance kept up to date while jumps
//!   change, a few products a candidate board, for searches over boards.
//! - [`reference`](mod@reference): plain textbook solvers, kept to check the fast one.
//!
//! Means and variances come from solving linear systems, not from the
//! distribution. The unknowns are eliminated from the last square down,
//! carrying along only the squares that snakes, bounces and the bonus limit
//! lead back to, so the work is linear in the board when jumps are of
//! moderate length. When very many long snakes are open at once, the work
//! would grow with their number squared; above a budget Gauss–Seidel sweeps
//! take over, with a convergence check that reports failure rather than a
//! wrong number. The distribution is computed separately, by carrying the
//! chance of every state forward roll by roll.
//!
//! ```
//! use snl::{Board, Game, Jump, Rules};
//!
//! let board = Board::new(10, [Jump { from: 4, to: 9 }, Jump { from: 8, to: 2 }])?;
//! let game = Game::new(board, Rules::default())?;
//! let s = snl::markov::stats(&game)?;
//! let mean = s.mean.expect("this game always ends");
//! assert!((mean - s.distribution.resolved_mean().unwrap()).abs() < 1e-9);
//! assert_eq!(s.never_finishes, 0.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod chain;
mod cost;
pub mod distribution;
pub mod exact;
mod fraction;
pub mod impact;
pub mod incremental;
pub mod matrix;
pub mod reference;
pub(crate) mod solve;
pub mod visits;

pub use cost::{FOLLOW_WORK, Measure, estimate};
pub use distribution::{
    Distribution, Limits, TAIL_STD_DEVS, distribution, distribution_cost, distribution_from,
    distribution_with, turn_distribution,
};
pub use exact::{
    ExactTooLarge, exact_mean, exact_mean_with, exact_turn_mean, exact_turn_mean_with,
};
pub use impact::{JumpImpact, impact, impact_with};
pub use matrix::{
    FundamentalError, FundamentalMatrix, TransitionMatrix, fundamental_matrix,
    fundamental_matrix_with, transition_matrix, transition_matrix_with,
};
pub use visits::{Visits, visits, visits_with};

use crate::game::{Game, Pawn};
use crate::limits::{Control, Estimate, LimitError};
use chain::{Chain, EXIT, Moves, Predecessors, Walk};

/// A game-length question the solver could not answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MarkovError {
    /// The board was too costly to solve directly, and the iterative solver
    /// did not reach full precision within its budget.
    #[error(
        "the iterative solver did not converge within its budget (estimated error {}); the board has many long snakes open at once and very long games{}",
        .error.map_or_else(|| "unknown".to_string(), |e| format!("{e:.3e}")),
        .direct.map_or_else(String::new, |d| format!(", and solving it directly would take {d}"))
    )]
    NotConverged {
        /// The estimated error of the last iterate, when it could be
        /// estimated.
        error: Option<f64>,
        /// What the direct solver would have needed, when the budget was
        /// too small for it.
        direct: Option<Estimate>,
    },
    /// The expected number of rolls is too large for floating point: the
    /// game practically never ends.
    #[error(
        "the expected number of {unit} is beyond 1.8e308, too large for floating point: on this board a game practically never ends"
    )]
    Overflow {
        /// `rolls` or `turns`.
        unit: &'static str,
    },
    /// The answer came out of floating point with no digit to trust: the
    /// board's chances are so far apart that the solve lost them all (an
    /// expected count came out negative).
    #[error(
        "{what} cannot be computed accurately in floating point on this board: its chances are too far apart and its games too long; the mean and the exact mean are still right"
    )]
    Inaccurate {
        /// The answer, as a noun phrase.
        what: &'static str,
    },
    /// The analysis was refused, stopped, or ran out of memory.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// The statistics of the number of rolls (or turns) one pawn takes to
/// finish.
#[derive(Debug, Clone, PartialEq)]
pub struct Stats {
    /// The expected number; `None` when the game may never end.
    pub mean: Option<f64>,
    /// The variance; `None` when the game may never end, or when it is
    /// beyond floating point (above 1.8e308; the standard deviation is then
    /// still given).
    pub variance: Option<f64>,
    /// The standard deviation; `None` when the game may never end.
    pub std_dev: Option<f64>,
    /// The chance that the game never ends.
    pub never_finishes: f64,
    /// The whole distribution (its `never` comes from the propagation;
    /// [`Stats::never_finishes`] from a linear solve, and is the more
    /// precise).
    pub distribution: Distribution,
    /// Why the distribution was not followed at all ([`stats_planned`]
    /// skips it when its estimated cost is over the work allowed); then
    /// `distribution` holds no step and all of the chance of finishing is
    /// in its `unresolved`.
    pub skipped: Option<Skipped>,
}

/// How much of the distribution of the length [`stats_planned`] follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Follow {
    /// Only when its estimated work ([`distribution_cost`]) fits the work
    /// allowed; otherwise skip it before any of it is done.
    #[default]
    IfItFits,
    /// As far as the limits and the budget allow, whatever the estimate.
    Always,
}

/// The estimated cost of following the distribution of the length until
/// less than [`Limits::tail`] of the chance is unresolved, and what was
/// allowed: why [`stats_planned`] skipped it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skipped {
    /// The steps (rolls, or turns) to follow: the mean plus
    /// [`TAIL_STD_DEVS`] standard deviations.
    pub steps: u64,
    /// The estimated work, in state updates of about a nanosecond each: the
    /// steps times the chain's states times the die's faces (times the
    /// rolls in a turn, by turns). Where the chance is spread over a part
    /// of the board only the work is less; where a rare slow way to finish
    /// makes the tail longer than the deviation suggests, more (then the
    /// propagation stops at the work allowed and says what it left).
    pub work: u64,
    /// The work allowed (the smaller of [`Limits::work`] and the budget's).
    pub allowed: u64,
}

/// The statistics of the number of rolls from the game's start.
///
/// # Errors
///
/// [`MarkovError::NotConverged`] on boards too large for the direct solver
/// where the iterative one does not converge.
pub fn stats(game: &Game) -> Result<Stats, MarkovError> {
    stats_with(game, false, Limits::default(), &Control::default())
}

/// The statistics of the number of turns from the game's start (the same as
/// [`stats`] without the bonus rule).
///
/// # Errors
///
/// As [`stats`].
pub fn turn_stats(game: &Game) -> Result<Stats, MarkovError> {
    stats_with(game, true, Limits::default(), &Control::default())
}

/// The statistics of the number of rolls (or, with `by_turns`, turns), with
/// explicit limits on the distribution's propagation (the mean and variance
/// do not depend on them), under a [`Control`].
///
/// The mean and variance are refused up front when their solve is over the
/// budget ([`Measure::Stats`], refined by the solver's plan); the
/// distribution is followed for at most the smaller of `limits.work` and
/// the budget's work, and says what it did not reach in its `unresolved`
/// chance.
///
/// # Errors
///
/// As [`stats`], and [`MarkovError::Limit`] when refused, stopped, or out
/// of memory.
pub fn stats_with(
    game: &Game,
    by_turns: bool,
    limits: Limits,
    ctl: &Control,
) -> Result<Stats, MarkovError> {
    stats_planned(game, by_turns, limits, ctl, Follow::Always)
}

/// [`stats_with`], deciding from the mean and standard deviation, before
/// following the distribution, whether it fits: with
/// [`Follow::IfItFits`], a distribution whose [`distribution_cost`] is
/// over the work allowed (the smaller of `limits.work` and the budget's) is
/// skipped at once and [`Stats::skipped`] says what it would cost.
///
/// # Errors
///
/// As [`stats_with`].
pub fn stats_planned(
    game: &Game,
    by_turns: bool,
    limits: Limits,
    ctl: &Control,
    follow: Follow,
) -> Result<Stats, MarkovError> {
    let m = solve_moments(game, by_turns, true, ctl)?;
    let allowed = limits.work.min(ctl.budget.work);
    let skipped = match (follow, distribution_cost(game, &m, by_turns)) {
        (Follow::IfItFits, Some((steps, work))) if work > allowed => Some(Skipped {
            steps,
            work,
            allowed,
        }),
        _ => None,
    };
    let distribution = match skipped {
        Some(_) => Distribution {
            pmf: vec![0.0],
            never: m.never,
            unresolved: 1.0 - m.never,
        },
        None => distribution_with(game, game.start(), by_turns, limits, ctl)?,
    };
    Ok(Stats {
        mean: m.mean,
        variance: m.variance,
        std_dev: m.std_dev,
        never_finishes: m.never,
        distribution,
        skipped,
    })
}

/// The expected number of rolls from the game's start; `None` when the game
/// may never end (then the expectation is infinite).
///
/// # Errors
///
/// As [`stats`].
///
/// # Examples
///
/// ```
/// use snl::{Board, Finish, Game, Rules};
///
/// // Two squares from square 1: a d6 must show exactly 1.
/// let exact = Game::new(Board::empty(2)?, Rules::default())?;
/// assert!((snl::markov::expected_rolls(&exact)?.unwrap() - 6.0).abs() < 1e-12);
/// let pass = Rules { finish: Finish::Pass, ..Rules::default() };
/// let pass = Game::new(Board::empty(2)?, pass)?;
/// assert_eq!(snl::markov::expected_rolls(&pass)?, Some(1.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn expected_rolls(game: &Game) -> Result<Option<f64>, MarkovError> {
    expected_rolls_with(game, &Control::default())
}

/// [`expected_rolls`] under a [`Control`]: refused up front when the solve
/// is over the budget ([`Measure::Mean`], refined by the solver's
/// plan), stopped when the token is set.
///
/// # Errors
///
/// As [`stats_with`].
pub fn expected_rolls_with(game: &Game, ctl: &Control) -> Result<Option<f64>, MarkovError> {
    Ok(solve_moments(game, false, false, ctl)?.mean)
}

/// The expected number of turns from the game's start; `None` when the game
/// may never end.
///
/// # Errors
///
/// As [`stats`].
pub fn expected_turns(game: &Game) -> Result<Option<f64>, MarkovError> {
    expected_turns_with(game, &Control::default())
}

/// [`expected_turns`] under a [`Control`] (see [`expected_rolls_with`]).
///
/// # Errors
///
/// As [`stats_with`].
pub fn expected_turns_with(game: &Game, ctl: &Control) -> Result<Option<f64>, MarkovError> {
    Ok(solve_moments(game, true, false, ctl)?.mean)
}

/// The chance that a game from the start never ends.
///
/// # Errors
///
/// As [`stats`].
pub fn never_finishes(game: &Game) -> Result<f64, MarkovError> {
    never_finishes_with(game, &Control::default())
}

/// [`never_finishes`] under a [`Control`] (see [`expected_rolls_with`]).
///
/// # Errors
///
/// As [`stats_with`].
pub fn never_finishes_with(game: &Game, ctl: &Control) -> Result<f64, MarkovError> {
    Ok(solve_moments(game, false, false, ctl)?.never)
}

/// Whether a pawn with a real die can get stuck: reach a position from
/// which no sequence of rolls leads to the last square. Then the game may
/// never end, however it is played from there.
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Jump, Rules};
///
/// // Squares 5 to 10 all lead back to 4: a pawn on 2 to 4 can never pass.
/// let wall = (5..=10).map(|from| Jump { from, to: 4 });
/// let trapped = Game::new(Board::new(12, wall.chain([Jump { from: 1, to: 11 }]))?, Rules::default())?;
/// assert!(snl::markov::can_get_stuck(&trapped));
/// let open = Game::new(Board::empty(12)?, Rules::default())?;
/// assert!(!snl::markov::can_get_stuck(&open));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
///
/// When the chain's tables cannot be allocated; [`can_get_stuck_with`]
/// reports that as an error instead.
pub fn can_get_stuck(game: &Game) -> bool {
    can_get_stuck_with(game, &Control::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// [`can_get_stuck`] under a [`Control`]: refused when the chain does not
/// fit the budget, stopped when the token is set.
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
pub fn can_get_stuck_with(game: &Game, ctl: &Control) -> Result<bool, LimitError> {
    if game.starts_finished() {
        return Ok(false);
    }
    let chain = cost::Sizes::of(game).chain();
    Ok(Analysis::new(game, "the chain of the game", chain, ctl)?.stuck)
}

/// The mean and variance of the game length and the chance of never
/// finishing, without the distribution: what [`stats`] gives, at a small
/// part of its cost (the distribution is followed roll by roll until its
/// tail is spent; these come from two linear solves).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Moments {
    /// The expected number; `None` when the game may never end.
    pub mean: Option<f64>,
    /// The variance; `None` when the game may never end, or when it is
    /// beyond floating point (above 1.8e308; the standard deviation is then
    /// still given).
    pub variance: Option<f64>,
    /// The standard deviation; `None` when the game may never end.
    pub std_dev: Option<f64>,
    /// The chance that the game never ends.
    pub never: f64,
}

/// The mean and variance of the number of rolls (or, with `by_turns`,
/// turns) from the game's start, and the chance of never finishing: the
/// same numbers as [`stats_with`] without the distribution.
///
/// # Errors
///
/// As [`stats`].
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Rules};
///
/// // Two squares from square 1: a d6 must show exactly 1, a geometric wait.
/// let game = Game::new(Board::empty(2)?, Rules::default())?;
/// let m = snl::markov::moments(&game, false)?;
/// assert!((m.mean.unwrap() - 6.0).abs() < 1e-12);
/// assert!((m.variance.unwrap() - 30.0).abs() < 1e-9);
/// assert_eq!(m.never, 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn moments(game: &Game, by_turns: bool) -> Result<Moments, MarkovError> {
    moments_with(game, by_turns, &Control::default())
}

/// [`moments`] under a [`Control`]: refused up front when the two solves
/// are over the budget ([`Measure::Mean`], refined by the
/// solver's plan), stopped when the token is set.
///
/// # Errors
///
/// As [`stats_with`].
pub fn moments_with(game: &Game, by_turns: bool, ctl: &Control) -> Result<Moments, MarkovError> {
    solve_moments(game, by_turns, true, ctl)
}

/// The chain of a game with the states that matter for a pawn from the
/// start: reachable from it, and able to reach the goal.
#[derive(Debug)]
pub(crate) struct Analysis<M = Chain> {
    chain: M,
    /// Live, and reachable from the start; or, for [`Span::Targeted`], some
    /// states the start cannot reach as well.
    active: Vec<bool>,
    /// The start state.
    start: usize,
    /// Whether the start itself is live.
    start_live: bool,
    /// Whether a state that cannot reach the goal is reachable.
    stuck: bool,
}

impl Analysis {
    /// The chain of `game`, refused when its tables or `what` (an analysis
    /// whose estimate is `estimate`) do not fit the budget.
    fn new(
        game: &Game,
        what: &'static str,
        estimate: Estimate,
        ctl: &Control,
    ) -> Result<Analysis, LimitError> {
        cost::chain_fits(game)?;
        ctl.admit(what, estimate)?;
        let chain = Chain::new(game, &mut ctl.meter())?;
        let start = chain.state(Pawn {
            at: game.start(),
            streak: 0,
        });
        Analysis::of(chain, start, Span::Reachable, ctl)
    }

    /// The chain with no budget, for the textbook solvers that check the
    /// fast one on small boards.
    ///
    /// # Panics
    ///
    /// When the chain's tables cannot be allocated.
    pub(crate) fn plain(game: &Game) -> Analysis {
        Analysis::new(game, "the chain", Estimate::default(), &Control::default())
            .unwrap_or_else(|e| panic!("{e}"))
    }
}

impl<'g> Analysis<Walk<'g>> {
    /// The moves of `game` worked out as they are asked for, without a
    /// table (see [`Walk`]); `None` under the bonus rule.
    fn walking(
        game: &'g Game,
        what: &'static str,
        estimate: Estimate,
        ctl: &Control,
    ) -> Result<Option<Analysis<Walk<'g>>>, LimitError> {
        let Some(walk) = Walk::new(game) else {
            return Ok(None);
        };
        cost::chain_fits(game)?;
        ctl.admit(what, estimate)?;
        let start = game.start() as usize;
        Analysis::of(walk, start, Span::Targeted, ctl).map(Some)
    }
}

/// The states an analysis solves over, beside being live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Span {
    /// Those reachable from the start.
    Reachable,
    /// Where every state is live, those some move leads to, and the start:
    /// the states no move reaches (the feet of jumps) left out as they are
    /// by the search, found in the first sweep for the live states rather
    /// than by a search of their own. A state the start cannot reach
    /// changes nothing the start's value depends on, so this serves the
    /// solves for that value, forward. Not the visits, solved backward
    /// over every state: a state the start cannot reach, nearly a trap,
    /// can make that solve singular in floating point.
    Targeted,
}

impl<M: Moves> Analysis<M> {
    fn of(chain: M, start: usize, span: Span, ctl: &Control) -> Result<Analysis<M>, LimitError> {
        let (live, targeted) = chain::live_and_targeted(&chain, span == Span::Targeted, ctl)?;
        let all_live = live.iter().enumerate().all(|(k, &l)| l || chain.is_goal(k));
        let mut active = if span == Span::Targeted && all_live {
            let mut targeted = targeted;
            targeted[start] = true;
            targeted
        } else {
            drop(targeted);
            chain::reachable(&chain, start, ctl)?
        };
        let mut stuck = false;
        for (a, &l) in active.iter_mut().zip(&live) {
            stuck |= *a && !l;
            *a &= l;
        }
        Ok(Analysis {
            chain,
            active,
            start,
            start_live: live[start],
            stuck,
        })
    }
}

/// `x = c + Q x` over the active states, a state at a time.
struct Forward<'a, M = Chain> {
    a: &'a Analysis<M>,
}

impl<M: Moves> solve::Rows for Forward<'_, M> {
    fn len(&self) -> usize {
        self.a.chain.states()
    }
    #[inline]
    fn active(&self, k: usize) -> bool {
        self.a.active[k]
    }
    #[inline]
    fn terms(&self, k: usize, out: &mut Vec<(Option<u32>, u16)>) {
        self.a.chain.each_target(k, |i, t| {
            let live = t != EXIT && self.a.active[t as usize];
            out.push((live.then_some(t), i as u16));
        });
    }
    fn stochastic(&self) -> bool {
        true
    }
}

/// `x = c + Qᵀ x` over the active states, numbered from the top down so that
/// the solver, which eliminates the highest number first, sweeps the board
/// from the bottom up: the mirror image of [`Forward`].
struct Backward<'a> {
    a: &'a Analysis,
    preds: &'a Predecessors,
}

impl solve::Rows for Backward<'_> {
    fn len(&self) -> usize {
        self.a.chain.states()
    }
    fn active(&self, k: usize) -> bool {
        self.a.active[self.len() - 1 - k]
    }
    fn terms(&self, k: usize, out: &mut Vec<(Option<u32>, u16)>) {
        let n = self.len();
        let j = n - 1 - k;
        for (&s, &f) in self.preds.sources(j).iter().zip(self.preds.faces(j)) {
            if self.a.active[s as usize] {
                out.push((Some((n - 1 - s as usize) as u32), f));
            }
        }
    }
    fn stochastic(&self) -> bool {
        false
    }
}

/// The mean and variance of the number of rolls in one elimination (see
/// `solve::Dual`), for a game that always ends; `None` when the solver would
/// not eliminate or the numbers leave floating point, for the two solves
/// of [`solve_moments`] to take over.
fn moments_together<M: Moves>(
    a: &Analysis<M>,
    solver: &solve::Solver<'_, Forward<'_, M>>,
    costly: bool,
    ctl: &Control,
) -> Result<Option<Moments>, LimitError> {
    let coef: Vec<solve::Dual> = a
        .chain
        .prob()
        .iter()
        .map(|&p| solve::Dual {
            re: p,
            eps: 2.0 * p,
        })
        .collect();
    let one = solve::Dual { re: 1.0, eps: 1.0 };
    let Some(u) = solver.solve_dual_at(&coef, |_| one, costly, ctl)? else {
        return Ok(None);
    };
    Ok(moments_of(u.re, u.eps))
}

/// The mean and variance of the number of rolls by Gauss–Seidel sweeps
/// alone, within the solver's cap: quick where games are short, where the
/// elimination is costly. `None` when they do not converge.
fn moments_by_sweeps<M: Moves>(
    a: &Analysis<M>,
    solver: &solve::Solver<'_, Forward<'_, M>>,
    ctl: &Control,
) -> Result<Option<Moments>, MarkovError> {
    let prob = a.chain.prob();
    let Some(x) = solver.sweep(prob, |_| 1.0, ctl)? else {
        return Ok(None);
    };
    let Some(y) = solver.sweep(prob, |k| 2.0 * x[k] - 1.0, ctl)? else {
        return Ok(None);
    };
    Ok(moments_of(x[a.start], y[a.start]))
}

/// The moments from the mean and second moment; `None` past floating point.
fn moments_of(mean: f64, second_moment: f64) -> Option<Moments> {
    if !(mean.is_finite() && second_moment.is_finite()) {
        return None;
    }
    let variance = (second_moment - mean * mean).max(0.0);
    Some(Moments {
        mean: Some(mean),
        variance: Some(variance),
        std_dev: Some(variance.sqrt()),
        never: 0.0,
    })
}

fn solve_moments(
    game: &Game,
    by_turns: bool,
    second: bool,
    ctl: &Control,
) -> Result<Moments, MarkovError> {
    if game.starts_finished() {
        return Ok(Moments {
            mean: Some(0.0),
            variance: Some(0.0),
            std_dev: Some(0.0),
            never: 0.0,
        });
    }
    let what = if second {
        "the mean and variance"
    } else {
        "the mean"
    };
    let estimate = cost::estimate(game, Measure::Mean);
    // Without the bonus rule the moves are worked out as they are needed:
    // no table of moves, a few bytes a square in all.
    match Analysis::walking(game, what, estimate, ctl)? {
        Some(a) => moments_from(&a, by_turns, second, ctl),
        None => moments_from(
            &Analysis::new(game, what, estimate, ctl)?,
            by_turns,
            second,
            ctl,
        ),
    }
}

fn moments_from<M: Moves>(
    a: &Analysis<M>,
    by_turns: bool,
    second: bool,
    ctl: &Control,
) -> Result<Moments, MarkovError> {
    if !a.start_live {
        return Ok(Moments {
            mean: None,
            variance: None,
            std_dev: None,
            never: 1.0,
        });
    }
    let chain = &a.chain;
    let rows = Forward { a };
    // The start's value alone needs no back-substitution, and no memory a
    // square beyond the plan: the chance of getting stuck, the mean alone,
    // and the mean and variance by rolls together (one elimination over
    // dual numbers). Only the variance by turns, or past floating point,
    // takes the mean from every state.
    let at = solve::Keep::At(a.start);
    let solver = solve::Solver::new(&rows, if second { 2 } else { 1 }, at, ctl)?;
    if a.stuck {
        // The chance of getting stuck: the chance of a roll to a state
        // from which the goal cannot be reached, then of getting stuck from
        // wherever the roll led. Solved for directly rather than as one
        // minus the chance of finishing, which rounds a chance of 10^-17 to
        // nothing.
        let prob = chain.prob();
        let stuck = solver.solve_at(
            prob,
            |k| {
                let mut p = 0.0;
                chain.each_target(k, |i, t| {
                    if t != EXIT && !a.active[t as usize] {
                        p += prob[i];
                    }
                });
                p
            },
            ctl,
        )?;
        return Ok(Moments {
            mean: None,
            variance: None,
            std_dev: None,
            never: stuck.clamp(0.0, 1.0),
        });
    }
    // Each roll costs 1; by turns, only the rolls that start a turn do.
    let cost = |k: usize| {
        if !by_turns || chain.starts_turn(k) {
            1.0
        } else {
            0.0
        }
    };
    if !second {
        let mean = solver.solve_at(chain.prob(), cost, ctl)?;
        if !mean.is_finite() {
            return Err(MarkovError::Overflow {
                unit: if by_turns { "turns" } else { "rolls" },
            });
        }
        return Ok(Moments {
            mean: Some(mean),
            variance: None,
            std_dev: None,
            never: 0.0,
        });
    }
    if !by_turns {
        if let Some(m) = moments_together(a, &solver, false, ctl)? {
            return Ok(m);
        }
        // An elimination that fits the budget but is costly: sweeps first,
        // then the elimination without the rows of every state.
        if solver.fits_but_costly() {
            if let Some(m) = moments_by_sweeps(a, &solver, ctl)? {
                return Ok(m);
            }
            if let Some(m) = moments_together(a, &solver, true, ctl)? {
                return Ok(m);
            }
        }
    }
    // Where the solves below do not converge, the elimination that would
    // do is the one over dual numbers, by rolls.
    let together = (!by_turns).then(|| solver.direct(2));
    let solver = solver.replan(2, solve::Keep::All, ctl);
    moments_by_two_solves(a, &solver, by_turns, together, ctl)
}

/// The mean and variance of the number of rolls (or turns) from two solves
/// over every state: the mean from each, then the second moment from the
/// means. `together` is the cost to name when they do not converge.
fn moments_by_two_solves<M: Moves>(
    a: &Analysis<M>,
    solver: &solve::Solver<'_, Forward<'_, M>>,
    by_turns: bool,
    together: Option<Estimate>,
    ctl: &Control,
) -> Result<Moments, MarkovError> {
    let chain = &a.chain;
    // Each roll costs 1; by turns, only the rolls that start a turn do.
    let cost = |k: usize| {
        if !by_turns || chain.starts_turn(k) {
            1.0
        } else {
            0.0
        }
    };
    let run = |rhs: &dyn Fn(usize) -> f64| {
        solver
            .solve(chain.prob(), rhs, ctl)
            .map_err(|e| match (e, together) {
                (MarkovError::NotConverged { error, .. }, Some(direct)) => {
                    MarkovError::NotConverged {
                        error,
                        direct: Some(direct),
                    }
                }
                (e, _) => e,
            })
    };
    let x = run(&cost)?;
    let mean = x[a.start];
    if !mean.is_finite() {
        return Err(MarkovError::Overflow {
            unit: if by_turns { "turns" } else { "rolls" },
        });
    }
    let (variance, std_dev) = {
        // E[T²] from k: a roll costing c, then T' from the next state:
        // E[(c + T')²] = c² + 2c·E[T'] + E[T'²], with E[T'] = x_k - c.
        let y = run(&|k| {
            let c = cost(k);
            c * (2.0 * x[k] - c)
        })?;
        let second_moment = y[a.start];
        if second_moment.is_finite() {
            let variance = (second_moment - mean * mean).max(0.0);
            (Some(variance), Some(variance.sqrt()))
        } else {
            // Past floating point (a mean above about 1e154): solved again
            // for E[T²] / mean², which stays finite whenever the mean does.
            // The deviation is then finite; the variance is not.
            let y = run(&|k| {
                let c = cost(k);
                c * ((2.0 * x[k] - c) / mean) / mean
            })?;
            let relative = (y[a.start] - 1.0).max(0.0);
            let variance = relative * mean * mean;
            (
                variance.is_finite().then_some(variance),
                Some(relative.sqrt() * mean),
            )
        }
    };
    Ok(Moments {
        mean: Some(mean),
        variance,
        std_dev,
        never: 0.0,
    })
}

#[cfg(test)]
// The values compared exactly are exact in binary (0, 1/2, 1/4, ...).
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use crate::rules::{Bonus, Die, Finish, Rules, Start};

    use crate::game::tests::game;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn two_squares_under_each_finish() {
        for (finish, mean, var) in [
            // Geometric with p = 1/6: mean 6, variance (1-p)/p² = 30.
            (Finish::Exact, 6.0, 30.0),
            // Bounce from 1 by r lands on 1 + ... always back to 1 or 2: only
            // odd rolls (1, 3, 5) reach square 2.
            (Finish::Bounce, 2.0, 2.0),
            (Finish::Pass, 1.0, 0.0),
        ] {
            let g = game(
                2,
                &[],
                Rules {
                    finish,
                    ..Rules::default()
                },
            );
            let s = stats(&g).unwrap();
            assert!(close(s.mean.unwrap(), mean), "{finish}: {:?}", s.mean);
            assert!(
                close(s.variance.unwrap(), var),
                "{finish}: {:?}",
                s.variance
            );
            assert_eq!(s.never_finishes, 0.0);
        }
    }

    #[test]
    fn stuck_board_is_infinite() {
        // Every square a d6 reaches from 1 leads back to 1.
        let jumps: Vec<(u32, u32)> = (2..=7).map(|s| (s, 1)).collect();
        let s = stats(&game(10, &jumps, Rules::default())).unwrap();
        assert_eq!((s.mean, s.variance, s.std_dev), (None, None, None));
        assert_eq!(s.never_finishes, 1.0);
        assert_eq!(s.distribution.never, 1.0);
    }

    #[test]
    fn a_trap_catches_half() {
        // A coin, passing allowed. A 1 lands on 2, whose ladder leads to 6;
        // from 6 both rolls land on snakes back to 6, forever. A 2 lands on
        // 3, whose ladder reaches the goal.
        let rules = Rules {
            die: Die::uniform(2).unwrap(),
            finish: Finish::Pass,
            ..Rules::default()
        };
        let g = game(9, &[(2, 6), (7, 6), (8, 6), (3, 9)], rules);
        let s = stats(&g).unwrap();
        assert_eq!(s.mean, None);
        assert!(close(s.never_finishes, 0.5), "{}", s.never_finishes);
        assert!(close(s.distribution.never, 0.5));
        assert_eq!(s.distribution.pmf, vec![0.0, 0.5]);
        assert_eq!(s.distribution.min(), Some(1));
        assert_eq!(s.distribution.quantile(0.5), Some(1));
        assert_eq!(s.distribution.quantile(0.75), None);
        assert_eq!(never_finishes(&g).unwrap(), 0.5);
    }

    #[test]
    fn bonus_changes_turns_not_rolls_without_a_limit() {
        let jumps = [(3, 11), (9, 2), (14, 5)];
        let plain = game(20, &jumps, Rules::default());
        let bonus = game(
            20,
            &jumps,
            Rules {
                bonus: Some(Bonus::unlimited()),
                ..Rules::default()
            },
        );
        let r0 = expected_rolls(&plain).unwrap().unwrap();
        let r1 = expected_rolls(&bonus).unwrap().unwrap();
        assert!(close(r0, r1));
        let t0 = expected_turns(&plain).unwrap().unwrap();
        let t1 = expected_turns(&bonus).unwrap().unwrap();
        assert!(close(t0, r0));
        assert!(t1 < r1);
        let s = turn_stats(&bonus).unwrap();
        assert!(close(s.distribution.resolved_mean().unwrap(), t1));
    }

    #[test]
    fn gauss_seidel_fallback_agrees_and_reports_failure() {
        let g = game(
            60,
            &[(3, 40), (22, 5), (35, 12), (51, 33), (58, 2), (44, 57)],
            Rules::default(),
        );
        let a = Analysis::plain(&g);
        let rows = Forward { a: &a };
        let ctl = Control::default();
        let plan = solve::Plan::new(&rows, &mut ctl.meter()).unwrap();
        let direct =
            solve::frontal(&rows, &plan, &a.chain.prob, |_| 1.0, &mut ctl.meter()).unwrap();
        let iterated =
            solve::gauss_seidel(&rows, &a.chain.prob, |_| 1.0, 1e9, &mut ctl.meter()).unwrap();
        for k in (0..direct.len()).filter(|&k| a.active[k]) {
            assert!(close(direct[k], iterated[k]), "state {k}");
        }
        // A budget of a few sweeps is not enough, and says so.
        let err = solve::gauss_seidel(&rows, &a.chain.prob, |_| 1.0, 100.0, &mut ctl.meter())
            .unwrap_err();
        assert!(matches!(err, MarkovError::NotConverged { .. }));
        assert!(err.to_string().contains("did not converge"), "{err}");
    }

    #[test]
    fn off_board_start() {
        // A one-square board from off the board: only a 1 finishes.
        let rules = Rules {
            start: Start::OffBoard,
            ..Rules::default()
        };
        let g = game(1, &[], rules);
        assert!(close(expected_rolls(&g).unwrap().unwrap(), 6.0));
        assert_eq!(
            expected_rolls(&game(1, &[], Rules::default())).unwrap(),
            Some(0.0)
        );
    }
}
