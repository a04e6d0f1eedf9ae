//! `snl presets`: the built-in boards and where they come from.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use serde::Serialize;

use crate::output::{wrap, write_json};
use snl::presets;

/// List the built-in boards (use one with `--preset NAME`).
///
/// For each: its name, title, squares, ladders and snakes, and the published
/// sources it follows.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Serialize)]
struct PresetJson {
    name: &'static str,
    title: &'static str,
    squares: u64,
    ladders: usize,
    snakes: usize,
    source: &'static str,
}

#[derive(Debug, Serialize)]
struct PresetsJson {
    presets: Vec<PresetJson>,
}

/// Runs `snl presets`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let mut list = Vec::new();
    for preset in presets::all() {
        let parsed = preset.parse();
        let count = |up: bool| {
            parsed
                .spec
                .jumps
                .iter()
                .filter(|j| (j.to > j.from) == up)
                .count()
        };
        list.push(PresetJson {
            name: preset.name,
            title: preset.title,
            squares: parsed.spec.squares,
            ladders: count(true),
            snakes: count(false),
            source: preset.source,
        });
    }
    if args.json {
        write_json(out, &PresetsJson { presets: list })?;
        return Ok(ExitCode::SUCCESS);
    }
    for (i, p) in list.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{}: {}", p.name, p.title)?;
        writeln!(
            out,
            "  {} squares, {}, {}",
            p.squares,
            crate::output::plural(p.ladders, "ladder", "ladders"),
            crate::output::plural(p.snakes, "snake", "snakes"),
        )?;
        write!(out, "{}", wrap(&format!("source: {}", p.source), 78, "  "))?;
    }
    Ok(ExitCode::SUCCESS)
}
