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
