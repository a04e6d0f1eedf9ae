//! The `rules` object of a board file, read and written.
//!
//! It has one shape, [`RulesJson`]: what snl writes into board files and
//! prints in every `--json` answer is read back as the same rules. Reading
//! also accepts `"faces": 6` for `"die": "d6"` and leaves out any field the
//! file does not give.

use std::fmt;

use serde::Deserialize;
use serde::de::value::MapAccessDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};

use super::parsed::RulesPatch;
use super::values::{IntSeed, Slot};
use crate::rules::{Bonus, Die, Finish, Optional, Rules, RulesError, RulesJson, Start};

/// The `rules` object as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    faces: Option<FacesField>,
    die: Option<DieField>,
    finish: Option<FinishField>,
    chain: Option<BoolField<'c'>>,
    start: Option<StartField>,
    bonus: Option<BoolField<'b'>>,
    #[serde(default)]
    bonus_limit: BonusLimitField,
    optional: Option<OptionalField>,
}

/// `bonus_limit`: a limit, or `null` (and absent) for none.
#[derive(Debug, Default)]
struct BonusLimitField(Option<Bonus>);

impl<'de> Deserialize<'de> for BonusLimitField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let Some(v) = Option::<LimitValue>::deserialize(d)? else {
            return Ok(BonusLimitField(None));
        };
        let v = v.0;
        if v < 0 || v > i64::from(u32::MAX) {
            return Err(de::Error::custom(format_args!(
                "`rules.bonus_limit`: {v} is not a bonus limit; give a whole number from 1 to {}, or null for no limit",
                u32::MAX
            )));
        }
        Bonus::with_limit(v as u32)
            .map(|b| BonusLimitField(Some(b)))
            .map_err(|e| de::Error::custom(format_args!("`rules.bonus_limit`: {e}")))
    }
}

/// The number inside a `bonus_limit` that is not `null`.
#[derive(Debug)]
struct LimitValue(i64);

impl<'de> Deserialize<'de> for LimitValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        IntSeed(Slot::BonusLimit).deserialize(d).map(LimitValue)
    }
}

/// A `true` or `false` field: `'c'` is `rules.chain`, `'b'` is
/// `rules.bonus`, so that a wrong value names its own field.
#[derive(Debug)]
struct BoolField<const NAME: char>(bool);

impl<const NAME: char> BoolField<NAME> {
    fn field() -> &'static str {
        match NAME {
            'c' => "`rules.chain`",
            _ => "`rules.bonus`",
        }
    }
}

impl<'de, const NAME: char> Deserialize<'de> for BoolField<NAME> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_bool(BoolField::<NAME>(false))
    }
}

impl<const NAME: char> Visitor<'_> for BoolField<NAME> {
    type Value = BoolField<NAME>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "true or false for {}", Self::field())
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self, E> {
        Ok(BoolField(v))
    }
}

#[derive(Debug)]
struct FacesField(Die);

impl<'de> Deserialize<'de> for FacesField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = IntSeed(Slot::Faces).deserialize(d)?;
        let faces = u32::try_from(v).map_err(|_| RulesError::Faces(v));
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
struct OptionalField(Optional);

impl<'de> Deserialize<'de> for OptionalField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse()
            .map(OptionalField)
            .map_err(|e| de::Error::custom(format_args!("`rules.optional`: {e}")))
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
pub(super) struct RulesField(pub RulesPatch);

impl<'de> Deserialize<'de> for RulesField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Only an object: a derived struct would also take an array of its
        // fields in order, and name itself in the message when given
        // anything else.
        d.deserialize_map(RulesVisitor)
    }
}

/// A `rules` object read on its own, as a board file gives it (the same
/// fields, checks and messages): what a front end takes as rules laid over
/// a board file's own with [`RulesPatch::apply`].
///
/// ```
/// use snl::{Finish, RulesPatch};
///
/// let patch: RulesPatch = serde_json::from_str(r#"{"finish": "bounce", "faces": 4}"#)?;
/// assert_eq!(patch.finish, Some(Finish::Bounce));
/// let wrong = serde_json::from_str::<RulesPatch>(r#"{"finish": "sideways"}"#).unwrap_err();
/// assert!(wrong.to_string().starts_with("`rules.finish`: "));
/// # Ok::<(), serde_json::Error>(())
/// ```
impl<'de> Deserialize<'de> for RulesPatch {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        RulesField::deserialize(d).map(|field| field.0)
    }
}

struct RulesVisitor;

impl<'de> Visitor<'de> for RulesVisitor {
    type Value = RulesField;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "an object for `rules`, such as {\"die\": \"d6\", \"finish\": \"exact\", \"chain\": false, \"start\": 1}",
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RulesField, A::Error> {
        let file = RulesFile::deserialize(MapAccessDeserializer::new(map))?;
        RulesField::check(file)
    }
}

impl RulesField {
    fn check<E: de::Error>(file: RulesFile) -> Result<RulesField, E> {
        let die = match (file.faces, file.die) {
            (Some(_), Some(_)) => {
                return Err(E::custom(
                    "`rules` gives both `faces` and `die`; keep one (`\"faces\": 6` is `\"die\": \"d6\"`)",
                ));
            }
            (Some(FacesField(die)), None) | (None, Some(DieField(die))) => Some(die),
            (None, None) => None,
        };
        // A limit implies bonus rolls; `"bonus": false` beside one is a
        // contradiction, not a preference.
        // `"bonus_limit": null` says no more than leaving it out.
        let bonus = match (file.bonus.map(|b| b.0), file.bonus_limit.0) {
            (Some(false), Some(_)) => {
                return Err(E::custom(
                    "`rules` turns bonus rolls off but gives a `bonus_limit`; remove one",
                ));
            }
            (_, Some(b)) => Some(Some(b)),
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
            optional: file.optional.map(|o| o.0),
        }))
    }
}

/// The `rules` object snl writes into board files, on one line: the fields
/// of [`RulesJson`], in its order (`optional` only when a jump may be
/// declined, as [`RulesJson`] writes it).
pub(super) fn rules_json(rules: &Rules) -> String {
    let j = RulesJson::from(rules);
    let limit = j
        .bonus_limit
        .map_or_else(|| "null".to_string(), |n| n.to_string());
    let optional = if j.optional.is_none() {
        String::new()
    } else {
        format!(", \"optional\": \"{}\"", j.optional)
    };
    format!(
        "{{\"die\": \"{}\", \"finish\": \"{}\", \"chain\": {}, \"start\": {}, \"bonus\": {}, \"bonus_limit\": {limit}{optional}}}",
        j.die, j.finish, j.chain, j.start, j.bonus
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_object_is_the_serialised_one() {
        let rules = Rules {
            die: "2d6".parse().unwrap(),
            bonus: Some(Bonus::with_limit(3).unwrap()),
            optional: Optional::Ladders,
            ..Rules::default()
        };
        let written: serde_json::Value = serde_json::from_str(&rules_json(&rules)).unwrap();
        let serialised = serde_json::to_value(RulesJson::from(&rules)).unwrap();
        assert_eq!(written, serialised);
        assert_eq!(
            rules_json(&Rules::default()),
            r#"{"die": "d6", "finish": "exact", "chain": false, "start": 1, "bonus": false, "bonus_limit": null}"#
        );
    }
}
