//! The analyses, each on small boards and rules built from fuzz bytes (see
//! [`crate::arb`]), each checked against an independent answer or an
//! invariant.

use arbitrary::Unstructured;
use num_traits::ToPrimitive;
use snl::check::{self, Severity};
use snl::limits::{self, Budget, Control};
use snl::markov::{self, ExactOptions, LengthOptions, TAIL};
use snl::plan::{self, Analysis};
use snl::race::RaceSummary;
use snl::shortest::Search;
use snl::simulate::{self, Options};
use snl::{Game, Pawn, Unit, duel, race, shortest};
use snl_draw::plot::LengthPlot;
use snl_draw::{BoardPicture, Grid, text};

use crate::arb;
use crate::meter::{admitted, within};
use crate::oracle::{key, queue_distances};

/// The most rolls the exhaustive search tries for one input: a few
/// milliseconds.
const BRUTE_ROLLS: u64 = 1 << 20;

/// The budget's verdict inside an error of the Markov analyses.
fn limit(e: &markov::MarkovError) -> Option<&limits::LimitError> {
    match e {
        markov::MarkovError::Limit(l) => Some(l),
        _ => None,
    }
}

/// How far the analyses here carry a distribution: a small board's
/// distribution needs far less, and a board on which nearly every game is
/// endless stops at this work instead of the default second.
const FOLLOW: u64 = 300_000;

/// `ctl` with at most [`FOLLOW`] of work: the control a distribution is
/// followed under here.
fn following(ctl: &Control) -> Control {
    Control {
        cancel: ctl.cancel.clone(),
        budget: Budget {
            work: ctl.budget.work.min(FOLLOW),
            ..ctl.budget
        },
    }
}

/// The statistics of `game` in `unit`: the moments under `ctl`, the
/// distribution followed for [`FOLLOW`].
fn stats(game: &Game, unit: Unit, ctl: &Control) -> Result<markov::Stats, markov::MarkovError> {
    let m = markov::moments_with(game, unit, ctl)?;
    markov::stats_from(game, m, &LengthOptions::of(unit), &following(ctl))
}

/// The exact mean in `unit`, under no cap on the states (the boards here
/// are small, but their bonus limits need not be).
fn uncapped(unit: Unit) -> ExactOptions {
    ExactOptions {
        unit,
        max_states: None,
    }
}

/// The distribution of turns from `from`, followed for [`FOLLOW`].
fn turns_from(game: &Game, from: u32) -> markov::Distribution {
    let turns = LengthOptions::of(Unit::Turns);
    markov::distribution_with(game, from, &turns, &following(&Control::default()))
        .expect("small boards")
}

/// Whether `a` and `b` agree to `rel` of the larger, or to `rel` near 0.
fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(1.0)
}

/// Panics unless `svg` is well-formed XML with an `svg` root.
pub(crate) fn well_formed(svg: &str, what: &str) {
    let doc = roxmltree::Document::parse(svg)
        .unwrap_or_else(|e| panic!("{what} is not well-formed XML: {e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg", "{what}");
}

/// The game read from the fuzz bytes, or `None` when they do not make one.
fn game_from(
    data: &[u8],
    max_squares: u32,
    max_faces: u32,
    extreme: bool,
) -> Option<(Game, Unstructured<'_>)> {
    let mut u = Unstructured::new(data);
    let game = arb::game(&mut u, max_squares, max_faces, extreme).ok()??;
    Some((game, u))
}

/// `snl check` on any board and rules: an error exactly when the board is
/// refused; on a playable board, a warning for each jump no game takes,
/// each jump that ends on another's start without chaining, and a last
/// square no game reaches, found again here by a search over every state.
pub fn check(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(spec) = arb::spec(&mut u) else { return };
    let Ok(Some(rules)) = arb::rules(&mut u, 8, true) else {
        return;
    };
    let found = check::check(&spec, &rules).diagnostics;
    if spec.squares > snl::board::MAX_SQUARES {
        // Past the dense engine's tables the board is checked as the
        // sparse engine holds it: an error exactly when that refuses it.
        let playable = snl::sparse::SparseBoard::from_spec(&spec)
            .is_ok_and(|b| snl::sparse::SparseGame::new(b, rules.clone()).is_ok());
        assert_eq!(
            check::has_errors(&found),
            !playable,
            "check's errors on a board past 2^30 squares are not the sparse engine's: {found:?}"
        );
        if !playable {
            assert!(found.iter().all(|d| d.severity == Severity::Error));
        }
        return;
    }
    let game = spec.build().ok().map(|b| Game::new(b, rules.clone()));
    let Some(Ok(game)) = game else {
        assert!(
            check::has_errors(&found),
            "check finds no error on a board that is refused"
        );
        assert!(found.iter().all(|d| d.severity == Severity::Error));
        return;
    };
    assert!(
        !check::has_errors(&found),
        "check finds an error on a playable board: {found:?}"
    );
    let board = game.board();
    // Every state a pawn can reach, every square a roll lands on (or a
    // chain of jumps passes through), through `Game::play`.
    let streaks = game.streaks() as usize;
    let mut seen = vec![false; game.positions() * streaks];
    let mut landed = vec![false; game.positions()];
    let first = Pawn {
        at: game.start(),
        streak: 0,
    };
    seen[key(&game, first)] = true;
    let mut stack = vec![first];
    while let Some(pawn) = stack.pop() {
        if pawn.at == game.goal() {
            continue;
        }
        for roll in rules.die.values() {
            let played = game.play(pawn, roll);
            if let Some(m) = played.moved {
                landed[m.land as usize] = true;
                let mut next = board.jump(m.land);
                while let Some(at) = next.filter(|&at| rules.chain && board.jump(at).is_some()) {
                    landed[at as usize] = true;
                    next = board.jump(at);
                }
            }
            let k = key(&game, played.pawn);
            if !seen[k] {
                seen[k] = true;
                stack.push(played.pawn);
            }
        }
    }
    let goal = game.goal() as usize;
    let reached = seen[goal * streaks..(goal + 1) * streaks].contains(&true);
    let codes = |code: &str| -> Vec<Vec<u64>> {
        found
            .iter()
            .filter(|d| d.code == code)
            .map(|d| d.squares.clone())
            .collect()
    };
    let dead: Vec<Vec<u64>> = board
        .jumps()
        .filter(|j| !landed[j.from as usize])
        .map(|j| vec![j.from.into()])
        .collect();
    assert_eq!(codes("never-landed"), dead, "the jumps no game takes");
    let stops: Vec<Vec<u64>> = board
        .jumps()
        .filter(|j| !rules.chain && board.jump(j.to).is_some())
        .map(|j| vec![j.from.into(), j.to.into()])
        .collect();
    assert_eq!(codes("ends-on-jump"), stops, "the jumps that end on jumps");
    assert_eq!(
        codes("goal-unreachable").is_empty(),
        reached,
        "the goal-unreachable warning when no game reaches the last square"
    );
    assert_eq!(
        shortest::min_rolls(&game).unwrap().is_some(),
        reached,
        "the fewest rolls exist exactly when a game reaches the last square"
    );
}

/// The fewest rolls, the path, the distances and the count of optimal
/// sequences, against a plain queue and against the exhaustive search; the
/// path replays under every rule; `LeetCode`'s function agrees on its own
/// boards.
pub fn shortest(data: &[u8]) {
    let Some((game, mut u)) = game_from(data, 16, 8, true) else {
        return;
    };
    // The bytes left over choose which jumps may be declined: the same
    // board searched with that choice (inputs that end here are read as
    // before).
    if let Ok(&optional) = u.choose(&snl::Optional::ALL) {
        shortest_choosing(&game, optional);
    }
    let goal = game.goal();
    let expected = queue_distances(&game, game.start());
    let distances = within(
        "the distances",
        plan::estimate(&game, Analysis::Shortest(Search::Solve)),
        || shortest::distances(&game).unwrap(),
    );
    assert_eq!(distances, expected, "distances from the start");
    let min = within(
        "the fewest rolls",
        plan::estimate(&game, Analysis::Shortest(Search::MinRolls)),
        || shortest::min_rolls(&game).unwrap(),
    );
    assert_eq!(min, expected[goal as usize], "the fewest rolls");
    let solution = within(
        "the fewest rolls and a path",
        plan::estimate(&game, Analysis::Shortest(Search::Solve)),
        || shortest::solve(&game).unwrap(),
    );
    assert_eq!(solution.min_rolls, min, "solve's fewest rolls");
    let mut pawn = Pawn {
        at: game.start(),
        streak: 0,
    };
    for m in &solution.path {
        assert!(game.rules().die.weight(m.roll) > 0, "{} is no roll", m.roll);
        let played = game.play(pawn, m.roll);
        assert_eq!(played.moved, Some(*m), "the path replays");
        pawn = played.pawn;
    }
    match min {
        Some(k) => {
            assert_eq!(
                solution.path.len(),
                k as usize,
                "the path is as long as the fewest rolls"
            );
            assert_eq!(pawn.at, goal, "the path ends on the last square");
        }
        None => assert!(solution.path.is_empty()),
    }
    let count = within(
        "the count of optimal sequences",
        plan::estimate(&game, Analysis::Shortest(Search::Count)),
        || shortest::count_optimal(&game).unwrap(),
    );
    // The exhaustive search grows exponentially; the few boards where it
    // would take more than a few milliseconds are left to the other checks.
    if let Some(brute) = snl::brute::search_within(&game, BRUTE_ROLLS).expect("small boards") {
        assert_eq!(brute.min_rolls, min, "the exhaustive search's fewest rolls");
        assert_eq!(
            solution.path, brute.path,
            "the first optimal sequence in dictionary order"
        );
        assert_eq!(
            count,
            min.map(|_| brute.optimal_sequences.into()),
            "the number of optimal sequences"
        );
    }
    if *game.rules() == snl::Rules::default()
        && let Ok(grid) = snl::input::to_grid(game.board())
    {
        let grid: Vec<Vec<i32>> = grid
            .into_iter()
            .map(|row| row.into_iter().map(|v| v as i32).collect())
            .collect();
        let answer = snl::leetcode::snakes_and_ladders(grid);
        assert_eq!(answer, min.map_or(-1, |k| k as i32), "LeetCode's function");
    }
}

/// The fewest rolls when the jumps `optional` covers may be declined,
/// against the exhaustive search (which walks the chains itself); the path
/// replays, each move resting where the player may choose.
fn shortest_choosing(game: &Game, optional: snl::Optional) {
    let rules = snl::Rules {
        optional,
        ..game.rules().clone()
    };
    let game = Game::new(game.board().clone(), rules).expect("the same jumps and chaining");
    let solution = within(
        "the fewest rolls and a path, declining jumps",
        plan::estimate(&game, Analysis::Shortest(Search::Solve)),
        || shortest::solve(&game).unwrap(),
    );
    let mut at = game.start();
    for m in &solution.path {
        let landed = game.step(at, m.roll).map(|s| s.land);
        assert_eq!(landed, Some(m.land), "the path's rolls replay");
        assert!(
            game.rests(m.land).any(|r| r == m.to),
            "{m:?} rests where it may"
        );
        at = m.to;
    }
    if solution.min_rolls.is_some() {
        assert_eq!(at, game.goal(), "the path ends on the last square");
    }
    let count = within(
        "the count of optimal plays",
        plan::estimate(&game, Analysis::Shortest(Search::Count)),
        || shortest::count_optimal(&game).unwrap(),
    );
    if let Some(brute) = snl::brute::search_within(&game, BRUTE_ROLLS).expect("small boards") {
        assert_eq!(
            brute.min_rolls, solution.min_rolls,
            "the fewest rolls, declining"
        );
        assert_eq!(solution.path, brute.path, "the first optimal play");
        assert_eq!(
            count,
            brute.min_rolls.map(|_| brute.optimal_sequences.into()),
            "the number of optimal plays"
        );
    }
}

/// The game-length statistics: the exact mean equals the floating-point
/// mean and dense elimination's; the distribution sums to one minus the
/// chance of never finishing, its mean is the mean, and no game is shorter
/// than the fewest rolls; turns, visits and each jump's impact agree with
/// the mean.
pub fn expect(data: &[u8]) {
    let Some((game, _)) = game_from(data, 10, 8, true) else {
        return;
    };
    let stats = admitted("the statistics", limit, |ctl| {
        stats(&game, Unit::Rolls, ctl)
    })
    .unwrap_or_else(|e| panic!("a small board is solved directly: {e}"));
    let exact = admitted("the exact mean", limit, |ctl| {
        markov::exact_mean_with(&game, &uncapped(Unit::Rolls), ctl)
    })
    .expect("small boards");
    let mean = admitted("the mean", limit, |ctl| {
        markov::expected_rolls_with(&game, ctl)
    })
    .expect("small boards");
    assert_eq!(mean, stats.mean, "the mean alone is the statistics' mean");
    let dense = markov::reference::dense_mean(&game, Unit::Rolls);
    assert_eq!(
        stats.mean.is_some(),
        exact.is_some(),
        "the mean is finite exactly when exactly finite"
    );
    assert_eq!(
        dense.is_some(),
        exact.is_some(),
        "dense elimination finds the same finiteness"
    );
    if let (Some(mean), Some(exact), Some(dense)) = (stats.mean, &exact, dense) {
        let exact = exact.to_f64().expect("a finite fraction");
        assert!(close(mean, exact, 1e-9), "mean {mean}, exact {exact}");
        // Dense elimination keeps digits only while the chain is well
        // enough conditioned; past that it may give anything, NaN included.
        let tolerance = conditioned(spread(&game), exact);
        if tolerance < 0.1 {
            assert!(
                close(dense, exact, tolerance),
                "dense {dense}, exact {exact}"
            );
        }
        let std_dev = stats.std_dev.expect("a finite mean has a deviation");
        match stats.variance {
            Some(variance) => assert!(variance >= -1e-9 * mean * mean, "variance {variance}"),
            // Beyond floating point (games of 10^154 rolls and more): the
            // deviation is still given.
            None => assert!(
                (std_dev * std_dev).is_infinite(),
                "no variance, but a deviation of {std_dev}"
            ),
        }
        assert!(
            stats.never_finishes <= 0.0,
            "a finite mean, but a chance {} of never finishing",
            stats.never_finishes
        );
    } else {
        assert!(stats.variance.is_none() && stats.std_dev.is_none());
        assert!(
            stats.never_finishes > 0.0,
            "an infinite mean, but every game finishes"
        );
    }
    assert!((0.0..=1.0).contains(&stats.never_finishes));
    let d = &stats.distribution;
    assert!(
        d.pmf.iter().all(|p| (0.0..=1.0 + 1e-12).contains(p)),
        "chances in [0, 1]"
    );
    assert!(d.never >= 0.0 && d.unresolved >= 0.0);
    let total = d.resolved() + d.never + d.unresolved;
    assert!(
        (total - 1.0).abs() < 1e-9,
        "every chance is accounted for: {total}"
    );
    if d.unresolved < 1e-11 {
        let finishing = 1.0 - stats.never_finishes;
        assert!(
            (d.resolved() - finishing).abs() < 1e-9,
            "the distribution sums to {}, one minus the chance of never finishing {finishing}",
            d.resolved()
        );
    }
    if let Some(mean) = stats.mean {
        // The games left unresolved last longer than every length in the
        // distribution, so they add at least that much each to the mean.
        // (No closer bound: a chance of 10^-13 stuck behind a roll of
        // chance 10^-13 carries a mean of 6 beyond the distribution's 1.)
        let followed: f64 = d.pmf.iter().enumerate().map(|(t, p)| t as f64 * p).sum();
        let least = followed + d.unresolved * d.pmf.len() as f64;
        assert!(
            least <= mean * (1.0 + 1e-9) + 1e-9,
            "the distribution accounts for a mean of at least {least}, the mean is {mean}"
        );
    }
    first_lengths(&game, &d.pmf);
    let min = shortest::min_rolls(&game).unwrap();
    match (d.min(), min) {
        (Some(t), Some(k)) => assert!(t >= k as usize, "a game of {t} rolls, fewest {k}"),
        (Some(t), None) => panic!("a game of {t} rolls where the last square cannot be reached"),
        (None, _) => {}
    }
    if game.rules().bonus.is_some() {
        turns(&game, &stats);
    }
    visits(&game, stats.mean);
    impact(&game, stats.mean);
}

/// The chance of each of the first game lengths, found again by carrying
/// every state's chance through [`Game::play`] roll by roll.
fn first_lengths(game: &Game, pmf: &[f64]) {
    if game.starts_finished() {
        return;
    }
    let streaks = game.streaks() as usize;
    let total = game.rules().die.total() as f64;
    let mut now = vec![0.0; game.positions() * streaks];
    let first = Pawn {
        at: game.start(),
        streak: 0,
    };
    now[key(game, first)] = 1.0;
    for (t, &p) in pmf.iter().enumerate().take(40).skip(1) {
        let mut next = vec![0.0; now.len()];
        let mut ended = 0.0;
        for (k, &m) in now.iter().enumerate() {
            if m == 0.0 {
                continue;
            }
            let pawn = Pawn {
                at: (k / streaks) as u32,
                streak: (k % streaks) as u32,
            };
            for (roll, weight) in game.rules().die.faces() {
                let chance = m * (weight as f64 / total);
                let after = game.play(pawn, roll).pawn;
                if after.at == game.goal() {
                    ended += chance;
                } else {
                    next[key(game, after)] += chance;
                }
            }
        }
        assert!(
            (ended - p).abs() < 1e-12,
            "a game of {t} rolls: chance {p}, carried roll by roll {ended}"
        );
        now = next;
    }
}

/// With the bonus rule, there are no more turns than rolls, and the exact
/// turn mean equals the floating-point one.
fn turns(game: &Game, rolls: &markov::Stats) {
    let turns = admitted("the statistics by turns", limit, |ctl| {
        stats(game, Unit::Turns, ctl)
    })
    .expect("small boards");
    let exact = admitted("the exact turn mean", limit, |ctl| {
        markov::exact_mean_with(game, &uncapped(Unit::Turns), ctl)
    })
    .expect("small boards");
    assert_eq!(turns.mean.is_some(), exact.is_some());
    if let (Some(mean), Some(exact)) = (turns.mean, exact) {
        let exact = exact.to_f64().expect("a finite fraction");
        assert!(close(mean, exact, 1e-9), "turn mean {mean}, exact {exact}");
    }
    match (turns.mean, rolls.mean) {
        (Some(t), Some(r)) => assert!(t <= r * (1.0 + 1e-9), "turns {t} outnumber rolls {r}"),
        (t, r) => assert_eq!(t.is_some(), r.is_some(), "turns and rolls end alike"),
    }
}

/// How many times the die's likeliest value is likelier than its least
/// likely. Solvers that form `1 - p` for a chance `p` near 1 lose digits to
/// cancellation when this passes about 1e9 (and every digit near 1e16):
/// dense elimination on `I - Q`, and the transposed solve behind the
/// visits. The fast solver and the exact one sum the chance of leaving
/// instead. The first two are compared below that spread only.
fn spread(game: &Game) -> f64 {
    let weights: Vec<u64> = game.rules().die.faces().map(|(_, w)| w).collect();
    let most = weights.iter().max().copied().unwrap_or(1);
    let least = weights.iter().min().copied().unwrap_or(1);
    most as f64 / least as f64
}

/// The relative error to allow a solver that forms `1 - p` (dense
/// elimination, the transposed solve behind the visits) on a chain whose
/// mean is `mean` and whose die has `spread`: it loses digits in proportion
/// to the chain's conditioning, which grows with the mean times how far
/// apart the die's chances are (a mean of 10^7 with chances 10^7 apart
/// keeps three digits), and with the square of how far apart they are
/// even in short games (a fuzz input: chances 65,793 apart, a mean of 3,
/// dense elimination 2.6e-8 off).
fn conditioned(spread: f64, mean: f64) -> f64 {
    1e-9 + 1e-14 * spread * mean.max(1.0) + 1e-16 * spread * spread
}

/// Every roll lands somewhere, is lost or resets: the expected counts add
/// up to the mean.
fn visits(game: &Game, mean: Option<f64>) {
    let spread = spread(game);
    if spread >= 1e9 {
        return;
    }
    // The expected visits solve the transposed system, which has no
    // chance of leaving to take its pivots from: it loses digits with the
    // conditioning, like dense elimination.
    let tolerance = mean.map_or(1e-9, |m| conditioned(spread, m));
    let visits = match admitted("the visits", limit, |ctl| markov::visits_with(game, ctl)) {
        // Refused only where no digit can be trusted.
        Err(markov::MarkovError::Inaccurate { .. }) => {
            assert!(
                tolerance > 1e-6,
                "visits refused as inaccurate on a well-conditioned chain"
            );
            return;
        }
        other => other.expect("small boards"),
    };
    assert_eq!(
        visits.is_some(),
        mean.is_some(),
        "visits are finite exactly when the mean is"
    );
    let (Some(v), Some(mean)) = (visits, mean) else {
        return;
    };
    assert!(
        v.landings
            .iter()
            .chain(&v.rests)
            .all(|&x| x >= -tolerance * mean.max(1.0)),
        "negative visits"
    );
    assert!(
        close(v.total(), mean, tolerance),
        "rests add up to {}, the mean {mean}",
        v.total()
    );
    let rolls = v.landings.iter().sum::<f64>() + v.lost + v.resets;
    assert!(
        close(rolls, mean, tolerance),
        "landings add up to {rolls}, the mean {mean}"
    );
}

/// Each jump's impact is the mean of the board without it.
fn impact(game: &Game, mean: Option<f64>) {
    let impact =
        admitted("the impact", limit, |ctl| markov::impact_with(game, ctl)).expect("small boards");
    assert_eq!(
        impact.len(),
        game.board().jump_count(),
        "one entry per jump"
    );
    let mut plain_seen = false;
    for i in &impact {
        let without = game.without_jump(i.jump.from).expect("no circle");
        let m = markov::expected_rolls(&without).expect("small boards");
        assert_eq!(i.mean_without, m, "the mean without {}", i.jump);
        assert_eq!(i.change, mean.zip(m).map(|(a, b)| b - a));
        let changes = i.changes_finiteness(mean);
        assert!(
            !(plain_seen && changes),
            "the jumps that change finiteness come first"
        );
        plain_seen |= !changes;
    }
}

/// Races of 0 to 17 players from any squares: refused exactly outside 1 to
/// 16 players on the board; otherwise the chances add up, the first seat
/// does best when all start together, and a lone player wins exactly when
/// it finishes.
pub fn race(data: &[u8]) {
    let Some((game, mut u)) = game_from(data, 12, 6, false) else {
        return;
    };
    let goal = game.goal();
    let Ok(players) = u.int_in_range(0..=17usize) else {
        return;
    };
    let together = u.arbitrary::<bool>().unwrap_or(true);
    let mut from = Vec::with_capacity(players);
    for _ in 0..players {
        let square = if together {
            game.start()
        } else {
            u.int_in_range(0..=goal + 1).unwrap_or(0)
        };
        from.push(square);
    }
    let allowed = (1..=race::MAX_PLAYERS).contains(&players) && from.iter().all(|&p| p <= goal);
    // `race::race` carries each seat's distribution until less than 1e-12
    // of the chance is in play, under no budget of its own: where the chance
    // drains slowly (a rare roll needed many times over) that takes minutes.
    // Such races are run here on distributions cut at `FOLLOW`, through
    // `race::outcome`.
    let cut: Vec<markov::Distribution> = from
        .iter()
        .filter(|&&p| p <= goal)
        .map(|&p| turns_from(&game, p))
        .collect();
    let result = if !allowed || cut.iter().all(|d| d.unresolved < TAIL) {
        within(
            "the race",
            plan::estimate(&game, Analysis::Race { players }),
            || race::race(&game, &from),
        )
    } else {
        let seats: Vec<race::Seat<'_>> = cut
            .iter()
            .map(|d| race::Seat {
                pmf: &d.pmf,
                never: d.never,
            })
            .collect();
        race::outcome(&seats)
    };
    assert_eq!(
        result.is_ok(),
        allowed,
        "a race is refused exactly when it cannot be run"
    );
    let Ok(r) = result else { return };
    assert_eq!(r.win.len(), players);
    assert!(
        r.win.iter().all(|w| (-1e-15..=1.0 + 1e-9).contains(w)),
        "win chances {:?}",
        r.win
    );
    assert!(
        (0.0..=1.0).contains(&r.no_winner),
        "no winner {}",
        r.no_winner
    );
    let total: f64 = r.win.iter().sum::<f64>() + r.no_winner + r.unresolved;
    assert!((total - 1.0).abs() < 1e-9, "the chances add up to {total}");
    assert!(r.unresolved >= -1e-9, "unresolved {}", r.unresolved);
    if together {
        for pair in r.win.windows(2) {
            assert!(
                pair[0] >= pair[1] - 1e-12,
                "a later seat does better: {:?}",
                r.win
            );
        }
    }
    if players == 1 && r.unresolved < 1e-11 {
        let d = &cut[0];
        assert!(
            (r.win[0] - (1.0 - d.never)).abs() < 1e-9,
            "a lone player wins {} but finishes {}",
            r.win[0],
            1.0 - d.never
        );
        if from[0] == game.start()
            && let (Some(rounds), Ok(Some(turns))) =
                (r.expected_rounds, markov::expected_turns(&game))
        {
            assert!(
                close(rounds, turns, 1e-6),
                "a lone player's rounds {rounds} are its turns {turns}"
            );
        }
    }
}

/// Duels: the retrograde table agrees with a game-tree search on tiny
/// boards, and without bumps the player with fewer rolls to go wins.
pub fn duel(data: &[u8]) {
    let Some((game, mut u)) = game_from(data, 30, 8, true) else {
        return;
    };
    let goal = game.goal();
    let rules = duel::DuelRules {
        bump: u.arbitrary().unwrap_or(false),
    };
    let first = u.int_in_range(0..=goal + 1).unwrap_or(0);
    let second = u.int_in_range(0..=goal + 1).unwrap_or(0);
    let result = duel::duel_from(&game, rules, first, second);
    if first > goal || second > goal {
        assert!(
            matches!(result, Err(duel::DuelError::Position { .. })),
            "{result:?}"
        );
        return;
    }
    if game.rules().bonus.is_some() {
        assert_eq!(result, Err(duel::DuelError::Bonus));
        return;
    }
    let d = result.unwrap_or_else(|e| panic!("a small duel is solved: {e}"));
    let table = within("the duel", plan::estimate(&game, Analysis::Duel), || {
        duel::table(&game, rules)
    })
    .expect("small boards");
    let value = table.value(first, second);
    match (d.winner, value) {
        (duel::Winner::First, duel::Value::Win { rolls })
        | (duel::Winner::Second, duel::Value::Loss { rolls }) => assert_eq!(d.rolls, Some(rolls)),
        (duel::Winner::Draw, duel::Value::Draw) => assert_eq!(d.rolls, None),
        _ => panic!("the duel says {d:?}, the table {value:?}"),
    }
    let over = first == goal || second == goal;
    assert_eq!(
        d.best_rolls.is_empty(),
        over,
        "best first rolls {:?}",
        d.best_rolls
    );
    assert!(d.best_rolls.iter().all(|&r| game.rules().die.weight(r) > 0));
    if goal <= duel::MAX_DUEL_SEARCH_SQUARES {
        let searched = duel::search(&game, rules, first, second).expect("tiny boards");
        assert_eq!(searched, value, "the game-tree search");
    }
    if !rules.bump && !over {
        let fewest = |p: u32| queue_distances(&game, p)[goal as usize];
        let expected = match (fewest(first), fewest(second)) {
            (Some(a), Some(b)) if a <= b => duel::Value::Win { rolls: 2 * a - 1 },
            (_, Some(b)) => duel::Value::Loss { rolls: 2 * b },
            (Some(a), None) => duel::Value::Win { rolls: 2 * a - 1 },
            (None, None) => duel::Value::Draw,
        };
        assert_eq!(value, expected, "without bumps, fewer rolls to go win");
    }
}

/// A few games: the same seed plays the same games; every game is counted
/// once, finished or capped; no game is shorter than the fewest rolls or
/// longer than the cap; turns never outnumber rolls.
pub fn simulate(data: &[u8]) {
    let Some((game, mut u)) = game_from(data, 30, 8, true) else {
        return;
    };
    let options = Options {
        games: u.int_in_range(1..=300).unwrap_or(1),
        seed: u.arbitrary().unwrap_or(0),
        max_rolls: u.int_in_range(1..=2000).unwrap_or(1),
    };
    let estimate = plan::estimate(
        &game,
        Analysis::Simulate {
            games: options.games,
            max_rolls: options.max_rolls,
        },
    );
    let (sim, again) = on_this_thread(|| {
        let sim = within("the simulation", estimate, || {
            simulate::run(&game, &options).expect("a small table")
        });
        (sim, simulate::run(&game, &options).expect("a small table"))
    });
    assert_eq!(sim, again, "the seed decides the games");
    assert_eq!(sim.games, options.games);
    assert!(!sim.stopped);
    let finished: u64 = sim.rolls.total();
    assert_eq!(
        finished,
        sim.finished(),
        "every finished game is counted by rolls"
    );
    assert_eq!(sim.turns.total(), finished, "and by turns");
    assert!(
        sim.rolls.longest().is_none_or(|n| n <= options.max_rolls),
        "a game past the cap"
    );
    let shortest = sim.rolls.iter().next().map(|(n, _)| n as usize);
    match (shortest, shortest::min_rolls(&game).unwrap()) {
        (Some(t), Some(k)) => assert!(t >= k as usize, "a game of {t} rolls, fewest {k}"),
        (Some(t), None) => panic!("a game of {t} rolls where the last square cannot be reached"),
        (None, _) => {}
    }
    let weighted = |h: &simulate::Histogram| -> u128 {
        h.iter().map(|(n, c)| u128::from(n) * u128::from(c)).sum()
    };
    if game.rules().bonus.is_none() {
        assert_eq!(sim.turns, sim.rolls, "without bonus rolls, turns are rolls");
    } else {
        assert!(
            weighted(&sim.turns) <= weighted(&sim.rolls),
            "more turns than rolls"
        );
    }
    let lengths = sim.lengths(Unit::Rolls);
    assert_eq!(lengths.mean().is_some(), finished > 0);
    // The median counts capped games as longer than any.
    let median = lengths.median();
    assert_eq!(
        median.is_some(),
        2 * finished >= sim.games,
        "median {median:?}"
    );
    if let (Some(mean), Some(first)) = (lengths.mean(), shortest) {
        let last = sim.rolls.longest().unwrap_or(0) as usize;
        assert!(
            mean >= first as f64 - 1e-9 && mean <= last as f64 + 1e-9,
            "mean {mean}"
        );
        if let Some(median) = median {
            assert!(
                (first as u64..=last as u64).contains(&median),
                "median {median}"
            );
        }
    }
}

/// Runs `f` in a pool of one thread, the caller's: a simulation's blocks
/// then run where it is called, with no hand-off to another thread (which
/// on a busy machine costs more than the few games played here).
fn on_this_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    thread_local! {
        static POOL: rayon::ThreadPool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .use_current_thread()
            .build()
            .expect("a pool of the current thread");
    }
    POOL.with(|pool| pool.install(f))
}

/// The board as SVG, plain, with the path, the layers or the heat, in any
/// width and under any title, is well-formed; the board as text has its
/// rows, and its colours are escapes added to the plain text.
pub fn render(data: &[u8]) {
    let Some((game, mut u)) = game_from(data, 40, 8, true) else {
        return;
    };
    let board = game.board();
    let grid = match u.int_in_range(0..=40u32).unwrap_or(0) {
        0 => Grid::natural(board.squares()),
        w => Grid::with_columns(board.squares(), w).expect("at least one column"),
    };
    assert!(
        Grid::with_columns(board.squares(), 0).is_err(),
        "no columns is refused"
    );
    let title: String = u.arbitrary().unwrap_or_default();
    let ids: String = u.arbitrary().unwrap_or_default();
    let mut picture = BoardPicture::new(board).grid(grid).title(&title).ids(&ids);
    let visits;
    match u.int_in_range(0..=3u8).unwrap_or(0) {
        0 => {}
        1 => {
            let best = shortest::solve(&game).unwrap();
            picture = picture.path(game.start(), &best.path);
        }
        2 => picture = picture.layers(&shortest::distances(&game).unwrap()),
        _ => {
            // Refused where floating point keeps no digit of them, or where
            // they pass the largest number it holds (see `visits`): then
            // there is no heat to draw.
            visits = match markov::visits(&game) {
                Err(
                    markov::MarkovError::Inaccurate { .. } | markov::MarkovError::Overflow { .. },
                ) => None,
                other => other.expect("small boards"),
            };
            if let Some(v) = &visits {
                picture = picture.heat(&v.landings, &title);
            }
        }
    }
    well_formed(&picture.to_svg(), "the board picture");
    let plain = text::board(board, grid, false);
    let coloured = text::board(board, grid, true);
    assert!(
        plain.lines().count() >= grid.rows() as usize,
        "a line per row\n{plain}"
    );
    assert_eq!(strip_escapes(&coloured), plain, "colour only adds escapes");
}

/// `s` without its ANSI colour escapes (`ESC [ ... m`).
fn strip_escapes(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The longest distribution the plot target draws: small boards' games
/// are over well within it.
const PLOT_ROLLS: usize = 300;

/// The game-length plot, with or without a race panel and under any title:
/// well-formed SVG, or "never ends" exactly when no game ends.
pub fn plot(data: &[u8]) {
    let Some((game, mut u)) = game_from(data, 16, 8, false) else {
        return;
    };
    let stats = stats(&game, Unit::Rolls, &Control::default()).expect("small boards");
    // A bar a roll: games that last thousands of rolls make plots of
    // thousands of bars, a second each to draw and read back. Those are left
    // to `snl plot`'s own tests so that this target runs fast.
    if stats.distribution.pmf.len() > PLOT_ROLLS {
        return;
    }
    let title: String = u.arbitrary().unwrap_or_default();
    let mut plot = LengthPlot::new(&stats.distribution)
        .mean(stats.mean)
        .fewest(shortest::min_rolls(&game).unwrap())
        .title(&title);
    let players = u.int_in_range(0..=2usize).unwrap_or(0);
    // A race summary carries the turn distribution until less than 1e-12 of
    // the chance is in play, under no budget (see `race`): only games whose
    // distribution resolves within `FOLLOW` get one here.
    let resolves = turns_from(&game, game.start()).unresolved < TAIL;
    if players > 0 && resolves {
        let race = RaceSummary::compute(&game, players).expect("1 to 4 players");
        assert_eq!(race.seats.len(), players);
        plot = plot.race(race.seats);
    }
    match plot.to_svg() {
        Ok(svg) => well_formed(&svg, "the plot"),
        Err(snl_draw::DrawError::NeverEnds) => assert!(
            stats.distribution.resolved() <= 0.0,
            "a plot refused as never ending, but games end"
        ),
        Err(e) => panic!("the plot fails: {e}"),
    }
}
