//! The JSON side of reading: one pass over the text into a struct whose
//! fields are all optional, then a decision on the form from the fields that
//! are present.
//!
//! No `serde_json::Value` tree is built: the lists are read by visitors that
//! keep only the jumps, so a large board costs memory for its jumps, not for
//! its squares. Values are checked inside the visitors, where the JSON reader
//! still knows the line and column to report.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

use super::grid::GridCells;
use super::moves::MovesList;
use super::pairs::{Ladders, Snakes};
use super::{DEFAULT_TEXT_SQUARES, Format, ParseError, ParsedBoard, RulesPatch};
use crate::board::{BoardSpec, JumpKind};
use crate::rules::{Bonus, Die, Finish, RulesError, Start};

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
        d.deserialize_i64(self)
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
        if v.fract() == 0.0 {
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

fn too_large<E: de::Error>(slot: Slot, v: impl fmt::Display) -> E {
    E::custom(format_args!(
        "{slot}: {v} is too large to be {}",
        slot.noun()
    ))
}

/// A board object, any form: each field is `None` when absent.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    grid: Option<GridCells>,
    n: Option<NField>,
    moves: Option<MovesList>,
    squares: Option<SquaresField>,
    ladders: Option<Ladders>,
    snakes: Option<Snakes>,
    rules: Option<RulesField>,
    name: Option<String>,
}

/// A size that may not be negative.
fn size<'de, D: Deserializer<'de>>(d: D, slot: Slot) -> Result<u64, D::Error> {
    let v = IntSeed(slot).deserialize(d)?;
    u64::try_from(v).map_err(|_| {
        de::Error::custom(format_args!(
            "{slot}: {v} is not a board size; give the number of squares, at least 1"
        ))
    })
}

#[derive(Debug)]
struct NField(u64);

impl<'de> Deserialize<'de> for NField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        size(d, Slot::N).map(NField)
    }
}

#[derive(Debug)]
struct SquaresField(u64);

impl<'de> Deserialize<'de> for SquaresField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        size(d, Slot::Squares).map(SquaresField)
    }
}

/// The `rules` object as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    faces: Option<FacesField>,
    die: Option<DieField>,
    finish: Option<FinishField>,
    chain: Option<ChainField>,
    start: Option<StartField>,
    bonus: Option<ChainField>,
    bonus_limit: Option<BonusLimitField>,
}

#[derive(Debug)]
struct BonusLimitField(Bonus);

impl<'de> Deserialize<'de> for BonusLimitField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = IntSeed(Slot::BonusLimit).deserialize(d)?;
        u32::try_from(v)
            .map_err(|_| RulesError::BonusLimit(u32::MAX))
            .and_then(Bonus::with_limit)
            .map(BonusLimitField)
            .map_err(|e| de::Error::custom(format_args!("`rules.bonus_limit`: {e}")))
    }
}

#[derive(Debug)]
struct ChainField(bool);

impl<'de> Deserialize<'de> for ChainField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_bool(ChainField(false))
    }
}

impl Visitor<'_> for ChainField {
    type Value = ChainField;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("true or false for `rules.chain`")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<ChainField, E> {
        Ok(ChainField(v))
    }
}

#[derive(Debug)]
struct FacesField(Die);

impl<'de> Deserialize<'de> for FacesField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = IntSeed(Slot::Faces).deserialize(d)?;
        let faces = u32::try_from(v).map_err(|_| RulesError::Faces(v.unsigned_abs()));
        faces
            .and_then(Die::uniform)
            .map(FacesField)
            .map_err(|e| de::Error::custom(format_args!("`rules.faces`: {e}")))
    }
}

#[derive(Debug)]
struct DieField(Die);

impl<'de> Deserialize<'de> for DieField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse()
            .map(DieField)
            .map_err(|e| de::Error::custom(format_args!("`rules.die`: {e}")))
    }
}

#[derive(Debug)]
struct FinishField(Finish);

impl<'de> Deserialize<'de> for FinishField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse()
            .map(FinishField)
            .map_err(|e| de::Error::custom(format_args!("`rules.finish`: {e}")))
    }
}

#[derive(Debug)]
struct StartField(Start);

impl<'de> Deserialize<'de> for StartField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = IntSeed(Slot::Start).deserialize(d)?;
        u64::try_from(v)
            .ok()
            .and_then(Start::from_position)
            .map(StartField)
            .ok_or_else(|| {
                de::Error::custom(format_args!("`rules.start`: {}", RulesError::Start(v)))
            })
    }
}

/// The `rules` object, checked.
#[derive(Debug)]
struct RulesField(RulesPatch);

impl<'de> Deserialize<'de> for RulesField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let file = RulesFile::deserialize(d)?;
        let die = match (file.faces, file.die) {
            (Some(_), Some(_)) => {
                return Err(de::Error::custom(
                    "`rules` gives both `faces` and `die`; keep one (`\"faces\": 6` is `\"die\": \"d6\"`)",
                ));
            }
            (Some(FacesField(die)), None) | (None, Some(DieField(die))) => Some(die),
            (None, None) => None,
        };
        // A limit implies bonus rolls; `"bonus": false` beside one is a
        // contradiction, not a preference.
        let bonus = match (file.bonus.map(|b| b.0), file.bonus_limit) {
            (Some(false), Some(_)) => {
                return Err(de::Error::custom(
                    "`rules` turns bonus rolls off but gives a `bonus_limit`; remove one",
                ));
            }
            (_, Some(BonusLimitField(b))) => Some(Some(b)),
            (Some(true), None) => Some(Some(Bonus::unlimited())),
            (Some(false), None) => Some(None),
            (None, None) => None,
        };
        Ok(RulesField(RulesPatch {
            die,
            finish: file.finish.map(|f| f.0),
            chain: file.chain.map(|c| c.0),
            start: file.start.map(|s| s.0),
            bonus,
        }))
    }
}

/// A JSON error with its position split out of the message, in the
/// characters people count. `serde_json` counts columns in bytes, and puts
/// the newline that ends a line at column 0 of the next; the position is
/// reported at that character instead.
pub(super) fn json_error(text: &str, source: serde_json::Error) -> ParseError {
    let (line, column) = (source.line(), source.column());
    let full = source.to_string();
    let suffix = format!(" at line {line} column {column}");
    let message = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
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

/// Reads all of `text` as one `T`: trailing characters are an error.
fn read<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, ParseError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(&mut de).map_err(|e| json_error(text, e))?;
    de.end().map_err(|e| json_error(text, e))?;
    Ok(value)
}

/// A bare LeetCode grid `[[...], ...]`.
pub(super) fn parse_grid_array(text: &str) -> Result<ParsedBoard, ParseError> {
    let cells: GridCells = read(text)?;
    Ok(ParsedBoard {
        format: Format::Grid,
        spec: cells.into_spec()?,
        rules: RulesPatch::default(),
        name: None,
    })
}

/// A bare 0-based moves array `[-1, 18, ...]`.
pub(super) fn parse_moves_array(text: &str) -> Result<ParsedBoard, ParseError> {
    let moves: MovesList = read(text)?;
    Ok(ParsedBoard {
        format: Format::Moves,
        spec: moves.into_spec(),
        rules: RulesPatch::default(),
        name: None,
    })
}

/// A board object of any form, or of the form `wanted`.
pub(super) fn parse_object(text: &str, wanted: Option<Format>) -> Result<ParsedBoard, ParseError> {
    let file: BoardFile = read(text)?;
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
            .map_or(Err(ParseError::EmptyGrid), GridCells::into_spec)?,
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
                jumps,
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

/// The `rules` object snl writes: `faces` for a fair die, `die` with the
/// weights of faces 1, 2, ... otherwise. A one-faced die is written as
/// `"faces": 1` whatever its weight, which gives the same chances.
pub(super) fn rules_json(rules: &crate::rules::Rules) -> String {
    let die = &rules.die;
    let die = if die.max() == 1 || Die::uniform(die.max()).as_ref() == Ok(die) {
        format!("\"faces\": {}", die.max())
    } else {
        let weights: Vec<String> = (1..=die.max()).map(|v| die.weight(v).to_string()).collect();
        format!("\"die\": \"{}\"", weights.join(","))
    };
    let bonus = match rules.bonus {
        None => String::new(),
        Some(Bonus { limit: None }) => ", \"bonus\": true".to_string(),
        Some(Bonus { limit: Some(n) }) => format!(", \"bonus\": true, \"bonus_limit\": {n}"),
    };
    format!(
        "{{{die}, \"finish\": \"{}\", \"chain\": {}, \"start\": {}{bonus}}}",
        rules.finish,
        rules.chain,
        rules.start.position()
    )
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
