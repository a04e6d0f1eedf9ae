//! The games counted by length, and the statistics read off the counts.

use std::collections::BTreeMap;

use crate::game::Unit;

/// Game lengths below this (which covers [`DEFAULT_MAX_ROLLS`](crate::simulate::DEFAULT_MAX_ROLLS)) are counted
/// in a plain array; longer ones (on boards where games last very long,
/// with a higher `max_rolls`) in a map, so that one game of a billion rolls
/// costs one entry, not a billion.
pub const DENSE_LENGTHS: u64 = 1 << 17;

/// How many games took each number of rolls (or turns).
///
/// Short lengths are counted in an array, long ones in a map, so memory
/// grows with the lengths seen rather than with the longest.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Histogram {
    short: Vec<u64>,
    long: BTreeMap<u64, u64>,
}

impl Histogram {
    /// A histogram of the given counts: `counts[n]` games of length `n`.
    pub fn from_counts(counts: &[u64]) -> Histogram {
        let mut h = Histogram::default();
        for (n, &c) in counts.iter().enumerate() {
            h.add_many(n as u64, c);
        }
        h
    }

    /// Counts one game of length `n`.
    pub fn add(&mut self, n: u64) {
        self.add_many(n, 1);
    }

    fn add_many(&mut self, n: u64, count: u64) {
        if count == 0 {
            return;
        }
        if n < DENSE_LENGTHS {
            let i = n as usize;
            if i >= self.short.len() {
                self.short.resize(i + 1, 0);
            }
            self.short[i] += count;
        } else {
            *self.long.entry(n).or_insert(0) += count;
        }
    }

    /// The games of length `n`.
    pub fn count(&self, n: u64) -> u64 {
        if n < DENSE_LENGTHS {
            self.short.get(n as usize).copied().unwrap_or(0)
        } else {
            self.long.get(&n).copied().unwrap_or(0)
        }
    }

    /// `(length, games)` for every length some game took, shortest first.
    pub fn iter(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.short
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(n, &c)| (n as u64, c))
            .chain(self.long.iter().map(|(&n, &c)| (n, c)))
    }

    /// The longest length some game took.
    pub fn longest(&self) -> Option<u64> {
        self.long
            .keys()
            .next_back()
            .copied()
            .or_else(|| self.short.iter().rposition(|&c| c > 0).map(|n| n as u64))
    }

    /// The games counted.
    pub fn total(&self) -> u64 {
        self.iter().map(|(_, c)| c).sum()
    }

    /// The games of each length from 0 to `end - 1`, as an array.
    pub fn dense(&self, end: u64) -> Vec<u64> {
        (0..end).map(|n| self.count(n)).collect()
    }

    pub(super) fn merge(mut a: Histogram, mut b: Histogram) -> Histogram {
        if a.short.len() < b.short.len() {
            std::mem::swap(&mut a, &mut b);
        }
        for (x, y) in a.short.iter_mut().zip(&b.short) {
            *x += y;
        }
        for (n, c) in b.long {
            *a.long.entry(n).or_insert(0) += c;
        }
        a
    }
}

/// The games of a simulation, counted by length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Simulation {
    /// Games played, capped ones included.
    pub games: u64,
    /// Games stopped at the cap before reaching the last square.
    pub capped: u64,
    /// The cap on one game's rolls.
    pub max_rolls: u64,
    /// Whether the simulation was stopped before playing every game.
    pub stopped: bool,
    /// Games that reached the last square, by their number of rolls.
    /// Capped games are not in it.
    pub rolls: Histogram,
    /// Games that reached the last square, by their number of turns (the
    /// same as `rolls` without the bonus rule).
    pub turns: Histogram,
}

impl Simulation {
    /// Games that reached the last square.
    pub fn finished(&self) -> u64 {
        self.games - self.capped
    }

    /// The lengths in `unit`, with what is needed to read statistics off
    /// them.
    pub fn lengths(&self, unit: Unit) -> Lengths<'_> {
        Lengths {
            histogram: match unit {
                Unit::Rolls => &self.rolls,
                Unit::Turns => &self.turns,
            },
            games: self.games,
            capped: self.capped,
        }
    }

    /// Rolls played in all, capped games included (saturating at 2^128).
    pub fn total_rolls(&self) -> u128 {
        self.lengths(Unit::Rolls)
            .sum(1)
            .unwrap_or(u128::MAX)
            .saturating_add(u128::from(self.capped) * u128::from(self.max_rolls))
    }
}

/// The finished games' lengths in one unit, and statistics of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lengths<'a> {
    /// Finished games by length.
    pub histogram: &'a Histogram,
    /// Games played, capped ones included.
    pub games: u64,
    /// Games stopped at the cap, not in the histogram.
    pub capped: u64,
}

impl Lengths<'_> {
    /// `Σ n^power` over finished games, exactly; `None` beyond 2^128
    /// (games of a trillion rolls, squared, counted a billion times).
    fn sum(&self, power: u32) -> Option<u128> {
        self.histogram.iter().try_fold(0u128, |acc, (n, c)| {
            u128::from(n)
                .checked_pow(power)?
                .checked_mul(u128::from(c))?
                .checked_add(acc)
        })
    }

    /// `Σ n^power` over finished games, in floating point.
    fn sum_f64(&self, power: i32) -> f64 {
        self.histogram
            .iter()
            .map(|(n, c)| (n as f64).powi(power) * c as f64)
            .sum()
    }

    fn finished(&self) -> u64 {
        self.games - self.capped
    }

    /// The mean length of the finished games; `None` when no game
    /// finished. With capped games it underestimates the game's mean.
    pub fn mean(&self) -> Option<f64> {
        let n = self.finished();
        (n > 0).then(|| match self.sum(1) {
            Some(s) => s as f64 / n as f64,
            None => self.sum_f64(1) / n as f64,
        })
    }

    /// The sample standard deviation of the finished games' lengths; `None`
    /// with fewer than two.
    pub fn std_dev(&self) -> Option<f64> {
        let n = self.finished();
        if n < 2 {
            return None;
        }
        // n Σx² - (Σx)² is exact in integers, so no cancellation.
        let exact = (|| {
            let (s1, s2, n) = (self.sum(1)?, self.sum(2)?, u128::from(n));
            n.checked_mul(s2)?.checked_sub(s1.checked_mul(s1)?)
        })();
        let spread = if let Some(spread) = exact {
            spread as f64
        } else {
            // Around the mean, in floating point, for lengths whose
            // squared sums outgrow 128 bits.
            let mean = self.sum_f64(1) / n as f64;
            let squares: f64 = self
                .histogram
                .iter()
                .map(|(x, c)| (x as f64 - mean).powi(2) * c as f64)
                .sum();
            squares * n as f64
        };
        Some((spread / (n as f64 * (n - 1) as f64)).sqrt())
    }

    /// The standard error of [`Lengths::mean`].
    pub fn std_error(&self) -> Option<f64> {
        Some(self.std_dev()? / (self.finished() as f64).sqrt())
    }

    /// The 95 % confidence interval of the mean (normal approximation:
    /// mean ± 1.96 standard errors).
    pub fn ci95(&self) -> Option<(f64, f64)> {
        let (m, e) = (self.mean()?, self.std_error()?);
        Some((m - 1.96 * e, m + 1.96 * e))
    }

    /// How many standard errors the mean lies from `exact` (positive when
    /// above). `None` without a standard error, or when it is zero (every
    /// game had the same length).
    pub fn z_score(&self, exact: f64) -> Option<f64> {
        let e = self.std_error().filter(|&e| e > 0.0)?;
        Some((self.mean()? - exact) / e)
    }

    /// The smallest length `n` such that at least a share `p` of all games
    /// (capped ones included, as longer than any) took `n` or fewer. `None`
    /// when that share is only reached among the capped games, or no game
    /// was played.
    ///
    /// # Panics
    ///
    /// When `p` is not within `0..=1`.
    pub fn quantile(&self, p: f64) -> Option<u64> {
        assert!(
            (0.0..=1.0).contains(&p),
            "a quantile needs 0 <= p <= 1, not {p}"
        );
        if self.games == 0 {
            return None;
        }
        let need = ((p * self.games as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (n, c) in self.histogram.iter() {
            seen += c;
            if seen >= need {
                return Some(n);
            }
        }
        None
    }

    /// The median length (see [`Lengths::quantile`]).
    pub fn median(&self) -> Option<u64> {
        self.quantile(0.5)
    }
}
