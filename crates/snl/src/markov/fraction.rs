//! Exact fractions for the elimination, kept in lowest terms with fewer and
//! quicker greatest common divisors than `num-rational`'s own operators.
//!
//! `num-bigint` finds a greatest common divisor by Stein's binary method: a
//! pass over the longer number for each of its bits, however short the
//! other is. The elimination multiplies fractions of thousands of digits by
//! chances of a few digits (a die's weight over its total), and `Ratio`'s
//! product and sum reduce by four such divisors. Here a divisor starts with
//! Euclid's divisions while one number is much the longer (one division
//! brings it down to the other's length), then goes on by Stein's method;
//! a product cancels across (Knuth's way: each divisor is of a long number
//! and a short one), and a sum reduces by the divisor of the denominators,
//! then by that of the sum's numerator and that divisor.
//! The results are the same fractions, in lowest terms with a positive
//! denominator, as `Ratio` makes.

use num_bigint::{BigInt, BigUint, Sign};
use num_rational::BigRational;
use num_traits::{One, Zero};

/// The greatest common divisor of `a` and `b` (0 when both are 0).
pub(crate) fn gcd(a: &BigUint, b: &BigUint) -> BigUint {
    let (mut a, mut b) = if a >= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    // Euclid's divisions while `a` is much the longer, then Stein's
    // halvings and subtractions, which work in place.
    while !b.is_zero() {
        if let (Some(x), Some(y)) = (to_u64(&a), to_u64(&b)) {
            return BigUint::from(gcd_u64(x, y));
        }
        if a.bits() - b.bits() < 64 {
            return binary_gcd(a, b);
        }
        let r = &a % &b;
        a = b;
        b = r;
    }
    a
}

/// Stein's algorithm, for numbers of about the same length, both nonzero.
fn binary_gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
    let twos = |x: &BigUint| x.trailing_zeros().unwrap_or(0);
    let shift = twos(&a).min(twos(&b));
    b >>= twos(&b);
    while !a.is_zero() {
        a >>= twos(&a);
        if b > a {
            std::mem::swap(&mut a, &mut b);
        }
        a -= &b;
    }
    b << shift
}

fn to_u64(x: &BigUint) -> Option<u64> {
    if x.bits() <= 64 {
        Some(x.iter_u64_digits().next().unwrap_or(0))
    } else {
        None
    }
}

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `n / d` for a divisor `d` of `n`, skipping the division by 1.
fn div_exact(n: &BigInt, d: &BigUint) -> BigInt {
    if d.is_one() {
        n.clone()
    } else {
        n / BigInt::from_biguint(Sign::Plus, d.clone())
    }
}

/// `a · b`, in lowest terms.
pub(crate) fn mul(a: &BigRational, b: &BigRational) -> BigRational {
    if a.is_zero() || b.is_zero() {
        return BigRational::zero();
    }
    let g1 = gcd(a.numer().magnitude(), b.denom().magnitude());
    let g2 = gcd(b.numer().magnitude(), a.denom().magnitude());
    BigRational::new_raw(
        div_exact(a.numer(), &g1) * div_exact(b.numer(), &g2),
        div_exact(a.denom(), &g2) * div_exact(b.denom(), &g1),
    )
}

/// `a + b`, in lowest terms.
pub(crate) fn add(a: &BigRational, b: &BigRational) -> BigRational {
    if a.is_zero() {
        return b.clone();
    }
    if b.is_zero() {
        return a.clone();
    }
    let g = gcd(a.denom().magnitude(), b.denom().magnitude());
    // With g the divisor of the denominators, a sum n / (a.d/g · b.d) is
    // in lowest terms once divided by the divisor of n and g (the rest of
    // the denominator is prime to n).
    let (ad, bd) = (div_exact(a.denom(), &g), div_exact(b.denom(), &g));
    let n = a.numer() * &bd + b.numer() * &ad;
    if n.is_zero() {
        return BigRational::zero();
    }
    let g2 = gcd(n.magnitude(), &g);
    BigRational::new_raw(div_exact(&n, &g2), ad * div_exact(b.denom(), &g2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A fraction of up to a few hundred digits, often sharing factors with
    /// others (powers of 6 and of a prime), sometimes 0 or negative.
    fn fraction() -> impl Strategy<Value = BigRational> {
        let int = (
            proptest::collection::vec(any::<u64>(), 0..6),
            0u32..40,
            0u32..4,
            any::<bool>(),
        )
            .prop_map(|(words, six, p, negative)| {
                let mut x = BigInt::from_biguint(
                    Sign::Plus,
                    BigUint::new(
                        words
                            .iter()
                            .flat_map(|w| [*w as u32, (w >> 32) as u32])
                            .collect(),
                    ),
                );
                x += 1;
                x *= BigInt::from(6).pow(six) * BigInt::from(1_000_003).pow(p);
                if negative { -x } else { x }
            });
        (int.clone(), int, 0u8..8).prop_map(|(n, d, zero)| {
            if zero == 0 {
                BigRational::zero()
            } else {
                BigRational::new(n, BigInt::from_biguint(Sign::Plus, d.magnitude().clone()))
            }
        })
    }

    fn same(a: &BigRational, b: &BigRational) {
        assert_eq!((a.numer(), a.denom()), (b.numer(), b.denom()));
    }

    proptest! {
        #[test]
        fn as_num_rational_makes_them(a in fraction(), b in fraction()) {
            same(&mul(&a, &b), &(&a * &b));
            same(&add(&a, &b), &(&a + &b));
            same(&add(&a, &-&b), &(&a - &b));
            let g = gcd(a.numer().magnitude(), a.denom().magnitude());
            prop_assert!(g.is_one() || a.is_zero());
        }
    }

    #[test]
    fn divisors() {
        let big = BigUint::from(2u32).pow(300) * BigUint::from(9u32);
        assert_eq!(gcd(&big, &BigUint::from(12u32)), BigUint::from(12u32));
        assert_eq!(
            gcd(&BigUint::zero(), &BigUint::from(5u32)),
            BigUint::from(5u32)
        );
        assert_eq!(gcd(&BigUint::zero(), &BigUint::zero()), BigUint::zero());
        assert_eq!(gcd(&big, &big), big);
    }
}
