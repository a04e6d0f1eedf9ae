//! Bad input: one clear message on stderr, exit 2, nothing on stdout, and
//! never a panic. A closed pipe is not an error.

use std::fmt::Write as _;
use std::process::Command;

use crate::{SEED_20, snl, workspace};

/// `(args, stdin)` for every kind of bad input or usage.
const CASES: &[(&[&str], Option<&str>)] = &[
    (&["solve", "testdata/no-such-board.json"], None),
    (&["solve", "crates/snl-cli/tests/data/empty.json"], None),
    (&["solve"], Some("")),
    (&["solve"], Some("this is not a board")),
    (&["solve"], Some(r#"{"snakes": "many"}"#)),
    (&["solve"], Some("[[-1, -1, -1], [-1, -1], [-1, -1, -1]]")),
    (
        &["solve"],
        Some(r#"{"squares": 123456789012345678901234567890}"#),
    ),
    (&["solve"], Some(r#"{"squares": -5}"#)),
    (&["solve"], Some(r#"{"squares": 5000000000000000000}"#)),
    (&["expect", "--visits"], Some(r#"{"squares": 2000000000}"#)),
    (&["solve"], Some("[[-1, 1e99], [-1, -1]]")),
    (
        &["solve", "--format", "pairs-text", "--squares", "20"],
        Some("2 2 19\n0\n"),
    ),
    (&["solve", "--format", "grid"], Some(SEED_20)),
    (&["solve", "--preset", "monopoly"], None),
    (&["solve", "--faces", "0"], Some(SEED_20)),
    (&["solve", "--die", "six"], Some(SEED_20)),
    (&["solve", "--faces", "6", "--die", "d6"], Some(SEED_20)),
    (&["solve", "--start", "2"], Some(SEED_20)),
    (
        &["solve", "--method", "brute", "--preset", "milton-bradley"],
        None,
    ),
    (&["check", "--preset", "milton-bradley", "board.json"], None),
    // One ladder pair on a line of its own and no snake count.
    (&["solve", "--format", "pairs-text"], Some("1\n2 5\n")),
    (
        &["solve"],
        Some(r#"{"squares": 10, "rules": {"faces": -1000}}"#),
    ),
    // A budget of no time at all: both times said as they are.
    (
        &[
            "expect",
            "--preset",
            "milton-bradley",
            "--max-time",
            "1e-300",
        ],
        None,
    ),
    (&["frobnicate"], None),
];

#[test]
fn every_bad_input_is_one_message_and_exit_2() {
    let mut report = String::new();
    for (args, stdin) in CASES {
        let run = snl(args, *stdin);
        assert_eq!(run.code, 2, "snl {args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "snl {args:?} printed an answer");
        assert!(!run.stderr.contains("panicked"), "snl {args:?} panicked");
        let stdin = stdin.map_or(String::new(), |s| format!(" <<< {s:?}"));
        writeln!(report, "$ snl {}{stdin}\n{}", args.join(" "), run.stderr).unwrap();
    }
    insta::assert_snapshot!(report);
}

/// Runs `script` to give `snl` a terminal on stdin; returns what it printed
/// and its exit code.
pub fn in_terminal(args: &str, no_color: bool) -> (String, i32) {
    let bin = assert_cmd::cargo::cargo_bin!("snl");
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &format!("{} {args}", bin.display()), "/dev/null"])
        .current_dir(workspace());
    if no_color {
        cmd.env("NO_COLOR", "1");
    } else {
        cmd.env_remove("NO_COLOR");
    }
    let out = cmd.output().expect("`script` (util-linux) runs");
    (
        String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"),
        out.status.code().unwrap(),
    )
}

#[test]
fn a_terminal_on_stdin_fails_at_once_with_a_hint() {
    let (out, code) = in_terminal("solve", true);
    assert_eq!(code, 2);
    assert_eq!(
        out,
        "snl: error: no board given; give a board file, pipe one in \
         (`snl solve - < board.json`) or use --preset NAME (see `snl presets`)\n"
    );
    // On a terminal `error:` is red, unless NO_COLOR is set (above).
    let (out, _) = in_terminal("solve", false);
    assert!(
        out.starts_with("snl: \x1b[1;31merror:\x1b[0m no board given"),
        "{out:?}"
    );
    let (out, code) = in_terminal("check -", true);
    assert_eq!(code, 2);
    assert!(
        out.contains("`-` reads the board from standard input, which is a terminal"),
        "{out}"
    );
}

#[test]
fn a_closed_pipe_is_quiet() {
    // A 100,000-square board has a path of 16,667 rows: far more than a
    // pipe holds, so snl is still writing when `head` goes away.
    let bin = assert_cmd::cargo::cargo_bin!("snl");
    let script = format!(
        r#"echo '{{"squares": 100000}}' | {} solve --path | head -n 3; echo "exit ${{PIPESTATUS[1]}}" >&2"#,
        bin.display()
    );
    let out = Command::new("bash").args(["-c", &script]).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "board: standard input, 100000 squares, 0 ladders, 0 snakes\n\
         rules: die d6, finish exact, no chaining, start on square 1\n\
         fewest rolls: 16667\n"
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "exit 0\n");
}
