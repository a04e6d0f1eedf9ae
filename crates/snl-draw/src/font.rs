//! The font every picture is drawn in, embedded so that text renders the
//! same on a machine with no fonts installed.
//!
//! The fonts are subsets of DejaVu Sans (Latin-1, arrows, dashes, a few
//! symbols); their license is in `fonts/LICENSE-DejaVu.txt` beside the
//! crate.

/// The family name SVG and CSS use.
pub const FAMILY: &str = "DejaVu Sans";

/// The `font-family` value written into SVG and CSS: the embedded font
/// first, then what a browser is sure to have.
pub const STACK: &str = "'DejaVu Sans', Verdana, Arial, sans-serif";

/// DejaVu Sans, regular weight (TrueType).
pub const REGULAR: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// DejaVu Sans, bold (TrueType).
pub const BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// A CSS `@font-face` block with both weights inlined as data URLs, for
/// pages that must render with nothing beside them.
pub fn css_font_faces() -> String {
    let face = |weight: &str, data: &[u8]| {
        format!(
            "@font-face{{font-family:'{FAMILY}';font-weight:{weight};font-style:normal;\
             src:url(data:font/ttf;base64,{}) format('truetype');}}\n",
            base64(data)
        )
    };
    face("normal", REGULAR) + &face("bold", BOLD)
}

/// Standard base64 with padding. Fonts are the only binary this crate
/// inlines, so a dependency for it would not pay its way.
pub(crate) fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc4648_vectors() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
    }

    #[test]
    fn fonts_are_truetype() {
        for data in [REGULAR, BOLD] {
            assert_eq!(&data[..4], &[0, 1, 0, 0]);
        }
        assert!(css_font_faces().contains("font-weight:bold"));
    }
}
