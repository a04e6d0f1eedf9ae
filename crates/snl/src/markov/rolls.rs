//! A game with a real die roll by roll, for learners: where the pawn is
//! likely to be after each roll, where the roll landed before any jump,
//! and the chance of having finished by then.
//!
//! Step 0 is the start. Step `t` carries the chance of every state one roll
//! forward, as `ψ_t = ψ_{t−1} P` does with the transition matrix, and sums
//! it by square. The chance of having finished by step `t` is the running
//! sum of the distribution of the length ([`super::distribution()`]) to
//! `t`. The steps are made one at a time ([`RollByRoll::roll`]), so a
//! caller that shows them one after the other holds only the chances of
//! the step it is on.

use crate::game::{Game, Pawn};
use crate::limits::{self, Control, Estimate, LimitError};
use crate::words::{figure, plural};

use super::chain::{Chain, EXIT};
use super::cost;

/// What a roll did, besides moving the pawn to where it landed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// It rests where it landed.
    Plain,
    /// A jump (or a chain of them) took it up.
    Ladder,
    /// A jump (or a chain of them) took it down.
    Snake,
    /// It was lost: an exact finish overshot, and the pawn stays.
    Lost,
    /// The bonus limit sent the pawn back to the start.
    Reset,
}

/// One step: the chances after `rolls` rolls.
#[derive(Debug, Clone, PartialEq)]
pub struct RollStep {
    /// The rolls made.
    pub rolls: u32,
    /// The chance of having finished within `rolls` rolls.
    pub finished: f64,
    /// The chance of each position (0 to the last square) being where the
    /// pawn rests after `rolls` rolls, after any jump; the last square's is
    /// `finished`. They add up to 1.
    pub on: Vec<f64>,
    /// The chance that roll `rolls` landed on each position, before any
    /// jump (all 0 at step 0, and for a roll that was lost or sent the pawn
    /// back to the start).
    pub landed: Vec<f64>,
    /// The chance that roll `rolls` took a ladder (the pawn rests above
    /// where it landed).
    pub climbed: f64,
    /// The chance that roll `rolls` took a snake (the pawn rests below
    /// where it landed).
    pub slid: f64,
    /// The chance that roll `rolls` was lost: an exact finish overshot.
    pub lost: f64,
    /// The chance that roll `rolls` sent the pawn back to the start (the
    /// bonus limit).
    pub reset: f64,
}

/// The most squares a step's sentence names as the most likely.
const LIKELIEST: usize = 3;

impl RollStep {
    /// The positions the pawn is most likely on and still playing (not the
    /// last square), likeliest first, the smaller square on a tie: at most
    /// `count`, each with a chance over 0.
    pub fn likeliest(&self, count: usize) -> Vec<(u32, f64)> {
        let goal = self.on.len().saturating_sub(1);
        let mut all: Vec<(u32, f64)> = self.on[..goal]
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p > 0.0)
            .map(|(square, &p)| (square as u32, p))
            .collect();
        all.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        all.truncate(count);
        all
    }

    /// The step in sentences.
    pub fn sentences(&self) -> Vec<String> {
        let goal = self.on.len() - 1;
        let mut out = Vec::new();
        if self.rolls == 0 {
            let start = self.on.iter().position(|&p| p > 0.0).unwrap_or(0);
            let on = if start == 0 {
                "off the board (square 0)".to_string()
            } else {
                format!("on square {start}")
            };
            out.push(format!("Roll 0: the pawn starts {on}."));
            if start == goal {
                out.push(format!(
                    "That is the last square, {goal}: every game has ended with no roll."
                ));
            }
            return out;
        }
        out.push(format!(
            "Roll {}: the chance of having finished is {}.",
            self.rolls,
            chance(self.finished)
        ));
        let likeliest = self.likeliest(LIKELIEST);
        if !likeliest.is_empty() {
            let named: Vec<String> = likeliest
                .iter()
                .map(|&(square, p)| format!("{square} ({})", chance(p)))
                .collect();
            out.push(format!(
                "Still playing, the pawn is most likely on {}.",
                crate::words::list(&named)
            ));
        }
        let jumps: Vec<String> = [(self.climbed, "a ladder"), (self.slid, "a snake")]
            .into_iter()
            .filter(|&(p, _)| p > 0.0)
            .map(|(p, what)| format!("{what} with chance {}", chance(p)))
            .collect();
        if !jumps.is_empty() {
            out.push(format!("This roll took {}.", crate::words::list(&jumps)));
        }
        if self.lost > 0.0 {
            out.push(format!(
                "It overshot the last square, and the pawn stayed, with chance {}.",
                chance(self.lost)
            ));
        }
        if self.reset > 0.0 {
            out.push(format!(
                "It was the top value too many times in a row, and sent the pawn back to the \
                 start, with chance {}.",
                chance(self.reset)
            ));
        }
        let playing: f64 = self.on[..goal].iter().sum();
        if playing == 0.0 {
            out.push(format!(
                "Every game has ended by now: none lasts more than {}.",
                plural(u64::from(self.rolls), "roll", "rolls")
            ));
        }
        out
    }
}

/// A chance in words: four decimals, or in scientific notation when that
/// would show nothing.
fn chance(p: f64) -> String {
    if p == 0.0 {
        "0".to_string()
    } else if p >= 1.0 {
        "1".to_string()
    } else if p >= 1e-4 {
        figure(p, 4)
    } else {
        format!("{p:.2e}")
    }
}

/// A game carried forward roll by roll: its chain, what each roll lands on,
/// and the chance of every state now.
#[derive(Debug, Clone)]
pub struct RollByRoll {
    chain: Chain,
    /// For each transition of the chain: the position the roll landed on
    /// before any jump, and what it did.
    moves: Vec<(u32, Kind)>,
    positions: usize,
    /// The chance of every state now.
    chance: Vec<f64>,
    /// The same after the next roll, kept to save allocating it again.
    next: Vec<f64>,
    /// The step now.
    step: RollStep,
}

impl RollByRoll {
    /// What carrying `game` forward `rolls` rolls takes: the chain and its
    /// landings, the chances of every state twice, a step's tables, and a
    /// pass over every move per roll.
    pub fn estimate(game: &Game, rolls: u64) -> Estimate {
        let positions = game.positions() as u64;
        let states = positions.saturating_mul(u64::from(game.streaks()));
        let faces = game.rules().die.values().count() as u64;
        let moves = states.saturating_mul(faces);
        Estimate::new(
            moves
                .saturating_mul(12)
                .saturating_add(states.saturating_mul(16))
                .saturating_add(positions.saturating_mul(16)),
            moves.saturating_mul(rolls.saturating_add(1)),
        )
    }

    /// The game at its start (step 0), admitted under `ctl` for `rolls`
    /// rolls ([`RollByRoll::estimate`]).
    ///
    /// ```
    /// use snl::limits::Control;
    /// use snl::markov::rolls::RollByRoll;
    /// use snl::{Board, Game, Jump, Rules};
    ///
    /// let board = Board::new(10, [Jump { from: 4, to: 9 }])?;
    /// let game = Game::new(board, Rules::default())?;
    /// let mut steps = RollByRoll::new(&game, 2, &Control::default())?;
    /// assert_eq!(steps.step().on[1], 1.0);
    /// steps.roll(&Control::default())?;
    /// // From square 1, a roll of 3 lands on 4 and climbs to 9.
    /// assert_eq!(steps.step().on[9], 1.0 / 6.0);
    /// assert_eq!(steps.step().climbed, 1.0 / 6.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`LimitError`] when refused over the budget, or stopped.
    pub fn new(game: &Game, rolls: u64, ctl: &Control) -> Result<RollByRoll, LimitError> {
        RollByRoll::admit(game, rolls, ctl)?;
        let mut meter = ctl.meter();
        let chain = Chain::new(game, &mut meter)?;
        let n = chain.states();
        let positions = game.positions();
        let values = chain.values.clone();
        let mut moves = limits::with_capacity(n * values.len(), "the landings of every roll")?;
        for k in 0..n {
            meter.add(values.len() as u64 * 4)?;
            let pawn = chain.index.pawn(k);
            for &value in &values {
                let played = game.play(pawn, value);
                moves.push(match played.moved {
                    _ if played.reset => (pawn.at, Kind::Reset),
                    None => (pawn.at, Kind::Lost),
                    Some(m) if m.to > m.land => (m.land, Kind::Ladder),
                    Some(m) if m.to < m.land => (m.land, Kind::Snake),
                    Some(m) => (m.land, Kind::Plain),
                });
            }
        }
        let mut chance = limits::vec_of(n, 0.0, "the chance of every state")?;
        let next = limits::vec_of(n, 0.0, "the chance of every state")?;
        let start = Pawn {
            at: game.start(),
            streak: 0,
        };
        let mut on = limits::vec_of(positions, 0.0, "the chance of every square")?;
        on[start.at as usize] = 1.0;
        let finished = if start.at == game.goal() {
            1.0
        } else {
            chance[chain.state(start)] = 1.0;
            0.0
        };
        let step = RollStep {
            rolls: 0,
            finished,
            on,
            landed: limits::vec_of(positions, 0.0, "the chance of every square")?,
            climbed: 0.0,
            slid: 0.0,
            lost: 0.0,
            reset: 0.0,
        };
        Ok(RollByRoll {
            chain,
            moves,
            positions,
            chance,
            next,
            step,
        })
    }

    /// Whether `ctl` admits carrying `game` forward `rolls` rolls: what
    /// [`RollByRoll::new`] asks first, and a walk kept for more rolls asks
    /// again, so that the budget refuses the same requests either way.
    pub(crate) fn admit(game: &Game, rolls: u64, ctl: &Control) -> Result<(), LimitError> {
        cost::chain_fits(game)?;
        ctl.admit("the game roll by roll", RollByRoll::estimate(game, rolls))
    }

    /// The step now.
    pub fn step(&self) -> &RollStep {
        &self.step
    }

    /// Whether every game has ended: no chance is left in play.
    pub fn ended(&self) -> bool {
        self.step.finished >= 1.0 || self.chance.iter().all(|&p| p == 0.0)
    }

    /// Carries the chances forward to step `rolls` (nothing when the game
    /// is there already or past it), stopping early at a step where every
    /// game has ended: the chance of every state and of having finished,
    /// the same, bit for bit, as [`RollByRoll::roll`] made that many times,
    /// and the step's count of rolls. The step's other tables are left as
    /// they were, so a caller lists no step before its next `roll`: this
    /// carries a long game to the first step to list in about half the
    /// time.
    pub(crate) fn skip_to(&mut self, rolls: u32, ctl: &Control) -> Result<(), LimitError> {
        let faces = self.chain.faces();
        while self.step.rolls < rolls && !self.ended() {
            ctl.meter().add((self.chance.len() * faces) as u64)?;
            self.next.fill(0.0);
            let chain = &self.chain;
            let mut exits = 0.0;
            for (k, &p) in self.chance.iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                let row = k * faces;
                for (&t, &prob) in chain.target[row..row + faces].iter().zip(&chain.prob) {
                    let q = p * prob;
                    if t == EXIT {
                        exits += q;
                    } else {
                        self.next[t as usize] += q;
                    }
                }
            }
            std::mem::swap(&mut self.chance, &mut self.next);
            self.step.rolls += 1;
            self.step.finished += exits;
        }
        Ok(())
    }

    /// One more roll: the next step.
    ///
    /// # Errors
    ///
    /// [`LimitError::Cancelled`] or [`LimitError::Deadline`] when `ctl`'s
    /// token is set or its deadline has passed.
    pub fn roll(&mut self, ctl: &Control) -> Result<&RollStep, LimitError> {
        let chain = &self.chain;
        let faces = chain.faces();
        ctl.meter().add((self.chance.len() * faces) as u64)?;
        self.next.fill(0.0);
        let step = &mut self.step;
        step.landed.fill(0.0);
        let (mut climbed, mut slid, mut lost, mut reset, mut exits) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for (k, &p) in self.chance.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let row = k * faces;
            for i in 0..faces {
                let q = p * chain.prob[i];
                let (land, kind) = self.moves[row + i];
                match kind {
                    Kind::Plain => {}
                    Kind::Ladder => climbed += q,
                    Kind::Snake => slid += q,
                    Kind::Lost => lost += q,
                    Kind::Reset => reset += q,
                }
                if !matches!(kind, Kind::Lost | Kind::Reset) {
                    step.landed[land as usize] += q;
                }
                let t = chain.target[row + i];
                if t == EXIT {
                    exits += q;
                } else {
                    self.next[t as usize] += q;
                }
            }
        }
        std::mem::swap(&mut self.chance, &mut self.next);
        step.rolls += 1;
        step.finished += exits;
        step.climbed = climbed;
        step.slid = slid;
        step.lost = lost;
        step.reset = reset;
        step.on.fill(0.0);
        for (k, &p) in self.chance.iter().enumerate() {
            step.on[chain.position(k) as usize] += p;
        }
        step.on[self.positions - 1] = step.finished;
        Ok(&self.step)
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // exact chances: 1, 0, sixths
mod tests {
    use super::*;
    use crate::{Board, Jump, Rules};

    #[test]
    fn the_chances_add_up_to_one_and_the_sentences_name_the_likeliest() {
        let board = Board::new(
            20,
            [
                Jump { from: 2, to: 19 },
                Jump { from: 12, to: 15 },
                Jump { from: 9, to: 2 },
            ],
        )
        .unwrap();
        let game = Game::new(board, Rules::default()).unwrap();
        let ctl = Control::default();
        let mut steps = RollByRoll::new(&game, 10, &ctl).unwrap();
        assert_eq!(
            steps.step().sentences(),
            ["Roll 0: the pawn starts on square 1."]
        );
        steps.roll(&ctl).unwrap();
        let first = steps.step().clone();
        assert!((first.on.iter().sum::<f64>() - 1.0).abs() < 1e-15);
        // From 1: a 1 lands on 2 and climbs to 19, 2 to 6 rest on 3 to 7.
        assert!((first.on[19] - 1.0 / 6.0).abs() < 1e-15);
        assert!((first.landed[2] - 1.0 / 6.0).abs() < 1e-15);
        assert_eq!(first.on[2], 0.0);
        let text = first.sentences();
        assert_eq!(text[0], "Roll 1: the chance of having finished is 0.");
        assert_eq!(
            text[1],
            "Still playing, the pawn is most likely on 3 (0.1667), 4 (0.1667) and 5 (0.1667)."
        );
        assert_eq!(text[2], "This roll took a ladder with chance 0.1667.");
        for _ in 0..10 {
            let s = steps.roll(&ctl).unwrap();
            assert!((s.on.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn a_game_that_starts_on_the_last_square_has_ended() {
        let board = Board::new(1, []).unwrap();
        let game = Game::new(board, Rules::default()).unwrap();
        let steps = RollByRoll::new(&game, 3, &Control::default()).unwrap();
        assert!(steps.ended());
        assert_eq!(steps.step().finished, 1.0);
    }
}
