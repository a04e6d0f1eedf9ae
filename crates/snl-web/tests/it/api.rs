//! Every endpoint and every error status, through the router.

use std::fmt::Write as _;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use snl::input::{self, Format, ParseOptions};
use snl_draw::plot::LengthPlot;
use snl_draw::render;

use crate::{get, post, send_with, testdata};

/// The game `snl` builds from a board file.
fn game_of(text: &str) -> snl::Game {
    let parsed = input::parse(text.as_bytes(), &ParseOptions::default()).unwrap();
    snl::Game::new(parsed.spec.build().unwrap(), parsed.rules.rules()).unwrap()
}

#[tokio::test]
async fn the_page_and_its_files_are_served_with_a_policy() {
    let page = get("/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.kind.starts_with("text/html"));
    let html = page.text();
    // Relative, so that the static studio serves the same page from any folder.
    assert!(html.contains("<script type=\"module\" src=\"static/studio.js\">"));
    let csp = page.headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap();
    assert!(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"));
    assert_eq!(page.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    // Nothing is loaded from elsewhere: the only address is the SVG namespace.
    for (file, kind) in [
        ("studio.js", "text/javascript"),
        ("board.js", "text/javascript"),
        ("state.js", "text/javascript"),
        ("design.js", "text/javascript"),
        ("studio.css", "text/css"),
        ("favicon.svg", "image/svg+xml"),
        ("DejaVuSans.ttf", "font/ttf"),
    ] {
        let a = get(&format!("/static/{file}")).await;
        assert_eq!(a.status, StatusCode::OK, "{file}");
        assert!(a.kind.starts_with(kind), "{file}: {}", a.kind);
        if !kind.starts_with("font/") {
            let text = a.text().replace("http://www.w3.org/2000/svg", "");
            assert!(
                !text.contains("http://") && !text.contains("https://"),
                "{file}"
            );
        }
    }
    let missing = get("/static/secrets.txt").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.error().contains("nothing here"));
    // Paths never reach the file system.
    for path in [
        "/static/..%2F..%2FCargo.toml",
        "/static/../Cargo.toml",
        "/etc/passwd",
    ] {
        assert_eq!(get(path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn presets_are_the_librarys() {
    let a = get("/api/presets").await;
    assert_eq!(a.status, StatusCode::OK);
    let list = a.json();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), snl::presets::all().len());
    for (got, preset) in list.iter().zip(snl::presets::all()) {
        assert_eq!(got["name"], preset.name);
        assert_eq!(got["title"], preset.title);
        assert_eq!(got["source"], preset.source);
        let board: serde_json::Value = serde_json::from_str(preset.text).unwrap();
        assert_eq!(got["board"], board);
    }
}

#[tokio::test]
async fn the_initial_board_is_served_when_there_is_one() {
    assert_eq!(get("/api/initial").await.status, StatusCode::NO_CONTENT);
    let config = snl_web::Config {
        initial: Some("[-1, 5, -1, -1, -1, -1]".to_string()),
        ..snl_web::Config::default()
    };
    let a = send_with(
        config,
        Request::get("/api/initial").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.text(), "[-1, 5, -1, -1, -1, -1]");
}

#[tokio::test]
async fn the_board_is_drawn_as_snl_render_draws_it() {
    let text = testdata("seed-000-leetcode-909.grid.json");
    let a = post("/api/analyse", text.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    assert_eq!(a.kind, "application/json");
    let json = a.json();
    let game = game_of(&text);
    let best = snl::shortest::solve(&game).unwrap();
    let path = render::Options {
        path: true,
        ..render::Options::default()
    };
    let svg = render::board_svg(&game, "board", &path).unwrap();
    assert!(json["svg"] == svg, "not the picture snl render draws");
    let layout = render::board_picture(&game, "board", &path)
        .unwrap()
        .layout();
    assert_eq!(json["layout"]["cell"], layout.cell);
    assert_eq!(json["layout"]["left"], layout.left);
    assert_eq!(json["layout"]["columns"], 6);
    assert_eq!(json["layout"]["rows"], 6);
    let stats = snl::markov::stats(&game).unwrap();
    let plot = LengthPlot::new(&stats.distribution)
        .mean(stats.mean)
        .fewest(best.min_rolls)
        .title("board: how many rolls a game takes")
        .to_svg()
        .unwrap();
    assert!(json["plot"] == plot, "not the plot snl plot draws");
    // The board as read, in the form the studio edits.
    assert_eq!(json["input"]["format"], "grid");
    let pairs: serde_json::Value =
        serde_json::from_str(&input::to_pairs_json(game.board(), Some(game.rules()))).unwrap();
    assert_eq!(json["input"]["pairs"], pairs);
}

#[tokio::test]
async fn views_and_widths_are_those_of_snl_render() {
    let text = testdata("milton-bradley.pairs.json");
    let game = game_of(&text);
    // The file has no name; the picture is titled as `snl render` titles
    // a board without one.
    let name = "board";
    for (query, options) in [
        (
            "overlay=heat&width=8&path=false",
            render::Options {
                overlay: render::Overlay::Heat,
                width: Some(8),
                path: false,
            },
        ),
        (
            "overlay=layers",
            render::Options {
                overlay: render::Overlay::Layers,
                path: true,
                width: None,
            },
        ),
        ("path=false", render::Options::default()),
    ] {
        let a = post(&format!("/api/analyse?{query}"), text.clone()).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text());
        let svg = render::board_svg(&game, name, &options).unwrap();
        assert!(
            a.json()["svg"] == svg,
            "{query}: not the picture snl render draws"
        );
    }
    let a = post("/api/analyse?width=8", text).await;
    assert_eq!(a.json()["layout"]["columns"], 8);
    assert_eq!(a.json()["layout"]["rows"], 13);
}

#[tokio::test]
async fn every_form_is_read_as_the_cli_reads_it() {
    for (file, format) in [
        ("seed-003-example-2.txt", "pairs-text"),
        ("seed-003-example-2.moves.json", "moves"),
        ("seed-003-example-2.pairs.json", "pairs"),
        ("seed-003-example-2.grid.json", "grid"),
    ] {
        let a = post("/api/analyse", testdata(file)).await;
        assert_eq!(a.status, StatusCode::OK, "{file}: {}", a.text());
        let json = a.json();
        assert_eq!(json["input"]["format"], format, "{file}");
        assert_eq!(json["input"]["pairs"]["squares"], 100, "{file}");
        assert_eq!(
            json["input"]["pairs"]["ladders"][0],
            serde_json::json!([6, 46])
        );
    }
    // Pairs text of another size, and a form asked for, as --squares and
    // --format say them.
    let a = post("/api/analyse?squares=50&format=pairs-text", "1 2 30 1 40 3").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    assert_eq!(a.json()["input"]["pairs"]["squares"], 50);
    let a = post("/api/analyse?format=pairs", "[-1, 3, -1]").await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(
        a.error()
            .contains("moves form, but the pairs form was asked for")
    );
}

#[tokio::test]
async fn unreadable_boards_get_400_with_the_librarys_message() {
    for body in [
        "garbage",
        "",
        "{\"squares\": 10, \"ladderz\": []}",
        "[[-1, 2], [3]]",
    ] {
        let a = post("/api/analyse", body).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{body}");
        let expected = input::parse(body.as_bytes(), &ParseOptions::default())
            .unwrap_err()
            .to_string();
        assert_eq!(a.error(), expected);
    }
    let a = post("/api/analyse", vec![b'[', 0xff, b']']).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(a.error().contains("not UTF-8"));
}

#[tokio::test]
async fn unplayable_boards_get_400_with_the_first_problem() {
    let body = r#"{"squares": 10, "ladders": [[3, 11], [10, 12]], "snakes": [[7, 2], [7, 1]]}"#;
    let a = post("/api/analyse", body).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let spec = input::parse(body.as_bytes(), &ParseOptions::default())
        .unwrap()
        .spec;
    assert_eq!(a.error(), spec.build().unwrap_err().to_string());
    // Under chaining a circle of jumps is an error of the game.
    let circle =
        r#"{"squares": 20, "ladders": [[2, 9]], "snakes": [[9, 2]], "rules": {"chain": true}}"#;
    let a = post("/api/analyse", circle).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(
        a.error().contains("lead round in a circle"),
        "{}",
        a.error()
    );
}

#[tokio::test]
async fn bad_queries_get_400() {
    let board = testdata("seed-004-eight.pairs.json");
    for (query, needle) in [
        ("overlay=sideways", "the query string"),
        ("path=maybe", "the query string"),
        ("width=0", "at least 1 column"),
        ("width=-3", "the query string"),
        ("colour=red", "unknown field"),
        ("format=xml", "not a board form"),
    ] {
        let a = post(&format!("/api/analyse?{query}"), board.clone()).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{query}");
        assert!(a.error().contains(needle), "{query}: {}", a.error());
    }
}

#[tokio::test]
async fn big_boards_get_422_and_bodies_over_the_limit_413() {
    let a = post("/api/analyse", r#"{"squares": 1073741824}"#).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(a.error().contains("use the command line"), "{}", a.error());
    let moves = format!("[{}-1]", "-1, ".repeat(100_000));
    let a = post("/api/analyse", moves).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(a.error().contains("100001 squares"), "{}", a.error());

    let small = snl_web::Config {
        limits: snl_web::StudioLimits {
            body_bytes: 1000,
            ..snl_web::StudioLimits::default()
        },
        ..snl_web::Config::default()
    };
    let big = "1 2 3 0".to_string() + &" ".repeat(2000);
    let a = send_with(
        small.clone(),
        Request::post("/api/analyse")
            .body(Body::from(big.clone()))
            .unwrap(),
    )
    .await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        a.error().contains("larger than 1000 bytes"),
        "{}",
        a.error()
    );
    assert_eq!(a.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    // A body without a declared length is cut off at the limit too.
    let stream = futures_stream(big);
    let a = send_with(
        small,
        Request::post("/api/analyse")
            .body(Body::from_stream(stream))
            .unwrap(),
    )
    .await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE);
}

/// A body in chunks, with no length given.
fn futures_stream(
    text: String,
) -> impl futures_util::Stream<Item = Result<Vec<u8>, std::io::Error>> + Send + 'static {
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = text
        .into_bytes()
        .chunks(100)
        .map(|c| Ok(c.to_vec()))
        .collect();
    futures_util::stream::iter(chunks)
}

#[tokio::test]
async fn wrong_methods_and_paths_get_json_errors() {
    let a = get("/api/analyse").await;
    assert_eq!(a.status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(a.error().contains("method"));
    // It points at the page that documents the API.
    assert!(a.error().contains("docs/guide.md"), "{}", a.error());
    let guide = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/guide.md"),
    )
    .unwrap();
    assert!(guide.contains("\n## Studio: design a board in the browser\n"));
    assert!(guide.contains("The page talks to an API that scripts can use too"));
    let a = get("/api/nothing").await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert!(a.error().contains("nothing here"));
}

#[tokio::test]
async fn convert_writes_every_form_as_the_library_does() {
    let text = testdata("seed-000-leetcode-909.pairs.json");
    let game = game_of(&text);
    for format in Format::ALL {
        let a = post(&format!("/api/convert?to={format}"), text.clone()).await;
        assert_eq!(a.status, StatusCode::OK, "{format}: {}", a.text());
        let expected = input::write(game.board(), Some(game.rules()), format).unwrap();
        assert_eq!(a.text(), expected, "{format}");
    }
    let a = post(
        "/api/convert?to=grid",
        testdata("seed-004-twenty.pairs.json"),
    )
    .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(
        a.error()
            .contains("a LeetCode grid needs a square number of squares")
    );
    // A snake back off the board: the pairs forms write it, the grid and
    // moves forms cannot.
    let home = r#"{"squares": 16, "snakes": [[11, 0]], "rules": {"start": 0}}"#.to_string();
    let a = post("/api/convert?to=pairs", home.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    assert!(
        a.text().contains("[11, 0]") || a.text().contains("[11,0]"),
        "{}",
        a.text()
    );
    for to in ["grid", "moves"] {
        let a = post(&format!("/api/convert?to={to}"), home.clone()).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{to}");
        assert!(
            a.error().contains("the snake 11->0 leads off the board"),
            "{to}: {}",
            a.error()
        );
    }
    let a = post("/api/convert?to=yaml", text).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(a.error().contains("not a board form"));
}

#[tokio::test]
async fn the_report_is_snl_draws_and_opens_from_a_form() {
    let text = testdata("seed-004-twenty.pairs.json");
    let game = game_of(&text);
    let expected = snl_draw::report::Report::compute(&game, "Snakes and Ladders board")
        .unwrap()
        .to_html()
        .unwrap();
    let a = post("/api/report", text.clone()).await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.kind.starts_with("text/html"));
    assert!(a.text() == expected, "not the report snl report writes");
    let csp = a.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert!(csp.contains("style-src 'unsafe-inline'") && !csp.contains("script-src"));
    let form = format!(
        "board={}",
        text.bytes().fold(String::new(), |mut out, b| {
            let _ = write!(out, "%{b:02X}");
            out
        })
    );
    let a = send_with(
        snl_web::Config::default(),
        Request::post("/api/report")
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(form))
            .unwrap(),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.text() == expected, "not the report snl report writes");
}

/// With optional jumps the studio answers with the best play: `expect` as
/// `snl expect --optional` gives it (the mean and the policy), the path of
/// `snl solve --optional`, the check's notes, and the races, which cannot
/// play the choice, left out with the library's reason.
#[tokio::test]
async fn optional_jumps_are_answered_with_the_best_play() {
    let body = r#"{"squares": 20, "ladders": [[2, 19], [12, 15]], "snakes": [[9, 2]], "rules": {"optional": "all"}}"#;
    let a = post("/api/analyse", body).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let v = a.json();
    let game = snl::check::playable_choosing(
        &input::parse(body.as_bytes(), &ParseOptions::default())
            .unwrap()
            .spec,
        snl::Rules {
            optional: snl::Optional::All,
            ..snl::Rules::default()
        },
    )
    .unwrap();
    let best = snl::choice::solve(&game, &snl::choice::Options::default()).unwrap();
    let mean = v["expect"]["mean"].as_f64().unwrap();
    assert!((mean - best.mean.unwrap()).abs() < 1e-9, "{mean}");
    let jumps = v["expect"]["policy"]["jumps"].as_array().unwrap();
    assert_eq!(jumps.len(), 3);
    let declined: Vec<u64> = jumps
        .iter()
        .filter(|j| j["play"] == "declined")
        .map(|j| j["from"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = best.declined().iter().map(|j| u64::from(j.from)).collect();
    assert_eq!(declined, expected);
    assert!(declined.contains(&9), "{jumps:?}");
    assert_eq!(v["expect"]["rules"]["optional"], "all");
    assert_eq!(v["check"]["notes"][0]["code"], "never-taken");
    assert_eq!(v["check"]["notes"][0]["squares"], serde_json::json!([9, 2]));
    assert_eq!(
        v["solve"]["min_rolls"].as_u64(),
        snl::shortest::solve(&game)
            .unwrap()
            .min_rolls
            .map(u64::from)
    );
    assert_eq!(v["race"], serde_json::json!([]));
    assert_eq!(v["left_out"]["fields"], serde_json::json!(["race"]));
    assert_eq!(v["left_out"]["reason"], "choice");
    let message = v["left_out"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("the race cannot play optional jumps"),
        "{message}"
    );
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    // The jump the best play declines is drawn faded, and only it.
    let svg = v["svg"].as_str().unwrap();
    assert_eq!(svg.matches("class=\"declined\"").count(), 1, "{svg}");
    assert!(svg.contains("data-from=\"9\"><g><title>snake 9 to 2</title>"));
    // The plain game of the best play has a distribution: its plot.
    assert!(v["plot"].as_str().unwrap().starts_with("<svg"));
    // Without the rule nothing is left out.
    let plain = post("/api/analyse", testdata("seed-004-twenty.pairs.json")).await;
    let v = plain.json();
    assert_eq!(v.get("left_out"), None);
    assert_eq!(v["race"].as_array().unwrap().len(), 3);
    assert_eq!(v["expect"].get("policy"), None);
    // The colourings of the squares are of a game that takes every jump.
    let a = post("/api/analyse?overlay=heat", body).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(a.error().starts_with("overlay: "), "{}", a.error());
    // The other endpoints still refuse the rule.
    let a = post("/api/report", body).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text());
    assert!(a.error().contains("`optional: all`"), "{}", a.error());
}

/// With dice to pick from (`choose_dice`, as `snl expect --choose-die`
/// reads each) the studio answers with the best play, as `snl expect
/// --choose-die ... --json` gives it: its mean, the dice and the die of
/// each square; the search and the races, which roll the rules' die
/// alone, are left out with the rule named; the heat map is refused.
#[tokio::test]
async fn dice_to_pick_from_are_answered_with_the_best_play() {
    let body = testdata("seed-004-twenty.pairs.json");
    let game = game_of(&body);
    let dice: Vec<snl::Die> = vec!["d6".parse().unwrap(), "1,1,1,0,0,0".parse().unwrap()];
    let options = snl::choice::Options {
        dice: dice.clone(),
        ..snl::choice::Options::default()
    };
    let best = snl::choice::solve(&game, &options).unwrap();
    let a = post("/api/analyse?choose_dice=d6;%201,1,1,0,0,0", body.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let v = a.json();
    let mean = v["expect"]["mean"].as_f64().unwrap();
    assert!((mean - best.mean.unwrap()).abs() < 1e-9, "{mean}");
    // The low die is worth picking somewhere on this board, so the play is
    // no plain game of one die.
    let by_square = best.policy.dice_by_square();
    assert!(
        by_square.contains(&0) && by_square.contains(&1),
        "{by_square:?}"
    );
    let policy = serde_json::to_value(snl::answer::PolicyAnswer::new(&best, true)).unwrap();
    assert_eq!(v["expect"]["policy"], policy);
    assert_eq!(
        v["expect"]["policy"]["dice"],
        serde_json::json!(["d6", "d3"])
    );
    assert_eq!(
        v["expect"]["policy"]["die_by_square"]
            .as_array()
            .unwrap()
            .len(),
        21
    );
    // The die picked on each square is written on it.
    let svg = v["svg"].as_str().unwrap();
    for square in 1..=20 {
        let picked = ["d6", "d3"][by_square[square]];
        assert!(
            svg.contains(&format!("data-square=\"{square}\">{picked}</text>")),
            "square {square}: {svg}"
        );
    }
    assert_eq!(v["solve"], serde_json::Value::Null);
    assert_eq!(v["race"], serde_json::json!([]));
    assert_eq!(
        v["left_out"]["fields"],
        serde_json::json!(["solve", "race"])
    );
    assert_eq!(v["left_out"]["reason"], "choice");
    let message = v["left_out"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("the fewest rolls and the races cannot play a die picked before each roll (choosing from d6; d3)"),
        "{message}"
    );
    assert_eq!(v.get("within"), None);
    // The colourings of the squares are of the rules' die.
    let a = post("/api/analyse?choose_dice=d6;d4&overlay=heat", body.clone()).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(
        a.error().starts_with("overlay: ") && a.error().contains("choosing from d6; d4"),
        "{}",
        a.error()
    );
    // One die is a choice of one, as `--choose-die` takes it: the plain
    // game of that die, with its plot.
    let a = post("/api/analyse?choose_dice=d4", body.clone()).await;
    let v = a.json();
    let d4 = snl::Game::new(
        game.board().clone(),
        snl::Rules {
            die: "d4".parse().unwrap(),
            ..snl::Rules::default()
        },
    )
    .unwrap();
    let plain = snl::markov::expected_rolls(&d4).unwrap().unwrap();
    let mean = v["expect"]["mean"].as_f64().unwrap();
    assert!((mean - plain).abs() < 1e-9, "{mean} against {plain}");
    assert!(v["plot"].as_str().unwrap().starts_with("<svg"));
    // An empty list is the rules' die: nothing is left out.
    let a = post("/api/analyse?choose_dice=%20;", body.clone()).await;
    assert_eq!(a.json().get("left_out"), None);
}

/// `goal=within:K` (as `snl expect --goal within:K`) adds the play that
/// makes the chance of finishing within K rolls greatest, and that
/// chance, beside the answer for the mean.
#[tokio::test]
async fn the_goal_within_k_rolls_gives_its_chance() {
    let body = testdata("seed-004-twenty.pairs.json");
    let game = game_of(&body);
    let options = snl::choice::Options {
        dice: vec!["d6".parse().unwrap(), "1,1,1,0,0,0".parse().unwrap()],
        ..snl::choice::Options::default()
    };
    let best = snl::choice::within(&game, &options, 4).unwrap();
    let a = post(
        "/api/analyse?choose_dice=d6;1,1,1,0,0,0&goal=within:4",
        body.clone(),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let v = a.json();
    assert_eq!(v["within"]["goal"], "within:4");
    assert_eq!(v["within"]["rolls"], 4);
    let chance = v["within"]["chance"].as_f64().unwrap();
    assert!((chance - best.chance).abs() < 1e-12, "{chance}");
    assert_eq!(
        v["within"]["policy"]["dice"],
        serde_json::json!(["d6", "d3"])
    );
    // The mean is still that of the play best for it.
    assert!(v["expect"]["policy"]["die_by_square"].is_array());
    // Without a choice it is the plain game's chance, as the distribution
    // gives it, and the races are still answered.
    let a = post("/api/analyse?goal=within:4", body.clone()).await;
    let v = a.json();
    let stats = snl::markov::stats(&game).unwrap();
    let by_four: f64 = stats.distribution.pmf.iter().take(5).sum();
    let chance = v["within"]["chance"].as_f64().unwrap();
    assert!(
        (chance - by_four).abs() < 1e-12,
        "{chance} against {by_four}"
    );
    assert_eq!(v["race"].as_array().unwrap().len(), 3);
    // Bad goals and dice are refused, naming the parameter.
    for (query, says) in [
        ("goal=within:0", "goal: a goal is `mean` or `within:K`"),
        ("goal=fast", "goal: "),
        ("choose_dice=d6;d0", "choose_dice: die 2 (`d0`)"),
    ] {
        let a = post(&format!("/api/analyse?{query}"), body.clone()).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{query}");
        assert!(a.error().starts_with(says), "{query}: {}", a.error());
    }
}

/// The fewest rolls of a board whose jumps may be declined name the jumps
/// their path declines, and end a run on each, as `snl solve` does: here
/// the path stays on the snake's start at 18 (6 rolls of 3), where one run
/// of 34 threes would pass over it as over a plain square.
#[tokio::test]
async fn the_fewest_rolls_name_the_jumps_they_decline() {
    let body = r#"{"squares": 102, "snakes": [[18, 14]], "rules": {"die": "d3", "start": 0, "optional": "snakes"}}"#;
    let a = post("/api/analyse", body).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let v = a.json();
    let solve = &v["solve"];
    assert_eq!(solve["min_rolls"], 34);
    assert_eq!(
        solve["declined"],
        serde_json::json!([{"step": 6, "from": 18, "to": 14}])
    );
    let runs: Vec<(u64, u64)> = solve["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["roll"].as_u64().unwrap(), r["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(runs, [(3, 6), (3, 28)]);
}

/// A board whose distribution would not be followed, and whose mean the
/// sparse engine gives more exactly, is answered as `snl expect` answers
/// it: by the sparse engine, the closed form of 100,000 empty squares to
/// the last digit, and no plot, saying why.
#[tokio::test]
async fn a_long_empty_board_is_answered_by_the_engine_the_command_uses() {
    let a = crate::post_unhurried("/api/analyse", r#"{"squares": 100000}"#).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let v = a.json();
    assert_eq!(v["expect"]["engine"], "sparse");
    assert_eq!(v["expect"]["mean"], 28_575.904_761_904_763);
    assert_eq!(v["expect"]["left_out"]["reason"], "over_budget");
    assert_eq!(v["plot"], serde_json::Value::Null);
    let note = v["plot_note"].as_str().unwrap();
    assert!(note.starts_with("there is no plot: "), "{note}");
}

/// The check's notes are those of `snl check`, which plays the rules' die:
/// with dice to pick from, not the figures of the best play among them.
#[tokio::test]
async fn the_check_under_dice_to_pick_from_is_the_commands() {
    let body = r#"{"squares": 20, "ladders": [[2, 19], [12, 15]], "snakes": [[9, 2]], "rules": {"optional": "all"}}"#;
    let a = post("/api/analyse?choose_dice=d6;1,1,1,0,0,0", body).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let parsed = input::parse(body.as_bytes(), &ParseOptions::default()).unwrap();
    let checked = snl::check::check(&parsed.spec, &parsed.rules.rules());
    let header = snl::answer::Header::of_spec(None, &parsed.spec, &parsed.rules.rules());
    let expected = serde_json::to_value(snl::answer::CheckAnswer::of(header, &checked)).unwrap();
    let v = a.json();
    assert_eq!(v["check"]["notes"], expected["notes"]);
    assert_eq!(v["check"]["notes"][0]["code"], "never-taken");
}

#[tokio::test]
async fn stretches_asked_in_turn_are_those_asked_afresh() {
    // One server asked for stretch after stretch of the game (it keeps its
    // walk between them: forwards, back, and another board between), each
    // answer the same bytes as a fresh server's.
    use tower::ServiceExt as _;
    let board = testdata("milton-bradley.pairs.json");
    let other = r#"{"squares": 30, "ladders": [[3, 22]], "snakes": [[27, 5]]}"#;
    let router = snl_web::router(snl_web::Config::default());
    for (text, from, rolls) in [
        (board.as_str(), 0, 24),
        (board.as_str(), 25, 49),
        (board.as_str(), 50, 74),
        (board.as_str(), 25, 49),
        (other, 50, 74),
        (board.as_str(), 75, 99),
        (board.as_str(), 75, 99),
    ] {
        let path = format!("/api/steps?of=game&from={from}&rolls={rolls}");
        let request = || {
            Request::post(&path)
                .body(Body::from(text.to_string()))
                .unwrap()
        };
        let kept = router.clone().oneshot(request()).await.unwrap();
        assert_eq!(kept.status(), StatusCode::OK, "{path}");
        let kept = axum::body::to_bytes(kept.into_body(), usize::MAX)
            .await
            .unwrap();
        let fresh = post(&path, text.to_string()).await;
        assert_eq!(fresh.status, StatusCode::OK, "{path}");
        assert_eq!(kept.as_ref(), fresh.body.as_slice(), "{path}");
    }
}
