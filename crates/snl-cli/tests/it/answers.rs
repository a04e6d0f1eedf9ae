//! The corpus of answers every front end is checked against
//! (`testdata/answers/corpus.json`): the command gives each row's engine and
//! figures.

use serde_json::Value;
use snl_props::corpus::{agrees, board_text, cli_args, rows};

#[test]
fn every_row_is_answered_by_its_engine_with_its_figures() {
    for row in rows() {
        let name = row["name"].as_str().unwrap();
        let (text, preset) = board_text(&row["board"]);
        let mut args = cli_args(&row);
        if let Some(preset) = &preset {
            // A preset by its name, as a user asks for it.
            args.retain(|a| a != "-");
            args.extend(["--preset".to_string(), preset.clone()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let stdin = preset.is_none().then_some(text.as_str());
        let run = crate::snl(&args, stdin);
        assert_eq!(run.code, 0, "{name}: {args:?}: {}", run.stderr);
        let got: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(got["engine"], row["engine"], "{name}");
        if let Err(why) = agrees(&row, &got) {
            panic!("{name}: {why}");
        }
    }
}
