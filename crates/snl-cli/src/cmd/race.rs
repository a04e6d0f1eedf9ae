//! `snl race`: the exact chance that each seat wins a race with a real die.

use std::io::Write;

use anyhow::{Result, anyhow};
use snl::answer::{Header, RaceAnswer};
use snl::race::RaceError;

use crate::board_arg::{BoardArgs, RulesArgs, load_game_for};
use crate::control::{self, Explain};
use crate::output::{header, write_json};

/// The exact chance that each seat wins a race with a real die.
///
/// Players take turns with a real die. Every player has a pawn of their own (pawns do not meet); seat 1 moves
/// first. Prints each seat's chance of winning, the chance that no one ever
/// finishes, and the expected number of rounds until someone does (a round
/// is one turn of every player). Chances are exact up to a tail below 1e-12.
///
/// With --seat-die each player rolls a die of their own (given in seat
/// order, one a seat); the rules' other settings, bonus rolls included,
/// hold for every seat.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl race testdata/seed-004-twenty.pairs.json --players 3
  snl race --preset milton-bradley --from 1,30 --json
  snl race --preset milton-bradley --seat-die d6 --seat-die d8", super::EXIT_CODES))]
pub struct Args {
    /// How many players (1 to 16) [default: 2, or as many as --from lists or
    /// --seat-die gives].
    #[arg(long, value_name = "K")]
    pub players: Option<usize>,

    /// The starting square of each seat, in turn order [default: the rules'
    /// start for every seat].
    #[arg(long, value_name = "A,B,...", value_delimiter = ',')]
    pub from: Vec<u32>,

    /// The die of each seat, in turn order (repeatable, one a seat, as
    /// --die reads it: `--seat-die d6 --seat-die 1,1,1,1,1,2`) [default:
    /// the rules' die for every seat].
    #[arg(long = "seat-die", value_name = "SPEC")]
    pub seat_die: Vec<snl::Die>,

    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs `snl race`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<std::process::ExitCode> {
    let loaded = load_game_for(&args.board, &args.rules, snl::race::too_long)?;
    let game = &loaded.game;
    let dice = &args.seat_die;
    let from = snl::race::seats(game, args.players, &args.from, dice.len()).map_err(|e| match e {
        RaceError::Seats { players, listed } => anyhow!(
            "--players {players} but --from lists {listed} starting squares; give one per player"
        ),
        e => anyhow::Error::new(e),
    })?;
    let players = from.len();
    let race = snl::race::race_dice_with(game, &from, dice, control::get()).budget()?;
    if args.json {
        let answer =
            RaceAnswer::new(Header::new(loaded.board.name(), game), &from, &race).with_dice(dice);
        write_json(out, &answer)?;
        return Ok(control::exit_code());
    }
    header(out, &loaded)?;
    let starts: Vec<String> = from.iter().map(u32::to_string).collect();
    writeln!(out, "players: {players}, starting on {}", starts.join(", "))?;
    // A chance the distributions did not reach (a very long board, a
    // budget or Ctrl-C) is shown, never hidden in a rounded zero.
    let unresolved = race.unresolved > 1e-9;
    for (i, w) in race.win.iter().enumerate() {
        match dice.get(i) {
            Some(own) => writeln!(out, "seat {:>2} wins: {w:.6} (rolling {own})", i + 1)?,
            None => writeln!(out, "seat {:>2} wins: {w:.6}", i + 1)?,
        }
    }
    if race.no_winner > 0.0 {
        writeln!(out, "no winner:    {:.6}", race.no_winner)?;
    }
    match race.expected_rounds {
        Some(r) if unresolved => writeln!(
            out,
            "expected rounds: at least {} (from the games resolved)",
            snl::words::figure(r, 4)
        )?,
        Some(r) => writeln!(out, "expected rounds: {}", snl::words::figure(r, 4))?,
        None => writeln!(out, "expected rounds: unbounded (no pawn may ever finish)")?,
    }
    if unresolved {
        writeln!(
            out,
            "unresolved: {:.6} (the games were followed until the work budget ran out; \
             each chance above may be short by up to this much)",
            race.unresolved
        )?;
    }
    Ok(control::exit_code())
}
