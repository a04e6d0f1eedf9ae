//! The fewest rolls when the player also picks, before each roll, one of
//! several dice: the search over every face of every die.

use std::collections::VecDeque;

use crate::game::{Game, Pawn, Played};
use crate::limits::{self, Control, Estimate, LimitError};
use crate::rules::Die;

/// A die with every face any of `dice` has (the chances play no part in
/// the fewest rolls).
pub(super) fn every_face(dice: &[Die]) -> Die {
    let top = dice.iter().map(Die::max).max().unwrap_or(1);
    let weights = (1..=top)
        .map(|v| u64::from(dice.iter().any(|d| d.weight(v) > 0)))
        .collect();
    Die::weighted(weights).expect("the faces of valid dice make a valid die")
}

/// The search over (position, streak) under a bonus limit, each die with
/// its own top value.
pub(super) fn by_streak(
    game: &Game,
    dice: &[Die],
    ctl: &Control,
) -> Result<Option<u32>, LimitError> {
    let states = game.choice_states();
    let faces: usize = dice.iter().map(|d| d.values().count()).sum();
    let n = states.len() as u64;
    ctl.admit(
        "the fewest-rolls search",
        Estimate::new(n.saturating_mul(8), n.saturating_mul(faces as u64 * 4)),
    )?;
    let goal = game.goal();
    let start = Pawn {
        at: game.start(),
        streak: 0,
    };
    if start.at == goal {
        return Ok(Some(0));
    }
    let games: Vec<Game> = dice.iter().map(|d| game.with_die(d.clone())).collect();
    let choosing = game.declinable();
    let mut dist = limits::vec_of(states.len(), u32::MAX, "the fewest-rolls search")?;
    let mut queue = VecDeque::new();
    dist[states.index(start)] = 0;
    queue.push_back(states.index(start));
    let mut meter = ctl.meter();
    while let Some(k) = queue.pop_front() {
        let (pawn, rolls) = (states.pawn(k), dist[k] + 1);
        for g in &games {
            meter.add(g.rules().die.values().count() as u64)?;
            for r in g.rules().die.values() {
                for next in resting_places(g, pawn, r, &g.play(pawn, r), choosing) {
                    if next.at == goal {
                        return Ok(Some(rolls));
                    }
                    let j = states.index(next);
                    if dist[j] == u32::MAX {
                        dist[j] = rolls;
                        queue.push_back(j);
                    }
                }
            }
        }
    }
    Ok(None)
}

/// Where a roll of `r` from `pawn`, played as `played`, may leave the
/// pawn: where its jumps lead, then, where jumps may be declined
/// (`choosing`), the start of each jump it stops on instead. A declined
/// jump leaves the pawn where it stopped, under the same turn rule as a
/// taken one.
pub(super) fn resting_places<'g>(
    game: &'g Game,
    pawn: Pawn,
    r: u32,
    played: &Played,
    choosing: bool,
) -> impl Iterator<Item = Pawn> + 'g {
    let declined = played
        .moved
        .filter(|m| choosing && m.jumped())
        .into_iter()
        .flat_map(move |m| {
            game.rests(m.land)
                .skip(1)
                .map(move |at| game.rest_after(pawn, r, at))
        });
    std::iter::once(played.pawn).chain(declined)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Jump};
    use crate::rules::{Bonus, Optional, Rules};
    use crate::shortest::{min_rolls_picking, min_rolls_with};

    fn d(spec: &str) -> Die {
        spec.parse().unwrap()
    }

    /// One die is the plain search; several without a limit the search of
    /// every face; under a limit the search by streak agrees with that one
    /// where the limit never bites, and with the plain search of each die
    /// alone when only one die is of use.
    #[test]
    fn picking_agrees_with_the_plain_search() {
        let board = Board::new(
            40,
            [
                Jump { from: 5, to: 30 },
                Jump { from: 33, to: 2 },
                Jump { from: 12, to: 3 },
            ],
        )
        .unwrap();
        let ctl = Control::default();
        for optional in [Optional::None, Optional::All] {
            let rules = Rules {
                optional,
                ..Rules::default()
            };
            let game = Game::new(board.clone(), rules.clone()).unwrap();
            let fewest = |dice: &[Die], g: &Game| min_rolls_picking(g, dice, &ctl).unwrap();
            assert_eq!(fewest(&[], &game), min_rolls_with(&game, &ctl).unwrap());
            let dice = [d("d4"), d("1,0,0,0,0,0,0,1")];
            let faces = game.with_die(d("1,1,1,1,0,0,0,1"));
            assert_eq!(fewest(&dice, &game), min_rolls_with(&faces, &ctl).unwrap());
            // A limit of 50 tops never bites in so short a game.
            let limited = Game::new(
                board.clone(),
                Rules {
                    bonus: Some(Bonus::with_limit(50).unwrap()),
                    ..rules
                },
            )
            .unwrap();
            assert_eq!(fewest(&dice, &limited), fewest(&dice, &game));
        }
    }

    /// Under a limit of 1 a top value sends the pawn back: with a d6 and a
    /// die of 6s only, the 6s are no use, and the d6 alone without its 6
    /// is what is left.
    #[test]
    fn each_die_has_its_own_top() {
        let rules = Rules {
            bonus: Some(Bonus::with_limit(1).unwrap()),
            ..Rules::default()
        };
        let game = Game::new(Board::empty(30).unwrap(), rules).unwrap();
        let ctl = Control::default();
        let sixes = d("0,0,0,0,0,1");
        let fewest = min_rolls_picking(&game, &[d("d6"), sixes], &ctl).unwrap();
        let fives = Game::new(Board::empty(30).unwrap(), Rules::default())
            .unwrap()
            .with_die(d("1,1,1,1,1"));
        assert_eq!(fewest, min_rolls_with(&fives, &ctl).unwrap());
        assert_eq!(fewest, Some(6));
    }
}
