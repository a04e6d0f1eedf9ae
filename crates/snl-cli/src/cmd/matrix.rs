//! `snl matrix`: the transition matrix of the game's Markov chain, for
//! other tools and for worksheets.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use clap::ValueEnum;
use snl::markov::TransitionMatrix;
use snl::words::rules_line;

use crate::board_arg::{BoardArgs, LoadedGame, RulesArgs, load_game};
use crate::control::{self, Explain};
use crate::output_file::write_output;
use snl::plan::DenseWork;

/// Print the transition matrix of the game with a real die.
///
/// Row i, column j is the chance that one roll takes the pawn from state i
/// to state j. Without bonus rolls state k is square k, and state 0 is off
/// the board (where the pawn starts under --start 0; under the default
/// start no game visits it). The last square absorbs: its row is 1 on
/// itself. The feet of ladders and snakes keep their rows and columns,
/// numbered as the board, with nothing leading to them from elsewhere. With --bonus, state
/// k is square k / s after k % s top values in a row this turn (s is the
/// bonus limit, or 2 without one). The first rows up to the last square's
/// are the transient states: Q is that top-left block, and the fundamental
/// matrix is (I - Q)^-1. This is the numbering of the Python module's
/// `Board.transition_matrix`.
///
/// csv is the whole matrix, one row a line, for numpy.loadtxt or a
/// spreadsheet; mtx is Matrix Market coordinate form (1-based, only the
/// entries above zero, with the numbering in its comments), for
/// `scipy.io.mmread`, MATLAB, R or Julia; latex is a pmatrix of fractions for a
/// worksheet. csv and latex write every entry, states × states of them,
/// a row at a time: they are refused when that would be more than 1 GB of
/// output (about 22,000 squares in csv), unless --force; mtx writes one
/// line an entry.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl matrix --preset moves-example-2
  snl matrix --preset milton-bradley --to mtx
  snl matrix --preset moves-example-2 --to latex
  snl matrix --preset milton-bradley -o chutes.mtx", super::EXIT_CODES))]
pub struct Args {
    /// The form to write [default: from the -o file's name (.csv, .mtx,
    /// .tex), else csv].
    #[arg(long, value_enum, value_name = "FORM")]
    pub to: Option<MatrixForm>,

    /// Write the matrix to this file (whole, or not at all) instead of
    /// standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The forms a matrix is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MatrixForm {
    /// Every entry, comma-separated, one row a line.
    Csv,
    /// Matrix Market coordinate form: the entries above zero.
    Mtx,
    /// A LaTeX pmatrix of fractions (needs amsmath).
    Latex,
}

impl MatrixForm {
    /// The form a file's name asks for.
    fn of(path: &Path) -> Option<MatrixForm> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "csv" => Some(MatrixForm::Csv),
            "mtx" => Some(MatrixForm::Mtx),
            "tex" => Some(MatrixForm::Latex),
            _ => None,
        }
    }
}

/// Runs `snl matrix`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let form = args
        .to
        .or_else(|| args.output.as_deref().and_then(MatrixForm::of))
        .unwrap_or(MatrixForm::Csv);
    let loaded = load_game(&args.board, &args.rules, DenseWork::Matrix)?;
    let ctl = control::get();
    if form != MatrixForm::Mtx {
        dense_output(form, &loaded.game)?;
        // Written row by row, the form holds a row at a time: its cost is
        // the work of its entries.
        let entries = snl::markov::matrix::dense_entries(&loaded.game);
        let full = snl::limits::Estimate::new(0, entries);
        ctl.admit("the transition matrix written out in full", full)
            .map_err(|e| {
                let refused = !e.is_stop();
                let e = control::explain(e);
                if refused {
                    anyhow!("{e:#}; --to mtx writes only the entries above zero")
                } else {
                    e
                }
            })?;
    }
    let p = snl::markov::transition_matrix_with(&loaded.game, ctl).budget()?;
    write_output(args.output.as_ref(), loaded.board.path(), out, |w| {
        match form {
            MatrixForm::Csv => csv(&p, w)?,
            MatrixForm::Mtx => mtx(&p, &loaded, w)?,
            MatrixForm::Latex => latex(&p, &loaded, w)?,
        }
        Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The most output a dense form writes unless `--force`: it is streamed,
/// so memory does not bound it, and past this it is more than a
/// spreadsheet or `numpy.loadtxt` opens (`--to mtx` is the form for it).
const DENSE_OUTPUT: u64 = 1_000_000_000;

/// Refuses a dense form whose output would be over [`DENSE_OUTPUT`], unless
/// `--force`: each entry is at least `0,` in csv and `0 & ` in latex.
fn dense_output(form: MatrixForm, game: &snl::Game) -> Result<()> {
    let entries = snl::markov::matrix::dense_entries(game);
    let (name, each) = match form {
        MatrixForm::Csv => ("csv", 2),
        MatrixForm::Latex => ("latex", 4),
        MatrixForm::Mtx => return Ok(()),
    };
    let size = entries.saturating_mul(each);
    if size <= DENSE_OUTPUT || control::forced() {
        return Ok(());
    }
    let states = game.positions() as u64 * u64::from(game.streaks());
    Err(anyhow!(
        "the transition matrix written out in full as {name} would be at least {} of output ({states} × {states} entries, {each} bytes each at least), more than the {} snl writes in a dense form unless told: --to mtx writes only the entries above zero, or --force writes it anyway (Ctrl-C stops it)",
        snl::limits::bytes(size),
        snl::limits::bytes(DENSE_OUTPUT)
    ))
}

/// Each row in full, `value,value,...`, with `0` for no move and the
/// chance in floating point (shortest form that reads back the same).
fn csv(p: &TransitionMatrix, w: &mut dyn Write) -> std::io::Result<()> {
    let probs = p.probabilities();
    let mut line = String::new();
    for k in 0..p.states() {
        line.clear();
        let span = p.indptr()[k]..p.indptr()[k + 1];
        let mut entries = p.indices()[span.clone()]
            .iter()
            .zip(&probs[span])
            .peekable();
        for j in 0..p.states() {
            if j > 0 {
                line.push(',');
            }
            match entries.peek() {
                Some(&(&c, &x)) if c as usize == j => {
                    line.push_str(&x.to_string());
                    entries.next();
                }
                _ => line.push('0'),
            }
        }
        line.push('\n');
        w.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// What the states are, for the comments of a file.
fn numbering(p: &TransitionMatrix) -> String {
    let s = p.numbering().streaks();
    if s == 1 {
        format!(
            "state k is square k (0 is off the board); state {} (the last square) absorbs",
            p.absorbing()
        )
    } else {
        format!(
            "state k is square k / {s} after k % {s} top values in a row this turn; state {} (the last square) absorbs",
            p.absorbing()
        )
    }
}

/// The board and rules, for the comments of a file.
fn about(loaded: &LoadedGame) -> String {
    format!(
        "board {}, rules: {}",
        loaded.board.label(),
        rules_line(loaded.rules())
    )
}

/// Matrix Market coordinate form: 1-based row, column and chance.
fn mtx(p: &TransitionMatrix, loaded: &LoadedGame, w: &mut dyn Write) -> std::io::Result<()> {
    writeln!(w, "%%MatrixMarket matrix coordinate real general")?;
    writeln!(w, "% the transition matrix of snl: {}", about(loaded))?;
    writeln!(
        w,
        "% line `i j x`: from state i - 1 to state j - 1 with chance x; {}",
        numbering(p)
    )?;
    writeln!(
        w,
        "% start: state {}; transient states: 0 to {}",
        p.start(),
        p.transient().saturating_sub(1)
    )?;
    writeln!(w, "{} {} {}", p.states(), p.states(), p.nonzeros())?;
    let probs = p.probabilities();
    for ((i, j, _), x) in p.triplets().zip(&probs) {
        writeln!(w, "{} {} {x}", i + 1, j + 1)?;
    }
    Ok(())
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A pmatrix of fractions in lowest terms, `0` for no move.
fn latex(p: &TransitionMatrix, loaded: &LoadedGame, out: &mut dyn Write) -> std::io::Result<()> {
    let states = p.states();
    writeln!(out, "% the transition matrix of snl: {}", about(loaded))?;
    writeln!(out, "% row and column k (from 0): {}", numbering(p))?;
    writeln!(out, "% needs \\usepackage{{amsmath}}")?;
    if states > 10 {
        // amsmath's matrices have at most 10 columns unless told.
        writeln!(out, "\\setcounter{{MaxMatrixCols}}{{{states}}}")?;
    }
    writeln!(out, "P = \\begin{{pmatrix}}")?;
    let total = p.total();
    let mut line = String::new();
    for k in 0..states {
        line.clear();
        let mut entries = p.row(k).peekable();
        for column in 0..states {
            if column > 0 {
                line.push_str(" & ");
            }
            match entries.peek() {
                Some(&(at, weight)) if at == column => {
                    let common = gcd(weight, total);
                    let (top, bottom) = (weight / common, total / common);
                    if bottom == 1 {
                        line.push_str(&top.to_string());
                    } else {
                        let _ = write!(line, "\\frac{{{top}}}{{{bottom}}}");
                    }
                    entries.next();
                }
                _ => line.push('0'),
            }
        }
        if k + 1 < states {
            line.push_str(" \\\\");
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    writeln!(out, "\\end{{pmatrix}}")?;
    Ok(())
}
