//! Double-double numbers: an unevaluated sum of two `f64`, about 106 bits.
//!
//! The variance of a game's length is its second moment less the square of
//! its mean. On a board of `10^12` squares both are near `10^23` and agree
//! in their first dozen digits, and on `10^18` squares in their first
//! eighteen, so the solve that gives them runs on numbers of twice the
//! precision of `f64`. The algorithms are Dekker's and Knuth's exact sum
//! and product of two `f64`, as in Bailey's library and the bounds of
//! Joldes, Muller and Popescu (2017): each operation here is within
//! [`UNIT`] of the exact result, relative. Where the machine surely has a
//! fused multiply-add ([`FUSED`]), the product's error term is that one
//! instruction instead of Dekker's split: the same exact term, so the same
//! results, bit for bit.

// The names of the algorithms as published: a, b, s, e, t, f.
#![allow(clippy::many_single_char_names)]
// Each operation is a dozen or two of f64 operations, run in the inner
// loops of the eliminations: left to itself the compiler called the dual
// numbers' multiply-add out of line, and a call per term cost more than
// its arithmetic. Inlined, the moments of the scale benchmark's board
// (10^8 squares, 10^5 jumps) took 3.9 s instead of 8.4 s.
#![allow(clippy::inline_always)]

use std::ops::{Add, Mul, Sub};

/// The relative error of one operation on double-doubles, at most: `8u²`
/// with `u = 2^-53`, above the proven bounds of the sum (`3u²`) and the
/// product (`5u²`).
pub(crate) const UNIT: f64 = 1.0 / (1u128 << 103) as f64;

/// `hi + lo` with `|lo| ≤ ulp(hi) / 2`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct DD {
    pub hi: f64,
    pub lo: f64,
}

#[inline(always)]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

#[inline(always)]
fn quick_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// Whether the target surely has a fused multiply-add instruction: every
/// 64-bit ARM processor, and x86-64 when built for one that has it (`-C
/// target-cpu=native` on most machines since 2013). Elsewhere `mul_add`
/// would be a call to a library routine, slower than Dekker's split.
const FUSED: bool = cfg!(any(target_arch = "aarch64", target_feature = "fma"));

#[inline(always)]
fn split(a: f64) -> (f64, f64) {
    // 2^27 + 1: the halves of a's 53 bits.
    let t = 134_217_729.0 * a;
    let hi = t - (t - a);
    (hi, a - hi)
}

#[inline(always)]
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    if FUSED {
        let p = a * b;
        // `a·b - p` rounded once: exact, as Dekker's sum of the halves'
        // products is.
        return (p, a.mul_add(b, -p));
    }
    two_prod_split(a, b)
}

/// [`two_prod`] by Dekker's split, without a fused multiply-add.
#[inline(always)]
fn two_prod_split(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// `[f(0), f(1)]`: one operation on two lanes, written lane beside lane
/// so that the compiler does both at once in one register of two `f64`
/// (SSE2 on x86-64, simd128 in WebAssembly).
macro_rules! lanes {
    ($i:ident => $e:expr) => {
        [
            {
                let $i = 0;
                $e
            },
            {
                let $i = 1;
                $e
            },
        ]
    };
}

/// `[a[0] * b[0], a[1] * b[1]]` by the same operations as [`Mul`], lane by
/// lane: the same results, in about the time of one.
#[inline(always)]
fn mul_pair(a: [DD; 2], b: [DD; 2]) -> [DD; 2] {
    let (ahi, bhi) = (lanes!(i => a[i].hi), lanes!(i => b[i].hi));
    let p = lanes!(i => ahi[i] * bhi[i]);
    let e = if FUSED {
        lanes!(i => ahi[i].mul_add(bhi[i], -p[i]))
    } else {
        let ta = lanes!(i => 134_217_729.0 * ahi[i]);
        let ah = lanes!(i => ta[i] - (ta[i] - ahi[i]));
        let al = lanes!(i => ahi[i] - ah[i]);
        let tb = lanes!(i => 134_217_729.0 * bhi[i]);
        let bh = lanes!(i => tb[i] - (tb[i] - bhi[i]));
        let bl = lanes!(i => bhi[i] - bh[i]);
        lanes!(i => ((ah[i] * bh[i] - p[i]) + ah[i] * bl[i] + al[i] * bh[i]) + al[i] * bl[i])
    };
    let e = lanes!(i => e[i] + (ahi[i] * b[i].lo + a[i].lo * bhi[i]));
    let hi = lanes!(i => p[i] + e[i]);
    lanes!(i => DD {
        hi: hi[i],
        lo: e[i] - (hi[i] - p[i]),
    })
}

/// `[a[0] + b[0], a[1] + b[1]]` by the same operations as
/// [`DD::add_same_sign`], lane by lane.
#[inline(always)]
fn add_same_sign_pair(a: [DD; 2], b: [DD; 2]) -> [DD; 2] {
    let s = lanes!(i => a[i].hi + b[i].hi);
    let bb = lanes!(i => s[i] - a[i].hi);
    let e = lanes!(i => (a[i].hi - (s[i] - bb[i])) + (b[i].hi - bb[i]));
    let e = lanes!(i => e[i] + (a[i].lo + b[i].lo));
    let hi = lanes!(i => s[i] + e[i]);
    lanes!(i => DD {
        hi: hi[i],
        lo: e[i] - (hi[i] - s[i]),
    })
}

impl DD {
    pub const ZERO: DD = DD { hi: 0.0, lo: 0.0 };
    pub const ONE: DD = DD { hi: 1.0, lo: 0.0 };

    pub fn from_f64(x: f64) -> DD {
        DD { hi: x, lo: 0.0 }
    }

    /// `x` exactly (a `u64` has at most 64 bits): its two halves are
    /// exact in `f64`, and so is their sum as a double-double.
    pub fn from_u64(x: u64) -> DD {
        let high = ((x >> 32) << 32) as f64;
        let low = (x & 0xffff_ffff) as f64;
        let (hi, lo) = two_sum(high, low);
        DD { hi, lo }
    }

    /// `self + b` for numbers of the same sign: the cheaper sum, as
    /// accurate as [`Add`] when nothing cancels (Joldes, Muller and
    /// Popescu's bound for it holds for operands of one sign).
    #[inline(always)]
    pub fn add_same_sign(self, b: DD) -> DD {
        let (s, e) = two_sum(self.hi, b.hi);
        let (hi, lo) = quick_two_sum(s, e + (self.lo + b.lo));
        DD { hi, lo }
    }

    /// `a / b` for integers, correctly to the precision of a double-double.
    pub fn ratio(a: u64, b: u64) -> DD {
        DD::from_u64(a) / DD::from_u64(b)
    }

    pub fn to_f64(self) -> f64 {
        self.hi + self.lo
    }

    pub fn is_zero(self) -> bool {
        self.hi == 0.0
    }

    /// `self += a * b`.
    #[inline(always)]
    pub fn add_mul(&mut self, a: DD, b: DD) {
        *self = *self + a * b;
    }

    pub fn recip(self) -> DD {
        DD::ONE / self
    }

    pub fn sqrt(self) -> DD {
        if self.hi <= 0.0 {
            return DD::ZERO;
        }
        // One Newton step from the f64 root doubles its digits.
        let x = self.hi.sqrt();
        let xx = DD::from_f64(x) * DD::from_f64(x);
        let correction = (self - xx).hi / (2.0 * x);
        let (hi, lo) = quick_two_sum(x, correction);
        DD { hi, lo }
    }

    pub fn abs(self) -> DD {
        if self.hi < 0.0 {
            DD {
                hi: -self.hi,
                lo: -self.lo,
            }
        } else {
            self
        }
    }
}

impl Add for DD {
    type Output = DD;
    /// The accurate sum (Bailey's `ieee_add`), right with cancellation
    /// too.
    #[inline(always)]
    fn add(self, b: DD) -> DD {
        let (s, e) = two_sum(self.hi, b.hi);
        let (t, f) = two_sum(self.lo, b.lo);
        let (s, e) = quick_two_sum(s, e + t);
        let (hi, lo) = quick_two_sum(s, e + f);
        DD { hi, lo }
    }
}

impl Sub for DD {
    type Output = DD;
    #[inline(always)]
    fn sub(self, b: DD) -> DD {
        self + DD {
            hi: -b.hi,
            lo: -b.lo,
        }
    }
}

impl Mul for DD {
    type Output = DD;
    #[inline(always)]
    fn mul(self, b: DD) -> DD {
        let (p, e) = two_prod(self.hi, b.hi);
        let (hi, lo) = quick_two_sum(p, e + (self.hi * b.lo + self.lo * b.hi));
        DD { hi, lo }
    }
}

impl std::ops::Div for DD {
    type Output = DD;
    /// Three steps of long division, each a quotient digit of 53 bits.
    fn div(self, b: DD) -> DD {
        let q1 = self.hi / b.hi;
        let r = self - b * DD::from_f64(q1);
        let q2 = r.hi / b.hi;
        let r = r - b * DD::from_f64(q2);
        let q3 = r.hi / b.hi;
        let (hi, lo) = quick_two_sum(q1, q2);
        DD { hi, lo } + DD::from_f64(q3)
    }
}

/// `re + eps·ε` with `ε² = 0` over double-doubles: the mean and the second
/// moment solved in one elimination (see `markov::solve::Dual` for the
/// square-by-square engine's).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct DDual {
    pub re: DD,
    pub eps: DD,
}

impl DDual {
    pub const ZERO: DDual = DDual {
        re: DD::ZERO,
        eps: DD::ZERO,
    };

    /// `self += a * b`, all parts not negative.
    #[inline(always)]
    pub fn add_mul(&mut self, a: DDual, b: DDual) {
        // Two products and two sums at a time: the same operations as
        // `eps + (a.re b.eps + a.eps b.re)` and `re + a.re b.re` one by
        // one, and the same results.
        let [re_re, re_eps] = mul_pair([a.re, a.re], [b.re, b.eps]);
        let [re, cross] = add_same_sign_pair([self.re, re_eps], [re_re, a.eps * b.re]);
        self.re = re;
        self.eps = self.eps.add_same_sign(cross);
    }

    /// `self += a`, all parts not negative.
    #[inline(always)]
    pub fn add(&mut self, a: DDual) {
        self.re = self.re.add_same_sign(a.re);
        self.eps = self.eps.add_same_sign(a.eps);
    }

    #[inline(always)]
    pub fn mul(self, a: DDual) -> DDual {
        DDual {
            re: self.re * a.re,
            eps: self.re * a.eps + self.eps * a.re,
        }
    }

    pub fn is_zero(self) -> bool {
        self.re.is_zero() && self.eps.is_zero()
    }
}

#[cfg(test)]
// The values compared exactly are integers exact in binary.
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;

    #[test]
    fn twice_the_digits_of_f64() {
        let third = DD::ratio(1, 3);
        let back = third * DD::from_f64(3.0);
        assert!((back - DD::ONE).abs().to_f64() < 1e-31);
        let big = DD::from_u64(u64::MAX);
        assert_eq!(big.hi, 18_446_744_073_709_551_616.0);
        assert_eq!(big.lo, -1.0);
        let odd = DD::from_u64((1 << 62) + 12345);
        // The nearest f64 is 2^62 + 12288 (its unit there is 1024).
        assert_eq!((odd.hi, odd.lo), (((1u64 << 62) + 12288) as f64, 57.0));
        // (10^17 + 1)² - 10^34 = 2·10^17 + 1, lost entirely in f64.
        let x = DD::from_u64(100_000_000_000_000_001);
        let d = x * x - DD::from_u64(10u64.pow(17)) * DD::from_u64(10u64.pow(17));
        assert_eq!(d.to_f64(), 200_000_000_000_000_001.0);
        let r = DD::from_f64(2.0).sqrt();
        assert!((r * r - DD::from_f64(2.0)).abs().to_f64() < 1e-30);
        assert!((DD::ratio(22, 7).recip() - DD::ratio(7, 22)).abs().to_f64() < 1e-32);
    }

    #[test]
    fn the_fused_error_term_is_dekkers() {
        // Operands of every size a chance or a moment takes, and their
        // products' error terms: one rounding of the exact term is the
        // term itself, so both ways give the same bits.
        let mut rng = crate::rng::SplitMix64::new(2017);
        for _ in 0..100_000 {
            let x = |rng: &mut crate::rng::SplitMix64| {
                let m = 1.0 + rng.below(1 << 52) as f64 / (1u64 << 52) as f64;
                m * 2f64.powi(rng.below(200) as i32 - 150)
            };
            let (a, b) = (x(&mut rng), x(&mut rng));
            let (p, e) = two_prod_split(a, b);
            assert_eq!((p, e), (a * b, a.mul_add(b, -(a * b))), "{a:e} × {b:e}");
        }
    }

    /// The multiply-add done two lanes at a time gives, bit for bit, what
    /// the operations one by one give, over numbers of many sizes.
    #[test]
    fn lanes_side_by_side_are_the_operations_one_by_one() {
        fn ratio(bits: u64) -> f64 {
            bits as f64 / (1u64 << 53) as f64
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let x = ratio(state >> 11);
            // From about 1e-30 to 1e30, and zero now and then.
            if state >> 60 == 0 {
                0.0
            } else {
                x * 10f64.powi((state >> 40) as i32 % 61 - 30)
            }
        };
        for _ in 0..10_000 {
            let mut dd = || {
                let (s, e) = two_sum(next(), next() * 1e-17);
                DD { hi: s, lo: e }
            };
            let (a, b, c) = (
                DDual {
                    re: dd(),
                    eps: dd(),
                },
                DDual {
                    re: dd(),
                    eps: dd(),
                },
                DDual {
                    re: dd(),
                    eps: dd(),
                },
            );
            let mut paired = c;
            paired.add_mul(a, b);
            let one_by_one = DDual {
                re: c.re.add_same_sign(a.re * b.re),
                eps: c
                    .eps
                    .add_same_sign((a.re * b.eps).add_same_sign(a.eps * b.re)),
            };
            assert_eq!(paired, one_by_one, "{a:?} * {b:?} + {c:?}");
        }
    }
}
