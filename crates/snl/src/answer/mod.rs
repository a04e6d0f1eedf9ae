//! Every analysis as a JSON document: the shapes that `snl ... --json`
//! prints, that the web server returns and that the Python package gives,
//! defined once so the front ends cannot drift apart.
//!
//! Each answer flattens one [`Header`] (`board`, `squares`, `rules`) and
//! adds its own fields. Each is built from the library's results by a
//! constructor here, so a front end computes, then converts, then
//! serialises; it never lays out an answer itself. The `rules` object is
//! [`RulesJson`](crate::RulesJson), the same object board files take: an answer's rules can be
//! pasted into a board file and read back as the same rules.
//!
//! ```
//! use snl::answer::{Header, SolveAnswer};
//! use snl::{Board, Game, Jump, Rules};
//!
//! let board = Board::new(20, [Jump { from: 2, to: 19 }])?;
//! let game = Game::new(board, Rules::default())?;
//! let solution = snl::shortest::solve(&game)?;
//! let count = snl::shortest::count_optimal(&game)?;
//! let answer = SolveAnswer::from_search(Header::new(Some("twenty"), &game), &solution, count.as_ref());
//! let json = serde_json::to_value(&answer)?;
//! assert_eq!(json["board"], "twenty");
//! assert_eq!(json["squares"], 20);
//! assert_eq!(json["rules"]["die"], "d6");
//! assert_eq!(json["min_rolls"], 2);
//! assert_eq!(json["engine"], "dense");
//! assert_eq!(json["path"][0], serde_json::json!({"roll": 1, "count": 1, "from": 1, "land": 2, "to": 19}));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Numbers that can grow without bound (the count of optimal sequences, an
//! exact mean) are decimal strings: no JSON number type holds them. `null`
//! stands for "none" or "not known", as each field says.

pub mod design;
pub mod judge;

mod check;
mod duel;
mod expect;
mod header;
mod presets;
mod race;
mod simulate;
mod solve;
mod steps;
mod target;
mod visits;
mod within;

pub use check::{CheckAnswer, Finding, WinnableAnswer};
pub use duel::{DuelAnswer, DuelWinner};
pub use expect::{
    EXACT_DIGITS, EXPECT_QUANTILES, ErrorBounds, ExpectAnswer, JumpPlayAnswer, LeftOut,
    LeftOutReason, LengthStats, PolicyAnswer,
};
pub use header::Header;
pub use presets::{PresetEntry, PresetsAnswer};
pub use race::RaceAnswer;
pub use simulate::{SIMULATE_QUANTILES, SimulateAnswer, SimulatedLengths};
pub use solve::{Declined, PathRun, SolveAnswer, SolveMethod, Step};
pub use steps::{
    ArrivalAnswer, EquationAnswer, ExpectStepsAnswer, PolicyStepAnswer, PolicyStepsAnswer,
    RollStepAnswer, RoundPolicyAnswer, SearchStep, SolveStepsAnswer, StepsAnswer, SwitchAnswer,
    TermAnswer,
};
pub use target::{FirstPassage, TargetAnswer, ViaAnswer};
pub use visits::{Impact, SquareVisits, VisitsAnswer};
pub use within::{WithinAnswer, WithinJumpAnswer, WithinPolicyAnswer};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Jump};
    use crate::duel::DuelRules;
    use crate::game::{Game, Unit};
    use crate::markov::Stats;
    use crate::plan::Engine;
    use crate::rules::{Bonus, Rules};

    fn game(rules: Rules) -> Game {
        let board = Board::new(20, [Jump { from: 2, to: 19 }, Jump { from: 9, to: 2 }]).unwrap();
        Game::new(board, rules).unwrap()
    }

    fn keys(v: &serde_json::Value) -> Vec<String> {
        v.as_object().unwrap().keys().cloned().collect()
    }

    #[test]
    fn every_answer_starts_with_the_header() {
        let g = game(Rules::default());
        let header = Header::new(Some("twenty"), &g);
        let solve =
            SolveAnswer::from_search(header.clone(), &crate::shortest::solve(&g).unwrap(), None);
        let stats = crate::markov::stats(&g).unwrap();
        let expect = ExpectAnswer {
            header: header.clone(),
            rolls: LengthStats::new(&stats, Unit::Rolls, &[3], None),
            min_rolls: Some(2),
            engine: Engine::Dense,
            error_bounds: None,
            turns: None,
            visits: None,
            impact: None,
            policy: None,
        };
        let race = crate::race::race(&g, &[1, 1]).unwrap();
        let race = RaceAnswer::new(header.clone(), &[1, 1], &race);
        for v in [
            serde_json::to_value(&solve).unwrap(),
            serde_json::to_value(&expect).unwrap(),
            serde_json::to_value(&race).unwrap(),
        ] {
            assert_eq!(v["board"], "twenty");
            assert_eq!(v["squares"], 20);
            assert_eq!(v["rules"], serde_json::to_value(&header.rules).unwrap());
            assert!(v.get("header").is_none(), "the header is flattened");
        }
        let v = serde_json::to_value(&expect).unwrap();
        assert!(v.get("turns").is_none() && v.get("exact_mean").is_none());
        assert_eq!(
            v["within"]["3"],
            serde_json::json!(stats.distribution.cdf(3))
        );
    }

    #[test]
    fn answers_read_back() {
        let g = game(Rules {
            bonus: Some(Bonus::with_limit(3).unwrap()),
            ..Rules::default()
        });
        let header = Header::new(None, &g);
        let solve = SolveAnswer::from_brute(header.clone(), &crate::brute::search(&g).unwrap());
        let text = serde_json::to_string(&solve).unwrap();
        assert_eq!(serde_json::from_str::<SolveAnswer>(&text).unwrap(), solve);
        let duel = crate::duel::duel(&game(Rules::default()), DuelRules { bump: true }).unwrap();
        let duel = DuelAnswer::new(
            Header::new(None, &game(Rules::default())),
            DuelRules { bump: true },
            [1, 1],
            &duel,
        );
        let v = serde_json::to_value(&duel).unwrap();
        assert_eq!(v["winner"], duel.winner.name());
        assert_eq!(serde_json::from_value::<DuelAnswer>(v).unwrap(), duel);
    }

    #[test]
    fn check_sorts_findings() {
        let parsed = crate::input::parse(
            br#"{"squares": 10, "ladders": [[2, 5], [5, 9], [3, 11]]}"#,
            &crate::input::ParseOptions::default(),
        )
        .unwrap();
        let rules = parsed.rules.rules();
        let found = crate::check::check(&parsed.spec, &rules).diagnostics;
        let answer = CheckAnswer::new(Header::of_spec(None, &parsed.spec, &rules), &found);
        assert_eq!(answer.errors.len(), 1);
        assert_eq!(answer.errors[0].code, "off-board");
        assert_eq!(
            keys(&serde_json::to_value(&answer).unwrap()),
            ["board", "errors", "rules", "squares", "warnings"]
        );
    }

    #[test]
    fn presets_are_listed() {
        let all = PresetsAnswer::all();
        let mb = all
            .presets
            .iter()
            .find(|p| p.name == "milton-bradley")
            .unwrap();
        assert_eq!((mb.squares, mb.ladders, mb.snakes), (100, 9, 10));
    }

    #[test]
    fn fewest_rolls_come_from_the_search() {
        let stats = Stats {
            mean: Some(3.0),
            variance: Some(1.0),
            std_dev: Some(1.0),
            never_finishes: 0.0,
            // The first arrival after chances too small to follow.
            distribution: crate::markov::Distribution {
                pmf: vec![0.0, 0.0, 0.0, 0.5],
                never: 0.0,
                unresolved: 0.5,
                error: 0.0,
            },
            skipped: None,
        };
        // By rolls the fewest are the answer's `min_rolls`, from the
        // search: the statistics leave them out, and never list them as
        // left out.
        let rolls = LengthStats::new(&stats, Unit::Rolls, &[], None);
        assert_eq!(rolls.min, None);
        let left = rolls.left_out.clone().unwrap();
        assert!(!left.fields.contains(&"min".to_string()));
        let v = serde_json::to_value(&rolls).unwrap();
        assert!(v.get("min").is_none(), "{v}");
        assert_eq!(serde_json::from_value::<LengthStats>(v).unwrap(), rolls);
        // By turns they are the distribution's.
        let turns = LengthStats::new(&stats, Unit::Turns, &[], None);
        assert_eq!(turns.min, Some(Some(3)));
        let v = serde_json::to_value(&turns).unwrap();
        assert_eq!(v["min"], 3);
        assert_eq!(serde_json::from_value::<LengthStats>(v).unwrap(), turns);
        let none = Stats {
            distribution: crate::markov::Distribution {
                pmf: vec![0.0],
                never: 0.0,
                unresolved: 1.0,
                error: 0.0,
            },
            ..stats
        };
        let turns = LengthStats::new(&none, Unit::Turns, &[], None);
        let v = serde_json::to_value(&turns).unwrap();
        assert!(v["min"].is_null() && v.get("min").is_some(), "{v}");
        assert_eq!(serde_json::from_value::<LengthStats>(v).unwrap(), turns);
        assert!(turns.left_out.unwrap().fields.contains(&"min".to_string()));
    }

    /// Each reason's name is the one its JSON carries.
    #[test]
    fn left_out_reasons_are_named_as_in_json() {
        for reason in [
            LeftOutReason::OverBudget,
            LeftOutReason::Stopped,
            LeftOutReason::Choice,
            LeftOutReason::Sparse,
        ] {
            assert_eq!(serde_json::to_value(reason).unwrap(), reason.name());
        }
    }
}
