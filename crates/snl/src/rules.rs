//! The rules of play: the die, how the last square is reached, whether jumps
//! chain, and where the pawn starts.
//!
//! The published versions of the game disagree on each of these, so every
//! rule is a named value with a default and nothing is implied.

use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The largest roll a die may show. Larger dice are not a game of this kind
/// and would make the per-roll tables needlessly large.
pub const MAX_ROLL: u32 = 1000;

/// The rules a game is played under.
///
/// `Rules::default()` is the rule set of `LeetCode` 909 and most of the seed
/// problems: a six-sided die, an exact finish, one jump per move, the pawn
/// starting on square 1, and one roll per turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// The die thrown each roll.
    pub die: Die,
    /// What a roll that would pass the last square does.
    pub finish: Finish,
    /// Whether a jump that ends on another jump's start is followed too.
    pub chain: bool,
    /// Where the pawn stands before the first roll.
    pub start: Start,
    /// Whether rolling the die's top value gives another roll in the same
    /// turn (`None`: one roll per turn).
    pub bonus: Option<Bonus>,
    /// Which jumps the player may decline on landing at their start
    /// ([`Optional::None`]: every jump is taken). The analyses of
    /// `crate::choice` and the fewest-rolls searches of `crate::shortest`
    /// play such a choice; the others are refused a game with one by
    /// `crate::plan::honoured`, rather than taking every jump unasked.
    pub optional: Optional,
}

impl Rules {
    /// The bonus limit in force: `Some(n)` when bonus rolls are on and the
    /// `n`th top value in a row sends the pawn back to the start.
    pub fn bonus_limit(&self) -> Option<NonZeroU32> {
        self.bonus.and_then(|b| b.limit)
    }

    /// Whether every roll earns another in the same turn: bonus rolls without
    /// a limit and a die that shows one value only. A turn then lasts until
    /// the pawn finishes, or for ever.
    pub fn every_roll_rolls_again(&self) -> bool {
        self.bonus.is_some_and(|b| b.limit.is_none()) && self.die.values().nth(1).is_none()
    }
}

/// The rules as JSON: the `rules` object of board files and of every JSON
/// answer, one shape for both, so an answer's rules can be pasted into a
/// board file and read back as the same [`Rules`].
///
/// ```json
/// {"die": "d6", "finish": "exact", "chain": false, "start": 1, "bonus": false, "bonus_limit": null}
/// ```
///
/// # Examples
///
/// ```
/// use snl::{Bonus, Rules, RulesJson};
///
/// let rules = Rules { bonus: Some(Bonus::with_limit(3)?), ..Rules::default() };
/// let json = serde_json::to_string(&RulesJson::from(&rules))?;
/// assert_eq!(
///     json,
///     r#"{"die":"d6","finish":"exact","chain":false,"start":1,"bonus":true,"bonus_limit":3}"#
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RulesJson {
    /// The die as [`Die`]'s `Display` writes it: `d6` for a fair die, `2d6`
    /// for a sum of fair dice, else the weights of faces 1, 2, ...
    /// (`1,1,1,1,1,2`).
    pub die: String,
    /// `exact`, `bounce` or `pass`.
    pub finish: Finish,
    /// Whether a jump that ends on another jump's start is followed too.
    pub chain: bool,
    /// Where the pawn starts: 1 (square 1) or 0 (off the board).
    pub start: u32,
    /// Whether a top value earns another roll in the turn.
    pub bonus: bool,
    /// The number of top values in a row that sends the pawn back to the
    /// start; `null` for no limit (and when `bonus` is false).
    pub bonus_limit: Option<u32>,
    /// The jumps a player may decline: `ladders`, `snakes` or `all`. Left
    /// out when every jump is taken (`none`), so that the rules of a game
    /// without the choice read as they always have.
    #[serde(default, skip_serializing_if = "Optional::is_none")]
    pub optional: Optional,
}

impl From<&Rules> for RulesJson {
    fn from(rules: &Rules) -> RulesJson {
        RulesJson {
            die: rules.die.to_string(),
            finish: rules.finish,
            chain: rules.chain,
            start: rules.start.position(),
            bonus: rules.bonus.is_some(),
            bonus_limit: rules.bonus_limit().map(NonZeroU32::get),
            optional: rules.optional,
        }
    }
}

/// The bonus-roll rule: a roll of the die's top value (6 on a d6, 12 on
/// `2d6`) gives another roll in the same turn.
///
/// A top value counts whether or not the pawn could move with it (under an
/// exact finish an overshooting top is lost but still earns the bonus roll).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bonus {
    /// With `Some(n)`, the `n`th top value in a row within one turn does not
    /// move the pawn: it sends the pawn back to the start and ends the turn
    /// (`n = 3` is the common house rule). `None`: no limit.
    pub limit: Option<NonZeroU32>,
}

impl Bonus {
    /// Bonus rolls without a limit.
    pub fn unlimited() -> Bonus {
        Bonus { limit: None }
    }

    /// Bonus rolls where the `limit`th top value in a row sends the pawn back
    /// to the start.
    ///
    /// # Errors
    ///
    /// [`RulesError::BonusLimit`] for a limit of 0.
    pub fn with_limit(limit: u32) -> Result<Bonus, RulesError> {
        NonZeroU32::new(limit)
            .map(|n| Bonus { limit: Some(n) })
            .ok_or(RulesError::BonusLimit(limit))
    }
}

impl fmt::Display for Bonus {
    /// `bonus` or `bonus, limit 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.limit {
            None => f.write_str("bonus"),
            Some(n) => write!(f, "bonus, limit {n}"),
        }
    }
}

/// Which jumps a player may decline: on landing at the start of such a jump
/// the player takes it or stays on the square, whichever is better. With
/// chaining on, each optional jump of a chain is a choice of its own.
///
/// # Examples
///
/// ```
/// use snl::rules::Optional;
///
/// let ladders: Optional = "ladders".parse()?;
/// assert!(ladders.covers(4, 20));
/// assert!(!ladders.covers(20, 4));
/// assert!(Optional::All.covers(20, 4));
/// assert!(!Optional::None.covers(4, 20));
/// # Ok::<(), snl::RulesError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Optional {
    /// Every jump is taken.
    #[default]
    None,
    /// Ladders may be declined; snakes are taken.
    Ladders,
    /// Snakes may be declined; ladders are taken.
    Snakes,
    /// Every jump may be declined.
    All,
}

impl Optional {
    /// Every value, in the order `--help` lists them.
    pub const ALL: [Optional; 4] = [
        Optional::None,
        Optional::Ladders,
        Optional::Snakes,
        Optional::All,
    ];

    /// Whether the jump from `from` to `to` may be declined.
    #[inline]
    pub fn covers(self, from: u32, to: u32) -> bool {
        match self {
            Optional::None => false,
            Optional::Ladders => to > from,
            Optional::Snakes => to < from,
            Optional::All => true,
        }
    }

    /// Whether every jump is taken (no choice).
    pub fn is_none(&self) -> bool {
        *self == Optional::None
    }
}

impl Optional {
    /// Its name, as it is written and read: `none`, `ladders`, `snakes`,
    /// `all`.
    pub fn as_str(self) -> &'static str {
        match self {
            Optional::None => "none",
            Optional::Ladders => "ladders",
            Optional::Snakes => "snakes",
            Optional::All => "all",
        }
    }
}

impl fmt::Display for Optional {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Optional {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Optional, RulesError> {
        Optional::ALL
            .into_iter()
            .find(|o| o.to_string() == s)
            .ok_or_else(|| RulesError::Optional(s.to_string()))
    }
}

/// What happens to a roll that would carry the pawn past the last square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Finish {
    /// The roll is lost and the pawn stays where it is: the last square must
    /// be reached exactly.
    #[default]
    Exact,
    /// The pawn walks to the last square and back by the excess.
    Bounce,
    /// Reaching or passing the last square finishes the game.
    Pass,
}

/// Where the pawn stands before its first roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Start {
    /// On square 1. A jump starting on square 1 is not taken before the first
    /// roll.
    #[default]
    Square1,
    /// Off the board, before square 1 (position 0): a first roll of `r` lands
    /// on square `r` and takes its jump. The Milton Bradley game starts so.
    OffBoard,
}

impl Start {
    /// The position the pawn starts from: 1 for square 1, 0 for off the board.
    pub fn position(self) -> u32 {
        match self {
            Start::Square1 => 1,
            Start::OffBoard => 0,
        }
    }

    /// The start for a position number as written in board files and on the
    /// command line (`1` or `0`).
    pub fn from_position(position: u64) -> Option<Start> {
        match position {
            1 => Some(Start::Square1),
            0 => Some(Start::OffBoard),
            _ => None,
        }
    }
}

impl Finish {
    /// The square a roll of `roll` from position `from` lands on, by this
    /// finish rule, before any jump, on a board whose last square is
    /// `goal`: the move rule itself, which every engine applies (the
    /// squares of [`Game`](crate::Game), and those of boards of any
    /// length, are both numbered here). `None` when the roll is lost (an
    /// exact finish overshot) or the game is already over (`from` is the
    /// last square or past it).
    ///
    /// # Examples
    ///
    /// ```
    /// use snl::Finish;
    ///
    /// assert_eq!(Finish::Exact.land(100, 97, 3), Some(100));
    /// assert_eq!(Finish::Exact.land(100, 97, 4), None);
    /// assert_eq!(Finish::Bounce.land(100, 97, 5), Some(98));
    /// assert_eq!(Finish::Pass.land(1 << 62, (1 << 62) - 2, 6), Some(1 << 62));
    /// ```
    #[inline]
    pub fn land(self, goal: u64, from: u64, roll: u32) -> Option<u64> {
        if from >= goal {
            return None;
        }
        // Squares are at most 2^62 and rolls at most MAX_ROLL: no overflow.
        let target = from + u64::from(roll);
        if target <= goal {
            return Some(target);
        }
        match self {
            Finish::Exact => None,
            Finish::Pass => Some(goal),
            Finish::Bounce => Some(bounce(goal, target)),
        }
    }
}

/// Where a walk of `target - 1` steps from square 1 ends when it turns back at
/// square `n` and again at square 1 (the bounce rule; the turn at 1 only
/// matters when a die is larger than the board).
fn bounce(n: u64, target: u64) -> u64 {
    if n == 1 {
        return 1;
    }
    let period = 2 * (n - 1);
    let m = (target - 1) % period;
    if m < n { m + 1 } else { period - m + 1 }
}

impl fmt::Display for Finish {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Finish::Exact => "exact",
            Finish::Bounce => "bounce",
            Finish::Pass => "pass",
        })
    }
}

impl FromStr for Finish {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Finish, RulesError> {
        match s {
            "exact" => Ok(Finish::Exact),
            "bounce" => Ok(Finish::Bounce),
            "pass" => Ok(Finish::Pass),
            _ => Err(RulesError::Finish(s.to_string())),
        }
    }
}

/// A die: the chance of each roll value, as integer weights.
///
/// Weights rather than probabilities keep every calculation that needs exact
/// arithmetic exact: the chance of value `v` is `weight(v) / total()`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Die {
    /// `weights[v - 1]` is the weight of roll value `v`. The last entry is
    /// never zero.
    weights: Vec<u64>,
}

impl Default for Die {
    fn default() -> Die {
        Die::uniform(6).expect("six faces is a valid die")
    }
}

impl Die {
    /// A fair die with faces `1..=faces`.
    pub fn uniform(faces: u32) -> Result<Die, RulesError> {
        if faces == 0 || faces > MAX_ROLL {
            return Err(RulesError::Faces(i64::from(faces)));
        }
        Ok(Die {
            weights: vec![1; faces as usize],
        })
    }

    /// The sum of `count` fair dice with `faces` faces each (`2d6`).
    pub fn sum_of(count: u32, faces: u32) -> Result<Die, RulesError> {
        if count == 0 || faces == 0 || u64::from(count) * u64::from(faces) > u64::from(MAX_ROLL) {
            return Err(RulesError::Dice { count, faces });
        }
        // The weights are counts of the `faces^count` outcomes, which must
        // fit in the 64-bit total; no weight is then larger than the total.
        if u64::from(faces).checked_pow(count).is_none() {
            return Err(RulesError::DiceOutcomes { count, faces });
        }
        // Convolve one die at a time; weights stay integers.
        let mut weights = vec![1u64; faces as usize];
        for _ in 1..count {
            let mut next = vec![0u64; weights.len() + faces as usize];
            for (i, &w) in weights.iter().enumerate() {
                for f in 0..faces as usize {
                    next[i + f + 1] += w;
                }
            }
            weights = next;
        }
        Ok(Die { weights })
    }

    /// A die with the given weights for values `1, 2, ..., weights.len()`.
    /// Zero weights are allowed (the value never comes up) but not all of them.
    ///
    /// Weights are kept in lowest terms (divided by their greatest common
    /// divisor) and trailing zeros are dropped, so two dice with the same
    /// chances are equal: `2,2,2` is `d3`, and a die reads back from its
    /// [`Display`](fmt::Display) as the same value.
    pub fn weighted(mut weights: Vec<u64>) -> Result<Die, RulesError> {
        while weights.last() == Some(&0) {
            weights.pop();
        }
        if weights.is_empty() {
            return Err(RulesError::NoFace);
        }
        let divisor = weights.iter().fold(0, |g, &w| gcd(g, w));
        for w in &mut weights {
            *w /= divisor;
        }
        if weights.len() > MAX_ROLL as usize {
            return Err(RulesError::Faces(weights.len() as i64));
        }
        if weights
            .iter()
            .try_fold(0u64, |a, &w| a.checked_add(w))
            .is_none()
        {
            return Err(RulesError::WeightOverflow);
        }
        Ok(Die { weights })
    }

    /// The largest value this die can show.
    pub fn max(&self) -> u32 {
        self.weights.len() as u32
    }

    /// The weight of roll value `v` (0 for values the die never shows).
    pub fn weight(&self, v: u32) -> u64 {
        if v == 0 {
            return 0;
        }
        self.weights.get(v as usize - 1).copied().unwrap_or(0)
    }

    /// The sum of all weights.
    pub fn total(&self) -> u64 {
        self.weights.iter().sum()
    }

    /// The chance of value `v`.
    pub fn probability(&self, v: u32) -> f64 {
        self.weight(v) as f64 / self.total() as f64
    }

    /// The values this die can show, smallest first.
    pub fn values(&self) -> impl Iterator<Item = u32> + '_ {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, w)| **w > 0)
            .map(|(i, _)| i as u32 + 1)
    }

    /// `(value, weight)` for every value this die can show, smallest first.
    pub fn faces(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, w)| **w > 0)
            .map(|(i, &w)| (i as u32 + 1, w))
    }

    /// `(value, chance)` for every value this die can show, smallest
    /// first, the chance in floating point as [`Die::probability`] gives it.
    pub fn chances(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        let total = self.total() as f64;
        self.faces().map(move |(v, w)| (v, w as f64 / total))
    }

    /// `(count, faces)` when this die is the sum of `count` fair dice with
    /// `faces` faces each, as [`Die::sum_of`] makes it (a fair die is a sum
    /// of one).
    pub fn sum_of_fair(&self) -> Option<(u32, u32)> {
        // The smallest value is the number of dice, and the largest is that
        // times the faces on each.
        let count = self.values().next()?;
        let faces = self.max() / count;
        (count * faces == self.max() && Die::sum_of(count, faces).as_ref() == Ok(self))
            .then_some((count, faces))
    }

    /// The one value this die shows when it can show only one (`d1` shows
    /// 1; `0,0,0,0,1` always 5).
    pub fn constant(&self) -> Option<u32> {
        let mut values = self.values();
        let v = values.next()?;
        values.next().is_none().then_some(v)
    }

    /// Whether every value `1..=max` is equally likely.
    pub fn is_uniform(&self) -> bool {
        self.weights.iter().all(|&w| w == self.weights[0])
    }
}

/// The greatest common divisor; `gcd(0, w)` is `w`.
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl fmt::Display for Die {
    /// `d6` for a fair die, `2d6` for a sum of fair dice; the weights
    /// otherwise (`1,1,1,1,1,2`, and `0,0,0,0,1` for a die that always
    /// shows 5, rather than `5d1`). Each form reads back with `FromStr`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_uniform() {
            return write!(f, "d{}", self.max());
        }
        if let Some((count, faces)) = self.sum_of_fair()
            && self.constant().is_none()
        {
            return write!(f, "{count}d{faces}");
        }
        for (i, w) in self.weights.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{w}")?;
        }
        Ok(())
    }
}

impl FromStr for Die {
    type Err = RulesError;

    /// `d6` or `6` (a fair die), `2d6` (the sum of two), or a list of weights
    /// for faces 1, 2, ... (`1,1,1,1,1,2`).
    fn from_str(s: &str) -> Result<Die, RulesError> {
        let bad = || RulesError::DieSpec(s.to_string());
        let s = s.trim();
        if s.contains(',') {
            let weights = s
                .split(',')
                .map(|w| w.trim().parse::<u64>().map_err(|_| bad()))
                .collect::<Result<Vec<_>, _>>()?;
            return Die::weighted(weights);
        }
        let lower = s.to_ascii_lowercase();
        if let Some((count, faces)) = lower.split_once('d') {
            let count = if count.is_empty() {
                1
            } else {
                count.parse::<u32>().map_err(|_| bad())?
            };
            let faces = faces.parse::<u32>().map_err(|_| bad())?;
            return Die::sum_of(count, faces);
        }
        let faces = lower.parse::<u32>().map_err(|_| bad())?;
        Die::uniform(faces)
    }
}

/// A rule value that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A die with no faces, too many, or a negative number of them.
    #[error("a die needs 1 to {MAX_ROLL} faces, not {0}")]
    Faces(i64),
    /// `NdK` with a zero or too large a total.
    #[error(
        "{count}d{faces} is not a usable die: both numbers must be at least 1 and their product at most {MAX_ROLL}"
    )]
    Dice {
        /// How many dice.
        count: u32,
        /// Faces on each.
        faces: u32,
    },
    /// `NdK` with more outcomes than 64-bit weights can count.
    #[error(
        "{count}d{faces} has {faces}^{count} outcomes, more than 64-bit weights can count; use fewer or smaller dice"
    )]
    DiceOutcomes {
        /// How many dice.
        count: u32,
        /// Faces on each.
        faces: u32,
    },
    /// Every weight is zero.
    #[error("a weighted die needs at least one face with a weight above 0")]
    NoFace,
    /// The weights do not fit in 64 bits.
    #[error("the die's weights add up to more than 2^64; use smaller weights")]
    WeightOverflow,
    /// A die that is none of the accepted forms.
    #[error(
        "`{0}` is not a die: write `d6`, `2d6`, or weights for faces 1, 2, ... such as `1,1,1,1,1,2`"
    )]
    DieSpec(String),
    /// An unknown finish rule.
    #[error("`{0}` is not a finish rule: use `exact`, `bounce` or `pass`")]
    Finish(String),
    /// An unknown choice of optional jumps.
    #[error("`{0}` is not a set of optional jumps: use `none`, `ladders`, `snakes` or `all`")]
    Optional(String),
    /// A start other than 0 or 1.
    #[error("the start must be 1 (on square 1) or 0 (off the board), not {0}")]
    Start(i64),
    /// A bonus limit of 0.
    #[error(
        "the bonus limit must be at least 1 (the roll that sends the pawn back), not {0}; leave it out for no limit"
    )]
    BonusLimit(u32),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_parse() {
        assert_eq!("d6".parse::<Die>().unwrap(), Die::uniform(6).unwrap());
        assert_eq!("4".parse::<Die>().unwrap(), Die::uniform(4).unwrap());
        let two = "2d6".parse::<Die>().unwrap();
        assert_eq!(two.max(), 12);
        assert_eq!(two.weight(1), 0);
        assert_eq!(two.weight(7), 6);
        assert_eq!(two.total(), 36);
        assert_eq!(
            two.values().collect::<Vec<_>>(),
            (2..=12).collect::<Vec<_>>()
        );
        let loaded = "1,1,1,1,1,2".parse::<Die>().unwrap();
        assert_eq!(loaded.weight(6), 2);
        assert_eq!(loaded.to_string(), "1,1,1,1,1,2");
        // Weights are kept in lowest terms: dice with the same chances are
        // equal, and each reads back from what it is shown as.
        assert_eq!("2,2,2,2,2,4".parse::<Die>().unwrap(), loaded);
        for spec in ["10,0", "3,3", "0,6,9"] {
            let die: Die = spec.parse().unwrap();
            assert_eq!(die.to_string().parse::<Die>().unwrap(), die, "{spec}");
        }
        assert_eq!("10,0".parse::<Die>().unwrap(), Die::uniform(1).unwrap());
        assert_eq!(Die::default().to_string(), "d6");
        assert!("0d6".parse::<Die>().is_err());
        assert!("d0".parse::<Die>().is_err());
        assert!("0,0".parse::<Die>().is_err());
        assert!("six".parse::<Die>().is_err());
        assert!("d1001".parse::<Die>().is_err());
        // 100^10 outcomes do not fit in 64 bits; 2^63 do.
        assert_eq!(
            "10d100".parse::<Die>().unwrap_err().to_string(),
            "10d100 has 100^10 outcomes, more than 64-bit weights can count; use fewer or smaller dice"
        );
        assert_eq!("63d2".parse::<Die>().unwrap().total(), 1 << 63);
        assert!("64d2".parse::<Die>().is_err());
    }

    #[test]
    fn dice_with_the_same_chances_are_equal() {
        assert_eq!(Die::weighted(vec![2, 2, 2]), Die::uniform(3));
        assert_eq!(Die::weighted(vec![3, 6, 0]).unwrap().to_string(), "1,2");
        assert_eq!(Die::weighted(vec![0, 0, 5]).unwrap().to_string(), "0,0,1");
        assert_eq!(
            "2,4,6,8,10,12,10,8,6,4,2".parse::<Die>(),
            "1,2,3,4,5,6,5,4,3,2,1".parse::<Die>()
        );
        assert_eq!(
            "0,2,4,6,8,10,12,10,8,6,4,2".parse::<Die>(),
            Die::sum_of(2, 6)
        );
        for spec in ["d6", "2d6", "3d1", "1,2", "0,1,1", "5,0,7"] {
            let die: Die = spec.parse().unwrap();
            assert_eq!(die.to_string().parse::<Die>().unwrap(), die, "{spec}");
        }
    }

    #[test]
    fn bonus_limits() {
        assert_eq!(Bonus::with_limit(0), Err(RulesError::BonusLimit(0)));
        assert_eq!(Bonus::with_limit(3).unwrap().to_string(), "bonus, limit 3");
        assert_eq!(Bonus::unlimited().to_string(), "bonus");
        assert_eq!(Rules::default().bonus, None);
    }

    #[test]
    fn bounce_turns_at_both_ends() {
        assert_eq!(bounce(3, 4), 2);
        assert_eq!(bounce(3, 5), 1);
        assert_eq!(bounce(3, 6), 2);
        assert_eq!(bounce(3, 7), 3);
        assert_eq!(bounce(1, 9), 1);
        assert_eq!(bounce(100, 105), 95);
        let n = 1 << 62;
        assert_eq!(Finish::Bounce.land(n, n - 1, 1000), Some(n - 999));
        assert_eq!(Finish::Exact.land(n, n, 1), None);
    }

    #[test]
    fn optional_round_trips() {
        for o in Optional::ALL {
            assert_eq!(o.to_string().parse::<Optional>().unwrap(), o);
        }
        assert!("ladder".parse::<Optional>().is_err());
        let json = serde_json::to_string(&RulesJson::from(&Rules::default())).unwrap();
        assert!(!json.contains("optional"), "{json}");
        let rules = Rules {
            optional: Optional::Snakes,
            ..Rules::default()
        };
        let json = serde_json::to_string(&RulesJson::from(&rules)).unwrap();
        assert!(json.ends_with(r#""optional":"snakes"}"#), "{json}");
        let back: RulesJson = serde_json::from_str(&json).unwrap();
        assert_eq!(back.optional, Optional::Snakes);
    }

    #[test]
    fn finish_round_trips() {
        for f in [Finish::Exact, Finish::Bounce, Finish::Pass] {
            assert_eq!(f.to_string().parse::<Finish>().unwrap(), f);
        }
        assert!("exactly".parse::<Finish>().is_err());
    }
}
