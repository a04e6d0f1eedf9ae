//! The rules and choices each analysis plays, and the refusal of those
//! it does not.

use super::admit::Analysis;
use crate::game::Game;
use crate::rules::Optional;

/// A rule of the game, or a choice of the player, an analysis does not
/// play: refused by [`honoured`] and [`honoured_choosing`] rather than
/// silently left out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unhonoured {
    /// The rules let a player decline jumps.
    #[error(
        "{analysis} cannot play optional jumps (the rules say `optional: {optional}`); set `optional` to `none` to take every jump, or ask for the expected length, which plays the best choice"
    )]
    Optional {
        /// The analysis, as [`Analysis::noun`] names it.
        analysis: &'static str,
        /// The rule it does not play.
        optional: Optional,
    },
    /// The player picks a die before each roll.
    #[error(
        "{analysis} cannot play a die picked before each roll (choosing from {dice}), only the rules' die: leave out the dice to choose from, or ask for the expected length, which plays the best choice"
    )]
    Dice {
        /// The analysis, as [`Analysis::noun`] names it, or several joined
        /// by "and": the sentence reads for either.
        analysis: &'static str,
        /// The dice picked from, as `--choose-die` reads each, joined by
        /// `; `.
        dice: String,
    },
}

/// Refuses the analyses of `game` that would not play its rules: the best
/// play under a real die ([`Analysis::Choice`]) and the fewest-rolls
/// searches ([`Analysis::Shortest`], which follow both resting places of a
/// jump that may be declined) play optional jumps; every other analysis
/// takes every jump, so none of them is run on a game whose jumps may be
/// declined. What a front end calls with [`super::admit`], before any analysis
/// starts.
///
/// # Errors
///
/// [`Unhonoured`] for the first analysis that does not play the rules.
///
/// ```
/// use snl::plan::{self, Analysis};
/// use snl::shortest::Search;
/// use snl::{Board, Game, Optional, Rules};
///
/// let rules = Rules { optional: Optional::Ladders, ..Rules::default() };
/// let game = Game::new(Board::empty(10)?, rules)?;
/// assert!(plan::honoured(&game, &[Analysis::Choice { faces: 6 }]).is_ok());
/// assert!(plan::honoured(&game, &[Analysis::Shortest(Search::Solve)]).is_ok());
/// let err = plan::honoured(&game, &[Analysis::Race { players: 2 }]).unwrap_err();
/// assert!(err.to_string().starts_with("the race cannot play optional jumps"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn honoured(game: &Game, analyses: &[Analysis]) -> Result<(), Unhonoured> {
    honoured_choosing(game, &[], analyses)
}

/// [`honoured`] for a player who also picks one of `dice` before each roll
/// (none: the rules' die, as [`crate::choice::Options::dice`]): only
/// [`Analysis::Choice`] plays that pick, so every other analysis (the
/// fewest rolls, the plain game's statistics and pictures, races, duels,
/// simulations) is refused, as it would be of the rules' die alone. What
/// the front ends that offer dice to pick from call, so that none of them
/// answers for the plain game in its place.
///
/// # Errors
///
/// [`Unhonoured::Optional`] for the first analysis that does not play
/// optional jumps, else [`Unhonoured::Dice`] for the first that does not
/// play the pick of a die.
///
/// ```
/// use snl::plan::{self, Analysis};
/// use snl::{Board, Die, Game, Rules};
///
/// let game = Game::new(Board::empty(10)?, Rules::default())?;
/// let dice: Vec<Die> = vec!["d6".parse()?, "1,1,1,0,0,0".parse()?];
/// assert!(plan::honoured_choosing(&game, &dice, &[Analysis::Choice { faces: 12 }]).is_ok());
/// let err = plan::honoured_choosing(&game, &dice, &[Analysis::Race { players: 2 }]).unwrap_err();
/// assert!(err.to_string().starts_with("the race cannot play a die picked before each roll"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn honoured_choosing(
    game: &Game,
    dice: &[crate::rules::Die],
    analyses: &[Analysis],
) -> Result<(), Unhonoured> {
    let optional = game.rules().optional;
    let declining = analyses
        .iter()
        .find(|a| !matches!(a, Analysis::Choice { .. } | Analysis::Shortest(_)));
    if let (false, Some(a)) = (optional.is_none(), declining) {
        return Err(Unhonoured::Optional {
            analysis: a.noun(),
            optional,
        });
    }
    let other = analyses
        .iter()
        .find(|a| !matches!(a, Analysis::Choice { .. }));
    let Some(a) = other else {
        return Ok(());
    };
    if !dice.is_empty() {
        let dice: Vec<String> = dice.iter().map(ToString::to_string).collect();
        return Err(Unhonoured::Dice {
            analysis: a.noun(),
            dice: dice.join("; "),
        });
    }
    Ok(())
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::markov::Measure;
    use crate::rules::Rules;
    use crate::shortest::Search;
    #[test]
    fn only_the_best_play_honours_dice_to_pick_from() {
        let game = Game::new(Board::empty(20).unwrap(), Rules::default()).unwrap();
        let dice: Vec<crate::rules::Die> = vec!["d6".parse().unwrap(), "d4".parse().unwrap()];
        let choice = Analysis::Choice { faces: 10 };
        assert_eq!(honoured_choosing(&game, &dice, &[choice]), Ok(()));
        // No dice: the plain game's analyses play it.
        let race = Analysis::Race { players: 2 };
        assert_eq!(honoured_choosing(&game, &[], &[choice, race]), Ok(()));
        for other in [
            race,
            Analysis::Duel,
            Analysis::Shortest(Search::Solve),
            Analysis::Markov(Measure::Mean),
        ] {
            let err = honoured_choosing(&game, &dice, &[choice, other]).unwrap_err();
            assert_eq!(
                err,
                Unhonoured::Dice {
                    analysis: other.noun(),
                    dice: "d6; d4".to_string()
                }
            );
            assert!(err.to_string().contains("choosing from d6; d4"), "{err}");
        }
        // Optional jumps are named first, as `honoured` names them.
        let rules = Rules {
            optional: Optional::Snakes,
            ..Rules::default()
        };
        let game = Game::new(Board::empty(20).unwrap(), rules).unwrap();
        assert!(matches!(
            honoured_choosing(&game, &dice, &[race]),
            Err(Unhonoured::Optional { .. })
        ));
        // The searches play optional jumps, not dice to pick from.
        let search = Analysis::Shortest(Search::Count);
        assert_eq!(honoured(&game, &[search, choice]), Ok(()));
        assert!(matches!(
            honoured_choosing(&game, &dice, &[search]),
            Err(Unhonoured::Dice { .. })
        ));
        assert!(matches!(
            honoured(&game, &[search, Analysis::Duel]),
            Err(Unhonoured::Optional { analysis, .. }) if analysis == Analysis::Duel.noun()
        ));
    }
}
