//! Boards of any length: analyses whose cost grows with the jumps, not the
//! squares.
//!
//! Every other analysis in snl keeps tables a square long. A long board is
//! mostly empty stretches, and across an empty stretch both questions have
//! closed forms: the fewest rolls across `d` plain squares is a function of
//! `d` that grows by one every `K` squares (`K` the die's top value), and
//! the chance of where a pawn first lands past the stretch, with the
//! moments of how many rolls it takes, settle exponentially fast to a
//! stationary form (for a fair die of `k` faces, reaching or passing the end
//! of `d` squares takes `2d/(k+1) + 2(k-1)/(3(k+1))` rolls on average, less
//! an exponentially small term). So these analyses keep squares one by one
//! only near the squares where something happens: the `K` squares (`K`
//! the die's top value) from the start, from each jump's start and from
//! where it leaves the pawn, and the last `K + 1`. Between these *zones*
//! lie *stretches* of plain squares, each crossed in one step: from the
//! last `K` squares before it (its exit) to the first `K` after it (its
//! entry).
//!
//! - [`SparseBoard`] and [`SparseGame`]: a board of up to [`MAX_SPARSE_SQUARES`]
//!   squares and [`MAX_SPARSE_JUMPS`] jumps, and its rules. The move rule is
//!   [`Finish::land`](crate::Finish::land) and the chaining rule the one of
//!   [`Game`](crate::Game): both engines apply the same code.
//! - [`shortest`]: the fewest rolls, and the optimal sequence whose rolls
//!   come first in dictionary order (the one [`crate::shortest::solve`]
//!   gives), written as runs of equal rolls; and how many optimal
//!   sequences there are, in 128 bits ([`shortest::count::count_optimal`]).
//! - [`markov`]: the mean and variance of the number of rolls with a real
//!   die, each with a bound on its error, and the chance of never
//!   finishing.
//!
//! ```
//! use snl::sparse::{SparseBoard, SparseGame};
//! use snl::Rules;
//!
//! // 10^12 squares, a ladder near the start and a snake near the end.
//! let board = SparseBoard::new(1_000_000_000_000, [(3, 500_000_000_000), (999_999_999_990, 7)])?;
//! let game = SparseGame::new(board, Rules::default())?;
//! let best = snl::sparse::shortest::solve(&game)?;
//! assert_eq!(best.min_rolls, Some(1 + (500_000_000_000u64).div_ceil(6)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod crossing;
pub(crate) mod layout;
pub mod markov;
pub mod reach;
pub mod shortest;
#[cfg(test)]
pub(crate) mod testing;

use std::fmt;
use std::sync::OnceLock;

use crate::board::{Board, BoardError, BoardSpec};
use crate::game::{jumps_taken_by, resolve_chains_by, to_square0};
use crate::limits::LimitError;
use crate::rules::Rules;

/// The most squares a board of any length may have: 2^62.
pub const MAX_SPARSE_SQUARES: u64 = 1 << 62;

/// The most jumps a board of any length may have.
pub const MAX_SPARSE_JUMPS: usize = 1_000_000;

/// A jump on a board of any length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SparseJump {
    /// The square the jump starts on.
    pub from: u64,
    /// The square it takes the pawn to.
    pub to: u64,
}

/// A playable board of up to [`MAX_SPARSE_SQUARES`] squares, held as its list
/// of jumps: no table a square long.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SparseBoard {
    squares: u64,
    /// The squares jumps start on, in order.
    from: Vec<u64>,
    /// Where each leads.
    to: Vec<u64>,
}

impl From<&SparseBoard> for crate::board::BoardSpec {
    /// The spec of a board of any length, its jumps by starting square:
    /// what [`crate::check::check`] takes.
    fn from(board: &SparseBoard) -> crate::board::BoardSpec {
        crate::board::BoardSpec {
            squares: board.squares,
            jumps: board
                .jumps()
                .enumerate()
                .map(|(index, j)| crate::board::RawJump {
                    from: j.from,
                    to: j.to,
                    declared: None,
                    origin: crate::board::Origin::Jump { index },
                })
                .collect(),
        }
    }
}

/// Why a board cannot be played as a board of any length.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SparseBoardError {
    /// A problem of the board as written (the same as for any board).
    #[error(transparent)]
    Board(#[from] BoardError),
    /// More squares than [`MAX_SPARSE_SQUARES`].
    #[error("the board has {0} squares; snl handles at most 2^62 = {MAX_SPARSE_SQUARES}")]
    TooLong(u64),
    /// More jumps than [`MAX_SPARSE_JUMPS`].
    #[error("the board has {0} jumps; a board of any length may have at most {MAX_SPARSE_JUMPS}")]
    TooManyJumps(usize),
}

impl SparseBoard {
    /// A board of `squares` squares with the jumps `(from, to)`.
    ///
    /// # Errors
    ///
    /// The first problem that makes the board unplayable, as for
    /// [`crate::Board::new`], and a size over [`MAX_SPARSE_SQUARES`] or more
    /// than [`MAX_SPARSE_JUMPS`] jumps.
    pub fn new(
        squares: u64,
        jumps: impl IntoIterator<Item = (u64, u64)>,
    ) -> Result<SparseBoard, SparseBoardError> {
        let spec = BoardSpec {
            squares,
            jumps: jumps
                .into_iter()
                .enumerate()
                .map(|(index, (from, to))| crate::board::RawJump {
                    from,
                    to,
                    declared: None,
                    origin: crate::board::Origin::Jump { index },
                })
                .collect(),
        };
        SparseBoard::from_spec(&spec)
    }

    /// The board of a spec as read from a file.
    ///
    /// # Errors
    ///
    /// As [`SparseBoard::new`]; the problems of the jumps are the first of
    /// [`SparseBoard::problems`].
    pub fn from_spec(spec: &BoardSpec) -> Result<SparseBoard, SparseBoardError> {
        if let Some(problem) = SparseBoard::problems(spec).into_iter().next() {
            return Err(problem);
        }
        Ok(SparseBoard::build_checked(spec))
    }

    /// The board of a spec that has no problems
    /// ([`SparseBoard::problems`] is empty), without looking for them again.
    pub(crate) fn build_checked(spec: &BoardSpec) -> SparseBoard {
        let mut jumps: Vec<(u64, u64)> = spec.jumps.iter().map(|j| (j.from, j.to)).collect();
        jumps.sort_unstable();
        SparseBoard {
            squares: spec.squares,
            from: jumps.iter().map(|j| j.0).collect(),
            to: jumps.iter().map(|j| j.1).collect(),
        }
    }

    /// Every problem that makes `spec` unplayable as a board of any length,
    /// in input order: those of [`BoardSpec::problems`], found by sorting
    /// the jumps instead of with a bit a square, under the limits of this
    /// module.
    pub fn problems(spec: &BoardSpec) -> Vec<SparseBoardError> {
        if spec.squares > MAX_SPARSE_SQUARES {
            return vec![SparseBoardError::TooLong(spec.squares)];
        }
        if spec.jumps.len() > MAX_SPARSE_JUMPS {
            return vec![SparseBoardError::TooManyJumps(spec.jumps.len())];
        }
        spec.problems_within(MAX_SPARSE_SQUARES)
            .into_iter()
            .map(SparseBoardError::Board)
            .collect()
    }

    /// The same board, from a board of the square-by-square engines.
    pub fn of_board(board: &Board) -> SparseBoard {
        SparseBoard {
            squares: u64::from(board.squares()),
            from: board.jumps().map(|j| u64::from(j.from)).collect(),
            to: board.jumps().map(|j| u64::from(j.to)).collect(),
        }
    }

    /// The number of squares; the last square is this number.
    pub fn squares(&self) -> u64 {
        self.squares
    }

    /// The number of jumps.
    pub fn jump_count(&self) -> usize {
        self.from.len()
    }

    /// Where a jump starting on `square` leads, if one does.
    pub fn jump(&self, square: u64) -> Option<u64> {
        self.index(square).map(|i| self.to[i])
    }

    /// Every jump, by starting square.
    pub fn jumps(&self) -> impl Iterator<Item = SparseJump> + '_ {
        self.from
            .iter()
            .zip(&self.to)
            .map(|(&from, &to)| SparseJump { from, to })
    }

    /// The index of the jump starting on `square`.
    fn index(&self, square: u64) -> Option<usize> {
        self.from.binary_search(&square).ok()
    }
}

/// A zone of a layout as an interval of squares, before its nodes are
/// numbered, and whether it is a lone square in a stretch (see
/// `layout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Interval {
    pub first: u64,
    pub last: u64,
    pub lone: bool,
}

/// A board of any length under a set of rules.
#[derive(Debug, Clone)]
pub struct SparseGame {
    board: SparseBoard,
    rules: Rules,
    /// Where a pawn landing on each jump's start comes to rest: the jump's
    /// end, or with chaining on the end of the last jump in the chain.
    rest: Vec<u64>,
    /// The zones of each engine's layout, the search's and the moments',
    /// found the first time they are asked for (`layout::zones`).
    pub(crate) zones: [OnceLock<Vec<Interval>>; 2],
}

impl PartialEq for SparseGame {
    /// The same board under the same rules, whatever zones were found.
    fn eq(&self, other: &SparseGame) -> bool {
        (&self.board, &self.rules, &self.rest) == (&other.board, &other.rules, &other.rest)
    }
}

impl Eq for SparseGame {}

/// A board of any length that cannot be played under the given rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SparseGameError {
    /// Chaining is on and jumps lead round in a circle.
    #[error("with chaining on, the jumps from squares {} lead round in a circle, so a pawn there never comes to rest; break the circle or turn chaining off", crate::words::circle(.squares))]
    Cycle {
        /// The squares of the circle, in the order the pawn visits them.
        squares: Vec<u64>,
    },
    /// A snake leads to square 0, off the board, but the pawn starts on
    /// square 1 (see [`crate::GameError::ToSquare0`]).
    #[error(
        "the snake from square {from} leads to square 0, off the board, which is a position only when the pawn starts there; add \"start\": 0 to the rules (--start 0), or end the snake on square 1"
    )]
    ToSquare0 {
        /// The square the snake starts on (the lowest, if several do).
        from: u64,
    },
}

/// One roll on a board of any length: the value rolled, where it landed,
/// and where the pawn came to rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SparseMove {
    /// The value rolled.
    pub roll: u32,
    /// The square the roll landed on (after any bounce).
    pub land: u64,
    /// The square the pawn rests on after any jump.
    pub to: u64,
}

impl SparseGame {
    /// Prepares `board` for play under `rules`.
    ///
    /// # Errors
    ///
    /// [`SparseGameError::Cycle`] when chaining is on and the jumps form a
    /// circle; [`SparseGameError::ToSquare0`] when a snake leads to square 0
    /// and the pawn starts on square 1.
    pub fn new(board: SparseBoard, rules: Rules) -> Result<SparseGame, SparseGameError> {
        if let Some(from) = to_square0(&rules, board.jumps().map(|j| (j.from, j.to))) {
            return Err(SparseGameError::ToSquare0 { from });
        }
        let rest = if rules.chain {
            resolve_chains_by(&board.to, |s| board.index(s)).map_err(|circle| {
                SparseGameError::Cycle {
                    squares: circle.iter().map(|&i| board.from[i]).collect(),
                }
            })?
        } else {
            board.to.clone()
        };
        Ok(SparseGame {
            board,
            rules,
            rest,
            zones: Default::default(),
        })
    }

    /// The same game, from a game of the square-by-square engines.
    ///
    /// # Panics
    ///
    /// Never: a [`Game`](crate::Game) has already refused circles of
    /// chained jumps and snakes to square 0 under a start on square 1.
    pub fn of_game(game: &crate::Game) -> SparseGame {
        SparseGame::new(SparseBoard::of_board(game.board()), game.rules().clone())
            .expect("a game's chains are already resolved")
    }

    /// The board.
    pub fn board(&self) -> &SparseBoard {
        &self.board
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The last square, which ends the game.
    pub fn goal(&self) -> u64 {
        self.board.squares
    }

    /// The position the pawn starts from (0 or 1).
    pub fn start(&self) -> u64 {
        u64::from(self.rules.start.position())
    }

    /// Where a pawn that lands on `square` comes to rest.
    pub fn rest(&self, square: u64) -> u64 {
        self.board.index(square).map_or(square, |i| self.rest[i])
    }

    /// The squares where a jump starts that a pawn landing on `square`
    /// passes through, in order, as [`Game::jumps_taken`] gives them.
    ///
    /// [`Game::jumps_taken`]: crate::Game::jumps_taken
    pub fn jumps_taken(&self, square: u64) -> impl Iterator<Item = u64> + '_ {
        // `SparseGame::new` refused circles of jumps under chaining.
        jumps_taken_by(square, self.rules.chain, |s| self.board.jump(s))
    }

    /// The index of the jump starting on `square`, by starting square.
    pub(crate) fn jump_index(&self, square: u64) -> Option<usize> {
        self.board.index(square)
    }

    /// The square a roll lands on, by the finish rule ([`Finish::land`]).
    ///
    /// [`Finish::land`]: crate::Finish::land
    #[inline]
    pub fn land(&self, from: u64, roll: u32) -> Option<u64> {
        self.rules.finish.land(self.goal(), from, roll)
    }

    /// Moves a pawn from `from` by `roll`; `None` when the roll is lost.
    pub fn step(&self, from: u64, roll: u32) -> Option<SparseMove> {
        self.land(from, roll).map(|land| SparseMove {
            roll,
            land,
            to: self.rest(land),
        })
    }

    /// The squares where something happens, with where a pawn landing on
    /// each comes to rest: every jump's start and its resting square.
    pub(crate) fn jump_rests(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.board
            .from
            .iter()
            .copied()
            .zip(self.rest.iter().copied())
    }

    /// Whether the start is also the goal: the game is over before it
    /// begins.
    pub fn starts_finished(&self) -> bool {
        self.start() == self.goal()
    }
}

/// Why an analysis of a board of any length gave no answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SparseError {
    /// A rule these analyses do not take.
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
    /// The mean is beyond floating point: the game practically never ends.
    #[error(
        "the expected number of rolls is beyond 1.8e308, too large for floating point: on this board a game practically never ends"
    )]
    Overflow,
    /// Refused, stopped, or out of memory.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// A rule the analyses of boards of any length do not take, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unsupported {
    /// A bonus limit: the streak of top values matters on every square.
    #[error(
        "a bonus limit is not supported on boards analysed without a table a square long: the streak of top values changes how every stretch is crossed; drop --bonus-limit or use a board of at most 2^30 squares"
    )]
    BonusLimit,
    /// A die whose chances mix so slowly that where a pawn first lands past
    /// a stretch does not settle within the tables' reach.
    #[error(
        "the die's chances are too far apart for the crossing of long stretches to settle; use a board of at most 2^30 squares, or a die whose faces are closer in chance"
    )]
    SlowDie,
    /// Turns rather than rolls under the bonus rule.
    #[error(
        "turns under the bonus rule are not supported on boards analysed without a table a square long (rolls are); use a board of at most 2^30 squares for turns"
    )]
    Turns,
}

impl fmt::Display for SparseJump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", self.from, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_check_their_jumps_as_any_board() {
        let err = SparseBoard::new(1 << 40, [(5, 9), (5, 7)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "two jumps start on square 5 (jump 0 and jump 1); keep one"
        );
        let err = SparseBoard::new(100, [(5, 101)]).unwrap_err();
        assert!(err.to_string().contains("leaves the board"), "{err}");
        assert_eq!(
            SparseBoard::new((1 << 62) + 1, []).unwrap_err(),
            SparseBoardError::TooLong((1 << 62) + 1)
        );
        let b = SparseBoard::new(1 << 62, [(9, 2), (3, 1 << 61)]).unwrap();
        assert_eq!(b.jump(3), Some(1 << 61));
        assert_eq!(
            b.jumps().next(),
            Some(SparseJump {
                from: 3,
                to: 1 << 61
            })
        );
    }

    #[test]
    fn chains_resolve_as_in_a_game() {
        let board = SparseBoard::new(1 << 50, [(2, 5), (5, 9), (9, 4)]).unwrap();
        let chained = Rules {
            chain: true,
            ..Rules::default()
        };
        let g = SparseGame::new(board.clone(), chained.clone()).unwrap();
        assert_eq!((g.rest(2), g.rest(5), g.rest(9), g.rest(3)), (4, 4, 4, 3));
        let plain = SparseGame::new(board, Rules::default()).unwrap();
        assert_eq!(plain.rest(2), 5);
        let circle = SparseBoard::new(1 << 50, [(2, 5), (5, 9), (9, 5)]).unwrap();
        let err = SparseGame::new(circle, chained).unwrap_err();
        assert_eq!(
            err,
            SparseGameError::Cycle {
                squares: vec![5, 9]
            }
        );
        assert!(err.to_string().contains("5->9->5"), "{err}");
    }
}
