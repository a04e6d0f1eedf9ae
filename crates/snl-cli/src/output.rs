//! Printing: JSON documents, notes on stderr, the lines every answer
//! starts with, and when colour is allowed. The answers' JSON shapes and
//! the words they use live in the library (`snl::answer`, `snl::words`),
//! shared with the other front ends.

use std::io::{self, IsTerminal, Write};

use anyhow::Result;
use serde::Serialize;
use snl::words::{plural, rules_line};

use crate::board_arg::{LoadedGame, LoadedSubject};

/// Standard output, whose write errors say that they are standard
/// output's (a full disk under `snl ... > file`, say), keeping their kind
/// so that a closed pipe is still recognised.
#[derive(Debug)]
pub struct Stdout<W>(pub W);

impl<W: Write> Write for Stdout<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(|e| on_stdout(&e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(|e| on_stdout(&e))
    }
}

fn on_stdout(e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("writing to standard output: {e}"))
}

/// Writes `value` as one pretty-printed JSON document and a newline.
pub fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<()> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(())
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

/// Whether a stream may be coloured: it is a terminal and `NO_COLOR` is
/// unset or empty (<https://no-color.org>).
pub fn colour_allowed(stream: &impl IsTerminal) -> bool {
    stream.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// The board and rules lines that every answer starts with.
pub fn header(out: &mut dyn Write, loaded: &LoadedGame) -> Result<()> {
    let board = loaded.game.board();
    writeln!(
        out,
        "board: {}, {}, {}, {}",
        loaded.board.label(),
        plural(u64::from(board.squares()), "square", "squares"),
        plural(board.ladders().count() as u64, "ladder", "ladders"),
        plural(board.snakes().count() as u64, "snake", "snakes"),
    )?;
    writeln!(out, "rules: {}", rules_line(loaded.rules()))?;
    Ok(())
}

/// An analysis step by step, once made: its JSON with `json`, else the
/// header, then each step's sentences as a block.
pub fn answer_steps<'a>(
    out: &mut dyn Write,
    loaded: &LoadedSubject,
    json: bool,
    answer: &impl Serialize,
    steps: impl Iterator<Item = &'a Vec<String>>,
) -> Result<std::process::ExitCode> {
    crate::timings::analysis();
    crate::control::check_interrupted()?;
    if json {
        write_json(out, answer)?;
        return Ok(std::process::ExitCode::SUCCESS);
    }
    header_subject(out, loaded)?;
    for text in steps {
        writeln!(out)?;
        for line in text {
            writeln!(out, "{line}")?;
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// The board and rules lines of a board asked of the library's questions,
/// of any length.
pub fn header_subject(out: &mut dyn Write, loaded: &LoadedSubject) -> Result<()> {
    let subject = &loaded.subject;
    let ladders = subject
        .spec()
        .jumps
        .pairs()
        .filter(|(from, to)| to > from)
        .count() as u64;
    writeln!(
        out,
        "board: {}, {}, {}, {}",
        loaded.board.label(),
        plural(subject.squares(), "square", "squares"),
        plural(ladders, "ladder", "ladders"),
        plural(subject.jump_count() as u64 - ladders, "snake", "snakes"),
    )?;
    writeln!(out, "rules: {}", rules_line(subject.rules()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping() {
        assert_eq!(
            wrap("one two three four five", 12, "  "),
            "  one two\n  three four\n  five\n"
        );
        assert_eq!(wrap("", 10, "  "), "");
    }
}
