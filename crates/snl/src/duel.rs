//! Two players who choose their rolls: who wins with perfect play?
//!
//! Two pawns move in turn, each by a roll its player chooses from the die's
//! values; the first to reach the last square wins. On its own a pawn's race
//! is the fewest-rolls problem, and without interaction the duel is decided
//! by comparing the two players' fewest rolls. With the bump rule
//! ([`DuelRules::bump`]) a pawn that comes to rest on the square of the other pawn
//! sends that pawn back to the start, and the players' choices interact.
//!
//! # Rules of the duel
//!
//! - A player may choose any value the die can show. A roll that is lost
//!   under the exact finish (the pawn stays put) is a legal choice: choosing
//!   it is passing. Where passing is possible it can matter under the bump
//!   rule, for instance to keep out of the other pawn's reach.
//! - A bump happens where the moving pawn comes to rest (after any jump), on
//!   the square of the other pawn, unless that is the last square (which ends
//!   the game). A pass does not land anywhere and bumps no one.
//! - The bonus-roll rule is not supported: [`DuelError::Bonus`].
//! - Neither player may be able to force a win: both can keep the game going
//!   for ever. That is a draw.
//!
//! # Method
//!
//! Retrograde analysis. A state is the position of the player to move and
//! that of the other player; since both play by one set of rules, the player
//! to move need not be named, and the state count is positions², not twice
//! that. States where the other player stands on the last square are lost
//! (the other player has just won). From them values spread backwards through
//! a table of reverse moves: a state with a move to a lost state is won, and a
//! state all of whose moves lead to won states is lost. Taking states in the
//! order they were decided gives the standard depths: the winner reaches the
//! goal in as few rolls as it can, and the loser holds out as long as it can.
//! States never decided are draws. Everything lives in flat arrays indexed by
//! state, and the work is one pass over the moves.

use std::collections::HashMap;

use crate::game::Game;
use crate::limits::{self, Control, Estimate, LimitError};

/// The largest number of states (positions²) [`table`] accepts: a board of up
/// to 4,095 squares. The solver keeps 7 bytes per state.
pub const MAX_DUEL_STATES: usize = 1 << 24;

/// The largest board the brute-force [`search`] accepts.
pub const MAX_DUEL_SEARCH_SQUARES: u32 = 8;

/// The rules that only matter when two pawns share the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DuelRules {
    /// A pawn that comes to rest on the other pawn's square sends it back to
    /// the start.
    pub bump: bool,
}

/// Who wins with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Winner {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
    /// Neither player can force a win.
    Draw,
}

/// The value of a state to the player about to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The player to move wins; the game lasts `rolls` more rolls (both
    /// players' together) when the winner hurries and the loser holds out.
    Win {
        /// Rolls until the win, both players counted.
        rolls: u32,
    },
    /// The player to move loses, after `rolls` more rolls with best play.
    Loss {
        /// Rolls until the loss, both players counted.
        rolls: u32,
    },
    /// Neither player can force a win.
    Draw,
}

/// The answer for one duel.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Duel {
    /// Who wins with perfect play.
    pub winner: Winner,
    /// The rolls (both players' together) until the win with best play;
    /// `None` for a draw.
    pub rolls: Option<u32>,
    /// The first player's best first rolls, smallest first: those that win
    /// fastest, or lose slowest, or keep a draw. Empty when the game is
    /// already over.
    pub best_rolls: Vec<u32>,
}

/// A duel that cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DuelError {
    /// The board has too many squares for the state table.
    #[error(
        "a duel on {squares} squares has {states} states; snl solves duels of at most {MAX_DUEL_STATES} states (boards of up to 4095 squares)"
    )]
    TooLarge {
        /// The board's squares.
        squares: u32,
        /// Positions².
        states: u128,
    },
    /// A starting position off the board.
    #[error("a pawn cannot start on square {square}; positions are 0 (off the board) to {goal}")]
    Position {
        /// The position asked for.
        square: u32,
        /// The last square.
        goal: u32,
    },
    /// The bonus-roll rule is on. A chosen top value would give the same
    /// player another move, which the duel's states do not model.
    #[error(
        "duels are solved without the bonus-roll rule: a chosen top value would let a player move again and again; drop the bonus rule"
    )]
    Bonus,
    /// The brute-force search was given a board larger than it handles.
    #[error(
        "the brute-force duel search is limited to boards of {MAX_DUEL_SEARCH_SQUARES} squares; this one has {0}"
    )]
    TooLargeForBrute(u32),
    /// The duel was refused, stopped, or ran out of memory.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

const UNKNOWN: u8 = 0;
const WIN: u8 = 1;
const LOSS: u8 = 2;

/// The value of every state of a duel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    positions: usize,
    /// `kind[mover * positions + other]`: `UNKNOWN` (a draw once solved),
    /// `WIN` or `LOSS` for the player to move.
    kind: Vec<u8>,
    /// Rolls until the end with best play, for decided states.
    depth: Vec<u32>,
}

impl Table {
    /// The value to the player to move, standing on `mover`, of the state
    /// where the other pawn stands on `other`. A state where `other` is the
    /// last square is lost in 0 rolls; one where `mover` is, is won in 0.
    ///
    /// # Panics
    ///
    /// When a position is beyond the last square.
    pub fn value(&self, mover: u32, other: u32) -> Value {
        let (m, o) = (mover as usize, other as usize);
        assert!(m < self.positions && o < self.positions, "no such position");
        if m == self.positions - 1 {
            return Value::Win { rolls: 0 };
        }
        let s = m * self.positions + o;
        match self.kind[s] {
            WIN => Value::Win {
                rolls: self.depth[s],
            },
            LOSS => Value::Loss {
                rolls: self.depth[s],
            },
            _ => Value::Draw,
        }
    }
}

impl DuelRules {
    /// Whether a pawn that comes to rest on `square` by a move sends a pawn
    /// standing there back to the start: with the bump rule, anywhere but on
    /// the last square, which ends the game. (A pass rests nowhere.)
    fn bumps_on(self, game: &Game, square: u32) -> bool {
        self.bump && square != game.goal()
    }
}

/// Where the pawns stand after the player at `mover` chooses `roll`, as the
/// next state: (the other pawn, the mover's pawn).
fn play(game: &Game, rules: DuelRules, mover: u32, other: u32, roll: u32) -> (u32, u32) {
    match game.step(mover, roll) {
        None => (other, mover),
        Some(m) if m.to == other && rules.bumps_on(game, m.to) => (game.start(), m.to),
        Some(m) => (other, m.to),
    }
}

/// The memory and work of the duel's table on `game`, from the sizes alone:
/// a state for every pair of positions of the two pawns.
///
/// ```
/// use snl::{Board, Game, Rules, limits::Budget};
///
/// // A duel on 4,095 squares has 16.8 million states: affordable.
/// let game = Game::new(Board::empty(4095)?, Rules::default())?;
/// assert!(snl::duel::estimate(&game).fits(&Budget::DEFAULT));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn estimate(game: &Game) -> Estimate {
    let n = game.positions() as f64;
    let f = game.rules().die.values().count() as f64;
    // Value, depth and open moves: 7 bytes a state of two pawns, and the
    // reverse moves; each decided state visits the reverse moves into its
    // position.
    let states = n * n;
    Estimate::from_f64(states * 11.0 + n * f * 24.0, states * f * 4.0 + n * f * 4.0)
}

/// Solves every state of the duel on `game`'s board.
///
/// # Errors
///
/// [`DuelError::TooLarge`] above [`MAX_DUEL_STATES`] states;
/// [`DuelError::Bonus`] under the bonus-roll rule.
pub fn table(game: &Game, rules: DuelRules) -> Result<Table, DuelError> {
    table_with(game, rules, &Control::default())
}

/// [`table`] under a [`Control`]: refused up front when its [`estimate`]
/// (the square of the positions, times the die's faces) is over the budget, and stopped when the token is set.
///
/// # Errors
///
/// As [`table`], and [`DuelError::Limit`] when refused, stopped, or out of
/// memory.
pub fn table_with(game: &Game, rules: DuelRules, ctl: &Control) -> Result<Table, DuelError> {
    if game.rules().bonus.is_some() {
        return Err(DuelError::Bonus);
    }
    let n = game.positions();
    let states = (n as u128) * (n as u128);
    if states > MAX_DUEL_STATES as u128 {
        return Err(DuelError::TooLarge {
            squares: game.goal(),
            states,
        });
    }
    ctl.admit_by("the duel", || estimate(game))?;
    let mut meter = ctl.meter();
    let goal = game.goal();
    let start = game.start();
    let rolls: Vec<u32> = game.rules().die.values().collect();

    // Reverse moves of one pawn, grouped by where it ends: `into[y]` lists
    // every (from, landed) with a roll that takes a pawn from `from` to `y`,
    // once per roll. `landed` is false for a pass.
    let mut count = limits::vec_of(n + 1, 0u32, "the duel's reverse moves")?;
    let mut edges_out = limits::with_capacity(n * rolls.len(), "the duel's moves")?;
    for p in (0..n as u32).filter(|&p| p != goal) {
        for &r in &rolls {
            let (to, landed) = match game.step(p, r) {
                Some(m) => (m.to, true),
                None => (p, false),
            };
            count[to as usize + 1] += 1;
            edges_out.push((to, p, landed));
        }
    }
    for y in 0..n {
        count[y + 1] += count[y];
    }
    let mut into = limits::vec_of(edges_out.len(), (0u32, false), "the duel's reverse moves")?;
    let mut fill = count.clone();
    for &(to, p, landed) in &edges_out {
        into[fill[to as usize] as usize] = (p, landed);
        fill[to as usize] += 1;
    }
    drop(edges_out);

    let mut kind = limits::vec_of(n * n, UNKNOWN, "the duel's table of values")?;
    let mut depth = limits::vec_of(n * n, 0u32, "the duel's table of depths")?;
    // Moves of each state not yet known to lead to a won state.
    let mut open = limits::vec_of(n * n, rolls.len() as u16, "the duel's table of moves")?;
    let mut queue: Vec<u32> = limits::with_capacity(n * n, "the duel's queue")?;
    for x in (0..n).filter(|&x| x != goal as usize) {
        let s = x * n + goal as usize;
        kind[s] = LOSS;
        queue.push(s as u32);
    }
    let mut head = 0;
    while head < queue.len() {
        let child = queue[head] as usize;
        head += 1;
        // In the child state the pawn that just moved is on `moved`, and
        // the pawn now to move is on `waiting`.
        let (waiting, moved) = (child / n, child % n);
        let (child_kind, depth_here) = (kind[child], depth[child] + 1);
        let mut reach = |u: usize| {
            if kind[u] != UNKNOWN {
                return;
            }
            if child_kind == LOSS {
                kind[u] = WIN;
            } else {
                open[u] -= 1;
                if open[u] > 0 {
                    return;
                }
                kind[u] = LOSS;
            }
            depth[u] = depth_here;
            queue.push(u as u32);
        };
        let edges = &into[count[moved] as usize..count[moved + 1] as usize];
        meter.add(edges.len() as u64 * 2 + 1)?;
        for &(from, landed) in edges {
            let from = from as usize;
            let hit = landed && rules.bumps_on(game, moved as u32);
            // The mover went from -> moved past the other pawn on `waiting`,
            // which stayed where it was.
            if !(hit && moved == waiting) {
                reach(from * n + waiting);
            }
            // The mover went from -> moved onto the other pawn, which went
            // back to the start, `waiting`.
            if hit && waiting == start as usize {
                reach(from * n + moved);
            }
        }
    }
    Ok(Table {
        positions: n,
        kind,
        depth,
    })
}

/// The duel from the usual start: both pawns on the rules' start.
///
/// # Errors
///
/// See [`duel_from`].
///
/// # Examples
///
/// ```
/// use snl::duel::{self, Winner};
/// use snl::{Board, Game, Jump, Rules};
///
/// let board = Board::new(20, [Jump { from: 2, to: 19 }, Jump { from: 9, to: 2 }])?;
/// let game = Game::new(board, Rules::default())?;
/// let d = duel::duel(&game, duel::DuelRules::default())?;
/// // The first player needs 2 rolls (1 to the ladder, then 1): the third roll
/// // of the game is the first player's second.
/// assert_eq!(d.winner, Winner::First);
/// assert_eq!(d.rolls, Some(3));
/// assert_eq!(d.best_rolls, vec![1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn duel(game: &Game, rules: DuelRules) -> Result<Duel, DuelError> {
    duel_from(game, rules, game.start(), game.start())
}

/// [`duel`] under a [`Control`] (see [`table_with`]).
///
/// # Errors
///
/// As [`duel_from_with`].
pub fn duel_with(game: &Game, rules: DuelRules, ctl: &Control) -> Result<Duel, DuelError> {
    duel_from_with(game, rules, game.start(), game.start(), ctl)
}

/// The duel with the first player's pawn on `first` and the second's on
/// `second`, the first to move.
///
/// # Errors
///
/// [`DuelError::Position`] for a position beyond the last square;
/// [`DuelError::TooLarge`] for boards with more than [`MAX_DUEL_STATES`] states;
/// [`DuelError::Bonus`] under the bonus-roll rule.
pub fn duel_from(
    game: &Game,
    rules: DuelRules,
    first: u32,
    second: u32,
) -> Result<Duel, DuelError> {
    duel_from_with(game, rules, first, second, &Control::default())
}

/// [`duel_from`] under a [`Control`] (see [`table_with`]).
///
/// # Errors
///
/// As [`duel_from`], and [`DuelError::Limit`] when refused, stopped, or out
/// of memory.
pub fn duel_from_with(
    game: &Game,
    rules: DuelRules,
    first: u32,
    second: u32,
    ctl: &Control,
) -> Result<Duel, DuelError> {
    let goal = game.goal();
    if let Some(&square) = [first, second].iter().find(|&&p| p > goal) {
        return Err(DuelError::Position { square, goal });
    }
    let t = table_with(game, rules, ctl)?;
    let value = t.value(first, second);
    let (winner, rolls) = match value {
        Value::Win { rolls } => (Winner::First, Some(rolls)),
        Value::Loss { rolls } => (Winner::Second, Some(rolls)),
        Value::Draw => (Winner::Draw, None),
    };
    let best_rolls = if first == goal || second == goal {
        Vec::new()
    } else {
        // A roll is best when its state, seen by the other player, is the
        // one this state's value came from.
        let wanted = match value {
            Value::Win { rolls } => Value::Loss { rolls: rolls - 1 },
            Value::Loss { rolls } => Value::Win { rolls: rolls - 1 },
            Value::Draw => Value::Draw,
        };
        game.rules()
            .die
            .values()
            .filter(|&r| {
                let (x, y) = play(game, rules, first, second, r);
                t.value(x, y) == wanted
            })
            .collect()
    };
    Ok(Duel {
        winner,
        rolls,
        best_rolls,
    })
}

/// The value of the state (`mover`, `other`) by a plain game-tree search, as
/// an independent check of [`table`] on tiny boards.
///
/// Iterative deepening over memoised minimax: the smallest `k` for which the
/// player to move can force a win within `k` rolls, or the other player can;
/// a draw when neither can within more rolls than there are states (a forced
/// result never needs that many, since a decided state's depth is at most the
/// number of states decided before it).
///
/// # Errors
///
/// [`DuelError::TooLargeForBrute`] for boards over [`MAX_DUEL_SEARCH_SQUARES`]
/// squares.
pub fn search(game: &Game, rules: DuelRules, mover: u32, other: u32) -> Result<Value, DuelError> {
    let goal = game.goal();
    if goal > MAX_DUEL_SEARCH_SQUARES {
        return Err(DuelError::TooLargeForBrute(goal));
    }
    if game.rules().bonus.is_some() {
        return Err(DuelError::Bonus);
    }
    if let Some(&square) = [mover, other].iter().find(|&&p| p > goal) {
        return Err(DuelError::Position { square, goal });
    }
    if mover == goal {
        return Ok(Value::Win { rolls: 0 });
    }
    let mut s = Search {
        game,
        rules,
        memo: HashMap::new(),
    };
    let bound = game.positions() * game.positions() + 1;
    for k in 0..=bound as u32 {
        if s.forced(mover, other, k, true) {
            return Ok(Value::Win { rolls: k });
        }
        if s.forced(mover, other, k, false) {
            return Ok(Value::Loss { rolls: k });
        }
    }
    Ok(Value::Draw)
}

struct Search<'g> {
    game: &'g Game,
    rules: DuelRules,
    memo: HashMap<(u32, u32, u32, bool), bool>,
}

impl Search<'_> {
    /// With `win`: can the player to move force a win within `k` rolls?
    /// Without: can the other player force it (a loss for the player to
    /// move) within `k`?
    fn forced(&mut self, mover: u32, other: u32, k: u32, win: bool) -> bool {
        let goal = self.game.goal();
        if other == goal {
            return !win;
        }
        if k == 0 {
            return false;
        }
        if let Some(&v) = self.memo.get(&(mover, other, k, win)) {
            return v;
        }
        let rolls: Vec<u32> = self.game.rules().die.values().collect();
        let mut answer = !win;
        for r in rolls {
            // The game tree is searched independently of the table; the
            // moves, bump included, are the same `play`.
            let (next_mover, next_other) = play(self.game, self.rules, mover, other, r);
            let reply = self.forced(next_mover, next_other, k - 1, !win);
            if win && reply {
                answer = true;
                break;
            }
            if !win && !reply {
                answer = false;
                break;
            }
        }
        self.memo.insert((mover, other, k, win), answer);
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Die, Rules as GameRules, Start};

    use crate::game::tests::game;

    const BUMP: DuelRules = DuelRules { bump: true };

    #[test]
    fn seed_board_first_player_wins() {
        let g = game(20, &[(2, 19), (12, 15), (9, 2)], GameRules::default());
        let d = duel(&g, DuelRules::default()).unwrap();
        assert_eq!(d.winner, Winner::First);
        assert_eq!(d.rolls, Some(3));
        assert_eq!(d.best_rolls, vec![1]);
    }

    #[test]
    fn seed_board_with_bumps_is_a_draw() {
        // The first climbs 2->19; the second must follow and bump it back to
        // 1, or lose to its next roll of 1. Then the first must do the same,
        // and so on for ever. Any other first roll loses at once.
        let g = game(20, &[(2, 19), (12, 15), (9, 2)], GameRules::default());
        let d = duel(&g, BUMP).unwrap();
        assert_eq!((d.winner, d.rolls), (Winner::Draw, None));
        assert_eq!(d.best_rolls, vec![1]);
        let t = table(&g, BUMP).unwrap();
        assert_eq!(t.value(1, 19), Value::Draw);
        assert_eq!(t.value(3, 19), Value::Loss { rolls: 2 });
    }

    #[test]
    fn unreachable_goal_is_a_draw() {
        let jumps: Vec<(u32, u32)> = (2..=7).map(|s| (s, 1)).collect();
        let g = game(10, &jumps, GameRules::default());
        let d = duel(&g, DuelRules::default()).unwrap();
        assert_eq!((d.winner, d.rolls), (Winner::Draw, None));
        assert_eq!(d.best_rolls, vec![1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn second_player_wins_from_closer() {
        // 10 squares, d6: from 1 the first needs 2 rolls, from 9 the second 1.
        let g = game(10, &[], GameRules::default());
        let d = duel_from(&g, DuelRules::default(), 1, 9).unwrap();
        assert_eq!((d.winner, d.rolls), (Winner::Second, Some(2)));
        // Every roll loses after the second player's one roll.
        assert_eq!(d.best_rolls, vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(
            duel_from(&g, DuelRules::default(), 11, 1),
            Err(DuelError::Position {
                square: 11,
                goal: 10
            })
        );
    }

    #[test]
    fn a_bump_can_turn_the_game() {
        // A d2 on 6 squares, pawns on 3 (first to move) and 4. Without bumps
        // the second needs 1 roll (4 -> 6) and the first 2: the second wins.
        // With bumps the first rolls 1 onto square 4 and sends the second
        // back to 1; then the first needs 1 more (4 -> 6) against the
        // second's 3: the first wins in 3 rolls.
        let rules = GameRules {
            die: Die::uniform(2).unwrap(),
            ..GameRules::default()
        };
        let g = game(6, &[], rules);
        let plain = duel_from(&g, DuelRules::default(), 3, 4).unwrap();
        assert_eq!((plain.winner, plain.rolls), (Winner::Second, Some(2)));
        let bump = duel_from(&g, BUMP, 3, 4).unwrap();
        assert_eq!((bump.winner, bump.rolls), (Winner::First, Some(3)));
        assert_eq!(bump.best_rolls, vec![1]);
        assert_eq!(search(&g, BUMP, 3, 4), Ok(Value::Win { rolls: 3 }));
    }

    #[test]
    fn passing_is_a_legal_choice() {
        // 3 squares, a d2, exact finish. The first player on 2 is one roll
        // from the goal either way; a 2 from square 2 is lost (a pass).
        let rules = GameRules {
            die: Die::uniform(2).unwrap(),
            start: Start::Square1,
            ..GameRules::default()
        };
        let g = game(3, &[], rules);
        let t = table(&g, BUMP).unwrap();
        assert_eq!(t.value(2, 1), Value::Win { rolls: 1 });
        assert_eq!(t.value(1, 3), Value::Loss { rolls: 0 });
        assert_eq!(t.value(3, 1), Value::Win { rolls: 0 });
        let d = duel_from(&g, BUMP, 2, 1).unwrap();
        assert_eq!(d.best_rolls, vec![1]);
    }

    #[test]
    fn large_boards_are_refused() {
        let g = game(5000, &[], GameRules::default());
        assert!(matches!(
            duel(&g, DuelRules::default()),
            Err(DuelError::TooLarge { squares: 5000, .. })
        ));
        assert!(matches!(
            search(&g, DuelRules::default(), 1, 1),
            Err(DuelError::TooLargeForBrute(5000))
        ));
        assert!(table(&game(4095, &[], GameRules::default()), DuelRules::default()).is_ok());
        let bonus = GameRules {
            bonus: Some(crate::rules::Bonus::unlimited()),
            ..GameRules::default()
        };
        assert_eq!(duel(&game(10, &[], bonus), BUMP), Err(DuelError::Bonus));
    }
}
