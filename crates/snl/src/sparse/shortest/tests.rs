use super::*;
use crate::rules::{Die, Finish, Rules};
use crate::sparse::SparseBoard;

#[test]
fn fewest_rolls_on_plain_squares() {
    let d6 = Fewest::new(&[1, 2, 3, 4, 5, 6]);
    for d in 0..200u64 {
        assert_eq!(d6.get(d), Some(d.div_ceil(6)), "{d}");
    }
    assert_eq!(d6.get(1 << 62), Some((1u64 << 62).div_ceil(6)));
    // Only 2s and 5s: 1 and 3 cannot be made, 4 takes two, 6 three.
    let f = Fewest::new(&[2, 5]);
    let got: Vec<Option<u64>> = (0..9).map(|d| f.get(d)).collect();
    assert_eq!(
        got,
        vec![
            Some(0),
            None,
            Some(1),
            None,
            Some(2),
            Some(1),
            Some(3),
            Some(2),
            Some(4)
        ]
    );
    // Even values only: odd distances never.
    let even = Fewest::new(&[2, 4]);
    assert_eq!(even.get(1_000_001), None);
    assert_eq!(even.get(1_000_002), Some(250_001));
    // Against the recurrence itself, far out.
    let f = Fewest::new(&[3, 7, 11]);
    let mut table = vec![Some(0u64)];
    for d in 1..5000usize {
        let best = [3usize, 7, 11]
            .iter()
            .filter(|&&v| v <= d)
            .filter_map(|&v| table[d - v])
            .min()
            .map(|x| x + 1);
        table.push(best);
    }
    for (d, &want) in table.iter().enumerate() {
        assert_eq!(f.get(d as u64), want, "{d}");
    }
}

#[test]
fn empty_boards_of_any_length() {
    let rules = Rules::default();
    for n in [2u64, 7, 8, 100, 1_000_003, 1 << 62] {
        let game = SparseGame::new(SparseBoard::new(n, []).unwrap(), rules.clone()).unwrap();
        let s = solve(&game).unwrap();
        assert_eq!(s.min_rolls, Some((n - 1).div_ceil(6)), "{n}");
        let rolls: u64 = s.path.iter().map(|r| r.count).sum();
        assert_eq!(Some(rolls), s.min_rolls);
        assert_eq!(s.path.last().unwrap().to, n);
    }
    let one = SparseGame::new(SparseBoard::new(1, []).unwrap(), rules).unwrap();
    assert_eq!(solve(&one).unwrap().min_rolls, Some(0));
}

#[test]
fn a_bonus_limit_is_refused() {
    let rules = Rules {
        bonus: Some(crate::rules::Bonus::with_limit(3).unwrap()),
        ..Rules::default()
    };
    let game = SparseGame::new(SparseBoard::new(1 << 40, []).unwrap(), rules).unwrap();
    let err = solve(&game).unwrap_err();
    assert!(matches!(err, SparseError::Unsupported(_)), "{err}");
}

#[test]
fn finish_rules_on_a_long_board() {
    let with = |finish| Rules {
        finish,
        die: Die::weighted(vec![1, 0, 0, 0, 0, 1]).unwrap(),
        ..Rules::default()
    };
    // 10^12 squares, rolls of 1 or 6.
    let n = 1_000_000_000_000u64;
    let game = |f| SparseGame::new(SparseBoard::new(n, []).unwrap(), with(f)).unwrap();
    let d = n - 1;
    let exact = solve(&game(Finish::Exact)).unwrap();
    assert_eq!(exact.min_rolls, Some(d / 6 + d % 6));
    let pass = solve(&game(Finish::Pass)).unwrap();
    assert_eq!(pass.min_rolls, Some(d.div_ceil(6)));
}
