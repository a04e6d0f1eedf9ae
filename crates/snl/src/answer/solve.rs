//! `solve`'s answer: the fewest rolls and one path.

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

use super::header::Header;
use crate::brute::BruteResult;
use crate::game::Move;
use crate::shortest::Solution;

/// `solve`: the fewest rolls when every roll is chosen.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SolveAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The search that found it.
    pub method: SolveMethod,
    /// The fewest rolls from the start to the last square; `null` when the
    /// last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// How many roll sequences reach the last square in the fewest rolls,
    /// as a decimal string (it outgrows every JSON number); `null` when
    /// unreachable or not counted.
    pub optimal_sequences: Option<String>,
    /// The optimal sequence whose rolls come first in dictionary order;
    /// empty when unreachable or when the pawn starts on the last square.
    pub path: Vec<Step>,
}

/// Which search answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum SolveMethod {
    /// The breadth-first search of [`crate::shortest`].
    Bfs,
    /// The exhaustive search of [`crate::brute`].
    Brute,
}

/// One roll of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Step {
    /// The value rolled.
    pub roll: u32,
    /// The square it landed on.
    pub land: u32,
    /// The square the pawn rests on, after any jump.
    pub to: u32,
}

impl From<&Move> for Step {
    fn from(m: &Move) -> Step {
        Step {
            roll: m.roll,
            land: m.land,
            to: m.to,
        }
    }
}

impl SolveAnswer {
    /// The answer of the fast search, with the count of optimal sequences
    /// when it was counted ([`crate::shortest::count_optimal`]).
    pub fn from_search(
        header: Header,
        solution: &Solution,
        optimal_sequences: Option<&BigUint>,
    ) -> SolveAnswer {
        SolveAnswer {
            header,
            method: SolveMethod::Bfs,
            min_rolls: solution.min_rolls,
            optimal_sequences: optimal_sequences.map(BigUint::to_string),
            path: solution.path.iter().map(Step::from).collect(),
        }
    }

    /// The answer of the exhaustive search.
    pub fn from_brute(header: Header, found: &BruteResult) -> SolveAnswer {
        SolveAnswer {
            header,
            method: SolveMethod::Brute,
            min_rolls: found.min_rolls,
            optimal_sequences: found.min_rolls.map(|_| found.optimal_sequences.to_string()),
            path: found.path.iter().map(Step::from).collect(),
        }
    }
}
