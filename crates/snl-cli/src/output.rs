//! Printing: JSON documents, the rules in words and in JSON, notes on
//! stderr. Subcommands build their own output structs; the pieces every
//! subcommand prints the same way live here.

use std::io::{self, IsTerminal, Write};

use anyhow::Result;
use serde::Serialize;
use snl::{Finish, Rules, Start};

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
    /// The die: `d6` for a fair die, else the weights of faces 1, 2, ...
    pub die: String,
    /// `exact`, `bounce` or `pass`.
    pub finish: Finish,
    /// Whether jumps chain.
    pub chain: bool,
    /// Where the pawn starts: 1 (square 1) or 0 (off the board).
    pub start: u32,
}

impl From<&Rules> for RulesJson {
    fn from(rules: &Rules) -> RulesJson {
        RulesJson {
            faces: rules.die.is_uniform().then(|| rules.die.max()),
            die: rules.die.to_string(),
            finish: rules.finish,
            chain: rules.chain,
            start: rules.start.position(),
        }
    }
}

/// The rules in words, for text output:
/// `die d6, finish exact, no chaining, start on square 1`.
pub fn rules_text(rules: &Rules) -> String {
    let die = if rules.die.is_uniform() {
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
    format!("{die}, finish {}, {chain}, {start}", rules.finish)
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
        assert_eq!(json.faces, None);
        assert_eq!(json.start, 0);
    }
}
