//! The readers: each board form, form detection, `--die` specs, rules
//! objects and board names.
//!
//! For any input a reader either refuses it with a message that points into
//! the input, or reads it; a board that reads is then checked
//! ([`snl::check::check`] reports an error exactly when the board is
//! refused), and a board that builds is written back in its own form and in
//! every other, and reads again to the same board and rules.

use snl::input::{self, Format, ParseError, ParseOptions, ParsedBoard};
use snl::{Board, Die, Game, Rules, RulesJson, check, presets};
use snl_draw::BoardPicture;

/// Boards larger than this are read but not built, checked or written back
/// here: those steps allocate per square, and a few bytes of JSON can ask for
/// a billion squares.
pub const BUILD_SQUARES: u64 = 1 << 16;

/// Any bytes, with the form detected.
pub fn any(data: &[u8]) {
    read(data, &ParseOptions::default());
}

/// The LeetCode grid form, asked for.
pub fn grid(data: &[u8]) {
    read(data, &forced(Format::Grid));
}

/// The 0-based moves form, asked for.
pub fn moves(data: &[u8]) {
    read(data, &forced(Format::Moves));
}

/// The pairs JSON form, asked for.
pub fn pairs(data: &[u8]) {
    read(data, &forced(Format::Pairs));
}

/// The plain-text pairs form, asked for. The first byte, when there is one,
/// gives the board size (`--squares`), 0 to 255, so that pairs beyond the
/// board and boards too small for a pair are tried.
pub fn text(data: &[u8]) {
    let (squares, text) = match data.split_first() {
        Some((&n, rest)) => (Some(u64::from(n)), rest),
        None => (None, data),
    };
    let options = ParseOptions {
        format: Some(Format::PairsText),
        squares,
    };
    read(text, &options);
}

fn forced(format: Format) -> ParseOptions {
    ParseOptions {
        format: Some(format),
        squares: None,
    }
}

/// Reads `data`, then checks, builds and writes back what was read.
fn read(data: &[u8], options: &ParseOptions) {
    let parsed = match input::parse(data, options) {
        Ok(parsed) => parsed,
        Err(e) => {
            refused_well(data, &e);
            return;
        }
    };
    if let Some(format) = options.format {
        assert_eq!(parsed.format, format, "the form asked for is the form read");
    }
    if parsed.spec.squares > BUILD_SQUARES {
        return;
    }
    checked(&parsed);
}

/// A refusal says where: a line and column inside the input.
fn refused_well(data: &[u8], e: &ParseError) {
    let message = e.to_string();
    assert!(!message.is_empty(), "an error with no message: {e:?}");
    let at = match *e {
        ParseError::NotUtf8 { line, column }
        | ParseError::UnknownForm { line, column, .. }
        | ParseError::Json { line, column, .. }
        | ParseError::Text { line, column, .. } => Some((line, column)),
        _ => None,
    };
    if let Some((line, column)) = at {
        let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
        let text = String::from_utf8_lossy(data);
        let lines: Vec<&str> = text.split('\n').collect();
        assert!(
            (1..=lines.len()).contains(&line),
            "`{message}` names line {line}, but the input has {} lines",
            lines.len()
        );
        let width = lines[line - 1].chars().count();
        assert!(
            (1..=width + 1).contains(&column),
            "`{message}` names column {column}, but line {line} has {width} characters"
        );
    }
}

/// `snl check` finds an error exactly when the board is refused; a board
/// that builds reads back from every form.
fn checked(parsed: &ParsedBoard) {
    let rules = parsed.rules.rules();
    let found = check::check(&parsed.spec, &rules).diagnostics;
    let problems = parsed.spec.problems();
    let estimate = snl::board::cost(parsed.spec.squares, parsed.spec.jumps.len() as u64);
    let built = crate::meter::within("building the board", estimate, || parsed.spec.build());
    assert_eq!(
        built.as_ref().err(),
        problems.first(),
        "building refuses the board for its first problem"
    );
    let game = built
        .as_ref()
        .ok()
        .map(|board| Game::new(board.clone(), rules.clone()));
    let refused = !matches!(game, Some(Ok(_)));
    assert_eq!(
        check::has_errors(&found),
        refused,
        "check lists an error exactly when the board is refused: {found:?}"
    );
    for d in &found {
        assert!(!d.message.is_empty());
        assert!(
            d.squares
                .iter()
                .all(|s| (1..=parsed.spec.squares).contains(s)),
            "{d}: squares {:?} are not all on the board",
            d.squares
        );
    }
    if !problems.is_empty() {
        // With the pawn on square 1, each snake to square 0 from a square
        // that may start a jump is an error of its own.
        let homes = match rules.start {
            snl::Start::OffBoard => 0,
            _ => parsed
                .spec
                .jumps
                .iter()
                .filter(|j| j.to == 0 && (1..parsed.spec.squares).contains(&j.from))
                .count(),
        };
        assert_eq!(
            found.len(),
            problems.len() + homes,
            "check lists every problem, and the snakes to square 0 the start refuses, on a board that does not build"
        );
        assert_eq!(
            found.iter().filter(|d| d.code == "to-square-0").count(),
            homes,
            "a to-square-0 error for each snake to square 0 the start refuses"
        );
    }
    let Ok(board) = built else { return };
    for format in Format::ALL {
        round_trip(&board, &rules, format, format == parsed.format);
    }
}

/// Writes `board` under `rules` in `format` and reads it back: the same
/// board, and (in the JSON forms) the same rules. Written `ours`, in the
/// form it was read from, rules the file did not give are written too.
fn round_trip(board: &Board, rules: &Rules, format: Format, ours: bool) {
    let text = match input::write(board, Some(rules), format) {
        Ok(text) => text,
        Err(e) => {
            let n = u64::from(board.squares());
            let off = board.jumps().any(snl::Jump::to_start);
            assert!(
                (format == Format::Grid && n.isqrt() * n.isqrt() != n)
                    || (matches!(format, Format::Grid | Format::Moves) && off),
                "only a grid of a size that is not a perfect square, and a snake to square 0 in the grid and moves forms, cannot be written: {e}"
            );
            assert!(!ours, "a board read in a form writes back in it");
            return;
        }
    };
    let options = ParseOptions {
        format: None,
        squares: Some(u64::from(board.squares())),
    };
    let back = input::parse(text.as_bytes(), &options)
        .unwrap_or_else(|e| panic!("the {format} form snl wrote does not read back: {e}\n{text}"));
    assert_eq!(back.format, format, "the form is detected again\n{text}");
    let again = back
        .spec
        .build()
        .unwrap_or_else(|e| panic!("the {format} form snl wrote is refused: {e}\n{text}"));
    assert_eq!(
        &again, board,
        "the {format} form reads back to the same board\n{text}"
    );
    if format != Format::PairsText {
        assert_eq!(
            &back.rules.rules(),
            rules,
            "the {format} form reads back to the same rules\n{text}"
        );
    }
}

/// A `--die` spec: a die that reads is usable, writes back as a spec that
/// reads to the same die, and survives a board file's rules.
pub fn die(data: &[u8]) {
    let Ok(spec) = std::str::from_utf8(data) else {
        return;
    };
    let die = match spec.parse::<Die>() {
        Ok(die) => die,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    assert!(
        (1..=snl::rules::MAX_ROLL).contains(&die.max()),
        "`{spec}` reads as a die with top value {}",
        die.max()
    );
    let values: Vec<u32> = die.values().collect();
    assert!(!values.is_empty(), "`{spec}` reads as a die with no face");
    let total = die
        .faces()
        .try_fold(0u64, |a, (_, w)| a.checked_add(w))
        .unwrap_or_else(|| panic!("the weights of `{spec}` overflow"));
    assert_eq!(
        total,
        die.total(),
        "`{spec}`: the total is the sum of weights"
    );
    let chance: f64 = values.iter().map(|&v| die.probability(v)).sum();
    assert!(
        (chance - 1.0).abs() < 1e-9,
        "`{spec}`: chances add up to {chance}"
    );
    let shown = die.to_string();
    let again: Die = shown
        .parse()
        .unwrap_or_else(|e| panic!("`{spec}` is shown as `{shown}`, which does not read: {e}"));
    assert_eq!(
        again, die,
        "`{spec}` is shown as `{shown}`, which reads otherwise"
    );
    let rules = Rules {
        die,
        ..Rules::default()
    };
    answer_rules_read_back(&rules);
    round_trip(
        &Board::empty(10).expect("ten squares"),
        &rules,
        Format::Pairs,
        true,
    );
}

/// A board file's `rules` object: rules that read write back and read again
/// to the same rules.
pub fn rules(data: &[u8]) {
    let Ok(object) = std::str::from_utf8(data) else {
        return;
    };
    let file = format!("{{\"squares\": 10, \"rules\": {object}}}");
    let parsed = match input::parse(file.as_bytes(), &forced(Format::Pairs)) {
        Ok(parsed) => parsed,
        Err(e) => {
            refused_well(file.as_bytes(), &e);
            return;
        }
    };
    answer_rules_read_back(&parsed.rules.rules());
    if parsed.spec.squares > BUILD_SQUARES {
        return;
    }
    checked(&parsed);
}

/// The rules as every JSON answer writes them ([`RulesJson`]) read back,
/// as a board file's `rules`, to the same rules.
fn answer_rules_read_back(rules: &Rules) {
    let written = serde_json::to_string(&RulesJson::from(rules)).expect("rules are JSON");
    let file = format!("{{\"squares\": 10, \"rules\": {written}}}");
    let back = input::parse(file.as_bytes(), &forced(Format::Pairs))
        .unwrap_or_else(|e| panic!("the rules an answer writes do not read back: {e}\n{file}"));
    assert_eq!(
        &back.rules.rules(),
        rules,
        "the rules an answer writes read back\n{file}"
    );
}

/// Board names: a preset is found by its name in any ASCII case and by
/// nothing else; a board file's name reads back as written and can title
/// a picture, which stays well-formed SVG.
pub fn name(data: &[u8]) {
    let Ok(name) = std::str::from_utf8(data) else {
        return;
    };
    match presets::find(name) {
        Some(p) => assert!(
            p.name.eq_ignore_ascii_case(name),
            "`{name}` found {}",
            p.name
        ),
        None => assert!(
            presets::all()
                .iter()
                .all(|p| !p.name.eq_ignore_ascii_case(name)),
            "`{name}` names a preset but is not found"
        ),
    }
    let quoted = serde_json::to_string(name).expect("a string is JSON");
    let file = format!("{{\"squares\": 1, \"name\": {quoted}}}");
    let parsed = input::parse(file.as_bytes(), &ParseOptions::default())
        .unwrap_or_else(|e| panic!("a board named {quoted} does not read: {e}"));
    assert_eq!(parsed.name.as_deref(), Some(name), "the name reads back");
    let board = parsed.spec.build().expect("one square");
    let svg = BoardPicture::new(&board).title(name).to_svg();
    crate::analyses::well_formed(&svg, "a board picture titled with a board's name");
}
