//! The analyses step by step, for learners: the fewest-rolls search
//! frontier by frontier and the game with a real die roll by roll; their
//! entries, their limit, and the sentences of every step.

use super::error::{Error, NotGiven};
use super::honour::Unhonoured;
use super::need::DenseWork;
use super::subject::Subject;
use crate::choice::{self, rounds::Round};
use crate::game::Game;
use crate::limits::{Control, Estimate};
use crate::markov::equation::{self, Equation};
use crate::markov::rolls::{RollByRoll, RollStep};
use crate::rules::Die;
use crate::shortest::steps::{self, Steps};

/// The most steps listed unless the query says otherwise.
pub const STEPS_LIMIT: u32 = 1_000;

/// The rolls the game roll by roll shows unless told.
pub const STEP_ROLLS: u32 = 20;

/// How many steps to list at most.
///
/// ```
/// use snl::limits::Control;
/// use snl::plan::{self, StepsQuery, Subject};
/// use snl::{BoardSpec, Jump, Rules};
///
/// let spec = BoardSpec::of_jumps(20, [Jump { from: 2, to: 19 }, Jump { from: 9, to: 2 }]);
/// let subject = Subject::new(spec, Rules::default())?;
/// let told = plan::solve_steps(&subject, &StepsQuery::default(), &Control::default())?;
/// assert_eq!(told.steps.min_rolls, Some(2));
/// assert_eq!(told.text[0], ["Roll 0: the pawn starts on square 1."]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepsQuery {
    /// The most steps (rolls, and the start's step) listed; a search that
    /// takes more is refused with how many it takes.
    pub limit: u32,
}

impl Default for StepsQuery {
    fn default() -> StepsQuery {
        StepsQuery { limit: STEPS_LIMIT }
    }
}

/// The search step by step, and each step's sentences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveSteps {
    /// The steps.
    pub steps: Steps,
    /// The sentences of each step, in the library's words.
    pub text: Vec<Vec<String>>,
}

/// The fewest-rolls search of the subject's game, frontier by frontier (the
/// dense engine: it lists every square reached).
///
/// # Errors
///
/// [`Error::dense_only`] past the dense engine's tables; a limit; or, when
/// the search takes more steps than the query's limit, the count of them
/// ([`NotGiven::TooManySteps`]).
pub fn solve_steps(
    subject: &Subject,
    query: &StepsQuery,
    ctl: &Control,
) -> Result<SolveSteps, Error> {
    let game = subject.dense_game(DenseWork::Steps)?;
    let steps = steps::steps(game, ctl)?;
    let count = steps.frontiers.len() as u64;
    if count > u64::from(query.limit) {
        return Err(NotGiven::TooManySteps {
            steps: count,
            limit: u64::from(query.limit),
        }
        .into());
    }
    let text = (0..steps.frontiers.len())
        .map(|i| steps.sentences(game, i))
        .collect();
    Ok(SolveSteps { steps, text })
}

/// The game of `subject` with a real die, at its start, to be carried
/// forward one roll at a time ([`RollByRoll::roll`]) for up to `rolls`
/// rolls: what a front end that shows the steps one after the other (and
/// may stop early) asks for. Every jump is taken.
///
/// # Errors
///
/// [`Error::dense_only`] past the dense engine's tables; a game whose
/// jumps may be declined (there is no one chain to carry forward); a limit
/// ([`RollByRoll::estimate`] for `rolls` rolls).
pub fn roll_by_roll(subject: &Subject, rolls: u32, ctl: &Control) -> Result<RollByRoll, Error> {
    let game = subject.plain_game(DenseWork::Rolls)?;
    Ok(RollByRoll::new(game, u64::from(rolls), ctl)?)
}

/// The game of `subject` with a real die roll by roll: the steps from the
/// start's (`rolls` 0) to roll `rolls`, or to the roll by which every game
/// has ended when that comes first. Each step's sentences are
/// [`RollStep::sentences`].
///
/// ```
/// use snl::limits::Control;
/// use snl::plan::{self, StepsQuery, Subject};
/// use snl::{BoardSpec, Jump, Rules};
///
/// let spec = BoardSpec::of_jumps(10, [Jump { from: 4, to: 9 }]);
/// let subject = Subject::new(spec, Rules::default())?;
/// let steps = plan::expect_steps(&subject, 3, &StepsQuery::default(), &Control::default())?;
/// assert_eq!(steps.len(), 4);
/// assert_eq!(steps[1].sentences()[0], "Roll 1: the chance of having finished is 0.");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`roll_by_roll`]; more rolls than the query's limit
/// ([`NotGiven::TooManyRolls`]), refused before any is made.
pub fn expect_steps(
    subject: &Subject,
    rolls: u32,
    query: &StepsQuery,
    ctl: &Control,
) -> Result<Vec<RollStep>, Error> {
    expect_steps_from(subject, 0, rolls, query, ctl)
}

/// [`expect_steps`] from roll `from` on: the steps of rolls `from` to
/// `rolls` (fewer when every game has ended sooner, none when before
/// `from`), for a front end that shows a long game a stretch at a time.
/// The rolls before `from` are made, not kept.
///
/// # Errors
///
/// As [`expect_steps`].
#[allow(clippy::trivially_copy_pass_by_ref)] // a query, as every entry takes one
pub fn expect_steps_from(
    subject: &Subject,
    from: u32,
    rolls: u32,
    query: &StepsQuery,
    ctl: &Control,
) -> Result<Vec<RollStep>, Error> {
    expect_steps_kept(subject, from, rolls, query, ctl, &mut KeptWalk::default())
}

/// The game's walk roll by roll kept between the stretches a front end
/// asks for ([`steps_kept`]): a stretch that starts at or after the roll
/// the last one ended on, on the same game, carries on from there instead
/// of from roll 0. Only the latest walk is kept: its chain, and the chance
/// of every state. The steps are the same, bit for bit, with it or
/// without.
#[derive(Debug, Default)]
pub struct KeptWalk {
    kept: Option<(Game, RollByRoll)>,
}

impl KeptWalk {
    /// The walk kept, when it is of `game` and not past roll `from`.
    fn take(&mut self, game: &Game, from: u32) -> Option<RollByRoll> {
        match self.kept.take() {
            Some((kept, walk)) if kept == *game && walk.step().rolls <= from => Some(walk),
            _ => None,
        }
    }
}

/// [`expect_steps_from`] carrying on from `keep`'s walk where it can, and
/// keeping the walk where this stretch ends.
#[allow(clippy::trivially_copy_pass_by_ref)] // a query, as every entry takes one
fn expect_steps_kept(
    subject: &Subject,
    from: u32,
    rolls: u32,
    query: &StepsQuery,
    ctl: &Control,
    keep: &mut KeptWalk,
) -> Result<Vec<RollStep>, Error> {
    if rolls > query.limit {
        return Err(NotGiven::TooManyRolls {
            rolls: u64::from(rolls),
            limit: u64::from(query.limit),
        }
        .into());
    }
    let game = subject.plain_game(DenseWork::Rolls)?;
    // Every step listed keeps two chances a position.
    let kept = (u64::from(rolls.saturating_sub(from)) + 1)
        .saturating_mul(game.positions() as u64)
        .saturating_mul(16);
    ctl.admit(
        "the chances of every square at every step listed",
        Estimate::new(kept, 0),
    )?;
    let mut walk = match keep.take(game, from) {
        Some(walk) => {
            RollByRoll::admit(game, u64::from(rolls), ctl)?;
            walk
        }
        None => RollByRoll::new(game, u64::from(rolls), ctl)?,
    };
    // The rolls before the first step listed carry the chances alone; the
    // roll that makes it makes its tables too (a walk kept stopped on a
    // step made whole).
    walk.skip_to(from.saturating_sub(1), ctl)?;
    let mut steps = Vec::new();
    loop {
        let step = walk.step();
        if step.rolls >= from {
            steps.push(step.clone());
        }
        if step.rolls >= rolls || walk.ended() {
            // Kept where its step is whole: the last one listed. (A walk
            // that ended before `from` was carried there by chances
            // alone.)
            if !steps.is_empty() {
                keep.kept = Some((game.clone(), walk));
            }
            return Ok(steps);
        }
        walk.roll(ctl)?;
    }
}

/// The best play's policy iteration round by round, and each round's
/// sentences.
#[derive(Debug, Clone, PartialEq)]
pub struct PolicySteps {
    /// The rounds, from the first policy's.
    pub rounds: Vec<Round>,
    /// The sentences of each round, in the library's words.
    pub text: Vec<Vec<String>>,
    /// The dice picked from (the rules' die alone when none were given).
    pub dice: Vec<Die>,
}

/// The best play of `subject` with a real die (declining optional jumps,
/// picking among `dice`), as policy iteration finds it: each round's
/// policy, its expected rolls from the start, and the choices changed to
/// make it. The last round's value is the least expected rolls
/// ([`crate::plan::expect`]'s under the same choices).
///
/// ```
/// use snl::limits::Control;
/// use snl::plan::{self, Subject};
/// use snl::{BoardSpec, Jump, Rules};
///
/// // Seed example: ladders 2->19 and 12->15, a snake 9->2; a d6, or a
/// // die of 1, 2 and 3.
/// let spec = BoardSpec::of_jumps(20, [
///     Jump { from: 2, to: 19 },
///     Jump { from: 12, to: 15 },
///     Jump { from: 9, to: 2 },
/// ]);
/// let subject = Subject::new(spec, Rules::default())?;
/// let dice = ["d6".parse()?, "1,1,1,0,0,0".parse()?];
/// let steps = plan::policy_steps(&subject, &dice, &Control::default())?;
/// assert_eq!(steps.rounds.len(), 2);
/// assert!(steps.rounds[1].value < steps.rounds[0].value);
/// assert!(steps.text[1].last().unwrap().contains("this play is the best"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`Error::dense_only`] past the dense engine's tables; too many dice; a
/// limit; a policy iteration that does not settle.
pub fn policy_steps(subject: &Subject, dice: &[Die], ctl: &Control) -> Result<PolicySteps, Error> {
    let game = subject.dense_for("the best play round by round")?;
    let options = choice::Options {
        dice: dice.to_vec(),
        keep_rounds: true,
        ..choice::Options::default()
    };
    let best = choice::solve_with(game, &options, ctl)?;
    let text = (0..best.rounds_made.len())
        .map(|i| choice::rounds::sentences(&best.rounds_made, i, game, &best.dice))
        .collect();
    Ok(PolicySteps {
        rounds: best.rounds_made,
        text,
        dice: best.dice,
    })
}

/// Which analysis to show step by step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StepsOf {
    /// The fewest-rolls search, frontier by frontier.
    Search,
    /// The game with a real die: roll by roll for `rolls` rolls
    /// ([`STEP_ROLLS`] unless told), or under a choice (optional jumps,
    /// dice to pick from) the best play's policy iteration, round by
    /// round, which takes no number of rolls.
    Game {
        /// The rolls to show, without a choice.
        rolls: Option<u32>,
    },
    /// The first-step equation of one square ([`equation()`]).
    Equation {
        /// The square.
        square: u32,
    },
}

/// What a learner asks to watch: the analysis, the dice to pick from, and
/// the most steps listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepsAsk {
    /// The analysis.
    pub of: StepsOf,
    /// The dice picked from before each roll; empty for the rules' die.
    pub dice: Vec<Die>,
    /// The most steps (or rolls) listed.
    pub query: StepsQuery,
    /// The first step given (0 for all): a long game a stretch at a time.
    /// The rounds of the best play, a few at most, are given whole.
    pub from: u32,
}

/// An analysis step by step, as [`steps()`] gives it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Told {
    /// The fewest-rolls search ([`solve_steps`]).
    Search(SolveSteps),
    /// The game roll by roll ([`expect_steps`]).
    Rolls(Vec<RollStep>),
    /// The best play round by round ([`policy_steps`]).
    Rounds(PolicySteps),
    /// The first-step equation of a square ([`equation()`]).
    Equation(Equation),
}

/// The steps a learner asks to watch, one entry for every front end: the
/// search; or the game, which is roll by roll without a choice and the
/// best play's rounds of policy iteration under one; the search and the
/// rolls from step `ask.from` on; or one square's first-step equation.
///
/// # Errors
///
/// As [`solve_steps`], [`expect_steps`] and [`policy_steps`]; the search
/// or the equation with dice to pick from ([`Unhonoured::Dice`]: they roll
/// the rules' die);
/// a number of rolls under a choice ([`NotGiven::RollsUnderChoice`]).
pub fn steps(subject: &Subject, ask: &StepsAsk, ctl: &Control) -> Result<Told, Error> {
    steps_kept(subject, ask, ctl, &mut KeptWalk::default())
}

/// [`steps()`] for a front end that asks for a long game a stretch at a
/// time: the game roll by roll carries on from the walk `kept` holds when
/// it is of the same game and not past `ask.from`, and keeps its own
/// there. The answer is the same, bit for bit, as [`steps()`]'s; a
/// stretch after the last one takes its own rolls only, where
/// [`steps()`] walks from roll 0 each time.
///
/// # Errors
///
/// As [`steps()`].
pub fn steps_kept(
    subject: &Subject,
    ask: &StepsAsk,
    ctl: &Control,
    kept: &mut KeptWalk,
) -> Result<Told, Error> {
    let choosing = !ask.dice.is_empty() || !subject.rules().optional.is_none();
    match ask.of {
        StepsOf::Search | StepsOf::Equation { .. } if !ask.dice.is_empty() => {
            Err(Unhonoured::Dice {
                analysis: if ask.of == StepsOf::Search {
                    "the search step by step"
                } else {
                    "the first-step equation"
                },
                dice: ask
                    .dice
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            }
            .into())
        }
        StepsOf::Search => solve_steps(subject, &ask.query, ctl).map(|mut s| {
            let from = (ask.from as usize).min(s.text.len());
            s.steps.frontiers.drain(..from);
            s.text.drain(..from);
            Told::Search(s)
        }),
        StepsOf::Game { rolls: Some(rolls) } if choosing => {
            Err(NotGiven::RollsUnderChoice { rolls }.into())
        }
        StepsOf::Game { rolls: None } if choosing => {
            policy_steps(subject, &ask.dice, ctl).map(Told::Rounds)
        }
        StepsOf::Game { rolls } => {
            let rolls = rolls.unwrap_or(STEP_ROLLS);
            expect_steps_kept(subject, ask.from, rolls, &ask.query, ctl, kept).map(Told::Rolls)
        }
        StepsOf::Equation { square } => equation(subject, square, ctl).map(Told::Equation),
    }
}

/// The first-step equation of `square` in the subject's game: the expected
/// rolls from it as one roll and then the expected rolls from wherever
/// that roll leads, with every value substituted
/// ([`crate::markov::equation`]). Every jump is taken.
///
/// ```
/// use snl::limits::Control;
/// use snl::plan::{self, Subject};
/// use snl::{BoardSpec, Rules};
///
/// let subject = Subject::new(BoardSpec::of_jumps(2, []), Rules::default())?;
/// let e = plan::equation(&subject, 1, &Control::default())?;
/// assert_eq!(e.sentences()[1], "E(1) = 1 + 1/6·E(last) + 5/6·E(1)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`Error::dense_only`] past the dense engine's tables; a game whose
/// jumps may be declined; a limit; [`NotGiven::NoEquation`] for a square
/// the pawn never rests on at the start of a turn in a game from the start
/// (the last square, a jump's start, one no game reaches), or on a board
/// where the pawn can get stuck for ever (the values are infinite).
pub fn equation(subject: &Subject, square: u32, ctl: &Control) -> Result<Equation, Error> {
    let game = subject.plain_game(DenseWork::Rolls)?;
    if let Some(e) = equation::equation(game, square, ctl)? {
        return Ok(e);
    }
    let why = if square == game.goal() {
        "it is the last square, from which no roll is left"
    } else if square > game.goal() {
        "it is past the last square"
    } else if game.board().jump(square).is_some() {
        "a jump starts there, so the pawn never rests on it"
    } else if crate::markov::can_get_stuck_with(game, ctl)? {
        "the pawn can get stuck for ever on this board, so the expected rolls are infinite"
    } else {
        "no game from the start comes to rest there"
    };
    Err(NotGiven::NoEquation { square, why }.into())
}
