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

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::board::{Board, Jump};
use crate::game::{Game, Pawn, States};
use crate::limits::{self, Control, Estimate, LimitError};
use crate::markov::exact::MAX_EXACT_STATES;
use crate::markov::solve::{self, Keep, Rows, Solver};
use crate::markov::{ExactTooLarge, MarkovError};
use crate::rules::{Die, Rules};

/// The most dice a player may pick from.
pub const MAX_DICE: usize = 16;

/// The most rounds of policy iteration before [`ChoiceError::NotConverged`];
/// a few are the rule, each a linear solve.
pub const MAX_ROUNDS: u32 = 200;

/// What to solve for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Options {
    /// The dice the player picks from before each roll (a bonus roll
    /// included); empty for the rules' die alone. A top value (for the
    /// bonus rule) is the top of the die rolled.
    pub dice: Vec<Die>,
    /// Whether to give the exact mean ([`Solution::exact`]) as well, on
    /// games of up to `max_exact_states` states.
    pub exact: bool,
    /// The most states the exact mean takes on; `None` for
    /// [`MAX_EXACT_STATES`].
    pub max_exact_states: Option<usize>,
}

impl Options {
    /// The faces of all the dice picked from together, or of the rules'
    /// die when none are given: what [`estimate`] counts.
    pub fn faces(&self, game: &Game) -> usize {
        if self.dice.is_empty() {
            game.rules().die.faces().count()
        } else {
            self.dice.iter().map(|d| d.faces().count()).sum()
        }
    }
}

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
    /// The dice solved for (the rules' die alone when none were given).
    pub dice: Vec<Die>,
    /// The rounds of policy iteration in floating point.
    pub rounds: u32,
    /// The rounds in exact fractions (0 unless asked; 1 when the floating
    /// point policy was already the best).
    pub exact_rounds: u32,
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

/// Why the best play could not be found.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ChoiceError {
    /// More dice than [`MAX_DICE`].
    #[error("a player may pick from at most {MAX_DICE} dice, not {0}")]
    TooManyDice(usize),
    /// Policy iteration did not settle.
    #[error(
        "the best play did not settle within {MAX_ROUNDS} rounds of policy iteration; the board's choices are too close to tell apart in floating point"
    )]
    NotConverged,
    /// The game is too large for the exact mean.
    #[error(transparent)]
    TooLarge(#[from] ExactTooLarge),
    /// A linear solve failed (see [`MarkovError`]).
    #[error(transparent)]
    Markov(MarkovError),
    /// The analysis was refused, stopped, or ran out of memory.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

impl From<MarkovError> for ChoiceError {
    fn from(e: MarkovError) -> ChoiceError {
        match e {
            MarkovError::Limit(l) => ChoiceError::Limit(l),
            MarkovError::TooLarge(t) => ChoiceError::TooLarge(t),
            other => ChoiceError::Markov(other),
        }
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
    let mut rounds = 0;
    let mut values;
    loop {
        rounds += 1;
        if rounds > MAX_ROUNDS {
            return Err(ChoiceError::NotConverged);
        }
        let through = mdp.through(&policy);
        values = mdp.evaluate(&policy, &through, &safe, |_| 1.0, ctl)?;
        if !mdp.improve(&mut policy, &values, &safe) {
            break;
        }
    }
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
        dice,
        rounds,
        exact_rounds,
    })
}

/// Where a move ends before the choice of a jump is made: the goal, a
/// state to rest in, or the start of a jump (the state the pawn rests in
/// if it stays), coded in one number.
const EXIT: u32 = u32::MAX;

/// The rank of a state outside the search for the goal.
const NOT: u32 = u32::MAX;

/// The decision process: every state's faces under every die, to a
/// resting state or to a pending choice at a jump's start.
struct Mdp<'g> {
    game: &'g Game,
    states: States,
    /// The chances of every die's faces, one die after another.
    coef: Vec<f64>,
    /// Every die's integer weights and total, for the exact solves.
    weights: Vec<(u64, u64)>,
    /// `offset[d]..offset[d + 1]`: die `d`'s faces in `coef`.
    offset: Vec<usize>,
    /// `arrive[k * faces + offset[d] + i]`: where face `i` of die `d`
    /// leads from state `k`, [`EXIT`], a resting state `j < n`, or `n + j`
    /// for the choice at the jump that starts at state `j`'s position.
    arrive: Vec<u32>,
    /// For a state at a jump's start: where taking the jump leads, coded
    /// as in `arrive`.
    next: Vec<u32>,
    /// Whether the jump at each state's position may be declined.
    optional: Vec<bool>,
    /// Whether each state is the goal's.
    goal: Vec<bool>,
}

/// A policy while it is worked on: one die a state, one stay a state.
#[derive(Debug, Clone)]
struct Working {
    die: Vec<u16>,
    decline: Vec<bool>,
}

impl<'g> Mdp<'g> {
    fn new(game: &'g Game, dice: &[Die], ctl: &Control) -> Result<Mdp<'g>, LimitError> {
        let states = game.states();
        let n = states.len();
        let goal = game.goal();
        let board = game.board();
        let chain = game.rules().chain;
        let optional_rule = game.rules().optional;
        let mut offset = vec![0];
        let mut coef = Vec::new();
        let mut weights = Vec::new();
        for die in dice {
            for (v, p) in die.chances() {
                coef.push(p);
                weights.push((die.weight(v), die.total()));
            }
            offset.push(coef.len());
        }
        let faces = coef.len();
        // One game a die, so that every move is the game's own.
        let games: Vec<Game> = dice
            .iter()
            .map(|die| {
                let (board, rules) = (game.board().clone(), game.rules().clone());
                Game::new(
                    board,
                    Rules {
                        die: die.clone(),
                        ..rules
                    },
                )
                .expect("the same board under another die is playable")
            })
            .collect();
        let mut arrive = limits::with_capacity(n.saturating_mul(faces), "the table of moves")?;
        let mut next = limits::vec_of(n, EXIT, "the table of jumps")?;
        let mut optional = limits::vec_of(n, false, "the table of jumps")?;
        let mut is_goal = limits::vec_of(n, false, "the table of jumps")?;
        let mut meter = ctl.meter();
        let code = |pawn: Pawn| -> u32 {
            if pawn.at == goal {
                EXIT
            } else {
                states.index(pawn) as u32
            }
        };
        for k in 0..n {
            meter.add(faces as u64 * 4)?;
            let pawn = states.pawn(k);
            is_goal[k] = pawn.at == goal;
            if let Some(to) = board.jump(pawn.at) {
                optional[k] = optional_rule.covers(pawn.at, to);
                let rest = Pawn { at: to, ..pawn };
                next[k] = match code(rest) {
                    EXIT => EXIT,
                    j if chain && board.jump(to).is_some() => n as u32 + j,
                    j => j,
                };
            }
            for g in &games {
                for v in g.rules().die.values() {
                    if pawn.at == goal {
                        arrive.push(EXIT);
                        continue;
                    }
                    let played = g.play(pawn, v);
                    let to = match played.moved {
                        Some(m) if m.jumped() && !played.reset => {
                            let stay = g.rest_after(pawn, v, m.land);
                            n as u32 + states.index(stay) as u32
                        }
                        _ => code(played.pawn),
                    };
                    arrive.push(to);
                }
            }
        }
        Ok(Mdp {
            game,
            states,
            coef,
            weights,
            offset,
            arrive,
            next,
            optional,
            goal: is_goal,
        })
    }

    fn n(&self) -> usize {
        self.states.len()
    }

    /// The states a game from `start` under `policy` comes to rest in;
    /// none when the best play may never finish.
    fn reached(&self, policy: &Working, safe: &[bool], start: usize) -> Vec<bool> {
        let mut seen = vec![false; self.n()];
        if self.goal[start] || !safe[start] {
            return seen;
        }
        let through = self.through(policy);
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(k) = stack.pop() {
            for &a in self.row(k, usize::from(policy.die[k])) {
                let rest = self.resolve(a, &through);
                if rest != EXIT && !seen[rest as usize] {
                    seen[rest as usize] = true;
                    stack.push(rest as usize);
                }
            }
        }
        seen
    }

    /// Whether a jump starts at state `k`'s position: a pawn that would
    /// rest there makes the choice first.
    fn pending(&self, k: usize) -> bool {
        !self.goal[k] && self.game.board().jump(self.states.position(k)).is_some()
    }

    fn faces(&self) -> usize {
        self.coef.len()
    }

    fn dice(&self) -> usize {
        self.offset.len() - 1
    }

    /// The arrivals of die `d` from state `k`, one a face.
    fn row(&self, k: usize, d: usize) -> &[u32] {
        let base = k * self.faces();
        &self.arrive[base + self.offset[d]..base + self.offset[d + 1]]
    }

    /// Where a pawn at each jump's start comes to rest under `policy`
    /// (coded as a resting state or [`EXIT`]); `EXIT` elsewhere too,
    /// unused.
    fn through(&self, policy: &Working) -> Vec<u32> {
        let n = self.n();
        let mut through = vec![u32::MAX - 1; n];
        let mut trail = Vec::new();
        for k in 0..n {
            if !self.pending(k) {
                continue;
            }
            // Walk the chain of pending choices to a resting place.
            let mut at = k;
            let end = loop {
                if through[at] != u32::MAX - 1 {
                    break through[at];
                }
                trail.push(at);
                if self.optional[at] && policy.decline[at] {
                    break at as u32;
                }
                match self.next[at] {
                    EXIT => break EXIT,
                    j if j as usize >= n => at = j as usize - n,
                    j => break j,
                }
            };
            for &t in &trail {
                through[t] = end;
            }
            trail.clear();
        }
        through
    }

    /// The resting state (or [`EXIT`]) of an arrival code under the
    /// policy whose `through` this is.
    #[inline]
    fn resolve(&self, a: u32, through: &[u32]) -> u32 {
        match a {
            EXIT => EXIT,
            a if (a as usize) < self.n() => a,
            a => through[a as usize - self.n()],
        }
    }

    /// The values of `policy` over the `safe` states: `x = rhs + Q x`.
    fn evaluate(
        &self,
        policy: &Working,
        through: &[u32],
        safe: &[bool],
        rhs: impl Fn(usize) -> f64,
        ctl: &Control,
    ) -> Result<Vec<f64>, ChoiceError> {
        let rows = PolicyRows {
            mdp: self,
            policy,
            through,
            safe,
        };
        let solver = Solver::new(&rows, 1, Keep::All, ctl)?;
        Ok(solver.solve(&self.coef, rhs, ctl)?)
    }

    /// Each choice changed where another is better by more than rounding,
    /// against `values`; whether any changed.
    fn improve(&self, policy: &mut Working, values: &[f64], safe: &[bool]) -> bool {
        let n = self.n();
        // Better by more than the solver's rounding: a tie keeps the choice,
        // so the iteration cannot go round between equal policies.
        let worse = |cur: f64, alt: f64| {
            if cur.is_infinite() {
                alt < cur
            } else {
                alt < cur - 1e-10 * cur.abs().max(1.0)
            }
        };
        let value = |j: u32| -> f64 {
            match j {
                EXIT => 0.0,
                j if safe[j as usize] => values[j as usize],
                _ => f64::INFINITY,
            }
        };
        let mut changed = false;
        // The best value of a pending choice, downstream first: `best[k]`
        // for the choice at state `k`'s jump.
        let mut best = vec![f64::NAN; n];
        let mut trail = Vec::new();
        for k in 0..n {
            if !self.pending(k) {
                continue;
            }
            let mut at = k;
            loop {
                if !best[at].is_nan() {
                    break;
                }
                trail.push(at);
                match self.next[at] {
                    j if j != EXIT && j as usize >= n && best[j as usize - n].is_nan() => {
                        at = j as usize - n;
                    }
                    _ => break,
                }
            }
            while let Some(q) = trail.pop() {
                let go = match self.next[q] {
                    EXIT => 0.0,
                    j if j as usize >= n => best[j as usize - n],
                    j => value(j),
                };
                best[q] = if self.optional[q] {
                    let stay = value(q as u32);
                    let decline = if policy.decline[q] {
                        !worse(stay, go)
                    } else {
                        worse(go, stay)
                    };
                    changed |= decline != policy.decline[q];
                    policy.decline[q] = decline;
                    if decline { stay } else { go }
                } else {
                    go
                };
            }
        }
        let arrival = |a: u32| -> f64 {
            match a {
                EXIT => 0.0,
                a if (a as usize) < n => value(a),
                a => best[a as usize - n],
            }
        };
        for (k, _) in safe.iter().enumerate().filter(|&(_, &s)| s) {
            if self.dice() == 1 {
                break;
            }
            let q = |d: usize| -> f64 {
                let p = &self.coef[self.offset[d]..self.offset[d + 1]];
                1.0 + self
                    .row(k, d)
                    .iter()
                    .zip(p)
                    .map(|(&a, &p)| p * arrival(a))
                    .sum::<f64>()
            };
            let cur = usize::from(policy.die[k]);
            let mut pick = (cur, q(cur));
            for d in 0..self.dice() {
                let v = q(d);
                if worse(pick.1, v) {
                    pick = (d, v);
                }
            }
            if pick.0 != cur {
                policy.die[k] = pick.0 as u16;
                changed = true;
            }
        }
        changed
    }

    /// The states from which some play finishes for certain, and a policy
    /// that does from each of them.
    ///
    /// The greatest set `W` such that from each of its states some die's
    /// every face can rest in `W` (or finish) and some play reaches the
    /// goal: found by shrinking `W` until the states that can reach the
    /// goal within it, by dice whose every face can stay in it, are `W`
    /// itself. The order in which states join the last of those searches
    /// ranks them; the policy picks, at each state, the die with which it
    /// joined and, at each jump, the option of lower rank, so that every
    /// state has a chance to go down in rank each roll and never leaves
    /// `W`: it finishes for certain.
    fn certain(&self, ctl: &Control) -> Result<(Vec<bool>, Working), LimitError> {
        let n = self.n();
        let mut inside: Vec<bool> = (0..n).map(|k| !self.goal[k]).collect();
        let mut policy = Working {
            die: vec![0; n],
            decline: vec![false; n],
        };
        let mut meter = ctl.meter();
        loop {
            // The rank of each resting state in the search (NOT outside it).
            let mut rank = vec![NOT; n];
            let mut joined = 0u32;
            // The best rank an arrival can reach, and whether it can stay
            // inside at all: by walking its chain of choices.
            let reach = |a: u32, rank: &[u32], inside: &[bool]| -> (u32, bool) {
                let mut best = NOT;
                let mut stays = false;
                let mut at = a;
                loop {
                    match at {
                        EXIT => return (0, true),
                        j if (j as usize) < n => {
                            let j = j as usize;
                            let r = if inside[j] { rank[j] } else { NOT };
                            return (best.min(r), stays || inside[j]);
                        }
                        j => {
                            let q = j as usize - n;
                            if self.optional[q] && inside[q] {
                                best = best.min(rank[q]);
                                stays = true;
                            }
                            at = self.next[q];
                        }
                    }
                }
            };
            loop {
                let mut grew = false;
                for k in (0..n).rev() {
                    if !inside[k] || rank[k] != NOT {
                        continue;
                    }
                    meter.add((self.faces() * 2) as u64)?;
                    for d in 0..self.dice() {
                        let mut safe = true;
                        let mut progress = false;
                        for &a in self.row(k, d) {
                            let (r, stays) = reach(a, &rank, &inside);
                            safe &= stays;
                            progress |= r != NOT;
                        }
                        if safe && progress {
                            joined += 1;
                            rank[k] = joined;
                            policy.die[k] = d as u16;
                            grew = true;
                            break;
                        }
                    }
                }
                if !grew {
                    break;
                }
            }
            let reached: Vec<bool> = rank.iter().map(|&r| r != NOT).collect();
            if reached == inside {
                // Each choice at a jump: the option of lower rank.
                for q in 0..n {
                    if self.optional[q] && inside[q] {
                        let (go, _) = reach(self.next[q], &rank, &inside);
                        policy.decline[q] = rank[q] < go;
                    }
                }
                return Ok((inside, policy));
            }
            inside = reached;
        }
    }

    /// The exact value from `start` of the best policy, by policy
    /// iteration in fractions from `policy`; and the rounds it took.
    // The exact twin of `improve` beside its evaluation: one round reads
    // better whole than split.
    #[allow(clippy::too_many_lines)]
    fn exact(
        &self,
        policy: &mut Working,
        safe: &[bool],
        start: usize,
        ctl: &Control,
    ) -> Result<(BigRational, u32), ChoiceError> {
        let n = self.n();
        let coef: Vec<BigRational> = self
            .weights
            .iter()
            .map(|&(w, t)| BigRational::new(BigInt::from(w), BigInt::from(t)))
            .collect();
        let mut rounds = 0;
        loop {
            rounds += 1;
            if rounds > MAX_ROUNDS {
                return Err(ChoiceError::NotConverged);
            }
            let through = self.through(policy);
            let rows = PolicyRows {
                mdp: self,
                policy,
                through: &through,
                safe,
            };
            let plan = solve::Plan::new(&rows, &mut ctl.meter())?;
            let x = solve::frontal(
                &rows,
                &plan,
                &coef,
                |_| BigRational::one(),
                &mut ctl.meter(),
            )?;
            let value = |j: u32| -> Option<&BigRational> {
                match j {
                    EXIT => None,
                    j if safe[j as usize] => Some(&x[j as usize]),
                    _ => None,
                }
            };
            // Exact comparisons: an option is better only if strictly so.
            // `None` is 0 for EXIT and unbounded outside `safe`, told apart
            // by the code.
            let val = |j: u32| -> Option<BigRational> {
                if j == EXIT {
                    Some(BigRational::zero())
                } else {
                    value(j).cloned()
                }
            };
            let mut changed = false;
            let mut best: Vec<Option<Option<BigRational>>> = vec![None; n];
            let mut order = Vec::new();
            for k in 0..n {
                if !self.pending(k) {
                    continue;
                }
                let mut at = k;
                loop {
                    if best[at].is_some() {
                        break;
                    }
                    order.push(at);
                    match self.next[at] {
                        j if j != EXIT && j as usize >= n && best[j as usize - n].is_none() => {
                            at = j as usize - n;
                        }
                        _ => break,
                    }
                }
                while let Some(q) = order.pop() {
                    let go = match self.next[q] {
                        EXIT => Some(BigRational::zero()),
                        j if j as usize >= n => best[j as usize - n].clone().flatten(),
                        j => val(j),
                    };
                    let chosen = if self.optional[q] {
                        let stay = val(q as u32);
                        let better = |a: &Option<BigRational>, b: &Option<BigRational>| match (a, b)
                        {
                            (Some(a), Some(b)) => a < b,
                            (Some(_), None) => true,
                            _ => false,
                        };
                        let decline = if policy.decline[q] {
                            !better(&go, &stay)
                        } else {
                            better(&stay, &go)
                        };
                        changed |= decline != policy.decline[q];
                        policy.decline[q] = decline;
                        if decline { stay } else { go }
                    } else {
                        go
                    };
                    best[q] = Some(chosen);
                }
            }
            if self.dice() > 1 {
                for k in (0..n).filter(|&k| safe[k]) {
                    let q = |d: usize| -> Option<BigRational> {
                        let mut sum = BigRational::one();
                        for (i, &a) in self.row(k, d).iter().enumerate() {
                            let v = match a {
                                EXIT => continue,
                                a if (a as usize) < n => val(a)?,
                                a => best[a as usize - n].clone().flatten()?,
                            };
                            sum += &coef[self.offset[d] + i] * v;
                        }
                        Some(sum)
                    };
                    let cur = usize::from(policy.die[k]);
                    let mut pick = (cur, q(cur));
                    for d in 0..self.dice() {
                        if let (Some(v), Some(p)) = (q(d), &pick.1)
                            && v < *p
                        {
                            pick = (d, Some(v));
                        }
                    }
                    if pick.0 != cur {
                        policy.die[k] = pick.0 as u16;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Ok((x[start].clone(), rounds));
            }
        }
    }
}

/// The game under a policy as the solver's rows, over the states from
/// which the policy finishes for certain.
struct PolicyRows<'a, 'g> {
    mdp: &'a Mdp<'g>,
    policy: &'a Working,
    through: &'a [u32],
    safe: &'a [bool],
}

impl Rows for PolicyRows<'_, '_> {
    fn len(&self) -> usize {
        self.mdp.n()
    }
    fn active(&self, k: usize) -> bool {
        self.safe[k]
    }
    fn terms(&self, k: usize, out: &mut Vec<(Option<u32>, u16)>) {
        let d = usize::from(self.policy.die[k]);
        let base = self.mdp.offset[d];
        for (i, &a) in self.mdp.row(k, d).iter().enumerate() {
            let t = self.mdp.resolve(a, self.through);
            let live = t != EXIT && self.safe[t as usize];
            out.push((live.then_some(t), (base + i) as u16));
        }
    }
    fn stochastic(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests;
