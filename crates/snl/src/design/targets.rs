//! What a designed board must do, what it does, and how far it is from it.
//!
//! [`Targets`] are the figures asked for (the mean and spread of the game
//! length, the fewest rolls, the chance of a short game, fairness between
//! seats, no trap). [`measure`] works out a board's [`Figures`] with the
//! library's plain analyses, never with the search's own quicker figures,
//! and [`Verdict`]s say of each target whether the board meets it and, when
//! not, by how much.

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::game::{Game, Unit};
use crate::limits::Control;
use crate::random::Span;
use crate::{markov, race, shortest};

use super::error::DesignError;
use super::space::Space;

/// A range of real numbers, `lo..=hi`, either end open. Written `30..31`,
/// `..40`, `25..`, or a number alone for every value that rounds to it:
/// `30` is `29.5..30.5`, `66.978705` is `66.9787045..66.9787055`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// The smallest value allowed, if there is one.
    pub lo: Option<f64>,
    /// The largest value allowed, if there is one.
    pub hi: Option<f64>,
}

impl Interval {
    /// `lo..=hi`.
    ///
    /// # Errors
    ///
    /// [`IntervalError`] when an end is not finite or `lo > hi`.
    pub fn new(lo: Option<f64>, hi: Option<f64>) -> Result<Interval, IntervalError> {
        for v in [lo, hi].into_iter().flatten() {
            if !v.is_finite() {
                return Err(IntervalError(format!("{v}")));
            }
        }
        if let (Some(l), Some(h)) = (lo, hi)
            && l > h
        {
            return Err(IntervalError(format!("{l}..{h}")));
        }
        Ok(Interval { lo, hi })
    }

    /// Whether `v` is in the range.
    pub fn contains(&self, v: f64) -> bool {
        self.lo.is_none_or(|l| v >= l) && self.hi.is_none_or(|h| v <= h)
    }

    /// How far `v` is outside the range: 0 inside.
    pub fn distance(&self, v: f64) -> f64 {
        let below = self.lo.map_or(0.0, |l| l - v);
        let above = self.hi.map_or(0.0, |h| v - h);
        below.max(above).max(0.0)
    }

    /// The width, when both ends are given.
    pub fn width(&self) -> Option<f64> {
        Some(self.hi? - self.lo?)
    }
}

/// A range that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a range of numbers: write `30..31`, `..40`, `25..`, or one number such as `30` (every value that rounds to it)"
)]
pub struct IntervalError(pub String);

impl FromStr for Interval {
    type Err = IntervalError;

    fn from_str(s: &str) -> Result<Interval, IntervalError> {
        let bad = || IntervalError(s.to_string());
        let t = s.trim();
        let number = |x: &str| -> Result<Option<f64>, IntervalError> {
            let x = x.trim();
            if x.is_empty() {
                return Ok(None);
            }
            // Only plain decimals: no `inf`, `nan` or exponents.
            if !x
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
                || !x.bytes().any(|b| b.is_ascii_digit())
            {
                return Err(bad());
            }
            x.parse::<f64>().map(Some).map_err(|_| bad())
        };
        if let Some((lo, hi)) = t.split_once("..") {
            let hi = hi.strip_prefix('=').unwrap_or(hi);
            let (lo, hi) = (number(lo)?, number(hi)?);
            if lo.is_none() && hi.is_none() {
                return Err(bad());
            }
            return Interval::new(lo, hi).map_err(|_| bad());
        }
        let v = number(t)?.ok_or_else(bad)?;
        // Half a unit of the last digit written, either side.
        let decimals = t.split_once('.').map_or(0, |(_, f)| f.len()) as i32;
        let half = 0.5 / 10f64.powi(decimals);
        Interval::new(Some(v - half), Some(v + half)).map_err(|_| bad())
    }
}

impl fmt::Display for Interval {
    /// `30..31`, `..40`, `25..`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(lo) = self.lo {
            write!(f, "{lo}")?;
        }
        f.write_str("..")?;
        if let Some(hi) = self.hi {
            write!(f, "{hi}")?;
        }
        Ok(())
    }
}

/// The chance of finishing within `rolls` rolls must be at least `chance`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Within {
    /// The rolls.
    pub rolls: u32,
    /// The least chance, 0 to 1.
    pub chance: f64,
}

impl FromStr for Within {
    type Err = WithinError;

    /// `50:0.75`, or `50:75%`.
    fn from_str(s: &str) -> Result<Within, WithinError> {
        let bad = || WithinError(s.to_string());
        let (k, p) = s.split_once(':').ok_or_else(bad)?;
        let rolls = k.trim().parse::<u32>().map_err(|_| bad())?;
        let p = p.trim();
        let (p, scale) = match p.strip_suffix('%') {
            Some(p) => (p.trim(), 100.0),
            None => (p, 1.0),
        };
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return Err(bad());
        }
        let chance = p.parse::<f64>().map_err(|_| bad())? / scale;
        if !(0.0..=1.0).contains(&chance) {
            return Err(bad());
        }
        Ok(Within { rolls, chance })
    }
}

/// A `--within` target that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not rolls and a chance: write K:P, such as `50:0.75` or `50:75%` (the chance of finishing within 50 rolls is at least 75%)"
)]
pub struct WithinError(pub String);

/// Every seat of a race of `players` from the start must win with a chance
/// within `within` of `1 / players`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fair {
    /// The seats, 1 to [`race::MAX_PLAYERS`].
    pub players: usize,
    /// How far from an even share each seat's chance may be.
    pub within: f64,
}

/// What a designed board must do. `Targets::default()` asks for nothing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Targets {
    /// The expected number of rolls of one player.
    pub mean: Option<Interval>,
    /// The standard deviation of the number of rolls.
    pub sd: Option<Interval>,
    /// The fewest rolls to the last square, each roll chosen.
    pub min_rolls: Option<Span>,
    /// Chances of finishing within some rolls.
    pub within: Vec<Within>,
    /// Fairness between the seats of a race.
    pub fair: Option<Fair>,
    /// No pawn with a real die can get stuck for ever.
    pub no_trap: bool,
}

impl Targets {
    /// Whether nothing is asked for: any board of the space will do.
    pub fn is_empty(&self) -> bool {
        *self == Targets::default()
    }

    /// Whether the mean or the deviation is asked for.
    pub(crate) fn needs_moments(&self) -> bool {
        self.mean.is_some() || self.sd.is_some()
    }
}

/// One thing a board is judged on: a target, or a requirement of the board
/// itself (which a starting board given to tune may not meet yet).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Target {
    /// The mean number of rolls in this range.
    Mean(Interval),
    /// The standard deviation in this range.
    Sd(Interval),
    /// The fewest rolls in this range.
    MinRolls(Span),
    /// At least this chance of finishing within so many rolls.
    Within(Within),
    /// Every seat's chance close to an even share.
    Fair(Fair),
    /// No trap.
    NoTrap,
    /// This many ladders.
    Ladders(Span),
    /// This many snakes.
    Snakes(Span),
    /// Every jump this long.
    Length(Span),
    /// No jump starts or ends on the first or the last square.
    PlainEnds,
    /// No jump ends where another starts.
    NoChains,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Mean(i) => write!(f, "mean {i}"),
            Target::Sd(i) => write!(f, "sd {i}"),
            Target::MinRolls(s) => write!(f, "fewest rolls {s}"),
            Target::Within(w) => {
                write!(f, "within {} rolls at least {}", w.rolls, chance(w.chance))
            }
            Target::Fair(fair) => write!(
                f,
                "fair within {} for {} players",
                fair.within, fair.players
            ),
            Target::NoTrap => f.write_str("no trap"),
            Target::Ladders(s) => write!(f, "ladders {s}"),
            Target::Snakes(s) => write!(f, "snakes {s}"),
            Target::Length(s) => write!(f, "jump lengths {s}"),
            Target::PlainEnds => f.write_str("plain first and last squares"),
            Target::NoChains => f.write_str("no chains"),
        }
    }
}

/// A chance as people read it: `75%`, `12.5%`.
fn chance(p: f64) -> String {
    let pct = p * 100.0;
    let text = format!("{pct:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}%")
}

/// A board's figures, as the plain analyses give them.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// The expected number of rolls; `None` when a game may never end.
    pub mean: Option<f64>,
    /// The standard deviation of the rolls; `None` when a game may never
    /// end.
    pub sd: Option<f64>,
    /// The fewest rolls; `None` when the last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// Whether a pawn with a real die can get stuck for ever.
    pub trap: bool,
    /// For each [`Targets::within`]: the chance of finishing within its
    /// rolls; `None` when the distribution could not be followed that far.
    pub within: Vec<Option<f64>>,
    /// With [`Targets::fair`]: each seat's chance of winning, and the chance
    /// the race's distributions left unresolved.
    pub race: Option<(Vec<f64>, f64)>,
}

/// How a board stands against one target.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// The target.
    pub target: Target,
    /// Whether the board meets it.
    pub met: bool,
    /// How far the board is from it, in the target's own unit (rolls, a
    /// chance, jumps): 0 when met; `None` when the distance has no size (a
    /// game that may never end, a trap, a figure not worked out).
    pub off: Option<f64>,
    /// The board's figure, in words: `30.42`, `seat 1 0.5081, seat 2 0.4919`.
    pub value: String,
}

impl fmt::Display for Verdict {
    /// `mean 30..31: met (30.423)` or `sd ..10: missed by 2.1 (12.1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.target)?;
        match (self.met, self.off) {
            (true, _) => f.write_str("met")?,
            (false, Some(off)) => write!(f, "missed by {}", short(off))?,
            (false, None) => f.write_str("missed")?,
        }
        write!(f, " ({})", self.value)
    }
}

/// A figure to a few significant digits: `30.423`, `0.0052`.
pub(crate) fn short(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let digits = (4 - v.abs().log10().floor() as i32).clamp(0, 12) as usize;
    let text = format!("{v:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A figure to a few significant digits, or, against a range narrower than
/// those show, to two digits past the range's width.
fn fine(v: f64, width: Option<f64>) -> String {
    match width {
        Some(w) if w > 0.0 && w < 0.01 => {
            let decimals = (2 - w.log10().floor() as i32).clamp(0, 15) as usize;
            format!("{v:.decimals$}")
        }
        _ => short(v),
    }
}

/// The figures of `game` that `targets` ask about (and always the mean,
/// the deviation, the fewest rolls and whether it has a trap), from the
/// library's plain analyses.
///
/// # Errors
///
/// [`DesignError::Limit`] when an analysis is refused or stopped;
/// [`DesignError::Markov`] when the mean cannot be worked out.
pub fn measure(game: &Game, targets: &Targets, ctl: &Control) -> Result<Figures, DesignError> {
    let moments = match markov::moments_with(game, Unit::Rolls, ctl) {
        Ok(m) => m,
        Err(markov::MarkovError::Overflow { .. }) => markov::Moments {
            mean: None,
            variance: None,
            std_dev: None,
            never: 0.0,
        },
        Err(e) => return Err(e.into()),
    };
    let min_rolls = shortest::min_rolls_with(game, ctl)?;
    let trap = markov::can_get_stuck_with(game, ctl)?;
    let within = if targets.within.is_empty() {
        Vec::new()
    } else {
        let d =
            markov::distribution_with(game, game.start(), &markov::LengthOptions::default(), ctl)?;
        ctl.cancel.check()?;
        targets
            .within
            .iter()
            .map(|w| d.within(w.rolls as usize))
            .collect()
    };
    let race = match targets.fair {
        None => None,
        Some(fair) => {
            let seats = vec![game.start(); fair.players];
            let r = race::race_with(game, &seats, ctl)?;
            ctl.cancel.check()?;
            Some((r.win, r.unresolved))
        }
    };
    Ok(Figures {
        mean: moments.mean,
        sd: moments.std_dev,
        min_rolls,
        trap,
        within,
        race,
    })
}

/// How far the seats of a race are from an even share: the largest
/// `|w − 1/P|` over the seats, where each seat's chance may be anywhere
/// from its resolved part `w` to `w` plus the `unresolved` chance.
pub(crate) fn unfairness(win: &[f64], unresolved: f64) -> f64 {
    let even = 1.0 / win.len() as f64;
    win.iter()
        .map(|&w| (w - even).abs().max((w + unresolved - even).abs()))
        .fold(0.0, f64::max)
}

/// The verdict on each of `targets` for a board with `figures`, in the order
/// the targets are listed in [`Targets`].
pub fn verdicts(targets: &Targets, figures: &Figures) -> Vec<Verdict> {
    let mut out = Vec::new();
    let ranged = |target: Target, i: &Interval, v: Option<f64>| {
        let off = v.map(|v| i.distance(v));
        Verdict {
            target,
            met: v.is_some_and(|v| i.contains(v)),
            off,
            value: v.map_or_else(|| "may never end".to_string(), |v| fine(v, i.width())),
        }
    };
    if let Some(i) = &targets.mean {
        out.push(ranged(Target::Mean(*i), i, figures.mean));
    }
    if let Some(i) = &targets.sd {
        out.push(ranged(Target::Sd(*i), i, figures.sd));
    }
    if let Some(span) = targets.min_rolls {
        let off = figures.min_rolls.map(|m| {
            f64::from(span.lo.saturating_sub(m)).max(f64::from(m.saturating_sub(span.hi)))
        });
        out.push(Verdict {
            target: Target::MinRolls(span),
            met: figures.min_rolls.is_some_and(|m| span.contains(m)),
            off,
            value: figures
                .min_rolls
                .map_or_else(|| "unreachable".to_string(), |m| m.to_string()),
        });
    }
    for (w, got) in targets.within.iter().zip(&figures.within) {
        out.push(Verdict {
            target: Target::Within(*w),
            met: got.is_some_and(|p| p >= w.chance),
            off: got.map(|p| (w.chance - p).max(0.0)),
            value: got.map_or_else(|| "not worked out".to_string(), chance),
        });
    }
    if let (Some(fair), Some((win, unresolved))) = (targets.fair, &figures.race) {
        let gap = unfairness(win, *unresolved);
        let value = win
            .iter()
            .enumerate()
            .map(|(i, w)| format!("seat {} {}", i + 1, short(*w)))
            .collect::<Vec<_>>()
            .join(", ");
        out.push(Verdict {
            target: Target::Fair(fair),
            met: gap <= fair.within,
            off: Some((gap - fair.within).max(0.0)),
            value,
        });
    }
    if targets.no_trap {
        out.push(Verdict {
            target: Target::NoTrap,
            met: !figures.trap,
            off: (!figures.trap).then_some(0.0),
            value: if figures.trap {
                "a pawn can get stuck".to_string()
            } else {
                "no trap".to_string()
            },
        });
    }
    out
}

/// The jumps of `board` that break `space`'s rules for jumps, and its
/// counts: the verdicts a board given to tune may still miss.
pub(crate) fn shape_verdicts(space: &Space, board: &Board) -> Vec<Verdict> {
    let n = board.squares();
    let ladders = board.ladders().count() as u32;
    let snakes = board.snakes().count() as u32;
    let count = |target: Target, span: Span, have: u32| {
        let off = span
            .lo
            .saturating_sub(have)
            .max(have.saturating_sub(span.hi));
        Verdict {
            target,
            met: off == 0,
            off: Some(f64::from(off)),
            value: have.to_string(),
        }
    };
    let mut out = vec![
        count(Target::Ladders(space.ladders), space.ladders, ladders),
        count(Target::Snakes(space.snakes), space.snakes, snakes),
    ];
    let listed = |bad: Vec<String>| {
        if bad.is_empty() {
            "all".to_string()
        } else {
            format!("not {}", bad.join(", "))
        }
    };
    let too_long: Vec<String> = board
        .jumps()
        .filter(|j| !space.length.contains(j.from.abs_diff(j.to)))
        .map(|j| j.to_string())
        .collect();
    out.push(Verdict {
        target: Target::Length(space.length),
        met: too_long.is_empty(),
        off: Some(too_long.len() as f64),
        value: listed(too_long),
    });
    if space.plain_ends {
        let bad: Vec<String> = board
            .jumps()
            .filter(|j| j.from == 1 || j.to == 1 || j.to == n)
            .map(|j| j.to_string())
            .collect();
        out.push(Verdict {
            target: Target::PlainEnds,
            met: bad.is_empty(),
            off: Some(bad.len() as f64),
            value: listed(bad),
        });
    }
    if space.no_chains {
        let bad: Vec<String> = board
            .jumps()
            .filter(|j| board.jump(j.to).is_some())
            .map(|j| j.to_string())
            .collect();
        out.push(Verdict {
            target: Target::NoChains,
            met: bad.is_empty(),
            off: Some(bad.len() as f64),
            value: listed(bad),
        });
    }
    out
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // exact in binary: 2, 0.5, 0.125
mod tests {
    use super::*;

    #[test]
    fn intervals_read_and_round() {
        let i: Interval = "30..31".parse().unwrap();
        assert_eq!((i.lo, i.hi), (Some(30.0), Some(31.0)));
        assert!(i.contains(30.0) && i.contains(31.0) && !i.contains(31.01));
        assert_eq!(i.distance(33.0), 2.0);
        assert_eq!(i.distance(29.5), 0.5);
        let open: Interval = "..40".parse().unwrap();
        assert_eq!((open.lo, open.hi), (None, Some(40.0)));
        assert_eq!(open.to_string(), "..40");
        let one: Interval = "30".parse().unwrap();
        assert_eq!((one.lo, one.hi), (Some(29.5), Some(30.5)));
        let fine: Interval = "66.978705".parse().unwrap();
        assert!(fine.contains(66.978_705_4) && !fine.contains(66.978_706));
        for bad in ["", "..", "x", "31..30", "1e3", "inf..", "nan"] {
            assert!(bad.parse::<Interval>().is_err(), "{bad}");
        }
    }

    #[test]
    fn within_targets_read() {
        let w: Within = "50:0.75".parse().unwrap();
        assert_eq!((w.rolls, w.chance), (50, 0.75));
        let w: Within = "20:12.5%".parse().unwrap();
        assert_eq!((w.rolls, w.chance), (20, 0.125));
        for bad in ["50", "50:", ":0.5", "50:1.5", "x:0.5", "50:-0.1"] {
            assert!(bad.parse::<Within>().is_err(), "{bad}");
        }
        assert_eq!(
            Target::Within(w).to_string(),
            "within 20 rolls at least 12.5%"
        );
    }

    #[test]
    fn figures_in_words() {
        assert_eq!(short(30.423_456), "30.423");
        assert_eq!(short(0.005_234_5), "0.0052345");
        assert_eq!(short(1234.5), "1234.5");
        let v = Verdict {
            target: Target::Mean("30..31".parse().unwrap()),
            met: false,
            off: Some(2.5),
            value: "33.5".to_string(),
        };
        assert_eq!(v.to_string(), "mean 30..31: missed by 2.5 (33.5)");
        assert_eq!(fine(66.978_701_2, Some(1e-6)), "66.97870120");
        assert_eq!(fine(66.978_701_2, Some(1.0)), "66.979");
    }

    #[test]
    fn unfairness_counts_the_unresolved_chance() {
        assert!((unfairness(&[0.51, 0.49], 0.0) - 0.01).abs() < 1e-12);
        // Seat 2 might have another 0.02: 0.51 from an even share.
        assert!((unfairness(&[0.48, 0.49], 0.03) - 0.02).abs() < 1e-12);
    }
}
