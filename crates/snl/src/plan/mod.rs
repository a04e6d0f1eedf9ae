//! Which analyses a front end runs, and whether they fit: the one place
//! that knows every analysis.
//!
//! Each analysis owns its cost ([`crate::shortest::estimate`],
//! [`crate::markov::estimate`], [`crate::duel::estimate`],
//! [`crate::race::estimate`], [`crate::simulate::estimate_at`],
//! [`crate::board::cost`]); this module, above them all, names them
//! ([`Analysis`]), asks the right one ([`estimate`]), refuses a set of them
//! before any starts ([`admit`]), finds the limit an analysis's error holds
//! ([`limit_error`]), and makes the decisions every front end makes the same
//! way (whether to count the optimal sequences: [`counting`]; the engine
//! for `snl expect` and, where it is the sparse one, its answer:
//! [`expect_sparse::expect_long`]).
//!
//! ```
//! use snl::limits::Budget;
//! use snl::plan::{self, Analysis};
//! use snl::shortest::Search;
//! use snl::{Board, Game, Rules};
//!
//! let game = Game::new(Board::empty(4095)?, Rules::default())?;
//! // A duel on 4,095 squares has 16.8 million states: affordable.
//! plan::admit(&game, &[Analysis::Shortest(Search::Solve), Analysis::Duel], &Budget::DEFAULT)?;
//! let tight = Budget { memory: 1 << 20, work: 1_000_000 };
//! let refused = plan::admit(&game, &[Analysis::Duel], &tight).unwrap_err();
//! assert!(refused.to_string().starts_with("the duel would need about"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::{Deserialize, Serialize};

use crate::board::MAX_SQUARES;
use crate::brute::BruteError;
use crate::choice::{self, ChoiceError};
use crate::duel::{self, DuelError};
use crate::game::Game;
use crate::limits::{Budget, Estimate, LimitError};
use crate::markov::{self, MarkovError, Measure};
use crate::race::{self, RaceError};
use crate::random::GenError;
use crate::rules::Optional;
use crate::shortest::{self, Search};
use crate::simulate;
use crate::sparse::{self, SparseError, SparseGame};
use crate::variant::VariantError;

/// What an analysis is, for [`estimate`]: a question of one of the
/// analysis modules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Analysis {
    /// One of the fewest-rolls searches of [`crate::shortest`].
    Shortest(Search),
    /// One of the analyses of a game with a real die of [`crate::markov`].
    Markov(Measure),
    /// A race of this many seats ([`crate::race::race`]).
    Race {
        /// Seats.
        players: usize,
    },
    /// The duel of two players who choose their rolls
    /// ([`crate::duel::duel`]).
    Duel,
    /// The best play under a real die with choices
    /// ([`crate::choice::solve`]).
    Choice {
        /// The faces of all the dice picked from together (those of the
        /// rules' die when the player picks none): see
        /// [`crate::choice::Options::faces`].
        faces: usize,
    },
    /// A simulation ([`crate::simulate::run`]).
    Simulate {
        /// Games to play.
        games: u64,
        /// The cap on one game's rolls.
        max_rolls: u64,
    },
}

impl Analysis {
    /// The analysis as a noun phrase, for messages: `the exact mean`.
    pub fn noun(self) -> &'static str {
        match self {
            Analysis::Shortest(Search::MinRolls) => "the fewest-rolls search",
            Analysis::Shortest(Search::Solve) => "the fewest-rolls search with a path",
            Analysis::Shortest(Search::Count) => "counting the optimal sequences",
            Analysis::Markov(Measure::Mean) => "the mean",
            Analysis::Markov(Measure::Stats) => "the statistics of the game length",
            Analysis::Markov(Measure::Distribution) => "the distribution of the game length",
            Analysis::Markov(Measure::ExactMean) => "the exact mean",
            Analysis::Markov(Measure::Visits) => "the expected visits",
            Analysis::Markov(Measure::Impact) => "the impact of each jump",
            Analysis::Race { .. } => "the race",
            Analysis::Duel => "the duel",
            Analysis::Choice { .. } => "the best play",
            Analysis::Simulate { .. } => "the simulation",
        }
    }
}

/// The memory and work `analysis` of `game` will take, from the sizes
/// alone (no table is built): the estimate of the module that runs it.
///
/// Where the cost depends on the board's shape as well as its size, the
/// estimate is the part that can be known in advance, and the `_with`
/// function refines it (before its costly part) once the shape is known:
/// the mean's linear solve depends on how many snakes are open at once, the
/// exact mean on the digits of its fractions, a simulation on how long its
/// games last. An analysis that follows a quantity until it is known to a
/// tolerance (the distribution, a race, a simulation) is capped by the work
/// allowed and reports what it did not reach rather than being refused;
/// its estimate is then its cap, and that of a simulation the work of its
/// games at their cap.
pub fn estimate(game: &Game, analysis: Analysis) -> Estimate {
    estimate_under(game, analysis, &Budget::UNLIMITED)
}

/// [`estimate`] for a front end that checks it against `budget`: the same,
/// except that an estimate which runs a search of its own (counting the
/// optimal sequences, [`shortest::estimate_under`]) runs it only when that
/// search fits `budget`, and is otherwise that search's estimate, already
/// over `budget`. [`admit`] and [`counting`] estimate this way.
pub fn estimate_under(game: &Game, analysis: Analysis, budget: &Budget) -> Estimate {
    match analysis {
        Analysis::Shortest(search) => shortest::estimate_under(game, search, budget),
        Analysis::Markov(measure) => markov::estimate(game, measure),
        Analysis::Race { players } => race::estimate(game, players),
        Analysis::Duel => duel::estimate(game),
        Analysis::Choice { faces } => choice::estimate(game, faces),
        Analysis::Simulate { games, max_rolls } => {
            let options = simulate::Options {
                games,
                max_rolls,
                ..simulate::Options::default()
            };
            simulate::estimate_at(game, &options, max_rolls as f64)
        }
    }
}

/// Refuses, before any of them starts, a set of analyses of `game` when
/// the estimate of one of them is over `budget`: what a front end does for
/// work that cannot be stopped once started (a picture, a report) or that
/// it will not start only to refuse halfway. Each analysis is checked on
/// its own, and named in the message. Nothing is estimated under an
/// unlimited budget (some estimates cost a search of their own).
///
/// # Errors
///
/// [`LimitError::Memory`] or [`LimitError::Work`] for the first analysis
/// over the budget.
pub fn admit(game: &Game, analyses: &[Analysis], budget: &Budget) -> Result<(), LimitError> {
    if budget.is_unlimited() {
        return Ok(());
    }
    for &a in analyses {
        estimate_under(game, a, budget).check(a.noun(), budget)?;
    }
    Ok(())
}

/// A rule of the game, or a choice of the player, an analysis does not
/// play: refused by [`honoured`] and [`honoured_choosing`] rather than
/// silently left out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unhonoured {
    /// The rules let a player decline jumps.
    #[error(
        "{analysis} cannot play optional jumps (the rules say `optional: {optional}`); set `optional` to `none` to take every jump, or ask for the expected length, which plays the best choice"
    )]
    Optional {
        /// The analysis, as [`Analysis::noun`] names it.
        analysis: &'static str,
        /// The rule it does not play.
        optional: Optional,
    },
    /// The player picks a die before each roll.
    #[error(
        "{analysis} cannot play a die picked before each roll (choosing from {dice}), only the rules' die: leave out the dice to choose from, or ask for the expected length, which plays the best choice"
    )]
    Dice {
        /// The analysis, as [`Analysis::noun`] names it, or several joined
        /// by "and": the sentence reads for either.
        analysis: &'static str,
        /// The dice picked from, as `--choose-die` reads each, joined by
        /// `; `.
        dice: String,
    },
}

/// Refuses the analyses of `game` that would not play its rules: the best
/// play under a real die ([`Analysis::Choice`]) and the fewest-rolls
/// searches ([`Analysis::Shortest`], which follow both resting places of a
/// jump that may be declined) play optional jumps; every other analysis
/// takes every jump, so none of them is run on a game whose jumps may be
/// declined. What a front end calls with [`admit`], before any analysis
/// starts.
///
/// # Errors
///
/// [`Unhonoured`] for the first analysis that does not play the rules.
///
/// ```
/// use snl::plan::{self, Analysis};
/// use snl::shortest::Search;
/// use snl::{Board, Game, Optional, Rules};
///
/// let rules = Rules { optional: Optional::Ladders, ..Rules::default() };
/// let game = Game::new(Board::empty(10)?, rules)?;
/// assert!(plan::honoured(&game, &[Analysis::Choice { faces: 6 }]).is_ok());
/// assert!(plan::honoured(&game, &[Analysis::Shortest(Search::Solve)]).is_ok());
/// let err = plan::honoured(&game, &[Analysis::Race { players: 2 }]).unwrap_err();
/// assert!(err.to_string().starts_with("the race cannot play optional jumps"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn honoured(game: &Game, analyses: &[Analysis]) -> Result<(), Unhonoured> {
    honoured_choosing(game, &[], analyses)
}

/// [`honoured`] for a player who also picks one of `dice` before each roll
/// (none: the rules' die, as [`choice::Options::dice`]): only
/// [`Analysis::Choice`] plays that pick, so every other analysis (the
/// fewest rolls, the plain game's statistics and pictures, races, duels,
/// simulations) is refused, as it would be of the rules' die alone. What
/// the front ends that offer dice to pick from call, so that none of them
/// answers for the plain game in its place.
///
/// # Errors
///
/// [`Unhonoured::Optional`] for the first analysis that does not play
/// optional jumps, else [`Unhonoured::Dice`] for the first that does not
/// play the pick of a die.
///
/// ```
/// use snl::plan::{self, Analysis};
/// use snl::{Board, Die, Game, Rules};
///
/// let game = Game::new(Board::empty(10)?, Rules::default())?;
/// let dice: Vec<Die> = vec!["d6".parse()?, "1,1,1,0,0,0".parse()?];
/// assert!(plan::honoured_choosing(&game, &dice, &[Analysis::Choice { faces: 12 }]).is_ok());
/// let err = plan::honoured_choosing(&game, &dice, &[Analysis::Race { players: 2 }]).unwrap_err();
/// assert!(err.to_string().starts_with("the race cannot play a die picked before each roll"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn honoured_choosing(
    game: &Game,
    dice: &[crate::rules::Die],
    analyses: &[Analysis],
) -> Result<(), Unhonoured> {
    let optional = game.rules().optional;
    let declining = analyses
        .iter()
        .find(|a| !matches!(a, Analysis::Choice { .. } | Analysis::Shortest(_)));
    if let (false, Some(a)) = (optional.is_none(), declining) {
        return Err(Unhonoured::Optional {
            analysis: a.noun(),
            optional,
        });
    }
    let other = analyses
        .iter()
        .find(|a| !matches!(a, Analysis::Choice { .. }));
    let Some(a) = other else {
        return Ok(());
    };
    if !dice.is_empty() {
        let dice: Vec<String> = dice.iter().map(ToString::to_string).collect();
        return Err(Unhonoured::Dice {
            analysis: a.noun(),
            dice: dice.join("; "),
        });
    }
    Ok(())
}

/// The limit error `err` is or holds, for any of the library's errors (an
/// analysis's error wraps the limit it met as a variant, which is not its
/// `source`): what a front end that holds errors as `dyn Error` asks to
/// tell a refusal or a stop from other failures.
///
/// # Examples
///
/// ```
/// use snl::limits::LimitError;
/// use snl::markov::MarkovError;
///
/// let err = MarkovError::Limit(LimitError::Cancelled);
/// assert_eq!(snl::plan::limit_error(&err), Some(&LimitError::Cancelled));
/// let other = MarkovError::Inaccurate { what: "the visits" };
/// assert_eq!(snl::plan::limit_error(&other), None);
/// ```
pub fn limit_error<'e>(err: &'e (dyn std::error::Error + 'static)) -> Option<&'e LimitError> {
    if let Some(e) = err.downcast_ref::<LimitError>() {
        Some(e)
    } else if let Some(MarkovError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else if let Some(RaceError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else if let Some(GenError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else if let Some(BruteError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else if let Some(DuelError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else if let Some(VariantError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else if let Some(ChoiceError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else if let Some(ChoiceError::Markov(MarkovError::Limit(e))) = err.downcast_ref() {
        Some(e)
    } else if let Some(SparseError::Limit(e)) = err.downcast_ref() {
        Some(e)
    } else {
        None
    }
}

/// Which engine answers a question about a board: the fewest rolls and the
/// moments of the length have two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Engine {
    /// Tables a square long: [`crate::shortest`], [`crate::markov`].
    Dense,
    /// Squares kept one by one only near the jumps, stretches between
    /// crossed in one step: [`crate::sparse`].
    Sparse,
}

impl Engine {
    /// `dense` or `sparse`, as the JSON answers write it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Dense => "dense",
            Engine::Sparse => "sparse",
        }
    }
}

pub use crate::board::DenseOnly;

pub mod expect_sparse;

/// How many squares of the dense engines' tables the work of one square
/// the sparse engine keeps is worth, from the long benchmark (`cargo bench
/// -p snl --bench long`, which runs both engines on the scale benchmark's
/// board of 10^8 squares): a kept square takes a search step with a heap,
/// where a plain square takes a few bits of a word, and there the sparse
/// search, keeping 1.3·10^6 squares, takes about the dense one's time (40
/// leaves room for boards where it keeps more per jump).
const SPARSE_SEARCH_WEIGHT: f64 = 40.0;

/// The same for the moments. Both engines eliminate, the sparse one in
/// double-double precision; the dense one in `f64` where the variance
/// keeps its digits, which on boards of more than about 112,600 squares
/// it never does ([`crate::markov::moments`]), and in double-double
/// precision there too. A kept square costs more the more jumps span it:
/// on the 10^7-square board of `random_board 10000000 --jumps 10000
/// --length 1..40000 --seed 1` (20 jumps over each square) the sparse
/// moments took 0.95 s for 120,191 squares kept, 7.9 µs each, and the dense
/// ones 57.4 s, 5.7 µs a square. So past that size the sparse engine is
/// chosen where it keeps fewer than one square in 10. (Since a jump's end
/// alone in a stretch is one node, that board keeps 70,147 squares and its
/// `snl expect` takes 0.17 s; the board of `scripts/expect-vs-scipy`, 10^6
/// squares and 10^4 jumps of up to 1,000, keeps 71,198, one in 14, and
/// takes 0.09 s, where the dense engine took 0.49 s.) On shorter boards,
/// where the dense engine's `f64` elimination is 15 times quicker, only
/// where it keeps fewer than one in 200.
const SPARSE_MOMENTS_WEIGHT: f64 = 10.0;
const SPARSE_MOMENTS_WEIGHT_F64: f64 = 200.0;

/// The squares past which the dense moments are solved in double-double
/// precision (see [`SPARSE_MOMENTS_WEIGHT`]): the most rows its `f64`
/// elimination takes.
const DENSE_MOMENTS_IN_DD: u64 = markov::F64_ROWS as u64;

/// The engine that answers `analysis` of a board (`game`, as the sparse
/// engine holds it): the sparse one on a board longer than the dense
/// engines' tables take ([`MAX_SQUARES`]), and where it is faster (it keeps
/// so few squares that their work is less than that of every square); the
/// dense one otherwise, and for every other analysis. The sparse engine
/// gives the mean and variance but not the distribution, so for
/// [`Measure::Stats`] it answers only boards the dense one cannot hold.
/// Both give the same answers: the same fewest rolls and sequence, the
/// same moments within the bounds the sparse engine states. The sparse engine does not take a
/// bonus limit; on a board the dense engine cannot hold, it then refuses
/// clearly.
///
/// ```
/// use snl::sparse::{SparseBoard, SparseGame};
/// use snl::plan::{self, Analysis, Engine};
/// use snl::shortest::Search;
/// use snl::Rules;
///
/// let search = Analysis::Shortest(Search::Solve);
/// let small = SparseGame::new(SparseBoard::new(100, [(3, 50)])?, Rules::default())?;
/// assert_eq!(plan::engine(&small, search), Engine::Dense);
/// let long = SparseGame::new(SparseBoard::new(100_000_000, [(3, 50)])?, Rules::default())?;
/// assert_eq!(plan::engine(&long, search), Engine::Sparse);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn engine(game: &SparseGame, analysis: Analysis) -> Engine {
    let Some(weight) = sparse_weight(analysis, game.goal()) else {
        return Engine::Dense;
    };
    if game.goal() > MAX_SQUARES {
        return Engine::Sparse;
    }
    if game.rules().bonus_limit().is_some() {
        return Engine::Dense;
    }
    let kept = match analysis {
        Analysis::Shortest(_) => sparse::shortest::kept_squares(game),
        _ => sparse::markov::kept_squares(game),
    };
    if kept as f64 * weight < game.goal() as f64 {
        Engine::Sparse
    } else {
        Engine::Dense
    }
}

/// How many squares of the dense engine a square the sparse engine keeps
/// is worth for `analysis` on a board of `goal` squares; `None` where the
/// dense engine answers whenever it holds the board.
fn sparse_weight(analysis: Analysis, goal: u64) -> Option<f64> {
    match analysis {
        Analysis::Shortest(Search::MinRolls | Search::Solve) => Some(SPARSE_SEARCH_WEIGHT),
        Analysis::Markov(Measure::Mean) if goal > DENSE_MOMENTS_IN_DD => {
            Some(SPARSE_MOMENTS_WEIGHT)
        }
        Analysis::Markov(Measure::Mean) => Some(SPARSE_MOMENTS_WEIGHT_F64),
        // The sparse engine gives the moments, not the distribution: only
        // where the dense one cannot hold the board.
        Analysis::Markov(Measure::Stats) if goal > MAX_SQUARES => Some(f64::INFINITY),
        _ => None,
    }
}

/// Whether [`engine`] answers `analysis` of a board of `squares` squares
/// with `jumps` jumps on the dense engine whatever the jumps are, so that a
/// front end need not lay the board out for the sparse engine to ask: the
/// sparse engine keeps at least the square each jump starts from, so with
/// as many jumps as a kept square is worth dense squares it is never
/// chosen. On a board of 10^7 squares and 500,000 jumps, laying it out
/// (sorting the jumps and merging their zones) took a fifth of `snl
/// solve`'s time.
///
/// ```
/// use snl::sparse::{SparseBoard, SparseGame};
/// use snl::plan::{self, Analysis, Engine};
/// use snl::shortest::Search;
/// use snl::Rules;
///
/// let search = Analysis::Shortest(Search::Solve);
/// assert!(plan::surely_dense(1_000, 100, search));
/// // Few jumps on a long board: the layout decides.
/// assert!(!plan::surely_dense(100_000_000, 1, search));
/// let game = SparseGame::new(SparseBoard::new(100_000_000, [(3, 50)])?, Rules::default())?;
/// assert_eq!(plan::engine(&game, search), Engine::Sparse);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn surely_dense(squares: u64, jumps: usize, analysis: Analysis) -> bool {
    squares <= MAX_SQUARES
        && sparse_weight(analysis, squares).is_none_or(|w| jumps as f64 * w >= squares as f64)
}

/// The engine for the statistics of the length as `snl expect` gives them:
/// the mean and variance, and the distribution where following it fits
/// the work allowed ([`markov::Follow::IfItFits`] under `budget`). The
/// sparse engine gives no distribution, so on a board both engines hold it
/// answers only where [`engine`] sends the moments to it and the
/// distribution would not be followed anyway: where even a game of the
/// fewest rolls (fewer steps than the distribution is followed for) puts
/// it over the work allowed ([`ExpectEngine::over`] says so, for the
/// answer's note). Past the dense engine's size, always.
///
/// ```
/// use snl::limits::Budget;
/// use snl::sparse::{SparseBoard, SparseGame};
/// use snl::plan::{self, Engine};
/// use snl::Rules;
///
/// let long = SparseGame::new(SparseBoard::new(100_000_000, [(3, 50)])?, Rules::default())?;
/// let chosen = plan::expect_engine(&long, &Budget::DEFAULT);
/// assert_eq!(chosen.engine, Engine::Sparse);
/// // The distribution would be followed for at least the fewest rolls.
/// assert_eq!(chosen.over.unwrap().min_rolls, 16_666_660);
/// // A board whose distribution is followed in a moment stays dense.
/// let small = SparseGame::new(SparseBoard::new(1_000, [(3, 50)])?, Rules::default())?;
/// assert_eq!(plan::expect_engine(&small, &Budget::DEFAULT).engine, Engine::Dense);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn expect_engine(game: &SparseGame, budget: &Budget) -> ExpectEngine {
    let chosen = |engine| ExpectEngine { engine, over: None };
    if game.goal() > MAX_SQUARES {
        return chosen(Engine::Sparse);
    }
    // By turns the distribution's steps are not bounded by the rolls.
    if game.rules().bonus.is_some()
        || engine(game, Analysis::Markov(Measure::Mean)) == Engine::Dense
    {
        return chosen(Engine::Dense);
    }
    let Ok(Some(fewest)) = sparse::shortest::min_rolls(game) else {
        return chosen(Engine::Dense);
    };
    let die = &game.rules().die;
    let work = markov::follow_work(
        game.goal() as f64 + 1.0,
        die.values().count() as f64,
        fewest as f64,
        true,
    );
    let allowed = markov::Follow::IfItFits.work(budget);
    if work > allowed as f64 {
        ExpectEngine {
            engine: Engine::Sparse,
            over: Some(DistributionOver {
                min_rolls: fewest,
                work,
                allowed,
            }),
        }
    } else {
        chosen(Engine::Dense)
    }
}

/// The engine [`expect_engine`] chose, and why on a board both engines
/// hold.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct ExpectEngine {
    /// The engine for the statistics.
    pub engine: Engine,
    /// Where the sparse engine was chosen for a board the dense one holds:
    /// how far over the work allowed following the distribution would be.
    pub over: Option<DistributionOver>,
}

/// Why the distribution of a board's length is not followed, found before
/// any of it is: a game takes at least `min_rolls` rolls, and following the
/// distribution for that many steps is `work` state updates, over the
/// `allowed`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct DistributionOver {
    /// The fewest rolls from the start: the distribution has no chance
    /// before them.
    pub min_rolls: u64,
    /// The work of following it for that many steps, in state updates.
    pub work: f64,
    /// The work allowed ([`markov::Follow::work`]).
    pub allowed: u64,
}

/// What a front end does with a board that only a game of tables a square
/// long ([`Game`]) holds, whatever the analyses it runs: on a board longer
/// than those tables take ([`MAX_SQUARES`]), [`SquareBySquare::too_long`]
/// refuses it with its own reason. (A race's is [`race::too_long`].)
///
/// ```
/// use snl::plan::SquareBySquare;
///
/// assert_eq!(SquareBySquare::Picture.too_long(1 << 30), None);
/// let refused = SquareBySquare::Simulation.too_long(1 << 40).unwrap().to_string();
/// assert!(refused.starts_with("a simulation, which plays every roll"), "{refused}");
/// assert!(refused.ends_with("boards of up to 2^30 squares; this one has 1099511627776"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SquareBySquare {
    /// A picture of the board, in the terminal or as SVG: every square
    /// drawn.
    Picture,
    /// A plot of how many rolls a game takes: the length's distribution.
    Plot,
    /// The one-page report: a picture and the distribution.
    Report,
    /// The transition matrix: a row for every square.
    Matrix,
    /// Games played roll by roll.
    Simulation,
    /// The duel: a value for every pair of squares.
    Duel,
    /// The studio's board: drawn and edited square by square.
    Studio,
    /// A board tuned by the design search: every candidate weighed by the
    /// dense mean and deviation.
    Design,
    /// The board written out square by square (a grid, a moves array) or
    /// from its tables (pairs, for now).
    Listing,
    /// The fewest rolls to every position: a list a square long.
    Distances,
    /// The expected visits to every square.
    Visits,
    /// Counting the optimal sequences exactly, however large the count
    /// (the sparse engine counts in 128 bits:
    /// [`crate::sparse::shortest::count::count_optimal`]).
    Counting,
}

impl SquareBySquare {
    /// What is done and why it keeps every square, for [`DenseOnly::what`].
    fn what(self) -> &'static str {
        match self {
            SquareBySquare::Picture => "a picture of the board, which draws every square,",
            SquareBySquare::Plot => {
                "a plot of the game length, which follows the chance of having finished roll by \
                 roll (the engine for longer boards gives only the mean and variance of a \
                 game's length, as `expect` prints them),"
            }
            SquareBySquare::Report => {
                "the report, which draws every square and follows the chance of having finished \
                 roll by roll (`expect` and `solve` answer boards of any length),"
            }
            SquareBySquare::Matrix => {
                "the transition matrix, which has a row and a column for every square,"
            }
            SquareBySquare::Simulation => {
                "a simulation, which plays every roll of every game (on a board this long a game \
                 lasts hundreds of millions of rolls or more; `expect` gives the mean and \
                 variance without playing),"
            }
            SquareBySquare::Duel => "the duel, which keeps a value for every pair of squares,",
            SquareBySquare::Studio => "the studio, which draws and edits every square,",
            SquareBySquare::Design => {
                "tuning a board, which weighs every candidate by the mean and deviation of \
                 every square,"
            }
            SquareBySquare::Listing => {
                "writing the board out, which lists every square of a grid or a moves array \
                 (and writes pairs from the board's tables),"
            }
            SquareBySquare::Distances => {
                "the fewest rolls to every position, a list as long as the board,"
            }
            SquareBySquare::Visits => "the expected visits, a figure for every square,",
            SquareBySquare::Counting => "counting the optimal sequences",
        }
    }

    /// The refusal of this on a board of `squares` squares, when the
    /// dense engine's tables do not hold it; `None` when they do.
    pub fn too_long(self, squares: u64) -> Option<DenseOnly> {
        (squares > MAX_SQUARES).then(|| DenseOnly {
            what: self.what().to_string(),
            squares,
        })
    }
}

/// The engine that answers the fewest rolls and one optimal path of
/// `game` for a front end that counts the optimal sequences when `count`
/// is asked, or by default on boards of at most [`COUNT_LIMIT`] squares:
/// the dense engine counts exactly however large the count, so those
/// boards stay with it where it holds them (past it the sparse engine
/// counts, in 128 bits), and the others go where [`engine`] sends the search. What
/// `snl solve` and Python's `Board.solve` both call.
///
/// ```
/// use snl::sparse::{SparseBoard, SparseGame};
/// use snl::plan::{self, Engine};
/// use snl::Rules;
///
/// let long = SparseGame::new(SparseBoard::new(100_000_000, [(3, 50)])?, Rules::default())?;
/// assert_eq!(plan::solve_engine(&long, false), Engine::Sparse);
/// assert_eq!(plan::solve_engine(&long, true), Engine::Dense);
/// let small = SparseGame::new(SparseBoard::new(100_000, [(3, 50)])?, Rules::default())?;
/// assert_eq!(plan::solve_engine(&small, false), Engine::Dense);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_engine(game: &SparseGame, count: bool) -> Engine {
    if game.goal() > MAX_SQUARES {
        return Engine::Sparse;
    }
    if count || game.goal() <= u64::from(COUNT_LIMIT) {
        return Engine::Dense;
    }
    engine(game, Analysis::Shortest(Search::Solve))
}

/// The largest board (in squares) whose optimal sequences a front end
/// counts without being asked: [`crate::shortest::count_optimal`] adds
/// numbers of up to millions of digits on long boards, which costs far more
/// than the search. `snl solve` counts above it only with `--count`; the
/// studio leaves the count out above it. See [`counting`].
pub const COUNT_LIMIT: u32 = 200_000;

/// Whether to count the optimal sequences, and if not, why: what
/// [`counting`] decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Counting {
    /// Count them.
    Count,
    /// Not unless asked: the board has more than [`COUNT_LIMIT`] squares.
    TooLong,
    /// Not: counting them is estimated over the budget, at this.
    OverBudget(Estimate),
}

/// Whether the optimal sequences of `game` are counted: when `asked`, or
/// when its board has at most [`COUNT_LIMIT`] squares; and then only when
/// the count's estimate fits `budget` (it is left out, not refused).
///
/// ```
/// use snl::limits::Budget;
/// use snl::plan::{self, Counting};
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(100)?, Rules::default())?;
/// assert_eq!(plan::counting(&game, false, &Budget::DEFAULT), Counting::Count);
/// let long = Game::new(Board::empty(300_000)?, Rules::default())?;
/// assert_eq!(plan::counting(&long, false, &Budget::DEFAULT), Counting::TooLong);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn counting(game: &Game, asked: bool, budget: &Budget) -> Counting {
    if !asked && game.goal() > COUNT_LIMIT {
        return Counting::TooLong;
    }
    // The estimate runs a search of its own: only under a limit.
    if !budget.is_unlimited() {
        let cost = estimate_under(game, Analysis::Shortest(Search::Count), budget);
        if !cost.fits(budget) {
            return Counting::OverBudget(cost);
        }
    }
    Counting::Count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::Rules;

    #[test]
    fn estimates_grow_with_what_they_count() {
        let small = Game::new(Board::empty(100).unwrap(), Rules::default()).unwrap();
        let big = Game::new(Board::empty(4095).unwrap(), Rules::default()).unwrap();
        let duel = |g: &Game| estimate(g, Analysis::Duel);
        assert!(duel(&big).memory > 100 * duel(&small).memory);
        assert!(duel(&big).fits(&Budget::DEFAULT));
        let count = |g: &Game| estimate(g, Analysis::Shortest(Search::Count));
        assert!(count(&big).work > count(&small).work);
    }

    #[test]
    fn only_the_best_play_honours_dice_to_pick_from() {
        let game = Game::new(Board::empty(20).unwrap(), Rules::default()).unwrap();
        let dice: Vec<crate::rules::Die> = vec!["d6".parse().unwrap(), "d4".parse().unwrap()];
        let choice = Analysis::Choice { faces: 10 };
        assert_eq!(honoured_choosing(&game, &dice, &[choice]), Ok(()));
        // No dice: the plain game's analyses play it.
        let race = Analysis::Race { players: 2 };
        assert_eq!(honoured_choosing(&game, &[], &[choice, race]), Ok(()));
        for other in [
            race,
            Analysis::Duel,
            Analysis::Shortest(Search::Solve),
            Analysis::Markov(Measure::Mean),
        ] {
            let err = honoured_choosing(&game, &dice, &[choice, other]).unwrap_err();
            assert_eq!(
                err,
                Unhonoured::Dice {
                    analysis: other.noun(),
                    dice: "d6; d4".to_string()
                }
            );
            assert!(err.to_string().contains("choosing from d6; d4"), "{err}");
        }
        // Optional jumps are named first, as `honoured` names them.
        let rules = Rules {
            optional: Optional::Snakes,
            ..Rules::default()
        };
        let game = Game::new(Board::empty(20).unwrap(), rules).unwrap();
        assert!(matches!(
            honoured_choosing(&game, &dice, &[race]),
            Err(Unhonoured::Optional { .. })
        ));
        // The searches play optional jumps, not dice to pick from.
        let search = Analysis::Shortest(Search::Count);
        assert_eq!(honoured(&game, &[search, choice]), Ok(()));
        assert!(matches!(
            honoured_choosing(&game, &dice, &[search]),
            Err(Unhonoured::Dice { .. })
        ));
        assert!(matches!(
            honoured(&game, &[search, Analysis::Duel]),
            Err(Unhonoured::Optional { analysis, .. }) if analysis == Analysis::Duel.noun()
        ));
    }

    #[test]
    fn counting_over_the_budget_is_left_out() {
        let game = Game::new(Board::empty(100_000).unwrap(), Rules::default()).unwrap();
        let tight = Budget {
            memory: 1 << 30,
            work: 1000,
        };
        assert!(matches!(
            counting(&game, true, &tight),
            Counting::OverBudget(e) if e.work > 1000
        ));
        assert_eq!(counting(&game, false, &Budget::UNLIMITED), Counting::Count);
    }

    #[test]
    fn counting_a_search_over_the_budget_does_not_run_it() {
        // 20 squares with a bonus limit of 10^8: 2.1 billion states, whose
        // search alone is 34 GB. Counting is refused at the search's size,
        // without running it to learn the fewest rolls.
        let rules = Rules {
            bonus: Some(crate::Bonus::with_limit(100_000_000).unwrap()),
            ..Rules::default()
        };
        let game = Game::new(Board::empty(20).unwrap(), rules).unwrap();
        let search = estimate(&game, Analysis::Shortest(Search::MinRolls));
        assert!(search.memory > 30_000_000_000);
        let start = std::time::Instant::now();
        assert_eq!(
            counting(&game, false, &Budget::DEFAULT),
            Counting::OverBudget(search)
        );
        let refused = admit(
            &game,
            &[Analysis::Shortest(Search::Count)],
            &Budget::DEFAULT,
        );
        assert!(refused.unwrap_err().to_string().contains("34 GB"));
        assert!(start.elapsed().as_secs() < 2, "{:?}", start.elapsed());
    }
}
