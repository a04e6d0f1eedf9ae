//! `snl simulate`: play many games with a real die and count their lengths.

use std::io::{IsTerminal, Write};

use anyhow::Result;
use snl::answer::{Header, SIMULATE_QUANTILES, SimulateAnswer, SimulatedLengths};
use snl::simulate::{self, Options};
use snl::words::plural;

use crate::board_arg::{BoardArgs, RulesArgs, load_game};
use crate::control::{self, Explain};
use crate::output::{header, note, write_json};
use snl::plan::DenseWork;

/// Play many games with a real die and report how long they take.
///
/// Prints the mean number of rolls with its 95 % confidence interval, the
/// exact mean beside it (from the Markov chain) and how many standard errors
/// apart the two are, the median, quantiles and a histogram. The games are
/// split into fixed blocks seeded from --seed, so a seed gives the same
/// numbers on any number of cores. A game still running after --max-rolls
/// rolls is stopped and counted as capped. Ctrl-C stops early and reports
/// the games played so far.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl simulate testdata/seed-004-twenty.pairs.json --games 200000 --seed 7
  snl simulate --preset milton-bradley --json", super::EXIT_CODES))]
pub struct Args {
    /// How many games to play [default: 100000].
    #[arg(
        long,
        default_value_t = 100_000,
        value_name = "N",
        hide_default_value = true
    )]
    pub games: u64,

    /// The seed of every random number [default: 0].
    #[arg(long, default_value_t = 0, value_name = "S", hide_default_value = true)]
    pub seed: u64,

    /// Stop a game after this many rolls and count it as capped
    /// [default: 100000].
    #[arg(long, default_value_t = simulate::DEFAULT_MAX_ROLLS, value_name = "N", hide_default_value = true)]
    pub max_rolls: u64,

    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs `snl simulate`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<std::process::ExitCode> {
    let loaded = load_game(&args.board, &args.rules, DenseWork::Simulation)?;
    let game = &loaded.game;
    let options = Options {
        games: args.games,
        seed: args.seed,
        max_rolls: args.max_rolls,
    };
    let ctl = control::get();
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(args.games);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {human_pos}/{human_len} games, {rate} games/s, {eta} left",
            )
            .expect("the template is valid")
            // A whole number of games a second, grouped like the counts:
            // indicatif's own rate shows four decimals of noise.
            .with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{}", indicatif::HumanCount(state.per_sec() as u64));
                },
            ),
        );
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let sim = simulate::run_with(game, &options, ctl, |n| bar.inc(n)).budget();
    bar.finish_and_clear();
    let sim = sim?;
    if sim.stopped {
        let why = if control::interrupted() {
            "by Ctrl-C"
        } else {
            "at the budget of work (--force plays them all)"
        };
        note(&format!(
            "stopped early {why}: {} of {} games played",
            sim.games, args.games
        ));
    }
    if sim.capped > 0 {
        note(&format!(
            "{} stopped at {} rolls without finishing; the mean counts only finished games",
            plural(sim.capped, "game was", "games were"),
            args.max_rolls
        ));
    }
    let bonus = game.rules().bonus.is_some();
    // The exact mean beside the simulated one; when it cannot be had (over
    // the budget, or after Ctrl-C) the text says why rather than calling it
    // unbounded.
    let exact = |by_turns: bool| -> Result<Option<f64>, String> {
        if control::interrupted() {
            return Err("not computed after Ctrl-C".to_string());
        }
        let mean = if by_turns {
            snl::markov::expected_turns_with(game, ctl)
        } else {
            snl::markov::expected_rolls_with(game, ctl)
        };
        mean.map_err(|e| format!("not computed: {}", control::explain(e)))
    };
    let exact_rolls = exact(false);
    let exact_turns = if bonus { exact(true) } else { Ok(None) };
    let answer = SimulateAnswer::new(
        Header::new(loaded.board.name(), game),
        &sim,
        args.seed,
        exact_rolls.clone().ok().flatten(),
        exact_turns.clone().ok().flatten(),
    );
    if args.json {
        write_json(out, &answer)?;
    } else {
        header(out, &loaded)?;
        writeln!(
            out,
            "games: {} (seed {}, at most {} rolls each){}",
            sim.games,
            args.seed,
            args.max_rolls,
            if sim.capped > 0 {
                format!(", {} capped", sim.capped)
            } else {
                String::new()
            }
        )?;
        write_lengths(out, "rolls", &answer.rolls, exact_rolls.err(), sim.capped)?;
        if let Some(turns) = &answer.turns {
            write_lengths(out, "turns", turns, exact_turns.err(), sim.capped)?;
        }
    }
    Ok(control::exit_code())
}

fn write_lengths(
    out: &mut dyn Write,
    unit: &str,
    l: &SimulatedLengths,
    exact_failed: Option<String>,
    capped: u64,
) -> Result<()> {
    let Some(mean) = l.mean else {
        writeln!(out, "{unit} per game: no game finished")?;
        return Ok(());
    };
    let ci = l.ci95.map_or(String::new(), |[a, b]| {
        format!(" (95% CI {a:.3} to {b:.3})")
    });
    let exact_text = match (l.exact_mean, l.z) {
        (Some(e), Some(z)) => format!(", exact {e:.3}, {z:+.2} standard errors apart"),
        (Some(e), None) => format!(", exact {e:.3}"),
        (None, _) => match exact_failed {
            Some(why) => format!(", exact: {why}"),
            None => ", exact: unbounded (a game may never end)".to_string(),
        },
    };
    writeln!(out, "{unit} per game: mean {mean:.3}{ci}{exact_text}")?;
    let show = |q: Option<u64>| q.map_or("capped".to_string(), |v| v.to_string());
    let quantiles: Vec<String> = SIMULATE_QUANTILES
        .iter()
        .map(|&(q, key)| format!("{}% {}", q * 100.0, show(l.quantiles[key])))
        .collect();
    writeln!(out, "median {}; {}", show(l.median), quantiles.join(", "))?;
    write_histogram(out, l, capped)?;
    Ok(())
}

/// Up to 20 bins of equal width from 0 to the 99th percentile, and one for
/// the rest, each with a bar of up to 40 `#`.
fn write_histogram(out: &mut dyn Write, l: &SimulatedLengths, capped: u64) -> Result<()> {
    let last = l.counts().last().map_or(0, |(n, _)| n);
    let top = l.quantiles["0.99"].unwrap_or(last).min(last);
    let width = top / 20 + 1;
    let mut counts = vec![0u64; (top / width + 1) as usize];
    let mut rest = 0u64;
    for (n, c) in l.counts() {
        if n <= top {
            counts[(n / width) as usize] += c;
        } else {
            rest += c;
        }
    }
    let mut bins: Vec<(String, u64)> = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let low = i as u64 * width;
            let high = (low + width - 1).min(top);
            let label = if low == high {
                low.to_string()
            } else {
                format!("{low}-{high}")
            };
            (label, c)
        })
        .collect();
    if rest > 0 {
        bins.push((format!("{}+", top + 1), rest));
    }
    if capped > 0 {
        bins.push(("capped".to_string(), capped));
    }
    let most = bins.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let label_width = bins.iter().map(|b| b.0.len()).max().unwrap_or(0);
    for (label, count) in &bins {
        let bar = "#".repeat((count * 40).div_ceil(most) as usize);
        writeln!(out, "  {label:>label_width$}  {count:>10}  {bar}")?;
    }
    Ok(())
}
