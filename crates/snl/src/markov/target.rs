//! The rolls until the pawn first comes to rest on one of a chosen set of
//! squares (a target), and the chance that it ever does.
//!
//! This is the first-passage time of the game's chain to a set of states.
//! The game's own end is one more way out: a pawn that reaches the last
//! square, when it is not part of the target, never gets there, and
//! neither does one that falls among squares from which no rolls lead to
//! the target. So the time is defective: it is finite with the chance
//! [`Hitting::chance`], and its mean and variance are given for the games
//! that get there (the same figures when every game does).
//!
//! Three solves of one sparse system over the states that can still get
//! there give the chance `h`, then `m = E[T; hit]` from `m = h + Q m`, then
//! `s = E[T²; hit]` from `s = 2m − h + Q s`; the distribution is followed
//! roll by roll.
//!
//! ```
//! use snl::markov::target::{Target, hitting};
//! use snl::{Board, Game, Jump, Rules};
//!
//! // An empty board of 10 squares: the pawn rests on square 2 only by a
//! // first roll of 1.
//! let game = Game::new(Board::new(10, [])?, Rules::default())?;
//! let target = Target::new(&game, [(2, 2)])?;
//! let hit = hitting(&game, &target)?;
//! assert!((hit.chance - 1.0 / 6.0).abs() < 1e-15);
//! assert_eq!(hit.mean, Some(1.0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::chain::{Chain, EXIT, Moves};
use super::cost::DROP;
use super::distribution::{Follow, TAIL};
use super::error::MarkovError;
use super::moments::VARIANCE_PRECISION;
use super::solve::{Keep, Rows, Solver};
use super::tail::{Before, Reach};
use crate::game::{Game, Pawn};
use crate::limits::{Control, Estimate, LimitError};

/// The squares a pawn is to come to rest on, checked against a game: on
/// the board, and places a pawn can rest (not the start of a jump, which
/// carries it on).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    squares: Vec<u32>,
}

/// Why squares cannot be a target.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TargetError {
    /// No squares were named.
    #[error(
        "no squares to aim at: name at least one a pawn can rest on (not the start of a jump), as 50..60 or 80,90"
    )]
    Empty,
    /// The list could not be read.
    #[error(
        "cannot read the squares {text:?} at character {at}: write squares and ranges separated by commas, as 50..60,80"
    )]
    Syntax {
        /// The list as given.
        text: String,
        /// Where it went wrong, from 1.
        at: usize,
    },
    /// A square off the board.
    #[error("square {square} is off the board: the squares are {first} to {last}")]
    OffBoard {
        /// The square named.
        square: u64,
        /// The first square a pawn can be on (0 when it starts off the
        /// board).
        first: u32,
        /// The last square.
        last: u32,
    },
    /// The start of a jump, where no pawn comes to rest.
    #[error(
        "no pawn comes to rest on square {square}: the {kind} {square}->{to} starts there and carries it on to square {rest}; aim at square {rest} instead"
    )]
    JumpStart {
        /// The square named.
        square: u32,
        /// Where its jump leads.
        to: u32,
        /// Where a pawn landing there comes to rest (past chained jumps).
        rest: u32,
        /// `ladder` or `snake`.
        kind: &'static str,
    },
    /// The player may decline jumps: where a pawn rests depends on the
    /// play.
    #[error(
        "the rules let a player decline jumps, so where a pawn rests depends on the play; a target is asked of a game that takes every jump (set `optional` to `none`)"
    )]
    Declinable,
    /// A jump could not be read.
    #[error("cannot read the jump {text:?}: {why}write it as FROM-TO, as 47-26")]
    JumpSyntax {
        /// The jump as given.
        text: String,
        /// What is wrong, with its `; ` (empty when the text has no `-`).
        why: String,
    },
    /// The board has no such jump.
    #[error("the board has no jump {from}->{to}{}", .near.map_or_else(String::new, |(f, t)| format!("; the jump from square {f} goes to {t}")))]
    NoJump {
        /// Its start, as asked.
        from: u32,
        /// Its end, as asked.
        to: u32,
        /// The board's jump from that square, if any.
        near: Option<(u32, u32)>,
    },
}

impl Target {
    /// The target of `ranges` (`(first, last)`, both included) in `game`.
    /// A range of one square names that square, which must be one a pawn
    /// can rest on; a longer range takes the squares of it a pawn can rest
    /// on, leaving out the starts of jumps. Squares may be named more than
    /// once; the start (square 0 when the pawn starts off the board) may be
    /// named, and is reached at once.
    ///
    /// # Errors
    ///
    /// [`TargetError`]: no squares, a square off the board, a single square
    /// where a jump starts, or a game whose jumps may be declined.
    pub fn new(
        game: &Game,
        ranges: impl IntoIterator<Item = (u64, u64)>,
    ) -> Result<Target, TargetError> {
        if game.declinable() {
            return Err(TargetError::Declinable);
        }
        let first = game.start().min(1);
        let last = game.goal();
        let on_board = |square: u64| {
            u32::try_from(square)
                .ok()
                .filter(|s| (first..=last).contains(s))
                .ok_or(TargetError::OffBoard {
                    square,
                    first,
                    last,
                })
        };
        let rests = |s: u32| game.board().jump(s).is_none() || s == game.start();
        let mut aimed = Vec::new();
        for (a, b) in ranges {
            let (a, b) = (on_board(a.min(b))?, on_board(a.max(b))?);
            if a == b && !rests(a) {
                let to = game.board().jump(a).unwrap_or(a);
                return Err(TargetError::JumpStart {
                    square: a,
                    to,
                    rest: game.rest(a),
                    kind: if to > a { "ladder" } else { "snake" },
                });
            }
            aimed.extend((a..=b).filter(|&s| rests(s)));
        }
        if aimed.is_empty() {
            return Err(TargetError::Empty);
        }
        aimed.sort_unstable();
        aimed.dedup();
        Ok(Target { squares: aimed })
    }

    /// The squares, in order, each once.
    pub fn squares(&self) -> &[u32] {
        &self.squares
    }

    /// The squares in words: "squares 81 to 86, 88 to 92 and 94" (at most
    /// 12 runs, then how many more).
    pub fn in_words(&self) -> String {
        let runs: Vec<(u64, u64)> = self
            .runs()
            .iter()
            .map(|&(a, b)| (u64::from(a), u64::from(b)))
            .collect();
        crate::words::square_runs(&runs, self.squares.len() as u64, |s| s.to_string())
    }

    /// The squares as runs of consecutive squares `(first, last)`.
    pub fn runs(&self) -> Vec<(u32, u32)> {
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for &s in &self.squares {
            match runs.last_mut() {
                Some((_, last)) if *last + 1 == s => *last = s,
                _ => runs.push((s, s)),
            }
        }
        runs
    }
}

/// Reads a list of squares and ranges, as people write them on a command
/// line: `50..60`, `80,90`, `50..60,99` (a range holds both ends;
/// `50-60` reads the same), as `(first, last)` ranges for
/// [`Target::new`] (a lone square is a range of one).
///
/// # Errors
///
/// [`TargetError::Syntax`] with where the list went wrong, or
/// [`TargetError::Empty`].
///
/// ```
/// use snl::markov::target::squares_from;
///
/// assert_eq!(squares_from("3..5, 9")?, [(3, 5), (9, 9)]);
/// assert!(squares_from("3..x").is_err());
/// # Ok::<(), snl::markov::target::TargetError>(())
/// ```
pub fn squares_from(text: &str) -> Result<Vec<(u64, u64)>, TargetError> {
    let mut ranges = Vec::new();
    let mut at = 1;
    for part in text.split(',') {
        let wrong = |offset: usize| TargetError::Syntax {
            text: text.to_string(),
            at: at + offset,
        };
        let lead = part.len() - part.trim_start().len();
        let item = part.trim();
        let (a, b) = match item.split_once("..").or_else(|| item.split_once('-')) {
            Some((a, b)) => (a.trim(), Some(b.trim())),
            None => (item, None),
        };
        let a: u64 = a.parse().map_err(|_| wrong(lead))?;
        let b: u64 = match b {
            None => a,
            Some(b) => b
                .parse()
                .map_err(|_| wrong(lead + item.find(['.', '-']).unwrap_or(0)))?,
        };
        if b < a {
            return Err(wrong(lead));
        }
        ranges.push((a, b));
        at += part.len() + 1;
    }
    if ranges.is_empty() {
        return Err(TargetError::Empty);
    }
    Ok(ranges)
}

/// Reads a jump written as `FROM-TO` or `FROM->TO` (`47-26`), as `snl
/// expect --via` and the studio take it.
///
/// ```
/// use snl::markov::target::jump_from;
///
/// assert_eq!(jump_from("47-26")?, snl::Jump { from: 47, to: 26 });
/// assert_eq!(jump_from(" 3 -> 12 ")?, snl::Jump { from: 3, to: 12 });
/// assert!(jump_from("87").is_err() && jump_from("a-3").is_err());
/// # Ok::<(), snl::markov::target::TargetError>(())
/// ```
///
/// # Errors
///
/// [`TargetError::JumpSyntax`] when it cannot be read.
pub fn jump_from(text: &str) -> Result<crate::board::Jump, TargetError> {
    let wrong = |why: String| TargetError::JumpSyntax {
        text: text.to_string(),
        why,
    };
    let (from, to) = text
        .split_once("->")
        .or_else(|| text.split_once('-'))
        .ok_or_else(|| wrong(String::new()))?;
    let square = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| wrong(format!("{:?} is not a square; ", s.trim())))
    };
    Ok(crate::board::Jump {
        from: square(from)?,
        to: square(to)?,
    })
}

/// The rolls until the pawn first rests on a target, from the start.
#[derive(Debug, Clone, PartialEq)]
pub struct Hitting {
    /// The chance that the pawn ever rests on one of the squares.
    pub chance: f64,
    /// The expected rolls until it first does, in the games where it
    /// does; `None` when none does.
    pub mean: Option<f64>,
    /// Their variance, in the same games; `None` too where floating point
    /// cannot hold it within 1e-10 (relative) of the true one, nor within
    /// 1e-12 of the second moment: on boards of very many states, whose
    /// games are long.
    pub variance: Option<f64>,
    /// `pmf[t]`: the chance of first resting there on roll `t` (`t = 0`
    /// when the start is part of the target), followed until less than
    /// [`TAIL`] of the chance is still to come, or for the work
    /// [`Follow::Usual`] allows (about a second).
    pub pmf: Vec<f64>,
    /// The chance of getting there that `pmf` does not hold, past its
    /// last roll: below [`TAIL`] of the chance when it was followed to
    /// the end, more when the work ran out first (then the figures read
    /// off it are `None` where the rest could move them).
    pub unresolved: f64,
    /// A bound on the error of each chance in `pmf` and of every chance
    /// within K rolls read off it, where its tail was written down as
    /// geometric once that was certified (below [`TAIL`] of the chance), as
    /// [`Distribution::error`](super::Distribution::error); 0 where it was
    /// followed to the end.
    pub error: f64,
}

impl Hitting {
    /// The standard deviation of the rolls, in the games that get there.
    pub fn std_dev(&self) -> Option<f64> {
        self.variance.map(f64::sqrt)
    }

    /// Whether `pmf` was followed to the end (less than [`TAIL`] of the
    /// chance left).
    pub fn is_complete(&self) -> bool {
        let tail = TAIL * self.chance.max(f64::MIN_POSITIVE);
        self.unresolved <= tail && self.error <= tail
    }

    /// The chance of resting on the target within `rolls` rolls; `None`
    /// past the rolls followed when the work ran out first.
    pub fn within(&self, rolls: usize) -> Option<f64> {
        (rolls < self.pmf.len() || self.is_complete())
            .then(|| self.pmf.iter().take(rolls.saturating_add(1)).sum())
    }

    /// The fewest rolls within which the pawn has got there in a share
    /// `q` of the games that get there; `None` when none does, or when
    /// the rolls followed do not reach that share.
    pub fn quantile(&self, q: f64) -> Option<usize> {
        if self.chance <= 0.0 {
            return None;
        }
        let want = q * self.chance;
        let mut sum = 0.0;
        for (t, p) in self.pmf.iter().enumerate() {
            sum += p;
            // A hair under, for the rounding of the sum.
            if sum >= want * (1.0 - 1e-12) {
                return Some(t);
            }
        }
        self.is_complete().then(|| self.pmf.len().saturating_sub(1))
    }

    /// The median rolls, in the games that get there.
    pub fn median(&self) -> Option<usize> {
        self.quantile(0.5)
    }

    /// The likeliest number of rolls; `None` when no game gets there, or
    /// when the work ran out before the end.
    pub fn mode(&self) -> Option<usize> {
        if !self.is_complete() {
            return None;
        }
        let (t, p) = self
            .pmf
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1).then(b.0.cmp(&a.0)))?;
        (*p > 0.0).then_some(t)
    }
}

/// [`hitting_with`] under no budget.
///
/// # Errors
///
/// As [`hitting_with`].
pub fn hitting(game: &Game, target: &Target) -> Result<Hitting, MarkovError> {
    hitting_with(game, target, &Control::default())
}

/// What [`hitting_with`] holds a state beside the chain: flags, three
/// solutions and two vectors of the distribution.
const BYTES_A_STATE: u64 = 3 + 5 * 8;

/// The rolls until the pawn first rests on one of `target`'s squares,
/// from the start of `game`, and the chance that it ever does, under a
/// [`Control`]: refused when the chain's table does not fit the budget,
/// stopped when the token is set.
///
/// # Errors
///
/// [`MarkovError::Limit`] when refused or stopped; the solver's errors
/// when it does not converge.
pub fn hitting_with(game: &Game, target: &Target, ctl: &Control) -> Result<Hitting, MarkovError> {
    let chain = chain_of(game, "the rolls to the target", ctl)?;
    let start = start_of(game, &chain);
    let goal_aimed = target.squares.binary_search(&game.goal()).is_ok();
    let aimed: Vec<bool> = (0..chain.states())
        .map(|k| target.squares.binary_search(&chain.position(k)).is_ok())
        .collect();
    if aimed[start] {
        return Ok(Hitting {
            chance: 1.0,
            mean: Some(0.0),
            variance: Some(0.0),
            pmf: vec![1.0],
            unresolved: 0.0,
            error: 0.0,
        });
    }
    // A roll ends on the target: to an aimed state, or out of the game on
    // the last square when it is aimed at.
    let faces = chain.faces();
    let mut hits = vec![false; chain.states() * faces];
    for k in 0..chain.states() {
        chain.each_target(k, |i, t| {
            hits[k * faces + i] = if t == EXIT {
                goal_aimed
            } else {
                aimed[t as usize]
            };
        });
    }
    first_passage(&chain, start, &hits, ctl)
}

/// The chain of `game`, under the budget for a first passage, named
/// `what` where it is refused.
fn chain_of(game: &Game, what: &'static str, ctl: &Control) -> Result<Chain, MarkovError> {
    let states = game.states().len() as u64;
    let faces = game.rules().die.faces().count() as u64;
    ctl.admit(
        what,
        Estimate::new(
            states.saturating_mul(faces * 4 + BYTES_A_STATE),
            states.saturating_mul(faces * 8),
        ),
    )?;
    Ok(Chain::new(game, &mut ctl.meter())?)
}

/// The state a game starts in.
fn start_of(game: &Game, chain: &Chain) -> usize {
    chain.state(Pawn {
        at: game.start(),
        streak: 0,
    })
}

/// The rolls until the first roll that hits, from `start`, and the chance
/// that one ever does: `hits[k * faces + i]` says whether the roll of face
/// `i` from state `k` does. A roll that ends the game without hitting is a
/// way of never getting there.
fn first_passage(
    chain: &Chain,
    start: usize,
    hits: &[bool],
    ctl: &Control,
) -> Result<Hitting, MarkovError> {
    let faces = chain.faces();
    let hit = |k: usize, i: usize, _: u32| hits[k * faces + i];
    let live = live_states(chain, start, &hit, ctl)?;
    if !live[start] {
        return Ok(Hitting {
            chance: 0.0,
            mean: None,
            variance: None,
            pmf: vec![0.0],
            unresolved: 0.0,
            error: 0.0,
        });
    }
    let rows = Unknowns {
        chain,
        live: &live,
        hits,
    };
    let prob = chain.prob();
    let solver = Solver::new(&rows, 3, Keep::All, ctl)?;
    let h = solver.solve(
        prob,
        |k| {
            let mut p = 0.0;
            chain.each_target(k, |i, t| {
                if hit(k, i, t) {
                    p += prob[i];
                }
            });
            p
        },
        ctl,
    )?;
    let m = solver.solve(prob, |k| h[k], ctl)?;
    let s = solver.solve(prob, |k| 2.0 * m[k] - h[k], ctl)?;
    let chance = h[start].clamp(0.0, 1.0);
    let mean = m[start] / h[start];
    if !mean.is_finite() {
        return Err(MarkovError::Overflow { unit: "rolls" });
    }
    // Each of h, m and s is within about 4 units of rounding a row of
    // theirs (every number of the elimination is not negative), so the
    // ratios within 8: the variance, a difference, is kept where that
    // bound is within VARIANCE_PRECISION of it.
    let second = s[start] / h[start];
    let variance = second - mean * mean;
    let bound = 8.0 * solver.active_rows() as f64 * f64::EPSILON * (second + mean * mean);
    // A variance of nothing (every game gets there on the same roll) is
    // held where the bound is below 1e-12 of the second moment.
    let kept = bound <= VARIANCE_PRECISION * variance || bound <= 1e-12 * second;
    let variance = kept.then_some(variance.max(0.0));
    let (pmf, error) = follow(chain, start, &live, &hit, chance, ctl)?;
    let unresolved = (chance - pmf.iter().sum::<f64>()).max(0.0);
    Ok(Hitting {
        chance,
        mean: Some(mean),
        variance,
        pmf,
        unresolved,
        error,
    })
}

/// The states the pawn can be in before the first roll that hits, from
/// which one still can: reached from `start` by rolls that do not hit, and
/// leading to one that does.
fn live_states(
    chain: &Chain,
    start: usize,
    hit: &impl Fn(usize, usize, u32) -> bool,
    ctl: &Control,
) -> Result<Vec<bool>, LimitError> {
    let n = chain.states();
    let mut meter = ctl.meter();
    let mut reached = vec![false; n];
    reached[start] = true;
    let mut stack = vec![start];
    while let Some(k) = stack.pop() {
        meter.add(chain.faces() as u64)?;
        chain.each_target(k, |i, t| {
            if t != EXIT && !hit(k, i, t) && !reached[t as usize] {
                reached[t as usize] = true;
                stack.push(t as usize);
            }
        });
    }
    // Backwards from the rolls that hit, over the states reached and
    // the rolls that do not.
    let preds = chain.predecessors(&ctl.cancel)?;
    let mut live = vec![false; n];
    for k in 0..n {
        if reached[k] && !live[k] {
            let mut hits = false;
            chain.each_target(k, |i, t| hits |= hit(k, i, t));
            if hits {
                live[k] = true;
                stack.push(k);
            }
        }
    }
    while let Some(k) = stack.pop() {
        meter.add(1)?;
        for (&s, &f) in preds.sources(k).iter().zip(preds.faces(k)) {
            let s = s as usize;
            if reached[s] && !live[s] && !hit(s, usize::from(f), k as u32) {
                live[s] = true;
                stack.push(s);
            }
        }
    }
    Ok(live)
}

/// The chance of first hitting at each roll, followed from `start` until
/// less than [`TAIL`] of `chance` is still in play (a bound on what is
/// still to come), or for the work [`Follow::Usual`] allows under the
/// budget; its tail written down once it is certified geometric to within
/// [`TAIL`] of `chance` (see [`Distribution::error`]), whose bound is given
/// with it (0 where it was followed to the end).
///
/// [`Distribution::error`]: super::Distribution::error
fn follow(
    chain: &Chain,
    start: usize,
    live: &[bool],
    hit: &impl Fn(usize, usize, u32) -> bool,
    chance: f64,
    ctl: &Control,
) -> Result<(Vec<f64>, f64), LimitError> {
    let n = chain.states();
    let prob = chain.prob();
    let mut now = vec![0.0; n];
    let mut next = vec![0.0; n];
    now[start] = 1.0;
    let mut pmf = vec![0.0];
    let active: Vec<u32> = (0..n).filter(|&k| live[k]).map(|k| k as u32).collect();
    let a_roll = active.len() as u64 * prob.len() as u64;
    let reach = Reach {
        work: Follow::Usual.work(&ctl.budget),
        tail: TAIL * chance,
        geometric: true,
    };
    let mut work = reach.work;
    let mut before = Before::default();
    let mut left = 1.0;
    while left > reach.tail && work >= a_roll {
        work -= a_roll;
        ctl.cancel.check()?;
        let compared = reach.compares(pmf.len() - 1);
        if compared {
            before.keep(0, &now);
        }
        let (mut got, mut kept, mut lost) = (0.0, 0.0, 0.0);
        for &k in &active {
            let mass = std::mem::take(&mut now[k as usize]);
            if mass < DROP {
                // Zero, or too small to matter: see `DROP`.
                continue;
            }
            chain.each_target(k as usize, |i, t| {
                let p = mass * prob[i];
                if hit(k as usize, i, t) {
                    got += p;
                } else if t != EXIT && live[t as usize] {
                    next[t as usize] += p;
                    kept += p;
                } else {
                    lost += p;
                }
            });
        }
        std::mem::swap(&mut now, &mut next);
        pmf.push(got);
        if compared {
            // The chance of ending without getting there is not kept.
            let mut never = 0.0;
            let done = reach.work - work;
            if let Some((_, error)) = before.extend(
                (0, &now),
                (got, lost),
                (&reach, done),
                (&mut pmf, &mut never),
            ) {
                return Ok((pmf, error));
            }
        }
        left = kept;
    }
    Ok((pmf, 0.0))
}

/// A jump's part in a game: the chance it is taken at least once, how
/// often on average, and the rolls until it first is.
#[derive(Debug, Clone, PartialEq)]
pub struct Via {
    /// The rolls until the jump is first taken, and the chance that it
    /// ever is.
    pub first: Hitting,
    /// The expected number of times it is taken in a game; `None` when the
    /// game may never end (the count may then be infinite).
    pub times: Option<f64>,
}

/// [`via_with`] under no budget.
///
/// # Errors
///
/// As [`via_with`].
pub fn via(game: &Game, jump: crate::board::Jump) -> Result<Via, ViaError> {
    via_with(game, jump, &Control::default())
}

/// Why a jump's part cannot be given.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ViaError {
    /// The jump is not on the board, or the player may decline jumps.
    #[error(transparent)]
    Target(#[from] TargetError),
    /// The solve failed.
    #[error(transparent)]
    Markov(#[from] MarkovError),
}

/// The part the jump `jump` plays in a game of `game`: the chance that a
/// game takes it at least once (landing on its start, or passing through
/// it along a chain of jumps), how many times on average, and the rolls
/// until it first does; under a [`Control`].
///
/// # Errors
///
/// [`TargetError::NoJump`] for a jump not on the board,
/// [`TargetError::Declinable`] for a game whose jumps may be declined,
/// and the solver's errors.
pub fn via_with(game: &Game, jump: crate::board::Jump, ctl: &Control) -> Result<Via, ViaError> {
    let found = game.board().jump(jump.from);
    if found != Some(jump.to) {
        return Err(TargetError::NoJump {
            from: jump.from,
            to: jump.to,
            near: found.map(|to| (jump.from, to)),
        }
        .into());
    }
    if game.declinable() {
        return Err(TargetError::Declinable.into());
    }
    let chain = chain_of(game, "the rolls until the jump is taken", ctl)?;
    let start = start_of(game, &chain);
    // Whether each roll from each state takes the jump.
    let faces = chain.faces();
    let values = &chain.values;
    let mut takes = vec![false; chain.states() * faces];
    for k in 0..chain.states() {
        if chain.position(k) == game.goal() {
            continue;
        }
        let pawn = chain.index.pawn(k);
        for (i, &v) in values.iter().enumerate() {
            if let Some(m) = game.play(pawn, v).moved {
                takes[k * faces + i] = game.jumps_taken(m.land).any(|s| s == jump.from);
            }
        }
    }
    let first = first_passage(&chain, start, &takes, ctl)?;
    let times = super::visits_with(game, ctl)?.map(|v| {
        (0..game.positions())
            .filter(|&s| game.jumps_taken(s as u32).any(|j| j == jump.from))
            .map(|s| v.landings[s])
            .sum()
    });
    Ok(Via { first, times })
}

/// `x = c + Q x` over the live states, a roll that hits leaving them.
struct Unknowns<'a> {
    chain: &'a Chain,
    live: &'a [bool],
    /// Whether each roll from each state hits, `k * faces + i`.
    hits: &'a [bool],
}

impl Rows for Unknowns<'_> {
    fn len(&self) -> usize {
        self.chain.states()
    }
    fn active(&self, k: usize) -> bool {
        self.live[k]
    }
    fn terms(&self, k: usize, out: &mut Vec<(Option<u32>, u16)>) {
        let faces = self.chain.faces();
        self.chain.each_target(k, |i, t| {
            let live = t != EXIT && self.live[t as usize] && !self.hits[k * faces + i];
            out.push((live.then_some(t), i as u16));
        });
    }
    fn stochastic(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::rng::SplitMix64;
    use crate::rules::{Bonus, Rules};

    /// Every pawn `Game::play` reaches from the start, and for each its
    /// rolls: the pawn after (`None` at the end of the game), the chance,
    /// and whether `hit` holds for the roll.
    type Explored = (Vec<Pawn>, Vec<Vec<(Option<usize>, f64, bool)>>);

    fn explore(game: &Game, hit: &dyn Fn(Pawn, u32) -> bool) -> Explored {
        let start = Pawn {
            at: game.start(),
            streak: 0,
        };
        let faces: Vec<(u32, f64)> = game.rules().die.chances().collect();
        let mut index: HashMap<Pawn, usize> = HashMap::from([(start, 0)]);
        let mut pawns = vec![start];
        let mut moves = Vec::new();
        let mut k = 0;
        while k < pawns.len() {
            let mut row = Vec::new();
            for &(v, p) in &faces {
                let mut next = game.play(pawns[k], v).pawn;
                // Without a limit, every streak past none plays the same.
                next.streak = next.streak.min(game.streaks() - 1);
                let hits = hit(pawns[k], v);
                if next.at == game.goal() {
                    row.push((None, p, hits));
                } else {
                    let n = pawns.len();
                    let j = *index.entry(next).or_insert(n);
                    if j == n {
                        pawns.push(next);
                    }
                    row.push((Some(j), p, hits));
                }
            }
            moves.push(row);
            k += 1;
        }
        (pawns, moves)
    }

    /// The chance of a roll that hits, the conditional mean and variance
    /// of the rolls to it, and the first chances roll by roll, by dense
    /// Gaussian elimination and a plain walk of the chances.
    // The names of the mathematics: h, m and s as in the module's notes.
    #[allow(clippy::many_single_char_names)]
    fn oracle(explored: &Explored, rolls: usize) -> (f64, f64, f64, Vec<f64>) {
        let moves = &explored.1;
        let n = moves.len();
        let can = backwards(moves, |&(j, _, h), can| h || j.is_some_and(|j| can[j]));
        let solve = |rhs: &dyn Fn(usize) -> f64| -> Vec<f64> {
            let mut a = vec![vec![0.0; n + 1]; n];
            for s in 0..n {
                a[s][s] = 1.0;
                if can[s] {
                    for &(j, p, h) in &moves[s] {
                        if let Some(j) = j.filter(|&j| can[j] && !h) {
                            a[s][j] -= p;
                        }
                    }
                    a[s][n] = rhs(s);
                }
            }
            crate::markov::reference::gauss_jordan(a)
        };
        let h = solve(&|s| moves[s].iter().filter(|m| m.2).map(|m| m.1).sum());
        let m = solve(&|s| h[s]);
        let q = solve(&|s| 2.0 * m[s] - h[s]);
        let mut now = vec![0.0; n];
        now[0] = 1.0;
        let mut pmf = vec![0.0];
        for _ in 0..rolls {
            let mut next = vec![0.0; n];
            let mut got = 0.0;
            for s in 0..n {
                for &(j, p, h) in &moves[s] {
                    match j {
                        _ if h => got += now[s] * p,
                        Some(j) => next[j] += now[s] * p,
                        None => {}
                    }
                }
            }
            now = next;
            pmf.push(got);
        }
        let mean = m[0] / h[0];
        (h[0], mean, q[0] / h[0] - mean * mean, pmf)
    }

    /// The pawns with a roll for which `leads` holds, given the pawns found
    /// so far, found until no more are.
    fn backwards(
        moves: &[Vec<(Option<usize>, f64, bool)>],
        leads: impl Fn(&(Option<usize>, f64, bool), &[bool]) -> bool,
    ) -> Vec<bool> {
        let mut can = vec![false; moves.len()];
        loop {
            let mut changed = false;
            for (s, row) in moves.iter().enumerate() {
                if !can[s] && row.iter().any(|m| leads(m, &can)) {
                    can[s] = true;
                    changed = true;
                }
            }
            if !changed {
                return can;
            }
        }
    }

    /// The expected number of rolls that hit in a whole game; `None` when
    /// some pawn reached cannot finish.
    fn times_oracle(explored: &Explored) -> Option<f64> {
        let moves = &explored.1;
        let n = moves.len();
        let can = backwards(moves, |&(j, _, _), can| j.is_none_or(|j| can[j]));
        if !can.iter().all(|&c| c) {
            return None;
        }
        let mut a = vec![vec![0.0; n + 1]; n];
        for s in 0..n {
            a[s][s] = 1.0;
            for &(j, p, h) in &moves[s] {
                if let Some(j) = j {
                    a[s][j] -= p;
                }
                if h {
                    a[s][n] += p;
                }
            }
        }
        Some(crate::markov::reference::gauss_jordan(a)[0])
    }

    /// The first passage's figures against the oracle's.
    fn assert_matches(hit: &Hitting, explored: &Explored, context: &str) -> usize {
        // Far enough that tails written down as geometric (after 32 rolls
        // at the soonest) are checked too.
        let (chance, mean, variance, pmf) = oracle(explored, 300);
        // Dense elimination loses digits as the waits grow long (some of
        // these boards wait tens of millions of rolls): the tolerance
        // grows with the mean, which bounds the system's conditioning.
        let slack = 1.0 + if mean.is_finite() { mean.abs() } else { 0.0 };
        assert!(
            (hit.chance - chance).abs() < 1e-9 * slack,
            "{context} against {chance}"
        );
        if chance < 1e-12 {
            assert_eq!(hit.mean, None, "{context}");
            return 0;
        }
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-7 * slack * b.abs().max(1.0);
        assert!(close(hit.mean.unwrap(), mean), "{context} against {mean}");
        assert!(
            close(hit.variance.unwrap(), variance),
            "{context} against {variance}"
        );
        for (t, &p) in pmf.iter().enumerate() {
            let ours = hit.pmf.get(t).copied().unwrap_or(0.0);
            assert!(
                (ours - p).abs() < 1e-12,
                "{context}: roll {t}: {ours} against {p}"
            );
        }
        let total: f64 = hit.pmf.iter().sum();
        assert!(
            (total + hit.unresolved - hit.chance).abs() <= 1e-9,
            "{context}"
        );
        if hit.is_complete() {
            assert!(hit.unresolved <= 1e-9, "{context}");
        } else {
            assert_eq!(hit.within(hit.pmf.len()), None, "{context}");
        }
        if hit.chance > 1.0 - 1e-12 { 2 } else { 1 }
    }

    /// A budget that cuts the distribution short after a few thousand
    /// rolls (some random games wait millions of rolls for a jump), and
    /// holds everything else on these boards.
    fn short() -> Control {
        Control::new(crate::limits::Budget {
            memory: 1 << 30,
            work: 20_000_000,
        })
    }

    /// A random game of up to 40 squares under any rule, bonus limits
    /// included.
    fn random_game(rng: &mut SplitMix64, case: usize) -> Option<Game> {
        let n = 4 + rng.below(36) as u32;
        let jumps = rng.below(10) as u32;
        let board = crate::sparse::testing::board(rng, n, jumps);
        let mut rules = crate::sparse::testing::rules(rng);
        if case.is_multiple_of(5) {
            rules = Rules {
                bonus: Some(Bonus::with_limit(1 + rng.below(3) as u32).unwrap()),
                ..rules
            };
        }
        Game::new(board, rules).ok()
    }

    #[test]
    fn hitting_matches_elimination_over_the_pawns_play_reaches() {
        let mut rng = SplitMix64::new(909);
        let (mut kinds, mut written) = ([0usize; 3], 0);
        for case in 0..500 {
            let Some(game) = random_game(&mut rng, case) else {
                continue;
            };
            let n = game.goal();
            // One to three squares a pawn rests on, now and then the last.
            let mut squares: Vec<u64> = (0..=rng.below(3))
                .map(|_| 1 + rng.below(u64::from(n)))
                .filter(|&s| game.rest(s as u32) == s as u32)
                .collect();
            if squares.is_empty() {
                squares.push(u64::from(n));
            }
            let target = Target::new(&game, squares.iter().map(|&s| (s, s))).unwrap();
            let hit = hitting_with(&game, &target, &short()).unwrap();
            let context = format!("{game:?} {squares:?}: {hit:?}");
            if target.squares().contains(&game.start()) {
                assert_eq!((hit.chance, hit.mean), (1.0, Some(0.0)), "{context}");
                continue;
            }
            let aimed = target.squares();
            let explored = explore(&game, &|pawn, v| {
                aimed.contains(&game.play(pawn, v).pawn.at)
            });
            kinds[assert_matches(&hit, &explored, &context)] += 1;
            written += usize::from(hit.error > 0.0);
        }
        // Never, sometimes and always all come up, and tails written down.
        assert!(kinds.iter().all(|&k| k > 30), "{kinds:?}");
        assert!(written > 100, "{written} tails written down");
    }

    #[test]
    fn via_matches_elimination_over_the_pawns_play_reaches() {
        let mut rng = SplitMix64::new(4726);
        let (mut kinds, mut counted) = ([0usize; 3], 0);
        for case in 0..500 {
            let Some(game) = random_game(&mut rng, case) else {
                continue;
            };
            let jumps: Vec<crate::board::Jump> = game.board().jumps().collect();
            if jumps.is_empty() {
                continue;
            }
            let jump = jumps[rng.below(jumps.len() as u64) as usize];
            let found = via_with(&game, jump, &short()).unwrap();
            let context = format!("{game:?} {jump:?}: {found:?}");
            let explored = explore(&game, &|pawn, v| {
                game.play(pawn, v)
                    .moved
                    .is_some_and(|m| game.jumps_taken(m.land).any(|s| s == jump.from))
            });
            kinds[assert_matches(&found.first, &explored, &context)] += 1;
            match (found.times, times_oracle(&explored)) {
                (Some(ours), Some(theirs)) => {
                    assert!(
                        (ours - theirs).abs() <= 1e-7 * theirs.max(1.0),
                        "{context}: {theirs}"
                    );
                    counted += 1;
                }
                (ours, theirs) => assert_eq!(ours, theirs, "{context}"),
            }
        }
        assert!(
            kinds.iter().all(|&k| k > 30) && counted > 100,
            "{kinds:?} {counted}"
        );
    }

    #[test]
    fn bad_targets_are_refused_with_the_fix() {
        let board = crate::Board::new(
            20,
            [
                crate::Jump { from: 4, to: 14 },
                crate::Jump { from: 17, to: 6 },
            ],
        )
        .unwrap();
        let game = Game::new(board.clone(), Rules::default()).unwrap();
        let e = Target::new(&game, [(4, 4)]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no pawn comes to rest on square 4: the ladder 4->14 starts there and carries it on to square 14; aim at square 14 instead"
        );
        let e = Target::new(&game, [(21, 21)]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "square 21 is off the board: the squares are 1 to 20"
        );
        assert!(matches!(
            Target::new(&game, [(0, 3)]),
            Err(TargetError::OffBoard { .. })
        ));
        assert_eq!(Target::new(&game, []), Err(TargetError::Empty));
        // A range leaves out the starts of jumps in it.
        assert_eq!(Target::new(&game, [(3, 5)]).unwrap().squares(), [3, 5]);
        let declinable = Game::new(
            board,
            Rules {
                optional: crate::Optional::All,
                ..Rules::default()
            },
        )
        .unwrap();
        assert_eq!(
            Target::new(&declinable, [(5, 5)]),
            Err(TargetError::Declinable)
        );
        let runs = Target::new(&game, [(9, 9), (7, 8), (7, 7), (12, 12)])
            .unwrap()
            .runs();
        assert_eq!(runs, [(7, 9), (12, 12)]);
    }

    #[test]
    fn squares_are_read_as_people_write_them() {
        assert_eq!(
            squares_from("50..52,80, 90").unwrap(),
            [(50, 52), (80, 80), (90, 90)]
        );
        assert_eq!(squares_from("7-9").unwrap(), [(7, 9)]);
        assert_eq!(
            squares_from("3,x").unwrap_err().to_string(),
            "cannot read the squares \"3,x\" at character 3: write squares and ranges separated by commas, as 50..60,80"
        );
        assert!(matches!(
            squares_from("9..3"),
            Err(TargetError::Syntax { at: 1, .. })
        ));
        assert!(squares_from("").is_err());
    }

    /// An empty board of 100 squares, exact finish, aimed at the last
    /// square: the game's own length, 33.0476190476 rolls on average.
    #[test]
    fn the_last_square_as_target_is_the_game() {
        let game = Game::new(crate::Board::new(100, []).unwrap(), Rules::default()).unwrap();
        let hit = hitting(&game, &Target::new(&game, [(100, 100)]).unwrap()).unwrap();
        let stats = crate::markov::stats(&game).unwrap();
        assert!((hit.chance - 1.0).abs() < 1e-12);
        assert!((hit.mean.unwrap() - 33.047_619_047_6).abs() < 1e-9);
        assert!((hit.variance.unwrap() - stats.variance.unwrap()).abs() < 1e-6);
        assert_eq!(hit.median(), stats.distribution.median());
    }
}
