//! Pictures of Snakes and Ladders boards.
//!
//! snl-draw turns what [`snl`] computes into things people look at: the
//! board as it is played (with the fewest-rolls path, or each square
//! coloured by how soon or how often a pawn reaches it), the board as text
//! for a terminal, and PNG versions of any of these. The drawing
//! dependencies live here so that `snl` itself compiles fast.
//!
//! Every function returns a `String` or writes to an [`std::io::Write`]; the
//! crate never opens files.
//!
//! ```
//! use snl::{Board, Game, Jump, Rules};
//! use snl_draw::BoardPicture;
//!
//! let board = Board::new(36, [Jump { from: 2, to: 15 }, Jump { from: 17, to: 13 }])?;
//! let game = Game::new(board, Rules::default())?;
//! let best = snl::shortest::solve(&game)?;
//! let svg = BoardPicture::new(game.board())
//!     .path(game.start(), &best.path)
//!     .to_svg();
//! assert!(svg.starts_with("<svg"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Modules
//!
//! - [`grid`]: where each square sits: rows winding up from the bottom-left.
//! - [`board`]: the board as SVG, with its overlays and legend.
//! - [`text`]: the board as a grid of numbers for a terminal.
//! - [`plot`]: the game-length plot, with an optional race panel.
//! - [`png`]: any SVG of this crate as a PNG, with an embedded font.
//! - [`report`]: everything in one self-contained HTML page.
//! - [`render`]: the board with one overlay and its title, as front ends
//!   draw it.
//! - [`font`]: the embedded font.

#![deny(missing_docs)]

pub mod board;
pub mod colour;
pub mod font;
pub mod grid;
pub mod plot;
pub mod png;
pub mod render;
pub mod report;
mod svg;
pub mod text;

pub use board::{BoardPicture, Layout};
pub use grid::Grid;

/// The most squares [`render::board_picture`] draws: the SVG of a board
/// takes about 8 bytes a square, so this many make a picture of about
/// 80 MB.
pub const MAX_DRAWN_SQUARES: u32 = 10_000_000;

/// The most squares [`render::board_tikz_with`] draws: LaTeX holds a
/// picture in memory whole, and its default memory fills past a few
/// thousand squares with their numbers.
pub const MAX_TIKZ_SQUARES: u32 = 2_500;

/// A picture that cannot be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DrawError {
    /// A grid was asked for with no columns.
    #[error("a board needs at least 1 column to be drawn, not 0")]
    NoColumns,
    /// The picture is too large to rasterise.
    #[error(
        "the picture is {width}x{height} pixels, more than a PNG of at most {max} pixels allows; write an SVG instead"
    )]
    TooLarge {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// The largest number of pixels allowed.
        max: u64,
    },
    /// The SVG could not be read back for rasterising (a bug in this crate
    /// when it made the SVG).
    #[error("the SVG could not be rasterised: {0}")]
    Svg(String),
    /// A board too large to draw: its picture would hold a shape a square.
    #[error(
        "a board of {squares} squares is too large to draw (a picture holds a shape a square; \
         the most is {max} squares)"
    )]
    TooManySquares {
        /// The board's squares.
        squares: u32,
        /// The most squares a picture draws.
        max: u32,
    },
    /// A board too large for a TikZ picture, which LaTeX holds whole.
    #[error(
        "a board of {squares} squares is too large for a TikZ picture (LaTeX holds a picture \
         whole in its memory; the most is {max} squares); write an SVG or a PNG instead"
    )]
    TooManyForTikz {
        /// The board's squares.
        squares: u32,
        /// The most squares a TikZ picture draws.
        max: u32,
    },
    /// No game ever ends, so there is no game length to plot.
    #[error("no game on this board ever ends, so there is no game length to plot")]
    NeverEnds,
    /// The distribution of the game length was not followed far enough for
    /// any game to end (a very long board: games last longer than the
    /// work allowed to follow them), so there is nothing to plot yet.
    #[error(
        "the game length was followed for {steps} rolls and no game had ended by then \
         (a chance of {unresolved:.3e} is unresolved), so there is nothing to plot; \
         the board is too long to follow its games to the end"
    )]
    Unresolved {
        /// Rolls followed.
        steps: usize,
        /// The chance not resolved.
        unresolved: f64,
    },
    /// A heat map of landings was asked for on a board where a game may
    /// never end, so some squares are landed on without limit.
    #[error(
        "no heat map: a game on this board may never end, so some squares are landed on without limit"
    )]
    EndlessHeat,
    /// The expected landings for a heat map could not be computed.
    // The cause is in the message, not a source: a front end that prints
    // one line shows all of it.
    #[error("the heat map needs the expected landings, which could not be computed: {0}")]
    Markov(snl::markov::MarkovError),
    /// A table a picture needs (the fewest rolls to each square, say) could
    /// not be allocated.
    #[error(transparent)]
    Limit(#[from] snl::limits::LimitError),
    /// Writing the output failed.
    #[error("writing the picture failed")]
    Io(#[from] std::io::Error),
}
