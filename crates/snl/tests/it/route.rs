//! Following a written route: every optimal roll sequence is accepted and
//! nothing else of that length, counted against the optimal-sequence count
//! (itself checked by brute force); snl's own paths replay as rolls and as
//! squares; each way of going wrong is named.

use proptest::prelude::*;
use snl::shortest::route::{Route, RouteError, follow};
use snl::{Board, Finish, Game, Jump, Rules};

use crate::strategies;

/// Every sequence of `len` rolls of the die of `game`, in order.
fn sequences(game: &Game, len: usize) -> Vec<Vec<u32>> {
    let faces: Vec<u32> = game.rules().die.values().collect();
    let mut all = vec![Vec::new()];
    for _ in 0..len {
        all = all
            .into_iter()
            .flat_map(|s| {
                faces.iter().map(move |&f| {
                    let mut t = s.clone();
                    t.push(f);
                    t
                })
            })
            .collect();
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn exactly_the_optimal_sequences_are_accepted(game in strategies::game(1..=14)) {
        let Some(min) = snl::shortest::min_rolls(&game).unwrap() else {
            // Nothing reaches the last square: no route of any length does.
            for len in 0..=3 {
                for s in sequences(&game, len) {
                    prop_assert!(follow(&game, Route::Rolls(&s)).is_err(), "{:?}", s);
                }
            }
            return Ok(());
        };
        let faces = game.rules().die.values().count();
        let min = min as usize;
        prop_assume!(faces.pow(min as u32) <= 20_000);
        let count = snl::shortest::count_optimal(&game).unwrap().unwrap();
        let accepted = sequences(&game, min)
            .iter()
            .filter(|s| follow(&game, Route::Rolls(s)).is_ok())
            .count();
        prop_assert_eq!(num_bigint::BigUint::from(accepted), count);
        // Nothing shorter finishes.
        if min > 0 {
            for s in sequences(&game, min - 1) {
                prop_assert!(follow(&game, Route::Rolls(&s)).is_err(), "{:?}", s);
            }
        }
    }

    #[test]
    fn snls_paths_replay_as_rolls_and_as_squares(game in strategies::choosing_game(1..=60)) {
        let solved = snl::shortest::solve(&game).unwrap();
        let Some(min) = solved.min_rolls else { return Ok(()) };
        let rolls: Vec<u32> = solved.path.iter().map(|m| m.roll).collect();
        let squares: Vec<u32> = solved.path.iter().map(|m| m.to).collect();
        let min = min as usize;
        prop_assert_eq!(follow(&game, Route::Rolls(&rolls)), Ok(min));
        prop_assert_eq!(follow(&game, Route::Squares(&squares)), Ok(min));
        let mut from_start = vec![game.start()];
        from_start.extend(&squares);
        prop_assert_eq!(follow(&game, Route::Squares(&from_start)), Ok(min));
        // One more roll after the end is refused (where jumps may be
        // declined, the same rolls may also describe a slower play).
        if let (Some(&roll), false) = (rolls.first(), game.declinable()) {
            let mut longer = rolls.clone();
            longer.push(roll);
            prop_assert_eq!(
                follow(&game, Route::Rolls(&longer)),
                Err(RouteError::AfterFinish { index: min + 1 })
            );
        }
    }
}

fn game(squares: u32, jumps: &[(u32, u32)], rules: Rules) -> Game {
    let board = Board::new(squares, jumps.iter().map(|&(from, to)| Jump { from, to })).unwrap();
    Game::new(board, rules).unwrap()
}

#[test]
fn each_way_of_going_wrong_is_named() {
    let g = game(20, &[(3, 15), (18, 4)], Rules::default());
    assert_eq!(
        follow(&g, Route::Rolls(&[2, 7])),
        Err(RouteError::NotAFace {
            index: 2,
            roll: 7,
            die: "d6".into()
        })
    );
    assert_eq!(
        follow(&g, Route::Rolls(&[2, 6])),
        Err(RouteError::Overshoot {
            index: 2,
            roll: 6,
            from: 15,
            goal: 20
        })
    );
    assert_eq!(
        follow(&g, Route::Rolls(&[2, 2])),
        Err(RouteError::Unfinished { at: 17, goal: 20 })
    );
    let e = follow(&g, Route::Squares(&[15, 18, 20])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "step 2 goes from square 15 to square 18, which no roll of the die (d6) does (its rolls lead to 4, 16, 17, 19 and 20)"
    );
    let RouteError::NoRoll { rests, .. } = e else {
        panic!("{e:?}")
    };
    // 16, 17, 4 (the snake at 18), 19, 20; 15 + 6 = 21 is lost.
    assert_eq!(rests, [4, 16, 17, 19, 20]);
    assert!(matches!(
        follow(&g, Route::Squares(&[15, 21])),
        Err(RouteError::OffBoard { square: 21, .. })
    ));
}

#[test]
fn under_bounce_an_overshoot_is_a_move() {
    let g = game(
        10,
        &[],
        Rules {
            finish: Finish::Bounce,
            ..Rules::default()
        },
    );
    // 1 + 6 = 7, 7 + 5 bounces back from 10 to 8, 8 + 2 = 10.
    assert_eq!(follow(&g, Route::Rolls(&[6, 5, 2])), Ok(3));
    assert_eq!(follow(&g, Route::Squares(&[7, 8, 10])), Ok(3));
}
