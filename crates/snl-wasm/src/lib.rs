//! snl for JavaScript: the library compiled to WebAssembly with
//! `wasm-bindgen`, for a browser (the static studio runs it in Web Workers)
//! and for Node.
//!
//! The crate translates and holds no game logic. A board comes in as text,
//! in any form `snl` reads; every answer goes out as the JSON document
//! that `snl ... --json` prints (the shapes of [`snl::answer`]) or that the
//! studio's server returns ([`snl_web::analyse`]); every error carries the
//! message the command prints. The estimates and budgets of the studio's
//! server apply ([`snl_web::StudioLimits::default`]): an analysis that would
//! freeze a tab for minutes is refused before it starts, with the
//! library's message.
//!
//! Each function returns one JSON text, `{"status": S, "data": D}`: `S` is
//! 200 with the answer in `D`, or the status the studio's server would
//! answer with (400, 422, 503, 500) and `D` its body, `{"error": "..."}`.
//! The package's module (`index.js`, beside the one wasm-bindgen writes)
//! turns that into values and thrown errors; the studio's Web Worker hands
//! it to the page as it is.
//!
//! # Modules
//!
//! - [`questions`]: one question at a time, as `snl check`, `snl solve`,
//!   `snl expect`, `snl race` and `snl render` answer it.
//! - [`studio`]: the studio page's questions, answered as `snl serve`
//!   answers them.

#![deny(missing_docs)]

use std::sync::Mutex;

use serde::Serialize;
use wasm_bindgen::prelude::wasm_bindgen;

pub mod questions;
pub mod studio;

/// The message of the last panic, for the worker to report: a panic in
/// WebAssembly ends in a trap whose own message says only `unreachable`.
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Keeps the message of every panic for [`last_panic`]. Runs when the
/// module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = info.to_string();
        }
    }));
}

/// The message of the last panic (a bug: every input should get an answer
/// or an error), or an empty string.
#[wasm_bindgen]
pub fn last_panic() -> String {
    LAST_PANIC.lock().map(|m| m.clone()).unwrap_or_default()
}

/// The envelope every function returns: a status and the answer or error.
#[derive(Debug, Serialize)]
struct Envelope<T: Serialize> {
    status: u16,
    data: T,
}

/// `{"status": 200, "data": answer}`, or the error's status and body.
fn envelope<T: Serialize>(answer: Result<T, snl_web::ApiError>) -> String {
    let text = match answer {
        Ok(data) => serde_json::to_string(&Envelope { status: 200, data }),
        Err(e) => serde_json::to_string(&Envelope {
            status: e.code(),
            data: e.to_json(),
        }),
    };
    text.unwrap_or_else(|e| {
        format!(
            r#"{{"status": 500, "data": {{"error": "the answer could not be written as JSON: {}"}}}}"#,
            e.to_string().replace(['"', '\\'], "'")
        )
    })
}
