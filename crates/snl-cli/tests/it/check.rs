//! `snl check`.

use serde_json::Value;

use crate::{SEED_20, ok, snl};

#[test]
fn a_good_board_passes() {
    let out = ok(&["check", "--preset", "leetcode-909"], None);
    assert_eq!(
        out,
        "\
board: leetcode-909, 36 squares, 3 jumps
rules: die d6, finish exact, no chaining, start on square 1
ok: no errors, no warnings
"
    );
}

#[test]
fn warnings_alone_exit_0() {
    // The snake 9->2 ends where the ladder 2->19 starts.
    let out = ok(&["check", "-"], Some(SEED_20));
    assert!(
        out.contains("\nwarning[ends-on-jump]: the snake 9->2 ends on square 2, where the ladder 2->19 starts"),
        "{out}"
    );
    assert!(out.ends_with("\nok: no errors, 1 warning\n"), "{out}");
    let v: Value = serde_json::from_str(&ok(&["check", "--json"], Some(SEED_20))).unwrap();
    assert_eq!(v["errors"], serde_json::json!([]));
    assert_eq!(v["warnings"][0]["code"], "ends-on-jump");
    assert_eq!(v["warnings"][0]["squares"], serde_json::json!([9, 2]));
}

/// Off the board, two jumps from one square, and a jump from the last square.
const BROKEN: &str =
    r#"{"squares": 10, "ladders": [[3, 11], [4, 8], [4, 9]], "snakes": [[10, 2]]}"#;

#[test]
fn errors_exit_1_and_are_all_listed() {
    let run = snl(&["check"], Some(BROKEN));
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stderr, "");
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn errors_as_json() {
    let run = snl(&["check", "--json"], Some(BROKEN));
    assert_eq!(run.code, 1);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["errors"].as_array().unwrap().len(), 3);
    assert!(v["warnings"].is_array());
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn solve_refuses_a_broken_board_and_points_at_check() {
    let run = snl(&["solve"], Some(BROKEN));
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "snl: error: standard input: ladders[0]: the jump 3->11 leaves the board; \
         squares are numbered 1 to 10 (`snl check` lists every problem)\n"
    );
}

#[test]
fn a_chain_circle_is_an_error_only_with_chaining() {
    let circle = r#"{"squares": 12, "ladders": [[2, 5], [5, 9]], "snakes": [[9, 5]]}"#;
    let v: Value = serde_json::from_str(&ok(&["solve", "--json"], Some(circle))).unwrap();
    assert!(v["min_rolls"].is_number());
    let run = snl(&["solve", "--chain"], Some(circle));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("5->9->5") && run.stderr.contains("`snl check`"),
        "{}",
        run.stderr
    );
}
