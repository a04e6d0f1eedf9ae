//! The search: simulated annealing over the boards of a space.
//!
//! A run starts from a board (drawn at random, or the board being tuned)
//! and proposes a change of a jump or two at a time: a jump's end moved, a
//! jump slid along the board, moved elsewhere, added or removed. Each
//! candidate is weighed by its energy, a sum over the targets of how far
//! it misses each (`ln(1 + distance / scale)`, so that halving a miss
//! counts the same at any size), and taken by the Metropolis rule as the
//! temperature falls. Energy 0 is a board that meets every target by the
//! search's figures; it is then measured by the plain analyses, and kept
//! when they agree. Runs restart on a stream of their own until enough
//! boards are found or the token stops the search.
//!
//! A candidate is weighed target by target, cheapest first, and dropped as
//! soon as the part weighed is over the energy the Metropolis rule would
//! take (the uniform number is drawn before weighing): most candidates cost
//! only the incremental mean and deviation.
//!
//! Every decision is made in floating-point arithmetic alone: the
//! logarithm and the exponential here are series, not the system's
//! library, whose last bits may differ between machines.

use std::time::Duration;

use crate::game::{Game, Unit};
use crate::limits::{Cancel, Control, Instant, LimitError};
use crate::markov::{self, incremental::Incremental};
use crate::rng::SplitMix64;
use crate::{race, shortest};

use super::error::DesignError;
use super::request::{Design, Found, Progress, Request};
use super::space::Layout;
use super::space::Space;
use super::targets::{self, unfairness};

/// The energy of each requirement of the space a board breaks (a count out
/// of range, a jump the rules forbid): only a board being tuned starts so.
const SHAPE: f64 = 2.0;
/// The energy of a trap, when there must be none.
const TRAP: f64 = 5.0;
/// The energy of a game that may never end (or a last square that cannot
/// be reached) against a target on its length.
const NEVER: f64 = 20.0;
/// The candidates of a first run; each run after takes twice as many as
/// the one before, up to 64 times.
const FIRST_RUN: u64 = 20_000;
/// The temperature at the start and the end of a run of a fresh design.
const HOT: f64 = 1.0;
const COLD: f64 = 0.003;
/// The temperature at the start of a run that tunes a board: it should not
/// wander far from it.
const HOT_TUNING: f64 = 0.3;

/// The natural logarithm of `x > 0`, by the series of `atanh` on the
/// mantissa: the same last bit on every machine.
#[allow(clippy::many_single_char_names)] // the series' names
pub(crate) fn ln(x: f64) -> f64 {
    const LN2: f64 = std::f64::consts::LN_2;
    debug_assert!(x > 0.0 && x.is_finite());
    let bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    if m > std::f64::consts::SQRT_2 {
        m /= 2.0;
        e += 1;
    }
    // ln m = 2 atanh(s) with s = (m − 1)/(m + 1), |s| < 0.172.
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut term = s;
    let mut sum = 0.0;
    let mut k = 1.0;
    for _ in 0..12 {
        sum += term / k;
        term *= s2;
        k += 2.0;
    }
    e as f64 * LN2 + 2.0 * sum
}

/// `e^x` for `|x| ≤ 1`, by its Taylor series: the same last bit on every
/// machine.
fn exp_small(x: f64) -> f64 {
    debug_assert!(x.abs() <= 1.0);
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..=20 {
        term *= x / f64::from(k);
        sum += term;
    }
    sum
}

/// A miss of `distance` against a target of size `scale`, as energy.
fn term(distance: f64, scale: f64) -> f64 {
    if distance > 0.0 {
        ln(1.0 + distance / scale)
    } else {
        0.0
    }
}

/// A stop asked for (the token), or an error.
enum Halt {
    Stop(LimitError),
    Fail(DesignError),
}

impl From<LimitError> for Halt {
    fn from(e: LimitError) -> Halt {
        if e.is_stop() {
            Halt::Stop(e)
        } else {
            Halt::Fail(e.into())
        }
    }
}

impl From<markov::MarkovError> for Halt {
    fn from(e: markov::MarkovError) -> Halt {
        match e {
            markov::MarkovError::Limit(l) => l.into(),
            e => Halt::Fail(e.into()),
        }
    }
}

impl From<DesignError> for Halt {
    fn from(e: DesignError) -> Halt {
        match e {
            DesignError::Limit(l) => l.into(),
            DesignError::Markov(m) => m.into(),
            DesignError::Race(r) => r.into(),
            e => Halt::Fail(e),
        }
    }
}

impl From<race::RaceError> for Halt {
    fn from(e: race::RaceError) -> Halt {
        match e {
            race::RaceError::Limit(l) => l.into(),
            e => Halt::Fail(e.into()),
        }
    }
}

/// A candidate's energy, and the targets it misses.
struct Weighed {
    energy: f64,
    missing: usize,
}

impl Weighed {
    /// One more target's share of the energy.
    fn add(&mut self, energy: f64) {
        self.energy += energy;
        self.missing += usize::from(energy > 0.0);
    }
}

/// One run of the annealing: the board it holds and what it knows of it.
struct Run<'a> {
    request: &'a Request,
    ctl: &'a Control,
    layout: Layout,
    inc: Option<Incremental>,
    energy: f64,
    missing: usize,
    /// The most changes from the board being tuned, in this run.
    cap: Option<u32>,
}

impl Run<'_> {
    fn space(&self) -> &Space {
        &self.request.space
    }

    /// The game of the layout; `None` when its jumps form a circle under
    /// chaining.
    fn game(&self) -> Option<Game> {
        Game::new(self.layout.board(), self.space().rules.clone()).ok()
    }

    /// The energy of the layout as it stands (the last edits applied), or
    /// `None` when it is over `limit` or the board cannot be weighed.
    /// `edited` are the squares whose jumps just changed; the incremental
    /// evaluator's try is left pending for a commit.
    fn weigh(&mut self, edited: &[u32], limit: f64) -> Result<Option<Weighed>, Halt> {
        let targets = &self.request.targets;
        let shape = self.layout.shape_off(&self.request.space);
        let mut w = Weighed {
            energy: SHAPE * f64::from(shape),
            missing: usize::from(shape > 0),
        };
        if w.energy > limit {
            return Ok(None);
        }
        let mut game: Option<Game> = None;
        if self.request.space.rules.chain {
            game = self.game();
            if game.is_none() {
                return Ok(None);
            }
        }
        let mut live = false;
        if targets.needs_moments() {
            let Some(moments) = self.moments(edited, &mut game, &mut live)? else {
                return Ok(None);
            };
            for (range, value) in [(targets.mean, moments.mean), (targets.sd, moments.std_dev)] {
                let Some(range) = range else { continue };
                w.add(match value {
                    None => NEVER,
                    Some(v) => {
                        let scale = range.width().map_or(1.0, |w| w.clamp(1e-9, 1.0));
                        term(range.distance(v), scale)
                    }
                });
            }
            if w.energy > limit {
                return Ok(None);
            }
        }
        let later = targets.min_rolls.is_some()
            || (targets.no_trap && !live)
            || !targets.within.is_empty()
            || targets.fair.is_some();
        if !later {
            return Ok(Some(w));
        }
        if game.is_none() {
            game = self.game();
        }
        let Some(game) = game else { return Ok(None) };
        let ctl = self.ctl;
        if let Some(span) = targets.min_rolls {
            w.add(match shortest::min_rolls_with(&game, ctl)? {
                None => NEVER,
                Some(m) => term(
                    f64::from(span.lo.saturating_sub(m).max(m.saturating_sub(span.hi))),
                    1.0,
                ),
            });
            if w.energy > limit {
                return Ok(None);
            }
        }
        if targets.no_trap && !live && markov::can_get_stuck_with(&game, ctl)? {
            w.add(TRAP);
            if w.energy > limit {
                return Ok(None);
            }
        }
        if !targets.within.is_empty() || targets.fair.is_some() {
            self.chances(&game, &mut w)?;
        }
        // A distribution cut short by the token says less than it seems.
        ctl.cancel.check()?;
        Ok((w.energy <= limit).then_some(w))
    }

    /// The mean and deviation of the layout: incrementally when the
    /// evaluator holds the board (then every state reaches the goal, and
    /// `live` is set), else by the plain solve of its game (built into
    /// `game`). `None` when the board cannot be weighed.
    fn moments(
        &mut self,
        edited: &[u32],
        game: &mut Option<Game>,
        live: &mut bool,
    ) -> Result<Option<markov::Moments>, Halt> {
        if let Some(inc) = &mut self.inc {
            let rests: Vec<(u32, u32)> = if let Some(g) = game {
                // Under chaining a change can move the rest of every
                // square whose chain passes through it: the starts.
                let mut squares: Vec<u32> = edited.to_vec();
                squares.extend((0..self.layout.jumps()).map(|i| self.layout.start(i)));
                squares.sort_unstable();
                squares.dedup();
                squares.iter().map(|&s| (s, g.rest(s))).collect()
            } else {
                edited
                    .iter()
                    .map(|&s| match self.layout.to(s) {
                        0 => (s, s),
                        to => (s, to),
                    })
                    .collect()
            };
            // `None`: some state cannot reach the goal (or nearly), a board
            // the incremental search does not visit.
            let tried = inc.try_rests(&rests);
            *live = tried.is_some();
            return Ok(tried);
        }
        if game.is_none() {
            *game = self.game();
        }
        let Some(g) = game.as_ref() else {
            return Ok(None);
        };
        match markov::moments_with(g, Unit::Rolls, self.ctl) {
            Ok(m) => Ok(Some(m)),
            Err(markov::MarkovError::Overflow { .. }) => Ok(Some(markov::Moments {
                mean: None,
                variance: None,
                std_dev: None,
                never: 1.0,
            })),
            Err(e) => Err(e.into()),
        }
    }

    /// The energy of the targets on chances (finishing within some rolls,
    /// a fair race), and how many it misses. The distributions stop early,
    /// once what they leave cannot change the answer much, and the figures
    /// read off them are the least they can be: a board that seems to meet
    /// these targets does.
    fn chances(&self, game: &Game, w: &mut Weighed) -> Result<(), Halt> {
        let targets = &self.request.targets;
        let ctl = self.ctl;
        let start = game.start();
        // The distribution of rolls is followed until less than a tenth of
        // the chance a target leaves is in play; the race's, until the
        // chance that no seat has finished is below a twentieth of the
        // fairness asked for.
        let tail_within = targets
            .within
            .iter()
            .map(|w| ((1.0 - w.chance) / 10.0).clamp(1e-12, 1e-2))
            .fold(1e-2, f64::min);
        let tail_fair = targets
            .fair
            .map_or(1e-2, |f| (f.within / 20.0).clamp(1e-12, 1e-2));
        let to = |unit: Unit, tail: f64| markov::LengthOptions {
            unit,
            tail,
            ..markov::LengthOptions::default()
        };
        let bonus = self.space().rules.bonus.is_some();
        let rolls = if targets.within.is_empty() {
            None
        } else {
            let tail = if bonus {
                tail_within
            } else {
                tail_within.min(tail_fair)
            };
            Some(markov::distribution_with(
                game,
                start,
                &to(Unit::Rolls, tail),
                ctl,
            )?)
        };
        for target in &targets.within {
            let d = rolls.as_ref().expect("worked out above");
            let got = d.cdf(target.rolls as usize);
            w.add(term((target.chance - got).max(0.0), 0.01));
        }
        if let Some(fair) = targets.fair {
            let turns = match (&rolls, bonus) {
                (Some(d), false) => d.clone(),
                _ => markov::distribution_with(game, start, &to(Unit::Turns, tail_fair), ctl)?,
            };
            let seats = vec![start; fair.players];
            let r = race::races_with(game, &[&seats], vec![(start, turns)], ctl)?;
            let gap = unfairness(&r[0].win, r[0].unresolved);
            w.add(term(gap - fair.within, fair.within.clamp(1e-6, 0.01)));
        }
        Ok(())
    }
}

/// The edits of one proposal: each square changed, with its jump before.
type Undo = Vec<(u32, u32)>;

/// Proposes a change of one or two jumps and makes it in `layout`,
/// returning what it replaced; `None` when the move drawn finds nothing to
/// do. Every new jump is one the space allows on a square not pinned.
fn propose(space: &Space, layout: &mut Layout, rng: &mut SplitMix64) -> Option<Undo> {
    let n = space.squares;
    let mut undo: Undo = Vec::with_capacity(2);
    let set = |layout: &mut Layout, undo: &mut Undo, s: u32, t: u32| {
        let old = layout.set(space, s, t);
        undo.push((s, old));
    };
    let movable = |layout: &Layout, rng: &mut SplitMix64| -> Option<u32> {
        if layout.jumps() == 0 {
            return None;
        }
        let s = layout.start(rng.below(layout.jumps() as u64) as usize);
        (!layout.is_pinned(s)).then_some(s)
    };
    let free_square = |layout: &Layout, rng: &mut SplitMix64| -> Option<u32> {
        let s = 1 + rng.below(u64::from(n - 1)) as u32;
        (layout.to(s) == 0 && !layout.is_pinned(s)).then_some(s)
    };
    // A random end for a new jump from `s`, a ladder or a snake.
    let new_end = |s: u32, rng: &mut SplitMix64| -> Option<u32> {
        let up = rng.below(2) == 0;
        let ends = space.ends(s, up).or_else(|| space.ends(s, !up))?;
        Some(rng.within(ends))
    };
    match rng.below(100) {
        // The end of a jump moved: nearby, or anywhere its kind fits.
        0..40 => {
            let s = movable(layout, rng)?;
            let old = layout.to(s);
            let mut up = old > s;
            if rng.below(5) == 0 {
                up = !up;
            }
            let ends = space.ends(s, up)?;
            let t = if rng.below(2) == 0 && (old > s) == up {
                let d = 1 + rng.below(3) as u32;
                let t = if rng.below(2) == 0 {
                    old.saturating_add(d)
                } else {
                    old.saturating_sub(d)
                };
                t.clamp(ends.lo, ends.hi)
            } else {
                rng.within(ends)
            };
            if t == old {
                return None;
            }
            set(layout, &mut undo, s, t);
        }
        // A jump slid to another square, nearby or anywhere, keeping its
        // length or its end.
        40..65 => {
            let s = movable(layout, rng)?;
            let old = layout.to(s);
            let s2 = if rng.below(2) == 0 {
                let d = 1 + rng.below(6) as u32;
                if rng.below(2) == 0 {
                    s.saturating_add(d)
                } else {
                    s.saturating_sub(d)
                }
            } else {
                1 + rng.below(u64::from(n - 1)) as u32
            };
            if s2 == s || !(1..n).contains(&s2) || layout.to(s2) != 0 || layout.is_pinned(s2) {
                return None;
            }
            let t2 = if rng.below(2) == 0 {
                // The same length and direction.
                if old > s {
                    s2.checked_add(old - s)?
                } else {
                    s2.checked_sub(s - old)?
                }
            } else {
                old
            };
            if !space.allows(s2, t2) {
                return None;
            }
            set(layout, &mut undo, s, 0);
            set(layout, &mut undo, s2, t2);
        }
        // A jump taken away and a new one put elsewhere.
        65..80 => {
            let s = movable(layout, rng)?;
            let s2 = free_square(layout, rng)?;
            let t2 = new_end(s2, rng)?;
            set(layout, &mut undo, s, 0);
            set(layout, &mut undo, s2, t2);
        }
        // A jump added.
        80..90 => {
            let s = free_square(layout, rng)?;
            let t = new_end(s, rng)?;
            set(layout, &mut undo, s, t);
        }
        // A jump removed.
        _ => {
            let s = movable(layout, rng)?;
            set(layout, &mut undo, s, 0);
        }
    }
    Some(undo)
}

/// Puts back what a proposal replaced.
fn revert(space: &Space, layout: &mut Layout, undo: &Undo) {
    for &(s, old) in undo.iter().rev() {
        layout.set(space, s, old);
    }
}

/// The search of [`super::search`], once the request is known to be
/// possible and admitted.
pub(super) fn run(
    request: &Request,
    ctl: &Control,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Design, DesignError> {
    let mut search = Search {
        request,
        ctl,
        measure_ctl: measuring(ctl),
        boards: Vec::new(),
        keys: Vec::new(),
        best: None,
        candidates: 0,
    };
    let mut stopped = None;
    for run in 0u64.. {
        if let Err(e) = ctl.cancel.check() {
            stopped = Some(e);
            break;
        }
        match search.run(run, progress) {
            Ok(Flow::Next) => {}
            Ok(Flow::Done) => break,
            Err(Halt::Stop(e)) => {
                stopped = Some(e);
                break;
            }
            Err(Halt::Fail(e)) => return Err(e),
        }
    }
    search.finish(stopped)
}

/// The control boards found are measured under: the search's budget,
/// and its deadline put off by [`grace`], but not its flag (a board found
/// before Ctrl-C is still measured and returned, as the closest board
/// is).
fn measuring(ctl: &Control) -> Control {
    let cancel = match ctl.cancel.deadline() {
        Some(deadline) => {
            let time = deadline.saturating_duration_since(Instant::now());
            deadline
                .checked_add(grace(time))
                .map_or_else(Cancel::new, |d| Cancel::new().with_deadline(d))
        }
        None => Cancel::new(),
    };
    Control {
        cancel,
        budget: ctl.budget,
    }
}

/// How long measuring what a search of `time` found may go on past its
/// deadline: a tenth of the time, at least 0.2 s and at most 2 s. A board
/// found just before the deadline is measured in that grace, and one whose
/// measuring takes longer is given up, so that the time bounds the whole
/// search.
pub(super) fn grace(time: Duration) -> Duration {
    (time / 10).clamp(Duration::from_millis(200), Duration::from_secs(2))
}

/// What comes after a run.
enum Flow {
    /// Another run.
    Next,
    /// Enough boards were found.
    Done,
}

/// The search across its runs: what it found, and the closest board so far.
struct Search<'a> {
    request: &'a Request,
    ctl: &'a Control,
    /// Boards are measured in full with the budget and a grace past the
    /// deadline (see [`measuring`]): a board found just before it is
    /// still returned, measured.
    measure_ctl: Control,
    boards: Vec<Found>,
    keys: Vec<Vec<(u32, u32)>>,
    /// The board of least energy yet, with the targets it misses.
    best: Option<(f64, Layout, usize)>,
    candidates: u64,
}

impl<'a> Search<'a> {
    /// The board a run starts from, with its evaluator and its energy;
    /// `None` when the board drawn cannot be weighed (a circle of jumps
    /// under chaining, a state the incremental evaluator cannot hold).
    fn start(&mut self, run: u64, rng: &mut SplitMix64) -> Result<Option<Run<'a>>, Halt> {
        let request = self.request;
        let space = &request.space;
        let tuning = space.from.is_some();
        let layout = if let Some(from) = &space.from {
            Layout::new(space, Some(from))
        } else {
            match (0..10).find_map(|_| Layout::draw(space, rng)) {
                Some(l) => l,
                None if run == 0 => {
                    return Err(Halt::Fail(DesignError::Impossible(vec![format!(
                        "no room was found for {} ladders and {} snakes of {} squares on {} squares",
                        space.ladders, space.snakes, space.length, space.squares
                    )])));
                }
                None => return Ok(None),
            }
        };
        // Tuning: the first run changes one jump at most, the next two, ...
        let cap = tuning.then(|| {
            let grow = u32::try_from(run + 1).unwrap_or(u32::MAX);
            space.changes.map_or(grow, |k| k.min(grow))
        });
        let mut this = Run {
            request,
            ctl: self.ctl,
            layout,
            inc: None,
            energy: 0.0,
            missing: 0,
            cap,
        };
        if request.incremental()
            && let Some(game) = this.game()
        {
            this.inc = Incremental::new(&game, self.ctl)?;
        }
        let weighed = this.weigh(&[], f64::INFINITY)?;
        // The board a run starts from is a candidate weighed like any
        // other: a run that finds its first board at once has weighed one.
        self.candidates += 1;
        match weighed {
            Some(w) => {
                this.energy = w.energy;
                this.missing = w.missing;
                if let Some(inc) = &mut this.inc {
                    inc.commit();
                }
                Ok(Some(this))
            }
            None if tuning => Err(Halt::Fail(DesignError::Impossible(vec![
                "the board to tune cannot be weighed under these rules".into(),
            ]))),
            None => Ok(None),
        }
    }

    /// One run of the annealing, from a board of its own.
    fn run(&mut self, run: u64, progress: &mut dyn FnMut(&Progress)) -> Result<Flow, Halt> {
        let space = &self.request.space;
        let mut rng = SplitMix64::stream(self.request.seed, run);
        let Some(mut this) = self.start(run, &mut rng)? else {
            return Ok(Flow::Next);
        };
        let length = FIRST_RUN << run.min(6);
        let hot = if space.from.is_some() {
            HOT_TUNING
        } else {
            HOT
        };
        let cool = exp_small(ln(COLD / hot) / length as f64);
        let mut temperature = hot;
        let mut taken = true;
        for _ in 0..length {
            if taken && let Some(flow) = self.arrive(&mut this, progress)? {
                return Ok(flow);
            }
            self.candidates += 1;
            if self.candidates.is_multiple_of(64) {
                self.ctl.cancel.check()?;
            }
            if self.candidates.is_multiple_of(4096) {
                progress(&Progress {
                    candidates: self.candidates,
                    found: self.boards.len(),
                    missing: self.best.as_ref().map_or(0, |b| b.2),
                });
            }
            temperature *= cool;
            taken = this.step(&mut rng, temperature)?;
        }
        Ok(Flow::Next)
    }

    /// What the search does on taking a board: note it if it is the closest
    /// yet, and keep it if it meets every target and is new. `Some` ends
    /// the run.
    fn arrive(
        &mut self,
        this: &mut Run<'_>,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Option<Flow>, Halt> {
        if this.energy < self.best.as_ref().map_or(f64::INFINITY, |b| b.0) {
            self.best = Some((this.energy, this.layout.clone(), this.missing));
        }
        if this.energy > 0.0 {
            return Ok(None);
        }
        let key = this.layout.key();
        if !self.keys.contains(&key) {
            // Measuring stopped past the grace ends the search: the board
            // is given up, as not found in the time.
            let found = examine(
                self.request,
                &this.layout,
                self.candidates,
                &self.measure_ctl,
            )?;
            if found.meets_all() {
                self.keys.push(key);
                self.boards.push(found);
                progress(&Progress {
                    candidates: self.candidates,
                    found: self.boards.len(),
                    missing: 0,
                });
                // A new board comes from a new run.
                return Ok(Some(if self.boards.len() >= self.request.count {
                    Flow::Done
                } else {
                    Flow::Next
                }));
            }
        }
        // A board found before, or one the plain analyses find at an edge:
        // keep going, a hair above the energy of a new board that meets all.
        this.energy = f64::MIN_POSITIVE;
        Ok(None)
    }

    /// The answer: the boards found, or else the closest one measured
    /// (none when no candidate was weighed, or its measuring was stopped
    /// past the grace).
    fn finish(mut self, stopped: Option<LimitError>) -> Result<Design, DesignError> {
        let closest = match (self.boards.is_empty(), self.best.take()) {
            (true, Some((_, layout, _))) => {
                match examine(self.request, &layout, self.candidates, &self.measure_ctl) {
                    Ok(found) if found.meets_all() => {
                        self.boards.push(found);
                        None
                    }
                    Ok(found) => Some(found),
                    Err(e) => match Halt::from(e) {
                        Halt::Stop(_) => None,
                        Halt::Fail(e) => return Err(e),
                    },
                }
            }
            _ => None,
        };
        Ok(Design {
            boards: self.boards,
            closest,
            candidates: self.candidates,
            stopped,
        })
    }
}

impl Run<'_> {
    /// One proposal, weighed and taken or put back; `true` when taken.
    fn step(&mut self, rng: &mut SplitMix64, temperature: f64) -> Result<bool, Halt> {
        let space = &self.request.space;
        let before = (
            self.layout.count_off(space),
            self.layout.chains,
            self.layout.bad,
        );
        let Some(undo) = propose(space, &mut self.layout, rng) else {
            return Ok(false);
        };
        let breaks = self.cap.is_some_and(|k| self.layout.changes() > k)
            || self.layout.count_off(space) > before.0
            || (space.no_chains && self.layout.chains > before.1)
            || self.layout.bad > before.2;
        if breaks {
            revert(space, &mut self.layout, &undo);
            return Ok(false);
        }
        // The Metropolis rule, decided before weighing: the candidate is
        // taken when its energy is at most this.
        let unit = ((rng.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64;
        let limit = self.energy - temperature * ln(unit);
        let edited: Vec<u32> = undo.iter().map(|&(s, _)| s).collect();
        let Some(w) = self.weigh(&edited, limit)? else {
            revert(space, &mut self.layout, &undo);
            return Ok(false);
        };
        if let Some(inc) = &mut self.inc {
            inc.commit();
        }
        self.energy = w.energy;
        self.missing = w.missing;
        Ok(true)
    }
}

/// The board of `layout`, measured by the plain analyses and judged.
fn examine(
    request: &Request,
    layout: &Layout,
    candidates: u64,
    ctl: &Control,
) -> Result<Found, DesignError> {
    let board = layout.board();
    let game = Game::new(board.clone(), request.space.rules.clone())?;
    debug_assert_eq!(
        request
            .space
            .from
            .as_ref()
            .map(|from| super::request::changes(from, &board).len() as u32),
        request.space.from.as_ref().map(|_| layout.changes())
    );
    let figures = targets::measure(&game, &request.targets, ctl)?;
    let changed = request
        .space
        .from
        .as_ref()
        .map_or_else(Vec::new, |from| super::request::changes(from, &board));
    let mut verdicts = targets::verdicts(&request.targets, &figures);
    verdicts.extend(
        targets::shape_verdicts(&request.space, &board)
            .into_iter()
            .filter(|v| !v.met),
    );
    Ok(Found {
        board,
        figures,
        verdicts,
        changes: request.space.from.as_ref().map(|_| layout.changes()),
        changed,
        candidates,
    })
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // ln(1) is exactly 0
mod tests {
    use super::*;

    #[test]
    fn the_series_agree_with_the_system() {
        for x in [1e-300f64, 1e-9, 0.3, 0.5, 1.0, 1.5, 2.0, 7.0, 1e6, 1e300] {
            let want = x.ln();
            assert!((ln(x) - want).abs() <= 1e-14 * want.abs().max(1.0), "{x}");
        }
        assert_eq!(ln(1.0), 0.0);
        for x in [-1.0, -0.3, -1e-5, 0.0, 0.7, 1.0] {
            assert!((exp_small(x) - f64::exp(x)).abs() <= 1e-15, "{x}");
        }
    }
}
