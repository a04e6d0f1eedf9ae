//! The properties every reader and every analysis of snl must hold, checked
//! on any input.
//!
//! Each target is a function from raw bytes to nothing: it reads the bytes
//! (as a board file, a die, a name, or through [`arbitrary`] as a small
//! board and rules), runs one reader or analysis, and checks what it
//! answered against an independent answer or an invariant. A property that
//! does not hold panics with a message that names it.
//!
//! The fuzz targets in `fuzz/` are one line each, calling these functions;
//! the regression tests run the same functions on every input the fuzzer
//! found failing (`testdata/fuzz/<target>/`), so a fixed finding stays
//! fixed under `cargo test`.
//!
//! ```
//! // A board the grid reader accepts: it must check, build, and read back
//! // the same in every form.
//! snl_props::run("read_grid", b"[[-1, -1], [-1, 3]]");
//! ```
//!
//! # Modules
//!
//! - [`arb`]: small boards, dice and rules built from fuzz bytes.
//! - [`readers`]: each board form, form detection, dice, rules objects and
//!   board names.
//! - [`analyses`]: the checks, the fewest rolls, the game-length statistics,
//!   races, duels, simulation and the pictures.
//! - [`meter`]: what an analysis allocated, to hold its estimate to.
//! - [`corpus`]: the answers every front end is checked against.

#![deny(missing_docs)]

pub mod analyses;
pub mod arb;
pub mod corpus;
pub mod meter;
pub mod oracle;
pub mod readers;

/// A fuzz target: its name (as `cargo fuzz` knows it) and its body.
#[derive(Debug, Clone, Copy)]
pub struct Target {
    /// The name, also the directory of its corpus and of its regressions.
    pub name: &'static str,
    /// What it reads and checks, in a few words.
    pub about: &'static str,
    /// The body: reads `data`, panics when a property fails.
    pub run: fn(&[u8]),
}

/// Every target, readers first.
pub const TARGETS: &[Target] = &[
    Target {
        name: "read_any",
        about: "any bytes, the form detected",
        run: readers::any,
    },
    Target {
        name: "read_grid",
        about: "the LeetCode grid form",
        run: readers::grid,
    },
    Target {
        name: "read_moves",
        about: "the 0-based moves form",
        run: readers::moves,
    },
    Target {
        name: "read_pairs",
        about: "the ladder and snake pairs JSON form",
        run: readers::pairs,
    },
    Target {
        name: "read_text",
        about: "the plain-text pairs form, with a board size",
        run: readers::text,
    },
    Target {
        name: "read_die",
        about: "a --die spec",
        run: readers::die,
    },
    Target {
        name: "read_rules",
        about: "a board file's rules object",
        run: readers::rules,
    },
    Target {
        name: "read_name",
        about: "a preset name and a board's own name",
        run: readers::name,
    },
    Target {
        name: "check",
        about: "snl check on boards with any jumps, valid or not",
        run: analyses::check,
    },
    Target {
        name: "shortest",
        about: "the fewest rolls, the path and the count, against brute force",
        run: analyses::shortest,
    },
    Target {
        name: "expect",
        about: "the game-length statistics, exact and in floating point",
        run: analyses::expect,
    },
    Target {
        name: "race",
        about: "races of 1 to 16 players",
        run: analyses::race,
    },
    Target {
        name: "duel",
        about: "duels, against a game-tree search",
        run: analyses::duel,
    },
    Target {
        name: "simulate",
        about: "simulation of a few games",
        run: analyses::simulate,
    },
    Target {
        name: "render",
        about: "the board as SVG and as text",
        run: analyses::render,
    },
    Target {
        name: "plot",
        about: "the game-length plot, with a race panel",
        run: analyses::plot,
    },
];

/// The target called `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// Runs the target called `name` on `data`.
///
/// # Panics
///
/// When a property fails, or when there is no target called `name`.
pub fn run(name: &str, data: &[u8]) {
    let target = target(name).unwrap_or_else(|| panic!("no fuzz target is called {name}"));
    (target.run)(data);
}
