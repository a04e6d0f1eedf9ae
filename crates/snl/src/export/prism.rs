//! The model in the PRISM language, which PRISM and Storm read, and the
//! properties that ask them snl's questions.

use std::fmt::Write as _;

use super::model::{Model, Node, target_states};
use super::text::{fraction, plain};

/// Writes `model` as a PRISM model: a `dtmc` without choices, else an
/// `mdp`; `heading` goes first, as comments.
pub(super) fn model(model: &Model, heading: &str, bonus: bool, target: &[(u32, u32)]) -> String {
    let mut out = String::new();
    comment(&mut out, heading);
    let streaks = model.states.streaks();
    let kind = if model.has_choices() { "mdp" } else { "dtmc" };
    let pending = model.has_pending();
    let last = model.states.len() - 1;
    let _ = writeln!(out, "//");
    if bonus {
        let _ = writeln!(
            out,
            "// s is snl's state number: square floor(s/{streaks}) after mod(s, {streaks}) top values in a row this turn."
        );
    } else {
        let _ = writeln!(
            out,
            "// s is the square the pawn rests on (0 is off the board)."
        );
    }
    if pending {
        let _ = writeln!(
            out,
            "// c is 1 while the pawn, landed on the start of a jump it may decline, chooses: [take] or [stay]."
        );
    }
    if model.dice.len() > 1 {
        let _ = writeln!(
            out,
            "// Before each roll the player picks a die: [d1] to [d{}], in the order given.",
            model.dice.len()
        );
    }
    let _ = writeln!(out, "// A roll earns the reward \"rolls\".\n");
    let _ = writeln!(out, "{kind}\n");
    let _ = writeln!(out, "module game");
    let _ = writeln!(out, "  s : [0..{last}] init {};", model.start);
    if pending {
        let _ = writeln!(out, "  c : [0..1] init 0;");
    }
    let var = |node: Node| -> String {
        match (node, pending) {
            (Node::Rest(k), false) => format!("(s'={k})"),
            (Node::Rest(k), true) => format!("(s'={k}) & (c'=0)"),
            (Node::Pending(k), _) => format!("(s'={k}) & (c'=1)"),
        }
    };
    for (node, actions) in &model.nodes {
        let guard = match (*node, pending) {
            (Node::Rest(k), false) => format!("s={k}"),
            (Node::Rest(k), true) => format!("s={k} & c=0"),
            (Node::Pending(k), _) => format!("s={k} & c=1"),
        };
        for action in actions {
            let label = model.action_name(*node, action.act);
            let _ = write!(out, "  [{label}] {guard} -> ");
            for (i, b) in action.branches.iter().enumerate() {
                if i > 0 {
                    out.push_str(" + ");
                }
                let _ = write!(out, "{} : {}", fraction(b.weight, action.total), var(b.to));
            }
            out.push_str(";\n");
        }
    }
    let _ = writeln!(out, "endmodule\n");
    let finished = if pending {
        format!("s={} & c=0", model.goal)
    } else {
        format!("s={}", model.goal)
    };
    let _ = writeln!(out, "label \"finished\" = {finished};\n");
    if !target.is_empty() {
        target_label(&mut out, target, streaks, pending);
    }
    let _ = writeln!(out, "rewards \"rolls\"");
    for d in 0..model.dice.len() {
        let _ = writeln!(out, "  [{}] true : 1;", model.roll_name(d));
    }
    let _ = writeln!(out, "endrewards");
    if bonus {
        let _ = writeln!(out, "\n// A roll that starts a turn earns \"turns\".");
        let _ = writeln!(out, "rewards \"turns\"");
        for d in 0..model.dice.len() {
            let _ = writeln!(out, "  [{}] mod(s, {streaks})=0 : 1;", model.roll_name(d));
        }
        let _ = writeln!(out, "endrewards");
    }
    out
}

/// The label `"target"`: the states of the squares of `target`'s runs,
/// every streak of each (`streaks` a square), resting (`c=0`) when the
/// model has `pending` choices.
fn target_label(out: &mut String, target: &[(u32, u32)], streaks: u32, pending: bool) {
    // A run of squares is a run of states, every streak of each.
    let runs: Vec<String> = target_states(target, streaks)
        .map(|(first, last)| {
            let state = if first == last {
                format!("s={first}")
            } else {
                format!("(s>={first} & s<={last})")
            };
            if pending {
                format!("({state} & c=0)")
            } else {
                state
            }
        })
        .collect();
    let squares: Vec<String> = target
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    let _ = writeln!(out, "// The squares aimed at: {}.", squares.join(", "));
    let _ = writeln!(out, "label \"target\" = {};\n", runs.join(" | "));
}

/// The properties that ask snl's questions of the model: the chance of
/// finishing, the expected rolls (the least, with choices), and the chance
/// of finishing within each of `within` rolls (the greatest, with choices);
/// with `target`, the chance of reaching the states labelled `"target"`
/// and the expected rolls until then.
pub(super) fn properties(model: &Model, within: &[usize], target: bool, bonus: bool) -> String {
    let choices = model.has_choices();
    let (p, best_r) = if choices { ("Pmax", "min") } else { ("P", "") };
    let mut out = String::new();
    let best = if choices { " under the best play" } else { "" };
    let _ = writeln!(out, "// The chance of ever finishing{best}.");
    let _ = writeln!(out, "{p}=? [ F \"finished\" ];");
    let _ = writeln!(
        out,
        "// The expected rolls{best} (snl expect's mean; infinite when a game may never finish)."
    );
    let _ = writeln!(out, "R{{\"rolls\"}}{best_r}=? [ F \"finished\" ];");
    if bonus {
        if choices {
            let _ = writeln!(
                out,
                "// The least expected turns (of the play best for turns, which may not be the one best for rolls)."
            );
        } else {
            let _ = writeln!(out, "// The expected turns (snl expect's mean by turns).");
        }
        let _ = writeln!(out, "R{{\"turns\"}}{best_r}=? [ F \"finished\" ];");
    }
    for &k in within {
        let _ = writeln!(
            out,
            "// The chance of finishing within {k} rolls{} (snl expect {}).",
            if choices {
                " under the play best for it"
            } else {
                ""
            },
            if choices {
                format!("--goal within:{k}")
            } else {
                format!("--within {k}")
            }
        );
        if model.has_pending() {
            // A choice at a jump is a step of the model but no roll: the
            // bound counts the reward.
            let _ = writeln!(out, "{p}=? [ F{{\"rolls\"}}<={k} \"finished\" ];");
        } else {
            let _ = writeln!(out, "{p}=? [ F<={k} \"finished\" ];");
        }
    }
    if target {
        let _ = writeln!(
            out,
            "// The chance of ever resting on the squares aimed at{best} (snl expect --target's chance)."
        );
        let _ = writeln!(out, "{p}=? [ F \"target\" ];");
        let _ = writeln!(
            out,
            "// The expected rolls until then{best} (snl expect --target's mean when every game gets there; infinite when some never does)."
        );
        let _ = writeln!(out, "R{{\"rolls\"}}{best_r}=? [ F \"target\" ];");
    }
    out
}

/// `text` as `//` comments, one a line.
fn comment(out: &mut String, text: &str) {
    for line in text.lines() {
        let _ = writeln!(out, "// {}", plain(line));
    }
}
