//! The rolls to a target set of squares: one entry for the question.

use super::error::Error;
use super::need::DenseWork;
use super::subject::Subject;
use crate::board::Jump;
use crate::limits::Control;
use crate::markov::target::{self, Hitting, Target, Via, ViaError};

/// Where to aim: squares and ranges of squares, as people name them (see
/// [`target::squares_from`] for the command line's form).
///
/// ```
/// use snl::limits::Control;
/// use snl::plan::{self, Subject, TargetQuery};
/// use snl::{BoardSpec, Jump, Rules};
///
/// // The snake 17->6 brings a pawn that lands on 17 back to 6, before
/// // squares 10 to 12, for another try at them.
/// let spec = BoardSpec::of_jumps(20, [Jump { from: 17, to: 6 }]);
/// let subject = Subject::new(spec, Rules::default())?;
/// let query = TargetQuery { squares: vec![(10, 12)] };
/// let (target, hit) = plan::target(&subject, &query, &Control::default())?;
/// assert_eq!(target.runs(), [(10, 12)]);
/// // Four games in five rest there; the rest jump past them.
/// assert!((hit.chance - 0.785_088_55).abs() < 1e-8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TargetQuery {
    /// The squares, as `(first, last)` ranges (a lone square is a range
    /// of one): a longer range takes the squares of it a pawn can rest on,
    /// leaving out the starts of jumps ([`Target::new`]). The start may be
    /// among them (square 0 when the pawn starts off the board).
    pub squares: Vec<(u64, u64)>,
}

/// The rolls until the pawn first rests on one of the query's squares,
/// from the start of the subject's game, and the chance that it ever
/// does (the dense engine: a state for every square and bonus streak).
///
/// # Errors
///
/// [`Error::dense_only`] past the dense engine's tables; the target's
/// refusal ([`target::TargetError`]: off the board, the start of a jump,
/// jumps that may be declined); a limit.
pub fn target(
    subject: &Subject,
    query: &TargetQuery,
    ctl: &Control,
) -> Result<(Target, Hitting), Error> {
    let game = subject.dense_game(DenseWork::Target)?;
    let target = Target::new(game, query.squares.iter().copied())?;
    let hit = target::hitting_with(game, &target, ctl)?;
    Ok((target, hit))
}

/// The part the jump `jump` plays in the subject's game: the chance that a
/// game takes it at least once, how often on average, and the rolls until
/// it first does (the dense engine).
///
/// ```
/// use snl::limits::Control;
/// use snl::plan::{self, Subject};
/// use snl::{BoardSpec, Jump, Rules};
///
/// let snake = Jump { from: 17, to: 6 };
/// let subject = Subject::new(BoardSpec::of_jumps(20, [snake]), Rules::default())?;
/// let via = plan::via(&subject, snake, &Control::default())?;
/// assert!(via.first.chance > 0.2 && via.times.unwrap() > via.first.chance);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`Error::dense_only`] past the dense engine's tables; a jump not on
/// the board or jumps that may be declined
/// ([`target::TargetError`]); a limit.
pub fn via(subject: &Subject, jump: Jump, ctl: &Control) -> Result<Via, Error> {
    let game = subject.dense_game(DenseWork::Target)?;
    target::via_with(game, jump, ctl).map_err(|e| match e {
        ViaError::Target(e) => e.into(),
        ViaError::Markov(e) => e.into(),
    })
}
