//! Input read a piece at a time, from any place in it.

use std::io;

/// Input that can be read a piece at a time from any place in it: a file,
/// or bytes in memory. [`parse_at`](super::parse_at) reads a board from it.
pub trait ReadAt: Sync {
    /// The input's length in bytes, as known before it is read.
    fn size(&self) -> u64;

    /// Reads the bytes from `offset` on into `buf`, as many as fit or as
    /// there are: how many were read, 0 at the end of the input.
    ///
    /// # Errors
    ///
    /// The input cannot be read there.
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize>;
}

impl ReadAt for &[u8] {
    fn size(&self) -> u64 {
        self.len() as u64
    }

    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        let rest = usize::try_from(offset)
            .ok()
            .and_then(|at| self.get(at..))
            .unwrap_or_default();
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        Ok(n)
    }
}
