//! snl studio: a local web server where a board is designed with the mouse
//! and every answer about it is shown again after each edit.
//!
//! The server translates: a request carries a board exactly as `snl` reads
//! it from a file, the [`snl`] library answers, and [`snl_draw`] draws. It
//! holds no game logic. The page (HTML, CSS and JavaScript modules) is
//! embedded in the binary, loads nothing from elsewhere and works offline.
//!
//! The server is the crate's default feature, `server`. Without it the
//! crate is the studio's answers alone ([`analyse`] and [`error`]): the
//! static studio's WebAssembly engine (`snl-wasm`) answers the page with
//! them in the browser, with no server, so that both engines give the page
//! the same answers and the same errors.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! println!("http://{}", listener.local_addr()?);
//! snl_web::serve(listener, snl_web::Config::default(), std::future::pending()).await
//! # }
//! ```
//!
//! # The API
//!
//! - `GET /`: the studio page.
//! - `GET /api/initial`: the board the studio was started with (204 when
//!   none).
//! - `GET /api/presets`: the built-in boards, `[{"name", "title", "source",
//!   "board"}]`.
//! - `POST /api/analyse`: the body is a board in any form `snl` reads (any
//!   JSON form with its `rules`, or pairs text); the answer holds `check`,
//!   `solve` and `expect` as `snl check`, `snl solve` and `snl expect` print
//!   them with `--json`, `race` for 2 to 4 players, and the board drawn.
//! - `POST /api/convert?to=FORM`: the board written in another form.
//! - `POST /api/report`: the one-page HTML report of the board.
//! - `POST /api/design`: boards that meet targets, as `snl design --json`
//!   prints them; the body is `{"board": ..., "design": {...}}`, the board
//!   being edited and the search (see [`design`]).
//! - `POST /api/steps?of=search|game&rolls=T`: the board's analyses step
//!   by step, as `snl solve --steps --json` and `snl expect --steps --json`
//!   print them, with `kind` (see [`steps`]).
//! - `POST /api/target?target=SQUARES|via=FROM-TO&within=K,...`: the rolls
//!   until the pawn first rests on the squares or takes the jump, as `snl
//!   expect --target --json` and `snl expect --via --json` print them (see
//!   [`target`]).
//!
//! Errors are `{"error": "..."}` with status 400 (an unreadable or
//! unplayable board, a bad query, a request that is not HTTP/1.0 or 1.1 or
//! has a bad `Content-Length`), 404, 408 (a request head that took longer
//! than [`StudioLimits::header_time`]), 413 (a body over [`StudioLimits::body_bytes`]),
//! 414 and 431 (a request target or head over [`StudioLimits::uri_bytes`] or
//! [`StudioLimits::head_bytes`]), 422 (a board too big for live analysis: over
//! [`StudioLimits::live_squares`], or an analysis whose estimate is over
//! [`StudioLimits::budget`]) or 503 (the server is busy or stopping, or the
//! analysis ran past [`StudioLimits::analysis_time`] and was stopped).
//!
//! # Modules
//!
//! - [`analyse`]: a request's board, read and answered.
//! - [`design`]: the Design panel's search.
//! - [`error`]: the one error type, and how each error becomes a response.
//! - [`steps`]: the Step mode's analyses, step by step.
//! - [`target`]: the Aim panel's questions about squares and jumps.
//! - `http`: the connections, whose request heads are checked before hyper
//!   reads them, so that its refusals carry the same JSON.
//! - `routes`: the router, its handlers and its limits.
//! - `assets`: the embedded page.
//!
//! `http`, `routes` and `assets` are the server's, and need `server`.

#![deny(missing_docs)]

pub mod analyse;
#[cfg(feature = "server")]
mod assets;
pub mod design;
pub mod error;
#[cfg(feature = "server")]
mod http;
#[cfg(feature = "server")]
mod routes;
pub mod steps;
pub mod target;

#[cfg(feature = "server")]
use std::future::Future;
use std::time::Duration;

pub use error::ApiError;
#[cfg(feature = "server")]
pub use routes::router;
use snl::limits::Budget;

/// How the studio is set up: its limits, and the board it opens with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    /// Every limit the server enforces.
    pub limits: StudioLimits,
    /// The board the page opens with when its address holds none, written
    /// in any form `snl` reads (`GET /api/initial` serves it).
    pub initial: Option<String>,
}

/// Every limit the server enforces, set in one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StudioLimits {
    /// The largest request body accepted, in bytes; larger ones get 413.
    pub body_bytes: usize,
    /// The largest board analysed live, in squares; larger ones get 422,
    /// with a pointer to the command line.
    pub live_squares: u64,
    /// How many analyses run at once; more wait for a free slot. A slot
    /// is taken only once the request's body has arrived, so a slow
    /// client holds none.
    pub concurrent: usize,
    /// How many requests whose bodies have arrived may wait for a slot (or
    /// hold one); more get 503 at once.
    pub queued: usize,
    /// How long a request's head (its first line and headers) may take to
    /// arrive; past it, 408 and the connection is closed.
    pub header_time: Duration,
    /// The longest request head read, in bytes; longer gets 431 (as do
    /// more than 100 header lines).
    pub head_bytes: usize,
    /// The longest request target (path and query), in bytes; longer gets
    /// 414.
    pub uri_bytes: usize,
    /// The most memory and work each analysis of a request may take, by the
    /// library's estimate ([`snl::plan::estimate`]) made before it
    /// starts; a board over it gets 422, with the estimate, the budget and
    /// a pointer to the command line. The game-length distribution and the
    /// races follow their chances for at most `budget.work`.
    pub budget: Budget,
    /// How long the analyses of a request may run, counted from its
    /// arrival (waiting for a slot included): past it they are stopped
    /// (their slot is freed at once) and the request gets 503.
    pub analysis_time: Duration,
    /// How long a request may take in all; past it, 503. A backstop above
    /// `analysis_time` for the layers around the analysis.
    pub timeout: Duration,
}

impl Default for StudioLimits {
    /// 4 MiB bodies (a 100,000-square moves array is about 600 KB),
    /// 100,000 squares, one analysis per core and 64 requests in all, heads
    /// of 64 KiB within 10 seconds and targets of 8 KiB, 1 GiB and about 10
    /// seconds of work an analysis, 15 seconds of analysis and 20 in all.
    fn default() -> StudioLimits {
        StudioLimits {
            body_bytes: 4 << 20,
            live_squares: 100_000,
            concurrent: std::thread::available_parallelism().map_or(2, usize::from),
            queued: 64,
            header_time: Duration::from_secs(10),
            head_bytes: 64 << 10,
            uri_bytes: 8 << 10,
            budget: Budget {
                memory: 1 << 30,
                work: 10_000_000_000,
            },
            analysis_time: Duration::from_secs(15),
            timeout: Duration::from_secs(20),
        }
    }
}

/// How long, once stopping, the server waits for answers in flight to be
/// written.
#[cfg(feature = "server")]
const STOP_GRACE: Duration = Duration::from_secs(2);

/// Serves the studio on `listener` until `shutdown` completes. Then it
/// takes no new connection, stops the analyses in progress (their requests
/// get 503), and returns once the answers in flight are written, or after
/// two seconds.
///
/// # Errors
///
/// An I/O error from the listener.
#[cfg(feature = "server")]
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = config.limits.clone();
    let (router, stopping) = routes::app(config);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    tokio::spawn(http::connection(
                        stream,
                        router.clone(),
                        limits.clone(),
                        stopping.subscribe(),
                    ));
                }
                // Out of file descriptors, or a connection reset before it
                // was taken: wait a moment rather than spin.
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            },
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    // Each connection holds a receiver (in the router's state) until it
    // ends: once this one is gone too, every connection has ended.
    drop(router);
    let _ = stopping.send(true);
    let _ = tokio::time::timeout(STOP_GRACE, stopping.closed()).await;
    Ok(())
}

/// Serves the studio on `listener` until Ctrl-C (or, on Unix, SIGTERM), as
/// [`serve`] does: the whole server for a program that has no async
/// runtime of its own, such as `snl serve`. It returns without waiting for
/// an analysis that is slow to see that it was stopped.
///
/// # Errors
///
/// An I/O error from the listener or from starting the runtime.
#[cfg(feature = "server")]
pub fn run(listener: std::net::TcpListener, config: Config) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(async move {
        listener.set_nonblocking(true)?;
        let listener = tokio::net::TcpListener::from_std(listener)?;
        serve(listener, config, stop_signal()).await
    });
    // Dropping the runtime would wait for every blocking task.
    runtime.shutdown_background();
    served
}

/// Completes on Ctrl-C, or on SIGTERM on Unix.
#[cfg(feature = "server")]
async fn stop_signal() {
    let ctrl_c = async {
        // If the handler cannot be installed, the server runs until killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
