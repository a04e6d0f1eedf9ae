//! A path of moves: a curved arrow from each resting square to the next
//! landing, each landing marked with its roll.

use std::fmt::Write as _;

use super::{MIN_FONT, P, Painter};
use crate::colour;
use crate::svg::{N, put, text};

impl Painter<'_, '_> {
    /// A curved arrow from `p` to a marker of radius `r` centred on `q`:
    /// the curve and the arrowhead, as SVG path data.
    pub(super) fn arrow(&self, p: P, q: P, r: f64) -> (String, String) {
        let d = q.sub(p);
        // A bow to the left of the direction of travel, so that a move
        // along a row does not hide the squares it passes.
        let ctrl = p.add(d.mul(0.5)).add(d.perp().mul(0.22));
        let dir = q.sub(ctrl).unit();
        let tip = q.sub(dir.mul(r));
        let head = (self.cell * 0.13).max(3.5);
        let back = tip.sub(dir.mul(head));
        let (b1, b2) = (
            back.add(dir.perp().mul(head * 0.55)),
            back.sub(dir.perp().mul(head * 0.55)),
        );
        let curve = format!(
            "M{} {}Q{} {} {} {}",
            N(p.x),
            N(p.y),
            N(ctrl.x),
            N(ctrl.y),
            N(back.x),
            N(back.y)
        );
        let arrow = format!(
            "M{} {}L{} {}L{} {}Z",
            N(tip.x),
            N(tip.y),
            N(b1.x),
            N(b1.y),
            N(b2.x),
            N(b2.y)
        );
        (curve, arrow)
    }

    pub(super) fn path(&self, out: &mut String) {
        let Some((start, moves)) = &self.pic.path else {
            return;
        };
        let c = self.cell;
        let board = self.pic.board;
        let w = (c * 0.05).max(1.0);
        let r = (c * 0.17).max(3.0);
        let halo = format!("stroke=\"#ffffff\" stroke-width=\"{}\"", N(w + 2.0));
        let ink = format!("stroke=\"{}\" stroke-width=\"{}\"", colour::PATH, N(w));
        let mut lines = String::new();
        let mut marks = String::new();
        let mut at = *start;
        if *start == 0 && !moves.is_empty() {
            let p = self.center(0);
            put!(
                marks,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" {ink}><title>start, off the board</title></circle>\n",
                N(p.x),
                N(p.y),
                N(r * 0.7)
            );
        }
        for (i, m) in moves.iter().enumerate() {
            let (p, q) = (self.center(at), self.center(m.land));
            let d = q.sub(p);
            if d.len() > 1e-6 {
                let (curve, arrow) = self.arrow(p, q, r);
                put!(
                    lines,
                    "<path d=\"{curve}\" fill=\"none\" {halo}/><path d=\"{curve}\" fill=\"none\" {ink}/>\
                     <path d=\"{arrow}\" fill=\"{}\"/>\n",
                    colour::PATH
                );
            }
            if m.jumped() {
                let t = self.center(m.to);
                put!(
                    lines,
                    "<path d=\"M{} {}L{} {}\" fill=\"none\" {ink} stroke-dasharray=\"{} {}\"/>\n",
                    N(q.x),
                    N(q.y),
                    N(t.x),
                    N(t.y),
                    N(w * 3.0),
                    N(w * 2.0)
                );
            }
            let what = match board.jump(m.land) {
                Some(_) if m.jumped() => {
                    let kind = if m.to > m.land { "ladder" } else { "snake" };
                    format!(", {kind} to {}", m.to)
                }
                _ => String::new(),
            };
            let from = if at == 0 {
                "the start".to_string()
            } else {
                at.to_string()
            };
            put!(
                marks,
                "<g><title>roll {} of {}: a {} from {from} to {}{what}</title>\
                 <circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
                i + 1,
                moves.len(),
                m.roll,
                m.land,
                N(q.x),
                N(q.y),
                N(r),
                colour::PATH,
                N((r * 0.15).max(0.5))
            );
            let size = r * if m.roll >= 10 { 0.95 } else { 1.2 };
            if size >= MIN_FONT {
                text(
                    &mut marks,
                    q.x,
                    q.y + size * 0.36,
                    size,
                    "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#ffffff\"",
                    &m.roll.to_string(),
                );
            }
            marks.push_str("</g>\n");
            at = m.to;
        }
        out.push_str("<g stroke-linecap=\"round\">\n");
        out.push_str(&lines);
        out.push_str(&marks);
        out.push_str("</g>\n");
    }
}
