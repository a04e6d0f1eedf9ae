//! The rules as solutions of the puzzle commonly mistake them.
//!
//! A program that answers "the fewest rolls" wrongly is most often right
//! about a slightly different game: it follows a second jump, climbs a
//! ladder on the start square, lets a roll overshoot the last square,
//! starts off the board, or numbers LeetCode's grid another way. A
//! [`Variant`] is one such game, described by how it differs from the
//! stated rules; [`Variant::min_rolls`] solves a board under it, so a
//! program's answers can be compared with every variant's to find the game
//! it is really playing.
//!
//! ```
//! use snl::variant::{Slip, Variant};
//! use snl::{Board, Jump, Rules};
//!
//! // Square 2 leads to 12, where a ladder to the last square starts.
//! let board = Board::new(20, [Jump { from: 2, to: 12 }, Jump { from: 12, to: 20 }])?;
//! let stated = Rules::default();
//! let chained = Variant::stated(&stated).with(Slip::Chain);
//! assert_eq!(Variant::stated(&stated).min_rolls(&board)?, Some(2));
//! assert_eq!(chained.min_rolls(&board)?, Some(1));
//! assert_eq!(chained.slips(), [Slip::Chain]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::board::Board;
use crate::game::{Game, GameError};
use crate::input::{self, GridReading};
use crate::limits::LimitError;
use crate::rules::{Finish, Rules, Start};
use crate::shortest;

/// One way a game can differ from the stated rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Slip {
    /// Chaining turned the other way: a jump that ends on another's start
    /// is followed (or, when the stated rules chain, it is not).
    Chain,
    /// A jump from square 1 is taken before the first roll.
    ClimbStart,
    /// Another finish rule.
    Finish(Finish),
    /// The other start: off the board instead of on square 1, or the
    /// reverse.
    Start(Start),
    /// The grid numbered another way than LeetCode's winding.
    Reading(GridReading),
}

/// A game that differs from the stated rules by some [`Slip`]s.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The rules the program was asked to play by.
    stated: Rules,
    /// The rules of this variant.
    rules: Rules,
    /// Whether a jump from square 1 is taken before the first roll.
    climb_start: bool,
    /// How a grid is numbered.
    reading: GridReading,
}

/// A board that a variant cannot play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// Read another way, the grid is not a playable board (a jump from what
    /// that reading takes for the last square).
    #[error("read as {reading:?}, the grid is not a playable board: {reason}")]
    Reading {
        /// The reading.
        reading: GridReading,
        /// Why.
        reason: String,
    },
    /// A reading of a board whose size is not a perfect square.
    #[error("a board of {0} squares is not an n x n grid, so it has no other reading")]
    NotGrid(u32),
    /// With chaining, the jumps form a circle.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The search's tables could not be allocated.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

impl Variant {
    /// The stated rules themselves: no slip.
    pub fn stated(rules: &Rules) -> Variant {
        Variant {
            stated: rules.clone(),
            rules: rules.clone(),
            climb_start: false,
            reading: GridReading::Winding,
        }
    }

    /// This variant with one more slip (or a slip replaced: a second
    /// finish rule replaces the first).
    #[must_use]
    pub fn with(mut self, slip: Slip) -> Variant {
        match slip {
            Slip::Chain => self.rules.chain = !self.stated.chain,
            Slip::ClimbStart => self.climb_start = true,
            Slip::Finish(f) => self.rules.finish = f,
            Slip::Start(s) => self.rules.start = s,
            Slip::Reading(r) => self.reading = r,
        }
        self
    }

    /// Every variant of `stated` worth telling apart: each combination of
    /// chaining, finish rule, start and climbing a jump on square 1, and,
    /// for boards given as a grid, each [`GridReading`]. The stated rules
    /// come first; then by the number of slips.
    pub fn all(stated: &Rules, grid: bool) -> Vec<Variant> {
        let readings: &[GridReading] = if grid {
            &GridReading::ALL
        } else {
            &[GridReading::Winding]
        };
        let mut all = Vec::new();
        for chain in [false, true] {
            for finish in [Finish::Exact, Finish::Bounce, Finish::Pass] {
                for (start, climb) in [
                    (Start::Square1, false),
                    (Start::Square1, true),
                    (Start::OffBoard, false),
                ] {
                    for &reading in readings {
                        all.push(Variant {
                            stated: stated.clone(),
                            rules: Rules {
                                finish,
                                chain,
                                start,
                                ..stated.clone()
                            },
                            climb_start: climb,
                            reading,
                        });
                    }
                }
            }
        }
        all.sort_by_key(|v| v.slips().len());
        all
    }

    /// How this variant differs from the stated rules, in a fixed order.
    pub fn slips(&self) -> Vec<Slip> {
        let mut slips = Vec::new();
        if self.rules.chain != self.stated.chain {
            slips.push(Slip::Chain);
        }
        if self.climb_start && self.rules.start == Start::Square1 {
            slips.push(Slip::ClimbStart);
        }
        if self.rules.finish != self.stated.finish {
            slips.push(Slip::Finish(self.rules.finish));
        }
        if self.rules.start != self.stated.start {
            slips.push(Slip::Start(self.rules.start));
        }
        if self.reading != GridReading::Winding {
            slips.push(Slip::Reading(self.reading));
        }
        slips
    }

    /// The variant's rules (chaining, finish, start; the die and bonus
    /// rolls are the stated ones).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The fewest rolls on `board` (given in LeetCode's winding numbering)
    /// under this variant; `None` when the last square cannot be reached.
    ///
    /// # Errors
    ///
    /// When the variant cannot play the board: read another way the grid
    /// has a jump from what the reading takes for the last square, the
    /// board is not a square grid, or chaining meets a circle of jumps;
    /// [`VariantError::Limit`] when the search's tables cannot be allocated.
    pub fn min_rolls(&self, board: &Board) -> Result<Option<u32>, VariantError> {
        let played = if self.reading == GridReading::Winding {
            board.clone()
        } else {
            let read = |reason: String| VariantError::Reading {
                reading: self.reading,
                reason,
            };
            let grid = input::to_grid(board).map_err(|e| match e {
                input::WriteError::NotSquare { squares } => VariantError::NotGrid(squares),
                other => read(other.to_string()),
            })?;
            input::from_grid_read(&grid, self.reading)
                .map_err(|e| read(e.to_string()))?
                .build()
                .map_err(|e| read(e.to_string()))?
        };
        let game = Game::new(played, self.rules.clone())?;
        let from = if self.climb_start && self.rules.start == Start::Square1 {
            game.rest(1)
        } else {
            game.start()
        };
        Ok(shortest::min_rolls_from(&game, from)?)
    }
}

impl fmt::Display for Slip {
    /// The slip in words, as a program's behaviour: "follows a jump that
    /// ends on another jump's start".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Slip::Chain => f.write_str("chained jumps"),
            Slip::ClimbStart => {
                f.write_str("a ladder or snake on square 1 taken before the first roll")
            }
            Slip::Finish(Finish::Exact) => {
                f.write_str("a roll past the last square lost (an exact finish)")
            }
            Slip::Finish(Finish::Bounce) => {
                f.write_str("a roll past the last square bouncing back by the excess")
            }
            Slip::Finish(Finish::Pass) => {
                f.write_str("a roll past the last square allowed to finish")
            }
            Slip::Start(Start::OffBoard) => {
                f.write_str("the pawn starting off the board (a first roll of r lands on square r)")
            }
            Slip::Start(_) => f.write_str("the pawn starting on square 1"),
            Slip::Reading(r) => f.write_str(r.describe()),
        }
    }
}

impl Slip {
    /// The command-line flags that play this slip, where there are any
    /// (a grid reading and climbing the start square have none).
    pub fn flag(&self, stated: &Rules) -> Option<String> {
        match self {
            Slip::Chain if stated.chain => Some("--no-chain".into()),
            Slip::Chain => Some("--chain".into()),
            Slip::Finish(f) => Some(format!("--finish {f}")),
            Slip::Start(s) => Some(format!("--start {}", s.position())),
            Slip::ClimbStart | Slip::Reading(_) => None,
        }
    }

    /// What a program making this slip seems to do, as a verb phrase
    /// after "your program seems to": "follow a jump that ends on another
    /// jump's start".
    pub fn seems(&self, stated: &Rules) -> String {
        match self {
            Slip::Chain if stated.chain => {
                "stop after one jump, where the rules follow a jump that ends on another jump's start".into()
            }
            Slip::Chain => "follow a jump that ends on another jump's start".into(),
            Slip::ClimbStart => "take a ladder or snake on square 1 before the first roll".into(),
            Slip::Finish(Finish::Exact) => "lose a roll that would pass the last square".into(),
            Slip::Finish(Finish::Bounce) => {
                "bounce a roll that would pass the last square back by the excess".into()
            }
            Slip::Finish(Finish::Pass) => "let a roll past the last square finish".into(),
            Slip::Start(Start::OffBoard) => {
                "start the pawn off the board, so that a first roll of r lands on square r".into()
            }
            Slip::Start(_) => "start the pawn on square 1".into(),
            Slip::Reading(r) => format!("number the grid's squares another way ({})", r.describe()),
        }
    }

    /// What the stated rules say instead, in words.
    pub fn stated_rule(&self, stated: &Rules) -> String {
        match self {
            Slip::Chain if stated.chain => {
                "a jump that ends on another jump's start is followed".into()
            }
            Slip::Chain => {
                "a move takes one jump, even when it ends on another jump's start".into()
            }
            Slip::ClimbStart => {
                "a pawn starting on square 1 does not take a jump there before its first roll"
                    .into()
            }
            Slip::Finish(_) => match stated.finish {
                Finish::Exact => "a roll past the last square is lost".into(),
                Finish::Bounce => "a roll past the last square bounces back by the excess".into(),
                Finish::Pass => "reaching or passing the last square finishes".into(),
            },
            Slip::Start(_) => match stated.start {
                Start::OffBoard => "the pawn starts off the board".into(),
                _ => "the pawn starts on square 1".into(),
            },
            Slip::Reading(_) => {
                "the grid is numbered from the bottom-left, each row running the other way from the one below".into()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Jump;

    #[test]
    fn variants_are_distinct_and_sorted() {
        let stated = Rules::default();
        let all = Variant::all(&stated, true);
        assert_eq!(all.len(), 2 * 3 * 3 * 5);
        assert_eq!(all[0], Variant::stated(&stated));
        let mut seen = std::collections::HashSet::new();
        for v in &all {
            assert!(seen.insert(v.slips()), "{:?}", v.slips());
        }
        assert!(
            all.windows(2)
                .all(|w| w[0].slips().len() <= w[1].slips().len())
        );
        assert_eq!(Variant::all(&stated, false).len(), 18);
        let chained = Rules {
            chain: true,
            ..Rules::default()
        };
        let flipped = Variant::stated(&chained).with(Slip::Chain);
        assert!(!flipped.rules().chain);
        assert_eq!(Variant::all(&chained, false)[0], Variant::stated(&chained));
    }

    #[test]
    fn each_slip_changes_the_answer_somewhere() {
        let stated = Rules::default();
        let base = Variant::stated(&stated);
        // A ladder on square 1 to square 8 of 9.
        let start = Board::new(9, [Jump { from: 1, to: 8 }]).unwrap();
        assert_eq!(base.min_rolls(&start).unwrap(), Some(2));
        assert_eq!(
            base.clone()
                .with(Slip::ClimbStart)
                .min_rolls(&start)
                .unwrap(),
            Some(1)
        );
        assert_eq!(
            base.clone()
                .with(Slip::Start(Start::OffBoard))
                .min_rolls(&start)
                .unwrap(),
            Some(2)
        );
        // With a d6 every roll that would overshoot has an exact one beside
        // it, so the finish rule never changes the fewest rolls; with two
        // dice (no roll of 1) it does.
        let two_dice = Rules {
            die: "2d6".parse().unwrap(),
            ..Rules::default()
        };
        let two = Board::empty(2).unwrap();
        assert_eq!(Variant::stated(&two_dice).min_rolls(&two).unwrap(), None);
        let pass = Variant::stated(&two_dice).with(Slip::Finish(Finish::Pass));
        assert_eq!(pass.min_rolls(&two).unwrap(), Some(1));
        assert_eq!(pass.slips(), [Slip::Finish(Finish::Pass)]);
        let chained = base.clone().with(Slip::Chain);
        let chain = Board::new(20, [Jump { from: 2, to: 12 }, Jump { from: 12, to: 20 }]).unwrap();
        assert_eq!(base.min_rolls(&chain).unwrap(), Some(2));
        assert_eq!(chained.min_rolls(&chain).unwrap(), Some(1));
        // A 3x3 grid whose bottom-right cell (square 3) leads to 9: read
        // without the winding the same cell is still square 3; mirrored, it
        // is square 1, which a pawn starting there does not take.
        let grid = Board::new(9, [Jump { from: 3, to: 9 }]).unwrap();
        assert_eq!(base.min_rolls(&grid).unwrap(), Some(1));
        let mirrored = base.clone().with(Slip::Reading(GridReading::Mirrored));
        assert_eq!(mirrored.min_rolls(&grid).unwrap(), Some(2));
        assert!(matches!(
            mirrored.min_rolls(&Board::empty(10).unwrap()),
            Err(VariantError::NotGrid(10))
        ));
    }

    #[test]
    fn words_for_slips() {
        let stated = Rules::default();
        assert_eq!(Slip::Chain.flag(&stated).as_deref(), Some("--chain"));
        assert_eq!(
            Slip::Finish(Finish::Pass).flag(&stated).as_deref(),
            Some("--finish pass")
        );
        assert_eq!(
            Slip::Start(Start::OffBoard).flag(&stated).as_deref(),
            Some("--start 0")
        );
        assert_eq!(Slip::ClimbStart.flag(&stated), None);
        assert_eq!(
            Slip::Chain.stated_rule(&stated),
            "a move takes one jump, even when it ends on another jump's start"
        );
        assert_eq!(Slip::Chain.to_string(), "chained jumps");
    }
}
