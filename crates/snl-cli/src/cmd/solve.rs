//! `snl solve`: the fewest rolls to the last square, one optimal sequence,
//! and how many optimal sequences there are.

use std::cmp::Ordering;
use std::io::Write;

use anyhow::Result;
use clap::ValueEnum;
use snl::answer::{Header, SolveAnswer, Step};

use crate::board_arg::{BoardArgs, LoadedGame, RulesArgs, load_game};
use crate::control::{self, Explain};
use crate::output::{header, note, write_json};
use snl::plan::{COUNT_LIMIT, Counting};

/// The fewest rolls to the last square when you choose every roll.
///
/// Prints the fewest rolls, the rules they hold under, and the number of
/// distinct optimal roll sequences (exact, in full). With --path, also one
/// optimal sequence: each roll, the square it lands on, the jump taken and
/// the square the pawn ends on. An unreachable last square is an answer
/// (exit 0): the text says so and the JSON has `"min_rolls": null`.
///
/// Counting optimal sequences costs much more than the search on long
/// boards, so it is skipped above 200000 squares (with a note on stderr)
/// unless --count is given, and whenever its estimate is over the budget
/// (--force counts anyway).
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl solve testdata/seed-004-twenty.pairs.json
  snl solve --preset milton-bradley --path
  snl solve - --json < testdata/seed-000-leetcode-909.grid.json", super::EXIT_CODES))]
pub struct Args {
    /// Print one optimal sequence, roll by roll.
    #[arg(long)]
    pub path: bool,

    /// Count the optimal sequences even on boards over 200000 squares.
    #[arg(long)]
    pub count: bool,

    /// The search to run.
    #[arg(long, value_enum, default_value_t = Method::Bfs)]
    pub method: Method,

    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,

    // The shared groups come last: they set their own help headings.
    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// How the fewest rolls are found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Breadth-first search: linear in the board size.
    Bfs,
    /// Try every sequence of rolls (small boards only; an independent check).
    Brute,
}

/// Runs `snl solve`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<std::process::ExitCode> {
    let loaded = load_game(&args.board, &args.rules)?;
    let game = &loaded.game;
    let ctl = control::get();
    let header = Header::new(loaded.board.name(), game);
    let answer = match args.method {
        Method::Bfs => {
            // The text without --path shows no sequence, so none is rebuilt.
            let solution = if args.json || args.path {
                snl::shortest::solve_with(game, ctl).budget()?
            } else {
                snl::shortest::Solution {
                    min_rolls: snl::shortest::min_rolls_with(game, ctl).budget()?,
                    path: Vec::new(),
                }
            };
            let counting = snl::plan::counting(game, args.count, &ctl.budget);
            match counting {
                Counting::TooLong if solution.min_rolls.is_some() => note(&format!(
                    "not counting the optimal sequences on a board of {} squares (over {COUNT_LIMIT}); \
                     add --count to count them",
                    game.goal()
                )),
                Counting::OverBudget(cost) if solution.min_rolls.is_some() => note(&format!(
                    "not counting the optimal sequences: counting them would take {cost}, \
                     over the budget; add --force to count them anyway"
                )),
                _ => {}
            }
            let count = counting == Counting::Count;
            let optimal = if count {
                snl::shortest::count_optimal_with(game, ctl).budget()?
            } else {
                None
            };
            SolveAnswer::from_search(header, &solution, optimal.as_ref())
        }
        Method::Brute => {
            SolveAnswer::from_brute(header, &snl::brute::search_with(game, ctl).budget()?)
        }
    };
    control::check_interrupted()?;
    if args.json {
        write_json(out, &answer)?;
    } else {
        write_text(out, &loaded, &answer, args.path)?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}

fn write_text(
    out: &mut dyn Write,
    loaded: &LoadedGame,
    answer: &SolveAnswer,
    show_path: bool,
) -> Result<()> {
    let game = &loaded.game;
    header(out, loaded)?;
    let Some(k) = answer.min_rolls else {
        writeln!(
            out,
            "fewest rolls: none; the last square ({}) cannot be reached under these rules",
            game.goal()
        )?;
        return Ok(());
    };
    if k == 0 {
        writeln!(out, "fewest rolls: 0 (the pawn starts on the last square)")?;
    } else {
        writeln!(out, "fewest rolls: {k}")?;
    }
    if let Some(count) = &answer.optimal_sequences {
        writeln!(out, "optimal roll sequences: {count}")?;
    }
    if show_path && !answer.path.is_empty() {
        write_path(out, &answer.path, game.goal())?;
    }
    Ok(())
}

/// The sequence as a table: one row per roll.
fn write_path(out: &mut dyn Write, path: &[Step], goal: u32) -> Result<()> {
    let square = goal.to_string().len().max("lands on".len());
    let step = path.len().to_string().len();
    let roll = path
        .iter()
        .map(|m| m.roll.to_string().len())
        .max()
        .unwrap_or(1)
        .max("roll".len());
    writeln!(out, "one optimal sequence:")?;
    writeln!(
        out,
        "  {:>step$}  {:>roll$}  {:>square$}  {:<6}  {:>square$}",
        "#", "roll", "lands on", "jump", "ends on"
    )?;
    for (i, m) in path.iter().enumerate() {
        let jump = match m.to.cmp(&m.land) {
            Ordering::Greater => "ladder",
            Ordering::Less => "snake",
            Ordering::Equal => "-",
        };
        writeln!(
            out,
            "  {:>step$}  {:>roll$}  {:>square$}  {jump:<6}  {:>square$}",
            i + 1,
            m.roll,
            m.land,
            m.to
        )?;
    }
    Ok(())
}
