//! What a pawn can reach on a board of any length: which jumps some rolls
//! land on, whether the last square can be reached, and the squares it can
//! come to rest on but never finish from (traps): what [`crate::check`]
//! warns of, without a table a square long.
//!
//! The squares kept one by one are searched as the fewest-rolls search
//! does ([`super::shortest`]): forward from the start for what is reached,
//! and its backward search settled everywhere for what can finish. A
//! stretch's plain squares are counted too. A pawn in a stretch always
//! lands first on one of the `K` squares after it, so a stretch holds a
//! trap only if one of those cannot finish; then which of its squares can
//! be reached and which can finish is worked out one by one near its ends
//! and, between, by their remainder modulo `K`, past which whether a
//! distance can be made with the die repeats.

// The names of the mathematics: u, x, y squares, a and b a stretch's ends,
// k the top value, v a roll.
#![allow(clippy::many_single_char_names)]

use crate::limits::{Control, LimitError, Meter};
use crate::sparse::shortest::{Landing, NONE, Search, Settle};
use crate::sparse::{SparseError, SparseGame, Unsupported};

/// What a pawn can reach, from the start of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// For each jump, by starting square, whether some rolls from the
    /// start land on its start (or, with chaining, pass through it).
    pub landed: Vec<bool>,
    /// Whether the last square can be reached from the start.
    pub goal: bool,
    /// The first squares (in order, as many as asked for) the pawn can come
    /// to rest on from the start but from which the last square cannot be
    /// reached.
    pub trapped: Vec<u64>,
    /// How many such squares there are in all.
    pub trapped_count: u64,
}

/// What a pawn can reach in `game`, listing up to `list` traps.
///
/// # Errors
///
/// [`SparseError::Unsupported`] under a bonus limit; [`SparseError::Limit`]
/// when refused, stopped, or out of memory.
///
/// # Examples
///
/// ```
/// use snl::sparse::{SparseBoard, SparseGame};
/// use snl::Rules;
///
/// // Squares 10^12 - 7 to 10^12 - 2 all lead back to 10^12 - 8: no roll
/// // of a six-sided die gets past them, so every square the pawn rests on
/// // (1 to 10^12 - 8) is a trap.
/// let n = 1_000_000_000_000;
/// let wall = (n - 7..n - 1).map(|s| (s, n - 8));
/// let game = SparseGame::new(SparseBoard::new(n, wall)?, Rules::default())?;
/// let r = snl::sparse::reach::reach(&game, 3, &Default::default())?;
/// assert!(!r.goal);
/// assert_eq!(r.trapped, [1, 2, 3]);
/// assert_eq!(r.trapped_count, n - 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn reach(game: &SparseGame, list: usize, ctl: &Control) -> Result<Reach, SparseError> {
    if game.rules().bonus_limit().is_some() {
        return Err(Unsupported::BonusLimit.into());
    }
    let jumps = game.board().jump_count();
    let Some(search) = Search::settle(game, Settle::All, ctl)? else {
        // One square, the pawn on it: nothing to reach, nothing jumps.
        return Ok(Reach {
            landed: vec![false; jumps],
            goal: true,
            trapped: Vec::new(),
            trapped_count: 0,
        });
    };
    let mut meter = ctl.meter();
    let (reached, landed) = forward(&search, &mut meter)?;
    let goal = reached[search.layout.goal as usize];
    let (trapped, trapped_count) = traps(&search, &reached, list, &mut meter)?;
    Ok(Reach {
        landed,
        goal,
        trapped,
        trapped_count,
    })
}

/// The nodes a pawn can rest on from the start, and which jumps it lands
/// on.
fn forward(
    search: &Search<'_>,
    meter: &mut Meter<'_>,
) -> Result<(Vec<bool>, Vec<bool>), LimitError> {
    let game = search.game;
    let l = &search.layout;
    let k = u64::from(l.k);
    let mut reached = crate::limits::vec_of(l.nodes(), false, "the squares reached")?;
    let mut landed = vec![false; game.board().jump_count()];
    let mut pending = vec![l.start];
    reached[l.start as usize] = true;
    let mut land = |x: u32, pending: &mut Vec<u32>, reached: &mut [bool]| {
        for s in game.jumps_taken(l.square(x)) {
            if let Some(i) = game.jump_index(s) {
                landed[i] = true;
            }
        }
        let t = l.target[x as usize];
        if !reached[t as usize] {
            reached[t as usize] = true;
            pending.push(t);
        }
    };
    while let Some(u) = pending.pop() {
        meter.add(k * 4)?;
        if u == l.goal {
            continue;
        }
        let z = l.zone_of(u);
        let square = l.square(u);
        for &v in &search.values {
            if let Landing::Node(x, _) = search.land_in_zone(z, square, v) {
                land(x, &mut pending, &mut reached);
            }
        }
        // From an exit, across the stretch to each entry the die can make.
        if z + 1 < l.zones.len() && u >= l.exit(z).0 {
            let (x0, b) = l.entry(z);
            for j in 0..l.k {
                if search.fewest.get(b + u64::from(j) - square).is_some() {
                    land(x0 + j, &mut pending, &mut reached);
                }
            }
        }
    }
    Ok((reached, landed))
}

/// The first `list` trapped squares, in order, and how many there are.
fn traps(
    search: &Search<'_>,
    reached: &[bool],
    list: usize,
    meter: &mut Meter<'_>,
) -> Result<(Vec<u64>, u64), LimitError> {
    let l = &search.layout;
    let live = |node: u32| search.h[node as usize] != NONE;
    let mut trapped = Vec::new();
    let mut count = 0u64;

    for (z, zone) in l.zones.iter().enumerate() {
        meter.add(zone.len())?;
        for i in 0..zone.len() {
            let u = zone.node + i as u32;
            if u != l.goal && reached[u as usize] && l.rests[u as usize] && !live(u) {
                count += 1;
                if trapped.len() < list {
                    trapped.push(zone.first + i);
                }
            }
        }
        if z + 1 < l.zones.len() {
            let (first, n) = Stretch::new(search, z, reached).count(list, meter)?;
            count += n;
            trapped.extend(first.into_iter().take(list.saturating_sub(trapped.len())));
        }
    }
    Ok((trapped, count))
}

/// One stretch, for counting its traps.
struct Stretch<'s, 'g> {
    search: &'s Search<'g>,
    /// The last square before it and the first after.
    a: u64,
    b: u64,
    /// The squares of its exit the pawn can rest on, from the start.
    exits: Vec<u64>,
    /// The offsets of its entry a landing on which can finish.
    entries: Vec<u32>,
    k: u64,
}

impl<'s, 'g> Stretch<'s, 'g> {
    fn new(search: &'s Search<'g>, z: usize, reached: &[bool]) -> Stretch<'s, 'g> {
        let l = &search.layout;
        let (u0, first) = l.exit(z);
        let (x0, b) = l.entry(z);
        let exits = (0..l.k)
            .filter(|&i| reached[(u0 + i) as usize])
            .map(|i| first + u64::from(i))
            .collect();
        let entries = (0..l.k)
            .filter(|&j| search.h[l.target[(x0 + j) as usize] as usize] != NONE)
            .collect();
        Stretch {
            search,
            a: l.zones[z].last,
            b,
            exits,
            entries,
            k: u64::from(l.k),
        }
    }

    /// Whether the die makes exactly `d` squares.
    fn made(&self, d: u64) -> bool {
        self.search.fewest.get(d).is_some()
    }

    /// Whether square `y` of the stretch can be reached from the start: a
    /// first roll from an exit into the stretch, then any rolls.
    fn reached(&self, y: u64) -> bool {
        self.exits.iter().any(|&u| {
            self.search.values.iter().any(|&v| {
                u + u64::from(v) > self.a
                    && u + u64::from(v) <= y
                    && self.made(y - u - u64::from(v))
            })
        })
    }

    /// Whether the last square can be reached from square `y` of the
    /// stretch: rolls to a square before its end, then a last roll past it
    /// onto an entry that can finish.
    fn live(&self, y: u64) -> bool {
        self.entries.iter().any(|&j| {
            let x = self.b + u64::from(j);
            self.search
                .values
                .iter()
                .any(|&v| v > j && y + u64::from(v) <= x && self.made(x - y - u64::from(v)))
        })
    }

    /// The first `want` trapped squares of the stretch, in order, and how
    /// many there are.
    fn count(&self, want: usize, meter: &mut Meter<'_>) -> Result<(Vec<u64>, u64), LimitError> {
        let mut listed = Vec::new();
        let mut count = 0u64;
        // Nothing reached, or every landing past it can finish (so every
        // square of it can: each reaches some entry).
        if self.exits.is_empty() || self.entries.len() as u64 == self.k {
            return Ok((listed, count));
        }
        let (first, last) = (self.a + 1, self.b - 1);
        let is_trap = |y: u64| self.reached(y) && !self.live(y);
        let mut one_by_one = |ys: std::ops::RangeInclusive<u64>,
                              listed: &mut Vec<u64>,
                              count: &mut u64|
         -> Result<(), LimitError> {
            for y in ys {
                meter.add(self.k * 8)?;
                if is_trap(y) {
                    *count += 1;
                    if listed.len() < want {
                        listed.push(y);
                    }
                }
            }
            Ok(())
        };
        // Past `gap` squares from both ends, whether a square is reached or
        // can finish depends on its remainder modulo K only.
        let gap = self.search.fewest.gap() + self.k;
        if last - first < 2 * gap + self.k {
            one_by_one(first..=last, &mut listed, &mut count)?;
            return Ok((listed, count));
        }
        let (lo, hi) = (first + gap, last - gap);
        one_by_one(first..=lo - 1, &mut listed, &mut count)?;
        // The middle, lo..=hi, a class of squares K apart at a time.
        let mut middle: Vec<u64> = Vec::new();
        for start in lo..lo + self.k {
            if is_trap(start) {
                let n = (hi - start) / self.k + 1;
                count += n;
                middle.extend((0..n.min(want as u64)).map(|i| start + i * self.k));
            }
        }
        middle.sort_unstable();
        listed.extend(middle.into_iter().take(want.saturating_sub(listed.len())));
        one_by_one(hi + 1..=last, &mut listed, &mut count)?;
        Ok((listed, count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::rng::SplitMix64;

    /// What a pawn reaches, square by square: the positions it rests on
    /// from the start, the jumps it lands on, and the positions from which
    /// the last square can be reached.
    fn square_by_square(game: &Game) -> (Vec<bool>, Vec<bool>, Vec<bool>) {
        let n = game.positions();
        let rolls: Vec<u32> = game.rules().die.values().collect();
        let mut reached = vec![false; n];
        let mut landed = vec![false; n];
        reached[game.start() as usize] = true;
        let mut pending = vec![game.start()];
        while let Some(u) = pending.pop() {
            for &r in &rolls {
                if let Some(m) = game.step(u, r) {
                    for s in game.jumps_taken(m.land) {
                        landed[s as usize] = true;
                    }
                    if !reached[m.to as usize] {
                        reached[m.to as usize] = true;
                        pending.push(m.to);
                    }
                }
            }
        }
        let mut live = vec![false; n];
        live[game.goal() as usize] = true;
        loop {
            let mut changed = false;
            for u in 0..game.goal() {
                if !live[u as usize] && rolls.iter().any(|&r| live[game.next(u, r) as usize]) {
                    live[u as usize] = true;
                    changed = true;
                }
            }
            if !changed {
                return (reached, landed, live);
            }
        }
    }

    #[test]
    fn the_same_as_square_by_square() {
        let mut rng = SplitMix64::new(4242);
        let (mut cases, mut in_stretches) = (0, 0);
        for case in 0..500 {
            let n = 2 + rng.below(if case % 2 == 0 { 400 } else { 4000 }) as u32;
            let jumps = rng.below(u64::from(n / 60 + 4)) as u32;
            let Some(game) = crate::sparse::testing::game(&mut rng, n, jumps) else {
                continue;
            };
            let long = SparseGame::of_game(&game);
            let r = reach(&long, 10, &Control::default()).unwrap();
            let (reached, landed, live) = square_by_square(&game);
            let want_landed: Vec<bool> = game
                .board()
                .jumps()
                .map(|j| landed[j.from as usize])
                .collect();
            assert_eq!(r.landed, want_landed, "case {case}");
            assert_eq!(r.goal, reached[game.goal() as usize], "case {case}");
            let trapped: Vec<u64> = (0..game.goal())
                .filter(|&p| reached[p as usize] && !live[p as usize])
                .map(u64::from)
                .collect();
            assert_eq!(
                r.trapped_count,
                trapped.len() as u64,
                "case {case}: {:?}",
                game.rules()
            );
            assert_eq!(r.trapped, trapped[..trapped.len().min(10)], "case {case}");
            let search = Search::settle(&long, Settle::All, &Control::default()).unwrap();
            if let Some(s) = search {
                in_stretches += usize::from(trapped.iter().any(|&t| s.layout.node(t).is_none()));
            }
            cases += 1;
        }
        assert!(cases > 400, "only {cases} games");
        assert!(
            in_stretches > 10,
            "only {in_stretches} boards trap in a stretch"
        );
    }
}
