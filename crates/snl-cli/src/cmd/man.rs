//! `snl man`: the manual pages of `snl` and of each subcommand, in roff.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap_mangen::Man;

use crate::output_file::write_output;

/// Print the manual page of snl, or of one subcommand.
///
/// The pages are made from the same text as `--help`, in roff for `man`:
/// `snl man | man -l -` reads one at once. With `--dir` every page is
/// written there instead (`snl.1`, `snl-solve.1`, ...), as release archives
/// carry them under `doc/`; put them in a directory on `MANPATH` (such as
/// `~/.local/share/man/man1`) for `man snl-solve` to find them.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = super::after_help("  \
  snl man | man -l -
  snl man solve > snl-solve.1
  snl man --dir ~/.local/share/man/man1", super::PLAIN_EXIT_CODES))]
pub struct Args {
    /// The subcommand whose page to print [default: snl's own].
    #[arg(value_name = "COMMAND", conflicts_with = "dir")]
    pub command: Option<String>,

    /// Write every page into this directory (made if missing) and list
    /// them, instead of printing one.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// The command line with its globals propagated and the subcommands
/// named `snl-solve`, ..., as their pages are.
fn built() -> clap::Command {
    let mut cmd = crate::command().disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// Every page: snl's own first, then one per subcommand (those left out of
/// `snl -h`'s list too), as `(file name, roff)`.
fn pages() -> Result<Vec<(String, Vec<u8>)>> {
    let cmd = built();
    let mut pages = Vec::new();
    for c in std::iter::once(&cmd).chain(cmd.get_subcommands()) {
        let man = Man::new(c.clone());
        let mut roff = Vec::new();
        man.render(&mut roff)?;
        pages.push((man.get_filename(), roff));
    }
    Ok(pages)
}

/// Runs `snl man`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let pages = pages()?;
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot make the directory {}", dir.display()))?;
        for (name, roff) in &pages {
            let path = dir.join(name);
            write_output(Some(&path), None, out, |w| Ok(w.write_all(roff)?))?;
            writeln!(out, "{}", path.display())?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let wanted = match &args.command {
        None => "snl.1".to_string(),
        Some(name) => format!("snl-{name}.1"),
    };
    let Some((_, roff)) = pages.iter().find(|(n, _)| *n == wanted) else {
        let names: Vec<&str> = pages[1..]
            .iter()
            .filter_map(|(n, _)| n.strip_prefix("snl-")?.strip_suffix(".1"))
            .collect();
        bail!(
            "there is no subcommand `{}`; the pages are for {}",
            args.command.as_deref().unwrap_or_default(),
            names.join(", ")
        );
    };
    out.write_all(roff)?;
    Ok(ExitCode::SUCCESS)
}
