//! Checking a board before it is analysed: what makes it unplayable
//! (errors) and what is legal but probably not what its author meant
//! (warnings).
//!
//! Errors are every [`BoardSpec::problems`] entry and, under chaining, a
//! circle of jumps. Warnings are only looked for on a board that builds:
//! a jump no roll ever lands on, a jump that ends on another jump's start
//! while chaining is off, a last square that cannot be reached, and squares
//! where the pawn is trapped (the last square can be reached from the start,
//! but not from them, so with a real die a game may never end).
//!
//! ```
//! use snl::check::{self, Severity};
//! use snl::input::{self, ParseOptions};
//!
//! let parsed = input::parse(br#"{"squares": 10, "ladders": [[2, 5], [5, 9]]}"#,
//!     &ParseOptions::default())?;
//! let found = check::check(&parsed.spec, &parsed.rules.rules()).diagnostics;
//! assert_eq!(found.len(), 1);
//! assert_eq!(found[0].severity, Severity::Warning);
//! assert_eq!(found[0].code, "ends-on-jump");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

use crate::board::{BoardError, BoardSpec, MAX_SQUARES};
use crate::choice::{self, ChoiceError};
use crate::game::{Game, GameError, Pawn};
use crate::limits::{self, Control, LimitError};
use crate::markov::{self, MarkovError};
use crate::rules::{Optional, Rules};
use crate::sparse::{SparseBoard, SparseBoardError, SparseError, SparseGame, SparseGameError};
use crate::words::figure;

mod winnable;

use winnable::Runs;
pub use winnable::{TRAP_RUNS_LISTED, Winnability, Winnable};

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Severity {
    /// The board cannot be played.
    Error,
    /// The board can be played but is probably not what was meant.
    Warning,
    /// Nothing is wrong: a fact about the board worth knowing (a jump the
    /// best play never takes).
    Note,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        })
    }
}

/// One finding about a board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub severity: Severity,
    /// A short kebab-case name for the kind of finding, stable for scripts:
    /// `no-squares`, `too-many-squares`, `off-board`, `no-move`,
    /// `wrong-direction`, `from-last`, `two-jumps`, `to-square-0` (a snake
    /// to square 0 while the pawn starts on square 1), `cycle`, `never-landed`,
    /// `ends-on-jump`, `goal-unreachable`, `trap`, on a board of over 2^30
    /// squares `too-many-jumps`, from [`playable`] `optional-unplayed`, and
    /// the note `never-taken`.
    pub code: &'static str,
    /// What is wrong, where, and the fix.
    pub message: String,
    /// The squares involved, on the board (squares a jump names off the
    /// board are left out).
    pub squares: Vec<u64>,
}

impl fmt::Display for Diagnostic {
    /// `error[off-board]: ...`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]: {}", self.severity, self.code, self.message)
    }
}

/// Whether any finding is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(|d| d.severity == Severity::Error)
}

/// Every error and warning about `spec` played under `rules`, errors
/// first: [`check_with`] under [`Control::default`], which sets no budget.
/// Warnings are looked for only when there are no errors, since they need a
/// playable board; when the board's tables cannot be allocated, or a board
/// of over 2^30 squares has a rule its engine does not take,
/// [`Checked::skipped`] says so.
pub fn check(spec: &BoardSpec, rules: &Rules) -> Checked {
    check_with(spec, rules, &Control::default())
}

/// What [`check_with`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// Every error and warning found, errors first.
    pub diagnostics: Vec<Diagnostic>,
    /// Why the warnings, and the errors that need the board's tables (a
    /// circle of chained jumps), were not all looked for: the tables do not
    /// fit the budget, the token was set, or (past 2^30 squares) the rules
    /// need the engine that keeps tables a square long. `None` when
    /// everything was.
    pub skipped: Option<Skipped>,
    /// Whether the game can be won from the start: always, occasionally
    /// or never, with the squares that trap the pawn and the chance of
    /// falling among them. `None` when the board has errors, when the
    /// warnings were not all looked for, and when the player has choices
    /// (jumps that may be declined), where it depends on the play.
    pub winnability: Option<Winnability>,
}

/// Why [`check_with`] did not look for everything.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Skipped {
    /// Refused by the budget, stopped, or out of memory.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// A board of over 2^30 squares under a rule the engine for boards of
    /// any length does not take ([`crate::sparse::Unsupported`], a bonus
    /// limit): the warnings that need where a pawn can go were not looked
    /// for.
    #[error(transparent)]
    Long(SparseError),
    /// The jumps the best play never takes ([`crate::choice`]) were not
    /// looked for: its solve was refused by the budget, stopped, or
    /// failed. Every error and warning was.
    #[error(transparent)]
    BestPlay(ChoiceError),
    /// The chance of falling into the trap
    /// ([`Winnability::chance`]) was not solved for: refused by the
    /// budget, stopped, or failed. Every error and warning was looked for,
    /// and the class named.
    #[error(transparent)]
    TrapChance(MarkovError),
    /// [`Skipped::TrapChance`] on a board of over 2^30 squares, by the
    /// engine for boards of any length.
    #[error(transparent)]
    LongTrapChance(SparseError),
}

impl Skipped {
    /// Whether this is a stop asked for by the caller (the token), rather
    /// than a refusal.
    pub fn is_stop(&self) -> bool {
        self.limit().is_some_and(LimitError::is_stop)
    }

    /// The limit that stopped the check, if that is the reason.
    pub fn limit(&self) -> Option<&LimitError> {
        match self {
            Skipped::Limit(e)
            | Skipped::BestPlay(ChoiceError::Limit(e))
            | Skipped::TrapChance(MarkovError::Limit(e))
            | Skipped::LongTrapChance(SparseError::Limit(e)) => Some(e),
            Skipped::Long(_)
            | Skipped::BestPlay(_)
            | Skipped::TrapChance(_)
            | Skipped::LongTrapChance(_) => None,
        }
    }

    /// Whether every error and warning was still looked for: only a note
    /// or a figure (the jumps the best play never takes, the chance of
    /// falling into the trap) was left out.
    pub fn looked_for_all(&self) -> bool {
        matches!(
            self,
            Skipped::BestPlay(_) | Skipped::TrapChance(_) | Skipped::LongTrapChance(_)
        )
    }
}

/// What a front end tells its user when [`Checked::skipped`] is `why`:
/// "only the board as written was checked: ..." for a limit (worded by
/// `limit`, so that a front end can add how to raise its budget), and
/// which warnings were not looked for and why on a board of any length,
/// and that the jumps the best play never takes were not looked for.
pub fn skipped_note(why: &Skipped, limit: impl FnOnce(&LimitError) -> String) -> String {
    match why {
        Skipped::Limit(e) => format!("only the board as written was checked: {}", limit(e)),
        Skipped::BestPlay(ChoiceError::Limit(e)) => format!(
            "every error and warning was looked for, but not the jumps the best play never takes: {}",
            limit(e)
        ),
        Skipped::BestPlay(e) => format!(
            "every error and warning was looked for, but not the jumps the best play never takes: {e}"
        ),
        Skipped::Long(e) => format!(
            "the warnings that need where a pawn can go (never-landed, goal-unreachable, trap) were not looked for: {e}"
        ),
        Skipped::TrapChance(MarkovError::Limit(e))
        | Skipped::LongTrapChance(SparseError::Limit(e)) => format!(
            "every error and warning was looked for, but not the chance of falling into the trap: {}",
            limit(e)
        ),
        Skipped::TrapChance(_) | Skipped::LongTrapChance(_) => format!(
            "every error and warning was looked for, but not the chance of falling into the trap: {why}"
        ),
    }
}

impl From<SparseError> for Skipped {
    fn from(e: SparseError) -> Skipped {
        match e {
            SparseError::Limit(l) => Skipped::Limit(l),
            other => Skipped::Long(other),
        }
    }
}

/// [`check`] under a [`Control`]. The faults of the board as written are
/// found from its jumps alone, however large the board; the rest needs the
/// board's tables ([`board::cost`](crate::board::cost)) and a few flags a square, and is
/// skipped, with the reason in [`Checked::skipped`], when they do not fit
/// the budget or cannot be allocated.
///
/// A board of over 2^30 squares (up to 2^62, as the pairs forms write
/// them) is checked without tables a square long: its errors by
/// [`SparseBoard::problems`] and [`SparseGame::new`], its warnings by
/// [`crate::sparse::reach`], at a cost that grows with its jumps. The same
/// findings, in the same words; under a bonus limit, which that engine
/// does not take, only the warnings found from the jumps alone
/// (`ends-on-jump`), and [`Checked::skipped`] says why.
pub fn check_with(spec: &BoardSpec, rules: &Rules, ctl: &Control) -> Checked {
    check_played(spec, rules, None, ctl)
}

/// [`check_with`] for a front end that has already solved the best play
/// of the game (`best`, [`choice::solve_with`] under the default options)
/// for an answer of its own: the notes of the jumps it never takes are
/// read from it instead of solving it again. With `best` `None`, or where
/// the rules let no jump be declined, this is [`check_with`].
pub fn check_played(
    spec: &BoardSpec,
    rules: &Rules,
    best: Option<&choice::Solution>,
    ctl: &Control,
) -> Checked {
    if spec.squares > MAX_SQUARES {
        return check_long(spec, rules, ctl);
    }
    let problems = spec.problems();
    let errors = written_errors(
        spec,
        rules,
        problems.iter().map(|p| problem(p, spec.squares)),
    );
    if !errors.is_empty() {
        return Checked {
            diagnostics: errors,
            skipped: None,
            winnability: None,
        };
    }
    let skipped = |e: LimitError| Checked {
        diagnostics: Vec::new(),
        skipped: Some(e.into()),
        winnability: None,
    };
    let tables = crate::board::cost(spec.squares, spec.jumps.len() as u64);
    // Looking for warnings holds a streak and two flags a square, and a
    // queue of squares to visit, beside the tables.
    let looking = limits::Estimate::new(
        spec.squares.saturating_mul(24),
        spec.squares.saturating_mul(16),
    );
    if let Err(e) = ctl.admit("checking the board", tables.and(looking)) {
        return skipped(e);
    }
    let board = match spec.build() {
        Ok(board) => board,
        Err(p) => {
            return Checked {
                diagnostics: vec![problem(&p, spec.squares)],
                skipped: None,
                winnability: None,
            };
        }
    };
    let game = match Game::new(board, rules.clone()) {
        Ok(game) => game,
        Err(e) => {
            return Checked {
                diagnostics: vec![game_error(&e)],
                skipped: None,
                winnability: None,
            };
        }
    };
    let (mut diagnostics, trap) = match warnings(&game, ctl) {
        Ok(found) => found,
        Err(e) => return skipped(e),
    };
    let mut skipped = None;
    let mut winnability = None;
    if game.declinable() {
        // The class depends on the play: none is given.
        match best {
            Some(best) => diagnostics.extend(best.never_taken.iter().map(never_taken)),
            None => match choice::solve_with(&game, &choice::Options::default(), ctl) {
                Ok(best) => diagnostics.extend(best.never_taken.iter().map(never_taken)),
                Err(e) => skipped = Some(Skipped::BestPlay(e)),
            },
        }
    } else {
        let (found, why) = winnability_of(trap, || {
            markov::never_finishes_with(&game, ctl).map(|p| (p, None))
        });
        winnability = Some(found);
        skipped = why.map(Skipped::TrapChance);
    }
    Checked {
        diagnostics,
        skipped,
        winnability,
    }
}

/// Where the pawn can be trapped: [`warnings`]'s finding, for
/// [`winnability_of`].
#[derive(Debug, Default)]
struct Trap {
    /// Whether the last square can be reached from the start.
    goal: bool,
    /// The trap squares, as runs.
    runs: Runs,
}

/// The winnability of a game whose trap is `trap`, with the chance of
/// falling into it from `never` (the chance that a game never ends) when
/// it is occasionally winnable, and why that chance is missing if it is.
fn winnability_of<E>(
    trap: Trap,
    never: impl FnOnce() -> Result<(f64, Option<f64>), E>,
) -> (Winnability, Option<E>) {
    let class = match (trap.goal, trap.runs.count) {
        (false, _) => Winnable::Never,
        (true, 0) => Winnable::Always,
        (true, _) => Winnable::Occasionally,
    };
    let (chance, chance_error, why) = match class {
        Winnable::Always => (Some(0.0), None, None),
        Winnable::Never => (Some(1.0), None, None),
        Winnable::Occasionally => match never() {
            Ok((p, error)) => (Some(p), error, None),
            Err(e) => (None, None, Some(e)),
        },
    };
    let found = Winnability {
        class,
        trap: trap.runs.runs,
        trap_squares: trap.runs.count,
        chance,
        chance_error,
    };
    (found, why)
}

/// The note for an optional jump the best play never takes.
fn never_taken(d: &choice::Declined) -> Diagnostic {
    let (from, to) = (d.jump.from, d.jump.to);
    let what = kind(from.into(), to.into());
    Diagnostic {
        severity: Severity::Note,
        code: "never-taken",
        message: format!(
            "the best play with a real die never takes the {what} {from}->{to}: from square {from} a game lasts {} more rolls on average staying there, {}",
            figure(d.stay, 2),
            if d.take.is_finite() {
                format!("{} taking the {what}", figure(d.take, 2))
            } else {
                format!("and may never end taking the {what}")
            },
        ),
        squares: vec![from.into(), to.into()],
    }
}

/// [`check_with`] for a board of any length, by the engine that keeps only
/// the squares near its jumps.
fn check_long(spec: &BoardSpec, rules: &Rules, ctl: &Control) -> Checked {
    let game = match playable_sparse(spec, rules.clone()) {
        Ok(game) => game,
        Err(refused) => {
            return Checked {
                diagnostics: refused.errors,
                skipped: None,
                winnability: None,
            };
        }
    };
    let (diagnostics, trap) = match long_warnings(&game, ctl) {
        Ok(found) => found,
        Err((diagnostics, why)) => {
            return Checked {
                diagnostics,
                skipped: Some(why),
                winnability: None,
            };
        }
    };
    // The engine for boards of any length takes every jump: with jumps
    // that may be declined, the class depends on the play.
    let optional = game.rules().optional;
    let declinable = !optional.is_none()
        && game.board().jumps().any(|j| {
            // Which jumps may be declined depends only on their direction:
            // asked with squares 0 and 1 that go the same way.
            optional.covers(u32::from(j.to < j.from), u32::from(j.to > j.from))
        });
    if declinable {
        return Checked {
            diagnostics,
            skipped: None,
            winnability: None,
        };
    }
    let (winnability, why) = winnability_of(trap, || {
        crate::sparse::markov::moments_with(&game, ctl).map(|m| (m.never, Some(m.never_error)))
    });
    Checked {
        diagnostics,
        skipped: why.map(Skipped::LongTrapChance),
        winnability: Some(winnability),
    }
}

/// How many trap squares the check of a board of over 2^30 squares lists
/// for its winnability.
const LONG_TRAPS_LISTED: usize = 10_000;

/// [`playable_choosing`] for the sparse engine, whose cost grows with the
/// jumps: the same errors, found by sorting the jumps instead of with a
/// bit a square, under its limits ([`crate::sparse::MAX_SPARSE_SQUARES`]
/// squares, [`crate::sparse::MAX_SPARSE_JUMPS`] jumps), and the game,
/// which takes every jump whatever [`Rules::optional`] says (a front end
/// that plays optional jumps plays them on the dense engine).
///
/// # Errors
///
/// [`Unplayable`], with every error of the board as written, or the circle
/// its jumps make under chaining.
pub fn playable_sparse(spec: &BoardSpec, rules: Rules) -> Result<SparseGame, Unplayable> {
    written_sparse(spec, &rules)?;
    sparse_game(spec, rules)
}

/// The diagnostic for one problem of a board of any length.
fn long_problem(p: &SparseBoardError, squares: u64) -> Diagnostic {
    let code = match p {
        SparseBoardError::Board(p) => return problem(p, squares),
        SparseBoardError::TooLong(_) => "too-many-squares",
        _ => "too-many-jumps",
    };
    Diagnostic {
        severity: Severity::Error,
        code,
        message: p.to_string(),
        squares: Vec::new(),
    }
}

/// The warnings about a playable game of any length and its trap, or the
/// warnings found and why the rest were not looked for.
fn long_warnings(
    game: &SparseGame,
    ctl: &Control,
) -> Result<(Vec<Diagnostic>, Trap), (Vec<Diagnostic>, Skipped)> {
    let rules = game.rules();
    let board = game.board();
    let mut ends = Vec::new();
    if !rules.chain {
        for jump in board.jumps() {
            if let Some(next) = board.jump(jump.to) {
                ends.push(ends_on_jump((jump.from, jump.to), next));
            }
        }
    }
    let reach = match crate::sparse::reach::reach(game, LONG_TRAPS_LISTED, ctl) {
        Ok(reach) => reach,
        Err(e) => return Err((ends, e.into())),
    };
    let mut found: Vec<Diagnostic> = board
        .jumps()
        .zip(&reach.landed)
        .filter(|&(_, &landed)| !landed)
        .map(|(jump, _)| never_landed((jump.from, jump.to), rules))
        .collect();
    found.append(&mut ends);
    if !reach.goal {
        found.push(goal_unreachable(game.goal(), rules));
    } else if reach.trapped_count > 0 {
        let listed = &reach.trapped[..reach.trapped.len().min(TRAPS_LISTED)];
        found.push(trap(listed, reach.trapped_count, game.goal()));
    }
    let mut runs = Runs::default();
    reach.trapped.iter().for_each(|&s| runs.push(s));
    runs.count = reach.trapped_count;
    Ok((
        found,
        Trap {
            goal: reach.goal,
            runs,
        },
    ))
}

/// The diagnostic for a circle of chained jumps: `message` from the game's
/// error, the squares of the circle.
fn cycle(message: String, squares: Vec<u64>) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        code: "cycle",
        message,
        squares,
    }
}

/// The diagnostic for a snake from `from` to square 0 while the pawn
/// starts on square 1: `message` from the game's error.
fn to_square0(message: String, from: u64) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        code: "to-square-0",
        message,
        squares: vec![from],
    }
}

/// The errors of `spec` as written, played under `rules`: `problems` (its
/// [`BoardSpec::problems`], as diagnostics), then a `to-square-0` error for
/// each snake to square 0, where it was written, when the pawn starts on
/// square 1. Both are found from the jumps alone, on a board of any length.
fn written_errors(
    spec: &BoardSpec,
    rules: &Rules,
    problems: impl Iterator<Item = Diagnostic>,
) -> Vec<Diagnostic> {
    let mut errors: Vec<Diagnostic> = problems.collect();
    if rules.start.position() != 0 && spec.jumps.pairs().any(|(_, to)| to == 0) {
        // A jump from off the board or from the last square has its own
        // problem already.
        errors.extend(
            spec.jumps
                .iter()
                .filter(|j| j.to == 0 && (1..spec.squares).contains(&j.from))
                .map(|j| {
                    // The words of the game's error, for a board of any
                    // length.
                    let e = SparseGameError::ToSquare0 { from: j.from };
                    to_square0(format!("{}: {e}", j.origin), j.from)
                }),
        );
    }
    errors
}

/// The diagnostic for an error of a game of the dense engines.
fn game_error(e: &GameError) -> Diagnostic {
    match e {
        GameError::Cycle { squares } => cycle(
            e.to_string(),
            squares.iter().map(|&s| u64::from(s)).collect(),
        ),
        GameError::ToSquare0 { from } => to_square0(e.to_string(), u64::from(*from)),
    }
}

/// "ladder" or "snake", for a jump `from -> to`.
fn kind(from: u64, to: u64) -> &'static str {
    if to > from { "ladder" } else { "snake" }
}

/// The warning for a jump no roll lands on.
fn never_landed((from, to): (u64, u64), rules: &Rules) -> Diagnostic {
    let start = match rules.start.position() {
        0 => "the start off the board",
        _ => "square 1",
    };
    Diagnostic {
        severity: Severity::Warning,
        code: "never-landed",
        message: format!(
            "the {} {from}->{to} is never taken: no rolls from {start} land on square {from}; move it or remove it",
            kind(from, to)
        ),
        squares: vec![from],
    }
}

/// The warning for the jump `from -> to` that ends where another starts,
/// to lead on to `next`, while chaining is off.
fn ends_on_jump((from, to): (u64, u64), next: u64) -> Diagnostic {
    Diagnostic {
        severity: Severity::Warning,
        code: "ends-on-jump",
        message: format!(
            "the {} {from}->{to} ends on square {to}, where the {} {to}->{next} starts; the pawn stops there and does not take the next jump; use --chain to follow it",
            kind(from, to),
            kind(to, next)
        ),
        squares: vec![from, to],
    }
}

/// The warning for a last square that cannot be reached.
fn goal_unreachable(goal: u64, rules: &Rules) -> Diagnostic {
    Diagnostic {
        severity: Severity::Warning,
        code: "goal-unreachable",
        message: format!(
            "the last square ({goal}) cannot be reached from the start under these rules ({} die, {} finish); move the snakes that trap the pawn or change the rules",
            rules.die, rules.finish
        ),
        squares: vec![goal],
    }
}

/// A board that cannot be played under its rules, with every error about
/// it, as [`check`] lists them: what [`playable`] refuses it with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unplayable {
    /// The errors, in input order; never empty. A circle of chained jumps
    /// is found only on a board with no other error.
    pub errors: Vec<Diagnostic>,
}

impl fmt::Display for Unplayable {
    /// The first error's message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.errors.first() {
            Some(first) => f.write_str(&first.message),
            None => f.write_str("the board cannot be played"),
        }
    }
}

impl std::error::Error for Unplayable {}

/// The game of a board as read, under `rules`: the one way every front end
/// turns what it read into something to analyse. Nothing but the errors is
/// looked for; [`check`] finds the warnings too.
///
/// # Errors
///
/// [`Unplayable`], with every error of the board as written, or the circle
/// its jumps make under chaining.
///
/// # Examples
///
/// ```
/// use snl::check;
/// use snl::input::{self, ParseOptions};
///
/// let parsed = input::parse(br#"{"squares": 10, "ladders": [[2, 12], [3, 3]]}"#,
///     &ParseOptions::default())?;
/// let refused = check::playable(&parsed.spec, parsed.rules.rules()).unwrap_err();
/// assert_eq!(refused.errors.len(), 2);
/// assert_eq!(refused.to_string(), refused.errors[0].message);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A game whose jumps may be declined ([`Rules::optional`]) is refused
/// too, with the code `optional-unplayed`: only [`crate::choice`] plays
/// that choice, and a front end that runs it asks for the game with
/// [`playable_choosing`] instead.
pub fn playable(spec: &BoardSpec, rules: Rules) -> Result<Game, Unplayable> {
    let optional = rules.optional;
    let game = playable_choosing(spec, rules)?;
    if optional.is_none() {
        return Ok(game);
    }
    Err(optional_unplayed(optional))
}

/// The refusal of a game whose jumps may be declined (`optional`) by an
/// analysis that takes every jump, as [`playable`] gives it: the code
/// `optional-unplayed`.
pub fn optional_unplayed(optional: Optional) -> Unplayable {
    let what = match optional {
        Optional::Ladders => "ladders",
        Optional::Snakes => "snakes",
        _ => "jumps",
    };
    Unplayable {
        errors: vec![Diagnostic {
            severity: Severity::Error,
            code: "optional-unplayed",
            message: format!(
                "the rules let a player decline {what} (`optional: {optional}`), a choice only the best play with a real die (the expected length) makes; set `optional` to `none` for this analysis"
            ),
            squares: Vec::new(),
        }],
    }
}

/// [`playable`] for a front end that plays optional jumps (by
/// [`crate::choice`]): the same errors, and the game whatever its
/// [`Rules::optional`].
///
/// # Errors
///
/// As [`playable`], but for `optional-unplayed`.
pub fn playable_choosing(spec: &BoardSpec, rules: Rules) -> Result<Game, Unplayable> {
    written_dense(spec, &rules)?;
    dense_game(spec, rules)
}

/// The errors of the board as written under `rules`, as the engine that
/// holds its size finds them: the dense engine's problems on boards of up
/// to [`MAX_SQUARES`] squares (one pass over the jumps where their form
/// allows, a bit a square otherwise), the sparse engine's past them
/// (sorting the jumps); and snakes to square 0 under a start on square 1.
/// Not a circle of chained jumps, which only building a game finds
/// ([`dense_game`], [`sparse_game`]).
///
/// # Errors
///
/// [`Unplayable`], with every error found.
pub fn written(spec: &BoardSpec, rules: &Rules) -> Result<(), Unplayable> {
    if spec.squares > MAX_SQUARES {
        written_sparse(spec, rules)
    } else {
        written_dense(spec, rules)
    }
}

/// [`written`] by the dense engine's checks.
fn written_dense(spec: &BoardSpec, rules: &Rules) -> Result<(), Unplayable> {
    let errors = written_errors(
        spec,
        rules,
        spec.problems().iter().map(|p| problem(p, spec.squares)),
    );
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Unplayable { errors })
    }
}

/// [`written`] by the sparse engine's checks, under its limits.
fn written_sparse(spec: &BoardSpec, rules: &Rules) -> Result<(), Unplayable> {
    let problems = SparseBoard::problems(spec);
    let errors = written_errors(
        spec,
        rules,
        problems.iter().map(|p| long_problem(p, spec.squares)),
    );
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Unplayable { errors })
    }
}

/// The dense engine's game of a board [`written`] finds no error in, of up
/// to [`MAX_SQUARES`] squares.
///
/// # Errors
///
/// [`Unplayable`] with the circle the jumps make under chaining.
///
/// # Panics
///
/// On a board with problems, or longer than the dense engine holds.
pub fn dense_game(spec: &BoardSpec, rules: Rules) -> Result<Game, Unplayable> {
    Game::new(spec.build_checked(), rules).map_err(|e| Unplayable {
        errors: vec![game_error(&e)],
    })
}

/// The sparse engine's game of a board [`written`] finds no error in.
///
/// # Errors
///
/// [`Unplayable`] with the circle the jumps make under chaining.
pub fn sparse_game(spec: &BoardSpec, rules: Rules) -> Result<SparseGame, Unplayable> {
    SparseGame::new(SparseBoard::build_checked(spec), rules).map_err(|e| Unplayable {
        errors: vec![match &e {
            SparseGameError::Cycle { squares } => cycle(e.to_string(), squares.clone()),
            SparseGameError::ToSquare0 { from } => to_square0(e.to_string(), *from),
        }],
    })
}

/// The diagnostic for one problem of a spec.
fn problem(p: &BoardError, squares: u64) -> Diagnostic {
    let on_board = |s: &[u64]| -> Vec<u64> {
        s.iter()
            .copied()
            .filter(|s| (1..=squares).contains(s))
            .collect()
    };
    let (code, squares) = match p {
        BoardError::NoSquares => ("no-squares", vec![]),
        BoardError::TooManySquares(_) => ("too-many-squares", vec![]),
        BoardError::OffBoard { from, to, .. } => ("off-board", on_board(&[*from, *to])),
        BoardError::NoMove { square, .. } => ("no-move", on_board(&[*square])),
        BoardError::WrongDirection { from, to, .. } => ("wrong-direction", on_board(&[*from, *to])),
        BoardError::FromLast { square, .. } => ("from-last", on_board(&[*square])),
        BoardError::TwoJumps { square, .. } => ("two-jumps", on_board(&[*square])),
    };
    Diagnostic {
        severity: Severity::Error,
        code,
        message: p.to_string(),
        squares,
    }
}

/// The warnings about a playable game, and its trap.
fn warnings(game: &Game, ctl: &Control) -> Result<(Vec<Diagnostic>, Trap), LimitError> {
    let board = game.board();
    let rules = game.rules();
    let goal = game.goal();
    let (landed, reached) = landings(game, ctl)?;
    let mut found = Vec::new();
    for jump in board.jumps() {
        if !landed[jump.from as usize] {
            found.push(never_landed((jump.from.into(), jump.to.into()), rules));
        }
    }
    if !rules.chain {
        for jump in board.jumps() {
            if let Some(next) = board.jump(jump.to) {
                found.push(ends_on_jump(
                    (jump.from.into(), jump.to.into()),
                    next.into(),
                ));
            }
        }
    }
    let (trap, listed) = traps(game, &reached, ctl)?;
    if !trap.goal {
        found.push(goal_unreachable(goal.into(), rules));
    } else if trap.runs.count > 0 {
        found.push(self::trap(&listed, trap.runs.count, goal.into()));
    }
    Ok((found, trap))
}

/// The most trap squares a warning lists by number.
const TRAPS_LISTED: usize = 10;

/// The squares the pawn can come to rest on, from the start, but from
/// which no rolls lead to the last square (with a real die the pawn gets
/// there sooner or later with some chance and the game never ends), and
/// the first [`TRAPS_LISTED`] of them. When the last square cannot be
/// reached from the start, that is every square the pawn can rest on.
///
/// Worked backwards from the last square: a square can reach it when some
/// roll from it does. A square's predecessors are found from arithmetic
/// (the squares a roll before it, when no jump starts on it), the jumps
/// that lead to it, and the squares near the end where the finish rule
/// decides the landing, so no table of moves is built.
fn traps(game: &Game, reached: &[bool], ctl: &Control) -> Result<(Trap, Vec<u64>), LimitError> {
    let goal = game.goal();
    let reaches_goal = reached[goal as usize];
    // Under a bonus limit every position can be sent back to the start,
    // from which the last square can be reached, or not: then nothing
    // traps, or everything does.
    let live = if game.rules().bonus.is_some_and(|b| b.limit.is_some()) {
        limits::vec_of_with(
            game.positions(),
            reaches_goal,
            "the table of squares that can finish",
            &ctl.cancel,
        )?
    } else {
        can_finish(game, ctl)?
    };
    let mut runs = Runs::default();
    for (c, (reached, live)) in reached
        .chunks(limits::FILL_CHUNK)
        .zip(live.chunks(limits::FILL_CHUNK))
        .enumerate()
    {
        let base = c * limits::FILL_CHUNK;
        (0..reached.len())
            .filter(|&i| reached[i] && !live[i])
            .map(|i| (base + i) as u64)
            .filter(|&p| p != u64::from(goal))
            .for_each(|p| runs.push(p));
        ctl.cancel.check_chunk(base + reached.len() - 1)?;
    }
    let mut listed = Vec::new();
    'runs: for &(a, b) in &runs.runs {
        for s in a..=b {
            if listed.len() == TRAPS_LISTED {
                break 'runs;
            }
            listed.push(s);
        }
    }
    let trap = Trap {
        goal: reaches_goal,
        runs,
    };
    Ok((trap, listed))
}

/// For each position, whether some rolls from it lead to the last square.
fn can_finish(game: &Game, ctl: &Control) -> Result<Vec<bool>, LimitError> {
    let goal = game.goal();
    let rolls: Vec<u32> = game.rules().die.values().collect();
    let max = game.rules().die.max();
    let mut jumps_to: Vec<(u32, u32)> = game
        .board()
        .jumps()
        .map(|j| (game.rest(j.from), j.from))
        .collect();
    jumps_to.sort_unstable();
    // Which squares some jump leads to rest on, to skip the search of the
    // list for all the others (most of the time it took on long boards).
    let mut ends = limits::vec_of_with(
        game.positions().div_ceil(64),
        0u64,
        "the table of squares jumps lead to",
        &ctl.cancel,
    )?;
    for &(to, _) in &jumps_to {
        ends[to as usize / 64] |= 1 << (to % 64);
    }
    let mut live = limits::vec_of_with(
        game.positions(),
        false,
        "the table of squares that can finish",
        &ctl.cancel,
    )?;
    live[goal as usize] = true;
    let mut stack = vec![goal];
    let mut meter = ctl.meter();
    while let Some(v) = stack.pop() {
        meter.add(rolls.len() as u64 * 2)?;
        let first = if ends[v as usize / 64] & (1 << (v % 64)) == 0 {
            jumps_to.len()
        } else {
            jumps_to.partition_point(|&(to, _)| to < v)
        };
        let landings = jumps_to[first..]
            .iter()
            .take_while(|&&(to, _)| to == v)
            .map(|&(_, s)| s)
            .chain(game.board().jump(v).is_none().then_some(v));
        // A roll of r from s - r lands on s under every finish rule (s is on
        // the board), and every s here rests on v: no need to play it.
        let before =
            landings.flat_map(|s| rolls.iter().filter(move |&&r| r <= s).map(move |&r| s - r));
        for u in before {
            if !live[u as usize] {
                live[u as usize] = true;
                stack.push(u);
            }
        }
        // Near the end the finish rule decides where a roll lands.
        for u in goal.saturating_sub(max)..goal {
            if !live[u as usize] && rolls.iter().any(|&r| game.next(u, r) == v) {
                live[u as usize] = true;
                stack.push(u);
            }
        }
    }
    Ok(live)
}

/// The warning for `count` squares the pawn can be trapped on, of which
/// `listed` are the first.
fn trap(listed: &[u64], count: u64, goal: u64) -> Diagnostic {
    let named: Vec<String> = listed
        .iter()
        .take(TRAPS_LISTED)
        .map(|p| {
            if *p == 0 {
                "0 (off the board)".to_string()
            } else {
                p.to_string()
            }
        })
        .collect();
    let more = count.saturating_sub(named.len() as u64);
    let squares = if count == 1 {
        format!("square {}", named[0])
    } else {
        format!(
            "squares {}{}",
            named.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        )
    };
    Diagnostic {
        severity: Severity::Warning,
        code: "trap",
        message: format!(
            "the pawn can be trapped: it can come to rest on {squares}, from which no rolls reach the last square ({goal}), so with a real die a game may never end; move the snakes that lead there or change the rules"
        ),
        squares: listed.iter().take(TRAPS_LISTED).copied().collect(),
    }
}

/// Which squares some sequence of rolls from the start lands on (jumps
/// passed through by chaining count as landed on: they are taken), and
/// which positions a pawn can come to rest on.
///
/// Rolls are played by [`Game::play`], so a bonus limit counts: the top
/// value that would complete the streak sends the pawn back instead of
/// moving it. A pawn standing on a square with a shorter streak can do all
/// that one with a longer streak can, so the search keeps the shortest
/// streak found for each position and takes pawns in order of streak; a
/// position is then taken at most twice (its first streak, and 0), and the
/// search stays linear in the board whatever the limit.
fn landings(game: &Game, ctl: &Control) -> Result<(Vec<bool>, Vec<bool>), LimitError> {
    let positions = game.positions();
    let mut landed = limits::vec_of_with(
        positions,
        false,
        "the table of squares landed on",
        &ctl.cancel,
    )?;
    let mut streak = limits::vec_of_with(
        positions,
        u32::MAX,
        "the table of squares reached",
        &ctl.cancel,
    )?;
    let mut meter = ctl.meter();
    let start = game.start();
    streak[start as usize] = 0;
    let mut pending = Pending::new(game.streaks() == 1, start);
    let rolls: Vec<u32> = game.rules().die.values().collect();
    while let Some((streak_here, u)) = pending.pop() {
        if streak_here > streak[u as usize] {
            continue;
        }
        meter.add(rolls.len() as u64 * 2)?;
        for &r in &rolls {
            let played = game.play(
                Pawn {
                    at: u,
                    streak: streak_here,
                },
                r,
            );
            if let Some(m) = played.moved
                && !landed[m.land as usize]
            {
                landed[m.land as usize] = true;
                // Under chaining, the pawn passes through every jump start
                // of the chain. A square already marked had its chain
                // marked too, so the walk stops there and stays linear over
                // the whole search.
                for s in game.jumps_taken(m.land).skip(1) {
                    if std::mem::replace(&mut landed[s as usize], true) {
                        break;
                    }
                }
            }
            let Pawn { at, streak: t } = played.pawn;
            if t < streak[at as usize] {
                streak[at as usize] = t;
                pending.push(t, at);
            }
        }
    }
    let reached = limits::collect_with(
        positions,
        streak.iter().map(|&s| s != u32::MAX),
        "the table of squares reached",
        &ctl.cancel,
    )?;
    Ok((landed, reached))
}

/// The pawns [`landings`] has still to move, as (streak, square), taken
/// shortest streak first. Without the bonus rule every streak is 0 and
/// any order will do: a stack then costs less than the heap (the heap took
/// a seventh of the check of a 10^7-square board).
enum Pending {
    Stack(Vec<u32>),
    Heap(BinaryHeap<Reverse<(u32, u32)>>),
}

impl Pending {
    fn new(plain: bool, start: u32) -> Pending {
        if plain {
            Pending::Stack(vec![start])
        } else {
            Pending::Heap(BinaryHeap::from([Reverse((0, start))]))
        }
    }

    fn push(&mut self, streak: u32, at: u32) {
        match self {
            Pending::Stack(stack) => stack.push(at),
            Pending::Heap(heap) => heap.push(Reverse((streak, at))),
        }
    }

    fn pop(&mut self) -> Option<(u32, u32)> {
        match self {
            Pending::Stack(stack) => stack.pop().map(|at| (0, at)),
            Pending::Heap(heap) => heap.pop().map(|Reverse(next)| next),
        }
    }
}

#[cfg(test)]
mod tests;
