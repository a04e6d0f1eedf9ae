//! The geometric tail of the length distribution, certified.
//!
//! Late in a long game the chance still in play keeps its shape from one
//! roll to the next and only shrinks: each state's chance is multiplied by
//! nearly the same factor λ, the chain's slowest rate. The propagation
//! compares the chances of every state one step apart, now and then
//! ([`EVERY`]): if `λ_lo·u ≤ w ≤ λ_hi·u` for the chances `u` before a step
//! and `w` after it, state by state, then, since a step only adds chances
//! with nonnegative weights, the same holds after any `k` further steps:
//! `λ_lo^k·u ≤ uQ^k ≤ λ_hi^k·u`. The chance that ends the game on each later
//! step (and the chance lost on it) is then the step's own, scaled by
//! between `λ_lo^k` and `λ_hi^k`. Once that bracket is narrow enough the
//! rest of the distribution is written down at once, scaled by the middle
//! factor `sum(w) / sum(u)` (which keeps the chances adding up), with the
//! bracket's width as a bound on the error of every chance read off it.

use super::cost::{DROP, STEP_WORK};

/// The propagation compares the chances one step apart every this many
/// steps: a pass over the states in play, a small part of the steps
/// between.
pub(super) const EVERY: usize = 32;

/// The smallest and largest factor by which a step multiplied the chance of
/// a state, over the states that hold chance before or after it: `before`
/// and `after` each the chances of the states from a first one, `(first,
/// chances)`, none elsewhere. `None` when a state held none before and some
/// after (the chance is still spreading), or when no state holds any. The
/// factors are widened by a few roundings each way, so that they hold of
/// the exact sums too.
pub(super) fn factors(before: (usize, &[f64]), after: (usize, &[f64])) -> Option<(f64, f64)> {
    let chance = |(at, xs): (usize, &[f64]), k: usize| {
        k.checked_sub(at)
            .and_then(|i| xs.get(i))
            .copied()
            .unwrap_or(0.0)
    };
    let first = before.0.min(after.0);
    let end = (before.0 + before.1.len()).max(after.0 + after.1.len());
    let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
    for k in first..end {
        let (u, w) = (chance(before, k), chance(after, k));
        if u == 0.0 {
            if w != 0.0 {
                return None;
            }
            continue;
        }
        let r = w / u;
        lo = lo.min(r);
        hi = hi.max(r);
    }
    // Each chance after a step is a sum of a few products, each rounded.
    let slack = 16.0 * f64::EPSILON;
    (lo <= hi).then_some((lo * (1.0 - slack), hi * (1.0 + slack)))
}

/// The rest of a distribution written down from a step whose factors are
/// known to lie in `lo..=hi`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Geometric {
    /// The chance that ended the game on the step compared, and the chance
    /// lost on it (moved to a state the goal cannot be reached from).
    pub ended: f64,
    pub lost: f64,
    /// The chance in play before the step and after it.
    pub before: f64,
    pub after: f64,
    /// The bracket on the factors.
    pub lo: f64,
    pub hi: f64,
}

impl Geometric {
    /// The bound on the error of any chance of ending within `t` steps, or
    /// of never ending, when the rest is written down: what the steps after
    /// could end or lose, at the fastest factor, less what they could at
    /// the slowest. Infinite when the chance may not be shrinking, or when
    /// the step ended and lost nothing (what shrank it then was chance too
    /// small to carry, which says nothing of the steps after).
    pub fn error(&self) -> f64 {
        let per_step = self.ended + self.lost;
        if self.hi >= 1.0
            || self.before.is_nan()
            || self.before <= 0.0
            || per_step.is_nan()
            || per_step <= 0.0
        {
            return f64::INFINITY;
        }
        per_step * (1.0 / (1.0 - self.hi) - 1.0 / (1.0 - self.lo))
    }

    /// Writes the rest down: the chance that ends the game on each step
    /// after the one compared (already in `pmf`, as its last entry) and
    /// the chance lost, until less than `tail` is in play, for at most
    /// `most` steps. Gives the chance still in play then, which the caller
    /// counts as unresolved.
    pub fn extend(&self, pmf: &mut Vec<f64>, never: &mut f64, tail: f64, most: u64) -> f64 {
        let factor = (self.after / self.before).clamp(self.lo, self.hi);
        let (ends, loses) = (self.ended / self.before, self.lost / self.before);
        let mut left = self.after;
        for _ in 0..most {
            if left < tail || left <= 0.0 {
                break;
            }
            pmf.push(left * ends);
            *never += left * loses;
            left *= factor;
        }
        left
    }
}

/// How far a propagation goes: until the work allowed is spent, or less
/// than `tail` of the chance is in play, or (when `geometric`) the rest is
/// certified geometric to within `tail` and written down at once.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reach {
    pub work: u64,
    pub tail: f64,
    pub geometric: bool,
}

impl Reach {
    /// Whether the chances are compared before step `t` (counting the
    /// steps taken so far, `pmf.len() - 1`): never when the distribution
    /// is to be followed until no chance at all is left (a tail of 0).
    pub fn compares(&self, t: usize) -> bool {
        self.geometric && self.tail > 0.0 && t > 0 && t.is_multiple_of(EVERY)
    }
}

/// The chances compared one step apart:
/// those in play before a step, from the state `at`, dropping those too
/// small to carry as the step does.
#[derive(Debug, Default)]
pub(super) struct Before {
    at: usize,
    chances: Vec<f64>,
}

impl Before {
    /// Keeps `chances`, the states from `at`.
    pub fn keep(&mut self, at: usize, chances: &[f64]) {
        self.at = at;
        self.chances.clear();
        self.chances
            .extend(chances.iter().map(|&m| if m < DROP { 0.0 } else { m }));
    }

    /// The rest of the distribution, when the step from the chances kept
    /// to `after` (the states from `at`) certifies it geometric to within
    /// the tail: `ended` and `lost` the chance the step ended and lost.
    /// Writes it into `pmf` (whose last entry is `ended`) and `never`, each
    /// step written counting [`STEP_WORK`] against what is left of the
    /// work allowed after the `done`, and gives the chance then still in
    /// play, and the error.
    pub fn extend(
        &self,
        (at, after): (usize, &[f64]),
        (ended, lost): (f64, f64),
        (reach, done): (&Reach, u64),
        (pmf, never): (&mut Vec<f64>, &mut f64),
    ) -> Option<(f64, f64)> {
        let (lo, hi) = factors((self.at, &self.chances), (at, after))?;
        let g = Geometric {
            ended,
            lost,
            before: self.chances.iter().sum(),
            after: after.iter().sum(),
            lo,
            hi,
        };
        let error = g.error();
        let most = reach.work.saturating_sub(done) / STEP_WORK;
        (error <= reach.tail).then(|| (g.extend(pmf, never, reach.tail, most), error))
    }
}

/// A distribution as a propagation leaves it: the fields of a
/// [`Distribution`](super::Distribution).
pub(super) struct Followed {
    pub pmf: Vec<f64>,
    pub never: f64,
    pub unresolved: f64,
    pub error: f64,
}

#[cfg(test)]
// The values compared exactly are exact: 0 and infinity.
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;

    #[test]
    fn factors_of_a_shrinking_vector() {
        let (lo, hi) = factors((3, &[0.5, 0.25, 0.0]), (3, &[0.25, 0.2])).unwrap();
        assert!(lo < 0.5 && 0.5 - lo < 1e-14);
        assert!(hi > 0.8 && hi - 0.8 < 1e-14);
        // Windows that start apart: the states outside each hold nothing.
        let (lo, hi) = factors((2, &[0.0, 0.5, 0.25]), (3, &[0.25, 0.2])).unwrap();
        assert!(lo < 0.5 && hi > 0.8 && hi < 0.81);
        // Chance still spreading into a state that held none.
        assert_eq!(factors((0, &[0.5, 0.0]), (0, &[0.25, 0.1])), None);
        assert_eq!(factors((0, &[0.5]), (1, &[0.1])), None);
        assert_eq!(factors((0, &[0.0]), (0, &[0.0])), None);
    }

    #[test]
    fn a_geometric_wait_is_written_down_whole() {
        // From one square, 1/6 ends the game each roll: every chance after
        // the first is 5/6 of the one before.
        let g = Geometric {
            ended: 1.0 / 6.0,
            lost: 0.0,
            before: 1.0,
            after: 5.0 / 6.0,
            lo: 5.0 / 6.0,
            hi: 5.0 / 6.0,
        };
        assert!(g.error() < 1e-15);
        let (mut pmf, mut never) = (vec![0.0, 1.0 / 6.0], 0.0);
        let left = g.extend(&mut pmf, &mut never, 1e-12, u64::MAX);
        assert!(left < 1e-12);
        for (t, &p) in pmf.iter().enumerate().skip(1) {
            let exact = (5.0f64 / 6.0).powi(t as i32 - 1) / 6.0;
            assert!((p - exact).abs() < 1e-13 * exact, "t = {t}");
        }
        assert_eq!(never, 0.0);
        // At most so many steps written: the rest is left in play.
        let (mut short, mut never) = (vec![0.0, 1.0 / 6.0], 0.0);
        let left = g.extend(&mut short, &mut never, 1e-12, 10);
        assert_eq!(short[..], pmf[..12]);
        assert!((left - (5.0f64 / 6.0).powi(11)).abs() < 1e-15);
        // Nothing ended or lost: nothing to go by.
        assert_eq!(Geometric { ended: 0.0, ..g }.error(), f64::INFINITY);
        let wide = Geometric { lo: 0.8, ..g };
        assert!(wide.error() > 0.1);
        assert_eq!(Geometric { hi: 1.0, ..g }.error(), f64::INFINITY);
    }
}
