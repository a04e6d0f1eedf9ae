//! The help: short enough to read, every subcommand's exit codes, and
//! examples that run as written.

use crate::{snl, workspace};

/// Every subcommand whose examples end by themselves (`serve` runs until it
/// is stopped).
const SUBCOMMANDS: [&str; 14] = [
    "solve", "expect", "matrix", "export", "check", "presets", "simulate", "race", "duel",
    "render", "plot", "report", "show", "design",
];

#[test]
fn bare_snl_prints_a_usage_line() {
    let run = snl(&[], None);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr
            .starts_with("snl: error: 'snl' requires a subcommand"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("Usage: snl [OPTIONS] <COMMAND>"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.lines().count() < 8, "{}", run.stderr);
}

#[test]
fn the_command_list_fits_a_terminal() {
    let run = snl(&["-h"], None);
    assert_eq!(run.code, 0);
    for line in run
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
    {
        assert!(line.chars().count() <= 80, "too long for `snl -h`: {line}");
    }
}

/// Every subcommand, as `snl -h` lists them.
fn listed_subcommands() -> Vec<String> {
    snl(&["-h"], None)
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .filter(|name| name != "help")
        .collect()
}

#[test]
fn every_subcommand_lists_its_exit_codes_and_examples() {
    let listed = listed_subcommands();
    assert!(SUBCOMMANDS.iter().all(|s| listed.iter().any(|l| l == s)));
    for sub in &listed {
        let sub = sub.as_str();
        let help = snl(&[sub, "--help"], None).stdout;
        assert!(help.contains("\nExamples:\n  snl "), "{sub}");
        let codes = help.split("\nExit codes:\n").nth(1).unwrap_or_default();
        assert!(
            codes.contains("  0  ") && codes.contains("  2  "),
            "{sub}: {help}"
        );
        if sub == "check" {
            assert!(codes.contains("  1  "), "check exits 1 on errors: {help}");
        }
        if sub == "gen" || sub == "judge" {
            continue; // below
        }
        // A command that runs an analysis can be stopped by Ctrl-C.
        let plain = ["completions", "man", "presets", "serve", "show"].contains(&sub);
        assert_eq!(codes.contains("  130  "), !plain, "{sub}: {help}");
    }
}

#[test]
fn gen_and_judge_list_their_exit_codes_and_examples() {
    for (sub, one) in [("gen", false), ("judge", true)] {
        let help = snl(&[sub, "--help"], None).stdout;
        assert!(help.contains("\nExamples:\n  snl "), "{sub}");
        let codes = help.split("\nExit codes:\n").nth(1).unwrap_or_default();
        assert!(
            codes.contains("  0  ") && codes.contains("  2  "),
            "{sub}: {help}"
        );
        assert_eq!(codes.contains("  1  "), one, "{sub}");
        assert!(codes.contains("  130  "), "{sub}: {help}");
    }
}

#[test]
fn duel_does_not_offer_the_bonus_rule() {
    let help = snl(&["duel", "--help"], None).stdout;
    assert!(!help.contains("--bonus"), "{help}");
    assert!(help.contains("--finish"));
    let run = snl(&["duel", "--preset", "moves-example-1", "--bonus"], None);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("without the bonus-roll rule"),
        "{}",
        run.stderr
    );
}

/// Runs every example of every subcommand's help, from the workspace root,
/// with files written to a temporary directory and `< file` fed to stdin.
#[test]
fn help_examples_run() {
    let dir = tempfile::tempdir().unwrap();
    for sub in SUBCOMMANDS {
        let help = snl(&[sub, "--help"], None).stdout;
        let examples = help
            .split("\nExamples:\n")
            .nth(1)
            .and_then(|rest| rest.split("\n\n").next())
            .unwrap_or_default();
        for line in examples.lines() {
            let (command, stdin) = match line.split_once(" < ") {
                Some((command, file)) => {
                    let text = std::fs::read_to_string(workspace().join(file.trim()))
                        .unwrap_or_else(|e| panic!("`{line}`: {file}: {e}"));
                    (command, Some(text))
                }
                None => (line, None),
            };
            let mut words: Vec<String> = command.split_whitespace().map(String::from).collect();
            assert_eq!(words.remove(0), "snl", "{line}");
            if let Some(i) = words.iter().position(|w| w == "-o") {
                let name = std::path::Path::new(&words[i + 1]).file_name().unwrap();
                words[i + 1] = dir.path().join(name).to_string_lossy().into_owned();
            }
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let run = snl(&args, stdin.as_deref());
            assert_eq!(run.code, 0, "`{line}` failed: {}", run.stderr);
        }
    }
}

/// What `--optional` says the commands do with the rule is what they do:
/// `solve` plays it, `expect` plays the best play, `check` notes it, and
/// the rest refuse it.
#[test]
fn the_optional_rule_is_described_as_the_commands_play_it() {
    let run = snl(&["race", "--help"], None);
    assert_eq!(run.code, 0);
    let help = run.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("`snl solve` plays the choice for the fewest rolls")
            && help.contains("`snl check` notes the jumps that play never takes"),
        "{help}"
    );
    let board = r#"{"squares": 20, "ladders": [[2, 19]], "rules": {"optional": "all"}}"#;
    let solved = snl(&["solve", "-"], Some(board));
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let checked = snl(&["check", "-"], Some(board));
    assert_ne!(checked.code, 2, "{}", checked.stderr);
    let raced = snl(&["race", "-"], Some(board));
    assert_eq!(raced.code, 2, "{}", raced.stderr);
}
