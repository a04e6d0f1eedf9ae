//! The game as an absorbing Markov chain: one state per pawn position and
//! bonus streak, one transition per face of the die, all built from
//! [`Game::play`].

use crate::game::{Game, Pawn, States};
use crate::limits::{self, LimitError, Meter};

/// The target of a transition that ends the game (the pawn reached the goal).
pub(crate) const EXIT: u32 = u32::MAX;

/// The chain of a game, over the game's [`States`].
#[derive(Debug, Clone)]
pub(crate) struct Chain {
    /// The numbering of the states.
    pub index: States,
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
        for k in 0..index.len() {
            meter.add(faces.len() as u64 * 4)?;
            if game.rules().bonus.is_none() {
                // Without the bonus rule a state is a position, and a roll
                // only moves the pawn.
                let at = k as u32;
                for &(value, _) in &faces {
                    let next = if at == goal {
                        goal
                    } else {
                        game.next(at, value)
                    };
                    target.push(if next == goal { EXIT } else { next });
                }
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
            prob: faces
                .iter()
                .map(|&(_, w)| w as f64 / total as f64)
                .collect(),
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

    /// The states reachable from `from` (itself included), the goal's
    /// excluded.
    pub fn reachable(&self, from: usize) -> Result<Vec<bool>, LimitError> {
        let mut seen = limits::vec_of(self.states(), false, "the chain's reachable states")?;
        if self.is_goal(from) {
            return Ok(seen);
        }
        seen[from] = true;
        let mut stack = vec![from];
        while let Some(k) = stack.pop() {
            for &t in self.row(k) {
                if t != EXIT && !seen[t as usize] {
                    seen[t as usize] = true;
                    stack.push(t as usize);
                }
            }
        }
        Ok(seen)
    }

    /// For every state, the states with a transition into it: `(sources,
    /// faces)` in compressed rows, `start[k]..start[k + 1]`.
    pub fn predecessors(&self) -> Result<Predecessors, LimitError> {
        let n = self.states();
        let f = self.faces();
        let mut start = limits::vec_of(n + 1, 0u32, "the chain's table of predecessors")?;
        for &t in &self.target {
            if t != EXIT {
                start[t as usize + 1] += 1;
            }
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        let mut fill = limits::with_capacity(n + 1, "the chain's table of predecessors")?;
        fill.extend_from_slice(&start);
        let mut source = limits::vec_of(start[n] as usize, 0u32, "the chain's predecessors")?;
        let mut face = limits::vec_of(start[n] as usize, 0u16, "the chain's predecessors")?;
        for (i, &t) in self.target.iter().enumerate() {
            if t != EXIT {
                let at = &mut fill[t as usize];
                source[*at as usize] = (i / f) as u32;
                face[*at as usize] = (i % f) as u16;
                *at += 1;
            }
        }
        Ok(Predecessors {
            start,
            source,
            face,
        })
    }

    /// Whether the goal can be reached from each state (false for the goal's
    /// own states, which are not part of the chain).
    ///
    /// Sweeps the states from the top down, marking those with a move to
    /// the goal or to a state already marked, until a sweep marks nothing:
    /// moves forward are seen within a sweep, each snake down may cost one
    /// more. Boards where that takes more than a few sweeps are worked out
    /// from the table of predecessors instead, in one pass.
    pub fn live(&self, meter: &mut Meter<'_>) -> Result<Vec<bool>, LimitError> {
        const SWEEPS: usize = 6;
        let n = self.states();
        let mut live = limits::vec_of(n, false, "the chain's live states")?;
        for _ in 0..SWEEPS {
            meter.add(self.target.len() as u64)?;
            let mut marked = false;
            for k in (0..n).rev() {
                if live[k] || self.is_goal(k) {
                    continue;
                }
                if self.row(k).iter().any(|&t| t == EXIT || live[t as usize]) {
                    live[k] = true;
                    marked = true;
                }
            }
            if !marked {
                debug_assert_eq!(
                    live,
                    self.live_from(&self.predecessors()?)?,
                    "the sweeps find the states the predecessors do"
                );
                return Ok(live);
            }
        }
        drop(live);
        self.live_from(&self.predecessors()?)
    }

    /// Whether some move leads to each state.
    pub fn targeted(&self) -> Result<Vec<bool>, LimitError> {
        let mut targeted = limits::vec_of(self.states(), false, "the chain's targeted states")?;
        for &t in &self.target {
            if t != EXIT {
                targeted[t as usize] = true;
            }
        }
        Ok(targeted)
    }

    /// [`Chain::live`] from the table of predecessors.
    pub fn live_from(&self, preds: &Predecessors) -> Result<Vec<bool>, LimitError> {
        let n = self.states();
        let mut live = limits::vec_of(n, false, "the chain's live states")?;
        let mut stack: Vec<usize> = (0..n)
            .filter(|&k| !self.is_goal(k) && self.row(k).contains(&EXIT))
            .collect();
        for &k in &stack {
            live[k] = true;
        }
        while let Some(k) = stack.pop() {
            for &s in preds.sources(k) {
                let s = s as usize;
                if !live[s] && !self.is_goal(s) {
                    live[s] = true;
                    stack.push(s);
                }
            }
        }
        Ok(live)
    }
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
