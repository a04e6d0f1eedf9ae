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

mod lengths;
mod play;
mod sampler;

use crate::game::Game;
use crate::limits::{Control, Estimate, LimitError};

pub use lengths::{DENSE_LENGTHS, Histogram, Lengths, Simulation};
pub use play::{BLOCK_GAMES, DEFAULT_MAX_ROLLS, Options, Simulator};
use play::{MAX_TABLE, WORK_PER_ROLL};
pub use sampler::DieSampler;

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

#[cfg(test)]
// The values compared are sums of powers of two, exact in binary.
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use crate::game::Unit;
    use crate::rules::{Die, Finish, Rules};

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
