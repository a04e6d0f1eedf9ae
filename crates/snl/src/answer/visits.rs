//! `visits`' and `impact`'s answers: the expected visits per square, each jump's effect.

use serde::{Deserialize, Serialize};

use crate::markov::{JumpImpact, Visits};

/// Expected visits per square.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VisitsAnswer {
    /// Every square, 1 to the last; `null` when the game may never end
    /// (some counts are then infinite).
    pub squares: Option<Vec<SquareVisits>>,
    /// Expected rolls lost by overshooting under an exact finish.
    pub lost: Option<f64>,
    /// Expected rolls that sent the pawn back to the start under a bonus
    /// limit.
    pub resets: Option<f64>,
    /// Why the visits were not computed, when they could not be trusted
    /// (the other figures of the answer still are); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<String>,
}

/// The expected visits of one square.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SquareVisits {
    /// The square.
    pub square: u32,
    /// Expected rolls that land on it, before any jump.
    pub landings: f64,
    /// Expected rolls after which the pawn rests on it.
    pub rests: f64,
}

impl VisitsAnswer {
    /// The visits from [`markov::visits()`](crate::markov::visits()): `None` when the game may never
    /// end.
    pub fn new(visits: Option<&Visits>) -> VisitsAnswer {
        VisitsAnswer {
            squares: visits.map(|v| {
                (1..v.rests.len())
                    .map(|s| SquareVisits {
                        square: s as u32,
                        landings: v.landings[s],
                        rests: v.rests[s],
                    })
                    .collect()
            }),
            lost: visits.map(|v| v.lost),
            resets: visits.map(|v| v.resets),
            unavailable: None,
        }
    }

    /// Visits that could not be computed, and why.
    pub fn unavailable(why: String) -> VisitsAnswer {
        VisitsAnswer {
            squares: None,
            lost: None,
            resets: None,
            unavailable: Some(why),
        }
    }
}

/// One jump's effect on the mean number of rolls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Impact {
    /// The jump's start.
    pub from: u32,
    /// Its end.
    pub to: u32,
    /// `ladder` or `snake`.
    pub kind: String,
    /// The mean without this jump; `null` when that game may never end.
    pub mean_without: Option<f64>,
    /// `mean_without - mean`: positive when the jump shortens the game;
    /// `null` when either mean is infinite.
    pub change: Option<f64>,
}

impl From<&JumpImpact> for Impact {
    fn from(i: &JumpImpact) -> Impact {
        Impact {
            from: i.jump.from,
            to: i.jump.to,
            kind: i.jump.kind().to_string(),
            mean_without: i.mean_without,
            change: i.change,
        }
    }
}
