//! Policy iteration round by round, for learners: each policy, its value
//! from the start, and the choices changed to make the next one.

use crate::game::{Game, Pawn, States};
use crate::rules::Die;
use crate::words::{figure, plural};

use super::mdp::Working;

/// One round of policy iteration: a policy and its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Round {
    /// The policy's expected rolls from the start; `None` when no play
    /// finishes for certain from there.
    pub value: Option<f64>,
    /// The policy itself.
    pub play: RoundPlay,
    /// The choices changed from the round before (none in the first), each
    /// better than the old one by more than rounding against that round's
    /// values.
    pub switches: Vec<Switch>,
    /// Whether this round only takes the jumps whose taking ties with
    /// staying (after the iteration has settled, which keeps a choice on a
    /// tie).
    pub ties: bool,
}

/// A round's policy: the jumps it declines and the dice it picks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPlay {
    /// Where it stays rather than take the jump that starts there: the
    /// square, and the streak of top values the pawn lands with.
    pub declined: Vec<Pawn>,
    /// With dice to pick from, the die picked at the start of a turn on
    /// each position from 0 to the last square (an index into the dice);
    /// empty with the rules' die alone.
    pub die_by_square: Vec<usize>,
}

impl RoundPlay {
    /// The play of `policy`, over `states`, picking among `dice` dice (0
    /// for the rules' die alone).
    pub(super) fn of(states: &States, policy: &Working, dice: usize) -> RoundPlay {
        let declined = (0..states.len())
            .filter(|&k| policy.decline[k])
            .map(|k| states.pawn(k))
            .collect();
        let positions = states.len() / states.streaks() as usize;
        let die_by_square = if dice > 1 {
            (0..positions as u32)
                .map(|at| usize::from(policy.die[states.index(Pawn { at, streak: 0 })]))
                .collect()
        } else {
            Vec::new()
        };
        RoundPlay {
            declined,
            die_by_square,
        }
    }
}

/// A choice changed between two rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switch {
    /// Where: the pawn before its roll (a die picked), or where it lands
    /// with its streak (a jump taken or declined).
    pub pawn: Pawn,
    /// What changed.
    pub change: Change,
}

/// What a switch changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Change {
    /// Another die is picked (indices into the dice).
    Die {
        /// The die picked before.
        from: usize,
        /// The die picked now.
        to: usize,
    },
    /// The jump starting there is now declined.
    Declines,
    /// The jump starting there is now taken.
    Takes,
}

impl Switch {
    /// The choices that differ between `before` and `after`, on squares
    /// a pawn can stand on: off the board (position 0) only in a game that
    /// starts there.
    pub(super) fn between(
        states: &States,
        before: &Working,
        after: &Working,
        start: u32,
    ) -> Vec<Switch> {
        let mut out = Vec::new();
        for k in 0..states.len() {
            let pawn = states.pawn(k);
            if pawn.at == 0 && start != 0 {
                continue;
            }
            if before.die[k] != after.die[k] {
                out.push(Switch {
                    pawn,
                    change: Change::Die {
                        from: usize::from(before.die[k]),
                        to: usize::from(after.die[k]),
                    },
                });
            }
            if before.decline[k] != after.decline[k] {
                let change = if after.decline[k] {
                    Change::Declines
                } else {
                    Change::Takes
                };
                out.push(Switch { pawn, change });
            }
        }
        out
    }

    /// The switch in words.
    fn words(&self, game: &Game, dice: &[Die]) -> String {
        let at = self.pawn.at;
        let streak = if game.streaks() > 1 && self.pawn.streak > 0 {
            format!(
                " with {} in a row",
                plural(u64::from(self.pawn.streak), "top value", "top values")
            )
        } else {
            String::new()
        };
        match self.change {
            Change::Die { from, to } => {
                format!("on {at}{streak}, {} instead of {}", dice[to], dice[from])
            }
            Change::Declines | Change::Takes => {
                let to = game.board().jump(at).unwrap_or(at);
                let kind = if to > at { "ladder" } else { "snake" };
                let verb = if self.change == Change::Declines {
                    "declines"
                } else {
                    "takes"
                };
                format!("landing on {at}{streak}, {verb} the {kind} to {to}")
            }
        }
    }
}

/// The most switches a round's sentence names; the rest are counted.
const NAMED: usize = 8;

/// The sentences of round `i` of `rounds`, the rounds of the best play of
/// `game` among `dice`.
///
/// # Panics
///
/// If `i` is not a round of `rounds`.
pub fn sentences(rounds: &[Round], i: usize, game: &Game, dice: &[Die]) -> Vec<String> {
    let round = &rounds[i];
    let mut out = Vec::new();
    let value = |v: Option<f64>| match v {
        Some(v) => format!("{} expected rolls from the start", figure(v, 6)),
        None => "no play finishes for certain from the start: the expected rolls are unbounded"
            .to_string(),
    };
    if i == 0 {
        out.push(format!(
            "Round 1: a first play that finishes for certain from every square where some play \
             does. Its value: {}.",
            value(round.value)
        ));
    } else {
        let named: Vec<String> = round
            .switches
            .iter()
            .take(NAMED)
            .map(|s| s.words(game, dice))
            .collect();
        let more = round.switches.len().saturating_sub(NAMED);
        let list = if more > 0 {
            format!("{}; and {more} more", named.join("; "))
        } else {
            named.join("; ")
        };
        let how = if round.ties {
            "the jumps whose taking ties with staying are taken"
        } else if round.switches.len() == 1 {
            "better by more than rounding against the last round's values"
        } else {
            "each better by more than rounding against the last round's values"
        };
        let gain = match (rounds[i - 1].value, round.value) {
            (Some(a), Some(b)) => format!(
                " ({} on the last round)",
                crate::words::signed_figure(b - a, 6)
            ),
            _ => String::new(),
        };
        out.push(format!(
            "Round {}: {} changed, {how}: {list}. Its value: {}{gain}.",
            i + 1,
            plural(round.switches.len() as u64, "choice", "choices"),
            value(round.value)
        ));
    }
    if i + 1 == rounds.len() {
        out.push(match round.value {
            Some(v) => format!(
                "No choice is better by more than rounding: this play is the best, with {} expected rolls.",
                figure(v, 6)
            ),
            None => "No choice is better by more than rounding, and no play finishes for certain \
                     from the start."
                .to_string(),
        });
    }
    out
}
