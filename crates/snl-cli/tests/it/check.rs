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
winnable: always: the last square can be reached from every square the pawn can rest on
ok: no errors, no warnings
"
    );
}

#[test]
fn the_class_the_trap_and_its_chance() {
    let out = ok(&["check", "testdata/wall-20.pairs.json"], None);
    assert!(
        out.contains("\nwinnable: occasionally: squares 3 to 9 trap the pawn for ever; a game falls there with chance 0.833333\n"),
        "{out}"
    );
    let v: Value = serde_json::from_str(&ok(
        &["check", "testdata/wall-20.pairs.json", "--json"],
        None,
    ))
    .unwrap();
    let w = &v["winnable"];
    assert_eq!(w["class"], "occasionally");
    assert_eq!(w["trap"], serde_json::json!([[3, 9]]));
    assert_eq!(
        (w["trap_squares"].as_u64(), w["trap_listed_all"].as_bool()),
        (Some(7), Some(true))
    );
    assert!((w["chance"].as_f64().unwrap() - 5.0 / 6.0).abs() < 1e-12);
    // Never: the pawn held from the start; from off the board, the start
    // is part of the trap.
    let never = r#"{"squares": 10, "snakes": [[4, 2], [5, 2], [6, 2], [7, 2], [8, 2], [9, 2]]}"#;
    let out = ok(&["check", "-", "--start", "0"], Some(never));
    assert!(
        out.contains("\nwinnable: never: no rolls from the start reach the last square; the pawn is held on squares 0 (the start off the board) to 3\n"),
        "{out}"
    );
    // No class with jumps that may be declined, nor with errors.
    let v: Value = serde_json::from_str(&ok(
        &["check", "-", "--optional", "snakes", "--json"],
        Some(never),
    ))
    .unwrap();
    assert!(v.get("winnable").is_none(), "{v}");
    let run = snl(&["check", "--json"], Some(BROKEN));
    assert!(!run.stdout.contains("winnable"), "{}", run.stdout);
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

/// A board past 2^30 squares is checked from its jumps: errors, a circle
/// under chaining, warnings, and under a bonus limit which warnings were
/// not looked for and why.
#[test]
fn boards_past_2_30_squares_are_checked() {
    let out = ok(&["check", "testdata/long/trillion.pairs.json"], None);
    assert!(out.ends_with("\nok: no errors, no warnings\n"), "{out}");
    let broken = r#"{"squares": 1000000000000, "ladders": [[3, 1000000000001]], "snakes": [[1000000000000, 5]]}"#;
    let run = snl(&["check", "--json", "-"], Some(broken));
    assert_eq!(run.code, 1, "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["errors"][0]["code"], "off-board");
    assert_eq!(v["errors"][0]["squares"], serde_json::json!([3]));
    assert_eq!(v["errors"][1]["code"], "from-last");
    assert_eq!(
        v["errors"][1]["squares"],
        serde_json::json!([1_000_000_000_000_u64])
    );
    let circle = r#"{"squares": 1000000000000, "ladders": [[40, 999999999000]], "snakes": [[999999999000, 40]]}"#;
    let run = snl(&["check", "--chain", "-"], Some(circle));
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout.contains("error[cycle]: with chaining on, the jumps from squares 40->999999999000->40 lead round in a circle"),
        "{}",
        run.stdout
    );
    let twice = r#"{"squares": 1000000000000, "ladders": [[40, 999999999000]], "snakes": [[999999999000, 40]]}"#;
    let out = ok(&["check", "-"], Some(twice));
    assert!(
        out.contains("warning[ends-on-jump]: the ladder 40->999999999000 ends on square 999999999000, where the snake 999999999000->40 starts"),
        "{out}"
    );
    let run = snl(&["check", "--bonus-limit", "3", "-"], Some(twice));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .ends_with("\nok: no errors, 2 warnings (the rest was not checked: see the note)\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains("the warnings that need where a pawn can go (never-landed, goal-unreachable, trap) were not looked for: a bonus limit is not supported"),
        "{}",
        run.stderr
    );
}

/// With optional jumps, a note names each jump the best play never takes;
/// over the budget for that play, every error and warning is still found
/// and a note on stderr says what was not.
#[test]
fn optional_jumps_note_the_ones_the_best_play_never_takes() {
    let out = ok(&["check", "-", "--optional", "all"], Some(SEED_20));
    assert!(
        out.contains("\nnote[never-taken]: the best play with a real die never takes the snake 9->2: from square 9 a game lasts "),
        "{out}"
    );
    assert!(
        out.ends_with("\nok: no errors, 1 warning; 1 note\n"),
        "{out}"
    );
    let v: Value = serde_json::from_str(&ok(
        &["check", "-", "--optional", "snakes", "--json"],
        Some(SEED_20),
    ))
    .unwrap();
    assert_eq!(v["rules"]["optional"], "snakes");
    assert_eq!(v["notes"][0]["code"], "never-taken");
    assert_eq!(v["notes"][0]["squares"], serde_json::json!([9, 2]));
    assert_eq!(v["notes"].as_array().unwrap().len(), 1);
    // The ladders are worth taking, and without the rule there is no note.
    for optional in ["ladders", "none"] {
        let v: Value = serde_json::from_str(&ok(
            &["check", "-", "--optional", optional, "--json"],
            Some(SEED_20),
        ))
        .unwrap();
        assert_eq!(v.get("notes"), None, "{optional}");
    }
    let board = r#"{"squares": 2000, "ladders": [[10, 1900]], "snakes": [[1500, 3]]}"#;
    let run = snl(
        &["check", "-", "--optional", "all", "--max-memory", "0.0001"],
        Some(board),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (stdout, stderr) = (&run.stdout, &run.stderr);
    assert!(
        stderr.starts_with("snl: note: every error and warning was looked for, but not the jumps the best play never takes: the best play would need about "),
        "{stderr}"
    );
    assert!(
        stdout.ends_with("\nok: no errors, no warnings (the jumps the best play never takes were not looked for: see the note)\n"),
        "{stdout}"
    );
    let out = ok(&["check", "-", "--optional", "all"], Some(board));
    assert!(
        out.contains(
            "\nnote[never-taken]: the best play with a real die never takes the snake 1500->3: "
        ),
        "{out}"
    );
}

#[test]
fn a_snake_to_square_0_is_an_error_with_the_pawn_on_square_1() {
    let board = r#"{"squares": 20, "snakes": [[11, 0]]}"#;
    let run = snl(&["check", "-"], Some(board));
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "error[to-square-0]: snakes[0]: the snake from square 11 leads to square 0, off the board"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("add \"start\": 0 to the rules (--start 0), or end the snake on square 1"),
        "{}",
        run.stdout
    );
    let v: Value =
        serde_json::from_str(&snl(&["check", "-", "--json"], Some(board)).stdout).unwrap();
    assert_eq!(v["errors"][0]["code"], "to-square-0");
    assert_eq!(v["errors"][0]["squares"], serde_json::json!([11]));
    // Off the board, square 0 is where the pawn starts.
    let out = ok(&["check", "-", "--start", "0"], Some(board));
    assert!(out.ends_with("ok: no errors, no warnings\n"), "{out}");
}

/// Ctrl-C stops a check as it stops every other command: exit 130 and
/// "stopped by Ctrl-C", with no verdict printed.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_check_with_exit_130() {
    // 2·10^7 squares under --force: the warnings' tables take seconds.
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("long.json");
    std::fs::write(
        &board,
        r#"{"squares": 20000000, "snakes": [[150, 3]], "ladders": [[5, 100]]}"#,
    )
    .unwrap();
    let run = crate::interrupted(
        &["check", board.to_str().unwrap(), "--force"],
        std::time::Duration::from_secs(1),
    );
    assert_eq!(run.code, 130, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "snl: stopped by Ctrl-C before the answer was complete; nothing was written\n"
    );
    assert!(!run.stdout.contains("ok:"), "{}", run.stdout);
}
