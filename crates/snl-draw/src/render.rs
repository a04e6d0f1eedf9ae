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
use snl::limits::Control;
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
    board_svg_with(game, label, options, &Control::default())
}

/// [`board_svg`] under a [`Control`]: see [`board_picture_with`].
///
/// # Errors
///
/// As [`board_picture_with`].
pub fn board_svg_with(
    game: &Game,
    label: &str,
    options: &Options,
    ctl: &Control,
) -> Result<String, DrawError> {
    Ok(board_picture_with(game, label, options, ctl)?.to_svg())
}

/// The board of `game` as a TikZ picture for LaTeX ([`BoardPicture::to_tikz`]),
/// titled and overlaid as [`board_svg_with`] does.
///
/// # Errors
///
/// [`DrawError::TooManyForTikz`] past [`crate::MAX_TIKZ_SQUARES`], and as
/// [`board_picture_with`].
pub fn board_tikz_with(
    game: &Game,
    label: &str,
    options: &Options,
    ctl: &Control,
) -> Result<String, DrawError> {
    let squares = game.board().squares();
    if squares > crate::MAX_TIKZ_SQUARES {
        return Err(DrawError::TooManyForTikz {
            squares,
            max: crate::MAX_TIKZ_SQUARES,
        });
    }
    Ok(board_picture_with(game, label, options, ctl)?.to_tikz())
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
    board_picture_with(game, label, options, &Control::default())
}

/// [`board_picture`] under a [`Control`]: the analyses of the picture run
/// under its budget (the heat map's solve chooses how to solve by it, as
/// `snl expect --visits` does) and stop when its token is set (a request
/// whose client went away, Ctrl-C).
///
/// # Errors
///
/// As [`board_picture`]; [`DrawError::Limit`] when stopped or refused, and
/// [`DrawError::Markov`] holding the limit the heat map met.
pub fn board_picture_with<'g>(
    game: &'g Game,
    label: &str,
    options: &Options,
    ctl: &Control,
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
        let best = snl::shortest::solve_with(game, ctl)?;
        title = match best.min_rolls {
            Some(k) => format!("{title}: fewest rolls {k}"),
            None => format!("{title}: the last square cannot be reached"),
        };
        pic = pic.path(game.start(), &best.path);
    }
    match options.overlay {
        Overlay::Plain => {}
        Overlay::Layers => pic = pic.layers(&snl::shortest::distances_with(game, ctl)?),
        Overlay::Heat => {
            let visits = snl::markov::visits_with(game, ctl)
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
    fn a_stopped_control_stops_every_overlay() {
        use snl::limits::LimitError;
        let game = Game::new(
            Board::new(30, [Jump { from: 2, to: 20 }]).unwrap(),
            Rules::default(),
        )
        .unwrap();
        let stopped = Control::default();
        stopped.cancel.cancel();
        for overlay in [Overlay::Layers, Overlay::Heat] {
            let options = Options {
                overlay,
                ..Options::default()
            };
            let got = board_svg_with(&game, "stopped", &options, &stopped);
            let stopped_by = |e: &DrawError| match e {
                DrawError::Limit(e) | DrawError::Markov(snl::markov::MarkovError::Limit(e)) => {
                    *e == LimitError::Cancelled
                }
                _ => false,
            };
            assert!(
                got.as_ref().is_err_and(stopped_by),
                "{overlay:?}: {:?}",
                got.map(|s| s.len())
            );
            assert!(board_svg(&game, "free", &options).is_ok());
        }
    }

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
