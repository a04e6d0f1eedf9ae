//! `snl expect`: the exact statistics of a one-player game's length.

use std::io::{IsTerminal, Write};
use std::sync::mpsc::RecvTimeoutError;

use anyhow::{Context, Result, bail};
use snl::answer::{
    EXPECT_QUANTILES, ExpectAnswer, Header, Impact, LeftOutReason, LengthStats, VisitsAnswer,
};
use snl::markov::{self, ExactOptions, Follow, LengthOptions, MarkovError};
use snl::plan::Engine;
use snl::words::{figure, signed_figure};
use snl::{Game, Unit};

use crate::board_arg::{BoardArgs, Chosen, LoadedGame, LoadedLong, RulesArgs, load_for};
use crate::control::{self, Explain};
use crate::output::{header, header_long, note, write_json};

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
/// A board in the pairs forms past 2^30 squares (up to 2^62) is answered by
/// the sparse engine, whose cost grows with the jumps: the mean, variance
/// and standard deviation with a bound on the error of each, the chance of
/// never finishing and the fewest rolls; not the distribution (--within,
/// --full), nor --exact, --visits, --impact or counts by turns.
// Flags are bools in clap.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl expect --preset milton-bradley
  snl expect testdata/seed-004-twenty.pairs.json --exact --within 5 --within 10
  snl expect --preset milton-bradley --bonus --bonus-limit 3 --json", super::EXIT_CODES))]
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

    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
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

/// The visits, or why they are left out: visits that cannot be trusted,
/// are over the budget or did not converge within it leave the rest of the
/// answer standing (the mean is given, with why the visits are not). A stop
/// by Ctrl-C and a failed allocation end the command.
fn visits(game: &snl::Game, ctl: &snl::limits::Control) -> Result<VisitsAnswer> {
    use snl::limits::LimitError;
    match markov::visits_with(game, ctl) {
        Ok(v) => Ok(VisitsAnswer::new(v.as_ref())),
        Err(
            e @ (MarkovError::Inaccurate { .. }
            | MarkovError::NotConverged { .. }
            | MarkovError::Limit(LimitError::Memory { .. } | LimitError::Work { .. })),
        ) => {
            let why = format!("{:#}", control::explain(e));
            note(&format!("the visits are not given: {why}"));
            Ok(VisitsAnswer::unavailable(why))
        }
        Err(e) => Err(control::explain(e)),
    }
}

/// `run`, an analysis estimated at `work` units, with a bar on stderr
/// showing the work it records against that, when stderr is a terminal.
fn with_progress<T>(
    work: u64,
    ctl: &snl::limits::Control,
    run: impl FnOnce() -> Result<T>,
) -> Result<T> {
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(work);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {percent}% of the estimate, {eta} left",
            )
            .expect("the template is valid"),
        );
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    // The drawing thread wakes every 200 ms, and at once when `finished`
    // is dropped, so the bar adds no wait at the end of the run.
    let (finished, wait) = std::sync::mpsc::channel::<()>();
    let base = ctl.cancel.work_done();
    let answer = std::thread::scope(|scope| {
        let bar = &bar;
        scope.spawn(move || {
            let tick = std::time::Duration::from_millis(200);
            loop {
                bar.set_position((ctl.cancel.work_done() - base).min(work));
                if wait.recv_timeout(tick) != Err(RecvTimeoutError::Timeout) {
                    break;
                }
            }
        });
        let answer = run();
        drop(finished);
        answer
    });
    bar.finish_and_clear();
    answer
}

/// The first option asked for that only the dense engine answers; the
/// sparse one answers boards past the dense engine's size, with the
/// moments alone.
fn dense_only(args: &Args) -> Option<&'static str> {
    [
        (args.exact, "--exact"),
        (!args.within.is_empty(), "--within"),
        (args.visits, "--visits"),
        (args.impact, "--impact"),
        (args.full, "--full"),
    ]
    .into_iter()
    .find_map(|(asked, what)| asked.then_some(what))
}

/// Runs `snl expect`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<std::process::ExitCode> {
    // The best play of a choice is found on the tables a square long.
    let within = match args.goal {
        snl::choice::Goal::Within(k) => Some(k),
        _ => None,
    };
    let dense = dense_only(args)
        .or((!args.choose_die.is_empty()).then_some("--choose-die"))
        .or(within.map(|_| "--goal within:K"));
    // The moments go where they are quicker, and the distribution, when
    // it is followed, takes the dense engine.
    let analysis = snl::plan::Analysis::Markov(markov::Measure::Mean);
    let loaded = match load_for(&args.board, &args.rules, analysis, dense, true)? {
        Chosen::Dense(loaded) => loaded,
        Chosen::Sparse(long) => {
            let found =
                snl::plan::expect_sparse::expect_long(&long.game, control::get()).budget()?;
            if found.chosen.engine == Engine::Sparse {
                return run_sparse(args, &long, &found, out);
            }
            long.into_dense()?
        }
    };
    if let Some(k) = within {
        return run_within(args, &loaded, k, out);
    }
    if !loaded.rules().optional.is_none() || !args.choose_die.is_empty() {
        return run_choice(args, &loaded, out);
    }
    run_plain(args, &loaded, &loaded.game, None, out)
}

/// `snl expect --goal within:K`: the best play for finishing within K
/// rolls, and its chance.
fn run_within(
    args: &Args,
    loaded: &LoadedGame,
    rolls: u64,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    if let Some(other) = dense_only(args) {
        bail!(
            "{other} is not given with --goal within:K: it is a figure of the play best for the mean, and this play is best for finishing within {rolls} rolls (leave out --goal for it)"
        );
    }
    let game = &loaded.game;
    let options = snl::choice::Options {
        dice: args.choose_die.clone(),
        ..snl::choice::Options::default()
    };
    let best = snl::choice::within_with(game, &options, rolls, control::get())
        .budget()
        .with_context(|| format!("--goal within:{rolls}"))?;
    let answer = snl::answer::WithinAnswer::new(
        Header::new(loaded.board.name(), game),
        &best,
        !args.choose_die.is_empty(),
    );
    crate::timings::analysis();
    if args.json {
        write_json(out, &answer)?;
        return Ok(control::exit_code());
    }
    header(out, loaded)?;
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

/// `snl expect` with a choice: the best play, then the statistics of the
/// plain game it is when it is one.
fn run_choice(
    args: &Args,
    loaded: &LoadedGame,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    if args.impact {
        anyhow::bail!(
            "--impact is not given with a choice (--optional, --choose-die): each jump's effect would need the best play solved again without it"
        );
    }
    let game = &loaded.game;
    let ctl = control::get();
    let options = snl::choice::Options {
        dice: args.choose_die.clone(),
        exact: args.exact,
        max_exact_states: control::forced().then_some(usize::MAX),
    };
    let solution = match snl::choice::solve_with(game, &options, ctl) {
        Err(e @ snl::choice::ChoiceError::TooLarge(_)) => {
            return Err(
                anyhow::Error::new(e).context("--exact (--force tries it anyway, under no budget)")
            );
        }
        other => other.budget().context("the best play")?,
    };
    if let Some(plain) = solution.plain(game)? {
        return run_plain(args, loaded, &plain, Some(&solution), out);
    }
    let answer = ExpectAnswer::of_choice(
        Header::new(loaded.board.name(), &loaded.game),
        &solution,
        &args.within,
        !args.choose_die.is_empty(),
    );
    crate::timings::analysis();
    note_left_out(&answer);
    if args.json {
        write_json(out, &answer)?;
    } else {
        write_text(out, loaded, &answer, None)?;
    }
    Ok(control::exit_code())
}

/// The statistics of `game` (the loaded game, or the plain game the best
/// play is, with its policy and exact mean).
fn run_plain(
    args: &Args,
    loaded: &LoadedGame,
    game: &Game,
    choice: Option<&snl::choice::Solution>,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    let bonus = game.rules().bonus.is_some();
    let ctl = control::get();
    // The documented limit of --exact, unless --force: the elimination's
    // cost grows with the cube of the states and the digits of its
    // fractions, and past it the budget alone decides.
    let exact =
        |unit: Unit| {
            let options = ExactOptions {
                unit,
                max_states: (!control::forced()).then_some(markov::exact::MAX_EXACT_STATES),
            };
            match markov::exact_mean_with(game, &options, ctl) {
                Err(e @ MarkovError::TooLarge(_)) => Err(anyhow::Error::new(e)
                    .context("--exact (--force tries it anyway, under no budget)")),
                other => other.budget().context("--exact"),
            }
        };
    let follow = if args.full {
        Follow::Whole
    } else {
        Follow::IfItFits
    };
    let stats = |unit: Unit| -> Result<markov::Stats> {
        let options = LengthOptions {
            unit,
            follow,
            ..LengthOptions::default()
        };
        // The moments first, solved once: they say what following the
        // whole distribution will cost, for the progress bar.
        let moments = markov::moments_with(game, unit, ctl).budget()?;
        let run = || markov::stats_from(game, moments, &options, ctl).budget();
        let long = markov::distribution_cost(game, &moments, unit)
            .map(|(_, work)| work)
            .filter(|&work| args.full && work > markov::FOLLOW_WORK);
        match long {
            Some(work) => {
                note(&format!(
                    "following the whole distribution of {}: {} (Ctrl-C stops it and keeps \
                     what was followed)",
                    unit.plural(),
                    snl::words::about_time(work)
                ));
                with_progress(work, ctl, run)
            }
            None => run(),
        }
    };
    let rolls = stats(Unit::Rolls)?;
    let policy = choice.map(|s| snl::answer::PolicyAnswer::new(s, !args.choose_die.is_empty()));
    let exact_rolls = match choice {
        Some(solution) => solution.exact.clone(),
        None if args.exact => exact(Unit::Rolls)?,
        None => None,
    };
    let turns = if bonus {
        let stats = stats(Unit::Turns)?;
        let exact_turns = if args.exact && policy.is_none() {
            exact(Unit::Turns)?
        } else {
            None
        };
        Some((stats, exact_turns))
    } else {
        None
    };
    let visits = if args.visits {
        Some(visits(game, ctl)?)
    } else {
        None
    };
    let impact = if args.impact {
        Some(markov::impact_with(game, ctl).budget()?)
    } else {
        None
    };
    let min_rolls = snl::shortest::min_rolls_with(game, ctl).budget()?;
    let answer = ExpectAnswer {
        visits,
        impact: impact
            .as_ref()
            .map(|list| list.iter().map(Impact::from).collect()),
        policy,
        ..ExpectAnswer::dense(
            Header::new(loaded.board.name(), &loaded.game),
            (&rolls, exact_rolls.as_ref()),
            turns.as_ref().map(|(t, exact)| (t, exact.as_ref())),
            &args.within,
            min_rolls,
        )
    };
    crate::timings::analysis();
    note_left_out(&answer);
    if args.json {
        write_json(out, &answer)?;
    } else {
        write_text(out, loaded, &answer, impact.as_deref())?;
    }
    // Ctrl-C stops the distribution where it is: the answer above is what
    // was resolved by then, and says so.
    Ok(control::exit_code())
}

/// `snl expect` by the engine for boards of any length: the mean and
/// variance of the number of rolls with their error bounds, the chance of
/// never finishing, the fewest rolls.
fn run_sparse(
    args: &Args,
    loaded: &LoadedLong,
    found: &snl::plan::expect_sparse::LongExpect,
    out: &mut dyn Write,
) -> Result<std::process::ExitCode> {
    let game = &loaded.game;
    let Some((moments, min_rolls)) = found.answer else {
        // The sparse engine answers every game but one with the bonus rule.
        let refused = snl::plan::DenseOnly {
            what: "counting the statistics by turns (the bonus rule)".to_string(),
            squares: game.goal(),
        };
        bail!("{}: {refused}", loaded.board.source);
    };
    let answer = ExpectAnswer::from_long(
        Header::of_long(loaded.board.name(), game),
        &moments,
        min_rolls,
        found.chosen.over.as_ref(),
    );
    crate::timings::analysis();
    control::check_interrupted()?;
    note_left_out(&answer);
    if args.json {
        write_json(out, &answer)?;
        return Ok(std::process::ExitCode::SUCCESS);
    }
    header_long(out, loaded)?;
    let bounds = answer
        .error_bounds
        .expect("the sparse engine states its bounds");
    let s = &answer.rolls;
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
    writeln!(out, "  fewest     {}", opt(answer.min_rolls))?;
    Ok(std::process::ExitCode::SUCCESS)
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
    for (k, p) in &s.within {
        let label = format!("within {k}");
        match p {
            Some(p) => writeln!(out, "  {label:<10} {:.6}%", p * 100.0)?,
            None => writeln!(out, "  {label:<10} -")?,
        }
    }
    Ok(())
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
    loaded: &LoadedGame,
    a: &ExpectAnswer,
    impact: Option<&[markov::JumpImpact]>,
) -> Result<()> {
    let game: &Game = &loaded.game;
    header(out, loaded)?;
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
                if game.rules().bonus_limit().is_some() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_adds_no_wait_at_the_end() {
        let ctl = snl::limits::Control::new(snl::limits::Budget::DEFAULT);
        let start = std::time::Instant::now();
        let answer = with_progress(u64::MAX, &ctl, || Ok(7)).unwrap();
        assert_eq!(answer, 7);
        // The drawing thread ticks every 200 ms; ending must not wait for it.
        assert!(start.elapsed() < std::time::Duration::from_millis(150));
    }
}
