//! Published boards, shipped with snl and named.
//!
//! Each preset is a board file (`presets/*.json` in the crate) built into
//! the library. The Milton Bradley "Chutes and Ladders" board comes in the
//! two layouts published sources disagree on; the others are the worked
//! examples of well-known exercises, with their published answers.
//!
//! ```
//! let preset = snl::presets::find("leetcode-909").unwrap();
//! let game = preset.game()?;
//! assert_eq!(snl::shortest::min_rolls(&game)?, Some(4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{Board, BoardError};
use crate::game::{Game, GameError};
use crate::input::{self, ParseOptions, ParsedBoard};
use crate::rules::Rules;

/// A named, published board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Preset {
    /// The name to ask for it by (`milton-bradley`).
    pub name: &'static str,
    /// What it is, in a few words.
    pub title: &'static str,
    /// Where the layout comes from and what the rules are.
    pub source: &'static str,
    /// The board file.
    pub text: &'static str,
}

impl Preset {
    /// The board file, read.
    ///
    /// # Panics
    ///
    /// Never: every preset is read by the tests.
    pub fn parse(&self) -> ParsedBoard {
        input::parse(self.text.as_bytes(), &ParseOptions::default())
            .unwrap_or_else(|e| panic!("preset {} does not parse: {e}", self.name))
    }

    /// The board.
    ///
    /// # Errors
    ///
    /// Never for the shipped presets (the tests build each one); the
    /// `Result` keeps a broken preset from becoming a panic.
    pub fn board(&self) -> Result<Board, BoardError> {
        self.parse().spec.build()
    }

    /// The rules the board is published with.
    pub fn rules(&self) -> Rules {
        self.parse().rules.rules()
    }

    /// The board under its published rules.
    ///
    /// # Errors
    ///
    /// As [`Preset::board`]; a [`GameError`] is wrapped the same way.
    pub fn game(&self) -> Result<Game, PresetError> {
        Ok(Game::new(self.board()?, self.rules())?)
    }
}

/// A preset that cannot be played (never for the shipped ones).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PresetError {
    /// The board is not valid.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The board cannot be played under its rules.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// The rules of the Milton Bradley game, for both layouts.
macro_rules! mb_rules {
    () => {
        "Official rules: pawns start off the board, a spinner 1 to 6, no chaining, and 100 \
must be reached exactly (a spin past it is lost)."
    };
}

static PRESETS: [Preset; 7] = [
    Preset {
        name: "milton-bradley",
        title: "Chutes and Ladders (Milton Bradley), chute 47->26",
        source: concat!(
            "Milton Bradley's 100-square board with the chute from 47 to 26, as used by \
Althoen, King & Schilling, \"How Long Is a Game of Snakes and Ladders?\", The Mathematical \
Gazette 77 (1993); Higham & Higham, MATLAB Guide (2005); and J. VanderPlas, \"Simulating \
Chutes & Ladders in Python\" (2017). ",
            mb_rules!()
        ),
        text: include_str!("../presets/milton-bradley.json"),
    },
    Preset {
        name: "milton-bradley-48",
        title: "Chutes and Ladders (Milton Bradley), chute 48->26",
        source: concat!(
            "The same board with the chute to 26 starting on 48, as used by N. Berry, \
DataGenetics, \"Analysis of Chutes and Ladders\" (2011), and possiblywrong, \"Analysis of \
Chutes and Ladders\" (2015). ",
            mb_rules!()
        ),
        text: include_str!("../presets/milton-bradley-48.json"),
    },
    Preset {
        name: "leetcode-909",
        title: "LeetCode 909, example 1 (6x6 grid)",
        source: "LeetCode 909 \"Snakes and Ladders\", example 1: a 6x6 grid, start on square \
1, rolls chosen from 1 to 6, exact finish, one jump per move. Published answer: 4 rolls.",
        text: include_str!("../presets/leetcode-909.json"),
    },
    Preset {
        name: "pairs-example-1",
        title: "Ladder and snake lists, example 1",
        source: "The \"minimum rolls on a 10x10 board given ladder and snake lists\" exercise, \
example 1: ladders 14->28, 42->78, 55->97, 52->92; snakes 99->25, 88->54, 29->10. Start on \
square 1, d6. Published answer: 9 rolls.",
        text: include_str!("../presets/pairs-example-1.json"),
    },
    Preset {
        name: "pairs-example-2",
        title: "Ladder and snake lists, example 2",
        source: "The same exercise, example 2 (also its plain-text input): ladders 6->46, \
19->43, 52->71, 57->98; snakes 47->9, 62->40, 96->75. Published answer: 4 rolls.",
        text: include_str!("../presets/pairs-example-2.json"),
    },
    Preset {
        name: "moves-example-1",
        title: "Fewest die rolls, example one (20 squares)",
        source: "The \"minimum number of die rolls\" exercise with a 0-based moves array, \
example one: 20 squares, ladders 2->19 and 12->15, a snake 9->2. Published answer: 2 rolls.",
        text: include_str!("../presets/moves-example-1.json"),
    },
    Preset {
        name: "moves-example-2",
        title: "Fewest die rolls, example two (8 empty squares)",
        source: "The same exercise, example two: 8 squares, no snakes and no ladders. \
Published answer: 2 rolls.",
        text: include_str!("../presets/moves-example-2.json"),
    },
];

/// Every preset, Milton Bradley's boards first.
pub fn all() -> &'static [Preset] {
    &PRESETS
}

/// The preset called `name` (ASCII case does not matter).
pub fn find(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Finish, Start};

    #[test]
    fn every_preset_builds_with_its_title() {
        for p in all() {
            let parsed = p.parse();
            assert!(parsed.spec.problems().is_empty(), "{}", p.name);
            assert_eq!(parsed.name.as_deref(), Some(p.title), "{}", p.name);
            assert!(p.game().is_ok(), "{}", p.name);
            assert_eq!(find(p.name), Some(p));
        }
        assert_eq!(
            find("MILTON-BRADLEY").map(|p| p.name),
            Some("milton-bradley")
        );
        assert!(find("monopoly").is_none());
    }

    #[test]
    fn milton_bradley_rules() {
        let rules = find("milton-bradley").unwrap().rules();
        assert_eq!(rules.start, Start::OffBoard);
        assert_eq!(rules.finish, Finish::Exact);
        assert!(!rules.chain);
        assert_eq!(rules.die.to_string(), "d6");
    }
}
