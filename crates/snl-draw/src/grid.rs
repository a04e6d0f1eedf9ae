//! Where each square sits: rows of squares winding up from the bottom-left.
//!
//! Square 1 is at the bottom-left. The first row runs left to right, the
//! next right to left, and so on, exactly as LeetCode 909 numbers an `n x n`
//! board: the row from the bottom is `(s - 1) / columns`, and every other row
//! is reversed. The top row of a board whose size is not a multiple of the
//! row length is only partly filled.

use crate::DrawError;

/// The row length for boards that are not square.
pub const DEFAULT_COLUMNS: u32 = 10;

/// The layout of a board's squares in rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    squares: u32,
    columns: u32,
}

/// A square's place in the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Column, from 0 at the left.
    pub col: u32,
    /// Row, from 0 at the top.
    pub row: u32,
}

impl Grid {
    /// The layout a board is drawn in by default: an `n x n` board as it is
    /// played, any other size in rows of [`DEFAULT_COLUMNS`] (or one row,
    /// if shorter).
    ///
    /// # Examples
    ///
    /// ```
    /// use snl_draw::Grid;
    ///
    /// assert_eq!(Grid::natural(36).columns(), 6);
    /// assert_eq!(Grid::natural(20).columns(), 10);
    /// assert_eq!(Grid::natural(20).rows(), 2);
    /// ```
    pub fn natural(squares: u32) -> Grid {
        let side = square_root(squares);
        let columns = if side * side == squares && side > 1 {
            side
        } else {
            squares.clamp(1, DEFAULT_COLUMNS)
        };
        Grid { squares, columns }
    }

    /// Rows of `columns` squares. A row wider than the board is one row of
    /// all its squares: `--width 4294967295` draws the board in a line, not
    /// four billion empty cells.
    ///
    /// # Errors
    ///
    /// [`DrawError::NoColumns`] when `columns` is 0.
    pub fn with_columns(squares: u32, columns: u32) -> Result<Grid, DrawError> {
        if columns == 0 {
            return Err(DrawError::NoColumns);
        }
        Ok(Grid {
            squares,
            columns: columns.min(squares.max(1)),
        })
    }

    /// Rows of `columns` squares when given, else the natural layout: what
    /// a `--width` option asks for.
    ///
    /// # Errors
    ///
    /// [`DrawError::NoColumns`] for `Some(0)`.
    pub fn with_width(squares: u32, columns: Option<u32>) -> Result<Grid, DrawError> {
        match columns {
            Some(columns) => Grid::with_columns(squares, columns),
            None => Ok(Grid::natural(squares)),
        }
    }

    /// The number of squares.
    pub fn squares(&self) -> u32 {
        self.squares
    }

    /// Squares per row.
    pub fn columns(&self) -> u32 {
        self.columns
    }

    /// The number of rows, counting a partly filled top row.
    pub fn rows(&self) -> u32 {
        self.squares.div_ceil(self.columns).max(1)
    }

    /// Where square `square` (numbered from 1) sits.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl_draw::{grid::Cell, Grid};
    ///
    /// // LeetCode 909, 6 x 6: square 1 at the bottom-left, 7 above 6,
    /// // 36 at the top-left.
    /// let g = Grid::natural(36);
    /// assert_eq!(g.cell(1), Cell { col: 0, row: 5 });
    /// assert_eq!(g.cell(7), Cell { col: 5, row: 4 });
    /// assert_eq!(g.cell(36), Cell { col: 0, row: 0 });
    /// ```
    pub fn cell(&self, square: u32) -> Cell {
        let i = square.saturating_sub(1);
        let from_bottom = i / self.columns;
        let mut col = i % self.columns;
        if from_bottom % 2 == 1 {
            col = self.columns - 1 - col;
        }
        Cell {
            col,
            row: self.rows() - 1 - from_bottom,
        }
    }

    /// The squares of row `row` (from 0 at the top), left to right; `None`
    /// where the top row is not filled.
    pub fn row_squares(&self, row: u32) -> impl Iterator<Item = Option<u32>> + '_ {
        let from_bottom = self.rows() - 1 - row;
        let first = from_bottom * self.columns + 1;
        (0..self.columns).map(move |col| {
            let offset = if from_bottom % 2 == 1 {
                self.columns - 1 - col
            } else {
                col
            };
            let s = first + offset;
            (s <= self.squares).then_some(s)
        })
    }
}

fn square_root(n: u32) -> u32 {
    let mut r = f64::from(n).sqrt() as u32;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leetcode_numbering() {
        // The 6 x 6 board of LeetCode 909, example 1, printed top row first.
        let g = Grid::natural(36);
        let rows: Vec<Vec<u32>> = (0..6)
            .map(|r| g.row_squares(r).map(Option::unwrap).collect())
            .collect();
        assert_eq!(rows[0], [36, 35, 34, 33, 32, 31]);
        assert_eq!(rows[1], [25, 26, 27, 28, 29, 30]);
        assert_eq!(rows[4], [12, 11, 10, 9, 8, 7]);
        assert_eq!(rows[5], [1, 2, 3, 4, 5, 6]);
        for s in 1..=36 {
            let c = g.cell(s);
            assert_eq!(g.row_squares(c.row).nth(c.col as usize), Some(Some(s)));
        }
    }

    #[test]
    fn partial_top_row() {
        let g = Grid::natural(23);
        assert_eq!((g.columns(), g.rows()), (10, 3));
        let top: Vec<_> = g.row_squares(0).collect();
        assert_eq!(&top[..4], &[Some(21), Some(22), Some(23), None]);
        assert_eq!(g.cell(23), Cell { col: 2, row: 0 });
        let g = Grid::with_columns(7, 3).unwrap();
        assert_eq!(g.cell(7), Cell { col: 0, row: 0 });
        assert_eq!(g.cell(6), Cell { col: 0, row: 1 });
        assert!(Grid::with_columns(7, 0).is_err());
    }

    #[test]
    fn small_and_square_sizes() {
        assert_eq!(Grid::natural(1).columns(), 1);
        assert_eq!(Grid::natural(4).columns(), 2);
        assert_eq!(Grid::natural(5).columns(), 5);
        assert_eq!(Grid::natural(100).columns(), 10);
        assert_eq!(Grid::natural(400).columns(), 20);
        assert_eq!(Grid::natural(1_000_000).columns(), 1000);
        assert_eq!(Grid::natural(99).rows(), 10);
    }
}
