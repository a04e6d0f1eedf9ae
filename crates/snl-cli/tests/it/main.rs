//! Tests of the `snl` command: each subcommand, standard input, every exit
//! code, bad input, and the examples of the README and the docs.

mod answers;
mod benchmarks;
mod check;
mod design;
mod draw;
mod errors;
mod expect;
mod export;
mod generate;
mod help;
mod install;
mod judge;
mod limits;
mod matrix;
mod players;
mod presets;
mod readme;
mod rules;
mod solve;
mod studio;

use std::path::PathBuf;

/// What one run of `snl` did.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `snl` with `args`, presses Ctrl-C (SIGINT) after `after`, and
/// waits for it to end.
#[cfg(unix)]
pub fn interrupted(args: &[&str], after: std::time::Duration) -> Run {
    use std::process::{Command, Stdio};

    let child = Command::new(env!("CARGO_BIN_EXE_snl"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// Runs `snl` with `args` and `stdin` (empty when `None`).
pub fn snl(args: &[&str], stdin: Option<&str>) -> Run {
    let mut cmd = assert_cmd::cargo::cargo_bin_cmd!("snl");
    // From the workspace root, so that paths in messages read `testdata/..`.
    cmd.args(args)
        .current_dir(workspace())
        .env_remove("NO_COLOR");
    cmd.write_stdin(stdin.unwrap_or(""));
    let out = cmd.output().expect("snl runs");
    Run {
        code: out.status.code().expect("snl exits, not killed"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `snl` and expects exit code 0 and nothing on stderr.
pub fn ok(args: &[&str], stdin: Option<&str>) -> String {
    let run = snl(args, stdin);
    assert_eq!(run.code, 0, "snl {args:?} failed: {}", run.stderr);
    assert_eq!(run.stderr, "", "snl {args:?} wrote to stderr");
    run.stdout
}

/// The workspace root.
pub fn workspace() -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "..", ".."].iter().collect()
}

/// The seed board of 20 squares: ladders 2->19 and 12->15, snake 9->2.
pub const SEED_20: &str = r#"{"squares": 20, "ladders": [[2, 19], [12, 15]], "snakes": [[9, 2]]}"#;

/// The LeetCode 909 example grid (answer 4).
pub const GRID_6: &str = "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
[-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]";
