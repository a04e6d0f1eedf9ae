//! Random boards from a seed, with constraints: test cases for solutions of
//! the puzzle, exercises, benchmark boards.
//!
//! The same seed gives the same boards on every machine: the only source of
//! randomness is [`SplitMix64`], driven by integer arithmetic alone (chances
//! are exact fractions, never floating point), and board `i` of a seed has a
//! stream of its own, so it does not depend on how many boards come before it
//! or on which thread draws it.
//!
//! A [`Spec`] says what boards to draw: the size ([`Size`]), how many ladders
//! and snakes ([`Amount`]), how long a jump may be, and the [`Constraints`]
//! each board must meet under the spec's rules (solvable or not, a trap for a
//! pawn with a real die, jumps that end on other jumps, a range of fewest
//! rolls). [`Spec::generate`] draws boards until one meets them.
//!
//! ```
//! use snl::random::{Amount, Constraints, Size, Spec, Span};
//!
//! let spec = Spec {
//!     size: Size::Grid(Span::new(4, 6)?),
//!     amount: Amount::Each { ladders: Span::exactly(2), snakes: Span::exactly(3) },
//!     want: Constraints { solvable: Some(true), chains: Some(true), ..Constraints::default() },
//!     ..Spec::default()
//! };
//! let case = spec.generate(7, 0)?;
//! assert_eq!(case.board.ladders().count(), 2);
//! assert_eq!(case.board.snakes().count(), 3);
//! assert!(case.min_rolls.is_some());
//! // The same seed and index give the same board, everywhere.
//! assert_eq!(spec.generate(7, 0)?.board, case.board);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod span;
mod stated;

use crate::board::{Board, Jump, MAX_SQUARES};
use crate::game::Game;
use crate::limits::{Control, Estimate, LimitError};
use crate::rng::SplitMix64;
use crate::rules::Rules;
use crate::{markov, shortest};

pub use span::{GenError, Ratio, Span};
pub use stated::Stated;

/// How big a board is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Size {
    /// A number of squares drawn from the range.
    Squares(Span),
    /// An n×n grid (n² squares, LeetCode 909's form), n drawn from the range.
    Grid(Span),
}

impl Default for Size {
    /// 100 squares: the classic 10×10 board.
    fn default() -> Size {
        Size::Squares(Span::exactly(100))
    }
}

/// How many ladders and snakes a board has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Amount {
    /// Each square that may start a jump does so with this chance; each jump
    /// is a ladder or a snake with even odds (the other kind where the first
    /// does not fit, near the ends of the board).
    Density(Ratio),
    /// This many jumps, each a ladder or a snake with even odds.
    Jumps(Span),
    /// This many ladders and this many snakes.
    Each {
        /// The number of ladders.
        ladders: Span,
        /// The number of snakes.
        snakes: Span,
    },
}

impl Default for Amount {
    /// One square in ten starts a jump.
    fn default() -> Amount {
        Amount::Density(Ratio { num: 1, den: 10 })
    }
}

/// What every board must be like, under the spec's rules. `None` leaves a
/// property free.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Constraints {
    /// Whether the last square can be reached when every roll is chosen.
    pub solvable: Option<bool>,
    /// Whether a pawn with a real die can get stuck: reach a square from
    /// which no sequence of rolls leads to the last square.
    pub trap: Option<bool>,
    /// Whether some jump ends on the start of another.
    pub chains: Option<bool>,
    /// The range the fewest rolls must lie in (implies a solvable board).
    pub min_rolls: Option<Span>,
    /// No circle of jumps (a ladder up to a snake back down to the ladder),
    /// so that the board can also be played with chaining on. Boards whose
    /// rules chain never have one.
    pub acyclic: bool,
    /// On an n×n board, the first square of the top row (the top corner that
    /// is not the last square) starts no jump. Then every
    /// [`GridReading`](crate::input::GridReading) of the board's grid puts a
    /// plain square on the corner it takes for the last square, and reads a
    /// playable board.
    pub plain_top_corners: bool,
}

/// What boards to draw: size, jumps, rules and constraints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// The board size.
    pub size: Size,
    /// How many ladders and snakes.
    pub amount: Amount,
    /// How many squares a jump spans, from its start to its end. A jump is
    /// never longer than the board allows.
    pub length: Span,
    /// Whether square 1 may start a jump. LeetCode 909 and most exercises
    /// promise it does not; a pawn starting on square 1 does not take it, so
    /// such a jump tells apart programs that do.
    pub start_jump: bool,
    /// The rules the constraints and the answers hold under.
    pub rules: Rules,
    /// What every board must be like.
    pub want: Constraints,
    /// How many boards to draw for one case before giving up on the
    /// constraints.
    pub tries: u32,
}

/// The tries [`Spec::generate`] makes for one board by default.
pub const DEFAULT_TRIES: u32 = 20_000;

impl Default for Spec {
    /// 100 squares, one in ten starting a jump of any length, square 1 free
    /// to start one, the default rules, no constraints.
    fn default() -> Spec {
        Spec {
            size: Size::default(),
            amount: Amount::default(),
            length: Span::at_least(1),
            start_jump: true,
            rules: Rules::default(),
            want: Constraints::default(),
            tries: DEFAULT_TRIES,
        }
    }
}

/// A board drawn by [`Spec::generate`], with what was learned about it.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The board.
    pub board: Board,
    /// The board under the spec's rules.
    pub game: Game,
    /// The fewest rolls under the spec's rules (`None`: unreachable).
    pub min_rolls: Option<u32>,
    /// The boards drawn to find this one (1 when the first met the
    /// constraints).
    pub tries: u32,
}

impl Spec {
    /// Board `index` of `seed`: boards are drawn from the item's own stream
    /// until one meets the constraints.
    ///
    /// # Errors
    ///
    /// [`GenError::TooManyJumps`] when the jumps asked for cannot fit,
    /// [`GenError::NoBoard`] when no board met the constraints within
    /// [`Spec::tries`] boards, [`GenError::Size`] for a size no board may
    /// have.
    pub fn generate(&self, seed: u64, index: u64) -> Result<Generated, GenError> {
        self.generate_with(seed, index, &Control::default())
    }

    /// [`Spec::generate`] under a [`Control`]: the searches that judge each
    /// board are refused when over the budget, and stopped when the token
    /// is set.
    ///
    /// # Errors
    ///
    /// As [`Spec::generate`], and [`GenError::Limit`].
    pub fn generate_with(
        &self,
        seed: u64,
        index: u64,
        ctl: &Control,
    ) -> Result<Generated, GenError> {
        ctl.admit("drawing the board", self.estimate())?;
        let mut rng = SplitMix64::stream(seed, index);
        let mut turned_away = [0u32; REASONS.len()];
        for tries in 1..=self.tries.max(1) {
            ctl.cancel.check()?;
            let board = self.draw(&mut rng)?;
            match self.judge(board, ctl)? {
                Ok(mut found) => {
                    found.tries = tries;
                    return Ok(found);
                }
                Err(why) => turned_away[why as usize] += 1,
            }
        }
        let failed = REASONS
            .iter()
            .zip(turned_away)
            .filter(|(_, n)| *n > 0)
            .map(|(reason, n)| format!("{n} {reason}"))
            .collect::<Vec<_>>()
            .join(", ");
        Err(GenError::NoBoard {
            tries: self.tries.max(1),
            failed,
        })
    }

    /// The most squares and jumps a board of this spec has.
    pub fn largest(&self) -> (u64, u64) {
        let squares = match self.size {
            Size::Squares(span) => u64::from(span.hi),
            Size::Grid(span) => u64::from(span.hi) * u64::from(span.hi),
        }
        .min(MAX_SQUARES);
        let jumps = match self.amount {
            // A wall of snakes as wide as the die's largest roll, besides.
            Amount::Density(p) => {
                (u128::from(squares) * u128::from(p.num()) / u128::from(p.den())) as u64
                    + u64::from(self.rules.die.max())
            }
            Amount::Jumps(span) => u64::from(span.hi),
            Amount::Each { ladders, snakes } => u64::from(ladders.hi) + u64::from(snakes.hi),
        };
        (squares, jumps.min(squares))
    }

    /// The memory of drawing one board of this spec at its largest and
    /// building its game, before the searches that judge it
    /// (which are estimated and refused on their own): what
    /// [`Spec::generate_with`] checks against the budget before it draws.
    /// A board of 2^30 squares, one in ten starting a jump, takes about
    /// 5 GB.
    ///
    /// ```
    /// use snl::random::{Size, Span, Spec};
    ///
    /// let largest = Spec { size: Size::Squares(Span::exactly(1 << 30)), ..Spec::default() };
    /// assert!(largest.estimate().memory > 4_000_000_000);
    /// assert!(Spec::default().estimate().memory < 100_000);
    /// ```
    pub fn estimate(&self) -> Estimate {
        let (s, j) = self.largest();
        let (s, j) = (s as f64, j as f64);
        // Scattered jumps are gathered in a vector that grows by doubling;
        // jumps placed by count pick their squares from a list of the free
        // ones, with a flag a square.
        let drawing = match self.amount {
            Amount::Density(_) => 16.0 * j,
            _ => 5.0 * s + 8.0 * j,
        };
        // The jumps handed to the board, the board and its copy in the
        // game, and the game's own map: a few bits a square and four bytes
        // a jump, each.
        let built = 8.0 * j + 3.0 * (0.25 * s + 4.0 * j);
        // Its work is a pass over the squares, bounded by its memory: a few
        // seconds at the largest. Only the memory is weighed.
        Estimate::from_f64(drawing + built, 0.0)
    }

    /// One board of this spec's size and jumps, without looking at the
    /// constraints: the board [`Spec::generate`] tries first.
    ///
    /// # Errors
    ///
    /// [`GenError::Size`] and [`GenError::TooManyJumps`], as
    /// [`Spec::generate`].
    pub fn draw(&self, rng: &mut SplitMix64) -> Result<Board, GenError> {
        let squares = match self.size {
            Size::Squares(span) => rng.within(span),
            Size::Grid(span) => {
                let n = rng.within(span);
                let squares = u64::from(n) * u64::from(n);
                if n == 0 || squares > MAX_SQUARES {
                    return Err(GenError::Size(squares));
                }
                squares as u32
            }
        };
        if squares == 0 || u64::from(squares) > MAX_SQUARES {
            return Err(GenError::Size(u64::from(squares)));
        }
        let barred = self.barred(squares);
        let jumps = match self.amount {
            Amount::Density(p) => {
                let mut jumps = self.scatter(squares, p, &barred, rng);
                // Random boards almost never block every roll; boards that
                // must be unsolvable (always) or have a trap (half the time)
                // get a wall of snakes, which makes either likely.
                let wall = match (self.want.solvable, self.want.trap) {
                    (Some(false), _) => true,
                    (_, Some(true)) => rng.below(2) == 0,
                    _ => false,
                };
                if wall {
                    self.plant_wall(squares, &mut jumps, &barred, rng);
                }
                jumps
            }
            Amount::Jumps(span) => {
                let count = rng.within(span);
                let ladders = (0..count).filter(|_| rng.below(2) == 0).count() as u32;
                self.place(squares, ladders, count - ladders, &barred, rng)?
            }
            Amount::Each { ladders, snakes } => {
                let ladders = rng.within(ladders);
                let snakes = rng.within(snakes);
                self.place(squares, ladders, snakes, &barred, rng)?
            }
        };
        Ok(Board::new(squares, jumps).expect("drawn jumps stay on the board, one per square"))
    }

    /// Squares that may not start a jump, besides the last.
    fn barred(&self, squares: u32) -> Vec<u32> {
        let mut barred = Vec::new();
        if !self.start_jump {
            barred.push(1);
        }
        let side = squares.isqrt();
        if self.want.plain_top_corners && side * side == squares && side > 1 {
            barred.push(squares - side + 1);
        }
        barred
    }

    /// The ends a jump of each kind from `from` may have: `(lo, hi)` of the
    /// ladder's end and of the snake's, each `None` when no such jump fits.
    fn ends(&self, squares: u32, from: u32) -> (Option<Span>, Option<Span>) {
        let (lo, hi) = (self.length.lo.max(1), self.length.hi);
        let up = Span::new(
            from.saturating_add(lo),
            from.saturating_add(hi).min(squares),
        );
        let down = Span::new(from.saturating_sub(hi).max(1), from.saturating_sub(lo));
        (up.ok(), down.ok().filter(|_| lo < from))
    }

    /// Every square that may start a jump starts one with chance `p`.
    fn scatter(&self, squares: u32, p: Ratio, barred: &[u32], rng: &mut SplitMix64) -> Vec<Jump> {
        let mut jumps = Vec::new();
        for from in 1..squares {
            if barred.contains(&from) || !rng.chance(p) {
                continue;
            }
            let ladder_first = rng.below(2) == 0;
            let (up, down) = self.ends(squares, from);
            let (first, second) = if ladder_first { (up, down) } else { (down, up) };
            if let Some(ends) = first.or(second) {
                jumps.push(Jump {
                    from,
                    to: rng.within(ends),
                });
            }
        }
        jumps
    }

    /// Replaces the jumps on a run of squares as long as the die's largest
    /// roll with snakes that lead back before the run, when the board and
    /// the allowed lengths leave room for one: no roll can then pass the run
    /// except from a ladder that leaps it.
    fn plant_wall(
        &self,
        squares: u32,
        jumps: &mut Vec<Jump>,
        barred: &[u32],
        rng: &mut SplitMix64,
    ) {
        let width = self.rules.die.max();
        if squares < width.saturating_add(2) {
            return;
        }
        let first = rng.within(Span {
            lo: 2,
            hi: squares - width,
        });
        let wall: Vec<u32> = (first..first + width).collect();
        if wall.iter().any(|s| barred.contains(s)) {
            return;
        }
        let ends: Option<Vec<Span>> = wall
            .iter()
            .map(|&s| {
                let lo = s.saturating_sub(self.length.hi).max(1);
                let hi = (first - 1).min(s.saturating_sub(self.length.lo.max(1)));
                Span::new(lo, hi).ok()
            })
            .collect();
        let Some(ends) = ends else {
            return;
        };
        jumps.retain(|j| !wall.contains(&j.from));
        for (&from, &end) in wall.iter().zip(&ends) {
            jumps.push(Jump {
                from,
                to: rng.within(end),
            });
        }
    }

    /// Exactly `ladders` ladders and `snakes` snakes, on distinct squares
    /// drawn evenly among those where each fits.
    fn place(
        &self,
        squares: u32,
        ladders: u32,
        snakes: u32,
        barred: &[u32],
        rng: &mut SplitMix64,
    ) -> Result<Vec<Jump>, GenError> {
        let too_many = || GenError::TooManyJumps {
            wanted: format!(
                "{} and {}",
                crate::words::plural(u64::from(ladders), "ladder", "ladders"),
                crate::words::plural(u64::from(snakes), "snake", "snakes")
            ),
            squares,
            length: self.length,
        };
        let mut taken = vec![false; squares as usize + 1];
        let mut jumps = Vec::with_capacity((ladders + snakes) as usize);
        // Ladders first, then snakes: each from the squares still free where
        // it fits.
        for (count, ladder) in [(ladders, true), (snakes, false)] {
            if count == 0 {
                continue;
            }
            let mut free: Vec<u32> = (1..squares)
                .filter(|&s| !taken[s as usize] && !barred.contains(&s))
                .filter(|&s| {
                    let (up, down) = self.ends(squares, s);
                    if ladder { up.is_some() } else { down.is_some() }
                })
                .collect();
            if free.len() < count as usize {
                return Err(too_many());
            }
            for i in 0..count as usize {
                let j = i + rng.below((free.len() - i) as u64) as usize;
                free.swap(i, j);
                let from = free[i];
                taken[from as usize] = true;
                let (up, down) = self.ends(squares, from);
                let ends = if ladder { up } else { down }.expect("filtered to fit");
                jumps.push(Jump {
                    from,
                    to: rng.within(ends),
                });
            }
        }
        Ok(jumps)
    }

    /// The board with its answers, or the first constraint it breaks.
    fn judge(&self, board: Board, ctl: &Control) -> Result<Result<Generated, Reason>, LimitError> {
        let c = &self.want;
        if let Some(chains) = c.chains
            && board.has_chain() != chains
        {
            return Ok(Err(Reason::Chains));
        }
        if (c.acyclic || self.rules.chain) && has_circle(&board) {
            return Ok(Err(Reason::Circle));
        }
        let Ok(game) = Game::new(board.clone(), self.rules.clone()) else {
            return Ok(Err(Reason::Circle));
        };
        let min_rolls = shortest::min_rolls_with(&game, ctl)?;
        if let Some(solvable) = c.solvable
            && min_rolls.is_some() != solvable
        {
            return Ok(Err(Reason::Solvable));
        }
        if let Some(span) = c.min_rolls
            && !min_rolls.is_some_and(|k| span.contains(k))
        {
            return Ok(Err(Reason::MinRolls));
        }
        if let Some(trap) = c.trap
            && markov::can_get_stuck_with(&game, ctl)? != trap
        {
            return Ok(Err(Reason::Trap));
        }
        Ok(Ok(Generated {
            board,
            game,
            min_rolls,
            tries: 0,
        }))
    }
}

impl Spec {
    /// Draws only boards that keep `stated`'s promises.
    ///
    /// # Errors
    ///
    /// [`GenError::Beyond`] when the spec asks for boards the problem
    /// forbids: grids of another size, or jumps that chain where it
    /// promises none.
    pub fn keep_to(&mut self, stated: &Stated) -> Result<(), GenError> {
        let beyond = |what: String| GenError::Beyond {
            problem: stated.problem,
            what,
        };
        if let (Some(allowed), Size::Grid(asked)) = (stated.grid, self.size)
            && (asked.lo < allowed.lo || asked.hi > allowed.hi)
        {
            return Err(beyond(format!(
                "N x N grids with N from {} to {}, not N = {asked}",
                allowed.lo, allowed.hi
            )));
        }
        if !stated.chains {
            if self.want.chains == Some(true) {
                return Err(beyond("no jump ending where another starts".into()));
            }
            self.want.chains = Some(false);
        }
        if !stated.start_jump {
            self.start_jump = false;
        }
        Ok(())
    }
}

/// Whether following jumps from some square leads back to it.
fn has_circle(board: &Board) -> bool {
    let rules = Rules {
        chain: true,
        ..Rules::default()
    };
    Game::new(board.clone(), rules).is_err()
}

/// Why a drawn board was turned away, in the order the checks run.
#[derive(Debug, Clone, Copy)]
enum Reason {
    Chains,
    Circle,
    Solvable,
    MinRolls,
    Trap,
}

const REASONS: [&str; 5] = [
    "for chains",
    "for a circle of jumps",
    "for being solvable or not",
    "for their fewest rolls",
    "for a trap",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference() {
        // The reference implementation's first outputs for seed 1234567.
        let mut rng = SplitMix64::new(1_234_567);
        let first: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
                4_593_380_528_125_082_431,
                16_408_922_859_458_223_821,
            ]
        );
        assert_eq!(SplitMix64::mix(1_234_567), first[0]);
    }

    #[test]
    fn below_is_even_and_in_range() {
        let mut rng = SplitMix64::new(5);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
        // A bound near 2^64 exercises the redraw.
        let big = u64::MAX / 3 * 2;
        assert!((0..1000).all(|_| rng.below(big) < big));
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn spans_and_ratios_read() {
        assert_eq!("7".parse::<Span>().unwrap(), Span::exactly(7));
        assert_eq!("3..7".parse::<Span>().unwrap(), Span { lo: 3, hi: 7 });
        assert_eq!("3..=7".parse::<Span>().unwrap(), Span { lo: 3, hi: 7 });
        assert_eq!("3..".parse::<Span>().unwrap(), Span::at_least(3));
        assert_eq!(
            "7..3".parse::<Span>().unwrap_err().to_string(),
            "7..3 is an empty range; write the smaller number first"
        );
        assert!("x".parse::<Span>().is_err());
        assert!("-1..3".parse::<Span>().is_err());
        for (text, num, den) in [
            ("0.05", 1, 20),
            ("5%", 1, 20),
            ("1/20", 1, 20),
            ("0.1", 1, 10),
            ("1", 1, 1),
            ("0", 0, 1),
            (".25", 1, 4),
            ("12.5%", 1, 8),
        ] {
            let r: Ratio = text.parse().unwrap();
            assert_eq!((r.num(), r.den()), (num, den), "{text}");
        }
        for bad in ["1.5", "2/1", "1/0", "-0.1", "x", "", "%", "0.1.2"] {
            assert!(bad.parse::<Ratio>().is_err(), "{bad}");
        }
    }

    /// Pinned boards: a change here changes every seeded board users and
    /// test suites rely on, so it must be deliberate.
    #[test]
    fn seeded_boards_are_pinned() {
        let spec = Spec {
            size: Size::Squares(Span::exactly(20)),
            amount: Amount::Density("1/4".parse().unwrap()),
            ..Spec::default()
        };
        let boards: Vec<Vec<String>> = (0..3)
            .map(|i| {
                let b = spec.generate(42, i).unwrap().board;
                b.jumps().map(|j| j.to_string()).collect()
            })
            .collect();
        assert_eq!(
            boards,
            [
                vec!["6->19"],
                vec!["1->5", "5->2", "6->3", "8->10", "14->2", "17->19"],
                vec!["2->1", "3->19", "8->7", "16->13", "17->20"],
            ]
        );
        let mut rng = SplitMix64::stream(42, 3);
        assert_eq!(rng.next_u64(), 14_299_047_586_017_875_396);
    }

    #[test]
    fn counts_and_lengths_hold() {
        let spec = Spec {
            size: Size::Grid(Span::new(3, 8).unwrap()),
            amount: Amount::Each {
                ladders: Span::new(1, 3).unwrap(),
                snakes: Span::exactly(2),
            },
            length: Span::new(2, 5).unwrap(),
            start_jump: false,
            ..Spec::default()
        };
        for i in 0..300 {
            let b = spec.generate(9, i).unwrap().board;
            let side = b.squares().isqrt();
            assert_eq!(side * side, b.squares());
            assert!((3..=8).contains(&side));
            assert!((1..=3).contains(&b.ladders().count()));
            assert_eq!(b.snakes().count(), 2);
            assert!(b.jump(1).is_none());
            for j in b.jumps() {
                assert!((2..=5).contains(&j.from.abs_diff(j.to)), "{j}");
            }
        }
    }

    type Holds = fn(&Generated) -> bool;

    /// Every constraint holds on every board, checked by means other than
    /// the ones the generator uses: the exhaustive search for the fewest
    /// rolls, the chance of never finishing for a trap.
    #[test]
    fn constraints_hold_on_every_board() {
        let small = Spec {
            size: Size::Squares(Span::new(8, 30).unwrap()),
            amount: Amount::Density(Ratio::new(1, 3).unwrap()),
            ..Spec::default()
        };
        let cases: [(Constraints, Holds); 6] = [
            (
                Constraints {
                    solvable: Some(true),
                    ..Constraints::default()
                },
                |g| crate::brute::search(&g.game).unwrap().min_rolls.is_some(),
            ),
            (
                Constraints {
                    solvable: Some(false),
                    ..Constraints::default()
                },
                |g| crate::brute::search(&g.game).unwrap().min_rolls.is_none(),
            ),
            (
                Constraints {
                    min_rolls: Some(Span::new(3, 4).unwrap()),
                    ..Constraints::default()
                },
                |g| {
                    matches!(
                        crate::brute::search(&g.game).unwrap().min_rolls,
                        Some(3 | 4)
                    )
                },
            ),
            (
                Constraints {
                    trap: Some(true),
                    ..Constraints::default()
                },
                |g| markov::never_finishes(&g.game).unwrap() > 0.0,
            ),
            (
                Constraints {
                    chains: Some(true),
                    acyclic: true,
                    ..Constraints::default()
                },
                |g| {
                    let b = &g.board;
                    let chained = Rules {
                        chain: true,
                        ..Rules::default()
                    };
                    b.jumps().any(|j| b.jump(j.to).is_some())
                        && Game::new(b.clone(), chained).is_ok()
                },
            ),
            (
                Constraints {
                    chains: Some(false),
                    trap: Some(false),
                    ..Constraints::default()
                },
                |g| {
                    let b = &g.board;
                    b.jumps().all(|j| b.jump(j.to).is_none())
                        && markov::never_finishes(&g.game).unwrap() == 0.0
                },
            ),
        ];
        for (want, holds) in cases {
            let spec = Spec {
                want,
                ..small.clone()
            };
            for i in 0..40 {
                let g = spec.generate(11, i).unwrap();
                assert!(holds(&g), "{want:?}: {:?}", g.board);
                assert_eq!(g.min_rolls, crate::shortest::min_rolls(&g.game).unwrap());
            }
        }
    }

    #[test]
    fn plain_corners_make_every_reading_playable() {
        let spec = Spec {
            size: Size::Grid(Span::new(2, 6).unwrap()),
            amount: Amount::Density(Ratio::new(1, 2).unwrap()),
            want: Constraints {
                plain_top_corners: true,
                ..Constraints::default()
            },
            ..Spec::default()
        };
        for i in 0..200 {
            let board = spec.generate(3, i).unwrap().board;
            let grid = crate::input::to_grid(&board).unwrap();
            for reading in crate::input::GridReading::ALL {
                let read = crate::input::from_grid_read(&grid, reading).unwrap();
                assert!(read.build().is_ok(), "{reading:?} {grid:?}");
            }
        }
    }

    #[test]
    fn too_many_jumps_is_an_error() {
        let spec = Spec {
            size: Size::Squares(Span::exactly(10)),
            amount: Amount::Jumps(Span::exactly(10)),
            ..Spec::default()
        };
        let err = spec.generate(1, 0).unwrap_err();
        assert!(matches!(err, GenError::TooManyJumps { .. }), "{err}");
    }

    #[test]
    fn impossible_constraints_say_why() {
        // Two squares: one roll of 1 always wins.
        let spec = Spec {
            size: Size::Squares(Span::exactly(2)),
            want: Constraints {
                solvable: Some(false),
                ..Constraints::default()
            },
            tries: 50,
            ..Spec::default()
        };
        assert_eq!(
            spec.generate(1, 0).unwrap_err().to_string(),
            "none of 50 random boards met the constraints (50 for being solvable or not); \
             loosen them or change the size or the number of jumps"
        );
    }
}
