//! snl studio end to end: `snl serve` in a child process, driven in real
//! headless Chromium through chromedriver, as a person uses it: load a
//! preset, draw a ladder with the mouse, paste boards, reload the shared
//! address; and every figure on the page equals what `snl` prints for the
//! exported board.
//!
//! The static studio (`scripts/release/build-static-studio`, the same page with the
//! library in WebAssembly as its engine) is driven alike, served by a plain
//! static file server with no `snl` process behind it.
//!
//! Without Chromium and chromedriver the tests are skipped, loudly; with
//! `SNL_REQUIRE_BROWSER=1` (as CI sets it) a missing browser fails them.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use futures_util::FutureExt;
use serde_json::{Value, json};

use crate::{ok, workspace};

/// How long the page may take to show an answer.
const PATIENCE: Duration = Duration::from_secs(30);

/// A program on the path (or named by `env`), if it runs, by its full
/// path (chromedriver wants one).
fn program(env: &str, names: &[&str]) -> Option<PathBuf> {
    let candidates: Vec<PathBuf> = if let Some(p) = std::env::var_os(env) {
        vec![p.into()]
    } else {
        let path = std::env::var_os("PATH").unwrap_or_default();
        names
            .iter()
            .flat_map(|n| std::env::split_paths(&path).map(move |d| d.join(n)))
            .filter(|p| p.is_file())
            .collect()
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

/// Chromium and chromedriver, or the reason the tests cannot run (a
/// failure under `SNL_REQUIRE_BROWSER=1`, else a skip).
fn browser(test: &str) -> Option<(PathBuf, PathBuf)> {
    let chromium = program("SNL_CHROMIUM", &["chromium", "chromium-browser"]);
    let driver = program("SNL_CHROMEDRIVER", &["chromedriver"]);
    if let (Some(c), Some(d)) = (chromium, driver) {
        return Some((c, d));
    }
    let message = "no runnable chromium and chromedriver (install Debian's chromium and \
                   chromium-driver, or set SNL_CHROMIUM and SNL_CHROMEDRIVER)";
    assert!(
        std::env::var_os("SNL_REQUIRE_BROWSER").is_none_or(|v| v != "1"),
        "SNL_REQUIRE_BROWSER=1 but {message}"
    );
    eprintln!("\n!!!! SKIPPED {test}: {message} !!!!\n");
    None
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A child process that is killed when dropped (these are the test's own).
struct Owned(Child);

impl Drop for Owned {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `snl serve ARGS --port 0`, and the address it printed.
fn serve(args: &[&str]) -> (Owned, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_snl"))
        .arg("serve")
        .args(args)
        .args(["--port", "0"])
        .current_dir(workspace())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("snl serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("snl studio: ")
        .unwrap_or_else(|| panic!("snl serve printed {line:?}"))
        .to_string();
    (Owned(child), url)
}

/// The page in a browser, and the processes behind it.
#[derive(Clone)]
struct Page {
    client: Client,
    url: String,
}

/// Runs `test` on the studio served with `serve_args`, in a fresh headless
/// Chromium; closes the browser whatever happens.
fn with_studio<F, Fut>(name: &str, serve_args: &[&str], test: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let Some(browser) = browser(name) else {
        return;
    };
    let (_server, url) = serve(serve_args);
    in_browser(browser, url, test);
}

/// The static studio, written once for every test that needs it by
/// `scripts/release/build-static-studio` (which builds the engine, installing what
/// it needs when missing).
fn static_site() -> &'static Path {
    static SITE: OnceLock<PathBuf> = OnceLock::new();
    SITE.get_or_init(|| {
        let dir = workspace().join("target").join("static-studio-test");
        let status = Command::new(workspace().join("scripts/release/build-static-studio"))
            .arg(&dir)
            .current_dir(workspace())
            .stdin(Stdio::null())
            .status()
            .expect("scripts/release/build-static-studio runs");
        assert!(
            status.success(),
            "scripts/release/build-static-studio failed"
        );
        dir
    })
}

/// A plain static file server on `dir` (Python's), its address, and the
/// file its request log goes to.
fn static_server(dir: &Path) -> (Owned, String, tempfile::NamedTempFile) {
    let log = tempfile::NamedTempFile::new().unwrap();
    let port = free_port();
    let child = Command::new("python3")
        .args([
            "-m",
            "http.server",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--directory",
        ])
        .arg(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log.reopen().unwrap())
        .spawn()
        .expect("python3 -m http.server starts");
    let server = Owned(child);
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < PATIENCE,
            "the static server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (server, format!("http://127.0.0.1:{port}/"), log)
}

/// Runs `test` on the static studio served by a plain static file server;
/// afterwards, asserts that the page asked the server for nothing under
/// `/api/` (the paths of `snl serve`'s API).
fn with_static_studio<F, Fut>(name: &str, test: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let Some(browser) = browser(name) else {
        return;
    };
    let (_server, url, log) = static_server(static_site());
    in_browser(browser, url, |page| async move {
        page.client.goto(&page.url).await.unwrap();
        page.settled().await;
        assert_eq!(
            page.js("return document.body.dataset.engine;", vec![])
                .await,
            json!("wasm")
        );
        test(page).await;
    });
    let requests = std::fs::read_to_string(log.path()).unwrap();
    assert!(
        requests.contains("GET /static/snl_wasm_bg.wasm"),
        "{requests}"
    );
    assert!(
        !requests.contains("/api/"),
        "the static page asked for the API:\n{requests}"
    );
}

/// Runs `test` on the page at `url` in a fresh headless Chromium; closes
/// the browser whatever happens.
fn in_browser<F, Fut>((chromium, driver): (PathBuf, PathBuf), url: String, test: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let port = free_port();
    let _driver = Owned(
        Command::new(driver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let profile = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".to_string(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run", "--disable-quic", "--hide-scrollbars",
                    "--window-size=1440,1100", "--force-device-scale-factor=1",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            }),
        );
        let start = Instant::now();
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(caps.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await
            {
                Ok(c) => break c,
                Err(e) if start.elapsed() > PATIENCE => panic!("chromedriver: {e}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        };
        let page = Page {
            client: client.clone(),
            url,
        };
        let outcome = AssertUnwindSafe(test(page)).catch_unwind().await;
        let _ = client.close().await;
        if let Err(panic) = outcome {
            std::panic::resume_unwind(panic);
        }
    });
}

impl Page {
    async fn open(&self, url: &str) {
        self.client.goto(url).await.unwrap();
        self.settled().await;
    }

    /// Runs `script` (a function body) in the page.
    async fn js(&self, script: &str, args: Vec<Value>) -> Value {
        self.client.execute(script, args).await.unwrap()
    }

    /// Waits until the latest edit has been answered.
    async fn settled(&self) {
        self.until("the page has settled", || async {
            self.js(
                "return document.readyState === 'complete' && document.getElementById('busy').hidden \
                 && document.body.dataset.state !== undefined;",
                vec![],
            )
            .await
                == json!(true)
        })
        .await;
    }

    async fn until<F, Fut>(&self, what: &str, mut check: F)
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = bool>,
    {
        let start = Instant::now();
        while !check().await {
            assert!(start.elapsed() < PATIENCE, "timed out waiting until {what}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn text(&self, id: &str) -> String {
        self.js(
            "return document.getElementById(arguments[0]).textContent;",
            vec![json!(id)],
        )
        .await
        .as_str()
        .unwrap()
        .to_string()
    }

    /// Waits until element `id` reads `want`.
    async fn until_text(&self, id: &str, want: &str) {
        self.until(&format!("#{id} reads {want:?}"), || async {
            self.text(id).await == want
        })
        .await;
    }

    async fn click(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }

    /// The centre of square `n` on screen, from the number drawn in it.
    async fn square(&self, n: u32) -> (f64, f64) {
        let p = self
            .js(
                "const t = [...document.querySelectorAll('#board svg text')]
                   .find((e) => e.textContent === String(arguments[0]));
                 const r = t.getBoundingClientRect();
                 return [r.left + r.width / 2, r.top + r.height / 2];",
                vec![json!(n)],
            )
            .await;
        (p[0].as_f64().unwrap(), p[1].as_f64().unwrap())
    }

    /// Presses on square `from` and releases on square `to`, moving the
    /// mouse in steps as a hand does.
    async fn drag(&self, from: u32, to: u32) {
        let (a, b) = (self.square(from).await, self.square(to).await);
        let mut mouse = MouseActions::new("mouse".to_string())
            .then(PointerAction::MoveTo {
                duration: None,
                x: a.0,
                y: a.1,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            });
        for i in 1..=8 {
            let t = f64::from(i) / 8.0;
            mouse = mouse.then(PointerAction::MoveTo {
                duration: Some(Duration::from_millis(20)),
                x: a.0 + (b.0 - a.0) * t,
                y: a.1 + (b.1 - a.1) * t,
            });
        }
        mouse = mouse.then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        self.client.perform_actions(mouse).await.unwrap();
        self.client.release_actions().await.unwrap();
    }

    /// Chooses preset `name` from the menu.
    async fn preset(&self, name: &str) {
        self.client
            .find(Locator::Css("#preset"))
            .await
            .unwrap()
            .select_by_value(name)
            .await
            .unwrap();
    }

    /// Pastes `text` into the import dialog and loads it.
    async fn import(&self, text: &str) {
        self.click("#import").await;
        // Typed as a person pastes: the whole text into the box at once.
        self.js(
            "const t = document.getElementById('import-text'); t.value = arguments[0];
             t.dispatchEvent(new Event('input'));",
            vec![json!(text)],
        )
        .await;
        self.click("#import-load").await;
    }

    /// The board exported in the pairs form, from the export dialog.
    async fn export(&self) -> String {
        self.click("#export").await;
        self.until("the export is written", || async {
            !self
                .js(
                    "return document.getElementById('export-text').value;",
                    vec![],
                )
                .await
                .as_str()
                .unwrap()
                .is_empty()
        })
        .await;
        let text = self
            .js(
                "return document.getElementById('export-text').value;",
                vec![],
            )
            .await
            .as_str()
            .unwrap()
            .to_string();
        self.click("#export-dialog button[value=close]").await;
        text
    }

    /// The path as the page lists it: `roll:land:to` for each roll.
    async fn path(&self) -> Vec<String> {
        let v = self
            .js(
                "return [...document.querySelectorAll('#path li')].map((li) => li.title);",
                vec![],
            )
            .await;
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    }
}

/// `snl ARGS --json` on a board file, read.
fn cli_json(args: &[&str], board: &std::path::Path) -> Value {
    let mut all: Vec<&str> = args.to_vec();
    all.push(board.to_str().unwrap());
    all.push("--json");
    serde_json::from_str(&ok(&all, None)).unwrap()
}

#[test]
fn studio_loads_a_preset_and_shows_the_fewest_rolls() {
    with_studio(
        "studio_loads_a_preset_and_shows_the_fewest_rolls",
        &["--preset", "milton-bradley"],
        |page| async move {
            page.open(&page.url).await;
            page.until_text("min-rolls", "7").await;
            assert_eq!(page.text("sequences").await, "423 optimal roll sequences");
            assert!(
                page.js("return document.getElementById('name').value;", vec![])
                    .await
                    == json!("milton-bradley")
            );
            // Another preset from the menu.
            page.client
                .find(Locator::Css("#preset"))
                .await
                .unwrap()
                .select_by_value("leetcode-909")
                .await
                .unwrap();
            page.until_text("min-rolls", "4").await;
            assert_eq!(page.path().await.len(), 4);
        },
    );
}

#[test]
fn studio_drawing_a_ladder_changes_the_fewest_rolls_and_path() {
    with_studio(
        "studio_drawing_a_ladder_changes_the_fewest_rolls_and_path",
        &["--preset", "milton-bradley"],
        |page| async move {
            page.open(&page.url).await;
            page.until_text("min-rolls", "7").await;
            let before = page.path().await;
            // From square 2 (the start is off the board: a first roll of 2
            // lands there) up to 97, three short of the end.
            page.drag(2, 97).await;
            page.until_text("min-rolls", "2").await;
            let after = page.path().await;
            assert_ne!(before, after);
            assert_eq!(
                after,
                ["roll 2: land on 2, then climb to 97", "roll 3: land on 100"]
            );
            assert_eq!(page.text("selection-text").await, "Ladder 2 → 97");
            // The jump is selected: Delete takes it away, undo brings it back.
            page.client
                .find(Locator::Css("body"))
                .await
                .unwrap()
                .send_keys("\u{E017}")
                .await
                .unwrap();
            page.until_text("min-rolls", "7").await;
            page.click("#undo").await;
            page.until_text("min-rolls", "2").await;
            // The heat map is the picture `snl render --heat` draws.
            page.click("label[title^='How often']").await;
            page.settled().await;
            let svg = page
                .js(
                    "return document.querySelector('#board svg').outerHTML;",
                    vec![],
                )
                .await;
            assert!(svg.as_str().unwrap().contains("expected landings per game"));
            page.click("label[title='Plain squares']").await;
            page.settled().await;
            // An edit that makes the board unplayable is kept and shown with
            // its error, at the squares it concerns; undo makes it playable.
            page.js(
                "const e = document.getElementById('squares'); e.value = '90';
                 e.dispatchEvent(new Event('change'));",
                vec![],
            )
            .await;
            page.until("the error shows", || async {
                page.js("return document.body.dataset.state;", vec![]).await == json!("error")
            })
            .await;
            let errors = page
                .js("return [...document.querySelectorAll('#problem-list li.error')].map((l) => l.dataset.code);", vec![])
                .await;
            assert!(
                errors.as_array().unwrap().contains(&json!("off-board")),
                "{errors}"
            );
            assert_eq!(page.text("min-rolls").await, "–");
            let marked = page
                .js(
                    "return document.querySelectorAll('#overlay rect.problem').length;",
                    vec![],
                )
                .await;
            assert!(marked.as_u64().unwrap() > 0);
            page.click("#undo").await;
            page.until_text("min-rolls", "2").await;
            // A snake drawn down from 97 over the ladder's top makes it a
            // warning: the ladder ends on the snake's head.
            page.drag(97, 5).await;
            page.settled().await;
            let warnings = page
                .js("return [...document.querySelectorAll('#problem-list li.warning')].map((l) => l.dataset.code);", vec![])
                .await;
            assert_eq!(warnings, json!(["ends-on-jump"]));
        },
    );
}

#[test]
fn studio_figures_equal_what_snl_prints_for_the_exported_board() {
    with_studio(
        "studio_figures_equal_what_snl_prints_for_the_exported_board",
        &["--preset", "milton-bradley"],
        |page| async move {
            page.open(&page.url).await;
            figures_equal_what_snl_prints(page, "SNL_STUDIO_SCREENSHOT").await;
        },
    );
}

#[test]
fn static_studio_figures_equal_what_snl_prints_for_the_exported_board() {
    with_static_studio(
        "static_studio_figures_equal_what_snl_prints_for_the_exported_board",
        |page| async move {
            page.preset("milton-bradley").await;
            figures_equal_what_snl_prints(page, "SNL_STATIC_STUDIO_SCREENSHOT").await;
        },
    );
}

/// On Milton Bradley's board: a ladder and a snake drawn by mouse and rules
/// changed, then every figure on the page is what `snl` prints for the
/// board the page exports. With the environment variable `screenshot` set,
/// the page is saved there as a PNG once drawn (scripts/dev/studio-screenshot).
async fn figures_equal_what_snl_prints(page: Page, screenshot: &str) {
    {
        {
            page.until_text("min-rolls", "7").await;
            // Design by mouse: a ladder, a snake, a moved end; then rules.
            page.drag(23, 58).await;
            page.settled().await;
            page.drag(89, 41).await;
            page.settled().await;
            page.client
                .find(Locator::Css("#start"))
                .await
                .unwrap()
                .select_by_value("1")
                .await
                .unwrap();
            page.settled().await;
            page.client
                .find(Locator::Css("#finish"))
                .await
                .unwrap()
                .select_by_value("bounce")
                .await
                .unwrap();
            page.settled().await;
            if let Some(path) = std::env::var_os(screenshot) {
                // The studio as a designer sees it on opening: from the top,
                // the ladder just drawn selected.
                page.client.set_window_size(1440, 1360).await.unwrap();
                page.js(
                    "document.activeElement.blur(); window.scrollTo(0, 0);",
                    vec![],
                )
                .await;
                page.click("#show-path").await;
                page.click("#show-path").await;
                page.settled().await;
                std::fs::write(path, page.client.screenshot().await.unwrap()).unwrap();
            }

            let exported = page.export().await;
            let dir = tempfile::tempdir().unwrap();
            let file = dir.path().join("board.json");
            std::fs::write(&file, &exported).unwrap();
            assert!(
                exported.contains("[23, 58]") && exported.contains("[89, 41]"),
                "{exported}"
            );
            assert!(exported.contains("\"finish\": \"bounce\""), "{exported}");

            // The fewest rolls and the path.
            let solve = cli_json(&["solve"], &file);
            assert_eq!(page.text("min-rolls").await, solve["min_rolls"].to_string());
            assert_eq!(
                page.text("sequences").await,
                format!(
                    "{} optimal roll sequences",
                    solve["optimal_sequences"].as_str().unwrap()
                )
            );
            let path: Vec<Value> = page
                .js(
                    "return [...document.querySelectorAll('#path li')].map((li) => li.textContent);",
                    vec![],
                )
                .await
                .as_array()
                .unwrap()
                .clone();
            let steps = solve["path"].as_array().unwrap();
            assert_eq!(path.len(), steps.len());
            for (chip, step) in path.iter().zip(steps) {
                let (roll, land, to) = (&step["roll"], &step["land"], &step["to"]);
                let jump = match to.as_u64().cmp(&land.as_u64()) {
                    std::cmp::Ordering::Greater => format!("↑{to}"),
                    std::cmp::Ordering::Less => format!("↓{to}"),
                    std::cmp::Ordering::Equal => String::new(),
                };
                let times = match step["count"].as_u64().unwrap() {
                    1 => String::new(),
                    count => format!(" × {count}"),
                };
                assert_eq!(chip.as_str().unwrap(), format!("{roll}{times}{land}{jump}"));
            }

            // The game length.
            let expect = cli_json(&["expect"], &file);
            let f = |v: &Value, d: usize| format!("{:.*}", d, v.as_f64().unwrap());
            assert_eq!(page.text("mean").await, f(&expect["mean"], 4));
            assert_eq!(page.text("std-dev").await, f(&expect["std_dev"], 4));
            assert_eq!(page.text("median").await, expect["median"].to_string());
            assert_eq!(page.text("mode").await, expect["mode"].to_string());
            let quantiles = page
                .js(
                    "return Object.fromEntries([...document.querySelectorAll('#quantile-values td')]
                       .map((td) => [td.dataset.q, Number(td.textContent)]));",
                    vec![],
                )
                .await;
            assert_eq!(quantiles, expect["quantiles"]);

            same_races(&page, &file).await;

            same_check(&page, &file).await;
        }
    }
}

/// The warnings on the page are `snl check`'s.
async fn same_check(page: &Page, file: &std::path::Path) {
    let check = cli_json(&["check"], file);
    let shown = page
        .js(
            "return [...document.querySelectorAll('#problem-list li.warning')]
               .map((li) => li.textContent.replace(/^warning /, ''));",
            vec![],
        )
        .await;
    let printed: Vec<&Value> = check["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| &w["message"])
        .collect();
    assert_eq!(
        shown.as_array().unwrap().iter().collect::<Vec<_>>(),
        printed
    );
}

/// The win chances on the page equal `snl race --players K` for K = 2..4.
async fn same_races(page: &Page, file: &std::path::Path) {
    let f = |v: &Value, d: usize| format!("{:.*}", d, v.as_f64().unwrap());
    for players in 2..=4 {
        let race = cli_json(&["race", "--players", &players.to_string()], file);
        let row = page
            .js(
                "const r = document.querySelector(`#race tr[data-players=\"${arguments[0]}\"]`);
                 return [[...r.querySelectorAll('.seat')].map((s) => s.textContent),
                         r.querySelector('.rounds').textContent];",
                vec![json!(players)],
            )
            .await;
        let seats = row[0].as_array().unwrap();
        let wins = race["win"].as_array().unwrap();
        assert_eq!(seats.len(), wins.len());
        for (seat, win) in wins.iter().enumerate() {
            assert_eq!(
                seats[seat].as_str().unwrap(),
                format!("{:.2}%", 100.0 * win.as_f64().unwrap()),
                "{players} players, seat {}",
                seat + 1
            );
        }
        assert_eq!(row[1].as_str().unwrap(), f(&race["expected_rounds"], 2));
    }
}

#[test]
fn studio_reads_a_pasted_grid_and_shows_errors_for_garbage() {
    with_studio(
        "studio_reads_a_pasted_grid_and_shows_errors_for_garbage",
        &[],
        |page| async move {
            page.open(&page.url).await;
            page.import(crate::GRID_6).await;
            page.until_text("min-rolls", "4").await;
            assert_eq!(
                page.js("return document.getElementById('squares').value;", vec![])
                    .await,
                json!("36")
            );

            page.import("hello, board").await;
            page.until("the import error shows", || async {
                page.js(
                    "return !document.getElementById('import-error').hidden;",
                    vec![],
                )
                .await
                    == json!(true)
            })
            .await;
            let shown = page.text("import-error").await;
            // The message `snl` prints for the same input, after its
            // `snl: error: standard input: ` prefix.
            let run = crate::snl(&["solve", "-"], Some("hello, board"));
            assert_eq!(run.code, 2);
            let printed = run
                .stderr
                .trim_end()
                .strip_prefix("snl: error: standard input: ")
                .unwrap()
                .to_string();
            assert_eq!(shown, printed);
            // The board is unchanged.
            page.until_text("min-rolls", "4").await;
        },
    );
}

#[test]
fn studio_restores_a_shared_address_exactly() {
    with_studio(
        "studio_restores_a_shared_address_exactly",
        &["--preset", "moves-example-1"],
        |page| async move {
            page.open(&page.url).await;
            shared_address_restores(page).await;
        },
    );
}

#[test]
fn static_studio_restores_a_shared_address_exactly() {
    with_static_studio(
        "static_studio_restores_a_shared_address_exactly",
        |page| async move {
            page.preset("moves-example-1").await;
            shared_address_restores(page).await;
        },
    );
}

/// On the 20-square seed board: an edit, then the page's address opened
/// afresh gives the same board and the same answers.
async fn shared_address_restores(page: Page) {
    {
        {
            page.until_text("min-rolls", "2").await;
            page.drag(3, 14).await;
            page.settled().await;
            page.client
                .find(Locator::Css("#finish"))
                .await
                .unwrap()
                .select_by_value("pass")
                .await
                .unwrap();
            page.settled().await;
            let shared = page.client.current_url().await.unwrap().to_string();
            assert!(shared.contains("#squares=20"), "{shared}");
            let before = page.export().await;
            let rolls = page.text("min-rolls").await;
            let mean = page.text("mean").await;

            // A fresh page at the shared address: the same board, the same
            // answers.
            page.client.goto("about:blank").await.unwrap();
            page.open(&shared).await;
            page.until_text("min-rolls", &rolls).await;
            assert_eq!(page.text("mean").await, mean);
            assert_eq!(page.export().await, before);
        }
    }
}

/// The flags of `snl design` that ask what the Design panel is filled in
/// with below.
const DESIGN_FLAGS: [&str; 17] = [
    "design",
    "--squares",
    "36",
    "--ladders",
    "3",
    "--snakes",
    "3",
    "--mean",
    "10..11",
    "--players",
    "2",
    "--fair",
    "0.05",
    "--no-trap",
    "--seed",
    "4",
    "--json",
];

#[test]
fn studio_design_panel_finds_the_boards_snl_design_finds_and_loads_them() {
    with_studio(
        "studio_design_panel_finds_the_boards_snl_design_finds_and_loads_them",
        &[],
        |page| async move {
            page.open(&page.url).await;
            design_panel_finds_what_snl_design_finds(page).await;
        },
    );
}

#[test]
fn static_studio_design_panel_finds_the_boards_snl_design_finds() {
    with_static_studio(
        "static_studio_design_panel_finds_the_boards_snl_design_finds",
        |page| async move {
            design_panel_finds_what_snl_design_finds(page).await;
        },
    );
}

/// On a fresh 36-square board: the Design panel finds the two boards that
/// `snl design` finds with the same targets and seed, loads each into the
/// editor with the figures `snl` prints for it, undoes a load as one edit,
/// and refuses a request no board can meet with the command's reason.
async fn design_panel_finds_what_snl_design_finds(page: Page) {
    page.js(
        "const e = document.getElementById('squares'); e.value = '36';
         e.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await;
    page.settled().await;
    let fill = |fields: Value| {
        let page = page.clone();
        async move {
            page.js(
                "for (const [id, v] of Object.entries(arguments[0])) {
                   const e = document.getElementById(id);
                   if (e.type === 'checkbox') { e.checked = v; } else { e.value = v; }
                 }",
                vec![fields],
            )
            .await;
        }
    };
    fill(
        json!({"design-ladders": "3", "design-snakes": "3", "design-mean": "10..11",
        "design-fair": "0.05", "design-players": "2", "design-no-trap": true,
        "design-seed": "4", "design-count": "2"}),
    )
    .await;
    page.click("#design-find").await;
    page.until("the boards are found", || async {
        page.js("return document.body.dataset.design;", vec![])
            .await
            == json!("found")
    })
    .await;
    page.settled().await;

    // `snl design` with the same targets and seed finds the same
    // boards.
    let run = crate::snl(&[&DESIGN_FLAGS[..], &["--count", "2"]].concat(), None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let cli: Value = serde_json::from_str(&run.stdout).unwrap();
    let boards = cli["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    let listed = page
        .js(
            "return document.querySelectorAll('#design-results > li').length;",
            vec![],
        )
        .await;
    assert_eq!(listed, json!(2));
    for (i, want) in boards.iter().enumerate() {
        if i > 0 {
            page.click(&format!(
                "#design-results > li[data-index='{i}'] .design-load"
            ))
            .await;
            page.settled().await;
        }
        same_designed_board(&page, i, want).await;
    }
    // Loading a board is one edit: undo brings the first back.
    page.click("#undo").await;
    page.settled().await;
    let back: Value = serde_json::from_str(&page.export().await).unwrap();
    assert_eq!(back["ladders"], boards[0]["board"]["ladders"], "{cli}");

    // A request no board can meet is refused with the reason
    // `snl design` gives.
    fill(json!({"design-ladders": "30", "design-snakes": "30"})).await;
    page.click("#design-find").await;
    page.until("the refusal shows", || async {
        page.js("return document.body.dataset.design;", vec![])
            .await
            == json!("error")
    })
    .await;
    let shown = page.text("design-error").await;
    assert!(
        shown.starts_with(
            "no board can meet this request: 30 ladders and 30 snakes do not fit on 36 squares"
        ),
        "{shown}"
    );
}

/// The board in the editor is `want`, the `i`th that `snl design` found,
/// and its figures, in the Design panel and on the page, are what `snl
/// expect` and `snl race` print for it.
async fn same_designed_board(page: &Page, i: usize, want: &Value) {
    let exported = page.export().await;
    let got: Value = serde_json::from_str(&exported).unwrap();
    assert_eq!(got["ladders"], want["board"]["ladders"], "board {}", i + 1);
    assert_eq!(got["snakes"], want["board"]["snakes"], "board {}", i + 1);
    assert_eq!(
        page.js("return document.getElementById('name').value;", vec![])
            .await,
        want["board"]["name"]
    );
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("board.json");
    std::fs::write(&saved, &exported).unwrap();
    let expect = cli_json(&["expect"], &saved);
    let mean = expect["mean"].as_f64().unwrap();
    assert!((10.0..=11.0).contains(&mean), "{mean}");
    assert_eq!(page.text("mean").await, format!("{mean:.4}"));
    let figure = |name: &str| {
        let css = format!("#design-results > li[data-index='{i}'] [data-figure='{name}'] dd");
        async move {
            page.js(
                "return document.querySelector(arguments[0]).textContent;",
                vec![json!(css)],
            )
            .await
        }
    };
    assert_eq!(figure("mean").await, json!(format!("{mean:.3}")));
    let sd = expect["std_dev"].as_f64().unwrap();
    assert_eq!(figure("std dev").await, json!(format!("{sd:.3}")));
    let race = cli_json(&["race", "--players", "2"], &saved);
    for (seat, w) in race["win"].as_array().unwrap().iter().enumerate() {
        let w = w.as_f64().unwrap();
        assert!((w - 0.5).abs() <= 0.05, "{w}");
        let shown = figure(&format!("seat {} wins", seat + 1)).await;
        assert_eq!(shown, json!(format!("{:.2}%", 100.0 * w)));
    }
    let verdicts = page
        .js(
            "return [...document.querySelectorAll(`#design-results > li[data-index='${arguments[0]}'] .design-verdicts li`)]
               .map((l) => l.className);",
            vec![json!(i)],
        )
        .await;
    assert_eq!(verdicts, json!(["met", "met", "met"]));
}

/// `POST path` with `body` to the server at `url`: the status and the body.
fn http_post(url: &str, path: &str, body: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let host = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut stream = std::net::TcpStream::connect(&host).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let (head, rest) = answer.split_once("\r\n\r\n").unwrap();
    // Long answers come in chunks.
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut out = String::new();
        let mut rest = rest;
        loop {
            let (size, tail) = rest.split_once("\r\n").unwrap();
            let size = usize::from_str_radix(size, 16).unwrap();
            if size == 0 {
                break;
            }
            out.push_str(&tail[..size]);
            rest = &tail[size + 2..];
        }
        out
    } else {
        rest.to_string()
    };
    (status, body)
}

/// The Step and Aim panels' answers from the API for the board `text`
/// (whose analysis is `answer`, written to `file`): `snl solve --steps`,
/// `snl expect --steps`, `--equation`, `--target` and `--via`'s.
fn panels_equal_what_snl_prints(url: &str, name: &str, text: &str, file: &Path, answer: &Value) {
    // The Step panel's answers, each with its `kind`: the equation is
    // of the square the pawn starts on.
    let start = answer["expect"]["rules"]["start"].to_string();
    let equation = format!("of=equation&square={start}");
    for (query, args, kind) in [
        ("of=search", &["solve", "--steps"][..], "search"),
        ("of=game&rolls=7", &["expect", "--steps=7"][..], "rolls"),
        (&equation, &["expect", "--equation", &start][..], "equation"),
    ] {
        let (status, body) = http_post(url, &format!("/api/steps?{query}"), text);
        assert_eq!(status, 200, "{name}: {query}: {body}");
        let mut steps: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(steps["kind"].take(), json!(kind), "{name}: {query}");
        let mut printed = cli_json(args, file);
        printed.as_object_mut().unwrap().remove("kind");
        steps.as_object_mut().unwrap().remove("kind");
        assert_eq!(steps, printed, "{name}: {query}");
    }
    // The Aim panel's answers: the middle third of the board, and
    // on Milton Bradley's board a snake.
    let squares = answer["expect"]["squares"].as_u64().unwrap();
    let aim = format!("{}..{}", squares / 3, 2 * squares / 3);
    let mut asks = vec![(
        format!("target={aim}&within=5,10"),
        vec![
            "expect", "--target", &aim, "--within", "5", "--within", "10",
        ],
    )];
    if name.starts_with("milton-bradley") {
        asks.push(("via=87-24".to_string(), vec!["expect", "--via", "87-24"]));
    }
    for (query, args) in asks {
        let (status, body) = http_post(url, &format!("/api/target?{query}"), text);
        assert_eq!(status, 200, "{name}: {query}: {body}");
        let aimed: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(aimed, cli_json(&args, file), "{name}: {query}");
    }
}

#[test]
fn studio_api_answers_equal_what_snl_prints() {
    let (_server, url) = serve(&[]);
    let dir = tempfile::tempdir().unwrap();
    let mut boards: Vec<(String, String)> = [
        "seed-000-leetcode-909.grid.json",
        "seed-003-example-1.txt",
        "seed-004-twenty.moves.json",
        "milton-bradley.pairs.json",
    ]
    .iter()
    .map(|f| {
        let text = std::fs::read_to_string(workspace().join("testdata").join(f)).unwrap();
        (f.to_string(), text)
    })
    .collect();
    // Every rule, through the board file's rules.
    for rules in [
        r#"{"die": "2d6", "finish": "bounce", "chain": true, "start": 0}"#,
        r#"{"die": "1,1,1,1,1,2", "finish": "pass", "bonus_limit": 3}"#,
        r#"{"faces": 4, "bonus": true}"#,
    ] {
        let text = format!(
            r#"{{"name": "rules", "squares": 30, "ladders": [[3, 22], [8, 26]], "snakes": [[22, 8], [29, 1]], "rules": {rules}}}"#
        );
        boards.push((format!("rules {rules}"), text));
    }
    for (name, text) in boards {
        let file = dir.path().join("board");
        std::fs::write(&file, &text).unwrap();
        let (status, body) = http_post(&url, "/api/analyse", &text);
        assert_eq!(status, 200, "{name}: {body}");
        let answer: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(
            answer["check"],
            cli_json(&["check"], &file),
            "{name}: check"
        );
        assert_eq!(
            answer["solve"],
            cli_json(&["solve"], &file),
            "{name}: solve"
        );
        assert_eq!(
            answer["expect"],
            cli_json(&["expect"], &file),
            "{name}: expect"
        );
        for (i, players) in ["2", "3", "4"].iter().enumerate() {
            assert_eq!(
                answer["race"][i],
                cli_json(&["race", "--players", players], &file),
                "{name}: race of {players}"
            );
        }
        panels_equal_what_snl_prints(&url, &name, &text, &file, &answer);
    }

    // An unplayable board: 400, the message `snl` prints after the file
    // name, and the whole check.
    let bad = r#"{"squares": 10, "ladders": [[3, 11]], "snakes": [[10, 2]]}"#;
    let file = dir.path().join("bad.json");
    std::fs::write(&file, bad).unwrap();
    let (status, body) = http_post(&url, "/api/analyse", bad);
    assert_eq!(status, 400);
    let answer: Value = serde_json::from_str(&body).unwrap();
    let run = crate::snl(&["solve", file.to_str().unwrap()], None);
    assert_eq!(run.code, 2);
    let printed = run.stderr.trim_end();
    let message = answer["error"].as_str().unwrap();
    assert_eq!(
        printed,
        format!(
            "snl: error: {}: {message} (`snl check` lists every problem)",
            file.display()
        )
    );
    let check = crate::snl(&["check", file.to_str().unwrap(), "--json"], None);
    assert_eq!(check.code, 1);
    assert_eq!(
        answer["check"],
        serde_json::from_str::<Value>(&check.stdout).unwrap()
    );
}

#[test]
fn serve_help_lists_its_exit_codes_and_examples() {
    let help = ok(&["serve", "--help"], None);
    assert!(help.contains("\nExamples:\n  snl serve --preset milton-bradley --open\n"));
    assert!(help.contains("\nExit codes:\n  0  "), "{help}");
    // The examples serve until stopped, so they are not run here; the
    // files they name exist.
    assert!(
        workspace()
            .join("testdata/seed-004-twenty.pairs.json")
            .is_file()
    );
    // A board that cannot be played is refused at once, as every command
    // refuses it.
    let run = crate::snl(
        &["serve", "--port", "0", "--squares", "5", "-"],
        Some("1 2 9 0"),
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("leaves the board"), "{}", run.stderr);
}

#[cfg(unix)]
#[test]
fn serve_stops_cleanly_on_ctrl_c() {
    let (mut server, url) = serve(&["--preset", "leetcode-909"]);
    let (status, _) = http_post(&url, "/api/analyse", crate::GRID_6);
    assert_eq!(status, 200);
    let killed = Command::new("kill")
        .args(["-INT", &server.0.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let start = Instant::now();
    let code = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status.code();
        }
        assert!(
            start.elapsed() < PATIENCE,
            "snl serve did not stop on Ctrl-C"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(code, Some(0));
    assert!(
        std::net::TcpStream::connect(url.trim_start_matches("http://").trim_end_matches('/'))
            .is_err()
    );
}

#[cfg(unix)]
#[test]
fn serve_stops_on_ctrl_c_while_an_analysis_runs() {
    let (mut server, url) = serve(&[]);
    // The analyses of 100,000 squares under a bonus limit (a streak with
    // every square) take over two seconds in a release build and far longer
    // unoptimised: half a second in, the request has long arrived and its
    // analysis is still running at Ctrl-C.
    let asking = {
        let url = url.clone();
        std::thread::spawn(move || {
            http_post(
                &url,
                "/api/analyse",
                r#"{"squares": 100000, "rules": {"bonus": true, "bonus_limit": 3}}"#,
            )
        })
    };
    std::thread::sleep(Duration::from_millis(500));
    let killed = Command::new("kill")
        .args(["-INT", &server.0.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let start = Instant::now();
    let code = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status.code();
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "snl serve did not stop on Ctrl-C while an analysis ran"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(code, Some(0));
    // The request in flight was told why.
    let (status, body) = asking.join().unwrap();
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("stopping"), "{body}");
}

#[test]
fn studio_shows_the_rules_it_sends_from_a_damaged_link() {
    with_studio(
        "studio_shows_the_rules_it_sends_from_a_damaged_link",
        &[],
        |page| async move {
            // `bonus=abc` is no limit: the rule is on, without one, in the
            // controls and in the board sent and exported alike.
            page.open(&format!("{}#squares=20&jumps=2-19,9-2&bonus=abc", page.url))
                .await;
            page.until_text("min-rolls", "2").await;
            let ticked = page
                .js("return document.getElementById('bonus').checked;", vec![])
                .await;
            let limit = page
                .js(
                    "return document.getElementById('bonus-limit').value;",
                    vec![],
                )
                .await;
            let exported: Value = serde_json::from_str(&page.export().await).unwrap();
            assert_eq!(ticked, json!(true));
            assert_eq!(limit, json!(""));
            assert_eq!(exported["rules"]["bonus"], json!(true), "{exported}");
            assert_eq!(exported["rules"]["bonus_limit"], Value::Null, "{exported}");
            // A limit in the link is a limit.
            page.open(&format!("{}#squares=20&bonus=3", page.url)).await;
            page.settled().await;
            let exported: Value = serde_json::from_str(&page.export().await).unwrap();
            assert_eq!(exported["rules"]["bonus_limit"], json!(3), "{exported}");
            // Figures past a float's digits in powers of ten, as `snl`
            // prints them.
            let shown = page
                .js(
                    "return import('/static/state.js').then((m) => \
                     [m.figure(4.911261569567615e17, 4), m.figure(39.2251223, 4)]);",
                    vec![],
                )
                .await;
            assert_eq!(
                shown,
                json!([
                    snl::words::figure(4.911_261_569_567_615e17, 4),
                    snl::words::figure(39.225_122_3, 4)
                ])
            );
        },
    );
}

#[test]
fn static_studio_loads_with_no_server_and_answers_as_snl_does() {
    with_static_studio(
        "static_studio_loads_with_no_server_and_answers_as_snl_does",
        |page| async move {
            page.preset("milton-bradley").await;
            page.until_text("min-rolls", "7").await;
            let file = workspace()
                .join("testdata")
                .join("milton-bradley.pairs.json");
            let expect = cli_json(&["expect"], &file);
            assert_eq!(
                page.text("mean").await,
                format!("{:.4}", expect["mean"].as_f64().unwrap())
            );
            assert_eq!(page.text("sequences").await, "423 optimal roll sequences");
            // The page's own record of what it fetched: nothing from the API.
            let asked = page
                .js(
                    "return performance.getEntriesByType('resource').map((e) => e.name)
                       .filter((n) => n.includes('/api/'));",
                    vec![],
                )
                .await;
            assert_eq!(asked, json!([]));
        },
    );
}

/// A 400-square LeetCode grid whose 398 snakes each lead five squares
/// back, onto another snake's head: a pawn gains one square a roll at best
/// (a six), so the fewest rolls are 394, and a game with a real die lasts
/// longer than anything can follow.
fn grid_of_398_snakes() -> String {
    let snakes = (2..400).map(|k| snl::Jump {
        from: k,
        to: k.saturating_sub(5).max(1),
    });
    let board = snl::Board::new(400, snakes).unwrap();
    snl::input::write(&board, None, snl::Format::Grid).unwrap()
}

/// The grid of 398 snakes: its fewest rolls, and what cannot be computed
/// said in place of the plot, not an error. (The served studio runs the
/// same analysis, but these tests run `snl serve`'s debug build, whose
/// races on this board take longer than the studio allows.)
async fn long_games_are_answered_with_what_is_missing(page: Page) {
    page.import(&grid_of_398_snakes()).await;
    page.until_text("min-rolls", "394").await;
    page.settled().await;
    assert_eq!(
        page.js("return document.body.dataset.state;", vec![]).await,
        json!("ok")
    );
    assert_eq!(page.text("median").await, "–");
    let note = page.text("plot").await;
    assert!(note.starts_with("there is no plot: "), "{note}");
}

#[test]
fn static_studio_answers_a_grid_of_398_snakes_with_what_is_missing() {
    with_static_studio(
        "static_studio_answers_a_grid_of_398_snakes_with_what_is_missing",
        long_games_are_answered_with_what_is_missing,
    );
}

#[test]
fn static_studio_an_edit_during_a_long_analysis_cancels_it() {
    with_static_studio(
        "static_studio_an_edit_during_a_long_analysis_cancels_it",
        |page| async move {
            // 100,000 empty squares: seconds of work in a page.
            page.js(
                "const e = document.getElementById('squares'); e.value = '100000';
                 e.dispatchEvent(new Event('change'));",
                vec![],
            )
            .await;
            page.until("the long analysis shows that it is working", || async {
                page.js(
                    "return !document.getElementById('busy').hidden
                       && document.getElementById('busy').textContent.startsWith('analysing');",
                    vec![],
                )
                .await
                    == json!(true)
            })
            .await;
            // An edit: the board becomes 100 empty squares.
            let edited = Instant::now();
            page.js(
                "const e = document.getElementById('squares'); e.value = '100';
                 e.dispatchEvent(new Event('change'));",
                vec![],
            )
            .await;
            page.until_text("min-rolls", "17").await;
            page.settled().await;
            // The long analysis was stopped (its worker ended), not waited
            // for: its answer never showed.
            assert_eq!(
                page.js("return document.body.dataset.cancelled;", vec![])
                    .await,
                json!("1"),
                "answered {:?} after the edit",
                edited.elapsed()
            );
            page.js("return new Promise((r) => setTimeout(r, 500));", vec![])
                .await;
            assert_eq!(page.text("min-rolls").await, "17");
        },
    );
}

/// `--max-time` and `--max-memory` are the budget of each request's
/// analyses; `--force` is refused, saying what to use instead.
#[test]
fn serve_takes_its_budget_from_max_time_and_max_memory() {
    let board = r#"{"squares": 1000, "ladders": [[3, 700]], "snakes": [[900, 10]]}"#;
    let (_server, url) = serve(&[]);
    let (status, body) = http_post(&url, "/api/analyse", board);
    assert_eq!(status, 200, "{body}");
    assert!(!body.contains("more than the budget"), "{body}");
    let (_server, url) = serve(&["--max-memory", "0.00001"]);
    let (_, body) = http_post(&url, "/api/analyse", board);
    assert!(body.contains("more than the budget of 10 kB"), "{body}");
    let run = Command::new(env!("CARGO_BIN_EXE_snl"))
        .args(["serve", "--force", "--port", "0"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("takes no --force; --max-time and --max-memory raise it"),
        "{stderr}"
    );
}

/// The optional-jumps control: picked, the page shows the best play (the
/// mean and policy `snl expect --optional` gives, and the check's note on
/// the jump it never takes), says why the races are not answered, and
/// keeps the rule in the shared link; a damaged link shows the rule it
/// sends.
async fn optional_jumps_show_the_best_play(page: Page) {
    let board = "squares=20&jumps=2-19,12-15,9-2";
    page.open(&format!("{}#{board}", page.url)).await;
    page.until_text("min-rolls", "2").await;
    let hidden = page
        .js("return document.getElementById('policy').hidden;", vec![])
        .await;
    assert_eq!(hidden, json!(true));
    page.client
        .find(Locator::Css("#optional"))
        .await
        .unwrap()
        .select_by_value("all")
        .await
        .unwrap();
    page.settled().await;
    page.until("the policy is shown", || async {
        page.js(
            "return document.querySelectorAll('#policy-list li').length;",
            vec![],
        )
        .await
            == json!(3)
    })
    .await;
    let exported = page.export().await;
    let expect: Value =
        serde_json::from_str(&ok(&["expect", "-", "--json"], Some(&exported))).unwrap();
    assert_eq!(expect["rules"]["optional"], "all", "{exported}");
    let mean = snl::words::figure(expect["mean"].as_f64().unwrap(), 4);
    page.until_text("mean", &mean).await;
    let plays = page
        .js(
            "return [...document.querySelectorAll('#policy-list li')]
               .map((li) => [Number(li.dataset.from), li.className, li.textContent]);",
            vec![],
        )
        .await;
    let want: Vec<Value> = expect["policy"]["jumps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| {
            let play = if j["play"] == "taken" {
                "takes"
            } else {
                "declines"
            };
            json!([
                j["from"],
                j["play"],
                format!(
                    "{play} the {} {} → {}",
                    j["kind"].as_str().unwrap(),
                    j["from"],
                    j["to"]
                )
            ])
        })
        .collect();
    assert_eq!(plays, Value::Array(want));
    assert!(
        plays.to_string().contains("declines the snake 9 → 2"),
        "{plays}"
    );
    let note = page
        .js(
            "const li = document.querySelector('#problem-list li.note');
             return li ? [li.dataset.code, li.textContent] : null;",
            vec![],
        )
        .await;
    let check: Value =
        serde_json::from_str(&ok(&["check", "-", "--json"], Some(&exported))).unwrap();
    assert_eq!(note[0], "never-taken", "{note}");
    assert!(
        note[1]
            .as_str()
            .unwrap()
            .ends_with(check["notes"][0]["message"].as_str().unwrap()),
        "{note}"
    );
    let race = page
        .js(
            "const n = document.getElementById('race-note');
             return [n.hidden, n.textContent, document.querySelectorAll('#race tr[data-players]').length];",
            vec![],
        )
        .await;
    assert_eq!(race[0], json!(false));
    assert!(
        race[1]
            .as_str()
            .unwrap()
            .starts_with("Not answered: the race cannot play optional jumps"),
        "{race}"
    );
    assert_eq!(race[2], json!(0));
    optional_jumps_in_links(&page, board).await;
}

/// The optional rule in the shared link, and a damaged one.
async fn optional_jumps_in_links(page: &Page, board: &str) {
    // The rule is in the shared link, and comes back from it.
    let hash = page.js("return location.hash;", vec![]).await;
    assert!(hash.as_str().unwrap().contains("optional=all"), "{hash}");
    page.open(&format!("{}#{board}&optional=snakes", page.url))
        .await;
    page.until("the control reads snakes", || async {
        page.js("return document.getElementById('optional').value;", vec![])
            .await
            == json!("snakes")
    })
    .await;
    // A damaged value is no rule: the control and the board sent agree,
    // and the other rules of the link stay.
    page.open(&format!("{}#{board}&optional=abc&bonus=on", page.url))
        .await;
    page.settled().await;
    let shown = page
        .js(
            "return [document.getElementById('optional').value, document.getElementById('bonus').checked];",
            vec![],
        )
        .await;
    assert_eq!(shown, json!(["none", true]));
    let exported: Value = serde_json::from_str(&page.export().await).unwrap();
    assert_eq!(exported["rules"].get("optional"), None, "{exported}");
    assert_eq!(exported["rules"]["bonus"], json!(true), "{exported}");
}

#[test]
fn studio_plays_optional_jumps() {
    with_studio("studio_plays_optional_jumps", &[], |page| {
        optional_jumps_show_the_best_play(page)
    });
}

#[test]
fn static_studio_plays_optional_jumps() {
    with_static_studio("static_studio_plays_optional_jumps", |page| {
        optional_jumps_show_the_best_play(page)
    });
}

/// The dice-to-choose control: filled in, the page shows the best play of
/// `snl expect --choose-die ... --json` (its mean and the die of each
/// run of squares), says why the fewest rolls and the races are not
/// answered, and keeps the dice in the shared link; the goal within K
/// rolls shows the chance `snl expect --goal within:K` gives.
async fn chosen_dice_show_the_best_play(page: Page) {
    let board = "squares=20&jumps=2-19,12-15,9-2";
    page.open(&format!("{}#{board}", page.url)).await;
    page.until_text("min-rolls", "2").await;
    page.js(
        "const e = document.getElementById('choose-dice'); e.value = 'd6; 1,1,1,0,0,0';
         e.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await;
    page.settled().await;
    page.until("the dice of the policy are shown", || async {
        page.js(
            "return document.querySelectorAll('#policy-dice li').length > 0;",
            vec![],
        )
        .await
            == json!(true)
    })
    .await;
    let exported = page.export().await;
    // A play that picks among dice has no distribution: `snl expect` says
    // so on stderr.
    let run = crate::snl(
        &[
            "expect",
            "-",
            "--choose-die",
            "d6",
            "--choose-die",
            "1,1,1,0,0,0",
            "--json",
        ],
        Some(&exported),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expect: Value = serde_json::from_str(&run.stdout).unwrap();
    let mean = snl::words::figure(expect["mean"].as_f64().unwrap(), 4);
    page.until_text("mean", &mean).await;
    // Each run of squares with its die, as `die_by_square` gives them.
    let runs = page
        .js(
            "return [...document.querySelectorAll('#policy-dice li')]
               .map((li) => [Number(li.dataset.from), Number(li.dataset.to), li.textContent]);",
            vec![],
        )
        .await;
    let by_square = expect["policy"]["die_by_square"].as_array().unwrap();
    let dice = expect["policy"]["dice"].as_array().unwrap();
    let mut want = Vec::new();
    let mut from = 0;
    while from < by_square.len() {
        let mut to = from;
        while to + 1 < by_square.len() && by_square[to + 1] == by_square[from] {
            to += 1;
        }
        let squares = if from == to {
            format!("{from}")
        } else {
            format!("{from}–{to}")
        };
        let picked = dice[by_square[from].as_u64().unwrap() as usize]
            .as_str()
            .unwrap();
        want.push(json!([from, to, format!("on {squares} roll {picked}")]));
        from = to + 1;
    }
    assert!(want.len() > 1, "{want:?}");
    assert_eq!(runs, Value::Array(want));
    assert_eq!(page.text("min-rolls").await, "–");
    let note = page.text("race-note").await;
    assert!(
        note.starts_with(
            "Not answered: the fewest rolls and the races cannot play a die picked before each roll"
        ),
        "{note}"
    );
    chosen_dice_in_links(&page, board).await;
}

/// The dice in the shared link, and the goal within K rolls from one.
async fn chosen_dice_in_links(page: &Page, board: &str) {
    let hash = page.js("return location.hash;", vec![]).await;
    assert!(hash.as_str().unwrap().contains("dice="), "{hash}");
    page.open(&format!("{}#{board}&dice=d4&goal=within:5", page.url))
        .await;
    page.until("the within chance is shown", || async {
        page.js(
            "const w = document.getElementById('within'); return !w.hidden && w.dataset.chance;",
            vec![],
        )
        .await
        .is_string()
    })
    .await;
    let shown = page
        .js(
            "return [document.getElementById('choose-dice').value, document.getElementById('goal').value,
                     document.getElementById('goal-rolls').value, Number(document.getElementById('within').dataset.chance)];",
            vec![],
        )
        .await;
    let within: Value = serde_json::from_str(&ok(
        &[
            "expect",
            "-",
            "--choose-die",
            "d4",
            "--goal",
            "within:5",
            "--json",
        ],
        Some(&page.export().await),
    ))
    .unwrap();
    assert_eq!(shown[0], "d4");
    assert_eq!(shown[1], "within");
    assert_eq!(shown[2], "5");
    let chance = shown[3].as_f64().unwrap();
    assert!(
        (chance - within["chance"].as_f64().unwrap()).abs() < 1e-12,
        "{shown} against {within}"
    );
}

#[test]
fn studio_plays_chosen_dice() {
    with_studio("studio_plays_chosen_dice", &[], |page| {
        chosen_dice_show_the_best_play(page)
    });
}

#[test]
fn studio_plays_the_steps_of_the_search_and_the_game() {
    with_studio(
        "studio_plays_the_steps_of_the_search_and_the_game",
        &["--preset", "leetcode-909"],
        |page| async move {
            page.open(&page.url).await;
            steps_play_and_open_at_their_step(page).await;
        },
    );
}

#[test]
fn static_studio_plays_the_steps_of_the_search_and_the_game() {
    with_static_studio(
        "static_studio_plays_the_steps_of_the_search_and_the_game",
        |page| async move {
            page.preset("leetcode-909").await;
            steps_play_and_open_at_their_step(page).await;
        },
    );
}

impl Page {
    /// The step the Step panel shows, once it shows one of `kind`.
    async fn step(&self) -> (u64, Vec<String>) {
        let v = self
            .js(
                "return [Number(document.body.dataset.step),
                   [...document.querySelectorAll('#step-text li')].map((li) => li.textContent)];",
                vec![],
            )
            .await;
        let lines = v[1]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_string())
            .collect();
        (v[0].as_u64().unwrap(), lines)
    }

    /// Waits until the Step panel shows step `at` of `kind`.
    async fn until_step(&self, kind: &str, at: usize) {
        self.until(&format!("step {at} of the {kind} is shown"), || async {
            self.js(
                "return document.body.dataset.steps === arguments[0] \
                 && document.body.dataset.step === String(arguments[1]);",
                vec![json!(kind), json!(at)],
            )
            .await
                == json!(true)
        })
        .await;
    }

    /// The marks of the step on the board, of class `cls`.
    async fn marks(&self, cls: &str) -> u64 {
        self.js(
            "return document.querySelectorAll('#overlay .mark.' + arguments[0]).length;",
            vec![json!(cls)],
        )
        .await
        .as_u64()
        .unwrap()
    }
}

fn texts(step: &Value) -> Vec<String> {
    step["text"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap().to_string())
        .collect()
}

/// On LeetCode 909's first example: the search step by step is `snl solve
/// --steps`, forward, to the last, back, and played through; the page's
/// address opens at its step; then the game roll by roll is `snl expect
/// --steps`, with a heat mark on every square the pawn may be on.
async fn steps_play_and_open_at_their_step(page: Page) {
    page.until_text("min-rolls", "4").await;
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), page.export().await).unwrap();
    let search = cli_json(&["solve", "--steps"], file.path());
    let want = search["steps"].as_array().unwrap();
    let last = want.len() - 1;
    page.client
        .find(Locator::Css("#steps-of"))
        .await
        .unwrap()
        .select_by_value("search")
        .await
        .unwrap();
    page.until_step("search", 0).await;
    assert_eq!(page.step().await.1, texts(&want[0]));
    page.click("#step-forward").await;
    page.until_step("search", 1).await;
    assert_eq!(page.step().await.1, texts(&want[1]));
    assert_eq!(
        page.marks("frontier").await,
        want[1]["squares"].as_array().unwrap().len() as u64
    );
    page.click("#step-last").await;
    page.until_step("search", last).await;
    assert_eq!(page.step().await.1, texts(&want[last]));
    assert!(texts(&want[last]).last().unwrap().contains("the fewest"));
    page.click("#step-back").await;
    page.until_step("search", last - 1).await;

    // The address opens at the step shown.
    let shared = page.client.current_url().await.unwrap().to_string();
    assert!(
        shared.contains(&format!("steps=search&step={}", last - 1)),
        "{shared}"
    );
    page.client.goto("about:blank").await.unwrap();
    page.open(&shared).await;
    page.until_step("search", last - 1).await;
    assert_eq!(page.step().await.1, texts(&want[last - 1]));

    // Played from the first step, fast, it stops at the last.
    page.click("#step-first").await;
    page.until_step("search", 0).await;
    page.client
        .find(Locator::Css("#step-speed"))
        .await
        .unwrap()
        .select_by_value("250")
        .await
        .unwrap();
    page.click("#step-play").await;
    page.until_step("search", last).await;
    page.until_text("step-play", "▶").await;

    game_steps_play_in_stretches(&page, file.path()).await;
}

/// The game with a real die roll by roll, on the board of `file`, after
/// [`steps_play_and_open_at_their_step`]: `snl expect --steps`'s, a longer
/// game a stretch of rolls at a time, and with dice to pick from the best
/// play's rounds.
async fn game_steps_play_in_stretches(page: &Page, file: &Path) {
    let game: Value = serde_json::from_str(&ok(
        &["expect", file.to_str().unwrap(), "--steps", "--json"],
        None,
    ))
    .unwrap();
    let rolls = game["steps"].as_array().unwrap();
    page.client
        .find(Locator::Css("#steps-of"))
        .await
        .unwrap()
        .select_by_value("game")
        .await
        .unwrap();
    page.until_step("rolls", 0).await;
    assert_eq!(page.step().await.1, texts(&rolls[0]));
    page.click("#step-forward").await;
    page.until_step("rolls", 1).await;
    assert_eq!(page.step().await.1, texts(&rolls[1]));
    let on = rolls[1]["on"].as_object().unwrap();
    assert_eq!(page.marks("chance").await, on.len() as u64);

    // A longer game comes a stretch of rolls at a time: its last roll, and
    // one back, are `snl expect --steps=60`'s.
    let long: Value = serde_json::from_str(&ok(
        &["expect", file.to_str().unwrap(), "--steps=60", "--json"],
        None,
    ))
    .unwrap();
    let long = long["steps"].as_array().unwrap();
    assert_eq!(long.len(), 61);
    page.js(
        "const r = document.getElementById('steps-rolls'); r.value = '60';
         r.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await;
    page.until_text("step-label", "roll 1 · step 1 of 60").await;
    page.click("#step-last").await;
    page.until_step("rolls", 60).await;
    assert_eq!(page.step().await.1, texts(&long[60]));
    page.click("#step-back").await;
    page.until_step("rolls", 59).await;
    assert_eq!(page.step().await.1, texts(&long[59]));

    // A square's first-step equation, as `snl expect --equation` writes it.
    let equation: Value = serde_json::from_str(&ok(
        &[
            "expect",
            file.to_str().unwrap(),
            "--equation",
            "1",
            "--json",
        ],
        None,
    ))
    .unwrap();
    let want = texts(&equation).join("\n");
    page.js(
        "const q = document.getElementById('equation-square'); q.value = '1';
         q.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await;
    page.until_text("equation-text", &want).await;

    // With dice to pick from, the game's steps are the best play's rounds
    // of policy iteration, `snl expect --choose-die ... --steps`'s.
    let rounds: Value = serde_json::from_str(&ok(
        &[
            "expect",
            file.to_str().unwrap(),
            "--choose-die",
            "d6",
            "--choose-die",
            "1,1,1,0,0,0",
            "--steps",
            "--json",
        ],
        None,
    ))
    .unwrap();
    let rounds = rounds["steps"].as_array().unwrap();
    page.js(
        "const d = document.getElementById('choose-dice'); d.value = 'd6; 1,1,1,0,0,0';
         d.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await;
    page.until_step("rounds", rounds.len() - 1).await;
    assert_eq!(page.step().await.1, texts(rounds.last().unwrap()));
    page.click("#step-first").await;
    page.until_step("rounds", 0).await;
    assert_eq!(page.step().await.1, texts(&rounds[0]));
    assert!(
        page.js(
            "return document.getElementById('steps-rolls').disabled;",
            vec![]
        )
        .await
            == json!(true)
    );
}

#[test]
fn studio_aims_at_squares_and_jumps_as_snl_expect_does() {
    with_studio(
        "studio_aims_at_squares_and_jumps_as_snl_expect_does",
        &["--preset", "milton-bradley"],
        |page| async move {
            page.open(&page.url).await;
            aims_as_snl_expect_does(page).await;
        },
    );
}

#[test]
fn static_studio_aims_at_squares_and_jumps_as_snl_expect_does() {
    with_static_studio(
        "static_studio_aims_at_squares_and_jumps_as_snl_expect_does",
        |page| async move {
            page.preset("milton-bradley").await;
            aims_as_snl_expect_does(page).await;
        },
    );
}

impl Page {
    /// Presses and releases the mouse on square `n`, as a click.
    async fn tap(&self, n: u32) {
        let (x, y) = self.square(n).await;
        let mouse = MouseActions::new("mouse".to_string())
            .then(PointerAction::MoveTo {
                duration: None,
                x,
                y,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.client.perform_actions(mouse).await.unwrap();
        self.client.release_actions().await.unwrap();
    }

    /// Waits until the Aim panel shows `want`'s chance and mean (the
    /// answer of `snl expect --target` or `--via --json`).
    async fn until_aim(&self, what: &str, want: &Value) {
        let (chance, mean) = (want["chance"].as_f64().unwrap(), want["mean"].as_f64());
        self.until(&format!("the Aim panel answers {what}"), || async {
            let shown = self
                .js(
                    "const t = document.getElementById('target-answer');
                     return t.hidden ? null : [t.dataset.chance, t.dataset.mean];",
                    vec![],
                )
                .await;
            let Some(shown) = shown.as_array() else {
                return false;
            };
            let number = |v: &Value| v.as_str().and_then(|s| s.parse::<f64>().ok());
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs().max(1.0);
            number(&shown[0]).is_some_and(|c| close(c, chance))
                && match (number(&shown[1]), mean) {
                    (Some(m), Some(want)) => close(m, want),
                    (None, None) => true,
                    _ => false,
                }
        })
        .await;
    }

    /// The squares outlined as aimed at.
    async fn aims(&self) -> u64 {
        self.js(
            "return document.querySelectorAll('#overlay .aim').length;",
            vec![],
        )
        .await
        .as_u64()
        .unwrap()
    }

    /// Types `text` into the Aim panel's squares, as a person does.
    async fn aim_at(&self, text: &str) {
        self.js(
            "const t = document.getElementById('target-squares'); t.value = arguments[0];
             t.dispatchEvent(new Event('change'));",
            vec![json!(text)],
        )
        .await;
    }
}

/// On Milton Bradley's board: squares typed, a jump from the menu and
/// squares picked on the board give `snl expect --target` and `--via`'s
/// chance and mean, outline the squares aimed at, and travel in the
/// page's address; squares off the board get the command's refusal.
async fn aims_as_snl_expect_does(page: Page) {
    page.until_text("min-rolls", "7").await;
    let file = tempfile::NamedTempFile::new().unwrap();
    let board = page.export().await;
    std::fs::write(file.path(), &board).unwrap();

    // The board's class, as `snl check` prints it.
    let check = ok(&["check", file.path().to_str().unwrap()], None);
    let line = check.lines().find(|l| l.starts_with("winnable: ")).unwrap();
    page.until_text("winnable", line).await;

    page.aim_at("50..60").await;
    let want = cli_json(&["expect", "--target", "50..60"], file.path());
    page.until_aim("50..60", &want).await;
    // A range leaves out the starts of jumps: the squares outlined are
    // those the command aimed at.
    let aimed: u64 = want["target"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r[1].as_u64().unwrap() - r[0].as_u64().unwrap() + 1)
        .sum();
    assert!(aimed < 11, "{want}");
    page.until("the squares aimed at are outlined", || async {
        page.aims().await == aimed
    })
    .await;
    let shared = page.client.current_url().await.unwrap().to_string();
    assert!(shared.contains("target=50..60"), "{shared}");
    page.client.goto("about:blank").await.unwrap();
    page.open(&shared).await;
    page.until_aim("50..60 from a shared link", &want).await;

    // A jump from the menu.
    page.client
        .find(Locator::Css("#target-via"))
        .await
        .unwrap()
        .select_by_value("87-24")
        .await
        .unwrap();
    let via = cli_json(&["expect", "--via", "87-24"], file.path());
    page.until_aim("the snake 87-24", &via).await;
    let typed = page
        .js(
            "return document.getElementById('target-squares').value;",
            vec![],
        )
        .await;
    assert_eq!(typed, json!(""));
    assert!(
        page.client
            .current_url()
            .await
            .unwrap()
            .to_string()
            .contains("via=87-24")
    );

    // Squares picked on the board, one click each; a second click on one
    // takes it out again.
    page.click("#target-pick").await;
    for s in [81, 82, 83, 90, 90] {
        page.tap(s).await;
    }
    let picked = cli_json(&["expect", "--target", "81..83"], file.path());
    page.until_aim("the squares picked", &picked).await;
    let typed = page
        .js(
            "return document.getElementById('target-squares').value;",
            vec![],
        )
        .await;
    assert_eq!(typed, json!("81..83"));
    // While picking, a click edits nothing.
    assert_eq!(page.export().await, board);
    page.click("#target-pick").await;

    // Squares off the board: the command's refusal, word for word.
    page.aim_at("95..120").await;
    let run = crate::snl(
        &[
            "expect",
            file.path().to_str().unwrap(),
            "--target",
            "95..120",
        ],
        None,
    );
    assert_eq!(run.code, 2);
    let message = run.stderr.trim().rsplit(": ").next().unwrap().to_string();
    page.until("the refusal is shown", || async {
        page.text("target-error").await.contains(&message)
    })
    .await;
}

/// Not a check but a measurement, run by `scripts/bench/time-chromium`:
/// the static studio's analysis of each board of `SNL_CHROMIUM_BOARDS`
/// (paths separated by `:`), timed in the page with `performance.now()`
/// around `engine.analyse`, the call the page makes on each edit (a Web
/// Worker runs the library in WebAssembly, and posts the answer back).
/// Prints a line a board: its file name, a tab, the median in milliseconds
/// of at least 5 runs taking at least 3 seconds, after one to warm up.
#[test]
#[ignore = "a measurement: scripts/bench/time-chromium runs it"]
fn time_the_static_studios_analyses() {
    let boards = std::env::var("SNL_CHROMIUM_BOARDS")
        .expect("SNL_CHROMIUM_BOARDS names the boards, separated by ':'");
    with_static_studio("time_the_static_studios_analyses", |page| async move {
        for path in boards.split(':').filter(|p| !p.is_empty()) {
            let text = std::fs::read_to_string(path).unwrap();
            let median = page
                .client
                .execute_async(
                    r#"
                    const [text, done] = arguments;
                    (async () => {
                      const { connect } = await import("./static/engine.js");
                      const engine = await connect();
                      // As the page asks on an edit: the path, no overlay.
                      const options = { path: true, overlay: "plain", width: null,
                                        choose_dice: null, goal: null };
                      const run = async () => {
                        const answer = await engine.analyse(text, options);
                        if (!answer.ok) {
                          throw new Error(JSON.stringify(answer.data));
                        }
                      };
                      await run();
                      const runs = [];
                      const began = performance.now();
                      while (runs.length < 5 || performance.now() - began < 3000) {
                        const start = performance.now();
                        await run();
                        runs.push(performance.now() - start);
                      }
                      runs.sort((a, b) => a - b);
                      done(runs[Math.floor(runs.length / 2)]);
                    })().catch((e) => done(String(e)));
                    "#,
                    vec![json!(text)],
                )
                .await
                .unwrap();
            let name = Path::new(path).file_name().unwrap().to_string_lossy();
            let median = median
                .as_f64()
                .unwrap_or_else(|| panic!("{name}: {median}"));
            println!("{name}\t{median:.3}");
        }
    });
}
