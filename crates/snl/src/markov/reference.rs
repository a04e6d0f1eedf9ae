//! Plain textbook solvers for the expected game length, kept as independent
//! checks of the fast one (tests and benchmarks compare them).
//!
//! They share nothing with the engines but the board and the rules as
//! given: the move of one roll is written here again from the rules' own
//! words, not taken from [`Game::play`]; the states are numbered here;
//! each solver builds its own chain from that move, finds for itself the
//! states the pawn can reach and whether each can still finish, and solves
//! by the textbook method. A fault in the game's move, in the
//! fast solvers' chain, or in the sweep that finds their active states, is
//! not repeated here.

use crate::game::{Game, Unit};
use crate::rules::Finish;

/// The largest number of chain states [`dense_mean`] accepts: its work grows
/// with the cube of the board.
pub const DENSE_MAX_STATES: usize = 4000;

/// One roll of the game as the rules say it, apart from the engines.
struct Textbook {
    /// The last square.
    goal: u32,
    /// Where the pawn stands before its first roll, and goes back to when a
    /// bonus limit is broken.
    start: u32,
    /// Where the jump from each square leads, `u32::MAX` where none starts.
    jump: Vec<u32>,
    chain: bool,
    finish: Finish,
    /// The value that earns another roll, with the bonus rule.
    top: Option<u32>,
    /// The tops in a row that send the pawn back to the start.
    limit: Option<u32>,
    /// How many streaks play apart: 1 without the bonus rule, the limit
    /// with one, 2 without (a turn's first roll, or any later one).
    streaks: u32,
}

impl Textbook {
    fn new(game: &Game) -> Textbook {
        let (board, rules) = (game.board(), game.rules());
        let goal = board.squares();
        let mut jump = vec![u32::MAX; goal as usize + 1];
        for j in board.jumps() {
            jump[j.from as usize] = j.to;
        }
        let limit = rules.bonus_limit().map(std::num::NonZeroU32::get);
        Textbook {
            goal,
            start: rules.start.position(),
            jump,
            chain: rules.chain,
            finish: rules.finish,
            top: rules.bonus.map(|_| rules.die.max()),
            limit,
            streaks: match (rules.bonus, limit) {
                (None, _) => 1,
                (Some(_), None) => 2,
                (Some(_), Some(n)) => n,
            },
        }
    }

    /// The number of states: every square, each with every streak.
    fn states(&self) -> usize {
        (self.goal as usize + 1) * self.streaks as usize
    }

    /// The state of a pawn on `at` that has rolled `streak` tops in a row
    /// this turn.
    fn state(&self, at: u32, streak: u32) -> usize {
        (at * self.streaks + streak.min(self.streaks - 1)) as usize
    }

    /// Where a roll of `roll` takes a pawn on `at` with `streak` tops in a
    /// row behind it, and its streak after. The `limit`th top in a row goes
    /// back to the start and ends the turn. Otherwise the pawn counts
    /// `roll` squares on; past the last square it stays put (an exact
    /// finish), stops on it (a pass), or walks back from it (a bounce, and
    /// forward again from square 1 when the die is larger than the board).
    /// It then takes the jump from where it lands, and with chaining on the
    /// jump from where that leads, until it reaches a square where none
    /// starts. A top earns another roll unless the game is over.
    fn roll(&self, at: u32, streak: u32, roll: u32) -> (u32, u32) {
        let top = self.top == Some(roll);
        if top && self.limit.is_some_and(|n| streak + 1 >= n) {
            return (self.start, 0);
        }
        let goal = i64::from(self.goal);
        let mut to = i64::from(at) + i64::from(roll);
        let mut moved = true;
        if to > goal {
            match self.finish {
                Finish::Exact => {
                    to = i64::from(at);
                    moved = false;
                }
                Finish::Pass => to = goal,
                Finish::Bounce if goal == 1 => to = 1,
                Finish::Bounce => {
                    while to > goal || to < 1 {
                        to = if to > goal { 2 * goal - to } else { 2 - to };
                    }
                }
            }
        }
        let mut to = to as u32;
        if moved && self.jump[to as usize] != u32::MAX {
            to = self.jump[to as usize];
            while self.chain && self.jump[to as usize] != u32::MAX {
                to = self.jump[to as usize];
            }
        }
        let again = top && to != self.goal;
        (to, if again { streak + 1 } else { 0 })
    }
}

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
    fn new(book: &Textbook, game: &Game) -> Option<Plain> {
        let s = book.streaks as usize;
        let n = book.states();
        let (rolls, prob): (Vec<u32>, Vec<f64>) =
            game.rules().die.chances().filter(|&(_, p)| p > 0.0).unzip();
        let at_goal = |k: usize| k / s == book.goal as usize;
        let mut target = Vec::with_capacity(n * rolls.len());
        let turn = (0..n).map(|k| k % s == 0).collect();
        for k in 0..n {
            let (at, streak) = ((k / s) as u32, (k % s) as u32);
            for &roll in &rolls {
                target.push(if at_goal(k) {
                    k as u32
                } else {
                    let (to, streak) = book.roll(at, streak, roll);
                    book.state(to, streak) as u32
                });
            }
        }
        let plain = Plain {
            target,
            prob,
            start: book.state(book.start, 0),
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
    let book = Textbook::new(game);
    if book.start == book.goal {
        return Some(0.0);
    }
    if book.states() > DENSE_MAX_STATES {
        return None;
    }
    let plain = Plain::new(&book, game)?;
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

/// Solves the square system held as the augmented rows `[A | b]` (each
/// row `n + 1` long) by Gauss–Jordan elimination with partial pivoting:
/// the textbook's `O(n³)`, for the tests' oracles on small chains.
pub fn gauss_jordan(mut a: Vec<Vec<f64>>) -> Vec<f64> {
    let n = a.len();
    for c in 0..n {
        let pivot = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap_or(c);
        a.swap(c, pivot);
        let row = a[c].clone();
        for (i, other) in a.iter_mut().enumerate() {
            if i != c && other[c] != 0.0 {
                let f = other[c] / row[c];
                for (x, y) in other[c..].iter_mut().zip(&row[c..]) {
                    *x -= f * y;
                }
            }
        }
    }
    (0..n).map(|s| a[s][n] / a[s][s]).collect()
}

/// The expected number of rolls by value iteration, `x ← 1 + Q x` from
/// `x = 0`, until no value changes by more than `tolerance` (relative) in a
/// sweep, for at most `max_sweeps` sweeps.
///
/// `None` when the game may never end or the iteration did not settle.
/// Each sweep adds the chance of lasting one more roll, so it needs about as
/// many sweeps as the longest games take rolls.
pub fn value_iteration_mean(game: &Game, tolerance: f64, max_sweeps: usize) -> Option<f64> {
    let book = Textbook::new(game);
    if book.start == book.goal {
        return Some(0.0);
    }
    let plain = Plain::new(&book, game)?;
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
