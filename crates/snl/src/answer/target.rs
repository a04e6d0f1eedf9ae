//! `expect --target`'s and `expect --via`'s answers: the rolls until the
//! pawn first rests on one of a set of squares, or first takes a jump, and
//! the chance that it ever does.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::expect::EXPECT_QUANTILES;
use super::header::Header;
use crate::board::Jump;
use crate::markov::target::{Hitting, Target, Via};

/// `expect --target SQUARES`: how soon a pawn first comes to rest on one of
/// the squares, and how likely it is to ever do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The squares aimed at, as `[first, last]` runs.
    pub target: Vec<[u32; 2]>,
    /// The chance, and the rolls it takes.
    #[serde(flatten)]
    pub first: FirstPassage,
}

/// `expect --via FROM-TO`: how likely a game is to take a jump, how often
/// it does, and how soon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ViaAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The jump, `[from, to]`.
    pub via: [u32; 2],
    /// `ladder` or `snake`.
    pub kind: String,
    /// The expected number of times a game takes it; `null` when a game
    /// may never end.
    pub times: Option<f64>,
    /// The chance a game takes it at least once, and the rolls until it
    /// first does.
    #[serde(flatten)]
    pub first: FirstPassage,
}

/// The chance that something ever happens in a game, and the rolls until
/// it first does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FirstPassage {
    /// The chance that it ever happens.
    pub chance: f64,
    /// The expected rolls until it first does, in the games where it does;
    /// `null` when no game does.
    pub mean: Option<f64>,
    /// Their variance, in the same games; `null` too where floating point
    /// cannot hold it to 1e-10 (boards of very many states).
    pub variance: Option<f64>,
    /// Their standard deviation.
    pub std_dev: Option<f64>,
    /// The median rolls, in the games where it happens; `null` too when
    /// the distribution was not followed far enough.
    pub median: Option<usize>,
    /// The likeliest number of rolls.
    pub mode: Option<usize>,
    /// The q-quantiles of the rolls in the games where it happens, keyed
    /// as `snl expect` keys its own.
    pub quantiles: BTreeMap<String, Option<usize>>,
    /// The chance that it happens within K rolls, for each K asked for
    /// (counting the games where it never does); `null` past the rolls
    /// followed.
    pub within: BTreeMap<usize, Option<f64>>,
    /// The chance the distribution, followed roll by roll for about a
    /// second of work at most, did not account for.
    pub unresolved: f64,
    /// A bound on the error of each chance in `within`, and of those
    /// behind `median`, `mode` and `quantiles`, where the tail of the
    /// distribution was written down as geometric once that was certified
    /// (below 1e-12 of `chance`); 0 where it was followed to its end.
    #[serde(default)]
    pub chance_error: f64,
}

impl FirstPassage {
    /// The figures of `hit`, with the chance within each of `within`.
    pub fn new(hit: &Hitting, within: &[usize]) -> FirstPassage {
        FirstPassage {
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
            unresolved: hit.unresolved,
            chance_error: hit.error,
        }
    }
}

impl TargetAnswer {
    /// The answer for `hit`, the rolls to `target`; with the chance within
    /// each of `within` rolls.
    pub fn new(header: Header, target: &Target, hit: &Hitting, within: &[usize]) -> TargetAnswer {
        TargetAnswer {
            header,
            target: target.runs().iter().map(|&(a, b)| [a, b]).collect(),
            first: FirstPassage::new(hit, within),
        }
    }
}

impl ViaAnswer {
    /// The answer for `via`, the part `jump` plays; with the chance of
    /// taking it within each of `within` rolls.
    pub fn new(header: Header, jump: Jump, via: &Via, within: &[usize]) -> ViaAnswer {
        ViaAnswer {
            header,
            via: [jump.from, jump.to],
            kind: jump.kind().to_string(),
            times: via.times,
            first: FirstPassage::new(&via.first, within),
        }
    }
}
