//! Solving the chain's linear systems `x = c + Q x`.
//!
//! `Q` is the chance of going from one state to another in one roll. Rolls
//! move a pawn forward by at most the die's largest value, so `Q` is a band
//! plus the jumps. Eliminating the unknowns from the top square down, the
//! equation of a square refers only to squares above it (already expressed
//! in terms of unknowns below the sweep) and to a few squares below it: the
//! tails of snakes whose heads are above the sweep, bounces, and the start
//! for the bonus limit. Only those "open" unknowns are carried, so the work
//! is `O(states · faces · open)`: linear in the board for jumps of moderate
//! length, whatever the board's size. This is a frontal Gaussian
//! elimination in a fixed order; the matrix `I - Q` is an M-matrix, for
//! which elimination without pivoting is stable in any order.
//!
//! When many long snakes are open at once the cost grows with their number
//! squared, so above a work budget the solver switches to Gauss–Seidel
//! sweeps in the same top-down order, with a convergence check that reports
//! failure rather than a wrong number.

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::markov::MarkovError;

/// A row-indexed sparse system `x_k = c_k + Σ coef[face] · x_col`, solved by
/// eliminating unknowns from the highest index down.
pub(crate) trait Rows {
    /// The number of unknowns (some may be inactive).
    fn len(&self) -> usize;
    /// Whether unknown `k` takes part; inactive unknowns are 0.
    fn active(&self, k: usize) -> bool;
    /// The terms of row `k`: `Some(col)` for an active unknown, `None` for a
    /// transition out of the system (to an absorbing state), with the index
    /// of its coefficient.
    fn terms(&self, k: usize, out: &mut Vec<(Option<u32>, u16)>);
    /// Whether each row's coefficients, exits included, add up to 1. The
    /// pivots are then sums of chances rather than differences from 1,
    /// which keeps their precision when a state is nearly a trap.
    fn stochastic(&self) -> bool;
}

/// Numbers the elimination can run on: `f64`, and exact rationals.
pub(crate) trait Scalar: Clone {
    fn zero() -> Self;
    fn one() -> Self;
    fn is_zero(&self) -> bool;
    /// `self += a * b`.
    fn add_mul(&mut self, a: &Self, b: &Self);
    fn add(&mut self, a: &Self);
    fn sub(&self, a: &Self) -> Self;
    fn div(&self, d: &Self) -> Self;
    /// Whether `1 - self` would lose precision (never for exact numbers).
    fn is_large(&self) -> bool;
}

impl Scalar for f64 {
    fn zero() -> f64 {
        0.0
    }
    fn one() -> f64 {
        1.0
    }
    fn is_zero(&self) -> bool {
        *self == 0.0
    }
    #[inline]
    fn add_mul(&mut self, a: &f64, b: &f64) {
        *self += a * b;
    }
    fn add(&mut self, a: &f64) {
        *self += a;
    }
    fn sub(&self, a: &f64) -> f64 {
        self - a
    }
    fn div(&self, d: &f64) -> f64 {
        self / d
    }
    fn is_large(&self) -> bool {
        *self > 0.5
    }
}

impl Scalar for BigRational {
    fn zero() -> BigRational {
        Zero::zero()
    }
    fn one() -> BigRational {
        One::one()
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn add_mul(&mut self, a: &BigRational, b: &BigRational) {
        if !Zero::is_zero(a) && !Zero::is_zero(b) {
            *self += a * b;
        }
    }
    fn add(&mut self, a: &BigRational) {
        *self += a;
    }
    fn sub(&self, a: &BigRational) -> BigRational {
        self - a
    }
    fn div(&self, d: &BigRational) -> BigRational {
        self / d
    }
    fn is_large(&self) -> bool {
        false
    }
}

const NONE: u32 = u32::MAX;

/// The shape of the elimination, worked out before any arithmetic.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    /// `lo[j]`: the lowest active row below `j` that refers to `j`; `j`'s
    /// expression is kept until that row is eliminated.
    lo: Vec<u32>,
    /// The most unknowns open at once.
    open: usize,
    /// The most expressions kept at once.
    kept: usize,
    /// Arithmetic operations the elimination will take, roughly.
    pub work: f64,
}

/// The most arithmetic the frontal elimination may take before the solver
/// prefers Gauss–Seidel: a few seconds.
pub(crate) const FRONTAL_BUDGET: f64 = 4e9;

impl Plan {
    pub fn new(rows: &impl Rows) -> Plan {
        let n = rows.len();
        let mut hi = vec![NONE; n];
        let mut lo = vec![NONE; n];
        let mut terms = Vec::new();
        let mut width = 0usize;
        let mut count = 0usize;
        for k in 0..n {
            if !rows.active(k) {
                continue;
            }
            count += 1;
            terms.clear();
            rows.terms(k, &mut terms);
            width = width.max(terms.len());
            for &(t, _) in &terms {
                let Some(t) = t else { continue };
                let (t, k32) = (t as usize, k as u32);
                if t < k && (hi[t] == NONE || hi[t] < k32) {
                    hi[t] = k32;
                }
                if t > k && (lo[t] == NONE || lo[t] > k32) {
                    lo[t] = k32;
                }
            }
        }
        // `j` is open while rows hi[j] down to j are eliminated, and kept
        // while rows j down to lo[j] are.
        let mut open_diff = vec![0i64; n + 1];
        let mut kept_diff = vec![0i64; n + 1];
        let mut opened = 0usize;
        for j in 0..n {
            if hi[j] != NONE {
                open_diff[j] += 1;
                open_diff[hi[j] as usize + 1] -= 1;
                opened += 1;
            }
            if lo[j] != NONE {
                kept_diff[lo[j] as usize] += 1;
                kept_diff[j + 1] -= 1;
            }
        }
        let (mut open, mut kept, mut o, mut q) = (0i64, 0i64, 0i64, 0i64);
        for j in 0..n {
            o += open_diff[j];
            q += kept_diff[j];
            open = open.max(o);
            kept = kept.max(q);
        }
        let (open, kept) = (open as usize, kept as usize);
        let work = count as f64 * width as f64 * (open as f64 + 2.0)
            + opened as f64 * kept as f64 * (open as f64 + 2.0);
        Plan {
            lo,
            open,
            kept,
            work,
        }
    }

    /// Whether the frontal elimination fits the budget.
    pub fn affordable(&self) -> bool {
        self.work <= FRONTAL_BUDGET
    }
}

/// Solves `x = c + Q x` by frontal elimination. Inactive unknowns are 0.
// One pass with its bookkeeping side by side reads better than split up.
#[allow(clippy::too_many_lines)]
pub(crate) fn frontal<T: Scalar>(
    rows: &impl Rows,
    plan: &Plan,
    coef: &[T],
    rhs: impl Fn(usize) -> T,
) -> Vec<T> {
    let n = rows.len();
    let open = plan.open;
    // An expression is [constant, exit chance, one coefficient per slot].
    let stride = open + 2;
    let mut pool: Vec<T> = vec![T::zero(); plan.kept.max(1) * stride];
    let mut pool_free: Vec<u32> = (0..plan.kept as u32).rev().collect();
    let mut pool_used = vec![false; plan.kept];
    let mut row_of = vec![NONE; n];
    let mut slot_of = vec![NONE; n];
    let mut var_of_slot = vec![NONE; open];
    let mut slot_free: Vec<u32> = (0..open as u32).rev().collect();
    // Every row's expression as it was when eliminated, for the
    // back-substitution: constant, then (unknown, coefficient) pairs.
    let mut constant = vec![T::zero(); n];
    let mut begins = vec![0usize; n];
    let mut vars: Vec<u32> = Vec::new();
    let mut coefs: Vec<T> = Vec::new();

    let mut work = vec![T::zero(); stride];
    let mut terms = Vec::new();
    let stochastic = rows.stochastic();
    for k in (0..n).rev() {
        if !rows.active(k) {
            continue;
        }
        for w in &mut work {
            *w = T::zero();
        }
        work[0] = rhs(k);
        let mut own = T::zero();
        terms.clear();
        rows.terms(k, &mut terms);
        for &(t, face) in &terms {
            let p = &coef[face as usize];
            match t {
                None => work[1].add(p),
                Some(t) if t as usize == k => own.add(p),
                Some(t) if t as usize > k => {
                    let r = row_of[t as usize] as usize;
                    let row = &pool[r * stride..(r + 1) * stride];
                    for (w, e) in work.iter_mut().zip(row) {
                        w.add_mul(p, e);
                    }
                }
                Some(t) => {
                    let t = t as usize;
                    if slot_of[t] == NONE {
                        let s = slot_free.pop().expect("the plan counts open unknowns");
                        slot_of[t] = s;
                        var_of_slot[s as usize] = t as u32;
                    }
                    work[2 + slot_of[t] as usize].add(p);
                }
            }
        }
        let slot = slot_of[k];
        if slot != NONE {
            let c = std::mem::replace(&mut work[2 + slot as usize], T::zero());
            own.add(&c);
        }
        // The pivot: 1 - (chance of coming back to k before leaving). When
        // that chance is large, 1 - it loses precision; the chance of
        // leaving, summed from its parts, does not.
        let pivot = if stochastic && own.is_large() {
            let mut d = work[1].clone();
            for w in &work[2..] {
                d.add(w);
            }
            d
        } else {
            T::one().sub(&own)
        };
        for w in &mut work {
            if !w.is_zero() {
                *w = w.div(&pivot);
            }
        }
        if slot != NONE {
            let s = 2 + slot as usize;
            for r in 0..plan.kept {
                if !pool_used[r] || pool[r * stride + s].is_zero() {
                    continue;
                }
                let f = std::mem::replace(&mut pool[r * stride + s], T::zero());
                for (e, w) in pool[r * stride..(r + 1) * stride].iter_mut().zip(&work) {
                    e.add_mul(&f, w);
                }
            }
            slot_free.push(slot);
            var_of_slot[slot as usize] = NONE;
            slot_of[k] = NONE;
        }
        constant[k] = work[0].clone();
        begins[k] = vars.len();
        for (s, w) in work[2..].iter().enumerate() {
            if !w.is_zero() {
                vars.push(var_of_slot[s]);
                coefs.push(w.clone());
            }
        }
        if plan.lo[k] != NONE {
            let r = pool_free.pop().expect("the plan counts kept expressions");
            pool[r as usize * stride..(r as usize + 1) * stride].clone_from_slice(&work);
            pool_used[r as usize] = true;
            row_of[k] = r;
        }
        for &(t, _) in &terms {
            let Some(t) = t else { continue };
            let t = t as usize;
            if t > k && plan.lo[t] == k as u32 && row_of[t] != NONE {
                pool_used[row_of[t] as usize] = false;
                pool_free.push(row_of[t]);
                row_of[t] = NONE;
            }
        }
    }
    // Back-substitution, lowest first: every expression refers only to
    // unknowns below its own.
    let mut x = vec![T::zero(); n];
    let mut end = vars.len();
    for k in 0..n {
        if rows.active(k) {
            let begin = begins[k];
            let mut v = std::mem::replace(&mut constant[k], T::zero());
            for (&j, c) in vars[begin..end].iter().zip(&coefs[begin..end]) {
                v.add_mul(c, &x[j as usize]);
            }
            x[k] = v;
            end = begin;
        }
    }
    x
}

/// Gauss–Seidel sweeps from the top down, for systems too costly to
/// eliminate. Stops when the estimated error is below `1e-13` of the
/// solution, judged from the contraction between successive sweeps.
pub(crate) fn gauss_seidel(
    rows: &impl Rows,
    coef: &[f64],
    rhs: impl Fn(usize) -> f64,
    max_work: f64,
) -> Result<Vec<f64>, MarkovError> {
    let n = rows.len();
    let mut x = vec![0.0; n];
    let mut terms = Vec::new();
    let mut sweep_work = 0.0;
    for k in 0..n {
        if rows.active(k) {
            terms.clear();
            rows.terms(k, &mut terms);
            sweep_work += terms.len() as f64 + 1.0;
        }
    }
    let sweeps = (max_work / sweep_work.max(1.0)).max(1.0) as usize;
    // The error after a sweep is about change · rate / (1 - rate), with the
    // rate the ratio of successive changes. Early ratios understate the
    // asymptotic rate, so the largest of the last few is used.
    let mut changes: Vec<f64> = Vec::new();
    let mut error = f64::INFINITY;
    for _ in 0..sweeps {
        let (mut change, mut size) = (0.0f64, 0.0f64);
        for k in (0..n).rev() {
            if !rows.active(k) {
                continue;
            }
            terms.clear();
            rows.terms(k, &mut terms);
            let (mut v, mut own) = (rhs(k), 0.0);
            for &(t, face) in &terms {
                match t {
                    Some(t) if t as usize == k => own += coef[face as usize],
                    Some(t) => v += coef[face as usize] * x[t as usize],
                    None => {}
                }
            }
            let v = v / (1.0 - own);
            change = change.max((v - x[k]).abs());
            size = size.max(v.abs());
            x[k] = v;
        }
        if change == 0.0 {
            return Ok(x);
        }
        if !size.is_finite() {
            break;
        }
        changes.push(change);
        if changes.len() >= 4 {
            let recent = &changes[changes.len() - 4..];
            let rate = recent
                .windows(2)
                .map(|w| w[1] / w[0])
                .fold(0.0f64, f64::max);
            if rate < 1.0 {
                error = change * rate / (1.0 - rate);
                if error <= 1e-13 * size {
                    return Ok(x);
                }
            }
        }
    }
    Err(MarkovError::NotConverged {
        error: if error.is_finite() { Some(error) } else { None },
    })
}

/// Solves `x = c + Q x` in floating point: frontal elimination when its
/// plan fits the budget, Gauss–Seidel otherwise.
pub(crate) fn solve(
    rows: &impl Rows,
    coef: &[f64],
    rhs: impl Fn(usize) -> f64,
) -> Result<Vec<f64>, MarkovError> {
    let plan = Plan::new(rows);
    if plan.affordable() {
        Ok(frontal(rows, &plan, coef, rhs))
    } else {
        gauss_seidel(rows, coef, rhs, 4.0 * FRONTAL_BUDGET)
    }
}
