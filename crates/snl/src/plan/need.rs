//! The work only the dense engine does, and its refusal on boards longer
//! than its tables hold.

pub use crate::board::DenseOnly;
use crate::board::MAX_SQUARES;

/// What a front end does with a board that only a game of tables a square
/// long ([`Game`]) holds, whatever the analyses it runs: on a board longer
/// than those tables take ([`MAX_SQUARES`]), [`SquareBySquare::too_long`]
/// refuses it with its own reason. (A race's is [`race::too_long`].)
///
/// ```
/// use snl::plan::SquareBySquare;
///
/// assert_eq!(SquareBySquare::Picture.too_long(1 << 30), None);
/// let refused = SquareBySquare::Simulation.too_long(1 << 40).unwrap().to_string();
/// assert!(refused.starts_with("a simulation, which plays every roll"), "{refused}");
/// assert!(refused.ends_with("boards of up to 2^30 squares; this one has 1099511627776"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SquareBySquare {
    /// A picture of the board, in the terminal or as SVG: every square
    /// drawn.
    Picture,
    /// A plot of how many rolls a game takes: the length's distribution.
    Plot,
    /// The one-page report: a picture and the distribution.
    Report,
    /// The transition matrix: a row for every square.
    Matrix,
    /// Games played roll by roll.
    Simulation,
    /// The duel: a value for every pair of squares.
    Duel,
    /// The studio's board: drawn and edited square by square.
    Studio,
    /// A board tuned by the design search: every candidate weighed by the
    /// dense mean and deviation.
    Design,
    /// The board written out square by square (a grid, a moves array) or
    /// from its tables (pairs, for now).
    Listing,
    /// The fewest rolls to every position: a list a square long.
    Distances,
    /// The expected visits to every square.
    Visits,
    /// Counting the optimal sequences exactly, however large the count
    /// (the sparse engine counts in 128 bits:
    /// [`crate::sparse::shortest::count::count_optimal`]).
    Counting,
}

impl SquareBySquare {
    /// What is done and why it keeps every square, for [`DenseOnly::what`].
    fn what(self) -> &'static str {
        match self {
            SquareBySquare::Picture => "a picture of the board, which draws every square,",
            SquareBySquare::Plot => {
                "a plot of the game length, which follows the chance of having finished roll by \
                 roll (the engine for longer boards gives only the mean and variance of a \
                 game's length, as `expect` prints them),"
            }
            SquareBySquare::Report => {
                "the report, which draws every square and follows the chance of having finished \
                 roll by roll (`expect` and `solve` answer boards of any length),"
            }
            SquareBySquare::Matrix => {
                "the transition matrix, which has a row and a column for every square,"
            }
            SquareBySquare::Simulation => {
                "a simulation, which plays every roll of every game (on a board this long a game \
                 lasts hundreds of millions of rolls or more; `expect` gives the mean and \
                 variance without playing),"
            }
            SquareBySquare::Duel => "the duel, which keeps a value for every pair of squares,",
            SquareBySquare::Studio => "the studio, which draws and edits every square,",
            SquareBySquare::Design => {
                "tuning a board, which weighs every candidate by the mean and deviation of \
                 every square,"
            }
            SquareBySquare::Listing => {
                "writing the board out, which lists every square of a grid or a moves array \
                 (and writes pairs from the board's tables),"
            }
            SquareBySquare::Distances => {
                "the fewest rolls to every position, a list as long as the board,"
            }
            SquareBySquare::Visits => "the expected visits, a figure for every square,",
            SquareBySquare::Counting => "counting the optimal sequences",
        }
    }

    /// The refusal of this on a board of `squares` squares, when the
    /// dense engine's tables do not hold it; `None` when they do.
    pub fn too_long(self, squares: u64) -> Option<DenseOnly> {
        (squares > MAX_SQUARES).then(|| DenseOnly {
            what: self.what().to_string(),
            squares,
        })
    }
}
