//! One module per subcommand. Each has an `Args` struct (its help text and
//! flags) and a `run` function that writes its answer to `out` and returns
//! the exit code.

pub mod check;
pub mod completions;
pub mod design;
pub mod duel;
pub mod expect;
pub mod export;
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
pub mod target;

/// The exit codes of the subcommands that run an analysis (all but
/// `check`, `gen` and `judge`, which say their own, and those of
/// [`PLAIN_EXIT_CODES`]).
pub const EXIT_CODES: &str = "\
Exit codes:
  0  success (an unreachable last square is an answer, not a failure)
  2  usage, input or I/O error, or an analysis over the budget (the message
     says what it would need; --force runs it anyway)
  130  stopped by Ctrl-C (no output file is written)";

/// The exit codes of the subcommands that run no analysis: `completions`,
/// `man`, `presets`, `serve` and `show`.
pub const PLAIN_EXIT_CODES: &str = "\
Exit codes:
  0  success
  2  usage, input or I/O error";

/// The exit codes of `check`.
pub const CHECK_EXIT_CODES: &str = "\
Exit codes:
  0  the board is playable (it may have warnings)
  1  the board has errors
  2  usage, input or I/O error, or a check over the budget
  130  stopped by Ctrl-C";

/// A subcommand's text after its flags: examples, then exit codes.
pub fn after_help(examples: &str, exit_codes: &str) -> String {
    format!("Examples:\n{examples}\n\n{exit_codes}")
}
