//! The game's length as a discrete phase-type distribution `(α, T)`, the
//! form the R packages `PhaseTypeR` and `matrixdist` read.

use serde::Serialize;

use super::model::{Model, Node};

/// A discrete phase-type distribution: the chance that a game lasts `n`
/// rolls is `α T^(n−1) t`, where `t = 1 − T 1` is the chance of finishing
/// from each phase.
#[derive(Debug, Clone, Serialize)]
struct PhaseType<'a> {
    /// What the numbers are.
    about: &'a str,
    /// The snl state of each phase (square `s` without bonus rolls).
    states: Vec<usize>,
    /// The square of each phase.
    squares: Vec<u32>,
    /// The chance of starting in each phase.
    alpha: Vec<f64>,
    /// The chance the game is over before the first roll (a board whose
    /// start is its last square).
    alpha_0: f64,
    /// The transitions among phases, one row a phase.
    #[serde(rename = "T")]
    t_matrix: Vec<Vec<f64>>,
    /// The chance of finishing with the next roll, from each phase.
    exit: Vec<f64>,
}

/// Writes the chain `model` (no choices) as JSON: its phases are the
/// states a game reaches other than the last square.
pub(super) fn json(model: &Model, heading: &str) -> String {
    let phases: Vec<usize> = model
        .nodes
        .iter()
        .filter_map(|(node, _)| match node {
            Node::Rest(k) if *k != model.goal => Some(*k),
            _ => None,
        })
        .collect();
    let index = |k: usize| phases.binary_search(&k).ok();
    let mut t_matrix = vec![vec![0.0; phases.len()]; phases.len()];
    let mut exit = vec![0.0; phases.len()];
    for (node, actions) in &model.nodes {
        let Node::Rest(k) = *node else { continue };
        let Some(i) = index(k) else { continue };
        let action = &actions[0];
        for b in &action.branches {
            let chance = b.weight as f64 / action.total as f64;
            match b.to {
                Node::Rest(j) if j == model.goal => exit[i] += chance,
                Node::Rest(j) | Node::Pending(j) => {
                    t_matrix[i][index(j).expect("a phase reached is listed")] += chance;
                }
            }
        }
    }
    let mut alpha = vec![0.0; phases.len()];
    let alpha_0 = match index(model.start) {
        Some(i) => {
            alpha[i] = 1.0;
            0.0
        }
        None => 1.0,
    };
    let about = heading.lines().collect::<Vec<_>>().join("; ");
    let doc = PhaseType {
        about: &about,
        squares: phases.iter().map(|&k| model.states.position(k)).collect(),
        states: phases,
        alpha,
        alpha_0,
        t_matrix,
        exit,
    };
    let mut text = serde_json::to_string_pretty(&doc).expect("plain numbers and strings");
    text.push('\n');
    text
}
