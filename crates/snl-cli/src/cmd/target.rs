//! `snl expect --target SQUARES`: the rolls until the pawn first rests on
//! one of a set of squares, and the chance that it ever does.

use std::io::Write;

use anyhow::{Context, Result, bail};
use snl::answer::{EXPECT_QUANTILES, Header, TargetAnswer};
use snl::markov::target::squares_from;
use snl::plan::{self, TargetQuery};
use snl::words::figure;

use super::expect::Args;
use crate::board_arg::LoadedSubject;
use crate::control;
use crate::output::{header_subject, write_json};

/// The squares of `--target`, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Squares(pub Vec<(u64, u64)>);

/// Reads `--target`'s value: squares and ranges, `50..60,80`.
pub fn parse(text: &str) -> Result<Squares, String> {
    squares_from(text).map(Squares).map_err(|e| e.to_string())
}

/// Runs `snl expect --target`.
pub fn run(
    args: &Args,
    loaded: &LoadedSubject,
    squares: &Squares,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    let other = [
        (args.exact, "--exact"),
        (args.visits, "--visits"),
        (args.impact, "--impact"),
        (args.full, "--full"),
        (!args.choose_die.is_empty(), "--choose-die"),
        (args.goal != snl::choice::Goal::Mean, "--goal"),
    ]
    .into_iter()
    .find_map(|(asked, what)| asked.then_some(what));
    if let Some(other) = other {
        bail!(
            "{other} is not given with --target: it is a figure of the whole game, and --target asks about the rolls to the squares it names (leave out --target for it)"
        );
    }
    let query = TargetQuery {
        squares: squares.0.clone(),
    };
    let (target, hit) = plan::target(&loaded.subject, &query, control::get())
        .map_err(|e| control::question(e, &loaded.board.source))
        .context("--target")?;
    crate::timings::analysis();
    let answer = TargetAnswer::new(
        Header::of_subject(&loaded.subject),
        &target,
        &hit,
        &args.within,
    );
    if args.json {
        write_json(out, &answer)?;
        return Ok(control::exit_code());
    }
    header_subject(out, loaded)?;
    let runs: Vec<String> = answer
        .target
        .iter()
        .map(|&[a, b]| match b - a {
            0 => a.to_string(),
            1 => format!("{a}, {b}"),
            _ => format!("{a} to {b}"),
        })
        .collect();
    let squares = target.squares().len();
    writeln!(
        out,
        "target: {} {}",
        if squares == 1 { "square" } else { "squares" },
        runs.join(", ")
    )?;
    writeln!(out, "ever rests there: {}", percent(answer.chance))?;
    let Some(mean) = answer.mean else {
        writeln!(out, "no game gets there: it ends, or is trapped, first")?;
        return Ok(control::exit_code());
    };
    // A chance short of 1 by rounding alone is every game.
    let qualifier = if answer.chance < 1.0 - 1e-9 {
        " (in the games that get there)"
    } else {
        ""
    };
    writeln!(out, "rolls to get there{qualifier}:")?;
    writeln!(out, "  mean       {}", figure(mean, 6))?;
    if let (Some(sd), Some(var)) = (answer.std_dev, answer.variance) {
        writeln!(out, "  std dev    {}", figure(sd, 6))?;
        writeln!(out, "  variance   {}", figure(var, 6))?;
    }
    let show = |t: Option<usize>| t.map_or_else(|| "-".to_string(), |t| t.to_string());
    writeln!(out, "  median     {}", show(answer.median))?;
    writeln!(out, "  mode       {}", show(answer.mode))?;
    let quantiles: Vec<String> = EXPECT_QUANTILES
        .iter()
        .map(|&(q, key)| {
            let t = answer.quantiles.get(key).copied().flatten();
            format!("{}%: {}", figure(q * 100.0, 0), show(t))
        })
        .collect();
    writeln!(out, "  quantiles  {}", quantiles.join("  "))?;
    for (k, chance) in &answer.within {
        let label = format!("within {k}");
        writeln!(out, "  {label:<10} {}", percent(*chance))?;
    }
    Ok(control::exit_code())
}

/// A chance as a percentage, as `snl expect` writes them.
fn percent(p: f64) -> String {
    format!("{:.6}%", p * 100.0)
}
