//! `snl expect`.

use serde_json::Value;

use crate::{SEED_20, ok, snl};

/// Codeforces 1245E's third sample in snl's rules (see the library's
/// tests for the mapping): the best play stays below the ladder 21->40.
const CODEFORCES_3: &str = r#"{"squares": 100, "ladders": [[21, 40], [34, 94], [35, 95], [36, 96], [37, 97], [38, 98], [39, 99]], "snakes": []}"#;

fn json(args: &[&str], stdin: Option<&str>) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    serde_json::from_str(&ok(&all, stdin)).expect("--json prints JSON")
}

const TWO: &str = r#"{"squares": 2, "ladders": [], "snakes": []}"#;

/// Every square a d6 reaches from 1 leads back to 1.
const STUCK: &str =
    r#"{"squares": 10, "ladders": [], "snakes": [[2,1],[3,1],[4,1],[5,1],[6,1],[7,1]]}"#;

#[test]
fn two_squares_as_text() {
    // Only a 1 finishes: a geometric game with mean 6 and variance 30;
    // P(T <= t) = 1 - (5/6)^t.
    let out = ok(
        &["expect", "-", "--exact", "--within", "1", "--within", "4"],
        Some(TWO),
    );
    assert_eq!(
        out,
        "\
board: standard input, 2 squares, 0 ladders, 0 snakes
rules: die d6, finish exact, no chaining, start on square 1
rolls:
  mean       6.000000
  exact mean 6/1
             = 6.0000000000000000000000000000000000000000...
  std dev    5.477226
  variance   30.000000
  fewest     1
  median     4
  mode       1
  quantiles  10%: 1  25%: 2  50%: 4  75%: 8  90%: 13  99%: 26
  within 1   16.666667%
  within 4   51.774691%
"
    );
    let pass = json(&["expect", "-", "--finish", "pass"], Some(TWO));
    assert_eq!(pass["mean"], 1.0);
    assert_eq!(pass["variance"], 0.0);
    assert_eq!(pass["quantiles"]["0.99"], 1);
}

#[test]
fn json_answer() {
    let out = ok(
        &[
            "expect", "-", "--json", "--exact", "--within", "3", "--within", "10",
        ],
        Some(SEED_20),
    );
    insta::assert_snapshot!(out);
}

#[test]
fn milton_bradley_published_mean() {
    let v = json(&["expect", "--preset", "milton-bradley", "--exact"], None);
    // Althoen, King & Schilling (1993): 39.225 rolls.
    assert!((v["mean"].as_f64().unwrap() - 39.225).abs() < 5e-4);
    assert!(
        v["exact_mean_decimal"]
            .as_str()
            .unwrap()
            .starts_with("39.2251223")
    );
    let fraction = v["exact_mean"].as_str().unwrap();
    assert!(fraction.contains('/'), "{fraction}");
    assert_eq!(v["min_rolls"], 7);
    assert!(v.get("min").is_none(), "the fewest rolls are given once");
    assert_eq!(v["mode"], 22);
    assert_eq!(v["never_finishes"], 0.0);
    assert!(v.get("turns").is_none());
}

#[test]
fn stuck_board() {
    let v = json(&["expect", "-", "--within", "5"], Some(STUCK));
    assert_eq!(v["mean"], Value::Null);
    assert_eq!(v["variance"], Value::Null);
    assert_eq!(v["never_finishes"], 1.0);
    assert_eq!(v["median"], Value::Null);
    assert_eq!(v["quantiles"]["0.1"], Value::Null);
    assert_eq!(v["within"]["5"], 0.0);
    let text = ok(&["expect", "-", "--exact", "--visits"], Some(STUCK));
    assert!(
        text.contains("never finishes with chance 1.000000"),
        "{text}"
    );
    assert!(text.contains("mean       infinite"), "{text}");
    assert!(text.contains("visits: infinite"), "{text}");
    assert!(!text.contains("NaN") && !text.contains("inf\n"), "{text}");
}

#[test]
fn bonus_rolls_add_turns() {
    let v = json(
        &[
            "expect",
            "--preset",
            "milton-bradley",
            "--bonus",
            "--bonus-limit",
            "3",
        ],
        None,
    );
    assert_eq!(v["rules"]["bonus"], true);
    assert_eq!(v["rules"]["bonus_limit"], 3);
    let rolls = v["mean"].as_f64().unwrap();
    let turns = v["turns"]["mean"].as_f64().unwrap();
    assert!(turns < rolls && rolls > 39.3, "{turns} {rolls}");
    assert!(v["turns"]["quantiles"]["0.5"].as_u64().unwrap() > 0);
    let free = json(&["expect", "--preset", "milton-bradley", "--bonus"], None);
    assert_eq!(free["rules"]["bonus"], true);
    assert_eq!(free["rules"]["bonus_limit"], Value::Null);
    assert!((free["mean"].as_f64().unwrap() - 39.2251).abs() < 1e-4);
    // A limit of 0 is a usage error.
    let run = snl(
        &["expect", "--preset", "milton-bradley", "--bonus-limit", "0"],
        None,
    );
    assert_eq!(run.code, 2);
}

#[test]
fn visits_and_impact() {
    let v = json(&["expect", "-", "--visits", "--impact"], Some(SEED_20));
    let squares = v["visits"]["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 20);
    let rests: f64 = squares.iter().map(|s| s["rests"].as_f64().unwrap()).sum();
    assert!((rests - v["mean"].as_f64().unwrap()).abs() < 1e-9);
    // The ladder 12 -> 15 is landed on but never rested on.
    assert_eq!(squares[11]["square"], 12);
    assert_eq!(squares[11]["rests"], 0.0);
    assert!(squares[11]["landings"].as_f64().unwrap() > 0.0);
    let impact = v["impact"].as_array().unwrap();
    assert_eq!(impact.len(), 3);
    assert_eq!(impact[0]["from"], 2);
    assert_eq!(impact[0]["kind"], "ladder");
    assert!(impact[0]["change"].as_f64().unwrap() > 0.0);
}

#[test]
fn exact_refuses_large_boards() {
    let run = snl(
        &["expect", "-", "--exact"],
        Some(r#"{"squares": 5000, "ladders": [], "snakes": []}"#),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("limited to 2002 chain states"),
        "{}",
        run.stderr
    );
}

#[test]
fn long_boards_leave_the_distribution_out_and_say_why() {
    // 20,000 squares: the mean and deviation are quick, the distribution
    // would take seconds, so it is skipped at once.
    let board = r#"{"squares": 20000, "ladders": [[10, 15000]], "snakes": [[19000, 2]]}"#;
    let run = snl(&["expect", "-", "--json", "--within", "100"], Some(board));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("was not followed")
            && run.stderr.contains("--full follows it anyway")
            && run.stderr.contains("snl simulate"),
        "{}",
        run.stderr
    );
    let answer: Value = serde_json::from_str(&run.stdout).unwrap();
    assert!(answer["mean"].as_f64().unwrap() > 1000.0);
    assert!(answer["std_dev"].as_f64().unwrap() > 0.0);
    assert_eq!(answer["median"], Value::Null);
    // The fewest rolls come from the search instead, given once.
    assert!(answer["min_rolls"].is_u64());
    assert!(answer.get("min").is_none());
    // Below the fewest rolls a game cannot have ended: exactly 0, though
    // the distribution was not followed.
    assert!(answer["min_rolls"].as_u64().unwrap() > 100);
    assert_eq!(answer["within"]["100"], 0.0);
    let left = &answer["left_out"];
    assert!(
        !left["fields"]
            .as_array()
            .unwrap()
            .contains(&Value::from("within.100"))
    );
    assert_eq!(left["reason"], "over_budget");
    assert_eq!(left["steps_followed"], 0);
    assert_eq!(left["allowed_work"], 500_000_000);
    assert!(left["estimated_work"].as_u64().unwrap() > 500_000_000);
    let fields: Vec<&str> = left["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    for field in ["median", "mode", "quantiles.0.5"] {
        assert!(fields.contains(&field), "{fields:?}");
    }
    assert!(!fields.contains(&"min"), "{fields:?}");
    // The text says the same on stderr, and gives the mean.
    let run = snl(&["expect", "-"], Some(board));
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("median     -"), "{}", run.stdout);
    assert!(run.stderr.contains("was not followed"));
}

#[test]
fn full_follows_short_boards_as_before() {
    let plain = json(&["expect", "-", "--within", "3"], Some(SEED_20));
    let full = json(&["expect", "-", "--within", "3", "--full"], Some(SEED_20));
    assert_eq!(plain, full);
    assert_eq!(plain["left_out"], Value::Null);
    assert!(plain["median"].is_u64());
}

#[test]
fn optional_ladders_play_the_best_choice() {
    let v = json(
        &["expect", "-", "--optional", "ladders", "--exact"],
        Some(CODEFORCES_3),
    );
    assert!(
        (v["mean"].as_f64().unwrap() - 15.904_759_293_9).abs() < 1e-9,
        "{v}"
    );
    assert_eq!(v["rules"]["optional"], "ladders");
    let jumps = v["policy"]["jumps"].as_array().unwrap();
    assert_eq!(jumps.len(), 7);
    assert_eq!(jumps[0]["from"], 21);
    assert_eq!(jumps[0]["play"], "declined");
    assert!(jumps[1..].iter().all(|j| j["play"] == "taken"));
    // The exact mean is the float one, and the statistics are of the game
    // under the policy: its distribution is followed.
    let decimal: f64 = v["exact_mean_decimal"].as_str().unwrap().parse().unwrap();
    assert!((decimal - v["mean"].as_f64().unwrap()).abs() < 1e-9);
    assert!(v["median"].as_u64().is_some());
    let text = ok(
        &["expect", "-", "--optional", "ladders"],
        Some(CODEFORCES_3),
    );
    assert!(text.contains("ladder    21 -> 40    stay"), "{text}");
    assert!(text.contains("ladders optional"), "{text}");
}

#[test]
fn the_rule_is_read_from_the_board_file_and_refused_where_not_played() {
    let board = format!(
        "{}, \"rules\": {{\"optional\": \"ladders\"}}}}",
        CODEFORCES_3.trim_end_matches('}')
    );
    let board = board.as_str();
    let v = json(&["expect", "-"], Some(board));
    assert_eq!(v["policy"]["jumps"][0]["play"], "declined");
    assert_eq!(v["rules"]["optional"], "ladders");
    for command in ["race", "simulate"] {
        let run = snl(&[command, "-"], Some(board));
        assert_eq!(run.code, 2, "{command}");
        assert!(
            run.stderr
                .contains("the rules let a player decline ladders (`optional: ladders`)")
                && run.stderr.contains("`--optional none` takes every jump"),
            "{command}: {}",
            run.stderr
        );
    }
    let plain = ok(&["race", "-", "--optional", "none"], Some(board));
    assert!(plain.contains("seat"), "{plain}");
}

#[test]
fn choosing_a_die_each_roll() {
    // One die: a d1 always finishes two squares in one roll.
    let v = json(
        &["expect", "-", "--choose-die", "d6", "--choose-die", "1"],
        Some(TWO),
    );
    assert_eq!(v["mean"].as_f64(), Some(1.0));
    // The whole distribution is that of the plain game with the d1.
    assert_eq!(v["median"].as_u64(), Some(1));
    assert_eq!(v["policy"]["dice"], serde_json::json!(["d6", "d1"]));
    assert_eq!(v["policy"]["die_by_square"][1], 1);
    // Ten squares: the d6 far from the end, the d1 for an exact finish.
    let ten = r#"{"squares": 10, "ladders": [], "snakes": []}"#;
    let run = snl(
        &[
            "expect",
            "-",
            "--choose-die",
            "d6",
            "--choose-die",
            "1",
            "--exact",
            "--json",
        ],
        Some(ten),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("the best play picks among dice"),
        "{}",
        run.stderr
    );
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    let mean = v["mean"].as_f64().unwrap();
    let d6 = json(&["expect", "-"], Some(ten))["mean"].as_f64().unwrap();
    assert!(mean < d6 && mean < 9.0, "{mean} {d6}");
    let by_square = v["policy"]["die_by_square"].as_array().unwrap();
    assert_eq!(by_square[9], 1);
    assert_eq!(by_square[1], 0);
    assert_eq!(v["left_out"]["reason"], "choice");
    assert!(v["median"].is_null());
    let decimal: f64 = v["exact_mean_decimal"].as_str().unwrap().parse().unwrap();
    assert!((decimal - mean).abs() < 1e-9);
}

#[test]
fn a_mean_past_a_float_s_digits_is_printed_in_powers_of_ten() {
    // Every odd square from 3 a snake to 1, on 240 squares: a game lasts
    // about 10^17 rolls, past the 17 digits a float holds.
    let snakes: Vec<[u32; 2]> = (3..240).step_by(2).map(|s| [s, 1]).collect();
    let board = serde_json::json!({"squares": 240, "snakes": snakes}).to_string();
    let run = crate::snl(&["expect", "-"], Some(&board));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mean = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("  mean       "))
        .unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&crate::snl(&["expect", "-", "--json"], Some(&board)).stdout).unwrap();
    let exact = json["mean"].as_f64().unwrap();
    assert!(exact > 1e15, "{exact}");
    assert_eq!(mean, format!("{exact:.6e}"), "{}", run.stdout);
    assert!(mean.contains('e') && mean.len() < 16, "{mean}");
    let sd = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("  std dev    "))
        .unwrap();
    assert!(sd.contains('e'), "{sd}");
}

#[test]
fn a_board_of_any_length_by_the_sparse_engine() {
    // 10^12 + 1 squares, nothing on them, reaching or passing the end:
    // 2d/7 + 10/21 rolls for d = 10^12 to go, less an exponentially small
    // term.
    let empty = r#"{"squares": 1000000000001}"#;
    let run = snl(&["expect", "--finish", "pass", "--json"], Some(empty));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("gives the mean and variance, not the distribution"),
        "{}",
        run.stderr
    );
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["engine"], "sparse");
    assert_eq!(v["left_out"]["reason"], "sparse");
    assert_eq!(v["median"], Value::Null);
    let want = 2e12 / 7.0 + 10.0 / 21.0;
    let (mean, bound) = (
        v["mean"].as_f64().unwrap(),
        v["error_bounds"]["mean"].as_f64().unwrap(),
    );
    assert!(bound < 1e-3, "{bound}");
    assert!(
        (mean - want).abs() <= bound + want * 1e-15,
        "{mean} against {want}"
    );
    assert_eq!(v["min_rolls"], 166_666_666_667u64);
    assert_eq!(v["never_finishes"], 0.0);

    // A wall of snakes before the end: the game never ends.
    let stuck = r#"{"squares": 1000000000000, "snakes": [[999999999994, 1], [999999999995, 1], [999999999996, 1], [999999999997, 1], [999999999998, 1], [999999999999, 1]]}"#;
    let run = snl(&["expect"], Some(stuck));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("mean       infinite: the game never ends with chance 1.000000"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("fewest     -"), "{}", run.stdout);

    // What only the dense engine answers is refused clearly, naming the
    // board.
    for (flag, what) in [
        ("--visits", "giving the expected visits"),
        ("--exact", "giving the exact mean"),
        ("--impact", "giving each jump's impact"),
        ("--full", "following the whole distribution"),
    ] {
        let run = snl(&["expect", flag], Some(empty));
        assert_eq!(run.code, 2, "{flag}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!(
                "snl: error: standard input: {what} needs the engine that keeps tables a square long"
            )),
            "{}",
            run.stderr
        );
    }
    // A chance within K rolls is read off the distribution, which the
    // sparse engine does not give: left out, but for K below the fewest
    // rolls, where it is 0.
    let run = snl(
        &[
            "expect",
            "--finish",
            "pass",
            "--within",
            "5",
            "--within",
            "200000000000",
            "--json",
        ],
        Some(empty),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["engine"], "sparse");
    assert_eq!(v["within"]["5"], 0.0);
    assert_eq!(v["within"]["200000000000"], Value::Null);
    let fields = v["left_out"]["fields"].as_array().unwrap();
    assert!(
        fields.contains(&Value::from("within.200000000000")),
        "{fields:?}"
    );
    assert!(!fields.contains(&Value::from("within.5")), "{fields:?}");
    let run = snl(&["expect", "--bonus"], Some(empty));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("counting the statistics by turns (the bonus rule) needs the engine"),
        "{}",
        run.stderr
    );
    let run = snl(&["expect", "--bonus-limit", "3"], Some(empty));
    assert_eq!(run.code, 2, "{}", run.stderr);

    // The best play of optional jumps is found on the dense engine alone.
    let run = snl(&["expect", "--optional", "ladders"], Some(empty));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("playing optional jumps needs the engine that keeps tables a square long"),
        "{}",
        run.stderr
    );

    // Boards the dense engine holds stay with it, and say so.
    assert_eq!(json(&["expect"], Some(SEED_20))["engine"], "dense");
}

/// On a board the dense engine holds, the sparse one answers where the
/// distribution would be over the work allowed anyway, and the note says
/// that, not that no distribution can be had.
#[test]
fn a_board_the_dense_engine_holds_sent_to_the_sparse_one_says_why() {
    let board = r#"{"squares": 100000, "ladders": [[20, 3000]], "snakes": [[50000, 40000]]}"#;
    let run = snl(&["expect", "--json"], Some(board));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["engine"], "sparse");
    assert_eq!(v["left_out"]["reason"], "over_budget");
    let message = v["left_out"]["message"].as_str().unwrap();
    assert!(
        message.contains("a game takes at least 16171 rolls") && message.contains("sparse engine"),
        "{message}"
    );
    assert_eq!(v["min_rolls"], 16171);
    assert!(
        v["left_out"]["estimated_work"].as_u64().unwrap()
            > v["left_out"]["allowed_work"].as_u64().unwrap()
    );
    assert!(
        run.stderr.contains("a game takes at least"),
        "{}",
        run.stderr
    );
    // --full follows the distribution, on the dense engine.
    let full = snl(
        &["expect", "--full", "--max-time", "0.01", "--json"],
        Some(board),
    );
    assert_ne!(full.code, 0, "{}", full.stdout);
    assert!(
        full.stderr.contains("more than the budget"),
        "{}",
        full.stderr
    );
}

#[test]
fn the_best_play_for_finishing_within_k_rolls() {
    // Ten squares, a ladder 2->9, an exact finish: within 2 rolls, 1 then 1
    // (up the ladder) or 3 and 6, 4 and 5, 5 and 4, 6 and 3: 5/36.
    let ladder = r#"{"squares": 10, "ladders": [[2, 9]], "snakes": []}"#;
    let v = json(
        &["expect", "-", "--optional", "ladders", "--goal", "within:2"],
        Some(ladder),
    );
    assert_eq!(v["goal"], "within:2");
    assert_eq!(v["rolls"], 2);
    assert!(
        (v["chance"].as_f64().unwrap() - 5.0 / 36.0).abs() < 1e-15,
        "{v}"
    );
    assert_eq!(
        v["policy"]["jumps"],
        serde_json::json!([{"from": 2, "to": 9, "kind": "ladder", "declined_on_rolls": []}])
    );
    // A snake from 18 to 3: staying on 18 is the mean's best play, but
    // with one roll left after landing there no play finishes, and taking
    // it ties; on every earlier roll the pawn stays.
    let snake = r#"{"squares": 20, "ladders": [[4, 19]], "snakes": [[18, 3]]}"#;
    let v = json(
        &["expect", "-", "--optional", "all", "--goal", "within:6"],
        Some(snake),
    );
    assert_eq!(
        v["policy"]["jumps"][1]["declined_on_rolls"],
        serde_json::json!([[1, 5]])
    );
    let text = ok(
        &["expect", "-", "--optional", "all", "--goal", "within:6"],
        Some(snake),
    );
    assert!(
        text.contains("snake     18 -> 3     stay when landing on roll 1-5, else take"),
        "{text}"
    );
    assert!(
        text.contains("chance of finishing within 6 rolls: 0."),
        "{text}"
    );
    // Without a choice it is the chance --within gives.
    let plain = json(&["expect", "-", "--within", "7"], Some(snake));
    let goal = json(&["expect", "-", "--goal", "within:7"], Some(snake));
    let within = plain["within"]["7"].as_f64().unwrap();
    assert!(
        (goal["chance"].as_f64().unwrap() - within).abs() < 1e-12,
        "{goal} {plain}"
    );
    // Picking a die: a d1 finishes two squares in one roll for certain.
    let v = json(
        &[
            "expect",
            "-",
            "--choose-die",
            "d6",
            "--choose-die",
            "1",
            "--goal",
            "within:1",
        ],
        Some(TWO),
    );
    assert_eq!(v["chance"].as_f64(), Some(1.0));
    assert_eq!(v["policy"]["dice"], serde_json::json!(["d6", "d1"]));
    // On square 1 the d1, on its one roll.
    assert_eq!(
        v["policy"]["die_by_square"][1],
        serde_json::json!([[1, 1, 1]])
    );
    // A board where the die picked depends on the rolls left: each
    // square's runs cover every roll, and the text says which die when.
    let board = r#"{"squares": 20, "ladders": [[3, 11], [6, 17]], "snakes": [[14, 4], [19, 8]],
                    "rules": {"finish": "bounce"}}"#;
    let args = [
        "expect",
        "-",
        "--choose-die",
        "d6",
        "--choose-die",
        "1,1,1,0,0,0",
        "--goal",
        "within:12",
    ];
    let v = json(&args, Some(board));
    let by_square = v["policy"]["die_by_square"].as_array().unwrap();
    assert_eq!(by_square.len(), 21);
    let mut several = 0;
    for runs in by_square {
        let runs: Vec<[u64; 3]> = serde_json::from_value(runs.clone()).unwrap();
        assert_eq!(runs[0][0], 1, "{runs:?}");
        assert_eq!(runs.last().unwrap()[1], 12, "{runs:?}");
        assert!(
            runs.windows(2)
                .all(|w| w[0][1] + 1 == w[1][0] && w[0][2] != w[1][2])
        );
        assert!(runs.iter().all(|r| r[2] < 2));
        several += usize::from(runs.len() > 1);
    }
    assert!(several > 0, "{v}");
    let text = ok(&args, Some(board));
    assert!(text.contains("  on 0-2          roll d6\n"), "{text}");
    assert!(text.contains(" on rolls "), "{text}");
}

#[test]
fn a_goal_is_read_and_refused_with_its_reason() {
    let ladder = r#"{"squares": 10, "ladders": [[2, 9]], "snakes": []}"#;
    for (args, said) in [
        (
            &["--goal", "within:0"][..],
            "a goal is `mean` or `within:K` with K a number of rolls from 1",
        ),
        (&["--goal", "fast"][..], "not `fast`"),
        (
            &["--goal", "within:3", "--exact"][..],
            "--exact is not given with --goal within:K",
        ),
        (
            &["--goal", "within:1000000000000", "--optional", "all"][..],
            "--goal within:1000000000000: the best play for finishing within K rolls would need",
        ),
    ] {
        let mut all = vec!["expect", "-"];
        all.extend(args);
        let run = snl(&all, Some(ladder));
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(said), "{args:?}: {}", run.stderr);
    }
    // The default goal is the mean.
    let v = json(
        &["expect", "-", "--optional", "ladders", "--goal", "mean"],
        Some(ladder),
    );
    assert!(v["mean"].as_f64().is_some(), "{v}");
}

/// Problem ABC189F as it is stated: squares 0 to `n`, the pawn
/// off the board on 0, a fair die of `m` faces, reaching or passing `n`
/// ends the game, and each broken square sends the pawn back to 0.
fn abc189f(n: u64, broken: &[u64]) -> String {
    let snakes: Vec<String> = broken.iter().map(|a| format!("[{a}, 0]")).collect();
    format!(
        r#"{{"squares": {n}, "snakes": [{}], "rules": {{"finish": "pass", "start": 0}}}}"#,
        snakes.join(", ")
    )
}

#[test]
fn atcoder_abc189f_samples() {
    let mean = |n: u64, m: u32, broken: &[u64]| -> Value {
        let die = format!("d{m}");
        json(&["expect", "-", "--die", &die], Some(&abc189f(n, broken)))
    };
    let v = mean(2, 2, &[]);
    assert!((v["mean"].as_f64().unwrap() - 1.5).abs() < 1e-12, "{v}");
    let v = mean(2, 2, &[1]);
    assert!((v["mean"].as_f64().unwrap() - 2.0).abs() < 1e-12, "{v}");
    // Ten broken squares in a row, more than a roll of six can cross: the
    // problem's -1, snl's "never finishes".
    let v = mean(100, 6, &(11..=20).collect::<Vec<_>>());
    assert_eq!(v["mean"], Value::Null, "{v}");
    assert_eq!(v["never_finishes"], 1.0, "{v}");
    // A game of at least 50001 rolls: the mean comes from the engine for
    // long boards, with a note that the distribution was not followed.
    let run = snl(
        &["expect", "-", "--die", "d2", "--json"],
        Some(&abc189f(100_000, &[2997, 92458])),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("sparse engine"), "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    let four = v["mean"].as_f64().unwrap();
    assert_eq!(format!("{four:.4}"), "201932.2222", "{v}");
    // The same rules from the command line, and as text.
    let text = ok(
        &[
            "expect", "-", "--die", "d2", "--finish", "pass", "--start", "0",
        ],
        Some(r#"{"squares": 2, "snakes": [[1, 0]]}"#),
    );
    assert!(text.contains("mean       2.000000"), "{text}");
    let never = ok(
        &["expect", "-", "--die", "d6"],
        Some(&abc189f(100, &(11..=20).collect::<Vec<_>>())),
    );
    assert!(
        never.contains("mean       infinite: the game never ends with chance 1.000000"),
        "{never}"
    );
}

#[test]
fn a_snake_to_square_0_needs_the_start_off_the_board() {
    let board = r#"{"squares": 20, "snakes": [[11, 0]]}"#;
    let run = snl(&["expect", "-"], Some(board));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "the snake from square 11 leads to square 0, off the board, which is a position only when the pawn starts there; add \"start\": 0 to the rules (--start 0), or end the snake on square 1"
        ),
        "{}",
        run.stderr
    );
    let v = json(&["expect", "-", "--start", "0"], Some(board));
    assert!(v["mean"].as_f64().is_some(), "{v}");
}

/// The fewest rolls `snl expect` gives under a choice are those of
/// `snl solve` (the search plays the choice too), and are given where the
/// best play decides by the bonus streak, which has no distribution.
#[test]
fn the_fewest_rolls_under_a_choice_are_the_searchs() {
    let optional = r#"{"squares": 17, "ladders": [[6, 15], [10, 12], [15, 17]], "rules": {"optional": "all"}}"#;
    let solved = json(&["solve", "-"], Some(optional));
    let expected = json(&["expect", "-"], Some(optional));
    assert_eq!(solved["min_rolls"], 2);
    assert_eq!(expected["min_rolls"], solved["min_rolls"]);
    let by_streak = r#"{"squares": 18, "ladders": [[11, 14]], "snakes": [[14, 12], [15, 8], [12, 1]], "rules": {"optional": "all", "bonus_limit": 3}}"#;
    let run = snl(&["expect", "-", "--json"], Some(by_streak));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    let plays: Vec<&str> = v["policy"]["jumps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["play"].as_str().unwrap())
        .collect();
    assert!(plays.contains(&"by_streak"), "{plays:?}");
    assert_eq!(v["left_out"]["reason"], "choice");
    assert_eq!(
        v["min_rolls"],
        json(&["solve", "-"], Some(by_streak))["min_rolls"]
    );
    assert!(v["min_rolls"].is_u64());
}

/// `--visits` under a best play that is no plain game is not dropped: the
/// answer says it is not given, and why, on stderr and in the JSON.
#[test]
fn visits_of_a_play_that_is_no_plain_game_say_why_they_are_missing() {
    let run = snl(
        &[
            "expect",
            "testdata/seed-004-twenty.pairs.json",
            "--choose-die",
            "d6",
            "--choose-die",
            "1,1,1,0,0,0",
            "--visits",
            "--json",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    let why = v["visits"]["unavailable"].as_str().unwrap();
    assert!(
        why.contains("no plain game whose visits are counted"),
        "{why}"
    );
    assert!(
        run.stderr
            .contains("the visits are not given: the best play picks among dice"),
        "{}",
        run.stderr
    );
}

/// The exact mean's limit refuses a game at once, before the statistics
/// are computed (on 10^7 squares they take half a minute in a test build).
#[test]
fn the_exact_means_limit_refuses_before_anything_is_computed() {
    let board = r#"{"squares": 10000000, "ladders": [[3, 50]], "snakes": [[9000000, 20]]}"#;
    let started = std::time::Instant::now();
    let run = snl(&["expect", "-", "--exact"], Some(board));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("the exact mean is limited to 2002 chain states"),
        "{}",
        run.stderr
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

/// Where taking a jump and staying tie (every square from 17 to 22 is
/// six rolls from the end of this board), the best play takes it under
/// both goals, as the reference says, rather than showing rounding as a
/// strategy.
#[test]
fn a_tie_is_taken_under_both_goals() {
    let board = r#"{"squares": 23, "snakes": [[22, 17]], "rules": {"optional": "snakes"}}"#;
    let out = ok(&["expect", "-", "--goal", "within:30"], Some(board));
    assert!(out.contains("\n  snake     22 -> 17    take\n"), "{out}");
    let answer = json(&["expect", "-"], Some(board));
    assert_eq!(answer["policy"]["jumps"][0]["play"], "taken", "{answer}");
}

/// `--within K` does not send a board to the dense engine: the engine and
/// its figures are those of the question without it, and the chance within
/// K is 0 below the fewest rolls (left out above them, where the
/// distribution is not followed).
#[test]
fn within_keeps_the_engine_and_its_figures() {
    let board = r#"{"squares": 100000}"#;
    let run = snl(&["expect", "-", "--json"], Some(board));
    let plain: Value = serde_json::from_str(&run.stdout).unwrap();
    let run = snl(&["expect", "-", "--within", "5", "--json"], Some(board));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let within: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(plain["engine"], "sparse");
    assert_eq!(within["engine"], "sparse");
    assert_eq!(within["mean"], plain["mean"]);
    assert_eq!(within["mean"], 28_575.904_761_904_763);
    assert_eq!(within["within"]["5"], 0.0);
}

/// `--target`: the rolls to other squares; the last square gives the
/// game's own figures.
#[test]
fn the_rolls_to_a_target() {
    let game = json(
        &["expect", "--preset", "milton-bradley", "--within", "30"],
        None,
    );
    let hit = json(
        &[
            "expect",
            "--preset",
            "milton-bradley",
            "--target",
            "100",
            "--within",
            "30",
        ],
        None,
    );
    let close = |a: &Value, b: &Value| (a.as_f64().unwrap() - b.as_f64().unwrap()).abs() < 1e-9;
    assert!(close(&hit["mean"], &game["mean"]), "{hit}");
    assert!(close(&hit["std_dev"], &game["std_dev"]), "{hit}");
    assert_eq!(hit["median"], game["median"]);
    assert_eq!(hit["quantiles"], game["quantiles"]);
    assert!(close(&hit["within"]["30"], &game["within"]["30"]), "{hit}");
    assert_eq!(hit["target"], serde_json::json!([[100, 100]]));
    // Square 2 of two squares: the first roll of 1 finishes there.
    let two = json(&["expect", "-", "--target", "1..2"], Some(TWO));
    assert_eq!(two["target"], serde_json::json!([[1, 2]]));
    assert_eq!(
        (two["chance"].as_f64(), two["mean"].as_f64()),
        (Some(1.0), Some(0.0))
    );
    // Never: the pawn is held on 1 and the squares that lead back to it.
    let out = ok(&["expect", "-", "--target", "9"], Some(STUCK));
    assert!(
        out.contains(
            "\never rests there: 0.000000%\nno game gets there: it ends, or is trapped, first\n"
        ),
        "{out}"
    );
}

#[test]
fn a_target_that_cannot_be_aimed_at_is_refused() {
    for (args, message) in [
        (
            &["expect", "--preset", "milton-bradley", "--target", "80"][..],
            "snl: error: --target: no pawn comes to rest on square 80: the ladder 80->100 starts there and carries it on to square 100; aim at square 100 instead\n",
        ),
        (
            &[
                "expect",
                "--preset",
                "milton-bradley",
                "--target",
                "99..101",
            ],
            "snl: error: --target: square 101 is off the board: the squares are 0 to 100\n",
        ),
        (
            &[
                "expect",
                "--preset",
                "milton-bradley",
                "--target",
                "90,",
                "--json",
            ],
            "cannot read the squares \"90,\" at character 4",
        ),
        (
            &[
                "expect",
                "--preset",
                "milton-bradley",
                "--target",
                "90",
                "--exact",
            ],
            "snl: error: --exact is not given with --target",
        ),
        (
            &[
                "expect",
                "--preset",
                "milton-bradley",
                "--target",
                "90",
                "--optional",
                "all",
            ],
            "the rules let a player decline jumps",
        ),
    ] {
        let run = snl(args, None);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
    }
}

/// `--via`: a jump's part in the game, against `--visits`' landings.
#[test]
fn the_part_a_jump_plays() {
    let visits = json(&["expect", "--preset", "milton-bradley", "--visits"], None);
    let landed = visits["visits"]["squares"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["square"] == 87)
        .unwrap()["landings"]
        .as_f64()
        .unwrap();
    let via = json(
        &[
            "expect",
            "--preset",
            "milton-bradley",
            "--via",
            "87->24",
            "--within",
            "40",
        ],
        None,
    );
    assert_eq!(
        (via["via"].clone(), via["kind"].clone()),
        (serde_json::json!([87, 24]), "snake".into())
    );
    assert!(
        (via["times"].as_f64().unwrap() - landed).abs() < 1e-9,
        "{via}"
    );
    let chance = via["chance"].as_f64().unwrap();
    assert!(chance > 0.3 && chance < landed, "{via}");
    assert!(via["within"]["40"].as_f64().unwrap() < chance);
    // Not a jump of the board; not a jump at all; with --target.
    for (args, message) in [
        (
            &["--via", "87-25"][..],
            "snl: error: --via: the board has no jump 87->25; the jump from square 87 goes to 24\n",
        ),
        (
            &["--via", "87"],
            "cannot read the jump \"87\": write it as FROM-TO, as 47-26",
        ),
        (
            &["--via", "87-24", "--target", "5"],
            "--target with --via is not given with --target",
        ),
    ] {
        let mut all = vec!["expect", "--preset", "milton-bradley"];
        all.extend_from_slice(args);
        let run = snl(&all, None);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn steps_show_the_game_roll_by_roll_and_agree_with_within() {
    let answer = json(
        &["expect", "--preset", "milton-bradley", "--steps", "12"],
        None,
    );
    let steps = answer["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 13);
    assert_eq!(steps[0]["on"]["0"], 1.0, "the pawn starts off the board");
    for key in [
        "rolls", "finished", "on", "landed", "climbed", "slid", "lost", "reset", "text",
    ] {
        assert!(steps[1].get(key).is_some(), "{key}");
    }
    for t in [7_usize, 12] {
        let within = json(
            &[
                "expect",
                "--preset",
                "milton-bradley",
                "--within",
                &t.to_string(),
            ],
            None,
        );
        let want = within["within"][t.to_string()].as_f64().unwrap();
        let got = steps[t]["finished"].as_f64().unwrap();
        assert!((got - want).abs() < 1e-12, "roll {t}: {got} against {want}");
        let on: f64 = steps[t]["on"]
            .as_object()
            .unwrap()
            .values()
            .map(|p| p.as_f64().unwrap())
            .sum();
        assert!((on - 1.0).abs() < 1e-12, "roll {t}: {on}");
    }
    let text = ok(&["expect", "-", "--steps", "2"], Some(SEED_20));
    assert!(
        text.contains("Roll 1: the chance of having finished is 0.\n"),
        "{text}"
    );
    assert!(
        text.contains("This roll took a ladder with chance 0.1667."),
        "{text}"
    );
    // A game that has ended stops the steps.
    let ended = json(
        &["expect", "-", "--steps", "40", "--finish", "pass"],
        Some(TWO),
    );
    let last = ended["steps"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["rolls"], 1);
    assert_eq!(last["finished"], 1.0);
    for (args, says) in [
        (
            &["--steps", "5", "--steps-limit", "4"][..],
            "5 rolls were asked for, more than the 4",
        ),
        (
            &["--steps", "5", "--exact"][..],
            "--exact is not given with --steps",
        ),
        (
            &["--steps", "5", "--optional", "all"][..],
            "which takes no number of rolls",
        ),
    ] {
        let mut all = vec!["expect", "-"];
        all.extend_from_slice(args);
        let run = snl(&all, Some(SEED_20));
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn steps_under_a_choice_are_the_rounds_of_policy_iteration() {
    let dice = ["--choose-die", "d6", "--choose-die", "1,1,1,0,0,0"];
    let mut args = vec!["expect", "-", "--steps"];
    args.extend(dice);
    let answer = json(&args, Some(SEED_20));
    let steps = answer["steps"].as_array().unwrap();
    assert!(steps.len() >= 2, "{answer}");
    assert_eq!(answer["dice"], serde_json::json!(["d6", "d3"]));
    for key in ["round", "value", "changed", "ties", "text"] {
        assert!(steps[1].get(key).is_some(), "{key}");
    }
    assert!(!steps[1]["changed"].as_array().unwrap().is_empty());
    let mut plain = vec!["expect", "-", "--json"];
    plain.extend(dice);
    let run = snl(&plain, Some(SEED_20));
    let best: Value = serde_json::from_str(&run.stdout).unwrap();
    let mean = best["mean"].as_f64().unwrap();
    let last = steps.last().unwrap()["value"].as_f64().unwrap();
    assert!((last - mean).abs() < 1e-12, "{last} against {mean}");
    let text = ok(&args, Some(SEED_20));
    assert!(text.contains("Round 2: "), "{text}");
    assert!(text.contains("this play is the best"), "{text}");
    let run = snl(
        &["expect", "-", "--steps", "5", "--optional", "all"],
        Some(SEED_20),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("which takes no number of rolls"),
        "{}",
        run.stderr
    );
}

#[test]
fn equation_writes_a_squares_first_step_and_refuses_a_jumps_start() {
    let answer = json(&["expect", "-", "--equation", "1"], Some(SEED_20));
    let mean = json(&["expect", "-"], Some(SEED_20))["mean"]
        .as_f64()
        .unwrap();
    assert!(
        (answer["mean"].as_f64().unwrap() - mean).abs() < 1e-9,
        "{answer}"
    );
    let terms = answer["terms"].as_array().unwrap();
    // From 1: a 1 lands on 2 and climbs to 19; 2 to 6 rest on 3 to 7.
    assert_eq!(terms.len(), 6);
    assert_eq!(terms[0]["to"], 19);
    assert_eq!(terms[0]["chance"], "1/6");
    let sum: f64 = 1.0
        + terms
            .iter()
            .map(|t| t["value"].as_f64().unwrap() / 6.0)
            .sum::<f64>();
    assert!((sum - mean).abs() < 1e-9);
    let text = ok(&["expect", "-", "--equation", "1"], Some(SEED_20));
    assert!(text.contains("E(1) = 1 + 1/6·E(19) + 1/6·E(3)"), "{text}");
    for (square, says) in [
        ("12", "a jump starts there"),
        ("20", "it is the last square"),
        ("25", "past the last square"),
    ] {
        let run = snl(&["expect", "-", "--equation", square], Some(SEED_20));
        assert_eq!(run.code, 2, "{square}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{square}: {}", run.stderr);
    }
    let stuck = snl(&["expect", "-", "--equation", "1"], Some(STUCK));
    assert_eq!(stuck.code, 2);
    assert!(stuck.stderr.contains("can get stuck"), "{}", stuck.stderr);
}
