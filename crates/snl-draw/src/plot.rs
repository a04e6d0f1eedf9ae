//! The game-length plot: the chance of finishing on each roll (bars), the
//! chance of having finished by then (a line), the mean, the median and the
//! fewest rolls marked; optionally a second panel with each seat's chance of
//! having won a race by each round.
//!
//! Written by hand as SVG, as the board picture is, so that the plot is the
//! same document on every target: a plotting library that measures text
//! through a browser's page cannot draw in a Web Worker or under Node, and
//! would lay text out differently there. The text names the embedded
//! family, which the PNG renderer and the HTML report both supply; its
//! widths, where the layout needs them (the legend), are estimated.

use std::fmt::Write as _;

use snl::markov::Distribution;
use snl::race::SeatCurve;

use crate::DrawError;
use crate::colour::{self, Rgb};
use crate::font;
use crate::svg::{N, esc, put, text, text_width};

/// Plot width in pixels.
const WIDTH: u32 = 900;

/// The most bars a length plot draws: about one a pixel of its width.
const MAX_BARS: usize = 1000;

/// Height of the game-length panel.
const LENGTH_HEIGHT: u32 = 460;
/// Height of the race panel.
const RACE_HEIGHT: u32 = 340;

/// Space around each panel.
const MARGIN: f64 = 12.0;
/// The band above a panel's plot area that holds its caption.
const CAPTION: f64 = 26.0;
/// The band below the plot area for the tick labels and the axis's name.
const X_LABELS: f64 = 44.0;
/// The bands left and right of the plot area, likewise.
const Y_LABELS: f64 = 64.0;
/// Tick labels, axis names and the legend.
const LABEL_FONT: f64 = 10.5;
/// Light grid lines.
const GRID: Rgb = Rgb(0xe8, 0xe8, 0xe8);
/// The cumulative line.
const LINE: Rgb = Rgb(0x22, 0x22, 0x22);
/// The mean's mark.
const MEAN: Rgb = Rgb(0x2a, 0x9d, 0x4a);

/// The chance of having finished by each roll `0..=x_max`, one point every
/// `step` rolls (and the last), summed as it goes.
fn cdf_points(pmf: &[f64], x_max: usize, step: usize) -> Vec<(f64, f64)> {
    let mut points = Vec::with_capacity(x_max / step + 2);
    let mut sum = 0.0;
    for t in 0..=x_max {
        sum += pmf.get(t).copied().unwrap_or(0.0);
        if t % step == 0 || t == x_max {
            points.push((t as f64, sum));
        }
    }
    points
}

/// A plot of how long a game lasts, built up and then drawn as SVG.
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Jump, Rules};
/// use snl_draw::plot::LengthPlot;
///
/// let game = Game::new(Board::new(30, [Jump { from: 3, to: 25 }])?, Rules::default())?;
/// let stats = snl::markov::stats(&game)?;
/// let svg = LengthPlot::new(&stats.distribution)
///     .mean(stats.mean)
///     .fewest(snl::shortest::min_rolls(&game).unwrap())
///     .to_svg()?;
/// assert!(svg.contains("median"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct LengthPlot<'a> {
    dist: &'a Distribution,
    mean: Option<f64>,
    fewest: Option<u32>,
    title: String,
    seats: Vec<SeatCurve>,
}

impl<'a> LengthPlot<'a> {
    /// A plot of `dist`, the number of rolls one pawn takes to finish
    /// ([`snl::markov::stats`] gives it).
    pub fn new(dist: &'a Distribution) -> LengthPlot<'a> {
        LengthPlot {
            dist,
            mean: None,
            fewest: None,
            title: "How many rolls a game takes".to_string(),
            seats: Vec::new(),
        }
    }

    /// Marks the mean (`None`: the game may never end, so there is none).
    #[must_use]
    pub fn mean(mut self, mean: Option<f64>) -> Self {
        self.mean = mean;
        self
    }

    /// Marks the fewest rolls with every roll chosen.
    #[must_use]
    pub fn fewest(mut self, fewest: Option<u32>) -> Self {
        self.fewest = fewest;
        self
    }

    /// The title above the plot.
    #[must_use]
    pub fn title(mut self, title: &str) -> Self {
        self.title = title.to_string();
        self
    }

    /// Adds a panel with each seat's chance of having won by each round.
    #[must_use]
    pub fn race(mut self, seats: Vec<SeatCurve>) -> Self {
        self.seats = seats;
        self
    }

    /// The last roll shown: where all but 0.5% of finished games are over,
    /// and at least one past the fewest rolls.
    fn x_max(&self) -> usize {
        let last = self.dist.pmf.len().saturating_sub(1);
        let q = self.dist.quantile(0.995).unwrap_or(last);
        let floor = self.fewest.map_or(1, |f| f as usize + 1);
        // The mean widens the plot only as far as the distribution was
        // followed: on a board whose mean is 10^14 rolls the plot shows
        // the part that is known (and one point a roll of it), not 10^14
        // empty rolls.
        let mean = self.mean.map_or(0, |m| m.ceil() as usize);
        q.max(floor).max(mean.min(last.max(floor))).max(1)
    }

    /// The plot as an SVG document.
    ///
    /// # Errors
    ///
    /// [`DrawError::NeverEnds`] when no game ends, and
    /// [`DrawError::Unresolved`] when the distribution was not followed
    /// far enough for any game to end.
    pub fn to_svg(&self) -> Result<String, DrawError> {
        if self.dist.resolved() <= 0.0 {
            if self.dist.unresolved > 0.0 {
                return Err(DrawError::Unresolved {
                    steps: self.dist.pmf.len().saturating_sub(1),
                    unresolved: self.dist.unresolved,
                });
            }
            return Err(DrawError::NeverEnds);
        }
        let height = LENGTH_HEIGHT
            + if self.seats.is_empty() {
                0
            } else {
                RACE_HEIGHT
            };
        let mut svg = String::new();
        put!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
             viewBox=\"0 0 {WIDTH} {height}\" font-family=\"{}\" role=\"img\" aria-label=\"{}\">\n\
             <title>{}</title>\n\
             <rect width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\"/>\n",
            esc(font::STACK),
            esc(&self.title),
            esc(&self.title)
        );
        self.length_panel(&mut svg);
        if !self.seats.is_empty() {
            self.race_panel(&mut svg, f64::from(LENGTH_HEIGHT));
        }
        svg.push_str("</svg>\n");
        Ok(svg)
    }

    fn length_panel(&self, out: &mut String) {
        let pmf = &self.dist.pmf;
        let x_max = self.x_max();
        let shown = pmf
            .get(..=x_max.min(pmf.len().saturating_sub(1)))
            .unwrap_or(&[]);
        let y_max = shown.iter().copied().fold(0.0, f64::max).max(1e-9) * 1.12;
        let frame = Frame::new(
            0.0,
            f64::from(LENGTH_HEIGHT),
            (-0.5, x_max as f64 + 0.5),
            (0.0, y_max),
        );
        let cumulative = Frame {
            y: (0.0, 1.0),
            ..frame
        };
        caption(out, &frame, 14.5, &self.title);
        let decimals = usize::from(y_max < 0.02) + usize::from(y_max < 0.2);
        let y_ticks = ticks(0.0, y_max, 10, 0.0);
        frame.grid_y(out, &y_ticks);
        frame.axes(out, true);
        frame.x_axis(out, &ticks(0.0, x_max as f64, 12, 1.0), "rolls");
        frame.y_axis(
            out,
            Side::Left,
            &y_ticks,
            &|y| format!("{:.*}%", decimals, y * 100.0),
            "chance of finishing on this roll",
        );
        cumulative.y_axis(
            out,
            Side::Right,
            &ticks(0.0, 1.0, 10, 0.0),
            &|y| format!("{:.0}%", y * 100.0),
            "chance of having finished",
        );

        // More rolls than pixels: neighbouring rolls share a bar (their
        // mean chance a roll), and the line a point a bar, so that the
        // picture stays as small and as quick to draw as for a short game.
        let step = (x_max / MAX_BARS + 1).max(1);
        bars(out, &frame, shown, step);
        cumulative.line(out, &cdf_points(pmf, x_max, step), LINE);

        let mut entries = vec![
            Entry {
                label: "finishes on this roll".to_string(),
                swatch: Swatch::Bar(colour::PATH),
            },
            Entry {
                label: "has finished by this roll".to_string(),
                swatch: Swatch::Line(LINE),
            },
        ];
        let marks = [
            (self.fewest.map(f64::from), "fewest rolls", colour::LADDER),
            (
                self.dist.median().map(|m| m as f64),
                "median",
                colour::SNAKE,
            ),
            (self.mean, "mean", MEAN),
        ];
        for (at, name, c) in marks {
            // A mark beyond the rolls shown (the mean of a distribution
            // followed only in part) has no place on the axis.
            let Some(at) = at.filter(|&at| at <= x_max as f64 + 0.5) else {
                continue;
            };
            let x = frame.px(at);
            put!(
                out,
                "<path d=\"M{} {}V{}\" stroke=\"{c}\" stroke-width=\"2\" stroke-dasharray=\"7 4\"/>\n",
                N(x),
                N(frame.bottom),
                N(frame.top)
            );
            let label = if name == "mean" {
                format!("{name} {at:.2}")
            } else {
                format!("{name} {at:.0}")
            };
            entries.push(Entry {
                label,
                swatch: Swatch::Dashed(c),
            });
        }
        legend(out, &frame, &entries, Place::MiddleRight);
    }

    fn race_panel(&self, out: &mut String, top: f64) {
        let rounds = self
            .seats
            .iter()
            .map(|s| {
                // Stop where every seat's curve has flattened out.
                let last = s.by_round.last().copied().unwrap_or(0.0);
                s.by_round
                    .iter()
                    .position(|&p| p >= last - 0.002)
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(1)
            .max(1);
        let y_max = (self
            .seats
            .iter()
            .map(|s| s.win)
            .fold(0.0, f64::max)
            .clamp(0.05, 1.0)
            * 1.1)
            .min(1.0);
        let frame = Frame::new(
            top,
            f64::from(RACE_HEIGHT),
            (0.0, rounds as f64),
            (0.0, y_max),
        );
        caption(
            out,
            &frame,
            13.0,
            &format!(
                "{} players: chance each seat has won by each round",
                self.seats.len()
            ),
        );
        let x_ticks = ticks(0.0, rounds as f64, 10, 1.0);
        let y_ticks = ticks(0.0, y_max, 10, 0.0);
        frame.grid_x(out, &x_ticks);
        frame.grid_y(out, &y_ticks);
        frame.axes(out, true);
        frame.x_axis(
            out,
            &x_ticks,
            "rounds (every player has had one turn per round)",
        );
        let percent_label = |y: f64| format!("{:.0}%", y * 100.0);
        frame.y_axis(
            out,
            Side::Left,
            &y_ticks,
            &percent_label,
            "chance of having won",
        );
        frame.y_axis(out, Side::Right, &y_ticks, &percent_label, "");
        let mut entries = Vec::new();
        for (i, seat) in self.seats.iter().enumerate() {
            let c = colour::SEATS[i % colour::SEATS.len()];
            let points: Vec<(f64, f64)> = seat
                .by_round
                .iter()
                .take(rounds + 1)
                .enumerate()
                .map(|(r, &p)| (r as f64, p))
                .collect();
            frame.line(out, &points, c);
            entries.push(Entry {
                label: format!("seat {}: wins {}", i + 1, percent(seat.win)),
                swatch: Swatch::Line(c),
            });
        }
        legend(out, &frame, &entries, Place::LowerRight);
    }
}

/// The bars of the chance of finishing on each roll of `shown`, `step`
/// rolls a bar.
fn bars(out: &mut String, frame: &Frame, shown: &[f64], step: usize) {
    let (half, pad) = if step == 1 { (0.4, 0.0) } else { (0.0, 0.5) };
    let mut d = String::new();
    for (i, ps) in shown.chunks(step).enumerate() {
        let lo = (i * step) as f64;
        let hi = lo + (ps.len() - 1) as f64;
        let p = ps.iter().sum::<f64>() / ps.len() as f64;
        if p <= 0.0 {
            continue;
        }
        put!(
            d,
            "M{} {}H{}V{}H{}Z",
            N(frame.px(lo - half - pad)),
            N(frame.py(0.0)),
            N(frame.px(hi + half + pad)),
            N(frame.py(p)),
            N(frame.px(lo - half - pad))
        );
    }
    put!(
        out,
        "<path d=\"{d}\" fill=\"{}\" fill-opacity=\"0.55\"/>\n",
        colour::PATH
    );
}

/// A panel's plot area, in pixels, and the ranges its axes show.
#[derive(Debug, Clone, Copy)]
struct Frame {
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
    x: (f64, f64),
    y: (f64, f64),
}

/// Which side of the plot area a vertical axis is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

impl Frame {
    /// The plot area of a panel `height` pixels high whose top is at `top`.
    fn new(top: f64, height: f64, x: (f64, f64), y: (f64, f64)) -> Frame {
        Frame {
            left: MARGIN + Y_LABELS,
            right: f64::from(WIDTH) - MARGIN - Y_LABELS,
            top: top + MARGIN + CAPTION,
            bottom: top + height - MARGIN - X_LABELS,
            x,
            y,
        }
    }

    fn px(&self, x: f64) -> f64 {
        self.left + (x - self.x.0) / (self.x.1 - self.x.0) * (self.right - self.left)
    }

    fn py(&self, y: f64) -> f64 {
        self.bottom - (y - self.y.0) / (self.y.1 - self.y.0) * (self.bottom - self.top)
    }

    /// Light horizontal lines at `ys`.
    fn grid_y(&self, out: &mut String, ys: &[f64]) {
        let mut d = String::new();
        for &y in ys {
            put!(d, "M{} {}H{}", N(self.left), N(self.py(y)), N(self.right));
        }
        put!(out, "<path d=\"{d}\" stroke=\"{GRID}\"/>\n");
    }

    /// Light vertical lines at `xs`.
    fn grid_x(&self, out: &mut String, xs: &[f64]) {
        let mut d = String::new();
        for &x in xs {
            put!(d, "M{} {}V{}", N(self.px(x)), N(self.top), N(self.bottom));
        }
        put!(out, "<path d=\"{d}\" stroke=\"{GRID}\"/>\n");
    }

    /// The lines round the plot area's left, bottom and (with `right`)
    /// right.
    fn axes(&self, out: &mut String, right: bool) {
        put!(
            out,
            "<path d=\"M{l} {t}V{b}H{r}{}\" stroke=\"{}\" fill=\"none\"/>\n",
            if right {
                format!("V{}", N(self.top))
            } else {
                String::new()
            },
            colour::MUTED,
            l = N(self.left),
            t = N(self.top),
            b = N(self.bottom),
            r = N(self.right),
        );
    }

    /// The ticks and labels below the plot area at `xs`, and the axis's
    /// name.
    fn x_axis(&self, out: &mut String, xs: &[f64], name: &str) {
        let mut d = String::new();
        for &x in xs {
            put!(d, "M{} {}v5", N(self.px(x)), N(self.bottom));
        }
        put!(out, "<path d=\"{d}\" stroke=\"{}\"/>\n", colour::MUTED);
        for &x in xs {
            text(
                out,
                self.px(x),
                self.bottom + 8.0 + LABEL_FONT,
                LABEL_FONT,
                "text-anchor=\"middle\"",
                &whole(x),
            );
        }
        text(
            out,
            f64::midpoint(self.left, self.right),
            self.bottom + X_LABELS - 4.0,
            LABEL_FONT,
            "text-anchor=\"middle\"",
            name,
        );
    }

    /// The ticks and labels at `ys` on one side, and the axis's name (none
    /// when empty), written upwards on the left and downwards on the right.
    fn y_axis(
        &self,
        out: &mut String,
        side: Side,
        ys: &[f64],
        label: &dyn Fn(f64) -> String,
        name: &str,
    ) {
        let (x, tick, anchor) = match side {
            Side::Left => (self.left, -5.0, "end"),
            Side::Right => (self.right, 5.0, "start"),
        };
        let mut d = String::new();
        for &y in ys {
            put!(d, "M{} {}h{}", N(x), N(self.py(y)), N(tick));
        }
        put!(out, "<path d=\"{d}\" stroke=\"{}\"/>\n", colour::MUTED);
        let attrs = format!("text-anchor=\"{anchor}\"");
        for &y in ys {
            text(
                out,
                x + 1.6 * tick,
                self.py(y) + LABEL_FONT * 0.36,
                LABEL_FONT,
                &attrs,
                &label(y),
            );
        }
        if name.is_empty() {
            return;
        }
        let middle = f64::midpoint(self.top, self.bottom);
        let (x, angle) = match side {
            Side::Left => (MARGIN + LABEL_FONT, -90),
            Side::Right => (f64::from(WIDTH) - MARGIN - LABEL_FONT, 90),
        };
        text(
            out,
            x,
            middle,
            LABEL_FONT,
            &format!(
                "text-anchor=\"middle\" transform=\"rotate({angle} {} {})\"",
                N(x),
                N(middle)
            ),
            name,
        );
    }

    /// A line through `points` (in the axes' units), in `c`.
    fn line(&self, out: &mut String, points: &[(f64, f64)], c: Rgb) {
        let mut d = String::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            put!(
                d,
                "{}{} {}",
                if i == 0 { "M" } else { "L" },
                N(self.px(x)),
                N(self.py(y))
            );
        }
        put!(
            out,
            "<path d=\"{d}\" stroke=\"{c}\" stroke-width=\"2\" stroke-linejoin=\"round\" fill=\"none\"/>\n"
        );
    }
}

/// A panel's caption, centred above its plot area.
fn caption(out: &mut String, frame: &Frame, size: f64, title: &str) {
    text(
        out,
        f64::from(WIDTH) / 2.0,
        frame.top - CAPTION + size * 0.6,
        size,
        "text-anchor=\"middle\"",
        title,
    );
}

/// Round values from 0 (or the first multiple of the step at least `lo`)
/// to `hi`, about `count` of them: steps of 1, 2 or 5 times a power of
/// ten, and at least `least`, as a person numbers an axis.
fn ticks(lo: f64, hi: f64, count: usize, least: f64) -> Vec<f64> {
    let raw = (hi - lo) / count.max(1) as f64;
    if raw.is_nan() || raw <= 0.0 || raw.is_infinite() {
        return vec![lo];
    }
    let mut power = 1.0;
    while power > raw {
        power /= 10.0;
    }
    while power * 10.0 <= raw {
        power *= 10.0;
    }
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * power)
        .max(least);
    let from = (lo / step).ceil() as i64;
    // A tick a hair past the end, from rounding, still counts.
    let to = (hi / step + 1e-9).floor() as i64;
    (from..=to).map(|k| k as f64 * step).collect()
}

/// What a legend entry's swatch shows.
#[derive(Debug, Clone, Copy)]
enum Swatch {
    /// A bar of the plot.
    Bar(Rgb),
    /// A line.
    Line(Rgb),
    /// A dashed mark.
    Dashed(Rgb),
}

/// One entry of a legend.
#[derive(Debug, Clone)]
struct Entry {
    label: String,
    swatch: Swatch,
}

/// Where in the plot area a legend goes.
#[derive(Debug, Clone, Copy)]
enum Place {
    MiddleRight,
    LowerRight,
}

/// The box naming each series, inside the plot area.
fn legend(out: &mut String, frame: &Frame, entries: &[Entry], place: Place) {
    const ROW: f64 = 18.0;
    const PAD: f64 = 9.0;
    const SWATCH: f64 = 14.0;
    let widest = entries
        .iter()
        .map(|e| text_width(&e.label, LABEL_FONT))
        .fold(0.0, f64::max);
    let width = PAD + SWATCH + 8.0 + widest + PAD;
    let height = 2.0 * PAD + ROW * entries.len() as f64 - (ROW - LABEL_FONT);
    let x = frame.right - 10.0 - width;
    let y = match place {
        Place::MiddleRight => (frame.top + frame.bottom - height) / 2.0,
        Place::LowerRight => frame.bottom - 10.0 - height,
    };
    put!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\" fill-opacity=\"0.9\" stroke=\"#cccccc\"/>\n",
        N(x),
        N(y),
        N(width),
        N(height)
    );
    for (i, e) in entries.iter().enumerate() {
        let mid = y + PAD + LABEL_FONT / 2.0 + ROW * i as f64;
        let (x0, x1) = (x + PAD, x + PAD + SWATCH);
        match e.swatch {
            Swatch::Bar(c) => put!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"10\" fill=\"{c}\" fill-opacity=\"0.55\"/>\n",
                N(x0),
                N(mid - 5.0),
                N(SWATCH)
            ),
            Swatch::Line(c) => put!(
                out,
                "<path d=\"M{} {}H{}\" stroke=\"{c}\" stroke-width=\"2\"/>\n",
                N(x0),
                N(mid),
                N(x1)
            ),
            Swatch::Dashed(c) => put!(
                out,
                "<path d=\"M{} {}H{}\" stroke=\"{c}\" stroke-width=\"2\" stroke-dasharray=\"5 2\"/>\n",
                N(x0),
                N(mid),
                N(x1)
            ),
        }
        text(
            out,
            x1 + 8.0,
            mid + LABEL_FONT * 0.36,
            LABEL_FONT,
            "",
            &e.label,
        );
    }
}

/// A tick label for a count of rolls or rounds: ticks between whole numbers
/// are left blank.
fn whole(x: f64) -> String {
    if (x - x.round()).abs() < 1e-6 {
        format!("{}", x.round() as i64)
    } else {
        String::new()
    }
}

/// A chance as a percentage with as many decimals as small values need.
fn percent(p: f64) -> String {
    let v = p * 100.0;
    if v == 0.0 || v >= 10.0 {
        format!("{v:.0}%")
    } else if v >= 1.0 {
        format!("{v:.1}%")
    } else {
        format!("{v:.2}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use snl::{Board, Game, Rules};

    #[test]
    fn marks_are_labelled() {
        let game = Game::new(Board::empty(20).unwrap(), Rules::default()).unwrap();
        let stats = snl::markov::stats(&game).unwrap();
        let svg = LengthPlot::new(&stats.distribution)
            .mean(stats.mean)
            .fewest(Some(4))
            .to_svg()
            .unwrap();
        assert!(svg.contains("fewest rolls 4"));
        let median = stats.distribution.median().unwrap();
        assert!(svg.contains(&format!("median {median}")));
        assert!(svg.contains(&format!("mean {:.2}", stats.mean.unwrap())));
        assert!(svg.contains("chance of having finished"));
        assert!(!svg.contains("players"));
    }

    #[test]
    fn race_panel_names_each_seat() {
        let game = Game::new(Board::empty(20).unwrap(), Rules::default()).unwrap();
        let stats = snl::markov::stats(&game).unwrap();
        let race = vec![
            SeatCurve {
                by_round: vec![0.0, 0.1, 0.4, 0.55],
                win: 0.55,
            },
            SeatCurve {
                by_round: vec![0.0, 0.1, 0.3, 0.45],
                win: 0.45,
            },
        ];
        let svg = LengthPlot::new(&stats.distribution)
            .race(race)
            .to_svg()
            .unwrap();
        assert!(svg.contains("2 players"));
        assert!(svg.contains("seat 1: wins 55%"));
        assert!(svg.contains("seat 2: wins 45%"));
    }

    #[test]
    fn a_title_with_control_characters_stays_well_formed() {
        let game = Game::new(Board::empty(6).unwrap(), Rules::default()).unwrap();
        let stats = snl::markov::stats(&game).unwrap();
        let svg = LengthPlot::new(&stats.distribution)
            .title("odd\u{2}name <&>")
            .to_svg()
            .unwrap();
        roxmltree::Document::parse(&svg).unwrap();
        assert!(svg.contains("odd\u{fffd}name &lt;&amp;&gt;"), "{svg}");
    }

    #[test]
    fn nothing_to_plot_when_no_game_ends() {
        let board = Board::new(9, (2..=7).map(|from| snl::Jump { from, to: 1 })).unwrap();
        let game = Game::new(board, Rules::default()).unwrap();
        let stats = snl::markov::stats(&game).unwrap();
        let err = LengthPlot::new(&stats.distribution).to_svg().unwrap_err();
        assert!(matches!(err, DrawError::NeverEnds));
        assert_eq!(whole(-0.0), "0");
        assert_eq!(whole(0.5), "");
    }

    #[test]
    fn percentages() {
        assert_eq!(percent(0.5), "50%");
        assert_eq!(percent(0.012), "1.2%");
        assert_eq!(percent(0.00012), "0.01%");
        assert_eq!(percent(0.0), "0%");
    }
}
