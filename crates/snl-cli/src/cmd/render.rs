//! `snl render`: the board as a picture, optionally with the fewest-rolls
//! path, the layers of fewest rolls, or the heat map of landings.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use snl::plan;
use snl_draw::DrawError;
use snl_draw::render::{self, Options, Overlay};

use crate::board_arg::{BoardArgs, RulesArgs, load_game};
use crate::control::{self, Explain};
use crate::output_file::write_picture;
use snl::plan::DenseWork;

/// Draw the board as a picture, with an optional path or colouring.
///
/// The squares are numbered in the winding order of the game, with ladders,
/// snakes, and the overlay asked for with its legend. An n x n board is drawn n squares a row, as it is played (LeetCode 909's
/// numbering); other sizes in rows of 10, or of --width. The picture is SVG,
/// or PNG when the output name ends in `.png`. Without -o the SVG goes to
/// standard output.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl render testdata/seed-004-twenty.pairs.json -o board.svg --path
  snl render testdata/seed-004-twenty.pairs.json -o board.png --heat
  snl render --preset milton-bradley --layers -o layers.png", super::EXIT_CODES))]
pub struct Args {
    /// Where to write the picture: `.png` for PNG, anything else for SVG.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Draw one fewest-rolls path, each landing marked with its roll.
    #[arg(long)]
    pub path: bool,

    /// Colour each square by the fewest rolls to come to rest on it.
    #[arg(long, conflicts_with = "heat")]
    pub layers: bool,

    /// Colour each square by how often one game's rolls land on it, on
    /// average, with a real die.
    #[arg(long)]
    pub heat: bool,

    /// Squares per row [default: n for an n x n board, else 10].
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u32).range(1..))]
    pub width: Option<u32>,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs `snl render`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let loaded = load_game(&args.board, &args.rules, DenseWork::Picture)?;
    let game = &loaded.game;
    // The overlays' cost is checked against the budget before they start;
    // they run under it (the heat map's solve chooses by it) and Ctrl-C.
    let ctl = control::get();
    let options = options(args);
    plan::admit(game, &options.analyses(), &ctl.budget).budget()?;
    let svg =
        render::board_svg_with(game, &loaded.board.label(), &options, ctl).map_err(explain)?;
    control::check_interrupted()?;
    write_picture(svg, args.output.as_ref(), loaded.board.path(), out)?;
    Ok(ExitCode::SUCCESS)
}

/// A picture's error as the command reports it: the limit the heat map's
/// solve met (a stop by Ctrl-C, a refusal, a solve that did not converge)
/// explained as every command explains it.
fn explain(e: DrawError) -> anyhow::Error {
    match e {
        DrawError::Markov(m) => control::explain(m)
            .context("the heat map needs the expected landings, which could not be computed"),
        DrawError::Limit(l) => control::explain(l),
        e => e.into(),
    }
}

/// The picture `args` ask for.
fn options(args: &Args) -> Options {
    let overlay = if args.layers {
        Overlay::Layers
    } else if args.heat {
        Overlay::Heat
    } else {
        Overlay::Plain
    };
    Options {
        path: args.path,
        overlay,
        width: args.width,
    }
}
