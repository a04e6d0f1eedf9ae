use snl_draw::BoardPicture;
use snl_draw::plot::LengthPlot;

use crate::{parse, seed_20, size};

/// Decodes a PNG to RGBA rows.
fn decode(data: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(data));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// Pixels darker than mid-grey in the rectangle `x0..x1` by `y0..y1`.
fn dark(rgba: &[u8], width: u32, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> usize {
    let mut n = 0;
    for y in y0..y1 {
        for x in x0..x1 {
            let i = ((y * width + x) * 4) as usize;
            let lum = u32::from(rgba[i]) * 3 + u32::from(rgba[i + 1]) * 6 + u32::from(rgba[i + 2]);
            if lum < 1000 {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn board_png_has_the_svg_size_and_shows_text() {
    let game = seed_20();
    let svg = BoardPicture::new(game.board()).to_svg();
    let doc = parse(&svg);
    let mut data = Vec::new();
    snl_draw::png::write_png(&svg, &mut data).unwrap();
    let (width, height, rgba) = decode(&data);
    assert_eq!((width, height), size(&doc));
    let w = width;
    // The number of square 17 is written at its text position: the pixels
    // just above and right of that point are ink, from the embedded font.
    let label = doc
        .descendants()
        .find(|n| n.has_tag_name("text") && n.text() == Some("17"))
        .unwrap();
    let at = |a: &str| label.attribute(a).unwrap().parse::<f64>().unwrap() as u32;
    let (x, y) = (at("x"), at("y"));
    let ink = dark(&rgba, w, (x, y - 11, x + 20, y + 1));
    assert!(ink > 15, "only {ink} dark pixels where `17` is written");
    // A plain square's middle (square 16: no jump crosses it) is not ink.
    let plain = doc
        .descendants()
        .find(|n| n.has_tag_name("text") && n.text() == Some("16"))
        .unwrap();
    let sx = plain.attribute("x").unwrap().parse::<f64>().unwrap() as u32;
    let sy = plain.attribute("y").unwrap().parse::<f64>().unwrap() as u32;
    assert_eq!(dark(&rgba, w, (sx + 14, sy + 8, sx + 40, sy + 30)), 0);
}

#[test]
fn plot_png_decodes_with_axis_text() {
    let game = seed_20();
    let stats = snl::markov::stats(&game).unwrap();
    let svg = LengthPlot::new(&stats.distribution)
        .mean(stats.mean)
        .fewest(Some(2))
        .to_svg()
        .unwrap();
    let mut data = Vec::new();
    snl_draw::png::write_png(&svg, &mut data).unwrap();
    let (w, h, rgba) = decode(&data);
    assert_eq!((w, h), (900, 460));
    // The x-axis title "rolls" sits centred below the axis.
    assert!(dark(&rgba, w, (400, 420, 500, 455)) > 20);
}

#[test]
fn oversized_pictures_are_refused() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"/>"#;
    let err = snl_draw::png::write_png(svg, &mut Vec::new()).unwrap_err();
    assert!(err.to_string().contains("20000x20000"), "{err}");
}
