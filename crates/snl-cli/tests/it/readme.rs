//! The docs' command-line examples print what the docs say.
//!
//! Every ```` ```console ```` block of each file in [`DOCS`] is a list of
//! `$ snl ...` commands, each followed by the exact text it prints on
//! stdout. A command that should fail ends in `# exit N`. After changing
//! the output, rewrite the blocks with `SNL_UPDATE_README=1 cargo test -p
//! snl-cli --test it readme`.

use crate::{Run, snl, workspace};

/// The files whose examples run, from the workspace's root, and how many
/// examples each must show at least.
const DOCS: [(&str, usize); 4] = [
    ("README.md", 3),
    ("docs/guide.md", 20),
    ("docs/reference.md", 4),
    // The contributors' page shows no output of its own today; a block
    // added there runs all the same.
    ("CONTRIBUTING.md", 0),
];

/// The file that holds the "JSON answers" tables, the largest-board table
/// and the rules' claims in prose.
const REFERENCE: &str = "docs/reference.md";

/// The file that holds the studio, served and static.
const GUIDE: &str = "docs/guide.md";

/// The text of a doc file, by its path from the workspace's root.
fn read(file: &str) -> String {
    std::fs::read_to_string(workspace().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

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
        assert_eq!(words[0], "snl", "the docs' examples run snl: {command}");
        (words[1..].to_vec(), code)
    }

    fn run(&self) -> (Run, i32) {
        let (args, code) = self.parse();
        (snl(&args, None), code)
    }
}

/// A doc file split into text and examples, in order.
enum Part {
    Text(String),
    Example(Example),
}

fn parts(text: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
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
    let update = std::env::var_os("SNL_UPDATE_README").is_some();
    for (file, least) in DOCS {
        let mut parts = parts(&read(file));
        let mut count = 0;
        for part in &mut parts {
            let Part::Example(example) = part else {
                continue;
            };
            count += 1;
            let (run, code) = example.run();
            assert_eq!(
                run.code, code,
                "{file} example `{}`: {}",
                example.command, run.stderr
            );
            if update {
                example.expected = run.stdout;
            } else {
                assert_eq!(
                    run.stdout, example.expected,
                    "{file} example `{}` (SNL_UPDATE_README=1 rewrites it)",
                    example.command
                );
            }
        }
        assert!(
            count >= least,
            "{file} shows {count} examples, fewer than {least}"
        );
        if update {
            let text: String = parts
                .into_iter()
                .map(|p| match p {
                    Part::Text(t) => t,
                    Part::Example(e) => format!("$ {}\n{}", e.command, e.expected),
                })
                .collect();
            std::fs::write(workspace().join(file), text)
                .unwrap_or_else(|e| panic!("{file} is not writable: {e}"));
        }
    }
}

/// The fields the reference's "JSON answers" section lists for `snl <sub>
/// --json`: the first column of the table under its heading, and the
/// header's fields (every answer about a board starts with them).
fn documented_fields(reference: &str, sub: &str) -> std::collections::BTreeSet<String> {
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
    let answers = reference
        .split("\n## JSON answers\n")
        .nth(1)
        .expect("the reference has a JSON answers section");
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

/// The commands whose `--json` answers the reference's tables list, with the
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
    let reference = read(REFERENCE);
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
        assert_eq!(
            printed,
            documented_fields(&reference, sub),
            "snl {sub} --json"
        );
    }
    let presets: serde_json::Value =
        serde_json::from_str(&snl(&["presets", "--json"], None).stdout).unwrap();
    let keys: Vec<&String> = presets["presets"][0].as_object().unwrap().keys().collect();
    let section = reference
        .split("### `snl presets --json`")
        .nth(1)
        .expect("the reference has a section for `snl presets --json`");
    for key in keys {
        assert!(section.contains(&format!("\"{key}\"")), "presets: {key}");
    }
}

/// The docs' claims that are not examples of their own: the die that
/// `--goal within:K --choose-die` picks on each square, as the reference
/// quotes the command, and the static studio's size, which the guide
/// leaves to the line the script prints rather than a figure that goes
/// stale.
#[test]
fn readme_claims_in_prose_are_current() {
    let prose = |file: &str| read(file).split_whitespace().collect::<Vec<_>>().join(" ");
    let reference = prose(REFERENCE);
    assert!(
        reference.contains("with `--choose-die` it gives the die picked on each square, roll by roll (`snl expect --preset leetcode-909 --goal within:6 --choose-die d4 --choose-die d6` prints, for squares 2 to 5, `roll d6 on rolls 1-4, d4 on rolls 5-6`"),
        "{REFERENCE} no longer quotes the die picked on each square"
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
    let script =
        std::fs::read_to_string(workspace().join("scripts/release/build-static-studio")).unwrap();
    assert!(
        script.contains(r#"echo "build-static-studio: wrote $site: $raw bytes, $gzipped gzipped""#)
    );
    let guide = prose(GUIDE);
    assert!(
        guide.contains("`build-static-studio: wrote DIR: N bytes, M gzipped`"),
        "{GUIDE} does not point at the line the script prints"
    );
    for (file, _) in DOCS {
        assert!(
            !prose(file).contains("The folder is 1.50 MB"),
            "{file}: a stale figure"
        );
    }
}

/// The README stays the short way in: what snl is, how to install it,
/// three commands and links; the rest has its page in `docs/`.
#[test]
fn readme_stays_short() {
    let lines = read("README.md").lines().count();
    assert!(
        lines < 400,
        "README.md has {lines} lines: move the detail to docs/guide.md or docs/reference.md"
    );
}
