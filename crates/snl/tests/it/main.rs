//! Integration and property tests for the snl library.

mod markov;
mod shortest;
mod strategies;
