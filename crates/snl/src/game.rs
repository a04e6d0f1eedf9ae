//! A board played under a set of rules, and the one function that moves a
//! pawn: [`Game::step`], with [`Game::play`] adding the turn rules (bonus
//! rolls) on top of it.
//!
//! Every algorithm in snl (the fewest-rolls search, the brute-force check, the
//! Markov chain, the simulation) moves pawns through `Game`, so the rules mean
//! the same thing everywhere and cannot drift apart.
//!
//! Positions are numbered `0..=N`: squares `1..=N`, and 0 for a pawn that
//! has not yet entered the board (see [`crate::Start::OffBoard`]).

use crate::board::{Board, JumpMap};
use crate::rules::{Bonus, Die, Rules};

/// A board and the rules it is played under, ready for analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    board: Board,
    rules: Rules,
    /// Under chaining, for each square a jump starts on, where a pawn that
    /// lands there comes to rest: the end of the last jump in the chain.
    /// Without chaining it is the board's own jump map (`None` here).
    chained: Option<JumpMap>,
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

/// A pawn between two rolls: where it stands, and how many top values it has
/// rolled in a row in the current turn (always 0 without the bonus rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Pawn {
    /// The position, `0..=goal`.
    pub at: u32,
    /// Top values rolled in a row in this turn so far.
    pub streak: u32,
}

/// A numbering of pawns (position and streak) as states `0..len()`: state
/// `k` is position `k / streaks` with streak `k % streaks`, so a position's
/// states are consecutive and the streak-0 state (the start of a turn) comes
/// first. Pawns whose streak is at least `streaks` share the last state: the
/// streaks beyond it play alike (see [`Game::streaks`]).
///
/// # Examples
///
/// ```
/// use snl::{Board, Bonus, Game, Pawn, Rules};
///
/// let rules = Rules { bonus: Some(Bonus::with_limit(3)?), ..Rules::default() };
/// let states = Game::new(Board::empty(10)?, rules)?.states();
/// assert_eq!(states.len(), 11 * 3);
/// let k = states.index(Pawn { at: 4, streak: 2 });
/// assert_eq!(k, 14);
/// assert_eq!(states.pawn(k), Pawn { at: 4, streak: 2 });
/// assert!(states.starts_turn(states.index(Pawn { at: 4, streak: 0 })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct States {
    positions: usize,
    streaks: u32,
}

impl States {
    /// The number of states.
    pub fn len(&self) -> usize {
        self.positions * self.streaks as usize
    }

    /// Whether there are no states (never, for a game: it has a position).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The streak values told apart.
    pub fn streaks(&self) -> u32 {
        self.streaks
    }

    /// The state of `pawn`.
    #[inline]
    pub fn index(&self, pawn: Pawn) -> usize {
        pawn.at as usize * self.streaks as usize + pawn.streak.min(self.streaks - 1) as usize
    }

    /// The pawn of state `k`.
    #[inline]
    pub fn pawn(&self, k: usize) -> Pawn {
        Pawn {
            at: self.position(k),
            streak: (k % self.streaks as usize) as u32,
        }
    }

    /// The position of state `k`.
    #[inline]
    pub fn position(&self, k: usize) -> u32 {
        (k / self.streaks as usize) as u32
    }

    /// Whether a roll from state `k` starts a turn (streak 0).
    #[inline]
    pub fn starts_turn(&self, k: usize) -> bool {
        k.is_multiple_of(self.streaks as usize)
    }
}

/// What one roll did under all the rules, the turn rules included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Played {
    /// The pawn after the roll.
    pub pawn: Pawn,
    /// The move, when the pawn moved by the roll; `None` when the roll was
    /// lost (an exact finish overshot) or sent the pawn back to the start.
    pub moved: Option<Move>,
    /// Whether the roll was the `n`th top value in a row under a bonus limit
    /// and sent the pawn back to the start.
    pub reset: bool,
    /// Whether the same turn goes on with another roll (a bonus roll). False
    /// once the pawn is on the goal.
    pub again: bool,
}

/// Which count of a game's length: rolls of the die, or turns (a turn goes
/// on with a bonus roll; without the bonus rule the two are the same).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Unit {
    /// Rolls of the die.
    #[default]
    Rolls,
    /// Turns.
    Turns,
}

impl Unit {
    /// `rolls` or `turns`, for messages.
    pub fn plural(self) -> &'static str {
        match self {
            Unit::Rolls => "rolls",
            Unit::Turns => "turns",
        }
    }
}

/// A board that cannot be played under the given rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// Chaining is on and jumps lead round in a circle, so a pawn that enters
    /// the circle never comes to rest.
    #[error("with chaining on, the jumps from squares {} lead round in a circle, so a pawn there never comes to rest; break the circle or turn chaining off", crate::words::circle(.squares))]
    Cycle {
        /// The squares of the circle, in the order the pawn visits them.
        squares: Vec<u32>,
    },
    /// A snake leads to square 0, off the board, but the pawn starts on
    /// square 1: square 0 is a position only for a pawn that starts off the
    /// board ([`crate::Start::OffBoard`]).
    #[error(
        "the snake from square {from} leads to square 0, off the board, which is a position only when the pawn starts there; add \"start\": 0 to the rules (--start 0), or end the snake on square 1"
    )]
    ToSquare0 {
        /// The square the snake starts on (the lowest, if several do).
        from: u32,
    },
}

impl Game {
    /// Prepares `board` for play under `rules`.
    ///
    /// # Errors
    ///
    /// [`GameError::Cycle`] when `rules.chain` is on and the jumps form a
    /// circle; [`GameError::ToSquare0`] when a snake leads to square 0 and
    /// the pawn starts on square 1.
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
        // The values alone are looked at first: a board of millions of
        // squares seldom has a snake to square 0.
        if board.jump_map().values().contains(&0)
            && let Some(from) = to_square0(&rules, board.jumps().map(|j| (j.from, j.to)))
        {
            return Err(GameError::ToSquare0 { from });
        }
        let jumps = board.jump_map();
        let chained = if rules.chain {
            Some(jumps.with_values(resolve_chains(jumps)?))
        } else {
            None
        };
        Ok(Game {
            board,
            rules,
            chained,
        })
    }

    /// The board and the rules, given back.
    pub fn into_parts(self) -> (Board, Rules) {
        (self.board, self.rules)
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
        self.goal() as usize + 1
    }

    /// Where a pawn that lands on `square` comes to rest.
    #[inline]
    pub fn rest(&self, square: u32) -> u32 {
        self.rest_map().get(square).unwrap_or(square)
    }

    /// The squares that move a pawn on, and where each leads it to rest, for
    /// the algorithms that scan a word of squares at a time.
    #[inline]
    pub(crate) fn rest_map(&self) -> &JumpMap {
        self.chained.as_ref().unwrap_or(self.board.jump_map())
    }

    /// The squares where a jump starts that a pawn landing on `square`
    /// passes through, in order: `square` itself when a jump starts there,
    /// then, with chaining on, the start of every further jump it is carried
    /// along. Empty when no jump starts on `square`.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::{Board, Game, Jump, Rules};
    ///
    /// let board = Board::new(12, [Jump { from: 2, to: 5 }, Jump { from: 5, to: 9 }])?;
    /// let single = Game::new(board.clone(), Rules::default())?;
    /// assert_eq!(single.jumps_taken(2).collect::<Vec<_>>(), [2]);
    /// let chained = Game::new(board, Rules { chain: true, ..Rules::default() })?;
    /// assert_eq!(chained.jumps_taken(2).collect::<Vec<_>>(), [2, 5]);
    /// assert_eq!(chained.jumps_taken(3).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jumps_taken(&self, square: u32) -> impl Iterator<Item = u32> + '_ {
        // `Game::new` refused circles of jumps under chaining, so the walk
        // ends.
        jumps_taken_by(square, self.rules.chain, |s| self.board.jump(s))
    }

    /// Where a pawn that lands on `square` may come to rest when the
    /// player chooses ([`crate::rules::Optional`]): first where the jumps
    /// lead ([`Game::rest`]), then the start of each jump it passes
    /// through that may be declined, from the last back to the first. A
    /// taken jump thus comes before a declined one, and with chaining a
    /// later stop before an earlier one. Just `rest(square)` when no jump
    /// there may be declined.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::{Board, Game, Jump, Optional, Rules};
    ///
    /// let board = Board::new(12, [Jump { from: 2, to: 5 }, Jump { from: 5, to: 9 }])?;
    /// let rules = Rules { chain: true, optional: Optional::All, ..Rules::default() };
    /// let game = Game::new(board.clone(), rules)?;
    /// assert_eq!(game.rests(2).collect::<Vec<_>>(), [9, 5, 2]);
    /// assert_eq!(game.rests(3).collect::<Vec<_>>(), [3]);
    /// let plain = Game::new(board, Rules { chain: true, ..Rules::default() })?;
    /// assert_eq!(plain.rests(2).collect::<Vec<_>>(), [9]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rests(&self, square: u32) -> impl Iterator<Item = u32> + '_ {
        let optional = self.rules.optional;
        let mut stops: Vec<u32> = if optional.is_none() {
            Vec::new()
        } else {
            self.jumps_taken(square)
                .filter(|&s| self.board.jump(s).is_some_and(|to| optional.covers(s, to)))
                .collect()
        };
        std::iter::once(self.rest(square)).chain(std::iter::from_fn(move || stops.pop()))
    }

    /// Whether some jump of the board may be declined under the rules
    /// ([`crate::rules::Optional`]): then the player's choices include
    /// where to rest, and the searches play them.
    pub fn declinable(&self) -> bool {
        let optional = self.rules.optional;
        !optional.is_none() && self.board.jumps().any(|j| optional.covers(j.from, j.to))
    }

    /// The square a roll lands on, by the finish rule, before any jump.
    /// `None` when the roll is lost (an exact finish overshot) or the game is
    /// already over.
    #[inline]
    pub fn land(&self, from: u32, roll: u32) -> Option<u32> {
        // The one move rule, on the squares of boards of any length; a
        // square it gives is on this board, so it fits in 32 bits.
        self.rules
            .finish
            .land(u64::from(self.goal()), u64::from(from), roll)
            .map(|s| s as u32)
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

    /// One roll of `roll` by `pawn` under every rule, the turn rules
    /// included: the move is [`Game::step`]'s; with the bonus rule a top
    /// value earns another roll in the turn, and under a bonus limit the
    /// `n`th top in a row sends the pawn back to [`Game::start`] instead of
    /// moving it, ending the turn.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::{Board, Bonus, Game, Pawn, Rules};
    ///
    /// let rules = Rules { bonus: Some(Bonus::with_limit(2)?), ..Rules::default() };
    /// let game = Game::new(Board::empty(30)?, rules)?;
    /// let first = game.play(Pawn { at: 1, streak: 0 }, 6);
    /// assert_eq!((first.pawn, first.again), (Pawn { at: 7, streak: 1 }, true));
    /// let second = game.play(first.pawn, 6);
    /// assert!(second.reset && !second.again);
    /// assert_eq!(second.pawn, Pawn { at: 1, streak: 0 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn play(&self, pawn: Pawn, roll: u32) -> Played {
        let top = self.rules.bonus.is_some() && roll == self.rules.die.max();
        if top
            && let Some(limit) = self.rules.bonus_limit()
            && pawn.streak.saturating_add(1) >= limit.get()
        {
            return Played {
                pawn: Pawn {
                    at: self.start(),
                    streak: 0,
                },
                moved: None,
                reset: true,
                again: false,
            };
        }
        let moved = self.step(pawn.at, roll);
        let at = moved.map_or(pawn.at, |m| m.to);
        let next = self.rest_after(pawn, roll, at);
        Played {
            pawn: next,
            moved,
            reset: false,
            again: next.streak > 0,
        }
    }

    /// The pawn after a roll of `roll` from `pawn` that moved it (or lost
    /// the roll) and left it resting on `at`: with the bonus rule a top
    /// value goes on with the turn unless `at` is the goal. [`Game::play`]
    /// rests the pawn where the move's jumps lead; a player who declines a
    /// jump (see [`crate::rules::Optional`]) rests it on the jump's start
    /// instead, under the same turn rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::{Board, Bonus, Game, Jump, Pawn, Rules};
    ///
    /// let rules = Rules { bonus: Some(Bonus::unlimited()), ..Rules::default() };
    /// let game = Game::new(Board::new(20, [Jump { from: 7, to: 20 }])?, rules)?;
    /// let pawn = Pawn { at: 1, streak: 0 };
    /// // Climbing ends the game; staying at the foot rolls again.
    /// assert_eq!(game.play(pawn, 6).pawn, Pawn { at: 20, streak: 0 });
    /// assert_eq!(game.rest_after(pawn, 6, 7), Pawn { at: 7, streak: 1 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn rest_after(&self, pawn: Pawn, roll: u32, at: u32) -> Pawn {
        let top = self.rules.bonus.is_some() && roll == self.rules.die.max();
        let again = top && at != self.goal();
        Pawn {
            at,
            streak: if again {
                pawn.streak.saturating_add(1)
            } else {
                0
            },
        }
    }

    /// How many values of [`Pawn::streak`] play differently: 1 without the
    /// bonus rule, the limit with one, and 2 without a limit (a streak of 0
    /// starts a turn; longer streaks all play alike).
    pub fn streaks(&self) -> u32 {
        match self.rules.bonus {
            None => 1,
            Some(Bonus { limit: None }) => 2,
            Some(Bonus { limit: Some(n) }) => n.get(),
        }
    }

    /// The numbering of this game's states: every pawn that plays
    /// differently, one per position and [streak](Game::streaks). The Markov
    /// chain and the simulation run over these states.
    pub fn states(&self) -> States {
        States {
            positions: self.positions(),
            streaks: self.streaks(),
        }
    }

    /// The states that matter when the player chooses every roll (the
    /// fewest-rolls searches): positions alone, unless a bonus limit is in
    /// force. Without a limit a top value only earns another roll, which
    /// changes turns but not which sequences of rolls are allowed; a limit
    /// forbids some sequences of tops, so the streak must be known.
    pub fn choice_states(&self) -> States {
        States {
            positions: self.positions(),
            streaks: if self.rules.bonus_limit().is_some() {
                self.streaks()
            } else {
                1
            },
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

    /// The same game played with `die`: the board, its chains and every
    /// other rule kept (a race where each seat rolls its own die plays one
    /// of these for each).
    #[must_use]
    pub fn with_die(&self, die: Die) -> Game {
        Game {
            board: self.board.clone(),
            rules: Rules {
                die,
                ..self.rules.clone()
            },
            chained: self.chained.clone(),
        }
    }
}

/// The first square whose jump leads to square 0, when `rules` start the
/// pawn on square 1 and so have no position 0 to play (`jumps` by starting
/// square). Boards of every length are held to this rule here.
pub(crate) fn to_square0<S: Copy + Default + PartialEq>(
    rules: &Rules,
    mut jumps: impl Iterator<Item = (S, S)>,
) -> Option<S> {
    if rules.start.position() == 0 {
        return None;
    }
    jumps
        .find(|&(_, to)| to == S::default())
        .map(|(from, _)| from)
}

/// Where a pawn comes to rest after each jump when jumps chain, one value per
/// jump in square order. Iterative, so long chains cannot overflow the stack.
fn resolve_chains(jumps: &JumpMap) -> Result<Vec<u32>, GameError> {
    resolve_chains_by(jumps.values(), |s| jumps.index(s)).map_err(|circle| {
        let squares: Vec<u32> = jumps.keys().collect();
        GameError::Cycle {
            squares: circle.iter().map(|&t| squares[t]).collect(),
        }
    })
}

/// The squares where a jump starts that a pawn landing on `square` passes
/// through, in order, on any numbering of squares: `jump(s)` is where the
/// jump starting on `s` leads, if one does. Boards of every length walk
/// their chains here ([`Game::jumps_taken`] and its twin for long boards).
/// The jumps must not chain round in a circle, or the walk never ends.
pub(crate) fn jumps_taken_by<S: Copy>(
    square: S,
    chain: bool,
    jump: impl Fn(S) -> Option<S>,
) -> impl Iterator<Item = S> {
    let mut next = jump(square).map(|_| square);
    std::iter::from_fn(move || {
        let at = next?;
        next = jump(at).filter(|&to| chain && jump(to).is_some());
        Some(at)
    })
}

/// The chaining rule on any numbering of squares: `to[i]` is where jump
/// `i` leads, and `index(s)` the jump starting on square `s`, if any. Gives
/// where a pawn landing on each jump's start comes to rest, or the jumps of
/// a circle (their indices, in the order the pawn visits them). Boards of
/// every length resolve their chains here, so the rule cannot drift.
pub(crate) fn resolve_chains_by<S: Copy>(
    to: &[S],
    index: impl Fn(S) -> Option<usize>,
) -> Result<Vec<S>, Vec<usize>> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut rest = to.to_vec();
    let mut state = vec![NEW; to.len()];
    let mut trail: Vec<usize> = Vec::new();
    for i in 0..to.len() {
        if state[i] == DONE {
            continue;
        }
        // Walk forward until a square with a known resting place.
        let mut at = i;
        let end = loop {
            if state[at] == DONE {
                break rest[at];
            }
            if state[at] == OPEN {
                let begin = trail.iter().position(|&t| t == at).unwrap_or(0);
                return Err(trail[begin..].to_vec());
            }
            state[at] = OPEN;
            trail.push(at);
            match index(to[at]) {
                Some(next) => at = next,
                None => break to[at],
            }
        };
        for &t in &trail {
            rest[t] = end;
            state[t] = DONE;
        }
        trail.clear();
    }
    Ok(rest)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::Jump;
    use crate::rules::{Die, Finish, Start};

    /// A game on `n` squares with the jumps `(from, to)`, for the unit tests
    /// of every module.
    pub(crate) fn game(n: u32, jumps: &[(u32, u32)], rules: Rules) -> Game {
        try_game(n, jumps, rules).unwrap()
    }

    fn try_game(n: u32, jumps: &[(u32, u32)], rules: Rules) -> Result<Game, GameError> {
        let board = Board::new(n, jumps.iter().map(|&(from, to)| Jump { from, to })).unwrap();
        Game::new(board, rules)
    }

    #[test]
    fn finish_rules() {
        let exact = try_game(10, &[(8, 3)], Rules::default()).unwrap();
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

        let bounce = try_game(
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
        let pass = try_game(
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
    fn chaining() {
        let jumps = [(2, 5), (5, 9), (9, 4)];
        let single = try_game(12, &jumps, Rules::default()).unwrap();
        assert_eq!(single.rest(2), 5);
        let chained = try_game(
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
        // The jumps a landing takes: one without chaining, the whole chain
        // with it, the last of them leading to where the pawn rests.
        assert_eq!(single.jumps_taken(5).collect::<Vec<_>>(), vec![5]);
        assert_eq!(single.jumps_taken(4).count(), 0);
        assert_eq!(chained.jumps_taken(2).collect::<Vec<_>>(), vec![2, 5, 9]);
        assert_eq!(chained.board().jump(9), Some(chained.rest(2)));
        assert_eq!(chained.rest(3), 3);
    }

    #[test]
    fn chain_cycle_is_named() {
        let err = try_game(
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
        assert!(try_game(12, &[(2, 5), (5, 9), (9, 5)], Rules::default()).is_ok());
    }

    #[test]
    fn bonus_rolls_and_their_limit() {
        let plain = try_game(20, &[(7, 3)], Rules::default()).unwrap();
        let p = plain.play(Pawn { at: 1, streak: 0 }, 6);
        assert_eq!(p.pawn, Pawn { at: 3, streak: 0 });
        assert!(!p.again && !p.reset);
        assert_eq!(plain.streaks(), 1);

        let free = Rules {
            bonus: Some(Bonus::unlimited()),
            ..Rules::default()
        };
        let g = try_game(20, &[(7, 3)], free).unwrap();
        assert_eq!(g.streaks(), 2);
        let mut pawn = Pawn { at: 1, streak: 0 };
        for _ in 0..5 {
            pawn = g.play(pawn, 6).pawn;
        }
        assert_eq!(pawn.streak, 5);
        let end = g.play(Pawn { at: 14, streak: 2 }, 6);
        assert_eq!(end.pawn, Pawn { at: 20, streak: 0 });
        assert!(!end.again, "the game is over on the goal");
        // An overshooting top is lost but still earns another roll.
        let lost = g.play(Pawn { at: 17, streak: 0 }, 6);
        assert_eq!((lost.moved, lost.again), (None, true));
        assert_eq!(lost.pawn, Pawn { at: 17, streak: 1 });

        let three = Rules {
            bonus: Some(Bonus::with_limit(3).unwrap()),
            start: Start::OffBoard,
            ..Rules::default()
        };
        let g = try_game(20, &[], three).unwrap();
        assert_eq!(g.streaks(), 3);
        let second = g.play(Pawn { at: 6, streak: 1 }, 6);
        assert_eq!(second.pawn, Pawn { at: 12, streak: 2 });
        let third = g.play(second.pawn, 6);
        assert!(third.reset && third.moved.is_none() && !third.again);
        assert_eq!(third.pawn, Pawn { at: 0, streak: 0 });
        let ends_turn = g.play(second.pawn, 5);
        assert_eq!(ends_turn.pawn, Pawn { at: 17, streak: 0 });
    }

    #[test]
    fn state_numbering() {
        let plain = try_game(10, &[], Rules::default()).unwrap();
        assert_eq!(plain.states().len(), 11);
        assert_eq!(plain.states(), plain.choice_states());
        let free = Rules {
            bonus: Some(Bonus::unlimited()),
            ..Rules::default()
        };
        let g = try_game(10, &[], free).unwrap();
        let states = g.states();
        assert_eq!(states.len(), 22);
        // Every streak above 0 plays alike without a limit.
        assert_eq!(
            states.index(Pawn { at: 3, streak: 5 }),
            states.index(Pawn { at: 3, streak: 1 })
        );
        assert_eq!(states.pawn(7), Pawn { at: 3, streak: 1 });
        assert!(!states.starts_turn(7) && states.starts_turn(6));
        // Choosing rolls, an unlimited bonus changes nothing: positions only.
        assert_eq!(g.choice_states().len(), 11);
        let limited = Rules {
            bonus: Some(Bonus::with_limit(4).unwrap()),
            ..Rules::default()
        };
        let g = try_game(10, &[], limited).unwrap();
        assert_eq!(g.choice_states(), g.states());
        assert_eq!(g.states().len(), 44);
        for k in 0..44 {
            assert_eq!(g.states().index(g.states().pawn(k)), k);
        }
    }

    #[test]
    fn a_snake_to_square_0_needs_the_start_off_the_board() {
        let board = Board::new(20, [Jump { from: 11, to: 0 }, Jump { from: 7, to: 0 }]).unwrap();
        assert!(board.jumps().all(|j| j.to_start() && j.is_snake()));
        let err = Game::new(board.clone(), Rules::default()).unwrap_err();
        assert_eq!(err, GameError::ToSquare0 { from: 7 });
        assert_eq!(
            err.to_string(),
            "the snake from square 7 leads to square 0, off the board, which is a position only when the pawn starts there; add \"start\": 0 to the rules (--start 0), or end the snake on square 1"
        );
        let rules = Rules {
            start: Start::OffBoard,
            ..Rules::default()
        };
        let g = Game::new(board, rules).unwrap();
        // Back to where the pawn started, off the board; the next roll
        // enters again.
        assert_eq!(
            g.step(5, 6),
            Some(Move {
                roll: 6,
                land: 11,
                to: 0
            })
        );
        assert_eq!(g.step(0, 1).map(|m| m.to), Some(1));
        // A ladder cannot lead there: a jump down is a snake.
        let spec = crate::board::BoardSpec {
            squares: 20,
            jumps: vec![crate::board::RawJump {
                from: 3,
                to: 0,
                declared: Some(crate::board::JumpKind::Ladder),
                origin: crate::board::Origin::Ladder { index: 0 },
            }]
            .into(),
        };
        assert!(matches!(
            spec.problems()[..],
            [crate::board::BoardError::WrongDirection { from: 3, to: 0, .. }]
        ));
    }

    #[test]
    fn off_board_start_enters_on_the_first_roll() {
        let rules = Rules {
            start: Start::OffBoard,
            die: Die::uniform(6).unwrap(),
            ..Rules::default()
        };
        let g = try_game(100, &[(1, 38)], rules).unwrap();
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
