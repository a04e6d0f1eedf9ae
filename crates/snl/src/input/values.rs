//! The pieces every JSON form shares: whole numbers read with where they
//! were written, JSON errors with their position, and number lists written
//! for people.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

use super::parsed::ParseError;
use crate::board::JumpKind;

/// Where a number is written, for messages.
#[derive(Debug, Clone, Copy)]
pub(super) enum Slot {
    /// The `squares` field.
    Squares,
    /// The `n` field.
    N,
    /// A grid cell.
    Cell { row: usize, col: usize },
    /// An entry of `moves`.
    Move { index: usize },
    /// A square of a ladder or snake pair.
    Pair { kind: JumpKind, index: usize },
    /// `rules.faces`.
    Faces,
    /// `rules.start`.
    Start,
    /// `rules.bonus_limit`.
    BonusLimit,
}

impl Slot {
    /// What the number stands for.
    fn noun(self) -> &'static str {
        match self {
            Slot::Squares | Slot::N => "a board size",
            Slot::Cell { .. } | Slot::Pair { .. } => "a square number",
            Slot::Move { .. } => "a 0-based square index",
            Slot::Faces => "a number of faces",
            Slot::Start => "a start position",
            Slot::BonusLimit => "a bonus limit",
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Slot::Squares => f.write_str("`squares`"),
            Slot::N => f.write_str("`n`"),
            Slot::Cell { row, col } => write!(f, "grid row {row}, column {col}"),
            Slot::Move { index } => write!(f, "moves[{index}] (square {})", index + 1),
            Slot::Pair { kind, index } => write!(f, "{}[{index}]", list_name(kind)),
            Slot::Faces => f.write_str("`rules.faces`"),
            Slot::Start => f.write_str("`rules.start`"),
            Slot::BonusLimit => f.write_str("`rules.bonus_limit`"),
        }
    }
}

/// The field a kind of jump is listed under.
pub(super) fn list_name(kind: JumpKind) -> &'static str {
    match kind {
        JumpKind::Ladder => "ladders",
        JumpKind::Snake => "snakes",
    }
}

/// Reads one whole number that fits in an `i64`, with messages that say
/// where it is. A number written with a fraction or an exponent, or too large
/// for 64 bits (`serde_json` hands those over as `f64`), is refused here;
/// a number beyond even `f64` is refused by `serde_json` itself.
#[derive(Debug, Clone, Copy)]
pub(super) struct IntSeed(pub Slot);

impl<'de> DeserializeSeed<'de> for IntSeed {
    type Value = i64;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<i64, D::Error> {
        let slot = self.0;
        d.deserialize_i64(self).map_err(|e| {
            // A number beyond even `f64` (`1e400`) is refused by the JSON
            // reader before this seed sees it, without saying which field
            // it was: say so here.
            // The reader's own position (where the number is) goes ahead
            // of the message, for `json_error` to use: an error made here
            // would be placed after the spaces that follow the number.
            let text = e.to_string();
            match text.strip_prefix("number out of range at ") {
                Some(at) => de::Error::custom(format_args!(
                    "{AT}{at}{AT}{slot}: the number is out of range (beyond 1.8e308); write {} \
                     as a whole number",
                    slot.noun()
                )),
                None => e,
            }
        })
    }
}

impl Visitor<'_> for IntSeed {
    type Value = i64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (a whole number) for {}", self.0.noun(), self.0)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<i64, E> {
        Ok(v)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<i64, E> {
        i64::try_from(v).map_err(|_| too_large(self.0, v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<i64, E> {
        // `1.0`, `-0` and `1e3` are whole in value but not written as whole
        // numbers (`serde_json` hands them over as `f64`); only a whole
        // value beyond 64 bits is too large.
        if v.fract() == 0.0 && v.abs() < 9.2e18 {
            Err(E::custom(format_args!(
                "{}: not a whole number as written (a decimal point or an exponent, read as \
                 {v:?}); write {} in digits alone, such as {}",
                self.0,
                self.0.noun(),
                v as i64
            )))
        } else if v.fract() == 0.0 {
            Err(too_large(self.0, format_args!("{v:e}")))
        } else {
            Err(E::custom(format_args!(
                "{}: {v} is not a whole number; write {} without a fraction",
                self.0,
                self.0.noun()
            )))
        }
    }
}

/// Brackets the reader's position ahead of a message (see
/// [`json_error`]); a character no JSON error message holds.
const AT: char = '\u{1f}';

fn too_large<E: de::Error>(slot: Slot, v: impl fmt::Display) -> E {
    E::custom(format_args!(
        "{slot}: {v} is too large to be {}",
        slot.noun()
    ))
}

/// A JSON error with its position split out of the message, in the
/// characters people count. `serde_json` counts columns in bytes, and puts
/// the newline that ends a line at column 0 of the next; the position is
/// reported at that character instead.
pub(super) fn json_error(text: &str, source: serde_json::Error) -> ParseError {
    let (mut line, mut column) = (source.line(), source.column());
    let full = source.to_string();
    let suffix = format!(" at line {line} column {column}");
    let mut message = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
    // A position set ahead of the message by `IntSeed` wins.
    if let Some((at, rest)) = message
        .strip_prefix(AT)
        .and_then(|m| m.split_once(AT))
        .map(|(at, rest)| (at.to_string(), rest.to_string()))
        && let Some((l, c)) = at
            .strip_prefix("line ")
            .and_then(|a| a.split_once(" column "))
        && let (Ok(l), Ok(c)) = (l.parse(), c.parse())
    {
        (line, column, message) = (l, c, rest);
    }
    let (line, column) = if line >= 2 && column == 0 {
        let before = text.split('\n').nth(line - 2).unwrap_or("");
        (line - 1, before.chars().count() + 1)
    } else {
        let here = text.split('\n').nth(line.saturating_sub(1)).unwrap_or("");
        let read = here.char_indices().take_while(|&(i, _)| i < column).count();
        (line, read.max(1))
    };
    ParseError::Json {
        line,
        column,
        message,
        source,
    }
}

/// Writes numbers as `a, b, c` with a line break after every `per_line`,
/// each line indented by `indent`.
pub(super) fn number_lines(out: &mut String, numbers: &[i64], per_line: usize, indent: &str) {
    use std::fmt::Write;
    for (i, chunk) in numbers.chunks(per_line).enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        out.push_str(indent);
        for (j, v) in chunk.iter().enumerate() {
            if j > 0 {
                out.push_str(", ");
            }
            write!(out, "{v}").expect("writing to a String cannot fail");
        }
    }
}
