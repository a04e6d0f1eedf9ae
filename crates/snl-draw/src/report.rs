//! Everything about a board in one HTML page that opens offline, with
//! nothing beside it: the board with the fewest-rolls path, the rules in
//! words, the exact statistics of the game length and its plot, where pawns
//! spend their time, what each jump is worth, and the win chances of two to
//! four players.
//!
//! Pictures are inline SVG, the style sheet is inline, and the font is
//! inlined as a data URL; the page loads nothing and runs no script. It
//! prints on A4 or Letter with each section kept on one page where it fits.

use std::fmt::Write as _;
use std::io;

use snl::Game;
use snl::limits::{Control, LimitError};
use snl::markov::{Distribution, JumpImpact, MarkovError, Measure, Visits};
use snl::plan::Analysis;
use snl::race::RaceSummary;
use snl::shortest::{Search, Solution};
use snl::words::{figure, plural, signed_figure};

use crate::board::BoardPicture;
use crate::plot::LengthPlot;
use crate::svg::{esc, put};
use crate::{DrawError, font};

/// Jump impact costs one solve of the board per jump; above this many
/// squares times jumps it is left out of the report (with a note).
pub const IMPACT_WORK_LIMIT: u64 = 400_000_000;

/// Boards of more squares than this are not drawn in the report (with a
/// note): its two board pictures would take about 80 bytes a square.
pub const REPORT_DRAWN_SQUARES: u32 = 1_000_000;

/// The most rolls of the fewest-rolls path the report lists.
pub const REPORT_MOVES: usize = 1000;

/// What [`Report::compute`] runs ([`snl::plan`]'s names), beside the
/// impact it leaves out on large boards: what a front end admits against
/// its budget before it computes a report under [`Report::compute_with`].
pub const ANALYSES: [Analysis; 4] = [
    Analysis::Shortest(Search::Solve),
    Analysis::Markov(Measure::Mean),
    Analysis::Markov(Measure::Visits),
    Analysis::Race { players: 4 },
];

/// The note shown instead of a board picture too large for the report.
fn too_large_to_draw(h: &mut String, squares: u32) {
    put!(
        h,
        "<p class=\"note\">The board of {squares} squares is not drawn: the report draws boards \
         of at most {REPORT_DRAWN_SQUARES} squares.</p>\n"
    );
}

/// Everything the report shows, computed once.
#[derive(Debug, Clone)]
pub struct Report {
    name: String,
    game: Game,
    best: Solution,
    stats: Result<snl::markov::Stats, MarkovError>,
    visits: Result<Option<Visits>, MarkovError>,
    impact: Option<Result<Vec<JumpImpact>, MarkovError>>,
    races: Vec<Result<RaceSummary, String>>,
}

impl Report {
    /// Computes everything about `game`, with races of 2, 3 and 4 players;
    /// `name` heads the page: [`Report::compute_with`] under
    /// [`Control::default`], which sets no budget. A statistic that cannot
    /// be computed is reported in the page, not as an error.
    ///
    /// # Errors
    ///
    /// [`LimitError::Alloc`] when the fewest-rolls search's tables cannot be
    /// allocated.
    pub fn compute(game: &Game, name: &str) -> Result<Report, LimitError> {
        Report::compute_with(game, name, &Control::default())
    }

    /// [`Report::compute`] under a [`Control`]: every analysis runs under
    /// its budget and token. An analysis over the budget is reported in
    /// the page as not computed.
    ///
    /// # Errors
    ///
    /// [`LimitError`] when the fewest-rolls search does not fit the budget,
    /// or the token is set (Ctrl-C, a deadline) before the report is
    /// complete.
    pub fn compute_with(game: &Game, name: &str, ctl: &Control) -> Result<Report, LimitError> {
        let best = snl::shortest::solve_with(game, ctl)?;
        match Report::assemble(game, name, best, ctl) {
            (_, Some(stop)) => Err(stop),
            (report, None) => Ok(report),
        }
    }

    /// The report around `best`, and the stop that cut it short, if one did.
    fn assemble(
        game: &Game,
        name: &str,
        best: Solution,
        ctl: &Control,
    ) -> (Report, Option<LimitError>) {
        let squares = u64::from(game.board().squares());
        let jumps = game.board().jump_count() as u64;
        let stats = snl::markov::stats_with(game, &snl::markov::LengthOptions::default(), ctl);
        let visits = snl::markov::visits_with(game, ctl);
        let impact = (squares.saturating_mul(jumps) <= IMPACT_WORK_LIMIT)
            .then(|| snl::markov::impact_with(game, ctl));
        let races = (2..=4)
            .map(|k| RaceSummary::compute_with(game, k, ctl).map_err(|e| e.to_string()))
            .collect();
        let report = Report {
            name: name.to_string(),
            game: game.clone(),
            best,
            stats,
            visits,
            impact,
            races,
        };
        (report, ctl.cancel.check().err())
    }

    /// Writes the page.
    pub fn write_html(&self, mut out: impl io::Write) -> Result<(), DrawError> {
        out.write_all(self.to_html()?.as_bytes())?;
        Ok(())
    }

    /// The page.
    ///
    /// # Errors
    ///
    /// [`DrawError::Unresolved`] when the game length was not followed far
    /// enough for any game to end, so there is no plot.
    pub fn to_html(&self) -> Result<String, DrawError> {
        let board = self.game.board();
        let mut h = String::new();
        put!(
            h,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{} — Snakes and Ladders report</title>\n<style>\n{}{}</style>\n</head>\n<body>\n<main>\n",
            esc(&self.name),
            font::css_font_faces(),
            CSS
        );
        put!(
            h,
            "<header><h1>{}</h1>\n<p class=\"lead\">{} squares · {} · {}</p></header>\n",
            esc(&self.name),
            board.squares(),
            plural(board.ladders().count() as u64, "ladder", "ladders"),
            plural(board.snakes().count() as u64, "snake", "snakes"),
        );
        self.summary(&mut h);
        self.board_section(&mut h);
        self.length_section(&mut h)?;
        self.heat_section(&mut h);
        self.impact_section(&mut h);
        self.race_section(&mut h);
        h.push_str("</main>\n</body>\n</html>\n");
        Ok(h)
    }

    fn summary(&self, h: &mut String) {
        h.push_str("<section id=\"summary\"><h2>At a glance</h2>\n<div class=\"cards\">\n");
        let fewest = self
            .best
            .min_rolls
            .map_or_else(|| "never".to_string(), |r| r.to_string());
        card(h, "fewest rolls", &fewest, "choosing every roll");
        match &self.stats {
            Ok(s) => {
                let mean = s.mean.map_or_else(|| "∞".to_string(), |m| figure(m, 2));
                card(h, "mean rolls", &mean, "with a real die");
                let sd = s.std_dev.map_or_else(|| "∞".to_string(), |m| figure(m, 2));
                card(h, "standard deviation", &sd, "rolls");
                let median = s
                    .distribution
                    .median()
                    .map_or_else(|| "—".to_string(), |m| m.to_string());
                card(h, "median", &median, "half the games are over by then");
                if s.never_finishes > 0.0 {
                    card(
                        h,
                        "never finishes",
                        &format!("{:.3}%", s.never_finishes * 100.0),
                        "of games",
                    );
                }
            }
            Err(e) => card(h, "mean rolls", "—", &e.to_string()),
        }
        h.push_str("</div>\n<h3>Rules</h3>\n<ul class=\"rules\">\n");
        for line in snl::words::rules_sentences(self.game.rules()) {
            put!(h, "<li>{}</li>\n", esc(&line));
        }
        h.push_str("</ul>\n</section>\n");
    }

    fn board_section(&self, h: &mut String) {
        let game = &self.game;
        h.push_str("<section id=\"board\"><h2>The board and the fewest rolls</h2>\n");
        match self.best.min_rolls {
            Some(0) => h.push_str(
                "<p>The pawn starts on the last square: the game is over before it begins.</p>\n",
            ),
            Some(k) => put!(
                h,
                "<p>Choosing every roll, the last square is reached in <strong>{k}</strong> {}. One way:</p>\n",
                if k == 1 { "roll" } else { "rolls" }
            ),
            None => h.push_str(
                "<p>The last square <strong>cannot be reached</strong>, whatever the rolls.</p>\n",
            ),
        }
        if !self.best.path.is_empty() {
            h.push_str("<ol class=\"moves\">\n");
            let mut at = game.start();
            for m in self.best.path.iter().take(REPORT_MOVES) {
                let from = if at == 0 {
                    "off the board".to_string()
                } else {
                    format!("square {at}")
                };
                put!(
                    h,
                    "<li>from {from}, roll <b>{}</b>: land on {}",
                    m.roll,
                    m.land
                );
                if m.jumped() {
                    let kind = if m.to > m.land { "ladder" } else { "snake" };
                    put!(h, ", {kind} to {}", m.to);
                }
                h.push_str("</li>\n");
                at = m.to;
            }
            h.push_str("</ol>\n");
            if let Some(more) = self.best.path.len().checked_sub(REPORT_MOVES)
                && more > 0
            {
                put!(
                    h,
                    "<p class=\"note\">… and {} more, not listed.</p>\n",
                    plural(more as u64, "roll", "rolls")
                );
            }
        }
        if game.board().squares() > REPORT_DRAWN_SQUARES {
            too_large_to_draw(h, game.board().squares());
            h.push_str("</section>\n");
            return;
        }
        let svg = BoardPicture::new(game.board())
            .path(game.start(), &self.best.path)
            .ids("board")
            .to_svg();
        put!(h, "<figure class=\"board\">{svg}</figure>\n</section>\n");
    }

    fn length_section(&self, h: &mut String) -> Result<(), DrawError> {
        h.push_str("<section id=\"length\"><h2>How long a game lasts</h2>\n");
        let s = match &self.stats {
            Ok(s) => s,
            Err(e) => {
                put!(
                    h,
                    "<p class=\"note\">Not computed: {}.</p>\n</section>\n",
                    esc(&e.to_string())
                );
                return Ok(());
            }
        };
        if s.distribution.resolved() <= 0.0 {
            if s.distribution.unresolved > 0.0 {
                put!(
                    h,
                    "<p class=\"note\">Games on this board were followed for {} rolls and none \
                     had ended by then: the board is too long to follow its games to the end{}.</p>\n\
                     </section>\n",
                    s.distribution.pmf.len().saturating_sub(1),
                    s.mean.map_or(String::new(), |m| format!(
                        " (the mean, {m:.4e} rolls, is exact)"
                    ))
                );
            } else {
                h.push_str("<p class=\"note\">No game on this board ever ends.</p>\n</section>\n");
            }
            return Ok(());
        }
        if !s.distribution.is_complete() {
            put!(
                h,
                "<p class=\"note\">Games were followed for {} rolls; a chance of {:.3e} was still \
                 unresolved then, so the plot and the figures below show only that part.</p>\n",
                s.distribution.pmf.len().saturating_sub(1),
                s.distribution.unresolved
            );
        }
        h.push_str(
            "<p>One pawn, a real die, exact figures from the Markov chain of the game.</p>\n",
        );
        quantile_table(h, &s.distribution);
        let svg = LengthPlot::new(&s.distribution)
            .mean(s.mean)
            .fewest(self.best.min_rolls)
            .to_svg()?;
        put!(
            h,
            "<figure class=\"plot\">{}</figure>\n</section>\n",
            strip_xml_declaration(&svg)
        );
        Ok(())
    }

    fn heat_section(&self, h: &mut String) {
        h.push_str("<section id=\"heat\"><h2>Where pawns spend their time</h2>\n");
        match &self.visits {
            Ok(Some(_)) if self.game.board().squares() > REPORT_DRAWN_SQUARES => {
                too_large_to_draw(h, self.game.board().squares());
            }
            Ok(Some(v)) => {
                h.push_str(
                    "<p>Each square coloured by how often, on average, one game's rolls land on it \
                     (a snake's head or a ladder's foot counts when it is landed on).</p>\n",
                );
                let svg = BoardPicture::new(self.game.board())
                    .heat(&v.landings, "expected landings per game")
                    .ids("heat")
                    .to_svg();
                put!(h, "<figure class=\"board\">{svg}</figure>\n");
            }
            Ok(None) => h.push_str(
                "<p class=\"note\">Not shown: the game may never end, so some squares are visited without limit.</p>\n",
            ),
            Err(e) => put!(h, "<p class=\"note\">Not computed: {}.</p>\n", esc(&e.to_string())),
        }
        h.push_str("</section>\n");
    }

    fn impact_section(&self, h: &mut String) {
        h.push_str("<section id=\"impact\"><h2>What each jump is worth</h2>\n");
        let mean = self.stats.as_ref().ok().and_then(|s| s.mean);
        match &self.impact {
            None => put!(
                h,
                "<p class=\"note\">Left out: the board is too large to solve once per jump.</p>\n"
            ),
            Some(Err(e)) => put!(
                h,
                "<p class=\"note\">Not computed: {}.</p>\n",
                esc(&e.to_string())
            ),
            Some(Ok(list)) if list.is_empty() => h.push_str("<p>The board has no jumps.</p>\n"),
            Some(Ok(list)) => {
                h.push_str(
                    "<p>The mean number of rolls with each jump removed on its own, largest effect first. \
                     A positive change means the jump makes games shorter.</p>\n\
                     <table class=\"impact\"><thead><tr><th>jump</th><th>kind</th>\
                     <th>mean without it</th><th>change</th></tr></thead><tbody>\n",
                );
                for i in list {
                    let kind = if i.jump.is_ladder() {
                        "ladder"
                    } else {
                        "snake"
                    };
                    let without = i
                        .mean_without
                        .map_or_else(|| "∞ (may never end)".to_string(), |m| figure(m, 2));
                    let change = match i.change {
                        Some(c) => signed_figure(c, 2),
                        None if i.changes_finiteness(mean) => {
                            "decides whether the game ends".to_string()
                        }
                        None => "—".to_string(),
                    };
                    put!(
                        h,
                        "<tr><td>{} → {}</td><td class=\"{kind}\">{kind}</td><td class=\"num\">{without}</td>\
                         <td class=\"num\">{change}</td></tr>\n",
                        i.jump.from,
                        i.jump.to
                    );
                }
                h.push_str("</tbody></table>\n");
            }
        }
        h.push_str("</section>\n");
    }

    fn race_section(&self, h: &mut String) {
        h.push_str("<section id=\"race\"><h2>Several players</h2>\n");
        if self.races.is_empty() {
            h.push_str("<p class=\"note\">No races were computed.</p>\n</section>\n");
            return;
        }
        h.push_str(
            "<p>Players take turns in seat order, each with a pawn of their own; the first to the last \
             square wins. The chance that each seat wins:</p>\n\
             <table class=\"race\"><thead><tr><th>players</th>",
        );
        let most = self
            .races
            .iter()
            .filter_map(|r| r.as_ref().ok())
            .map(|r| r.seats.len())
            .max()
            .unwrap_or(0);
        for i in 1..=most {
            put!(h, "<th>seat {i}</th>");
        }
        h.push_str("<th>expected rounds</th></tr></thead><tbody>\n");
        for race in &self.races {
            match race {
                Ok(r) => {
                    put!(h, "<tr><td>{}</td>", r.seats.len());
                    for i in 0..most {
                        match r.seats.get(i) {
                            Some(s) => put!(h, "<td class=\"num\">{:.1}%</td>", s.win * 100.0),
                            None => h.push_str("<td></td>"),
                        }
                    }
                    // A race cut short by the budget is not shown as whole.
                    let unresolved = r.unresolved > 1e-9;
                    let rounds = match r.expected_rounds {
                        None => "∞".to_string(),
                        Some(x) if unresolved => format!("at least {}", figure(x, 2)),
                        Some(x) => figure(x, 2),
                    };
                    put!(h, "<td class=\"num\">{rounds}</td></tr>\n");
                    if unresolved {
                        put!(
                            h,
                            "<tr><td></td><td colspan=\"{}\" class=\"note unresolved\">Unresolved: \
                             {:.6}. The games were followed until the work budget ran out; each \
                             chance above may be short by up to this much.</td></tr>\n",
                            most + 1,
                            r.unresolved
                        );
                    }
                }
                Err(e) => put!(
                    h,
                    "<tr><td colspan=\"{}\" class=\"note\">{}</td></tr>\n",
                    most + 2,
                    esc(e)
                ),
            }
        }
        h.push_str("</tbody></table>\n</section>\n");
    }
}

fn card(h: &mut String, label: &str, value: &str, note: &str) {
    put!(
        h,
        "<div class=\"card\"><div class=\"label\">{}</div><div class=\"value\">{}</div><div class=\"sub\">{}</div></div>\n",
        esc(label),
        esc(value),
        esc(note)
    );
}

fn quantile_table(h: &mut String, d: &Distribution) {
    h.push_str("<table class=\"quantiles\"><thead><tr><th>games over within</th>");
    let qs = [0.1, 0.25, 0.5, 0.75, 0.9, 0.99];
    for q in qs {
        put!(h, "<th>{:.0}%</th>", q * 100.0);
    }
    h.push_str("</tr></thead><tbody><tr><td>rolls</td>");
    for q in qs {
        match d.quantile(q) {
            Some(t) => put!(h, "<td class=\"num\">{t}</td>"),
            None => h.push_str("<td class=\"num\">—</td>"),
        }
    }
    h.push_str("</tr></tbody></table>\n");
}

fn strip_xml_declaration(svg: &str) -> &str {
    if svg.starts_with("<?xml") {
        svg.find("?>").map_or(svg, |i| svg[i + 2..].trim_start())
    } else {
        svg
    }
}

const CSS: &str = r"
:root { --ink: #222; --muted: #666; --line: #ddd; --ladder: #b86e00; --snake: #b01e6a; --path: #155ec0; }
* { box-sizing: border-box; }
body { margin: 0; background: #f6f4ef; color: var(--ink);
  font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; font-size: 15px; line-height: 1.45; }
main { max-width: 1120px; margin: 0 auto; padding: 24px 28px 48px; background: #fff; }
h1 { font-size: 28px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 0 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 16px; margin: 16px 0 6px; }
.lead { color: var(--muted); margin: 0 0 8px; }
section { margin: 28px 0; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; }
.card { flex: 1 1 170px; border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; background: #fbfaf7; }
.card .label { color: var(--muted); font-size: 13px; }
.card .value { font-size: 28px; font-weight: bold; }
.card .sub { color: var(--muted); font-size: 12px; }
ul.rules { margin: 0; padding-left: 20px; }
ol.moves { columns: 2 320px; margin: 0 0 12px; }
figure { margin: 12px 0; text-align: center; }
figure svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; margin: 8px 0 12px; font-size: 14px; }
th, td { border-bottom: 1px solid var(--line); padding: 4px 12px; text-align: left; }
th { background: #f1eee6; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.ladder { color: var(--ladder); font-weight: bold; }
td.snake { color: var(--snake); font-weight: bold; }
.note { color: var(--muted); font-style: italic; }
@media print {
  body { background: #fff; font-size: 11pt; }
  main { max-width: none; padding: 0; }
  section { break-inside: avoid; page-break-inside: avoid; }
  #impact, #race { break-inside: auto; }
  figure svg { max-height: 24cm; }
  .card { break-inside: avoid; }
}
@page { margin: 14mm; }
";

#[cfg(test)]
mod tests {
    use super::*;
    use snl::{Board, Jump, Rules};

    #[test]
    fn a_board_where_no_game_ends_still_has_a_page() {
        let board = Board::new(9, (2..=7).map(|from| Jump { from, to: 1 })).unwrap();
        let game = Game::new(board, Rules::default()).unwrap();
        let html = Report::compute(&game, "stuck").unwrap().to_html().unwrap();
        assert!(html.contains("No game on this board ever ends."));
        assert!(html.contains("<strong>cannot be reached</strong>"));
    }

    #[test]
    fn races_cut_short_by_the_budget_say_so() {
        // Every odd square from 3 a snake to 1 on 200 squares: games of
        // about 10^14 rolls, followed for a small budget's work only. The
        // page showed 0.0 % for every seat and the rounds so far as exact.
        let board = Board::new(200, (3..200).step_by(2).map(|from| Jump { from, to: 1 })).unwrap();
        let game = Game::new(board, Rules::default()).unwrap();
        let ctl = Control::new(snl::limits::Budget {
            memory: 1 << 30,
            work: 20_000_000,
        });
        let report = Report::compute_with(&game, "odd", &ctl).unwrap();
        let race = report.races[0].as_ref().unwrap();
        assert!(race.unresolved > 0.99, "{}", race.unresolved);
        let html = report.to_html().unwrap();
        let table = &html[html.find("<section id=\"race\">").unwrap()..];
        assert!(table.contains("at least "), "{table}");
        assert!(table.contains("Unresolved: 1.000000."), "{table}");
    }

    #[test]
    fn page_is_self_contained() {
        let board = Board::new(36, [Jump { from: 2, to: 15 }, Jump { from: 17, to: 13 }]).unwrap();
        let game = Game::new(board, Rules::default()).unwrap();
        let html = Report::compute(&game, "Test <board>")
            .unwrap()
            .to_html()
            .unwrap();
        assert!(html.contains("<h1>Test &lt;board&gt;</h1>"));
        for id in ["summary", "board", "length", "heat", "impact", "race"] {
            assert!(html.contains(&format!("<section id=\"{id}\">")), "{id}");
        }
        // Nothing is fetched: the only URLs are data URLs and the SVG
        // namespace, which names rather than loads.
        for (i, _) in html.match_indices("url(") {
            assert!(html[i..].starts_with("url(data:") || html[i..].starts_with("url(#"));
        }
        assert!(!html.contains("src=\"http"));
        assert!(!html.contains("href=\"http"));
        assert!(html.contains("17 → 13"));
    }
}
