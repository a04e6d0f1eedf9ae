//! LeetCode 909's grid: N rows of N cells, squares numbered from the
//! bottom-left corner in the winding (boustrophedon) order.
//!
//! On a 6×6 grid the bottom row (row 5) holds squares 1 to 6 from left to
//! right, row 4 holds 7 to 12 from right to left, and so on up to square 36
//! at the top left. A cell holds `-1` for no jump or the square the jump
//! leads to. A cell that names its own square is also no jump: LeetCode's
//! own tests contain such boards.
//!
//! Programs that solve LeetCode 909 often number the grid another way by
//! mistake; [`GridReading`] names those ways, so a board can be read as such
//! a program reads it ([`from_grid_read`]).

use std::fmt;

use serde::Deserialize;
use serde::de::{DeserializeSeed, Deserializer, SeqAccess, Visitor};

use super::parsed::{Format, ParseError, WriteError};
use super::rules_object::rules_json;
use super::values::{IntSeed, Slot, number_lines};
use crate::board::{Board, BoardSpec, Cells, Origin, RawJump, WrittenJumps, winding_cell};
use crate::rules::Rules;

/// A grid as read: the length of every row and the cells that are not `-1`.
/// Plain cells are not kept, so a large grid costs memory for its jumps only.
#[derive(Debug, Default)]
pub(crate) struct GridCells {
    row_lens: Vec<usize>,
    /// `(row, col, value)` of every cell other than `-1`.
    cells: Vec<(usize, usize, i64)>,
}

impl GridCells {
    /// The cells of rows given in memory (the LeetCode function's input).
    pub(crate) fn from_rows<R, C>(rows: R) -> GridCells
    where
        R: IntoIterator<Item = C>,
        C: IntoIterator<Item = i64>,
    {
        let mut grid = GridCells::default();
        for (row, cells) in rows.into_iter().enumerate() {
            let mut len = 0;
            for (col, value) in cells.into_iter().enumerate() {
                if value != -1 {
                    grid.cells.push((row, col, value));
                }
                len = col + 1;
            }
            grid.row_lens.push(len);
        }
        grid
    }

    /// The board the grid describes.
    pub(crate) fn into_spec(self) -> Result<BoardSpec, ParseError> {
        self.into_spec_read(GridReading::Winding)
    }

    /// The board the grid describes when its cells are numbered by
    /// `reading`.
    pub(crate) fn into_spec_read(self, reading: GridReading) -> Result<BoardSpec, ParseError> {
        let rows = self.row_lens.len();
        if rows == 0 {
            return Err(ParseError::EmptyGrid);
        }
        if let Some((row, &len)) = self.row_lens.iter().enumerate().find(|(_, l)| **l != rows) {
            return Err(ParseError::NotSquare { row, len, rows });
        }
        let k = rows as u64;
        let squares = k * k;
        let mut jumps = Vec::with_capacity(self.cells.len());
        for (row, col, value) in self.cells {
            let square = reading.square_of(k, row as u64, col as u64);
            // The grid numbers squares from 1: 0 is no square of it.
            let Some(to) = u64::try_from(value).ok().filter(|&to| to >= 1) else {
                return Err(ParseError::BadCell {
                    row,
                    col,
                    square,
                    value,
                    squares,
                });
            };
            if to != square {
                jumps.push(RawJump {
                    from: square,
                    to,
                    declared: None,
                    origin: Origin::Grid { row, col },
                });
            }
        }
        Ok(BoardSpec {
            squares,
            jumps: jumps.into(),
        })
    }
}

/// A grid as the readers give it: its cells as the plain reader reads
/// them, or a square grid's jumps as the fast one does.
#[derive(Debug)]
pub(crate) enum Grid {
    /// Every cell other than `-1`, with the length of every row.
    Cells(GridCells),
    /// A square grid of `side` rows: `(from, to)` of its jumps in the
    /// order written, in the winding order's numbering, without the cells
    /// that name their own square.
    Squares {
        /// The number of rows, and of columns.
        side: u32,
        /// The jumps, in one part or two (the second after the first).
        pairs: [Vec<(u32, u32)>; 2],
    },
}

impl Grid {
    /// A grid of no rows.
    pub(super) fn empty() -> Grid {
        Grid::Cells(GridCells::default())
    }

    /// The board the grid describes.
    pub(super) fn into_spec(self) -> Result<BoardSpec, ParseError> {
        match self {
            Grid::Cells(cells) => cells.into_spec(),
            Grid::Squares { side, pairs } => Ok(BoardSpec {
                squares: u64::from(side).pow(2),
                jumps: WrittenJumps::of_cells(Cells::Grid { side }, pairs),
            }),
        }
    }
}

/// A way of numbering the cells of an n×n grid: LeetCode 909's winding, and
/// the ways programs get it wrong.
///
/// Squares are numbered row by row from the bottom row up in every reading;
/// the readings differ in which way each row runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum GridReading {
    /// LeetCode 909's order: the bottom row left to right, and each row
    /// after it the other way from the one below (boustrophedon).
    #[default]
    Winding,
    /// Every row left to right: the winding forgotten.
    Rows,
    /// The winding begun from the bottom-right corner: the bottom row right
    /// to left, then alternating.
    Mirrored,
    /// The winding with each row's direction taken from its index counted
    /// from the top, the top row (index 0) left to right. Right on grids of
    /// odd size, mirrored on even ones.
    TopEven,
    /// The winding with each row's direction taken from its index counted
    /// from the top, the top row (index 0) right to left. Right on grids of
    /// even size (LeetCode's 6×6 example among them), mirrored on odd ones.
    TopOdd,
}

impl GridReading {
    /// Every reading, LeetCode's first.
    pub const ALL: [GridReading; 5] = [
        GridReading::Winding,
        GridReading::Rows,
        GridReading::Mirrored,
        GridReading::TopEven,
        GridReading::TopOdd,
    ];

    /// A short name: `winding`, `rows`, `mirrored`, `top-even`, `top-odd`.
    pub fn name(self) -> &'static str {
        match self {
            GridReading::Winding => "winding",
            GridReading::Rows => "rows",
            GridReading::Mirrored => "mirrored",
            GridReading::TopEven => "top-even",
            GridReading::TopOdd => "top-odd",
        }
    }

    /// The reading in words, for people.
    pub fn describe(self) -> &'static str {
        match self {
            GridReading::Winding => {
                "the grid numbered from the bottom-left, each row the other way from the one below"
            }
            GridReading::Rows => {
                "the grid read without the winding: every row left to right, from the bottom up"
            }
            GridReading::Mirrored => {
                "the grid's winding begun from the bottom-right corner instead of the bottom-left"
            }
            GridReading::TopEven => {
                "the winding's direction taken from row numbers counted from the top (the top row left to right), which is wrong on even-sized grids"
            }
            GridReading::TopOdd => {
                "the winding's direction taken from row numbers counted from the top (the top row right to left), which is wrong on odd-sized grids"
            }
        }
    }

    /// The square of the cell at `row` (from 0 at the top) and `col` on a
    /// `k`×`k` grid.
    pub fn square_of(self, k: u64, row: u64, col: u64) -> u64 {
        let from_bottom = k - 1 - row;
        let left_to_right = match self {
            GridReading::Winding => from_bottom.is_multiple_of(2),
            GridReading::Rows => true,
            GridReading::Mirrored => !from_bottom.is_multiple_of(2),
            GridReading::TopEven => row.is_multiple_of(2),
            GridReading::TopOdd => !row.is_multiple_of(2),
        };
        let across = if left_to_right { col } else { k - 1 - col };
        from_bottom * k + across + 1
    }
}

/// The square of the cell at `row` (from 0 at the top) and `col` on a `k`×`k`
/// grid, in LeetCode's winding order.
#[cfg(test)]
fn square_of(k: u64, row: u64, col: u64) -> u64 {
    GridReading::Winding.square_of(k, row, col)
}

/// The `(row, col)` of `square` on a `k`×`k` grid, row 0 at the top.
fn cell_of(k: u64, square: u64) -> (usize, usize) {
    winding_cell(k, square)
}

/// The board a LeetCode grid describes.
///
/// # Errors
///
/// An empty grid, a row whose length is not the number of rows, or a cell
/// below `-1`, named by row, column and square.
///
/// # Examples
///
/// ```
/// // Square 2 (bottom row, right) leads to 4; square 3 (top right) to 3,
/// // which is LeetCode's way of writing no jump.
/// let spec = snl::input::from_grid(&[vec![-1, 3], vec![-1, 4]])?;
/// let board = spec.build()?;
/// assert_eq!(board.jump(2), Some(4));
/// assert_eq!(board.jump_count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_grid(grid: &[Vec<i64>]) -> Result<BoardSpec, ParseError> {
    GridCells::from_rows(grid.iter().map(|row| row.iter().copied())).into_spec()
}

/// The board a LeetCode grid describes when its cells are numbered by
/// `reading`: the board a program that reads the grid that way plays. A
/// cell's value is the square its jump leads to, as written.
///
/// # Errors
///
/// As [`from_grid`].
///
/// # Examples
///
/// ```
/// use snl::input::{self, GridReading};
///
/// // The bottom row holds squares 1 and 2, the ladder from 2 to 3 on the right.
/// let grid = [vec![-1, -1], vec![-1, 3]];
/// let winding = input::from_grid_read(&grid, GridReading::Winding)?.build()?;
/// assert_eq!(winding.jump(2), Some(3));
/// // Read from the bottom-right, that cell is square 1.
/// let mirrored = input::from_grid_read(&grid, GridReading::Mirrored)?.build()?;
/// assert_eq!(mirrored.jump(1), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_grid_read(grid: &[Vec<i64>], reading: GridReading) -> Result<BoardSpec, ParseError> {
    GridCells::from_rows(grid.iter().map(|row| row.iter().copied())).into_spec_read(reading)
}

/// The LeetCode grid of `board`: `-1` for no jump, else the destination.
///
/// # Errors
///
/// [`WriteError::NotSquare`] unless the number of squares is a perfect
/// square; [`WriteError::ToSquare0`] for a snake to square 0, which the
/// grid, numbering squares from 1, cannot write.
///
/// # Examples
///
/// ```
/// use snl::input::WriteError;
/// use snl::{Board, Jump};
///
/// let board = Board::new(4, [Jump { from: 2, to: 4 }])?;
/// assert_eq!(snl::input::to_grid(&board), Ok(vec![vec![-1, -1], vec![-1, 4]]));
/// assert_eq!(snl::input::to_grid(&Board::empty(5)?), Err(WriteError::NotSquare { squares: 5 }));
/// # Ok::<(), snl::BoardError>(())
/// ```
pub fn to_grid(board: &Board) -> Result<Vec<Vec<i64>>, WriteError> {
    let n = u64::from(board.squares());
    let k = n.isqrt();
    if k * k != n {
        return Err(WriteError::NotSquare {
            squares: board.squares(),
        });
    }
    if let Some(j) = board.jumps().find(|&j| j.to_start()) {
        return Err(WriteError::ToSquare0 {
            format: Format::Grid,
            from: j.from,
        });
    }
    let mut grid = vec![vec![-1i64; k as usize]; k as usize];
    for jump in board.jumps() {
        let (row, col) = cell_of(k, u64::from(jump.from));
        grid[row][col] = i64::from(jump.to);
    }
    Ok(grid)
}

/// The LeetCode grid of `board` as JSON, one row a line: a bare grid, or
/// `{"grid": ..., "rules": ...}` when `rules` are given.
///
/// # Errors
///
/// As [`to_grid`].
pub fn to_grid_json(board: &Board, rules: Option<&Rules>) -> Result<String, WriteError> {
    let grid = to_grid(board)?;
    let indent = if rules.is_some() { "    " } else { "  " };
    let mut body = String::from("[\n");
    for (i, row) in grid.iter().enumerate() {
        if i > 0 {
            body.push_str(",\n");
        }
        body.push_str(indent);
        body.push('[');
        number_lines(&mut body, row, usize::MAX, "");
        body.push(']');
    }
    body.push('\n');
    body.push_str(&indent[2..]);
    body.push(']');
    Ok(match rules {
        None => body + "\n",
        Some(rules) => format!(
            "{{\n  \"grid\": {body},\n  \"rules\": {}\n}}\n",
            rules_json(rules)
        ),
    })
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        GridCells::deserialize(d).map(Grid::Cells)
    }
}

impl<'de> Deserialize<'de> for GridCells {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(GridVisitor)
    }
}

struct GridVisitor;

impl<'de> Visitor<'de> for GridVisitor {
    type Value = GridCells;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a grid: a list of rows of numbers")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<GridCells, A::Error> {
        let mut grid = GridCells::default();
        let mut row = 0;
        while let Some(len) = seq.next_element_seed(RowSeed {
            row,
            cells: &mut grid.cells,
        })? {
            grid.row_lens.push(len);
            row += 1;
        }
        Ok(grid)
    }
}

/// Reads one row, keeping its cells other than `-1`; yields its length.
struct RowSeed<'a> {
    row: usize,
    cells: &'a mut Vec<(usize, usize, i64)>,
}

impl<'de> DeserializeSeed<'de> for RowSeed<'_> {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for RowSeed<'_> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "grid row {} as a list of numbers", self.row)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<usize, A::Error> {
        let mut col = 0;
        while let Some(value) = seq.next_element_seed(IntSeed(Slot::Cell { row: self.row, col }))? {
            if value != -1 {
                self.cells.push((self.row, col, value));
            }
            col += 1;
        }
        Ok(col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winding_numbering() {
        // 6x6: row 5 is 1..=6 left to right, row 4 is 7..=12 right to left.
        assert_eq!(square_of(6, 5, 0), 1);
        assert_eq!(square_of(6, 5, 5), 6);
        assert_eq!(square_of(6, 4, 5), 7);
        assert_eq!(square_of(6, 4, 0), 12);
        assert_eq!(square_of(6, 0, 0), 36);
        assert_eq!(square_of(5, 0, 4), 25);
        for k in 1..=7 {
            for s in 1..=k * k {
                let (r, c) = cell_of(k, s);
                assert_eq!(square_of(k, r as u64, c as u64), s);
            }
        }
    }

    #[test]
    fn readings_number_every_cell_once() {
        for k in 1..=7u64 {
            for reading in GridReading::ALL {
                let mut seen = vec![false; (k * k + 1) as usize];
                for r in 0..k {
                    for c in 0..k {
                        let s = reading.square_of(k, r, c);
                        assert!(!std::mem::replace(&mut seen[s as usize], true));
                    }
                }
            }
            // The top-parity readings are right on one parity of k and
            // mirrored on the other.
            let (right, wrong) = if k % 2 == 1 {
                (GridReading::TopEven, GridReading::TopOdd)
            } else {
                (GridReading::TopOdd, GridReading::TopEven)
            };
            for r in 0..k {
                for c in 0..k {
                    let s = square_of(k, r, c);
                    assert_eq!(right.square_of(k, r, c), s);
                    assert_eq!(
                        wrong.square_of(k, r, c),
                        GridReading::Mirrored.square_of(k, r, c)
                    );
                    assert_eq!(
                        GridReading::Rows.square_of(k, r, c),
                        (k - 1 - r) * k + c + 1
                    );
                }
            }
        }
    }

    #[test]
    fn leetcode_example_cells() {
        let grid = vec![
            vec![-1, -1, -1, -1, -1, -1],
            vec![-1, -1, -1, -1, -1, -1],
            vec![-1, -1, -1, -1, -1, -1],
            vec![-1, 35, -1, -1, 13, -1],
            vec![-1, -1, -1, -1, -1, -1],
            vec![-1, 15, -1, -1, -1, -1],
        ];
        let board = from_grid(&grid).unwrap().build().unwrap();
        let jumps: Vec<_> = board.jumps().map(|j| (j.from, j.to)).collect();
        assert_eq!(jumps, vec![(2, 15), (14, 35), (17, 13)]);
        assert_eq!(to_grid(&board), Ok(grid));
    }

    #[test]
    fn own_square_is_no_jump() {
        // Square 2 (bottom right) names itself: no jump. Square 4 (top
        // left) leads to 3.
        let spec = from_grid(&[vec![3, -1], vec![-1, 2]]).unwrap();
        assert_eq!(spec.jumps.len(), 1);
        let jump = spec.jumps.get(0).unwrap();
        assert_eq!((jump.from, jump.to), (4, 3));
        // Square 4 is the last square, so that one is a problem of the board.
        assert_eq!(
            spec.problems()[0].to_string(),
            "grid row 0, column 0: a jump starts on the last square (4); reaching it ends the game, so remove the jump"
        );
    }

    #[test]
    fn shape_errors() {
        assert_eq!(
            from_grid(&[]).unwrap_err().to_string(),
            "the grid has no rows; a LeetCode grid is N rows of N numbers"
        );
        assert_eq!(
            from_grid(&[vec![-1, -1], vec![-1]])
                .unwrap_err()
                .to_string(),
            "grid row 1 has 1 cell but the grid has 2 rows; a LeetCode grid is N rows of N cells"
        );
        assert_eq!(
            from_grid(&[vec![-1, -1, -1], vec![-1, -1, -1]])
                .unwrap_err()
                .to_string(),
            "grid row 0 has 3 cells but the grid has 2 rows; a LeetCode grid is N rows of N cells"
        );
        assert_eq!(
            from_grid(&[vec![-1, -1, -1], vec![-1, -7, -1], vec![-1, -1, -1]])
                .unwrap_err()
                .to_string(),
            "grid row 1, column 1 (square 5): -7 is not a destination; write -1 for no jump or a square from 1 to 9"
        );
    }

    #[test]
    fn json_writer() {
        let board = Board::new(4, [crate::Jump { from: 2, to: 4 }]).unwrap();
        assert_eq!(
            to_grid_json(&board, None).unwrap(),
            "[\n  [-1, -1],\n  [-1, 4]\n]\n"
        );
        assert_eq!(
            to_grid_json(&board, Some(&Rules::default())).unwrap(),
            "{\n  \"grid\": [\n    [-1, -1],\n    [-1, 4]\n  ],\n  \"rules\": {\"die\": \"d6\", \"finish\": \"exact\", \"chain\": false, \"start\": 1, \"bonus\": false, \"bonus_limit\": null}\n}\n"
        );
    }
}
