//! `judge`: how a program that computes the fewest rolls did on random
//! boards, the smallest board it failed on, and the rule slips its answers
//! agree with.
//!
//! The judge itself (running the program, shrinking a failing board) is
//! the `snl-judge` crate's; the shapes of its answer are here with the
//! others, and the constructors that need only the library's values.

use serde::{Deserialize, Serialize};

use super::Step;
use crate::rules::{Rules, RulesJson};
use crate::variant::{Slip, Variant};

/// `judge`: the verdict, the counts, and what was learned from a failure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeAnswer {
    /// The verdict in one word, from the worst kind of failure found.
    pub verdict: JudgeVerdict,
    /// The program, as its command line.
    pub program: String,
    /// The board form it was given (`grid`, `moves`, `pairs`, `pairs-text`).
    pub format: String,
    /// What it was asked to print: `min` (the fewest rolls), `rolls` or
    /// `path` (the fewest rolls and one optimal route), `count` (the
    /// number of optimal sequences).
    pub answer: String,
    /// The seed of the random boards.
    pub seed: u64,
    /// The rules the boards were judged under.
    pub rules: RulesJson,
    /// How many boards each way.
    pub counts: JudgeCounts,
    /// The smallest failing board found; `null` when none failed.
    pub counterexample: Option<Counterexample>,
    /// The rule slips the program's answers agree with; `null` when every
    /// answer was right, or none could be judged.
    pub diagnosis: Option<Diagnosis>,
    /// Hints, from the gentlest: the kind of slip, where it bites on the
    /// smallest failing board, and what a right program prints there.
    /// Empty on a pass.
    pub hints: Vec<String>,
}

/// The verdict of a judge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum JudgeVerdict {
    /// Every answer agrees with snl.
    Pass,
    /// Some answer is wrong.
    Wrong,
    /// The program crashed on some board.
    Crash,
    /// The program printed something that is not an answer.
    Unreadable,
    /// The program ran out of time.
    Timeout,
}

/// How many boards each way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct JudgeCounts {
    /// The boards asked for.
    pub cases: u32,
    /// Answers that agree with snl.
    pub agree: u32,
    /// Wrong answers.
    pub wrong: u32,
    /// Runs that crashed.
    pub crashed: u32,
    /// Runs stopped at the time limit.
    pub timed_out: u32,
    /// Runs whose output is not an answer.
    pub unreadable: u32,
    /// Boards not run, after too many timeouts.
    pub not_run: u32,
}

/// The smallest failing board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counterexample {
    /// The case it was shrunk from.
    pub from_case: u64,
    /// Its squares.
    pub squares: u32,
    /// Its ladders, `[from, to]`.
    pub ladders: Vec<[u32; 2]>,
    /// Its snakes, `[from, to]`.
    pub snakes: Vec<[u32; 2]>,
    /// The board as the program read it.
    pub input: String,
    /// The fewest rolls as the program should print them: -1 when the last
    /// square cannot be reached.
    pub expected: i64,
    /// The number of optimal roll sequences, in decimal (it may pass any
    /// integer type), when the program was asked for it.
    pub expected_count: Option<String>,
    /// How the program's run on it ended.
    pub outcome: RunOutcome,
    /// The fewest rolls the program printed, -1 included; `null` when it
    /// printed no answer, or was asked for the count.
    pub received: Option<i64>,
    /// The route it printed (rolls or squares, by `answer`); `null` when
    /// it printed none.
    pub route: Option<Vec<u32>>,
    /// The count it printed, in decimal, when asked for the count.
    pub received_count: Option<String>,
    /// What is wrong with its answer, in words, when it printed a wrong
    /// one: the first slip of its route, a route longer than its first
    /// line says, a route longer than the fewest, or another number.
    pub fault: Option<String>,
    /// The exit status of a crash, or what is wrong with unreadable output.
    pub detail: Option<String>,
    /// What the program wrote on standard error.
    pub stderr: String,
    /// One optimal sequence of moves on the board.
    pub path: Vec<Step>,
    /// The runs spent shrinking it.
    pub shrink_runs: u32,
}

/// How one run of a program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum RunOutcome {
    /// It printed an answer.
    Answer,
    /// It exited with a failure status or was killed by a signal.
    Crashed,
    /// It ran past the time limit.
    TimedOut,
    /// It printed more than the output limit.
    TooMuchOutput,
    /// It printed something that is not one answer.
    Unreadable,
}

/// The rule slips the program's answers agree with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnosis {
    /// The boards the diagnosis judged by.
    pub boards: usize,
    /// Each set of slips under which every answer is right.
    pub fits: Vec<Vec<SlipAnswer>>,
    /// When none fits: the slips that explain the most answers.
    pub closest: Option<Closest>,
    /// Whether the slips that fit show only on boards the problem of the
    /// form forbids (drawn with `--beyond`): a solution for that problem
    /// alone may rely on them.
    pub beyond_only: bool,
}

/// The slips that explain the most answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Closest {
    /// The slips.
    pub slips: Vec<SlipAnswer>,
    /// The answers they explain.
    pub agree: usize,
}

/// One rule slip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlipAnswer {
    /// Which rule.
    pub slip: SlipKind,
    /// The finish rule, start or grid reading, for the slips that have one.
    pub value: Option<String>,
    /// The slip in words.
    pub words: String,
    /// The command-line flag that plays by it, when there is one.
    pub flag: Option<String>,
    /// The rule as stated.
    pub stated: String,
}

/// Which rule a slip changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum SlipKind {
    /// Chaining turned the other way.
    Chain,
    /// A jump from square 1 taken at the start.
    ClimbStart,
    /// Another finish rule.
    Finish,
    /// The other start.
    Start,
    /// The grid read another way.
    Reading,
}

impl SlipAnswer {
    /// The slips of `variant`, against the `stated` rules.
    pub fn of(variant: &Variant, stated: &Rules) -> Vec<SlipAnswer> {
        variant
            .slips()
            .into_iter()
            .map(|s| {
                let (slip, value) = match s {
                    Slip::Chain => (SlipKind::Chain, None),
                    Slip::ClimbStart => (SlipKind::ClimbStart, None),
                    Slip::Finish(f) => (SlipKind::Finish, Some(f.to_string())),
                    Slip::Start(st) => (SlipKind::Start, Some(st.position().to_string())),
                    Slip::Reading(r) => (SlipKind::Reading, Some(r.name().to_string())),
                };
                SlipAnswer {
                    slip,
                    value,
                    words: s.to_string(),
                    flag: s.flag(stated),
                    stated: s.stated_rule(stated),
                }
            })
            .collect()
    }
}

/// An answer as a program prints it: -1 for "cannot be reached".
pub fn printed(answer: Option<u32>) -> i64 {
    answer.map_or(-1, i64::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_of_the_json_are_those_of_the_page() {
        let names = |v: &serde_json::Value| v.as_str().map(str::to_string);
        assert_eq!(
            names(&serde_json::to_value(JudgeVerdict::Timeout).unwrap()).as_deref(),
            Some("timeout")
        );
        assert_eq!(
            names(&serde_json::to_value(RunOutcome::TooMuchOutput).unwrap()).as_deref(),
            Some("too_much_output")
        );
        assert_eq!(
            names(&serde_json::to_value(SlipKind::ClimbStart).unwrap()).as_deref(),
            Some("climb-start")
        );
        assert_eq!(printed(None), -1);
    }
}
