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
use super::distribution::TAIL;
use super::error::MarkovError;
use super::solve::{Keep, Rows, Solver};
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

/// The rolls until the pawn first rests on a target, from the start.
#[derive(Debug, Clone, PartialEq)]
pub struct Hitting {
    /// The chance that the pawn ever rests on one of the squares.
    pub chance: f64,
    /// The expected rolls until it first does, in the games where it
    /// does; `None` when none does.
    pub mean: Option<f64>,
    /// Their variance, in the same games.
    pub variance: Option<f64>,
    /// `pmf[t]`: the chance of first resting there on roll `t` (`t = 0`
    /// when the start is part of the target), followed until less than
    /// [`TAIL`] of the chance is still to come.
    pub pmf: Vec<f64>,
}

impl Hitting {
    /// The standard deviation of the rolls, in the games that get there.
    pub fn std_dev(&self) -> Option<f64> {
        self.variance.map(f64::sqrt)
    }

    /// The chance of resting on the target within `rolls` rolls.
    pub fn within(&self, rolls: usize) -> f64 {
        self.pmf.iter().take(rolls.saturating_add(1)).sum()
    }

    /// The fewest rolls within which the pawn has got there in a share
    /// `q` of the games that get there; `None` when none does.
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
        Some(self.pmf.len().saturating_sub(1))
    }

    /// The median rolls, in the games that get there.
    pub fn median(&self) -> Option<usize> {
        self.quantile(0.5)
    }

    /// The likeliest number of rolls; `None` when no game gets there.
    pub fn mode(&self) -> Option<usize> {
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
    let states = game.states().len() as u64;
    let faces = game.rules().die.faces().count() as u64;
    ctl.admit(
        "the rolls to the target",
        Estimate::new(
            states.saturating_mul(faces * 4 + BYTES_A_STATE),
            states.saturating_mul(faces * 8),
        ),
    )?;
    let chain = Chain::new(game, &mut ctl.meter())?;
    let start = chain.state(Pawn {
        at: game.start(),
        streak: 0,
    });
    let goal_aimed = target.squares.binary_search(&game.goal()).is_ok();
    let aimed = |k: usize| target.squares.binary_search(&chain.position(k)).is_ok();
    let aimed: Vec<bool> = (0..chain.states()).map(aimed).collect();
    if aimed[start] {
        return Ok(Hitting {
            chance: 1.0,
            mean: Some(0.0),
            variance: Some(0.0),
            pmf: vec![1.0],
        });
    }
    // A roll ends on the target: to an aimed state, or out of the game on
    // the last square when it is aimed at.
    let hits = |t: u32| {
        if t == EXIT {
            goal_aimed
        } else {
            aimed[t as usize]
        }
    };
    let live = live_states(&chain, start, &aimed, &hits, ctl)?;
    if !live[start] {
        return Ok(Hitting {
            chance: 0.0,
            mean: None,
            variance: None,
            pmf: vec![0.0],
        });
    }
    let rows = Unknowns {
        chain: &chain,
        live: &live,
    };
    let prob = chain.prob();
    let solver = Solver::new(&rows, 3, Keep::All, ctl)?;
    let h = solver.solve(
        prob,
        |k| {
            let mut p = 0.0;
            chain.each_target(k, |i, t| {
                if hits(t) {
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
    let variance = (s[start] / h[start] - mean * mean).max(0.0);
    if !mean.is_finite() {
        return Err(MarkovError::Overflow { unit: "rolls" });
    }
    let pmf = follow(&chain, start, &live, &hits, chance, ctl)?;
    Ok(Hitting {
        chance,
        mean: Some(mean),
        variance: Some(variance),
        pmf,
    })
}

/// The states the pawn can be in before it first rests on the target,
/// from which it still can: reached from `start` without passing a
/// target, and leading to one.
fn live_states(
    chain: &Chain,
    start: usize,
    aimed: &[bool],
    hits: &impl Fn(u32) -> bool,
    ctl: &Control,
) -> Result<Vec<bool>, LimitError> {
    let n = chain.states();
    let mut meter = ctl.meter();
    let mut reached = vec![false; n];
    reached[start] = true;
    let mut stack = vec![start];
    while let Some(k) = stack.pop() {
        meter.add(chain.faces() as u64)?;
        chain.each_target(k, |_, t| {
            if t != EXIT && !aimed[t as usize] && !reached[t as usize] {
                reached[t as usize] = true;
                stack.push(t as usize);
            }
        });
    }
    // Backwards from the rolls that hit, over the states reached.
    let preds = chain.predecessors(&ctl.cancel)?;
    let mut live = vec![false; n];
    for k in 0..n {
        if reached[k] && !live[k] {
            let mut hit = false;
            chain.each_target(k, |_, t| hit |= hits(t));
            if hit {
                live[k] = true;
                stack.push(k);
            }
        }
    }
    while let Some(k) = stack.pop() {
        meter.add(1)?;
        for &s in preds.sources(k) {
            let s = s as usize;
            if reached[s] && !live[s] {
                live[s] = true;
                stack.push(s);
            }
        }
    }
    Ok(live)
}

/// The chance of first resting on the target at each roll, followed from
/// `start` until less than [`TAIL`] of `chance` is still in play (a bound
/// on what is still to come).
fn follow(
    chain: &Chain,
    start: usize,
    live: &[bool],
    hits: &impl Fn(u32) -> bool,
    chance: f64,
    ctl: &Control,
) -> Result<Vec<f64>, LimitError> {
    let n = chain.states();
    let prob = chain.prob();
    let mut meter = ctl.meter();
    let mut now = vec![0.0; n];
    let mut next = vec![0.0; n];
    now[start] = 1.0;
    let mut pmf = vec![0.0];
    let active: Vec<u32> = (0..n).filter(|&k| live[k]).map(|k| k as u32).collect();
    let mut left = 1.0;
    while left > TAIL * chance {
        meter.add(active.len() as u64 * prob.len() as u64)?;
        let (mut hit, mut kept) = (0.0, 0.0);
        for &k in &active {
            let mass = std::mem::take(&mut now[k as usize]);
            if mass == 0.0 {
                continue;
            }
            chain.each_target(k as usize, |i, t| {
                let p = mass * prob[i];
                if hits(t) {
                    hit += p;
                } else if t != EXIT && live[t as usize] {
                    next[t as usize] += p;
                    kept += p;
                }
            });
        }
        std::mem::swap(&mut now, &mut next);
        pmf.push(hit);
        left = kept;
    }
    Ok(pmf)
}

/// `x = c + Q x` over the live states.
struct Unknowns<'a> {
    chain: &'a Chain,
    live: &'a [bool],
}

impl Rows for Unknowns<'_> {
    fn len(&self) -> usize {
        self.chain.states()
    }
    fn active(&self, k: usize) -> bool {
        self.live[k]
    }
    fn terms(&self, k: usize, out: &mut Vec<(Option<u32>, u16)>) {
        self.chain.each_target(k, |i, t| {
            let live = t != EXIT && self.live[t as usize];
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

    /// The chance, conditional mean and variance, and the first chances
    /// roll by roll, from the pawns `Game::play` reaches, by dense
    /// Gaussian elimination and a plain walk of the chances.
    // The names of the mathematics: h, m and s as in the module's notes.
    #[allow(clippy::many_single_char_names)]
    fn oracle(game: &Game, aimed: &[u32], rolls: usize) -> (f64, f64, f64, Vec<f64>) {
        let hit = |at: u32| aimed.contains(&at);
        let start = Pawn {
            at: game.start(),
            streak: 0,
        };
        let faces: Vec<(u32, f64)> = game.rules().die.chances().collect();
        let mut index: HashMap<Pawn, usize> = HashMap::from([(start, 0)]);
        let mut pawns = vec![start];
        // (next state or None, hit, chance) for each state.
        let mut moves: Vec<Vec<(Option<usize>, bool, f64)>> = Vec::new();
        let mut k = 0;
        while k < pawns.len() {
            let mut row = Vec::new();
            for &(v, p) in &faces {
                let mut next = game.play(pawns[k], v).pawn;
                // Without a limit, every streak past none plays the same.
                next.streak = next.streak.min(game.streaks() - 1);
                if hit(next.at) {
                    row.push((None, true, p));
                } else if next.at == game.goal() {
                    row.push((None, false, p));
                } else {
                    let n = pawns.len();
                    let j = *index.entry(next).or_insert(n);
                    if j == n {
                        pawns.push(next);
                    }
                    row.push((Some(j), false, p));
                }
            }
            moves.push(row);
            k += 1;
        }
        let n = pawns.len();
        let mut can = vec![false; n];
        loop {
            let mut changed = false;
            for s in 0..n {
                if !can[s]
                    && moves[s]
                        .iter()
                        .any(|&(j, h, _)| h || j.is_some_and(|j| can[j]))
                {
                    can[s] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let solve = |rhs: &dyn Fn(usize) -> f64| -> Vec<f64> {
            let mut a = vec![vec![0.0; n + 1]; n];
            for s in 0..n {
                a[s][s] = 1.0;
                if can[s] {
                    for &(j, _, p) in &moves[s] {
                        if let Some(j) = j.filter(|&j| can[j]) {
                            a[s][j] -= p;
                        }
                    }
                    a[s][n] = rhs(s);
                }
            }
            crate::markov::reference::gauss_jordan(a)
        };
        let h = solve(&|s| moves[s].iter().filter(|m| m.1).map(|m| m.2).sum());
        let m = solve(&|s| h[s]);
        let q = solve(&|s| 2.0 * m[s] - h[s]);
        let mut now = vec![0.0; n];
        now[0] = 1.0;
        let mut pmf = vec![0.0];
        for _ in 0..rolls {
            let mut next = vec![0.0; n];
            let mut got = 0.0;
            for s in 0..n {
                for &(j, h, p) in &moves[s] {
                    match j {
                        Some(j) => next[j] += now[s] * p,
                        None if h => got += now[s] * p,
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

    #[test]
    fn hitting_matches_elimination_over_the_pawns_play_reaches() {
        let mut rng = SplitMix64::new(909);
        let mut kinds = [0usize; 3];
        for case in 0..500 {
            let n = 4 + rng.below(36) as u32;
            let jumps = rng.below(10) as u32;
            let board = crate::sparse::testing::board(&mut rng, n, jumps);
            let mut rules = crate::sparse::testing::rules(&mut rng);
            if case % 5 == 0 {
                rules = Rules {
                    bonus: Some(Bonus::with_limit(1 + rng.below(3) as u32).unwrap()),
                    ..rules
                };
            }
            let Ok(game) = Game::new(board, rules) else {
                continue;
            };
            // One to three squares a pawn rests on, now and then the last.
            let mut squares: Vec<u64> = (0..=rng.below(3))
                .map(|_| 1 + rng.below(u64::from(n)))
                .filter(|&s| game.rest(s as u32) == s as u32)
                .collect();
            if squares.is_empty() {
                squares.push(u64::from(n));
            }
            let target = Target::new(&game, squares.iter().map(|&s| (s, s))).unwrap();
            let hit = hitting(&game, &target).unwrap();
            let (chance, mean, variance, pmf) = oracle(&game, target.squares(), 60);
            let context = format!("{game:?} {squares:?}: {hit:?}");
            if target.squares().contains(&game.start()) {
                assert_eq!((hit.chance, hit.mean), (1.0, Some(0.0)), "{context}");
                continue;
            }
            assert!(
                (hit.chance - chance).abs() < 1e-9,
                "{context} against {chance}"
            );
            kinds[match hit.chance {
                0.0 => 0,
                c if c > 1.0 - 1e-12 => 2,
                _ => 1,
            }] += 1;
            if chance < 1e-12 {
                assert_eq!(hit.mean, None, "{context}");
                continue;
            }
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-7 * b.abs().max(1.0);
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
            assert!((total - hit.chance).abs() <= 1e-9, "{context}");
        }
        // Never, sometimes and always all come up.
        assert!(kinds.iter().all(|&k| k > 30), "{kinds:?}");
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
