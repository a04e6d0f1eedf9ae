//! One optimal sequence, rebuilt backwards from the goal through the layer
//! of each square, kept in half a byte a square. On a long board the layers
//! are recorded on a second thread while the search goes on.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use super::layers::bfs;
use crate::game::{Game, Move};
use crate::limits::{self, LimitError, Meter};

/// The layer of every position the search reached, in about half a byte a
/// square: for each 64-square word, the first layer that reached any of
/// its squares, and a 4-bit code a square, kept as four bit planes so that
/// a word of newly reached squares is recorded with at most four ORs rather
/// than one write a square. A code of 0 is a square not reached; `c` below
/// [`FAR`] is layer `first + c - 1`; [`FAR`] sends the square to a list of
/// words reached long after their first square (behind a snake, or with a
/// small die), chained word by word.
///
/// A list of each layer's words, which this replaced, took 12 bytes a word
/// of every layer: on a board of 10^7 squares with 5 % jumps about 26 MB,
/// against 5.6 MB here, and its writes and page faults cost as much as the
/// search itself.
pub(super) struct Reached {
    /// For each word: 1 + the first layer that reached a square of it (0
    /// while none is reached), and 1 + the index in `far` of its last
    /// entry there (0 while it has none).
    heads: Vec<[u32; 2]>,
    /// For each word, bit `i` of the code of each of its squares.
    planes: Vec<[u64; 4]>,
    /// `(layer, 1 + the word's entry before, squares)` for the squares
    /// whose code is [`FAR`]. On that board nearly every word has one, so
    /// the entries of a word are found through its chain: putting them in
    /// order of words once the search was over took a tenth as long as the
    /// search.
    far: Vec<(u32, u32, u64)>,
}

/// The code that sends a square to [`Reached::far`]. Smaller in the unit
/// tests, so that they take that way often.
const FAR: u32 = if cfg!(test) { 3 } else { 15 };

impl Reached {
    /// Room for the positions of `game`, none reached but its start, in
    /// layer 0.
    pub(super) fn new(game: &Game) -> Result<Reached, LimitError> {
        let words = game.positions().div_ceil(64) + 1;
        let mut reached = Reached {
            heads: limits::vec_of(words, [0; 2], "the search's table of layers")?,
            planes: limits::vec_of(words, [0; 4], "the search's table of layers")?,
            far: Vec::new(),
        };
        let start = game.start();
        reached.record(start as usize / 64, 1 << (start % 64), 0);
        Ok(reached)
    }

    /// Records that the squares set in `bits` of word `word` were first
    /// reached with `d` rolls; `d` never decreases from call to call.
    // Inlined into the search's loop for the reason given at `spread`.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn record(&mut self, word: usize, bits: u64, d: u32) {
        let [first, far] = &mut self.heads[word];
        if *first == 0 {
            *first = d + 1;
        }
        let code = match d + 1 - *first + 1 {
            code if code < FAR => code,
            _ => {
                self.far.push((d, *far, bits));
                *far = self.far.len() as u32;
                FAR
            }
        };
        // Without a branch a plane: the codes of successive calls follow
        // no pattern a branch predictor could learn.
        for (i, plane) in self.planes[word].iter_mut().enumerate() {
            *plane |= bits & 0u64.wrapping_sub(u64::from(code >> i & 1));
        }
    }

    /// Records a layer of the search ([`super::layers::bfs`]): its squares
    /// were first reached with `d` rolls.
    pub(super) fn record_layer(&mut self, layer: &[(u32, u64)], d: u32) {
        for &(word, bits) in layer {
            self.record(word as usize, bits, d);
        }
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
        let [first, mut far] = self.heads[w];
        match code {
            0 => None,
            FAR => {
                while far != 0 {
                    let (d, before, bits) = self.far[far as usize - 1];
                    if bits & bit != 0 {
                        return Some(d);
                    }
                    far = before;
                }
                unreachable!("a square coded far is in its word's chain")
            }
            code => Some(first - 1 + code - 1),
        }
    }
}

/// The search for [`super::solve`]: the fewest rolls, the layer of every
/// square reached, and the game's jumps grouped for the way back.
pub(super) fn search_recorded(
    game: &Game,
    meter: &mut Meter<'_>,
) -> Result<(Option<u32>, Reached, JumpsTo), LimitError> {
    // A browser's WebAssembly has no threads to start.
    // Nor is a second thread any use on one core: the recorder, which waits
    // for the search's batches awake, would take turns with it.
    if cfg!(target_family = "wasm")
        || game.positions() < RECORD_APART_FROM
        || std::thread::available_parallelism().map_or(1, usize::from) < 2
    {
        let mut reached = Reached::new(game)?;
        let min_rolls = bfs(game, game.start(), true, meter, |layer, d| {
            reached.record_layer(layer, d);
        })?;
        return Ok((min_rolls, reached, JumpsTo::new(game)?));
    }
    search_recording_apart(game, meter)
}

/// Boards of at least this many positions are searched for [`super::solve`] with
/// the layers recorded on a second thread. The unit tests take both ways.
pub(super) const RECORD_APART_FROM: usize = if cfg!(test) { 350 } else { 1 << 20 };

/// The layers a second thread is given at a time: at least this many words
/// of squares, so that it is woken a few hundred times on a long board
/// rather than once a layer.
const RECORD_BATCH: usize = if cfg!(test) { 4 } else { 8192 };

/// How many times the recorder looks for a batch before it sleeps until
/// one comes: some milliseconds.
const SPINS: u32 = 1 << 16;

/// [`search_recorded`] with the layers recorded, and the jumps grouped, on a
/// second thread. On a board of 10^7 squares with 5 % jumps the recording
/// and its tables cost about a third as much as the search itself; handing
/// each layer over (a copy into a batch, a few hundred sends) costs about a
/// tenth. The search's thread never waits for the recorder but at the end.
fn search_recording_apart(
    game: &Game,
    meter: &mut Meter<'_>,
) -> Result<(Option<u32>, Reached, JumpsTo), LimitError> {
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<Batch>();
        let (give_back, take_back) = mpsc::channel::<Batch>();
        let stop = &stop;
        let recorder = scope.spawn(move || {
            let jumps_to = JumpsTo::new(game);
            let mut reached = Reached::new(game)?;
            // The recorder waits for a batch awake, for a while, so that
            // the search hands it over without a call to the system to
            // wake it (a few hundred calls, each a few microseconds of the
            // search's thread).
            let next = || {
                for _ in 0..SPINS {
                    match receive.try_recv() {
                        Err(mpsc::TryRecvError::Empty) => std::hint::spin_loop(),
                        other => return other.ok(),
                    }
                }
                receive.recv().ok()
            };
            while let Some(mut batch) = next() {
                // The search failed: what is left is not wanted.
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let mut from = 0;
                for &(end, d) in &batch.layers {
                    reached.record_layer(&batch.words[from..end], d);
                    from = end;
                }
                batch.words.clear();
                batch.layers.clear();
                let _ = give_back.send(batch);
            }
            Ok((reached, jumps_to?))
        });
        let mut batch = Batch::default();
        let min_rolls = bfs(game, game.start(), true, meter, |layer, d| {
            batch.words.extend_from_slice(layer);
            batch.layers.push((batch.words.len(), d));
            if batch.words.len() >= RECORD_BATCH {
                // A batch the recorder is done with, so that the memory
                // of a few batches serves the whole search.
                let fresh = take_back.try_recv().unwrap_or_default();
                // Sent in vain only when the recorder failed; its error
                // comes with its result.
                let _ = send.send(std::mem::replace(&mut batch, fresh));
            }
        });
        if min_rolls.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        let _ = send.send(batch);
        // The recorder's loop ends here (and on a panic of the search, which
        // drops `send` too, so the scope never waits for it in vain).
        drop(send);
        let tables: Result<(Reached, JumpsTo), LimitError> = match recorder.join() {
            Ok(tables) => tables,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        let min_rolls = min_rolls?;
        let (reached, jumps_to) = tables?;
        Ok((min_rolls, reached, jumps_to))
    })
}

/// Layers of the search on their way to be recorded: their words one after
/// the other, and where each layer ends in them, with its distance.
#[derive(Default)]
struct Batch {
    words: Vec<(u32, u64)>,
    layers: Vec<(usize, u32)>,
}

/// The jumps of a game, `(rest, start)`, grouped by the word of the square
/// they lead the pawn to rest on, for [`first_path`] to go back from a
/// square through the jumps that lead to it. Built from the game alone, so
/// while the search runs.
pub(super) struct JumpsTo {
    /// The jumps, word by word of their resting squares.
    jumps: Vec<(u32, u32)>,
    /// Where the jumps resting in word `w` start in `jumps` (and those of
    /// `w + 1`, where they end).
    group: Vec<u32>,
}

impl JumpsTo {
    /// The grouped jumps of `game`: a counting sort, linear in the jumps.
    pub(super) fn new(game: &Game) -> Result<JumpsTo, LimitError> {
        let rest = game.rest_map();
        let mut group =
            limits::vec_of(game.positions().div_ceil(64) + 1, 0u32, "the path's tables")?;
        for &v in rest.values() {
            group[v as usize / 64 + 1] += 1;
        }
        for w in 1..group.len() {
            group[w] += group[w - 1];
        }
        let mut jumps = limits::vec_of(rest.len(), (0u32, 0u32), "the path's tables")?;
        let mut fill = group.clone();
        for (from, to) in rest.iter() {
            let at = &mut fill[to as usize / 64];
            jumps[*at as usize] = (to, from);
            *at += 1;
        }
        Ok(JumpsTo { jumps, group })
    }

    /// The jumps whose pawns rest in the word of square `v` (some rest
    /// elsewhere in it than `v`).
    fn near(&self, v: u32) -> &[(u32, u32)] {
        let w = v as usize / 64;
        &self.jumps[self.group[w] as usize..self.group[w + 1] as usize]
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
    jumps_to: &JumpsTo,
    k: u32,
    meter: &mut Meter<'_>,
) -> Result<Vec<Move>, LimitError> {
    let rolls: Vec<u32> = game.rules().die.values().collect();
    let goal = game.goal();
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
            for &(to, s) in jumps_to.near(v) {
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
