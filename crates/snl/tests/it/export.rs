//! The exported model against the transition matrix (a chain) and against
//! a plain value iteration of the decision process (choices), on random
//! boards under every rule.

use proptest::prelude::*;
use snl::choice::{self, Options};
use snl::export::{self, Act, Model, Node};
use snl::limits::Control;
use snl::markov;
use snl::{Die, Game};

use crate::strategies;

/// The states a game from the start reaches, by a search of the matrix.
fn reached(p: &markov::TransitionMatrix) -> Vec<usize> {
    let mut seen = vec![false; p.states()];
    let mut stack = vec![p.start()];
    seen[p.start()] = true;
    while let Some(i) = stack.pop() {
        for (j, _) in p.row(i) {
            if !std::mem::replace(&mut seen[j], true) {
                stack.push(j);
            }
        }
    }
    (0..p.states()).filter(|&k| seen[k]).collect()
}

/// The nodes from which some play finishes for certain: the greatest set
/// from which the goal is reached by actions that never leave it (the
/// textbook fixed point for almost-sure reachability).
fn almost_sure(model: &Model, index: &dyn Fn(Node) -> usize) -> Vec<bool> {
    let n = model.nodes.len();
    let mut safe = vec![true; n];
    loop {
        let stays =
            |a: &snl::export::Action, safe: &[bool]| a.branches.iter().all(|b| safe[index(b.to)]);
        // The goal, then every node with an action that stays in the set
        // and leads to a node already found, until none is added.
        let mut found = vec![false; n];
        // A game that never reaches the goal has no node for it.
        match model
            .nodes
            .binary_search_by_key(&Node::Rest(model.goal), |(n, _)| *n)
        {
            Ok(g) => found[g] = true,
            Err(_) => return found,
        }
        let mut grew = true;
        while grew {
            grew = false;
            for (i, (_, actions)) in model.nodes.iter().enumerate() {
                if found[i] || !safe[i] {
                    continue;
                }
                if actions
                    .iter()
                    .any(|a| stays(a, &safe) && a.branches.iter().any(|b| found[index(b.to)]))
                {
                    found[i] = true;
                    grew = true;
                }
            }
        }
        if found == safe {
            return safe;
        }
        safe = found;
    }
}

/// The least expected rolls from the start, by value iteration over the
/// nodes from which some play finishes for certain; `None` when the start
/// is not one of them.
fn value_iteration(model: &Model) -> Option<f64> {
    let index = |node: Node| {
        model
            .nodes
            .binary_search_by_key(&node, |(n, _)| *n)
            .expect("every branch leads to a node")
    };
    let safe = almost_sure(model, &index);
    if !safe[index(Node::Rest(model.start))] {
        return None;
    }
    let mut values = vec![0.0f64; model.nodes.len()];
    for _ in 0..1_000_000 {
        let mut change = 0.0f64;
        for (i, (node, actions)) in model.nodes.iter().enumerate() {
            if *node == Node::Rest(model.goal) || !safe[i] {
                continue;
            }
            let best = actions
                .iter()
                .filter(|a| a.branches.iter().all(|b| safe[index(b.to)]))
                .map(|a| {
                    let cost = if matches!(a.act, Act::Roll(_)) {
                        1.0
                    } else {
                        0.0
                    };
                    cost + a
                        .branches
                        .iter()
                        .map(|b| b.weight as f64 / a.total as f64 * values[index(b.to)])
                        .sum::<f64>()
                })
                .fold(f64::INFINITY, f64::min);
            change = change.max((best - values[i]).abs());
            values[i] = best;
        }
        if change < 1e-13 {
            break;
        }
    }
    Some(values[index(Node::Rest(model.start))])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Without choices, each node's one action is its row of the
    /// transition matrix, weight for weight, and the nodes are the states
    /// a game reaches.
    #[test]
    fn a_chain_is_the_transition_matrix(game in strategies::game(1..=30)) {
        let p = markov::transition_matrix(&game).unwrap();
        let model = export::build(&game, &[], &Control::default()).unwrap();
        prop_assert!(!model.has_choices());
        let nodes: Vec<usize> = model.nodes.iter().map(|(n, _)| match n {
            Node::Rest(k) => *k,
            Node::Pending(_) => unreachable!("no jump may be declined"),
        }).collect();
        prop_assert_eq!(&nodes, &reached(&p));
        for (node, actions) in &model.nodes {
            let Node::Rest(k) = *node else { unreachable!() };
            prop_assert_eq!(actions.len(), 1);
            let a = &actions[0];
            let scale = p.total() / a.total;
            let row: Vec<(usize, u64)> = a.branches.iter().map(|b| match b.to {
                Node::Rest(j) => (j, b.weight * scale),
                Node::Pending(_) => unreachable!(),
            }).collect();
            let want: Vec<(usize, u64)> = p.row(k).collect();
            prop_assert_eq!(row, want, "state {}", k);
        }
    }

    /// With choices (jumps to decline, dice to pick), the least expected
    /// rolls of the model by value iteration are the best play's mean.
    #[test]
    fn a_decision_process_has_the_best_plays_mean(
        game in strategies::choosing_game(1..=16),
        two_dice in any::<bool>(),
    ) {
        let dice: Vec<Die> = if two_dice {
            vec![game.rules().die.clone(), Die::uniform(3).unwrap()]
        } else {
            Vec::new()
        };
        let model = export::build(&game, &dice, &Control::default()).unwrap();
        let options = Options { dice: dice.clone(), ..Options::default() };
        let best = choice::solve(&game, &options).unwrap();
        // Value iteration closes in on a mean of m rolls by a factor of
        // about 1 - 1/m a sweep: on near-traps (means of 10^10 rolls) its
        // million sweeps take minutes and stop far short. Such games are
        // left to the tests of the best play against exact arithmetic.
        prop_assume!(best.mean.is_none_or(|m| m < 1e4), "a near-trap: {:?} rolls", best.mean);
        match (best.mean, value_iteration(&model)) {
            (Some(mean), Some(value)) => prop_assert!(
                (mean - value).abs() <= 1e-7 * mean.max(1.0),
                "best play {} against the model's {}", mean, value
            ),
            (None, value) => prop_assert!(value.is_none(), "the model finishes for certain, in {:?}", value),
            (Some(mean), None) => prop_assert!(false, "no play of the model finishes for certain; the best play's mean is {}", mean),
        }
    }
}

#[test]
fn storm_reads_what_the_command_documents() {
    // The form of the properties Storm's parser takes (checked by Storm
    // itself in the Python suite): one a line, each ended by `;`.
    let game = Game::new(
        snl::Board::new(10, [snl::Jump { from: 4, to: 9 }]).unwrap(),
        snl::Rules::default(),
    )
    .unwrap();
    let options = export::Options {
        within: vec![3],
        ..export::Options::default()
    };
    let e = export::export(&game, export::Form::Prism, &options, &Control::default()).unwrap();
    let props = e.properties.unwrap();
    for line in props.lines().filter(|l| !l.starts_with("//")) {
        assert!(line.ends_with(';'), "{line}");
    }
}
