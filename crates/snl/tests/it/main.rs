//! Integration and property tests for the snl library.

mod input;
mod input_errors;
mod markov;
mod presets;
mod shortest;
mod strategies;
