//! `snl solve`.

use serde_json::Value;

use crate::{GRID_6, SEED_20, ok, snl};

fn json(args: &[&str], stdin: Option<&str>) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    serde_json::from_str(&ok(&all, stdin)).expect("--json prints JSON")
}

#[test]
fn seed_board_from_stdin_as_text() {
    let out = ok(&["solve", "-", "--path"], Some(SEED_20));
    assert_eq!(
        out,
        "\
board: standard input, 20 squares, 2 ladders, 1 snake
rules: die d6, finish exact, no chaining, start on square 1
fewest rolls: 2
optimal roll sequences: 1
one optimal sequence:
  #  roll  lands on  jump     ends on
  1     1         2  ladder        19
  2     1        20  -             20
"
    );
    // Without `-`, piped input is read too; without --path no table.
    let short = ok(&["solve"], Some(SEED_20));
    assert!(short.ends_with("optimal roll sequences: 1\n"), "{short}");
}

#[test]
fn leetcode_grid() {
    let v = json(&["solve"], Some(GRID_6));
    assert_eq!(v["min_rolls"], 4);
    assert_eq!(v["squares"], 36);
    assert_eq!(v["optimal_sequences"], "21");
    let path = v["path"].as_array().unwrap();
    assert_eq!(path.len(), 4);
    assert_eq!(path.last().unwrap()["to"], 36);
}

#[test]
fn json_answer() {
    let out = ok(&["solve", "--json", "-"], Some(SEED_20));
    insta::assert_snapshot!(out);
}

#[test]
fn milton_bradley_preset() {
    let v = json(&["solve", "--preset", "milton-bradley"], None);
    assert_eq!(v["board"], "milton-bradley");
    assert_eq!(v["min_rolls"], 7);
    assert_eq!(v["rules"]["start"], 0);
    assert_eq!(v["rules"]["die"], "d6");
    // Replaying the path from off the board ends on 100 in 7 rolls, in
    // runs of equal rolls.
    let path = v["path"].as_array().unwrap();
    let rolls: u64 = path.iter().map(|r| r["count"].as_u64().unwrap()).sum();
    assert_eq!(rolls, 7);
    assert_eq!(path[0]["from"], 0);
    assert_eq!(path[0]["land"], path[0]["roll"], "the first roll enters");
    assert_eq!(
        path[2],
        serde_json::json!({"roll": 6, "count": 2, "from": 39, "land": 51, "to": 67})
    );
    for pair in path.windows(2) {
        assert_eq!(pair[0]["to"], pair[1]["from"]);
    }
    assert_eq!(path.last().unwrap()["to"], 100);
}

#[test]
fn unreachable_is_an_answer() {
    // Squares 2..=7 all send the pawn back to 1.
    let board = r#"{"squares": 10, "snakes": [[2,1],[3,1],[4,1],[5,1],[6,1],[7,1]]}"#;
    let v = json(&["solve"], Some(board));
    assert_eq!(v["min_rolls"], Value::Null);
    assert_eq!(v["optimal_sequences"], Value::Null);
    assert_eq!(v["path"], serde_json::json!([]));
    let text = ok(&["solve", "--path"], Some(board));
    assert!(
        text.ends_with(
            "fewest rolls: none; the last square (10) cannot be reached under these rules\n"
        ),
        "{text}"
    );
}

#[test]
fn command_line_rules_win_over_the_file() {
    let board = r#"{"squares": 20, "rules": {"start": 0, "faces": 4}, "ladders": [[1, 19]]}"#;
    let v = json(&["solve"], Some(board));
    assert_eq!(v["rules"]["start"], 0);
    assert_eq!(v["rules"]["die"], "d4");
    // From off the board a roll of 1 takes the ladder to 19, then 1 more.
    assert_eq!(v["min_rolls"], 2);
    let v = json(&["solve", "--start", "1", "--faces", "6"], Some(board));
    assert_eq!(v["rules"]["start"], 1);
    assert_eq!(v["rules"]["die"], "d6");
    // From square 1, 19 squares with a d6: four rolls.
    assert_eq!(v["min_rolls"], 4);
}

#[test]
fn die_finish_and_chain_flags() {
    let empty = r#"{"squares": 10}"#;
    let v = json(&["solve", "--die", "2d6"], Some(empty));
    assert_eq!(v["rules"]["die"], "2d6");
    // 9 squares to go: a roll of 9 does it at once.
    assert_eq!(v["min_rolls"], 1);
    assert_eq!(v["optimal_sequences"], "1");

    let v = json(&["solve", "--faces", "20", "--finish", "pass"], Some(empty));
    assert_eq!(v["rules"]["finish"], "pass");
    assert_eq!(v["optimal_sequences"], "12", "rolls 9 to 20 all finish");

    // 2->5 and 5->9: chaining carries the pawn from 2 to 9.
    let chained = r#"{"squares": 12, "ladders": [[2, 5], [5, 9]]}"#;
    let plain = json(&["solve", "--faces", "1"], Some(chained));
    assert_eq!(plain["min_rolls"], 8);
    let v = json(&["solve", "--faces", "1", "--chain"], Some(chained));
    assert_eq!(v["rules"]["chain"], true);
    assert_eq!(v["min_rolls"], 4);
    assert_eq!(
        v["path"][0],
        serde_json::json!({"roll": 1, "count": 1, "from": 1, "land": 2, "to": 9})
    );
    let v = json(
        &["solve", "--faces", "1", "--chain", "--no-chain"],
        Some(chained),
    );
    assert_eq!(v["min_rolls"], 8, "the last of --chain and --no-chain wins");
}

#[test]
fn brute_force_agrees() {
    for board in [SEED_20, GRID_6] {
        let fast = json(&["solve"], Some(board));
        let brute = json(&["solve", "--method", "brute"], Some(board));
        assert_eq!(brute["method"], "brute");
        assert_eq!(fast["min_rolls"], brute["min_rolls"]);
        assert_eq!(fast["optimal_sequences"], brute["optimal_sequences"]);
        assert_eq!(
            fast["path"].as_array().unwrap().len(),
            brute["path"].as_array().unwrap().len()
        );
    }
}

#[test]
fn counting_is_skipped_on_long_boards_unless_asked() {
    let squares = 200_001;
    let board = format!(r#"{{"squares": {squares}, "ladders": [[2, {squares}]]}}"#);
    let run = snl(&["solve", "--json"], Some(&board));
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stderr,
        "snl: note: not counting the optimal sequences on a board of 200001 squares \
         (over 200000); add --count to count them\n"
    );
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["min_rolls"], 1);
    assert_eq!(v["optimal_sequences"], Value::Null);
    let v = json(&["solve", "--count"], Some(&board));
    assert_eq!(v["optimal_sequences"], "1");
}

#[test]
fn every_form_of_a_board_gives_the_same_answer() {
    for (files, min_rolls, count) in [
        (
            &[
                "milton-bradley.grid.json",
                "milton-bradley.moves.json",
                "milton-bradley.pairs.json",
            ][..],
            7,
            "423",
        ),
        (
            &[
                "seed-003-example-2.txt",
                "seed-003-example-2.grid.json",
                "seed-003-example-2.moves.json",
            ][..],
            4,
            "1",
        ),
    ] {
        for file in files {
            let v = json(&["solve", &format!("testdata/{file}")], None);
            assert_eq!(v["min_rolls"], min_rolls, "{file}");
            assert_eq!(v["optimal_sequences"], count, "{file}");
        }
    }
    // Pairs text as the seed writes it, from stdin, with the form forced.
    let text = "4 6 46 19 43 52 71 57 98\n3 47 9 62 40 96 75\n";
    let v = json(&["solve", "-", "--format", "pairs-text"], Some(text));
    assert_eq!(v["min_rolls"], 4);
    assert_eq!(v["squares"], 100);
    let v = json(
        &["solve", "--format", "pairs-text", "--squares", "99"],
        Some(text),
    );
    assert_eq!(v["squares"], 99);
}

/// A board of 10^12 squares: a ladder from 3 halfway, a snake near the end.
const LONG: &str =
    r#"{"squares": 1000000000000, "ladders": [[3, 500000000000]], "snakes": [[999999999990, 7]]}"#;

#[test]
fn a_board_of_any_length_by_the_sparse_engine() {
    let run = snl(&["solve", "--json"], Some(LONG));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("not counting the optimal sequences"),
        "{}",
        run.stderr
    );
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["engine"], "sparse");
    assert_eq!(v["squares"], 1_000_000_000_000u64);
    // 2 onto the ladder, then 5·10^11 squares: a 2 and 83,333,333,333 sixes.
    assert_eq!(v["min_rolls"], 83_333_333_335u64);
    assert_eq!(v["optimal_sequences"], Value::Null);
    assert_eq!(
        v["path"],
        serde_json::json!([
            {"roll": 2, "count": 1, "from": 1, "land": 3, "to": 500_000_000_000u64},
            {"roll": 2, "count": 1, "from": 500_000_000_000u64, "land": 500_000_000_002u64, "to": 500_000_000_002u64},
            {"roll": 6, "count": 83_333_333_333u64, "from": 500_000_000_002u64, "land": 1_000_000_000_000u64, "to": 1_000_000_000_000u64},
        ])
    );
    let run = snl(&["solve", "--path"], Some(LONG));
    assert_eq!(
        run.stdout,
        "\
board: standard input, 1000000000000 squares, 1 ladder, 1 snake
rules: die d6, finish exact, no chaining, start on square 1
fewest rolls: 83333333335
one optimal sequence, as runs of equal rolls:
  #            rolls       lands on  jump          ends on
  1            2 x 1              3  ladder   500000000000
  2            2 x 1   500000000002  -        500000000002
  3  6 x 83333333333  1000000000000  -       1000000000000
"
    );
}

#[test]
fn the_engines_give_the_same_path() {
    // 250,000 squares, three jumps: over the counting limit, so the sparse
    // engine answers; --count takes the dense one, which counts.
    let board =
        r#"{"squares": 250000, "ladders": [[3, 1000], [5000, 120000]], "snakes": [[200000, 17]]}"#;
    let sparse = snl(&["solve", "--json"], Some(board));
    let sparse: Value = serde_json::from_str(&sparse.stdout).unwrap();
    let dense = json(&["solve", "--count"], Some(board));
    assert_eq!(sparse["engine"], "sparse");
    assert_eq!(dense["engine"], "dense");
    assert_eq!(sparse["min_rolls"], 22_335);
    assert_eq!(sparse["min_rolls"], dense["min_rolls"]);
    assert_eq!(sparse["path"], dense["path"]);
    assert!(dense["optimal_sequences"].is_string());
    // Small boards stay with the dense engine, which counts.
    assert_eq!(json(&["solve"], Some(SEED_20))["engine"], "dense");
    // The sparse engine takes every jump: a board with optional ones is
    // played by the dense engine, never solved as if every jump were
    // forced. Declining the snake on 200000 saves nothing here: the path
    // never lands on it.
    let choosing = json(&["solve", "--optional", "all", "--count"], Some(board));
    assert_eq!(choosing["engine"], "dense");
    assert_eq!(choosing["rules"]["optional"], "all");
    assert_eq!(choosing["min_rolls"], sparse["min_rolls"]);
    assert!(choosing.get("declined").is_none(), "{choosing}");
}

#[test]
fn declined_jumps_are_searched_and_shown() {
    // Only 3s on ten squares: climbing 4 -> 8 leaves 2 to go, which a 3
    // never covers exactly; staying on 4 finishes on 7 and 10.
    let board = r#"{"squares": 10, "ladders": [[4, 8]], "snakes": []}"#;
    let forced = ok(&["solve", "-", "--die", "0,0,1"], Some(board));
    assert!(forced.contains("fewest rolls: none"), "{forced}");
    let out = ok(
        &[
            "solve",
            "-",
            "--die",
            "0,0,1",
            "--optional",
            "ladders",
            "--path",
        ],
        Some(board),
    );
    assert!(
        out.ends_with(
            "\
fewest rolls: 3
optimal roll sequences: 1
one optimal sequence:
  #  roll  lands on  jump     ends on
  1     3         4  stays          4
  2     3         7  -              7
  3     3        10  -             10
jumps declined: the ladder 4 -> 8 (roll 1)
"
        ),
        "{out}"
    );
    assert!(out.contains("ladders optional"), "{out}");
    let v = json(
        &["solve", "-", "--die", "0,0,1", "--optional", "ladders"],
        Some(board),
    );
    assert_eq!(v["min_rolls"], 3);
    assert_eq!(
        v["declined"],
        serde_json::json!([{"step": 1, "from": 4, "to": 8}])
    );
    // The run of 3s ends on the declined ladder's start.
    assert_eq!(
        v["path"],
        serde_json::json!([
            {"roll": 3, "count": 1, "from": 1, "land": 4, "to": 4},
            {"roll": 3, "count": 2, "from": 4, "land": 10, "to": 10},
        ])
    );
    // The exhaustive search agrees, and the rule may come from the file.
    let file = r#"{"squares": 10, "ladders": [[4, 8]], "snakes": [], "rules": {"optional": "ladders", "die": "0,0,1"}}"#;
    let brute = json(&["solve", "-", "--method", "brute"], Some(file));
    assert_eq!(brute["min_rolls"], 3);
    assert_eq!(brute["declined"], v["declined"]);
    assert_eq!(brute["path"], v["path"]);
    assert_eq!(brute["optimal_sequences"], "1");
}

#[test]
fn boards_past_the_dense_engines_are_refused_clearly() {
    let run = snl(&["solve", "--method", "brute"], Some(LONG));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("snl: error: standard input: the exhaustive search needs the engine that keeps tables a square long, which holds boards of up to 2^30 squares; this one has 1000000000000"),
        "{}",
        run.stderr
    );
    let too_long = r#"{"squares": 4611686018427387905}"#;
    let run = snl(&["solve"], Some(too_long));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("snl handles at most 2^62"),
        "{}",
        run.stderr
    );
    let off = r#"{"squares": 1000000000000, "ladders": [[3, 1000000000001]]}"#;
    let run = snl(&["solve"], Some(off));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("`snl check` lists every problem"),
        "{}",
        run.stderr
    );
    // The plain-text pairs form, with the size from --squares.
    let text = "1\n3 500000000000\n1\n999999999990 7\n";
    let run = snl(
        &[
            "solve",
            "--json",
            "--format",
            "pairs-text",
            "--squares",
            "1000000000000",
        ],
        Some(text),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["min_rolls"], 83_333_333_335u64);
}

/// Past 2^30 squares `--count` counts with the sparse engine, in 128
/// bits: exact where the count fits, "at least" 2^128 - 1 where not.
#[test]
fn boards_past_the_dense_engines_are_counted_in_128_bits() {
    // 999,999,999,999 squares to go in m = 166,666,666,667 rolls, 3 short
    // of all sixes: a 3, a 4 and a 5, or three 5s, C(m + 2, 3) ways.
    let v = json(
        &["solve", "-", "--count"],
        Some(r#"{"squares": 1000000000000}"#),
    );
    assert_eq!(v["engine"], "sparse");
    let m: u128 = 166_666_666_667;
    let want = (m + 2) * (m + 1) * m / 6;
    assert_eq!(v["optimal_sequences"], want.to_string());
    assert!(v.get("optimal_sequences_at_least").is_none(), "{v}");
    // Five short: about m^5 / 120 ways, more than 128 bits hold.
    let v = json(
        &["solve", "-", "--count"],
        Some(r#"{"squares": 1000000000004}"#),
    );
    assert_eq!(v["optimal_sequences"], serde_json::Value::Null);
    assert_eq!(v["optimal_sequences_at_least"], u128::MAX.to_string());
    let run = snl(
        &["solve", "-", "--count"],
        Some(r#"{"squares": 1000000000004}"#),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(&format!(
            "optimal roll sequences: at least {} (more than 128 bits hold)",
            u128::MAX
        )),
        "{}",
        run.stdout
    );
    // Without --count, a note says how to count.
    let run = snl(&["solve"], Some(LONG));
    assert!(
        run.stderr.contains("add --count to count them"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stdout.contains("optimal roll sequences"),
        "{}",
        run.stdout
    );
}

/// The stages `--timings` names, in order, their times in ms and the
/// whole's, from its line on stderr.
fn timings(stderr: &str) -> (Vec<String>, Vec<f64>, f64) {
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix("snl: timings: "))
        .unwrap_or_else(|| panic!("no timings in {stderr:?}"));
    let (stages, all) = line.split_once("; ").expect("stages; whole");
    let ms = |s: &str| -> f64 {
        let number = s.strip_suffix(" ms").expect("in ms");
        number.parse().expect("a number")
    };
    let (names, times) = stages
        .split(", ")
        .map(|stage| {
            let (name, time) = stage
                .strip_suffix(" ms")
                .and_then(|s| s.rsplit_once(' '))
                .expect("a name and a time");
            (name.to_string(), time.parse::<f64>().expect("a number"))
        })
        .unzip();
    (
        names,
        times,
        ms(all.strip_suffix(" in all").expect("in all")),
    )
}

#[test]
fn timings_name_each_stage_on_stderr_and_change_no_answer() {
    let board = "testdata/seed-004-twenty.pairs.json";
    let plain = ok(&["solve", board, "--json"], None);
    let run = snl(&["solve", board, "--json", "--timings"], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, plain, "the answer is the same");
    let (names, times, all) = timings(&run.stderr);
    assert_eq!(
        names,
        ["read", "parse", "check and build", "analysis", "output"]
    );
    // Each figure rounded to a tenth of a millisecond.
    let sum: f64 = times.iter().sum();
    assert!(
        (sum - all).abs() <= 0.05 * times.len() as f64 + 0.05,
        "{times:?} {all}"
    );
    // A preset is not read from a file; `check` builds no game and marks
    // no analysis of its own.
    let run = snl(&["check", "--preset", "milton-bradley", "--timings"], None);
    assert_eq!(timings(&run.stderr).0, ["parse", "analysis and output"]);
    // Without the flag, nothing is timed.
    let run = snl(&["check", "--preset", "milton-bradley"], None);
    assert!(!run.stderr.contains("timings"), "{}", run.stderr);
}

#[test]
fn time_stages_gives_the_median_of_each_stage() {
    let out = std::process::Command::new("python3")
        .args(["scripts/bench/time-stages", "--runs", "3", "--snl"])
        .arg(env!("CARGO_BIN_EXE_snl"))
        .args(["--", "solve", "--preset", "milton-bradley", "--json"])
        .current_dir(crate::workspace())
        .output()
        .expect("python3 runs the script");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let medians = stdout.lines().last().unwrap();
    let names: Vec<&str> = medians
        .split(" ms (")
        .next()
        .unwrap()
        .split(", ")
        .map(|stage| stage.rsplit_once(' ').unwrap().0)
        .collect();
    assert_eq!(
        names,
        ["parse", "check and build", "analysis", "output", "in all"]
    );
    assert!(medians.ends_with("(medians of 3 runs)"), "{medians}");
}

#[test]
fn steps_show_the_search_and_refuse_what_they_cannot_list() {
    let json = ok(
        &["solve", "--preset", "moves-example-1", "--steps", "--json"],
        None,
    );
    let answer: serde_json::Value = serde_json::from_str(&json).unwrap();
    let steps = answer["steps"].as_array().unwrap();
    assert_eq!(steps[0]["rolls"], 0);
    assert_eq!(
        Some(steps.len() as u64 - 1),
        answer["min_rolls"].as_u64(),
        "{json}"
    );
    for key in ["rolls", "squares", "arrivals", "seen_again", "text"] {
        assert!(steps[1].get(key).is_some(), "{key}");
    }
    let run = snl(
        &["solve", "-", "--steps", "--steps-limit", "3"],
        Some(r#"{"squares": 100}"#),
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("the search takes 18 steps"),
        "{}",
        run.stderr
    );
    let run = snl(
        &["solve", "-", "--steps", "--count"],
        Some(r#"{"squares": 100}"#),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--count is not given with --steps"),
        "{}",
        run.stderr
    );
}
