//! The simulation is reproducible from its seed alone.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use snl::simulate::{self, BLOCK_GAMES, Options, Simulation};
use snl::{Board, Game, Jump, Rules};

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
        simulate::run(game, options, &AtomicBool::new(false), |n| {
            played.fetch_add(n, Ordering::Relaxed);
        })
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
    assert_eq!(one.histogram.iter().sum::<u64>(), one.finished());
}
