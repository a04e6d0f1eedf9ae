//! The fewest rolls to the last square when the player chooses every roll.
//!
//! Every roll costs one, so this is a breadth-first search over positions,
//! layer by layer. Unlike the textbook search, which takes squares off a
//! queue one at a time and tries each roll, this one moves a whole layer 64
//! squares at a time:
//!
//! - A layer is a list of 64-bit words of a bitset over positions. Far from
//!   the last square no roll can overshoot, so the squares a word of pawns
//!   can land on are the word shifted left by each roll, combined with OR: six
//!   shifts for 64 pawns instead of 384 lookups.
//! - A plain square is its own resting place, so the landings that are not
//!   jump starts (`landed & !jump`) go straight into the next layer. Only the
//!   few landings on jump starts are looked up one by one.
//! - "Seen" is a bitset too: the new part of a layer is `next & !seen`.
//!
//! Near the last square, where a roll may overshoot, every pawn moves through
//! [`Game::land`], so the finish rule is applied in one place only. The
//! search keeps a few bits per square; [`distances`] adds one `u32` per
//! square, and [`solve`] half a byte per square, the layer of each square
//! coded in four bit planes, to rebuild a path from (on a long board a
//! second thread records the layers as the search hands them over).
//!
//! Under a bonus limit (the `n`th top value in a row sends the pawn back to
//! the start) a sequence may not hold `n` tops in a row within a turn, so a
//! position alone no longer says which rolls are allowed: the search runs
//! over (position, streak) pairs through [`Game::play`] instead. Without a
//! limit, bonus rolls change nothing here and the fast search is used.
//!
//! When the player may decline jumps ([`crate::rules::Optional`]), a roll
//! that lands on an optional jump's start leads to two resting places (more
//! along a chain), and the same search over states follows each of them
//! ([`Game::rests`]). A path's move whose `to` is its `land` although a
//! jump starts there declined that jump.

mod layers;
mod path;
mod picking;
pub mod route;
pub mod steps;
mod streak;

use num_bigint::BigUint;

use crate::game::{Game, Move};
use crate::limits::{self, Budget, Control, Estimate, LimitError};
use crate::rules::Die;

use layers::{bfs, set_distances};
use path::{first_path, search_recorded};
use streak::StreakSearch;

/// The fewest rolls and one way to achieve them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The fewest rolls from the start to the last square, or `None` when the
    /// last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// The optimal sequence of moves whose rolls come first in dictionary
    /// order (empty when unreachable, or when the pawn starts on the last
    /// square). Where jumps may be declined, the same rolls take a jump
    /// before declining it; a declined jump's move rests where it landed
    /// (or, along a chain, on the start of the jump it declined).
    pub path: Vec<Move>,
}

/// The fewest rolls from the start to the last square, or `None` when the
/// last square cannot be reached.
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(8)?, Rules::default())?;
/// assert_eq!(snl::shortest::min_rolls(&game)?, Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`LimitError::Alloc`] when the search's tables cannot be allocated: the
/// `_with` form under [`Control::default`], which sets no budget.
pub fn min_rolls(game: &Game) -> Result<Option<u32>, LimitError> {
    min_rolls_with(game, &Control::default())
}

/// [`min_rolls`] under a [`Control`]: refused up front when its estimate
/// ([`Search::MinRolls`]) is over the budget, stopped when the
/// token is set.
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
pub fn min_rolls_with(game: &Game, ctl: &Control) -> Result<Option<u32>, LimitError> {
    min_rolls_from_with(game, game.start(), ctl)
}

/// The fewest rolls from the start to the last square of `game` when the
/// player picks one of `dice` before each roll (none: the rules' die) and
/// chooses every roll, and every optional jump: `None` when the last
/// square cannot be reached.
///
/// Without a bonus limit, which rolls are allowed does not depend on the
/// die rolled before, so this is the search of a die with every face of
/// every die; under a limit a top value is the top of the die rolled, and
/// the search follows each die's faces with the streak they make.
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
///
/// # Examples
///
/// ```
/// use snl::{Board, Die, Game, Rules};
///
/// let game = Game::new(Board::empty(20)?, Rules::default())?;
/// let dice: Vec<Die> = vec!["d4".parse()?, "0,0,0,0,0,0,0,0,0,1".parse()?];
/// // From square 1: a 10 to 11, then the d4 thrice (4, 4, 1) to 20.
/// let fewest = snl::shortest::min_rolls_picking(&game, &dice, &Default::default())?;
/// assert_eq!(fewest, Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_rolls_picking(
    game: &Game,
    dice: &[Die],
    ctl: &Control,
) -> Result<Option<u32>, LimitError> {
    match dice {
        [] => min_rolls_with(game, ctl),
        [only] => min_rolls_with(&game.with_die(only.clone()), ctl),
        _ if game.rules().bonus_limit().is_none() => {
            min_rolls_with(&game.with_die(picking::every_face(dice)), ctl)
        }
        _ => picking::by_streak(game, dice, ctl),
    }
}

/// The fewest rolls from position `from` (a pawn there at the start of a
/// turn) to the last square, or `None` when it cannot be reached.
///
/// # Errors
///
/// As [`min_rolls`].
///
/// # Panics
///
/// When `from` is not a position of the game (above the last square).
///
/// # Examples
///
/// ```
/// use snl::{Board, Game, Jump, Rules};
///
/// // A ladder on square 1 is not taken by a pawn that starts there; one
/// // placed at its top is 3 squares from the end.
/// let game = Game::new(Board::new(20, [Jump { from: 1, to: 17 }])?, Rules::default())?;
/// assert_eq!(snl::shortest::min_rolls(&game)?, Some(4));
/// assert_eq!(snl::shortest::min_rolls_from(&game, game.rest(1))?, Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn min_rolls_from(game: &Game, from: u32) -> Result<Option<u32>, LimitError> {
    min_rolls_from_with(game, from, &Control::default())
}

/// [`min_rolls_from`] under a [`Control`] (see [`min_rolls_with`]).
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
///
/// # Panics
///
/// When `from` is not a position of the game (above the last square).
pub fn min_rolls_from_with(
    game: &Game,
    from: u32,
    ctl: &Control,
) -> Result<Option<u32>, LimitError> {
    assert!(
        from <= game.goal(),
        "position {from} is past the last square"
    );
    ctl.admit_by("the fewest-rolls search", || {
        estimate(game, Search::MinRolls)
    })?;
    let mut meter = ctl.meter();
    if limited(game) {
        return Ok(StreakSearch::search(game, from, true, &mut meter)?.goal);
    }
    bfs(game, from, true, &mut meter, |_, _| {})
}

/// The fewest rolls and one optimal sequence of moves.
///
/// The search keeps the layer of every square in half a byte (four bit
/// planes a word of squares) rather than a `u32` distance, and rebuilds the
/// sequence backwards from the goal through the few squares on optimal
/// sequences.
///
/// # Errors
///
/// [`LimitError::Alloc`] when the search's tables cannot be allocated: the
/// `_with` form under [`Control::default`], which sets no budget.
pub fn solve(game: &Game) -> Result<Solution, LimitError> {
    solve_with(game, &Control::default())
}

/// [`solve`] under a [`Control`] (see [`min_rolls_with`]).
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
pub fn solve_with(game: &Game, ctl: &Control) -> Result<Solution, LimitError> {
    ctl.admit_by("the fewest-rolls search", || estimate(game, Search::Solve))?;
    let mut meter = ctl.meter();
    if limited(game) {
        let s = StreakSearch::search(game, game.start(), false, &mut meter)?;
        return Ok(Solution {
            min_rolls: s.goal,
            path: s.first_path(game, &mut meter)?,
        });
    }
    let (min_rolls, reached, jumps_to) = search_recorded(game, &mut meter)?;
    let path = match min_rolls {
        Some(k) => first_path(game, &reached, &jumps_to, k, &mut meter)?,
        None => Vec::new(),
    };
    Ok(Solution { min_rolls, path })
}

/// The fewest rolls from the start to every position (`None` where a position
/// cannot be reached, or is only passed over by jumps). Index 0 is the
/// off-board start.
///
/// # Errors
///
/// [`LimitError::Alloc`] when the search's tables cannot be allocated: the
/// `_with` form under [`Control::default`], which sets no budget.
pub fn distances(game: &Game) -> Result<Vec<Option<u32>>, LimitError> {
    distances_with(game, &Control::default())
}

/// [`distances`] under a [`Control`] (see [`min_rolls_with`]).
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
pub fn distances_with(game: &Game, ctl: &Control) -> Result<Vec<Option<u32>>, LimitError> {
    ctl.admit_by("the fewest-rolls search", || estimate(game, Search::Solve))?;
    let mut meter = ctl.meter();
    if limited(game) {
        let s = StreakSearch::search(game, game.start(), false, &mut meter)?;
        let mut dist =
            limits::vec_of_with(game.positions(), None, "the distance table", &ctl.cancel)?;
        for (k, &d) in s.dist.iter().enumerate() {
            let p = s.states.position(k) as usize;
            if d != u32::MAX && dist[p].is_none_or(|e| d < e) {
                dist[p] = Some(d);
            }
        }
        return Ok(dist);
    }
    let mut dist = limits::vec_of_with(
        game.positions(),
        u32::MAX,
        "the distance table",
        &ctl.cancel,
    )?;
    dist[game.start() as usize] = 0;
    bfs(game, game.start(), false, &mut meter, |layer, d| {
        for &(word, bits) in layer {
            set_distances(&mut dist, word as usize, bits, d);
        }
    })?;
    limits::collect_with(
        dist.len(),
        dist.iter().map(|&d| (d != u32::MAX).then_some(d)),
        "the distance table",
        &ctl.cancel,
    )
}

/// How many distinct roll sequences reach the last square in the fewest
/// rolls, or `None` when it cannot be reached. Two different rolls that lead
/// to the same square count as different sequences; where jumps may be
/// declined, the plays are counted (the same roll taking a jump and
/// declining it count as two). The count is exact
/// however large; it grows with the board, so this costs more than the
/// search itself on long boards.
///
/// # Errors
///
/// [`LimitError::Alloc`] when the search's tables cannot be allocated: the
/// `_with` form under [`Control::default`], which sets no budget.
pub fn count_optimal(game: &Game) -> Result<Option<BigUint>, LimitError> {
    count_optimal_with(game, &Control::default())
}

/// [`count_optimal`] under a [`Control`]: refused up front when its
/// estimate ([`Search::Count`], which grows with the fewest rolls
/// times the board, the count having that many digits) is over the budget,
/// and stopped when the token is set.
///
/// # Errors
///
/// [`LimitError`] when refused, stopped, or out of memory.
pub fn count_optimal_with(game: &Game, ctl: &Control) -> Result<Option<BigUint>, LimitError> {
    ctl.admit_by("counting the optimal sequences", || {
        estimate_under(game, Search::Count, &ctl.budget)
    })?;
    let mut meter = ctl.meter();
    if limited(game) {
        return StreakSearch::search(game, game.start(), false, &mut meter)?
            .count(game, &mut meter);
    }
    let dist = distances_with(game, ctl)?;
    let Some(best) = dist[game.goal() as usize] else {
        return Ok(None);
    };
    // Positions by layer: counts flow only from layer d to layer d + 1.
    let mut order: Vec<u32> = (0..game.positions() as u32)
        .filter(|&p| dist[p as usize].is_some_and(|d| d < best))
        .collect();
    order.sort_by_key(|&p| dist[p as usize]);
    let mut count = limits::vec_of(game.positions(), BigUint::default(), "the count table")?;
    count[game.start() as usize] = BigUint::from(1u32);
    for &u in &order {
        let cu = std::mem::take(&mut count[u as usize]);
        let du = dist[u as usize];
        meter.add(cu.bits() / 64 + 1)?;
        for r in game.rules().die.values() {
            let v = game.next(u, r);
            if dist[v as usize].is_some_and(|dv| Some(dv) == du.map(|d| d + 1)) {
                count[v as usize] += &cu;
            }
        }
    }
    Ok(Some(std::mem::take(&mut count[game.goal() as usize])))
}

/// Which of this module's searches an [`estimate`] is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Search {
    /// The fewest rolls alone ([`min_rolls`]).
    MinRolls,
    /// The fewest rolls with a path ([`solve`]), or the distance to every
    /// square ([`distances`]).
    Solve,
    /// The number of optimal roll sequences ([`count_optimal`]).
    Count,
}

/// The memory and work `search` of `game` will take, from the sizes alone
/// (no table is built; counting runs the cheap search for the fewest rolls,
/// which sets how many digits the count has).
///
/// ```
/// use snl::shortest::{self, Search};
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(100_000)?, Rules::default())?;
/// let search = shortest::estimate(&game, Search::Solve);
/// assert!(shortest::estimate(&game, Search::Count).work > search.work);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn estimate(game: &Game, search: Search) -> Estimate {
    estimate_under(game, search, &Budget::UNLIMITED)
}

/// [`estimate`] for a front end that will check it against `budget`: the
/// cheap search counting runs for its estimate is run only when its own
/// estimate fits `budget`, and under it. When it does not fit, the answer is
/// that search's estimate, over `budget` as the count's would be (the count
/// costs at least its search), so a 20-square board with a bonus limit of
/// 10^8 is refused at once instead of searching 2.1 billion states to
/// learn what counting them would cost.
///
/// ```
/// use snl::limits::Budget;
/// use snl::shortest::{self, Search};
/// use snl::{Board, Bonus, Game, Rules};
///
/// let rules = Rules { bonus: Some(Bonus::with_limit(100_000_000)?), ..Rules::default() };
/// let game = Game::new(Board::empty(20)?, rules)?;
/// let count = shortest::estimate_under(&game, Search::Count, &Budget::DEFAULT);
/// assert!(!count.fits(&Budget::DEFAULT));
/// assert_eq!(count, shortest::estimate(&game, Search::MinRolls));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn estimate_under(game: &Game, search: Search, budget: &Budget) -> Estimate {
    let n = game.positions() as f64;
    let states = n * f64::from(game.streaks());
    let faces = game.rules().die.values().count() as f64;
    let jumps = game.board().jump_count() as f64;
    if limited(game) {
        // The search over (position, streak) pairs: distance, parent and
        // queue, 16 bytes a state; each face played once.
        let search_alone = Estimate::from_f64(states * 16.0, states * faces * 8.0);
        return match search {
            Search::Count if !search_alone.fits(budget) => search_alone,
            Search::Count => search_alone.then(count_estimate(game, states, faces, budget)),
            _ => search_alone,
        };
    }
    match search {
        Search::MinRolls => Estimate::from_f64(n * 0.5, n * 0.25 + jumps * faces),
        Search::Solve => Estimate::from_f64(n * 5.5, n * 2.0 + jumps * faces * 4.0),
        Search::Count => {
            let min_rolls = estimate(game, Search::MinRolls);
            if !min_rolls.fits(budget) {
                return min_rolls;
            }
            Estimate::from_f64(n * 5.5, n * 2.0).then(count_estimate(game, states, faces, budget))
        }
    }
}

/// Counting optimal sequences: exact integers that grow by up to
/// `log2(faces)` bits a roll, added once per face and position.
fn count_estimate(game: &Game, states: f64, faces: f64, budget: &Budget) -> Estimate {
    // The count of sequences of `d` rolls has at most d·log2(faces) bits.
    // The fewest rolls come from the cheap search, under `budget`; a board
    // where the goal cannot be reached counts nothing, and one whose search
    // cannot even be allocated cannot be counted.
    let d = match min_rolls_from_with(game, game.start(), &Control::new(*budget)) {
        Ok(Some(d)) => d,
        Ok(None) => return Estimate::default(),
        Err(_) => return Estimate::new(u64::MAX, u64::MAX),
    };
    let bits = f64::from(d) * faces.max(2.0).log2() + 64.0;
    let words = bits / 64.0;
    // One number a position on the two layers in play, and the vector of
    // them all.
    Estimate::from_f64(
        states * 32.0 + faces * 2.0 * words * 8.0 * 1024.0,
        states * faces * (words + 4.0),
    )
}

/// Whether the search runs over [`Game::choice_states`] with each move
/// played through [`Game::play`], rather than a word of positions at a
/// time: when a bonus limit constrains the sequences of rolls, or when some
/// jump may be declined, so that a roll may lead to more than one resting
/// place ([`Game::rests`]).
fn limited(game: &Game) -> bool {
    game.rules().bonus_limit().is_some() || game.declinable()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Bonus, Die, Finish, Rules, Start};

    use crate::game::tests::game;

    // The searches of these small boards always have their tables.
    fn min_rolls(game: &Game) -> Option<u32> {
        super::min_rolls(game).unwrap()
    }
    fn solve(game: &Game) -> Solution {
        super::solve(game).unwrap()
    }
    fn distances(game: &Game) -> Vec<Option<u32>> {
        super::distances(game).unwrap()
    }
    fn count_optimal(game: &Game) -> Option<BigUint> {
        super::count_optimal(game).unwrap()
    }

    #[test]
    fn seed_twenty_square_board() {
        let g = game(20, &[(2, 19), (12, 15), (9, 2)], Rules::default());
        let s = solve(&g);
        assert_eq!(s.min_rolls, Some(2));
        assert_eq!(
            s.path,
            vec![
                Move {
                    roll: 1,
                    land: 2,
                    to: 19
                },
                Move {
                    roll: 1,
                    land: 20,
                    to: 20
                }
            ]
        );
        assert_eq!(count_optimal(&g), Some(BigUint::from(1u32)));
    }

    #[test]
    fn empty_boards() {
        let g = game(8, &[], Rules::default());
        assert_eq!(min_rolls(&g), Some(2));
        // 6+1, 5+2, 4+3, 3+4, 2+5, 1+6: the seed lists these six.
        assert_eq!(count_optimal(&g), Some(BigUint::from(6u32)));
        assert_eq!(min_rolls(&game(1, &[], Rules::default())), Some(0));
        assert_eq!(solve(&game(1, &[], Rules::default())).path, vec![]);
        let off = Rules {
            start: Start::OffBoard,
            ..Rules::default()
        };
        assert_eq!(min_rolls(&game(1, &[], off)), Some(1));
    }

    #[test]
    fn unreachable_goal() {
        // Every square 2..=7 sends the pawn back to 1.
        let jumps: Vec<(u32, u32)> = (2..=7).map(|s| (s, 1)).collect();
        let g = game(10, &jumps, Rules::default());
        assert_eq!(min_rolls(&g), None);
        assert_eq!(solve(&g).path, vec![]);
        assert_eq!(count_optimal(&g), None);
        assert_eq!(distances(&g)[8], None);
    }

    #[test]
    fn finish_rules_change_the_answer() {
        // Six squares and a die that shows 1 or 6; the last square is five
        // away. Exactly, only five 1s reach it. A 6 bounces back from 6 to
        // square 5, one short. Passing, a 6 finishes at once.
        let with = |finish| Rules {
            finish,
            die: "1,0,0,0,0,1".parse().unwrap(),
            ..Rules::default()
        };
        assert_eq!(min_rolls(&game(6, &[], with(Finish::Exact))), Some(5));
        let bounce = solve(&game(6, &[], with(Finish::Bounce)));
        assert_eq!(bounce.min_rolls, Some(2));
        let landed: Vec<(u32, u32)> = bounce.path.iter().map(|m| (m.roll, m.land)).collect();
        assert_eq!(landed, vec![(6, 5), (1, 6)]);
        assert_eq!(min_rolls(&game(6, &[], with(Finish::Pass))), Some(1));
        // A 2d6 never shows 1, so on two squares only an overshoot ends
        // the game: never exactly, at once by passing or by bouncing an odd
        // total back onto square 2.
        let two = |finish| Rules {
            finish,
            die: "2d6".parse().unwrap(),
            ..Rules::default()
        };
        assert_eq!(min_rolls(&game(2, &[], two(Finish::Exact))), None);
        assert_eq!(min_rolls(&game(2, &[], two(Finish::Pass))), Some(1));
        assert_eq!(min_rolls(&game(2, &[], two(Finish::Bounce))), Some(1));
    }

    #[test]
    fn from_past_a_dead_end_the_bonus_limit_is_the_way_back() {
        // From square 4 every roll of 3 to 6 overshoots an exact finish;
        // a 6, the top, is the first in a row under a limit of 1 and sends
        // the pawn back to square 1, whose ladder it does not take, and a
        // 5 from there finishes.
        let rules = Rules {
            die: Die::weighted(vec![0, 0, 1, 3, 3, 1]).unwrap(),
            finish: Finish::Exact,
            bonus: Some(Bonus::with_limit(1).unwrap()),
            ..Rules::default()
        };
        let g = game(6, &[(1, 6)], rules);
        assert_eq!(min_rolls_from(&g, 4).unwrap(), Some(2));
        assert_eq!(min_rolls(&g), Some(1));
    }

    #[test]
    fn bonus_limit_forbids_top_streaks() {
        let with = |limit: Option<u32>| Rules {
            bonus: Some(limit.map_or(Bonus::unlimited(), |n| Bonus::with_limit(n).unwrap())),
            ..Rules::default()
        };
        // Twelve squares to go: 6 + 6, unless two tops in a row are barred.
        assert_eq!(min_rolls(&game(13, &[], with(None))), Some(2));
        assert_eq!(min_rolls(&game(13, &[], with(Some(3)))), Some(2));
        assert_eq!(min_rolls(&game(13, &[], with(Some(2)))), Some(3));
        assert_eq!(min_rolls(&game(13, &[], with(Some(1)))), Some(3));
        let s = solve(&game(13, &[], with(Some(2))));
        let rolls: Vec<u32> = s.path.iter().map(|m| m.roll).collect();
        assert_eq!(rolls, vec![1, 5, 6]);
        // Three rolls adding up to 12 without two 6s in a row: counted
        // against the exhaustive search.
        let g = game(13, &[], with(Some(2)));
        let brute = crate::brute::search(&g).unwrap();
        assert_eq!(
            count_optimal(&g),
            Some(BigUint::from(brute.optimal_sequences))
        );
        assert_eq!(brute.path, s.path);
        assert_eq!(distances(&g)[13], Some(3));
        assert_eq!(distances(&g)[7], Some(1));
    }

    #[test]
    fn declined_jumps_are_played() {
        use crate::rules::{Die, Optional};
        let with = |die: &str, optional| Rules {
            die: die.parse::<Die>().unwrap(),
            optional,
            ..Rules::default()
        };
        // Only 6s: the snake on 7 must be declined to reach 13 exactly.
        let snake = |optional| game(13, &[(7, 2)], with("0,0,0,0,0,1", optional));
        assert_eq!(min_rolls(&snake(Optional::None)), None);
        assert_eq!(min_rolls(&snake(Optional::Ladders)), None);
        let s = solve(&snake(Optional::Snakes));
        let moves: Vec<(u32, u32, u32)> = s.path.iter().map(|m| (m.roll, m.land, m.to)).collect();
        assert_eq!(moves, [(6, 7, 7), (6, 13, 13)]);
        // Only 3s: climbing 4 -> 8 overshoots 10 for ever; staying on 4
        // reaches it.
        let ladder = game(10, &[(4, 8)], with("0,0,1", Optional::Ladders));
        assert_eq!(min_rolls(&ladder), Some(3));
        assert_eq!(count_optimal(&ladder), Some(BigUint::from(1u32)));
        assert_eq!(distances(&ladder)[4], Some(1));
        assert_eq!(distances(&ladder)[8], Some(1));
        // Chaining 4 -> 5 -> 11 with only 3s: taking both jumps from 1
        // rests on the goal at once.
        let g = game(
            11,
            &[(4, 5), (5, 11)],
            Rules {
                chain: true,
                ..with("0,0,1", Optional::All)
            },
        );
        assert_eq!(solve(&g).path.len(), 1);
        let g = game(
            11,
            &[(4, 5), (5, 9)],
            Rules {
                chain: true,
                ..with("0,0,1", Optional::All)
            },
        );
        // 9 is two short of 11 with only 3s; stopping on 5 reaches 8 and
        // 11: take the first jump, decline the second.
        let s = solve(&g);
        let moves: Vec<(u32, u32, u32)> = s.path.iter().map(|m| (m.roll, m.land, m.to)).collect();
        assert_eq!(moves, [(3, 4, 5), (3, 8, 8), (3, 11, 11)]);
    }

    #[test]
    fn large_board_matches_slow_path() {
        // A board long enough that most moves take the word-at-a-time path.
        let n = 5000;
        let jumps: Vec<(u32, u32)> = (1..n - 1)
            .filter(|s| s % 7 == 3)
            .map(|s| {
                (
                    s,
                    if s % 2 == 0 {
                        s / 2 + 1
                    } else {
                        (s + 40).min(n - 1)
                    },
                )
            })
            .collect();
        let g = game(n, &jumps, Rules::default());
        let fast = distances(&g);
        // The same distances by repeated relaxation, using only Game::next.
        let mut slow = vec![u32::MAX; n as usize + 1];
        slow[1] = 0;
        loop {
            let mut changed = false;
            for u in 1..n {
                if slow[u as usize] == u32::MAX {
                    continue;
                }
                for r in 1..=6 {
                    let v = g.next(u, r) as usize;
                    if slow[u as usize] + 1 < slow[v] {
                        slow[v] = slow[u as usize] + 1;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for s in 1..=n as usize {
            assert_eq!(
                fast[s],
                (slow[s] != u32::MAX).then_some(slow[s]),
                "square {s}"
            );
        }
    }

    /// A search stopped while its layers are recorded on the second thread
    /// gives the stop, and leaves no thread behind waiting for layers.
    #[test]
    fn a_stop_ends_the_recording_apart_too() {
        use crate::limits::Cancel;
        use std::time::{Duration, Instant};

        let jumps: Vec<(u32, u32)> = (1..1_000_000u32)
            .filter(|s| s % 11 == 5)
            .map(|s| (s, s / 3 + 1))
            .collect();
        let g = game(1_000_000, &jumps, Rules::default());
        assert!(g.positions() >= path::RECORD_APART_FROM);
        for wait in [0, 1, 5] {
            let ctl = Control {
                cancel: Cancel::new().with_deadline(Instant::now() + Duration::from_millis(wait)),
                budget: Budget::UNLIMITED,
            };
            assert_eq!(solve_with(&g, &ctl), Err(LimitError::Deadline), "{wait} ms");
        }
    }

    /// The path rebuilt from the coded layers ([`Reached`], whose far list
    /// takes every square more than one layer past its word's first in
    /// these tests) is the one the search over states finds from its
    /// explicit edges, on random boards under every finish rule and die.
    #[test]
    fn coded_layers_give_the_path_of_the_state_search() {
        use crate::rng::SplitMix64;
        use crate::{Board, Die, Jump};

        let mut rng = SplitMix64::new(13);
        let mut checked = 0;
        for case in 0..300 {
            let n = 2 + rng.below(700) as u32;
            let mut starts = std::collections::BTreeSet::new();
            let jumps: Vec<Jump> = (0..rng.below(u64::from(n) / 3 + 1))
                .filter_map(|_| {
                    let from = 2 + rng.below(u64::from(n - 1)) as u32;
                    let to = 1 + rng.below(u64::from(n)) as u32;
                    (from < n && to != from && starts.insert(from)).then_some(Jump { from, to })
                })
                .collect();
            let Ok(board) = Board::new(n, jumps) else {
                continue;
            };
            let rules = Rules {
                die: Die::uniform(1 + rng.below(if case % 10 == 0 { 80 } else { 8 }) as u32)
                    .unwrap(),
                finish: [Finish::Exact, Finish::Pass, Finish::Bounce][case % 3],
                chain: case % 4 == 0,
                start: if case % 5 == 0 {
                    Start::OffBoard
                } else {
                    Start::default()
                },
                ..Rules::default()
            };
            let Ok(g) = Game::new(board, rules) else {
                continue;
            };
            let ctl = Control::default();
            let mut meter = ctl.meter();
            let states = StreakSearch::search(&g, g.start(), false, &mut meter).unwrap();
            let s = solve(&g);
            assert_eq!(s.min_rolls, states.goal, "case {case}");
            assert_eq!(
                s.path,
                states.first_path(&g, &mut meter).unwrap(),
                "case {case}"
            );
            checked += 1;
        }
        assert!(checked > 200, "only {checked} boards were playable");
    }
}
