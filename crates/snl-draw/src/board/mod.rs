//! The board as SVG: squares in the winding order of the game, ladders as
//! rails with rungs, snakes as tapered curves with a head, and optionally
//! the fewest-rolls path and a colouring of the squares, with a legend.
//!
//! The picture is sized for the board: up to 56 pixels a square, less for
//! large boards so the picture stays within a few thousand pixels. Square
//! numbers are drawn only where they fit; when they do not, the first and
//! last square of each row are written beside the board instead, so any
//! square can still be found.
//!
//! This module holds the picture's builder and its layout; each part of the
//! drawing is a module of its own: `geometry` (where a square is),
//! `squares` (their colours, lines and numbers), `jumps` (ladders and
//! snakes), `path` (the moves of a path) and `legend`; `tikz` writes the
//! same picture as TikZ for LaTeX.

// Geometry reads best in the usual letters: points p and q, a cell's size c.
#![allow(clippy::many_single_char_names)]

use std::fmt::Write as _;
use std::io;

use snl::words::plural;
use snl::{Board, Move};

use crate::colour;
use crate::font;
use crate::grid::Grid;
use crate::svg::{N, esc, put, text, text_width};

mod geometry;
mod jumps;
mod legend;
mod path;
mod squares;
mod tikz;

use geometry::P;
use legend::Item;

/// The largest square, in pixels.
const MAX_CELL: f64 = 56.0;
/// The smallest square, in pixels: boards of a million squares still render.
const MIN_CELL: f64 = 2.0;
/// The board's width stays within this, unless the squares would get
/// smaller than [`MIN_CELL`].
const MAX_WIDTH: f64 = 1600.0;
/// The board's height stays within this, likewise.
const MAX_HEIGHT: f64 = 12000.0;
/// The smallest font a label is written in; smaller labels are dropped.
const MIN_FONT: f64 = 6.5;
/// Legend text size.
const LEGEND_FONT: f64 = 12.0;

/// How the squares are coloured.
#[derive(Debug, Clone, PartialEq)]
enum Shading {
    /// Alternating plain colours.
    Plain,
    /// By the fewest rolls to rest on the square.
    Layers(Vec<Option<u32>>),
    /// By a count per square (expected landings), with the legend's words.
    Heat(Vec<f64>, String),
}

/// A picture of a board, built up and then written as SVG.
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Jump, Rules};
/// use snl_draw::BoardPicture;
///
/// let board = Board::new(20, [Jump { from: 2, to: 19 }, Jump { from: 9, to: 2 }])?;
/// let game = Game::new(board, Rules::default())?;
/// let svg = BoardPicture::new(game.board())
///     .layers(&snl::shortest::distances(&game).unwrap())
///     .title("Fewest rolls from the start")
///     .to_svg();
/// assert!(svg.contains("Fewest rolls from the start"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct BoardPicture<'a> {
    board: &'a Board,
    grid: Grid,
    path: Option<(u32, Vec<Move>)>,
    shading: Shading,
    title: Option<String>,
    ids: String,
    declined: Vec<u32>,
    notes: Vec<String>,
}

impl<'a> BoardPicture<'a> {
    /// The board in its natural layout (see [`Grid::natural`]), plain.
    pub fn new(board: &'a Board) -> BoardPicture<'a> {
        BoardPicture {
            board,
            grid: Grid::natural(board.squares()),
            path: None,
            shading: Shading::Plain,
            title: None,
            ids: "snl".to_string(),
            declined: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// Writes a small note in the top right corner of each square, indexed
    /// by position (`notes[s]` on square `s`; position 0 and an empty note
    /// draw nothing): the die a best play picks on each square, say. A
    /// note is left out where it does not fit the square.
    #[must_use]
    pub fn notes(mut self, notes: Vec<String>) -> Self {
        self.notes = notes;
        self
    }

    /// Draws the jumps that start on `starts` faded: the jumps a best play
    /// declines (as [`snl::choice::Solution::declined`] lists them), which
    /// stay on the board but are not taken.
    #[must_use]
    pub fn declined(mut self, starts: &[u32]) -> Self {
        self.declined = starts.to_vec();
        self.declined.sort_unstable();
        self
    }

    /// Lays the squares out in `grid` instead (built for the same number of
    /// squares).
    #[must_use]
    pub fn grid(mut self, grid: Grid) -> Self {
        self.grid = grid;
        self
    }

    /// Draws a sequence of moves from position `start` (0 for off the board,
    /// else a square), each landing marked with its roll: for example the
    /// `path` of [`snl::shortest::solve`].
    #[must_use]
    pub fn path(mut self, start: u32, moves: &[Move]) -> Self {
        self.path = Some((start, moves.to_vec()));
        self
    }

    /// Colours each square by the fewest rolls to come to rest on it, as
    /// [`snl::shortest::distances`] gives them (indexed by position).
    #[must_use]
    pub fn layers(mut self, distances: &[Option<u32>]) -> Self {
        self.shading = Shading::Layers(distances.to_vec());
        self
    }

    /// Colours each square by `values[square]` (index 0 is ignored), from
    /// white for the least to red for the most; `what` names the values in
    /// the legend, e.g. "expected landings per game". The last square keeps
    /// its finish colour: every game ends there once.
    #[must_use]
    pub fn heat(mut self, values: &[f64], what: &str) -> Self {
        self.shading = Shading::Heat(values.to_vec(), what.to_string());
        self
    }

    /// A title above the board.
    #[must_use]
    pub fn title(mut self, title: &str) -> Self {
        self.title = Some(title.to_string());
        self
    }

    /// The prefix of the element ids in the SVG, so that several pictures
    /// can share one HTML page. Defaults to `snl`.
    #[must_use]
    pub fn ids(mut self, prefix: &str) -> Self {
        self.ids = prefix
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        self
    }

    /// Writes the picture as SVG.
    pub fn write_svg(&self, mut out: impl io::Write) -> io::Result<()> {
        out.write_all(self.to_svg().as_bytes())
    }

    /// The picture as an SVG document.
    pub fn to_svg(&self) -> String {
        Painter::new(self).paint()
    }

    /// Where the squares sit in the picture [`BoardPicture::to_svg`] draws,
    /// in its pixels: for a program that maps a point on the picture back to
    /// a square, such as an editor that lets people draw on the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::Board;
    /// use snl_draw::{BoardPicture, Grid};
    ///
    /// let board = Board::empty(36)?;
    /// let pic = BoardPicture::new(&board);
    /// let layout = pic.layout();
    /// // Square 1 is the bottom-left square of the 6 x 6 grid.
    /// let cell = Grid::natural(36).cell(1);
    /// assert_eq!(cell.row, 5);
    /// assert_eq!((layout.columns, layout.rows, layout.cell), (6, 6, 56.0));
    /// assert!(layout.top + 6.0 * layout.cell < layout.height);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn layout(&self) -> Layout {
        let p = Painter::new(self);
        Layout {
            width: p.width,
            height: p.height,
            left: p.left,
            top: p.top,
            cell: p.cell,
            columns: self.grid.columns(),
            rows: self.grid.rows(),
        }
    }
}

/// Where the squares sit in a board picture, in the picture's pixels: the
/// grid's top-left corner and the size of a square. The square in column
/// `c` and row `r` (from the top-left, as [`Grid::cell`] gives them) covers
/// `left + c * cell` to `left + (c + 1) * cell` across, and likewise down
/// from `top`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Layout {
    /// The picture's width.
    pub width: f64,
    /// The picture's height.
    pub height: f64,
    /// The left edge of the grid.
    pub left: f64,
    /// The top edge of the grid.
    pub top: f64,
    /// The side of a square.
    pub cell: f64,
    /// Squares per row.
    pub columns: u32,
    /// Rows, a partly filled top row included.
    pub rows: u32,
}

/// Everything laid out, ready to write.
struct Painter<'p, 'a> {
    pic: &'p BoardPicture<'a>,
    cell: f64,
    /// Top-left of the grid.
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    /// Font size of square numbers, when they fit.
    number_font: Option<f64>,
    /// Whether the first and last square of each row are written beside the
    /// board (when the numbers in the squares are dropped).
    row_labels: bool,
    legend: Vec<Item>,
    legend_top: f64,
    legend_rows: Vec<(usize, usize)>,
    /// The most rolls of any square, for `Shading::Layers`.
    max_layer: u32,
    /// The largest value of any square but the last, for `Shading::Heat`.
    max_heat: f64,
}

impl<'p, 'a> Painter<'p, 'a> {
    fn new(pic: &'p BoardPicture<'a>) -> Painter<'p, 'a> {
        let g = pic.grid;
        let (cols, rows) = (f64::from(g.columns()), f64::from(g.rows()));
        let cell = MAX_CELL
            .min(MAX_WIDTH / cols)
            .min(MAX_HEIGHT / rows)
            .max(MIN_CELL);
        let digits = pic.board.squares().to_string();
        let number_font = {
            let size = (cell * 0.27).min(14.0);
            let fit = size.min(cell * 0.9 / text_width(&digits, 1.0));
            (fit >= MIN_FONT).then_some(fit)
        };
        let row_labels = number_font.is_none();
        let side = if row_labels {
            text_width(&digits, 10.0) + 10.0
        } else {
            12.0
        };
        // An off-board start is drawn left of square 1.
        let off_board = pic
            .path
            .as_ref()
            .is_some_and(|(s, m)| *s == 0 && !m.is_empty());
        let left = if off_board {
            side.max(cell + 8.0)
        } else {
            side
        };
        let top = if pic.title.is_some() { 36.0 } else { 12.0 };
        let grid_w = cols * cell;
        let grid_h = rows * cell;
        let mut p = Painter {
            pic,
            cell,
            left,
            top,
            width: 0.0,
            height: 0.0,
            number_font,
            row_labels,
            legend: Vec::new(),
            legend_top: top + grid_h + 16.0,
            legend_rows: Vec::new(),
            max_layer: Painter::max_layer(pic),
            max_heat: Painter::max_heat(pic),
        };
        p.legend = p.legend_items();
        let widest = p.legend.iter().map(|i| i.width).fold(0.0, f64::max);
        p.width = (left + grid_w + side).max(widest + 24.0).max(420.0);
        // Flow the legend into rows.
        let avail = p.width - 24.0;
        let mut rows_out = Vec::new();
        let (mut start, mut used) = (0, 0.0);
        for (i, item) in p.legend.iter().enumerate() {
            if i > start && used + item.width > avail {
                rows_out.push((start, i));
                start = i;
                used = 0.0;
            }
            used += item.width + 18.0;
        }
        if start < p.legend.len() {
            rows_out.push((start, p.legend.len()));
        }
        p.height = p.legend_top + rows_out.len() as f64 * 24.0 + 8.0;
        p.legend_rows = rows_out;
        p
    }

    fn paint(&self) -> String {
        let mut out = String::new();
        let label = self.pic.title.clone().unwrap_or_else(|| {
            format!(
                "Snakes and Ladders board of {}, {}, {}",
                plural(u64::from(self.squares()), "square", "squares"),
                plural(self.pic.board.ladders().count() as u64, "ladder", "ladders"),
                plural(self.pic.board.snakes().count() as u64, "snake", "snakes")
            )
        });
        put!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
             font-family=\"{}\" role=\"img\" aria-label=\"{}\">\n<title>{}</title>\n",
            esc(font::STACK),
            esc(&label),
            esc(&label),
            w = N(self.width),
            h = N(self.height),
        );
        self.defs(&mut out);
        put!(
            out,
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        );
        if let Some(t) = &self.pic.title {
            text(
                &mut out,
                self.left,
                24.0,
                15.0,
                &format!("font-weight=\"bold\" fill=\"{}\"", colour::INK),
                t,
            );
        }
        self.fills(&mut out);
        self.lines(&mut out);
        self.jumps(&mut out);
        self.labels(&mut out);
        self.path(&mut out);
        self.paint_legend(&mut out);
        out.push_str("</svg>\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use snl::{Game, Jump, Rules};

    fn game(n: u32, jumps: &[(u32, u32)]) -> Game {
        let b = Board::new(n, jumps.iter().map(|&(from, to)| Jump { from, to })).unwrap();
        Game::new(b, Rules::default()).unwrap()
    }

    #[test]
    fn notes_are_written_on_their_squares() {
        let g = game(36, &[(2, 15)]);
        let mut notes = vec![String::new(); 37];
        notes[3] = "d4".to_string();
        notes[36] = "1,1,0".to_string();
        let svg = BoardPicture::new(g.board()).notes(notes).to_svg();
        assert_eq!(svg.matches("class=\"note\"").count(), 2, "{svg}");
        assert!(svg.contains("data-square=\"3\">d4</text>"), "{svg}");
        assert!(svg.contains("data-square=\"36\">1,1,0</text>"), "{svg}");
        let plain = BoardPicture::new(g.board()).to_svg();
        assert!(!plain.contains("class=\"note\""));
    }

    #[test]
    fn declined_jumps_are_drawn_faded() {
        let g = game(36, &[(2, 15), (14, 35), (17, 13)]);
        let plain = BoardPicture::new(g.board()).to_svg();
        assert!(!plain.contains("class=\"declined\""));
        let svg = BoardPicture::new(g.board()).declined(&[17, 2]).to_svg();
        // Each declined jump in a faded group of its own, the others as
        // they were.
        assert_eq!(svg.matches("class=\"declined\"").count(), 2);
        for (from, title) in [(2, "ladder 2 to 15"), (17, "snake 17 to 13")] {
            let at = svg
                .find(&format!("class=\"declined\" opacity=\"0.3\" data-from=\"{from}\"><g><title>{title}</title>"))
                .unwrap_or_else(|| panic!("{title} is not faded"));
            assert!(svg[at..].contains("</g>\n</g>"));
        }
        assert!(!svg.contains("data-from=\"14\""));
        assert!(svg.contains("<title>ladder 14 to 35</title>"));
        // A start with no jump fades nothing.
        let none = BoardPicture::new(g.board()).declined(&[5]).to_svg();
        assert!(!none.contains("class=\"declined\""));
    }

    #[test]
    fn numbers_and_badges_are_drawn() {
        let g = game(36, &[(2, 15), (14, 35), (17, 13)]);
        let svg = BoardPicture::new(g.board()).to_svg();
        assert!(svg.contains(">36</text>"));
        assert!(svg.contains(">↑15</text>"));
        assert!(svg.contains(">↓13</text>"));
        assert!(svg.contains("<title>ladder 14 to 35</title>"));
        assert!(svg.contains("<title>snake 17 to 13</title>"));
        assert!(svg.contains("2 ladders"));
        assert!(svg.contains("1 snake<"));
        // The picture's accessible name counts in words too.
        assert!(
            svg.contains(
                "aria-label=\"Snakes and Ladders board of 36 squares, 2 ladders, 1 snake\""
            )
        );
        let one = game(2, &[]);
        let svg = BoardPicture::new(one.board()).to_svg();
        assert!(
            svg.contains(
                "aria-label=\"Snakes and Ladders board of 2 squares, 0 ladders, 0 snakes\""
            )
        );
    }

    #[test]
    fn square_one_is_bottom_left_and_the_last_top_left() {
        let g = game(36, &[]);
        let pic = BoardPicture::new(g.board());
        let p = Painter::new(&pic);
        let (one, six, last) = (p.center(1), p.center(6), p.center(36));
        assert!(one.y > last.y && (one.x - last.x).abs() < 1e-9);
        assert!(six.x > one.x && (six.y - one.y).abs() < 1e-9);
    }

    #[test]
    fn labels_are_dropped_on_huge_boards() {
        let g = game(250_000, &[(5, 100_000), (200_000, 3)]);
        let pic = BoardPicture::new(g.board());
        let p = Painter::new(&pic);
        assert!(p.number_font.is_none() && p.row_labels);
        let svg = pic.to_svg();
        // Row ends are written beside the board instead: the bottom row
        // runs 1 to 500.
        assert!(svg.contains(">1</text><text"));
        assert!(svg.contains(">500</text>"));
        assert!(svg.len() < 3_000_000, "{} bytes", svg.len());
    }

    #[test]
    fn path_marks_every_roll() {
        let g = game(36, &[(2, 15), (14, 35), (17, 13)]);
        let best = snl::shortest::solve(&g).unwrap();
        let svg = BoardPicture::new(g.board())
            .path(g.start(), &best.path)
            .to_svg();
        for (i, m) in best.path.iter().enumerate() {
            assert!(svg.contains(&format!("<title>roll {} of 4: a {} from ", i + 1, m.roll)));
        }
        assert!(svg.contains("fewest rolls: 4"));
    }

    #[test]
    fn layers_legend_lists_every_layer() {
        let g = game(20, &[(2, 19), (12, 15), (9, 2)]);
        let svg = BoardPicture::new(g.board())
            .layers(&snl::shortest::distances(&g).unwrap())
            .to_svg();
        assert!(svg.contains("fewest rolls to rest on a square:"));
        assert!(svg.contains("starts a jump"));
        assert!(!svg.contains("never reached"));
    }
}
