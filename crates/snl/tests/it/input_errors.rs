//! Every kind of bad input gets an error that says what is wrong, where,
//! and how to fix it.

use snl::input::{self, Format, ParseError, ParseOptions};

fn err_as(input: &[u8], format: Option<Format>) -> ParseError {
    let options = ParseOptions {
        format,
        squares: None,
    };
    match input::parse(input, &options) {
        Ok(parsed) => panic!("parsed: {parsed:?}"),
        Err(e) => e,
    }
}

fn err(input: &str) -> String {
    err_as(input.as_bytes(), None).to_string()
}

const FORMS: &str = "write a LeetCode grid `[[-1, ...], ...]`, a moves array `[-1, 18, ...]` or `{\"n\": 20, \"moves\": [...]}`, a pairs object `{\"squares\": 100, \"ladders\": [[14, 28]], \"snakes\": [[99, 25]]}`, or pairs text (a ladder count and its pairs, then a snake count and its pairs)";

#[test]
fn not_a_board_at_all() {
    assert_eq!(err(""), format!("the input is empty; {FORMS}"));
    assert_eq!(err("  \n "), format!("the input is empty; {FORMS}"));
    assert_eq!(
        err("\"hello\""),
        format!("line 1, column 1: a board cannot start with `\"`; {FORMS}")
    );
    assert_eq!(
        err("\n\n  true"),
        format!("line 3, column 3: a board cannot start with `t`; {FORMS}")
    );
    assert_eq!(
        err_as(b"{\"name\": \"caf\xe9\"}", None).to_string(),
        "line 1, column 14: the input is not UTF-8 text; save it as UTF-8"
    );
    assert_eq!(
        err_as(b"1 6 46\n0 \xff", None).to_string(),
        "line 2, column 3: the input is not UTF-8 text; save it as UTF-8"
    );
    assert_eq!(err("{}"), format!("the object holds no board; {FORMS}"));
    assert_eq!(
        err(r#"{"name": "x"}"#),
        format!("the object holds no board; {FORMS}")
    );
}

#[test]
fn json_syntax_errors_have_line_and_column() {
    assert_eq!(
        err("{\"squares\": 10,\n \"ladders\": [[1, 5],, ]}"),
        "line 2, column 21: expected value"
    );
    assert_eq!(err("[-1, -1"), "line 1, column 7: EOF while parsing a list");
    assert_eq!(err("[-1] x"), "line 1, column 6: trailing characters");
    // A newline is where it is, at the end of its line (the JSON reader
    // calls it column 0 of the next), and columns count characters, not
    // bytes.
    assert_eq!(err("[-1,\n"), "line 1, column 5: EOF while parsing a value");
    let control = "control character (\\u0000-\\u001F) found while parsing a string";
    assert_eq!(
        err("{\"name\": \"a\nb\"}"),
        format!("line 1, column 12: {control}")
    );
    assert_eq!(
        err("{\"name\": \"\u{e9}\u{e9}\u{1}\"}"),
        format!("line 1, column 13: {control}")
    );
    assert_eq!(
        err(r#"{"squares": 10, "squares": 11}"#),
        "line 1, column 25: duplicate field `squares`"
    );
    let e = err_as(b"{\n  \"squares\": 1e400\n}", None);
    assert!(matches!(e, ParseError::Json { line: 2, .. }));
    assert_eq!(
        e.to_string(),
        "line 2, column 18: `squares`: the number is out of range (beyond 1.8e308); \
         write a board size as a whole number"
    );
}

#[test]
fn unknown_fields_list_the_expected_ones() {
    assert_eq!(
        err(r#"{"squares": 10, "ladderz": [[1, 5]]}"#),
        "line 1, column 25: unknown field `ladderz`, expected one of `grid`, `n`, `moves`, `squares`, `ladders`, `snakes`, `rules`, `name`"
    );
    assert_eq!(
        err(r#"{"squares": 10, "rules": {"facez": 6}}"#),
        "line 1, column 33: unknown field `facez`, expected one of `faces`, `die`, `finish`, `chain`, `start`, `bonus`, `bonus_limit`, `optional`"
    );
}

#[test]
fn numbers_out_of_any_range() {
    assert_eq!(
        err("[-1, 99999999999999999999999]"),
        "line 1, column 28: moves[1] (square 2): 1e23 is too large to be a 0-based square index"
    );
    assert_eq!(
        err("[-1, 18446744073709551615]"),
        "line 1, column 25: moves[1] (square 2): 18446744073709551615 is too large to be a 0-based square index"
    );
    assert_eq!(
        err("[-1, 2.5]"),
        "line 1, column 8: moves[1] (square 2): 2.5 is not a whole number; write a 0-based square index without a fraction"
    );
    assert_eq!(
        err(r#"{"squares": -5}"#),
        "line 1, column 15: `squares`: -5 is not a board size; give the number of squares, at least 1"
    );
    assert_eq!(
        err(r#"{"squares": "ten"}"#),
        "line 1, column 17: invalid type: string \"ten\", expected a board size (a whole number) for `squares`"
    );
    assert_eq!(
        err(r#"{"snakes": [[-9, 5]]}"#),
        "line 1, column 19: snakes[0]: -9 is not a square; squares are numbered from 1"
    );
}

#[test]
fn grid_errors_name_row_column_and_square() {
    assert_eq!(
        err("[[-1, -1, -1], [-1, -7, -1], [-1, -1, -1]]"),
        "grid row 1, column 1 (square 5): -7 is not a destination; write -1 for no jump or a square from 1 to 9"
    );
    assert_eq!(
        err("[[-1, \"x\"], [-1, -1]]"),
        "line 1, column 9: invalid type: string \"x\", expected a square number (a whole number) for grid row 0, column 1"
    );
    assert_eq!(
        err("[[-1, -1], [-1]]"),
        "grid row 1 has 1 cell but the grid has 2 rows; a LeetCode grid is N rows of N cells"
    );
    assert_eq!(
        err("[[-1, -1, -1], [-1, -1, -1]]"),
        "grid row 0 has 3 cells but the grid has 2 rows; a LeetCode grid is N rows of N cells"
    );
    assert_eq!(
        err("[[]]"),
        "grid row 0 has 0 cells but the grid has 1 row; a LeetCode grid is N rows of N cells"
    );
    assert_eq!(
        err(r#"{"grid": []}"#),
        "the grid has no rows; a LeetCode grid is N rows of N numbers"
    );
    assert_eq!(
        err_as(b"[-1]", Some(Format::Grid)).to_string(),
        "line 1, column 3: invalid type: integer `-1`, expected grid row 0 as a list of numbers"
    );
    // Deep nesting is refused at once, not by recursion.
    assert_eq!(
        err(&"[".repeat(100_000)),
        "line 1, column 2: invalid type: sequence, expected a square number (a whole number) for grid row 0, column 0"
    );
}

#[test]
fn moves_errors() {
    assert_eq!(
        err("[-1, -3]"),
        "line 1, column 8: moves[1] (square 2): -3 is not a move; write -1 for no jump or the 0-based index of the square it leads to"
    );
    assert_eq!(
        err(r#"{"n": 3, "moves": [-1, -1]}"#),
        "`n` is 3 but `moves` has 2 entries; make `n` the length of `moves`"
    );
    assert_eq!(
        err(r#"{"n": 2, "moves": [-1]}"#),
        "`n` is 2 but `moves` has 1 entry; make `n` the length of `moves`"
    );
    assert_eq!(
        err(r#"{"n": 3}"#),
        "the object gives `n` but no `moves`; add the 0-based moves array"
    );
}

#[test]
fn pair_errors_name_the_pair() {
    assert_eq!(
        err(r#"{"ladders": [[1, 5], [7]]}"#),
        "line 1, column 24: ladders[1]: a pair has two squares, [from, to], but this one has 1"
    );
    assert_eq!(
        err(r#"{"ladders": [[1, 5], 7]}"#),
        "line 1, column 22: invalid type: integer `7`, expected a pair [from, to] for ladders[1]"
    );
    assert_eq!(
        err(r#"{"snakes": {"9": 2}}"#),
        "line 1, column 11: invalid type: map, expected a list of [from, to] pairs for `snakes`"
    );
}

#[test]
fn rule_errors() {
    let cases = [
        (
            r#"{"squares": 10, "rules": {"faces": 6, "die": "d6"}}"#,
            "line 1, column 50: `rules` gives both `faces` and `die`; keep one (`\"faces\": 6` is `\"die\": \"d6\"`)",
        ),
        (
            r#"{"squares": 10, "rules": {"faces": 0}}"#,
            "line 1, column 37: `rules.faces`: a die needs 1 to 1000 faces, not 0",
        ),
        (
            r#"{"squares": 10, "rules": {"faces": -1000}}"#,
            "line 1, column 41: `rules.faces`: a die needs 1 to 1000 faces, not -1000",
        ),
        (
            r#"{"squares": 10, "rules": {"start": 2}}"#,
            "line 1, column 37: `rules.start`: the start must be 1 (on square 1) or 0 (off the board), not 2",
        ),
        (
            r#"{"squares": 10, "rules": {"finish": "exactly"}}"#,
            "line 1, column 46: `rules.finish`: `exactly` is not a finish rule: use `exact`, `bounce` or `pass`",
        ),
        (
            r#"{"squares": 10, "rules": {"die": "six"}}"#,
            "line 1, column 39: `rules.die`: `six` is not a die: write `d6`, `2d6`, or weights for faces 1, 2, ... such as `1,1,1,1,1,2`",
        ),
        (
            r#"{"squares": 10, "rules": {"chain": 1}}"#,
            "line 1, column 36: invalid type: integer `1`, expected true or false for `rules.chain`",
        ),
        (
            r#"{"squares": 10, "rules": {"bonus": 3}}"#,
            "line 1, column 36: invalid type: integer `3`, expected true or false for `rules.bonus`",
        ),
        (
            r#"{"squares": 10, "rules": [6]}"#,
            "line 1, column 25: invalid type: sequence, expected an object for `rules`, such as {\"die\": \"d6\", \"finish\": \"exact\", \"chain\": false, \"start\": 1}",
        ),
        (
            r#"{"squares": 10, "rules": [6, null, "exact", false, 1, false, null]}"#,
            "line 1, column 25: invalid type: sequence, expected an object for `rules`, such as {\"die\": \"d6\", \"finish\": \"exact\", \"chain\": false, \"start\": 1}",
        ),
        (
            r#"{"squares": 10, "rules": {"bonus_limit": 5000000000}}"#,
            "line 1, column 52: `rules.bonus_limit`: 5000000000 is not a bonus limit; give a whole number from 1 to 4294967295, or null for no limit",
        ),
        (
            r#"{"squares": 10, "rules": {"bonus_limit": 0}}"#,
            "line 1, column 43: `rules.bonus_limit`: the bonus limit must be at least 1 (the roll that sends the pawn back), not 0; leave it out for no limit",
        ),
        (
            r#"{"squares": 10, "rules": {"bonus": false, "bonus_limit": 2}}"#,
            "line 1, column 59: `rules` turns bonus rolls off but gives a `bonus_limit`; remove one",
        ),
    ];
    for (input, message) in cases {
        assert_eq!(err(input), message);
    }
}

#[test]
fn form_errors() {
    assert_eq!(
        err(r#"{"squares": 10, "moves": [-1]}"#),
        "the object mixes two forms: `moves` belongs to the moves form and `squares` to the pairs form; keep the fields of one"
    );
    assert_eq!(
        err_as(br#"{"grid": [[-1]]}"#, Some(Format::Moves)).to_string(),
        "the input is written in the grid form, but the moves form was asked for; ask for grid or let the form be detected"
    );
    assert_eq!(
        err_as(b"[[-1]]", Some(Format::Pairs)).to_string(),
        "the input is written in the grid form, but the pairs form was asked for; ask for grid or let the form be detected"
    );
    assert_eq!(
        err_as(b"{\"squares\": 4}", Some(Format::PairsText)).to_string(),
        "line 1, column 1: `{\"squares\":` is not a number; pairs text is a ladder count and that many `from to` pairs, then a snake count and that many pairs"
    );
}

#[test]
fn text_errors_say_which_count() {
    assert_eq!(
        err("4 6 46 19 43 52 71 57 98\n3 47 9 62 40 96"),
        "line 2, column 1: the snake count is 3 but line 2 holds 2 snake pairs and a lone square; make the count match the pairs"
    );
    assert_eq!(
        err("5 6 46 19 43 52 71 57 98\n3 47 9 62 40 96 75"),
        "line 1, column 1: the ladder count is 5 but line 1 holds 4 ladder pairs; make the count match the pairs"
    );
    // On one line, the mismatch shows where the text runs out or goes on.
    assert_eq!(
        err("2 6 46 19 43 52 71"),
        "line 1, column 14: the snake count is 52 but the input ends after 0 snake pairs and a lone square; make the count match the pairs"
    );
    assert_eq!(
        err("4 6 46 19 43 52 71"),
        "line 1, column 1: the ladder count is 4 but the input ends after 3 ladder pairs; make the count match the pairs"
    );
    assert_eq!(
        err("1 6 46 1 47 9 5 8"),
        "line 1, column 15: `5` follows the last snake pair; the snake count says 1 pair, so raise it or remove what follows"
    );
    assert_eq!(
        err("1 6 46
"),
        "line 2, column 1: the input ends after 1 ladder pair; a snake count must follow (0 for no snakes)"
    );
    assert_eq!(
        err("1 6 forty-six
0"),
        "line 1, column 5: `forty-six` is not a number; pairs text is a ladder count and that many `from to` pairs, then a snake count and that many pairs"
    );
    assert_eq!(
        err("1 6 46
1 -47 9"),
        "line 2, column 3: -47 is negative, so it cannot be a square of snake pair 1; write a whole number of 0 or more"
    );
}
