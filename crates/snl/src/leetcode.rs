//! LeetCode 909, "Snakes and Ladders", with LeetCode's own signature.
//!
//! This is the one place in snl where "no answer" is a number: LeetCode
//! fixes the signature and its `-1`. Everywhere else, use
//! [`input::parse`](crate::input::parse) or [`input::from_grid`](crate::input::from_grid) and
//! [`shortest::min_rolls`], which say why a board has no answer.

// "LeetCode" is a name, not code: it stays out of backticks in these docs.
#![allow(clippy::doc_markdown)]

use crate::game::Game;
use crate::input::grid::GridCells;
use crate::rules::Rules;
use crate::shortest;

/// The fewest rolls from square 1 to square N² of a LeetCode 909 grid, or
/// `-1` when square N² cannot be reached.
///
/// The rules are LeetCode's ([`Rules::default`]): a six-sided die whose
/// roll is chosen, no roll past the last square, one jump per move. A cell
/// naming its own square is no jump, as LeetCode's tests expect.
///
/// LeetCode's sentinel `-1` is also returned for a board outside its
/// constraints, where LeetCode promises no answer: a grid that is empty or
/// not square, a cell below `-1` or past square N², or a jump from square
/// N². [`input::from_grid`](crate::input::from_grid) and
/// [`BoardSpec::problems`](crate::BoardSpec::problems) say what is wrong
/// with such a board.
///
/// # Examples
///
/// ```
/// let board = vec![
///     vec![-1, -1, -1, -1, -1, -1],
///     vec![-1, -1, -1, -1, -1, -1],
///     vec![-1, -1, -1, -1, -1, -1],
///     vec![-1, 35, -1, -1, 13, -1],
///     vec![-1, -1, -1, -1, -1, -1],
///     vec![-1, 15, -1, -1, -1, -1],
/// ];
/// assert_eq!(snl::leetcode::snakes_and_ladders(board), 4);
/// assert_eq!(snl::leetcode::snakes_and_ladders(vec![vec![-1, -1], vec![-1, 3]]), 1);
/// ```
#[allow(clippy::needless_pass_by_value)] // LeetCode's signature takes the grid by value.
pub fn snakes_and_ladders(board: Vec<Vec<i32>>) -> i32 {
    let cells = GridCells::from_rows(board.iter().map(|row| row.iter().map(|&v| i64::from(v))));
    let Ok(spec) = cells.into_spec() else {
        return -1;
    };
    let Ok(board) = spec.build() else {
        return -1;
    };
    let Ok(game) = Game::new(board, Rules::default()) else {
        return -1;
    };
    // The signature has -1 as its one way to say "no answer": for a last
    // square that cannot be reached, and for a search that cannot have the
    // few bytes a square it needs (a LeetCode grid has at most 400 squares).
    match shortest::min_rolls(&game) {
        Ok(Some(k)) => i32::try_from(k).unwrap_or(i32::MAX),
        Ok(None) | Err(_) => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leetcode_examples() {
        assert_eq!(snakes_and_ladders(vec![vec![-1, -1], vec![-1, 3]]), 1);
        // The note's board: square 2 leads to 3 and square 3 to 4; a roll
        // of 3 reaches 4 at once.
        assert_eq!(snakes_and_ladders(vec![vec![-1, 4], vec![-1, 3]]), 1);
        assert_eq!(
            snakes_and_ladders(vec![vec![1, 1, -1], vec![1, 1, 1], vec![-1, 1, 1]]),
            -1
        );
    }

    #[test]
    fn invalid_boards_give_the_sentinel() {
        assert_eq!(snakes_and_ladders(vec![]), -1);
        assert_eq!(snakes_and_ladders(vec![vec![-1, -1], vec![-1]]), -1);
        assert_eq!(snakes_and_ladders(vec![vec![-1, -1], vec![-1, -5]]), -1);
        assert_eq!(snakes_and_ladders(vec![vec![-1, -1], vec![-1, 9]]), -1);
        assert_eq!(snakes_and_ladders(vec![vec![1, -1], vec![-1, -1]]), -1);
    }

    #[test]
    fn one_square_is_already_finished() {
        assert_eq!(snakes_and_ladders(vec![vec![-1]]), 0);
    }
}
