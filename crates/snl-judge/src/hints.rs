//! Hints before answers: what the judge found, told in three steps, so that
//! a learner can stop at the first one that helps.
//!
//! 1. The kind of slip: the rule the program seems to play by, or the kind
//!    of failure ("your program seems to follow a jump that ends on another
//!    jump's start").
//! 2. Where it bites: the smallest board it fails on, and the square (or
//!    the step of its route) where its game parts from the rules.
//! 3. The answer: snl's answer and an optimal game on that board, and the
//!    rule as stated.

use snl::variant::{Slip, Variant};
use snl::{Board, Game, Rules, Start};

use crate::answer::verdict;
use crate::reply::{AnswerForm, Fault, expected_output};
use crate::run::Outcome;
use crate::{Config, Counterexample, Report};
use snl::answer::judge::JudgeVerdict;

/// The three hints for `report`, in order; empty when every case passed.
pub fn hints(config: &Config, report: &Report) -> Vec<String> {
    let Some(cx) = &report.counterexample else {
        return Vec::new();
    };
    let stated = &config.spec.rules;
    let fits: &[Variant] = report.diagnosis.as_ref().map_or(&[], |d| &d.fits);
    vec![
        kind(config, report, cx, fits),
        where_it_bites(config, cx, fits),
        answer(config, cx, fits, stated),
    ]
}

/// Hint 1: the kind of slip.
fn kind(config: &Config, report: &Report, cx: &Counterexample, fits: &[Variant]) -> String {
    let stated = &config.spec.rules;
    match verdict(report) {
        JudgeVerdict::Crash => {
            return "your program crashed on some board: read what it wrote on standard error, and think of the smallest boards (2 squares, no jumps)".into();
        }
        JudgeVerdict::Timeout => {
            return "your program ran out of time: look for a loop that never ends, or a search that visits a square more than once".into();
        }
        JudgeVerdict::Unreadable => {
            let why = match &cx.run.outcome {
                Outcome::Unreadable { why, .. } => why.clone(),
                _ => "it printed too much".into(),
            };
            return format!("your program's output is not an answer: {why}");
        }
        _ => {}
    }
    // A fault of the route or the count says more than the rule slips,
    // which read the fewest rolls alone.
    let of_the_route = match &cx.fault {
        Some(Fault::Route(_)) => Some(
            "your program's game breaks a rule of moving: check each roll it prints against the die, the finish rule and the jumps",
        ),
        Some(Fault::Mismatch { .. }) => Some(
            "your program's first line and its game disagree: count the rolls of the game it prints",
        ),
        Some(Fault::Longer { .. }) => Some(
            "your program's game is a real game, but not a shortest one: a breadth-first search finds a shortest one",
        ),
        Some(Fault::Count { .. }) => Some(
            "your program counts the optimal sequences wrong: two rolls that lead to the same square are two sequences",
        ),
        _ => None,
    };
    if let Some(hint) = of_the_route {
        return hint.into();
    }
    match fits {
        [] => "no rule slip snl knows explains your answers: look for a bug in the search rather than a misread rule".into(),
        [only] => {
            let slips: Vec<String> = only.slips().iter().map(|s| s.seems(stated)).collect();
            format!("your program seems to {}", slips.join(", and to "))
        }
        many => {
            let each: Vec<String> = many
                .iter()
                .map(|v| {
                    let slips: Vec<String> = v.slips().iter().map(|s| s.seems(stated)).collect();
                    slips.join(", and to ")
                })
                .collect();
            format!(
                "your program seems to {} (the boards tried do not tell these apart; more --cases may)",
                each.join(", or to ")
            )
        }
    }
}

/// Hint 2: the smallest failing board, and where the program's game parts
/// from the rules on it.
fn where_it_bites(config: &Config, cx: &Counterexample, fits: &[Variant]) -> String {
    let board = cx.game.board();
    let mut hint = format!(
        "the smallest board it fails on has {} ({})",
        snl::words::plural(u64::from(board.squares()), "square", "squares"),
        jumps_words(board)
    );
    let bite = match (&cx.fault, fits) {
        (Some(Fault::Route(e)), _) => Some(format!("its game goes wrong here: {e}")),
        (Some(Fault::Mismatch { .. } | Fault::Longer { .. } | Fault::Count { .. }), _) => None,
        (_, [only]) => bite(config, cx, only),
        _ => None,
    };
    if let Some(b) = bite {
        hint.push_str("; ");
        hint.push_str(&b);
    }
    hint
}

/// The first move of snl's optimal game that `variant` plays otherwise.
fn bite(config: &Config, cx: &Counterexample, variant: &Variant) -> Option<String> {
    let slips = variant.slips();
    if slips.contains(&Slip::ClimbStart) {
        let to = cx.game.board().jump(1)?;
        return Some(format!(
            "it bites on square 1, where a jump to {to} starts: the pawn starts there, and does not take it before its first roll"
        ));
    }
    if slips.iter().any(|s| matches!(s, Slip::Start(_))) {
        return Some(format!(
            "it bites at the start: the pawn starts {}",
            match config.spec.rules.start {
                Start::OffBoard => "off the board, so that a first roll of r lands on square r",
                _ => "on square 1",
            }
        ));
    }
    // The first move, along snl's optimal game or along the one the
    // program's rules make optimal, that the two rules play differently.
    let theirs = Game::new(cx.game.board().clone(), variant.rules().clone()).ok()?;
    let their_path = snl::shortest::solve(&theirs).ok()?.path;
    for path in [&cx.path, &their_path] {
        let mut from = cx.game.start();
        for m in path {
            let (ours, other) = (cx.game.next(from, m.roll), theirs.next(from, m.roll));
            if ours != other {
                let land = cx.game.land(from, m.roll).unwrap_or(from);
                return Some(format!(
                    "it bites on square {land}: a roll of {} from square {from} lands there and the rules take the pawn to {ours}, where your program seems to take it to {other}",
                    m.roll
                ));
            }
            from = ours;
        }
    }
    None
}

/// Hint 3: what a right program prints on the smallest board, and the
/// rule as stated.
fn answer(config: &Config, cx: &Counterexample, fits: &[Variant], stated: &Rules) -> String {
    let printed = expected_output(config.answer, &cx.expected, &cx.path);
    let lines: Vec<String> = printed.lines().map(|l| format!("`{l}`")).collect();
    let mut hint = format!("on it a right program prints {}", lines.join(" then "));
    if matches!(config.answer, AnswerForm::Rolls | AnswerForm::Path) && cx.expected.min.is_some() {
        hint.push_str(" (or any other optimal game)");
    }
    if !cx.path.is_empty() {
        hint.push_str("; snl's game: ");
        hint.push_str(&path_words(&cx.path));
    }
    if let [only] = fits {
        for slip in only.slips() {
            hint.push_str("; under the stated rules ");
            hint.push_str(&slip.stated_rule(stated));
        }
    }
    hint
}

/// A game in words: `roll 1 to 2; roll 6 to 8, ladder to 9`.
pub fn path_words(path: &[snl::Move]) -> String {
    let steps: Vec<String> = path
        .iter()
        .map(|m| {
            if m.jumped() {
                let kind = if m.to > m.land { "ladder" } else { "snake" };
                format!("roll {} to {}, {kind} to {}", m.roll, m.land, m.to)
            } else {
                format!("roll {} to {}", m.roll, m.land)
            }
        })
        .collect();
    steps.join("; ")
}

/// `ladders 2->3, 5->9; snake 7->1`, or `no jumps`.
pub fn jumps_words(board: &Board) -> String {
    let list = |jumps: Vec<snl::Jump>, one: &str, many: &str| {
        (!jumps.is_empty()).then(|| {
            let words: Vec<String> = jumps.iter().map(ToString::to_string).collect();
            format!(
                "{} {}",
                if jumps.len() == 1 { one } else { many },
                words.join(", ")
            )
        })
    };
    let parts: Vec<String> = [
        list(board.ladders().collect(), "ladder", "ladders"),
        list(board.snakes().collect(), "snake", "snakes"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        "no jumps".into()
    } else {
        parts.join("; ")
    }
}
