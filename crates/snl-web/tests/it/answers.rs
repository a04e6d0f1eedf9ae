//! The corpus of answers every front end is checked against
//! (`testdata/answers/corpus.json`): the studio's `/api/analyse` gives
//! each row it takes its engine and figures, in its `solve`, `expect` and
//! `check`,
//! and refuses the others as too big to answer live (or to read).

use axum::http::StatusCode;
use serde_json::Value;
use snl_props::corpus::{agrees, board_text, rows};

use crate::post_unhurried;

#[tokio::test]
async fn every_row_the_studio_takes_is_answered_by_its_engine_with_its_figures() {
    let mut answered = 0;
    for row in rows() {
        let name = row["name"].as_str().unwrap();
        let (text, _) = board_text(&row["board"]);
        // The row's rules lie over the board's own, in the body.
        let mut board: Value = serde_json::from_str(&text).unwrap();
        if let Some(over) = row["rules"].as_object() {
            let rules = board["rules"].as_object().cloned().unwrap_or_default();
            let mut merged = rules;
            merged.extend(over.clone());
            board["rules"] = Value::Object(merged);
        }
        let dice: Vec<&str> = row["query"]["dice"]
            .as_array()
            .map(|d| d.iter().map(|s| s.as_str().unwrap()).collect())
            .unwrap_or_default();
        let path = if dice.is_empty() {
            "/api/analyse".to_string()
        } else {
            format!("/api/analyse?choose_dice={}", dice.join(";"))
        };
        let a = post_unhurried(&path, board.to_string()).await;
        if row["studio"] == false {
            // Too many squares (422), or a body too large to read (413).
            assert!(
                [
                    StatusCode::UNPROCESSABLE_ENTITY,
                    StatusCode::PAYLOAD_TOO_LARGE
                ]
                .contains(&a.status),
                "{name}: {}",
                a.text()
            );
            assert!(a.text().contains("command line"), "{name}: {}", a.text());
            continue;
        }
        assert_eq!(a.status, StatusCode::OK, "{name}: {}", a.text());
        let v = a.json();
        let question = row["question"].as_str().unwrap();
        assert!(
            !v[question].is_null(),
            "{name}: the studio left out its {question}"
        );
        let got = &v[question];
        assert_eq!(got["engine"], row["engine"], "{name}");
        // The studio asks no exact mean.
        let mut row = row.clone();
        if let Some(expected) = row["expected"].as_object_mut() {
            expected.remove("exact_mean");
        }
        if let Err(why) = agrees(&row, got) {
            panic!("{name}: {why}");
        }
        answered += 1;
    }
    assert!(answered >= 9, "only {answered} rows answered");
}
