//! The queue of the search for the fewest rolls.

/// A queue of nodes by distance for a search whose distances only grow
/// (Ahuja, Mehlhorn, Orlin and Tarjan's radix heap): bucket `i` holds the
/// keys whose highest bit differing from the last key taken is bit `i - 1`,
/// so a push is an append and a key moves down at most 64 buckets.
pub(super) struct RadixHeap {
    last: u64,
    buckets: [Vec<(u64, u32)>; 65],
}

impl RadixHeap {
    pub(super) fn new() -> RadixHeap {
        RadixHeap {
            last: 0,
            buckets: std::array::from_fn(|_| Vec::new()),
        }
    }

    fn bucket(&self, key: u64) -> usize {
        64 - (key ^ self.last).leading_zeros() as usize
    }

    pub(super) fn push(&mut self, key: u64, node: u32) {
        debug_assert!(key >= self.last, "the keys only grow");
        let b = self.bucket(key);
        self.buckets[b].push((key, node));
    }

    pub(super) fn pop(&mut self) -> Option<(u64, u32)> {
        if self.buckets[0].is_empty() {
            let i = self.buckets.iter().position(|b| !b.is_empty())?;
            let moved = std::mem::take(&mut self.buckets[i]);
            self.last = moved.iter().map(|e| e.0).min().expect("not empty");
            for &(key, node) in &moved {
                let b = self.bucket(key);
                self.buckets[b].push((key, node));
            }
            // Keep the bucket's room for later.
            let mut moved = moved;
            moved.clear();
            if self.buckets[i].is_empty() {
                self.buckets[i] = moved;
            }
        }
        self.buckets[0].pop()
    }
}
