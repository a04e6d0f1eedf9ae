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
//! two jumps from one square) parses into a [`BoardSpec`](crate::board::BoardSpec) whose
//! [`BoardSpec::problems`](crate::board::BoardSpec::problems) report every fault at once, against the place in
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
//! assert_eq!(input::to_moves(&board)?[5], 45);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// "LeetCode" is a name, not code: it stays out of backticks in these docs.
#![allow(clippy::doc_markdown)]

use std::io;

use crate::board::Board;
use crate::rules::Rules;

mod fast;
pub(crate) mod grid;
mod json;
mod moves;
mod object;
mod pairs;
mod parsed;
mod read_at;
mod rules_object;
mod text;
mod values;

pub use parsed::{
    DEFAULT_TEXT_SQUARES, Format, ParseError, ParseOptions, ParsedBoard, RulesPatch, UnknownFormat,
    WriteError,
};

pub use grid::{GridReading, from_grid, from_grid_read, to_grid, to_grid_json};
pub use moves::{to_moves, to_moves_json};
pub use pairs::{spec_to_pairs_json, to_named_pairs_json, to_pairs_json};
pub use read_at::ReadAt;
pub use text::{spec_to_pairs_text, to_pairs_text};

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

/// Inputs at least this long are read a piece at a time by [`parse_at`];
/// shorter ones whole. The tests read every input but an empty one in
/// pieces.
const PIECES_ABOVE: u64 = if cfg!(test) { 1 } else { 1 << 20 };

/// [`parse`] of input read a piece at a time: the same board, and the same
/// errors. A long JSON board (a moves array, a grid, an object) is read by
/// the fast readers from a window of the input that moves along it, so
/// that a file of tens of megabytes is never held whole; any other input,
/// and any the fast readers leave to the plain ones, is read whole first.
///
/// # Errors
///
/// As [`parse`], and [`ParseError::Io`] when the input cannot be read.
///
/// # Examples
///
/// ```
/// use snl::input::{self, ParseOptions};
///
/// let text: &[u8] = b"[-1, 18, -1, -1, -1, -1, -1, -1, 2, -1, -1, 15, -1, -1, -1, -1, -1, -1, -1, -1]";
/// let parsed = input::parse_at(&text, &ParseOptions::default())?;
/// assert_eq!(parsed, input::parse(text, &ParseOptions::default())?);
/// assert_eq!(parsed.spec.build()?.jump(2), Some(19));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_at(src: &dyn ReadAt, options: &ParseOptions) -> Result<ParsedBoard, ParseError> {
    if src.size() >= PIECES_ABOVE
        && let Some(parsed) = in_pieces(src, options)
    {
        return parsed;
    }
    let bytes = read_all(src).map_err(|source| ParseError::Io { source })?;
    parse(&bytes, options)
}

/// A JSON board read a piece at a time by the fast readers, the form found
/// as [`parse`] finds it; `None` when it is not JSON or they give up.
fn in_pieces(src: &dyn ReadAt, options: &ParseOptions) -> Option<Result<ParsedBoard, ParseError>> {
    let mut head = [0u8; 256];
    let mut len = 0;
    while len < head.len() {
        match src.read_at(&mut head[len..], len as u64) {
            Ok(0) | Err(_) => break,
            Ok(n) => len += n,
        }
    }
    let head = &head[..len];
    let first = |from: usize| {
        (from..head.len()).find(|&i| !matches!(head[i], b' ' | b'\n' | b'\r' | b'\t'))
    };
    let start = if head.starts_with(BOM) { BOM.len() } else { 0 };
    let at = first(start)?;
    // A `[` with nothing after it in the head is left to the whole read.
    let next = || Some(head[first(at + 1)?]);
    if head[at] == b'[' && next().is_none() {
        return None;
    }
    // The form asked for against the form found, as in `parse_by`.
    let (array, wanted) = match (options.format, Shape::of(head[at], next)) {
        (Some(Format::PairsText), _) | (None, Shape::Text) => {
            // Pairs text is read from its first line, blank lines and all.
            let jumps = fast::pairs_text_at(src, start as u64)?;
            let squares = options.squares.unwrap_or(DEFAULT_TEXT_SQUARES);
            return Some(Ok(text::board(squares, jumps)));
        }
        (wanted, Shape::Object) => (None, wanted),
        (Some(Format::Grid), Shape::Array(_)) | (None, Shape::Array(Format::Grid)) => {
            (Some(Format::Grid), None)
        }
        (Some(Format::Moves) | None, Shape::Array(_)) => (Some(Format::Moves), None),
        _ => return None,
    };
    json::fast_at(src, at as u64, array, wanted)
}

/// All of `src`, to its end (which may have moved since its size was
/// known).
fn read_all(src: &dyn ReadAt) -> io::Result<Vec<u8>> {
    let mut bytes = vec![0; usize::try_from(src.size()).unwrap_or(0)];
    let mut filled = 0;
    loop {
        if filled == bytes.len() {
            bytes.resize(filled * 2 + 4096, 0);
        }
        match src.read_at(&mut bytes[filled..], filled as u64) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.truncate(filled);
    Ok(bytes)
}

/// The UTF-8 byte order mark, which an input may start with.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// [`parse`], with the fast readers for long lists of numbers when `fast`
/// (see the `fast` module) or with the plain readers alone.
fn parse_by(input: &[u8], options: &ParseOptions, fast: bool) -> Result<ParsedBoard, ParseError> {
    let input = input.strip_prefix(BOM).unwrap_or(input);
    let text = std::str::from_utf8(input).map_err(|e| {
        let (line, column) = line_column(&input[..e.valid_up_to()]);
        ParseError::NotUtf8 { line, column }
    })?;
    let Some(first) = text.find(|c: char| !c.is_whitespace()) else {
        return Err(ParseError::Empty);
    };
    let rest = &text[first..];
    let shape = Shape::of(rest.as_bytes()[0], || {
        rest[1..].trim_start().as_bytes().first().copied()
    });
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
/// (every JSON form; pairs text holds none).
///
/// # Errors
///
/// [`WriteError`] for a board the form cannot hold: a grid of a board
/// whose size is not a perfect square, and a snake to square 0 (off the
/// board) in the grid or moves form; the pairs forms hold every board.
pub fn write(board: &Board, rules: Option<&Rules>, format: Format) -> Result<String, WriteError> {
    match format {
        Format::Grid => to_grid_json(board, rules),
        Format::Moves => to_moves_json(board, rules),
        Format::Pairs => Ok(to_pairs_json(board, rules)),
        Format::PairsText => Ok(to_pairs_text(board)),
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

impl Shape {
    /// The shape of an input whose first character other than whitespace
    /// is `first`; after a `[`, `next` gives the next one (`None` at the
    /// end).
    fn of(first: u8, next: impl FnOnce() -> Option<u8>) -> Shape {
        match first {
            b'[' => match next() {
                Some(b'[') => Shape::Array(Format::Grid),
                _ => Shape::Array(Format::Moves),
            },
            b'{' => Shape::Object,
            b'0'..=b'9' => Shape::Text,
            _ => Shape::Unknown,
        }
    }
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
    use crate::rules::{Bonus, Die, Finish, Start};

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
