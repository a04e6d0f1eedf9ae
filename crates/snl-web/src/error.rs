//! The one error type of the server, and how each error becomes a response:
//! a status and `{"error": "..."}`, where the message is the one `snl`
//! prints for the same board on the command line.

#[cfg(feature = "server")]
use axum::Json;
#[cfg(feature = "server")]
use axum::http::{HeaderValue, StatusCode, header};
#[cfg(feature = "server")]
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Why a request was not answered.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// The body is not a board in any form `snl` reads.
    #[error("{0}")]
    Unreadable(#[from] snl::ParseError),
    /// The board is read but cannot be played: the message is its first
    /// problem, and `check` lists them all (the answer of `snl check`).
    #[error("{message}")]
    Unplayable {
        /// The first problem, as `snl solve` reports it.
        message: String,
        /// Every error and warning, as `snl check --json` prints them.
        check: Box<serde_json::Value>,
    },
    /// A query parameter that cannot be used.
    #[error("{0}")]
    Query(String),
    /// The board is larger than live analysis allows.
    #[error(
        "the board has {squares} squares; the studio analyses boards of up to {limit} squares \
         live; for this one use the command line (`snl solve`, `snl expect`, `snl race`), which \
         has no such limit"
    )]
    TooBig {
        /// The board's squares.
        squares: u64,
        /// The limit.
        limit: u64,
    },
    /// An analysis of the board would take more memory or work than
    /// [`crate::StudioLimits::budget`] allows, by the library's estimate made
    /// before it starts (or refined once the board's shape is known).
    #[error(
        "{0}; the studio answers a board live only within that budget: use the command line \
         for this one (`snl solve`, `snl expect`, `snl race`)"
    )]
    OverBudget(snl::limits::LimitError),
    /// The analysis ran past [`crate::StudioLimits::analysis_time`] and was
    /// stopped.
    #[error(
        "the analysis took longer than {seconds} seconds, the most the studio gives a live \
         answer, and was stopped; use the command line for this board (`snl solve`, \
         `snl expect`, `snl race`)"
    )]
    Stopped {
        /// The time allowed, in seconds, as people write it (`15`, `0.05`).
        seconds: String,
    },
    /// More requests are waiting for an analysis slot than
    /// [`crate::StudioLimits::queued`] allows.
    #[error(
        "the studio is busy: {requests} requests are waiting for an analysis or running one; \
         try again in a moment"
    )]
    Busy {
        /// The most requests waiting or running.
        requests: usize,
    },
    /// The server is stopping: the analysis was stopped.
    #[error("the studio's server is stopping; the analysis was stopped")]
    Stopping,
    /// The analysis cannot give an answer (the library refused the board's
    /// size or rules, or its computation did not settle).
    #[error("{0}")]
    Analysis(String),
    /// The analysis stopped unexpectedly (a bug: reported, never a crash).
    #[error("the analysis stopped unexpectedly: {0}")]
    Internal(String),
}

/// The body of every error response.
#[derive(Debug, Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    check: Option<&'a serde_json::Value>,
}

impl ApiError {
    /// The HTTP status this error is answered with, as its number: 400 for
    /// the request's fault, 422 for a board too big to answer live, 503
    /// for an analysis stopped or a server busy or stopping, 500 for a
    /// bug. Every engine of the page gives it this number, served or not.
    pub fn code(&self) -> u16 {
        match self {
            ApiError::Unreadable(_) | ApiError::Unplayable { .. } | ApiError::Query(_) => 400,
            ApiError::TooBig { .. } | ApiError::OverBudget(_) | ApiError::Analysis(_) => 422,
            ApiError::Stopped { .. } | ApiError::Busy { .. } | ApiError::Stopping => 503,
            ApiError::Internal(_) => 500,
        }
    }

    /// The status this error is answered with.
    #[cfg(feature = "server")]
    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.code()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    /// The body this error is answered with: `{"error": ...}`, and `check`
    /// (what `snl check --json` prints) for a board that cannot be played.
    pub fn to_json(&self) -> serde_json::Value {
        let message = self.to_string();
        let check = match self {
            ApiError::Unplayable { check, .. } => Some(&**check),
            _ => None,
        };
        serde_json::to_value(ErrorBody {
            error: &message,
            check,
        })
        .unwrap_or_default()
    }
}

impl ApiError {
    /// The error for a refusal or a stop of the library's limits: a stop
    /// (the deadline of `limits`, or the request abandoned) is
    /// [`ApiError::Stopped`], anything else [`ApiError::OverBudget`].
    pub fn limit(e: snl::limits::LimitError, limits: &crate::StudioLimits) -> ApiError {
        if e.is_stop() {
            ApiError::Stopped {
                seconds: seconds(limits.analysis_time),
            }
        } else {
            ApiError::OverBudget(e)
        }
    }
}

impl ApiError {
    /// The error of one of the library's questions (`snl::plan`), the one
    /// place the studio maps them: a limit as [`ApiError::limit`] maps it,
    /// a board that cannot be played with its check (`check`, as `snl
    /// check --json` prints it), too many dice to pick from as the query's
    /// fault, anything else as the library words it.
    pub fn of_question(
        e: &snl::plan::Error,
        limits: &crate::StudioLimits,
        check: impl FnOnce(&snl::check::Unplayable) -> serde_json::Value,
    ) -> ApiError {
        if let Some(limit) = e.limit() {
            return ApiError::limit(limit.clone(), limits);
        }
        if let Some(unplayable) = e.unplayable() {
            return ApiError::Unplayable {
                message: e.to_string(),
                check: Box::new(check(unplayable)),
            };
        }
        if let Some(too_many @ snl::choice::ChoiceError::TooManyDice(_)) =
            e.get_ref().downcast_ref::<snl::choice::ChoiceError>()
        {
            return ApiError::Query(format!("choose_dice: {too_many}"));
        }
        // The part of the answer, by the option that asked for it.
        match e.part() {
            Some(snl::plan::Part::Exact) => ApiError::Analysis(format!("exact: {e}")),
            Some(snl::plan::Part::BestWithin) => ApiError::Analysis(format!("goal: {e}")),
            _ => ApiError::Analysis(e.to_string()),
        }
    }
}

/// A duration in seconds as people write it: `15`, `0.05`.
fn seconds(d: std::time::Duration) -> String {
    if d.subsec_nanos() == 0 {
        d.as_secs().to_string()
    } else {
        format!("{}", d.as_secs_f64())
    }
}

#[cfg(feature = "server")]
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status(), Json(self.to_json())).into_response()
    }
}

/// A JSON error body for a response that a limit layer (body size, time,
/// an unknown path) made with a bare status, so that every error of the
/// API reads alike.
#[cfg(feature = "server")]
pub(crate) fn bare_status(status: StatusCode, limits: &crate::StudioLimits) -> Response {
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => format!(
            "the request body is larger than {} bytes; the studio reads boards of up to that \
             size (use the command line for larger files)",
            limits.body_bytes
        ),
        StatusCode::SERVICE_UNAVAILABLE | StatusCode::REQUEST_TIMEOUT => format!(
            "the server is busy or the analysis took longer than {} seconds; try again, or use \
             the command line",
            limits.timeout.as_secs()
        ),
        StatusCode::NOT_FOUND => {
            "there is nothing here; the studio is at / and its API under /api".to_string()
        }
        StatusCode::METHOD_NOT_ALLOWED => {
            "this path does not take that method; the API is described in snl's guide \
             (docs/guide.md, \"Studio: design a board in the browser\")"
                .to_string()
        }
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            "send the board as the body, as text or JSON".to_string()
        }
        other => other
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_lowercase(),
    };
    let mut response = (
        status,
        Json(ErrorBody {
            error: &message,
            check: None,
        }),
    )
        .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
