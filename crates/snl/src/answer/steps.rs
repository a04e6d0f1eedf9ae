//! `solve --steps`'s answer: the fewest-rolls search frontier by frontier.

use serde::{Deserialize, Serialize};

use super::header::Header;
use crate::plan::{SolveSteps, Subject};

/// `solve --steps`: the search step by step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveStepsAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The fewest rolls; `null` when the last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// Every step, from the start's (`rolls` 0) to the one that first
    /// reaches the last square (or the last that reaches a new square).
    pub steps: Vec<SearchStep>,
}

/// One step of the search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStep {
    /// The rolls made.
    pub rolls: u32,
    /// The squares first reached with that many rolls (where the pawn
    /// rests, after any jump), in order.
    pub squares: Vec<u32>,
    /// How each of `squares` was first reached, in the same order (empty
    /// at the start's step).
    pub arrivals: Vec<ArrivalAnswer>,
    /// The moves from the step before that led to a state already seen.
    pub seen_again: u64,
    /// The step in sentences.
    pub text: Vec<String>,
}

/// How a square was first reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrivalAnswer {
    /// The square first reached.
    pub square: u32,
    /// The square the move started from.
    pub from: u32,
    /// The roll.
    pub roll: u32,
    /// The square the roll landed on, before any jump.
    pub land: u32,
}

impl SolveStepsAnswer {
    /// The answer of `told`, the steps of `subject`'s search.
    pub fn new(subject: &Subject, told: &SolveSteps) -> SolveStepsAnswer {
        let steps = told
            .steps
            .frontiers
            .iter()
            .zip(&told.text)
            .map(|(f, text)| SearchStep {
                rolls: f.rolls,
                squares: f.squares.clone(),
                arrivals: f
                    .arrivals
                    .iter()
                    .map(|a| ArrivalAnswer {
                        square: a.square,
                        from: a.from,
                        roll: a.roll,
                        land: a.land,
                    })
                    .collect(),
                seen_again: f.seen_again,
                text: text.clone(),
            })
            .collect();
        SolveStepsAnswer {
            header: Header::of_subject(subject),
            min_rolls: told.steps.min_rolls,
            steps,
        }
    }
}
