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
//! search keeps a few bits per square; [`distances`] adds one `u32` per
//! square, and [`solve`] half a byte per square, the layer of each square
//! coded in four bit planes, to rebuild a path from.
//!
//! Under a bonus limit (the `n`th top value in a row sends the pawn back to
//! the start) a sequence may not hold `n` tops in a row within a turn, so a
//! position alone no longer says which rolls are allowed: the search runs
//! over (position, streak) pairs through [`Game::play`] instead. Without a
//! limit, bonus rolls change nothing here and the fast search is used.

use num_bigint::BigUint;

use crate::board::JumpMap;
use crate::game::{Game, Move, Pawn, States};
use crate::limits::{self, Control, Estimate, LimitError, Meter};

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
/// assert_eq!(snl::shortest::min_rolls(&game)?, Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`LimitError::Alloc`] when the search's tables cannot be allocated: the
/// `_with` form under [`Control::default`], which sets no budget.
pub fn min_rolls(game: &Game) -> Result<Option<u32>, LimitError> {
    min_rolls_with(game, &Control::default())
}

/// [`min_rolls`] under a [`Control`]: refused up front when its estimate
/// ([`Search::MinRolls`]) is over the budget, stopped when the
/// token is set.
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
pub fn min_rolls_with(game: &Game, ctl: &Control) -> Result<Option<u32>, LimitError> {
    min_rolls_from_with(game, game.start(), ctl)
}

/// The fewest rolls from position `from` (a pawn there at the start of a
/// turn) to the last square, or `None` when it cannot be reached.
///
/// # Errors
///
/// As [`min_rolls`].
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
/// assert_eq!(snl::shortest::min_rolls(&game)?, Some(4));
/// assert_eq!(snl::shortest::min_rolls_from(&game, game.rest(1))?, Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_rolls_from(game: &Game, from: u32) -> Result<Option<u32>, LimitError> {
    min_rolls_from_with(game, from, &Control::default())
}

/// [`min_rolls_from`] under a [`Control`] (see [`min_rolls_with`]).
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
///
/// # Panics
///
/// When `from` is not a position of the game (above the last square).
pub fn min_rolls_from_with(
    game: &Game,
    from: u32,
    ctl: &Control,
) -> Result<Option<u32>, LimitError> {
    assert!(
        from <= game.goal(),
        "position {from} is past the last square"
    );
    ctl.admit_by("the fewest-rolls search", || {
        estimate(game, Search::MinRolls)
    })?;
    let mut meter = ctl.meter();
    if limited(game) {
        return Ok(StreakSearch::search(game, from, true, &mut meter)?.goal);
    }
    bfs(game, from, true, &mut meter, |_, _, _| {})
}

/// The fewest rolls and one optimal sequence of moves.
///
/// The search keeps the layer of every square in half a byte (four bit
/// planes a word of squares) rather than a `u32` distance, and rebuilds the
/// sequence backwards from the goal through the few squares on optimal
/// sequences.
///
/// # Errors
///
/// [`LimitError::Alloc`] when the search's tables cannot be allocated: the
/// `_with` form under [`Control::default`], which sets no budget.
pub fn solve(game: &Game) -> Result<Solution, LimitError> {
    solve_with(game, &Control::default())
}

/// [`solve`] under a [`Control`] (see [`min_rolls_with`]).
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
pub fn solve_with(game: &Game, ctl: &Control) -> Result<Solution, LimitError> {
    ctl.admit_by("the fewest-rolls search", || estimate(game, Search::Solve))?;
    let mut meter = ctl.meter();
    if limited(game) {
        let s = StreakSearch::search(game, game.start(), false, &mut meter)?;
        return Ok(Solution {
            min_rolls: s.goal,
            path: s.first_path(game, &mut meter)?,
        });
    }
    let mut reached = Reached::new(game.positions())?;
    let start = game.start();
    reached.record(start as usize / 64, 1 << (start % 64), 0);
    let min_rolls = bfs(game, start, true, &mut meter, |word, bits, d| {
        reached.record(word, bits, d);
    })?;
    let path = match min_rolls {
        Some(k) => first_path(game, &reached.finish()?, k, &mut meter)?,
        None => Vec::new(),
    };
    Ok(Solution { min_rolls, path })
}

/// The fewest rolls from the start to every position (`None` where a position
/// cannot be reached, or is only passed over by jumps). Index 0 is the
/// off-board start.
///
/// # Errors
///
/// [`LimitError::Alloc`] when the search's tables cannot be allocated: the
/// `_with` form under [`Control::default`], which sets no budget.
pub fn distances(game: &Game) -> Result<Vec<Option<u32>>, LimitError> {
    distances_with(game, &Control::default())
}

/// [`distances`] under a [`Control`] (see [`min_rolls_with`]).
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
pub fn distances_with(game: &Game, ctl: &Control) -> Result<Vec<Option<u32>>, LimitError> {
    ctl.admit_by("the fewest-rolls search", || estimate(game, Search::Solve))?;
    let mut meter = ctl.meter();
    if limited(game) {
        let s = StreakSearch::search(game, game.start(), false, &mut meter)?;
        let mut dist = limits::vec_of(game.positions(), None, "the distance table")?;
        for (k, &d) in s.dist.iter().enumerate() {
            let p = s.states.position(k) as usize;
            if d != u32::MAX && dist[p].is_none_or(|e| d < e) {
                dist[p] = Some(d);
            }
        }
        return Ok(dist);
    }
    let mut dist = limits::vec_of(game.positions(), u32::MAX, "the distance table")?;
    dist[game.start() as usize] = 0;
    bfs(game, game.start(), false, &mut meter, |word, bits, d| {
        set_distances(&mut dist, word, bits, d);
    })?;
    let mut out = limits::with_capacity(dist.len(), "the distance table")?;
    out.extend(dist.into_iter().map(|d| (d != u32::MAX).then_some(d)));
    Ok(out)
}

/// How many distinct roll sequences reach the last square in the fewest
/// rolls, or `None` when it cannot be reached. Two different rolls that lead
/// to the same square count as different sequences. The count is exact
/// however large; it grows with the board, so this costs more than the
/// search itself on long boards.
///
/// # Errors
///
/// [`LimitError::Alloc`] when the search's tables cannot be allocated: the
/// `_with` form under [`Control::default`], which sets no budget.
pub fn count_optimal(game: &Game) -> Result<Option<BigUint>, LimitError> {
    count_optimal_with(game, &Control::default())
}

/// [`count_optimal`] under a [`Control`]: refused up front when its
/// estimate ([`Search::Count`], which grows with the fewest rolls
/// times the board, the count having that many digits) is over the budget,
/// and stopped when the token is set.
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
pub fn count_optimal_with(game: &Game, ctl: &Control) -> Result<Option<BigUint>, LimitError> {
    ctl.admit_by("counting the optimal sequences", || {
        estimate(game, Search::Count)
    })?;
    let mut meter = ctl.meter();
    if limited(game) {
        return StreakSearch::search(game, game.start(), false, &mut meter)?
            .count(game, &mut meter);
    }
    let dist = distances_with(game, ctl)?;
    let Some(best) = dist[game.goal() as usize] else {
        return Ok(None);
    };
    // Positions by layer: counts flow only from layer d to layer d + 1.
    let mut order: Vec<u32> = (0..game.positions() as u32)
        .filter(|&p| dist[p as usize].is_some_and(|d| d < best))
        .collect();
    order.sort_by_key(|&p| dist[p as usize]);
    let mut count = limits::vec_of(game.positions(), BigUint::default(), "the count table")?;
    count[game.start() as usize] = BigUint::from(1u32);
    for &u in &order {
        let cu = std::mem::take(&mut count[u as usize]);
        let du = dist[u as usize];
        meter.add(cu.bits() / 64 + 1)?;
        for r in game.rules().die.values() {
            let v = game.next(u, r);
            if dist[v as usize].is_some_and(|dv| Some(dv) == du.map(|d| d + 1)) {
                count[v as usize] += &cu;
            }
        }
    }
    Ok(Some(std::mem::take(&mut count[game.goal() as usize])))
}

/// Which of this module's searches an [`estimate`] is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Search {
    /// The fewest rolls alone ([`min_rolls`]).
    MinRolls,
    /// The fewest rolls with a path ([`solve`]), or the distance to every
    /// square ([`distances`]).
    Solve,
    /// The number of optimal roll sequences ([`count_optimal`]).
    Count,
}

/// The memory and work `search` of `game` will take, from the sizes alone
/// (no table is built; counting runs the cheap search for the fewest rolls,
/// which sets how many digits the count has).
///
/// ```
/// use snl::shortest::{self, Search};
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(100_000)?, Rules::default())?;
/// let search = shortest::estimate(&game, Search::Solve);
/// assert!(shortest::estimate(&game, Search::Count).work > search.work);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn estimate(game: &Game, search: Search) -> Estimate {
    let n = game.positions() as f64;
    let states = n * f64::from(game.streaks());
    let faces = game.rules().die.values().count() as f64;
    let jumps = game.board().jump_count() as f64;
    if limited(game) {
        // The search over (position, streak) pairs: distance, parent and
        // queue, 16 bytes a state; each face played once.
        let search_alone = Estimate::from_f64(states * 16.0, states * faces * 8.0);
        return match search {
            Search::Count => search_alone.then(count_estimate(game, states, faces)),
            _ => search_alone,
        };
    }
    match search {
        Search::MinRolls => Estimate::from_f64(n * 0.5, n * 0.25 + jumps * faces),
        Search::Solve => Estimate::from_f64(n * 5.5, n * 2.0 + jumps * faces * 4.0),
        Search::Count => {
            Estimate::from_f64(n * 5.5, n * 2.0).then(count_estimate(game, states, faces))
        }
    }
}

/// Counting optimal sequences: exact integers that grow by up to
/// `log2(faces)` bits a roll, added once per face and position.
fn count_estimate(game: &Game, states: f64, faces: f64) -> Estimate {
    // The count of sequences of `d` rolls has at most d·log2(faces) bits.
    // The fewest rolls come from the cheap search; a board where the goal
    // cannot be reached counts nothing, and one whose search cannot even be
    // allocated cannot be counted.
    let d = match min_rolls_from_with(game, game.start(), &Control::default()) {
        Ok(Some(d)) => d,
        Ok(None) => return Estimate::default(),
        Err(_) => return Estimate::new(u64::MAX, u64::MAX),
    };
    let bits = f64::from(d) * faces.max(2.0).log2() + 64.0;
    let words = bits / 64.0;
    // One number a position on the two layers in play, and the vector of
    // them all.
    Estimate::from_f64(
        states * 32.0 + faces * 2.0 * words * 8.0 * 1024.0,
        states * faces * (words + 4.0),
    )
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

    fn search(
        game: &Game,
        from: u32,
        stop_at_goal: bool,
        meter: &mut Meter<'_>,
    ) -> Result<StreakSearch, LimitError> {
        let states = game.choice_states();
        let n = states.len();
        let mut s = StreakSearch {
            states,
            dist: limits::vec_of(n, u32::MAX, "the search's distance table")?,
            parent: limits::vec_of(n, u32::MAX, "the search's table of parents")?,
            goal: None,
        };
        let start = s.state(Pawn {
            at: from,
            streak: 0,
        });
        s.dist[start] = 0;
        if from == game.goal() {
            s.goal = Some(0);
            return Ok(s);
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
            meter.add(8)?;
            let next: Vec<usize> = s.moves(game, u).map(|(_, v)| v).collect();
            for v in next {
                if s.dist[v] == u32::MAX {
                    s.dist[v] = d;
                    s.parent[v] = u as u32;
                    queue.push(v);
                    if v == goal {
                        s.goal = Some(d);
                        if stop_at_goal {
                            return Ok(s);
                        }
                    }
                }
            }
        }
        Ok(s)
    }

    /// The optimal sequence whose rolls come first in dictionary order, as
    /// [`first_path`] finds it for the fast search. Needs the full search
    /// (`stop_at_goal` false) so that every state's distance is known.
    fn first_path(&self, game: &Game, meter: &mut Meter<'_>) -> Result<Vec<Move>, LimitError> {
        let Some(k) = self.goal.filter(|&k| k > 0) else {
            return Ok(Vec::new());
        };
        let goal = self.state(Pawn {
            at: game.goal(),
            streak: 0,
        });
        // Every edge between consecutive layers, by its head.
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for u in (0..self.dist.len()).filter(|&u| self.dist[u] < k) {
            meter.add(8)?;
            for (_, v) in self.moves(game, u) {
                if self.dist[v] == self.dist[u] + 1 {
                    edges.push((v, u));
                }
            }
        }
        edges.sort_unstable();
        let mut on_path = limits::vec_of(self.dist.len(), false, "the table of optimal states")?;
        on_path[goal] = true;
        let mut layer = vec![goal];
        while !layer.is_empty() {
            meter.add(layer.len() as u64)?;
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
        Ok(path)
    }

    fn count(&self, game: &Game, meter: &mut Meter<'_>) -> Result<Option<BigUint>, LimitError> {
        let Some(best) = self.goal else {
            return Ok(None);
        };
        let goal = self.state(Pawn {
            at: game.goal(),
            streak: 0,
        });
        let mut order: Vec<usize> = (0..self.dist.len())
            .filter(|&k| self.dist[k] < best)
            .collect();
        order.sort_by_key(|&k| self.dist[k]);
        let mut count = limits::vec_of(self.dist.len(), BigUint::default(), "the count table")?;
        count[order.first().copied().unwrap_or(goal)] = BigUint::from(1u32);
        for &u in &order {
            let cu = std::mem::take(&mut count[u]);
            meter.add(cu.bits() / 64 + 8)?;
            for (_, v) in self.moves(game, u) {
                if self.dist[v] == self.dist[u] + 1 {
                    count[v] += &cu;
                }
            }
        }
        Ok(Some(std::mem::take(&mut count[goal])))
    }
}

fn set_distances(dist: &mut [u32], word: usize, mut bits: u64, d: u32) {
    while bits != 0 {
        dist[word * 64 + bits.trailing_zeros() as usize] = d;
        bits &= bits - 1;
    }
}

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
struct Reached {
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
    fn new(positions: usize) -> Result<Reached, LimitError> {
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
    fn record(&mut self, word: usize, bits: u64, d: u32) {
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
    fn finish(mut self) -> Result<Reached, LimitError> {
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
fn first_path(
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
    meter: &mut Meter<'_>,
    mut new: impl FnMut(usize, u64, u32),
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
            let values = rest.values();
            while on_jump != 0 {
                let bit = on_jump & on_jump.wrapping_neg();
                on_jump &= on_jump - 1;
                let v = values[first + (jumps & (bit - 1)).count_ones() as usize];
                if seen[v as usize / 64] & (1 << (v % 64)) == 0 {
                    next.add_position(v);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Bonus, Finish, Rules, Start};

    use crate::game::tests::game;

    // The searches of these small boards always have their tables.
    fn min_rolls(game: &Game) -> Option<u32> {
        super::min_rolls(game).unwrap()
    }
    fn solve(game: &Game) -> Solution {
        super::solve(game).unwrap()
    }
    fn distances(game: &Game) -> Vec<Option<u32>> {
        super::distances(game).unwrap()
    }
    fn count_optimal(game: &Game) -> Option<BigUint> {
        super::count_optimal(game).unwrap()
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
        // Six squares and a die that shows 1 or 6; the last square is five
        // away. Exactly, only five 1s reach it. A 6 bounces back from 6 to
        // square 5, one short. Passing, a 6 finishes at once.
        let with = |finish| Rules {
            finish,
            die: "1,0,0,0,0,1".parse().unwrap(),
            ..Rules::default()
        };
        assert_eq!(min_rolls(&game(6, &[], with(Finish::Exact))), Some(5));
        let bounce = solve(&game(6, &[], with(Finish::Bounce)));
        assert_eq!(bounce.min_rolls, Some(2));
        let landed: Vec<(u32, u32)> = bounce.path.iter().map(|m| (m.roll, m.land)).collect();
        assert_eq!(landed, vec![(6, 5), (1, 6)]);
        assert_eq!(min_rolls(&game(6, &[], with(Finish::Pass))), Some(1));
        // A 2d6 never shows 1, so on two squares only an overshoot ends
        // the game: never exactly, at once by passing or by bouncing an odd
        // total back onto square 2.
        let two = |finish| Rules {
            finish,
            die: "2d6".parse().unwrap(),
            ..Rules::default()
        };
        assert_eq!(min_rolls(&game(2, &[], two(Finish::Exact))), None);
        assert_eq!(min_rolls(&game(2, &[], two(Finish::Pass))), Some(1));
        assert_eq!(min_rolls(&game(2, &[], two(Finish::Bounce))), Some(1));
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

    /// The path rebuilt from the coded layers ([`Reached`], whose far list
    /// takes every square more than one layer past its word's first in
    /// these tests) is the one the search over states finds from its
    /// explicit edges, on random boards under every finish rule and die.
    #[test]
    fn coded_layers_give_the_path_of_the_state_search() {
        use crate::rng::SplitMix64;
        use crate::{Board, Die, Jump};

        let mut rng = SplitMix64::new(13);
        let mut checked = 0;
        for case in 0..300 {
            let n = 2 + rng.below(700) as u32;
            let mut starts = std::collections::BTreeSet::new();
            let jumps: Vec<Jump> = (0..rng.below(u64::from(n) / 3 + 1))
                .filter_map(|_| {
                    let from = 2 + rng.below(u64::from(n - 1)) as u32;
                    let to = 1 + rng.below(u64::from(n)) as u32;
                    (from < n && to != from && starts.insert(from)).then_some(Jump { from, to })
                })
                .collect();
            let Ok(board) = Board::new(n, jumps) else {
                continue;
            };
            let rules = Rules {
                die: Die::uniform(1 + rng.below(if case % 10 == 0 { 80 } else { 8 }) as u32)
                    .unwrap(),
                finish: [Finish::Exact, Finish::Pass, Finish::Bounce][case % 3],
                chain: case % 4 == 0,
                start: if case % 5 == 0 {
                    Start::OffBoard
                } else {
                    Start::default()
                },
                ..Rules::default()
            };
            let Ok(g) = Game::new(board, rules) else {
                continue;
            };
            let ctl = Control::default();
            let mut meter = ctl.meter();
            let states = StreakSearch::search(&g, g.start(), false, &mut meter).unwrap();
            let s = solve(&g);
            assert_eq!(s.min_rolls, states.goal, "case {case}");
            assert_eq!(
                s.path,
                states.first_path(&g, &mut meter).unwrap(),
                "case {case}"
            );
            checked += 1;
        }
        assert!(checked > 200, "only {checked} boards were playable");
    }
}
