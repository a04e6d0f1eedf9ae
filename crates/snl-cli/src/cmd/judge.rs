//! `snl judge`: run someone's program on random boards, shrink a board it
//! gets wrong, and say which rule it is really playing by.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use snl::answer::judge::JudgeVerdict;
use snl::input::Format;
use snl::random::{Ratio, Span};
use snl::variant::Variant;
use snl_judge::template::Language;
use snl_judge::{
    AnswerForm, Config, Counterexample, Diagnosis, Event, Outcome, Program, Report, RunLimits,
    Verdict,
};

use crate::board_arg::{FormatArg, RulesArgs};
use crate::boards_arg::{BoardsArgs, Defaults, seed_or_clock};
use crate::output::{note, write_json};
use crate::output_file::write_picture;
use snl::words::{plural, rules_line};

const AFTER_HELP: &str = "\
The program reads one board from standard input (or from the file whose path
replaces `{}` in its arguments), prints its answer and exits with status 0.
What it prints, by --answer:
  min    one integer: the fewest rolls, or -1 when the last square cannot be
         reached (the default)
  rolls  the fewest rolls on the first line and the rolls of one optimal game
         on the second, separated by spaces (`4` then `1 6 2 6`); -1 alone
         when the last square cannot be reached. Any optimal game is
         accepted; the judge replays it under the rules.
  path   as rolls, but the second line holds the squares the pawn rests on
         after each roll (after any jump); the start square may come first
  count  one integer: how many roll sequences reach the last square in the
         fewest rolls (0 when none does), of any size

Each form's boards keep what its problem promises, so that a program may
rely on it (--beyond lifts these):
  grid   LeetCode 909: N x N grids with N from 2 to 20 (7 at most unless
         --grid says), no jump on square 1 or the last square
  moves  no jump on square 1 or the last square, none ending where another
         starts
  pairs, pairs-text  no constraint beyond a valid board

Examples:
  snl judge --format grid -- python3 mine.py
  snl judge --format moves --cases 500 --seed 7 -- ./solve {}
  snl judge --format pairs --chain --json -- node solve.js
  snl judge --format grid --answer rolls -- python3 route.py
  snl judge --format grid --answer rolls --template python > route.py

Exit codes:
  0  every case agreed with snl
  1  a wrong answer, a crash, a timeout or unreadable output was found
  2  usage error, or the program could not be started
  130  stopped by Ctrl-C (the program's runs are stopped too)";

/// Check a program that computes the fewest rolls; explain its mistakes.
///
/// The program is run on random boards and its answers compared with snl's.
/// Each case is a random board written in --format and given to the
/// program, which runs as its own process with a time limit (the whole
/// process tree is killed at it). Cases run in parallel. On a wrong answer
/// the board is made smaller (fewer squares, fewer and shorter jumps) while
/// the program stays wrong, and the smallest is printed with snl's answer
/// and an optimal path. Every board the program answered is then solved
/// under the usual rule slips (chained jumps, a jump on square 1 taken at the
/// start, other finish and start rules, the grid read without or with an
/// off-by-one winding), and the slips its answers agree with are named.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The form the program reads boards in.
    #[arg(long, value_enum, value_name = "FORM", default_value = "grid")]
    pub format: FormatArg,

    /// What the program prints: `min` (the fewest rolls), `rolls` or
    /// `path` (the fewest rolls and one optimal route), `count` (the
    /// number of optimal sequences); see below.
    #[arg(long, value_enum, value_name = "FORM", default_value = "min")]
    pub answer: AnswerArg,

    /// How many random boards to run the program on.
    #[arg(long, value_name = "K", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub cases: u32,

    /// The seed the boards come from [default: from the clock, printed].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// The time one run may take: `5s`, `500ms`, `2` (seconds).
    #[arg(long, value_name = "T", default_value = "5s", value_parser = parse_duration)]
    pub timeout: Duration,

    /// How many runs at once, at most the cases and 1024 [default: the
    /// number of cores].
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,

    /// The most runs spent shrinking a failing board.
    #[arg(long, value_name = "N", default_value_t = 400)]
    pub shrink_runs: u32,

    /// Also draw boards the problem of --format forbids (a jump on square
    /// 1, larger grids, chained jumps in the moves form): some rule slips
    /// show only on such boards.
    #[arg(long)]
    pub beyond: bool,

    /// Hints instead of the whole report, gentlest first: 1 the kind of
    /// slip, 2 where it bites on the smallest failing board, 3 what a
    /// right program prints there. `--hints N` prints the first N;
    /// `--hints` alone gives one at a time on a terminal (Enter for the
    /// next), else the first.
    #[arg(long, value_name = "N", num_args = 0..=1, value_parser = clap::value_parser!(u8).range(1..=3))]
    #[allow(clippy::option_option)]
    pub hints: Option<Option<u8>>,

    /// Write the smallest failing case into DIR: case-N.in (the board as
    /// the program reads it) and case-N.out (what a right program prints),
    /// numbered after the cases already there.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,

    /// Draw the smallest failing board, with snl's optimal path, to FILE
    /// (`.png` for PNG, anything else SVG).
    #[arg(long, value_name = "FILE")]
    pub picture: Option<PathBuf>,

    /// Print one JSON document: the verdict, the counts, the smallest
    /// counterexample and the diagnosis.
    #[arg(long)]
    pub json: bool,

    /// Print a program to start from, in LANG, that reads boards in
    /// --format and prints answers in the --answer form, with the one
    /// function left to write; then stop (no CMD needed).
    #[arg(long, value_enum, value_name = "LANG")]
    pub template: Option<LanguageArg>,

    /// The program to judge and its arguments (after `--`).
    #[arg(value_name = "CMD", required_unless_present = "template", num_args = 1.., last = true)]
    pub command: Vec<OsString>,

    #[command(flatten)]
    pub boards: BoardsArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// A language of `--template` ([`Language`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LanguageArg {
    /// Python 3.
    Python,
    /// JavaScript for Node.
    Js,
    /// Rust, one file for rustc.
    Rust,
    /// C++17, one file for g++.
    Cpp,
    /// Java, one file run as `java Main.java`.
    Java,
}

impl From<LanguageArg> for Language {
    fn from(l: LanguageArg) -> Language {
        match l {
            LanguageArg::Python => Language::Python,
            LanguageArg::Js => Language::Js,
            LanguageArg::Rust => Language::Rust,
            LanguageArg::Cpp => Language::Cpp,
            LanguageArg::Java => Language::Java,
        }
    }
}

/// What the program prints ([`AnswerForm`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AnswerArg {
    /// The fewest rolls, or -1.
    Min,
    /// The fewest rolls, then the rolls of one optimal game.
    Rolls,
    /// The fewest rolls, then the squares of one optimal game.
    Path,
    /// The number of optimal roll sequences.
    Count,
}

impl From<AnswerArg> for AnswerForm {
    fn from(a: AnswerArg) -> AnswerForm {
        match a {
            AnswerArg::Min => AnswerForm::Min,
            AnswerArg::Rolls => AnswerForm::Rolls,
            AnswerArg::Path => AnswerForm::Path,
            AnswerArg::Count => AnswerForm::Count,
        }
    }
}

/// `5s`, `1.5s`, `500ms`, `2m`, or a bare number of seconds.
fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let (number, unit) = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => (&t[..i], &t[i..]),
        None => (t, "s"),
    };
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" => 60.0,
        _ => return Err(format!("`{s}` is not a time: write 5s, 500ms or 2m")),
    };
    match number.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && (x * scale) <= 86_400.0 => Ok(Duration::from_secs_f64(x * scale)),
        _ => Err(format!(
            "`{s}` is not a time: write 5s, 500ms or 2m (more than 0, at most a day)"
        )),
    }
}

/// Runs `snl judge`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let rules = args.rules.resolve(&snl::input::RulesPatch::default())?;
    let format = Format::from(args.format);
    if let Some(language) = args.template {
        let text = snl_judge::template::template(
            language.into(),
            format,
            args.answer.into(),
            &rules_line(&rules),
        );
        out.write_all(text.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let config = config(args, rules, format)?;
    let program =
        Program::new(args.command.iter().cloned()).context("no program given after `--`")?;
    if format == Format::PairsText && !program.takes_file() && args.boards.squares.is_none() {
        note("pairs text does not state its size: every board has 100 squares");
    }

    // The runs are in process groups of their own, out of a Ctrl-C's reach:
    // end them before leaving.
    let _ = ctrlc::set_handler(|| {
        snl_judge::kill_running();
        let _ = writeln!(
            std::io::stderr(),
            "\nsnl: interrupted; the program's runs were stopped"
        );
        std::process::exit(130);
    });
    let bar = progress_bar(args.cases);
    let report = snl_judge::judge(&config, &program, &|event| match event {
        Event::Case { done, .. } => bar.set_position(u64::from(done)),
        Event::Shrink { runs } => {
            bar.set_message(format!("shrinking a failing board: {runs} runs"));
        }
        _ => {}
    });
    bar.finish_and_clear();
    let report = report.map_err(|e| anyhow::anyhow!(e))?;

    if let (Some(path), Some(cx)) = (&args.picture, &report.counterexample) {
        let options = snl_draw::render::Options {
            path: true,
            ..snl_draw::render::Options::default()
        };
        let svg = snl_draw::render::board_svg(&cx.game, "smallest failing board", &options)?;
        write_picture(svg, Some(path), None, &mut std::io::sink())
            .with_context(|| format!("writing the picture to {}", path.display()))?;
    } else if args.picture.is_some() && report.counterexample.is_none() {
        note("no failing board, so no picture was written");
    }

    if let Some(dir) = &args.save {
        save_case(dir, &config, &report)?;
    }

    if args.json {
        write_json(out, &snl_judge::answer::answer(&config, &program, &report))?;
    } else if let Some(level) = args.hints {
        write_hints(out, &config, &program, &report, level)?;
    } else {
        write_text(out, &config, &program, &report, args.seed.is_none())?;
    }
    Ok(if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// What to judge and how, from the flags.
fn config(args: &Args, rules: snl::Rules, format: Format) -> Result<Config> {
    let defaults = Defaults {
        squares: Span::new(2, 40)?,
        grid: Span::new(2, 7)?,
        density: Ratio::new(1, 4)?,
    };
    let mut spec = args.boards.spec(rules, args.format, defaults)?;
    if format == Format::PairsText
        && args.boards.density.is_none()
        && spec.amount == snl::random::Amount::Density(defaults.density)
    {
        // A hundred squares: fewer jumps than on the small boards.
        spec.amount = snl::random::Amount::Density(Ratio::new(1, 10)?);
    }
    let stated = snl::random::Stated::of(format);
    if let Some(stated) = stated.as_ref().filter(|_| !args.beyond) {
        spec.keep_to(stated)?;
    }
    // Every variant can play every board: no circle of jumps, and on grids
    // no jump from the corner that a misread grid takes for the last square.
    spec.want.acyclic = true;
    spec.want.plain_top_corners = format == Format::Grid;
    let seed = seed_or_clock(args.seed);
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get),
        |j| j as usize,
    );
    Ok(Config {
        spec,
        format,
        answer: args.answer.into(),
        lifted: stated.filter(|_| args.beyond),
        cases: args.cases,
        seed,
        jobs,
        limits: RunLimits {
            timeout: args.timeout,
            ..RunLimits::default()
        },
        shrink_runs: args.shrink_runs,
    })
}

/// `--save DIR`: the smallest failing case, as a program's input and what
/// a right program prints.
fn save_case(dir: &std::path::Path, config: &Config, report: &Report) -> Result<()> {
    let Some(cx) = &report.counterexample else {
        note("no failing case, so none was saved");
        return Ok(());
    };
    let mut suite = crate::save::Suite::open(dir)?;
    let expected = snl_judge::reply::expected_output(config.answer, &cx.expected, &cx.path);
    let saved = suite.add(&cx.input, &expected)?;
    note(&format!(
        "the smallest failing case is saved as {} (and .out beside it)",
        saved.display()
    ));
    Ok(())
}

/// The report's head and the verdict, then hints instead of the report's
/// body. `level` is how many hints; `None` asks for one at a time on a
/// terminal.
fn write_hints(
    out: &mut dyn Write,
    config: &Config,
    program: &Program,
    report: &Report,
    level: Option<u8>,
) -> Result<()> {
    write_head(out, config, program, report, false)?;
    writeln!(out, "verdict: {}", verdict_words(report))?;
    let hints = snl_judge::hints::hints(config, report);
    let interactive =
        level.is_none() && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let shown = usize::from(level.unwrap_or(1)).min(hints.len());
    let mut given = 0;
    for (i, hint) in hints.iter().enumerate() {
        if i >= shown && !interactive {
            break;
        }
        if i >= shown {
            eprint!("press Enter for hint {} (Ctrl-D to stop) ", i + 1);
            let mut line = String::new();
            if std::io::stdin().read_line(&mut line)? == 0 {
                eprintln!();
                break;
            }
        }
        writeln!(out, "\nhint {}: {hint}", i + 1)?;
        out.flush()?;
        given = i + 1;
    }
    if given < hints.len() && !interactive {
        writeln!(out, "\n(--hints {} for the next hint)", given + 1)?;
    }
    Ok(())
}

fn progress_bar(cases: u32) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(u64::from(cases));
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} cases {msg}")
            .expect("the template is valid"),
    );
    bar
}

fn write_text(
    out: &mut dyn Write,
    config: &Config,
    program: &Program,
    report: &Report,
    clock_seed: bool,
) -> Result<()> {
    write_head(out, config, program, report, clock_seed)?;
    if let Some(cx) = &report.counterexample {
        writeln!(out)?;
        write_counterexample(out, config, cx)?;
    }
    if let Some(d) = &report.diagnosis {
        writeln!(out)?;
        write_diagnosis(out, config, d)?;
    }
    writeln!(out)?;
    writeln!(out, "verdict: {}", verdict_words(report))?;
    Ok(())
}

/// The verdict in words.
fn verdict_words(report: &Report) -> String {
    match snl_judge::answer::verdict(report) {
        JudgeVerdict::Pass => format!(
            "every answer agrees with snl on {}",
            plural(u64::from(report.counts.run()), "board", "boards")
        ),
        JudgeVerdict::Wrong => "wrong answers".to_string(),
        JudgeVerdict::Crash => "the program crashed".to_string(),
        JudgeVerdict::Unreadable => {
            "the program printed something that is not an answer".to_string()
        }
        _ => "the program ran out of time".to_string(),
    }
}

/// The program, the boards, the rules and the counts.
fn write_head(
    out: &mut dyn Write,
    config: &Config,
    program: &Program,
    report: &Report,
    clock_seed: bool,
) -> Result<()> {
    let seed_note = if clock_seed { " (from the clock)" } else { "" };
    writeln!(out, "program: {}", program.display())?;
    writeln!(
        out,
        "boards: {} in the {} form, seed {}{seed_note}",
        config.cases, config.format, config.seed
    )?;
    if config.answer != AnswerForm::Min {
        writeln!(out, "answer: {}", answer_words(config.answer))?;
    }
    writeln!(out, "rules: {}", rules_line(&config.spec.rules))?;
    let mut counts = vec![format!("{} agree", report.count(Verdict::Agrees))];
    for (v, words) in [
        (Verdict::Wrong, "wrong"),
        (Verdict::Crashed, "crashed"),
        (Verdict::TimedOut, "timed out"),
        (Verdict::Unreadable, "unreadable output"),
    ] {
        let n = report.count(v);
        if n > 0 {
            counts.push(format!("{n} {words}"));
        }
    }
    if report.not_run > 0 {
        counts.push(format!(
            "{} not run (stopped after {})",
            report.not_run,
            plural(snl_judge::MAX_TIMEOUTS as u64, "timeout", "timeouts")
        ));
    }
    writeln!(
        out,
        "cases: {} run: {}",
        report.counts.run(),
        counts.join(", ")
    )?;
    Ok(())
}

fn answer(a: Option<u32>) -> String {
    a.map_or_else(
        || "-1 (the last square cannot be reached)".to_string(),
        |k| k.to_string(),
    )
}

/// What the program was asked to print, for the report's head.
fn answer_words(form: AnswerForm) -> &'static str {
    match form {
        AnswerForm::Rolls => "the fewest rolls and the rolls of one optimal game",
        AnswerForm::Path => "the fewest rolls and the squares of one optimal game",
        AnswerForm::Count => "the number of optimal roll sequences",
        _ => "the fewest rolls",
    }
}

/// snl's answer on the counterexample, in the form asked for: the fewest
/// rolls with one optimal route in the program's terms, or the count.
fn expected_text(config: &Config, cx: &Counterexample) -> String {
    let min = answer(cx.expected.min);
    match config.answer {
        AnswerForm::Count => cx.expected.count.as_ref().map_or(min, ToString::to_string),
        AnswerForm::Rolls | AnswerForm::Path if cx.expected.min.is_some() => {
            // What a right program prints, on one line.
            let printed = snl_judge::reply::expected_output(config.answer, &cx.expected, &cx.path);
            let lines: Vec<&str> = printed.lines().collect();
            format!("{} (or any other optimal game)", lines.join(": "))
        }
        _ => min,
    }
}

fn write_counterexample(out: &mut dyn Write, config: &Config, cx: &Counterexample) -> Result<()> {
    let board = cx.game.board();
    let shrunk = if cx.shrink_runs == 0 {
        String::new()
    } else {
        format!(
            ", shrunk in {}",
            plural(u64::from(cx.shrink_runs), "run", "runs")
        )
    };
    writeln!(
        out,
        "smallest failing board (from case {}{shrunk}): {}, {}",
        cx.from_case,
        plural(u64::from(board.squares()), "square", "squares"),
        snl_judge::hints::jumps_words(board)
    )?;
    writeln!(out, "as given to the program ({} form):", config.format)?;
    for line in cx.input.lines() {
        writeln!(out, "  {line}")?;
    }
    writeln!(out, "expected: {}", expected_text(config, cx))?;
    let received = match &cx.run.outcome {
        Outcome::Answer(a) => a.to_string(),
        Outcome::Crashed { status, .. } => format!("nothing; the program crashed ({status})"),
        Outcome::TimedOut => format!(
            "nothing; the program ran past {:?} and was stopped",
            config.limits.timeout
        ),
        Outcome::TooMuchOutput => format!(
            "more than {} bytes of output; the program was stopped",
            config.limits.max_output
        ),
        Outcome::Unreadable { why, .. } => format!("nothing readable; {why}"),
        _ => "nothing".to_string(),
    };
    writeln!(out, "received: {received}")?;
    if let Some(fault) = &cx.fault
        && config.answer != AnswerForm::Min
    {
        writeln!(out, "wrong: {fault}")?;
    }
    let stderr = cx.run.stderr.trim_end();
    if !stderr.is_empty() && cx.run.outcome.reply().is_none() {
        writeln!(out, "its standard error:")?;
        let lines: Vec<&str> = stderr.lines().collect();
        for line in &lines[lines.len().saturating_sub(12)..] {
            // The program's own words, which may hold anything.
            writeln!(out, "  | {}", snl::words::escape_controls(line))?;
        }
    }
    if !cx.path.is_empty() {
        writeln!(
            out,
            "snl's optimal path: {}",
            snl_judge::hints::path_words(&cx.path)
        )?;
    }
    if cx.budget_spent {
        note("shrinking stopped at its budget (--shrink-runs); a smaller failing board may exist");
    }
    Ok(())
}

/// The slips of a variant in words, with the flags that play them.
fn slips_text(v: &Variant, stated: &snl::Rules) -> String {
    let words: Vec<String> = v
        .slips()
        .iter()
        .map(|s| match s.flag(stated) {
            Some(flag) => format!("{s} ({flag})"),
            None => s.to_string(),
        })
        .collect();
    words.join(" and ")
}

fn write_diagnosis(out: &mut dyn Write, config: &Config, d: &Diagnosis) -> Result<()> {
    let stated = &config.spec.rules;
    let boards = plural(d.boards as u64, "board", "boards");
    match d.fits.as_slice() {
        [] => {
            writeln!(
                out,
                "diagnosis: no rule slip snl knows explains every answer (on {boards} the program answered)"
            )?;
            if let Some((v, n)) = &d.closest
                && *n > 0
                && !v.slips().is_empty()
            {
                writeln!(
                    out,
                    "  the closest, {}, agrees on {n} of them",
                    slips_text(v, stated)
                )?;
            }
        }
        [v] => {
            writeln!(
                out,
                "diagnosis: your answers agree with {} on all {boards}",
                slips_text(v, stated)
            )?;
            for slip in v.slips() {
                writeln!(out, "  under the stated rules {}", slip.stated_rule(stated))?;
            }
            if let Some(problem) = config.lifted
                && snl_judge::answer::beyond_only(config, d)
            {
                writeln!(
                    out,
                    "  this shows only on boards {} does not allow (it promises {}): a solution for that problem alone may rely on it",
                    problem.problem,
                    problem.words()
                )?;
            }
        }
        many => {
            writeln!(
                out,
                "diagnosis: your answers agree on all {boards} with each of these (the boards tried do not tell them apart; run more --cases):"
            )?;
            for v in many {
                writeln!(out, "  - {}", slips_text(v, stated))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read() {
        assert_eq!(parse_duration("5s"), Ok(Duration::from_secs(5)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_mins(2)));
        for bad in ["0", "-1s", "5 parsecs", "x", "2h"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
