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
