//! The mean and variance of the game length while the jumps change a few at
//! a time: what a search over boards asks of every candidate.
//!
//! A roll does two things (see [`Game::step`]): it lands on a square, which
//! depends on the die, the finish rule and the bonus rule but not on the
//! jumps, and then the pawn comes to rest where the jumps take it
//! ([`Game::rest`]). So the chain's matrix of moves is `Q = F + L R`: `F` the
//! rolls that land nowhere (lost under an exact finish, or sent back to the
//! start by the bonus limit), `L` the chance of landing on each square
//! (with the bonus streak after the roll), and `R` the resting square of each
//! square. Changing the jump on one square changes where the squares that
//! led there come to rest, from one square to another: one row of `R`, or a
//! few under chaining, all moving the same way. That changes `Q` by a matrix
//! of rank one (per bonus streak), and the Sherman–Morrison–Woodbury formula
//! turns the inverse of `I − Q`, kept whole, into the candidate's mean and
//! variance from a handful of its entries: no solve at all.
//!
//! With `N = (I − Q)⁻¹`, the means are `x = N·1` and the second moments
//! `y = N(2x − 1)`. A change `Q' = Q + U Vᵀ` (`U` the chances of landing on
//! the changed squares, `V` the difference of their old and new resting
//! states) has `N' = N + N U C⁻¹ Vᵀ N` with `C = I − Vᵀ N U`, a matrix of the
//! rank's size. With `A = N U`, `D = N² U` and `w = C⁻¹ Vᵀx`, the means are
//! `x' = x + A w` and the second moments `y' = y + 2 D w + A z` with
//! `z = C⁻¹ Vᵀ(y + 2 D w)`. The start's figures need `A` and `D` at the
//! start and at the changed resting states alone, a few dozen products
//! ([`Incremental::try_rests`]); taking the change ([`Incremental::commit`])
//! updates all of `N`, `N²`, `x` and `y`, about `3n²` products a column for
//! `n` states.
//!
//! By the matrix determinant lemma `det C = det(I − Q') / det(I − Q)`, and
//! `det(I − Q)` is positive for every chain in which each state can reach
//! the goal: a `C` that is singular, or nearly, is a candidate where some
//! state cannot, and [`Incremental::try_rests`] answers `None` for it.
//!
//! The update gives a candidate's figures as the current board's plus a
//! correction. Where the two nearly cancel (a ladder out of a near-trap
//! turns a mean of 10^5 rolls into 12), the digits lost are those of the
//! current board's figures, whose rounding grows with its mean: such a
//! candidate is worked out afresh instead, in `3n³` steps.
//!
//! `N` is dense, so this serves boards of up to [`MAX_STATES`] states; the
//! rounding of many updates is cleared by working `N` out afresh every so
//! many commits. The figures agree with [`super::moments`] to about 10⁻⁹
//! (tested on random boards under every rule, the mean also against
//! [`super::exact_mean`]).
//!
//! ```
//! use snl::markov::incremental::Incremental;
//! use snl::{Board, Game, Jump, Rules};
//!
//! let game = Game::new(Board::new(30, [Jump { from: 4, to: 20 }])?, Rules::default())?;
//! let mut inc = Incremental::new(&game, &Default::default())?.expect("no state is stuck");
//! assert!((inc.moments().mean.unwrap() - snl::markov::moments(&game, snl::Unit::Rolls)?.mean.unwrap()).abs() < 1e-9);
//!
//! // The ladder 4->20 becomes 4->25; the pawn landing on 4 now rests on 25.
//! let tried = inc.try_rests(&[(4, 25)]).expect("still no state is stuck");
//! let moved = Game::new(Board::new(30, [Jump { from: 4, to: 25 }])?, Rules::default())?;
//! let plain = snl::markov::moments(&moved, snl::Unit::Rolls)?;
//! assert!((tried.mean.unwrap() - plain.mean.unwrap()).abs() < 1e-9);
//! assert!((tried.variance.unwrap() - plain.variance.unwrap()).abs() < 1e-7);
//! inc.commit();
//! assert_eq!(inc.rest(4), 25);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::moments::Moments;
use crate::board::Board;
use crate::game::{Game, Pawn, States};
use crate::limits::{self, Control, Estimate, LimitError};

/// The most chain states [`Incremental`] takes: its inverse and the
/// inverse's square hold `n²` numbers each (16 MB here), worked out afresh
/// in `3n³` steps.
pub const MAX_STATES: usize = 1024;

/// How close to singular `C` may come (its determinant, the ratio of the
/// candidate's `det(I − Q)` to the current board's) before the candidate is
/// taken for one where a state cannot reach the goal. A real board so close
/// has games of billions of rolls.
const MIN_DETERMINANT: f64 = 1e-10;

/// How many digits a try may cancel before its figures are worked out
/// afresh instead: a candidate whose figures are far smaller than the
/// current board's (a ladder out of a near-trap turns a mean of 10^5 rolls
/// into 12) gets them as the difference of large numbers, each carrying
/// the current board's rounding, which grows with its mean. A try
/// is worked out afresh when the largest of the terms its mean and second
/// moment are summed from, over the figure, times the current board's mean,
/// is over this.
const CANCELLED: f64 = 1e6;

/// The most columns of `U` one try takes: changed resting squares times the
/// bonus streaks. A search changes one or two jumps at a time.
pub const MAX_RANK: usize = 16;

/// What one roll from a state does, apart from the jumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Roll {
    /// The game ends (the roll lands on the goal, where no jump starts).
    Ends,
    /// The pawn lands nowhere and is now in this state (a roll lost under
    /// an exact finish, or the bonus limit sending it back to the start).
    Fixed(u32),
    /// The pawn lands on this square, with this bonus streak after the roll,
    /// and comes to rest where the jumps take it.
    Lands(u32, u32),
}

/// The mean and variance of the number of rolls from the start of a game,
/// kept up to date while the jumps change (see the [module](self)).
#[derive(Debug, Clone)]
pub struct Incremental {
    /// The numbering of the states (positions and bonus streaks).
    states: States,
    /// The states that are not the goal's: `0..n`.
    n: usize,
    goal: u32,
    /// The start state.
    start: usize,
    /// The chance of each face of the die.
    prob: Vec<f64>,
    /// `rolls[k * faces + i]`: face `i` from state `k`.
    rolls: Vec<Roll>,
    /// For each square `t < goal`, the rolls that land on it:
    /// `landing[by_square[t]..by_square[t + 1]]`, each a source state, the
    /// streak after the roll, and its chance.
    by_square: Vec<u32>,
    landing: Vec<(u32, u32, f64)>,
    /// Where a pawn landing on each square `0..=goal` comes to rest now.
    rest: Vec<u32>,
    /// `N = (I − Q)⁻¹`, `n × n`, by rows.
    inv: Vec<f64>,
    /// `N²`, by rows.
    square: Vec<f64>,
    /// The expected rolls from each state.
    x: Vec<f64>,
    /// The expected square of the rolls from each state.
    y: Vec<f64>,
    /// What the last try worked out, for [`Incremental::commit`].
    pending: Option<Pending>,
    /// Commits since `N` was last worked out afresh.
    commits: usize,
}

/// One column of `U Vᵀ`: the rolls that land on squares whose rest moves
/// from `old` to `new`, arriving with bonus streak `streak`.
#[derive(Debug, Clone)]
struct Column {
    /// The state that loses the rolls, `None` for the goal.
    old: Option<usize>,
    /// The state that gains them.
    new: Option<usize>,
    /// `U`'s entries: source state and chance.
    u: Vec<(u32, f64)>,
}

/// A tried change, with its factors.
#[derive(Debug, Clone)]
struct Pending {
    /// The squares whose rest changes, and their new rest.
    rests: Vec<(u32, u32)>,
    columns: Vec<Column>,
    /// `C⁻¹`, `r × r` by rows.
    c_inv: Vec<f64>,
    /// `Vᵀ N² U`, `r × r` by rows.
    vd: Vec<f64>,
    w: Vec<f64>,
    z: Vec<f64>,
    /// The candidate's inverse, means and second moments worked out
    /// afresh, where the update cancelled too many digits ([`CANCELLED`]):
    /// committed whole.
    fresh: Option<Box<Incremental>>,
}

impl Incremental {
    /// The evaluator for `game`, its inverse worked out from scratch: `None`
    /// when some state cannot reach the goal (then `I − Q` is singular), or
    /// when the game is over before it starts (a one-square board).
    ///
    /// # Errors
    ///
    /// [`LimitError::Size`] for a chain of more than [`MAX_STATES`] states;
    /// [`LimitError::Memory`] or [`LimitError::Work`] when its
    /// [`estimate`](Incremental::estimate) is over the budget; a stop by the
    /// token.
    pub fn new(game: &Game, ctl: &Control) -> Result<Option<Incremental>, LimitError> {
        let states = game.states();
        let goal = game.goal();
        let streaks = states.streaks() as usize;
        let n = goal as usize * streaks;
        if states.len() > MAX_STATES {
            return Err(LimitError::Size {
                what: "the incremental evaluator's chain",
                size: states.len() as u64,
                max: MAX_STATES as u64,
            });
        }
        ctl.admit("the incremental evaluator", Incremental::estimate(game))?;
        let die = &game.rules().die;
        let faces: Vec<u32> = die.values().collect();
        let prob: Vec<f64> = die.chances().map(|(_, p)| p).collect();
        // The landings are the moves of the same rules on a board without
        // jumps: there a pawn rests where it lands, and the streak after a
        // roll is the one `Game::play` gives whatever the jumps (a roll that
        // lands on the goal ends the game on any board).
        let bare = Game::new(
            Board::empty(goal).expect("the game's own size is a board size"),
            game.rules().clone(),
        )
        .expect("a board without jumps has no circle of them");
        let mut rolls = Vec::with_capacity(n * faces.len());
        for k in 0..n {
            let pawn = states.pawn(k);
            for &v in &faces {
                let played = bare.play(pawn, v);
                rolls.push(match played.moved {
                    Some(m) if m.land == goal => Roll::Ends,
                    // Streaks past the last one told apart play alike.
                    Some(m) => Roll::Lands(m.land, played.pawn.streak.min(streaks as u32 - 1)),
                    None if played.pawn.at == goal => Roll::Ends,
                    None => Roll::Fixed(states.index(played.pawn) as u32),
                });
            }
        }
        let mut by_square = vec![0u32; goal as usize + 1];
        for r in &rolls {
            if let Roll::Lands(t, _) = *r {
                by_square[t as usize] += 1;
            }
        }
        let mut sum = 0u32;
        for c in &mut by_square {
            sum += *c;
            *c = sum - *c;
        }
        by_square.push(sum);
        let mut landing = vec![(0, 0, 0.0); sum as usize];
        let mut fill = by_square.clone();
        for (i, r) in rolls.iter().enumerate() {
            if let Roll::Lands(t, streak) = *r {
                let slot = &mut fill[t as usize];
                landing[*slot as usize] = ((i / faces.len()) as u32, streak, prob[i % faces.len()]);
                *slot += 1;
            }
        }
        let mut inc = Incremental {
            states,
            n,
            goal,
            start: states.index(Pawn {
                at: game.start(),
                streak: 0,
            }),
            prob,
            rolls,
            by_square,
            landing,
            rest: (0..=goal).map(|s| game.rest(s)).collect(),
            inv: limits::vec_of(n * n, 0.0, "the incremental evaluator's inverse")?,
            square: limits::vec_of(n * n, 0.0, "the incremental evaluator's inverse squared")?,
            x: vec![0.0; n],
            y: vec![0.0; n],
            pending: None,
            commits: 0,
        };
        if game.starts_finished() || !inc.refresh(ctl)? {
            return Ok(None);
        }
        Ok(Some(inc))
    }

    /// The memory and work of [`Incremental::new`] for `game`: the inverse,
    /// its square and the matrix they are worked out from (`n²` numbers
    /// each), the elimination and the product (`3n³` steps), and the tables
    /// of rolls beside them.
    pub fn estimate(game: &Game) -> Estimate {
        let n = f64::from(game.goal()) * f64::from(game.streaks());
        let faces = game.rules().die.values().count() as f64;
        Estimate::from_f64(
            n * n * 24.0 + n * faces * 32.0,
            3.0 * n * n * n + n * faces * 8.0,
        )
    }

    /// The number of states the evaluator solves over (the goal's left
    /// out): the inverse has this many squared.
    pub fn states(&self) -> usize {
        self.n
    }

    /// Where a pawn landing on `square` comes to rest on the current board.
    pub fn rest(&self, square: u32) -> u32 {
        self.rest[square as usize]
    }

    /// The mean and variance of the number of rolls from the start on the
    /// current board.
    pub fn moments(&self) -> Moments {
        let mean = self.x[self.start];
        let variance = (self.y[self.start] - mean * mean).max(0.0);
        Moments {
            mean: Some(mean),
            variance: Some(variance),
            std_dev: Some(variance.sqrt()),
            never: 0.0,
        }
    }

    /// The state of a pawn resting on `square` with `streak`; `None` for
    /// the goal, which ends the game.
    #[inline]
    fn column(&self, square: u32, streak: u32) -> Option<usize> {
        (square != self.goal).then(|| self.states.index(Pawn { at: square, streak }))
    }

    /// The mean and variance on the board where each `(square, rest)` of
    /// `rests` makes a pawn landing on `square` come to rest on `rest`
    /// instead (the squares whose rest stays are skipped): `None` when on
    /// that board some state cannot reach the goal, or is so close to it
    /// that floating point cannot tell. The board itself is not changed
    /// until [`Incremental::commit`].
    ///
    /// Without chaining a square's rest is the end of its jump, or the
    /// square itself; with chaining it is [`Game::rest`] of the changed
    /// board, for every square a jump starts on.
    ///
    /// # Panics
    ///
    /// When a square or a rest is past the goal, when a square is the goal
    /// (no jump starts there) or is given twice, or when the change spans
    /// more than [`MAX_RANK`] columns.
    #[allow(clippy::many_single_char_names)] // the formula's names: N, U, V, C, A, D
    pub fn try_rests(&mut self, rests: &[(u32, u32)]) -> Option<Moments> {
        self.pending = None;
        let mut changed: Vec<(u32, u32)> = rests
            .iter()
            .copied()
            .filter(|&(t, r)| {
                assert!(
                    t < self.goal && r <= self.goal,
                    "square {t} or rest {r} off the board"
                );
                self.rest[t as usize] != r
            })
            .collect();
        changed.sort_unstable();
        assert!(
            changed.windows(2).all(|w| w[0].0 != w[1].0),
            "a square given twice"
        );
        let columns = self.columns(&changed);
        let r = columns.len();
        if r == 0 {
            // Nothing changed, or no roll lands on the changed squares
            // (they are past every roll's reach): the figures stay.
            self.pending = Some(Pending {
                rests: changed,
                columns,
                c_inv: Vec::new(),
                vd: Vec::new(),
                w: Vec::new(),
                z: Vec::new(),
                fresh: None,
            });
            return Some(self.moments());
        }
        let n = self.n;
        // `A = N U` and `D = N² U` on the rows asked for: the start and each
        // column's old and new states.
        let rows = |m: &[f64], i: Option<usize>, out: &mut [f64]| {
            for (o, col) in out.iter_mut().zip(&columns) {
                *o = match i {
                    None => 0.0,
                    Some(i) => {
                        let row = &m[i * n..(i + 1) * n];
                        col.u.iter().map(|&(k, p)| row[k as usize] * p).sum()
                    }
                };
            }
        };
        // `Vᵀ A`, `Vᵀ D`, `Vᵀ x` and `Vᵀ y`, a row a column.
        let (mut va, mut vd) = (vec![0.0; r * r], vec![0.0; r * r]);
        let (mut vx, mut vy) = (vec![0.0; r], vec![0.0; r]);
        let (mut old_row, mut new_row) = (vec![0.0; r], vec![0.0; r]);
        let value = |v: &[f64], i: Option<usize>| i.map_or(0.0, |i| v[i]);
        for (ci, col) in columns.iter().enumerate() {
            for (m, out) in [(&self.inv, &mut va), (&self.square, &mut vd)] {
                rows(m, col.old, &mut old_row);
                rows(m, col.new, &mut new_row);
                for j in 0..r {
                    out[ci * r + j] = new_row[j] - old_row[j];
                }
            }
            vx[ci] = value(&self.x, col.new) - value(&self.x, col.old);
            vy[ci] = value(&self.y, col.new) - value(&self.y, col.old);
        }
        let c: Vec<f64> = (0..r * r)
            .map(|i| if i % (r + 1) == 0 { 1.0 } else { 0.0 } - va[i])
            .collect();
        let (c_inv, det) = invert(&c, r)?;
        if det.is_nan() || det < MIN_DETERMINANT {
            return None;
        }
        let w = mul(&c_inv, &vx, r);
        let vdw = mul(&vd, &w, r);
        let rhs: Vec<f64> = vy.iter().zip(&vdw).map(|(y, d)| y + 2.0 * d).collect();
        let z = mul(&c_inv, &rhs, r);
        let (mut a0, mut d0) = (vec![0.0; r], vec![0.0; r]);
        rows(&self.inv, Some(self.start), &mut a0);
        rows(&self.square, Some(self.start), &mut d0);
        let terms_of_mean = [self.x[self.start], dot(&a0, &w)];
        let terms_of_second = [self.y[self.start], 2.0 * dot(&d0, &w), dot(&a0, &z)];
        let mean: f64 = terms_of_mean.iter().sum();
        let second: f64 = terms_of_second.iter().sum();
        if !(mean.is_finite() && second.is_finite()) || mean < 0.0 {
            return None;
        }
        let largest = |terms: &[f64]| terms.iter().fold(0.0f64, |m, t| m.max(t.abs()));
        let cancelled = (largest(&terms_of_mean) / mean).max(largest(&terms_of_second) / second);
        if cancelled.is_nan() || cancelled * self.x[self.start].max(1.0) > CANCELLED {
            return self.try_afresh(changed);
        }
        let variance = (second - mean * mean).max(0.0);
        self.pending = Some(Pending {
            rests: changed,
            columns,
            c_inv,
            vd,
            w,
            z,
            fresh: None,
        });
        Some(Moments {
            mean: Some(mean),
            variance: Some(variance),
            std_dev: Some(variance.sqrt()),
            never: 0.0,
        })
    }

    /// [`Incremental::try_rests`] worked out afresh (`3n³` steps) on a copy
    /// with the new rests, for a change whose update cancelled too many
    /// digits ([`CANCELLED`]).
    fn try_afresh(&mut self, changed: Vec<(u32, u32)>) -> Option<Moments> {
        let mut fresh = self.clone();
        fresh.pending = None;
        for &(t, rest) in &changed {
            fresh.rest[t as usize] = rest;
        }
        // The work was admitted with the evaluator (a refresh is part of
        // it); nothing stops it but a singular matrix.
        if !matches!(fresh.refresh(&Control::default()), Ok(true)) {
            return None;
        }
        let moments = fresh.moments();
        self.pending = Some(Pending {
            rests: changed,
            columns: Vec::new(),
            c_inv: Vec::new(),
            vd: Vec::new(),
            w: Vec::new(),
            z: Vec::new(),
            fresh: Some(Box::new(fresh)),
        });
        Some(moments)
    }

    /// The columns of `U Vᵀ` for the squares whose rest changes: one per
    /// (old rest, new rest, streak after the roll).
    ///
    /// # Panics
    ///
    /// When there are more than [`MAX_RANK`] of them.
    fn columns(&self, changed: &[(u32, u32)]) -> Vec<Column> {
        let mut keys: Vec<(u32, u32, u32)> = Vec::new();
        let mut columns: Vec<Column> = Vec::new();
        for &(t, new) in changed {
            let old = self.rest[t as usize];
            let span = self.by_square[t as usize] as usize..self.by_square[t as usize + 1] as usize;
            for &(k, streak, p) in &self.landing[span] {
                let key = (old, new, streak);
                let c = if let Some(c) = keys.iter().position(|&q| q == key) {
                    c
                } else {
                    assert!(
                        keys.len() < MAX_RANK,
                        "a change of more than {MAX_RANK} columns"
                    );
                    keys.push(key);
                    columns.push(Column {
                        old: self.column(old, streak),
                        new: self.column(new, streak),
                        u: Vec::new(),
                    });
                    keys.len() - 1
                };
                columns[c].u.push((k, p));
            }
        }
        columns
    }

    /// The mean and variance on `game`, a board of the same size under the
    /// same rules, as [`Incremental::try_rests`] on every square whose rest
    /// differs.
    ///
    /// # Panics
    ///
    /// As [`Incremental::try_rests`], and when `game` is of another size.
    pub fn try_game(&mut self, game: &Game) -> Option<Moments> {
        assert_eq!(game.goal(), self.goal, "a board of another size");
        let rests: Vec<(u32, u32)> = (0..self.goal)
            .map(|s| (s, game.rest(s)))
            .filter(|&(s, r)| self.rest[s as usize] != r)
            .collect();
        self.try_rests(&rests)
    }

    /// Makes the last tried change the current board: `N`, the means and
    /// the second moments updated in about `n²` steps each column. Nothing
    /// happens when the last try answered `None`, or there was none.
    #[allow(clippy::many_single_char_names)] // the formula's names: N, U, V, C, A, D
    pub fn commit(&mut self) {
        let Some(p) = self.pending.take() else {
            return;
        };
        if let Some(fresh) = p.fresh {
            *self = *fresh;
            return;
        }
        for &(t, rest) in &p.rests {
            self.rest[t as usize] = rest;
        }
        let r = p.columns.len();
        if r == 0 {
            return;
        }
        let n = self.n;
        // A = N U and D = N² U, whole.
        let mut a = vec![0.0; n * r];
        let mut d = vec![0.0; n * r];
        for (c, col) in p.columns.iter().enumerate() {
            for &(k, pr) in &col.u {
                let k = k as usize;
                for i in 0..n {
                    a[i * r + c] += self.inv[i * n + k] * pr;
                    d[i * r + c] += self.square[i * n + k] * pr;
                }
            }
        }
        // B = Vᵀ N and E = Vᵀ N², before either changes.
        let differences = |m: &[f64]| {
            let mut out = vec![0.0; r * n];
            for (c, col) in p.columns.iter().enumerate() {
                let row = &mut out[c * n..(c + 1) * n];
                if let Some(new) = col.new {
                    row.copy_from_slice(&m[new * n..(new + 1) * n]);
                }
                if let Some(old) = col.old {
                    for (o, v) in row.iter_mut().zip(&m[old * n..(old + 1) * n]) {
                        *o -= v;
                    }
                }
            }
            out
        };
        let b = differences(&self.inv);
        let e = differences(&self.square);
        // N' = N + G B with G = A C⁻¹; and, as N G = D C⁻¹ and
        // B G = Vᵀ D C⁻¹, N'² = N² + H B + G E with H = (D + G Vᵀ D) C⁻¹.
        let times_c_inv = |m: &[f64], i: usize, out: &mut [f64]| {
            for (c, o) in out.iter_mut().enumerate() {
                *o = (0..r).map(|j| m[i * r + j] * p.c_inv[j * r + c]).sum();
            }
        };
        let (mut g, mut h) = (vec![0.0; r], vec![0.0; r]);
        let mut dg = vec![0.0; n * r];
        for i in 0..n {
            times_c_inv(&a, i, &mut g);
            for c in 0..r {
                dg[i * r + c] = d[i * r + c] + (0..r).map(|j| g[j] * p.vd[j * r + c]).sum::<f64>();
            }
            times_c_inv(&dg, i, &mut h);
            let row = &mut self.inv[i * n..(i + 1) * n];
            add_rows(row, &g, &b, n);
            let row = &mut self.square[i * n..(i + 1) * n];
            add_rows(row, &h, &b, n);
            add_rows(row, &g, &e, n);
            let (ai, di) = (&a[i * r..(i + 1) * r], &d[i * r..(i + 1) * r]);
            self.x[i] += dot(ai, &p.w);
            self.y[i] += 2.0 * dot(di, &p.w) + dot(ai, &p.z);
        }
        self.commits += 1;
        // A refresh costs about n commits; one every 4n keeps it a fifth
        // of the work, and the rounding far below the figures' 10⁻⁹.
        if self.commits >= (4 * n).max(256) {
            // The rounding of many updates, cleared. The board is the one
            // just committed, whose every state reached the goal when tried.
            let fresh = self.refresh(&Control::default());
            debug_assert!(matches!(fresh, Ok(true)), "a committed board went singular");
        }
    }

    /// Works out `N`, the means and the second moments afresh from the
    /// rolls and the current rests; `false` when `I − Q` is singular (some
    /// state cannot reach the goal).
    fn refresh(&mut self, ctl: &Control) -> Result<bool, LimitError> {
        self.commits = 0;
        self.pending = None;
        let n = self.n;
        let faces = self.prob.len();
        let mut m = limits::vec_of(n * n, 0.0, "the incremental evaluator's matrix")?;
        for k in 0..n {
            m[k * n + k] += 1.0;
            for (i, &p) in self.prob.iter().enumerate() {
                let to = match self.rolls[k * faces + i] {
                    Roll::Ends => None,
                    Roll::Fixed(s) => Some(s as usize),
                    Roll::Lands(t, streak) => self.column(self.rest[t as usize], streak),
                };
                if let Some(j) = to {
                    m[k * n + j] -= p;
                }
            }
        }
        if !self.all_live() || !gauss_jordan(&mut m, &mut self.inv, n, ctl)? {
            return Ok(false);
        }
        // N² by rows: row i of N times N, a row of N at a time.
        let mut meter = ctl.meter();
        for i in 0..n {
            meter.add(n as u64 * n as u64)?;
            let out = &mut self.square[i * n..(i + 1) * n];
            out.fill(0.0);
            for k in 0..n {
                let v = self.inv[i * n + k];
                if v != 0.0 {
                    for (o, q) in out.iter_mut().zip(&self.inv[k * n..(k + 1) * n]) {
                        *o += v * q;
                    }
                }
            }
        }
        for i in 0..n {
            self.x[i] = self.inv[i * n..(i + 1) * n].iter().sum();
        }
        for i in 0..n {
            let row = &self.inv[i * n..(i + 1) * n];
            self.y[i] = row
                .iter()
                .zip(&self.x)
                .map(|(v, x)| v * (2.0 * x - 1.0))
                .sum();
        }
        Ok(true)
    }
}

impl Incremental {
    /// Whether every state can reach the goal on the current board: sweeps
    /// from the top down until nothing changes, a state being live when one
    /// of its rolls ends the game or leads to a live state.
    fn all_live(&self) -> bool {
        let faces = self.prob.len();
        let mut live = vec![false; self.n];
        loop {
            let mut changed = false;
            for k in (0..self.n).rev() {
                if live[k] {
                    continue;
                }
                let reaches = (0..faces).any(|i| {
                    self.prob[i] > 0.0
                        && match self.rolls[k * faces + i] {
                            Roll::Ends => true,
                            Roll::Fixed(s) => live[s as usize],
                            Roll::Lands(t, streak) => self
                                .column(self.rest[t as usize], streak)
                                .is_none_or(|j| live[j]),
                        }
                });
                if reaches {
                    live[k] = true;
                    changed = true;
                }
            }
            if !changed {
                return live.iter().all(|&l| l);
            }
        }
    }
}

/// `row += Σ_c coef[c] · m[c]` for the rows `m[c]` of length `n`.
fn add_rows(row: &mut [f64], coef: &[f64], m: &[f64], n: usize) {
    for (c, &k) in coef.iter().enumerate() {
        if k != 0.0 {
            for (o, &v) in row.iter_mut().zip(&m[c * n..(c + 1) * n]) {
                *o += k * v;
            }
        }
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

/// `m v` for an `r × r` matrix by rows.
fn mul(m: &[f64], v: &[f64], r: usize) -> Vec<f64> {
    (0..r).map(|i| dot(&m[i * r..(i + 1) * r], v)).collect()
}

/// The inverse of a small `r × r` matrix and its determinant, by
/// Gauss–Jordan elimination with partial pivoting; `None` when a pivot is
/// zero.
#[allow(clippy::many_single_char_names)] // the formula's names: N, U, V, C, A, D
fn invert(c: &[f64], r: usize) -> Option<(Vec<f64>, f64)> {
    let mut m = c.to_vec();
    let mut out = vec![0.0; r * r];
    for i in 0..r {
        out[i * r + i] = 1.0;
    }
    let mut det = 1.0;
    for col in 0..r {
        let pivot =
            (col..r).max_by(|&a, &b| m[a * r + col].abs().total_cmp(&m[b * r + col].abs()))?;
        if m[pivot * r + col] == 0.0 {
            return None;
        }
        if pivot != col {
            for j in 0..r {
                m.swap(col * r + j, pivot * r + j);
                out.swap(col * r + j, pivot * r + j);
            }
            det = -det;
        }
        let d = m[col * r + col];
        det *= d;
        for j in 0..r {
            m[col * r + j] /= d;
            out[col * r + j] /= d;
        }
        for row in 0..r {
            let f = m[row * r + col];
            if row != col && f != 0.0 {
                for j in 0..r {
                    m[row * r + j] -= f * m[col * r + j];
                    out[row * r + j] -= f * out[col * r + j];
                }
            }
        }
    }
    Some((out, det))
}

/// `inv = m⁻¹` for the `n × n` matrix `m` by rows (destroyed), by
/// Gauss–Jordan elimination with partial pivoting; `false` when `m` is
/// singular. `I − Q` is weakly diagonally dominant by rows, so a pivot far
/// below its row's scale means a singular matrix, not a bad ordering.
#[allow(clippy::many_single_char_names)] // the formula's names: N, U, V, C, A, D
fn gauss_jordan(
    m: &mut [f64],
    inv: &mut [f64],
    n: usize,
    ctl: &Control,
) -> Result<bool, LimitError> {
    inv.fill(0.0);
    for i in 0..n {
        inv[i * n + i] = 1.0;
    }
    let mut meter = ctl.meter();
    for col in 0..n {
        meter.add((n * n) as u64)?;
        let Some(pivot) =
            (col..n).max_by(|&a, &b| m[a * n + col].abs().total_cmp(&m[b * n + col].abs()))
        else {
            return Ok(false);
        };
        if m[pivot * n + col].abs() < 1e-12 {
            return Ok(false);
        }
        if pivot != col {
            for j in 0..n {
                m.swap(col * n + j, pivot * n + j);
                inv.swap(col * n + j, pivot * n + j);
            }
        }
        let d = m[col * n + col];
        for j in 0..n {
            m[col * n + j] /= d;
            inv[col * n + j] /= d;
        }
        let (pivot_m, pivot_inv) = (
            m[col * n..(col + 1) * n].to_vec(),
            inv[col * n..(col + 1) * n].to_vec(),
        );
        for row in 0..n {
            let f = m[row * n + col];
            if row == col || f == 0.0 {
                continue;
            }
            for (o, v) in m[row * n..(row + 1) * n].iter_mut().zip(&pivot_m) {
                *o -= f * v;
            }
            for (o, v) in inv[row * n..(row + 1) * n].iter_mut().zip(&pivot_inv) {
                *o -= f * v;
            }
        }
    }
    Ok(true)
}
