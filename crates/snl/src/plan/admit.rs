//! Which analyses fit: each analysis's estimate, asked of the module that
//! runs it, and the refusal of a set of them before any starts.

use crate::choice;
use crate::duel;
use crate::game::Game;
use crate::limits::{Budget, Estimate, LimitError};
use crate::markov::{self, Measure};
use crate::race;
use crate::shortest::{self, Search};
use crate::simulate;

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
/// over `budget`. [`admit`] and [`super::counting`] estimate this way.
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
}
