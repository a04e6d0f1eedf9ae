//! `solve`'s answer: the fewest rolls and one path.

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

use super::header::Header;
use crate::brute::BruteResult;
use crate::game::{Game, Move};
use crate::plan::{Counted, Engine, Path, Solved, Subject};
use crate::shortest::Solution;
use crate::sparse::shortest::Run;
use crate::sparse::{self, SparseMove};

/// `solve`: the fewest rolls when every roll is chosen.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SolveAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The search that found it.
    pub method: SolveMethod,
    /// The engine that answered: `dense` (tables a square long) or
    /// `sparse` (squares kept only near the jumps; boards of any length).
    pub engine: Engine,
    /// The fewest rolls from the start to the last square; `null` when the
    /// last square cannot be reached.
    pub min_rolls: Option<u64>,
    /// How many roll sequences reach the last square in the fewest rolls,
    /// as a decimal string (it outgrows every JSON number); `null` when
    /// unreachable or not counted.
    pub optimal_sequences: Option<String>,
    /// Where the sparse engine counted more optimal sequences than its
    /// 128 bits hold (boards past 2^30 squares): at least this many, as a
    /// decimal string, and `optimal_sequences` is `null`. Left out
    /// otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimal_sequences_at_least: Option<String>,
    /// The optimal sequence whose rolls come first in dictionary order, as
    /// runs of equal rolls (a path of 10^12 rolls is a handful of runs);
    /// empty when unreachable or when the pawn starts on the last square.
    pub path: Vec<PathRun>,
    /// Where jumps may be declined ([`crate::rules::Optional`]), the jumps
    /// the path declines, in its order; a run ends on each. Left out when
    /// none is declined.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declined: Vec<Declined>,
}

/// A jump a path declines: after roll `step` the pawn stays on `from`, the
/// start of a jump to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Declined {
    /// The roll of the path (counting from 1) that stopped on the jump.
    pub step: u64,
    /// The jump's start, where the pawn stays.
    pub from: u64,
    /// Where the jump would have led.
    pub to: u64,
}

/// `count` rolls of `roll` in a row from square `from`: all but the last
/// land on the plain squares `from + roll`, `from + 2·roll`, ...; the last
/// lands on `land` (moved by the finish rule, or not) and the pawn rests on
/// `to`, after any jump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PathRun {
    /// The value rolled.
    pub roll: u32,
    /// How many times in a row.
    pub count: u64,
    /// The square the pawn stood on before the run.
    pub from: u64,
    /// The square the run's last roll landed on.
    pub land: u64,
    /// The square the pawn rests on after the run.
    pub to: u64,
}

impl From<&Run> for PathRun {
    fn from(r: &Run) -> PathRun {
        PathRun {
            roll: r.roll,
            count: r.count,
            from: r.from,
            land: r.land,
            to: r.to,
        }
    }
}

impl PathRun {
    /// The runs of a path of the square-by-square engines, played from
    /// `start`.
    pub fn of_moves(start: u32, path: &[Move]) -> Vec<PathRun> {
        let moves = path.iter().map(|m| SparseMove {
            roll: m.roll,
            land: u64::from(m.land),
            to: u64::from(m.to),
        });
        sparse::shortest::runs(u64::from(start), moves)
            .iter()
            .map(PathRun::from)
            .collect()
    }
}

/// Which search answered ([`crate::plan::Method`]).
pub use crate::plan::Method as SolveMethod;

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
    /// The answer `solved` gives of `subject` ([`crate::plan::solve`]),
    /// with the jumps its path declines where jumps may be declined.
    pub fn new(subject: &Subject, solved: &Solved) -> SolveAnswer {
        let (optimal_sequences, optimal_sequences_at_least) = match &solved.count {
            Counted::Exactly(n) => (Some(n.to_string()), None),
            Counted::AtLeast(n) => (None, Some(n.to_string())),
            _ => (None, None),
        };
        let header = Header::of_subject(subject);
        let answer = SolveAnswer {
            method: solved.method,
            engine: solved.engine,
            min_rolls: solved.min_rolls,
            optimal_sequences,
            optimal_sequences_at_least,
            path: Vec::new(),
            declined: Vec::new(),
            header,
        };
        match &solved.path {
            Path::Runs(runs) => SolveAnswer {
                path: runs.iter().map(PathRun::from).collect(),
                ..answer
            },
            Path::Moves(moves) => {
                let answer = SolveAnswer {
                    path: PathRun::of_moves(answer.header.rules.start, moves),
                    ..answer
                };
                // A path of moves is the dense engine's, whose game is built.
                match subject.built_dense() {
                    Some(game) => answer.with_choices(game, moves),
                    None => answer,
                }
            }
        }
    }

    /// The same answer with the jumps its `path` (the moves the runs were
    /// made from) declines named, and a run ended on each, so that no run
    /// passes over a declined jump's start as over a plain square. The
    /// answer as it was when `game` lets no jump be declined.
    #[must_use]
    pub fn with_choices(mut self, game: &Game, path: &[Move]) -> SolveAnswer {
        if !game.declinable() {
            return self;
        }
        let mut runs = Vec::new();
        let mut at = game.start();
        let mut first = 0;
        for (i, m) in path.iter().enumerate() {
            if m.to == game.rest(m.land) {
                continue;
            }
            // A move resting short of where its jumps lead stopped on the
            // start of the jump it declined.
            if let Some(to) = game.board().jump(m.to) {
                self.declined.push(Declined {
                    step: i as u64 + 1,
                    from: u64::from(m.to),
                    to: u64::from(to),
                });
            }
            runs.extend(PathRun::of_moves(at, &path[first..=i]));
            at = m.to;
            first = i + 1;
        }
        runs.extend(PathRun::of_moves(at, &path[first..]));
        self.path = runs;
        self
    }

    /// The answer of the fast search, with the count of optimal sequences
    /// when it was counted ([`crate::shortest::count_optimal`]).
    pub fn from_search(
        header: Header,
        solution: &Solution,
        optimal_sequences: Option<&BigUint>,
    ) -> SolveAnswer {
        SolveAnswer {
            method: SolveMethod::Bfs,
            engine: Engine::Dense,
            min_rolls: solution.min_rolls.map(u64::from),
            optimal_sequences: optimal_sequences.map(BigUint::to_string),
            optimal_sequences_at_least: None,
            path: PathRun::of_moves(header.rules.start, &solution.path),
            declined: Vec::new(),
            header,
        }
    }

    /// The answer of the search for boards of any length
    /// ([`crate::sparse::shortest::solve`]), uncounted: see
    /// [`SolveAnswer::with_long_count`].
    pub fn from_long(header: Header, solution: &sparse::shortest::Solution) -> SolveAnswer {
        SolveAnswer {
            header,
            method: SolveMethod::Bfs,
            engine: Engine::Sparse,
            min_rolls: solution.min_rolls,
            optimal_sequences: None,
            optimal_sequences_at_least: None,
            path: solution.path.iter().map(PathRun::from).collect(),
            declined: Vec::new(),
        }
    }

    /// The answer with the sparse engine's count of the optimal sequences
    /// ([`crate::sparse::shortest::count::count_optimal`]), when it was counted.
    #[must_use]
    pub fn with_long_count(mut self, count: Option<sparse::shortest::count::Count>) -> SolveAnswer {
        (self.optimal_sequences, self.optimal_sequences_at_least) = match count {
            None => (None, None),
            Some(sparse::shortest::count::Count::Exactly(n)) => (Some(n.to_string()), None),
            Some(sparse::shortest::count::Count::AtLeast(n)) => (None, Some(n.to_string())),
        };
        self
    }

    /// The answer of the exhaustive search.
    pub fn from_brute(header: Header, found: &BruteResult) -> SolveAnswer {
        SolveAnswer {
            method: SolveMethod::Brute,
            engine: Engine::Dense,
            min_rolls: found.min_rolls.map(u64::from),
            optimal_sequences: found.min_rolls.map(|_| found.optimal_sequences.to_string()),
            optimal_sequences_at_least: None,
            path: PathRun::of_moves(header.rules.start, &found.path),
            declined: Vec::new(),
            header,
        }
    }
}
