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

use std::cell::Cell;
use std::time::Duration;

use super::error::MarkovError;
use super::front::{Front, NONE};
pub(crate) use super::scalar::{Dual, Scalar};
use crate::limits::{self, Cancel, Control, Estimate, Instant, LimitError, Meter};

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
    /// The coefficients of every eliminated row, kept for the
    /// back-substitution: at most the unknowns open when it is eliminated.
    nonzeros: f64,
    /// Active rows.
    rows: usize,
    /// Arithmetic operations the elimination will take, roughly.
    pub work: f64,
}

/// The most work one direct solve (a frontal elimination) may take when the
/// analysis runs with no budget: a few seconds. Past it, the solver without
/// a budget sweeps (Gauss–Seidel) instead, which may not converge; a budget
/// that holds the elimination is the way to have it solved directly.
pub const DIRECT_WORK_UNBUDGETED: u64 = 4_000_000_000;

/// [`DIRECT_WORK_UNBUDGETED`] as the plan counts it.
pub(crate) const FRONTAL_BUDGET: f64 = DIRECT_WORK_UNBUDGETED as f64;

impl Plan {
    pub fn new(rows: &impl Rows, meter: &mut Meter<'_>) -> Result<Plan, LimitError> {
        let n = rows.len();
        let mut fill = FillIn::new(n, meter.cancel())?;
        let mut terms = Vec::new();
        let mut count = 0usize;
        for k in (0..n).rev() {
            if !rows.active(k) {
                continue;
            }
            count += 1;
            terms.clear();
            rows.terms(k, &mut terms);
            meter.add(terms.len() as u64 * 2)?;
            fill.row(k, terms.len(), terms.iter().filter_map(|&(t, _)| t));
        }
        let shape = fill.finish(|j| rows.active(j), meter.cancel())?;
        Ok(Plan {
            lo: shape.lo,
            open: shape.open,
            kept: shape.kept,
            nonzeros: shape.nonzeros,
            rows: count,
            work: shape.work,
        })
    }

    /// Whether the frontal elimination fits the default budget.
    pub fn affordable(&self) -> bool {
        self.work <= FRONTAL_BUDGET
    }

    /// The memory and work of one elimination with numbers of
    /// `scalar_bytes` bytes each (8 for `f64`; more for exact fractions),
    /// keeping what `keep` asks for.
    pub fn estimate(&self, scalar_bytes: f64, keep: Keep) -> Estimate {
        let n = self.lo.len() as f64;
        let stride = self.open as f64 + 2.0;
        // The open expressions and the one being worked on, the places of
        // rows and slots; and what is held meanwhile: the plan itself and
        // the flag of each active state.
        let front = (self.kept as f64 + 2.0) * stride * scalar_bytes
            + n * HELD
            + (self.open + self.kept) as f64 * 8.0;
        match keep {
            // Every row's expression, then the solution, and the solution
            // of an earlier solve.
            Keep::All => Estimate::from_f64(
                front + self.nonzeros * (4.0 + scalar_bytes) + n * (8.0 + 3.0 * scalar_bytes),
                self.work + self.rows as f64 * 4.0,
            ),
            Keep::At(_) => Estimate::from_f64(front, self.work + self.rows as f64 * 2.0),
        }
    }
}

/// The fill-in of a frontal elimination from the highest unknown down,
/// worked out from which unknowns each row refers to, before any
/// arithmetic: what [`Plan`] and the plan of the solver for boards of any
/// length ([`crate::sparse::markov`]) are made of.
///
/// The rows are given from the top down, as the elimination goes: the
/// first row seen to refer to an unknown below it is the highest, and the
/// last seen to refer to one above it the lowest. An unknown is open from
/// the highest row that refers to it from above down to its own; the counts
/// of unknowns open and kept change by steps, a step may be negative, and
/// the counts themselves, never negative and at most the unknowns, come
/// out right in wrapping arithmetic.
pub(crate) struct FillIn {
    lo: Vec<u32>,
    opened: Vec<bool>,
    open_step: Vec<u32>,
    width: usize,
}

/// What [`FillIn`] finds.
pub(crate) struct Shape {
    /// `lo[j]`: the lowest row below `j` that refers to `j`, or `u32::MAX`.
    pub lo: Vec<u32>,
    /// The most unknowns open at once.
    pub open: usize,
    /// The most expressions kept at once.
    pub kept: usize,
    /// The coefficients of every row as it is eliminated: the unknowns
    /// open then, summed over the rows.
    pub nonzeros: f64,
    /// Arithmetic the elimination takes, in operations on its numbers:
    /// each row's terms added over the slots in use, and each open unknown,
    /// once eliminated, substituted into the expressions kept, both as wide
    /// as the slots in use, about those open then.
    pub work: f64,
    /// The most terms of a row.
    pub width: usize,
}

impl FillIn {
    /// For a system of `n` unknowns; its tables are filled under `cancel`.
    pub fn new(n: usize, cancel: &Cancel) -> Result<FillIn, LimitError> {
        let what = "the solver's plan";
        Ok(FillIn {
            lo: limits::vec_of_with(n, NONE, what, cancel)?,
            opened: limits::vec_of_with(n, false, what, cancel)?,
            open_step: limits::vec_of_with(n + 1, 0u32, what, cancel)?,
            width: 0,
        })
    }

    /// Row `k`, of `terms` terms in all, refers to the unknowns `targets`
    /// (`k` itself among them or not). Rows come from the highest down.
    pub fn row(&mut self, k: usize, terms: usize, targets: impl Iterator<Item = u32>) {
        self.width = self.width.max(terms);
        for t in targets {
            let t = t as usize;
            if t < k && !self.opened[t] {
                self.opened[t] = true;
                self.open_step[t] = self.open_step[t].wrapping_add(1);
                self.open_step[k + 1] = self.open_step[k + 1].wrapping_sub(1);
            }
            if t > k {
                self.lo[t] = k as u32;
            }
        }
    }

    /// The shape, once every row `active` names has been given; its
    /// passes over the unknowns stop when `cancel` is set.
    pub fn finish(
        self,
        active: impl Fn(usize) -> bool,
        cancel: &Cancel,
    ) -> Result<Shape, LimitError> {
        let FillIn {
            lo,
            opened,
            open_step,
            width,
        } = self;
        let n = lo.len();
        // `j` is kept while rows j down to lo[j] are eliminated.
        let mut kept_step = limits::vec_of_with(n + 1, 0u32, "the solver's plan", cancel)?;
        for j in 0..n {
            cancel.check_chunk(j)?;
            if lo[j] != NONE {
                let begin = lo[j] as usize;
                kept_step[begin] = kept_step[begin].wrapping_add(1);
                kept_step[j + 1] = kept_step[j + 1].wrapping_sub(1);
            }
        }
        let (mut open, mut kept, mut o, mut q) = (0u32, 0u32, 0u32, 0u32);
        let (mut nonzeros, mut work) = (0.0, 0.0);
        for j in 0..n {
            cancel.check_chunk(j)?;
            o = o.wrapping_add(open_step[j]);
            q = q.wrapping_add(kept_step[j]);
            open = open.max(o);
            kept = kept.max(q);
            if active(j) {
                nonzeros += f64::from(o);
                let wide = f64::from(o) + 2.0;
                work += width as f64 * wide;
                if opened[j] {
                    work += f64::from(q) * wide;
                }
            }
        }
        Ok(Shape {
            lo,
            open: open as usize,
            kept: kept as usize,
            nonzeros,
            work,
            width,
        })
    }
}

/// Bytes a state the solver holds whatever it does: the plan's lowest
/// row, the expression's place, and the flag of each active state.
const HELD: f64 = 9.0;

/// Solves `x = c + Q x` by frontal elimination. Inactive unknowns are 0.
pub(crate) fn frontal<T: Scalar>(
    rows: &impl Rows,
    plan: &Plan,
    coef: &[T],
    rhs: impl Fn(usize) -> T,
    meter: &mut Meter<'_>,
) -> Result<Vec<T>, LimitError> {
    Ok(eliminate(rows, plan, coef, rhs, Keep::All, meter)?.into_all())
}

/// The unknown `at` (an active one) of `x = c + Q x`, by frontal
/// elimination without keeping the eliminated rows: `at`'s own expression
/// is kept open while the unknowns below it are eliminated, until it is a
/// constant. No back-substitution, and no memory a row: what the mean from
/// the start needs, on boards of any length.
pub(crate) fn frontal_at<T: Scalar>(
    rows: &impl Rows,
    plan: &Plan,
    coef: &[T],
    rhs: impl Fn(usize) -> T,
    at: usize,
    meter: &mut Meter<'_>,
) -> Result<T, LimitError> {
    match eliminate(rows, plan, coef, rhs, Keep::At(at), meter)? {
        Solution::At(x) => Ok(x),
        Solution::All(_) => unreachable!("one unknown was asked for"),
    }
}

/// What an elimination keeps: every row for the back-substitution, or one
/// unknown's expression only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    All,
    At(usize),
}

enum Solution<T> {
    All(Vec<T>),
    At(T),
}

// One pass with its bookkeeping side by side reads better than split up.
#[allow(clippy::too_many_lines)]
fn eliminate<T: Scalar>(
    rows: &impl Rows,
    plan: &Plan,
    coef: &[T],
    rhs: impl Fn(usize) -> T,
    keep: Keep,
    meter: &mut Meter<'_>,
) -> Result<Solution<T>, LimitError> {
    let n = rows.len();
    let open = plan.open;
    let all = keep == Keep::All;
    // The unknown asked for, kept in the pool from its elimination on.
    let at = match keep {
        Keep::At(at) => at,
        Keep::All => usize::MAX,
    };
    let kept = plan.kept + usize::from(!all);
    let what = "the solver's tables";
    // The open unknowns and the kept expressions; an expression is
    // [constant, exit chance, one coefficient per slot].
    let mut front = Front::new(n, open, kept, T::zero(), meter.cancel())?;
    let stride = front.stride();
    // Every row's expression as it was when eliminated, for the
    // back-substitution: constant, then (unknown, coefficient) pairs.
    let rows_kept = if all { n } else { 0 };
    let mut constant = limits::vec_of_with(rows_kept, T::zero(), what, meter.cancel())?;
    let mut begins = limits::vec_of_with(rows_kept, 0usize, what, meter.cancel())?;
    let reserve = if all { plan.nonzeros as usize } else { 0 };
    let mut vars: Vec<u32> = limits::with_capacity(reserve, "the solver's eliminated rows")?;
    let mut coefs: Vec<T> = limits::with_capacity(reserve, "the solver's eliminated rows")?;

    let mut work = vec![T::zero(); stride];
    let mut terms = Vec::new();
    let stochastic = rows.stochastic();
    for k in (0..n).rev() {
        if !rows.active(k) {
            continue;
        }
        for w in &mut work[..front.width()] {
            *w = T::zero();
        }
        work[0] = rhs(k);
        let mut own = T::zero();
        terms.clear();
        rows.terms(k, &mut terms);
        meter.add((terms.len() as u64 * stride as u64 + 4) * T::COST)?;
        for &(t, face) in &terms {
            let p = &coef[face as usize];
            match t {
                None => work[1].add(p),
                Some(t) if t as usize == k => own.add(p),
                Some(t) if t as usize > k => {
                    for (w, e) in work.iter_mut().zip(front.kept(t as usize)) {
                        w.add_mul(p, e);
                    }
                }
                Some(t) => work[front.open(t as usize)].add(p),
            }
        }
        let slot = front.slot_of(k);
        if let Some(s) = slot {
            let c = std::mem::replace(&mut work[s], T::zero());
            own.add(&c);
        }
        let width = front.width();
        // The pivot: 1 - (chance of coming back to k before leaving). When
        // that chance is large, 1 - it loses precision; the chance of
        // leaving, summed from its parts, does not.
        let pivot = if stochastic && own.is_large() {
            let mut d = work[1].clone();
            for w in &work[2..width] {
                d.add(w);
            }
            T::pivot_from_parts(&own, d)
        } else {
            T::one().sub(&own)
        };
        let inverse = pivot.recip();
        for w in &mut work[..width] {
            if !w.is_zero() {
                *w = w.mul(&inverse);
            }
        }
        if let Some(s) = slot {
            meter.add(kept as u64)?;
            let substitute = |_, e: &mut [T]| {
                meter.add(stride as u64 * T::COST)?;
                let f = std::mem::replace(&mut e[s], T::zero());
                for (e, w) in e.iter_mut().zip(&work) {
                    e.add_mul(&f, w);
                }
                Ok(())
            };
            front.each_referring(s, substitute, T::is_zero)?;
            front.close(k);
        }
        if all {
            constant[k] = work[0].clone();
            begins[k] = vars.len();
            // A slot no longer in use holds zero, or NaN where a pivot
            // came out zero (a system singular in floating point: chances
            // so far apart that a return is certain to the last digit). The
            // NaN is in the other terms too, and the callers' checks refuse
            // the answer.
            for (var, s) in front.open_unknowns() {
                if !work[s].is_zero() {
                    vars.push(var);
                    coefs.push(work[s].clone());
                }
            }
        }
        if plan.lo[k] != NONE || k == at {
            front.keep(k, &work);
        }
        for &(t, _) in &terms {
            let Some(t) = t else { continue };
            let t = t as usize;
            if t > k && t != at && plan.lo[t] == k as u32 {
                front.release(t);
            }
        }
    }
    if !all {
        // Every unknown below `at` is eliminated: its expression is a
        // constant.
        return Ok(Solution::At(
            front.constant(at).cloned().unwrap_or_else(T::zero),
        ));
    }
    // Back-substitution, lowest first: every expression refers only to
    // unknowns below its own.
    let mut x = limits::vec_of_with(n, T::zero(), "the solution", meter.cancel())?;
    let mut end = vars.len();
    for k in 0..n {
        meter.cancel().check_chunk(k)?;
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
    Ok(Solution::All(x))
}

/// Gauss–Seidel sweeps from the top down, for systems too costly to
/// eliminate. Stops when the estimated error is below `1e-13` of the
/// solution, judged from the contraction between successive sweeps.
pub(crate) fn gauss_seidel(
    rows: &impl Rows,
    coef: &[f64],
    rhs: impl Fn(usize) -> f64,
    max_work: f64,
    meter: &mut Meter<'_>,
) -> Result<Vec<f64>, MarkovError> {
    let n = rows.len();
    let mut x = limits::vec_of_with(n, 0.0, "the iterative solver's vector", meter.cancel())?;
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
    // The work allowed is also taken as time: on boards far larger than
    // the cache a term costs more than its units.
    let started = Instant::now();
    let allowed = Duration::try_from_secs_f64(max_work * GS_UNIT / limits::WORK_PER_SECOND)
        .unwrap_or(Duration::MAX);
    // The error after a sweep is about change · rate / (1 - rate), with the
    // rate the ratio of successive changes. Early ratios understate the
    // asymptotic rate, so the largest of the last few is used.
    let mut changes: Vec<f64> = Vec::new();
    let mut error = f64::INFINITY;
    for _ in 0..sweeps {
        meter.add((sweep_work * GS_UNIT) as u64)?;
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
        if started.elapsed() > allowed {
            break;
        }
    }
    Err(MarkovError::NotConverged {
        error: if error.is_finite() { Some(error) } else { None },
        direct: None,
    })
}

/// Units of work (see [`limits::WORK_PER_SECOND`]) per term of a
/// Gauss–Seidel sweep: each reads an unknown from anywhere on the board.
const GS_UNIT: f64 = 3.0;

/// Solves `x = c + Q x` in floating point, one system (and right-hand
/// side after another) at a time.
///
/// Frontal elimination is exact and its cost is known from the plan;
/// Gauss–Seidel is cheap when games are short but may not converge when
/// they are long. Without a budget the solver eliminates when the plan fits
/// [`FRONTAL_BUDGET`] and sweeps otherwise, as it always has. With one, it
/// eliminates whenever the elimination fits the budget, trying a short
/// Gauss–Seidel first when the elimination is costly, and sweeps (capped by
/// the budget) when it does not fit.
pub(crate) struct Solver<'r, R: Rows> {
    rows: &'r R,
    plan: Plan,
    /// Whether the solves give every unknown or one.
    keep: Keep,
    /// The elimination's cost, one solve.
    direct: Estimate,
    /// Whether the elimination may run.
    frontal_fits: bool,
    /// The cap on one Gauss–Seidel solve, in sweep terms.
    sweep_cap: f64,
    /// Set once Gauss–Seidel failed here: later solves eliminate at once.
    sweeps_failed: Cell<bool>,
}

impl<'r, R: Rows> Solver<'r, R> {
    /// Plans the elimination of `rows` for `solves` right-hand sides, each
    /// giving what `keep` asks for.
    pub fn new(
        rows: &'r R,
        solves: u64,
        keep: Keep,
        ctl: &Control,
    ) -> Result<Solver<'r, R>, LimitError> {
        let plan = Plan::new(rows, &mut ctl.meter())?;
        Ok(Solver::planned(rows, plan, solves, keep, ctl))
    }

    fn planned(rows: &'r R, plan: Plan, solves: u64, keep: Keep, ctl: &Control) -> Solver<'r, R> {
        // One unknown for several right-hand sides is one elimination over
        // numbers of that many parts (see [`Dual`]).
        let scalar = match keep {
            Keep::At(_) => 8.0 * solves.max(1) as f64,
            Keep::All => 8.0,
        };
        let direct = plan.estimate(scalar, keep);
        let budget = &ctl.budget;
        let (frontal_fits, sweep_cap) = if budget.is_unlimited() {
            (plan.affordable(), 4.0 * FRONTAL_BUDGET)
        } else {
            let fits =
                direct.memory <= budget.memory && direct.work.saturating_mul(solves) <= budget.work;
            let share = budget.work as f64 / solves.max(1) as f64 / GS_UNIT;
            let cap = if fits {
                // A quarter of what the elimination would cost, at most.
                (plan.work / 4.0).min(share)
            } else {
                share
            };
            (fits, cap)
        };
        Solver {
            rows,
            plan,
            keep,
            direct,
            frontal_fits,
            sweep_cap,
            sweeps_failed: Cell::new(false),
        }
    }

    /// The same plan for `solves` solves giving what `keep` asks for.
    pub fn replan(self, solves: u64, keep: Keep, ctl: &Control) -> Solver<'r, R> {
        Solver::planned(self.rows, self.plan, solves, keep, ctl)
    }

    /// Refuses Gauss–Seidel sweeps whose `vectors` solutions, with what
    /// the solver holds, are over the memory budget.
    fn sweeps_fit(&self, vectors: u32, ctl: &Control) -> Result<(), LimitError> {
        let n = self.rows.len() as f64;
        ctl.admit(
            "the iterative solver's vectors",
            Estimate::from_f64(n * (HELD + 8.0 * f64::from(vectors)), 0.0),
        )
    }

    /// The cost of all the solves planned for, by elimination.
    pub fn direct(&self, solves: u64) -> Estimate {
        Estimate {
            memory: self.direct.memory,
            work: self.direct.work.saturating_mul(solves),
        }
    }

    /// The cost of one elimination over numbers of `scalar_bytes` bytes
    /// whose operations cost `work` times an operation of the numbers the
    /// solver was planned for.
    pub fn direct_over(&self, scalar_bytes: f64, work: f64) -> Estimate {
        let one = self.plan.estimate(scalar_bytes, self.keep);
        Estimate {
            memory: one.memory,
            work: limits::saturate(one.work as f64 * work),
        }
    }

    /// Whether [`Solver::solve_dual_at`] eliminates (with `costly` as
    /// there), rather than leaving the solve to floating point.
    pub fn eliminates(&self, costly: bool) -> bool {
        self.frontal_fits && (costly || self.plan.affordable())
    }

    /// The active rows: the unknowns of the system.
    pub fn active_rows(&self) -> usize {
        self.plan.rows
    }

    /// Whether the elimination fits the budget but is over
    /// [`FRONTAL_BUDGET`], where sweeps may be quicker.
    pub fn fits_but_costly(&self) -> bool {
        self.frontal_fits && !self.plan.affordable()
    }

    /// The unknown the solver was planned for by elimination over [`Dual`]
    /// numbers; `None` when the solver would not eliminate (the plan is
    /// over its budget, or, unless `costly` allows it, over
    /// [`FRONTAL_BUDGET`]), and the caller solves in floating point
    /// instead.
    pub fn solve_dual_at<T: Scalar>(
        &self,
        coef: &[T],
        rhs: impl Fn(usize) -> T,
        costly: bool,
        ctl: &Control,
    ) -> Result<Option<T>, LimitError> {
        let Keep::At(at) = self.keep else {
            unreachable!("the solver was planned for every unknown")
        };
        if !self.eliminates(costly) {
            return Ok(None);
        }
        Ok(Some(frontal_at(
            self.rows,
            &self.plan,
            coef,
            rhs,
            at,
            &mut ctl.meter(),
        )?))
    }

    /// Every unknown by Gauss–Seidel sweeps alone, up to the solver's cap;
    /// `None` when they do not converge within it.
    pub fn sweep(
        &self,
        coef: &[f64],
        rhs: impl Fn(usize) -> f64,
        ctl: &Control,
    ) -> Result<Option<Vec<f64>>, MarkovError> {
        // This solution, and that of an earlier sweep.
        self.sweeps_fit(2, ctl)?;
        match gauss_seidel(self.rows, coef, rhs, self.sweep_cap, &mut ctl.meter()) {
            Ok(x) => Ok(Some(x)),
            Err(MarkovError::NotConverged { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// One solve, every unknown.
    pub fn solve(
        &self,
        coef: &[f64],
        rhs: impl Fn(usize) -> f64,
        ctl: &Control,
    ) -> Result<Vec<f64>, MarkovError> {
        debug_assert_eq!(
            self.keep,
            Keep::All,
            "the solver was planned for one unknown"
        );
        Ok(self.run(coef, rhs, ctl)?.into_all())
    }

    /// One solve, the unknown the solver was planned for.
    pub fn solve_at(
        &self,
        coef: &[f64],
        rhs: impl Fn(usize) -> f64,
        ctl: &Control,
    ) -> Result<f64, MarkovError> {
        let Keep::At(at) = self.keep else {
            unreachable!("the solver was planned for every unknown")
        };
        Ok(match self.run(coef, rhs, ctl)? {
            Solution::At(x) => x,
            Solution::All(x) => x[at],
        })
    }

    fn run(
        &self,
        coef: &[f64],
        rhs: impl Fn(usize) -> f64,
        ctl: &Control,
    ) -> Result<Solution<f64>, MarkovError> {
        let mut meter = ctl.meter();
        if self.frontal_fits && (self.plan.affordable() || self.sweeps_failed.get()) {
            return Ok(eliminate(
                self.rows, &self.plan, coef, rhs, self.keep, &mut meter,
            )?);
        }
        self.sweeps_fit(2, ctl)?;
        match gauss_seidel(self.rows, coef, &rhs, self.sweep_cap, &mut meter) {
            Ok(x) => Ok(Solution::All(x)),
            Err(MarkovError::NotConverged { .. }) if self.frontal_fits => {
                self.sweeps_failed.set(true);
                Ok(eliminate(
                    self.rows, &self.plan, coef, rhs, self.keep, &mut meter,
                )?)
            }
            Err(MarkovError::NotConverged { error, .. }) => Err(MarkovError::NotConverged {
                error,
                direct: Some(self.direct),
            }),
            Err(other) => Err(other),
        }
    }
}

impl<T> Solution<T> {
    fn into_all(self) -> Vec<T> {
        match self {
            Solution::All(x) => x,
            Solution::At(_) => unreachable!("every unknown was asked for"),
        }
    }
}
