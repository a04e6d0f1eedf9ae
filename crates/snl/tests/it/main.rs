//! Integration and property tests for the snl library.

mod duel;
mod input;
mod input_errors;
mod presets;
mod race;
mod shortest;
mod simulate;
mod strategies;
