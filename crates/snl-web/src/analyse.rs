//! A request's board, read as `snl` reads a board file, and every answer
//! about it: the library's check, fewest rolls, game-length statistics and
//! races, and the pictures `snl render` and `snl plot` draw.
//!
//! ```
//! use snl_web::analyse::{self, Options};
//!
//! let body = br#"{"squares": 20, "ladders": [[2, 19]], "snakes": [[9, 2]]}"#;
//! let answer = analyse::analyse(body, &Options::default(), &snl_web::StudioLimits::default())?;
//! assert_eq!(answer.solve.as_ref().unwrap().min_rolls, Some(2));
//! assert_eq!(answer.check.warnings[0].code, "ends-on-jump");
//! assert!(answer.svg.starts_with("<svg"));
//! # Ok::<(), snl_web::ApiError>(())
//! ```

use serde::{Deserialize, Serialize};
use snl::answer::{CheckAnswer, ExpectAnswer, Header, RaceAnswer, SolveAnswer};
use snl::check::{self, Diagnostic};
use snl::input::{self, Format, ParseOptions, ParsedBoard};
use snl::limits::{Cancel, Control, LimitError};
use snl::markov::MarkovError;
use snl::markov::{Measure, Stats};
use snl::plan::{self, DenseWork, ExpectQuery, SolveQuery, Subject, WithinQuery};
use snl::race::RaceError;
use snl::shortest::Search;
use snl::{Game, Rules};
use snl_draw::plot::LengthPlot;
pub use snl_draw::render::Overlay;
use snl_draw::{DrawError, Layout, render};

use crate::StudioLimits;
use crate::error::ApiError;

/// How to read and draw a request's board: the query string of
/// `/api/analyse`, named as the command line names the same choices.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The board's form, as `--format` (`grid`, `moves`, `pairs`,
    /// `pairs-text`); detected from the body when absent.
    pub format: Option<String>,
    /// The number of squares of a pairs-text board, as `--squares`.
    pub squares: Option<u64>,
    /// Squares per row in the picture, as `snl render --width`.
    pub width: Option<u32>,
    /// Whether the picture shows one fewest-rolls path, as `snl render
    /// --path` (default: it does).
    pub path: Option<bool>,
    /// How the picture colours the squares.
    #[serde(default)]
    pub overlay: Overlay,
    /// The dice the player picks one of before each roll, each as
    /// `--choose-die` reads it, separated by `;` (`d6;1,1,1,0,0,0`); empty
    /// or absent for the rules' die.
    pub choose_dice: Option<String>,
    /// What the best play is best for, as `--goal` reads it: `mean` (the
    /// default) or `within:K`.
    pub goal: Option<String>,
}

/// The choice a request asks the player to make beyond the rules: the
/// dice of [`Options::choose_dice`] and the goal of [`Options::goal`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Choosing {
    /// The dice picked from; empty for the rules' die.
    pub dice: Vec<snl::Die>,
    /// What the best play is best for.
    pub goal: snl::choice::Goal,
}

impl Options {
    /// The dice and the goal asked for, read as `snl expect` reads
    /// `--choose-die` and `--goal`.
    ///
    /// # Errors
    ///
    /// [`ApiError::Query`] naming the parameter and the die or goal that
    /// cannot be read.
    pub fn choosing(&self) -> Result<Choosing, ApiError> {
        let specs: Vec<&str> = self
            .choose_dice
            .as_deref()
            .unwrap_or("")
            .split(';')
            .map(str::trim)
            .collect();
        let dice = dice("choose_dice", &specs)?;
        let goal = match self.goal.as_deref().map(str::trim) {
            None | Some("") => snl::choice::Goal::Mean,
            Some(goal) => goal
                .parse()
                .map_err(|e| ApiError::Query(format!("goal: {e}")))?,
        };
        Ok(Choosing { dice, goal })
    }
}

/// The dice of `specs`, each as `--choose-die` reads one (empty ones
/// skipped), for the option called `option`.
///
/// # Errors
///
/// [`ApiError::Query`] naming the option and the die that cannot be read.
pub fn dice(option: &str, specs: &[&str]) -> Result<Vec<snl::Die>, ApiError> {
    let mut dice = Vec::new();
    for (i, spec) in specs.iter().enumerate().filter(|(_, s)| !s.is_empty()) {
        let read = spec
            .parse::<snl::Die>()
            .map_err(|e| ApiError::Query(format!("{option}: die {} (`{spec}`): {e}", i + 1)))?;
        dice.push(read);
    }
    Ok(dice)
}

/// The players whose races are answered: the studio shows 2 to 4.
pub const RACE_PLAYERS: [usize; 3] = [2, 3, 4];

/// A board read from a request, with the rules it is played under.
#[derive(Debug, Clone)]
pub struct Read {
    /// What was read.
    pub parsed: ParsedBoard,
    /// The rules: the defaults with the board file's `rules` over them.
    pub rules: Rules,
}

/// Reads a request's board, refusing one too big for live analysis before
/// anything of its size is allocated: over [`StudioLimits::live_squares`], or
/// whose tables are over [`StudioLimits::budget`] by [`snl::board::cost`].
///
/// # Errors
///
/// [`ApiError::Unreadable`], [`ApiError::Query`] for an unknown form,
/// [`ApiError::TooBig`] and [`ApiError::OverBudget`].
pub fn read(body: &[u8], options: &Options, limits: &StudioLimits) -> Result<Read, ApiError> {
    let format = match &options.format {
        Some(name) => Some(
            name.parse::<Format>()
                .map_err(|e| ApiError::Query(format!("format: {e}")))?,
        ),
        None => None,
    };
    let parsed = input::parse(
        body,
        &ParseOptions {
            format,
            squares: options.squares,
        },
    )?;
    if parsed.spec.squares > limits.live_squares {
        return Err(ApiError::TooBig {
            squares: parsed.spec.squares,
            limit: limits.live_squares,
        });
    }
    snl::board::cost(parsed.spec.squares, parsed.spec.jumps.len() as u64)
        .check("the board", &limits.budget)
        .map_err(|e| ApiError::limit(e, limits))?;
    let rules = parsed.rules.rules();
    Ok(Read { parsed, rules })
}

/// A read board that can be played: the game, and what `snl check` says
/// about it (warnings only).
#[derive(Debug, Clone)]
pub struct Playable {
    /// What was read.
    pub read: Read,
    /// The check: its warnings (a playable board has no errors) and the
    /// board's winnability.
    pub checked: check::Checked,
    /// The board under its rules.
    pub game: Game,
}

/// Checks a read board and builds its game, refusing a game whose jumps
/// may be declined (the analyses that call it do not play that choice).
///
/// # Errors
///
/// [`ApiError::Unplayable`] with the first error as the message and the
/// whole check beside it.
pub fn playable(read: Read) -> Result<Playable, ApiError> {
    let game = check::playable(&read.parsed.spec, read.rules.clone()).map_err(|e| {
        ApiError::Unplayable {
            message: e.to_string(),
            check: Box::new(check_json(&read, &e.errors)),
        }
    })?;
    // A playable board: the check finds its warnings.
    let checked = check::check(&read.parsed.spec, &read.rules);
    Ok(Playable {
        read,
        checked,
        game,
    })
}

/// The subject of a read board, for the library's questions: the board
/// checked once under its rules, optional jumps and all.
///
/// # Errors
///
/// [`ApiError::Unplayable`] with the first error as the message and the
/// whole check beside it.
pub fn subject(read: &Read) -> Result<Subject, ApiError> {
    Subject::new(read.parsed.spec.clone(), read.rules.clone())
        .map(|s| s.named(read.parsed.name.clone()))
        .map_err(|e| ApiError::Unplayable {
            message: e.to_string(),
            check: Box::new(check_json(read, &e.errors)),
        })
}

/// The error of a question about `read`, as the studio answers it.
pub fn question_error(e: &plan::Error, read: &Read, limits: &StudioLimits) -> ApiError {
    ApiError::of_question(e, limits, |unplayable| check_json(read, &unplayable.errors))
}

/// An analysis the studio did not run because it cannot honour the rules
/// (a race, when jumps may be declined), in the shape of `expect`'s
/// `left_out`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LeftOut {
    /// The answers left out: `race`.
    pub fields: Vec<String>,
    /// Why, as `expect`'s `left_out.reason` names it: `choice`.
    pub reason: snl::answer::LeftOutReason,
    /// The library's refusal, in words.
    pub message: String,
}

impl LeftOut {
    /// The search and the races, left out with dice to pick from: they
    /// roll the rules' die alone ([`plan::Unhonoured::Dice`]).
    fn of_dice(dice: &[snl::Die]) -> LeftOut {
        let dice: Vec<String> = dice.iter().map(ToString::to_string).collect();
        let why = plan::Unhonoured::Dice {
            analysis: "the fewest rolls and the races",
            dice: dice.join("; "),
        };
        LeftOut {
            fields: vec!["solve".to_string(), "race".to_string()],
            reason: snl::answer::LeftOutReason::Choice,
            message: why.to_string(),
        }
    }
}

/// Every answer about a board: the answers of `snl check`, `snl solve`,
/// `snl expect` and `snl race` (as their `--json` prints them), and the
/// pictures of `snl render` and `snl plot`.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The board as read, and its game.
    pub playable: Playable,
    /// `snl check`: the warnings (a playable board has no errors).
    pub check: CheckAnswer,
    /// `snl solve`: the fewest rolls, their count and one optimal path;
    /// `None` when left out (see `left_out`): with dice to pick from, as
    /// the search rolls the rules' die alone.
    pub solve: Option<SolveAnswer>,
    /// `snl expect`: one player's game length, exactly (under the play
    /// that makes its mean least, when there is a choice).
    pub expect: ExpectAnswer,
    /// `snl expect --goal within:K`: the play that makes the chance of
    /// finishing within K rolls greatest, and that chance; `None` unless
    /// that goal is asked for.
    pub within: Option<snl::answer::WithinAnswer>,
    /// `snl race --players K` for each K of [`RACE_PLAYERS`]; empty when
    /// left out (see `left_out`).
    pub race: Vec<RaceAnswer>,
    /// The analyses left out because they cannot honour the rules, and
    /// why: the races, when jumps may be declined; the fewest rolls and
    /// the races, when the player picks among dice.
    pub left_out: Option<LeftOut>,
    /// The board picture, as `snl render` draws it.
    pub svg: String,
    /// Where the squares are in `svg`.
    pub layout: Layout,
    /// The game-length plot, as `snl plot` draws it; `None` when no game
    /// ends, or the distribution was not followed far enough to draw it.
    pub plot: Option<String>,
    /// Why there is no plot, when there is none.
    pub plot_note: Option<String>,
}

/// Reads, checks and answers a request's board, with
/// [`StudioLimits::analysis_time`] from now to do it in.
///
/// # Errors
///
/// As [`analyse_with`].
pub fn analyse(
    body: &[u8],
    options: &Options,
    limits: &StudioLimits,
) -> Result<Analysis, ApiError> {
    let cancel = Cancel::new().with_timeout(limits.analysis_time);
    analyse_with(body, options, limits, &cancel)
}

/// Refuses, before anything is computed, a game whose analyses the
/// library estimates over [`StudioLimits::budget`] ([`plan::admit`]): each
/// analysis in `analyses` is checked on its own, and named in the message.
///
/// # Errors
///
/// [`ApiError::OverBudget`] for the first analysis over the budget.
pub fn admit(
    game: &Game,
    analyses: &[plan::Analysis],
    limits: &StudioLimits,
) -> Result<(), ApiError> {
    plan::admit(game, analyses, &limits.budget).map_err(|e| ApiError::limit(e, limits))
}

/// Reads, checks and answers a request's board under `cancel`: the
/// analyses stop when it is set or its deadline passes (a request that
/// was abandoned, or ran out of time).
///
/// Each analysis is refused before it starts when its estimate is over
/// [`StudioLimits::budget`] (see [`admit`]); the optimal sequences are counted
/// as `snl solve` counts them: on boards of up to
/// [`snl::plan::COUNT_LIMIT`] squares, when their estimate fits the
/// budget ([`plan::counting`]).
///
/// # Errors
///
/// Every error of [`read`] and [`playable`]; [`ApiError::OverBudget`] when
/// an analysis is over the budget; [`ApiError::Stopped`] when `cancel`
/// stopped it; [`ApiError::Analysis`] when the library cannot give an
/// answer.
pub fn analyse_with(
    body: &[u8],
    options: &Options,
    limits: &StudioLimits,
    cancel: &Cancel,
) -> Result<Analysis, ApiError> {
    let choice = options.choosing()?;
    let read = read(body, options, limits)?;
    let subject = subject(&read)?;
    let game = subject
        .dense_game(DenseWork::Studio)
        .map_err(|e| ApiError::Analysis(e.to_string()))?
        .clone();
    // Jumps that may be declined: the best play answers `expect`, the
    // search plays the choice, and the races, which cannot, are left out.
    // Dice to pick from: the best play answers `expect`, and the search and
    // the races, which roll the rules' die alone, are left out.
    let picked = !choice.dice.is_empty();
    refuse_overlay(&game, &choice, options.overlay)?;
    let searched = searches(&game, &choice.dice);
    let picture = picture_options(options, searched);
    admit_all(&game, &choice, searched, &picture, limits)?;
    let ctl = Control {
        cancel: cancel.clone(),
        budget: limits.budget,
    };
    let question = |e| question_error(&e, &read, limits);
    // `snl expect`: the best play, where there is a choice, is solved once,
    // for the answer and for the check's notes of the jumps it never takes.
    let query = ExpectQuery {
        dice: choice.dice.clone(),
        ..ExpectQuery::default()
    };
    let expectation = plan::expect(&subject, &query, &ctl).map_err(question)?;
    // The check's notes are of the rules' die, as `snl check` gives them:
    // a best play among dice is not the one it plays.
    let best = expectation.best.as_ref().filter(|_| !picked);
    let checked = check::check_played(&read.parsed.spec, &read.rules, best, &ctl);
    // `snl solve`, counting as it counts (left out, not refused, above the
    // count limit and over the budget).
    let solve = if searched {
        let solved = plan::solve(&subject, &SolveQuery::default(), &ctl).map_err(question)?;
        Some(SolveAnswer::new(&subject, &solved))
    } else {
        None
    };
    let playable = Playable {
        read,
        checked,
        game,
    };
    let game = &playable.game;
    let name = playable.read.parsed.name.as_deref();
    let header = || Header::new(name, game);
    // The jumps the best play declines, drawn faded.
    let declined: Vec<u32> = expectation
        .best
        .as_ref()
        .map(|b| b.declined().iter().map(|j| j.from).collect())
        .unwrap_or_default();
    let expect = ExpectAnswer::new(&subject, &expectation);
    let stats = expectation.rolls().cloned();
    let min_rolls = expectation.min_rolls.map(|m| m as u32);
    let within = match choice.goal {
        snl::choice::Goal::Within(rolls) => {
            let query = WithinQuery {
                rolls,
                dice: choice.dice.clone(),
            };
            let best = plan::best_within(&subject, &query, &ctl)
                .map_err(|e| question_error(&e, &playable.read, limits))?;
            Some(snl::answer::WithinAnswer::new(header(), &best, picked))
        }
        _ => None,
    };
    let (race, left_out) = if searched {
        races_of(game, &header, stats.as_ref(), &ctl, limits)?
    } else {
        (Vec::new(), Some(LeftOut::of_dice(&choice.dice)))
    };
    // A distribution stopped by the token keeps what it reached (as
    // `unresolved`) instead of failing: an answer cut short by the deadline
    // is not given as if it were whole.
    ctl.cancel
        .check()
        .map_err(|e: LimitError| ApiError::limit(e, limits))?;
    let check = CheckAnswer::of(header(), &playable.checked);
    let label = playable.read.parsed.name.as_deref().unwrap_or("board");
    let (svg, layout, plot) = draw(
        game,
        (label, &declined, die_notes(&expect)),
        &picture,
        stats.as_ref(),
        min_rolls,
        &ctl,
        limits,
    )?;
    let (plot, plot_note) = match (plot, &expect.rolls.left_out) {
        (Ok(plot), _) => (Some(plot), None),
        (Err(_), Some(left)) if stats.as_ref().is_none_or(|s| s.skipped.is_some()) => {
            (None, Some(format!("there is no plot: {}", left.message)))
        }
        (Err(why), _) => (None, Some(why)),
    };
    Ok(Analysis {
        playable,
        check,
        solve,
        expect,
        within,
        race,
        left_out,
        svg,
        layout,
        plot,
        plot_note,
    })
}

/// Refuses, before anything is computed, a request whose analyses (the
/// search where it runs, the mean or the best play of a choice, and the
/// picture's) are estimated over the budget ([`admit`]).
fn admit_all(
    game: &Game,
    choice: &Choosing,
    searched: bool,
    picture: &render::Options,
    limits: &StudioLimits,
) -> Result<(), ApiError> {
    let choosing = !game.rules().optional.is_none() || !choice.dice.is_empty();
    let mut analyses = Vec::new();
    if searched {
        analyses.push(plan::Analysis::Shortest(Search::Solve));
    }
    analyses.push(if choosing {
        let options = snl::choice::Options {
            dice: choice.dice.clone(),
            ..snl::choice::Options::default()
        };
        plan::Analysis::Choice {
            faces: options.faces(game),
        }
    } else {
        plan::Analysis::Markov(Measure::Mean)
    });
    analyses.extend(picture.analyses());
    admit(game, &analyses, limits)
}

/// Whether the fewest-rolls search plays the game with these dice to pick
/// from: it plays optional jumps as a choice of its own, but rolls the
/// rules' die alone, and is left out where the library refuses it.
fn searches(game: &Game, dice: &[snl::Die]) -> bool {
    plan::honoured_choosing(game, dice, &[plan::Analysis::Shortest(Search::Solve)]).is_ok()
}

/// Refuses a colouring of the squares (every overlay but the plain one)
/// of a game it would not play: the colourings are of a game that takes
/// every jump and rolls the rules' die.
fn refuse_overlay(game: &Game, choice: &Choosing, overlay: Overlay) -> Result<(), ApiError> {
    if overlay != Overlay::Plain {
        if !game.rules().optional.is_none() {
            return Err(ApiError::Query(format!(
                "overlay: the colourings of the squares are of a game that takes every jump, and these rules let a player decline {} (`optional: {}`); use `overlay=plain`",
                optional_noun(game.rules().optional),
                game.rules().optional
            )));
        }
        if let Err(why) =
            plan::honoured_choosing(game, &choice.dice, &[plan::Analysis::Markov(Measure::Mean)])
        {
            return Err(ApiError::Query(format!(
                "overlay: the colourings of the squares are of a game that rolls the rules' die: {why}; use `overlay=plain`"
            )));
        }
    }
    Ok(())
}

/// With dice to pick from, the die the best play picks on each square, to
/// be written on it; none otherwise.
fn die_notes(expect: &ExpectAnswer) -> Vec<String> {
    expect
        .policy
        .as_ref()
        .and_then(|p| {
            let by_square = p.die_by_square.as_ref()?;
            Some(by_square.iter().map(|&d| p.dice[d].clone()).collect())
        })
        .unwrap_or_default()
}

/// "ladders", "snakes" or "jumps": what `optional` lets a player decline.
fn optional_noun(optional: snl::Optional) -> &'static str {
    match optional {
        snl::Optional::Ladders => "ladders",
        snl::Optional::Snakes => "snakes",
        _ => "jumps",
    }
}

/// The races of [`RACE_PLAYERS`], or, when they cannot play the rules
/// ([`plan::honoured`]), none and why.
fn races_of(
    game: &Game,
    header: &dyn Fn() -> Header,
    stats: Option<&Stats>,
    ctl: &Control,
    limits: &StudioLimits,
) -> Result<(Vec<RaceAnswer>, Option<LeftOut>), ApiError> {
    let race_analyses: Vec<plan::Analysis> = RACE_PLAYERS
        .iter()
        .map(|&players| plan::Analysis::Race { players })
        .collect();
    if let Err(why) = plan::honoured(game, &race_analyses) {
        let left_out = LeftOut {
            fields: vec!["race".to_string()],
            reason: snl::answer::LeftOutReason::Choice,
            message: why.to_string(),
        };
        return Ok((Vec::new(), Some(left_out)));
    }
    let from_each: Vec<Vec<u32>> = RACE_PLAYERS
        .iter()
        .map(|&k| vec![game.start(); k])
        .collect();
    let from_each: Vec<&[u32]> = from_each.iter().map(Vec::as_slice).collect();
    // Without the bonus rule a turn is one roll: the races follow the
    // distribution just computed instead of computing it again (where it
    // was followed: a race follows its own as far as it can).
    let known = match (game.rules().bonus, stats) {
        (None, Some(stats)) if stats.skipped.is_none() => {
            vec![(game.start(), stats.distribution.clone())]
        }
        _ => Vec::new(),
    };
    let race = snl::race::races_with(game, &from_each, known, ctl)
        .map_err(|e| match e {
            RaceError::Limit(e) => ApiError::limit(e, limits),
            e => ApiError::Analysis(e.to_string()),
        })?
        .iter()
        .zip(&from_each)
        .map(|(race, from)| RaceAnswer::new(header(), from, race))
        .collect();
    Ok((race, None))
}

/// The board picture a request asks for: with a path unless told not to,
/// or unless the search is left out (`searched` false: the path is one of
/// the rules' die).
fn picture_options(options: &Options, searched: bool) -> render::Options {
    render::Options {
        path: searched && options.path.unwrap_or(true),
        overlay: options.overlay,
        width: options.width,
    }
}

/// The board picture (with where its squares are; the jumps of
/// `declined` faded, and `notes` written on their squares) and the game-length plot, or why there is none; the
/// picture's analyses (the heat map's
/// solve) run under `ctl`, and stop with the request.
fn draw(
    game: &Game,
    (label, declined, notes): (&str, &[u32], Vec<String>),
    picture: &render::Options,
    stats: Option<&snl::markov::Stats>,
    min_rolls: Option<u32>,
    ctl: &Control,
    limits: &StudioLimits,
) -> Result<(String, Layout, Result<String, String>), ApiError> {
    let picture = render::board_picture_with(game, label, picture, ctl)
        .map_err(|e| match e {
            DrawError::NoColumns => ApiError::Query(format!("width: {e}")),
            DrawError::Limit(e) | DrawError::Markov(MarkovError::Limit(e)) => {
                ApiError::limit(e, limits)
            }
            e => ApiError::Analysis(e.to_string()),
        })?
        .declined(declined)
        .notes(notes);
    let layout = picture.layout();
    let svg = picture.to_svg();
    // The best play of a choice that is no plain game has no distribution.
    let Some(stats) = stats else {
        return Ok((svg, layout, Err(String::new())));
    };
    let plot = match LengthPlot::new(&stats.distribution)
        .mean(stats.mean)
        .fewest(min_rolls)
        .title(&format!("{label}: how many rolls a game takes"))
        .to_svg()
    {
        Ok(svg) => Ok(svg),
        Err(e @ (DrawError::NeverEnds | DrawError::Unresolved { .. })) => Err(e.to_string()),
        Err(e) => return Err(ApiError::Analysis(e.to_string())),
    };
    Ok((svg, layout, plot))
}

/// A built-in board as the page lists it (`GET /api/presets`).
#[derive(Debug, Clone, Serialize)]
pub struct PresetJson {
    /// The name `--preset` takes.
    pub name: &'static str,
    /// What the menu shows.
    pub title: &'static str,
    /// Where the board comes from.
    pub source: &'static str,
    /// The board file, as JSON.
    pub board: serde_json::Value,
}

/// The built-in boards ([`snl::presets::all`]), as the page lists them.
pub fn presets() -> Vec<PresetJson> {
    snl::presets::all()
        .iter()
        .map(|p| PresetJson {
            name: p.name,
            title: p.title,
            source: p.source,
            board: serde_json::from_str(p.text).unwrap_or_else(|_| p.text.into()),
        })
        .collect()
}

/// The one-page report of a board (`POST /api/report`), as `snl report`
/// writes it, with [`StudioLimits::analysis_time`] from now to do it in.
///
/// # Errors
///
/// As [`report_with`].
pub fn report(body: &[u8], limits: &StudioLimits) -> Result<String, ApiError> {
    let cancel = Cancel::new().with_timeout(limits.analysis_time);
    report_with(body, limits, &cancel)
}

/// The one-page report of a board under `cancel`, as `snl report` writes
/// it: refused before anything is computed when one of its analyses
/// ([`snl_draw::report::ANALYSES`]) is over [`StudioLimits::budget`] (see
/// [`admit`]), then each analysis run under the budget and `cancel`, so
/// that the report stops when the request is abandoned or its deadline
/// passes, as [`analyse_with`] stops.
///
/// # Errors
///
/// As [`read`] and [`playable`]; [`ApiError::OverBudget`] for a report
/// whose analyses are over the budget; [`ApiError::Stopped`] when `cancel`
/// stopped it; [`ApiError::Analysis`] when the page cannot be written.
pub fn report_with(
    body: &[u8],
    limits: &StudioLimits,
    cancel: &Cancel,
) -> Result<String, ApiError> {
    let p = playable(read(body, &Options::default(), limits)?)?;
    admit(&p.game, &snl_draw::report::ANALYSES, limits)?;
    let ctl = Control {
        cancel: cancel.clone(),
        budget: limits.budget,
    };
    let name = p
        .read
        .parsed
        .name
        .as_deref()
        .unwrap_or("Snakes and Ladders board");
    snl_draw::report::Report::compute_with(&p.game, name, &ctl)
        .map_err(|e| ApiError::limit(e, limits))?
        .to_html()
        .map_err(|e| ApiError::Analysis(e.to_string()))
}

/// The board written in `format`, with its rules where the form holds them.
///
/// # Errors
///
/// As [`read`] and [`playable`]; [`ApiError::Query`] for a grid of a board
/// whose size is not a perfect square.
pub fn convert(
    body: &[u8],
    options: &Options,
    to: Format,
    limits: &StudioLimits,
) -> Result<String, ApiError> {
    // Writing a board down plays nothing: any rule is written as it is.
    let read = read(body, options, limits)?;
    let game = check::playable_choosing(&read.parsed.spec, read.rules.clone()).map_err(|e| {
        ApiError::Unplayable {
            message: e.to_string(),
            check: Box::new(check_json(&read, &e.errors)),
        }
    })?;
    input::write(game.board(), Some(&read.rules), to).map_err(|e| ApiError::Query(e.to_string()))
}

/// `snl check --json` for a read board.
fn check_json(read: &Read, diagnostics: &[Diagnostic]) -> serde_json::Value {
    let header = Header::of_spec(read.parsed.name.as_deref(), &read.parsed.spec, &read.rules);
    serde_json::to_value(CheckAnswer::new(header, diagnostics)).unwrap_or_default()
}

/// The answer of `/api/analyse`, as JSON.
#[derive(Debug, Serialize)]
pub struct AnalysisJson<'a> {
    /// As `snl check --json` prints it.
    pub check: &'a CheckAnswer,
    /// As `snl solve --json` prints it; `null` when left out (with dice to
    /// pick from: see `left_out`).
    pub solve: Option<&'a SolveAnswer>,
    /// As `snl expect --json` prints it (with `--choose-die` for each of
    /// `choose_dice`: the policy gives the dice and `die_by_square`).
    pub expect: &'a ExpectAnswer,
    /// As `snl expect --goal within:K --json` prints it, under
    /// `goal=within:K`; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within: Option<&'a snl::answer::WithinAnswer>,
    /// As `snl race --players K --json` prints it, for K = 2, 3, 4; empty
    /// when left out.
    pub race: &'a [RaceAnswer],
    /// The analyses left out because they cannot honour the rules
    /// (`{"fields": ["race"], "reason": "choice", "message"}` when jumps
    /// may be declined, `["solve", "race"]` with dice to pick from);
    /// absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_out: Option<&'a LeftOut>,
    /// The board as read: its form, its name, and the board file in the
    /// pairs form with its rules (what the studio edits).
    pub input: InputJson<'a>,
    /// The board picture (SVG).
    pub svg: &'a str,
    /// Where the squares are in `svg`.
    pub layout: Layout,
    /// The game-length plot (SVG); `null` when no game ends, or the
    /// distribution was not followed far enough to draw it.
    pub plot: Option<&'a str>,
    /// Why `plot` is `null`; `null` when there is a plot.
    pub plot_note: Option<&'a str>,
}

/// The board as read.
#[derive(Debug, Serialize)]
pub struct InputJson<'a> {
    /// The form it was written in.
    pub format: &'static str,
    /// Its name, if the file gives one.
    pub name: Option<&'a str>,
    /// The board in the pairs form, rules included.
    pub pairs: serde_json::Value,
}

impl<'a> From<&'a Analysis> for AnalysisJson<'a> {
    fn from(a: &'a Analysis) -> AnalysisJson<'a> {
        let read = &a.playable.read;
        let pairs = input::to_pairs_json(a.playable.game.board(), Some(&read.rules));
        AnalysisJson {
            check: &a.check,
            solve: a.solve.as_ref(),
            expect: &a.expect,
            within: a.within.as_ref(),
            race: &a.race,
            left_out: a.left_out.as_ref(),
            input: InputJson {
                format: read.parsed.format.name(),
                name: read.parsed.name.as_deref(),
                pairs: serde_json::from_str(&pairs).unwrap_or(serde_json::Value::Null),
            },
            svg: &a.svg,
            layout: a.layout,
            plot: a.plot.as_deref(),
            plot_note: a.plot_note.as_deref(),
        }
    }
}
