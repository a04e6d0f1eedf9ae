//! The legend below the board: what each mark and colour means, flowed into
//! rows.

use std::fmt::Write as _;

use snl::words::plural;

use super::{LEGEND_FONT, Painter, Shading};
use crate::colour;
use crate::svg::{N, put, text, text_width};

/// Draws a legend item into an SVG at a point: the left end of its middle.
pub(super) type Draw = Box<dyn Fn(&mut String, f64, f64)>;

/// One item of the legend: its width, and how to draw it.
pub(super) struct Item {
    pub(super) width: f64,
    pub(super) svg: Draw,
}

/// A legend item: a swatch `swatch` pixels wide drawn by `draw`, then text.
pub(super) fn labelled(s: String, swatch: f64, draw: Draw) -> Item {
    let f = LEGEND_FONT;
    Item {
        width: swatch + 6.0 + text_width(&s, f),
        svg: Box::new(move |out: &mut String, x: f64, y: f64| {
            draw(out, x, y);
            text(out, x + swatch + 6.0, y + 4.5, f, "", &s);
        }),
    }
}

/// A value for a legend: three significant figures.
pub(super) fn short(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

impl Painter<'_, '_> {
    pub(super) fn legend_items(&self) -> Vec<Item> {
        let board = self.pic.board;
        let mut items = Vec::new();
        let ladders = board.ladders().count();
        let snakes = board.snakes().count();
        items.push(labelled(
            plural(ladders as u64, "ladder", "ladders"),
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
            plural(snakes as u64, "snake", "snakes"),
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
    pub(super) fn layers_legend(&self, dist: &[Option<u32>], items: &mut Vec<Item>) {
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
    pub(super) fn ramp_item(&self, label: &str, lo: &str, hi: &str) -> Item {
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

    pub(super) fn paint_legend(&self, out: &mut String) {
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
