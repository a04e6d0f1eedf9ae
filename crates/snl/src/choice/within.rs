//! Another goal for the best play: the greatest chance of finishing within
//! a number of rolls, rather than the fewest rolls on average.
//!
//! With `K` rolls to go the problem has a horizon: what is best on a
//! square depends on how many rolls are left, so the policy is one die and
//! one take-or-stay a state for each roll. It is found by backward
//! induction: the chance of finishing within 0 rolls is 1 at the goal and
//! 0 elsewhere, and the best chance with `r` rolls is the best, over the
//! dice, of the chance over the faces of landing where the best chance
//! with `r - 1` rolls (after the best choice at a jump's start) is
//! highest. Each step is a finite sum of products of the floating-point
//! chances with no iteration to converge: the chance given is the optimum
//! up to the rounding of those sums.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::board::Jump;
use crate::game::{Game, Pawn, States};
use crate::limits::{self, Control, Estimate};
use crate::rules::Die;

use super::error::{ChoiceError, MAX_DICE};
use super::mdp::Mdp;
use super::options::Options;

/// What the best play is best for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Goal {
    /// The fewest rolls on average ([`super::solve`]).
    #[default]
    Mean,
    /// The greatest chance of finishing within this many rolls
    /// ([`within`]).
    Within(u64),
}

impl FromStr for Goal {
    type Err = String;

    /// `mean`, or `within:K` with `K` a number of rolls from 1.
    ///
    /// ```
    /// use snl::choice::Goal;
    ///
    /// assert_eq!("mean".parse(), Ok(Goal::Mean));
    /// assert_eq!("within:20".parse(), Ok(Goal::Within(20)));
    /// assert!("within:0".parse::<Goal>().is_err());
    /// assert!("fast".parse::<Goal>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Goal, String> {
        let s = s.trim();
        if s == "mean" {
            return Ok(Goal::Mean);
        }
        let wrong = || {
            format!(
                "a goal is `mean` or `within:K` with K a number of rolls from 1 (as `within:20`), not `{s}`"
            )
        };
        match s.strip_prefix("within:").map(|k| k.trim().parse::<u64>()) {
            Some(Ok(k)) if k >= 1 => Ok(Goal::Within(k)),
            _ => Err(wrong()),
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Mean => f.write_str("mean"),
            Goal::Within(k) => write!(f, "within:{k}"),
        }
    }
}

/// The best play for finishing within [`Within::rolls`] rolls, and its
/// chance.
#[derive(Debug, Clone, PartialEq)]
pub struct Within {
    /// The rolls to finish within.
    pub rolls: u64,
    /// The greatest chance of finishing within them, from the start.
    pub chance: f64,
    /// Each optional jump, by start, and the rolls (numbered from 1, the
    /// first roll of the game) on which a pawn that lands there declines
    /// it with some streak, as ranges: on the others it takes it (or
    /// either is as good: on a tie the jump is taken).
    pub jumps: Vec<(Jump, Vec<RangeInclusive<u64>>)>,
    /// The dice solved for (the rules' die alone when none were given).
    pub dice: Vec<Die>,
    states: States,
    /// The die picked before each roll in each state, roll by roll from
    /// the last (`(rolls - t) * states + k` for roll `t`); empty with one
    /// die.
    die: Vec<u16>,
    /// Whether a pawn that would rest in each state at a jump's start
    /// after roll `t` stays there, indexed as `die`; empty when no jump
    /// may be declined.
    decline: Vec<bool>,
}

impl Within {
    /// The die picked by `pawn` before roll `roll` (from 1), as an index
    /// into [`Within::dice`].
    ///
    /// # Panics
    ///
    /// When `roll` is not one of `1..=rolls`.
    pub fn die(&self, pawn: Pawn, roll: u64) -> usize {
        if self.die.is_empty() {
            return 0;
        }
        usize::from(self.die[self.at(pawn, roll)])
    }

    /// Whether a pawn landing on `square` with `streak` top values in a row
    /// on roll `roll` (from 1) stays there rather than taking the jump
    /// that starts there.
    ///
    /// # Panics
    ///
    /// When `roll` is not one of `1..=rolls`.
    pub fn declines(&self, square: u32, streak: u32, roll: u64) -> bool {
        if self.decline.is_empty() {
            return false;
        }
        self.decline[self.at(Pawn { at: square, streak }, roll)]
    }

    /// The die picked at the start of a turn (no streak) on each position
    /// `0..=goal`, roll by roll: for each position the runs of rolls (from
    /// the first) on which the same die is picked, in order, with that die
    /// (an index into [`Within::dice`]). With one die, one run a position.
    pub fn die_runs(&self) -> Vec<Vec<(RangeInclusive<u64>, usize)>> {
        let positions = self.states.len() / self.states.streaks() as usize;
        (0..positions as u32)
            .map(|at| {
                let pawn = Pawn { at, streak: 0 };
                let mut runs: Vec<(RangeInclusive<u64>, usize)> = Vec::new();
                for roll in 1..=self.rolls {
                    let die = self.die(pawn, roll);
                    match runs.last_mut() {
                        Some((run, d)) if *d == die => *run = *run.start()..=roll,
                        _ => runs.push((roll..=roll, die)),
                    }
                }
                runs
            })
            .collect()
    }

    fn at(&self, pawn: Pawn, roll: u64) -> usize {
        assert!(
            (1..=self.rolls).contains(&roll),
            "roll {roll} of {}",
            self.rolls
        );
        (self.rolls - roll) as usize * self.states.len() + self.states.index(pawn)
    }
}

/// The memory and work of [`within`] for `rolls` rolls with `faces` faces
/// over all the dice ([`Options::faces`]), from the sizes alone: the
/// table of where every face lands from every state, two vectors of
/// chances, the choices of every roll, and each roll a sweep of the table.
pub fn estimate_within(game: &Game, faces: usize, rolls: u64) -> Estimate {
    let states = game.states().len() as f64;
    let faces = faces as f64;
    let rolls = rolls as f64;
    Estimate::from_f64(
        states * (4.0 * faces + 48.0) + rolls * states * 3.0,
        states * faces * 4.0 + rolls * states * (faces * 3.0 + 8.0),
    )
}

/// The play that makes the chance of finishing within `rolls` rolls as
/// great as it can be, with the dice of `options` (its exact mean is not
/// read), and that chance.
///
/// # Errors
///
/// [`ChoiceError::TooManyDice`]; [`ChoiceError::Limit`] when its estimate
/// (which grows with `rolls`) is over the budget, when stopped, or when its
/// tables cannot be allocated.
///
/// # Examples
///
/// ```
/// use snl::choice::{self, Options};
/// use snl::{Board, Game, Jump, Optional, Rules};
///
/// // A ladder from 2 to 9 under an exact finish: the fewest rolls on
/// // average decline it, but to finish within 2 rolls, take it.
/// let board = Board::new(10, [Jump { from: 2, to: 9 }])?;
/// let rules = Rules { optional: Optional::Ladders, ..Rules::default() };
/// let game = Game::new(board, rules)?;
/// let best = choice::within(&game, &Options::default(), 2)?;
/// // 1 then 1 (up the ladder, then the last square), or 3 and 6, 4 and
/// // 5, 5 and 4, 6 and 3: 5 of the 36 pairs.
/// assert!((best.chance - 5.0 / 36.0).abs() < 1e-15);
/// assert!(!best.declines(2, 0, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn within(game: &Game, options: &Options, rolls: u64) -> Result<Within, ChoiceError> {
    within_with(game, options, rolls, &Control::default())
}

/// [`within`] under a [`Control`]: refused when its estimate is over the
/// budget, stopped when the token is set.
///
/// # Errors
///
/// As [`within`].
pub fn within_with(
    game: &Game,
    options: &Options,
    rolls: u64,
    ctl: &Control,
) -> Result<Within, ChoiceError> {
    if options.dice.len() > MAX_DICE {
        return Err(ChoiceError::TooManyDice(options.dice.len()));
    }
    let dice = if options.dice.is_empty() {
        vec![game.rules().die.clone()]
    } else {
        options.dice.clone()
    };
    ctl.admit_by("the best play for finishing within K rolls", || {
        estimate_within(game, options.faces(game), rolls)
    })?;
    let mdp = Mdp::new(game, &dice, ctl)?;
    let n = mdp.states.len();
    let what = "the choices of every roll";
    let steps = usize::try_from(rolls).unwrap_or(usize::MAX);
    let total = steps.saturating_mul(n);
    let mut picks = if dice.len() > 1 {
        limits::vec_of(total, 0u16, what)?
    } else {
        Vec::new()
    };
    let declinable = game.declinable();
    let mut decline = if declinable {
        limits::vec_of(total, false, what)?
    } else {
        Vec::new()
    };
    let goal = game.goal();
    let mut prev: Vec<f64> = limits::vec_of(n, 0.0, "the chances of every state")?;
    for (k, p) in prev.iter_mut().enumerate() {
        if mdp.states.position(k) == goal {
            *p = 1.0;
        }
    }
    let mut next = limits::vec_of(n, 0.0, "the chances of every state")?;
    let mut die_step = vec![0u16; n];
    let mut decline_step = vec![false; n];
    let mut meter = ctl.meter();
    let work = (mdp.states.len() as u64).saturating_mul(options.faces(game) as u64 * 3 + 8);
    // Step `r` gives the chances with `r` rolls to go: the choices of roll
    // `rolls - r + 1`, stored at `(r - 1) * n`.
    for r in 0..steps {
        meter.add(work)?;
        mdp.within_step(r, &prev, &mut next, &mut die_step, &mut decline_step);
        if !picks.is_empty() {
            picks[r * n..(r + 1) * n].copy_from_slice(&die_step);
        }
        if !decline.is_empty() {
            decline[r * n..(r + 1) * n].copy_from_slice(&decline_step);
        }
        std::mem::swap(&mut prev, &mut next);
    }
    ctl.cancel.check()?;
    let start = mdp.states.index(Pawn {
        at: game.start(),
        streak: 0,
    });
    let chance = prev[start];
    let solution = Within {
        rolls,
        chance,
        jumps: Vec::new(),
        dice,
        states: mdp.states,
        die: picks,
        decline,
    };
    let optional = game.rules().optional;
    let streaks = solution.states.streaks();
    let jumps = game
        .board()
        .jumps()
        .filter(|j| optional.covers(j.from, j.to))
        .map(|j| {
            let declined =
                (1..=rolls).filter(|&t| (0..streaks).any(|s| solution.declines(j.from, s, t)));
            (j, ranges(declined))
        })
        .collect();
    Ok(Within { jumps, ..solution })
}

/// Consecutive numbers in increasing order as ranges.
fn ranges(numbers: impl Iterator<Item = u64>) -> Vec<RangeInclusive<u64>> {
    let mut out: Vec<RangeInclusive<u64>> = Vec::new();
    for x in numbers {
        match out.last_mut() {
            Some(last) if *last.end() + 1 == x => *last = *last.start()..=x,
            _ => out.push(x..=x),
        }
    }
    out
}
