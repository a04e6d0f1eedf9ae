"""How long a game lasts: snl's Board.expect() against the textbook numpy
fundamental-matrix method, on random boards of 100 and 2,000 squares.

The textbook method builds the transition matrix Q between the squares a
game can be on, inverts I - Q (the fundamental matrix N) and reads the mean
and variance of the number of rolls off N: t = N 1, var = (2N - I) t - t^2.
snl answers the same two numbers (and more) from its own solver. Both
answers are checked against each other before anything is timed, so a fast
wrong answer cannot win.

    python crates/snl-py/bench/bench_expect.py            # 100 and 2,000 squares
    python crates/snl-py/bench/bench_expect.py 100 500    # other sizes

Prints the median time of each method and their ratio.
"""

import random
import statistics
import sys
import time

import numpy as np

import snl


def random_board(squares, seed):
    """A board with a jump from about one square in ten, each up to a fifth
    of the board long, up or down."""
    rng = random.Random(seed)
    jumps = {}
    for start in rng.sample(range(2, squares), k=squares // 10):
        span = rng.randint(1, max(1, squares // 5))
        to = start + span if rng.random() < 0.5 else start - span
        if 1 <= to <= squares and to not in jumps:
            jumps[start] = to
    ladders = [(a, b) for a, b in jumps.items() if b > a]
    snakes = [(a, b) for a, b in jumps.items() if b < a]
    return snl.Board(squares, ladders=ladders, snakes=snakes)


def textbook(board):
    """Mean and variance of the number of rolls by the fundamental matrix,
    as a notebook computes them: a d6, start on square 1, exact finish, one
    jump per move."""
    n = board.squares
    dest = list(range(n + 1))
    for a, b in board.jumps:
        dest[a] = b
    Q = np.zeros((n, n))  # squares 1..n-1 as rows/columns 0..n-2, plus spare
    for s in range(1, n):
        for roll in range(1, 7):
            t = s + roll
            to = s if t > n else dest[t]
            if to != n:
                Q[s - 1, to - 1] += 1 / 6
    Q = Q[: n - 1, : n - 1]
    N = np.linalg.inv(np.eye(n - 1) - Q)
    t = N.sum(axis=1)
    var = (2 * N - np.eye(n - 1)) @ t - t * t
    return t[0], var[0]


def snl_answer(board):
    e = board.expect()
    return e.mean, e.variance


def median_time(f, board, budget):
    """The median of at least 5 timed runs, more while the budget lasts."""
    times = []
    deadline = time.perf_counter() + budget
    while len(times) < 5 or (time.perf_counter() < deadline and len(times) < 1000):
        start = time.perf_counter()
        f(board)
        times.append(time.perf_counter() - start)
    return statistics.median(times), len(times)


def show(seconds):
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def main(sizes, budget=2.0):
    rules = snl.Rules()
    rows = []
    for squares in sizes:
        board = random_board(squares, seed=squares)
        assert board.rules == rules
        want = textbook(board)
        got = snl_answer(board)
        assert np.allclose(got, want, rtol=1e-9), (squares, got, want)
        fast, runs_fast = median_time(snl_answer, board, budget)
        slow, runs_slow = median_time(textbook, board, budget)
        rows.append((squares, fast, runs_fast, slow, runs_slow))
        print(
            f"{squares:>6} squares: snl {show(fast)} ({runs_fast} runs), "
            f"numpy fundamental matrix {show(slow)} ({runs_slow} runs), "
            f"snl {slow / fast:,.0f}x as fast (mean {got[0]:.4f} rolls, both)",
            flush=True,
        )
    return rows


if __name__ == "__main__":
    sizes = [int(a) for a in sys.argv[1:]] or [100, 2000]
    main(sizes)
