//! The length of a game with a real die on a board of any length: the mean
//! and variance of the number of rolls, each with a bound on its error,
//! and the chance of never finishing.
//!
//! The game is the absorbing Markov chain of [`crate::markov`], watched only
//! on the squares kept one by one (see the [module](super)): a roll near a
//! jump is one step, and a roll into a stretch is a step to wherever the
//! pawn first lands past it, with the chances, and the moments of the
//! rolls taken, of the stretch's crossing. The unknowns are the mean and
//! second moment from each kept square, solved together as dual numbers (`x + εy`, `ε² = 0`: a step of
//! `τ` rolls to `w` with chance `p` is the coefficient `p + ε·2E[τ; w]` and
//! adds `E[τ] + ε·E[τ²]`), in double-double precision, by a frontal
//! elimination from the last square down that carries only the unknowns
//! snakes and bounces lead back to, as [`crate::markov`]'s does.
//!
//! The elimination only adds, multiplies and divides numbers that are not
//! negative: each pivot is the chance of leaving its square, summed from
//! its parts, never one less the chance of staying. By the Markov chain
//! tree theorem the mean from the start is a ratio of sums of products of
//! at most `n` chances, `n` the unknowns, so a relative change of `δ` in
//! every chance changes it by at most about `2nδ`; the rounding of the
//! elimination amounts to such a change with `δ` the roundings an entry
//! goes through times the unit of the arithmetic (Grassmann, Taksar and
//! Heyman's argument, as O'Cinneide made it for the stationary chances).
//! [`Moments`] states the resulting first-order bound with each answer,
//! together with the bound on the crossings' closed forms and the rounding
//! to `f64`.

// The names of the mathematics: u and t squares, k rows, p chances.
#![allow(clippy::many_single_char_names)]

use crate::limits::{self, Control, Estimate, LimitError, Meter};
use crate::markov::dd::{DD, DDual, UNIT};
use crate::markov::front::{Front, NONE};
use crate::markov::solve::FillIn;
use crate::sparse::crossing::{self, Crossing, Sums, SumsTable};
use crate::sparse::layout::{self, Layout};
use crate::sparse::{SparseError, SparseGame, Unsupported};

/// The mean and variance of the number of rolls from the start, each with
/// a bound on its error, and the chance of never finishing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Moments {
    /// The expected number of rolls; `None` when the game may never end.
    pub mean: Option<f64>,
    /// A bound on the error of `mean`, in rolls.
    pub mean_error: f64,
    /// The variance; `None` when the game may never end.
    pub variance: Option<f64>,
    /// A bound on the error of `variance`.
    pub variance_error: f64,
    /// The standard deviation; `None` when the game may never end.
    pub std_dev: Option<f64>,
    /// A bound on the error of `std_dev`.
    pub std_dev_error: f64,
    /// The chance that the game never ends.
    pub never: f64,
    /// A bound on the error of `never`.
    pub never_error: f64,
}

/// The mean and variance of the number of rolls from the start of `game`,
/// and the chance of never finishing.
///
/// # Errors
///
/// [`SparseError::Unsupported`] under a bonus limit, or for a die whose
/// chances mix too slowly for the crossings' tables; [`SparseError::Limit`]
/// when the tables cannot be allocated.
///
/// # Examples
///
/// ```
/// use snl::sparse::{SparseBoard, SparseGame};
/// use snl::Rules;
///
/// // The empty board of 100 squares from square 1, exact finish: the
/// // published 33.0476190476 rolls.
/// let game = SparseGame::new(SparseBoard::new(100, [])?, Rules::default())?;
/// let m = snl::sparse::markov::moments(&game)?;
/// let mean = m.mean.unwrap();
/// assert!((mean - 33.0476190476).abs() < 1e-10);
/// assert!(m.mean_error < 1e-13);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn moments(game: &SparseGame) -> Result<Moments, SparseError> {
    moments_with(game, &Control::default())
}

/// [`moments`] under a [`Control`]: refused up front when [`estimate`], or
/// the elimination's cost once its plan is known, is over the budget;
/// stopped when the token is set.
///
/// # Errors
///
/// As [`moments`], and [`SparseError::Limit`] when refused or stopped.
pub fn moments_with(game: &SparseGame, ctl: &Control) -> Result<Moments, SparseError> {
    if game.rules().bonus_limit().is_some() {
        return Err(Unsupported::BonusLimit.into());
    }
    if game.starts_finished() {
        return Ok(Moments {
            mean: Some(0.0),
            mean_error: 0.0,
            variance: Some(0.0),
            variance_error: 0.0,
            std_dev: Some(0.0),
            std_dev_error: 0.0,
            never: 0.0,
            never_error: 0.0,
        });
    }
    // Laid out once, for the estimate and the system.
    let spans = layout::zones(game, game.rules().die.max(), gap(game), true);
    ctl.admit("the mean and variance", estimate_of(game, spans))?;
    let system = System::new(game, spans, ctl)?;
    system.solve(ctl)
}

/// The fewest plain squares between zones: a roll from a zone's exit must
/// land in the stretch, at least one square before its end. The crossings
/// of shorter stretches come from the tables, of longer ones from the
/// closed forms.
fn gap(game: &SparseGame) -> u64 {
    u64::from(game.rules().die.max()) + 1
}

/// How many squares the solve keeps one by one on `game` (each an unknown,
/// when the start reaches it and it reaches the end): what its work grows
/// with.
pub fn kept_squares(game: &SparseGame) -> u64 {
    layout::node_count(layout::zones(game, game.rules().die.max(), gap(game), true))
}

/// The memory and work of [`moments`] before the elimination's plan is
/// known: the zones' squares with the tables kept for each, the steps of
/// every square kept forwards and backwards, and the rows played once
/// (for the squares the start reaches: the steps found then serve those
/// that reach the end and the plan). The elimination itself is refused
/// later if its plan is over the budget.
pub fn estimate(game: &SparseGame) -> Estimate {
    estimate_of(
        game,
        layout::zones(game, game.rules().die.max(), gap(game), true),
    )
}

/// [`estimate`] from the zones of `game`.
fn estimate_of(game: &SparseGame, spans: &[layout::Interval]) -> Estimate {
    let die = &game.rules().die;
    let k = f64::from(die.max());
    let faces = die.values().count() as f64;
    let nodes = layout::node_count(spans) as f64;
    // The crossings' tables take a few hundred distances for common dice,
    // and their sums' at most `TABLE_ENTRIES`, and half the nodes.
    let entries = 1024.0 + (crossing::TABLE_ENTRIES as f64).min(nodes / 2.0);
    let table = Estimate::from_f64(
        (2.0 * k + 2.0) * 16.0 * entries,
        (2.0 * k + 2.0) * faces * 40.0 * entries,
    );
    let terms = faces + k;
    let memory = nodes * (4.0 + 1.0 + 3.0 + 4.0 + 4.0 + 10.0 + 8.0 * terms + 8.0 + 4.0)
        + 48.0 * spans.len() as f64;
    let work = nodes * terms * 60.0 * 2.0;
    table.and(Estimate::from_f64(memory, work))
}

/// Where a step leads, as the elimination sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    /// An unknown.
    Node(u32),
    /// The last square.
    Exit,
    /// A square from which the last cannot be reached.
    Dead,
}

/// The system of a game: its layout, the crossings, and the unknowns.
struct System<'g> {
    game: &'g SparseGame,
    layout: Layout,
    crossing: Crossing,
    /// The crossings' sums looked up, where that is quicker.
    table: Option<SumsTable>,
    /// `(value, chance)` of each face.
    faces: Vec<(u32, DD)>,
    /// The unknowns: squares the start reaches from which the end can be
    /// reached.
    active: Vec<bool>,
    /// Whether a square the start reaches cannot reach the end.
    stuck: bool,
    /// The number of unknowns.
    unknowns: usize,
    /// Where each step from a square the start reaches leads, as
    /// [`System::visit`] gives them without values: those of node `u` are
    /// `steps[span[u].0 as usize..span[u].1 as usize]`. Found once by
    /// [`System::find_unknowns`], they serve it again backwards and shape
    /// the elimination's plan without working the crossings out again
    /// (each pass over the steps took about as long as the plan).
    steps: Vec<u32>,
    span: Vec<(u32, u32)>,
}

/// One row of the system as it is built: where each step leads, and what
/// it adds.
#[derive(Default)]
struct Row {
    terms: Vec<(Target, DDual)>,
    constant: DDual,
    dead: DD,
    /// The crossings worked on.
    sums: Sums,
}

impl<'g> System<'g> {
    /// The system of `game`, whose zones (with lone rests) are `spans`.
    fn new(
        game: &'g SparseGame,
        spans: &[layout::Interval],
        ctl: &Control,
    ) -> Result<System<'g>, SparseError> {
        let die = &game.rules().die;
        let crossing = Crossing::new(die).ok_or(Unsupported::SlowDie)?;
        let layout = Layout::of_intervals(game, die.max(), spans)?;
        let faces = crossing::chances(die);
        let table = crossing.table(&faces, layout.nodes());
        let mut s = System {
            game,
            crossing,
            table,
            faces,
            active: Vec::new(),
            stuck: false,
            unknowns: 0,
            steps: Vec::new(),
            span: Vec::new(),
            layout,
        };
        s.find_unknowns(&mut ctl.meter())?;
        Ok(s)
    }

    /// Every step from node `u`, of zone `z`: `f(node, coefficient)` for
    /// each node a step may lead to (the node it rests on), with the
    /// coefficient as a dual number when `values` is set (zero otherwise);
    /// the constant of the row goes into `constant`.
    fn visit(
        &self,
        u: u32,
        z: usize,
        values: bool,
        sums: &mut Sums,
        constant: &mut DDual,
        mut f: impl FnMut(u32, DDual),
    ) {
        let l = &self.layout;
        let zone = &l.zones[z];
        let square = zone.first + u64::from(u - zone.node);
        let k = l.k as usize;
        let two = DD::from_f64(2.0);
        // The faces are by value: those from `into` on roll into the
        // stretch after the zone.
        let mut into = self.faces.len();
        for (i, &(v, p)) in self.faces.iter().enumerate() {
            let one_roll = if values {
                DDual {
                    re: p,
                    eps: two * p,
                }
            } else {
                DDual::ZERO
            };
            match self.game.land(square, v) {
                None => f(u, one_roll),
                Some(land) if land <= zone.last => {
                    let x = zone.node + (land - zone.first) as u32;
                    f(l.target[x as usize], one_roll);
                }
                Some(_) => {
                    into = i;
                    break;
                }
            }
            if values {
                constant.add(DDual { re: p, eps: p });
            }
        }
        if into == self.faces.len() {
            return;
        }
        let (x0, b) = l.entry(z);
        let d0 = b - square;
        if !values {
            // The offsets past the stretch some face may land on first (a
            // table of them cleared for every square cost more than the
            // rest of the visit).
            for j in 0..k {
                if self.faces[into..]
                    .iter()
                    .any(|&(v, _)| !self.crossing.landings(d0 - u64::from(v))[j].is_zero())
                {
                    f(l.target[x0 as usize + j], DDual::ZERO);
                }
            }
            return;
        }
        if !self.table.as_ref().is_some_and(|t| t.get(d0, into, sums)) {
            self.crossing.sums(d0, &self.faces[into..], sums);
        }
        for j in 0..k {
            if !sums.q[j].is_zero() {
                let c = DDual {
                    re: sums.q[j],
                    eps: two * sums.qm[j],
                };
                f(l.target[x0 as usize + j], c);
            }
        }
        constant.add(DDual {
            re: sums.n,
            eps: sums.s,
        });
    }

    /// The row of unknown `u`, of zone `z`, its targets classified.
    fn row(&self, u: u32, z: usize, values: bool, row: &mut Row) {
        row.terms.clear();
        row.constant = DDual::ZERO;
        row.dead = DD::ZERO;
        let mut sums = std::mem::take(&mut row.sums);
        let mut constant = DDual::ZERO;
        let goal = self.layout.goal;
        self.visit(u, z, values, &mut sums, &mut constant, |t, c| {
            let target = if t == goal {
                Target::Exit
            } else if self.active[t as usize] {
                Target::Node(t)
            } else {
                row.dead = row.dead + c.re;
                Target::Dead
            };
            row.terms.push((target, c));
        });
        row.constant = constant;
        row.sums = sums;
    }

    /// The squares the start reaches, those of them from which the end can
    /// be reached, and whether some cannot.
    fn find_unknowns(&mut self, meter: &mut Meter<'_>) -> Result<(), LimitError> {
        let l = &self.layout;
        let nodes = l.nodes();
        let mut sums = Sums::default();
        let mut constant = DDual::ZERO;
        // The steps of every square, in order: a zone at a time, where
        // looking each square's zone up cost more than its steps. The
        // squares the start does not reach are rare, and the estimate
        // counts every square.
        let mut span = limits::vec_of(nodes, (0u32, 0u32), "the steps of each square")?;
        let mut steps: Vec<u32> =
            limits::with_capacity(nodes * self.faces.len(), "the steps of each square")?;
        for (z, zone) in l.zones.iter().enumerate() {
            let end = l.zones.get(z + 1).map_or(nodes as u32, |next| next.node);
            for u in zone.node..end {
                meter.add(self.faces.len() as u64 * 8)?;
                if u == l.goal {
                    continue;
                }
                let begin = steps.len();
                self.visit(u, z, false, &mut sums, &mut constant, |t, _| steps.push(t));
                // At most `faces + k` steps a square, on fewer than 2^32 / 2^6
                // squares (the layout's limit).
                span[u as usize] = (begin as u32, steps.len() as u32);
            }
        }
        // Forward from the start over the steps.
        let mut reached = limits::vec_of(nodes, false, "the squares reached")?;
        let mut pending = vec![l.start];
        reached[l.start as usize] = true;
        while let Some(u) = pending.pop() {
            let (begin, end) = span[u as usize];
            for &t in &steps[begin as usize..end as usize] {
                if !reached[t as usize] {
                    reached[t as usize] = true;
                    pending.push(t);
                }
            }
        }
        // The steps again, by the square they lead to.
        let mut into = limits::vec_of(nodes + 1, 0u32, "the steps into each square")?;
        for &t in &steps {
            into[t as usize + 1] += 1;
        }
        for i in 0..nodes {
            into[i + 1] += into[i];
        }
        let mut from = limits::vec_of(steps.len(), 0u32, "the steps into each square")?;
        let mut fill = into.clone();
        for (u, &(begin, end)) in span.iter().enumerate() {
            for &t in &steps[begin as usize..end as usize] {
                from[fill[t as usize] as usize] = u as u32;
                fill[t as usize] += 1;
            }
        }
        drop(fill);
        // Backward from the end over the steps taken.
        let mut live = limits::vec_of(nodes, false, "the squares that reach the end")?;
        live[l.goal as usize] = true;
        pending.push(l.goal);
        while let Some(t) = pending.pop() {
            let t = t as usize;
            for &u in &from[into[t] as usize..into[t + 1] as usize] {
                if !live[u as usize] {
                    live[u as usize] = true;
                    pending.push(u);
                }
            }
        }
        let mut active = reached;
        let mut stuck = false;
        let mut unknowns = 0;
        for (u, a) in active.iter_mut().enumerate() {
            stuck |= *a && !live[u];
            *a &= live[u] && u != l.goal as usize;
            unknowns += usize::from(*a);
        }
        self.active = active;
        self.stuck = stuck;
        self.unknowns = unknowns;
        self.steps = steps;
        self.span = span;
        Ok(())
    }

    fn solve(&self, ctl: &Control) -> Result<Moments, SparseError> {
        let start = self.layout.start;
        let infinite = |never: f64, never_error: f64| Moments {
            mean: None,
            mean_error: 0.0,
            variance: None,
            variance_error: 0.0,
            std_dev: None,
            std_dev_error: 0.0,
            never,
            never_error,
        };
        if !self.active[start as usize] {
            return Ok(infinite(1.0, 0.0));
        }
        let plan = Plan::new(self, &mut ctl.meter())?;
        ctl.admit("the elimination of the mean and variance", plan.estimate())?;
        if self.stuck {
            let dead = |row: &Row| DDual {
                re: row.dead,
                eps: DD::ZERO,
            };
            let ((p, _), bound) = eliminate::<DD>(self, &plan, dead, ctl)?;
            let never = p.to_f64().clamp(0.0, 1.0);
            return Ok(infinite(never, bound * never + f64::EPSILON * never));
        }
        let ((mean, second), bound) = eliminate::<DDual>(self, &plan, |row| row.constant, ctl)?;
        let variance = second - mean * mean;
        let (m, s, v) = (mean.to_f64(), second.to_f64(), variance.to_f64());
        if !m.is_finite() || !s.is_finite() {
            return Err(SparseError::Overflow);
        }
        // Rounding to f64: half a unit in the last place, relative.
        let to_f64 = f64::EPSILON / 2.0;
        let mean_error = bound * m + to_f64 * m;
        let variance_error = bound * s
            + (2.0 * bound + bound * bound) * m * m
            + UNIT * (s + m * m)
            + to_f64 * v.abs();
        let v = v.max(0.0);
        let sd = variance.sqrt().to_f64();
        // √(v ± e) is within e / √v of √v, and within √e when v is small.
        let sd_error = if v > 0.0 {
            (variance_error / sd).min(variance_error.sqrt())
        } else {
            variance_error.sqrt()
        } + to_f64 * sd;
        Ok(Moments {
            mean: Some(m),
            mean_error,
            variance: Some(v),
            variance_error,
            std_dev: Some(sd),
            std_dev_error: sd_error,
            never: 0.0,
            never_error: 0.0,
        })
    }
}

/// The shape of the elimination, worked out before any arithmetic (as in
/// [`crate::markov`]'s solver): for each unknown the lowest row that refers
/// to it from below, and the most unknowns open and expressions kept.
struct Plan {
    lo: Vec<u32>,
    open: usize,
    kept: usize,
    /// Arithmetic the elimination will take, in operations on dual
    /// double-doubles.
    work: f64,
    /// The most terms of a row.
    width: usize,
}

impl Plan {
    fn new(system: &System<'_>, meter: &mut Meter<'_>) -> Result<Plan, LimitError> {
        let n = system.layout.nodes();
        let mut fill = FillIn::new(n, meter.cancel())?;
        let goal = system.layout.goal;
        for k in (0..n).rev() {
            if !system.active[k] {
                continue;
            }
            let (begin, end) = system.span[k];
            let steps = &system.steps[begin as usize..end as usize];
            meter.add(steps.len() as u64 * 4)?;
            let targets = steps
                .iter()
                .copied()
                .filter(|&t| t != goal && system.active[t as usize]);
            fill.row(k, steps.len(), targets);
        }
        let shape = fill.finish(|j| system.active[j], meter.cancel())?;
        Ok(Plan {
            lo: shape.lo,
            open: shape.open,
            // The start's expression is kept too.
            kept: shape.kept + 1,
            work: shape.work,
            width: shape.width,
        })
    }

    /// The memory and work of the elimination: the open expressions, the
    /// places of the unknowns; about 60 units a dual double-double
    /// operation.
    fn estimate(&self) -> Estimate {
        let stride = self.open as f64 + 2.0;
        Estimate::from_f64(
            (self.kept as f64 + 2.0) * stride * 32.0 + self.lo.len() as f64 * 8.0,
            self.work * 60.0,
        )
    }
}

/// The numbers the elimination runs on: double-doubles for the chance of
/// never finishing, their duals for the mean and second moment. Every
/// number it meets is not negative.
trait Num: Copy {
    const ZERO: Self;
    /// The relative error of one operation.
    const UNIT: f64;
    /// The value and its ε part (zero for plain numbers).
    fn parts(self) -> (DD, DD);
    fn of(d: DDual) -> Self;
    fn add(&mut self, a: Self);
    fn add_mul(&mut self, a: Self, b: Self);
    fn mul(self, a: Self) -> Self;
    fn is_zero(self) -> bool;
    fn re(self) -> DD;
    /// `1 / (1 - own)` from `leaving`, the real part of `1 - own` summed
    /// from the chances of leaving.
    fn inverse_pivot(own: Self, leaving: DD) -> Self;
}

impl Num for DD {
    const ZERO: DD = DD::ZERO;
    const UNIT: f64 = UNIT;
    fn parts(self) -> (DD, DD) {
        (self, DD::ZERO)
    }
    fn of(d: DDual) -> DD {
        d.re
    }
    fn add(&mut self, a: DD) {
        *self = self.add_same_sign(a);
    }
    fn add_mul(&mut self, a: DD, b: DD) {
        *self = self.add_same_sign(a * b);
    }
    fn mul(self, a: DD) -> DD {
        self * a
    }
    fn is_zero(self) -> bool {
        DD::is_zero(self)
    }
    fn re(self) -> DD {
        self
    }
    fn inverse_pivot(_: DD, leaving: DD) -> DD {
        leaving.recip()
    }
}

// Inlined into the elimination's loops, as the operations themselves (see
// `markov::dd`).
#[allow(clippy::inline_always)]
impl Num for DDual {
    const ZERO: DDual = DDual::ZERO;
    const UNIT: f64 = UNIT;
    fn parts(self) -> (DD, DD) {
        (self.re, self.eps)
    }
    fn of(d: DDual) -> DDual {
        d
    }
    #[inline(always)]
    fn add(&mut self, a: DDual) {
        DDual::add(self, a);
    }
    #[inline(always)]
    fn add_mul(&mut self, a: DDual, b: DDual) {
        DDual::add_mul(self, a, b);
    }
    #[inline(always)]
    fn mul(self, a: DDual) -> DDual {
        DDual::mul(self, a)
    }
    fn is_zero(self) -> bool {
        DDual::is_zero(self)
    }
    fn re(self) -> DD {
        self.re
    }
    /// `1 / (r - ε·e)` is `1/r + ε·e/r²`, with `r` the chance of leaving
    /// and `e` the ε part of the chance of staying: not negative.
    fn inverse_pivot(own: DDual, leaving: DD) -> DDual {
        let inv = leaving.recip();
        DDual {
            re: inv,
            eps: own.eps * inv * inv,
        }
    }
}

/// The unknowns from the highest down, each with its zone.
fn unknowns_down<'a>(system: &'a System<'_>) -> impl Iterator<Item = (usize, usize)> + 'a {
    let zones = &system.layout.zones;
    let mut z = zones.len() - 1;
    (0..system.layout.nodes())
        .rev()
        .filter(|&k| system.active[k])
        .map(move |k| {
            while zones[z].node as usize > k {
                z -= 1;
            }
            (k, z)
        })
}

/// The start's unknown of `x = c + Q x` by frontal elimination from the
/// highest unknown down, keeping only the expressions rows below will need
/// and the start's; `rhs` gives each row's constant. Returns it with the
/// relative bound on its error.
// One pass with its bookkeeping side by side reads better than split up.
#[allow(clippy::too_many_lines)]
fn eliminate<T: Num>(
    system: &System<'_>,
    plan: &Plan,
    rhs: impl Fn(&Row) -> DDual,
    ctl: &Control,
) -> Result<((DD, DD), f64), LimitError> {
    let mut meter = ctl.meter();
    let n = system.layout.nodes();
    let at = system.layout.start as usize;
    let open = plan.open;
    let kept = plan.kept;
    // The open unknowns and the kept expressions; an expression is
    // [constant, chance of leaving the system, one coefficient per slot].
    let mut front = Front::new(n, open, kept, T::ZERO, &ctl.cancel)?;
    let stride = front.stride();
    // How many substitutions each kept expression has been through.
    let mut pool_updates = limits::vec_of(kept, 0u32, "the solver's tables")?;
    let mut work = vec![T::ZERO; stride];
    let mut row = Row::default();
    let mut most_updates = 0u32;
    for (k, z) in unknowns_down(system) {
        system.row(k as u32, z, true, &mut row);
        meter.add((row.terms.len() * stride) as u64 * 8 + 16)?;
        for w in &mut work[..front.width()] {
            *w = T::ZERO;
        }
        work[0] = T::of(rhs(&row));
        let mut own = T::ZERO;
        let mut updates = 0u32;
        for &(t, c) in &row.terms {
            let p = T::of(c);
            match t {
                Target::Exit | Target::Dead => work[1].add(p),
                Target::Node(t) if t as usize == k => own.add(p),
                Target::Node(t) if t as usize > k => {
                    let r = front.place[t as usize] as usize;
                    updates = updates.max(pool_updates[r]);
                    for (w, &e) in work.iter_mut().zip(front.kept(t as usize)) {
                        w.add_mul(p, e);
                    }
                }
                Target::Node(t) => work[front.open(t as usize)].add(p),
            }
        }
        let slot = front.slot_of(k);
        if let Some(s) = slot {
            let c = std::mem::replace(&mut work[s], T::ZERO);
            own.add(c);
        }
        let width = front.width();
        // The pivot from the chances of leaving: the exits and the
        // unknowns still open.
        let mut leaving = work[1].re();
        for w in &work[2..width] {
            leaving = leaving + w.re();
        }
        let inverse = T::inverse_pivot(own, leaving);
        for w in &mut work[..width] {
            if !w.is_zero() {
                *w = w.mul(inverse);
            }
        }
        if let Some(s) = slot {
            // Every kept expression that refers to k now refers to k's
            // expression instead.
            let substitute = |r: usize, e: &mut [T]| {
                meter.add(stride as u64 * 8)?;
                let f = std::mem::replace(&mut e[s], T::ZERO);
                for (e, &w) in e.iter_mut().zip(&work) {
                    e.add_mul(f, w);
                }
                pool_updates[r] = pool_updates[r].max(updates) + 1;
                most_updates = most_updates.max(pool_updates[r]);
                Ok(())
            };
            front.each_referring(s, substitute, |e: &T| e.is_zero())?;
            front.close(k);
        }
        if plan.lo[k] != NONE || k == at {
            let r = front.keep(k, &work);
            pool_updates[r] = updates + 1;
        }
        for &(t, _) in &row.terms {
            let Target::Node(t) = t else { continue };
            let t = t as usize;
            if t > k && t != at && plan.lo[t] == k as u32 {
                front.release(t);
            }
        }
    }
    let x = *front.constant(at).expect("the start is an unknown, kept");
    // Each entry goes through at most `width + open + 2` roundings as its
    // row is formed and normalised, and a few more each time an
    // expression is substituted into it.
    let per_entry = (plan.width + plan.open + 4) as f64 + 4.0 * f64::from(most_updates);
    // The chances themselves are double-doubles, rounded to T.
    let delta = (per_entry + 1.0) * T::UNIT + system.crossing.error;
    let bound = 2.0 * system.unknowns as f64 * delta;
    Ok((x.parts(), bound))
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod vs_dense;
