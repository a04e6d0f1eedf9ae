//! Every analysis as a JSON document: the shapes that `snl ... --json`
//! prints, that the web server returns and that the Python package gives,
//! defined once so the front ends cannot drift apart.
//!
//! Each answer flattens one [`Header`] (`board`, `squares`, `rules`) and
//! adds its own fields. Each is built from the library's results by a
//! constructor here, so a front end computes, then converts, then
//! serialises; it never lays out an answer itself. The `rules` object is
//! [`RulesJson`], the same object board files take: an answer's rules can be
//! pasted into a board file and read back as the same rules.
//!
//! ```
//! use snl::answer::{Header, SolveAnswer};
//! use snl::{Board, Game, Jump, Rules};
//!
//! let board = Board::new(20, [Jump { from: 2, to: 19 }])?;
//! let game = Game::new(board, Rules::default())?;
//! let solution = snl::shortest::solve(&game)?;
//! let count = snl::shortest::count_optimal(&game)?;
//! let answer = SolveAnswer::from_search(Header::new(Some("twenty"), &game), &solution, count.as_ref());
//! let json = serde_json::to_value(&answer)?;
//! assert_eq!(json["board"], "twenty");
//! assert_eq!(json["squares"], 20);
//! assert_eq!(json["rules"]["die"], "d6");
//! assert_eq!(json["min_rolls"], 2);
//! assert_eq!(json["path"][0], serde_json::json!({"roll": 1, "land": 2, "to": 19}));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Numbers that can grow without bound (the count of optimal sequences, an
//! exact mean) are decimal strings: no JSON number type holds them. `null`
//! stands for "none" or "not known", as each field says.

use std::collections::BTreeMap;

use num_bigint::BigUint;
use num_rational::BigRational;
use serde::{Deserialize, Serialize};

use crate::board::BoardSpec;
use crate::brute::BruteResult;
use crate::check::{Diagnostic, Severity};
use crate::choice::{self, Play};
use crate::duel::{Duel, DuelRules, Winner};
use crate::game::{Game, Move, Unit};
use crate::markov::{self, JumpImpact, Stats, Visits};
use crate::presets::Preset;
use crate::race::Race;
use crate::rules::{Rules, RulesJson};
use crate::shortest::Solution;
use crate::simulate::{Lengths, Simulation};
use crate::words;

pub mod judge;

/// The quantiles `expect` gives, as the keys of [`LengthStats::quantiles`].
pub const EXPECT_QUANTILES: [(f64, &str); 6] = [
    (0.1, "0.1"),
    (0.25, "0.25"),
    (0.5, "0.5"),
    (0.75, "0.75"),
    (0.9, "0.9"),
    (0.99, "0.99"),
];

/// The quantiles `simulate` gives beside the median, as the keys of
/// [`SimulatedLengths::quantiles`].
pub const SIMULATE_QUANTILES: [(f64, &str); 5] = [
    (0.1, "0.1"),
    (0.25, "0.25"),
    (0.75, "0.75"),
    (0.9, "0.9"),
    (0.99, "0.99"),
];

/// Digits after the point in [`LengthStats::exact_mean_decimal`].
pub const EXACT_DIGITS: usize = 40;

/// What every answer about a board starts with.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Header {
    /// The board's name (a preset's, or the board file's `name`); `null`
    /// when it has none.
    pub board: Option<String>,
    /// The number of squares; the last square is this number.
    pub squares: u64,
    /// The rules the answer holds under.
    pub rules: RulesJson,
}

impl Header {
    /// The header of an answer about `game`, a board called `name`.
    pub fn new(name: Option<&str>, game: &Game) -> Header {
        Header {
            board: name.map(str::to_string),
            squares: u64::from(game.goal()),
            rules: RulesJson::from(game.rules()),
        }
    }

    /// The header of an answer about a board as read, which need not be
    /// playable (a check's answer).
    pub fn of_spec(name: Option<&str>, spec: &BoardSpec, rules: &Rules) -> Header {
        Header {
            board: name.map(str::to_string),
            squares: spec.squares,
            rules: RulesJson::from(rules),
        }
    }
}

/// `check`: the errors that make a board unplayable and the warnings about
/// what is odd in it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CheckAnswer {
    /// The board, its size as written, and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// Errors, in input order.
    pub errors: Vec<Finding>,
    /// Warnings.
    pub warnings: Vec<Finding>,
}

/// One error or warning of a check.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Finding {
    /// The kind of finding, stable for scripts (see
    /// [`Diagnostic::code`](crate::check::Diagnostic::code)).
    pub code: String,
    /// What is wrong, where, and the fix.
    pub message: String,
    /// The squares involved.
    pub squares: Vec<u32>,
}

impl CheckAnswer {
    /// The answer for `diagnostics` from [`crate::check::check`].
    pub fn new(header: Header, diagnostics: &[Diagnostic]) -> CheckAnswer {
        let finding = |d: &Diagnostic| Finding {
            code: d.code.to_string(),
            message: d.message.clone(),
            squares: d.squares.clone(),
        };
        let pick = |severity: Severity| {
            diagnostics
                .iter()
                .filter(|d| d.severity == severity)
                .map(finding)
                .collect()
        };
        CheckAnswer {
            header,
            errors: pick(Severity::Error),
            warnings: pick(Severity::Warning),
        }
    }
}

/// `solve`: the fewest rolls when every roll is chosen.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SolveAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The search that found it.
    pub method: SolveMethod,
    /// The fewest rolls from the start to the last square; `null` when the
    /// last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// How many roll sequences reach the last square in the fewest rolls,
    /// as a decimal string (it outgrows every JSON number); `null` when
    /// unreachable or not counted.
    pub optimal_sequences: Option<String>,
    /// The optimal sequence whose rolls come first in dictionary order;
    /// empty when unreachable or when the pawn starts on the last square.
    pub path: Vec<Step>,
}

/// Which search answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum SolveMethod {
    /// The breadth-first search of [`crate::shortest`].
    Bfs,
    /// The exhaustive search of [`crate::brute`].
    Brute,
}

/// One roll of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Step {
    /// The value rolled.
    pub roll: u32,
    /// The square it landed on.
    pub land: u32,
    /// The square the pawn rests on, after any jump.
    pub to: u32,
}

impl From<&Move> for Step {
    fn from(m: &Move) -> Step {
        Step {
            roll: m.roll,
            land: m.land,
            to: m.to,
        }
    }
}

impl SolveAnswer {
    /// The answer of the fast search, with the count of optimal sequences
    /// when it was counted ([`crate::shortest::count_optimal`]).
    pub fn from_search(
        header: Header,
        solution: &Solution,
        optimal_sequences: Option<&BigUint>,
    ) -> SolveAnswer {
        SolveAnswer {
            header,
            method: SolveMethod::Bfs,
            min_rolls: solution.min_rolls,
            optimal_sequences: optimal_sequences.map(BigUint::to_string),
            path: solution.path.iter().map(Step::from).collect(),
        }
    }

    /// The answer of the exhaustive search.
    pub fn from_brute(header: Header, found: &BruteResult) -> SolveAnswer {
        SolveAnswer {
            header,
            method: SolveMethod::Brute,
            min_rolls: found.min_rolls,
            optimal_sequences: found.min_rolls.map(|_| found.optimal_sequences.to_string()),
            path: found.path.iter().map(Step::from).collect(),
        }
    }
}

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
    pub min_rolls: Option<u32>,
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
            left_out,
            exact_mean: exact_mean.map(|m| format!("{}/{}", m.numer(), m.denom())),
            exact_mean_decimal: exact_mean.map(|m| markov::exact::decimal(m, EXACT_DIGITS)),
        }
    }
}

impl LengthStats {
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

/// Expected visits per square.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VisitsAnswer {
    /// Every square, 1 to the last; `null` when the game may never end
    /// (some counts are then infinite).
    pub squares: Option<Vec<SquareVisits>>,
    /// Expected rolls lost by overshooting under an exact finish.
    pub lost: Option<f64>,
    /// Expected rolls that sent the pawn back to the start under a bonus
    /// limit.
    pub resets: Option<f64>,
    /// Why the visits were not computed, when they could not be trusted
    /// (the other figures of the answer still are); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<String>,
}

/// The expected visits of one square.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SquareVisits {
    /// The square.
    pub square: u32,
    /// Expected rolls that land on it, before any jump.
    pub landings: f64,
    /// Expected rolls after which the pawn rests on it.
    pub rests: f64,
}

impl VisitsAnswer {
    /// The visits from [`markov::visits()`]: `None` when the game may never
    /// end.
    pub fn new(visits: Option<&Visits>) -> VisitsAnswer {
        VisitsAnswer {
            squares: visits.map(|v| {
                (1..v.rests.len())
                    .map(|s| SquareVisits {
                        square: s as u32,
                        landings: v.landings[s],
                        rests: v.rests[s],
                    })
                    .collect()
            }),
            lost: visits.map(|v| v.lost),
            resets: visits.map(|v| v.resets),
            unavailable: None,
        }
    }

    /// Visits that could not be computed, and why.
    pub fn unavailable(why: String) -> VisitsAnswer {
        VisitsAnswer {
            squares: None,
            lost: None,
            resets: None,
            unavailable: Some(why),
        }
    }
}

/// One jump's effect on the mean number of rolls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Impact {
    /// The jump's start.
    pub from: u32,
    /// Its end.
    pub to: u32,
    /// `ladder` or `snake`.
    pub kind: String,
    /// The mean without this jump; `null` when that game may never end.
    pub mean_without: Option<f64>,
    /// `mean_without - mean`: positive when the jump shortens the game;
    /// `null` when either mean is infinite.
    pub change: Option<f64>,
}

impl From<&JumpImpact> for Impact {
    fn from(i: &JumpImpact) -> Impact {
        Impact {
            from: i.jump.from,
            to: i.jump.to,
            kind: i.jump.kind().to_string(),
            mean_without: i.mean_without,
            change: i.change,
        }
    }
}

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

/// `race`: the exact chance that each seat wins with a real die.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RaceAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// How many players.
    pub players: usize,
    /// Each seat's starting position, in turn order.
    pub from: Vec<u32>,
    /// Each seat's chance of winning, first seat first.
    pub win: Vec<f64>,
    /// The chance that nobody ever finishes.
    pub no_winner: f64,
    /// The expected number of rounds; `null` when unbounded (some chance
    /// that nobody ever finishes).
    pub expected_rounds: Option<f64>,
    /// The chance not accounted for by the truncated distributions: a bound
    /// on the error of every number above.
    pub unresolved: f64,
}

impl RaceAnswer {
    /// The answer for `race`, run from `from` ([`crate::race::race`]).
    pub fn new(header: Header, from: &[u32], race: &Race) -> RaceAnswer {
        RaceAnswer {
            header,
            players: from.len(),
            from: from.to_vec(),
            win: race.win.clone(),
            no_winner: race.no_winner,
            expected_rounds: race.expected_rounds,
            unresolved: race.unresolved,
        }
    }
}

/// `duel`: two players who choose their rolls, with perfect play.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DuelAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// Whether landing on the other pawn sends it back to the start.
    pub bump: bool,
    /// The two starting positions, the first player's first.
    pub from: [u32; 2],
    /// `first`, `second` or `draw`.
    pub winner: DuelWinner,
    /// The rolls of both players until the win with best play; `null` for a
    /// draw.
    pub rolls: Option<u32>,
    /// The first player's best first rolls, smallest first.
    pub best_rolls: Vec<u32>,
}

/// Who wins a duel, as the answer names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DuelWinner {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
    /// Neither can force a win.
    Draw,
}

impl DuelWinner {
    /// `first`, `second` or `draw`, as in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            DuelWinner::First => "first",
            DuelWinner::Second => "second",
            DuelWinner::Draw => "draw",
        }
    }
}

impl From<Winner> for DuelWinner {
    fn from(w: Winner) -> DuelWinner {
        match w {
            Winner::First => DuelWinner::First,
            Winner::Second => DuelWinner::Second,
            Winner::Draw => DuelWinner::Draw,
        }
    }
}

impl DuelAnswer {
    /// The answer for `duel`, played under `rules` from `from`.
    pub fn new(header: Header, rules: DuelRules, from: [u32; 2], duel: &Duel) -> DuelAnswer {
        DuelAnswer {
            header,
            bump: rules.bump,
            from,
            winner: duel.winner.into(),
            rolls: duel.rolls,
            best_rolls: duel.best_rolls.clone(),
        }
    }
}

/// `presets`: the built-in boards.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PresetsAnswer {
    /// Every preset, in the order [`crate::presets::all`] lists them.
    pub presets: Vec<PresetEntry>,
}

/// One built-in board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PresetEntry {
    /// The name to ask for it by (`--preset NAME`).
    pub name: String,
    /// What it is, in a few words.
    pub title: String,
    /// The number of squares.
    pub squares: u64,
    /// The number of ladders.
    pub ladders: usize,
    /// The number of snakes.
    pub snakes: usize,
    /// Where the layout comes from and what the rules are.
    pub source: String,
}

impl From<&Preset> for PresetEntry {
    fn from(preset: &Preset) -> PresetEntry {
        let parsed = preset.parse();
        let count = |up: bool| {
            parsed
                .spec
                .jumps
                .iter()
                .filter(|j| (j.to > j.from) == up)
                .count()
        };
        PresetEntry {
            name: preset.name.to_string(),
            title: preset.title.to_string(),
            squares: parsed.spec.squares,
            ladders: count(true),
            snakes: count(false),
            source: preset.source.to_string(),
        }
    }
}

impl PresetsAnswer {
    /// Every built-in board.
    pub fn all() -> PresetsAnswer {
        PresetsAnswer {
            presets: crate::presets::all()
                .iter()
                .map(PresetEntry::from)
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Jump};
    use crate::rules::Bonus;

    fn game(rules: Rules) -> Game {
        let board = Board::new(20, [Jump { from: 2, to: 19 }, Jump { from: 9, to: 2 }]).unwrap();
        Game::new(board, rules).unwrap()
    }

    fn keys(v: &serde_json::Value) -> Vec<String> {
        v.as_object().unwrap().keys().cloned().collect()
    }

    #[test]
    fn every_answer_starts_with_the_header() {
        let g = game(Rules::default());
        let header = Header::new(Some("twenty"), &g);
        let solve =
            SolveAnswer::from_search(header.clone(), &crate::shortest::solve(&g).unwrap(), None);
        let stats = crate::markov::stats(&g).unwrap();
        let expect = ExpectAnswer {
            header: header.clone(),
            rolls: LengthStats::new(&stats, Unit::Rolls, &[3], None),
            min_rolls: Some(2),
            turns: None,
            visits: None,
            impact: None,
            policy: None,
        };
        let race = crate::race::race(&g, &[1, 1]).unwrap();
        let race = RaceAnswer::new(header.clone(), &[1, 1], &race);
        for v in [
            serde_json::to_value(&solve).unwrap(),
            serde_json::to_value(&expect).unwrap(),
            serde_json::to_value(&race).unwrap(),
        ] {
            assert_eq!(v["board"], "twenty");
            assert_eq!(v["squares"], 20);
            assert_eq!(v["rules"], serde_json::to_value(&header.rules).unwrap());
            assert!(v.get("header").is_none(), "the header is flattened");
        }
        let v = serde_json::to_value(&expect).unwrap();
        assert!(v.get("turns").is_none() && v.get("exact_mean").is_none());
        assert_eq!(
            v["within"]["3"],
            serde_json::json!(stats.distribution.cdf(3))
        );
    }

    #[test]
    fn answers_read_back() {
        let g = game(Rules {
            bonus: Some(Bonus::with_limit(3).unwrap()),
            ..Rules::default()
        });
        let header = Header::new(None, &g);
        let solve = SolveAnswer::from_brute(header.clone(), &crate::brute::search(&g).unwrap());
        let text = serde_json::to_string(&solve).unwrap();
        assert_eq!(serde_json::from_str::<SolveAnswer>(&text).unwrap(), solve);
        let duel = crate::duel::duel(&game(Rules::default()), DuelRules { bump: true }).unwrap();
        let duel = DuelAnswer::new(
            Header::new(None, &game(Rules::default())),
            DuelRules { bump: true },
            [1, 1],
            &duel,
        );
        let v = serde_json::to_value(&duel).unwrap();
        assert_eq!(v["winner"], duel.winner.name());
        assert_eq!(serde_json::from_value::<DuelAnswer>(v).unwrap(), duel);
    }

    #[test]
    fn check_sorts_findings() {
        let parsed = crate::input::parse(
            br#"{"squares": 10, "ladders": [[2, 5], [5, 9], [3, 11]]}"#,
            &crate::input::ParseOptions::default(),
        )
        .unwrap();
        let rules = parsed.rules.rules();
        let found = crate::check::check(&parsed.spec, &rules).diagnostics;
        let answer = CheckAnswer::new(Header::of_spec(None, &parsed.spec, &rules), &found);
        assert_eq!(answer.errors.len(), 1);
        assert_eq!(answer.errors[0].code, "off-board");
        assert_eq!(
            keys(&serde_json::to_value(&answer).unwrap()),
            ["board", "errors", "rules", "squares", "warnings"]
        );
    }

    #[test]
    fn presets_are_listed() {
        let all = PresetsAnswer::all();
        let mb = all
            .presets
            .iter()
            .find(|p| p.name == "milton-bradley")
            .unwrap();
        assert_eq!((mb.squares, mb.ladders, mb.snakes), (100, 9, 10));
    }

    #[test]
    fn fewest_rolls_come_from_the_search() {
        let stats = Stats {
            mean: Some(3.0),
            variance: Some(1.0),
            std_dev: Some(1.0),
            never_finishes: 0.0,
            // The first arrival after chances too small to follow.
            distribution: crate::markov::Distribution {
                pmf: vec![0.0, 0.0, 0.0, 0.5],
                never: 0.0,
                unresolved: 0.5,
            },
            skipped: None,
        };
        // By rolls the fewest are the answer's `min_rolls`, from the
        // search: the statistics leave them out, and never list them as
        // left out.
        let rolls = LengthStats::new(&stats, Unit::Rolls, &[], None);
        assert_eq!(rolls.min, None);
        let left = rolls.left_out.clone().unwrap();
        assert!(!left.fields.contains(&"min".to_string()));
        let v = serde_json::to_value(&rolls).unwrap();
        assert!(v.get("min").is_none(), "{v}");
        assert_eq!(serde_json::from_value::<LengthStats>(v).unwrap(), rolls);
        // By turns they are the distribution's.
        let turns = LengthStats::new(&stats, Unit::Turns, &[], None);
        assert_eq!(turns.min, Some(Some(3)));
        let v = serde_json::to_value(&turns).unwrap();
        assert_eq!(v["min"], 3);
        assert_eq!(serde_json::from_value::<LengthStats>(v).unwrap(), turns);
        let none = Stats {
            distribution: crate::markov::Distribution {
                pmf: vec![0.0],
                never: 0.0,
                unresolved: 1.0,
            },
            ..stats
        };
        let turns = LengthStats::new(&none, Unit::Turns, &[], None);
        let v = serde_json::to_value(&turns).unwrap();
        assert!(v["min"].is_null() && v.get("min").is_some(), "{v}");
        assert_eq!(serde_json::from_value::<LengthStats>(v).unwrap(), turns);
        assert!(turns.left_out.unwrap().fields.contains(&"min".to_string()));
    }
}
