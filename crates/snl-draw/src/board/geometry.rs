//! Where things are: points in pixels, and the corner and centre of each
//! square in the picture.

use super::Painter;

/// A point in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct P {
    pub(super) x: f64,
    pub(super) y: f64,
}

impl P {
    pub(super) fn add(self, o: P) -> P {
        P {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
    pub(super) fn sub(self, o: P) -> P {
        P {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
    pub(super) fn mul(self, k: f64) -> P {
        P {
            x: self.x * k,
            y: self.y * k,
        }
    }
    pub(super) fn len(self) -> f64 {
        self.x.hypot(self.y)
    }
    /// This vector scaled to length 1 (or zero, for the zero vector).
    pub(super) fn unit(self) -> P {
        let l = self.len();
        if l > 0.0 { self.mul(1.0 / l) } else { self }
    }
    /// Turned a quarter to the left.
    pub(super) fn perp(self) -> P {
        P {
            x: -self.y,
            y: self.x,
        }
    }
}

impl Painter<'_, '_> {
    pub(super) fn squares(&self) -> u32 {
        self.pic.board.squares()
    }

    /// Top-left corner of a square.
    pub(super) fn corner(&self, s: u32) -> P {
        let c = self.pic.grid.cell(s);
        P {
            x: self.left + f64::from(c.col) * self.cell,
            y: self.top + f64::from(c.row) * self.cell,
        }
    }

    /// Centre of a position: a square, or left of square 1 for position 0.
    pub(super) fn center(&self, s: u32) -> P {
        if s == 0 {
            return self.center(1).sub(P {
                x: self.cell * 0.5 + self.left.min(self.cell + 8.0) * 0.5,
                y: 0.0,
            });
        }
        self.corner(s).add(P {
            x: self.cell / 2.0,
            y: self.cell / 2.0,
        })
    }
}
