//! A search request, what it found, and what it will cost.

use std::fmt;

use crate::board::{Board, Jump};
use crate::game::Game;
use crate::limits::{Estimate, LimitError};
use crate::markov::{self, incremental::Incremental};
use crate::race;
use crate::shortest;

use super::space::Space;
use super::targets::{Figures, Targets, Verdict};

/// The most boards one search may be asked for: a search finds them one
/// run at a time, and more are found by another seed.
pub const MAX_COUNT: usize = 1_000;

/// Whether one search may be asked for `count` boards: 1 to
/// [`MAX_COUNT`]. [`Request::problems`] says the same.
///
/// # Errors
///
/// A message naming the count and the range, for a front end to show as
/// it is.
pub fn check_count(count: usize) -> Result<(), String> {
    if (1..=MAX_COUNT).contains(&count) {
        Ok(())
    } else {
        Err(format!(
            "a search for {count} boards; ask for 1 to {} (another seed finds more)",
            crate::words::grouped(MAX_COUNT as u64)
        ))
    }
}

/// A search for boards: where to look, what to find, and how many.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The boards the search may draw.
    pub space: Space,
    /// What a board must do.
    pub targets: Targets,
    /// The seed of the search: the same request and seed give the same
    /// boards.
    pub seed: u64,
    /// How many distinct boards to find.
    pub count: usize,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Design {
    /// Distinct boards that meet every target (by the plain analyses), in
    /// the order they were found: `count` of them unless the search was
    /// stopped first.
    pub boards: Vec<Found>,
    /// When no board was found: the board that came closest, with how far
    /// it is from each target it misses.
    pub closest: Option<Found>,
    /// The candidate boards the search weighed.
    pub candidates: u64,
    /// Why the search stopped before finding `count` boards: its deadline,
    /// or a stop asked for ([`LimitError::Deadline`],
    /// [`LimitError::Cancelled`]).
    pub stopped: Option<LimitError>,
}

/// A board the search returns, with its figures by the plain analyses.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The board.
    pub board: Board,
    /// Its figures.
    pub figures: Figures,
    /// Each target, met or missed, then each requirement of the space the
    /// board misses (only a board given to tune can).
    pub verdicts: Vec<Verdict>,
    /// When tuning: the jumps added, removed or moved from the board given.
    pub changes: Option<u32>,
    /// When tuning: what changed, jump by jump (see [`changes`]).
    pub changed: Vec<Change>,
    /// The candidates the search had weighed when it came to this board.
    pub candidates: u64,
}

/// One change between two boards: a jump added, removed, or moved (either
/// end, or both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Change {
    /// The jump taken away, or moved from.
    pub removed: Option<Jump>,
    /// The jump put in, or moved to.
    pub added: Option<Jump>,
}

impl fmt::Display for Change {
    /// `47->26 moved to 47->30`, `added 4->14`, `removed 62->19`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.removed, self.added) {
            (Some(r), Some(a)) => write!(f, "{r} moved to {a}"),
            (Some(r), None) => write!(f, "removed {r}"),
            (None, Some(a)) => write!(f, "added {a}"),
            (None, None) => f.write_str("nothing"),
        }
    }
}

/// The changes from board `from` to board `to`, as few as there can be:
/// a jump whose start stays is moved at its end; the other jumps taken
/// away and put in are paired in square order as moves, and what is left
/// over is added or removed. Their number is the larger of the jumps
/// taken away and put in.
pub fn changes(from: &Board, to: &Board) -> Vec<Change> {
    let gone: Vec<Jump> = from
        .jumps()
        .filter(|j| to.jump(j.from) != Some(j.to))
        .collect();
    let new: Vec<Jump> = to
        .jumps()
        .filter(|j| from.jump(j.from) != Some(j.to))
        .collect();
    let mut out = Vec::new();
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for &r in &gone {
        match new.iter().find(|a| a.from == r.from) {
            Some(&a) => out.push(Change {
                removed: Some(r),
                added: Some(a),
            }),
            None => left.push(r),
        }
    }
    for &a in &new {
        if !gone.iter().any(|r| r.from == a.from) {
            right.push(a);
        }
    }
    let pairs = left.len().max(right.len());
    for i in 0..pairs {
        out.push(Change {
            removed: left.get(i).copied(),
            added: right.get(i).copied(),
        });
    }
    out.sort_by_key(|c| c.removed.or(c.added).map(|j| j.from));
    out
}

impl Found {
    /// Whether the board meets every target and requirement.
    pub fn meets_all(&self) -> bool {
        self.verdicts.iter().all(|v| v.met)
    }
}

/// How far a search has got, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// The candidate boards weighed so far.
    pub candidates: u64,
    /// The boards found so far.
    pub found: usize,
    /// How many targets the closest board so far misses, by the search's
    /// own figures.
    pub missing: usize,
}

impl Request {
    /// What makes this request impossible, or not a request, as far as can
    /// be seen before searching: each a sentence ([`Space::problems`], and
    /// targets no board of the space can meet).
    pub fn problems(&self) -> Vec<String> {
        let mut out = self.space.problems();
        let t = &self.targets;
        if let Err(e) = check_count(self.count) {
            out.push(e);
        }
        if !self.space.rules.optional.is_none() {
            out.push(format!(
                "the rules let a player decline jumps (`optional: {}`), but the search weighs every board with every jump taken; design with `optional: none`",
                self.space.rules.optional
            ));
        }
        if !out.is_empty() {
            return out;
        }
        let fewest = self.space.fewest_rolls_bound();
        let why = |what: &str| {
            format!(
                "{what} is below the fewest rolls any board of {} squares allows here ({fewest}: a roll moves the pawn at most {} squares)",
                self.space.squares,
                self.space.reach_per_roll()
            )
        };
        if let Some(hi) = t.mean.and_then(|m| m.hi)
            && hi < f64::from(fewest)
        {
            out.push(why(&format!("a mean of at most {hi} rolls")));
        }
        if let Some(span) = t.min_rolls
            && span.hi < fewest
        {
            out.push(why(&format!("fewest rolls of at most {}", span.hi)));
        }
        if let Some(hi) = t.sd.and_then(|m| m.hi)
            && hi < 0.0
        {
            out.push(format!("a standard deviation of at most {hi} is below 0"));
        }
        for w in &t.within {
            if !(0.0..=1.0).contains(&w.chance) {
                out.push(format!("a chance of {} is not between 0 and 1", w.chance));
            } else if w.chance > 0.0 && w.rolls < fewest {
                out.push(why(&format!("finishing within {} rolls", w.rolls)));
            }
        }
        if let Some(fair) = t.fair {
            if fair.players == 0 || fair.players > race::MAX_PLAYERS {
                out.push(format!(
                    "a race needs 1 to {} players, not {}",
                    race::MAX_PLAYERS,
                    fair.players
                ));
            } else if !(fair.within >= 0.0 && fair.within.is_finite()) {
                out.push(format!(
                    "fairness within {} is not a chance of 0 or more",
                    fair.within
                ));
            } else if fair.players > 1 && fair.within == 0.0 {
                out.push(
                    "no race is exactly fair: the first seat wins every tie of finishing turns, so its chance is above an even share; allow some difference"
                        .into(),
                );
            }
        }
        if let Some(from) = &self.space.from
            && let Err(e) = Game::new(from.clone(), self.space.rules.clone())
        {
            out.push(format!("the board to tune cannot be played: {e}"));
        }
        out
    }

    /// Whether the search works the mean and deviation out incrementally
    /// (see [`markov::incremental`]): when they are asked for and the chain
    /// is small enough.
    pub(crate) fn incremental(&self) -> bool {
        self.targets.needs_moments()
            && (self.space.squares as usize)
                .saturating_mul(streaks(&self.space.rules) as usize)
                .saturating_add(1)
                <= markov::incremental::MAX_STATES
    }
}

/// The bonus streaks the chain tells apart under `rules` (see
/// [`Game::streaks`]).
fn streaks(rules: &crate::Rules) -> u32 {
    match rules.bonus {
        None => 1,
        Some(crate::Bonus { limit: None }) => 2,
        Some(crate::Bonus { limit: Some(n) }) => n.get(),
    }
}

/// The memory and work of `request`'s search: the incremental evaluator's
/// tables, and what weighing one candidate in full takes (the search then
/// runs until its deadline, so its total work is its time).
pub fn estimate(request: &Request) -> Estimate {
    let Ok(board) = Board::empty(request.space.squares.max(1)) else {
        return Estimate::default();
    };
    let Ok(bare) = Game::new(board, request.space.rules.clone()) else {
        return Estimate::default();
    };
    let mut one = markov::estimate(&bare, markov::Measure::Mean)
        .then(shortest::estimate(&bare, shortest::Search::MinRolls));
    let t = &request.targets;
    if !t.within.is_empty() || t.fair.is_some() {
        one = one.then(markov::estimate(&bare, markov::Measure::Distribution));
    }
    if let Some(fair) = t.fair {
        one = one.then(race::estimate(
            &bare,
            fair.players.clamp(1, race::MAX_PLAYERS),
        ));
    }
    if request.incremental() {
        one = Incremental::estimate(&bare).and(one);
    }
    one
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cap on boards a search finds is the library's, for every front
    /// end: past it the request is refused with the range.
    #[test]
    fn the_count_is_capped() {
        let mut request = Request {
            space: Space::new(30, crate::Rules::default()),
            targets: Targets::default(),
            seed: 1,
            count: 1_000_000,
        };
        assert_eq!(
            request.problems(),
            ["a search for 1000000 boards; ask for 1 to 1,000 (another seed finds more)"]
        );
        request.count = 0;
        assert_eq!(
            request.problems(),
            ["a search for 0 boards; ask for 1 to 1,000 (another seed finds more)"]
        );
        request.count = MAX_COUNT;
        assert_eq!(request.problems(), Vec::<String>::new());
        assert_eq!(
            check_count(1_001),
            Err(
                "a search for 1001 boards; ask for 1 to 1,000 (another seed finds more)"
                    .to_string()
            )
        );
        assert_eq!(check_count(1_000), Ok(()));
    }

    fn board(jumps: &[(u32, u32)]) -> Board {
        Board::new(30, jumps.iter().map(|&(from, to)| Jump { from, to })).unwrap()
    }

    #[test]
    fn changes_pair_moves_and_count_once() {
        let a = board(&[(3, 20), (9, 2), (14, 25), (27, 5)]);
        let b = board(&[(3, 22), (9, 2), (16, 25), (4, 11), (28, 1)]);
        let c: Vec<String> = changes(&a, &b).iter().map(ToString::to_string).collect();
        assert_eq!(
            c,
            [
                "3->20 moved to 3->22",
                "14->25 moved to 4->11",
                "27->5 moved to 16->25",
                "added 28->1"
            ]
        );
        assert_eq!(changes(&b, &a).len(), 4);
        assert!(changes(&a, &a).is_empty());
        let c: Vec<String> = changes(&a, &board(&[]))
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(c.len(), 4);
        assert!(c.iter().all(|c| c.starts_with("removed")));
    }
}
