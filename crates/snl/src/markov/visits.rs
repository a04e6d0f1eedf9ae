//! How often a pawn lands on each square, on average, in one game.

use super::active::{Active, Backward, Forward};
use super::error::MarkovError;
use super::solve;
use crate::game::Game;
use crate::limits::{self, Control};

/// The expected number of times, in one game from the start, that the pawn
/// lands on and rests on each square. Indexed by position `0..=goal`.
///
/// Every roll either lands on a square or is lost, so
/// `landings.sum() + lost + resets` and `rests.sum()` are both the expected
/// number of rolls.
#[derive(Debug, Clone, PartialEq)]
pub struct Visits {
    /// `landings[s]`: expected rolls that land on `s`, before any jump. A
    /// square where a jump starts is landed on but never rested on; this is
    /// what a designer asks ("how often is this snake's head hit?").
    pub landings: Vec<f64>,
    /// `rests[s]`: expected rolls after which the pawn stands on `s`, after
    /// any jump. A lost roll leaves the pawn where it was and counts there.
    pub rests: Vec<f64>,
    /// Expected rolls lost because they would pass the goal under an exact
    /// finish.
    pub lost: f64,
    /// Expected rolls that sent the pawn back to the start under a bonus
    /// limit.
    pub resets: f64,
}

impl Visits {
    /// The expected number of rolls: every roll is counted once in
    /// `rests`.
    pub fn total(&self) -> f64 {
        self.rests.iter().sum()
    }
}

/// The expected landings and rests on every square; `None` when the game may
/// never end (some of them are then infinite).
///
/// # Errors
///
/// As [`stats`](crate::markov::stats), [`MarkovError::Overflow`] when the
/// expected number of rolls is beyond floating point, and
/// [`MarkovError::Inaccurate`] on a chain so badly conditioned that the
/// visits keep no digit (chances billions of times apart, games of 10^16
/// rolls and more).
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Jump, Rules};
///
/// let game = Game::new(Board::new(10, [Jump { from: 4, to: 9 }])?, Rules::default())?;
/// let v = snl::markov::visits(&game)?.unwrap();
/// assert_eq!(v.rests[4], 0.0, "a ladder's foot is passed through");
/// assert!(v.landings[4] > 0.0);
/// let mean = snl::markov::expected_rolls(&game)?.unwrap();
/// assert!((v.total() - mean).abs() < 1e-9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn visits(game: &Game) -> Result<Option<Visits>, MarkovError> {
    visits_with(game, &Control::default())
}

/// [`visits()`] under a [`Control`]: refused up front when the solve is
/// over the budget ([`Measure::Visits`](super::Measure::Visits), refined by the solver's
/// plan), stopped when the token is set.
///
/// # Errors
///
/// As [`stats_with`](crate::markov::stats_with).
pub fn visits_with(game: &Game, ctl: &Control) -> Result<Option<Visits>, MarkovError> {
    let squares = game.positions();
    if game.starts_finished() {
        return Ok(Some(Visits {
            landings: vec![0.0; squares],
            rests: vec![0.0; squares],
            lost: 0.0,
            resets: 0.0,
        }));
    }
    let a = Active::new(
        game,
        "the expected visits",
        super::cost::estimate(game, super::cost::Measure::Visits),
        ctl,
    )?;
    if !a.start_live || a.stuck {
        return Ok(None);
    }
    let chain = &a.chain;
    let n = chain.states();
    // Expected rolls made from each state: the start's row of (I - Q)⁻¹.
    let from = n - 1 - a.start;
    let preds = chain.predecessors(&ctl.cancel)?;
    let rows = Backward {
        a: &a,
        preds: &preds,
    };
    let rolls = solve::Solver::new(&rows, 1, solve::Keep::All, ctl)?.solve(
        &chain.prob,
        |k| if k == from { 1.0 } else { 0.0 },
        ctl,
    )?;
    // The transposed system has no chance of leaving to take its pivots
    // from: on a badly conditioned chain (chances far apart and games of
    // 10^16 rolls or more) it can lose every digit. An expected count is
    // never negative; one that comes out negative beyond rounding says the
    // whole answer cannot be trusted.
    // Nor can the counts add up to other than the expected number of rolls,
    // which the forward system gives stably: a sum more than a millionth
    // away from it says so too.
    let scale = rolls.iter().fold(1.0_f64, |m, x| m.max(x.abs()));
    let forward = Forward { a: &a };
    let mean = solve::Solver::new(&forward, 1, solve::Keep::At(a.start), ctl)?.solve_at(
        &chain.prob,
        |_| 1.0,
        ctl,
    )?;
    // A mean beyond floating point has no visits to add up to (an infinite
    // mean would pass any comparison): they are beyond it too.
    if !mean.is_finite() {
        return Err(MarkovError::Overflow { unit: "rolls" });
    }
    let total: f64 = (0..n)
        .filter(|&k| a.solved[k])
        .map(|k| rolls[n - 1 - k])
        .sum();
    let adds_up = (total - mean).abs() <= 1e-6 * mean;
    if rolls.iter().any(|&x| x < -1e-9 * scale) || !adds_up {
        return Err(MarkovError::Inaccurate {
            what: "the expected visits",
        });
    }
    let mut v = Visits {
        landings: limits::vec_of_with(squares, 0.0, "the table of visits", &ctl.cancel)?,
        rests: limits::vec_of_with(squares, 0.0, "the table of visits", &ctl.cancel)?,
        lost: 0.0,
        resets: 0.0,
    };
    let mut meter = ctl.meter();
    let faces: Vec<u32> = game.rules().die.values().collect();
    for k in (0..n).filter(|&k| a.solved[k]) {
        meter.add(faces.len() as u64 * 4)?;
        let times = rolls[n - 1 - k];
        let pawn = chain.index.pawn(k);
        for (&value, &p) in faces.iter().zip(&chain.prob) {
            let played = game.play(pawn, value);
            let m = times * p;
            v.rests[played.pawn.at as usize] += m;
            match played.moved {
                Some(step) => v.landings[step.land as usize] += m,
                None if played.reset => v.resets += m,
                None => v.lost += m,
            }
        }
    }
    Ok(Some(v))
}

#[cfg(test)]
// The values compared exactly are exact in binary (0, 1/2, 1/4, ...).
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use crate::board::{Board, Jump};
    use crate::rules::{Bonus, Rules, Start};

    #[test]
    fn two_squares() {
        let g = Game::new(Board::empty(2).unwrap(), Rules::default()).unwrap();
        let v = visits(&g).unwrap().unwrap();
        // Six rolls on average: one lands on 2, five are lost and leave the
        // pawn on 1.
        assert!((v.landings[2] - 1.0).abs() < 1e-12);
        assert!((v.lost - 5.0).abs() < 1e-12);
        assert!((v.rests[1] - 5.0).abs() < 1e-12);
        assert!((v.total() - 6.0).abs() < 1e-12);
    }

    #[test]
    fn refused_when_no_digit_survives() {
        // A 1 must come seven times running (chance 7.6e-5 each; the other
        // value sends the pawn back): games of 7e28 rolls. The mean is
        // right, but the transposed solve loses every digit of the visits.
        let rules = Rules {
            die: crate::rules::Die::weighted(vec![190_958_551_805_357, 2_522_030_084_978_638_592])
                .unwrap(),
            finish: crate::rules::Finish::Pass,
            chain: true,
            start: Start::OffBoard,
            bonus: Some(Bonus::with_limit(1).unwrap()),
            optional: crate::rules::Optional::None,
        };
        let g = Game::new(Board::empty(7).unwrap(), rules).unwrap();
        assert!(crate::markov::expected_rolls(&g).unwrap().unwrap() > 7e28);
        assert!(matches!(visits(&g), Err(MarkovError::Inaccurate { .. })));
    }

    #[test]
    fn refused_when_a_pivot_comes_out_zero() {
        // A 1 comes once in 2^62 rolls, and three 2s in a row send the
        // pawn back to the start: it comes back with a chance of 1 less
        // than 2^-60, which is 1 in floating point. The transposed solve
        // meets a pivot of zero; the NaN it made came to stand for a slot
        // no longer in use, whose unknown was taken as index u32::MAX: a
        // panic.
        let board = Board::new(9, [Jump { from: 6, to: 2 }]).unwrap();
        let rules = Rules {
            die: crate::rules::Die::weighted(vec![1, 1 << 62]).unwrap(),
            bonus: Some(Bonus::with_limit(3).unwrap()),
            ..Rules::default()
        };
        let g = Game::new(board, rules).unwrap();
        assert!(matches!(visits(&g), Err(MarkovError::Inaccurate { .. })));
    }

    #[test]
    fn refused_when_the_counts_miss_the_mean() {
        // Every 2 sends the pawn back: 22 ones in a row win, games of
        // 4.7e10 rolls. The transposed solve keeps about five digits; its
        // counts, all positive, added up to 2.6e-6 less than the mean.
        let rules = Rules {
            die: crate::rules::Die::weighted(vec![1, 2]).unwrap(),
            bonus: Some(Bonus::with_limit(1).unwrap()),
            ..Rules::default()
        };
        let g = Game::new(Board::empty(23).unwrap(), rules).unwrap();
        let mean = crate::markov::expected_rolls(&g).unwrap().unwrap();
        assert!((mean - 47_071_589_412.0).abs() < 1e-3);
        assert!(matches!(visits(&g), Err(MarkovError::Inaccurate { .. })));
    }

    #[test]
    fn sums_match_the_mean_under_a_bonus_limit() {
        let board = Board::new(30, [Jump { from: 5, to: 22 }, Jump { from: 27, to: 3 }]).unwrap();
        let rules = Rules {
            bonus: Some(Bonus::with_limit(2).unwrap()),
            start: Start::OffBoard,
            ..Rules::default()
        };
        let g = Game::new(board, rules).unwrap();
        let v = visits(&g).unwrap().unwrap();
        let mean = crate::markov::expected_rolls(&g).unwrap().unwrap();
        let landed: f64 = v.landings.iter().sum();
        assert!((landed + v.lost + v.resets - mean).abs() < 1e-9 * mean);
        assert!((v.total() - mean).abs() < 1e-9 * mean);
        assert!(v.resets > 0.0);
        assert_eq!(v.rests[5], 0.0);
        assert_eq!(v.rests[27], 0.0);
        assert!(v.landings[27] > 0.0);
    }
}
