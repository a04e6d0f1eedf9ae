//! `snl export`: the game written for other tools, a model for the model
//! checkers PRISM and Storm, the chain as a state diagram, or the length
//! as a phase-type distribution.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::ValueEnum;
use snl::export::Form;
use snl::plan::{self, ExportQuery};

use crate::board_arg::{BoardArgs, RulesArgs, load_subject};
use crate::control;
use crate::output_file::write_output;

/// Write the game for model checkers and diagrams (PRISM, DOT, ...)
///
/// prism writes the game in the PRISM language, which the probabilistic
/// model checkers PRISM and Storm read: a Markov chain (dtmc), or, with
/// --optional or --choose-die, a Markov decision process (mdp) whose
/// actions are the dice (d1, d2, ...) and, on landing at the start of a
/// jump that may be declined, take and stay. The states are those a game
/// from the start reaches, numbered as `snl matrix` numbers them (without
/// --bonus, state s is square s); chances are exact fractions; the last
/// square is labelled "finished", and every roll earns the reward
/// "rolls" (a roll that starts a turn, with --bonus, "turns"). The
/// properties ask snl's questions: the chance of finishing, the expected
/// rolls (R{"rolls"}=? [ F "finished" ], Rmin under choices: `snl expect`'s
/// mean), and for each --within K the chance of finishing within K rolls.
/// With -o FILE they are written to --properties, or beside the model
/// as FILE with the extension .props; on standard output they follow the
/// model as comments.
///
/// jani writes the same model in JANI, the JSON interchange format of the
/// quantitative verification tools (Storm, the Modest Toolset), with the
/// same questions as named properties inside it (finishes, rolls, turns,
/// within-K, target, target-rolls): the transient variable "rolls" is 1 on
/// every roll, and the expected reward until the last square is the mean.
///
/// dot writes the chain as a state diagram in Graphviz's DOT language
/// (`dot -Tsvg chain.dot > chain.svg` draws it): a node a state a game reaches, an edge a pair of states
/// one roll moves between, labelled with its chance; an edge a jump makes
/// is coloured, green for a ladder and red for a snake. A picture shows at
/// most 2,000 states, and a game without choices.
///
/// tikz writes the same diagram as a TikZ picture for a LaTeX document
/// (\usepackage{tikz} and \usetikzlibrary{arrows.meta} in its preamble,
/// then \input the file), its nodes in rows that wind up from the
/// bottom-left as the board's squares do.
///
/// phase-type writes the game's length as a discrete phase-type
/// distribution (α, T) in JSON, the form the R packages `PhaseTypeR` and
/// `matrixdist` read: the phases are the states a game reaches other than
/// the last square (`states`, `squares`), `alpha` the chance of starting in
/// each, `T` the chances of moving among them with one roll and `exit` of
/// finishing, so that the chance of a game of n rolls is α T^(n-1) exit.
/// Its matrix is dense: at most 2,000 states, and a game without choices.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl export --preset milton-bradley --to prism -o chutes.prism
  snl export --preset milton-bradley --to jani -o chutes.jani
  snl export --preset moves-example-2 -o chain.dot
  snl export --preset moves-example-2 -o chain.tex
  snl export --preset milton-bradley --to phase-type -o length.json
  snl export --preset milton-bradley --optional ladders --to prism", super::EXIT_CODES))]
pub struct Args {
    /// The form to write [default: from the -o file's name (.prism, .pm,
    /// .nm; .jani; .dot, .gv; .tex, .tikz; .json for phase-type), else
    /// prism].
    #[arg(long, value_enum, value_name = "FORM")]
    pub to: Option<ExportForm>,

    /// Write the export to this file (whole, or not at all) instead of
    /// standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Write a model's properties to this file [default with -o: the
    /// model's file with the extension .props].
    #[arg(long, value_name = "FILE")]
    pub properties: Option<PathBuf>,

    /// Ask also the chance of finishing within K rolls (repeatable): a
    /// property `P=? [ F<=K "finished" ]`.
    #[arg(long, value_name = "K")]
    pub within: Vec<usize>,

    /// Label the states of these squares `"target"` (`50..60`, `80,90`,
    /// as `snl expect --target` reads them) and ask the chance of ever
    /// resting there and the expected rolls until then: properties
    /// `P=? [ F "target" ]` and `R{"rolls"}=? [ F "target" ]`.
    #[arg(long, value_name = "SQUARES", value_parser = super::target::parse)]
    pub target: Option<super::target::Squares>,

    /// Pick one of these dice before each roll (repeatable, as `snl expect
    /// --choose-die`): the model is then a decision process.
    #[arg(long = "choose-die", value_name = "SPEC")]
    pub choose_die: Vec<snl::Die>,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The forms the command writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportForm {
    /// A model in the PRISM language, and its properties.
    Prism,
    /// The model in JANI (JSON), its properties inside.
    Jani,
    /// The chain as a state diagram in Graphviz's DOT language.
    Dot,
    /// The chain as a state diagram in TikZ, for LaTeX.
    Tikz,
    /// The game's length as a discrete phase-type distribution (α, T), in
    /// JSON.
    PhaseType,
}

impl ExportForm {
    /// The form a file's name asks for.
    fn of(path: &Path) -> Option<ExportForm> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "prism" | "pm" | "nm" => Some(ExportForm::Prism),
            "jani" => Some(ExportForm::Jani),
            "dot" | "gv" => Some(ExportForm::Dot),
            "tex" | "tikz" => Some(ExportForm::Tikz),
            "json" => Some(ExportForm::PhaseType),
            _ => None,
        }
    }

    fn form(self) -> Form {
        match self {
            ExportForm::Prism => Form::Prism,
            ExportForm::Jani => Form::Jani,
            ExportForm::Dot => Form::Dot,
            ExportForm::Tikz => Form::Tikz,
            ExportForm::PhaseType => Form::PhaseType,
        }
    }
}

/// Runs `snl export`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let form = args
        .to
        .or_else(|| args.output.as_deref().and_then(ExportForm::of))
        .unwrap_or(ExportForm::Prism);
    if form == ExportForm::Jani && args.properties.is_some() {
        bail!(
            "--properties names the file of a PRISM model's properties; a JANI model holds its own"
        );
    }
    if !form.form().is_model() {
        let what = if form == ExportForm::PhaseType {
            "a phase-type distribution"
        } else {
            "a diagram"
        };
        if args.properties.is_some() {
            bail!("--properties is for a model (--to prism); {what} has none");
        }
        if !args.within.is_empty() {
            bail!("--within asks a property of a model (--to prism or jani); {what} has none");
        }
        if args.target.is_some() {
            bail!("--target labels states of a model (--to prism or jani); {what} has none");
        }
    }
    let loaded = load_subject(&args.board, &args.rules)?;
    let query = ExportQuery {
        form: form.form(),
        dice: args.choose_die.clone(),
        within: args.within.clone(),
        target: args.target.clone().map(|t| t.0).unwrap_or_default(),
    };
    let exported = plan::export(&loaded.subject, &query, control::get())
        .map_err(|e| control::question(e, &loaded.board.source))?;
    crate::timings::analysis();
    let input = loaded.board.path();
    let properties_file = args.properties.clone().or_else(|| {
        args.output
            .as_ref()
            .filter(|p| p.as_os_str() != "-")
            .map(|p| p.with_extension("props"))
    });
    match (&exported.properties, &properties_file) {
        (Some(props), Some(file)) => {
            if args.output.as_ref() == Some(file) {
                bail!(
                    "the properties would overwrite the model at {}: name another file with --properties",
                    file.display()
                );
            }
            write_output(args.output.as_ref(), input, out, |w| {
                Ok(w.write_all(exported.text.as_bytes())?)
            })?;
            write_output(Some(file), input, out, |w| {
                Ok(w.write_all(props.as_bytes())?)
            })
            .with_context(|| format!("the properties, {}", file.display()))?;
        }
        (Some(props), None) => write_output(None, input, out, |w| {
            w.write_all(exported.text.as_bytes())?;
            writeln!(
                w,
                "\n// The properties (-o FILE writes them to FILE.props):"
            )?;
            for line in props.lines() {
                if line.starts_with("//") {
                    writeln!(w, "{line}")?;
                } else {
                    writeln!(w, "// {line}")?;
                }
            }
            Ok(())
        })?,
        (None, _) => write_output(args.output.as_ref(), input, out, |w| {
            Ok(w.write_all(exported.text.as_bytes())?)
        })?,
    }
    Ok(ExitCode::SUCCESS)
}
