//! `snl expect`: the exact statistics of a one-player game's length.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::{Context, Result};
use serde::Serialize;
use snl::Game;
use snl::markov::{self, Distribution, Stats};

use crate::board_arg::{BoardArgs, LoadedGame, RulesArgs, load_game};
use crate::output::{RulesJson, header, note, write_json};

/// The quantiles every answer lists.
const QUANTILES: [(f64, &str); 6] = [
    (0.1, "0.1"),
    (0.25, "0.25"),
    (0.5, "0.5"),
    (0.75, "0.75"),
    (0.9, "0.9"),
    (0.99, "0.99"),
];

/// Digits after the point in the decimal expansion of the exact mean.
const EXACT_DIGITS: usize = 40;

/// How long a game with a real die lasts, one player: exact statistics.
///
/// The game is an absorbing Markov chain, solved exactly (no simulation):
/// the mean number of rolls, the variance and standard deviation, the
/// fewest rolls, the median, the mode (the most likely length, the smallest
/// on a tie), quantiles, and the chance of finishing within K rolls. The
/// q-quantile is the smallest t with P(T <= t) >= q. A weighted die rolls
/// each value with chance weight/total.
///
/// On a board where the pawn can get stuck for ever (reach a square from
/// which the last square cannot be reached) the mean is infinite: snl says
/// so, gives the chance of never finishing, and what is still finite.
///
/// With --bonus (a top value rolls again) the same statistics are also
/// given by turns.
// Flags are bools in clap.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = "Examples:
  snl expect --preset milton-bradley
  snl expect board.json --exact --within 50 --within 100
  snl expect board.json --bonus --bonus-limit 3 --json")]
pub struct Args {
    /// Also give the mean as an exact fraction in lowest terms, and its
    /// decimal expansion (boards of up to 2002 chain states: squares, times
    /// the bonus limit when there is one).
    #[arg(long)]
    pub exact: bool,

    /// The chance of finishing within K rolls (repeatable).
    #[arg(long, value_name = "K")]
    pub within: Vec<usize>,

    /// The expected number of times the pawn lands on each square (before
    /// any jump) and rests on it (after any jump; a lost roll rests where it
    /// was).
    #[arg(long)]
    pub visits: bool,

    /// For each snake and ladder, the mean with that jump alone removed,
    /// largest change first.
    #[arg(long)]
    pub impact: bool,

    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The statistics of one count (rolls or turns), as printed by `--json`.
#[derive(Debug, Serialize)]
struct CountJson {
    /// `null` when the game may never end.
    mean: Option<f64>,
    never_finishes: f64,
    variance: Option<f64>,
    std_dev: Option<f64>,
    min: Option<usize>,
    median: Option<usize>,
    mode: Option<usize>,
    quantiles: BTreeMap<&'static str, Option<usize>>,
    within: BTreeMap<usize, Option<f64>>,
    /// The chance the distribution did not account for (below 1e-12 unless
    /// the board is very large).
    unresolved: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact_mean: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exact_mean_decimal: Option<String>,
}

#[derive(Debug, Serialize)]
struct ExpectJson<'a> {
    board: Option<&'a str>,
    squares: u32,
    rules: RulesJson,
    #[serde(flatten)]
    rolls: CountJson,
    /// The fewest rolls (the same as `min`, from the search).
    min_rolls: Option<u32>,
    /// By turns; only with bonus rolls.
    #[serde(skip_serializing_if = "Option::is_none")]
    turns: Option<CountJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    visits: Option<VisitsJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    impact: Option<Vec<ImpactJson>>,
}

#[derive(Debug, Serialize)]
struct VisitsJson {
    /// `null` when the game may never end.
    squares: Option<Vec<SquareJson>>,
    lost: Option<f64>,
    resets: Option<f64>,
}

#[derive(Debug, Serialize)]
struct SquareJson {
    square: u32,
    landings: f64,
    rests: f64,
}

#[derive(Debug, Serialize)]
struct ImpactJson {
    from: u32,
    to: u32,
    /// `ladder` or `snake`.
    kind: String,
    mean_without: Option<f64>,
    change: Option<f64>,
}

/// The answer, computed before anything is printed.
struct Answer {
    rolls: Stats,
    turns: Option<Stats>,
    min_rolls: Option<u32>,
    exact: Option<(String, String)>,
    exact_turns: Option<(String, String)>,
    visits: Option<VisitsAnswer>,
    impact: Option<Vec<markov::JumpImpact>>,
}

/// The visits, when asked for.
enum VisitsAnswer {
    /// The game may never end, so some counts are infinite.
    Infinite,
    Finite(markov::Visits),
}

/// Runs `snl expect`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<std::process::ExitCode> {
    let loaded = load_game(&args.board, &args.rules)?;
    let game = &loaded.game;
    let bonus = game.rules().bonus.is_some();
    let exact = |by_turns: bool| -> Result<Option<(String, String)>> {
        let mean = if by_turns {
            markov::exact_turn_mean(game)
        } else {
            markov::exact_mean(game)
        }
        .context("--exact")?;
        Ok(mean.map(|m| {
            (
                format!("{}/{}", m.numer(), m.denom()),
                markov::exact::decimal(&m, EXACT_DIGITS),
            )
        }))
    };
    let answer = Answer {
        rolls: markov::stats(game)?,
        turns: if bonus {
            Some(markov::turn_stats(game)?)
        } else {
            None
        },
        min_rolls: snl::shortest::min_rolls(game),
        exact: if args.exact { exact(false)? } else { None },
        exact_turns: if args.exact && bonus {
            exact(true)?
        } else {
            None
        },
        visits: if args.visits {
            Some(markov::visits(game)?.map_or(VisitsAnswer::Infinite, VisitsAnswer::Finite))
        } else {
            None
        },
        impact: if args.impact {
            Some(markov::impact(game)?)
        } else {
            None
        },
    };
    for (stats, what) in [
        (Some(&answer.rolls), "rolls"),
        (answer.turns.as_ref(), "turns"),
    ] {
        if let Some(d) = stats.map(|s| &s.distribution)
            && d.unresolved >= 1e-9
        {
            note(&format!(
                "the distribution of {what} was followed for {} steps; a chance of {:.3e} is \
                 still unresolved, so later quantiles and chances are not given",
                d.pmf.len() - 1,
                d.unresolved
            ));
        }
    }
    if args.json {
        write_json(out, &to_json(&loaded, args, &answer))?;
    } else {
        write_text(out, &loaded, args, &answer)?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// `P(T <= k)`, when the distribution got that far.
fn within(d: &Distribution, k: usize) -> Option<f64> {
    (k + 1 < d.pmf.len() || d.unresolved < 1e-9).then(|| d.cdf(k).min(1.0))
}

fn count_json(s: &Stats, within_k: &[usize], exact: Option<&(String, String)>) -> CountJson {
    let d = &s.distribution;
    CountJson {
        mean: s.mean,
        never_finishes: s.never_finishes,
        variance: s.variance,
        std_dev: s.std_dev,
        min: d.min(),
        median: d.median(),
        mode: d.mode(),
        quantiles: QUANTILES
            .iter()
            .map(|&(q, name)| (name, d.quantile(q)))
            .collect(),
        within: within_k.iter().map(|&k| (k, within(d, k))).collect(),
        unresolved: d.unresolved,
        exact_mean: exact.map(|e| e.0.clone()),
        exact_mean_decimal: exact.map(|e| e.1.clone()),
    }
}

fn to_json<'a>(loaded: &'a LoadedGame, args: &Args, a: &Answer) -> ExpectJson<'a> {
    let game = &loaded.game;
    ExpectJson {
        board: loaded.board.name(),
        squares: game.goal(),
        rules: RulesJson::from(loaded.rules()),
        rolls: count_json(&a.rolls, &args.within, a.exact.as_ref()),
        min_rolls: a.min_rolls,
        turns: a
            .turns
            .as_ref()
            .map(|t| count_json(t, &args.within, a.exact_turns.as_ref())),
        visits: a.visits.as_ref().map(|v| {
            let v = match v {
                VisitsAnswer::Infinite => None,
                VisitsAnswer::Finite(v) => Some(v),
            };
            VisitsJson {
                squares: v.map(|v| {
                    (1..=game.goal())
                        .map(|s| SquareJson {
                            square: s,
                            landings: v.landings[s as usize],
                            rests: v.rests[s as usize],
                        })
                        .collect()
                }),
                lost: v.map(|v| v.lost),
                resets: v.map(|v| v.resets),
            }
        }),
        impact: a.impact.as_ref().map(|list| {
            list.iter()
                .map(|i| ImpactJson {
                    from: i.jump.from,
                    to: i.jump.to,
                    kind: i.jump.kind().to_string(),
                    mean_without: i.mean_without,
                    change: i.change,
                })
                .collect()
        }),
    }
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}

fn write_count(
    out: &mut dyn Write,
    what: &str,
    s: &Stats,
    within_k: &[usize],
    exact: Option<&(String, String)>,
) -> Result<()> {
    let d = &s.distribution;
    writeln!(out, "{what}:")?;
    match s.mean {
        Some(mean) => writeln!(out, "  mean       {mean:.6}")?,
        None => writeln!(
            out,
            "  mean       infinite: the game never ends with chance {:.6}",
            s.never_finishes
        )?,
    }
    if let Some((fraction, decimal)) = exact {
        writeln!(out, "  exact mean {fraction}")?;
        writeln!(out, "             = {decimal}...")?;
    }
    if let (Some(v), Some(sd)) = (s.variance, s.std_dev) {
        writeln!(out, "  std dev    {sd:.6}")?;
        writeln!(out, "  variance   {v:.6}")?;
    }
    writeln!(out, "  fewest     {}", opt(d.min()))?;
    writeln!(out, "  median     {}", opt(d.median()))?;
    writeln!(out, "  mode       {}", opt(d.mode()))?;
    let quantiles: Vec<String> = QUANTILES
        .iter()
        .map(|&(q, _)| format!("{}%: {}", q * 100.0, opt(d.quantile(q))))
        .collect();
    writeln!(out, "  quantiles  {}", quantiles.join("  "))?;
    for &k in within_k {
        let label = format!("within {k}");
        match within(d, k) {
            Some(p) => writeln!(out, "  {label:<10} {:.6}%", p * 100.0)?,
            None => writeln!(out, "  {label:<10} -")?,
        }
    }
    Ok(())
}

fn write_text(out: &mut dyn Write, loaded: &LoadedGame, args: &Args, a: &Answer) -> Result<()> {
    let game: &Game = &loaded.game;
    header(out, loaded)?;
    if a.rolls.never_finishes > 0.0 {
        writeln!(
            out,
            "the pawn can get stuck: it never finishes with chance {:.6}",
            a.rolls.never_finishes
        )?;
    }
    write_count(out, "rolls", &a.rolls, &args.within, a.exact.as_ref())?;
    if let Some(t) = &a.turns {
        write_count(out, "turns", t, &args.within, a.exact_turns.as_ref())?;
    }
    if let Some(v) = &a.visits {
        match v {
            VisitsAnswer::Infinite => writeln!(out, "visits: infinite (the pawn can get stuck)")?,
            VisitsAnswer::Finite(v) => {
                writeln!(out, "visits (expected times per game):")?;
                writeln!(out, "  square  landings     rests")?;
                for s in 1..=game.goal() as usize {
                    if v.landings[s] > 0.0 || v.rests[s] > 0.0 {
                        writeln!(out, "  {s:>6}  {:>8.4}  {:>8.4}", v.landings[s], v.rests[s])?;
                    }
                }
                writeln!(out, "  lost rolls {:.4}", v.lost)?;
                if game.rules().bonus_limit().is_some() {
                    writeln!(out, "  sent back  {:.4}", v.resets)?;
                }
            }
        }
    }
    if let Some(list) = &a.impact {
        writeln!(
            out,
            "impact (mean without each jump, largest change first):"
        )?;
        for i in list {
            let without = opt(i.mean_without.map(|m| format!("{m:.4}")));
            let change = match (i.change, i.changes_finiteness(a.rolls.mean)) {
                (Some(c), _) => format!("{c:+.4}"),
                (None, true) if i.mean_without.is_some() => "no longer endless".to_string(),
                (None, true) => "becomes endless".to_string(),
                (None, false) => "-".to_string(),
            };
            writeln!(
                out,
                "  {:<6} {:>5} -> {:<5} without: {without:<12} change: {change}",
                i.jump.kind().to_string(),
                i.jump.from,
                i.jump.to
            )?;
        }
    }
    Ok(())
}
