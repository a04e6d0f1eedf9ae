//! Tests of the studio's server: every endpoint through the router without
//! a socket (`tower::ServiceExt::oneshot`), and the server on a real
//! localhost socket under a burst of bad requests. They need the server
//! (the default feature).
#![cfg(feature = "server")]

mod answers;
mod api;
mod burst;
mod design;
mod limits;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// A response read whole: status, content type, body.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub kind: String,
    pub headers: axum::http::HeaderMap,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("the body is UTF-8")
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    /// The `error` of an error answer.
    pub fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error message: {}", self.text()))
            .to_string()
    }
}

/// Sends one request to a fresh router with `config`.
pub async fn send_with(config: snl_web::Config, request: Request<Body>) -> Answer {
    let response = snl_web::router(config).oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let kind = headers
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = response
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    Answer {
        status,
        kind,
        headers,
        body,
    }
}

/// `GET path` on the default router.
pub async fn get(path: &str) -> Answer {
    send_with(
        snl_web::Config::default(),
        Request::get(path).body(Body::empty()).unwrap(),
    )
    .await
}

/// `POST path` with `body` on the default router.
pub async fn post(path: &str, body: impl Into<Body>) -> Answer {
    send_with(
        snl_web::Config::default(),
        Request::post(path).body(body.into()).unwrap(),
    )
    .await
}

/// `POST path` with `body` on a router whose analyses may run for two
/// minutes: for the tests of long boards' answers, which take seconds in
/// a release build and tens of times that in a test build on a busy
/// machine; the answers are under test there, not the time limits.
pub async fn post_unhurried(path: &str, body: impl Into<Body>) -> Answer {
    let mut config = snl_web::Config::default();
    config.limits.analysis_time = std::time::Duration::from_mins(2);
    config.limits.timeout = std::time::Duration::from_secs(150);
    send_with(config, Request::post(path).body(body.into()).unwrap()).await
}

/// A file of the repository's `testdata/`.
pub fn testdata(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
