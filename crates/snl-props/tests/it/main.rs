//! Every input the fuzz targets found failing, kept under
//! `testdata/fuzz/<target>/`, run again through its target: a fixed finding
//! stays fixed.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

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

#[test]
fn every_findings_folder_names_a_target() {
    for dir in files(&findings()) {
        let name = dir.file_name().unwrap().to_str().unwrap();
        if name == "README.md" {
            continue;
        }
        assert!(
            snl_props::target(name).is_some(),
            "testdata/fuzz/{name} names no fuzz target"
        );
    }
}
