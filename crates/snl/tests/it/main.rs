//! Integration and property tests for the snl library.

mod shortest;
mod strategies;
