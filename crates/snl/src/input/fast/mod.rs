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
//! The `rules` and `name` of a board object are short: they are read by
//! `serde_json` in place, from where the fast reader found them. A long
//! moves array or grid is read on two threads, from its start and from a
//! separator near the middle of the text, and the two parts joined.

use rayon::prelude::*;

use super::grid::GridCells;
use super::moves::MovesList;
use super::object::{BoardFile, NField, SquaresField};
use super::pairs::{Ladders, Snakes};
use super::rules_object::RulesField;
use crate::board::{JumpKind, Origin, RawJump};

/// The most digits a number may have here: any such number fits an `i64`.
const MAX_DIGITS: usize = 18;

/// Lists in inputs longer than this are read on two threads, each taking
/// half. The tests split short inputs too, so that both ways are checked.
const SPLIT_ABOVE: usize = if cfg!(test) { 16 } else { 1 << 20 };

/// An entry of a moves array or a grid.
enum Entry {
    /// `-1`: no jump.
    None,
    /// A square number (0-based in a moves array, 1-based in a grid).
    Square(u64),
}

/// A position in a JSON text.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            bytes: text.as_bytes(),
            at: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
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

    /// Whether the text ends here but for whitespace.
    fn at_end(&mut self) -> bool {
        self.skip_space();
        self.at == self.bytes.len()
    }

    /// A whole number of 0 or more, written plainly.
    #[inline]
    fn number(&mut self) -> Option<u64> {
        let start = self.at;
        let mut value = 0u64;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            value = value * 10 + u64::from(d - b'0');
            self.at += 1;
            if self.at - start > MAX_DIGITS {
                return None;
            }
        }
        let digits = self.at - start;
        let plain = digits == 1 || (digits > 1 && self.bytes[start] != b'0');
        // A fraction or an exponent makes it another number.
        (plain && !matches!(self.peek(), Some(b'.' | b'e' | b'E'))).then_some(value)
    }

    /// A number of 0 or more, or `-1`.
    #[inline]
    fn entry(&mut self) -> Option<Entry> {
        if self.peek() == Some(b'-') {
            // `-1` and then anything but a digit, a fraction or an exponent.
            let one = match self.bytes.get(self.at + 1..) {
                Some([b'1']) => true,
                Some([b'1', next, ..]) => !matches!(next, b'0'..=b'9' | b'.' | b'e' | b'E'),
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
    /// given the item's index. Returns the number of items. With `nones`,
    /// see [`Cursor::items`].
    #[inline]
    fn list(
        &mut self,
        nones: bool,
        item: impl FnMut(&mut Self, usize) -> Option<()>,
    ) -> Option<usize> {
        self.eat(b'[')?;
        self.skip_space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Some(0);
        }
        self.items(None, nones, item)
    }

    /// The items of a list from its first item on (its `[` taken): up to
    /// and including its `]`, or with `stop`, up to the `,` at byte `stop`,
    /// which must follow an item of this list. With `nones`, the list is
    /// one of entries ([`Cursor::entry`]), for which `item` does nothing
    /// with a `-1` but count it: runs of `-1,` are passed over by
    /// [`Cursor::skip_nones`] without calling it.
    #[inline]
    fn items(
        &mut self,
        stop: Option<usize>,
        nones: bool,
        mut item: impl FnMut(&mut Self, usize) -> Option<()>,
    ) -> Option<usize> {
        let mut index = 0;
        loop {
            if nones {
                index += self.skip_nones(stop);
            }
            self.skip_space();
            item(self, index)?;
            index += 1;
            self.skip_space();
            if Some(self.at) == stop {
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
    fn skip_nones(&mut self, stop: Option<usize>) -> usize {
        const FOUR: &[u8; 12] = b"-1,-1,-1,-1,";
        let end = stop.unwrap_or(self.bytes.len());
        let mut count = 0;
        while self.at + FOUR.len() <= end && self.bytes[self.at..self.at + FOUR.len()] == *FOUR {
            self.at += FOUR.len();
            count += 4;
        }
        while self.at + 3 <= end && self.bytes[self.at..self.at + 3] == *b"-1," {
            self.at += 3;
            count += 1;
        }
        count
    }

    /// Where to split the rest of a long list between two threads: the
    /// first separator at or after the middle of the text left, a `,` after
    /// an item, or with `rows`, a `,` after a `]`. `None` when the text left
    /// is short. The split may fall outside the list (in what follows it);
    /// then reading the second part fails and the list is read whole.
    fn split(&self, rows: bool) -> Option<usize> {
        let left = self.bytes.len() - self.at;
        if left < SPLIT_ABOVE {
            return None;
        }
        let mut at = self.at + left / 2;
        let find = |from: usize, byte: u8| {
            self.bytes[from..]
                .iter()
                .position(|&b| b == byte)
                .map(|i| from + i)
        };
        if !rows {
            return find(at, b',');
        }
        loop {
            let close = find(at, b']')?;
            let mut next = close + 1;
            while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.bytes.get(next) {
                next += 1;
            }
            if self.bytes.get(next) == Some(&b',') {
                return Some(next);
            }
            at = close + 1;
        }
    }

    /// Reads a list from its first item (its `[` taken and not empty) on two
    /// threads when it is long, on this one otherwise. `read(cursor, stop)`
    /// reads items as [`Cursor::items`] does, with indices counted from the
    /// cursor's start; `join(first, second)` puts the two parts together.
    fn halves<T: Send>(
        &mut self,
        rows: bool,
        read: impl Fn(&mut Cursor<'a>, Option<usize>) -> Option<T> + Sync,
        join: impl FnOnce(T, T) -> T,
    ) -> Option<T> {
        if let Some(stop) = self.split(rows) {
            let (mut first, mut second) = (self.at_byte(self.at), self.at_byte(stop + 1));
            let (a, b) = rayon::join(|| read(&mut first, Some(stop)), || read(&mut second, None));
            if let (Some(a), Some(b)) = (a, b) {
                self.at = second.at;
                return Some(join(a, b));
            }
        }
        read(self, None)
    }

    /// A cursor over the same text at byte `at`.
    fn at_byte(&self, at: usize) -> Cursor<'a> {
        Cursor {
            bytes: self.bytes,
            at,
        }
    }

    /// A 0-based moves array.
    fn moves(&mut self) -> Option<MovesList> {
        self.eat(b'[')?;
        self.skip_space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Some(MovesList::new(0, Vec::new()));
        }
        // Every entry but -1, numbered from the part's start; the numbers
        // and the entries naming their own square are settled on joining.
        let read = |c: &mut Cursor<'a>, stop| {
            let mut jumps = Vec::new();
            let len = c.items(stop, true, |c, index| {
                if let Entry::Square(to) = c.entry()? {
                    jumps.push(RawJump {
                        from: index as u64 + 1,
                        to: to + 1,
                        declared: None,
                        origin: Origin::Moves { index },
                    });
                }
                Some(())
            })?;
            Some((len, jumps))
        };
        // The second part is moved in by both threads: the fresh memory it
        // takes is most of the cost of the join.
        let (len, mut jumps) = self.halves(false, read, |(len, mut jumps), (more, rest)| {
            jumps.reserve_exact(rest.len());
            jumps.par_extend(rest.into_par_iter().map(|mut j| {
                j.from += len as u64;
                j.origin = Origin::Moves {
                    index: j.from as usize - 1,
                };
                j
            }));
            (len + more, jumps)
        })?;
        // An entry naming its own square is no jump.
        jumps.retain(|j| j.to != j.from);
        Some(MovesList::new(len, jumps))
    }

    /// A LeetCode grid.
    fn grid(&mut self) -> Option<GridCells> {
        self.eat(b'[')?;
        self.skip_space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Some(GridCells::new(Vec::new(), Vec::new()));
        }
        // Rows numbered from the part's start, renumbered on joining.
        let read = |c: &mut Cursor<'a>, stop| {
            let mut row_lens = Vec::new();
            let mut cells = Vec::new();
            c.items(stop, false, |c, row| {
                let len = c.list(true, |c, col| {
                    if let Entry::Square(value) = c.entry()? {
                        cells.push((row, col, value as i64));
                    }
                    Some(())
                })?;
                row_lens.push(len);
                Some(())
            })?;
            Some((row_lens, cells))
        };
        let (row_lens, cells) =
            self.halves(true, read, |(mut lens, mut cells), (more_lens, more)| {
                let rows = lens.len();
                cells.reserve_exact(more.len());
                cells.par_extend(more.into_par_iter().map(|(r, c, v)| (r + rows, c, v)));
                lens.extend(more_lens);
                (lens, cells)
            })?;
        Some(GridCells::new(row_lens, cells))
    }

    /// A list of `[from, to]` pairs declared as `kind`.
    fn pairs(&mut self, kind: JumpKind) -> Option<Vec<RawJump>> {
        let mut jumps = Vec::new();
        self.list(false, |c, index| {
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

    /// A key of an object: a string with no escapes.
    fn key(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let start = self.at;
        loop {
            match self.peek()? {
                b'"' => break,
                b'\\' | 0..=0x1F => return None,
                _ => self.at += 1,
            }
        }
        let key = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
        self.at += 1;
        Some(key)
    }

    /// One value read by `serde_json`, in place.
    fn serde<T: serde::de::DeserializeOwned>(&mut self) -> Option<T> {
        let rest = std::str::from_utf8(&self.bytes[self.at..]).ok()?;
        let mut values = serde_json::Deserializer::from_str(rest).into_iter::<T>();
        let value = values.next()?.ok()?;
        self.at += values.byte_offset();
        Some(value)
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
                "grid" if file.grid.is_none() => file.grid = Some(self.grid()?),
                "n" if file.n.is_none() => file.n = Some(NField(self.number()?)),
                "moves" if file.moves.is_none() => file.moves = Some(self.moves()?),
                "squares" if file.squares.is_none() => {
                    file.squares = Some(SquaresField(self.number()?));
                }
                "ladders" if file.ladders.is_none() => {
                    file.ladders = Some(Ladders(self.pairs(JumpKind::Ladder)?));
                }
                "snakes" if file.snakes.is_none() => {
                    file.snakes = Some(Snakes(self.pairs(JumpKind::Snake)?));
                }
                "rules" if file.rules.is_none() => {
                    file.rules = Some(self.serde::<RulesField>()?);
                }
                "name" if file.name.is_none() => file.name = Some(self.serde::<String>()?),
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

/// A bare moves array, or `None` to leave it to the plain reader.
pub(super) fn moves_array(text: &str) -> Option<MovesList> {
    let mut c = Cursor::new(text);
    let moves = c.moves()?;
    c.at_end().then_some(moves)
}

/// A bare LeetCode grid, or `None` to leave it to the plain reader.
pub(super) fn grid_array(text: &str) -> Option<GridCells> {
    let mut c = Cursor::new(text);
    let grid = c.grid()?;
    c.at_end().then_some(grid)
}

/// A board object, or `None` to leave it to the plain reader.
pub(super) fn object(text: &str) -> Option<BoardFile> {
    let mut c = Cursor::new(text);
    let file = c.object()?;
    c.at_end().then_some(file)
}

/// The jumps of pairs text, or `None` to leave it to the plain reader.
pub(super) fn pairs_text(text: &str) -> Option<Vec<RawJump>> {
    let mut words = Words {
        bytes: text.as_bytes(),
        at: 0,
        line: 1,
        line_start: 0,
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
    (words.at == words.bytes.len()).then_some(jumps)
}

/// The numbers of ASCII pairs text, with where each starts.
struct Words<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
    line_start: usize,
}

impl Words<'_> {
    /// Skips whitespace (as `char::is_whitespace` has it in ASCII); `None`
    /// at a byte outside ASCII.
    #[inline]
    fn skip_space(&mut self) -> Option<()> {
        while let Some(&b) = self.bytes.get(self.at) {
            match b {
                b'\n' => {
                    self.at += 1;
                    self.line += 1;
                    self.line_start = self.at;
                }
                b'\t' | b'\x0B' | b'\x0C' | b'\r' | b' ' => self.at += 1,
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
        let start = self.at;
        let mut value = 0u64;
        while let Some(&d @ b'0'..=b'9') = self.bytes.get(self.at) {
            value = value * 10 + u64::from(d - b'0');
            self.at += 1;
            if self.at - start > MAX_DIGITS {
                return None;
            }
        }
        let digits = self.at - start;
        let ends = match self.bytes.get(self.at) {
            None => true,
            Some(&b) => matches!(b, b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r' | b' '),
        };
        (digits > 0 && ends).then_some((value, self.line, start - self.line_start + 1))
    }
}

#[cfg(test)]
mod tests;
