//! The studio page's questions, answered in the page: each function is one
//! endpoint of `snl serve`'s API, computed by the same code
//! ([`snl_web::analyse`]) under the same limits, so that the page shows
//! the same figures and the same errors from either engine.
//!
//! | function | `snl serve` |
//! | --- | --- |
//! | [`studio_presets`] | `GET /api/presets` |
//! | [`studio_analyse`] | `POST /api/analyse` |
//! | [`studio_convert`] | `POST /api/convert` |
//! | [`studio_report`] | `POST /api/report` |
//! | [`studio_design`] | `POST /api/design` |
//! | [`studio_steps`] | `POST /api/steps` |
//! | [`studio_target`] | `POST /api/target` |

use snl::limits::Cancel;
use snl::plan::KeptWalk;
use snl_web::analyse::{self, Options};
use snl_web::{ApiError, StudioLimits};
use wasm_bindgen::prelude::wasm_bindgen;

use crate::envelope;

/// The built-in boards, `[{"name", "title", "source", "board"}]`.
#[wasm_bindgen]
pub fn studio_presets() -> String {
    envelope(Ok(analyse::presets()))
}

/// Every answer about `board` (text in any form `snl` reads) that the page
/// shows: the answer of `POST /api/analyse`. `options` is a JSON object of
/// the query that endpoint takes: `{"path": true, "overlay": "heat",
/// "width": 10, "format": "grid", "squares": 100}`, any of them left out.
#[wasm_bindgen]
pub fn studio_analyse(board: &str, options: &str) -> String {
    envelope(options_of(options).and_then(|options| {
        let analysis = analyse::analyse(board.as_bytes(), &options, &StudioLimits::default())?;
        serde_json::to_value(analyse::AnalysisJson::from(&analysis))
            .map_err(|e| ApiError::Internal(e.to_string()))
    }))
}

/// `board`'s analyses step by step: the answer of `POST /api/steps`.
/// `options` is a JSON object of the query that endpoint takes: `{"of":
/// "game", "rolls": 30, "choose_dice": "d6; d4"}`.
#[wasm_bindgen]
pub fn studio_steps(board: &str, options: &str) -> String {
    envelope(
        serde_json::from_str::<snl_web::steps::StepsOptions>(options)
            .map_err(|e| ApiError::Query(format!("the options: {e}")))
            .and_then(|options| {
                let limits = StudioLimits::default();
                let cancel = Cancel::new().with_timeout(limits.analysis_time);
                WALK.with_borrow_mut(|kept| {
                    snl_web::steps::steps_with(board.as_bytes(), &options, &limits, &cancel, kept)
                })
            }),
    )
}

thread_local! {
    /// The Step panel's latest walk roll by roll, for its next stretch: the
    /// page's steps have a worker of their own.
    static WALK: std::cell::RefCell<KeptWalk> = std::cell::RefCell::default();
}

/// The rolls until the pawn first rests on chosen squares or takes a
/// chosen jump on `board`: the answer of `POST /api/target`. `options` is
/// a JSON object of the query that endpoint takes: `{"target": "50..60"}`
/// or `{"via": "47-26", "within": "10,20"}`.
#[wasm_bindgen]
pub fn studio_target(board: &str, options: &str) -> String {
    envelope(
        serde_json::from_str::<snl_web::target::TargetOptions>(options)
            .map_err(|e| ApiError::Query(format!("the options: {e}")))
            .and_then(|options| {
                snl_web::target::target(board.as_bytes(), &options, &StudioLimits::default())
            }),
    )
}

/// `board` written in the form `to` (`grid`, `moves`, `pairs`,
/// `pairs-text`): the answer of `POST /api/convert?to=...`, as text.
#[wasm_bindgen]
pub fn studio_convert(board: &str, to: &str) -> String {
    envelope(
        to.parse::<snl::Format>()
            .map_err(|e| ApiError::Query(format!("to: {e}")))
            .and_then(|to| {
                analyse::convert(
                    board.as_bytes(),
                    &Options::default(),
                    to,
                    &StudioLimits::default(),
                )
            }),
    )
}

/// The one-page HTML report of `board`: the answer of `POST /api/report`.
#[wasm_bindgen]
pub fn studio_report(board: &str) -> String {
    envelope(analyse::report(board.as_bytes(), &StudioLimits::default()))
}

/// The options of [`studio_analyse`], read as the server reads its query.
fn options_of(json: &str) -> Result<Options, ApiError> {
    if json.trim().is_empty() {
        return Ok(Options::default());
    }
    serde_json::from_str::<Options>(json).map_err(|e| ApiError::Query(format!("the options: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn an_analysis_is_the_servers() {
        let board = r#"{"squares": 20, "ladders": [[2, 19]], "snakes": [[9, 2]]}"#;
        let answer = parsed(&studio_analyse(
            board,
            r#"{"path": false, "overlay": "layers"}"#,
        ));
        assert_eq!(answer["status"], 200);
        let expected = analyse::analyse(
            board.as_bytes(),
            &Options {
                path: Some(false),
                overlay: analyse::Overlay::Layers,
                ..Options::default()
            },
            &StudioLimits::default(),
        )
        .unwrap();
        let mut expected = serde_json::to_value(analyse::AnalysisJson::from(&expected)).unwrap();
        let mut got = answer["data"].clone();
        // Two runs of the races in one process can differ in the last bit
        // of a chance: they are compared to 1e-12.
        let (races, want) = (got["race"].take(), expected["race"].take());
        assert!(got == expected, "the answers differ beside the races");
        for (a, b) in races
            .as_array()
            .unwrap()
            .iter()
            .zip(want.as_array().unwrap())
        {
            let (a, b) = (&a["win"], &b["win"]);
            for (x, y) in a.as_array().unwrap().iter().zip(b.as_array().unwrap()) {
                assert!((x.as_f64().unwrap() - y.as_f64().unwrap()).abs() < 1e-12);
            }
        }
        assert_eq!(answer["data"]["solve"]["min_rolls"], 2);
    }

    #[test]
    fn chosen_dice_and_goals_are_the_servers() {
        let board = r#"{"squares": 20, "ladders": [[2, 19]], "snakes": [[9, 2]]}"#;
        let answer = parsed(&studio_analyse(
            board,
            r#"{"choose_dice": "d6; 1,1,1,0,0,0", "goal": "within:4", "width": null}"#,
        ));
        assert_eq!(answer["status"], 200, "{answer}");
        let expected = analyse::analyse(
            board.as_bytes(),
            &Options {
                choose_dice: Some("d6; 1,1,1,0,0,0".to_string()),
                goal: Some("within:4".to_string()),
                ..Options::default()
            },
            &StudioLimits::default(),
        )
        .unwrap();
        let mut expected = serde_json::to_value(analyse::AnalysisJson::from(&expected)).unwrap();
        let mut got = answer["data"].clone();
        // Two runs can differ in the last bit of the chance: compared to
        // 1e-12, the rest exactly.
        let (a, b) = (
            got["within"]["chance"].take(),
            expected["within"]["chance"].take(),
        );
        assert!((a.as_f64().unwrap() - b.as_f64().unwrap()).abs() < 1e-12);
        assert!(got == expected, "the answers differ beside the chance");
        assert_eq!(got["expect"]["policy"]["dice"][1], "d3");
        assert_eq!(got["within"]["rolls"], 4);
        assert_eq!(answer["data"]["solve"], serde_json::Value::Null);
        let bad = parsed(&studio_analyse(board, r#"{"goal": "soon"}"#));
        assert_eq!(bad["status"], 400);
        assert!(
            bad["data"]["error"].as_str().unwrap().starts_with("goal: "),
            "{bad}"
        );
    }

    #[test]
    fn errors_carry_the_servers_status_and_message() {
        let bad = parsed(&studio_analyse("hello, board", ""));
        assert_eq!(bad["status"], 400);
        let message = bad["data"]["error"].as_str().unwrap();
        let read = snl::input::parse(b"hello, board", &snl::ParseOptions::default()).unwrap_err();
        assert_eq!(message, read.to_string());

        let unplayable = parsed(&studio_analyse(
            r#"{"squares": 10, "ladders": [[3, 11]]}"#,
            "{}",
        ));
        assert_eq!(unplayable["status"], 400);
        assert_eq!(
            unplayable["data"]["check"]["errors"][0]["code"],
            "off-board"
        );

        let options = parsed(&studio_analyse("1 2 5\n0", r#"{"overlay": "sparkly"}"#));
        assert_eq!(options["status"], 400);
        assert!(
            options["data"]["error"]
                .as_str()
                .unwrap()
                .starts_with("the options: unknown variant `sparkly`"),
            "{options}"
        );
    }

    #[test]
    fn steps_are_the_servers() {
        let board = r#"{"squares": 20, "ladders": [[2, 19]], "snakes": [[9, 2]]}"#;
        let answer = parsed(&studio_steps(board, r#"{"of": "game", "rolls": 3}"#));
        assert_eq!(answer["status"], 200, "{answer}");
        let expected = snl_web::steps::steps(
            board.as_bytes(),
            &snl_web::steps::StepsOptions {
                of: "game".into(),
                rolls: Some(3),
                ..snl_web::steps::StepsOptions::default()
            },
            &StudioLimits::default(),
        )
        .unwrap();
        // Both through the same text: serde_json reads a float back to
        // within a bit or two, not always exactly.
        let expected = parsed(&serde_json::to_string(&expected).unwrap());
        assert_eq!(answer["data"], expected);
        assert_eq!(answer["data"]["kind"], "rolls");
        assert_eq!(answer["data"]["steps"].as_array().unwrap().len(), 4);
        let bad = parsed(&studio_steps(board, r#"{"of": "dance"}"#));
        assert_eq!(bad["status"], 400);
        let equation = parsed(&studio_steps(board, r#"{"of": "equation", "square": 1}"#));
        assert_eq!(equation["data"]["kind"], "equation", "{equation}");
        assert_eq!(equation["data"]["terms"][0]["to"], 19);
        let jump = parsed(&studio_steps(board, r#"{"of": "equation", "square": 20}"#));
        assert_eq!(jump["status"], 422, "{jump}");
    }

    #[test]
    fn targets_are_the_servers() {
        let board = r#"{"squares": 20, "ladders": [[2, 19]], "snakes": [[9, 2]]}"#;
        let answer = parsed(&studio_target(
            board,
            r#"{"target": "15..17", "within": "5"}"#,
        ));
        assert_eq!(answer["status"], 200, "{answer}");
        let expected = snl_web::target::target(
            board.as_bytes(),
            &snl_web::target::TargetOptions {
                target: Some("15..17".into()),
                within: Some("5".into()),
                ..snl_web::target::TargetOptions::default()
            },
            &StudioLimits::default(),
        )
        .unwrap();
        let expected = parsed(&serde_json::to_string(&expected).unwrap());
        assert_eq!(answer["data"], expected);
        let via = parsed(&studio_target(board, r#"{"via": "9-2"}"#));
        assert_eq!(via["data"]["kind"], "snake", "{via}");
        let neither = parsed(&studio_target(board, "{}"));
        assert_eq!(neither["status"], 400, "{neither}");
        let foot = parsed(&studio_target(board, r#"{"target": "2"}"#));
        assert_eq!(foot["status"], 422, "{foot}");
        assert!(
            foot["data"]["error"]
                .as_str()
                .unwrap()
                .contains("aim at square 19"),
            "{foot}"
        );
    }

    #[test]
    fn presets_conversions_and_reports() {
        let presets = parsed(&studio_presets());
        assert_eq!(presets["data"][0]["name"], "milton-bradley");
        let grid = parsed(&studio_convert("1 2 15\n1 17 13", "grid"));
        assert_eq!(grid["status"], 200, "{grid}");
        let back = snl::input::parse(
            grid["data"].as_str().unwrap().as_bytes(),
            &snl::ParseOptions::default(),
        )
        .unwrap();
        assert_eq!(back.format, snl::Format::Grid);
        assert_eq!(back.spec.jumps.len(), 2);
        let odd = parsed(&studio_convert("1 2 15\n0", "sideways"));
        assert_eq!(odd["status"], 400);
        let report = parsed(&studio_report(r#"{"squares": 36, "ladders": [[2, 15]]}"#));
        assert!(
            report["data"]
                .as_str()
                .unwrap()
                .starts_with("<!DOCTYPE html>")
        );
    }
}

/// The boards that meet a design request, `{"board": ..., "design":
/// {...}}`: the answer of `POST /api/design`, found by the same search
/// under the same limits (it runs for the request's `time`, at most half
/// the studio's analysis time).
#[wasm_bindgen]
pub fn studio_design(body: &str) -> String {
    envelope(snl_web::design::design(
        body.as_bytes(),
        &StudioLimits::default(),
    ))
}
