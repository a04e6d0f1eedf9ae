//! Output files for pictures and reports: written beside their final name,
//! then renamed into place, so an interrupted run leaves either the old file
//! or the new one, never half of one.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

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
/// file is open only for as long as its bytes take to write.
pub fn write_picture(svg: String, path: Option<&PathBuf>, stdout: &mut dyn Write) -> Result<()> {
    let bytes = match path.map_or(Kind::Svg, |p| Kind::of(p)) {
        Kind::Svg => svg.into_bytes(),
        Kind::Png => {
            let mut png = Vec::new();
            snl_draw::png::write_png(&svg, &mut png)?;
            png
        }
    };
    write_output(path, stdout, |w| Ok(w.write_all(&bytes)?))
}

/// Writes the bytes `write` produces to `path` atomically, or to `stdout`
/// when `path` is `None` or `-`.
pub fn write_output(
    path: Option<&PathBuf>,
    stdout: &mut dyn Write,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
        return write(stdout);
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".snl-").suffix(".part");
    // A temporary file is private by default; the result is an ordinary
    // file, readable as the umask allows.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder
        .tempfile_in(dir)
        .with_context(|| format!("cannot write in {}", dir.display()))?;
    {
        let mut buffered = io::BufWriter::new(tmp.as_file_mut());
        write(&mut buffered).with_context(|| format!("writing {}", path.display()))?;
        buffered
            .flush()
            .with_context(|| format!("writing {}", path.display()))?;
    }
    tmp.as_file()
        .sync_all()
        .with_context(|| format!("writing {}", path.display()))?;
    tmp.persist(path)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot write {}", path.display()))?;
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
        let err = write_output(Some(&path), &mut io::sink(), |w| {
            w.write_all(b"<svg")?;
            anyhow::bail!("interrupted")
        })
        .unwrap_err();
        assert!(format!("{err:#}").contains("interrupted"));
        assert!(!path.exists());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        write_output(
            Some(&path),
            &mut io::sink(),
            |w| Ok(w.write_all(b"<svg/>")?),
        )
        .unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "<svg/>");
    }
}
