//! The games played: the table of moves, blocks of games seeded on their
//! own, and when to stop.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::{Game, Pawn, States};
use crate::limits::{Cancel, Control};
use crate::rng::SplitMix64;

use super::lengths::{Histogram, Simulation};
use super::sampler::DieSampler;

/// Games per block. A block is the unit of work, of seeding and of stopping
/// early; changing this number changes which games a seed plays.
pub const BLOCK_GAMES: u64 = 1 << 14;

/// The default cap on one game's rolls.
pub const DEFAULT_MAX_ROLLS: u64 = 100_000;

/// The largest move table (states × faces entries) built. Larger games
/// play each roll through [`Game::play`] instead.
pub(super) const MAX_TABLE: usize = 1 << 24;

/// How often (in games) a block checks the stop flag and reports progress.
const CHECK_EVERY: u64 = 1024;

/// Units of work (see [`crate::limits::WORK_PER_SECOND`]) a roll costs on
/// one core.
pub(super) const WORK_PER_ROLL: u64 = 3;

/// How many rolls a game plays between two looks at the stop flag, so that
/// a game of a billion rolls can be stopped too.
const ROLLS_PER_CHECK: u64 = 1 << 20;

/// What to simulate.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Options {
    /// How many games to play.
    pub games: u64,
    /// The seed every random number comes from.
    pub seed: u64,
    /// A game still running after this many rolls is stopped and counted as
    /// capped, so that boards where the last square may never be reached
    /// cannot make a simulation run forever.
    pub max_rolls: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            games: 100_000,
            seed: 0,
            max_rolls: DEFAULT_MAX_ROLLS,
        }
    }
}

/// One game's moves, tabulated for fast play.
#[derive(Debug, Clone)]
pub struct Simulator<'g> {
    game: &'g Game,
    sampler: DieSampler,
    /// The game's states.
    states: States,
    /// `table[s * faces + f]`: where the state after face `f` from state
    /// `s` begins in the table (that state times the faces), with [`AGAIN`]
    /// set when the turn goes on; `None` when the table would be too large.
    /// An entry is its next row's start rather than the next state, so that
    /// a roll's chain of dependent steps is a load and an add, with no
    /// multiplication (about a tenth less time a roll).
    table: Option<Vec<u32>>,
}

/// The bit of a table entry that says the roll earned another in the turn.
const AGAIN: u32 = 1 << 31;

// Every entry of a table that fits is below the bit.
const _: () = assert!(MAX_TABLE < AGAIN as usize);

impl<'g> Simulator<'g> {
    /// Prepares `game` for simulation.
    pub fn new(game: &'g Game) -> Simulator<'g> {
        let sampler = DieSampler::new(&game.rules().die);
        let k = sampler.faces();
        let states = game.states();
        let fits = states.len().saturating_mul(k) <= MAX_TABLE;
        let table = fits.then(|| {
            let mut table = Vec::with_capacity(states.len() * k);
            for s in 0..states.len() {
                let pawn = states.pawn(s);
                for &roll in sampler.values() {
                    let played = game.play(pawn, roll);
                    let next = (states.index(played.pawn) * k) as u32;
                    table.push(if played.again { next | AGAIN } else { next });
                }
            }
            table
        });
        Simulator {
            game,
            sampler,
            states,
            table,
        }
    }

    /// The die sampler this simulator rolls with.
    pub fn sampler(&self) -> &DieSampler {
        &self.sampler
    }

    /// Plays one game from the start: the numbers of rolls and of turns it
    /// took, or `None` when it had not finished after `max_rolls` rolls.
    #[inline]
    pub fn play<R: Rng + ?Sized>(&self, rng: &mut R, max_rolls: u64) -> Option<(u64, u64)> {
        match self.play_until(rng, max_rolls, &Stop::never()) {
            Game1::Finished { rolls, turns } => Some((rolls, turns)),
            _ => None,
        }
    }

    /// Plays one game, looking at `stop` every million rolls or so.
    #[inline]
    fn play_until<R: Rng + ?Sized>(&self, rng: &mut R, max_rolls: u64, stop: &Stop<'_>) -> Game1 {
        let goal = self.game.goal();
        let mut rolls = 0;
        let mut turns = 0;
        if let Some(table) = &self.table {
            let k = self.sampler.faces();
            // The goal ends the turn, so its streak is 0.
            let done = (self.states.index(Pawn {
                at: goal,
                streak: 0,
            }) * k) as u32;
            let mut state = (self.states.index(Pawn {
                at: self.game.start(),
                streak: 0,
            }) * k) as u32;
            loop {
                // A stretch of rolls with no look at the flag, then a look.
                let stretch = (max_rolls - rolls).min(ROLLS_PER_CHECK);
                let end = rolls + stretch;
                while state != done && rolls < end {
                    let face = self.sampler.index(rng.next_u64());
                    let next = table[state as usize + face];
                    state = next & !AGAIN;
                    rolls += 1;
                    turns += u64::from(next & AGAIN == 0);
                }
                if state == done {
                    return Game1::Finished { rolls, turns };
                }
                if rolls == max_rolls {
                    return Game1::Capped;
                }
                if stop.now() {
                    return Game1::Stopped;
                }
            }
        }
        let mut pawn = Pawn {
            at: self.game.start(),
            streak: 0,
        };
        while pawn.at != goal {
            if rolls == max_rolls {
                return Game1::Capped;
            }
            if rolls % ROLLS_PER_CHECK == ROLLS_PER_CHECK - 1 && stop.now() {
                return Game1::Stopped;
            }
            let played = self.game.play(pawn, self.sampler.roll(rng));
            pawn = played.pawn;
            rolls += 1;
            turns += u64::from(!played.again);
        }
        Game1::Finished { rolls, turns }
    }

    /// Plays `options.games` games on all of rayon's threads, until `stop`
    /// says so.
    fn run_until(
        &self,
        options: &Options,
        stop: &Stop<'_>,
        progress: impl Fn(u64) + Sync,
    ) -> Simulation {
        let blocks = options.games.div_ceil(BLOCK_GAMES);
        let part = (0..blocks)
            .into_par_iter()
            .map(|i| {
                // Once stopped, the remaining blocks (perhaps billions of
                // them) are not even visited.
                if stop.now() {
                    return None;
                }
                let games = BLOCK_GAMES.min(options.games - i * BLOCK_GAMES);
                Some(self.block(options, i, games, stop, &progress))
            })
            .while_some()
            .reduce(Part::default, Part::merge);
        let stopped = part.stopped || (part.games < options.games && stop.now());
        Simulation {
            games: part.games,
            capped: part.capped,
            max_rolls: options.max_rolls,
            stopped,
            rolls: part.rolls,
            turns: part.turns,
        }
    }

    /// Plays `options.games` games on all of rayon's threads, under a
    /// [`Control`].
    ///
    /// `progress` is called from the worker threads with the number of games
    /// just played, every thousand or so. The simulation ends early when the
    /// control's token is set (its deadline too), seen within a thousand
    /// games or a million rolls, or when the rolls of the games played reach
    /// the budget's work, whichever comes
    /// first: every game finished (or capped) so far is counted, the games
    /// in play are dropped, and the result says it was stopped. A stopped
    /// simulation depends on when it was stopped, not only on the seed.
    /// (Refusing up front is [`estimate`](crate::simulate::estimate)'s job.)
    pub fn run(
        &self,
        options: &Options,
        ctl: &Control,
        progress: impl Fn(u64) + Sync,
    ) -> Simulation {
        let stop = Stop {
            flag: AtomicBool::new(false),
            cancel: Some(&ctl.cancel),
            work: ctl.budget.work,
            rolls: AtomicU64::new(0),
        };
        self.run_until(options, &stop, progress)
    }

    /// Plays block `i` of `games` games, or `None` for a block stopped
    /// before its end.
    fn block(
        &self,
        options: &Options,
        i: u64,
        games: u64,
        stop: &Stop<'_>,
        progress: &(impl Fn(u64) + Sync),
    ) -> Part {
        let mut rng = block_rng(options.seed, i);
        let mut part = Part::default();
        let mut played = 0;
        while played < games {
            if stop.now() {
                part.stopped = true;
                return part;
            }
            let chunk = CHECK_EVERY.min(games - played);
            let mut done = 0;
            let mut chunk_rolls = 0u64;
            let mut next_look = ROLLS_PER_CHECK;
            for _ in 0..chunk {
                // Long games between looks at the flag: look between games.
                if chunk_rolls >= next_look {
                    next_look = chunk_rolls.saturating_add(ROLLS_PER_CHECK);
                    if stop.now() {
                        part.stopped = true;
                        break;
                    }
                }
                match self.play_until(&mut rng, options.max_rolls, stop) {
                    Game1::Finished { rolls, turns } => {
                        part.rolls.add(rolls);
                        part.turns.add(turns);
                        chunk_rolls = chunk_rolls.saturating_add(rolls);
                    }
                    Game1::Capped => {
                        part.capped += 1;
                        chunk_rolls = chunk_rolls.saturating_add(options.max_rolls);
                    }
                    Game1::Stopped => {
                        part.stopped = true;
                        break;
                    }
                }
                done += 1;
            }
            part.games += done;
            played += done;
            stop.rolls.fetch_add(chunk_rolls, Ordering::Relaxed);
            progress(done);
            if part.stopped {
                return part;
            }
        }
        part
    }
}

/// The generator of block `i` under `seed`. `SplitMix64` (inside
/// `seed_from_u64`) spreads neighbouring inputs far apart, and the seed is
/// mixed first so that `(seed, i)` and `(seed ^ 1, i ^ 1)` differ.
fn block_rng(seed: u64, i: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(SplitMix64::mix(seed) ^ i)
}

/// When a simulation stops: its control's token (or deadline) is set, or
/// the rolls of the games played so far reach the budget's work.
struct Stop<'c> {
    /// Set once the simulation is to stop.
    flag: AtomicBool,
    /// The control's token.
    cancel: Option<&'c Cancel>,
    /// The work the rolls may take.
    work: u64,
    /// The rolls of the games played so far.
    rolls: AtomicU64,
}

impl Stop<'_> {
    /// Never: one game played on its own.
    fn never() -> Stop<'static> {
        Stop {
            flag: AtomicBool::new(false),
            cancel: None,
            work: u64::MAX,
            rolls: AtomicU64::new(0),
        }
    }

    /// Whether to stop now; once it says so, it always does.
    fn now(&self) -> bool {
        if self.flag.load(Ordering::Relaxed) {
            return true;
        }
        let spent = self
            .rolls
            .load(Ordering::Relaxed)
            .saturating_mul(WORK_PER_ROLL);
        if spent > self.work || self.cancel.is_some_and(Cancel::is_cancelled) {
            self.flag.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }
}

/// How one game ended.
enum Game1 {
    Finished { rolls: u64, turns: u64 },
    Capped,
    Stopped,
}

/// Counts from some blocks.
#[derive(Debug, Default)]
struct Part {
    games: u64,
    capped: u64,
    stopped: bool,
    rolls: Histogram,
    turns: Histogram,
}

impl Part {
    fn merge(a: Part, b: Part) -> Part {
        Part {
            games: a.games + b.games,
            capped: a.capped + b.capped,
            stopped: a.stopped || b.stopped,
            rolls: Histogram::merge(a.rolls, b.rolls),
            turns: Histogram::merge(a.turns, b.turns),
        }
    }
}
