//! The length distribution without the bonus rule, gathered by landing
//! square: the same sums as
//! [`roll_by_roll`](super::distribution::roll_by_roll), in the same order.

use super::cost::{DROP, STEP_WORK, SWEEP_EVERY, landing_work};
use super::tail::{Before, Followed, Reach};
use crate::limits::{self, Cancel, Control, LimitError};
use crate::markov::chain::{Chain, EXIT};

/// The moves of a chain whose states are positions (no bonus rule), read
/// by where they land. Nearly every roll of `v` from square `k` rests on
/// `k + v`; a square that only such rolls reach, and that every such roll
/// from a square that may still finish reaches, is *plain*: its chance
/// after a roll is the sum over the faces of the chance `v` squares back,
/// one pass over every square the rolls reach that the processor does
/// several squares at a time (the others' sums are then put right). The
/// other squares (where jumps end or start, where a roll past the goal
/// leaves the pawn) gather from the list of their moves, and the moves
/// that end the game or lose it are listed too. Every list keeps the order
/// of [`roll_by_roll`](super::distribution::roll_by_roll) (by square, then
/// face), and a plain square adds its faces largest first, which is the
/// order of the squares they come from: each sum is the same, bit for bit.
struct Landing {
    /// The die's values and their chances, the chain's faces in order.
    values: Vec<usize>,
    prob: Vec<f64>,
    /// The other squares that something reaches, with the moves into each:
    /// `(square, first, last, moves)`, the first and last square the moves
    /// come from and their range in `moves`, in the order of `first`.
    special: Vec<(usize, usize, usize, std::ops::Range<usize>)>,
    /// The moves into the other squares, `(from, chance)`: the face's
    /// chance kept with the move, one lookup fewer in the loop that gathers
    /// them.
    moves: Vec<(u32, f64)>,
    /// Every square that is not plain, in order: reached by some move or
    /// not, its chance is not the sum of its faces'.
    other: Vec<u32>,
    /// The moves that reach the goal, and those to a square the goal
    /// cannot be reached from, `(from, face)` in order.
    exits: Vec<(u32, u32)>,
    lost: Vec<(u32, u32)>,
}

impl Landing {
    fn new(chain: &Chain, live: &[bool], cancel: &Cancel) -> Result<Landing, LimitError> {
        let n = chain.states();
        let values: Vec<usize> = chain.values.iter().map(|&v| v as usize).collect();
        let mut plain = limits::vec_of_with(n, true, "the distribution's plain squares", cancel)?;
        let (mut exits, mut lost) = (Vec::new(), Vec::new());
        let mut into = limits::vec_of_with(n + 1, 0u32, "the distribution's moves", cancel)?;
        for k in (0..n).filter(|&k| live[k]) {
            for (i, (&t, &v)) in chain.row(k).iter().zip(&values).enumerate() {
                let regular = t != EXIT && live[t as usize] && t as usize == k + v;
                if !regular && k + v < n {
                    // Its square misses a roll it would gather.
                    plain[k + v] = false;
                }
                if t == EXIT {
                    exits.push((k as u32, i as u32));
                } else if !live[t as usize] {
                    lost.push((k as u32, i as u32));
                } else {
                    if !regular {
                        plain[t as usize] = false;
                    }
                    into[t as usize] += 1;
                }
            }
        }
        // The moves into the other squares, by square, in the order made.
        let mut start = limits::vec_of_with(n + 1, 0u32, "the distribution's moves", cancel)?;
        let mut total = 0u32;
        for t in 0..n {
            start[t] = total;
            if !plain[t] {
                total += into[t];
            }
        }
        start[n] = total;
        let mut moves = limits::vec_of_with(
            total as usize,
            (0u32, 0.0f64),
            "the distribution's moves",
            cancel,
        )?;
        let mut fill = start;
        for k in (0..n).filter(|&k| live[k]) {
            for (i, &t) in chain.row(k).iter().enumerate() {
                if t != EXIT && live[t as usize] && !plain[t as usize] {
                    moves[fill[t as usize] as usize] = (k as u32, chain.prob[i]);
                    fill[t as usize] += 1;
                }
            }
        }
        let (mut special, mut other) = (Vec::new(), Vec::new());
        for t in (0..n).filter(|&t| !plain[t]) {
            other.push(t as u32);
            // `fill[t]` is now where the moves into `t + 1` start.
            let r = fill[t] as usize - into[t] as usize..fill[t] as usize;
            if let (Some(first), Some(last)) = (moves[r.clone()].first(), moves[r.clone()].last()) {
                special.push((t, first.0 as usize, last.0 as usize, r));
            }
        }
        special.sort_by_key(|s| s.1);
        Ok(Landing {
            other,
            values,
            prob: chain.prob.clone(),
            special,
            moves,
            exits,
            lost,
        })
    }

    /// The chance that one roll of `now` on the squares `held` (from `off`
    /// in it) ends the game, and the chance it loses (moves to a square the
    /// goal cannot be reached from), each move of the latter also added to
    /// `never` in turn, as the roll by roll propagation adds it.
    fn ends(
        &self,
        now: &[f64],
        off: usize,
        held: std::ops::Range<usize>,
        never: &mut f64,
    ) -> (f64, f64) {
        let (lo, hi) = (held.start, held.end);
        let (mut ended, mut lost) = (0.0, 0.0);
        let first = self.exits.partition_point(|&(k, _)| (k as usize) < lo);
        for &(k, i) in self.exits[first..]
            .iter()
            .take_while(|&&(k, _)| (k as usize) < hi)
        {
            ended += now[off + k as usize] * self.prob[i as usize];
        }
        let first = self.lost.partition_point(|&(k, _)| (k as usize) < lo);
        for &(k, i) in self.lost[first..]
            .iter()
            .take_while(|&&(k, _)| (k as usize) < hi)
        {
            *never += now[off + k as usize] * self.prob[i as usize];
            lost += now[off + k as usize] * self.prob[i as usize];
        }
        (ended, lost)
    }

    /// One roll of the chance `now` on the squares `held` into `next`
    /// (both starting `off` zeros early, `next` zero): the plain squares
    /// from `held.start` plus the smallest value to `held.end` plus the
    /// largest, and the other squares their moves say. Gives the squares
    /// written, `start..end` (some may hold zero).
    fn gather(
        &self,
        now: &[f64],
        next: &mut [f64],
        off: usize,
        held: std::ops::Range<usize>,
    ) -> (usize, usize) {
        let squares = now.len() - off;
        let (lo, hi) = (held.start, held.end);
        let faces = self.values.len();
        let (wlo, whi) = (
            lo + self.values[0],
            (hi + self.values[faces - 1]).min(squares),
        );
        let (mut nlo, mut nhi) = (usize::MAX, 0);
        if lo < hi && wlo < whi {
            // Every square the plain rolls of `held` reach, as if all were
            // plain, in one pass; the others are put right below.
            let landed = &mut next[off + wlo..off + whi];
            match faces {
                6 => self.add_run::<6>(landed, now, off + wlo),
                4 => self.add_run::<4>(landed, now, off + wlo),
                8 => self.add_run::<8>(landed, now, off + wlo),
                2 => self.add_run::<2>(landed, now, off + wlo),
                3 => self.add_run::<3>(landed, now, off + wlo),
                5 => self.add_run::<5>(landed, now, off + wlo),
                _ => self.add_run_any(landed, now, off + wlo),
            }
            let first = self.other.partition_point(|&t| (t as usize) < wlo);
            for &t in self.other[first..]
                .iter()
                .take_while(|&&t| (t as usize) < whi)
            {
                next[off + t as usize] = 0.0;
            }
            (nlo, nhi) = (wlo, whi);
        }
        // The chances from square 0 on: every move comes from a square.
        let chances = &now[off..];
        let reach = self.special.partition_point(|s| s.1 < hi);
        for (t, _, last, r) in &self.special[..reach] {
            if *last < lo {
                continue;
            }
            let mut sum = 0.0;
            for &(k, p) in &self.moves[r.clone()] {
                sum += chances[k as usize] * p;
            }
            next[off + t] = sum;
            nlo = nlo.min(*t);
            nhi = nhi.max(t + 1);
        }
        (nlo, nhi)
    }

    /// The squares `landed` (zero, or what is to be added to), from index
    /// `at` of `now`, as if each were plain: each square the sum of its
    /// faces' chances, largest value first, with `F` faces known to the
    /// compiler, so that each sum stays in a register and the squares are
    /// done several at a time. The same sums, in the same order, as
    /// [`Landing::add_run_any`].
    fn add_run<const F: usize>(&self, landed: &mut [f64], now: &[f64], at: usize) {
        let len = landed.len();
        let prob: [f64; F] = std::array::from_fn(|f| self.prob[f]);
        let back: [&[f64]; F] = std::array::from_fn(|f| {
            let v = self.values[f];
            &now[at - v..at - v + len]
        });
        for (j, sum) in landed.iter_mut().enumerate() {
            let mut acc = *sum;
            for f in (0..F).rev() {
                acc += back[f][j] * prob[f];
            }
            *sum = acc;
        }
    }

    /// [`Landing::add_run`] for any number of faces: a block of squares at
    /// a time, so that its sums stay in the nearest cache while every face
    /// adds to them.
    fn add_run_any(&self, landed: &mut [f64], now: &[f64], at: usize) {
        let len = landed.len();
        for block in (0..len).step_by(BLOCK) {
            let upto = (block + BLOCK).min(len);
            let sums = &mut landed[block..upto];
            for (&v, &p) in self.values.iter().zip(&self.prob).rev() {
                let back = &now[at + block - v..at + upto - v];
                for (sum, &m) in sums.iter_mut().zip(back) {
                    *sum += m * p;
                }
            }
        }
    }
}

/// The squares [`Landing::add_run_any`] sums at a time.
const BLOCK: usize = 256;

/// Whether some square of `xs` holds a chance too small to carry (more
/// than zero, under [`DROP`]), asked without a branch a square, which the
/// processor does several squares at once. Asked square by square, the
/// pass that drops took a fifth of the distribution's time on a board of
/// 10,000 squares, late in the game where few squares hold so little.
// `|` and `&`, not `||` and `&&`: no branch a square.
#[allow(clippy::needless_bitwise_bool)]
fn holds_small(xs: &[f64]) -> bool {
    xs.iter()
        .fold(false, |small, &m| small | ((m > 0.0) & (m < DROP)))
}

/// Drops the chances of `held` too small to carry ([`DROP`]), adding them
/// to `dropped`. Squares that hold no chance at all (the starts of jumps)
/// have nothing to drop: the pass runs on the blocks of squares where some
/// square holds a chance too small to carry, in order, so that `dropped`
/// adds the same chances in the same order as the roll by roll
/// propagation.
fn drop_small(held: &mut [f64], dropped: &mut f64) {
    for block in held.chunks_mut(16) {
        if holds_small(block) {
            for m in block {
                if *m < DROP {
                    // Zero, or too small to matter: see `DROP`.
                    *dropped += *m;
                    *m = 0.0;
                }
            }
        }
    }
}

/// The sum of `xs`, in eight running sums (square `k` in sum `k % 8`)
/// added up at the end: the chance still in play, summed after every roll
/// to see whether to stop. One running sum waits on each addition before
/// the next; eight keep the processor's adders busy.
fn total(xs: &[f64]) -> f64 {
    let mut sums = [0.0f64; 8];
    let mut chunks = xs.chunks_exact(8);
    for chunk in &mut chunks {
        for (sum, &x) in sums.iter_mut().zip(chunk) {
            *sum += x;
        }
    }
    for (sum, &x) in sums.iter_mut().zip(chunks.remainder()) {
        *sum += x;
    }
    let s = sums;
    ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]))
}

/// [`roll_by_roll`](super::distribution::roll_by_roll) without the bonus
/// rule, by landing square (see [`Landing`]): the same chances and the
/// same stops (the roll by roll propagation counts the work of such a chain
/// as this does, [`landing_work`]), and the same tail written down where
/// it is certified geometric.
pub(super) fn by_landing(
    chain: &Chain,
    live: &[bool],
    from: usize,
    reach: &Reach,
    ctl: &Control,
) -> Result<Followed, LimitError> {
    let n = chain.states();
    let faces = chain.faces();
    let at = Landing::new(chain, live, &ctl.cancel)?;
    let vmax = at.values[faces - 1];
    // The vectors of chances start `vmax` zeros early, so that a square
    // `v` back never falls off the front.
    let off = vmax;
    let mut now = limits::vec_of_with(
        off + n,
        0.0,
        "the distribution's vector of chances",
        &ctl.cancel,
    )?;
    let mut next = limits::vec_of_with(
        off + n,
        0.0,
        "the distribution's vector of chances",
        &ctl.cancel,
    )?;
    now[off + from] = 1.0;
    // The squares that hold chance, `lo..hi`, as `Mass` keeps them.
    let (mut lo, mut hi) = (from, from + 1);
    let mut pmf = vec![0.0];
    let (mut never, mut dropped, mut work) = (0.0, 0.0, 0u64);
    let (mut next_check, mut recorded) = (limits::CHECK_EVERY, 0u64);
    let mut stopped = false;
    let mut before = Before::default();
    loop {
        work = work.saturating_add(landing_work(hi - lo, faces));
        if (pmf.len() - 1).is_multiple_of(SWEEP_EVERY) {
            drop_small(&mut now[off + lo..off + hi], &mut dropped);
        }
        let compared = reach.compares(pmf.len() - 1);
        if compared {
            before.keep(lo, &now[off + lo..off + hi]);
        }
        let (ended, lost) = at.ends(&now, off, lo..hi, &mut never);
        let (mut nlo, mut nhi) = at.gather(&now, &mut next, off, lo..hi);
        // The squares that hold chance now: those some chance reached (a
        // move carried is never zero, each face's chance being at least
        // 2⁻⁶⁴ of one that is at least `DROP`).
        while nlo < nhi && next[off + nlo] == 0.0 {
            nlo += 1;
        }
        while nlo < nhi && next[off + nhi - 1] == 0.0 {
            nhi -= 1;
        }
        if nlo >= nhi {
            (nlo, nhi) = (0, 0);
        }
        now[off + lo..off + hi].fill(0.0);
        std::mem::swap(&mut now, &mut next);
        (lo, hi) = (nlo, nhi);
        if work >= next_check {
            ctl.cancel.record(work - recorded);
            recorded = work;
            next_check = work.saturating_add(limits::CHECK_EVERY);
            stopped |= ctl.cancel.is_cancelled();
        }
        pmf.push(ended);
        work += STEP_WORK;
        if compared {
            let after = (lo, &now[off + lo..off + hi]);
            if let Some((left, error)) =
                before.extend(after, (ended, lost), (reach, work), (&mut pmf, &mut never))
            {
                return Ok(Followed {
                    pmf,
                    never,
                    unresolved: left + dropped,
                    error,
                });
            }
        }
        // The chance left decides when to stop, and is given, as the sum
        // in order roll by roll takes it; summed quickly first, it is
        // summed in order only when the quick sum is too near the tail to
        // tell (both are within `n` roundings of the exact sum).
        let held = &now[off + lo..off + hi];
        let swept = (pmf.len() - 1).is_multiple_of(SWEEP_EVERY);
        if !swept && lo < hi && work <= reach.work && !stopped {
            continue;
        }
        let quick = total(held);
        let margin = 2.0 * held.len() as f64 * f64::EPSILON * quick;
        if quick - margin < reach.tail || work > reach.work || stopped {
            let left: f64 = held.iter().sum();
            if left < reach.tail || work > reach.work || stopped {
                return Ok(Followed {
                    pmf,
                    never,
                    unresolved: left + dropped,
                    error: 0.0,
                });
            }
        }
    }
}
