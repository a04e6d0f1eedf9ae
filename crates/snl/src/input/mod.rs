//! Reading boards from the forms people write them in, and writing them back.
//!
//! Four forms are understood, each named by a [`Format`]:
//!
//! - **grid**: LeetCode 909's N×N JSON grid. Squares are numbered from the
//!   bottom-left corner in the winding (boustrophedon) order; a cell holds
//!   `-1` for no jump or the 1-based square the jump leads to. A bare grid
//!   `[[...]]` or an object `{"grid": [[...]], "rules": {...}}`.
//! - **moves**: a 0-based jump array, `-1` for no jump: a bare array
//!   `[-1, 18, ...]` or an object `{"n": 20, "moves": [...]}`.
//! - **pairs**: snl's own board file, 1-based ladder and snake pairs:
//!   `{"squares": 100, "ladders": [[14, 28]], "snakes": [[99, 25]],
//!   "rules": {...}, "name": "..."}`.
//! - **pairs-text**: a ladder count and that many pairs, then a snake count
//!   and that many pairs, separated by whitespace:
//!   `4 6 46 19 43 52 71 57 98` / `3 47 9 62 40 96 75`.
//!
//! Every JSON object may carry `"rules"` (`faces` or `die`, `finish`,
//! `chain`, `start`, `bonus`, `bonus_limit`) and `"name"`. [`parse`] detects
//! the form unless one is asked for.
//!
//! Reading and checking are separate steps. A parse error means the input is
//! not a board in any form (bad JSON, a wrong shape, a count that does not
//! match); a board that is well formed but unplayable (a jump off the board,
//! two jumps from one square) parses into a [`BoardSpec`] whose
//! [`BoardSpec::problems`] report every fault at once, against the place in
//! the input it was written.
//!
//! ```
//! use snl::input::{self, Format, ParseOptions};
//!
//! let text = b"4 6 46 19 43 52 71 57 98\n3 47 9 62 40 96 75";
//! let parsed = input::parse(text, &ParseOptions::default())?;
//! assert_eq!(parsed.format, Format::PairsText);
//! let board = parsed.spec.build()?;
//! assert_eq!(board.jump(6), Some(46));
//! assert_eq!(input::to_moves(&board)[5], 45);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// "LeetCode" is a name, not code: it stays out of backticks in these docs.
#![allow(clippy::doc_markdown)]

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, BoardSpec};
use crate::rules::{Bonus, Die, Finish, Optional, Rules, Start};
use crate::words::plural;

mod fast;
pub(crate) mod grid;
mod json;
mod moves;
mod pairs;
mod rules_object;
mod text;
mod values;

pub use grid::{GridReading, from_grid, from_grid_read, to_grid, to_grid_json};
pub use moves::{to_moves, to_moves_json};
pub use pairs::{to_named_pairs_json, to_pairs_json};
pub use text::to_pairs_text;

/// A form a board can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// LeetCode 909's N×N grid.
    Grid,
    /// A 0-based jump array.
    Moves,
    /// snl's JSON board file with 1-based ladder and snake pairs.
    Pairs,
    /// Plain text: ladder count and pairs, snake count and pairs.
    PairsText,
}

impl Format {
    /// Every form, in the order they are listed to people.
    pub const ALL: [Format; 4] = [
        Format::Grid,
        Format::Moves,
        Format::Pairs,
        Format::PairsText,
    ];

    /// The form's name, as [`Display`](fmt::Display) writes it and
    /// [`FromStr`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Grid => "grid",
            Format::Moves => "moves",
            Format::Pairs => "pairs",
            Format::PairsText => "pairs-text",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

/// A name that is not one of the [`Format`]s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a board form: use grid, moves, pairs or pairs-text")]
pub struct UnknownFormat(pub String);

/// Rules given by a board file: each is `None` where the file says nothing.
///
/// A file's rules are laid over other rules (the defaults, or what the
/// command line says) with [`RulesPatch::apply`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct RulesPatch {
    /// The die (`faces` or `die`).
    pub die: Option<Die>,
    /// The finish rule.
    pub finish: Option<Finish>,
    /// Whether jumps chain.
    pub chain: Option<bool>,
    /// Where the pawn starts.
    pub start: Option<Start>,
    /// Bonus rolls (`bonus`, `bonus_limit`): `Some(None)` turns them off.
    pub bonus: Option<Option<Bonus>>,
    /// The jumps a player may decline (`optional`).
    pub optional: Option<Optional>,
}

impl RulesPatch {
    /// A patch that sets every rule to its value in `rules`.
    pub fn from_rules(rules: &Rules) -> RulesPatch {
        RulesPatch {
            die: Some(rules.die.clone()),
            finish: Some(rules.finish),
            chain: Some(rules.chain),
            start: Some(rules.start),
            bonus: Some(rules.bonus),
            optional: Some(rules.optional),
        }
    }

    /// Sets in `rules` every rule this patch gives.
    pub fn apply(&self, rules: &mut Rules) {
        if let Some(die) = &self.die {
            rules.die = die.clone();
        }
        if let Some(finish) = self.finish {
            rules.finish = finish;
        }
        if let Some(chain) = self.chain {
            rules.chain = chain;
        }
        if let Some(start) = self.start {
            rules.start = start;
        }
        if let Some(bonus) = self.bonus {
            rules.bonus = bonus;
        }
        if let Some(optional) = self.optional {
            rules.optional = optional;
        }
    }

    /// The default rules with this patch applied.
    pub fn rules(&self) -> Rules {
        let mut rules = Rules::default();
        self.apply(&mut rules);
        rules
    }

    /// Whether the patch gives no rule at all.
    pub fn is_empty(&self) -> bool {
        *self == RulesPatch::default()
    }
}

/// A board as read from an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedBoard {
    /// The form it was written in.
    pub format: Format,
    /// The size and the jumps as written; check it with
    /// [`BoardSpec::problems`] or build it with [`BoardSpec::build`].
    pub spec: BoardSpec,
    /// The rules the file gives (none for pairs text).
    pub rules: RulesPatch,
    /// The board's name, when the file gives one.
    pub name: Option<String>,
}

/// How to read an input.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ParseOptions {
    /// The form to read; `None` detects it from the input.
    pub format: Option<Format>,
    /// The board size for pairs text, which does not say it (100 when
    /// `None`). The other forms give their size and ignore this.
    pub squares: Option<u64>,
}

/// The board size pairs text is read with unless [`ParseOptions::squares`]
/// says otherwise: the classic 10×10 board.
pub const DEFAULT_TEXT_SQUARES: u64 = 100;

/// How each form starts, for messages that have to say what was expected.
const FORMS: &str = "write a LeetCode grid `[[-1, ...], ...]`, a moves array `[-1, 18, ...]` or \
`{\"n\": 20, \"moves\": [...]}`, a pairs object `{\"squares\": 100, \"ladders\": [[14, 28]], \
\"snakes\": [[99, 25]]}`, or pairs text (a ladder count and its pairs, then a snake count and \
its pairs)";

/// An input that is not a board in the form it claims or appears to be.
///
/// Faults of a well-formed board (a jump off the board, two jumps from one
/// square) are not parse errors: see [`BoardSpec::problems`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Nothing but whitespace.
    #[error("the input is empty; {FORMS}")]
    Empty,
    /// Bytes that are not UTF-8.
    #[error("line {line}, column {column}: the input is not UTF-8 text; save it as UTF-8")]
    NotUtf8 {
        /// Line of the first bad byte, from 1.
        line: usize,
        /// Column, from 1, in characters.
        column: usize,
    },
    /// The first character starts none of the forms.
    #[error("line {line}, column {column}: a board cannot start with `{found}`; {FORMS}")]
    UnknownForm {
        /// Line, from 1.
        line: usize,
        /// Column, from 1, in characters.
        column: usize,
        /// The character found.
        found: char,
    },
    /// JSON that is malformed or has the wrong shape for a board.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// Line, from 1.
        line: usize,
        /// Column, from 1, in characters.
        column: usize,
        /// What is wrong, without the position.
        message: String,
        /// The JSON reader's error.
        #[source]
        source: serde_json::Error,
    },
    /// A JSON object with none of the board fields.
    #[error("the object holds no board; {FORMS}")]
    NoBoard,
    /// A JSON object with the fields of two forms.
    #[error(
        "the object mixes two forms: `{first}` belongs to the {first_form} form and `{second}` to the {second_form} form; keep the fields of one"
    )]
    MixedForms {
        /// A field of one form.
        first: &'static str,
        /// Its form.
        first_form: Format,
        /// A field of another form.
        second: &'static str,
        /// Its form.
        second_form: Format,
    },
    /// The input is in another form than the one asked for.
    #[error(
        "the input is written in the {found} form, but the {expected} form was asked for; ask for {found} or let the form be detected"
    )]
    WrongForm {
        /// The form asked for.
        expected: Format,
        /// The form the input appears to be in.
        found: Format,
    },
    /// `n` and the length of `moves` differ.
    #[error(
        "`n` is {n} but `moves` has {}; make `n` the length of `moves`",
        plural(*len as u64, "entry", "entries")
    )]
    MovesCount {
        /// The `n` given.
        n: u64,
        /// The length of `moves`.
        len: usize,
    },
    /// `n` without `moves`.
    #[error("the object gives `n` but no `moves`; add the 0-based moves array")]
    MissingMoves,
    /// A grid with no rows.
    #[error("the grid has no rows; a LeetCode grid is N rows of N numbers")]
    EmptyGrid,
    /// A grid row whose length is not the number of rows.
    #[error(
        "grid row {row} has {} but the grid has {}; a LeetCode grid is N rows of N cells",
        plural(*len as u64, "cell", "cells"),
        plural(*rows as u64, "row", "rows")
    )]
    NotSquare {
        /// The row, from 0 at the top.
        row: usize,
        /// Its length.
        len: usize,
        /// The number of rows.
        rows: usize,
    },
    /// A grid cell below -1.
    #[error(
        "grid row {row}, column {col} (square {square}): {value} is not a destination; write -1 for no jump or a square from 1 to {squares}"
    )]
    BadCell {
        /// The row, from 0 at the top.
        row: usize,
        /// The column, from 0 at the left.
        col: usize,
        /// The square the cell stands for.
        square: u64,
        /// The value written.
        value: i64,
        /// The board size.
        squares: u64,
    },
    /// Pairs text that is not a ladder count, its pairs, a snake count and
    /// its pairs.
    #[error("line {line}, column {column}: {message}")]
    Text {
        /// Line, from 1.
        line: usize,
        /// Column, from 1, in characters.
        column: usize,
        /// What is wrong and how to fix it.
        message: String,
    },
}

/// Reads a board from `input`.
///
/// The form is `options.format`, or detected from the input: `[[` starts a
/// grid, `[` a moves array, `{` an object whose fields say its form (`grid`;
/// `n` and `moves`; `squares`, `ladders` and `snakes`), and a digit starts
/// pairs text. A UTF-8 byte order mark is skipped.
///
/// The input is read in one pass, keeping only the jumps: a moves array of
/// ten million entries takes no memory per plain square. Long lists of plain
/// whole numbers are read by a fast reader at several hundred megabytes a
/// second; anything it does not expect (every error among them) is read
/// again by the plain reader, so the board and the messages are the same.
///
/// # Errors
///
/// A [`ParseError`] for input that is not a board in any form; it says
/// where (line and column, grid row and column, list index) and what to
/// write instead.
///
/// # Examples
///
/// ```
/// use snl::input::{self, Format, ParseOptions};
///
/// let parsed = input::parse(br#"{"n": 8, "moves": [-1, -1, 5, -1, -1, -1, -1, -1]}"#,
///     &ParseOptions::default())?;
/// assert_eq!(parsed.format, Format::Moves);
/// assert_eq!(parsed.spec.build()?.jump(3), Some(6));
///
/// let err = input::parse(b"{\"squares\": 10, \"ladderz\": []}", &ParseOptions::default())
///     .unwrap_err();
/// assert!(err.to_string().starts_with("line 1, column 25: unknown field `ladderz`"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(input: &[u8], options: &ParseOptions) -> Result<ParsedBoard, ParseError> {
    parse_by(input, options, true)
}

/// [`parse`], with the fast readers for long lists of numbers when `fast`
/// (see the `fast` module) or with the plain readers alone.
fn parse_by(input: &[u8], options: &ParseOptions, fast: bool) -> Result<ParsedBoard, ParseError> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let text = std::str::from_utf8(input).map_err(|e| {
        let (line, column) = line_column(&input[..e.valid_up_to()]);
        ParseError::NotUtf8 { line, column }
    })?;
    let Some(first) = text.find(|c: char| !c.is_whitespace()) else {
        return Err(ParseError::Empty);
    };
    let rest = &text[first..];
    let shape = match rest.as_bytes()[0] {
        b'[' => match rest[1..].trim_start().as_bytes().first() {
            Some(b'[') => Shape::Array(Format::Grid),
            _ => Shape::Array(Format::Moves),
        },
        b'{' => Shape::Object,
        b'0'..=b'9' => Shape::Text,
        _ => Shape::Unknown,
    };
    let squares = options.squares.unwrap_or(DEFAULT_TEXT_SQUARES);
    let unknown = || {
        let (line, column) = line_column(&text.as_bytes()[..first]);
        let found = rest.chars().next().unwrap_or(' ');
        ParseError::UnknownForm {
            line,
            column,
            found,
        }
    };
    match (options.format, shape) {
        (Some(Format::PairsText), _) | (None, Shape::Text) => text::parse(text, squares, fast),
        (_, Shape::Unknown) => Err(unknown()),
        (Some(expected), Shape::Text) => Err(ParseError::WrongForm {
            expected,
            found: Format::PairsText,
        }),
        (None, Shape::Object) => json::parse_object(text, None, fast),
        (Some(wanted), Shape::Object) => json::parse_object(text, Some(wanted), fast),
        (Some(Format::Grid), Shape::Array(_)) | (None, Shape::Array(Format::Grid)) => {
            json::parse_grid_array(text, fast)
        }
        (Some(Format::Moves) | None, Shape::Array(_)) => json::parse_moves_array(text, fast),
        (Some(expected), Shape::Array(found)) => Err(ParseError::WrongForm { expected, found }),
    }
}

/// Writes `board` in `format`, with `rules` where the form can hold them
/// (every JSON form; pairs text holds none). `None` for a grid of a board
/// whose size is not a perfect square.
pub fn write(board: &Board, rules: Option<&Rules>, format: Format) -> Option<String> {
    match format {
        Format::Grid => to_grid_json(board, rules),
        Format::Moves => Some(to_moves_json(board, rules)),
        Format::Pairs => Some(to_pairs_json(board, rules)),
        Format::PairsText => Some(to_pairs_text(board)),
    }
}

/// What the first characters of an input say it is.
#[derive(Debug, Clone, Copy)]
enum Shape {
    /// A JSON array; grid when it starts with `[[`.
    Array(Format),
    /// A JSON object.
    Object,
    /// Starts with a digit.
    Text,
    /// None of the above.
    Unknown,
}

/// The line and column (both from 1, the column in characters) just after
/// `before`.
fn line_column(before: &[u8]) -> (usize, usize) {
    let (mut line, mut column) = (1, 1);
    for &b in before {
        if b == b'\n' {
            line += 1;
            column = 1;
        } else if b & 0xC0 != 0x80 {
            // Continuation bytes do not start a character.
            column += 1;
        }
    }
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_names_round_trip() {
        for f in Format::ALL {
            assert_eq!(f.to_string().parse::<Format>().unwrap(), f);
        }
        assert_eq!(
            "xml".parse::<Format>().unwrap_err().to_string(),
            "`xml` is not a board form: use grid, moves, pairs or pairs-text"
        );
    }

    #[test]
    fn bonus_rules_are_read_and_written() {
        let read = |text: &str| parse(text.as_bytes(), &ParseOptions::default()).map(|p| p.rules);
        let limited = read(r#"{"squares": 10, "rules": {"bonus_limit": 3}}"#).unwrap();
        assert_eq!(limited.bonus, Some(Some(Bonus::with_limit(3).unwrap())));
        let on = read(r#"{"squares": 10, "rules": {"bonus": true}}"#).unwrap();
        assert_eq!(on.bonus, Some(Some(Bonus::unlimited())));
        let off = read(r#"{"squares": 10, "rules": {"bonus": false}}"#).unwrap();
        assert_eq!(off.bonus, Some(None));
        let both = read(r#"{"squares": 10, "rules": {"bonus": false, "bonus_limit": 2}}"#);
        assert!(both.unwrap_err().to_string().contains("remove one"));
        assert!(read(r#"{"squares": 10, "rules": {"bonus_limit": 0}}"#).is_err());
        let rules = Rules {
            bonus: Some(Bonus::with_limit(2).unwrap()),
            ..Rules::default()
        };
        let board = crate::Board::empty(10).unwrap();
        let text = to_pairs_json(&board, Some(&rules));
        assert!(
            text.contains(r#""bonus": true, "bonus_limit": 2"#),
            "{text}"
        );
        assert_eq!(read(&text).unwrap().rules(), rules);
    }

    #[test]
    fn patch_applies_over_rules() {
        let patch = RulesPatch {
            finish: Some(Finish::Bounce),
            start: Some(Start::OffBoard),
            ..RulesPatch::default()
        };
        let rules = patch.rules();
        assert_eq!(rules.finish, Finish::Bounce);
        assert_eq!(rules.start, Start::OffBoard);
        assert_eq!(rules.die, Die::default());
        assert!(!rules.chain);
        assert!(RulesPatch::default().is_empty());
        assert_eq!(RulesPatch::from_rules(&rules).rules(), rules);
    }

    #[test]
    fn detects_each_form() {
        let o = ParseOptions::default();
        let cases: [(&[u8], Format); 6] = [
            (b" [[-1, -1], [-1, -1]]", Format::Grid),
            (b"[ [-1, -1], [-1, -1]]", Format::Grid),
            (b"\n[-1, 3, -1, -1]", Format::Moves),
            (b"{\"n\": 1, \"moves\": [-1]}", Format::Moves),
            (b"{\"grid\": [[-1]]}", Format::Grid),
            (b"\xEF\xBB\xBF1 2 5 0", Format::PairsText),
        ];
        for (input, format) in cases {
            assert_eq!(parse(input, &o).unwrap().format, format, "{input:?}");
        }
        assert_eq!(
            parse(b"{\"squares\": 8}", &o).unwrap().format,
            Format::Pairs
        );
    }

    #[test]
    fn rejects_what_is_no_board() {
        let o = ParseOptions::default();
        assert!(matches!(parse(b" \n\t", &o), Err(ParseError::Empty)));
        assert!(matches!(parse(b"", &o), Err(ParseError::Empty)));
        let err = parse(b"\n  hello", &o).unwrap_err();
        assert!(
            err.to_string().starts_with(
                "line 2, column 3: a board cannot start with `h`; write a LeetCode grid"
            ),
            "{err}"
        );
        let err = parse(b"[-1,\n \xff]", &o).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 2: the input is not UTF-8 text; save it as UTF-8"
        );
    }

    #[test]
    fn asked_for_form_wins() {
        let grid = ParseOptions {
            format: Some(Format::Grid),
            ..ParseOptions::default()
        };
        assert!(matches!(parse(b"[]", &grid), Err(ParseError::EmptyGrid)));
        let pairs = ParseOptions {
            format: Some(Format::Pairs),
            ..ParseOptions::default()
        };
        assert_eq!(
            parse(b"[-1, -1]", &pairs).unwrap_err().to_string(),
            "the input is written in the moves form, but the pairs form was asked for; ask for moves or let the form be detected"
        );
        assert!(matches!(
            parse(b"1 2 3 0", &pairs),
            Err(ParseError::WrongForm {
                found: Format::PairsText,
                ..
            })
        ));
    }

    #[test]
    fn line_column_counts_characters() {
        assert_eq!(line_column(b""), (1, 1));
        assert_eq!(line_column(b"ab\ncd"), (2, 3));
        assert_eq!(line_column("é".as_bytes()), (1, 2));
    }
}
