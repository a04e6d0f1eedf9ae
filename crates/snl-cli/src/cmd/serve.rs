//! `snl serve`: snl studio, the board designer in the browser. The server
//! is the `snl-web` crate; this is the glue that reads the arguments.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::process::{Command, ExitCode, Stdio};

use anyhow::{Context, Result};

use crate::board_arg::{BoardArgs, RulesArgs, load_game};
use crate::output::note;

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
    let config = snl_web::Config {
        initial,
        ..snl_web::Config::default()
    };
    snl_web::run(listener, config).context("the studio's server stopped")?;
    Ok(ExitCode::SUCCESS)
}

/// The board the page opens with: the one given, under the rules given,
/// as a board file (a file that cannot be played is refused here, as every
/// command refuses it).
fn initial_board(args: &Args) -> Result<Option<String>> {
    if args.board.board.is_none() && args.board.preset.is_none() {
        return Ok(None);
    }
    let loaded = load_game(&args.board, &args.rules)?;
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
    fn urls_for_people() {
        let at = |s: &str| url(s.parse().unwrap());
        assert_eq!(at("127.0.0.1:8909"), "http://127.0.0.1:8909/");
        assert_eq!(at("0.0.0.0:80"), "http://127.0.0.1:80/");
        assert_eq!(at("[::]:8080"), "http://[::1]:8080/");
        assert_eq!(at("[::1]:8080"), "http://[::1]:8080/");
    }
}
