//! The board as a TikZ picture, for a LaTeX document: the squares, their
//! colouring, numbers, ladders, snakes and the path of the SVG picture, laid
//! out by the same painter, with a line of legend below.
//!
//! The picture keeps the SVG's coordinates (pixels, y down) and scales them
//! with the picture's `x` and `y` units, so that the board is 16 cm wide at
//! most and a square 1 cm at most. It needs `\usepackage{tikz}` and nothing
//! else.

use std::fmt::Write as _;

use snl::words::plural;

use super::geometry::P;
use super::{BoardPicture, Painter, Shading};
use crate::colour::{self, Rgb};

/// The widest picture, in centimetres.
const MAX_WIDTH_CM: f64 = 16.0;
/// The largest square, in centimetres.
const MAX_CELL_CM: f64 = 1.0;
/// Points a centimetre.
const PT_PER_CM: f64 = 28.4528;

impl BoardPicture<'_> {
    /// The picture as a `tikzpicture` environment, for a LaTeX document
    /// whose preamble has `\usepackage{tikz}`: the squares as the SVG
    /// colours them, their numbers where they fit, the jumps, the path and
    /// a line of legend.
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::Board;
    /// use snl_draw::BoardPicture;
    ///
    /// let board = Board::new(36, [snl::Jump { from: 2, to: 15 }])?;
    /// let tikz = BoardPicture::new(&board).to_tikz();
    /// assert!(tikz.contains("\\begin{tikzpicture}") && tikz.ends_with("\\end{tikzpicture}\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_tikz(&self) -> String {
        Painter::new(self).tikz()
    }
}

/// A number for TikZ: at most two decimals, no trailing zeros.
struct T(f64);

impl std::fmt::Display for T {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = format!("{:.2}", self.0);
        let s = s.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if s == "-0" || s.is_empty() { "0" } else { s })
    }
}

/// A colour as xcolor reads it inline.
fn rgb(c: Rgb) -> String {
    format!("{{rgb,255:red,{};green,{};blue,{}}}", c.0, c.1, c.2)
}

/// `text` with TeX's special characters escaped.
pub(crate) fn tex(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(ch);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '→' => out.push_str("$\\rightarrow$"),
            '×' => out.push_str("$\\times$"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

impl Painter<'_, '_> {
    fn tikz(&self) -> String {
        let unit = (MAX_WIDTH_CM / self.width).min(MAX_CELL_CM / self.cell);
        // A pixel in points, for line widths and fonts.
        let pt = unit * PT_PER_CM;
        let mut out = String::new();
        let label = self.pic.title.clone().unwrap_or_else(|| {
            format!(
                "Snakes and Ladders board of {}",
                plural(u64::from(self.squares()), "square", "squares")
            )
        });
        let _ = writeln!(out, "% {}", label.replace(['\n', '\r'], " "));
        out.push_str("% Needs \\usepackage{tikz} in the preamble.\n");
        let _ = writeln!(
            out,
            "\\begin{{tikzpicture}}[x={unit:.5}cm, y=-{unit:.5}cm, line cap=round, line join=round]"
        );
        for (name, c) in [
            ("snlladder", colour::LADDER),
            ("snlsnake", colour::SNAKE),
            ("snlhead", colour::SNAKE_HEAD),
            ("snlpath", colour::PATH),
            ("snlink", colour::INK),
            ("snlmuted", colour::MUTED),
            ("snlgrid", Rgb(0xcd, 0xbf, 0x9f)),
        ] {
            let _ = writeln!(
                out,
                "\\definecolor{{{name}}}{{RGB}}{{{},{},{}}}",
                c.0, c.1, c.2
            );
        }
        if let Some(t) = &self.pic.title {
            let _ = writeln!(
                out,
                "\\node[anchor=base west, inner sep=0pt, font=\\bfseries, text=snlink] at ({},{}) {{{}}};",
                T(self.left),
                T(24.0),
                tex(t)
            );
        }
        self.tikz_fills(&mut out);
        self.tikz_lines(&mut out, pt);
        self.tikz_jumps(&mut out, pt);
        self.tikz_labels(&mut out, pt);
        self.tikz_path(&mut out, pt);
        let _ = writeln!(
            out,
            "\\node[anchor=north west, inner sep=0pt, font=\\small, text=snlink, text width={}cm] at ({},{}) {{{}}};",
            T((self.width - self.left - 12.0).max(100.0) * unit),
            T(self.left),
            T(self.legend_top),
            self.tikz_legend()
        );
        out.push_str("\\end{tikzpicture}\n");
        out
    }

    /// Square fills, a rectangle a run of equal colour in a row.
    fn tikz_fills(&self, out: &mut String) {
        for run in self.fill_runs() {
            let _ = writeln!(
                out,
                "\\fill[fill={}] ({},{}) rectangle ++({},{});",
                rgb(run.fill),
                T(run.x),
                T(run.y),
                T(run.width),
                T(self.cell)
            );
        }
    }

    /// The lines between squares, and the outlines of the start and finish.
    fn tikz_lines(&self, out: &mut String, pt: f64) {
        let c = self.cell;
        if c >= 6.0 {
            let width = (c * 0.02).max(0.5) * pt;
            for (x0, y, filled) in self.row_spans() {
                let filled = f64::from(filled);
                let _ = write!(
                    out,
                    "\\draw[snlgrid, line width={}pt] ({},{}) rectangle ++({},{})",
                    T(width),
                    T(x0),
                    T(y),
                    T(filled * c),
                    T(c)
                );
                for k in 1..filled as u32 {
                    let _ = write!(
                        out,
                        " ({},{}) -- ++(0,{})",
                        T(x0 + f64::from(k) * c),
                        T(y),
                        T(c)
                    );
                }
                out.push_str(";\n");
            }
        }
        let w = (c * 0.06).clamp(0.5, 3.0);
        for s in [1, self.squares()] {
            let p = self.corner(s);
            let _ = writeln!(
                out,
                "\\draw[snlink, line width={}pt] ({},{}) rectangle ++({},{});",
                T(w * pt),
                T(p.x + w / 2.0),
                T(p.y + w / 2.0),
                T(c - w),
                T(c - w)
            );
        }
    }

    /// Ladders as two rails, snakes as a curve with a head; a jump a best
    /// play declines, faded.
    fn tikz_jumps(&self, out: &mut String, pt: f64) {
        let c = self.cell;
        for j in self.pic.board.jumps() {
            let (a, b) = (self.center(j.from), self.center(j.to));
            let faded = if self.pic.declined.binary_search(&j.from).is_ok() {
                ", opacity=0.35"
            } else {
                ""
            };
            if j.to > j.from {
                let _ = writeln!(
                    out,
                    "\\draw[snlladder, line width={}pt, double=white, double distance={}pt{faded}] ({},{}) -- ({},{});",
                    T((c * 0.05).max(0.4) * pt),
                    T((c * 0.2).max(1.0) * pt),
                    T(a.x),
                    T(a.y),
                    T(b.x),
                    T(b.y)
                );
            } else {
                // An S between head and tail: control points a third of the
                // way along, off to either side.
                let d = b.sub(a);
                let side = d.perp().unit().mul((d.len() * 0.18).min(c * 1.2));
                let (k1, k2) = (
                    a.add(d.mul(1.0 / 3.0)).add(side),
                    a.add(d.mul(2.0 / 3.0)).sub(side),
                );
                let _ = writeln!(
                    out,
                    "\\draw[snlsnake, line width={}pt{faded}] ({},{}) .. controls ({},{}) and ({},{}) .. ({},{});",
                    T((c * 0.09).max(0.6) * pt),
                    T(a.x),
                    T(a.y),
                    T(k1.x),
                    T(k1.y),
                    T(k2.x),
                    T(k2.y),
                    T(b.x),
                    T(b.y)
                );
                let _ = writeln!(
                    out,
                    "\\fill[snlhead{faded}] ({},{}) circle[radius={}];",
                    T(a.x),
                    T(a.y),
                    T((c * 0.14).max(1.0))
                );
            }
        }
    }

    /// Square numbers and the jumps' ends where they fit, else the ends of
    /// each row beside the board.
    fn tikz_labels(&self, out: &mut String, pt: f64) {
        let c = self.cell;
        let board = self.pic.board;
        if let Some(size) = self.number_font {
            let f = size * pt;
            let font = format!("\\fontsize{{{}}}{{{}}}\\selectfont", T(f), T(f * 1.2));
            let badge = format!("\\fontsize{{{}}}{{{}}}\\selectfont", T(f * 0.9), T(f * 1.1));
            for s in 1..=self.squares() {
                let p = self.corner(s);
                let _ = writeln!(
                    out,
                    "\\node[anchor=north west, inner sep=0pt, text=snlink, font={font}] at ({},{}) {{{s}}};",
                    T(p.x + c * 0.07),
                    T(p.y + c * 0.06)
                );
                let note = self.pic.notes.get(s as usize).map_or("", String::as_str);
                if !note.is_empty() {
                    let _ = writeln!(
                        out,
                        "\\node[anchor=north east, inner sep=0pt, text=snlmuted, font={badge}] at ({},{}) {{{}}};",
                        T(p.x + c * 0.94),
                        T(p.y + c * 0.06),
                        tex(note)
                    );
                }
                if let Some(to) = board.jump(s) {
                    let (arrow, colour) = if to > s {
                        ("\\uparrow", "snlladder")
                    } else {
                        ("\\downarrow", "snlsnake")
                    };
                    let _ = writeln!(
                        out,
                        "\\node[anchor=south east, inner sep=0pt, text={colour}, font={badge}\\bfseries] at ({},{}) {{${arrow}$\\,{to}}};",
                        T(p.x + c * 0.94),
                        T(p.y + c * 0.94)
                    );
                }
            }
        } else if self.row_labels {
            let g = self.pic.grid;
            for (l, r, y) in self.row_ends() {
                let _ = writeln!(
                    out,
                    "\\node[anchor=east, text=snlmuted, font=\\tiny] at ({},{}) {{{l}}};",
                    T(self.left - 4.0),
                    T(y)
                );
                let _ = writeln!(
                    out,
                    "\\node[anchor=west, text=snlmuted, font=\\tiny] at ({},{}) {{{r}}};",
                    T(self.left + f64::from(g.columns()) * c + 4.0),
                    T(y)
                );
            }
        }
    }

    /// The path: a curved arrow to each landing, a dashed line along a jump
    /// taken, and each landing marked with its roll.
    fn tikz_path(&self, out: &mut String, pt: f64) {
        let Some((start, moves)) = &self.pic.path else {
            return;
        };
        let c = self.cell;
        let w = (c * 0.05).max(1.0) * pt;
        let r = (c * 0.17).max(3.0);
        let mut at = *start;
        if *start == 0 && !moves.is_empty() {
            let p = self.center(0);
            let _ = writeln!(
                out,
                "\\draw[snlpath, fill=white, line width={}pt] ({},{}) circle[radius={}];",
                T(w),
                T(p.x),
                T(p.y),
                T(r * 0.7)
            );
        }
        let mut marks = String::new();
        for m in moves {
            let (p, q) = (self.center(at), self.center(m.land));
            let d = q.sub(p);
            if d.len() > 1e-6 {
                let ctrl: P = p.add(d.mul(0.5)).add(d.perp().mul(0.22));
                let _ = writeln!(
                    out,
                    "\\draw[snlpath, line width={}pt, -stealth, shorten >={}pt] ({},{}) .. controls ({},{}) .. ({},{});",
                    T(w),
                    T(r * pt),
                    T(p.x),
                    T(p.y),
                    T(ctrl.x),
                    T(ctrl.y),
                    T(q.x),
                    T(q.y)
                );
            }
            if m.jumped() {
                let t = self.center(m.to);
                let _ = writeln!(
                    out,
                    "\\draw[snlpath, line width={}pt, dashed] ({},{}) -- ({},{});",
                    T(w),
                    T(q.x),
                    T(q.y),
                    T(t.x),
                    T(t.y)
                );
            }
            let size = r * if m.roll >= 10 { 0.95 } else { 1.2 } * pt;
            let _ = writeln!(
                marks,
                "\\node[circle, fill=snlpath, draw=white, inner sep=0pt, minimum size={}pt, text=white, font=\\fontsize{{{}}}{{{}}}\\selectfont\\bfseries] at ({},{}) {{{}}};",
                T(2.0 * r * pt),
                T(size),
                T(size * 1.2),
                T(q.x),
                T(q.y),
                m.roll
            );
            at = m.to;
        }
        out.push_str(&marks);
    }

    /// The legend's line: the jumps, the path and the colouring.
    fn tikz_legend(&self) -> String {
        let board = self.pic.board;
        let mut parts = vec![
            format!(
                "\\textcolor{{snlladder}}{{{}}} (double lines)",
                plural(board.ladders().count() as u64, "ladder", "ladders")
            ),
            format!(
                "\\textcolor{{snlsnake}}{{{}}} (a curve from the head)",
                plural(board.snakes().count() as u64, "snake", "snakes")
            ),
        ];
        if let Some((_, moves)) = &self.pic.path {
            parts.push(format!(
                "\\textcolor{{snlpath}}{{a path of {}}}, each landing marked with its roll",
                plural(moves.len() as u64, "roll", "rolls")
            ));
        }
        match &self.pic.shading {
            Shading::Plain => {}
            Shading::Layers(_) => parts.push(format!(
                "squares coloured by the fewest rolls to rest on them, from 0 (light) to {} (dark); grey: never rested on",
                self.max_layer
            )),
            Shading::Heat(_, what) => parts.push(format!(
                "squares coloured by {}, from white (0) to red ({})",
                tex(what),
                super::legend::short(self.max_heat)
            )),
        }
        if !self.pic.declined.is_empty() {
            parts.push("faded: jumps the best play declines".to_string());
        }
        parts.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use snl::{Board, Jump};

    #[test]
    fn special_characters_are_escaped() {
        assert_eq!(
            tex("50% & #1_a {x} \\ ^~"),
            "50\\% \\& \\#1\\_a \\{x\\} \\textbackslash{} \\textasciicircum{}\\textasciitilde{}"
        );
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(T(1.0).to_string(), "1");
        assert_eq!(T(0.375).to_string(), "0.38");
        assert_eq!(T(2.50).to_string(), "2.5");
        assert_eq!(T(-0.001).to_string(), "0");
    }

    #[test]
    fn every_square_jump_and_landing_is_drawn() {
        let board = Board::new(36, [Jump { from: 2, to: 15 }, Jump { from: 17, to: 13 }]).unwrap();
        let game = snl::Game::new(board, snl::Rules::default()).unwrap();
        let best = snl::shortest::solve(&game).unwrap();
        let tikz = BoardPicture::new(game.board())
            .path(game.start(), &best.path)
            .title("Fewest rolls: 50% of #1")
            .to_tikz();
        for s in 1..=36 {
            assert!(tikz.contains(&format!("{{{s}}};")), "square {s}");
        }
        assert_eq!(tikz.matches("double distance").count(), 1);
        assert_eq!(tikz.matches("\\fill[snlhead").count(), 1);
        assert_eq!(tikz.matches("-stealth").count(), best.path.len());
        assert!(tikz.contains("Fewest rolls: 50\\% of \\#1"));
        assert_eq!(tikz.matches('{').count(), tikz.matches('}').count());
    }
}
