//! A judge's report as the JSON answer of `snl judge --json`
//! ([`snl::answer::judge`]).

use snl::answer::Step;
use snl::answer::judge::{
    Closest, Counterexample, Diagnosis, JudgeAnswer, JudgeCounts, JudgeVerdict, RunOutcome,
    SlipAnswer, printed,
};
use snl::rules::RulesJson;

use crate::reply::Reply;
use crate::run::{Outcome, Program};
use crate::{Config, Report, Verdict};

/// The verdict in one word, from the worst kind of failure found.
pub fn verdict(report: &Report) -> JudgeVerdict {
    if report.passed() {
        return JudgeVerdict::Pass;
    }
    [
        (Verdict::Wrong, JudgeVerdict::Wrong),
        (Verdict::Crashed, JudgeVerdict::Crash),
        (Verdict::Unreadable, JudgeVerdict::Unreadable),
        (Verdict::TimedOut, JudgeVerdict::Timeout),
    ]
    .into_iter()
    .find(|(v, _)| report.count(*v) > 0)
    .map_or(JudgeVerdict::Timeout, |(_, w)| w)
}

/// The answer for `report`, of `program` judged under `config`.
pub fn answer(config: &Config, program: &Program, report: &Report) -> JudgeAnswer {
    let stated = &config.spec.rules;
    JudgeAnswer {
        verdict: verdict(report),
        program: program.display(),
        format: config.format.to_string(),
        answer: config.answer.to_string(),
        seed: config.seed,
        rules: RulesJson::from(stated),
        counts: JudgeCounts {
            cases: config.cases,
            agree: report.count(Verdict::Agrees),
            wrong: report.count(Verdict::Wrong),
            crashed: report.count(Verdict::Crashed),
            timed_out: report.count(Verdict::TimedOut),
            unreadable: report.count(Verdict::Unreadable),
            not_run: report.not_run,
        },
        counterexample: report.counterexample.as_ref().map(|cx| {
            let board = cx.game.board();
            let (outcome, detail) = match &cx.run.outcome {
                Outcome::Answer(_) => (RunOutcome::Answer, None),
                Outcome::Crashed { status, .. } => (RunOutcome::Crashed, Some(status.clone())),
                Outcome::TimedOut => (RunOutcome::TimedOut, None),
                Outcome::TooMuchOutput => (RunOutcome::TooMuchOutput, None),
                Outcome::Unreadable { why, .. } => (RunOutcome::Unreadable, Some(why.clone())),
            };
            Counterexample {
                from_case: cx.from_case,
                squares: board.squares(),
                ladders: board.ladders().map(|j| [j.from, j.to]).collect(),
                snakes: board.snakes().map(|j| [j.from, j.to]).collect(),
                input: cx.input.clone(),
                expected: printed(cx.expected.min),
                expected_count: cx.expected.count.as_ref().map(ToString::to_string),
                outcome,
                received: cx.run.outcome.answer().map(printed),
                route: cx
                    .run
                    .outcome
                    .reply()
                    .and_then(Reply::route)
                    .map(<[u32]>::to_vec),
                received_count: match cx.run.outcome.reply() {
                    Some(Reply::Count(n)) => Some(n.to_string()),
                    _ => None,
                },
                fault: cx.fault.as_ref().map(ToString::to_string),
                detail,
                stderr: cx.run.stderr.clone(),
                path: cx.path.iter().map(Step::from).collect(),
                shrink_runs: cx.shrink_runs,
            }
        }),
        hints: crate::hints::hints(config, report),
        diagnosis: report.diagnosis.as_ref().map(|d| Diagnosis {
            boards: d.boards,
            fits: d.fits.iter().map(|v| SlipAnswer::of(v, stated)).collect(),
            closest: d.closest.as_ref().map(|(v, n)| Closest {
                slips: SlipAnswer::of(v, stated),
                agree: *n,
            }),
            beyond_only: beyond_only(config, d),
        }),
    }
}

/// Whether every variant that fits makes only slips that the boards of the
/// problem of the form never show: the boards were drawn beyond its
/// promises, and only such boards tell the program wrong.
pub fn beyond_only(config: &Config, d: &crate::Diagnosis) -> bool {
    config.lifted.is_some_and(|problem| {
        !d.fits.is_empty()
            && d.fits
                .iter()
                .all(|v| v.slips().iter().all(|s| !problem.shows(s)))
    })
}
