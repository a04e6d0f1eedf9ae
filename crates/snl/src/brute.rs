//! An exhaustive search for the fewest rolls: try every sequence of rolls.
//!
//! It shares nothing with [`crate::shortest`] but the successor function, so
//! the tests use it to check the fast search. A shortest sequence never visits
//! a position twice, so only sequences that do not revisit a position are
//! tried, and a sequence stops once it is longer than the best found. The
//! work still grows exponentially with the board, so it refuses boards larger
//! than [`MAX_SEARCH_SQUARES`].
//!
//! Under a bonus limit a sequence may not hold the limit's number of top
//! values in a row within a turn ([`Game::play`] sends the pawn back to the
//! start instead); the search then tracks the streak beside the position.
//! Where jumps may be declined ([`crate::rules::Optional`]) each roll onto
//! an optional jump's start is tried both ways, and a sequence is a play:
//! its rolls and where it chose to rest.

use crate::game::{Game, Move, Pawn};
use crate::limits::{Cancel, Control, LimitError, Meter};

/// The largest board the exhaustive search accepts.
pub const MAX_SEARCH_SQUARES: u32 = 40;

/// The result of the exhaustive search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BruteResult {
    /// The fewest rolls, or `None` when the last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// How many roll sequences reach the last square in that many rolls
    /// (plays, where a jump may be declined: the same rolls resting
    /// elsewhere count apart).
    pub optimal_sequences: u128,
    /// The optimal sequence of moves whose rolls come first in dictionary
    /// order, as [`crate::shortest::Solution::path`] gives it (empty when
    /// unreachable, or when the pawn starts on the last square).
    pub path: Vec<Move>,
}

/// The board is too large for the exhaustive search.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the exhaustive search tries every sequence of rolls and is limited to boards of {MAX_SEARCH_SQUARES} squares; this one has {0}"
)]
pub struct SearchTooLarge(pub u32);

/// Tries every sequence of rolls that does not revisit a position:
/// [`search_with`] under [`Control::default`], which sets no budget and is
/// never stopped.
///
/// # Errors
///
/// [`BruteError::TooLarge`] for boards over [`MAX_SEARCH_SQUARES`] squares.
pub fn search(game: &Game) -> Result<BruteResult, BruteError> {
    search_with(game, &Control::default())
}

/// [`search`], giving up (`None`) after trying `rolls` rolls, a number of
/// its own rather than a budget's work, for the tests that compare it
/// with the fast search: on some boards of forty squares the sequences
/// that never revisit a position number in the billions, and a fuzzer
/// finds them.
///
/// # Errors
///
/// As [`search`].
pub fn search_within(game: &Game, rolls: u64) -> Result<Option<BruteResult>, SearchTooLarge> {
    let cancel = Cancel::new();
    match run(game, rolls, &mut Meter::new(&cancel)) {
        Ok(found) => Ok(found),
        Err(BruteError::TooLarge(e)) => Err(e),
        Err(BruteError::Limit(e)) => unreachable!("no token, no work limit: {e}"),
    }
}

/// [`search`] under a [`Control`]: its work cannot be told in advance (it
/// grows exponentially with the board), so it stops when it has done the
/// budget's work, or when the token is set.
///
/// # Errors
///
/// [`BruteError::TooLarge`] as [`search`]; [`BruteError::Limit`] when
/// stopped.
pub fn search_with(game: &Game, ctl: &Control) -> Result<BruteResult, BruteError> {
    let meter = ctl.meter();
    let mut meter = if ctl.budget.is_unlimited() {
        meter
    } else {
        meter.limit(ctl.budget.work, "the exhaustive search")
    };
    match run(game, u64::MAX, &mut meter) {
        Ok(found) => Ok(found.expect("no limit on the rolls tried")),
        Err(BruteError::Limit(LimitError::Work { what, budget, .. })) => {
            Err(LimitError::Overran { what, budget }.into())
        }
        Err(e) => Err(e),
    }
}

/// Why the exhaustive search gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BruteError {
    /// The board is over [`MAX_SEARCH_SQUARES`].
    #[error(transparent)]
    TooLarge(#[from] SearchTooLarge),
    /// Stopped: the budget's work is done, or the token was set.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// Units of work (see [`crate::limits::WORK_PER_SECOND`]) a roll tried
/// costs, roughly.
const ROLL_WORK: u64 = 20;

fn run(game: &Game, limit: u64, meter: &mut Meter<'_>) -> Result<Option<BruteResult>, BruteError> {
    let goal = game.goal();
    if goal > MAX_SEARCH_SQUARES {
        return Err(SearchTooLarge(goal).into());
    }
    let start = game.start();
    let mut result = BruteResult {
        min_rolls: None,
        optimal_sequences: 0,
        path: Vec::new(),
    };
    if start == goal {
        result.min_rolls = Some(0);
        result.optimal_sequences = 1;
        return Ok(Some(result));
    }
    let rolls: Vec<u32> = game.rules().die.values().collect();
    // A shortest sequence never comes back to a state. A roll that does not
    // move the pawn never shortens a sequence: a reset leads back to the
    // start, and a roll is lost only when the top would be lost too, so
    // losing it frees no move.
    let states = game.choice_states();
    let key = |p: Pawn| states.index(p);
    let mut on_path = vec![false; states.len()];
    // The stack holds, for each pawn on the current sequence, the index of
    // the next roll to try from it.
    let first = Pawn {
        at: start,
        streak: 0,
    };
    let mut positions = vec![first];
    let mut moves = vec![choices(game, &rolls, first)];
    let mut next_roll = vec![0usize];
    let mut sequence: Vec<Move> = Vec::new();
    on_path[key(first)] = true;
    let mut tried = 0u64;
    while let Some(&at) = positions.last() {
        let depth = sequence.len() as u32;
        let i = *next_roll.last().expect("stacks have one length");
        let worth_going_on = result.min_rolls.is_none_or(|best| depth < best);
        if i == moves.last().map_or(0, Vec::len) || !worth_going_on {
            on_path[key(at)] = false;
            positions.pop();
            moves.pop();
            next_roll.pop();
            sequence.pop();
            continue;
        }
        *next_roll.last_mut().expect("stacks have one length") += 1;
        tried += 1;
        if tried > limit {
            return Ok(None);
        }
        meter.add(ROLL_WORK)?;
        let (step, to) = moves.last().expect("stacks have one length")[i];
        if to.at == goal {
            let rolls_used = depth + 1;
            if result.min_rolls != Some(rolls_used) {
                result.min_rolls = Some(rolls_used);
                result.optimal_sequences = 0;
                result.path = sequence.iter().copied().chain([step]).collect();
            }
            result.optimal_sequences += 1;
        } else if !on_path[key(to)] {
            on_path[key(to)] = true;
            positions.push(to);
            moves.push(choices(game, &rolls, to));
            next_roll.push(0);
            sequence.push(step);
        }
    }
    Ok(Some(result))
}

/// Every move a player may make from `pawn`, in the order the path is
/// chosen by: by roll, and for one roll every jump taken first, then each
/// declinable jump's start from the last of a chain back to the first. Only
/// moves that move the pawn (a reset goes back to the start, a lost roll
/// stays). The chain is walked here from the board, not by
/// [`Game::rests`], so that the searches' choices are checked.
fn choices(game: &Game, rolls: &[u32], pawn: Pawn) -> Vec<(Move, Pawn)> {
    let board = game.board();
    let optional = game.rules().optional;
    let mut out = Vec::new();
    for &roll in rolls {
        let played = game.play(pawn, roll);
        let Some(moved) = played.moved else { continue };
        out.push((moved, played.pawn));
        let mut stops = Vec::new();
        let mut at = moved.land;
        while let Some(to) = board.jump(at) {
            if optional.covers(at, to) {
                stops.push(at);
            }
            at = to;
            if !game.rules().chain {
                break;
            }
        }
        debug_assert_eq!(at, moved.to, "the walk ends where the game rests");
        for &stop in stops.iter().rev() {
            let rest = game.rest_after(pawn, roll, stop);
            out.push((Move { to: stop, ..moved }, rest));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Jump};
    use crate::rules::Rules;

    #[test]
    fn seed_boards() {
        let board = Board::new(
            20,
            [
                Jump { from: 2, to: 19 },
                Jump { from: 12, to: 15 },
                Jump { from: 9, to: 2 },
            ],
        )
        .unwrap();
        let r = search(&Game::new(board, Rules::default()).unwrap()).unwrap();
        assert_eq!(r.min_rolls, Some(2));
        assert_eq!(r.optimal_sequences, 1);
        let rolls: Vec<u32> = r.path.iter().map(|m| m.roll).collect();
        assert_eq!(rolls, vec![1, 1]);
        assert_eq!((r.path[0].land, r.path[0].to), (2, 19));
        let r = search(&Game::new(Board::empty(8).unwrap(), Rules::default()).unwrap()).unwrap();
        assert_eq!((r.min_rolls, r.optimal_sequences), (Some(2), 6));
    }

    #[test]
    fn refuses_large_boards() {
        let g = Game::new(Board::empty(41).unwrap(), Rules::default()).unwrap();
        assert_eq!(search(&g), Err(BruteError::TooLarge(SearchTooLarge(41))));
    }

    #[test]
    fn unreachable() {
        let board = Board::new(9, (2..=7).map(|s| Jump { from: s, to: 1 })).unwrap();
        let r = search(&Game::new(board, Rules::default()).unwrap()).unwrap();
        assert_eq!(r.min_rolls, None);
        assert_eq!(r.optimal_sequences, 0);
    }
}
