//! `POST /api/design`: the boards it answers are board files that meet
//! every target by the plain analyses, the same the library finds for the
//! same request and seed; a tuned board stays within its changes; targets
//! no board meets give the closest board, impossible ones 400.

use axum::http::StatusCode;
use serde_json::{Value, json};
use snl::design::{self, Request};
use snl::input::{self, ParseOptions};
use snl::limits::Control;

use crate::{post, send_with};

/// The game of a board file the answer holds.
fn game_of(board: &Value) -> snl::Game {
    let text = board.to_string();
    let parsed = input::parse(text.as_bytes(), &ParseOptions::default()).unwrap();
    snl::Game::new(parsed.spec.build().unwrap(), parsed.rules.rules()).unwrap()
}

async fn design(body: Value) -> crate::Answer {
    post("/api/design", body.to_string()).await
}

#[tokio::test]
async fn found_boards_meet_every_target_by_the_plain_analyses() {
    let query = json!({"ladders": "3", "snakes": "3", "mean": "10..11", "sd": "..8",
        "players": 2, "fair": 0.05, "no_trap": true, "seed": 4, "count": 2});
    let board = json!({"name": "mine", "squares": 36, "rules": {"finish": "bounce"}});
    let a = design(json!({"board": board, "design": query})).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    assert_eq!(a.kind, "application/json");
    let answer = a.json();
    let boards = answer["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2, "{answer}");
    assert_eq!(answer["closest"], Value::Null);
    assert_eq!(answer["stopped"], Value::Null);
    assert_eq!(answer["squares"], 36);
    assert_eq!(answer["rules"]["finish"], "bounce");
    assert_ne!(boards[0]["board"], boards[1]["board"]);
    for (i, b) in boards.iter().enumerate() {
        assert_eq!(b["meets"], true);
        assert_eq!(
            b["board"]["name"],
            format!("designed with seed 4, board {}", i + 1)
        );
        // The board file, read as every command reads it, under the rules
        // of the board it was designed for.
        let game = of_board(b);
        assert_eq!(game.rules().finish, snl::Finish::Bounce);
        assert_eq!(game.board().ladders().count(), 3);
        assert_eq!(game.board().snakes().count(), 3);
        let stats = snl::markov::stats(&game).unwrap();
        let mean = stats.mean.unwrap();
        assert!((10.0..=11.0).contains(&mean), "{mean}");
        assert!(stats.std_dev.unwrap() <= 8.0);
        assert!((b["figures"]["mean"].as_f64().unwrap() - mean).abs() < 1e-9);
        assert!(!snl::markov::can_get_stuck_with(&game, &Control::default()).unwrap());
        let race = snl::race::race(&game, &[game.start(); 2]).unwrap();
        for w in &race.win {
            assert!((w - 0.5).abs() <= 0.05, "{w}");
        }
        assert!(
            b["targets"]
                .as_array()
                .unwrap()
                .iter()
                .all(|t| t["met"] == true)
        );
    }

    // The library finds the same boards for the same request.
    let request: Request = serde_json::from_value::<snl::answer::design::DesignQuery>(query)
        .unwrap()
        .request(36, of_board(&boards[0]).rules().clone(), None)
        .unwrap();
    let found = design::search(&request, &Control::default(), &mut |_| {}).unwrap();
    for (ours, theirs) in boards.iter().zip(&found.boards) {
        assert_eq!(of_board(ours).board(), &theirs.board);
    }
}

fn of_board(b: &Value) -> snl::Game {
    game_of(&b["board"])
}

#[tokio::test]
async fn a_tuned_board_keeps_its_rules_and_stays_within_its_changes() {
    let preset = snl::presets::find("milton-bradley").unwrap();
    let start = game_of(&serde_json::from_str(preset.text).unwrap());
    let before = snl::markov::stats(&start).unwrap().mean.unwrap();
    let a = design(json!({
        "board": preset.text,
        "design": {"tune": true, "changes": 2, "mean": format!("..{}", before - 2.0),
                   "keep": ["1->38"], "seed": 2},
    }))
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let answer = a.json();
    let b = &answer["boards"][0];
    assert_eq!(b["meets"], true, "{answer}");
    let name = input::parse(preset.text.as_bytes(), &ParseOptions::default())
        .unwrap()
        .name
        .unwrap();
    assert_eq!(b["board"]["name"], format!("{name}, tuned with seed 2"));
    let game = of_board(b);
    assert_eq!(game.rules(), start.rules());
    assert_eq!(game.board().jump(1), Some(38));
    let changes = design::changes(start.board(), game.board());
    assert!(changes.len() <= 2, "{changes:?}");
    assert_eq!(b["changes"], changes.len());
    assert_eq!(b["changed"].as_array().unwrap().len(), changes.len());
    assert!(snl::markov::stats(&game).unwrap().mean.unwrap() <= before - 2.0);
}

#[tokio::test]
async fn targets_no_board_meets_give_the_closest_board() {
    // Without ladders a 30-square board cannot be played in 6 rolls on
    // average; nothing says so before the search.
    let a = design(json!({"board": {"squares": 30},
        "design": {"ladders": "0", "snakes": "0..2", "mean": "5..6", "seed": 1, "time": 0.3}}))
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let answer = a.json();
    assert_eq!(answer["boards"], json!([]));
    assert_eq!(answer["stopped"], "time");
    let closest = &answer["closest"];
    assert_eq!(closest["meets"], false);
    assert_eq!(closest["board"]["name"], "designed with seed 1, closest");
    assert_eq!(closest["targets"][0]["target"], "mean 5..6");
    assert_eq!(closest["targets"][0]["met"], false);
    let mean = snl::markov::stats(&of_board(closest))
        .unwrap()
        .mean
        .unwrap();
    assert!(mean > 6.0);
    assert!((closest["figures"]["mean"].as_f64().unwrap() - mean).abs() < 1e-9);
}

#[tokio::test]
async fn bad_and_impossible_requests_get_400_with_the_reason() {
    for (body, want) in [
        (
            json!({"board": {"squares": 30}, "design": {"mean": "thirty"}}),
            "design.mean: `thirty` is not a range",
        ),
        (
            json!({"board": {"squares": 30}, "design": {"meen": "30"}}),
            "unknown field `meen`",
        ),
        (json!({"design": {}}), "missing field `board`"),
        (
            json!({"board": {"squares": 30}, "design": {"time": 60}}),
            "design.time: 60 is not",
        ),
        (
            json!({"board": {"squares": 30}, "design": {"count": 21}}),
            "design.count: 21 boards",
        ),
        (
            json!({"board": "hello", "design": {}}),
            "a board cannot start with `h`",
        ),
        (
            json!({"board": {"squares": 20}, "design": {"ladders": "15", "snakes": "10"}}),
            "no board can meet this request: 15 ladders and 10 snakes do not fit on 20 squares",
        ),
        (
            json!({"board": {"squares": 10, "ladders": [[3, 11]]}, "design": {"tune": true}}),
            "leaves the board",
        ),
        (
            json!({"board": {"squares": 30, "rules": {"chain": true}},
                "design": {"keep": ["5->20", "20->5"]}}),
            "no board can meet this request: the pinned jumps 5->20 and 20->5 go round in a \
             circle under chaining (5 -> 20 -> 5), where a pawn would never stop; pin fewer of \
             them, or design without chaining",
        ),
    ] {
        let a = design(body.clone()).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{body}: {}", a.text());
        assert!(a.error().contains(want), "{body}: {}", a.error());
    }
    // A board too big for the studio.
    let a = design(json!({"board": {"squares": 200_000}, "design": {}})).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text());
    // A search over the budget is refused before it starts.
    let config = snl_web::Config {
        limits: snl_web::StudioLimits {
            budget: snl::limits::Budget {
                memory: 1 << 10,
                work: 1_000,
            },
            ..snl_web::StudioLimits::default()
        },
        ..snl_web::Config::default()
    };
    let request = axum::http::Request::post("/api/design")
        .body(axum::body::Body::from(
            json!({"board": {"squares": 100}, "design": {"mean": "30..31"}}).to_string(),
        ))
        .unwrap();
    let a = send_with(config, request).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text());
    assert!(a.error().contains("the design search"), "{}", a.error());
}
