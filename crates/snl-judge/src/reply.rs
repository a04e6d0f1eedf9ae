//! What a program is asked to print, how its output is read, and how what
//! it printed is checked against snl's answers on the board.
//!
//! Four forms ([`AnswerForm`]): the fewest rolls alone; the fewest rolls
//! and one optimal route, as rolls or as squares; or the number of optimal
//! roll sequences. A route is accepted when it is a game under the rules
//! ([`snl::shortest::route`]) that ends on the last square, as short as can
//! be and as long as the program says: any optimal route will do, not only
//! the one snl would print.

use std::fmt;
use std::str::FromStr;

use num_bigint::BigUint;
use snl::shortest::route::{self, Route, RouteError};
use snl::{Game, Move};

/// What the program prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum AnswerForm {
    /// One integer: the fewest rolls, or -1 when the last square cannot be
    /// reached.
    #[default]
    Min,
    /// The fewest rolls on the first line, and the rolls of one optimal
    /// game on the second, separated by spaces; -1 alone when the last
    /// square cannot be reached.
    Rolls,
    /// The fewest rolls on the first line, and on the second the squares
    /// the pawn rests on after each roll of one optimal game (the start
    /// square may come first); -1 alone when it cannot be reached.
    Path,
    /// One integer: how many roll sequences reach the last square in the
    /// fewest rolls (0 when none does).
    Count,
}

impl AnswerForm {
    /// Every form, in the order of their names.
    pub const ALL: [AnswerForm; 4] = [
        AnswerForm::Min,
        AnswerForm::Rolls,
        AnswerForm::Path,
        AnswerForm::Count,
    ];

    /// The form's name: `min`, `rolls`, `path` or `count`.
    pub fn name(self) -> &'static str {
        match self {
            AnswerForm::Min => "min",
            AnswerForm::Rolls => "rolls",
            AnswerForm::Path => "path",
            AnswerForm::Count => "count",
        }
    }

    /// What to print, for messages.
    pub fn asks(self) -> &'static str {
        match self {
            AnswerForm::Min => {
                "print the fewest rolls, or -1 when the last square cannot be reached"
            }
            AnswerForm::Rolls => {
                "print the fewest rolls on the first line and the rolls of one optimal game on the second, separated by spaces (`4` then `1 6 2 6`), or -1 alone when the last square cannot be reached"
            }
            AnswerForm::Path => {
                "print the fewest rolls on the first line and on the second the squares the pawn rests on after each roll, separated by spaces (`4` then `7 27 33 100`), or -1 alone when the last square cannot be reached"
            }
            AnswerForm::Count => {
                "print the number of roll sequences that reach the last square in the fewest rolls (0 when none does)"
            }
        }
    }

    /// Whether snl needs the number of optimal sequences to check it.
    pub fn needs_count(self) -> bool {
        self == AnswerForm::Count
    }
}

impl fmt::Display for AnswerForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for AnswerForm {
    type Err = String;

    fn from_str(s: &str) -> Result<AnswerForm, String> {
        AnswerForm::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| format!("`{s}` is no answer form: write min, rolls, path or count"))
    }
}

/// What a program printed, read in its form.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reply {
    /// The fewest rolls (`None` for -1).
    Min(Option<u32>),
    /// The fewest rolls and a route: its rolls or squares, by the form
    /// (empty for -1).
    Route {
        /// The first line (`None` for -1).
        min: Option<u32>,
        /// The second line.
        route: Vec<u32>,
    },
    /// The number of optimal sequences.
    Count(BigUint),
}

impl Reply {
    /// The fewest rolls the program states, when its form states them.
    pub fn min_rolls(&self) -> Option<Option<u32>> {
        match self {
            Reply::Min(m) | Reply::Route { min: m, .. } => Some(*m),
            Reply::Count(_) => None,
        }
    }

    /// The route printed, in the form's terms, when there is one.
    pub fn route(&self) -> Option<&[u32]> {
        match self {
            Reply::Route {
                min: Some(_),
                route,
            } => Some(route),
            _ => None,
        }
    }
}

impl fmt::Display for Reply {
    /// As the program printed it, on one line: `4: 1 6 2 6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Min(None) | Reply::Route { min: None, .. } => {
                f.write_str("-1 (the last square cannot be reached)")
            }
            Reply::Min(Some(k)) => write!(f, "{k}"),
            Reply::Route {
                min: Some(k),
                route,
            } => write!(f, "{k}: {}", spaced(route)),
            Reply::Count(n) => write!(f, "{n}"),
        }
    }
}

/// Numbers separated by spaces.
pub fn spaced(numbers: &[u32]) -> String {
    let words: Vec<String> = numbers.iter().map(u32::to_string).collect();
    words.join(" ")
}

/// snl's answers on a board, as much of them as the form needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    /// The fewest rolls (`None`: unreachable).
    pub min: Option<u32>,
    /// The number of optimal sequences, for [`AnswerForm::Count`].
    pub count: Option<BigUint>,
}

impl Expected {
    /// snl's answers on `game` for `form`, the fewest rolls already known.
    ///
    /// # Errors
    ///
    /// The count's tables cannot be had.
    pub fn of(
        game: &Game,
        min: Option<u32>,
        form: AnswerForm,
    ) -> Result<Expected, snl::limits::LimitError> {
        let count = if form.needs_count() {
            Some(snl::shortest::count_optimal(game)?.unwrap_or_default())
        } else {
            None
        };
        Ok(Expected { min, count })
    }
}

/// What a right program prints on a board, line by line (each line ends
/// in a newline): snl's answers in `form`, with `path` (snl's optimal
/// game) for the forms that print a game. Other optimal games are right
/// too; this is the one snl prints.
pub fn expected_output(form: AnswerForm, expected: &Expected, path: &[Move]) -> String {
    let min = snl::answer::judge::printed(expected.min);
    match (form, expected.min) {
        (AnswerForm::Count, _) => {
            format!("{}\n", expected.count.clone().unwrap_or_default())
        }
        (AnswerForm::Rolls | AnswerForm::Path, Some(k)) if k > 0 => {
            let route: Vec<u32> = path
                .iter()
                .map(|m| {
                    if form == AnswerForm::Rolls {
                        m.roll
                    } else {
                        m.to
                    }
                })
                .collect();
            format!("{min}\n{}\n", spaced(&route))
        }
        _ => format!("{min}\n"),
    }
}

/// Why a readable answer is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Fault {
    /// The fewest rolls stated are not snl's.
    Min {
        /// snl's.
        expected: Option<u32>,
        /// The program's.
        received: Option<u32>,
    },
    /// The route is not a game that ends on the last square.
    Route(RouteError),
    /// The route takes another number of rolls than the first line says.
    Mismatch {
        /// The first line.
        stated: u32,
        /// The rolls of the route.
        rolls: usize,
    },
    /// A valid route, as long as stated, but longer than the fewest.
    Longer {
        /// Its rolls.
        rolls: u32,
        /// The fewest.
        min: u32,
    },
    /// Another number of optimal sequences.
    Count {
        /// snl's.
        expected: BigUint,
        /// The program's.
        received: BigUint,
    },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rolls = |n: Option<u32>| match n {
            None => "that the last square cannot be reached".to_string(),
            Some(k) => snl::words::plural(u64::from(k), "roll", "rolls"),
        };
        match self {
            Fault::Min { expected, received } => write!(
                f,
                "it says {}; snl says {}",
                rolls(*received),
                rolls(*expected)
            ),
            Fault::Route(e) => write!(f, "its route is not a finished game: {e}"),
            Fault::Mismatch { stated, rolls } => write!(
                f,
                "its first line says {} but its route takes {}",
                snl::words::plural(u64::from(*stated), "roll", "rolls"),
                snl::words::plural(*rolls as u64, "roll", "rolls")
            ),
            Fault::Longer { rolls, min } => write!(
                f,
                "its route is a finished game but takes {}; {} enough",
                snl::words::plural(u64::from(*rolls), "roll", "rolls"),
                snl::words::plural(u64::from(*min), "roll is", "rolls are")
            ),
            Fault::Count { expected, received } => {
                let sequences = |n: &BigUint| {
                    if *n == BigUint::from(1u32) {
                        "1 optimal sequence".to_string()
                    } else {
                        format!("{n} optimal sequences")
                    }
                };
                write!(
                    f,
                    "it counts {}; there {} {}",
                    sequences(received),
                    if *expected == BigUint::from(1u32) {
                        "is"
                    } else {
                        "are"
                    },
                    sequences(expected)
                )
            }
        }
    }
}

/// Checks `reply` against snl's answers on `game`: `None` when it is right.
///
/// A route is checked first, then its length against its first line, then
/// the first line against the fewest rolls: the first slip on that list is
/// the one named.
pub fn check(game: &Game, form: AnswerForm, expected: &Expected, reply: &Reply) -> Option<Fault> {
    match reply {
        Reply::Min(m) => (*m != expected.min).then_some(Fault::Min {
            expected: expected.min,
            received: *m,
        }),
        Reply::Route { min: None, .. } => expected.min.map(|_| Fault::Min {
            expected: expected.min,
            received: None,
        }),
        Reply::Route {
            min: Some(stated),
            route,
        } => {
            let route = match form {
                AnswerForm::Path => Route::Squares(route),
                _ => Route::Rolls(route),
            };
            let rolls = match route::follow(game, route) {
                Ok(n) => n,
                Err(e) => return Some(Fault::Route(e)),
            };
            if rolls != *stated as usize {
                return Some(Fault::Mismatch {
                    stated: *stated,
                    rolls,
                });
            }
            match expected.min {
                Some(min) if *stated > min => Some(Fault::Longer {
                    rolls: *stated,
                    min,
                }),
                // A finished game is never shorter than the fewest rolls,
                // and none exists where the last square cannot be reached.
                _ => None,
            }
        }
        Reply::Count(n) => {
            let want = expected.count.clone().unwrap_or_default();
            (*n != want).then(|| Fault::Count {
                expected: want,
                received: n.clone(),
            })
        }
    }
}

/// Reads a program's output in `form`.
///
/// # Errors
///
/// What is wrong with it, and what to print instead.
pub fn read(stdout: &[u8], form: AnswerForm) -> Result<Reply, String> {
    let text = String::from_utf8_lossy(stdout);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let asks = form.asks();
    let Some(&first) = lines.first() else {
        return Err(format!("it printed nothing; {asks}"));
    };
    match form {
        AnswerForm::Min => {
            if lines.len() > 1 {
                return Err(format!(
                    "it printed {} lines, not one whole number; print only the answer (anything else can go to standard error)",
                    lines.len()
                ));
            }
            read_min(first, asks).map(Reply::Min)
        }
        AnswerForm::Rolls | AnswerForm::Path => {
            let min = read_min(first, asks)?;
            match (min, &lines[1..]) {
                (None, []) => Ok(Reply::Route {
                    min: None,
                    route: Vec::new(),
                }),
                (None, _) => Err(format!(
                    "it printed -1 and more lines; -1 stands alone (the last square cannot be reached), else {asks}"
                )),
                (Some(0), []) => Ok(Reply::Route {
                    min: Some(0),
                    route: Vec::new(),
                }),
                (Some(_), []) => Err(format!("it printed no second line; {asks}")),
                (Some(_), [route]) => Ok(Reply::Route {
                    min,
                    route: read_numbers(route, form)?,
                }),
                (Some(_), more) => Err(format!(
                    "it printed {} lines; {asks} (anything else can go to standard error)",
                    more.len() + 1
                )),
            }
        }
        AnswerForm::Count => {
            if lines.len() > 1 || first == "-1" {
                return Err(format!(
                    "it printed `{}`; {asks}",
                    excerpt(&lines.join(" / "), 80)
                ));
            }
            first.parse::<BigUint>().map(Reply::Count).map_err(|_| {
                format!(
                    "it printed `{}`, not one whole number; {asks}",
                    excerpt(first, 80)
                )
            })
        }
    }
}

/// The fewest rolls on a line: a whole number, or -1.
fn read_min(line: &str, asks: &str) -> Result<Option<u32>, String> {
    match line.parse::<i64>() {
        Ok(-1) => Ok(None),
        Ok(n) => u32::try_from(n)
            .map(Some)
            .map_err(|_| format!("it printed {n}, which is no number of rolls; {asks}")),
        Err(_) => Err(format!(
            "it printed `{}`, not one whole number; {asks} (anything else can go to standard error)",
            excerpt(line, 80)
        )),
    }
}

/// A route's line: whole numbers separated by spaces (or commas).
fn read_numbers(line: &str, form: AnswerForm) -> Result<Vec<u32>, String> {
    let what = match form {
        AnswerForm::Path => "square",
        _ => "roll",
    };
    line.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .enumerate()
        .map(|(i, w)| {
            w.parse::<u32>().map_err(|_| {
                format!(
                    "the {} {what} on its second line is `{}`, not a whole number; {}",
                    snl::words::ordinal(i as u32 + 1),
                    excerpt(w, 80),
                    form.asks()
                )
            })
        })
        .collect()
}

/// The start of a piece of output, for messages: `chars` characters at
/// most, control characters escaped.
pub(crate) fn excerpt(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((i, _)) => format!("{}…", snl::words::escape_controls(&text[..i])),
        None => snl::words::escape_controls(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use snl::{Board, Jump, Rules};

    #[test]
    fn each_form_is_read_strictly() {
        assert_eq!(read(b" 4\n", AnswerForm::Min), Ok(Reply::Min(Some(4))));
        assert_eq!(read(b"-1\n", AnswerForm::Min), Ok(Reply::Min(None)));
        assert!(read(b"4\n5\n", AnswerForm::Min).is_err());
        assert!(
            read(b"", AnswerForm::Min)
                .unwrap_err()
                .starts_with("it printed nothing")
        );
        assert!(
            read(b"-2", AnswerForm::Min)
                .unwrap_err()
                .contains("no number of rolls")
        );
        assert_eq!(
            read(b"4\n1 6 2 6\n", AnswerForm::Rolls),
            Ok(Reply::Route {
                min: Some(4),
                route: vec![1, 6, 2, 6]
            })
        );
        assert_eq!(
            read(b"2\n1, 15, 20", AnswerForm::Path),
            Ok(Reply::Route {
                min: Some(2),
                route: vec![1, 15, 20]
            })
        );
        assert_eq!(
            read(b"-1\n", AnswerForm::Rolls),
            Ok(Reply::Route {
                min: None,
                route: vec![]
            })
        );
        assert!(
            read(b"4\n", AnswerForm::Rolls)
                .unwrap_err()
                .contains("no second line")
        );
        assert!(
            read(b"-1\n3 4", AnswerForm::Rolls)
                .unwrap_err()
                .contains("stands alone")
        );
        assert!(
            read(b"2\n1 x", AnswerForm::Rolls)
                .unwrap_err()
                .starts_with("the 2nd roll on its second line is `x`")
        );
        assert_eq!(
            read(b"423\n", AnswerForm::Count),
            Ok(Reply::Count(BigUint::from(423u32)))
        );
        assert!(
            read(b"-1\n", AnswerForm::Count)
                .unwrap_err()
                .contains("0 when none does")
        );
    }

    #[test]
    fn a_route_is_checked_before_its_length_and_its_length_before_the_fewest() {
        let game = Game::new(
            Board::new(20, [Jump { from: 3, to: 15 }]).unwrap(),
            Rules::default(),
        )
        .unwrap();
        let expected = Expected {
            min: Some(2),
            count: None,
        };
        let rolls = |min, route: &[u32]| Reply::Route {
            min: Some(min),
            route: route.to_vec(),
        };
        let check = |r: &Reply| check(&game, AnswerForm::Rolls, &expected, r);
        assert_eq!(check(&rolls(2, &[2, 5])), None);
        assert!(matches!(
            check(&rolls(2, &[2, 7])),
            Some(Fault::Route(RouteError::NotAFace { .. }))
        ));
        assert_eq!(
            check(&rolls(3, &[2, 5])),
            Some(Fault::Mismatch {
                stated: 3,
                rolls: 2
            })
        );
        assert_eq!(
            check(&rolls(3, &[2, 4, 1])),
            Some(Fault::Longer { rolls: 3, min: 2 })
        );
        assert_eq!(
            check(&Reply::Route {
                min: None,
                route: vec![]
            }),
            Some(Fault::Min {
                expected: Some(2),
                received: None
            })
        );
        assert_eq!(
            Fault::Longer { rolls: 3, min: 2 }.to_string(),
            "its route is a finished game but takes 3 rolls; 2 rolls are enough"
        );
    }
}
