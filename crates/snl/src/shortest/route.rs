//! Following a route someone wrote down: the rolls of a game, or the
//! squares it rests on, checked roll by roll under the rules.
//!
//! The searches give one optimal sequence; there are often many (423 on
//! Milton Bradley's board), and a person asked to print one may print any
//! of them. [`follow`] says whether a route is a game that ends on the last
//! square, and where it first goes wrong when it is not. Whether it is also
//! as short as can be is a comparison with [`super::min_rolls`].
//!
//! A route is followed over every pawn it may describe: where a jump may be
//! declined ([`crate::rules::Optional`]) one roll leads to several resting
//! places, and rolls alone do not say which was taken, so each is followed
//! and the route holds when one of them does. Squares say where the pawn
//! rested; under the bonus rule the same square may be reached with a top
//! value (the turn goes on) or without, and both are followed too.

use crate::game::{Game, Pawn};

/// A route as written down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route<'a> {
    /// The value of each roll, in order.
    Rolls(&'a [u32]),
    /// The square the pawn rests on after each roll (after any jump), in
    /// order; the start square may come first.
    Squares(&'a [u32]),
}

/// Where a route first goes wrong. Rolls and steps count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RouteError {
    /// A roll the die cannot show.
    #[error("roll {index} is a {roll}, which the die ({die}) cannot show")]
    NotAFace {
        /// Which roll.
        index: usize,
        /// Its value.
        roll: u32,
        /// The die, as the rules write it.
        die: String,
    },
    /// A roll that would carry the pawn past the last square under the
    /// exact finish: the rules forbid the move, so the roll is lost.
    #[error(
        "roll {index}, a {roll} from square {from}, would pass the last square ({goal}); the exact finish forbids that move, so the roll is wasted"
    )]
    Overshoot {
        /// Which roll.
        index: usize,
        /// Its value.
        roll: u32,
        /// The square it was rolled from.
        from: u32,
        /// The last square.
        goal: u32,
    },
    /// A roll after the pawn reached the last square.
    #[error("roll {index} comes after the pawn has reached the last square; the game is over")]
    AfterFinish {
        /// Which roll.
        index: usize,
    },
    /// Two squares in a row that no roll leads between.
    #[error(
        "step {index} goes from square {from} to square {to}, which no roll of the die ({die}) does{}",
        match .rests.as_slice() {
            [] => String::new(),
            rests => format!(" (its rolls lead to {})", crate::words::list(rests)),
        }
    )]
    NoRoll {
        /// Which step.
        index: usize,
        /// The square it starts on.
        from: u32,
        /// The square written.
        to: u32,
        /// The die, as the rules write it.
        die: String,
        /// Where the rolls from `from` do lead, each once, in order.
        rests: Vec<u32>,
    },
    /// A square the board does not have.
    #[error(
        "step {index} is square {square}, which is not on the board (squares {first} to {goal})"
    )]
    OffBoard {
        /// Which step.
        index: usize,
        /// The square written.
        square: u32,
        /// The first square a pawn can be on.
        first: u32,
        /// The last square.
        goal: u32,
    },
    /// The route stops short of the last square.
    #[error("the route ends on square {at}, not on the last square ({goal})")]
    Unfinished {
        /// Where it ends.
        at: u32,
        /// The last square.
        goal: u32,
    },
}

/// Follows `route` on `game` from the start: the number of rolls it takes
/// when it is a game that ends on the last square with its last roll, else
/// where it first goes wrong.
///
/// Squares that begin with the start square are read as the start written
/// down, unless only the other reading (a first roll that comes back to the
/// start) is a game that ends on the last square.
///
/// # Errors
///
/// The first [`RouteError`] met along the route.
///
/// # Examples
///
/// ```
/// use snl::shortest::route::{Route, RouteError, follow};
/// use snl::{Board, Game, Jump, Rules};
///
/// let game = Game::new(Board::new(20, [Jump { from: 3, to: 15 }])?, Rules::default())?;
/// // 2 to the ladder at 3, then 5 to 20; or the squares 15 and 20.
/// assert_eq!(follow(&game, Route::Rolls(&[2, 5])), Ok(2));
/// assert_eq!(follow(&game, Route::Squares(&[1, 15, 20])), Ok(2));
/// assert_eq!(follow(&game, Route::Squares(&[15, 20])), Ok(2));
/// assert!(matches!(
///     follow(&game, Route::Rolls(&[2, 4])),
///     Err(RouteError::Unfinished { at: 19, goal: 20 })
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn follow(game: &Game, route: Route<'_>) -> Result<usize, RouteError> {
    match route {
        Route::Rolls(rolls) => {
            let mut pawns = vec![start(game)];
            for (i, &roll) in rolls.iter().enumerate() {
                pawns = roll_all(game, &pawns, roll, i + 1)?;
            }
            finished(game, &pawns).map(|()| rolls.len())
        }
        Route::Squares(squares) => match squares.split_first() {
            Some((&first, rest)) if first == game.start() => {
                let written = follow_squares(game, rest);
                if written.is_err() && follow_squares(game, squares).is_ok() {
                    return Ok(squares.len());
                }
                written.map(|()| rest.len())
            }
            _ => follow_squares(game, squares).map(|()| squares.len()),
        },
    }
}

fn start(game: &Game) -> Pawn {
    Pawn {
        at: game.start(),
        streak: 0,
    }
}

/// Follows the squares a pawn rests on after each roll from the start.
fn follow_squares(game: &Game, squares: &[u32]) -> Result<(), RouteError> {
    let mut pawns = vec![start(game)];
    for (i, &to) in squares.iter().enumerate() {
        pawns = step_all(game, &pawns, to, i + 1)?;
    }
    finished(game, &pawns)
}

/// `Ok` when one of `pawns` is on the last square.
fn finished(game: &Game, pawns: &[Pawn]) -> Result<(), RouteError> {
    let goal = game.goal();
    if pawns.iter().any(|p| p.at == goal) {
        Ok(())
    } else {
        Err(RouteError::Unfinished {
            at: pawns[0].at,
            goal,
        })
    }
}

/// Where `pawn` may rest after rolling `roll`: one pawn, or several where
/// a jump may be declined; `None` when the roll is lost.
fn after(game: &Game, pawn: Pawn, roll: u32) -> Option<Vec<Pawn>> {
    let played = game.play(pawn, roll);
    if played.reset {
        return Some(vec![played.pawn]);
    }
    let moved = played.moved?;
    Some(
        game.rests(moved.land)
            .map(|at| game.rest_after(pawn, roll, at))
            .collect(),
    )
}

/// Every pawn of `pawns` rolls `roll`, the `index`th roll.
fn roll_all(game: &Game, pawns: &[Pawn], roll: u32, index: usize) -> Result<Vec<Pawn>, RouteError> {
    let die = &game.rules().die;
    if die.weight(roll) == 0 {
        return Err(RouteError::NotAFace {
            index,
            roll,
            die: die.to_string(),
        });
    }
    let goal = game.goal();
    let playing: Vec<Pawn> = pawns.iter().copied().filter(|p| p.at != goal).collect();
    if playing.is_empty() {
        return Err(RouteError::AfterFinish { index });
    }
    let mut next = Vec::new();
    for &pawn in &playing {
        for p in after(game, pawn, roll).into_iter().flatten() {
            if !next.contains(&p) {
                next.push(p);
            }
        }
    }
    if next.is_empty() {
        return Err(RouteError::Overshoot {
            index,
            roll,
            from: playing[0].at,
            goal,
        });
    }
    Ok(next)
}

/// Every pawn of `pawns` (all on one square) steps to `to`, the `index`th
/// step, by any roll.
fn step_all(game: &Game, pawns: &[Pawn], to: u32, index: usize) -> Result<Vec<Pawn>, RouteError> {
    let goal = game.goal();
    let from = pawns[0].at;
    if from == goal {
        return Err(RouteError::AfterFinish { index });
    }
    let first = game.start().min(1);
    if to < first || to > goal {
        return Err(RouteError::OffBoard {
            index,
            square: to,
            first,
            goal,
        });
    }
    let die = &game.rules().die;
    let mut next = Vec::new();
    let mut rests = Vec::new();
    for &pawn in pawns {
        for roll in die.values() {
            for p in after(game, pawn, roll).into_iter().flatten() {
                if !rests.contains(&p.at) {
                    rests.push(p.at);
                }
                if p.at == to && !next.contains(&p) {
                    next.push(p);
                }
            }
        }
    }
    if next.is_empty() {
        rests.sort_unstable();
        return Err(RouteError::NoRoll {
            index,
            from,
            to,
            die: die.to_string(),
            rests,
        });
    }
    Ok(next)
}
