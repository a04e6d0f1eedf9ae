//! Measuring what an analysis allocates, for the property that every
//! estimate of cost made before an analysis bounds what it then allocated.
//!
//! The fuzz targets count every allocation in their global allocator
//! (`fuzz/src/lib.rs`) and hand the count over with [`install`]; the
//! regression tests install theirs. Where no meter is installed nothing is
//! measured and the property is not checked.

use std::sync::OnceLock;

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
pub fn within<T>(what: &str, estimate: snl::limits::Estimate, f: impl FnOnce() -> T) -> T {
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
