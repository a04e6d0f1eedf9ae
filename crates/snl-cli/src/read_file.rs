//! Reading a board file whole, a large one on two threads.
//!
//! A board of ten million squares is a file of about 30 MB. Copying it out of
//! the page cache, and the page faults of the memory it is copied into, took
//! about as long as reading the numbers in it; two threads, each reading
//! half of the file into its half of the buffer, take half the time.

#[cfg(unix)]
use std::fs::File;
use std::io;
use std::path::Path;

/// Files at least this long are read in two halves at once.
#[cfg_attr(not(unix), allow(dead_code))]
const SPLIT_ABOVE: u64 = 4 << 20;

/// The whole content of the file at `path`, as [`std::fs::read`] gives it.
pub fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    #[cfg(unix)]
    {
        let file = File::open(path)?;
        let meta = file.metadata()?;
        // Pipes and devices have no length to split: read them in order.
        if meta.is_file()
            && meta.len() >= SPLIT_ABOVE
            && let Some(bytes) = read_halves(&file, meta.len())?
        {
            return Ok(bytes);
        }
    }
    std::fs::read(path)
}

/// The file's `len` bytes read in two halves on two threads; `None` when the
/// file turned out to be shorter or longer (it changed while being read), to
/// read it again in order.
#[cfg(unix)]
fn read_halves(file: &File, len: u64) -> io::Result<Option<Vec<u8>>> {
    use std::os::unix::fs::FileExt;

    let Ok(size) = usize::try_from(len) else {
        return Ok(None);
    };
    let mut bytes = vec![0u8; size];
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
            assert_eq!(read_file(&path).unwrap(), content, "{len} bytes");
        }
        let missing = read_file(&dir.path().join("missing")).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
    }
}
