//! `expect --target`'s answer: the rolls until the pawn first rests on one
//! of a set of squares, and the chance that it ever does.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::expect::EXPECT_QUANTILES;
use super::header::Header;
use crate::markov::target::{Hitting, Target};

/// `expect --target SQUARES`: how soon a pawn first comes to rest on one of
/// the squares, and how likely it is to ever do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The squares aimed at, as `[first, last]` runs.
    pub target: Vec<[u32; 2]>,
    /// The chance that the pawn ever rests on one of them.
    pub chance: f64,
    /// The expected rolls until it first does, in the games where it does;
    /// `null` when no game does.
    pub mean: Option<f64>,
    /// Their variance, in the same games.
    pub variance: Option<f64>,
    /// Their standard deviation.
    pub std_dev: Option<f64>,
    /// The median rolls, in the games that get there.
    pub median: Option<usize>,
    /// The likeliest number of rolls.
    pub mode: Option<usize>,
    /// The q-quantiles of the rolls in the games that get there, keyed as
    /// `snl expect` keys its own.
    pub quantiles: BTreeMap<String, Option<usize>>,
    /// The chance of resting on one of the squares within K rolls, for
    /// each K asked for (counting the games that never do).
    pub within: BTreeMap<usize, f64>,
}

impl TargetAnswer {
    /// The answer for `hit`, the rolls to `target`; with the chance within
    /// each of `within` rolls.
    pub fn new(header: Header, target: &Target, hit: &Hitting, within: &[usize]) -> TargetAnswer {
        TargetAnswer {
            header,
            target: target.runs().iter().map(|&(a, b)| [a, b]).collect(),
            chance: hit.chance,
            mean: hit.mean,
            variance: hit.variance,
            std_dev: hit.std_dev(),
            median: hit.median(),
            mode: hit.mode(),
            quantiles: EXPECT_QUANTILES
                .iter()
                .map(|&(q, key)| (key.to_string(), hit.quantile(q)))
                .collect(),
            within: within.iter().map(|&k| (k, hit.within(k))).collect(),
        }
    }
}
