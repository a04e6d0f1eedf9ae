//! `snl presets`: the built-in boards and where they come from.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use snl::answer::PresetsAnswer;
use snl::words::plural;

use crate::output::{wrap, write_json};

/// List the built-in boards (use one with `--preset NAME`).
///
/// For each: its name, title, squares, ladders and snakes, and the published
/// sources it follows.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl presets
  snl presets --json
  snl solve --preset leetcode-909", super::PLAIN_EXIT_CODES))]
pub struct Args {
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `snl presets`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let answer = PresetsAnswer::all();
    if args.json {
        write_json(out, &answer)?;
        return Ok(ExitCode::SUCCESS);
    }
    for (i, p) in answer.presets.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{}: {}", p.name, p.title)?;
        writeln!(
            out,
            "  {} squares, {}, {}",
            p.squares,
            plural(p.ladders as u64, "ladder", "ladders"),
            plural(p.snakes as u64, "snake", "snakes"),
        )?;
        write!(out, "{}", wrap(&format!("source: {}", p.source), 78, "  "))?;
    }
    Ok(ExitCode::SUCCESS)
}
