//! Every command at its limits: an answer that says what it could not
//! compute, or exit 2 with a message naming the value and the limit; never
//! a wrong number with exit 0, an abort, or a damaged file.
//!
//! Each case runs in well under a second in a debug build: a small
//! `--max-time` or `--max-memory` budget makes the command meet its limit
//! on a board it would otherwise spend minutes on, and a refusal is made
//! from sizes before the work.

use std::fs;

use crate::{SEED_20, snl};

/// `squares` squares, every odd square from 3 a snake to square 1: games
/// last astronomically long (the mean is about 5·10^14 rolls on 200
/// squares, beyond floating point on 5,000).
fn odd_snakes(squares: u32) -> String {
    let snakes: Vec<String> = (3..squares)
        .step_by(2)
        .map(|s| format!("[{s}, 1]"))
        .collect();
    format!(
        r#"{{"squares": {squares}, "ladders": [], "snakes": [{}]}}"#,
        snakes.join(", ")
    )
}

/// A race whose distributions were cut short says so in its text, instead
/// of printing win chances of 0 as if they were the answer.
#[test]
fn race_cut_short_says_what_is_unresolved() {
    let run = snl(&["race", "--max-time", "0.01"], Some(&odd_snakes(200)));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("unresolved: 1.000000"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("expected rounds: at least"),
        "{}",
        run.stdout
    );
    // A race that is resolved shows no such line.
    let run = snl(&["race", "--preset", "milton-bradley"], None);
    assert!(!run.stdout.contains("unresolved"), "{}", run.stdout);
}

/// On a board whose games outlast the work allowed, the plot and the
/// report do not say that no game ever ends.
#[test]
fn long_games_are_not_called_endless() {
    let board = r#"{"squares": 20000}"#;
    // Enough for the mean and variance (about 5 ms), not for the
    // distribution.
    let run = snl(&["plot", "--max-time", "0.01"], Some(board));
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains("no game had ended by then"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("ever ends"), "{}", run.stderr);
}

/// A plot whose mean is 10^14 rolls draws what was followed (it used to
/// ask for a table of 10^14 points and abort).
#[test]
fn a_plot_of_astronomically_long_games_is_drawn() {
    let run = snl(&["plot", "--max-time", "0.01"], Some(&odd_snakes(200)));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("<svg"), "{}", &run.stdout[..100]);
    assert!(
        run.stdout.contains("rolls only)"),
        "the title says it is partial"
    );
    assert!(run.stderr.contains("unresolved"), "{}", run.stderr);
}

/// A mean beyond floating point is an error, never `mean inf`.
#[test]
fn a_mean_beyond_floating_point_is_not_infinite() {
    let run = snl(&["expect"], Some(&odd_snakes(5000)));
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("beyond 1.8e308"), "{}", run.stderr);
    assert!(!run.stdout.contains("inf"), "{}", run.stdout);
}

/// The fewest rolls come from the search: text and JSON agree even when
/// the distribution was cut short before any game ended.
#[test]
fn expect_shows_the_fewest_rolls_in_text_and_json() {
    let board = r#"{"squares": 20000}"#;
    // Enough for the mean and variance, not for the distribution.
    let text = snl(&["expect", "--max-time", "0.01"], Some(board));
    assert_eq!(text.code, 0, "{}", text.stderr);
    // From square 1 to 20000 with a d6: 19999 / 6 rounded up.
    assert!(text.stdout.contains("fewest     3334\n"), "{}", text.stdout);
    let json = snl(&["expect", "--max-time", "0.01", "--json"], Some(board));
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["min_rolls"], 3334);
    assert!(v.get("min").is_none());
}

/// A simulation whose exact mean cannot be had says why; it does not call
/// the game unbounded.
#[test]
fn simulate_does_not_call_a_solver_error_unbounded() {
    let run = snl(
        &[
            "simulate",
            "--preset",
            "milton-bradley",
            "--bonus-limit",
            "4294967295",
            "--games",
            "200",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("exact: not computed: the chain"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("unbounded"), "{}", run.stdout);
}

/// Work over the budget is refused before it starts, with exit 2, the
/// need, the budget and how to insist.
#[test]
fn work_over_the_budget_is_refused_up_front() {
    for (args, what) in [
        (
            &[
                "simulate",
                "--preset",
                "milton-bradley",
                "--games",
                "1000000000000000",
            ][..],
            "the simulation would take about",
        ),
        (
            &[
                "duel",
                "--preset",
                "milton-bradley",
                "--max-time",
                "0.00001",
            ][..],
            "the duel would take about",
        ),
        (
            &[
                "expect",
                "--preset",
                "milton-bradley",
                "--max-memory",
                "0.00001",
            ][..],
            "would need about",
        ),
    ] {
        let run = snl(args, None);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(what), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("more than the budget of"),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains("--force"), "{}", run.stderr);
        assert_eq!(run.stdout, "");
    }
    let run = snl(
        &["solve", "--max-time", "0", "--preset", "milton-bradley"],
        None,
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("`0` is not a positive number"),
        "{}",
        run.stderr
    );
}

/// Sizes that used to abort: each is clamped or refused at once.
#[test]
fn huge_sizes_are_clamped_or_refused() {
    // A row wider than the board is the board in one row.
    let run = snl(&["show", "--width", "4294967295"], Some(SEED_20));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let first = run.stdout.lines().next().unwrap();
    assert!(
        first.contains(" 1 ") && first.contains(" 20"),
        "{}",
        run.stdout
    );
    let run = snl(&["render", "--width", "4294967295"], Some(SEED_20));
    assert_eq!(run.code, 0, "{}", run.stderr);
    // A bonus limit whose chain is beyond snl's indices.
    let run = snl(
        &[
            "expect",
            "--preset",
            "milton-bradley",
            "--bonus-limit",
            "4294967295",
        ],
        None,
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("snl handles at most 4294967294"),
        "{}",
        run.stderr
    );
    // A cap of 10^12 rolls: long lengths are counted sparsely.
    let out = crate::ok(
        &[
            "simulate",
            "--preset",
            "milton-bradley",
            "--games",
            "100",
            "--max-rolls",
            "1000000000000",
        ],
        None,
    );
    assert!(out.contains("games: 100 "), "{out}");
    // The largest board: checked as written, the rest refused by budget.
    let run = snl(&["check"], Some(r#"{"squares": 1073741824}"#));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("ok as written"), "{}", run.stdout);
    assert!(
        run.stderr.contains("more than the budget of"),
        "{}",
        run.stderr
    );
    // Too many squares to draw.
    let run = snl(&["render"], Some(r#"{"squares": 20000000}"#));
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("too large to draw"), "{}", run.stderr);
}

/// `-o` never replaces the board being read, writes through a link and
/// keeps the file's mode, and a directory is named as given.
#[test]
fn output_files_are_safe() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("board.json");
    fs::write(&board, SEED_20).unwrap();
    let b = board.to_str().unwrap();
    let run = snl(&["render", b, "-o", b], None);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("is the board file being read"),
        "{}",
        run.stderr
    );
    assert_eq!(fs::read_to_string(&board).unwrap(), SEED_20);

    let out = dir.path().join("sub");
    fs::create_dir(&out).unwrap();
    let given = format!("{}/", out.display());
    let run = snl(&["render", b, "-o", &given], None);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("is a directory"), "{}", run.stderr);
    assert!(!run.stderr.contains(".part"), "{}", run.stderr);

    // A special file is written into, not replaced.
    let run = snl(&["render", b, "-o", "/dev/null"], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
        assert!(
            fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
        let real = dir.path().join("real.svg");
        fs::write(&real, "old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.path().join("link.svg");
        symlink(&real, &link).unwrap();
        let run = snl(&["render", b, "-o", link.to_str().unwrap()], None);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(fs::read_to_string(&real).unwrap().starts_with("<svg"));
        let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    // Nothing else was left behind.
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".part"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

/// Messages show the value as written, then what it means, and a board's
/// name never reaches the terminal with its control characters raw.
#[test]
fn messages_show_values_as_written() {
    for (board, want) in [
        (
            r#"{"squares": 20, "ladders": [[1.0, 9]]}"#,
            "ladders[0]: not a whole number as written",
        ),
        (r#"{"squares": 20, "ladders": [[-0, 9]]}"#, "such as 0"),
        (
            r#"{"squares": 1e3}"#,
            "`squares`: not a whole number as written",
        ),
        (
            r#"{"squares": 20, "ladders": [[2, 1e400]]}"#,
            "ladders[0]: the number is out of range",
        ),
        (
            "[-1, 9, -1, -1]",
            "moves[1] = 9 (0-based: square 2 to square 10): the jump 2->10 leaves the board",
        ),
    ] {
        let run = snl(&["solve"], Some(board));
        assert_eq!(run.code, 2, "{board}");
        assert!(run.stderr.contains(want), "{board}: {}", run.stderr);
        assert!(!run.stderr.contains("too large"), "{board}: {}", run.stderr);
    }
    let board = "{\"squares\": 20, \"name\": \"red\\u001b[31m\\nline\"}";
    let run = snl(&["solve"], Some(board));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains('\u{1b}'), "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with("board: red\\u{1b}[31m\\nline, 20 squares"),
        "{}",
        run.stdout
    );
}

/// Writing to a full standard output says it was standard output.
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_is_named() {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_snl"))
        .args(["solve", "--preset", "milton-bradley"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("writing to standard output"), "{stderr}");
}

/// Ctrl-C stops a command cleanly: a simulation reports the games it
/// played and exits 130; a report being computed writes no file.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_cleanly() {
    use std::process::{Command, Stdio};
    use std::time::Duration;

    let interrupt = |child: &std::process::Child| {
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    };
    let child = Command::new(env!("CARGO_BIN_EXE_snl"))
        .args([
            "simulate",
            "--preset",
            "milton-bradley",
            "--games",
            "1000000000000",
            "--force",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&child);
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("stopped early by Ctrl-C"), "{stderr}");
    assert!(stdout.contains("rolls per game: mean"), "{stdout}");

    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("board.json");
    fs::write(&board, odd_snakes(300)).unwrap();
    let page = dir.path().join("page.html");
    let child = Command::new(env!("CARGO_BIN_EXE_snl"))
        .args([
            "report",
            board.to_str().unwrap(),
            "-o",
            page.to_str().unwrap(),
        ])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&child);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("stopped by Ctrl-C"), "{stderr}");
    let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "only the board is left: {left:?}");
}

/// An analysis whose cost can be told only roughly in advance stops when
/// the budget runs out, with exit 2 and the budget: the exhaustive search,
/// exponential in the board. (The exact mean runs under the same deadline,
/// `Control::timed`, tested in the library: its estimate is now within a
/// fifth of its time, too close for a board to sit reliably between the
/// two on any machine.)
#[test]
fn an_analysis_without_a_sure_estimate_stops_at_the_budget() {
    // Squares 34 to 39 all lead back to 1: the last square cannot be
    // reached, and the search would try every rising sequence of rolls
    // below 34, billions of them.
    let snakes: Vec<String> = (34..40).map(|s| format!("[{s}, 1]")).collect();
    let board = format!(r#"{{"squares": 40, "snakes": [{}]}}"#, snakes.join(", "));
    let run = snl(
        &["solve", "--method", "brute", "--max-time", "0.05"],
        Some(&board),
    );
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("the exhaustive search was stopped when the budget"),
        "{}",
        run.stderr
    );
}

/// Where the sweeps do not converge within the budget, the message gives
/// the cost of solving directly and how to allow it.
#[test]
fn an_unconverged_solve_says_how_to_solve_directly() {
    // Every odd square from 1,001 a snake 1,000 squares down: 500 snakes
    // open at once, and games of about 10^74 rolls.
    let snakes: Vec<String> = (1001..2000)
        .step_by(2)
        .map(|s| format!("[{s}, {}]", s - 1000))
        .collect();
    let board = format!(r#"{{"squares": 2000, "snakes": [{}]}}"#, snakes.join(", "));
    let run = snl(&["expect", "--max-time", "0.001"], Some(&board));
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains("solving it directly would take"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--force"), "{}", run.stderr);
}

/// `snl gen` judges its boards and works out their means under the same
/// budget as every command.
#[test]
fn generated_means_are_under_the_budget() {
    let run = snl(
        &[
            "gen",
            "--squares",
            "100000",
            "--seed",
            "1",
            "--cases",
            "1",
            "--mean",
            "--max-time",
            "0.0001",
        ],
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("the mean of case 0: the mean would take about"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--force"), "{}", run.stderr);
}

/// Visits over the budget are left out, saying why; the mean is given.
#[test]
fn visits_over_the_budget_leave_the_mean_standing() {
    // The statistics fit 2 MB on an empty board of 100,000 squares; the
    // visits' tables do not. The command failed, printing no mean.
    let args = ["expect", "--visits", "--max-memory", "0.002", "-"];
    let board = r#"{"squares": 100000}"#;
    let run = snl(&args, Some(board));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("  mean       "), "{}", run.stdout);
    assert!(run.stdout.contains("visits: not given"), "{}", run.stdout);
    assert!(
        run.stderr.contains(
            "the visits are not given: the expected visits would need about 13 MB of memory, \
             more than the budget of 2.0 MB; --force runs it anyway"
        ),
        "{}",
        run.stderr
    );
    let run = snl(&[&args[..], &["--json"]].concat(), Some(board));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert!(json["mean"].as_f64().is_some(), "{json}");
    assert!(
        json["visits"]["unavailable"]
            .as_str()
            .is_some_and(|why| why.starts_with("the expected visits would need about")),
        "{json}"
    );
}

/// Visits that cannot be computed accurately are left out, saying why; the
/// rest of the answer stands.
#[test]
fn untrustworthy_visits_leave_the_mean_standing() {
    // Every 2 sends the pawn back: 22 ones in a row win, games of 4.7e10
    // rolls, and the transposed solve keeps about five digits.
    let args = ["expect", "--die", "1,2", "--bonus-limit", "1", "--visits"];
    let run = snl(&args, Some(r#"{"squares": 23}"#));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("mean       47071589412.0000"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("visits: not given"), "{}", run.stdout);
    assert!(
        run.stderr.contains("the visits are not given"),
        "{}",
        run.stderr
    );
    let run = snl(
        &[&args[..], &["--json"]].concat(),
        Some(r#"{"squares": 23}"#),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert!(json["visits"]["squares"].is_null(), "{json}");
    assert!(
        json["visits"]["unavailable"]
            .as_str()
            .is_some_and(|why| why.contains("cannot be computed accurately")),
        "{json}"
    );
}

/// Every command that needs a game of tables a square long refuses a
/// valid board past 2^30 squares with its own reason, not as too big for
/// snl: `solve`, `expect` and `check` answer it.
#[test]
fn commands_past_2_30_squares_say_why_they_refuse() {
    use snl::plan::DenseWork;
    let board = "testdata/long/trillion.pairs.json";
    let squares = 1_000_000_000_000;
    let cases: [(&[&str], DenseWork); 9] = [
        (&["show", board], DenseWork::Picture),
        (&["render", board], DenseWork::Picture),
        (&["plot", board], DenseWork::Plot),
        (&["report", board], DenseWork::Report),
        (&["matrix", board], DenseWork::Matrix),
        (&["simulate", board], DenseWork::Simulation),
        (&["duel", board], DenseWork::Duel),
        (&["serve", board, "--port", "0"], DenseWork::Studio),
        (
            &["design", "--from", board, "--mean", "30..31"],
            DenseWork::Design,
        ),
    ];
    for (args, work) in cases {
        let run = crate::snl(args, None);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
        let reason = work.too_long(squares).unwrap();
        assert_eq!(
            run.stderr,
            format!("snl: error: {board}: {reason}\n"),
            "{args:?}"
        );
        assert!(!run.stderr.contains("snl handles at most"), "{args:?}");
    }
    // A broken board still names its own fault first.
    let off = r#"{"squares": 1000000000000, "ladders": [[3, 1000000000001]]}"#;
    for command in ["show", "simulate", "duel", "matrix"] {
        let run = crate::snl(&[command, "-"], Some(off));
        assert_eq!(run.code, 2, "{command}");
        assert!(
            run.stderr.contains("leaves the board"),
            "{command}: {}",
            run.stderr
        );
    }
}

/// The reference's table of the largest board of each command says what the
/// commands do on a board of 10^12 squares: those it gives 2^62 squares
/// answer it (`solve` and `expect` by the sparse engine, as their JSON
/// says), the others refuse it saying they need the engine of tables a
/// square long, and so do the options it names for 2^30 squares.
#[test]
fn the_reference_table_of_largest_boards_is_what_the_commands_do() {
    let reference = fs::read_to_string(crate::workspace().join("docs/reference.md")).unwrap();
    let section = reference
        .split("### The largest board of each command")
        .nth(1)
        .expect("docs/reference.md has the table");
    let rows: Vec<Vec<&str>> = section
        .lines()
        .skip_while(|l| !l.starts_with("| command |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    assert!(rows.len() >= 10, "{rows:?}");
    let board = "testdata/long/trillion.pairs.json";
    let refusal = "needs the engine that keeps tables a square long, which holds boards of up to 2^30 squares; this one has 1000000000000\n";
    // What each command needs besides the board, and each option's value.
    let extra = |command: &str| -> &'static [&'static str] {
        match command {
            "serve" => &["--port", "0"],
            "design --from" => &["--mean", "30..31"],
            _ => &[],
        }
    };
    let value = |option: &str| -> &'static [&'static str] {
        match option {
            "--optional" => &["ladders"],
            "--choose-die" => &["d4"],
            "--within" => &["10"],
            _ => &[],
        }
    };
    let ticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    let mut seen = Vec::new();
    for row in &rows {
        let [commands, largest, engine, _cost] = row[..] else {
            panic!("a row of four cells: {row:?}");
        };
        for command in ticked(commands) {
            seen.push(command.clone());
            let mut args: Vec<&str> = command.split(' ').collect();
            args.push(board);
            args.extend(extra(&command));
            let run = crate::snl(&args, None);
            if largest.starts_with("2^62 squares") {
                assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
                if engine.starts_with("sparse") && ["solve", "expect"].contains(&args[0]) {
                    args.push("--json");
                    let json: serde_json::Value =
                        serde_json::from_str(&crate::snl(&args, None).stdout).unwrap();
                    assert_eq!(json["engine"], "sparse", "{args:?}");
                }
            } else {
                assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
                assert!(
                    run.stderr.starts_with(&format!("snl: error: {board}: "))
                        && run.stderr.ends_with(refusal),
                    "{args:?}: {}",
                    run.stderr
                );
            }
            // The options a command's row gives 2^62 squares answer this
            // board; those it gives 2^30 squares are refused on it with
            // the same reason.
            for clause in largest.split(';').filter(|c| c.contains("2^62")) {
                for option in ticked(clause) {
                    let mut args: Vec<&str> = vec![args[0], board];
                    args.extend(option.split(' '));
                    args.extend(value(&option));
                    let run = crate::snl(&args, None);
                    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
                }
            }
            for clause in largest.split(';').filter(|c| c.contains("2^30")) {
                for option in ticked(clause) {
                    let mut args: Vec<&str> = vec![args[0], board];
                    args.extend(option.split(' '));
                    args.extend(value(&option));
                    let run = crate::snl(&args, None);
                    assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
                    assert!(run.stderr.ends_with(refusal), "{args:?}: {}", run.stderr);
                }
            }
        }
    }
    for command in [
        "solve", "expect", "check", "race", "duel", "simulate", "serve",
    ] {
        assert!(
            seen.iter().any(|s| s == command),
            "{command} is in the table"
        );
    }
}

/// The chain's table of moves numbers at most 2^32 - 2 moves, a move for
/// each face from each square: the refusal says the largest board that
/// fits with the die in use, and that --force does not lift it. (A die of
/// 1,000 faces reaches the limit on a board small enough to test.)
#[test]
fn the_table_of_moves_is_refused_in_squares_for_the_die() {
    let board = r#"{"squares": 5000000}"#;
    let want = "the chain's table of moves would have 5000001000 entries (a move for each of the die's 1000 faces from each of 5000001 states), more than the 4294967294 snl numbers: with this die it takes boards of up to 4294966 squares (715827881 with a six-sided die), and this one has 5000000; --force does not lift this limit";
    for args in [
        &["race", "-", "--die", "d1000"][..],
        &["expect", "-", "--die", "d1000", "--visits"],
        &["race", "-", "--die", "d1000", "--force"],
    ] {
        let run = crate::snl(args, Some(board));
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(want), "{args:?}: {}", run.stderr);
    }
}
