//! Small helpers for writing SVG by hand.

use std::fmt::{self, Write};

/// A coordinate or length, written with at most one decimal: pictures are
/// drawn in pixels, and a tenth of one is finer than any screen shows.
#[derive(Debug, Clone, Copy)]
pub(crate) struct N(pub f64);

impl fmt::Display for N {
    /// To a tenth, without a trailing `.0`: the digits put together in a
    /// buffer and written at once (a picture writes tens of thousands of
    /// numbers, and the formatter's machinery a number was a tenth of the
    /// studio's analysis of a board of 450 jumps).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        let mut buf = [0u8; 24];
        let mut at = buf.len();
        let mut put = |b: u8| {
            at -= 1;
            buf[at] = b;
        };
        let a = tenths.unsigned_abs();
        if !a.is_multiple_of(10) {
            put(b'0' + (a % 10) as u8);
            put(b'.');
        }
        let mut whole = a / 10;
        loop {
            put(b'0' + (whole % 10) as u8);
            whole /= 10;
            if whole == 0 {
                break;
            }
        }
        if tenths < 0 {
            put(b'-');
        }
        // Only ASCII digits, a point and a sign were written.
        f.write_str(std::str::from_utf8(&buf[at..]).map_err(|_| fmt::Error)?)
    }
}

/// Text escaped for XML content and attribute values, with the characters
/// XML cannot hold replaced (see [`xml_chars`]).
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in xml_chars(s).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `s` with the characters XML 1.0 cannot hold at all (control characters
/// other than tab and line breaks, U+FFFE and U+FFFF), which a board's name
/// may contain, replaced by U+FFFD, the replacement character, so that a
/// document with `s` in it stays well-formed.
fn xml_chars(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            '\0'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => '\u{fffd}',
            c => c,
        })
        .collect()
}

/// Appends formatted text to a `String` (which cannot fail).
macro_rules! put {
    ($out:expr, $($arg:tt)*) => {{
        let _ = write!($out, $($arg)*);
    }};
}
pub(crate) use put;

/// A rough width of `text` at `size` pixels in DejaVu Sans: used to lay out
/// legends and to decide whether a label fits. Digits are 0.64 em wide;
/// this errs on the wide side for the rest.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| match c {
            ' ' | '.' | ',' | ':' | ';' | 'i' | 'l' | 'j' | 't' | 'f' | 'r' | '(' | ')' | '\'' => {
                0.38
            }
            'm' | 'w' | 'M' | 'W' => 0.95,
            c if c.is_ascii_uppercase() => 0.72,
            _ => 0.64,
        })
        .sum::<f64>()
        * size
}

/// A `<text>` element.
pub(crate) fn text(out: &mut String, x: f64, y: f64, size: f64, attrs: &str, body: &str) {
    put!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{}{}>{}</text>\n",
        N(x),
        N(y),
        N(size),
        if attrs.is_empty() { "" } else { " " },
        attrs,
        esc(body)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(N(3.0).to_string(), "3");
        assert_eq!(N(3.04).to_string(), "3");
        assert_eq!(N(3.06).to_string(), "3.1");
        assert_eq!(N(-0.25).to_string(), "-0.3");
        assert_eq!(N(-12.0).to_string(), "-12");
        assert_eq!(N(-0.04).to_string(), "0");
        assert_eq!(N(-0.5).to_string(), "-0.5");
        assert_eq!(N(0.5).to_string(), "0.5");
        assert_eq!(N(1_234_567.89).to_string(), "1234567.9");
        assert_eq!(esc("a<b & 'c'"), "a&lt;b &amp; &#39;c&#39;");
    }

    #[test]
    fn characters_xml_cannot_hold_are_replaced() {
        assert_eq!(esc("a\u{12}b\u{0}\u{ffff}"), "a\u{fffd}b\u{fffd}\u{fffd}");
        assert_eq!(esc("tab\there\r\n"), "tab\there\r\n");
    }
}
