//! `snl.Board`: a board, read from any form, with its own rules and name,
//! and every analysis as a method.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use num_bigint::BigInt;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use snl::check;
use snl::input::{self, Format, ParseOptions, ParsedBoard};
use snl::plan::{self, Count, DenseOnly, DenseWork, ExpectQuery, SolveQuery, Subject};
use snl::{BoardSpec, Game};
use snl_draw::render::{self, Options, Overlay};

use crate::analysis::{PyExpectation, PySolution, PyVisits, PyWithinChance};
use crate::budget::interruptible;
use crate::diagnostic::{PyDiagnostic, board_error};
use crate::errors;
use crate::play::{self, PyDuel, PyRace, PySimulation};
use crate::quote;
use crate::rules::PyRules;
use crate::values::{json_rows, pairs, parse_error};

// The signature of `Board.simulate` writes the library's default cap as a
// literal, so that `help()` shows the number.
const _: () = assert!(snl::simulate::DEFAULT_MAX_ROLLS == 100_000);

/// Boards up to this many squares draw themselves in Jupyter; larger ones
/// show their ``repr`` (an SVG of millions of squares would stall the page).
const INLINE_SVG_SQUARES: u32 = 10_000;

/// A picture of one line of text: what Jupyter shows where a board is not
/// drawn, saying why.
fn note_svg(text: &str) -> String {
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;");
    let width = 16 + 8 * text.chars().count();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"32\" \
         viewBox=\"0 0 {width} 32\"><text x=\"8\" y=\"21\" font-family=\"sans-serif\" \
         font-size=\"14\" fill=\"#555\">{escaped}</text></svg>"
    )
}

/// A Snakes and Ladders board: its squares, ladders and snakes, the rules it
/// is played under (its own, unless an analysis is given others) and a name.
///
/// Build one from 1-based pairs, ``Board(20, ladders=[(2, 19), (12, 15)],
/// snakes=[(9, 2)])`` (a ``{from: to}`` dict works too), or with
/// ``Board.preset``, ``Board.from_grid`` (LeetCode 909),
/// ``Board.from_moves`` (a 0-based array), ``Board.parse`` (text in any
/// form) or ``Board.read`` (a file). A board is valid once built: any
/// problem raises ``snl.BoardError``, whose ``diagnostics`` list them all.
/// Boards are frozen; ``with_rules`` makes a copy under other rules. They
/// pickle, whatever their length.
///
/// A pairs board (built from pairs, or read as pairs JSON or text) may have
/// up to 2^62 squares. ``solve`` and ``expect`` answer a board of any
/// length, as ``snl solve`` and ``snl expect`` do: the library picks the
/// engine that answers (``dense``, with tables a square long, on boards of
/// up to 2^30 squares; ``sparse``, whose cost grows with the jumps, on
/// long boards with few jumps and past 2^30), and the answer says which.
/// ``check`` and ``to_json("pairs")`` take any length too; the other
/// analyses need tables a square long and, past 2^30 squares, raise
/// ``snl.AnalysisError`` saying why.
///
/// Every analysis takes ``rules=`` (an ``snl.Rules``), defaulting to the
/// board's own: ``solve`` (fewest rolls), ``expect`` (how long a game with a
/// real die lasts), ``simulate``, ``race``, ``duel``, ``check``; the
/// chain's ``transition_matrix`` and ``fundamental_matrix``; and
/// pictures: ``svg``, ``show``, ``report_html``.
#[pyclass(frozen, eq, hash, module = "snl", name = "Board")]
#[derive(Debug, Clone)]
pub struct PyBoard {
    /// The board under its own rules, with its name: checked once, each
    /// engine's game built when first needed and kept for the next
    /// question.
    subject: Arc<Subject>,
    /// Its jumps by starting square, listed when first asked for.
    jumps: Arc<OnceLock<Vec<(u64, u64)>>>,
    /// The form it was read in.
    format: Option<Format>,
}

impl PartialEq for PyBoard {
    /// The same squares, jumps, rules, name and form, whatever the order
    /// the jumps were written in.
    fn eq(&self, other: &PyBoard) -> bool {
        let (a, b) = (&self.subject, &other.subject);
        a.squares() == b.squares()
            && a.rules() == b.rules()
            && a.name() == b.name()
            && self.format == other.format
            && self.sorted_jumps() == other.sorted_jumps()
    }
}

impl Eq for PyBoard {}

impl Hash for PyBoard {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.subject.squares().hash(state);
        self.subject.rules().hash(state);
        self.subject.name().hash(state);
        self.format.hash(state);
        self.sorted_jumps().hash(state);
    }
}

/// What `Board._from_pickle` is called with: the pairs file (with its
/// rules), the name, the form the board was read in.
type PickleArgs = (String, Option<String>, Option<&'static str>);

impl PyBoard {
    /// The board `subject`, read in `format`.
    fn of(subject: Subject, format: Option<Format>) -> PyBoard {
        PyBoard {
            subject: Arc::new(subject),
            jumps: Arc::default(),
            format,
        }
    }

    /// `snl check` of this board under `rules` (its own by default), under
    /// the budget and Ctrl-C, with a `UserWarning` for what was left out.
    fn checked(&self, py: Python<'_>, rules: Option<&PyRules>) -> PyResult<check::Checked> {
        let rules = rules.map_or_else(|| self.subject.rules().clone(), |r| r.0.clone());
        let spec: &BoardSpec = self.subject.spec();
        let found = interruptible(py, |ctl| check::check_with(spec, &rules, ctl))?;
        if let Some(why) = &found.skipped {
            errors::user_warning(py, &check::skipped_note(why, ToString::to_string))?;
        }
        Ok(found)
    }

    /// The board of `subject` (an answer's), to pickle with it.
    pub fn of_subject(subject: &Arc<Subject>) -> PyBoard {
        PyBoard {
            subject: Arc::clone(subject),
            jumps: Arc::default(),
            format: None,
        }
    }

    /// The board, under its own rules.
    pub fn subject(&self) -> &Arc<Subject> {
        &self.subject
    }

    /// The board a parsed input describes, under its own rules, or a
    /// `BoardError` listing every problem.
    fn from_parsed(
        py: Python<'_>,
        parsed: ParsedBoard,
        prefix: &str,
        rules: Option<&PyRules>,
        name: Option<String>,
    ) -> PyResult<PyBoard> {
        let rules = rules.map_or_else(|| parsed.rules.rules(), |r| r.0.clone());
        let name = name.or(parsed.name);
        let format = parsed.format;
        let spec = parsed.spec;
        // Optional jumps are kept: `expect` and `solve` play them, the
        // other analyses refuse them (`Subject::plain_game`).
        let subject = py
            .detach(|| Subject::new(spec, rules))
            .map_err(|e| board_error(py, prefix, &e.errors))?;
        Ok(PyBoard::of(subject.named(name), Some(format)))
    }

    /// Parses text this module wrote from Python values.
    fn from_generated(
        py: Python<'_>,
        text: &str,
        format: Format,
        rules: Option<&PyRules>,
        name: Option<String>,
    ) -> PyResult<PyBoard> {
        let options = ParseOptions {
            format: Some(format),
            squares: None,
        };
        let parsed =
            input::parse(text.as_bytes(), &options).map_err(|e| parse_error("", &e, true))?;
        let mut board = PyBoard::from_parsed(py, parsed, "", rules, name)?;
        board.format = None;
        Ok(board)
    }

    /// The one export call of `to_prism`, `to_dot` and `to_phase_type`.
    fn export(
        &self,
        py: Python<'_>,
        rules: Option<&PyRules>,
        query: &plan::ExportQuery,
    ) -> PyResult<snl::export::Exported> {
        let subject = self.subject_for(py, rules)?;
        interruptible(py, |ctl| plan::export(&subject, query, ctl))?.map_err(errors::question)
    }

    /// The board under `rules`, or under its own: a new subject, checked
    /// under them, where they differ.
    pub fn subject_for(&self, py: Python<'_>, rules: Option<&PyRules>) -> PyResult<Arc<Subject>> {
        match rules {
            Some(rules) if &rules.0 != self.subject.rules() => {
                let spec = self.subject.spec().clone();
                let name = self.subject.name().map(str::to_string);
                let rules = rules.0.clone();
                let subject = py
                    .detach(|| Subject::new(spec, rules))
                    .map_err(|e| board_error(py, "", &e.errors))?;
                Ok(Arc::new(subject.named(name)))
            }
            _ => Ok(Arc::clone(&self.subject)),
        }
    }

    /// The game under `rules`, or the board's own, for an analysis that
    /// takes every jump and needs tables a square long (`work` says why):
    /// a board longer than they hold, and rules with optional jumps, are
    /// refused with the library's message.
    pub fn game(&self, rules: Option<&PyRules>, work: DenseWork) -> PyResult<Game> {
        self.game_for(rules, |squares| work.too_long(squares))
    }

    /// [`PyBoard::game`] for an analysis whose refusal past the dense
    /// tables the library words itself (`snl::race::too_long`).
    fn game_for(
        &self,
        rules: Option<&PyRules>,
        too_long: impl FnOnce(u64) -> Option<DenseOnly>,
    ) -> PyResult<Game> {
        let subject = Python::attach(|py| self.subject_for(py, rules))?;
        match Arc::try_unwrap(subject) {
            Ok(subject) => subject.into_plain_game_by(too_long),
            Err(shared) => shared.plain_game_by(too_long).cloned(),
        }
        .map_err(errors::question)
    }

    /// The board with its table a square long, for `work`: a board longer
    /// than such tables hold is refused with `work`'s reason.
    fn dense_board(&self, work: DenseWork) -> PyResult<&snl::Board> {
        Ok(self
            .subject
            .dense_game(work)
            .map_err(errors::question)?
            .board())
    }

    /// A board built by the library (a designed one), called `name`.
    pub fn from_parts(board: snl::Board, rules: snl::Rules, name: Option<String>) -> PyBoard {
        // The design search builds its boards as games under these rules.
        let game = Game::new(board, rules).expect("a designed board is a game under its rules");
        PyBoard::of(Subject::of_game(game).named(name), None)
    }

    /// The board's name, if it has one.
    pub fn name_str(&self) -> Option<&str> {
        self.subject.name()
    }

    /// What the board is called in titles.
    fn label(&self) -> String {
        self.name_str().unwrap_or("board").to_string()
    }

    /// Every jump as `(from, to)`, by starting square.
    fn sorted_jumps(&self) -> &[(u64, u64)] {
        self.jumps.get_or_init(|| {
            let mut jumps: Vec<(u64, u64)> = self.subject.spec().jumps.pairs().collect();
            jumps.sort_unstable();
            jumps
        })
    }

    /// The board as its pairs file, with `rules` (its own) when given.
    fn pairs_json(&self, rules: bool) -> String {
        let rules = rules.then(|| self.subject.rules());
        input::spec_to_pairs_json(self.subject.spec(), None, rules)
    }
}

fn format_arg(format: Option<&str>) -> PyResult<Option<Format>> {
    format
        .map(|f| f.parse::<Format>().map_err(errors::board))
        .transpose()
}

/// The dice of ``choose_dice``, read as ``Rules(die=...)`` reads one.
fn dice_arg(choose_dice: Option<Vec<Bound<'_, PyAny>>>) -> PyResult<Vec<snl::Die>> {
    match choose_dice {
        None => Ok(Vec::new()),
        Some(specs) if specs.is_empty() => Err(errors::value(
            "choose_dice needs at least one die to pick from (as `--choose-die SPEC`); leave it out to roll the die of the rules",
        )),
        Some(specs) => specs.iter().map(crate::rules::die).collect(),
    }
}

#[pymethods]
impl PyBoard {
    /// A board of ``squares`` squares with the given ladders and snakes,
    /// each a ``(from, to)`` pair of 1-based squares (or a ``{from: to}``
    /// dict). ``rules`` default to ``snl.Rules()``.
    #[new]
    #[pyo3(signature = (squares, ladders = None, snakes = None, *, rules = None, name = None))]
    fn new(
        py: Python<'_>,
        squares: BigInt,
        ladders: Option<&Bound<'_, PyAny>>,
        snakes: Option<&Bound<'_, PyAny>>,
        rules: Option<PyRef<'_, PyRules>>,
        name: Option<String>,
    ) -> PyResult<PyBoard> {
        let text = format!(
            "{{\"squares\": {squares}, \"ladders\": {}, \"snakes\": {}}}",
            json_rows(&pairs(ladders)?),
            json_rows(&pairs(snakes)?)
        );
        PyBoard::from_generated(py, &text, Format::Pairs, rules.as_deref(), name)
    }

    /// A built-in board by name (see ``snl.presets()``), under the rules it
    /// is published with: ``Board.preset("milton-bradley")``.
    #[staticmethod]
    fn preset(py: Python<'_>, name: &str) -> PyResult<PyBoard> {
        let preset = snl::presets::find(name).ok_or_else(|| {
            let names: Vec<&str> = snl::presets::all().iter().map(|p| p.name).collect();
            errors::board(format!(
                "there is no preset `{name}`; the presets are {} (see snl.presets())",
                names.join(", ")
            ))
        })?;
        PyBoard::from_parsed(py, preset.parse(), "", None, Some(preset.name.to_string()))
    }

    /// The board of a LeetCode 909 grid: N rows of N cells, top row first,
    /// squares numbered from the bottom left in the winding order; a cell
    /// holds -1 or the square its jump leads to.
    #[staticmethod]
    #[pyo3(signature = (rows, *, rules = None, name = None))]
    fn from_grid(
        py: Python<'_>,
        rows: Vec<Vec<BigInt>>,
        rules: Option<PyRef<'_, PyRules>>,
        name: Option<String>,
    ) -> PyResult<PyBoard> {
        PyBoard::from_generated(py, &json_rows(&rows), Format::Grid, rules.as_deref(), name)
    }

    /// The board of a 0-based moves array: entry i (square i + 1) holds the
    /// 0-based square its jump leads to, or -1 for none.
    #[staticmethod]
    #[pyo3(signature = (moves, *, rules = None, name = None))]
    fn from_moves(
        py: Python<'_>,
        moves: &Bound<'_, PyAny>,
        rules: Option<PyRef<'_, PyRules>>,
        name: Option<String>,
    ) -> PyResult<PyBoard> {
        // Machine-sized numbers (a numpy array of millions of entries) take
        // the fast way; anything larger is kept whole for the message.
        let text = match moves.extract::<Vec<i64>>() {
            Ok(small) => json_rows(&[small]),
            Err(_) => json_rows(&[moves.extract::<Vec<BigInt>>()?]),
        };
        // The one row, without its outer brackets, is the moves array.
        let text = &text[1..text.len() - 1];
        PyBoard::from_generated(py, text, Format::Moves, rules.as_deref(), name)
    }

    /// A board from text (``str`` or ``bytes``) in any form snl reads: a
    /// LeetCode grid, a moves array, a pairs object, or pairs text. The form
    /// is detected as the command line does, unless ``format`` says it
    /// (``"grid"``, ``"moves"``, ``"pairs"``, ``"pairs-text"``). ``squares``
    /// is the size of a pairs-text board (100 if not given). A JSON board's
    /// own ``rules`` and ``name`` are kept unless given here.
    #[staticmethod]
    #[pyo3(signature = (text, format = None, *, squares = None, rules = None, name = None))]
    fn parse(
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        format: Option<&str>,
        squares: Option<u64>,
        rules: Option<PyRef<'_, PyRules>>,
        name: Option<String>,
    ) -> PyResult<PyBoard> {
        let bytes: Vec<u8> = if let Ok(s) = text.cast::<PyString>() {
            s.to_cow()?.as_bytes().to_vec()
        } else if let Ok(b) = text.cast::<PyBytes>() {
            b.as_bytes().to_vec()
        } else {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "Board.parse takes the board as str or bytes; to read a file use Board.read(path)",
            ));
        };
        let options = ParseOptions {
            format: format_arg(format)?,
            squares,
        };
        let parsed = py
            .detach(|| input::parse(&bytes, &options))
            .map_err(|e| parse_error("", &e, false))?;
        PyBoard::from_parsed(py, parsed, "", rules.as_deref(), name)
    }

    /// A board from a file (a path or ``os.PathLike``), in any form; see
    /// ``Board.parse``. Errors name the file.
    #[staticmethod]
    #[pyo3(signature = (path, format = None, *, squares = None, rules = None, name = None))]
    fn read(
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        format: Option<&str>,
        squares: Option<u64>,
        rules: Option<PyRef<'_, PyRules>>,
        name: Option<String>,
    ) -> PyResult<PyBoard> {
        let shown: String = py
            .import("os")?
            .call_method1("fspath", (path,))?
            .str()?
            .extract()?;
        let file = py.import("builtins")?.call_method1("open", (path, "rb"))?;
        let read = file.call_method0("read");
        file.call_method0("close")?;
        let data = read?;
        let bytes = data.cast::<PyBytes>()?.as_bytes().to_vec();
        let options = ParseOptions {
            format: format_arg(format)?,
            squares,
        };
        let prefix = format!("{shown}: ");
        let parsed = py
            .detach(|| input::parse(&bytes, &options))
            .map_err(|e| parse_error(&prefix, &e, false))?;
        PyBoard::from_parsed(py, parsed, &prefix, rules.as_deref(), name)
    }

    /// The number of squares; the last square is this number.
    #[getter]
    fn squares(&self) -> u64 {
        self.subject.squares()
    }

    /// The ladders as ``(from, to)`` pairs, by starting square.
    #[getter]
    fn ladders(&self) -> Vec<(u64, u64)> {
        self.sorted_jumps()
            .iter()
            .copied()
            .filter(|(f, t)| t > f)
            .collect()
    }

    /// The snakes as ``(from, to)`` pairs, by starting square.
    #[getter]
    fn snakes(&self) -> Vec<(u64, u64)> {
        self.sorted_jumps()
            .iter()
            .copied()
            .filter(|(f, t)| t < f)
            .collect()
    }

    /// Every ladder and snake as ``(from, to)`` pairs, by starting square.
    #[getter]
    fn jumps(&self) -> Vec<(u64, u64)> {
        self.sorted_jumps().to_vec()
    }

    /// Where a jump from ``square`` leads, or ``None``.
    fn jump(&self, square: i64) -> Option<u64> {
        let square = u64::try_from(square).ok()?;
        let jumps = self.sorted_jumps();
        jumps
            .binary_search_by_key(&square, |&(from, _)| from)
            .ok()
            .map(|i| jumps[i].1)
    }

    /// The rules the board is played under unless an analysis is given
    /// others: a board file's or preset's own, else ``snl.Rules()``.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(self.subject.rules().clone())
    }

    /// The board's name (a preset's, or a file's ``"name"``), or ``None``.
    #[getter]
    fn name(&self) -> Option<String> {
        self.name_str().map(str::to_string)
    }

    /// The form the board was read in (``"grid"``, ``"moves"``,
    /// ``"pairs"``, ``"pairs-text"``), or ``None`` for a board built from
    /// Python values.
    #[getter]
    fn format(&self) -> Option<&'static str> {
        self.format.map(Format::name)
    }

    /// The 0-based moves array: entry i (square i + 1) holds the 0-based
    /// destination of its jump, or -1. Raises ``ValueError`` for a snake
    /// back to square 0 (off the board), whose -1 would mean no jump.
    #[getter]
    fn moves(&self) -> PyResult<Vec<i64>> {
        input::to_moves(self.dense_board(DenseWork::Listing)?).map_err(errors::value)
    }

    /// The LeetCode 909 grid (top row first, -1 for no jump), or ``None``
    /// when the number of squares is not a perfect square. Raises
    /// ``ValueError`` for a snake back to square 0, which the grid,
    /// numbering squares from 1, cannot write.
    #[getter]
    fn grid(&self) -> PyResult<Option<Vec<Vec<i64>>>> {
        match input::to_grid(self.dense_board(DenseWork::Listing)?) {
            Ok(grid) => Ok(Some(grid)),
            Err(input::WriteError::NotSquare { .. }) => Ok(None),
            Err(e) => Err(errors::value(e)),
        }
    }

    /// This board under other rules (and the same name): either a
    /// ``snl.Rules`` or the changes as keywords,
    /// ``board.with_rules(finish="bounce")``.
    #[pyo3(signature = (rules = None, **changes))]
    fn with_rules(
        &self,
        py: Python<'_>,
        rules: Option<PyRef<'_, PyRules>>,
        changes: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyBoard> {
        let base = rules.map_or_else(|| PyRules(self.subject.rules().clone()), |r| r.clone());
        let rules = match changes {
            Some(c) if !c.is_empty() => base
                .into_pyobject(py)?
                .call_method("replace", (), Some(c))?
                .cast::<PyRules>()?
                .get()
                .clone(),
            _ => base,
        };
        Ok(PyBoard {
            subject: self.subject_for(py, Some(&rules))?,
            jumps: Arc::clone(&self.jumps),
            format: self.format,
        })
    }

    /// The board written in ``format``: ``"pairs"`` (snl's JSON board
    /// file), ``"grid"`` (LeetCode 909, square boards only), ``"moves"``
    /// (0-based JSON) or ``"pairs-text"`` (plain text). The JSON forms
    /// carry the board's rules unless ``rules=False``; text reads back with
    /// ``Board.parse``. The pairs forms write a board of any length; the
    /// grid and the moves array, a square each, boards of up to 2^30
    /// squares.
    #[pyo3(signature = (format = "pairs", rules = true))]
    fn to_json(&self, format: &str, rules: bool) -> PyResult<String> {
        match format.parse::<Format>().map_err(errors::value)? {
            Format::Pairs => Ok(self.pairs_json(rules)),
            Format::PairsText => Ok(input::spec_to_pairs_text(self.subject.spec())),
            format => {
                let rules = rules.then(|| self.subject.rules());
                let board = self.dense_board(DenseWork::Listing)?;
                input::write(board, rules, format).map_err(errors::value)
            }
        }
    }

    /// Every error, warning and note about this board under ``rules`` (its
    /// own by default), errors first: ``snl check``'s findings as
    /// ``snl.Diagnostic`` objects. Empty when all is well. Looking for the
    /// warnings runs under the budget (``snl.set_budget``) and Ctrl-C, as
    /// ``snl check`` does: over the budget only the board as written is
    /// checked, and a ``UserWarning`` says why.
    #[pyo3(signature = (rules = None))]
    fn check(
        &self,
        py: Python<'_>,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<Vec<PyDiagnostic>> {
        let found = self.checked(py, rules.as_deref())?;
        Ok(found.diagnostics.iter().map(PyDiagnostic::from).collect())
    }

    /// Whether a game under ``rules`` (the board's own by default) can be
    /// won from the start, as ``snl check`` names it: a dict with
    /// ``class`` (``"always"``, ``"occasionally"`` or ``"never"``, the
    /// classes of Nanda and Misra), ``text`` (the class in a sentence, as
    /// ``snl check`` prints it), ``trap`` (the squares the pawn can
    /// rest on from which no rolls reach the last square, as
    /// ``(first, last)`` runs; 0 is the start off the board),
    /// ``trap_squares`` (how many), ``trap_listed_all``, ``chance`` (that
    /// a game falls into the trap and never ends) and ``chance_error`` (a
    /// bound, on boards of over 2^30 squares; else ``None``).
    ///
    /// ``None`` when the board has errors (``check`` lists them) or when
    /// jumps may be declined, where the class depends on the play. Runs
    /// under the budget and Ctrl-C as ``check`` does; a ``UserWarning``
    /// says what was left out.
    #[pyo3(signature = (rules = None))]
    fn winnable<'py>(
        &self,
        py: Python<'py>,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let found = self.checked(py, rules.as_deref())?;
        let Some(w) = &found.winnability else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("class", w.class.as_str())?;
        dict.set_item("text", w.sentence())?;
        dict.set_item("trap", w.trap.clone())?;
        dict.set_item("trap_squares", w.trap_squares)?;
        dict.set_item("trap_listed_all", w.listed_all())?;
        dict.set_item("chance", w.chance)?;
        dict.set_item("chance_error", w.chance_error)?;
        Ok(Some(dict))
    }

    /// The fewest rolls to the last square when you choose every roll, as
    /// ``snl solve`` gives them: an ``snl.Solution`` with ``min_rolls``, one
    /// optimal sequence (``runs`` of equal rolls, and roll by roll in
    /// ``path``), and how many optimal roll sequences there are
    /// (``optimal_sequences``, an exact ``int``).
    ///
    /// ``count=None`` counts them where ``snl solve`` does: on boards of up
    /// to 200,000 squares (counting adds numbers of millions of digits on
    /// long boards, which costs far more than the search), when the
    /// count's estimate fits the budget. ``count=True`` counts them on a
    /// board of any size (as ``--count``), ``count=False`` never. Where
    /// they are not counted, ``uncounted`` says why.
    ///
    /// The library picks the engine, as for the command: the answer's
    /// ``engine`` is ``"dense"`` or ``"sparse"`` (long boards with few
    /// jumps, and every board past 2^30 squares, where a count asked for is
    /// made in 128 bits: ``optimal_sequences_at_least`` where it does not
    /// fit).
    #[pyo3(signature = (rules = None, count = None))]
    fn solve(
        &self,
        py: Python<'_>,
        rules: Option<PyRef<'_, PyRules>>,
        count: Option<bool>,
    ) -> PyResult<PySolution> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let query = SolveQuery {
            count: match count {
                None => Count::Auto,
                Some(true) => Count::Always,
                Some(false) => Count::Never,
            },
            ..SolveQuery::default()
        };
        let solved = interruptible(py, |ctl| plan::solve(&subject, &query, ctl))?
            .map_err(errors::question)?;
        Ok(PySolution::new(&subject, &solved))
    }

    /// The fewest-rolls search step by step, as ``snl solve --steps``: an
    /// iterator of one dict a step, from the start's (``rolls`` 0) to the
    /// one that first reaches the last square. Each has ``rolls``,
    /// ``squares`` (those first reached with that many rolls, where the
    /// pawn rests, in order), ``arrivals`` (how each was first reached: a
    /// dict of ``square``, ``from``, ``roll`` and ``land``, the square the
    /// roll landed on), ``seen_again`` (the moves that led to states
    /// already seen) and ``text`` (the step in sentences; the last names
    /// one optimal game). A search of more than ``limit`` steps raises
    /// ``snl.AnalysisError`` with how many it takes.
    #[pyo3(signature = (rules = None, *, limit = plan::STEPS_LIMIT))]
    fn steps<'py>(
        &self,
        py: Python<'py>,
        rules: Option<PyRef<'_, PyRules>>,
        limit: u32,
    ) -> PyResult<Bound<'py, PyAny>> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let query = plan::StepsQuery { limit };
        let told = interruptible(py, |ctl| plan::solve_steps(&subject, &query, ctl))?
            .map_err(errors::question)?;
        let answer = snl::answer::SolveStepsAnswer::new(&subject, &told);
        let steps = answer
            .steps
            .iter()
            .map(|step| {
                let d = PyDict::new(py);
                d.set_item("rolls", step.rolls)?;
                d.set_item("squares", &step.squares)?;
                let arrivals = step
                    .arrivals
                    .iter()
                    .map(|a| {
                        let a_dict = PyDict::new(py);
                        a_dict.set_item("square", a.square)?;
                        a_dict.set_item("from", a.from)?;
                        a_dict.set_item("roll", a.roll)?;
                        a_dict.set_item("land", a.land)?;
                        Ok(a_dict)
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                d.set_item("arrivals", arrivals)?;
                d.set_item("seen_again", step.seen_again)?;
                d.set_item("text", &step.text)?;
                Ok(d)
            })
            .collect::<PyResult<Vec<_>>>()?;
        steps.into_pyobject(py)?.try_iter().map(Bound::into_any)
    }

    /// The game with a real die roll by roll, as ``snl expect --steps``:
    /// an iterator of one dict a step, made as it is asked for, from the
    /// start's (``rolls`` 0) to roll ``rolls``, or to the roll by which
    /// every game has ended. Each has ``rolls``, ``finished`` (the chance
    /// of having finished within that many rolls), ``on`` (a numpy array
    /// indexed by position: the chance that the pawn rests there, after
    /// any jump; it adds up to 1), ``landed`` (the same for where the roll
    /// landed, before any jump), ``climbed``, ``slid``, ``lost`` and
    /// ``reset`` (the chance that the roll took a ladder, a snake, was lost
    /// overshooting the last square, or sent the pawn back to the start)
    /// and ``text`` (the step in sentences). Every jump is taken.
    #[pyo3(signature = (rolls, rules = None))]
    fn roll_steps(
        &self,
        py: Python<'_>,
        rolls: u32,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<crate::steps::PyRollSteps> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let walk = interruptible(py, |ctl| plan::roll_by_roll(&subject, rolls, ctl))?
            .map_err(errors::question)?;
        Ok(crate::steps::PyRollSteps::new(walk, rolls))
    }

    /// The first-step equation of ``square``, as ``snl expect --equation``:
    /// a dict of ``square``, ``mean`` (the expected rolls from it),
    /// ``terms`` (one a place a roll leads to: ``rolls``, ``chance`` as
    /// ``"1/6"``, ``to``, ``None`` for the last square, ``streak`` and
    /// ``value``, the expected rolls from there) and ``text`` (the equation
    /// with the unknowns, with their values, and summed). A square the pawn
    /// never rests on, or a board where it can get stuck, raises
    /// ``snl.AnalysisError`` with the reason.
    #[pyo3(signature = (square, rules = None))]
    fn equation(
        &self,
        py: Python<'_>,
        square: u32,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<Py<PyAny>> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let e = interruptible(py, |ctl| plan::equation(&subject, square, ctl))?
            .map_err(errors::question)?;
        let answer = snl::answer::EquationAnswer::new(&subject, &e);
        crate::values::to_state(py, &answer)
    }

    /// The best play under a choice as policy iteration finds it, as
    /// ``snl expect --steps`` with ``--optional`` or ``--choose-die``: a
    /// list of one dict a round, from the first play's. Each has
    /// ``round``, ``value`` (its expected rolls from the start, ``None``
    /// when no play finishes for certain from there), ``changed`` (each
    /// choice changed from the round before: a dict of ``square``,
    /// ``streak``, ``change`` (``"die"``, ``"declines"`` or ``"takes"``),
    /// ``from_die`` and ``to_die``), ``ties`` and ``text``. The last
    /// round's value is the best play's mean. ``choose_dice`` as in
    /// ``expect``.
    #[pyo3(signature = (rules = None, *, choose_dice = None))]
    fn policy_steps<'py>(
        &self,
        py: Python<'py>,
        rules: Option<PyRef<'_, PyRules>>,
        choose_dice: Option<Vec<Bound<'py, PyAny>>>,
    ) -> PyResult<Py<PyAny>> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let dice = dice_arg(choose_dice)?;
        let told = interruptible(py, |ctl| plan::policy_steps(&subject, &dice, ctl))?
            .map_err(errors::question)?;
        let answer = snl::answer::PolicyStepsAnswer::new(&subject, &told);
        crate::values::to_state(py, &answer.steps)
    }

    /// The fewest rolls from the start to every position, as a list indexed
    /// by position (index 0 is the start off the board); ``None`` where a
    /// pawn never comes to rest.
    #[pyo3(signature = (rules = None))]
    fn distances(
        &self,
        py: Python<'_>,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<Vec<Option<u32>>> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let game = subject
            .plain_game(DenseWork::Distances)
            .map_err(errors::question)?;
        interruptible(py, |ctl| snl::shortest::distances_with(game, ctl))?.map_err(errors::limit)
    }

    /// How long a game with a real die lasts, for one player, exactly, as
    /// ``snl expect`` answers it: an ``snl.Expectation`` with the mean,
    /// variance and standard deviation of the number of rolls (or of turns,
    /// with ``by_turns=True``; they differ only with bonus rolls), the
    /// chance of never finishing, the fewest rolls, and the distribution of
    /// the length (``pmf``, ``median``, ``quantile``, ``within``, ...).
    ///
    /// The distribution is followed in this call when its estimated work
    /// fits the work allowed (about a second); otherwise its figures are
    /// ``None`` and ``left_out`` says why (``"over_budget"``), as ``snl
    /// expect`` leaves them out. ``full=True`` follows it whatever its
    /// estimate, for as long as the budget allows (as ``--full``). The
    /// library picks the engine: on a long board with few jumps whose
    /// distribution would not be followed, and on every board past 2^30
    /// squares, the ``"sparse"`` engine gives the moments with a bound on
    /// their error (``mean_error``, ...) and no distribution.
    ///
    /// ``exact=True`` gives the mean as a fraction too (``exact_mean``; read
    /// without it, it is worked out when first read), ``within=[K, ...]``
    /// the chance of finishing within each K rolls, ``visits=True`` and
    /// ``impact=True`` the figures of ``visits()`` and ``impact()``: all in
    /// the one call, as ``--exact``, ``--within``, ``--visits`` and
    /// ``--impact``.
    ///
    /// ``goal`` is what the best play of optional jumps is best for:
    /// ``"mean"`` (the least expected rolls), or ``"within:K"``: the play
    /// with the greatest chance of finishing within K rolls, an
    /// ``snl.WithinChance`` with that chance and the play, roll by roll
    /// (as ``snl expect --goal within:K``; without optional jumps, the
    /// chance ``Expectation.within(K)`` gives). Its work grows with K, and
    /// a K over the budget raises ``snl.LimitError``.
    ///
    /// ``choose_dice`` (as ``snl expect --choose-die``, repeated): dice the
    /// player picks one of before each roll, each as ``Rules(die=...)``
    /// reads it (``["d6", [1, 1, 1, 0, 0, 0]]``). The answer is then of the
    /// best play: its ``dice`` and ``die_by_square`` say which die it picks
    /// where. When that play is no plain game (it picks different dice on
    /// squares a game reaches) the mean and variance are given and the
    /// figures of the distribution are ``None``, as ``snl expect`` leaves
    /// them out (``left_out.reason`` is ``"choice"``).
    #[pyo3(signature = (
        rules = None, *, by_turns = false, goal = "mean", choose_dice = None, exact = false,
        within = None, visits = false, impact = false, full = false
    ))]
    #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
    fn expect(
        &self,
        py: Python<'_>,
        rules: Option<PyRef<'_, PyRules>>,
        by_turns: bool,
        goal: &str,
        choose_dice: Option<Vec<Bound<'_, PyAny>>>,
        exact: bool,
        within: Option<Vec<usize>>,
        visits: bool,
        impact: bool,
        full: bool,
    ) -> PyResult<Py<PyAny>> {
        let goal: snl::choice::Goal = goal.parse().map_err(errors::value)?;
        let dice = dice_arg(choose_dice)?;
        let subject = self.subject_for(py, rules.as_deref())?;
        if let snl::choice::Goal::Within(rolls) = goal {
            if by_turns {
                return Err(errors::value(
                    "goal=\"within:K\" counts rolls, not turns; leave out by_turns",
                ));
            }
            let other = [
                (exact, "exact=True"),
                (within.is_some(), "within="),
                (visits, "visits=True"),
                (impact, "impact=True"),
                (full, "full=True"),
            ]
            .into_iter()
            .find_map(|(asked, what)| asked.then_some(what));
            if let Some(other) = other {
                return Err(errors::value(format!(
                    "{other} is not given with goal=\"within:K\": it is a figure of the play best for the mean, and this play is best for finishing within {rolls} rolls (leave out goal for it)"
                )));
            }
            let query = plan::WithinQuery { rolls, dice };
            let best = interruptible(py, |ctl| plan::best_within(&subject, &query, ctl))?
                .map_err(errors::question)?;
            let answer = PyWithinChance::new(&subject, &best, !query.dice.is_empty());
            return Ok(answer.into_pyobject(py)?.into_any().unbind());
        }
        let query = ExpectQuery {
            exact,
            within: within.unwrap_or_default(),
            visits,
            impact,
            full,
            dice,
            ..ExpectQuery::default()
        };
        let answer = PyExpectation::ask(py, subject, query, by_turns)?;
        Ok(answer.into_pyobject(py)?.into_any().unbind())
    }

    /// The expected landings and rests on each square in one game (see
    /// ``Expectation.visits``); ``None`` when a game may never end.
    #[pyo3(signature = (rules = None))]
    fn visits(
        &self,
        py: Python<'_>,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<Option<PyVisits>> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let game = subject
            .plain_game(DenseWork::Visits)
            .map_err(errors::question)?;
        PyVisits::compute(py, game)
    }

    /// The transition matrix of the game with a real die: entry ``[i, j]``
    /// is the chance that one roll takes the pawn from state ``i`` to state
    /// ``j``. A ``scipy.sparse.csr_matrix`` when SciPy is installed (and
    /// ``dense`` is false), else a read-only numpy array; ``P.toarray()``
    /// makes the sparse one dense.
    ///
    /// The states are numbered as ``snl matrix`` numbers them: without
    /// bonus rolls state ``k`` is square ``k``, and state 0 is off the
    /// board (where a pawn starts under ``start=0``; under the default
    /// start no game visits it). The last square absorbs (its row is 1 on
    /// itself). The feet of ladders and snakes keep their rows and columns,
    /// with nothing leading to them from elsewhere. With bonus rolls, state
    /// ``k`` is square ``k // s`` after ``k % s`` top values in a row this
    /// turn, ``s`` being the bonus limit (2 without one). The states before
    /// the last square's are the transient ones: ``Q = P[:t, :t]`` with
    /// ``t = squares * s``, and ``fundamental_matrix()`` is
    /// ``inv(I - Q)``.
    #[pyo3(signature = (rules = None, *, dense = false))]
    fn transition_matrix(
        &self,
        py: Python<'_>,
        rules: Option<PyRef<'_, PyRules>>,
        dense: bool,
    ) -> PyResult<Py<PyAny>> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let game = subject
            .plain_game(DenseWork::Matrix)
            .map_err(errors::question)?;
        crate::matrix::transition(py, game, dense)
    }

    /// The game as a model in the PRISM language, for the probabilistic
    /// model checkers PRISM and Storm, as ``snl export --to prism`` writes
    /// it: a pair of strings, the model and its properties (the chance of
    /// finishing, the expected rolls, and for each of ``within`` the chance
    /// of finishing within that many rolls; one a line, each ending in
    /// ``;``, as ``stormpy.parse_properties`` reads them). A Markov chain
    /// (``dtmc``), or with optional jumps or ``choose_dice`` a decision
    /// process (``mdp``) whose least expected reward is the best play's
    /// mean. States are numbered as in ``transition_matrix``. ``target``
    /// (squares as ``Board.target`` takes them) labels their states
    /// ``"target"`` and adds the chance of ever resting there and the
    /// expected rolls until then.
    #[pyo3(signature = (rules = None, *, choose_dice = None, within = None, target = None))]
    fn to_prism(
        &self,
        py: Python<'_>,
        rules: Option<PyRef<'_, PyRules>>,
        choose_dice: Option<Vec<Bound<'_, PyAny>>>,
        within: Option<Vec<usize>>,
        target: Option<Bound<'_, PyAny>>,
    ) -> PyResult<(String, String)> {
        let query = model_query(snl::export::Form::Prism, choose_dice, within, target)?;
        let exported = self.export(py, rules.as_deref(), &query)?;
        Ok((exported.text, exported.properties.unwrap_or_default()))
    }

    /// The game as ``snl export --to jani`` writes it: the model of
    /// ``to_prism`` in JANI, the JSON interchange format of the
    /// quantitative verification tools (``stormpy.parse_jani_model``
    /// reads it), with the same questions as named properties inside it:
    /// ``finishes``, ``rolls`` (and ``turns`` under the bonus rule),
    /// ``within-K`` for each of ``within``, and with ``target``,
    /// ``target`` and ``target-rolls``. A roll sets the transient
    /// variable ``rolls`` to 1.
    #[pyo3(signature = (rules = None, *, choose_dice = None, within = None, target = None))]
    fn to_jani(
        &self,
        py: Python<'_>,
        rules: Option<PyRef<'_, PyRules>>,
        choose_dice: Option<Vec<Bound<'_, PyAny>>>,
        within: Option<Vec<usize>>,
        target: Option<Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let query = model_query(snl::export::Form::Jani, choose_dice, within, target)?;
        Ok(self.export(py, rules.as_deref(), &query)?.text)
    }

    /// The rolls until the pawn first comes to rest on one of ``squares``,
    /// and the chance that it ever does, as ``snl expect --target`` gives
    /// them: a dict with ``target`` (the squares aimed at, as ``(first,
    /// last)`` runs), ``chance``, ``mean``, ``variance`` and ``std_dev``
    /// (in the games that get there; ``None`` when none does), ``median``,
    /// ``mode``, ``quantiles`` (keyed ``"0.1"`` ... ``"0.99"``),
    /// ``within`` (the chance within each K of ``within``), ``pmf``
    /// (the chance of first resting there on each roll, from roll 0),
    /// ``unresolved`` (the chance the distribution does not hold) and
    /// ``chance_error`` (a bound on the error of each chance, where the
    /// tail was written down as geometric once certified; else 0).
    ///
    /// ``squares`` is a string as the command reads it (``"50..60,80"``)
    /// or a list of squares and ``(first, last)`` ranges. A lone square
    /// where a jump starts is refused (no pawn rests there); a range
    /// leaves such squares out. A game that reaches the last square first,
    /// or falls among squares from which none can be reached, never gets
    /// there. Takes every jump.
    #[pyo3(signature = (squares, rules = None, *, within = None))]
    fn target<'py>(
        &self,
        py: Python<'py>,
        squares: Bound<'py, PyAny>,
        rules: Option<PyRef<'_, PyRules>>,
        within: Option<Vec<usize>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let ranges = squares_arg(&squares)?;
        let subject = self.subject_for(py, rules.as_deref())?;
        let query = plan::TargetQuery { squares: ranges };
        let (target, hit) = interruptible(py, |ctl| plan::target(&subject, &query, ctl))?
            .map_err(errors::target)?;
        let within = within.unwrap_or_default();
        let answer = snl::answer::TargetAnswer::new(
            snl::answer::Header::of_subject(&subject),
            &target,
            &hit,
            &within,
        );
        let dict = PyDict::new(py);
        let runs: Vec<(u32, u32)> = answer.target.iter().map(|&[a, b]| (a, b)).collect();
        dict.set_item("target", runs)?;
        first_passage(&dict, answer.first, hit.pmf)?;
        Ok(dict)
    }

    /// The part the jump ``jump`` (a ``(from, to)`` pair) plays in a game,
    /// as ``snl expect --via`` gives it: a dict with ``via``, ``kind``,
    /// ``chance`` (that a game takes it at least once, landing on its start
    /// or passing it along a chain), ``times`` (how many times on average;
    /// ``None`` when a game may never end) and the rolls until it is first
    /// taken as ``Board.target`` gives them (``mean`` ... ``pmf``).
    #[pyo3(signature = (jump, rules = None, *, within = None))]
    fn via<'py>(
        &self,
        py: Python<'py>,
        jump: (u32, u32),
        rules: Option<PyRef<'_, PyRules>>,
        within: Option<Vec<usize>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let jump = snl::Jump {
            from: jump.0,
            to: jump.1,
        };
        let via =
            interruptible(py, |ctl| plan::via(&subject, jump, ctl))?.map_err(errors::target)?;
        let answer = snl::answer::ViaAnswer::new(
            snl::answer::Header::of_subject(&subject),
            jump,
            &via,
            &within.unwrap_or_default(),
        );
        let dict = PyDict::new(py);
        dict.set_item("via", (jump.from, jump.to))?;
        dict.set_item("kind", answer.kind)?;
        dict.set_item("times", answer.times)?;
        first_passage(&dict, answer.first, via.first.pmf)?;
        Ok(dict)
    }

    /// The game's chain as a state diagram in Graphviz's DOT language, as
    /// ``snl export --to dot`` writes it: a node a state a game reaches, an
    /// edge a pair of states one roll moves between, labelled with its
    /// exact chance, jumps coloured. At most 2,000 states, and no choices
    /// (optional jumps).
    #[pyo3(signature = (rules = None))]
    fn to_dot(&self, py: Python<'_>, rules: Option<PyRef<'_, PyRules>>) -> PyResult<String> {
        let query = plan::ExportQuery::new(snl::export::Form::Dot);
        Ok(self.export(py, rules.as_deref(), &query)?.text)
    }

    /// The chain as a state diagram in TikZ, as ``snl export --to tikz``
    /// writes it: a ``tikzpicture`` with the nodes and edges of
    /// ``to_dot``, laid out in rows that wind up from the bottom-left, for
    /// a LaTeX document whose preamble has ``\usepackage{tikz}`` and
    /// ``\usetikzlibrary{arrows.meta}``. At most 2,000 states, and no
    /// choices.
    #[pyo3(signature = (rules = None))]
    fn to_tikz(&self, py: Python<'_>, rules: Option<PyRef<'_, PyRules>>) -> PyResult<String> {
        let query = plan::ExportQuery::new(snl::export::Form::Tikz);
        Ok(self.export(py, rules.as_deref(), &query)?.text)
    }

    /// The game's length as a discrete phase-type distribution, as ``snl
    /// export --to phase-type`` writes it: a JSON document with ``alpha``
    /// (the chance of starting in each phase), ``T`` (the chances of
    /// moving among phases with one roll) and ``exit`` (of finishing), so
    /// that a game lasts n rolls with chance ``alpha @ T^(n-1) @ exit``;
    /// ``states`` and ``squares`` name the phases. At most 2,000 states,
    /// and no choices.
    #[pyo3(signature = (rules = None))]
    fn to_phase_type(&self, py: Python<'_>, rules: Option<PyRef<'_, PyRules>>) -> PyResult<String> {
        let query = plan::ExportQuery::new(snl::export::Form::PhaseType);
        Ok(self.export(py, rules.as_deref(), &query)?.text)
    }

    /// The fundamental matrix ``N = inv(I - Q)`` of the absorbing chain, a
    /// read-only numpy array over the transient states (numbered as in
    /// ``transition_matrix``): ``N[i, j]`` is the expected number of rolls
    /// made from state ``j`` in a game from state ``i``, so
    /// ``N.sum(axis=1)[start]`` is ``expect().mean``. It is dense, and its
    /// inversion takes about t³ steps: boards of a few thousand squares
    /// are refused over the budget (``snl.LimitError``), and a board where
    /// some state cannot reach the last square has none
    /// (``snl.AnalysisError``).
    #[pyo3(signature = (rules = None))]
    fn fundamental_matrix(
        &self,
        py: Python<'_>,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<Py<PyAny>> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let game = subject
            .plain_game(DenseWork::Matrix)
            .map_err(errors::question)?;
        crate::matrix::fundamental(py, game)
    }

    /// Plays ``games`` games with a real die on all cores (or ``threads``)
    /// and counts their lengths. The same ``seed`` gives the same numbers
    /// on any number of threads. A game still running after ``max_rolls``
    /// rolls is stopped and counted as capped. The games are played under
    /// the budget's work (``snl.set_budget``), as ``snl simulate`` plays
    /// them: past it the games played so far are counted (``games`` says
    /// how many) and a ``UserWarning`` says so. Ctrl-C
    /// (``KeyboardInterrupt``) stops it.
    #[pyo3(signature = (games = 100_000, seed = 0, threads = None, *, max_rolls = 100_000, rules = None, by_turns = false))]
    #[allow(clippy::too_many_arguments)]
    fn simulate(
        &self,
        py: Python<'_>,
        games: u64,
        seed: u64,
        threads: Option<usize>,
        max_rolls: u64,
        rules: Option<PyRef<'_, PyRules>>,
        by_turns: bool,
    ) -> PyResult<PySimulation> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let game = subject
            .plain_game(DenseWork::Simulation)
            .map_err(errors::question)?;
        play::simulate(py, game, games, seed, threads, max_rolls, by_turns)
    }

    /// The exact chance that each seat wins a race of ``players`` pawns
    /// with a real die, seat 0 moving first. ``start`` is every seat's
    /// starting position (an ``int``) or one per seat (a list); by default
    /// the rules' start. ``dice`` gives each seat a die of its own, in seat
    /// order (each as ``Rules(die=...)`` reads one); by default every seat
    /// rolls the rules' die.
    #[pyo3(signature = (players = None, start = None, *, dice = None, rules = None))]
    fn race(
        &self,
        py: Python<'_>,
        players: Option<usize>,
        start: Option<&Bound<'_, PyAny>>,
        dice: Option<Vec<Bound<'_, PyAny>>>,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<PyRace> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let game = subject
            .plain_game_by(snl::race::too_long)
            .map_err(errors::question)?;
        let dice = dice
            .unwrap_or_default()
            .iter()
            .map(crate::rules::die)
            .collect::<PyResult<Vec<_>>>()?;
        play::race(py, game, players, start, &dice)
    }

    /// Two players who choose their rolls, moving in turn: who wins with
    /// perfect play (``"first"``, ``"second"`` or ``"draw"``), in how many
    /// rolls, and the first player's best first rolls. With ``bump=True`` a
    /// pawn that comes to rest on the other pawn sends it back to the
    /// start. ``start`` is a pair of starting positions.
    #[pyo3(signature = (bump = false, start = None, *, rules = None))]
    fn duel(
        &self,
        py: Python<'_>,
        bump: bool,
        start: Option<(u32, u32)>,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<PyDuel> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let game = subject
            .plain_game(DenseWork::Duel)
            .map_err(errors::question)?;
        play::duel(py, game, bump, start)
    }

    /// The board as SVG text: squares numbered in the order they are played,
    /// ladders and snakes, and optionally one fewest-rolls path
    /// (``path=True``, the default), each square coloured by how often a
    /// game lands on it (``heat=True``) or by the fewest rolls to reach it
    /// (``layers=True``). ``width`` sets the squares per row (default: n
    /// for an n x n board, else 10); ``title`` heads the picture.
    #[pyo3(signature = (path = true, heat = false, layers = false, *, width = None, title = None, rules = None))]
    #[allow(clippy::too_many_arguments)]
    fn svg(
        &self,
        py: Python<'_>,
        path: bool,
        heat: bool,
        layers: bool,
        width: Option<u32>,
        title: Option<String>,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<String> {
        let picture = Picture {
            path,
            heat,
            layers,
            width,
            title,
        };
        self.picture(py, picture, rules.as_deref(), false)
    }

    /// The picture of ``svg`` as TikZ, for a LaTeX document whose preamble
    /// has ``\usepackage{tikz}``: the squares as ``svg`` colours them,
    /// their numbers where they fit, the jumps, the path and a line of
    /// legend, as ``snl render --to tikz`` writes it. At most 2,500
    /// squares.
    #[pyo3(signature = (path = true, heat = false, layers = false, *, width = None, title = None, rules = None))]
    #[allow(clippy::too_many_arguments)]
    fn tikz(
        &self,
        py: Python<'_>,
        path: bool,
        heat: bool,
        layers: bool,
        width: Option<u32>,
        title: Option<String>,
        rules: Option<PyRef<'_, PyRules>>,
    ) -> PyResult<String> {
        let picture = Picture {
            path,
            heat,
            layers,
            width,
            title,
        };
        self.picture(py, picture, rules.as_deref(), true)
    }

    /// The board as SVG, so that Jupyter draws it with its fewest-rolls
    /// path. A board over 10,000 squares, or whose path is over the budget,
    /// is not drawn inline: the picture is then a line saying why (Jupyter
    /// showed nothing, with no word why). Ctrl-C stops it.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        let squares = self.subject.squares();
        if squares > u64::from(INLINE_SVG_SQUARES) {
            return Ok(note_svg(&format!(
                "A board of {squares} squares is not drawn inline (at most {INLINE_SVG_SQUARES}); \
                 Board.svg() draws it."
            )));
        }
        match self.svg(py, true, false, false, None, None, None) {
            Ok(svg) => Ok(svg),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py) => Err(e),
            Err(e) => Ok(note_svg(&format!(
                "The board is not drawn: {}",
                e.value(py)
            ))),
        }
    }

    /// The board as text: a grid of square numbers as it is played, with
    /// ``↑n`` for a ladder up to square n and ``↓n`` for a snake down to n.
    /// ``width`` sets the squares per row.
    #[pyo3(signature = (width = None))]
    fn show(&self, width: Option<u32>) -> PyResult<String> {
        let board = self.dense_board(DenseWork::Picture)?;
        let grid = match width {
            Some(w) => snl_draw::Grid::with_columns(board.squares(), w).map_err(errors::value)?,
            None => snl_draw::Grid::natural(board.squares()),
        };
        Ok(snl_draw::text::board(board, grid, false))
    }

    /// Everything about the board in one self-contained HTML page (the
    /// board with a fewest-rolls path, the rules in words, the statistics
    /// of the game length with a plot, a heat map, what each jump is worth,
    /// races of 2 to 4 players), as ``snl report`` writes it.
    #[pyo3(signature = (rules = None))]
    fn report_html(&self, py: Python<'_>, rules: Option<PyRef<'_, PyRules>>) -> PyResult<String> {
        let subject = self.subject_for(py, rules.as_deref())?;
        let game = subject
            .plain_game(DenseWork::Report)
            .map_err(errors::question)?;
        let label = self.label();
        // Refused at once when over the budget; then under the budget and
        // Ctrl-C, as every analysis.
        crate::budget::admit(game, &snl_draw::report::ANALYSES)?;
        interruptible(py, |ctl| {
            snl_draw::report::Report::compute_with(game, &label, ctl)
        })?
        .map_err(errors::limit)?
        .to_html()
        .map_err(errors::analysis)
    }

    /// Rebuilds a pickled board: its pairs file (with its rules), its name
    /// and the form it was read in.
    #[staticmethod]
    fn _from_pickle(
        py: Python<'_>,
        text: &str,
        name: Option<String>,
        format: Option<&str>,
    ) -> PyResult<PyBoard> {
        let mut board = PyBoard::from_generated(py, text, Format::Pairs, None, name)?;
        board.format = format_arg(format)?;
        Ok(board)
    }

    /// The board as its pairs file, whatever its length: a pickle holds
    /// its jumps, not its tables.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, PickleArgs)> {
        let b = slf.get();
        Ok((
            slf.get_type().getattr("_from_pickle")?,
            (b.pairs_json(true), b.name(), b.format()),
        ))
    }

    /// The board itself: it is frozen, so a copy would be the same board.
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The board itself, as [`PyBoard::__copy__`].
    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    fn __repr__(&self) -> String {
        let n = self.subject.squares();
        let ladders = self.ladders().len();
        let snakes = self.snakes().len();
        let plural = |k: u64, one: &str| format!("{k} {one}{}", if k == 1 { "" } else { "s" });
        let name = self
            .name_str()
            .map_or_else(String::new, |name| format!("{}, ", quote(name)));
        format!(
            "<snl.Board {name}{}, {}, {}; {}>",
            plural(n, "square"),
            plural(ladders as u64, "ladder"),
            plural(snakes as u64, "snake"),
            PyRules(self.subject.rules().clone()).__repr__()
        )
    }
}

/// The figures of a first passage into `dict`, as `Board.target` and
/// `Board.via` give them.
fn first_passage(
    dict: &Bound<'_, PyDict>,
    first: snl::answer::FirstPassage,
    pmf: Vec<f64>,
) -> PyResult<()> {
    dict.set_item("chance", first.chance)?;
    dict.set_item("mean", first.mean)?;
    dict.set_item("variance", first.variance)?;
    dict.set_item("std_dev", first.std_dev)?;
    dict.set_item("median", first.median)?;
    dict.set_item("mode", first.mode)?;
    dict.set_item("quantiles", first.quantiles)?;
    dict.set_item("within", first.within)?;
    dict.set_item("unresolved", first.unresolved)?;
    dict.set_item("chance_error", first.chance_error)?;
    dict.set_item("pmf", pmf)
}

/// The query of a model export in `form` (`to_prism`, `to_jani`).
fn model_query(
    form: snl::export::Form,
    choose_dice: Option<Vec<Bound<'_, PyAny>>>,
    within: Option<Vec<usize>>,
    target: Option<Bound<'_, PyAny>>,
) -> PyResult<plan::ExportQuery> {
    Ok(plan::ExportQuery {
        dice: dice_arg(choose_dice)?,
        within: within.unwrap_or_default(),
        target: match target {
            Some(squares) => squares_arg(&squares)?,
            None => Vec::new(),
        },
        ..plan::ExportQuery::new(form)
    })
}

/// Squares to aim at, as `Board.target` takes them: a string as the
/// command reads it (`"50..60,80"`), or a list of squares and `(first,
/// last)` ranges.
fn squares_arg(squares: &Bound<'_, PyAny>) -> PyResult<Vec<(u64, u64)>> {
    if let Ok(text) = squares.extract::<String>() {
        return snl::markov::target::squares_from(&text).map_err(errors::value);
    }
    let mut ranges = Vec::new();
    for item in squares.try_iter()? {
        let item = item?;
        ranges.push(match item.extract::<u64>() {
            Ok(s) => (s, s),
            Err(_) => item.extract::<(u64, u64)>().map_err(|_| {
                errors::value(format!(
                    "squares are numbers or (first, last) ranges, not {}",
                    item.repr()
                        .map_or_else(|_| "this".to_string(), |r| r.to_string())
                ))
            })?,
        });
    }
    Ok(ranges)
}

/// What a picture of the board shows (`Board.svg`, `Board.tikz`).
struct Picture {
    path: bool,
    heat: bool,
    layers: bool,
    width: Option<u32>,
    title: Option<String>,
}

impl PyBoard {
    /// The board drawn as `picture` asks, as SVG or (`tikz`) TikZ.
    fn picture(
        &self,
        py: Python<'_>,
        picture: Picture,
        rules: Option<&PyRules>,
        tikz: bool,
    ) -> PyResult<String> {
        let Picture {
            path,
            heat,
            layers,
            width,
            title,
        } = picture;
        let overlay = match (heat, layers) {
            (true, true) => {
                return Err(errors::value(
                    "a picture shows one colouring: ask for heat=True or layers=True, not both",
                ));
            }
            (true, false) => Overlay::Heat,
            (false, true) => Overlay::Layers,
            (false, false) => Overlay::Plain,
        };
        if width == Some(0) {
            return Err(errors::value(
                "a board needs at least 1 square per row, not 0",
            ));
        }
        let subject = self.subject_for(py, rules)?;
        let game = subject
            .plain_game(DenseWork::Picture)
            .map_err(errors::question)?;
        let label = title.unwrap_or_else(|| self.label());
        let options = Options {
            path,
            overlay,
            width,
        };
        crate::budget::admit(game, &options.analyses())?;
        // Under the budget (the heat map's solve chooses by it) and
        // Ctrl-C, as every analysis.
        interruptible(py, |ctl| {
            if tikz {
                render::board_tikz_with(game, &label, &options, ctl)
            } else {
                render::board_svg_with(game, &label, &options, ctl)
            }
        })?
        .map_err(|e| match e {
            snl_draw::DrawError::Limit(e) => errors::limit(e),
            e => errors::analysis(e),
        })
    }
}
