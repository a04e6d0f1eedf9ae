//! The game-length plot: the chance of finishing on each roll (bars), the
//! chance of having finished by then (a line), the mean, the median and the
//! fewest rolls marked; optionally a second panel with each seat's chance of
//! having won a race by each round.
//!
//! Drawn with plotters' SVG backend. With no font feature plotters estimates
//! text widths itself, so the plot needs no fonts on the machine; the text
//! names the embedded family, which the PNG renderer and the HTML report
//! both supply.

use plotters::coord::Shift;
use plotters::prelude::*;
use snl::markov::Distribution;
use snl::race::SeatCurve;

use crate::DrawError;
use crate::colour::{self, Rgb};
use crate::font;

/// Plot width in pixels.
const WIDTH: u32 = 900;

/// The most bars a length plot draws: about one a pixel of its width.
const MAX_BARS: usize = 1000;

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
/// Height of the game-length panel.
const LENGTH_HEIGHT: u32 = 460;
/// Height of the race panel.
const RACE_HEIGHT: u32 = 340;

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
        // A board's name may hold characters no SVG can.
        self.title = crate::svg::xml_chars(title);
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
    /// [`DrawError::NeverEnds`] when no game ends, and [`DrawError::Plot`]
    /// when plotters fails (which it does not for finite data).
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
        {
            let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
            root.fill(&WHITE).map_err(plot_error)?;
            if self.seats.is_empty() {
                self.length_panel(&root)?;
            } else {
                let (top, bottom) = root.split_vertically(LENGTH_HEIGHT);
                self.length_panel(&top)?;
                self.race_panel(&bottom)?;
            }
            root.present().map_err(plot_error)?;
        }
        Ok(svg)
    }

    // One chart's configuration, read top to bottom; split up, the chart's
    // long generic type would have to be spelled out between the parts.
    #[allow(clippy::too_many_lines)]
    fn length_panel(&self, area: &DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), DrawError> {
        let pmf = &self.dist.pmf;
        let x_max = self.x_max();
        let shown = pmf
            .get(..=x_max.min(pmf.len().saturating_sub(1)))
            .unwrap_or(&[]);
        let y_max = shown.iter().copied().fold(0.0, f64::max).max(1e-9) * 1.12;
        let x_range = -0.5..x_max as f64 + 0.5;
        let mut chart = ChartBuilder::on(area)
            .caption(&self.title, (font::FAMILY, 18).into_font())
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .right_y_label_area_size(64)
            .build_cartesian_2d(x_range.clone(), 0.0..y_max)
            .map_err(plot_error)?
            .set_secondary_coord(x_range, 0.0..1.0);
        let label = (font::FAMILY, 13).into_font();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(rgb(Rgb(0xee, 0xee, 0xee)))
            .x_desc("rolls")
            .y_desc("chance of finishing on this roll")
            .x_labels(12)
            .x_label_formatter(&|x| whole(*x))
            .y_label_formatter(&|y| {
                let decimals = usize::from(y_max < 0.02) + usize::from(y_max < 0.2);
                format!("{:.*}%", decimals, y * 100.0)
            })
            .label_style(label.clone())
            .axis_desc_style(label.clone())
            .draw()
            .map_err(plot_error)?;
        chart
            .configure_secondary_axes()
            .y_desc("chance of having finished")
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .label_style(label.clone())
            .axis_desc_style(label.clone())
            .draw()
            .map_err(plot_error)?;

        // More rolls than pixels: neighbouring rolls share a bar (their
        // mean chance a roll), and the line a point a bar, so that the
        // picture stays as small and as quick to draw as for a short game.
        let step = (x_max / MAX_BARS + 1).max(1);
        let bar = rgb(colour::PATH).mix(0.55);
        let (half, lo_pad) = if step == 1 { (0.4, 0.0) } else { (0.0, 0.5) };
        chart
            .draw_series(shown.chunks(step).enumerate().map(|(i, ps)| {
                let lo = (i * step) as f64;
                let hi = lo + (ps.len() - 1) as f64;
                let p = ps.iter().sum::<f64>() / ps.len() as f64;
                Rectangle::new(
                    [(lo - half - lo_pad, 0.0), (hi + half + lo_pad, p)],
                    bar.filled(),
                )
            }))
            .map_err(plot_error)?
            .label("finishes on this roll")
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], bar.filled()));
        let line = rgb(Rgb(0x22, 0x22, 0x22));
        chart
            .draw_secondary_series(LineSeries::new(
                cdf_points(pmf, x_max, step),
                line.stroke_width(2),
            ))
            .map_err(plot_error)?
            .label("has finished by this roll")
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 14, y)], line.stroke_width(2))
            });

        let marks = [
            (
                self.fewest.map(f64::from),
                "fewest rolls",
                colour::LADDER,
                false,
            ),
            (
                self.dist.median().map(|m| m as f64),
                "median",
                colour::SNAKE,
                true,
            ),
            (self.mean, "mean", Rgb(0x2a, 0x9d, 0x4a), true),
        ];
        for (at, name, c, show_value) in marks {
            // A mark beyond the rolls shown (the mean of a distribution
            // followed only in part) has no place on the axis.
            let Some(at) = at.filter(|&at| at <= x_max as f64 + 0.5) else {
                continue;
            };
            let style = rgb(c).stroke_width(2);
            let text = if show_value && name == "mean" {
                format!("{name} {at:.2}")
            } else {
                format!("{name} {at:.0}")
            };
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(at, 0.0), (at, y_max)],
                    7,
                    4,
                    style,
                ))
                .map_err(plot_error)?
                .label(text)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], style));
        }
        legend(&mut chart, SeriesLabelPosition::MiddleRight, label)
    }

    fn race_panel(&self, area: &DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), DrawError> {
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
        let y_max = self
            .seats
            .iter()
            .map(|s| s.win)
            .fold(0.0, f64::max)
            .clamp(0.05, 1.0)
            * 1.1;
        let mut chart = ChartBuilder::on(area)
            .caption(
                format!(
                    "{} players: chance each seat has won by each round",
                    self.seats.len()
                ),
                (font::FAMILY, 16).into_font(),
            )
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .right_y_label_area_size(64)
            .build_cartesian_2d(0.0..rounds as f64, 0.0..y_max.min(1.0))
            .map_err(plot_error)?;
        let label = (font::FAMILY, 13).into_font();
        chart
            .configure_mesh()
            .light_line_style(rgb(Rgb(0xee, 0xee, 0xee)))
            .x_desc("rounds (every player has had one turn per round)")
            .y_desc("chance of having won")
            .x_label_formatter(&|x| whole(*x))
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .label_style(label.clone())
            .axis_desc_style(label.clone())
            .draw()
            .map_err(plot_error)?;
        for (i, seat) in self.seats.iter().enumerate() {
            let style = rgb(colour::SEATS[i % colour::SEATS.len()]).stroke_width(2);
            chart
                .draw_series(LineSeries::new(
                    seat.by_round
                        .iter()
                        .take(rounds + 1)
                        .enumerate()
                        .map(|(r, &p)| (r as f64, p)),
                    style,
                ))
                .map_err(plot_error)?
                .label(format!("seat {}: wins {}", i + 1, percent(seat.win)))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], style));
        }
        legend(&mut chart, SeriesLabelPosition::LowerRight, label)
    }
}

/// A tick label for a count of rolls or rounds: ticks between whole numbers
/// are left blank.
/// The box naming each series, in the plot's style.
fn legend<'a, DB, CT>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
    label: FontDesc<'a>,
) -> Result<(), DrawError>
where
    DB: DrawingBackend + 'a,
    CT: CoordTranslate,
{
    chart
        .configure_series_labels()
        .position(position)
        .label_font(label)
        .background_style(WHITE.mix(0.9))
        .border_style(rgb(Rgb(0xcc, 0xcc, 0xcc)))
        .draw()
        .map_err(plot_error)
}

fn whole(x: f64) -> String {
    if (x - x.round()).abs() < 1e-6 {
        format!("{}", x.round() as i64)
    } else {
        String::new()
    }
}

fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
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

fn plot_error(e: impl std::fmt::Display) -> DrawError {
    DrawError::Plot(e.to_string())
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
