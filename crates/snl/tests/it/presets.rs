//! The shipped boards give their published answers, and `check` has
//! nothing to say about them beyond what their layouts really contain.

use snl::check::{self, Severity};
use snl::presets;
use snl::{Finish, Start};

#[test]
fn presets_give_their_published_answers() {
    let expected = [
        ("milton-bradley", 7),
        ("milton-bradley-48", 7),
        ("leetcode-909", 4),
        ("pairs-example-1", 9),
        ("pairs-example-2", 4),
        ("moves-example-1", 2),
        ("moves-example-2", 2),
    ];
    let names: Vec<&str> = presets::all().iter().map(|p| p.name).collect();
    assert_eq!(names, expected.map(|e| e.0));
    for (name, rolls) in expected {
        let game = presets::find(name).unwrap().game().unwrap();
        assert_eq!(
            snl::shortest::min_rolls(&game).unwrap(),
            Some(rolls),
            "{name}"
        );
    }
}

#[test]
fn leetcode_preset_is_a_grid_file() {
    let preset = presets::find("leetcode-909").unwrap();
    let parsed = preset.parse();
    assert_eq!(parsed.format, snl::input::Format::Grid);
    let grid = snl::input::to_grid(&preset.board().unwrap()).unwrap();
    let grid: Vec<Vec<i32>> = grid
        .into_iter()
        .map(|row| row.into_iter().map(|v| v as i32).collect())
        .collect();
    assert_eq!(snl::leetcode::snakes_and_ladders(grid), 4);
}

#[test]
fn milton_bradley_parses_with_its_rules() {
    for name in ["milton-bradley", "milton-bradley-48"] {
        let preset = presets::find(name).unwrap();
        let parsed = preset.parse();
        let rules = parsed.rules.rules();
        assert_eq!(rules.start, Start::OffBoard);
        assert_eq!(rules.finish, Finish::Exact);
        assert!(!rules.chain);
        assert_eq!(rules.die, snl::Die::uniform(6).unwrap());
        let board = preset.board().unwrap();
        assert_eq!(board.squares(), 100);
        assert_eq!(board.ladders().count(), 9);
        assert_eq!(board.snakes().count(), 10);
        // Off the board, a first spin of 1 takes the ladder on square 1.
        let game = preset.game().unwrap();
        assert_eq!(game.step(0, 1).unwrap().to, 38);
        assert!(preset.source.contains("start off the board"));
    }
    let a = presets::find("milton-bradley").unwrap().board().unwrap();
    let b = presets::find("milton-bradley-48").unwrap().board().unwrap();
    assert_eq!((a.jump(47), a.jump(48)), (Some(26), None));
    assert_eq!((b.jump(47), b.jump(48)), (None, Some(26)));
    assert!(
        presets::find("milton-bradley")
            .unwrap()
            .source
            .contains("Althoen")
    );
    assert!(
        presets::find("milton-bradley-48")
            .unwrap()
            .source
            .contains("DataGenetics")
    );
}

#[test]
fn check_on_the_presets() {
    for preset in presets::all() {
        let parsed = preset.parse();
        let found = check::check(&parsed.spec, &parsed.rules.rules()).diagnostics;
        let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
        assert!(found.iter().all(|d| d.severity == Severity::Warning));
        match preset.name {
            // The snake 9->2 ends where the ladder 2->19 starts.
            "moves-example-1" => {
                assert_eq!(codes, ["ends-on-jump"]);
                assert_eq!(found[0].squares, [9, 2]);
            }
            _ => assert!(found.is_empty(), "{}: {found:?}", preset.name),
        }
    }
}
