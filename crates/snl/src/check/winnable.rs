//! Whether a game can be won: the class of a board, the squares that trap
//! the pawn, and the chance of falling among them.

use std::fmt;

/// The most runs of trap squares a [`Winnability`] lists; past them
/// [`Winnability::trap_squares`] still counts them all.
pub const TRAP_RUNS_LISTED: usize = 1000;

/// How a board can be won from the start, in the three classes of Nanda
/// and Misra ("On the Game of Moksha-Patam", 2024).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Winnable {
    /// From every square the pawn can come to rest on, some rolls reach
    /// the last square: with a real die every game ends.
    Always,
    /// The last square can be reached from the start, but not from some
    /// squares the pawn can come to rest on: a game ends with a chance
    /// above 0 and below 1.
    Occasionally,
    /// No rolls from the start reach the last square: no game ends.
    Never,
}

impl Winnable {
    /// `always`, `occasionally` or `never`, as the answers write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Winnable::Always => "always",
            Winnable::Occasionally => "occasionally",
            Winnable::Never => "never",
        }
    }
}

impl fmt::Display for Winnable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A board's [`Winnable`] class, and where it is not always winnable the
/// trap: the squares the pawn can come to rest on from the start but from
/// which no rolls reach the last square. No roll leads out of that set
/// (a square a roll leads to from it cannot reach the last square either),
/// so a pawn that falls into it stays: it is the closed set of the chain
/// that holds the pawn for ever.
#[derive(Debug, Clone, PartialEq)]
pub struct Winnability {
    /// Always, occasionally or never.
    pub class: Winnable,
    /// The trap as runs of consecutive squares `(first, last)`, in order,
    /// square 0 standing for the start off the board; empty when the board
    /// is always winnable. At most [`TRAP_RUNS_LISTED`] runs, and on a
    /// board of over 2^30 squares only runs among its first 10,000 trap
    /// squares: [`Winnability::listed_all`] says whether they are all here.
    pub trap: Vec<(u64, u64)>,
    /// How many squares the trap holds.
    pub trap_squares: u64,
    /// The chance that a game from the start falls into the trap (and so
    /// never ends): 0 when always winnable, 1 when never, else solved for.
    /// `None` when that solve was refused or failed
    /// ([`super::Skipped::TrapChance`]).
    pub chance: Option<f64>,
    /// A bound on the error of `chance`, where the engine states one (on
    /// boards of over 2^30 squares, solved by the engine for boards of any
    /// length); `None` for a chance solved square by square, good to about
    /// 1e-12.
    pub chance_error: Option<f64>,
}

impl Winnability {
    /// Whether [`Winnability::trap`] lists every trap square.
    pub fn listed_all(&self) -> bool {
        let listed: u64 = self.trap.iter().map(|&(a, b)| b - a + 1).sum();
        listed == self.trap_squares
    }

    /// The class in a sentence, as `snl check` prints it after
    /// `winnable: ` and the studio shows it: "always: the last square can
    /// be reached from every square the pawn can rest on", "occasionally:
    /// square 7 traps the pawn for ever; a game falls there with chance
    /// 0.25", "never: ...".
    pub fn sentence(&self) -> String {
        let chance = |p: f64| match self.chance_error {
            Some(e) if e > 0.0 => format!("{} (within {e:.1e})", crate::words::figure(p, 6)),
            _ => crate::words::figure(p, 6),
        };
        match self.class {
            Winnable::Always => {
                "always: the last square can be reached from every square the pawn can rest on"
                    .to_string()
            }
            Winnable::Never => format!(
                "never: no rolls from the start reach the last square; the pawn is held on {}",
                self.trap_in_words()
            ),
            Winnable::Occasionally => format!(
                "occasionally: {} {} the pawn for ever; a game falls there with chance {}",
                self.trap_in_words(),
                if self.trap_squares == 1 {
                    "traps"
                } else {
                    "trap"
                },
                self.chance
                    .map_or_else(|| "not solved for (see the note)".to_string(), chance)
            ),
        }
    }

    /// The trap in words: "squares 3 to 9 and 14", "square 0 (the start
    /// off the board)", with "and N more" when it is not all listed.
    pub fn trap_in_words(&self) -> String {
        let square = |s: u64| {
            if s == 0 {
                "0 (the start off the board)".to_string()
            } else {
                s.to_string()
            }
        };
        crate::words::square_runs(&self.trap, self.trap_squares, square)
    }
}

/// Runs of consecutive squares, built square by square in increasing
/// order: at most [`TRAP_RUNS_LISTED`] runs kept, every square counted.
#[derive(Debug, Default)]
pub(super) struct Runs {
    pub(super) runs: Vec<(u64, u64)>,
    pub(super) count: u64,
}

impl Runs {
    /// Adds `square`, above every square added before.
    pub(super) fn push(&mut self, square: u64) {
        self.count += 1;
        let kept = self.runs.len();
        match self.runs.last_mut() {
            Some((_, last)) if *last + 1 == square => *last = square,
            _ if kept < TRAP_RUNS_LISTED => self.runs.push((square, square)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(squares: &[u64], count: u64) -> Winnability {
        let mut runs = Runs::default();
        for &s in squares {
            runs.push(s);
        }
        Winnability {
            class: Winnable::Occasionally,
            trap: runs.runs,
            trap_squares: count.max(runs.count),
            chance: None,
            chance_error: None,
        }
    }

    #[test]
    fn runs_merge_consecutive_squares() {
        let w = of(&[0, 3, 4, 5, 9, 10, 14], 7);
        assert_eq!(w.trap, [(0, 0), (3, 5), (9, 10), (14, 14)]);
        assert!(w.listed_all());
        assert_eq!(
            w.trap_in_words(),
            "squares 0 (the start off the board), 3 to 5, 9, 10 and 14"
        );
        assert_eq!(of(&[7], 1).trap_in_words(), "square 7");
        let partial = of(&[1, 2, 3], 100);
        assert!(!partial.listed_all());
        assert_eq!(partial.trap_in_words(), "squares 1 to 3 and 97 more");
    }

    #[test]
    fn runs_past_the_limit_are_counted_not_kept() {
        let mut runs = Runs::default();
        for s in 0..3 * TRAP_RUNS_LISTED as u64 {
            runs.push(2 * s);
        }
        assert_eq!(runs.runs.len(), TRAP_RUNS_LISTED);
        assert_eq!(runs.count, 3 * TRAP_RUNS_LISTED as u64);
    }
}
