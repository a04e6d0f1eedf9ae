//! The model in JANI, the JSON interchange format of the quantitative
//! verification tools (Storm, the Modest Toolset, and the others of the
//! QComp competition), with snl's questions as its properties.
//!
//! One automaton with one location holds the variable `s` (the state, as
//! the PRISM export numbers it) and, when a jump may be declined, `c` (1
//! while the pawn chooses). A roll assigns 1 to the transient variable
//! `rolls` (and one that starts a turn, under the bonus rule, to `turns`),
//! so that the expected reward accumulated over steps until the last square
//! is snl's mean. The properties are written out in full, without the
//! derived operators, so that a tool needs no feature beyond the core
//! language.

use std::fmt::Write as _;

use super::model::{Act, Action, Model, Node, target_states};
use super::text::gcd_pair;

/// Writes `model` as a JANI model, its properties inside: `heading` goes in
/// the metadata's description.
pub(super) fn model(
    model: &Model,
    heading: &str,
    bonus: bool,
    within: &[usize],
    target: &[(u32, u32)],
) -> String {
    let pending = model.has_pending();
    let choices = model.has_choices();
    let streaks = model.states.streaks();
    let mut out = String::new();
    out.push_str("{\n");
    out.push_str("  \"jani-version\": 1,\n");
    out.push_str("  \"name\": \"snl\",\n");
    let _ = writeln!(
        out,
        "  \"metadata\": {{\"description\": {}}},",
        string(&description(
            heading,
            bonus,
            pending,
            model.dice.len(),
            streaks
        ))
    );
    let _ = writeln!(
        out,
        "  \"type\": \"{}\",",
        if choices { "mdp" } else { "dtmc" }
    );
    let actions = used_actions(model);
    let _ = writeln!(
        out,
        "  \"actions\": [{}],",
        actions
            .iter()
            .map(|a| format!("{{\"name\": \"{a}\"}}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    out.push_str("  \"variables\": [\n");
    let _ = write!(
        out,
        "    {{\"name\": \"s\", \"type\": {}, \"initial-value\": {}}}",
        bounded(model.states.len() - 1),
        model.start
    );
    if pending {
        let _ = write!(
            out,
            ",\n    {{\"name\": \"c\", \"type\": {}, \"initial-value\": 0}}",
            bounded(1)
        );
    }
    out.push_str(
        ",\n    {\"name\": \"rolls\", \"type\": \"int\", \"transient\": true, \"initial-value\": 0}",
    );
    if bonus {
        out.push_str(
            ",\n    {\"name\": \"turns\", \"type\": \"int\", \"transient\": true, \"initial-value\": 0}",
        );
    }
    out.push_str("\n  ],\n");
    properties(&mut out, model, within, target, bonus);
    out.push_str("  \"automata\": [{\n");
    out.push_str("    \"name\": \"game\",\n");
    out.push_str("    \"locations\": [{\"name\": \"l\"}],\n");
    out.push_str("    \"initial-locations\": [\"l\"],\n");
    out.push_str("    \"edges\": [\n");
    let mut first = true;
    for (node, node_actions) in &model.nodes {
        for action in node_actions {
            if !first {
                out.push_str(",\n");
            }
            first = false;
            edge(&mut out, model, *node, action, pending, bonus);
        }
    }
    out.push_str("\n    ]\n");
    out.push_str("  }],\n");
    out.push_str("  \"system\": {\"elements\": [{\"automaton\": \"game\"}]}\n");
    out.push_str("}\n");
    out
}

/// What the model's numbers mean, after `heading`.
fn description(heading: &str, bonus: bool, pending: bool, dice: usize, streaks: u32) -> String {
    let mut text = String::new();
    for line in heading.lines() {
        text.push_str(line);
        text.push('\n');
    }
    if bonus {
        let _ = writeln!(
            text,
            "s is snl's state number: square floor(s/{streaks}) after mod(s, {streaks}) top values in a row this turn."
        );
    } else {
        text.push_str("s is the square the pawn rests on (0 is off the board).\n");
    }
    if pending {
        text.push_str(
            "c is 1 while the pawn, landed on the start of a jump it may decline, chooses: take or stay.\n",
        );
    }
    if dice > 1 {
        let _ = writeln!(
            text,
            "Before each roll the player picks a die: d1 to d{dice}, in the order given."
        );
    }
    text.push_str("A roll sets the transient variable rolls to 1");
    if bonus {
        text.push_str(", and one that starts a turn sets turns to 1");
    }
    text.push('.');
    text
}

/// The actions the model's edges use, in a fixed order.
fn used_actions(model: &Model) -> Vec<String> {
    let mut names = Vec::new();
    for d in 0..model.dice.len() {
        names.push(model.roll_name(d));
    }
    if model.has_pending() {
        names.push("take".to_string());
        names.push("stay".to_string());
    }
    names.push("done".to_string());
    names
}

/// One edge: `action` at `node`, a destination a branch.
fn edge(out: &mut String, model: &Model, node: Node, action: &Action, pending: bool, bonus: bool) {
    let (k, c) = match node {
        Node::Rest(k) => (k, 0),
        Node::Pending(k) => (k, 1),
    };
    let goal = node == Node::Rest(model.goal);
    let name = model.action_name(node, action.act);
    let guard = if pending {
        and(&eq("s", k), &eq("c", c))
    } else {
        eq("s", k)
    };
    let _ = write!(
        out,
        "      {{\"location\": \"l\", \"action\": \"{name}\", \"guard\": {{\"exp\": {guard}}}, \"destinations\": ["
    );
    let rolls = !goal && matches!(action.act, Act::Roll(_));
    let turn = rolls && bonus && model.pawn(node).streak == 0;
    for (i, b) in action.branches.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let (to, to_c) = match b.to {
            Node::Rest(t) => (t, 0),
            Node::Pending(t) => (t, 1),
        };
        let mut assignments = vec![format!("{{\"ref\": \"s\", \"value\": {to}}}")];
        if pending {
            assignments.push(format!("{{\"ref\": \"c\", \"value\": {to_c}}}"));
        }
        if rolls {
            assignments.push("{\"ref\": \"rolls\", \"value\": 1}".to_string());
        }
        if turn {
            assignments.push("{\"ref\": \"turns\", \"value\": 1}".to_string());
        }
        let _ = write!(
            out,
            "{{\"location\": \"l\", \"probability\": {{\"exp\": {}}}, \"assignments\": [{}]}}",
            chance(b.weight, action.total),
            assignments.join(", ")
        );
    }
    out.push_str("]}");
}

/// `weight / total` in lowest terms, as a JANI expression.
fn chance(weight: u64, total: u64) -> String {
    let (n, d) = gcd_pair(weight, total);
    if d == 1 {
        n.to_string()
    } else {
        format!("{{\"op\": \"/\", \"left\": {n}, \"right\": {d}}}")
    }
}

fn eq(var: &str, value: usize) -> String {
    format!("{{\"op\": \"=\", \"left\": \"{var}\", \"right\": {value}}}")
}

fn and(a: &str, b: &str) -> String {
    format!("{{\"op\": \"∧\", \"left\": {a}, \"right\": {b}}}")
}

fn or(a: &str, b: &str) -> String {
    format!("{{\"op\": \"∨\", \"left\": {a}, \"right\": {b}}}")
}

fn bounded(upper: usize) -> String {
    format!(
        "{{\"kind\": \"bounded\", \"base\": \"int\", \"lower-bound\": 0, \"upper-bound\": {upper}}}"
    )
}

/// `text` as a JSON string.
fn string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_string())
}

/// The properties of the PRISM export's properties file, by name: the
/// chance of finishing (`finishes`), the expected rolls (`rolls`, and
/// `turns` under the bonus rule), the chance of finishing within each of
/// `within` rolls (`within-K`), and with a `target`, the chance of ever
/// resting there (`target`) and the expected rolls until then
/// (`target-rolls`). A chain's `Pmax` and `Emin` are its one value; a
/// decision process's are those of the best play, as in the PRISM export.
fn properties(
    out: &mut String,
    model: &Model,
    within: &[usize],
    target: &[(u32, u32)],
    bonus: bool,
) {
    let finished = if model.has_pending() {
        and(&eq("s", model.goal), &eq("c", 0))
    } else {
        eq("s", model.goal)
    };
    let mut props: Vec<(String, String)> = vec![
        ("finishes".to_string(), reach_chance(&finished, None)),
        ("rolls".to_string(), expected("rolls", &finished)),
    ];
    if bonus {
        props.push(("turns".to_string(), expected("turns", &finished)));
    }
    for &k in within {
        let bound = if model.has_pending() {
            // A choice at a jump is a step but no roll: the bound counts
            // the reward.
            format!(
                "\"reward-bounds\": [{{\"exp\": \"rolls\", \"accumulate\": [\"steps\"], \"bounds\": {{\"upper\": {k}}}}}]"
            )
        } else {
            format!("\"step-bounds\": {{\"upper\": {k}}}")
        };
        props.push((format!("within-{k}"), reach_chance(&finished, Some(&bound))));
    }
    if !target.is_empty() {
        let aim = target_expression(target, model.states.streaks(), model.has_pending());
        props.push(("target".to_string(), reach_chance(&aim, None)));
        props.push(("target-rolls".to_string(), expected("rolls", &aim)));
    }
    out.push_str("  \"properties\": [\n");
    for (i, (name, values)) in props.iter().enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        let _ = write!(
            out,
            "    {{\"name\": \"{name}\", \"expression\": {{\"op\": \"filter\", \"fun\": \"values\", \"values\": {values}, \"states\": {{\"op\": \"initial\"}}}}}}"
        );
    }
    out.push_str("\n  ],\n");
}

/// The greatest chance of reaching `goal` (within `bound`).
fn reach_chance(goal: &str, bound: Option<&str>) -> String {
    let bound = bound.map(|b| format!(", {b}")).unwrap_or_default();
    format!(
        "{{\"op\": \"Pmax\", \"exp\": {{\"op\": \"U\", \"left\": true, \"right\": {goal}{bound}}}}}"
    )
}

/// The least expected `reward` accumulated until `goal`.
fn expected(reward: &str, goal: &str) -> String {
    format!(
        "{{\"op\": \"Emin\", \"exp\": \"{reward}\", \"accumulate\": [\"steps\"], \"reach\": {goal}}}"
    )
}

/// The states of the squares of `target`'s runs, every streak of each
/// (`streaks` a square), resting when the model has `pending` choices.
fn target_expression(target: &[(u32, u32)], streaks: u32, pending: bool) -> String {
    let runs = target_states(target, streaks).map(|(first, last)| {
        let state = if first == last {
            eq("s", first as usize)
        } else {
            and(
                &format!("{{\"op\": \"≥\", \"left\": \"s\", \"right\": {first}}}"),
                &format!("{{\"op\": \"≤\", \"left\": \"s\", \"right\": {last}}}"),
            )
        };
        if pending {
            and(&state, &eq("c", 0))
        } else {
            state
        }
    });
    runs.reduce(|a, b| or(&a, &b))
        .unwrap_or_else(|| "false".to_string())
}
