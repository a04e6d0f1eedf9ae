//! The colours of the pictures, in one place so every picture agrees.
//!
//! Ladders and snakes differ in shape as well as colour, and their colours
//! (amber and magenta) stay apart for the common kinds of colour blindness.
//! The colour ramps are light enough that black numbers stay readable on
//! every square.

use std::fmt;

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl fmt::Display for Rgb {
    /// `#rrggbb`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

impl Rgb {
    /// The colour `t` of the way from `self` to `other` (`t` in `0..=1`).
    #[must_use]
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let t = t.clamp(0.0, 1.0);
        let c = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(c(self.0, other.0), c(self.1, other.1), c(self.2, other.2))
    }
}

/// Ladders.
pub const LADDER: Rgb = Rgb(0xb8, 0x6e, 0x00);
/// Snakes.
pub const SNAKE: Rgb = Rgb(0xb0, 0x1e, 0x6a);
/// A snake's head.
pub const SNAKE_HEAD: Rgb = Rgb(0x6e, 0x0b, 0x40);
/// The fewest-rolls path.
pub const PATH: Rgb = Rgb(0x15, 0x5e, 0xc0);
/// Text.
pub const INK: Rgb = Rgb(0x22, 0x22, 0x22);
/// Quiet text and grid lines.
pub const MUTED: Rgb = Rgb(0x77, 0x77, 0x77);
/// Squares, alternating.
pub const SQUARE: [Rgb; 2] = [Rgb(0xfb, 0xf6, 0xe9), Rgb(0xef, 0xe6, 0xd0)];
/// The start and finish squares.
pub const FINISH: Rgb = Rgb(0xff, 0xdc, 0x73);
/// A square no pawn can reach.
pub const UNREACHABLE: Rgb = Rgb(0xc8, 0xc8, 0xc8);

/// A colour ramp through evenly spaced stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ramp(&'static [Rgb]);

impl Ramp {
    /// The colour at `t` in `0..=1`.
    pub fn at(&self, t: f64) -> Rgb {
        let stops = self.0;
        let t = if t.is_finite() {
            t.clamp(0.0, 1.0)
        } else {
            0.0
        };
        let x = t * (stops.len() - 1) as f64;
        let i = (x.floor() as usize).min(stops.len() - 2);
        stops[i].mix(stops[i + 1], x - i as f64)
    }

    /// The stops, for drawing the ramp as a gradient.
    pub fn stops(&self) -> &'static [Rgb] {
        self.0
    }
}

/// Few rolls to many: a light version of viridis (blue-violet, teal, green,
/// yellow), so that neighbouring layers differ in hue.
pub const LAYERS: Ramp = Ramp(&[
    Rgb(0xb9, 0xa7, 0xe0),
    Rgb(0x9c, 0xc3, 0xe8),
    Rgb(0x8e, 0xd8, 0xc8),
    Rgb(0xb4, 0xe6, 0x8e),
    Rgb(0xf6, 0xe8, 0x6c),
]);

/// Rarely to often: white through yellow and orange to red.
pub const HEAT: Ramp = Ramp(&[
    Rgb(0xff, 0xff, 0xf4),
    Rgb(0xff, 0xed, 0x9c),
    Rgb(0xfd, 0xb8, 0x5a),
    Rgb(0xf3, 0x77, 0x3f),
    Rgb(0xd6, 0x3a, 0x3a),
]);

/// Colours for the seats in a race, first player first.
pub const SEATS: [Rgb; 6] = [
    Rgb(0x15, 0x5e, 0xc0),
    Rgb(0xe0, 0x6c, 0x00),
    Rgb(0x2a, 0x9d, 0x4a),
    Rgb(0xb0, 0x1e, 0x6a),
    Rgb(0x6a, 0x4c, 0xb0),
    Rgb(0x55, 0x55, 0x55),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ramps_hit_their_stops() {
        assert_eq!(HEAT.at(0.0), HEAT.stops()[0]);
        assert_eq!(HEAT.at(1.0), *HEAT.stops().last().unwrap());
        assert_eq!(LAYERS.at(0.5), LAYERS.stops()[2]);
        assert_eq!(HEAT.at(f64::NAN), HEAT.stops()[0]);
        assert_eq!(
            Rgb(0, 0, 0).mix(Rgb(255, 255, 255), 0.5).to_string(),
            "#808080"
        );
    }
}
