//! The work only the dense engine does, and its refusal on boards longer
//! than its tables hold.

pub use crate::board::DenseOnly;
use crate::board::MAX_SQUARES;

/// Work only the dense engine does, whatever the board (a picture draws
/// every square, a simulation plays every roll), in the words of its
/// refusal, [`DenseOnly`]: on a board longer than the dense engine's tables
/// take ([`MAX_SQUARES`]), [`DenseWork::too_long`] refuses it with its own
/// reason. (A race's is [`crate::race::too_long`].) A front end asks a
/// [`super::Subject`] for its dense game for one of these.
///
/// ```
/// use snl::plan::DenseWork;
///
/// assert_eq!(DenseWork::Picture.too_long(1 << 30), None);
/// let refused = DenseWork::Simulation.too_long(1 << 40).unwrap().to_string();
/// assert!(refused.starts_with("a simulation, which plays every roll"), "{refused}");
/// assert!(refused.ends_with("boards of up to 2^30 squares; this one has 1099511627776"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DenseWork {
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
    /// The game written for other tools (a model, a diagram): a state for
    /// every square.
    Export,
    /// The fewest-rolls search step by step: every square it reaches,
    /// listed.
    Steps,
    /// A game roll by roll: the chance of every square after each roll.
    Rolls,
    /// The rolls to a target set of squares, solved for every square.
    Target,
    /// Counting the optimal sequences exactly, however large the count
    /// (the sparse engine counts in 128 bits:
    /// [`crate::sparse::shortest::count::count_optimal`]).
    Counting,
}

impl DenseWork {
    /// What is done and why it keeps every square, for [`DenseOnly::what`].
    fn what(self) -> &'static str {
        match self {
            DenseWork::Picture => "a picture of the board, which draws every square,",
            DenseWork::Plot => {
                "a plot of the game length, which follows the chance of having finished roll by \
                 roll (the sparse engine gives only the mean and variance of a \
                 game's length, as `expect` prints them),"
            }
            DenseWork::Report => {
                "the report, which draws every square and follows the chance of having finished \
                 roll by roll (`expect` and `solve` answer boards of any length),"
            }
            DenseWork::Matrix => {
                "the transition matrix, which has a row and a column for every square,"
            }
            DenseWork::Simulation => {
                "a simulation, which plays every roll of every game (on a board this long a game \
                 lasts hundreds of millions of rolls or more; `expect` gives the mean and \
                 variance without playing),"
            }
            DenseWork::Duel => "the duel, which keeps a value for every pair of squares,",
            DenseWork::Studio => "the studio, which draws and edits every square,",
            DenseWork::Design => {
                "tuning a board, which weighs every candidate by the mean and deviation of \
                 every square,"
            }
            DenseWork::Listing => {
                "writing the board out, which lists every square of a grid or a moves array \
                 (and writes pairs from the board's tables),"
            }
            DenseWork::Distances => {
                "the fewest rolls to every position, a list as long as the board,"
            }
            DenseWork::Visits => "the expected visits, a figure for every square,",
            DenseWork::Counting => "counting the optimal sequences",
            DenseWork::Export => "an export, which writes a state for every square,",
            DenseWork::Steps => "the search step by step, which lists every square it reaches,",
            DenseWork::Rolls => {
                "the game roll by roll, which gives the chance of every square after each roll,"
            }
            DenseWork::Target => "the rolls to a target, solved for every square,",
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
