//! Times the length distribution followed to its tail on one board with
//! dice of 2 to 12 faces, against the work the budget counts for it:
//!
//! ```text
//! cargo run --release -p snl --example random_board -- 30000 --jumps 300 \
//!     --length 1..300 > board.json
//! cargo run --release -p snl --example follow_cost -- board.json
//! ```
//!
//! For each die it prints the time, the rolls followed, the time a square
//! a roll (over the whole board, though fewer squares may hold chance) and
//! the time a unit of counted work: what `snl::markov::FOLLOW_WORK` and the
//! estimates of `snl expect` are calibrated from. The last die, with bonus
//! rolls (three top values in a row send the pawn back), is followed roll by
//! roll over three times the states: on a board of 3,000 squares it takes
//! about twenty seconds.

use snl::limits::Control;
use snl::markov::{self, Follow, LengthOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: follow_cost BOARD")?;
    let text = std::fs::read(&path)?;
    let board = snl::input::parse(&text, &snl::input::ParseOptions::default())?
        .spec
        .build()?;
    // The last, with bonus rolls, is followed roll by roll.
    for (die, bonus) in [
        ("d2", 0),
        ("d4", 0),
        ("d6", 0),
        ("d8", 0),
        ("d12", 0),
        ("d6", 3),
    ] {
        let rules = snl::Rules {
            die: die.parse()?,
            bonus: std::num::NonZeroU32::new(bonus).map(|n| snl::Bonus { limit: Some(n) }),
            ..snl::Rules::default()
        };
        let game = snl::Game::new(board.clone(), rules)?;
        let ctl = Control::default();
        let options = LengthOptions {
            follow: Follow::Whole,
            ..LengthOptions::default()
        };
        let t = std::time::Instant::now();
        let d = markov::distribution_with(&game, game.start(), &options, &ctl)?;
        let ns = t.elapsed().as_secs_f64() * 1e9;
        let rolls = d.pmf.len() as f64;
        let work = ctl.cancel.work_done() as f64;
        println!(
            "{die:>3}{}: {:.3} s, {rolls} rolls, {:.2} ns a state a roll, {work:.3e} work counted, {:.2} ns a unit",
            if bonus > 0 { " with bonus rolls" } else { "" },
            ns / 1e9,
            ns / (rolls * game.positions() as f64 * f64::from(game.streaks())),
            ns / work,
        );
    }
    Ok(())
}
