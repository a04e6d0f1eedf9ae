//! `simulate`'s answer: games played with a real die.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::header::Header;
use crate::simulate::{Lengths, Simulation};

/// The quantiles `simulate` gives beside the median, as the keys of
/// [`SimulatedLengths::quantiles`].
pub const SIMULATE_QUANTILES: [(f64, &str); 5] = [
    (0.1, "0.1"),
    (0.25, "0.25"),
    (0.75, "0.75"),
    (0.9, "0.9"),
    (0.99, "0.99"),
];

/// `simulate`: many games played with a real die.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimulateAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// Games played (fewer than asked when stopped early).
    pub games: u64,
    /// The seed of every random number.
    pub seed: u64,
    /// The most rolls a game was allowed.
    pub max_rolls: u64,
    /// Games stopped at `max_rolls` without finishing.
    pub capped: u64,
    /// Whether the simulation was stopped before playing every game.
    pub stopped: bool,
    /// The mean rolls of the finished games (as `rolls.mean`).
    pub mean: Option<f64>,
    /// Its 95 % confidence interval (as `rolls.ci95`).
    pub ci95: Option<[f64; 2]>,
    /// The games counted by rolls.
    pub rolls: SimulatedLengths,
    /// The games counted by turns, under the bonus-roll rule; `null`
    /// without it.
    pub turns: Option<SimulatedLengths>,
}

/// The simulated lengths in one unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimulatedLengths {
    /// The mean length of the finished games; `null` when none finished.
    pub mean: Option<f64>,
    /// The 95 % confidence interval of the mean, `[low, high]`.
    pub ci95: Option<[f64; 2]>,
    /// The sample standard deviation.
    pub std_dev: Option<f64>,
    /// The median length (capped games count as longer than any).
    pub median: Option<u64>,
    /// The length at or below which each share of all games of
    /// [`SIMULATE_QUANTILES`] finished, keyed `"0.1"`, ...; `null` beyond the
    /// cap.
    pub quantiles: BTreeMap<String, Option<u64>>,
    /// The exact mean from the Markov chain; `null` when it is unbounded or
    /// could not be computed.
    pub exact_mean: Option<f64>,
    /// (simulated mean - exact mean) / standard error.
    pub z: Option<f64>,
    /// `histogram[n]`: finished games of length `n`, for lengths below
    /// [`crate::simulate::DENSE_LENGTHS`] (131072).
    pub histogram: Vec<u64>,
    /// `[length, games]` for the finished games of 131072 rolls (or turns)
    /// or more, shortest first: an entry per length that occurred, so that
    /// a game of a billion rolls (with a high `max_rolls`) is one entry.
    /// Empty unless `max_rolls` allows such games.
    pub histogram_long: Vec<[u64; 2]>,
}

impl SimulatedLengths {
    /// The statistics of `lengths`, beside the exact mean when known.
    pub fn new(lengths: &Lengths<'_>, exact_mean: Option<f64>) -> SimulatedLengths {
        SimulatedLengths {
            mean: lengths.mean(),
            ci95: lengths.ci95().map(|(a, b)| [a, b]),
            std_dev: lengths.std_dev(),
            median: lengths.median(),
            quantiles: SIMULATE_QUANTILES
                .iter()
                .map(|&(q, key)| (key.to_string(), lengths.quantile(q)))
                .collect(),
            exact_mean,
            z: exact_mean.and_then(|e| lengths.z_score(e)),
            histogram: lengths.histogram.dense(
                lengths
                    .histogram
                    .longest()
                    .map_or(0, |n| n + 1)
                    .min(crate::simulate::DENSE_LENGTHS),
            ),
            histogram_long: lengths
                .histogram
                .iter()
                .filter(|&(n, _)| n >= crate::simulate::DENSE_LENGTHS)
                .map(|(n, c)| [n, c])
                .collect(),
        }
    }

    /// `(length, games)` for every length some finished game took, shortest
    /// first: [`SimulatedLengths::histogram`] and
    /// [`SimulatedLengths::histogram_long`] together.
    pub fn counts(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.histogram
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(n, &c)| (n as u64, c))
            .chain(self.histogram_long.iter().map(|&[n, c]| (n, c)))
    }
}

impl SimulateAnswer {
    /// The answer for `sim`, played from `seed`, beside the exact means
    /// (by rolls, and by turns under the bonus rule) when known.
    pub fn new(
        header: Header,
        sim: &Simulation,
        seed: u64,
        exact_rolls: Option<f64>,
        exact_turns: Option<f64>,
    ) -> SimulateAnswer {
        let bonus = header.rules.bonus;
        let rolls = SimulatedLengths::new(&sim.lengths(crate::game::Unit::Rolls), exact_rolls);
        SimulateAnswer {
            header,
            games: sim.games,
            seed,
            max_rolls: sim.max_rolls,
            capped: sim.capped,
            stopped: sim.stopped,
            mean: rolls.mean,
            ci95: rolls.ci95,
            rolls,
            turns: bonus.then(|| {
                SimulatedLengths::new(&sim.lengths(crate::game::Unit::Turns), exact_turns)
            }),
        }
    }
}
