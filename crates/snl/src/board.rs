//! The board: squares `1..=N` and the jumps (ladders and snakes) between them.
//!
//! A [`Board`] is valid once built: every jump starts and ends on the board,
//! no square starts two jumps, and the last square starts none. Rules that
//! depend on how the game is played (a cycle of jumps under chaining) are
//! checked where the rules meet the board, in [`crate::game`].
//!
//! Input formats produce a [`BoardSpec`]: the jumps exactly as written, with
//! where each was written, so that every problem can be reported against the
//! input, all at once, before a `Board` is built from it.

use std::fmt;

/// The most squares a board may have. Four bytes per square in each table
/// keeps a board this large within a few gigabytes.
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

/// A playable board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// `dest[s]` is where a jump starting on square `s` leads, or 0 where no
    /// jump starts. Index 0 (the off-board start) never has a jump.
    dest: Vec<u32>,
}

impl Board {
    /// A board of `squares` squares with the given jumps.
    ///
    /// # Errors
    ///
    /// The first problem that makes the board unplayable: a size of 0 or over
    /// [`MAX_SQUARES`], a jump off the board, a jump that starts and ends on
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
        let spec = BoardSpec {
            squares: u64::from(squares),
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
        };
        spec.build()
    }

    /// A board of `squares` squares and no jumps.
    pub fn empty(squares: u32) -> Result<Board, BoardError> {
        Board::new(squares, [])
    }

    /// The number of squares; the last square is this number.
    pub fn squares(&self) -> u32 {
        (self.dest.len() - 1) as u32
    }

    /// Where a jump starting on `square` leads, if one does.
    pub fn jump(&self, square: u32) -> Option<u32> {
        match self.dest.get(square as usize) {
            Some(&to) if to != 0 => Some(to),
            _ => None,
        }
    }

    /// Every jump, by starting square.
    pub fn jumps(&self) -> impl Iterator<Item = Jump> + '_ {
        self.dest
            .iter()
            .enumerate()
            .filter(|(_, to)| **to != 0)
            .map(|(from, &to)| Jump {
                from: from as u32,
                to,
            })
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
        self.dest.iter().filter(|&&to| to != 0).count()
    }

    /// The jump table: `table[s]` is where a jump from `s` leads, 0 for none.
    /// Its length is `squares() + 1`.
    pub(crate) fn jump_table(&self) -> &[u32] {
        &self.dest
    }

    /// This board with the jump from `square` removed (for "what if" studies).
    #[must_use]
    pub fn without_jump(&self, square: u32) -> Board {
        let mut dest = self.dest.clone();
        if let Some(d) = dest.get_mut(square as usize) {
            *d = 0;
        }
        Board { dest }
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
    /// A jump given to [`Board::new`].
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
    /// Destination square, numbered from 1 (0 is off the board).
    pub to: u64,
    /// The kind the input declared (the ladder and snake lists), if any.
    pub declared: Option<JumpKind>,
    /// Where it was written.
    pub origin: Origin,
}

/// A board as read from an input: a size and the jumps as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardSpec {
    /// Number of squares.
    pub squares: u64,
    /// The jumps, in input order.
    pub jumps: Vec<RawJump>,
}

impl BoardSpec {
    /// Every problem that makes this board unplayable, in input order.
    pub fn problems(&self) -> Vec<BoardError> {
        let mut problems = Vec::new();
        let n = self.squares;
        if n == 0 {
            problems.push(BoardError::NoSquares);
            return problems;
        }
        if n > MAX_SQUARES {
            problems.push(BoardError::TooManySquares(n));
            return problems;
        }
        // `first[s]` is the index of the first jump from `s`, to report
        // duplicates against it.
        let mut first: Vec<u32> = vec![u32::MAX; n as usize + 1];
        for (i, j) in self.jumps.iter().enumerate() {
            let on_board = |s: u64| (1..=n).contains(&s);
            if !on_board(j.from) || !on_board(j.to) {
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
            let slot = &mut first[j.from as usize];
            if *slot == u32::MAX {
                *slot = i as u32;
            } else {
                problems.push(BoardError::TwoJumps {
                    square: j.from,
                    first: self.jumps[*slot as usize].origin,
                    second: j.origin,
                });
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
        let mut dest = vec![0u32; self.squares as usize + 1];
        for j in &self.jumps {
            dest[j.from as usize] = j.to as u32;
        }
        Ok(Board { dest })
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
    /// A jump starts or ends off the board.
    #[error(
        "{origin}: the jump {from}->{to} leaves the board; squares are numbered 1 to {squares}"
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
            jumps: vec![
                raw(3, 11, None, 0),
                raw(0, 4, None, 1),
                raw(5, 5, None, 2),
                raw(6, 2, Some(JumpKind::Ladder), 3),
                raw(10, 1, None, 4),
                raw(7, 9, None, 5),
                raw(7, 8, None, 6),
            ],
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
    fn size_limits() {
        assert_eq!(Board::empty(0).unwrap_err(), BoardError::NoSquares);
        let spec = BoardSpec {
            squares: MAX_SQUARES + 1,
            jumps: vec![],
        };
        assert!(matches!(spec.build(), Err(BoardError::TooManySquares(_))));
        assert_eq!(Board::empty(1).unwrap().squares(), 1);
    }
}
