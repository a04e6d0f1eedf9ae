//! The arguments of the commands that draw random boards (`snl gen`, `snl
//! judge`): their size, their jumps, and the constraints each must meet.

use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Result, bail};
use clap::Args;
use snl::Rules;
use snl::random::{Amount, Constraints, Ratio, Size, Span, Spec};

use crate::board_arg::FormatArg;

/// What random boards look like.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Boards")]
// Each bool is one command-line flag.
#[allow(clippy::struct_excessive_bools)]
pub struct BoardsArgs {
    /// Squares on each board: a number, or a range such as 20..50 (each board
    /// draws its size from it).
    #[arg(long, value_name = "N|A..B", value_parser = parse_span, conflicts_with = "grid")]
    pub squares: Option<Span>,

    /// N x N grids (LeetCode 909's boards): N, or a range such as 3..6.
    #[arg(long, value_name = "N|A..B", value_parser = parse_span)]
    pub grid: Option<Span>,

    /// The chance that a square starts a jump (a ladder or a snake, even
    /// odds): 0.1, 10% or 1/10.
    #[arg(long, value_name = "P", value_parser = parse_ratio)]
    pub density: Option<Ratio>,

    /// Jumps on each board, each a ladder or a snake with even odds: a
    /// number or a range.
    #[arg(long, value_name = "N|A..B", value_parser = parse_span, conflicts_with_all = ["density", "ladders", "snakes"])]
    pub jumps: Option<Span>,

    /// Ladders on each board: a number or a range (no snakes unless
    /// --snakes says).
    #[arg(long, value_name = "N|A..B", value_parser = parse_span, conflicts_with = "density")]
    pub ladders: Option<Span>,

    /// Snakes on each board: a number or a range (no ladders unless
    /// --ladders says).
    #[arg(long, value_name = "N|A..B", value_parser = parse_span, conflicts_with = "density")]
    pub snakes: Option<Span>,

    /// How many squares a jump spans, start to end: a number or a range
    /// such as 1..10 [default: any].
    #[arg(long, value_name = "N|A..B", value_parser = parse_span)]
    pub length: Option<Span>,

    /// Square 1 starts no jump, as LeetCode 909 and most exercises promise.
    #[arg(long)]
    pub no_start_jump: bool,

    /// Every board can be finished when each roll is chosen.
    #[arg(long, help_heading = "Constraints", conflicts_with = "unsolvable")]
    pub solvable: bool,

    /// No board can be finished (the answer is -1).
    #[arg(long, help_heading = "Constraints")]
    pub unsolvable: bool,

    /// On every board a pawn with a real die can get stuck for ever.
    #[arg(long, help_heading = "Constraints", conflicts_with = "no_trap")]
    pub trap: bool,

    /// On no board can a pawn get stuck.
    #[arg(long, help_heading = "Constraints")]
    pub no_trap: bool,

    /// Every board has a jump that ends on another jump's start.
    #[arg(long, help_heading = "Constraints", conflicts_with = "no_chains")]
    pub chains: bool,

    /// No jump ends on another jump's start.
    #[arg(long, help_heading = "Constraints")]
    pub no_chains: bool,

    /// The fewest rolls of every board lie in this range, such as 3..5.
    #[arg(long, value_name = "A..B", value_parser = parse_span, help_heading = "Constraints")]
    pub min_rolls: Option<Span>,
}

fn parse_span(s: &str) -> Result<Span, String> {
    s.parse::<Span>().map_err(|e| e.to_string())
}

fn parse_ratio(s: &str) -> Result<Ratio, String> {
    s.parse::<Ratio>().map_err(|e| e.to_string())
}

/// What a command draws when the flags leave something open.
#[derive(Debug, Clone, Copy)]
pub struct Defaults {
    /// The size of boards in the forms that state their size.
    pub squares: Span,
    /// The size of grids.
    pub grid: Span,
    /// The chance that a square starts a jump.
    pub density: Ratio,
}

impl BoardsArgs {
    /// The boards these flags ask for, in `format`, under `rules`.
    ///
    /// # Errors
    ///
    /// A grid form asked for with `--squares`, or a size no board may have.
    pub fn spec(&self, rules: Rules, format: FormatArg, defaults: Defaults) -> Result<Spec> {
        let size = match (self.grid, self.squares, format) {
            (Some(_), _, FormatArg::PairsText) => {
                bail!(
                    "the pairs-text form does not state its size, so it has no grids; use --squares N"
                )
            }
            (Some(g), _, _) => Size::Grid(g),
            (None, Some(s), FormatArg::Grid) => {
                let side = s.lo.isqrt();
                if s.lo != s.hi || side * side != s.lo {
                    bail!(
                        "--format grid writes N x N boards, and --squares {s} is not one square \
                         number; use --grid N or --grid A..B"
                    );
                }
                Size::Grid(Span::exactly(side))
            }
            (None, Some(s), _) => Size::Squares(s),
            (None, None, FormatArg::Grid) => Size::Grid(defaults.grid),
            // The pairs-text form does not say its size: programs assume
            // the classic 100 squares.
            (None, None, FormatArg::PairsText) => Size::Squares(Span::exactly(100)),
            (None, None, _) => Size::Squares(defaults.squares),
        };
        if let Size::Squares(s) | Size::Grid(s) = size
            && s.lo == 0
        {
            bail!("a board needs at least 1 square");
        }
        let amount = match (self.jumps, self.ladders, self.snakes, self.density) {
            (Some(j), ..) => Amount::Jumps(j),
            (None, None, None, d) => Amount::Density(d.unwrap_or(defaults.density)),
            (None, l, s, _) => Amount::Each {
                ladders: l.unwrap_or(Span::exactly(0)),
                snakes: s.unwrap_or(Span::exactly(0)),
            },
        };
        let pick = |yes: bool, no: bool| (yes || no).then_some(yes);
        Ok(Spec {
            size,
            amount,
            length: self.length.unwrap_or(Span::at_least(1)),
            start_jump: !self.no_start_jump,
            rules,
            want: Constraints {
                solvable: pick(self.solvable, self.unsolvable),
                trap: pick(self.trap, self.no_trap),
                chains: pick(self.chains, self.no_chains),
                min_rolls: self.min_rolls,
                ..Constraints::default()
            },
            ..Spec::default()
        })
    }
}

/// The seed given, or one from the clock (different on every run).
pub fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        // Seeds people can read and type back: six digits.
        (now.as_nanos() % 1_000_000) as u64
    })
}
