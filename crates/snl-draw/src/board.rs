//! The board as SVG: squares in the winding order of the game, ladders as
//! rails with rungs, snakes as tapered curves with a head, and optionally
//! the fewest-rolls path and a colouring of the squares, with a legend.
//!
//! The picture is sized for the board: up to 56 pixels a square, less for
//! large boards so the picture stays within a few thousand pixels. Square
//! numbers are drawn only where they fit; when they do not, the first and
//! last square of each row are written beside the board instead, so any
//! square can still be found.

// Geometry reads best in the usual letters: points p and q, a cell's size c.
#![allow(clippy::many_single_char_names)]

use std::fmt::Write as _;
use std::io;

use snl::{Board, Move};

use crate::colour::{self, Rgb};
use crate::font;
use crate::grid::Grid;
use crate::svg::{N, esc, put, text, text_width};

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
///     .layers(&snl::shortest::distances(&game))
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
        }
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
#[derive(Debug, Clone, Copy, PartialEq)]
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

/// A point in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
struct P {
    x: f64,
    y: f64,
}

impl P {
    fn add(self, o: P) -> P {
        P {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
    fn sub(self, o: P) -> P {
        P {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
    fn mul(self, k: f64) -> P {
        P {
            x: self.x * k,
            y: self.y * k,
        }
    }
    fn len(self) -> f64 {
        self.x.hypot(self.y)
    }
    /// This vector scaled to length 1 (or zero, for the zero vector).
    fn unit(self) -> P {
        let l = self.len();
        if l > 0.0 { self.mul(1.0 / l) } else { self }
    }
    /// Turned a quarter to the left.
    fn perp(self) -> P {
        P {
            x: -self.y,
            y: self.x,
        }
    }
}

/// Draws a legend item into an SVG at a point: the left end of its middle.
type Draw = Box<dyn Fn(&mut String, f64, f64)>;

/// One item of the legend: its width, and how to draw it.
struct Item {
    width: f64,
    svg: Draw,
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

    fn squares(&self) -> u32 {
        self.pic.board.squares()
    }

    /// Top-left corner of a square.
    fn corner(&self, s: u32) -> P {
        let c = self.pic.grid.cell(s);
        P {
            x: self.left + f64::from(c.col) * self.cell,
            y: self.top + f64::from(c.row) * self.cell,
        }
    }

    /// Centre of a position: a square, or left of square 1 for position 0.
    fn center(&self, s: u32) -> P {
        if s == 0 {
            return self.center(1).sub(P {
                x: self.cell * 0.5 + self.left.min(self.cell + 8.0) * 0.5,
                y: 0.0,
            });
        }
        self.corner(s).add(P {
            x: self.cell / 2.0,
            y: self.cell / 2.0,
        })
    }

    fn paint(&self) -> String {
        let mut out = String::new();
        let label = self.pic.title.clone().unwrap_or_else(|| {
            format!(
                "Snakes and Ladders board of {} squares, {} ladders, {} snakes",
                self.squares(),
                self.pic.board.ladders().count(),
                self.pic.board.snakes().count()
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

    fn defs(&self, out: &mut String) {
        let ramp = match &self.pic.shading {
            Shading::Heat(..) => colour::HEAT,
            Shading::Layers(..) => colour::LAYERS,
            Shading::Plain => return,
        };
        put!(
            out,
            "<defs><linearGradient id=\"{}-ramp\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"0\">",
            self.pic.ids
        );
        let n = ramp.stops().len() - 1;
        for (i, c) in ramp.stops().iter().enumerate() {
            put!(
                out,
                "<stop offset=\"{:.3}\" stop-color=\"{c}\"/>",
                i as f64 / n as f64
            );
        }
        out.push_str("</linearGradient></defs>\n");
    }

    /// The colour of each square, by the shading.
    fn fill(&self, s: u32) -> Rgb {
        let board = self.pic.board;
        match &self.pic.shading {
            Shading::Plain => {
                if s == 1 || s == self.squares() {
                    colour::FINISH
                } else if self.cell < 8.0 {
                    // Squares this small read as texture, not as squares:
                    // one colour keeps the file small.
                    colour::SQUARE[0]
                } else {
                    let c = self.pic.grid.cell(s);
                    colour::SQUARE[((c.col + c.row) % 2) as usize]
                }
            }
            Shading::Layers(dist) => match dist.get(s as usize).copied().flatten() {
                Some(d) => colour::LAYERS.at(f64::from(d) / f64::from(self.max_layer.max(1))),
                None if board.jump(s).is_some() => Rgb(0xff, 0xff, 0xff),
                None => colour::UNREACHABLE,
            },
            // Every finished game lands on the last square once; on the
            // scale of the other squares that is noise, so it keeps its
            // finish colour and is left out of the scale.
            Shading::Heat(..) if s == self.squares() => colour::FINISH,
            Shading::Heat(values, _) => {
                let v = values.get(s as usize).copied().unwrap_or(0.0);
                let max = self.max_heat;
                if max > 0.0 {
                    // A hundred steps are more than the eye tells apart, and
                    // equal neighbours share one rectangle.
                    colour::HEAT.at((v / max * 100.0).round() / 100.0)
                } else {
                    colour::HEAT.at(0.0)
                }
            }
        }
    }

    fn max_layer(pic: &BoardPicture<'_>) -> u32 {
        match &pic.shading {
            Shading::Layers(dist) => dist.iter().flatten().copied().max().unwrap_or(0),
            _ => 0,
        }
    }

    fn max_heat(pic: &BoardPicture<'_>) -> f64 {
        match &pic.shading {
            Shading::Heat(values, _) => values
                .iter()
                .take(pic.board.squares() as usize)
                .skip(1)
                .copied()
                .filter(|v| v.is_finite())
                .fold(0.0, f64::max),
            _ => 0.0,
        }
    }

    /// Square fills, one rectangle per run of equal colour in a row so that
    /// large boards stay small files.
    fn fills(&self, out: &mut String) {
        let g = self.pic.grid;
        let c = self.cell;
        out.push_str("<g shape-rendering=\"crispEdges\">\n");
        for row in 0..g.rows() {
            let cells: Vec<Option<u32>> = g.row_squares(row).collect();
            let y = self.top + f64::from(row) * c;
            let mut col = 0;
            while col < cells.len() {
                let Some(s) = cells[col] else {
                    col += 1;
                    continue;
                };
                let fill = self.fill(s);
                let mut end = col + 1;
                while end < cells.len() && cells[end].is_some_and(|t| self.fill(t) == fill) {
                    end += 1;
                }
                put!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>\n",
                    N(self.left + col as f64 * c),
                    N(y),
                    N((end - col) as f64 * c),
                    N(c)
                );
                col = end;
            }
        }
        out.push_str("</g>\n");
    }

    /// The lines between squares, and the outlines of the start and finish.
    fn lines(&self, out: &mut String) {
        let g = self.pic.grid;
        let c = self.cell;
        if c >= 6.0 {
            let mut d = String::new();
            for row in 0..g.rows() {
                let filled = g.row_squares(row).flatten().count() as f64;
                // The filled part of a row is at its left when the row runs
                // left to right and at its right otherwise.
                let rtl = (g.rows() - 1 - row) % 2 == 1;
                let x0 = if rtl {
                    self.left + (f64::from(g.columns()) - filled) * c
                } else {
                    self.left
                };
                let y = self.top + f64::from(row) * c;
                put!(d, "M{} {}h{}", N(x0), N(y), N(filled * c));
                put!(d, "M{} {}h{}", N(x0), N(y + c), N(filled * c));
                for k in 0..=filled as u32 {
                    put!(d, "M{} {}v{}", N(x0 + f64::from(k) * c), N(y), N(c));
                }
            }
            put!(
                out,
                "<path d=\"{d}\" fill=\"none\" stroke=\"#cdbf9f\" stroke-width=\"{}\"/>\n",
                N((c * 0.02).max(0.5))
            );
        }
        for s in [1, self.squares()] {
            let p = self.corner(s);
            let w = (c * 0.06).clamp(0.5, 3.0);
            put!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
                N(p.x + w / 2.0),
                N(p.y + w / 2.0),
                N(c - w),
                N(c - w),
                colour::INK,
                N(w)
            );
        }
    }

    fn jumps(&self, out: &mut String) {
        let board = self.pic.board;
        let length = |j: &snl::Jump| self.center(j.from).sub(self.center(j.to)).len();
        // Long jumps first, so that short ones are not hidden under them.
        let mut ladders: Vec<_> = board.ladders().collect();
        ladders.sort_by(|a, b| length(b).total_cmp(&length(a)));
        let mut snakes: Vec<_> = board.snakes().collect();
        snakes.sort_by(|a, b| length(b).total_cmp(&length(a)));
        out.push_str("<g stroke-linecap=\"round\" stroke-linejoin=\"round\">\n");
        for j in &ladders {
            self.ladder(out, *j);
        }
        for j in &snakes {
            self.snake(out, *j);
        }
        out.push_str("</g>\n");
    }

    fn ladder(&self, out: &mut String, j: snl::Jump) {
        let c = self.cell;
        let (a, b) = (self.center(j.from), self.center(j.to));
        let d = b.sub(a);
        let u = d.unit();
        let n = u.perp();
        let gap = (c * 0.15).max(1.5);
        let mut path = String::new();
        for side in [-1.0, 1.0] {
            let o = n.mul(gap * side);
            let (p, q) = (a.add(o), b.add(o));
            put!(path, "M{} {}L{} {}", N(p.x), N(p.y), N(q.x), N(q.y));
        }
        // Rungs at least 5 pixels apart, so that a long ladder on small
        // squares still reads as a ladder, not as a band.
        let rungs = (d.len() / (c * 0.3).max(5.0)).floor().max(1.0) as u32;
        for i in 0..rungs {
            let t = (f64::from(i) + 0.5) / f64::from(rungs);
            let m = a.add(d.mul(t));
            let (p, q) = (m.add(n.mul(gap)), m.sub(n.mul(gap)));
            put!(path, "M{} {}L{} {}", N(p.x), N(p.y), N(q.x), N(q.y));
        }
        let w = (c * 0.055).max(1.2);
        put!(
            out,
            "<g><title>ladder {} to {}</title><path d=\"{path}\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"{}\"/>\
             <path d=\"{path}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/></g>\n",
            j.from,
            j.to,
            N(w + (c * 0.06).max(0.6)),
            colour::LADDER,
            N(w)
        );
    }

    fn snake(&self, out: &mut String, j: snl::Jump) {
        let c = self.cell;
        let (head, tail) = (self.center(j.from), self.center(j.to));
        let d = tail.sub(head);
        let len = d.len();
        let n = d.unit().perp();
        // A wave every two squares or so, but never shorter than 24 pixels:
        // on small squares finer wiggles are only noise (and file size).
        let waves = (len / (c * 1.8).max(24.0)).round().clamp(1.0, 12.0);
        let amp = (c * 0.2).min(len * 0.12);
        let centre = |t: f64| {
            let wiggle =
                (t * waves * std::f64::consts::TAU).sin() * (t * std::f64::consts::PI).sin();
            head.add(d.mul(t)).add(n.mul(amp * wiggle))
        };
        let steps = (waves * 14.0) as usize;
        let mut left = Vec::with_capacity(steps + 1);
        let mut right = Vec::with_capacity(steps + 1);
        for i in 0..=steps {
            let t = i as f64 / steps as f64;
            let along = centre((t + 1e-3).min(1.0)).sub(centre((t - 1e-3).max(0.0)));
            let normal = along.unit().perp();
            let half = (c * (0.095 * (1.0 - t) + 0.015 * t)).max(0.8 * (1.0 - t) + 0.3);
            let p = centre(t);
            left.push(p.add(normal.mul(half)));
            right.push(p.sub(normal.mul(half)));
        }
        let mut path = String::new();
        for (i, p) in left.iter().chain(right.iter().rev()).enumerate() {
            put!(
                path,
                "{}{} {}",
                if i == 0 { "M" } else { "L" },
                N(p.x),
                N(p.y)
            );
        }
        path.push('Z');
        // The white stroke is painted under the fill: its outer half is a
        // halo that keeps the snake apart from what it crosses.
        let halo = (c * 0.07).max(1.0);
        put!(
            out,
            "<g><title>snake {} to {}</title><path d=\"{path}\" fill=\"{}\" stroke=\"#ffffff\" \
             stroke-width=\"{}\" paint-order=\"stroke\"/>",
            j.from,
            j.to,
            colour::SNAKE,
            N(halo),
        );
        let r = (c * 0.13).max(1.2);
        put!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
            N(head.x),
            N(head.y),
            N(r),
            colour::SNAKE_HEAD,
            N((c * 0.025).max(0.3))
        );
        if c >= 20.0 {
            // Eyes, looking away from the body.
            let fwd = d.unit().mul(-r * 0.35);
            for side in [-1.0, 1.0] {
                let e = head.add(fwd).add(n.mul(r * 0.45 * side));
                put!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\"/>",
                    N(e.x),
                    N(e.y),
                    N(r * 0.2)
                );
            }
        }
        out.push_str("</g>\n");
    }

    /// Square numbers (with a jump's destination where one starts), or the
    /// row ends beside the board when they do not fit.
    fn labels(&self, out: &mut String) {
        let c = self.cell;
        let board = self.pic.board;
        if let Some(size) = self.number_font {
            put!(
                out,
                "<g fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"{}\" stroke-linejoin=\"round\" paint-order=\"stroke\">\n",
                colour::INK,
                N(size * 0.22)
            );
            let badge = size * 0.9;
            for s in 1..=self.squares() {
                let p = self.corner(s);
                text(
                    out,
                    p.x + c * 0.07,
                    p.y + size * 1.05,
                    size,
                    "",
                    &s.to_string(),
                );
                if let Some(to) = board.jump(s) {
                    let (arrow, col) = if to > s {
                        ('↑', colour::LADDER)
                    } else {
                        ('↓', colour::SNAKE)
                    };
                    let label = format!("{arrow}{to}");
                    if text_width(&label, badge) <= c * 0.9 && badge >= MIN_FONT {
                        text(
                            out,
                            p.x + c * 0.94,
                            p.y + c * 0.93,
                            badge,
                            &format!("text-anchor=\"end\" font-weight=\"bold\" fill=\"{col}\""),
                            &label,
                        );
                    }
                }
            }
            out.push_str("</g>\n");
        } else if self.row_labels {
            let g = self.pic.grid;
            let every = (11.0 / c).ceil().max(1.0) as u32;
            put!(out, "<g fill=\"{}\" font-size=\"10\">\n", colour::MUTED);
            for row in (0..g.rows()).rev().step_by(every as usize) {
                let squares: Vec<u32> = g.row_squares(row).flatten().collect();
                let (Some(&lo), Some(&hi)) = (squares.iter().min(), squares.iter().max()) else {
                    continue;
                };
                // The row's left end holds its lowest square when the row
                // runs left to right.
                let rtl = (g.rows() - 1 - row) % 2 == 1;
                let (l, r) = if rtl { (hi, lo) } else { (lo, hi) };
                let y = self.top + (f64::from(row) + 0.5) * c + 3.5;
                put!(
                    out,
                    "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{l}</text><text x=\"{}\" y=\"{}\">{r}</text>\n",
                    N(self.left - 4.0),
                    N(y),
                    N(self.left + f64::from(g.columns()) * c + 4.0),
                    N(y)
                );
            }
            out.push_str("</g>\n");
        }
    }

    /// A curved arrow from `p` to a marker of radius `r` centred on `q`:
    /// the curve and the arrowhead, as SVG path data.
    fn arrow(&self, p: P, q: P, r: f64) -> (String, String) {
        let d = q.sub(p);
        // A bow to the left of the direction of travel, so that a move
        // along a row does not hide the squares it passes.
        let ctrl = p.add(d.mul(0.5)).add(d.perp().mul(0.22));
        let dir = q.sub(ctrl).unit();
        let tip = q.sub(dir.mul(r));
        let head = (self.cell * 0.13).max(3.5);
        let back = tip.sub(dir.mul(head));
        let (b1, b2) = (
            back.add(dir.perp().mul(head * 0.55)),
            back.sub(dir.perp().mul(head * 0.55)),
        );
        let curve = format!(
            "M{} {}Q{} {} {} {}",
            N(p.x),
            N(p.y),
            N(ctrl.x),
            N(ctrl.y),
            N(back.x),
            N(back.y)
        );
        let arrow = format!(
            "M{} {}L{} {}L{} {}Z",
            N(tip.x),
            N(tip.y),
            N(b1.x),
            N(b1.y),
            N(b2.x),
            N(b2.y)
        );
        (curve, arrow)
    }

    fn path(&self, out: &mut String) {
        let Some((start, moves)) = &self.pic.path else {
            return;
        };
        let c = self.cell;
        let board = self.pic.board;
        let w = (c * 0.05).max(1.0);
        let r = (c * 0.17).max(3.0);
        let halo = format!("stroke=\"#ffffff\" stroke-width=\"{}\"", N(w + 2.0));
        let ink = format!("stroke=\"{}\" stroke-width=\"{}\"", colour::PATH, N(w));
        let mut lines = String::new();
        let mut marks = String::new();
        let mut at = *start;
        if *start == 0 && !moves.is_empty() {
            let p = self.center(0);
            put!(
                marks,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" {ink}><title>start, off the board</title></circle>\n",
                N(p.x),
                N(p.y),
                N(r * 0.7)
            );
        }
        for (i, m) in moves.iter().enumerate() {
            let (p, q) = (self.center(at), self.center(m.land));
            let d = q.sub(p);
            if d.len() > 1e-6 {
                let (curve, arrow) = self.arrow(p, q, r);
                put!(
                    lines,
                    "<path d=\"{curve}\" fill=\"none\" {halo}/><path d=\"{curve}\" fill=\"none\" {ink}/>\
                     <path d=\"{arrow}\" fill=\"{}\"/>\n",
                    colour::PATH
                );
            }
            if m.jumped() {
                let t = self.center(m.to);
                put!(
                    lines,
                    "<path d=\"M{} {}L{} {}\" fill=\"none\" {ink} stroke-dasharray=\"{} {}\"/>\n",
                    N(q.x),
                    N(q.y),
                    N(t.x),
                    N(t.y),
                    N(w * 3.0),
                    N(w * 2.0)
                );
            }
            let what = match board.jump(m.land) {
                Some(_) if m.jumped() => {
                    let kind = if m.to > m.land { "ladder" } else { "snake" };
                    format!(", {kind} to {}", m.to)
                }
                _ => String::new(),
            };
            let from = if at == 0 {
                "the start".to_string()
            } else {
                at.to_string()
            };
            put!(
                marks,
                "<g><title>roll {} of {}: a {} from {from} to {}{what}</title>\
                 <circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
                i + 1,
                moves.len(),
                m.roll,
                m.land,
                N(q.x),
                N(q.y),
                N(r),
                colour::PATH,
                N((r * 0.15).max(0.5))
            );
            let size = r * if m.roll >= 10 { 0.95 } else { 1.2 };
            if size >= MIN_FONT {
                text(
                    &mut marks,
                    q.x,
                    q.y + size * 0.36,
                    size,
                    "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#ffffff\"",
                    &m.roll.to_string(),
                );
            }
            marks.push_str("</g>\n");
            at = m.to;
        }
        out.push_str("<g stroke-linecap=\"round\">\n");
        out.push_str(&lines);
        out.push_str(&marks);
        out.push_str("</g>\n");
    }

    fn legend_items(&self) -> Vec<Item> {
        let board = self.pic.board;
        let mut items = Vec::new();
        let ladders = board.ladders().count();
        let snakes = board.snakes().count();
        items.push(labelled(
            count(ladders, "ladder", "ladders"),
            26.0,
            Box::new(|out, x, y| {
                put!(
                    out,
                    "<path d=\"M{x0} {y1}L{x1} {y1}M{x0} {y2}L{x1} {y2}M{a} {y1}L{a} {y2}M{b} {y1}L{b} {y2}M{cc} {y1}L{cc} {y2}\" \
                     stroke=\"{}\" stroke-width=\"2\" fill=\"none\"/>",
                    colour::LADDER,
                    x0 = N(x),
                    x1 = N(x + 26.0),
                    y1 = N(y - 4.0),
                    y2 = N(y + 4.0),
                    a = N(x + 5.0),
                    b = N(x + 13.0),
                    cc = N(x + 21.0),
                );
            }),
        ));
        items.push(labelled(
            count(snakes, "snake", "snakes"),
            26.0,
            Box::new(|out, x, y| {
                put!(
                    out,
                    "<path d=\"M{} {}q5 -7 10 0t10 0\" stroke=\"{}\" stroke-width=\"3\" fill=\"none\" stroke-linecap=\"round\"/>\
                     <circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{}\"/>",
                    N(x + 5.0),
                    N(y),
                    colour::SNAKE,
                    N(x + 4.0),
                    N(y),
                    colour::SNAKE_HEAD
                );
            }),
        ));
        if let Some((_, moves)) = &self.pic.path {
            let s = if moves.is_empty() {
                "no path to the last square".to_string()
            } else {
                format!(
                    "fewest rolls: {} (each landing marked with its roll)",
                    moves.len()
                )
            };
            items.push(labelled(
                s,
                26.0,
                Box::new(|out, x, y| {
                    put!(
                        out,
                        "<path d=\"M{} {}q8 -8 16 0\" stroke=\"{c}\" stroke-width=\"2\" fill=\"none\"/>\
                         <circle cx=\"{}\" cy=\"{}\" r=\"7\" fill=\"{c}\"/>\
                         <text x=\"{}\" y=\"{}\" font-size=\"9\" font-weight=\"bold\" fill=\"#ffffff\" text-anchor=\"middle\">3</text>",
                        N(x),
                        N(y + 2.0),
                        N(x + 19.0),
                        N(y + 2.0),
                        N(x + 19.0),
                        N(y + 5.2),
                        c = colour::PATH
                    );
                }),
            ));
        }
        match &self.pic.shading {
            Shading::Plain => {}
            Shading::Layers(dist) => self.layers_legend(dist, &mut items),
            Shading::Heat(_, what) => {
                let max = self.max_heat;
                items.push(self.ramp_item(&format!("{what}:"), "0", &short(max)));
            }
        }
        items
    }

    /// Legend items for the layers: a swatch per layer (or a colour bar for
    /// many), and the squares that have no layer.
    fn layers_legend(&self, dist: &[Option<u32>], items: &mut Vec<Item>) {
        let board = self.pic.board;
        let f = LEGEND_FONT;
        let max = self.max_layer;
        // Only layers some square is in: an off-board start is layer 0 but
        // no square.
        let min = (1..=self.squares() as usize)
            .filter_map(|s| dist.get(s).copied().flatten())
            .min()
            .unwrap_or(0);
        let label = "fewest rolls to rest on a square:";
        let lw = text_width(label, f) + 6.0;
        if max - min <= 24 {
            let box_w = 20.0;
            items.push(Item {
                width: lw + f64::from(max - min + 1) * box_w,
                svg: Box::new(move |out, x, y| {
                    text(out, x, y + 4.5, f, "", label);
                    for d in min..=max {
                        let bx = x + lw + f64::from(d - min) * box_w;
                        let fill = colour::LAYERS.at(f64::from(d) / f64::from(max.max(1)));
                        put!(
                            out,
                            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"16\" fill=\"{fill}\" stroke=\"#ffffff\"/>",
                            N(bx),
                            N(y - 8.0),
                            N(box_w)
                        );
                        text(
                            out,
                            bx + box_w / 2.0,
                            y + 3.5,
                            10.0,
                            "text-anchor=\"middle\"",
                            &d.to_string(),
                        );
                    }
                }),
            });
        } else {
            items.push(self.ramp_item(label, &min.to_string(), &max.to_string()));
        }
        if (1..=self.squares()).any(|s| self.pic.board.jump(s).is_some()) {
            items.push(labelled(
                "starts a jump: no pawn rests there".to_string(),
                16.0,
                Box::new(|out, x, y| {
                    put!(
                        out,
                        "<rect x=\"{}\" y=\"{}\" width=\"16\" height=\"16\" fill=\"#ffffff\" stroke=\"#cdbf9f\"/>",
                        N(x),
                        N(y - 8.0)
                    );
                }),
            ));
        }
        let unreachable = (1..=self.squares())
            .any(|s| dist.get(s as usize).copied().flatten().is_none() && board.jump(s).is_none());
        if unreachable {
            items.push(labelled(
                "never reached".to_string(),
                16.0,
                Box::new(|out, x, y| {
                    put!(
                        out,
                        "<rect x=\"{}\" y=\"{}\" width=\"16\" height=\"16\" fill=\"{}\"/>",
                        N(x),
                        N(y - 8.0),
                        colour::UNREACHABLE
                    );
                }),
            ));
        }
    }

    /// A legend item: a label, then a colour bar from `lo` to `hi`.
    fn ramp_item(&self, label: &str, lo: &str, hi: &str) -> Item {
        let f = LEGEND_FONT;
        let ids = self.pic.ids.clone();
        let (label, lo, hi) = (label.to_string(), lo.to_string(), hi.to_string());
        let lw = text_width(&label, f) + 6.0;
        let low = text_width(&lo, f) + 4.0;
        let bar = 140.0;
        Item {
            width: lw + low + bar + 4.0 + text_width(&hi, f),
            svg: Box::new(move |out, x, y| {
                text(out, x, y + 4.5, f, "", &label);
                text(out, x + lw, y + 4.5, f, "", &lo);
                put!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"14\" fill=\"url(#{ids}-ramp)\" stroke=\"#cccccc\"/>",
                    N(x + lw + low),
                    N(y - 7.0),
                    N(bar)
                );
                text(out, x + lw + low + bar + 4.0, y + 4.5, f, "", &hi);
            }),
        }
    }

    fn paint_legend(&self, out: &mut String) {
        put!(out, "<g fill=\"{}\">\n", colour::INK);
        for (line, &(a, b)) in self.legend_rows.iter().enumerate() {
            let y = self.legend_top + 12.0 + line as f64 * 24.0;
            let mut x = 12.0_f64.max(self.left.min(24.0));
            for item in &self.legend[a..b] {
                (item.svg)(out, x, y);
                out.push('\n');
                x += item.width + 18.0;
            }
        }
        out.push_str("</g>\n");
    }
}

/// A legend item: a swatch `swatch` pixels wide drawn by `draw`, then text.
fn labelled(s: String, swatch: f64, draw: Draw) -> Item {
    let f = LEGEND_FONT;
    Item {
        width: swatch + 6.0 + text_width(&s, f),
        svg: Box::new(move |out: &mut String, x: f64, y: f64| {
            draw(out, x, y);
            text(out, x + swatch + 6.0, y + 4.5, f, "", &s);
        }),
    }
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A value for a legend: three significant figures.
fn short(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
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
        let best = snl::shortest::solve(&g);
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
            .layers(&snl::shortest::distances(&g))
            .to_svg();
        assert!(svg.contains("fewest rolls to rest on a square:"));
        assert!(svg.contains("starts a jump"));
        assert!(!svg.contains("never reached"));
    }
}
