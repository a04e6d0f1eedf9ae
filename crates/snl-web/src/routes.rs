//! The router: each handler is a few lines that hand the request to
//! [`crate::analyse`]; the limits are layers, set here in one place.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router, middleware};
use serde::Deserialize;
use tokio::sync::{Semaphore, watch};
use tower::ServiceBuilder;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::analyse::{self, Options};
use crate::design::design_with;
use crate::error::{ApiError, bare_status};
use crate::{Config, StudioLimits, assets};
use snl::limits::Cancel;
use snl::plan::KeptWalk;

/// What every handler shares: the limits, and the slots for analyses.
#[derive(Debug)]
struct Shared {
    limits: StudioLimits,
    initial: Option<String>,
    /// One permit per analysis that may run. A permit is held by the
    /// blocking task itself, so an analysis whose request timed out still
    /// holds its slot until it ends: abandoned work cannot pile up.
    work: Arc<Semaphore>,
    /// One permit per request that has its body and waits for a slot or
    /// holds one ([`StudioLimits::queued`]); without one, 503 at once.
    queue: Arc<Semaphore>,
    /// Turns true when the server stops: the analyses in progress stop and
    /// their requests get 503.
    stopping: watch::Receiver<bool>,
    /// The Step panel's latest walk roll by roll, for its next stretch
    /// (taken out while a request works on it: two at once walk apart).
    walk: Mutex<KeptWalk>,
}

type AppState = Arc<Shared>;

/// The page may load only what the server itself serves; the pictures are
/// inline SVG. The report is a page of its own with inline styles and an
/// inline font, and no script.
const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
img-src 'self' data: blob:; connect-src 'self'; font-src 'self' data:; form-action 'self'; \
base-uri 'none'; frame-ancestors 'none'";
const REPORT_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; font-src data:; \
img-src data:; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/// The studio's router, with every limit of `limits`.
///
/// Tests call it without a socket (`tower::ServiceExt::oneshot`); [`crate::serve`]
/// serves it.
pub fn router(config: Config) -> Router {
    app(config).0
}

/// The router, and the sender that stops its analyses (sending `true`).
pub(crate) fn app(config: Config) -> (Router, watch::Sender<bool>) {
    let limits = config.limits;
    let (stop, stopping) = watch::channel(false);
    let state = Arc::new(Shared {
        work: Arc::new(Semaphore::new(limits.concurrent.max(1))),
        queue: Arc::new(Semaphore::new(limits.queued.max(limits.concurrent).max(1))),
        limits: limits.clone(),
        initial: config.initial,
        stopping,
        walk: Mutex::default(),
    });
    // The slots are taken in `run`, once a request's body is read.
    let work = Router::new()
        .route("/api/analyse", post(analyse))
        .route("/api/convert", post(convert))
        .route("/api/report", post(report))
        .route("/api/design", post(design))
        .route("/api/steps", post(steps))
        .route("/api/target", post(target));
    let errors_state = state.clone();
    let router = Router::new()
        .route("/", get(page))
        .route("/static/{file}", get(asset))
        .route("/api/presets", get(presets))
        .route("/api/initial", get(initial))
        .merge(work)
        .fallback(not_found)
        .layer(
            ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::if_not_present(
                    header::CONTENT_SECURITY_POLICY,
                    HeaderValue::from_static(PAGE_CSP),
                ))
                .layer(SetResponseHeaderLayer::overriding(
                    header::X_CONTENT_TYPE_OPTIONS,
                    HeaderValue::from_static("nosniff"),
                ))
                .layer(SetResponseHeaderLayer::overriding(
                    header::REFERRER_POLICY,
                    HeaderValue::from_static("no-referrer"),
                ))
                // A declared length over the limit is refused before the
                // body is read; a streamed body is cut off at the limit.
                .layer(RequestBodyLimitLayer::new(limits.body_bytes))
                .layer(TimeoutLayer::with_status_code(
                    StatusCode::SERVICE_UNAVAILABLE,
                    limits.timeout,
                ))
                .layer(DefaultBodyLimit::max(limits.body_bytes)),
        )
        // Outermost (a layer of its own, so it sees axum's response type): a
        // bare error status made by a layer above gets the JSON body every
        // API error has.
        .layer(middleware::map_response(move |r: Response| {
            let limits = errors_state.limits.clone();
            async move { json_errors(r, &limits) }
        }))
        .with_state(state);
    (router, stop)
}

/// Gives a bare error response (no JSON body) the API's `{"error": ...}`.
fn json_errors(response: Response, limits: &StudioLimits) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if status.is_client_error() || status.is_server_error() {
        if is_json {
            return response;
        }
        let mut json = bare_status(status, limits);
        for (name, value) in response.headers() {
            if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                json.headers_mut().insert(name, value.clone());
            }
        }
        return json;
    }
    response
}

async fn page() -> Response {
    assets::response("index.html")
}

async fn asset(Path(file): Path<String>) -> Response {
    assets::response(&file)
}

async fn initial(State(state): State<AppState>) -> Response {
    match &state.initial {
        Some(board) => board.clone().into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    }
}

async fn not_found() -> Response {
    bare_status(StatusCode::NOT_FOUND, &StudioLimits::default())
}

async fn presets() -> Response {
    Json(analyse::presets()).into_response()
}

/// Reads the query string into `T`, with the API's error for a bad one.
fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    q.map(|Query(t)| t)
        .map_err(|e| ApiError::Query(format!("the query string: {}", e.body_text())))
}

/// Sets its token when dropped: when a request's future is dropped (its
/// client went away, or the timeout layer answered for it), the analysis
/// working for it stops and frees its slot.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// Runs `job` on the blocking pool once an analysis slot is free, with a
/// token whose deadline is [`StudioLimits::analysis_time`] after now. Called once
/// the request's body is read: a client slow to send it holds no slot.
/// When the server stops, the request is answered at once (503) and the
/// token set.
async fn run<T: Send + 'static>(
    state: &AppState,
    job: impl FnOnce(&StudioLimits, &Cancel) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let Ok(_queued) = state.queue.clone().try_acquire_owned() else {
        return Err(ApiError::Busy {
            requests: state.limits.queued,
        });
    };
    let cancel = Cancel::new().with_deadline(Instant::now() + state.limits.analysis_time);
    // Set on every way out of this function, an answer included (by then
    // the job has ended and nothing looks at the token).
    let _guard = CancelOnDrop(cancel.clone());
    let mut stopping = state.stopping.clone();
    let work = async {
        let permit = state
            .work
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        // Waiting for the slot may have used the whole time already.
        cancel
            .check()
            .map_err(|e| ApiError::limit(e, &state.limits))?;
        let limits = state.limits.clone();
        let cancel = cancel.clone();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job(&limits, &cancel)
        })
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
    };
    tokio::select! {
        answer = work => answer,
        () = stopped(&mut stopping) => Err(ApiError::Stopping),
    }
}

/// Completes when `stopping` turns true; never when nobody can stop the
/// server (a router used on its own).
pub(crate) async fn stopped(stopping: &mut watch::Receiver<bool>) {
    if stopping.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}

async fn analyse(
    State(state): State<AppState>,
    q: Result<Query<Options>, QueryRejection>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let options = query(q)?;
    let answer = run(&state, move |limits, cancel| {
        let analysis = analyse::analyse_with(&body, &options, limits, cancel)?;
        serde_json::to_vec(&analyse::AnalysisJson::from(&analysis))
            .map_err(|e| ApiError::Internal(e.to_string()))
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer).into_response())
}

async fn steps(
    State(state): State<AppState>,
    q: Result<Query<crate::steps::StepsOptions>, QueryRejection>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let options = query(q)?;
    let shared = state.clone();
    let answer = run(&state, move |limits, cancel| {
        let walk = || shared.walk.lock().unwrap_or_else(PoisonError::into_inner);
        let mut kept = std::mem::take(&mut *walk());
        let steps = crate::steps::steps_with(&body, &options, limits, cancel, &mut kept)?;
        *walk() = kept;
        serde_json::to_vec(&steps).map_err(|e| ApiError::Internal(e.to_string()))
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer).into_response())
}

async fn target(
    State(state): State<AppState>,
    q: Result<Query<crate::target::TargetOptions>, QueryRejection>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let options = query(q)?;
    let answer = run(&state, move |limits, cancel| {
        let answer = crate::target::target_with(&body, &options, limits, cancel)?;
        serde_json::to_vec(&answer).map_err(|e| ApiError::Internal(e.to_string()))
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer).into_response())
}

async fn design(State(state): State<AppState>, body: Bytes) -> Result<Response, ApiError> {
    let answer = run(&state, move |limits, cancel| {
        let answer = design_with(&body, limits, cancel)?;
        serde_json::to_vec(&answer).map_err(|e| ApiError::Internal(e.to_string()))
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer).into_response())
}

/// The query of `/api/convert`: the form to write, and how to read the body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConvertQuery {
    to: String,
    format: Option<String>,
    squares: Option<u64>,
}

async fn convert(
    State(state): State<AppState>,
    q: Result<Query<ConvertQuery>, QueryRejection>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let q = query(q)?;
    let to =
        q.to.parse::<snl::Format>()
            .map_err(|e| ApiError::Query(format!("to: {e}")))?;
    let options = Options {
        format: q.format,
        squares: q.squares,
        ..Options::default()
    };
    let text = run(&state, move |limits, _| {
        analyse::convert(&body, &options, to, limits)
    })
    .await?;
    let kind = if to == snl::Format::PairsText {
        "text/plain; charset=utf-8"
    } else {
        "application/json"
    };
    Ok(([(header::CONTENT_TYPE, kind)], text).into_response())
}

/// The field a form posts the board in (the page opens the report in a new
/// tab by posting a form).
#[derive(Debug, Deserialize)]
struct ReportForm {
    board: String,
}

async fn report(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let form = headers.get(header::CONTENT_TYPE).is_some_and(|v| {
        v.as_bytes()
            .starts_with(b"application/x-www-form-urlencoded")
    });
    let board: Vec<u8> = if form {
        serde_urlencoded::from_bytes::<ReportForm>(&body)
            .map_err(|e| ApiError::Query(format!("the form: {e}")))?
            .board
            .into_bytes()
    } else {
        body.to_vec()
    };
    let html = run(&state, move |limits, cancel| {
        analyse::report_with(&board, limits, cancel)
    })
    .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, REPORT_CSP),
        ],
        html,
    )
        .into_response())
}
