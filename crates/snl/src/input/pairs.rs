//! snl's own board file: 1-based `[from, to]` pairs listed as ladders and
//! snakes, the board size, the rules and a name.
//!
//! ```json
//! {
//!   "name": "Example",
//!   "squares": 100,
//!   "ladders": [[14, 28], [42, 78]],
//!   "snakes": [[99, 25]],
//!   "rules": {"faces": 6, "finish": "exact", "chain": false, "start": 1}
//! }
//! ```
//!
//! The list a pair is in is its declared kind: a pair that goes the other
//! way is reported by [`BoardSpec::problems`](crate::BoardSpec::problems).

use std::fmt;
use std::fmt::Write;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, SeqAccess, Visitor};

use super::rules_object::rules_json;
use super::values::{IntSeed, Slot, list_name};
use crate::board::{Board, BoardSpec, Jump, JumpKind, Origin, RawJump};
use crate::rules::Rules;

/// The `ladders` list as read.
#[derive(Debug)]
pub(super) struct Ladders(pub Vec<RawJump>);

/// The `snakes` list as read.
#[derive(Debug)]
pub(super) struct Snakes(pub Vec<RawJump>);

impl<'de> Deserialize<'de> for Ladders {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(ListVisitor(JumpKind::Ladder))
            .map(Ladders)
    }
}

impl<'de> Deserialize<'de> for Snakes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(ListVisitor(JumpKind::Snake)).map(Snakes)
    }
}

/// Reads a list of pairs declared as `kind`.
struct ListVisitor(JumpKind);

impl<'de> Visitor<'de> for ListVisitor {
    type Value = Vec<RawJump>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of [from, to] pairs for `{}`", list_name(self.0))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<RawJump>, A::Error> {
        let mut jumps = Vec::new();
        let kind = self.0;
        while let Some(jump) = seq.next_element_seed(PairSeed {
            kind,
            index: jumps.len(),
        })? {
            jumps.push(jump);
        }
        Ok(jumps)
    }
}

/// Reads one `[from, to]` pair.
#[derive(Clone, Copy)]
struct PairSeed {
    kind: JumpKind,
    index: usize,
}

impl PairSeed {
    fn slot(self) -> Slot {
        Slot::Pair {
            kind: self.kind,
            index: self.index,
        }
    }

    fn square<E: de::Error>(self, v: i64) -> Result<u64, E> {
        u64::try_from(v).map_err(|_| {
            E::custom(format_args!(
                "{}: {v} is not a square; squares are numbered from 1",
                self.slot()
            ))
        })
    }
}

impl<'de> DeserializeSeed<'de> for PairSeed {
    type Value = RawJump;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawJump, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PairSeed {
    type Value = RawJump;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a pair [from, to] for {}", self.slot())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawJump, A::Error> {
        let short = |found: usize| {
            de::Error::custom(format_args!(
                "{}: a pair has two squares, [from, to], but this one has {found}",
                self.slot()
            ))
        };
        let from = seq
            .next_element_seed(IntSeed(self.slot()))?
            .ok_or_else(|| short(0))?;
        let to = seq
            .next_element_seed(IntSeed(self.slot()))?
            .ok_or_else(|| short(1))?;
        if seq.next_element::<IgnoredAny>()?.is_some() {
            let mut found = 3;
            while seq.next_element::<IgnoredAny>()?.is_some() {
                found += 1;
            }
            return Err(short(found));
        }
        Ok(RawJump {
            from: self.square(from)?,
            to: self.square(to)?,
            declared: Some(self.kind),
            origin: match self.kind {
                JumpKind::Ladder => Origin::Ladder { index: self.index },
                JumpKind::Snake => Origin::Snake { index: self.index },
            },
        })
    }
}

/// snl's board file for `board`, as pretty JSON: the size, the ladders and
/// snakes (by starting square, a few pairs a line) and, when given, the
/// rules.
///
/// # Examples
///
/// ```
/// use snl::{Board, Jump};
///
/// let board = Board::new(20, [Jump { from: 2, to: 19 }, Jump { from: 9, to: 2 }])?;
/// assert_eq!(
///     snl::input::to_pairs_json(&board, None),
///     "{\n  \"squares\": 20,\n  \"ladders\": [[2, 19]],\n  \"snakes\": [[9, 2]]\n}\n"
/// );
/// # Ok::<(), snl::BoardError>(())
/// ```
pub fn to_pairs_json(board: &Board, rules: Option<&Rules>) -> String {
    to_named_pairs_json(board, None, rules)
}

/// [`to_pairs_json`] with the board's `name` first, when it has one: the
/// file every command reads back with its name.
///
/// # Examples
///
/// ```
/// use snl::{Board, Jump};
///
/// let board = Board::new(20, [Jump { from: 2, to: 19 }])?;
/// let text = snl::input::to_named_pairs_json(&board, Some("a \"short\" one"), None);
/// assert!(text.starts_with("{\n  \"name\": \"a \\\"short\\\" one\",\n  \"squares\": 20,"));
/// let read = snl::input::parse(text.as_bytes(), &Default::default())?;
/// assert_eq!(read.name.as_deref(), Some("a \"short\" one"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_named_pairs_json(board: &Board, name: Option<&str>, rules: Option<&Rules>) -> String {
    let pair = |j: Jump| (u64::from(j.from), u64::from(j.to));
    let ladders: Vec<(u64, u64)> = board.ladders().map(pair).collect();
    let snakes: Vec<(u64, u64)> = board.snakes().map(pair).collect();
    write_pairs_json(u64::from(board.squares()), &ladders, &snakes, name, rules)
}

/// [`to_named_pairs_json`] for a board as read, `spec`, of any length: a
/// board past 2^30 squares (up to 2^62), which no [`Board`] holds, is
/// written from its list of jumps, each list by starting square as a
/// [`Board`]'s is. The spec is taken as checked
/// ([`BoardSpec::problems`](crate::BoardSpec::problems) finds none): its
/// jumps are written as they are.
///
/// # Examples
///
/// ```
/// use snl::{BoardSpec, Jump};
///
/// let spec = BoardSpec::of_jumps(1 << 40, [Jump { from: 9, to: 2 }, Jump { from: 2, to: 19 }]);
/// let text = snl::input::spec_to_pairs_json(&spec, None, None);
/// assert_eq!(
///     text,
///     "{\n  \"squares\": 1099511627776,\n  \"ladders\": [[2, 19]],\n  \"snakes\": [[9, 2]]\n}\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn spec_to_pairs_json(spec: &BoardSpec, name: Option<&str>, rules: Option<&Rules>) -> String {
    let (ladders, snakes) = sorted_pairs(spec);
    write_pairs_json(spec.squares, &ladders, &snakes, name, rules)
}

/// Jumps as `(from, to)` pairs.
type Pairs = Vec<(u64, u64)>;

/// The ladders and the snakes of `spec`, each list by starting square.
pub(super) fn sorted_pairs(spec: &BoardSpec) -> (Pairs, Pairs) {
    let (mut ladders, mut snakes): (Pairs, Pairs) =
        spec.jumps.pairs().partition(|&(from, to)| to > from);
    ladders.sort_unstable();
    snakes.sort_unstable();
    (ladders, snakes)
}

/// The board file of a board of `squares` squares with these `ladders`
/// and `snakes`, each list by starting square.
fn write_pairs_json(
    squares: u64,
    ladders: &[(u64, u64)],
    snakes: &[(u64, u64)],
    name: Option<&str>,
    rules: Option<&Rules>,
) -> String {
    let mut out = String::from("{\n");
    if let Some(name) = name {
        let quoted = serde_json::to_string(name).expect("a string is JSON");
        writeln!(out, "  \"name\": {quoted},").expect("writing to a String cannot fail");
    }
    writeln!(out, "  \"squares\": {squares},").expect("writing to a String cannot fail");
    write_list(&mut out, "ladders", ladders);
    out.push_str(",\n");
    write_list(&mut out, "snakes", snakes);
    if let Some(rules) = rules {
        out.push_str(",\n  \"rules\": ");
        out.push_str(&rules_json(rules));
    }
    out.push_str("\n}\n");
    out
}

/// Pairs a line in a long list.
const PAIRS_PER_LINE: usize = 6;

fn write_list(out: &mut String, name: &str, jumps: &[(u64, u64)]) {
    let pair = |&(from, to): &(u64, u64)| format!("[{from}, {to}]");
    write!(out, "  \"{name}\": [").expect("writing to a String cannot fail");
    if jumps.len() <= PAIRS_PER_LINE {
        let pairs: Vec<String> = jumps.iter().map(pair).collect();
        out.push_str(&pairs.join(", "));
    } else {
        for (i, line) in jumps.chunks(PAIRS_PER_LINE).enumerate() {
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            let pairs: Vec<String> = line.iter().map(pair).collect();
            out.push_str(&pairs.join(", "));
        }
        out.push_str("\n  ");
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pairs_with_their_kind() {
        let l: Ladders = serde_json::from_str("[[14, 28], [42, 78]]").unwrap();
        assert_eq!(l.0.len(), 2);
        assert_eq!(l.0[1].from, 42);
        assert_eq!(l.0[1].declared, Some(JumpKind::Ladder));
        assert_eq!(l.0[1].origin, Origin::Ladder { index: 1 });
        let s: Snakes = serde_json::from_str("[[99, 0]]").unwrap();
        assert_eq!(s.0[0].to, 0, "off the board is a problem for the checks");
    }

    #[test]
    fn pair_shape_errors() {
        let err = serde_json::from_str::<Snakes>("[[5, 1], [7]]").unwrap_err();
        assert_eq!(
            err.to_string(),
            "snakes[1]: a pair has two squares, [from, to], but this one has 1 at line 1 column 12"
        );
        let err = serde_json::from_str::<Ladders>("[[5, 6, 7, 8]]").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("ladders[0]: a pair has two squares, [from, to], but this one has 4")
        );
        let err = serde_json::from_str::<Ladders>("[[-5, 6]]").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("ladders[0]: -5 is not a square; squares are numbered from 1"),
            "{err}"
        );
    }

    #[test]
    fn long_lists_wrap() {
        let jumps = (1..=7).map(|i| Jump {
            from: i,
            to: i + 10,
        });
        let board = Board::new(20, jumps).unwrap();
        assert_eq!(
            to_pairs_json(&board, Some(&Rules::default())),
            "{\n  \"squares\": 20,\n  \"ladders\": [\n    [1, 11], [2, 12], [3, 13], [4, 14], [5, 15], [6, 16],\n    [7, 17]\n  ],\n  \"snakes\": [],\n  \"rules\": {\"die\": \"d6\", \"finish\": \"exact\", \"chain\": false, \"start\": 1, \"bonus\": false, \"bonus_limit\": null}\n}\n"
        );
    }

    /// A board as read is written as the board built from it, whatever
    /// the order its jumps were read in, and past 2^30 squares too.
    #[test]
    fn a_spec_is_written_as_its_board() {
        let jumps = [
            (60, 3),
            (2, 40),
            (41, 1),
            (30, 55),
            (9, 90),
            (12, 13),
            (70, 71),
            (5, 6),
        ];
        let jumps = jumps.map(|(from, to)| Jump { from, to });
        let spec = BoardSpec::of_jumps(100, jumps);
        let board = Board::new(100, jumps).unwrap();
        let rules = Rules::default();
        for name in [None, Some("mixed")] {
            assert_eq!(
                spec_to_pairs_json(&spec, name, Some(&rules)),
                to_named_pairs_json(&board, name, Some(&rules))
            );
        }
        assert_eq!(
            super::super::spec_to_pairs_text(&spec),
            super::super::to_pairs_text(&board)
        );
        let long = BoardSpec::of_jumps(1 << 40, jumps);
        let text = spec_to_pairs_json(&long, None, None);
        let read =
            crate::input::parse(text.as_bytes(), &crate::input::ParseOptions::default()).unwrap();
        assert_eq!(read.spec.squares, 1 << 40);
        let mut pairs: Vec<(u64, u64)> = read.spec.jumps.pairs().collect();
        pairs.sort_unstable();
        let mut want: Vec<(u64, u64)> = jumps
            .iter()
            .map(|j| (u64::from(j.from), u64::from(j.to)))
            .collect();
        want.sort_unstable();
        assert_eq!(pairs, want);
    }
}
