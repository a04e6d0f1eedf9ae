//! `snl show`: the board in the terminal.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use snl_draw::Grid;

use crate::board_arg::{BoardArgs, RulesArgs, load_game};
use crate::output::colour_allowed;
use snl::plan::DenseWork;

/// Print the board in the terminal.
///
/// The squares are a grid of numbers laid out as the board is played, each
/// jump written after its square: `12↑38` is a ladder from 12 up to 38,
/// `17↓6` a snake down to 6. In colour when standard output is a terminal and `NO_COLOR` is unset.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl show testdata/seed-000-leetcode-909.grid.json
  snl show --preset milton-bradley", super::PLAIN_EXIT_CODES))]
pub struct Args {
    /// Squares per row [default: n for an n x n board, else 10].
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u32).range(1..))]
    pub width: Option<u32>,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs `snl show`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let loaded = load_game(&args.board, &args.rules, DenseWork::Picture)?;
    let board = loaded.game.board();
    let grid = Grid::with_width(board.squares(), args.width)?;
    let colour = colour_allowed(&std::io::stdout());
    out.write_all(snl_draw::text::board(board, grid, colour).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
