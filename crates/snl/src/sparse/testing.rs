//! Random games for the tests that hold the engines for boards of any
//! length against the square-by-square ones.

use crate::board::{Board, Jump};
use crate::game::Game;
use crate::rng::SplitMix64;
use crate::rules::{Bonus, Die, Finish, Rules, Start};

/// A random die: fair with 1 to 8 faces, the sum of two, or weights with
/// zeros among them.
pub(crate) fn die(rng: &mut SplitMix64) -> Die {
    match rng.below(6) {
        0 | 1 => Die::uniform(1 + rng.below(8) as u32).unwrap(),
        2 => Die::sum_of(2, 2 + rng.below(3) as u32).unwrap(),
        _ => {
            let faces = 1 + rng.below(7) as usize;
            let mut w: Vec<u64> = (0..faces).map(|_| rng.below(4)).collect();
            if w.iter().all(|&x| x == 0) {
                w[faces - 1] = 1;
            }
            Die::weighted(w).unwrap()
        }
    }
}

/// Random rules, every finish, start and chaining, and bonus rolls without
/// a limit.
pub(crate) fn rules(rng: &mut SplitMix64) -> Rules {
    Rules {
        die: die(rng),
        finish: [Finish::Exact, Finish::Bounce, Finish::Pass][rng.below(3) as usize],
        chain: rng.below(3) == 0,
        start: if rng.below(3) == 0 {
            Start::OffBoard
        } else {
            Start::Square1
        },
        bonus: (rng.below(5) == 0).then(Bonus::unlimited),
        ..Rules::default()
    }
}

/// A random board of `n` squares with `jumps` jumps at most, some long,
/// some close together, some starting where others end.
pub(crate) fn board(rng: &mut SplitMix64, n: u32, jumps: u32) -> Board {
    let mut starts = std::collections::BTreeSet::new();
    let mut list = Vec::new();
    let mut ends = Vec::new();
    for _ in 0..jumps {
        if n < 3 {
            break;
        }
        let from = if !ends.is_empty() && rng.below(6) == 0 {
            ends[rng.below(ends.len() as u64) as usize]
        } else {
            2 + rng.below(u64::from(n - 2)) as u32
        };
        let to = match rng.below(3) {
            // A short jump either way.
            0 => {
                let d = 1 + rng.below(30) as u32;
                if rng.below(2) == 0 {
                    from.saturating_add(d).min(n)
                } else {
                    from.saturating_sub(d).max(1)
                }
            }
            _ => 1 + rng.below(u64::from(n)) as u32,
        };
        if from >= n || to == from || !starts.insert(from) {
            continue;
        }
        ends.push(to);
        list.push(Jump { from, to });
    }
    Board::new(n, list).unwrap()
}

/// A random game, or `None` when its jumps chain round in a circle. With
/// the pawn starting off the board, the snakes to square 1 from even
/// squares lead back off the board, to square 0, instead.
pub(crate) fn game(rng: &mut SplitMix64, n: u32, jumps: u32) -> Option<Game> {
    let board = board(rng, n, jumps);
    let rules = rules(rng);
    let board = if rules.start == Start::OffBoard {
        let home = |j: Jump| Jump {
            to: if j.to == 1 && j.from.is_multiple_of(2) {
                0
            } else {
                j.to
            },
            ..j
        };
        Board::new(n, board.jumps().map(home).collect::<Vec<_>>()).unwrap()
    } else {
        board
    };
    Game::new(board, rules).ok()
}
