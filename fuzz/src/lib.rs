//! What the fuzz targets share beyond their bodies (which live in
//! `snl-props`): a global allocator that counts the heap in use, for the
//! property that an analysis allocates no more than it estimated, and that
//! turns any single allocation larger than [`MAX_ALLOCATION`] into a failed
//! one.
//!
//! The targets analyse small boards, where no table comes near that size:
//! a request for one is a size computed wrongly, and failing it at once
//! (the process aborts, unless the library handles the failure) reports it
//! as a crash with its input, instead of a slow climb to the memory limit.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The largest single allocation a target may make: 1 GiB.
pub const MAX_ALLOCATION: usize = 1 << 30;

/// The system allocator, counting the bytes in use and failing
/// allocations over [`MAX_ALLOCATION`].
pub struct Counting {
    /// Bytes in use.
    current: AtomicUsize,
    /// The most bytes in use since the last [`snl_props::meter::Meter::start`].
    peak: AtomicUsize,
    /// Bytes in use at that start.
    base: AtomicUsize,
}

impl Counting {
    fn grew(&self, bytes: usize) {
        let now = self.current.fetch_add(bytes, Relaxed) + bytes;
        self.peak.fetch_max(now, Relaxed);
    }

    fn shrank(&self, bytes: usize) {
        self.current.fetch_sub(bytes, Relaxed);
    }
}

// SAFETY: every call is passed on to the system allocator unchanged, except
// those over the cap, which return null as a failed allocation does; the
// counting touches no memory of the caller's.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > MAX_ALLOCATION {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract is the system allocator's.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            self.grew(layout.size());
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() > MAX_ALLOCATION {
            return std::ptr::null_mut();
        }
        // SAFETY: as above.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            self.grew(layout.size());
        }
        ptr
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > MAX_ALLOCATION {
            return std::ptr::null_mut();
        }
        // SAFETY: as above.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        // A block that moves is held twice for an instant; counted as its
        // change in size, as the regression tests' allocator counts it, so
        // that every input that fails here fails there too.
        if !new.is_null() {
            if new_size >= layout.size() {
                self.grew(new_size - layout.size());
            } else {
                self.shrank(layout.size() - new_size);
            }
        }
        new
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) };
        self.shrank(layout.size());
    }
}

impl snl_props::meter::Meter for Counting {
    fn start(&self) {
        let now = self.current.load(Relaxed);
        self.base.store(now, Relaxed);
        self.peak.store(now, Relaxed);
    }

    fn peak(&self) -> u64 {
        let (peak, base) = (self.peak.load(Relaxed), self.base.load(Relaxed));
        peak.saturating_sub(base) as u64
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting {
    current: AtomicUsize::new(0),
    peak: AtomicUsize::new(0),
    base: AtomicUsize::new(0),
};

/// Runs the target called `name` on `data` (see `snl_props::run`), with
/// the allocator's count as the meter.
pub fn run(name: &str, data: &[u8]) {
    snl_props::meter::install(&ALLOCATOR);
    snl_props::run(name, data);
}
