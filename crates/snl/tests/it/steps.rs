//! The search step by step against the textbook search: each step's
//! squares are those at that many rolls, and its game replays.

use num_traits::ToPrimitive;
use proptest::prelude::*;
use snl::choice;
use snl::limits::Control;
use snl::markov::rolls::RollByRoll;
use snl::plan::{self, StepsQuery, Subject};
use snl::shortest::steps::steps;
use snl::{BoardSpec, Jump, Pawn, Rules};
use snl_props::oracle;

use crate::strategies;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Step t lists exactly the squares the textbook queue first reaches
    /// with t rolls, up to the fewest rolls (or every square reached when
    /// the last cannot be), and its optimal game replays under the rules.
    #[test]
    fn each_step_is_the_textbook_frontier(game in strategies::game(1..=40)) {
        let told = steps(&game, &Control::default()).unwrap();
        let dist = oracle::queue_distances(&game, game.start());
        let goal = game.goal();
        prop_assert_eq!(told.min_rolls, dist[goal as usize]);
        let last = told.frontiers.last().unwrap().rolls;
        if let Some(m) = told.min_rolls {
            prop_assert_eq!(last, m);
        } else {
            prop_assert_eq!(Some(last), dist.iter().flatten().copied().max());
        }
        for (t, f) in told.frontiers.iter().enumerate() {
            prop_assert_eq!(f.rolls as usize, t);
            let want: Vec<u32> = (0..dist.len() as u32)
                .filter(|&p| dist[p as usize] == Some(f.rolls))
                .collect();
            prop_assert_eq!(&f.squares, &want, "step {}", t);
            if t > 0 {
                prop_assert_eq!(f.arrivals.len(), f.squares.len());
                // A move from a state of the step before: its square was
                // reached by then (sooner, on another streak of top values).
                for a in &f.arrivals {
                    prop_assert!(dist[a.from as usize].is_some_and(|d| d < f.rolls), "{:?}", a);
                }
            }
        }
        // The game it names replays, roll by roll, to the last square.
        let mut pawn = Pawn { at: game.start(), streak: 0 };
        for m in &told.path {
            let played = game.play(pawn, m.roll);
            prop_assert_eq!(played.pawn.at, m.to);
            pawn = played.pawn;
        }
        if let Some(m) = told.min_rolls {
            prop_assert_eq!(told.path.len(), m as usize);
            prop_assert!(m == 0 || pawn.at == goal);
        }
        // Every step has its sentences, and the last names the answer.
        let last_words = told.sentences(&game, told.frontiers.len() - 1);
        prop_assert!(last_words.last().unwrap().contains("last square"));
    }

    /// Where jumps may be declined, the steps reach the last square in the
    /// fewest rolls the search of choices finds, by a game of that length.
    #[test]
    fn steps_under_choices_reach_the_fewest_rolls(game in strategies::choosing_game(1..=30)) {
        let told = steps(&game, &Control::default()).unwrap();
        prop_assert_eq!(told.min_rolls, snl::shortest::min_rolls(&game).unwrap());
        let mut all: Vec<u32> = told.frontiers.iter().flat_map(|f| f.squares.clone()).collect();
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        prop_assert_eq!(all.len(), count, "a square is first reached once");
        if let Some(m) = told.min_rolls {
            prop_assert_eq!(told.path.len(), m as usize);
        }
    }
}

#[test]
fn a_search_longer_than_the_limit_is_refused_with_its_length() {
    // An empty board of 100 squares takes 17 rolls: 18 steps.
    let subject = Subject::new(BoardSpec::of_jumps(100, []), Rules::default()).unwrap();
    let query = StepsQuery { limit: 10 };
    let err = plan::solve_steps(&subject, &query, &Control::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the search takes 18 steps (the start's and one a roll), more than the 10 listed unless told; raise the limit to list them all"
    );
    let told = plan::solve_steps(&subject, &StepsQuery { limit: 18 }, &Control::default()).unwrap();
    assert_eq!(told.steps.min_rolls, Some(17));
}

#[test]
fn a_declined_jump_is_told() {
    // Only 3s: from 1, a 3 lands on 4, whose ladder to 8 overshoots
    // nothing, yet staying on 4 then 7 then 10 is the only way to finish.
    let spec = BoardSpec::of_jumps(10, [Jump { from: 4, to: 8 }]);
    let rules = Rules {
        die: "0,0,1".parse().unwrap(),
        optional: snl::Optional::Ladders,
        ..Rules::default()
    };
    let subject = Subject::new(spec, rules).unwrap();
    let told = plan::solve_steps(&subject, &StepsQuery::default(), &Control::default()).unwrap();
    assert_eq!(told.steps.min_rolls, Some(3));
    let words = told.text.concat().join("\n");
    assert!(
        words
            .contains("Roll 1 from 1 lands on 4, stays, declining a ladder to 8: 4 first reached."),
        "{words}"
    );
    assert!(
        words.contains("1 -(3)-> 4 (jump declined) -(3)-> 7 -(3)-> 10."),
        "{words}"
    );
}

/// The chances after each roll by the textbook: `ψ_t = ψ_{t−1} P` over
/// (position, streak), every roll played by [`snl::Game::play`] and summed
/// into plain maps; what each roll landed on and did, by square.
struct Textbook {
    on: Vec<f64>,
    landed: Vec<f64>,
    finished: f64,
    climbed: f64,
    slid: f64,
    lost: f64,
    reset: f64,
}

fn textbook_rolls(game: &snl::Game, rolls: u32) -> Vec<Textbook> {
    use std::collections::BTreeMap;
    let squares = game.positions();
    let start = Pawn {
        at: game.start(),
        streak: 0,
    };
    let mut now: BTreeMap<(u32, u32), f64> = BTreeMap::new();
    let mut finished = 0.0;
    if start.at == game.goal() {
        finished = 1.0;
    } else {
        now.insert((start.at, 0), 1.0);
    }
    let by_square = |now: &BTreeMap<(u32, u32), f64>, finished: f64| {
        let mut on = vec![0.0; squares];
        for (&(at, _), &p) in now {
            on[at as usize] += p;
        }
        on[squares - 1] = finished;
        on
    };
    let mut out = vec![Textbook {
        on: by_square(&now, finished),
        landed: vec![0.0; squares],
        finished,
        climbed: 0.0,
        slid: 0.0,
        lost: 0.0,
        reset: 0.0,
    }];
    for _ in 0..rolls {
        let mut next = BTreeMap::new();
        let mut landed = vec![0.0; squares];
        let (mut climbed, mut slid, mut lost, mut reset) = (0.0, 0.0, 0.0, 0.0);
        for (&(at, streak), &p) in &now {
            for (value, chance) in game.rules().die.chances() {
                let q = p * chance;
                let played = game.play(Pawn { at, streak }, value);
                if played.reset {
                    reset += q;
                } else if let Some(m) = played.moved {
                    landed[m.land as usize] += q;
                    if m.to > m.land {
                        climbed += q;
                    } else if m.to < m.land {
                        slid += q;
                    }
                } else {
                    lost += q;
                }
                if played.pawn.at == game.goal() {
                    finished += q;
                } else {
                    *next
                        .entry((played.pawn.at, played.pawn.streak))
                        .or_insert(0.0) += q;
                }
            }
        }
        now = next;
        out.push(Textbook {
            on: by_square(&now, finished),
            landed,
            finished,
            climbed,
            slid,
            lost,
            reset,
        });
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Each roll's chances are the textbook's, square by square, to 1e-12;
    /// the chance of having finished is the running sum of the
    /// distribution of the length; and every step has its sentences.
    #[test]
    fn each_roll_is_the_textbook_chances(game in strategies::game(1..=40), rolls in 0u32..60) {
        let ctl = Control::default();
        let mut walk = RollByRoll::new(&game, u64::from(rolls), &ctl).unwrap();
        let want = textbook_rolls(&game, rolls);
        let pmf = snl::markov::distribution(&game).unwrap().pmf;
        let mut sum = 0.0;
        for (t, w) in want.iter().enumerate() {
            if t > 0 {
                walk.roll(&ctl).unwrap();
            }
            let s = walk.step();
            prop_assert_eq!(s.rolls as usize, t);
            for (what, got, want) in [
                ("finished", s.finished, w.finished),
                ("climbed", s.climbed, w.climbed),
                ("slid", s.slid, w.slid),
                ("lost", s.lost, w.lost),
                ("reset", s.reset, w.reset),
            ] {
                prop_assert!((got - want).abs() < 1e-12, "roll {}: {} {} against {}", t, what, got, want);
            }
            for square in 0..game.positions() {
                prop_assert!((s.on[square] - w.on[square]).abs() < 1e-12, "roll {}: on {}", t, square);
                prop_assert!((s.landed[square] - w.landed[square]).abs() < 1e-12, "roll {}: landed {}", t, square);
            }
            prop_assert!((s.on.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            if let Some(p) = pmf.get(t) {
                sum += p;
                prop_assert!((s.finished - sum).abs() < 1e-12, "roll {}: {} against the pmf's {}", t, s.finished, sum);
            }
            prop_assert!(!s.sentences().is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Policy iteration round by round: the first round changes nothing,
    /// every later one changes some choice and never makes the value worse
    /// (beyond rounding), and the last round's value is the best play's
    /// mean, and its exact fraction to 1e-9.
    #[test]
    fn each_round_improves_and_the_last_is_the_exact_best(
        game in strategies::choosing_game(1..=25),
        pick in 0usize..3,
    ) {
        let dice: Vec<snl::Die> = match pick {
            0 => Vec::new(),
            1 => vec!["d6".parse().unwrap(), "d4".parse().unwrap()],
            _ => vec!["d6".parse().unwrap(), "1,1".parse().unwrap()],
        };
        let options = choice::Options { dice, exact: true, keep_rounds: true, ..choice::Options::default() };
        let best = choice::solve(&game, &options).unwrap();
        let rounds = &best.rounds_made;
        prop_assert!(!rounds.is_empty());
        prop_assert!(rounds[0].switches.is_empty());
        for pair in rounds.windows(2) {
            prop_assert!(!pair[1].switches.is_empty());
            if let (Some(a), Some(b)) = (pair[0].value, pair[1].value) {
                prop_assert!(b <= a + 1e-9 * a.abs().max(1.0), "{} then {}", a, b);
            }
        }
        let last = rounds.last().unwrap().value;
        if game.starts_finished() {
            prop_assert_eq!(best.mean, Some(0.0));
        } else {
            prop_assert_eq!(last, best.mean);
        }
        if let (Some(v), Some(exact)) = (last, &best.exact) {
            let exact = exact.to_f64().unwrap();
            prop_assert!((v - exact).abs() < 1e-9 * exact.abs().max(1.0), "{} against {}", v, exact);
        }
        for i in 0..rounds.len() {
            let text = choice::rounds::sentences(rounds, i, &game, &best.dice);
            let heading = format!("Round {}:", i + 1);
            prop_assert!(text[0].starts_with(&heading), "{:?}", text);
        }
        let words = choice::rounds::sentences(rounds, rounds.len() - 1, &game, &best.dice);
        prop_assert!(words.last().unwrap().starts_with("No choice is better"));
        // The last round's play is the best play (unless the exact
        // iteration changed a choice rounding could not tell).
        let play = &rounds.last().unwrap().play;
        if best.exact_rounds <= 1 {
            for p in &play.declined {
                prop_assert!(best.policy.declines(p.at, p.streak), "{:?}", p);
            }
            if options.dice.len() > 1 {
                prop_assert_eq!(&play.die_by_square, &best.policy.dice_by_square());
            }
        }
        // Not asked for, the rounds are not kept.
        let plain = choice::solve(&game, &choice::Options { keep_rounds: false, ..options }).unwrap();
        prop_assert!(plain.rounds_made.is_empty());
    }
}

#[test]
fn a_stretch_of_rolls_is_the_same_rolls_of_the_whole() {
    // Milton Bradley's board: 60 rolls, and rolls 25 to 49 alone.
    let preset = snl::presets::find("milton-bradley").unwrap();
    let subject = Subject::new(preset.parse().spec, preset.rules()).unwrap();
    let ctl = Control::default();
    let whole = plan::expect_steps(&subject, 60, &StepsQuery::default(), &ctl).unwrap();
    let stretch = plan::expect_steps_from(&subject, 25, 49, &StepsQuery::default(), &ctl).unwrap();
    assert_eq!(stretch.len(), 25);
    assert_eq!(stretch[..], whole[25..50]);
    // From past the end of every game (any roll finishes): nothing.
    let rules = Rules {
        finish: snl::Finish::Pass,
        ..Rules::default()
    };
    let two = Subject::new(BoardSpec::of_jumps(2, []), rules).unwrap();
    let none = plan::expect_steps_from(&two, 5, 9, &StepsQuery::default(), &ctl).unwrap();
    assert!(none.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The rolls from `from` on are the same steps, bit for bit, as those
    /// of the whole walk from roll 0, the rolls before them carried with
    /// the chances alone; a stretch past the end of every game is empty.
    #[test]
    fn any_stretch_of_rolls_is_the_same_rolls_of_the_whole(
        game in strategies::game(1..=30),
        from in 0u32..40,
        more in 0u32..6,
    ) {
        let subject = Subject::of_game(game);
        let ctl = Control::default();
        let query = StepsQuery::default();
        let whole = plan::expect_steps(&subject, from + more, &query, &ctl).unwrap();
        let stretch = plan::expect_steps_from(&subject, from, from + more, &query, &ctl).unwrap();
        let expected = whole.get(from as usize..).unwrap_or_default();
        prop_assert_eq!(&stretch[..], expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Stretches asked one after another with a walk kept between them
    /// (forwards, backwards, overlapping, and a second game between) are
    /// the same steps, bit for bit, as each asked afresh.
    #[test]
    fn a_walk_kept_between_stretches_changes_no_step(
        game in strategies::game(1..=30),
        other in strategies::game(1..=30),
        asks in proptest::collection::vec((0u32..60, 0u32..8, any::<bool>()), 1..8),
    ) {
        let (one, two) = (Subject::of_game(game), Subject::of_game(other));
        let ctl = Control::default();
        let mut kept = plan::KeptWalk::default();
        for (from, more, of_other) in asks {
            let subject = if of_other { &two } else { &one };
            let ask = plan::StepsAsk {
                of: plan::StepsOf::Game { rolls: Some(from + more) },
                dice: Vec::new(),
                query: StepsQuery::default(),
                from,
            };
            // Under a choice both refuse the rolls alike.
            let fresh = plan::steps(subject, &ask, &ctl);
            match (fresh, plan::steps_kept(subject, &ask, &ctl, &mut kept)) {
                (Ok(fresh), Ok(carried)) => prop_assert_eq!(carried, fresh),
                (Err(fresh), Err(carried)) => {
                    prop_assert_eq!(carried.to_string(), fresh.to_string());
                }
                (fresh, carried) => prop_assert!(false, "{:?} against {:?}", carried, fresh),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every square's first-step equation holds with its values (its
    /// chances add up to 1, and 1 + Σ p·E is its mean), each term's value
    /// is the equation of the square it names, and the start's mean is the
    /// textbook's (Gauss–Jordan on the whole chain).
    #[test]
    fn each_equation_holds_and_the_starts_is_the_exact_mean(game in strategies::game(1..=30)) {
        let ctl = Control::default();
        let mut found = std::collections::HashMap::new();
        for square in 0..=game.goal() {
            if let Some(e) = snl::markov::equation::equation(&game, square, &ctl).unwrap() {
                let total: f64 = e.terms.iter().map(|t| t.chance.0 as f64 / t.chance.1 as f64).sum();
                prop_assert!((total - 1.0).abs() < 1e-12, "square {}: chances {}", square, total);
                let scale = e.mean.abs().max(1.0);
                prop_assert!((e.substituted() - e.mean).abs() < 1e-9 * scale, "square {}", square);
                found.insert(square, e);
            }
        }
        for e in found.values() {
            for t in &e.terms {
                if let Some(p) = t.to.filter(|p| p.streak == 0)
                    && let Some(other) = found.get(&p.at)
                {
                    prop_assert!((other.mean - t.value).abs() < 1e-9 * t.value.abs().max(1.0));
                }
            }
        }
        // Exact arithmetic, not dense elimination: on near-traps (means of
        // 10^10 rolls and more) elimination is off in the sixth digit.
        if let Some(exact) = snl::markov::exact_mean(&game).unwrap()
            && !game.starts_finished()
        {
            let mean = exact.to_f64().unwrap();
            let e = found.get(&game.start());
            prop_assert!(e.is_some(), "the start has an equation");
            let got = e.unwrap().mean;
            prop_assert!((got - mean).abs() < 1e-9 * mean.max(1.0), "{} against {}", got, mean);
        }
    }
}
