//! `snl duel`: two players who choose their rolls; who wins?

use std::io::Write;

use anyhow::{Result, bail};
use snl::answer::{DuelAnswer, Header};
use snl::duel::{self, Winner};

use crate::board_arg::{BoardArgs, RulesArgs, load_game};
use crate::control::{self, Explain};
use crate::output::{header, write_json};
use snl::plan::DenseWork;

/// Two players who choose their rolls: who wins with perfect play?
///
/// The players move in turn, each choosing every roll. The first to reach the last square wins. With --bump, a pawn that comes
/// to rest on the other pawn's square sends it back to the start. A roll
/// that is lost under the exact finish may be chosen: it is a pass. Prints
/// the winner, how many rolls (both players') the win takes when the winner
/// hurries and the loser holds out, and the first player's best first
/// rolls. "draw" means neither player can force a win. Boards of up to 4095
/// squares; the bonus-roll rule is not supported.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl duel testdata/seed-004-twenty.pairs.json
  snl duel --preset moves-example-1 --bump --json", super::EXIT_CODES))]
pub struct Args {
    /// Landing on the other pawn's square sends it back to the start.
    #[arg(long)]
    pub bump: bool,

    /// The two starting squares, first player first [default: the rules'
    /// start for both].
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    pub from: Vec<u32>,

    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs `snl duel`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<std::process::ExitCode> {
    let loaded = load_game(&args.board, &args.rules, DenseWork::Duel)?;
    let game = &loaded.game;
    let from = match args.from[..] {
        [] => [game.start(), game.start()],
        [a, b] => [a, b],
        _ => bail!(
            "--from takes two starting squares, first player first, not {}",
            args.from.len()
        ),
    };
    let rules = duel::DuelRules { bump: args.bump };
    let d = duel::duel_from_with(game, rules, from[0], from[1], control::get()).budget()?;
    control::check_interrupted()?;
    let answer = DuelAnswer::new(Header::new(loaded.board.name(), game), rules, from, &d);
    let winner = answer.winner.name();
    if args.json {
        write_json(out, &answer)?;
        return Ok(std::process::ExitCode::SUCCESS);
    }
    header(out, &loaded)?;
    writeln!(
        out,
        "duel: pawns on {} and {}, {}",
        from[0],
        from[1],
        if args.bump {
            "bumping sends a pawn back to the start"
        } else {
            "no bumping"
        }
    )?;
    match (d.winner, d.rolls) {
        (Winner::First | Winner::Second, Some(rolls)) => {
            // The first player rolls on odd rolls, the second on even ones.
            let own = if d.winner == Winner::First {
                rolls.div_ceil(2)
            } else {
                rolls / 2
            };
            writeln!(
                out,
                "winner with perfect play: the {winner} player, after {rolls} rolls in all ({own} of its own)"
            )?;
        }
        _ => writeln!(
            out,
            "winner with perfect play: none; neither player can force a win (a draw)"
        )?,
    }
    if !d.best_rolls.is_empty() {
        let rolls: Vec<String> = d.best_rolls.iter().map(u32::to_string).collect();
        writeln!(out, "first player's best first roll: {}", rolls.join(", "))?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}
