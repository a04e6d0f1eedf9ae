//! Smaller boards: the candidates tried, in order, while a program stays
//! wrong on them.
//!
//! Each candidate is one step simpler than the board: fewer squares (a run
//! of squares cut out, the squares after it renumbered), one jump fewer, or
//! one jump shorter. Bigger steps come first, so that a long board shrinks
//! in a few accepted steps.

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
