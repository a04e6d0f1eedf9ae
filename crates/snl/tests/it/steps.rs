//! The search step by step against the textbook search: each step's
//! squares are those at that many rolls, and its game replays.

use proptest::prelude::*;
use snl::limits::Control;
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
