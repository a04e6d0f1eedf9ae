//! `snl report`: everything about a board in one HTML page.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use snl_draw::report::Report;

use crate::board_arg::{BoardArgs, RulesArgs, load_game};
use crate::control::{self, Explain};
use crate::output_file::write_output;
use snl::plan::DenseWork;

/// Write one HTML page with everything about the board.
///
/// The page shows the board with a fewest-rolls path, the rules in words,
/// the exact statistics of the game length with its plot, a heat map of
/// landings, what each jump is worth, and the win chances for two to four
/// players. It opens offline in any browser with nothing beside it, and
/// prints. Without -o it goes to standard output.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl report testdata/seed-004-twenty.pairs.json -o report.html
  snl report --preset milton-bradley -o milton-bradley.html", super::EXIT_CODES))]
pub struct Args {
    /// Where to write the page.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs `snl report`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let loaded = load_game(&args.board, &args.rules, DenseWork::Report)?;
    let report =
        Report::compute_with(&loaded.game, &loaded.board.label(), control::get()).budget()?;
    let html = report.to_html()?;
    write_output(args.output.as_ref(), loaded.board.path(), out, |w| {
        Ok(w.write_all(html.as_bytes())?)
    })?;
    Ok(ExitCode::SUCCESS)
}
