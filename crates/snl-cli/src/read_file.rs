//! A board file as input the library reads a piece at a time.
//!
//! A board of ten million squares is a file of about 30 MB. Read whole, it
//! needed 30 MB of fresh memory, whose page faults (and, on huge pages, the
//! kernel's zeroing of them) took as long as reading the numbers in it, and
//! twice as long on some runs. Read a piece at a time
//! ([`snl::input::parse_at`]), into a window that stays in the processor's
//! cache, it needs none: the bytes go from the page cache straight to the
//! reader.

use std::fs::File;
use std::io;

use snl::input::ReadAt;

/// A regular file and its length, read at any offset.
#[derive(Debug)]
pub struct BoardFile {
    file: File,
    len: u64,
}

impl BoardFile {
    /// `file` as input, when it is a regular file (which has a length, and
    /// can be read at any offset); a pipe or a device is given back, to be
    /// read in order.
    pub fn new(file: File) -> io::Result<Result<BoardFile, File>> {
        let meta = file.metadata()?;
        if cfg!(any(unix, windows)) && meta.is_file() {
            Ok(Ok(BoardFile {
                file,
                len: meta.len(),
            }))
        } else {
            Ok(Err(file))
        }
    }
}

impl ReadAt for BoardFile {
    fn size(&self) -> u64 {
        self.len
    }

    #[cfg(unix)]
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        std::os::unix::fs::FileExt::read_at(&self.file, buf, offset)
    }

    #[cfg(windows)]
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        std::os::windows::fs::FileExt::seek_read(&self.file, buf, offset)
    }

    #[cfg(not(any(unix, windows)))]
    fn read_at(&self, _: &mut [u8], _: u64) -> io::Result<usize> {
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_at_any_offset() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board");
        let content: Vec<u8> = (0..5000).map(|i| (i * 31 % 251) as u8).collect();
        std::fs::write(&path, &content).unwrap();
        let file = BoardFile::new(File::open(&path).unwrap()).unwrap().unwrap();
        assert_eq!(file.size(), 5000);
        let mut buf = [0u8; 100];
        assert_eq!(file.read_at(&mut buf, 4950).unwrap(), 50);
        assert_eq!(buf[..50], content[4950..]);
        assert_eq!(file.read_at(&mut buf, 5000).unwrap(), 0);
        let dir_file = File::open(dir.path()).unwrap();
        assert!(BoardFile::new(dir_file).unwrap().is_err(), "a directory");
    }
}
