// A brute force written as a textbook writes it: a dense system, index
// loops, one die and its dice side by side.
#![allow(
    clippy::similar_names,
    clippy::many_single_char_names,
    clippy::too_many_lines,
    clippy::needless_range_loop
)]

use super::*;
use crate::board::Jump;
use crate::game::tests::game;
use crate::rng::SplitMix64;
use crate::rules::{Bonus, Finish, Optional, Start};

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * b.abs().max(1.0)
}

/// The expected rolls from the start of `game` when a pawn picks die
/// `die(pawn)` before each roll and declines the jump at `(square,
/// streak)` when `decline` says so: a dense linear system built move by
/// move from [`Game::play`], solved by Gaussian elimination, independently
/// of the engine's tables and solver. `None` when the pawn may never
/// finish.
fn brute_value(
    game: &Game,
    dice: &[Die],
    die: &dyn Fn(Pawn) -> usize,
    decline: &dyn Fn(u32, u32) -> bool,
) -> Option<f64> {
    brute_play(game, dice, die, decline).0
}

/// [`brute_value`], and each choice at an optional jump that a game
/// under the play comes to: the jump's start and whether it is taken.
fn brute_play(
    game: &Game,
    dice: &[Die],
    die: &dyn Fn(Pawn) -> usize,
    decline: &dyn Fn(u32, u32) -> bool,
) -> (Option<f64>, Vec<(u32, bool)>) {
    let states = game.states();
    let n = states.len();
    let goal = game.goal();
    let optional = game.rules().optional;
    let games: Vec<Game> = dice
        .iter()
        .map(|d| {
            Game::new(
                game.board().clone(),
                Rules {
                    die: d.clone(),
                    ..game.rules().clone()
                },
            )
            .unwrap()
        })
        .collect();
    // moves[k]: (chance, next state or None for the goal).
    let mut moves: Vec<Vec<(f64, Option<usize>)>> = vec![Vec::new(); n];
    // choices[k]: the choices at optional jumps the moves from k make.
    let mut choices: Vec<Vec<(u32, bool)>> = vec![Vec::new(); n];
    for (k, out) in moves.iter_mut().enumerate() {
        let pawn = states.pawn(k);
        if pawn.at == goal {
            continue;
        }
        let g = &games[die(pawn)];
        for (v, p) in g.rules().die.chances() {
            let played = g.play(pawn, v);
            let rest = match played.moved {
                Some(m) if m.jumped() => {
                    let mut s = m.land;
                    loop {
                        let stay = g.rest_after(pawn, v, s);
                        let to = g.board().jump(s).unwrap();
                        if optional.covers(s, to) {
                            let declined = decline(s, stay.streak);
                            choices[k].push((s, !declined));
                            if declined {
                                break stay;
                            }
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
            out.push((p, (rest.at != goal).then(|| states.index(rest))));
        }
    }
    let start = states.index(Pawn {
        at: game.start(),
        streak: 0,
    });
    if game.start() == goal {
        return (Some(0.0), Vec::new());
    }
    // Every state the start reaches must reach the goal.
    let mut seen = vec![false; n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(k) = stack.pop() {
        for &(_, t) in &moves[k] {
            if let Some(t) = t
                && !seen[t]
            {
                seen[t] = true;
                stack.push(t);
            }
        }
    }
    let mut live = vec![false; n];
    loop {
        let mut grew = false;
        for k in 0..n {
            if !live[k] && moves[k].iter().any(|&(_, t)| t.is_none_or(|t| live[t])) {
                live[k] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let made: Vec<(u32, bool)> = (0..n)
        .filter(|&k| seen[k])
        .flat_map(|k| choices[k].iter().copied())
        .collect();
    if (0..n).any(|k| seen[k] && !live[k] && states.pawn(k).at != goal) {
        return (None, made);
    }
    let idx: Vec<usize> = (0..n).filter(|&k| seen[k]).collect();
    let pos = |k: usize| idx.iter().position(|&j| j == k).unwrap();
    let m = idx.len();
    let mut a = vec![vec![0.0; m + 1]; m];
    for (r, &k) in idx.iter().enumerate() {
        a[r][r] += 1.0;
        a[r][m] = 1.0;
        for &(p, t) in &moves[k] {
            if let Some(t) = t {
                a[r][pos(t)] -= p;
            }
        }
    }
    for c in 0..m {
        let piv = (c..m)
            .max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))
            .unwrap();
        a.swap(c, piv);
        let d = a[c][c];
        for x in &mut a[c] {
            *x /= d;
        }
        for r in 0..m {
            if r != c && a[r][c] != 0.0 {
                let f = a[r][c];
                for cc in c..=m {
                    a[r][cc] -= f * a[c][cc];
                }
            }
        }
    }
    (Some(a[pos(start)][m]), made)
}

/// Every combination of the rules on a small die, with some choice of
/// optional jumps.
fn all_rules(die: &Die) -> Vec<Rules> {
    let mut out = Vec::new();
    for finish in [Finish::Exact, Finish::Bounce, Finish::Pass] {
        for chain in [false, true] {
            for start in [Start::Square1, Start::OffBoard] {
                for bonus in [
                    None,
                    Some(Bonus::unlimited()),
                    Some(Bonus::with_limit(2).unwrap()),
                ] {
                    for optional in [Optional::Ladders, Optional::Snakes, Optional::All] {
                        out.push(Rules {
                            die: die.clone(),
                            finish,
                            chain,
                            start,
                            bonus,
                            optional,
                        });
                    }
                }
            }
        }
    }
    out
}

/// `board` as played under `rules`: with the pawn starting off the board,
/// the snakes to square 1 from even squares lead back off the board, to
/// square 0, instead.
fn played_on(board: &Board, rules: &Rules) -> Board {
    if rules.start != Start::OffBoard {
        return board.clone();
    }
    let home = |j: Jump| Jump {
        to: if j.to == 1 && j.from.is_multiple_of(2) {
            0
        } else {
            j.to
        },
        ..j
    };
    Board::new(board.squares(), board.jumps().map(home).collect::<Vec<_>>()).unwrap()
}

fn random_board(rng: &mut SplitMix64, n: u32, jumps: u32) -> Board {
    let mut list: Vec<Jump> = Vec::new();
    for _ in 0..jumps {
        let from = 2 + rng.below(u64::from(n - 2)) as u32;
        let to = 1 + rng.below(u64::from(n)) as u32;
        if from == to || list.iter().any(|j| j.from == from) {
            continue;
        }
        list.push(Jump { from, to });
    }
    Board::new(n, list).unwrap()
}

/// The optimum against every take-or-stay policy, each played out by the
/// brute-force solver: on random small boards, under every rule.
#[test]
fn optional_jumps_against_every_policy() {
    let mut rng = SplitMix64::new(23);
    let dice = [
        Die::uniform(3).unwrap(),
        Die::weighted(vec![1, 0, 2]).unwrap(),
    ];
    let mut checked = 0;
    for round in 0..6 {
        let die = &dice[round % 2];
        let n = 6 + rng.below(7) as u32;
        let board = random_board(&mut rng, n, 4);
        for rules in all_rules(die) {
            let Ok(g) = Game::new(played_on(&board, &rules), rules) else {
                continue;
            };
            // The decisions: (square, streak) for each optional jump.
            let streaks = g.streaks();
            let decisions: Vec<(u32, u32)> = g
                .board()
                .jumps()
                .filter(|j| g.rules().optional.covers(j.from, j.to))
                .flat_map(|j| (0..streaks).map(move |s| (j.from, s)))
                .collect();
            if decisions.len() > 10 {
                continue;
            }
            let options = Options {
                exact: true,
                ..Options::default()
            };
            let best = solve(&g, &options).unwrap();
            let mut brute: Option<f64> = None;
            for mask in 0u32..1 << decisions.len() {
                let decline = |s: u32, k: u32| {
                    decisions
                        .iter()
                        .position(|&d| d == (s, k.min(streaks - 1)))
                        .is_some_and(|i| mask >> i & 1 == 1)
                };
                if let Some(v) = brute_value(&g, std::slice::from_ref(die), &|_| 0, &decline) {
                    brute = Some(brute.map_or(v, |b: f64| b.min(v)));
                }
            }
            match (best.mean, brute) {
                (Some(m), Some(b)) => {
                    assert!(close(m, b, 1e-7), "{m} {b} {:?} {board:?}", g.rules());
                }
                (a, b) => assert_eq!(
                    a.is_some(),
                    b.is_some(),
                    "{a:?} {b:?} {:?} {board:?}",
                    g.rules()
                ),
            }
            // The policy's own value, played out by the brute force.
            if let Some(m) = best.mean {
                let played = brute_value(&g, std::slice::from_ref(die), &|_| 0, &|s, k| {
                    best.policy.declines(s, k)
                })
                .unwrap();
                assert!(close(played, m, 1e-7), "{played} {m}");
                let exact = best.exact.as_ref().unwrap();
                let float = crate::markov::exact::decimal(exact, 12)
                    .parse::<f64>()
                    .unwrap();
                assert!(close(float, m, 1e-9), "{float} {m}");
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

/// The optimum against every assignment of dice to states on small
/// boards, with and without optional jumps.
#[test]
fn picking_a_die_against_every_assignment() {
    let mut rng = SplitMix64::new(189);
    let dice = vec![
        Die::uniform(2).unwrap(),
        Die::weighted(vec![0, 1, 1]).unwrap(),
    ];
    let mut checked = 0;
    for _ in 0..5 {
        let n = 5 + rng.below(4) as u32;
        let board = random_board(&mut rng, n, 3);
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
                        exact: true,
                        ..Options::default()
                    };
                    let best = solve(&g, &options).unwrap();
                    // Every assignment of a die to each square below the
                    // goal, each with the policy's own jumps.
                    let squares = n as usize;
                    let mut brute: Option<f64> = None;
                    for mask in 0u32..1 << squares {
                        let die = |p: Pawn| (mask >> p.at & 1) as usize;
                        let decline = |s: u32, k: u32| best.policy.declines(s, k);
                        if let Some(v) = brute_value(&g, &dice, &die, &decline) {
                            brute = Some(brute.map_or(v, |b: f64| b.min(v)));
                        }
                    }
                    let b = brute.unwrap();
                    let m = best.mean.unwrap();
                    // The assignments all play the optimum's jumps, so the
                    // optimum is at most their best, and its own dice are
                    // one of them.
                    assert!(close(m, b, 1e-7), "{m} {b} {board:?} {:?}", g.rules());
                    let own = brute_value(&g, &dice, &|p| best.policy.die(p), &|s, k| {
                        best.policy.declines(s, k)
                    })
                    .unwrap();
                    assert!(close(own, m, 1e-7));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50, "{checked}");
}

/// The policy as a plain game: the Markov engine gives its mean, and the
/// exact engine its exact mean.
#[test]
fn the_plain_engine_plays_the_policy() {
    let mut rng = SplitMix64::new(7);
    for _ in 0..20 {
        let n = 20 + rng.below(30) as u32;
        let board = random_board(&mut rng, n, 12);
        for optional in [Optional::Ladders, Optional::Snakes, Optional::All] {
            let rules = Rules {
                optional,
                finish: Finish::Bounce,
                ..Rules::default()
            };
            let g = Game::new(board.clone(), rules).unwrap();
            let options = Options {
                exact: true,
                ..Options::default()
            };
            let best = solve(&g, &options).unwrap();
            let plain = best.plain(&g).unwrap().unwrap();
            let mean = crate::markov::expected_rolls(&plain).unwrap();
            assert_eq!(mean.is_some(), best.mean.is_some());
            if let Some(mean) = mean {
                assert!(close(mean, best.mean.unwrap(), 1e-9));
                assert_eq!(
                    crate::markov::exact_mean(&plain).unwrap().as_ref(),
                    best.exact.as_ref()
                );
                let stats = crate::markov::stats(&plain).unwrap();
                assert!(close(stats.variance.unwrap(), best.variance.unwrap(), 1e-7));
                // No policy of taking every optional jump does better.
                let all = crate::markov::expected_rolls(
                    &Game::new(
                        board.clone(),
                        Rules {
                            optional: Optional::None,
                            ..g.rules().clone()
                        },
                    )
                    .unwrap(),
                )
                .unwrap();
                assert!(all.is_none_or(|a| a >= mean - 1e-9));
            }
        }
    }
}

/// Without a choice the best play is the plain game.
#[test]
fn no_choice_is_the_plain_game() {
    let g = game(30, &[(3, 22), (27, 4), (12, 2)], Rules::default());
    let best = solve(&g, &Options::default()).unwrap();
    let plain = crate::markov::expected_rolls(&g).unwrap().unwrap();
    assert!(close(best.mean.unwrap(), plain, 1e-12));
    assert!(best.jumps.is_empty());
    assert_eq!(best.rounds, 1);
}

/// The 10×10 board of Codeforces 1245E ("Hyakugoku and Ladders"), from
/// its grid of ladder heights, row 1 at the top: the pawn starts on the
/// bottom left, goes right along the bottom row, left along the next, and
/// so on to the top left. A ladder of height `h` at row `i`, column `j`
/// climbs to row `i - h`, same column. In snl's rules: 100 squares
/// numbered along the path, a d6, an exact finish (the pawn does not move
/// when the goal is fewer squares away than the roll), no chaining (a
/// ladder's top is not climbed on from), the start on square 1, and every
/// ladder optional. The problem counts turns, which are rolls here.
fn codeforces(ladders: &[(u32, u32, u32)]) -> Game {
    let square = |i: u32, j: u32| {
        let k = 10 - i;
        if k.is_multiple_of(2) {
            10 * k + j
        } else {
            10 * k + 11 - j
        }
    };
    let jumps: Vec<Jump> = ladders
        .iter()
        .map(|&(i, j, h)| Jump {
            from: square(i, j),
            to: square(i - h, j),
        })
        .collect();
    let rules = Rules {
        optional: Optional::Ladders,
        ..Rules::default()
    };
    Game::new(Board::new(100, jumps).unwrap(), rules).unwrap()
}

#[test]
fn codeforces_1245e_samples() {
    let mean = |g: &Game| solve(g, &Options::default()).unwrap().mean.unwrap();
    // Sample 1: no ladder at all.
    assert!((mean(&codeforces(&[])) - 33.047_619_047_6).abs() < 1e-9);
    // Sample 2.
    let two = codeforces(&[
        (5, 3, 3),
        (5, 7, 4),
        (7, 7, 4),
        (8, 3, 3),
        (9, 3, 4),
        (10, 10, 9),
    ]);
    assert!(
        (mean(&two) - 20.259_140_592_3).abs() < 1e-9,
        "{}",
        mean(&two)
    );
    let every = |g: &Game| {
        let (board, rules) = g.clone().into_parts();
        let rules = Rules {
            optional: Optional::None,
            ..rules
        };
        crate::markov::expected_rolls(&Game::new(board, rules).unwrap())
            .unwrap()
            .unwrap()
    };
    let s2 = solve(&two, &Options::default()).unwrap();
    // Here the best play climbs every ladder.
    assert!(s2.declined().is_empty());
    assert!((every(&two) - 20.259_140_592_3).abs() < 1e-9);
    // Sample 3.
    let mut three: Vec<(u32, u32, u32)> = (2..=7).map(|j| (7, j, 6)).collect();
    three.push((8, 1, 1));
    let three = codeforces(&three);
    assert!(
        (mean(&three) - 15.904_759_293_9).abs() < 1e-9,
        "{}",
        mean(&three)
    );
    let s3 = solve(&three, &Options::default()).unwrap();
    // Here it stays below the short ladder 21->40, which would carry the
    // pawn past the long ones from 34 to 39; climbing it gives 19.25.
    assert_eq!(s3.declined(), [Jump { from: 21, to: 40 }]);
    assert_eq!(s3.taken().len(), 6);
    assert!((every(&three) - 19.248_684_189_5).abs() < 1e-9);
}

/// `AtCoder` ABC189F ("Sugoroku2"): squares 0 to N, the pawn on 0, a fair
/// die of M faces, reaching or passing N wins, and landing on one of the
/// broken squares sends the pawn back to 0. In snl's rules every square
/// moves up by one so that the problem's 0 is square 1, where the pawn
/// starts: N + 1 squares, a pass finish, and a snake from each broken
/// square `a` (square `a + 1`) to square 1. No choice is made here, so the
/// best play is the plain game.
fn atcoder(n: u32, m: u32, broken: &[u32]) -> Game {
    let jumps = broken.iter().map(|&a| Jump { from: a + 1, to: 1 });
    let rules = Rules {
        die: Die::uniform(m).unwrap(),
        finish: Finish::Pass,
        ..Rules::default()
    };
    Game::new(Board::new(n + 1, jumps).unwrap(), rules).unwrap()
}

/// The same problem as the problem states it: N squares, the pawn off the
/// board on square 0, and a snake from each broken square back to 0.
fn atcoder_off_board(n: u32, m: u32, broken: &[u32]) -> Game {
    let jumps = broken.iter().map(|&a| Jump { from: a, to: 0 });
    let rules = Rules {
        die: Die::uniform(m).unwrap(),
        finish: Finish::Pass,
        start: Start::OffBoard,
        ..Rules::default()
    };
    Game::new(Board::new(n, jumps).unwrap(), rules).unwrap()
}

#[test]
fn atcoder_abc189f_samples() {
    let mean = |g: &Game| solve(g, &Options::default()).unwrap().mean;
    let both = |n: u32, m: u32, broken: &[u32]| {
        let (shifted, home) = (atcoder(n, m, broken), atcoder_off_board(n, m, broken));
        let (a, b) = (mean(&shifted), mean(&home));
        assert_eq!(a.is_some(), b.is_some(), "{a:?} {b:?}");
        if let (Some(a), Some(b)) = (a, b) {
            assert!(close(a, b, 1e-9), "{a} {b}");
        }
        // The Markov chain agrees, square 0 its start state.
        let chain = crate::markov::expected_rolls(&home).unwrap();
        assert_eq!(chain.is_some(), b.is_some());
        if let (Some(c), Some(b)) = (chain, b) {
            assert!(close(c, b, 1e-7), "{c} {b}");
        }
        b
    };
    assert!(close(both(2, 2, &[]).unwrap(), 1.5, 1e-12));
    assert!(close(both(2, 2, &[1]).unwrap(), 2.0, 1e-12));
    // Ten broken squares in a row, more than a roll can cross: never ends.
    assert_eq!(both(100, 6, &(11..=20).collect::<Vec<_>>()), None);
    let four = both(100_000, 2, &[2997, 92458]).unwrap();
    assert!((four - 201_932.222_2).abs() < 1e-3, "{four}");
}

#[test]
fn too_many_dice_and_exact_limits_are_refused() {
    let g = game(10, &[], Rules::default());
    let many = Options {
        dice: vec![Die::default(); MAX_DICE + 1],
        ..Options::default()
    };
    assert_eq!(solve(&g, &many).unwrap_err(), ChoiceError::TooManyDice(17));
    let big = game(3000, &[], Rules::default());
    let exact = Options {
        exact: true,
        ..Options::default()
    };
    assert!(matches!(solve(&big, &exact), Err(ChoiceError::TooLarge(_))));
}

/// The jumps the best play never takes, against every take-or-stay
/// policy played out by the brute force: a jump is listed exactly when
/// some best policy lands on it and no best policy takes it. Policies
/// within 1e-9 of the best count as best; a board where some policy is
/// between 1e-9 and 1e-6 off the best, too close to tell from rounding,
/// is left out.
#[test]
fn never_taken_against_every_policy() {
    let mut rng = SplitMix64::new(2323);
    let dice = [
        Die::uniform(3).unwrap(),
        Die::weighted(vec![1, 0, 2]).unwrap(),
        Die::uniform(2).unwrap(),
    ];
    let (mut checked, mut listed, mut unlisted) = (0, 0, 0);
    for round in 0..8 {
        let die = &dice[round % 3];
        let n = 6 + rng.below(9) as u32;
        let board = random_board(&mut rng, n, 5);
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
            if decisions.len() > 10 {
                continue;
            }
            let best = solve(&g, &Options::default()).unwrap();
            let Some(mean) = best.mean else {
                assert!(best.never_taken.is_empty());
                continue;
            };
            let plays: Vec<(f64, Vec<(u32, bool)>)> = (0u32..1 << decisions.len())
                .filter_map(|mask| {
                    let decline = |s: u32, k: u32| {
                        decisions
                            .iter()
                            .position(|&d| d == (s, k.min(streaks - 1)))
                            .is_some_and(|i| mask >> i & 1 == 1)
                    };
                    let (v, made) = brute_play(&g, std::slice::from_ref(die), &|_| 0, &decline);
                    v.map(|v| (v, made))
                })
                .collect();
            let off = |v: f64| (v - mean) / mean.abs().max(1.0);
            if plays
                .iter()
                .any(|(v, _)| (1e-9..1e-6).contains(&off(*v).abs()))
            {
                continue;
            }
            let optimal: Vec<&Vec<(u32, bool)>> = plays
                .iter()
                .filter(|(v, _)| off(*v).abs() < 1e-9)
                .map(|(_, made)| made)
                .collect();
            assert!(!optimal.is_empty(), "{mean} {:?} {board:?}", g.rules());
            let expected: Vec<u32> = g
                .board()
                .jumps()
                .filter(|j| g.rules().optional.covers(j.from, j.to))
                .map(|j| j.from)
                .filter(|&s| {
                    let lands = optimal.iter().any(|m| m.iter().any(|c| c.0 == s));
                    let takes = optimal.iter().any(|m| m.contains(&(s, true)));
                    lands && !takes
                })
                .collect();
            let got: Vec<u32> = best.never_taken.iter().map(|d| d.jump.from).collect();
            assert_eq!(got, expected, "{:?} {board:?}", g.rules());
            for d in &best.never_taken {
                assert!(d.take > d.stay, "{d:?}");
            }
            listed += got.len();
            unlisted += best.jumps.len() - got.len();
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
    assert!(listed > 50 && unlisted > 50, "{listed} {unlisted}");
}

mod ties;
mod within;
