//! Running the program under test once: the board on its standard input (or
//! in a file named among its arguments), a time limit that ends the whole
//! process tree, and bounded output.

use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

/// The most of the program's standard error kept for the report.
pub const STDERR_KEPT: usize = 8 * 1024;

/// The placeholder that, inside an argument, stands for the board file.
pub const PLACEHOLDER: &str = "{}";

/// The process groups of the runs in progress, so that an interrupted judge
/// can end them ([`kill_running`]): each runs in a group of its own, which a
/// Ctrl-C at the terminal does not reach.
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Kills every run in progress, with everything it started. For an
/// interrupted judge (Ctrl-C) before it exits.
pub fn kill_running() {
    let running = RUNNING.lock().map(|r| r.clone()).unwrap_or_default();
    for id in running {
        kill_tree(id);
    }
}

/// The program under test and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    program: OsString,
    args: Vec<OsString>,
}

impl Program {
    /// The program named by the first word of `argv`, with the rest as its
    /// arguments. `None` when `argv` is empty.
    pub fn new(argv: impl IntoIterator<Item = OsString>) -> Option<Program> {
        let mut argv = argv.into_iter();
        Some(Program {
            program: argv.next()?,
            args: argv.collect(),
        })
    }

    /// The program's name or path, as given.
    pub fn program(&self) -> &OsStr {
        &self.program
    }

    /// Whether an argument holds `{}`: the board goes in a file whose path
    /// replaces it, and standard input is left empty.
    pub fn takes_file(&self) -> bool {
        self.args
            .iter()
            .any(|a| a.to_string_lossy().contains(PLACEHOLDER))
    }

    /// The command line, for people: words with spaces quoted.
    pub fn display(&self) -> String {
        std::iter::once(&self.program)
            .chain(&self.args)
            .map(|w| {
                let w = w.to_string_lossy();
                if w.is_empty() || w.contains(char::is_whitespace) {
                    format!("'{w}'")
                } else {
                    w.into_owned()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// How long a run may take and how much it may print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for one run; past it the process tree is killed.
    pub timeout: Duration,
    /// Bytes of standard output; past it the process tree is killed.
    pub max_output: usize,
}

impl Default for Limits {
    /// 5 seconds and 1 MiB.
    fn default() -> Limits {
        Limits {
            timeout: Duration::from_secs(5),
            max_output: 1 << 20,
        }
    }
}

/// What one run of the program did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Its answer, or how it failed to give one.
    pub outcome: Outcome,
    /// The start of what it wrote on standard error.
    pub stderr: String,
    /// How long it ran.
    pub elapsed: Duration,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// It printed an answer: the fewest rolls, or `None` for `-1` (the last
    /// square cannot be reached).
    Answer(Option<u32>),
    /// It exited with a failure status or was killed by a signal.
    Crashed {
        /// The status in words (`exit status: 1`, `signal: 11 (SIGSEGV)`).
        status: String,
        /// The start of what it printed.
        stdout: String,
    },
    /// It ran past the time limit and was killed.
    TimedOut,
    /// It printed more than the output limit and was killed.
    TooMuchOutput,
    /// It exited normally but printed something that is not one answer.
    Unreadable {
        /// The start of what it printed.
        stdout: String,
        /// What is wrong with it.
        why: String,
    },
}

impl Outcome {
    /// The answer, when there is one.
    pub fn answer(&self) -> Option<Option<u32>> {
        match self {
            Outcome::Answer(a) => Some(*a),
            _ => None,
        }
    }
}

/// The program could not be started.
#[derive(Debug, thiserror::Error)]
#[error("cannot run `{program}`: {source}")]
pub struct SpawnError {
    /// The program, as named.
    pub program: String,
    /// Why.
    #[source]
    pub source: std::io::Error,
}

/// Runs `program` once with `input` (the board as text). The board goes on
/// standard input, or, when an argument holds `{}`, into a temporary file
/// named `…{ext}` whose path replaces the `{}` (standard input is then
/// empty).
///
/// The program runs in a process group of its own; on a timeout, or once it
/// prints more than `limits.max_output` bytes, the whole group is killed,
/// and so is anything the program left running in it after it exits.
///
/// # Errors
///
/// [`SpawnError`] when the program cannot be started (not found, not
/// executable) or the board file cannot be written.
pub fn run(program: &Program, input: &str, ext: &str, limits: &Limits) -> Result<Run, SpawnError> {
    let spawn_error = |source| SpawnError {
        program: program.program.to_string_lossy().into_owned(),
        source,
    };
    let file = if program.takes_file() {
        let mut file = tempfile::Builder::new()
            .prefix("snl-board-")
            .suffix(ext)
            .tempfile()
            .map_err(spawn_error)?;
        file.write_all(input.as_bytes()).map_err(spawn_error)?;
        file.flush().map_err(spawn_error)?;
        Some(file)
    } else {
        None
    };
    let mut command = Command::new(&program.program);
    for arg in &program.args {
        match &file {
            Some(f) if arg.to_string_lossy().contains(PLACEHOLDER) => {
                let path = f.path().to_string_lossy();
                command.arg(arg.to_string_lossy().replace(PLACEHOLDER, &path));
            }
            _ => {
                command.arg(arg);
            }
        }
    }
    command
        .stdin(if file.is_some() {
            Stdio::null()
        } else {
            Stdio::piped()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let started = Instant::now();
    let mut child = command.spawn().map_err(spawn_error)?;
    let id = child.id();
    if let Ok(mut running) = RUNNING.lock() {
        running.push(id);
    }

    if let Some(mut stdin) = child.stdin.take() {
        let bytes = input.as_bytes().to_vec();
        // A program that stops reading early closes the pipe: not an error
        // of the judge. Dropping the handle closes standard input.
        thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        });
    }
    let (out_tx, out_rx) = mpsc::channel();
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let max = limits.max_output;
    thread::spawn(move || {
        let mut kept = Vec::new();
        let too_much = read_limited(&mut stdout, &mut kept, max);
        if too_much {
            kill_tree(id);
        }
        let _ = out_tx.send((kept, too_much));
    });
    let (err_tx, err_rx) = mpsc::channel();
    let mut stderr = child.stderr.take().expect("stderr is piped");
    thread::spawn(move || {
        let mut kept = Vec::new();
        // Keep the start; drain the rest so the program never blocks on it.
        read_limited(&mut stderr, &mut kept, STDERR_KEPT);
        let _ = std::io::copy(&mut stderr, &mut std::io::sink());
        let _ = err_tx.send(kept);
    });

    let (status, timed_out) = wait(&mut child, id, limits.timeout);
    let elapsed = started.elapsed();
    // Whatever the program started and left behind goes with it.
    kill_tree(id);
    if let Ok(mut running) = RUNNING.lock() {
        running.retain(|&r| r != id);
    }
    // A process that left the group may still hold the pipes: do not wait
    // for it long.
    let grace = Duration::from_secs(2);
    let (stdout, too_much) = out_rx.recv_timeout(grace).unwrap_or_default();
    let stderr = err_rx.recv_timeout(grace).unwrap_or_default();
    drop(file);

    let outcome = outcome(status, timed_out, too_much, &stdout);
    Ok(Run {
        outcome,
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        elapsed,
    })
}

/// How a run ended, from its status and output.
fn outcome(status: Option<ExitStatus>, timed_out: bool, too_much: bool, stdout: &[u8]) -> Outcome {
    match status {
        _ if timed_out => Outcome::TimedOut,
        _ if too_much => Outcome::TooMuchOutput,
        Some(status) if status.success() => match read_answer(stdout) {
            Ok(answer) => Outcome::Answer(answer),
            Err(why) => Outcome::Unreadable {
                stdout: excerpt(stdout),
                why,
            },
        },
        Some(status) => Outcome::Crashed {
            status: status.to_string(),
            stdout: excerpt(stdout),
        },
        None => Outcome::Crashed {
            status: "its exit status could not be read".into(),
            stdout: excerpt(stdout),
        },
    }
}

/// Reads `from` into `into` up to `max` bytes; true when there was more.
fn read_limited(from: &mut impl Read, into: &mut Vec<u8>, max: usize) -> bool {
    let mut buf = [0u8; 8192];
    loop {
        match from.read(&mut buf) {
            Ok(0) | Err(_) => return false,
            Ok(n) => {
                let room = max - into.len();
                into.extend_from_slice(&buf[..n.min(room)]);
                if n > room {
                    return true;
                }
            }
        }
    }
}

/// Waits for the child until `timeout`, killing its process group then.
/// Returns its status (if it could be read) and whether it timed out.
fn wait(child: &mut Child, id: u32, timeout: Duration) -> (Option<ExitStatus>, bool) {
    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_micros(200);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return (Some(status), false),
            Ok(None) => {}
            Err(_) => return (None, false),
        }
        let now = Instant::now();
        if now >= deadline {
            kill_tree(id);
            let _ = child.kill();
            return (child.wait().ok(), true);
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

/// Kills the process group the child leads (it was started as the leader of
/// a new group), which holds everything it started that did not leave it.
#[cfg(unix)]
fn kill_tree(id: u32) {
    use rustix::process::{Pid, Signal, kill_process_group};
    if let Some(pid) = i32::try_from(id).ok().and_then(Pid::from_raw) {
        // No such group any more is the usual case after a clean exit.
        let _ = kill_process_group(pid, Signal::KILL);
    }
}

#[cfg(not(unix))]
fn kill_tree(_id: u32) {}

/// The answer in a program's output: one integer, `-1` for "cannot be
/// reached", surrounded by nothing but whitespace.
fn read_answer(stdout: &[u8]) -> Result<Option<u32>, String> {
    let text = String::from_utf8_lossy(stdout);
    let t = text.trim();
    if t.is_empty() {
        return Err("it printed nothing; print the fewest rolls, or -1 when the last square cannot be reached".into());
    }
    match t.parse::<i64>() {
        Ok(-1) => Ok(None),
        Ok(n) => u32::try_from(n).map(Some).map_err(|_| {
            format!(
                "it printed {n}, which is no number of rolls; print the fewest rolls, or -1 when the last square cannot be reached"
            )
        }),
        Err(_) => Err(format!(
            "it printed `{}`, not one whole number; print only the answer (anything else can go to standard error)",
            excerpt(t.as_bytes())
        )),
    }
}

/// The start of some output, for messages: its first 300 characters.
fn excerpt(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim_end();
    match text.char_indices().nth(300) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_strictly() {
        assert_eq!(read_answer(b" 4\n"), Ok(Some(4)));
        assert_eq!(read_answer(b"-1\n"), Ok(None));
        assert!(
            read_answer(b"")
                .unwrap_err()
                .starts_with("it printed nothing")
        );
        assert!(
            read_answer(b"-2")
                .unwrap_err()
                .starts_with("it printed -2, which is no number")
        );
        assert!(
            read_answer(b"rolls: 4")
                .unwrap_err()
                .starts_with("it printed `rolls: 4`, not one whole number")
        );
        assert!(read_answer(b"4\n5\n").is_err());
    }

    #[test]
    fn programs_read_and_display() {
        let p = Program::new(["python3", "mine.py", "{}", "a b"].map(OsString::from)).unwrap();
        assert!(p.takes_file());
        assert_eq!(p.display(), "python3 mine.py {} 'a b'");
        assert!(Program::new(Vec::<OsString>::new()).is_none());
        let q = Program::new(["cat"].map(OsString::from)).unwrap();
        assert!(!q.takes_file());
    }

    #[cfg(unix)]
    #[test]
    fn a_run_reads_stdin_and_reports_failures() {
        let limits = Limits {
            timeout: Duration::from_secs(5),
            max_output: 100,
        };
        let sh = |script: &str| Program::new(["sh", "-c", script].map(OsString::from)).unwrap();
        let echo = run(&sh("read x; echo $((x + 1))"), "41\n", ".txt", &limits).unwrap();
        assert_eq!(echo.outcome, Outcome::Answer(Some(42)));
        let crash = run(&sh("echo oops >&2; exit 3"), "", ".txt", &limits).unwrap();
        assert!(matches!(&crash.outcome, Outcome::Crashed { status, .. } if status.contains('3')));
        assert_eq!(crash.stderr, "oops\n");
        let loud = run(&sh("yes 1"), "", ".txt", &limits).unwrap();
        assert_eq!(loud.outcome, Outcome::TooMuchOutput);
        let file = run(&sh("cat {}").clone(), "7", ".txt", &limits);
        // `sh -c 'cat {}'`: the placeholder is inside the script argument.
        assert_eq!(file.unwrap().outcome, Outcome::Answer(Some(7)));
        let missing = Program::new(["/nonexistent/program"].map(OsString::from)).unwrap();
        assert!(run(&missing, "", ".txt", &limits).is_err());
    }
}
