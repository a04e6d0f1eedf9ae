//! The board object as read, before its form is decided: every field of
//! every form, each `None` when absent. The plain JSON reader (the `json`
//! module) and the fast one (the `fast` module) both fill it.

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer};

use super::grid::Grid;
use super::moves::MovesList;
use super::pairs::{Ladders, Snakes};
use super::rules_object::RulesField;
use super::values::{IntSeed, Slot};

/// A board object, any form: each field is `None` when absent.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BoardFile {
    pub(super) grid: Option<Grid>,
    pub(super) n: Option<NField>,
    pub(super) moves: Option<MovesList>,
    pub(super) squares: Option<SquaresField>,
    pub(super) ladders: Option<Ladders>,
    pub(super) snakes: Option<Snakes>,
    pub(super) rules: Option<RulesField>,
    pub(super) name: Option<String>,
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
pub(super) struct NField(pub(super) u64);

impl<'de> Deserialize<'de> for NField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        size(d, Slot::N).map(NField)
    }
}

#[derive(Debug)]
pub(super) struct SquaresField(pub(super) u64);

impl<'de> Deserialize<'de> for SquaresField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        size(d, Slot::Squares).map(SquaresField)
    }
}
