//! Several players race with a real die: the exact chance that each seat
//! wins.
//!
//! Players take turns in seat order, each with a pawn of their own; the first
//! to reach the last square wins. Pawns do not interact, so the race is
//! decided by each seat's own distribution of the turn on which it finishes:
//! seat `i` wins on its `t`-th turn exactly when it finishes then, every
//! seat before it needs more than `t` turns, and every seat after it more
//! than `t − 1`. Summing that over `t` costs `K² × T` for `K` seats and
//! distributions `T` turns long, with no joint state at all.
//!
//! A seat that starts on the last square has finished on "turn 0", before
//! anyone moves; the earliest such seat wins.
//!
//! The per-turn distributions come from [`markov::distribution_with`], which
//! stops when less than 10⁻¹² of the chance is still in play; what is left is
//! reported as [`Race::unresolved`].

use crate::game::{Game, Unit};
use crate::limits::{Control, Estimate, LimitError};
use crate::markov;
use crate::rules::Die;

/// The most seats a race may have.
pub const MAX_PLAYERS: usize = 16;

/// One seat's chance of finishing on each of its turns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seat<'a> {
    /// `pmf[t]`: the chance that the seat's pawn reaches the last square on
    /// its `t`-th turn (`pmf[0]`: it starts there).
    pub pmf: &'a [f64],
    /// The chance that it never does.
    pub never: f64,
}

impl Seat<'_> {
    /// `P(T > t)` for every `t` in `0..len`, with `T` the turn on which the
    /// seat finishes (never-finishing counts as later than all). Summed from
    /// the tail so that small tails keep their precision.
    fn survival(&self, len: usize) -> Vec<f64> {
        let total: f64 = self.pmf.iter().sum();
        let beyond = (1.0 - total).max(0.0);
        let mut s = vec![beyond; len];
        let mut acc = beyond;
        for t in (0..len).rev() {
            s[t] = acc;
            if t < self.pmf.len() {
                acc += self.pmf[t];
            }
        }
        s
    }
}

/// The outcome of a race.
#[derive(Debug, Clone, PartialEq)]
pub struct Race {
    /// `win[i]`: the chance that seat `i` (0 moves first) wins.
    pub win: Vec<f64>,
    /// The chance that no pawn ever reaches the last square.
    pub no_winner: f64,
    /// The expected number of rounds until a pawn finishes (a round is one
    /// turn of every seat; the round in which the winner finishes counts
    /// whole). `None` when that is unbounded: some chance that nobody ever
    /// finishes.
    pub expected_rounds: Option<f64>,
    /// The chance left unaccounted by the distributions' truncated tails:
    /// `1 − Σ win − no_winner`, a bound on the error of every number above.
    pub unresolved: f64,
}

/// A race that cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RaceError {
    /// No seats, or more than [`MAX_PLAYERS`].
    #[error("a race needs 1 to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    /// A number of players that is not the number of starting squares
    /// given (see [`seats`]).
    #[error("{players} players but {listed} starting squares; give one per player")]
    Seats {
        /// The players asked for.
        players: usize,
        /// The starting squares listed.
        listed: usize,
    },
    /// A starting position off the board.
    #[error(
        "seat {seat} cannot start on square {square}; positions are 0 (off the board) to {goal}"
    )]
    Position {
        /// The seat, from 1.
        seat: usize,
        /// The position asked for.
        square: u32,
        /// The last square.
        goal: u32,
    },
    /// A die for some seats but not all (see [`race_dice_with`]).
    #[error("{players} players but {listed} seat dice; give one die a seat, in seat order")]
    Dice {
        /// The players.
        players: usize,
        /// The dice listed.
        listed: usize,
    },
    /// The race was refused, stopped, or ran out of memory.
    #[error(transparent)]
    Limit(#[from] LimitError),
}

/// The memory and work of a race of `players` seats on `game`, from the
/// sizes alone: every seat may start apart, so one distribution each (see
/// [`markov::Measure::Distribution`]), then the sum over turns for every
/// pair of seats.
pub fn estimate(game: &Game, players: usize) -> Estimate {
    estimate_dice(game, players, &[])
}

/// [`estimate`] for the race of [`race_dice_with`], where seat `i` rolls
/// `dice[i]`: each seat's distribution is that of the game under its own
/// die, whose faces the tables and the work grow with. Empty `dice` is
/// [`estimate`]: every seat rolls the rules' die.
///
/// ```
/// use snl::{Board, Die, Game, Rules};
///
/// let game = Game::new(Board::empty(100)?, Rules::default())?;
/// let same = [Die::uniform(6)?, Die::uniform(6)?];
/// assert_eq!(snl::race::estimate_dice(&game, 2, &same), snl::race::estimate(&game, 2));
/// let big = [Die::uniform(6)?, Die::uniform(60)?];
/// assert!(snl::race::estimate_dice(&game, 2, &big).work > snl::race::estimate(&game, 2).work);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn estimate_dice(game: &Game, players: usize, dice: &[Die]) -> Estimate {
    let seats = players.max(1);
    let each = |own: Option<&Die>| match own {
        Some(own) => markov::estimate(&game.with_die(own.clone()), markov::Measure::Distribution),
        None => markov::estimate(game, markov::Measure::Distribution),
    };
    let distributions = if dice.is_empty() {
        each(None).repeat(seats as u64)
    } else {
        dice.iter()
            .map(|own| each(Some(own)))
            .fold(Estimate::default(), Estimate::then)
    };
    distributions.and(Estimate::from_f64(0.0, (seats * seats) as f64 * 1e6))
}

/// Why a race is not run on a board of `squares` squares, when it is
/// longer than the engine that keeps tables a square long holds
/// ([`crate::board::MAX_SQUARES`]); `None` when it is not.
///
/// A race is decided by each player's chance of having finished after
/// every turn, followed turn by turn. The sparse engine
/// gives the mean and variance of a game's length, not that distribution,
/// and on such a board a game lasts hundreds of millions of rolls or more.
/// An estimate of who wins from the moments alone (a normal approximation
/// of each player's length) would come with no bound on its error near the
/// ties that decide a race between players on one board, so it is refused
/// instead.
///
/// ```
/// assert_eq!(snl::race::too_long(1 << 30), None);
/// let refused = snl::race::too_long(1 << 40).unwrap().to_string();
/// assert!(refused.starts_with("a race, which follows"), "{refused}");
/// assert!(refused.ends_with("boards of up to 2^30 squares; this one has 1099511627776"));
/// ```
pub fn too_long(squares: u64) -> Option<crate::board::DenseOnly> {
    (squares > crate::board::MAX_SQUARES).then(|| crate::board::DenseOnly {
        what: "a race, which follows each player's chance of having finished turn by turn \
               (the sparse engine gives only the mean and variance of a game's \
               length, as `expect` prints them),"
            .to_string(),
        squares,
    })
}

/// How many seats a race has, as the front ends read what they are
/// asked: `players` when given; otherwise, when no starting squares are
/// given (`starts_given` false) but `dice` seat dice are (see
/// [`race_dice_with`]), one seat a die; otherwise not settled here
/// (`None`: [`seats`] makes it 2, or as many as its starts list).
///
/// ```
/// assert_eq!(snl::race::players(Some(3), false, 2), Some(3));
/// assert_eq!(snl::race::players(None, false, 4), Some(4));
/// assert_eq!(snl::race::players(None, true, 4), None);
/// assert_eq!(snl::race::players(None, false, 0), None);
/// ```
pub fn players(players: Option<usize>, starts_given: bool, dice: usize) -> Option<usize> {
    players.or((!starts_given && dice > 0).then_some(dice))
}

/// The starting square of each seat of a race, as the front ends read
/// what they are asked: `players` seats (as many as `dice` seat dice when
/// neither a count nor starts are given, see [`players`]; otherwise 2, or
/// as many as `from` lists), each on its square of `from`, or all on the
/// rules' start when `from` is empty.
///
/// # Errors
///
/// [`RaceError::Seats`] when `players` and `from` disagree;
/// [`RaceError::Players`] for no seats or more than [`MAX_PLAYERS`].
///
/// ```
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(20)?, Rules::default())?;
/// assert_eq!(snl::race::seats(&game, None, &[], 0)?, [1, 1]);
/// assert_eq!(snl::race::seats(&game, Some(3), &[], 0)?, [1, 1, 1]);
/// assert_eq!(snl::race::seats(&game, None, &[], 3)?, [1, 1, 1]);
/// assert_eq!(snl::race::seats(&game, None, &[1, 5], 0)?, [1, 5]);
/// assert!(snl::race::seats(&game, Some(3), &[1, 5], 0).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn seats(
    game: &Game,
    players: Option<usize>,
    from: &[u32],
    dice: usize,
) -> Result<Vec<u32>, RaceError> {
    let players = match (self::players(players, !from.is_empty(), dice), from.len()) {
        (Some(k), n) if n > 0 && k != n => {
            return Err(RaceError::Seats {
                players: k,
                listed: n,
            });
        }
        (Some(k), _) => k,
        (None, 0) => 2,
        (None, n) => n,
    };
    if players == 0 || players > MAX_PLAYERS {
        return Err(RaceError::Players(players));
    }
    Ok(if from.is_empty() {
        vec![game.start(); players]
    } else {
        from.to_vec()
    })
}

/// The race of `from.len()` players on `game`, seat `i` starting on
/// `from[i]` and seat 0 moving first.
///
/// # Errors
///
/// [`RaceError::Players`] for no seats or more than [`MAX_PLAYERS`];
/// [`RaceError::Position`] for a start beyond the last square.
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Rules};
///
/// // Two squares: whoever rolls the first 1 wins.
/// let game = Game::new(Board::empty(2)?, Rules::default())?;
/// let r = snl::race::race(&game, &[1, 1])?;
/// assert!((r.win[0] - 6.0 / 11.0).abs() < 1e-12);
/// assert!((r.win[1] - 5.0 / 11.0).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn race(game: &Game, from: &[u32]) -> Result<Race, RaceError> {
    race_with(game, from, &Control::default())
}

/// [`race`] under a [`Control`]. Each seat's distribution is followed for
/// at most the budget's work (see [`markov::distribution_with`]); what it
/// does not reach is in [`Race::unresolved`].
///
/// # Errors
///
/// As [`race`], and [`RaceError::Limit`] when refused, stopped, or out of
/// memory.
pub fn race_with(game: &Game, from: &[u32], ctl: &Control) -> Result<Race, RaceError> {
    let mut one = races_with(game, &[from], Vec::new(), ctl)?;
    Ok(one.remove(0))
}

/// Several races on one game, as [`race`] runs each: each starting square's
/// distribution is computed once for all of them (the studio shows races of
/// 2, 3 and 4 players from the start at once).
///
/// # Errors
///
/// As [`race`], for the first race that has one.
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(30)?, Rules::default())?;
/// let [two, three] = [&[1, 1][..], &[1, 1, 1][..]];
/// let both = snl::race::races(&game, &[two, three])?;
/// assert_eq!(both[0], snl::race::race(&game, two)?);
/// assert_eq!(both[1], snl::race::race(&game, three)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn races(game: &Game, races: &[&[u32]]) -> Result<Vec<Race>, RaceError> {
    races_with(game, races, Vec::new(), &Control::default())
}

/// [`races`] under a [`Control`], given distributions already computed:
/// `known` pairs a starting square with the distribution of the turns a
/// pawn from there takes ([`markov::distribution_with`] by turns). Without
/// the bonus-roll rule a turn is one roll, so the distribution of
/// [`markov::stats`] is the one for the game's start. The distributions it
/// computes are followed as [`markov::Follow::Usual`] does, and it stops
/// when the token is set.
///
/// # Errors
///
/// As [`race_with`], for the first race that has one.
///
/// # Examples
///
/// ```
/// use snl::limits::Control;
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(30)?, Rules::default())?;
/// let stats = snl::markov::stats(&game)?;
/// let known = vec![(game.start(), stats.distribution)];
/// let given = snl::race::races_with(&game, &[&[1, 1]], known, &Control::default())?;
/// assert_eq!(given[0], snl::race::race(&game, &[1, 1])?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn races_with(
    game: &Game,
    races: &[&[u32]],
    known: Vec<(u32, markov::Distribution)>,
    ctl: &Control,
) -> Result<Vec<Race>, RaceError> {
    let seated: Vec<Vec<(u32, usize)>> = races
        .iter()
        .map(|from| from.iter().map(|&p| (p, 0)).collect())
        .collect();
    let known = known.into_iter().map(|(p, d)| ((p, 0), d)).collect();
    run(&[game], &seated, known, ctl)
}

/// The race of `from.len()` players on `game` as [`race_with`] runs it,
/// where seat `i` rolls its own die `dice[i]` (its bonus roll, if the rules
/// give one, on that die's top value). Empty `dice` is [`race_with`]: every
/// seat rolls the rules' die.
///
/// # Errors
///
/// As [`race_with`], and [`RaceError::Dice`] when `dice` is neither empty
/// nor one die a seat.
///
/// # Examples
///
/// ```
/// use snl::limits::Control;
/// use snl::{Board, Die, Game, Rules};
///
/// // Two squares: the first 1 wins. A die of six faces shows it a sixth of
/// // the time, a die of two half: each round the first seat wins 1/6, the
/// // second 5/6 · 1/2, so 2/7 and 5/7 in all.
/// let game = Game::new(Board::empty(2)?, Rules::default())?;
/// let dice = [Die::uniform(6)?, Die::uniform(2)?];
/// let r = snl::race::race_dice_with(&game, &[1, 1], &dice, &Control::default())?;
/// assert!((r.win[0] - 2.0 / 7.0).abs() < 1e-12);
/// assert!((r.win[1] - 5.0 / 7.0).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn race_dice_with(
    game: &Game,
    from: &[u32],
    dice: &[Die],
    ctl: &Control,
) -> Result<Race, RaceError> {
    if dice.is_empty() {
        return race_with(game, from, ctl);
    }
    if dice.len() != from.len() {
        return Err(RaceError::Dice {
            players: from.len(),
            listed: dice.len(),
        });
    }
    // One game for each die, seats with the same die sharing it.
    let mut distinct: Vec<&Die> = Vec::new();
    let mut seats = Vec::with_capacity(from.len());
    for (&p, die) in from.iter().zip(dice) {
        let k = distinct.iter().position(|d| *d == die).unwrap_or_else(|| {
            distinct.push(die);
            distinct.len() - 1
        });
        seats.push((p, k));
    }
    let games: Vec<Game> = distinct
        .iter()
        .map(|&die| game.with_die(die.clone()))
        .collect();
    let games: Vec<&Game> = games.iter().collect();
    let mut one = run(&games, &[seats], Vec::new(), ctl)?;
    Ok(one.remove(0))
}

/// The races of `races`, each seat a starting square and the index in
/// `games` of the game it plays (all on one board, with different dice),
/// with the distributions of `known` already computed.
fn run(
    games: &[&Game],
    races: &[Vec<(u32, usize)>],
    mut known: Vec<((u32, usize), markov::Distribution)>,
    ctl: &Control,
) -> Result<Vec<Race>, RaceError> {
    let goal = games[0].goal();
    for from in races {
        if from.is_empty() || from.len() > MAX_PLAYERS {
            return Err(RaceError::Players(from.len()));
        }
        if let Some((i, &(square, _))) = from.iter().enumerate().find(|&(_, &(p, _))| p > goal) {
            return Err(RaceError::Position {
                seat: i + 1,
                square,
                goal,
            });
        }
    }
    // Seats on one square with one die share a distribution, across all
    // the races.
    let turns = markov::LengthOptions::of(Unit::Turns);
    for &seat in races.iter().flatten() {
        if !known.iter().any(|(q, _)| *q == seat) {
            let (p, g) = seat;
            let d = markov::distribution_with(games[g], p, &turns, ctl)?;
            known.push((seat, d));
        }
    }
    ctl.cancel.check()?;
    races
        .iter()
        .map(|from| {
            let players = from.len();
            // With bonus rolls and a die that shows one value, every roll
            // earns another: the turn of the first such seat lasts until it
            // finishes, or for ever, and no one after it ever moves (nor
            // anyone before it again). The race is then decided in the
            // first round by the seats up to it. (A seat that starts on the
            // last square has won before that.)
            let endless = (!from.iter().any(|&(p, _)| p == goal))
                .then(|| {
                    from.iter()
                        .position(|&(_, g)| games[g].rules().every_roll_rolls_again())
                })
                .flatten();
            let from = endless.map_or(&from[..], |j| &from[..=j]);
            let seats: Vec<Seat<'_>> = from
                .iter()
                .map(|seat| {
                    let (_, d) = known
                        .iter()
                        .find(|(q, _)| q == seat)
                        .expect("computed above");
                    match endless {
                        Some(_) => {
                            let pmf = &d.pmf[..d.pmf.len().min(2)];
                            Seat {
                                pmf,
                                never: 1.0 - pmf.iter().sum::<f64>(),
                            }
                        }
                        None => Seat {
                            pmf: &d.pmf,
                            never: d.never,
                        },
                    }
                })
                .collect();
            let mut race = outcome(&seats)?;
            race.win.resize(players, 0.0);
            Ok(race)
        })
        .collect()
}

/// The race between `seats`, in turn order.
///
/// # Errors
///
/// [`RaceError::Players`] for no seats or more than [`MAX_PLAYERS`].
///
/// # Examples
///
/// ```
/// use snl::race::{self, Seat};
///
/// // Each finishes on any turn with chance 1/2: the first seat wins on
/// // turn t with chance (1/4)^(t-1) / 2, 2/3 in all.
/// let pmf: Vec<f64> = (0..60).map(|t| if t == 0 { 0.0 } else { 0.5f64.powi(t) }).collect();
/// let seat = Seat { pmf: &pmf, never: 0.0 };
/// let r = race::outcome(&[seat, seat])?;
/// assert!((r.win[0] - 2.0 / 3.0).abs() < 1e-12);
/// assert!((r.expected_rounds.unwrap() - 4.0 / 3.0).abs() < 1e-12);
/// # Ok::<(), snl::race::RaceError>(())
/// ```
pub fn outcome(seats: &[Seat<'_>]) -> Result<Race, RaceError> {
    let k = seats.len();
    if k == 0 || k > MAX_PLAYERS {
        return Err(RaceError::Players(k));
    }
    let len = seats.iter().map(|s| s.pmf.len()).max().unwrap_or(0).max(1);
    let survival: Vec<Vec<f64>> = seats.iter().map(|s| s.survival(len)).collect();
    let mut win = vec![0.0; k];
    for (i, seat) in seats.iter().enumerate() {
        for (t, &p) in seat.pmf.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let mut w = p;
            for (j, s) in survival.iter().enumerate() {
                if j < i {
                    w *= s[t];
                } else if j > i && t > 0 {
                    w *= s[t - 1];
                }
            }
            win[i] += w;
        }
    }
    let no_winner: f64 = seats.iter().map(|s| s.never).product();
    // E[R] = Σ_t P(R > t) with R = min over seats of the finishing turn.
    let expected_rounds = (no_winner == 0.0).then(|| {
        (0..len)
            .map(|t| survival.iter().map(|s| s[t]).product::<f64>())
            .sum()
    });
    let unresolved = (1.0 - win.iter().sum::<f64>() - no_winner).max(0.0);
    Ok(Race {
        win,
        no_winner,
        expected_rounds,
        unresolved,
    })
}

/// The most rounds a [`RaceSummary`] follows; by then nearly every race on
/// a playable board is over.
pub const SUMMARY_ROUNDS: usize = 1000;

/// A race of several pawns from the game's start, with each seat's chance of
/// having won by the end of each round: what a plot of the race shows.
#[derive(Debug, Clone, PartialEq)]
pub struct RaceSummary {
    /// Each seat, in turn order.
    pub seats: Vec<SeatCurve>,
    /// The chance that nobody ever wins.
    pub no_winner: f64,
    /// The expected number of rounds, when the race always ends; a lower
    /// bound while `unresolved` is above zero.
    pub expected_rounds: Option<f64>,
    /// The chance the turn distribution did not reach (followed until the
    /// budget's work ran out, or stopped): a bound on the error of every
    /// chance above, as [`Race::unresolved`].
    pub unresolved: f64,
}

/// One seat of a [`RaceSummary`].
#[derive(Debug, Clone, PartialEq)]
pub struct SeatCurve {
    /// `by_round[r]`: the chance this seat has won by the end of round `r`
    /// (index 0 is before anyone moves), for at most [`SUMMARY_ROUNDS`]
    /// rounds.
    pub by_round: Vec<f64>,
    /// The chance this seat wins at all.
    pub win: f64,
}

impl RaceSummary {
    /// A race of `players` pawns from the game's start, taking turns in
    /// seat order, by [`outcome`] on each seat's distribution of the turn
    /// it finishes on. The chance that a seat has won by round `r` is the
    /// same race with every distribution cut after turn `r`: a race decided
    /// by then is decided by the first `r` turns alone.
    ///
    /// # Errors
    ///
    /// [`RaceError::Players`] for no players or more than [`MAX_PLAYERS`].
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::race::RaceSummary;
    /// use snl::{Board, Game, Rules};
    ///
    /// let game = Game::new(Board::empty(2)?, Rules::default())?;
    /// let two = RaceSummary::compute(&game, 2)?;
    /// // Each turn finishes with chance 1/6: the first seat wins 6/11.
    /// assert!((two.seats[0].win - 6.0 / 11.0).abs() < 1e-9);
    /// assert!((two.seats[0].by_round[1] - 1.0 / 6.0).abs() < 1e-12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compute(game: &Game, players: usize) -> Result<RaceSummary, RaceError> {
        RaceSummary::compute_with(game, players, &Control::default())
    }

    /// [`RaceSummary::compute`] under a [`Control`]: the turn distribution
    /// is followed as [`markov::distribution_with`] does (at most the
    /// budget's work, stopped by the token, with the rest in the race's
    /// `unresolved` chance).
    ///
    /// # Errors
    ///
    /// As [`RaceSummary::compute`], and [`RaceError::Limit`] when the
    /// chain's tables do not fit the budget or cannot be allocated.
    pub fn compute_with(
        game: &Game,
        players: usize,
        ctl: &Control,
    ) -> Result<RaceSummary, RaceError> {
        if players == 0 || players > MAX_PLAYERS {
            return Err(RaceError::Players(players));
        }
        let dist = markov::distribution_with(
            game,
            game.start(),
            &markov::LengthOptions::of(Unit::Turns),
            ctl,
        )?;
        let seat = Seat {
            pmf: &dist.pmf,
            never: dist.never,
        };
        let whole = outcome(&vec![seat; players])?;
        let rounds = dist.pmf.len().min(SUMMARY_ROUNDS);
        let mut by_round = vec![Vec::with_capacity(rounds); players];
        for r in 0..rounds {
            let cut = Seat {
                pmf: &dist.pmf[..=r],
                never: 0.0,
            };
            let so_far = outcome(&vec![cut; players])?;
            for (curve, w) in by_round.iter_mut().zip(so_far.win) {
                curve.push(w);
            }
        }
        Ok(RaceSummary {
            seats: by_round
                .into_iter()
                .zip(&whole.win)
                .map(|(by_round, &win)| SeatCurve { by_round, win })
                .collect(),
            no_winner: whole.no_winner,
            expected_rounds: whole.expected_rounds,
            unresolved: whole.unresolved,
        })
    }
}

#[cfg(test)]
// The values compared are sums of powers of two, exact in binary.
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;

    #[test]
    fn one_seat_wins_unless_it_never_finishes() {
        let pmf = [0.0, 0.25, 0.25];
        let r = outcome(&[Seat {
            pmf: &pmf,
            never: 0.5,
        }])
        .unwrap();
        assert_eq!(r.win, vec![0.5]);
        assert_eq!(r.no_winner, 0.5);
        assert_eq!(r.expected_rounds, None);
        assert_eq!(r.unresolved, 0.0);
    }

    #[test]
    fn sure_finishes_go_to_the_earliest_seat() {
        // Both finish on turn 2 for certain: the first seat gets there first.
        let two = [0.0, 0.0, 1.0];
        let one = [0.0, 1.0];
        let s2 = Seat {
            pmf: &two,
            never: 0.0,
        };
        let s1 = Seat {
            pmf: &one,
            never: 0.0,
        };
        let r = outcome(&[s2, s2, s1]).unwrap();
        assert_eq!(r.win, vec![0.0, 0.0, 1.0]);
        assert_eq!(r.expected_rounds, Some(1.0));
        let r = outcome(&[s1, s2, s1]).unwrap();
        assert_eq!(r.win, vec![1.0, 0.0, 0.0]);
    }

    #[test]
    fn a_seat_on_the_goal_has_won() {
        let done = [1.0];
        let later = [0.0, 1.0];
        let r = outcome(&[
            Seat {
                pmf: &later,
                never: 0.0,
            },
            Seat {
                pmf: &done,
                never: 0.0,
            },
        ])
        .unwrap();
        assert_eq!(r.win, vec![0.0, 1.0]);
        assert_eq!(r.expected_rounds, Some(0.0));
    }

    #[test]
    fn seat_counts() {
        let pmf = [0.0, 1.0];
        let s = Seat {
            pmf: &pmf,
            never: 0.0,
        };
        assert_eq!(outcome(&[]), Err(RaceError::Players(0)));
        assert_eq!(outcome(&[s; 17]), Err(RaceError::Players(17)));
        let r = outcome(&[s; 16]).unwrap();
        assert_eq!(r.win[0], 1.0);
    }
}
