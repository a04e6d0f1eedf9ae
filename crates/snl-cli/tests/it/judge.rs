//! `snl judge` on the Python solutions in `testdata/solutions/`, each run
//! as a real separate process: the verdict, the counterexample (small, and
//! still failing when the program is run on it again) and the diagnosis.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::{snl, workspace};

/// The Python the solutions run under. A missing `python3` fails the tests:
/// the judge is tested on real programs or not at all.
fn python() -> &'static str {
    let found = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "the judge tests run Python solutions: install python3"
    );
    "python3"
}

fn solution(name: &str) -> String {
    format!("testdata/solutions/{name}")
}

/// `snl judge --json` with `args` on a solution: the exit code and the JSON.
fn judge(args: &[&str], program: &[&str]) -> (i32, Value) {
    let mut all: Vec<&str> = vec!["judge", "--json"];
    all.extend(args);
    all.push("--");
    all.extend(program);
    let run = snl(&all, None);
    let json: Value = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", run.stdout, run.stderr));
    (run.code, json)
}

/// Runs a solution directly on `input`: what it prints.
fn run_solution(name: &str, input: &str) -> String {
    run_solution_with(name, &[], input)
}

/// Runs a solution with arguments `args` directly on `input`: what it
/// prints.
fn run_solution_with(name: &str, args: &[&str], input: &str) -> String {
    let mut child = Command::new(python())
        .arg(solution(name))
        .args(args)
        .current_dir(workspace())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// The slips of the one variant that fits, as `slip` or `slip=value`.
fn fit(json: &Value) -> Vec<String> {
    let fits = json["diagnosis"]["fits"].as_array().expect("a diagnosis");
    assert_eq!(fits.len(), 1, "one variant fits: {json:#}");
    fits[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| match s["value"].as_str() {
            Some(v) => format!("{}={v}", s["slip"].as_str().unwrap()),
            None => s["slip"].as_str().unwrap().to_string(),
        })
        .collect()
}

/// Checks a wrong-answer verdict: the counterexample is small and the
/// program is still wrong on it when run again.
fn small_and_still_wrong(json: &Value, name: &str) {
    assert_eq!(json["verdict"], "wrong", "{json:#}");
    assert!(json["counts"]["wrong"].as_u64().unwrap() > 0);
    let cx = &json["counterexample"];
    let jumps = cx["ladders"].as_array().unwrap().len() + cx["snakes"].as_array().unwrap().len();
    assert!(jumps <= 3, "a few jumps: {cx:#}");
    assert!(
        cx["squares"].as_u64().unwrap() <= 25,
        "a few squares: {cx:#}"
    );
    let printed = run_solution(name, cx["input"].as_str().unwrap());
    assert_eq!(
        printed,
        cx["received"].to_string(),
        "the program prints the same again"
    );
    assert_ne!(printed, cx["expected"].to_string(), "and it is still wrong");
    assert_eq!(
        cx["path"].as_array().unwrap().len() as i64,
        cx["expected"].as_i64().unwrap().max(0),
        "the path has the expected number of rolls"
    );
}

#[test]
fn right_solutions_pass_in_every_form() {
    for (format, name) in [
        ("grid", "grid_bfs.py"),
        ("moves", "moves_bfs.py"),
        ("pairs", "pairs_bfs.py"),
        ("pairs-text", "pairs_text_bfs.py"),
    ] {
        let (code, json) = judge(
            &["--format", format, "--cases", "40", "--seed", "5"],
            &[python(), &solution(name)],
        );
        assert_eq!(
            (code, &json["verdict"]),
            (0, &Value::from("pass")),
            "{format}: {json:#}"
        );
        assert_eq!(json["counts"]["agree"], 40);
        assert!(json["counterexample"].is_null() && json["diagnosis"].is_null());
    }
}

#[test]
fn the_board_can_be_a_file() {
    let (code, json) = judge(
        &["--format", "grid", "--cases", "20", "--seed", "9"],
        &[python(), &solution("grid_bfs.py"), "{}"],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (0, &Value::from("pass")),
        "{json:#}"
    );
}

#[test]
fn chained_jumps_are_named() {
    let (code, json) = judge(
        &["--format", "grid", "--cases", "60", "--seed", "1"],
        &[python(), &solution("grid_chains.py")],
    );
    assert_eq!(code, 1);
    small_and_still_wrong(&json, "grid_chains.py");
    assert_eq!(fit(&json), ["chain"]);
    let slip = &json["diagnosis"]["fits"][0][0];
    assert_eq!(slip["flag"], "--chain");
}

#[test]
fn climbing_the_start_square_is_named_beyond_leetcodes_promises() {
    // LeetCode 909 promises square 1 starts no jump, so a solution that
    // climbs it at the start is right for LeetCode: it passes on the boards
    // the problem allows, which are all the judge draws by default...
    let (code, json) = judge(
        &["--format", "grid", "--cases", "60", "--seed", "2"],
        &[python(), &solution("grid_climbs_start.py")],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (0, &Value::from("pass")),
        "{json:#}"
    );
    // ...and --beyond finds the slip, and says only such boards show it.
    let (code, json) = judge(
        &[
            "--format", "grid", "--cases", "60", "--seed", "2", "--beyond",
        ],
        &[python(), &solution("grid_climbs_start.py")],
    );
    assert_eq!(code, 1);
    small_and_still_wrong(&json, "grid_climbs_start.py");
    assert_eq!(fit(&json), ["climb-start"]);
    assert_eq!(json["diagnosis"]["beyond_only"], true);
    let run = snl(
        &[
            "judge",
            "--format",
            "grid",
            "--cases",
            "60",
            "--seed",
            "2",
            "--beyond",
            "--",
            python(),
            &solution("grid_climbs_start.py"),
        ],
        None,
    );
    assert!(
        run.stdout
            .contains("this shows only on boards LeetCode 909 does not allow"),
        "{}",
        run.stdout
    );
}

/// A program that keeps each board it is given as a file in the directory
/// named by its argument, and answers 0: the judge's boards, seen from
/// inside, the shrinking's included.
const KEEP: &str = "import sys, uuid; open(sys.argv[1] + '/' + uuid.uuid4().hex, 'w').write(sys.stdin.read()); print(0)";

/// The boards the judge gave `KEEP` in `format`, with `flags`.
fn boards_given(format: &str, flags: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    let mut args = vec!["--format", format, "--cases", "120", "--seed", "8"];
    args.extend(flags);
    let (code, json) = judge(&args, &[python(), "-c", KEEP, path]);
    assert_eq!(code, 1, "{json:#}");
    let boards: Vec<Value> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|f| {
            serde_json::from_str(&std::fs::read_to_string(f.unwrap().path()).unwrap()).unwrap()
        })
        .collect();
    assert!(
        boards.len() >= 120,
        "the cases, then the shrinking: {}",
        boards.len()
    );
    boards
}

#[test]
fn the_boards_keep_what_each_problem_promises() {
    // LeetCode 909: n from 2 to 20, no jump on square 1 or n^2. Square s
    // is in row (s - 1) / n from the bottom, its columns winding.
    let cell = |grid: &Value, n: usize, s: usize| {
        let (r, c) = ((s - 1) / n, (s - 1) % n);
        let c = if r % 2 == 1 { n - 1 - c } else { c };
        grid[n - 1 - r][c].as_i64().unwrap()
    };
    let mut sizes = std::collections::BTreeSet::new();
    for grid in boards_given("grid", &["--grid", "2..20", "--density", "0.5"]) {
        let n = grid.as_array().unwrap().len();
        assert!((2..=20).contains(&n), "{grid}");
        sizes.insert(n);
        assert_eq!(cell(&grid, n, 1), -1, "a jump on square 1: {grid}");
        assert_eq!(cell(&grid, n, n * n), -1, "a jump on square n^2: {grid}");
    }
    assert!(sizes.len() > 10, "{sizes:?}");
    // The moves form: no jump on its first or last square, and none
    // ending where another starts.
    for board in boards_given("moves", &["--density", "0.5"]) {
        let moves: Vec<i64> = board["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_i64().unwrap())
            .collect();
        assert_eq!((moves[0], moves[moves.len() - 1]), (-1, -1), "{board}");
        for &m in &moves {
            assert!(m == -1 || moves[m as usize] == -1, "a chain: {board}");
        }
    }
    // Without the promises, the same flags draw jumps on square 1.
    let beyond = boards_given("grid", &["--grid", "2..20", "--density", "0.5", "--beyond"]);
    assert!(beyond.iter().any(|g| {
        let n = g.as_array().unwrap().len();
        cell(g, n, 1) != -1
    }));
}

#[test]
fn boards_a_problem_forbids_are_refused_without_beyond() {
    let run = snl(
        &["judge", "--format", "grid", "--grid", "25", "--", "true"],
        None,
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("LeetCode 909 promises N x N grids with N from 2 to 20, not N = 25")
            && run.stderr.contains("--beyond"),
        "{}",
        run.stderr
    );
    let run = snl(
        &["judge", "--format", "moves", "--chains", "--", "true"],
        None,
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("no jump ending where another starts"),
        "{}",
        run.stderr
    );
}

#[test]
fn an_off_by_one_winding_is_named() {
    let (code, json) = judge(
        &["--format", "grid", "--cases", "60", "--seed", "3"],
        &[python(), &solution("grid_top_parity.py")],
    );
    assert_eq!(code, 1);
    small_and_still_wrong(&json, "grid_top_parity.py");
    assert_eq!(fit(&json), ["reading=top-odd"]);
    // Only odd-sized grids are read wrong.
    let squares = json["counterexample"]["squares"].as_u64().unwrap();
    assert_eq!(squares.isqrt() % 2, 1, "{squares}");
}

#[test]
fn an_overshooting_roll_is_caught() {
    // With a d6 an overshooting roll never changes the fewest rolls (an
    // exact roll beside it does as well); with two dice (no roll of 1) it
    // does, on a 2-square board. There the bounce rule finishes too, so
    // both finish rules fit.
    let (code, json) = judge(
        &[
            "--format",
            "moves",
            "--die",
            "2d6",
            "--squares",
            "2..6",
            "--cases",
            "30",
            "--seed",
            "1",
        ],
        &[python(), &solution("moves_overshoot.py")],
    );
    assert_eq!(code, 1);
    small_and_still_wrong(&json, "moves_overshoot.py");
    let fits: Vec<Value> = json["diagnosis"]["fits"].as_array().unwrap().clone();
    let finish: Vec<&str> = fits
        .iter()
        .map(|f| f[0]["value"].as_str().unwrap())
        .collect();
    assert_eq!(finish, ["bounce", "pass"], "{json:#}");
    // The first hint names both, as the boards cannot tell them apart.
    assert_eq!(
        json["hints"][0],
        "your program seems to bounce a roll that would pass the last square back by the excess, or to let a roll past the last square finish (the boards tried do not tell these apart; more --cases may)"
    );
    assert!(
        fits.iter()
            .all(|f| f.as_array().unwrap().len() == 1 && f[0]["slip"] == "finish")
    );
    let (code, json) = judge(
        &[
            "--format",
            "moves",
            "--die",
            "2d6",
            "--squares",
            "2..6",
            "--cases",
            "30",
            "--seed",
            "1",
        ],
        &[python(), &solution("moves_two_dice.py")],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (0, &Value::from("pass")),
        "{json:#}"
    );
}

#[test]
fn a_crash_is_reported_with_its_stderr() {
    let (code, json) = judge(
        &["--format", "grid", "--cases", "30", "--seed", "4"],
        &[python(), &solution("grid_crash.py")],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (1, &Value::from("crash")),
        "{json:#}"
    );
    let cx = &json["counterexample"];
    assert_eq!(cx["outcome"], "crashed");
    assert!(
        cx["stderr"].as_str().unwrap().contains("IndexError"),
        "{cx:#}"
    );
    // Shrunk to the smallest odd grid: 1 x 1 or 3 x 3.
    assert!(cx["squares"].as_u64().unwrap() <= 9, "{cx:#}");
    assert!(json["diagnosis"].is_null(), "no wrong answers to explain");
}

#[test]
fn a_program_that_never_stops_is_stopped() {
    let started = std::time::Instant::now();
    let (code, json) = judge(
        &[
            "--format",
            "grid",
            "--cases",
            "10",
            "--seed",
            "1",
            "--timeout",
            "2s",
            "--jobs",
            "2",
        ],
        &[python(), &solution("forever.py")],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (1, &Value::from("timeout")),
        "{json:#}"
    );
    // Two runs at once: the second timeout stops new cases, though a third
    // may have started beside it.
    let timed_out = json["counts"]["timed_out"].as_u64().unwrap();
    assert!((2..=3).contains(&timed_out), "{json:#}");
    assert_eq!(json["counts"]["not_run"].as_u64().unwrap() + timed_out, 10);
    assert_eq!(json["counterexample"]["outcome"], "timed_out");
    assert!(started.elapsed().as_secs() < 40, "{:?}", started.elapsed());
}

#[test]
fn a_timeout_kills_what_the_program_started() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    // The shell starts a child and waits for it: killing the shell alone
    // would leave the child running.
    let script = format!("sleep 300 & echo $! >> {}; wait", pids.display());
    let (code, json) = judge(
        &[
            "--format",
            "pairs",
            "--cases",
            "2",
            "--seed",
            "1",
            "--timeout",
            "2s",
            "--jobs",
            "2",
        ],
        &["sh", "-c", &script],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (1, &Value::from("timeout")),
        "{json:#}"
    );
    let pids = std::fs::read_to_string(&pids).unwrap();
    assert_eq!(pids.lines().count(), 2, "{pids}");
    for pid in pids.lines() {
        assert_ended(pid);
    }
}

/// Waits a moment for process `pid` to be gone, or a zombie waiting for
/// its new parent to collect it: a signal is delivered, not obeyed at once,
/// and a busy machine may take a while to schedule the process that dies.
fn assert_ended(pid: &str) {
    let ended = || {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .chars()
            .next();
        (matches!(state, None | Some('Z' | 'X')), stat)
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    let (mut gone, mut stat) = ended();
    while !gone && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
        (gone, stat) = ended();
    }
    assert!(gone, "process {pid} still runs: {stat}");
}

#[test]
fn what_escapes_the_process_group_is_judged_and_ended() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    // Two processes that leave the program's process group (a new session
    // each) and keep its standard output open: one started directly, one
    // left behind by a shell that exits at once. The answer is in the pipe
    // by the time the program exits.
    let script = format!(
        "setsid sleep 300 & echo $! >> {p}; \
         setsid sh -c 'sleep 301 & echo $! >> {p}' & \
         exec {python} {solution}",
        p = pids.display(),
        python = python(),
        solution = solution("grid_bfs.py"),
    );
    let started = std::time::Instant::now();
    let (code, json) = judge(
        &[
            "--format", "grid", "--cases", "4", "--seed", "1", "--jobs", "2",
        ],
        &["sh", "-c", &script],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (0, &Value::from("pass")),
        "{json:#}"
    );
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    let pids = std::fs::read_to_string(&pids).unwrap();
    assert_eq!(pids.lines().count(), 8, "{pids}");
    for pid in pids.lines() {
        assert_ended(pid);
    }
}

#[test]
fn the_board_file_goes_even_when_the_program_makes_it_a_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let mut cmd = assert_cmd::cargo::cargo_bin_cmd!("snl");
    cmd.args([
        "judge",
        "--format",
        "pairs",
        "--cases",
        "3",
        "--seed",
        "1",
        "--",
        "sh",
        "-c",
        "rm {}; mkdir {}; touch {}/inside; echo 1",
    ])
    .current_dir(workspace())
    .env("TMPDIR", tmp.path());
    let out = cmd.output().unwrap();
    assert!(out.status.code().is_some(), "{out:?}");
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn program_names_and_standard_error_are_shown_escaped() {
    let run = snl(
        &[
            "judge",
            "--format",
            "pairs",
            "--cases",
            "2",
            "--seed",
            "1",
            "--",
            "sh",
            "-c",
            "printf '\\033[2Jcleared\\rover\\n' >&2; printf '\\033]0;title\\007'; exit 3 # \u{1b}[1m",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(!run.stdout.contains('\u{1b}'), "{:?}", run.stdout);
    assert!(!run.stdout.contains('\r'), "{:?}", run.stdout);
    assert!(
        run.stdout.contains("  | \\u{1b}[2Jcleared\\rover"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("exit 3 # \\u{1b}[1m'"),
        "{}",
        run.stdout
    );
    // And a program name holding them.
    let run = snl(
        &[
            "judge",
            "--cases",
            "1",
            "--seed",
            "1",
            "--",
            "/nonexistent/\u{1b}[2J",
        ],
        None,
    );
    assert_eq!(run.code, 2);
    assert!(!run.stderr.contains('\u{1b}'), "{:?}", run.stderr);
}

#[test]
fn jobs_beyond_the_cases_start_no_threads_for_nothing() {
    let started = std::time::Instant::now();
    let (code, json) = judge(
        &[
            "--format",
            "grid",
            "--cases",
            "3",
            "--seed",
            "1",
            "--jobs",
            "4294967295",
        ],
        &[python(), &solution("grid_bfs.py")],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (0, &Value::from("pass")),
        "{json:#}"
    );
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}

#[test]
fn a_billion_cases_are_drawn_as_they_run() {
    // Every run times out: after two the judge stops, with the rest not
    // run, instead of drawing a billion boards before the first.
    let started = std::time::Instant::now();
    let (code, json) = judge(
        &[
            "--format",
            "grid",
            "--cases",
            "1000000000",
            "--seed",
            "1",
            "--timeout",
            "200ms",
            "--jobs",
            "2",
        ],
        &["sleep", "10"],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (1, &Value::from("timeout")),
        "{json:#}"
    );
    let timed_out = json["counts"]["timed_out"].as_u64().unwrap();
    assert!((2..=3).contains(&timed_out), "{json:#}");
    assert_eq!(
        json["counts"]["not_run"].as_u64().unwrap() + timed_out,
        1_000_000_000
    );
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
}

#[test]
fn shrinking_moves_the_jumps_down_to_the_smallest_grid() {
    // Case 26 of seed 5 is a 5x5 grid with ladders 14->22 and 22->25; no
    // run of squares can be cut from it without a ladder, but the plain
    // squares can go: the chained ladders show on a 3x3 grid, the
    // smallest where a pawn needs two rolls.
    let (code, json) = judge(
        &["--format", "grid", "--cases", "40", "--seed", "5"],
        &[python(), &solution("grid_chains.py")],
    );
    assert_eq!(code, 1);
    small_and_still_wrong(&json, "grid_chains.py");
    let cx = &json["counterexample"];
    assert_eq!(cx["squares"], 9, "{cx:#}");
    let ladders = cx["ladders"].as_array().unwrap();
    assert_eq!(ladders.len(), 2, "{cx:#}");
    assert_eq!(ladders[0][1], ladders[1][0], "two ladders in a row: {cx:#}");
}

#[test]
fn text_report_and_exit_codes() {
    let run = snl(
        &[
            "judge",
            "--cases",
            "40",
            "--seed",
            "1",
            "--",
            python(),
            &solution("grid_chains.py"),
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout.contains("smallest failing board"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("diagnosis: your answers agree with chained jumps (--chain) on all"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.ends_with("verdict: wrong answers\n"),
        "{}",
        run.stdout
    );
    // A program that cannot start, and no program at all, are usage errors.
    let missing = snl(&["judge", "--seed", "1", "--", "/nonexistent/solver"], None);
    assert_eq!(missing.code, 2);
    assert!(
        missing.stderr.contains("cannot run `/nonexistent/solver`"),
        "{}",
        missing.stderr
    );
    assert_eq!(snl(&["judge", "--seed", "1"], None).code, 2);
    assert_eq!(
        snl(&["judge", "--timeout", "soon", "--", "true"], None).code,
        2
    );
}

#[test]
fn unreadable_output_is_explained() {
    let (code, json) = judge(
        &["--format", "pairs", "--cases", "5", "--seed", "1"],
        &["sh", "-c", "cat > /dev/null; echo rolls: 3"],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (1, &Value::from("unreadable")),
        "{json:#}"
    );
    let detail = json["counterexample"]["detail"].as_str().unwrap();
    assert!(detail.contains("not one whole number"), "{detail}");
}

#[test]
fn a_picture_of_the_smallest_failing_board() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("fail.svg");
    let run = snl(
        &[
            "judge",
            "--cases",
            "30",
            "--seed",
            "1",
            "--picture",
            svg.to_str().unwrap(),
            "--",
            python(),
            &solution("grid_chains.py"),
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg") && picture.contains("fewest rolls"),
        "{picture}"
    );
}

/// `snl judge --answer FORM --format moves` on `moves_route.py` with its
/// own arguments `extra`: the exit code and the JSON.
fn judge_route(form: &str, extra: &[&str], cases: &str) -> (i32, Value) {
    let script = solution("moves_route.py");
    let mut program = vec![python(), script.as_str()];
    program.extend(extra);
    judge(
        &[
            "--format", "moves", "--answer", form, "--cases", cases, "--seed", "11",
        ],
        &program,
    )
}

#[test]
fn any_optimal_route_is_accepted_in_every_answer_form() {
    for (form, extra) in [
        ("rolls", &[][..]),
        ("path", &["--path"]),
        ("count", &["--count"]),
    ] {
        let (code, json) = judge_route(form, extra, "80");
        assert_eq!(
            (code, &json["verdict"]),
            (0, &Value::from("pass")),
            "{form}: {json:#}"
        );
        assert_eq!(json["answer"], form);
        assert_eq!(json["counts"]["agree"], 80);
    }
    // Its game is not snl's: on 10 empty squares it rolls 6 then 3, where
    // snl's optimal path (the first in dictionary order) rolls 3 then 6;
    // the judge accepts both.
    let board = r#"{"n": 10, "moves": [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]}"#;
    assert_eq!(run_solution("moves_route.py", board), "2\n6 3");
    let (code, json) = judge(
        &[
            "--format",
            "moves",
            "--answer",
            "rolls",
            "--squares",
            "10",
            "--jumps",
            "0",
            "--cases",
            "3",
            "--seed",
            "1",
        ],
        &[python(), &solution("moves_route.py")],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (0, &Value::from("pass")),
        "{json:#}"
    );
    let solved = snl(&["solve", "--json", "-"], Some(r#"{"squares": 10}"#));
    let solved: Value = serde_json::from_str(&solved.stdout).unwrap();
    let rolls: Vec<u64> = solved["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["roll"].as_u64().unwrap())
        .collect();
    assert_eq!(rolls, [3, 6]);
}

#[test]
fn each_wrong_route_is_rejected_for_its_own_reason() {
    for (slip, form, reason) in [
        ("face", "rolls", "which the die (d6) cannot show"),
        ("overshoot", "rolls", "the exact finish forbids that move"),
        ("longer", "rolls", "its route is a finished game but takes"),
        ("mismatch", "rolls", "its first line says"),
        ("landed", "path", "which no roll of the die (d6) does"),
        ("squares", "count", "optimal sequence"),
    ] {
        let mut extra = vec!["--slip", slip];
        match form {
            "path" => extra.push("--path"),
            "count" => extra.push("--count"),
            _ => {}
        }
        let (code, json) = judge_route(form, &extra, "60");
        assert_eq!(
            (code, &json["verdict"]),
            (1, &Value::from("wrong")),
            "{slip}: {json:#}"
        );
        let cx = &json["counterexample"];
        let fault = cx["fault"]
            .as_str()
            .unwrap_or_else(|| panic!("{slip}: {cx:#}"));
        assert!(fault.contains(reason), "{slip}: {fault}");
        // The program, run again on the smallest board, prints what the
        // judge received.
        let mut printed =
            run_solution_with("moves_route.py", &extra, cx["input"].as_str().unwrap());
        printed = printed.replace('\n', " / ");
        if form == "count" {
            assert_eq!(printed, cx["received_count"].as_str().unwrap());
        } else {
            let route: Vec<String> = cx["route"]
                .as_array()
                .unwrap()
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(printed, format!("{} / {}", cx["received"], route.join(" ")));
        }
    }
}

#[test]
fn a_route_report_names_the_fault_in_words() {
    let script = solution("moves_route.py");
    let run = snl(
        &[
            "judge",
            "--format",
            "moves",
            "--answer",
            "rolls",
            "--cases",
            "20",
            "--seed",
            "4",
            "--",
            python(),
            &script,
            "--slip",
            "overshoot",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("answer: the fewest rolls and the rolls of one optimal game"),
        "{}",
        run.stdout
    );
    let wrong = run
        .stdout
        .lines()
        .find(|l| l.starts_with("wrong: "))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(wrong.contains("would pass the last square"), "{wrong}");
    assert!(run.stdout.contains("(or any other optimal game)"));
}

#[test]
fn a_route_in_the_wrong_shape_is_unreadable() {
    // `moves_bfs.py` prints the fewest rolls alone: asked for a route, that
    // is no answer, and the message says what to print.
    let (code, json) = judge(
        &[
            "--format", "moves", "--answer", "rolls", "--cases", "5", "--seed", "1",
        ],
        &[python(), &solution("moves_bfs.py")],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (1, &Value::from("unreadable")),
        "{json:#}"
    );
    let detail = json["counterexample"]["detail"].as_str().unwrap();
    assert!(detail.contains("no second line"), "{detail}");
    assert!(detail.contains("`1 6 2 6`"), "{detail}");
}

#[test]
fn hints_come_gentlest_first_and_the_first_names_the_slip() {
    for (name, flags, slip) in [
        (
            "grid_chains.py",
            &[][..],
            "your program seems to follow a jump that ends on another jump's start",
        ),
        (
            "grid_climbs_start.py",
            &["--beyond"][..],
            "your program seems to take a ladder or snake on square 1 before the first roll",
        ),
        (
            "grid_top_parity.py",
            &[][..],
            "your program seems to number the grid's squares another way",
        ),
        (
            "grid_crash.py",
            &[][..],
            "your program crashed on some board",
        ),
    ] {
        let mut args = vec!["--format", "grid", "--cases", "60", "--seed", "3"];
        args.extend(flags);
        let (code, json) = judge(&args, &[python(), &solution(name)]);
        assert_eq!(code, 1, "{name}");
        let hints: Vec<&str> = json["hints"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap())
            .collect();
        assert_eq!(hints.len(), 3, "{name}: {hints:?}");
        assert!(hints[0].starts_with(slip), "{name}: {}", hints[0]);
        assert!(
            hints[1].starts_with("the smallest board it fails on has"),
            "{name}: {}",
            hints[1]
        );
        assert!(
            hints[2].starts_with("on it a right program prints"),
            "{name}: {}",
            hints[2]
        );
    }
    // Where a chain bites: on the square whose jump ends on another's start.
    let (_, json) = judge(
        &["--format", "grid", "--cases", "60", "--seed", "1"],
        &[python(), &solution("grid_chains.py")],
    );
    let bites = json["hints"][1].as_str().unwrap();
    assert!(bites.contains("it bites on square 3"), "{bites}");
}

#[test]
fn hints_in_text_come_as_many_as_asked() {
    // As many as asked, with how to get the next.
    let run = snl(
        &[
            "judge",
            "--format",
            "grid",
            "--cases",
            "60",
            "--seed",
            "1",
            "--hints",
            "1",
            "--",
            python(),
            &solution("grid_chains.py"),
        ],
        None,
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains("hint 1: your program seems to follow"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("hint 2") && !run.stdout.contains("smallest failing board"));
    assert!(
        run.stdout.contains("(--hints 2 for the next hint)"),
        "{}",
        run.stdout
    );
    // Not on a terminal, `--hints` alone gives the first.
    let run = snl(
        &[
            "judge",
            "--format",
            "grid",
            "--cases",
            "60",
            "--seed",
            "1",
            "--hints",
            "--",
            python(),
            &solution("grid_chains.py"),
        ],
        None,
    );
    assert!(
        run.stdout.contains("hint 1: ") && !run.stdout.contains("hint 2"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_saved_case_fails_the_program_again_and_passes_a_right_one() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("suite");
    let save = save.to_str().unwrap();
    for _ in 0..2 {
        let run = snl(
            &[
                "judge",
                "--format",
                "grid",
                "--cases",
                "60",
                "--seed",
                "1",
                "--save",
                save,
                "--",
                python(),
                &solution("grid_chains.py"),
            ],
            None,
        );
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(
            run.stderr.contains("the smallest failing case is saved as"),
            "{}",
            run.stderr
        );
    }
    // A second run adds a case rather than overwriting the first.
    for n in [1, 2] {
        let input = std::fs::read_to_string(format!("{save}/case-{n}.in")).unwrap();
        let output = std::fs::read_to_string(format!("{save}/case-{n}.out")).unwrap();
        assert_ne!(run_solution("grid_chains.py", &input), output.trim());
        assert_eq!(run_solution("grid_bfs.py", &input), output.trim());
    }
}

#[test]
fn gen_saves_a_suite_that_right_programs_pass() {
    let dir = tempfile::tempdir().unwrap();
    for (format, answer, name, extra) in [
        ("grid", "min", "grid_bfs.py", &[][..]),
        ("moves", "count", "moves_route.py", &["--count"][..]),
        ("moves", "path", "moves_route.py", &["--path"][..]),
    ] {
        let save = dir.path().join(format!("{format}-{answer}"));
        let save = save.to_str().unwrap();
        let mut args = vec![
            "gen",
            "--format",
            format,
            "--cases",
            "12",
            "--seed",
            "4",
            "--no-start-jump",
            "--no-chains",
            "--save",
            save,
            "--answer",
            answer,
        ];
        if format == "grid" {
            args.extend(["--grid", "2..6"]);
        } else {
            args.extend(["--squares", "2..30"]);
        }
        let run = snl(&args, None);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.is_empty());
        assert!(run.stderr.contains("wrote 12 cases into"), "{}", run.stderr);
        for n in 1..=12 {
            let input = std::fs::read_to_string(format!("{save}/case-{n}.in")).unwrap();
            let output = std::fs::read_to_string(format!("{save}/case-{n}.out")).unwrap();
            let printed = run_solution_with(name, extra, &input);
            if answer == "path" {
                // Another optimal game is as right: compare the fewest
                // rolls, and check the game has that many squares.
                let (k, game) = printed.split_once('\n').unwrap_or((&printed, ""));
                assert_eq!(Some(k), output.lines().next(), "case {n}");
                assert_eq!(
                    game.split_whitespace().count().to_string(),
                    k.replace("-1", "0")
                );
            } else {
                assert_eq!(printed, output.trim(), "case {n} of {format} {answer}");
            }
        }
    }
}

/// The solution to put between a template's markers, by language and
/// form: `testdata/solutions/filling/LANGUAGE_FORM.EXT` (the route forms
/// share one).
fn filling(language: &str, answer: &str) -> String {
    let ext = match language {
        "python" => "py",
        "js" => "js",
        "cpp" => "cpp",
        "java" => "java",
        _ => "rs",
    };
    let form = if answer == "path" { "rolls" } else { answer };
    let path = workspace().join(format!(
        "testdata/solutions/filling/{language}_{form}.{ext}"
    ));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The template of `language` for `format` and `answer`, its part to
/// write replaced by `filling`, written into `dir` and made runnable: the
/// command that runs it.
fn filled(dir: &std::path::Path, language: &str, format: &str, answer: &str) -> Vec<String> {
    let run = snl(
        &[
            "judge",
            "--template",
            language,
            "--format",
            format,
            "--answer",
            answer,
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = run.stdout;
    let begin = text.find("your code: begin").expect("a begin marker");
    let begin = text[begin..].find('\n').unwrap() + begin + 1;
    let end = text.rfind("your code: end").expect("an end marker");
    let end = text[..end].rfind('\n').unwrap() + 1;
    let mut body = filling(language, answer);
    if language == "python" {
        body = body.replace("SQUARES", if answer == "path" { "True" } else { "False" });
    }
    let program = format!("{}{body}{}", &text[..begin], &text[end..]);
    let name = format!("{language}-{format}-{answer}");
    match language {
        "python" => {
            let path = dir.join(format!("{name}.py"));
            std::fs::write(&path, program).unwrap();
            vec![python().into(), path.to_str().unwrap().into()]
        }
        "js" => {
            let path = dir.join(format!("{name}.js"));
            std::fs::write(&path, program).unwrap();
            vec!["node".into(), path.to_str().unwrap().into()]
        }
        "java" => {
            // One directory a program: Java wants the file named Main.java.
            let home = dir.join(&name);
            std::fs::create_dir(&home).unwrap();
            let source = home.join("Main.java");
            std::fs::write(&source, program).unwrap();
            let built = Command::new("javac")
                .arg("-d")
                .arg(&home)
                .arg(&source)
                .output()
                .expect("javac runs: install a JDK");
            assert!(
                built.status.success(),
                "{}",
                String::from_utf8_lossy(&built.stderr)
            );
            vec![
                "java".into(),
                "-cp".into(),
                home.to_str().unwrap().into(),
                "Main".into(),
            ]
        }
        _ => {
            let ext = if language == "cpp" { "cpp" } else { "rs" };
            let source = dir.join(format!("{name}.{ext}"));
            let binary = dir.join(&name);
            std::fs::write(&source, program).unwrap();
            let mut compiler = if language == "cpp" {
                let mut c = Command::new("g++");
                c.args(["-std=c++17", "-O2", "-o"]);
                c
            } else {
                let mut c = Command::new("rustc");
                c.args(["--edition", "2021", "-O", "-o"]);
                c
            };
            let built = compiler
                .arg(&binary)
                .arg(&source)
                .output()
                .expect("the compiler runs");
            assert!(
                built.status.success(),
                "{}",
                String::from_utf8_lossy(&built.stderr)
            );
            vec![binary.to_str().unwrap().into()]
        }
    }
}

#[test]
fn every_template_filled_with_a_right_solution_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let mut runs = Vec::new();
    for language in ["python", "js", "rust", "cpp", "java"] {
        for format in ["grid", "moves", "pairs", "pairs-text"] {
            for answer in ["min", "rolls"] {
                runs.push((language, format, answer));
            }
        }
    }
    runs.extend([("python", "pairs", "path"), ("python", "moves", "count")]);
    for (language, format, answer) in runs {
        // A JVM takes a while to start.
        let cases = if language == "java" { "8" } else { "20" };
        let program = filled(dir.path(), language, format, answer);
        let program: Vec<&str> = program.iter().map(String::as_str).collect();
        let (code, json) = judge(
            &[
                "--format", format, "--answer", answer, "--cases", cases, "--seed", "6",
            ],
            &program,
        );
        assert_eq!(
            (code, &json["verdict"]),
            (0, &Value::from("pass")),
            "{language} {format} {answer}: {json:#}"
        );
    }
    // Unfilled, a template runs and is judged wrong, not unreadable.
    let run = snl(&["judge", "--template", "python", "--format", "grid"], None);
    let path = dir.path().join("empty.py");
    std::fs::write(&path, run.stdout).unwrap();
    let (code, json) = judge(
        &["--format", "grid", "--cases", "5", "--seed", "6"],
        &[python(), path.to_str().unwrap()],
    );
    assert_eq!(
        (code, &json["verdict"]),
        (1, &Value::from("wrong")),
        "{json:#}"
    );
}
