//! The fast readers against the plain ones, on random boards and on
//! random damage to them.

use proptest::prelude::*;
use proptest::strategy::ValueTree;

use super::*;
use crate::input::ReadAt;
use crate::input::{Format, ParseOptions, parse_at, parse_by};

/// Reads `text` both ways: with the fast readers, and with the plain
/// ones alone. Errors are compared by their message.
/// The one read a piece at a time ([`parse_at`], a few bytes a piece, from
/// a source that gives fewer than asked for) must be the fast one.
fn both(text: &str, options: &ParseOptions) -> (String, String) {
    let show = |r: Result<crate::input::ParsedBoard, crate::input::ParseError>| match r {
        Ok(parsed) => format!("{parsed:?}"),
        Err(e) => format!("error: {e}"),
    };
    let fast = show(parse_by(text.as_bytes(), options, true));
    let trickle = Trickle {
        bytes: text.as_bytes(),
        most: 3,
        fails_at: None,
    };
    assert_eq!(show(parse_at(&trickle, options)), fast, "read in pieces");
    (fast, show(parse_by(text.as_bytes(), options, false)))
}

/// Bytes in memory given at most `most` at a time, and an error for a read
/// that reaches `fails_at`.
struct Trickle<'a> {
    bytes: &'a [u8],
    most: usize,
    fails_at: Option<u64>,
}

impl ReadAt for Trickle<'_> {
    fn size(&self) -> u64 {
        self.bytes.len() as u64
    }

    fn read_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
        let n = buf.len().min(self.most);
        if self.fails_at.is_some_and(|f| offset + n as u64 > f) {
            return Err(std::io::Error::other("the disk is on fire"));
        }
        (&self.bytes).read_at(&mut buf[..n], offset)
    }
}

/// Whether the fast reader itself read `text` (rather than giving up).
fn fast_reads(text: &str) -> bool {
    let t = text.trim_start();
    let bytes = &text.as_bytes();
    match t.as_bytes().first() {
        Some(b'{') => object(bytes, 0).is_some(),
        Some(b'[') if t[1..].trim_start().starts_with('[') => grid_array(bytes, 0).is_some(),
        Some(b'[') => moves_array(bytes, 0).is_some(),
        _ => pairs_text(text).is_some(),
    }
}

/// JSON whitespace, sometimes none.
fn space() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![Just(' '), Just('\n'), Just('\t'), Just('\r')],
        0..3,
    )
    .prop_map(|v| v.into_iter().collect())
}

/// A list written with random whitespace around its items.
fn json_list(items: &[String], gaps: &[String]) -> String {
    let gap = |i: usize| gaps[i % gaps.len()].as_str();
    let mut out = format!("[{}", gap(0));
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(gap(i + 1));
            out.push(',');
            out.push_str(gap(i + 2));
        }
        out.push_str(item);
    }
    out.push_str(gap(items.len() + 3));
    out.push(']');
    out
}

/// A moves entry: mostly `-1`, sometimes a square, rarely an odd one.
fn entry() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => Just("-1".to_string()),
        4 => square(),
    ]
}

/// A square number, rarely an odd one.
fn square() -> impl Strategy<Value = String> {
    prop_oneof![
        30 => (0u64..40).prop_map(|v| v.to_string()),
        1 => odd_number(),
    ]
}

/// Numbers the fast readers leave to the plain ones, and some that are
/// no numbers.
fn odd_number() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("-0".to_string()),
        Just("-2".to_string()),
        Just("1.0".to_string()),
        Just("1e3".to_string()),
        Just("01".to_string()),
        Just("-1.5".to_string()),
        Just("99999999999999999999".to_string()),
        Just("9999999999999999999".to_string()),
        Just("999999999999999999".to_string()),
        Just("null".to_string()),
        Just("\"3\"".to_string()),
        Just("[]".to_string()),
    ]
}

fn gaps() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(space(), 1..5)
}

fn moves_text() -> impl Strategy<Value = String> {
    (prop::collection::vec(entry(), 0..40), gaps()).prop_map(|(v, g)| json_list(&v, &g))
}

fn grid_text() -> impl Strategy<Value = String> {
    (1usize..6, gaps()).prop_flat_map(|(k, g)| {
        // Mostly square, sometimes a row too long or too short.
        let size = move || prop_oneof![8 => Just(k), 1 => 0..k + 2];
        let row = size()
            .prop_flat_map(|n| prop::collection::vec(entry(), n))
            .boxed();
        size()
            .prop_flat_map(move |rows| prop::collection::vec(row.clone(), rows))
            .prop_map(move |rows| {
                let rows: Vec<String> = rows.into_iter().map(|r| json_list(&r, &g)).collect();
                json_list(&rows, &g)
            })
    })
}

fn pairs_list() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(
            prop_oneof![
                12 => (square(), square()).prop_map(|(a, b)| vec![a, b]),
                1 => prop::collection::vec(square(), 0..4),
            ],
            0..8,
        ),
        gaps(),
    )
        .prop_map(|(pairs, g)| {
            let pairs: Vec<String> = pairs.into_iter().map(|p| json_list(&p, &g)).collect();
            json_list(&pairs, &g)
        })
}

fn rules_text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(r#"{"faces": 4}"#.to_string()),
        Just(r#"{"die": "2d6", "finish": "bounce", "chain": true, "start": 0}"#.to_string()),
        Just(r#"{"faces": 0}"#.to_string()),
        Just(r#"{"bonus": true, "bonus_limit": 3}"#.to_string()),
        Just(r#"{"colour": "red"}"#.to_string()),
        Just("null".to_string()),
    ]
}

fn object_text() -> impl Strategy<Value = String> {
    let field = prop_oneof![
        ("grid", grid_text()),
        ("n", square()),
        ("moves", moves_text()),
        ("squares", square()),
        ("ladders", pairs_list()),
        ("snakes", pairs_list()),
        ("rules", rules_text()),
        (
            "name",
            prop_oneof![Just("\"a \\\"b\\\" é\"".to_string()), Just("7".to_string())]
        ),
        ("na\\u006de", Just("\"x\"".to_string())),
        ("size", Just("3".to_string())),
    ];
    (prop::collection::vec(field, 0..4), space(), space()).prop_map(|(fields, a, b)| {
        let body: Vec<String> = fields
            .into_iter()
            .map(|(k, v)| format!("{a}\"{k}\"{b}:{a}{v}"))
            .collect();
        format!("{a}{{{}{b}}}", body.join(","))
    })
}

/// Pairs text: counts and pairs on a few lines, sometimes a miscount or
/// an odd word.
fn pairs_text_input() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        8 => (0u64..120).prop_map(|v| v.to_string()),
        1 => prop_oneof![
            Just("007".to_string()),
            Just("-3".to_string()),
            Just("x".to_string()),
            Just("1e2".to_string()),
            Just("99999999999999999999".to_string()),
            Just("5é".to_string()),
        ],
    ];
    let sep = prop_oneof![
        Just(" "),
        Just("  "),
        Just("\n"),
        Just("\t"),
        Just("\r\n"),
        Just("\x0B"),
        Just("\u{a0}"),
    ];
    (
        0usize..5,
        0usize..5,
        prop::collection::vec(number, 0..20),
        prop::collection::vec(sep, 1..6),
        -1i32..=1,
    )
        .prop_map(|(l, s, numbers, seps, miscount)| {
            let mut words = vec![l.to_string()];
            let mut it = numbers.iter().cycle();
            words.extend((0..2 * l).map(|_| it.next().cloned().unwrap_or("5".into())));
            let snakes = (s as i32 + miscount).max(0);
            words.push(snakes.to_string());
            words.extend((0..2 * s).map(|_| it.next().cloned().unwrap_or("9".into())));
            let mut out = String::new();
            for (i, w) in words.iter().enumerate() {
                if i > 0 {
                    out.push_str(seps[i % seps.len()]);
                }
                out.push_str(w);
            }
            out.push_str(seps[0]);
            out
        })
}

/// Damage to a text: a byte dropped, doubled or replaced.
fn damage(text: String, at: usize, how: u8, byte: u8) -> String {
    let mut bytes = text.into_bytes();
    if bytes.is_empty() {
        return String::new();
    }
    let at = at % bytes.len();
    match how % 3 {
        0 => {
            bytes.remove(at);
        }
        1 => bytes.insert(at, bytes[at]),
        _ => bytes[at] = b" ,[]{}:-0123456789\"e."[byte as usize % 20],
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn any_board_text() -> impl Strategy<Value = String> {
    prop_oneof![moves_text(), grid_text(), object_text(), pairs_text_input()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn both_readers_agree(text in any_board_text()) {
        let (fast, plain) = both(&text, &ParseOptions::default());
        prop_assert_eq!(fast, plain);
    }

    // Runs of `-1,` without spaces take their own way through the
    // fast reader, split between two threads at any point of them.
    #[test]
    fn both_readers_agree_on_compact_lists(
        text in prop_oneof![moves_text(), grid_text()],
        at: usize,
        how: u8,
        byte: u8,
        damaged: bool,
    ) {
        let compact: String = text.split([' ', '\n', '\t', '\r']).collect();
        let text = if damaged { damage(compact, at, how, byte) } else { compact };
        let (fast, plain) = both(&text, &ParseOptions::default());
        prop_assert_eq!(fast, plain);
    }

    #[test]
    fn both_readers_agree_on_damaged_input(
        text in any_board_text(),
        at: usize,
        how: u8,
        byte: u8,
    ) {
        let text = damage(text, at, how, byte);
        for format in [None, Some(Format::Moves), Some(Format::Grid), Some(Format::Pairs), Some(Format::PairsText)] {
            let options = ParseOptions { format, squares: Some(200) };
            let (fast, plain) = both(&text, &options);
            prop_assert_eq!(fast, plain);
        }
    }
}

/// The generators above do reach the fast readers, and the shapes snl
/// writes itself are read by them.
#[test]
fn fast_readers_take_the_common_shapes() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut read = 0;
    for _ in 0..400 {
        let text = any_board_text().new_tree(&mut runner).unwrap().current();
        let (fast, plain) = both(&text, &ParseOptions::default());
        assert_eq!(fast, plain);
        read += usize::from(fast_reads(&text));
    }
    assert!(read > 100, "only {read} of 400 inputs took the fast path");

    for preset in crate::presets::all() {
        let board = preset.board().unwrap();
        let rules = preset.rules();
        for format in Format::ALL {
            let Ok(text) = crate::input::write(&board, Some(&rules), format) else {
                continue;
            };
            assert!(fast_reads(&text), "{} as {format}", preset.name);
            let (fast, plain) = both(&text, &ParseOptions::default());
            assert_eq!(fast, plain);
        }
    }
}

#[test]
fn runs_of_nones_end_at_the_split() {
    let text = "-1, -1,-1,-1,-1, -1, -1, -1, -1,-1,-1, -1,-1]";
    for (stop, _) in text.match_indices(',') {
        let bytes = text.as_bytes();
        let mut c = Cursor::new(&bytes, 0);
        let count = c.entries(Some(stop as u64), |_, _| None);
        assert_eq!(count, Some(text[..stop].matches("-1").count()), "{stop}");
        assert_eq!(c.pos(), stop as u64);
    }
}

#[test]
fn numbers_end_at_the_split() {
    // Every comma as the split: the first part stops there, whatever came
    // before it, with the numbers before it given.
    let text = "-1,5,-1,-1,12,-1,7,-1,-1,-1,-1,-1,300,1234567,12345678,-1,9]";
    for (stop, _) in text.match_indices(',') {
        let bytes = text.as_bytes();
        let mut c = Cursor::new(&bytes, 0);
        let mut numbers = Vec::new();
        let count = c.entries(Some(stop as u64), |i, v| {
            numbers.push((i, v));
            Some(())
        });
        let before: Vec<&str> = text[..stop].split(',').collect();
        assert_eq!(count, Some(before.len()), "{stop}");
        assert_eq!(c.pos(), stop as u64, "{stop}");
        let expected: Vec<(usize, u64)> = before
            .iter()
            .enumerate()
            .filter(|(_, e)| **e != "-1")
            .map(|(i, e)| (i, e.parse().unwrap()))
            .collect();
        assert_eq!(numbers, expected, "{stop}");
    }
}

#[test]
fn positions_of_pairs_text() {
    let jumps = pairs_text("2 6 46\r\n  19 43\n\x0B1 47 9\n").unwrap();
    let origins: Vec<String> = jumps.iter().map(|j| j.origin.to_string()).collect();
    assert_eq!(
        origins,
        [
            "line 1, column 3 (ladder pair 1)",
            "line 2, column 3 (ladder pair 2)",
            "line 3, column 4 (snake pair 1)"
        ]
    );
    assert!(pairs_text("1 6 46 0 7").is_none(), "a word too many");
    assert!(pairs_text("1 6 46\u{a0}0").is_none(), "not ASCII");
}

#[test]
fn plain_numbers_only() {
    let read = |t: &str| moves_array(&t.as_bytes(), 0).map(|m| m.into_spec().jumps.len());
    assert_eq!(read("[-1, 0, 5, -1]"), Some(2));
    assert_eq!(read("[-1,-1]"), Some(0));
    assert_eq!(read("[-1]"), Some(0));
    for odd in [
        "[-0]", "[01]", "[1.0]", "[1e2]", "[-1e0]", "[-10]", "[1,]", "[1 2]", "[-1]x",
    ] {
        assert_eq!(read(odd), None, "{odd}");
    }
    let nones = |k: usize| vec!["-1"; k].join(",");
    for k in 1..14 {
        let text = format!("[{},7]", nones(k));
        let spec = moves_array(&text.as_bytes(), 0).unwrap().into_spec();
        assert_eq!(spec.squares, k as u64 + 1, "{text}");
        assert_eq!(spec.jumps.len(), usize::from(k != 7), "{text}");
        assert_eq!(
            read(&format!("[{},]", nones(k + 1))),
            None,
            "{k} then a comma"
        );
        assert_eq!(read(&format!("[{}]", nones(k + 1))), Some(0));
    }
    // Squares are kept in 32 bits, with room for one more.
    assert_eq!(read("[4294967294]"), Some(1));
    assert_eq!(read("[4294967295]"), None, "left to the plain reader");
    assert_eq!(read("[9999999999999999999]"), None, "19 digits");
}

#[test]
fn a_failed_read_is_an_error_of_its_own() {
    let text = format!("[{}]", vec!["-1"; 50].join(","));
    let options = ParseOptions::default();
    for fails_at in [0, 1, 20, text.len() as u64 - 1] {
        let src = Trickle {
            bytes: text.as_bytes(),
            most: 7,
            fails_at: Some(fails_at),
        };
        let err = parse_at(&src, &options).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the input cannot be read: the disk is on fire"
        );
    }
    let whole = Trickle {
        bytes: text.as_bytes(),
        most: 7,
        fails_at: None,
    };
    assert_eq!(parse_at(&whole, &options).unwrap().spec.squares, 50);
}

#[test]
fn long_lists_split_in_the_window() {
    // Lists long enough to be read on two threads, in pieces, with a
    // value named after them: the same board either way.
    let moves: Vec<String> = (0..200)
        .map(|i| {
            if i % 7 == 3 {
                (i * 13 % 200).to_string()
            } else {
                "-1".into()
            }
        })
        .collect();
    let grid: Vec<String> = (0..12)
        .map(|r| {
            let row: Vec<String> = (0..12)
                .map(|c| {
                    if (r + c) % 5 == 0 {
                        ((r * 12 + c) % 144 + 1).to_string()
                    } else {
                        "-1".into()
                    }
                })
                .collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    for text in [
        format!("[{}]", moves.join(",")),
        format!(
            r#"{{"n": 200, "moves": [{}], "name": "x"}}"#,
            moves.join(", ")
        ),
        format!("[{}]", grid.join(",")),
        format!(
            r#"{{"grid": [{}], "rules": {{"faces": 4}}}}"#,
            grid.join(",\n")
        ),
    ] {
        assert!(fast_reads(&text), "{text}");
        let (fast, plain) = both(&text, &ParseOptions::default());
        assert_eq!(fast, plain, "{text}");
    }
}

#[test]
fn numbers_eight_bytes_at_a_time_as_a_digit_at_a_time() {
    let ends = [
        "", ",", "]", " ", ".5", "e3", "E", "x", "\u{e9}", "\u{ff}", "/", ":", "-",
    ];
    let mut texts = Vec::new();
    for digits in 0..=20 {
        for lead in ["", "0", "1", "9"] {
            let number: String = lead
                .chars()
                .chain((0..digits).map(|k| char::from(b'0' + (k * 7 + 3) as u8 % 10)))
                .collect();
            for end in ends {
                texts.push(format!("{number}{end}"));
                texts.push(format!("{number}{end}-1,-1,-1,7"));
            }
        }
    }
    for text in texts {
        let bytes = text.as_bytes();
        let (mut fast, mut slow) = (Cursor::new(&bytes, 0), Cursor::new(&bytes, 0));
        let (a, b) = (fast.number(), slow.number_by_digits());
        assert_eq!(a, b, "{text:?}");
        if a.is_some() {
            assert_eq!(fast.pos(), slow.pos(), "{text:?}");
        }
    }
}
