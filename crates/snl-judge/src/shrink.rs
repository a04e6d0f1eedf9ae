//! Smaller boards: the candidates tried, in order, while a program stays
//! wrong on them.
//!
//! Each candidate is one step simpler than the board: fewer squares (a run
//! of squares cut out, or plain squares taken from below, above or between
//! the jumps, the squares after each renumbered, so that the jumps move
//! down with them), one jump fewer, or one jump shorter. Bigger steps come
//! first, so that a long board shrinks in a few accepted steps.

use snl::{Board, Jump};

/// What the boards must keep while they shrink.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keep {
    /// Keep the number of squares (the pairs-text form, whose size the
    /// program assumes).
    pub size: bool,
    /// Keep the size a perfect square (the grid form).
    pub grid: bool,
}

/// The boards one step simpler than `board`, bigger steps first. Boards
/// that `allowed` rejects are left out.
pub fn candidates(board: &Board, keep: Keep, allowed: impl Fn(&Board) -> bool) -> Vec<Board> {
    let n = board.squares();
    let jumps: Vec<Jump> = board.jumps().collect();
    let mut out: Vec<Board> = Vec::new();
    let mut push = |b: Option<Board>| {
        if let Some(b) = b
            && &b != board
            && allowed(&b)
            && !out.contains(&b)
        {
            out.push(b);
        }
    };
    if !keep.size {
        for cut in cuts(n, keep.grid) {
            for first in starts(n, cut) {
                push(without_squares(board, first, cut));
            }
            // A run cut out takes the jumps on it along; taking only plain
            // squares keeps every jump and moves it down instead (a slip
            // that needs two jumps in a row on a 5x5 grid shows on a 3x3).
            let runs = plain_runs(board);
            let lengths: Vec<u32> = runs.iter().map(|r| r.1).collect();
            for take in shares(&lengths, cut) {
                push(without_plain(board, &runs, &take));
            }
        }
    }
    for j in &jumps {
        push(Some(board.without_jump(j.from)));
    }
    for j in &jumps {
        let len = j.from.abs_diff(j.to);
        for shorter in [len / 2, len - 1] {
            if shorter == 0 || shorter == len {
                continue;
            }
            let to = if j.is_ladder() {
                j.from + shorter
            } else {
                j.from - shorter
            };
            let moved = jumps.iter().map(|k| {
                if k.from == j.from {
                    Jump { from: k.from, to }
                } else {
                    *k
                }
            });
            push(Board::new(n, moved).ok());
        }
    }
    out
}

/// How many squares to cut at once: halves down to one square, or for a
/// grid the squares between its side and a smaller one.
fn cuts(n: u32, grid: bool) -> Vec<u32> {
    if grid {
        // To the next smaller grid, and to the one after: a program may be
        // right on every other size (a winding read from the wrong end).
        let k = n.isqrt();
        return [2u32, 1]
            .into_iter()
            .filter(|&d| k > d)
            .map(|d| n - (k - d) * (k - d))
            .collect();
    }
    let mut cuts = Vec::new();
    let mut m = n / 2;
    while m >= 1 {
        cuts.push(m);
        m /= 2;
    }
    cuts
}

/// Where to cut `cut` squares from a board of `n`: the top, right after
/// square 1, and a few places between, always keeping square 1.
fn starts(n: u32, cut: u32) -> Vec<u32> {
    if cut >= n {
        return vec![];
    }
    let last = n - cut + 1;
    let mut starts = vec![last, 2];
    for part in 1..4 {
        starts.push(2 + (last - 2) * part / 4);
    }
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// The board with squares `first..first + cut` removed and the squares after
/// them renumbered. Jumps from the removed squares go; jumps into them land
/// on the square after the cut (the new last square if the cut was the top).
fn without_squares(board: &Board, first: u32, cut: u32) -> Option<Board> {
    let n = board.squares() - cut;
    let map = |s: u32| {
        if s < first {
            Some(s)
        } else if s < first + cut {
            None
        } else {
            Some(s - cut)
        }
    };
    let jumps = board.jumps().filter_map(|j| {
        let from = map(j.from)?;
        let to = map(j.to).unwrap_or(first.min(n));
        (from != to && from != n).then_some(Jump { from, to })
    });
    Board::new(n, jumps).ok()
}

/// The runs of plain squares of `board` (squares neither first nor last,
/// nor the start or end of a jump), between consecutive such ends, from
/// the bottom: `(first square, length)`.
fn plain_runs(board: &Board) -> Vec<(u32, u32)> {
    let n = board.squares();
    let mut ends: Vec<u32> = board.jumps().flat_map(|j| [j.from, j.to]).collect();
    ends.extend([1, n]);
    ends.sort_unstable();
    ends.dedup();
    ends.windows(2)
        .filter(|w| w[1] - w[0] > 1)
        .map(|w| (w[0] + 1, w[1] - w[0] - 1))
        .collect()
}

/// The most ways of sharing a cut among the runs that are all tried.
const ALL_SHARES: u64 = 32;

/// Ways to take `cut` plain squares from runs of these `lengths`, as how
/// many each run gives: all from the lowest runs, all from the highest,
/// from the longest runs first (the gaps close evenly), as much as it has
/// from each run first; and every way when there are at most
/// [`ALL_SHARES`] of them (a slip may need the distance from square 1 to a
/// jump kept while another gap closes).
fn shares(lengths: &[u32], cut: u32) -> Vec<Vec<u32>> {
    let plain: u32 = lengths.iter().sum();
    if cut == 0 || cut > plain {
        return Vec::new();
    }
    let in_order = |order: &mut dyn Iterator<Item = usize>| {
        let mut take = vec![0u32; lengths.len()];
        let mut left = cut;
        for i in order {
            take[i] = lengths[i].min(left);
            left -= take[i];
        }
        take
    };
    let g = lengths.len();
    let mut out = vec![in_order(&mut (0..g)), in_order(&mut (0..g).rev())];
    let mut widest = vec![0u32; g];
    for _ in 0..cut {
        let i = (0..g)
            .max_by_key(|&i| (lengths[i] - widest[i], std::cmp::Reverse(i)))
            .expect("some run has room, as cut <= plain");
        widest[i] += 1;
    }
    out.push(widest);
    for first in 0..g {
        out.push(in_order(
            &mut std::iter::once(first).chain((0..g).filter(|&i| i != first)),
        ));
    }
    // Every way, by the squares each run keeps (a sum of `plain - cut`).
    if ways(lengths, plain - cut) <= ALL_SHARES {
        let mut keep = vec![0u32; g];
        every_share(lengths, plain - cut, 0, &mut keep, &mut |keep| {
            out.push(lengths.iter().zip(keep).map(|(l, k)| l - k).collect());
        });
    }
    out
}

/// How many ways `left` squares can be kept in runs of these lengths (at
/// most as many as each has), counted up to just past [`ALL_SHARES`].
fn ways(lengths: &[u32], left: u32) -> u64 {
    // ways[k]: the ways to keep k squares in the runs so far.
    let mut ways = vec![0u64; left as usize + 1];
    ways[0] = 1;
    for &len in lengths {
        let mut next = vec![0u64; ways.len()];
        for (k, &w) in ways.iter().enumerate() {
            for add in 0..=(len as usize).min(ways.len() - 1 - k) {
                next[k + add] = (next[k + add] + w).min(ALL_SHARES + 1);
            }
        }
        ways = next;
    }
    ways[left as usize]
}

/// Calls `each` with every way of keeping `left` squares in the runs from
/// `i` on.
fn every_share(
    lengths: &[u32],
    left: u32,
    i: usize,
    keep: &mut [u32],
    each: &mut dyn FnMut(&[u32]),
) {
    if i == lengths.len() {
        if left == 0 {
            each(keep);
        }
        return;
    }
    let room: u32 = lengths[i + 1..].iter().sum();
    for k in left.saturating_sub(room)..=lengths[i].min(left) {
        keep[i] = k;
        every_share(lengths, left - k, i + 1, keep, each);
    }
    keep[i] = 0;
}

/// The board with plain squares removed, `take[i]` from the low end of the
/// `i`th run of [`plain_runs`], and every square renumbered in order: each
/// jump keeps both its ends, moved down by the squares removed below them.
fn without_plain(board: &Board, runs: &[(u32, u32)], take: &[u32]) -> Option<Board> {
    let cut: u32 = take.iter().sum();
    let removed_below = |s: u32| -> u32 {
        runs.iter()
            .zip(take)
            .map(|(&(first, _), &t)| {
                if s >= first + t {
                    t
                } else {
                    s.saturating_sub(first)
                }
            })
            .sum()
    };
    let jumps = board.jumps().map(|j| Jump {
        from: j.from - removed_below(j.from),
        to: j.to - removed_below(j.to),
    });
    Board::new(board.squares().checked_sub(cut)?, jumps).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cutting_renumbers_the_squares_after() {
        let board = Board::new(20, [Jump { from: 3, to: 15 }, Jump { from: 18, to: 9 }]).unwrap();
        let cut = without_squares(&board, 5, 4).unwrap();
        assert_eq!(cut.squares(), 16);
        let jumps: Vec<String> = cut.jumps().map(|j| j.to_string()).collect();
        // 15 -> 11, 18 -> 14, 9 falls in the cut and lands on its end (5).
        assert_eq!(jumps, ["3->11", "14->5"]);
    }

    #[test]
    fn plain_squares_go_and_the_jumps_move_down() {
        // Two ladders in a row near the top of a 5x5 grid: a 3x3 grid
        // keeps both, moved down.
        let board = Board::new(25, [Jump { from: 14, to: 22 }, Jump { from: 22, to: 25 }]).unwrap();
        let runs = plain_runs(&board);
        assert_eq!(runs, [(2, 12), (15, 7), (23, 2)]);
        let text = |take: &[u32]| {
            let b = without_plain(&board, &runs, take).unwrap();
            let jumps: Vec<String> = b.jumps().map(|j| j.to_string()).collect();
            (b.squares(), jumps.join(" "))
        };
        assert_eq!(text(&[12, 4, 0]), (9, "2->6 6->9".into()));
        assert_eq!(text(&[11, 3, 2]), (9, "3->8 8->9".into()));
        let shares = shares(&[12, 7, 2], 16);
        // Lowest, highest, widest runs first, each run first, then all 15
        // ways of keeping 5 squares in runs of 12, 7 and 2.
        assert_eq!(shares[..3], [vec![12, 4, 0], vec![7, 7, 2], vec![11, 5, 0]]);
        assert_eq!(shares.len(), 3 + 3 + 15);
        assert!(shares.iter().all(|t| t.iter().sum::<u32>() == 16));
        assert!(shares.contains(&vec![11, 3, 2]));
        assert_eq!(ways(&[12, 7, 2], 5), 15);
        assert!(super::shares(&[12, 7, 2], 22).is_empty());
        let grid = Keep {
            size: false,
            grid: true,
        };
        let smaller = candidates(&board, grid, |_| true);
        assert!(smaller.iter().any(|b| b.squares() == 9
            && b.jumps().collect::<Vec<_>>()
                == [Jump { from: 3, to: 8 }, Jump { from: 8, to: 9 }]));
    }

    #[test]
    fn candidates_keep_what_they_must() {
        let board = Board::new(16, [Jump { from: 2, to: 12 }, Jump { from: 14, to: 3 }]).unwrap();
        let grid = candidates(
            &board,
            Keep {
                size: false,
                grid: true,
            },
            |_| true,
        );
        assert!(grid.iter().all(|b| [16, 9, 4].contains(&b.squares())));
        assert!(grid.iter().any(|b| b.squares() == 9));
        assert!(grid.iter().any(|b| b.squares() == 4));
        let fixed = candidates(
            &board,
            Keep {
                size: true,
                grid: false,
            },
            |_| true,
        );
        assert!(fixed.iter().all(|b| b.squares() == 16));
        // Two removals and the shortenings: 10 -> 5 and 9, 11 -> 5 and 10.
        assert_eq!(fixed.len(), 6);
        let none = candidates(
            &board,
            Keep {
                size: true,
                grid: false,
            },
            |b| b.jump_count() == 2,
        );
        assert_eq!(none.len(), 4);
    }
}
