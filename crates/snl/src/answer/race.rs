//! `race`'s answer: the chance each seat wins.

use serde::{Deserialize, Serialize};

use super::header::Header;
use crate::race::Race;

/// `race`: the exact chance that each seat wins with a real die.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RaceAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// How many players.
    pub players: usize,
    /// Each seat's starting position, in turn order.
    pub from: Vec<u32>,
    /// Each seat's die, in turn order, when the seats roll dice of their
    /// own (`--seat-die`); left out when every seat rolls the rules' die.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<String>,
    /// Each seat's chance of winning, first seat first.
    pub win: Vec<f64>,
    /// The chance that nobody ever finishes.
    pub no_winner: f64,
    /// The expected number of rounds; `null` when unbounded (some chance
    /// that nobody ever finishes).
    pub expected_rounds: Option<f64>,
    /// The chance not accounted for by the truncated distributions: a bound
    /// on the error of every number above.
    pub unresolved: f64,
}

impl RaceAnswer {
    /// The answer for `race`, run from `from` ([`crate::race::race`]).
    pub fn new(header: Header, from: &[u32], race: &Race) -> RaceAnswer {
        RaceAnswer {
            header,
            players: from.len(),
            from: from.to_vec(),
            dice: Vec::new(),
            win: race.win.clone(),
            no_winner: race.no_winner,
            expected_rounds: race.expected_rounds,
            unresolved: race.unresolved,
        }
    }

    /// The answer with each seat's die ([`crate::race::race_dice_with`]);
    /// no dice leaves it as it is.
    #[must_use]
    pub fn with_dice(mut self, dice: &[crate::Die]) -> RaceAnswer {
        self.dice = dice.iter().map(ToString::to_string).collect();
        self
    }
}
