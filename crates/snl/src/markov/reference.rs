//! Plain textbook solvers for the expected game length, kept as independent
//! checks of the fast one (tests and benchmarks compare them).
//!
//! They share the chain (built from [`Game::play`](crate::Game::play)) and
//! nothing else.

use super::active::Active;
use super::chain::EXIT;
use crate::game::Game;

/// The largest number of chain states [`dense_mean`] accepts: its work grows
/// with the cube of the board.
pub const DENSE_MAX_STATES: usize = 4000;

/// The expected number of rolls (or, with `by_turns`, turns) by dense
/// Gaussian elimination with partial pivoting on `I - Q`: `O(n³)`.
///
/// `None` when the game may never end, or when it has more than
/// [`DENSE_MAX_STATES`] states.
#[allow(clippy::many_single_char_names)] // the textbook's names
pub fn dense_mean(game: &Game, by_turns: bool) -> Option<f64> {
    if game.starts_finished() {
        return Some(0.0);
    }
    let a = Active::plain(game);
    if !a.start_live || a.stuck {
        return None;
    }
    let chain = &a.chain;
    if chain.states() > DENSE_MAX_STATES {
        return None;
    }
    // Number the active states 0..m.
    let mut index = vec![usize::MAX; chain.states()];
    let mut states = Vec::new();
    for k in (0..chain.states()).filter(|&k| a.solved[k]) {
        index[k] = states.len();
        states.push(k);
    }
    let m = states.len();
    // The augmented matrix [I - Q | c].
    let w = m + 1;
    let mut mat = vec![0.0; m * w];
    for (i, &k) in states.iter().enumerate() {
        mat[i * w + i] += 1.0;
        for (&t, &p) in chain.row(k).iter().zip(&chain.prob) {
            if t != EXIT && a.solved[t as usize] {
                mat[i * w + index[t as usize]] -= p;
            }
        }
        mat[i * w + m] = if !by_turns || chain.starts_turn(k) {
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
    Some(x[index[a.start]])
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
    let a = Active::plain(game);
    if !a.start_live || a.stuck {
        return None;
    }
    let chain = &a.chain;
    let n = chain.states();
    let mut x = vec![0.0; n];
    let mut next = vec![0.0; n];
    for _ in 0..max_sweeps {
        let mut change = 0.0f64;
        for k in (0..n).filter(|&k| a.solved[k]) {
            let mut v = 1.0;
            for (&t, &p) in chain.row(k).iter().zip(&chain.prob) {
                if t != EXIT && a.solved[t as usize] {
                    v += p * x[t as usize];
                }
            }
            change = change.max((v - x[k]).abs() / v);
            next[k] = v;
        }
        std::mem::swap(&mut x, &mut next);
        if change <= tolerance {
            return Some(x[a.start]);
        }
    }
    None
}
