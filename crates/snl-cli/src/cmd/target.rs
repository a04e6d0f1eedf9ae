//! `snl expect --target SQUARES` and `snl expect --via FROM-TO`: the rolls
//! until the pawn first rests on one of a set of squares, or first takes a
//! jump, and the chance that it ever does.

use std::io::Write;

use anyhow::{Context, Result, bail};
use snl::Jump;
use snl::answer::{EXPECT_QUANTILES, FirstPassage, Header, TargetAnswer, ViaAnswer};
use snl::markov::target::{jump_from, squares_from};
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

/// Reads `--via`'s value: a jump as `FROM-TO` or `FROM->TO`.
pub fn parse_jump(text: &str) -> Result<Jump, String> {
    jump_from(text).map_err(|e| e.to_string())
}

/// Refuses the options that ask about the whole game, not the question
/// `flag` asks.
fn refuse_others(args: &Args, flag: &str) -> Result<()> {
    let other = [
        (args.exact, "--exact"),
        (args.visits, "--visits"),
        (args.impact, "--impact"),
        (args.full, "--full"),
        (!args.choose_die.is_empty(), "--choose-die"),
        (args.goal != snl::choice::Goal::Mean, "--goal"),
        (
            args.target.is_some() && args.via.is_some(),
            "--target with --via",
        ),
    ]
    .into_iter()
    .find_map(|(asked, what)| asked.then_some(what));
    if let Some(other) = other {
        bail!(
            "{other} is not given with {flag}: it is a question of its own about the game (ask it without {flag})"
        );
    }
    Ok(())
}

/// Runs `snl expect --target`.
pub fn run(
    args: &Args,
    loaded: &LoadedSubject,
    squares: &Squares,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    refuse_others(args, "--target")?;
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
    writeln!(out, "target: {}", target.in_words())?;
    writeln!(out, "ever rests there: {}", percent(answer.first.chance))?;
    write_first(
        out,
        &answer.first,
        "rolls to get there",
        "no game gets there: it ends, or is trapped, first",
    )?;
    Ok(control::exit_code())
}

/// Runs `snl expect --via`.
pub fn run_via(
    args: &Args,
    loaded: &LoadedSubject,
    jump: Jump,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    refuse_others(args, "--via")?;
    let via = plan::via(&loaded.subject, jump, control::get())
        .map_err(|e| control::question(e, &loaded.board.source))
        .context("--via")?;
    crate::timings::analysis();
    let answer = ViaAnswer::new(
        Header::of_subject(&loaded.subject),
        jump,
        &via,
        &args.within,
    );
    if args.json {
        write_json(out, &answer)?;
        return Ok(control::exit_code());
    }
    header_subject(out, loaded)?;
    writeln!(out, "via: the {} {}->{}", answer.kind, jump.from, jump.to)?;
    writeln!(out, "taken at least once: {}", percent(answer.first.chance))?;
    match answer.times {
        Some(times) => writeln!(
            out,
            "times taken in a game, on average: {}",
            figure(times, 6)
        )?,
        None => writeln!(
            out,
            "times taken in a game, on average: - (a game may never end, and the count with it)"
        )?,
    }
    write_first(
        out,
        &answer.first,
        "rolls until first taken",
        "no game takes it",
    )?;
    Ok(control::exit_code())
}

/// The rolls until it first happens: mean, spread, quantiles and the
/// chances within K, `-` where not given.
fn write_first(out: &mut dyn Write, first: &FirstPassage, what: &str, never: &str) -> Result<()> {
    let Some(mean) = first.mean else {
        writeln!(out, "{never}")?;
        return Ok(());
    };
    // A chance short of 1 by rounding alone is every game.
    let qualifier = if first.chance < 1.0 - 1e-9 {
        " (in the games where it happens)"
    } else {
        ""
    };
    writeln!(out, "{what}{qualifier}:")?;
    writeln!(out, "  mean       {}", figure(mean, 6))?;
    if let (Some(sd), Some(var)) = (first.std_dev, first.variance) {
        writeln!(out, "  std dev    {}", figure(sd, 6))?;
        writeln!(out, "  variance   {}", figure(var, 6))?;
    } else {
        crate::output::note(
            "the variance is not given: on a board of this many states floating point cannot hold it within 1e-10 of the true one (`snl expect` computes the game's own in double-double precision; this question does not yet)",
        );
    }
    let show = |t: Option<usize>| t.map_or_else(|| "-".to_string(), |t| t.to_string());
    writeln!(out, "  median     {}", show(first.median))?;
    writeln!(out, "  mode       {}", show(first.mode))?;
    let quantiles: Vec<String> = EXPECT_QUANTILES
        .iter()
        .map(|&(q, key)| {
            let t = first.quantiles.get(key).copied().flatten();
            format!("{}%: {}", figure(q * 100.0, 0), show(t))
        })
        .collect();
    writeln!(out, "  quantiles  {}", quantiles.join("  "))?;
    for (k, chance) in &first.within {
        let label = format!("within {k}");
        match chance {
            Some(p) => writeln!(out, "  {label:<10} {}", percent(*p))?,
            None => writeln!(out, "  {label:<10} -")?,
        }
    }
    if first.unresolved > 1e-9 {
        crate::output::note(&format!(
            "the rolls were followed for about a second of work and {} of the chance lies past them: the figures it could move are not given",
            figure(first.unresolved, 9)
        ));
    }
    Ok(())
}

/// A chance as a percentage, as `snl expect` writes them.
fn percent(p: f64) -> String {
    format!("{:.6}%", p * 100.0)
}
