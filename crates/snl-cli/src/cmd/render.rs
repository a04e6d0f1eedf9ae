//! `snl render`: the board as a picture, optionally with the fewest-rolls
//! path, the layers of fewest rolls, or the heat map of landings.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Result, bail};
use snl::plan;
use snl_draw::DrawError;
use snl_draw::render::{self, Options, Overlay};

use crate::board_arg::{BoardArgs, RulesArgs, load_game};
use crate::control::{self, Explain};
use crate::output_file::{Kind, write_output, write_picture_as};
use snl::plan::DenseWork;

/// Draw the board as a picture, with an optional path or colouring.
///
/// The squares are numbered in the winding order of the game, with ladders,
/// snakes, and the overlay asked for with its legend. An n x n board is drawn n squares a row, as it is played (LeetCode 909's
/// numbering); other sizes in rows of 10, or of --width. The picture is SVG,
/// PNG, or TikZ for a LaTeX document (\usepackage{tikz} in its preamble,
/// then \input the file; at most 2,500 squares): --to, or the output's
/// name (.png, .tex or .tikz, else SVG). Without -o it goes to standard
/// output.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl render testdata/seed-004-twenty.pairs.json -o board.svg --path
  snl render testdata/seed-004-twenty.pairs.json -o board.png --heat
  snl render --preset milton-bradley --layers -o layers.png
  snl render --preset milton-bradley --path -o board.tex", super::EXIT_CODES))]
pub struct Args {
    /// Where to write the picture: `.png` for PNG, `.tex` or `.tikz` for
    /// TikZ, anything else for SVG.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The picture's form [default: from the -o file's name, else svg].
    #[arg(long, value_enum, value_name = "FORM")]
    pub to: Option<Form>,

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

/// The forms of a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Form {
    /// Scalable vector graphics.
    Svg,
    /// A PNG image.
    Png,
    /// A TikZ picture, for LaTeX.
    Tikz,
}

impl Form {
    /// The form a file's name asks for.
    fn of(path: &Path) -> Form {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("tex") || e.eq_ignore_ascii_case("tikz") => {
                Form::Tikz
            }
            _ => match Kind::of(path) {
                Kind::Png => Form::Png,
                Kind::Svg => Form::Svg,
            },
        }
    }
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
    let form = args
        .to
        .unwrap_or_else(|| args.output.as_deref().map_or(Form::Svg, Form::of));
    let input = loaded.board.path();
    let label = loaded.board.label();
    if form == Form::Tikz {
        let tikz = render::board_tikz_with(game, &label, &options, ctl).map_err(explain)?;
        control::check_interrupted()?;
        write_output(args.output.as_ref(), input, out, |w| {
            Ok(w.write_all(tikz.as_bytes())?)
        })?;
        return Ok(ExitCode::SUCCESS);
    }
    if form == Form::Png && args.output.is_none() && std::io::stdout().is_terminal() {
        bail!("a PNG is not for a terminal: name a file with -o board.png, or redirect the output");
    }
    let svg = render::board_svg_with(game, &label, &options, ctl).map_err(explain)?;
    control::check_interrupted()?;
    write_picture_as(
        if form == Form::Png {
            Kind::Png
        } else {
            Kind::Svg
        },
        svg,
        args.output.as_ref(),
        input,
        out,
    )?;
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
