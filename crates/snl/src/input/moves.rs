//! The 0-based jump array: `moves[i]` is where a jump from square `i + 1`
//! leads, written 0-based, or `-1` for none. `moves[i] == i` (a jump to its
//! own square) is also none.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};

use super::parsed::{Format, WriteError};
use super::rules_object::rules_json;
use super::values::{IntSeed, Slot, number_lines};
use crate::board::{Board, BoardSpec, Origin, RawJump, WrittenJumps};
use crate::rules::Rules;

/// A moves array as read: its length and its jumps. Entries of `-1` are
/// counted and dropped, so a long array costs memory for its jumps only.
#[derive(Debug)]
pub(super) struct MovesList {
    len: usize,
    jumps: WrittenJumps,
}

impl MovesList {
    /// A list of `len` entries with these jumps.
    pub(super) fn new(len: usize, jumps: WrittenJumps) -> MovesList {
        MovesList { len, jumps }
    }

    /// The number of entries, which is the board size.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The board the array describes.
    pub(super) fn into_spec(self) -> BoardSpec {
        BoardSpec {
            squares: self.len as u64,
            jumps: self.jumps,
        }
    }
}

impl<'de> Deserialize<'de> for MovesList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(MovesVisitor)
    }
}

struct MovesVisitor;

impl<'de> Visitor<'de> for MovesVisitor {
    type Value = MovesList;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a moves array: one number per square, -1 for no jump")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MovesList, A::Error> {
        let mut jumps = Vec::new();
        let mut index = 0usize;
        while let Some(v) = seq.next_element_seed(IntSeed(Slot::Move { index }))? {
            match u64::try_from(v) {
                Ok(to) if to != index as u64 => jumps.push(RawJump {
                    from: index as u64 + 1,
                    to: to + 1,
                    declared: None,
                    origin: Origin::Moves { index },
                }),
                Ok(_) => {}
                Err(_) if v == -1 => {}
                Err(_) => {
                    return Err(de::Error::custom(format_args!(
                        "{}: {v} is not a move; write -1 for no jump or the 0-based index of the square it leads to",
                        Slot::Move { index }
                    )));
                }
            }
            index += 1;
        }
        Ok(MovesList {
            len: index,
            jumps: jumps.into(),
        })
    }
}

/// The 0-based moves array of `board`: `moves[i]` is where a jump from
/// square `i + 1` leads (0-based), or `-1` for none.
///
/// # Errors
///
/// [`WriteError::ToSquare0`] for a snake to square 0, whose 0-based
/// destination would be the `-1` of no jump.
///
/// # Examples
///
/// ```
/// use snl::{Board, Jump};
///
/// let board = Board::new(5, [Jump { from: 2, to: 4 }])?;
/// assert_eq!(snl::input::to_moves(&board), Ok(vec![-1, 3, -1, -1, -1]));
/// # Ok::<(), snl::BoardError>(())
/// ```
pub fn to_moves(board: &Board) -> Result<Vec<i64>, WriteError> {
    if let Some(j) = board.jumps().find(|&j| j.to_start()) {
        return Err(WriteError::ToSquare0 {
            format: Format::Moves,
            from: j.from,
        });
    }
    let mut moves = vec![-1; board.squares() as usize];
    for j in board.jumps() {
        moves[j.from as usize - 1] = i64::from(j.to) - 1;
    }
    Ok(moves)
}

/// The moves form of `board` as JSON, `{"n": ..., "moves": [...]}`, ten
/// entries a line, with `"rules"` when given.
///
/// # Errors
///
/// As [`to_moves`].
pub fn to_moves_json(board: &Board, rules: Option<&Rules>) -> Result<String, WriteError> {
    let moves = to_moves(board)?;
    let mut out = format!("{{\n  \"n\": {},\n  \"moves\": [\n", moves.len());
    number_lines(&mut out, &moves, 10, "    ");
    out.push_str("\n  ]");
    if let Some(rules) = rules {
        out.push_str(",\n  \"rules\": ");
        out.push_str(&rules_json(rules));
    }
    out.push_str("\n}\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Jump;

    #[test]
    fn seed_example_reads() {
        let text =
            "[-1, 18, -1, -1, -1, -1, -1, -1, 2, -1, -1, 15, -1, -1, -1, -1, -1, -1, -1, -1]";
        let moves: MovesList = serde_json::from_str(text).unwrap();
        let board = moves.into_spec().build().unwrap();
        assert_eq!(board.squares(), 20);
        let jumps: Vec<_> = board.jumps().map(|j| (j.from, j.to)).collect();
        assert_eq!(jumps, vec![(2, 19), (9, 3), (12, 16)]);
    }

    #[test]
    fn own_index_is_no_jump() {
        let moves: MovesList = serde_json::from_str("[-1, 1, 0]").unwrap();
        assert_eq!(moves.len(), 3);
        let spec = moves.into_spec();
        assert_eq!(spec.jumps.len(), 1);
        let jump = spec.jumps.get(0).unwrap();
        assert_eq!((jump.from, jump.to), (3, 1));
    }

    #[test]
    fn json_writer() {
        let board = Board::new(12, [Jump { from: 11, to: 2 }]).unwrap();
        assert_eq!(
            to_moves_json(&board, None).unwrap(),
            "{\n  \"n\": 12,\n  \"moves\": [\n    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,\n    1, -1\n  ]\n}\n"
        );
    }
}
