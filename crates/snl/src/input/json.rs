//! The JSON side of reading: one pass over the text into a struct whose
//! fields are all optional, then a decision on the form from the fields that
//! are present.
//!
//! No `serde_json::Value` tree is built: the lists are read by visitors that
//! keep only the jumps, so a large board costs memory for its jumps, not for
//! its squares. Values are checked inside the visitors, where the JSON reader
//! still knows the line and column to report.

use serde::Deserialize;

use super::grid::Grid;
use super::moves::MovesList;
use super::object::BoardFile;
use super::object::NField;
use super::parsed::{DEFAULT_TEXT_SQUARES, Format, ParseError, ParsedBoard, RulesPatch};
use super::read_at::ReadAt;
use super::values::json_error;
use crate::board::BoardSpec;

/// Reads all of `text` as one `T`: trailing characters are an error.
fn read<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, ParseError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(&mut de).map_err(|e| json_error(text, e))?;
    de.end().map_err(|e| json_error(text, e))?;
    Ok(value)
}

/// A bare LeetCode grid `[[...], ...]`, through the fast reader when `fast`
/// and it can.
pub(super) fn parse_grid_array(text: &str, fast: bool) -> Result<ParsedBoard, ParseError> {
    let grid = match fast
        .then(|| super::fast::grid_array(&text.as_bytes(), 0))
        .flatten()
    {
        Some(grid) => grid,
        None => read(text)?,
    };
    grid_board(grid)
}

/// A bare 0-based moves array `[-1, 18, ...]`, through the fast reader when
/// `fast` and it can.
pub(super) fn parse_moves_array(text: &str, fast: bool) -> Result<ParsedBoard, ParseError> {
    let moves = match fast
        .then(|| super::fast::moves_array(&text.as_bytes(), 0))
        .flatten()
    {
        Some(moves) => moves,
        None => read(text)?,
    };
    Ok(moves_board(moves))
}

/// A board object of any form, or of the form `wanted`, through the fast
/// reader when `fast` and it can.
pub(super) fn parse_object(
    text: &str,
    wanted: Option<Format>,
    fast: bool,
) -> Result<ParsedBoard, ParseError> {
    let file = match fast
        .then(|| super::fast::object(&text.as_bytes(), 0))
        .flatten()
    {
        Some(file) => file,
        None => read(text)?,
    };
    object_board(file, wanted)
}

/// JSON from byte `at` of `src`, which starts a bare grid (`Some(Grid)`), a
/// bare moves array (`Some(Moves)`) or an object (`None`, read as the form
/// `wanted`), read by the fast reader alone: `None` when it gives up.
pub(super) fn fast_at(
    src: &dyn ReadAt,
    at: u64,
    array: Option<Format>,
    wanted: Option<Format>,
) -> Option<Result<ParsedBoard, ParseError>> {
    match array {
        Some(Format::Grid) => super::fast::grid_array(src, at).map(grid_board),
        Some(_) => super::fast::moves_array(src, at).map(|m| Ok(moves_board(m))),
        None => super::fast::object(src, at).map(|file| object_board(file, wanted)),
    }
}

/// The board of a bare grid.
fn grid_board(grid: Grid) -> Result<ParsedBoard, ParseError> {
    Ok(ParsedBoard {
        format: Format::Grid,
        spec: grid.into_spec()?,
        rules: RulesPatch::default(),
        name: None,
    })
}

/// The board of a bare moves array.
fn moves_board(moves: MovesList) -> ParsedBoard {
    ParsedBoard {
        format: Format::Moves,
        spec: moves.into_spec(),
        rules: RulesPatch::default(),
        name: None,
    }
}

/// The board of an object, of the form its fields say, which must be
/// `wanted` when given.
fn object_board(file: BoardFile, wanted: Option<Format>) -> Result<ParsedBoard, ParseError> {
    let present: Vec<(&'static str, Format)> = [
        ("grid", file.grid.is_some(), Format::Grid),
        ("n", file.n.is_some(), Format::Moves),
        ("moves", file.moves.is_some(), Format::Moves),
        ("squares", file.squares.is_some(), Format::Pairs),
        ("ladders", file.ladders.is_some(), Format::Pairs),
        ("snakes", file.snakes.is_some(), Format::Pairs),
    ]
    .into_iter()
    .filter(|&(_, here, _)| here)
    .map(|(field, _, format)| (field, format))
    .collect();
    if let Some(&(first, first_form)) = present.first()
        && let Some(&(second, second_form)) = present.iter().find(|(_, f)| *f != first_form)
    {
        return Err(ParseError::MixedForms {
            first,
            first_form,
            second,
            second_form,
        });
    }
    // Every pairs field has a default, so an object with none of the board
    // fields is an empty pairs board when pairs were asked for.
    let format = match (present.first(), wanted) {
        (Some(&(_, found)), Some(expected)) if found != expected => {
            return Err(ParseError::WrongForm { expected, found });
        }
        (Some(&(_, found)), _) => found,
        (None, Some(Format::Pairs)) => Format::Pairs,
        (None, _) => return Err(ParseError::NoBoard),
    };
    let spec = match format {
        Format::Grid => file
            .grid
            .map_or(Err(ParseError::EmptyGrid), Grid::into_spec)?,
        Format::Moves => {
            let moves = file.moves.ok_or(ParseError::MissingMoves)?;
            if let Some(NField(n)) = file.n
                && n != moves.len() as u64
            {
                return Err(ParseError::MovesCount {
                    n,
                    len: moves.len(),
                });
            }
            moves.into_spec()
        }
        _ => {
            let mut jumps = file.ladders.map(|l| l.0).unwrap_or_default();
            jumps.extend(file.snakes.map(|s| s.0).unwrap_or_default());
            BoardSpec {
                squares: file.squares.map_or(DEFAULT_TEXT_SQUARES, |s| s.0),
                jumps: jumps.into(),
            }
        }
    };
    Ok(ParsedBoard {
        format,
        spec,
        rules: file.rules.map(|r| r.0).unwrap_or_default(),
        name: file.name,
    })
}
