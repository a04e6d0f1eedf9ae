//! What an installation carries beside the binary: the shells' completion
//! scripts and the manual pages, as `snl completions` and `snl man` print
//! them.

use std::process::{Command, Stdio};

use crate::{ok, snl};

/// The subcommands `snl -h` lists, help aside, and the two it leaves out.
fn subcommands() -> Vec<String> {
    let long = ok(&["--help"], None);
    assert!(long.contains("`snl completions SHELL`"), "{long}");
    ok(&["-h"], None)
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .filter(|name| name != "help")
        .chain(["completions".to_string(), "man".to_string()])
        .collect()
}

/// Runs `program args` with `input` on its stdin: (success, stderr).
fn feed(program: &str, args: &[&str], input: &str) -> Option<(bool, String)> {
    use std::io::Write;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    Some((
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

#[test]
fn every_shell_completes_every_subcommand() {
    let subs = subcommands();
    assert!(subs.len() > 10, "{subs:?}");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = ok(&["completions", shell], None);
        for sub in subs
            .iter()
            .filter(|s| !matches!(s.as_str(), "completions" | "man"))
        {
            assert!(script.contains(sub.as_str()), "{shell} lacks {sub}");
        }
        // Closed choices complete too (PowerShell's and Elvish's scripts
        // offer the flags alone).
        if !matches!(shell, "powershell" | "elvish") {
            assert!(script.contains("bounce"), "{shell}: --finish's values");
        }
    }
    let bash = ok(&["completions", "bash"], None);
    let (good, err) = feed("bash", &["-n"], &bash).expect("bash runs");
    assert!(good, "bash -n refuses the completion script: {err}");
    // The script registers itself for `snl`.
    assert!(bash.contains("complete -F _snl"), "{bash}");
    let run = snl(&["completions", "tcsh"], None);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("invalid value 'tcsh'"),
        "{}",
        run.stderr
    );
}

/// `groff` finds no problem with a page, read as UTF-8 (`-k`) as `man -l`
/// reads it.
fn renders(page: &str) {
    let Some((good, err)) = feed("groff", &["-k", "-man", "-z", "-ww"], page) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "groff is missing; CI must install it"
        );
        return;
    };
    assert!(good && err.is_empty(), "groff: {err}");
}

#[test]
fn every_subcommand_has_a_manual_page() {
    let main = ok(&["man"], None);
    assert!(main.starts_with(".ie \\n(.g .ds Aq"), "{}", &main[..40]);
    assert!(main.contains(".TH snl 1"), "{main}");
    renders(&main);
    for sub in subcommands() {
        let page = ok(&["man", &sub], None);
        assert!(page.contains(&format!(".TH snl-{sub} 1")), "{sub}");
        // The page is the help: its first line is there.
        let help = ok(&[&sub, "--help"], None);
        let summary = help.lines().next().unwrap().trim_end_matches('.');
        let words: Vec<&str> = summary.split_whitespace().take(3).collect();
        // roff writes a hyphen as `\-`.
        assert!(
            page.replace("\\-", "-").contains(&words.join(" ")),
            "{sub}: {summary:?} not in its page"
        );
        renders(&page);
    }
    let run = snl(&["man", "sovle"], None);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with("snl: error: there is no subcommand `sovle`; the pages are for solve, "),
        "{}",
        run.stderr
    );
}

#[test]
fn man_dir_writes_every_page() {
    let dir = tempfile::tempdir().unwrap();
    let into = dir.path().join("man1");
    let listed = ok(&["man", "--dir", into.to_str().unwrap()], None);
    let mut names: Vec<String> = std::fs::read_dir(&into)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut expected: Vec<String> = subcommands()
        .iter()
        .map(|s| format!("snl-{s}.1"))
        .chain(["snl.1".to_string()])
        .collect();
    expected.sort();
    assert_eq!(names, expected);
    assert_eq!(listed.lines().count(), expected.len());
    let solve = std::fs::read_to_string(into.join("snl-solve.1")).unwrap();
    assert_eq!(solve, ok(&["man", "solve"], None));
}

/// `--optional` completes its four values in bash and fish, not file
/// names; a bad value keeps the library's message.
#[test]
fn optional_completes_its_values() {
    let bash = ok(&["completions", "bash"], None);
    let cases: Vec<&str> = bash
        .split("--optional)")
        .skip(1)
        .map(|rest| rest.lines().nth(1).unwrap_or(""))
        .collect();
    assert!(!cases.is_empty(), "bash lacks --optional");
    for line in &cases {
        assert_eq!(
            line.trim(),
            r#"COMPREPLY=($(compgen -W "none ladders snakes all" -- "${cur}"))"#
        );
    }
    let fish = ok(&["completions", "fish"], None);
    // Fish lists each value on a line of its own, with its (empty) help.
    let entries: Vec<&str> = fish
        .split(" -l optional ")
        .skip(1)
        .map(|rest| rest.split("\ncomplete ").next().unwrap_or(""))
        .collect();
    assert!(!entries.is_empty(), "fish lacks --optional");
    for entry in &entries {
        let values = entry.split(" -r -f -a ").nth(1).unwrap_or("");
        assert_eq!(
            values, "\"none\\t''\nladders\\t''\nsnakes\\t''\nall\\t''\"",
            "{entry}"
        );
    }
    let run = snl(
        &["expect", "--preset", "leetcode-909", "--optional", "some"],
        None,
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(
            "invalid value 'some' for '--optional <WHICH>': `some` is not a set of optional jumps: use `none`, `ladders`, `snakes` or `all`"
        ),
        "{}",
        run.stderr
    );
}
