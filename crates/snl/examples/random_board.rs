//! Writes a long random board, for timing the command on large inputs:
//!
//! ```text
//! cargo run --release -p snl --example random_board -- 10000000 > board.json
//! cargo run --release -p snl --example random_board -- 100000000 \
//!     --jumps 100000 --length 1..40000 --form pairs-text > board.txt
//! ```
//!
//! The first argument is the number of squares (a perfect square for
//! `--form grid`). Options, each followed by its value:
//!
//! - `--density N/D`: each square from 2 on starts a jump with this chance
//!   (default `1/20`, 5 %); or `--jumps K`: exactly K jumps.
//! - `--length LO..HI`: how many squares a jump spans (default `1..100`).
//! - `--form moves|grid|pairs|pairs-text` (default `moves`).
//! - `--seed S` (default 24301).
//!
//! Jumps are ladders or snakes with even odds, drawn by `snl::random`.

use std::io::Write;

use snl::input::Format;
use snl::random::{Amount, Ratio, Size, Span, Spec};
use snl::rng::SplitMix64;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: u32 = args.next().as_deref().unwrap_or("10000000").parse()?;
    let mut amount = Amount::Density(Ratio::new(1, 20)?);
    let mut length = Span::new(1, 100)?;
    let mut form = Format::Moves;
    let mut seed = 24301u64;
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--density" => amount = Amount::Density(value.parse()?),
            "--jumps" => amount = Amount::Jumps(Span::exactly(value.parse()?)),
            "--length" => length = value.parse()?,
            "--form" => form = value.parse()?,
            "--seed" => seed = value.parse()?,
            _ => return Err(format!("unknown option {flag}").into()),
        }
    }
    let size = if form == Format::Grid {
        let side = n.isqrt();
        if side * side != n {
            return Err(format!("a grid needs a square number of squares, not {n}").into());
        }
        Size::Grid(Span::exactly(side))
    } else {
        Size::Squares(Span::exactly(n))
    };
    let spec = Spec {
        size,
        amount,
        length,
        start_jump: false,
        ..Spec::default()
    };
    let board = spec.draw(&mut SplitMix64::new(seed))?;
    let text = snl::input::write(&board, None, form).expect("the size fits the form");
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}
