//! The server on a real localhost socket: a bounded burst of malformed,
//! oversized and abandoned requests, and then it still answers correctly.

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
        limits: snl_web::Limits {
            body_bytes: 100_000,
            ..snl_web::Limits::default()
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
            if status >= 400 && !body.is_empty() && kind != 0 && kind != 5 {
                let json: serde_json::Value = serde_json::from_str(&body)
                    .unwrap_or_else(|e| panic!("kind {kind}: not JSON ({e}): {body}"));
                assert!(json["error"].is_string(), "{body}");
            }
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
