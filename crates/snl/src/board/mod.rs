//! The board: squares `1..=N` and the jumps (ladders and snakes) between them.
//!
//! A [`Board`] is valid once built: every jump starts and ends on the board,
//! no square starts two jumps, and the last square starts none. A snake may
//! also end on square 0, back off the board. Rules that depend on how the
//! game is played (a cycle of jumps under chaining, a snake to square 0
//! when the pawn does not start off the board) are checked where the rules
//! meet the board, in [`crate::game`].
//!
//! Input formats produce a [`BoardSpec`]: the jumps exactly as written, with
//! where each was written, so that every problem can be reported against the
//! input, all at once, before a `Board` is built from it.

use std::fmt;

use crate::limits::Estimate;

mod written;

pub(crate) use written::{Cells, winding_cell};
pub use written::{Iter, JumpKind, Origin, RawJump, WrittenJumps};

/// The most squares a board may have.
pub const MAX_SQUARES: u64 = 1 << 30;

/// A ladder or a snake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Jump {
    /// The square the jump starts on.
    pub from: u32,
    /// The square it takes the pawn to.
    pub to: u32,
}

impl Jump {
    /// Whether this jump goes up the board.
    pub fn is_ladder(self) -> bool {
        self.to > self.from
    }

    /// Whether this jump goes down the board.
    pub fn is_snake(self) -> bool {
        self.to < self.from
    }

    /// Whether this jump is a snake back to square 0, off the board: a board
    /// may hold one, and a game plays it only when the pawn starts off the
    /// board too ([`crate::Start::OffBoard`]; see
    /// [`crate::GameError::ToSquare0`]).
    pub fn to_start(self) -> bool {
        self.to == 0
    }

    /// Which kind of jump this is.
    pub fn kind(self) -> JumpKind {
        if self.is_ladder() {
            JumpKind::Ladder
        } else {
            JumpKind::Snake
        }
    }
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", self.from, self.to)
    }
}

/// A playable board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// The number of squares.
    squares: u32,
    /// The squares that start a jump, and where each leads.
    jumps: JumpMap,
}

impl Board {
    /// A board of `squares` squares with the given jumps.
    ///
    /// # Errors
    ///
    /// The first problem that makes the board unplayable: a size of 0 or over
    /// [`MAX_SQUARES`], a jump off the board (square 0 may end a snake, see
    /// [`Jump::to_start`]), a jump that starts and ends on
    /// one square, two jumps from one square, or a jump from the last square.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::{Board, Jump};
    ///
    /// let board = Board::new(20, [Jump { from: 2, to: 19 }, Jump { from: 9, to: 2 }])?;
    /// assert_eq!(board.squares(), 20);
    /// assert_eq!(board.jump(9), Some(2));
    /// # Ok::<(), snl::BoardError>(())
    /// ```
    pub fn new(squares: u32, jumps: impl IntoIterator<Item = Jump>) -> Result<Board, BoardError> {
        BoardSpec::of_jumps(u64::from(squares), jumps).build()
    }

    /// A board of `squares` squares and no jumps.
    pub fn empty(squares: u32) -> Result<Board, BoardError> {
        Board::new(squares, [])
    }

    /// The number of squares; the last square is this number.
    pub fn squares(&self) -> u32 {
        self.squares
    }

    /// Where a jump starting on `square` leads, if one does.
    #[inline]
    pub fn jump(&self, square: u32) -> Option<u32> {
        self.jumps.get(square)
    }

    /// Every jump, by starting square.
    pub fn jumps(&self) -> impl Iterator<Item = Jump> + '_ {
        self.jumps.iter().map(|(from, to)| Jump { from, to })
    }

    /// The ladders, by starting square.
    pub fn ladders(&self) -> impl Iterator<Item = Jump> + '_ {
        self.jumps().filter(|j| j.is_ladder())
    }

    /// The snakes, by starting square.
    pub fn snakes(&self) -> impl Iterator<Item = Jump> + '_ {
        self.jumps().filter(|j| j.is_snake())
    }

    /// The number of jumps.
    pub fn jump_count(&self) -> usize {
        self.jumps.len()
    }

    /// Whether some jump ends on the start of another: a chain, which the
    /// rules follow or not ([`crate::Rules::chain`]).
    pub fn has_chain(&self) -> bool {
        self.jumps().any(|j| self.jump(j.to).is_some())
    }

    /// The squares that start a jump and where each leads, for the
    /// algorithms that scan them a word at a time.
    pub(crate) fn jump_map(&self) -> &JumpMap {
        &self.jumps
    }

    /// This board with the jump from `square` removed (for "what if" studies).
    #[must_use]
    pub fn without_jump(&self, square: u32) -> Board {
        Board {
            squares: self.squares,
            jumps: JumpMap::new(
                self.squares as usize + 1,
                self.jumps
                    .iter()
                    .filter(|&(from, _)| from != square)
                    .collect::<Vec<_>>()
                    .into_iter(),
            ),
        }
    }
}

/// A map from some squares to squares, in a little over two bits per
/// square plus four bytes per entry: one bit per square says whether it has
/// an entry, a count per 64 squares says how many entries come before, and
/// the values are listed by square. A lookup is a bit test, a count of the
/// bits below it in its word, and a read from the short list.
///
/// Boards have jumps on a few squares in a hundred, so this keeps a board of
/// 10^8 squares in about 20 MB, and a search that looks up jumps at random
/// finds every table in the processor's cache instead of in a four-byte-per-
/// square array.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct JumpMap {
    /// Bit `s % 64` of word `s / 64` is set where square `s` has an entry;
    /// one spare zero word at the end, so that `s / 64 + 1` is a word.
    bits: Vec<u64>,
    /// `before[w]`: the entries in words before `w`.
    before: Vec<u32>,
    /// The values, by square.
    to: Vec<u32>,
}

impl JumpMap {
    /// The map over squares `0..positions` with `entries`, in any order,
    /// each square at most once. The entries are gone through twice, so
    /// that a board's jumps need no list of pairs of their own.
    pub(crate) fn new(
        positions: usize,
        entries: impl ExactSizeIterator<Item = (u32, u32)> + Clone,
    ) -> JumpMap {
        let words = positions.div_ceil(64) + 1;
        let mut bits = vec![0u64; words];
        let len = entries.len();
        let mut sorted = true;
        let mut last = None;
        for (from, _) in entries.clone() {
            debug_assert!((from as usize) < positions);
            bits[from as usize / 64] |= 1 << (from % 64);
            sorted &= last < Some(from);
            last = Some(from);
        }
        let mut before = Vec::with_capacity(words);
        let mut count = 0u32;
        for &w in &bits {
            before.push(count);
            count += w.count_ones();
        }
        if sorted {
            // In square order already (a moves array's jumps): the values
            // are the list.
            return JumpMap {
                bits,
                before,
                to: entries.map(|(_, to)| to).collect(),
            };
        }
        let mut map = JumpMap {
            bits,
            before,
            to: vec![0; len],
        };
        // Each value goes to its square's place in the list: no sort needed.
        for (from, dest) in entries {
            let i = map.index(from).expect("the square's bit was just set");
            map.to[i] = dest;
        }
        map
    }

    /// The same squares with other values, one per entry in square order.
    pub(crate) fn with_values(&self, to: Vec<u32>) -> JumpMap {
        assert_eq!(to.len(), self.to.len(), "one value per entry");
        JumpMap {
            bits: self.bits.clone(),
            before: self.before.clone(),
            to,
        }
    }

    /// The position of `square`'s entry in the list, if it has one.
    #[inline]
    pub(crate) fn index(&self, square: u32) -> Option<usize> {
        let w = square as usize / 64;
        let word = *self.bits.get(w)?;
        let bit = 1u64 << (square % 64);
        (word & bit != 0)
            .then(|| self.before[w] as usize + (word & (bit - 1)).count_ones() as usize)
    }

    /// The value of `square`, if it has one.
    #[inline]
    pub(crate) fn get(&self, square: u32) -> Option<u32> {
        self.index(square).map(|i| self.to[i])
    }

    /// The number of entries.
    pub(crate) fn len(&self) -> usize {
        self.to.len()
    }

    /// One bit per square, set where an entry is (see the field).
    pub(crate) fn bits(&self) -> &[u64] {
        &self.bits
    }

    /// `before()[w]`: the entries in words before `w`.
    pub(crate) fn before(&self) -> &[u32] {
        &self.before
    }

    /// The values, by square.
    pub(crate) fn values(&self) -> &[u32] {
        &self.to
    }

    /// The squares with an entry, in order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = u32> + '_ {
        self.bits.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    (w * 64) as u32 + b
                })
            })
        })
    }

    /// Every entry, by square.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.keys().zip(self.to.iter().copied())
    }
}

/// A board as read from an input: a size and the jumps as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardSpec {
    /// Number of squares.
    pub squares: u64,
    /// The jumps, in input order.
    pub jumps: WrittenJumps,
}

impl BoardSpec {
    /// The spec of `jumps` on a board of `squares` squares, each jump
    /// located by its position in the list ([`Origin::Jump`]), for checking
    /// jumps that come from a program rather than a file.
    pub fn of_jumps(squares: u64, jumps: impl IntoIterator<Item = Jump>) -> BoardSpec {
        BoardSpec {
            squares,
            jumps: jumps
                .into_iter()
                .enumerate()
                .map(|(index, j)| RawJump {
                    from: u64::from(j.from),
                    to: u64::from(j.to),
                    declared: None,
                    origin: Origin::Jump { index },
                })
                .collect(),
        }
    }

    /// Every problem that makes this board unplayable, in input order.
    pub fn problems(&self) -> Vec<BoardError> {
        self.problems_within(MAX_SQUARES)
    }

    /// [`BoardSpec::problems`] for boards of up to `max` squares: a board
    /// over it has the one problem [`BoardError::TooManySquares`]. Boards
    /// of every length are checked here, so a jump means the same on each.
    pub(crate) fn problems_within(&self, max: u64) -> Vec<BoardError> {
        let n = self.squares;
        match n {
            0 => return vec![BoardError::NoSquares],
            n if n > max => return vec![BoardError::TooManySquares(n)],
            n if self.jumps.surely_playable(n) => return Vec::new(),
            _ => {}
        }
        let mut problems = Vec::new();
        // Square by square, one bit a square marks a square some jump
        // starts on; on a board far longer than its list of jumps, the
        // squares of the jumps are sorted instead. A form with one number a
        // square cannot start two jumps on one.
        let distinct = self.jumps.one_per_square();
        let by_bits = n <= MAX_SQUARES;
        let mut taken = if by_bits && !distinct {
            vec![0u64; (n as usize).div_ceil(64) + 1]
        } else {
            Vec::new()
        };
        let mut starts: Vec<(u64, usize, usize)> = Vec::new();
        let mut duplicates = Vec::new();
        for (i, j) in self.jumps.iter().enumerate() {
            // Square 0, off the board, may end a snake (it is below every
            // square) but start nothing.
            if !(1..=n).contains(&j.from) || j.to > n {
                problems.push(BoardError::OffBoard {
                    origin: j.origin,
                    from: j.from,
                    to: j.to,
                    squares: n,
                });
                continue;
            }
            if j.from == j.to {
                problems.push(BoardError::NoMove {
                    origin: j.origin,
                    square: j.from,
                });
                continue;
            }
            if let Some(kind) = j.declared {
                let actual = if j.to > j.from {
                    JumpKind::Ladder
                } else {
                    JumpKind::Snake
                };
                if actual != kind {
                    problems.push(BoardError::WrongDirection {
                        origin: j.origin,
                        from: j.from,
                        to: j.to,
                        declared: kind,
                    });
                }
            }
            if j.from == n {
                problems.push(BoardError::FromLast {
                    origin: j.origin,
                    square: n,
                });
                continue;
            }
            if distinct {
                continue;
            }
            if !by_bits {
                // Found below, once the starts are sorted.
                starts.push((j.from, i, problems.len()));
                continue;
            }
            let (w, bit) = (j.from as usize / 64, 1u64 << (j.from % 64));
            if taken[w] & bit == 0 {
                taken[w] |= bit;
            } else {
                // Filled in below, once every duplicate is known.
                duplicates.push((problems.len(), i));
                problems.push(BoardError::NoSquares);
            }
        }
        if !by_bits && !distinct {
            return sorted_duplicates(self, problems, &mut starts);
        }
        if !duplicates.is_empty() {
            // The first jump from each square that starts two: the lowest
            // index among the jumps that passed the checks above.
            let mut first: Vec<(u64, usize)> = self
                .jumps
                .iter()
                .enumerate()
                .filter(|(_, j)| (1..n).contains(&j.from) && j.to <= n && j.from != j.to)
                .map(|(i, j)| (j.from, i))
                .collect();
            first.sort_unstable();
            first.dedup_by_key(|&mut (square, _)| square);
            let origin = |i: usize| self.jumps.get(i).expect("an index of a jump").origin;
            for (at, i) in duplicates {
                let square = self.jumps.get(i).expect("an index of a jump").from;
                let k = first.partition_point(|&(s, _)| s < square);
                problems[at] = BoardError::TwoJumps {
                    square,
                    first: origin(first[k].1),
                    second: origin(i),
                };
            }
        }
        problems
    }

    /// The board, if it has no problems.
    ///
    /// # Errors
    ///
    /// The first of [`BoardSpec::problems`].
    pub fn build(&self) -> Result<Board, BoardError> {
        if let Some(problem) = self.problems().into_iter().next() {
            return Err(problem);
        }
        Ok(self.build_checked())
    }

    /// [`BoardSpec::build`] for a spec whose [`BoardSpec::problems`] were
    /// found to be none, without looking for them again.
    pub(crate) fn build_checked(&self) -> Board {
        debug_assert!(self.problems().is_empty());
        let squares = self.squares as u32;
        Board {
            squares,
            jumps: JumpMap::new(squares as usize + 1, self.jumps.squares()),
        }
    }
}

/// `problems` with a [`BoardError::TwoJumps`] put in for every jump that
/// starts on a square an earlier one starts on. `starts` holds each jump
/// that passed the other checks: its square, its input index, and where its
/// problem goes among `problems` (the problems found before it).
fn sorted_duplicates(
    spec: &BoardSpec,
    problems: Vec<BoardError>,
    starts: &mut [(u64, usize, usize)],
) -> Vec<BoardError> {
    starts.sort_unstable();
    // (input index, place, problem) for each jump after the first from its
    // square.
    let mut found: Vec<(usize, usize, BoardError)> = Vec::new();
    for group in starts.chunk_by(|a, b| a.0 == b.0) {
        let origin = |i: usize| spec.jumps.get(i).expect("an index of a jump").origin;
        let first = origin(group[0].1);
        for &(square, i, at) in &group[1..] {
            found.push((
                i,
                at,
                BoardError::TwoJumps {
                    square,
                    first,
                    second: origin(i),
                },
            ));
        }
    }
    if found.is_empty() {
        return problems;
    }
    // In input order, which is also the order of their places.
    found.sort_unstable_by_key(|&(i, _, _)| i);
    let mut out = Vec::with_capacity(problems.len() + found.len());
    let mut extra = found.into_iter().peekable();
    for (at, p) in problems.into_iter().enumerate() {
        while let Some((_, _, e)) = extra.next_if(|&(_, place, _)| place <= at) {
            out.push(e);
        }
        out.push(p);
    }
    out.extend(extra.map(|(_, _, e)| e));
    out
}

impl From<&Board> for BoardSpec {
    /// The spec of a built board, its jumps by starting square: what
    /// [`crate::check::check`] takes to look for warnings under some rules.
    fn from(board: &Board) -> BoardSpec {
        BoardSpec::of_jumps(u64::from(board.squares()), board.jumps())
    }
}

/// Where a jump was written, with the value as written when that differs
/// from the square it means: a `moves` entry is 0-based, so `moves[1] = 9`
/// is the jump from square 2 to square 10.
fn as_written(origin: &Origin, to: u64) -> String {
    match origin {
        Origin::Moves { index } => format!(
            "moves[{index}] = {} (0-based: square {} to square {to})",
            to.saturating_sub(1),
            index + 1
        ),
        other => other.to_string(),
    }
}

/// A reason a board cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The board has no squares.
    #[error("the board has no squares; it needs at least 1")]
    NoSquares,
    /// The board is larger than snl handles.
    #[error("the board has {0} squares; snl handles at most {MAX_SQUARES}")]
    TooManySquares(u64),
    /// A jump starts or ends off the board (square 0 may end a snake, but
    /// start nothing).
    #[error(
        "{}: the jump {from}->{to} leaves the board; squares are numbered 1 to {squares}",
        as_written(origin, *to)
    )]
    OffBoard {
        /// Where it was written.
        origin: Origin,
        /// Its start.
        from: u64,
        /// Its end.
        to: u64,
        /// The board size.
        squares: u64,
    },
    /// A jump that starts and ends on one square (in a form where that is not
    /// a way of writing "no jump").
    #[error("{origin}: the jump starts and ends on square {square}; remove it")]
    NoMove {
        /// Where it was written.
        origin: Origin,
        /// The square.
        square: u64,
    },
    /// A snake listed as a ladder, or a ladder as a snake.
    #[error(
        "{origin}: {from}->{to} goes {dir}, but it is listed as a {declared}; move it to the {other} list or swap its squares",
        dir = if to > from { "up" } else { "down" },
        other = if *to > *from { "ladders" } else { "snakes" }
    )]
    WrongDirection {
        /// Where it was written.
        origin: Origin,
        /// Its start.
        from: u64,
        /// Its end.
        to: u64,
        /// The list it was in.
        declared: JumpKind,
    },
    /// A jump from the last square, which ends the game before it is taken.
    #[error(
        "{origin}: a jump starts on the last square ({square}); reaching it ends the game, so remove the jump"
    )]
    FromLast {
        /// Where it was written.
        origin: Origin,
        /// The last square.
        square: u64,
    },
    /// Two jumps start on one square.
    #[error("two jumps start on square {square} ({first} and {second}); keep one")]
    TwoJumps {
        /// The square.
        square: u64,
        /// The first jump.
        first: Origin,
        /// The second.
        second: Origin,
    },
}

/// The memory and work of the tables of a board of `squares` squares and
/// `jumps` jumps, read and ready to play ([`Board`] and
/// [`Game`](crate::Game)): what a front end checks before building one.
///
/// ```
/// // The largest board snl takes: a few bits a square.
/// let e = snl::board::cost(1 << 30, 0);
/// assert!(e.memory < 1 << 30);
/// ```
pub fn cost(squares: u64, jumps: u64) -> Estimate {
    let n = squares as f64 + 1.0;
    let j = jumps as f64;
    // The board's map of jumps and the game's map of resting squares: a
    // bit and a sixteenth of a count a square, four bytes a jump, each;
    // and the jumps as read (about 64 bytes each) while the board is built.
    // A board that is refused holds instead up to two problems a jump (a
    // wrong direction, then a duplicate start or a start on the last
    // square), in a vector that grows by doubling and so holds, while it
    // moves, up to three times its entries; and a pair of indices a jump
    // for the duplicates.
    let refused = 6.0 * std::mem::size_of::<BoardError>() as f64 + 16.0;
    Estimate::from_f64(0.375 * n + (72.0 + refused) * j, 0.5 * n + 8.0 * j)
}

/// A question only the dense engine answers, on a board longer than its
/// tables hold ([`MAX_SQUARES`]): the refusal every front end and every
/// analysis gives, in one wording (also at [`crate::plan::DenseOnly`]).
///
/// ```
/// let refused = snl::plan::DenseOnly { what: "--count".into(), squares: 1 << 40 };
/// assert_eq!(
///     refused.to_string(),
///     "--count needs the engine that keeps tables a square long, which holds boards of up to 2^30 squares; this one has 1099511627776"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{what} needs the engine that keeps tables a square long, which holds boards of up to 2^30 squares; this one has {squares}"
)]
pub struct DenseOnly {
    /// What was asked for: an option, or an analysis as a noun phrase.
    pub what: String,
    /// The board's squares.
    pub squares: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(from: u64, to: u64, declared: Option<JumpKind>, index: usize) -> RawJump {
        RawJump {
            from,
            to,
            declared,
            origin: Origin::Ladder { index },
        }
    }

    #[test]
    fn builds_and_reads_back() {
        let b = Board::new(
            20,
            [
                Jump { from: 2, to: 19 },
                Jump { from: 12, to: 15 },
                Jump { from: 9, to: 2 },
            ],
        )
        .unwrap();
        assert_eq!(b.squares(), 20);
        assert_eq!(b.jump(2), Some(19));
        assert_eq!(b.jump(3), None);
        assert_eq!(b.jump(99), None);
        assert_eq!(b.ladders().count(), 2);
        assert_eq!(
            b.snakes().collect::<Vec<_>>(),
            vec![Jump { from: 9, to: 2 }]
        );
        assert_eq!(b.without_jump(2).jump_count(), 2);
    }

    #[test]
    fn reports_every_problem() {
        let spec = BoardSpec {
            squares: 10,
            jumps: WrittenJumps::from(vec![
                raw(3, 11, None, 0),
                raw(0, 4, None, 1),
                raw(5, 5, None, 2),
                raw(6, 2, Some(JumpKind::Ladder), 3),
                raw(10, 1, None, 4),
                raw(7, 9, None, 5),
                raw(7, 8, None, 6),
            ]),
        };
        let p = spec.problems();
        assert_eq!(p.len(), 6, "{p:?}");
        assert_eq!(
            p[0].to_string(),
            "ladders[0]: the jump 3->11 leaves the board; squares are numbered 1 to 10"
        );
        assert!(matches!(p[1], BoardError::OffBoard { from: 0, .. }));
        assert!(matches!(p[2], BoardError::NoMove { square: 5, .. }));
        assert_eq!(
            p[3].to_string(),
            "ladders[3]: 6->2 goes down, but it is listed as a ladder; move it to the snakes list or swap its squares"
        );
        assert!(matches!(p[4], BoardError::FromLast { square: 10, .. }));
        assert_eq!(
            p[5].to_string(),
            "two jumps start on square 7 (ladders[5] and ladders[6]); keep one"
        );
        assert_eq!(spec.build().unwrap_err(), p[0]);
    }

    #[test]
    fn long_boards_find_the_same_problems_by_sorting() {
        // The same jumps on a board of 100 squares (found with a bit a
        // square) and of 2^40 (found by sorting): the same problems, in the
        // same order, the first of two jumps from a square named first.
        let jumps = vec![
            raw(7, 9, None, 0),
            raw(5, 5, None, 1),
            raw(7, 8, None, 2),
            raw(6, 2, Some(JumpKind::Ladder), 3),
            raw(3, 50, None, 4),
            raw(6, 1, None, 5),
            raw(7, 1, None, 6),
            raw(3, 40, None, 7),
        ];
        let short = BoardSpec {
            squares: 100,
            jumps: WrittenJumps::from(jumps.clone()),
        };
        let long = BoardSpec {
            squares: 1 << 40,
            jumps: WrittenJumps::from(jumps),
        };
        let expected = short.problems();
        assert_eq!(expected.len(), 6, "{expected:?}");
        assert_eq!(long.problems_within(1 << 62), expected);
        assert_eq!(
            long.problems(),
            vec![BoardError::TooManySquares(1 << 40)],
            "the square-by-square limit stays"
        );
    }

    #[test]
    fn size_limits() {
        assert_eq!(Board::empty(0).unwrap_err(), BoardError::NoSquares);
        let spec = BoardSpec {
            squares: MAX_SQUARES + 1,
            jumps: WrittenJumps::default(),
        };
        assert!(matches!(spec.build(), Err(BoardError::TooManySquares(_))));
        assert_eq!(Board::empty(1).unwrap().squares(), 1);
    }

    #[test]
    fn the_tables_cost_a_few_bits_a_square_and_bytes_a_jump() {
        use crate::limits::Budget;
        assert!(cost(1 << 30, 0).fits(&Budget::DEFAULT));
        assert!(!cost(1 << 30, 100_000_000).fits(&Budget::DEFAULT));
        assert!(cost(200, 10).memory > cost(100, 10).memory);
    }
}
