//! Every input the fuzz targets found failing, kept under
//! `testdata/fuzz/<target>/`, run again through its target: a fixed finding
//! stays fixed.
//!
//! The heap is counted here as in the fuzz targets, so that the estimates
//! of cost are held to what the analyses allocate. One test does it all:
//! tests running beside it would add their allocations to the count.

use std::alloc::System;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The counting allocator, as a meter.
struct Heap;

impl snl_props::meter::Meter for Heap {
    fn start(&self) {
        GLOBAL.reset_peak_memory();
    }

    fn peak(&self) -> u64 {
        GLOBAL.get_peak_memory() as u64
    }
}

fn findings() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/fuzz")
}

/// The files in `dir`, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    files
}

#[test]
fn every_finding_passes_its_target() {
    snl_props::meter::install(&Heap);
    for dir in files(&findings()) {
        let name = dir.file_name().unwrap().to_str().unwrap();
        assert!(
            name == "README.md" || snl_props::target(name).is_some(),
            "testdata/fuzz/{name} names no fuzz target"
        );
    }
    let mut failed = Vec::new();
    let mut ran = 0;
    for target in snl_props::TARGETS {
        for file in files(&findings().join(target.name)) {
            let data = std::fs::read(&file).unwrap();
            ran += 1;
            if catch_unwind(AssertUnwindSafe(|| (target.run)(&data))).is_err() {
                failed.push(file.display().to_string());
            }
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {ran} findings fail again: {failed:#?}",
        failed.len()
    );
}
