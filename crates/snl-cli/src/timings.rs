//! `--timings`: how long each stage of a command took, on stderr.
//!
//! The stages are marked where they end: reading the file, reading the
//! board from its bytes, checking the board and building the game, the
//! analysis (where a command marks it) and the output. The clock starts at
//! the top of `main`, so the time to start the process and to hand its
//! memory back at the exit is not counted.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The stages so far, once `--timings` is given.
static CLOCK: Mutex<Option<Clock>> = Mutex::new(None);

struct Clock {
    start: Instant,
    last: Instant,
    stages: Vec<(&'static str, Duration)>,
}

impl Clock {
    /// Ends the stage `name` now.
    fn end(&mut self, name: &'static str) {
        let now = Instant::now();
        self.stages.push((name, now - self.last));
        self.last = now;
    }
}

/// The stage a command marks with [`analysis`]; the stage that ends when
/// the command returns is then the output, else both.
const ANALYSIS: &str = "analysis";

/// Starts the clock, as of `start`.
pub fn start(start: Instant) {
    *lock() = Some(Clock {
        start,
        last: start,
        stages: Vec::new(),
    });
}

/// Ends the stage `name` now, when the clock runs.
pub fn stage(name: &'static str) {
    if let Some(clock) = lock().as_mut() {
        clock.end(name);
    }
}

/// Ends the analysis: the command's work before its output.
pub fn analysis() {
    stage(ANALYSIS);
}

/// Ends the last stage and gives the line to print, when the clock runs:
/// `snl: timings: read 14.2 ms, ...; 111.0 ms in all`.
pub fn finish() -> Option<String> {
    let mut guard = lock();
    let clock = guard.as_mut()?;
    let marked = clock
        .stages
        .last()
        .is_some_and(|&(name, _)| name == ANALYSIS);
    clock.end(if marked {
        "output"
    } else {
        "analysis and output"
    });
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
    let stages: Vec<String> = clock
        .stages
        .iter()
        .map(|&(name, took)| format!("{name} {}", ms(took)))
        .collect();
    Some(format!(
        "snl: timings: {}; {} in all",
        stages.join(", "),
        ms(clock.last - clock.start)
    ))
}

fn lock() -> std::sync::MutexGuard<'static, Option<Clock>> {
    // A panic elsewhere while the lock was held leaves the times usable.
    CLOCK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
