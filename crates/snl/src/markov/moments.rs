//! The mean and variance of the game length, and the chance of never
//! finishing, by linear solves over the active states (see
//! [`solve`](super::solve)): the numbers every Markov analysis starts from.

use super::active::{Active, Forward};
use super::chain::{EXIT, Moves};
use super::cost::{self, Measure};
use super::dd::{DD, DDual};
use super::error::MarkovError;
use super::solve;
use crate::game::{Game, Unit};
use crate::limits::{Control, Estimate, LimitError};
use crate::rules::Die;

/// The expected number of rolls from the game's start; `None` when the game
/// may never end (then the expectation is infinite).
///
/// # Errors
///
/// As [`stats`](super::stats()).
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
/// As [`stats_with`](super::stats_with).
pub fn expected_rolls_with(game: &Game, ctl: &Control) -> Result<Option<f64>, MarkovError> {
    Ok(solve_moments(game, false, false, ctl)?.mean)
}

/// The expected number of turns from the game's start; `None` when the game
/// may never end.
///
/// # Errors
///
/// As [`stats`](super::stats()).
pub fn expected_turns(game: &Game) -> Result<Option<f64>, MarkovError> {
    expected_turns_with(game, &Control::default())
}

/// [`expected_turns`] under a [`Control`] (see [`expected_rolls_with`]).
///
/// # Errors
///
/// As [`stats_with`](super::stats_with).
pub fn expected_turns_with(game: &Game, ctl: &Control) -> Result<Option<f64>, MarkovError> {
    Ok(solve_moments(game, true, false, ctl)?.mean)
}

/// The chance that a game from the start never ends.
///
/// # Errors
///
/// As [`stats`](super::stats()).
pub fn never_finishes(game: &Game) -> Result<f64, MarkovError> {
    never_finishes_with(game, &Control::default())
}

/// [`never_finishes`] under a [`Control`] (see [`expected_rolls_with`]).
///
/// # Errors
///
/// As [`stats_with`](super::stats_with).
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
/// assert!(snl::markov::can_get_stuck(&trapped)?);
/// let open = Game::new(Board::empty(12)?, Rules::default())?;
/// assert!(!snl::markov::can_get_stuck(&open)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`LimitError::Alloc`] when the chain's tables cannot be allocated: the
/// `_with` form under [`Control::default`], which sets no budget.
pub fn can_get_stuck(game: &Game) -> Result<bool, LimitError> {
    can_get_stuck_with(game, &Control::default())
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
    Ok(Active::new(game, "the chain of the game", chain, ctl)?.stuck)
}

/// The mean and variance of the game length and the chance of never
/// finishing, without the distribution: what [`stats`](super::stats()) gives, at a small
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

/// The mean and variance of the length in `unit` from the game's start,
/// and the chance of never finishing: the same numbers as [`stats_with`](super::stats_with)
/// without the distribution.
///
/// # Errors
///
/// As [`stats`](super::stats()).
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Rules};
///
/// // Two squares from square 1: a d6 must show exactly 1, a geometric wait.
/// let game = Game::new(Board::empty(2)?, Rules::default())?;
/// let m = snl::markov::moments(&game, snl::Unit::Rolls)?;
/// assert!((m.mean.unwrap() - 6.0).abs() < 1e-12);
/// assert!((m.variance.unwrap() - 30.0).abs() < 1e-9);
/// assert_eq!(m.never, 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn moments(game: &Game, unit: Unit) -> Result<Moments, MarkovError> {
    moments_with(game, unit, &Control::default())
}

/// [`moments`] under a [`Control`]: refused up front when the two solves
/// are over the budget ([`Measure::Mean`], refined by the
/// solver's plan), stopped when the token is set.
///
/// # Errors
///
/// As [`stats_with`](super::stats_with).
pub fn moments_with(game: &Game, unit: Unit, ctl: &Control) -> Result<Moments, MarkovError> {
    solve_moments(game, unit == Unit::Turns, true, ctl)
}

/// The mean and variance of the number of rolls in one elimination (see
/// `solve::Dual`), for a game that always ends; `None` when the solver would
/// not eliminate or the numbers leave floating point, for the two solves
/// of [`solve_moments`] to take over.
///
/// The variance is the second moment less the square of the mean, and on a
/// long board the two agree in most of their digits: on an empty board of
/// 10^6 squares with a d6 both are near 7·10^10 and the variance near
/// 6·10^4, so an error of 10^-12 of the second moment, which a million
/// rows of `f64` arithmetic easily make, is 10^-6 of the variance (seen:
/// 62379.67 for 62379.02). The elimination in `f64` is kept where that
/// cancellation leaves the variance within [`VARIANCE_PRECISION`] by its
/// first-order bound; where it does not, or where it cannot whatever the
/// moments ([`always_cancels`]: past [`F64_ROWS`] rows, where the `f64`
/// elimination is not run at all), the elimination runs in double-double
/// precision. The mean stays the `f64` elimination's where that ran (the
/// number the mean alone, [`expected_rolls_with`], gives); past that size
/// it comes from the double-doubles, and the mean alone, still in `f64`,
/// may differ from it in its last digits or more: on the 10^7-square board of
/// `random_board 10000000 --jumps 10000 --length 1..40000 --seed 1` it
/// was 4105496.069606705 where the double-doubles, and the engine by
/// jumps ([`crate::sparse::markov`]), both give 4105496.069745511.
fn moments_together<M: Moves>(
    a: &Active<M>,
    die: &Die,
    solver: &solve::Solver<'_, Forward<'_, M>>,
    costly: bool,
    ctl: &Control,
) -> Result<Option<Moments>, LimitError> {
    // The `f64` elimination's mean, where it runs: the same number as the
    // mean alone (`expected_rolls_with`) and each jump's impact are
    // measured from.
    let mut f64_mean = None;
    if !always_cancels(solver.active_rows()) {
        let prob = a.chain.prob();
        let coef: Vec<solve::Dual> = prob
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
        let Some(m) = moments_of(u.re, u.eps) else {
            return Ok(None);
        };
        if !cancels(solver.active_rows(), u.re, u.eps) {
            return Ok(Some(m));
        }
        f64_mean = m.mean;
    }
    // The chances exactly as double-doubles, not from their `f64`
    // roundings: six of 1/6 in `f64` lose 3·10^-16 a roll, which over the
    // 2.6·10^5 rolls of a game of 10^6 squares moves the variance by 10^-5.
    let total = die.total();
    let coef: Vec<DDual> = die
        .faces()
        .map(|(_, w)| {
            let p = DD::ratio(w, total);
            DDual { re: p, eps: p + p }
        })
        .collect();
    debug_assert_eq!(coef.len(), a.chain.prob().len(), "a coefficient a face");
    let one = DDual {
        re: DD::ONE,
        eps: DD::ONE,
    };
    if !solver.eliminates(costly) {
        return Ok(None);
    }
    ctl.admit(
        "the mean and variance in double-double precision",
        solver.direct_over(DD_BYTES, DD_WORK),
    )?;
    let Some(u) = solver.solve_dual_at(&coef, |_| one, costly, ctl)? else {
        return Ok(None);
    };
    // The variance from the double-doubles, as their difference before it
    // is rounded; the mean too where no `f64` elimination ran.
    let mean = f64_mean.unwrap_or(u.re.to_f64());
    let variance = (u.eps - u.re * u.re).to_f64().max(0.0);
    Ok(
        (mean.is_finite() && u.eps.to_f64().is_finite()).then(|| Moments {
            mean: Some(mean),
            variance: Some(variance),
            std_dev: Some(variance.sqrt()),
            never: 0.0,
        }),
    )
}

/// Whether the variance from an elimination in `f64` over `rows` rows
/// misses [`VARIANCE_PRECISION`] by the bound of [`cancels`] whatever the
/// moments are: that bound is at least `4·rows·ε` of the variance, the
/// second moment being at least the square of the mean. Past
/// [`F64_ROWS`] rows the elimination runs in double-double precision at
/// once.
fn always_cancels(rows: usize) -> bool {
    rows > F64_ROWS
}

/// The most rows over which the variance from an elimination in `f64` can
/// keep [`VARIANCE_PRECISION`] (112,589): where `4·rows·ε` reaches it.
pub(crate) const F64_ROWS: usize = (VARIANCE_PRECISION / (4.0 * f64::EPSILON)) as usize;

/// The bytes of a dual double-double, and the work of an operation on them
/// in operations on `f64` duals: the elimination in double-double precision
/// took 15 times the `f64` one's time on the 10^7-square board above (57.4 s
/// against 3.8 s on a loaded machine).
const DD_BYTES: f64 = 32.0;
const DD_WORK: f64 = 16.0;

/// How close to its true value the variance from an elimination in `f64`
/// must be, relative, by the bound of [`cancels`], to be kept.
pub(crate) const VARIANCE_PRECISION: f64 = 1e-10;

/// Whether the variance `second - mean²`, from an elimination in `f64` over
/// `rows` rows, may be further than [`VARIANCE_PRECISION`] from its true
/// value: the mean and second moment are each within about `4·rows` units
/// of rounding, relative, of theirs (every number of the elimination is
/// not negative, and each row adds a few roundings to what it takes from
/// the rows above), so the variance within `4·rows·ε·(second + mean²)`.
fn cancels(rows: usize, mean: f64, second: f64) -> bool {
    let variance = second - mean * mean;
    let bound = 4.0 * rows as f64 * f64::EPSILON * (second + mean * mean);
    // Also where the variance came out negative or not a number.
    !matches!(
        bound.partial_cmp(&(VARIANCE_PRECISION * variance)),
        Some(std::cmp::Ordering::Less | std::cmp::Ordering::Equal)
    )
}

/// The mean and variance of the number of rolls by Gauss–Seidel sweeps
/// alone, within the solver's cap: quick where games are short, where the
/// elimination is costly. `None` when they do not converge.
fn moments_by_sweeps<M: Moves>(
    a: &Active<M>,
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
    let die = &game.rules().die;
    // Without the bonus rule the moves are worked out as they are needed:
    // no table of moves, a few bytes a square in all.
    match Active::walking(game, what, estimate, ctl)? {
        Some(a) => moments_from(&a, die, by_turns, second, ctl),
        None => moments_from(
            &Active::new(game, what, estimate, ctl)?,
            die,
            by_turns,
            second,
            ctl,
        ),
    }
}

fn moments_from<M: Moves>(
    a: &Active<M>,
    die: &Die,
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
                    if t != EXIT && !a.solved[t as usize] {
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
        if let Some(m) = moments_together(a, die, &solver, false, ctl)? {
            return Ok(m);
        }
        // An elimination that fits the budget but is costly: sweeps first,
        // then the elimination without the rows of every state.
        if solver.fits_but_costly() {
            if let Some(m) = moments_by_sweeps(a, &solver, ctl)? {
                return Ok(m);
            }
            if let Some(m) = moments_together(a, die, &solver, true, ctl)? {
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
    a: &Active<M>,
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
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::{Finish, Rules};

    /// On an empty board with a d6 and the pass finish, `d` squares from
    /// the start to the last, the mean is `2d/7 + 10/21` and the variance
    /// `10d/147 + 50/441` (the rolls' mean 7/2 and variance 35/12; the
    /// terms left out fall like `0.7^d`), as a recurrence in 45-digit
    /// decimals gives them too. The variance is a difference of numbers
    /// near `3·10^9`: in `f64` alone the elimination gave it with five or
    /// six good digits on boards of this length; the mean, from the same
    /// `f64` elimination, has eleven.
    #[test]
    fn the_variance_of_a_long_empty_board_to_ten_digits() {
        let rules = Rules {
            finish: Finish::Pass,
            ..Rules::default()
        };
        let game = Game::new(Board::empty(200_001).unwrap(), rules).unwrap();
        let m = moments(&game, Unit::Rolls).unwrap();
        let d = 200_000.0;
        let (mean, variance) = (2.0 * d / 7.0 + 10.0 / 21.0, 10.0 * d / 147.0 + 50.0 / 441.0);
        let (got_mean, got_variance) = (m.mean.unwrap(), m.variance.unwrap());
        // The mean is the `f64` elimination's (see `moments_together`):
        // 3e-12 of it off here, where the variance in `f64` was 1e-6 off.
        assert!((got_mean - mean).abs() <= 1e-11 * mean, "{got_mean} {mean}");
        assert!(
            (got_variance - variance).abs() <= 1e-10 * variance,
            "{got_variance} {variance}"
        );
    }
}
