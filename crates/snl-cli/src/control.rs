//! The budget every analysis runs under, and Ctrl-C.
//!
//! One [`Control`] serves the whole run: its budget is
//! [`Budget::DEFAULT`] (4 GiB, about a minute of one core), or what
//! `--max-time` and `--max-memory` say, or no limit with `--force`, and its token is set by the first Ctrl-C. The analyses
//! check the token in their long loops and stop cleanly: a simulation
//! reports the games it played, everything else stops with a message and
//! exit code 130, and an output file is not written. A second Ctrl-C ends
//! the process at once, removing any half-written output file first.
//!
//! The handler is installed when a command first asks for the control, so
//! that commands with handlers of their own (`judge` stops the programs it
//! runs, `serve` shuts its server down) keep them.

use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use snl::limits::{Budget, Control, LimitError};
use snl::markov::{DIRECT_WORK_UNBUDGETED, MarkovError};

/// Whether `--force` was given.
static FORCE: AtomicBool = AtomicBool::new(false);

/// The run's control, made on first use.
static CONTROL: OnceLock<Control> = OnceLock::new();

/// The output file being written, to remove if a second Ctrl-C ends the
/// process while it is.
static WRITING: Mutex<Option<PathBuf>> = Mutex::new(None);

/// How `--force` reads in messages.
pub const FORCE_HINT: &str =
    "--force runs it anyway, or --max-time/--max-memory raise the budget (Ctrl-C stops it)";

/// How to have a system solved directly that is too costly for the solver
/// without a budget to eliminate (`--force` would not).
pub const DIRECT_HINT: &str = "--max-time and --max-memory with room for the direct solve run it \
     (--force does not: without a budget the solver solves directly only what takes a few \
     seconds; Ctrl-C stops it)";

/// The budget `--max-time` and `--max-memory` set, when either is given.
static BUDGET: OnceLock<Budget> = OnceLock::new();

/// `--max-time` (seconds) and `--max-memory` (GB) as given.
static GIVEN: OnceLock<(Option<f64>, Option<f64>)> = OnceLock::new();

/// Records the budget from `--force`, `--max-time` (seconds) and
/// `--max-memory` (GB). Called once, before any command runs.
pub fn set_budget(force: bool, seconds: Option<f64>, gigabytes: Option<f64>) {
    FORCE.store(force, Ordering::Relaxed);
    let _ = GIVEN.set((seconds, gigabytes));
    if seconds.is_some() || gigabytes.is_some() {
        // What is not given stays as the default budget has it. `as`
        // saturates: a huge memory is no limit.
        let bytes = gigabytes.map_or(Budget::DEFAULT.bytes(), |g| Some((g * 1e9) as u64));
        // The command line takes only positive, finite numbers of seconds.
        if let Ok(budget) = Budget::from_limits(seconds.or(Budget::DEFAULT.seconds()), bytes) {
            let _ = BUDGET.set(budget);
        }
    }
}

/// `--max-time` in seconds and `--max-memory` in GB, as given: for a
/// command that sets limits of its own from them (`serve`, per request).
pub fn given() -> (Option<f64>, Option<f64>) {
    GIVEN.get().copied().unwrap_or((None, None))
}

/// Whether `--force` was given.
pub fn forced() -> bool {
    FORCE.load(Ordering::Relaxed)
}

/// The run's control. The first call installs the Ctrl-C handler.
pub fn get() -> &'static Control {
    CONTROL.get_or_init(|| {
        let budget = if forced() {
            Budget::UNLIMITED
        } else {
            BUDGET.get().copied().unwrap_or(Budget::DEFAULT)
        };
        let ctl = Control::new(budget);
        let cancel = ctl.cancel.clone();
        // Without a handler Ctrl-C ends the process as usual; failing to
        // install one only loses the clean stop.
        let _ = ctrlc::set_handler(move || {
            if cancel.is_cancelled() {
                if let Some(path) = WRITING.lock().ok().and_then(|p| p.clone()) {
                    let _ = std::fs::remove_file(path);
                }
                let _ = writeln!(std::io::stderr(), "\nsnl: interrupted");
                std::process::exit(130);
            }
            cancel.cancel();
        });
        ctl
    })
}

/// Whether Ctrl-C has been pressed.
pub fn interrupted() -> bool {
    CONTROL.get().is_some_and(|c| c.cancel.is_cancelled())
}

/// Notes `path` as the temporary output file being written (`None` when
/// done), for a second Ctrl-C to remove.
pub fn writing(path: Option<PathBuf>) {
    if let Ok(mut slot) = WRITING.lock() {
        *slot = path;
    }
}

/// The error a command ends with when Ctrl-C stopped it: exit code 130.
#[derive(Debug)]
pub struct Stopped;

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stopped by Ctrl-C before the answer was complete; nothing was written")
    }
}

impl std::error::Error for Stopped {}

/// The [`LimitError`] inside a library error, if there is one.
pub fn limit_error(err: &anyhow::Error) -> Option<&LimitError> {
    err.chain().find_map(snl::plan::limit_error)
}

/// A library error as the command reports it: a stop by Ctrl-C becomes
/// [`Stopped`]; a refusal over the budget says how to insist.
pub fn explain(err: impl Into<anyhow::Error>) -> anyhow::Error {
    let err = err.into();
    let direct = err.chain().find_map(|cause| {
        // A question's error holds the analysis's.
        let markov = match cause.downcast_ref::<snl::plan::Error>() {
            Some(question) => question.get_ref().downcast_ref::<MarkovError>(),
            None => cause.downcast_ref::<MarkovError>(),
        };
        match markov {
            Some(MarkovError::NotConverged {
                direct: Some(direct),
                ..
            }) => Some(*direct),
            _ => None,
        }
    });
    // Without a budget the solver eliminates only up to
    // DIRECT_WORK_UNBUDGETED: past it `--force` would sweep again, and only
    // a budget with room for the elimination solves it.
    let force_solves = direct.is_some_and(|d| d.work <= DIRECT_WORK_UNBUDGETED);
    if direct.is_some() && !forced() && force_solves {
        return anyhow::anyhow!("{err:#}; {FORCE_HINT}");
    }
    if direct.is_some() && !forced() {
        return anyhow::anyhow!("{err:#}; {DIRECT_HINT}");
    }
    if direct.is_some() {
        // With no budget the solver eliminates only up to a few seconds of
        // work; under a budget that holds the elimination it eliminates.
        return anyhow::anyhow!(
            "{err:#}; --force sets no budget, and without one the solver solves directly only \
             what takes a few seconds: instead, --max-time and --max-memory with room for the \
             direct solve run it (Ctrl-C stops it)"
        );
    }
    match limit_error(&err) {
        Some(e) if e.is_stop() && interrupted() => anyhow::Error::new(Stopped),
        Some(LimitError::Memory { .. } | LimitError::Work { .. } | LimitError::Overran { .. })
            if !forced() =>
        {
            anyhow::anyhow!("{err:#}; {FORCE_HINT}")
        }
        Some(LimitError::Alloc { .. }) => {
            anyhow::anyhow!("{err:#}; the machine does not have that much memory free for snl")
        }
        _ => err,
    }
}

/// The error of one of the library's questions (`snl::plan`) about the
/// board read from `source`, as the command reports it: a board the dense
/// engine does not hold, named by where it came from; any other
/// [`explain`]ed, and the part of the answer it was met in named by its
/// option where it has one.
pub fn question(err: snl::plan::Error, source: &dyn fmt::Display) -> anyhow::Error {
    use snl::plan::Part;
    if err.dense_only().is_some() {
        return anyhow::anyhow!("{source}: {err}");
    }
    let context = match (err.part(), err.exact_too_large().is_some()) {
        (Some(Part::Exact | Part::BestPlay), true) => {
            Some("--exact (--force tries it anyway, under no budget)")
        }
        (Some(Part::Exact), false) => Some("--exact"),
        (Some(Part::BestPlay), false) => Some("the best play"),
        (Some(Part::Impact), _) => Some("--impact"),
        (Some(Part::Visits), _) => Some("--visits"),
        _ => None,
    };
    let err = explain(err);
    match context {
        Some(context) => err.context(context),
        None => err,
    }
}

/// `.budget()` on a library result: [`explain`] on its error.
pub trait Explain<T> {
    /// The result, with its error explained for people.
    fn budget(self) -> anyhow::Result<T>;
}

impl<T, E: Into<anyhow::Error>> Explain<T> for Result<T, E> {
    fn budget(self) -> anyhow::Result<T> {
        self.map_err(explain)
    }
}

/// `Err(Stopped)` once Ctrl-C has been pressed: the check a command makes
/// before it writes its answer.
pub fn check_interrupted() -> anyhow::Result<()> {
    if interrupted() {
        return Err(anyhow::Error::new(Stopped));
    }
    Ok(())
}

/// The exit code of a command that printed an answer: 130 when Ctrl-C cut
/// it short (the answer says what it did not reach), else 0.
pub fn exit_code() -> std::process::ExitCode {
    if interrupted() {
        let _ = writeln!(
            std::io::stderr(),
            "snl: stopped by Ctrl-C; the answer above is what was computed by then"
        );
        std::process::ExitCode::from(130)
    } else {
        std::process::ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use snl::limits::Estimate;

    use super::*;

    fn unconverged(work: u64) -> anyhow::Error {
        anyhow::Error::new(MarkovError::NotConverged {
            error: None,
            direct: Some(Estimate::new(1_000_000, work)),
        })
    }

    /// `--force` is offered only where it would solve directly: past the
    /// work the solver without a budget eliminates, it would sweep again.
    #[test]
    fn force_is_offered_only_where_it_solves_directly() {
        let cheap = explain(unconverged(DIRECT_WORK_UNBUDGETED)).to_string();
        assert!(cheap.ends_with(FORCE_HINT), "{cheap}");
        let costly = explain(unconverged(DIRECT_WORK_UNBUDGETED + 1)).to_string();
        assert!(costly.ends_with(DIRECT_HINT), "{costly}");
        assert!(!costly.contains("--force runs it"), "{costly}");
        let huge = explain(unconverged(23_000_000_000)).to_string();
        assert!(huge.contains("23 seconds of work; --max-time"), "{huge}");
    }
}
