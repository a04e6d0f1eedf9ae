//! `snl expect`: the exact statistics of a one-player game's length.

use std::io::Write;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use snl::answer::{
    EXPECT_QUANTILES, EquationAnswer, ExpectAnswer, LeftOutReason, LengthStats, StepsAnswer,
    VisitsAnswer,
};
use snl::markov::{self, JumpImpact};
use snl::plan::{self, Engine, ExpectQuery, Progress, Step, WithinQuery};
use snl::words::{figure, signed_figure};

use crate::board_arg::{BoardArgs, LoadedSubject, RulesArgs, load_subject};
use crate::control;
use crate::output::{answer_steps, header_subject, note, write_json};
use crate::progress::Bars;

/// How long a one-player game with a real die lasts: exact statistics.
///
/// The game is an absorbing Markov chain, solved exactly (no simulation):
/// the mean number of rolls, the variance and standard deviation, the
/// fewest rolls, the median, the mode (the most likely length, the smallest
/// on a tie), quantiles, and the chance of finishing within K rolls. The
/// q-quantile is the smallest t with P(T <= t) >= q. A weighted die rolls
/// each value with chance weight/total.
///
/// On a board where the pawn can get stuck for ever (reach a square from
/// which the last square cannot be reached) the mean is infinite: snl says
/// so, gives the chance of never finishing, and what is still finite.
///
/// With --bonus (a top value rolls again) the same statistics are also
/// given by turns.
///
/// The mean and standard deviation come from linear solves, fast on boards
/// of millions of squares; the median, mode, quantiles and --within come
/// from following the whole distribution roll by roll, which on long boards
/// can take hours. snl estimates that cost from the mean and standard
/// deviation first and, when it is over about a second of work, skips the
/// distribution at once and says so (on stderr; in the JSON `left_out`
/// names the fields given as null and why). --full follows it anyway, with
/// a progress bar on a terminal (Ctrl-C stops it and keeps what was
/// followed); `snl simulate` estimates the same figures by playing games.
///
/// A board in the pairs forms past 2^30 squares (up to 2^62), and a long
/// board with few jumps whose distribution would not be followed anyway,
/// is answered by the sparse engine, whose cost grows with the jumps: the
/// mean, variance and standard deviation with a bound on the error of
/// each, the chance of never finishing and the fewest rolls; not the
/// distribution (a chance --within K is given only below the fewest
/// rolls, where it is 0). --exact, --visits, --impact, --full, a choice
/// (--optional, --choose-die) and counts by turns take the dense engine,
/// which holds boards of up to 2^30 squares. The JSON's `engine` says
/// which answered.
// Flags are bools in clap.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl expect --preset milton-bradley
  snl expect testdata/seed-004-twenty.pairs.json --exact --within 5 --within 10
  snl expect --preset milton-bradley --bonus --bonus-limit 3 --json
  snl expect --preset milton-bradley --target 80..99 --within 50
  snl expect --preset milton-bradley --via 87-24
  snl expect testdata/seed-004-twenty.pairs.json --steps 4
  snl expect --preset milton-bradley --optional ladders --steps
  snl expect testdata/seed-004-twenty.pairs.json --equation 11", super::EXIT_CODES))]
pub struct Args {
    /// Also give the mean as an exact fraction in lowest terms, and its
    /// decimal expansion. Boards of up to 2002 chain states: 2001 squares
    /// (the chain counts positions 0 to the last square), or with a bonus
    /// limit L, (squares + 1) x L up to 2002; --force tries larger ones
    /// under no budget.
    #[arg(long)]
    pub exact: bool,

    /// The chance of finishing within K rolls (repeatable).
    #[arg(long, value_name = "K")]
    pub within: Vec<usize>,

    /// The expected number of times the pawn lands on each square (before
    /// any jump) and rests on it (after any jump; a lost roll rests where it
    /// was).
    #[arg(long)]
    pub visits: bool,

    /// For each snake and ladder, the mean with that jump alone removed,
    /// largest change first.
    #[arg(long)]
    pub impact: bool,

    /// Follow the whole distribution of the length (median, mode,
    /// quantiles, --within) whatever its estimated cost, with a progress
    /// bar on a terminal when that is over a second; Ctrl-C stops it and
    /// keeps what was followed.
    #[arg(long)]
    pub full: bool,

    /// Pick one of these dice before each roll (repeatable: `--choose-die
    /// d6 --choose-die 1,1,1,0,0,0`), playing the choice that makes the
    /// expected rolls least: the answer gives the die picked on each
    /// square and the statistics under that play. Combines with
    /// --optional, where the best play also takes or declines each
    /// optional jump.
    #[arg(long = "choose-die", value_name = "SPEC")]
    pub choose_die: Vec<snl::Die>,

    /// What the best play of a choice (--optional, --choose-die) is best
    /// for: `mean`, the least expected rolls, or `within:K`, the greatest
    /// chance of finishing within K rolls. With `within:K` the answer is
    /// that chance and the play that gives it, which depends on the roll:
    /// each optional jump with the rolls on which it is declined. Its work
    /// grows with K (a sweep of every square's moves per roll), and a K
    /// over the budget is refused. Without a choice it is the chance of
    /// finishing within K rolls, as --within K gives it.
    #[arg(long, value_name = "GOAL", default_value = "mean")]
    pub goal: snl::choice::Goal,

    /// Instead of the game's length, the rolls until the pawn first comes
    /// to rest on one of SQUARES (`50..60`, `80,90`, `50..60,99`): their
    /// mean, spread and quantiles in the games that get there, and the
    /// chance that a game ever does (one that reaches the last square
    /// first, or falls among squares from which none can be reached, never
    /// does). --within K gives the chance of getting there within K rolls.
    /// A square where a jump starts carries the pawn on, and is refused.
    /// Takes every jump, on boards of up to 2^30 squares.
    #[arg(long, value_name = "SQUARES", value_parser = super::target::parse)]
    pub target: Option<super::target::Squares>,

    /// Instead of the game's length, the part a jump plays in it (as
    /// `47-26` or `47->26`): the chance that a game takes it at least once
    /// (landing on its start, or passing it along a chain of jumps), how
    /// many times on average, and the rolls until it first does, with
    /// --within K the chance within K rolls. Takes every jump, on boards
    /// of up to 2^30 squares.
    #[arg(long, value_name = "JUMP", value_parser = super::target::parse_jump)]
    pub via: Option<snl::Jump>,

    /// Show the game step by step, for learners. Roll by roll, from roll 0
    /// (the start) to roll T (20 unless told): the chance of having
    /// finished by then, the squares the pawn is most likely on, and the
    /// chance that the roll took a ladder or a snake, a block of sentences
    /// a roll; with --json, `{"steps": [...]}`, each with `on` (square →
    /// the chance of resting there, after any jump) and `landed` (square →
    /// the chance that the roll landed there, before any jump). Stops early
    /// once every game has ended. Under a choice (--optional,
    /// --choose-die), the rounds of policy iteration instead (T is not
    /// taken): each round's play, its expected rolls from the start and
    /// the choices changed to make it, ending at the best play. On boards
    /// of up to 2^30 squares.
    #[arg(long, value_name = "T", num_args = 0..=1, value_parser = rolls_of_steps)]
    #[allow(clippy::option_option)] // clap's flag with an optional value
    pub steps: Option<Option<u32>>,

    /// The first-step equation of SQUARE, for learners: the expected rolls
    /// from it are one roll, then the expected rolls from wherever that
    /// roll leads, E(i) = 1 + Σ p(r)·E(next(i, r)), written with the
    /// unknowns, then with their values substituted, then summed. With
    /// --json, the terms (`rolls`, `chance`, `to`, `value`). Takes every
    /// jump, on boards of up to 2^30 squares.
    #[arg(long, value_name = "SQUARE")]
    pub equation: Option<u32>,

    /// The most rolls --steps lists: more is refused.
    #[arg(long, value_name = "N", default_value_t = plan::STEPS_LIMIT)]
    pub steps_limit: u32,

    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The `T` of `--steps T`, with a word for a board written after
/// `--steps` (which takes the word after it as its number of rolls).
fn rolls_of_steps(text: &str) -> Result<u32, String> {
    text.parse::<u32>().map_err(|_| {
        format!(
            "`{text}` is not a number of rolls; --steps takes the word after it as one, so write \
             the board before --steps (`snl expect BOARD --steps`), or --steps=T"
        )
    })
}

/// Says on stderr what each count's statistics leave out, and why.
fn note_left_out(answer: &ExpectAnswer) {
    for (stats, what) in [
        (Some(&answer.rolls), "rolls"),
        (answer.turns.as_ref(), "turns"),
    ] {
        if let Some(left) = stats.and_then(|s| s.left_out.as_ref()) {
            let how = if left.reason == LeftOutReason::OverBudget {
                "; --full follows it anyway, `snl simulate` estimates them"
            } else {
                ""
            };
            note(&format!(
                "by {what}, {}, so the median, mode, quantiles and chances within K are not \
                 given{how}",
                left.message
            ));
        }
    }
}

/// What `--full` shows while the distribution is followed: a note with
/// its estimate, when that is over a second of work, and a bar.
fn progress(bars: &Arc<Bars>) -> Progress {
    let bars = Arc::clone(bars);
    Progress::new(move |step| {
        let Step::Following { unit, work } = step else {
            return;
        };
        if work > markov::FOLLOW_WORK {
            note(&format!(
                "following the whole distribution of {}: {} (Ctrl-C stops it and keeps \
                 what was followed)",
                unit.plural(),
                snl::words::about_time(work)
            ));
            bars.start(work, control::get());
        }
    })
}

/// Runs `snl expect`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<std::process::ExitCode> {
    let loaded = load_subject(&args.board, &args.rules)?;
    if let Some(rolls) = args.steps {
        return run_steps(args, &loaded, rolls, out);
    }
    if let Some(square) = args.equation {
        return run_equation(args, &loaded, square, out);
    }
    if let Some(squares) = &args.target {
        return super::target::run(args, &loaded, squares, out);
    }
    if let Some(jump) = args.via {
        return super::target::run_via(args, &loaded, jump, out);
    }
    if let snl::choice::Goal::Within(rolls) = args.goal {
        return run_within(args, &loaded, rolls, out);
    }
    let bars = Arc::new(Bars::default());
    let query = ExpectQuery {
        exact: args.exact,
        within: args.within.clone(),
        visits: args.visits,
        impact: args.impact,
        full: args.full,
        dice: args.choose_die.clone(),
        engine: None,
        progress: args.full.then(|| progress(&bars)),
    };
    let found = plan::expect(&loaded.subject, &query, control::get());
    bars.finish();
    let expectation = found.map_err(|e| control::question(e, &loaded.board.source))?;
    crate::timings::analysis();
    let mut answer = ExpectAnswer::new(&loaded.subject, &expectation);
    // Visits left out leave the rest of the answer standing: why, with how
    // to insist, is the note and the JSON's `unavailable`.
    if let Some(Err(e)) = &expectation.visits {
        let why = format!("{:#}", control::explain(e.clone()));
        note(&format!("the visits are not given: {why}"));
        answer.visits = Some(VisitsAnswer::unavailable(why));
    }
    if expectation.engine == Engine::Sparse {
        control::check_interrupted()?;
    }
    note_left_out(&answer);
    if args.json {
        write_json(out, &answer)?;
    } else {
        write_text(out, &loaded, &answer, expectation.impact.as_deref())?;
    }
    // Ctrl-C stops the distribution where it is: the answer above is what
    // was resolved by then, and says so.
    Ok(control::exit_code())
}

/// `snl expect --steps [T]`: the game roll by roll, or under a choice the
/// best play round by round.
fn run_steps(
    args: &Args,
    loaded: &LoadedSubject,
    rolls: Option<u32>,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    let other = first_asked(
        args,
        [
            (args.goal != snl::choice::Goal::Mean, "--goal"),
            (args.target.is_some(), "--target"),
            (args.via.is_some(), "--via"),
            (args.equation.is_some(), "--equation"),
        ],
    );
    if let Some(other) = other {
        bail!(
            "{other} is not given with --steps: the steps show the game roll by roll, or the best \
             play round by round (leave out --steps for the statistics)"
        );
    }
    let ask = plan::StepsAsk {
        of: plan::StepsOf::Game { rolls },
        dice: args.choose_die.clone(),
        query: plan::StepsQuery {
            limit: args.steps_limit,
        },
        from: 0,
    };
    let told = plan::steps(&loaded.subject, &ask, control::get())
        .map_err(|e| control::question(e, &loaded.board.source))?;
    let answer = StepsAnswer::new(&loaded.subject, &told);
    let texts = answer.texts();
    answer_steps(out, loaded, args.json, &answer, texts.into_iter())
}

/// `snl expect --equation SQUARE`: the first-step equation of a square.
fn run_equation(
    args: &Args,
    loaded: &LoadedSubject,
    square: u32,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    let other = first_asked(
        args,
        [
            (!args.choose_die.is_empty(), "--choose-die"),
            (args.goal != snl::choice::Goal::Mean, "--goal"),
            (args.target.is_some(), "--target"),
            (args.via.is_some(), "--via"),
        ],
    );
    if let Some(other) = other {
        bail!(
            "{other} is not given with --equation: it writes one square's first-step equation \
             (leave out --equation for the statistics)"
        );
    }
    let e = plan::equation(&loaded.subject, square, control::get())
        .map_err(|e| control::question(e, &loaded.board.source))?;
    let answer = EquationAnswer::new(&loaded.subject, &e);
    answer_steps(
        out,
        loaded,
        args.json,
        &answer,
        std::iter::once(&answer.text),
    )
}

/// The first of the statistics' own options asked for, or of `more`: what
/// a question that gives none of them refuses.
fn first_asked<const N: usize>(
    args: &Args,
    more: [(bool, &'static str); N],
) -> Option<&'static str> {
    [
        (args.exact, "--exact"),
        (!args.within.is_empty(), "--within"),
        (args.visits, "--visits"),
        (args.impact, "--impact"),
        (args.full, "--full"),
    ]
    .into_iter()
    .chain(more)
    .find_map(|(asked, what)| asked.then_some(what))
}

/// `snl expect --goal within:K`: the best play for finishing within K
/// rolls, and its chance.
fn run_within(
    args: &Args,
    loaded: &LoadedSubject,
    rolls: u64,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    let other = first_asked(args, []);
    if let Some(other) = other {
        bail!(
            "{other} is not given with --goal within:K: it is a figure of the play best for the mean, and this play is best for finishing within {rolls} rolls (leave out --goal for it)"
        );
    }
    let query = WithinQuery {
        rolls,
        dice: args.choose_die.clone(),
    };
    let best = plan::best_within(&loaded.subject, &query, control::get())
        .map_err(|e| control::question(e, &loaded.board.source))
        .with_context(|| format!("--goal within:{rolls}"))?;
    let answer = snl::answer::WithinAnswer::new(
        snl::answer::Header::of_subject(&loaded.subject),
        &best,
        !args.choose_die.is_empty(),
    );
    crate::timings::analysis();
    if args.json {
        write_json(out, &answer)?;
        return Ok(control::exit_code());
    }
    header_subject(out, loaded)?;
    writeln!(
        out,
        "best play (the greatest chance of finishing within {rolls} rolls):"
    )?;
    for j in &answer.policy.jumps {
        let play = if j.declined_on_rolls.is_empty() {
            "take".to_string()
        } else {
            let rolls: Vec<String> = j
                .declined_on_rolls
                .iter()
                .map(|&[a, b]| span(a, b))
                .collect();
            format!("stay when landing on roll {}, else take", rolls.join(", "))
        };
        writeln!(out, "  {:<6} {:>5} -> {:<5} {play}", j.kind, j.from, j.to)?;
    }
    if let Some(by_square) = &answer.policy.die_by_square {
        // Squares that pick the same dice on the same rolls, on one line.
        let names = &answer.policy.dice;
        for (from, to, runs) in equal_runs(by_square) {
            let play: Vec<String> = match runs.as_slice() {
                [[_, _, die]] => vec![names[*die as usize].clone()],
                _ => runs
                    .iter()
                    .map(|&[a, b, die]| {
                        let rolls = if a == b { "roll" } else { "rolls" };
                        format!("{} on {rolls} {}", names[die as usize], span(a, b))
                    })
                    .collect(),
            };
            writeln!(out, "  on {:<12} roll {}", span(from, to), play.join(", "))?;
        }
    }
    writeln!(
        out,
        "chance of finishing within {rolls} rolls: {:.6}",
        answer.chance
    )?;
    Ok(control::exit_code())
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}

/// One count's statistics; `fewest` is the fewest of them (by rolls the
/// answer's `min_rolls`, by turns the distribution's).
fn write_count(
    out: &mut dyn Write,
    what: &str,
    s: &LengthStats,
    fewest: Option<usize>,
) -> Result<()> {
    writeln!(out, "{what}:")?;
    match s.mean {
        Some(mean) => writeln!(out, "  mean       {}", figure(mean, 6))?,
        None => writeln!(
            out,
            "  mean       infinite: the game never ends with chance {:.6}",
            s.never_finishes
        )?,
    }
    if let (Some(fraction), Some(decimal)) = (&s.exact_mean, &s.exact_mean_decimal) {
        writeln!(out, "  exact mean {fraction}")?;
        writeln!(out, "             = {decimal}...")?;
    }
    if let (Some(v), Some(sd)) = (s.variance, s.std_dev) {
        writeln!(out, "  std dev    {}", figure(sd, 6))?;
        writeln!(out, "  variance   {}", figure(v, 6))?;
    }
    writeln!(out, "  fewest     {}", opt(fewest))?;
    writeln!(out, "  median     {}", opt(s.median))?;
    writeln!(out, "  mode       {}", opt(s.mode))?;
    let quantiles: Vec<String> = EXPECT_QUANTILES
        .iter()
        .map(|&(q, key)| format!("{}%: {}", q * 100.0, opt(s.quantiles[key])))
        .collect();
    writeln!(out, "  quantiles  {}", quantiles.join("  "))?;
    write_within(out, s)
}

/// The best play: each optional jump's choice, and the die of each square.
fn write_policy(out: &mut dyn Write, policy: &snl::answer::PolicyAnswer) -> Result<()> {
    writeln!(out, "best play (the least expected rolls):")?;
    for j in &policy.jumps {
        let play = match j.play.as_str() {
            "taken" => "take",
            "declined" => "stay",
            _ => "take or stay by the top values rolled in a row",
        };
        writeln!(out, "  {:<6} {:>5} -> {:<5} {play}", j.kind, j.from, j.to)?;
    }
    if let Some(by_square) = &policy.die_by_square {
        // Squares with the same die, on one line.
        for (from, to, &die) in equal_runs(by_square) {
            writeln!(out, "  on {:<12} roll {}", span(from, to), policy.dice[die])?;
        }
    }
    Ok(())
}

/// The runs of equal values in `values`: `(first, last, value)`, the first
/// and last index of each.
fn equal_runs<T: PartialEq>(values: &[T]) -> impl Iterator<Item = (usize, usize, &T)> {
    let mut from = 0;
    std::iter::from_fn(move || {
        let value = values.get(from)?;
        let len = values[from..].iter().take_while(|v| *v == value).count();
        let run = (from, from + len - 1, value);
        from += len;
        Some(run)
    })
}

/// `a`, or `a-b` for a span of several.
fn span<T: PartialEq + std::fmt::Display + Copy>(a: T, b: T) -> String {
    if a == b {
        format!("{a}")
    } else {
        format!("{a}-{b}")
    }
}

fn write_text(
    out: &mut dyn Write,
    loaded: &LoadedSubject,
    a: &ExpectAnswer,
    impact: Option<&[JumpImpact]>,
) -> Result<()> {
    header_subject(out, loaded)?;
    if let Some(bounds) = &a.error_bounds {
        return write_sparse(out, a, bounds);
    }
    if a.rolls.never_finishes > 0.0 {
        writeln!(
            out,
            "the pawn can get stuck: it never finishes with chance {:.6}",
            a.rolls.never_finishes
        )?;
    }
    if let Some(policy) = &a.policy {
        write_policy(out, policy)?;
    }
    write_count(out, "rolls", &a.rolls, a.min_rolls.map(|m| m as usize))?;
    if let Some(t) = &a.turns {
        write_count(out, "turns", t, t.min.flatten())?;
    }
    if let Some(v) = &a.visits {
        match &v.squares {
            None if v.unavailable.is_some() => {
                // The reason is the note on stderr, and `unavailable` in
                // the JSON answer.
                writeln!(out, "visits: not given (the note on stderr says why)")?;
            }
            None => writeln!(out, "visits: infinite (the pawn can get stuck)")?,
            Some(squares) => {
                writeln!(out, "visits (expected times per game):")?;
                writeln!(out, "  square  landings     rests")?;
                for sq in squares.iter().filter(|s| s.landings > 0.0 || s.rests > 0.0) {
                    writeln!(
                        out,
                        "  {:>6}  {:>8}  {:>8}",
                        sq.square,
                        figure(sq.landings, 4),
                        figure(sq.rests, 4)
                    )?;
                }
                writeln!(out, "  lost rolls {}", figure(v.lost.unwrap_or(0.0), 4))?;
                if loaded.subject.rules().bonus_limit().is_some() {
                    writeln!(out, "  sent back  {}", figure(v.resets.unwrap_or(0.0), 4))?;
                }
            }
        }
    }
    if let Some(list) = impact {
        writeln!(
            out,
            "impact (mean without each jump, largest change first):"
        )?;
        for i in list {
            let without = opt(i.mean_without.map(|m| figure(m, 4)));
            let change = match (i.change, i.changes_finiteness(a.rolls.mean)) {
                (Some(c), _) => signed_figure(c, 4),
                (None, true) if i.mean_without.is_some() => "no longer endless".to_string(),
                (None, true) => "becomes endless".to_string(),
                (None, false) => "-".to_string(),
            };
            writeln!(
                out,
                "  {:<6} {:>5} -> {:<5} without: {without:<12} change: {change}",
                i.jump.kind().to_string(),
                i.jump.from,
                i.jump.to
            )?;
        }
    }
    Ok(())
}

/// The sparse engine's answer: the mean and variance with the bound on the
/// error of each, the chance of never finishing, the fewest rolls, and
/// the chances within K it gives (below the fewest rolls).
fn write_sparse(
    out: &mut dyn Write,
    a: &ExpectAnswer,
    bounds: &snl::answer::ErrorBounds,
) -> Result<()> {
    let s = &a.rolls;
    if s.never_finishes > 0.0 {
        writeln!(
            out,
            "the pawn can get stuck: it never finishes with chance {:.6} (error at most {:.1e})",
            s.never_finishes, bounds.never_finishes
        )?;
    }
    writeln!(out, "rolls:")?;
    match s.mean {
        Some(mean) => writeln!(
            out,
            "  mean       {mean:.6} (error at most {:.1e})",
            bounds.mean
        )?,
        None => writeln!(
            out,
            "  mean       infinite: the game never ends with chance {:.6}",
            s.never_finishes
        )?,
    }
    if let Some(sd) = s.std_dev {
        writeln!(
            out,
            "  std dev    {sd:.6} (error at most {:.1e})",
            bounds.std_dev
        )?;
    }
    if let Some(v) = s.variance {
        writeln!(
            out,
            "  variance   {v:.6} (error at most {:.1e})",
            bounds.variance
        )?;
    }
    writeln!(out, "  fewest     {}", opt(a.min_rolls))?;
    write_within(out, s)?;
    Ok(())
}

/// The chances within K rolls asked for, `-` where not given.
fn write_within(out: &mut dyn Write, s: &LengthStats) -> Result<()> {
    for (k, p) in &s.within {
        let label = format!("within {k}");
        match p {
            Some(p) => writeln!(out, "  {label:<10} {:.6}%", p * 100.0)?,
            None => writeln!(out, "  {label:<10} -")?,
        }
    }
    Ok(())
}
