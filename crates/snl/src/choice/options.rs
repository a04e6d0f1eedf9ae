//! What the best play is solved for: the dice to pick from, and whether
//! the mean is wanted exactly.

use crate::game::Game;
use crate::rules::Die;

/// What to solve for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Options {
    /// The dice the player picks from before each roll (a bonus roll
    /// included); empty for the rules' die alone. A top value (for the
    /// bonus rule) is the top of the die rolled.
    pub dice: Vec<Die>,
    /// Whether to give the exact mean ([`Solution::exact`](crate::choice::Solution::exact)) as well, on
    /// games of up to `max_exact_states` states.
    pub exact: bool,
    /// The most states the exact mean takes on; `None` for
    /// [`MAX_EXACT_STATES`](crate::markov::exact::MAX_EXACT_STATES).
    pub max_exact_states: Option<usize>,
    /// Whether to keep the rounds of policy iteration, each policy's value
    /// and the choices changed ([`Solution::rounds_made`](crate::choice::Solution::rounds_made)),
    /// for learners.
    pub keep_rounds: bool,
}

impl Options {
    /// The faces of all the dice picked from together, or of the rules'
    /// die when none are given: what [`estimate`](crate::choice::estimate) counts.
    pub fn faces(&self, game: &Game) -> usize {
        if self.dice.is_empty() {
            game.rules().die.faces().count()
        } else {
            self.dice.iter().map(|d| d.faces().count()).sum()
        }
    }
}
