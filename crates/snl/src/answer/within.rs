//! `expect --goal within:K`'s answer: the best play for finishing within K
//! rolls, and its chance.

use serde::{Deserialize, Serialize};

use super::header::Header;
use crate::choice::Within;

/// `expect --goal within:K`: the play that makes the chance of finishing
/// within K rolls greatest (declining optional jumps, picking among dice),
/// and that chance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WithinAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The goal, as `--goal` reads it: `within:K`.
    pub goal: String,
    /// K: the rolls to finish within.
    pub rolls: u64,
    /// The greatest chance of finishing within them, from the start.
    pub chance: f64,
    /// The play that gives it.
    pub policy: WithinPolicyAnswer,
}

/// The best play for finishing within K rolls: it depends on the roll, so
/// each optional jump comes with the rolls on which it is declined.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WithinPolicyAnswer {
    /// Each optional jump, by start.
    pub jumps: Vec<WithinJumpAnswer>,
    /// The dice picked from, as `--choose-die` reads them; absent when the
    /// player rolls the rules' die.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<String>,
    /// With dice to pick from: for each position from 0 to the last
    /// square, the die picked there at the start of a turn, roll by roll,
    /// as `[first, last, die]` runs of the rolls (from 1) on which the same
    /// die (an index into `dice`) is picked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die_by_square: Option<Vec<Vec<[u64; 3]>>>,
}

/// One optional jump and the rolls on which the best play declines it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WithinJumpAnswer {
    /// The jump's start.
    pub from: u32,
    /// Its end.
    pub to: u32,
    /// `ladder` or `snake`.
    pub kind: String,
    /// The rolls (numbered from 1, the game's first) on which a pawn that
    /// lands on the jump's start declines it (with some bonus streak), as
    /// `[first, last]` ranges; on every other roll it takes it, or either
    /// is as good (a tie is taken). Empty: always taken.
    pub declined_on_rolls: Vec<[u64; 2]>,
}

impl WithinAnswer {
    /// The answer for `within`; `picked` when the player picks among dice
    /// (the dice are then listed).
    pub fn new(header: Header, within: &Within, picked: bool) -> WithinAnswer {
        WithinAnswer {
            header,
            goal: format!("within:{}", within.rolls),
            rolls: within.rolls,
            chance: within.chance,
            policy: WithinPolicyAnswer {
                jumps: within
                    .jumps
                    .iter()
                    .map(|(j, declined)| WithinJumpAnswer {
                        from: j.from,
                        to: j.to,
                        kind: j.kind().to_string(),
                        declined_on_rolls: declined
                            .iter()
                            .map(|r| [*r.start(), *r.end()])
                            .collect(),
                    })
                    .collect(),
                dice: if picked {
                    within.dice.iter().map(ToString::to_string).collect()
                } else {
                    Vec::new()
                },
                die_by_square: picked.then(|| {
                    within
                        .die_runs()
                        .iter()
                        .map(|runs| {
                            runs.iter()
                                .map(|(r, die)| [*r.start(), *r.end(), *die as u64])
                                .collect()
                        })
                        .collect()
                }),
            },
        }
    }
}
