//! Which boards a design may be: the size and rules, how many ladders and
//! snakes, how long a jump may be, squares kept plain, jumps pinned, and,
//! when tuning a board, how many changes from it are allowed.
//!
//! [`Space::problems`] finds what makes a space empty before any search
//! (more jumps than the squares allow, a pinned jump the rules forbid);
//! [`Layout`] is the board the search holds and changes a jump or two at a
//! time, keeping the counts it needs to judge each change in constant time.

use crate::board::{Board, Jump};
use crate::random::Span;
use crate::rng::SplitMix64;
use crate::rules::Rules;

/// The most squares a design's board may have: 2^20 (1,048,576). The
/// search weighs thousands of candidates, each past 1,023 squares by a
/// solve over the whole board, so that on larger boards a search of
/// seconds weighs next to none, and its tables a square long take seconds
/// to fill before it could look at its time. [`Space::problems`] refuses a
/// larger board at once.
pub const MAX_SQUARES: u32 = 1 << 20;

/// The boards a design may be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Space {
    /// The number of squares.
    pub squares: u32,
    /// The rules the board is played under.
    pub rules: Rules,
    /// How many ladders.
    pub ladders: Span,
    /// How many snakes.
    pub snakes: Span,
    /// How many squares a jump spans, from its start to its end.
    pub length: Span,
    /// No jump starts or ends on the first or the last square.
    pub plain_ends: bool,
    /// No jump ends on a square where another starts.
    pub no_chains: bool,
    /// Jumps every design has, never moved.
    pub keep: Vec<Jump>,
    /// The board to tune, when there is one: the search starts from it.
    pub from: Option<Board>,
    /// With `from`: the most jumps added, removed or moved. A jump moved
    /// (either end changed) counts once.
    pub changes: Option<u32>,
}

impl Space {
    /// Boards of `squares` squares under `rules`, with the default number
    /// of ladders and of snakes ([`Space::default_jumps`]), jumps of any
    /// length, nothing kept plain or pinned.
    pub fn new(squares: u32, rules: Rules) -> Space {
        let jumps = Space::default_jumps(squares);
        Space {
            squares,
            rules,
            ladders: jumps,
            snakes: jumps,
            length: Span::at_least(1),
            plain_ends: false,
            no_chains: false,
            keep: Vec::new(),
            from: None,
            changes: None,
        }
    }

    /// Boards tuned from `board`: its size, any number of ladders and
    /// snakes, any number of changes.
    pub fn tune(board: &Board, rules: Rules) -> Space {
        Space {
            ladders: Span::at_least(0),
            snakes: Span::at_least(0),
            from: Some(board.clone()),
            ..Space::new(board.squares(), rules)
        }
    }

    /// How many ladders (and how many snakes) a fresh design has when not
    /// told: one for every 25 to one for every 8 squares, as on the
    /// published boards (Milton Bradley's 100 squares have 9 ladders and 10
    /// chutes).
    pub fn default_jumps(squares: u32) -> Span {
        Span {
            lo: squares / 25,
            hi: (squares / 8).max(squares / 25),
        }
    }

    /// Whether a jump from `from` to `to` is one the space allows anywhere
    /// (pinned squares aside).
    pub(crate) fn allows(&self, from: u32, to: u32) -> bool {
        let n = self.squares;
        (1..n).contains(&from)
            && (1..=n).contains(&to)
            && from != to
            && self.length.contains(from.abs_diff(to))
            && !(self.plain_ends && (from == 1 || to == 1 || to == n))
    }

    /// The ends a ladder (`up`) or a snake from `from` may have, or `None`
    /// when none fits.
    pub(crate) fn ends(&self, from: u32, up: bool) -> Option<Span> {
        let n = self.squares;
        if !(1..n).contains(&from) || (self.plain_ends && from == 1) {
            return None;
        }
        let (lo, hi) = (self.length.lo.max(1), self.length.hi);
        let last = if self.plain_ends { n - 1 } else { n };
        let first = if self.plain_ends { 2 } else { 1 };
        let span = if up {
            Span::new(from.saturating_add(lo), from.saturating_add(hi).min(last))
        } else {
            Span::new(from.saturating_sub(hi).max(first), from.saturating_sub(lo))
        };
        span.ok()
            .filter(|s| s.lo >= first && s.hi <= last && s.lo <= s.hi)
    }

    /// What makes this space empty, or a design in it impossible, as far as
    /// can be seen without a search: each a sentence.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let n = self.squares;
        if n < 2 {
            out.push(format!(
                "a board of {n} square{} has no room for a game to design; give at least 2",
                if n == 1 { "" } else { "s" }
            ));
            return out;
        }
        if n > MAX_SQUARES {
            out.push(format!(
                "a design takes boards of up to {} squares (2^20), and this one has {n}: each candidate is weighed by solving its game over the whole board; design a smaller board, or one of the same shape scaled down",
                crate::words::grouped(u64::from(MAX_SQUARES))
            ));
            return out;
        }
        if let Some(from) = &self.from
            && from.squares() != n
        {
            out.push(format!(
                "the board to tune has {} squares, not {n}",
                from.squares()
            ));
        }
        // The designer proposes jumps between squares 1..=n only, and
        // keeps 0 for "no jump": a snake back off the board it cannot hold.
        if let Some(j) = self
            .from
            .as_ref()
            .and_then(|b| b.jumps().find(|j| j.to_start()))
        {
            out.push(format!(
                "the board to tune has the snake {j} back off the board, which the designer cannot tune; end it on square 1 or remove it"
            ));
        }
        if self.changes.is_some() && self.from.is_none() {
            out.push("a number of changes needs a board to change (--from or --preset)".into());
        }
        if self.length.lo == 0 {
            out.push("a jump spans at least 1 square; start the length range at 1".into());
        }
        let pinned = self.pinned_problems(&mut out);
        let kept_ladders = self.keep.iter().filter(|j| j.is_ladder()).count() as u32;
        let kept_snakes = self.keep.len() as u32 - kept_ladders;
        if kept_ladders > self.ladders.hi {
            out.push(format!(
                "{kept_ladders} pinned ladders are more than the {} ladders allowed",
                self.ladders
            ));
        }
        if kept_snakes > self.snakes.hi {
            out.push(format!(
                "{kept_snakes} pinned snakes are more than the {} snakes allowed",
                self.snakes
            ));
        }
        let (free_up, free_down, either) = self.room(&pinned);
        let free = |up: bool| if up { free_up } else { free_down };
        let need_l = self.ladders.lo.saturating_sub(kept_ladders);
        let need_s = self.snakes.lo.saturating_sub(kept_snakes);
        if self.from.is_none() || self.changes.is_none() {
            let length = self.length;
            if need_l > free(true) {
                out.push(format!(
                    "{} {} not fit on {n} squares with jumps of {length} squares: at most {} more can start there",
                    crate::words::plural(u64::from(self.ladders.lo), "ladder", "ladders"),
                    if self.ladders.lo == 1 { "does" } else { "do" },
                    free(true)
                ));
            }
            if need_s > free(false) {
                out.push(format!(
                    "{} {} not fit on {n} squares with jumps of {length} squares: at most {} more can start there",
                    crate::words::plural(u64::from(self.snakes.lo), "snake", "snakes"),
                    if self.snakes.lo == 1 { "does" } else { "do" },
                    free(false)
                ));
            }
            if need_l + need_s > either && need_l <= free(true) && need_s <= free(false) {
                out.push(format!(
                    "{} ladders and {} snakes do not fit on {n} squares: only {} squares can start a jump",
                    self.ladders.lo, self.snakes.lo, either + kept_ladders + kept_snakes
                ));
            }
        }
        if let (Some(from), Some(k)) = (&self.from, self.changes) {
            let need = self.fewest_changes(from);
            if need > k {
                out.push(format!(
                    "the board to tune needs at least {need} changes to meet the rules for its jumps (counts, lengths, pinned jumps), more than the {k} allowed"
                ));
            }
        }
        out
    }

    /// The squares not `pinned` (in order) where a ladder fits, where a
    /// snake fits, and where either does. Each kind fits on a run of
    /// squares (see [`Space::starts`]), so each count is a run's length
    /// less the pinned squares in it: no pass over the board.
    fn room(&self, pinned: &[u32]) -> (u32, u32, u32) {
        let in_run = |run: Option<(u32, u32)>| {
            run.map_or(0, |(lo, hi)| {
                let inside = pinned.iter().filter(|&&p| (lo..=hi).contains(&p)).count();
                hi - lo + 1 - inside as u32
            })
        };
        let (up, down) = (self.starts(true), self.starts(false));
        let both = up
            .zip(down)
            .map(|((a, b), (c, d))| (a.max(c), b.min(d)))
            .filter(|(lo, hi)| lo <= hi);
        // The union of the two runs: both, less what they share.
        (
            in_run(up),
            in_run(down),
            in_run(up) + in_run(down) - in_run(both),
        )
    }

    /// The squares a ladder (`up`) or a snake may start on, first and
    /// last: those where [`Space::ends`] finds an end. `None` when there
    /// are none.
    fn starts(&self, up: bool) -> Option<(u32, u32)> {
        let n = self.squares;
        let lo = self.length.lo.max(1);
        if self.length.hi < lo {
            return None;
        }
        let (first, last): (u32, u32) = if self.plain_ends { (2, n - 1) } else { (1, n) };
        // A ladder from `s` needs `s + lo <= last`; a snake, `s - lo >=
        // first`. Either starts on 1..n, not on 1 with plain ends.
        let (a, b) = if up {
            (first, (n - 1).min(last.saturating_sub(lo)))
        } else {
            (first.saturating_add(lo), n - 1)
        };
        (a <= b).then_some((a, b))
    }

    /// The problems of the pinned jumps, added to `out`: each allowed, one
    /// a square, not chained when chains are refused, not a circle when
    /// jumps chain. Returns the squares they pin, in order.
    fn pinned_problems(&self, out: &mut Vec<String>) -> Vec<u32> {
        let n = self.squares;
        let mut pinned: Vec<u32> = Vec::with_capacity(self.keep.len());
        for j in &self.keep {
            if !(1..n).contains(&j.from) || !(1..=n).contains(&j.to) || j.from == j.to {
                out.push(format!(
                    "the pinned jump {j} is not a jump on a board of {n} squares (a jump goes from 1..{} to another square 1..{n})",
                    n - 1
                ));
                continue;
            }
            if !self.length.contains(j.from.abs_diff(j.to)) {
                out.push(format!(
                    "the pinned jump {j} spans {} squares, outside the lengths {}",
                    j.from.abs_diff(j.to),
                    self.length
                ));
            }
            if self.plain_ends && (j.from == 1 || j.to == 1 || j.to == n) {
                out.push(format!(
                    "the pinned jump {j} touches the first or last square, which are to be plain"
                ));
            }
            if pinned.contains(&j.from) {
                out.push(format!("two pinned jumps start on square {}", j.from));
            } else {
                pinned.push(j.from);
            }
        }
        pinned.sort_unstable();
        if self.no_chains {
            for j in &self.keep {
                if self.keep.iter().any(|k| k.from == j.to) {
                    out.push(format!(
                        "the pinned jump {j} ends where another pinned jump starts, and chains are refused"
                    ));
                }
            }
        }
        if self.rules.chain {
            out.extend(self.pinned_circles());
        }
        pinned
    }

    /// The circles the pinned jumps make when jumps chain (a pawn taken
    /// round them for ever), each once, from its smallest square: every
    /// board of the space has them, and no game on it can be played.
    fn pinned_circles(&self) -> Vec<String> {
        let next = |s: u32| self.keep.iter().find(|k| k.from == s);
        let mut out = Vec::new();
        for j in &self.keep {
            let mut circle = vec![*j];
            while let Some(k) = next(circle[circle.len() - 1].to) {
                if k.from == j.from || circle.len() > self.keep.len() {
                    break;
                }
                circle.push(*k);
            }
            let closes = circle[circle.len() - 1].to == j.from;
            // Each circle is told once, from its smallest square.
            if !closes || circle.iter().any(|k| k.from < j.from) {
                continue;
            }
            let jumps: Vec<String> = circle.iter().map(ToString::to_string).collect();
            let squares: Vec<String> = circle
                .iter()
                .map(|k| k.from.to_string())
                .chain([j.from.to_string()])
                .collect();
            out.push(format!(
                "the pinned jumps {} go round in a circle under chaining ({}), where a pawn would never stop; pin fewer of them, or design without chaining",
                match jumps.split_last() {
                    Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                    _ => jumps.join(""),
                },
                squares.join(" -> ")
            ));
        }
        out
    }

    /// The fewest changes that bring `board` within this space's counts and
    /// rules for jumps, as far as they can be counted without a search:
    /// every jump that breaks a rule must change, every pinned jump it lacks
    /// must be added, and the counts must reach their ranges (a jump turned
    /// from a ladder into a snake moves both counts at once).
    pub(crate) fn fewest_changes(&self, board: &Board) -> u32 {
        let mut bad = 0u32;
        let mut ladders = 0i64;
        let mut snakes = 0i64;
        for j in board.jumps() {
            let pinned = self.keep.iter().any(|k| k.from == j.from);
            if pinned {
                continue;
            }
            let chained = self.no_chains && board.jump(j.to).is_some();
            if !self.allows(j.from, j.to) || chained {
                bad += 1;
            }
            if j.is_ladder() {
                ladders += 1;
            } else {
                snakes += 1;
            }
        }
        let mut added = 0u32;
        for k in &self.keep {
            if board.jump(k.from) != Some(k.to) {
                added += 1;
            }
            if k.is_ladder() {
                ladders += 1;
            } else {
                snakes += 1;
            }
        }
        let off = |have: i64, span: Span| -> i64 {
            if have < i64::from(span.lo) {
                i64::from(span.lo) - have
            } else if have > i64::from(span.hi) {
                i64::from(span.hi) - have
            } else {
                0
            }
        };
        let (dl, ds) = (off(ladders, self.ladders), off(snakes, self.snakes));
        let counts = if dl.signum() * ds.signum() < 0 {
            dl.abs().max(ds.abs())
        } else {
            dl.abs() + ds.abs()
        } as u32;
        added + bad.max(counts)
    }

    /// The most squares one roll can move a pawn forward on any board of
    /// the space: the die's largest value plus the longest ladder (or, when
    /// jumps chain, up to the whole board).
    pub fn reach_per_roll(&self) -> u64 {
        let n = self.squares;
        let ladders = self.ladders.hi > 0 || self.keep.iter().any(|j| j.is_ladder());
        let longest = if !ladders {
            0
        } else if self.rules.chain && !self.no_chains && self.ladders.hi > 1 {
            u64::from(n)
        } else {
            u64::from(self.length.hi.min(n.saturating_sub(1)))
        };
        u64::from(self.rules.die.max()) + longest
    }

    /// A lower bound on the fewest rolls of every board in the space: the
    /// squares to go over [`Space::reach_per_roll`].
    pub fn fewest_rolls_bound(&self) -> u32 {
        let start = self.rules.start.position();
        if start >= self.squares {
            return 0;
        }
        u64::from(self.squares - start).div_ceil(self.reach_per_roll()) as u32
    }
}

/// The board the search holds: the jump on each square, and the counts that
/// judge a change at once.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    n: u32,
    /// `to[s]`: where the jump from `s` leads, 0 for none.
    to: Vec<u32>,
    /// The jumps ending on each square.
    ends: Vec<u32>,
    /// The squares a jump starts on, in no order, and each one's place.
    starts: Vec<u32>,
    place: Vec<u32>,
    /// Squares whose jump is pinned.
    pinned: Vec<bool>,
    /// `origin[s]`: the jump from `s` on the board being tuned, 0 for none.
    origin: Option<Vec<u32>>,
    pub ladders: u32,
    pub snakes: u32,
    /// Jumps of the current board not on the origin, and of the origin not
    /// on the current board.
    added: u32,
    removed: u32,
    /// Jumps ending on another jump's start.
    pub chains: u32,
    /// Jumps the space does not allow (only ever the origin's).
    pub bad: u32,
}

impl Layout {
    /// An empty layout for `space`, with its pinned jumps, tracking changes
    /// from `origin` when tuning.
    pub fn new(space: &Space, origin: Option<&Board>) -> Layout {
        let n = space.squares;
        let size = n as usize + 1;
        let mut layout = Layout {
            n,
            to: vec![0; size],
            ends: vec![0; size],
            starts: Vec::new(),
            place: vec![u32::MAX; size],
            pinned: vec![false; size],
            origin: origin.map(|b| {
                let mut o = vec![0; size];
                for j in b.jumps() {
                    o[j.from as usize] = j.to;
                }
                o
            }),
            ladders: 0,
            snakes: 0,
            added: 0,
            removed: origin.map_or(0, |b| b.jump_count() as u32),
            chains: 0,
            bad: 0,
        };
        if let Some(b) = origin {
            for j in b.jumps() {
                layout.set(space, j.from, j.to);
            }
        }
        for j in &space.keep {
            layout.set(space, j.from, j.to);
            layout.pinned[j.from as usize] = true;
        }
        layout
    }

    /// The jump from `square`, 0 for none.
    pub fn to(&self, square: u32) -> u32 {
        self.to[square as usize]
    }

    pub fn is_pinned(&self, square: u32) -> bool {
        self.pinned[square as usize]
    }

    /// The changes from the board being tuned: jumps added, removed or
    /// moved, a move counting once.
    pub fn changes(&self) -> u32 {
        self.added.max(self.removed)
    }

    /// The number of jumps.
    pub fn jumps(&self) -> usize {
        self.starts.len()
    }

    /// The square of the `i`th jump, in the layout's own order.
    pub fn start(&self, i: usize) -> u32 {
        self.starts[i]
    }

    /// The board.
    pub fn board(&self) -> Board {
        let mut jumps: Vec<Jump> = self
            .starts
            .iter()
            .map(|&s| Jump {
                from: s,
                to: self.to[s as usize],
            })
            .collect();
        jumps.sort_unstable();
        Board::new(self.n, jumps).expect("a layout holds a valid board")
    }

    /// The jumps, by starting square.
    pub fn key(&self) -> Vec<(u32, u32)> {
        let mut k: Vec<(u32, u32)> = self
            .starts
            .iter()
            .map(|&s| (s, self.to[s as usize]))
            .collect();
        k.sort_unstable();
        k
    }

    /// Sets the jump from `square` to `to` (0 removes it), keeping every
    /// count; returns the jump it replaced (0 for none).
    pub fn set(&mut self, space: &Space, square: u32, to: u32) -> u32 {
        let s = square as usize;
        let old = self.to[s];
        if old == to {
            return old;
        }
        if old != 0 {
            self.unlink(space, square, old);
        }
        if to != 0 {
            self.link(space, square, to);
        }
        old
    }

    fn unlink(&mut self, space: &Space, square: u32, to: u32) {
        let s = square as usize;
        // The jumps ending here were chains onto this one.
        self.chains -= self.ends[s];
        if self.to[to as usize] != 0 {
            self.chains -= 1;
        }
        self.ends[to as usize] -= 1;
        if to > square {
            self.ladders -= 1;
        } else {
            self.snakes -= 1;
        }
        if !space.allows(square, to) {
            self.bad -= 1;
        }
        if let Some(o) = &self.origin {
            if o[s] == to {
                self.removed += 1;
            } else {
                self.added -= 1;
            }
        }
        self.to[s] = 0;
        let i = self.place[s] as usize;
        let last = self.starts.pop().expect("the square was listed");
        if last != square {
            self.starts[i] = last;
            self.place[last as usize] = i as u32;
        }
        self.place[s] = u32::MAX;
    }

    fn link(&mut self, space: &Space, square: u32, to: u32) {
        let s = square as usize;
        self.to[s] = to;
        self.chains += self.ends[s];
        if self.to[to as usize] != 0 {
            self.chains += 1;
        }
        self.ends[to as usize] += 1;
        if to > square {
            self.ladders += 1;
        } else {
            self.snakes += 1;
        }
        if !space.allows(square, to) {
            self.bad += 1;
        }
        if let Some(o) = &self.origin {
            if o[s] == to {
                self.removed -= 1;
            } else {
                self.added += 1;
            }
        }
        self.place[s] = self.starts.len() as u32;
        self.starts.push(square);
    }

    /// How far the counts are from the space's ranges.
    pub fn count_off(&self, space: &Space) -> u32 {
        let off =
            |have: u32, span: Span| span.lo.saturating_sub(have) + have.saturating_sub(span.hi);
        off(self.ladders, space.ladders) + off(self.snakes, space.snakes)
    }

    /// How far the board is from the space's rules for jumps: counts out of
    /// range, jumps the space does not allow, chains where they are refused.
    pub fn shape_off(&self, space: &Space) -> u32 {
        self.count_off(space) + self.bad + if space.no_chains { self.chains } else { 0 }
    }

    /// Draws a fresh board for `space`: the pinned jumps, then ladders and
    /// snakes at random, as many of each as drawn from the ranges. `None`
    /// when they did not all find room.
    pub fn draw(space: &Space, rng: &mut SplitMix64) -> Option<Layout> {
        let mut layout = Layout::new(space, None);
        // An open range is drawn from up to a quarter of the board.
        let open = |span: Span| Span {
            lo: span.lo,
            hi: span.hi.min(span.lo.max(space.squares / 4)),
        };
        let ladders = rng.within(open(space.ladders)).max(layout.ladders);
        let snakes = rng.within(open(space.snakes)).max(layout.snakes);
        let mut tries = 0u32;
        while layout.ladders < ladders || layout.snakes < snakes {
            tries += 1;
            if tries > 100 * (ladders + snakes + 10) {
                return None;
            }
            let up = if layout.ladders < ladders && layout.snakes < snakes {
                rng.below(2) == 0
            } else {
                layout.ladders < ladders
            };
            let from = 1 + rng.below(u64::from(space.squares - 1)) as u32;
            if layout.to(from) != 0 || layout.is_pinned(from) {
                continue;
            }
            let Some(ends) = space.ends(from, up) else {
                continue;
            };
            let to = rng.within(ends);
            layout.set(space, from, to);
            if space.no_chains && layout.chains > 0 {
                layout.set(space, from, 0);
            }
        }
        Some(layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts a layout keeps, worked out again from its board.
    fn recount(space: &Space, layout: &Layout, origin: Option<&Board>) {
        let board = layout.board();
        assert_eq!(layout.ladders as usize, board.ladders().count());
        assert_eq!(layout.snakes as usize, board.snakes().count());
        let chains = board.jumps().filter(|j| board.jump(j.to).is_some()).count();
        assert_eq!(layout.chains as usize, chains, "{board:?}");
        let bad = board
            .jumps()
            .filter(|j| !space.allows(j.from, j.to))
            .count();
        assert_eq!(layout.bad as usize, bad);
        if let Some(o) = origin {
            let gone = o
                .jumps()
                .filter(|j| board.jump(j.from) != Some(j.to))
                .count();
            let new = board
                .jumps()
                .filter(|j| o.jump(j.from) != Some(j.to))
                .count();
            assert_eq!(layout.changes() as usize, gone.max(new));
        }
        assert_eq!(layout.jumps(), board.jump_count());
    }

    #[test]
    fn a_board_with_a_snake_back_off_the_board_is_not_tuned() {
        let rules = Rules {
            start: crate::rules::Start::OffBoard,
            ..Rules::default()
        };
        let board = Board::new(30, [Jump { from: 11, to: 0 }]).unwrap();
        let problems = Space::tune(&board, rules).problems();
        assert!(
            problems.iter().any(|p| p
                == "the board to tune has the snake 11->0 back off the board, which the designer cannot tune; end it on square 1 or remove it"),
            "{problems:?}"
        );
    }

    #[test]
    fn counts_follow_every_change() {
        let mut space = Space::new(30, Rules::default());
        space.length = Span::new(2, 12).unwrap();
        space.plain_ends = true;
        let origin = Board::new(
            30,
            [
                Jump { from: 1, to: 5 },
                Jump { from: 5, to: 20 },
                Jump { from: 20, to: 3 },
                Jump { from: 28, to: 30 },
            ],
        )
        .unwrap();
        let mut layout = Layout::new(&space, Some(&origin));
        recount(&space, &layout, Some(&origin));
        assert_eq!(layout.changes(), 0);
        assert_eq!(
            layout.bad, 4,
            "1->5 and 28->30 touch the ends, 5->20 and 20->3 are too long"
        );
        let mut rng = SplitMix64::new(3);
        for _ in 0..5000 {
            let s = 1 + rng.below(29) as u32;
            let t = if rng.below(3) == 0 {
                0
            } else {
                1 + rng.below(30) as u32
            };
            if t == s {
                continue;
            }
            layout.set(&space, s, t);
            recount(&space, &layout, Some(&origin));
        }
    }

    #[test]
    fn drawn_boards_follow_the_space() {
        let mut space = Space::new(60, Rules::default());
        space.ladders = Span::new(3, 5).unwrap();
        space.snakes = Span::exactly(4);
        space.length = Span::new(3, 20).unwrap();
        space.plain_ends = true;
        space.no_chains = true;
        space.keep = vec![Jump { from: 10, to: 25 }];
        for seed in 0..200 {
            let layout = Layout::draw(&space, &mut SplitMix64::new(seed)).unwrap();
            let b = layout.board();
            assert!((3..=5).contains(&b.ladders().count()));
            assert_eq!(b.snakes().count(), 4);
            assert_eq!(b.jump(10), Some(25));
            assert!(layout.is_pinned(10));
            assert_eq!(layout.shape_off(&space), 0, "{b:?}");
            recount(&space, &layout, None);
        }
    }

    #[test]
    fn impossible_spaces_say_why() {
        let mut space = Space::new(20, Rules::default());
        space.ladders = Span::exactly(15);
        space.snakes = Span::exactly(10);
        let p = space.problems();
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].contains("only 19 squares can start a jump"), "{p:?}");
        space.ladders = Span::exactly(1);
        space.snakes = Span::exactly(0);
        space.length = Span::exactly(25);
        assert!(
            space.problems()[0].starts_with("1 ladder does not fit"),
            "{:?}",
            space.problems()
        );
        let mut space = Space::new(20, Rules::default());
        space.plain_ends = true;
        space.keep = vec![Jump { from: 4, to: 20 }, Jump { from: 4, to: 2 }];
        let p = space.problems();
        assert!(
            p.iter()
                .any(|m| m.contains("touches the first or last square")),
            "{p:?}"
        );
        assert!(
            p.iter()
                .any(|m| m.contains("two pinned jumps start on square 4")),
            "{p:?}"
        );
        let mut tune = Space::tune(&Board::empty(20).unwrap(), Rules::default());
        tune.ladders = Span::at_least(3);
        tune.changes = Some(2);
        assert!(
            tune.problems()[0].contains("needs at least 3 changes"),
            "{:?}",
            tune.problems()
        );
        assert_eq!(Space::new(1, Rules::default()).problems().len(), 1);
    }

    /// The room counted from the runs is the room counted square by
    /// square, as [`Space::ends`] sees each.
    #[test]
    fn room_is_counted_without_a_pass_over_the_board() {
        let mut rng = SplitMix64::new(11);
        for _ in 0..2000 {
            let n = 2 + rng.below(40) as u32;
            let mut space = Space::new(n, Rules::default());
            let lo = rng.below(u64::from(n) + 2) as u32;
            let hi = lo + rng.below(u64::from(n) + 2) as u32;
            space.length = Span::new(lo, hi).unwrap();
            space.plain_ends = rng.below(2) == 0;
            let mut pinned: Vec<u32> = (1..n).filter(|_| rng.below(4) == 0).collect();
            pinned.dedup();
            let fits = |s: u32, up: bool| !pinned.contains(&s) && space.ends(s, up).is_some();
            let count = |f: &dyn Fn(u32) -> bool| (1..n).filter(|&s| f(s)).count() as u32;
            let want = (
                count(&|s| fits(s, true)),
                count(&|s| fits(s, false)),
                count(&|s| fits(s, true) || fits(s, false)),
            );
            assert_eq!(space.room(&pinned), want, "{space:?} {pinned:?}");
        }
    }

    #[test]
    fn a_board_past_the_limit_is_refused_at_once() {
        let started = std::time::Instant::now();
        let p = Space::new(1 << 30, Rules::default()).problems();
        assert_eq!(
            p,
            [
                "a design takes boards of up to 1,048,576 squares (2^20), and this one has 1073741824: each candidate is weighed by solving its game over the whole board; design a smaller board, or one of the same shape scaled down"
            ]
        );
        // The largest board it takes is looked at without a pass over it.
        let mut space = Space::new(MAX_SQUARES, Rules::default());
        space.ladders = Span::exactly(MAX_SQUARES);
        assert!(
            space.problems()[0].contains("do not fit"),
            "{:?}",
            space.problems()
        );
        assert!(started.elapsed().as_secs_f64() < 0.5);
    }

    #[test]
    fn pinned_jumps_in_a_circle_under_chaining_are_refused() {
        let mut space = Space::new(30, Rules::default());
        space.ladders = Span::at_least(0);
        space.snakes = Span::at_least(0);
        space.keep = vec![
            Jump { from: 20, to: 5 },
            Jump { from: 5, to: 20 },
            Jump { from: 7, to: 12 },
            Jump { from: 12, to: 25 },
            Jump { from: 25, to: 7 },
            Jump { from: 3, to: 7 },
        ];
        assert_eq!(space.problems(), Vec::<String>::new());
        space.rules.chain = true;
        assert_eq!(
            space.problems(),
            [
                "the pinned jumps 5->20 and 20->5 go round in a circle under chaining (5 -> 20 -> 5), where a pawn would never stop; pin fewer of them, or design without chaining",
                "the pinned jumps 7->12, 12->25 and 25->7 go round in a circle under chaining (7 -> 12 -> 25 -> 7), where a pawn would never stop; pin fewer of them, or design without chaining",
            ]
        );
    }

    #[test]
    fn the_fewest_rolls_bound() {
        let mut space = Space::new(100, Rules::default());
        space.length = Span::new(1, 30).unwrap();
        // 99 squares to go, at most 6 + 30 a roll.
        assert_eq!(space.fewest_rolls_bound(), 3);
        space.ladders = Span::exactly(0);
        assert_eq!(space.fewest_rolls_bound(), 17);
    }
}
