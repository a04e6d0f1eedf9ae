//! `snl completions`: the shell's completion script for `snl`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap_complete::Shell;

/// Print the shell completion script for snl.
///
/// The script completes subcommands, flags, the closed choices of flags
/// (`--finish`, `--format`, ...) and file names. Release archives carry
/// every script under `complete/`; to install one by hand:
///
///   bash:        snl completions bash > ~/.local/share/bash-completion/completions/snl
///   zsh:         snl completions zsh > ~/.zfunc/_snl   (with ~/.zfunc on $fpath)
///   fish:        snl completions fish > ~/.config/fish/completions/snl.fish
///   PowerShell:  snl completions powershell >> $PROFILE
#[derive(Debug, Clone, clap::Args)]
#[command(verbatim_doc_comment, after_help = super::after_help("  \
  snl completions bash > ~/.local/share/bash-completion/completions/snl
  snl completions zsh > ~/.zfunc/_snl", super::PLAIN_EXIT_CODES))]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Runs `snl completions`.
pub fn run(args: &Args, out: &mut dyn Write) -> Result<ExitCode> {
    let mut cmd = crate::command();
    // Made whole first: the generator panics on a failed write, and
    // `snl completions bash | head` closes the pipe.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "snl", &mut script);
    out.write_all(&script)?;
    Ok(ExitCode::SUCCESS)
}
