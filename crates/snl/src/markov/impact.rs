//! How much each snake and ladder changes the expected game length.

use super::error::MarkovError;
use super::moments::expected_rolls_with;
use crate::board::Jump;
use crate::game::Game;
use crate::limits::{self, Control};

/// The effect of one jump on the expected number of rolls.
#[derive(Debug, Clone, PartialEq)]
pub struct JumpImpact {
    /// The jump.
    pub jump: Jump,
    /// The expected rolls on the board without this jump; `None` when that
    /// game may never end.
    pub mean_without: Option<f64>,
    /// `mean_without - mean`: positive when the jump shortens the game.
    /// `None` when either mean is infinite.
    pub change: Option<f64>,
}

impl JumpImpact {
    /// Whether removing this jump turns an endless game into one that always
    /// ends, or the reverse.
    pub fn changes_finiteness(&self, mean: Option<f64>) -> bool {
        mean.is_some() != self.mean_without.is_some()
    }
}

/// For every jump, the expected rolls with that jump alone removed, largest
/// change first: first the jumps whose removal makes the game end always (or
/// not always), then by the size of the change, then by square.
///
/// One solve per jump: linear in the board for each.
///
/// # Errors
///
/// As [`stats`](crate::markov::stats).
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Jump, Rules};
///
/// let board = Board::new(30, [Jump { from: 3, to: 25 }, Jump { from: 20, to: 18 }])?;
/// let game = Game::new(board, Rules::default())?;
/// let impact = snl::markov::impact(&game)?;
/// assert_eq!(impact[0].jump, Jump { from: 3, to: 25 });
/// assert!(impact[0].change.unwrap() > 0.0, "the ladder shortens the game");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn impact(game: &Game) -> Result<Vec<JumpImpact>, MarkovError> {
    impact_with(game, &Control::default())
}

/// [`impact()`] under a [`Control`]: refused up front when one solve per
/// jump is over the budget ([`Measure::Impact`](super::Measure::Impact), then the first
/// solve's cost times the jumps), stopped when the token is set.
///
/// # Errors
///
/// As [`stats_with`](crate::markov::stats_with).
pub fn impact_with(game: &Game, ctl: &Control) -> Result<Vec<JumpImpact>, MarkovError> {
    ctl.admit_by("the impact of each jump", || {
        super::cost::estimate(game, super::cost::Measure::Impact)
    })?;
    let jumps = game.board().jump_count();
    let began = limits::Instant::now();
    let mean = expected_rolls_with(game, ctl)?;
    // Every jump costs about what the whole board did: refuse now rather
    // than after some of them.
    let one = began.elapsed().as_secs_f64() * limits::WORK_PER_SECOND;
    ctl.admit(
        "the impact of each jump",
        limits::Estimate::from_f64(0.0, one * jumps as f64),
    )?;
    let mut out = Vec::with_capacity(jumps);
    for jump in game.board().jumps() {
        let without = game
            .without_jump(jump.from)
            .expect("removing a jump cannot make a circle");
        let mean_without = expected_rolls_with(&without, ctl)?;
        out.push(JumpImpact {
            jump,
            mean_without,
            change: mean.zip(mean_without).map(|(m, w)| w - m),
        });
    }
    out.sort_by(|a, b| {
        b.changes_finiteness(mean)
            .cmp(&a.changes_finiteness(mean))
            .then_with(|| {
                let size = |i: &JumpImpact| i.change.map_or(-1.0, f64::abs);
                size(b).total_cmp(&size(a))
            })
            .then(a.jump.from.cmp(&b.jump.from))
    });
    Ok(out)
}

#[cfg(test)]
// The values compared exactly are exact in binary (0, 1/2, 1/4, ...).
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::Rules;

    #[test]
    fn freeing_a_trap_comes_first() {
        // A coin, exact finish, 12 squares. The snakes at 10 and 11 both lead
        // to 9, and from 9 a coin lands only on 10 or 11: the goal can never
        // be reached. Removing either snake frees the pawn; removing the
        // ladders does not.
        let board = Board::new(
            12,
            [
                Jump { from: 3, to: 5 },
                Jump { from: 4, to: 9 },
                Jump { from: 10, to: 9 },
                Jump { from: 11, to: 9 },
            ],
        )
        .unwrap();
        let rules = Rules {
            die: crate::rules::Die::uniform(2).unwrap(),
            ..Rules::default()
        };
        let g = Game::new(board, rules).unwrap();
        let i = impact(&g).unwrap();
        let order: Vec<u32> = i.iter().map(|j| j.jump.from).collect();
        assert_eq!(order, vec![10, 11, 3, 4]);
        assert!(i[0].mean_without.is_some() && i[1].mean_without.is_some());
        assert!(i[0].changes_finiteness(None));
        assert_eq!(i[2].mean_without, None);
        assert!(i.iter().all(|j| j.change.is_none()));
    }
}
