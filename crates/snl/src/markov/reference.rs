//! Plain textbook solvers for the expected game length, kept as independent
//! checks of the fast one (tests and benchmarks compare them).
//!
//! They share the successor function, [`Game::play`], and nothing else:
//! each builds its own chain of states from it, finds for itself the states
//! the pawn can reach and whether each can still finish, and solves by the
//! textbook method. A fault in the fast solvers' chain, or in the sweep that
//! finds their active states, is not repeated here.

use crate::game::{Game, Pawn, Unit};

/// The largest number of chain states [`dense_mean`] accepts: its work grows
/// with the cube of the board.
pub const DENSE_MAX_STATES: usize = 4000;

/// A game's chain as the textbook has it: every state's successors with
/// their chances, and the states the pawn can reach before the goal.
struct Plain {
    /// The state after each face of the die, `faces` entries a state (the
    /// goal's states, which end the game, lead nowhere and are never read).
    target: Vec<u32>,
    /// The chance of each face.
    prob: Vec<f64>,
    /// The state the pawn starts in.
    start: usize,
    /// The states the pawn can reach from the start, the goal's left out.
    reached: Vec<usize>,
    /// Whether a turn starts in each state (no top value rolled in it yet).
    turn: Vec<bool>,
}

impl Plain {
    /// The chain of `game`; `None` when a state the pawn can reach cannot
    /// reach the goal, so that the game may never end.
    fn new(game: &Game) -> Option<Plain> {
        let states = game.states();
        let n = states.len();
        let goal = game.goal();
        let (rolls, prob): (Vec<u32>, Vec<f64>) =
            game.rules().die.chances().filter(|&(_, p)| p > 0.0).unzip();
        let at_goal = |k: usize| states.pawn(k).at == goal;
        let mut target = Vec::with_capacity(n * rolls.len());
        let turn = (0..n).map(|k| states.pawn(k).streak == 0).collect();
        for k in 0..n {
            let pawn = states.pawn(k);
            for &roll in &rolls {
                target.push(if at_goal(k) {
                    k as u32
                } else {
                    states.index(game.play(pawn, roll).pawn) as u32
                });
            }
        }
        let plain = Plain {
            target,
            prob,
            start: states.index(Pawn {
                at: game.start(),
                streak: 0,
            }),
            reached: Vec::new(),
            turn,
        };
        // Forward from the start: the states the pawn can reach.
        let mut seen = vec![false; n];
        seen[plain.start] = true;
        let mut todo = vec![plain.start];
        while let Some(k) = todo.pop() {
            if at_goal(k) {
                continue;
            }
            for (t, _) in plain.next(k) {
                if !std::mem::replace(&mut seen[t], true) {
                    todo.push(t);
                }
            }
        }
        // Backward from the goal: the states that can still finish.
        let mut before = vec![Vec::new(); n];
        for k in (0..n).filter(|&k| !at_goal(k)) {
            for (t, _) in plain.next(k) {
                before[t].push(k);
            }
        }
        let mut finishes: Vec<bool> = (0..n).map(at_goal).collect();
        let mut todo: Vec<usize> = (0..n).filter(|&k| finishes[k]).collect();
        while let Some(t) = todo.pop() {
            for &k in &before[t] {
                if !std::mem::replace(&mut finishes[k], true) {
                    todo.push(k);
                }
            }
        }
        if (0..n).any(|k| seen[k] && !finishes[k]) {
            return None;
        }
        let reached = (0..n).filter(|&k| seen[k] && !at_goal(k)).collect();
        Some(Plain { reached, ..plain })
    }

    /// The number of states.
    fn states(&self) -> usize {
        self.turn.len()
    }

    /// `(next state, chance)` for each face, from state `k`.
    fn next(&self, k: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let f = self.prob.len();
        self.target[k * f..(k + 1) * f]
            .iter()
            .zip(&self.prob)
            .map(|(&t, &p)| (t as usize, p))
    }
}

/// The expected number of rolls (or turns) by dense Gaussian elimination
/// with partial pivoting on `I - Q`: `O(n³)`.
///
/// `None` when the game may never end, or when it has more than
/// [`DENSE_MAX_STATES`] states.
#[allow(clippy::many_single_char_names)] // the textbook's names
pub fn dense_mean(game: &Game, unit: Unit) -> Option<f64> {
    if game.starts_finished() {
        return Some(0.0);
    }
    if game.states().len() > DENSE_MAX_STATES {
        return None;
    }
    let plain = Plain::new(game)?;
    // Number the states reached 0..m.
    let mut index = vec![usize::MAX; plain.states()];
    for (i, &k) in plain.reached.iter().enumerate() {
        index[k] = i;
    }
    let m = plain.reached.len();
    // The augmented matrix [I - Q | c].
    let w = m + 1;
    let mut mat = vec![0.0; m * w];
    for (i, &k) in plain.reached.iter().enumerate() {
        mat[i * w + i] += 1.0;
        for (t, p) in plain.next(k) {
            if index[t] != usize::MAX {
                mat[i * w + index[t]] -= p;
            }
        }
        mat[i * w + m] = if unit == Unit::Rolls || plain.turn[k] {
            1.0
        } else {
            0.0
        };
    }
    for col in 0..m {
        let pivot = (col..m)
            .max_by(|&r, &s| mat[r * w + col].abs().total_cmp(&mat[s * w + col].abs()))
            .expect("a column below the diagonal is not empty");
        if pivot != col {
            for j in 0..w {
                mat.swap(col * w + j, pivot * w + j);
            }
        }
        let d = mat[col * w + col];
        for r in col + 1..m {
            let f = mat[r * w + col] / d;
            if f != 0.0 {
                for j in col..w {
                    mat[r * w + j] -= f * mat[col * w + j];
                }
            }
        }
    }
    let mut x = vec![0.0; m];
    for r in (0..m).rev() {
        let mut v = mat[r * w + m];
        for j in r + 1..m {
            v -= mat[r * w + j] * x[j];
        }
        x[r] = v / mat[r * w + r];
    }
    Some(x[index[plain.start]])
}

/// The expected number of rolls by value iteration, `x ← 1 + Q x` from
/// `x = 0`, until no value changes by more than `tolerance` (relative) in a
/// sweep, for at most `max_sweeps` sweeps.
///
/// `None` when the game may never end or the iteration did not settle.
/// Each sweep adds the chance of lasting one more roll, so it needs about as
/// many sweeps as the longest games take rolls.
pub fn value_iteration_mean(game: &Game, tolerance: f64, max_sweeps: usize) -> Option<f64> {
    if game.starts_finished() {
        return Some(0.0);
    }
    let plain = Plain::new(game)?;
    let n = plain.states();
    let mut x = vec![0.0; n];
    let mut next = vec![0.0; n];
    for _ in 0..max_sweeps {
        let mut change = 0.0f64;
        for &k in &plain.reached {
            let mut v = 1.0;
            for (t, p) in plain.next(k) {
                v += p * x[t];
            }
            change = change.max((v - x[k]).abs() / v);
            next[k] = v;
        }
        std::mem::swap(&mut x, &mut next);
        if change <= tolerance {
            return Some(x[plain.start]);
        }
    }
    None
}
