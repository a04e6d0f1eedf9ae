//! The Design panel's search: boards that meet targets, found by
//! [`snl::design::search`] as `snl design` finds them.
//!
//! The request holds the board being edited (for its size and rules, and
//! to tune) and the search, a [`DesignQuery`]: its ranges are written as on
//! the command line. The answer is a [`DesignAnswer`], as `snl design
//! --json` prints it: each board a board file with its name and rules,
//! ready for the editor, with its figures by the plain analyses.
//!
//! ```
//! use snl_web::design;
//!
//! let body = br#"{"board": {"squares": 30},
//!     "design": {"ladders": "2", "snakes": "2", "mean": "9..11", "no_trap": true, "seed": 1}}"#;
//! let answer = design::design(body, &snl_web::StudioLimits::default())?;
//! let found = &answer.boards[0];
//! assert!(found.meets);
//! let mean = found.figures.mean.unwrap();
//! assert!((9.0..=11.0).contains(&mean));
//! assert_eq!(found.board.ladders.len(), 2);
//! # Ok::<(), snl_web::ApiError>(())
//! ```

use std::time::Duration;

use serde::Deserialize;
use snl::answer::design::{DesignAnswer, DesignQuery, default_name};
use snl::design::DesignError;
use snl::limits::{Cancel, Control};

use crate::StudioLimits;
use crate::analyse::{self, Options};
use crate::error::ApiError;

/// How long a search runs when the request does not say: as `snl design`.
pub const DEFAULT_SECONDS: f64 = 5.0;

/// The most boards one request may ask for.
pub const MAX_COUNT: usize = 20;

/// The body of `POST /api/design`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignBody {
    /// The board being edited, in any form `snl` reads: a JSON board file
    /// (the studio sends the pairs form with its rules) or, as a string,
    /// any text form. A fresh design takes its size and rules; `tune`
    /// starts from it.
    pub board: serde_json::Value,
    /// The search: what its boards may be and the targets they must meet.
    #[serde(default)]
    pub design: DesignQuery,
}

/// The longest a search may run: half of [`StudioLimits::analysis_time`], so
/// that the boards it finds are measured and sent in time.
pub fn most_seconds(limits: &StudioLimits) -> f64 {
    limits.analysis_time.as_secs_f64() / 2.0
}

/// Reads a design request and runs its search, with
/// [`StudioLimits::analysis_time`] from now.
///
/// # Errors
///
/// As [`design_with`].
pub fn design(body: &[u8], limits: &StudioLimits) -> Result<DesignAnswer, ApiError> {
    let cancel = Cancel::new().with_timeout(limits.analysis_time);
    design_with(body, limits, &cancel)
}

/// Reads a design request and runs its search under `cancel`: the search
/// stops at its own time (the request's `time`, at most
/// [`most_seconds`]) or when `cancel` stops it, and answers with what it
/// found by then (a board found is measured in full within a grace past
/// the search's time, see [`snl::design::search`]).
///
/// # Errors
///
/// [`ApiError::Query`] for a body or field that does not read, a `time` or
/// `count` out of range, and a request no board can meet (with every
/// reason); the errors of [`analyse::read`] for the board, and of
/// [`analyse::playable`] when tuning it; [`ApiError::OverBudget`] when the
/// search's estimate is over [`StudioLimits::budget`].
pub fn design_with(
    body: &[u8],
    limits: &StudioLimits,
    cancel: &Cancel,
) -> Result<DesignAnswer, ApiError> {
    let body: DesignBody =
        serde_json::from_slice(body).map_err(|e| ApiError::Query(format!("the request: {e}")))?;
    let q = &body.design;
    let most = most_seconds(limits);
    let seconds = q.time.unwrap_or(DEFAULT_SECONDS.min(most));
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= most) {
        return Err(ApiError::Query(format!(
            "design.time: {seconds} is not a number of seconds above 0 and at most {most}, \
             the longest the studio searches (the command line, `snl design --time`, has no \
             such limit)"
        )));
    }
    if let Some(count) = q.count
        && !(1..=MAX_COUNT).contains(&count)
    {
        return Err(ApiError::Query(format!(
            "design.count: {count} boards; the studio finds 1 to {MAX_COUNT} at a time"
        )));
    }
    let text = match &body.board {
        serde_json::Value::String(s) => s.clone().into_bytes(),
        other => other.to_string().into_bytes(),
    };
    let read = analyse::read(&text, &Options::default(), limits)?;
    let squares = u32::try_from(read.parsed.spec.squares).map_err(|_| ApiError::TooBig {
        squares: read.parsed.spec.squares,
        limit: limits.live_squares,
    })?;
    let name = read.parsed.name.clone();
    let (request, tuned) = if q.tune {
        let p = analyse::playable(read)?;
        let request = q
            .request(squares, p.read.rules.clone(), Some(p.game.board()))
            .map_err(|e| ApiError::Query(format!("design.{e}")))?;
        (request, Some(name.unwrap_or_else(|| "board".to_string())))
    } else {
        let request = q
            .request(squares, read.rules.clone(), None)
            .map_err(|e| ApiError::Query(format!("design.{e}")))?;
        (request, None)
    };
    let ctl = Control {
        cancel: cancel.with_timeout(Duration::from_secs_f64(seconds)),
        budget: limits.budget,
    };
    let found = snl::design::search(&request, &ctl, &mut |_| {}).map_err(|e| match e {
        DesignError::Impossible(_) => ApiError::Query(e.to_string()),
        DesignError::Limit(e) => ApiError::limit(e, limits),
        e => ApiError::Analysis(e.to_string()),
    })?;
    let name = default_name(request.seed, tuned.as_deref());
    Ok(DesignAnswer::new(&request, &found, &name))
}
