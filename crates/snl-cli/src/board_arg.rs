//! The arguments every board-reading subcommand shares: where the board comes
//! from ([`BoardArgs`]) and the rules it is played under ([`RulesArgs`]).
//!
//! A subcommand flattens both into its own arguments and calls
//! [`load_game`] (or [`BoardArgs::load`] and [`RulesArgs::resolve`] when it
//! must look at a board that may not be playable, as `snl check` does):
//!
//! ```ignore
//! #[derive(Debug, clap::Args)]
//! pub struct Args {
//!     #[command(flatten)]
//!     board: BoardArgs,
//!     #[command(flatten)]
//!     rules: RulesArgs,
//! }
//!
//! let loaded = load_game(&args.board, &args.rules, DenseWork::Picture)?;
//! ```

use std::fmt;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, ValueEnum};
use snl::input::{self, Format, ParseError, ParseOptions, ParsedBoard, RulesPatch};
use snl::plan::{DenseWork, Subject};
use snl::presets;
use snl::{BoardSpec, Bonus, Die, Finish, Game, Rules, Start};

use crate::read_file::BoardFile;

/// Where a board comes from: a path, `-` for standard input, or a preset.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Board")]
pub struct BoardArgs {
    /// The board file, or `-` for standard input [default: `-` when input is
    /// piped in].
    #[arg(value_name = "BOARD", conflicts_with = "preset")]
    pub board: Option<PathBuf>,

    /// Use a built-in board instead of a file (see `snl presets`).
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,

    /// The board's form [default: detected from the content].
    #[arg(long, value_enum, value_name = "FORM", conflicts_with = "preset")]
    pub format: Option<FormatArg>,

    /// The number of squares, for the `pairs-text` form (which does not
    /// state it) [default: 100].
    #[arg(long, value_name = "N", conflicts_with = "preset")]
    pub squares: Option<u64>,
}

/// The board forms, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// A LeetCode 909 grid: JSON rows of numbers, -1 for a plain square.
    Grid,
    /// A 0-based JSON `moves` array (bare, or `{"n": .., "moves": [..]}`):
    /// -1 for a plain square, else the 0-based destination.
    Moves,
    /// JSON with `squares`, `ladders` and `snakes` as `[from, to]` pairs.
    Pairs,
    /// Plain text: a count of ladders and their pairs, then a count of
    /// snakes and theirs (100 squares unless --squares says otherwise).
    PairsText,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Grid => Format::Grid,
            FormatArg::Moves => Format::Moves,
            FormatArg::Pairs => Format::Pairs,
            FormatArg::PairsText => Format::PairsText,
        }
    }
}

/// Where a loaded board came from, for messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A file, as the user named it.
    File(PathBuf),
    /// Standard input.
    Stdin,
    /// A built-in board.
    Preset(&'static str),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::File(path) => write!(f, "{}", path.display()),
            Source::Stdin => f.write_str("standard input"),
            Source::Preset(name) => write!(f, "preset {name}"),
        }
    }
}

/// The most characters of a board's name shown in text and pictures.
pub const LABEL_CHARS: usize = 200;

/// A board as read, before it is checked.
#[derive(Debug, Clone)]
pub struct LoadedBoard {
    /// Where it came from.
    pub source: Source,
    /// What was read: the jumps as written, the file's rules, its name.
    pub parsed: ParsedBoard,
}

impl LoadedBoard {
    /// The board's name: the preset's or the file's own, if it has one.
    pub fn name(&self) -> Option<&str> {
        self.parsed.name.as_deref()
    }

    /// The board file read, if the board came from one: an output file may
    /// not replace it.
    pub fn path(&self) -> Option<&std::path::Path> {
        match &self.source {
            Source::File(path) => Some(path),
            _ => None,
        }
    }

    /// How to call the board in text output: its name, or where it came from.
    ///
    /// A name is text from the board file: its control characters are
    /// shown escaped (`\u{1b}`, `\n`), so that they neither reach the
    /// terminal raw nor make a picture's SVG invalid, and a name longer
    /// than [`LABEL_CHARS`] characters is cut short with `…`.
    pub fn label(&self) -> String {
        let Some(name) = self.name() else {
            return self.source.to_string();
        };
        match name.char_indices().nth(LABEL_CHARS) {
            Some((cut, _)) => format!("{}…", snl::words::escape_controls(&name[..cut])),
            None => snl::words::escape_controls(name),
        }
    }
}

impl BoardArgs {
    /// Reads and parses the board, without checking that it is playable.
    ///
    /// # Errors
    ///
    /// An unknown preset, an unreadable file, a terminal on standard input,
    /// or a board that cannot be parsed; each names where.
    pub fn load(&self) -> Result<LoadedBoard> {
        if let Some(name) = &self.preset {
            let preset = presets::find(name).ok_or_else(|| {
                let names: Vec<&str> = presets::all().iter().map(|p| p.name).collect();
                anyhow!(
                    "there is no preset `{name}`; the presets are {} (see `snl presets`)",
                    names.join(", ")
                )
            })?;
            // A preset is called by the name it was asked for.
            let mut parsed = preset.parse();
            parsed.name = Some(preset.name.to_string());
            crate::timings::stage("parse");
            return Ok(LoadedBoard {
                source: Source::Preset(preset.name),
                parsed,
            });
        }
        let options = ParseOptions {
            format: self.format.map(Format::from),
            squares: self.squares,
        };
        let (source, input) = match &self.board {
            Some(path) if path.as_os_str() != "-" => {
                let cannot = || format!("cannot read board file {}", path.display());
                let file = File::open(path).with_context(cannot)?;
                let input = match BoardFile::new(file).with_context(cannot)? {
                    Ok(file) => Input::Pieces(file),
                    Err(file) => Input::Bytes(read_to_end(file).with_context(cannot)?),
                };
                (Source::File(path.clone()), input)
            }
            given => {
                if io::stdin().is_terminal() {
                    if given.is_some() {
                        bail!(
                            "`-` reads the board from standard input, which is a terminal; \
                             pipe a board in (`snl solve - < board.json`) or give a path"
                        );
                    }
                    bail!(
                        "no board given; give a board file, pipe one in \
                         (`snl solve - < board.json`) or use --preset NAME (see `snl presets`)"
                    );
                }
                let bytes = read_to_end(io::stdin().lock())
                    .context("cannot read the board from standard input")?;
                (Source::Stdin, Input::Bytes(bytes))
            }
        };
        crate::timings::stage("read");
        // A regular file is read a piece at a time as it is parsed, so the
        // `parse` stage holds the reading too.
        let parsed = match &input {
            Input::Pieces(file) => input::parse_at(file, &options),
            Input::Bytes(bytes) => input::parse(bytes, &options),
        }
        .map_err(|e| match e {
            ParseError::Io { source: io } => {
                anyhow::Error::new(io).context(format!("cannot read board file {source}"))
            }
            // A parse error's message is complete (position included); its
            // source, the JSON reader's error, would only repeat it.
            e => anyhow!("{source}: {e}"),
        })?;
        crate::timings::stage("parse");
        Ok(LoadedBoard { source, parsed })
    }
}

/// A board's input before it is parsed.
enum Input {
    /// A regular file, read as it is parsed.
    Pieces(BoardFile),
    /// Everything a pipe or a device gave.
    Bytes(Vec<u8>),
}

/// All `from` gives.
fn read_to_end(mut from: impl Read) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    from.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// How a roll that would pass the last square is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FinishArg {
    /// The roll is lost: the last square must be reached exactly.
    Exact,
    /// The pawn walks to the last square and back by the excess.
    Bounce,
    /// Reaching or passing the last square wins.
    Pass,
}

impl From<FinishArg> for Finish {
    fn from(f: FinishArg) -> Finish {
        match f {
            FinishArg::Exact => Finish::Exact,
            FinishArg::Bounce => Finish::Bounce,
            FinishArg::Pass => Finish::Pass,
        }
    }
}

/// Where the pawn starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StartArg {
    /// On square 1 (a jump from square 1 is not taken before the first roll).
    #[value(name = "1")]
    Square1,
    /// Off the board: a first roll of r lands on square r (Milton Bradley).
    #[value(name = "0")]
    OffBoard,
}

impl From<StartArg> for Start {
    fn from(s: StartArg) -> Start {
        match s {
            StartArg::Square1 => Start::Square1,
            StartArg::OffBoard => Start::OffBoard,
        }
    }
}

/// The rules of play. A flag given here wins over the board file's `rules`,
/// which win over the defaults.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Rules (override the board file's)")]
pub struct RulesArgs {
    /// A fair die with faces 1 to K [default: 6].
    #[arg(long, value_name = "K", conflicts_with = "die")]
    pub faces: Option<u32>,

    /// Any die: `d6`, `2d6` (the sum of two), or weights for faces 1, 2, ...
    /// such as `1,1,1,1,1,2`.
    #[arg(long, value_name = "SPEC", value_parser = parse_die)]
    pub die: Option<Die>,

    /// What a roll that would pass the last square does [default: exact].
    #[arg(long, value_enum, value_name = "RULE")]
    pub finish: Option<FinishArg>,

    /// Follow a jump that ends on another jump's start [default: off].
    #[arg(long, overrides_with = "no_chain")]
    pub chain: bool,

    /// Take one jump per move even if the board file says to chain.
    #[arg(long, overrides_with = "chain")]
    pub no_chain: bool,

    /// Where the pawn starts: 1 (on square 1) or 0 (off the board)
    /// [default: 1].
    #[arg(long, value_enum, value_name = "POS", hide_possible_values = true)]
    pub start: Option<StartArg>,

    /// Rolling the die's top value gives another roll in the same turn
    /// [default: off].
    #[arg(long)]
    pub bonus: bool,

    /// With --bonus: the Nth top value in a row in one turn sends the pawn
    /// back to the start instead of moving it (3 is the common house rule).
    /// Implies --bonus.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub bonus_limit: Option<u32>,

    /// The jumps a player may decline on landing at their start: none,
    /// ladders, snakes or all [default: none]. `snl solve` plays the choice
    /// for the fewest rolls and `snl expect` the best play with a real die;
    /// `snl check` notes the jumps that play never takes; the other
    /// commands take every jump and refuse the rule.
    #[arg(long, value_name = "WHICH", value_parser = crate::optional_arg::OptionalParser)]
    pub optional: Option<snl::Optional>,
}

fn parse_die(s: &str) -> Result<Die, String> {
    s.parse::<Die>().map_err(|e| e.to_string())
}

impl RulesArgs {
    /// The rules: the defaults, then the board file's, then these flags.
    ///
    /// # Errors
    ///
    /// A `--faces` value that is not a usable die.
    pub fn resolve(&self, file: &RulesPatch) -> Result<Rules> {
        let mut rules = Rules::default();
        file.apply(&mut rules);
        if let Some(faces) = self.faces {
            rules.die = Die::uniform(faces).with_context(|| format!("--faces {faces}"))?;
        }
        if let Some(die) = &self.die {
            rules.die = die.clone();
        }
        if let Some(finish) = self.finish {
            rules.finish = finish.into();
        }
        if self.chain {
            rules.chain = true;
        } else if self.no_chain {
            rules.chain = false;
        }
        if let Some(start) = self.start {
            rules.start = start.into();
        }
        if let Some(limit) = self.bonus_limit {
            rules.bonus = Some(Bonus::with_limit(limit).context("--bonus-limit")?);
        } else if self.bonus {
            rules.bonus = Some(Bonus::unlimited());
        }
        if let Some(optional) = self.optional {
            rules.optional = optional;
        }
        Ok(rules)
    }
}

/// A board ready to play: what was read, and the game built from it.
#[derive(Debug, Clone)]
pub struct LoadedGame {
    /// The board as read.
    pub board: LoadedBoard,
    /// The board under its rules.
    pub game: Game,
}

impl LoadedGame {
    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        self.game.rules()
    }
}

/// A board ready for the library's questions: what was read (but its
/// jumps, which are the subject's: `subject.spec()`), and the subject they
/// are asked of.
#[derive(Debug, Clone)]
pub struct LoadedSubject {
    /// The board as read.
    pub board: LoadedBoard,
    /// The board under its rules, checked.
    pub subject: Subject,
}

/// Reads the board, settles the rules and checks the board under them:
/// the subject of `solve` and `expect`, which pick their engine
/// themselves, play optional jumps, and take boards of any length.
///
/// # Errors
///
/// Everything [`BoardArgs::load`] and [`RulesArgs::resolve`] report, and
/// the first problem that makes the board unplayable (with a pointer to
/// `snl check`, which lists them all).
pub fn load_subject(board: &BoardArgs, rules: &RulesArgs) -> Result<LoadedSubject> {
    let mut loaded = board.load()?;
    let rules = rules.resolve(&loaded.parsed.rules)?;
    // The jumps move into the subject (a long board's are megabytes); the
    // board as read keeps its size, name and form.
    let squares = loaded.parsed.spec.squares;
    let spec = std::mem::replace(&mut loaded.parsed.spec, BoardSpec::of_jumps(squares, []));
    let subject = Subject::new(spec, rules).map_err(|problem| {
        anyhow!(
            "{}: {problem} (`snl check` lists every problem)",
            loaded.source
        )
    })?;
    crate::timings::stage(CHECK);
    let subject = subject.named(loaded.parsed.name.clone());
    Ok(LoadedSubject {
        board: loaded,
        subject,
    })
}

/// Reads the board, settles the rules and builds the game, for `work`:
/// what the command does with it, which gives the reason a board longer
/// than the game's tables hold is refused ([`DenseWork::too_long`]).
///
/// # Errors
///
/// Everything [`load_subject`] reports, `work`'s reason on a board over
/// 2^30 squares, and rules that let a player decline jumps, which the
/// analyses that take every jump refuse.
pub fn load_game(board: &BoardArgs, rules: &RulesArgs, work: DenseWork) -> Result<LoadedGame> {
    load_game_for(board, rules, |squares| work.too_long(squares))
}

/// [`load_game`] for an analysis the library refuses on boards longer
/// than the dense engine holds, with its own reason: `too_long(squares)`
/// (such as [`snl::race::too_long`]) gives it for a board that is
/// otherwise playable as a board of any length.
///
/// # Errors
///
/// As [`load_game`], and that reason.
pub fn load_game_for(
    board: &BoardArgs,
    rules: &RulesArgs,
    too_long: impl FnOnce(u64) -> Option<snl::plan::DenseOnly>,
) -> Result<LoadedGame> {
    let LoadedSubject { board, subject } = load_subject(board, rules)?;
    let game = subject.into_plain_game_by(too_long).map_err(|e| {
        if e.unplayable().is_some() {
            anyhow!(
                "{}: {e}; `snl expect` and `snl solve` play it, and `--optional none` takes every jump",
                board.source
            )
        } else {
            anyhow!("{}: {e}", board.source)
        }
    })?;
    Ok(LoadedGame { board, game })
}

/// The stage of `--timings` that ends once the game is built.
const CHECK: &str = "check and build";
