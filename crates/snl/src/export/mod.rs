//! The game written for the tools of the field: a model in the PRISM
//! language or in JANI for probabilistic model checkers (PRISM, Storm, the
//! Modest Toolset), with the properties that ask them snl's questions, the
//! chain as a state diagram in Graphviz's DOT language or in TikZ, and the
//! game's length as a discrete phase-type distribution.
//!
//! # The model
//!
//! The states are those a game from the start reaches, numbered as
//! [`Game::states`] numbers them (and as [`crate::markov::matrix`] numbers
//! the rows of the transition matrix): without bonus rolls, state `k` is
//! square `k`. Chances are exact fractions of the die's weights. The last
//! square absorbs, and `"finished"` labels it. Every roll earns the reward
//! `"rolls"` (and one that starts a turn, under the bonus rule, `"turns"`),
//! so that the expected reward until `"finished"` is snl's mean.
//!
//! A game without choices is a Markov chain (`dtmc`). With a choice of
//! dice ([`Options::dice`]) or jumps that may be declined
//! ([`Rules::optional`](crate::Rules::optional)) it is a Markov decision
//! process (`mdp`): before each roll an action a die (`d1`, `d2`, ...),
//! and a pawn that lands on the start of a jump it may decline comes to a
//! pending state (a second variable `c` is 1) whose actions are `take` and
//! `stay`. The least expected reward is then the best play's mean.
//!
//! ```
//! use snl::export::{self, Form, Options};
//! use snl::limits::Control;
//! use snl::{Board, Game, Jump, Rules};
//!
//! let board = Board::new(10, [Jump { from: 4, to: 9 }, Jump { from: 8, to: 2 }])?;
//! let game = Game::new(board, Rules::default())?;
//! let prism = export::export(&game, Form::Prism, &Options::default(), &Control::default())?;
//! assert!(prism.text.contains("\ndtmc\n"));
//! assert!(prism.properties.unwrap().contains("R{\"rolls\"}=? [ F \"finished\" ]"));
//! let dot = export::export(&game, Form::Dot, &Options::default(), &Control::default())?;
//! // The foot of the ladder from 4 is never rested on: no node.
//! assert!(dot.text.starts_with("digraph snl {") && !dot.text.contains("s4 "));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::game::Game;
use crate::limits::{Control, Estimate, LimitError};
use crate::rules::Die;

mod dot;
mod jani;
mod model;
mod phase_type;
mod prism;
mod text;
mod tikz;

pub use model::{Act, Action, Branch, Model, Node, build, most_nodes};

/// The most states a diagram draws (past a few thousand nodes no layout is
/// readable, and Graphviz takes minutes), and a phase-type distribution
/// holds (its matrix is dense).
pub const MAX_DIAGRAM_STATES: u64 = 2_000;

/// The most states a PRISM model holds: its variable is a 32-bit integer.
pub const MAX_MODEL_STATES: u64 = i32::MAX as u64;

/// A form to export to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Form {
    /// A model in the PRISM language, with a properties file.
    Prism,
    /// The same model in JANI, the JSON interchange format of the
    /// quantitative verification tools, its properties inside.
    Jani,
    /// The chain as a state diagram in Graphviz's DOT language.
    Dot,
    /// The chain as a state diagram in TikZ, for a LaTeX document.
    Tikz,
    /// The game's length as a discrete phase-type distribution `(α, T)`,
    /// in JSON.
    PhaseType,
}

impl Form {
    /// The form's name, as the command spells it.
    pub fn name(self) -> &'static str {
        match self {
            Form::Prism => "prism",
            Form::Jani => "jani",
            Form::Dot => "dot",
            Form::Tikz => "tikz",
            Form::PhaseType => "phase-type",
        }
    }

    /// Whether the form is a model a model checker reads (a chain or a
    /// decision process, with properties), not a diagram or a distribution.
    pub fn is_model(self) -> bool {
        matches!(self, Form::Prism | Form::Jani)
    }

    /// The most states of a game this form holds.
    pub fn max_states(self) -> u64 {
        match self {
            Form::Prism | Form::Jani => MAX_MODEL_STATES,
            Form::Dot | Form::Tikz | Form::PhaseType => MAX_DIAGRAM_STATES,
        }
    }
}

/// What to export besides the game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// The dice the player picks one of before each roll; empty for the
    /// rules' die.
    pub dice: Vec<Die>,
    /// The numbers of rolls to ask the chance of finishing within (the
    /// properties `P=? [ F<=K "finished" ]`).
    pub within: Vec<usize>,
    /// The first lines, as comments (the board's name and rules, say).
    pub heading: String,
    /// Squares to aim at, as `(first, last)` runs of squares a pawn rests
    /// on: the PRISM model labels their states `"target"`, and the
    /// properties ask the chance of ever resting there and the expected
    /// rolls until then (`snl expect --target`). Empty for none.
    pub target: Vec<(u32, u32)>,
}

/// A game written out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    /// The form.
    pub form: Form,
    /// The model or diagram.
    pub text: String,
    /// The properties, for a PRISM model ([`Form::Prism`]; a JANI model
    /// holds its own).
    pub properties: Option<String>,
    /// The states (and pending choices) written.
    pub states: usize,
    /// Whether the model has choices (an `mdp`).
    pub choices: bool,
}

/// Why a game was not exported.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExportError {
    /// The game has more states than the form holds.
    TooLarge {
        /// The form.
        form: Form,
        /// The game's states.
        states: u64,
        /// The most the form holds.
        limit: u64,
    },
    /// A diagram or a phase-type distribution is of a chain, and the game
    /// has choices.
    Choices,
    /// Refused over the budget, or stopped.
    Limit(LimitError),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::TooLarge {
                form: Form::Dot | Form::Tikz,
                states,
                limit,
            } => write!(
                f,
                "a state diagram draws the states of the game, and this one has {states} states, more than a picture can show (at most {limit}); --to prism writes a model of any size, and `snl matrix --to mtx` the transition matrix"
            ),
            ExportError::TooLarge {
                form: Form::PhaseType,
                states,
                limit,
            } => write!(
                f,
                "this game has {states} states, more than a phase-type distribution's dense matrix holds here (at most {limit}); --to prism writes a model of any size, and `snl matrix --to mtx` the transition matrix"
            ),
            ExportError::TooLarge {
                form,
                states,
                limit,
            } => write!(
                f,
                "this game has {states} states, more than a {} model holds (at most {limit})",
                form.name()
            ),
            ExportError::Choices => write!(
                f,
                "a state diagram or a phase-type distribution is of a game without choices, and this one has them (optional jumps or a choice of dice); --to prism writes it as a decision process"
            ),
            ExportError::Limit(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ExportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ExportError::Limit(e) => Some(e),
            _ => None,
        }
    }
}

impl From<LimitError> for ExportError {
    fn from(e: LimitError) -> ExportError {
        ExportError::Limit(e)
    }
}

/// What exporting `game` in `form` with `options` takes: each node holds
/// its branches (about 40 bytes each, and the text's line about 40 more,
/// or 120 in JANI's longer JSON), a branch a face of every die.
pub fn estimate(game: &Game, form: Form, options: &Options) -> Estimate {
    let faces: u64 = if options.dice.is_empty() {
        u64::from(game.rules().die.max())
    } else {
        options.dice.iter().map(|d| u64::from(d.max())).sum()
    };
    let nodes = most_nodes(game);
    let branches = nodes.saturating_mul(faces.max(2));
    let per_branch = if form == Form::Jani { 160 } else { 80 };
    Estimate::new(
        branches
            .saturating_mul(per_branch)
            .saturating_add(nodes.saturating_mul(2)),
        branches,
    )
}

/// Exports `game` in `form`.
///
/// # Errors
///
/// [`ExportError::TooLarge`] for a game with more states than the form
/// holds, [`ExportError::Choices`] for a diagram or a phase-type
/// distribution of a game with choices,
/// and [`ExportError::Limit`] when refused over the budget or stopped; all
/// before any text is written.
pub fn export(
    game: &Game,
    form: Form,
    options: &Options,
    ctl: &Control,
) -> Result<Exported, ExportError> {
    let states = game.states().len() as u64;
    if states > form.max_states() {
        return Err(ExportError::TooLarge {
            form,
            states,
            limit: form.max_states(),
        });
    }
    let choosing = options.dice.len() > 1 || game.declinable();
    if !form.is_model() && choosing {
        return Err(ExportError::Choices);
    }
    ctl.admit("the export", estimate(game, form, options))?;
    let model = build(game, &options.dice, ctl)?;
    let bonus = game.rules().bonus.is_some();
    let (text, properties) = match form {
        Form::Prism => (
            prism::model(&model, &options.heading, bonus, &options.target),
            Some(prism::properties(
                &model,
                &options.within,
                !options.target.is_empty(),
                bonus,
            )),
        ),
        Form::Jani => (
            jani::model(
                &model,
                &options.heading,
                bonus,
                &options.within,
                &options.target,
            ),
            None,
        ),
        Form::Dot => (dot::diagram(&model, &options.heading, bonus), None),
        Form::Tikz => (tikz::diagram(&model, &options.heading, bonus), None),
        Form::PhaseType => (phase_type::json(&model, &options.heading), None),
    };
    Ok(Exported {
        form,
        text,
        properties,
        states: model.nodes.len(),
        choices: model.has_choices(),
    })
}

#[cfg(test)]
mod tests {
    use super::model::tests::game;
    use super::*;
    use crate::rules::{Bonus, Optional, Rules};

    /// The nonzeros of the transition matrix's rows of the states a model
    /// holds.
    fn reached_nonzeros(g: &Game, model: &Model) -> usize {
        let p = crate::markov::transition_matrix(g).unwrap();
        model
            .nodes
            .iter()
            .map(|(n, _)| match n {
                Node::Rest(k) | Node::Pending(k) => p.row(*k).count(),
            })
            .sum()
    }

    #[test]
    fn a_diagram_refuses_choices_and_size() {
        let rules = Rules {
            optional: Optional::All,
            ..Rules::default()
        };
        let g = game(10, &[(4, 9)], rules);
        let err = export(&g, Form::Dot, &Options::default(), &Control::default()).unwrap_err();
        assert_eq!(err, ExportError::Choices);
        let big = game(3000, &[], Rules::default());
        let err = export(&big, Form::Dot, &Options::default(), &Control::default()).unwrap_err();
        assert!(err.to_string().contains("3001 states"), "{err}");
    }

    #[test]
    fn a_model_with_choices_is_a_decision_process() {
        let rules = Rules {
            optional: Optional::All,
            bonus: Some(Bonus::with_limit(3).unwrap()),
            ..Rules::default()
        };
        let g = game(10, &[(4, 9)], rules);
        let options = Options {
            within: vec![5],
            ..Options::default()
        };
        let e = export(&g, Form::Prism, &options, &Control::default()).unwrap();
        assert!(e.choices && e.text.contains("\nmdp\n") && e.text.contains("[take] s="));
        let props = e.properties.unwrap();
        assert!(
            props.contains("R{\"rolls\"}min=? [ F \"finished\" ]"),
            "{props}"
        );
        assert!(
            props.contains("Pmax=? [ F{\"rolls\"}<=5 \"finished\" ]"),
            "{props}"
        );
        assert!(props.contains("R{\"turns\"}min"), "{props}");
    }

    #[test]
    fn a_diagram_has_an_edge_a_nonzero_of_the_reached_rows() {
        let g = game(30, &[(3, 22), (5, 8), (27, 1), (21, 9)], Rules::default());
        let e = export(&g, Form::Dot, &Options::default(), &Control::default()).unwrap();
        let edges = e.text.lines().filter(|l| l.contains(" -> ")).count();
        let model = build(&g, &[], &Control::default()).unwrap();
        let nonzeros = reached_nonzeros(&g, &model);
        assert_eq!(edges, nonzeros);
        assert!(e.text.contains("tooltip=\"by the ladder 3→22\""));
    }

    #[test]
    fn a_jani_model_is_json_with_an_edge_an_action_and_a_destination_a_branch() {
        let rules = Rules {
            optional: Optional::All,
            bonus: Some(Bonus::with_limit(2).unwrap()),
            ..Rules::default()
        };
        let g = game(12, &[(4, 9), (8, 2)], rules);
        let options = Options {
            within: vec![3],
            ..Options::default()
        };
        let e = export(&g, Form::Jani, &options, &Control::default()).unwrap();
        assert!(e.properties.is_none() && e.choices);
        let doc: serde_json::Value = serde_json::from_str(&e.text).unwrap();
        assert_eq!(doc["type"], "mdp");
        let names: Vec<&str> = doc["properties"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["finishes", "rolls", "turns", "within-3"]);
        let model = build(&g, &[], &Control::default()).unwrap();
        let edges = doc["automata"][0]["edges"].as_array().unwrap();
        let actions: usize = model.nodes.iter().map(|(_, a)| a.len()).sum();
        assert_eq!(edges.len(), actions);
        let branches: usize = model
            .nodes
            .iter()
            .flat_map(|(_, a)| a)
            .map(|a| a.branches.len())
            .sum();
        let destinations: usize = edges
            .iter()
            .map(|e| e["destinations"].as_array().unwrap().len())
            .sum();
        assert_eq!(destinations, branches);
        // A roll earns "rolls"; taking or declining a jump does not.
        for e in edges {
            let earns = e["destinations"][0]["assignments"]
                .as_array()
                .unwrap()
                .iter()
                .any(|a| a["ref"] == "rolls");
            assert_eq!(earns, e["action"] == "roll", "{e}");
        }
    }

    #[test]
    fn a_tikz_diagram_has_an_edge_a_nonzero_of_the_reached_rows() {
        let g = game(30, &[(3, 22), (5, 8), (27, 1), (21, 9)], Rules::default());
        let e = export(&g, Form::Tikz, &Options::default(), &Control::default()).unwrap();
        let edges = e.text.lines().filter(|l| l.starts_with("\\draw[")).count();
        let model = build(&g, &[], &Control::default()).unwrap();
        let nonzeros = reached_nonzeros(&g, &model);
        assert_eq!(edges, nonzeros);
        assert_eq!(
            e.text.lines().filter(|l| l.starts_with("\\node[")).count(),
            model.nodes.len()
        );
        assert!(
            e.text
                .contains("\\draw[ladder] (s1) to[bend left=10] node[chance] {1/6} (s22);")
        );
        let rules = Rules {
            optional: Optional::All,
            ..Rules::default()
        };
        let err = export(
            &game(10, &[(4, 9)], rules),
            Form::Tikz,
            &Options::default(),
            &Control::default(),
        )
        .unwrap_err();
        assert_eq!(err, ExportError::Choices);
    }

    #[test]
    fn a_phase_type_distribution_is_the_chain_without_its_end() {
        let g = game(10, &[(4, 9), (8, 2)], Rules::default());
        let e = export(
            &g,
            Form::PhaseType,
            &Options::default(),
            &Control::default(),
        )
        .unwrap();
        let doc: serde_json::Value = serde_json::from_str(&e.text).unwrap();
        // Squares 1, 2, 3, 5, 6, 7, 9: every one reached but the feet and
        // the last square.
        assert_eq!(doc["squares"], serde_json::json!([1, 2, 3, 5, 6, 7, 9]));
        assert_eq!(doc["alpha"][0], 1.0);
        let t = doc["T"].as_array().unwrap();
        for (row, exit) in t.iter().zip(doc["exit"].as_array().unwrap()) {
            let sum: f64 = row
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .sum();
            assert!((sum + exit.as_f64().unwrap() - 1.0).abs() < 1e-15);
        }
    }
}
