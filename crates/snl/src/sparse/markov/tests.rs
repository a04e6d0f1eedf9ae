use super::*;
use crate::rules::{Die, Finish, Rules, Start};
use crate::sparse::SparseBoard;

fn game(n: u64, jumps: &[(u64, u64)], rules: Rules) -> SparseGame {
    SparseGame::new(SparseBoard::new(n, jumps.iter().copied()).unwrap(), rules).unwrap()
}

#[test]
fn the_published_empty_board() {
    let m = moments(&game(100, &[], Rules::default())).unwrap();
    assert!((m.mean.unwrap() - 33.047_619_047_6).abs() < 1e-10, "{m:?}");
}

#[test]
fn two_squares_under_each_finish() {
    for (finish, mean, var) in [
        (Finish::Exact, 6.0, 30.0),
        (Finish::Bounce, 2.0, 2.0),
        (Finish::Pass, 1.0, 0.0),
    ] {
        let rules = Rules {
            finish,
            ..Rules::default()
        };
        let m = moments(&game(2, &[], rules)).unwrap();
        assert!(
            (m.mean.unwrap() - mean).abs() <= m.mean_error.max(1e-15),
            "{m:?}"
        );
        assert!(
            (m.variance.unwrap() - var).abs() <= m.variance_error.max(1e-13),
            "{m:?}"
        );
    }
}

#[test]
fn stuck_boards() {
    // Every square 2..=7 sends the pawn back to 1.
    let jumps: Vec<(u64, u64)> = (2..=7).map(|s| (s, 1)).collect();
    let m = moments(&game(1 << 40, &jumps, Rules::default())).unwrap();
    assert_eq!((m.mean, m.never), (None, 1.0));
    // A coin, passing allowed: half the games fall into a trap.
    let rules = Rules {
        die: Die::uniform(2).unwrap(),
        finish: Finish::Pass,
        start: Start::Square1,
        ..Rules::default()
    };
    let m = moments(&game(9, &[(2, 6), (7, 6), (8, 6), (3, 9)], rules)).unwrap();
    assert!((m.never - 0.5).abs() < 1e-15, "{m:?}");
}
