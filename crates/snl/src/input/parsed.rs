//! What a reading gives and how it fails: the forms a board is written in
//! ([`Format`]), the board as read ([`ParsedBoard`], with the rules it
//! carries as a [`RulesPatch`]), the options of a reading and every error.
//! The readers of each form (the siblings of this module) build these; the
//! facade re-exports them.

// "LeetCode" is a name, not code: it stays out of backticks in these docs.
#![allow(clippy::doc_markdown)]

use std::fmt;
use std::str::FromStr;

use crate::board::BoardSpec;
use crate::rules::{Bonus, Die, Finish, Optional, Rules, Start};
use crate::words::plural;

/// A form a board can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// LeetCode 909's N×N grid.
    Grid,
    /// A 0-based jump array.
    Moves,
    /// snl's JSON board file with 1-based ladder and snake pairs.
    Pairs,
    /// Plain text: ladder count and pairs, snake count and pairs.
    PairsText,
}

impl Format {
    /// Every form, in the order they are listed to people.
    pub const ALL: [Format; 4] = [
        Format::Grid,
        Format::Moves,
        Format::Pairs,
        Format::PairsText,
    ];

    /// The form's name, as [`Display`](fmt::Display) writes it and
    /// [`FromStr`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Grid => "grid",
            Format::Moves => "moves",
            Format::Pairs => "pairs",
            Format::PairsText => "pairs-text",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

/// A board that a form cannot hold, from [`write`](super::write) and the
/// writers of each form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// A LeetCode grid of a board whose size is not a perfect square.
    #[error(
        "a LeetCode grid needs a square number of squares (4, 9, ..., 100), and this board has {squares}; write it as pairs or moves"
    )]
    NotSquare {
        /// The board's size.
        squares: u32,
    },
    /// A snake to square 0 (off the board), in a form that cannot write
    /// it: the grid numbers squares from 1, and the moves form's `-1`, the
    /// 0-based index of square 0, means no jump.
    #[error(
        "the snake {from}->0 leads off the board, which the {format} form cannot write ({why}); write the board as pairs or pairs-text",
        why = match format {
            Format::Moves => "its 0-based destination would be -1, which means no jump",
            _ => "it numbers squares from 1",
        }
    )]
    ToSquare0 {
        /// The form.
        format: Format,
        /// The square the snake starts on (the lowest, if several do).
        from: u32,
    },
}

/// A name that is not one of the [`Format`]s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a board form: use grid, moves, pairs or pairs-text")]
pub struct UnknownFormat(pub String);

/// Rules given by a board file: each is `None` where the file says nothing.
///
/// A file's rules are laid over other rules (the defaults, or what the
/// command line says) with [`RulesPatch::apply`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct RulesPatch {
    /// The die (`faces` or `die`).
    pub die: Option<Die>,
    /// The finish rule.
    pub finish: Option<Finish>,
    /// Whether jumps chain.
    pub chain: Option<bool>,
    /// Where the pawn starts.
    pub start: Option<Start>,
    /// Bonus rolls (`bonus`, `bonus_limit`): `Some(None)` turns them off.
    pub bonus: Option<Option<Bonus>>,
    /// The jumps a player may decline (`optional`).
    pub optional: Option<Optional>,
}

impl RulesPatch {
    /// A patch that sets every rule to its value in `rules`.
    pub fn from_rules(rules: &Rules) -> RulesPatch {
        RulesPatch {
            die: Some(rules.die.clone()),
            finish: Some(rules.finish),
            chain: Some(rules.chain),
            start: Some(rules.start),
            bonus: Some(rules.bonus),
            optional: Some(rules.optional),
        }
    }

    /// Sets in `rules` every rule this patch gives.
    pub fn apply(&self, rules: &mut Rules) {
        if let Some(die) = &self.die {
            rules.die = die.clone();
        }
        if let Some(finish) = self.finish {
            rules.finish = finish;
        }
        if let Some(chain) = self.chain {
            rules.chain = chain;
        }
        if let Some(start) = self.start {
            rules.start = start;
        }
        if let Some(bonus) = self.bonus {
            rules.bonus = bonus;
        }
        if let Some(optional) = self.optional {
            rules.optional = optional;
        }
    }

    /// The default rules with this patch applied.
    pub fn rules(&self) -> Rules {
        let mut rules = Rules::default();
        self.apply(&mut rules);
        rules
    }

    /// Whether the patch gives no rule at all.
    pub fn is_empty(&self) -> bool {
        *self == RulesPatch::default()
    }
}

/// A board as read from an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedBoard {
    /// The form it was written in.
    pub format: Format,
    /// The size and the jumps as written; check it with
    /// [`BoardSpec::problems`] or build it with [`BoardSpec::build`].
    pub spec: BoardSpec,
    /// The rules the file gives (none for pairs text).
    pub rules: RulesPatch,
    /// The board's name, when the file gives one.
    pub name: Option<String>,
}

/// How to read an input.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ParseOptions {
    /// The form to read; `None` detects it from the input.
    pub format: Option<Format>,
    /// The board size for pairs text, which does not say it (100 when
    /// `None`). The other forms give their size and ignore this.
    pub squares: Option<u64>,
}

/// The board size pairs text is read with unless [`ParseOptions::squares`]
/// says otherwise: the classic 10×10 board.
pub const DEFAULT_TEXT_SQUARES: u64 = 100;

/// How each form starts, for messages that have to say what was expected.
const FORMS: &str = "write a LeetCode grid `[[-1, ...], ...]`, a moves array `[-1, 18, ...]` or \
`{\"n\": 20, \"moves\": [...]}`, a pairs object `{\"squares\": 100, \"ladders\": [[14, 28]], \
\"snakes\": [[99, 25]]}`, or pairs text (a ladder count and its pairs, then a snake count and \
its pairs)";

/// An input that is not a board in the form it claims or appears to be.
///
/// Faults of a well-formed board (a jump off the board, two jumps from one
/// square) are not parse errors: see [`BoardSpec::problems`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Nothing but whitespace.
    #[error("the input is empty; {FORMS}")]
    Empty,
    /// Bytes that are not UTF-8.
    #[error("line {line}, column {column}: the input is not UTF-8 text; save it as UTF-8")]
    NotUtf8 {
        /// Line of the first bad byte, from 1.
        line: usize,
        /// Column, from 1, in characters.
        column: usize,
    },
    /// The first character starts none of the forms.
    #[error("line {line}, column {column}: a board cannot start with `{found}`; {FORMS}")]
    UnknownForm {
        /// Line, from 1.
        line: usize,
        /// Column, from 1, in characters.
        column: usize,
        /// The character found.
        found: char,
    },
    /// JSON that is malformed or has the wrong shape for a board.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// Line, from 1.
        line: usize,
        /// Column, from 1, in characters.
        column: usize,
        /// What is wrong, without the position.
        message: String,
        /// The JSON reader's error.
        #[source]
        source: serde_json::Error,
    },
    /// A JSON object with none of the board fields.
    #[error("the object holds no board; {FORMS}")]
    NoBoard,
    /// A JSON object with the fields of two forms.
    #[error(
        "the object mixes two forms: `{first}` belongs to the {first_form} form and `{second}` to the {second_form} form; keep the fields of one"
    )]
    MixedForms {
        /// A field of one form.
        first: &'static str,
        /// Its form.
        first_form: Format,
        /// A field of another form.
        second: &'static str,
        /// Its form.
        second_form: Format,
    },
    /// The input is in another form than the one asked for.
    #[error(
        "the input is written in the {found} form, but the {expected} form was asked for; ask for {found} or let the form be detected"
    )]
    WrongForm {
        /// The form asked for.
        expected: Format,
        /// The form the input appears to be in.
        found: Format,
    },
    /// `n` and the length of `moves` differ.
    #[error(
        "`n` is {n} but `moves` has {}; make `n` the length of `moves`",
        plural(*len as u64, "entry", "entries")
    )]
    MovesCount {
        /// The `n` given.
        n: u64,
        /// The length of `moves`.
        len: usize,
    },
    /// `n` without `moves`.
    #[error("the object gives `n` but no `moves`; add the 0-based moves array")]
    MissingMoves,
    /// A grid with no rows.
    #[error("the grid has no rows; a LeetCode grid is N rows of N numbers")]
    EmptyGrid,
    /// A grid row whose length is not the number of rows.
    #[error(
        "grid row {row} has {} but the grid has {}; a LeetCode grid is N rows of N cells",
        plural(*len as u64, "cell", "cells"),
        plural(*rows as u64, "row", "rows")
    )]
    NotSquare {
        /// The row, from 0 at the top.
        row: usize,
        /// Its length.
        len: usize,
        /// The number of rows.
        rows: usize,
    },
    /// A grid cell below -1, or 0 (the grid numbers squares from 1).
    #[error(
        "grid row {row}, column {col} (square {square}): {value} is not a destination; write -1 for no jump or a square from 1 to {squares}"
    )]
    BadCell {
        /// The row, from 0 at the top.
        row: usize,
        /// The column, from 0 at the left.
        col: usize,
        /// The square the cell stands for.
        square: u64,
        /// The value written.
        value: i64,
        /// The board size.
        squares: u64,
    },
    /// The input could not be read (by [`parse_at`](super::parse_at)).
    #[error("the input cannot be read: {source}")]
    Io {
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// Pairs text that is not a ladder count, its pairs, a snake count and
    /// its pairs.
    #[error("line {line}, column {column}: {message}")]
    Text {
        /// Line, from 1.
        line: usize,
        /// Column, from 1, in characters.
        column: usize,
        /// What is wrong and how to fix it.
        message: String,
    },
}
