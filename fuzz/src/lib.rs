//! What the fuzz targets share beyond their bodies (which live in
//! `snl-props`): an allocator that turns any single allocation larger than
//! [`MAX_ALLOCATION`] into a failed allocation.
//!
//! The targets analyse small boards, where no table comes near this size:
//! a request for one is a size computed wrongly, and failing it at once
//! (the process aborts, unless the library handles the failure) reports it
//! as a crash with its input, instead of a slow climb to the memory limit.

use std::alloc::{GlobalAlloc, Layout, System};

/// The largest single allocation a target may make: 1 GiB.
pub const MAX_ALLOCATION: usize = 1 << 30;

/// The system allocator, failing allocations over [`MAX_ALLOCATION`].
pub struct Capped;

// SAFETY: every call is passed on to the system allocator unchanged, except
// those over the cap, which return null as a failed allocation does.
unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > MAX_ALLOCATION {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() > MAX_ALLOCATION {
            return std::ptr::null_mut();
        }
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > MAX_ALLOCATION {
            return std::ptr::null_mut();
        }
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Capped = Capped;

/// Runs the target called `name` on `data` (see `snl_props::run`).
pub fn run(name: &str, data: &[u8]) {
    snl_props::run(name, data);
}
