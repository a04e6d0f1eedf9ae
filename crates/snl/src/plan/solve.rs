//! The question `solve` asks: the fewest rolls to the last square when
//! every roll is chosen, one optimal sequence, and how many there are.

use std::fmt;

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};

use super::admit::Analysis;
use super::count::{COUNT_LIMIT, Counting, counting};
use super::engine::{Engine, engine, surely_dense};
use super::error::{Error, Part};
use super::subject::Subject;
use crate::board::MAX_SQUARES;
use crate::brute;
use crate::game::Move;
use crate::limits::{Control, Estimate};
use crate::shortest::{self, Search};
use crate::sparse::shortest::Run;
use crate::sparse::{self, shortest::count};

/// What `solve` is asked: which search, whether to give a path, whether to
/// count the optimal sequences, and (for tests) which engine.
///
/// ```
/// use snl::plan::{Count, SolveQuery};
///
/// let query = SolveQuery { count: Count::Always, ..SolveQuery::default() };
/// assert!(query.path);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveQuery {
    /// Whether one optimal sequence is wanted (it costs a little more than
    /// the fewest rolls alone on the dense engine). Default: yes.
    pub path: bool,
    /// Whether the optimal sequences are counted.
    pub count: Count,
    /// Which search answers.
    pub method: Method,
    /// The engine, forced; `None` (the default) lets the library choose.
    pub engine: Option<Engine>,
}

impl Default for SolveQuery {
    fn default() -> SolveQuery {
        SolveQuery {
            path: true,
            count: Count::Auto,
            method: Method::Bfs,
            engine: None,
        }
    }
}

/// Whether the optimal sequences are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Count {
    /// On boards of at most [`COUNT_LIMIT`] squares (counting adds numbers
    /// of up to millions of digits on long boards, which costs far more
    /// than the search), when the count's estimate fits the budget.
    #[default]
    Auto,
    /// On a board of any size, when the count's estimate fits the budget:
    /// exactly on the dense engine, in 128 bits on the sparse one.
    Always,
    /// Never.
    Never,
}

/// Which search answers `solve`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Method {
    /// The breadth-first search of [`crate::shortest`] (or of
    /// [`crate::sparse::shortest`]).
    #[default]
    Bfs,
    /// The exhaustive search of [`crate::brute`], an independent check on
    /// small boards.
    Brute,
}

/// The answer to `solve`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Solved {
    /// The engine that answered.
    pub engine: Engine,
    /// The search that answered.
    pub method: Method,
    /// The fewest rolls from the start to the last square; `None` when it
    /// cannot be reached.
    pub min_rolls: Option<u64>,
    /// The optimal sequence whose rolls come first in dictionary order;
    /// empty when unreachable, when the pawn starts on the last square, or
    /// when the query asked for none.
    pub path: Path,
    /// The number of optimal sequences, or why it is not given.
    pub count: Counted,
}

/// An optimal sequence, as the engine that found it writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Path {
    /// Roll by roll (the dense engine).
    Moves(Vec<Move>),
    /// As runs of equal rolls (the sparse engine: a path of 10^12 rolls is
    /// a handful of runs).
    Runs(Vec<Run>),
}

impl Path {
    /// Whether the path has no roll.
    pub fn is_empty(&self) -> bool {
        match self {
            Path::Moves(m) => m.is_empty(),
            Path::Runs(r) => r.is_empty(),
        }
    }
}

/// How many optimal sequences there are (plays, where a jump may be
/// declined: the same rolls resting elsewhere count apart).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Counted {
    /// Exactly this many.
    Exactly(BigUint),
    /// At least this many: more than the sparse engine's 128 bits hold.
    AtLeast(BigUint),
    /// Not counted, and why.
    Not(Uncounted),
}

impl Counted {
    /// The count, when it is exact.
    pub fn exactly(&self) -> Option<&BigUint> {
        match self {
            Counted::Exactly(n) => Some(n),
            _ => None,
        }
    }
}

/// Why the optimal sequences were not counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Uncounted {
    /// The last square cannot be reached: there is no optimal sequence.
    Unreachable,
    /// The query asked for no count ([`Count::Never`]).
    NotAsked,
    /// The board has more than [`COUNT_LIMIT`] squares, and the query did
    /// not ask for the count whatever the size ([`Count::Always`]).
    TooLong {
        /// The board's squares.
        squares: u64,
    },
    /// Counting them is estimated over the budget, at this.
    OverBudget(Estimate),
}

impl fmt::Display for Uncounted {
    /// Why, in words, for a note: a front end adds how to ask anyway.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Uncounted::Unreachable => f.write_str("the last square cannot be reached"),
            Uncounted::NotAsked => f.write_str("not asked for"),
            Uncounted::TooLong { squares } => write!(
                f,
                "not counting the optimal sequences on a board of {squares} squares (over {COUNT_LIMIT})"
            ),
            Uncounted::OverBudget(cost) => write!(
                f,
                "not counting the optimal sequences: counting them would take {cost}, over the budget"
            ),
        }
    }
}

/// The fewest rolls of `subject` when every roll is chosen, one optimal
/// sequence (the one whose rolls come first in dictionary order) and how
/// many there are, by the engine the library chooses (or the query's).
///
/// The dense engine answers boards it holds unless the sparse one is
/// quicker (a long board with few jumps) and no count is wanted that the
/// dense engine would give exactly; it alone plays optional jumps (the
/// search follows both resting places of a jump that may be declined) and
/// runs the exhaustive search. The sparse engine answers boards of any
/// length, and counts in 128 bits.
///
/// # Errors
///
/// [`Error`]: [`Error::dense_only`] for what only the dense engine does on
/// a board longer than its tables; [`Error::limit`] when refused over the
/// budget, stopped or out of memory.
pub fn solve(subject: &Subject, query: &SolveQuery, ctl: &Control) -> Result<Solved, Error> {
    match engine_of(subject, query)? {
        Engine::Dense => dense(subject, query, ctl),
        Engine::Sparse => sparse_solve(subject, query, ctl),
    }
}

/// The engine that answers `query` of `subject`.
pub(super) fn engine_of(subject: &Subject, query: &SolveQuery) -> Result<Engine, Error> {
    if let Some(engine) = query.engine {
        return Ok(engine);
    }
    let dense_need = match query.method {
        Method::Brute => Some("the exhaustive search"),
        Method::Bfs => None,
    }
    .or((!subject.rules().optional.is_none()).then_some("playing optional jumps"));
    if let Some(what) = dense_need {
        subject.dense_for(what)?;
        return Ok(Engine::Dense);
    }
    let squares = subject.squares();
    if squares > MAX_SQUARES {
        return Ok(Engine::Sparse);
    }
    // The dense engine counts exactly however large the count: where a
    // count is wanted, it answers.
    let counts = match query.count {
        Count::Always => true,
        Count::Auto => squares <= u64::from(COUNT_LIMIT),
        Count::Never => false,
    };
    let search = Analysis::Shortest(Search::Solve);
    if counts || surely_dense(squares, subject.jump_count(), search) {
        return Ok(Engine::Dense);
    }
    Ok(subject
        .sparse()
        .map_or(Engine::Dense, |game| engine(game, search)))
}

/// `solve` on the dense engine.
fn dense(subject: &Subject, query: &SolveQuery, ctl: &Control) -> Result<Solved, Error> {
    let game = subject.dense_for("the dense engine's search")?;
    if query.method == Method::Brute {
        let found =
            brute::search_with(game, ctl).map_err(|e| Error::from(e).in_part(Part::Brute))?;
        return Ok(Solved {
            engine: Engine::Dense,
            method: Method::Brute,
            min_rolls: found.min_rolls.map(u64::from),
            path: Path::Moves(found.path),
            count: match found.min_rolls {
                Some(_) => Counted::Exactly(BigUint::from(found.optimal_sequences)),
                None => Counted::Not(Uncounted::Unreachable),
            },
        });
    }
    let searched = |e| Error::from(e).in_part(Part::Search);
    let solution = if query.path {
        shortest::solve_with(game, ctl).map_err(searched)?
    } else {
        shortest::Solution {
            min_rolls: shortest::min_rolls_with(game, ctl).map_err(searched)?,
            path: Vec::new(),
        }
    };
    let count = match (solution.min_rolls, query.count) {
        (None, _) => Counted::Not(Uncounted::Unreachable),
        (Some(_), Count::Never) => Counted::Not(Uncounted::NotAsked),
        (Some(_), asked) => match counting(game, asked == Count::Always, &ctl.budget) {
            Counting::Count => shortest::count_optimal_with(game, ctl)
                .map_err(|e| Error::from(e).in_part(Part::Count))?
                .map_or(Counted::Not(Uncounted::Unreachable), Counted::Exactly),
            Counting::TooLong => Counted::Not(Uncounted::TooLong {
                squares: u64::from(game.goal()),
            }),
            Counting::OverBudget(cost) => Counted::Not(Uncounted::OverBudget(cost)),
        },
    };
    Ok(Solved {
        engine: Engine::Dense,
        method: Method::Bfs,
        min_rolls: solution.min_rolls.map(u64::from),
        path: Path::Moves(solution.path),
        count,
    })
}

/// `solve` on the sparse engine.
fn sparse_solve(subject: &Subject, query: &SolveQuery, ctl: &Control) -> Result<Solved, Error> {
    let game = subject.sparse_for()?;
    let searched = |e| Error::from(e).in_part(Part::Search);
    let solution = if query.path {
        sparse::shortest::solve_with(game, ctl).map_err(searched)?
    } else {
        sparse::shortest::Solution {
            min_rolls: sparse::shortest::min_rolls_with(game, ctl).map_err(searched)?,
            path: Vec::new(),
        }
    };
    let asked = match query.count {
        Count::Always => true,
        Count::Auto => subject.squares() <= u64::from(COUNT_LIMIT),
        Count::Never => false,
    };
    let count = match solution.min_rolls {
        None => Counted::Not(Uncounted::Unreachable),
        Some(_) if query.count == Count::Never => Counted::Not(Uncounted::NotAsked),
        Some(_) if !asked => Counted::Not(Uncounted::TooLong {
            squares: subject.squares(),
        }),
        Some(_) => {
            let cost = count::count_estimate(game);
            if !ctl.budget.is_unlimited() && !cost.fits(&ctl.budget) {
                Counted::Not(Uncounted::OverBudget(cost))
            } else {
                match count::count_optimal_with(game, ctl)
                    .map_err(|e| Error::from(e).in_part(Part::Count))?
                {
                    None => Counted::Not(Uncounted::Unreachable),
                    Some(count::Count::Exactly(n)) => Counted::Exactly(BigUint::from(n)),
                    Some(count::Count::AtLeast(n)) => Counted::AtLeast(BigUint::from(n)),
                }
            }
        }
    };
    Ok(Solved {
        engine: Engine::Sparse,
        method: Method::Bfs,
        min_rolls: solution.min_rolls,
        path: Path::Runs(solution.path),
        count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardSpec, Jump};
    use crate::limits::Budget;
    use crate::rules::{Optional, Rules};

    fn subject(squares: u64, jumps: &[(u32, u32)], rules: Rules) -> Subject {
        let spec = BoardSpec::of_jumps(squares, jumps.iter().map(|&(from, to)| Jump { from, to }));
        Subject::new(spec, rules).unwrap()
    }

    /// Each engine, forced, gives the same fewest rolls and path; the
    /// library's choice is the sparse one only on long boards with few
    /// jumps and no count asked.
    #[test]
    fn both_engines_give_one_answer() {
        let ctl = Control::new(Budget::DEFAULT);
        let s = subject(300_000, &[(3, 150_000), (200_000, 20)], Rules::default());
        let auto = solve(&s, &SolveQuery::default(), &ctl).unwrap();
        assert_eq!(auto.engine, Engine::Sparse);
        assert_eq!(
            auto.count,
            Counted::Not(Uncounted::TooLong { squares: 300_000 })
        );
        let dense = SolveQuery {
            engine: Some(Engine::Dense),
            count: Count::Never,
            ..SolveQuery::default()
        };
        let d = solve(&s, &dense, &ctl).unwrap();
        assert_eq!(d.min_rolls, auto.min_rolls);
        let Path::Moves(moves) = &d.path else {
            panic!("the dense engine gives moves")
        };
        let Path::Runs(runs) = &auto.path else {
            panic!("the sparse engine gives runs")
        };
        let expanded: Vec<Move> = runs
            .iter()
            .flat_map(Run::moves)
            .map(|m| Move {
                roll: m.roll,
                land: m.land as u32,
                to: m.to as u32,
            })
            .collect();
        assert_eq!(&expanded, moves);
        // Asked to count, the dense engine answers, exactly.
        let counted = SolveQuery {
            count: Count::Always,
            ..SolveQuery::default()
        };
        let c = solve(&s, &counted, &ctl).unwrap();
        assert_eq!(c.engine, Engine::Dense);
        assert!(c.count.exactly().is_some());
    }

    #[test]
    fn optional_jumps_and_the_exhaustive_search_go_dense() {
        let ctl = Control::default();
        let rules = Rules {
            optional: Optional::Snakes,
            ..Rules::default()
        };
        let s = subject(10_000_000, &[(5_000_000, 3)], rules.clone());
        assert_eq!(
            engine_of(&s, &SolveQuery::default()).unwrap(),
            Engine::Dense
        );
        let long = subject(1 << 40, &[(900, 3)], rules);
        let err = solve(&long, &SolveQuery::default(), &ctl).unwrap_err();
        assert!(
            err.to_string().starts_with("playing optional jumps needs"),
            "{err}"
        );
        let brute = SolveQuery {
            method: Method::Brute,
            ..SolveQuery::default()
        };
        let err = solve(&subject(1 << 40, &[], Rules::default()), &brute, &ctl).unwrap_err();
        assert!(err.dense_only().is_some(), "{err}");
        let small = solve(
            &subject(20, &[(2, 19), (9, 2)], Rules::default()),
            &brute,
            &ctl,
        );
        assert_eq!(small.unwrap().min_rolls, Some(2));
    }

    #[test]
    fn a_count_over_the_budget_is_left_out_and_says_why() {
        let tight = Control::new(Budget {
            memory: 1 << 30,
            work: 1000,
        });
        let s = subject(100_000, &[], Rules::default());
        let query = SolveQuery {
            count: Count::Always,
            engine: Some(Engine::Dense),
            ..SolveQuery::default()
        };
        // The search itself is refused under so tight a budget; the count
        // is left out where the search fits.
        let roomy = Control::new(Budget {
            memory: 1 << 30,
            work: 10_000_000,
        });
        let found = solve(&s, &query, &roomy).unwrap();
        let Counted::Not(why @ Uncounted::OverBudget(_)) = found.count else {
            panic!("{:?}", found.count)
        };
        assert!(why.to_string().contains("over the budget"), "{why}");
        assert!(solve(&s, &query, &tight).unwrap_err().limit().is_some());
    }
}
