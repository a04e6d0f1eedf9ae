//! Reading boards: the seed examples in every form, round trips through
//! every writer, and the boards under `testdata/`.

use std::path::Path;

use proptest::prelude::*;
use snl::input::{self, Format, ParseOptions, ParsedBoard};
use snl::{Board, Bonus, Die, Game, Rules, RulesJson, Start};

use crate::strategies;

fn parse(text: &str) -> ParsedBoard {
    input::parse(text.as_bytes(), &ParseOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The fewest rolls of a parsed board under its own rules.
fn fewest(parsed: &ParsedBoard) -> Option<u32> {
    let board = parsed.spec.build().unwrap();
    let game = Game::new(board, parsed.rules.rules()).unwrap();
    snl::shortest::min_rolls(&game).unwrap()
}

const LEETCODE_GRID: &str = "[
[-1,-1,-1,-1,-1,-1],
[-1,-1,-1,-1,-1,-1],
[-1,-1,-1,-1,-1,-1],
[-1,35,-1,-1,13,-1],
[-1,-1,-1,-1,-1,-1],
[-1,15,-1,-1,-1,-1]]";

#[test]
fn seed_000_grid_takes_four_rolls() {
    let parsed = parse(LEETCODE_GRID);
    assert_eq!(parsed.format, Format::Grid);
    assert_eq!(fewest(&parsed), Some(4));
    let board = parsed.spec.build().unwrap();
    // The seed's walk: 2 climbs to 15, 17 slides to 13, 14 climbs to 35.
    assert_eq!(board.jump(2), Some(15));
    assert_eq!(board.jump(17), Some(13));
    assert_eq!(board.jump(14), Some(35));
    let wrapped = format!(r#"{{"grid": {LEETCODE_GRID}, "rules": {{"faces": 6}}}}"#);
    assert_eq!(parse(&wrapped).spec.build().unwrap(), board);
    for form in Format::ALL {
        let text = input::write(&board, None, form).unwrap();
        let options = ParseOptions {
            format: Some(form),
            squares: Some(36),
        };
        let again = input::parse(text.as_bytes(), &options).unwrap();
        assert_eq!(fewest(&again), Some(4), "{form}");
    }
}

#[test]
fn leetcode_note_does_not_chain() {
    // The seed writes the note's board as [[4,-1],[-1,3]]: square 2 leads to
    // 3, and square 4 names itself (no jump). LeetCode's own statement has
    // [[-1,4],[-1,3]]: square 3 also leads to 4. Either way a first roll of
    // 1 lands on 2 and ends the move on 3.
    for grid in ["[[4,-1],[-1,3]]", "[[-1,4],[-1,3]]"] {
        let board = parse(grid).spec.build().unwrap();
        let game = Game::new(board.clone(), Rules::default()).unwrap();
        let m = game.step(1, 1).unwrap();
        assert_eq!((m.land, m.to), (2, 3), "{grid}");
        assert_eq!(snl::shortest::min_rolls(&game).unwrap(), Some(1));
        let chained = Game::new(
            board,
            Rules {
                chain: true,
                ..Rules::default()
            },
        )
        .unwrap();
        let expected = if grid.starts_with("[[4") { 3 } else { 4 };
        assert_eq!(chained.step(1, 1).unwrap().to, expected, "{grid}");
    }
}

#[test]
fn seed_003_examples_in_every_form() {
    let ex1 =
        r#"{"ladders": [[14,28],[42,78],[55,97],[52,92]], "snakes": [[99,25],[88,54],[29,10]]}"#;
    let ex2 =
        r#"{"ladders": [[6,46],[19,43],[52,71],[57,98]], "snakes": [[47,9],[62,40],[96,75]]}"#;
    for (json, answer) in [(ex1, 9), (ex2, 4)] {
        let parsed = parse(json);
        assert_eq!(parsed.format, Format::Pairs);
        assert_eq!(parsed.spec.squares, 100, "squares defaults to 100");
        assert_eq!(fewest(&parsed), Some(answer));
        let board = parsed.spec.build().unwrap();
        for form in Format::ALL {
            let text = input::write(&board, None, form).unwrap();
            let again = parse(&text);
            assert_eq!(again.format, form);
            assert_eq!(again.spec.build().unwrap(), board, "{form}");
            assert_eq!(fewest(&again), Some(answer), "{form}");
        }
    }
    // The seed's own text input.
    let text = parse("4 6 46 19 43 52 71 57 98\n3 47 9 62 40 96 75");
    assert_eq!(text.format, Format::PairsText);
    assert_eq!(fewest(&text), Some(4));
    assert_eq!(text.spec.build().unwrap(), parse(ex2).spec.build().unwrap());
}

#[test]
fn seed_004_examples() {
    let printed = "[-1, 18, -1, -1, -1, -1, -1, -1, 2, -1, -1, 15, -1, -1, -1, -1, -1, -1, -1, -1]";
    let bare = parse(printed);
    assert_eq!(bare.format, Format::Moves);
    assert_eq!(bare.spec.squares, 20);
    assert_eq!(fewest(&bare), Some(2));
    let with_n = parse(&format!(r#"{{"n": 20, "moves": {printed}}}"#));
    assert_eq!(with_n.spec, bare.spec);
    // The layout as the seed's text describes it.
    let described = parse(r#"{"squares": 20, "ladders": [[2, 19], [12, 15]], "snakes": [[9, 2]]}"#);
    assert_eq!(fewest(&described), Some(2));
    let board = described.spec.build().unwrap();
    assert_eq!(
        input::to_moves(&board).unwrap(),
        [
            -1, 18, -1, -1, -1, -1, -1, -1, 1, -1, -1, 14, -1, -1, -1, -1, -1, -1, -1, -1
        ]
    );
    let eight = parse(r#"{"n": 8, "moves": [-1, -1, -1, -1, -1, -1, -1, -1]}"#);
    assert_eq!(fewest(&eight), Some(2));
    assert_eq!(fewest(&parse(r#"{"squares": 8}"#)), Some(2));
    let eight_text = input::parse(
        b"0\n0\n",
        &ParseOptions {
            squares: Some(8),
            ..ParseOptions::default()
        },
    )
    .unwrap();
    assert_eq!(fewest(&eight_text), Some(2));
}

#[test]
fn rules_in_a_file_are_read() {
    let parsed = parse(
        r#"{"squares": 10, "ladders": [], "snakes": [],
            "rules": {"die": "2d6", "finish": "bounce", "chain": true, "start": 0}}"#,
    );
    let rules = parsed.rules.rules();
    assert_eq!(rules.die.max(), 12);
    assert_eq!(rules.finish, snl::Finish::Bounce);
    assert!(rules.chain);
    assert_eq!(rules.start, Start::OffBoard);
    let only_faces = parse(r#"{"n": 3, "moves": [-1, -1, -1], "rules": {"faces": 4}}"#);
    assert_eq!(only_faces.rules.die, Some(snl::Die::uniform(4).unwrap()));
    assert_eq!(only_faces.rules.finish, None);
    let named = parse(r#"{"name": "tiny", "squares": 3}"#);
    assert_eq!(named.name.as_deref(), Some("tiny"));
}

#[test]
fn off_board_and_other_faults_go_to_the_spec() {
    let parsed = parse(
        r#"{"squares": 10, "ladders": [[3, 15], [6, 2]], "snakes": [[10, 1], [0, 4], [4, 4]]}"#,
    );
    let problems: Vec<String> = parsed
        .spec
        .problems()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        problems,
        [
            "ladders[0]: the jump 3->15 leaves the board; squares are numbered 1 to 10",
            "ladders[1]: 6->2 goes down, but it is listed as a ladder; move it to the snakes list or swap its squares",
            "snakes[0]: a jump starts on the last square (10); reaching it ends the game, so remove the jump",
            "snakes[1]: the jump 0->4 leaves the board; squares are numbered 1 to 10",
            "snakes[2]: the jump starts and ends on square 4; remove it",
        ]
    );
    let text = parse("1 3 150\n1 5 9\n");
    let problems: Vec<String> = text
        .spec
        .problems()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        problems,
        [
            "line 1, column 3 (ladder pair 1): the jump 3->150 leaves the board; squares are numbered 1 to 100",
            "line 2, column 3 (snake pair 1): 5->9 goes up, but it is listed as a snake; move it to the ladders list or swap its squares",
        ]
    );
    let moves = parse("[-1, 7, 0, -1]");
    assert_eq!(
        moves.spec.problems()[0].to_string(),
        "moves[1] = 7 (0-based: square 2 to square 8): the jump 2->8 leaves the board; squares are numbered 1 to 4"
    );
    let grid = parse("[[-1, -1], [5, -1]]");
    assert_eq!(
        grid.spec.problems()[0].to_string(),
        "grid row 1, column 0: the jump 1->5 leaves the board; squares are numbered 1 to 4"
    );
}

#[test]
fn huge_sizes_do_not_allocate() {
    // 4 billion squares would be 16 GB of tables; it is refused before any.
    let parsed = parse(r#"{"squares": 4000000000, "ladders": [[1, 3999999999]]}"#);
    assert_eq!(parsed.spec.squares, 4_000_000_000);
    assert_eq!(
        parsed.spec.problems()[0].to_string(),
        "the board has 4000000000 squares; snl handles at most 1073741824"
    );
    let text = input::parse(
        b"1 1 2 0",
        &ParseOptions {
            squares: Some(u64::MAX),
            ..ParseOptions::default()
        },
    )
    .unwrap();
    assert!(matches!(
        text.spec.problems()[0],
        snl::BoardError::TooManySquares(_)
    ));
}

#[test]
fn a_long_moves_array_keeps_only_its_jumps() {
    let n = 200_000;
    let mut text = String::with_capacity(n * 4);
    text.push('[');
    for i in 0..n {
        if i > 0 {
            text.push_str(", ");
        }
        text.push_str(if i % 1000 == 500 { "0" } else { "-1" });
    }
    text.push(']');
    let parsed = parse(&text);
    assert_eq!(parsed.spec.squares, n as u64);
    assert_eq!(parsed.spec.jumps.len(), n / 1000);
}

/// The boards under `testdata/`, by file name: the squares for pairs text,
/// and the fewest rolls under the file's rules.
const TESTDATA: &[(&str, u64, Option<u32>)] = &[
    ("designed-30-rolls.pairs.json", 100, Some(4)),
    ("exact-500.pairs.json", 500, Some(12)),
    ("odd-snakes-200.pairs.json", 200, Some(34)),
    ("seed-000-leetcode-909.grid.json", 36, Some(4)),
    ("seed-000-leetcode-909.moves.json", 36, Some(4)),
    ("seed-000-leetcode-909.pairs.json", 36, Some(4)),
    ("seed-000-leetcode-909.txt", 36, Some(4)),
    ("seed-003-example-1.grid.json", 100, Some(9)),
    ("seed-003-example-1.moves.json", 100, Some(9)),
    ("seed-003-example-1.pairs.json", 100, Some(9)),
    ("seed-003-example-1.txt", 100, Some(9)),
    ("seed-003-example-2.grid.json", 100, Some(4)),
    ("seed-003-example-2.moves.json", 100, Some(4)),
    ("seed-003-example-2.pairs.json", 100, Some(4)),
    ("seed-003-example-2.txt", 100, Some(4)),
    ("seed-004-twenty.moves.json", 20, Some(2)),
    ("seed-004-twenty.pairs.json", 20, Some(2)),
    ("seed-004-twenty.txt", 20, Some(2)),
    ("seed-004-twenty.as-printed.moves.json", 20, Some(2)),
    ("seed-004-eight.moves.json", 8, Some(2)),
    ("seed-004-eight.pairs.json", 8, Some(2)),
    ("seed-004-eight.txt", 8, Some(2)),
    ("milton-bradley.grid.json", 100, Some(7)),
    ("milton-bradley.moves.json", 100, Some(7)),
    ("milton-bradley.pairs.json", 100, Some(7)),
    ("milton-bradley-48.grid.json", 100, Some(7)),
    ("milton-bradley-48.moves.json", 100, Some(7)),
    ("milton-bradley-48.pairs.json", 100, Some(7)),
    ("wall-20.pairs.json", 20, Some(2)),
];

fn testdata() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata"))
}

#[test]
fn testdata_boards_give_their_answers() {
    for &(file, squares, answer) in TESTDATA {
        let bytes = std::fs::read(testdata().join(file)).unwrap();
        let options = ParseOptions {
            format: None,
            squares: Some(squares),
        };
        let parsed = input::parse(&bytes, &options).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(parsed.spec.squares, squares, "{file}");
        assert!(parsed.spec.problems().is_empty(), "{file}");
        assert_eq!(fewest(&parsed), answer, "{file}");
    }
}

#[test]
fn testdata_forms_of_one_board_agree() {
    let stem = |f: &str| f.split('.').next().unwrap().to_string();
    for &(file, squares, _) in TESTDATA {
        if file.contains("as-printed") {
            continue;
        }
        let options = ParseOptions {
            format: None,
            squares: Some(squares),
        };
        let pairs = format!("{}.pairs.json", stem(file));
        let read = |f: &str| {
            let parsed =
                input::parse(&std::fs::read(testdata().join(f)).unwrap(), &options).unwrap();
            (parsed.spec.build().unwrap(), parsed.rules)
        };
        assert_eq!(read(file).0, read(&pairs).0, "{file}");
        if Path::new(file).extension().is_none_or(|e| e != "txt") {
            assert_eq!(read(file).1, read(&pairs).1, "{file}");
        }
    }
}

#[test]
fn every_testdata_file_is_tested() {
    // Folders hold other tests' inputs (`fuzz/`: the fuzz targets' findings;
    // `solutions/`: the programs `snl judge` is tested on; `answers/`: the
    // corpus every front end is checked against; `long/`: boards
    // past the dense engines' 2^30 squares, for the reference's examples).
    let mut files: Vec<String> = std::fs::read_dir(testdata())
        .unwrap()
        .map(Result::unwrap)
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| e.file_name().into_string().unwrap())
        .filter(|f| f != "README.md")
        .collect();
    files.sort();
    let mut listed: Vec<String> = TESTDATA.iter().map(|t| t.0.to_string()).collect();
    listed.sort();
    assert_eq!(files, listed);
}

/// Writes `board` in `form` and reads it back.
fn round_trip(board: &Board, rules: &Rules, form: Format) -> Option<ParsedBoard> {
    let text = input::write(board, Some(rules), form).ok()?;
    let options = ParseOptions {
        format: None,
        squares: Some(u64::from(board.squares())),
    };
    Some(input::parse(text.as_bytes(), &options).unwrap_or_else(|e| panic!("{e}\n{text}")))
}

/// A parse either gives a spec whose checks run, or an error message in the
/// house style that says where the fault is when it has a position.
fn check_outcome(bytes: &[u8]) -> Result<(), TestCaseError> {
    match input::parse(bytes, &ParseOptions::default()) {
        Ok(parsed) => {
            // A board that parses is either built, with no problems, and
            // reads back the same from what snl writes; or refused for the
            // first of its problems, each a message in the house style.
            let problems = parsed.spec.problems();
            match parsed.spec.build() {
                Ok(board) => {
                    prop_assert!(problems.is_empty(), "{:?}", problems);
                    prop_assert_eq!(u64::from(board.squares()), parsed.spec.squares);
                    let written = input::write(&board, None, Format::Pairs).unwrap();
                    prop_assert_eq!(parse(&written).spec.build().unwrap(), board);
                }
                Err(first) => {
                    prop_assert_eq!(Some(&first), problems.first());
                    for p in &problems {
                        prop_assert!(!p.to_string().ends_with('.'), "{}", p);
                    }
                }
            }
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.ends_with('.'), "{}", message);
            prop_assert!(!message.contains(" at line "), "{}", message);
            if let input::ParseError::Json { line, column, .. }
            | input::ParseError::Text { line, column, .. } = e
            {
                prop_assert!(line >= 1 && column >= 1, "{}", message);
                let place = format!("line {line}, column {column}: ");
                prop_assert!(message.starts_with(&place), "{}", message);
            }
        }
    }
    Ok(())
}

/// A grid within LeetCode 909's constraints: 1 to 12 rows, each cell -1
/// (most often) or a square, no jump from square 1 or from the last.
fn leetcode_grid() -> impl Strategy<Value = Vec<Vec<i32>>> {
    (1usize..=12).prop_flat_map(|n| {
        let last = (n * n) as i32;
        prop::collection::vec(prop_oneof![3 => Just(-1), 1 => 1..=last], n * n).prop_map(
            move |cells| {
                let mut grid: Vec<Vec<i32>> = cells.chunks(n).map(<[i32]>::to_vec).collect();
                // Square 1 is the bottom row's first cell; square n² is in
                // the top row, at its left end when the rows alternate
                // there from the right.
                grid[n - 1][0] = -1;
                grid[0][if n % 2 == 1 { n - 1 } else { 0 }] = -1;
                grid
            },
        )
    })
}

/// LeetCode 909 as the textbook solves it, from the grid alone: a
/// breadth-first search over the labels 1 to n², the squares after `s`
/// being `s + 1` to `s + 6` (none past n²), each replaced by its cell's
/// value when that is not -1. It shares nothing with snl.
fn textbook_909(grid: &[Vec<i32>]) -> i32 {
    let n = grid.len();
    let last = n * n;
    let cell = |s: usize| {
        let (row, col) = ((s - 1) / n, (s - 1) % n);
        let col = if row % 2 == 0 { col } else { n - 1 - col };
        grid[n - 1 - row][col]
    };
    let mut dist = vec![-1i32; last + 1];
    dist[1] = 0;
    let mut queue = std::collections::VecDeque::from([1usize]);
    while let Some(s) = queue.pop_front() {
        if s == last {
            return dist[s];
        }
        for next in s + 1..=(s + 6).min(last) {
            let to = match cell(next) {
                -1 => next,
                v => v as usize,
            };
            if dist[to] == -1 {
                dist[to] = dist[s] + 1;
                queue.push_back(to);
            }
        }
    }
    -1
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn every_form_gives_the_same_board(board in strategies::board(1..=64), rules in strategies::rules()) {
        let expected = Game::new(board.clone(), rules.clone()).ok().map(|g| snl::shortest::min_rolls(&g).unwrap());
        for form in Format::ALL {
            let Some(parsed) = round_trip(&board, &rules, form) else {
                let n = board.squares();
                prop_assert!(form == Format::Grid && n.isqrt() * n.isqrt() != n);
                continue;
            };
            prop_assert_eq!(parsed.format, form);
            prop_assert_eq!(&parsed.spec.build().unwrap(), &board);
            let rules = if form == Format::PairsText {
                prop_assert!(parsed.rules.is_empty());
                rules.clone()
            } else {
                let read = parsed.rules.rules();
                prop_assert_eq!(&read, &rules);
                read
            };
            let got = Game::new(parsed.spec.build().unwrap(), rules).ok().map(|g| snl::shortest::min_rolls(&g).unwrap());
            prop_assert_eq!(got, expected);
        }
        if let Ok(grid) = input::to_grid(&board) {
            prop_assert_eq!(input::from_grid(&grid).unwrap().build().unwrap(), board.clone());
        }
        let moves = serde_json::to_string(&input::to_moves(&board).unwrap()).unwrap();
        prop_assert_eq!(parse(&moves).spec.build().unwrap(), board);
    }

    #[test]
    fn leetcode_function_agrees_with_the_textbook(grid in leetcode_grid()) {
        prop_assert_eq!(snl::leetcode::snakes_and_ladders(grid.clone()), textbook_909(&grid));
    }

    #[test]
    fn any_bytes_give_a_board_or_a_placed_error(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        check_outcome(&bytes)?;
    }

    #[test]
    fn json_like_text_gives_a_board_or_a_placed_error(text in r#"[\[\]{}0-9,\- "a-z:.e]{0,40}"#) {
        check_outcome(text.as_bytes())?;
    }
}

/// Any rules value, with dice and bonus limits beyond the small ones the
/// game strategies use.
fn any_rules() -> impl Strategy<Value = Rules> {
    let die = prop_oneof![
        strategies::die(),
        (1u32..=1000).prop_map(|k| Die::uniform(k).unwrap()),
        (1u32..=10, 1u32..=100)
            .prop_filter("at most 1000", |(c, f)| c * f <= 1000)
            .prop_filter_map("at most 2^64 outcomes", |(c, f)| Die::sum_of(c, f).ok()),
        prop::collection::vec(0u64..=u64::MAX / 2000, 1..40)
            .prop_filter("some face has weight", |w| w.iter().any(|&x| x > 0))
            .prop_map(|w| Die::weighted(w).unwrap()),
    ];
    let bonus = prop_oneof![
        Just(None),
        Just(Some(Bonus::unlimited())),
        (1u32..=u32::MAX).prop_map(|n| Some(Bonus::with_limit(n).unwrap())),
    ];
    (strategies::rules(), die, bonus).prop_map(|(rules, die, bonus)| Rules {
        die,
        bonus,
        ..rules
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The `rules` object of every answer is one a board file takes, and it
    /// reads back as the same rules.
    #[test]
    fn answer_rules_read_back_from_a_board_file(rules in any_rules()) {
        let printed = serde_json::to_string_pretty(&RulesJson::from(&rules)).unwrap();
        let file = format!("{{\"squares\": 10, \"rules\": {printed}}}");
        let parsed = parse(&file);
        prop_assert_eq!(parsed.rules.rules(), rules.clone());
        // And the written board file holds the same object.
        let board = Board::empty(10).unwrap();
        let written = input::write(&board, Some(&rules), Format::Pairs).unwrap();
        let written: serde_json::Value = serde_json::from_str(&written).unwrap();
        prop_assert_eq!(&written["rules"], &serde_json::to_value(RulesJson::from(&rules)).unwrap());
    }
}

#[test]
fn a_snake_back_off_the_board_is_written_in_the_pairs_forms_only() {
    let parsed = parse(r#"{"squares": 16, "snakes": [[11, 0]], "rules": {"start": 0}}"#);
    let rules = parsed.rules.rules();
    assert_eq!(rules.start, Start::OffBoard);
    let board = parsed.spec.build().unwrap();
    assert_eq!(board.jump(11), Some(0));
    // The pairs forms read back the same board.
    let pairs = input::write(&board, Some(&rules), Format::Pairs).unwrap();
    assert_eq!(parse(&pairs).spec.build().unwrap(), board);
    let text = input::write(&board, None, Format::PairsText).unwrap();
    assert_eq!(text, "0\n1 11 0\n");
    assert_eq!(parse(&text).spec.build().unwrap().jump(11), Some(0));
    // The grid numbers squares from 1, and the moves form's -1 is no jump.
    let grid = input::write(&board, Some(&rules), Format::Grid).unwrap_err();
    assert_eq!(
        grid.to_string(),
        "the snake 11->0 leads off the board, which the grid form cannot write (it numbers squares from 1); write the board as pairs or pairs-text"
    );
    let moves = input::to_moves(&board).unwrap_err();
    assert_eq!(
        moves.to_string(),
        "the snake 11->0 leads off the board, which the moves form cannot write (its 0-based destination would be -1, which means no jump); write the board as pairs or pairs-text"
    );
    assert_eq!(input::to_grid(&board).unwrap_err(), grid);
    // A grid cell of 0 names no square.
    let err = input::parse(
        b"[[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,-1],[-1,-1,-1,0]]",
        &ParseOptions::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("0 is not a destination"), "{err}");
}
