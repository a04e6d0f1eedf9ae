//! The rolls until the pawn first rests on chosen squares, or first takes a
//! chosen jump (`POST /api/target`), for the studio's Aim panel: the
//! answers of `snl expect --target SQUARES --json` and `snl expect --via
//! FROM-TO --json`.
//!
//! ```
//! use snl_web::target::{self, TargetOptions};
//!
//! let body = br#"{"squares": 20, "ladders": [[2, 19]], "snakes": [[9, 2]]}"#;
//! let options = TargetOptions { target: Some("15..17".into()), ..TargetOptions::default() };
//! let answer = target::target(body, &options, &snl_web::StudioLimits::default())?;
//! assert_eq!(answer["target"][0], serde_json::json!([15, 17]));
//! assert!(answer["chance"].as_f64().unwrap() > 0.5);
//!
//! let options = TargetOptions { via: Some("9-2".into()), ..TargetOptions::default() };
//! let answer = target::target(body, &options, &snl_web::StudioLimits::default())?;
//! assert_eq!(answer["kind"], "snake");
//! # Ok::<(), snl_web::ApiError>(())
//! ```

use serde::Deserialize;
use snl::answer::{Header, TargetAnswer, ViaAnswer};
use snl::limits::{Cancel, Control};
use snl::markov::target::{jump_from, squares_from};
use snl::plan::{self, TargetQuery};

use crate::StudioLimits;
use crate::analyse::{self, Options};
use crate::error::ApiError;

/// The query of `/api/target`: the squares or the jump asked about, and
/// the board's form, as `/api/analyse` reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetOptions {
    /// The squares to aim at, as `snl expect --target` reads them
    /// (`50..60,80`).
    pub target: Option<String>,
    /// The jump asked about, as `snl expect --via` reads it (`47-26`).
    pub via: Option<String>,
    /// The rolls to give the chance within, comma-separated (`10,20`).
    pub within: Option<String>,
    /// The board's form, as `/api/analyse` reads it.
    pub format: Option<String>,
    /// The number of squares of a pairs-text board.
    pub squares: Option<u64>,
}

/// The answer about a request's board, with
/// [`StudioLimits::analysis_time`] from now to make it in.
///
/// # Errors
///
/// As [`target_with`].
pub fn target(
    body: &[u8],
    options: &TargetOptions,
    limits: &StudioLimits,
) -> Result<serde_json::Value, ApiError> {
    let cancel = Cancel::new().with_timeout(limits.analysis_time);
    target_with(body, options, limits, &cancel)
}

/// The answer about a request's board under `cancel`, as JSON: that of
/// `snl expect --target --json` for `target`, of `snl expect --via --json`
/// for `via`.
///
/// # Errors
///
/// [`ApiError::Query`] for neither or both of `target` and `via`, or one
/// that cannot be read; as [`analyse::read`] and [`analyse::subject`]; the
/// library's refusals (squares off the board or where no pawn rests, a jump
/// not on the board, jumps that may be declined, over the budget).
pub fn target_with(
    body: &[u8],
    options: &TargetOptions,
    limits: &StudioLimits,
    cancel: &Cancel,
) -> Result<serde_json::Value, ApiError> {
    let within = within(options.within.as_deref())?;
    let read_options = Options {
        format: options.format.clone(),
        squares: options.squares,
        ..Options::default()
    };
    let read = analyse::read(body, &read_options, limits)?;
    let subject = analyse::subject(&read)?;
    let ctl = Control {
        cancel: cancel.clone(),
        budget: limits.budget,
    };
    let header = Header::of_subject(&subject);
    let fail = |e: plan::Error| analyse::question_error(&e, &read, limits);
    let json = match (&options.target, &options.via) {
        (Some(squares), None) => {
            let query = TargetQuery {
                squares: squares_from(squares).map_err(|e| ApiError::Query(e.to_string()))?,
            };
            let (target, hit) = plan::target(&subject, &query, &ctl).map_err(fail)?;
            serde_json::to_value(TargetAnswer::new(header, &target, &hit, &within))
        }
        (None, Some(jump)) => {
            let jump = jump_from(jump).map_err(|e| ApiError::Query(e.to_string()))?;
            let via = plan::via(&subject, jump, &ctl).map_err(fail)?;
            serde_json::to_value(ViaAnswer::new(header, jump, &via, &within))
        }
        _ => {
            return Err(ApiError::Query(
                "ask about squares or a jump: `target=50..60` or `via=47-26`, one of them"
                    .to_string(),
            ));
        }
    };
    json.map_err(|e| ApiError::Internal(e.to_string()))
}

/// `within`'s rolls: numbers separated by commas.
fn within(text: Option<&str>) -> Result<Vec<usize>, ApiError> {
    let Some(text) = text.filter(|t| !t.trim().is_empty()) else {
        return Ok(Vec::new());
    };
    text.split(',')
        .map(|k| {
            k.trim().parse::<usize>().map_err(|_| {
                ApiError::Query(format!(
                    "within: {:?} is not a number of rolls; write them as 10,20",
                    k.trim()
                ))
            })
        })
        .collect()
}
