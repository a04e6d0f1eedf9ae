//! The chain as a state diagram in TikZ, for a LaTeX document: the same
//! nodes and edges as the DOT diagram, laid out by snl (TikZ does not lay
//! out graphs without LuaLaTeX) in rows that wind up from the bottom-left,
//! as the board's squares do.

use std::fmt::Write as _;

use super::model::{Model, Node};
use super::text::{fraction, plain};

/// The distance between two nodes, in centimetres.
const SPACING: f64 = 1.6;

/// Writes the chain `model` (no choices) as a `tikzpicture`: a node a state
/// a game reaches, an edge a pair of states a roll moves between, labelled
/// with its exact chance; an edge a jump makes is coloured (green up, red
/// down). The first lines, comments, say what the preamble needs.
pub(super) fn diagram(model: &Model, heading: &str, bonus: bool) -> String {
    let mut out = String::new();
    for line in heading.lines() {
        let _ = writeln!(out, "% {}", plain(line));
    }
    out.push_str("% The chain as a state diagram: a node a state a game reaches, an edge a\n");
    out.push_str("% roll's move with its chance; ladders green, snakes red.\n");
    out.push_str("% Needs \\usepackage{tikz} and \\usetikzlibrary{arrows.meta} in the preamble.\n");
    out.push_str("\\begin{tikzpicture}[\n");
    out.push_str("  >={Stealth[length=5pt]},\n");
    out.push_str("  state/.style={circle, draw, minimum size=8mm, inner sep=1pt, font=\\small},\n");
    out.push_str("  start/.style={state, very thick},\n");
    out.push_str("  goal/.style={state, double, double distance=1.5pt},\n");
    out.push_str("  roll/.style={->, draw=black!55},\n");
    out.push_str("  ladder/.style={roll, draw=snlladder, thick},\n");
    out.push_str("  snake/.style={roll, draw=snlsnake, thick},\n");
    out.push_str("  chance/.style={font=\\tiny, fill=white, inner sep=0.5pt},\n");
    out.push_str("]\n");
    out.push_str("\\definecolor{snlladder}{HTML}{2E7D32}\n");
    out.push_str("\\definecolor{snlsnake}{HTML}{C62828}\n");
    let count = model.nodes.len();
    let columns = columns(count);
    for (i, (node, _)) in model.nodes.iter().enumerate() {
        let (x, y) = place(i, columns);
        let pawn = model.pawn(*node);
        let label = if bonus && pawn.streak > 0 {
            format!("{}$\\cdot${}", pawn.at, pawn.streak)
        } else {
            pawn.at.to_string()
        };
        let style = if *node == Node::Rest(model.goal) {
            "goal"
        } else if *node == Node::Rest(model.start) {
            "start"
        } else {
            "state"
        };
        let _ = writeln!(
            out,
            "\\node[{style}] ({}) at ({x:.1},{y:.1}) {{{label}}};",
            name(*node)
        );
    }
    for (node, actions) in &model.nodes {
        for action in actions {
            for b in &action.branches {
                let style = match b.via {
                    Some(jump) if jump.to > jump.from => "ladder",
                    Some(_) => "snake",
                    None => "roll",
                };
                let path = if b.to == *node {
                    "to[loop above]"
                } else {
                    "to[bend left=10]"
                };
                let _ = writeln!(
                    out,
                    "\\draw[{style}] ({}) {path} node[chance] {{{}}} ({});",
                    name(*node),
                    fraction(b.weight, action.total),
                    name(b.to)
                );
            }
        }
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

fn name(node: Node) -> String {
    match node {
        Node::Rest(k) | Node::Pending(k) => format!("s{k}"),
    }
}

/// Nodes a row: about as many rows as columns.
fn columns(count: usize) -> usize {
    let mut c = 1;
    while c * c < count {
        c += 1;
    }
    c
}

/// Where the `i`-th node sits, in centimetres: rows of `columns` from the
/// bottom-left, every other row right to left.
fn place(i: usize, columns: usize) -> (f64, f64) {
    let (row, mut col) = (i / columns, i % columns);
    if row % 2 == 1 {
        col = columns - 1 - col;
    }
    (col as f64 * SPACING, row as f64 * SPACING)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_wind_up_from_the_bottom_left() {
        assert_eq!(columns(81), 9);
        assert_eq!(columns(82), 10);
        assert_eq!(place(0, 9), (0.0, 0.0));
        assert_eq!(place(9, 9), (8.0 * SPACING, SPACING));
    }
}
