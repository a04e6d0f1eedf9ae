//! `snl design`: the board it prints is a board file every command reads,
//! and the other commands agree that it meets the targets; the same seed
//! prints the same boards; a tuned board stays within its changes; targets
//! no board meets exit 1 with the closest board, impossible ones exit 2.

use std::fs;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;

use crate::{ok, snl};

/// The typical request: 100 squares, 8 ladders, 8 snakes, a mean one roll
/// wide, fair within 0.02 for two players, no trap.
const TYPICAL: [&str; 15] = [
    "design",
    "--squares",
    "100",
    "--ladders",
    "8",
    "--snakes",
    "8",
    "--mean",
    "30..31",
    "--players",
    "2",
    "--fair",
    "0.02",
    "--no-trap",
    "--seed",
];

/// A search that never succeeds: without ladders a 30-square board cannot
/// be played in 6 rolls on average.
const HOPELESS: [&str; 11] = [
    "design",
    "--squares",
    "30",
    "--ladders",
    "0",
    "--snakes",
    "0..2",
    "--mean",
    "5..6",
    "--seed",
    "1",
];

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn the_board_is_a_board_file_the_other_commands_agree_on() {
    let run = snl(&[&TYPICAL[..], &["1"]].concat(), None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The summary says how each target was met.
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(
        lines[0].starts_with("snl: found 1 board in "),
        "{}",
        run.stderr
    );
    assert!(lines[0].ends_with(", seed 1"), "{}", run.stderr);
    assert_eq!(
        lines[1],
        "designed with seed 1: 100 squares, 8 ladders, 8 snakes"
    );
    assert!(
        lines[2].starts_with("  mean 30..31: met ("),
        "{}",
        run.stderr
    );
    assert!(lines[3].starts_with("  fair within 0.02 for 2 players: met (seat 1 0."));
    assert_eq!(lines[4], "  no trap: met (no trap)");
    // The board file, with its name and rules.
    let file = json(&run.stdout);
    assert_eq!(file["name"], "designed with seed 1");
    assert_eq!(file["squares"], 100);
    assert_eq!(file["ladders"].as_array().unwrap().len(), 8);
    assert_eq!(file["rules"]["die"], "d6");
    // `snl expect` and `snl race` read it and agree.
    let expect = json(&ok(&["expect", "-", "--json"], Some(&run.stdout)));
    let mean = expect["mean"].as_f64().unwrap();
    assert!((30.0..=31.0).contains(&mean), "{mean}");
    assert_eq!(expect["board"], "designed with seed 1");
    assert_eq!(expect["never_finishes"], 0.0);
    let race = json(&ok(
        &["race", "-", "--players", "2", "--json"],
        Some(&run.stdout),
    ));
    for w in race["win"].as_array().unwrap() {
        assert!((w.as_f64().unwrap() - 0.5).abs() <= 0.02, "{race}");
    }
    let check = snl(&["check", "-"], Some(&run.stdout));
    assert_eq!(check.code, 0, "{}", check.stdout);
    // The same seed, the same board; another, another.
    assert_eq!(
        snl(&[&TYPICAL[..], &["1"]].concat(), None).stdout,
        run.stdout
    );
    assert_ne!(
        snl(&[&TYPICAL[..], &["2"]].concat(), None).stdout,
        run.stdout
    );
}

#[test]
fn several_boards_are_json_lines_with_their_figures() {
    let out = ok_quiet(&[
        "design",
        "--grid",
        "6",
        "--ladders",
        "2..3",
        "--snakes",
        "2..3",
        "--min-rolls",
        "4",
        "--plain-ends",
        "--no-chains",
        "--count",
        "3",
        "--seed",
        "3",
    ]);
    let lines: Vec<Value> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 3);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["meets"], true);
        assert_eq!(
            line["board"]["name"],
            format!("designed with seed 3, board {}", i + 1)
        );
        assert_eq!(line["figures"]["min_rolls"], 4);
        assert_eq!(line["targets"][0]["target"], "fewest rolls 4");
        // Each board is a board file: `snl solve` agrees on its fewest
        // rolls, and `snl check` finds no chain.
        let board = line["board"].to_string();
        let solve = json(&ok(&["solve", "-", "--json"], Some(&board)));
        assert_eq!(solve["min_rolls"], 4);
        let check = ok(&["check", "-"], Some(&board));
        assert!(!check.contains("ends-on-jump"), "{check}");
        for pair in line["board"]["ladders"].as_array().unwrap() {
            let (a, b) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
            assert!(a != 1 && b != 36 && b != 1, "{pair} touches an end");
        }
    }
    assert_ne!(lines[0]["board"], lines[1]["board"]);
    assert_ne!(lines[1]["board"], lines[2]["board"]);
}

/// Runs `snl` and expects exit 0; the summary on stderr is not looked at.
fn ok_quiet(args: &[&str]) -> String {
    let run = snl(args, None);
    assert_eq!(run.code, 0, "snl {args:?}: {}", run.stderr);
    run.stdout
}

#[test]
fn a_tuned_board_stays_within_its_changes_and_says_which() {
    let run = snl(
        &[
            "design",
            "--preset",
            "milton-bradley",
            "--mean",
            "..30",
            "--changes",
            "2",
            "--keep",
            "28->84",
            "--seed",
            "2",
            "--json",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let answer = json(&run.stdout);
    let board = &answer["boards"][0];
    let changes = board["changes"].as_u64().unwrap();
    assert!((1..=2).contains(&changes), "{board}");
    assert_eq!(board["changed"].as_array().unwrap().len() as u64, changes);
    assert_eq!(board["board"]["name"], "milton-bradley, tuned with seed 2");
    // Its rules are the preset's: off the board, exact finish.
    assert_eq!(board["board"]["rules"]["start"], 0);
    assert!(
        board["board"]["ladders"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!([28, 84]))
    );
    let expect = json(&ok(
        &["expect", "-", "--json"],
        Some(&board["board"].to_string()),
    ));
    assert!(expect["mean"].as_f64().unwrap() <= 30.0);
    for c in board["changed"].as_array().unwrap() {
        assert!(
            run.stderr
                .contains(&format!("  changed: {}", c.as_str().unwrap()))
        );
    }
    // The changes, counted here against the preset's own jumps: a move
    // (either end) counts once.
    let origin = snl::presets::find("milton-bradley")
        .unwrap()
        .board()
        .unwrap();
    let pairs = |kind: &str| -> Vec<(u32, u32)> {
        board["board"][kind]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p[0].as_u64().unwrap() as u32, p[1].as_u64().unwrap() as u32))
            .collect()
    };
    let now: Vec<(u32, u32)> = [pairs("ladders"), pairs("snakes")].concat();
    let gone = origin
        .jumps()
        .filter(|j| !now.contains(&(j.from, j.to)))
        .count();
    let new = now
        .iter()
        .filter(|&&(from, to)| origin.jump(from) != Some(to))
        .count();
    assert_eq!(gone.max(new) as u64, changes);
}

#[test]
fn targets_no_board_meets_give_the_closest_board_and_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("closest.json");
    let run = snl(
        &[&HOPELESS[..], &["--time", "1", "-o", out.to_str().unwrap()]].concat(),
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("snl: no board met the targets in the time ("),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("the closest board, given below, does not:")
    );
    assert!(
        run.stderr.contains("  mean 5..6: missed by "),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains(": met"), "{}", run.stderr);
    let file = json(&fs::read_to_string(&out).unwrap());
    assert_eq!(file["name"], "designed with seed 1, closest");
    let expect = json(&ok(&["expect", out.to_str().unwrap(), "--json"], None));
    assert!(expect["mean"].as_f64().unwrap() > 6.0);
}

#[test]
fn impossible_requests_exit_2_with_the_reason() {
    for (args, why) in [
        (
            &[
                "design",
                "--squares",
                "100",
                "--length",
                "1..10",
                "--mean",
                "3..5",
            ][..],
            "a mean of at most 5 rolls is below the fewest rolls any board of 100 squares allows here (7: a roll moves the pawn at most 16 squares)",
        ),
        (
            &[
                "design",
                "--squares",
                "20",
                "--ladders",
                "15",
                "--snakes",
                "10",
            ][..],
            "15 ladders and 10 snakes do not fit on 20 squares",
        ),
        (
            &["design", "--squares", "100", "--fair", "0"][..],
            "no race is exactly fair",
        ),
        (
            &[
                "design",
                "--squares",
                "100",
                "--keep",
                "1->100",
                "--plain-ends",
            ][..],
            "the pinned jump 1->100 touches the first or last square",
        ),
        (
            &["design", "--squares", "100", "--optional", "ladders"][..],
            "the rules let a player decline jumps (`optional: ladders`), but the search weighs every board with every jump taken",
        ),
    ] {
        let run = snl(args, None);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "");
        assert!(
            run.stderr
                .starts_with("snl: error: no board can meet this request:\n  "),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains(why), "{args:?}: {}", run.stderr);
    }
    let run = snl(&["design", "--squares", "100", "--changes", "2"], None);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("--changes counts the changes from a board"),
        "{}",
        run.stderr
    );
    let run = snl(&["design", "--mean", "thirty"], None);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("`thirty` is not a range of numbers"),
        "{}",
        run.stderr
    );
    let run = snl(&["design", "--keep", "1-"], None);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("write FROM->TO"), "{}", run.stderr);
}

#[test]
fn the_json_document_and_the_picture() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("board.svg");
    let run = snl(
        &[
            "design",
            "--squares",
            "40",
            "--ladders",
            "2",
            "--snakes",
            "2",
            "--mean",
            "10..12",
            "--sd",
            "..6",
            "--within",
            "15:80%",
            "--seed",
            "4",
            "--json",
            "--name",
            "forty",
            "--picture",
            svg.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let answer = json(&run.stdout);
    assert_eq!(answer["seed"], 4);
    assert_eq!(answer["squares"], 40);
    assert_eq!(
        answer["targets"],
        serde_json::json!(["mean 10..12", "sd ..6", "within 15 rolls at least 80%"])
    );
    assert_eq!(answer["stopped"], Value::Null);
    assert_eq!(answer["closest"], Value::Null);
    let board = &answer["boards"][0];
    assert_eq!(board["board"]["name"], "forty");
    assert_eq!(board["meets"], true);
    let within = board["figures"]["within"][0]["chance"].as_f64().unwrap();
    assert!(within >= 0.8, "{board}");
    let expect = json(&ok(
        &["expect", "-", "--json", "--within", "15"],
        Some(&board["board"].to_string()),
    ));
    assert!((expect["within"]["15"].as_f64().unwrap() - within).abs() < 1e-12);
    let picture = fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg") && picture.contains("forty"),
        "{picture:.200}"
    );
}

/// Ctrl-C stops the search and keeps the closest board so far: exit 130.
#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_best_so_far() {
    let args = [&HOPELESS[..], &["--time", "120"]].concat();
    let run = crate::interrupted(&args, Duration::from_millis(1500));
    assert_eq!(run.code, 130, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("no board met the targets before Ctrl-C"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .ends_with("snl: stopped by Ctrl-C; the answer above is what was computed by then\n"),
        "{}",
        run.stderr
    );
    assert_eq!(json(&run.stdout)["name"], "designed with seed 1, closest");
}

/// On a terminal the search shows a bar of its time and what it has found.
#[test]
fn a_terminal_shows_the_progress() {
    let bin = assert_cmd::cargo::cargo_bin!("snl");
    let line = format!("{} {} --time 1.5", bin.display(), HOPELESS.join(" "));
    let out = Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .current_dir(crate::workspace())
        .env("NO_COLOR", "1")
        .output()
        .expect("`script` (util-linux) runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("of the time; found 0 of 1"), "{text}");
    assert!(text.contains("the closest board misses 1 target"), "{text}");
}

/// `--time` bounds the whole run, the measuring of what was found
/// included: `--time 1` ends within 1.5 s on boards of 10^4 and 10^5
/// squares (where each candidate takes a solve of its game), and a board
/// past the search's limit is refused at once, naming the limit, with or
/// without `--force`.
#[test]
fn the_time_bounds_the_whole_run() {
    for squares in ["10000", "100000"] {
        let started = std::time::Instant::now();
        let run = snl(
            &[
                "design",
                "--squares",
                squares,
                "--mean",
                "20000..30000",
                "--time",
                "1",
                "--seed",
                "1",
            ],
            None,
        );
        let took = started.elapsed().as_secs_f64();
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(took < 1.5, "{squares} squares: {took} s; {}", run.stderr);
    }
    for force in [&[][..], &["--force"][..]] {
        let started = std::time::Instant::now();
        let run = snl(
            &[
                &[
                    "design",
                    "--squares",
                    "1073741824",
                    "--mean",
                    "20000..30000",
                    "--time",
                    "1",
                ][..],
                force,
            ]
            .concat(),
            None,
        );
        let took = started.elapsed().as_secs_f64();
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(took < 1.0, "{force:?}: {took} s");
        assert!(
            run.stderr.contains(
                "a design takes boards of up to 1,048,576 squares (2^20), and this one has 1073741824"
            ),
            "{}",
            run.stderr
        );
    }
}

/// When no candidate could be weighed in the time, the summary says so and
/// what to do, and promises no board.
#[test]
fn no_candidate_weighed_is_said_and_no_board_promised() {
    let run = snl(
        &[
            "design",
            "--squares",
            "30",
            "--mean",
            "9..10",
            "--time",
            "1e-9",
            "--seed",
            "1",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert!(!run.stderr.contains("given below"), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "no candidate board was weighed in the time; give the search more time (--time)"
        ),
        "{}",
        run.stderr
    );
}

/// Pinned jumps that go round in a circle under chaining are refused up
/// front, naming the squares of the circle and the fix.
#[test]
fn pinned_jumps_in_a_circle_under_chaining_are_refused() {
    let run = snl(
        &[
            "design",
            "--squares",
            "30",
            "--chain",
            "--keep",
            "5:20",
            "--keep",
            "20:5",
            "--seed",
            "1",
        ],
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "snl: error: no board can meet this request:\n  the pinned jumps 5->20 and 20->5 go round in a circle under chaining (5 -> 20 -> 5), where a pawn would never stop; pin fewer of them, or design without chaining\n"
    );
    // Without chaining the same jumps are a board like any other.
    let run = snl(
        &[
            "design",
            "--squares",
            "30",
            "--keep",
            "5:20",
            "--keep",
            "20:5",
            "--seed",
            "1",
            "--time",
            "1",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// A time past the cap is refused naming the cap, not as if it were not a
/// number.
#[test]
fn a_time_past_the_cap_names_the_cap() {
    let run = snl(&["design", "--time", "1e8"], None);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "invalid value '1e8' for '--time <SECONDS>': `1e8` seconds is more than the most a search may take, 10,000,000 (about 116 days)"
        ),
        "{}",
        run.stderr
    );
    let run = snl(&["design", "--time", "0"], None);
    assert!(
        run.stderr
            .contains("`0` is not a number of seconds above 0, such as 5"),
        "{}",
        run.stderr
    );
}

/// The cap on --count is the library's, with its message (Python's
/// `snl.design(count=...)` says the same).
#[test]
fn the_count_is_capped_with_the_library_message() {
    for count in ["1001", "0"] {
        let run = snl(&["design", "--count", count], None);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(
            run.stderr.contains(&format!(
                "invalid value '{count}' for '--count <K>': a search for {count} boards; ask for 1 to 1,000 (another seed finds more)"
            )),
            "{}",
            run.stderr
        );
    }
}
