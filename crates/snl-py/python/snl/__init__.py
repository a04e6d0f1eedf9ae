"""snl: the Snakes and Ladders analyser.

Fewest rolls when you choose every roll, how long a game with a real die
lasts (exactly: the mean, the variance, the whole distribution), simulation,
races of several players, duels, and pictures, for any board and any rules.

>>> import snl
>>> board = snl.Board.preset("milton-bradley")
>>> board.solve().min_rolls
7
>>> round(board.expect().mean, 4)
39.2251

``Board.solve()`` and ``Board.expect()`` answer boards of any length (up to
2^62 squares), as ``snl solve`` and ``snl expect`` do: the library picks the
engine, and the answer's ``engine`` says which (``"dense"``, tables a square
long; ``"sparse"``, cost in proportion to the jumps). Boards, rules and
answers pickle, for ``multiprocessing`` too.

Every analysis runs under a budget (``snl.budget()``, ``snl.set_budget``):
one whose estimated memory or work is over it raises ``snl.LimitError``
before it starts. Ctrl-C (``KeyboardInterrupt``) stops any long analysis.

``snl.design(...)`` searches for boards that meet targets (a mean number of
rolls, a spread, fairness between seats, no trap), as ``snl design`` does.

The engine is the Rust library ``snl``; this package holds no game logic of
its own. See ``help(snl.Board)`` for everything a board can answer.
"""

from snl._snl import (
    AnalysisError,
    Board,
    BoardError,
    Design,
    DesignedBoard,
    Diagnostic,
    Duel,
    Expectation,
    JumpImpact,
    LeftOut,
    LimitError,
    Move,
    Race,
    RollSteps,
    Rules,
    RulesError,
    Run,
    Simulation,
    SnlError,
    Solution,
    Verdict,
    Visits,
    WithinChance,
    __version__,
    budget,
    design,
    preset_info,
    presets,
    set_budget,
)

__all__ = [
    "AnalysisError",
    "Board",
    "BoardError",
    "Design",
    "DesignedBoard",
    "Diagnostic",
    "Duel",
    "Expectation",
    "JumpImpact",
    "LeftOut",
    "LimitError",
    "Move",
    "Race",
    "RollSteps",
    "Rules",
    "RulesError",
    "Run",
    "Simulation",
    "SnlError",
    "Solution",
    "Verdict",
    "Visits",
    "WithinChance",
    "__version__",
    "budget",
    "design",
    "preset_info",
    "presets",
    "set_budget",
]
