//! `snl solve`: the fewest rolls to the last square, one optimal sequence,
//! and how many optimal sequences there are.

use std::cmp::Ordering;
use std::io::Write;

use anyhow::{Result, bail};
use clap::ValueEnum;
use snl::answer::{Declined, PathRun, SolveAnswer, SolveStepsAnswer, Step};
use snl::plan::{self, Count, Counted, Engine, SolveQuery, StepsQuery, Uncounted};

use crate::board_arg::{BoardArgs, LoadedSubject, RulesArgs, load_subject};
use crate::control;
use crate::output::{answer_steps, header_subject, note, write_json};

/// The fewest rolls to the last square when you choose every roll.
///
/// Prints the fewest rolls, the rules they hold under, and the number of
/// distinct optimal roll sequences (exact, in full). With --path, also one
/// optimal sequence: each roll, the square it lands on, the jump taken and
/// the square the pawn ends on. An unreachable last square is an answer
/// (exit 0): the text says so and the JSON has `"min_rolls": null`.
///
/// Counting optimal sequences costs much more than the search on long
/// boards, so it is skipped above 200000 squares (with a note on stderr)
/// unless --count is given, and whenever its estimate is over the budget
/// (--force counts anyway).
///
/// A board in the pairs forms may have up to 2^62 squares. Past 2^30, and
/// on long boards with few jumps, the sparse engine answers (its cost grows
/// with the jumps): the same fewest rolls and path. Past 2^30 --count
/// counts in 128 bits, a larger count given as "at least" 2^128 - 1 (JSON:
/// `optimal_sequences_at_least`). The JSON says which engine answered, and
/// gives the path as runs of equal rolls.
///
/// With --optional the player may also decline jumps: the search plays
/// both choices of every landing on an optional jump's start, the path
/// marks a declined jump `stays` and lists the jumps it declines (JSON:
/// `declined`), and the count is of plays (the same rolls resting
/// elsewhere count apart).
// Flags are bools in clap.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl solve testdata/seed-004-twenty.pairs.json
  snl solve --preset milton-bradley --path
  snl solve testdata/seed-004-twenty.pairs.json --steps
  snl solve - --json < testdata/seed-000-leetcode-909.grid.json", super::EXIT_CODES))]
pub struct Args {
    /// Print one optimal sequence, roll by roll.
    #[arg(long)]
    pub path: bool,

    /// Count the optimal sequences even on boards over 200000 squares.
    #[arg(long)]
    pub count: bool,

    /// The search to run.
    #[arg(long, value_enum, default_value_t = Method::Bfs)]
    pub method: Method,

    /// Show the search step by step, for learners: roll 0 is the start,
    /// roll t the squares first reached with t rolls (where the pawn
    /// rests, after any jump) and how each was first reached, with a
    /// sentence for each square a jump reached; the last step names one
    /// optimal game. With --json, `{"steps": [...]}`.
    #[arg(long)]
    pub steps: bool,

    /// The most steps --steps lists (the start's and one a roll): a search
    /// that takes more is refused, saying how many it takes.
    #[arg(long, value_name = "N", default_value_t = plan::STEPS_LIMIT)]
    pub steps_limit: u32,

    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,

    // The shared groups come last: they set their own help headings.
    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// How the fewest rolls are found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Breadth-first search: linear in the board size.
    Bfs,
    /// Try every sequence of rolls (small boards only; an independent check).
    Brute,
}

/// Runs `snl solve`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<std::process::ExitCode> {
    let loaded = load_subject(&args.board, &args.rules)?;
    if args.steps {
        return run_steps(args, &loaded, out);
    }
    let query = SolveQuery {
        // The text without --path shows no sequence, so none is rebuilt.
        path: args.json || args.path,
        count: if args.count {
            Count::Always
        } else {
            Count::Auto
        },
        method: match args.method {
            Method::Bfs => plan::Method::Bfs,
            Method::Brute => plan::Method::Brute,
        },
        engine: None,
    };
    let solved = plan::solve(&loaded.subject, &query, control::get())
        .map_err(|e| control::question(e, &loaded.board.source))?;
    match &solved.count {
        Counted::Not(why @ Uncounted::TooLong { .. }) => {
            note(&format!("{why}; add --count to count them"));
        }
        Counted::Not(why @ Uncounted::OverBudget(_)) => {
            note(&format!("{why}; add --force to count them anyway"));
        }
        _ => {}
    }
    let answer = SolveAnswer::new(&loaded.subject, &solved);
    crate::timings::analysis();
    control::check_interrupted()?;
    if args.json {
        write_json(out, &answer)?;
        return Ok(std::process::ExitCode::SUCCESS);
    }
    header_subject(out, &loaded)?;
    write_fewest(out, &answer, loaded.subject.squares())?;
    if args.path && !answer.path.is_empty() {
        match answer.engine {
            // Roll by roll on a board the dense engine holds.
            Engine::Dense => {
                let steps: Vec<Step> = answer.path.iter().flat_map(steps).collect();
                let goal = loaded.subject.squares() as u32;
                write_path(out, &steps, goal, &answer.declined)?;
            }
            _ => write_runs(out, &answer.path, loaded.subject.squares())?,
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// The fewest rolls and the count of optimal sequences, as text.
fn write_fewest(out: &mut dyn Write, answer: &SolveAnswer, goal: u64) -> Result<()> {
    let Some(k) = answer.min_rolls else {
        writeln!(
            out,
            "fewest rolls: none; the last square ({goal}) cannot be reached under these rules"
        )?;
        return Ok(());
    };
    if k == 0 {
        writeln!(out, "fewest rolls: 0 (the pawn starts on the last square)")?;
    } else {
        writeln!(out, "fewest rolls: {k}")?;
    }
    if let Some(count) = &answer.optimal_sequences {
        writeln!(out, "optimal roll sequences: {count}")?;
    } else if let Some(count) = &answer.optimal_sequences_at_least {
        writeln!(
            out,
            "optimal roll sequences: at least {count} (more than 128 bits hold)"
        )?;
    }
    Ok(())
}

/// A run's rolls one by one, on a board the dense engines hold.
fn steps(run: &PathRun) -> impl Iterator<Item = Step> + '_ {
    (1..=run.count).map(move |i| {
        let at = (run.from + i * u64::from(run.roll)) as u32;
        if i == run.count {
            Step {
                roll: run.roll,
                land: run.land as u32,
                to: run.to as u32,
            }
        } else {
            Step {
                roll: run.roll,
                land: at,
                to: at,
            }
        }
    })
}

/// The kind of jump a roll that lands on `land` and rests on `to` takes.
fn jump_kind(land: u64, to: u64) -> &'static str {
    match to.cmp(&land) {
        Ordering::Greater => "ladder",
        Ordering::Less => "snake",
        Ordering::Equal => "-",
    }
}

/// The sequence as runs of equal rolls: one row per run, for a board of
/// any length.
fn write_runs(out: &mut dyn Write, path: &[PathRun], goal: u64) -> Result<()> {
    let square = goal.to_string().len().max("lands on".len());
    let step = path.len().to_string().len();
    let rolls = path
        .iter()
        .map(|r| format!("{} x {}", r.roll, r.count))
        .collect::<Vec<_>>();
    let width = rolls
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(1)
        .max("rolls".len());
    writeln!(out, "one optimal sequence, as runs of equal rolls:")?;
    writeln!(
        out,
        "  {:>step$}  {:>width$}  {:>square$}  {:<6}  {:>square$}",
        "#", "rolls", "lands on", "jump", "ends on"
    )?;
    for (i, (r, rolls)) in path.iter().zip(&rolls).enumerate() {
        writeln!(
            out,
            "  {:>step$}  {rolls:>width$}  {:>square$}  {:<6}  {:>square$}",
            i + 1,
            r.land,
            jump_kind(r.land, r.to),
            r.to
        )?;
    }
    Ok(())
}

/// The sequence as a table: one row per roll, and the jumps it declines.
fn write_path(out: &mut dyn Write, path: &[Step], goal: u32, declined: &[Declined]) -> Result<()> {
    let square = goal.to_string().len().max("lands on".len());
    let step = path.len().to_string().len();
    let roll = path
        .iter()
        .map(|m| m.roll.to_string().len())
        .max()
        .unwrap_or(1)
        .max("roll".len());
    writeln!(out, "one optimal sequence:")?;
    writeln!(
        out,
        "  {:>step$}  {:>roll$}  {:>square$}  {:<6}  {:>square$}",
        "#", "roll", "lands on", "jump", "ends on"
    )?;
    for (i, m) in path.iter().enumerate() {
        let stays = declined
            .iter()
            .any(|d| d.step == i as u64 + 1 && d.from == u64::from(m.land));
        let jump = if stays {
            "stays"
        } else {
            jump_kind(u64::from(m.land), u64::from(m.to))
        };
        writeln!(
            out,
            "  {:>step$}  {:>roll$}  {:>square$}  {jump:<6}  {:>square$}",
            i + 1,
            m.roll,
            m.land,
            m.to
        )?;
    }
    if !declined.is_empty() {
        let list: Vec<String> = declined
            .iter()
            .map(|d| {
                let kind = jump_kind(d.from, d.to);
                format!("the {kind} {} -> {} (roll {})", d.from, d.to, d.step)
            })
            .collect();
        writeln!(out, "jumps declined: {}", list.join(", "))?;
    }
    Ok(())
}

/// `snl solve --steps`: the search frontier by frontier.
fn run_steps(
    args: &Args,
    loaded: &LoadedSubject,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    let other = [
        (args.path, "--path"),
        (args.count, "--count"),
        (args.method == Method::Brute, "--method brute"),
    ]
    .into_iter()
    .find_map(|(asked, what)| asked.then_some(what));
    if let Some(other) = other {
        bail!(
            "{other} is not given with --steps: the steps show the search itself, and their last names one optimal game (leave out --steps for it)"
        );
    }
    let query = StepsQuery {
        limit: args.steps_limit,
    };
    let told = plan::solve_steps(&loaded.subject, &query, control::get())
        .map_err(|e| control::question(e, &loaded.board.source))?;
    let answer = SolveStepsAnswer::new(&loaded.subject, &told);
    answer_steps(
        out,
        loaded,
        args.json,
        &answer,
        answer.steps.iter().map(|s| &s.text),
    )
}
