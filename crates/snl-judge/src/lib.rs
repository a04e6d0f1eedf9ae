//! Judging someone's program for the fewest rolls: run it on random boards,
//! compare with snl, shrink a board it gets wrong, and say which rule it is
//! really playing by.
//!
//! [`judge`] does the whole job for one program:
//!
//! 1. Draws [`Config::cases`] boards from a seed ([`snl::random`]) and runs
//!    the program on each ([`run`]), several at a time, each as a separate
//!    process with a time limit.
//! 2. Compares each answer with snl's under the stated rules.
//! 3. Shrinks the smallest board it got wrong (or crashed on), a step at a
//!    time ([`shrink`]), while the program stays wrong on it.
//! 4. Solves every board it ran under every [`Variant`] of the rules and
//!    reports the variants its answers agree with on all of them.
//!
//! The crate runs processes and compares; the rules, the boards and their
//! answers are the `snl` library's.

#![deny(missing_docs)]

pub mod answer;
pub mod run;
pub mod shrink;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use snl::input::Format;
use snl::random::{GenError, Spec};
use snl::variant::Variant;
use snl::{Board, Game, Move, Rules};

pub use run::{Limits, Outcome, Program, Run, SpawnError, kill_running};

/// After this many timeouts no more cases are started: each costs the whole
/// time limit, and one is enough to report.
pub const MAX_TIMEOUTS: usize = 2;

/// What to judge and how.
#[derive(Debug, Clone)]
pub struct Config {
    /// The boards to draw, and the stated rules (`spec.rules`).
    pub spec: Spec,
    /// The form the program reads boards in.
    pub format: Format,
    /// How many boards to run the program on.
    pub cases: u32,
    /// The seed the boards come from.
    pub seed: u64,
    /// How many runs at once.
    pub jobs: usize,
    /// Time and output limits of each run.
    pub limits: Limits,
    /// The most runs spent shrinking a failing board.
    pub shrink_runs: u32,
}

/// Something happened, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// A case finished; `done` of `total` have.
    Case {
        /// Cases finished so far.
        done: u32,
        /// Cases in all.
        total: u32,
    },
    /// Shrinking has run the program `runs` times so far.
    Shrink {
        /// Runs so far.
        runs: u32,
    },
}

/// The judge could not do its job.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JudgeError {
    /// The program could not be started.
    #[error(transparent)]
    Spawn(#[from] SpawnError),
    /// No boards could be drawn as asked.
    #[error("cannot draw the boards: {0}")]
    Gen(#[from] GenError),
    /// The boards cannot be written in the form asked for.
    #[error("boards of {squares} squares cannot be written as a grid, which needs n x n squares")]
    NotGrid {
        /// The board size.
        squares: u32,
    },
}

/// One case: a board, snl's answer, and what the program did.
#[derive(Debug, Clone)]
pub struct Case {
    /// The case number (the board's index under the seed).
    pub index: u64,
    /// The board.
    pub board: Board,
    /// snl's answer under the stated rules.
    pub expected: Option<u32>,
    /// The program's run.
    pub run: Run,
}

/// How a case came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The program's answer is snl's.
    Agrees,
    /// The program printed another answer.
    Wrong,
    /// It exited with a failure or was killed by a signal.
    Crashed,
    /// It ran out of time.
    TimedOut,
    /// It printed something that is not an answer (or too much).
    Unreadable,
}

impl Case {
    /// How the case came out.
    pub fn verdict(&self) -> Verdict {
        verdict(self.expected, &self.run.outcome)
    }
}

fn verdict(expected: Option<u32>, outcome: &Outcome) -> Verdict {
    match outcome {
        Outcome::Answer(a) if *a == expected => Verdict::Agrees,
        Outcome::Answer(_) => Verdict::Wrong,
        Outcome::Crashed { .. } => Verdict::Crashed,
        Outcome::TimedOut => Verdict::TimedOut,
        _ => Verdict::Unreadable,
    }
}

/// The smallest failing board found, with what explains it.
#[derive(Debug, Clone)]
pub struct Counterexample {
    /// The case it was shrunk from.
    pub from_case: u64,
    /// The board under the stated rules.
    pub game: Game,
    /// The board as the program read it.
    pub input: String,
    /// snl's answer.
    pub expected: Option<u32>,
    /// What the program did on it.
    pub run: Run,
    /// One optimal sequence under the stated rules.
    pub path: Vec<Move>,
    /// The program runs spent shrinking.
    pub shrink_runs: u32,
    /// Whether shrinking stopped at its budget rather than at a board with
    /// no smaller failing neighbour.
    pub budget_spent: bool,
}

/// Which rule variants the program's answers agree with.
#[derive(Debug, Clone)]
pub struct Diagnosis {
    /// The boards with a readable answer that the diagnosis rests on.
    pub boards: usize,
    /// The variants with the fewest slips that agree on every one of them
    /// (empty when none does).
    pub fits: Vec<Variant>,
    /// When none fits: the variant that agrees on the most boards, and on
    /// how many.
    pub closest: Option<(Variant, usize)>,
}

/// Everything the judge found.
#[derive(Debug, Clone)]
pub struct Report {
    /// The cases run, in order.
    pub cases: Vec<Case>,
    /// Cases not started (after too many timeouts).
    pub not_run: u32,
    /// The smallest failing board, when something failed.
    pub counterexample: Option<Counterexample>,
    /// Which rules the answers agree with, when some were wrong.
    pub diagnosis: Option<Diagnosis>,
    /// How long the whole job took.
    pub elapsed: Duration,
}

impl Report {
    /// How many cases came out each way.
    pub fn count(&self, verdict: Verdict) -> usize {
        self.cases.iter().filter(|c| c.verdict() == verdict).count()
    }

    /// Whether every case agreed.
    pub fn passed(&self) -> bool {
        self.not_run == 0 && self.cases.iter().all(|c| c.verdict() == Verdict::Agrees)
    }
}

/// The board in `format` as the program reads it: the board alone, without
/// rules. `None` for a grid of a board whose size is not a perfect square.
pub fn input_text(board: &Board, format: Format) -> Option<String> {
    snl::input::write(board, None, format)
}

/// The file extension for a board in `format`.
fn extension(format: Format) -> &'static str {
    match format {
        Format::PairsText => ".txt",
        _ => ".json",
    }
}

/// Runs the whole job: the cases, the shrinking, the diagnosis.
///
/// # Errors
///
/// [`JudgeError::Spawn`] when the program cannot be started,
/// [`JudgeError::Gen`] when the boards cannot be drawn as configured.
pub fn judge(
    config: &Config,
    program: &Program,
    progress: &(dyn Fn(Event) + Sync),
) -> Result<Report, JudgeError> {
    let started = Instant::now();
    let boards = (0..u64::from(config.cases))
        .map(|i| config.spec.generate(config.seed, i))
        .collect::<Result<Vec<_>, _>>()?;
    let ext = extension(config.format);
    let inputs = boards
        .iter()
        .map(|g| {
            input_text(&g.board, config.format).ok_or(JudgeError::NotGrid {
                squares: g.board.squares(),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;

    // The cases, `jobs` at a time.
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let timeouts = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let results: Mutex<Vec<Option<Result<Run, SpawnError>>>> =
        Mutex::new((0..boards.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..config.jobs.max(1) {
            s.spawn(|| {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= boards.len() {
                        return;
                    }
                    let run = run::run(program, &inputs[i], ext, &config.limits);
                    match &run {
                        Err(_) => stop.store(true, Ordering::Relaxed),
                        Ok(r) if r.outcome == Outcome::TimedOut => {
                            if timeouts.fetch_add(1, Ordering::Relaxed) + 1 >= MAX_TIMEOUTS {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                        Ok(_) => {}
                    }
                    results.lock().expect("no run panics")[i] = Some(run);
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    progress(Event::Case {
                        done: d as u32,
                        total: config.cases,
                    });
                }
            });
        }
    });
    let mut cases = Vec::new();
    let mut not_run = 0;
    for ((i, g), run) in boards
        .into_iter()
        .enumerate()
        .zip(results.into_inner().expect("no run panics"))
    {
        match run {
            None => not_run += 1,
            Some(run) => cases.push(Case {
                index: i as u64,
                expected: g.min_rolls,
                board: g.board,
                run: run?,
            }),
        }
    }

    let mut seen: Vec<(Board, Option<u32>)> = cases
        .iter()
        .filter_map(|c| Some((c.board.clone(), c.run.outcome.answer()?)))
        .collect();
    let counterexample = match worst(&cases) {
        None => None,
        Some(case) => Some(shrink_case(config, program, case, &mut seen, progress)?),
    };
    let wrong = seen.iter().any(|(b, a)| {
        let game = Game::new(b.clone(), config.spec.rules.clone()).ok();
        game.is_some_and(|g| snl::shortest::min_rolls(&g) != *a)
    });
    let diagnosis = wrong.then(|| diagnose(&config.spec.rules, config.format, &seen));
    Ok(Report {
        cases,
        not_run,
        counterexample,
        diagnosis,
        elapsed: started.elapsed(),
    })
}

/// The failing case to shrink: a wrong answer if there is one, else a crash
/// or unreadable output, else a timeout; the smallest board of its kind.
fn worst(cases: &[Case]) -> Option<&Case> {
    [
        Verdict::Wrong,
        Verdict::Crashed,
        Verdict::Unreadable,
        Verdict::TimedOut,
    ]
    .into_iter()
    .find_map(|kind| {
        cases
            .iter()
            .filter(|c| c.verdict() == kind)
            .min_by_key(|c| (c.board.squares(), c.board.jump_count(), c.index))
    })
}

/// Shrinks the board of `case` while the program keeps failing on it the
/// same way; every answer read on the way goes into `seen`.
fn shrink_case(
    config: &Config,
    program: &Program,
    case: &Case,
    seen: &mut Vec<(Board, Option<u32>)>,
    progress: &(dyn Fn(Event) + Sync),
) -> Result<Counterexample, JudgeError> {
    let rules = &config.spec.rules;
    let kind = case.verdict();
    let keep = shrink::Keep {
        size: config.format == Format::PairsText,
        grid: config.format == Format::Grid,
    };
    let want = config.spec.want;
    let allowed = |b: &Board| {
        (config.spec.start_jump || b.jump(1).is_none())
            && (!want.plain_top_corners || plain_top_corners(b))
            && Game::new(
                b.clone(),
                Rules {
                    chain: true,
                    ..rules.clone()
                },
            )
            .is_ok()
    };
    let mut board = case.board.clone();
    let mut expected = case.expected;
    let mut run = case.run.clone();
    let mut runs = 0u32;
    let mut budget_spent = false;
    // Timeouts are not shrunk: each try would cost the whole time limit.
    let mut shrinking = kind != Verdict::TimedOut;
    while shrinking {
        shrinking = false;
        let candidates = shrink::candidates(&board, keep, allowed);
        for batch in candidates.chunks(config.jobs.max(1)) {
            if runs >= config.shrink_runs {
                budget_spent = true;
                break;
            }
            let tried = run_batch(config, program, rules, batch)?;
            runs += batch.len() as u32;
            progress(Event::Shrink { runs });
            for (b, (_, r)) in batch.iter().zip(&tried) {
                if let Some(a) = r.outcome.answer() {
                    seen.push((b.clone(), a));
                }
            }
            if let Some((b, (exp, r))) = batch
                .iter()
                .zip(tried)
                .find(|(_, (exp, r))| verdict(*exp, &r.outcome) == kind)
            {
                board = b.clone();
                expected = exp;
                run = r;
                shrinking = true;
                break;
            }
        }
    }
    let game = Game::new(board, rules.clone()).expect("shrunk boards are playable");
    let path = snl::shortest::solve(&game).path;
    let input = input_text(game.board(), config.format).expect("shrunk boards keep their form");
    Ok(Counterexample {
        from_case: case.index,
        game,
        input,
        expected,
        run,
        path,
        shrink_runs: runs,
        budget_spent,
    })
}

/// Runs the program on each board at once: snl's answer and the run.
fn run_batch(
    config: &Config,
    program: &Program,
    rules: &Rules,
    boards: &[Board],
) -> Result<Vec<(Option<u32>, Run)>, JudgeError> {
    let ext = extension(config.format);
    std::thread::scope(|s| {
        let handles: Vec<_> = boards
            .iter()
            .map(|b| {
                s.spawn(move || {
                    let game =
                        Game::new(b.clone(), rules.clone()).expect("candidates are playable");
                    let expected = snl::shortest::min_rolls(&game);
                    let input = input_text(b, config.format).expect("candidates keep their form");
                    run::run(program, &input, ext, &config.limits).map(|r| (expected, r))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no run panics").map_err(JudgeError::from))
            .collect()
    })
}

/// Whether neither top corner of an n x n board starts a jump (the last
/// square never does): every grid reading then reads a playable board.
fn plain_top_corners(board: &Board) -> bool {
    let n = board.squares();
    let k = n.isqrt();
    k * k != n || k < 2 || board.jump(n - k + 1).is_none()
}

/// The variants whose answers agree with the program's on every board in
/// `seen`: those with the fewest slips, or the closest when none does.
pub fn diagnose(stated: &Rules, format: Format, seen: &[(Board, Option<u32>)]) -> Diagnosis {
    let variants = Variant::all(stated, format == Format::Grid);
    let agree: Vec<usize> = variants
        .iter()
        .map(|v| {
            seen.iter()
                .filter(|(b, a)| v.min_rolls(b).is_ok_and(|k| k == *a))
                .count()
        })
        .collect();
    let fits: Vec<&Variant> = variants
        .iter()
        .zip(&agree)
        .filter(|(_, n)| **n == seen.len())
        .map(|(v, _)| v)
        .collect();
    let fewest = fits.iter().map(|v| v.slips().len()).min();
    let best: Vec<Variant> = fits
        .iter()
        .filter(|v| Some(v.slips().len()) == fewest)
        .map(|v| (*v).clone())
        .collect();
    let closest = if best.is_empty() {
        // Most boards first; on a tie, fewer slips (the list is in that order).
        let mut i = 0;
        for (j, &n) in agree.iter().enumerate() {
            if n > agree[i] {
                i = j;
            }
        }
        Some((variants[i].clone(), agree[i]))
    } else {
        None
    };
    Diagnosis {
        boards: seen.len(),
        fits: best,
        closest,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use snl::Jump;
    use snl::variant::Slip;

    #[test]
    fn diagnosis_names_the_slip() {
        let rules = Rules::default();
        let chained = Variant::stated(&rules).with(Slip::Chain);
        let boards = [
            Board::new(20, [Jump { from: 2, to: 12 }, Jump { from: 12, to: 20 }]).unwrap(),
            Board::new(20, [Jump { from: 3, to: 9 }, Jump { from: 9, to: 4 }]).unwrap(),
            Board::empty(9).unwrap(),
        ];
        let seen: Vec<_> = boards
            .iter()
            .map(|b| (b.clone(), chained.min_rolls(b).unwrap()))
            .collect();
        let d = diagnose(&rules, Format::Pairs, &seen);
        assert_eq!(d.boards, 3);
        assert_eq!(d.fits.len(), 1, "{:?}", d.fits);
        assert_eq!(d.fits[0].slips(), [Slip::Chain]);
        // An answer nothing explains: closest is the one agreeing most.
        let mut odd = seen.clone();
        odd[2].1 = Some(99);
        let d = diagnose(&rules, Format::Pairs, &odd);
        assert!(d.fits.is_empty());
        let (v, n) = d.closest.unwrap();
        assert_eq!((v.slips(), n), (vec![Slip::Chain], 2));
    }
}
