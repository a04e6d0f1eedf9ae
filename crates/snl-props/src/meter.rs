//! Measuring what an analysis allocates, for the property that every
//! estimate of cost made before an analysis bounds what it then allocated.
//!
//! Two kinds of estimate are held to it. Where the cost follows from the
//! sizes alone (the searches, a duel, a distribution or a simulation at its
//! cap, a board), [`snl::plan::estimate`] is the bound ([`within`]). Where it
//! depends on the board's shape (the linear solves behind the mean, the
//! exact mean, the visits, the impact), that estimate is only the part known
//! in advance, and the `_with` function refines it before its costly part
//! and checks it against the budget; there the budget is the bound: an
//! analysis admitted under a budget holds no more than it ([`admitted`]).
//!
//! The fuzz targets count every allocation in their global allocator
//! (`fuzz/src/lib.rs`) and hand the count over with [`install`]; the
//! regression tests install theirs. Where no meter is installed nothing is
//! measured and the property is not checked.

use std::sync::OnceLock;

use snl::limits::{self, Budget, Control, LimitError};

/// A count of the heap in use, kept by a global allocator.
pub trait Meter: Sync {
    /// Starts a measurement from the bytes in use now.
    fn start(&self);
    /// The most bytes in use at once since [`Meter::start`], beyond those
    /// in use then.
    fn peak(&self) -> u64;
}

static METER: OnceLock<&'static dyn Meter> = OnceLock::new();

/// Makes `meter` the one [`measured`] reads. Only the first call counts.
pub fn install(meter: &'static dyn Meter) {
    let _ = METER.set(meter);
}

/// Runs `f`, and gives what it returned and the most bytes it held at once
/// (what it returned included); `None` for the bytes without a meter.
pub fn measured<T>(f: impl FnOnce() -> T) -> (T, Option<u64>) {
    match METER.get() {
        Some(meter) => {
            meter.start();
            let out = f();
            let peak = meter.peak();
            (out, Some(peak))
        }
        None => (f(), None),
    }
}

/// Allocations that do not grow with the board (a few small vectors, the
/// error and answer values): estimates are made for the tables that do, so
/// this much is allowed beyond one.
pub const SLACK: u64 = 16 * 1024;

/// Runs `f`, the analysis `what`, and checks that it held no more memory
/// at once than `estimate` (made before it ran, from the sizes alone), plus
/// [`SLACK`].
///
/// # Panics
///
/// When it held more.
pub fn within<T>(what: &str, estimate: limits::Estimate, f: impl FnOnce() -> T) -> T {
    let (out, peak) = measured(f);
    if let Some(peak) = peak {
        assert!(
            peak <= estimate.memory.saturating_add(SLACK),
            "{what} held {peak} bytes at once, but was estimated at {} up front",
            estimate.memory
        );
    }
    out
}

/// Runs `f`, the analysis `what` under a [`Control`], twice: under no limit
/// (its answer is returned), and under a memory budget just below what that
/// run held (less [`SLACK`]). The second run must be refused or stopped
/// with a memory error; if it is admitted, it must hold no more than the
/// budget. `limit` picks the [`LimitError`] out of `f`'s error.
///
/// # Panics
///
/// When the second run holds more than its budget, or fails for another
/// reason than its memory.
pub fn admitted<T, E: std::fmt::Display>(
    what: &str,
    limit: impl Fn(&E) -> Option<&LimitError>,
    f: impl Fn(&Control) -> Result<T, E>,
) -> Result<T, E> {
    let (out, peak) = measured(|| f(&Control::default()));
    let Some(peak) = peak.filter(|&p| p > SLACK && out.is_ok()) else {
        return out;
    };
    let budget = peak - SLACK - 1;
    let ctl = Control::new(Budget {
        memory: budget,
        work: u64::MAX,
    });
    let (again, held) = measured(|| f(&ctl));
    let held = held.expect("measured above");
    match again {
        Ok(_) => assert!(
            held <= budget + SLACK,
            "{what} was admitted under a budget of {budget} bytes but held {held} at once"
        ),
        Err(e) => assert!(
            matches!(limit(&e), Some(LimitError::Memory { .. })),
            "{what} under a budget of {budget} bytes failed otherwise than for memory: {e}"
        ),
    }
    out
}
