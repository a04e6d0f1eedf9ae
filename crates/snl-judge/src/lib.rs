//! Judging someone's program for the fewest rolls: run it on random boards,
//! compare with snl, shrink a board it gets wrong, and say which rule it is
//! really playing by.
//!
//! [`judge`] does the whole job for one program:
//!
//! 1. Draws [`Config::cases`] boards from a seed ([`snl::random`]), one as
//!    each case starts, and runs the program on each ([`run`]), several at
//!    a time, each as a separate process with a time limit; whatever a run
//!    leaves running is ended with it.
//! 2. Compares each answer with snl's under the stated rules, in the form
//!    asked for ([`reply`]): the fewest rolls, an optimal route (any one),
//!    or the number of optimal sequences.
//! 3. Shrinks the smallest board it got wrong (or crashed on), a step at a
//!    time ([`shrink`]), while the program stays wrong on it.
//! 4. Solves every board it ran under every [`Variant`] of the rules and
//!    reports the variants its answers agree with on all of them.
//!
//! The crate runs processes and compares; the rules, the boards and their
//! answers are the `snl` library's.

#![deny(missing_docs)]

pub mod answer;
pub mod hints;
pub mod reply;
pub mod run;
pub mod shrink;
pub mod template;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use snl::input::Format;
use snl::random::{GenError, Spec};
use snl::variant::Variant;
use snl::{Board, Game, Move, Rules};

pub use reply::{AnswerForm, Expected, Fault, Reply};
pub use run::{Outcome, Program, Run, RunLimits, SpawnError, kill_running};

/// After this many timeouts no more cases are started: each costs the whole
/// time limit, and one is enough to report.
pub const MAX_TIMEOUTS: usize = 2;

/// The most runs at once, whatever [`Config::jobs`] asks: each is a process
/// and three threads of the judge.
pub const MAX_JOBS: usize = 1024;

/// What to judge and how.
#[derive(Debug, Clone)]
pub struct Config {
    /// The boards to draw, and the stated rules (`spec.rules`).
    pub spec: Spec,
    /// The form the program reads boards in.
    pub format: Format,
    /// What the program prints.
    pub answer: AnswerForm,
    /// The promises of the problem of `format` that `spec` was drawn
    /// beyond ([`snl::random::Stated`]); `None` when the boards keep them
    /// (or the form makes none).
    pub lifted: Option<snl::random::Stated>,
    /// How many boards to run the program on.
    pub cases: u32,
    /// The seed the boards come from.
    pub seed: u64,
    /// How many runs at once (at most the cases, and [`MAX_JOBS`]).
    pub jobs: usize,
    /// Time and output limits of each run.
    pub limits: RunLimits,
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
    /// A board cannot be written in the form asked for.
    #[error(transparent)]
    Write(snl::input::WriteError),
    /// snl's own search could not have its tables.
    #[error(transparent)]
    Limit(#[from] snl::limits::LimitError),
    /// A board drawn cannot be played under the stated rules.
    #[error(transparent)]
    Game(#[from] snl::GameError),
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
    /// What is wrong with its answer, when it printed a wrong one.
    pub fault: Option<Fault>,
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
        verdict(&self.run.outcome, self.fault.as_ref())
    }
}

fn verdict(outcome: &Outcome, fault: Option<&Fault>) -> Verdict {
    match outcome {
        Outcome::Answer(_) if fault.is_none() => Verdict::Agrees,
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
    /// snl's answers.
    pub expected: Expected,
    /// What the program did on it.
    pub run: Run,
    /// What is wrong with its answer, when it printed a wrong one.
    pub fault: Option<Fault>,
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
    /// How many cases came out each way.
    pub counts: Counts,
    /// Cases not started (after too many timeouts).
    pub not_run: u32,
    /// The smallest failing board, when something failed.
    pub counterexample: Option<Counterexample>,
    /// Which rules the answers agree with, when some were wrong.
    pub diagnosis: Option<Diagnosis>,
    /// How long the whole job took.
    pub elapsed: Duration,
}

/// How many cases came out each way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// The program's answer is snl's.
    pub agree: u32,
    /// Another answer.
    pub wrong: u32,
    /// A failure status or a signal.
    pub crashed: u32,
    /// Out of time.
    pub timed_out: u32,
    /// Something that is not an answer, or too much.
    pub unreadable: u32,
}

impl Counts {
    /// The cases that came out as `verdict`.
    pub fn get(&self, verdict: Verdict) -> u32 {
        match verdict {
            Verdict::Agrees => self.agree,
            Verdict::Wrong => self.wrong,
            Verdict::Crashed => self.crashed,
            Verdict::TimedOut => self.timed_out,
            Verdict::Unreadable => self.unreadable,
        }
    }

    fn add(&mut self, verdict: Verdict) {
        let n = match verdict {
            Verdict::Agrees => &mut self.agree,
            Verdict::Wrong => &mut self.wrong,
            Verdict::Crashed => &mut self.crashed,
            Verdict::TimedOut => &mut self.timed_out,
            Verdict::Unreadable => &mut self.unreadable,
        };
        *n += 1;
    }

    /// The cases run.
    pub fn run(&self) -> u32 {
        self.agree + self.wrong + self.crashed + self.timed_out + self.unreadable
    }
}

impl Report {
    /// How many cases came out each way.
    pub fn count(&self, verdict: Verdict) -> u32 {
        self.counts.get(verdict)
    }

    /// Whether every case agreed.
    pub fn passed(&self) -> bool {
        self.not_run == 0 && self.counts.run() == self.counts.agree
    }
}

/// The board in `format` as the program reads it: the board alone, without
/// rules.
///
/// # Errors
///
/// A board the form cannot hold ([`snl::input::WriteError`]): a grid of a
/// board whose size is not a perfect square, a snake to square 0 in the
/// grid or moves form.
pub fn input_text(board: &Board, format: Format) -> Result<String, snl::input::WriteError> {
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
/// The boards are drawn as the cases run, and only what the report needs
/// is kept of each (its verdict, the smallest failing case of each kind,
/// and the agreement of each rule variant with its answer), so that any
/// number of cases runs in the same memory. At most one run per case is in
/// progress at a time, however many `jobs` are asked for.
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
    let result = judge_runs(config, program, progress);
    // Whatever a run left behind that its own sweep could not end yet.
    run::sweep();
    result
}

/// The cases, one after another on each of the jobs.
#[derive(Debug)]
struct Cases {
    counts: Counts,
    /// The smallest failing case of each kind so far.
    smallest: Vec<Case>,
    /// The first error, which stops every job.
    error: Option<JudgeError>,
}

fn judge_runs(
    config: &Config,
    program: &Program,
    progress: &(dyn Fn(Event) + Sync),
) -> Result<Report, JudgeError> {
    let started = Instant::now();
    let ext = extension(config.format);
    // The first board is drawn before anything runs: boards that cannot be
    // drawn as configured are an error at once.
    let first = match config.cases {
        0 => None,
        _ => Some(case_input(config, 0)?),
    };
    let first = Mutex::new(first);

    let next = AtomicU64::new(0);
    let done = AtomicUsize::new(0);
    let timeouts = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let fresh = Tally::new(&config.spec.rules, config.format);
    let tally = Mutex::new(fresh.clone());
    let cases = Mutex::new(Cases {
        counts: Counts::default(),
        smallest: Vec::new(),
        error: None,
    });
    let fail = |e: JudgeError| {
        stop.store(true, Ordering::Relaxed);
        let mut cases = cases.lock().expect("no run panics");
        cases.error.get_or_insert(e);
    };
    // One case after another, until they are all taken or something stops
    // them; the answers counted in `mine`.
    let job = |mine: &mut Tally| {
        while !stop.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= u64::from(config.cases) {
                return;
            }
            let taken = if i == 0 {
                first.lock().expect("no run panics").take()
            } else {
                None
            };
            let (generated, input) = match taken.map_or_else(|| case_input(config, i), Ok) {
                Ok(c) => c,
                Err(e) => return fail(e),
            };
            let run = match run::run(program, &input, ext, &config.limits, config.answer) {
                Ok(run) => run,
                Err(e) => return fail(e.into()),
            };
            let fault = match fault_of(config, &generated.game, generated.min_rolls, &run) {
                Ok((_, fault)) => fault,
                Err(e) => return fail(e),
            };
            if run.outcome == Outcome::TimedOut
                && timeouts.fetch_add(1, Ordering::Relaxed) + 1 >= MAX_TIMEOUTS
            {
                stop.store(true, Ordering::Relaxed);
            }
            if let Some(answer) = run.outcome.answer() {
                mine.add(&generated.board, answer);
            }
            cases.lock().expect("no run panics").add(Case {
                index: i,
                expected: generated.min_rolls,
                board: generated.board,
                run,
                fault,
            });
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress(Event::Case {
                done: d as u32,
                total: config.cases,
            });
        }
    };
    // More jobs than cases would only start threads with nothing to do.
    let jobs = config
        .jobs
        .clamp(1, MAX_JOBS)
        .min(config.cases.max(1) as usize);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                let mut mine = fresh.clone();
                job(&mut mine);
                tally.lock().expect("no run panics").merge(&mine);
            });
        }
    });
    let cases = cases.into_inner().expect("no run panics");
    if let Some(e) = cases.error {
        return Err(e);
    }
    let mut tally = tally.into_inner().expect("no run panics");
    let counterexample = match worst(&cases.smallest) {
        None => None,
        Some(case) => Some(shrink_case(
            config, program, case, jobs, &mut tally, progress,
        )?),
    };
    let diagnosis = tally.any_wrong().then(|| tally.diagnosis());
    Ok(Report {
        counts: cases.counts,
        not_run: config.cases - cases.counts.run(),
        counterexample,
        diagnosis,
        elapsed: started.elapsed(),
    })
}

impl Cases {
    /// Counts a case, and keeps it if it is the smallest failing one of its
    /// kind so far.
    fn add(&mut self, case: Case) {
        let verdict = case.verdict();
        self.counts.add(verdict);
        if verdict == Verdict::Agrees {
            return;
        }
        let key = |c: &Case| (c.board.squares(), c.board.jump_count(), c.index);
        match self.smallest.iter_mut().find(|c| c.verdict() == verdict) {
            Some(kept) if key(&case) < key(kept) => *kept = case,
            Some(_) => {}
            None => self.smallest.push(case),
        }
    }
}

/// snl's answers on `game` (a board under the stated rules), the fewest
/// rolls being `min`, and what is wrong with the program's answer in `run`.
fn fault_of(
    config: &Config,
    game: &Game,
    min: Option<u32>,
    run: &Run,
) -> Result<(Expected, Option<Fault>), JudgeError> {
    let expected = Expected::of(game, min, config.answer)?;
    let fault = run
        .outcome
        .reply()
        .and_then(|r| reply::check(game, config.answer, &expected, r));
    Ok((expected, fault))
}

/// Case `index`: its board and snl's answer, and the board as the program
/// reads it.
fn case_input(config: &Config, index: u64) -> Result<(snl::random::Generated, String), JudgeError> {
    let generated = config.spec.generate(config.seed, index)?;
    let input = input_text(&generated.board, config.format).map_err(|e| match e {
        snl::input::WriteError::NotSquare { squares } => JudgeError::NotGrid { squares },
        other => JudgeError::Write(other),
    })?;
    Ok((generated, input))
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
/// same way, `jobs` runs at a time; every answer read on the way goes into
/// `tally`.
fn shrink_case(
    config: &Config,
    program: &Program,
    case: &Case,
    jobs: usize,
    tally: &mut Tally,
    progress: &(dyn Fn(Event) + Sync),
) -> Result<Counterexample, JudgeError> {
    let rules = &config.spec.rules;
    let kind = case.verdict();
    let keep = shrink::Keep {
        size: config.format == Format::PairsText,
        grid: config.format == Format::Grid,
    };
    let want = config.spec.want;
    // The problem's promises, unless the boards were drawn beyond them.
    let promised = match config.lifted {
        Some(_) => None,
        None => snl::random::Stated::of(config.format),
    };
    let allowed = |b: &Board| {
        (config.spec.start_jump || b.jump(1).is_none())
            && promised.is_none_or(|p| p.allows(b))
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
    let start = Game::new(board.clone(), rules.clone())?;
    let (mut expected, mut fault) = fault_of(config, &start, case.expected, &case.run)?;
    let mut run = case.run.clone();
    let mut runs = 0u32;
    let mut budget_spent = false;
    // Timeouts are not shrunk: each try would cost the whole time limit.
    let mut shrinking = kind != Verdict::TimedOut;
    while shrinking {
        shrinking = false;
        let candidates = shrink::candidates(&board, keep, allowed);
        for batch in candidates.chunks(jobs) {
            if runs >= config.shrink_runs {
                budget_spent = true;
                break;
            }
            let tried = run_batch(config, program, batch)?;
            runs += batch.len() as u32;
            progress(Event::Shrink { runs });
            for (b, (_, r, _)) in batch.iter().zip(&tried) {
                if let Some(a) = r.outcome.answer() {
                    tally.add(b, a);
                }
            }
            if let Some((b, (exp, r, f))) = batch
                .iter()
                .zip(tried)
                .find(|(_, (_, r, f))| verdict(&r.outcome, f.as_ref()) == kind)
            {
                board = b.clone();
                expected = exp;
                run = r;
                fault = f;
                shrinking = true;
                break;
            }
        }
    }
    let game = Game::new(board, rules.clone()).expect("shrunk boards are playable");
    let path = snl::shortest::solve(&game)?.path;
    let input = input_text(game.board(), config.format).expect("shrunk boards keep their form");
    Ok(Counterexample {
        from_case: case.index,
        game,
        input,
        expected,
        run,
        fault,
        path,
        shrink_runs: runs,
        budget_spent,
    })
}

/// Runs the program on each board at once: snl's answers, the run, and
/// what is wrong with its answer.
fn run_batch(
    config: &Config,
    program: &Program,
    boards: &[Board],
) -> Result<Vec<(Expected, Run, Option<Fault>)>, JudgeError> {
    let ext = extension(config.format);
    std::thread::scope(|s| {
        let handles: Vec<_> = boards
            .iter()
            .map(|b| {
                s.spawn(
                    move || -> Result<(Expected, Run, Option<Fault>), JudgeError> {
                        let game = Game::new(b.clone(), config.spec.rules.clone())?;
                        let min = snl::shortest::min_rolls(&game)?;
                        let input =
                            input_text(b, config.format).expect("candidates keep their form");
                        let run = run::run(program, &input, ext, &config.limits, config.answer)?;
                        let (expected, fault) = fault_of(config, &game, min, &run)?;
                        Ok((expected, run, fault))
                    },
                )
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no run panics"))
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
    let mut tally = Tally::new(stated, format);
    for (board, answer) in seen {
        tally.add(board, *answer);
    }
    tally.diagnosis()
}

/// How many of the boards answered each rule variant agrees on, counted as
/// the answers come: the diagnosis without keeping the boards.
#[derive(Debug, Clone)]
struct Tally {
    /// Every variant, the stated rules first.
    variants: Vec<Variant>,
    /// The boards each variant agrees on.
    agree: Vec<usize>,
    /// The boards answered.
    boards: usize,
    /// Whether some answer differs from snl's under the stated rules.
    wrong: bool,
}

impl Tally {
    fn new(stated: &Rules, format: Format) -> Tally {
        let variants = Variant::all(stated, format == Format::Grid);
        Tally {
            agree: vec![0; variants.len()],
            variants,
            boards: 0,
            wrong: false,
        }
    }

    /// Counts the program's `answer` on `board`.
    fn add(&mut self, board: &Board, answer: Option<u32>) {
        self.boards += 1;
        for (i, v) in self.variants.iter().enumerate() {
            match v.min_rolls(board) {
                Ok(k) if k == answer => self.agree[i] += 1,
                // The stated rules play every board drawn.
                Ok(_) if v.slips().is_empty() => self.wrong = true,
                _ => {}
            }
        }
    }

    /// Adds the boards counted in `other` (of the same rules and form).
    fn merge(&mut self, other: &Tally) {
        self.boards += other.boards;
        self.wrong |= other.wrong;
        for (a, b) in self.agree.iter_mut().zip(&other.agree) {
            *a += b;
        }
    }

    fn any_wrong(&self) -> bool {
        self.wrong
    }

    fn diagnosis(&self) -> Diagnosis {
        let fits: Vec<&Variant> = self
            .variants
            .iter()
            .zip(&self.agree)
            .filter(|(_, n)| **n == self.boards)
            .map(|(v, _)| v)
            .collect();
        let fewest = fits.iter().map(|v| v.slips().len()).min();
        let best: Vec<Variant> = fits
            .iter()
            .filter(|v| Some(v.slips().len()) == fewest)
            .map(|v| (*v).clone())
            .collect();
        let closest = if best.is_empty() {
            // Most boards first; on a tie, fewer slips (the list is in that
            // order).
            let mut i = 0;
            for (j, &n) in self.agree.iter().enumerate() {
                if n > self.agree[i] {
                    i = j;
                }
            }
            Some((self.variants[i].clone(), self.agree[i]))
        } else {
            None
        };
        Diagnosis {
            boards: self.boards,
            fits: best,
            closest,
        }
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
