//! The chain as a state diagram in Graphviz's DOT language.

use std::fmt::Write as _;

use super::model::{Model, Node};
use super::text::{fraction, plain};

/// Writes the chain `model` (no choices) as a DOT digraph: a node a state
/// a game reaches, an edge a pair of states a roll moves between, labelled
/// with its exact chance; an edge a jump makes is coloured (green up, red
/// down) and names the jump.
pub(super) fn diagram(model: &Model, heading: &str, bonus: bool) -> String {
    let mut out = String::new();
    for line in heading.lines() {
        let _ = writeln!(out, "// {}", plain(line));
    }
    let _ = writeln!(out, "digraph snl {{");
    let _ = writeln!(out, "  rankdir=LR;");
    let _ = writeln!(out, "  node [shape=circle, fontname=\"Helvetica\"];");
    let _ = writeln!(out, "  edge [fontname=\"Helvetica\", fontsize=10];");
    let name = |node: Node| -> String {
        match node {
            Node::Rest(k) | Node::Pending(k) => format!("s{k}"),
        }
    };
    for (node, _) in &model.nodes {
        let pawn = model.pawn(*node);
        let label = if bonus && pawn.streak > 0 {
            format!("{}·{}", pawn.at, pawn.streak)
        } else {
            pawn.at.to_string()
        };
        let style = if *node == Node::Rest(model.goal) {
            ", shape=doublecircle"
        } else if *node == Node::Rest(model.start) {
            ", style=bold"
        } else {
            ""
        };
        let _ = writeln!(out, "  {} [label=\"{label}\"{style}];", name(*node));
    }
    for (node, actions) in &model.nodes {
        for action in actions {
            for b in &action.branches {
                let _ = write!(
                    out,
                    "  {} -> {} [label=\"{}\"",
                    name(*node),
                    name(b.to),
                    fraction(b.weight, action.total)
                );
                if let Some(jump) = b.via {
                    let (kind, colour) = if jump.to > jump.from {
                        ("ladder", "#2e7d32")
                    } else {
                        ("snake", "#c62828")
                    };
                    let _ = write!(
                        out,
                        ", color=\"{colour}\", fontcolor=\"{colour}\", penwidth=2, tooltip=\"by the {kind} {}→{}\"",
                        jump.from, jump.to
                    );
                }
                out.push_str("];\n");
            }
        }
    }
    out.push_str("}\n");
    out
}
