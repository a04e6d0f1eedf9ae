"""Long work (a simulation, a design search) releases the GIL, and Ctrl-C
stops a long simulation."""

import os
import signal
import threading
import time

import pytest

import snl


def _simulate():
    found = snl.Board.preset("milton-bradley").simulate(1_000_000, seed=3)
    assert found.games == 1_000_000


def _design():
    # A mean no board of its kind has: the search takes its whole time.
    found = snl.design(100, ladders=0, snakes=(0, 8), mean="17..18", time=1.0)
    assert found.boards == [] and found.stopped == "time"


@pytest.mark.parametrize("work", [_simulate, _design], ids=["simulation", "design"])
def test_long_work_lets_other_threads_run(work):
    ticks = 0
    running = True

    def count():
        nonlocal ticks
        while running:
            ticks += 1

    other = threading.Thread(target=count)
    other.start()
    try:
        time.sleep(0.05)
        before = ticks
        work()
        during = ticks - before
    finally:
        running = False
        other.join()
    # With the GIL held for the whole work the counter would stand still;
    # released, it counts on.
    assert during > 10_000


def test_ctrl_c_stops_a_long_simulation():
    board = snl.Board.preset("milton-bradley")
    # A billion games are over the default budget: lifted, Ctrl-C is all
    # that stops them.
    old = snl.budget()
    snl.set_budget(None, None)
    # A billion games take minutes; Ctrl-C half a second in stops them.
    # Python's own handler first, in case this process inherited SIGINT
    # ignored (started in the background by a shell without job control).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            board.simulate(1_000_000_000, seed=1)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
        snl.set_budget(*old)
    assert time.monotonic() - start < 10
    # The module is still usable afterwards.
    assert board.simulate(1000, seed=1).games == 1000
