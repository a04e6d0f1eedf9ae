//! `snl gen`: the same seed gives the same boards, every constraint holds
//! on every board, and the answers in its JSON Lines are `snl solve`'s.

use serde_json::Value;

use crate::{ok, snl};

fn lines(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["gen"];
    all.extend(args);
    ok(&all, None)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// The board of a JSON Lines case as text `snl solve` reads.
fn board_text(case: &Value) -> String {
    match &case["board"] {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// `snl solve --json` on a case's board, under the case's rules flags.
fn solve(case: &Value, format: &str, rules: &[&str]) -> Value {
    let mut args = vec!["solve", "-", "--json", "--format", format];
    args.extend(rules);
    serde_json::from_str(&ok(&args, Some(&board_text(case)))).unwrap()
}

#[test]
fn the_same_seed_gives_the_same_boards() {
    let args = [
        "--grid", "3..7", "--cases", "20", "--seed", "11", "--format", "grid",
    ];
    let first = ok(&[&["gen"], &args[..]].concat(), None);
    assert_eq!(first, ok(&[&["gen"], &args[..]].concat(), None));
    assert_eq!(first.lines().count(), 20);
    let other = ok(
        &[
            "gen", "--grid", "3..7", "--cases", "20", "--seed", "12", "--format", "grid",
        ],
        None,
    );
    assert_ne!(first, other);
    // The first boards of a longer run are the same boards.
    let longer = ok(
        &[
            "gen", "--grid", "3..7", "--cases", "25", "--seed", "11", "--format", "grid",
        ],
        None,
    );
    assert!(longer.starts_with(&first));
}

/// Pinned output: these boards must come out the same on every machine and
/// after every change that is not meant to change them.
#[test]
fn seeded_boards_are_pinned() {
    let first = [
        "gen",
        "--squares",
        "20",
        "--density",
        "1/4",
        "--seed",
        "42",
        "--format",
        "pairs-text",
    ];
    assert_eq!(ok(&first, None), "1 6 19\n0\n");
    let case = &lines(&[
        "--squares",
        "20",
        "--density",
        "1/4",
        "--seed",
        "42",
        "--cases",
        "2",
    ])[1];
    assert_eq!(
        case["board"],
        serde_json::json!({"squares": 20, "ladders": [[1, 5], [8, 10], [17, 19]], "snakes": [[5, 2], [6, 3], [14, 2]]})
    );
    assert_eq!(case["min_rolls"], 4);
}

#[test]
fn answers_match_snl_solve_in_every_form() {
    for format in ["grid", "moves", "pairs", "pairs-text"] {
        for case in lines(&[
            "--format",
            format,
            "--cases",
            "12",
            "--seed",
            "3",
            "--density",
            "0.3",
        ]) {
            let solved = solve(&case, format, &[]);
            assert_eq!(case["min_rolls"], solved["min_rolls"], "{format}: {case}");
            assert_eq!(
                case["rules"]["die"], solved["rules"]["die"],
                "{format}: {case}"
            );
        }
    }
}

#[test]
fn means_match_snl_expect() {
    for case in lines(&[
        "--squares",
        "30",
        "--cases",
        "8",
        "--seed",
        "4",
        "--mean",
        "--no-trap",
    ]) {
        let args = ["expect", "-", "--json", "--format", "pairs"];
        let expect: Value = serde_json::from_str(&ok(&args, Some(&board_text(&case)))).unwrap();
        let (a, b) = (
            case["mean"].as_f64().unwrap(),
            expect["mean"].as_f64().unwrap(),
        );
        assert!((a - b).abs() < 1e-9, "{a} {b}");
    }
}

#[test]
fn every_constraint_holds_on_every_board() {
    let base = [
        "--squares",
        "10..40",
        "--density",
        "0.3",
        "--cases",
        "15",
        "--seed",
        "8",
    ];
    let with = |extra: &[&str]| lines(&[&base[..], extra].concat());
    for case in with(&["--solvable"]) {
        assert!(solve(&case, "pairs", &[])["min_rolls"].is_u64(), "{case}");
    }
    for case in with(&["--unsolvable"]) {
        assert!(solve(&case, "pairs", &[])["min_rolls"].is_null(), "{case}");
    }
    for case in with(&["--min-rolls", "3..4"]) {
        let k = solve(&case, "pairs", &[])["min_rolls"].as_u64().unwrap();
        assert!((3..=4).contains(&k), "{case}");
    }
    for case in with(&["--chains"]) {
        let b = &case["board"];
        let starts: Vec<u64> = ["ladders", "snakes"]
            .iter()
            .flat_map(|k| {
                b[k].as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p[0].as_u64().unwrap())
            })
            .collect();
        let ends_on_start = ["ladders", "snakes"]
            .iter()
            .flat_map(|k| {
                b[k].as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p[1].as_u64().unwrap())
            })
            .any(|to| starts.contains(&to));
        assert!(ends_on_start, "{case}");
    }
    for case in with(&["--trap", "--chain"]) {
        assert_eq!(case["rules"]["chain"], true);
        let args = ["expect", "-", "--json", "--chain"];
        let expect: Value = serde_json::from_str(&ok(&args, Some(&board_text(&case)))).unwrap();
        assert!(expect["never_finishes"].as_f64().unwrap() > 0.0, "{case}");
    }
    for case in lines(&[
        "--grid",
        "4",
        "--ladders",
        "2",
        "--snakes",
        "1..3",
        "--length",
        "2..5",
        "--no-start-jump",
        "--cases",
        "15",
        "--seed",
        "1",
        "--format",
        "moves",
    ]) {
        let moves = case["board"]["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 16);
        assert_eq!(moves[0], -1, "square 1 starts no jump: {case}");
        let jumps: Vec<(i64, i64)> = moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.as_i64() != Some(-1))
            .map(|(i, m)| (i as i64, m.as_i64().unwrap()))
            .collect();
        assert_eq!(jumps.iter().filter(|(f, t)| t > f).count(), 2, "{case}");
        assert!(
            (1..=3).contains(&jumps.iter().filter(|(f, t)| t < f).count()),
            "{case}"
        );
        assert!(
            jumps.iter().all(|(f, t)| (2..=5).contains(&(t - f).abs())),
            "{case}"
        );
    }
}

#[test]
fn one_board_is_a_board_file() {
    let grid = ok(
        &["gen", "--grid", "6", "--seed", "1", "--format", "grid"],
        None,
    );
    assert!(grid.starts_with("[\n  ["), "{grid}");
    // It reads back as a board, and non-default rules travel with it.
    ok(&["solve", "-"], Some(&grid));
    let moves = ok(
        &[
            "gen",
            "--squares",
            "30",
            "--seed",
            "1",
            "--format",
            "moves",
            "--chain",
        ],
        None,
    );
    let solved: Value = serde_json::from_str(&ok(&["solve", "-", "--json"], Some(&moves))).unwrap();
    assert_eq!(solved["rules"]["chain"], true);
}

#[test]
fn impossible_requests_are_usage_errors() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["gen", "--squares", "5", "--jumps", "9", "--seed", "1"],
            "do not fit on a board of 5 squares",
        ),
        (
            &["gen", "--squares", "2", "--unsolvable", "--seed", "1"],
            "none of 20000 random boards met the constraints",
        ),
        (
            &["gen", "--format", "grid", "--squares", "20", "--seed", "1"],
            "use --grid N",
        ),
        (&["gen", "--squares", "9..3"], "9..3 is an empty range"),
        (
            &["gen", "--density", "2"],
            "`2` is not a chance from 0 to 1",
        ),
    ];
    for (args, message) in cases {
        let run = snl(args, None);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
    // Without --seed the seed is drawn and told.
    let run = snl(&["gen", "--squares", "10"], None);
    assert_eq!(run.code, 0);
    assert!(run.stderr.contains("add --seed"), "{}", run.stderr);
}

/// The largest boards are drawn in memory: over the budget they are refused
/// before anything is drawn, with what they need, where they aborted the
/// process (exit 134) under a memory limit.
#[test]
fn boards_over_the_budget_are_refused_before_they_are_drawn() {
    for args in [
        &["gen", "--squares", "1073741824"][..],
        &["gen", "--grid", "32768", "--format", "moves"],
        &["gen", "--squares", "100000000", "--max-memory", "0.5"],
    ] {
        let start = std::time::Instant::now();
        let run = snl(args, None);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("drawing and writing the board would need about")
                && run.stderr.contains("more than the budget of")
                && run.stderr.contains("--force"),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty());
        assert!(
            start.elapsed().as_secs() < 5,
            "{args:?}: {:?}",
            start.elapsed()
        );
    }
    // Within it, as before.
    let board = ok(&["gen", "--squares", "100000", "--seed", "1"], None);
    assert!(board.starts_with('{'), "{}", &board[..40]);
}
