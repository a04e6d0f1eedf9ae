//! The expected game length as an exact fraction.
//!
//! The chances are `weight / total` with integer weights, so the linear
//! system has rational coefficients and a rational solution. The same
//! frontal elimination as the floating-point solver runs on arbitrary
//! precision rationals, reduced to lowest terms at every step. Numerators and
//! denominators grow with the board, so the work grows faster than linearly
//! and boards are limited to [`MAX_EXACT_STATES`] states.

use num_bigint::BigInt;
use num_rational::BigRational;

use super::active::{Active, Forward};
pub use super::error::ExactTooLarge;
use super::error::MarkovError;
use super::solve;
use crate::game::{Game, Unit};
use crate::limits::{Control, Estimate};

/// The largest number of chain states (squares, times the bonus limit when
/// there is one) [`exact_mean`] accepts: a 1000-square board takes about a
/// second.
pub const MAX_EXACT_STATES: usize = 2002;

/// What the exact mean counts, and how large a game it takes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExactOptions {
    /// Rolls, or turns.
    pub unit: Unit,
    /// The most chain states to take on, `None` for no fixed limit (the
    /// budget alone then decides). By default [`MAX_EXACT_STATES`]: the
    /// elimination's cost grows with the digits of its fractions, which
    /// its estimate can tell only roughly.
    pub max_states: Option<usize>,
}

impl Default for ExactOptions {
    fn default() -> ExactOptions {
        ExactOptions {
            unit: Unit::Rolls,
            max_states: Some(MAX_EXACT_STATES),
        }
    }
}

/// The expected number of rolls as an exact fraction in lowest terms;
/// `None` when the game may never end.
///
/// # Errors
///
/// [`MarkovError::TooLarge`] for games with more than [`MAX_EXACT_STATES`]
/// chain states, and as [`exact_mean_with`].
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Rules};
/// use num_rational::BigRational;
///
/// let game = Game::new(Board::empty(2)?, Rules::default())?;
/// let mean = snl::markov::exact_mean(&game)?.unwrap();
/// assert_eq!(mean, BigRational::from_integer(6.into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn exact_mean(game: &Game) -> Result<Option<BigRational>, MarkovError> {
    exact_mean_with(game, &ExactOptions::default(), &Control::default())
}

/// The expected number of turns as an exact fraction; `None` when the game
/// may never end. The same as [`exact_mean`] without the bonus rule.
///
/// # Errors
///
/// As [`exact_mean`].
pub fn exact_turn_mean(game: &Game) -> Result<Option<BigRational>, MarkovError> {
    let options = ExactOptions {
        unit: Unit::Turns,
        ..ExactOptions::default()
    };
    exact_mean_with(game, &options, &Control::default())
}

/// The expected length in `options.unit` as an exact fraction, under a
/// [`Control`]: refused when the game has more than `options.max_states`
/// chain states, refused up front when the elimination's estimate (from
/// its plan and the size its fractions grow to) is over the budget, and
/// stopped when the token is set or the budget's time runs out. A long
/// board without snakes is cheap; a shorter one with many long snakes open
/// at once may not be.
///
/// # Errors
///
/// [`MarkovError::TooLarge`] over `options.max_states`;
/// [`MarkovError::Limit`] when refused, stopped, or out of memory.
pub fn exact_mean_with(
    game: &Game,
    options: &ExactOptions,
    ctl: &Control,
) -> Result<Option<BigRational>, MarkovError> {
    let states = game.states().len();
    if let Some(limit) = options.max_states
        && states > limit
    {
        return Err(ExactTooLarge { states, limit }.into());
    }
    exact_with(game, options.unit == Unit::Turns, ctl)
}

/// The bits of the numbers the exact elimination works with, roughly: the
/// chances of a path through `states` states, each a fraction over the
/// die's total weight, multiply up along the sweep.
fn bits(states: f64, total: u64) -> f64 {
    states * (total as f64).log2().max(1.0) + 64.0
}

/// The exact elimination's memory and work, from its plan: every number a
/// fraction of two integers of [`bits`] bits, each operation products and
/// reductions to lowest terms (see `fraction`), which grow a little faster
/// than the words. The factor is fitted to random boards of 500, 1,000
/// and 2,001 squares with 30 % of them jumps (`random_board N --jumps
/// 0.3N --form pairs --seed 1`) and to 2,000 squares with 500 snakes of
/// 1,000 squares open at once, whose times it gives within a fifth. Past
/// the budget's time the elimination stops anyway (see
/// [`Control::timed`]).
fn estimate(plan: &solve::Plan, states: f64, total: u64) -> Estimate {
    let words = bits(states, total) / 64.0;
    let scalar = 64.0 + 16.0 * words;
    let base = plan.estimate(scalar, solve::Keep::At(0));
    Estimate::from_f64(
        base.memory as f64,
        base.work as f64 * (20.0 + 400.0 * words.powf(1.2)),
    )
}

fn exact_with(
    game: &Game,
    by_turns: bool,
    ctl: &Control,
) -> Result<Option<BigRational>, MarkovError> {
    if game.starts_finished() {
        return Ok(Some(BigRational::from_integer(BigInt::from(0))));
    }
    let a = Active::new(
        game,
        "the exact mean",
        super::cost::estimate(game, super::cost::Measure::ExactMean),
        ctl,
    )?;
    if !a.start_live || a.stuck {
        return Ok(None);
    }
    let total = BigInt::from(a.chain.total);
    let coef: Vec<BigRational> = a
        .chain
        .weights
        .iter()
        .map(|&w| BigRational::new(BigInt::from(w), total.clone()))
        .collect();
    let rows = Forward { a: &a };
    let plan = solve::Plan::new(&rows, &mut ctl.meter())?;
    let active = a.solved.iter().filter(|&&x| x).count() as f64;
    ctl.admit("the exact mean", estimate(&plan, active, a.chain.total))?;
    let one = BigRational::from_integer(BigInt::from(1));
    let zero = BigRational::from_integer(BigInt::from(0));
    // How large the fractions grow depends on the board's shape more than
    // the estimate can tell: past the budget's time the elimination stops.
    let mean = ctl.timed("the exact mean", |ctl| {
        solve::frontal_at(
            &rows,
            &plan,
            &coef,
            |k| {
                if !by_turns || a.chain.starts_turn(k) {
                    one.clone()
                } else {
                    zero.clone()
                }
            },
            a.start,
            &mut ctl.meter(),
        )
    })?;
    Ok(Some(mean))
}

/// `value` in decimal, rounded to `digits` digits after the point.
///
/// # Examples
///
/// ```
/// use num_rational::BigRational;
///
/// let third = BigRational::new(1.into(), 3.into());
/// assert_eq!(snl::markov::exact::decimal(&third, 5), "0.33333");
/// assert_eq!(snl::markov::exact::decimal(&BigRational::new(2.into(), 3.into()), 2), "0.67");
/// ```
pub fn decimal(value: &BigRational, digits: usize) -> String {
    let scale = num_traits::pow(BigInt::from(10), digits);
    let scaled = value * BigRational::from_integer(scale);
    let rounded = scaled.round().to_integer();
    let negative = rounded < BigInt::from(0);
    let mut s = if negative { -rounded } else { rounded }.to_string();
    if s.len() <= digits {
        s = "0".repeat(digits + 1 - s.len()) + &s;
    }
    let point = s.len() - digits;
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push_str(&s[..point]);
    if digits > 0 {
        out.push('.');
        out.push_str(&s[point..]);
    }
    out
}

#[cfg(test)]
// The values compared exactly are exact in binary (0, 1/2, 1/4, ...).
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use crate::rules::{Bonus, Finish, Rules};

    use crate::game::tests::game;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn small_boards() {
        assert_eq!(
            exact_mean(&game(2, &[], Rules::default())).unwrap(),
            Some(q(6, 1))
        );
        let pass = Rules {
            finish: Finish::Pass,
            ..Rules::default()
        };
        assert_eq!(
            exact_mean(&game(2, &[], pass.clone())).unwrap(),
            Some(q(1, 1))
        );
        // Three squares, pass: from 1 a 1 goes to 2 (then one more roll),
        // anything else finishes: 1 + 1/6.
        assert_eq!(exact_mean(&game(3, &[], pass)).unwrap(), Some(q(7, 6)));
        // Three squares, exact: from 2 the mean is 6; from 1, a 2 finishes, a
        // 1 goes to 2, others are lost: m = 1 + m·4/6 + 6/6 → m = 6.
        assert_eq!(
            exact_mean(&game(3, &[], Rules::default())).unwrap(),
            Some(q(6, 1))
        );
        let stuck: Vec<(u32, u32)> = (2..=7).map(|s| (s, 1)).collect();
        assert_eq!(
            exact_mean(&game(10, &stuck, Rules::default())).unwrap(),
            None
        );
    }

    #[test]
    fn turns_with_a_bonus() {
        // Three squares, pass, bonus: a 6 from 1 finishes anyway, so turns
        // equal rolls.
        let rules = Rules {
            finish: Finish::Pass,
            bonus: Some(Bonus::unlimited()),
            ..Rules::default()
        };
        assert_eq!(
            exact_turn_mean(&game(3, &[], rules)).unwrap(),
            Some(q(7, 6))
        );
    }

    #[test]
    fn refuses_large_boards() {
        let g = game(3000, &[], Rules::default());
        assert_eq!(
            exact_mean(&g),
            Err(MarkovError::TooLarge(ExactTooLarge {
                states: 3001,
                limit: MAX_EXACT_STATES
            }))
        );
    }

    #[test]
    fn decimals() {
        assert_eq!(decimal(&q(7, 6), 3), "1.167");
        assert_eq!(decimal(&q(6, 1), 2), "6.00");
        assert_eq!(decimal(&q(1, 8), 0), "0");
        assert_eq!(decimal(&q(-1, 40), 2), "-0.03");
    }
}
