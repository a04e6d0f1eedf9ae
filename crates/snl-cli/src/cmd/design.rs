//! `snl design`: a search for boards that play the way you want.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use snl::answer::design::{self as answer, DesignAnswer};
use snl::design::{self, DesignError, Fair, Found, Interval, Request, Space, Targets, Within};
use snl::limits::{Control, LimitError};
use snl::random::Span;

use crate::board_arg::{BoardArgs, LoadedGame, RulesArgs, load_game};
use crate::boards_arg::seed_or_clock;
use crate::control::{self, Explain};
use crate::output::{note, write_json};
use crate::output_file::{write_output, write_picture};
use snl::plan::DenseWork;

/// Find boards that play the way you want: mean, spread, fairness.
///
/// Give the board (--squares or --grid for a fresh design, or --from /
/// --preset to tune a board of your own, keeping its rules), what its jumps
/// may be (--ladders, --snakes, --length, --plain-ends, --no-chains,
/// --keep), and the targets: the mean and standard deviation of the number
/// of rolls (--mean, --sd), the fewest rolls (--min-rolls), the chance of
/// finishing within K rolls (--within K:P), fairness between the seats of a
/// race (--players P --fair G), no trap (--no-trap). Ranges are written
/// 30..31, ..40 or 25..; a number alone is every value that rounds to it.
///
/// Every figure is exact (never simulated). The search is a simulated
/// annealing over boards, a jump or two changed a step, seeded by --seed:
/// the same flags and seed find the same boards on every machine. It stops
/// when --count boards are found, or after --time seconds; every board it
/// gives is measured again by the plain analyses and meets every target.
///
/// The board goes to standard output (or -o): a board file, the pairs form
/// with its name and rules, ready for every other command; with --count, one
/// JSON line a board with its figures; with --json, one JSON document. A
/// summary of how each target was met goes to standard error. When no board
/// meets the targets in time, the closest one is given with how far it
/// misses each target (or, when none could be weighed in the time, the
/// summary says so), and snl exits 1. --time bounds the whole run:
/// measuring what was found may take a tenth of it more (0.2 to 2 s).
/// Targets no board can meet (a mean below the fewest rolls any board
/// allows, more jumps than squares, pinned jumps in a circle under
/// --chain, a board over 2^20 squares) are refused at once with the
/// reason. A progress bar shows on a terminal; Ctrl-C stops the search
/// and keeps what it found.
// Each bool is one command-line flag.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl design --ladders 8 --snakes 8 --mean 30..31 --players 2 --fair 0.02 --no-trap --seed 1
  snl design --grid 6 --ladders 2..3 --snakes 2..3 --min-rolls 4 --plain-ends -o board.json
  snl design --preset milton-bradley --mean ..30 --changes 2 --keep 28:84 --count 3 --seed 2
  snl design --squares 100 --mean 40..41 --sd ..30 --within 60:75% --json --seed 5", EXIT_CODES))]
pub struct Args {
    /// Squares on a fresh board [default: 100].
    #[arg(long, value_name = "N", help_heading = "Board", conflicts_with_all = ["grid", "from", "preset"])]
    pub squares: Option<u32>,

    /// A fresh R x R board (R² squares, LeetCode 909's form).
    #[arg(long, value_name = "R", help_heading = "Board", conflicts_with_all = ["from", "preset"])]
    pub grid: Option<u32>,

    /// Tune this board file (`-` for standard input) instead of designing a
    /// fresh one: the search starts from it and keeps its rules (the rules
    /// flags override them).
    #[arg(
        long,
        value_name = "BOARD",
        help_heading = "Board",
        conflicts_with = "preset"
    )]
    pub from: Option<PathBuf>,

    /// Tune a built-in board (see `snl presets`).
    #[arg(long, value_name = "NAME", help_heading = "Board")]
    pub preset: Option<String>,

    /// Ladders on the board: a number or a range such as 6..9 [default:
    /// one for every 25 to 8 squares; any number when tuning].
    #[arg(long, value_name = "N|A..B", value_parser = parse_span, help_heading = "Board")]
    pub ladders: Option<Span>,

    /// Snakes on the board [default: as for --ladders].
    #[arg(long, value_name = "N|A..B", value_parser = parse_span, help_heading = "Board")]
    pub snakes: Option<Span>,

    /// How many squares a jump spans, start to end: a number or a range
    /// [default: any].
    #[arg(long, value_name = "N|A..B", value_parser = parse_span, help_heading = "Board")]
    pub length: Option<Span>,

    /// No jump starts or ends on the first or the last square.
    #[arg(long, help_heading = "Board")]
    pub plain_ends: bool,

    /// No jump ends on a square where another starts.
    #[arg(long, help_heading = "Board")]
    pub no_chains: bool,

    /// A jump every board has, never moved: 28:84, or '28->84' (quoted for
    /// the shell) (repeatable).
    #[arg(long, value_name = "A->B", value_parser = answer::parse_jump, help_heading = "Board")]
    pub keep: Vec<snl::Jump>,

    /// With --from or --preset: change at most K jumps (each added,
    /// removed or moved counts once) [default: as few as the search needs,
    /// one more each time it starts again].
    #[arg(long, value_name = "K", help_heading = "Board")]
    pub changes: Option<u32>,

    /// The mean number of rolls of one player, such as 30..31.
    #[arg(long, value_name = "A..B", value_parser = parse_interval, help_heading = "Targets")]
    pub mean: Option<Interval>,

    /// The standard deviation of the number of rolls.
    #[arg(long, value_name = "A..B", value_parser = parse_interval, help_heading = "Targets")]
    pub sd: Option<Interval>,

    /// The fewest rolls to the last square, each roll chosen.
    #[arg(long, value_name = "A..B", value_parser = parse_span, help_heading = "Targets")]
    pub min_rolls: Option<Span>,

    /// The chance of finishing within K rolls is at least P, such as 50:0.75
    /// or 50:75% (repeatable).
    #[arg(long, value_name = "K:P", value_parser = parse_within, help_heading = "Targets")]
    pub within: Vec<Within>,

    /// With --fair: the players of the race [default: 2].
    #[arg(long, value_name = "P", requires = "fair", help_heading = "Targets",
        value_parser = clap::value_parser!(u32).range(1..=16))]
    pub players: Option<u32>,

    /// Every seat of a race from the start wins with a chance within G of
    /// an even share (1/P), such as 0.02.
    #[arg(long, value_name = "G", value_parser = parse_fair, help_heading = "Targets")]
    pub fair: Option<f64>,

    /// No pawn with a real die can get stuck for ever.
    #[arg(long, help_heading = "Targets")]
    pub no_trap: bool,

    /// The seed of the search [default: from the clock, printed].
    #[arg(long, value_name = "S", help_heading = "Search")]
    pub seed: Option<u64>,

    /// How long the search may take, in seconds (at most 10,000,000).
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = parse_seconds, help_heading = "Search")]
    pub time: f64,

    /// Find this many distinct boards, written as JSON Lines.
    #[arg(long, value_name = "K", default_value = "1", value_parser = parse_count, help_heading = "Search")]
    pub count: usize,

    /// Where to write the board (or the JSON lines, or the JSON document)
    /// [default: standard output].
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The board's name in its file [default: `designed with seed S`, or
    /// the tuned board's name and the seed].
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,

    /// Also draw the (first) board: `.png` for PNG, anything else for SVG.
    #[arg(long, value_name = "FILE")]
    pub picture: Option<PathBuf>,

    /// Print one JSON document: every board with its figures and how it
    /// stands against each target.
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The exit codes of `design`.
const EXIT_CODES: &str = "\
Exit codes:
  0  every board asked for was found
  1  no board (or fewer than --count) met the targets in the time: the
     closest one is given, with how far it misses each target (none when
     no candidate was weighed in the time)
  2  usage or input error, or targets no board can meet (the message says
     why)
  130  stopped by Ctrl-C (what was found by then is given)";

fn parse_span(s: &str) -> Result<Span, String> {
    s.parse::<Span>().map_err(|e| e.to_string())
}

fn parse_interval(s: &str) -> Result<Interval, String> {
    s.parse::<Interval>().map_err(|e| e.to_string())
}

fn parse_within(s: &str) -> Result<Within, String> {
    s.parse::<Within>().map_err(|e| e.to_string())
}

fn parse_fair(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("`{s}` is not a chance from 0 to 1, such as 0.02")),
    }
}

/// A number of boards, within the library's cap.
fn parse_count(s: &str) -> Result<usize, String> {
    let count = s
        .trim()
        .parse::<usize>()
        .map_err(|_| format!("`{s}` is not a number of boards, such as 3"))?;
    design::check_count(count)?;
    Ok(count)
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    let most = design::MAX_SECONDS;
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= most => Ok(v),
        Ok(v) if v > most => Err(format!(
            "`{s}` seconds is more than the most a search may take, {} (about {} days); give at most that",
            snl::words::grouped(most as u64),
            (most / 86_400.0).round()
        )),
        _ => Err(format!(
            "`{s}` is not a number of seconds above 0, such as 5"
        )),
    }
}

/// The request the flags ask for, and the name of the board tuned.
fn request(args: &Args, seed: u64) -> Result<(Request, Option<String>, Option<PathBuf>)> {
    let tuning = args.from.is_some() || args.preset.is_some();
    let (mut space, tuned, read) = if tuning {
        let board = BoardArgs {
            board: args.from.clone(),
            preset: args.preset.clone(),
            format: None,
            squares: None,
        };
        let LoadedGame {
            board: loaded,
            game,
        } = load_game(&board, &args.rules, DenseWork::Design)?;
        let name = loaded.name().map_or_else(|| loaded.label(), str::to_string);
        let path = loaded.path().map(std::path::Path::to_path_buf);
        let (board, rules) = game.into_parts();
        (Space::tune(&board, rules), Some(name), path)
    } else {
        if args.changes.is_some() {
            bail!(
                "--changes counts the changes from a board: give it with --from BOARD or --preset NAME"
            );
        }
        let squares = match (args.squares, args.grid) {
            (_, Some(r)) => r
                .checked_mul(r)
                .filter(|&n| u64::from(n) <= snl::board::MAX_SQUARES)
                .ok_or_else(|| anyhow!("--grid {r} makes more squares than snl handles"))?,
            (Some(n), None) => n,
            (None, None) => 100,
        };
        let rules = args.rules.resolve(&snl::RulesPatch::default())?;
        (Space::new(squares, rules), None, None)
    };
    if let Some(s) = args.ladders {
        space.ladders = s;
    }
    if let Some(s) = args.snakes {
        space.snakes = s;
    }
    if let Some(s) = args.length {
        space.length = s;
    }
    space.plain_ends = args.plain_ends;
    space.no_chains = args.no_chains;
    space.keep.clone_from(&args.keep);
    space.changes = args.changes;
    let targets = Targets {
        mean: args.mean,
        sd: args.sd,
        min_rolls: args.min_rolls,
        within: args.within.clone(),
        fair: args.fair.map(|within| Fair {
            players: args.players.unwrap_or(2) as usize,
            within,
        }),
        no_trap: args.no_trap,
    };
    let request = Request {
        space,
        targets,
        seed,
        count: args.count,
    };
    Ok((request, tuned, read))
}

/// Runs `snl design`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let seed = seed_or_clock(args.seed);
    let (request, tuned, read) = request(args, seed)?;
    let problems = request.problems();
    if !problems.is_empty() {
        return Err(impossible(&problems));
    }
    if args.seed.is_none() {
        note(&format!(
            "seed {seed} (add --seed {seed} to find these boards again)"
        ));
    }
    let name = args
        .name
        .clone()
        .unwrap_or_else(|| answer::default_name(seed, tuned.as_deref()));
    let base = control::get();
    let ctl = Control {
        cancel: base.cancel.with_timeout(Duration::from_secs_f64(args.time)),
        budget: base.budget,
    };
    let started = Instant::now();
    let bar = progress_bar(args.time, request.count);
    let found = design::search(&request, &ctl, &mut |p| {
        bar.set_message(format!(
            "found {} of {}; {} candidates; the closest board misses {}",
            p.found,
            request.count,
            p.candidates,
            snl::words::plural(p.missing as u64, "target", "targets")
        ));
    });
    bar.finish_and_clear();
    let design = match found {
        Ok(d) => d,
        Err(DesignError::Impossible(why)) => return Err(impossible(&why)),
        Err(e) => return Err(control::explain(e)),
    };
    let elapsed = started.elapsed();
    let answer = DesignAnswer::new(&request, &design, &name);
    summary(&request, &design, &answer, elapsed)?;
    let write = |w: &mut dyn Write| -> Result<()> {
        if args.json {
            return write_json(w, &answer);
        }
        if request.count > 1 {
            for b in answer.boards.iter().chain(&answer.closest) {
                serde_json::to_writer(&mut *w, b).map_err(io::Error::from)?;
                writeln!(w)?;
            }
            return Ok(());
        }
        let Some((found, json)) = design
            .boards
            .iter()
            .zip(&answer.boards)
            .chain(design.closest.iter().zip(&answer.closest))
            .next()
        else {
            return Ok(());
        };
        let rules = &request.space.rules;
        let name = json.board.name.as_deref();
        w.write_all(snl::input::to_named_pairs_json(&found.board, name, Some(rules)).as_bytes())?;
        Ok(())
    };
    if control::interrupted() {
        // After Ctrl-C no file is written: what was found goes to standard
        // output, so that the search is not lost.
        if let Some(path) = &args.output {
            note(&format!(
                "{} is not written after Ctrl-C; the answer is on standard output",
                path.display()
            ));
        }
        write(out)?;
        return Ok(control::exit_code());
    }
    write_output(args.output.as_ref(), read.as_deref(), out, write)?;
    if let Some(path) = &args.picture
        && let Some(first) = design.boards.first().or(design.closest.as_ref())
    {
        picture(first, &request, &name, path, read.as_deref())?;
    }
    Ok(if design.boards.len() >= request.count {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The error of a request no board can meet: each reason on a line.
fn impossible(why: &[String]) -> anyhow::Error {
    let lines: Vec<String> = why.iter().map(|w| format!("  {w}")).collect();
    anyhow!("no board can meet this request:\n{}", lines.join("\n"))
}

/// A bar of the search's time on stderr, when it is a terminal.
fn progress_bar(seconds: f64, count: usize) -> indicatif::ProgressBar {
    if !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new((seconds * 10.0).ceil() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {elapsed} of the time; {msg}")
            .expect("the template is valid"),
    );
    bar.set_message(format!("found 0 of {count}"));
    let ticker = bar.clone();
    // The bar shows time, which passes between the search's reports.
    std::thread::spawn(move || {
        let start = Instant::now();
        while !ticker.is_finished() {
            ticker.set_position((start.elapsed().as_secs_f64() * 10.0) as u64);
            std::thread::sleep(Duration::from_millis(100));
        }
    });
    bar
}

/// How the search went, and how each board stands against each target, on
/// stderr.
fn summary(
    request: &Request,
    design: &design::Design,
    answer: &DesignAnswer,
    elapsed: Duration,
) -> Result<()> {
    let mut err = io::stderr().lock();
    let took = format!(
        "{:.2} s, {} candidates, seed {}",
        elapsed.as_secs_f64(),
        design.candidates,
        request.seed
    );
    let count = request.count;
    let found = design.boards.len();
    if found >= count {
        writeln!(
            err,
            "snl: found {} in {took}",
            snl::words::plural(found as u64, "board", "boards")
        )?;
    } else {
        let why = match design.stopped {
            Some(LimitError::Cancelled) => "before Ctrl-C",
            _ => "in the time",
        };
        if found == 0 && design.closest.is_some() {
            writeln!(
                err,
                "snl: no board met the targets {why} ({took}); the closest board, given below, does not:"
            )?;
        } else if found == 0 {
            // Nothing to give: say why, and what would give the search a
            // chance.
            let what = if design.candidates == 0 {
                "no candidate board was weighed"
            } else {
                "the closest board could not be measured"
            };
            writeln!(
                err,
                "snl: no board met the targets {why} ({took}); {what} {why}; give the search more time (--time), or ask for a smaller board or fewer jumps"
            )?;
        } else {
            writeln!(err, "snl: found {found} of {count} boards {why} ({took})")?;
        }
    }
    let boards = design.boards.iter().zip(&answer.boards);
    let closest = design.closest.iter().zip(&answer.closest);
    for (b, json) in boards.chain(closest) {
        describe(&mut err, b, json.board.name.as_deref().unwrap_or(""))?;
    }
    Ok(())
}

fn describe(err: &mut dyn Write, found: &Found, name: &str) -> Result<()> {
    let board = &found.board;
    let changes = found.changes.map_or_else(String::new, |k| {
        format!(
            ", {} from the board tuned",
            snl::words::plural(u64::from(k), "change", "changes")
        )
    });
    writeln!(
        err,
        "{name}: {}, {}, {}{changes}",
        snl::words::plural(u64::from(board.squares()), "square", "squares"),
        snl::words::plural(board.ladders().count() as u64, "ladder", "ladders"),
        snl::words::plural(board.snakes().count() as u64, "snake", "snakes"),
    )?;
    for v in &found.verdicts {
        writeln!(err, "  {v}")?;
    }
    for c in &found.changed {
        writeln!(err, "  changed: {c}")?;
    }
    Ok(())
}

/// Draws `found` to `path`.
fn picture(
    found: &Found,
    request: &Request,
    name: &str,
    path: &PathBuf,
    read: Option<&std::path::Path>,
) -> Result<()> {
    let game = snl::Game::new(found.board.clone(), request.space.rules.clone())
        .context("the board found cannot be played")?;
    let svg =
        snl_draw::render::board_svg(&game, name, &snl_draw::render::Options::default()).budget()?;
    let mut sink = io::sink();
    write_picture(svg, Some(path), read, &mut sink)
}
