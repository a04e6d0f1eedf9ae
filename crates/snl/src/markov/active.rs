//! The states a Markov analysis solves over: the chain of a game with the
//! states that matter for a pawn from the start (reachable from it, and
//! able to reach the goal), and the linear systems over them, forward and
//! backward, as the solver reads them.

use super::chain::{self, Chain, EXIT, Moves, Predecessors, Walk};
use super::{cost, solve};
use crate::game::{Game, Pawn};
use crate::limits::{self, Control, Estimate, LimitError};

/// The chain of a game with the states that matter for a pawn from the
/// start: reachable from it, and able to reach the goal.
#[derive(Debug)]
pub(crate) struct Active<M = Chain> {
    pub(super) chain: M,
    /// Live, and reachable from the start; or, for [`Reach::Targeted`], some
    /// states the start cannot reach as well.
    pub(super) solved: Vec<bool>,
    /// The start state.
    pub(super) start: usize,
    /// Whether the start itself is live.
    pub(super) start_live: bool,
    /// Whether a state that cannot reach the goal is reachable.
    pub(super) stuck: bool,
}

impl Active {
    /// The chain of `game`, refused when its tables or `what` (an analysis
    /// whose estimate is `estimate`) do not fit the budget.
    pub(super) fn new(
        game: &Game,
        what: &'static str,
        estimate: Estimate,
        ctl: &Control,
    ) -> Result<Active, LimitError> {
        cost::chain_fits(game)?;
        ctl.admit(what, estimate)?;
        let chain = Chain::new(game, &mut ctl.meter())?;
        let start = chain.state(Pawn {
            at: game.start(),
            streak: 0,
        });
        Active::of(chain, start, Reach::Reachable, ctl)
    }

    /// The chain with no budget, for the tests on small boards.
    ///
    /// # Panics
    ///
    /// When the chain's tables cannot be allocated.
    #[cfg(test)]
    pub(crate) fn plain(game: &Game) -> Active {
        Active::new(game, "the chain", Estimate::default(), &Control::default())
            .unwrap_or_else(|e| panic!("{e}"))
    }
}

impl<'g> Active<Walk<'g>> {
    /// The moves of `game` worked out as they are asked for, without a
    /// table (see [`Walk`]); `None` under the bonus rule.
    pub(super) fn walking(
        game: &'g Game,
        what: &'static str,
        estimate: Estimate,
        ctl: &Control,
    ) -> Result<Option<Active<Walk<'g>>>, LimitError> {
        let Some(walk) = Walk::new(game) else {
            return Ok(None);
        };
        cost::chain_fits(game)?;
        ctl.admit(what, estimate)?;
        let start = game.start() as usize;
        Active::of(walk, start, Reach::Targeted, ctl).map(Some)
    }
}

/// The states an analysis solves over, beside being live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Those reachable from the start.
    Reachable,
    /// Where every state is live, those some move leads to, and the start:
    /// the states no move reaches (the feet of jumps) left out as they are
    /// by the search, found in the first sweep for the live states rather
    /// than by a search of their own. A state the start cannot reach
    /// changes nothing the start's value depends on, so this serves the
    /// solves for that value, forward. Not the visits, solved backward
    /// over every state: a state the start cannot reach, nearly a trap,
    /// can make that solve singular in floating point.
    Targeted,
}

impl<M: Moves> Active<M> {
    fn of(chain: M, start: usize, reach: Reach, ctl: &Control) -> Result<Active<M>, LimitError> {
        let (live, targeted) = chain::live_and_targeted(&chain, reach == Reach::Targeted, ctl)?;
        let mut all_live = true;
        for (c, chunk) in live.chunks(limits::FILL_CHUNK).enumerate() {
            let base = c * limits::FILL_CHUNK;
            all_live &= chunk
                .iter()
                .enumerate()
                .all(|(k, &l)| l || chain.is_goal(base + k));
            if !all_live {
                break;
            }
            ctl.cancel.check_chunk(base + chunk.len() - 1)?;
        }
        let mut active = if reach == Reach::Targeted && all_live {
            let mut targeted = targeted;
            targeted[start] = true;
            targeted
        } else {
            drop(targeted);
            chain::reachable(&chain, start, ctl)?
        };
        let mut stuck = false;
        for (c, (active, live)) in active
            .chunks_mut(limits::FILL_CHUNK)
            .zip(live.chunks(limits::FILL_CHUNK))
            .enumerate()
        {
            for (a, &l) in active.iter_mut().zip(live) {
                stuck |= *a && !l;
                *a &= l;
            }
            ctl.cancel
                .check_chunk(c * limits::FILL_CHUNK + live.len() - 1)?;
        }
        Ok(Active {
            chain,
            solved: active,
            start,
            start_live: live[start],
            stuck,
        })
    }
}

/// `x = c + Q x` over the active states, a state at a time.
pub(super) struct Forward<'a, M = Chain> {
    pub(super) a: &'a Active<M>,
}

impl<M: Moves> solve::Rows for Forward<'_, M> {
    fn len(&self) -> usize {
        self.a.chain.states()
    }
    #[inline]
    fn active(&self, k: usize) -> bool {
        self.a.solved[k]
    }
    #[inline]
    fn terms(&self, k: usize, out: &mut Vec<(Option<u32>, u16)>) {
        self.a.chain.each_target(k, |i, t| {
            let live = t != EXIT && self.a.solved[t as usize];
            out.push((live.then_some(t), i as u16));
        });
    }
    fn stochastic(&self) -> bool {
        true
    }
}

/// `x = c + Qᵀ x` over the active states, numbered from the top down so that
/// the solver, which eliminates the highest number first, sweeps the board
/// from the bottom up: the mirror image of [`Forward`].
pub(super) struct Backward<'a> {
    pub(super) a: &'a Active,
    pub(super) preds: &'a Predecessors,
}

impl solve::Rows for Backward<'_> {
    fn len(&self) -> usize {
        self.a.chain.states()
    }
    fn active(&self, k: usize) -> bool {
        self.a.solved[self.len() - 1 - k]
    }
    fn terms(&self, k: usize, out: &mut Vec<(Option<u32>, u16)>) {
        let n = self.len();
        let j = n - 1 - k;
        for (&s, &f) in self.preds.sources(j).iter().zip(self.preds.faces(j)) {
            if self.a.solved[s as usize] {
                out.push((Some((n - 1 - s as usize) as u32), f));
            }
        }
    }
    fn stochastic(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests::game;
    use crate::markov::MarkovError;
    use crate::rules::Rules;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn gauss_seidel_fallback_agrees_and_reports_failure() {
        let g = game(
            60,
            &[(3, 40), (22, 5), (35, 12), (51, 33), (58, 2), (44, 57)],
            Rules::default(),
        );
        let a = Active::plain(&g);
        let rows = Forward { a: &a };
        let ctl = Control::default();
        let plan = solve::Plan::new(&rows, &mut ctl.meter()).unwrap();
        let direct =
            solve::frontal(&rows, &plan, &a.chain.prob, |_| 1.0, &mut ctl.meter()).unwrap();
        let iterated =
            solve::gauss_seidel(&rows, &a.chain.prob, |_| 1.0, 1e9, &mut ctl.meter()).unwrap();
        for k in (0..direct.len()).filter(|&k| a.solved[k]) {
            assert!(close(direct[k], iterated[k]), "state {k}");
        }
        // A budget of a few sweeps is not enough, and says so.
        let err = solve::gauss_seidel(&rows, &a.chain.prob, |_| 1.0, 100.0, &mut ctl.meter())
            .unwrap_err();
        assert!(matches!(err, MarkovError::NotConverged { .. }));
        assert!(err.to_string().contains("did not converge"), "{err}");
    }
}
