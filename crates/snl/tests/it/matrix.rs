//! The transition matrix against the game's moves, and the fundamental
//! matrix against the mean: exactly, in fractions, and in floating point.

// The matrices are named as in the textbooks: P, Q, N, and t states.
#![allow(clippy::many_single_char_names)]

use std::collections::BTreeMap;

use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use proptest::prelude::*;
use snl::markov::{self, FundamentalError, TransitionMatrix};
use snl::{Game, Pawn, presets};

use crate::strategies;

/// Row `k` worked out from the game's own moves, face by face.
fn row_from_moves(game: &Game, p: &TransitionMatrix, k: usize) -> Vec<(usize, u64)> {
    let states = game.states();
    let pawn = states.pawn(k);
    let mut row = BTreeMap::new();
    for (value, weight) in game.rules().die.faces() {
        let next = if pawn.at == game.goal() {
            p.absorbing()
        } else {
            let next = game.play(pawn, value).pawn;
            if next.at == game.goal() {
                p.absorbing()
            } else {
                states.index(next)
            }
        };
        *row.entry(next).or_insert(0) += weight;
    }
    row.into_iter().collect()
}

/// Whether the last square can be reached from each state: a search over
/// the matrix's entries.
fn reaches_goal(p: &TransitionMatrix) -> Vec<bool> {
    (0..p.states())
        .map(|k| {
            let mut seen = vec![false; p.states()];
            let mut stack = vec![k];
            seen[k] = true;
            while let Some(i) = stack.pop() {
                if i == p.absorbing() {
                    return true;
                }
                for (j, _) in p.row(i) {
                    if !std::mem::replace(&mut seen[j], true) {
                        stack.push(j);
                    }
                }
            }
            false
        })
        .collect()
}

/// The expected rolls from every transient state, `(I − Q) x = 1` solved
/// in fractions by Gaussian elimination.
fn exact_rolls(p: &TransitionMatrix) -> Vec<BigRational> {
    let t = p.transient();
    let total = BigRational::from_integer(p.total().into());
    let mut a = vec![vec![BigRational::zero(); t + 1]; t];
    for (i, row) in a.iter_mut().enumerate() {
        row[i] = BigRational::one();
        row[t] = BigRational::one();
        for (j, w) in p.row(i).filter(|&(j, _)| j < t) {
            row[j] -= BigRational::from_integer(w.into()) / &total;
        }
    }
    for k in 0..t {
        let pivot = (k..t).find(|&i| !a[i][k].is_zero()).expect("nonsingular");
        a.swap(k, pivot);
        let inv = a[k][k].recip();
        for v in &mut a[k][k..] {
            *v *= &inv;
        }
        let pivot = a[k].clone();
        for (i, row) in a.iter_mut().enumerate() {
            if i == k || row[k].is_zero() {
                continue;
            }
            let f = row[k].clone();
            for (v, q) in row[k..].iter_mut().zip(&pivot[k..]) {
                *v -= &f * q;
            }
        }
    }
    a.into_iter().map(|row| row[t].clone()).collect()
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * b.abs().max(1.0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Each row is the die's faces played from its state, the goal
    /// absorbs, and the rows add up to the die's total.
    #[test]
    fn each_row_is_the_moves_from_its_state(game in strategies::game(1..=30)) {
        let p = markov::transition_matrix(&game).unwrap();
        prop_assert_eq!(p.states(), game.states().len());
        prop_assert_eq!(p.total(), game.rules().die.total());
        prop_assert_eq!(p.start(), game.states().index(Pawn { at: game.start(), streak: 0 }));
        for k in 0..p.states() {
            let row: Vec<(usize, u64)> = p.row(k).collect();
            prop_assert_eq!(row.iter().map(|&(_, w)| w).sum::<u64>(), p.total());
            prop_assert!(row.windows(2).all(|w| w[0].0 < w[1].0), "columns increase");
            if k == p.absorbing() {
                prop_assert_eq!(&row, &vec![(k, p.total())]);
            } else {
                prop_assert_eq!(&row, &row_from_moves(&game, &p, k), "state {}", k);
            }
        }
        let sums: f64 = p.probabilities().iter().sum();
        prop_assert!(close(sums, p.states() as f64, 1e-12));
    }

    /// The mean from the fundamental matrix is the game's mean: in
    /// fractions from the transition matrix, equal to the exact mean; in
    /// floating point, within rounding of it. Where some state cannot
    /// reach the last square, there is no fundamental matrix.
    #[test]
    fn the_fundamental_mean_is_the_exact_mean(game in strategies::game(1..=14)) {
        let p = markov::transition_matrix(&game).unwrap();
        let live = reaches_goal(&p);
        let n = markov::fundamental_matrix(&game);
        if let Some(k) = (0..p.transient()).find(|&k| !live[k]) {
            prop_assert!(
                matches!(n, Err(FundamentalError::Stuck { state, .. }) if state == k),
                "{:?}", n
            );
            return Ok(());
        }
        let n = n.unwrap();
        let exact = exact_rolls(&p);
        let want = markov::exact_mean(&game).unwrap().expect("every state reaches the goal");
        let start = n.start();
        let got = start.map_or_else(BigRational::zero, |s| exact[s].clone());
        prop_assert_eq!(&got, &want);
        let float = want.to_f64().unwrap();
        if float < 1e9 {
            prop_assert!(close(n.mean(), float, 1e-9), "{} {}", n.mean(), float);
            for (x, e) in n.expected_rolls().iter().zip(&exact) {
                prop_assert!(close(*x, e.to_f64().unwrap(), 1e-8), "{} {}", x, e);
            }
        }
    }
}

/// On the presets the matrix's rows add up to 1 and the mean from the
/// fundamental matrix is the exact mean, to rounding.
#[test]
fn presets_fundamental_mean_is_expect() {
    for preset in presets::all() {
        let game = preset.game().unwrap();
        let p = markov::transition_matrix(&game).unwrap();
        let probs = p.probabilities();
        for k in 0..p.states() {
            let row = &probs[p.indptr()[k]..p.indptr()[k + 1]];
            assert!(
                (row.iter().sum::<f64>() - 1.0).abs() < 1e-15,
                "{}",
                preset.name
            );
        }
        let n = markov::fundamental_matrix(&game).unwrap();
        let exact = markov::exact_mean(&game)
            .unwrap()
            .unwrap()
            .to_f64()
            .unwrap();
        let stats = markov::stats(&game).unwrap().mean.unwrap();
        assert!(
            close(n.mean(), exact, 1e-12),
            "{}: {} {exact}",
            preset.name,
            n.mean()
        );
        assert!(
            close(n.mean(), stats, 1e-12),
            "{}: {} {stats}",
            preset.name,
            n.mean()
        );
        // The fractions of a 100-square board take a minute to eliminate
        // densely; the smaller presets are checked exactly.
        if p.transient() <= 40 {
            let exact = markov::exact_mean(&game).unwrap().unwrap();
            assert_eq!(exact_rolls(&p)[p.start()], exact, "{}", preset.name);
        }
    }
    // Milton Bradley's board: 101 states, off the board first, 39.225 rolls.
    let mb = presets::find("milton-bradley").unwrap().game().unwrap();
    let n = markov::fundamental_matrix(&mb).unwrap();
    assert_eq!(n.size(), 100);
    assert_eq!(n.start(), Some(0));
    assert!((n.mean() - 39.225_122_308_234_96).abs() < 1e-9);
}
