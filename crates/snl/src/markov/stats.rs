//! The statistics of the game length: the mean, variance and chance of
//! never finishing from the linear solves ([`moments`](super::moments)),
//! and the whole distribution beside them, followed as far as asked.

use super::distribution::{
    Distribution, Follow, LengthOptions, distribution_cost, distribution_with,
};
use super::error::MarkovError;
use super::moments::{Moments, moments_with};
use crate::game::{Game, Unit};
use crate::limits::Control;

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
    /// Why the distribution was not followed at all ([`Follow::IfItFits`]
    /// skips it when its estimated cost is over the work allowed); then
    /// `distribution` holds no step and all of the chance of finishing is
    /// in its `unresolved`.
    pub skipped: Option<Skipped>,
}

/// The estimated cost of following the distribution of the length until
/// less than [`TAIL`](super::TAIL) of the chance is unresolved, and what
/// was allowed: why [`Follow::IfItFits`] skipped it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skipped {
    /// The steps (rolls, or turns) to follow: the mean plus
    /// [`GEOMETRIC_STD_DEVS`](super::GEOMETRIC_STD_DEVS) standard
    /// deviations ([`TAIL_STD_DEVS`](super::TAIL_STD_DEVS) for a
    /// distribution followed to its end).
    pub steps: u64,
    /// The estimated work, in state updates of about a nanosecond each: the
    /// steps times the chain's states times the die's faces (times the
    /// rolls in a turn, by turns). Where the chance is spread over a part
    /// of the board only the work is less; where a rare slow way to finish
    /// makes the tail longer than the deviation suggests, more (then the
    /// propagation stops at the work allowed and says what it left).
    pub work: u64,
    /// The work allowed ([`Follow::work`]: the smaller of
    /// [`FOLLOW_WORK`](super::FOLLOW_WORK) and the budget's).
    pub allowed: u64,
}

/// The statistics of the number of rolls from the game's start.
///
/// # Errors
///
/// [`MarkovError::NotConverged`] on boards too large for the direct solver
/// where the iterative one does not converge; [`MarkovError::Limit`] when
/// the chain's tables cannot be allocated (the `_with` form under
/// [`Control::default`], which sets no budget).
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Jump, Rules};
///
/// let board = Board::new(10, [Jump { from: 4, to: 9 }, Jump { from: 8, to: 2 }])?;
/// let game = Game::new(board, Rules::default())?;
/// let s = snl::markov::stats(&game)?;
/// let mean = s.mean.expect("this game always ends");
/// assert!((mean - s.distribution.resolved_mean().unwrap()).abs() < 1e-9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn stats(game: &Game) -> Result<Stats, MarkovError> {
    stats_with(game, &LengthOptions::default(), &Control::default())
}

/// The statistics of the number of turns from the game's start (the same as
/// [`stats`] without the bonus rule).
///
/// # Errors
///
/// As [`stats`].
pub fn turn_stats(game: &Game) -> Result<Stats, MarkovError> {
    stats_with(game, &LengthOptions::of(Unit::Turns), &Control::default())
}

/// The statistics of the length in `options.unit`, under a [`Control`]:
/// the mean and variance ([`moments_with`]), then the distribution as far
/// as `options.follow` says ([`stats_from`]).
///
/// The mean and variance are refused up front when their solve is over the
/// budget ([`Measure::Stats`](super::Measure::Stats), refined by the
/// solver's plan); the distribution is followed for at most
/// [`Follow::work`] of the budget, and says what it did not reach in its
/// `unresolved` chance.
///
/// # Errors
///
/// As [`stats`], and [`MarkovError::Limit`] when refused, stopped, or out
/// of memory.
pub fn stats_with(
    game: &Game,
    options: &LengthOptions,
    ctl: &Control,
) -> Result<Stats, MarkovError> {
    let moments = moments_with(game, options.unit, ctl)?;
    stats_from(game, moments, options, ctl)
}

/// The statistics around `moments`, the mean and variance of the length in
/// `options.unit` already solved for ([`moments_with`]): the distribution
/// followed as `options.follow` says. With [`Follow::IfItFits`] a
/// distribution whose [`distribution_cost`] is over the work allowed is
/// skipped at once and [`Stats::skipped`] says what it would cost. A front
/// end that shows the cost before following it (a progress bar) solves the
/// moments once and gives them here.
///
/// # Errors
///
/// As [`stats_with`].
pub fn stats_from(
    game: &Game,
    moments: Moments,
    options: &LengthOptions,
    ctl: &Control,
) -> Result<Stats, MarkovError> {
    let m = moments;
    let allowed = options.follow.work(&ctl.budget);
    let skipped = match (options.follow, distribution_cost(game, &m, options)) {
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
            error: 0.0,
        },
        None => distribution_with(game, game.start(), options, ctl)?,
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

#[cfg(test)]
// The values compared exactly are exact in binary (0, 1/2, 1/4, ...).
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use crate::markov::{expected_rolls, expected_turns, never_finishes};
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
