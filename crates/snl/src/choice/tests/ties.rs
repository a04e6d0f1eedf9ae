//! A tie between taking a jump and staying is taken, under both goals: a
//! decline is given only where staying is strictly better, as exact
//! fractions played out independently of the engine say.

#![allow(clippy::too_many_lines)]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use super::*;

/// The chance of each face of `game`'s die, as a fraction.
fn faces(game: &Game) -> Vec<(u32, BigRational)> {
    let die = &game.rules().die;
    die.chances()
        .map(|(v, _)| {
            (
                v,
                BigRational::new(BigInt::from(die.weight(v)), BigInt::from(die.total())),
            )
        })
        .collect()
}

/// Where a pawn at `pawn` comes to rest after rolling `v` when it declines
/// the jumps `decline` says (by square and streak), and the choices it
/// makes on the way: [`Game::play`] and the jumps followed by hand, as
/// the brute forces beside this one do.
fn rest(
    game: &Game,
    pawn: Pawn,
    v: u32,
    decline: &dyn Fn(u32, u32) -> bool,
    made: &mut Vec<(u32, u32)>,
) -> Pawn {
    let optional = game.rules().optional;
    let played = game.play(pawn, v);
    match played.moved {
        Some(m) if m.jumped() && !played.reset => {
            let mut s = m.land;
            loop {
                let stay = game.rest_after(pawn, v, s);
                let to = game.board().jump(s).unwrap();
                if optional.covers(s, to) {
                    made.push((s, stay.streak));
                    if decline(s, stay.streak) {
                        break stay;
                    }
                }
                if game.rules().chain && game.board().jump(to).is_some() {
                    s = to;
                } else {
                    break game.rest_after(pawn, v, to);
                }
            }
        }
        _ => played.pawn,
    }
}

/// The exact expected rolls from the start under the play `decline`, by
/// Gaussian elimination in fractions over the states the start reaches;
/// `None` when the pawn may never finish. With it, the choices (square,
/// streak) a game under the play comes to.
fn exact_mean(
    game: &Game,
    decline: &dyn Fn(u32, u32) -> bool,
) -> (Option<BigRational>, Vec<(u32, u32)>) {
    let states = game.states();
    let n = states.len();
    let goal = game.goal();
    let start = states.index(Pawn {
        at: game.start(),
        streak: 0,
    });
    if game.start() == goal {
        return (Some(BigRational::zero()), Vec::new());
    }
    let faces = faces(game);
    let mut moves: Vec<Vec<(BigRational, Option<usize>)>> = vec![Vec::new(); n];
    let mut made: Vec<Vec<(u32, u32)>> = vec![Vec::new(); n];
    for k in 0..n {
        let pawn = states.pawn(k);
        if pawn.at == goal {
            continue;
        }
        for (v, p) in &faces {
            let r = rest(game, pawn, *v, decline, &mut made[k]);
            moves[k].push((p.clone(), (r.at != goal).then(|| states.index(r))));
        }
    }
    let mut seen = vec![false; n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(k) = stack.pop() {
        for (_, t) in &moves[k] {
            if let Some(t) = *t
                && !seen[t]
            {
                seen[t] = true;
                stack.push(t);
            }
        }
    }
    let choices: Vec<(u32, u32)> = (0..n)
        .filter(|&k| seen[k])
        .flat_map(|k| made[k].iter().copied())
        .collect();
    let mut live = vec![false; n];
    loop {
        let mut grew = false;
        for k in 0..n {
            if !live[k] && moves[k].iter().any(|(_, t)| t.is_none_or(|t| live[t])) {
                live[k] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    if (0..n).any(|k| seen[k] && !live[k] && states.pawn(k).at != goal) {
        return (None, choices);
    }
    let idx: Vec<usize> = (0..n).filter(|&k| seen[k]).collect();
    let pos = |k: usize| idx.iter().position(|&j| j == k).unwrap();
    let m = idx.len();
    let mut a = vec![vec![BigRational::zero(); m + 1]; m];
    for (r, &k) in idx.iter().enumerate() {
        a[r][r] += BigRational::one();
        a[r][m] = BigRational::one();
        for (p, t) in &moves[k] {
            if let Some(t) = *t {
                a[r][pos(t)] -= p;
            }
        }
    }
    for c in 0..m {
        let piv = (c..m).find(|&r| !a[r][c].is_zero()).unwrap();
        a.swap(c, piv);
        let d = a[c][c].clone();
        for x in &mut a[c] {
            *x /= &d;
        }
        for r in 0..m {
            if r != c && !a[r][c].is_zero() {
                let f = a[r][c].clone();
                for cc in c..=m {
                    let sub = &f * &a[c][cc];
                    a[r][cc] -= sub;
                }
            }
        }
    }
    (Some(a[pos(start)][m].clone()), choices)
}

/// The exact chance of finishing within `rolls` rolls from the start when
/// a pawn declines the jump at `(square, streak)` landed on at roll `t`
/// when `decline` says so, carried forward roll by roll in fractions; and
/// the choices (square, streak, roll) a game under the play comes to.
fn exact_within(
    game: &Game,
    rolls: u64,
    decline: &dyn Fn(u32, u32, u64) -> bool,
) -> (BigRational, Vec<(u32, u32, u64)>) {
    let states = game.states();
    let goal = game.goal();
    if game.start() == goal {
        return (BigRational::one(), Vec::new());
    }
    let faces = faces(game);
    let mut now = vec![BigRational::zero(); states.len()];
    now[states.index(Pawn {
        at: game.start(),
        streak: 0,
    })] = BigRational::one();
    let mut done = BigRational::zero();
    let mut choices = Vec::new();
    for t in 1..=rolls {
        let mut next = vec![BigRational::zero(); states.len()];
        for k in 0..states.len() {
            if now[k].is_zero() {
                continue;
            }
            let pawn = states.pawn(k);
            for (v, p) in &faces {
                let mut made = Vec::new();
                let r = rest(
                    game,
                    pawn,
                    *v,
                    &|s, streak| decline(s, streak, t),
                    &mut made,
                );
                choices.extend(made.into_iter().map(|(s, streak)| (s, streak, t)));
                let mass = &now[k] * p;
                if r.at == goal {
                    done += mass;
                } else {
                    next[states.index(r)] += mass;
                }
            }
        }
        now = next;
    }
    (done, choices)
}

fn tie_game() -> Game {
    // From 17 to 22 one face of six finishes (an exact finish on 23), so
    // every square there is 6 rolls from the end: taking the snake 22->17
    // and staying on 22 tie, for the mean and for every K.
    let board = Board::new(23, [Jump { from: 22, to: 17 }]).unwrap();
    let rules = Rules {
        optional: Optional::Snakes,
        ..Rules::default()
    };
    Game::new(board, rules).unwrap()
}

#[test]
fn a_tie_is_taken_under_both_goals() {
    let g = tie_game();
    let snake = Jump { from: 22, to: 17 };
    for exact in [false, true] {
        let best = solve(
            &g,
            &Options {
                exact,
                ..Options::default()
            },
        )
        .unwrap();
        assert_eq!(best.jumps, [(snake, Play::Taken)], "exact {exact}");
        assert!((best.mean.unwrap() - 11.046_122_308_721_866).abs() < 1e-9);
    }
    let best = within(&g, &Options::default(), 30).unwrap();
    assert_eq!(best.jumps, [(snake, Vec::new())]);
    assert!((1..=30).all(|t| !best.declines(22, 0, t)));
    // Taking and staying give the same chance, exactly.
    let (take, _) = exact_within(&g, 30, &|_, _, _| false);
    let (stay, _) = exact_within(&g, 30, &|_, _, _| true);
    assert_eq!(take, stay);
    let float = take.to_string();
    assert!((best.chance - 0.989_206).abs() < 1e-6, "{float}");
}

/// Random small boards with exact finishes (where ties are common) and
/// every rule but the bonus: a jump the mean's best play declines, where
/// a game under it lands, is strictly worse to take, in exact fractions;
/// and so is each decline of the best play for finishing within K rolls,
/// on the roll it is made.
#[test]
fn a_decline_is_strictly_better_in_exact_arithmetic() {
    let mut rng = SplitMix64::new(909);
    let dice = [Die::uniform(3).unwrap(), Die::uniform(6).unwrap()];
    let mut declines = 0;
    let mut ties = 0;
    let mut games = 0;
    for round in 0..16 {
        let die = &dice[round % 2];
        let n = 6 + rng.below(6) as u32;
        let jumps = 1 + rng.below(4) as u32;
        let board = random_board(&mut rng, n, jumps);
        for rules in all_rules(die) {
            if rules.bonus.is_some() {
                continue;
            }
            let Ok(g) = Game::new(played_on(&board, &rules), rules) else {
                continue;
            };
            games += 1;
            let best = solve(&g, &Options::default()).unwrap();
            let policy = |s: u32, k: u32| best.policy.declines(s, k);
            let (Some(value), made) = exact_mean(&g, &policy) else {
                continue;
            };
            for &(s, k) in &made {
                let flipped = |a: u32, b: u32| {
                    if (a, b) == (s, k) {
                        false
                    } else {
                        policy(a, b)
                    }
                };
                let (taken, _) = exact_mean(&g, &flipped);
                if policy(s, k) {
                    declines += 1;
                    assert!(
                        taken.as_ref().is_none_or(|t| *t > value),
                        "{s}: {taken:?} {value} {:?} {board:?}",
                        g.rules()
                    );
                } else if let (Some(t), true) =
                    (&taken, optional_stay_ties(&g, &policy, s, k, &value))
                {
                    // Taken where staying is exactly as good: a tie.
                    assert_eq!(*t, value);
                    ties += 1;
                }
            }
            let rolls = 1 + rng.below(8);
            let best = within(&g, &Options::default(), rolls).unwrap();
            let policy = |s: u32, k: u32, t: u64| best.declines(s, k, t);
            let (chance, made) = exact_within(&g, rolls, &policy);
            for &(s, k, t) in &made {
                if !policy(s, k, t) {
                    continue;
                }
                declines += 1;
                let flipped = |a: u32, b: u32, r: u64| {
                    if (a, b, r) == (s, k, t) {
                        false
                    } else {
                        policy(a, b, r)
                    }
                };
                let (taken, _) = exact_within(&g, rolls, &flipped);
                assert!(
                    taken < chance,
                    "{s} on roll {t} of {rolls}: {taken} {chance} {:?} {board:?}",
                    g.rules()
                );
            }
        }
    }
    assert!(games > 150, "{games}");
    assert!(declines > 20, "{declines}");
    assert!(ties > 0, "{ties}");
}

/// Whether staying at `(s, k)`, where `policy` takes the jump, gives the
/// same exact mean as the policy: the choice is a tie.
fn optional_stay_ties(
    game: &Game,
    policy: &dyn Fn(u32, u32) -> bool,
    s: u32,
    k: u32,
    value: &BigRational,
) -> bool {
    let stay = |a: u32, b: u32| (a, b) == (s, k) || policy(a, b);
    exact_mean(game, &stay).0.as_ref() == Some(value)
}
