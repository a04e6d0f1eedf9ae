//! The corpus of answers every front end is checked against
//! (`testdata/answers/corpus.json`): each row's question, asked through the one
//! entry the library has for it, gives the row's engine and figures; and
//! on the boards both engines answer quickly, forcing the other engine
//! gives the same figures.

use serde_json::Value;
use snl::answer::{CheckAnswer, ExpectAnswer, Header, SolveAnswer};
use snl::input::{self, ParseOptions};
use snl::limits::{Budget, Control};
use snl::plan::{self, Count, Engine, ExpectQuery, SolveQuery, Subject};
use snl::{Die, RulesPatch};
use snl_props::corpus::{agrees, board_text, rows};

/// The subject of a row: its board, under its rules laid over the board's.
fn subject(row: &Value) -> Subject {
    let (text, name) = board_text(&row["board"]);
    let parsed = input::parse(text.as_bytes(), &ParseOptions::default()).expect("a board");
    let mut rules = parsed.rules.rules();
    if let Some(over) = row.get("rules") {
        let patch: RulesPatch = serde_json::from_value(over.clone()).expect("rules");
        patch.apply(&mut rules);
    }
    Subject::new(parsed.spec, rules)
        .expect("a playable board")
        .named(name.or(parsed.name))
}

fn solve_query(row: &Value, engine: Option<Engine>) -> SolveQuery {
    let count = row["query"]["count"].as_bool().unwrap_or(false);
    SolveQuery {
        count: if count { Count::Always } else { Count::Auto },
        engine,
        ..SolveQuery::default()
    }
}

fn expect_query(row: &Value, engine: Option<Engine>) -> ExpectQuery {
    let query = &row["query"];
    let dice: Vec<Die> = query["dice"]
        .as_array()
        .map(|d| {
            d.iter()
                .map(|s| s.as_str().unwrap().parse().unwrap())
                .collect()
        })
        .unwrap_or_default();
    let within: Vec<usize> = query["within"]
        .as_array()
        .map(|w| w.iter().map(|k| k.as_u64().unwrap() as usize).collect())
        .unwrap_or_default();
    ExpectQuery {
        exact: query["exact"].as_bool().unwrap_or(false),
        within,
        dice,
        engine,
        ..ExpectQuery::default()
    }
}

/// The row's answer, as the JSON the command prints.
fn answer(row: &Value, subject: &Subject, engine: Option<Engine>) -> Value {
    let ctl = Control::new(Budget::DEFAULT);
    match row["question"].as_str().unwrap() {
        "solve" => {
            let solved = plan::solve(subject, &solve_query(row, engine), &ctl).unwrap();
            serde_json::to_value(SolveAnswer::new(subject, &solved)).unwrap()
        }
        "expect" => {
            let found = plan::expect(subject, &expect_query(row, engine), &ctl).unwrap();
            serde_json::to_value(ExpectAnswer::new(subject, &found)).unwrap()
        }
        "check" => {
            let checked = snl::check::check_with(subject.spec(), subject.rules(), &ctl);
            let header = Header::of_subject(subject);
            serde_json::to_value(CheckAnswer::new(header, &checked.diagnostics)).unwrap()
        }
        other => panic!("no question {other}"),
    }
}

#[test]
fn every_row_is_answered_by_its_engine_with_its_figures() {
    for row in rows() {
        let name = row["name"].as_str().unwrap();
        let subject = subject(&row);
        let got = answer(&row, &subject, None);
        assert_eq!(got["engine"], row["engine"], "{name}");
        if let Err(why) = agrees(&row, &got) {
            panic!("{name}: {why}");
        }
    }
}

/// Forced, the other engine gives the same figures, where it answers the
/// question and does so quickly.
#[test]
fn the_other_engine_agrees() {
    let mut forced = 0;
    for row in rows() {
        let name = row["name"].as_str().unwrap();
        let subject = subject(&row);
        if row["engine"].is_null() {
            // A check names no engine.
            continue;
        }
        let quick = subject.squares() <= 100_000;
        let sparse_plays = subject.rules().optional.is_none()
            && subject.rules().bonus.is_none()
            && row["query"]["dice"].is_null()
            && row["query"]["exact"].is_null();
        if !quick || !sparse_plays {
            continue;
        }
        let other = match row["engine"].as_str().unwrap() {
            "dense" => Engine::Sparse,
            _ => Engine::Dense,
        };
        let got = answer(&row, &subject, Some(other));
        assert_eq!(got["engine"], other.name(), "{name}");
        assert_eq!(got["min_rolls"], row["expected"]["min_rolls"], "{name}");
        if let Some(mean) = row["expected"]["mean"].as_f64() {
            let found = got["mean"].as_f64().unwrap();
            assert!(
                (found - mean).abs() <= 1e-9 * mean,
                "{name}: {found} against {mean}"
            );
        }
        forced += 1;
    }
    assert!(forced >= 3, "only {forced} rows forced the other engine");
}
