//! Running the program under test once: the board on its standard input (or
//! in a file named among its arguments), a time limit that ends the whole
//! process tree, and bounded output.
//!
//! Everything a run starts is ended with it. The program leads a process
//! group of its own, which is killed when it exits or runs out of time. A
//! process can leave that group (`setsid`, `setpgid`), so on Linux the
//! judge also makes itself a child subreaper: whatever a program leaves
//! behind becomes the judge's child rather than init's, and is killed and
//! reaped once its run is over. A run's processes are known by the
//! variable [`RUN_VARIABLE`] in their environment (inherited unless a
//! process clears it), or by holding the run's pipes.

use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use crate::reply::{self, AnswerForm, Reply};

/// The most of the program's standard error kept for the report.
pub const STDERR_KEPT: usize = 8 * 1024;

/// The placeholder that, inside an argument, stands for the board file.
pub const PLACEHOLDER: &str = "{}";

/// The variable in the environment of every program run, and so of what it
/// starts: `ID.RUN`, the judge's process id and the run's number.
pub const RUN_VARIABLE: &str = "SNL_JUDGE_RUN";

/// How long the output of a program that has exited may take to arrive once
/// everything it started is killed; what arrived by then is its output.
const OUTPUT_GRACE: Duration = Duration::from_millis(500);

/// A run in progress: its program's process id (the leader of its process
/// group) and its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Running {
    pid: u32,
    run: u64,
}

/// The runs in progress, so that an interrupted judge can end them
/// ([`kill_running`]): each runs in a group of its own, which a Ctrl-C at
/// the terminal does not reach. A program is started with this lock held,
/// so that a sweep for what finished runs left behind never takes a
/// program just started for one of its own.
static RUNNING: Mutex<Vec<Running>> = Mutex::new(Vec::new());

/// The number of the next run.
static NEXT_RUN: AtomicU64 = AtomicU64::new(0);

fn running() -> MutexGuard<'static, Vec<Running>> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Kills every run in progress, with everything it started. For an
/// interrupted judge (Ctrl-C) before it exits.
pub fn kill_running() {
    let all = running().clone();
    for r in all {
        kill_tree(r.pid);
    }
    strays::sweep(strays::Which::All, &[]);
}

/// Kills and reaps what finished runs left running (on Linux; elsewhere
/// the process groups are all there is). [`crate::judge`] calls it before
/// it returns.
pub fn sweep() {
    strays::sweep(strays::Which::Finished, &[]);
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

    /// The command line, for people: words with spaces quoted, control
    /// characters escaped (`\u{1b}`).
    pub fn display(&self) -> String {
        std::iter::once(&self.program)
            .chain(&self.args)
            .map(|w| {
                let w = snl::words::escape_controls(&w.to_string_lossy());
                if w.is_empty() || w.contains(char::is_whitespace) {
                    format!("'{w}'")
                } else {
                    w
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// How long a run may take and how much it may print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunLimits {
    /// Wall-clock time for one run; past it the process tree is killed.
    pub timeout: Duration,
    /// Bytes of standard output; past it the process tree is killed.
    pub max_output: usize,
}

impl Default for RunLimits {
    /// 5 seconds and 1 MiB.
    fn default() -> RunLimits {
        RunLimits {
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
    /// It printed an answer in the form asked for.
    Answer(Reply),
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
    pub fn reply(&self) -> Option<&Reply> {
        match self {
            Outcome::Answer(a) => Some(a),
            _ => None,
        }
    }

    /// The fewest rolls the answer states, when there is an answer in a
    /// form that states them: what the diagnosis judges by.
    pub fn answer(&self) -> Option<Option<u32>> {
        self.reply().and_then(Reply::min_rolls)
    }
}

/// The program could not be started.
#[derive(Debug, thiserror::Error)]
#[error("cannot run `{program}`: {source}")]
pub struct SpawnError {
    /// The program, as named (control characters escaped).
    pub program: String,
    /// Why.
    #[source]
    pub source: std::io::Error,
}

/// Runs `program` once with `input` (the board as text). The board goes on
/// standard input, or, when an argument holds `{}`, into a file named
/// `board{ext}` in a temporary directory of its own, whose path replaces
/// the `{}` (standard input is then empty); the directory goes, with
/// whatever the program left in it, once the run is over.
///
/// The program runs in a process group of its own; on a timeout, or once it
/// prints more than `limits.max_output` bytes, the whole group is killed,
/// and so is anything the program left running after it exits, in the
/// group or (on Linux) out of it. Its output is what it printed by the time
/// it exited: a process it left behind that keeps standard output open
/// does not hold the answer back.
///
/// # Errors
///
/// [`SpawnError`] when the program cannot be started (not found, not
/// executable) or the board file cannot be written.
pub fn run(
    program: &Program,
    input: &str,
    ext: &str,
    limits: &RunLimits,
    form: AnswerForm,
) -> Result<Run, SpawnError> {
    let spawn_error = |source| SpawnError {
        program: snl::words::escape_controls(&program.program.to_string_lossy()),
        source,
    };
    let file = if program.takes_file() {
        let dir = tempfile::Builder::new()
            .prefix("snl-board-")
            .tempdir()
            .map_err(spawn_error)?;
        let path = dir.path().join(format!("board{ext}"));
        std::fs::write(&path, input).map_err(spawn_error)?;
        Some((dir, path))
    } else {
        None
    };
    let mut command = Command::new(&program.program);
    for arg in &program.args {
        match &file {
            Some((_, path)) if arg.to_string_lossy().contains(PLACEHOLDER) => {
                let path = path.to_string_lossy();
                command.arg(arg.to_string_lossy().replace(PLACEHOLDER, &path));
            }
            _ => {
                command.arg(arg);
            }
        }
    }
    let run_number = NEXT_RUN.fetch_add(1, Ordering::Relaxed);
    command
        .env(RUN_VARIABLE, format!("{}.{run_number}", std::process::id()))
        .stdin(if file.is_some() {
            Stdio::null()
        } else {
            Stdio::piped()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    strays::adopt_orphans();
    let started = Instant::now();
    let mut child = {
        let mut running = running();
        let child = command.spawn().map_err(spawn_error)?;
        running.push(Running {
            pid: child.id(),
            run: run_number,
        });
        child
    };
    let id = child.id();
    let mut pipes = Vec::new();

    if let Some(stdin) = child.stdin.take() {
        pipes.extend(strays::pipe(&stdin));
        let bytes = input.as_bytes().to_vec();
        // A program that stops reading early closes the pipe: not an error
        // of the judge. Dropping the handle closes standard input.
        thread::spawn(move || {
            let mut stdin = stdin;
            let _ = stdin.write_all(&bytes);
        });
    }
    let stdout = child.stdout.take().expect("stdout is piped");
    pipes.extend(strays::pipe(&stdout));
    let stdout = read_into_chunks(stdout, limits.max_output, move || kill_tree(id));
    let stderr = child.stderr.take().expect("stderr is piped");
    pipes.extend(strays::pipe(&stderr));
    // Keep the start; drain the rest so the program never blocks on it.
    let stderr = read_into_chunks(stderr, STDERR_KEPT, || {});

    let (status, timed_out) = wait(&mut child, id, limits.timeout);
    let elapsed = started.elapsed();
    // Whatever the program started and left behind goes with it.
    kill_tree(id);
    running().retain(|r| r.pid != id);
    strays::sweep(strays::Which::Finished, &pipes);
    // With everything it started gone, the pipes close at once; a process
    // that escaped the sweep may still hold them: take what had arrived.
    let deadline = Instant::now() + OUTPUT_GRACE;
    let (stdout, too_much) = collect(&stdout, deadline);
    let (stderr, _) = collect(&stderr, deadline);
    drop(file);

    let outcome = outcome(status, timed_out, too_much, &stdout, form);
    Ok(Run {
        outcome,
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        elapsed,
    })
}

/// What a reader thread passes on.
enum Chunk {
    /// Bytes read, within the limit.
    Bytes(Vec<u8>),
    /// There was more than the limit.
    TooMuch,
}

/// Reads `from` on a thread of its own, passing on what it reads up to
/// `max` bytes; past it, calls `over` once and then reads on into nothing
/// (so that the writer never blocks). The channel closes at the end of the
/// input.
fn read_into_chunks(
    mut from: impl Read + Send + 'static,
    max: usize,
    over: impl FnOnce() + Send + 'static,
) -> mpsc::Receiver<Chunk> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = [0u8; 8192];
        let mut kept = 0;
        loop {
            match from.read(&mut buf) {
                Ok(0) | Err(_) => return,
                Ok(n) => {
                    let room = max - kept;
                    if room > 0 {
                        kept += n.min(room);
                        let _ = tx.send(Chunk::Bytes(buf[..n.min(room)].to_vec()));
                    }
                    if n > room {
                        let _ = tx.send(Chunk::TooMuch);
                        over();
                        let _ = std::io::copy(&mut from, &mut std::io::sink());
                        return;
                    }
                }
            }
        }
    });
    rx
}

/// What a reader passed on until its input ended or `deadline`: the bytes,
/// and whether there were more than its limit.
fn collect(chunks: &mpsc::Receiver<Chunk>, deadline: Instant) -> (Vec<u8>, bool) {
    let mut bytes = Vec::new();
    let mut too_much = false;
    loop {
        let wait = deadline.saturating_duration_since(Instant::now());
        match chunks.recv_timeout(wait) {
            Ok(Chunk::Bytes(b)) => bytes.extend_from_slice(&b),
            Ok(Chunk::TooMuch) => too_much = true,
            Err(_) => return (bytes, too_much),
        }
    }
}

/// How a run ended, from its status and output.
fn outcome(
    status: Option<ExitStatus>,
    timed_out: bool,
    too_much: bool,
    stdout: &[u8],
    form: AnswerForm,
) -> Outcome {
    match status {
        _ if timed_out => Outcome::TimedOut,
        _ if too_much => Outcome::TooMuchOutput,
        Some(status) if status.success() => match reply::read(stdout, form) {
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

/// Finding and ending what runs left behind, beyond their process groups.
#[cfg(target_os = "linux")]
mod strays {
    use std::os::fd::AsRawFd;
    use std::time::{Duration, Instant};

    use rustix::process::{Pid, Signal, WaitOptions, kill_process, waitpid};

    use super::{RUN_VARIABLE, running};

    /// Which runs' leftovers a sweep takes.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Which {
        /// Those of runs that are over.
        Finished,
        /// Everything any run started (the judge is stopping).
        All,
    }

    /// Makes this process the reaper of the orphans of its descendants, so
    /// that what a program leaves behind stays within reach (once).
    pub fn adopt_orphans() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // Without it (an old kernel) the process groups still go.
            let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
        });
    }

    /// The pipe a handle is one end of, as `/proc` names it (`pipe:[N]`).
    pub fn pipe(handle: &impl AsRawFd) -> Option<String> {
        let link = std::fs::read_link(format!("/proc/self/fd/{}", handle.as_raw_fd())).ok()?;
        Some(link.to_string_lossy().into_owned())
    }

    /// Kills and reaps the children of this process that runs left behind:
    /// those whose environment names a run of this judge that is over (or
    /// any run, for [`Which::All`]), those holding one of `pipes` (the
    /// pipes of the run just over), and those that have already exited. A
    /// killed process's own children become this process's in turn, so
    /// the sweep goes on until a round finds nothing.
    pub fn sweep(which: Which, pipes: &[String]) {
        let me = std::process::id();
        let token = format!("{RUN_VARIABLE}={me}.");
        // A bound on the rounds, against a program that forks as fast as
        // it is killed.
        for _ in 0..1000 {
            // Held for the round: no program starts between the list of
            // runs in progress and the kills.
            let running = running();
            let mut ended = 0;
            for pid in children() {
                if running.iter().any(|r| r.pid == pid) {
                    continue;
                }
                let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
                let exited = matches!(state(&stat), Some('Z' | 'X'));
                let left = || match run_of(pid, &token) {
                    Some(run) => which == Which::All || running.iter().all(|r| r.run != run),
                    None => holds(pid, pipes),
                };
                if exited || left() {
                    end(pid);
                    ended += 1;
                }
            }
            if ended == 0 {
                return;
            }
        }
    }

    /// The children of this process, from every thread's list (or from the
    /// whole process table where the kernel keeps no such list).
    fn children() -> Vec<u32> {
        let mut out = Vec::new();
        let mut listed = false;
        if let Ok(tasks) = std::fs::read_dir("/proc/self/task") {
            for task in tasks.flatten() {
                if let Ok(list) = std::fs::read_to_string(task.path().join("children")) {
                    listed = true;
                    out.extend(
                        list.split_whitespace()
                            .filter_map(|p| p.parse::<u32>().ok()),
                    );
                }
            }
        }
        if !listed {
            let me = std::process::id();
            for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
                let Some(pid) = entry
                    .file_name()
                    .to_str()
                    .and_then(|p| p.parse::<u32>().ok())
                else {
                    continue;
                };
                let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
                if parent(&stat) == Some(me) {
                    out.push(pid);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The fields of `/proc/PID/stat` after the command's name (which may
    /// hold anything, a `)` included).
    fn fields(stat: &str) -> impl Iterator<Item = &str> {
        stat.rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
    }

    fn state(stat: &str) -> Option<char> {
        fields(stat).next()?.chars().next()
    }

    fn parent(stat: &str) -> Option<u32> {
        fields(stat).nth(1)?.parse().ok()
    }

    /// The run of this judge named in a process's environment.
    fn run_of(pid: u32, token: &str) -> Option<u64> {
        let env = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
        env.split(|&b| b == 0).find_map(|var| {
            std::str::from_utf8(var.strip_prefix(token.as_bytes())?)
                .ok()?
                .parse()
                .ok()
        })
    }

    /// Whether a process holds one of `pipes` open.
    fn holds(pid: u32, pipes: &[String]) -> bool {
        if pipes.is_empty() {
            return false;
        }
        let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
            return false;
        };
        fds.flatten().any(|fd| {
            std::fs::read_link(fd.path())
                .is_ok_and(|l| pipes.iter().any(|p| l.as_os_str() == p.as_str()))
        })
    }

    /// Kills a child and reaps it, waiting a moment for it to die (a
    /// process in an uninterruptible wait is left to a later sweep).
    fn end(pid: u32) {
        let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) else {
            return;
        };
        let _ = kill_process(pid, Signal::KILL);
        let deadline = Instant::now() + Duration::from_secs(1);
        while let Ok(None) = waitpid(Some(pid), WaitOptions::NOHANG) {
            if Instant::now() >= deadline {
                return;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

/// Elsewhere the process groups are all the judge ends.
#[cfg(not(target_os = "linux"))]
mod strays {
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Which {
        Finished,
        All,
    }

    pub fn adopt_orphans() {}

    pub fn pipe<T>(_handle: &T) -> Option<String> {
        None
    }

    pub fn sweep(_which: Which, _pipes: &[String]) {}
}

/// The start of some output, for messages: its first 300 characters, with
/// control characters escaped.
fn excerpt(bytes: &[u8]) -> String {
    reply::excerpt(String::from_utf8_lossy(bytes).trim_end(), 300)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_read_and_display() {
        let p = Program::new(["python3", "mine.py", "{}", "a b"].map(OsString::from)).unwrap();
        assert!(p.takes_file());
        assert_eq!(p.display(), "python3 mine.py {} 'a b'");
        let odd = Program::new(["sh", "-c", "echo \u{1b}[2J"].map(OsString::from)).unwrap();
        assert_eq!(odd.display(), "sh -c 'echo \\u{1b}[2J'");
        assert!(Program::new(Vec::<OsString>::new()).is_none());
        let q = Program::new(["cat"].map(OsString::from)).unwrap();
        assert!(!q.takes_file());
    }

    #[cfg(unix)]
    #[test]
    fn a_run_reads_stdin_and_reports_failures() {
        let limits = RunLimits {
            timeout: Duration::from_secs(5),
            max_output: 100,
        };
        let sh = |script: &str| Program::new(["sh", "-c", script].map(OsString::from)).unwrap();
        let echo = run(
            &sh("read x; echo $((x + 1))"),
            "41\n",
            ".txt",
            &limits,
            AnswerForm::Min,
        )
        .unwrap();
        assert_eq!(echo.outcome, Outcome::Answer(Reply::Min(Some(42))));
        let crash = run(
            &sh("echo oops >&2; exit 3"),
            "",
            ".txt",
            &limits,
            AnswerForm::Min,
        )
        .unwrap();
        assert!(matches!(&crash.outcome, Outcome::Crashed { status, .. } if status.contains('3')));
        assert_eq!(crash.stderr, "oops\n");
        let loud = run(&sh("yes 1"), "", ".txt", &limits, AnswerForm::Min).unwrap();
        assert_eq!(loud.outcome, Outcome::TooMuchOutput);
        let file = run(&sh("cat {}").clone(), "7", ".txt", &limits, AnswerForm::Min);
        // `sh -c 'cat {}'`: the placeholder is inside the script argument.
        assert_eq!(file.unwrap().outcome, Outcome::Answer(Reply::Min(Some(7))));
        let missing = Program::new(["/nonexistent/program"].map(OsString::from)).unwrap();
        assert!(run(&missing, "", ".txt", &limits, AnswerForm::Min).is_err());
    }
}
