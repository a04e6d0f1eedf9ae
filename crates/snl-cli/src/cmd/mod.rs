//! One module per subcommand. Each has an `Args` struct (its help text and
//! flags) and a `run` function that writes its answer to `out` and returns
//! the exit code.

pub mod check;
pub mod duel;
pub mod expect;
pub mod generate;
pub mod judge;
pub mod plot;
pub mod presets;
pub mod race;
pub mod render;
pub mod report;
pub mod show;
pub mod simulate;
pub mod solve;
