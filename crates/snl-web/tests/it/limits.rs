//! The studio's limits on analysis: the library's estimate refuses a board
//! before anything is computed (422), a deadline stops a slow analysis and
//! frees its slot (503), and the optimal sequences are counted only where
//! `snl solve` counts them.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use snl::limits::Budget;
use snl::markov::Measure;
use snl::plan::{self, Analysis};
use snl::shortest::Search;
use tower::ServiceExt;

use crate::{Answer, send_with};

fn config(limits: snl_web::StudioLimits) -> snl_web::Config {
    snl_web::Config {
        limits,
        ..snl_web::Config::default()
    }
}

fn analyse(body: &str) -> Request<Body> {
    Request::post("/api/analyse")
        .body(Body::from(body.to_string()))
        .unwrap()
}

/// A board whose mean needs more memory than its search.
const SHORT_OF_THE_MEAN: &str = r#"{"squares": 300, "ladders": [[3, 150]], "snakes": [[250, 10]]}"#;

/// `board` as a game, the estimate of its mean, and a budget one byte
/// short of that estimate's memory (with no limit on work).
fn short_of_the_mean(board: &str) -> (snl::Game, snl::limits::Estimate, Budget) {
    let parsed = snl::input::parse(board.as_bytes(), &snl::input::ParseOptions::default()).unwrap();
    let game = snl::Game::new(parsed.spec.build().unwrap(), parsed.rules.rules()).unwrap();
    let mean = plan::estimate(&game, Analysis::Markov(Measure::Mean));
    let budget = Budget {
        memory: mean.memory - 1,
        work: u64::MAX,
    };
    (game, mean, budget)
}

#[tokio::test]
async fn an_analysis_over_the_budget_is_refused_with_the_estimate() {
    let board = SHORT_OF_THE_MEAN;
    // Room for the board and the search, not for the mean's linear solve.
    let (game, mean, budget) = short_of_the_mean(board);
    let solve = plan::estimate(&game, Analysis::Shortest(Search::Solve));
    assert!(solve.fits(&budget), "the search fits: {solve}");
    let small = config(snl_web::StudioLimits {
        budget,
        ..snl_web::StudioLimits::default()
    });
    let a = send_with(small, analyse(board)).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text());
    // The library's own words: what, how much, and the budget.
    let why = mean.check("the mean", &budget).unwrap_err().to_string();
    assert!(
        why.contains("the mean would need about") && why.contains("more than the budget of"),
        "{why}"
    );
    assert!(a.error().starts_with(&why), "{}", a.error());
    assert!(a.error().contains("use the command line"), "{}", a.error());

    // A budget too small for the board itself refuses it before it is
    // built; the same board is answered under the default budget.
    let tiny = config(snl_web::StudioLimits {
        budget: Budget {
            memory: 100,
            work: u64::MAX,
        },
        ..snl_web::StudioLimits::default()
    });
    let a = send_with(tiny.clone(), analyse(board)).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    let why = snl::board::cost(300, 2)
        .check("the board", &tiny.limits.budget)
        .unwrap_err()
        .to_string();
    assert!(why.ends_with("more than the budget of 100 bytes"), "{why}");
    assert!(a.error().starts_with(&why), "{}", a.error());
    let whole = send_with(snl_web::Config::default(), analyse(board)).await;
    assert_eq!(whole.status, StatusCode::OK, "{}", whole.text());
    assert!(whole.json()["solve"]["optimal_sequences"].is_string());
}

/// Sends `request` to `router` (kept between requests, with its slots).
async fn send(router: &axum::Router, request: Request<Body>) -> Answer {
    use http_body_util::BodyExt;
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
        kind: String::new(),
        headers,
        body: body.to_vec(),
    }
}

#[tokio::test]
async fn a_slow_analysis_is_stopped_at_its_deadline_and_frees_its_slot() {
    // One slot, and a twentieth of a second to answer in.
    let router = snl_web::router(config(snl_web::StudioLimits {
        concurrent: 1,
        analysis_time: Duration::from_millis(50),
        ..snl_web::StudioLimits::default()
    }));
    // Counting the optimal sequences of 100,000 squares adds numbers of
    // hundreds of words: seconds of work, even in an optimised build.
    let start = Instant::now();
    let a = send(&router, analyse(r#"{"squares": 100000}"#)).await;
    let took = start.elapsed();
    assert_eq!(a.status, StatusCode::SERVICE_UNAVAILABLE, "{}", a.text());
    assert!(
        a.error()
            .starts_with("the analysis took longer than 0.05 seconds, the most the studio gives"),
        "{}",
        a.error()
    );
    assert!(a.error().contains("use the command line"), "{}", a.error());
    assert!(took < Duration::from_secs(10), "stopped after {took:?}");
    // The one slot is free again at once: the next request gets it and its
    // board is read (a request still waiting for the slot after 50 ms would
    // get 503). A board with a fault, so that the answer does not hang on
    // how fast a whole analysis runs on a loaded machine.
    let b = send(&router, analyse(r#"{"squares": 30, "ladders": [[2, 31]]}"#)).await;
    assert_ne!(b.status, StatusCode::SERVICE_UNAVAILABLE, "{}", b.text());
    assert!(
        b.error().contains("2->31 leaves the board"),
        "{}",
        b.error()
    );
}

/// A board whose game-length distribution is not followed (its estimate is
/// over the budget) is still answered: the fewest rolls, the mean and the
/// picture, with the plot left out and `plot_note` saying why, where the
/// studio once refused the whole board with 422 because the plot had
/// nothing to draw.
#[tokio::test]
async fn a_board_whose_plot_cannot_be_drawn_is_answered_without_it() {
    let small = config(snl_web::StudioLimits {
        budget: Budget {
            work: 2_000_000,
            ..Budget::DEFAULT
        },
        ..snl_web::StudioLimits::default()
    });
    let a = send_with(
        small,
        analyse(&crate::testdata("odd-snakes-200.pairs.json")),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let v = a.json();
    assert!(v["solve"]["min_rolls"].is_u64(), "{}", v["solve"]);
    assert!(
        v["expect"]["mean"].as_f64().unwrap() > 1.0,
        "{}",
        v["expect"]
    );
    assert!(!v["expect"]["left_out"].is_null(), "{}", v["expect"]);
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(v["plot"].is_null(), "{}", v["plot"]);
    let note = v["plot_note"].as_str().unwrap();
    assert!(note.starts_with("there is no plot: "), "{note}");
}

#[tokio::test]
async fn sequences_are_counted_only_where_snl_solve_counts_them() {
    let over = snl::plan::COUNT_LIMIT + 1;
    // Ladders from 2 to 7 to the last six squares before the end: every
    // first roll climbs, so the chain has a handful of live squares,
    // however long the board, and the analysis is quick.
    let ladders: Vec<String> = (2..=7u32)
        .map(|k| format!("[{k}, {}]", over - 8 + k))
        .collect();
    let board = format!(
        r#"{{"squares": {over}, "ladders": [{}]}}"#,
        ladders.join(", ")
    );
    // Live squares raised to the count limit's board, and work enough for
    // the mean and variance of a board this long (in double-double
    // precision, counted as a square-by-square elimination: about 45 ms).
    let big = config(snl_web::StudioLimits {
        live_squares: u64::from(over),
        budget: Budget {
            memory: 1 << 30,
            work: 80_000_000,
        },
        ..snl_web::StudioLimits::default()
    });
    let a = send_with(big, analyse(&board)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let solve = &a.json()["solve"];
    assert_eq!(solve["min_rolls"], 2);
    assert!(solve["optimal_sequences"].is_null(), "{solve}");
    // Below the limit they are counted.
    let a = send_with(snl_web::Config::default(), analyse(r#"{"squares": 9}"#)).await;
    assert_eq!(a.json()["solve"]["optimal_sequences"], "5");
}

#[tokio::test]
async fn a_huge_bonus_limit_is_refused_before_anything_is_searched() {
    // 20 squares with a bonus limit of 10^8 have 2.1 billion states: the
    // search is refused at its size, without searching them to learn what
    // counting would cost (that took gigabytes and 20 s, then a 503). The
    // largest limit asked for 361 GB.
    for limit in [100_000_000u32, u32::MAX] {
        let body = format!(r#"{{"squares": 20, "rules": {{"bonus_limit": {limit}}}}}"#);
        let start = Instant::now();
        let a = send_with(snl_web::Config::default(), analyse(&body)).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text());
        assert!(
            a.error()
                .starts_with("the fewest-rolls search with a path would need about"),
            "{}",
            a.error()
        );
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
    }
}

/// A request whose body sends a few bytes and then never ends.
fn never_ending(path: &str) -> Request<Body> {
    use futures_util::StreamExt;
    let stream = futures_util::stream::once(async {
        Ok::<_, std::io::Error>(axum::body::Bytes::from_static(b"{\"squares\""))
    })
    .chain(futures_util::stream::pending());
    Request::post(path).body(Body::from_stream(stream)).unwrap()
}

#[tokio::test]
async fn slow_bodies_hold_no_analysis_slot() {
    // One slot; four clients that never finish their bodies.
    let router = snl_web::router(config(snl_web::StudioLimits {
        concurrent: 1,
        ..snl_web::StudioLimits::default()
    }));
    let slow: Vec<_> = (0..4)
        .map(|_| {
            let router = router.clone();
            tokio::spawn(async move { send(&router, never_ending("/api/analyse")).await })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let a = tokio::time::timeout(
        Duration::from_secs(10),
        send(&router, analyse(r#"{"squares": 30, "ladders": [[2, 29]]}"#)),
    )
    .await
    .expect("answered while the slow bodies are still coming");
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    assert_eq!(a.json()["solve"]["min_rolls"], 2);
    for t in slow {
        t.abort();
    }
}

#[tokio::test]
async fn requests_beyond_the_queue_are_told_it_is_busy() {
    // One request may wait or run: while a slow one runs, the next gets
    // 503 at once, with the API's JSON.
    let router = snl_web::router(config(snl_web::StudioLimits {
        concurrent: 1,
        queued: 1,
        analysis_time: Duration::from_mins(1),
        ..snl_web::StudioLimits::default()
    }));
    let slow = {
        let router = router.clone();
        tokio::spawn(async move { send(&router, analyse(r#"{"squares": 100000}"#)).await })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let a = send(&router, analyse(r#"{"squares": 30}"#)).await;
    assert_eq!(a.status, StatusCode::SERVICE_UNAVAILABLE, "{}", a.text());
    assert!(a.error().starts_with("the studio is busy"), "{}", a.error());
    // Abandoning the slow one frees its place.
    slow.abort();
    let _ = slow.await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let b = send(&router, analyse(r#"{"squares": 30}"#)).await;
    assert_eq!(b.status, StatusCode::OK, "{}", b.text());
}

/// `POST /api/analyse` with `body` sent on a fresh connection to `addr`:
/// the connection, to read the answer from or to drop.
async fn post_over_tcp(addr: std::net::SocketAddr, body: &str) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "POST /api/analyse HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    stream
}

#[tokio::test]
async fn a_request_whose_client_went_away_stops_its_analysis() {
    use tokio::io::AsyncReadExt;
    // One slot, and a deadline far beyond the test: only the client's
    // going away can free the slot soon.
    let limits = snl_web::StudioLimits {
        concurrent: 1,
        analysis_time: Duration::from_mins(10),
        timeout: Duration::from_mins(12),
        ..snl_web::StudioLimits::default()
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(snl_web::serve(listener, config(limits), async {
        let _ = stopped.await;
    }));
    // Counting the optimal sequences of 100,000 squares: seconds of work,
    // far longer unoptimised. The client hangs up while it runs.
    let gone = post_over_tcp(addr, r#"{"squares": 100000}"#).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop(gone);
    let start = Instant::now();
    let mut next = post_over_tcp(addr, r#"{"squares": 30, "ladders": [[2, 29]]}"#).await;
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_mins(1), next.read_to_string(&mut answer))
        .await
        .expect("the next request is answered")
        .unwrap();
    let took = start.elapsed();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""min_rolls":2"#), "{answer}");
    // The slot was freed when the first client went away, not when its
    // analysis would have ended.
    assert!(
        took < Duration::from_secs(3),
        "the slot was held for {took:?}"
    );
    let _ = stop.send(());
    server.await.unwrap().unwrap();
}

fn report(body: &str) -> Request<Body> {
    Request::post("/api/report")
        .body(Body::from(body.to_string()))
        .unwrap()
}

#[tokio::test]
async fn a_report_over_the_budget_is_refused_as_an_analysis_is() {
    let board = SHORT_OF_THE_MEAN;
    // Room for the search, not for the mean the report shows.
    let (_, mean, budget) = short_of_the_mean(board);
    let small = || {
        config(snl_web::StudioLimits {
            budget,
            ..snl_web::StudioLimits::default()
        })
    };
    let a = send_with(small(), report(board)).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text());
    // The words /api/analyse refuses the same board with.
    let b = send_with(small(), analyse(board)).await;
    assert_eq!(b.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", b.text());
    assert_eq!(a.error(), b.error());
    let why = mean.check("the mean", &budget).unwrap_err().to_string();
    assert!(a.error().starts_with(&why), "{}", a.error());
    assert!(a.error().contains("use the command line"), "{}", a.error());
}

#[tokio::test]
async fn a_slow_report_is_stopped_at_its_deadline_and_frees_its_slot() {
    let router = snl_web::router(config(snl_web::StudioLimits {
        concurrent: 1,
        analysis_time: Duration::from_millis(50),
        ..snl_web::StudioLimits::default()
    }));
    // The races of 100,000 squares: seconds of work, even optimised.
    let start = Instant::now();
    let a = send(&router, report(r#"{"squares": 100000}"#)).await;
    let took = start.elapsed();
    assert_eq!(a.status, StatusCode::SERVICE_UNAVAILABLE, "{}", a.text());
    assert!(
        a.error()
            .starts_with("the analysis took longer than 0.05 seconds, the most the studio gives"),
        "{}",
        a.error()
    );
    assert!(took < Duration::from_secs(10), "stopped after {took:?}");
    // The slot is free: the next request gets it at once and its board is
    // read (a board with a fault, so that the answer does not depend on how
    // fast a report is drawn on a loaded machine: a held slot would give a
    // 503 after 50 ms of waiting instead of the board's fault).
    let b = send(&router, report(r#"{"squares": 30, "ladders": [[2, 31]]}"#)).await;
    assert_ne!(b.status, StatusCode::SERVICE_UNAVAILABLE, "{}", b.text());
    assert!(
        b.error().contains("2->31 leaves the board"),
        "{}",
        b.error()
    );
}
