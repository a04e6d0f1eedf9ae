//! Any SVG of this crate as a PNG.
//!
//! The SVG is rasterised by resvg with only the embedded font available, so
//! the PNG looks the same on every machine, fonts installed or not.

use std::io;
use std::sync::Arc;

use resvg::{tiny_skia, usvg};

use crate::{DrawError, font};

/// The most pixels a PNG may have (about 400 MB of memory while drawing).
pub const MAX_PIXELS: u64 = 100_000_000;

/// Writes `svg` as a PNG, one pixel per SVG unit.
///
/// # Errors
///
/// [`DrawError::TooLarge`] for a picture of more than [`MAX_PIXELS`],
/// [`DrawError::Svg`] when the SVG cannot be read, and [`DrawError::Io`]
/// when writing fails.
///
/// # Examples
///
/// ```
/// use snl::Board;
/// use snl_draw::BoardPicture;
///
/// let board = Board::empty(16)?;
/// let mut png = Vec::new();
/// snl_draw::png::write_png(&BoardPicture::new(&board).to_svg(), &mut png)?;
/// assert_eq!(&png[1..4], b"PNG");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_png(svg: &str, mut out: impl io::Write) -> Result<(), DrawError> {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(font::REGULAR.to_vec());
    db.load_font_data(font::BOLD.to_vec());
    // Whatever family an SVG asks for, the embedded font answers.
    db.set_sans_serif_family(font::FAMILY);
    db.set_serif_family(font::FAMILY);
    db.set_monospace_family(font::FAMILY);
    let options = usvg::Options {
        font_family: font::FAMILY.to_string(),
        fontdb: Arc::new(db),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| DrawError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(DrawError::TooLarge {
            width,
            height,
            max: MAX_PIXELS,
        });
    }
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(DrawError::TooLarge {
        width,
        height,
        max: MAX_PIXELS,
    })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    let png = pixmap
        .encode_png()
        .map_err(|e| DrawError::Svg(e.to_string()))?;
    out.write_all(&png)?;
    Ok(())
}
