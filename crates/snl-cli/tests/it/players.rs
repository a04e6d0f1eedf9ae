//! `snl simulate`, `snl race` and `snl duel`.

use serde_json::Value;

use crate::{SEED_20, ok, snl};

fn json(args: &[&str], stdin: Option<&str>) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    serde_json::from_str(&ok(&all, stdin)).expect("--json prints JSON")
}

const TWO_SQUARES: &str = r#"{"squares": 2, "ladders": [], "snakes": []}"#;

#[test]
fn simulate_json() {
    let out = ok(
        &["simulate", "-", "--games", "3000", "--seed", "7", "--json"],
        Some(SEED_20),
    );
    insta::assert_snapshot!(out);
}

#[test]
fn simulate_agrees_with_the_exact_mean_and_its_seed() {
    let args = ["simulate", "-", "--games", "50000", "--seed", "3"];
    let v = json(&args, Some(TWO_SQUARES));
    assert_eq!(v["games"], 50000);
    assert_eq!(v["capped"], 0);
    assert_eq!(v["rolls"]["exact_mean"], 6.0);
    let [low, high] = [&v["ci95"][0], &v["ci95"][1]].map(|x| x.as_f64().unwrap());
    assert!(low < 6.0 && 6.0 < high, "{low}..{high}");
    assert_eq!(v["turns"], Value::Null);
    // The same seed, the same numbers.
    assert_eq!(json(&args, Some(TWO_SQUARES)), v);
    let text = ok(&args, Some(TWO_SQUARES));
    assert!(text.contains("exact 6.000"), "{text}");
    assert!(
        text.contains("games: 50000 (seed 3, at most 100000 rolls each)\n"),
        "{text}"
    );
}

#[test]
fn simulate_caps_unending_games() {
    let stuck =
        r#"{"squares": 10, "ladders": [], "snakes": [[2,1],[3,1],[4,1],[5,1],[6,1],[7,1]]}"#;
    let run = snl(
        &[
            "simulate",
            "-",
            "--games",
            "10",
            "--max-rolls",
            "20",
            "--json",
        ],
        Some(stuck),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("10 games were stopped at 20 rolls"),
        "{}",
        run.stderr
    );
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["capped"], 10);
    assert_eq!(v["mean"], Value::Null);
    assert_eq!(v["rolls"]["exact_mean"], Value::Null);
}

#[test]
fn race_two_squares_is_exact() {
    // Whoever rolls the first 1 wins: 6/11 for the first seat.
    let v = json(&["race", "-"], Some(TWO_SQUARES));
    let win: Vec<f64> = v["win"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!((win[0] - 6.0 / 11.0).abs() < 1e-12, "{win:?}");
    assert!((win[1] - 5.0 / 11.0).abs() < 1e-12, "{win:?}");
    // Rounds until a 1: geometric with chance 1 - (5/6)^2 = 11/36.
    let rounds = v["expected_rounds"].as_f64().unwrap();
    assert!((rounds - 36.0 / 11.0).abs() < 1e-9, "{rounds}");
    assert_eq!(v["no_winner"], 0.0);
}

#[test]
fn race_json_and_text() {
    let out = ok(&["race", "-", "--from", "1,19", "--json"], Some(SEED_20));
    insta::assert_snapshot!(out);
    let text = ok(&["race", "-", "--players", "3"], Some(TWO_SQUARES));
    assert!(text.contains("players: 3, starting on 1, 1, 1\n"), "{text}");
    // Each of three seats: 1/6 on its turn, after the others' misses.
    let p = 1.0 / 6.0;
    let q: f64 = 5.0 / 6.0;
    let first = p / (1.0 - q.powi(3));
    assert!(
        text.contains(&format!("seat  1 wins: {first:.6}\n")),
        "{text}"
    );
}

#[test]
fn race_arguments_are_checked() {
    let run = snl(
        &["race", "-", "--players", "3", "--from", "1,2"],
        Some(SEED_20),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--players 3 but --from lists 2"),
        "{}",
        run.stderr
    );
    let run = snl(&["race", "-", "--players", "17"], Some(SEED_20));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("1 to 16 players, not 17"),
        "{}",
        run.stderr
    );
    let run = snl(&["race", "-", "--from", "1,21"], Some(SEED_20));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("seat 2 cannot start on square 21"),
        "{}",
        run.stderr
    );
}

/// Each seat rolls its own die: on two squares the first 1 wins, which a
/// die of two faces shows half the time and a die of six a sixth.
#[test]
fn seats_roll_dice_of_their_own() {
    let v = json(
        &["race", "-", "--seat-die", "d6", "--seat-die", "d2"],
        Some(TWO_SQUARES),
    );
    assert_eq!(v["players"], 2);
    assert_eq!(v["dice"], serde_json::json!(["d6", "d2"]));
    let win = |i: usize| v["win"][i].as_f64().unwrap();
    // Seat 1 wins on round r: both missed r - 1 times (5/6 · 1/2 each
    // round), then its 1 (1/6): (1/6) / (1 - 5/12) = 2/7.
    assert!((win(0) - 2.0 / 7.0).abs() < 1e-12, "{v}");
    assert!((win(1) - 5.0 / 7.0).abs() < 1e-12, "{v}");
    // Without --seat-die the JSON has no `dice`.
    assert_eq!(json(&["race", "-"], Some(TWO_SQUARES)).get("dice"), None);
    let text = ok(
        &["race", "-", "--seat-die", "d6", "--seat-die", "1,1"],
        Some(TWO_SQUARES),
    );
    assert!(
        text.contains("seat  2 wins: 0.714286 (rolling d2)\n"),
        "{text}"
    );
    let run = snl(
        &[
            "race",
            "-",
            "--players",
            "3",
            "--seat-die",
            "d6",
            "--seat-die",
            "d2",
        ],
        Some(TWO_SQUARES),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("3 players but 2 seat dice; give one die a seat, in seat order"),
        "{}",
        run.stderr
    );
    let run = snl(&["race", "-", "--seat-die", "d0"], Some(TWO_SQUARES));
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--seat-die"), "{}", run.stderr);
}

#[test]
fn duel_seed_board() {
    let text = ok(&["duel", "-"], Some(SEED_20));
    assert_eq!(
        text,
        "\
board: standard input, 20 squares, 2 ladders, 1 snake
rules: die d6, finish exact, no chaining, start on square 1
duel: pawns on 1 and 1, no bumping
winner with perfect play: the first player, after 3 rolls in all (2 of its own)
first player's best first roll: 1
"
    );
    let out = ok(&["duel", "-", "--bump", "--json"], Some(SEED_20));
    insta::assert_snapshot!(out);
}

#[test]
fn duel_from_other_squares() {
    let v = json(&["duel", "-", "--from", "1,18"], Some(SEED_20));
    assert_eq!(v["winner"], "second");
    assert_eq!(v["rolls"], 2);
    let run = snl(&["duel", "-", "--from", "1"], Some(SEED_20));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--from takes two starting squares"),
        "{}",
        run.stderr
    );
}

/// A race on a board past 2^30 squares is refused with the library's
/// reason (it needs each player's distribution, which the sparse engine
/// does not give) and the limit; a broken one still names its fault.
#[test]
fn a_race_past_2_30_squares_is_refused_saying_why() {
    let run = crate::snl(&["race", "testdata/long/trillion.pairs.json"], None);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!(
            "snl: error: testdata/long/trillion.pairs.json: {}\n",
            snl::race::too_long(1_000_000_000_000).unwrap()
        )
    );
    assert!(
        run.stderr
            .contains("holds boards of up to 2^30 squares; this one has 1000000000000"),
        "{}",
        run.stderr
    );
    let off = r#"{"squares": 1000000000000, "ladders": [[3, 1000000000001]]}"#;
    let run = crate::snl(&["race", "-"], Some(off));
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("leaves the board"), "{}", run.stderr);
}
