//! How long the studio's analysis of each board takes natively: the same
//! function the WebAssembly module exports (`studio_analyse`), compiled for
//! this machine. `scripts/bench/time-wasm` runs it beside `tests/time.mjs` (the
//! module under Node) and prints the ratios.
//!
//! ```text
//! cargo run --release -p snl-wasm --example time -- BOARD...
//! ```
//!
//! Prints one line a board: its file name, a tab, the median of its runs
//! in milliseconds (at least 5 runs, and for at least 3 seconds).

use std::time::{Duration, Instant};

fn main() {
    for path in std::env::args().skip(1) {
        let board = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut runs = Vec::new();
        let began = Instant::now();
        while runs.len() < 5 || began.elapsed() < Duration::from_secs(3) {
            let start = Instant::now();
            let answer = snl_wasm::studio::studio_analyse(&board, "");
            runs.push(start.elapsed().as_secs_f64() * 1e3);
            assert!(
                answer.starts_with(r#"{"status":200"#),
                "{path}: {answer:.200}"
            );
        }
        runs.sort_by(f64::total_cmp);
        let name = std::path::Path::new(&path)
            .file_name()
            .map_or(path.clone(), |n| n.to_string_lossy().into_owned());
        println!("{name}\t{:.3}", runs[runs.len() / 2]);
    }
}
