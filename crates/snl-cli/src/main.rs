//! `snl`: analyse Snakes and Ladders boards from the command line.
//!
//! The binary reads boards, calls the `snl` library and prints answers; it
//! computes nothing itself. Each subcommand lives in its own module under
//! `cmd/`; the board and rules arguments they share are in [`board_arg`].

mod board_arg;
mod boards_arg;
mod cmd;
mod control;
mod optional_arg;
mod output;
mod output_file;
mod progress;
mod read_file;
mod save;
mod timings;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

const EXIT_CODES: &str = "\
Exit codes:
  0  success (an unreachable last square is an answer, not a failure)
  1  `snl check` found errors in the board; `snl judge` found a wrong answer,
     a crash or a timeout
  2  usage, input or I/O error, or an analysis over the budget (the message
     says what it would need; --force runs it anyway)
  130  stopped by Ctrl-C (a simulation, `expect`, `race` and `design` still
       print what they had computed, and say so; no output file is written)";

/// Analyse Snakes and Ladders boards: the fewest rolls and which rolls, how
/// long a game with a real die lasts, who wins, and what the board looks like.
///
/// A board comes from a file, from standard input (`-`), or from a built-in
/// preset (`--preset NAME`). Text for people goes to stdout; `--json` prints
/// one JSON document instead. snl prints no colour except `error:` and
/// `snl show`'s board on a terminal, and none when `NO_COLOR` is set.
/// `render`, `plot` and `report` draw pictures and a one-page report;
/// `serve` starts snl studio, a board designer in the browser.
/// `snl completions SHELL` prints the shell's completion script and `snl
/// man [COMMAND]` the manual pages.
// Without a subcommand, clap's usage error (a usage line and a hint) rather
// than the whole help on stderr.
#[derive(Debug, Parser)]
#[command(name = "snl", version, after_help = EXIT_CODES, arg_required_else_help = false)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,

    /// Run analyses over the budget.
    ///
    /// By default an analysis that would need more than 4 GiB of memory or
    /// about a minute of work is refused before it starts (exit 2), with
    /// what it would need. Ctrl-C stops any analysis.
    #[arg(long, global = true)]
    force: bool,

    /// Work budget, in seconds of one core [default: 60].
    ///
    /// A second is about 10^9 steps of an analysis's inner loop. An
    /// analysis that
    /// follows a quantity until it is known (the distribution of the game
    /// length, a race, a simulation) stops at the budget and says what it
    /// did not reach; others are refused before they start.
    #[arg(
        long,
        global = true,
        value_name = "SECONDS",
        value_parser = parse_positive,
        conflicts_with = "force"
    )]
    max_time: Option<f64>,

    /// Memory budget, in GB [default: 4.29, that is 4 GiB].
    ///
    /// A GB is 10^9 bytes.
    #[arg(
        long,
        global = true,
        value_name = "GB",
        value_parser = parse_positive,
        conflicts_with = "force"
    )]
    max_memory: Option<f64>,

    /// Print to stderr how long each stage took.
    ///
    /// One line after the answer: reading the file, reading the board from
    /// its bytes, checking it and building the game, the analysis and the
    /// output (`snl solve` and `snl expect` time the last two apart), from
    /// the start of the command to the end of its output.
    #[arg(long, global = true)]
    timings: bool,
}

/// A budget given on the command line: a positive, finite number.
fn parse_positive(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("`{s}` is not a positive number")),
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    Solve(cmd::solve::Args),
    Expect(cmd::expect::Args),
    Matrix(cmd::matrix::Args),
    Export(cmd::export::Args),
    Check(cmd::check::Args),
    Presets(cmd::presets::Args),
    Simulate(cmd::simulate::Args),
    Race(cmd::race::Args),
    Duel(cmd::duel::Args),
    Render(cmd::render::Args),
    Plot(cmd::plot::Args),
    Report(cmd::report::Args),
    Show(cmd::show::Args),
    Gen(cmd::generate::Args),
    Design(cmd::design::Args),
    Judge(cmd::judge::Args),
    Serve(cmd::serve::Args),
    // Left out of `snl -h`'s list, whose column of names they would widen
    // past 80 characters; the help's text above names them.
    #[command(hide = true)]
    Completions(cmd::completions::Args),
    #[command(hide = true)]
    Man(cmd::man::Args),
}

/// The command line, as parsed and as `--help` shows it. `duel` takes the
/// shared rule flags but refuses the bonus rule, so its help does not offer
/// `--bonus` (given anyway, the flag is refused with the reason).
fn command() -> clap::Command {
    Cli::command().mut_subcommand("duel", |duel| {
        duel.mut_arg("bonus", |a| a.hide(true))
            .mut_arg("bonus_limit", |a| a.hide(true))
    })
}

fn parse() -> Result<Cli, clap::Error> {
    let mut matches = command().try_get_matches()?;
    Cli::from_arg_matches_mut(&mut matches)
}

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    let cli = match parse() {
        Ok(cli) => cli,
        // --help and --version: print to stdout and succeed.
        Err(err) if !err.use_stderr() => {
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        // A usage error reads like every other error, and exits 2.
        Err(err) => {
            let _ = write!(io::stderr(), "snl: {}", err.render());
            return ExitCode::from(2);
        }
    };
    control::set_budget(cli.force, cli.max_time, cli.max_memory);
    if cli.timings {
        timings::start(started);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(output::Stdout(stdout.lock()));
    let result = match &cli.command {
        Command::Solve(args) => cmd::solve::run(args, &mut out),
        Command::Expect(args) => cmd::expect::run(args, &mut out),
        Command::Matrix(args) => cmd::matrix::run(args, &mut out),
        Command::Export(args) => cmd::export::run(args, &mut out),
        Command::Check(args) => cmd::check::run(args, &mut out),
        Command::Presets(args) => cmd::presets::run(args, &mut out),
        Command::Simulate(args) => cmd::simulate::run(args, &mut out),
        Command::Race(args) => cmd::race::run(args, &mut out),
        Command::Duel(args) => cmd::duel::run(args, &mut out),
        Command::Render(args) => cmd::render::run(args, &mut out),
        Command::Plot(args) => cmd::plot::run(args, &mut out),
        Command::Report(args) => cmd::report::run(args, &mut out),
        Command::Show(args) => cmd::show::run(args, &mut out),
        Command::Gen(args) => cmd::generate::run(args, &mut out),
        Command::Design(args) => cmd::design::run(args, &mut out),
        Command::Judge(args) => cmd::judge::run(args, &mut out),
        Command::Serve(args) => cmd::serve::run(args, &mut out),
        Command::Completions(args) => cmd::completions::run(args, &mut out),
        Command::Man(args) => cmd::man::run(args, &mut out),
    }
    .and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    let code = match result {
        Ok(code) => code,
        // `snl ... | head` closes the pipe early: that is not an error.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) if err.downcast_ref::<control::Stopped>().is_some() => {
            drop(out);
            // The stop itself, not the step it stopped (`--exact`, ...).
            let _ = writeln!(io::stderr(), "snl: {}", control::Stopped);
            ExitCode::from(130)
        }
        Err(err) => {
            drop(out);
            let label = if output::colour_allowed(&io::stderr()) {
                "\x1b[1;31merror:\x1b[0m"
            } else {
                "error:"
            };
            let _ = writeln!(io::stderr(), "snl: {label} {err:#}");
            ExitCode::from(2)
        }
    };
    if let Some(line) = timings::finish() {
        let _ = writeln!(io::stderr(), "{line}");
    }
    code
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_is_well_formed() {
        command().debug_assert();
    }

    #[test]
    fn broken_pipe_is_recognised_through_context() {
        let err = anyhow::Error::from(io::Error::from(io::ErrorKind::BrokenPipe)).context("out");
        assert!(is_broken_pipe(&err));
        assert!(!is_broken_pipe(&anyhow::anyhow!("other")));
    }
}
