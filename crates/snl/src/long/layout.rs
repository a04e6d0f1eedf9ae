//! Where a board of any length keeps squares one by one, and where it
//! crosses them in one step.
//!
//! Squares are kept one by one (as *nodes*) in *zones*: the `K` squares
//! from the start, from each jump's start, from each square a jump leaves a
//! pawn on, and the last `K + 1` squares, `K` being the die's top value.
//! Zones closer than a *gap* (set by each engine: the length past which its
//! closed forms hold) are merged. Between two zones lies a *stretch* of at
//! least that many plain squares: no jump starts there and no jump ends
//! there, and no roll from it can overshoot the last square.
//!
//! A roll from a zone either lands in the same zone or, from its last `K`
//! squares (its *exit*), in the stretch after it. A pawn crossing a stretch
//! first lands past it on one of the first `K` squares of the next zone
//! (its *entry*). Every zone has at least `K` squares, so exits and entries
//! are nodes.

use crate::limits::LimitError;
use crate::long::LongGame;

/// A run of squares kept one by one: squares `first..=last`, numbered as
/// nodes from `node` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Zone {
    pub first: u64,
    pub last: u64,
    pub node: u32,
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

/// The zones of `game` as intervals, before their nodes are numbered: what
/// the estimates count.
pub(crate) fn intervals(game: &LongGame, k: u32, gap: u64) -> Vec<(u64, u64)> {
    let n = game.goal();
    let k = u64::from(k);
    let mut spans: Vec<(u64, u64)> = Vec::with_capacity(2 * game.board().jump_count() + 2);
    let span = |q: u64| (q, q.saturating_add(k - 1).min(n));
    spans.push(span(game.start()));
    spans.push((n.saturating_sub(k), n));
    for (from, rest) in game.jump_rests() {
        spans.push(span(from));
        spans.push(span(rest));
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
    merged
}

/// The number of nodes of these intervals.
pub(crate) fn node_count(intervals: &[(u64, u64)]) -> u64 {
    intervals.iter().map(|&(a, b)| b - a + 1).sum()
}

impl Layout {
    /// The layout of `game` for a die whose top value is `k`, with
    /// stretches of at least `gap` plain squares.
    ///
    /// # Errors
    ///
    /// [`LimitError::Size`] when the zones have more squares than 32-bit
    /// node numbers can count; [`LimitError::Alloc`] when their tables
    /// cannot be allocated.
    pub fn new(game: &LongGame, k: u32, gap: u64) -> Result<Layout, LimitError> {
        let spans = intervals(game, k, gap);
        let nodes = node_count(&spans);
        if nodes > MAX_NODES {
            return Err(LimitError::Size {
                what: "the squares kept one by one near the jumps",
                size: nodes,
                max: MAX_NODES,
            });
        }
        let mut zones = Vec::with_capacity(spans.len());
        let mut next = 0u32;
        for (first, last) in spans {
            zones.push(Zone {
                first,
                last,
                node: next,
            });
            next += (last - first + 1) as u32;
        }
        let nodes = next as usize;
        let mut target: Vec<u32> = crate::limits::with_capacity(nodes, "the nodes' landings")?;
        target.extend(0..next);
        let mut rests = crate::limits::vec_of(nodes, true, "the nodes' flags")?;
        let mut layout = Layout {
            k,
            zones,
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

    /// The number of stretches: one between each two zones.
    pub fn stretches(&self) -> usize {
        self.zones.len() - 1
    }

    /// The exit of stretch `s`: its first node and its squares' first.
    pub fn exit(&self, s: usize) -> (u32, u64) {
        let z = &self.zones[s];
        let k = u64::from(self.k);
        (z.node + (z.len() - k) as u32, z.last + 1 - k)
    }

    /// The entry of stretch `s`: its first node (the first of the next
    /// zone), and its first square.
    pub fn entry(&self, s: usize) -> (u32, u64) {
        let z = &self.zones[s + 1];
        (z.node, z.first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::long::LongBoard;
    use crate::rules::Rules;

    #[test]
    fn zones_sit_round_the_jumps() {
        let board = LongBoard::new(1_000_000, [(500, 900_000), (950_000, 40)]).unwrap();
        let game = LongGame::new(board, Rules::default()).unwrap();
        let l = Layout::new(&game, 6, 30).unwrap();
        let spans: Vec<(u64, u64)> = l.zones.iter().map(|z| (z.first, z.last)).collect();
        assert_eq!(
            spans,
            vec![
                (1, 6),
                (40, 45),
                (500, 505),
                (900_000, 900_005),
                (950_000, 950_005),
                (999_994, 1_000_000)
            ]
        );
        let n500 = l.node(500).unwrap();
        assert!(!l.rests[n500 as usize]);
        assert_eq!(l.square(l.target[n500 as usize]), 900_000);
        assert_eq!(l.square(l.goal), 1_000_000);
        assert_eq!(l.node(7), None);
        assert_eq!(l.exit(0), (0, 1));
        assert_eq!(l.entry(0), (6, 40));
        // Closer than the gap: merged.
        let l = Layout::new(&game, 6, 40).unwrap();
        assert_eq!((l.zones[0].first, l.zones[0].last), (1, 45));
    }
}
