//! The fewest-rolls search step by step, for learners: the textbook
//! breadth-first search, frontier by frontier, with what each step found
//! and a sentence for each notable event.
//!
//! Step 0 is the start. Step `t` lists the squares first reached with `t`
//! rolls (where the pawn rests, after any jump), how each was first
//! reached (a move from a square of the step before), and how many moves
//! led only to states already seen. The search stops at the step that
//! first reaches the last square (the fewest rolls), or when no new state
//! is left (the last square cannot be reached). It runs over the game's
//! states (a square and, under a bonus limit, the streak of top values),
//! follows every roll the die can show, and, where jumps may be declined,
//! every place a roll may rest.

use std::fmt::Write as _;

use crate::game::{Game, Move, Pawn, States};
use crate::limits::{self, Control, Estimate, LimitError};
use crate::words::plural;

use super::picking::resting_places;

/// How a square was first reached: a roll from a square of the step
/// before, the square it landed on, and where it came to rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrival {
    /// The square first reached (where the pawn rests).
    pub square: u32,
    /// The square the move started from.
    pub from: u32,
    /// The roll.
    pub roll: u32,
    /// The square the roll landed on, before any jump (the square it
    /// started from when the roll did not move the pawn).
    pub land: u32,
    /// Whether the roll moved the pawn: not when it was lost (an exact
    /// finish overshot) or sent the pawn back by the bonus limit.
    pub moved: bool,
}

/// One step of the search: the squares first reached with `rolls` rolls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frontier {
    /// The rolls made.
    pub rolls: u32,
    /// The squares first reached with this many rolls, in order.
    pub squares: Vec<u32>,
    /// How each of `squares` was first reached, in the same order (empty
    /// at step 0).
    pub arrivals: Vec<Arrival>,
    /// The moves from the step before that led to a state already seen.
    pub seen_again: u64,
}

/// The search, step by step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Steps {
    /// Every step, from the start's.
    pub frontiers: Vec<Frontier>,
    /// The fewest rolls, or `None` when the last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// One optimal game, rebuilt from the arrivals (empty when none).
    pub path: Vec<Move>,
}

/// What the search takes: a parent and a step for every state, a pass over
/// every roll from each.
pub fn estimate(game: &Game) -> Estimate {
    let states = game.states().len() as u64;
    let faces = u64::from(game.rules().die.max());
    Estimate::new(
        states.saturating_mul(16),
        states.saturating_mul(faces.max(1)),
    )
}

const NONE: u32 = u32::MAX;

/// The fewest-rolls search of `game`, step by step.
///
/// ```
/// use snl::limits::Control;
/// use snl::{Board, Game, Jump, Rules};
///
/// // Seed example: ladders 2->19 and 12->15, a snake 9->2.
/// let board = Board::new(20, [
///     Jump { from: 2, to: 19 },
///     Jump { from: 12, to: 15 },
///     Jump { from: 9, to: 2 },
/// ])?;
/// let game = Game::new(board, Rules::default())?;
/// let steps = snl::shortest::steps::steps(&game, &Control::default())?;
/// assert_eq!(steps.min_rolls, Some(2));
/// assert_eq!(steps.frontiers[1].squares, [3, 4, 5, 6, 7, 19]);
/// assert_eq!(steps.frontiers[2].squares.last(), Some(&20));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`LimitError`] when refused over the budget or stopped.
pub fn steps(game: &Game, ctl: &Control) -> Result<Steps, LimitError> {
    ctl.admit("the fewest-rolls search, step by step", estimate(game))?;
    let mut search = Search::new(game)?;
    let start = Pawn {
        at: game.start(),
        streak: 0,
    };
    let first = search.states.index(start);
    search.step[first] = 0;
    search.square_seen[start.at as usize] = true;
    let mut frontiers = vec![Frontier {
        rolls: 0,
        squares: vec![start.at],
        arrivals: Vec::new(),
        seen_again: 0,
    }];
    let mut layer = vec![first];
    search.reached_goal = (start.at == game.goal()).then_some(first);
    let mut meter = ctl.meter();
    let mut rolls = 0;
    while search.reached_goal.is_none() && !layer.is_empty() {
        rolls += 1;
        meter.add((layer.len() as u64).saturating_mul(u64::from(game.rules().die.max())))?;
        let (next, frontier) = search.expand(&layer, rolls);
        if next.is_empty() {
            break;
        }
        frontiers.push(frontier);
        layer = next;
    }
    // Under a bonus limit a step may reach only squares already seen (on
    // another streak of top values); those that end a search that never
    // reaches the last square show nothing new.
    while search.reached_goal.is_none()
        && frontiers.len() > 1
        && frontiers.last().is_some_and(|f| f.squares.is_empty())
    {
        frontiers.pop();
    }
    Ok(Steps {
        frontiers,
        min_rolls: search.reached_goal.map(|j| search.step[j]),
        path: search.path(),
    })
}

/// The search's tables: the step each state was first reached at, and
/// from where.
struct Search<'g> {
    game: &'g Game,
    states: States,
    step: Vec<u32>,
    /// The state each was first reached from, and the roll and landing.
    parent: Vec<(u32, u32, u32)>,
    square_seen: Vec<bool>,
    reached_goal: Option<usize>,
}

impl<'g> Search<'g> {
    fn new(game: &'g Game) -> Result<Search<'g>, LimitError> {
        let states = game.states();
        let n = states.len();
        Ok(Search {
            game,
            states,
            step: limits::vec_of(n, NONE, "the steps of the search")?,
            parent: limits::vec_of(n, (NONE, 0u32, 0u32), "the steps of the search")?,
            square_seen: limits::vec_of(game.positions(), false, "the steps of the search")?,
            reached_goal: None,
        })
    }

    /// Every roll from every state of `layer`, the step before `rolls`:
    /// the states first reached, and the step's frontier.
    fn expand(&mut self, layer: &[usize], rolls: u32) -> (Vec<usize>, Frontier) {
        let game = self.game;
        let choosing = game.declinable();
        let mut next = Vec::new();
        let mut arrivals = Vec::new();
        let mut seen_again = 0;
        for &k in layer {
            let pawn = self.states.pawn(k);
            for r in game.rules().die.values() {
                let played = game.play(pawn, r);
                let land = played.moved.map_or(pawn.at, |m| m.land);
                let moved = played.moved.is_some() && !played.reset;
                for to in resting_places(game, pawn, r, &played, choosing) {
                    let j = self.states.index(to);
                    if self.step[j] != NONE {
                        seen_again += 1;
                        continue;
                    }
                    self.step[j] = rolls;
                    self.parent[j] = (k as u32, r, land);
                    next.push(j);
                    if !std::mem::replace(&mut self.square_seen[to.at as usize], true) {
                        arrivals.push(Arrival {
                            square: to.at,
                            from: pawn.at,
                            roll: r,
                            land,
                            moved,
                        });
                    }
                    if to.at == game.goal() && self.reached_goal.is_none() {
                        self.reached_goal = Some(j);
                    }
                }
            }
        }
        arrivals.sort_unstable_by_key(|a| a.square);
        let frontier = Frontier {
            rolls,
            squares: arrivals.iter().map(|a| a.square).collect(),
            arrivals,
            seen_again,
        };
        (next, frontier)
    }

    /// The game to the last square, rebuilt from the parents.
    fn path(&self) -> Vec<Move> {
        let mut path = Vec::new();
        if let Some(mut j) = self.reached_goal {
            while self.parent[j].0 != NONE {
                let (k, roll, land) = self.parent[j];
                path.push(Move {
                    roll,
                    land,
                    to: self.states.position(j),
                });
                j = k as usize;
            }
            path.reverse();
        }
        path
    }
}

/// The most squares a step's sentence names; the rest are counted.
const NAMED: usize = 12;

/// The most jumps a step tells of, one sentence each.
const TOLD: usize = 8;

impl Steps {
    /// The sentences of step `i`: what the search found there, in words.
    ///
    /// # Panics
    ///
    /// If `i` is not a step of the search.
    pub fn sentences(&self, game: &Game, i: usize) -> Vec<String> {
        let f = &self.frontiers[i];
        let goal = game.goal();
        let mut out = Vec::new();
        if i == 0 {
            let on = if f.squares[0] == 0 {
                "off the board (square 0)".to_string()
            } else {
                format!("on square {}", f.squares[0])
            };
            out.push(format!("Roll 0: the pawn starts {on}."));
        } else {
            let named: Vec<String> = f.squares.iter().take(NAMED).map(u32::to_string).collect();
            let more = f.squares.len().saturating_sub(NAMED);
            let list = if more > 0 {
                format!("{} and {more} more", named.join(", "))
            } else {
                named.join(", ")
            };
            let again = if f.seen_again > 0 {
                format!(
                    "; {} led to squares already seen, which are not entered again",
                    plural(f.seen_again, "move", "moves")
                )
            } else {
                String::new()
            };
            if f.squares.is_empty() {
                out.push(format!(
                    "Roll {}: no square is first reached; {} only squares already seen, on another streak of top values.",
                    f.rolls,
                    if f.seen_again == 1 { "one move reached" } else { "the moves reached" }
                ));
            } else {
                out.push(format!(
                    "Roll {}: {} first reached: {list}{again}.",
                    f.rolls,
                    plural(f.squares.len() as u64, "square", "squares")
                ));
            }
            let jumps: Vec<&Arrival> = f
                .arrivals
                .iter()
                .filter(|a| a.moved && game.board().jump(a.land).is_some())
                .collect();
            for a in jumps.iter().take(TOLD) {
                out.push(jump_sentence(game, f.rolls, a));
            }
            if jumps.len() > TOLD {
                out.push(format!(
                    "{} more reached by a jump.",
                    plural((jumps.len() - TOLD) as u64, "square", "squares")
                ));
            }
        }
        if i + 1 == self.frontiers.len() {
            out.push(match self.min_rolls {
                Some(0) => format!("The pawn starts on the last square, {goal}: no roll is needed."),
                Some(m) => format!(
                    "The last square, {goal}, is first reached with {}: the fewest. One optimal game: {}.",
                    plural(u64::from(m), "roll", "rolls"),
                    self.path_words(game)
                ),
                None => format!(
                    "No new square is left after {}: the last square, {goal}, cannot be reached.",
                    plural(u64::from(f.rolls), "roll", "rolls")
                ),
            });
        }
        out
    }

    /// The optimal game in words: `1 -(1)-> 2, ladder to 19 -(1)-> 20`.
    fn path_words(&self, game: &Game) -> String {
        let start = self.frontiers[0].squares[0];
        let mut words = start.to_string();
        for m in &self.path {
            let _ = write!(words, " -({})-> {}", m.roll, m.land);
            if m.to != m.land {
                let kind = if m.to > m.land { "ladder" } else { "snake" };
                let _ = write!(words, ", {kind} to {}", m.to);
            } else if game.board().jump(m.land).is_some() && m.land != game.goal() {
                words.push_str(" (jump declined)");
            }
        }
        words
    }
}

/// The sentence of a square first reached by a move that landed on a
/// jump's start.
fn jump_sentence(game: &Game, rolls: u32, a: &Arrival) -> String {
    let to = game
        .board()
        .jump(a.land)
        .expect("a jump starts where it landed");
    let kind = if to > a.land { "a ladder" } else { "a snake" };
    let what = if a.square == a.land {
        format!("stays, declining {kind} to {to}")
    } else if a.square == to {
        format!("{kind} to {to}")
    } else {
        format!("{kind} to {to}, and on along the jumps to {}", a.square)
    };
    format!(
        "Roll {rolls} from {} lands on {}, {what}: {} first reached.",
        a.from, a.land, a.square
    )
}
