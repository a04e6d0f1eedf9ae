//! The jumps: ladders as rails with rungs, snakes as tapered curves with a
//! head.

use std::fmt::Write as _;

use super::Painter;
use crate::colour;
use crate::svg::{N, put};

impl Painter<'_, '_> {
    pub(super) fn jumps(&self, out: &mut String) {
        let board = self.pic.board;
        let length = |j: &snl::Jump| self.center(j.from).sub(self.center(j.to)).len();
        // Long jumps first, so that short ones are not hidden under them.
        let mut ladders: Vec<_> = board.ladders().collect();
        ladders.sort_by(|a, b| length(b).total_cmp(&length(a)));
        let mut snakes: Vec<_> = board.snakes().collect();
        snakes.sort_by(|a, b| length(b).total_cmp(&length(a)));
        out.push_str("<g stroke-linecap=\"round\" stroke-linejoin=\"round\">\n");
        for j in ladders.iter().chain(&snakes) {
            // A declined jump is drawn faded, and says so.
            let declined = self.pic.declined.binary_search(&j.from).is_ok();
            if declined {
                put!(
                    out,
                    "<g class=\"declined\" opacity=\"0.3\" data-from=\"{}\">",
                    j.from
                );
            }
            if j.to > j.from {
                self.ladder(out, *j);
            } else {
                self.snake(out, *j);
            }
            if declined {
                out.push_str("</g>\n");
            }
        }
        out.push_str("</g>\n");
    }

    pub(super) fn ladder(&self, out: &mut String, j: snl::Jump) {
        let c = self.cell;
        let (a, b) = (self.center(j.from), self.center(j.to));
        let d = b.sub(a);
        let u = d.unit();
        let n = u.perp();
        let gap = (c * 0.15).max(1.5);
        let mut path = String::new();
        for side in [-1.0, 1.0] {
            let o = n.mul(gap * side);
            let (p, q) = (a.add(o), b.add(o));
            put!(path, "M{} {}L{} {}", N(p.x), N(p.y), N(q.x), N(q.y));
        }
        // Rungs at least 5 pixels apart, so that a long ladder on small
        // squares still reads as a ladder, not as a band.
        let rungs = (d.len() / (c * 0.3).max(5.0)).floor().max(1.0) as u32;
        for i in 0..rungs {
            let t = (f64::from(i) + 0.5) / f64::from(rungs);
            let m = a.add(d.mul(t));
            let (p, q) = (m.add(n.mul(gap)), m.sub(n.mul(gap)));
            put!(path, "M{} {}L{} {}", N(p.x), N(p.y), N(q.x), N(q.y));
        }
        let w = (c * 0.055).max(1.2);
        put!(
            out,
            "<g><title>ladder {} to {}</title><path d=\"{path}\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"{}\"/>\
             <path d=\"{path}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/></g>\n",
            j.from,
            j.to,
            N(w + (c * 0.06).max(0.6)),
            colour::LADDER,
            N(w)
        );
    }

    pub(super) fn snake(&self, out: &mut String, j: snl::Jump) {
        let c = self.cell;
        let (head, tail) = (self.center(j.from), self.center(j.to));
        let d = tail.sub(head);
        let len = d.len();
        let n = d.unit().perp();
        // A wave every two squares or so, but never shorter than 24 pixels:
        // on small squares finer wiggles are only noise (and file size).
        let waves = (len / (c * 1.8).max(24.0)).round().clamp(1.0, 12.0);
        let amp = (c * 0.2).min(len * 0.12);
        let centre = |t: f64| {
            let wiggle =
                (t * waves * std::f64::consts::TAU).sin() * (t * std::f64::consts::PI).sin();
            head.add(d.mul(t)).add(n.mul(amp * wiggle))
        };
        let steps = (waves * 14.0) as usize;
        let mut left = Vec::with_capacity(steps + 1);
        let mut right = Vec::with_capacity(steps + 1);
        for i in 0..=steps {
            let t = i as f64 / steps as f64;
            let along = centre((t + 1e-3).min(1.0)).sub(centre((t - 1e-3).max(0.0)));
            let normal = along.unit().perp();
            let half = (c * (0.095 * (1.0 - t) + 0.015 * t)).max(0.8 * (1.0 - t) + 0.3);
            let p = centre(t);
            left.push(p.add(normal.mul(half)));
            right.push(p.sub(normal.mul(half)));
        }
        let mut path = String::new();
        for (i, p) in left.iter().chain(right.iter().rev()).enumerate() {
            put!(
                path,
                "{}{} {}",
                if i == 0 { "M" } else { "L" },
                N(p.x),
                N(p.y)
            );
        }
        path.push('Z');
        // The white stroke is painted under the fill: its outer half is a
        // halo that keeps the snake apart from what it crosses.
        let halo = (c * 0.07).max(1.0);
        put!(
            out,
            "<g><title>snake {} to {}</title><path d=\"{path}\" fill=\"{}\" stroke=\"#ffffff\" \
             stroke-width=\"{}\" paint-order=\"stroke\"/>",
            j.from,
            j.to,
            colour::SNAKE,
            N(halo),
        );
        let r = (c * 0.13).max(1.2);
        put!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>",
            N(head.x),
            N(head.y),
            N(r),
            colour::SNAKE_HEAD,
            N((c * 0.025).max(0.3))
        );
        if c >= 20.0 {
            // Eyes, looking away from the body.
            let fwd = d.unit().mul(-r * 0.35);
            for side in [-1.0, 1.0] {
                let e = head.add(fwd).add(n.mul(r * 0.45 * side));
                put!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\"/>",
                    N(e.x),
                    N(e.y),
                    N(r * 0.2)
                );
            }
        }
        out.push_str("</g>\n");
    }
}
