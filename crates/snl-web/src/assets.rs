//! The studio page, embedded in the binary: plain HTML, CSS and JavaScript
//! modules, read as they are written (no build step), loading nothing from
//! elsewhere.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Each file: its name under `/static/` (the page itself is `/`), its
/// media type and its bytes.
const FILES: &[(&str, &str, &[u8])] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_bytes!("../static/index.html"),
    ),
    (
        "studio.css",
        "text/css; charset=utf-8",
        include_bytes!("../static/studio.css"),
    ),
    (
        "studio.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/studio.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/board.js"),
    ),
    (
        "design.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/design.js"),
    ),
    (
        "steps.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/steps.js"),
    ),
    (
        "target.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/target.js"),
    ),
    (
        "state.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/state.js"),
    ),
    // The engine this page talks to: engine.js picks the server's. The
    // WebAssembly engine's modules (engine-wasm.js, worker.js) belong to
    // the static studio only, which brings the module they load.
    (
        "engine.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/engine.js"),
    ),
    (
        "engine-server.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/engine-server.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_bytes!("../static/favicon.svg"),
    ),
    // The font the board pictures name, so that they look the same on
    // every machine, fonts installed or not.
    ("DejaVuSans.ttf", "font/ttf", snl_draw::font::REGULAR),
    ("DejaVuSans-Bold.ttf", "font/ttf", snl_draw::font::BOLD),
];

/// The response for an embedded file, or 404.
pub(crate) fn response(name: &str) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
                // The page changes with the binary: always revalidate.
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            *body,
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
