//! Budgets and cancellation: every analysis refuses what its estimate says
//! is over the budget before doing it, and stops cleanly when its token is
//! set, from another thread or at a deadline.

use std::time::{Duration, Instant};

use snl::limits::{Budget, Cancel, Control, LimitError};
use snl::markov::{self, MarkovError};
use snl::plan::{self, Analysis};
use snl::simulate::{self, Options};
use snl::{Board, Bonus, Game, Jump, Rules};

fn empty(squares: u32, rules: Rules) -> Game {
    Game::new(Board::empty(squares).unwrap(), rules).unwrap()
}

/// A board of `n` squares where every odd square from 3 on is a snake to
/// square 1: a pawn must roll an even number every time, so games last
/// about 10^15 rolls on 200 squares.
fn odd_snakes(n: u32) -> Game {
    let jumps = (3..n).step_by(2).map(|from| Jump { from, to: 1 });
    Game::new(Board::new(n, jumps).unwrap(), Rules::default()).unwrap()
}

fn cancelled() -> Control {
    let ctl = Control::new(Budget::DEFAULT);
    ctl.cancel.cancel();
    ctl
}

fn is_stop<T: std::fmt::Debug>(r: Result<T, impl Into<Stop>>) -> bool {
    match r {
        Ok(v) => panic!("expected a stop, got {v:?}"),
        Err(e) => e.into().0 == LimitError::Cancelled,
    }
}

/// Any library error that carries a [`LimitError`].
struct Stop(LimitError);

impl From<LimitError> for Stop {
    fn from(e: LimitError) -> Stop {
        Stop(e)
    }
}

impl From<MarkovError> for Stop {
    fn from(e: MarkovError) -> Stop {
        match e {
            MarkovError::Limit(e) => Stop(e),
            other => panic!("expected a stop, got {other}"),
        }
    }
}

impl From<snl::race::RaceError> for Stop {
    fn from(e: snl::race::RaceError) -> Stop {
        match e {
            snl::race::RaceError::Limit(e) => Stop(e),
            other => panic!("expected a stop, got {other}"),
        }
    }
}

impl From<snl::duel::DuelError> for Stop {
    fn from(e: snl::duel::DuelError) -> Stop {
        match e {
            snl::duel::DuelError::Limit(e) => Stop(e),
            other => panic!("expected a stop, got {other}"),
        }
    }
}

#[test]
fn a_set_token_stops_every_analysis() {
    let game = empty(100, Rules::default());
    let ctl = cancelled();
    assert!(is_stop(snl::shortest::solve_with(&game, &ctl)));
    assert!(is_stop(snl::shortest::min_rolls_with(&game, &ctl)));
    assert!(is_stop(snl::shortest::count_optimal_with(&game, &ctl)));
    assert!(is_stop(markov::stats_with(
        &game,
        &markov::LengthOptions::default(),
        &ctl
    )));
    assert!(is_stop(markov::expected_rolls_with(&game, &ctl)));
    assert!(is_stop(markov::exact_mean_with(
        &game,
        &markov::ExactOptions::default(),
        &ctl
    )));
    assert!(is_stop(markov::visits_with(&game, &ctl)));
    assert!(is_stop(markov::impact_with(&game, &ctl)));
    assert!(is_stop(snl::race::race_with(&game, &[1, 1], &ctl)));
    assert!(is_stop(snl::duel::duel_with(
        &game,
        snl::duel::DuelRules { bump: true },
        &ctl
    )));
}

#[test]
fn a_stopped_distribution_says_what_it_did_not_reach() {
    // Games on this board last about 10^15 rolls: the distribution is
    // stopped at once and leaves almost all of the chance unresolved.
    let game = odd_snakes(200);
    let options = markov::LengthOptions::default();
    let d = markov::distribution_with(&game, 1, &options, &cancelled()).unwrap();
    assert!(d.unresolved > 0.99, "{}", d.unresolved);
    assert_eq!(d.median(), None);
}

#[test]
fn a_token_set_from_another_thread_stops_a_long_solve() {
    // The frontal elimination of this board takes seconds; a token set
    // from another thread after 50 ms stops it within milliseconds.
    let jumps = (0..400).map(|i| Jump {
        from: 50_000 - 3 * i,
        to: 2 + 7 * i,
    });
    let game = Game::new(Board::new(50_001, jumps).unwrap(), Rules::default()).unwrap();
    let ctl = Control::new(Budget::UNLIMITED);
    let cancel = ctl.cancel.clone();
    let began = Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        cancel.cancel();
    });
    let no_cap = markov::ExactOptions {
        max_states: None,
        ..markov::ExactOptions::default()
    };
    let result = markov::exact_mean_with(&game, &no_cap, &ctl);
    stopper.join().unwrap();
    assert!(is_stop(result));
    assert!(
        began.elapsed() < Duration::from_secs(5),
        "{:?}",
        began.elapsed()
    );
}

/// How long `analysis` took to stop, on a control whose token another
/// thread sets 50 ms after it starts; it must have stopped for the token.
fn stopped_after<T: std::fmt::Debug, E: Into<Stop>>(
    analysis: impl FnOnce(&Control) -> Result<T, E>,
) -> Duration {
    let ctl = Control::new(Budget::UNLIMITED);
    let cancel = ctl.cancel.clone();
    let began = Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        cancel.cancel();
    });
    let result = analysis(&ctl);
    let took = began.elapsed();
    stopper.join().unwrap();
    assert!(is_stop(result));
    took
}

#[test]
fn a_token_set_while_the_tables_of_a_long_board_are_filled_stops_them() {
    // 2^28 squares, one ladder and one snake: each analysis first fills
    // tables a square long (up to a gigabyte each) and sweeps over them,
    // seconds of work before its search looks at the token. They look at
    // it a chunk of squares at a time, so Ctrl-C is seen at once. Before,
    // each went on for seconds (the mean's first sweep for a minute in a
    // debug build).
    let n: u32 = 1 << 28;
    let json = format!(
        r#"{{"squares": {n}, "ladders": [[2, 1000]], "snakes": [[{}, 5]]}}"#,
        n - 870
    );
    let parsed = snl::input::parse(json.as_bytes(), &snl::input::ParseOptions::default()).unwrap();
    let game = Game::new(parsed.spec.build().unwrap(), Rules::default()).unwrap();
    let bound = Duration::from_millis(1500);
    let check = stopped_after(|ctl| {
        match snl::check::check_with(&parsed.spec, &Rules::default(), ctl).skipped {
            Some(why) => Err(why.limit().cloned().expect("stopped by the token")),
            None => Ok(()),
        }
    });
    assert!(check < bound, "check stopped after {check:?}");
    let distances = stopped_after(|ctl| snl::shortest::distances_with(&game, ctl));
    assert!(
        distances < bound,
        "the distances stopped after {distances:?}"
    );
    let mean = stopped_after(|ctl| markov::moments_with(&game, snl::Unit::Rolls, ctl));
    assert!(mean < bound, "the mean stopped after {mean:?}");
}

#[test]
fn a_deadline_stops_like_a_token() {
    let game = odd_snakes(200);
    let ctl = Control {
        cancel: Cancel::new().with_deadline(Instant::now()),
        budget: Budget::UNLIMITED,
    };
    assert_eq!(
        snl::shortest::solve_with(&game, &ctl).unwrap_err(),
        LimitError::Deadline
    );
}

#[test]
fn costly_analyses_are_refused_up_front_with_the_figures() {
    // The duel of a 4,095-square board with a 1000-faced die: 16.8 million
    // states, each with a thousand moves.
    let rules = Rules {
        die: snl::Die::uniform(1000).unwrap(),
        ..Rules::default()
    };
    let game = empty(4095, rules);
    let estimate = plan::estimate(&game, Analysis::Duel);
    assert!(!estimate.fits(&Budget::DEFAULT), "{estimate}");
    let began = Instant::now();
    let err = snl::duel::duel_with(
        &game,
        snl::duel::DuelRules { bump: true },
        &Control::new(Budget::DEFAULT),
    )
    .unwrap_err();
    assert!(began.elapsed() < Duration::from_secs(1));
    assert!(
        err.to_string()
            .starts_with("the duel would take about 67 seconds of work, more than the budget"),
        "{err}"
    );
}

#[test]
fn a_huge_bonus_limit_is_refused_not_allocated() {
    // 4294967295 streaks a position: 4.3e11 chain states.
    let rules = Rules {
        bonus: Some(Bonus::with_limit(u32::MAX).unwrap()),
        ..Rules::default()
    };
    let game = empty(100, rules);
    let budget = Control::new(Budget::DEFAULT);
    let err = markov::stats_with(&game, &markov::LengthOptions::default(), &budget).unwrap_err();
    assert!(
        matches!(err, MarkovError::Limit(LimitError::Size { .. })),
        "{err}"
    );
    // Without a budget the size is refused all the same.
    assert!(markov::expected_rolls(&game).is_err());
    let err = snl::shortest::solve_with(&game, &budget).unwrap_err();
    assert!(matches!(err, LimitError::Memory { .. }), "{err}");
}

#[test]
fn a_simulation_stopped_keeps_the_games_it_played() {
    // Games that take a million rolls each: the token set after 100 ms
    // stops the games in play, and the finished ones are kept.
    let game = empty(3_000_000, Rules::default());
    let options = Options {
        games: 1_000_000_000_000_000,
        seed: 1,
        max_rolls: 10_000_000,
    };
    let ctl = Control::new(Budget::UNLIMITED);
    let cancel = ctl.cancel.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
    });
    let began = Instant::now();
    let sim = simulate::run_with(&game, &options, &ctl, |_| {}).unwrap();
    assert!(sim.stopped);
    assert!(
        began.elapsed() < Duration::from_secs(10),
        "{:?}",
        began.elapsed()
    );
    assert!(sim.games < options.games);

    // Stopped after its first games, a short-game simulation keeps them:
    // not only whole blocks.
    let game = empty(20, Rules::default());
    let ctl = Control::new(Budget::UNLIMITED);
    let sim = simulate::run_with(
        &game,
        &Options {
            games: 10 * simulate::BLOCK_GAMES,
            ..Options::default()
        },
        &ctl,
        |_| ctl.cancel.cancel(),
    )
    .unwrap();
    assert!(sim.stopped);
    assert!(
        sim.games > 0 && sim.games < simulate::BLOCK_GAMES,
        "{}",
        sim.games
    );
    assert_eq!(sim.rolls.total() + sim.capped, sim.games);
}

#[test]
fn long_games_are_counted_without_a_table_as_long_as_they_are() {
    // A cap of 10^12 rolls with games of about 580,000 rolls: the lengths
    // are kept in a map, not an array as long as the cap.
    let game = empty(2_000_000, Rules::default());
    let options = Options {
        games: 2,
        seed: 3,
        max_rolls: 1_000_000_000_000,
    };
    let sim = simulate::run(&game, &options).unwrap();
    assert_eq!(sim.finished(), 2);
    let longest = sim.rolls.longest().unwrap();
    assert!(longest > simulate::DENSE_LENGTHS, "{longest}");
    assert_eq!(
        sim.rolls.count(longest),
        1 + u64::from(sim.rolls.iter().count() == 1)
    );
    assert!(sim.lengths(snl::Unit::Rolls).mean().unwrap() > 500_000.0);
}

#[test]
fn the_mean_beyond_floating_point_is_an_error_not_infinity() {
    // 5,000 squares where every odd square from 3 on sends the pawn back
    // to 1: a pawn must roll about 1,250 even numbers in a row, and the
    // mean is past 1.8e308.
    let err = markov::expected_rolls(&odd_snakes(5000)).unwrap_err();
    assert_eq!(err, MarkovError::Overflow { unit: "rolls" });
    // On 2,000 squares it is finite (about 10^143), and so is the
    // deviation, although the variance (about 10^286) is large.
    let s = markov::moments(&odd_snakes(2000), snl::Unit::Rolls).unwrap();
    let (mean, sd) = (s.mean.unwrap(), s.std_dev.unwrap());
    assert!(mean > 1e140 && mean.is_finite(), "{mean}");
    assert!(
        (sd / mean - 1.0).abs() < 0.01,
        "a geometric tail: sd ≈ mean"
    );
    // On 2,600 squares the variance (about 10^370) is past floating point,
    // the deviation is not.
    let s = markov::moments(&odd_snakes(2600), snl::Unit::Rolls).unwrap();
    assert_eq!(s.variance, None);
    assert!(s.std_dev.unwrap().is_finite() && s.mean.unwrap() > 1e180);
}
