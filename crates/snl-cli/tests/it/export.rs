//! `snl export`: the forms, the files they go to, and the refusals. (Storm
//! and Graphviz read what it writes in the Python suite, `test_export.py`.)

use crate::{SEED_20, ok, snl};

#[test]
fn prism_on_stdout_is_the_model_with_its_properties_as_comments() {
    let text = ok(&["export", "-", "--within", "3"], Some(SEED_20));
    assert!(
        text.starts_with("// snl: a board of 20 squares\n"),
        "{text}"
    );
    assert!(text.contains("\ndtmc\n"), "{text}");
    // From square 1: a 1 climbs the ladder from 2 to 19, a 2 to 6 rest
    // on 3 to 7.
    assert!(
        text.contains("  [roll] s=1 -> 1/6 : (s'=3) + 1/6 : (s'=4) + 1/6 : (s'=5) + 1/6 : (s'=6) + 1/6 : (s'=7) + 1/6 : (s'=19);"),
        "{text}"
    );
    assert!(text.contains("label \"finished\" = s=20;"), "{text}");
    assert!(text.contains("// P=? [ F<=3 \"finished\" ];"), "{text}");
}

#[test]
fn prism_to_a_file_writes_the_properties_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("seed.pm");
    let out = ok(
        &["export", "-", "-o", model.to_str().unwrap()],
        Some(SEED_20),
    );
    assert_eq!(out, "");
    let text = std::fs::read_to_string(&model).unwrap();
    assert!(text.contains("\ndtmc\n") && !text.contains("R{\"rolls\"}"));
    let props = std::fs::read_to_string(dir.path().join("seed.props")).unwrap();
    assert!(
        props.contains("R{\"rolls\"}=? [ F \"finished\" ];"),
        "{props}"
    );
    // Told where, the properties go there.
    let other = dir.path().join("questions.txt");
    ok(
        &[
            "export",
            "-",
            "-o",
            model.to_str().unwrap(),
            "--properties",
            other.to_str().unwrap(),
        ],
        Some(SEED_20),
    );
    assert_eq!(std::fs::read_to_string(&other).unwrap(), props);
}

#[test]
fn choices_make_a_decision_process() {
    let board = r#"{"squares": 20, "ladders": [[2, 19]], "rules": {"optional": "all"}}"#;
    let text = ok(&["export", "-", "--within", "4"], Some(board));
    assert!(text.contains("\nmdp\n"), "{text}");
    assert!(
        text.contains("  [take] s=2 & c=1 -> 1 : (s'=19) & (c'=0);"),
        "{text}"
    );
    assert!(
        text.contains("  [stay] s=2 & c=1 -> 1 : (s'=2) & (c'=0);"),
        "{text}"
    );
    assert!(
        text.contains("// R{\"rolls\"}min=? [ F \"finished\" ];"),
        "{text}"
    );
    assert!(
        text.contains("// Pmax=? [ F{\"rolls\"}<=4 \"finished\" ];"),
        "{text}"
    );
    let dice = ok(
        &["export", "-", "--choose-die", "d6", "--choose-die", "d4"],
        Some(SEED_20),
    );
    assert!(
        dice.contains("[d1] s=1 -> ") && dice.contains("[d2] s=1 -> "),
        "{dice}"
    );
}

#[test]
fn dot_is_a_node_a_state_reached_and_names_the_jumps() {
    let text = ok(&["export", "-", "--to", "dot"], Some(SEED_20));
    assert!(text.contains("digraph snl {"), "{text}");
    // The feet of the snake and of the ladder from 12 are never rested on
    // (2, the other ladder's foot, is: the snake leads there, and without
    // chaining the pawn stays).
    assert!(text.contains("  s2 [label=\"2\"];"), "{text}");
    for foot in [9, 12] {
        assert!(!text.contains(&format!("  s{foot} [")), "{text}");
    }
    assert!(
        text.contains("  s1 -> s19 [label=\"1/6\", color=\"#2e7d32\""),
        "{text}"
    );
    assert!(text.contains("tooltip=\"by the snake 9→2\""), "{text}");
    assert!(
        text.contains("  s20 [label=\"20\", shape=doublecircle];"),
        "{text}"
    );
    // The form follows the file's name.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("chain.gv");
    ok(
        &["export", "-", "-o", file.to_str().unwrap()],
        Some(SEED_20),
    );
    assert_eq!(std::fs::read_to_string(file).unwrap(), text);
}

#[test]
fn refusals_say_why_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.dot");
    let run = snl(
        &["export", "-", "-o", file.to_str().unwrap()],
        Some(r#"{"squares": 2500}"#),
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("2501 states, more than a picture can show (at most 2000)"),
        "{}",
        run.stderr
    );
    assert!(!file.exists());
    let optional = r#"{"squares": 20, "ladders": [[2, 19]], "rules": {"optional": "all"}}"#;
    let run = snl(&["export", "-", "--to", "dot"], Some(optional));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("without choices"), "{}", run.stderr);
    let run = snl(
        &["export", "-", "--to", "dot", "--within", "3"],
        Some(SEED_20),
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("--within asks a property of a model"),
        "{}",
        run.stderr
    );
    let run = snl(&["export", "--to", "prism"], None);
    assert_eq!(run.code, 2);
    let long = snl(&["export", "-"], Some(r#"{"squares": 4000000000}"#));
    assert_eq!(long.code, 2, "{}", long.stderr);
    assert!(
        long.stderr
            .contains("an export, which writes a state for every square"),
        "{}",
        long.stderr
    );
}

#[test]
fn phase_type_is_json_and_refuses_what_a_model_asks() {
    let text = ok(&["export", "-", "--to", "phase-type"], Some(SEED_20));
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let squares = doc["squares"].as_array().unwrap();
    assert_eq!(squares.first(), Some(&serde_json::json!(1)));
    assert!(!squares.contains(&serde_json::json!(20)) && !squares.contains(&serde_json::json!(9)));
    assert_eq!(doc["T"].as_array().unwrap().len(), squares.len());
    let run = snl(
        &["export", "-", "--to", "phase-type", "--within", "3"],
        Some(SEED_20),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("a phase-type distribution has none"),
        "{}",
        run.stderr
    );
}

/// `--target` labels the states of its squares, every streak of each, and
/// asks the chance and the rolls; it goes with a model only.
#[test]
fn a_target_is_a_label_and_two_properties() {
    let text = ok(&["export", "-", "--target", "3..5,19"], Some(SEED_20));
    assert!(
        text.contains("\nlabel \"target\" = (s>=3 & s<=5) | s=19;\n"),
        "{text}"
    );
    assert!(text.contains("\n// P=? [ F \"target\" ];\n"), "{text}");
    assert!(
        text.contains("\n// R{\"rolls\"}=? [ F \"target\" ];\n"),
        "{text}"
    );
    let bonus = ok(
        &["export", "-", "--target", "4", "--bonus-limit", "3"],
        Some(SEED_20),
    );
    assert!(
        bonus.contains("\nlabel \"target\" = (s>=12 & s<=14);\n"),
        "{bonus}"
    );
    for (args, message) in [
        (
            &["--to", "dot", "--target", "4"][..],
            "--target labels states of a model (--to prism or jani); a diagram has none",
        ),
        (
            &["--target", "2"],
            "no pawn comes to rest on square 2: the ladder 2->19 starts there",
        ),
    ] {
        let mut all = vec!["export", "-"];
        all.extend_from_slice(args);
        let run = snl(&all, Some(SEED_20));
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "");
    }
}

/// `--to jani` (or a `.jani` file) writes the model as JSON with its
/// properties inside, and has no properties file to name.
#[test]
fn jani_is_the_model_as_json_with_its_properties_inside() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("seed.jani");
    let out = ok(
        &[
            "export",
            "-",
            "-o",
            file.to_str().unwrap(),
            "--within",
            "3",
            "--target",
            "10..12",
        ],
        Some(SEED_20),
    );
    assert_eq!(out, "");
    assert!(!dir.path().join("seed.props").exists());
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(doc["jani-version"], 1);
    assert_eq!(doc["type"], "dtmc");
    let names: Vec<&str> = doc["properties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["finishes", "rolls", "within-3", "target", "target-rolls"]
    );
    assert!(
        doc["metadata"]["description"]
            .as_str()
            .unwrap()
            .starts_with("snl: a board of 20 squares\n")
    );
    let run = snl(
        &["export", "-", "--to", "jani", "--properties", "p.props"],
        Some(SEED_20),
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("a JANI model holds its own"),
        "{}",
        run.stderr
    );
}

/// `--to tikz` (or a `.tex` file) writes the chain as a TikZ picture, an
/// edge a line; `snl render` writes the board as one.
#[test]
fn tikz_is_the_chain_or_the_board_for_latex() {
    let text = ok(&["export", "-", "--to", "tikz"], Some(SEED_20));
    assert!(text.starts_with("% snl: a board of 20 squares\n"), "{text}");
    assert!(text.contains("\\begin{tikzpicture}") && text.ends_with("\\end{tikzpicture}\n"));
    // From square 1 a 1 climbs the ladder from 2 to 19.
    assert!(
        text.contains("\\draw[ladder] (s1) to[bend left=10] node[chance] {1/6} (s19);"),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.tex");
    let out = ok(
        &["render", "-", "--path", "-o", file.to_str().unwrap()],
        Some(SEED_20),
    );
    assert_eq!(out, "");
    let board = std::fs::read_to_string(&file).unwrap();
    assert!(board.contains("\\begin{tikzpicture}"), "{board}");
    assert_eq!(
        board,
        ok(&["render", "-", "--path", "--to", "tikz"], Some(SEED_20))
    );
    let big = dir.path().join("big.tex");
    let run = snl(
        &["render", "-", "-o", big.to_str().unwrap()],
        Some(r#"{"squares": 2501}"#),
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("2501 squares is too large for a TikZ picture"),
        "{}",
        run.stderr
    );
    assert!(!big.exists());
}
