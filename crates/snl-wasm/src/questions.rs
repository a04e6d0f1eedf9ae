//! One question at a time, answered as the command answers it: each
//! function is one of `snl`'s commands, and its answer is the JSON document
//! that command prints with `--json`, from the same constructors
//! ([`snl::answer`]), under the studio's limits ([`StudioLimits::default`]).
//!
//! | function | the command |
//! | --- | --- |
//! | [`check`] | `snl check --json` |
//! | [`solve`] | `snl solve --json` |
//! | [`expect`] | `snl expect --json` (and, when asked, the distribution) |
//! | [`race`] | `snl race --json` |
//! | [`svg`] | `snl render` (and where the squares are) |
//!
//! `options` is a JSON object (or empty text). Every function takes
//! `format` and `squares` (as `--format` and `--squares`) and `rules`: an
//! object of the shape of a board file's `rules` (`die` or `faces`,
//! `finish`, `chain`, `start`, `bonus`, `bonus_limit`), laid over the board
//! file's own rules as the command's rule flags are. Each function's own
//! options are those of its command, named as its flags are. An option the
//! function does not know is an error that names it.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use snl::RulesPatch;
use snl::answer::{CheckAnswer, ExpectAnswer, Header, RaceAnswer, SolveAnswer};
use snl::check::Skipped;
use snl::limits::{Cancel, Control};
use snl::markov::MarkovError;
use snl::plan::{self, Count, ExpectQuery, Length, SolveQuery};
use snl::race::RaceError;
use snl_draw::render::{self, Overlay};
use snl_draw::{DrawError, Layout};
use snl_web::analyse::{self, Playable, Read};
use snl_web::{ApiError, StudioLimits};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::envelope;

/// How the board is read, and the rules over the file's: the options every
/// function takes.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardOptions {
    format: Option<String>,
    squares: Option<u64>,
    rules: Option<RulesPatch>,
}

/// [`solve`]'s options.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveOptions {
    format: Option<String>,
    squares: Option<u64>,
    rules: Option<RulesPatch>,
    /// As `--count`: count the optimal sequences on boards over
    /// [`plan::COUNT_LIMIT`] squares too.
    #[serde(default)]
    count: bool,
}

/// [`expect`]'s options.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectOptions {
    format: Option<String>,
    squares: Option<u64>,
    rules: Option<RulesPatch>,
    /// As `--within K`, repeated.
    #[serde(default)]
    within: Vec<usize>,
    /// As `--exact`.
    #[serde(default)]
    exact: bool,
    /// The distribution of the length, `pmf[t]` for each `t` followed.
    #[serde(default)]
    pmf: bool,
    /// As `--choose-die SPEC`, repeated.
    #[serde(default)]
    choose_die: Vec<String>,
}

/// [`race`]'s options.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RaceOptions {
    format: Option<String>,
    squares: Option<u64>,
    rules: Option<RulesPatch>,
    /// As `--players K`.
    players: Option<usize>,
    /// As `--from A,B,...`.
    #[serde(default)]
    from: Vec<u32>,
}

/// [`svg`]'s options.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SvgOptions {
    format: Option<String>,
    squares: Option<u64>,
    rules: Option<RulesPatch>,
    /// As `--path`.
    #[serde(default)]
    path: bool,
    /// As `--layers` and `--heat`.
    #[serde(default)]
    overlay: Overlay,
    /// As `--width W`.
    width: Option<u32>,
}

/// `snl check --json`: every error and warning of `board`. A board with
/// errors is an answer (the command exits 1 with it), not an error; a board
/// that cannot be read is one.
#[wasm_bindgen]
pub fn check(board: &str, options: &str) -> String {
    envelope(options_of::<BoardOptions>(options).and_then(|o| {
        let limits = StudioLimits::default();
        let read = read(board, o.format, o.squares, o.rules.as_ref(), &limits)?;
        let ctl = control(&limits);
        let checked = snl::check::check_with(&read.parsed.spec, &read.rules, &ctl);
        // Where the tables did not fit, the board as written was checked
        // (the command says so on stderr only); a stop is no answer.
        if let Some(why) = checked.skipped.as_ref().and_then(Skipped::limit)
            && why.is_stop()
        {
            return Err(ApiError::limit(why.clone(), &limits));
        }
        let header = Header::of_spec(read.parsed.name.as_deref(), &read.parsed.spec, &read.rules);
        Ok(CheckAnswer::of(header, &checked))
    }))
}

/// `snl solve --json`: the fewest rolls, one optimal sequence, and the
/// number of optimal sequences where `snl solve` counts them (`{"count":
/// true}` as `--count`); optional jumps are played, as `snl solve` plays
/// them.
#[wasm_bindgen]
pub fn solve(board: &str, options: &str) -> String {
    envelope(options_of::<SolveOptions>(options).and_then(|o| {
        let limits = StudioLimits::default();
        let read = read(board, o.format, o.squares, o.rules.as_ref(), &limits)?;
        let subject = analyse::subject(&read)?;
        let query = SolveQuery {
            count: if o.count { Count::Always } else { Count::Auto },
            ..SolveQuery::default()
        };
        let solved = plan::solve(&subject, &query, &control(&limits))
            .map_err(|e| analyse::question_error(&e, &read, &limits))?;
        Ok(SolveAnswer::new(&subject, &solved))
    }))
}

/// `snl expect --json`, with `within` as `--within K`, `exact` as
/// `--exact` and `choose_die` as `--choose-die` (each die as it reads
/// one); optional jumps are played, as `snl expect` plays them. With
/// `{"pmf": true}` the answer also has `pmf` (and, under the bonus rule,
/// `turns.pmf`): `pmf[t]`, the chance that the game ends on roll (turn)
/// `t`, for every `t` the distribution was followed to.
#[wasm_bindgen]
pub fn expect(board: &str, options: &str) -> String {
    envelope(options_of::<ExpectOptions>(options).and_then(|o| {
        let limits = StudioLimits::default();
        let read = read(board, o.format, o.squares, o.rules.as_ref(), &limits)?;
        let subject = analyse::subject(&read)?;
        let specs: Vec<&str> = o.choose_die.iter().map(String::as_str).collect();
        let dice = analyse::dice("choose_die", &specs)?;
        let query = ExpectQuery {
            exact: o.exact,
            within: o.within.clone(),
            dice,
            ..ExpectQuery::default()
        };
        let ctl = control(&limits);
        let expectation = plan::expect(&subject, &query, &ctl)
            .map_err(|e| analyse::question_error(&e, &read, &limits))?;
        // A distribution stopped by the deadline keeps what it reached: an
        // answer cut short is not given as if it were whole.
        ctl.cancel
            .check()
            .map_err(|e| ApiError::limit(e, &limits))?;
        let answer = ExpectAnswer::new(&subject, &expectation);
        if !o.pmf {
            return to_value(&answer);
        }
        let mut value = to_value(&answer)?;
        if let Length::Dense { rolls, turns, .. } = &expectation.length {
            value["pmf"] = serde_json::json!(rolls.distribution.pmf);
            if let (Some((t, _)), Some(turns)) = (turns, value.get_mut("turns")) {
                turns["pmf"] = serde_json::json!(t.distribution.pmf);
            }
        }
        Ok(value)
    }))
}

/// `snl race --json`: each seat's chance of winning, with `players` as
/// `--players K` and `from` as `--from A,B,...` (2 players on the rules'
/// start when neither is given).
#[wasm_bindgen]
pub fn race(board: &str, options: &str) -> String {
    envelope(options_of::<RaceOptions>(options).and_then(|o| {
        let limits = StudioLimits::default();
        let p = playable(board, o.format, o.squares, o.rules.as_ref(), &limits)?;
        let game = &p.game;
        // The seats' errors say what is wrong in the command's words.
        let why = |e: RaceError| match e {
            RaceError::Limit(e) => ApiError::limit(e, &limits),
            e => ApiError::Query(e.to_string()),
        };
        let from = snl::race::seats(game, o.players, &o.from, 0).map_err(why)?;
        let ctl = control(&limits);
        let race = snl::race::race_with(game, &from, &ctl).map_err(why)?;
        Ok(RaceAnswer::new(header(&p), &from, &race))
    }))
}

/// The picture of [`svg`], and where its squares are.
#[derive(Debug, Serialize)]
struct Picture {
    svg: String,
    layout: Layout,
}

/// The board as `snl render` draws it, `{"svg", "layout"}`: `path` as
/// `--path`, `overlay` (`plain`, `layers`, `heat`) as `--layers` and
/// `--heat`, `width` as `--width`. The picture's title is the board's
/// name, or `board`.
#[wasm_bindgen]
pub fn svg(board: &str, options: &str) -> String {
    envelope(options_of::<SvgOptions>(options).and_then(|o| {
        let limits = StudioLimits::default();
        let p = playable(board, o.format, o.squares, o.rules.as_ref(), &limits)?;
        let picture = render::Options {
            path: o.path,
            overlay: o.overlay,
            width: o.width,
        };
        analyse::admit(&p.game, &picture.analyses(), &limits)?;
        let ctl = control(&limits);
        let label = p.read.parsed.name.as_deref().unwrap_or("board");
        let drawn =
            render::board_picture_with(&p.game, label, &picture, &ctl).map_err(|e| match e {
                DrawError::NoColumns => ApiError::Query(format!("width: {e}")),
                DrawError::Limit(e) | DrawError::Markov(MarkovError::Limit(e)) => {
                    ApiError::limit(e, &limits)
                }
                e => ApiError::Analysis(e.to_string()),
            })?;
        Ok(Picture {
            layout: drawn.layout(),
            svg: drawn.to_svg(),
        })
    }))
}

/// A function's options, read from JSON: empty text for none.
fn options_of<T: DeserializeOwned + Default>(json: &str) -> Result<T, ApiError> {
    if json.trim().is_empty() {
        return Ok(T::default());
    }
    serde_json::from_str::<T>(json).map_err(|e| ApiError::Query(format!("the options: {e}")))
}

/// The board read as the studio reads it ([`analyse::read`]), with `rules`
/// laid over the file's own, as the command's rule flags are.
fn read(
    board: &str,
    format: Option<String>,
    squares: Option<u64>,
    rules: Option<&RulesPatch>,
    limits: &StudioLimits,
) -> Result<Read, ApiError> {
    let options = analyse::Options {
        format,
        squares,
        ..analyse::Options::default()
    };
    let mut read = analyse::read(board.as_bytes(), &options, limits)?;
    if let Some(rules) = rules {
        rules.apply(&mut read.rules);
    }
    Ok(read)
}

/// The board read, checked and built under its rules ([`analyse::playable`]).
fn playable(
    board: &str,
    format: Option<String>,
    squares: Option<u64>,
    rules: Option<&RulesPatch>,
    limits: &StudioLimits,
) -> Result<Playable, ApiError> {
    analyse::playable(read(board, format, squares, rules, limits)?)
}

/// The studio's budget, with [`StudioLimits::analysis_time`] from now.
fn control(limits: &StudioLimits) -> Control {
    Control {
        cancel: Cancel::new().with_timeout(limits.analysis_time),
        budget: limits.budget,
    }
}

/// The header of every answer about a playable board.
fn header(p: &Playable) -> Header {
    Header::new(p.read.parsed.name.as_deref(), &p.game)
}

/// An answer as JSON, to add to.
fn to_value<T: Serialize>(answer: &T) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(answer).map_err(|e| ApiError::Internal(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    const TWENTY: &str = r#"{"squares": 20, "ladders": [[2, 19]], "snakes": [[9, 2]]}"#;

    #[test]
    fn each_question_is_the_studios() {
        let analysis = parsed(&crate::studio::studio_analyse(TWENTY, "{}"));
        let solve = parsed(&solve(TWENTY, ""));
        assert_eq!(solve["status"], 200);
        assert_eq!(solve["data"], analysis["data"]["solve"]);
        let check = parsed(&check(TWENTY, "{}"));
        assert_eq!(check["data"], analysis["data"]["check"]);
        let expect = parsed(&expect(TWENTY, r#"{"within": [3, 10], "pmf": true}"#));
        let data = &expect["data"];
        assert_eq!(data["mean"], analysis["data"]["expect"]["mean"]);
        assert!(data["within"]["3"].as_f64().unwrap() > 0.0);
        let pmf: f64 = data["pmf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_f64().unwrap())
            .sum();
        assert!((pmf + data["unresolved"].as_f64().unwrap() - 1.0).abs() < 1e-12);
        let race = parsed(&race(TWENTY, r#"{"from": [1, 1, 1]}"#));
        assert_eq!(race["data"]["win"].as_array().unwrap().len(), 3);
        let picture = parsed(&svg(TWENTY, r#"{"path": true}"#));
        assert!(picture["data"]["svg"].as_str().unwrap().starts_with("<svg"));
    }

    #[test]
    fn rules_lie_over_the_files() {
        let bounce = parsed(&solve(
            TWENTY,
            r#"{"rules": {"finish": "pass", "faces": 4}}"#,
        ));
        assert_eq!(bounce["data"]["rules"]["finish"], "pass");
        assert_eq!(bounce["data"]["rules"]["die"], "d4");
        let wrong = parsed(&solve(TWENTY, r#"{"rules": {"finish": "sideways"}}"#));
        assert_eq!(wrong["status"], 400);
        assert!(
            wrong["data"]["error"]
                .as_str()
                .unwrap()
                .starts_with("the options: `rules.finish`: "),
            "{wrong}"
        );
    }

    #[test]
    fn wrong_options_are_named() {
        let unknown = parsed(&solve(TWENTY, r#"{"within": [3]}"#));
        assert_eq!(unknown["status"], 400);
        assert!(
            unknown["data"]["error"]
                .as_str()
                .unwrap()
                .contains("unknown field `within`"),
            "{unknown}"
        );
        let seats = parsed(&race(TWENTY, r#"{"players": 3, "from": [1, 1]}"#));
        assert_eq!(
            seats["data"]["error"],
            "3 players but 2 starting squares; give one per player"
        );
        let off = parsed(&race(TWENTY, r#"{"from": [1, 40]}"#));
        assert_eq!(off["status"], 400);
        assert!(
            off["data"]["error"]
                .as_str()
                .unwrap()
                .starts_with("seat 2 cannot start")
        );
        let checked = parsed(&check(r#"{"squares": 10, "ladders": [[3, 11]]}"#, ""));
        assert_eq!(checked["status"], 200);
        assert_eq!(checked["data"]["errors"][0]["code"], "off-board");
    }
}
