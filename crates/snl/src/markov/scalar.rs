//! The numbers the chain's eliminations run on: `f64`, the dual numbers
//! that carry the mean and the second moment at once (in `f64` and in
//! double-double), and exact rationals.

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::dd::{DD, DDual};
use super::fraction;

/// Numbers the elimination can run on: `f64`, and exact rationals.
pub(crate) trait Scalar: Clone {
    /// Units of work (see [`crate::limits::WORK_PER_SECOND`]) one operation costs,
    /// roughly, for the meter that watches the cancel token.
    const COST: u64;
    fn zero() -> Self;
    fn one() -> Self;
    fn is_zero(&self) -> bool;
    /// `self += a * b`.
    fn add_mul(&mut self, a: &Self, b: &Self);
    fn add(&mut self, a: &Self);
    fn sub(&self, a: &Self) -> Self;
    /// `1 / self`: many numbers divided by one are multiplied by this.
    fn recip(&self) -> Self;
    fn mul(&self, a: &Self) -> Self;
    /// Whether `1 - self` would lose precision (never for exact numbers).
    fn is_large(&self) -> bool;
    /// The pivot `1 - own`, given `leaving`, the same number summed from
    /// the chances of leaving (exits and open unknowns), which keeps its
    /// precision where `own` is close to 1. For numbers whose rows are not
    /// stochastic in every part (see [`Dual`]) only some parts can be.
    fn pivot_from_parts(own: &Self, leaving: Self) -> Self {
        let _ = own;
        leaving
    }
}

/// `re + eps·ε` with `ε² = 0`. Eliminating over these with coefficients
/// `p·(1 + 2ε)` and constants `1 + ε` solves for the mean `x` and the second
/// moment `y` of the number of rolls at once: `x + ε·y` satisfies
/// `x_k = 1 + Σ p·x_t` and `y_k = 1 + Σ p·(2·x_t + y_t)`, which is
/// `E[(1 + T')²] = 1 + 2·E[T'] + E[T'²]`. One sweep over the board instead
/// of two, the second waiting for the first's back-substitution.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Dual {
    pub re: f64,
    pub eps: f64,
}

impl Scalar for Dual {
    const COST: u64 = 2;

    fn zero() -> Dual {
        Dual { re: 0.0, eps: 0.0 }
    }
    fn one() -> Dual {
        Dual { re: 1.0, eps: 0.0 }
    }
    fn is_zero(&self) -> bool {
        self.re == 0.0 && self.eps == 0.0
    }
    #[inline]
    fn add_mul(&mut self, a: &Dual, b: &Dual) {
        self.re += a.re * b.re;
        self.eps += a.re * b.eps + a.eps * b.re;
    }
    fn add(&mut self, a: &Dual) {
        self.re += a.re;
        self.eps += a.eps;
    }
    fn sub(&self, a: &Dual) -> Dual {
        Dual {
            re: self.re - a.re,
            eps: self.eps - a.eps,
        }
    }
    fn recip(&self) -> Dual {
        let re = 1.0 / self.re;
        Dual {
            re,
            eps: -self.eps * re * re,
        }
    }
    #[inline]
    fn mul(&self, a: &Dual) -> Dual {
        Dual {
            re: self.re * a.re,
            eps: self.re * a.eps + self.eps * a.re,
        }
    }
    fn is_large(&self) -> bool {
        self.re > 0.5
    }
    /// The chances of a row add up to 1 in their real parts only (the ε
    /// parts add up to twice that, and more after substitutions): the real
    /// part comes from the parts, the ε part is `-own.eps` as it stands.
    fn pivot_from_parts(own: &Dual, leaving: Dual) -> Dual {
        Dual {
            re: leaving.re,
            eps: -own.eps,
        }
    }
}

/// The same as [`Dual`] in double-double precision: where the variance,
/// the second moment less the square of the mean, cancels most of their
/// digits (on long boards the two agree in their first `log10(mean)`
/// digits), the solve runs on these (see [`super::moments`]).
// Inlined into the elimination's loops (see `markov::dd`).
#[allow(clippy::inline_always)]
impl Scalar for DDual {
    const COST: u64 = 2;

    fn zero() -> DDual {
        DDual::ZERO
    }
    fn one() -> DDual {
        DDual {
            re: DD::ONE,
            eps: DD::ZERO,
        }
    }
    fn is_zero(&self) -> bool {
        DDual::is_zero(*self)
    }
    #[inline(always)]
    fn add_mul(&mut self, a: &DDual, b: &DDual) {
        DDual::add_mul(self, *a, *b);
    }
    #[inline(always)]
    fn add(&mut self, a: &DDual) {
        DDual::add(self, *a);
    }
    fn sub(&self, a: &DDual) -> DDual {
        DDual {
            re: self.re - a.re,
            eps: self.eps - a.eps,
        }
    }
    fn recip(&self) -> DDual {
        let re = self.re.recip();
        DDual {
            re,
            eps: DD::ZERO - self.eps * re * re,
        }
    }
    #[inline(always)]
    fn mul(&self, a: &DDual) -> DDual {
        DDual::mul(*self, *a)
    }
    fn is_large(&self) -> bool {
        self.re.hi > 0.5
    }
    /// As [`Dual`]'s: the real part from the parts, the ε part `-own.eps`.
    fn pivot_from_parts(own: &DDual, leaving: DDual) -> DDual {
        DDual {
            re: leaving.re,
            eps: DD::ZERO - own.eps,
        }
    }
}

impl Scalar for f64 {
    const COST: u64 = 1;

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
    fn recip(&self) -> f64 {
        1.0 / self
    }
    #[inline]
    fn mul(&self, a: &f64) -> f64 {
        self * a
    }
    fn is_large(&self) -> bool {
        *self > 0.5
    }
}

impl Scalar for BigRational {
    // Fractions of thousands of digits: microseconds an operation.
    const COST: u64 = 1 << 12;

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
            *self = fraction::add(self, &fraction::mul(a, b));
        }
    }
    fn add(&mut self, a: &BigRational) {
        *self = fraction::add(self, a);
    }
    fn sub(&self, a: &BigRational) -> BigRational {
        fraction::add(self, &-a)
    }
    fn recip(&self) -> BigRational {
        BigRational::recip(self)
    }
    fn mul(&self, a: &BigRational) -> BigRational {
        fraction::mul(self, a)
    }
    fn is_large(&self) -> bool {
        false
    }
}
