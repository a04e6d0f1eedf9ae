//! A board played under a set of rules, and the one function that moves a
//! pawn: [`Game::step`].
//!
//! Every algorithm in snl (the fewest-rolls search, the brute-force check, the
//! Markov chain, the simulation) moves pawns through `Game`, so the rules mean
//! the same thing everywhere and cannot drift apart.
//!
//! Positions are numbered `0..=N`: squares `1..=N`, and 0 for a pawn that
//! has not yet entered the board (see [`Start::OffBoard`](crate::rules::Start::OffBoard)).

use crate::board::Board;
use crate::rules::{Finish, Rules};

/// A board and the rules it is played under, ready for analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    board: Board,
    rules: Rules,
    /// `rest[s]`: where a pawn that lands on square `s` comes to rest, after
    /// the jump from `s` (and, when chaining, every jump after it). `rest[s] ==
    /// s` where no jump starts. `rest[0] == 0`.
    rest: Vec<u32>,
    /// `is_jump[s]`: whether landing on `s` moves the pawn on. Kept beside
    /// `rest` for the search's word-at-a-time scan.
    jump_bits: Vec<u64>,
}

/// One roll of the pawn: the value rolled, where it landed, and where it
/// came to rest after any jump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The value rolled.
    pub roll: u32,
    /// The square the roll landed on (after any bounce).
    pub land: u32,
    /// The square the pawn rests on after any jump; equal to `land` when no
    /// jump starts there.
    pub to: u32,
}

impl Move {
    /// Whether the move took a jump.
    pub fn jumped(&self) -> bool {
        self.land != self.to
    }
}

/// A board that cannot be played under the given rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// Chaining is on and jumps lead round in a circle, so a pawn that enters
    /// the circle never comes to rest.
    #[error("with chaining on, the jumps from squares {} lead round in a circle, so a pawn there never comes to rest; break the circle or turn chaining off", list(.squares))]
    Cycle {
        /// The squares of the circle, in the order the pawn visits them.
        squares: Vec<u32>,
    },
}

fn list(squares: &[u32]) -> String {
    let mut s: Vec<String> = squares.iter().map(u32::to_string).collect();
    if let Some(first) = squares.first() {
        s.push(first.to_string());
    }
    s.join("->")
}

impl Game {
    /// Prepares `board` for play under `rules`.
    ///
    /// # Errors
    ///
    /// [`GameError::Cycle`] when `rules.chain` is on and the jumps form a
    /// circle.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::{Board, Game, Jump, Rules};
    ///
    /// let board = Board::new(20, [Jump { from: 2, to: 19 }])?;
    /// let game = Game::new(board, Rules::default())?;
    /// let m = game.step(1, 1).unwrap();
    /// assert_eq!((m.land, m.to), (2, 19));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(board: Board, rules: Rules) -> Result<Game, GameError> {
        let table = board.jump_table();
        let len = table.len();
        let mut rest: Vec<u32> = (0..len as u32).collect();
        let mut jump_bits = vec![0u64; len.div_ceil(64) + 1];
        for (s, &to) in table.iter().enumerate() {
            if to != 0 {
                rest[s] = to;
                jump_bits[s / 64] |= 1 << (s % 64);
            }
        }
        if rules.chain {
            resolve_chains(table, &mut rest)?;
        }
        Ok(Game {
            board,
            rules,
            rest,
            jump_bits,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The last square, which ends the game.
    pub fn goal(&self) -> u32 {
        self.board.squares()
    }

    /// The position the pawn starts from (0 or 1).
    pub fn start(&self) -> u32 {
        self.rules.start.position()
    }

    /// The number of positions, `0..=goal()`.
    pub fn positions(&self) -> usize {
        self.rest.len()
    }

    /// Where a pawn that lands on `square` comes to rest.
    #[inline]
    pub fn rest(&self, square: u32) -> u32 {
        self.rest[square as usize]
    }

    /// The resting square for every landing square, indexed by square.
    pub fn rest_table(&self) -> &[u32] {
        &self.rest
    }

    /// One bit per square, set where a jump starts (bit `s % 64` of word
    /// `s / 64`), with one spare zero word at the end.
    pub fn jump_bits(&self) -> &[u64] {
        &self.jump_bits
    }

    /// The square a roll lands on, by the finish rule, before any jump.
    /// `None` when the roll is lost (an exact finish overshot) or the game is
    /// already over.
    #[inline]
    pub fn land(&self, from: u32, roll: u32) -> Option<u32> {
        let n = self.goal();
        if from >= n {
            return None;
        }
        let target = u64::from(from) + u64::from(roll);
        if target <= u64::from(n) {
            return Some(target as u32);
        }
        match self.rules.finish {
            Finish::Exact => None,
            Finish::Pass => Some(n),
            Finish::Bounce => Some(bounce(n, target)),
        }
    }

    /// Moves a pawn from `from` by `roll`: the square it lands on and where it
    /// rests. `None` when the roll is lost (see [`Game::land`]).
    #[inline]
    pub fn step(&self, from: u32, roll: u32) -> Option<Move> {
        self.land(from, roll).map(|land| Move {
            roll,
            land,
            to: self.rest(land),
        })
    }

    /// Where a pawn at `from` rests after rolling `roll`: `from` itself when
    /// the roll is lost.
    #[inline]
    pub fn next(&self, from: u32, roll: u32) -> u32 {
        match self.land(from, roll) {
            Some(land) => self.rest(land),
            None => from,
        }
    }

    /// Whether the start position is also the goal (a one-square board with
    /// the pawn starting on it): the game is over before it begins.
    pub fn starts_finished(&self) -> bool {
        self.start() == self.goal()
    }

    /// The same game with the jump from `square` removed.
    ///
    /// # Errors
    ///
    /// Never in practice: removing a jump cannot make a circle. The `Result`
    /// is kept so that a future rule that can be broken by it is reported.
    pub fn without_jump(&self, square: u32) -> Result<Game, GameError> {
        Game::new(self.board.without_jump(square), self.rules.clone())
    }
}

/// Where a walk of `target - 1` steps from square 1 ends when it turns back at
/// square `n` and again at square 1 (the bounce rule; the turn at 1 only
/// matters when a die is larger than the board).
fn bounce(n: u32, target: u64) -> u32 {
    if n == 1 {
        return 1;
    }
    let period = 2 * (u64::from(n) - 1);
    let m = (target - 1) % period;
    if m < u64::from(n) {
        m as u32 + 1
    } else {
        (period - m) as u32 + 1
    }
}

/// Follows chains of jumps so that `rest[s]` is the square where the pawn
/// finally stops. Iterative, so long chains cannot overflow the stack.
fn resolve_chains(table: &[u32], rest: &mut [u32]) -> Result<(), GameError> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![NEW; table.len()];
    let mut trail = Vec::new();
    for s in 0..table.len() {
        if table[s] == 0 || state[s] == DONE {
            continue;
        }
        // Walk forward until a square with a known resting place.
        let mut at = s;
        let end = loop {
            if table[at] == 0 {
                break at as u32;
            }
            if state[at] == DONE {
                break rest[at];
            }
            if state[at] == OPEN {
                let begin = trail.iter().position(|&t| t == at).unwrap_or(0);
                return Err(GameError::Cycle {
                    squares: trail[begin..].iter().map(|&t| t as u32).collect(),
                });
            }
            state[at] = OPEN;
            trail.push(at);
            at = table[at] as usize;
        };
        for &t in &trail {
            rest[t] = end;
            state[t] = DONE;
        }
        trail.clear();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Jump;
    use crate::rules::{Die, Start};

    fn game(n: u32, jumps: &[(u32, u32)], rules: Rules) -> Result<Game, GameError> {
        let board = Board::new(n, jumps.iter().map(|&(from, to)| Jump { from, to })).unwrap();
        Game::new(board, rules)
    }

    #[test]
    fn finish_rules() {
        let exact = game(10, &[(8, 3)], Rules::default()).unwrap();
        assert_eq!(
            exact.step(7, 1),
            Some(Move {
                roll: 1,
                land: 8,
                to: 3
            })
        );
        assert_eq!(
            exact.step(7, 3),
            Some(Move {
                roll: 3,
                land: 10,
                to: 10
            })
        );
        assert_eq!(exact.step(7, 4), None);
        assert_eq!(exact.next(7, 4), 7);
        assert_eq!(exact.step(10, 1), None, "the game is over at the goal");

        let bounce = game(
            10,
            &[(8, 3)],
            Rules {
                finish: Finish::Bounce,
                ..Rules::default()
            },
        )
        .unwrap();
        assert_eq!(
            bounce.step(7, 5),
            Some(Move {
                roll: 5,
                land: 8,
                to: 3
            })
        );
        assert_eq!(
            bounce.step(9, 6),
            Some(Move {
                roll: 6,
                land: 5,
                to: 5
            })
        );
        let pass = game(
            10,
            &[],
            Rules {
                finish: Finish::Pass,
                ..Rules::default()
            },
        )
        .unwrap();
        assert_eq!(pass.next(9, 6), 10);
    }

    #[test]
    fn bounce_turns_at_both_ends() {
        assert_eq!(bounce(3, 4), 2);
        assert_eq!(bounce(3, 5), 1);
        assert_eq!(bounce(3, 6), 2);
        assert_eq!(bounce(3, 7), 3);
        assert_eq!(bounce(1, 9), 1);
        assert_eq!(bounce(100, 105), 95);
    }

    #[test]
    fn chaining() {
        let jumps = [(2, 5), (5, 9), (9, 4)];
        let single = game(12, &jumps, Rules::default()).unwrap();
        assert_eq!(single.rest(2), 5);
        let chained = game(
            12,
            &jumps,
            Rules {
                chain: true,
                ..Rules::default()
            },
        )
        .unwrap();
        assert_eq!(chained.rest(2), 4);
        assert_eq!(chained.rest(5), 4);
        assert_eq!(chained.rest(9), 4);
        assert_eq!(chained.rest(3), 3);
    }

    #[test]
    fn chain_cycle_is_named() {
        let err = game(
            12,
            &[(2, 5), (5, 9), (9, 5)],
            Rules {
                chain: true,
                ..Rules::default()
            },
        )
        .unwrap_err();
        assert_eq!(
            err,
            GameError::Cycle {
                squares: vec![5, 9]
            }
        );
        assert!(err.to_string().contains("5->9->5"), "{err}");
        assert!(game(12, &[(2, 5), (5, 9), (9, 5)], Rules::default()).is_ok());
    }

    #[test]
    fn off_board_start_enters_on_the_first_roll() {
        let rules = Rules {
            start: Start::OffBoard,
            die: Die::uniform(6).unwrap(),
            ..Rules::default()
        };
        let g = game(100, &[(1, 38)], rules).unwrap();
        assert_eq!(g.start(), 0);
        assert_eq!(
            g.step(0, 1),
            Some(Move {
                roll: 1,
                land: 1,
                to: 38
            })
        );
    }
}
