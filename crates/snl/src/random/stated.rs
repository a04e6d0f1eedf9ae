//! What each problem promises of its boards: the constraints it states,
//! which a solution written for it may rely on.
//!
//! A judge that hands a program a board its problem forbids (a ladder on
//! square 1 of a LeetCode grid) calls it wrong for a reason the learner
//! can rightly dispute. [`Stated::of`] gives each board form's promises,
//! and [`Spec::keep_to`](super::Spec::keep_to) draws only boards that keep
//! them.

use super::span::Span;
use crate::board::Board;
use crate::input::Format;
use crate::variant::Slip;

/// The constraints a problem states on its boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stated {
    /// The problem, for messages.
    pub problem: &'static str,
    /// The sides of the N×N grids it allows (the grid form only).
    pub grid: Option<Span>,
    /// Whether square 1 may start a jump.
    pub start_jump: bool,
    /// Whether a jump may end on the start of another.
    pub chains: bool,
}

impl Stated {
    /// The constraints the problem written in `format` states; `None`
    /// where it states none that a board could break.
    ///
    /// - grid (LeetCode 909): 2 ≤ N ≤ 20; squares 1 and N² start no jump;
    ///   every cell is -1 or a square of the board.
    /// - moves (the 0-based jump array): no jump starts on square 1 or the
    ///   last square, and none starts where another ends.
    ///
    /// Every board snl writes has its cells in range and no jump from the
    /// last square, so those promises hold of themselves.
    ///
    /// ```
    /// use snl::input::Format;
    /// use snl::random::Stated;
    ///
    /// let leetcode = Stated::of(Format::Grid).unwrap();
    /// assert_eq!((leetcode.grid.unwrap().hi, leetcode.start_jump), (20, false));
    /// assert!(!Stated::of(Format::Moves).unwrap().chains);
    /// assert_eq!(Stated::of(Format::Pairs), None);
    /// ```
    pub fn of(format: Format) -> Option<Stated> {
        match format {
            Format::Grid => Some(Stated {
                problem: "LeetCode 909",
                grid: Some(Span { lo: 2, hi: 20 }),
                start_jump: false,
                chains: true,
            }),
            Format::Moves => Some(Stated {
                problem: "the moves-form problem",
                grid: None,
                start_jump: false,
                chains: false,
            }),
            _ => None,
        }
    }

    /// Whether `board` keeps the promises: for the judge's shrinking, which
    /// must not leave the boards the problem allows.
    ///
    /// ```
    /// use snl::input::Format;
    /// use snl::random::Stated;
    /// use snl::{Board, Jump};
    ///
    /// let leetcode = Stated::of(Format::Grid).unwrap();
    /// assert!(leetcode.allows(&Board::new(9, [Jump { from: 2, to: 8 }])?));
    /// assert!(!leetcode.allows(&Board::new(9, [Jump { from: 1, to: 8 }])?));
    /// assert!(!leetcode.allows(&Board::empty(1)?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn allows(&self, board: &Board) -> bool {
        let n = board.squares();
        let side = n.isqrt();
        self.grid
            .is_none_or(|g| side * side == n && (g.lo..=g.hi).contains(&side))
            && (self.start_jump || board.jump(1).is_none())
            && (self.chains || !board.has_chain())
    }

    /// Whether `slip` can change an answer on the boards the problem
    /// allows: a jump on square 1 taken at the start needs a jump there,
    /// and following chains needs a chain. A solution that makes only such
    /// slips is right for the problem as stated.
    pub fn shows(&self, slip: &Slip) -> bool {
        match slip {
            Slip::ClimbStart => self.start_jump,
            Slip::Chain => self.chains,
            _ => true,
        }
    }

    /// The constraints in words, for help and messages.
    pub fn words(&self) -> String {
        let mut parts = Vec::new();
        if let Some(g) = self.grid {
            parts.push(format!("grids of {0}x{0} to {1}x{1}", g.lo, g.hi));
        }
        if !self.start_jump {
            parts.push("no jump on square 1 or the last square".to_string());
        }
        if !self.chains {
            parts.push("no jump ending where another starts".to_string());
        }
        parts.join(", ")
    }
}
