//! The studio's live analysis, timed as the server runs it: one
//! `POST /api/analyse` through the router (reading the board, every answer,
//! the board picture and the plot, the JSON), without a socket.
//!
//! Boards: Milton Bradley's 100 squares; 10,000 squares with no jumps; and
//! 10,000 squares with a ladder every 37 squares and a snake every 53. The
//! studio's target is under 20 ms for 100 squares and under 200 ms for
//! 10,000.
//!
//! `cargo bench -p snl-web --bench analyse`

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use criterion::{Criterion, criterion_group, criterion_main};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// A 10,000-square board in the pairs form: ladders of 20 to 100 squares
/// every 37 squares, snakes of 30 to 150 squares every 53 (where no ladder
/// starts), the default rules.
fn big_board() -> String {
    let n = 10_000u32;
    let (mut ladders, mut snakes) = (String::new(), String::new());
    for s in (5..n - 100).step_by(37) {
        let _ = write!(ladders, "[{s}, {}],", s + 20 + (s * 7) % 81);
    }
    for s in (200..n).step_by(53) {
        if s % 37 != 5 {
            let _ = write!(snakes, "[{s}, {}],", s - 30 - (s * 11) % 121);
        }
    }
    format!(
        "{{\"squares\": {n}, \"ladders\": [{}], \"snakes\": [{}]}}",
        ladders.trim_end_matches(','),
        snakes.trim_end_matches(',')
    )
}

/// The answer of the router to `POST /api/analyse` with `board`, as bytes
/// (reading them as JSON is the browser's time, not the server's).
async fn analyse(router: axum::Router, board: String) -> axum::body::Bytes {
    let response = router
        .oneshot(
            Request::post("/api/analyse")
                .body(Body::from(board))
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.into_body().collect().await.unwrap().to_bytes()
}

fn bench(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let router = snl_web::router(snl_web::Config::default());
    let boards = [
        (
            "milton-bradley (100 squares)",
            snl::presets::find("milton-bradley")
                .unwrap()
                .text
                .to_string(),
        ),
        (
            "10,000 squares, no jumps",
            "{\"squares\": 10000}".to_string(),
        ),
        ("10,000 squares, 448 jumps", big_board()),
    ];
    let mut group = c.benchmark_group("analyse");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    for (name, board) in boards {
        // A fast wrong answer cannot win: the answer is the library's.
        let answer: serde_json::Value =
            serde_json::from_slice(&runtime.block_on(analyse(router.clone(), board.clone())))
                .unwrap();
        let parsed =
            snl::input::parse(board.as_bytes(), &snl::input::ParseOptions::default()).unwrap();
        let game = snl::Game::new(parsed.spec.build().unwrap(), parsed.rules.rules()).unwrap();
        let label = parsed.name.as_deref().unwrap_or("board");
        let path = snl_draw::render::Options {
            path: true,
            ..snl_draw::render::Options::default()
        };
        let picture = snl_draw::render::board_svg(&game, label, &path).unwrap();
        assert_eq!(answer["svg"], picture, "{name}");
        group.bench_function(name, |b| {
            b.iter(|| black_box(runtime.block_on(analyse(router.clone(), board.clone()))));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
