"""Type stubs for snl: the Snakes and Ladders analyser."""

import os
from fractions import Fraction
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

_Pairs = Union[Sequence[Sequence[int]], Mapping[int, int]]
_Die = Union[str, int, Sequence[int]]

class SnlError(Exception):
    """The base class of every error snl raises."""

class BoardError(SnlError, ValueError):
    """A board that cannot be read, or cannot be played under the rules asked for."""

    diagnostics: List["Diagnostic"]

class RulesError(SnlError, ValueError):
    """A rule value that cannot be used."""

class LimitError(SnlError, ValueError):
    """A request beyond what snl computes, or over the budget (see
    ``set_budget``); the message names the value and the limit."""

class AnalysisError(SnlError, RuntimeError):
    """An analysis that could not be completed."""

def presets() -> List[str]:
    """The names of the built-in boards."""

def preset_info(name: str) -> Dict[str, str]:
    """A built-in board's name, title and source."""

def budget() -> Tuple[Optional[int], Optional[float]]:
    """The budget of every analysis: (memory in bytes, seconds of work);
    None for no limit. By default (4294967296, 60.0)."""

def set_budget(memory: Optional[int], seconds: Optional[float]) -> None:
    """Sets the budget of every analysis from now on; None for no limit.
    An analysis estimated over it raises LimitError before it starts."""

class Rules:
    """The rules a game is played under (frozen)."""

    def __init__(
        self,
        die: Optional[_Die] = None,
        finish: str = "exact",
        chain: bool = False,
        start: int = 1,
        bonus: bool = False,
        bonus_limit: Optional[int] = None,
        optional: str = "none",
    ) -> None: ...
    @property
    def die(self) -> str: ...
    @property
    def faces(self) -> Optional[int]: ...
    @property
    def probabilities(self) -> List[Tuple[int, float]]: ...
    @property
    def finish(self) -> str: ...
    @property
    def chain(self) -> bool: ...
    @property
    def start(self) -> int: ...
    @property
    def bonus(self) -> bool: ...
    @property
    def bonus_limit(self) -> Optional[int]: ...
    @property
    def optional(self) -> str: ...
    def replace(
        self,
        *,
        die: _Die = ...,
        finish: str = ...,
        chain: bool = ...,
        start: int = ...,
        bonus: bool = ...,
        bonus_limit: Optional[int] = ...,
        optional: str = ...,
    ) -> "Rules": ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Diagnostic:
    """One finding of Board.check()."""

    @property
    def severity(self) -> str: ...
    @property
    def code(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def squares(self) -> List[int]: ...
    @staticmethod
    def _from_pickle(severity: str, code: str, message: str, squares: List[int]) -> "Diagnostic": ...

class Move:
    """One roll of a path."""

    @property
    def roll(self) -> int: ...
    @property
    def land(self) -> int: ...
    @property
    def to(self) -> int: ...
    @property
    def jump(self) -> Optional[str]: ...
    @staticmethod
    def _from_pickle(roll: int, land: int, to: int) -> "Move": ...

class Run:
    """``count`` rolls of ``roll`` in a row from ``from_``, the last landing on ``land`` and resting on ``to``."""

    @property
    def roll(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def from_(self) -> int: ...
    @property
    def land(self) -> int: ...
    @property
    def to(self) -> int: ...
    @staticmethod
    def _from_pickle(roll: int, count: int, from_: int, land: int, to: int) -> "Run": ...

class Solution:
    """The fewest rolls when every roll is chosen, by the engine that answered."""

    @property
    def engine(self) -> str: ...
    @property
    def min_rolls(self) -> Optional[int]: ...
    @property
    def runs(self) -> List[Run]: ...
    @property
    def path(self) -> Optional[List[Move]]: ...
    @property
    def optimal_sequences(self) -> Optional[int]: ...
    @property
    def optimal_sequences_at_least(self) -> Optional[int]: ...
    @property
    def uncounted(self) -> Optional[str]: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def declined(self) -> List[Tuple[int, int, int]]: ...
    @staticmethod
    def _from_pickle(answer: Dict[str, Any], uncounted: Optional[str], rules: Rules) -> "Solution": ...

class Visits:
    """Expected landings and rests on each square in one game."""

    @property
    def landings(self) -> npt.NDArray[np.float64]: ...
    @property
    def rests(self) -> npt.NDArray[np.float64]: ...
    @property
    def lost(self) -> float: ...
    @property
    def resets(self) -> float: ...
    @staticmethod
    def _from_pickle(landings: List[float], rests: List[float], lost: float, resets: float) -> "Visits": ...

class JumpImpact:
    """The mean with one snake or ladder removed."""

    @property
    def jump(self) -> Tuple[int, int]: ...
    @property
    def kind(self) -> str: ...
    @property
    def mean_without(self) -> float: ...
    @property
    def change(self) -> Optional[float]: ...
    @staticmethod
    def _from_pickle(
        jump: Tuple[int, int], kind: str, mean_without: float, change: Optional[float]
    ) -> "JumpImpact": ...

class Expectation:
    """The exact statistics of one player's game length with a real die, by the engine that answered."""

    @property
    def engine(self) -> str: ...
    @property
    def mean(self) -> float: ...
    @property
    def variance(self) -> float: ...
    @property
    def std_dev(self) -> float: ...
    @property
    def never_finishes(self) -> float: ...
    @property
    def mean_error(self) -> Optional[float]: ...
    @property
    def variance_error(self) -> Optional[float]: ...
    @property
    def std_dev_error(self) -> Optional[float]: ...
    @property
    def never_finishes_error(self) -> Optional[float]: ...
    @property
    def min_rolls(self) -> Optional[int]: ...
    @property
    def by_turns(self) -> bool: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def policy(self) -> Optional[List[Dict[str, Union[int, str]]]]: ...
    @property
    def dice(self) -> Optional[List[str]]: ...
    @property
    def die_by_square(self) -> Optional[List[int]]: ...
    @property
    def pmf(self) -> Optional[npt.NDArray[np.float64]]: ...
    @property
    def cdf(self) -> Optional[npt.NDArray[np.float64]]: ...
    @property
    def unresolved(self) -> float: ...
    @property
    def chance_error(self) -> float: ...
    @property
    def fewest(self) -> Optional[int]: ...
    @property
    def median(self) -> Optional[int]: ...
    @property
    def mode(self) -> Optional[int]: ...
    def quantile(self, q: float) -> Optional[int]: ...
    def within(self, k: int) -> Optional[float]: ...
    @property
    def left_out(self) -> Optional[LeftOut]: ...
    @property
    def exact_mean(self) -> Optional[Fraction]: ...
    def visits(self) -> Optional[Visits]: ...
    def impact(self) -> List[JumpImpact]: ...
    @staticmethod
    def _from_pickle(
        board: "Board",
        answer: Dict[str, Any],
        by_turns: bool,
        distribution: Optional[Tuple[List[float], float, float]],
        visits: Any,
        query: Tuple[bool, List[int], bool, bool, bool, List[str]],
    ) -> "Expectation": ...

class WithinChance:
    """The best play for finishing within ``rolls`` rolls, and its chance."""

    @property
    def rolls(self) -> int: ...
    @property
    def chance(self) -> float: ...
    @property
    def policy(self) -> List[Dict[str, Any]]: ...
    @property
    def dice(self) -> Optional[List[str]]: ...
    @property
    def die_by_square(self) -> Optional[List[List[Tuple[int, int, int]]]]: ...
    @staticmethod
    def _from_pickle(state: Dict[str, Any]) -> "WithinChance": ...

class LeftOut:
    """What an Expectation's distribution left out, and why."""

    @property
    def fields(self) -> List[str]: ...
    @property
    def reason(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def steps_followed(self) -> int: ...
    @property
    def estimated_work(self) -> Optional[int]: ...
    @property
    def allowed_work(self) -> Optional[int]: ...
    @staticmethod
    def _from_pickle(state: Dict[str, Any]) -> "LeftOut": ...

class RollSteps:
    """A game with a real die roll by roll (``Board.roll_steps``): an
    iterator of one dict a step, each made as it is asked for."""

    def __iter__(self) -> "RollSteps": ...
    def __next__(self) -> Dict[str, Any]: ...

class Simulation:
    """Games played with a real die, counted by length."""

    @property
    def games(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def capped(self) -> int: ...
    @property
    def finished(self) -> int: ...
    @property
    def max_rolls(self) -> int: ...
    @property
    def by_turns(self) -> bool: ...
    @property
    def histogram(self) -> npt.NDArray[np.int64]: ...
    @property
    def mean(self) -> Optional[float]: ...
    @property
    def std_dev(self) -> Optional[float]: ...
    @property
    def std_error(self) -> Optional[float]: ...
    @property
    def ci95(self) -> Optional[Tuple[float, float]]: ...
    @property
    def exact_mean(self) -> float: ...
    @property
    def z(self) -> Optional[float]: ...
    @property
    def median(self) -> Optional[int]: ...
    def quantile(self, q: float) -> Optional[int]: ...
    @property
    def rules(self) -> Rules: ...
    @staticmethod
    def _from_pickle(
        games: int,
        capped: int,
        max_rolls: int,
        stopped: bool,
        rolls: List[int],
        turns: List[int],
        by_turns: bool,
        seed: int,
        exact_mean: float,
        rules: Rules,
    ) -> "Simulation": ...

class Race:
    """The exact chance that each seat wins a race."""

    @property
    def players(self) -> int: ...
    @property
    def start(self) -> List[int]: ...
    @property
    def dice(self) -> List[str]: ...
    @property
    def win(self) -> List[float]: ...
    @property
    def no_winner(self) -> float: ...
    @property
    def expected_rounds(self) -> float: ...
    @property
    def unresolved(self) -> float: ...
    @property
    def rules(self) -> Rules: ...
    @staticmethod
    def _from_pickle(
        start: List[int],
        dice: List[str],
        win: List[float],
        no_winner: float,
        expected_rounds: float,
        unresolved: float,
        rules: Rules,
    ) -> "Race": ...

class Duel:
    """Two players who choose their rolls: who wins with perfect play."""

    @property
    def winner(self) -> str: ...
    @property
    def rolls(self) -> Optional[int]: ...
    @property
    def best_rolls(self) -> List[int]: ...
    @property
    def bump(self) -> bool: ...
    @property
    def start(self) -> Tuple[int, int]: ...
    @property
    def rules(self) -> Rules: ...
    @staticmethod
    def _from_pickle(
        winner: str,
        rolls: Optional[int],
        best_rolls: List[int],
        bump: bool,
        start: Tuple[int, int],
        rules: Rules,
    ) -> "Duel": ...

_Range = Union[str, int, float, Tuple[Optional[float], Optional[float]]]

class Verdict:
    """How a found board stands against one target."""

    @property
    def target(self) -> str: ...
    @property
    def met(self) -> bool: ...
    @property
    def off(self) -> Optional[float]: ...
    @property
    def value(self) -> str: ...
    @staticmethod
    def _from_pickle(target: str, met: bool, off: Optional[float], value: str) -> "Verdict": ...

class DesignedBoard:
    """One board a design search found, with its figures by the plain analyses."""

    @property
    def board(self) -> "Board": ...
    @property
    def meets(self) -> bool: ...
    @property
    def mean(self) -> Optional[float]: ...
    @property
    def sd(self) -> Optional[float]: ...
    @property
    def min_rolls(self) -> Optional[int]: ...
    @property
    def trap(self) -> bool: ...
    @property
    def within(self) -> List[Tuple[int, Optional[float]]]: ...
    @property
    def win(self) -> Optional[List[float]]: ...
    @property
    def targets(self) -> List[Verdict]: ...
    @property
    def changes(self) -> Optional[int]: ...
    @property
    def changed(self) -> List[str]: ...
    @staticmethod
    def _from_pickle(
        board: "Board",
        meets: bool,
        mean: Optional[float],
        sd: Optional[float],
        min_rolls: Optional[int],
        trap: bool,
        within: List[Tuple[int, Optional[float]]],
        win: Optional[List[float]],
        targets: List[Verdict],
        changes: Optional[int],
        changed: List[str],
    ) -> "DesignedBoard": ...

class Design:
    """What ``snl.design`` found."""

    @property
    def boards(self) -> List[DesignedBoard]: ...
    @property
    def closest(self) -> Optional[DesignedBoard]: ...
    @property
    def candidates(self) -> int: ...
    @property
    def stopped(self) -> Optional[str]: ...
    @property
    def seed(self) -> int: ...
    @property
    def targets(self) -> List[str]: ...
    @staticmethod
    def _from_pickle(
        boards: List[DesignedBoard],
        closest: Optional[DesignedBoard],
        candidates: int,
        stopped: Optional[str],
        seed: int,
        targets: List[str],
    ) -> "Design": ...
    def __len__(self) -> int: ...

def design(
    squares: Optional[int] = None,
    *,
    grid: Optional[int] = None,
    from_board: Optional["Board"] = None,
    rules: Optional[Rules] = None,
    ladders: Optional[_Range] = None,
    snakes: Optional[_Range] = None,
    length: Optional[_Range] = None,
    plain_ends: bool = False,
    no_chains: bool = False,
    keep: Optional[Union[str, Sequence[Union[str, Tuple[int, int]]]]] = None,
    changes: Optional[int] = None,
    mean: Optional[_Range] = None,
    sd: Optional[_Range] = None,
    min_rolls: Optional[_Range] = None,
    within: Optional[Union[str, Sequence[Union[str, Tuple[int, float]]]]] = None,
    players: Optional[int] = None,
    fair: Optional[float] = None,
    no_trap: bool = False,
    seed: int = 0,
    count: int = 1,
    time: float = 5.0,
    name: Optional[str] = None,
) -> Design:
    """Searches for boards that meet targets, as ``snl design`` does."""
    ...

class Board:
    """A Snakes and Ladders board with its own rules and name (frozen)."""

    def __init__(
        self,
        squares: int,
        ladders: Optional[_Pairs] = None,
        snakes: Optional[_Pairs] = None,
        *,
        rules: Optional[Rules] = None,
        name: Optional[str] = None,
    ) -> None: ...
    @staticmethod
    def preset(name: str) -> "Board": ...
    @staticmethod
    def from_grid(
        rows: Sequence[Sequence[int]], *, rules: Optional[Rules] = None, name: Optional[str] = None
    ) -> "Board": ...
    @staticmethod
    def from_moves(
        moves: Sequence[int], *, rules: Optional[Rules] = None, name: Optional[str] = None
    ) -> "Board": ...
    @staticmethod
    def parse(
        text: Union[str, bytes],
        format: Optional[str] = None,
        *,
        squares: Optional[int] = None,
        rules: Optional[Rules] = None,
        name: Optional[str] = None,
    ) -> "Board": ...
    @staticmethod
    def read(
        path: Union[str, "os.PathLike[str]"],
        format: Optional[str] = None,
        *,
        squares: Optional[int] = None,
        rules: Optional[Rules] = None,
        name: Optional[str] = None,
    ) -> "Board": ...
    @property
    def squares(self) -> int: ...
    @property
    def ladders(self) -> List[Tuple[int, int]]: ...
    @property
    def snakes(self) -> List[Tuple[int, int]]: ...
    @property
    def jumps(self) -> List[Tuple[int, int]]: ...
    def jump(self, square: int) -> Optional[int]: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def name(self) -> Optional[str]: ...
    @property
    def format(self) -> Optional[str]: ...
    @property
    def moves(self) -> List[int]: ...
    @property
    def grid(self) -> Optional[List[List[int]]]: ...
    def with_rules(
        self,
        rules: Optional[Rules] = None,
        *,
        die: _Die = ...,
        finish: str = ...,
        chain: bool = ...,
        start: int = ...,
        bonus: bool = ...,
        bonus_limit: Optional[int] = ...,
        optional: str = ...,
    ) -> "Board": ...
    def to_json(self, format: str = "pairs", rules: bool = True) -> str: ...
    def check(self, rules: Optional[Rules] = None) -> List[Diagnostic]: ...
    def target(
        self,
        squares: Union[str, Sequence[Union[int, Tuple[int, int]]]],
        rules: Optional[Rules] = None,
        *,
        within: Optional[Sequence[int]] = None,
    ) -> Dict[str, Any]:
        """The rolls until the pawn first rests on one of ``squares``."""
        ...
    def via(
        self,
        jump: Tuple[int, int],
        rules: Optional[Rules] = None,
        *,
        within: Optional[Sequence[int]] = None,
    ) -> Dict[str, Any]:
        """The chance a game takes ``jump``, how often, and how soon."""
        ...
    def winnable(self, rules: Optional[Rules] = None) -> Optional[Dict[str, Any]]:
        """Always, occasionally or never winnable, the trap and its chance."""
        ...
    def solve(self, rules: Optional[Rules] = None, count: Optional[bool] = None) -> Solution: ...
    def distances(self, rules: Optional[Rules] = None) -> List[Optional[int]]: ...
    def expect(
        self,
        rules: Optional[Rules] = None,
        *,
        by_turns: bool = False,
        goal: str = "mean",
        choose_dice: Optional[Sequence[_Die]] = None,
        exact: bool = False,
        within: Optional[Sequence[int]] = None,
        visits: bool = False,
        impact: bool = False,
        full: bool = False,
    ) -> Union[Expectation, WithinChance]: ...
    def visits(self, rules: Optional[Rules] = None) -> Optional[Visits]: ...
    def transition_matrix(self, rules: Optional[Rules] = None, *, dense: bool = False) -> Any:
        """A scipy.sparse.csr_matrix with SciPy installed, else a numpy array."""
        ...
    def fundamental_matrix(self, rules: Optional[Rules] = None) -> npt.NDArray[np.float64]: ...
    def steps(
        self, rules: Optional[Rules] = None, *, limit: int = 1000
    ) -> Iterator[Dict[str, Any]]:
        """The fewest-rolls search step by step, as ``snl solve --steps``."""
        ...
    def roll_steps(self, rolls: int, rules: Optional[Rules] = None) -> RollSteps:
        """The game with a real die roll by roll, as ``snl expect --steps``."""
        ...
    def equation(self, square: int, rules: Optional[Rules] = None) -> Dict[str, Any]:
        """The first-step equation of a square, as ``snl expect --equation``."""
        ...
    def policy_steps(
        self, rules: Optional[Rules] = None, *, choose_dice: Optional[Sequence[_Die]] = None
    ) -> List[Dict[str, Any]]:
        """The best play round by round, as ``snl expect --optional --steps``."""
        ...
    def to_prism(
        self,
        rules: Optional[Rules] = None,
        *,
        choose_dice: Optional[Sequence[Any]] = None,
        within: Optional[Sequence[int]] = None,
        target: Optional[Union[str, Sequence[Union[int, Tuple[int, int]]]]] = None,
    ) -> Tuple[str, str]:
        """The PRISM model and its properties, as ``snl export --to prism``."""
        ...
    def to_jani(
        self,
        rules: Optional[Rules] = None,
        *,
        choose_dice: Optional[Sequence[Any]] = None,
        within: Optional[Sequence[int]] = None,
        target: Optional[Union[str, Sequence[Union[int, Tuple[int, int]]]]] = None,
    ) -> str:
        """The model in JANI, its properties inside, as ``snl export --to jani``."""
        ...
    def to_dot(self, rules: Optional[Rules] = None) -> str:
        """The chain as a Graphviz DOT state diagram, as ``snl export --to dot``."""
        ...
    def to_tikz(self, rules: Optional[Rules] = None) -> str:
        """The chain as a TikZ state diagram, as ``snl export --to tikz``."""
        ...
    def to_phase_type(self, rules: Optional[Rules] = None) -> str:
        """The length as a phase-type distribution (JSON), as ``snl export --to phase-type``."""
        ...
    def simulate(
        self,
        games: int = 100000,
        seed: int = 0,
        threads: Optional[int] = None,
        *,
        max_rolls: int = 100000,
        rules: Optional[Rules] = None,
        by_turns: bool = False,
    ) -> Simulation: ...
    def race(
        self,
        players: Optional[int] = None,
        start: Union[None, int, Sequence[int]] = None,
        *,
        dice: Optional[Sequence[_Die]] = None,
        rules: Optional[Rules] = None,
    ) -> Race: ...
    def duel(
        self,
        bump: bool = False,
        start: Optional[Tuple[int, int]] = None,
        *,
        rules: Optional[Rules] = None,
    ) -> Duel: ...
    def svg(
        self,
        path: bool = True,
        heat: bool = False,
        layers: bool = False,
        *,
        width: Optional[int] = None,
        title: Optional[str] = None,
        rules: Optional[Rules] = None,
    ) -> str: ...
    def tikz(
        self,
        path: bool = True,
        heat: bool = False,
        layers: bool = False,
        *,
        width: Optional[int] = None,
        title: Optional[str] = None,
        rules: Optional[Rules] = None,
    ) -> str:
        """The picture of ``svg`` as TikZ for LaTeX, as ``snl render --to tikz``."""
        ...
    def _repr_svg_(self) -> str: ...
    def show(self, width: Optional[int] = None) -> str: ...
    def report_html(self, rules: Optional[Rules] = None) -> str: ...
    @staticmethod
    def _from_pickle(text: str, name: Optional[str], format: Optional[str]) -> "Board": ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
