//! The incremental evaluator of the mean and variance against the plain
//! solver and exact arithmetic, on random boards under every rule, through
//! random sequences of tried and committed changes.

use num_traits::ToPrimitive;
use proptest::prelude::*;
use snl::limits::Control;
use snl::markov::{self, incremental::Incremental};
use snl::{Board, Game, Jump, Rules};

use crate::strategies;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * a.abs().max(b.abs()).max(1.0)
}

/// Whether every state (position and bonus streak) can reach the goal:
/// what the evaluator needs. Worked out here from `Game::play` alone, a
/// state being live when some roll ends the game or leads to a live state.
fn every_state_live(game: &Game) -> bool {
    let states = game.states();
    let values: Vec<u32> = game.rules().die.faces().map(|(v, _)| v).collect();
    let mut live: Vec<bool> = (0..states.len())
        .map(|k| states.position(k) == game.goal())
        .collect();
    loop {
        let mut changed = false;
        for k in 0..states.len() {
            if !live[k]
                && values
                    .iter()
                    .any(|&v| live[states.index(game.play(states.pawn(k), v).pawn)])
            {
                live[k] = true;
                changed = true;
            }
        }
        if !changed {
            return live.iter().all(|&l| l);
        }
    }
}

/// The board `board` with the jump on `square` set to `to` (none for
/// `None`), if that is a board at all.
fn with_jump(board: &Board, square: u32, to: Option<u32>) -> Option<Board> {
    let jumps = board
        .jumps()
        .filter(|j| j.from != square)
        .chain(to.map(|to| Jump { from: square, to }));
    Board::new(board.squares(), jumps).ok()
}

fn assert_moments(inc: &Incremental, game: &Game, what: &str) -> Result<(), TestCaseError> {
    let plain = markov::moments(game, snl::Unit::Rolls).unwrap();
    let got = inc.moments();
    let (pm, gm) = (plain.mean.unwrap(), got.mean.unwrap());
    prop_assert!(close(pm, gm, 1e-8), "{what}: mean {gm} against {pm}");
    let (pv, gv) = (plain.variance.unwrap(), got.variance.unwrap());
    prop_assert!(
        (pv - gv).abs() <= 1e-7 * pv.max(pm * pm).max(1.0),
        "{what}: variance {gv} against {pv}"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Built from scratch, the evaluator gives the plain solver's figures,
    /// and the exact mean's; it refuses exactly the boards where some state
    /// cannot reach the goal.
    #[test]
    fn fresh_figures_agree(game in strategies::game(2..=24)) {
        let inc = Incremental::new(&game, &Control::default()).unwrap();
        let live = every_state_live(&game);
        match inc {
            None => prop_assert!(!live || game.starts_finished()),
            Some(inc) => {
                prop_assert!(live);
                assert_moments(&inc, &game, "fresh")?;
                if let Some(exact) = markov::exact_mean(&game).unwrap() {
                    let exact = exact.to_f64().unwrap();
                    let got = inc.moments().mean.unwrap();
                    prop_assert!(close(exact, got, 1e-9), "exact {exact}, incremental {got}");
                }
            }
        }
    }

    /// A random walk of changes, each tried and then committed or not: every
    /// tried board's figures are the plain solver's, and a refused one is a
    /// board where some state cannot reach the goal.
    #[test]
    fn tried_changes_agree(
        game in strategies::game(4..=24),
        edits in prop::collection::vec((any::<u32>(), any::<u32>(), any::<bool>(), any::<bool>()), 1..16),
    ) {
        let Some(mut inc) = Incremental::new(&game, &Control::default()).unwrap() else {
            return Ok(());
        };
        let rules: Rules = game.rules().clone();
        let n = game.goal();
        let mut board = game.board().clone();
        for (i, &(a, b, remove, commit)) in edits.iter().enumerate() {
            let square = 1 + a % (n - 1);
            let to = (!remove).then_some(1 + b % n).filter(|&t| t != square);
            let Some(next) = with_jump(&board, square, to) else { continue };
            let Ok(next_game) = Game::new(next.clone(), rules.clone()) else { continue };
            let tried = inc.try_game(&next_game);
            match tried {
                Some(m) => {
                    prop_assert!(every_state_live(&next_game), "edit {i}: a stuck board was tried");
                    let plain = markov::moments(&next_game, snl::Unit::Rolls).unwrap();
                    let (pm, gm) = (plain.mean.unwrap(), m.mean.unwrap());
                    prop_assert!(close(pm, gm, 1e-8), "edit {i}: mean {gm} against {pm}");
                    let (pv, gv) = (plain.variance.unwrap(), m.variance.unwrap());
                    prop_assert!((pv - gv).abs() <= 1e-7 * pv.max(pm * pm).max(1.0),
                        "edit {i}: variance {gv} against {pv}");
                    if commit {
                        inc.commit();
                        board = next;
                        assert_moments(&inc, &next_game, "committed")?;
                        for s in 0..=n {
                            prop_assert_eq!(inc.rest(s), next_game.rest(s));
                        }
                    }
                }
                None => prop_assert!(!every_state_live(&next_game), "edit {i}: a live board refused"),
            }
        }
    }
}

#[test]
fn the_rank_of_a_change_follows_the_bonus_streaks() {
    // Under a bonus limit of 3, the rolls landing on a square arrive with
    // three streaks: one change of jump is a change of rank three, and the
    // figures still agree.
    let rules = Rules {
        bonus: Some(snl::Bonus::with_limit(3).unwrap()),
        ..Rules::default()
    };
    let board = Board::new(40, [Jump { from: 9, to: 30 }, Jump { from: 33, to: 12 }]).unwrap();
    let game = Game::new(board.clone(), rules.clone()).unwrap();
    let mut inc = Incremental::new(&game, &Control::default())
        .unwrap()
        .unwrap();
    let moved = with_jump(&board, 33, Some(3)).unwrap();
    let moved = Game::new(moved, rules).unwrap();
    let tried = inc.try_rests(&[(33, 3)]).unwrap();
    let plain = markov::moments(&moved, snl::Unit::Rolls).unwrap();
    assert!(close(tried.mean.unwrap(), plain.mean.unwrap(), 1e-10));
    assert!(close(
        tried.variance.unwrap(),
        plain.variance.unwrap(),
        1e-9
    ));
}

#[test]
fn a_ladder_out_of_a_near_trap_is_worked_out_afresh() {
    // A two-faced die whose 2 (twice as likely) earns one bonus roll, an
    // exact finish on 13, and 12 a snake back to the start: most games end
    // there, and last 265,719 rolls on average. A ladder from 1 to 12
    // makes it 12. As an update the new figures were the difference of
    // numbers of 10^5 and 10^11, and the variance was off in the seventh
    // digit (114.000168 against 114).
    let rules = Rules {
        die: snl::Die::weighted(vec![1, 2]).unwrap(),
        start: snl::Start::OffBoard,
        bonus: Some(snl::Bonus::with_limit(1).unwrap()),
        ..Rules::default()
    };
    let trap = [Jump { from: 10, to: 12 }, Jump { from: 12, to: 0 }];
    let board = Board::new(13, trap).unwrap();
    let game = Game::new(board.clone(), rules.clone()).unwrap();
    let mut inc = Incremental::new(&game, &Control::default())
        .unwrap()
        .unwrap();
    assert!(close(inc.moments().mean.unwrap(), 265_719.0, 1e-9));
    let out = Game::new(with_jump(&board, 1, Some(12)).unwrap(), rules).unwrap();
    let exact = markov::exact_mean(&out).unwrap().unwrap().to_f64().unwrap();
    let plain = markov::moments(&out, snl::Unit::Rolls).unwrap();
    assert!(close(exact, 12.0, 1e-15) && close(plain.variance.unwrap(), 114.0, 1e-12));
    let tried = inc.try_game(&out).unwrap();
    assert!(close(tried.mean.unwrap(), exact, 1e-12), "{tried:?}");
    assert!(close(tried.variance.unwrap(), 114.0, 1e-12), "{tried:?}");
    // Committed, the board is the one worked out afresh.
    inc.commit();
    assert_eq!(inc.moments(), tried);
    assert_eq!(inc.rest(1), 12);
}

#[test]
fn a_change_that_traps_the_pawn_is_refused() {
    // Squares 5 to 10 lead back to 4 except 7; closing 7 too traps every
    // pawn below.
    let jumps: Vec<Jump> = [5, 6, 8, 9, 10]
        .into_iter()
        .map(|from| Jump { from, to: 4 })
        .collect();
    let board = Board::new(14, jumps).unwrap();
    let game = Game::new(board, Rules::default()).unwrap();
    let mut inc = Incremental::new(&game, &Control::default())
        .unwrap()
        .unwrap();
    let before = inc.moments();
    assert_eq!(inc.try_rests(&[(7, 4)]), None);
    inc.commit();
    assert_eq!(inc.moments(), before, "a refused change is not committed");
    assert_eq!(inc.rest(7), 7);
}

#[test]
fn too_many_states_are_refused() {
    let game = Game::new(Board::empty(2000).unwrap(), Rules::default()).unwrap();
    let err = Incremental::new(&game, &Control::default()).unwrap_err();
    assert!(matches!(err, snl::limits::LimitError::Size { .. }), "{err}");
}

#[test]
fn a_long_walk_of_commits_stays_exact() {
    // Thousands of committed changes on a 100-square board, past several
    // refreshes of the inverse: the figures stay those of the plain solver.
    let mut rng = snl::rng::SplitMix64::new(9);
    let jumps = [
        (3, 40),
        (9, 31),
        (20, 38),
        (28, 84),
        (36, 44),
        (51, 67),
        (71, 91),
        (80, 99),
        (98, 78),
        (95, 75),
        (93, 73),
        (87, 24),
        (64, 60),
        (62, 19),
        (56, 53),
        (49, 11),
    ];
    let mut board = Board::new(100, jumps.iter().map(|&(from, to)| Jump { from, to })).unwrap();
    let game = Game::new(board.clone(), Rules::default()).unwrap();
    let mut inc = Incremental::new(&game, &Control::default())
        .unwrap()
        .unwrap();
    let mut committed = 0;
    while committed < 3000 {
        let square = jumps[rng.below(16) as usize].0;
        let to = 1 + rng.below(100) as u32;
        let Some(next) = with_jump(&board, square, (to != square).then_some(to)) else {
            continue;
        };
        let rest = next.jump(square).unwrap_or(square);
        if inc.try_rests(&[(square, rest)]).is_some() {
            inc.commit();
            board = next;
            committed += 1;
            if committed % 500 == 0 {
                let game = Game::new(board.clone(), Rules::default()).unwrap();
                assert_moments(&inc, &game, "after many commits").unwrap();
            }
        }
    }
}
