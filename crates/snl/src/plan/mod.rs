//! What front ends ask of the library: one entry per question, which
//! picks the engine, and what every front end decides the same way.
//!
//! A question is asked of a [`Subject`] (a board under its rules, checked
//! once) with a query, under the caller's [`Control`] (its budget and its
//! stop token), and its answer says which engine gave it:
//!
//! - [`solve`] ([`SolveQuery`] → [`Solved`]): the fewest rolls when every
//!   roll is chosen, one optimal sequence, how many there are;
//! - [`expect`] ([`ExpectQuery`] → [`Expectation`]): how long a game with
//!   a real die lasts, exactly, under the best play where there is a
//!   choice;
//! - [`best_within`] ([`WithinQuery`] → [`crate::choice::Within`]): the
//!   play with the greatest chance of finishing within K rolls;
//! - [`export`] ([`ExportQuery`] → [`crate::export::Exported`]): the game
//!   written for other tools, a PRISM model and its properties or a state
//!   diagram;
//! - [`solve_steps`] ([`StepsQuery`] → [`SolveSteps`]): the fewest-rolls
//!   search frontier by frontier, with a sentence for each step;
//!   [`expect_steps`] (the same [`StepsQuery`] and a number of rolls →
//!   [`crate::markov::rolls::RollStep`]s) the game with a real die roll by
//!   roll, and [`roll_by_roll`] the same one roll at a time;
//!   [`policy_steps`] (→ [`PolicySteps`]) the best play under a choice as
//!   policy iteration finds it, round by round; [`steps`] ([`StepsAsk`]
//!   → [`Told`]) whichever of them a learner asks to watch;
//! - [`target()`] ([`TargetQuery`] → [`crate::markov::target::Hitting`]):
//!   the rolls until the pawn first rests on one of a set of squares, and
//!   the chance that it ever does; [`via`] the same for the first time a
//!   game takes a jump, and how often it does;
//! - [`prepare`]: which engine a question would go to and what it would
//!   cost, before it runs (for a progress bar, or a refusal).
//!
//! The two engines are the **dense** one, whose tables are a square long
//! ([`crate::shortest`], [`crate::markov`], [`crate::choice`]: every
//! question, on boards of up to 2^30 squares), and the **sparse** one,
//! whose cost grows with the jumps ([`crate::sparse`]: the fewest rolls
//! and the moments of the length, on boards of up to 2^62 squares). The
//! library chooses between them inside the questions; a query may force
//! one. Every failure is one [`Error`], whose accessors tell a stop, a
//! limit, a board only the dense engine holds and an unplayable board
//! apart.
//!
//! ```
//! use snl::limits::Control;
//! use snl::plan::{self, Engine, ExpectQuery, Subject};
//! use snl::{BoardSpec, Jump, Rules};
//!
//! // 10^7 squares, a ladder near the start, a snake near the end.
//! let spec = BoardSpec::of_jumps(10_000_000, [
//!     Jump { from: 3, to: 50 },
//!     Jump { from: 9_000_000, to: 20 },
//! ]);
//! let subject = Subject::new(spec, Rules::default())?;
//! let expectation = plan::expect(&subject, &ExpectQuery::default(), &Control::default())?;
//! assert_eq!(expectation.engine, Engine::Sparse);
//! assert_eq!(expectation.min_rolls, Some(1_666_660));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Beside the questions, the module names every analysis ([`Analysis`]),
//! asks each for its own estimate ([`estimate`]) and refuses a set of them
//! before any starts ([`admit`]); says which analyses play which rules
//! ([`honoured`]); decides whether the optimal sequences are counted
//! ([`counting`]); and names the work only the dense engine does
//! ([`DenseWork`], refused past its size with [`DenseOnly`]).
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

mod admit;
mod count;
mod engine;
mod error;
mod expect;
mod export;
mod honour;
mod need;
mod prepare;
mod solve;
mod steps;
mod subject;
mod target;

pub use admit::{Analysis, admit, estimate, estimate_under};
pub use count::{COUNT_LIMIT, Counting, counting};
pub use engine::{DistributionOver, Engine};
pub use error::{Error, NotGiven, Part, limit_error};
pub use expect::{
    ExpectQuery, Expectation, Length, Progress, Step, WithinQuery, best_within, expect,
};
pub use export::{ExportQuery, export};
pub use honour::{Unhonoured, honoured, honoured_choosing};
pub use need::{DenseOnly, DenseWork};
pub use prepare::{Prepared, Question, prepare};
pub use solve::{Count, Counted, Method, Path, SolveQuery, Solved, Uncounted, solve};
pub use steps::{
    KeptWalk, PolicySteps, STEP_ROLLS, STEPS_LIMIT, SolveSteps, StepsAsk, StepsOf, StepsQuery,
    Told, equation, expect_steps, expect_steps_from, policy_steps, roll_by_roll, solve_steps,
    steps, steps_kept,
};
pub use subject::Subject;
pub use target::{TargetQuery, target, via};

#[cfg(doc)]
use crate::limits::Control;
