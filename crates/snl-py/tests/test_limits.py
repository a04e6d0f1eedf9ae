"""Every long analysis runs under the module's budget (refused up front when
the library's estimate is over it) and stops on Ctrl-C."""

import os
import signal
import threading
import time
import warnings

import pytest

import snl


@pytest.fixture
def budget():
    """Restores the budget a test changes."""
    old = snl.budget()
    yield
    snl.set_budget(*old)


def test_the_budget_is_the_command_lines_until_set(budget):
    assert snl.budget() == (4 << 30, 60.0)
    snl.set_budget(1_000_000, 2.5)
    assert snl.budget() == (1_000_000, 2.5)
    snl.set_budget(None, None)
    assert snl.budget() == (None, None)
    for bad in (-1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="seconds must be a number of seconds"):
            snl.set_budget(None, bad)
    assert snl.budget() == (None, None), "a refused value changes nothing"


def test_an_analysis_over_the_budget_is_refused_before_it_starts(budget):
    board = snl.Board(2000, ladders=[(3, 1500)], snakes=[(1900, 10)])
    snl.set_budget(10_000, None)
    start = time.monotonic()
    with pytest.raises(snl.LimitError) as e:
        board.expect()
    message = str(e.value)
    assert message.startswith("the mean and variance would need about "), message
    assert message.endswith("of memory, more than the budget of 10 kB"), message
    with pytest.raises(snl.LimitError, match="more than the budget of 10 kB"):
        board.visits()
    with pytest.raises(snl.LimitError, match="the duel would need about"):
        board.duel()
    assert time.monotonic() - start < 1, "refused from the sizes, not after the work"
    # The pictures and the report, which cannot be stopped once started,
    # are refused up front too (the plain picture needs only the search).
    snl.set_budget(20_000, None)
    with pytest.raises(snl.LimitError, match="^the expected visits would need about"):
        board.svg(heat=True)
    with pytest.raises(snl.LimitError, match="^the mean would need about"):
        board.report_html()
    assert board.svg().startswith("<svg")
    # Work: a millionth of a second is less than any of these takes.
    snl.set_budget(None, 1e-6)
    for call, what in [
        (lambda: board.solve(), "the fewest-rolls search"),
        (lambda: board.distances(), "the fewest-rolls search"),
        (lambda: board.duel(), "the duel"),
    ]:
        with pytest.raises(snl.LimitError, match=f"^{what} would take about .* of work, more than the budget of"):
            call()
    # A LimitError is a ValueError and an SnlError.
    assert issubclass(snl.LimitError, ValueError) and issubclass(snl.LimitError, snl.SnlError)
    # Within the budget again, the same board is answered.
    snl.set_budget(4 << 30, 60.0)
    # A 2 to the ladder, then 500 squares at 6 a roll.
    assert board.solve().min_rolls == 1 + 84
    assert board.expect().mean > 0


def interrupt_after(seconds, call):
    """Sends Ctrl-C to this process after `seconds` while `call` runs, and
    returns how long `call` took to give up. Python's own handler is put in
    place first: a process started in the background by a shell without
    job control inherits SIGINT ignored, and Python then keeps ignoring it."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    return time.monotonic() - start


# Each of these takes many seconds in a release build; Ctrl-C a few tenths
# of a second in stops it within a second or two.
LONG = {
    # The fewest rolls and the optimal sequences of 20,000,000 squares,
    # counted when asked for: about 1.5 s on a quiet machine (4,000,000
    # squares took 0.3 s, as long as the wait before the Ctrl-C).
    "solve": lambda: snl.Board(20_000_000).solve(count=True),
    # Sixteen pawns, each starting elsewhere: sixteen distributions of long
    # games.
    "race": lambda: snl.Board(300_000, snakes=[(299_990, 2)]).race(16, start=list(range(1, 17))),
    # 16.8 million pairs of positions.
    "duel": lambda: snl.Board(4095, snakes=[(4000, 2)]).duel(bump=True),
    # A design search for a mean no board of its kind has (snakes only
    # lengthen a game of 33 rolls), given ten minutes.
    "design": lambda: snl.design(100, ladders=0, snakes=(0, 8), mean="17..18", time=600),
    # The whole distribution of a long game, followed when asked for.
    "full": lambda: snl.Board(300_000, snakes=[(299_990, 2)]).expect(full=True),
    # The report of the same board: its distribution, heat map, jumps'
    # worth and races one after the other (a minute and more), each under
    # the token.
    "report_html": lambda: snl.Board(300_000, snakes=[(299_990, 2)]).report_html(),
}


@pytest.mark.parametrize("name", sorted(LONG))
def test_ctrl_c_stops_every_long_analysis(name, budget):
    snl.set_budget(None, None)
    took = interrupt_after(0.3, LONG[name])
    assert took < 5, f"{name} stopped after {took:.1f} s"
    # The module is still usable afterwards.
    assert snl.Board(20, ladders=[(2, 19)]).solve().min_rolls == 2


def test_check_looks_for_warnings_only_within_the_budget(budget):
    # Looking for warnings needs a few dozen bytes a square: over the
    # budget only the board as written is checked, and a warning says why
    # (it took 123 s and 6.8 GB on 2^30 squares, under any budget).
    board = snl.Board(100_000, ladders=[(3, 500)], snakes=[(99_999, 99_000)])
    snl.set_budget(100_000, None)
    with pytest.warns(UserWarning, match="^only the board as written was checked: checking the board would need about"):
        found = board.check()
    assert found == []
    snl.set_budget(4 << 30, 60.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert board.check() == []
    # A 2 on square 1 of a board whose only way on is a snake's foot is
    # found as before.
    trap = snl.Board(10, snakes=[(s, 2) for s in range(4, 10)])
    assert [d.code for d in trap.check()] == ["goal-unreachable"]


def test_simulate_is_under_the_budget(budget):
    # simulate(10**12) ran whatever the budget: games estimated over it are
    # refused before the first is played, as `snl simulate` refuses them.
    board = snl.Board.preset("milton-bradley")
    start = time.monotonic()
    with pytest.raises(snl.LimitError, match="^the simulation would take about .* more than the budget of 60 seconds"):
        board.simulate(10**12)
    snl.set_budget(None, 0.01)
    with pytest.raises(snl.LimitError, match="more than the budget of 10.00 ms"):
        board.simulate(100_000_000)
    assert time.monotonic() - start < 5
    snl.set_budget(None, None)
    assert board.simulate(1000).games == 1000


def test_expect_says_what_its_distribution_left_out_and_why(budget):
    # Milton Bradley's distribution is followed to its end: nothing left out.
    assert snl.Board.preset("milton-bradley").expect().left_out is None
    # Every odd square a snake to the start: games of about 10^29 rolls,
    # whose distribution is not followed, its estimate being over the work
    # allowed; followed anyway (full=True), it stops where the work
    # allowed runs out.
    board = snl.Board(200, snakes=[(s, 1) for s in range(3, 200, 2)])
    snl.set_budget(None, 0.01)
    skipped = board.expect()
    assert skipped.left_out.reason == "over_budget"
    assert skipped.left_out.message.startswith("the distribution of the length was not followed")
    assert skipped.left_out.estimated_work > skipped.left_out.allowed_work
    assert skipped.pmf is None and skipped.median is None
    e = board.expect(full=True)
    left = e.left_out
    assert left is not None
    assert left.reason == "stopped"
    assert "median" in left.fields and "quantiles.0.5" in left.fields
    assert left.steps_followed == len(e.pmf) - 1 > 0
    assert left.message.startswith(
        f"the distribution of the length was followed for {left.steps_followed} steps"
    ), left.message
    assert left.estimated_work is None and left.allowed_work is None
    assert e.median is None
    assert repr(left).startswith("LeftOut(reason='stopped', fields=['median'")
