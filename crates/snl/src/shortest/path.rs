//! One optimal sequence, rebuilt backwards from the goal through the layer
//! of each square, kept in half a byte a square.

use crate::game::{Game, Move};
use crate::limits::{self, LimitError, Meter};

/// The layer of every position the search reached, in about half a byte a
/// square: for each 64-square word, the first layer that reached any of
/// its squares, and a 4-bit code a square, kept as four bit planes so that
/// a word of newly reached squares is recorded with at most four ORs rather
/// than one write a square. A code of 0 is a square not reached; `c` below
/// [`FAR`] is layer `first + c - 1`; [`FAR`] sends the square to a short
/// list of words reached long after their first square (behind a snake,
/// or with a small die).
///
/// A list of each layer's words, which this replaced, took 12 bytes a word
/// of every layer: on a board of 10^7 squares with 5 % jumps about 26 MB,
/// against 5.6 MB here, and its writes and page faults cost as much as the
/// search itself.
pub(super) struct Reached {
    /// For each word, 1 + the first layer that reached a square of it; 0
    /// while none is reached.
    first: Vec<u32>,
    /// For each word, bit `i` of the code of each of its squares.
    planes: Vec<[u64; 4]>,
    /// `(word, layer, squares)` for the squares whose code is [`FAR`], in
    /// order of words once the search is over.
    far: Vec<(u32, u32, u64)>,
    /// Once the search is over, where the entries of word `w` start in
    /// `far` (and those of `w + 1`, where they end).
    far_at: Vec<u32>,
}

/// The code that sends a square to [`Reached::far`]. Smaller in the unit
/// tests, so that they take that way often.
const FAR: u32 = if cfg!(test) { 3 } else { 15 };

impl Reached {
    /// Room for `positions` positions, none reached.
    pub(super) fn new(positions: usize) -> Result<Reached, LimitError> {
        let words = positions.div_ceil(64) + 1;
        Ok(Reached {
            first: limits::vec_of(words, 0, "the search's table of layers")?,
            planes: limits::vec_of(words, [0; 4], "the search's table of layers")?,
            far: Vec::new(),
            far_at: Vec::new(),
        })
    }

    /// Records that the squares set in `bits` of word `word` were first
    /// reached with `d` rolls; `d` never decreases from call to call.
    // Inlined into the search's loop for the reason given at `spread`.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn record(&mut self, word: usize, bits: u64, d: u32) {
        let first = &mut self.first[word];
        if *first == 0 {
            *first = d + 1;
        }
        let code = match d + 1 - *first + 1 {
            code if code < FAR => code,
            _ => {
                self.far.push((word as u32, d, bits));
                FAR
            }
        };
        // Without a branch a plane: the codes of successive calls follow
        // no pattern a branch predictor could learn.
        for (i, plane) in self.planes[word].iter_mut().enumerate() {
            *plane |= bits & 0u64.wrapping_sub(u64::from(code >> i & 1));
        }
    }

    /// Done recording: the far list put in order of words, with where each
    /// word's entries start, for [`Reached::layer`] (a counting sort: the
    /// list is long on boards with many snakes).
    pub(super) fn finish(mut self) -> Result<Reached, LimitError> {
        let mut at = limits::vec_of(self.first.len() + 1, 0u32, "the search's table of layers")?;
        for &(w, ..) in &self.far {
            at[w as usize + 1] += 1;
        }
        for w in 1..at.len() {
            at[w] += at[w - 1];
        }
        let mut sorted = limits::vec_of(self.far.len(), (0, 0, 0), "the search's table of layers")?;
        let mut fill = at.clone();
        for &entry in &self.far {
            let to = &mut fill[entry.0 as usize];
            sorted[*to as usize] = entry;
            *to += 1;
        }
        self.far = sorted;
        self.far_at = at;
        Ok(self)
    }

    /// The layer of position `p`, `None` when it was not reached.
    fn layer(&self, p: u32) -> Option<u32> {
        let w = p as usize / 64;
        let bit = 1u64 << (p % 64);
        let code = self.planes[w]
            .iter()
            .enumerate()
            .map(|(i, plane)| u32::from(plane & bit != 0) << i)
            .sum::<u32>();
        match code {
            0 => None,
            FAR => self.far[self.far_at[w] as usize..self.far_at[w + 1] as usize]
                .iter()
                .find(|&&(.., bits)| bits & bit != 0)
                .map(|&(_, d, _)| d),
            code => Some(self.first[w] - 1 + code - 1),
        }
    }
}

/// The optimal sequence whose rolls come first in dictionary order.
///
/// First every position on some optimal sequence is marked, from the goal's
/// layer down: a position of layer `d` is on one when a roll takes it to a
/// marked position, which is then of layer `d + 1` (a roll reaches at most
/// one layer further, and only the layers above `d` are marked yet). These
/// positions are few, so they are found backwards: the squares a pawn may
/// land on to rest on a marked position (the position itself, unless a jump
/// starts there, and the starts of the jumps that lead to it), less each
/// roll, are the candidates, kept when their layer is `d`. Rolls that
/// overshoot the goal land by the finish rule, so the positions from which
/// one can are tried roll by roll instead. Then the walk from the start
/// takes, at each roll, the smallest value that rests on a marked position
/// of the next layer.
pub(super) fn first_path(
    game: &Game,
    reached: &Reached,
    k: u32,
    meter: &mut Meter<'_>,
) -> Result<Vec<Move>, LimitError> {
    let rolls: Vec<u32> = game.rules().die.values().collect();
    let goal = game.goal();
    // The jumps, `(rest, start)`, grouped by the word of the square they
    // lead the pawn to rest on: a counting sort, linear in the jumps.
    let rest = game.rest_map();
    let mut group = limits::vec_of(game.positions().div_ceil(64) + 1, 0u32, "the path's tables")?;
    for &v in rest.values() {
        group[v as usize / 64 + 1] += 1;
    }
    for w in 1..group.len() {
        group[w] += group[w - 1];
    }
    let mut jumps_to = limits::vec_of(rest.len(), (0u32, 0u32), "the path's tables")?;
    let mut fill = group.clone();
    for (from, to) in rest.iter() {
        let at = &mut fill[to as usize / 64];
        jumps_to[*at as usize] = (to, from);
        *at += 1;
    }
    drop(fill);
    // The positions from which some roll overshoots the goal, by layer.
    let overshoot = i64::from(goal) - i64::from(game.rules().die.max());
    let mut near: Vec<(u32, u32)> = (overshoot.max(0) as u32..goal)
        .filter_map(|u| reached.layer(u).map(|d| (d, u)))
        .collect();
    near.sort_unstable();
    // The marked positions of each layer, sorted, from the goal's layer
    // down: layer `d` is `on[from_top[k - d]..from_top[k - d + 1]]`.
    let mut on: Vec<u32> = vec![goal];
    let mut from_top: Vec<usize> = vec![0, 1];
    let mut found = Vec::new();
    for d in (0..k).rev() {
        let above = &on[from_top[from_top.len() - 2]..];
        meter.add((above.len() * rolls.len()) as u64 + 1)?;
        found.clear();
        for &v in above {
            let mut from_square = |s: u32| {
                for &r in &rolls {
                    if let Some(u) = s.checked_sub(r)
                        && game.land(u, r) == Some(s)
                        && reached.layer(u) == Some(d)
                    {
                        found.push(u);
                    }
                }
            };
            if game.board().jump(v).is_none() {
                from_square(v);
            }
            let w = v as usize / 64;
            for &(to, s) in &jumps_to[group[w] as usize..group[w + 1] as usize] {
                if to == v {
                    from_square(s);
                }
            }
        }
        let first = near.partition_point(|&(e, _)| e < d);
        for &(_, u) in near[first..].iter().take_while(|&&(e, _)| e == d) {
            if rolls.iter().any(|&r| {
                game.land(u, r)
                    .is_some_and(|s| above.binary_search(&game.rest(s)).is_ok())
            }) {
                found.push(u);
            }
        }
        found.sort_unstable();
        found.dedup();
        on.extend_from_slice(&found);
        from_top.push(on.len());
    }
    let on_path = |d: u32, p: u32| {
        let i = (k - d) as usize;
        on[from_top[i]..from_top[i + 1]].binary_search(&p).is_ok()
    };
    let mut path = Vec::with_capacity(k as usize);
    let mut u = game.start();
    for d in 1..=k {
        let m = rolls
            .iter()
            .filter_map(|&r| game.step(u, r))
            .find(|m| on_path(d, m.to))
            .expect("a marked position leads on to the next layer");
        path.push(m);
        u = m.to;
    }
    Ok(path)
}
