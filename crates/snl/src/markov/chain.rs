//! The game as an absorbing Markov chain: one state per pawn position and
//! bonus streak, one transition per face of the die, all built from
//! [`Game::play`].

use crate::game::{Game, Pawn, States};
use crate::limits::{self, Cancel, Control, Estimate, LimitError, Meter};

/// The target of a transition that ends the game (the pawn reached the goal).
pub(crate) const EXIT: u32 = u32::MAX;

/// The chain of a game, over the game's [`States`].
#[derive(Debug, Clone)]
pub(crate) struct Chain {
    /// The numbering of the states.
    pub index: States,
    /// The die's value of each face, smallest first.
    pub values: Vec<u32>,
    /// The die's weight of each face, smallest value first.
    pub weights: Vec<u64>,
    /// The sum of the weights.
    pub total: u64,
    /// The chance of each face.
    pub prob: Vec<f64>,
    /// `target[k * faces + i]`: the state after face `i` from state `k`, or
    /// [`EXIT`] when the roll reaches the goal.
    pub target: Vec<u32>,
    /// The goal position.
    pub goal: u32,
}

impl Chain {
    pub fn new(game: &Game, meter: &mut Meter<'_>) -> Result<Chain, LimitError> {
        let die = &game.rules().die;
        let faces: Vec<(u32, u64)> = die.faces().collect();
        let total = die.total();
        let index = game.states();
        let goal = game.goal();
        let mut target = limits::with_capacity(
            index.len().saturating_mul(faces.len()),
            "the chain's table of moves",
        )?;
        // Without the bonus rule a state is a position, and a roll only
        // moves the pawn: the walk's moves.
        let walk = Walk::new(game);
        for k in 0..index.len() {
            meter.add(faces.len() as u64 * 4)?;
            if let Some(walk) = &walk {
                walk.each_target(k, |_, t| target.push(t));
                continue;
            }
            let pawn = index.pawn(k);
            for &(value, _) in &faces {
                if pawn.at == goal {
                    target.push(EXIT);
                    continue;
                }
                let next = game.play(pawn, value).pawn;
                target.push(if next.at == goal {
                    EXIT
                } else {
                    index.index(next) as u32
                });
            }
        }
        Ok(Chain {
            index,
            prob: die.chances().map(|(_, p)| p).collect(),
            values: faces.iter().map(|&(v, _)| v).collect(),
            weights: faces.iter().map(|&(_, w)| w).collect(),
            total,
            target,
            goal,
        })
    }

    /// The state of a pawn.
    pub fn state(&self, pawn: Pawn) -> usize {
        self.index.index(pawn)
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.target.len() / self.faces()
    }

    /// The number of faces (transitions per state).
    pub fn faces(&self) -> usize {
        self.prob.len()
    }

    /// The position of state `k`.
    pub fn position(&self, k: usize) -> u32 {
        self.index.position(k)
    }

    /// Whether a roll from state `k` starts a turn.
    pub fn starts_turn(&self, k: usize) -> bool {
        self.index.starts_turn(k)
    }

    /// The targets of state `k`, one per face.
    pub fn row(&self, k: usize) -> &[u32] {
        let f = self.faces();
        &self.target[k * f..(k + 1) * f]
    }

    /// Whether each state is the goal's.
    pub fn is_goal(&self, k: usize) -> bool {
        self.position(k) == self.goal
    }

    /// For every state, the states with a transition into it: `(sources,
    /// faces)` in compressed rows, `start[k]..start[k + 1]`.
    pub fn predecessors(&self, cancel: &Cancel) -> Result<Predecessors, LimitError> {
        predecessors(self, cancel)
    }

    /// Whether the goal can be reached from each state (see [`live`]).
    pub fn live(&self, ctl: &Control) -> Result<Vec<bool>, LimitError> {
        live(self, ctl)
    }
}

/// The moves of a chain, one target a face from each state: a table
/// ([`Chain`]), or worked out from the game as they are asked for
/// ([`Walk`]), which holds nothing a state.
pub(crate) trait Moves {
    /// The number of states.
    fn states(&self) -> usize;
    /// The chance of each face.
    fn prob(&self) -> &[f64];
    /// The number of faces (transitions per state).
    fn faces(&self) -> usize {
        self.prob().len()
    }
    /// Calls `f(face, target)` for each face of the die from state `k`,
    /// smallest value first ([`EXIT`] for the goal).
    fn each_target(&self, k: usize, f: impl FnMut(usize, u32));
    /// Whether state `k` is the goal's.
    fn is_goal(&self, k: usize) -> bool;
    /// Whether a roll from state `k` starts a turn.
    fn starts_turn(&self, k: usize) -> bool;
}

impl Moves for Chain {
    fn states(&self) -> usize {
        Chain::states(self)
    }
    fn prob(&self) -> &[f64] {
        &self.prob
    }
    #[inline]
    fn each_target(&self, k: usize, mut f: impl FnMut(usize, u32)) {
        for (i, &t) in self.row(k).iter().enumerate() {
            f(i, t);
        }
    }
    fn is_goal(&self, k: usize) -> bool {
        Chain::is_goal(self, k)
    }
    fn starts_turn(&self, k: usize) -> bool {
        Chain::starts_turn(self, k)
    }
}

/// The moves of a game without the bonus rule, from [`Game::next`] as they
/// are asked for: a state is a position, and a roll only moves the pawn.
/// Boards of 10^8 squares keep no table of moves.
#[derive(Debug, Clone)]
pub(crate) struct Walk<'g> {
    game: &'g Game,
    values: Vec<u32>,
    prob: Vec<f64>,
    goal: u32,
}

impl<'g> Walk<'g> {
    /// The walk of `game`; `None` under the bonus rule, where a state is a
    /// position and a streak.
    pub fn new(game: &'g Game) -> Option<Walk<'g>> {
        if game.rules().bonus.is_some() {
            return None;
        }
        let die = &game.rules().die;
        Some(Walk {
            game,
            values: die.values().collect(),
            prob: die.chances().map(|(_, p)| p).collect(),
            goal: game.goal(),
        })
    }
}

impl Moves for Walk<'_> {
    fn states(&self) -> usize {
        self.game.positions()
    }
    fn prob(&self) -> &[f64] {
        &self.prob
    }
    #[inline]
    fn each_target(&self, k: usize, mut f: impl FnMut(usize, u32)) {
        let at = k as u32;
        for (i, &value) in self.values.iter().enumerate() {
            let next = if at == self.goal {
                self.goal
            } else {
                self.game.next(at, value)
            };
            f(i, if next == self.goal { EXIT } else { next });
        }
    }
    fn is_goal(&self, k: usize) -> bool {
        k as u32 == self.goal
    }
    fn starts_turn(&self, _: usize) -> bool {
        true
    }
}

/// The states reachable from `from` (itself included), the goal's
/// excluded.
pub(crate) fn reachable(
    m: &impl Moves,
    from: usize,
    ctl: &Control,
) -> Result<Vec<bool>, LimitError> {
    // The flags, and a stack that may hold every state.
    ctl.admit(
        "the states reachable from the start",
        Estimate::from_f64(m.states() as f64 * 11.0, 0.0),
    )?;
    let mut seen = limits::vec_of_with(
        m.states(),
        false,
        "the chain's reachable states",
        &ctl.cancel,
    )?;
    if m.is_goal(from) {
        return Ok(seen);
    }
    seen[from] = true;
    let mut stack = vec![from];
    let mut meter = ctl.meter();
    while let Some(k) = stack.pop() {
        meter.add(m.faces() as u64)?;
        m.each_target(k, |_, t| {
            if t != EXIT && !seen[t as usize] {
                seen[t as usize] = true;
                stack.push(t as usize);
            }
        });
    }
    Ok(seen)
}

/// Whether the goal can be reached from each state (false for the goal's
/// own states, which are not part of the chain).
///
/// Sweeps the states from the top down, marking those with a move to the
/// goal or to a state already marked, until a sweep marks nothing: moves
/// forward are seen within a sweep, each snake down may cost one more.
/// Boards where that takes more than a few sweeps are worked out from the
/// moves into each state instead, in one pass.
pub(crate) fn live(m: &impl Moves, ctl: &Control) -> Result<Vec<bool>, LimitError> {
    Ok(live_and_targeted(m, false, ctl)?.0)
}

/// [`live`], and with `targeted` whether some move leads to each state
/// (found in the first sweep, which reads every move).
pub(crate) fn live_and_targeted(
    m: &impl Moves,
    targeted: bool,
    ctl: &Control,
) -> Result<(Vec<bool>, Vec<bool>), LimitError> {
    const SWEEPS: usize = 6;
    let meter = &mut ctl.meter();
    let n = m.states();
    let mut live = limits::vec_of_with(n, false, "the chain's live states", &ctl.cancel)?;
    let mut reached = limits::vec_of_with(
        if targeted { n } else { 0 },
        false,
        "the chain's targeted states",
        &ctl.cancel,
    )?;
    for sweep in 0..SWEEPS {
        let mut marked = false;
        for k in (0..n).rev() {
            // A sweep over 2^30 states takes seconds: its work is counted,
            // and the token looked at, a chunk of states at a time (this
            // state ends a chunk, from the top down).
            if k % limits::FILL_CHUNK == 0 {
                let chunk = (n - k).min(limits::FILL_CHUNK);
                meter.add((chunk * m.faces()) as u64)?;
            }
            if live[k] || m.is_goal(k) {
                continue;
            }
            let mut leads = false;
            if targeted && sweep == 0 {
                m.each_target(k, |_, t| {
                    if t == EXIT {
                        leads = true;
                    } else {
                        leads |= live[t as usize];
                        reached[t as usize] = true;
                    }
                });
            } else {
                m.each_target(k, |_, t| leads |= t == EXIT || live[t as usize]);
            }
            if leads {
                live[k] = true;
                marked = true;
            }
        }
        if !marked {
            debug_assert_eq!(
                live,
                live_backward(m, &ctl.cancel)?,
                "the sweeps find the states the moves into each state do"
            );
            return Ok((live, reached));
        }
    }
    drop(live);
    // The moves into each state, and the flags.
    ctl.admit(
        "the chain's table of predecessors",
        Estimate::from_f64(n as f64 * (6.0 * m.faces() as f64 + 10.0) + 8.0, 0.0),
    )?;
    Ok((live_backward(m, &ctl.cancel)?, reached))
}

/// [`live`] from the moves into each state, found from the goal backward.
fn live_backward(m: &impl Moves, cancel: &Cancel) -> Result<Vec<bool>, LimitError> {
    let n = m.states();
    let preds = predecessors(m, cancel)?;
    let mut live = limits::vec_of_with(n, false, "the chain's live states", cancel)?;
    let mut stack = Vec::new();
    for (k, l) in live.iter_mut().enumerate() {
        cancel.check_chunk(k)?;
        let mut exits = false;
        m.each_target(k, |_, t| exits |= t == EXIT);
        if exits && !m.is_goal(k) {
            *l = true;
            stack.push(k);
        }
    }
    while let Some(k) = stack.pop() {
        for &s in preds.sources(k) {
            let s = s as usize;
            if !live[s] && !m.is_goal(s) {
                live[s] = true;
                stack.push(s);
            }
        }
    }
    Ok(live)
}

/// For every state, the states with a transition into it: `(sources,
/// faces)` in compressed rows, `start[k]..start[k + 1]`.
pub(crate) fn predecessors(m: &impl Moves, cancel: &Cancel) -> Result<Predecessors, LimitError> {
    let n = m.states();
    let mut start = limits::vec_of_with(n + 1, 0u32, "the chain's table of predecessors", cancel)?;
    for k in 0..n {
        cancel.check_chunk(k)?;
        m.each_target(k, |_, t| {
            if t != EXIT {
                start[t as usize + 1] += 1;
            }
        });
    }
    for k in 0..n {
        start[k + 1] += start[k];
    }
    let mut fill = limits::with_capacity(n + 1, "the chain's table of predecessors")?;
    fill.extend_from_slice(&start);
    let mut source =
        limits::vec_of_with(start[n] as usize, 0u32, "the chain's predecessors", cancel)?;
    let mut face =
        limits::vec_of_with(start[n] as usize, 0u16, "the chain's predecessors", cancel)?;
    for k in 0..n {
        cancel.check_chunk(k)?;
        m.each_target(k, |i, t| {
            if t != EXIT {
                let at = &mut fill[t as usize];
                source[*at as usize] = k as u32;
                face[*at as usize] = i as u16;
                *at += 1;
            }
        });
    }
    Ok(Predecessors {
        start,
        source,
        face,
    })
}

/// The transitions into each state.
#[derive(Debug, Clone)]
pub(crate) struct Predecessors {
    start: Vec<u32>,
    source: Vec<u32>,
    face: Vec<u16>,
}

impl Predecessors {
    pub fn sources(&self, k: usize) -> &[u32] {
        &self.source[self.start[k] as usize..self.start[k + 1] as usize]
    }

    pub fn faces(&self, k: usize) -> &[u16] {
        &self.face[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::game;
    use crate::limits::Control;
    use crate::rules::{Bonus, Die, Finish, Rules, Start};

    /// The walk makes the chain's moves, and the sweeps find its live
    /// states, under every finish, with and without chaining, from either
    /// start.
    #[test]
    fn the_walk_is_the_chain() {
        let jumps = [(3, 17), (17, 12), (9, 2), (14, 25), (24, 5), (21, 1)];
        for finish in [Finish::Exact, Finish::Bounce, Finish::Pass] {
            for chain in [false, true] {
                for start in [Start::Square1, Start::OffBoard] {
                    let rules = Rules {
                        die: Die::weighted(vec![1, 0, 2, 1]).unwrap(),
                        finish,
                        chain,
                        start,
                        bonus: None,
                        optional: crate::rules::Optional::None,
                    };
                    let g = game(26, &jumps, rules);
                    let table = Chain::new(&g, &mut Control::default().meter()).unwrap();
                    let walk = Walk::new(&g).unwrap();
                    assert_eq!(Moves::states(&walk), table.states());
                    assert_eq!(walk.prob(), &table.prob[..]);
                    for k in 0..table.states() {
                        let mut row = Vec::new();
                        walk.each_target(k, |_, t| row.push(t));
                        assert_eq!(row, table.row(k), "{finish} {chain} {k}");
                        // The table is built from the walk: both against
                        // the game's whole move, as the bonus rule plays it.
                        let pawn = Pawn {
                            at: k as u32,
                            streak: 0,
                        };
                        let played: Vec<u32> = [1, 2, 3, 4]
                            .into_iter()
                            .filter(|&v| v != 2)
                            .map(|v| {
                                if pawn.at == g.goal() {
                                    return EXIT;
                                }
                                match g.play(pawn, v).pawn.at {
                                    at if at == g.goal() => EXIT,
                                    at => at,
                                }
                            })
                            .collect();
                        assert_eq!(row, played, "{finish} {chain} {k}");
                    }
                    let ctl = Control::default();
                    assert_eq!(live(&walk, &ctl).unwrap(), live(&table, &ctl).unwrap());
                }
            }
        }
        let bonus = Rules {
            bonus: Some(Bonus::with_limit(1).unwrap()),
            ..Rules::default()
        };
        assert!(Walk::new(&game(26, &jumps, bonus)).is_none());
    }
}
