//! `snl plot`: the game-length distribution as a picture.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use snl::race::RaceSummary;
use snl_draw::plot::LengthPlot;

use crate::board_arg::{BoardArgs, RulesArgs, load_game};
use crate::control::{self, Explain};
use crate::output::note;
use crate::output_file::write_picture;
use snl::plan::DenseWork;

/// Plot how many rolls a game takes with a real die.
///
/// The plot shows the chance of finishing on each roll (bars) and of having
/// finished by then (a line), with the mean, the median and the fewest rolls
/// marked. With --players K, a second panel shows each seat's chance of having won
/// a K-player race by each round. The picture is SVG, or PNG when the output
/// name ends in `.png`. Without -o the SVG goes to standard output.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl plot testdata/seed-004-twenty.pairs.json -o length.svg
  snl plot --preset milton-bradley -o length.png --players 3", super::EXIT_CODES))]
pub struct Args {
    /// Where to write the plot: `.png` for PNG, anything else for SVG.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Add each seat's chance of having won a race of K players by each
    /// round.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(2..=8))]
    pub players: Option<u32>,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs `snl plot`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let loaded = load_game(&args.board, &args.rules, DenseWork::Plot)?;
    let game = &loaded.game;
    let ctl = control::get();
    let stats = snl::markov::stats_with(game, &snl::markov::LengthOptions::default(), ctl)
        .budget()
        .context("computing the game-length distribution")?;
    let d = &stats.distribution;
    let mut title = format!("{}: how many rolls a game takes", loaded.board.label());
    if !d.is_complete() && d.resolved() > 0.0 {
        // Only what was followed is drawn; the picture and stderr say so.
        let steps = d.pmf.len().saturating_sub(1);
        note(&format!(
            "the game length was followed for {steps} rolls; a chance of {:.3e} was still \
             unresolved, so the plot shows only the games that ended by then",
            d.unresolved
        ));
        title = format!("{title} (first {steps} rolls only)");
    }
    let mut plot = LengthPlot::new(d);
    if let Some(k) = args.players {
        let race = RaceSummary::compute_with(game, k as usize, ctl)
            .budget()
            .with_context(|| format!("computing a race of {k} players"))?;
        plot = plot.race(race.seats);
    }
    let svg = plot
        .mean(stats.mean)
        .fewest(snl::shortest::min_rolls_with(game, ctl).budget()?)
        .title(&title)
        .to_svg()?;
    control::check_interrupted()?;
    write_picture(svg, args.output.as_ref(), loaded.board.path(), out)?;
    Ok(ExitCode::SUCCESS)
}
