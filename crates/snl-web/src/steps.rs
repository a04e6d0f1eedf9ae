//! A board's analyses step by step (`POST /api/steps`): the fewest-rolls
//! search frontier by frontier, and the game with a real die roll by roll
//! (or, under a choice, the best play round by round), for the studio's
//! Step mode.
//!
//! ```
//! use snl_web::steps::{self, StepsOptions};
//!
//! let body = br#"{"squares": 20, "ladders": [[2, 19]], "snakes": [[9, 2]]}"#;
//! let options = StepsOptions { of: "search".into(), ..StepsOptions::default() };
//! let answer = steps::steps(body, &options, &snl_web::StudioLimits::default())?;
//! let json = serde_json::to_value(&answer).unwrap();
//! assert_eq!(json["kind"], "search");
//! assert_eq!(json["min_rolls"], 2);
//!
//! // A stretch of the game roll by roll: rolls 3 to 5.
//! let options = StepsOptions { of: "game".into(), rolls: Some(5), from: Some(3), ..StepsOptions::default() };
//! let answer = steps::steps(body, &options, &snl_web::StudioLimits::default())?;
//! let json = serde_json::to_value(&answer).unwrap();
//! assert_eq!(json["steps"][0]["rolls"], 3);
//! assert_eq!(json["steps"].as_array().unwrap().len(), 3);
//! # Ok::<(), snl_web::ApiError>(())
//! ```

use serde::Deserialize;
use snl::answer::StepsAnswer;
use snl::limits::{Cancel, Control};
use snl::plan::{self, KeptWalk, StepsAsk, StepsOf, StepsQuery};

use crate::StudioLimits;
use crate::analyse::{self, Options};
use crate::error::ApiError;

/// The query of `/api/steps`: the board's form, as `/api/analyse` reads
/// it, and which steps.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepsOptions {
    /// `search` (the fewest-rolls search), `game` (the game with a real
    /// die roll by roll, or the best play round by round under a choice)
    /// or `equation` (the first-step equation of `square`).
    pub of: String,
    /// The rolls the game is shown for, without a choice
    /// ([`plan::STEP_ROLLS`] unless told; refused under a choice).
    pub rolls: Option<u32>,
    /// The square of `of=equation`.
    pub square: Option<u32>,
    /// The first step given (0 unless told): the page asks for a long
    /// game's steps a stretch at a time, each step of a 10,000-square
    /// board being tens of kilobytes of JSON. The best play's rounds are
    /// given whole.
    pub from: Option<u32>,
    /// The dice picked from, as `/api/analyse` reads them.
    pub choose_dice: Option<String>,
    /// The board's form, as `/api/analyse` reads it.
    pub format: Option<String>,
    /// The number of squares of a pairs-text board.
    pub squares: Option<u64>,
}

/// The steps of a request's board, with [`StudioLimits::analysis_time`]
/// from now to make them in.
///
/// # Errors
///
/// As [`steps_with`].
pub fn steps(
    body: &[u8],
    options: &StepsOptions,
    limits: &StudioLimits,
) -> Result<StepsAnswer, ApiError> {
    let cancel = Cancel::new().with_timeout(limits.analysis_time);
    steps_with(body, options, limits, &cancel, &mut KeptWalk::default())
}

/// The steps of a request's board under `cancel`: the answer of `snl
/// solve --steps --json` or `snl expect --steps --json`, with `kind`
/// (`search`, `rolls` or `rounds`), its steps from [`StepsOptions::from`]
/// on. The game roll by roll carries on from the walk `kept` holds where
/// it can ([`plan::steps_kept`]): the page asks for a long game a stretch
/// after another, and each then takes its own rolls only. Written
/// straight to JSON by the caller: as a `serde_json::Value` first, a
/// stretch of 25 steps of a 10,000-square board took four times as long,
/// a small object for every chance of every square.
///
/// # Errors
///
/// As [`analyse::read`] and [`analyse::subject`]; [`ApiError::Query`] for
/// an unknown `of`; the library's refusals (over the budget, too many
/// steps, the search with dice to pick from).
pub fn steps_with(
    body: &[u8],
    options: &StepsOptions,
    limits: &StudioLimits,
    cancel: &Cancel,
    kept: &mut KeptWalk,
) -> Result<StepsAnswer, ApiError> {
    let read_options = Options {
        format: options.format.clone(),
        squares: options.squares,
        choose_dice: options.choose_dice.clone(),
        ..Options::default()
    };
    let of = match options.of.as_str() {
        "search" => StepsOf::Search,
        "game" => StepsOf::Game {
            rolls: options.rolls,
        },
        "equation" => StepsOf::Equation {
            square: options.square.ok_or_else(|| {
                ApiError::Query("of=equation needs the square: `square=N`".to_string())
            })?,
        },
        other => {
            return Err(ApiError::Query(format!(
                "of: `{other}` is not one of the steps shown: `search`, `game` or `equation`"
            )));
        }
    };
    let dice = read_options.choosing()?.dice;
    let read = analyse::read(body, &read_options, limits)?;
    let subject = analyse::subject(&read)?;
    let ctl = Control {
        cancel: cancel.clone(),
        budget: limits.budget,
    };
    let ask = StepsAsk {
        of,
        dice,
        query: StepsQuery::default(),
        from: options.from.unwrap_or(0),
    };
    let told = plan::steps_kept(&subject, &ask, &ctl, kept)
        .map_err(|e| analyse::question_error(&e, &read, limits))?;
    Ok(StepsAnswer::new(&subject, &told))
}
