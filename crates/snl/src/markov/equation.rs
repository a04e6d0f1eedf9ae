//! The first-step equation of one square, for learners: the expected rolls
//! from a square are one roll, then the expected rolls from wherever that
//! roll leads, `E(i) = 1 + Σ_r p_r · E(next(i, r))`, written out for the
//! square with every value substituted: the worksheet a course on absorbing
//! Markov chains asks its students to fill in.

use num_rational::Ratio;

use super::active::{Active, Forward};
use super::chain::{EXIT, Moves};
use super::cost::{self, Measure};
use super::error::MarkovError;
use super::solve::{Keep, Solver};
use crate::game::{Game, Pawn};
use crate::limits::Control;
use crate::words::figure;

/// One term of an equation: the rolls that lead to one state, their chance
/// and the expected rolls from there.
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    /// The values of the die that lead there, smallest first.
    pub rolls: Vec<u32>,
    /// Their chance, as a fraction in lowest terms: `(numerator,
    /// denominator)`.
    pub chance: (u64, u64),
    /// Where they lead (the pawn after the roll and any jump); `None` for
    /// the last square, from which no roll is left (`E = 0`).
    pub to: Option<Pawn>,
    /// The expected rolls from there.
    pub value: f64,
}

/// The first-step equation of one square.
#[derive(Debug, Clone, PartialEq)]
pub struct Equation {
    /// The square, as the pawn rests there at the start of a turn.
    pub square: u32,
    /// The expected rolls from it.
    pub mean: f64,
    /// One term a state a roll leads to, in the order of the smallest roll
    /// that leads there.
    pub terms: Vec<Term>,
    /// Whether the game has a bonus streak, which the states name.
    pub streaks: bool,
}

impl Equation {
    /// The right-hand side with the values substituted: `1 + Σ p · E`.
    pub fn substituted(&self) -> f64 {
        1.0 + self
            .terms
            .iter()
            .map(|t| t.chance.0 as f64 / t.chance.1 as f64 * t.value)
            .sum::<f64>()
    }

    /// The equation in three lines: with the unknowns, with their values,
    /// and the sum.
    pub fn sentences(&self) -> Vec<String> {
        let name = |to: Option<Pawn>| match to {
            None => "E(last)".to_string(),
            Some(p) if self.streaks && p.streak > 0 => format!("E({}, streak {})", p.at, p.streak),
            Some(p) => format!("E({})", p.at),
        };
        let fraction = |(n, d): (u64, u64)| {
            if d == 1 {
                n.to_string()
            } else {
                format!("{n}/{d}")
            }
        };
        let unknowns: Vec<String> = self
            .terms
            .iter()
            .map(|t| format!("{}·{}", fraction(t.chance), name(t.to)))
            .collect();
        let values: Vec<String> = self
            .terms
            .iter()
            .map(|t| format!("{}·{}", fraction(t.chance), figure(t.value, 4)))
            .collect();
        let rolls: Vec<String> = self
            .terms
            .iter()
            .map(|t| {
                let list: Vec<String> = t.rolls.iter().map(u32::to_string).collect();
                let to = match t.to {
                    None => "the last square".to_string(),
                    Some(p) => p.at.to_string(),
                };
                format!("{} to {to}", list.join(" or "))
            })
            .collect();
        vec![
            format!(
                "From square {}, one roll, then the expected rolls from where it leads ({}):",
                self.square,
                rolls.join("; ")
            ),
            format!("E({}) = 1 + {}", self.square, unknowns.join(" + ")),
            format!("      = 1 + {}", values.join(" + ")),
            format!("      = {}", figure(self.substituted(), 4)),
        ]
    }
}

/// The first-step equation of `square` in `game` (where the pawn rests on
/// it at the start of a turn), with the expected rolls of every state it
/// names: `None` when the pawn never rests there in a game from the start
/// (a jump starts there, or no game reaches it), or when some state it
/// leads to cannot finish for certain (the values are infinite).
///
/// ```
/// use snl::limits::Control;
/// use snl::{Board, Game, Jump, Rules};
///
/// // Two squares and a d6: from square 1 only a 1 finishes.
/// let game = Game::new(Board::new(2, [])?, Rules::default())?;
/// let e = snl::markov::equation::equation(&game, 1, &Control::default())?.unwrap();
/// assert!((e.mean - 6.0).abs() < 1e-12);
/// assert_eq!(e.sentences()[1], "E(1) = 1 + 1/6·E(last) + 5/6·E(1)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`MarkovError`] when refused over the budget, stopped, or the solve
/// fails.
pub fn equation(game: &Game, square: u32, ctl: &Control) -> Result<Option<Equation>, MarkovError> {
    if square >= game.goal() || game.starts_finished() {
        return Ok(None);
    }
    let a = Active::new(
        game,
        "the expected rolls from every square",
        cost::estimate(game, Measure::Visits),
        ctl,
    )?;
    if !a.start_live || a.stuck {
        return Ok(None);
    }
    let chain = &a.chain;
    let k = chain.state(Pawn {
        at: square,
        streak: 0,
    });
    if !a.solved[k] {
        return Ok(None);
    }
    let rows = Forward { a: &a };
    let means = Solver::new(&rows, 1, Keep::All, ctl)?.solve(chain.prob(), |_| 1.0, ctl)?;
    let mut terms: Vec<Term> = Vec::new();
    let mut weights: Vec<u64> = Vec::new();
    let mut targets: Vec<u32> = Vec::new();
    chain.each_target(k, |face, t| {
        let value = chain.values[face];
        let weight = chain.weights[face];
        if weight == 0 {
            return;
        }
        if let Some(i) = targets.iter().position(|&u| u == t) {
            terms[i].rolls.push(value);
            weights[i] += weight;
            return;
        }
        targets.push(t);
        weights.push(weight);
        terms.push(Term {
            rolls: vec![value],
            chance: (0, 1),
            to: (t != EXIT).then(|| chain.index.pawn(t as usize)),
            value: if t == EXIT { 0.0 } else { means[t as usize] },
        });
    });
    for (term, w) in terms.iter_mut().zip(weights) {
        let chance = Ratio::new(w, chain.total);
        term.chance = (*chance.numer(), *chance.denom());
    }
    Ok(Some(Equation {
        square,
        mean: means[k],
        terms,
        streaks: game.streaks() > 1,
    }))
}
