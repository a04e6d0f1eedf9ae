//! Fast readers for the long lists of whole numbers that large boards are
//! made of: a moves array of ten million entries, a 3000×3000 grid, a
//! hundred thousand ladder and snake pairs.
//!
//! The plain readers (`serde_json` with visitors, and the tokenizer of pairs
//! text) take each number through several layers of calls. The readers here
//! walk the bytes once, and accept only the common shape of each form: whole
//! numbers written plainly (no sign but on `-1`, no fraction, exponent or
//! leading zero, at most 18 digits), keys without escapes, and in pairs text
//! nothing but ASCII. On anything else, including every input that is wrong,
//! they give up (`None`) and the plain reader reads the input again from the
//! start. So the board read is the same either way, and every error message,
//! with its line and column, comes from the plain reader. The tests below
//! check both halves of that on random boards and on random damage to them.
//!
//! The JSON readers take their input a piece at a time ([`ReadAt`]), through
//! a window of some hundred kilobytes that stays in the processor's cache:
//! a file of 30 MB is never held whole, so the memory it would take (and
//! its page faults, which cost as much as reading the numbers) is not
//! spent. The `rules` and `name` of a board object are short: they are read
//! by `serde_json` in place, from the window. A long moves array or grid is
//! read on two threads, from its start and from a separator near the middle
//! of the input, and the two parts joined. The jumps of a moves array or a
//! grid are kept as pairs of squares ([`WrittenJumps`]), eight bytes each.

use super::grid::{Grid, GridReading};
use super::moves::MovesList;
use super::object::{BoardFile, NField, SquaresField};
use super::pairs::{Ladders, Snakes};
use super::read_at::ReadAt;
use super::rules_object::RulesField;
use crate::board::{Cells, JumpKind, Origin, RawJump, WrittenJumps};

/// The most digits a number may have here: any such number fits an `i64`.
const MAX_DIGITS: usize = 18;

/// Lists in inputs longer than this are read on two threads, each taking
/// half. The tests split short inputs too, so that both ways are checked.
const SPLIT_ABOVE: u64 = if cfg!(test) { 16 } else { 1 << 20 };

/// How much of the input is read into the window at a time. The tests read
/// a few bytes at a time, so that every item of theirs meets the end of a
/// window somewhere.
const PIECE: usize = if cfg!(test) { 5 } else { 1 << 17 };

/// An entry of a moves array or a grid.
enum Entry {
    /// `-1`: no jump.
    None,
    /// A square number (0-based in a moves array, 1-based in a grid).
    Square(u64),
}

/// A field of a board object.
#[derive(Clone, Copy)]
enum Field {
    Grid,
    N,
    Moves,
    Squares,
    Ladders,
    Snakes,
    Rules,
    Name,
}

/// A position in a JSON input, with a window of the input around it.
struct Cursor<'a> {
    src: &'a dyn ReadAt,
    /// The input's length: nothing from here on is read.
    end: u64,
    /// `buf[..filled]` holds the input's bytes from `base` on.
    buf: Vec<u8>,
    filled: usize,
    base: u64,
    /// The next byte, an index into `buf`.
    at: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at byte `at` of `src`.
    fn new(src: &'a dyn ReadAt, at: u64) -> Cursor<'a> {
        Cursor {
            src,
            end: src.size(),
            buf: Vec::new(),
            filled: 0,
            base: at,
            at: 0,
        }
    }

    /// The position of the next byte in the input.
    fn pos(&self) -> u64 {
        self.base + self.at as u64
    }

    /// Whether `need` bytes from the next one on are in the window, read
    /// in if they are not. Fewer are there only at the end of the input,
    /// or where it could not be read: then the reader gives up there, and
    /// the plain reader meets (and reports) the same failure.
    #[inline]
    fn has(&mut self, need: usize) -> bool {
        self.filled - self.at >= need || self.more(need)
    }

    #[cold]
    #[inline(never)]
    fn more(&mut self, need: usize) -> bool {
        // What was read is dropped, and the rest moved to the front.
        self.buf.copy_within(self.at..self.filled, 0);
        self.filled -= self.at;
        self.base += self.at as u64;
        self.at = 0;
        let size = need.max(PIECE);
        if self.buf.len() < size {
            self.buf.resize(size.next_power_of_two(), 0);
        }
        while self.filled < need {
            let from = self.base + self.filled as u64;
            let left = usize::try_from(self.end.saturating_sub(from)).unwrap_or(usize::MAX);
            let room = (self.buf.len() - self.filled).min(left);
            if room == 0 {
                break;
            }
            match self
                .src
                .read_at(&mut self.buf[self.filled..self.filled + room], from)
            {
                Ok(0) => break,
                Ok(n) => self.filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        self.filled >= need
    }

    #[inline]
    fn peek(&mut self) -> Option<u8> {
        self.has(1).then(|| self.buf[self.at])
    }

    /// Skips JSON whitespace.
    #[inline]
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.peek() {
            self.at += 1;
        }
    }

    /// Takes `byte` after any whitespace.
    #[inline]
    fn eat(&mut self, byte: u8) -> Option<()> {
        self.skip_space();
        (self.peek() == Some(byte)).then(|| self.at += 1)
    }

    /// Whether the input ends here but for whitespace: at its length, with
    /// nothing after it (a file that grew while it was read is read again).
    fn at_end(&mut self) -> bool {
        self.skip_space();
        let mut probe = [0u8; 1];
        self.pos() == self.end && matches!(self.src.read_at(&mut probe, self.end), Ok(0))
    }

    /// A whole number of 0 or more, written plainly.
    #[inline]
    fn number(&mut self) -> Option<u64> {
        // Up to seven digits, the squares of all but the longest boards,
        // are found and read eight bytes at a time: a loop of a digit at a
        // time ended in a branch mispredicted once a number.
        if self.has(8)
            && let Some((value, digits)) = digits8(self.eight())
        {
            let next = self.buf[self.at + digits];
            if digits > 1 && self.buf[self.at] == b'0' {
                return None;
            }
            self.at += digits;
            // A fraction or an exponent makes it another number.
            return (!matches!(next, b'.' | b'e' | b'E')).then_some(value);
        }
        self.number_by_digits()
    }

    /// The next eight bytes, which the window holds.
    #[inline]
    fn eight(&self) -> [u8; 8] {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&self.buf[self.at..self.at + 8]);
        bytes
    }

    /// The common entry of a long list: a number of one to seven digits
    /// written plainly and the comma after it, which is not at `stop`:
    /// its value and its length with the comma.
    #[inline]
    fn compact_number(&mut self, stop: Option<u64>) -> Option<(u64, usize)> {
        if !self.has(8) {
            return None;
        }
        let (value, digits) = digits8(self.eight())?;
        let plain = digits == 1 || self.buf[self.at] != b'0';
        let comma = self.buf[self.at + digits] == b',' && stop != Some(self.pos() + digits as u64);
        (plain && comma).then_some((value, digits + 1))
    }

    /// [`Cursor::number`] a digit at a time.
    fn number_by_digits(&mut self) -> Option<u64> {
        let mut value = 0u64;
        let (mut digits, mut first) = (0, 0);
        while let Some(d @ b'0'..=b'9') = self.peek() {
            if digits == 0 {
                first = d;
            }
            value = value * 10 + u64::from(d - b'0');
            self.at += 1;
            digits += 1;
            if digits > MAX_DIGITS {
                return None;
            }
        }
        let plain = digits == 1 || (digits > 1 && first != b'0');
        // A fraction or an exponent makes it another number.
        (plain && !matches!(self.peek(), Some(b'.' | b'e' | b'E'))).then_some(value)
    }

    /// A number of 0 or more, or `-1`.
    #[inline]
    fn entry(&mut self) -> Option<Entry> {
        if self.peek() == Some(b'-') {
            // `-1` and then anything but a digit, a fraction or an exponent
            // (fewer than three bytes are there only at the input's end).
            self.has(3);
            let one = match &self.buf[self.at + 1..self.filled] {
                [b'1'] => true,
                [b'1', next, ..] => !matches!(next, b'0'..=b'9' | b'.' | b'e' | b'E'),
                _ => false,
            };
            if one {
                self.at += 2;
                return Some(Entry::None);
            }
            return None;
        }
        self.number().map(Entry::Square)
    }

    /// A JSON list, `[a, b, ...]`, reading each item with `item`, which is
    /// given the item's index. Returns the number of items.
    #[inline]
    fn list(&mut self, item: impl FnMut(&mut Self, usize) -> Option<()>) -> Option<usize> {
        self.eat(b'[')?;
        self.skip_space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Some(0);
        }
        self.items(None, item)
    }

    /// A JSON list of entries ([`Cursor::entry`]), read as
    /// [`Cursor::entries`] reads them.
    #[inline]
    fn entry_list(&mut self, square: impl FnMut(usize, u64) -> Option<()>) -> Option<usize> {
        self.eat(b'[')?;
        self.skip_space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Some(0);
        }
        self.entries(None, square)
    }

    /// The items of a list from its first item on (its `[` taken): up to
    /// and including its `]`, or with `stop`, up to the `,` at byte `stop`
    /// of the input, which must follow an item of this list.
    #[inline]
    fn items(
        &mut self,
        stop: Option<u64>,
        mut item: impl FnMut(&mut Self, usize) -> Option<()>,
    ) -> Option<usize> {
        let mut index = 0;
        loop {
            self.skip_space();
            item(self, index)?;
            index += 1;
            self.skip_space();
            if Some(self.pos()) == stop {
                return Some(index);
            }
            match self.peek()? {
                b',' => self.at += 1,
                b']' if stop.is_none() => {
                    self.at += 1;
                    return Some(index);
                }
                _ => return None,
            }
        }
    }

    /// The items of a list of entries ([`Cursor::entry`]) from its first
    /// on, as [`Cursor::items`] reads them: `square(index, value)` is given
    /// each number; the count. Runs of `-1,` are passed over by
    /// [`Cursor::skip_nones`], and a short number followed by a comma is
    /// read without the steps of the general case.
    #[inline]
    fn entries(
        &mut self,
        stop: Option<u64>,
        mut square: impl FnMut(usize, u64) -> Option<()>,
    ) -> Option<usize> {
        let mut index = 0;
        loop {
            index += self.skip_nones(stop);
            if let Some((value, len)) = self.compact_number(stop) {
                square(index, value)?;
                index += 1;
                self.at += len;
                continue;
            }
            self.skip_space();
            if let Entry::Square(value) = self.entry()? {
                square(index, value)?;
            }
            index += 1;
            self.skip_space();
            if Some(self.pos()) == stop {
                return Some(index);
            }
            match self.peek()? {
                b',' => self.at += 1,
                b']' if stop.is_none() => {
                    self.at += 1;
                    return Some(index);
                }
                _ => return None,
            }
        }
    }

    /// Passes over a run of `-1,` written without spaces, the entries of
    /// no jump that make up most of a long moves array or grid, up to byte
    /// `stop` (or the end): how many. Each is an entry followed by its
    /// separator, so what follows the run must be another entry, which the
    /// caller reads as usual; a run that ends the list (`-1,]`) is then
    /// refused there, as it would have been entry by entry.
    #[inline]
    fn skip_nones(&mut self, stop: Option<u64>) -> usize {
        // Eight at a time: a block of 24 bytes is three words, each
        // compared with its part of the run; the lowest bit that differs
        // is in the first byte that does, so the run's end is found
        // without a loop of its own.
        const RUN: [u64; 3] = [
            u64::from_le_bytes(*b"-1,-1,-1"),
            u64::from_le_bytes(*b",-1,-1,-"),
            u64::from_le_bytes(*b"1,-1,-1,"),
        ];
        let word = |bytes: &[u8], k: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[8 * k..8 * k + 8]);
            u64::from_le_bytes(w) ^ RUN[k]
        };
        let mut count = 0;
        loop {
            // The window up to `stop`, which the run may not reach into.
            let room = stop.map_or(usize::MAX, |s| {
                usize::try_from(s.saturating_sub(self.pos())).unwrap_or(usize::MAX)
            });
            let end = self.filled.min(self.at.saturating_add(room));
            let window = &self.buf[self.at..end];
            let mut i = 0;
            while let Some(block) = window.get(i..i + 24) {
                let (a, b, c) = (word(block, 0), word(block, 1), word(block, 2));
                if a | b | c == 0 {
                    i += 24;
                    continue;
                }
                let ab = u128::from(a) | u128::from(b) << 64;
                let first = if ab == 0 {
                    128 + c.trailing_zeros()
                } else {
                    ab.trailing_zeros()
                };
                i += (first / 8) as usize / 3 * 3;
                break;
            }
            while i + 3 <= window.len() && window[i..i + 3] == *b"-1," {
                i += 3;
            }
            count += i / 3;
            self.at += i;
            // Stopped by the run's end, or by `stop`; or by the window's
            // end, past which the run may go on.
            if window.len() - i >= 3 || end < self.filled || room - i < 3 || !self.more(3) {
                return count;
            }
        }
    }

    /// Moves to the next `byte` at or after the cursor, and gives its
    /// position; `None` when there is none.
    fn find(&mut self, byte: u8) -> Option<u64> {
        loop {
            if let Some(i) = self.buf[self.at..self.filled]
                .iter()
                .position(|&b| b == byte)
            {
                self.at += i;
                return Some(self.pos());
            }
            self.at = self.filled;
            if !self.has(1) {
                return None;
            }
        }
    }

    /// Where to split the rest of a long list between two threads: the
    /// first separator at or after the middle of the input left, a `,`
    /// after an item, or with `rows`, a `,` after a `]`. `None` when the
    /// input left is short. The split may fall outside the list (in what
    /// follows it); then reading the second part fails and the list is
    /// read whole.
    fn split(&self, rows: bool) -> Option<u64> {
        let left = self.end.saturating_sub(self.pos());
        if left < SPLIT_ABOVE {
            return None;
        }
        let mut probe = Cursor::new(self.src, self.pos() + left / 2);
        if !rows {
            return probe.find(b',');
        }
        loop {
            probe.find(b']')?;
            probe.at += 1;
            probe.skip_space();
            if probe.peek() == Some(b',') {
                return Some(probe.pos());
            }
        }
    }

    /// Reads a list from its first item (its `[` taken and not empty) on two
    /// threads when it is long, on this one otherwise. `read(cursor, stop)`
    /// reads items as [`Cursor::items`] does, with indices counted from the
    /// cursor's start; `join(first, second)` puts the two parts together.
    fn halves<T: Send>(
        &mut self,
        rows: bool,
        read: impl Fn(&mut Cursor<'a>, Option<u64>) -> Option<T> + Sync,
        join: impl FnOnce(T, T) -> Option<T>,
    ) -> Option<T> {
        if let Some(stop) = self.split(rows) {
            let mut first = Cursor::new(self.src, self.pos());
            let mut second = Cursor::new(self.src, stop + 1);
            let (a, b) = rayon::join(|| read(&mut first, Some(stop)), || read(&mut second, None));
            if let (Some(a), Some(b)) = (a, b) {
                *self = second;
                return join(a, b);
            }
        }
        read(self, None)
    }

    /// A 0-based moves array.
    fn moves(&mut self) -> Option<MovesList> {
        self.eat(b'[')?;
        self.skip_space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Some(MovesList::new(0, WrittenJumps::default()));
        }
        // `(index, entry)` of every entry but -1, the index counted from
        // the part's start; the second part is not moved in after the
        // first, but kept apart, with the first part's length.
        let read = |c: &mut Cursor<'a>, stop| {
            let mut cells: Vec<(u32, u32)> = Vec::new();
            let len = c.entries(stop, |index, to| {
                cells.push((small(index as u64)?, small(to)?));
                Some(())
            })?;
            Some((len, [cells, Vec::new()], 0))
        };
        let (len, mut parts, shift) = self.halves(
            false,
            read,
            |(len, [first, _], _), (more, [second, _], _)| {
                // Every square of the list must fit.
                small((len + more) as u64)?;
                Some((len + more, [first, second], len as u32))
            },
        )?;
        // Entry i is square i + 1, and its destination 0-based; an entry
        // naming its own square is no jump.
        for (cells, shift) in parts.iter_mut().zip([0, shift]) {
            cells.retain_mut(|(index, to)| {
                let own = *index + shift == *to;
                (*index, *to) = (*index + shift + 1, *to + 1);
                !own
            });
        }
        Some(MovesList::new(
            len,
            WrittenJumps::of_cells(Cells::Moves, parts),
        ))
    }

    /// A LeetCode grid.
    fn grid(&mut self) -> Option<Grid> {
        self.eat(b'[')?;
        self.skip_space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Some(Grid::empty());
        }
        let read = |c: &mut Cursor<'a>, stop| {
            let mut part = GridPart::default();
            c.items(stop, |c, row| {
                // The cells are numbered `row * width + col` from the part's
                // start; the width is the first row's, which every row must
                // have (a grid that is not square is left to the plain
                // reader, which says where).
                let first = row as u64 * part.width.unwrap_or(0) as u64;
                let len = c.entry_list(|col, to| {
                    // The grid numbers squares from 1.
                    if to == 0 {
                        return None;
                    }
                    part.cells[0].push((small(first + col as u64)?, small(to)?));
                    Some(())
                })?;
                match part.width {
                    None => part.width = Some(len),
                    Some(width) if width != len => return None,
                    Some(_) => {}
                }
                part.rows += 1;
                Some(())
            })?;
            Some(part)
        };
        let part = self.halves(true, read, GridPart::join)?;
        let side = part.width?;
        if side != part.rows || small((side as u64).pow(2)).is_none() {
            return None;
        }
        let k = side as u64;
        let mut parts = part.cells;
        // Cell i is the square at row i / side, column i % side; one that
        // names its own square is no jump.
        for (cells, shift) in parts.iter_mut().zip([0, part.shift]) {
            cells.retain_mut(|(cell, to)| {
                let at = u64::from(*cell) + shift;
                *cell = GridReading::Winding.square_of(k, at / k, at % k) as u32;
                *cell != *to
            });
        }
        Some(Grid::Squares {
            side: side as u32,
            pairs: parts,
        })
    }

    /// A list of `[from, to]` pairs declared as `kind`.
    fn pairs(&mut self, kind: JumpKind) -> Option<Vec<RawJump>> {
        let mut jumps = Vec::new();
        self.list(|c, index| {
            c.eat(b'[')?;
            c.skip_space();
            let from = c.number()?;
            c.eat(b',')?;
            c.skip_space();
            let to = c.number()?;
            c.eat(b']')?;
            jumps.push(RawJump {
                from,
                to,
                declared: Some(kind),
                origin: match kind {
                    JumpKind::Ladder => Origin::Ladder { index },
                    JumpKind::Snake => Origin::Snake { index },
                },
            });
            Some(())
        })?;
        Some(jumps)
    }

    /// A key of an object, which must name a field of a board object:
    /// a string with no escapes.
    fn key(&mut self) -> Option<Field> {
        const FIELDS: [(&[u8], Field); 8] = [
            (b"grid", Field::Grid),
            (b"n", Field::N),
            (b"moves", Field::Moves),
            (b"squares", Field::Squares),
            (b"ladders", Field::Ladders),
            (b"snakes", Field::Snakes),
            (b"rules", Field::Rules),
            (b"name", Field::Name),
        ];
        self.eat(b'"')?;
        let mut key = [0u8; 8];
        let mut len = 0;
        loop {
            match self.peek()? {
                b'"' => break,
                b'\\' | 0..=0x1F => return None,
                b => {
                    *key.get_mut(len)? = b;
                    len += 1;
                    self.at += 1;
                }
            }
        }
        self.at += 1;
        FIELDS
            .iter()
            .find(|(name, _)| *name == &key[..len])
            .map(|&(_, field)| field)
    }

    /// One value read by `serde_json`, in place: from a window that holds
    /// all of it and what follows it, or the rest of the input.
    fn serde<T: serde::de::DeserializeOwned>(&mut self) -> Option<T> {
        let mut need = 64;
        loop {
            let whole = !self.has(need);
            let window = &self.buf[self.at..self.filled];
            let mut values = serde_json::Deserializer::from_slice(window).into_iter::<T>();
            match values.next() {
                Some(Ok(value)) => {
                    let used = values.byte_offset();
                    // A value that reaches the window's end may go on.
                    if used < window.len() || whole {
                        std::str::from_utf8(&window[..used]).ok()?;
                        self.at += used;
                        return Some(value);
                    }
                }
                Some(Err(e)) if e.is_eof() && !whole => {}
                _ => return None,
            }
            need = window.len() * 2 + 1;
        }
    }

    /// A board object.
    fn object(&mut self) -> Option<BoardFile> {
        let mut file = BoardFile::default();
        self.eat(b'{')?;
        self.skip_space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Some(file);
        }
        loop {
            let key = self.key()?;
            self.eat(b':')?;
            self.skip_space();
            // A field given twice is an error the plain reader reports.
            match key {
                Field::Grid if file.grid.is_none() => file.grid = Some(self.grid()?),
                Field::N if file.n.is_none() => file.n = Some(NField(self.number()?)),
                Field::Moves if file.moves.is_none() => file.moves = Some(self.moves()?),
                Field::Squares if file.squares.is_none() => {
                    file.squares = Some(SquaresField(self.number()?));
                }
                Field::Ladders if file.ladders.is_none() => {
                    file.ladders = Some(Ladders(self.pairs(JumpKind::Ladder)?));
                }
                Field::Snakes if file.snakes.is_none() => {
                    file.snakes = Some(Snakes(self.pairs(JumpKind::Snake)?));
                }
                Field::Rules if file.rules.is_none() => {
                    file.rules = Some(self.serde::<RulesField>()?);
                }
                Field::Name if file.name.is_none() => file.name = Some(self.serde::<String>()?),
                _ => return None,
            }
            self.skip_space();
            match self.peek()? {
                b',' => self.at += 1,
                b'}' => {
                    self.at += 1;
                    return Some(file);
                }
                _ => return None,
            }
        }
    }
}

/// `value` as a square of the compact lists, with room for one more: the
/// plain reader takes the boards with larger numbers.
#[inline]
fn small(value: u64) -> Option<u32> {
    u32::try_from(value).ok().filter(|&v| v < u32::MAX)
}

/// The digits at the start of `bytes`, when there are one to seven: their
/// value and how many. Eight bytes at a time: a byte is a digit when its
/// high half is 3 and stays 3 with 6 added (a carry comes only from a byte
/// above 0xF9, which is no digit, into the byte after it); the digits'
/// values, most significant first in the word and led by zeros, are
/// combined in pairs, fours and eights.
#[inline]
fn digits8(bytes: [u8; 8]) -> Option<(u64, usize)> {
    let w = u64::from_le_bytes(bytes);
    let high = 0xF0F0_F0F0_F0F0_F0F0;
    let threes = 0x3030_3030_3030_3030;
    let other = ((w & high) ^ threes) | ((w.wrapping_add(0x0606_0606_0606_0606) & high) ^ threes);
    let digits = (other.trailing_zeros() / 8) as usize;
    if digits == 0 || digits == 8 {
        return None;
    }
    let v = ((w ^ threes) & ((1 << (8 * digits)) - 1)) << (8 * (8 - digits));
    let v = v.wrapping_mul(10).wrapping_add(v >> 8);
    let mask = 0x0000_00FF_0000_00FF;
    let v = ((v & mask).wrapping_mul(100 + (1_000_000 << 32)))
        .wrapping_add(((v >> 16) & mask).wrapping_mul(1 + (10_000 << 32)))
        >> 32;
    Some((v, digits))
}

/// The part of a grid one thread read, or both parts joined.
#[derive(Default)]
struct GridPart {
    rows: usize,
    /// The length of every row, once one is read.
    width: Option<usize>,
    /// `(row * width + col, value)` of every cell but -1, rows counted from
    /// the part's start: the second part is kept apart, not moved in after
    /// the first.
    cells: [Vec<(u32, u32)>; 2],
    /// The cells before the second part.
    shift: u64,
}

impl GridPart {
    /// The second part after the first; `None` when their rows differ.
    fn join(self, rest: GridPart) -> Option<GridPart> {
        if rest.width != self.width {
            return None;
        }
        let width = self.width.unwrap_or(0) as u64;
        let [first, _] = self.cells;
        let [second, _] = rest.cells;
        let rows = self.rows + rest.rows;
        // Every cell must fit.
        small(rows as u64 * width)?;
        Some(GridPart {
            rows,
            width: self.width,
            cells: [first, second],
            shift: self.rows as u64 * width,
        })
    }
}

/// A bare moves array from byte `at` of `src`, or `None` to leave it to
/// the plain reader.
pub(super) fn moves_array(src: &dyn ReadAt, at: u64) -> Option<MovesList> {
    let mut c = Cursor::new(src, at);
    let moves = c.moves()?;
    c.at_end().then_some(moves)
}

/// A bare LeetCode grid from byte `at` of `src`, or `None` to leave it to
/// the plain reader.
pub(super) fn grid_array(src: &dyn ReadAt, at: u64) -> Option<Grid> {
    let mut c = Cursor::new(src, at);
    let grid = c.grid()?;
    c.at_end().then_some(grid)
}

/// A board object from byte `at` of `src`, or `None` to leave it to the
/// plain reader.
pub(super) fn object(src: &dyn ReadAt, at: u64) -> Option<BoardFile> {
    let mut c = Cursor::new(src, at);
    let file = c.object()?;
    c.at_end().then_some(file)
}

/// The jumps of pairs text, or `None` to leave it to the plain reader.
pub(super) fn pairs_text(text: &str) -> Option<Vec<RawJump>> {
    pairs_text_at(&text.as_bytes(), 0)
}

/// The jumps of pairs text from byte `at` of `src` (where its first line
/// starts), or `None` to leave it to the plain reader.
pub(super) fn pairs_text_at(src: &dyn ReadAt, at: u64) -> Option<Vec<RawJump>> {
    let mut words = Words {
        c: Cursor::new(src, at),
        line: 1,
        line_start: at,
    };
    let mut jumps = Vec::new();
    for kind in [JumpKind::Ladder, JumpKind::Snake] {
        let (count, ..) = words.next()?;
        for number in 1..=count as usize {
            let (from, line, column) = words.next()?;
            let (to, ..) = words.next()?;
            jumps.push(RawJump {
                from,
                to,
                declared: Some(kind),
                origin: Origin::Text {
                    line,
                    column,
                    kind,
                    number,
                },
            });
        }
    }
    words.skip_space()?;
    words.c.at_end().then_some(jumps)
}

/// The numbers of ASCII pairs text, with where each starts.
struct Words<'a> {
    c: Cursor<'a>,
    line: usize,
    /// Where the line starts in the input.
    line_start: u64,
}

impl Words<'_> {
    /// Skips whitespace (as `char::is_whitespace` has it in ASCII); `None`
    /// at a byte outside ASCII.
    #[inline]
    fn skip_space(&mut self) -> Option<()> {
        while let Some(b) = self.c.peek() {
            match b {
                b'\n' => {
                    self.c.at += 1;
                    self.line += 1;
                    self.line_start = self.c.pos();
                }
                b'\t' | b'\x0B' | b'\x0C' | b'\r' | b' ' => self.c.at += 1,
                0x80.. => return None,
                _ => break,
            }
        }
        Some(())
    }

    /// The next word, which must be a number: its value, line and column.
    #[inline]
    fn next(&mut self) -> Option<(u64, usize, usize)> {
        self.skip_space()?;
        let start = self.c.pos();
        let mut value = 0u64;
        let mut digits = 0;
        while let Some(d @ b'0'..=b'9') = self.c.peek() {
            value = value * 10 + u64::from(d - b'0');
            self.c.at += 1;
            digits += 1;
            if digits > MAX_DIGITS {
                return None;
            }
        }
        let ends = match self.c.peek() {
            None => true,
            Some(b) => matches!(b, b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r' | b' '),
        };
        let column = usize::try_from(start - self.line_start).ok()? + 1;
        (digits > 0 && ends).then_some((value, self.line, column))
    }
}

#[cfg(test)]
mod tests;
