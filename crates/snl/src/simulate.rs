//! Monte Carlo play with a real die: many games, counted by length.
//!
//! Every game moves its pawn through [`Game::play`] (the one successor
//! function, with the bonus-roll rule on top), tabulated once per state and
//! die face, so the simulation plays by exactly the rules the exact analyses
//! use. Each game is counted both by rolls and by turns; without the bonus
//! rule the two are the same.
//!
//! # Reproducible in parallel
//!
//! The games are split into fixed blocks of [`BLOCK_GAMES`] games; block `i`
//! draws from its own generator seeded from `(seed, i)`. What a block
//! produces depends on the seed and the block number only, and blocks are
//! combined by adding integer counts, so a seed gives the same numbers
//! whatever the number of threads.
//!
//! # Fast rolls
//!
//! A roll costs one 64-bit random number, one multiplication and two table
//! lookups: the die is sampled through an alias table over its faces (see
//! [`DieSampler`]), and the move through a table of next states indexed by
//! state and face. The next roll's randomness does not depend on the
//! pawn, so the processor works ahead on it while the table lookup is in
//! flight.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::game::{Game, Pawn, States, Unit};
use crate::limits::{Cancel, Control, Estimate, LimitError};
use crate::rng::SplitMix64;
use crate::rules::Die;

/// Games per block. A block is the unit of work, of seeding and of stopping
/// early; changing this number changes which games a seed plays.
pub const BLOCK_GAMES: u64 = 1 << 14;

/// The default cap on one game's rolls.
pub const DEFAULT_MAX_ROLLS: u64 = 100_000;

/// The largest move table (states × faces entries) built. Larger games
/// play each roll through [`Game::play`] instead.
const MAX_TABLE: usize = 1 << 24;

/// How often (in games) a block checks the stop flag and reports progress.
const CHECK_EVERY: u64 = 1024;

/// Units of work (see [`crate::limits::WORK_PER_SECOND`]) a roll costs on
/// one core.
const WORK_PER_ROLL: u64 = 3;

/// How many rolls a game plays between two looks at the stop flag, so that
/// a game of a billion rolls can be stopped too.
const ROLLS_PER_CHECK: u64 = 1 << 20;

/// Game lengths below this (which covers [`DEFAULT_MAX_ROLLS`]) are counted
/// in a plain array; longer ones (on boards where games last very long,
/// with a higher `max_rolls`) in a map, so that one game of a billion rolls
/// costs one entry, not a billion.
pub const DENSE_LENGTHS: u64 = 1 << 17;

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

/// Draws faces of a weighted die with one 64-bit random number per roll.
///
/// An alias table (Vose's method, in integer arithmetic): the random number
/// times the number of faces picks a column by its high 64 bits, and its low
/// 64 bits, compared with the column's cut, choose between the column's face
/// and its alias. Each face comes up with its weight's share to within
/// 2⁻⁶⁴ per face, with no division and no floating point per roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieSampler {
    /// The face values, by column.
    values: Vec<u32>,
    /// `cut[c]`: the column keeps its own face when the low bits are below
    /// this. `u64::MAX` for columns whose alias is themselves.
    cut: Vec<u64>,
    /// `alias[c]`: the other face of column `c`.
    alias: Vec<u32>,
}

impl DieSampler {
    /// The sampler for `die`, over the faces with a weight above zero.
    pub fn new(die: &Die) -> DieSampler {
        let faces: Vec<(u32, u64)> = die.faces().collect();
        let k = faces.len();
        let total = u128::from(die.total());
        let values = faces.iter().map(|&(v, _)| v).collect();
        let mut cut = vec![u64::MAX; k];
        let mut alias: Vec<u32> = (0..k as u32).collect();
        // Column c holds weight `scaled[c] / total` of one column's worth;
        // each column must end up holding exactly one.
        let mut scaled: Vec<u128> = faces
            .iter()
            .map(|&(_, w)| u128::from(w) * k as u128)
            .collect();
        let (mut small, mut large): (Vec<usize>, Vec<usize>) =
            (0..k).partition(|&c| scaled[c] < total);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            // scaled[s] < total <= 2^64, so the shift fits in 128 bits.
            cut[s] = ((scaled[s] << 64) / total) as u64;
            alias[s] = l as u32;
            scaled[l] -= total - scaled[s];
            if scaled[l] < total {
                large.pop();
                small.push(l);
            }
        }
        DieSampler { values, cut, alias }
    }

    /// The number of faces (columns).
    pub fn faces(&self) -> usize {
        self.values.len()
    }

    /// The face values, in the order [`DieSampler::index`] numbers them.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The face (an index into [`DieSampler::values`]) that the random
    /// number `x` draws.
    #[inline]
    pub fn index(&self, x: u64) -> usize {
        let wide = u128::from(x) * self.values.len() as u128;
        let column = (wide >> 64) as usize;
        if (wide as u64) < self.cut[column] {
            column
        } else {
            self.alias[column] as usize
        }
    }

    /// One roll of the die.
    #[inline]
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> u32 {
        self.values[self.index(rng.next_u64())]
    }
}

/// One game's moves, tabulated for fast play.
#[derive(Debug, Clone)]
pub struct Simulator<'g> {
    game: &'g Game,
    sampler: DieSampler,
    /// The game's states.
    states: States,
    /// `table[s * faces + f]`: the state after face `f` from state `s`,
    /// with [`AGAIN`] set when the turn goes on; `None` when the table would
    /// be too large.
    table: Option<Vec<u32>>,
}

/// The bit of a table entry that says the roll earned another in the turn.
const AGAIN: u32 = 1 << 31;

impl<'g> Simulator<'g> {
    /// Prepares `game` for simulation.
    pub fn new(game: &'g Game) -> Simulator<'g> {
        let sampler = DieSampler::new(&game.rules().die);
        let k = sampler.faces();
        let states = game.states();
        let fits = states.len() < AGAIN as usize && states.len().saturating_mul(k) <= MAX_TABLE;
        let table = fits.then(|| {
            let mut table = Vec::with_capacity(states.len() * k);
            for s in 0..states.len() {
                let pawn = states.pawn(s);
                for &roll in sampler.values() {
                    let played = game.play(pawn, roll);
                    let next = states.index(played.pawn) as u32;
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
            let done = self.states.index(Pawn {
                at: goal,
                streak: 0,
            }) as u32;
            let mut state = self.states.index(Pawn {
                at: self.game.start(),
                streak: 0,
            }) as u32;
            loop {
                // A stretch of rolls with no look at the flag, then a look.
                let stretch = (max_rolls - rolls).min(ROLLS_PER_CHECK);
                let end = rolls + stretch;
                while state != done && rolls < end {
                    let face = self.sampler.index(rng.next_u64());
                    let next = table[state as usize * k + face];
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
    /// (Refusing up front is [`estimate`]'s job.)
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

/// How many games took each number of rolls (or turns).
///
/// Short lengths are counted in an array, long ones in a map, so memory
/// grows with the lengths seen rather than with the longest.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Histogram {
    short: Vec<u64>,
    long: BTreeMap<u64, u64>,
}

impl Histogram {
    /// A histogram of the given counts: `counts[n]` games of length `n`.
    pub fn from_counts(counts: &[u64]) -> Histogram {
        let mut h = Histogram::default();
        for (n, &c) in counts.iter().enumerate() {
            h.add_many(n as u64, c);
        }
        h
    }

    /// Counts one game of length `n`.
    pub fn add(&mut self, n: u64) {
        self.add_many(n, 1);
    }

    fn add_many(&mut self, n: u64, count: u64) {
        if count == 0 {
            return;
        }
        if n < DENSE_LENGTHS {
            let i = n as usize;
            if i >= self.short.len() {
                self.short.resize(i + 1, 0);
            }
            self.short[i] += count;
        } else {
            *self.long.entry(n).or_insert(0) += count;
        }
    }

    /// The games of length `n`.
    pub fn count(&self, n: u64) -> u64 {
        if n < DENSE_LENGTHS {
            self.short.get(n as usize).copied().unwrap_or(0)
        } else {
            self.long.get(&n).copied().unwrap_or(0)
        }
    }

    /// `(length, games)` for every length some game took, shortest first.
    pub fn iter(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.short
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(n, &c)| (n as u64, c))
            .chain(self.long.iter().map(|(&n, &c)| (n, c)))
    }

    /// The longest length some game took.
    pub fn longest(&self) -> Option<u64> {
        self.long
            .keys()
            .next_back()
            .copied()
            .or_else(|| self.short.iter().rposition(|&c| c > 0).map(|n| n as u64))
    }

    /// The games counted.
    pub fn total(&self) -> u64 {
        self.iter().map(|(_, c)| c).sum()
    }

    /// The games of each length from 0 to `end - 1`, as an array.
    pub fn dense(&self, end: u64) -> Vec<u64> {
        (0..end).map(|n| self.count(n)).collect()
    }

    fn merge(mut a: Histogram, mut b: Histogram) -> Histogram {
        if a.short.len() < b.short.len() {
            std::mem::swap(&mut a, &mut b);
        }
        for (x, y) in a.short.iter_mut().zip(&b.short) {
            *x += y;
        }
        for (n, c) in b.long {
            *a.long.entry(n).or_insert(0) += c;
        }
        a
    }
}

/// Simulates `options.games` games of `game` under a [`Control`] (see
/// [`Simulator::run`]): refused up front when its [`estimate`] is over the
/// budget.
///
/// # Errors
///
/// [`LimitError`] when the move table cannot be allocated.
pub fn run_with(
    game: &Game,
    options: &Options,
    ctl: &Control,
    progress: impl Fn(u64) + Sync,
) -> Result<Simulation, LimitError> {
    if !ctl.budget.is_unlimited() {
        ctl.admit("the simulation", estimate(game, options, ctl)?)?;
    }
    Ok(Simulator::new(game).run(options, ctl, progress))
}

/// The memory and work of simulating `options` on `game`: the games times
/// the rolls each takes on average, where a game that never ends runs to
/// `options.max_rolls`. The mean and the chance of never finishing come
/// from the Markov chain when its solve fits `ctl`'s budget; otherwise every
/// game is counted at the cap.
///
/// # Errors
///
/// [`LimitError`] when the token is set while the mean is solved for.
pub fn estimate(game: &Game, options: &Options, ctl: &Control) -> Result<Estimate, LimitError> {
    let cap = options.max_rolls as f64;
    let per_game = match crate::markov::expected_rolls_with(game, ctl) {
        Ok(Some(mean)) => mean.min(cap),
        Ok(None) => {
            // Games that never end run to the cap; the others are counted
            // at the cap too when the chance of that is not known.
            let never = crate::markov::never_finishes_with(game, ctl).unwrap_or(1.0);
            never * cap + (1.0 - never) * cap.min(1e6)
        }
        Err(crate::markov::MarkovError::Limit(e)) if e.is_stop() => return Err(e),
        Err(_) => cap,
    };
    Ok(estimate_at(game, options, per_game))
}

/// The memory and work of simulating `options` on `game` when a game takes
/// `rolls` rolls on average (at most `options.max_rolls`): the table of
/// moves and the counts, and every roll. [`estimate`] finds `rolls` from
/// the Markov chain; at the cap, this is the most a simulation can take.
///
/// ```
/// use snl::simulate::{self, Options};
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(100)?, Rules::default())?;
/// let options = Options::default();
/// let worst = simulate::estimate_at(&game, &options, options.max_rolls as f64);
/// assert!(simulate::estimate_at(&game, &options, 30.0).work < worst.work);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn estimate_at(game: &Game, options: &Options, rolls: f64) -> Estimate {
    let table = (game.positions() as f64 * f64::from(game.streaks()))
        * game.rules().die.values().count() as f64;
    Estimate::from_f64(
        table.min(MAX_TABLE as f64) * 4.0 + 64e6,
        options.games as f64 * rolls.min(options.max_rolls as f64) * WORK_PER_ROLL as f64,
    )
}

/// Simulates `options.games` games of `game`: [`run_with`] under
/// [`Control::default`], which sets no budget and is never stopped.
///
/// # Errors
///
/// [`LimitError::Alloc`] when the move table cannot be allocated.
///
/// # Examples
///
/// ```
/// use snl::simulate::{self, Options};
/// use snl::{Board, Game, Rules, Unit};
///
/// let game = Game::new(Board::empty(2)?, Rules::default())?;
/// let options = Options { games: 1000, seed: 7, ..Options::default() };
/// let sim = simulate::run(&game, &options)?;
/// // From square 1 only a roll of 1 reaches square 2: six rolls on average.
/// assert_eq!(sim.games, 1000);
/// let (low, high) = sim.lengths(Unit::Rolls).ci95().unwrap();
/// assert!(low < 6.0 && 6.0 < high);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run(game: &Game, options: &Options) -> Result<Simulation, LimitError> {
    run_with(game, options, &Control::default(), |_| {})
}

/// The games of a simulation, counted by length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Simulation {
    /// Games played, capped ones included.
    pub games: u64,
    /// Games stopped at the cap before reaching the last square.
    pub capped: u64,
    /// The cap on one game's rolls.
    pub max_rolls: u64,
    /// Whether the simulation was stopped before playing every game.
    pub stopped: bool,
    /// Games that reached the last square, by their number of rolls.
    /// Capped games are not in it.
    pub rolls: Histogram,
    /// Games that reached the last square, by their number of turns (the
    /// same as `rolls` without the bonus rule).
    pub turns: Histogram,
}

impl Simulation {
    /// Games that reached the last square.
    pub fn finished(&self) -> u64 {
        self.games - self.capped
    }

    /// The lengths in `unit`, with what is needed to read statistics off
    /// them.
    pub fn lengths(&self, unit: Unit) -> Lengths<'_> {
        Lengths {
            histogram: match unit {
                Unit::Rolls => &self.rolls,
                Unit::Turns => &self.turns,
            },
            games: self.games,
            capped: self.capped,
        }
    }

    /// Rolls played in all, capped games included (saturating at 2^128).
    pub fn total_rolls(&self) -> u128 {
        self.lengths(Unit::Rolls)
            .sum(1)
            .unwrap_or(u128::MAX)
            .saturating_add(u128::from(self.capped) * u128::from(self.max_rolls))
    }
}

/// The finished games' lengths in one unit, and statistics of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lengths<'a> {
    /// Finished games by length.
    pub histogram: &'a Histogram,
    /// Games played, capped ones included.
    pub games: u64,
    /// Games stopped at the cap, not in the histogram.
    pub capped: u64,
}

impl Lengths<'_> {
    /// `Σ n^power` over finished games, exactly; `None` beyond 2^128
    /// (games of a trillion rolls, squared, counted a billion times).
    fn sum(&self, power: u32) -> Option<u128> {
        self.histogram.iter().try_fold(0u128, |acc, (n, c)| {
            u128::from(n)
                .checked_pow(power)?
                .checked_mul(u128::from(c))?
                .checked_add(acc)
        })
    }

    /// `Σ n^power` over finished games, in floating point.
    fn sum_f64(&self, power: i32) -> f64 {
        self.histogram
            .iter()
            .map(|(n, c)| (n as f64).powi(power) * c as f64)
            .sum()
    }

    fn finished(&self) -> u64 {
        self.games - self.capped
    }

    /// The mean length of the finished games; `None` when no game
    /// finished. With capped games it underestimates the game's mean.
    pub fn mean(&self) -> Option<f64> {
        let n = self.finished();
        (n > 0).then(|| match self.sum(1) {
            Some(s) => s as f64 / n as f64,
            None => self.sum_f64(1) / n as f64,
        })
    }

    /// The sample standard deviation of the finished games' lengths; `None`
    /// with fewer than two.
    pub fn std_dev(&self) -> Option<f64> {
        let n = self.finished();
        if n < 2 {
            return None;
        }
        // n Σx² - (Σx)² is exact in integers, so no cancellation.
        let exact = (|| {
            let (s1, s2, n) = (self.sum(1)?, self.sum(2)?, u128::from(n));
            n.checked_mul(s2)?.checked_sub(s1.checked_mul(s1)?)
        })();
        let spread = if let Some(spread) = exact {
            spread as f64
        } else {
            // Around the mean, in floating point, for lengths whose
            // squared sums outgrow 128 bits.
            let mean = self.sum_f64(1) / n as f64;
            let squares: f64 = self
                .histogram
                .iter()
                .map(|(x, c)| (x as f64 - mean).powi(2) * c as f64)
                .sum();
            squares * n as f64
        };
        Some((spread / (n as f64 * (n - 1) as f64)).sqrt())
    }

    /// The standard error of [`Lengths::mean`].
    pub fn std_error(&self) -> Option<f64> {
        Some(self.std_dev()? / (self.finished() as f64).sqrt())
    }

    /// The 95 % confidence interval of the mean (normal approximation:
    /// mean ± 1.96 standard errors).
    pub fn ci95(&self) -> Option<(f64, f64)> {
        let (m, e) = (self.mean()?, self.std_error()?);
        Some((m - 1.96 * e, m + 1.96 * e))
    }

    /// How many standard errors the mean lies from `exact` (positive when
    /// above). `None` without a standard error, or when it is zero (every
    /// game had the same length).
    pub fn z_score(&self, exact: f64) -> Option<f64> {
        let e = self.std_error().filter(|&e| e > 0.0)?;
        Some((self.mean()? - exact) / e)
    }

    /// The smallest length `n` such that at least a share `p` of all games
    /// (capped ones included, as longer than any) took `n` or fewer. `None`
    /// when that share is only reached among the capped games, or no game
    /// was played.
    ///
    /// # Panics
    ///
    /// When `p` is not within `0..=1`.
    pub fn quantile(&self, p: f64) -> Option<u64> {
        assert!(
            (0.0..=1.0).contains(&p),
            "a quantile needs 0 <= p <= 1, not {p}"
        );
        if self.games == 0 {
            return None;
        }
        let need = ((p * self.games as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (n, c) in self.histogram.iter() {
            seen += c;
            if seen >= need {
                return Some(n);
            }
        }
        None
    }

    /// The median length (see [`Lengths::quantile`]).
    pub fn median(&self) -> Option<u64> {
        self.quantile(0.5)
    }
}

#[cfg(test)]
// The values compared are sums of powers of two, exact in binary.
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use crate::rules::{Finish, Rules};

    use crate::game::tests::game;

    fn run_quiet(game: &Game, games: u64, seed: u64, max_rolls: u64) -> Simulation {
        let options = Options {
            games,
            seed,
            max_rolls,
        };
        run(game, &options).unwrap()
    }

    #[test]
    fn alias_table_matches_the_weights() {
        let die = Die::weighted(vec![1, 0, 3, 2, 0, 10]).unwrap();
        let s = DieSampler::new(&die);
        assert_eq!(s.values(), &[1, 3, 4, 6]);
        // Sweep x over evenly spaced points: the share of each face is its
        // weight's share up to the spacing.
        let steps = 1u64 << 20;
        let mut count = [0u64; 7];
        for i in 0..steps {
            let x = i.wrapping_mul(u64::MAX / steps);
            count[s.values()[s.index(x)] as usize] += 1;
        }
        for v in 1..=6 {
            let share = count[v as usize] as f64 / steps as f64;
            assert!(
                (share - die.probability(v)).abs() < 1e-5,
                "face {v}: {share} vs {}",
                die.probability(v)
            );
        }
    }

    #[test]
    fn uniform_die_needs_no_alias() {
        let s = DieSampler::new(&Die::uniform(6).unwrap());
        assert_eq!(s.index(0), 0);
        assert_eq!(s.index(u64::MAX), 5);
        assert_eq!(s.index(u64::MAX / 6 + 1), 1);
        assert!(s.cut.iter().all(|&c| c == u64::MAX));
    }

    #[test]
    fn two_squares_take_six_rolls_on_average() {
        // Only a 1 reaches square 2 under the exact finish: geometric, mean 6.
        let g = game(2, &[], Rules::default());
        let sim = run_quiet(&g, 200_000, 1, DEFAULT_MAX_ROLLS);
        assert_eq!(sim.games, 200_000);
        assert_eq!(sim.capped, 0);
        assert_eq!(sim.rolls, sim.turns);
        let rolls = sim.lengths(Unit::Rolls);
        assert_eq!(rolls.histogram.count(0), 0);
        let (low, high) = rolls.ci95().unwrap();
        assert!(low < 6.0 && 6.0 < high, "{low}..{high}");
        assert_eq!(rolls.median(), Some(4), "P(T <= 4) = 1 - (5/6)^4 = 0.52");
        // Variance of a geometric count: (1 - p) / p^2 = 30.
        assert!((rolls.std_dev().unwrap() - 30f64.sqrt()).abs() < 0.05);
    }

    #[test]
    fn the_same_seed_gives_the_same_games() {
        let g = game(
            30,
            &[
                (3, 22),
                (5, 8),
                (11, 26),
                (20, 29),
                (17, 4),
                (19, 7),
                (27, 1),
                (21, 9),
            ],
            Rules::default(),
        );
        let a = run_quiet(&g, 40_000, 7, DEFAULT_MAX_ROLLS);
        let b = run_quiet(&g, 40_000, 7, DEFAULT_MAX_ROLLS);
        let c = run_quiet(&g, 40_000, 8, DEFAULT_MAX_ROLLS);
        assert_eq!(a, b);
        assert_ne!(a.rolls, c.rolls);
    }

    #[test]
    fn bonus_rolls_make_turns_shorter_than_rolls() {
        // A d2 on 3 squares from square 1, with bonus rolls for a 2. A 2
        // finishes at once; a 1 moves to square 2 and ends the turn. From 2
        // only a 1 finishes, and a 2 is lost but rolls again within the
        // turn.
        let rules = Rules {
            die: Die::uniform(2).unwrap(),
            bonus: Some(crate::rules::Bonus::unlimited()),
            ..Rules::default()
        };
        let g = game(3, &[], rules);
        let sim = run_quiet(&g, 100_000, 5, DEFAULT_MAX_ROLLS);
        let (rolls, turns) = (sim.lengths(Unit::Rolls), sim.lengths(Unit::Turns));
        assert!(rolls.mean().unwrap() > turns.mean().unwrap());
        // Exact means: rolls 1 + 1/2 * 2 = 2; turns 1 if the first roll is
        // a 2, else 2 (the turn from square 2 ends with the finishing 1).
        assert!((rolls.z_score(2.0).unwrap()).abs() < 4.0);
        assert!((turns.z_score(1.5).unwrap()).abs() < 4.0);
        assert_eq!(sim.turns.longest(), Some(2));
    }

    #[test]
    fn unending_games_are_capped() {
        // Every square 2..=7 leads back to 1: the last square is never reached.
        let jumps: Vec<(u32, u32)> = (2..=7).map(|s| (s, 1)).collect();
        let g = game(10, &jumps, Rules::default());
        let sim = run_quiet(&g, 100, 3, 50);
        assert_eq!((sim.games, sim.capped, sim.finished()), (100, 100, 0));
        assert_eq!(sim.total_rolls(), 5000);
        assert_eq!(sim.lengths(Unit::Rolls).mean(), None);
        assert_eq!(sim.lengths(Unit::Turns).median(), None);
    }

    #[test]
    fn a_finished_start_takes_no_rolls() {
        let g = game(1, &[], Rules::default());
        let sim = run_quiet(&g, 10, 0, 10);
        assert_eq!(sim.rolls, Histogram::from_counts(&[10]));
        assert_eq!(sim.lengths(Unit::Rolls).mean(), Some(0.0));
        assert_eq!(sim.lengths(Unit::Rolls).z_score(0.0), None);
    }

    #[test]
    fn stopping_drops_unfinished_blocks() {
        let g = game(
            100,
            &[],
            Rules {
                finish: Finish::Bounce,
                ..Rules::default()
            },
        );
        let options = Options {
            games: 10 * BLOCK_GAMES,
            ..Options::default()
        };
        let ctl = Control::default();
        ctl.cancel.cancel();
        let sim = run_with(&g, &options, &ctl, |_| {}).unwrap();
        assert!(sim.stopped);
        assert_eq!(sim.games, 0);
        assert_eq!(sim.lengths(Unit::Rolls).mean(), None);
    }

    #[test]
    fn quantiles_count_capped_games_as_longest() {
        let sim = Simulation {
            games: 10,
            capped: 4,
            max_rolls: 100,
            stopped: false,
            rolls: Histogram::from_counts(&[0, 3, 3]),
            turns: Histogram::from_counts(&[0, 6]),
        };
        let rolls = sim.lengths(Unit::Rolls);
        assert_eq!(rolls.quantile(0.0), Some(1));
        assert_eq!(rolls.quantile(0.3), Some(1));
        assert_eq!(rolls.quantile(0.6), Some(2));
        assert_eq!(rolls.quantile(0.61), None);
        assert_eq!(rolls.mean(), Some(1.5));
        assert_eq!(sim.lengths(Unit::Turns).mean(), Some(1.0));
        assert_eq!(sim.total_rolls(), 409);
    }
}
