//! Output files for pictures and reports.
//!
//! A regular file is written beside its final name, then renamed into place,
//! so an interrupted run leaves either the old file or the new one, never
//! half of one; an existing file keeps its permissions. A symbolic link is
//! written through: the file it points to is replaced and the link stays. A
//! FIFO, a terminal or a device (`/dev/null`, `/dev/full`) is not a file to
//! replace: the output is written into it. The board file the answer is
//! about is never overwritten. Every message names the file as the user
//! wrote it, never the temporary one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::control;

/// What kind of file a picture is written as, from its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Scalable vector graphics (the default).
    Svg,
    /// A PNG image.
    Png,
}

impl Kind {
    /// PNG for names ending in `.png` (any case), SVG for everything else.
    pub fn of(path: &Path) -> Kind {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("png") => Kind::Png,
            _ => Kind::Svg,
        }
    }
}

/// Writes an SVG picture to `path` (as PNG when the name ends in `.png`),
/// or to `stdout` as SVG. The PNG is drawn before the file is opened, so the
/// file is open only for as long as its bytes take to write. `input` is the
/// board file read, which the picture may not replace.
pub fn write_picture(
    svg: String,
    path: Option<&PathBuf>,
    input: Option<&Path>,
    stdout: &mut dyn Write,
) -> Result<()> {
    write_picture_as(
        path.map_or(Kind::Svg, |p| Kind::of(p)),
        svg,
        path,
        input,
        stdout,
    )
}

/// Writes an SVG picture as `kind` to `path`, or to `stdout`, as
/// [`write_picture`] does: a PNG asked for by name or by option.
pub fn write_picture_as(
    kind: Kind,
    svg: String,
    path: Option<&PathBuf>,
    input: Option<&Path>,
    stdout: &mut dyn Write,
) -> Result<()> {
    let bytes = match kind {
        Kind::Svg => svg.into_bytes(),
        Kind::Png => {
            let mut png = Vec::new();
            snl_draw::png::write_png(&svg, &mut png)?;
            png
        }
    };
    write_output(path, input, stdout, |w| Ok(w.write_all(&bytes)?))
}

/// Where the output really goes.
enum Target {
    /// A regular file (or none yet) at this path, after following links.
    File(PathBuf),
    /// Something to write into as it is: a FIFO, a terminal, a device.
    Special,
}

/// Follows symbolic links from `path` to the name the output finally
/// takes: the file a chain of links ends on, existing or not.
fn resolve(path: &Path) -> Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&at)
                    .with_context(|| format!("cannot read the link {}", path.display()))?;
                at = match at.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(at),
        }
    }
    bail!(
        "{} is a chain of more than 40 symbolic links; give a file name",
        path.display()
    )
}

fn target(path: &Path) -> Result<Target> {
    if path.as_os_str().to_string_lossy().ends_with('/') {
        bail!("{} is a directory; give a file name", path.display());
    }
    let real = resolve(path)?;
    match fs::metadata(&real) {
        Ok(meta) if meta.is_dir() => {
            bail!("{} is a directory; give a file name", path.display())
        }
        Ok(meta) if !meta.is_file() => Ok(Target::Special),
        _ => Ok(Target::File(real)),
    }
}

/// Whether `a` and `b` name one existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// An I/O error without the temporary file's name, which some errors carry
/// in their message: its kind and the system's words for it.
fn plain(err: &io::Error) -> io::Error {
    match err.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::from(err.kind()),
    }
}

/// Writes the bytes `write` produces to `path`, or to `stdout` when `path`
/// is `None` or `-` (see the module's notes for links, special files and
/// the input board).
pub fn write_output(
    path: Option<&PathBuf>,
    input: Option<&Path>,
    stdout: &mut dyn Write,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    // The Ctrl-C handler, for commands that have not asked for the
    // control yet: a Ctrl-C while the file is written removes it.
    control::get();
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        control::check_interrupted()?;
        return write(stdout);
    };
    if let Some(input) = input
        && same_file(path, input)
    {
        bail!(
            "{} is the board file being read; write the output to another file",
            path.display()
        );
    }
    let real = match target(path)? {
        Target::Special => return write_special(path, write),
        Target::File(real) => real,
    };
    let dir = match real.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".snl-").suffix(".part");
    // A temporary file is private by default; the result is an ordinary
    // file, readable as the umask allows, or as the file it replaces was.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&real).map_or(0o666, |m| m.permissions().mode() & 0o7777);
        builder.permissions(fs::Permissions::from_mode(mode));
    }
    let cannot = |e: &io::Error| {
        anyhow::Error::new(plain(e)).context(format!("cannot write {}", path.display()))
    };
    let mut tmp = builder.tempfile_in(&dir).map_err(|e| cannot(&e))?;
    control::writing(Some(tmp.path().to_path_buf()));
    let written = (|| -> Result<()> {
        {
            let mut buffered = io::BufWriter::new(tmp.as_file_mut());
            write(&mut buffered).with_context(|| format!("writing {}", path.display()))?;
            buffered.flush().map_err(|e| cannot(&e))?;
        }
        tmp.as_file().sync_all().map_err(|e| cannot(&e))?;
        // Stopped while writing: the old file stays as it was.
        control::check_interrupted()?;
        Ok(())
    })();
    let result = written.and_then(|()| tmp.persist(&real).map(drop).map_err(|e| cannot(&e.error)));
    control::writing(None);
    result
}

/// Writes into a FIFO, a terminal or a device as it is.
fn write_special(path: &Path, write: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    control::check_interrupted()?;
    let file: File = OpenOptions::new()
        .write(true)
        .open(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    let mut buffered = io::BufWriter::new(file);
    write(&mut buffered).with_context(|| format!("writing {}", path.display()))?;
    buffered
        .flush()
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_from_the_name() {
        assert_eq!(Kind::of(Path::new("a/board.PNG")), Kind::Png);
        assert_eq!(Kind::of(Path::new("board.svg")), Kind::Svg);
        assert_eq!(Kind::of(Path::new("board")), Kind::Svg);
    }

    #[test]
    fn a_failed_write_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.svg");
        let err = write_output(Some(&path), None, &mut io::sink(), |w| {
            w.write_all(b"<svg")?;
            anyhow::bail!("interrupted")
        })
        .unwrap_err();
        assert!(format!("{err:#}").contains("interrupted"));
        assert!(!path.exists());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        write_output(Some(&path), None, &mut io::sink(), |w| {
            Ok(w.write_all(b"<svg/>")?)
        })
        .unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "<svg/>");
    }

    #[cfg(unix)]
    #[test]
    fn links_are_written_through_and_modes_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.svg");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.path().join("link.svg");
        std::os::unix::fs::symlink("real.svg", &link).unwrap();
        write_output(Some(&link), None, &mut io::sink(), |w| {
            Ok(w.write_all(b"new")?)
        })
        .unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        // The board being read is not replaced, through a link either.
        let err = write_output(Some(&link), Some(&real), &mut io::sink(), |w| {
            Ok(w.write_all(b"x")?)
        })
        .unwrap_err();
        assert!(
            err.to_string().contains("is the board file being read"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    }
}
