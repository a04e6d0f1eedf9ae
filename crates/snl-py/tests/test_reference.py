"""snl against independent reference answers on many random boards: the
textbook fundamental-matrix method for expect(), a plain BFS for solve()."""

import random

import numpy as np
import pytest

import snl
from reference import Chain, leetcode_bfs, leetcode_count

DICE = ["d6", 4, [1, 0, 2], "2d3", 9]


def random_board(rng, n):
    """A valid board of n squares: distinct starts, no jump from the last
    square, destinations anywhere else."""
    starts = rng.sample(range(1, n), k=min(n - 1, rng.randint(0, max(1, n // 3))))
    jumps = {}
    for s in starts:
        to = rng.randint(1, n)
        if to != s:
            jumps[s] = to
    return jumps


def random_rules(rng, finish):
    limit = rng.choice([None, None, None, 2, 3])
    return dict(
        die=rng.choice(DICE),
        finish=finish,
        chain=rng.random() < 0.3,
        start=rng.choice([0, 1]),
        bonus_limit=limit,
    )


@pytest.mark.parametrize("finish", ["exact", "bounce", "pass"])
def test_expect_agrees_with_the_fundamental_matrix(finish):
    rng = random.Random(f"expect-{finish}")
    checked = stuck = 0
    while checked < 150:
        n = rng.randint(1, 30)
        jumps = random_board(rng, n)
        kw = random_rules(rng, finish)
        try:
            ref = Chain(n, jumps, **kw)
        except ValueError:  # a circle of jumps under chaining
            with pytest.raises(snl.BoardError, match="circle"):
                snl.Board(n, ladders=[(a, b) for a, b in jumps.items() if b > a],
                          snakes=[(a, b) for a, b in jumps.items() if b < a],
                          rules=snl.Rules(**kw))
            continue
        board = snl.Board(
            n,
            ladders=[(a, b) for a, b in jumps.items() if b > a],
            snakes=[(a, b) for a, b in jumps.items() if b < a],
        )
        rules = snl.Rules(**kw)
        got = board.expect(rules)
        pmf = got.pmf
        mean, var, never, ref_pmf = ref.statistics(len(pmf))
        context = f"n={n} jumps={jumps} rules={rules!r}"
        if np.isinf(mean):
            stuck += 1
            assert np.isinf(got.mean) and np.isinf(got.variance), context
            assert got.never_finishes == pytest.approx(never, abs=1e-9), context
        else:
            assert got.mean == pytest.approx(mean, rel=1e-9, abs=1e-9), context
            assert got.variance == pytest.approx(var, rel=1e-7, abs=1e-7), context
            assert got.never_finishes == 0.0, context
        np.testing.assert_allclose(pmf, ref_pmf, rtol=1e-9, atol=1e-12, err_msg=context)
        # What the pmf leaves out is what is still unresolved or never ends.
        assert pmf.sum() + got.never_finishes + got.unresolved == pytest.approx(1, abs=1e-9)
        checked += 1
    if finish == "exact":
        assert stuck > 5, "the random boards include boards where the pawn gets stuck"


def test_exact_mean_agrees_with_fractions():
    rng = random.Random("exact")
    checked = 0
    while checked < 40:
        n = rng.randint(1, 14)
        jumps = random_board(rng, n)
        kw = random_rules(rng, rng.choice(["exact", "bounce", "pass"]))
        kw["chain"] = False
        board = snl.Board(n, ladders={a: b for a, b in jumps.items() if b > a},
                          snakes={a: b for a, b in jumps.items() if b < a})
        got = board.expect(snl.Rules(**kw)).exact_mean
        assert got == Chain(n, jumps, **kw).exact_mean(), f"n={n} {jumps} {kw}"
        checked += 1


def random_grid(rng, k):
    n = k * k
    grid = [[-1] * k for _ in range(k)]
    density = rng.choice([0.1, 0.25, 0.6, 0.9])
    for r in range(k):
        for c in range(k):
            if rng.random() < density:
                grid[r][c] = rng.randint(1, n)
    if rng.random() < 0.15:
        # A trap: every square a roll away from the end sends the pawn back.
        for square in range(max(2, n - 6), n):
            row, col = divmod(square - 1, k)
            if row % 2:
                col = k - 1 - col
            grid[k - 1 - row][col] = rng.randint(1, max(1, n - 7))
    # LeetCode: squares 1 and n*n hold no jump (bottom left, and the end
    # of the winding top row).
    grid[k - 1][0] = -1
    grid[0][0 if k % 2 == 0 else k - 1] = -1
    return grid


def test_solve_agrees_with_a_plain_bfs_on_leetcode_grids():
    rng = random.Random("grids")
    unreachable = 0
    for _ in range(400):
        k = rng.randint(2, 8)
        grid = random_grid(rng, k)
        board = snl.Board.from_grid(grid)
        best, _, _ = leetcode_bfs(grid)
        got = board.solve()
        if best == -1:
            unreachable += 1
            assert got.min_rolls is None and got.path == [] and got.optimal_sequences is None
            continue
        assert got.min_rolls == best, grid
        assert got.optimal_sequences == leetcode_count(grid), grid
        # The path replays legally to the last square in that many rolls.
        at = 1
        for move in got.path:
            assert 1 <= move.roll <= 6
            assert move.land == at + move.roll <= k * k
            assert move.to == (board.jump(move.land) or move.land)
            at = move.to
        assert at == k * k and len(got.path) == best
    assert unreachable > 0, "some random grids trap the pawn"
