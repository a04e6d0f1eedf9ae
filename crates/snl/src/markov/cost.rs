//! What each Markov analysis will cost, from the sizes of the chain alone:
//! the estimates the analyses check before their costly part, next to the
//! tables they describe.
//!
//! A chain has a state a position and bonus streak, a move a state and face
//! of the die. Every analysis holds the chain (or, without the bonus rule,
//! works its moves out as it goes); the solves add the elimination's
//! tables, the distribution its vectors of chances. Where the cost depends
//! on the board's shape as well as its size (how many snakes are open at
//! once, how far the exact fractions grow) the estimate here is the part
//! that can be known in advance, and the analysis refines it once it has
//! the solver's plan.

use crate::game::Game;
use crate::limits::{Estimate, LimitError, saturate};

/// The work, in state updates of about a nanosecond each, that the
/// distribution of the length is followed for by default: about a second.
/// Enough for boards of tens of thousands of squares; on boards of
/// millions, games last hundreds of thousands of rolls and most of the
/// distribution is left unresolved.
pub const FOLLOW_WORK: u64 = 500_000_000;

/// The work each step of the propagation counts beyond the state updates
/// it makes. A step adds an entry to
/// [`Distribution::pmf`](super::Distribution::pmf), so this bounds the
/// distribution's length, and its memory, by the work allowed (to under
/// 500,000 steps at [`FOLLOW_WORK`]) even where the chance in play sits on
/// a square or two and drains for billions of steps.
pub const STEP_WORK: u64 = 1024;

/// The work of following the distribution for `rolls` rolls over a chain
/// of `states` states and `faces` faces, as
/// [`distribution_cost`](super::distribution_cost) counts it for
/// [`Follow::IfItFits`](super::Follow::IfItFits): every state in play each
/// roll, as [`landing_work`] counts a roll where the chance is gathered by
/// landing square (`by_landing`, a chain without the bonus rule), else
/// each state's faces and the scan of its range.
pub(crate) fn follow_work(states: f64, faces: f64, rolls: f64, by_landing: bool) -> f64 {
    if by_landing {
        rolls * states * (faces + 8.0) / 16.0
    } else {
        rolls * states * (faces + 0.125)
    }
}

/// The work of one roll gathered by landing square over `squares` squares
/// with a die of `faces` faces: `(faces + 8) / 16` a square. The squares
/// are summed several at a time, each sum in a register, so a face costs
/// far less than the roll by roll propagation's state update (one state's
/// chance along one face), which was counted here before and over-counted
/// a roll five to eight times. `cargo run --release -p snl --example
/// follow_cost` on boards of 3,000 and 30,000 squares (2 December, a noisy
/// machine): 0.8 ns a square a roll with two faces, 0.8 to 1.2 with six,
/// 0.8 to 1.5 with eight, 1.5 to 2.5 with twelve (summed by blocks), 1.0 to
/// 2.9 ns a unit so counted, against 1.9 ns a unit roll by roll with bonus
/// rolls on the same machine.
pub(crate) fn landing_work(squares: usize, faces: usize) -> u64 {
    (squares as u64).saturating_mul(faces as u64 + 8) / 16
}

/// Which Markov analysis an [`estimate`] is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Measure {
    /// The mean (and chance of never finishing) alone
    /// ([`expected_rolls`](super::expected_rolls)).
    Mean,
    /// Mean, variance and the whole distribution ([`stats`](super::stats)).
    Stats,
    /// The distribution of the game length alone
    /// ([`distribution()`](super::distribution())).
    Distribution,
    /// The mean as an exact fraction ([`exact_mean`](super::exact_mean)).
    ExactMean,
    /// Expected landings on every square ([`visits()`](super::visits())).
    Visits,
    /// The mean without each jump ([`impact()`](super::impact())).
    Impact,
}

/// The memory and work `measure` of `game` will take, from the sizes alone
/// (no table is built).
///
/// The mean's linear solve depends on how many snakes are open at once and
/// the exact mean on the digits of its fractions: the analyses refine these
/// from the solver's plan before they start. The distribution follows the
/// chance until it is known to a tolerance and is capped by the work
/// allowed, not refused: its estimate is its cap, [`FOLLOW_WORK`].
///
/// ```
/// use snl::markov::{self, Measure};
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(1000)?, Rules::default())?;
/// let mean = markov::estimate(&game, Measure::Mean);
/// assert!(markov::estimate(&game, Measure::Impact).work >= mean.work);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn estimate(game: &Game, measure: Measure) -> Estimate {
    let z = Sizes::of(game);
    let (n, s, f) = (z.n, z.states, z.faces);
    match measure {
        Measure::Mean if game.rules().bonus.is_none() => z.walk(),
        Measure::Mean | Measure::ExactMean => z.chain().and(z.solve_tables()),
        Measure::Stats => z
            .chain()
            .and(z.solve_tables())
            .then(z.chain().and(z.distribution_tables())),
        Measure::Distribution => z.chain().and(z.distribution_tables()),
        Measure::Visits => z
            .chain()
            .and(z.solve_tables())
            .and(Estimate::from_f64(n * 16.0, s * f * 4.0)),
        Measure::Impact => z.chain().and(z.solve_tables()).repeat(z.jumps as u64 + 1),
    }
}

/// The sizes every estimate is made from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sizes {
    /// Positions, `0..=goal`.
    pub n: f64,
    /// Chain states: positions times streaks.
    pub states: f64,
    /// Faces of the die with a weight above zero.
    pub faces: f64,
    /// Jumps on the board.
    pub jumps: f64,
}

impl Sizes {
    pub fn of(game: &Game) -> Sizes {
        let n = game.positions() as f64;
        Sizes {
            n,
            states: n * f64::from(game.streaks()),
            faces: game.rules().die.values().count() as f64,
            jumps: game.board().jump_count() as f64,
        }
    }

    /// The chain of the game and what is built around it (targets,
    /// predecessors, flags): every Markov analysis holds these.
    pub fn chain(&self) -> Estimate {
        let (s, f) = (self.states, self.faces);
        // Targets (4 bytes a face), predecessors (4 + 2 bytes a face, 4 a
        // state), three flags a state; building it plays every face.
        Estimate::from_f64(s * (10.0 * f + 8.0), s * f * 4.0)
    }

    /// The chain of a game without the bonus rule, its moves worked out as
    /// they are needed (no table of moves), and the solver's plan: two
    /// flags a state, then the plan's lowest rows, flags and counts (14
    /// bytes a state at most); every move is played about three times
    /// before the solve (the sweeps for the live states and the plan). The
    /// solve itself is refined from the plan.
    pub fn walk(&self) -> Estimate {
        Estimate::from_f64(self.states * 14.0, self.states * self.faces * 4.0)
    }

    /// The frontal elimination's own tables before its plan is known: the
    /// plan (four numbers a state), the constants and their places, the
    /// solution.
    pub fn solve_tables(&self) -> Estimate {
        Estimate::from_f64(self.states * 48.0, self.states * self.faces * 2.0)
    }

    /// The distribution's three vectors of chances, and its cap.
    pub fn distribution_tables(&self) -> Estimate {
        // Beside the vectors of chances, the distribution itself: a step
        // costs at least `STEP_WORK`, and its vector at most doubles past
        // its length.
        let steps = FOLLOW_WORK / STEP_WORK + 2;
        Estimate::new(
            saturate(self.states * 25.0).saturating_add(16 * steps),
            FOLLOW_WORK,
        )
    }
}

/// Refuses a chain whose states or moves the chain's 32-bit indices cannot
/// number (a bonus limit in the millions on a long board, say).
pub(crate) fn chain_fits(game: &Game) -> Result<(), LimitError> {
    let states = game.positions() as u64 * u64::from(game.streaks());
    let moves = states.saturating_mul(game.rules().die.values().count() as u64);
    let max = u64::from(u32::MAX - 1);
    if states > max {
        return Err(LimitError::Size {
            what: "the chain of positions and bonus streaks",
            size: states,
            max,
        });
    }
    if moves > max {
        return Err(LimitError::Moves {
            moves,
            faces: game.rules().die.values().count() as u64,
            states,
            streaks: u64::from(game.streaks()),
            squares: u64::from(game.board().squares()),
            max,
        });
    }
    Ok(())
}

/// The chance on one state below which it is no longer carried forward but
/// counted as unresolved. Each state carried feeds at most one state per
/// face, and the faces carried are at most the work allowed (5·10⁸ as
/// [`Follow::Usual`] follows it), so all that is ever dropped stays below
/// 5·10⁻¹⁷, far under the [`TAIL`] of 10⁻¹². Yet on long boards most states hold far less
/// than this (the chance of running ahead of the field is like 6⁻ᵗ), and
/// skipping them makes the propagation several times faster.
pub(crate) const DROP: f64 = 1e-25;

/// The propagation drops the chances below [`DROP`], and sums the chance in
/// play to see whether to stop, every this many steps: each is a pass over
/// the states in play, and together they were a seventh of the studio's
/// analysis of a board of 450 long jumps. A chance too small to carry is
/// then carried a few steps more, and the propagation may go a few steps
/// past the tail.
pub(crate) const SWEEP_EVERY: usize = 8;
