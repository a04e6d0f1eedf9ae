//! The board picture with one overlay, titled, as `snl render` and the
//! Python package draw it: the one place that decides what each overlay
//! computes and how the picture is titled.
//!
//! ```
//! use snl::{Board, Game, Jump, Rules};
//! use snl_draw::render::{self, Overlay, Options};
//!
//! let board = Board::new(20, [Jump { from: 2, to: 19 }])?;
//! let game = Game::new(board, Rules::default())?;
//! let options = Options { path: true, ..Options::default() };
//! let svg = render::board_svg(&game, "twenty", &options)?;
//! assert!(svg.contains("twenty: fewest rolls 2"));
//! let heat = Options { overlay: Overlay::Heat, ..Options::default() };
//! assert!(render::board_svg(&game, "twenty", &heat)?.contains("expected landings per game"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use snl::Game;
use snl::markov::Measure;
use snl::plan::Analysis;
use snl::shortest::Search;

use crate::{BoardPicture, DrawError, Grid};

/// How the squares are coloured; named in lower case (`plain`, `layers`,
/// `heat`) where a front end reads it, as the studio's query string does.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Overlay {
    /// Plain squares.
    #[default]
    Plain,
    /// Each square by the fewest rolls to come to rest on it.
    Layers,
    /// Each square by how often one game's rolls land on it, on average,
    /// with a real die.
    Heat,
}

/// What to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Options {
    /// Draw one fewest-rolls path, each landing marked with its roll, and
    /// say the fewest rolls in the title.
    pub path: bool,
    /// How the squares are coloured.
    pub overlay: Overlay,
    /// Squares per row; `None` for the natural layout (see
    /// [`Grid::natural`]).
    pub width: Option<u32>,
}

impl Options {
    /// The analyses this picture runs ([`snl::plan`]'s names): what a front
    /// end admits against its budget before drawing, since a picture cannot
    /// be stopped once started.
    ///
    /// ```
    /// use snl::plan::Analysis;
    /// use snl_draw::render::{Options, Overlay};
    ///
    /// let heat = Options { overlay: Overlay::Heat, ..Options::default() };
    /// assert_eq!(heat.analyses().len(), 1);
    /// assert!(Options::default().analyses().is_empty());
    /// ```
    pub fn analyses(&self) -> Vec<Analysis> {
        let mut needs = Vec::new();
        if self.path || self.overlay == Overlay::Layers {
            needs.push(Analysis::Shortest(Search::Solve));
        }
        if self.overlay == Overlay::Heat {
            needs.push(Analysis::Markov(Measure::Visits));
        }
        needs
    }
}

/// The board of `game` as SVG, titled `label` (with the fewest rolls when
/// the path is drawn), with the overlays `options` ask for.
///
/// # Errors
///
/// As [`board_picture`].
pub fn board_svg(game: &Game, label: &str, options: &Options) -> Result<String, DrawError> {
    Ok(board_picture(game, label, options)?.to_svg())
}

/// The picture [`board_svg`] writes, before it is written: for a front end
/// that also needs to know where the squares are in it
/// ([`BoardPicture::layout`]).
///
/// # Errors
///
/// [`DrawError::NoColumns`] for a width of 0; for the heat map,
/// [`DrawError::Markov`] when the expected landings cannot be computed and
/// [`DrawError::EndlessHeat`] when a game may never end.
pub fn board_picture<'g>(
    game: &'g Game,
    label: &str,
    options: &Options,
) -> Result<BoardPicture<'g>, DrawError> {
    let board = game.board();
    if board.squares() > crate::MAX_DRAWN_SQUARES {
        return Err(DrawError::TooManySquares {
            squares: board.squares(),
            max: crate::MAX_DRAWN_SQUARES,
        });
    }
    let grid = Grid::with_width(board.squares(), options.width)?;
    let mut title = label.to_string();
    let mut pic = BoardPicture::new(board).grid(grid);
    if options.path {
        let best = snl::shortest::solve(game)?;
        title = match best.min_rolls {
            Some(k) => format!("{title}: fewest rolls {k}"),
            None => format!("{title}: the last square cannot be reached"),
        };
        pic = pic.path(game.start(), &best.path);
    }
    match options.overlay {
        Overlay::Plain => {}
        Overlay::Layers => pic = pic.layers(&snl::shortest::distances(game)?),
        Overlay::Heat => {
            let visits = snl::markov::visits(game)
                .map_err(DrawError::Markov)?
                .ok_or(DrawError::EndlessHeat)?;
            pic = pic.heat(&visits.landings, "expected landings per game");
        }
    }
    Ok(pic.title(&title))
}

#[cfg(test)]
mod tests {
    use super::*;
    use snl::{Board, Jump, Rules};

    #[test]
    fn unreachable_title_and_endless_heat() {
        // Snakes on 4..=9 send every way in back down: the last square is
        // never reached, and pawns land on squares without limit.
        let jumps = (4..=9).map(|from| Jump { from, to: 2 });
        let game = Game::new(Board::new(10, jumps).unwrap(), Rules::default()).unwrap();
        let path = Options {
            path: true,
            ..Options::default()
        };
        let svg = board_svg(&game, "trap", &path).unwrap();
        assert!(svg.contains("trap: the last square cannot be reached"));
        let heat = Options {
            overlay: Overlay::Heat,
            ..Options::default()
        };
        assert!(matches!(
            board_svg(&game, "trap", &heat),
            Err(DrawError::EndlessHeat)
        ));
        let zero = Options {
            width: Some(0),
            ..Options::default()
        };
        assert!(matches!(
            board_svg(&game, "trap", &zero),
            Err(DrawError::NoColumns)
        ));
    }
}
