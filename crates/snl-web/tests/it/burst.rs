//! The server on a real localhost socket: a bounded burst of malformed,
//! oversized and abandoned requests, and then it still answers correctly;
//! every refusal of a request head in JSON; a head that never ends; and
//! stopping while an analysis runs.

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Sends raw bytes and reads what comes back until the server closes (at
/// most five seconds). The writing side stays open: a half-closed
/// connection is one the server may drop without an answer.
async fn raw(addr: SocketAddr, bytes: Vec<u8>) -> Vec<u8> {
    let Ok(mut stream) = TcpStream::connect(addr).await else {
        return Vec::new();
    };
    // The server may refuse the rest of a body it has already answered.
    let _ = stream.write_all(&bytes).await;
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut out)).await;
    out
}

/// One HTTP/1.1 request, closed after its answer.
fn request(method: &str, path: &str, body: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

/// The status and body of an answer.
fn status_and_body(answer: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(answer);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

/// The kinds of bad request in the burst.
fn bad_request(i: usize) -> Vec<u8> {
    match i % 8 {
        // Not HTTP at all.
        0 => b"\x16\x03\x01\x02\x00garbage\r\n\r\n".to_vec(),
        // A declared body far over the limit, never sent.
        1 => {
            b"POST /api/analyse HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\n\r\n{".to_vec()
        }
        // A body over the limit, sent.
        2 => request("POST", "/api/analyse", &vec![b' '; 300_000]),
        // JSON that stops halfway.
        3 => request(
            "POST",
            "/api/analyse",
            br#"{"squares": 100, "ladders": [[1,"#,
        ),
        // A board far too big for live analysis.
        4 => request("POST", "/api/analyse", br#"{"squares": 1000000000}"#),
        // A header line longer than any server keeps.
        5 => {
            let mut r = b"GET / HTTP/1.1\r\nX: ".to_vec();
            r.extend(std::iter::repeat_n(b'a', 600_000));
            r
        }
        // A bad query and a path outside the studio.
        6 => request("POST", "/api/analyse?width=zero&%%%", b"1 2 3 0"),
        _ => request("GET", "/../../etc/passwd", b""),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_bad_requests_leaves_the_server_answering() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = snl_web::Config {
        limits: snl_web::StudioLimits {
            body_bytes: 100_000,
            ..snl_web::StudioLimits::default()
        },
        ..snl_web::Config::default()
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(snl_web::serve(listener, config, async {
        let _ = stopped.await;
    }));

    let good = crate::testdata("seed-000-leetcode-909.grid.json");
    let started = Instant::now();
    // 400 bad requests, 50 at a time.
    let mut statuses = std::collections::BTreeMap::new();
    for wave in 0..8 {
        let tasks: Vec<_> = (0..50)
            .map(|i| tokio::spawn(raw(addr, bad_request(wave * 50 + i))))
            .collect();
        for (i, t) in tasks.into_iter().enumerate() {
            let answer = t.await.unwrap();
            let (status, body) = status_and_body(&answer);
            let kind = (wave * 50 + i) % 8;
            *statuses.entry((kind, status)).or_insert(0) += 1;
            // Every refusal carries the API's JSON, those made before the
            // request is read (not HTTP, a head too long) included.
            let json: serde_json::Value = serde_json::from_str(&body)
                .unwrap_or_else(|e| panic!("kind {kind} ({status}): not JSON ({e}): {body}"));
            assert!(json["error"].is_string(), "{body}");
        }
    }
    assert!(
        started.elapsed() < Duration::from_mins(1),
        "the burst took too long"
    );
    // Each kind got the status it deserves.
    for (kind, status) in [
        (0, 400),
        (1, 413),
        (2, 413),
        (3, 400),
        (4, 422),
        (5, 431),
        (6, 400),
        (7, 404),
    ] {
        assert_eq!(
            statuses.get(&(kind, status)),
            Some(&50),
            "kind {kind}: {statuses:?}"
        );
    }

    // And then it answers correctly.
    let answer = raw(addr, request("POST", "/api/analyse", good.as_bytes())).await;
    let (status, body) = status_and_body(&answer);
    assert_eq!(status, 200, "{body}");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["input"]["format"], "grid");
    assert!(json["svg"].as_str().unwrap().starts_with("<svg"));
    let page = raw(addr, request("GET", "/", b"")).await;
    assert_eq!(status_and_body(&page).0, 200);

    // It stops cleanly when asked.
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), server)
        .await
        .expect("the server stops")
        .unwrap()
        .unwrap();
}

/// A server on a free localhost port with `limits`: its address, the
/// sender that stops it, and its task.
async fn start(
    limits: snl_web::StudioLimits,
) -> (
    SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<std::io::Result<()>>,
) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = snl_web::Config {
        limits,
        ..snl_web::Config::default()
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(snl_web::serve(listener, config, async {
        let _ = stopped.await;
    }));
    (addr, stop, server)
}

/// The status and the `error` of an answer, which must be the API's JSON.
fn json_error(answer: &[u8]) -> (u16, String) {
    let (status, body) = status_and_body(answer);
    let json: serde_json::Value = serde_json::from_str(&body).unwrap_or_else(|e| {
        panic!(
            "{status}: not JSON ({e}): {}",
            String::from_utf8_lossy(answer)
        )
    });
    let error = json["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error: {body}"))
        .to_string();
    (status, error)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_of_a_request_head_carries_json() {
    let (addr, stop, server) = start(snl_web::StudioLimits::default()).await;
    let long_query = format!(
        "GET /api/presets?q={} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(100_000)
    );
    let mut many_headers = "GET / HTTP/1.1\r\nHost: x\r\n".to_string();
    for i in 0..500 {
        let _ = write!(many_headers, "X-{i}: {i}\r\n");
    }
    many_headers.push_str("\r\n");
    for (request, want, words) in [
        (long_query, 414, "longer than 8192 bytes"),
        (
            "POST /api/analyse HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n1 2 3"
                .to_string(),
            400,
            "Content-Length, `12abc`",
        ),
        (
            "POST /api/analyse HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 5\r\n\r\n1 2"
                .to_string(),
            400,
            "disagree",
        ),
        ("HELLO THERE\r\n\r\n".to_string(), 400, "HTTP/1"),
        ("GET /\r\n\r\n".to_string(), 400, "HTTP/0.9"),
        (
            "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n".to_string(),
            400,
            "Transfer-Encoding",
        ),
        (many_headers, 431, "header lines"),
    ] {
        let answer = raw(addr, request.clone().into_bytes()).await;
        let (status, error) = json_error(&answer);
        assert_eq!(status, want, "{error}");
        assert!(error.contains(words), "{want}: {error}");
    }
    // And then it answers.
    let page = raw(addr, request("GET", "/api/presets", b"")).await;
    assert_eq!(status_and_body(&page).0, 200);
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_that_never_ends_is_answered_and_closed() {
    let (addr, stop, server) = start(snl_web::StudioLimits {
        header_time: Duration::from_millis(300),
        ..snl_web::StudioLimits::default()
    })
    .await;
    let started = Instant::now();
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"POST /api/analyse HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer))
        .await
        .expect("the server closes the connection")
        .unwrap();
    let (status, error) = json_error(&answer);
    assert_eq!(status, 408, "{error}");
    assert!(
        error.contains("did not arrive within 0.3 seconds"),
        "{error}"
    );
    assert!(started.elapsed() < Duration::from_secs(3));
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_the_server_stops_the_analyses_in_progress() {
    // Counting the optimal sequences of 100,000 squares takes seconds (far
    // longer unoptimised); the work allowed is ample.
    let (addr, stop, server) = start(snl_web::StudioLimits {
        analysis_time: Duration::from_mins(2),
        timeout: Duration::from_mins(3),
        ..snl_web::StudioLimits::default()
    })
    .await;
    let answer = tokio::spawn(raw(
        addr,
        request("POST", "/api/analyse", br#"{"squares": 100000}"#),
    ));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let started = Instant::now();
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("the server stops at once")
        .unwrap()
        .unwrap();
    let (status, error) = json_error(&answer.await.unwrap());
    assert_eq!(status, 503, "{error}");
    assert!(error.contains("stopping"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(4));
    // No new connection is taken.
    assert!(TcpStream::connect(addr).await.is_err());
}
