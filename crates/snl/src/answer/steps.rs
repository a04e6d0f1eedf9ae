//! `solve --steps`'s answer, the fewest-rolls search frontier by frontier,
//! and `expect --steps`'s, the game with a real die roll by roll.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::header::Header;
use crate::choice::rounds::Change;
use crate::markov::equation::Equation;
use crate::markov::rolls::RollStep;
use crate::plan::{PolicySteps, SolveSteps, Subject, Told};

/// `solve --steps`: the search step by step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveStepsAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The fewest rolls; `null` when the last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// Every step, from the start's (`rolls` 0) to the one that first
    /// reaches the last square (or the last that reaches a new square).
    pub steps: Vec<SearchStep>,
}

/// One step of the search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStep {
    /// The rolls made.
    pub rolls: u32,
    /// The squares first reached with that many rolls (where the pawn
    /// rests, after any jump), in order.
    pub squares: Vec<u32>,
    /// How each of `squares` was first reached, in the same order (empty
    /// at the start's step).
    pub arrivals: Vec<ArrivalAnswer>,
    /// The moves from the step before that led to a state already seen.
    pub seen_again: u64,
    /// The step in sentences.
    pub text: Vec<String>,
}

/// How a square was first reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrivalAnswer {
    /// The square first reached.
    pub square: u32,
    /// The square the move started from.
    pub from: u32,
    /// The roll.
    pub roll: u32,
    /// The square the roll landed on, before any jump.
    pub land: u32,
}

impl SolveStepsAnswer {
    /// The answer of `told`, the steps of `subject`'s search.
    pub fn new(subject: &Subject, told: &SolveSteps) -> SolveStepsAnswer {
        let steps = told
            .steps
            .frontiers
            .iter()
            .zip(&told.text)
            .map(|(f, text)| SearchStep {
                rolls: f.rolls,
                squares: f.squares.clone(),
                arrivals: f
                    .arrivals
                    .iter()
                    .map(|a| ArrivalAnswer {
                        square: a.square,
                        from: a.from,
                        roll: a.roll,
                        land: a.land,
                    })
                    .collect(),
                seen_again: f.seen_again,
                text: text.clone(),
            })
            .collect();
        SolveStepsAnswer {
            header: Header::of_subject(subject),
            min_rolls: told.steps.min_rolls,
            steps,
        }
    }
}

/// `expect --steps`: the game with a real die roll by roll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExpectStepsAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// Every step, from the start's (`rolls` 0) to the last asked for, or
    /// to the roll by which every game has ended.
    pub steps: Vec<RollStepAnswer>,
}

/// One roll of the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RollStepAnswer {
    /// The rolls made.
    pub rolls: u32,
    /// The chance of having finished within that many rolls.
    pub finished: f64,
    /// Square → the chance that the pawn rests there after that many
    /// rolls, after any jump (the squares with a chance over 0; the last
    /// square's is `finished`).
    pub on: BTreeMap<u32, f64>,
    /// Square → the chance that this roll landed there, before any jump
    /// (the squares with a chance over 0).
    pub landed: BTreeMap<u32, f64>,
    /// The chance that this roll took a ladder.
    pub climbed: f64,
    /// The chance that this roll took a snake.
    pub slid: f64,
    /// The chance that this roll was lost (an exact finish overshot).
    pub lost: f64,
    /// The chance that this roll sent the pawn back to the start (the
    /// bonus limit).
    pub reset: f64,
    /// The step in sentences.
    pub text: Vec<String>,
}

/// The squares with a chance over 0.
fn chances(by_square: &[f64]) -> BTreeMap<u32, f64> {
    by_square
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p > 0.0)
        .map(|(square, &p)| (square as u32, p))
        .collect()
}

impl RollStepAnswer {
    /// The answer of one step.
    pub fn new(step: &RollStep) -> RollStepAnswer {
        RollStepAnswer {
            rolls: step.rolls,
            finished: step.finished,
            on: chances(&step.on),
            landed: chances(&step.landed),
            climbed: step.climbed,
            slid: step.slid,
            lost: step.lost,
            reset: step.reset,
            text: step.sentences(),
        }
    }
}

impl ExpectStepsAnswer {
    /// The answer of `steps`, made for `subject`.
    pub fn new(subject: &Subject, steps: &[RollStep]) -> ExpectStepsAnswer {
        ExpectStepsAnswer {
            header: Header::of_subject(subject),
            steps: steps.iter().map(RollStepAnswer::new).collect(),
        }
    }
}

/// `expect --steps` under a choice: the best play's policy iteration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PolicyStepsAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The dice picked from, as the rules write them.
    pub dice: Vec<String>,
    /// Every round, from the first policy's.
    pub steps: Vec<PolicyStepAnswer>,
}

/// One round of policy iteration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PolicyStepAnswer {
    /// The round, from 1.
    pub round: u32,
    /// The policy's expected rolls from the start; `null` when no play
    /// finishes for certain from there.
    pub value: Option<f64>,
    /// The policy.
    pub policy: RoundPolicyAnswer,
    /// The choices changed from the round before.
    pub changed: Vec<SwitchAnswer>,
    /// Whether the round only takes jumps whose taking ties with staying.
    pub ties: bool,
    /// The round in sentences.
    pub text: Vec<String>,
}

/// A round's policy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPolicyAnswer {
    /// Where it declines the jump that starts there: `[square, streak]`.
    pub declined: Vec<[u32; 2]>,
    /// With dice to pick from, the die picked at the start of a turn on
    /// each position (an index into `dice`); `null` with one die.
    pub die_by_square: Option<Vec<usize>>,
}

/// A choice changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwitchAnswer {
    /// The square.
    pub square: u32,
    /// The top values rolled in a row in the turn (0 without the bonus
    /// rule).
    pub streak: u32,
    /// `"die"`, `"declines"` or `"takes"`.
    pub change: String,
    /// For a die changed, the die picked before and now (indices into
    /// `dice`); `null` otherwise.
    pub from_die: Option<usize>,
    /// See `from_die`.
    pub to_die: Option<usize>,
}

impl PolicyStepsAnswer {
    /// The answer of `told`, the rounds of `subject`'s best play.
    pub fn new(subject: &Subject, told: &PolicySteps) -> PolicyStepsAnswer {
        let steps = told
            .rounds
            .iter()
            .zip(&told.text)
            .enumerate()
            .map(|(i, (round, text))| PolicyStepAnswer {
                round: i as u32 + 1,
                value: round.value,
                policy: RoundPolicyAnswer {
                    declined: round
                        .play
                        .declined
                        .iter()
                        .map(|p| [p.at, p.streak])
                        .collect(),
                    die_by_square: (!round.play.die_by_square.is_empty())
                        .then(|| round.play.die_by_square.clone()),
                },
                changed: round
                    .switches
                    .iter()
                    .map(|s| {
                        let (change, from_die, to_die) = match s.change {
                            Change::Die { from, to } => ("die", Some(from), Some(to)),
                            Change::Declines => ("declines", None, None),
                            _ => ("takes", None, None),
                        };
                        SwitchAnswer {
                            square: s.pawn.at,
                            streak: s.pawn.streak,
                            change: change.to_string(),
                            from_die,
                            to_die,
                        }
                    })
                    .collect(),
                ties: round.ties,
                text: text.clone(),
            })
            .collect();
        PolicyStepsAnswer {
            header: Header::of_subject(subject),
            dice: told.dice.iter().map(ToString::to_string).collect(),
            steps,
        }
    }
}

/// An analysis step by step, whichever it is: its JSON names it in `kind`
/// (`search`, `rolls`, `rounds` or `equation`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StepsAnswer {
    /// The fewest-rolls search.
    Search(SolveStepsAnswer),
    /// The game roll by roll.
    Rolls(ExpectStepsAnswer),
    /// The best play round by round.
    Rounds(PolicyStepsAnswer),
    /// The first-step equation of a square.
    Equation(EquationAnswer),
}

impl StepsAnswer {
    /// The answer of `told`, made for `subject`.
    pub fn new(subject: &Subject, told: &Told) -> StepsAnswer {
        match told {
            Told::Search(s) => StepsAnswer::Search(SolveStepsAnswer::new(subject, s)),
            Told::Rolls(s) => StepsAnswer::Rolls(ExpectStepsAnswer::new(subject, s)),
            Told::Rounds(s) => StepsAnswer::Rounds(PolicyStepsAnswer::new(subject, s)),
            Told::Equation(e) => StepsAnswer::Equation(EquationAnswer::new(subject, e)),
        }
    }

    /// Each step's sentences.
    pub fn texts(&self) -> Vec<&Vec<String>> {
        match self {
            StepsAnswer::Search(a) => a.steps.iter().map(|s| &s.text).collect(),
            StepsAnswer::Rolls(a) => a.steps.iter().map(|s| &s.text).collect(),
            StepsAnswer::Rounds(a) => a.steps.iter().map(|s| &s.text).collect(),
            StepsAnswer::Equation(a) => vec![&a.text],
        }
    }
}

/// `expect --equation SQUARE`: the first-step equation of a square.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EquationAnswer {
    /// The board, its size and the rules.
    #[serde(flatten)]
    pub header: Header,
    /// The square.
    pub square: u32,
    /// The expected rolls from it.
    pub mean: f64,
    /// One term a place a roll leads to.
    pub terms: Vec<TermAnswer>,
    /// The equation in words: with the unknowns, with their values, and
    /// the sum.
    pub text: Vec<String>,
}

/// One term of an equation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TermAnswer {
    /// The values of the die that lead there.
    pub rolls: Vec<u32>,
    /// Their chance, as a fraction: `"1/6"`.
    pub chance: String,
    /// The square they lead to, after any jump; `null` for the last
    /// square.
    pub to: Option<u32>,
    /// The top values in a row there (0 without the bonus rule).
    pub streak: u32,
    /// The expected rolls from there (0 from the last square).
    pub value: f64,
}

impl EquationAnswer {
    /// The answer of `e`, made for `subject`.
    pub fn new(subject: &Subject, e: &Equation) -> EquationAnswer {
        EquationAnswer {
            header: Header::of_subject(subject),
            square: e.square,
            mean: e.mean,
            terms: e
                .terms
                .iter()
                .map(|t| TermAnswer {
                    rolls: t.rolls.clone(),
                    chance: format!("{}/{}", t.chance.0, t.chance.1),
                    to: t.to.map(|p| p.at),
                    streak: t.to.map_or(0, |p| p.streak),
                    value: t.value,
                })
                .collect(),
            text: e.sentences(),
        }
    }
}
