//! How many optimal sequences of rolls there are, on a board of any
//! length.
//!
//! The count flows forward from the start along the optimal moves (those
//! one roll nearer the end), as [`crate::shortest::count_optimal`] does
//! square by square, node by node in order of their rolls to the end. A
//! roll into an empty stretch is carried across it in one step: the number
//! of optimal ways from a square of the stretch to each of the `K` nodes
//! past it depends only on the fewest rolls, which repeat every `K`
//! squares far enough from the stretch's end, so the ways from `K`
//! squares in a row are a `K × K` matrix power of those `K` squares
//! nearer. The counts are held in `u128`, saturating: a count that does not
//! fit is given as at least `u128::MAX`.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use super::{Across, Landing, NONE, Search, Settle};
use crate::limits::{Control, Estimate, LimitError, Meter};
use crate::sparse::{SparseError, SparseGame, layout};

/// How many optimal sequences of rolls a board has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Count {
    /// Exactly this many.
    Exactly(u128),
    /// More than a `u128` holds: at least `u128::MAX`.
    AtLeast(u128),
}

impl Count {
    fn of(n: u128) -> Count {
        if n == u128::MAX {
            Count::AtLeast(n)
        } else {
            Count::Exactly(n)
        }
    }
}

impl std::fmt::Display for Count {
    /// `42`, or `at least 340282366920938463463374607431768211455`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Count::Exactly(n) => write!(f, "{n}"),
            Count::AtLeast(n) => write!(f, "at least {n}"),
        }
    }
}

/// The number of optimal sequences of rolls from the start to the last
/// square of `game` (sequences of rolls, as
/// [`crate::shortest::count_optimal`] counts them); `None` when the last
/// square cannot be reached.
///
/// # Errors
///
/// As [`super::solve`].
///
/// # Examples
///
/// ```
/// use snl::sparse::{SparseBoard, SparseGame};
/// use snl::sparse::shortest::count::{Count, count_optimal};
/// use snl::Rules;
///
/// // 10^12 plain squares: 999,999,999,999 to go in 166,666,666,667 rolls,
/// // 3 short of six each: a 3, or a 4 and a 5, or three 5s, anywhere.
/// let game = SparseGame::new(SparseBoard::new(1_000_000_000_000, [])?, Rules::default())?;
/// let m: u128 = 166_666_666_667;
/// let want = m + m * (m - 1) + m * (m - 1) * (m - 2) / 6;
/// assert_eq!(count_optimal(&game)?, Some(Count::Exactly(want)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_optimal(game: &SparseGame) -> Result<Option<Count>, SparseError> {
    count_optimal_with(game, &Control::default())
}

/// [`count_optimal`] under a [`Control`]: refused up front when
/// [`count_estimate`] is over the budget, stopped when the token is set.
///
/// # Errors
///
/// As [`super::solve_with`].
pub fn count_optimal_with(game: &SparseGame, ctl: &Control) -> Result<Option<Count>, SparseError> {
    ctl.admit("counting the optimal sequences", count_estimate(game))?;
    let Some(search) = Search::settle(game, Settle::All, ctl)? else {
        return Ok(Some(Count::Exactly(1)));
    };
    let l = &search.layout;
    if search.h[l.start as usize] == NONE {
        return Ok(None);
    }
    let mut meter = ctl.meter();
    let top = search.h[l.start as usize];
    let mut order: Vec<u32> = (0..l.nodes() as u32)
        .filter(|&u| search.h[u as usize] <= top)
        .collect();
    order.sort_unstable_by_key(|&u| std::cmp::Reverse(search.h[u as usize]));
    let mut ways = crate::limits::vec_of(l.nodes(), 0u128, "the count of each square")?;
    ways[l.start as usize] = 1;
    let mut crossings: HashMap<usize, Crossing> = HashMap::new();
    for &u in &order {
        let w = ways[u as usize];
        let d = search.h[u as usize];
        if w == 0 || u == l.goal || d == 0 {
            continue;
        }
        meter.add(search.values.len() as u64 * 4)?;
        let z = l.zone_of(u);
        let square = l.square(u);
        for &v in &search.values {
            match search.land_in_zone(z, square, v) {
                Landing::Lost => {}
                Landing::Node(x, _) => {
                    let t = l.target[x as usize] as usize;
                    if search.h[t] == d - 1 {
                        ways[t] = ways[t].saturating_add(w);
                    }
                }
                Landing::Stretch(land) => {
                    let c = match crossings.entry(z) {
                        Entry::Occupied(c) => c.into_mut(),
                        Entry::Vacant(slot) => slot.insert(Crossing::new(&search, z, &mut meter)?),
                    };
                    let e = c.across.b - land;
                    if c.across.h(e) != d - 1 {
                        continue;
                    }
                    for (j, &a) in c.row(e).iter().enumerate() {
                        if a != 0 {
                            let t = l.target[c.across.x0 as usize + j] as usize;
                            ways[t] = ways[t].saturating_add(w.saturating_mul(a));
                        }
                    }
                }
            }
        }
    }
    Ok(Some(Count::of(ways[l.goal as usize])))
}

/// The memory and work of [`count_optimal`] on `game`: the search to every
/// node, and for each stretch a `K × K` matrix raised to a power of up to
/// the stretch's length over `K` (`K³` for each bit of it, `K` the top
/// value).
pub fn count_estimate(game: &SparseGame) -> Estimate {
    let k = game.rules().die.max();
    let gap = super::Fewest::new(&game.rules().die.values().collect::<Vec<_>>()).gap();
    let spans = layout::zones(game, k, gap, false);
    let nodes = layout::node_count(spans) as f64;
    let stretches = spans.len().saturating_sub(1) as f64;
    let k = f64::from(k);
    let bits = (game.goal().max(2) as f64).log2().ceil();
    let search = super::estimate(game);
    // Per stretch its table of fewest rolls and its K x K ways, in rows
    // of their own; per bit of its length two saturating products of
    // K x K matrices of u128. Set from the long bench: 10^5 stretches of
    // 10^18 squares in 220 MB and 18 s under load.
    let memory = nodes * 16.0 + nodes * 8.0 + stretches * (k * k * 48.0 + k * 64.0 + 256.0);
    let work = nodes * k * 8.0 + stretches * (k * k * k * 16.0 * bits + gap as f64 * k * k);
    search.and(Estimate::from_f64(memory, work))
}

/// The optimal ways across one stretch from each of the `K` squares a roll
/// from the zone before it lands on, to each of the `K` nodes past it.
struct Crossing {
    across: Across,
    /// `rows[i][j]`: from distance `e0 + i` before the stretch's end to
    /// node `x0 + j`.
    rows: Vec<Vec<u128>>,
    e0: u64,
}

impl Crossing {
    fn new(search: &Search<'_>, s: usize, meter: &mut Meter<'_>) -> Result<Crossing, LimitError> {
        let l = &search.layout;
        let k = l.k as usize;
        let k64 = u64::from(l.k);
        let across = Across::new(search, s, meter)?;
        let (x0, b) = (across.x0, across.b);
        // The landings: the stretch's first K squares, at distances
        // (far - K, far] before its end.
        let far = b - (l.zones[s].last + 1);
        debug_assert!(far >= k64, "a stretch is at least K squares long");
        let past: Vec<u64> = (0..l.k)
            .map(|j| search.h[l.target[(x0 + j) as usize] as usize])
            .collect();
        // The optimal rolls from distance e: those to a square or node one
        // roll nearer the end.
        let optimal = |e: u64| -> Vec<u32> {
            let h = across.h(e);
            if h == NONE || h == 0 {
                return Vec::new();
            }
            search
                .values
                .iter()
                .copied()
                .filter(|&v| {
                    let v = u64::from(v);
                    let next = if v >= e {
                        past[(v - e) as usize]
                    } else {
                        across.h(e - v)
                    };
                    next == h - 1
                })
                .collect()
        };
        // Far enough from the end, the fewest rolls repeat every K
        // squares and no roll reaches past the end: the optimal rolls
        // repeat too.
        let periodic = across.base + 2 * k64;
        let direct_to = if far <= periodic + k64 {
            far
        } else {
            periodic + (far - periodic) % k64
        };
        // ways[e]: from distance e, by node past the end (index 0 unused).
        let mut ways: Vec<Vec<u128>> = vec![vec![0; k]];
        for e in 1..=direct_to {
            meter.add(k64 * 4)?;
            let mut row = vec![0u128; k];
            for v in optimal(e) {
                let v = u64::from(v);
                if v >= e {
                    row[(v - e) as usize] = row[(v - e) as usize].saturating_add(1);
                } else {
                    let from = &ways[(e - v) as usize];
                    for (r, &a) in row.iter_mut().zip(from) {
                        *r = r.saturating_add(a);
                    }
                }
            }
            ways.push(row);
        }
        let window: Vec<Vec<u128>> = ways[(direct_to + 1 - k64) as usize..].to_vec();
        let rows = if direct_to == far {
            window
        } else {
            // K steps from direct_to as a matrix on the window of the last
            // K distances, raised to the power of the rest.
            let mut step = identity(k);
            for e in direct_to + 1..=direct_to + k64 {
                let take = optimal(e);
                let mut next = vec![vec![0u128; k]; k];
                next[..k - 1].clone_from_slice(&step[1..]);
                let mut row = vec![0u128; k];
                for v in take {
                    let from = &step[k - v as usize];
                    for (r, &a) in row.iter_mut().zip(from) {
                        *r = r.saturating_add(a);
                    }
                }
                next[k - 1] = row;
                step = next;
            }
            let q = (far - direct_to) / k64;
            let power = power(&step, q, meter)?;
            multiply(&power, &window)
        };
        Ok(Crossing {
            across,
            rows,
            e0: far + 1 - k64,
        })
    }

    /// The ways from distance `e` before the stretch's end, by node past it.
    fn row(&self, e: u64) -> &[u128] {
        &self.rows[(e - self.e0) as usize]
    }
}

fn identity(k: usize) -> Vec<Vec<u128>> {
    (0..k)
        .map(|i| (0..k).map(|j| u128::from(i == j)).collect())
        .collect()
}

/// `a · b`, saturating.
fn multiply(a: &[Vec<u128>], b: &[Vec<u128>]) -> Vec<Vec<u128>> {
    let cols = b.first().map_or(0, Vec::len);
    a.iter()
        .map(|row| {
            let mut out = vec![0u128; cols];
            for (&x, brow) in row.iter().zip(b) {
                if x == 0 {
                    continue;
                }
                for (o, &y) in out.iter_mut().zip(brow) {
                    *o = o.saturating_add(x.saturating_mul(y));
                }
            }
            out
        })
        .collect()
}

/// `m^q`, saturating, by squaring.
fn power(m: &[Vec<u128>], mut q: u64, meter: &mut Meter<'_>) -> Result<Vec<Vec<u128>>, LimitError> {
    let k = m.len() as u64;
    let mut out = identity(m.len());
    let mut base = m.to_vec();
    while q > 0 {
        meter.add(k * k * k * 2)?;
        if q & 1 == 1 {
            out = multiply(&out, &base);
        }
        q >>= 1;
        if q > 0 {
            base = multiply(&base, &base);
        }
    }
    Ok(out)
}
