//! `design`: the boards a search found, each a board file with its
//! figures, and a search asked for as JSON (what the studio posts).
//!
//! Every board is a [`PairsFile`]: the pairs form with its name and rules,
//! which `snl` reads back as it is, so a found board goes straight into
//! every other command.

use serde::{Deserialize, Serialize};

use crate::board::{Board, Jump};
use crate::design::{
    Design, Fair, Figures, Found, Interval, Request, Space, Target, Targets, Within,
};
use crate::limits::LimitError;
use crate::random::Span;
use crate::rules::{Rules, RulesJson};

/// `design`: what a search found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DesignAnswer {
    /// The number of squares of every board.
    pub squares: u64,
    /// The rules they are played under.
    pub rules: RulesJson,
    /// The seed of the search: the same request and seed give the same
    /// boards.
    pub seed: u64,
    /// Each target asked for, in words: `mean 30..31`.
    pub targets: Vec<String>,
    /// The boards that meet every target, in the order found.
    pub boards: Vec<DesignedBoard>,
    /// When none was found: the board that came closest.
    pub closest: Option<DesignedBoard>,
    /// The candidate boards the search weighed.
    pub candidates: u64,
    /// Why the search stopped before finding every board asked for: `time`
    /// (its time ran out) or `stopped` (it was stopped); `null` when it
    /// found them all.
    pub stopped: Option<DesignStop>,
}

/// Why a search stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum DesignStop {
    /// Its time ran out.
    Time,
    /// It was stopped: Ctrl-C, or a request given up.
    Stopped,
}

/// One board a search found (a line of `snl design --count K`): the board
/// file, and how it stands against the targets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DesignedBoard {
    /// The board file.
    pub board: PairsFile,
    /// Whether it meets every target.
    pub meets: bool,
    /// Each target, met or missed, then each requirement of the board it
    /// misses (only a board given to tune can).
    pub targets: Vec<TargetJson>,
    /// Its figures, by the plain analyses.
    pub figures: FiguresJson,
    /// With a board to tune: the jumps added, removed or moved from it.
    pub changes: Option<u32>,
    /// With a board to tune: each change, in words (`47->26 moved to
    /// 47->30`, `added 4->14`, `removed 62->19`).
    pub changed: Vec<String>,
}

/// A board file in the pairs form, as `snl` reads it: its name, size,
/// ladders, snakes and rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairsFile {
    /// The board's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The number of squares.
    pub squares: u64,
    /// The ladders, `[from, to]`, by starting square.
    pub ladders: Vec<[u32; 2]>,
    /// The snakes, `[from, to]`, by starting square.
    pub snakes: Vec<[u32; 2]>,
    /// The rules.
    pub rules: RulesJson,
}

impl PairsFile {
    /// The file of `board` called `name`, under `rules`.
    pub fn new(board: &Board, name: Option<&str>, rules: &Rules) -> PairsFile {
        let pair = |j: Jump| [j.from, j.to];
        PairsFile {
            name: name.map(str::to_string),
            squares: u64::from(board.squares()),
            ladders: board.ladders().map(pair).collect(),
            snakes: board.snakes().map(pair).collect(),
            rules: RulesJson::from(rules),
        }
    }
}

/// How a board stands against one target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetJson {
    /// The target, in words: `mean 30..31`.
    pub target: String,
    /// Whether the board meets it.
    pub met: bool,
    /// How far the board is from it, in the target's own unit (rolls, a
    /// chance, jumps): 0 when met; `null` when the distance has no size (a
    /// game that may never end, a trap).
    pub off: Option<f64>,
    /// The board's figure, in words.
    pub value: String,
}

/// A designed board's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FiguresJson {
    /// The expected number of rolls; `null` when a game may never end.
    pub mean: Option<f64>,
    /// The standard deviation of the rolls; `null` when a game may never
    /// end.
    pub sd: Option<f64>,
    /// The fewest rolls; `null` when the last square cannot be reached.
    pub min_rolls: Option<u32>,
    /// Whether a pawn with a real die can get stuck for ever.
    pub trap: bool,
    /// The chance of finishing within each number of rolls asked about.
    pub within: Vec<WithinJson>,
    /// With a fairness target: each seat's chance of winning.
    pub win: Option<Vec<f64>>,
}

/// The chance of finishing within so many rolls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WithinJson {
    /// The rolls.
    pub rolls: u32,
    /// The chance; `null` when the distribution could not be followed that
    /// far.
    pub chance: Option<f64>,
}

impl DesignAnswer {
    /// The answer of `request`'s search: each board named `name` (with its
    /// number, `name, board 2`, when there are several; the closest board
    /// `name, closest`).
    pub fn new(request: &Request, design: &Design, name: &str) -> DesignAnswer {
        let rules = &request.space.rules;
        let several = request.count > 1;
        let boards = design
            .boards
            .iter()
            .enumerate()
            .map(|(i, found)| {
                let name = if several {
                    format!("{name}, board {}", i + 1)
                } else {
                    name.to_string()
                };
                DesignedBoard::new(found, &request.targets, &name, rules)
            })
            .collect();
        DesignAnswer {
            squares: u64::from(request.space.squares),
            rules: RulesJson::from(rules),
            seed: request.seed,
            targets: targets_in_words(&request.targets),
            boards,
            closest: design.closest.as_ref().map(|found| {
                DesignedBoard::new(found, &request.targets, &format!("{name}, closest"), rules)
            }),
            candidates: design.candidates,
            stopped: design.stopped.as_ref().map(|e| match e {
                LimitError::Deadline => DesignStop::Time,
                _ => DesignStop::Stopped,
            }),
        }
    }
}

/// Each target of `targets`, in words, in the order they are judged.
pub fn targets_in_words(targets: &Targets) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(i) = targets.mean {
        out.push(Target::Mean(i).to_string());
    }
    if let Some(i) = targets.sd {
        out.push(Target::Sd(i).to_string());
    }
    if let Some(s) = targets.min_rolls {
        out.push(Target::MinRolls(s).to_string());
    }
    for w in &targets.within {
        out.push(Target::Within(*w).to_string());
    }
    if let Some(f) = targets.fair {
        out.push(Target::Fair(f).to_string());
    }
    if targets.no_trap {
        out.push(Target::NoTrap.to_string());
    }
    out
}

impl DesignedBoard {
    /// `found`, a board called `name` played under `rules`, against
    /// `targets`.
    pub fn new(found: &Found, targets: &Targets, name: &str, rules: &Rules) -> DesignedBoard {
        DesignedBoard {
            board: PairsFile::new(&found.board, Some(name), rules),
            meets: found.meets_all(),
            targets: found
                .verdicts
                .iter()
                .map(|v| TargetJson {
                    target: v.target.to_string(),
                    met: v.met,
                    off: v.off,
                    value: v.value.clone(),
                })
                .collect(),
            figures: FiguresJson::new(&found.figures, targets),
            changes: found.changes,
            changed: found.changed.iter().map(ToString::to_string).collect(),
        }
    }
}

impl FiguresJson {
    /// `figures`, worked out for `targets`.
    pub fn new(figures: &Figures, targets: &Targets) -> FiguresJson {
        FiguresJson {
            mean: figures.mean,
            sd: figures.sd,
            min_rolls: figures.min_rolls,
            trap: figures.trap,
            within: targets
                .within
                .iter()
                .zip(&figures.within)
                .map(|(w, &chance)| WithinJson {
                    rolls: w.rolls,
                    chance,
                })
                .collect(),
            win: figures.race.as_ref().map(|(win, _)| win.clone()),
        }
    }
}

/// A search asked for as JSON, every field optional but the targets'
/// meaning: what the studio posts to `/api/design`, with the board (for
/// its size and rules, and to tune) beside it. Ranges are written as on
/// the command line: `"8"`, `"4..8"`, `"30..31"`, `"..40"`.
///
/// ```
/// use snl::answer::design::DesignQuery;
///
/// let q: DesignQuery = serde_json::from_str(r#"{"ladders": "8", "snakes": "8", "mean": "30..31",
///     "players": 2, "fair": 0.02, "no_trap": true, "seed": 1}"#)?;
/// let request = q.request(100, snl::Rules::default(), None)?;
/// assert_eq!(request.space.ladders, snl::random::Span::exactly(8));
/// assert_eq!(request.targets.mean.unwrap().hi, Some(31.0));
/// assert_eq!(request.count, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
// Each bool is one field of the JSON.
#[allow(clippy::struct_excessive_bools)]
pub struct DesignQuery {
    /// How many ladders [default: see [`Space::default_jumps`]; any
    /// number when tuning].
    pub ladders: Option<String>,
    /// How many snakes.
    pub snakes: Option<String>,
    /// How many squares a jump spans [default: any].
    pub length: Option<String>,
    /// No jump starts or ends on the first or last square.
    #[serde(default)]
    pub plain_ends: bool,
    /// No jump ends where another starts.
    #[serde(default)]
    pub no_chains: bool,
    /// Pinned jumps, `"1->38"`.
    #[serde(default)]
    pub keep: Vec<String>,
    /// Tune the board given instead of designing a fresh one.
    #[serde(default)]
    pub tune: bool,
    /// When tuning: the most jumps changed.
    pub changes: Option<u32>,
    /// The mean number of rolls.
    pub mean: Option<String>,
    /// The standard deviation.
    pub sd: Option<String>,
    /// The fewest rolls.
    pub min_rolls: Option<String>,
    /// Chances of finishing within some rolls, `"50:0.75"`.
    #[serde(default)]
    pub within: Vec<String>,
    /// The players of the fairness target [default: 2].
    pub players: Option<usize>,
    /// How far from an even share each seat's chance may be.
    pub fair: Option<f64>,
    /// No trap.
    #[serde(default)]
    pub no_trap: bool,
    /// The seed [default: 0].
    pub seed: Option<u64>,
    /// How many boards [default: 1].
    pub count: Option<usize>,
    /// How long the search may take, in seconds (a front end caps it).
    pub time: Option<f64>,
}

/// A [`DesignQuery`] field that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct QueryError {
    /// The field.
    pub field: &'static str,
    /// What is wrong with it.
    pub message: String,
}

impl DesignQuery {
    /// The request: boards of `squares` squares under `rules`, or, with
    /// [`DesignQuery::tune`], `board` tuned.
    ///
    /// # Errors
    ///
    /// [`QueryError`] naming the first field that does not read, or `tune`
    /// without a board.
    pub fn request(
        &self,
        squares: u32,
        rules: Rules,
        board: Option<&Board>,
    ) -> Result<Request, QueryError> {
        fn read<T: std::str::FromStr>(
            field: &'static str,
            text: Option<&String>,
        ) -> Result<Option<T>, QueryError>
        where
            T::Err: std::fmt::Display,
        {
            text.map(|t| {
                t.parse::<T>().map_err(|e| QueryError {
                    field,
                    message: e.to_string(),
                })
            })
            .transpose()
        }
        let mut space = if self.tune {
            let board = board.ok_or_else(|| QueryError {
                field: "tune",
                message: "there is no board to tune".into(),
            })?;
            Space::tune(board, rules)
        } else {
            Space::new(squares, rules)
        };
        if let Some(s) = read::<Span>("ladders", self.ladders.as_ref())? {
            space.ladders = s;
        }
        if let Some(s) = read::<Span>("snakes", self.snakes.as_ref())? {
            space.snakes = s;
        }
        if let Some(s) = read::<Span>("length", self.length.as_ref())? {
            space.length = s;
        }
        space.plain_ends = self.plain_ends;
        space.no_chains = self.no_chains;
        space.keep = self
            .keep
            .iter()
            .map(|k| {
                parse_jump(k).map_err(|message| QueryError {
                    field: "keep",
                    message,
                })
            })
            .collect::<Result<_, _>>()?;
        space.changes = self.changes;
        let within = self
            .within
            .iter()
            .map(|w| {
                w.parse::<Within>().map_err(|e| QueryError {
                    field: "within",
                    message: e.to_string(),
                })
            })
            .collect::<Result<_, _>>()?;
        let targets = Targets {
            mean: read::<Interval>("mean", self.mean.as_ref())?,
            sd: read::<Interval>("sd", self.sd.as_ref())?,
            min_rolls: read::<Span>("min_rolls", self.min_rolls.as_ref())?,
            within,
            fair: self.fair.map(|within| Fair {
                players: self.players.unwrap_or(2),
                within,
            }),
            no_trap: self.no_trap,
        };
        Ok(Request {
            space,
            targets,
            seed: self.seed.unwrap_or(0),
            count: self.count.unwrap_or(1),
        })
    }
}

/// A jump written `A->B` (or `A-B`, `A:B`).
///
/// # Errors
///
/// A message saying how to write one.
pub fn parse_jump(text: &str) -> Result<Jump, String> {
    let bad = || format!("`{text}` is not a jump: write FROM->TO, such as `1->38` or `47->26`");
    let t = text.trim();
    let (a, b) = t
        .split_once("->")
        .or_else(|| t.split_once(':'))
        .or_else(|| t.split_once('-'))
        .ok_or_else(bad)?;
    let from = a.trim().parse::<u32>().map_err(|_| bad())?;
    let to = b.trim().parse::<u32>().map_err(|_| bad())?;
    Ok(Jump { from, to })
}

/// The name a designed board has when its maker gives none: `designed with
/// seed 7`, or, tuning a board called `name`, `name, tuned with seed 7`.
pub fn default_name(seed: u64, tuned: Option<&str>) -> String {
    match tuned {
        Some(name) => format!("{name}, tuned with seed {seed}"),
        None => format!("designed with seed {seed}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jumps_read_in_every_form() {
        for t in ["1->38", " 1 -> 38 ", "1-38", "1:38"] {
            assert_eq!(parse_jump(t), Ok(Jump { from: 1, to: 38 }), "{t}");
        }
        assert!(parse_jump("1").unwrap_err().contains("FROM->TO"));
        assert!(parse_jump("a->b").is_err());
    }

    #[test]
    fn a_query_names_the_field_that_does_not_read() {
        let q = DesignQuery {
            mean: Some("thirty".into()),
            ..DesignQuery::default()
        };
        let err = q.request(100, Rules::default(), None).unwrap_err();
        assert_eq!(err.field, "mean");
        assert!(
            err.to_string().starts_with("mean: `thirty` is not a range"),
            "{err}"
        );
        let q = DesignQuery {
            tune: true,
            ..DesignQuery::default()
        };
        assert_eq!(
            q.request(100, Rules::default(), None).unwrap_err().field,
            "tune"
        );
        let bad: Result<DesignQuery, _> = serde_json::from_str(r#"{"meen": "30"}"#);
        assert!(
            bad.unwrap_err()
                .to_string()
                .contains("unknown field `meen`")
        );
    }

    #[test]
    fn a_found_board_is_a_board_file() {
        let mut space = Space::new(30, Rules::default());
        space.ladders = Span::exactly(1);
        space.snakes = Span::exactly(1);
        let request = Request {
            space,
            targets: Targets {
                no_trap: true,
                ..Targets::default()
            },
            seed: 3,
            count: 1,
        };
        let design =
            crate::design::search(&request, &crate::limits::Control::default(), &mut |_| {})
                .unwrap();
        let answer = DesignAnswer::new(&request, &design, "test board");
        assert_eq!(answer.targets, ["no trap"]);
        let b = &answer.boards[0];
        assert!(b.meets && b.targets[0].met);
        let text = serde_json::to_string(&b.board).unwrap();
        let read =
            crate::input::parse(text.as_bytes(), &crate::input::ParseOptions::default()).unwrap();
        assert_eq!(read.name.as_deref(), Some("test board"));
        assert_eq!(read.spec.build().unwrap(), design.boards[0].board);
        assert_eq!(read.rules.rules(), Rules::default());
        assert_eq!(
            serde_json::to_value(&answer).unwrap()["stopped"],
            serde_json::Value::Null
        );
    }
}
