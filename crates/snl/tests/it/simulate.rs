//! The simulation is reproducible from its seed alone.

use std::sync::atomic::{AtomicU64, Ordering};

use snl::limits::Control;
use snl::simulate::{self, BLOCK_GAMES, Options, Simulation};
use snl::{Board, Game, Jump, Rules, Unit};

fn classic() -> Game {
    let jumps = [
        (3, 22),
        (5, 8),
        (11, 26),
        (20, 29),
        (17, 4),
        (19, 7),
        (27, 1),
        (21, 9),
    ];
    let board = Board::new(30, jumps.map(|(from, to)| Jump { from, to })).unwrap();
    Game::new(board, Rules::default()).unwrap()
}

fn on_threads(threads: usize, game: &Game, options: &Options) -> Simulation {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let played = AtomicU64::new(0);
    let sim = pool.install(|| {
        simulate::run_with(game, options, &Control::default(), |n| {
            played.fetch_add(n, Ordering::Relaxed);
        })
        .unwrap()
    });
    assert_eq!(played.into_inner(), options.games, "progress adds up");
    sim
}

#[test]
fn the_seed_alone_decides_the_numbers() {
    let game = classic();
    // Not a whole number of blocks, so the short last block is covered too.
    let options = Options {
        games: 5 * BLOCK_GAMES + 123,
        seed: 7,
        ..Options::default()
    };
    let one = on_threads(1, &game, &options);
    let two = on_threads(2, &game, &options);
    assert_eq!(one, two);
    assert_eq!(one.games, options.games);
    assert!(!one.stopped);
    assert_eq!(one.rolls.total(), one.finished());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// The simulated means agree with the exact ones. Proptest draws the
    /// seed with the board, so a failure is replayed from its saved case;
    /// 4.5 standard errors make a false alarm (about one in 150,000 per
    /// check) practically impossible.
    #[test]
    fn simulation_agrees_with_the_exact_mean(game in crate::strategies::game(1..=30), seed: u64) {
        let exact_rolls = snl::markov::expected_rolls(&game).ok().flatten();
        let exact_turns = snl::markov::expected_turns(&game).ok().flatten();
        // Games that may never end, or last long, cost too much in a debug
        // build; the unit tests cover capped games.
        let Some(mean) = exact_rolls.filter(|&m| m < 300.0) else { return Ok(()) };
        let options = Options { games: 20_000, seed, max_rolls: 1_000_000 };
        let sim = simulate::run(&game, &options).unwrap();
        proptest::prop_assert_eq!(sim.capped, 0, "mean {}", mean);
        for (unit, exact) in [(Unit::Rolls, exact_rolls), (Unit::Turns, exact_turns)] {
            let exact = exact.expect("a game that always ends has a finite turn mean");
            let lengths = sim.lengths(unit);
            if let Some(z) = lengths.z_score(exact) {
                proptest::prop_assert!(z.abs() < 4.5, "{:?}: mean {:?} vs exact {}", unit, lengths.mean(), exact);
            } else {
                proptest::prop_assert!((lengths.mean().unwrap() - exact).abs() < 1e-9);
            }
        }
    }
}
