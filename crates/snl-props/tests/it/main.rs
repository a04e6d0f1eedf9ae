//! The fuzz targets' properties under `cargo test`, driven two ways: every
//! input the fuzzer found failing, kept under `testdata/fuzz/<target>/`, run
//! again through its target (a fixed finding stays fixed), and each target
//! on fresh inputs that proptest draws, read by the same generator the
//! fuzzer's inputs go through ([`snl_props::arb`]), a failure shrunk to a
//! short input to keep as a finding.
//!
//! The heap is counted here as in the fuzz targets, so that the estimates
//! of cost are held to what the analyses allocate. One test does it all:
//! tests running beside it would add their allocations to the count.

use std::alloc::System;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use proptest::collection::vec;
use proptest::prelude::any;
use proptest::test_runner::{Config, TestRunner};

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

/// The inputs proptest draws for each target: enough to reach past the
/// stored findings on every run, few enough to keep the suite quick.
const CASES: u32 = 24;

#[test]
fn every_finding_and_drawn_input_passes_its_target() {
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
    for target in snl_props::TARGETS {
        let mut runner = TestRunner::new(Config {
            cases: CASES,
            failure_persistence: None,
            ..Config::default()
        });
        let drawn = runner.run(&vec(any::<u8>(), 0..256), |data| {
            (target.run)(&data);
            Ok(())
        });
        if let Err(e) = drawn {
            failed.push(format!("{}: {e}", target.name));
        }
    }
    assert!(
        failed.is_empty(),
        "drawn inputs fail (keep each under testdata/fuzz/<target>/): {failed:#?}"
    );
}
