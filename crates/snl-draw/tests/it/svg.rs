use snl_draw::{BoardPicture, Grid};

use crate::{game, leetcode_6, parse, seed_20};

/// The text of every `<text>` element, in document order.
fn texts(doc: &roxmltree::Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn seed_board_plain() {
    let g = seed_20();
    let svg = BoardPicture::new(g.board()).to_svg();
    let doc = parse(&svg);
    let texts = texts(&doc);
    for s in 1..=20 {
        assert!(texts.contains(&s.to_string()), "square {s} is numbered");
    }
    for badge in ["↑19", "↑15", "↓2"] {
        assert!(texts.iter().any(|t| t == badge), "{badge}");
    }
    insta::assert_snapshot!(svg);
}

#[test]
fn leetcode_board_with_path() {
    let g = leetcode_6();
    let best = snl::shortest::solve(&g).unwrap();
    let svg = BoardPicture::new(g.board())
        .path(g.start(), &best.path)
        .title("LeetCode 909, example 1")
        .to_svg();
    let doc = parse(&svg);
    let titles: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("title"))
        .filter_map(|n| n.text())
        .filter(|t| t.starts_with("roll "))
        .collect();
    assert_eq!(titles.len(), 4, "one marker per roll: {titles:?}");
    insta::assert_snapshot!(svg);
}

#[test]
fn layers_with_an_unreachable_square() {
    // 3 x 3, with a d6: every roll from square 1 lands on a snake back to
    // it, so 8 and 9 are never reached.
    let g = game(9, &[(2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1)]);
    let svg = BoardPicture::new(g.board())
        .layers(&snl::shortest::distances(&g).unwrap())
        .to_svg();
    parse(&svg);
    assert!(svg.contains("fewest rolls to rest on a square:"));
    assert!(svg.contains(">never reached</text>"));
    assert_eq!(
        svg.matches("fill=\"#c8c8c8\"").count(),
        2,
        "8 and 9 in one run, and the legend"
    );
    insta::assert_snapshot!(svg);
}

#[test]
fn heat_on_a_strip_of_twelve() {
    let g = game(12, &[(3, 10), (11, 4)]);
    let landings: Vec<f64> = (0..=12).map(f64::from).collect();
    let svg = BoardPicture::new(g.board())
        .grid(Grid::with_columns(12, 4).unwrap())
        .heat(&landings, "expected landings per game")
        .to_svg();
    let doc = parse(&svg);
    // The most landed-on square is the darkest: the ramp's last stop.
    assert!(svg.contains("fill=\"#d63a3a\""));
    // The last square is left out of the scale: every game lands there once.
    assert!(texts(&doc).iter().any(|t| t == "11.0"));
    insta::assert_snapshot!(svg);
}

#[test]
fn thousands_of_squares_still_parse() {
    let jumps: Vec<(u32, u32)> = (10..9990)
        .step_by(97)
        .map(|s| (s, if s % 2 == 0 { s / 3 + 1 } else { s + 7 }))
        .collect();
    let g = game(10_000, &jumps);
    let best = snl::shortest::solve(&g).unwrap();
    let svg = BoardPicture::new(g.board())
        .path(g.start(), &best.path)
        .to_svg();
    let doc = parse(&svg);
    let (w, h) = crate::size(&doc);
    assert!(w <= 1800 && h <= 1800, "{w}x{h}");
    // 100 x 100 squares are too small for their numbers; the rows' ends are
    // written beside the board instead.
    let texts = texts(&doc);
    assert!(!texts.iter().any(|t| t == "5050"));
    assert!(texts.iter().any(|t| t == "9901"));
}

#[test]
fn a_quarter_million_squares_with_layers_stay_small() {
    // Long jumps on tiny squares: rungs, waves and fills must not grow with
    // the length in squares, nor the colouring with the square of the size.
    let jumps: Vec<(u32, u32)> = (1000..249_000)
        .step_by(997)
        .map(|s| {
            (
                s,
                if s % 2 == 0 {
                    s - 900
                } else {
                    (s + 5000).min(249_999)
                },
            )
        })
        .collect();
    let g = game(250_000, &jumps);
    let svg = BoardPicture::new(g.board())
        .layers(&snl::shortest::distances(&g).unwrap())
        .path(g.start(), &snl::shortest::solve(&g).unwrap().path)
        .to_svg();
    assert!(svg.len() < 8_000_000, "{} bytes", svg.len());
    parse(&svg);
}
