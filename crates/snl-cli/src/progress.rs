//! A progress bar on stderr for the long steps of an answer, against the
//! work the library records on the control's token as it goes.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;

/// A progress bar on stderr for the long steps of an answer, one at a
/// time, drawn when stderr is a terminal.
#[derive(Debug, Default)]
pub struct Bars {
    /// The bar being drawn: dropping the sender ends its thread at once.
    current: Mutex<Option<(Sender<()>, JoinHandle<()>)>>,
}

impl Bars {
    /// Shows a bar for work estimated at `work` units, the work recorded on
    /// `ctl`'s token from now on against it.
    pub fn start(&self, work: u64, ctl: &'static snl::limits::Control) {
        self.finish();
        if !std::io::stderr().is_terminal() {
            return;
        }
        let bar = indicatif::ProgressBar::new(work);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {percent}% of the estimate, {eta} left",
            )
            .expect("the template is valid"),
        );
        let base = ctl.cancel.work_done();
        let (finished, wait) = mpsc::channel::<()>();
        // The drawing thread wakes every 200 ms, and at once when
        // `finished` is dropped, so the bar adds no wait at the end.
        let thread = std::thread::spawn(move || {
            let tick = std::time::Duration::from_millis(200);
            loop {
                bar.set_position((ctl.cancel.work_done() - base).min(work));
                if wait.recv_timeout(tick) != Err(RecvTimeoutError::Timeout) {
                    break;
                }
            }
            bar.finish_and_clear();
        });
        if let Ok(mut current) = self.current.lock() {
            *current = Some((finished, thread));
        }
    }

    /// Ends the bar being drawn, if any.
    pub fn finish(&self) {
        let current = self.current.lock().ok().and_then(|mut c| c.take());
        if let Some((finished, thread)) = current {
            drop(finished);
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_adds_no_wait_at_the_end() {
        let bars = Bars::default();
        let start = std::time::Instant::now();
        bars.start(u64::MAX, crate::control::get());
        bars.finish();
        // The drawing thread ticks every 200 ms; ending must not wait for it.
        assert!(start.elapsed() < std::time::Duration::from_millis(150));
    }
}
