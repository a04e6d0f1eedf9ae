//! Writes a long random board in the moves form, for timing the command on
//! large inputs:
//!
//! ```text
//! cargo run --release -p snl --example random_board -- 10000000 > board.json
//! ```
//!
//! About 5 % of squares start a ladder or a snake (half each) of 1 to 100
//! squares, as in the `shortest` bench. The second argument is the seed.

use std::io::Write;

use snl::{Board, Jump};

/// `SplitMix64`: a small seeded generator.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: u32 = args.next().as_deref().unwrap_or("10000000").parse()?;
    let seed: u64 = args.next().as_deref().unwrap_or("24301").parse()?;
    let mut rng = SplitMix(seed);
    let n64 = u64::from(n);
    let jumps: Vec<Jump> = (2..n64)
        .filter_map(|from| {
            if rng.below(20) != 0 {
                return None;
            }
            let len = 1 + rng.below(100);
            let to = if rng.below(2) == 0 {
                (from + len).min(n64)
            } else {
                from.saturating_sub(len).max(1)
            };
            (to != from).then_some(Jump {
                from: from as u32,
                to: to as u32,
            })
        })
        .collect();
    let board = Board::new(n, jumps)?;
    let mut out = std::io::stdout().lock();
    out.write_all(snl::input::to_moves_json(&board, None).as_bytes())?;
    Ok(())
}
