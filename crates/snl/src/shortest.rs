//! The fewest rolls to the last square when the player chooses every roll.
//!
//! Every roll costs one, so this is a breadth-first search over positions,
//! layer by layer. The search here is the textbook one with two changes that
//! make it several times faster on large boards:
//!
//! - "seen" and "a jump starts here" are bitsets, and the squares one pawn
//!   can land on are read as one 64-bit window of each. Far from the last
//!   square a plain square is its own resting place, so the new plain squares
//!   reachable from `u` are `!seen & !jump & rolls` in that window: one word
//!   operation instead of six lookups. Only the few jump squares in the window
//!   are looked up one by one.
//! - The queue is a flat `Vec<u32>` that is never popped: it doubles as the
//!   order in which squares were reached, and layers are ranges of it.
//!
//! Near the last square (where a roll may overshoot) every roll goes through
//! [`Game::land`], so the finish rule is applied in one place only.
//!
//! Under a bonus limit (the `n`th top value in a row sends the pawn back to
//! the start) a sequence may not hold `n` tops in a row within a turn, so a
//! position alone no longer says which rolls are allowed: the search runs
//! over (position, streak) pairs through [`Game::play`] instead. Without a
//! limit, bonus rolls change nothing here and the fast search is used.

use num_bigint::BigUint;

use crate::game::{Game, Move, Pawn};

/// The fewest rolls and one way to achieve them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The fewest rolls from the start to the last square, or `None` when the
    /// last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// One optimal sequence of moves (empty when unreachable, or when the
    /// pawn starts on the last square). When several rolls are optimal at a
    /// step the smallest is listed.
    pub path: Vec<Move>,
}

/// The fewest rolls from the start to the last square, or `None` when the
/// last square cannot be reached.
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(8)?, Rules::default())?;
/// assert_eq!(snl::shortest::min_rolls(&game), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_rolls(game: &Game) -> Option<u32> {
    if limited(game) {
        return StreakSearch::search(game, true).goal;
    }
    bfs(game, true, |_, _, _| {})
}

/// The fewest rolls and one optimal sequence of moves.
pub fn solve(game: &Game) -> Solution {
    if limited(game) {
        let s = StreakSearch::search(game, true);
        return Solution {
            min_rolls: s.goal,
            path: s.path(game),
        };
    }
    let mut parent = vec![u32::MAX; game.positions()];
    let min_rolls = bfs(game, true, |v, u, _| parent[v as usize] = u);
    let mut path = Vec::new();
    if min_rolls.is_some() {
        let mut v = game.goal();
        while v != game.start() {
            let u = parent[v as usize];
            let step = game
                .rules()
                .die
                .values()
                .find_map(|r| game.step(u, r).filter(|m| m.to == v))
                .expect("a parent reaches its child with some roll");
            path.push(step);
            v = u;
        }
        path.reverse();
    }
    Solution { min_rolls, path }
}

/// The fewest rolls from the start to every position (`None` where a position
/// cannot be reached, or is only passed over by jumps). Index 0 is the
/// off-board start.
pub fn distances(game: &Game) -> Vec<Option<u32>> {
    if limited(game) {
        let s = StreakSearch::search(game, false);
        let mut dist = vec![None; game.positions()];
        for (k, &d) in s.dist.iter().enumerate() {
            let p = k / s.streaks;
            if d != u32::MAX && dist[p].is_none_or(|e| d < e) {
                dist[p] = Some(d);
            }
        }
        return dist;
    }
    let mut dist = vec![None; game.positions()];
    dist[game.start() as usize] = Some(0);
    bfs(game, false, |v, _, d| dist[v as usize] = Some(d));
    dist
}

/// How many distinct roll sequences reach the last square in the fewest
/// rolls, or `None` when it cannot be reached. Two different rolls that lead
/// to the same square count as different sequences. The count is exact
/// however large; it grows with the board, so this costs more than the
/// search itself on long boards.
pub fn count_optimal(game: &Game) -> Option<BigUint> {
    if limited(game) {
        return StreakSearch::search(game, false).count(game);
    }
    let dist = distances(game);
    let best = dist[game.goal() as usize]?;
    // Positions by layer: counts flow only from layer d to layer d + 1.
    let mut order: Vec<u32> = (0..game.positions() as u32)
        .filter(|&p| dist[p as usize].is_some_and(|d| d < best))
        .collect();
    order.sort_by_key(|&p| dist[p as usize]);
    let mut count = vec![BigUint::default(); game.positions()];
    count[game.start() as usize] = BigUint::from(1u32);
    for &u in &order {
        let cu = std::mem::take(&mut count[u as usize]);
        let du = dist[u as usize];
        for r in game.rules().die.values() {
            let v = game.next(u, r);
            if dist[v as usize].is_some_and(|dv| Some(dv) == du.map(|d| d + 1)) {
                count[v as usize] += &cu;
            }
        }
    }
    Some(std::mem::take(&mut count[game.goal() as usize]))
}

/// Whether a bonus limit constrains the sequences of rolls.
fn limited(game: &Game) -> bool {
    game.rules().bonus.is_some_and(|b| b.limit.is_some())
}

/// The breadth-first search over (position, streak) states, state `k` being
/// position `k / streaks` with streak `k % streaks`. Rolls that do not move
/// the pawn (lost, or sending it back to the start) are never part of a
/// shortest sequence and are not followed: a lost roll that is not a top
/// means the top is lost too, so it frees no move.
struct StreakSearch {
    streaks: usize,
    /// Rolls from the start to each state, `u32::MAX` where unreached.
    dist: Vec<u32>,
    /// The state each was first reached from.
    parent: Vec<u32>,
    /// Rolls to the goal.
    goal: Option<u32>,
}

impl StreakSearch {
    fn state(&self, p: Pawn) -> usize {
        p.at as usize * self.streaks + p.streak as usize
    }

    fn pawn(&self, k: usize) -> Pawn {
        Pawn {
            at: (k / self.streaks) as u32,
            streak: (k % self.streaks) as u32,
        }
    }

    /// The moves out of state `k` that move the pawn: `(roll, move, next
    /// state)`.
    fn moves(&self, game: &Game, k: usize) -> impl Iterator<Item = (Move, usize)> {
        let pawn = self.pawn(k);
        game.rules().die.values().filter_map(move |r| {
            let played = game.play(pawn, r);
            played.moved.map(|m| (m, self.state(played.pawn)))
        })
    }

    fn search(game: &Game, stop_at_goal: bool) -> StreakSearch {
        let streaks = game.streaks() as usize;
        let n = game.positions() * streaks;
        let mut s = StreakSearch {
            streaks,
            dist: vec![u32::MAX; n],
            parent: vec![u32::MAX; n],
            goal: None,
        };
        let start = s.state(Pawn {
            at: game.start(),
            streak: 0,
        });
        s.dist[start] = 0;
        if game.starts_finished() {
            s.goal = Some(0);
            return s;
        }
        let goal = s.state(Pawn {
            at: game.goal(),
            streak: 0,
        });
        let mut queue = vec![start];
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            let d = s.dist[u] + 1;
            let next: Vec<usize> = s.moves(game, u).map(|(_, v)| v).collect();
            for v in next {
                if s.dist[v] == u32::MAX {
                    s.dist[v] = d;
                    s.parent[v] = u as u32;
                    queue.push(v);
                    if v == goal {
                        s.goal = Some(d);
                        if stop_at_goal {
                            return s;
                        }
                    }
                }
            }
        }
        s
    }

    fn path(&self, game: &Game) -> Vec<Move> {
        let mut path = Vec::new();
        if self.goal.is_none_or(|g| g == 0) {
            return path;
        }
        let mut v = self.state(Pawn {
            at: game.goal(),
            streak: 0,
        });
        while self.dist[v] > 0 {
            let u = self.parent[v] as usize;
            let step = self
                .moves(game, u)
                .find(|&(_, w)| w == v)
                .map(|(m, _)| m)
                .expect("a parent reaches its child with some roll");
            path.push(step);
            v = u;
        }
        path.reverse();
        path
    }

    fn count(&self, game: &Game) -> Option<BigUint> {
        let best = self.goal?;
        let goal = self.state(Pawn {
            at: game.goal(),
            streak: 0,
        });
        let mut order: Vec<usize> = (0..self.dist.len())
            .filter(|&k| self.dist[k] < best)
            .collect();
        order.sort_by_key(|&k| self.dist[k]);
        let mut count = vec![BigUint::default(); self.dist.len()];
        count[order.first().copied().unwrap_or(goal)] = BigUint::from(1u32);
        for &u in &order {
            let cu = std::mem::take(&mut count[u]);
            for (_, v) in self.moves(game, u) {
                if self.dist[v] == self.dist[u] + 1 {
                    count[v] += &cu;
                }
            }
        }
        Some(std::mem::take(&mut count[goal]))
    }
}

/// Reads 64 bits of `bits` starting at bit `at`. The caller keeps `at / 64 +
/// 1` inside the slice.
#[inline]
fn window(bits: &[u64], at: usize) -> u64 {
    let (word, shift) = (at / 64, at % 64);
    let low = bits[word] >> shift;
    if shift == 0 {
        low
    } else {
        low | (bits[word + 1] << (64 - shift))
    }
}

/// Breadth-first search from the start. `visit(v, u, d)` is called once for
/// every newly reached position `v`, with the position `u` it was first
/// reached from and its distance `d`. Returns the distance of the goal; with
/// `stop_at_goal` the search ends as soon as the goal is reached.
fn bfs(game: &Game, stop_at_goal: bool, mut visit: impl FnMut(u32, u32, u32)) -> Option<u32> {
    let goal = game.goal();
    let start = game.start();
    if start == goal {
        return Some(0);
    }
    let die = &game.rules().die;
    let max_roll = die.max();
    let rolls: Vec<u32> = die.values().collect();
    // The roll window only fits rolls up to 64; larger dice take the plain path.
    let roll_mask: u64 = if max_roll <= 64 {
        rolls.iter().fold(0, |m, &r| m | 1 << (r - 1))
    } else {
        0
    };
    let fast_until = if max_roll <= 64 {
        goal.saturating_sub(max_roll)
    } else {
        0
    };
    let rest = game.rest_table();
    let jumps = game.jump_bits();
    let mut seen = vec![0u64; game.positions().div_ceil(64) + 1];
    let mark = |seen: &mut [u64], v: u32| {
        let (w, b) = (v as usize / 64, v % 64);
        let new = seen[w] & (1 << b) == 0;
        seen[w] |= 1 << b;
        new
    };

    let mut queue: Vec<u32> = Vec::with_capacity(game.positions());
    queue.push(start);
    mark(&mut seen, start);
    let mut found = None;
    let (mut head, mut layer_end, mut d) = (0usize, 1usize, 0u32);
    while head < queue.len() {
        if head == layer_end {
            layer_end = queue.len();
            d += 1;
        }
        let u = queue[head];
        head += 1;
        let mut reach = |v: u32, seen: &mut [u64], queue: &mut Vec<u32>| {
            if mark(seen, v) {
                visit(v, u, d + 1);
                queue.push(v);
                if v == goal {
                    found = Some(d + 1);
                }
            }
        };
        if u < fast_until {
            // No roll from here passes the goal: the finish rule cannot apply.
            let at = u as usize + 1;
            let jump = window(jumps, at) & roll_mask;
            let mut plain = !window(&seen, at) & !jump & roll_mask;
            while plain != 0 {
                let v = at as u32 + plain.trailing_zeros();
                plain &= plain - 1;
                reach(v, &mut seen, &mut queue);
            }
            let mut jump = jump;
            while jump != 0 {
                let s = at + jump.trailing_zeros() as usize;
                jump &= jump - 1;
                reach(rest[s], &mut seen, &mut queue);
            }
        } else {
            for &r in &rolls {
                if let Some(land) = game.land(u, r) {
                    reach(rest[land as usize], &mut seen, &mut queue);
                }
            }
        }
        if stop_at_goal && found.is_some() {
            return found;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Jump};
    use crate::rules::{Bonus, Die, Finish, Rules, Start};

    fn game(n: u32, jumps: &[(u32, u32)], rules: Rules) -> Game {
        let board = Board::new(n, jumps.iter().map(|&(from, to)| Jump { from, to })).unwrap();
        Game::new(board, rules).unwrap()
    }

    #[test]
    fn seed_twenty_square_board() {
        let g = game(20, &[(2, 19), (12, 15), (9, 2)], Rules::default());
        let s = solve(&g);
        assert_eq!(s.min_rolls, Some(2));
        assert_eq!(
            s.path,
            vec![
                Move {
                    roll: 1,
                    land: 2,
                    to: 19
                },
                Move {
                    roll: 1,
                    land: 20,
                    to: 20
                }
            ]
        );
        assert_eq!(count_optimal(&g), Some(BigUint::from(1u32)));
    }

    #[test]
    fn empty_boards() {
        let g = game(8, &[], Rules::default());
        assert_eq!(min_rolls(&g), Some(2));
        // 6+1, 5+2, 4+3, 3+4, 2+5, 1+6: the seed lists these six.
        assert_eq!(count_optimal(&g), Some(BigUint::from(6u32)));
        assert_eq!(min_rolls(&game(1, &[], Rules::default())), Some(0));
        assert_eq!(solve(&game(1, &[], Rules::default())).path, vec![]);
        let off = Rules {
            start: Start::OffBoard,
            ..Rules::default()
        };
        assert_eq!(min_rolls(&game(1, &[], off)), Some(1));
    }

    #[test]
    fn unreachable_goal() {
        // Every square 2..=7 sends the pawn back to 1.
        let jumps: Vec<(u32, u32)> = (2..=7).map(|s| (s, 1)).collect();
        let g = game(10, &jumps, Rules::default());
        assert_eq!(min_rolls(&g), None);
        assert_eq!(solve(&g).path, vec![]);
        assert_eq!(count_optimal(&g), None);
        assert_eq!(distances(&g)[8], None);
    }

    #[test]
    fn finish_rules_change_the_answer() {
        // 1 -> 10 with a d6 under exact: 5 then 4 (two rolls).
        let pass = Rules {
            finish: Finish::Pass,
            die: Die::uniform(20).unwrap(),
            ..Rules::default()
        };
        assert_eq!(min_rolls(&game(10, &[], pass)), Some(1));
        let exact20 = Rules {
            die: Die::uniform(20).unwrap(),
            ..Rules::default()
        };
        assert_eq!(min_rolls(&game(10, &[], exact20)), Some(1));
        let two = Rules {
            die: "2d6".parse().unwrap(),
            ..Rules::default()
        };
        // From 1, a 2d6 cannot show 1: reaching 2 needs... 1+2=3 at least.
        assert_eq!(min_rolls(&game(3, &[], two.clone())), Some(1));
        assert_eq!(min_rolls(&game(2, &[], two)), None);
    }

    #[test]
    fn bonus_limit_forbids_top_streaks() {
        let with = |limit: Option<u32>| Rules {
            bonus: Some(limit.map_or(Bonus::unlimited(), |n| Bonus::with_limit(n).unwrap())),
            ..Rules::default()
        };
        // Twelve squares to go: 6 + 6, unless two tops in a row are barred.
        assert_eq!(min_rolls(&game(13, &[], with(None))), Some(2));
        assert_eq!(min_rolls(&game(13, &[], with(Some(3)))), Some(2));
        assert_eq!(min_rolls(&game(13, &[], with(Some(2)))), Some(3));
        assert_eq!(min_rolls(&game(13, &[], with(Some(1)))), Some(3));
        let s = solve(&game(13, &[], with(Some(2))));
        let rolls: Vec<u32> = s.path.iter().map(|m| m.roll).collect();
        assert_eq!(rolls, vec![1, 5, 6]);
        // Three rolls adding up to 12 without two 6s in a row: counted
        // against the exhaustive search.
        let g = game(13, &[], with(Some(2)));
        let brute = crate::brute::search(&g).unwrap();
        assert_eq!(
            count_optimal(&g),
            Some(BigUint::from(brute.optimal_sequences))
        );
        assert_eq!(brute.rolls, rolls);
        assert_eq!(distances(&g)[13], Some(3));
        assert_eq!(distances(&g)[7], Some(1));
    }

    #[test]
    fn large_board_matches_slow_path() {
        // A board long enough that most moves take the word-at-a-time path.
        let n = 5000;
        let jumps: Vec<(u32, u32)> = (1..n - 1)
            .filter(|s| s % 7 == 3)
            .map(|s| {
                (
                    s,
                    if s % 2 == 0 {
                        s / 2 + 1
                    } else {
                        (s + 40).min(n - 1)
                    },
                )
            })
            .collect();
        let g = game(n, &jumps, Rules::default());
        let fast = distances(&g);
        // The same distances by repeated relaxation, using only Game::next.
        let mut slow = vec![u32::MAX; n as usize + 1];
        slow[1] = 0;
        loop {
            let mut changed = false;
            for u in 1..n {
                if slow[u as usize] == u32::MAX {
                    continue;
                }
                for r in 1..=6 {
                    let v = g.next(u, r) as usize;
                    if slow[u as usize] + 1 < slow[v] {
                        slow[v] = slow[u as usize] + 1;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for s in 1..=n as usize {
            assert_eq!(
                fast[s],
                (slow[s] != u32::MAX).then_some(slow[s]),
                "square {s}"
            );
        }
    }
}
