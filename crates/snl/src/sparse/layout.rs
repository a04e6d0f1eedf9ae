//! Where a board of any length keeps squares one by one, and where it
//! crosses them in one step.
//!
//! Squares are kept one by one (as *nodes*) in *zones*: the `K` squares
//! from the start, from each jump's start, and the last `K + 1` squares,
//! `K` being the die's top value. Zones closer than a *gap* (set by each
//! engine: the length past which its closed forms hold) are merged.
//! Between two zones lies a *stretch* of at least that many plain squares:
//! no jump starts there, and no roll from it can overshoot the last square.
//!
//! A square a jump leaves a pawn on is kept too. Where it lies in a
//! stretch, more than `K` squares before the next zone, it is a *lone*
//! node: a zone of one square that does not split the stretch, since a
//! pawn crossing the stretch passes over it like any plain square, and
//! every roll from it lands in the stretch. Nearer the next zone, the zone
//! grows down to take it in.
//!
//! A roll from a zone either lands in the same zone or, from its last `K`
//! squares (its *exit*), in the stretch after it. A pawn crossing a stretch
//! first lands past it on one of the first `K` squares of the next zone
//! that is not lone (its *entry*). Every zone but a lone one has at least
//! `K` squares, so exits and entries are nodes.

use crate::limits::LimitError;
use crate::sparse::SparseGame;

/// A run of squares kept one by one: squares `first..=last`, numbered as
/// nodes from `node` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Zone {
    pub first: u64,
    pub last: u64,
    pub node: u32,
    /// A lone square a jump leaves a pawn on, in a stretch.
    pub lone: bool,
}

impl Zone {
    pub fn len(&self) -> u64 {
        self.last - self.first + 1
    }
}

/// The zones of a game and what each node's square does.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// The die's top value.
    pub k: u32,
    pub zones: Vec<Zone>,
    /// For each zone, the next zone that is not lone: the stretch after it
    /// ends there (the last zone's own index).
    pub next: Vec<u32>,
    /// For each node, the node where a pawn landing on its square rests.
    pub target: Vec<u32>,
    /// For each node, whether a pawn can rest on its square: it starts no
    /// jump, or it is the start, or some jump leaves a pawn there.
    pub rests: Vec<bool>,
    /// The node of the last square.
    pub goal: u32,
    /// The node of the start.
    pub start: u32,
}

/// The most nodes a layout may have: they are numbered in 32 bits.
pub(crate) const MAX_NODES: u64 = u32::MAX as u64 - 1;

pub(crate) use crate::sparse::Interval;

/// The zones of `game`'s layout for the search (`lone_rests` false) or the
/// moments (true), with the die's top value `k` and `gap`, which are the
/// same each time an engine asks: found once a game, and kept in it
/// (choosing an engine, estimating and answering ask for the same ones).
pub(crate) fn zones(game: &SparseGame, k: u32, gap: u64, lone_rests: bool) -> &[Interval] {
    game.zones[usize::from(lone_rests)].get_or_init(|| intervals(game, k, gap, lone_rests))
}

/// The zones of `game` as intervals, in the order of their squares: what
/// the estimates count. With `lone_rests`, the squares jumps leave pawns on
/// are lone nodes where they can be (the moments' engine); without, each
/// has a zone of its own (the search's, which crosses a stretch from its
/// exit alone).
fn intervals(game: &SparseGame, k: u32, gap: u64, lone_rests: bool) -> Vec<Interval> {
    let n = game.goal();
    let k = u64::from(k);
    let mut spans: Vec<(u64, u64)> = Vec::with_capacity(2 * game.board().jump_count() + 2);
    let span = |q: u64| (q, q.saturating_add(k - 1).min(n));
    spans.push(span(game.start()));
    spans.push((n.saturating_sub(k), n));
    for (from, rest) in game.jump_rests() {
        spans.push(span(from));
        if !lone_rests {
            spans.push(span(rest));
        }
    }
    spans.sort_unstable();
    let mut merged: Vec<(u64, u64)> = Vec::with_capacity(spans.len());
    for (first, last) in spans {
        match merged.last_mut() {
            // Fewer than `gap` plain squares between: one zone.
            Some(cur) if first <= cur.1.saturating_add(gap) => cur.1 = cur.1.max(last),
            _ => merged.push((first, last)),
        }
    }
    let mut rests: Vec<u64> = if lone_rests {
        game.jump_rests().map(|(_, rest)| rest).collect()
    } else {
        Vec::new()
    };
    rests.sort_unstable();
    rests.dedup();
    // From the last square down, the zones by their last squares and the
    // rests: `down` holds the zones met so far, lowest last, so that a
    // rest sees the zone above it (or holding it) there.
    let mut down: Vec<(u64, u64)> = Vec::with_capacity(merged.len());
    let mut lone = Vec::new();
    let (mut z, mut r) = (merged.len(), rests.len());
    while z > 0 || r > 0 {
        if r > 0 && (z == 0 || rests[r - 1] > merged[z - 1].1) {
            r -= 1;
            let rest = rests[r];
            let above = down
                .last_mut()
                .expect("the last square's zone is above every rest");
            if rest + k < above.0 {
                lone.push(rest);
            } else {
                // Within a roll of the zone above: it grows down to it.
                above.0 = above.0.min(rest);
            }
        } else {
            z -= 1;
            let zone = merged[z];
            match down.last_mut() {
                // Grown down to within the gap: one zone.
                Some(above) if above.0 <= zone.1.saturating_add(gap) => above.0 = zone.0,
                _ => down.push(zone),
            }
        }
    }
    down.reverse();
    lone.reverse();
    // Merge the zones and the lone squares, dropping a lone square a zone
    // grew over after it was met.
    let mut out = Vec::with_capacity(down.len() + lone.len());
    let mut zones = down.into_iter().peekable();
    for rest in lone {
        while let Some(&(first, last)) = zones.peek().filter(|z| z.1 < rest) {
            out.push(Interval {
                first,
                last,
                lone: false,
            });
            zones.next();
        }
        if zones.peek().is_none_or(|z| z.0 > rest) {
            out.push(Interval {
                first: rest,
                last: rest,
                lone: true,
            });
        }
    }
    out.extend(zones.map(|(first, last)| Interval {
        first,
        last,
        lone: false,
    }));
    out
}

/// The number of nodes of these intervals.
pub(crate) fn node_count(intervals: &[Interval]) -> u64 {
    intervals.iter().map(|z| z.last - z.first + 1).sum()
}

impl Layout {
    /// The layout of `game` for a die whose top value is `k`, with
    /// stretches of at least `gap` plain squares, and the squares jumps
    /// leave pawns on lone where they can be when `lone_rests` is set.
    ///
    /// # Errors
    ///
    /// [`LimitError::Size`] when the zones have more squares than 32-bit
    /// node numbers can count; [`LimitError::Alloc`] when their tables
    /// cannot be allocated.
    pub fn new(
        game: &SparseGame,
        k: u32,
        gap: u64,
        lone_rests: bool,
    ) -> Result<Layout, LimitError> {
        Layout::of_intervals(game, k, zones(game, k, gap, lone_rests))
    }

    /// As [`Layout::new`], from the zones [`intervals`] gave for the same
    /// game and `k`, where they were needed before (for an estimate).
    ///
    /// # Errors
    ///
    /// As [`Layout::new`].
    pub(crate) fn of_intervals(
        game: &SparseGame,
        k: u32,
        spans: &[Interval],
    ) -> Result<Layout, LimitError> {
        let nodes = node_count(spans);
        if nodes > MAX_NODES {
            return Err(LimitError::Size {
                what: "the squares kept one by one near the jumps",
                size: nodes,
                max: MAX_NODES,
            });
        }
        let mut zones = Vec::with_capacity(spans.len());
        let mut next = 0u32;
        for &Interval { first, last, lone } in spans {
            zones.push(Zone {
                first,
                last,
                node: next,
                lone,
            });
            next += (last - first + 1) as u32;
        }
        let mut after = vec![0u32; zones.len()];
        let mut full = zones.len() - 1;
        for (z, zone) in zones.iter().enumerate().rev() {
            after[z] = full as u32;
            if !zone.lone {
                full = z;
            }
        }
        let nodes = next as usize;
        let mut target: Vec<u32> = crate::limits::with_capacity(nodes, "the nodes' landings")?;
        target.extend(0..next);
        let mut rests = crate::limits::vec_of(nodes, true, "the nodes' flags")?;
        let mut layout = Layout {
            k,
            zones,
            next: after,
            target,
            rests,
            goal: 0,
            start: 0,
        };
        let node = |l: &Layout, s: u64| l.node(s).expect("a key square is in a zone");
        for (from, rest) in game.jump_rests() {
            let f = node(&layout, from);
            let r = node(&layout, rest);
            layout.target[f as usize] = r;
            layout.rests[f as usize] = false;
        }
        rests = std::mem::take(&mut layout.rests);
        for (_, rest) in game.jump_rests() {
            rests[node(&layout, rest) as usize] = true;
        }
        layout.start = node(&layout, game.start());
        layout.goal = node(&layout, game.goal());
        rests[layout.start as usize] = true;
        layout.rests = rests;
        Ok(layout)
    }

    /// The number of nodes.
    pub fn nodes(&self) -> usize {
        self.target.len()
    }

    /// The node of `square`, when it is kept one by one.
    pub fn node(&self, square: u64) -> Option<u32> {
        let z = self.zones.partition_point(|z| z.first <= square);
        let zone = self.zones.get(z.checked_sub(1)?)?;
        (square <= zone.last).then(|| zone.node + (square - zone.first) as u32)
    }

    /// The zone holding node `node`.
    pub fn zone_of(&self, node: u32) -> usize {
        self.zones.partition_point(|z| z.node <= node) - 1
    }

    /// The square of `node`.
    pub fn square(&self, node: u32) -> u64 {
        let z = &self.zones[self.zone_of(node)];
        z.first + u64::from(node - z.node)
    }

    /// The number of stretches: one between each two zones that are not
    /// lone.
    pub fn stretches(&self) -> usize {
        self.zones.iter().filter(|z| !z.lone).count() - 1
    }

    /// The exit of stretch `s`, after zone `s` (of a layout without lone
    /// nodes): its first node and its squares' first.
    pub fn exit(&self, s: usize) -> (u32, u64) {
        let z = &self.zones[s];
        let k = u64::from(self.k);
        (z.node + (z.len() - k) as u32, z.last + 1 - k)
    }

    /// The entry of the stretch after zone `z` (a lone square's stretch
    /// for a lone one): its first node (the first of the next zone that
    /// is not lone), and its first square.
    pub fn entry(&self, z: usize) -> (u32, u64) {
        let z = &self.zones[self.next[z] as usize];
        (z.node, z.first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::sparse::SparseBoard;

    /// Each zone's squares, and whether it is lone.
    fn spans(l: &Layout) -> Vec<(u64, u64, bool)> {
        l.zones.iter().map(|z| (z.first, z.last, z.lone)).collect()
    }

    #[test]
    fn zones_sit_round_the_jumps() {
        let board = SparseBoard::new(
            1_000_000,
            [(500, 900_000), (950_000, 40), (600, 300_007), (300_000, 10)],
        )
        .unwrap();
        let game = SparseGame::new(board, Rules::default()).unwrap();
        let l = Layout::new(&game, 6, 30, true).unwrap();
        assert_eq!(
            spans(&l),
            vec![
                (1, 6, false),
                // The end of a jump is a lone node in a stretch, or the
                // zone above grows down to it.
                (10, 10, true),
                (40, 40, true),
                (500, 505, false),
                (600, 605, false),
                (300_000, 300_005, false),
                (300_007, 300_007, true),
                (900_000, 900_000, true),
                (950_000, 950_005, false),
                (999_994, 1_000_000, false)
            ]
        );
        let n500 = l.node(500).unwrap();
        assert!(!l.rests[n500 as usize]);
        assert_eq!(l.square(l.target[n500 as usize]), 900_000);
        assert!(l.rests[l.node(900_000).unwrap() as usize]);
        assert_eq!(l.square(l.goal), 1_000_000);
        assert_eq!(l.node(7), None);
        assert_eq!(l.node(41), None);
        // A stretch runs from a zone, or a lone node, to the next zone
        // that is not lone.
        assert_eq!(l.entry(0), (8, 500));
        assert_eq!(l.entry(1), (8, 500));
        assert_eq!(l.entry(7), (28, 950_000));
        assert_eq!(l.stretches(), 5);
        // Within a roll of the next zone, or closer than the gap: merged.
        let l = Layout::new(&game, 6, 40, true).unwrap();
        assert_eq!((l.zones[0].first, l.zones[0].last), (1, 6));
        assert_eq!((l.zones[2].first, l.zones[2].last), (40, 40));
        let board = SparseBoard::new(1_000, [(500, 20), (100, 495)]).unwrap();
        let game = SparseGame::new(board, Rules::default()).unwrap();
        let l = Layout::new(&game, 6, 7, true).unwrap();
        assert_eq!(
            spans(&l),
            vec![
                (1, 6, false),
                (20, 20, true),
                (100, 105, false),
                (495, 505, false),
                (994, 1_000, false)
            ]
        );
    }
}
