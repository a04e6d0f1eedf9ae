//! Independent searches the properties compare the engines with, shared
//! by the fuzz targets and the library's property tests.

use snl::{Game, Pawn};

/// A pawn's state as the independent searches below key it: the position
/// and the streak of top values, with every streak that plays alike (see
/// [`Game::streaks`]) merged.
pub fn key(game: &Game, pawn: Pawn) -> usize {
    let streaks = game.streaks();
    (pawn.at * streaks + pawn.streak.min(streaks - 1)) as usize
}

/// The fewest rolls from `from` to every position, by a plain queue over
/// (position, streak) through [`Game::play`], every roll followed (lost
/// ones and resets too): the textbook search, sharing nothing with
/// `snl::shortest` but the successor function.
pub fn queue_distances(game: &Game, from: u32) -> Vec<Option<u32>> {
    let streaks = game.streaks() as usize;
    let mut dist = vec![None; game.positions() * streaks];
    let first = Pawn {
        at: from,
        streak: 0,
    };
    dist[key(game, first)] = Some(0);
    let mut queue = std::collections::VecDeque::from([first]);
    while let Some(pawn) = queue.pop_front() {
        if pawn.at == game.goal() {
            continue;
        }
        let d = dist[key(game, pawn)].expect("queued states have a distance");
        for roll in game.rules().die.values() {
            let next = game.play(pawn, roll).pawn;
            let k = key(game, next);
            if dist[k].is_none() {
                dist[k] = Some(d + 1);
                queue.push_back(next);
            }
        }
    }
    dist.chunks(streaks)
        .map(|by_streak| by_streak.iter().flatten().copied().min())
        .collect()
}
