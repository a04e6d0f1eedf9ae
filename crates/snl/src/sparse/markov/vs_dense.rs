use super::*;
use crate::rng::SplitMix64;
use crate::rules::{Die, Finish, Rules, Start};
use crate::sparse::SparseBoard;
use num_traits::{Signed, ToPrimitive};

/// The zones of `game` as the moments lay it out.
fn spans(game: &SparseGame) -> &[layout::Interval] {
    layout::zones(game, game.rules().die.max(), gap(game), true)
}

/// The mean, the variance and the chance of never finishing agree with
/// those of the square-by-square solver on random boards under every
/// rule, within the bound stated and that solver's own rounding.
#[test]
fn the_same_moments() {
    let mut rng = SplitMix64::new(909);
    let (mut compared, mut crossed, mut stuck, mut alone) = (0, 0, 0, 0);
    for case in 0..300 {
        let n = match case % 3 {
            0 => 2 + rng.below(60) as u32,
            1 => 2 + rng.below(3000) as u32,
            _ => 2 + rng.below(15_000) as u32,
        };
        let jumps = rng.below(u64::from(n / 80 + 3)) as u32;
        let Some(game) = crate::sparse::testing::game(&mut rng, n, jumps) else {
            continue;
        };
        let long = SparseGame::of_game(&game);
        let Ok(dense) = crate::markov::moments(&game, crate::game::Unit::Rolls) else {
            continue;
        };
        let sparse = match moments(&long) {
            Err(SparseError::Unsupported(Unsupported::SlowDie)) => continue,
            other => other.unwrap_or_else(|e| panic!("case {case}: {e}")),
        };
        let about = |a: f64, b: f64, bound: f64, rel: f64| (a - b).abs() <= bound + rel * b.abs();
        let what = || format!("case {case}: {:?}\n{sparse:?}\n{dense:?}", game.rules());
        assert!(
            about(sparse.never, dense.never, sparse.never_error, 1e-9),
            "{}",
            what()
        );
        assert_eq!(sparse.mean.is_some(), dense.mean.is_some(), "{}", what());
        if let (Some(a), Some(b)) = (sparse.mean, dense.mean) {
            assert!(about(a, b, sparse.mean_error, 1e-9), "{}", what());
            let (va, vb) = (sparse.variance.unwrap(), dense.variance.unwrap());
            assert!(about(va, vb, sparse.variance_error, 1e-7), "{}", what());
        } else {
            stuck += 1;
        }
        compared += 1;
        let system = System::new(&long, spans(&long), &Control::default()).unwrap();
        crossed += usize::from(system.layout.stretches() > 0);
        alone += usize::from(system.layout.zones.iter().any(|z| z.lone));
    }
    assert!(compared > 220, "only {compared} boards compared");
    assert!(crossed > 80, "only {crossed} boards had stretches");
    assert!(
        alone > 80,
        "only {alone} boards had a jump's end alone in a stretch"
    );
    assert!(stuck > 5, "only {stuck} boards could get stuck");
}

/// The mean and the variance from the closed forms are within the
/// bounds stated of the exact fractions on empty boards, where both
/// follow from the last square back (exact and pass finishes).
#[test]
fn empty_boards_within_the_bounds_of_the_exact_fractions() {
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use num_traits::{One, Zero};
    for (spec, n, finish, start) in [
        ("d6", 100u64, Finish::Exact, Start::Square1),
        ("d6", 300, Finish::Exact, Start::OffBoard),
        ("d2", 200, Finish::Pass, Start::Square1),
        ("1,1,1,1,1,2", 340, Finish::Pass, Start::OffBoard),
        ("2d6", 380, Finish::Pass, Start::Square1),
        ("0,1,0,3", 520, Finish::Pass, Start::Square1),
    ] {
        let die: Die = spec.parse().unwrap();
        let rules = Rules {
            die: die.clone(),
            finish,
            start,
            ..Rules::default()
        };
        // E and E[T²] from square y, from the last square back: lost
        // rolls (exact finish) stay where they are.
        let total = BigInt::from(die.total());
        let faces: Vec<(u64, BigRational)> = die
            .faces()
            .map(|(v, w)| {
                (
                    u64::from(v),
                    BigRational::new(BigInt::from(w), total.clone()),
                )
            })
            .collect();
        let len = n as usize + 1;
        let (mut e, mut s) = (
            vec![BigRational::zero(); len],
            vec![BigRational::zero(); len],
        );
        for y in (0..n).rev() {
            let (mut stay, mut ex, mut sx) =
                (BigRational::zero(), BigRational::one(), BigRational::one());
            for (v, p) in &faces {
                let to = y + v;
                if to > n && finish == Finish::Exact {
                    stay += p;
                    continue;
                }
                let to = to.min(n) as usize;
                ex += p * &e[to];
                sx += p * (&e[to] * BigInt::from(2) + &s[to]);
            }
            // x = c + stay·x for the mean; y = c' + stay·(2x + y).
            let keep = BigRational::one() - &stay;
            let ey = ex / &keep;
            sx += &stay * &ey * BigInt::from(2);
            s[y as usize] = sx / &keep;
            e[y as usize] = ey;
        }
        let from = rules.start.position() as usize;
        let exact_var = &s[from] - &e[from] * &e[from];
        let game = SparseGame::new(SparseBoard::new(n, []).unwrap(), rules).unwrap();
        let system = System::new(&game, spans(&game), &Control::default()).unwrap();
        assert!(system.layout.stretches() > 0 || n == 100, "{spec} {n}");
        let m = moments(&game).unwrap();
        let off = |got: f64, want: &BigRational| {
            (BigRational::from_float(got).unwrap() - want)
                .abs()
                .to_f64()
                .unwrap()
        };
        let (de, dv) = (
            off(m.mean.unwrap(), &e[from]),
            off(m.variance.unwrap(), &exact_var),
        );
        assert!(
            de <= m.mean_error,
            "{spec} {n}: mean off by {de:e}, bound {:e}",
            m.mean_error
        );
        assert!(
            dv <= m.variance_error,
            "{spec} {n}: variance off by {dv:e}, bound {:e}",
            m.variance_error
        );
    }
}

/// The mean is within the bound stated of the exact fraction, on
/// boards long enough to have stretches crossed in one step.
#[test]
fn within_the_bound_of_the_exact_mean() {
    let mut rng = SplitMix64::new(33);
    let mut checked = 0;
    for case in 0..40 {
        let n = 150 + rng.below(250) as u32;
        let jumps = rng.below(4) as u32;
        let board = crate::sparse::testing::board(&mut rng, n, jumps);
        let mut rules = crate::sparse::testing::rules(&mut rng);
        rules.die = ["d2", "d3", "1,2", "2,1,1", "d1"][case % 5]
            .parse()
            .unwrap();
        let Ok(game) = crate::Game::new(board, rules) else {
            continue;
        };
        let Ok(Some(exact)) = crate::markov::exact_mean(&game) else {
            continue;
        };
        let m = moments(&SparseGame::of_game(&game)).unwrap();
        let mean = m.mean.unwrap();
        // Compared as fractions: the error, against the bound.
        let got = num_rational::BigRational::from_float(mean).unwrap();
        let error = (got - &exact).abs().to_f64().unwrap();
        assert!(
            error <= m.mean_error,
            "case {case}: {mean} against {} (error {error:e}, bound {:e})",
            exact.to_f64().unwrap(),
            m.mean_error
        );
        checked += 1;
    }
    assert!(checked > 25, "only {checked} boards checked");
}
