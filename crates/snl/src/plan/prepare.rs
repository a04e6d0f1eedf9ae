//! Which engine a question would go to, and what it would cost, before it
//! runs.

use super::admit::{Analysis, estimate_under};
use super::engine::{Engine, expect_engine};
use super::error::{Error, Part};
use super::expect::ExpectQuery;
use super::solve::{self, SolveQuery};
use super::subject::Subject;
use crate::choice;
use crate::limits::{Control, Estimate};
use crate::markov::Measure;
use crate::shortest::Search;
use crate::sparse;

/// A question, for [`prepare`].
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Question<'q> {
    /// [`super::solve`].
    Solve(&'q SolveQuery),
    /// [`super::expect`].
    Expect(&'q ExpectQuery),
}

/// What [`prepare`] finds: the engine a question goes to, and the estimate
/// of its main analysis on that engine (the search, or the moments or the
/// best play), the part known before it runs.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct Prepared {
    /// The engine that would answer.
    pub engine: Engine,
    /// The memory and work of its main analysis.
    pub estimate: Estimate,
}

/// The engine `question` of `subject` goes to and its estimate, for a
/// front end that shows the cost first or refuses what is over its budget
/// before anything runs. Choosing the engine of `expect` may take the
/// fewest-rolls search of the sparse engine (a game of the fewest rolls
/// says whether the distribution could be followed), under `ctl`.
///
/// ```
/// use snl::limits::Control;
/// use snl::plan::{self, Engine, ExpectQuery, Question, SolveQuery, Subject};
/// use snl::{BoardSpec, Rules};
///
/// let long = Subject::new(BoardSpec::of_jumps(1 << 40, []), Rules::default())?;
/// let prepared = plan::prepare(&long, Question::Solve(&SolveQuery::default()), &Control::default())?;
/// assert_eq!(prepared.engine, Engine::Sparse);
/// let short = Subject::new(BoardSpec::of_jumps(100, []), Rules::default())?;
/// let prepared = plan::prepare(&short, Question::Expect(&ExpectQuery::default()), &Control::default())?;
/// assert_eq!(prepared.engine, Engine::Dense);
/// assert!(prepared.estimate.memory > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As the question would fail before its analyses start: a figure only
/// the dense engine gives on a longer board, a stop or refusal of the
/// search that chooses the engine.
pub fn prepare(
    subject: &Subject,
    question: Question<'_>,
    ctl: &Control,
) -> Result<Prepared, Error> {
    match question {
        Question::Solve(query) => {
            let engine = solve::engine_of(subject, query)?;
            let estimate = match engine {
                Engine::Dense => {
                    let game = subject.dense_for("the dense engine's search")?;
                    let search = if query.path {
                        Search::Solve
                    } else {
                        Search::MinRolls
                    };
                    estimate_under(game, Analysis::Shortest(search), &ctl.budget)
                }
                Engine::Sparse => sparse::shortest::estimate(subject.sparse_for()?),
            };
            Ok(Prepared { engine, estimate })
        }
        Question::Expect(query) => {
            let dense = |subject: &Subject| -> Result<Prepared, Error> {
                let game = subject.dense_for("the dense engine's statistics")?;
                let choosing = !query.dice.is_empty() || !game.rules().optional.is_none();
                let analysis = if choosing {
                    let options = choice::Options {
                        dice: query.dice.clone(),
                        ..choice::Options::default()
                    };
                    Analysis::Choice {
                        faces: options.faces(game),
                    }
                } else {
                    Analysis::Markov(Measure::Mean)
                };
                Ok(Prepared {
                    engine: Engine::Dense,
                    estimate: estimate_under(game, analysis, &ctl.budget),
                })
            };
            let sparse = |game: &sparse::SparseGame| Prepared {
                engine: Engine::Sparse,
                estimate: sparse::markov::estimate(game).and(sparse::shortest::estimate(game)),
            };
            match query.engine {
                Some(Engine::Dense) => return dense(subject),
                Some(Engine::Sparse) => return Ok(sparse(subject.sparse_for()?)),
                _ => {}
            }
            let probe = ExpectQuery {
                engine: None,
                progress: None,
                ..query.clone()
            };
            if super::expect::needs_dense(subject, &probe) {
                return dense(subject);
            }
            match subject.sparse() {
                Some(game) => {
                    let chosen = expect_engine(game, ctl)
                        .map_err(|e| Error::from(e).in_part(Part::Search))?;
                    match chosen.engine {
                        Engine::Sparse => Ok(sparse(game)),
                        _ => dense(subject),
                    }
                }
                None => dense(subject),
            }
        }
    }
}
