//! The game as a model to write out: the states a game from the start
//! reaches, and from each the choices a player has (a die, then whether to
//! take a jump that may be declined) and the chances of each choice's
//! outcomes, as exact fractions of the die's weights.

use std::borrow::Cow;

use crate::board::Jump;
use crate::game::{Game, Pawn, States};
use crate::limits::{self, Control, LimitError};
use crate::rules::Die;

/// Where a choice leads: a state to rest in (numbered as [`Game::states`]
/// numbers them), or the choice at the start of a jump that the pawn would
/// rest on if it declined the jump (numbered as that resting state).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    /// A pawn at rest between two rolls.
    Rest(usize),
    /// A pawn on the start of a jump it may decline, before it chooses.
    Pending(usize),
}

/// One outcome of a choice: where it leads, its weight over the choice's
/// total, and the jumps a roll took to get there (empty for a plain move;
/// the first of them when several faces lead to the same node).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    /// Where the outcome leads.
    pub to: Node,
    /// Its weight: its chance is `weight / total` of its action.
    pub weight: u64,
    /// A jump taken on the way, for diagrams to draw apart.
    pub via: Option<Jump>,
}

/// What a player does at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// Roll die `d` (the index into the dice; 0 for the rules' die).
    Roll(usize),
    /// Take the jump.
    Take,
    /// Stay on the jump's start.
    Stay,
}

/// One choice at a node and its outcomes, whose weights add up to `total`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    /// What is chosen.
    pub act: Act,
    /// The outcomes, sorted by node, one a node.
    pub branches: Vec<Branch>,
    /// The weights' sum.
    pub total: u64,
}

/// The game as a Markov chain or, with choices, a Markov decision process,
/// over the states a game from the start reaches.
#[derive(Debug, Clone)]
pub struct Model {
    /// The game's numbering of its states.
    pub states: States,
    /// The start's resting state.
    pub start: usize,
    /// The goal's absorbing state (the last square, no top value rolled).
    pub goal: usize,
    /// The dice the player picks from (one: no choice of die).
    pub dice: Vec<Die>,
    /// The nodes a game reaches, sorted (resting states first), each with
    /// its actions; the goal's one action leads back to it.
    pub nodes: Vec<(Node, Vec<Action>)>,
}

impl Model {
    /// Whether a player chooses anything: a die, or a jump to decline.
    pub fn has_choices(&self) -> bool {
        self.nodes.iter().any(|(_, actions)| actions.len() > 1)
    }

    /// Whether the model has pending nodes (a jump a player may decline).
    pub fn has_pending(&self) -> bool {
        self.nodes
            .iter()
            .any(|(n, _)| matches!(n, Node::Pending(_)))
    }

    /// The square and bonus streak of a node's pawn.
    pub fn pawn(&self, node: Node) -> Pawn {
        match node {
            Node::Rest(k) | Node::Pending(k) => self.states.pawn(k),
        }
    }

    /// The name of rolling die `d` in a written model: `roll`, or `d1`,
    /// `d2`, ... when the player picks a die.
    pub fn roll_name(&self, d: usize) -> String {
        if self.dice.len() > 1 {
            format!("d{}", d + 1)
        } else {
            "roll".to_string()
        }
    }

    /// The name of `act` at `node` in a written model: a roll's (see
    /// [`Model::roll_name`]), `take`, `stay`, and `done` for the goal's
    /// loop, whatever it is.
    pub fn action_name(&self, node: Node, act: Act) -> String {
        match act {
            _ if node == Node::Rest(self.goal) => "done".to_string(),
            Act::Roll(d) => self.roll_name(d),
            Act::Take => "take".to_string(),
            Act::Stay => "stay".to_string(),
        }
    }
}

/// The states of the squares of each of `target`'s runs (first and last
/// square): the first and the last state of the run, every bonus streak of
/// each square counted (`streaks` states a square).
pub(super) fn target_states(
    target: &[(u32, u32)],
    streaks: u32,
) -> impl Iterator<Item = (u32, u32)> + '_ {
    target
        .iter()
        .map(move |&(a, b)| (a * streaks, b * streaks + streaks - 1))
}

/// How many nodes a model of `game` may have at most: every state resting,
/// and pending at each jump's start.
pub fn most_nodes(game: &Game) -> u64 {
    let states = game.states();
    states.len() as u64 + game.board().jumps().count() as u64 * u64::from(states.streaks())
}

/// The model of `game` played with `dice` (the rules' die when empty).
///
/// A pawn that lands on the start of a jump that may be declined comes to a
/// pending node, where it takes the jump or stays; one whose jump must be
/// taken goes on at once (through further jumps under chaining). Without
/// a choice of die or a jump to decline, every node has one action: the
/// model is the game's Markov chain.
///
/// # Errors
///
/// [`LimitError`] when stopped, or when a table cannot be allocated.
pub fn build(game: &Game, dice: &[Die], ctl: &Control) -> Result<Model, LimitError> {
    let moves = Moves::new(game, dice);
    let n = moves.states.len();
    let start = moves.states.index(Pawn {
        at: game.start(),
        streak: 0,
    });
    let mut seen_rest = limits::vec_of(n, false, "the states of the export")?;
    let mut seen_pending = limits::vec_of(n, false, "the states of the export")?;
    let mut stack = vec![Node::Rest(start)];
    seen_rest[start] = true;
    let mut nodes = Vec::new();
    let mut meter = ctl.meter();
    while let Some(node) = stack.pop() {
        let actions = match node {
            Node::Rest(k) if k == moves.goal => vec![Action {
                act: Act::Roll(0),
                branches: vec![Branch {
                    to: node,
                    weight: 1,
                    via: None,
                }],
                total: 1,
            }],
            Node::Rest(k) => {
                meter.add(moves.faces)?;
                moves.rolls(k)
            }
            Node::Pending(k) => moves.choice(k),
        };
        for action in &actions {
            for b in &action.branches {
                let seen = match b.to {
                    Node::Rest(j) => &mut seen_rest[j],
                    Node::Pending(j) => &mut seen_pending[j],
                };
                if !*seen {
                    *seen = true;
                    stack.push(b.to);
                }
            }
        }
        nodes.push((node, actions));
    }
    nodes.sort_unstable_by_key(|(node, _)| *node);
    Ok(Model {
        states: moves.states,
        start,
        goal: moves.goal,
        dice: moves.games.iter().map(|g| g.rules().die.clone()).collect(),
        nodes,
    })
}

/// The moves of a game under each die, as nodes.
struct Moves<'g> {
    game: &'g Game,
    states: States,
    /// The goal's absorbing state.
    goal: usize,
    /// The game under each die (the game itself for the rules' die).
    games: Vec<Cow<'g, Game>>,
    /// The faces of all the dice together.
    faces: u64,
}

impl<'g> Moves<'g> {
    fn new(game: &'g Game, dice: &[Die]) -> Moves<'g> {
        let games: Vec<Cow<'g, Game>> = if dice.is_empty() {
            vec![Cow::Borrowed(game)]
        } else {
            dice.iter()
                .map(|d| Cow::Owned(game.with_die(d.clone())))
                .collect()
        };
        let states = game.states();
        Moves {
            game,
            states,
            goal: states.index(Pawn {
                at: game.goal(),
                streak: 0,
            }),
            faces: games.iter().map(|g| u64::from(g.rules().die.max())).sum(),
            games,
        }
    }

    /// A pawn's node: the goal's absorbing state for any pawn on the goal.
    fn rest(&self, pawn: Pawn) -> Node {
        if pawn.at == self.game.goal() {
            Node::Rest(self.goal)
        } else {
            Node::Rest(self.states.index(pawn))
        }
    }

    /// Where a pawn that rests (if it stays) on a jump's start goes: a
    /// choice if the jump may be declined, else on through the jump (and,
    /// under chaining, the jumps after it).
    fn after_landing(&self, stay: Pawn) -> Node {
        let board = self.game.board();
        let rules = self.game.rules();
        let mut at = stay;
        loop {
            let Some(to) = board.jump(at.at).filter(|_| at.at != self.game.goal()) else {
                return self.rest(at);
            };
            if rules.optional.covers(at.at, to) {
                return Node::Pending(self.states.index(at));
            }
            at = Pawn { at: to, ..at };
            if !rules.chain {
                return self.rest(at);
            }
        }
    }

    /// A roll of each die from resting state `k`.
    fn rolls(&self, k: usize) -> Vec<Action> {
        let pawn = self.states.pawn(k);
        let board = self.game.board();
        let mut actions = Vec::with_capacity(self.games.len());
        for (d, g) in self.games.iter().enumerate() {
            let mut branches = Vec::new();
            for (v, weight) in g.rules().die.faces() {
                let played = g.play(pawn, v);
                let (to, via) = match played.moved {
                    Some(m) if m.jumped() && !played.reset => {
                        let stay = g.rest_after(pawn, v, m.land);
                        let jump = board.jump(m.land).map(|to| Jump { from: m.land, to });
                        (self.after_landing(stay), jump)
                    }
                    _ => (self.rest(played.pawn), None),
                };
                branches.push(Branch { to, weight, via });
            }
            actions.push(Action {
                act: Act::Roll(d),
                branches: merge(branches),
                total: g.rules().die.total(),
            });
        }
        actions
    }

    /// The choice at the jump from pending state `k`'s square: take it or
    /// stay.
    fn choice(&self, k: usize) -> Vec<Action> {
        let pawn = self.states.pawn(k);
        let to = self
            .game
            .board()
            .jump(pawn.at)
            .expect("a pending node is on a jump's start");
        let on = Pawn { at: to, ..pawn };
        let taken = if self.game.rules().chain {
            self.after_landing(on)
        } else {
            self.rest(on)
        };
        let one = |act, to, via| Action {
            act,
            branches: vec![Branch { to, weight: 1, via }],
            total: 1,
        };
        vec![
            one(Act::Take, taken, Some(Jump { from: pawn.at, to })),
            one(Act::Stay, Node::Rest(k), None),
        ]
    }
}

/// One branch a node: the weights of faces that lead to the same node
/// added, the first jump named.
fn merge(mut branches: Vec<Branch>) -> Vec<Branch> {
    branches.sort_by_key(|b| b.to);
    let mut merged: Vec<Branch> = Vec::with_capacity(branches.len());
    for b in branches {
        match merged.last_mut() {
            Some(last) if last.to == b.to => {
                last.weight += b.weight;
                last.via = last.via.or(b.via);
            }
            _ => merged.push(b),
        }
    }
    merged
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::{Optional, Rules};

    /// A game of `squares` squares with `jumps` under `rules`.
    pub(in crate::export) fn game(squares: u32, jumps: &[(u32, u32)], rules: Rules) -> Game {
        let jumps = jumps.iter().map(|&(from, to)| Jump { from, to });
        Game::new(Board::new(squares, jumps).unwrap(), rules).unwrap()
    }

    #[test]
    fn the_chain_reaches_the_squares_a_game_rests_on() {
        let g = game(10, &[(4, 9), (8, 2)], Rules::default());
        let model = build(&g, &[], &Control::default()).unwrap();
        let rests: Vec<Node> = model.nodes.iter().map(|(n, _)| *n).collect();
        // Neither foot (4, 8) nor the square off the board (0) is reached.
        let want: Vec<Node> = [1, 2, 3, 5, 6, 7, 9, 10].map(Node::Rest).to_vec();
        assert_eq!(rests, want);
        assert!(!model.has_choices());
        for (_, actions) in &model.nodes {
            let a = &actions[0];
            assert_eq!(a.branches.iter().map(|b| b.weight).sum::<u64>(), a.total);
        }
    }

    #[test]
    fn a_jump_that_may_be_declined_is_a_choice() {
        let rules = Rules {
            optional: Optional::All,
            ..Rules::default()
        };
        let g = game(10, &[(4, 9)], rules);
        let model = build(&g, &[], &Control::default()).unwrap();
        assert!(model.has_choices() && model.has_pending());
        let (_, actions) = model
            .nodes
            .iter()
            .find(|(n, _)| *n == Node::Pending(4))
            .unwrap();
        let acts: Vec<Act> = actions.iter().map(|a| a.act).collect();
        assert_eq!(acts, [Act::Take, Act::Stay]);
        assert_eq!(actions[0].branches[0].to, Node::Rest(9));
        assert_eq!(actions[1].branches[0].to, Node::Rest(4));
    }
}
