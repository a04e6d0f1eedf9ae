//! `snl render`, `snl plot`, `snl report` and `snl show`, and the report in a
//! real browser.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::{GRID_6, SEED_20, ok, snl};

/// Decodes a PNG file: its size and RGBA pixels.
fn decode(path: &Path) -> (u32, u32, Vec<u8>) {
    let file = std::fs::File::open(path).unwrap();
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    let channels = info.color_type.samples();
    // Make every pixel RGBA, whatever the encoder chose.
    let rgba = buf
        .chunks(channels)
        .flat_map(|p| match p.len() {
            4 => [p[0], p[1], p[2], p[3]],
            3 => [p[0], p[1], p[2], 255],
            2 => [p[0], p[0], p[0], p[1]],
            _ => [p[0], p[0], p[0], 255],
        })
        .collect();
    (info.width, info.height, rgba)
}

/// Pixels within `tolerance` of `colour` in each channel.
fn count_colour(rgba: &[u8], colour: [u8; 3], tolerance: u8) -> usize {
    rgba.chunks(4)
        .filter(|p| (0..3).all(|i| p[i].abs_diff(colour[i]) <= tolerance))
        .count()
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn show_prints_the_grid_plainly_when_not_a_terminal() {
    let out = ok(&["show", "testdata/seed-000-leetcode-909.grid.json"], None);
    assert!(!out.contains('\x1b'));
    insta::assert_snapshot!(out);
    let strip = ok(&["show", "-", "--width", "7"], Some(SEED_20));
    assert_eq!(
        strip.lines().next(),
        Some("15     16     17     18     19     20")
    );
}

#[test]
fn show_is_in_colour_on_a_terminal_unless_no_color() {
    let args = "show testdata/seed-000-leetcode-909.grid.json";
    let (out, code) = crate::errors::in_terminal(args, false);
    assert_eq!(code, 0);
    assert!(
        out.contains("14\x1b[32m↑35\x1b[0m"),
        "ladders green: {out:?}"
    );
    assert!(out.contains("17\x1b[31m↓13\x1b[0m"), "snakes red: {out:?}");
    let (plain, _) = crate::errors::in_terminal(args, true);
    assert!(!plain.contains('\x1b'));
    assert!(plain.contains("14↑35  15"));
}

#[test]
fn render_svg_with_path_and_layers() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.svg");
    ok(
        &["render", "-", "-o", path_str(&out), "--path", "--layers"],
        Some(GRID_6),
    );
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("standard input: fewest rolls 4"));
    assert!(svg.contains("fewest rolls to rest on a square:"));
    // Nothing else is left in the directory: the temporary file was renamed.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // Without -o the SVG goes to standard output.
    let stdout = ok(&["render", "-"], Some(SEED_20));
    assert!(stdout.starts_with("<svg") && stdout.ends_with("</svg>\n"));
}

#[test]
fn render_png_heat_map() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("heat.png");
    ok(
        &[
            "render",
            "--preset",
            "milton-bradley",
            "--heat",
            "-o",
            path_str(&out),
        ],
        None,
    );
    let (w, h, rgba) = decode(&out);
    assert!(
        (500..800).contains(&w) && (500..800).contains(&h),
        "{w}x{h}"
    );
    // The hottest squares are drawn in the ramp's last colour.
    assert!(count_colour(&rgba, [0xd6, 0x3a, 0x3a], 24) > 500);
}

#[test]
fn plot_svg_and_png() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("length.svg");
    ok(&["plot", "-", "-o", path_str(&svg)], Some(SEED_20));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("fewest rolls 2"),
        "the fewest rolls are marked"
    );
    assert!(text.contains("median"));
    let png = dir.path().join("length.png");
    ok(&["plot", "-", "-o", path_str(&png)], Some(SEED_20));
    let (w, h, _) = decode(&png);
    assert_eq!((w, h), (900, 460));
}

#[test]
fn drawing_errors_exit_2_and_leave_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.svg");
    let both = snl(
        &["render", "-", "--layers", "--heat", "-o", path_str(&out)],
        Some(SEED_20),
    );
    assert_eq!(both.code, 2, "{}", both.stderr);
    let zero = snl(&["render", "-", "--width", "0"], Some(SEED_20));
    assert_eq!(zero.code, 2);
    let missing = dir.path().join("no/such/dir/x.png");
    let run = snl(&["render", "-", "-o", path_str(&missing)], Some(SEED_20));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with("snl: error: cannot write ")
            && run.stderr.contains("x.png")
            && !run.stderr.contains(".part"),
        "{}",
        run.stderr
    );
    // A game that may never end has no heat map: said plainly, exit 2.
    let stuck = r#"{"squares": 10, "snakes": [[2,1],[3,1],[4,1],[5,1],[6,1],[7,1]]}"#;
    let run = snl(
        &["render", "-", "--heat", "-o", path_str(&out)],
        Some(stuck),
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("may never end"), "{}", run.stderr);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A heat map of a board whose game is past 1.8e308 rolls is refused with
/// that reason, not drawn from made-up counts.
#[test]
fn render_heat_beyond_floating_point_is_refused() {
    // Every odd square a snake to 1, and a die showing 1 twice as often as
    // 2: the pawn climbs two squares with chance 1/3 or starts again.
    let snakes: Vec<String> = (3..1400).step_by(2).map(|s| format!("[{s}, 1]")).collect();
    let board = format!(
        r#"{{"squares": 1400, "snakes": [{}], "rules": {{"die": "2,1"}}}}"#,
        snakes.join(", ")
    );
    let run = snl(&["render", "-", "--heat"], Some(&board));
    assert_eq!(run.code, 2, "{}", &run.stdout[..run.stdout.len().min(200)]);
    assert!(
        run.stderr.contains(
            "the heat map needs the expected landings, which could not be computed: the \
             expected number of rolls is beyond 1.8e308"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn report_is_one_self_contained_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report.html");
    ok(
        &[
            "report",
            "testdata/seed-000-leetcode-909.grid.json",
            "-o",
            path_str(&out),
        ],
        None,
    );
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for needle in [
        "<h1>",
        "fewest rolls",
        "standard deviation",
        "median",
        "14 → 35",
    ] {
        assert!(html.contains(needle), "{needle}");
    }
    // The only address is the SVG namespace, which names and loads nothing.
    let rest = html.replace("http://www.w3.org/2000/svg", "");
    assert!(!rest.contains("http:") && !rest.contains("https:"));
}

/// A browser to test with: `SNL_CHROMIUM`, else `chromium` or
/// `chromium-browser` on the path, if it runs.
fn chromium() -> Option<PathBuf> {
    let candidates: Vec<PathBuf> = match std::env::var_os("SNL_CHROMIUM") {
        Some(p) => vec![p.into()],
        None => vec!["chromium".into(), "chromium-browser".into()],
    };
    candidates.into_iter().find(|c| {
        Command::new(c)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// Runs headless chromium on `url` with `extra` arguments and a fresh
/// profile; returns its stdout and stderr. Gives up after two minutes.
fn run_chromium(browser: &Path, url: &str, extra: &[&str]) -> (String, String) {
    let profile = tempfile::tempdir().unwrap();
    let logs = tempfile::tempdir().unwrap();
    let (out_path, err_path) = (logs.path().join("out"), logs.path().join("err"));
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > Duration::from_mins(2) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within two minutes");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    (
        std::fs::read_to_string(out_path).unwrap(),
        std::fs::read_to_string(err_path).unwrap(),
    )
}

#[test]
fn report_renders_in_a_real_browser() {
    let Some(browser) = chromium() else {
        let message = "no runnable chromium (set SNL_CHROMIUM or install chromium)";
        assert!(
            std::env::var_os("SNL_REQUIRE_BROWSER").is_none_or(|v| v != "1"),
            "SNL_REQUIRE_BROWSER=1 but {message}"
        );
        eprintln!("\n!!!! SKIPPED report_renders_in_a_real_browser: {message} !!!!\n");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    ok(
        &[
            "report",
            "testdata/seed-000-leetcode-909.grid.json",
            "-o",
            path_str(&page),
        ],
        None,
    );
    let url = format!("file://{}", page.display());

    // The page as the browser built it: every section and picture is there.
    let (dom, log) = run_chromium(&browser, &url, &["--dump-dom"]);
    for id in ["summary", "board", "length", "heat", "impact", "race"] {
        assert!(
            dom.contains(&format!("<section id=\"{id}\">")),
            "section {id} missing"
        );
    }
    assert!(dom.matches("<svg").count() >= 3, "board, plot and heat map");
    let problems: Vec<&str> = log
        .lines()
        .filter(|l| {
            l.contains("Uncaught") || l.contains("CONSOLE") || l.contains("Failed to load resource")
        })
        .collect();
    assert!(problems.is_empty(), "console messages: {problems:#?}");

    // The page as a person sees it: the board's ladders and snakes and the
    // plot's bars are on screen, in their colours.
    let shot = dir.path().join("shot.png");
    let (_, log) = run_chromium(
        &browser,
        &url,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1280,2000",
        ],
    );
    assert!(!log.contains("Uncaught"), "{log}");
    let (w, h, rgba) = decode(&shot);
    assert_eq!((w, h), (1280, 2000));
    let white = count_colour(&rgba, [255, 255, 255], 2);
    let total = (w * h) as usize;
    assert!(white < total * 9 / 10, "the screenshot is nearly blank");
    let ladder = count_colour(&rgba, [0xb8, 0x6e, 0x00], 30);
    let snake = count_colour(&rgba, [0xb0, 0x1e, 0x6a], 30);
    let bars = count_colour(&rgba, [126, 166, 220], 14);
    assert!(ladder > 300, "ladders visible: {ladder} pixels");
    assert!(snake > 300, "snakes visible: {snake} pixels");
    assert!(bars > 2000, "plot bars visible: {bars} pixels");
    if let Some(keep) = std::env::var_os("SNL_KEEP_SCREENSHOT") {
        std::fs::copy(&shot, keep).unwrap();
    }
}
