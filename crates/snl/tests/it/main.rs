//! Integration and property tests for the snl library.

mod duel;
mod race;
mod shortest;
mod simulate;
mod strategies;
