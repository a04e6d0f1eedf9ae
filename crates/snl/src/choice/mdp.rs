//! The decision process behind [`super::solve`]: every state's faces under
//! every die, the policy's rows for the linear solver, policy iteration in
//! floating point and in exact fractions.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::game::{Game, Pawn, States};
use crate::limits::{self, Control, LimitError};
use crate::markov::solve::{self, Keep, Rows, Solver};
use crate::rules::{Die, Rules};

use super::error::{ChoiceError, MAX_ROUNDS};

/// Where a move ends before the choice of a jump is made: the goal, a
/// state to rest in, or the start of a jump (the state the pawn rests in
/// if it stays), coded in one number.
const EXIT: u32 = u32::MAX;

/// The rank of a state outside the search for the goal.
const NOT: u32 = u32::MAX;

/// The decision process: every state's faces under every die, to a
/// resting state or to a pending choice at a jump's start.
pub(super) struct Mdp<'g> {
    game: &'g Game,
    pub(super) states: States,
    /// The chances of every die's faces, one die after another.
    coef: Vec<f64>,
    /// Every die's integer weights and total, for the exact solves.
    weights: Vec<(u64, u64)>,
    /// `offset[d]..offset[d + 1]`: die `d`'s faces in `coef`.
    offset: Vec<usize>,
    /// `arrive[k * faces + offset[d] + i]`: where face `i` of die `d`
    /// leads from state `k`, [`EXIT`], a resting state `j < n`, or `n + j`
    /// for the choice at the jump that starts at state `j`'s position.
    arrive: Vec<u32>,
    /// For a state at a jump's start: where taking the jump leads, coded
    /// as in `arrive`.
    next: Vec<u32>,
    /// Whether the jump at each state's position may be declined.
    optional: Vec<bool>,
    /// Whether each state is the goal's.
    goal: Vec<bool>,
}

/// The expected rolls still to go from a resting state or [`EXIT`], of
/// the `safe` states' `values`: none (infinite) from a state that may
/// never finish.
fn rolls_to_go<'a>(values: &'a [f64], safe: &'a [bool]) -> impl Fn(u32) -> f64 + Copy + 'a {
    move |j: u32| match j {
        EXIT => 0.0,
        j if safe[j as usize] => values[j as usize],
        _ => f64::INFINITY,
    }
}

/// Whether `alt` is better (fewer expected rolls) than `cur` by more than
/// the solver's rounding. The solver stops when its estimated error is
/// below 10⁻¹³ of the values (`markov::solve`), so a margin of 10⁻¹⁰ of
/// the larger value (at least 1 roll, the least any state not at the goal
/// has to go) is a thousand times what rounding can make of two equal
/// values: closer than that, they tie.
fn better(cur: f64, alt: f64) -> bool {
    if cur.is_infinite() {
        alt < cur
    } else {
        alt < cur - 1e-10 * cur.abs().max(1.0)
    }
}

/// A policy while it is worked on: one die a state, one stay a state.
#[derive(Debug, Clone)]
pub(super) struct Working {
    pub(super) die: Vec<u16>,
    pub(super) decline: Vec<bool>,
}

impl<'g> Mdp<'g> {
    pub(super) fn new(game: &'g Game, dice: &[Die], ctl: &Control) -> Result<Mdp<'g>, LimitError> {
        let states = game.states();
        let n = states.len();
        let goal = game.goal();
        let board = game.board();
        let chain = game.rules().chain;
        let optional_rule = game.rules().optional;
        let mut offset = vec![0];
        let mut coef = Vec::new();
        let mut weights = Vec::new();
        for die in dice {
            for (v, p) in die.chances() {
                coef.push(p);
                weights.push((die.weight(v), die.total()));
            }
            offset.push(coef.len());
        }
        let faces = coef.len();
        // One game a die, so that every move is the game's own.
        let games: Vec<Game> = dice
            .iter()
            .map(|die| {
                let (board, rules) = (game.board().clone(), game.rules().clone());
                Game::new(
                    board,
                    Rules {
                        die: die.clone(),
                        ..rules
                    },
                )
                .expect("the same board under another die is playable")
            })
            .collect();
        let mut arrive = limits::with_capacity(n.saturating_mul(faces), "the table of moves")?;
        let mut next = limits::vec_of(n, EXIT, "the table of jumps")?;
        let mut optional = limits::vec_of(n, false, "the table of jumps")?;
        let mut is_goal = limits::vec_of(n, false, "the table of jumps")?;
        let mut meter = ctl.meter();
        let code = |pawn: Pawn| -> u32 {
            if pawn.at == goal {
                EXIT
            } else {
                states.index(pawn) as u32
            }
        };
        for k in 0..n {
            meter.add(faces as u64 * 4)?;
            let pawn = states.pawn(k);
            is_goal[k] = pawn.at == goal;
            if let Some(to) = board.jump(pawn.at) {
                optional[k] = optional_rule.covers(pawn.at, to);
                let rest = Pawn { at: to, ..pawn };
                next[k] = match code(rest) {
                    EXIT => EXIT,
                    j if chain && board.jump(to).is_some() => n as u32 + j,
                    j => j,
                };
            }
            for g in &games {
                for v in g.rules().die.values() {
                    if pawn.at == goal {
                        arrive.push(EXIT);
                        continue;
                    }
                    let played = g.play(pawn, v);
                    let to = match played.moved {
                        Some(m) if m.jumped() && !played.reset => {
                            let stay = g.rest_after(pawn, v, m.land);
                            n as u32 + states.index(stay) as u32
                        }
                        _ => code(played.pawn),
                    };
                    arrive.push(to);
                }
            }
        }
        Ok(Mdp {
            game,
            states,
            coef,
            weights,
            offset,
            arrive,
            next,
            optional,
            goal: is_goal,
        })
    }

    fn n(&self) -> usize {
        self.states.len()
    }

    /// The states a game from `start` under `policy` comes to rest in;
    /// none when the best play may never finish.
    pub(super) fn reached(&self, policy: &Working, safe: &[bool], start: usize) -> Vec<bool> {
        let mut seen = vec![false; self.n()];
        if self.goal[start] || !safe[start] {
            return seen;
        }
        let through = self.through(policy);
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(k) = stack.pop() {
            for &a in self.row(k, usize::from(policy.die[k])) {
                let rest = self.resolve(a, &through);
                if rest != EXIT && !seen[rest as usize] {
                    seen[rest as usize] = true;
                    stack.push(rest as usize);
                }
            }
        }
        seen
    }

    /// Whether a jump starts at state `k`'s position: a pawn that would
    /// rest there makes the choice first.
    fn pending(&self, k: usize) -> bool {
        !self.goal[k] && self.game.board().jump(self.states.position(k)).is_some()
    }

    fn faces(&self) -> usize {
        self.coef.len()
    }

    fn dice(&self) -> usize {
        self.offset.len() - 1
    }

    /// The arrivals of die `d` from state `k`, one a face.
    fn row(&self, k: usize, d: usize) -> &[u32] {
        let base = k * self.faces();
        &self.arrive[base + self.offset[d]..base + self.offset[d + 1]]
    }

    /// Where a pawn at each jump's start comes to rest under `policy`
    /// (coded as a resting state or [`EXIT`]); `EXIT` elsewhere too,
    /// unused.
    pub(super) fn through(&self, policy: &Working) -> Vec<u32> {
        let n = self.n();
        let mut through = vec![u32::MAX - 1; n];
        let mut trail = Vec::new();
        for k in 0..n {
            if !self.pending(k) {
                continue;
            }
            // Walk the chain of pending choices to a resting place.
            let mut at = k;
            let end = loop {
                if through[at] != u32::MAX - 1 {
                    break through[at];
                }
                trail.push(at);
                if self.optional[at] && policy.decline[at] {
                    break at as u32;
                }
                match self.next[at] {
                    EXIT => break EXIT,
                    j if j as usize >= n => at = j as usize - n,
                    j => break j,
                }
            };
            for &t in &trail {
                through[t] = end;
            }
            trail.clear();
        }
        through
    }

    /// The resting state (or [`EXIT`]) of an arrival code under the
    /// policy whose `through` this is.
    #[inline]
    fn resolve(&self, a: u32, through: &[u32]) -> u32 {
        match a {
            EXIT => EXIT,
            a if (a as usize) < self.n() => a,
            a => through[a as usize - self.n()],
        }
    }

    /// The values of `policy` over the `safe` states: `x = rhs + Q x`.
    pub(super) fn evaluate(
        &self,
        policy: &Working,
        through: &[u32],
        safe: &[bool],
        rhs: impl Fn(usize) -> f64,
        ctl: &Control,
    ) -> Result<Vec<f64>, ChoiceError> {
        let rows = PolicyRows {
            mdp: self,
            policy,
            through,
            safe,
        };
        let solver = Solver::new(&rows, 1, Keep::All, ctl)?;
        Ok(solver.solve(&self.coef, rhs, ctl)?)
    }

    /// The value of every pending choice, downstream first along chains
    /// of jumps: `go[k]`, taking the jump at state `k`, and `best[k]`,
    /// arriving at its choice, which under chaining may stop on a later
    /// start. `value` is that of a resting state or [`EXIT`]; `choose(k,
    /// go, stay)` makes the choice at each optional jump and gives its
    /// value. NaN at the states where no jump starts.
    fn choices(
        &self,
        value: impl Fn(u32) -> f64,
        mut choose: impl FnMut(usize, f64, f64) -> f64,
    ) -> (Vec<f64>, Vec<f64>) {
        let n = self.n();
        let mut go = vec![f64::NAN; n];
        let mut best = vec![f64::NAN; n];
        let mut trail = Vec::new();
        for k in 0..n {
            if !self.pending(k) {
                continue;
            }
            let mut at = k;
            loop {
                if !best[at].is_nan() {
                    break;
                }
                trail.push(at);
                match self.next[at] {
                    j if j != EXIT && j as usize >= n && best[j as usize - n].is_nan() => {
                        at = j as usize - n;
                    }
                    _ => break,
                }
            }
            while let Some(q) = trail.pop() {
                let g = match self.next[q] {
                    j if j != EXIT && j as usize >= n => best[j as usize - n],
                    j => value(j),
                };
                go[q] = g;
                best[q] = if self.optional[q] {
                    choose(q, g, value(q as u32))
                } else {
                    g
                };
            }
        }
        (go, best)
    }

    /// Each choice changed where another is better by more than rounding,
    /// against `values`; whether any changed.
    pub(super) fn improve(&self, policy: &mut Working, values: &[f64], safe: &[bool]) -> bool {
        let n = self.n();
        // Better by more than the solver's rounding: a tie keeps the choice,
        // so the iteration cannot go round between equal policies.
        let worse = better;
        let value = rolls_to_go(values, safe);
        let mut changed = false;
        let (_, best) = self.choices(value, |q, go, stay| {
            let decline = if policy.decline[q] {
                !worse(stay, go)
            } else {
                worse(go, stay)
            };
            changed |= decline != policy.decline[q];
            policy.decline[q] = decline;
            if decline { stay } else { go }
        });
        let arrival = |a: u32| -> f64 {
            match a {
                EXIT => 0.0,
                a if (a as usize) < n => value(a),
                a => best[a as usize - n],
            }
        };
        for (k, _) in safe.iter().enumerate().filter(|&(_, &s)| s) {
            if self.dice() == 1 {
                break;
            }
            let q = |d: usize| -> f64 {
                let p = &self.coef[self.offset[d]..self.offset[d + 1]];
                1.0 + self
                    .row(k, d)
                    .iter()
                    .zip(p)
                    .map(|(&a, &p)| p * arrival(a))
                    .sum::<f64>()
            };
            let cur = usize::from(policy.die[k]);
            let mut pick = (cur, q(cur));
            for d in 0..self.dice() {
                let v = q(d);
                if worse(pick.1, v) {
                    pick = (d, v);
                }
            }
            if pick.0 != cur {
                policy.die[k] = pick.0 as u16;
                changed = true;
            }
        }
        changed
    }

    /// Takes each declined jump where staying is not better than taking by
    /// more than the solver's rounding ([`better`]), against `values`, the
    /// values of `policy`: a tie is taken. Whether any changed.
    ///
    /// Policy iteration keeps a choice on a tie, so that it cannot go round
    /// between equal policies, and the policy it starts from may decline
    /// where taking is as good; this pass, after it has converged, settles
    /// every tie for the jump. Where the two tie, `values` also solve the
    /// new policy's equations, so it finishes as surely and the values
    /// stay (to rounding); they are worked out again all the same.
    pub(super) fn take_ties(&self, policy: &mut Working, values: &[f64], safe: &[bool]) -> bool {
        let value = rolls_to_go(values, safe);
        let mut changed = false;
        self.choices(value, |q, go, stay| {
            if policy.decline[q] && !better(go, stay) {
                policy.decline[q] = false;
                changed = true;
            }
            if policy.decline[q] { stay } else { go }
        });
        changed
    }

    /// One step of the backward induction for the chance of finishing
    /// within a number of rolls: from `prev`, each resting state's best
    /// chance with one roll fewer (1 at the goal's), `next` with one roll
    /// more, and the choices that give it in `die` and `decline` (the die
    /// picked in each state before the roll, and whether a pawn that would
    /// rest in each state at a jump's start stays there). A stay is picked
    /// only where it is better than the jump by more than rounding, a die
    /// other than the first only where it is better than every die before
    /// it: on a tie the jump is taken and the first die picked, so the
    /// chance given is the best and the choices the first that reach it.
    /// `step` counts the steps before this one (0 for the first).
    pub(super) fn within_step(
        &self,
        step: usize,
        prev: &[f64],
        next: &mut [f64],
        die: &mut [u16],
        decline: &mut [bool],
    ) {
        let n = self.n();
        // Every chance here is a sum of products of chances, all of them
        // 0 or more: a step adds the products of one die's faces (at most
        // `faces` roundings of a relative 2⁻⁵³ each, the choices between
        // jumps and dice adding none), so after `step + 1` steps a chance
        // is within `(step + 1) · faces · ε` of itself, relatively. Two
        // chances closer than twice that, with room to spare, tie.
        let rounding = 4.0 * (step as f64 + 1.0) * (self.faces() as f64 + 2.0) * f64::EPSILON;
        let chance = |j: u32| -> f64 {
            match j {
                EXIT => 1.0,
                j => prev[j as usize],
            }
        };
        decline.fill(false);
        let (_, best) = self.choices(chance, |q, go, stay| {
            if stay > go + rounding * stay {
                decline[q] = true;
                stay
            } else {
                go
            }
        });
        let arrival = |a: u32| -> f64 {
            match a {
                EXIT => 1.0,
                a if (a as usize) < n => prev[a as usize],
                a => best[a as usize - n],
            }
        };
        for k in 0..n {
            if self.goal[k] {
                next[k] = 1.0;
                die[k] = 0;
                continue;
            }
            let mut pick = (0, f64::NEG_INFINITY);
            for d in 0..self.dice() {
                let p = &self.coef[self.offset[d]..self.offset[d + 1]];
                let v: f64 = self
                    .row(k, d)
                    .iter()
                    .zip(p)
                    .map(|(&a, &p)| p * arrival(a))
                    .sum();
                if v > pick.1 {
                    pick = (d, v);
                }
            }
            next[k] = pick.1;
            die[k] = pick.0 as u16;
        }
    }

    /// The states at an optional jump's start where a game under
    /// `policy` makes the choice, landing there (or passing through by
    /// chaining), from the states it comes to rest in (`reached`). A pawn
    /// that comes to rest there in another way (at the end of a jump,
    /// without chaining) makes no choice.
    pub(super) fn chosen(&self, policy: &Working, reached: &[bool]) -> Vec<bool> {
        let n = self.n();
        let mut chosen = vec![false; n];
        for k in (0..n).filter(|&k| reached[k]) {
            for &a in self.row(k, usize::from(policy.die[k])) {
                let mut at = a;
                while at != EXIT && at as usize >= n {
                    let q = at as usize - n;
                    if self.optional[q] {
                        chosen[q] = true;
                        if policy.decline[q] {
                            break;
                        }
                    }
                    at = self.next[q];
                }
            }
        }
        chosen
    }

    /// For each state at an optional jump's start, the expected rolls
    /// still to go when the pawn takes the jump there and then plays as
    /// well as it can against `values`; NaN at every other state. With
    /// `values` those of the best play, a jump whose taking costs more
    /// than staying, beyond rounding, is one the best play never takes
    /// from that state.
    pub(super) fn taking(&self, values: &[f64], safe: &[bool]) -> Vec<f64> {
        let (mut go, _) = self.choices(rolls_to_go(values, safe), |_, go, stay| go.min(stay));
        for (k, g) in go.iter_mut().enumerate() {
            if !self.optional[k] {
                *g = f64::NAN;
            }
        }
        go
    }

    /// The states from which some play finishes for certain, and a policy
    /// that does from each of them.
    ///
    /// The greatest set `W` such that from each of its states some die's
    /// every face can rest in `W` (or finish) and some play reaches the
    /// goal: found by shrinking `W` until the states that can reach the
    /// goal within it, by dice whose every face can stay in it, are `W`
    /// itself. The order in which states join the last of those searches
    /// ranks them; the policy picks, at each state, the die with which it
    /// joined and, at each jump, the option of lower rank, so that every
    /// state has a chance to go down in rank each roll and never leaves
    /// `W`: it finishes for certain.
    pub(super) fn certain(&self, ctl: &Control) -> Result<(Vec<bool>, Working), LimitError> {
        let n = self.n();
        let mut inside: Vec<bool> = (0..n).map(|k| !self.goal[k]).collect();
        let mut policy = Working {
            die: vec![0; n],
            decline: vec![false; n],
        };
        let mut meter = ctl.meter();
        loop {
            // The rank of each resting state in the search (NOT outside it).
            let mut rank = vec![NOT; n];
            let mut joined = 0u32;
            // The best rank an arrival can reach, and whether it can stay
            // inside at all: by walking its chain of choices.
            let reach = |a: u32, rank: &[u32], inside: &[bool]| -> (u32, bool) {
                let mut best = NOT;
                let mut stays = false;
                let mut at = a;
                loop {
                    match at {
                        EXIT => return (0, true),
                        j if (j as usize) < n => {
                            let j = j as usize;
                            let r = if inside[j] { rank[j] } else { NOT };
                            return (best.min(r), stays || inside[j]);
                        }
                        j => {
                            let q = j as usize - n;
                            if self.optional[q] && inside[q] {
                                best = best.min(rank[q]);
                                stays = true;
                            }
                            at = self.next[q];
                        }
                    }
                }
            };
            loop {
                let mut grew = false;
                for k in (0..n).rev() {
                    if !inside[k] || rank[k] != NOT {
                        continue;
                    }
                    meter.add((self.faces() * 2) as u64)?;
                    for d in 0..self.dice() {
                        let mut safe = true;
                        let mut progress = false;
                        for &a in self.row(k, d) {
                            let (r, stays) = reach(a, &rank, &inside);
                            safe &= stays;
                            progress |= r != NOT;
                        }
                        if safe && progress {
                            joined += 1;
                            rank[k] = joined;
                            policy.die[k] = d as u16;
                            grew = true;
                            break;
                        }
                    }
                }
                if !grew {
                    break;
                }
            }
            let reached: Vec<bool> = rank.iter().map(|&r| r != NOT).collect();
            if reached == inside {
                // Each choice at a jump: the option of lower rank.
                for q in 0..n {
                    if self.optional[q] && inside[q] {
                        let (go, _) = reach(self.next[q], &rank, &inside);
                        policy.decline[q] = rank[q] < go;
                    }
                }
                return Ok((inside, policy));
            }
            inside = reached;
        }
    }

    /// The exact value from `start` of the best policy, by policy
    /// iteration in fractions from `policy`; and the rounds it took.
    // The exact twin of `improve` beside its evaluation: one round reads
    // better whole than split.
    #[allow(clippy::too_many_lines)]
    pub(super) fn exact(
        &self,
        policy: &mut Working,
        safe: &[bool],
        start: usize,
        ctl: &Control,
    ) -> Result<(BigRational, u32), ChoiceError> {
        let n = self.n();
        let coef: Vec<BigRational> = self
            .weights
            .iter()
            .map(|&(w, t)| BigRational::new(BigInt::from(w), BigInt::from(t)))
            .collect();
        let mut rounds = 0;
        loop {
            rounds += 1;
            if rounds > MAX_ROUNDS {
                return Err(ChoiceError::NotConverged);
            }
            let through = self.through(policy);
            let rows = PolicyRows {
                mdp: self,
                policy,
                through: &through,
                safe,
            };
            let plan = solve::Plan::new(&rows, &mut ctl.meter())?;
            let x = solve::frontal(
                &rows,
                &plan,
                &coef,
                |_| BigRational::one(),
                &mut ctl.meter(),
            )?;
            let value = |j: u32| -> Option<&BigRational> {
                match j {
                    EXIT => None,
                    j if safe[j as usize] => Some(&x[j as usize]),
                    _ => None,
                }
            };
            // Exact comparisons: an option is better only if strictly so.
            // `None` is 0 for EXIT and unbounded outside `safe`, told apart
            // by the code.
            let val = |j: u32| -> Option<BigRational> {
                if j == EXIT {
                    Some(BigRational::zero())
                } else {
                    value(j).cloned()
                }
            };
            let mut changed = false;
            let mut best: Vec<Option<Option<BigRational>>> = vec![None; n];
            let mut order = Vec::new();
            for k in 0..n {
                if !self.pending(k) {
                    continue;
                }
                let mut at = k;
                loop {
                    if best[at].is_some() {
                        break;
                    }
                    order.push(at);
                    match self.next[at] {
                        j if j != EXIT && j as usize >= n && best[j as usize - n].is_none() => {
                            at = j as usize - n;
                        }
                        _ => break,
                    }
                }
                while let Some(q) = order.pop() {
                    let go = match self.next[q] {
                        EXIT => Some(BigRational::zero()),
                        j if j as usize >= n => best[j as usize - n].clone().flatten(),
                        j => val(j),
                    };
                    let chosen = if self.optional[q] {
                        let stay = val(q as u32);
                        let better = |a: &Option<BigRational>, b: &Option<BigRational>| match (a, b)
                        {
                            (Some(a), Some(b)) => a < b,
                            (Some(_), None) => true,
                            _ => false,
                        };
                        let decline = if policy.decline[q] {
                            !better(&go, &stay)
                        } else {
                            better(&stay, &go)
                        };
                        changed |= decline != policy.decline[q];
                        policy.decline[q] = decline;
                        if decline { stay } else { go }
                    } else {
                        go
                    };
                    best[q] = Some(chosen);
                }
            }
            if self.dice() > 1 {
                for k in (0..n).filter(|&k| safe[k]) {
                    let q = |d: usize| -> Option<BigRational> {
                        let mut sum = BigRational::one();
                        for (i, &a) in self.row(k, d).iter().enumerate() {
                            let v = match a {
                                EXIT => continue,
                                a if (a as usize) < n => val(a)?,
                                a => best[a as usize - n].clone().flatten()?,
                            };
                            sum += &coef[self.offset[d] + i] * v;
                        }
                        Some(sum)
                    };
                    let cur = usize::from(policy.die[k]);
                    let mut pick = (cur, q(cur));
                    for d in 0..self.dice() {
                        if let (Some(v), Some(p)) = (q(d), &pick.1)
                            && v < *p
                        {
                            pick = (d, Some(v));
                        }
                    }
                    if pick.0 != cur {
                        policy.die[k] = pick.0 as u16;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Ok((x[start].clone(), rounds));
            }
        }
    }
}

/// The game under a policy as the solver's rows, over the states from
/// which the policy finishes for certain.
struct PolicyRows<'a, 'g> {
    mdp: &'a Mdp<'g>,
    policy: &'a Working,
    through: &'a [u32],
    safe: &'a [bool],
}

impl Rows for PolicyRows<'_, '_> {
    fn len(&self) -> usize {
        self.mdp.n()
    }
    fn active(&self, k: usize) -> bool {
        self.safe[k]
    }
    fn terms(&self, k: usize, out: &mut Vec<(Option<u32>, u16)>) {
        let d = usize::from(self.policy.die[k]);
        let base = self.mdp.offset[d];
        for (i, &a) in self.mdp.row(k, d).iter().enumerate() {
            let t = self.mdp.resolve(a, self.through);
            let live = t != EXIT && self.safe[t as usize];
            out.push((live.then_some(t), (base + i) as u16));
        }
    }
    fn stochastic(&self) -> bool {
        true
    }
}
