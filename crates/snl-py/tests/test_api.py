"""Every method of the snl module and every error path, as a Python user
calls them."""

import math
import os
import pickle
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import numpy as np
import pytest

import snl

TWENTY = dict(ladders=[(2, 19), (12, 15)], snakes=[(9, 2)])


@pytest.fixture
def mb():
    return snl.Board.preset("milton-bradley")


# --- boards --------------------------------------------------------------


def test_presets_and_their_published_answers():
    names = snl.presets()
    assert names[:2] == ["milton-bradley", "milton-bradley-48"]
    published = {"leetcode-909": 4, "pairs-example-1": 9, "pairs-example-2": 4,
                 "moves-example-1": 2, "moves-example-2": 2}
    for name, rolls in published.items():
        assert snl.Board.preset(name).solve().min_rolls == rolls, name
    info = snl.preset_info("MILTON-BRADLEY")
    assert info["name"] == "milton-bradley"
    assert "Althoen" in info["source"] and "47->26" in info["title"]
    with pytest.raises(snl.BoardError, match="there is no preset `monopoly`; the presets are milton-bradley"):
        snl.Board.preset("monopoly")
    with pytest.raises(snl.BoardError):
        snl.preset_info("monopoly")


def test_milton_bradley(mb):
    assert mb.name == "milton-bradley"
    assert mb.squares == 100
    assert (1, 38) in mb.ladders and len(mb.ladders) == 9
    assert (47, 26) in mb.snakes and len(mb.snakes) == 10
    assert mb.jumps == sorted(mb.ladders + mb.snakes)
    assert mb.rules == snl.Rules(start=0)
    assert mb.format == "pairs"
    assert mb.jump(80) == 100 and mb.jump(81) is None and mb.jump(-4) is None
    assert repr(mb) == (
        "<snl.Board 'milton-bradley', 100 squares, 9 ladders, 10 snakes; "
        "Rules(die='d6', finish='exact', chain=False, start=0, bonus=False, bonus_limit=None, optional='none')>"
    )
    assert mb.expect().mean == pytest.approx(39.2251223082, abs=1e-9)


def test_every_form_gives_the_same_board():
    board = snl.Board(20, **TWENTY)
    assert board.format is None and board.name is None
    assert board.moves[:3] == [-1, 18, -1] and len(board.moves) == 20
    assert snl.Board.from_moves(board.moves) == board
    assert snl.Board.from_moves(np.array(board.moves)) == board
    with pytest.raises(snl.BoardError, match=r"moves\[1\] \(square 2\)"):
        snl.Board.from_moves([-1, 10**30, -1])
    assert snl.Board(20, ladders={2: 19, 12: 15}, snakes={9: 2}) == board
    for form in ["pairs", "moves", "pairs-text"]:
        text = board.to_json(form)
        again = snl.Board.parse(text, squares=20)
        assert again.jumps == board.jumps, form
        assert again.format == form
    assert snl.Board.parse(board.to_json("pairs").encode()).jumps == board.jumps
    grid = snl.Board.preset("leetcode-909")
    assert grid.grid[3] == [-1, 35, -1, -1, 13, -1]
    assert snl.Board.from_grid(grid.grid).jumps == grid.jumps
    assert snl.Board.parse(grid.to_json("grid")).format == "grid"
    assert board.grid is None
    with pytest.raises(ValueError, match="a LeetCode grid needs a square number of squares"):
        board.to_json("grid")
    with pytest.raises(ValueError, match="`xml` is not a board form"):
        board.to_json("xml")
    assert '"rules"' in board.to_json() and '"rules"' not in board.to_json(rules=False)


def test_a_snake_back_off_the_board_is_written_as_pairs_only():
    board = snl.Board.parse(b'{"squares": 16, "snakes": [[11, 0]], "rules": {"start": 0}}')
    assert re.search(r"\[11, ?0\]", board.to_json("pairs"))
    with pytest.raises(ValueError, match="the snake 11->0 leads off the board"):
        board.to_json("moves")
    with pytest.raises(ValueError, match="the snake 11->0 leads off the board"):
        board.to_json("grid")
    with pytest.raises(ValueError, match="the snake 11->0 leads off the board"):
        board.moves


def test_read_a_file(tmp_path):
    path = tmp_path / "board.json"
    path.write_text('{"name": "mine", "squares": 20, "ladders": [[2, 19]], "rules": {"finish": "bounce"}}')
    board = snl.Board.read(path)
    assert board.name == "mine" and board.rules.finish == "bounce"
    assert snl.Board.read(str(path), name="other").name == "other"
    assert snl.Board.read(path, rules=snl.Rules()).rules.finish == "exact"
    bad = tmp_path / "bad.json"
    bad.write_text('{"squares": 10, "ladderz": []}')
    with pytest.raises(snl.BoardError) as err:
        snl.Board.read(bad)
    assert str(err.value).startswith(f"{bad}: line 1, column 25: unknown field `ladderz`")
    with pytest.raises(FileNotFoundError):
        snl.Board.read(tmp_path / "missing.json")
    text = tmp_path / "pairs.txt"
    text.write_text("1 2 5\n0\n")
    assert snl.Board.read(text, squares=8).squares == 8
    assert snl.Board.read(text, "pairs-text").squares == 100


def test_board_errors_list_every_problem():
    with pytest.raises(snl.BoardError) as err:
        snl.Board(10, ladders=[(3, 11), (5, 5), (6, 2)], snakes=[(10, 1)])
    e = err.value
    assert isinstance(e, ValueError) and isinstance(e, snl.SnlError)
    assert str(e) == "ladders[0]: the jump 3->11 leaves the board; squares are numbered 1 to 10"
    assert [d.code for d in e.diagnostics] == ["off-board", "no-move", "wrong-direction", "from-last"]
    assert all(d.severity == "error" for d in e.diagnostics)
    assert str(e.diagnostics[1]) == "error[no-move]: ladders[1]: the jump starts and ends on square 5; remove it"
    with pytest.raises(snl.BoardError, match=r"ladders\[0\]: -3 is not a square; squares are numbered from 1"):
        snl.Board(10, ladders=[(-3, 4)])
    with pytest.raises(snl.BoardError, match=r"a pair has two squares, \[from, to\], but this one has 3"):
        snl.Board(10, ladders=[(1, 4, 5)])
    with pytest.raises(snl.BoardError, match="the board has no squares"):
        snl.Board(0)
    with pytest.raises(snl.BoardError, match="too large|snl handles at most"):
        snl.Board(10**30)
    with pytest.raises(snl.BoardError, match=r"two jumps start on square 4 \(ladders\[0\] and snakes\[0\]\)"):
        snl.Board(10, ladders=[(4, 8)], snakes=[(4, 1)])
    with pytest.raises(TypeError):
        snl.Board(10, ladders=[("a", 4)])
    with pytest.raises(snl.BoardError, match=r"grid row 1 has 1 cell but the grid has 2 rows"):
        snl.Board.from_grid([[-1, -1], [-1]])
    with pytest.raises(snl.BoardError, match="the grid has no rows"):
        snl.Board.from_grid([])
    with pytest.raises(snl.BoardError, match=r"grid row 0, column 1 \(square 3\): -5 is not a destination"):
        snl.Board.from_grid([[-1, -5], [-1, -1]])
    with pytest.raises(snl.BoardError, match=r"moves\[1\]"):
        snl.Board.from_moves([-1, 7, -1])
    with pytest.raises(snl.BoardError, match="the input is empty"):
        snl.Board.parse("  ")
    with pytest.raises(snl.BoardError, match="line 2, column 3: a board cannot start with `h`"):
        snl.Board.parse("\n  hello")
    with pytest.raises(snl.BoardError, match="but the pairs form was asked for"):
        snl.Board.parse("[-1, -1]", "pairs")
    with pytest.raises(snl.BoardError, match="`yaml` is not a board form"):
        snl.Board.parse("[-1, -1]", "yaml")
    with pytest.raises(TypeError, match="str or bytes"):
        snl.Board.parse(12)


def test_a_circle_of_jumps_under_chaining():
    jumps = dict(ladders=[(2, 5), (5, 9)], snakes=[(9, 5)])
    board = snl.Board(12, **jumps)
    chain = snl.Rules(chain=True)
    with pytest.raises(snl.BoardError, match=r"the jumps from squares 5->9->5 lead round in a circle"):
        board.solve(chain)
    with pytest.raises(snl.BoardError) as err:
        snl.Board(12, **jumps, rules=chain)
    assert [d.code for d in err.value.diagnostics] == ["cycle"]
    with pytest.raises(snl.BoardError, match="circle"):
        board.with_rules(chain=True)
    assert [d.code for d in board.check(chain)] == ["cycle"]
    assert [d.code for d in board.check()] == ["ends-on-jump"] * 3


def test_check_warnings():
    found = snl.Board.preset("moves-example-1").check()
    assert [(d.severity, d.code) for d in found] == [("warning", "ends-on-jump")]
    assert found[0].squares == [9, 2]
    assert "use --chain to follow it" in found[0].message
    assert repr(found[0]).startswith("Diagnostic(severity='warning', code='ends-on-jump', message=")
    trap = snl.Board(10, snakes=[(s, 2) for s in range(4, 10)])
    assert [d.code for d in trap.check()] == ["goal-unreachable"]
    assert trap.check(snl.Rules(die=8)) == []


# --- rules ---------------------------------------------------------------


def test_rules():
    r = snl.Rules()
    assert repr(r) == "Rules(die='d6', finish='exact', chain=False, start=1, bonus=False, bonus_limit=None, optional='none')"
    assert (r.die, r.faces, r.finish, r.chain, r.start, r.bonus, r.bonus_limit) == (
        "d6", 6, "exact", False, 1, False, None)
    assert snl.Rules(die=8).die == "d8"
    assert snl.Rules(die="2d6").faces is None
    assert snl.Rules(die="2d6").probabilities[5] == (7, pytest.approx(6 / 36))
    assert snl.Rules(die=[1, 1, 1, 1, 1, 2]).die == "1,1,1,1,1,2"
    assert snl.Rules(die="1,1,1,1,1,2") == snl.Rules(die=[1, 1, 1, 1, 1, 2])
    limited = snl.Rules(bonus_limit=3)
    assert limited.bonus and limited.bonus_limit == 3
    assert limited.replace(bonus=False) == snl.Rules()
    assert limited.replace(bonus_limit=None, optional='none') == snl.Rules(bonus=True)
    assert r.replace(finish="bounce", start=0) == snl.Rules(finish="bounce", start=0)
    assert hash(snl.Rules(chain=True)) == hash(snl.Rules(chain=True))
    assert pickle.loads(pickle.dumps(limited)) == limited
    with pytest.raises(AttributeError):
        r.finish = "pass"
    with pytest.raises(TypeError, match="Rules has no rule `colour`"):
        r.replace(colour="red")


@pytest.mark.parametrize("kw, message", [
    (dict(die="six"), "`six` is not a die"),
    (dict(die=0), "a die needs 1 to 1000 faces, not 0"),
    (dict(die=-3), "a die needs 1 to 1000 faces, not -3"),
    (dict(die=[0, 0]), "a weighted die needs at least one face with a weight above 0"),
    (dict(die=[1, -1]), "is not a die"),
    (dict(die=2.5), "2.5 is not a die"),
    (dict(die=b"d6"), "b'd6' is not a die: bytes are not read as text or as weights"),
    (dict(die=bytearray(b"\x01\x01")), "is not a die: bytes are not read"),
    (dict(finish="exactly"), "`exactly` is not a finish rule: use `exact`, `bounce` or `pass`"),
    (dict(start=2), "the start must be 1 (on square 1) or 0 (off the board), not 2"),
    (dict(bonus_limit=0), "the bonus limit must be at least 1"),
    (dict(bonus_limit=5_000_000_000), "the bonus limit must be a whole number from 1 to 4294967295, not 5000000000"),
])
def test_rules_errors(kw, message):
    with pytest.raises(snl.RulesError) as err:
        snl.Rules(**kw)
    assert message in str(err.value)
    assert isinstance(err.value, ValueError)


def test_analyses_default_to_the_boards_rules(mb):
    assert mb.expect().rules == mb.rules
    on_one = mb.expect(snl.Rules())
    assert on_one.rules == snl.Rules() and on_one.mean != mb.expect().mean
    assert mb.with_rules(start=1).expect().mean == on_one.mean
    assert mb.with_rules(snl.Rules()).rules == snl.Rules()
    assert mb.with_rules(start=1).name == "milton-bradley"
    assert mb.solve(rules=snl.Rules(finish="pass")).rules.finish == "pass"


# --- solve ---------------------------------------------------------------


def test_solve(mb):
    s = mb.solve()
    assert (s.min_rolls, s.optimal_sequences) == (7, 423)
    assert [(m.roll, m.land, m.to) for m in s.path][:2] == [(1, 1, 38), (1, 39, 39)]
    assert s.path[0].jump == "ladder" and s.path[1].jump is None
    assert repr(s.path[0]) == "Move(roll=1, land=1, to=38)"
    assert repr(s) == "Solution(min_rolls=7, optimal_sequences=423, path=[7 moves])"
    assert mb.solve(count=False).optimal_sequences is None
    trap = snl.Board(10, snakes=[(s, 2) for s in range(4, 10)])
    assert trap.solve().min_rolls is None and trap.solve().path == []
    # The count is an exact Python int however large.
    # With a d100 from square 1 to 2902, 30 rolls that fall 99 short of
    # 30 x 100 in all: C(128, 29) sequences.
    long = snl.Board(2902).solve(snl.Rules(die=100))
    assert long.min_rolls == 30
    assert long.optimal_sequences == math.comb(128, 29) > 2**64
    d = snl.Board(20, **TWENTY).distances()
    assert len(d) == 21 and d[1] == 0 and d[19] == 1 and d[2] == 2 and d[12] is None


# --- expect --------------------------------------------------------------


def test_expect(mb):
    e = mb.expect()
    assert e.mean == pytest.approx(39.225122308, abs=1e-8)
    assert e.std_dev == pytest.approx(25.224957, abs=1e-6)
    assert e.variance == pytest.approx(e.std_dev ** 2)
    assert (e.fewest, e.median, e.mode, e.never_finishes) == (7, 32, 22, 0.0)
    assert [e.quantile(q) for q in (0.1, 0.25, 0.5, 0.75, 0.9, 0.99)] == [15, 22, 32, 50, 72, 128]
    assert e.quantile(0) == 7
    assert e.within(49) == pytest.approx(e.cdf[49]) and e.within(6) == 0
    assert e.within(10**6) == pytest.approx(1)
    with pytest.raises(ValueError, match="a quantile needs 0 <= q <= 1, not 1.5"):
        e.quantile(1.5)
    assert e.pmf.dtype == np.float64 and e.pmf.ndim == 1
    assert e.cdf.shape == e.pmf.shape and e.cdf[-1] == pytest.approx(1, abs=1e-11)
    assert np.all(np.diff(e.cdf) >= 0)
    assert e.pmf[:7].sum() == 0 and e.pmf[7] > 0
    assert (np.arange(len(e.pmf)) * e.pmf).sum() == pytest.approx(e.mean, abs=1e-6)
    assert e.unresolved < 1e-11
    with pytest.raises(ValueError, match="read-only"):
        e.pmf[0] = 1.0
    assert e.pmf is not None and e.pmf[7] == e.pmf[7]
    exact = e.exact_mean
    assert isinstance(exact, Fraction)
    assert str(exact).startswith("225837582538403273407117496273279920181931269186581786048583/")
    assert float(exact) == pytest.approx(e.mean, rel=1e-12)
    assert repr(e) == "Expectation(rolls: mean=39.225122, std_dev=25.224957)"
    assert e.by_turns is False


def test_expect_when_the_pawn_can_get_stuck():
    # From square 1 only a roll of 1 escapes (up the ladder to 11, then 12);
    # every other roll ends on 3 or 4, from where every way slides to 4.
    half = snl.Board(12, ladders=[(2, 11)], snakes=[(s, 4) for s in range(5, 11)])
    e = half.expect()
    assert e.mean == math.inf and e.variance == math.inf and e.std_dev == math.inf
    assert e.never_finishes == pytest.approx(5 / 6)
    assert e.exact_mean is None and e.visits() is None
    assert e.pmf.sum() + e.never_finishes == pytest.approx(1, abs=1e-9)
    assert repr(e).startswith("Expectation(rolls: mean=inf, never_finishes=")
    never = snl.Board(10, snakes=[(s, 2) for s in range(4, 10)]).expect()
    assert never.never_finishes == 1 and never.median is None and never.fewest is None


def test_bonus_rolls_count_turns():
    board = snl.Board.preset("milton-bradley").with_rules(bonus_limit=3)
    rolls, turns = board.expect(), board.expect(by_turns=True)
    assert turns.by_turns and turns.mean < rolls.mean
    assert turns.exact_mean < rolls.exact_mean


def test_exact_mean_has_a_limit():
    # As `snl expect --exact` (it was computed here where the command
    # refuses it): 2,002 states at most, and 2,002 squares are 2,003
    # positions.
    with pytest.raises(
        snl.LimitError,
        match=r"^the exact mean is limited to 2002 chain states .*; this game has 2003; use the floating-point mean$",
    ):
        snl.Board(2002).expect().exact_mean
    # Within it, the budget decides (see test_limits.py): a millisecond
    # is enough for the rest of the answer, which comes first, not for
    # the exact mean.
    e = snl.Board(2000).expect()
    old = snl.budget()
    snl.set_budget(None, 1e-3)
    try:
        with pytest.raises(
            snl.LimitError,
            match=r"^the exact mean would take about .* of work, more than the budget of ",
        ):
            e.exact_mean
    finally:
        snl.set_budget(*old)


def test_visits_and_impact(mb):
    v = mb.expect().visits()
    assert v.landings.shape == v.rests.shape == (101,)
    assert v.rests.dtype == np.float64 and not v.rests.flags.writeable
    assert v.rests[1] == 0 and v.landings[1] > 0, "a ladder's foot is passed through"
    assert v.rests.sum() == pytest.approx(mb.expect().mean)
    assert v.landings.sum() + v.lost + v.resets == pytest.approx(mb.expect().mean)
    assert mb.visits().lost == v.lost
    # Every name in the repr is an attribute of the object.
    assert repr(v) == f"Visits(landings=<101 floats>, rests=<101 floats>, lost={v.lost:.6f}, resets=0.000000)"
    for name in ["landings", "rests", "lost", "resets"]:
        assert hasattr(v, name)
    impact = mb.expect().impact()
    assert len(impact) == 19
    top = impact[0]
    assert top.jump == (80, 100) and top.kind == "ladder" and top.change > 0
    assert top.mean_without == pytest.approx(mb.expect().mean + top.change)
    assert repr(top).startswith("JumpImpact(jump=(80, 100), kind='ladder', mean_without=")


# --- simulate, race, duel -------------------------------------------------


def test_simulate(mb):
    sim = mb.simulate(20000, seed=7)
    assert (sim.games, sim.seed, sim.capped, sim.finished) == (20000, 7, 0, 20000)
    assert sim.histogram.dtype == np.int64 and sim.histogram.sum() == 20000
    assert not sim.histogram.flags.writeable
    assert sim.mean == pytest.approx(39.1587, abs=1e-4)
    low, high = sim.ci95
    assert low < sim.exact_mean < high and abs(sim.z) < 2
    assert sim.median == 32 and sim.quantile(0.9) == 72
    assert sim.std_error == pytest.approx(sim.std_dev / math.sqrt(20000))
    # The same seed on any number of threads gives the same games.
    one = mb.simulate(20000, seed=7, threads=1)
    assert np.array_equal(one.histogram, sim.histogram)
    assert mb.simulate(20000, seed=8).mean != sim.mean
    capped = snl.Board(10, snakes=[(s, 2) for s in range(4, 10)]).simulate(50, max_rolls=100)
    assert capped.capped == 50 and capped.mean is None and capped.exact_mean == math.inf
    assert capped.median is None and capped.z is None
    for bad in [dict(games=0), dict(threads=0), dict(max_rolls=0)]:
        with pytest.raises(ValueError):
            mb.simulate(**bad)
    with pytest.raises(ValueError, match="a quantile needs"):
        sim.quantile(-0.1)
    assert repr(sim) == "Simulation(games=20000, seed=7, mean=39.1587, exact_mean=39.2251, capped=0)"
    turns = mb.with_rules(bonus=True).simulate(2000, by_turns=True)
    assert turns.by_turns and turns.mean < mb.simulate(2000).mean


def test_race(mb):
    r = mb.race(3)
    assert r.players == 3 and r.start == [0, 0, 0]
    assert [round(w, 6) for w in r.win] == [0.342989, 0.333231, 0.323781]
    assert r.expected_rounds == pytest.approx(21.7281, abs=1e-4)
    assert r.no_winner == 0 and r.unresolved < 1e-9
    assert repr(r).startswith("Race(players=3, win=[0.342989, 0.333231, 0.323781]")
    assert mb.race().players == 2
    assert mb.race(start=[1, 30]).start == [1, 30]
    assert mb.race(3, start=5).start == [5, 5, 5]
    assert mb.race(start=[0, 90]).win[1] > 0.5
    with pytest.raises(snl.LimitError, match="a race needs 1 to 16 players, not 17"):
        mb.race(17)
    with pytest.raises(snl.LimitError):
        mb.race(0)
    with pytest.raises(ValueError, match="players=3 but start lists 2 positions"):
        mb.race(3, start=[0, 0])
    with pytest.raises(snl.BoardError, match="seat 2 cannot start on square 101"):
        mb.race(start=[0, 101])
    trap = snl.Board(10, snakes=[(s, 2) for s in range(4, 10)])
    assert trap.race(2).expected_rounds == math.inf and trap.race(2).no_winner == 1


def test_race_with_a_die_for_each_seat(mb):
    # As `snl race --preset milton-bradley --seat-die d6 --seat-die d8`.
    r = mb.race(dice=["d6", 8])
    assert r.players == 2 and r.dice == ["d6", "d8"]
    assert [round(w, 6) for w in r.win] == [0.424219, 0.575781]
    assert r.expected_rounds == pytest.approx(23.9728, abs=1e-4)
    assert mb.race(2).dice == []
    # The rules' own die for every seat is the plain race.
    assert mb.race(3, dice=["d6"] * 3).win == mb.race(3).win
    # A die of two faces is slow on 100 squares: it loses, though first.
    assert mb.race(start=[0, 0], dice=[[1, 1], "d6"]).win[0] < 0.5
    with pytest.raises(ValueError, match="3 players but 2 seat dice"):
        mb.race(3, dice=["d6", "d6"])
    with pytest.raises(snl.RulesError):
        mb.race(dice=["d6", b"d6"])


def test_duel():
    board = snl.Board(20, **TWENTY)
    d = board.duel()
    assert (d.winner, d.rolls, d.best_rolls, d.bump, d.start) == ("first", 3, [1], False, (1, 1))
    bumped = board.duel(bump=True)
    assert bumped.winner == "draw" and bumped.rolls is None
    assert repr(bumped) == "Duel(winner='draw', rolls=None, best_rolls=[1], bump=True)"
    assert board.duel(start=(1, 19)).winner == "second"
    with pytest.raises(snl.RulesError, match="duels are solved without the bonus-roll rule"):
        board.duel(rules=snl.Rules(bonus=True))
    with pytest.raises(snl.LimitError, match="snl solves duels of at most"):
        snl.Board(5000).duel()
    with pytest.raises(snl.BoardError, match="a pawn cannot start on square 25"):
        board.duel(start=(1, 25))


# --- pictures ------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}svg"


def test_pictures(mb):
    svg = mb._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == SVG
    assert "milton-bradley: fewest rolls 7" in svg
    assert ET.fromstring(mb.svg(path=False)).tag == SVG
    assert "expected landings per game" in mb.svg(heat=True)
    assert ET.fromstring(mb.svg(layers=True, width=5, title="Layers")).tag == SVG
    assert "Layers" in mb.svg(layers=True, title="Layers")
    with pytest.raises(ValueError, match="not both"):
        mb.svg(heat=True, layers=True)
    with pytest.raises(ValueError, match="at least 1 square per row"):
        mb.svg(width=0)
    trap = snl.Board(10, snakes=[(s, 2) for s in range(4, 10)])
    with pytest.raises(snl.AnalysisError, match="no heat map: a game on this board may never end"):
        trap.svg(heat=True)
    assert "the last square cannot be reached" in trap.svg()
    # Not drawn inline, with a word why (it was None: nothing shown).
    big = snl.Board(20_000)._repr_svg_()
    assert ET.fromstring(big).tag == SVG
    assert "A board of 20000 squares is not drawn inline (at most 10000); Board.svg() draws it." in big
    old = snl.budget()
    snl.set_budget(100, None)
    try:
        over = snl.Board(5000)._repr_svg_()
    finally:
        snl.set_budget(*old)
    assert ET.fromstring(over).tag == SVG
    assert "The board is not drawn: the fewest-rolls search with a path would need about" in over
    text = mb.show()
    assert text.splitlines()[-2].startswith("  1↑38")
    assert len(mb.show(width=25).splitlines()) == 5
    with pytest.raises(ValueError):
        mb.show(width=0)
    html = mb.report_html()
    assert html.startswith("<!DOCTYPE html>") and "milton-bradley" in html


# --- the module ------------------------------------------------------------


def test_boards_are_frozen_and_hashable(mb):
    with pytest.raises(AttributeError):
        mb.squares = 5
    assert mb == snl.Board.preset("milton-bradley")
    assert mb != snl.Board.preset("milton-bradley-48")
    assert len({mb, snl.Board.preset("milton-bradley")}) == 1
    for board in [mb, snl.Board(20, **TWENTY, rules=snl.Rules(bonus_limit=2), name="twenty")]:
        again = pickle.loads(pickle.dumps(board))
        assert again == board and again.name == board.name and again.format == board.format
        assert again.rules == board.rules


def test_everything_has_a_docstring():
    for name in snl.__all__:
        obj = getattr(snl, name)
        if name == "__version__":
            continue
        assert (obj.__doc__ or "").strip(), name
        if isinstance(obj, type) and not issubclass(obj, BaseException):
            for attr, value in vars(obj).items():
                if not attr.startswith("__"):
                    assert (value.__doc__ or "").strip(), f"{name}.{attr}"
    assert snl.__doc__ and "39.2251" in snl.__doc__
    assert "def" not in snl.Board.solve.__doc__ and snl.Board.solve.__text_signature__
