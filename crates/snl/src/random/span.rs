//! The numbers a spec is written in: ranges of whole numbers and exact
//! chances, drawn with [`SplitMix64`]; and what goes wrong reading a spec
//! or drawing from it.

use std::fmt;
use std::str::FromStr;

use crate::board::MAX_SQUARES;
use crate::limits::LimitError;
use crate::rng::SplitMix64;

/// The draws boards are made of, in whole numbers: a value of a
/// [`Span`], a chance of a [`Ratio`].
impl SplitMix64 {
    /// A number in `span`, each equally likely.
    pub fn within(&mut self, span: Span) -> u32 {
        span.lo + self.below(u64::from(span.hi - span.lo) + 1) as u32
    }

    /// True with the chance `p`.
    pub fn chance(&mut self, p: Ratio) -> bool {
        p.num > 0 && self.below(p.den) < p.num
    }
}

/// An inclusive range of whole numbers, `lo..=hi`, written `3` or `3..7`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Span {
    /// The smallest value.
    pub lo: u32,
    /// The largest value.
    pub hi: u32,
}

impl Span {
    /// `lo..=hi`.
    ///
    /// # Errors
    ///
    /// [`GenError::EmptySpan`] when `lo > hi`.
    pub fn new(lo: u32, hi: u32) -> Result<Span, GenError> {
        if lo > hi {
            return Err(GenError::EmptySpan { lo, hi });
        }
        Ok(Span { lo, hi })
    }

    /// The one value `n`.
    pub fn exactly(n: u32) -> Span {
        Span { lo: n, hi: n }
    }

    /// `lo` and up, without a bound of its own.
    pub fn at_least(lo: u32) -> Span {
        Span { lo, hi: u32::MAX }
    }

    /// Whether `n` is in the range.
    pub fn contains(self, n: u32) -> bool {
        (self.lo..=self.hi).contains(&n)
    }
}

impl fmt::Display for Span {
    /// `3`, `3..7`, or `3..` when there is no upper bound.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.lo, self.hi) {
            (lo, hi) if lo == hi => write!(f, "{lo}"),
            (lo, u32::MAX) => write!(f, "{lo}.."),
            (lo, hi) => write!(f, "{lo}..{hi}"),
        }
    }
}

impl FromStr for Span {
    type Err = GenError;

    /// `7`, `3..7` (both ends included), `3..=7`, or `3..` (no upper bound).
    fn from_str(s: &str) -> Result<Span, GenError> {
        let bad = || GenError::BadSpan(s.to_string());
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        match s.split_once("..") {
            None => Ok(Span::exactly(number(s)?)),
            Some((lo, hi)) => {
                let hi = hi.strip_prefix('=').unwrap_or(hi);
                if hi.trim().is_empty() {
                    return Ok(Span::at_least(number(lo)?));
                }
                Span::new(number(lo)?, number(hi)?)
            }
        }
    }
}

/// A chance, as an exact fraction `num / den` (at most 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ratio {
    pub(super) num: u64,
    pub(super) den: u64,
}

impl Ratio {
    /// `num / den` in lowest terms.
    ///
    /// # Errors
    ///
    /// [`GenError::BadRatio`] when `den` is 0 or the fraction is above 1.
    pub fn new(num: u64, den: u64) -> Result<Ratio, GenError> {
        if den == 0 || num > den {
            return Err(GenError::BadRatio(format!("{num}/{den}")));
        }
        let g = gcd(num, den);
        Ok(Ratio {
            num: num / g,
            den: den / g,
        })
    }

    /// The numerator, in lowest terms.
    pub fn num(self) -> u64 {
        self.num
    }

    /// The denominator, in lowest terms.
    pub fn den(self) -> u64 {
        self.den
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl fmt::Display for Ratio {
    /// `1/20`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

impl FromStr for Ratio {
    type Err = GenError;

    /// `0.05`, `5%` or `1/20`. Decimals are read exactly (`0.1` is 1/10),
    /// so the boards a chance gives do not depend on floating point.
    fn from_str(s: &str) -> Result<Ratio, GenError> {
        let bad = || GenError::BadRatio(s.to_string());
        let t = s.trim();
        if let Some((num, den)) = t.split_once('/') {
            let num = num.trim().parse().map_err(|_| bad())?;
            let den = den.trim().parse().map_err(|_| bad())?;
            return Ratio::new(num, den).map_err(|_| bad());
        }
        let (t, scale) = match t.strip_suffix('%') {
            Some(p) => (p.trim(), 100u64),
            None => (t, 1),
        };
        let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
        if whole.is_empty() && frac.is_empty()
            || frac.len() > 15
            || !whole
                .bytes()
                .chain(frac.bytes())
                .all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let den = 10u64.pow(frac.len() as u32) * scale;
        let whole: u64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| bad())?
        };
        let frac: u64 = if frac.is_empty() {
            0
        } else {
            frac.parse().map_err(|_| bad())?
        };
        let num = whole
            .checked_mul(den / scale)
            .and_then(|w| w.checked_add(frac))
            .ok_or_else(bad)?;
        Ratio::new(num, den).map_err(|_| bad())
    }
}

/// Boards that cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenError {
    /// A range written backwards.
    #[error("{lo}..{hi} is an empty range; write the smaller number first")]
    EmptySpan {
        /// The lower end.
        lo: u32,
        /// The upper end.
        hi: u32,
    },
    /// A range that does not read.
    #[error("`{0}` is not a range: write a number such as `7` or a range such as `3..7`")]
    BadSpan(String),
    /// A chance that does not read.
    #[error("`{0}` is not a chance from 0 to 1: write `0.1`, `10%` or `1/10`")]
    BadRatio(String),
    /// A size outside what a board may have.
    #[error("a board needs 1 to {MAX_SQUARES} squares, not {0}")]
    Size(u64),
    /// More jumps than the board has room for.
    #[error(
        "{wanted} do not fit on a board of {squares} squares with jumps of {length} squares; \
         ask for fewer, or a bigger board"
    )]
    TooManyJumps {
        /// What was asked for, in words.
        wanted: String,
        /// The board size.
        squares: u32,
        /// The jump lengths allowed.
        length: Span,
    },
    /// No board met the constraints within the tries allowed.
    #[error(
        "none of {tries} random boards met the constraints ({failed}); loosen them or change the \
         size or the number of jumps"
    )]
    NoBoard {
        /// The boards drawn.
        tries: u32,
        /// How many boards each constraint turned away, in words.
        failed: String,
    },
    /// Boards the problem of the form asked for forbids.
    #[error("{problem} promises {what}; ask for boards it allows, or pass --beyond to draw others")]
    Beyond {
        /// The problem.
        problem: &'static str,
        /// What it promises, in words.
        what: String,
    },
    /// Judging a board was over the budget, or stopped.
    #[error(transparent)]
    Limit(#[from] LimitError),
}
