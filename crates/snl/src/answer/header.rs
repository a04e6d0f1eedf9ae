//! What every answer about a board starts with.

use serde::{Deserialize, Serialize};

use crate::board::BoardSpec;
use crate::game::Game;
use crate::plan::Subject;
use crate::rules::{Rules, RulesJson};
use crate::sparse::SparseGame;

/// What every answer about a board starts with.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Header {
    /// The board's name (a preset's, or the board file's `name`); `null`
    /// when it has none.
    pub board: Option<String>,
    /// The number of squares; the last square is this number.
    pub squares: u64,
    /// The rules the answer holds under.
    pub rules: RulesJson,
}

impl Header {
    /// The header of an answer about `game`, a board called `name`.
    pub fn new(name: Option<&str>, game: &Game) -> Header {
        Header {
            board: name.map(str::to_string),
            squares: u64::from(game.goal()),
            rules: RulesJson::from(game.rules()),
        }
    }

    /// The header of an answer about `subject`.
    pub fn of_subject(subject: &Subject) -> Header {
        Header {
            board: subject.name().map(str::to_string),
            squares: subject.squares(),
            rules: RulesJson::from(subject.rules()),
        }
    }

    /// The header of an answer about `game`, a board of any length called
    /// `name`.
    pub fn of_long(name: Option<&str>, game: &SparseGame) -> Header {
        Header {
            board: name.map(str::to_string),
            squares: game.goal(),
            rules: RulesJson::from(game.rules()),
        }
    }

    /// The header of an answer about a board as read, which need not be
    /// playable (a check's answer).
    pub fn of_spec(name: Option<&str>, spec: &BoardSpec, rules: &Rules) -> Header {
        Header {
            board: name.map(str::to_string),
            squares: spec.squares,
            rules: RulesJson::from(rules),
        }
    }
}
