//! The fewest rolls on a board of any length, and one optimal sequence.
//!
//! On an empty stretch the fewest rolls to advance `d` squares, `f(d)`,
//! obeys `f(d) = 1 + min f(d - v)` over the die's values `v`: a recurrence
//! on the last `K` values (`K` the top value) that, once a window of `K`
//! values is the one before it plus one, stays so, `f(d + K) = f(d) + 1`.
//! The search finds that window and answers for any `d` from it. Past that
//! point an optimal crossing can start and end with a roll of `K`, so the
//! fewest rolls from the last squares before a stretch to the first squares
//! after it are `f` of the distance, whatever lies either side.
//!
//! The search runs backward from the last square over the squares kept one
//! by one (see the [module](super)): a roll between them costs one, a
//! crossing of a stretch `f` of its length, so it is Dijkstra's search
//! rather than a breadth-first one. It gives each square's fewest rolls to the end, and
//! the sequence is then walked forward from the start taking the smallest
//! roll that keeps to an optimal sequence, the sequence whose rolls come
//! first in dictionary order: the one [`crate::shortest::solve`] finds. In a
//! stretch the rolls to the end follow the same kind of recurrence, worked
//! out from the stretch's end until it repeats, so the walk takes the long
//! run of top values across it in one step.

// The names of the mathematics: u, t, x squares, d, e distances, k the top
// value, h the rolls to the end.
#![allow(clippy::many_single_char_names)]

use crate::limits::{self, Control, Estimate, LimitError, Meter};
use crate::sparse::layout::{self, Layout};
use crate::sparse::{SparseError, SparseGame, SparseMove, Unsupported};

pub mod count;
mod radix;
use radix::RadixHeap;

/// The fewest rolls and one way to achieve them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The fewest rolls from the start to the last square; `None` when it
    /// cannot be reached.
    pub min_rolls: Option<u64>,
    /// The optimal sequence whose rolls come first in dictionary order, as
    /// runs of equal rolls (empty when unreachable, or when the pawn starts
    /// on the last square).
    pub path: Vec<Run>,
}

/// `count` rolls of `roll` in a row from square `from`: the rolls land on
/// `from + roll`, `from + 2·roll`, ..., plain squares where the pawn rests,
/// but the last, which lands on `land` (`from + count·roll`, unless the
/// finish rule moved it) and rests on `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Run {
    /// The value rolled.
    pub roll: u32,
    /// How many times in a row.
    pub count: u64,
    /// The square the pawn stood on before the run.
    pub from: u64,
    /// The square the run's last roll landed on.
    pub land: u64,
    /// The square the pawn rests on after the run.
    pub to: u64,
}

impl Run {
    /// The run's moves one by one.
    pub fn moves(&self) -> impl Iterator<Item = SparseMove> + '_ {
        (1..=self.count).map(move |i| {
            if i == self.count {
                SparseMove {
                    roll: self.roll,
                    land: self.land,
                    to: self.to,
                }
            } else {
                let at = self.from + i * u64::from(self.roll);
                SparseMove {
                    roll: self.roll,
                    land: at,
                    to: at,
                }
            }
        })
    }

    /// Whether the run ends on a plain forward move, so that the next roll
    /// of the same value continues it.
    fn open(&self) -> bool {
        self.to == self.land && self.land == self.from + self.count * u64::from(self.roll)
    }
}

/// A path played move by move from square `start`, as runs of equal rolls:
/// the shape [`solve`] gives, for a path of the square-by-square engines.
/// A run goes on while the rolls are equal and each lands on a plain
/// square straight ahead; the roll that ends it may take a jump or be
/// moved by the finish rule.
///
/// ```
/// use snl::sparse::SparseMove;
/// use snl::sparse::shortest::runs;
///
/// let plain = |land| SparseMove { roll: 6, land, to: land };
/// let moves = [plain(7), plain(13), SparseMove { roll: 6, land: 19, to: 40 }, plain(46)];
/// let path = runs(1, moves);
/// assert_eq!(path.len(), 2);
/// assert_eq!((path[0].count, path[0].land, path[0].to), (3, 19, 40));
/// assert_eq!((path[1].from, path[1].count), (40, 1));
/// ```
pub fn runs(start: u64, moves: impl IntoIterator<Item = SparseMove>) -> Vec<Run> {
    let mut out = Vec::new();
    let mut at = start;
    for m in moves {
        push(&mut out, m.roll, 1, at, m.land, m.to);
        at = m.to;
    }
    out
}

/// Appends `count` rolls of `roll` from `from`, the last landing on `land`
/// and resting on `to`, merging them into the last run where they
/// continue it.
fn push(runs: &mut Vec<Run>, roll: u32, count: u64, from: u64, land: u64, to: u64) {
    if let Some(last) = runs.last_mut()
        && last.roll == roll
        && last.open()
    {
        last.count += count;
        last.land = land;
        last.to = to;
        return;
    }
    runs.push(Run {
        roll,
        count,
        from,
        land,
        to,
    });
}

/// The fewest rolls to advance any number of squares with a die, on plain
/// squares: `f(d) = 1 + min f(d - v)`, `f(0) = 0`, and `f(d + K) = f(d) +
/// 1` from `periodic` on.
#[derive(Debug, Clone)]
pub(crate) struct Fewest {
    k: u32,
    /// `f(d)` for `d` below the table's length; `u32::MAX` where `d`
    /// cannot be advanced exactly (a die whose values share a divisor).
    table: Vec<u32>,
    periodic: u64,
}

impl Fewest {
    /// The table of a die showing `values` (smallest first).
    pub fn new(values: &[u32]) -> Fewest {
        let k = *values.last().expect("a die shows a value") as usize;
        let mut table: Vec<u32> = vec![0];
        // Positions in a row where f(d) = f(d - K) + 1.
        let mut in_a_row = 0;
        loop {
            let d = table.len();
            let best = values
                .iter()
                .take_while(|&&v| v as usize <= d)
                .map(|&v| table[d - v as usize])
                .min()
                .map_or(u32::MAX, |f| f.saturating_add(1));
            table.push(best);
            // From 3K on every value can be rolled from every position
            // counted, so a window of K that repeats repeats for ever.
            if d >= 3 * k && best == table[d - k].saturating_add(1) {
                in_a_row += 1;
                if in_a_row == k {
                    let periodic = (d + 1 - 2 * k) as u64;
                    return Fewest {
                        k: k as u32,
                        table,
                        periodic,
                    };
                }
            } else {
                in_a_row = 0;
            }
        }
    }

    /// The fewest rolls to advance exactly `d` squares; `None` when no sum
    /// of the die's values makes `d`.
    pub fn get(&self, d: u64) -> Option<u64> {
        if let Some(&f) = usize::try_from(d).ok().and_then(|i| self.table.get(i)) {
            return (f != u32::MAX).then_some(u64::from(f));
        }
        let k = u64::from(self.k);
        let past = d - self.periodic;
        let f = self.table[(self.periodic + past % k) as usize];
        (f != u32::MAX).then(|| u64::from(f) + past / k)
    }

    /// `f(d0 - K + 1 + i)` for `i` in `0..2K - 1`, into `out` (`NONE` where
    /// the distance cannot be made), with one division: the crossings of a
    /// stretch from each square of its exit to each of its entry.
    fn around(&self, d0: u64, out: &mut Vec<u64>) {
        out.clear();
        let k = u64::from(self.k);
        let lo = d0 + 1 - k;
        if lo + 2 * k >= self.table.len() as u64 {
            let past = lo - self.periodic;
            let (mut q, mut r) = (past / k, past % k);
            for _ in 0..2 * k - 1 {
                let f = self.table[(self.periodic + r) as usize];
                out.push(if f == u32::MAX {
                    NONE
                } else {
                    u64::from(f) + q
                });
                r += 1;
                if r == k {
                    (q, r) = (q + 1, 0);
                }
            }
        } else {
            out.extend((lo..lo + 2 * k - 1).map(|d| self.get(d).unwrap_or(NONE)));
        }
    }

    /// The fewest plain squares a stretch must have for its crossings to
    /// cost `f` of their length: each crossing can then start and end with
    /// a roll of `K`, so what lies either side does not matter.
    pub fn gap(&self) -> u64 {
        self.periodic + 2 * u64::from(self.k)
    }
}

/// The fewest rolls from the start to the last square of `game`.
///
/// # Errors
///
/// [`SparseError::Unsupported`] under a bonus limit; [`SparseError::Limit`]
/// when the tables cannot be allocated.
pub fn min_rolls(game: &SparseGame) -> Result<Option<u64>, SparseError> {
    min_rolls_with(game, &Control::default())
}

/// [`min_rolls`] under a [`Control`]: refused up front when [`estimate`]
/// is over the budget, stopped when the token is set.
///
/// # Errors
///
/// As [`min_rolls`], and [`SparseError::Limit`] when refused or stopped.
pub fn min_rolls_with(game: &SparseGame, ctl: &Control) -> Result<Option<u64>, SparseError> {
    Ok(Search::run(game, ctl)?.map_or(Some(0), |s| s.min_rolls()))
}

/// The fewest rolls and the optimal sequence whose rolls come first in
/// dictionary order.
///
/// # Errors
///
/// As [`min_rolls`].
///
/// # Examples
///
/// ```
/// use snl::sparse::{SparseBoard, SparseGame};
/// use snl::Rules;
///
/// // 10^18 plain squares: 999,999,999,999,999,999 to go, five 6s short of
/// // a multiple of six; the smallest first roll that still finishes in the
/// // fewest rolls is a 3.
/// let game = SparseGame::new(SparseBoard::new(1_000_000_000_000_000_000, [])?, Rules::default())?;
/// let best = snl::sparse::shortest::solve(&game)?;
/// assert_eq!(best.min_rolls, Some(166_666_666_666_666_667));
/// assert_eq!((best.path[0].roll, best.path[0].count), (3, 1));
/// assert_eq!((best.path[1].roll, best.path[1].count), (6, 166_666_666_666_666_666));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(game: &SparseGame) -> Result<Solution, SparseError> {
    solve_with(game, &Control::default())
}

/// [`solve`] under a [`Control`] (see [`min_rolls_with`]).
///
/// # Errors
///
/// As [`min_rolls_with`].
pub fn solve_with(game: &SparseGame, ctl: &Control) -> Result<Solution, SparseError> {
    let Some(search) = Search::run(game, ctl)? else {
        return Ok(Solution {
            min_rolls: Some(0),
            path: Vec::new(),
        });
    };
    let min_rolls = search.min_rolls();
    let path = match min_rolls {
        Some(_) => search.walk(&mut ctl.meter())?,
        None => Vec::new(),
    };
    Ok(Solution { min_rolls, path })
}

/// The memory and work of [`solve`] on `game`, from its jumps: the zones'
/// squares, each with a handful of numbers and the die's moves, and the
/// crossings of the stretches, `K²` each.
pub fn estimate(game: &SparseGame) -> Estimate {
    let values = game.rules().die.values().count() as f64;
    let k = game.rules().die.max();
    let gap = Fewest::new(&game.rules().die.values().collect::<Vec<_>>()).gap();
    let spans = layout::zones(game, k, gap, false);
    let nodes = layout::node_count(spans) as f64;
    let stretches = spans.len().saturating_sub(1) as f64;
    let k = f64::from(k);
    // Target, flag and fewest rolls a node; the moves into it, and a few
    // places on the heap; the zones as read and merged.
    let memory = nodes * (4.0 + 1.0 + 8.0 + 4.0 * values + 4.0 + 24.0)
        + stretches * k * 12.0
        + 48.0 * spans.len() as f64;
    let work = nodes * values * 12.0 + stretches * k * k * 4.0 + nodes * 40.0;
    Estimate::from_f64(memory, work)
}

/// How many squares the search keeps one by one on `game`: what its work
/// grows with.
pub fn kept_squares(game: &SparseGame) -> u64 {
    let k = game.rules().die.max();
    let gap = Fewest::new(&game.rules().die.values().collect::<Vec<_>>()).gap();
    layout::node_count(layout::zones(game, k, gap, false))
}

/// The rules this engine takes: all but a bonus limit (without a limit,
/// bonus rolls change no sequence of rolls).
fn supported(game: &SparseGame) -> Result<(), Unsupported> {
    if game.rules().bonus_limit().is_some() {
        return Err(Unsupported::BonusLimit);
    }
    Ok(())
}

/// How far the backward search goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Settle {
    /// Until the start is settled: every node whose fewest rolls are below
    /// the start's has them.
    Start,
    /// Every node.
    All,
}

/// The search's result: the fewest rolls to the end from every node the
/// search settled.
pub(crate) struct Search<'g> {
    pub game: &'g SparseGame,
    pub layout: Layout,
    pub fewest: Fewest,
    pub values: Vec<u32>,
    /// Fewest rolls to the end from each node: final for those below the
    /// start's (for every node, settled to the end), at least the start's
    /// for the rest; `NONE` for none.
    pub h: Vec<u64>,
}

/// No way to the end.
pub(crate) const NONE: u64 = u64::MAX;

impl<'g> Search<'g> {
    /// The search, or `None` when the pawn starts on the last square.
    fn run(game: &'g SparseGame, ctl: &Control) -> Result<Option<Search<'g>>, SparseError> {
        Search::settle(game, Settle::Start, ctl)
    }

    /// The search as far as `settle` says, or `None` when the pawn starts
    /// on the last square.
    pub(crate) fn settle(
        game: &'g SparseGame,
        settle: Settle,
        ctl: &Control,
    ) -> Result<Option<Search<'g>>, SparseError> {
        supported(game)?;
        if game.starts_finished() {
            return Ok(None);
        }
        ctl.admit("the fewest-rolls search", estimate(game))?;
        let values: Vec<u32> = game.rules().die.values().collect();
        let fewest = Fewest::new(&values);
        let layout = Layout::new(game, game.rules().die.max(), fewest.gap(), false)?;
        let mut s = Search {
            game,
            layout,
            fewest,
            values,
            h: Vec::new(),
        };
        s.h = s.backward(settle, &mut ctl.meter())?;
        Ok(Some(s))
    }

    fn min_rolls(&self) -> Option<u64> {
        let h = self.h[self.layout.start as usize];
        (h != NONE).then_some(h)
    }

    /// The node a roll of `roll` from node `u` (square `square`, zone `z`)
    /// lands on, or `None` when it lands in the stretch after the zone (or
    /// is lost).
    pub(crate) fn land_in_zone(&self, z: usize, square: u64, roll: u32) -> Landing {
        let zone = &self.layout.zones[z];
        match self.game.land(square, roll) {
            None => Landing::Lost,
            Some(l) if l <= zone.last => {
                debug_assert!(l >= zone.first, "a bounce stays in the last zone");
                Landing::Node(zone.node + (l - zone.first) as u32, l)
            }
            Some(l) => Landing::Stretch(l),
        }
    }

    /// Dijkstra's search from the last square over the reversed moves, as
    /// far as `settle` says.
    fn backward(&self, settle: Settle, meter: &mut Meter<'_>) -> Result<Vec<u64>, LimitError> {
        let l = &self.layout;
        let nodes = l.nodes();
        let k = l.k as usize;
        let Reversed {
            jbegin,
            jumps,
            near_end,
            ebegin,
            entries,
            back,
        } = Reversed::new(self)?;
        let leads = |x: usize| l.target[x] as usize != x;
        let end = &l.zones[l.zones.len() - 1];
        let mut h = limits::vec_of(nodes, NONE, "the fewest rolls of each square")?;
        let mut queue = RadixHeap::new();
        let mut cost = Vec::with_capacity(2 * k);
        h[l.goal as usize] = 0;
        queue.push(0, l.goal);
        let relax = |h: &mut [u64], queue: &mut RadixHeap, u: u32, d: u64| {
            if d < h[u as usize] {
                h[u as usize] = d;
                queue.push(d, u);
            }
        };
        while let Some((d, t)) = queue.pop() {
            if d != h[t as usize] {
                continue;
            }
            if t == l.start && settle == Settle::Start {
                break;
            }
            let t = t as usize;
            meter.add(16)?;
            // The landings that rest on t: t itself, unless a jump starts
            // there, and the starts of the jumps that lead to it.
            let own = (!leads(t)).then_some(t as u32);
            for x in own.into_iter().chain(
                jumps[jbegin[t] as usize..jbegin[t + 1] as usize]
                    .iter()
                    .copied(),
            ) {
                if x >= end.node {
                    let first = near_end.partition_point(|e| e.0 < x);
                    for &(_, u) in near_end[first..].iter().take_while(|e| e.0 == x) {
                        if u as usize != t {
                            relax(&mut h, &mut queue, u, d + 1);
                        }
                    }
                    continue;
                }
                // Elsewhere a roll of v from u lands on u + v.
                let back = u32::from(back[x as usize]);
                for &v in &self.values {
                    if v > back {
                        break;
                    }
                    let u = x - v;
                    if l.rests[u as usize] && u as usize != t {
                        relax(&mut h, &mut queue, u, d + 1);
                    }
                }
            }
            for &(s, j) in &entries[ebegin[t] as usize..ebegin[t + 1] as usize] {
                let s = s as usize;
                let (_, b) = l.entry(s);
                let (u0, a0) = l.exit(s);
                meter.add(k as u64 * 2)?;
                // From exit square a0 + i to entry square b + j: distance
                // b - a0 + (j - i), `cost[K - 1 + j - i]`.
                self.fewest.around(b - a0, &mut cost);
                for i in 0..k as u32 {
                    let u = u0 + i;
                    let w = cost[(k as u32 - 1 + j - i) as usize];
                    if w != NONE && l.rests[u as usize] {
                        relax(&mut h, &mut queue, u, d + w);
                    }
                }
            }
        }
        Ok(h)
    }

    /// The optimal sequence whose rolls come first in dictionary order,
    /// walked forward from the start.
    fn walk(&self, meter: &mut Meter<'_>) -> Result<Vec<Run>, LimitError> {
        let l = &self.layout;
        let k = l.k;
        let mut runs = Vec::new();
        let mut r = self.h[l.start as usize];
        let mut at = l.start;
        let mut square = l.square(at);
        let mut z = l.zone_of(at);
        while at != l.goal {
            meter.add(u64::from(k) * 4)?;
            let mut chosen = None;
            let mut across: Option<Across> = None;
            for &v in &self.values {
                match self.land_in_zone(z, square, v) {
                    Landing::Lost => {}
                    Landing::Node(x, land) => {
                        let t = l.target[x as usize];
                        if self.h[t as usize] == r - 1 {
                            chosen = Some((v, land, Some(t)));
                            break;
                        }
                    }
                    Landing::Stretch(land) => {
                        if across.is_none() {
                            across = Some(Across::new(self, z, meter)?);
                        }
                        let table = across.as_ref().expect("just made");
                        if table.h(table.b - land) == r - 1 {
                            chosen = Some((v, land, None));
                            break;
                        }
                    }
                }
            }
            let (v, land, t) = chosen.expect("an optimal sequence goes on from every step");
            r -= 1;
            let t = if let Some(t) = t {
                push(&mut runs, v, 1, square, land, l.square(t));
                t
            } else {
                push(&mut runs, v, 1, square, land, land);
                let table = across.expect("the roll landed in the stretch");
                let (t, rolls) = self.cross(&table, land, r, &mut runs, meter)?;
                r -= rolls;
                t
            };
            at = t;
            square = l.square(t);
            z = l.zone_of(at);
        }
        Ok(runs)
    }

    /// The walk across a stretch (`table` its rolls to the end) from
    /// square `y` in it, `r` rolls from the end: the node it rests on past
    /// the stretch, and the rolls taken.
    fn cross(
        &self,
        table: &Across,
        mut y: u64,
        r: u64,
        runs: &mut Vec<Run>,
        meter: &mut Meter<'_>,
    ) -> Result<(u32, u64), LimitError> {
        let l = &self.layout;
        let k = u64::from(l.k);
        let (x0, b) = (table.x0, table.b);
        let mut taken = 0u64;
        loop {
            meter.add(k * 4)?;
            let e = b - y;
            let left = r - taken;
            let mut chosen = None;
            for &v in &self.values {
                let v64 = u64::from(v);
                let h = if v64 >= e {
                    self.h[l.target[(x0 + (v64 - e) as u32) as usize] as usize]
                } else {
                    table.h(e - v64)
                };
                if h == left - 1 {
                    chosen = Some(v);
                    break;
                }
            }
            let v = chosen.expect("an optimal sequence goes on from every step");
            let v64 = u64::from(v);
            if v64 == k && e >= table.base + k {
                // From here on the rolls to the end repeat every K
                // squares, one less each time: the walk rolls K until it
                // nears the stretch's end.
                let m = (e - k - table.base) / k + 1;
                let to = y + m * k;
                push(runs, v, m, y, to, to);
                y = to;
                taken += m;
                continue;
            }
            taken += 1;
            if v64 >= e {
                let land = y + v64;
                let t = l.target[(x0 + (v64 - e) as u32) as usize];
                push(runs, v, 1, y, land, l.square(t));
                return Ok((t, taken));
            }
            push(runs, v, 1, y, y + v64, y + v64);
            y += v64;
        }
    }
}

/// The search's moves reversed, as tables by the node they lead to.
struct Reversed {
    /// For each node, the jump starts whose jumps lead a pawn to it:
    /// `jumps[jbegin[t]..jbegin[t + 1]]`.
    jbegin: Vec<u32>,
    jumps: Vec<u32>,
    /// The moves of the last zone, where the finish rule may move a
    /// landing (a bounce, a pass): (landing node, node rolled from).
    near_end: Vec<(u32, u32)>,
    /// For each node, the entries of stretches a landing there rests on,
    /// as (stretch, offset): `entries[ebegin[t]..ebegin[t + 1]]`.
    ebegin: Vec<u32>,
    entries: Vec<(u32, u32)>,
    /// How far back in its zone each node's predecessors may be: its place
    /// in the zone, up to K.
    back: Vec<u16>,
}

impl Reversed {
    fn new(search: &Search<'_>) -> Result<Reversed, LimitError> {
        let l = &search.layout;
        let nodes = l.nodes();
        let k = l.k as usize;
        // Where a pawn rests after landing on a node, reversed: the nodes
        // that lead each node's pawn elsewhere (jump starts), by the node
        // they lead to. Every other node leads its own pawn to itself.
        let mut jbegin = limits::vec_of(nodes + 1, 0u32, "the search's jumps")?;
        let leads = |x: usize| l.target[x] as usize != x;
        for x in (0..nodes).filter(|&x| leads(x)) {
            jbegin[l.target[x] as usize + 1] += 1;
        }
        for i in 0..nodes {
            jbegin[i + 1] += jbegin[i];
        }
        let mut jumps = limits::vec_of(jbegin[nodes] as usize, 0u32, "the search's jumps")?;
        let mut fill = jbegin.clone();
        for x in (0..nodes).filter(|&x| leads(x)) {
            let t = l.target[x] as usize;
            jumps[fill[t] as usize] = x as u32;
            fill[t] += 1;
        }
        // In the last zone the finish rule may move a landing (a bounce,
        // a pass), so its moves are listed as the rule gives them:
        // (landing node, node rolled from).
        let last = l.zones.len() - 1;
        let end = &l.zones[last];
        let mut near_end: Vec<(u32, u32)> = Vec::new();
        for i in 0..end.len() {
            let u = end.node + i as u32;
            if !l.rests[u as usize] {
                continue;
            }
            for &v in &search.values {
                if let Landing::Node(x, _) = search.land_in_zone(last, end.first + i, v) {
                    near_end.push((x, u));
                }
            }
        }
        near_end.sort_unstable();
        // The entries of the stretches, by the node a landing there rests
        // on: (stretch, offset).
        let mut ebegin = limits::vec_of(nodes + 1, 0u32, "the search's crossings")?;
        for s in 0..l.stretches() {
            let (x0, _) = l.entry(s);
            for j in 0..k as u32 {
                ebegin[l.target[(x0 + j) as usize] as usize + 1] += 1;
            }
        }
        for i in 0..nodes {
            ebegin[i + 1] += ebegin[i];
        }
        let mut entries = limits::vec_of(
            ebegin[nodes] as usize,
            (0u32, 0u32),
            "the search's crossings",
        )?;
        fill.clone_from(&ebegin);
        for s in 0..l.stretches() {
            let (x0, _) = l.entry(s);
            for j in 0..k as u32 {
                let t = l.target[(x0 + j) as usize] as usize;
                entries[fill[t] as usize] = (s as u32, j);
                fill[t] += 1;
            }
        }
        drop(fill);

        // How far back in its zone each node's predecessors may be: its
        // place in the zone, up to K.
        let mut back = limits::vec_of(nodes, 0u16, "the search's zones")?;
        for zone in &l.zones {
            for i in 0..zone.len().min(u64::from(l.k)) as u32 {
                back[(zone.node + i) as usize] = i as u16;
            }
            for i in zone.len().min(u64::from(l.k))..zone.len() {
                back[(zone.node + i as u32) as usize] = l.k as u16;
            }
        }
        let mut back = limits::vec_of(nodes, 0u16, "the search's zones")?;
        for zone in &l.zones {
            let near = zone.len().min(u64::from(l.k));
            for i in 0..near as u32 {
                back[(zone.node + i) as usize] = i as u16;
            }
            for i in near..zone.len() {
                back[(zone.node + i as u32) as usize] = l.k as u16;
            }
        }
        Ok(Reversed {
            jbegin,
            jumps,
            near_end,
            ebegin,
            entries,
            back,
        })
    }
}

/// Where a roll from a node lands.
pub(crate) enum Landing {
    /// Lost (an exact finish overshot).
    Lost,
    /// On a node, and its square.
    Node(u32, u64),
    /// In the stretch after the node's zone, on this square.
    Stretch(u64),
}

/// The fewest rolls to the end from the squares of one stretch, by their
/// distance `e` from its end: the recurrence `h(e) = 1 + min h(e - v)`,
/// with the landings past the end read from the search, followed until a
/// window of `K` values is the one before it plus one.
struct Across {
    x0: u32,
    b: u64,
    /// `h(e)` for `e` below its length (index 0 unused).
    hs: Vec<u64>,
    /// From here on `h(e + K) = h(e) + 1`.
    base: u64,
    k: u64,
}

impl Across {
    fn new(search: &Search<'_>, s: usize, meter: &mut Meter<'_>) -> Result<Across, LimitError> {
        let l = &search.layout;
        let k = l.k as usize;
        let (x0, b) = l.entry(s);
        let past: Vec<u64> = (0..k as u32)
            .map(|j| search.h[l.target[(x0 + j) as usize] as usize])
            .collect();
        let mut hs = vec![NONE];
        let mut in_a_row = 0;
        loop {
            let e = hs.len();
            let best = search
                .values
                .iter()
                .map(|&v| {
                    let v = v as usize;
                    if v >= e { past[v - e] } else { hs[e - v] }
                })
                .min()
                .expect("a die shows a value")
                .saturating_add(1);
            hs.push(best);
            meter.add(k as u64)?;
            if e > 2 * k && best == hs[e - k].saturating_add(1) {
                in_a_row += 1;
                if in_a_row == k {
                    return Ok(Across {
                        x0,
                        b,
                        hs,
                        base: (e + 1 - k) as u64,
                        k: k as u64,
                    });
                }
            } else {
                in_a_row = 0;
            }
        }
    }

    /// The fewest rolls to the end from distance `e` before the stretch's
    /// end.
    fn h(&self, e: u64) -> u64 {
        if let Some(&h) = usize::try_from(e).ok().and_then(|i| self.hs.get(i)) {
            return h;
        }
        let past = e - self.base;
        self.hs[(self.base + past % self.k) as usize].saturating_add(past / self.k)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod vs_dense;
