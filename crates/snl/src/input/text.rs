//! Pairs text: a ladder count and that many `from to` pairs, then a snake
//! count and that many pairs, all separated by whitespace. Squares are
//! 1-based; the board size is not written and comes from the caller.
//!
//! ```text
//! 4 6 46 19 43 52 71 57 98
//! 3 47 9 62 40 96 75
//! ```

use std::fmt::Write;

use super::parsed::{Format, ParseError, ParsedBoard, RulesPatch};
use crate::board::{Board, BoardSpec, Jump, JumpKind, Origin, RawJump};
use crate::words::plural;

/// A whitespace-separated word and where it starts.
#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// The words of a text, with lines and columns (from 1, columns in
/// characters).
struct Tokens<'a> {
    rest: &'a str,
    line: usize,
    column: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            rest: text,
            line: 1,
            column: 1,
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let mut chars = self.rest.char_indices();
        let start = loop {
            let (i, c) = chars.next()?;
            if !c.is_whitespace() {
                break i;
            }
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        };
        let word = &self.rest[start..];
        let len = word.find(char::is_whitespace).unwrap_or(word.len());
        let token = Token {
            text: &word[..len],
            line: self.line,
            column: self.column,
        };
        self.column += token.text.chars().count();
        self.rest = &word[len..];
        Some(token)
    }
}

fn error(token: Token<'_>, message: String) -> ParseError {
    ParseError::Text {
        line: token.line,
        column: token.column,
        message,
    }
}

/// The number a token holds; `what` names it for the message.
fn number(token: Token<'_>, what: &str) -> Result<u64, ParseError> {
    let t = token.text;
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return t.parse().map_err(|_| {
            error(
                token,
                format!("{t} is too large to be {what}; write a smaller number"),
            )
        });
    }
    let negative = t.len() > 1 && t.starts_with('-') && t[1..].bytes().all(|b| b.is_ascii_digit());
    let message = if negative {
        format!("{t} is negative, so it cannot be {what}; write a whole number of 0 or more")
    } else {
        format!(
            "`{t}` is not a number; pairs text is a ladder count and that many `from to` pairs, then a snake count and that many pairs"
        )
    };
    Err(error(token, message))
}

/// Reads pairs text for a board of `squares` squares, through the fast
/// reader when `fast` and it can.
pub(super) fn parse(text: &str, squares: u64, fast: bool) -> Result<ParsedBoard, ParseError> {
    let jumps = match fast.then(|| super::fast::pairs_text(text)).flatten() {
        Some(jumps) => jumps,
        None => read(text).map_err(|e| match e {
            Mismatch::Count(e) => by_lines(text).unwrap_or(e),
            Mismatch::Other(e) => e,
        })?,
    };
    Ok(board(squares, jumps))
}

/// The board of pairs text on `squares` squares.
pub(super) fn board(squares: u64, jumps: Vec<RawJump>) -> ParsedBoard {
    ParsedBoard {
        format: Format::PairsText,
        spec: BoardSpec {
            squares,
            jumps: jumps.into(),
        },
        rules: RulesPatch::default(),
        name: None,
    }
}

/// A read error; counts that disagree with the pairs get a second look.
enum Mismatch {
    Count(ParseError),
    Other(ParseError),
}

fn read(text: &str) -> Result<Vec<RawJump>, Mismatch> {
    let mut tokens = Tokens::new(text);
    let mut jumps = Vec::new();
    // Pairs read of each kind: ladders, then snakes.
    let mut pairs = [0u64; 2];
    for (k, kind) in [JumpKind::Ladder, JumpKind::Snake].into_iter().enumerate() {
        let Some(count_token) = tokens.next() else {
            // Only the snake count can be missing: empty input never gets
            // here. Every ladder pair was read, so this is the fault even
            // on two lines (`1\n2 5`), not the ladder count's line.
            return Err(Mismatch::Other(ParseError::Text {
                line: tokens.line,
                column: tokens.column,
                message: format!(
                    "the input ends after {}; a snake count must follow (0 for no snakes)",
                    plural(pairs[0], "ladder pair", "ladder pairs")
                ),
            }));
        };
        let count = number(count_token, &format!("the {kind} count")).map_err(Mismatch::Other)?;
        let mut read = 0u64;
        while read < count {
            let number_of = read as usize + 1;
            let Some(from) = tokens.next() else {
                return Err(Mismatch::Count(short(
                    count_token,
                    kind,
                    count,
                    read,
                    false,
                )));
            };
            let what = format!("a square of {kind} pair {number_of}");
            let from_square = number(from, &what).map_err(Mismatch::Other)?;
            let Some(to) = tokens.next() else {
                return Err(Mismatch::Count(short(count_token, kind, count, read, true)));
            };
            let to_square = number(to, &what).map_err(Mismatch::Other)?;
            jumps.push(RawJump {
                from: from_square,
                to: to_square,
                declared: Some(kind),
                origin: Origin::Text {
                    line: from.line,
                    column: from.column,
                    kind,
                    number: number_of,
                },
            });
            read += 1;
        }
        pairs[k] = read;
    }
    if let Some(extra) = tokens.next() {
        return Err(Mismatch::Count(error(
            extra,
            format!(
                "`{}` follows the last snake pair; the snake count says {}, so raise it or remove what follows",
                extra.text,
                plural(pairs[1], "pair", "pairs")
            ),
        )));
    }
    Ok(jumps)
}

/// The input ended before `count` pairs of `kind` were read.
fn short(count_token: Token<'_>, kind: JumpKind, total: u64, read: u64, half: bool) -> ParseError {
    let lone = if half { " and a lone square" } else { "" };
    error(
        count_token,
        format!(
            "the {kind} count is {total} but the input ends after {}{lone}; make the count match the pairs",
            plural(read, &format!("{kind} pair"), &format!("{kind} pairs"))
        ),
    )
}

/// When the text is two lines, one for the ladders and one for the snakes
/// (as it is usually written), a count that does not match is best
/// reported against its own line: a ladder count one too large would
/// otherwise swallow the snake count and be reported far from the mistake.
fn by_lines(text: &str) -> Option<ParseError> {
    let lines: Vec<Vec<Token<'_>>> = {
        let mut lines: Vec<Vec<Token<'_>>> = Vec::new();
        for token in Tokens::new(text) {
            match lines.last_mut() {
                Some(line) if line[0].line == token.line => line.push(token),
                _ => lines.push(vec![token]),
            }
        }
        lines
    };
    if lines.len() != 2 {
        return None;
    }
    for (line, kind) in lines.iter().zip([JumpKind::Ladder, JumpKind::Snake]) {
        let count_token = line[0];
        let n = number(count_token, "a count").ok()?;
        let squares = line.len() - 1;
        let lone = if squares % 2 == 1 {
            " and a lone square"
        } else {
            ""
        };
        if n != (squares / 2) as u64 || !lone.is_empty() {
            return Some(error(
                count_token,
                format!(
                    "the {kind} count is {n} but line {} holds {}{lone}; make the count match the pairs",
                    count_token.line,
                    plural(
                        (squares / 2) as u64,
                        &format!("{kind} pair"),
                        &format!("{kind} pairs")
                    )
                ),
            ));
        }
    }
    None
}

/// The pairs text of `board`: the ladder count and pairs on one line, the
/// snake count and pairs on the next. The board size is not part of the
/// form.
///
/// # Examples
///
/// ```
/// use snl::{Board, Jump};
///
/// let board = Board::new(100, [Jump { from: 6, to: 46 }, Jump { from: 47, to: 9 }])?;
/// assert_eq!(snl::input::to_pairs_text(&board), "1 6 46\n1 47 9\n");
/// # Ok::<(), snl::BoardError>(())
/// ```
pub fn to_pairs_text(board: &Board) -> String {
    let pair = |j: Jump| (u64::from(j.from), u64::from(j.to));
    let ladders: Vec<(u64, u64)> = board.ladders().map(pair).collect();
    let snakes: Vec<(u64, u64)> = board.snakes().map(pair).collect();
    let mut out = String::new();
    line(&mut out, &ladders);
    line(&mut out, &snakes);
    out
}

/// [`to_pairs_text`] for a board as read, `spec`, of any length (see
/// [`super::spec_to_pairs_json`]).
///
/// # Examples
///
/// ```
/// use snl::{BoardSpec, Jump};
///
/// let spec = BoardSpec::of_jumps(1 << 40, [Jump { from: 47, to: 9 }, Jump { from: 6, to: 46 }]);
/// assert_eq!(snl::input::spec_to_pairs_text(&spec), "1 6 46\n1 47 9\n");
/// ```
pub fn spec_to_pairs_text(spec: &BoardSpec) -> String {
    let (ladders, snakes) = super::pairs::sorted_pairs(spec);
    let mut out = String::new();
    line(&mut out, &ladders);
    line(&mut out, &snakes);
    out
}

fn line(out: &mut String, jumps: &[(u64, u64)]) {
    write!(out, "{}", jumps.len()).expect("writing to a String cannot fail");
    for (from, to) in jumps {
        write!(out, " {from} {to}").expect("writing to a String cannot fail");
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse(text, 100, false).unwrap_err().to_string()
    }

    #[test]
    fn seed_text_reads() {
        let parsed = parse("4 6 46 19 43 52 71 57 98\n3 47 9 62 40 96 75", 100, false).unwrap();
        let spec = parsed.spec;
        assert_eq!(spec.squares, 100);
        assert_eq!(spec.jumps.len(), 7);
        assert_eq!(spec.jumps.get(4).unwrap().from, 47);
        assert_eq!(spec.jumps.get(4).unwrap().declared, Some(JumpKind::Snake));
        assert_eq!(
            spec.jumps.get(5).unwrap().origin,
            Origin::Text {
                line: 2,
                column: 8,
                kind: JumpKind::Snake,
                number: 2
            }
        );
        assert!(spec.problems().is_empty());
    }

    #[test]
    fn any_whitespace_separates() {
        let parsed = parse("\t1\n 6   46 \r\n\n 0 \n", 30, false).unwrap();
        assert_eq!(parsed.spec.squares, 30);
        assert_eq!(parsed.spec.jumps.len(), 1);
        assert_eq!(
            parsed.spec.jumps.get(0).unwrap().origin.to_string(),
            "line 2, column 2 (ladder pair 1)"
        );
    }

    #[test]
    fn count_errors_say_which_count() {
        // Two lines: each count is checked against its own line.
        assert_eq!(
            err("4 6 46 19 43 52 71\n3 47 9 62 40 96 75"),
            "line 1, column 1: the ladder count is 4 but line 1 holds 3 ladder pairs; make the count match the pairs"
        );
        assert_eq!(
            err("2 6 46 19 43\n3 47 9 62 40"),
            "line 2, column 1: the snake count is 3 but line 2 holds 2 snake pairs; make the count match the pairs"
        );
        assert_eq!(
            err("1 6 46\n1 47 9 62"),
            "line 2, column 1: the snake count is 1 but line 2 holds 1 snake pair and a lone square; make the count match the pairs"
        );
        // Otherwise the mismatch is found where the text runs out.
        assert_eq!(
            err("3 6 46 19 43"),
            "line 1, column 1: the ladder count is 3 but the input ends after 2 ladder pairs; make the count match the pairs"
        );
        assert_eq!(
            err("1 6 46"),
            "line 1, column 7: the input ends after 1 ladder pair; a snake count must follow (0 for no snakes)"
        );
        // The pair on a line of its own: still the missing snake count,
        // not the ladder count's line.
        assert_eq!(
            err("1\n2 5\n"),
            "line 3, column 1: the input ends after 1 ladder pair; a snake count must follow (0 for no snakes)"
        );
        assert_eq!(
            err("1 6 46 1 47 9 5"),
            "line 1, column 15: `5` follows the last snake pair; the snake count says 1 pair, so raise it or remove what follows"
        );
    }

    #[test]
    fn token_errors() {
        assert_eq!(
            err("1 6 x4\n0"),
            "line 1, column 5: `x4` is not a number; pairs text is a ladder count and that many `from to` pairs, then a snake count and that many pairs"
        );
        assert_eq!(
            err("1 -6 4\n0"),
            "line 1, column 3: -6 is negative, so it cannot be a square of ladder pair 1; write a whole number of 0 or more"
        );
        assert_eq!(
            err("0\n99999999999999999999999"),
            "line 2, column 1: 99999999999999999999999 is too large to be the snake count; write a smaller number"
        );
    }

    #[test]
    fn writes_two_lines() {
        let board = Board::new(10, [Jump { from: 9, to: 2 }]).unwrap();
        assert_eq!(to_pairs_text(&board), "0\n1 9 2\n");
    }
}
