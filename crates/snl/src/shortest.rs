//! The fewest rolls to the last square when the player chooses every roll.
//!
//! Every roll costs one, so this is a breadth-first search over positions,
//! layer by layer. Unlike the textbook search, which takes squares off a
//! queue one at a time and tries each roll, this one moves a whole layer 64
//! squares at a time:
//!
//! - A layer is a list of 64-bit words of a bitset over positions. Far from
//!   the last square no roll can overshoot, so the squares a word of pawns
//!   can land on are the word shifted left by each roll, combined with OR: six
//!   shifts for 64 pawns instead of 384 lookups.
//! - A plain square is its own resting place, so the landings that are not
//!   jump starts (`landed & !jump`) go straight into the next layer. Only the
//!   few landings on jump starts are looked up one by one.
//! - "Seen" is a bitset too: the new part of a layer is `next & !seen`.
//!
//! Near the last square, where a roll may overshoot, every pawn moves through
//! [`Game::land`], so the finish rule is applied in one place only. The
//! search keeps a few bits per square, plus one `u32` per square when the
//! distances or a path are wanted.
//!
//! Under a bonus limit (the `n`th top value in a row sends the pawn back to
//! the start) a sequence may not hold `n` tops in a row within a turn, so a
//! position alone no longer says which rolls are allowed: the search runs
//! over (position, streak) pairs through [`Game::play`] instead. Without a
//! limit, bonus rolls change nothing here and the fast search is used.

use num_bigint::BigUint;

use crate::game::{Game, Move, Pawn, States};

/// The fewest rolls and one way to achieve them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The fewest rolls from the start to the last square, or `None` when the
    /// last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// The optimal sequence of moves whose rolls come first in dictionary
    /// order (empty when unreachable, or when the pawn starts on the last
    /// square).
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
    min_rolls_from(game, game.start())
}

/// The fewest rolls from position `from` (a pawn there at the start of a
/// turn) to the last square, or `None` when it cannot be reached.
///
/// # Panics
///
/// When `from` is not a position of the game (above the last square).
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Jump, Rules};
///
/// // A ladder on square 1 is not taken by a pawn that starts there; one
/// // placed at its top is 3 squares from the end.
/// let game = Game::new(Board::new(20, [Jump { from: 1, to: 17 }])?, Rules::default())?;
/// assert_eq!(snl::shortest::min_rolls(&game), Some(4));
/// assert_eq!(snl::shortest::min_rolls_from(&game, game.rest(1)), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_rolls_from(game: &Game, from: u32) -> Option<u32> {
    assert!(
        from <= game.goal(),
        "position {from} is past the last square"
    );
    if limited(game) {
        return StreakSearch::search(game, from, true).goal;
    }
    bfs(game, from, true, |_, _, _| {})
}

/// The fewest rolls and one optimal sequence of moves.
pub fn solve(game: &Game) -> Solution {
    if limited(game) {
        let s = StreakSearch::search(game, game.start(), false);
        return Solution {
            min_rolls: s.goal,
            path: s.first_path(game),
        };
    }
    let mut dist = vec![u32::MAX; game.positions()];
    dist[game.start() as usize] = 0;
    let min_rolls = bfs(game, game.start(), true, |word, bits, d| {
        set_distances(&mut dist, word, bits, d);
    });
    let path = match min_rolls {
        Some(k) => first_path(game, &dist, k),
        None => Vec::new(),
    };
    Solution { min_rolls, path }
}

/// The fewest rolls from the start to every position (`None` where a position
/// cannot be reached, or is only passed over by jumps). Index 0 is the
/// off-board start.
pub fn distances(game: &Game) -> Vec<Option<u32>> {
    if limited(game) {
        let s = StreakSearch::search(game, game.start(), false);
        let mut dist = vec![None; game.positions()];
        for (k, &d) in s.dist.iter().enumerate() {
            let p = s.states.position(k) as usize;
            if d != u32::MAX && dist[p].is_none_or(|e| d < e) {
                dist[p] = Some(d);
            }
        }
        return dist;
    }
    let mut dist = vec![u32::MAX; game.positions()];
    dist[game.start() as usize] = 0;
    bfs(game, game.start(), false, |word, bits, d| {
        set_distances(&mut dist, word, bits, d);
    });
    dist.into_iter()
        .map(|d| (d != u32::MAX).then_some(d))
        .collect()
}

/// How many distinct roll sequences reach the last square in the fewest
/// rolls, or `None` when it cannot be reached. Two different rolls that lead
/// to the same square count as different sequences. The count is exact
/// however large; it grows with the board, so this costs more than the
/// search itself on long boards.
pub fn count_optimal(game: &Game) -> Option<BigUint> {
    if limited(game) {
        return StreakSearch::search(game, game.start(), false).count(game);
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

/// Whether a bonus limit constrains the sequences of rolls, so that the
/// search runs over [`Game::choice_states`] rather than positions.
fn limited(game: &Game) -> bool {
    game.rules().bonus_limit().is_some()
}

/// The breadth-first search over [`Game::choice_states`]. Rolls that do not move
/// the pawn (lost, or sending it back to the start) are never part of a
/// shortest sequence and are not followed: a lost roll that is not a top
/// means the top is lost too, so it frees no move.
struct StreakSearch {
    states: States,
    /// Rolls from the start to each state, `u32::MAX` where unreached.
    dist: Vec<u32>,
    /// The state each was first reached from.
    parent: Vec<u32>,
    /// Rolls to the goal.
    goal: Option<u32>,
}

impl StreakSearch {
    fn state(&self, p: Pawn) -> usize {
        self.states.index(p)
    }

    fn pawn(&self, k: usize) -> Pawn {
        self.states.pawn(k)
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

    fn search(game: &Game, from: u32, stop_at_goal: bool) -> StreakSearch {
        let states = game.choice_states();
        let n = states.len();
        let mut s = StreakSearch {
            states,
            dist: vec![u32::MAX; n],
            parent: vec![u32::MAX; n],
            goal: None,
        };
        let start = s.state(Pawn {
            at: from,
            streak: 0,
        });
        s.dist[start] = 0;
        if from == game.goal() {
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

    /// The optimal sequence whose rolls come first in dictionary order, as
    /// [`first_path`] finds it for the fast search. Needs the full search
    /// (`stop_at_goal` false) so that every state's distance is known.
    fn first_path(&self, game: &Game) -> Vec<Move> {
        let Some(k) = self.goal.filter(|&k| k > 0) else {
            return Vec::new();
        };
        let goal = self.state(Pawn {
            at: game.goal(),
            streak: 0,
        });
        // Every edge between consecutive layers, by its head.
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for u in (0..self.dist.len()).filter(|&u| self.dist[u] < k) {
            for (_, v) in self.moves(game, u) {
                if self.dist[v] == self.dist[u] + 1 {
                    edges.push((v, u));
                }
            }
        }
        edges.sort_unstable();
        let mut on_path = vec![false; self.dist.len()];
        on_path[goal] = true;
        let mut layer = vec![goal];
        while !layer.is_empty() {
            let mut before = Vec::new();
            for &v in &layer {
                let first = edges.partition_point(|&(head, _)| head < v);
                for &(_, u) in edges[first..].iter().take_while(|&&(head, _)| head == v) {
                    if !std::mem::replace(&mut on_path[u], true) {
                        before.push(u);
                    }
                }
            }
            layer = before;
        }
        let mut path = Vec::with_capacity(k as usize);
        let mut u = self.state(Pawn {
            at: game.start(),
            streak: 0,
        });
        while u != goal {
            let (m, v) = self
                .moves(game, u)
                .find(|&(_, v)| on_path[v] && self.dist[v] == self.dist[u] + 1)
                .expect("a marked state leads on to the next layer");
            path.push(m);
            u = v;
        }
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

fn set_distances(dist: &mut [u32], word: usize, mut bits: u64, d: u32) {
    while bits != 0 {
        dist[word * 64 + bits.trailing_zeros() as usize] = d;
        bits &= bits - 1;
    }
}

/// The optimal sequence whose rolls come first in dictionary order: mark
/// every position that lies on some optimal sequence (walking back from the
/// goal a layer at a time), then walk forward from the start taking the
/// smallest roll that stays on a marked position.
fn first_path(game: &Game, dist: &[u32], k: u32) -> Vec<Move> {
    let rolls: Vec<u32> = game.rules().die.values().collect();
    let max = game.rules().die.max();
    let goal = game.goal();
    // Landing squares by where they lead, for the squares that start a jump.
    let mut jumps_to: Vec<(u32, u32)> = game
        .board()
        .jumps()
        .map(|j| (game.rest(j.from), j.from))
        .collect();
    jumps_to.sort_unstable();
    let predecessors = |v: u32| {
        let first = jumps_to.partition_point(|&(to, _)| to < v);
        let landings = jumps_to[first..]
            .iter()
            .take_while(move |&&(to, _)| to == v)
            .map(|&(_, s)| s)
            .chain(game.board().jump(v).is_none().then_some(v));
        // Pawns that land without overshooting, and pawns near the end,
        // where the finish rule decides the landing.
        landings
            .flat_map(|s| rolls.iter().filter(move |&&r| r <= s).map(move |&r| s - r))
            .chain(goal.saturating_sub(max)..goal)
    };
    let mut on_path = vec![false; game.positions()];
    on_path[goal as usize] = true;
    let mut layer = vec![goal];
    for d in (0..k).rev() {
        let mut before = Vec::new();
        for &v in &layer {
            for u in predecessors(v) {
                if dist[u as usize] == d
                    && !on_path[u as usize]
                    && rolls
                        .iter()
                        .any(|&r| game.step(u, r).is_some_and(|m| m.to == v))
                {
                    on_path[u as usize] = true;
                    before.push(u);
                }
            }
        }
        layer = before;
    }
    let mut path = Vec::with_capacity(k as usize);
    let mut u = game.start();
    for d in 1..=k {
        let m = rolls
            .iter()
            .filter_map(|&r| game.step(u, r))
            .find(|m| on_path[m.to as usize] && dist[m.to as usize] == d)
            .expect("a marked position leads on to the next layer");
        path.push(m);
        u = m.to;
    }
    path
}

/// The next layer as it is being built: a bitset over positions, and the
/// words of it that are not zero, so that it can be read and cleared without
/// a pass over the whole board.
struct NextLayer {
    bits: Vec<u64>,
    touched: Vec<u32>,
}

impl NextLayer {
    #[inline]
    fn add(&mut self, word: usize, bits: u64) {
        if self.bits[word] == 0 {
            self.touched.push(word as u32);
        }
        self.bits[word] |= bits;
    }

    #[inline]
    fn add_position(&mut self, v: u32) {
        self.add(v as usize / 64, 1 << (v % 64));
    }
}

/// Breadth-first search from position `start`, a layer at a time. `new(word, bits,
/// d)` is called for every word of newly reached positions (bit `b` of word
/// `w` is position `64 w + b`) with their distance `d`. Returns the distance
/// of the goal; with `stop_at_goal` the search ends with the goal's layer.
fn bfs(
    game: &Game,
    start: u32,
    stop_at_goal: bool,
    mut new: impl FnMut(usize, u64, u32),
) -> Option<u32> {
    let goal = game.goal();
    if start == goal {
        return Some(0);
    }
    let die = &game.rules().die;
    let rolls: Vec<u32> = die.values().collect();
    // Pawns on positions up to `fast_last` cannot overshoot; the shifts only
    // handle rolls up to 64.
    let fast_last: i64 = if die.max() <= 64 {
        i64::from(goal) - i64::from(die.max())
    } else {
        -1
    };
    let rest = game.rest_table();
    let jumps = game.jump_bits();
    let words = game.positions().div_ceil(64) + 1;
    let mut seen = vec![0u64; words];
    let mut next = NextLayer {
        bits: vec![0u64; words],
        touched: Vec::new(),
    };
    let mut layer: Vec<(u32, u64)> = vec![(start / 64, 1 << (start % 64))];
    seen[start as usize / 64] |= 1 << (start % 64);
    let (goal_word, goal_bit) = (goal as usize / 64, 1u64 << (goal % 64));

    let (mut d, mut goal_d) = (0, None);
    while !layer.is_empty() {
        for &(w, bits) in &layer {
            let w = w as usize;
            let base = (w * 64) as i64;
            let fast_mask = match fast_last - base {
                x if x >= 63 => u64::MAX,
                x if x < 0 => 0,
                x => u64::MAX >> (63 - x),
            };
            // Near the end: one pawn and one roll at a time, by the rules.
            let mut slow = bits & !fast_mask;
            while slow != 0 {
                let u = (base + i64::from(slow.trailing_zeros())) as u32;
                slow &= slow - 1;
                for &r in &rolls {
                    if let Some(land) = game.land(u, r) {
                        next.add_position(rest[land as usize]);
                    }
                }
            }
            let fast = bits & fast_mask;
            if fast != 0 {
                spread(fast, w, &rolls, jumps, rest, &seen, &mut next);
            }
        }
        d += 1;
        layer.clear();
        for &w in &next.touched {
            let w = w as usize;
            let fresh = next.bits[w] & !seen[w];
            next.bits[w] = 0;
            if fresh != 0 {
                seen[w] |= fresh;
                layer.push((w as u32, fresh));
                new(w, fresh, d);
            }
        }
        next.touched.clear();
        if goal_d.is_none() && seen[goal_word] & goal_bit != 0 {
            goal_d = Some(d);
            if stop_at_goal {
                break;
            }
        }
    }
    goal_d
}

/// Moves the pawns on the positions set in word `w` by every roll, none of
/// which overshoots: the landings are the word shifted by each roll. Squares
/// already seen are dropped here rather than at the end of the layer, so that
/// the many landings behind the front (and at the foot of snakes) never make
/// it into the next layer's list of words.
// Inlined into the layer loop: left to itself the compiler keeps it out of
// line, and a call per word of pawns costs as much as the shifts it makes
// (the shortest bench runs about 10 % faster inlined).
#[allow(clippy::inline_always)]
#[inline(always)]
fn spread(
    pawns: u64,
    w: usize,
    rolls: &[u32],
    jumps: &[u64],
    rest: &[u32],
    seen: &[u64],
    next: &mut NextLayer,
) {
    // `lo` is what lands in word w, `hi` what spills over into word w + 1.
    let (mut lo, mut hi) = (0u64, 0u64);
    for &r in rolls {
        if r < 64 {
            lo |= pawns << r;
            hi |= pawns >> (64 - r);
        } else {
            hi |= pawns;
        }
    }
    for (word, landed) in [(w, lo), (w + 1, hi)] {
        if landed == 0 {
            continue;
        }
        let mut on_jump = landed & jumps[word];
        let plain = landed & !on_jump & !seen[word];
        if plain != 0 {
            next.add(word, plain);
        }
        while on_jump != 0 {
            let s = word * 64 + on_jump.trailing_zeros() as usize;
            on_jump &= on_jump - 1;
            let v = rest[s];
            if seen[v as usize / 64] & (1 << (v % 64)) == 0 {
                next.add_position(v);
            }
        }
    }
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
        assert_eq!(brute.path, s.path);
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
