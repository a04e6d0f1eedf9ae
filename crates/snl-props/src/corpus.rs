//! The corpus of answers every front end is checked against,
//! `testdata/answers/corpus.json`: its rows, each row's board as text, the
//! arguments the command takes for it, and whether an answer (as the JSON
//! the command prints) agrees with it. The library's tests, the command's,
//! the Python module's and the JavaScript package's read the same rows.

use serde_json::Value;

/// The rows of the corpus.
pub fn rows() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/answers/corpus.json"
    );
    let text = std::fs::read_to_string(path).expect("the corpus is readable");
    let corpus: Value = serde_json::from_str(&text).expect("the corpus is JSON");
    corpus["rows"].as_array().expect("rows").clone()
}

/// A row's board as a pairs document or a file's text, and its name (a
/// preset's).
///
/// # Panics
///
/// On a row that names no board this repository has.
pub fn board_text(board: &Value) -> (String, Option<String>) {
    if let Some(name) = board["preset"].as_str() {
        let preset = snl::presets::find(name).expect("a preset");
        return (preset.text.to_string(), Some(name.to_string()));
    }
    if let Some(file) = board["file"].as_str() {
        let path = format!("{}/../../{file}", env!("CARGO_MANIFEST_DIR"));
        return (std::fs::read_to_string(path).expect("a board file"), None);
    }
    if let Some(pattern) = board.get("pattern") {
        let (mut ladders, mut snakes) = (Vec::new(), Vec::new());
        for run in pattern["runs"].as_array().unwrap() {
            let (first, step, rise) = (
                run["first"].as_i64().unwrap(),
                run["step"].as_i64().unwrap(),
                run["rise"].as_i64().unwrap(),
            );
            for i in 0..run["count"].as_i64().unwrap() {
                let from = first + i * step;
                let pair = serde_json::json!([from, from + rise]);
                if rise > 0 {
                    ladders.push(pair);
                } else {
                    snakes.push(pair);
                }
            }
        }
        let doc = serde_json::json!({
            "squares": pattern["squares"],
            "ladders": ladders,
            "snakes": snakes,
        });
        return (doc.to_string(), None);
    }
    (board["pairs"].to_string(), None)
}

/// The arguments of `snl` for a row: its question, its rules as the rule
/// flags, its query as the question's options, and `--json`; the board
/// comes on standard input.
pub fn cli_args(row: &Value) -> Vec<String> {
    let mut args = vec![row["question"].as_str().expect("a question").to_string()];
    args.push("-".to_string());
    if let Some(rules) = row["rules"].as_object() {
        for (key, value) in rules {
            match (key.as_str(), value) {
                ("bonus" | "chain", Value::Bool(true)) => args.push(format!("--{key}")),
                ("bonus" | "chain", Value::Bool(false)) => {}
                (key, value) => {
                    args.push(format!("--{}", key.replace('_', "-")));
                    args.push(
                        value
                            .as_str()
                            .map_or_else(|| value.to_string(), str::to_string),
                    );
                }
            }
        }
    }
    let query = &row["query"];
    if query["count"].as_bool() == Some(true) {
        args.push("--count".to_string());
    }
    if query["exact"].as_bool() == Some(true) {
        args.push("--exact".to_string());
    }
    for die in query["dice"].as_array().into_iter().flatten() {
        args.push("--choose-die".to_string());
        args.push(die.as_str().expect("a die").to_string());
    }
    for k in query["within"].as_array().into_iter().flatten() {
        args.push("--within".to_string());
        args.push(k.to_string());
    }
    args.push("--json".to_string());
    args
}

/// Whether `got` is the row's figures: exactly, or within the row's
/// tolerance for the means.
///
/// # Errors
///
/// The first figure that differs, with both values.
pub fn agrees(row: &Value, got: &Value) -> Result<(), String> {
    let expected = &row["expected"];
    let tolerance = expected["tolerance"].as_f64().unwrap_or(0.0);
    let close = |want: &Value, got: &Value| match (want.as_f64(), got.as_f64()) {
        (Some(w), Some(g)) => (w - g).abs() <= tolerance * w.abs(),
        _ => false,
    };
    for (key, want) in expected.as_object().unwrap() {
        if matches!(key.as_str(), "errors" | "warnings" | "notes") {
            // A check's findings, by their codes.
            let codes: Vec<&Value> = got[key]
                .as_array()
                .map(|found| found.iter().map(|d| &d["code"]).collect())
                .unwrap_or_default();
            let want: Vec<&Value> = want.as_array().expect("codes").iter().collect();
            if codes != want {
                return Err(format!("{key}: {codes:?} against {want:?}"));
            }
            continue;
        }
        let found = match key.as_str() {
            "tolerance" => continue,
            "left_out" => &got["left_out"]["reason"],
            "turns_mean" => &got["turns"]["mean"],
            "die_by_square" => &got["policy"]["die_by_square"],
            key => &got[key],
        };
        let same = match key.as_str() {
            "mean" | "turns_mean" => close(want, found),
            _ => want == found,
        };
        if !same {
            return Err(format!("{key}: {found} against {want}"));
        }
    }
    Ok(())
}
