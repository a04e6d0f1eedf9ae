//! `snl check`: is the board well formed, and what is odd about it?

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use serde::Serialize;

use crate::board_arg::{BoardArgs, RulesArgs};
use crate::output::{RulesJson, rules_text, write_json};
use snl::check::{self, Diagnostic, Severity};

/// Check a board: errors make it unplayable, warnings point at oddities.
///
/// Lists every problem at once, each with where it was written. Exits 1
/// when the board has errors, 0 when it has only warnings or none. The
/// rules matter: a circle of jumps is an error only with chaining.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,

    // The shared groups come last: they set their own help headings.
    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(Debug, Serialize)]
struct CheckJson<'a> {
    board: Option<&'a str>,
    squares: u64,
    rules: RulesJson,
    errors: Vec<DiagnosticJson<'a>>,
    warnings: Vec<DiagnosticJson<'a>>,
}

#[derive(Debug, Serialize)]
struct DiagnosticJson<'a> {
    code: &'a str,
    message: &'a str,
    squares: &'a [u32],
}

impl<'a> From<&'a Diagnostic> for DiagnosticJson<'a> {
    fn from(d: &'a Diagnostic) -> DiagnosticJson<'a> {
        DiagnosticJson {
            code: d.code,
            message: &d.message,
            squares: &d.squares,
        }
    }
}

/// Runs `snl check`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let loaded = args.board.load()?;
    let rules = args.rules.resolve(&loaded.parsed.rules)?;
    let diagnostics = check::check(&loaded.parsed.spec, &rules);
    let (errors, warnings): (Vec<&Diagnostic>, Vec<&Diagnostic>) = diagnostics
        .iter()
        .partition(|d| d.severity == Severity::Error);
    if args.json {
        let doc = CheckJson {
            board: loaded.name(),
            squares: loaded.parsed.spec.squares,
            rules: RulesJson::from(&rules),
            errors: errors.iter().map(|d| DiagnosticJson::from(*d)).collect(),
            warnings: warnings.iter().map(|d| DiagnosticJson::from(*d)).collect(),
        };
        write_json(out, &doc)?;
    } else {
        writeln!(
            out,
            "board: {}, {} squares, {} jumps",
            loaded.label(),
            loaded.parsed.spec.squares,
            loaded.parsed.spec.jumps.len()
        )?;
        writeln!(out, "rules: {}", rules_text(&rules))?;
        for d in errors.iter().chain(&warnings) {
            let severity = if d.severity == Severity::Error {
                "error"
            } else {
                "warning"
            };
            writeln!(out, "{severity}[{}]: {}", d.code, d.message)?;
        }
        let verdict = match (errors.len(), warnings.len()) {
            (0, 0) => "ok: no errors, no warnings".to_string(),
            (0, w) => format!(
                "ok: no errors, {w} warning{}",
                if w == 1 { "" } else { "s" }
            ),
            (e, w) => format!(
                "not playable: {e} error{}, {w} warning{}",
                if e == 1 { "" } else { "s" },
                if w == 1 { "" } else { "s" }
            ),
        };
        writeln!(out, "{verdict}")?;
    }
    Ok(if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
