//! `snl check`: is the board well formed, and what is odd about it?

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use snl::answer::{CheckAnswer, Header};
use snl::check;
use snl::words::{plural, rules_line};

use crate::board_arg::{BoardArgs, RulesArgs};
use crate::control;
use crate::output::{note, write_json};

/// Check a board: errors make it unplayable, warnings point at oddities.
///
/// Lists every problem at once, each with where it was written. Exits 1
/// when the board has errors, 0 when it has only warnings or none. The
/// rules matter: a circle of jumps is an error only with chaining. When
/// jumps may be declined (--optional), a note names each jump the best
/// play with a real die (as `snl expect` plays it) never takes.
///
/// A playable board is named always, occasionally or never winnable from
/// the start (the classes of Nanda and Misra); when not always, with the
/// squares that trap the pawn and the chance a game falls among them.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl check testdata/seed-004-twenty.pairs.json
  snl check testdata/seed-004-twenty.pairs.json --chain --json
  snl check testdata/seed-004-twenty.pairs.json --optional ladders
  snl check - < testdata/seed-000-leetcode-909.grid.json", super::CHECK_EXIT_CODES))]
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

/// Runs `snl check`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let loaded = args.board.load()?;
    let rules = args.rules.resolve(&loaded.parsed.rules)?;
    let checked = check::check_with(&loaded.parsed.spec, &rules, control::get());
    if let Some(why) = &checked.skipped {
        // The limit itself, not the `Skipped` around it: `explain` knows a
        // stop by Ctrl-C by its `LimitError`, and makes it exit 130.
        if let Some(stop) = why.limit().filter(|e| e.is_stop()) {
            return Err(control::explain(stop.clone()));
        }
        note(&check::skipped_note(why, |e| {
            control::explain(e.clone()).to_string()
        }));
    }
    let answer = CheckAnswer::of(
        Header::of_spec(loaded.name(), &loaded.parsed.spec, &rules),
        &checked,
    );
    if args.json {
        write_json(out, &answer)?;
    } else {
        writeln!(
            out,
            "board: {}, {}, {}",
            loaded.label(),
            plural(loaded.parsed.spec.squares, "square", "squares"),
            plural(loaded.parsed.spec.jumps.len() as u64, "jump", "jumps")
        )?;
        writeln!(out, "rules: {}", rules_line(&rules))?;
        for (severity, list) in [
            ("error", &answer.errors),
            ("warning", &answer.warnings),
            ("note", &answer.notes),
        ] {
            for f in list {
                writeln!(out, "{severity}[{}]: {}", f.code, f.message)?;
            }
        }
        if let Some(w) = &checked.winnability {
            writeln!(out, "{}", winnable_line(w))?;
        }
        let (e, w) = (answer.errors.len() as u64, answer.warnings.len() as u64);
        let warnings = plural(w, "warning", "warnings");
        // Over the budget for the best play alone, every error and warning
        // was still looked for.
        let partial = checked.skipped.as_ref().filter(|s| !s.looked_for_all());
        let verdict = match e {
            0 if partial.is_some() && w > 0 => {
                format!("ok: no errors, {warnings} (the rest was not checked: see the note)")
            }
            0 if partial.is_some() => {
                "ok as written: no errors in its jumps (the rest was not checked: see the note)"
                    .to_string()
            }
            0 if w == 0 => "ok: no errors, no warnings".to_string(),
            0 => format!("ok: no errors, {warnings}"),
            _ => format!("not playable: {}, {warnings}", plural(e, "error", "errors")),
        };
        if let Some(why) = checked.skipped.as_ref().filter(|s| s.looked_for_all()) {
            let what = match why {
                check::Skipped::BestPlay(_) => "the jumps the best play never takes were",
                _ => "the chance of falling into the trap was",
            };
            writeln!(out, "{verdict} ({what} not looked for: see the note)")?;
        } else if answer.notes.is_empty() {
            writeln!(out, "{verdict}")?;
        } else {
            let notes = plural(answer.notes.len() as u64, "note", "notes");
            writeln!(out, "{verdict}; {notes}")?;
        }
    }
    Ok(if answer.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `winnable: always ...`, the board's class in words.
fn winnable_line(w: &check::Winnability) -> String {
    format!("winnable: {}", w.sentence())
}
