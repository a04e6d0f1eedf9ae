//! Words for people: the phrases every front end (the command line, the
//! report, the web page, the Python package) writes the same way.
//!
//! ```
//! use snl::words;
//!
//! assert_eq!(words::ordinal(3), "3rd");
//! assert_eq!(words::plural(1, "snake", "snakes"), "1 snake");
//! assert_eq!(
//!     words::rules_line(&snl::Rules::default()),
//!     "die d6, finish exact, no chaining, start on square 1"
//! );
//! ```

pub use crate::limits::{bytes, duration};
use crate::rules::{Finish, Optional, Rules, Start};

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, `102nd`.
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

/// `1 snake`, `2 snakes`: the count and the noun that agrees with it.
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n` with its digits grouped in threes: `1,048,576`.
///
/// # Examples
///
/// ```
/// assert_eq!(snl::words::grouped(1_048_576), "1,048,576");
/// assert_eq!(snl::words::grouped(999), "999");
/// ```
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` in rough words, for estimates: `about 977490` below 10^9, `about
/// 1.2e10` above, and `more than 1.8e19` for a count that saturated (an
/// estimate past `u64`).
///
/// # Examples
///
/// ```
/// assert_eq!(snl::words::about(977_490), "about 977490");
/// assert_eq!(snl::words::about(12_345_678_901), "about 1.2e10");
/// assert_eq!(snl::words::about(u64::MAX), "more than 1.8e19");
/// ```
pub fn about(n: u64) -> String {
    if n == u64::MAX {
        format!("more than {:.1e}", n as f64)
    } else if n >= 1_000_000_000 {
        format!("about {:.1e}", n as f64)
    } else {
        format!("about {n}")
    }
}

/// How long `work` units of work (about a nanosecond each, as
/// [`crate::limits::Budget::work`] counts them) take, for estimates:
/// `about 1.7 hours`, or `longer than anyone can wait` for work that
/// saturated.
///
/// # Examples
///
/// ```
/// assert_eq!(snl::words::about_time(6_000_000_000_000), "about 1.7 hours");
/// assert_eq!(snl::words::about_time(u64::MAX), "longer than anyone can wait");
/// ```
pub fn about_time(work: u64) -> String {
    let time = duration(work);
    if work == u64::MAX {
        time
    } else {
        format!("about {time}")
    }
}

/// `x` with `decimals` places, as answers print a mean, a deviation or a
/// count of rounds; from 10^15 up in scientific notation with as many
/// decimals (`1.234568e270`), because a float holds only 17 significant
/// digits and fixed point would print every made-up one after them.
///
/// # Examples
///
/// ```
/// assert_eq!(snl::words::figure(39.225122308, 6), "39.225122");
/// assert_eq!(snl::words::figure(-2.5, 2), "-2.50");
/// assert_eq!(snl::words::figure(1.234_567_89e270, 6), "1.234568e270");
/// assert_eq!(snl::words::figure(999_999_999_999_999.0, 1), "999999999999999.0");
/// assert_eq!(snl::words::figure(1e15, 1), "1.0e15");
/// ```
pub fn figure(x: f64, decimals: usize) -> String {
    if x.is_finite() && x.abs() >= 1e15 {
        format!("{x:.decimals$e}")
    } else {
        format!("{x:.decimals$}")
    }
}

/// [`figure`] with a sign always: `+0.25`, `-3.10`, `+1.2e16`.
pub fn signed_figure(x: f64, decimals: usize) -> String {
    let text = figure(x, decimals);
    if text.starts_with('-') {
        text
    } else {
        format!("+{text}")
    }
}

/// `text` with its control characters escaped (`\u{1b}`, `\n`, `\t`), for
/// text from elsewhere (a board's name, a program's output) shown on a
/// terminal or in a picture: it cannot move the cursor, clear the screen
/// or break a line.
///
/// # Examples
///
/// ```
/// assert_eq!(snl::words::escape_controls("a\u{1b}[2Jb\n"), "a\\u{1b}[2Jb\\n");
/// assert_eq!(snl::words::escape_controls("plain €"), "plain €");
/// ```
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The rules on one line, as answers head them:
/// `die d6, finish exact, no chaining, start on square 1`, then the bonus
/// rule when it is on.
pub fn rules_line(rules: &Rules) -> String {
    let die = if let Some(v) = rules.die.constant().filter(|&v| v > 1) {
        format!("die always showing {v}")
    } else if rules.die.is_uniform() || rules.die.sum_of_fair().is_some() {
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
    let optional = match rules.optional {
        Optional::None => "",
        Optional::Ladders => ", ladders optional",
        Optional::Snakes => ", snakes optional",
        _ => ", every jump optional",
    };
    format!(
        "{die}, finish {}, {chain}, {start}{bonus}{optional}",
        rules.finish
    )
}

/// The rules as sentences, one per rule, for a page that explains them.
pub fn rules_sentences(rules: &Rules) -> Vec<String> {
    let die = &rules.die;
    let mut lines = vec![if die.is_uniform() {
        format!(
            "Each roll is a fair die numbered 1 to {} ({die}).",
            die.max()
        )
    } else if let Some(v) = die.constant() {
        format!("Every roll shows {v}.")
    } else if let Some((count, faces)) = die.sum_of_fair() {
        format!("Each roll is the sum of {count} fair dice numbered 1 to {faces} ({die}).")
    } else {
        let faces: Vec<String> = die
            .chances()
            .map(|(v, p)| format!("{v} ({:.1}%)", p * 100.0))
            .collect();
        format!("Each roll shows {}.", faces.join(", "))
    }];
    lines.push(match rules.finish {
        Finish::Exact => {
            "The last square must be reached exactly: a roll that would overshoot it is lost."
                .to_string()
        }
        Finish::Bounce => {
            "A roll that would overshoot the last square bounces back from it by the excess."
                .to_string()
        }
        _ => "Reaching or passing the last square wins.".to_string(),
    });
    lines.push(if rules.chain {
        "A jump that ends where another starts is followed by that one too.".to_string()
    } else {
        "A move takes at most one jump, even if it ends where another starts.".to_string()
    });
    lines.push(match rules.start {
        Start::OffBoard => {
            "Pawns start off the board: a first roll of r lands on square r.".to_string()
        }
        _ => "Pawns start on square 1 (a jump from square 1 is not taken before the first roll)."
            .to_string(),
    });
    match rules.optional {
        Optional::None => {}
        Optional::Ladders => lines.push(
            "A pawn that lands at the foot of a ladder may climb it or stay; snakes are always taken."
                .to_string(),
        ),
        Optional::Snakes => lines.push(
            "A pawn that lands on a snake's head may slide down it or stay; ladders are always taken."
                .to_string(),
        ),
        _ => lines.push(
            "A pawn that lands at the start of a jump may take it or stay.".to_string(),
        ),
    }
    if let Some(bonus) = rules.bonus {
        lines.push(match bonus.limit {
            None => format!("Rolling a {} earns another roll in the same turn.", die.max()),
            Some(n) => format!(
                "Rolling a {} earns another roll in the same turn; the {} such roll in a row sends the pawn back to the start.",
                die.max(),
                ordinal(n.get())
            ),
        });
    }
    lines
}

/// Items in words: `3`, `3 and 5`, `3, 5 and 9`.
///
/// ```
/// assert_eq!(snl::words::list(&[3, 5, 9]), "3, 5 and 9");
/// assert_eq!(snl::words::list(&[4]), "4");
/// ```
pub fn list<T: std::fmt::Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [only] => only.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(T::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// Runs of consecutive squares `(first, last)` in words, `count` squares
/// in all: "squares 3 to 9 and 14", "square 5", "squares 1, 2 and 7"; at
/// most 12 runs, then "and N more". `square` names each square.
///
/// ```
/// let plain = |s: u64| s.to_string();
/// assert_eq!(snl::words::square_runs(&[(3, 9), (14, 14)], 8, plain), "squares 3 to 9 and 14");
/// assert_eq!(snl::words::square_runs(&[(5, 5)], 1, plain), "square 5");
/// assert_eq!(snl::words::square_runs(&[(1, 2), (7, 7)], 3, plain), "squares 1, 2 and 7");
/// assert_eq!(snl::words::square_runs(&[(1, 1)], 40, plain), "squares 1 and 39 more");
/// ```
pub fn square_runs(runs: &[(u64, u64)], count: u64, square: impl Fn(u64) -> String) -> String {
    const SHOWN: usize = 12;
    let mut parts: Vec<String> = runs
        .iter()
        .take(SHOWN)
        .map(|&(a, b)| match b - a {
            0 => square(a),
            1 => format!("{}, {}", square(a), square(b)),
            _ => format!("{} to {}", square(a), square(b)),
        })
        .collect();
    let listed: u64 = runs.iter().take(SHOWN).map(|&(a, b)| b - a + 1).sum();
    let more = count.saturating_sub(listed);
    if more > 0 {
        parts.push(format!("{more} more"));
    }
    let noun = if count == 1 { "square" } else { "squares" };
    format!("{noun} {}", list(&parts))
}

/// The squares of a circle of jumps in the order a pawn visits them, back
/// to the first: `3->9->3`.
pub(crate) fn circle<T: std::fmt::Display>(squares: &[T]) -> String {
    let mut s: Vec<String> = squares.iter().map(T::to_string).collect();
    if let Some(first) = squares.first() {
        s.push(first.to_string());
    }
    s.join("->")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Bonus;

    #[test]
    fn ordinals_and_plurals() {
        let ordinals: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 102, 111, 1001]
            .map(ordinal)
            .into();
        assert_eq!(
            ordinals,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th",
                "1001st"
            ]
        );
        assert_eq!(plural(0, "jump", "jumps"), "0 jumps");
        assert_eq!(plural(1, "jump", "jumps"), "1 jump");
        assert_eq!(plural(2, "game was", "games were"), "2 games were");
    }

    #[test]
    fn rules_in_one_line() {
        assert_eq!(
            rules_line(&Rules::default()),
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
            rules_line(&odd),
            "die with weights 1,1,2, finish bounce, chaining, start off the board (0)"
        );
        // Not `5d1`: what it is.
        let five = Rules {
            die: "0,0,0,0,1,0".parse().unwrap(),
            ..Rules::default()
        };
        assert_eq!(five.die.to_string(), "0,0,0,0,1");
        assert_eq!(
            five.die.to_string().parse::<crate::Die>().unwrap(),
            five.die
        );
        assert_eq!(
            rules_line(&five),
            "die always showing 5, finish exact, no chaining, start on square 1"
        );
        assert_eq!(rules_sentences(&five)[0], "Every roll shows 5.");
        assert_eq!("5d1".parse::<crate::Die>().unwrap(), five.die);
        let two = Rules {
            die: "2d6".parse().unwrap(),
            bonus: Some(Bonus::with_limit(3).unwrap()),
            ..Rules::default()
        };
        assert_eq!(
            rules_line(&two),
            "die 2d6, finish exact, no chaining, start on square 1, a top value rolls again (the 3rd in a row goes back to the start)"
        );
    }

    #[test]
    fn rules_as_sentences() {
        let rules = Rules {
            die: "1,1,1,1,1,3".parse().unwrap(),
            finish: Finish::Pass,
            bonus: Some(Bonus::with_limit(2).unwrap()),
            ..Rules::default()
        };
        let lines = rules_sentences(&rules);
        assert_eq!(lines.len(), 5);
        assert_eq!(
            lines[0],
            "Each roll shows 1 (12.5%), 2 (12.5%), 3 (12.5%), 4 (12.5%), 5 (12.5%), 6 (37.5%)."
        );
        assert_eq!(lines[1], "Reaching or passing the last square wins.");
        assert!(
            lines[4].contains("the 2nd such roll in a row"),
            "{}",
            lines[4]
        );
        assert_eq!(rules_sentences(&Rules::default()).len(), 4);
    }
}
