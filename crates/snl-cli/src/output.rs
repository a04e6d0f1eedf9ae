//! Printing: JSON documents, the rules in words and in JSON, notes on
//! stderr. Subcommands build their own output structs; the pieces every
//! subcommand prints the same way live here.

use std::io::{self, IsTerminal, Write};

use anyhow::Result;
use serde::Serialize;
use snl::{Finish, Rules, Start};

use crate::board_arg::LoadedGame;

/// Writes `value` as one pretty-printed JSON document and a newline.
pub fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<()> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// The rules as printed in every `--json` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulesJson {
    /// The number of faces of a fair die; `null` for any other die.
    pub faces: Option<u32>,
    /// The die: `d6` for a fair die, `2d6` for a sum of fair dice, else the
    /// weights of faces 1, 2, ...
    pub die: String,
    /// `exact`, `bounce` or `pass`.
    pub finish: Finish,
    /// Whether jumps chain.
    pub chain: bool,
    /// Where the pawn starts: 1 (square 1) or 0 (off the board).
    pub start: u32,
    /// The bonus-roll rule, left out when off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus: Option<BonusJson>,
}

/// The bonus-roll rule in `--json` answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BonusJson {
    /// The number of top values in a row that sends the pawn back to the
    /// start; `null` for no limit.
    pub limit: Option<u32>,
}

impl From<&Rules> for RulesJson {
    fn from(rules: &Rules) -> RulesJson {
        RulesJson {
            faces: rules.die.is_uniform().then(|| rules.die.max()),
            die: rules.die.to_string(),
            finish: rules.finish,
            chain: rules.chain,
            start: rules.start.position(),
            bonus: rules.bonus.map(|b| BonusJson {
                limit: b.limit.map(std::num::NonZeroU32::get),
            }),
        }
    }
}

/// The rules in words, for text output:
/// `die d6, finish exact, no chaining, start on square 1`.
pub fn rules_text(rules: &Rules) -> String {
    let die = if rules.die.is_uniform() || rules.die.sum_of_fair().is_some() {
        format!("die {}", rules.die)
    } else {
        format!("die with weights {}", rules.die)
    };
    let start = match rules.start {
        Start::OffBoard => "start off the board (0)",
        _ => "start on square 1",
    };
    let chain = if rules.chain {
        "chaining"
    } else {
        "no chaining"
    };
    let bonus = match rules.bonus.map(|b| b.limit) {
        None => String::new(),
        Some(None) => ", a top value rolls again".to_string(),
        Some(Some(n)) => format!(
            ", a top value rolls again (the {} in a row goes back to the start)",
            ordinal(n.get())
        ),
    };
    format!("{die}, finish {}, {chain}, {start}{bonus}", rules.finish)
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `1 snake`, `2 snakes`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `text` broken into lines of at most `width` characters (longer words
/// stay whole), each starting with `indent`.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.chars().count() > width {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(indent);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Prints a note for people on stderr. A failure to write it is ignored:
/// a note is never worth failing the answer for.
pub fn note(message: &str) {
    let _ = writeln!(io::stderr(), "snl: note: {message}");
}

/// Whether stderr may be coloured: it is a terminal and `NO_COLOR` is unset
/// or empty (<https://no-color.org>).
pub fn color_stderr() -> bool {
    io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// The board and rules lines that every answer starts with.
pub fn header(out: &mut dyn Write, loaded: &LoadedGame) -> Result<()> {
    let board = loaded.game.board();
    writeln!(
        out,
        "board: {}, {}, {}, {}",
        loaded.board.label(),
        plural(board.squares() as usize, "square", "squares"),
        plural(board.ladders().count(), "ladder", "ladders"),
        plural(board.snakes().count(), "snake", "snakes"),
    )?;
    writeln!(out, "rules: {}", rules_text(loaded.rules()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_in_words() {
        assert_eq!(
            rules_text(&Rules::default()),
            "die d6, finish exact, no chaining, start on square 1"
        );
        let odd = Rules {
            die: "1,1,2".parse().unwrap(),
            finish: Finish::Bounce,
            chain: true,
            start: Start::OffBoard,
            ..Rules::default()
        };
        assert_eq!(
            rules_text(&odd),
            "die with weights 1,1,2, finish bounce, chaining, start off the board (0)"
        );
        let json = RulesJson::from(&odd);
        assert_eq!(
            wrap("one two three four five", 12, "  "),
            "  one two\n  three four\n  five\n"
        );
        assert_eq!(wrap("", 10, "  "), "");
        let ordinals: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 102].map(ordinal).into();
        assert_eq!(
            ordinals,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd"
            ]
        );
        let bonus = Rules {
            bonus: Some(snl::Bonus::with_limit(3).unwrap()),
            ..Rules::default()
        };
        assert!(rules_text(&bonus).ends_with("(the 3rd in a row goes back to the start)"));
        assert_eq!(json.faces, None);
        assert_eq!(json.start, 0);
    }
}
