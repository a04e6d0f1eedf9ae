//! The search over (position, streak) pairs, for games under a bonus limit,
//! where a position alone does not say which rolls are allowed, and for
//! games whose jumps may be declined, where a roll may lead to more than one
//! resting place.

use num_bigint::BigUint;

use crate::game::{Game, Move, Pawn, States};
use crate::limits::{self, LimitError, Meter};

/// The breadth-first search over [`Game::choice_states`], every roll
/// followed, those that do not move the pawn too: a top that is lost (an
/// exact finish overshot) still counts in the streak, and the `n`th top in
/// a row sends the pawn back to the start, which from a square beyond a
/// dead end is the way to the goal. From the start itself neither is ever
/// part of a shortest sequence (a pawn with a longer streak can do no more
/// than one with a shorter, but go back to where it began), so the paths
/// and counts, which start there, are made of moves alone.
pub(super) struct StreakSearch {
    pub(super) states: States,
    /// Rolls from the start to each state, `u32::MAX` where unreached.
    pub(super) dist: Vec<u32>,
    /// The states reached, in the order the search reached them: by
    /// distance.
    order: Vec<u32>,
    /// Rolls to the goal.
    pub(super) goal: Option<u32>,
    /// Whether some jump may be declined ([`Game::declinable`]), asked once.
    choosing: bool,
}

impl StreakSearch {
    fn state(&self, p: Pawn) -> usize {
        self.states.index(p)
    }

    fn pawn(&self, k: usize) -> Pawn {
        self.states.pawn(k)
    }

    /// The moves out of state `k` that move the pawn: `(move, next
    /// state)`, by roll and, for one roll, by where the player may choose
    /// to rest ([`Game::rests`]: taking a jump before declining it).
    fn moves(&self, game: &Game, k: usize) -> impl Iterator<Item = (Move, usize)> {
        let pawn = self.pawn(k);
        let choosing = self.choosing;
        game.rules().die.values().flat_map(move |r| {
            let played = game.play(pawn, r);
            let moved = played.moved.map(|m| (m, self.state(played.pawn)));
            // A declined jump leaves the pawn on the square it stopped at,
            // under the same turn rule as a taken one.
            let declined = played
                .moved
                .filter(|m| choosing && m.jumped())
                .into_iter()
                .flat_map(move |m| {
                    game.rests(m.land).skip(1).map(move |at| {
                        let rest = game.rest_after(pawn, r, at);
                        (Move { to: at, ..m }, self.state(rest))
                    })
                });
            moved.into_iter().chain(declined)
        })
    }

    pub(super) fn search(
        game: &Game,
        from: u32,
        stop_at_goal: bool,
        meter: &mut Meter<'_>,
    ) -> Result<StreakSearch, LimitError> {
        let states = game.choice_states();
        let n = states.len();
        let mut s = StreakSearch {
            states,
            dist: limits::vec_of(n, u32::MAX, "the search's distance table")?,
            order: Vec::new(),
            choosing: game.declinable(),
            goal: None,
        };
        let start = s.state(Pawn {
            at: from,
            streak: 0,
        });
        s.dist[start] = 0;
        if from == game.goal() {
            s.goal = Some(0);
            return Ok(s);
        }
        let goal = s.state(Pawn {
            at: game.goal(),
            streak: 0,
        });
        let mut queue = limits::with_capacity(n, "the search's queue")?;
        queue.push(start as u32);
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head] as usize;
            head += 1;
            let d = s.dist[u] + 1;
            meter.add(8)?;
            let pawn = s.pawn(u);
            let mut next: Vec<usize> = game
                .rules()
                .die
                .values()
                .map(|r| s.state(game.play(pawn, r).pawn))
                .collect();
            if s.choosing {
                // And where the player may rest instead, declining a jump.
                next.extend(s.moves(game, u).map(|(_, v)| v));
            }
            for v in next {
                if s.dist[v] == u32::MAX {
                    s.dist[v] = d;
                    queue.push(v as u32);
                    if v == goal {
                        s.goal = Some(d);
                        if stop_at_goal {
                            return Ok(s);
                        }
                    }
                }
            }
        }
        s.order = queue;
        Ok(s)
    }

    /// The optimal sequence whose rolls come first in dictionary order, as
    /// [`super::path::first_path`] finds it for the fast search. Needs the full search
    /// (`stop_at_goal` false) so that every state's distance is known.
    pub(super) fn first_path(
        &self,
        game: &Game,
        meter: &mut Meter<'_>,
    ) -> Result<Vec<Move>, LimitError> {
        let Some(k) = self.goal.filter(|&k| k > 0) else {
            return Ok(Vec::new());
        };
        let goal = self.state(Pawn {
            at: game.goal(),
            streak: 0,
        });
        // The states on an optimal sequence, the farthest first: one leads
        // to such a state of the next layer. The order of the search has
        // every layer after the one before it.
        let mut on_path = limits::vec_of(self.dist.len(), false, "the table of optimal states")?;
        on_path[goal] = true;
        for &u in self.order.iter().rev() {
            let u = u as usize;
            if self.dist[u] >= k {
                continue;
            }
            meter.add(8)?;
            let next = self.dist[u] + 1;
            on_path[u] = self
                .moves(game, u)
                .any(|(_, v)| on_path[v] && self.dist[v] == next);
        }
        let mut path = Vec::with_capacity(k as usize);
        let mut u = self.state(Pawn {
            at: game.start(),
            streak: 0,
        });
        while u != goal {
            let (m, v) = self
                .moves(game, u)
                .find(|&(_, v)| on_path[v] && self.dist[v] == self.dist[u] + 1)
                .expect("a marked state leads on to the next layer");
            path.push(m);
            u = v;
        }
        Ok(path)
    }

    pub(super) fn count(
        &self,
        game: &Game,
        meter: &mut Meter<'_>,
    ) -> Result<Option<BigUint>, LimitError> {
        let Some(best) = self.goal else {
            return Ok(None);
        };
        let goal = self.state(Pawn {
            at: game.goal(),
            streak: 0,
        });
        // The search's order has the states by distance.
        let order = self.order.iter().map(|&k| k as usize);
        let mut count = limits::vec_of(self.dist.len(), BigUint::default(), "the count table")?;
        count[self.order.first().map_or(goal, |&k| k as usize)] = BigUint::from(1u32);
        for u in order.take_while(|&k| self.dist[k] < best) {
            let cu = std::mem::take(&mut count[u]);
            meter.add(cu.bits() / 64 + 8)?;
            for (_, v) in self.moves(game, u) {
                if self.dist[v] == self.dist[u] + 1 {
                    count[v] += &cu;
                }
            }
        }
        Ok(Some(std::mem::take(&mut count[goal])))
    }
}
