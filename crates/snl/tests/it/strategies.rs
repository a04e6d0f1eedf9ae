//! Random boards and rules for property tests, drawn by the generator the
//! fuzz targets read their inputs with ([`snl_props::arb`]): proptest draws
//! bytes, the generator makes them a board, a die and rules. One generator
//! serves both ways of driving the properties, so a kind of board one of
//! them tries the other tries too; proptest shrinks a failure by shrinking
//! its bytes.

use std::fmt::Debug;
use std::ops::RangeInclusive;

use arbitrary::Unstructured;
use proptest::collection::vec;
use proptest::prelude::*;
use snl::{Board, Die, Finish, Game, Optional, Rules};
use snl_props::arb;

/// The most faces of a die drawn here: small, so that the checks by brute
/// force and dense elimination stay cheap.
const FACES: u32 = 8;

/// A value the generator makes from a few hundred random bytes (`bytes`
/// of them at most); drawings it refuses are drawn again.
fn drawn<T: Debug>(
    bytes: usize,
    what: &'static str,
    make: impl Fn(&mut Unstructured<'_>) -> arbitrary::Result<Option<T>>,
) -> impl Strategy<Value = T> {
    vec(any::<u8>(), 0..=bytes).prop_filter_map(what, move |data| {
        make(&mut Unstructured::new(&data)).ok().flatten()
    })
}

/// Every finish rule.
pub fn finish() -> impl Strategy<Value = Finish> {
    prop_oneof![
        Just(Finish::Exact),
        Just(Finish::Bounce),
        Just(Finish::Pass)
    ]
}

/// A small die: fair with 1 to 8 faces, a sum of small fair dice, or a
/// loaded one.
pub fn die() -> impl Strategy<Value = Die> {
    drawn(32, "a die the rules refuse", |u| arb::die(u, FACES, false))
}

/// Every combination of rules, with a small die.
pub fn rules() -> impl Strategy<Value = Rules> {
    drawn(48, "a die the rules refuse", |u| {
        arb::rules(u, FACES, false)
    })
}

/// The bytes enough for a board of up to `most` squares with a jump from
/// most of them.
fn bytes_for(most: u32) -> usize {
    64 + 3 * most as usize
}

/// A valid board of `sizes` squares. Jumps may end on other jumps' starts,
/// so chains and (with chaining) circles occur.
pub fn board(sizes: RangeInclusive<u32>) -> impl Strategy<Value = Board> {
    let bytes = bytes_for(*sizes.end());
    drawn(bytes, "never refused", move |u| {
        arb::board_in(u, sizes.clone()).map(Some)
    })
}

/// A playable game on a board of `sizes` squares under any rules. Boards
/// whose jumps form a circle under chaining are drawn again.
pub fn game(sizes: RangeInclusive<u32>) -> impl Strategy<Value = Game> {
    let bytes = bytes_for(*sizes.end());
    drawn(bytes, "jump circle under chaining", move |u| {
        arb::game_in(u, sizes.clone(), FACES, false)
    })
}

/// Which jumps may be declined: each choice, `none` included.
pub fn optional() -> impl Strategy<Value = Optional> {
    prop::sample::select(Optional::ALL.to_vec())
}

/// A playable game as [`game`] gives, where the player may decline some
/// jumps: every rule combination with every choice of optional jumps.
pub fn choosing_game(sizes: RangeInclusive<u32>) -> impl Strategy<Value = Game> {
    (board(sizes), rules(), optional())
        .prop_filter_map("jump circle under chaining", |(b, r, optional)| {
            Game::new(b, Rules { optional, ..r }).ok()
        })
}
