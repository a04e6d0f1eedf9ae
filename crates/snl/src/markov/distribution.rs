//! The whole distribution of the game length, by forward propagation.
//!
//! The chance of every state is carried forward one roll (or one turn) at a
//! time. The chance that reaches the goal on step `t` is `pmf[t]`; the chance
//! that enters a state from which the goal cannot be reached is moved to
//! [`Distribution::never`] at once, so a board where pawns get stuck ends the
//! propagation as soon as what is left is known. The propagation stops when
//! less than [`TAIL`] of the chance is still in play, or when the work
//! allowed is spent ([`Follow::work`]: at most the budget's); what is still
//! in play then is [`Distribution::unresolved`], never silently dropped.

pub use super::cost::STEP_WORK;
use super::cost::{self, DROP, FOLLOW_WORK, Measure, SWEEP_EVERY};
use super::moments::Moments;
use super::tail::{Before, Reach};
use crate::game::{Game, Pawn, Unit};
use crate::limits::{self, Budget, Cancel, Control, LimitError};
use crate::markov::chain::{Chain, EXIT};

/// The propagation stops once less than this chance is still in play,
/// unless told otherwise ([`LengthOptions::tail`]).
pub const TAIL: f64 = 1e-12;

/// Two numbers closer than this are taken as equal when a quantile or a mode
/// is read off the distribution: the floating-point sums behind them carry
/// errors of about this size.
pub const TOLERANCE: f64 = 1e-12;

/// An unresolved chance below this is too small to change a figure given to
/// six decimals: [`Distribution::within`] then answers beyond the steps the
/// propagation reached, and front ends say nothing about it.
pub const NEGLIGIBLE: f64 = 1e-9;

/// The distribution of the number of rolls (or turns) a game takes.
///
/// `pmf.iter().sum() + never + unresolved` is 1, up to rounding.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    /// `pmf[t]`: the chance that the game ends on roll (or turn) `t`,
    /// counting from 0 (`pmf[0]` is 1 only for a game that starts on the
    /// goal).
    pub pmf: Vec<f64>,
    /// The chance that the game never ends: the pawn reaches a position from
    /// which the goal cannot be reached.
    pub never: f64,
    /// The chance not accounted for when the propagation stopped: the game
    /// ends after `pmf.len() - 1` steps, or never, in some proportion not
    /// worked out. Below [`TAIL`] unless the work allowed ran out.
    pub unresolved: f64,
    /// A bound on the error of every chance read off the distribution
    /// (each `pmf[t]`, each [`cdf`](Distribution::cdf) and `never`) where
    /// its tail was written down as geometric once that was certified
    /// (each state's chance shrinking by the same factor a step, to within
    /// a bound), rather than followed roll by roll:
    /// below the tail followed to ([`TAIL`] unless told otherwise), and 0
    /// when the distribution was followed to its end.
    pub error: f64,
}

/// How much of the distribution of the length is followed: until less
/// than [`TAIL`] of the chance is in play, or the work allowed
/// ([`Follow::work`]) is spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Follow {
    /// For at most [`FOLLOW_WORK`] (about a second) of work, and never past
    /// the budget's: what a game of tens of thousands of squares needs.
    #[default]
    Usual,
    /// As [`Follow::Usual`], but the statistics
    /// ([`stats_with`](super::stats_with)) first estimate its cost from the
    /// mean and standard deviation ([`distribution_cost`]) and skip it at
    /// once when that is over the work allowed;
    /// [`Stats::skipped`](super::Stats::skipped) then says what it would
    /// cost. The distribution alone is followed as [`Follow::Usual`].
    IfItFits,
    /// As far as the budget's work allows, whatever the estimate.
    Whole,
}

impl Follow {
    /// The most work the propagation may do under `budget`, in state
    /// updates (one carries one state's chance along one face of the die;
    /// without the bonus rule, where the chance is gathered by landing
    /// square, a square costs `(faces + 8) / 16` a roll), each step also
    /// counting [`STEP_WORK`].
    ///
    /// ```
    /// use snl::limits::Budget;
    /// use snl::markov::{FOLLOW_WORK, Follow};
    ///
    /// assert_eq!(Follow::Usual.work(&Budget::DEFAULT), FOLLOW_WORK);
    /// assert_eq!(Follow::Whole.work(&Budget::DEFAULT), Budget::DEFAULT.work);
    /// ```
    pub fn work(self, budget: &Budget) -> u64 {
        match self {
            Follow::Whole => budget.work,
            Follow::Usual | Follow::IfItFits => FOLLOW_WORK.min(budget.work),
        }
    }
}

/// Which length to follow, and how far: the options of the statistics and
/// the distribution.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LengthOptions {
    /// Rolls, or turns.
    pub unit: Unit,
    /// How much of the distribution to follow.
    pub follow: Follow,
    /// Stop once less than this chance is still in play: [`TAIL`] unless a
    /// search that needs less (has a board a chance of a tenth of finishing
    /// within 20 rolls?) says otherwise.
    pub tail: f64,
    /// Write the rest of the distribution down at once when its tail is
    /// certified geometric to within `tail` ([`Distribution::error`]),
    /// rather than follow it to the end: true unless a check wants the
    /// plain propagation.
    pub geometric: bool,
}

impl Default for LengthOptions {
    /// By rolls, followed as [`Follow::Usual`], to [`TAIL`].
    fn default() -> LengthOptions {
        LengthOptions {
            unit: Unit::Rolls,
            follow: Follow::Usual,
            tail: TAIL,
            geometric: true,
        }
    }
}

impl LengthOptions {
    /// The default options counting `unit`.
    pub fn of(unit: Unit) -> LengthOptions {
        LengthOptions {
            unit,
            ..LengthOptions::default()
        }
    }
}

impl Distribution {
    /// The chance that the game ends within `t` rolls (or turns): `P(T ≤ t)`.
    pub fn cdf(&self, t: usize) -> f64 {
        self.pmf.iter().take(t.saturating_add(1)).sum()
    }

    /// The chance that the game ends within `t` steps, when the
    /// distribution says: `None` when the propagation stopped before step
    /// `t` with more than [`NEGLIGIBLE`] of the chance unresolved, since the
    /// unresolved part may end at or before `t` or not.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::markov::Distribution;
    ///
    /// let cut = Distribution { pmf: vec![0.0, 0.5], never: 0.0, unresolved: 0.5, error: 0.0 };
    /// assert_eq!(cut.within(1), Some(0.5));
    /// assert_eq!(cut.within(2), None);
    /// let whole = Distribution { pmf: vec![0.0, 0.5, 0.5], never: 0.0, unresolved: 0.0, error: 0.0 };
    /// assert_eq!(whole.within(1000), Some(1.0));
    /// ```
    pub fn within(&self, t: usize) -> Option<f64> {
        (t < self.pmf.len() || self.is_complete()).then(|| self.cdf(t).min(1.0))
    }

    /// Whether the unresolved chance, and the error of the chances, are
    /// too small to change any figure read off the distribution (below
    /// [`NEGLIGIBLE`]).
    pub fn is_complete(&self) -> bool {
        self.unresolved < NEGLIGIBLE && self.error < NEGLIGIBLE
    }

    /// The chance accounted for in `pmf`: that the game ends in at most
    /// `pmf.len() - 1` steps.
    pub fn resolved(&self) -> f64 {
        self.pmf.iter().sum()
    }

    /// The `q`-quantile: the smallest `t` with `P(T ≤ t) ≥ q` (within
    /// [`TOLERANCE`]). `None` when the game ends with a chance below `q`, or
    /// when the propagation stopped before reaching `q`.
    pub fn quantile(&self, q: f64) -> Option<usize> {
        let mut cdf = 0.0;
        for (t, &p) in self.pmf.iter().enumerate() {
            cdf += p;
            if p > 0.0 && cdf >= q - TOLERANCE {
                return Some(t);
            }
        }
        None
    }

    /// The median: the 0.5-quantile.
    pub fn median(&self) -> Option<usize> {
        self.quantile(0.5)
    }

    /// The most likely number of steps (the smallest, when several are as
    /// likely within [`TOLERANCE`] relative). `None` when the game never ends,
    /// or when the unresolved chance could still hide a likelier value.
    pub fn mode(&self) -> Option<usize> {
        let max = self.pmf.iter().copied().fold(0.0, f64::max);
        if max <= 0.0 || self.unresolved >= max {
            return None;
        }
        self.pmf.iter().position(|&p| p >= max * (1.0 - TOLERANCE))
    }

    /// The fewest steps with which the game can end. `None` when it never
    /// ends, or when the propagation stopped before any chance arrived.
    pub fn min(&self) -> Option<usize> {
        self.pmf.iter().position(|&p| p > 0.0)
    }

    /// The mean of the resolved part, `Σ t·pmf[t]` divided by the chance
    /// resolved. Equal to the mean (to within the tail) when nothing is
    /// left unresolved and the game always ends.
    pub fn resolved_mean(&self) -> Option<f64> {
        let total = self.resolved();
        (total > 0.0).then(|| {
            self.pmf
                .iter()
                .enumerate()
                .map(|(t, p)| t as f64 * p)
                .sum::<f64>()
                / total
        })
    }
}

/// The distribution of the number of rolls, from the game's start.
///
/// # Errors
///
/// [`LimitError::Alloc`] when the chain's tables cannot be allocated: the
/// `_with` form under [`Control::default`], which sets no budget.
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Rules};
///
/// // Two squares: from square 1 only a 1 wins, and other rolls are lost.
/// let game = Game::new(Board::empty(2)?, Rules::default())?;
/// let d = snl::markov::distribution(&game)?;
/// assert!((d.pmf[1] - 1.0 / 6.0).abs() < 1e-15);
/// assert_eq!(d.median(), Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn distribution(game: &Game) -> Result<Distribution, LimitError> {
    distribution_with(
        game,
        game.start(),
        &LengthOptions::default(),
        &Control::default(),
    )
}

/// The distribution of the number of turns, from the game's start. The same
/// as [`distribution`] without the bonus rule.
///
/// # Errors
///
/// As [`distribution`].
pub fn turn_distribution(game: &Game) -> Result<Distribution, LimitError> {
    distribution_with(
        game,
        game.start(),
        &LengthOptions::of(Unit::Turns),
        &Control::default(),
    )
}

/// The distribution of the length in `options.unit` for a pawn at position
/// `from` at the beginning of a turn, under a [`Control`]. Positions past
/// the goal are treated as the goal.
///
/// The propagation stops after [`Follow::work`] of the budget, or when the
/// token is set; either way the answer is what was followed so far, with
/// the rest in [`Distribution::unresolved`] (check the token to tell a stop
/// from the end of the work allowed).
///
/// # Errors
///
/// [`LimitError`] when the chain's tables do not fit the budget or cannot be
/// allocated.
pub fn distribution_with(
    game: &Game,
    from: u32,
    options: &LengthOptions,
    ctl: &Control,
) -> Result<Distribution, LimitError> {
    let start = from.min(game.goal());
    if start == game.goal() {
        return Ok(Distribution {
            pmf: vec![1.0],
            never: 0.0,
            unresolved: 0.0,
            error: 0.0,
        });
    }
    cost::chain_fits(game)?;
    ctl.budget.memory_check(
        "the distribution of the game length",
        cost::estimate(game, Measure::Distribution).memory,
    )?;
    let chain = Chain::new(game, &mut ctl.meter())?;
    let live = chain.live(ctl)?;
    let from = chain.state(Pawn {
        at: start,
        streak: 0,
    });
    if !live[from] {
        return Ok(Distribution {
            pmf: vec![0.0],
            never: 1.0,
            unresolved: 0.0,
            error: 0.0,
        });
    }
    let reach = Reach {
        work: options.follow.work(&ctl.budget),
        tail: options.tail,
        geometric: options.geometric,
    };
    let by_turns = options.unit == Unit::Turns;
    if by_turns && game.rules().every_roll_rolls_again() {
        // Every roll earns another: the whole game is one turn.
        let rolls = propagate(&chain, &live, from, false, &reach, ctl)?;
        return Ok(Distribution {
            pmf: vec![0.0, rolls.resolved()],
            ..rolls
        });
    }
    propagate(
        &chain,
        &live,
        from,
        by_turns && chain.index.streaks() > 1,
        &reach,
        ctl,
    )
}

/// How many standard deviations past the mean [`distribution_cost`] expects
/// the propagation to go: the tail beyond is below 10⁻¹² for a normal
/// length (7 deviations) and for a geometric wait whose chance of ending
/// each roll is as low as 1/6 (about 26 deviations, the exact-finish wait
/// on the last square).
pub const TAIL_STD_DEVS: f64 = 30.0;

/// How many standard deviations past the mean [`distribution_cost`]
/// expects the propagation to go when the tail may be written down as
/// geometric ([`LengthOptions::geometric`]): on boards of 10,000 squares
/// with hundreds of long jumps, whose games last 800 to 4,000 rolls on
/// average with a standard deviation nearly as large, the tail was
/// certified between 2 and 5.5 deviations past the mean. Games that cross
/// the board in one sweep (a standard deviation far below the mean) may
/// need more, but there the deviations are few rolls.
pub const GEOMETRIC_STD_DEVS: f64 = 8.0;

/// The estimated cost of following the distribution of the number of rolls
/// (or turns, as `options` say) from the game's start, from its mean and
/// standard deviation: `(steps, work)` as in [`Skipped`](super::Skipped).
/// The steps are the mean plus [`TAIL_STD_DEVS`] standard deviations, or
/// [`GEOMETRIC_STD_DEVS`] when the tail may be written down as geometric.
/// `None` when the game may never end (the moments say nothing of how long
/// the finishing games last).
pub fn distribution_cost(game: &Game, m: &Moments, options: &LengthOptions) -> Option<(u64, u64)> {
    let by_turns = options.unit == Unit::Turns;
    let (mean, sd) = (m.mean?, m.std_dev?);
    let devs = if options.geometric {
        GEOMETRIC_STD_DEVS
    } else {
        TAIL_STD_DEVS
    };
    let steps = (mean + devs * sd).ceil().max(1.0);
    let states = game.positions() as f64 * f64::from(game.streaks());
    let faces = game.rules().die.values().count() as f64;
    // A turn is 1 / (1 - p) rolls on average when the top value (chance p)
    // rolls again.
    let rolls_per_step = if by_turns && game.rules().bonus.is_some() {
        let die = &game.rules().die;
        let top = die.probability(die.max());
        if top >= 1.0 {
            mean.max(1.0)
        } else {
            1.0 / (1.0 - top)
        }
    } else {
        1.0
    };
    // Without the bonus rule the chance is gathered by landing square,
    // by rolls or by turns (which are then rolls).
    let by_landing = game.streaks() == 1;
    let work = cost::follow_work(states, faces, steps * rolls_per_step, by_landing);
    Some((limits::saturate(steps), limits::saturate(work)))
}

/// A vector of chances over states that remembers which part of it is in
/// use, so that a step costs the states in play rather than the board.
struct Mass {
    v: Vec<f64>,
    lo: usize,
    hi: usize,
}

impl Mass {
    fn new(n: usize, cancel: &Cancel) -> Result<Mass, LimitError> {
        Ok(Mass {
            v: limits::vec_of_with(n, 0.0, "the distribution's vector of chances", cancel)?,
            lo: usize::MAX,
            hi: 0,
        })
    }

    #[inline]
    fn add(&mut self, k: usize, m: f64) {
        self.v[k] += m;
        self.lo = self.lo.min(k);
        self.hi = self.hi.max(k);
    }

    fn range(&self) -> std::ops::Range<usize> {
        if self.lo > self.hi {
            0..0
        } else {
            self.lo..self.hi + 1
        }
    }

    fn sum(&self) -> f64 {
        self.v[self.range()].iter().sum()
    }

    fn clear(&mut self) {
        let r = self.range();
        self.v[r].fill(0.0);
        self.lo = usize::MAX;
        self.hi = 0;
    }
}

/// Carries the chance forward from state `from`. By turns, one step is a
/// whole turn: the rolls within it are carried until the turn is over.
///
/// Without the bonus rule each state is a position and a step is one roll:
/// the chance is then gathered square by square ([`by_landing`](super::landing::by_landing)), the same
/// sums in the same order as [`roll_by_roll`] adds them, so the same
/// figures, several times faster.
pub(super) fn propagate(
    chain: &Chain,
    live: &[bool],
    from: usize,
    by_turns: bool,
    reach: &Reach,
    ctl: &Control,
) -> Result<Distribution, LimitError> {
    if !by_turns && chain.index.streaks() == 1 {
        let d = super::landing::by_landing(chain, live, from, reach, ctl)?;
        return Ok(Distribution {
            pmf: d.pmf,
            never: d.never,
            unresolved: d.unresolved,
            error: d.error,
        });
    }
    roll_by_roll(chain, live, from, by_turns, reach, ctl)
}

/// [`propagate`] as the textbook gives it: every state in play carries its
/// chance along each face of the die to where the roll takes it.
pub(super) fn roll_by_roll(
    chain: &Chain,
    live: &[bool],
    from: usize,
    by_turns: bool,
    reach: &Reach,
    ctl: &Control,
) -> Result<Distribution, LimitError> {
    // Chance that is still rolling within the current turn drops below this
    // only after very many bonus rolls in a row; it is then counted as
    // unresolved rather than followed further.
    const IN_TURN_CUTOFF: f64 = 1e-20;
    let n = chain.states();
    let faces = chain.faces();
    let by_landing = !by_turns && chain.index.streaks() == 1;
    let mut now = Mass::new(n, &ctl.cancel)?;
    let mut mid = Mass::new(n, &ctl.cancel)?;
    let mut next = Mass::new(n, &ctl.cancel)?;
    now.add(from, 1.0);
    let mut pmf = vec![0.0];
    let (mut never, mut dropped, mut work) = (0.0, 0.0, 0u64);
    let (mut next_check, mut recorded) = (limits::CHECK_EVERY, 0u64);
    let mut stopped = false;
    let mut before = Before::default();
    loop {
        let (mut ended, mut lost) = (0.0, 0.0);
        let swept = (pmf.len() - 1).is_multiple_of(SWEEP_EVERY);
        let compared = reach.compares(pmf.len() - 1);
        if compared {
            before.keep(now.range().start, &now.v[now.range()]);
        }
        // One roll of everything in `now`; by turns, repeated while some
        // chance is still within the turn.
        loop {
            // A chain by rolls without the bonus rule is followed by
            // landing square, and its work is counted as that way counts
            // it, so that both stop where the work allowed ends. Otherwise
            // reading the range costs too, even where it holds no chance,
            // and each state carried its faces.
            work = work.saturating_add(if by_landing {
                super::cost::landing_work(now.range().len(), faces)
            } else {
                now.range().len() as u64 / 8
            });
            for k in now.range() {
                let m = now.v[k];
                if m == 0.0 {
                    continue;
                }
                if swept && m < DROP {
                    // Too small to matter: see `DROP` and `SWEEP_EVERY`.
                    dropped += m;
                    continue;
                }
                if !by_landing {
                    work += faces as u64;
                }
                for (&t, &p) in chain.row(k).iter().zip(&chain.prob) {
                    if t == EXIT {
                        ended += m * p;
                    } else if !live[t as usize] {
                        never += m * p;
                        lost += m * p;
                    } else if by_turns && !chain.starts_turn(t as usize) {
                        mid.add(t as usize, m * p);
                    } else {
                        next.add(t as usize, m * p);
                    }
                }
            }
            now.clear();
            std::mem::swap(&mut now, &mut mid);
            if work >= next_check {
                ctl.cancel.record(work - recorded);
                recorded = work;
                next_check = work.saturating_add(limits::CHECK_EVERY);
                stopped |= ctl.cancel.is_cancelled();
            }
            if now.lo > now.hi {
                break;
            }
            let rolling = now.sum();
            if rolling < IN_TURN_CUTOFF || work > reach.work || stopped {
                dropped += rolling;
                now.clear();
                break;
            }
        }
        pmf.push(ended);
        work += STEP_WORK;
        std::mem::swap(&mut now, &mut next);
        if compared {
            let after = (now.range().start, &now.v[now.range()]);
            if let Some((left, error)) =
                before.extend(after, (ended, lost), (reach, work), (&mut pmf, &mut never))
            {
                return Ok(Distribution {
                    pmf,
                    never,
                    unresolved: left + dropped,
                    error,
                });
            }
        }
        // The chance in play is summed every `SWEEP_EVERY` steps (and the
        // propagation stops at once when none is left), as the
        // propagation by landing square does.
        let empty = now.lo > now.hi;
        if !empty && !(pmf.len() - 1).is_multiple_of(SWEEP_EVERY) && work <= reach.work && !stopped
        {
            continue;
        }
        let left = now.sum();
        if left < reach.tail || work > reach.work || stopped {
            return Ok(Distribution {
                pmf,
                never,
                unresolved: left + dropped,
                error: 0.0,
            });
        }
    }
}

#[cfg(test)]
// The values compared exactly are exact in binary (0, 1/2, 1/4, ...).
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use crate::rules::{Bonus, Die, Finish, Rules, Start};

    use crate::game::tests::game;

    #[test]
    fn geometric_on_two_squares() {
        let g = game(2, &[], Rules::default());
        let d = distribution(&g).unwrap();
        for t in 1..50 {
            let expect = (5.0f64 / 6.0).powi(t as i32 - 1) / 6.0;
            assert!((d.pmf[t] - expect).abs() < 1e-15, "t = {t}");
        }
        assert!(d.unresolved < 1e-12);
        assert_eq!(d.never, 0.0);
        assert_eq!(d.min(), Some(1));
        assert_eq!(d.mode(), Some(1));
        // (5/6)^3 = 0.579 > 0.5 >= (5/6)^4 = 0.482.
        assert_eq!(d.quantile(0.5), Some(4));
        assert_eq!(d.quantile(0.1), Some(1));
        assert!((d.cdf(2) - (1.0 - 25.0 / 36.0)).abs() < 1e-15);
        assert!((d.resolved_mean().unwrap() - 6.0).abs() < 1e-9);
    }

    #[test]
    fn stuck_boards_end_early() {
        // Squares 2..=7 all lead back to 1: the goal is never reached.
        let jumps: Vec<(u32, u32)> = (2..=7).map(|s| (s, 1)).collect();
        let d = distribution(&game(10, &jumps, Rules::default())).unwrap();
        assert_eq!(d.never, 1.0);
        assert_eq!(d.min(), None);
        assert_eq!(d.quantile(0.1), None);
        // A coin, passing allowed: from 1, a 1 lands on 2 and climbs into
        // the trap at 6 (from 6 both rolls hit snakes back to 6); a 2 lands
        // on 3 and climbs to the goal. From 2 a 1 does the same as from 1.
        let rules = Rules {
            die: Die::uniform(2).unwrap(),
            finish: Finish::Pass,
            ..Rules::default()
        };
        let g = game(9, &[(2, 6), (7, 6), (8, 6), (3, 9)], rules);
        let from = |p: u32, unit: Unit| {
            distribution_with(&g, p, &LengthOptions::of(unit), &Control::default()).unwrap()
        };
        let d = from(1, Unit::Rolls);
        assert_eq!(
            (d.pmf.clone(), d.never, d.unresolved),
            (vec![0.0, 0.5], 0.5, 0.0)
        );
        assert_eq!(d.quantile(0.5), Some(1));
        let d = from(6, Unit::Rolls);
        assert_eq!(d.never, 1.0);
        let d = from(4, Unit::Turns);
        // From 4: 5 then 6 or 7 (both trapped), or 6 at once.
        assert_eq!(d.never, 1.0);
        assert_eq!(d.quantile(0.6), None);
    }

    #[test]
    fn turns_with_bonus_rolls() {
        // A d2 on 3 squares from 1, passing the goal allowed: 2 wins at once;
        // 1 leads to 2 and ends the turn.
        let rules = Rules {
            die: Die::uniform(2).unwrap(),
            finish: Finish::Pass,
            bonus: Some(Bonus::unlimited()),
            ..Rules::default()
        };
        let g = game(3, &[], rules.clone());
        let rolls = distribution(&g).unwrap();
        assert_eq!(rolls.pmf, vec![0.0, 0.5, 0.5]);
        let turns = turn_distribution(&g).unwrap();
        assert_eq!(turns.pmf, vec![0.0, 0.5, 0.5]);
        // On 4 squares: 2 then anything wins in one turn (the 2 is a bonus).
        let g = game(4, &[], rules);
        let turns = turn_distribution(&g).unwrap();
        // Turn 1 wins with 2,1 / 2,2 (1/2); 1 then a 2-turn... see below.
        // Rolls: 1 -> 2 (turn over), 2 -> 3 (again). From 2: 1 -> 3 (over),
        // 2 -> 4 win. From 3: anything wins.
        // Turn 1 from 1: 2 (1/2) then from 3 anything wins: 1/2.
        //   1 (1/2) ends at 2.
        // Turn 2 from 2: 2 wins (1/2); 1 ends at 3.  -> 1/4.
        // Turn 3 from 3: wins. -> 1/4.
        assert_eq!(turns.pmf, vec![0.0, 0.5, 0.25, 0.25]);
        assert_eq!(turns.unresolved, 0.0);
    }

    #[test]
    fn one_faced_die_with_bonus_is_one_turn() {
        let rules = Rules {
            die: Die::uniform(1).unwrap(),
            bonus: Some(Bonus::unlimited()),
            start: Start::OffBoard,
            ..Rules::default()
        };
        let g = game(5, &[], rules);
        assert_eq!(
            distribution(&g).unwrap().pmf,
            vec![0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
        );
        assert_eq!(turn_distribution(&g).unwrap().pmf, vec![0.0, 1.0]);
    }

    #[test]
    fn work_budget_is_reported() {
        let g = game(200, &[], Rules::default());
        let ctl = Control::new(Budget {
            memory: u64::MAX,
            work: 1000,
        });
        let d = distribution_with(&g, 1, &LengthOptions::default(), &ctl).unwrap();
        assert!(d.unresolved > 0.99);
        assert_eq!(d.median(), None);
        assert_eq!(d.mode(), None);
    }

    #[test]
    fn steps_count_against_the_work_limit() {
        // From square 1 of 2 only a 1 finishes, with a chance of 2^-62: the
        // chance in play sits on one square and drains for ever, two state
        // updates a step. Each step is charged `STEP_WORK` too, so the
        // distribution stops well within memory (it took 250 million steps,
        // 2 GB).
        let rules = Rules {
            die: crate::rules::Die::weighted(vec![1, 1 << 62]).unwrap(),
            ..Rules::default()
        };
        let g = game(2, &[], rules);
        let d = distribution(&g).unwrap();
        let most = FOLLOW_WORK / STEP_WORK + 2;
        assert!(d.pmf.len() as u64 <= most, "{} steps", d.pmf.len());
        assert!(d.unresolved > 0.99);
    }

    #[test]
    fn the_propagation_records_its_work_on_the_token() {
        let ctl = Control::default();
        let g = Game::new(crate::Board::empty(8_000).unwrap(), crate::Rules::default()).unwrap();
        let d = distribution_with(&g, g.start(), &LengthOptions::default(), &ctl).unwrap();
        assert!(d.resolved() > 0.99);
        assert!(ctl.cancel.work_done() > limits::CHECK_EVERY);
    }

    /// The distribution from `from` as [`propagate`] follows it, and as
    /// [`roll_by_roll`] does, by rolls, as far as `reach` says;
    /// `None` from a square the goal cannot be reached from, which
    /// [`distribution_with`] answers without following.
    fn both_ways(g: &Game, from: u32, reach: &Reach) -> Option<(Distribution, Distribution)> {
        let ctl = Control::default();
        let chain = Chain::new(g, &mut ctl.meter()).unwrap();
        let live = chain.live(&ctl).unwrap();
        let k = chain.state(Pawn {
            at: from,
            streak: 0,
        });
        live[k].then(|| {
            (
                propagate(&chain, &live, k, false, reach, &ctl).unwrap(),
                roll_by_roll(&chain, &live, k, false, reach, &ctl).unwrap(),
            )
        })
    }

    /// A die of up to 7 faces: fair, or loaded with weights (some zero).
    fn any_die() -> impl proptest::strategy::Strategy<Value = Die> {
        use proptest::prelude::*;
        prop_oneof![
            (1u32..=7).prop_map(|f| Die::uniform(f).unwrap()),
            proptest::collection::vec(0u64..4, 1..=7)
                .prop_filter_map("no face", |w| Die::weighted(w).ok()),
            Just(Die::sum_of(2, 3).unwrap()),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

        /// By landing square the chances are the textbook's, bit for bit:
        /// on random boards (jumps that start where others end, chains,
        /// snakes into dead ends), every finish, start and chaining rule,
        /// every die, from every square, whole or cut short by the work
        /// allowed or a wide tail.
        #[test]
        fn by_landing_is_roll_by_roll(
            n in 2u32..=40,
            jumps in proptest::collection::vec((1u32..=40, 1u32..=40), 0..12),
            die in any_die(),
            finish in proptest::sample::select(vec![Finish::Exact, Finish::Bounce, Finish::Pass]),
            chain in proptest::bool::ANY,
            off_board in proptest::bool::ANY,
            work in proptest::sample::select(vec![u64::MAX, 200, 2_000, 20_000]),
            tail in proptest::sample::select(vec![TAIL, 1e-3, 0.0]),
            geometric in proptest::bool::ANY,
        ) {
            let mut seen = std::collections::HashSet::new();
            let jumps: Vec<crate::Jump> = jumps
                .into_iter()
                .filter(|&(f, t)| f < n && t <= n && f != t && f > 1 && seen.insert(f))
                .map(|(from, to)| crate::Jump { from, to })
                .collect();
            let rules = Rules {
                die,
                finish,
                chain,
                start: if off_board { Start::OffBoard } else { Start::Square1 },
                ..Rules::default()
            };
            let Ok(board) = crate::Board::new(n, jumps) else { return Ok(()) };
            let Ok(g) = Game::new(board, rules) else { return Ok(()) };
            // With no tail and no limit a game that never ends is followed
            // forever: give it work.
            let work = if tail == 0.0 { work.min(50_000) } else { work.min(5_000_000) };
            for from in g.start()..g.goal() {
                let reach = Reach { work, tail, geometric };
                let Some((fast, plain)) = both_ways(&g, from, &reach) else { continue };
                proptest::prop_assert_eq!(&fast, &plain, "from {}", from);
                proptest::prop_assert_eq!(fast.unresolved.to_bits(), plain.unresolved.to_bits());
                proptest::prop_assert_eq!(fast.never.to_bits(), plain.never.to_bits());
            }
        }
    }

    /// On a board long enough for runs of plain squares over several
    /// blocks, with jumps every few dozen squares, each finish rule.
    #[test]
    fn by_landing_is_roll_by_roll_on_a_long_board() {
        let n = 1_500;
        let mut jumps: Vec<(u32, u32)> = (5..n - 60)
            .step_by(37)
            .map(|s| (s, s + 20 + (s * 7) % 41))
            .collect();
        jumps.extend(
            (90..n)
                .step_by(53)
                .filter(|s| s % 37 != 5)
                .map(|s| (s, s - 30 - (s * 11) % 51)),
        );
        for finish in [Finish::Exact, Finish::Bounce, Finish::Pass] {
            let rules = Rules {
                finish,
                ..Rules::default()
            };
            let board =
                crate::Board::new(n, jumps.iter().map(|&(from, to)| crate::Jump { from, to }))
                    .unwrap();
            let g = Game::new(board, rules).unwrap();
            for geometric in [false, true] {
                let reach = Reach {
                    work: u64::MAX,
                    tail: 1e-9,
                    geometric,
                };
                let (fast, plain) = both_ways(&g, g.start(), &reach).unwrap();
                assert!(fast.pmf.len() > 100);
                assert_eq!(fast, plain, "{finish:?}");
            }
        }
    }
}
