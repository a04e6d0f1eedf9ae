//! The best play for finishing within K rolls against every policy, played
//! out roll by roll.

#![allow(clippy::too_many_lines)]

use super::*;

/// The chance of finishing within `rolls` rolls from the start of `game`
/// when a pawn picks die `die(pawn, t)` before roll `t` and declines the
/// jump at `(square, streak)` landed on at roll `t` when `decline` says
/// so: the chance of every state carried forward roll by roll through
/// [`Game::play`], independently of the engine's tables.
fn brute_within(
    game: &Game,
    dice: &[Die],
    rolls: u64,
    die: &dyn Fn(Pawn, u64) -> usize,
    decline: &dyn Fn(u32, u32, u64) -> bool,
) -> f64 {
    let states = game.states();
    let goal = game.goal();
    if game.start() == goal {
        return 1.0;
    }
    let optional = game.rules().optional;
    let games: Vec<Game> = dice.iter().map(|d| game.with_die(d.clone())).collect();
    let mut now = vec![0.0; states.len()];
    now[states.index(Pawn {
        at: game.start(),
        streak: 0,
    })] = 1.0;
    let mut done = 0.0;
    for t in 1..=rolls {
        let mut next = vec![0.0; states.len()];
        for k in 0..states.len() {
            if now[k] == 0.0 {
                continue;
            }
            let pawn = states.pawn(k);
            let g = &games[die(pawn, t)];
            for (v, p) in g.rules().die.chances() {
                let played = g.play(pawn, v);
                let rest = match played.moved {
                    Some(m) if m.jumped() && !played.reset => {
                        let mut s = m.land;
                        loop {
                            let stay = g.rest_after(pawn, v, s);
                            let to = g.board().jump(s).unwrap();
                            if optional.covers(s, to) && decline(s, stay.streak, t) {
                                break stay;
                            }
                            if g.rules().chain && g.board().jump(to).is_some() {
                                s = to;
                            } else {
                                break g.rest_after(pawn, v, to);
                            }
                        }
                    }
                    _ => played.pawn,
                };
                if rest.at == goal {
                    done += now[k] * p;
                } else {
                    next[states.index(rest)] += now[k] * p;
                }
            }
        }
        now = next;
    }
    done
}

/// The best chance of finishing within K rolls against every policy that
/// takes or declines each optional jump (by square, streak and roll),
/// each played out roll by roll: on random small boards, under every
/// rule; and the policy found, played out, gives its chance.
#[test]
fn finishing_within_k_against_every_policy() {
    let mut rng = SplitMix64::new(1245);
    let dice = [
        Die::uniform(3).unwrap(),
        Die::weighted(vec![1, 0, 2]).unwrap(),
    ];
    let mut checked = 0;
    let mut apart = 0;
    for round in 0..6 {
        let die = &dice[round % 2];
        let n = 5 + rng.below(6) as u32;
        let board = random_board(&mut rng, n, 3);
        for rules in all_rules(die) {
            let Ok(g) = Game::new(played_on(&board, &rules), rules) else {
                continue;
            };
            let streaks = g.streaks();
            let decisions: Vec<(u32, u32)> = g
                .board()
                .jumps()
                .filter(|j| g.rules().optional.covers(j.from, j.to))
                .flat_map(|j| (0..streaks).map(move |s| (j.from, s)))
                .collect();
            let rolls = 1 + rng.below(5);
            if decisions.len() as u64 * rolls > 12 {
                continue;
            }
            let best = within(&g, &Options::default(), rolls).unwrap();
            let bits = decisions.len() * rolls as usize;
            let mut brute = 0.0f64;
            let mut worst = 1.0f64;
            for mask in 0u32..1 << bits {
                let decline = |s: u32, k: u32, t: u64| {
                    decisions
                        .iter()
                        .position(|&d| d == (s, k.min(streaks - 1)))
                        .is_some_and(|i| mask >> (i * rolls as usize + (t - 1) as usize) & 1 == 1)
                };
                let v = brute_within(&g, std::slice::from_ref(die), rolls, &|_, _| 0, &decline);
                brute = brute.max(v);
                worst = worst.min(v);
            }
            assert!(
                (best.chance - brute).abs() < 1e-12,
                "{} {brute} within {rolls} {:?} {board:?}",
                best.chance,
                g.rules()
            );
            let played = brute_within(
                &g,
                std::slice::from_ref(die),
                rolls,
                &|_, _| 0,
                &|s, k, t| best.declines(s, k, t),
            );
            assert!(
                (played - best.chance).abs() < 1e-12,
                "{played} {}",
                best.chance
            );
            if brute > worst + 1e-9 {
                apart += 1;
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
    // The choice mattered in many of them: the test can tell a poor play.
    assert!(apart > 50, "{apart}");
}

/// The best chance of finishing within K rolls against every assignment
/// of a die to each square and roll on small boards, with and without
/// optional jumps.
#[test]
fn finishing_within_k_picking_a_die_against_every_assignment() {
    let mut rng = SplitMix64::new(298);
    let dice = vec![
        Die::uniform(2).unwrap(),
        Die::weighted(vec![0, 1, 1]).unwrap(),
    ];
    let mut checked = 0;
    for _ in 0..5 {
        let n = 3 + rng.below(3) as u32;
        let board = random_board(&mut rng, n, 2);
        for finish in [Finish::Exact, Finish::Bounce, Finish::Pass] {
            for chain in [false, true] {
                for optional in [Optional::None, Optional::All] {
                    let rules = Rules {
                        finish,
                        chain,
                        optional,
                        ..Rules::default()
                    };
                    let Ok(g) = Game::new(played_on(&board, &rules), rules) else {
                        continue;
                    };
                    let options = Options {
                        dice: dice.clone(),
                        ..Options::default()
                    };
                    let rolls = 1 + rng.below(3);
                    let best = within(&g, &options, rolls).unwrap();
                    // A die for each square below the goal and each roll,
                    // with the policy's own jumps.
                    let squares = u64::from(n);
                    let mut brute = 0.0f64;
                    for mask in 0u64..1 << (squares * rolls) {
                        let die = |p: Pawn, t: u64| {
                            (mask >> (u64::from(p.at) * rolls + t - 1) & 1) as usize
                        };
                        let decline = |s: u32, k: u32, t: u64| best.declines(s, k, t);
                        brute = brute.max(brute_within(&g, &dice, rolls, &die, &decline));
                    }
                    assert!(
                        brute <= best.chance + 1e-12,
                        "{brute} {} {:?} {board:?}",
                        best.chance,
                        g.rules()
                    );
                    let played =
                        brute_within(&g, &dice, rolls, &|p, t| best.die(p, t), &|s, k, t| {
                            best.declines(s, k, t)
                        });
                    assert!(
                        (played - best.chance).abs() < 1e-12,
                        "{played} {}",
                        best.chance
                    );
                    assert!(
                        (brute - best.chance).abs() < 1e-12,
                        "{brute} {}",
                        best.chance
                    );
                    // The runs of rolls each die is picked on, played out,
                    // give the same chance.
                    let runs = best.die_runs();
                    assert_eq!(runs.len(), n as usize + 1);
                    for square in &runs {
                        assert_eq!(*square[0].0.start(), 1);
                        assert_eq!(*square.last().unwrap().0.end(), rolls);
                        assert!(
                            square.windows(2).all(|w| {
                                *w[0].0.end() + 1 == *w[1].0.start() && w[0].1 != w[1].1
                            })
                        );
                    }
                    let by_runs = |p: Pawn, t: u64| {
                        runs[p.at as usize]
                            .iter()
                            .find(|(run, _)| run.contains(&t))
                            .unwrap()
                            .1
                    };
                    let from_runs = brute_within(&g, &dice, rolls, &by_runs, &|s, k, t| {
                        best.declines(s, k, t)
                    });
                    assert!(
                        (from_runs - best.chance).abs() < 1e-12,
                        "{from_runs} {}",
                        best.chance
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50, "{checked}");
}
