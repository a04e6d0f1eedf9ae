//! snl analyses Snakes and Ladders boards.
//!
//! It answers the questions people ask about a board: the fewest rolls to the
//! last square when each roll may be chosen (and which rolls), and how long a
//! game with a real die lasts.
//!
//! ```
//! use snl::{Board, Game, Jump, Rules};
//!
//! // Seed example: 20 squares, ladders 2->19 and 12->15, a snake 9->2.
//! let board = Board::new(20, [
//!     Jump { from: 2, to: 19 },
//!     Jump { from: 12, to: 15 },
//!     Jump { from: 9, to: 2 },
//! ])?;
//! let game = Game::new(board, Rules::default())?;
//! let best = snl::shortest::solve(&game)?;
//! assert_eq!(best.min_rolls, Some(2));
//! assert_eq!(best.path[0].roll, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Modules
//!
//! The modules stand on four floors. A module imports from its own floor or
//! the floors below, never above, and no two modules import each other,
//! however far round; inside a family (`markov/`, `shortest/`, ...) the
//! facade `mod.rs` imports its children and they import only each other
//! (but `input`, whose readers and facade still share items both ways).
//! A test reads the sources and checks it, and checks that this map and
//! the test's own list of floors agree.
//!
//! Floor 0, the primitives, import nothing from the crate:
//!
//! - [`limits`]: budgets, estimates, stopping long work (Ctrl-C, a
//!   deadline), tables allocated fallibly, and sizes and times in words.
//! - [`rules`]: the die, the finish rule, chaining, the start, bonus rolls.
//! - [`rng`]: the one seeded generator, [`rng::SplitMix64`].
//!
//! Floor 1, the model, a board under rules:
//!
//! - [`board`]: squares and jumps; a [`Board`] is valid once built, and
//!   [`board::cost`] says what its tables take.
//! - [`game`]: a board under rules, and the one successor function.
//! - [`input`]: the board forms (LeetCode grid, 0-based moves, ladder and
//!   snake pairs as JSON or text), read and written.
//! - [`words`]: phrases for people (ordinals, plurals, the rules in words).
//!
//! Floor 2, the analyses, each with the estimate of its own cost:
//!
//! - [`shortest`]: the fewest rolls, one optimal sequence, how many there are.
//! - [`brute`]: an exhaustive search, kept as an independent check.
//! - [`markov`]: a game with a real die: the exact mean, variance and
//!   distribution of its length, visits per square, each jump's effect.
//! - [`choice`]: a real die with choices (declining jumps, picking a die
//!   each roll): the best play, its exact mean and variance.
//! - [`duel`]: two players who choose their rolls, solved by retrograde analysis.
//! - [`race`]: several players with a real die; the exact chance each seat wins.
//! - [`simulate`]: Monte Carlo games with a real die, reproducible from a seed.
//! - [`random`]: random boards from a seed, with constraints.
//! - [`check`]: errors and warnings about a board under a set of rules.
//! - [`variant`]: the rules as solutions commonly mistake them (chained
//!   jumps, a misread grid, ...), each solvable, to explain wrong answers.
//! - [`leetcode`]: LeetCode 909's function, with its exact signature.
//! - [`presets`]: published boards and the seed examples, built in.
//! - [`design`]: a search for boards that meet targets (a mean, a spread,
//!   fairness, no trap), or a board of one's own changed as little as
//!   possible.
//! - [`export`]: the game for other tools: a PRISM model (a Markov chain,
//!   or a decision process with choices) with its properties, and a state
//!   diagram in Graphviz's DOT.
//! - [`sparse`]: the sparse engine (below): the fewest rolls and the
//!   moments of the length on boards of up to 2^62 squares.
//!
//! Floor 3, the top, what front ends need:
//!
//! - [`plan`]: one entry per question ([`plan::solve`], [`plan::expect`],
//!   [`plan::best_within`]), asked of a [`plan::Subject`], which picks the
//!   engine; every analysis's estimate, the admission of a set of them,
//!   the rules each plays, whether to count the optimal sequences.
//! - [`answer`]: every analysis as a JSON document, the shapes all front
//!   ends print.
//!
//! # Engines
//!
//! Two engines answer the fewest rolls and the moments of the length, and
//! each answer says which did:
//!
//! - **dense**: tables a square long ([`shortest`], [`markov`],
//!   [`choice`], and every other analysis), on boards of up to 2^30
//!   squares; it alone gives the distribution of the length, exact
//!   fractions, visits and choices;
//! - **sparse**: squares kept one by one only near the jumps, the start and
//!   the end, each empty stretch between crossed in one step
//!   ([`sparse`]), so that its cost is in proportion to the jumps, on
//!   boards of up to 2^62 squares.
//!
//! [`plan`] chooses between them; a query may force one.

#![deny(missing_docs)]

pub mod answer;
pub mod board;
pub mod brute;
pub mod check;
pub mod choice;
pub mod design;
pub mod duel;
pub mod export;
pub mod game;
pub mod input;
pub mod leetcode;
pub mod limits;
pub mod markov;
pub mod plan;
pub mod presets;
pub mod race;
pub mod random;
pub mod rng;
pub mod rules;
pub mod shortest;
pub mod simulate;
pub mod sparse;
pub mod variant;
pub mod words;

pub use board::{Board, BoardError, BoardSpec, Jump, JumpKind, Origin, RawJump};
pub use check::{Diagnostic, Severity};
pub use game::{Game, GameError, Move, Pawn, Played, States, Unit};
pub use input::{Format, ParseError, ParseOptions, ParsedBoard, RulesPatch};
pub use presets::Preset;
pub use rules::{Bonus, Die, Finish, Optional, Rules, RulesError, RulesJson, Start};

// The README's library example runs as a doc test, so it cannot rot; and
// so would a Rust example in the guide, the reference or the contributors'
// page (their other blocks are marked with their language).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/guide.md")]
struct GuideDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../docs/reference.md")]
struct ReferenceDoctests;

#[cfg(doctest)]
#[doc = include_str!("../../../CONTRIBUTING.md")]
struct ContributingDoctests;

// And the crate's own README, shown on its registry page.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
