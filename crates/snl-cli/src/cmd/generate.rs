//! `snl gen`: random boards from a seed, for tests and exercises.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use serde::Serialize;
use snl::RulesJson;
use snl::input::Format;
use snl::limits::Estimate;

use super::judge::AnswerArg;
use crate::board_arg::{FormatArg, RulesArgs};
use crate::boards_arg::{BoardsArgs, Defaults, seed_or_clock};
use crate::control::{self, Explain};
use crate::output::note;
use crate::save::Suite;
use snl_judge::{AnswerForm, Expected};

/// Random boards from a seed, for tests and exercises.
///
/// One board as a board file, or many as JSON Lines with their answers,
/// ready for a test suite in any language.
///
/// Boards come from --seed: the same seed and flags give the same boards on
/// every machine. Without --seed one is drawn from the clock and printed on
/// standard error. Constraints (--solvable, --trap, --chains, --min-rolls,
/// ...) hold under the rules given; boards are drawn until one meets them.
///
/// With --cases K, each line is one JSON object: `case`, `seed`, `squares`,
/// `rules`, `board` (in the --format form: a grid, the moves object, the
/// pairs object, or the pairs text as a string), `min_rolls` (`null` where
/// the last square cannot be reached, LeetCode's -1) and, with --mean,
/// `mean` (the expected rolls with a real die; `null` when a game may never
/// end).
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = "Examples:
  snl gen --grid 6 --seed 1                      one 6x6 LeetCode grid
  snl gen --grid 3..8 --cases 100 --seed 7 > cases.jsonl
  snl gen --format moves --squares 30 --unsolvable --seed 2
  snl gen --squares 100 --ladders 8 --snakes 8 --chains --min-rolls 5..7 --cases 20 --mean
  snl gen --grid 2..8 --no-start-jump --cases 50 --save suite --answer rolls

Exit codes:
  0  the boards were written
  2  usage error, no board met the constraints (the message says which
     turned the boards away), or judging the boards was over the budget
  130  stopped by Ctrl-C")]
pub struct Args {
    /// The form each board is written in.
    #[arg(long, value_enum, value_name = "FORM", default_value = "pairs")]
    pub format: FormatArg,

    /// Write this many boards as JSON Lines, each with its answers.
    #[arg(long, value_name = "K")]
    pub cases: Option<u64>,

    /// With --cases: add each board's expected number of rolls with a real
    /// die.
    #[arg(long, requires = "cases")]
    pub mean: bool,

    /// The seed the boards come from [default: from the clock].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Write the boards into DIR as a test suite instead: case-N.in (the
    /// board in --format, without rules) and case-N.out (what a right
    /// program prints, by --answer), numbered after the cases already
    /// there; --cases K boards, or one.
    #[arg(long, value_name = "DIR", conflicts_with = "mean")]
    pub save: Option<PathBuf>,

    /// With --save: what a right program prints, as `snl judge --answer`
    /// asks (min, rolls, path or count).
    #[arg(long, value_enum, value_name = "FORM", default_value = "min")]
    pub answer: AnswerArg,

    #[command(flatten)]
    pub boards: BoardsArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// One line of `--cases` output.
#[derive(Debug, Serialize)]
struct CaseJson<'a> {
    case: u64,
    seed: u64,
    squares: u32,
    rules: &'a RulesJson,
    board: serde_json::Value,
    min_rolls: Option<u32>,
    /// Absent without --mean; `null` when a game may never end.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[allow(clippy::option_option)]
    mean: Option<Option<f64>>,
}

/// The memory of writing a board of `spec` at its largest in `format`: the
/// text, in a string that grows by doubling, and for a JSON line the board
/// read back as a JSON value (a few dozen bytes a number).
fn writing(spec: &snl::random::Spec, format: Format, line: bool) -> Estimate {
    let (s, j) = spec.largest();
    let (s, j) = (s as f64, j as f64);
    let (text, values) = match format {
        Format::Grid | Format::Moves => (4.0 * s + 12.0 * j, 40.0 * s),
        Format::Pairs => (26.0 * j, 120.0 * j),
        _ => (24.0 * j, 0.0),
    };
    let held = if line { text + values } else { 0.0 };
    Estimate::from_f64(2.0 * text + held, 0.0)
}

/// Runs `snl gen`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let rules = args.rules.resolve(&snl::input::RulesPatch::default())?;
    let defaults = Defaults {
        squares: snl::random::Span::exactly(100),
        grid: snl::random::Span::exactly(10),
        density: snl::random::Ratio::new(1, 10)?,
    };
    let spec = args.boards.spec(rules.clone(), args.format, defaults)?;
    let format = Format::from(args.format);
    // The board is drawn, judged and written in memory: refused, before
    // anything is drawn, when that is over the budget.
    control::get()
        .admit(
            "drawing and writing the board",
            spec.estimate()
                .and(writing(&spec, format, args.cases.is_some())),
        )
        .budget()?;
    let seed = seed_or_clock(args.seed);
    if args.seed.is_none() {
        note(&format!(
            "seed {seed} (add --seed {seed} to draw these boards again)"
        ));
    }
    if let Some(dir) = &args.save {
        return save(args, &spec, format, seed, dir);
    }
    let Some(cases) = args.cases else {
        let board = spec.generate_with(seed, 0, control::get()).budget()?.board;
        let with_rules = (rules != snl::Rules::default()).then_some(&rules);
        if with_rules.is_some() && format == Format::PairsText {
            note(
                "the pairs-text form cannot hold rules; give the same rules flags when you read it",
            );
        }
        let text = snl::input::write(&board, with_rules, format)?;
        out.write_all(text.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    };
    let rules_json = RulesJson::from(&rules);
    let ctl = control::get();
    for case in 0..cases {
        let found = spec
            .generate_with(seed, case, ctl)
            .budget()
            .with_context(|| format!("case {case}"))?;
        let text = snl::input::write(&found.board, None, format)
            .with_context(|| format!("case {case}"))?;
        let board = match format {
            Format::PairsText => serde_json::Value::String(text),
            _ => serde_json::from_str(&text).context("snl wrote a board it cannot read")?,
        };
        let mean = if args.mean {
            Some(
                snl::markov::expected_rolls_with(&found.game, ctl)
                    .budget()
                    .with_context(|| format!("the mean of case {case}"))?,
            )
        } else {
            None
        };
        let line = CaseJson {
            case,
            seed,
            squares: found.board.squares(),
            rules: &rules_json,
            board,
            min_rolls: found.min_rolls,
            mean,
        };
        serde_json::to_writer(&mut *out, &line)?;
        writeln!(out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `snl gen --save DIR`: the boards as a suite of cases, each with what a
/// right program prints.
fn save(
    args: &Args,
    spec: &snl::random::Spec,
    format: Format,
    seed: u64,
    dir: &Path,
) -> Result<ExitCode> {
    let form = AnswerForm::from(args.answer);
    if spec.rules != snl::Rules::default() {
        note("the cases hold the boards alone: the program must know the rules given here");
    }
    let mut suite = Suite::open(dir)?;
    let ctl = control::get();
    let cases = args.cases.unwrap_or(1);
    let mut first = None;
    let mut last = PathBuf::new();
    for case in 0..cases {
        let found = spec
            .generate_with(seed, case, ctl)
            .budget()
            .with_context(|| format!("case {case}"))?;
        let input = snl::input::write(&found.board, None, format)
            .with_context(|| format!("case {case}"))?;
        let expected = Expected::of(&found.game, found.min_rolls, form)
            .budget()
            .with_context(|| format!("the answer to case {case}"))?;
        let path = match (form, found.min_rolls) {
            (AnswerForm::Rolls | AnswerForm::Path, Some(_)) => {
                snl::shortest::solve_with(&found.game, ctl)
                    .budget()
                    .with_context(|| format!("the answer to case {case}"))?
                    .path
            }
            _ => Vec::new(),
        };
        let output = snl_judge::reply::expected_output(form, &expected, &path);
        last = suite.add(&input, &output)?;
        first.get_or_insert_with(|| last.clone());
    }
    if let Some(first) = first {
        note(&format!(
            "wrote {} into {}: {} to {} (and .out beside each)",
            snl::words::plural(cases, "case", "cases"),
            dir.display(),
            first.file_name().unwrap_or_default().to_string_lossy(),
            last.file_name().unwrap_or_default().to_string_lossy()
        ));
    }
    Ok(ExitCode::SUCCESS)
}
