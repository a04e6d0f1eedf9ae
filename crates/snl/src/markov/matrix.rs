//! The game's Markov chain as matrices, for people who work with them: the
//! transition matrix `P`, and the fundamental matrix `N = (I − Q)⁻¹` of an
//! absorbing chain.
//!
//! # The states
//!
//! The rows and columns are the chain's states as [`Game::states`] numbers
//! them: state `k` is position `k / s` with `k % s` top values rolled in a
//! row this turn, where `s` is [`Game::streaks`] (1 without the bonus
//! rule). Without bonus rolls, then, state `k` *is* square `k`, and state
//! 0 is the position off the board (where a pawn starts under
//! [`Start::OffBoard`](crate::Start::OffBoard); under the default start it
//! is a state no game visits). Every position has its states, the feet of
//! ladders and snakes too: a pawn never rests there, so no move leads to
//! them from another state and their columns are zero (but for a roll lost
//! from there), and their rows are the moves from them as if it did, which
//! keeps the numbering the board's.
//!
//! The goal's first state (the last square, no top value rolled) absorbs:
//! its row is 1 on itself. Every move that reaches the goal leads there,
//! and the goal's other states (under the bonus rule) lead there with
//! chance 1. All states before the goal's, `0..transient()`, are the
//! transient ones, so `Q` is the top-left block `P[..t, ..t]` and the
//! fundamental matrix is indexed by the same numbers.
//!
//! An entry is a weight of the die over its total ([`Die::total`]): the
//! chance exactly, as a fraction, and in floating point as the weight
//! divided by the total. Faces that lead to the same state are added.
//!
//! # Cost
//!
//! The transition matrix is sparse: a row holds at most one entry a face
//! of the die, and [`estimate`] is linear in the board. Written out dense
//! it has states² entries ([`dense_estimate`]), and the fundamental
//! matrix, dense by nature, takes about t³ steps to invert
//! ([`fundamental_estimate`]): a few hundred squares are instant, a few
//! thousand take a minute, and the budget refuses more.
//!
//! ```
//! use snl::{Board, Game, Jump, Rules};
//!
//! let board = Board::new(10, [Jump { from: 4, to: 9 }, Jump { from: 8, to: 2 }])?;
//! let game = Game::new(board, Rules::default())?;
//! let p = snl::markov::transition_matrix(&game)?;
//! assert_eq!(p.states(), 11); // squares 0 to 10
//! // Every row adds up to the die's total weight: its chances add up to 1.
//! for k in 0..p.states() {
//!     assert_eq!(p.row(k).map(|(_, w)| w).sum::<u64>(), p.total());
//! }
//! // The mean from the fundamental matrix is the mean of the game length.
//! let n = snl::markov::fundamental_matrix(&game)?;
//! let mean = snl::markov::expected_rolls(&game)?.unwrap();
//! assert!((n.expected_rolls()[game.start() as usize] - mean).abs() < 1e-9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Die::total`]: crate::Die::total

use super::chain::{Chain, EXIT};
use crate::game::{Game, Pawn, States};
use crate::limits::{self, Control, Estimate, LimitError};

/// The transition matrix of a game's Markov chain, in compressed sparse
/// rows: the entries of row `k` are `indptr[k]..indptr[k + 1]` of
/// `indices` (their columns, increasing) and `weights` (their chances
/// times [`TransitionMatrix::total`]). See the [module](self) for the
/// numbering of the states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransitionMatrix {
    numbering: States,
    start: usize,
    absorbing: usize,
    indptr: Vec<usize>,
    indices: Vec<u32>,
    weights: Vec<u64>,
    total: u64,
}

impl TransitionMatrix {
    /// The number of states: the matrix is this many rows by this many
    /// columns.
    pub fn states(&self) -> usize {
        self.indptr.len() - 1
    }

    /// The numbering of the states (position and streak of each).
    pub fn numbering(&self) -> States {
        self.numbering
    }

    /// The state a game starts in.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The absorbing state: the last square, at the start of a turn.
    pub fn absorbing(&self) -> usize {
        self.absorbing
    }

    /// The number of transient states, `t`: the states `0..t`, every one
    /// before the goal's, are the rows and columns of `Q` and of the
    /// fundamental matrix.
    pub fn transient(&self) -> usize {
        self.absorbing
    }

    /// The start of each row in [`indices`](Self::indices) and
    /// [`weights`](Self::weights), and their length last: `states() + 1`
    /// numbers.
    pub fn indptr(&self) -> &[usize] {
        &self.indptr
    }

    /// The column of each entry, row by row, increasing within a row.
    pub fn indices(&self) -> &[u32] {
        &self.indices
    }

    /// The weight of each entry: its chance times [`total`](Self::total).
    pub fn weights(&self) -> &[u64] {
        &self.weights
    }

    /// The die's total weight, the denominator of every entry.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The number of entries above zero.
    pub fn nonzeros(&self) -> usize {
        self.indices.len()
    }

    /// The chance of each entry in floating point, in the order of
    /// [`weights`](Self::weights): the weight divided by the total,
    /// correctly rounded.
    pub fn probabilities(&self) -> Vec<f64> {
        let total = self.total as f64;
        self.weights.iter().map(|&w| w as f64 / total).collect()
    }

    /// Row `k`: `(column, weight)` for each entry above zero, by column.
    ///
    /// # Panics
    ///
    /// When `k` is not a state.
    pub fn row(&self, k: usize) -> impl Iterator<Item = (usize, u64)> + '_ {
        let span = self.indptr[k]..self.indptr[k + 1];
        self.indices[span.clone()]
            .iter()
            .zip(&self.weights[span])
            .map(|(&j, &w)| (j as usize, w))
    }

    /// Every entry above zero as `(row, column, weight)`, row by row: the
    /// matrix as triplets (coordinate form).
    pub fn triplets(&self) -> impl Iterator<Item = (usize, usize, u64)> + '_ {
        (0..self.states()).flat_map(move |k| self.row(k).map(move |(j, w)| (k, j, w)))
    }

    /// The pawn of state `k`.
    pub fn pawn(&self, k: usize) -> Pawn {
        self.numbering.pawn(k)
    }
}

/// The memory and work of [`transition_matrix`]: the chain's table of
/// moves while the rows are gathered, then a column and a weight an entry
/// (at most one a face) and a row pointer a state.
pub fn estimate(game: &Game) -> Estimate {
    let states = game.positions() as f64 * f64::from(game.streaks());
    let faces = game.rules().die.values().count() as f64;
    Estimate::from_f64(states * (faces * (4.0 + 12.0) + 8.0), states * faces * 6.0)
}

/// The memory and work of the transition matrix written out in full,
/// states × states numbers of 8 bytes: what a dense array of it holds,
/// and the cells a dense text form writes.
pub fn dense_estimate(game: &Game) -> Estimate {
    let states = game.positions() as f64 * f64::from(game.streaks());
    Estimate::from_f64(states * states * 8.0, states * states)
}

/// The entries of the transition matrix written out in full: its states
/// squared (saturating), what a dense text form writes one by one.
pub fn dense_entries(game: &Game) -> u64 {
    let states = game.positions() as u64 * u64::from(game.streaks());
    states.saturating_mul(states)
}

/// The memory and work of [`fundamental_matrix`]: the transient states
/// squared, 8 bytes each, held once, and an inversion of about t³
/// multiply-adds.
pub fn fundamental_estimate(game: &Game) -> Estimate {
    let t = transient_states(game) as f64;
    Estimate::from_f64(t * t * 8.0 + t * 16.0, t * t * t).and(estimate(game))
}

fn transient_states(game: &Game) -> usize {
    (game.goal() as usize) * game.streaks() as usize
}

/// The transition matrix of `game`'s chain (see the [module](self)).
///
/// # Errors
///
/// [`LimitError::Alloc`] when its tables cannot be allocated, or
/// [`LimitError::Size`] when the chain's states cannot be numbered.
pub fn transition_matrix(game: &Game) -> Result<TransitionMatrix, LimitError> {
    transition_matrix_with(game, &Control::default())
}

/// [`transition_matrix`] under a [`Control`]: refused up front when
/// [`estimate`] is over the budget, stopped when the token is set.
///
/// # Errors
///
/// As [`transition_matrix`], and [`LimitError`] when refused or stopped.
pub fn transition_matrix_with(game: &Game, ctl: &Control) -> Result<TransitionMatrix, LimitError> {
    super::cost::chain_fits(game)?;
    ctl.admit("the transition matrix", estimate(game))?;
    let meter = &mut ctl.meter();
    let chain = Chain::new(game, meter)?;
    let numbering = chain.index;
    let absorbing = numbering.index(Pawn {
        at: game.goal(),
        streak: 0,
    });
    let start = numbering.index(Pawn {
        at: game.start(),
        streak: 0,
    });
    let n = chain.states();
    let faces = chain.faces();
    let mut indptr = limits::with_capacity(n + 1, "the transition matrix's rows")?;
    let mut indices = limits::with_capacity(n * faces, "the transition matrix's entries")?;
    let mut weights = limits::with_capacity(n * faces, "the transition matrix's entries")?;
    indptr.push(0);
    let mut row: Vec<(u32, u64)> = Vec::with_capacity(faces);
    for k in 0..n {
        meter.add(faces as u64 * 2)?;
        row.clear();
        if k == absorbing {
            row.push((k as u32, chain.total));
        } else {
            for (&t, &w) in chain.row(k).iter().zip(&chain.weights) {
                row.push((if t == EXIT { absorbing as u32 } else { t }, w));
            }
            row.sort_unstable_by_key(|&(j, _)| j);
        }
        // Faces that lead to one state are one entry.
        let first = indices.len();
        for &(j, w) in &row {
            if indices.len() > first && indices.last() == Some(&j) {
                *weights.last_mut().expect("beside its index") += w;
            } else {
                indices.push(j);
                weights.push(w);
            }
        }
        indptr.push(indices.len());
    }
    Ok(TransitionMatrix {
        numbering,
        start,
        absorbing,
        indptr,
        indices,
        weights,
        total: chain.total,
    })
}

/// The fundamental matrix `N = (I − Q)⁻¹` of a game's absorbing chain:
/// `N[i][j]` is the expected number of rolls made from transient state `j`
/// in a game from state `i`, so that the sum of row `i` is the expected
/// number of rolls from `i`. Its rows and columns are the transient states
/// `0..t` of the [`TransitionMatrix`], numbered as there.
#[derive(Debug, Clone, PartialEq)]
pub struct FundamentalMatrix {
    size: usize,
    start: usize,
    values: Vec<f64>,
}

impl FundamentalMatrix {
    /// The number of transient states, `t`: the matrix is `t` × `t`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The transient state a game starts in; `None` when the game starts
    /// on the last square, where nothing is transient.
    pub fn start(&self) -> Option<usize> {
        (self.start < self.size).then_some(self.start)
    }

    /// The entries, row by row (`t * t` numbers).
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    /// Row `i`.
    ///
    /// # Panics
    ///
    /// When `i` is not a transient state.
    pub fn row(&self, i: usize) -> &[f64] {
        &self.values[i * self.size..(i + 1) * self.size]
    }

    /// The expected number of rolls from each transient state: the sums of
    /// the rows, `N · 1`.
    pub fn expected_rolls(&self) -> Vec<f64> {
        (0..self.size).map(|i| self.row(i).iter().sum()).collect()
    }

    /// The expected number of rolls from the start: the sum of the start's
    /// row (0 when the game starts on the last square).
    pub fn mean(&self) -> f64 {
        self.start().map_or(0.0, |s| self.row(s).iter().sum())
    }
}

/// Why the fundamental matrix could not be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FundamentalError {
    /// A transient state cannot reach the last square, so `I − Q` is
    /// singular: the chain is not absorbing (a game from there never
    /// ends).
    #[error(
        "the fundamental matrix does not exist on this board: from state {state} ({}) the last square cannot be reached, so I - Q is singular; the transition matrix is still there",
        where_is(*.pawn)
    )]
    Stuck {
        /// The first such state.
        state: usize,
        /// Its position and streak.
        pawn: Pawn,
    },
    /// The inversion lost every digit in floating point (a pivot came out
    /// zero, or a number left floating point): the board's chances are too
    /// far apart.
    #[error(
        "the fundamental matrix cannot be computed accurately in floating point on this board: its chances are too far apart and its games too long"
    )]
    Inaccurate,
    /// Refused over the budget, stopped, or out of memory.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

fn where_is(pawn: Pawn) -> String {
    let at = if pawn.at == 0 {
        "off the board".to_string()
    } else {
        format!("square {}", pawn.at)
    };
    match pawn.streak {
        0 => at,
        n => format!(
            "{at}, {}",
            crate::words::plural(u64::from(n), "top value rolled", "top values rolled")
        ),
    }
}

/// The fundamental matrix of `game`'s chain, by Gauss–Jordan elimination
/// of `I − Q` with partial pivoting, in floating point.
///
/// # Errors
///
/// [`FundamentalError::Stuck`] when some transient state cannot reach the
/// last square; [`FundamentalError::Inaccurate`] when the elimination loses
/// every digit; [`FundamentalError::Limit`] when a table cannot be
/// allocated.
pub fn fundamental_matrix(game: &Game) -> Result<FundamentalMatrix, FundamentalError> {
    fundamental_matrix_with(game, &Control::default())
}

/// [`fundamental_matrix`] under a [`Control`]: refused up front when
/// [`fundamental_estimate`] is over the budget, stopped when the token is
/// set.
///
/// # Errors
///
/// As [`fundamental_matrix`].
pub fn fundamental_matrix_with(
    game: &Game,
    ctl: &Control,
) -> Result<FundamentalMatrix, FundamentalError> {
    ctl.admit("the fundamental matrix", fundamental_estimate(game))?;
    let p = transition_matrix_with(game, ctl)?;
    let t = p.transient();
    let chain_live = {
        let chain = Chain::new(game, &mut ctl.meter())?;
        chain.live(ctl)?
    };
    if let Some(k) = (0..t).find(|&k| !chain_live[k]) {
        return Err(FundamentalError::Stuck {
            state: k,
            pawn: p.pawn(k),
        });
    }
    let mut a = limits::vec_of(t * t, 0.0f64, "the fundamental matrix")?;
    let total = p.total as f64;
    for i in 0..t {
        a[i * t + i] = 1.0;
        for (j, w) in p.row(i) {
            if j < t {
                a[i * t + j] -= w as f64 / total;
            }
        }
    }
    invert(&mut a, t, ctl)?;
    // Every entry of N is an expected count, 0 or more. An entry that is 0
    // (a state the row's cannot reach) comes out of the elimination as a
    // rounding error either side of it, and is set to 0; one further below
    // means the digits are lost.
    for row in a.chunks_mut(t.max(1)) {
        let scale: f64 = row.iter().map(|v| v.abs()).sum();
        for v in row {
            if !v.is_finite() || *v < -1e-9 * scale {
                return Err(FundamentalError::Inaccurate);
            }
            *v = v.max(0.0);
        }
    }
    Ok(FundamentalMatrix {
        size: t,
        start: p.start,
        values: a,
    })
}

/// Inverts the `t` × `t` matrix `a` (row by row) in place: Gauss–Jordan
/// elimination with partial pivoting, the row swaps undone on the columns
/// at the end.
fn invert(a: &mut [f64], t: usize, ctl: &Control) -> Result<(), FundamentalError> {
    let meter = &mut ctl.meter();
    let mut pivots = Vec::with_capacity(t);
    let mut pivot_row = vec![0.0; t];
    for k in 0..t {
        meter.add((t * t) as u64)?;
        let p = (k..t)
            .max_by(|&x, &y| a[x * t + k].abs().total_cmp(&a[y * t + k].abs()))
            .expect("k < t");
        if a[p * t + k] == 0.0 {
            return Err(FundamentalError::Inaccurate);
        }
        if p != k {
            for j in 0..t {
                a.swap(p * t + j, k * t + j);
            }
        }
        pivots.push(p);
        let inv = 1.0 / a[k * t + k];
        a[k * t + k] = 1.0;
        for v in &mut a[k * t..(k + 1) * t] {
            *v *= inv;
        }
        pivot_row.copy_from_slice(&a[k * t..(k + 1) * t]);
        for i in (0..t).filter(|&i| i != k) {
            let f = a[i * t + k];
            if f == 0.0 {
                continue;
            }
            a[i * t + k] = 0.0;
            for (v, &q) in a[i * t..(i + 1) * t].iter_mut().zip(&pivot_row) {
                *v -= f * q;
            }
        }
    }
    for (k, &p) in pivots.iter().enumerate().rev() {
        if p != k {
            for i in 0..t {
                a.swap(i * t + p, i * t + k);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
// The matrices are named as in the textbooks: P, Q, N, and t states.
#[allow(clippy::many_single_char_names)]
mod tests {
    use super::*;
    use crate::game::tests::game;
    use crate::rules::{Bonus, Die, Finish, Rules, Start};

    #[test]
    fn two_squares_by_hand() {
        // From square 1 a d6 must show 1 to finish: P = [[., .], [5/6 on
        // itself, 1/6 to the goal]]; row 0 (off the board) moves to 1 or 2.
        let g = game(2, &[], Rules::default());
        let p = transition_matrix(&g).unwrap();
        assert_eq!((p.states(), p.transient(), p.absorbing()), (3, 2, 2));
        assert_eq!(p.start(), 1);
        assert_eq!(p.total(), 6);
        let rows: Vec<Vec<(usize, u64)>> = (0..3).map(|k| p.row(k).collect()).collect();
        assert_eq!(rows[1], vec![(1, 5), (2, 1)]);
        assert_eq!(rows[2], vec![(2, 6)]);
        let n = fundamental_matrix(&g).unwrap();
        assert_eq!(n.size(), 2);
        assert!((n.mean() - 6.0).abs() < 1e-12);
        assert!((n.row(1)[1] - 6.0).abs() < 1e-12);
    }

    #[test]
    fn jumps_have_empty_columns_and_the_goal_absorbs() {
        let g = game(10, &[(4, 9), (8, 2)], Rules::default());
        let p = transition_matrix(&g).unwrap();
        // No move from elsewhere leads to a jump's foot (a roll lost from
        // there keeps the pawn on it).
        assert!(p.triplets().all(|(i, j, _)| (j != 4 && j != 8) || i == j));
        assert_eq!(p.row(10).collect::<Vec<_>>(), vec![(10, 6)]);
        assert_eq!(p.indptr().len(), 12);
        assert_eq!(*p.indptr().last().unwrap(), p.nonzeros());
        // From square 3 a 1 lands on the ladder to 9 and a 6 on 9 itself:
        // one entry of weight 2.
        assert!(p.row(3).any(|(j, w)| j == 9 && w == 2));
        let probs = p.probabilities();
        assert_eq!(probs.len(), p.nonzeros());
        assert!(probs.iter().all(|&x| x > 0.0 && x <= 1.0));
    }

    #[test]
    fn bonus_states_are_numbered_as_the_chain() {
        let rules = Rules {
            bonus: Some(Bonus::with_limit(3).unwrap()),
            ..Rules::default()
        };
        let g = game(12, &[(3, 9)], rules);
        let p = transition_matrix(&g).unwrap();
        assert_eq!(p.states(), 13 * 3);
        assert_eq!(p.absorbing(), 36);
        assert_eq!(p.transient(), 36);
        assert_eq!(p.pawn(14), Pawn { at: 4, streak: 2 });
        // The goal's other streaks lead to its first.
        assert_eq!(p.row(37).collect::<Vec<_>>(), vec![(36, 6)]);
        let n = fundamental_matrix(&g).unwrap();
        let mean = crate::markov::expected_rolls(&g).unwrap().unwrap();
        assert!((n.mean() - mean).abs() < 1e-9 * mean);
    }

    #[test]
    fn the_inverse_is_an_inverse() {
        let rules = Rules {
            die: Die::weighted(vec![3, 0, 1, 2]).unwrap(),
            finish: Finish::Bounce,
            start: Start::OffBoard,
            ..Rules::default()
        };
        let g = game(
            30,
            &[(3, 17), (17, 12), (9, 2), (14, 25), (24, 5), (21, 1)],
            rules,
        );
        let p = transition_matrix(&g).unwrap();
        let n = fundamental_matrix(&g).unwrap();
        let t = n.size();
        // (I - Q) N = I.
        for i in 0..t {
            for j in 0..t {
                let mut v = n.row(i)[j];
                for (k, w) in p.row(i).filter(|&(k, _)| k < t) {
                    v -= w as f64 / p.total() as f64 * n.row(k)[j];
                }
                let want = if i == j { 1.0 } else { 0.0 };
                assert!((v - want).abs() < 1e-9, "({i}, {j}): {v}");
            }
        }
    }

    #[test]
    fn a_trap_has_no_fundamental_matrix() {
        // Every square a d6 reaches from 1 leads back to 1.
        let jumps: Vec<(u32, u32)> = (2..=7).map(|s| (s, 1)).collect();
        let g = game(10, &jumps, Rules::default());
        assert!(transition_matrix(&g).is_ok());
        let err = fundamental_matrix(&g).unwrap_err();
        assert!(
            matches!(err, FundamentalError::Stuck { state: 0, .. }),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            "the fundamental matrix does not exist on this board: from state 0 (off the board) the last square cannot be reached, so I - Q is singular; the transition matrix is still there"
        );
    }

    #[test]
    fn budgets_refuse_the_inversion() {
        let g = game(5_000, &[], Rules::default());
        let ctl = Control::new(limits::Budget::DEFAULT);
        let err = fundamental_matrix_with(&g, &ctl).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("the fundamental matrix would take about 2.1 minutes of work"),
            "{err}"
        );
        assert!(transition_matrix_with(&g, &ctl).is_ok());
        assert!(!dense_estimate(&game(100_000, &[], Rules::default())).fits(&ctl.budget));
    }

    #[test]
    fn a_game_that_starts_finished() {
        let g = game(1, &[], Rules::default());
        let p = transition_matrix(&g).unwrap();
        assert_eq!((p.states(), p.transient(), p.start()), (2, 1, 1));
        let n = fundamental_matrix(&g).unwrap();
        assert_eq!((n.size(), n.start(), n.mean()), (1, None, 0.0));
    }
}
