//! The squares: their colours (plain, by layer, or by heat), the lines
//! between them and the numbers in them.

use std::fmt::Write as _;

use super::{BoardPicture, MIN_FONT, Painter, Shading};
use crate::colour::{self, Rgb};

/// A run of squares of one colour in a row, in the picture's pixels.
pub(super) struct FillRun {
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) width: f64,
    pub(super) fill: Rgb,
}
use crate::svg::{N, put, text, text_width};

impl Painter<'_, '_> {
    pub(super) fn defs(&self, out: &mut String) {
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
    pub(super) fn fill(&self, s: u32) -> Rgb {
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

    pub(super) fn max_layer(pic: &BoardPicture<'_>) -> u32 {
        match &pic.shading {
            Shading::Layers(dist) => dist.iter().flatten().copied().max().unwrap_or(0),
            _ => 0,
        }
    }

    pub(super) fn max_heat(pic: &BoardPicture<'_>) -> f64 {
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
    pub(super) fn fills(&self, out: &mut String) {
        out.push_str("<g shape-rendering=\"crispEdges\">\n");
        for run in self.fill_runs() {
            put!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                N(run.x),
                N(run.y),
                N(run.width),
                N(self.cell),
                run.fill
            );
        }
        out.push_str("</g>\n");
    }

    /// The runs of squares of equal colour in each row, left to right.
    pub(super) fn fill_runs(&self) -> Vec<FillRun> {
        let g = self.pic.grid;
        let c = self.cell;
        let mut runs = Vec::new();
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
                runs.push(FillRun {
                    x: self.left + col as f64 * c,
                    y,
                    width: (end - col) as f64 * c,
                    fill,
                });
                col = end;
            }
        }
        runs
    }

    /// The filled part of each row: its left end, its top and its squares.
    pub(super) fn row_spans(&self) -> impl Iterator<Item = (f64, f64, u32)> + '_ {
        let g = self.pic.grid;
        let c = self.cell;
        (0..g.rows()).map(move |row| {
            let filled = g.row_squares(row).flatten().count() as u32;
            // The filled part of a row is at its left when the row runs
            // left to right and at its right otherwise.
            let rtl = (g.rows() - 1 - row) % 2 == 1;
            let x0 = if rtl {
                self.left + f64::from(g.columns() - filled) * c
            } else {
                self.left
            };
            (x0, self.top + f64::from(row) * c, filled)
        })
    }

    /// The squares written at the ends of the rows when their numbers do
    /// not fit: a row in every few, bottom up, as (left end, right end,
    /// the row's middle).
    pub(super) fn row_ends(&self) -> Vec<(u32, u32, f64)> {
        let g = self.pic.grid;
        let c = self.cell;
        let every = (11.0 / c).ceil().max(1.0) as u32;
        let mut ends = Vec::new();
        for row in (0..g.rows()).rev().step_by(every as usize) {
            let squares: Vec<u32> = g.row_squares(row).flatten().collect();
            let (Some(&lo), Some(&hi)) = (squares.iter().min(), squares.iter().max()) else {
                continue;
            };
            // The row's left end holds its lowest square when the row
            // runs left to right.
            let rtl = (g.rows() - 1 - row) % 2 == 1;
            let (l, r) = if rtl { (hi, lo) } else { (lo, hi) };
            ends.push((l, r, self.top + (f64::from(row) + 0.5) * c));
        }
        ends
    }

    /// The lines between squares, and the outlines of the start and finish.
    pub(super) fn lines(&self, out: &mut String) {
        let c = self.cell;
        if c >= 6.0 {
            let mut d = String::new();
            for (x0, y, filled) in self.row_spans() {
                let filled = f64::from(filled);
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

    /// Square numbers (with a jump's destination where one starts), or the
    /// row ends beside the board when they do not fit.
    pub(super) fn labels(&self, out: &mut String) {
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
                let note = self.pic.notes.get(s as usize).map_or("", String::as_str);
                if !note.is_empty() && text_width(note, badge * 0.8) <= c * 0.5 {
                    text(
                        out,
                        p.x + c * 0.94,
                        p.y + size * 1.05,
                        badge * 0.8,
                        &format!(
                            "text-anchor=\"end\" fill=\"{}\" class=\"note\" data-square=\"{s}\"",
                            colour::MUTED
                        ),
                        note,
                    );
                }
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
            put!(out, "<g fill=\"{}\" font-size=\"10\">\n", colour::MUTED);
            for (l, r, middle) in self.row_ends() {
                let y = middle + 3.5;
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
}
