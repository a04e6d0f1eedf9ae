//! Whether the optimal sequences are counted.

use super::admit::{Analysis, estimate_under};
use crate::game::Game;
use crate::limits::{Budget, Estimate};
use crate::shortest::Search;

/// The largest board (in squares) whose optimal sequences a front end
/// counts without being asked: [`crate::shortest::count_optimal`] adds
/// numbers of up to millions of digits on long boards, which costs far more
/// than the search. `snl solve` counts above it only with `--count`; the
/// studio leaves the count out above it. See [`counting`].
pub const COUNT_LIMIT: u32 = 200_000;

/// Whether to count the optimal sequences, and if not, why: what
/// [`counting`] decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Counting {
    /// Count them.
    Count,
    /// Not unless asked: the board has more than [`COUNT_LIMIT`] squares.
    TooLong,
    /// Not: counting them is estimated over the budget, at this.
    OverBudget(Estimate),
}

/// Whether the optimal sequences of `game` are counted: when `asked`, or
/// when its board has at most [`COUNT_LIMIT`] squares; and then only when
/// the count's estimate fits `budget` (it is left out, not refused).
///
/// ```
/// use snl::limits::Budget;
/// use snl::plan::{self, Counting};
/// use snl::{Board, Game, Rules};
///
/// let game = Game::new(Board::empty(100)?, Rules::default())?;
/// assert_eq!(plan::counting(&game, false, &Budget::DEFAULT), Counting::Count);
/// let long = Game::new(Board::empty(300_000)?, Rules::default())?;
/// assert_eq!(plan::counting(&long, false, &Budget::DEFAULT), Counting::TooLong);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn counting(game: &Game, asked: bool, budget: &Budget) -> Counting {
    if !asked && game.goal() > COUNT_LIMIT {
        return Counting::TooLong;
    }
    // The estimate runs a search of its own: only under a limit.
    if !budget.is_unlimited() {
        let cost = estimate_under(game, Analysis::Shortest(Search::Count), budget);
        if !cost.fits(budget) {
            return Counting::OverBudget(cost);
        }
    }
    Counting::Count
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::plan::{admit, estimate};
    use crate::rules::Rules;
    #[test]
    fn counting_over_the_budget_is_left_out() {
        let game = Game::new(Board::empty(100_000).unwrap(), Rules::default()).unwrap();
        let tight = Budget {
            memory: 1 << 30,
            work: 1000,
        };
        assert!(matches!(
            counting(&game, true, &tight),
            Counting::OverBudget(e) if e.work > 1000
        ));
        assert_eq!(counting(&game, false, &Budget::UNLIMITED), Counting::Count);
    }

    #[test]
    fn counting_a_search_over_the_budget_does_not_run_it() {
        // 20 squares with a bonus limit of 10^8: 2.1 billion states, whose
        // search alone is 34 GB. Counting is refused at the search's size,
        // without running it to learn the fewest rolls.
        let rules = Rules {
            bonus: Some(crate::Bonus::with_limit(100_000_000).unwrap()),
            ..Rules::default()
        };
        let game = Game::new(Board::empty(20).unwrap(), rules).unwrap();
        let search = estimate(&game, Analysis::Shortest(Search::MinRolls));
        assert!(search.memory > 30_000_000_000);
        let start = std::time::Instant::now();
        assert_eq!(
            counting(&game, false, &Budget::DEFAULT),
            Counting::OverBudget(search)
        );
        let refused = admit(
            &game,
            &[Analysis::Shortest(Search::Count)],
            &Budget::DEFAULT,
        );
        assert!(refused.unwrap_err().to_string().contains("34 GB"));
        assert!(start.elapsed().as_secs() < 2, "{:?}", start.elapsed());
    }
}
