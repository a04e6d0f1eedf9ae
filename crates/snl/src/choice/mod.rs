//! Choices under a real die: the play that makes the expected number of
//! rolls as small as it can be, when the player may decline jumps
//! ([`Rules::optional`](crate::Rules::optional)) or pick one of several
//! dice before each roll ([`Options::dice`]).
//!
//! The game is a Markov decision process over the states of the plain
//! game (position and bonus streak). Before a roll the player picks a die;
//! after it, on landing at the start of an optional jump, takes the jump
//! or stays. A stay is a decision of the state the pawn would rest in, so
//! the policy is one die a state and one take-or-stay a state at a jump's
//! start: what is best depends on where the pawn is and on its streak, not
//! on how it got there.
//!
//! [`solve`] finds that policy in three steps:
//!
//! 1. The states from which some play finishes for certain: the greatest
//!    set from which the goal can be reached by choices that never leave
//!    it, and, from the way it is found, a first policy that finishes for
//!    certain from each of them. From any other state every play may go on
//!    for ever, so its expected length is unbounded.
//! 2. Policy iteration in floating point: the policy's expected lengths by
//!    the Markov engine's own linear solver (the rows of the game under the
//!    policy, solved as [`crate::markov`] solves the plain game), then each
//!    choice changed where another is better by more than rounding, until
//!    none is.
//! 3. With [`Options::exact`], the same iteration in exact fractions from
//!    the policy found, on games of up to [`MAX_EXACT_STATES`] states:
//!    the exact values of the policy, checked against every other choice
//!    exactly, so the exact mean given is the optimum, not the value of a
//!    policy that rounding made look best.
//!
//! When the policy plays one die and takes or declines each jump whatever
//! the streak (always, without the bonus rule), it is a plain game: the
//! board with the declined jumps removed, under that die ([`Solution::plain`]),
//! and every analysis of [`crate::markov`] (the variance, the whole
//! distribution, the visits) applies to it as it is.
//!
//! ```
//! use snl::choice::{self, Options};
//! use snl::{Board, Game, Jump, Optional, Rules};
//!
//! // A ladder that climbs past the last square's approach is worth
//! // declining under an exact finish: from 9, only a 1 finishes.
//! let board = Board::new(10, [Jump { from: 2, to: 9 }])?;
//! let rules = Rules { optional: Optional::Ladders, ..Rules::default() };
//! let game = Game::new(board, rules)?;
//! let best = choice::solve(&game, &Options::default())?;
//! let taken = snl::markov::expected_rolls(&game.without_jump(2)?)?.unwrap();
//! assert!(best.mean.unwrap() <= taken + 1e-9);
//! assert_eq!(best.declined().len() + best.taken().len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use num_rational::BigRational;
use num_traits::Zero;

use crate::board::{Board, Jump};
use crate::game::{Game, Pawn, States};
use crate::limits::{Control, Estimate};
use crate::markov::ExactTooLarge;
use crate::markov::exact::MAX_EXACT_STATES;
use crate::rules::{Die, Rules};

mod error;
mod mdp;
mod options;
pub mod rounds;
mod within;

pub use error::{ChoiceError, MAX_DICE, MAX_ROUNDS};
use mdp::Mdp;
pub use options::Options;
use rounds::{Round, RoundPlay, Switch};
pub use within::{Goal, Within, estimate_within, within, within_with};

/// What a policy does with one optional jump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Play {
    /// The jump is taken.
    Taken,
    /// The pawn stays on the jump's start.
    Declined,
    /// It depends on the bonus streak the pawn lands with (see
    /// [`Policy::declines`]).
    ByStreak,
}

/// The best play, state by state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    states: States,
    /// The die picked in each state (an index into the dice).
    die: Vec<u16>,
    /// Whether a pawn that would rest in each state after a jump's start
    /// declines the jump there (only ever true where the jump is optional).
    decline: Vec<bool>,
    /// Whether a game from the start under the policy comes to rest in
    /// each state.
    reached: Vec<bool>,
}

impl Policy {
    /// The die picked by `pawn` before its roll, as an index into the dice
    /// solved for (0 with the rules' die alone).
    pub fn die(&self, pawn: Pawn) -> usize {
        usize::from(self.die[self.states.index(pawn)])
    }

    /// Whether a pawn landing on `square` with `streak` top values in a row
    /// stays there rather than taking the jump that starts there.
    pub fn declines(&self, square: u32, streak: u32) -> bool {
        self.decline[self.states.index(Pawn { at: square, streak })]
    }

    /// What the policy does with the jump from `square`, over every streak.
    pub fn play(&self, square: u32) -> Play {
        let streaks = self.states.streaks();
        let declined = (0..streaks).filter(|&s| self.declines(square, s)).count();
        match declined {
            0 => Play::Taken,
            d if d == streaks as usize => Play::Declined,
            _ => Play::ByStreak,
        }
    }

    /// The die picked at the start of a turn on each position `0..=goal`.
    pub fn dice_by_square(&self) -> Vec<usize> {
        let positions = self.states.len() / self.states.streaks() as usize;
        (0..positions as u32)
            .map(|at| self.die(Pawn { at, streak: 0 }))
            .collect()
    }
}

/// An optional jump the best play never takes ([`Solution::never_taken`]),
/// and what taking it would cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Declined {
    /// The jump.
    pub jump: Jump,
    /// The expected rolls still to go from its start, staying there
    /// (with the least streak a game under the policy lands on it with:
    /// none, without the bonus rule).
    pub stay: f64,
    /// The same, taking the jump and then playing the best play.
    pub take: f64,
}

/// The best play and what it gives.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The least expected number of rolls from the start; `None` when every
    /// play may go on for ever from there (the expectation is unbounded).
    pub mean: Option<f64>,
    /// The variance of the number of rolls under the policy; `None` with
    /// the mean, or beyond floating point.
    pub variance: Option<f64>,
    /// The mean as an exact fraction, when asked for ([`Options::exact`])
    /// and the game finishes for certain under the best play.
    pub exact: Option<BigRational>,
    /// The policy.
    pub policy: Policy,
    /// Each optional jump and what the policy does with it, by start.
    pub jumps: Vec<(Jump, Play)>,
    /// The optional jumps the best play never takes, by start: landed on
    /// (or passed through by chaining) by a game played that way, and
    /// declined, being worse to take than to decline by more than
    /// rounding, with every streak the pawn lands on them with. A jump no
    /// game under the policy lands on is not listed, nor one whose taking
    /// ties with staying (some best play may take it).
    pub never_taken: Vec<Declined>,
    /// The dice solved for (the rules' die alone when none were given).
    pub dice: Vec<Die>,
    /// The rounds of policy iteration in floating point.
    pub rounds: u32,
    /// The rounds in exact fractions (0 unless asked; 1 when the floating
    /// point policy was already the best).
    pub exact_rounds: u32,
    /// The rounds of policy iteration in floating point, when asked for
    /// ([`Options::keep_rounds`]): each policy's value and the choices
    /// changed to make it, then, when the iteration settled on a policy
    /// that declines a jump whose taking ties with staying, a round that
    /// takes them. Empty unless asked for.
    pub rounds_made: Vec<Round>,
}

impl Solution {
    /// The optional jumps the policy takes whatever the streak.
    pub fn taken(&self) -> Vec<Jump> {
        self.with(Play::Taken)
    }

    /// The optional jumps the policy declines whatever the streak.
    pub fn declined(&self) -> Vec<Jump> {
        self.with(Play::Declined)
    }

    fn with(&self, play: Play) -> Vec<Jump> {
        self.jumps
            .iter()
            .filter(|(_, p)| *p == play)
            .map(|(j, _)| *j)
            .collect()
    }

    /// The policy as a plain game, when it is one: one die everywhere and
    /// each jump taken or declined whatever the streak. The game is
    /// `game`'s board without the declined jumps, under the die picked and
    /// with no jump optional; every analysis of [`crate::markov`] plays the
    /// policy on it. `None` when the policy needs the choice itself.
    ///
    /// # Errors
    ///
    /// Never in practice: removing jumps cannot make a circle of jumps.
    pub fn plain(&self, game: &Game) -> Result<Option<Game>, crate::game::GameError> {
        if self.jumps.iter().any(|(_, p)| *p == Play::ByStreak) {
            return Ok(None);
        }
        // The dice of the states a game under the policy rests in: the
        // others (the goal's, those it never comes to) play no part.
        let p = &self.policy;
        let mut reached = p.die.iter().zip(&p.reached).filter(|(_, r)| **r);
        let first = reached.next().map_or(0, |(&d, _)| d);
        if reached.any(|(&d, _)| d != first) {
            return Ok(None);
        }
        let optional = game.rules().optional;
        let board = Board::new(
            game.goal(),
            game.board().jumps().filter(|j| {
                !(optional.covers(j.from, j.to) && self.policy.play(j.from) == Play::Declined)
            }),
        )
        .expect("a valid board less some jumps is valid");
        let rules = Rules {
            die: self.dice[usize::from(first)].clone(),
            optional: crate::rules::Optional::None,
            ..game.rules().clone()
        };
        Game::new(board, rules).map(Some)
    }
}

/// The memory and work of [`solve`] with `faces` faces over all the dice
/// to pick from ([`Options::faces`]), from the sizes alone: the table of
/// where every face lands from every state, and a few rounds of policy
/// iteration, each a linear solve as the mean of the plain game takes
/// ([`crate::markov::estimate`]).
pub fn estimate(game: &Game, faces: usize) -> Estimate {
    let states = game.states().len() as f64;
    let faces = faces as f64;
    let solve = crate::markov::estimate(game, crate::markov::Measure::Mean);
    // The table, the values, the policy and the flags of each state, and
    // the solver's own.
    let memory = states * (4.0 * faces + 40.0) + solve.memory as f64;
    let work = states * faces * 24.0 + 6.0 * solve.work as f64;
    Estimate::from_f64(memory, work)
}

/// The policy that makes the expected number of rolls least, and its
/// mean, variance and (when asked) exact mean.
///
/// # Errors
///
/// As [`solve_with`].
pub fn solve(game: &Game, options: &Options) -> Result<Solution, ChoiceError> {
    solve_with(game, options, &Control::default())
}

/// [`solve`] under a [`Control`]: refused when its estimate is over the
/// budget, stopped when the token is set.
///
/// # Errors
///
/// [`ChoiceError::TooManyDice`]; [`ChoiceError::TooLarge`] when the exact
/// mean is asked for on a game over its limit; [`ChoiceError::NotConverged`]
/// and [`ChoiceError::Markov`] when the floating-point solves fail;
/// [`ChoiceError::Limit`] when refused or stopped.
pub fn solve_with(game: &Game, options: &Options, ctl: &Control) -> Result<Solution, ChoiceError> {
    if options.dice.len() > MAX_DICE {
        return Err(ChoiceError::TooManyDice(options.dice.len()));
    }
    if options.exact {
        let limit = options.max_exact_states.unwrap_or(MAX_EXACT_STATES);
        let states = game.states().len();
        if states > limit {
            return Err(ExactTooLarge { states, limit }.into());
        }
    }
    let dice = if options.dice.is_empty() {
        vec![game.rules().die.clone()]
    } else {
        options.dice.clone()
    };
    ctl.admit_by("the best play", || estimate(game, options.faces(game)))?;
    let mdp = Mdp::new(game, &dice, ctl)?;
    let start = mdp.states.index(Pawn {
        at: game.start(),
        streak: 0,
    });
    let (safe, mut policy) = mdp.certain(ctl)?;
    let Iterated {
        mut values,
        rounds,
        rounds_made,
    } = iterate(game, &mdp, &mut policy, &safe, start, options, ctl)?;
    let finished = game.starts_finished();
    let mut exact_rounds = 0;
    let exact = if options.exact && (finished || safe[start]) {
        let (value, r) = mdp.exact(&mut policy, &safe, start, ctl)?;
        exact_rounds = r;
        if r > 1 {
            // The exact iteration changed a choice rounding could not tell.
            let through = mdp.through(&policy);
            values = mdp.evaluate(&policy, &through, &safe, |_| 1.0, ctl)?;
        }
        Some(if finished { BigRational::zero() } else { value })
    } else {
        None
    };
    let (mean, variance) = if finished {
        (Some(0.0), Some(0.0))
    } else if safe[start] {
        // E[T²] solves y = (2x - 1) + Q y: the square of one roll more.
        let through = mdp.through(&policy);
        let second = mdp.evaluate(&policy, &through, &safe, |k| 2.0 * values[k] - 1.0, ctl)?;
        let mean = values[start];
        let variance = second[start] - mean * mean;
        (
            Some(mean),
            variance.is_finite().then_some(variance.max(0.0)),
        )
    } else {
        (None, None)
    };
    let reached = mdp.reached(&policy, &safe, start);
    let never_taken = never_taken(game, &mdp, &policy, &values, &safe, &reached);
    let policy = Policy {
        states: mdp.states,
        die: policy.die,
        decline: policy.decline,
        reached,
    };
    let optional = game.rules().optional;
    let jumps = game
        .board()
        .jumps()
        .filter(|j| optional.covers(j.from, j.to))
        .map(|j| (j, policy.play(j.from)))
        .collect();
    Ok(Solution {
        mean,
        variance,
        exact,
        policy,
        jumps,
        never_taken,
        dice,
        rounds,
        exact_rounds,
        rounds_made,
    })
}

/// What policy iteration in floating point found: the values of the
/// policy it settled on, its rounds, and those kept for learners.
struct Iterated {
    values: Vec<f64>,
    rounds: u32,
    rounds_made: Vec<Round>,
}

/// Policy iteration in floating point from `policy`, which it leaves the
/// best: each policy evaluated, then every choice changed where another is
/// better by more than rounding, until none is; then the jumps whose
/// taking ties with staying taken.
fn iterate(
    game: &Game,
    mdp: &Mdp<'_>,
    policy: &mut mdp::Working,
    safe: &[bool],
    start: usize,
    options: &Options,
    ctl: &Control,
) -> Result<Iterated, ChoiceError> {
    let mut rounds = 0;
    let mut values;
    let mut rounds_made: Vec<Round> = Vec::new();
    let mut switches = Vec::new();
    // A round's policy, its value from the start, and the choices that made
    // it from the last round's, are what `rounds_made` keeps. A round that
    // changed choices only where no pawn stands (off the board, in a game
    // that starts on square 1) plays as the last did: it is not kept, but
    // its policy replaces the last round's.
    let states = &mdp.states;
    let dice = options.dice.len();
    let mut keep = |values: &[f64], play: &mdp::Working, switches: Vec<Switch>, ties: bool| {
        if !options.keep_rounds {
            return;
        }
        let play = RoundPlay::of(states, play, dice);
        match rounds_made.last_mut() {
            // Changed only off the board: the last round, as played now.
            Some(last) if switches.is_empty() => last.play = play,
            _ => rounds_made.push(Round {
                value: safe[start].then(|| values[start]),
                play,
                switches,
                ties,
            }),
        }
    };
    loop {
        rounds += 1;
        if rounds > MAX_ROUNDS {
            return Err(ChoiceError::NotConverged);
        }
        let through = mdp.through(policy);
        values = mdp.evaluate(policy, &through, safe, |_| 1.0, ctl)?;
        keep(&values, policy, std::mem::take(&mut switches), false);
        let before = options.keep_rounds.then(|| policy.clone());
        if !mdp.improve(policy, &values, safe) {
            break;
        }
        if let Some(before) = before {
            switches = Switch::between(&mdp.states, &before, policy, game.start());
        }
    }
    // A tie between taking a jump and staying is taken (policy iteration
    // keeps whichever choice it had).
    let before = options.keep_rounds.then(|| policy.clone());
    if mdp.take_ties(policy, &values, safe) {
        let through = mdp.through(policy);
        values = mdp.evaluate(policy, &through, safe, |_| 1.0, ctl)?;
        if let Some(before) = before {
            let switches = Switch::between(&mdp.states, &before, policy, game.start());
            keep(&values, policy, switches, true);
        }
    }
    Ok(Iterated {
        values,
        rounds,
        rounds_made,
    })
}

/// The optional jumps the best play never takes ([`Solution::never_taken`]).
fn never_taken(
    game: &Game,
    mdp: &Mdp<'_>,
    policy: &mdp::Working,
    values: &[f64],
    safe: &[bool],
    reached: &[bool],
) -> Vec<Declined> {
    let taking = mdp.taking(values, safe);
    let chosen = mdp.chosen(policy, reached);
    let optional = game.rules().optional;
    let streaks = mdp.states.streaks();
    // Worse by more than the solver's rounding, ten times the margin by
    // which policy iteration changes a choice.
    let worse = |take: f64, stay: f64| take > stay + 1e-9 * stay.abs().max(1.0);
    let mut found = Vec::new();
    for jump in game.board().jumps() {
        if !optional.covers(jump.from, jump.to) {
            continue;
        }
        let at = |streak| {
            mdp.states.index(Pawn {
                at: jump.from,
                streak,
            })
        };
        // The streaks a game under the policy lands on the jump with.
        let mut landed = (0..streaks).map(at).filter(|&k| chosen[k]).peekable();
        let Some(&first) = landed.peek() else {
            continue;
        };
        if landed.all(|k| policy.decline[k] && worse(taking[k], values[k])) {
            found.push(Declined {
                jump,
                stay: values[first],
                take: taking[first],
            });
        }
    }
    found
}

#[cfg(test)]
mod tests;
