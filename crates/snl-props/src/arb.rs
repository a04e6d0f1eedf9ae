//! Small boards, dice and rules built from fuzz bytes.
//!
//! The analysis targets read their input through [`arbitrary::Unstructured`]:
//! every byte string is some board and some rules, and the fuzzer's
//! mutations move through board sizes, jumps, dice and rule combinations
//! rather than through JSON syntax. Sizes are bounded by each target so that
//! its independent checks (brute force, dense elimination) stay cheap.

use std::ops::RangeInclusive;

use arbitrary::{Result, Unstructured};
use snl::board::MAX_SQUARES;
use snl::{
    Board, BoardSpec, Bonus, Die, Finish, Game, Jump, JumpKind, Origin, RawJump, Rules, Start,
};

/// A die of at most `max_faces` faces: fair, a sum of fair dice, or loaded
/// with small weights; with `extreme`, sometimes loaded with any 64-bit
/// weights, so that chances far apart in size are tried too. `None` for
/// weights that overflow, which [`Die::weighted`] refuses.
pub fn die(u: &mut Unstructured<'_>, max_faces: u32, extreme: bool) -> Result<Option<Die>> {
    let max_faces = max_faces.max(1);
    let kinds = if extreme { 5 } else { 4 };
    Ok(match u.int_in_range(0..=kinds)? {
        0..=2 => Some(Die::uniform(u.int_in_range(1..=max_faces)?).expect("faces in range")),
        3 => {
            let count = u.int_in_range(1..=4u32)?;
            let faces = u.int_in_range(1..=(max_faces / count).max(1))?;
            Die::sum_of(count, faces).ok()
        }
        4 => {
            let len = u.int_in_range(1..=max_faces)? as usize;
            let weights = (0..len)
                .map(|_| u.int_in_range(0..=4u64))
                .collect::<Result<Vec<_>>>()?;
            Die::weighted(weights).ok()
        }
        _ => {
            let len = u.int_in_range(1..=max_faces.min(4))? as usize;
            let weights = (0..len)
                .map(|_| u.arbitrary::<u64>())
                .collect::<Result<Vec<_>>>()?;
            Die::weighted(weights).ok()
        }
    })
}

/// Any rules with a die of at most `max_faces` faces (see [`die`]) and a
/// bonus limit of at most 4; `None` when the die is refused.
pub fn rules(u: &mut Unstructured<'_>, max_faces: u32, extreme: bool) -> Result<Option<Rules>> {
    let Some(die) = die(u, max_faces, extreme)? else {
        return Ok(None);
    };
    let finish = *u.choose(&[Finish::Exact, Finish::Bounce, Finish::Pass])?;
    let chain = u.arbitrary()?;
    let start = if u.arbitrary()? {
        Start::OffBoard
    } else {
        Start::Square1
    };
    let bonus = match u.int_in_range(0..=3u8)? {
        0 | 1 => None,
        2 => Some(Bonus::unlimited()),
        _ => Some(Bonus::with_limit(u.int_in_range(1..=4)?).expect("limit in range")),
    };
    Ok(Some(Rules {
        die,
        finish,
        chain,
        start,
        bonus,
        // Only the best play honours optional jumps; the properties here
        // check the engines that take every jump.
        ..Rules::default()
    }))
}

/// A valid board of 1 to `max_squares` squares. Jumps that would make it
/// invalid (from the last square, to their own square, a second jump from
/// one square) are left out; any square may be the end of a jump, so jumps
/// that end on jumps, chains and circles occur.
pub fn board(u: &mut Unstructured<'_>, max_squares: u32) -> Result<Board> {
    board_in(u, 1..=max_squares.max(1))
}

/// A valid board as [`board`] makes, of a size in `sizes` (at least 1).
pub fn board_in(u: &mut Unstructured<'_>, sizes: RangeInclusive<u32>) -> Result<Board> {
    let n = u.int_in_range(*sizes.start().max(&1)..=*sizes.end().max(&1))?;
    let mut used = vec![false; n as usize + 1];
    let mut jumps = Vec::new();
    let wanted = u.int_in_range(0..=n)?;
    for _ in 0..wanted {
        let from = u.int_in_range(1..=n)?;
        let to = u.int_in_range(1..=n)?;
        if from == n || from == to || std::mem::replace(&mut used[from as usize], true) {
            continue;
        }
        jumps.push(Jump { from, to });
    }
    Ok(Board::new(n, jumps).expect("only valid jumps are kept"))
}

/// A playable game: a board of at most `max_squares` squares under rules
/// with a die of at most `max_faces` faces (see [`die`]). `None` when the
/// die is refused or the jumps form a circle under chaining (the `check`
/// target covers those).
pub fn game(
    u: &mut Unstructured<'_>,
    max_squares: u32,
    max_faces: u32,
    extreme: bool,
) -> Result<Option<Game>> {
    game_in(u, 1..=max_squares.max(1), max_faces, extreme)
}

/// A playable game as [`game`] makes, on a board of a size in `sizes`.
/// With the pawn starting off the board, the snakes to square 1 from even
/// squares lead back off the board instead (see [`to_square0`]).
pub fn game_in(
    u: &mut Unstructured<'_>,
    sizes: RangeInclusive<u32>,
    max_faces: u32,
    extreme: bool,
) -> Result<Option<Game>> {
    let board = board_in(u, sizes)?;
    let Some(rules) = rules(u, max_faces, extreme)? else {
        return Ok(None);
    };
    let board = match rules.start {
        Start::OffBoard => to_square0(&board),
        _ => board,
    };
    Ok(Game::new(board, rules).ok())
}

/// `board` with the snakes to square 1 from even squares leading to square
/// 0, off the board, instead: for games whose pawn starts there, so that
/// snakes back to the start and snakes to square 1 both occur, without a
/// byte more drawn.
pub fn to_square0(board: &Board) -> Board {
    let jumps = board.jumps().map(|j| Jump {
        to: if j.to == 1 && j.from.is_multiple_of(2) {
            0
        } else {
            j.to
        },
        ..j
    });
    Board::new(board.squares(), jumps.collect::<Vec<_>>()).expect("a snake may end on square 0")
}

/// A board as written, valid or not: a size (0, over the limit, or small)
/// and jumps that may leave the board, stand still, point the wrong way for
/// their list or share a square.
pub fn spec(u: &mut Unstructured<'_>) -> Result<BoardSpec> {
    let squares = match u.int_in_range(0..=9u8)? {
        0 => *u.choose(&[0, MAX_SQUARES + 1, u64::MAX])?,
        _ => u.int_in_range(1..=40u64)?,
    };
    let square = |u: &mut Unstructured<'_>| -> Result<u64> {
        Ok(match u.int_in_range(0..=9u8)? {
            0 => u.arbitrary()?,
            1 => 0,
            2 => squares.saturating_add(1),
            _ => u.int_in_range(1..=squares.clamp(1, 40))?,
        })
    };
    let count = u.int_in_range(0..=squares.min(40))?;
    let mut jumps = Vec::new();
    for index in 0..count as usize {
        let from = square(u)?;
        let to = square(u)?;
        let (declared, origin) = match u.int_in_range(0..=2u8)? {
            0 => (None, Origin::Jump { index }),
            1 => (Some(JumpKind::Ladder), Origin::Ladder { index }),
            _ => (Some(JumpKind::Snake), Origin::Snake { index }),
        };
        jumps.push(RawJump {
            from,
            to,
            declared,
            origin,
        });
    }
    Ok(BoardSpec {
        squares,
        jumps: jumps.into(),
    })
}
