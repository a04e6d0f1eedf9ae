//! `expect`'s answer: the exact statistics of a game's length.

use std::collections::BTreeMap;

use num_rational::BigRational;
use serde::{Deserialize, Serialize};

use super::header::Header;
use super::visits::{Impact, VisitsAnswer};
use crate::choice::{self, Play};
use crate::game::Unit;
use crate::limits;
use crate::markov::{self, Stats};
use crate::plan::{DistributionOver, Engine, Expectation, Length, Subject};
use crate::sparse;
use crate::words;

/// The quantiles `expect` gives, as the keys of [`LengthStats::quantiles`].
pub const EXPECT_QUANTILES: [(f64, &str); 6] = [
    (0.1, "0.1"),
    (0.25, "0.25"),
    (0.5, "0.5"),
    (0.75, "0.75"),
    (0.9, "0.9"),
    (0.99, "0.99"),
];

/// Digits after the point in [`LengthStats::exact_mean_decimal`].
pub const EXACT_DIGITS: usize = 40;

/// `expect`: the exact statistics of a one-player game's length. The
/// statistics by rolls are at the top level; by turns in `turns`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExpectAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The statistics of the number of rolls.
    #[serde(flatten)]
    pub rolls: LengthStats,
    /// The fewest rolls, from the search (exact even where the distribution
    /// does not follow chances as small as the fewest rolls'); `null` when
    /// unreachable.
    pub min_rolls: Option<u64>,
    /// The engine that answered: `dense` (tables a square long) or
    /// `sparse` (squares kept only near the jumps, for boards of any
    /// length: the moments, not the distribution).
    pub engine: Engine,
    /// Bounds on the floating-point error of `mean`, `variance`, `std_dev`
    /// and `never_finishes`, from the sparse engine, which states them;
    /// `null` from the dense one.
    pub error_bounds: Option<ErrorBounds>,
    /// The same statistics by turns; only under the bonus-roll rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<LengthStats>,
    /// Expected landings and rests on every square; only when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visits: Option<VisitsAnswer>,
    /// Each jump's effect on the mean; only when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub impact: Option<Vec<Impact>>,
    /// The best play, when the player has a choice (optional jumps, dice
    /// to pick from): the statistics above are of the game under it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<PolicyAnswer>,
}

/// The best play of a game with choices ([`choice::Solution`]): what it
/// does with each optional jump, and with dice to pick from, the die it
/// picks on each square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicyAnswer {
    /// Each optional jump, by start, and what the best play does with it.
    pub jumps: Vec<JumpPlayAnswer>,
    /// The dice picked from, as `--choose-die` reads them; absent when the
    /// player rolls the rules' die.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<String>,
    /// With dice to pick from: for each position from 0 to the last
    /// square, the die picked there at the start of a turn, an index into
    /// `dice`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die_by_square: Option<Vec<usize>>,
}

/// One optional jump and the best play's choice there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JumpPlayAnswer {
    /// The jump's start.
    pub from: u32,
    /// Its end.
    pub to: u32,
    /// `ladder` or `snake`.
    pub kind: String,
    /// `taken`, `declined`, or `by_streak` (it depends on the top values
    /// rolled in a row, under the bonus rule).
    pub play: String,
}

impl PolicyAnswer {
    /// The policy of `solution`; `picked` when the player picks among
    /// dice (the dice and the die of each square are then given).
    pub fn new(solution: &choice::Solution, picked: bool) -> PolicyAnswer {
        PolicyAnswer {
            jumps: solution
                .jumps
                .iter()
                .map(|(j, p)| JumpPlayAnswer {
                    from: j.from,
                    to: j.to,
                    kind: j.kind().to_string(),
                    play: match p {
                        Play::Taken => "taken",
                        Play::Declined => "declined",
                        _ => "by_streak",
                    }
                    .to_string(),
                })
                .collect(),
            dice: if picked {
                solution.dice.iter().map(ToString::to_string).collect()
            } else {
                Vec::new()
            },
            die_by_square: picked.then(|| solution.policy.dice_by_square()),
        }
    }
}

/// Bounds on the error of the moments the sparse engine gives: each
/// figure is within its bound of the exact one.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ErrorBounds {
    /// The bound on the error of the mean, in rolls.
    pub mean: f64,
    /// The bound on the error of the variance.
    pub variance: f64,
    /// The bound on the error of the standard deviation.
    pub std_dev: f64,
    /// The bound on the error of the chance of never finishing.
    pub never_finishes: f64,
}

impl ExpectAnswer {
    /// The answer `expectation` gives of `subject` ([`crate::plan::expect`]):
    /// the statistics of the engine that answered, with the chances within
    /// each K asked for (exactly 0 below the fewest rolls, where the
    /// distribution was not followed), the best play where there was a
    /// choice, the visits (or why they are left out) and the impact where
    /// asked for.
    pub fn new(subject: &Subject, expectation: &Expectation) -> ExpectAnswer {
        let e = expectation;
        let header = Header::of_subject(subject);
        let mut answer = match (&e.length, &e.best) {
            (
                Length::Dense {
                    rolls,
                    exact,
                    turns,
                },
                _,
            ) => ExpectAnswer {
                min_rolls: e.min_rolls,
                ..ExpectAnswer::dense(
                    header,
                    (rolls, exact.as_ref()),
                    turns.as_ref().map(|(t, exact)| (t, exact.as_ref())),
                    &e.within,
                    None,
                )
            },
            (Length::Sparse { moments, over }, _) => {
                let mut answer =
                    ExpectAnswer::from_long(header, moments, e.min_rolls, over.as_ref());
                answer.rolls.leave_out_within(&e.within);
                answer
            }
            (Length::Policy, Some(best)) => ExpectAnswer {
                min_rolls: e.min_rolls,
                ..ExpectAnswer::of_choice(header, best, &e.within, e.picked)
            },
            (Length::Policy, None) => unreachable!("a policy's statistics come with the best play"),
        };
        if let Some(fewest) = e.min_rolls {
            answer.rolls.none_within(fewest);
        }
        answer.policy = e.best.as_ref().map(|b| PolicyAnswer::new(b, e.picked));
        answer.visits = e.visits.as_ref().map(|v| match v {
            Ok(visits) => VisitsAnswer::new(visits.as_ref()),
            Err(why) => VisitsAnswer::unavailable(why.to_string()),
        });
        answer.impact = e
            .impact
            .as_ref()
            .map(|list| list.iter().map(Impact::from).collect());
        answer
    }

    /// The answer of the engine that keeps tables a square long, for a
    /// game with no choice: the statistics of the number of rolls, and of
    /// turns (given under the bonus rule), each with the chance of ending
    /// within each of `within` and its exact mean where one was computed,
    /// and the fewest rolls from the search. The visits, the impact and
    /// the policy are left out: a front end that gives them sets them.
    pub fn dense(
        header: Header,
        rolls: (&Stats, Option<&BigRational>),
        turns: Option<(&Stats, Option<&BigRational>)>,
        within: &[usize],
        min_rolls: Option<u32>,
    ) -> ExpectAnswer {
        ExpectAnswer {
            header,
            rolls: LengthStats::new(rolls.0, Unit::Rolls, within, rolls.1),
            min_rolls: min_rolls.map(u64::from),
            engine: Engine::Dense,
            error_bounds: None,
            turns: turns.map(|(t, exact)| LengthStats::new(t, Unit::Turns, within, exact)),
            visits: None,
            impact: None,
            policy: None,
        }
    }

    /// The answer for the best play of a game with a choice when it is no
    /// plain game (see [`choice::Solution::plain`]): its mean, variance
    /// and exact mean with the figures of the distribution left out
    /// ([`LengthStats::of_choice`], with `within`), and its policy
    /// ([`PolicyAnswer::new`], with the dice when `picked`). A best play
    /// that is a plain game is answered as that game is, by [`dense`],
    /// with the policy beside it.
    ///
    /// [`dense`]: ExpectAnswer::dense
    pub fn of_choice(
        header: Header,
        solution: &choice::Solution,
        within: &[usize],
        picked: bool,
    ) -> ExpectAnswer {
        ExpectAnswer {
            header,
            rolls: LengthStats::of_choice(solution, within),
            min_rolls: None,
            engine: Engine::Dense,
            error_bounds: None,
            turns: None,
            visits: None,
            impact: None,
            policy: Some(PolicyAnswer::new(solution, picked)),
        }
    }

    /// The answer of the sparse engine: the moments of
    /// the number of rolls ([`crate::sparse::markov::moments`]), with their
    /// error bounds, and the fewest rolls. The figures read off the
    /// distribution are `null`, and `left_out` says why: on a board the
    /// dense engine holds, that following it is `over` the work allowed
    /// (`plan::expect`).
    pub fn from_long(
        header: Header,
        moments: &sparse::markov::Moments,
        min_rolls: Option<u64>,
        over: Option<&DistributionOver>,
    ) -> ExpectAnswer {
        let quantiles: BTreeMap<String, Option<usize>> = EXPECT_QUANTILES
            .iter()
            .map(|&(_, key)| (key.to_string(), None))
            .collect();
        let mut fields = vec!["median".to_string(), "mode".to_string()];
        fields.extend(quantiles.keys().map(|k| format!("quantiles.{k}")));
        let rolls = LengthStats {
            mean: moments.mean,
            never_finishes: moments.never,
            variance: moments.variance,
            std_dev: moments.std_dev,
            min: None,
            median: None,
            mode: None,
            quantiles,
            within: BTreeMap::new(),
            unresolved: 1.0 - moments.never,
            chance_error: 0.0,
            left_out: Some(match over {
                None => LeftOut {
                    fields,
                    reason: LeftOutReason::Sparse,
                    message: "the sparse engine gives the mean and variance, \
                              not the distribution of the length"
                        .to_string(),
                    steps_followed: 0,
                    estimated_work: None,
                    allowed_work: None,
                },
                Some(over) => {
                    let work = limits::saturate(over.work);
                    LeftOut {
                        fields,
                        reason: LeftOutReason::OverBudget,
                        message: format!(
                            "the distribution of the length was not followed: a game takes at \
                             least {} rolls, and following it that far is {} state updates ({}), \
                             over the {:.1e} allowed (the mean and variance are from the \
                             sparse engine)",
                            over.min_rolls,
                            words::about(work),
                            words::about_time(work),
                            over.allowed as f64
                        ),
                        steps_followed: 0,
                        estimated_work: Some(work),
                        allowed_work: Some(over.allowed),
                    }
                }
            }),
            exact_mean: None,
            exact_mean_decimal: None,
        };
        ExpectAnswer {
            header,
            rolls,
            min_rolls,
            engine: Engine::Sparse,
            error_bounds: Some(ErrorBounds {
                mean: moments.mean_error,
                variance: moments.variance_error,
                std_dev: moments.std_dev_error,
                never_finishes: moments.never_error,
            }),
            turns: None,
            visits: None,
            impact: None,
            policy: None,
        }
    }
}

/// The exact statistics of one count (rolls or turns).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LengthStats {
    /// The mean; `null` when the game may never end.
    pub mean: Option<f64>,
    /// The chance that the game never ends.
    pub never_finishes: f64,
    /// The variance; `null` when the game may never end.
    pub variance: Option<f64>,
    /// The standard deviation; `null` when the game may never end.
    pub std_dev: Option<f64>,
    /// The fewest turns with which the game can end, by turns; absent by
    /// rolls, where the answer's `min_rolls` says it from the search.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "present"
    )]
    // Three cases the JSON tells apart: absent, `null` and a number.
    #[allow(clippy::option_option)]
    pub min: Option<Option<usize>>,
    /// The median.
    pub median: Option<usize>,
    /// The most likely length (the smallest, on a tie).
    pub mode: Option<usize>,
    /// The q-quantile (the smallest t with P(T <= t) >= q) for each q of
    /// [`EXPECT_QUANTILES`], keyed `"0.1"`, ..., `"0.99"`; `null` where the
    /// game ends with a chance below q or the distribution stopped short.
    pub quantiles: BTreeMap<String, Option<usize>>,
    /// P(T <= K) for each K asked for ([`markov::Distribution::within`]);
    /// `null` where the distribution stopped short of K.
    pub within: BTreeMap<usize, Option<f64>>,
    /// The chance the distribution did not account for (below 1e-12 unless
    /// the board is very large).
    pub unresolved: f64,
    /// A bound on the error of each chance in `within`, and of the chances
    /// behind `median`, `mode` and `quantiles`, where the tail of the
    /// distribution was written down as geometric once that was certified
    /// (below 1e-12); 0 where it was followed to its end
    /// ([`markov::Distribution::error`]).
    #[serde(default)]
    pub chance_error: f64,
    /// The figures above read off the distribution that are `null` because
    /// it was skipped or stopped short, and why; `null` when nothing was
    /// left out.
    pub left_out: Option<LeftOut>,
    /// The exact mean as a fraction in lowest terms (`"1234/56"`); only when
    /// asked for and the game always ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact_mean: Option<String>,
    /// The exact mean in decimal, rounded to [`EXACT_DIGITS`] digits after
    /// the point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact_mean_decimal: Option<String>,
}

/// A field that is there, `null` or not: `Some(None)` for `null`, where
/// the field's absence is `None`.
// Three cases the JSON tells apart: absent, `null` and a number.
#[allow(clippy::option_option)]
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<usize>>, D::Error> {
    Option::<usize>::deserialize(d).map(Some)
}

impl LengthStats {
    /// The statistics of `stats`, a length counted in `unit`, with the
    /// chance of ending within each of `within`, and the exact mean when it
    /// was computed.
    pub fn new(
        stats: &Stats,
        unit: Unit,
        within: &[usize],
        exact_mean: Option<&BigRational>,
    ) -> LengthStats {
        let d = &stats.distribution;
        let quantiles: BTreeMap<String, Option<usize>> = EXPECT_QUANTILES
            .iter()
            .map(|&(q, key)| (key.to_string(), d.quantile(q)))
            .collect();
        let within: BTreeMap<usize, Option<f64>> =
            within.iter().map(|&k| (k, d.within(k))).collect();
        let left_out = LeftOut::new(stats, unit, &quantiles, &within);
        LengthStats {
            mean: stats.mean,
            never_finishes: stats.never_finishes,
            variance: stats.variance,
            std_dev: stats.std_dev,
            min: (unit == Unit::Turns).then(|| d.min()),
            median: d.median(),
            mode: d.mode(),
            quantiles,
            within,
            unresolved: d.unresolved,
            chance_error: d.error,
            left_out,
            exact_mean: exact_mean.map(|m| format!("{}/{}", m.numer(), m.denom())),
            exact_mean_decimal: exact_mean.map(|m| markov::exact::decimal(m, EXACT_DIGITS)),
        }
    }
}

impl LengthStats {
    /// Each chance within K rolls asked for, left out (`null`, and named
    /// in `left_out`) where no distribution was followed: the sparse
    /// engine's statistics.
    fn leave_out_within(&mut self, within: &[usize]) {
        for &k in within {
            self.within.insert(k, None);
            if let Some(left) = &mut self.left_out {
                left.fields.push(format!("within.{k}"));
            }
        }
    }

    /// The chances within fewer rolls than the `fewest` a game can end
    /// in, which are 0 whether the distribution was followed or not: no
    /// longer left out.
    fn none_within(&mut self, fewest: u64) {
        let mut given = Vec::new();
        for (&k, chance) in &mut self.within {
            if (k as u64) < fewest {
                *chance = Some(0.0);
                given.push(format!("within.{k}"));
            }
        }
        if let Some(left) = &mut self.left_out {
            left.fields.retain(|f| !given.contains(f));
        }
    }

    /// The statistics of the best play when it is no plain game: its mean,
    /// variance and exact mean, every figure of the distribution left out
    /// ([`LeftOutReason::Choice`]).
    pub fn of_choice(solution: &choice::Solution, within: &[usize]) -> LengthStats {
        let quantiles: BTreeMap<String, Option<usize>> = EXPECT_QUANTILES
            .iter()
            .map(|&(_, key)| (key.to_string(), None))
            .collect();
        let within: BTreeMap<usize, Option<f64>> = within.iter().map(|&k| (k, None)).collect();
        let mut fields = vec!["median".to_string(), "mode".to_string()];
        fields.extend(quantiles.keys().map(|k| format!("quantiles.{k}")));
        fields.extend(within.keys().map(|k| format!("within.{k}")));
        let exact = solution.exact.as_ref();
        LengthStats {
            mean: solution.mean,
            never_finishes: if solution.mean.is_some() { 0.0 } else { 1.0 },
            variance: solution.variance,
            std_dev: solution.variance.map(f64::sqrt),
            min: None,
            median: None,
            mode: None,
            quantiles,
            within,
            unresolved: 0.0,
            chance_error: 0.0,
            left_out: Some(LeftOut {
                fields,
                reason: LeftOutReason::Choice,
                message: "the best play picks among dice, or by the bonus streak, so it is no plain game whose distribution is followed".to_string(),
                steps_followed: 0,
                estimated_work: None,
                allowed_work: None,
            }),
            exact_mean: exact.map(|m| format!("{}/{}", m.numer(), m.denom())),
            exact_mean_decimal: exact.map(|m| markov::exact::decimal(m, EXACT_DIGITS)),
        }
    }
}

/// The figures of a [`LengthStats`] read off the distribution that were not
/// given, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeftOut {
    /// The fields that are `null` for want of the distribution, among
    /// `min` (by turns), `median`, `mode`, `quantiles` (as
    /// `quantiles.0.9`, ...) and `within` (as `within.K`).
    pub fields: Vec<String>,
    /// Why.
    pub reason: LeftOutReason,
    /// The same in words, with the figures.
    pub message: String,
    /// The steps (rolls or turns) followed.
    pub steps_followed: usize,
    /// The estimated work of following it all, in state updates (about a
    /// nanosecond each); `over_budget` only.
    pub estimated_work: Option<u64>,
    /// The work allowed.
    pub allowed_work: Option<u64>,
}

/// Why figures read off the distribution were left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum LeftOutReason {
    /// `over_budget`: the distribution was not followed, since its
    /// estimated work was over the work allowed.
    OverBudget,
    /// `stopped`: it was followed until the work allowed ran out.
    Stopped,
    /// `choice`: the best play picks among dice or decides by the bonus
    /// streak, so it is no plain game whose distribution is followed; the
    /// mean and variance are still the policy's.
    Choice,
    /// `sparse`: the sparse engine answered, which gives
    /// the moments and not the distribution.
    Sparse,
}

impl LeftOutReason {
    /// The name the JSON gives it: `over_budget`, `stopped`, `choice`,
    /// `sparse`.
    pub fn name(self) -> &'static str {
        match self {
            LeftOutReason::OverBudget => "over_budget",
            LeftOutReason::Stopped => "stopped",
            LeftOutReason::Choice => "choice",
            LeftOutReason::Sparse => "sparse",
        }
    }
}

impl LeftOut {
    /// What `stats` left out, given the figures read off its distribution;
    /// `None` when the distribution is complete.
    fn new(
        stats: &Stats,
        unit: Unit,
        quantiles: &BTreeMap<String, Option<usize>>,
        within: &BTreeMap<usize, Option<f64>>,
    ) -> Option<LeftOut> {
        let d = &stats.distribution;
        if d.is_complete() {
            return None;
        }
        let mut fields = Vec::new();
        for (name, missing) in [
            ("min", unit == Unit::Turns && d.min().is_none()),
            ("median", d.median().is_none()),
            ("mode", d.mode().is_none()),
        ] {
            if missing {
                fields.push(name.to_string());
            }
        }
        fields.extend(
            quantiles
                .iter()
                .filter(|(_, v)| v.is_none())
                .map(|(k, _)| format!("quantiles.{k}")),
        );
        fields.extend(
            within
                .iter()
                .filter(|(_, v)| v.is_none())
                .map(|(k, _)| format!("within.{k}")),
        );
        let steps_followed = d.pmf.len() - 1;
        Some(match stats.skipped {
            Some(s) => LeftOut {
                fields,
                reason: LeftOutReason::OverBudget,
                message: format!(
                    "the distribution of the length was not followed: {} steps, {} state \
                     updates in all ({}), over the {:.1e} allowed",
                    words::about(s.steps),
                    words::about(s.work),
                    words::about_time(s.work),
                    s.allowed as f64
                ),
                steps_followed,
                estimated_work: Some(s.work),
                allowed_work: Some(s.allowed),
            },
            None => LeftOut {
                fields,
                reason: LeftOutReason::Stopped,
                message: format!(
                    "the distribution of the length was followed for {steps_followed} steps, \
                     until the work allowed ran out; a chance of {:.3e} is still unresolved",
                    d.unresolved
                ),
                steps_followed,
                estimated_work: None,
                allowed_work: None,
            },
        })
    }
}
