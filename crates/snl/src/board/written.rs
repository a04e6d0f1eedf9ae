//! The jumps of a board as written, before they are checked: each with
//! where it was written ([`RawJump`], [`Origin`]), and the list of them
//! ([`WrittenJumps`]). The list holds `RawJump`s, or, for the forms that
//! give a number for every square (a moves array, a LeetCode grid), the
//! squares and destinations alone, from which where each was written is
//! worked out when it is asked for.
//!
//! A board of ten million squares has some half a million jumps. As a list
//! of `RawJump`s they take 28 MB, and on a machine where fresh memory costs
//! a page fault every 4 kB, filling that list took longer than reading the
//! numbers themselves. As pairs of squares they take 4 MB.

use std::fmt;
use std::hash::{Hash, Hasher};

/// Ladder (up) or snake (down).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JumpKind {
    /// Goes up.
    Ladder,
    /// Goes down.
    Snake,
}

impl fmt::Display for JumpKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JumpKind::Ladder => "ladder",
            JumpKind::Snake => "snake",
        })
    }
}

/// Where a jump was written in the input, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Origin {
    /// A cell of a `LeetCode` grid: `row` and `col` count from 0, row 0 at the
    /// top, as the JSON is written.
    Grid {
        /// Row, from 0 at the top.
        row: usize,
        /// Column, from 0 at the left.
        col: usize,
    },
    /// An entry of a 0-based `moves` array.
    Moves {
        /// Index into the array.
        index: usize,
    },
    /// A pair of the `ladders` list.
    Ladder {
        /// Index into the list, from 0.
        index: usize,
    },
    /// A pair of the `snakes` list.
    Snake {
        /// Index into the list, from 0.
        index: usize,
    },
    /// A jump given to [`Board::new`](super::Board::new).
    Jump {
        /// Position in the list, from 0.
        index: usize,
    },
    /// A pair of plain text: where its first number was written.
    Text {
        /// Line, from 1.
        line: usize,
        /// Column, from 1, counted in characters.
        column: usize,
        /// The list the pair was in.
        kind: JumpKind,
        /// Position in that list, from 1 as a person counts.
        number: usize,
    },
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Origin::Grid { row, col } => write!(f, "grid row {row}, column {col}"),
            Origin::Moves { index } => write!(f, "moves[{index}]"),
            Origin::Ladder { index } => write!(f, "ladders[{index}]"),
            Origin::Snake { index } => write!(f, "snakes[{index}]"),
            Origin::Jump { index } => write!(f, "jump {index}"),
            Origin::Text {
                line,
                column,
                kind,
                number,
            } => write!(f, "line {line}, column {column} ({kind} pair {number})"),
        }
    }
}

/// A jump as written in an input, before it is checked.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RawJump {
    /// Starting square, numbered from 1.
    pub from: u64,
    /// Destination square, numbered from 1; 0 is off the board, where a
    /// snake may lead when the pawn starts there.
    pub to: u64,
    /// The kind the input declared (the ladder and snake lists), if any.
    pub declared: Option<JumpKind>,
    /// Where it was written.
    pub origin: Origin,
}

/// The jumps of a [`BoardSpec`](super::BoardSpec), in the order they were
/// written.
///
/// Built from a list of [`RawJump`]s (`From<Vec<RawJump>>`, or collected
/// from an iterator); the readers of moves arrays and grids keep their
/// jumps more compactly, which changes nothing that can be seen here: each
/// jump is given as a `RawJump` with its [`Origin`], and two lists are equal
/// when they give the same jumps.
///
/// ```
/// use snl::board::{Origin, RawJump, WrittenJumps};
///
/// let jumps = WrittenJumps::from(vec![RawJump {
///     from: 2,
///     to: 19,
///     declared: None,
///     origin: Origin::Moves { index: 1 },
/// }]);
/// assert_eq!(jumps.len(), 1);
/// assert_eq!(jumps.get(0).map(|j| j.to), Some(19));
/// ```
#[derive(Clone, Default)]
pub struct WrittenJumps(Repr);

#[derive(Clone)]
enum Repr {
    /// Each jump with everything about it.
    Listed(Vec<RawJump>),
    /// `(from, to)` of each jump of a form that writes a number for every
    /// square: where each was written follows from its square.
    /// In two parts, read on two threads, one after the other.
    Squares {
        form: Cells,
        pairs: [Vec<(u32, u32)>; 2],
    },
}

impl Default for Repr {
    fn default() -> Repr {
        Repr::Listed(Vec::new())
    }
}

/// A form that writes a number for every square, so that where a jump was
/// written follows from the square it starts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cells {
    /// A 0-based moves array: square `s` is entry `s - 1`.
    Moves,
    /// A LeetCode grid of `side` rows, numbered in its winding order.
    Grid {
        /// The number of rows (and of columns).
        side: u32,
    },
}

impl Cells {
    /// The jump `from -> to` as written in this form.
    #[inline]
    fn raw(self, from: u32, to: u32) -> RawJump {
        let origin = match self {
            Cells::Moves => Origin::Moves {
                index: from as usize - 1,
            },
            Cells::Grid { side } => {
                let (row, col) = winding_cell(u64::from(side), u64::from(from));
                Origin::Grid { row, col }
            }
        };
        RawJump {
            from: u64::from(from),
            to: u64::from(to),
            declared: None,
            origin,
        }
    }
}

/// The `(row, col)` of `square` on a `side`×`side` LeetCode grid, row 0 at
/// the top: squares run from the bottom-left corner, each row the other way
/// from the one below.
pub(crate) fn winding_cell(side: u64, square: u64) -> (usize, usize) {
    let i = square - 1;
    let from_bottom = i / side;
    let across = i % side;
    let col = if from_bottom.is_multiple_of(2) {
        across
    } else {
        side - 1 - across
    };
    ((side - 1 - from_bottom) as usize, col as usize)
}

impl WrittenJumps {
    /// The jumps of a form that writes a number for every square, as
    /// `(from, to)` pairs of squares in the order written, in one part or
    /// two (the second after the first).
    pub(crate) fn of_cells(form: Cells, pairs: [Vec<(u32, u32)>; 2]) -> WrittenJumps {
        WrittenJumps(Repr::Squares { form, pairs })
    }

    /// The number of jumps.
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Listed(jumps) => jumps.len(),
            Repr::Squares { pairs, .. } => pairs[0].len() + pairs[1].len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`th jump written, from 0.
    pub fn get(&self, i: usize) -> Option<RawJump> {
        match &self.0 {
            Repr::Listed(jumps) => jumps.get(i).cloned(),
            Repr::Squares { form, pairs } => match i.checked_sub(pairs[0].len()) {
                None => pairs[0].get(i),
                Some(i) => pairs[1].get(i),
            }
            .map(|&(from, to)| form.raw(from, to)),
        }
    }

    /// Every jump, in the order written.
    pub fn iter(&self) -> Iter<'_> {
        Iter(match &self.0 {
            Repr::Listed(jumps) => IterRepr::Listed(jumps.iter()),
            Repr::Squares { form, pairs } => IterRepr::Squares(*form, Parts::of(pairs)),
        })
    }

    /// `(from, to)` of every jump, in the order written: [`WrittenJumps::iter`]
    /// without where each was written.
    pub fn pairs(&self) -> impl ExactSizeIterator<Item = (u64, u64)> + '_ {
        let (listed, pairs): (&[RawJump], Parts<'_>) = match &self.0 {
            Repr::Listed(jumps) => (jumps, Parts::of(&[])),
            Repr::Squares { pairs, .. } => (&[], Parts::of(pairs)),
        };
        Pairs {
            listed: listed.iter(),
            pairs,
        }
    }

    /// `(from, to)` of every jump, for a board known to have no problems,
    /// whose squares are therefore all below 2^32.
    pub(crate) fn squares(&self) -> impl ExactSizeIterator<Item = (u32, u32)> + Clone + '_ {
        let (listed, pairs): (&[RawJump], Parts<'_>) = match &self.0 {
            Repr::Listed(jumps) => (jumps, Parts::of(&[])),
            Repr::Squares { pairs, .. } => (&[], Parts::of(pairs)),
        };
        // One of the two is empty: a chain of both keeps the exact length.
        Squares {
            listed: listed.iter(),
            pairs,
        }
    }

    /// Whether these jumps have none of the problems of
    /// [`BoardSpec::problems`](super::BoardSpec::problems) on a board of
    /// `squares` squares, found by a quick look that only the jumps of a
    /// form with one number a square pass: each starts on a square of the
    /// board but the last and goes elsewhere on it, and then nothing else
    /// can be wrong (no two start on one square, none is declared a ladder
    /// or a snake).
    pub(crate) fn surely_playable(&self, squares: u64) -> bool {
        self.one_per_square()
            && self
                .pairs()
                .all(|(from, to)| (1..squares).contains(&from) && to <= squares && from != to)
    }

    /// Whether no jump is declared a ladder or a snake, and no two can
    /// start on one square: the jumps of a form that writes a number for
    /// every square.
    pub(crate) fn one_per_square(&self) -> bool {
        matches!(self.0, Repr::Squares { .. })
    }
}

/// `(from, to)` of every jump: see [`WrittenJumps::squares`].
#[derive(Clone)]
struct Squares<'a> {
    listed: std::slice::Iter<'a, RawJump>,
    pairs: Parts<'a>,
}

impl Iterator for Squares<'_> {
    type Item = (u32, u32);

    #[inline]
    fn next(&mut self) -> Option<(u32, u32)> {
        match self.pairs.next() {
            Some(&pair) => Some(pair),
            None => self.listed.next().map(|j| (j.from as u32, j.to as u32)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.listed.len() + self.pairs.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares<'_> {}

/// The pairs of one part and then of the other.
#[derive(Debug, Clone)]
struct Parts<'a> {
    first: std::slice::Iter<'a, (u32, u32)>,
    second: std::slice::Iter<'a, (u32, u32)>,
}

impl<'a> Parts<'a> {
    fn of(parts: &'a [Vec<(u32, u32)>]) -> Parts<'a> {
        let part = |i: usize| parts.get(i).map_or(&[][..], Vec::as_slice).iter();
        Parts {
            first: part(0),
            second: part(1),
        }
    }

    fn len(&self) -> usize {
        self.first.len() + self.second.len()
    }
}

impl<'a> Iterator for Parts<'a> {
    type Item = &'a (u32, u32);

    #[inline]
    fn next(&mut self) -> Option<&'a (u32, u32)> {
        self.first.next().or_else(|| self.second.next())
    }
}

/// `(from, to)` of every jump: see [`WrittenJumps::pairs`].
struct Pairs<'a> {
    listed: std::slice::Iter<'a, RawJump>,
    pairs: Parts<'a>,
}

impl Iterator for Pairs<'_> {
    type Item = (u64, u64);

    #[inline]
    fn next(&mut self) -> Option<(u64, u64)> {
        match self.pairs.next() {
            Some(&(from, to)) => Some((u64::from(from), u64::from(to))),
            None => self.listed.next().map(|j| (j.from, j.to)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.listed.len() + self.pairs.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Pairs<'_> {}

/// The jumps of a [`WrittenJumps`], each as a [`RawJump`].
#[derive(Debug, Clone)]
pub struct Iter<'a>(IterRepr<'a>);

#[derive(Debug, Clone)]
enum IterRepr<'a> {
    Listed(std::slice::Iter<'a, RawJump>),
    Squares(Cells, Parts<'a>),
}

impl Iterator for Iter<'_> {
    type Item = RawJump;

    #[inline]
    fn next(&mut self) -> Option<RawJump> {
        match &mut self.0 {
            IterRepr::Listed(jumps) => jumps.next().cloned(),
            IterRepr::Squares(form, pairs) => pairs.next().map(|&(from, to)| form.raw(from, to)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match &self.0 {
            IterRepr::Listed(jumps) => jumps.len(),
            IterRepr::Squares(_, pairs) => pairs.len(),
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a WrittenJumps {
    type Item = RawJump;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl From<Vec<RawJump>> for WrittenJumps {
    fn from(jumps: Vec<RawJump>) -> WrittenJumps {
        WrittenJumps(Repr::Listed(jumps))
    }
}

impl FromIterator<RawJump> for WrittenJumps {
    fn from_iter<I: IntoIterator<Item = RawJump>>(jumps: I) -> WrittenJumps {
        WrittenJumps(Repr::Listed(jumps.into_iter().collect()))
    }
}

impl fmt::Debug for WrittenJumps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for WrittenJumps {
    fn eq(&self, other: &WrittenJumps) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for WrittenJumps {}

impl Hash for WrittenJumps {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for j in self {
            j.hash(state);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_give_the_jumps_as_a_list_would() {
        let moves = WrittenJumps::of_cells(Cells::Moves, [vec![(2, 19)], vec![(9, 3)]]);
        let listed = WrittenJumps::from(vec![
            RawJump {
                from: 2,
                to: 19,
                declared: None,
                origin: Origin::Moves { index: 1 },
            },
            RawJump {
                from: 9,
                to: 3,
                declared: None,
                origin: Origin::Moves { index: 8 },
            },
        ]);
        assert_eq!(moves, listed);
        assert_eq!(format!("{moves:?}"), format!("{listed:?}"));
        assert_eq!(moves.squares().collect::<Vec<_>>(), [(2, 19), (9, 3)]);
        assert_eq!(moves.get(1), listed.get(1));
        assert_eq!(moves.get(2), None);
        assert_eq!(listed.squares().len(), 2);
        assert_ne!(moves, WrittenJumps::default());
    }

    #[test]
    fn a_grid_square_is_found_in_its_cell() {
        // A 3×3 grid: square 1 bottom left, 4 middle right, 9 top right.
        let grid = WrittenJumps::of_cells(
            Cells::Grid { side: 3 },
            [vec![(1, 2), (4, 9), (9, 1)], vec![]],
        );
        let cells: Vec<Origin> = grid.iter().map(|j| j.origin).collect();
        assert_eq!(
            cells,
            [
                Origin::Grid { row: 2, col: 0 },
                Origin::Grid { row: 1, col: 2 },
                Origin::Grid { row: 0, col: 2 },
            ]
        );
    }
}
