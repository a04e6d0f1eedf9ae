//! Integration and property tests for the snl library.

mod answers;
mod check;
mod design;
mod duel;
mod export;
mod floors;
mod game;
mod incremental;
mod input;
mod input_errors;
mod limits;
mod markov;
mod matrix;
mod plan;
mod presets;
mod race;
mod route;
mod shortest;
mod simulate;
mod sparse;
mod steps;
mod strategies;
