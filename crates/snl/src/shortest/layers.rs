//! The breadth-first search a whole layer at a time, 64 squares to a word
//! of a bitset.

use crate::board::JumpMap;
use crate::game::Game;
use crate::limits::{self, LimitError, Meter};

pub(super) fn set_distances(dist: &mut [u32], word: usize, mut bits: u64, d: u32) {
    while bits != 0 {
        dist[word * 64 + bits.trailing_zeros() as usize] = d;
        bits &= bits - 1;
    }
}

/// The mask of the bits of word `w` whose positions are at most `last`
/// (none when `last` is negative).
fn mask_up_to(last: i64, w: usize) -> u64 {
    match last - (w * 64) as i64 {
        x if x >= 63 => u64::MAX,
        x if x < 0 => 0,
        x => u64::MAX >> (63 - x),
    }
}

/// The last position from which no roll can overshoot the goal, when the
/// word-at-a-time moves apply (rolls up to 64); -1 otherwise.
fn fast_last(game: &Game) -> i64 {
    let max = game.rules().die.max();
    if max <= 64 {
        i64::from(game.goal()) - i64::from(max)
    } else {
        -1
    }
}

/// The next layer as it is being built: a bitset over positions, and the
/// words of it that are not zero, so that it can be read and cleared without
/// a pass over the whole board.
struct NextLayer {
    bits: Vec<u64>,
    touched: Vec<u32>,
    /// The jumps taken in this layer, as indexes into the rest map's
    /// destinations, looked at once the layer is spread (see
    /// [`NextLayer::add_taken`]).
    taken: Vec<u32>,
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

    /// Adds the destinations of the jumps taken, those not seen yet. The
    /// destinations, and their words, lie anywhere on the board: read in a
    /// loop of their own rather than one by one among the shifts, many of
    /// these reads are under way at once (the search on a 10^7-square board
    /// with 500,000 jumps takes about 15 % less time).
    fn add_taken(&mut self, seen: &[u64], values: &[u32]) {
        let taken = std::mem::take(&mut self.taken);
        for &i in &taken {
            let v = values[i as usize];
            let (w, bit) = (v as usize / 64, 1u64 << (v % 64));
            if seen[w] & bit == 0 {
                self.add(w, bit);
            }
        }
        self.taken = taken;
        self.taken.clear();
    }
}

/// Breadth-first search from position `start`, a layer at a time.
/// `new(layer, d)` is called with each layer of newly reached positions and
/// their distance `d`, from 1 up (`start` is not given): `(w, bits)` for
/// each word `w` that has some, bit `b` standing for position `64 w + b`.
/// Returns the distance of the goal; with `stop_at_goal` the search ends
/// with the goal's layer.
pub(super) fn bfs(
    game: &Game,
    start: u32,
    stop_at_goal: bool,
    meter: &mut Meter<'_>,
    mut new: impl FnMut(&[(u32, u64)], u32),
) -> Result<Option<u32>, LimitError> {
    let goal = game.goal();
    if start == goal {
        return Ok(Some(0));
    }
    let die = &game.rules().die;
    let rolls: Vec<u32> = die.values().collect();
    // Pawns on positions up to `fast_last` cannot overshoot; the shifts only
    // handle rolls up to 64.
    let fast_last = fast_last(game);
    let rest = game.rest_map();
    let words = game.positions().div_ceil(64) + 1;
    let mut seen = limits::vec_of(words, 0u64, "the search's table of squares seen")?;
    // The jump starts whose destination has not been put in a layer yet:
    // once it has, landing there again brings nothing new, and skipping it
    // saves a look at the destination's word, which lies anywhere on the
    // board (most of the search's cache misses were these).
    let mut live = limits::with_capacity(rest.bits().len(), "the search's table of jumps")?;
    live.extend_from_slice(rest.bits());
    let mut next = NextLayer {
        bits: limits::vec_of(words, 0u64, "the search's next layer")?,
        touched: Vec::new(),
        taken: Vec::new(),
    };
    let mut layer: Vec<(u32, u64)> = vec![(start / 64, 1 << (start % 64))];
    seen[start as usize / 64] |= 1 << (start % 64);
    let (goal_word, goal_bit) = (goal as usize / 64, 1u64 << (goal % 64));

    let (mut d, mut goal_d) = (0, None);
    while !layer.is_empty() {
        meter.add(layer.len() as u64 * rolls.len() as u64)?;
        for &(w, bits) in &layer {
            let w = w as usize;
            let base = (w * 64) as i64;
            let fast_mask = mask_up_to(fast_last, w);
            // Near the end: one pawn and one roll at a time, by the rules.
            let mut slow = bits & !fast_mask;
            while slow != 0 {
                let u = (base + i64::from(slow.trailing_zeros())) as u32;
                slow &= slow - 1;
                for &r in &rolls {
                    if let Some(land) = game.land(u, r) {
                        next.add_position(game.rest(land));
                    }
                }
            }
            let fast = bits & fast_mask;
            if fast != 0 {
                spread(fast, w, &rolls, rest, &mut live, &seen, &mut next);
            }
        }
        next.add_taken(&seen, rest.values());
        d += 1;
        layer.clear();
        for &w in &next.touched {
            let w = w as usize;
            let fresh = next.bits[w] & !seen[w];
            next.bits[w] = 0;
            if fresh != 0 {
                seen[w] |= fresh;
                layer.push((w as u32, fresh));
            }
        }
        next.touched.clear();
        if !layer.is_empty() {
            new(&layer, d);
        }
        if goal_d.is_none() && seen[goal_word] & goal_bit != 0 {
            goal_d = Some(d);
            if stop_at_goal {
                break;
            }
        }
    }
    Ok(goal_d)
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
    rest: &JumpMap,
    live: &mut [u64],
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
        let jumps = rest.bits()[word];
        let plain = landed & !jumps & !seen[word];
        if plain != 0 {
            next.add(word, plain);
        }
        let mut on_jump = landed & live[word];
        if on_jump != 0 {
            live[word] &= !on_jump;
            // The jumps of this word are listed from `before[word]` on, in
            // order of their squares.
            let first = rest.before()[word] as usize;
            while on_jump != 0 {
                let bit = on_jump & on_jump.wrapping_neg();
                on_jump &= on_jump - 1;
                next.taken
                    .push((first + (jumps & (bit - 1)).count_ones() as usize) as u32);
            }
        }
    }
}
