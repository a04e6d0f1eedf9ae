//! One module per subcommand. Each has an `Args` struct (its help text and
//! flags) and a `run` function that writes its answer to `out` and returns
//! the exit code.

pub mod check;
pub mod completions;
pub mod duel;
pub mod expect;
pub mod generate;
pub mod judge;
pub mod man;
pub mod matrix;
pub mod plot;
pub mod presets;
pub mod race;
pub mod render;
pub mod report;
pub mod serve;
pub mod show;
pub mod simulate;
pub mod solve;

/// The exit codes of every subcommand but `check`.
pub const EXIT_CODES: &str = "\
Exit codes:
  0  success (an unreachable last square is an answer, not a failure)
  2  usage, input or I/O error";

/// The exit codes of `check`.
pub const CHECK_EXIT_CODES: &str = "\
Exit codes:
  0  the board is playable (it may have warnings)
  1  the board has errors
  2  usage, input or I/O error";

/// A subcommand's text after its flags: examples, then exit codes.
pub fn after_help(examples: &str, exit_codes: &str) -> String {
    format!("Examples:\n{examples}\n\n{exit_codes}")
}
