//! `duel`'s answer: two players who choose their rolls.

use serde::{Deserialize, Serialize};

use super::header::Header;
use crate::duel::{Duel, DuelRules, Winner};

/// `duel`: two players who choose their rolls, with perfect play.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DuelAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// Whether landing on the other pawn sends it back to the start.
    pub bump: bool,
    /// The two starting positions, the first player's first.
    pub from: [u32; 2],
    /// `first`, `second` or `draw`.
    pub winner: DuelWinner,
    /// The rolls of both players until the win with best play; `null` for a
    /// draw.
    pub rolls: Option<u32>,
    /// The first player's best first rolls, smallest first.
    pub best_rolls: Vec<u32>,
}

/// Who wins a duel, as the answer names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DuelWinner {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
    /// Neither can force a win.
    Draw,
}

impl DuelWinner {
    /// `first`, `second` or `draw`, as in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            DuelWinner::First => "first",
            DuelWinner::Second => "second",
            DuelWinner::Draw => "draw",
        }
    }
}

impl From<Winner> for DuelWinner {
    fn from(w: Winner) -> DuelWinner {
        match w {
            Winner::First => DuelWinner::First,
            Winner::Second => DuelWinner::Second,
            Winner::Draw => DuelWinner::Draw,
        }
    }
}

impl DuelAnswer {
    /// The answer for `duel`, played under `rules` from `from`.
    pub fn new(header: Header, rules: DuelRules, from: [u32; 2], duel: &Duel) -> DuelAnswer {
        DuelAnswer {
            header,
            bump: rules.bump,
            from,
            winner: duel.winner.into(),
            rolls: duel.rolls,
            best_rolls: duel.best_rolls.clone(),
        }
    }
}
