//! Tests of the pictures: SVG snapshots that parse as XML, PNGs that decode
//! and show text, the text board.

mod png;
mod svg;

use snl::{Board, Game, Jump, Rules};

/// A game on `n` squares with the given jumps, under the default rules.
pub fn game(n: u32, jumps: &[(u32, u32)]) -> Game {
    let board = Board::new(n, jumps.iter().map(|&(from, to)| Jump { from, to })).unwrap();
    Game::new(board, Rules::default()).unwrap()
}

/// The seed board of 20 squares: ladders 2->19 and 12->15, snake 9->2.
pub fn seed_20() -> Game {
    game(20, &[(2, 19), (12, 15), (9, 2)])
}

/// The LeetCode 909 example: ladders 2->15 and 14->35, snake 17->13.
pub fn leetcode_6() -> Game {
    game(36, &[(2, 15), (14, 35), (17, 13)])
}

/// `svg` parsed as XML; panics with the parser's message if it is not.
pub fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"))
}

/// The picture's size from the root's `width` and `height`.
pub fn size(doc: &roxmltree::Document<'_>) -> (u32, u32) {
    let root = doc.root_element();
    let n = |a: &str| root.attribute(a).unwrap().parse::<f64>().unwrap().ceil() as u32;
    (n("width"), n("height"))
}
