//! Reading a board file whole, a large one on two threads.
//!
//! A board of ten million squares is a file of about 30 MB. Copying it out of
//! the page cache, and the page faults of the memory it is copied into, took
//! about as long as reading the numbers in it. Two threads each read half
//! of the file into its half of the buffer, and the buffer of a large file
//! is memory of its own that the kernel is asked to back with huge pages
//! (2 MB instead of 4 kB on x86-64), so that its pages are zeroed and mapped
//! some fifteen at a time rather than eight thousand one by one. Where huge
//! pages are not to be had, the same memory is used with small ones.

#[cfg(unix)]
use std::fs::File;
use std::io;
use std::ops::Deref;
use std::path::Path;

/// Files at least this long are read in two halves at once.
#[cfg_attr(not(unix), allow(dead_code))]
const SPLIT_ABOVE: u64 = 4 << 20;

/// The bytes of a file, in a vector or in memory mapped for it alone.
pub enum Bytes {
    /// Read into a vector.
    Heap(Vec<u8>),
    /// Read into anonymous memory (no file is mapped: the file's content is
    /// copied in, so a file changed later changes nothing here).
    #[cfg_attr(not(unix), allow(dead_code))]
    Mapped(memmap2::MmapMut),
}

impl Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Heap(v) => v,
            Bytes::Mapped(m) => m,
        }
    }
}

/// The whole content of the file at `path`, as [`std::fs::read`] gives it.
pub fn read_file(path: &Path) -> io::Result<Bytes> {
    #[cfg(unix)]
    {
        let file = File::open(path)?;
        let meta = file.metadata()?;
        // Pipes and devices have no length to split: read them in order.
        if meta.is_file()
            && meta.len() >= SPLIT_ABOVE
            && let Some(bytes) = read_halves(&file, meta.len())?
        {
            return Ok(Bytes::Mapped(bytes));
        }
    }
    std::fs::read(path).map(Bytes::Heap)
}

/// The file's `len` bytes read in two halves on two threads; `None` when the
/// file turned out to be shorter or longer (it changed while being read), to
/// read it again in order.
#[cfg(unix)]
fn read_halves(file: &File, len: u64) -> io::Result<Option<memmap2::MmapMut>> {
    use std::os::unix::fs::FileExt;

    let Ok(size) = usize::try_from(len) else {
        return Ok(None);
    };
    let mut bytes = memmap2::MmapMut::map_anon(size)?;
    // Only a wish: without huge pages the memory works the same.
    let _ = bytes.advise(memmap2::Advice::HugePage);
    let half = size / 2;
    let (first, second) = bytes.split_at_mut(half);
    let (a, b) = std::thread::scope(|s| {
        let other = s.spawn(|| file.read_exact_at(second, half as u64));
        let a = file.read_exact_at(first, 0);
        (a, other.join())
    });
    let b = b.map_err(|_| io::Error::other("the thread reading the file's second half failed"))?;
    for result in [a, b] {
        match result {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => return Err(e),
        }
    }
    // A file that grew while it was read has more to give.
    let mut probe = [0u8; 1];
    if file.read_at(&mut probe, len)? != 0 {
        return Ok(None);
    }
    Ok(Some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_std_reads() {
        let dir = tempfile::tempdir().unwrap();
        for len in [0, 1, 1000, SPLIT_ABOVE as usize, SPLIT_ABOVE as usize + 7] {
            let path = dir.path().join(format!("board-{len}"));
            let content: Vec<u8> = (0..len).map(|i| (i * 31 % 251) as u8).collect();
            std::fs::write(&path, &content).unwrap();
            assert_eq!(*read_file(&path).unwrap(), content[..], "{len} bytes");
        }
        let Err(missing) = read_file(&dir.path().join("missing")) else {
            panic!("a missing file was read");
        };
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
    }
}
