//! The budget every analysis runs under, and stopping one on Ctrl-C.
//!
//! Before an analysis starts, the library estimates its memory and work
//! from the board's size (`snl::plan::estimate`) and refuses one over the
//! budget: `snl.LimitError` at once, with the estimate and the budget in
//! the message, instead of minutes of work or running out of memory. The
//! budget is the command line's (4 GiB and about a minute of one core)
//! until `snl.set_budget` changes it for the whole module.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::prelude::*;
use snl::Game;
use snl::limits::{Budget, Control};
use snl::plan::{self, Analysis};

use crate::errors;

static MEMORY: AtomicU64 = AtomicU64::new(Budget::DEFAULT.memory);
static WORK: AtomicU64 = AtomicU64::new(Budget::DEFAULT.work);

/// The budget set now.
pub fn budget() -> Budget {
    Budget {
        memory: MEMORY.load(Ordering::Relaxed),
        work: WORK.load(Ordering::Relaxed),
    }
}

/// The budget every analysis runs under, as ``(memory, seconds)``: the most
/// bytes an analysis may hold at once and the most work it may take, in
/// seconds of one core (roughly); ``None`` for no limit. By default
/// ``(4294967296, 60.0)``, as the command line.
#[pyfunction(name = "budget")]
pub fn get_budget() -> (Option<u64>, Option<f64>) {
    let b = budget();
    (b.bytes(), b.seconds())
}

/// Sets the budget of every analysis from now on: ``memory`` in bytes and
/// ``seconds`` of work of one core, ``None`` for no limit. An analysis whose
/// estimate (made from the board's size before it starts) is over it raises
/// ``snl.LimitError`` at once; the game-length distribution and races,
/// which follow their chances to a tolerance, stop at the work instead and
/// report the rest as ``unresolved``. ``snl.set_budget(*old)`` restores a
/// budget read with ``snl.budget()``.
#[pyfunction]
#[pyo3(signature = (memory, seconds))]
pub fn set_budget(memory: Option<u64>, seconds: Option<f64>) -> PyResult<()> {
    let budget = Budget::from_limits(seconds, memory).map_err(|e| {
        errors::value(format!(
            "seconds must be a number of seconds, 0 or more, or None for no limit; not {}",
            e.0
        ))
    })?;
    MEMORY.store(budget.memory, Ordering::Relaxed);
    WORK.store(budget.work, Ordering::Relaxed);
    Ok(())
}

/// How often a long computation's caller looks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` under a [`Control`] with the module's budget, on another
/// thread without the GIL, while this thread looks for signals: Python
/// runs its signal handlers only on the main thread, and only when asked.
/// On Ctrl-C (or any handler that raises) the token is set, the work is
/// waited for (it checks the token and returns early), and the handler's
/// exception (``KeyboardInterrupt``) is raised.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Control) -> T + Send,
) -> PyResult<T> {
    let ctl = Control::new(budget());
    std::thread::scope(|scope| {
        let (done, wait) = mpsc::channel();
        let ctl = &ctl;
        let worker = scope.spawn(move || {
            let out = work(ctl);
            // The receiver is gone only if the caller stopped waiting.
            let _ = done.send(());
            out
        });
        let mut wait = Some(wait);
        loop {
            let rx = wait.take().expect("put back every round");
            let (rx, finished) = py.detach(move || {
                let r = rx.recv_timeout(SIGNAL_POLL);
                (rx, !matches!(r, Err(mpsc::RecvTimeoutError::Timeout)))
            });
            wait = Some(rx);
            if finished {
                break;
            }
            if let Err(interrupt) = py.check_signals() {
                ctl.cancel.cancel();
                let _ = py.detach(|| worker.join());
                return Err(interrupt);
            }
        }
        py.detach(|| worker.join()).map_err(|_| {
            pyo3::exceptions::PyRuntimeError::new_err(
                "the analysis failed inside snl; please report it with the board and rules",
            )
        })
    })
}

/// Refuses, before they start, analyses that cannot be stopped once
/// started (the pictures and the report compute inside `snl_draw`) when the
/// library's estimate of any of them is over the budget.
pub fn admit(game: &Game, analyses: &[Analysis]) -> PyResult<()> {
    plan::admit(game, analyses, &budget()).map_err(errors::limit)
}
