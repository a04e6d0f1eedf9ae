//! Writes a long random board in the moves form, for timing the command on
//! large inputs:
//!
//! ```text
//! cargo run --release -p snl --example random_board -- 10000000 > board.json
//! ```
//!
//! About 5 % of squares start a ladder or a snake (half each) of 1 to 100
//! squares, as in the `shortest` bench, drawn by `snl::random`. The second
//! argument is the seed.

use std::io::Write;

use snl::random::{Amount, Ratio, Size, Span, Spec, SplitMix64};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: u32 = args.next().as_deref().unwrap_or("10000000").parse()?;
    let seed: u64 = args.next().as_deref().unwrap_or("24301").parse()?;
    let spec = Spec {
        size: Size::Squares(Span::exactly(n)),
        amount: Amount::Density(Ratio::new(1, 20)?),
        length: Span::new(1, 100)?,
        start_jump: false,
        ..Spec::default()
    };
    let board = spec.draw(&mut SplitMix64::new(seed))?;
    let mut out = std::io::stdout().lock();
    out.write_all(snl::input::to_moves_json(&board, None).as_bytes())?;
    Ok(())
}
