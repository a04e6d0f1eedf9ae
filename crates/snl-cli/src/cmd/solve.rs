//! `snl solve`: the fewest rolls to the last square, one optimal sequence,
//! and how many optimal sequences there are.

use std::cmp::Ordering;
use std::io::Write;

use anyhow::Result;
use clap::ValueEnum;
use snl::answer::{Declined, Header, PathRun, SolveAnswer, Step};

use crate::board_arg::{BoardArgs, Chosen, LoadedGame, LoadedLong, RulesArgs, load_for};
use crate::control::{self, Explain};
use crate::output::{header, header_long, note, write_json};
use snl::plan::{COUNT_LIMIT, Counting, Engine};

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
///
/// A board in the pairs forms may have up to 2^62 squares. Past 2^30, and
/// on long boards with few jumps, the sparse engine answers (its cost grows
/// with the jumps): the same fewest rolls and path. Past 2^30 --count
/// counts in 128 bits, a larger count given as "at least" 2^128 - 1 (JSON:
/// `optimal_sequences_at_least`). The JSON says which engine answered, and
/// gives the path as runs of equal rolls.
///
/// With --optional the player may also decline jumps: the search plays
/// both choices of every landing on an optional jump's start, the path
/// marks a declined jump `stays` and lists the jumps it declines (JSON:
/// `declined`), and the count is of plays (the same rolls resting
/// elsewhere count apart).
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
    // The exhaustive search takes the dense engine; so does counting on a
    // board it holds (its count is exact however large), and every board
    // small enough to be counted by default. Past 2^30 squares the sparse
    // engine counts, in 128 bits.
    let dense = (args.method == Method::Brute).then_some("--method brute");
    let analysis = snl::plan::Analysis::Shortest(snl::shortest::Search::Solve);
    // The search plays optional jumps: the game is built with them.
    let loaded = match load_for(&args.board, &args.rules, analysis, dense, true)? {
        Chosen::Dense(loaded) => loaded,
        Chosen::Sparse(long)
            if snl::plan::solve_engine(&long.game, args.count) == Engine::Dense =>
        {
            // Small enough to count: the dense engine counts too.
            return run_dense(args, &long.into_dense()?, out);
        }
        Chosen::Sparse(long) => return run_sparse(args, &long, out),
    };
    run_dense(args, &loaded, out)
}

/// `snl solve` by the engine for boards of any length, which counts the
/// optimal sequences (in 128 bits) with --count.
fn run_sparse(
    args: &Args,
    loaded: &LoadedLong,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    let game = &loaded.game;
    let ctl = control::get();
    let solution = snl::sparse::shortest::solve_with(game, ctl).budget()?;
    let count = if args.count && solution.min_rolls.is_some() {
        snl::sparse::shortest::count::count_optimal_with(game, ctl).budget()?
    } else {
        if solution.min_rolls.is_some_and(|k| k > 0) {
            note(&format!(
                "not counting the optimal sequences on a board of {} squares (over {COUNT_LIMIT}); \
                 add --count to count them",
                game.goal(),
            ));
        }
        None
    };
    let answer = SolveAnswer::from_long(Header::of_long(loaded.board.name(), game), &solution)
        .with_long_count(count);
    crate::timings::analysis();
    control::check_interrupted()?;
    if args.json {
        write_json(out, &answer)?;
        return Ok(std::process::ExitCode::SUCCESS);
    }
    header_long(out, loaded)?;
    write_fewest(out, &answer, game.goal())?;
    if args.path && !answer.path.is_empty() {
        write_runs(out, &answer.path, game.goal())?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// `snl solve` by the engines that keep tables a square long.
fn run_dense(
    args: &Args,
    loaded: &LoadedGame,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
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
                .with_choices(game, &solution.path)
        }
        Method::Brute => {
            let found = snl::brute::search_with(game, ctl).budget()?;
            SolveAnswer::from_brute(header, &found).with_choices(game, &found.path)
        }
    };
    crate::timings::analysis();
    control::check_interrupted()?;
    if args.json {
        write_json(out, &answer)?;
    } else {
        write_text(out, loaded, &answer, args.path)?;
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
    write_fewest(out, answer, u64::from(game.goal()))?;
    if show_path && !answer.path.is_empty() {
        let steps: Vec<Step> = answer.path.iter().flat_map(steps).collect();
        write_path(out, &steps, game.goal(), &answer.declined)?;
    }
    Ok(())
}

/// The fewest rolls and the count of optimal sequences, as text.
fn write_fewest(out: &mut dyn Write, answer: &SolveAnswer, goal: u64) -> Result<()> {
    let Some(k) = answer.min_rolls else {
        writeln!(
            out,
            "fewest rolls: none; the last square ({goal}) cannot be reached under these rules"
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
    } else if let Some(count) = &answer.optimal_sequences_at_least {
        writeln!(
            out,
            "optimal roll sequences: at least {count} (more than 128 bits hold)"
        )?;
    }
    Ok(())
}

/// A run's rolls one by one, on a board the dense engines hold.
fn steps(run: &PathRun) -> impl Iterator<Item = Step> + '_ {
    (1..=run.count).map(move |i| {
        let at = (run.from + i * u64::from(run.roll)) as u32;
        if i == run.count {
            Step {
                roll: run.roll,
                land: run.land as u32,
                to: run.to as u32,
            }
        } else {
            Step {
                roll: run.roll,
                land: at,
                to: at,
            }
        }
    })
}

/// The kind of jump a roll that lands on `land` and rests on `to` takes.
fn jump_kind(land: u64, to: u64) -> &'static str {
    match to.cmp(&land) {
        Ordering::Greater => "ladder",
        Ordering::Less => "snake",
        Ordering::Equal => "-",
    }
}

/// The sequence as runs of equal rolls: one row per run, for a board of
/// any length.
fn write_runs(out: &mut dyn Write, path: &[PathRun], goal: u64) -> Result<()> {
    let square = goal.to_string().len().max("lands on".len());
    let step = path.len().to_string().len();
    let rolls = path
        .iter()
        .map(|r| format!("{} x {}", r.roll, r.count))
        .collect::<Vec<_>>();
    let width = rolls
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(1)
        .max("rolls".len());
    writeln!(out, "one optimal sequence, as runs of equal rolls:")?;
    writeln!(
        out,
        "  {:>step$}  {:>width$}  {:>square$}  {:<6}  {:>square$}",
        "#", "rolls", "lands on", "jump", "ends on"
    )?;
    for (i, (r, rolls)) in path.iter().zip(&rolls).enumerate() {
        writeln!(
            out,
            "  {:>step$}  {rolls:>width$}  {:>square$}  {:<6}  {:>square$}",
            i + 1,
            r.land,
            jump_kind(r.land, r.to),
            r.to
        )?;
    }
    Ok(())
}

/// The sequence as a table: one row per roll, and the jumps it declines.
fn write_path(out: &mut dyn Write, path: &[Step], goal: u32, declined: &[Declined]) -> Result<()> {
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
        let stays = declined
            .iter()
            .any(|d| d.step == i as u64 + 1 && d.from == u64::from(m.land));
        let jump = if stays {
            "stays"
        } else {
            jump_kind(u64::from(m.land), u64::from(m.to))
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
    if !declined.is_empty() {
        let list: Vec<String> = declined
            .iter()
            .map(|d| {
                let kind = jump_kind(d.from, d.to);
                format!("the {kind} {} -> {} (roll {})", d.from, d.to, d.step)
            })
            .collect();
        writeln!(out, "jumps declined: {}", list.join(", "))?;
    }
    Ok(())
}
