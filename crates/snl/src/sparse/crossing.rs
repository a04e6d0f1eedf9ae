//! Crossing a stretch of plain squares with a real die.
//!
//! A pawn `d` squares before the end of a stretch rolls until it first
//! lands past it, on offset `j` (`0..K`) of the squares after. Four
//! quantities say all that the moments of the game need about that
//! crossing:
//!
//! - `q_j(d)`, the chance that it first lands on offset `j`;
//! - `n(d)`, the expected rolls it takes;
//! - `m_j(d)`, the expected rolls times the indicator of landing on `j`;
//! - `s(d)`, the expected square of the rolls.
//!
//! Each obeys a linear recurrence in `d` over the die's faces (a pawn at
//! `d` rolls `v` and is then at `d - v`, or past the end when `v >= d`),
//! the `K × K` transfer matrix of the stretch applied once a square. Its
//! powers settle exponentially fast: past some distance the landing chances
//! are stationary (`q_j(d) = P(V > j) / μ` for a die whose values share no
//! divisor, `μ` the mean roll), `n` and `m_j` grow linearly and `s`
//! quadratically, less terms smaller than the precision of the numbers.
//! [`Crossing`] follows the recurrences until they settle (to `2^-110`) and
//! answers for any larger distance from the settled values in closed form:
//! `n(d) = n(d') + (d - d')/μ`, and so on, `d'` a settled distance with
//! `d' ≡ d` modulo the divisor the die's values share.

// The names of the mathematics: d a distance, k the top value, q, m, n, s
// the crossing's four quantities.
#![allow(clippy::many_single_char_names)]

use crate::markov::dd::{DD, UNIT};
use crate::rules::Die;

/// The moments of crossing a stretch, and its landing chances, for every
/// distance.
#[derive(Debug, Clone)]
pub(crate) struct Crossing {
    pub k: usize,
    /// The divisor the die's values share: landings repeat with this
    /// period.
    span: u64,
    inv_mu: DD,
    inv_mu2: DD,
    /// For `d` in `1..rows`: `q[d·K + j]`, `n[d]`, `m[d·K + j]`, `s[d]`.
    q: Vec<DD>,
    n: Vec<DD>,
    m: Vec<DD>,
    s: Vec<DD>,
    /// From here on the closed forms hold; `settled..settled + span` are
    /// the distances they extrapolate from.
    settled: u64,
    /// The linear coefficient of `s`, by `d mod span`.
    slope: Vec<DD>,
    /// A relative bound on the error of every value given, rounding and
    /// the terms the closed forms leave out.
    pub error: f64,
}

/// The crossing at one distance: `q` and `m` by offset, `n` and `s`.
#[derive(Debug, Clone, Default)]
pub(crate) struct At {
    pub q: Vec<DD>,
    pub m: Vec<DD>,
    pub n: DD,
    pub s: DD,
}

/// The crossings from one square summed over the faces that roll into the
/// stretch, each weighted by its chance: what a row of the system needs.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sums {
    /// `Σ p·q_j`: the chance of first landing past the stretch on `j`.
    pub q: Vec<DD>,
    /// `Σ p·(q_j + m_j)`: the expected rolls (the one into the stretch
    /// and those across it) on the way to `j`.
    pub qm: Vec<DD>,
    /// `Σ p·(1 + n)`: the expected rolls.
    pub n: DD,
    /// `Σ p·(1 + 2n + s)`: the expected square of the rolls.
    pub s: DD,
    at: At,
}

/// How close successive landing chances must come before they count as
/// settled, beside the rounding of the steps taken to reach them: the
/// terms the closed forms leave out are below this.
const SETTLED: f64 = 1.0 / (1u128 << 96) as f64;

/// The most distances followed before giving up on a die whose chances mix
/// too slowly.
pub(crate) const MAX_ROWS: u64 = 1 << 20;

impl Crossing {
    /// The tables of `die`, or `None` when its landing chances do not
    /// settle within [`MAX_ROWS`] distances (a die whose chances are very
    /// far apart).
    pub fn new(die: &Die) -> Option<Crossing> {
        let k = die.max() as usize;
        let total = die.total();
        let faces: Vec<(usize, DD)> = die
            .faces()
            .map(|(v, w)| (v as usize, DD::ratio(w, total)))
            .collect();
        let span = faces
            .iter()
            .fold(0u64, |g, &(v, _)| gcd(g, v as u64))
            .max(1);
        let mean_num: u128 = die
            .faces()
            .map(|(v, w)| u128::from(v) * u128::from(w))
            .sum();
        // μ = Σ v·w / total, from exact integers (below 2^74).
        let hi = mean_num as f64;
        let lo = (mean_num as i128 - hi as i128) as f64;
        let mu = (DD::from_f64(hi) + DD::from_f64(lo)) / DD::from_u64(total);
        let inv_mu = mu.recip();
        let mut c = Crossing {
            k,
            span,
            inv_mu,
            inv_mu2: inv_mu * inv_mu,
            q: vec![DD::ZERO; k],
            n: vec![DD::ZERO],
            m: vec![DD::ZERO; k],
            s: vec![DD::ZERO],
            settled: 0,
            slope: Vec::new(),
            error: 0.0,
        };
        // Distances in a row whose landing chances are within SETTLED of
        // those one period before.
        let mut in_a_row = 0u64;
        let needed = (k as u64 + 1) * span + 2 * span;
        let mut d = 1usize;
        loop {
            if d as u64 >= MAX_ROWS {
                return None;
            }
            let (mut n, mut s) = (DD::ONE, DD::ONE);
            let mut q = vec![DD::ZERO; k];
            let mut m = vec![DD::ZERO; k];
            for &(v, p) in &faces {
                if v >= d {
                    q[v - d] = q[v - d] + p;
                } else {
                    let e = d - v;
                    n.add_mul(p, c.n[e]);
                    s.add_mul(p, DD::from_f64(2.0) * c.n[e] + c.s[e]);
                    for j in 0..k {
                        q[j].add_mul(p, c.q[e * k + j]);
                        m[j].add_mul(p, c.m[e * k + j]);
                    }
                }
            }
            for j in 0..k {
                m[j] = m[j] + q[j];
            }
            // The rounding of d steps of sums of products of chances.
            let noise = 4.0 * UNIT * d as f64 * (faces.len() as f64 + 2.0);
            let settled_here = d as u64 > 2 * k as u64 + span && {
                let before = (d as u64 - span) as usize;
                (0..k).all(|j| (q[j] - c.q[before * k + j]).abs().to_f64() <= SETTLED + noise)
            };
            c.q.extend_from_slice(&q);
            c.m.extend_from_slice(&m);
            c.n.push(n);
            c.s.push(s);
            in_a_row = if settled_here { in_a_row + 1 } else { 0 };
            if in_a_row >= needed {
                break;
            }
            d += 1;
        }
        // The last `span + 1` periods are settled: extrapolate from the
        // last period but one, with the slope of `s` from the last.
        let rows = c.n.len() as u64;
        c.settled = rows - span;
        for r in 0..span {
            let d = c.settled + r;
            let before = (d - span) as usize;
            // s(d) - s(d - span) = span·(2d - span)/μ² + slope·span.
            let rise = (c.s[d as usize] - c.s[before]) / DD::from_u64(span);
            let quad = DD::from_u64(2 * d - span) * c.inv_mu2;
            c.slope.push(rise - quad);
        }
        // Each value is a sum of products of chances, each step adding at
        // most `faces + 2` roundings to the largest error among its terms;
        // the slope is a difference of values about `d²/μ²` for a result
        // of order one, which costs a factor of about `d²`; and the terms
        // left out are below SETTLED relative to a chance.
        let steps = rows as f64 * (faces.len() as f64 + 2.0);
        let d2 = (rows as f64).powi(2);
        c.error = UNIT * (steps + 16.0 * d2) + 64.0 * SETTLED * rows as f64;
        Some(c)
    }

    /// The least distance from which every distance is answered by the
    /// closed forms.
    #[cfg(test)]
    pub fn settled(&self) -> u64 {
        self.settled
    }

    /// The landing chances from distance `d`: offset `j` can be landed on
    /// first exactly when the `j`th is not zero.
    pub fn landings(&self, d: u64) -> &[DD] {
        let d = if d < self.settled + self.span {
            d
        } else {
            self.settled + (d - self.settled) % self.span
        } as usize;
        &self.q[d * self.k..(d + 1) * self.k]
    }

    /// The crossings from a square `d0` before the end of a stretch by each
    /// of `faces` (value and chance; every value below `d0`), summed into
    /// `out`. Past the settled distances the sums come from the faces'
    /// total chance and its first two moments, whatever the number of
    /// faces; the differences taken there are of numbers far apart.
    pub fn sums(&self, d0: u64, faces: &[(u32, DD)], out: &mut Sums) {
        let k = self.k;
        out.q.clear();
        out.q.resize(k, DD::ZERO);
        out.qm.clear();
        out.qm.resize(k, DD::ZERO);
        out.n = DD::ZERO;
        out.s = DD::ZERO;
        let (one, two) = (DD::ONE, DD::from_f64(2.0));
        let top = faces.iter().map(|&(v, _)| u64::from(v)).max().unwrap_or(0);
        if d0 < self.settled + self.span + top {
            for &(v, p) in faces {
                self.at(d0 - u64::from(v), &mut out.at);
                for j in 0..k {
                    let pq = p * out.at.q[j];
                    out.q[j] = out.q[j] + pq;
                    out.qm[j] = out.qm[j] + pq + p * out.at.m[j];
                }
                out.n = out.n + p * (one + out.at.n);
                out.s = out.s + p * (one + two * out.at.n + out.at.s);
            }
            return;
        }
        for r in 0..self.span {
            // The faces whose distance is r past a settled period: their
            // chance, and their first two moments.
            let (mut p0, mut p1, mut p2) = (DD::ZERO, DD::ZERO, DD::ZERO);
            for &(v, p) in faces {
                if (d0 - u64::from(v) - self.settled) % self.span == r {
                    let v = DD::from_f64(f64::from(v));
                    p0 = p0 + p;
                    p1 = p1 + p * v;
                    p2 = p2 + p * v * v;
                }
            }
            if p0.is_zero() {
                continue;
            }
            let base = self.settled + r;
            let b = base as usize;
            // Δ = d0 - v - base for each face: Σp·Δ and Σp·Δ².
            let big = DD::from_u64(d0 - base);
            let pd = p0 * big - p1;
            let pd2 = p0 * big * big - two * big * p1 + p2;
            let grow = pd * self.inv_mu;
            for j in 0..k {
                let q = self.q[b * k + j];
                let pq = p0 * q;
                out.q[j] = out.q[j] + pq;
                // Σp·m_j(d) = P·m_j(base) + q_j(base)·Σp·Δ/μ.
                out.qm[j] = out.qm[j] + pq + p0 * self.m[b * k + j] + q * grow;
            }
            let (n, sb) = (self.n[b], self.s[b]);
            out.n = out.n + p0 * (one + n) + grow;
            // Σp·(1 + 2n(d) + s(d)) with n(d) = n + Δ/μ and s(d) = s +
            // (Δ² + 2·base·Δ)/μ² + slope·Δ.
            let quad = (pd2 + two * DD::from_u64(base) * pd) * self.inv_mu2;
            out.s =
                out.s + p0 * (one + two * n + sb) + two * grow + quad + self.slope[r as usize] * pd;
        }
    }

    /// The crossing from distance `d` (at least 1), into `at`.
    pub fn at(&self, d: u64, at: &mut At) {
        let k = self.k;
        at.q.resize(k, DD::ZERO);
        at.m.resize(k, DD::ZERO);
        if d < self.settled + self.span {
            let d = d as usize;
            at.q.copy_from_slice(&self.q[d * k..(d + 1) * k]);
            at.m.copy_from_slice(&self.m[d * k..(d + 1) * k]);
            at.n = self.n[d];
            at.s = self.s[d];
            return;
        }
        let r = (d - self.settled) % self.span;
        let base = self.settled + r;
        let b = base as usize;
        let delta = DD::from_u64(d - base);
        let grow = delta * self.inv_mu;
        at.q.copy_from_slice(&self.q[b * k..(b + 1) * k]);
        for j in 0..k {
            at.m[j] = self.m[b * k + j] + self.q[b * k + j] * grow;
        }
        at.n = self.n[b] + grow;
        // s(d) = s(base) + Δ(d + base)/μ² + slope·Δ.
        let sum = DD::from_u64(d) + DD::from_u64(base);
        at.s = self.s[b] + delta * sum * self.inv_mu2 + self.slope[r as usize] * delta;
    }
}

/// [`Crossing::sums`] worked out ahead, for one set of faces: for every
/// distance short of the closed forms and every suffix of the faces (the
/// faces rolling into a stretch from a square of a zone's exit are those
/// from some value on). A board keeps about `K` squares a jump, each
/// rolling into a stretch, and the distances short of the closed forms
/// are a few hundred: the rows of a long board look their sums up instead
/// of adding up a crossing a face (a fifth of the moments' time on a board
/// of 10^6 squares and 10^4 jumps). The values are those `sums` gives, to
/// the last bit.
#[derive(Debug, Clone)]
pub(crate) struct SumsTable {
    /// The distances held: `from..to`.
    from: u64,
    to: u64,
    /// The suffixes a distance: one a face.
    suffixes: usize,
    /// `q`, then `qm`, then `n` and `s`: `2K + 2` numbers an entry.
    width: usize,
    values: Vec<DD>,
}

/// The most entries (distances times suffixes) a [`SumsTable`] holds: 1,266
/// for a d6, 3,443 for 2d6; a d20 needs 12,020 and goes without.
pub(crate) const TABLE_ENTRIES: u64 = 8192;

impl Crossing {
    /// The sums of every suffix of `faces` (by value, rising) at every
    /// distance short of the closed forms, for a system of about `rows`
    /// rows that roll into stretches; `None` where the table would hold
    /// more than [`TABLE_ENTRIES`] or more entries than half the rows,
    /// which then cost less added up one by one.
    pub fn table(&self, faces: &[(u32, DD)], rows: usize) -> Option<SumsTable> {
        let top = faces.iter().map(|&(v, _)| u64::from(v)).max()?;
        // `sums` takes its table path below `to`, and every face of a
        // suffix must be short of the distance.
        let (from, to) = (top + 1, self.settled + self.span + top);
        let entries = to.saturating_sub(from).checked_mul(faces.len() as u64)?;
        if entries > TABLE_ENTRIES || entries.saturating_mul(2) > rows as u64 {
            return None;
        }
        let width = 2 * self.k + 2;
        let mut values = Vec::with_capacity(entries as usize * width);
        let mut sums = Sums::default();
        for d0 in from..to {
            for into in 0..faces.len() {
                self.sums(d0, &faces[into..], &mut sums);
                values.extend_from_slice(&sums.q);
                values.extend_from_slice(&sums.qm);
                values.extend_from_slice(&[sums.n, sums.s]);
            }
        }
        Some(SumsTable {
            from,
            to,
            suffixes: faces.len(),
            width,
            values,
        })
    }
}

impl SumsTable {
    /// The sums from distance `d0` by the faces from the `into`th on, into
    /// `out`, as [`Crossing::sums`] gives them; `false` (and `out`
    /// untouched) where the table does not hold them.
    pub fn get(&self, d0: u64, into: usize, out: &mut Sums) -> bool {
        if !(self.from..self.to).contains(&d0) || into >= self.suffixes {
            return false;
        }
        let at = ((d0 - self.from) as usize * self.suffixes + into) * self.width;
        let entry = &self.values[at..at + self.width];
        let k = (self.width - 2) / 2;
        out.q.clear();
        out.q.extend_from_slice(&entry[..k]);
        out.qm.clear();
        out.qm.extend_from_slice(&entry[k..2 * k]);
        out.n = entry[2 * k];
        out.s = entry[2 * k + 1];
        true
    }
}

/// Each face of `die` by value, rising, with its chance as a
/// double-double: the faces [`Crossing::sums`] and [`Crossing::table`]
/// take.
pub(crate) fn chances(die: &Die) -> Vec<(u32, DD)> {
    let total = die.total();
    die.faces().map(|(v, w)| (v, DD::ratio(w, total))).collect()
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use num_traits::Zero;

    /// The four quantities by their recurrences, exactly: each is an
    /// integer over `total^d` at distance `d`, and these are the integers.
    #[allow(clippy::type_complexity)]
    fn exact(die: &Die, upto: usize) -> Vec<(Vec<BigInt>, BigInt, Vec<BigInt>, BigInt)> {
        let k = die.max() as usize;
        let total = BigInt::from(die.total());
        let faces: Vec<(usize, BigInt)> = die
            .faces()
            .map(|(v, w)| (v as usize, BigInt::from(w)))
            .collect();
        let zero = BigInt::zero;
        let mut power = vec![BigInt::from(1)];
        let mut rows = vec![(vec![zero(); k], zero(), vec![zero(); k], zero())];
        for d in 1..=upto {
            power.push(&power[d - 1] * &total);
            let one = power[d].clone();
            let (mut q, mut n, mut m, mut s) = (vec![zero(); k], one.clone(), vec![zero(); k], one);
            for (v, w) in &faces {
                // A roll of v: weight w of total, then distance d - v,
                // whose integers are over total^(d - v).
                if *v >= d {
                    q[v - d] += w * &power[d - 1];
                } else {
                    let scale = w * &power[v - 1];
                    let (pq, pn, pm, ps) = &rows[d - v];
                    n += &scale * pn;
                    s += &scale * (pn * 2 + ps);
                    for j in 0..k {
                        q[j] += &scale * &pq[j];
                        m[j] += &scale * &pm[j];
                    }
                }
            }
            for j in 0..k {
                m[j] = &m[j] + &q[j];
            }
            rows.push((q, n, m, s));
        }
        rows
    }

    /// Whether `got` is within `rel` of `num / den`, relative, compared to
    /// all the digits of a double-double.
    fn close(got: DD, num: &BigInt, den: &BigInt, rel: f64) -> bool {
        let exact = |x: f64| BigRational::from_float(x).unwrap();
        let got = exact(got.hi) + exact(got.lo);
        let want = BigRational::new(num.clone(), den.clone());
        let diff = &got - &want;
        let diff = if diff < BigRational::zero() {
            -diff
        } else {
            diff
        };
        diff <= exact(rel) * want
    }

    #[test]
    fn the_closed_forms_are_the_exact_fractions() {
        for spec in ["d6", "d2", "2d6", "1,1,1,1,1,2", "0,1,0,3", "d1"] {
            let die: Die = spec.parse().unwrap();
            let c = Crossing::new(&die).unwrap();
            let upto = c.settled() as usize + 3 * die.max() as usize + 40;
            let rows = exact(&die, upto);
            let mut at = At::default();
            let mut den = BigInt::from(1);
            for (d, (q, n, m, s)) in rows.iter().enumerate().skip(1) {
                den *= die.total();
                // The first distances, a sample of the table, and every
                // distance from just before the closed forms take over.
                if d > 30 && d % 13 != 0 && (d as u64) + 8 < c.settled() {
                    continue;
                }
                c.at(d as u64, &mut at);
                let near = |x: DD, y: &BigInt| close(x, y, &den, 1e-25);
                let ok = (0..die.max() as usize)
                    .all(|j| near(at.q[j], &q[j]) && near(at.m[j], &m[j]))
                    && near(at.n, n)
                    && near(at.s, s);
                assert!(ok, "{spec}: distance {d} (settled from {})", c.settled());
            }
            assert!(c.error < 1e-20, "{spec}: {}", c.error);
        }
    }

    #[test]
    fn sums_over_faces_are_the_sums_of_the_crossings() {
        for spec in ["d6", "2d6", "0,1,0,3", "1,1,1,1,1,2"] {
            let die: Die = spec.parse().unwrap();
            let c = Crossing::new(&die).unwrap();
            let faces = chances(&die);
            let (mut sums, mut at) = (Sums::default(), At::default());
            for d0 in [c.settled() + 13, c.settled() + 200, 1 << 40, (1 << 62) - 7] {
                // The faces rolling into the stretch are the larger ones.
                let into = &faces[faces.len() / 2..];
                c.sums(d0, into, &mut sums);
                let (mut n, mut s) = (DD::ZERO, DD::ZERO);
                let (mut q, mut qm) = (vec![DD::ZERO; c.k], vec![DD::ZERO; c.k]);
                for &(v, p) in into {
                    c.at(d0 - u64::from(v), &mut at);
                    n = n + p * (DD::ONE + at.n);
                    s = s + p * (DD::ONE + DD::from_f64(2.0) * at.n + at.s);
                    for j in 0..c.k {
                        q[j] = q[j] + p * at.q[j];
                        qm[j] = qm[j] + p * (at.q[j] + at.m[j]);
                    }
                }
                let near = |a: DD, b: DD| (a - b).abs().to_f64() <= 1e-26 * b.abs().to_f64();
                assert!(near(sums.n, n) && near(sums.s, s), "{spec} {d0}");
                for j in 0..c.k {
                    assert!(
                        near(sums.q[j], q[j]) && near(sums.qm[j], qm[j]),
                        "{spec} {d0} {j}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_table_holds_the_sums_to_the_last_bit() {
        for spec in ["d6", "2d6", "0,1,0,3", "1,1,1,1,1,2"] {
            let die: Die = spec.parse().unwrap();
            let c = Crossing::new(&die).unwrap();
            let faces = chances(&die);
            let table = c.table(&faces, usize::MAX).unwrap();
            let top = u64::from(die.max());
            let (mut got, mut want) = (Sums::default(), Sums::default());
            for d0 in top + 1..c.settled() + 3 * top + 5 {
                for into in 0..faces.len() {
                    c.sums(d0, &faces[into..], &mut want);
                    if table.get(d0, into, &mut got) {
                        assert_eq!(
                            (&got.q, &got.qm, got.n, got.s),
                            (&want.q, &want.qm, want.n, want.s),
                            "{spec} {d0} {into}"
                        );
                    } else {
                        // Past the table only the closed forms answer.
                        assert!(d0 >= c.settled() + 1 + top, "{spec} {d0}");
                    }
                }
            }
            // Too few rows to pay for it, or a die whose table is large.
            assert!(c.table(&faces, 10).is_none());
        }
        let d20 = Die::uniform(20).unwrap();
        let c = Crossing::new(&d20).unwrap();
        assert!(c.table(&chances(&d20), usize::MAX).is_none());
    }

    #[test]
    fn reaching_or_passing_the_end_of_a_long_stretch() {
        // A fair die of k faces: 2d/(k+1) + 2(k-1)/(3(k+1)) rolls on
        // average, landing on offset j with chance 2(k-j)/(k(k+1)).
        for k in [1u32, 2, 6, 20] {
            let c = Crossing::new(&Die::uniform(k).unwrap()).unwrap();
            let mut at = At::default();
            let d = 1_000_000_000_000u64;
            c.at(d, &mut at);
            let k = f64::from(k);
            let n = 2.0 * d as f64 / (k + 1.0) + 2.0 * (k - 1.0) / (3.0 * (k + 1.0));
            assert!(
                (at.n.to_f64() - n).abs() < 1e-3,
                "{k}: {} {n}",
                at.n.to_f64()
            );
            for (j, q) in at.q.iter().enumerate() {
                let want = 2.0 * (k - j as f64) / (k * (k + 1.0));
                assert!((q.to_f64() - want).abs() < 1e-15, "{k} {j}");
            }
            // The variance of the count grows as σ²d/μ³.
            let var = (at.s - at.n * at.n).to_f64();
            let (mu, sigma2) = (f64::midpoint(k, 1.0), (k * k - 1.0) / 12.0);
            let want = sigma2 * d as f64 / mu.powi(3);
            assert!((var - want).abs() <= 1e-9 * want, "{k}: {var} {want}");
        }
        // Even faces only: a pawn an odd distance away lands on odd offsets.
        let c = Crossing::new(&"0,1,0,1".parse().unwrap()).unwrap();
        let mut at = At::default();
        c.at((1 << 50) + 1, &mut at);
        assert!(at.q[0].is_zero() && at.q[2].is_zero());
        assert!((at.q[1].to_f64() + at.q[3].to_f64() - 1.0).abs() < 1e-15);
    }
}
