use super::*;

/// Every finding, the tables always fitting on boards this small.
fn check(spec: &BoardSpec, rules: &Rules) -> Vec<Diagnostic> {
    let checked = super::check(spec, rules);
    assert_eq!(checked.skipped, None);
    checked.diagnostics
}
use crate::board::{Origin, RawJump};
use crate::rules::{Die, Start};

fn spec(squares: u64, jumps: &[(u64, u64)]) -> BoardSpec {
    BoardSpec {
        squares,
        jumps: jumps
            .iter()
            .enumerate()
            .map(|(index, &(from, to))| RawJump {
                from,
                to,
                declared: None,
                origin: Origin::Jump { index },
            })
            .collect(),
    }
}

fn codes(d: &[Diagnostic]) -> Vec<&'static str> {
    d.iter().map(|d| d.code).collect()
}

#[test]
fn clean_board_has_nothing() {
    let d = check(&spec(20, &[(2, 19), (12, 15), (9, 3)]), &Rules::default());
    assert!(d.is_empty(), "{d:?}");
}

#[test]
fn problems_are_errors() {
    let d = check(
        &spec(10, &[(3, 11), (5, 5), (10, 1), (4, 6), (4, 7)]),
        &Rules::default(),
    );
    assert_eq!(
        codes(&d),
        ["off-board", "no-move", "from-last", "two-jumps"]
    );
    assert!(d.iter().all(|d| d.severity == Severity::Error));
    assert_eq!(d[0].squares, [3]);
    assert_eq!(d[3].squares, [4]);
    assert!(has_errors(&d));
    assert_eq!(
        codes(&check(&spec(0, &[]), &Rules::default())),
        ["no-squares"]
    );
    assert_eq!(
        codes(&check(&spec((1 << 62) + 1, &[]), &Rules::default())),
        ["too-many-squares"]
    );
}

#[test]
fn optional_jumps_are_refused_unless_played() {
    let rules = Rules {
        optional: Optional::Snakes,
        ..Rules::default()
    };
    let board = spec(12, &[(9, 5)]);
    let refused = playable(&board, rules.clone()).unwrap_err();
    assert_eq!(refused.errors[0].code, "optional-unplayed");
    assert!(
        refused
            .to_string()
            .starts_with("the rules let a player decline snakes (`optional: snakes`)"),
        "{refused}"
    );
    assert_eq!(
        playable_choosing(&board, rules).unwrap().board().jump(9),
        Some(5)
    );
}

#[test]
fn cycle_under_chaining() {
    let rules = Rules {
        chain: true,
        ..Rules::default()
    };
    let d = check(&spec(12, &[(2, 5), (5, 9), (9, 5)]), &rules);
    assert_eq!(codes(&d), ["cycle"]);
    assert_eq!(d[0].squares, [5, 9]);
    assert_eq!(d[0].to_string(), format!("error[cycle]: {}", d[0].message));
}

#[test]
fn jump_on_square_one() {
    // With the pawn on square 1, nothing lands there: the ladder is dead.
    let d = check(&spec(10, &[(1, 5)]), &Rules::default());
    assert_eq!(codes(&d), ["never-landed"]);
    assert_eq!(
        d[0].message,
        "the ladder 1->5 is never taken: no rolls from square 1 land on square 1; move it or remove it"
    );
    // Starting off the board, a roll of 1 lands on it.
    let off = Rules {
        start: Start::OffBoard,
        ..Rules::default()
    };
    assert!(check(&spec(10, &[(1, 5)]), &off).is_empty());
    // A snake down to square 1 does not land there by a roll: without
    // chaining the pawn stops on 1 and the ladder is still never taken.
    let d = check(&spec(10, &[(1, 5), (4, 1)]), &Rules::default());
    assert_eq!(codes(&d), ["never-landed", "ends-on-jump"]);
    let chain = Rules {
        chain: true,
        ..Rules::default()
    };
    assert!(check(&spec(10, &[(1, 5), (4, 1)]), &chain).is_empty());
}

#[test]
fn a_snake_to_square_0_is_an_error_unless_the_pawn_starts_there() {
    let board = spec(20, &[(11, 0), (5, 9), (13, 0)]);
    let d = check(&board, &Rules::default());
    assert_eq!(codes(&d), ["to-square-0", "to-square-0"]);
    assert_eq!(
        d[0].message,
        "jump 0: the snake from square 11 leads to square 0, off the board, which is a position only when the pawn starts there; add \"start\": 0 to the rules (--start 0), or end the snake on square 1"
    );
    assert_eq!(
        (d[0].squares.as_slice(), d[1].squares.as_slice()),
        (&[11][..], &[13][..])
    );
    // Beside the board's own problems, and from a board of any length.
    let d = check(&spec(20, &[(11, 0), (3, 30)]), &Rules::default());
    assert_eq!(codes(&d), ["off-board", "to-square-0"]);
    let d = check(&spec(1 << 40, &[(11, 0)]), &Rules::default());
    assert_eq!(codes(&d), ["to-square-0"]);
    let refused = super::playable(&board, Rules::default()).unwrap_err();
    assert_eq!(codes(&refused.errors), ["to-square-0", "to-square-0"]);
    // Off the board, square 0 is the start: nothing is wrong.
    let off = Rules {
        start: Start::OffBoard,
        ..Rules::default()
    };
    assert!(check(&board, &off).is_empty());
    assert!(check(&spec(1 << 40, &[(11, 0)]), &off).is_empty());
    assert!(super::playable(&board, off).is_ok());
}

#[test]
fn ends_on_jump_only_without_chaining() {
    let d = check(&spec(12, &[(2, 5), (5, 9)]), &Rules::default());
    assert_eq!(codes(&d), ["ends-on-jump"]);
    assert_eq!(
        d[0].message,
        "the ladder 2->5 ends on square 5, where the ladder 5->9 starts; the pawn stops there and does not take the next jump; use --chain to follow it"
    );
    assert_eq!(d[0].squares, [2, 5]);
    let chain = Rules {
        chain: true,
        ..Rules::default()
    };
    assert!(check(&spec(12, &[(2, 5), (5, 9)]), &chain).is_empty());
}

#[test]
fn chained_through_counts_as_landed() {
    // Only a two can be rolled: square 3 is landed on, and 4 only by the
    // chain 3->4->8; then 8 + 2 reaches the goal.
    let rules = Rules {
        die: Die::weighted(vec![0, 1]).unwrap(),
        chain: true,
        ..Rules::default()
    };
    let d = check(&spec(10, &[(3, 4), (4, 8)]), &rules);
    assert!(d.is_empty(), "{d:?}");
}

#[test]
fn a_bonus_limit_of_one_makes_the_top_value_a_reset() {
    // Under a limit of 1 the top value never moves the pawn: with a d1
    // nothing moves, and with a d2 only ones do.
    let d1 = Rules {
        die: Die::uniform(1).unwrap(),
        bonus: Some(crate::rules::Bonus::with_limit(1).unwrap()),
        ..Rules::default()
    };
    let d = check(&spec(6, &[(3, 5)]), &d1);
    assert_eq!(codes(&d), ["never-landed", "goal-unreachable"]);
    let d2 = Rules {
        die: Die::uniform(2).unwrap(),
        ..d1.clone()
    };
    // Only a two could pass the snake on 3.
    let d = check(&spec(6, &[(3, 1)]), &d2);
    assert_eq!(codes(&d), ["goal-unreachable"]);
    // A limit of 2 allows one two in a row, which is enough: 2, 4, 5, 6.
    let two = Rules {
        bonus: Some(crate::rules::Bonus::with_limit(2).unwrap()),
        ..d2
    };
    assert!(check(&spec(6, &[(3, 1)]), &two).is_empty());
}

#[test]
fn a_trap_is_a_warning() {
    // Squares 10 to 15 all lead back to 9: a pawn that reaches 3 to 9
    // never gets past. Only the ladder on 2 leads on, to 18 and the end.
    let mut jumps: Vec<(u64, u64)> = (10..=15).map(|s| (s, 9)).collect();
    jumps.push((2, 18));
    let d = check(&spec(20, &jumps), &Rules::default());
    assert_eq!(codes(&d), ["trap"]);
    assert_eq!(d[0].squares, [3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(
        d[0].message,
        "the pawn can be trapped: it can come to rest on squares 3, 4, 5, 6, 7, 8, 9, from which no rolls reach the last square (20), so with a real die a game may never end; move the snakes that lead there or change the rules"
    );
    // Without the wall nothing traps; under a bonus limit a streak of
    // tops sends a trapped pawn back to the start.
    assert!(check(&spec(20, &[(2, 18)]), &Rules::default()).is_empty());
    let limit = Rules {
        bonus: Some(crate::rules::Bonus::with_limit(3).unwrap()),
        ..Rules::default()
    };
    assert!(codes(&check(&spec(20, &jumps), &limit)).is_empty());
}

#[test]
fn unreachable_goal() {
    // Snakes on 4..=9 with an exact finish on 10: every way in slides.
    let jumps: Vec<(u64, u64)> = (4..=9).map(|s| (s, 2)).collect();
    let d = check(&spec(10, &jumps), &Rules::default());
    assert_eq!(codes(&d), ["goal-unreachable"]);
    assert_eq!(
        d[0].message,
        "the last square (10) cannot be reached from the start under these rules (d6 die, exact finish); move the snakes that trap the pawn or change the rules"
    );
    // An eight-sided die rolls 7 from square 3.
    let d8 = Rules {
        die: Die::uniform(8).unwrap(),
        ..Rules::default()
    };
    assert!(check(&spec(10, &jumps), &d8).is_empty());
}

/// The check of a board of any length, by the engine that keeps only
/// the squares near its jumps, gives the same findings in the same
/// words as the dense check, on random boards under every rule it
/// takes (all but a bonus limit): errors, circles and warnings.
#[test]
fn the_long_check_finds_what_the_dense_one_does() {
    let mut rng = crate::rng::SplitMix64::new(26);
    let mut warned = 0;
    for case in 0..600 {
        let n = 2 + rng.below(80) as u32;
        let jumps = rng.below(12) as u32;
        let board = crate::sparse::testing::board(&mut rng, n, jumps);
        let rules = crate::sparse::testing::rules(&mut rng);
        let mut spec = BoardSpec::from(&board);
        // Now and then a fault of the board as written.
        if case % 7 == 0 && n > 3 {
            spec = spec_with(&spec, (u64::from(n) - 1, u64::from(n) + 3));
        }
        let dense = super::check(&spec, &rules);
        let long = check_long(&spec, &rules, &Control::default());
        assert_eq!(dense.skipped, None);
        assert_eq!(long.skipped, None, "{spec:?} {rules:?}");
        assert_eq!(long.diagnostics, dense.diagnostics, "{spec:?} {rules:?}");
        // The same class and trap, and the same chance within the long
        // engine's own bound.
        match (&long.winnability, &dense.winnability) {
            (Some(l), Some(d)) => {
                assert_eq!(
                    (l.class, &l.trap, l.trap_squares),
                    (d.class, &d.trap, d.trap_squares)
                );
                let bound = l.chance_error.unwrap_or(0.0) + 1e-9;
                assert!(
                    (l.chance.unwrap() - d.chance.unwrap()).abs() <= bound,
                    "{l:?} {d:?}"
                );
            }
            (None, None) => assert!(has_errors(&dense.diagnostics)),
            (l, d) => panic!("{spec:?} {rules:?}: {l:?} against {d:?}"),
        }
        warned += usize::from(!dense.diagnostics.is_empty());
    }
    // The cases are not all clean.
    assert!(warned > 100, "{warned}");
}

/// `spec` with one more jump.
fn spec_with(spec: &BoardSpec, (from, to): (u64, u64)) -> BoardSpec {
    let mut jumps: Vec<(u64, u64)> = spec.jumps.iter().map(|j| (j.from, j.to)).collect();
    jumps.push((from, to));
    self::spec(spec.squares, &jumps)
}

#[test]
fn boards_past_2_30_are_checked_from_their_jumps() {
    let n: u64 = 1 << 40;
    // Clean.
    let clean = super::check(&spec(n, &[(2, n - 10), (n - 3, 7)]), &Rules::default());
    assert_eq!((clean.diagnostics, clean.skipped), (vec![], None));
    // Errors as written, with their squares as u64.
    let d = check(&spec(n, &[(n, 3), (5, n + 1)]), &Rules::default());
    assert_eq!(codes(&d), ["from-last", "off-board"]);
    assert_eq!(d[0].squares, [n]);
    assert_eq!(d[1].squares, [5]);
    let d = check(&spec((1 << 62) + 1, &[]), &Rules::default());
    assert_eq!(codes(&d), ["too-many-squares"]);
    assert!(d[0].message.contains("2^62"), "{}", d[0].message);
    // A circle under chaining.
    let chained = Rules {
        chain: true,
        ..Rules::default()
    };
    let jumps = [(n - 100, 1 << 35), (1 << 35, n - 100)];
    let d = check(&spec(n, &jumps), &chained);
    assert_eq!(codes(&d), ["cycle"]);
    assert_eq!(d[0].squares, [1 << 35, n - 100]);
    // Warnings: a jump that ends on another's start; a wall no roll
    // gets past, so the last square cannot be reached; with a ladder
    // over the wall from square 2, every square from 3 to the wall
    // traps.
    let d = check(
        &spec(n, &[(n - 20, n - 30), (n - 30, 5)]),
        &Rules::default(),
    );
    assert_eq!(codes(&d), ["ends-on-jump"]);
    let mut wall: Vec<(u64, u64)> = (n - 7..n - 1).map(|s| (s, n - 8)).collect();
    let d = check(&spec(n, &wall), &Rules::default());
    assert_eq!(codes(&d), ["goal-unreachable"]);
    assert_eq!(d[0].squares, [n]);
    wall.push((2, n - 1));
    let d = check(&spec(n, &wall), &Rules::default());
    assert_eq!(codes(&d), ["trap"]);
    assert!(
        d[0].message.contains(&format!("and {} more", n - 20)),
        "{}",
        d[0].message
    );
    assert_eq!(d[0].squares, (3..=12).collect::<Vec<u64>>());
    // The class: the wall traps the pawn five rolls in six.
    let w = super::check(&spec(n, &wall), &Rules::default())
        .winnability
        .unwrap();
    assert_eq!(
        (w.class, w.trap_squares),
        (Winnable::Occasionally, n - 20 + 10)
    );
    assert_eq!(w.trap, [(3, 10_002)]);
    assert!(!w.listed_all());
    assert!(
        (w.chance.unwrap() - 5.0 / 6.0).abs() <= w.chance_error.unwrap() + 1e-12,
        "{w:?}"
    );
    wall.pop();
    let w = super::check(&spec(n, &wall), &Rules::default())
        .winnability
        .unwrap();
    assert_eq!(
        (w.class, w.chance, w.trap_squares),
        (Winnable::Never, Some(1.0), n - 8)
    );
}

#[test]
fn a_bonus_limit_past_2_30_says_what_was_not_checked() {
    let n: u64 = 1 << 40;
    let limit = Rules {
        bonus: Some(crate::rules::Bonus::with_limit(3).unwrap()),
        ..Rules::default()
    };
    let found = super::check(&spec(n, &[(n - 20, n - 30), (n - 30, 5)]), &limit);
    assert_eq!(codes(&found.diagnostics), ["ends-on-jump"]);
    let why = found.skipped.expect("the rest was skipped");
    assert!(!why.is_stop());
    assert!(why.to_string().contains("bonus limit"), "{why}");
}

/// With optional jumps, a note names each jump the best play never takes,
/// after the errors and warnings; without them, or when taking is worth
/// it, there is none.
#[test]
fn notes_the_jumps_the_best_play_never_takes() {
    // Twenty squares: both snakes cost rolls, the ladder saves them.
    let board = spec(20, &[(2, 19), (9, 2), (15, 5)]);
    let plain = check(&board, &Rules::default());
    assert!(plain.iter().all(|d| d.severity != Severity::Note));
    let snakes = Rules {
        optional: Optional::Snakes,
        ..Rules::default()
    };
    let found = check(&board, &snakes);
    let notes: Vec<&Diagnostic> = found
        .iter()
        .filter(|d| d.severity == Severity::Note)
        .collect();
    assert_eq!(notes.len(), 2, "{found:?}");
    assert_eq!(notes[0].code, "never-taken");
    assert_eq!(notes[0].squares, vec![9, 2]);
    assert_eq!(notes[1].squares, vec![15, 5]);
    assert!(
        notes[0].message.starts_with(
            "the best play with a real die never takes the snake 9->2: from square 9 a game lasts "
        ),
        "{}",
        notes[0].message
    );
    assert_eq!(found.last().unwrap().severity, Severity::Note);
    // The ladder is worth taking.
    let ladders = Rules {
        optional: Optional::Ladders,
        ..Rules::default()
    };
    assert!(
        check(&board, &ladders)
            .iter()
            .all(|d| d.severity != Severity::Note)
    );
}

/// The best play's solve is admitted on its own: over the budget, the
/// errors and warnings are still all found, and the skip says what was not.
#[test]
fn the_best_play_over_the_budget_is_skipped_with_a_note() {
    let board = spec(2_000, &[(10, 1_900), (1_500, 3)]);
    let rules = Rules {
        optional: Optional::All,
        ..Rules::default()
    };
    let game = Game::new(board.build().unwrap(), rules.clone()).unwrap();
    let needs = crate::choice::estimate(&game, 6).memory;
    let tables = crate::board::cost(2_000, 2).memory + 2_000 * 24;
    assert!(tables < needs, "{tables} {needs}");
    let ctl = Control::new(limits::Budget::from_limits(None, Some(needs - 1)).unwrap());
    let checked = check_with(&board, &rules, &ctl);
    let Some(Skipped::BestPlay(ChoiceError::Limit(e))) = &checked.skipped else {
        panic!("{:?}", checked.skipped);
    };
    assert!(!checked.skipped.as_ref().unwrap().is_stop());
    assert!(checked.skipped.as_ref().unwrap().limit().is_some());
    let note = skipped_note(checked.skipped.as_ref().unwrap(), ToString::to_string);
    assert!(
        note.starts_with(
            "every error and warning was looked for, but not the jumps the best play never takes: "
        ),
        "{note}"
    );
    assert!(note.ends_with(&e.to_string()));
    // The same board under the whole budget gets its note.
    let all = check_with(&board, &rules, &Control::default());
    assert_eq!(all.skipped, None);
    assert!(all.diagnostics.iter().any(|d| d.code == "never-taken"));
}

/// The winnability of a checked board: there always is one on a board
/// with no errors and no choices.
fn winnability(spec: &BoardSpec, rules: &Rules) -> Winnability {
    let checked = super::check(spec, rules);
    assert_eq!(checked.skipped, None);
    checked.winnability.expect("a playable board has a class")
}

#[test]
fn winnability_names_the_class_the_trap_and_its_chance() {
    // The wall of `a_trap_is_a_warning`: from square 1 a roll of 1 takes
    // the ladder on 2 to 18 and the end, every other roll lands among
    // the squares 3 to 7, which never get past the wall.
    let mut jumps: Vec<(u64, u64)> = (10..=15).map(|s| (s, 9)).collect();
    jumps.push((2, 18));
    let w = winnability(&spec(20, &jumps), &Rules::default());
    assert_eq!(w.class, Winnable::Occasionally);
    assert_eq!((w.trap.clone(), w.trap_squares), (vec![(3, 9)], 7));
    assert!((w.chance.unwrap() - 5.0 / 6.0).abs() < 1e-12, "{w:?}");
    assert_eq!(w.trap_in_words(), "squares 3 to 9");
    // Never: every square the pawn can rest on traps it.
    let snakes: Vec<(u64, u64)> = (4..=9).map(|s| (s, 2)).collect();
    let w = winnability(&spec(10, &snakes), &Rules::default());
    assert_eq!(w.class, Winnable::Never);
    assert_eq!((w.trap.clone(), w.chance), (vec![(1, 3)], Some(1.0)));
    // From off the board the start traps too.
    let off = Rules {
        start: Start::OffBoard,
        ..Rules::default()
    };
    let w = winnability(&spec(10, &snakes), &off);
    assert_eq!(w.trap, [(0, 3)]);
    // Always: nothing traps, nothing to fall into.
    let w = winnability(&spec(20, &[(2, 18)]), &Rules::default());
    assert_eq!(w.class, Winnable::Always);
    assert_eq!((w.trap.len(), w.trap_squares, w.chance), (0, 0, Some(0.0)));
    // Under a bonus limit a streak of tops sends a trapped pawn back to a
    // start that can finish: always winnable.
    let limit = Rules {
        bonus: Some(crate::rules::Bonus::with_limit(3).unwrap()),
        ..Rules::default()
    };
    assert_eq!(
        winnability(&spec(20, &jumps), &limit).class,
        Winnable::Always
    );
    let w = winnability(&spec(10, &snakes), &limit);
    assert_eq!((w.class, w.trap), (Winnable::Never, vec![(1, 3)]));
    // With jumps that may be declined the class depends on the play.
    let optional = Rules {
        optional: Optional::Snakes,
        ..Rules::default()
    };
    assert_eq!(
        super::check(&spec(10, &snakes), &optional).winnability,
        None
    );
    // A board with errors has none.
    assert_eq!(
        super::check(&spec(10, &[(3, 12)]), &Rules::default()).winnability,
        None
    );
}

/// The class, the trap and its chance on random boards under every rule
/// but a bonus limit, against a plain search forwards from each square
/// and a chance solved by Gaussian elimination.
#[test]
fn winnability_matches_a_search_from_every_square() {
    let mut rng = crate::rng::SplitMix64::new(49);
    let mut seen = [0usize; 3];
    for _ in 0..400 {
        let n = 2 + rng.below(40) as u32;
        let jumps = rng.below(14) as u32;
        let board = crate::sparse::testing::board(&mut rng, n, jumps);
        let rules = crate::sparse::testing::rules(&mut rng);
        let spec = BoardSpec::from(&board);
        let checked = super::check(&spec, &rules);
        let Some(w) = checked.winnability else {
            // A circle of jumps under chaining.
            assert!(has_errors(&checked.diagnostics));
            continue;
        };
        let game = Game::new(board, rules.clone()).unwrap();
        let goal = game.goal() as usize;
        let rolls: Vec<(u32, f64)> = rules.die.chances().collect();
        let from = |s: usize| -> Vec<bool> {
            let mut seen = vec![false; goal + 1];
            let mut stack = vec![s];
            seen[s] = true;
            while let Some(u) = stack.pop() {
                for &(r, _) in &rolls {
                    let v = game.next(u as u32, r) as usize;
                    if !std::mem::replace(&mut seen[v], true) {
                        stack.push(v);
                    }
                }
            }
            seen
        };
        let reached = from(game.start() as usize);
        let trapped: Vec<u64> = (0..goal)
            .filter(|&s| reached[s] && !from(s)[goal])
            .map(|s| s as u64)
            .collect();
        let listed: Vec<u64> = w.trap.iter().flat_map(|&(a, b)| a..=b).collect();
        assert_eq!(listed, trapped, "{spec:?} {rules:?}");
        assert_eq!(w.trap_squares, trapped.len() as u64);
        let class = match (reached[goal], trapped.is_empty()) {
            (false, _) => Winnable::Never,
            (true, true) => Winnable::Always,
            (true, false) => Winnable::Occasionally,
        };
        assert_eq!(w.class, class, "{spec:?} {rules:?}");
        seen[class as usize] += 1;
        let finish = finish_chances(&game, &rolls);
        let chance = 1.0 - finish[game.start() as usize];
        assert!(
            (w.chance.unwrap() - chance).abs() < 1e-9,
            "{spec:?} {rules:?}: {w:?} against {chance}"
        );
    }
    // Every class comes up.
    assert!(seen.iter().all(|&k| k > 20), "{seen:?}");
}

/// The chance of ever reaching the last square from each square, by
/// Gaussian elimination on the squares that can reach it.
fn finish_chances(game: &Game, rolls: &[(u32, f64)]) -> Vec<f64> {
    let goal = game.goal() as usize;
    let n = goal + 1;
    // x[s] - sum p x[next] = 0; x[goal] = 1. Squares that cannot reach the
    // goal get x = 0 from the same equations: their rows only involve
    // each other, and the system is singular there, so they are pinned.
    let mut can = vec![false; n];
    can[goal] = true;
    loop {
        let mut changed = false;
        for s in 0..goal {
            if !can[s]
                && rolls
                    .iter()
                    .any(|&(r, _)| can[game.next(s as u32, r) as usize])
            {
                can[s] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut a = vec![vec![0.0; n + 1]; n];
    for s in 0..n {
        a[s][s] = 1.0;
        if s == goal {
            a[s][n] = 1.0;
        } else if can[s] {
            for &(r, p) in rolls {
                a[s][game.next(s as u32, r) as usize] -= p;
            }
        }
    }
    crate::markov::reference::gauss_jordan(a)
}
