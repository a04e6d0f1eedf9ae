//! The README's command-line examples print what the README says.
//!
//! Every ```` ```console ```` block of README.md is a list of `$ snl ...`
//! commands, each followed by the exact text it prints on stdout. A command
//! that should fail ends in `# exit N`. After changing the output, rewrite
//! the blocks with `SNL_UPDATE_README=1 cargo test -p snl-cli readme`.

use crate::{Run, snl, workspace};

/// One example: the command line as written and its expected output.
struct Example {
    command: String,
    expected: String,
}

impl Example {
    /// The arguments after `snl`, and the exit code expected.
    fn parse(&self) -> (Vec<&str>, i32) {
        let (command, code) = match self.command.split_once("# exit ") {
            Some((command, code)) => (command, code.trim().parse().expect("`# exit N`")),
            None => (self.command.as_str(), 0),
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words[0], "snl", "README examples run snl: {command}");
        (words[1..].to_vec(), code)
    }

    fn run(&self) -> (Run, i32) {
        let (args, code) = self.parse();
        (snl(&args, None), code)
    }
}

/// The README split into text and examples, in order.
enum Part {
    Text(String),
    Example(Example),
}

fn parts(readme: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut in_block = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = line == "```console";
            parts.push(Part::Text(format!("{line}\n")));
            continue;
        }
        if in_block && let Some(command) = line.strip_prefix("$ ") {
            parts.push(Part::Example(Example {
                command: command.to_string(),
                expected: String::new(),
            }));
        } else if in_block && let Some(Part::Example(e)) = parts.last_mut() {
            e.expected.push_str(line);
            e.expected.push('\n');
        } else {
            parts.push(Part::Text(format!("{line}\n")));
        }
    }
    parts
}

#[test]
fn readme_examples_are_current() {
    let path = workspace().join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md");
    let mut parts = parts(&readme);
    let update = std::env::var_os("SNL_UPDATE_README").is_some();
    let mut count = 0;
    for part in &mut parts {
        let Part::Example(example) = part else {
            continue;
        };
        count += 1;
        let (run, code) = example.run();
        assert_eq!(
            run.code, code,
            "README example `{}`: {}",
            example.command, run.stderr
        );
        if update {
            example.expected = run.stdout;
        } else {
            assert_eq!(
                run.stdout, example.expected,
                "README example `{}` (SNL_UPDATE_README=1 rewrites it)",
                example.command
            );
        }
    }
    assert!(count >= 3, "the README shows examples");
    if update {
        let text: String = parts
            .into_iter()
            .map(|p| match p {
                Part::Text(t) => t,
                Part::Example(e) => format!("$ {}\n{}", e.command, e.expected),
            })
            .collect();
        std::fs::write(&path, text).expect("README.md is writable");
    }
}

/// The fields the README's "JSON answers" section lists for `snl <sub>
/// --json`: the first column of the table under its heading, and the
/// header's fields (every answer about a board starts with them).
fn documented_fields(readme: &str, sub: &str) -> std::collections::BTreeSet<String> {
    let table = |section: &str| -> Vec<String> {
        section
            .lines()
            .skip_while(|l| !l.starts_with("| field |"))
            .skip(2)
            .take_while(|l| l.starts_with("| `"))
            .flat_map(|l| {
                let first = l.split(" | ").next().unwrap_or_default();
                first
                    .split('`')
                    .skip(1)
                    .step_by(2)
                    .map(String::from)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let answers = readme
        .split("\n## JSON answers\n")
        .nth(1)
        .expect("the README has a JSON answers section");
    let answers = answers.split("\n## ").next().unwrap_or_default();
    let heading = format!("\n### `snl {sub} --json`\n");
    let section = answers
        .split(&heading)
        .nth(1)
        .unwrap_or_else(|| panic!("no section for `snl {sub} --json`"));
    let section = section.split("\n### ").next().unwrap_or_default();
    let mut fields: std::collections::BTreeSet<String> = table(section).into_iter().collect();
    fields.extend(table(answers.split("\n### ").next().unwrap_or_default()));
    fields
}

/// The commands whose `--json` answers the README's tables list, with the
/// options that make them print every field.
#[allow(clippy::too_many_lines)] // a table
fn json_cases() -> [(&'static str, &'static [&'static str]); 12] {
    [
        ("solve", &["solve", "--preset", "moves-example-1", "--json"]),
        (
            "solve --steps",
            &["solve", "--preset", "moves-example-1", "--steps", "--json"],
        ),
        (
            "expect --equation",
            &[
                "expect",
                "--preset",
                "moves-example-1",
                "--equation",
                "2",
                "--json",
            ],
        ),
        (
            "expect --optional --steps",
            &[
                "expect",
                "--preset",
                "moves-example-1",
                "--optional",
                "all",
                "--steps",
                "--json",
            ],
        ),
        (
            "expect --steps",
            &[
                "expect",
                "--preset",
                "moves-example-1",
                "--steps",
                "2",
                "--json",
            ],
        ),
        // With optional jumps, so that the notes are printed too (and
        // without, below, for the class).
        (
            "check",
            &[
                "check",
                "--preset",
                "moves-example-1",
                "--json",
                "--optional",
                "all",
            ],
        ),
        (
            "expect",
            &[
                "expect",
                "--preset",
                "moves-example-2",
                "--json",
                "--exact",
                "--within",
                "2",
                "--visits",
                "--impact",
                "--bonus",
            ],
        ),
        (
            "simulate",
            &[
                "simulate",
                "--preset",
                "moves-example-2",
                "--games",
                "100",
                "--json",
            ],
        ),
        (
            "race",
            &[
                "race",
                "--preset",
                "moves-example-1",
                "--seat-die",
                "d6",
                "--seat-die",
                "d4",
                "--json",
            ],
        ),
        ("duel", &["duel", "--preset", "moves-example-1", "--json"]),
        (
            "expect --target",
            &[
                "expect",
                "--preset",
                "milton-bradley",
                "--target",
                "50",
                "--json",
            ],
        ),
        (
            "expect --via",
            &[
                "expect",
                "--preset",
                "milton-bradley",
                "--via",
                "87-24",
                "--json",
            ],
        ),
    ]
}

#[test]
fn readme_lists_every_json_field() {
    let readme = std::fs::read_to_string(workspace().join("README.md")).expect("README.md");
    let cases = json_cases();
    for (sub, args) in cases {
        let run = snl(args, None);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        let answer: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        let mut printed: std::collections::BTreeSet<String> =
            answer.as_object().unwrap().keys().cloned().collect();
        // Without optional jumps the check names the board's class
        // instead of notes.
        if sub == "check" {
            let run = snl(&args[..4], None);
            let answer: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
            printed.extend(answer.as_object().unwrap().keys().cloned());
        }
        assert_eq!(printed, documented_fields(&readme, sub), "snl {sub} --json");
    }
    let presets: serde_json::Value =
        serde_json::from_str(&snl(&["presets", "--json"], None).stdout).unwrap();
    let keys: Vec<&String> = presets["presets"][0].as_object().unwrap().keys().collect();
    let section = readme.split("### `snl presets --json`").nth(1).unwrap();
    for key in keys {
        assert!(section.contains(&format!("\"{key}\"")), "presets: {key}");
    }
}

/// The README's claims that are not examples of their own: the die that
/// `--goal within:K --choose-die` picks on each square, as it quotes the
/// command, and the static studio's size, left to the line the script
/// prints rather than a figure that goes stale.
#[test]
fn readme_claims_in_prose_are_current() {
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let prose = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        prose.contains("with `--choose-die` it gives the die picked on each square, roll by roll (`snl expect --preset leetcode-909 --goal within:6 --choose-die d4 --choose-die d6` prints, for squares 2 to 5, `roll d6 on rolls 1-4, d4 on rolls 5-6`"),
        "the README no longer quotes the die picked on each square"
    );
    let run = snl(
        &[
            "expect",
            "--preset",
            "leetcode-909",
            "--goal",
            "within:6",
            "--choose-die",
            "d4",
            "--choose-die",
            "d6",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .lines()
            .any(|l| l.trim() == "on 2-5          roll d6 on rolls 1-4, d4 on rolls 5-6"),
        "{}",
        run.stdout
    );
    let script = std::fs::read_to_string(workspace().join("scripts/build-static-studio")).unwrap();
    assert!(
        script.contains(r#"echo "build-static-studio: wrote $site: $raw bytes, $gzipped gzipped""#)
    );
    assert!(
        prose.contains("`build-static-studio: wrote DIR: N bytes, M gzipped`"),
        "the README does not point at the line the script prints"
    );
    assert!(!prose.contains("The folder is 1.50 MB"), "a stale figure");
}
