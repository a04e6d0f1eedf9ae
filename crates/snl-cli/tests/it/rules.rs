//! The rules of an answer are a board file's rules: whatever the flags say,
//! the `rules` object a `--json` answer prints, put in a board file, gives
//! the same rules back.

use proptest::prelude::*;
use serde_json::Value;
use snl::{Bonus, Die, Finish, Rules, RulesJson, Start};

use crate::snl;

fn die() -> impl Strategy<Value = Die> {
    prop_oneof![
        (1u32..=1000).prop_map(|k| Die::uniform(k).unwrap()),
        (1u32..=5, 1u32..=20).prop_map(|(c, f)| Die::sum_of(c, f).unwrap()),
        prop::collection::vec(0u64..=1_000_000, 1..12)
            .prop_filter("some face has weight", |w| w.iter().any(|&x| x > 0))
            .prop_map(|w| Die::weighted(w).unwrap()),
    ]
}

fn rules() -> impl Strategy<Value = Rules> {
    let finish = prop_oneof![
        Just(Finish::Exact),
        Just(Finish::Bounce),
        Just(Finish::Pass)
    ];
    let bonus = prop_oneof![
        Just(None),
        Just(Some(Bonus::unlimited())),
        (1u32..=u32::MAX).prop_map(|n| Some(Bonus::with_limit(n).unwrap())),
    ];
    (die(), finish, any::<bool>(), any::<bool>(), bonus).prop_map(
        |(die, finish, chain, off, bonus)| Rules {
            die,
            finish,
            chain,
            start: if off { Start::OffBoard } else { Start::Square1 },
            bonus,
            ..Rules::default()
        },
    )
}

/// The flags that ask for `rules`.
fn flags(rules: &Rules) -> Vec<String> {
    let mut f = vec![
        "--die".to_string(),
        rules.die.to_string(),
        "--finish".to_string(),
        rules.finish.to_string(),
        if rules.chain { "--chain" } else { "--no-chain" }.to_string(),
        "--start".to_string(),
        rules.start.position().to_string(),
    ];
    match rules.bonus_limit() {
        Some(n) => f.extend(["--bonus-limit".to_string(), n.to_string()]),
        None if rules.bonus.is_some() => f.push("--bonus".to_string()),
        None => {}
    }
    f
}

/// The `rules` object of `snl check --json` on `board` with `flags`.
fn answer_rules(flags: &[String], board: &str) -> Value {
    let mut args = vec!["check", "--json", "-"];
    args.extend(flags.iter().map(String::as_str));
    let run = snl(&args, Some(board));
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    let answer: Value = serde_json::from_str(&run.stdout).unwrap();
    answer["rules"].clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn flags_answer_board_file_and_back(rules in rules()) {
        let printed = answer_rules(&flags(&rules), r#"{"squares": 30}"#);
        prop_assert_eq!(&printed, &serde_json::to_value(RulesJson::from(&rules)).unwrap());
        let file = format!(r#"{{"squares": 30, "rules": {printed}}}"#);
        prop_assert_eq!(answer_rules(&[], &file), printed);
    }
}

#[test]
fn a_die_of_one_value_is_named_for_what_it_is() {
    // Not `die 5d1`, though it is five fair dice of one face.
    let out = crate::ok(
        &[
            "solve",
            "--preset",
            "moves-example-2",
            "--die",
            "0,0,0,0,1,0",
        ],
        None,
    );
    assert!(
        out.contains("\nrules: die always showing 5, finish exact,"),
        "{out}"
    );
    let json: Value = serde_json::from_str(&crate::ok(
        &[
            "solve",
            "--preset",
            "moves-example-2",
            "--die",
            "5d1",
            "--json",
        ],
        None,
    ))
    .unwrap();
    assert_eq!(json["rules"]["die"], "0,0,0,0,1");
}
