//! `snl serve`: snl studio, the board designer in the browser. The server
//! is the `snl-web` crate; this is the glue that reads the arguments.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::process::{Command, ExitCode, Stdio};
use std::time::Duration;

use anyhow::{Context, Result};

use crate::board_arg::{BoardArgs, RulesArgs, load_game};
use crate::output::note;
use snl::plan::DenseWork;

/// The port the studio listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 8909;

/// Start snl studio: design a board in the browser.
///
/// Serves a page where a board is drawn with the mouse (press on a square
/// and release on another to add a ladder or a snake), its rules are set,
/// and the fewest rolls, the game length, the win chances and `snl check`'s
/// findings are shown again after every edit. The board and rules live in
/// the page's address, so a reload or a shared link restores them. The
/// page works offline; nothing is loaded from elsewhere.
///
/// Prints the address and serves until Ctrl-C. It listens on 127.0.0.1
/// (this machine only) unless --host says otherwise. The board given here,
/// if any, is the one the page opens with.
///
/// Each analysis of a request runs under a budget of its own: 1 GiB and
/// about 10 seconds of work, the request's analyses stopped after 15
/// seconds. --max-time and --max-memory set that budget (the analyses of a
/// request may then run for one and a half times --max-time); --force is
/// refused, since a server open to requests keeps a limit on each.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl serve --preset milton-bradley --open
  snl serve testdata/seed-004-twenty.pairs.json --port 0
  snl serve --host 0.0.0.0 --port 8080", super::PLAIN_EXIT_CODES))]
pub struct Args {
    /// The port to listen on; 0 picks a free one (the address printed
    /// says which).
    #[arg(long, value_name = "P", default_value_t = DEFAULT_PORT)]
    pub port: u16,

    /// The address to listen on. Anything but a loopback address lets other
    /// machines use the studio, and snl warns.
    #[arg(long, value_name = "H", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,

    /// Open the studio in the default browser.
    #[arg(long)]
    pub open: bool,

    #[command(flatten)]
    pub board: BoardArgs,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs `snl serve`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    if crate::control::forced() {
        anyhow::bail!(
            "snl serve keeps a budget for each request and takes no --force; \
             --max-time and --max-memory raise it"
        );
    }
    let limits = limits(crate::control::given());
    let initial = initial_board(args)?;
    let listener = TcpListener::bind(SocketAddr::new(args.host, args.port)).with_context(|| {
        format!(
            "cannot listen on {}:{}; choose another port with --port (0 picks a free one)",
            args.host, args.port
        )
    })?;
    let bound = listener.local_addr()?;
    if !bound.ip().is_loopback() {
        note(&format!(
            "listening on {}: other machines that can reach this one can use the studio",
            bound.ip()
        ));
    }
    let url = url(bound);
    writeln!(out, "snl studio: {url}")?;
    writeln!(out, "press Ctrl-C to stop")?;
    out.flush()?;
    if args.open {
        open(&url);
    }
    let config = snl_web::Config { initial, limits };
    snl_web::run(listener, config).context("the studio's server stopped")?;
    Ok(ExitCode::SUCCESS)
}

/// The studio's limits, with the budget of each analysis from
/// `--max-time` (seconds) and `--max-memory` (GB) where given: the
/// analyses of a request may run for one and a half times the work budget
/// (a request runs a few), and the request five seconds more.
fn limits((seconds, gigabytes): (Option<f64>, Option<f64>)) -> snl_web::StudioLimits {
    let mut limits = snl_web::StudioLimits::default();
    if let Some(g) = gigabytes {
        // `as` saturates: a huge memory is no limit.
        limits.budget.memory = (g * 1e9) as u64;
    }
    if let Some(s) = seconds {
        limits.budget.work = (s * snl::limits::WORK_PER_SECOND) as u64;
        // The command line takes only positive, finite seconds; a time too
        // long for a Duration stays a very long one.
        let analysis = Duration::try_from_secs_f64(1.5 * s).unwrap_or(Duration::MAX / 4);
        limits.analysis_time = analysis;
        limits.timeout = analysis.saturating_add(Duration::from_secs(5));
    }
    limits
}

/// The board the page opens with: the one given, under the rules given,
/// as a board file (a file that cannot be played is refused here, as every
/// command refuses it).
fn initial_board(args: &Args) -> Result<Option<String>> {
    if args.board.board.is_none() && args.board.preset.is_none() {
        return Ok(None);
    }
    let loaded = load_game(&args.board, &args.rules, DenseWork::Studio)?;
    let pairs = snl::input::to_pairs_json(loaded.game.board(), Some(loaded.rules()));
    let mut file: serde_json::Value =
        serde_json::from_str(&pairs).context("the board written as pairs reads back")?;
    if let (Some(name), Some(object)) = (loaded.board.name(), file.as_object_mut()) {
        object.insert("name".to_string(), name.into());
    }
    Ok(Some(file.to_string()))
}

/// The address a browser opens: a wildcard host is reached at loopback.
fn url(bound: SocketAddr) -> String {
    let ip = match bound.ip() {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!("http://{}/", SocketAddr::new(ip, bound.port()))
}

/// Opens `url` in the default browser, or says how to.
fn open(url: &str) {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let opened = Command::new(program)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match opened {
        // Reaped in the background, so that it does not linger.
        Ok(mut child) => {
            std::thread::spawn(move || child.wait());
        }
        Err(_) => note(&format!(
            "cannot start a browser ({program} is not available); open {url} yourself"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_time_and_max_memory_are_each_requests_budget() {
        let default = snl_web::StudioLimits::default();
        assert_eq!(limits((None, None)), default);
        let set = limits((Some(2.0), Some(0.5)));
        assert_eq!(set.budget.work, 2_000_000_000);
        assert_eq!(set.budget.memory, 500_000_000);
        assert_eq!(set.analysis_time, Duration::from_secs(3));
        assert_eq!(set.timeout, Duration::from_secs(8));
        assert_eq!(set.concurrent, default.concurrent);
        let memory_only = limits((None, Some(2.0)));
        assert_eq!(memory_only.budget.work, default.budget.work);
        assert_eq!(memory_only.analysis_time, default.analysis_time);
        // Beyond what a duration holds, still a limit and no panic.
        let long = limits((Some(1e300), None));
        assert!(long.timeout > Duration::from_secs(1 << 40));
    }

    #[test]
    fn urls_for_people() {
        let at = |s: &str| url(s.parse().unwrap());
        assert_eq!(at("127.0.0.1:8909"), "http://127.0.0.1:8909/");
        assert_eq!(at("0.0.0.0:80"), "http://127.0.0.1:80/");
        assert_eq!(at("[::]:8080"), "http://[::1]:8080/");
        assert_eq!(at("[::1]:8080"), "http://[::1]:8080/");
    }
}
