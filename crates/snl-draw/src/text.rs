//! The board as text for a terminal: a grid of square numbers laid out as
//! the board is played, each jump written after its square (`12↑38` for a
//! ladder from 12 up to 38, `17↓6` for a snake down to 6).

use std::fmt::Write as _;

use snl::Board;

use crate::grid::Grid;

const GREEN: &str = "\x1b[32m";
const RED: &str = "\x1b[31m";
const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// The board as rows of text, top row first, with a key below. With
/// `colour`, ladders are green, snakes red, and the start and finish bold
/// (ANSI escapes); without, the text is plain.
///
/// # Examples
///
/// ```
/// use snl::{Board, Jump};
/// use snl_draw::{Grid, text};
///
/// let board = Board::new(9, [Jump { from: 2, to: 7 }, Jump { from: 8, to: 4 }])?;
/// let shown = text::board(&board, Grid::natural(9), false);
/// assert_eq!(shown.lines().next(), Some("7    8↓4  9"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board(board: &Board, grid: Grid, colour: bool) -> String {
    let n = board.squares();
    let digits = n.to_string().len();
    let marks: Vec<String> = (0..=n)
        .map(|s| match board.jump(s) {
            Some(to) if to > s => format!("↑{to}"),
            Some(to) => format!("↓{to}"),
            None => String::new(),
        })
        .collect();
    let mark_width = marks.iter().map(|m| m.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for row in 0..grid.rows() {
        let mut line = String::new();
        for (col, square) in grid.row_squares(row).enumerate() {
            if col > 0 {
                line.push_str("  ");
            }
            let Some(s) = square else {
                line.push_str(&" ".repeat(digits + mark_width));
                continue;
            };
            let mark = &marks[s as usize];
            let pad = " ".repeat(mark_width - mark.chars().count());
            let end = s == 1 || s == n;
            if colour && end {
                let _ = write!(line, "{BOLD}{s:>digits$}{RESET}");
            } else {
                let _ = write!(line, "{s:>digits$}");
            }
            match board.jump(s) {
                Some(to) if colour => {
                    let c = if to > s { GREEN } else { RED };
                    let _ = write!(line, "{c}{mark}{RESET}{pad}");
                }
                _ => {
                    let _ = write!(line, "{mark}{pad}");
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let key = "↑n: a ladder up to square n   ↓n: a snake down to square n";
    if colour {
        let _ = writeln!(out, "{DIM}{key}{RESET}");
    } else {
        let _ = writeln!(out, "{key}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use snl::Jump;

    #[test]
    fn winding_rows_with_marks() {
        let b = Board::new(
            20,
            [
                Jump { from: 2, to: 19 },
                Jump { from: 12, to: 15 },
                Jump { from: 9, to: 2 },
            ],
        )
        .unwrap();
        let shown = board(&b, Grid::natural(20), false);
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(
            lines[0],
            "20     19     18     17     16     15     14     13     12↑15  11"
        );
        assert_eq!(
            lines[1],
            " 1      2↑19   3      4      5      6      7      8      9↓2   10"
        );
    }

    #[test]
    fn colour_only_when_asked() {
        let b = Board::new(9, [Jump { from: 2, to: 7 }]).unwrap();
        assert!(!board(&b, Grid::natural(9), false).contains('\x1b'));
        let c = board(&b, Grid::natural(9), true);
        assert!(c.contains("\x1b[32m↑7\x1b[0m"));
        assert!(c.contains("\x1b[1m9\x1b[0m"));
    }
}
