"""`Board.solve()` and `Board.expect()` answer as `snl solve` and
`snl expect` do, by whichever engine the library chooses: one `Solution`
and one `Expectation` class, saying which engine answered, on boards of
any length.

With the command on PATH (or named by SNL_BIN) the tests also run it on
the same boards and compare."""

import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import time

import pytest

import snl

SRC = pathlib.Path(__file__).resolve().parents[1] / "src"

# 10^7 squares, a ladder near the start and a snake near the end: the
# dense engine took 5 to 15 s for expect() here.
TWO_JUMPS = dict(ladders=[(3, 50)], snakes=[(9_000_000, 20)])


def cli():
    return os.environ.get("SNL_BIN") or shutil.which("snl")


def cli_json(args, spec):
    out = subprocess.run(
        [cli(), *args, "-", "--json"], input=json.dumps(spec), check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout)


def timed(call):
    start = time.perf_counter()
    answer = call()
    return answer, time.perf_counter() - start


def test_a_long_board_with_two_jumps_is_answered_by_the_sparse_engine_at_once():
    board = snl.Board(10_000_000, **TWO_JUMPS)
    e, took = timed(board.expect)
    assert took < 1, f"expect() took {took:.2f} s"
    assert isinstance(e, snl.Expectation)
    assert e.engine == "sparse"
    assert e.min_rolls == 1_666_660
    assert e.mean == pytest.approx(3885713.865079365, rel=1e-12)
    assert 0 < e.mean_error < 1e-3
    assert e.left_out.reason == "over_budget"
    # Nothing is followed afterwards for seconds: the figures of the
    # distribution are left out, as the command leaves them out.
    (median, pmf, within), took = timed(lambda: (e.median, e.pmf, e.within(2_000_000)))
    assert (median, pmf, within) == (None, None, None)
    assert took < 0.1
    # Below the fewest rolls no game has ended, with or without it.
    assert e.within(1_666_659) == 0.0
    s, took = timed(board.solve)
    assert took < 1, f"solve() took {took:.2f} s"
    assert isinstance(s, snl.Solution)
    assert (s.engine, s.min_rolls) == ("sparse", 1_666_660)
    assert sum(run.count for run in s.runs) == s.min_rolls
    assert [(r.roll, r.count, r.from_, r.land, r.to) for r in s.runs[:2]] == [
        (2, 1, 1, 3, 50),
        (2, 1, 50, 52, 52),
    ]


def test_solve_counts_where_the_command_counts():
    board = snl.Board(10_000_000, **TWO_JUMPS)
    # Not counted by default on more than 200,000 squares, and why.
    s = board.solve()
    assert s.optimal_sequences is None and s.optimal_sequences_at_least is None
    assert s.uncounted.startswith(
        "not counting the optimal sequences on a board of 10000000 squares (over 200000)"
    ), s.uncounted
    assert "count=True" in s.uncounted and "--count" not in s.uncounted
    assert board.solve(count=False).uncounted == "not asked for (count=False)"
    # Counted by default on a short board, and not when asked not to.
    mb = snl.Board.preset("milton-bradley")
    assert (mb.solve().optimal_sequences, mb.solve().uncounted) == (423, None)
    assert mb.solve(count=False).optimal_sequences is None
    # Asked for, on any length: exactly on the dense engine.
    counted = snl.Board(300_000, ladders=[(3, 150_000)], snakes=[(200_000, 20)]).solve(count=True)
    assert counted.engine == "dense" and counted.optimal_sequences > 0 and counted.uncounted is None
    # An unreachable last square has no optimal sequence to count.
    trap = snl.Board(10, snakes=[(s, 2) for s in range(4, 10)]).solve()
    assert trap.min_rolls is None and trap.uncounted == "the last square cannot be reached"


def test_a_count_over_the_budget_is_left_out_saying_how_to_count_it():
    old = snl.budget()
    snl.set_budget(None, 1e-4)
    try:
        s = snl.Board(2000, ladders=[(3, 1500)]).solve()
    finally:
        snl.set_budget(*old)
    assert s.min_rolls == 85 and s.optimal_sequences is None
    assert s.uncounted.startswith("not counting the optimal sequences: counting them would take"), s.uncounted
    assert "snl.set_budget" in s.uncounted and "--force" not in s.uncounted


def test_one_solution_class_whatever_the_engine():
    dense = snl.Board.preset("milton-bradley").solve()
    assert dense.engine == "dense"
    assert [(r.roll, r.count, r.from_, r.land, r.to) for r in dense.runs][:2] == [
        (1, 1, 0, 1, 38),
        (1, 1, 38, 39, 39),
    ]
    # The path roll by roll is the runs spelled out.
    assert len(dense.path) == dense.min_rolls == sum(r.count for r in dense.runs)
    sparse = snl.Board(100_000_000, ladders=[(3, 50)]).solve()
    assert sparse.engine == "sparse" and type(sparse) is type(dense)
    assert sparse.path is None, "16,666,660 moves are not listed one by one"
    short = snl.Board(2_000_000, ladders=[(3, 1_900_000)]).solve()
    assert short.engine == "sparse"
    assert [(m.roll, m.land, m.to) for m in short.path] == [
        (r.roll, r.from_ + r.roll * (i + 1), r.from_ + r.roll * (i + 1)) if i + 1 < r.count else (r.roll, r.land, r.to)
        for r in short.runs
        for i in range(r.count)
    ]
    assert repr(sparse) == "Solution(min_rolls=16666660, optimal_sequences=None, runs=[3 runs], engine='sparse')"


def test_the_distribution_is_left_out_where_the_command_leaves_it_out():
    # 10^5 squares: following the distribution is estimated over the
    # work allowed, so the sparse engine answers the mean and variance.
    spec = {"squares": 100_000, "ladders": [[3, 50]], "snakes": [[99_000, 20]]}
    board = snl.Board.parse(json.dumps(spec))
    e = board.expect()
    assert e.engine == "sparse"
    assert e.left_out.reason == "over_budget"
    assert e.left_out.message.startswith("the distribution of the length was not followed")
    assert "median" in e.left_out.fields and e.median is None and e.pmf is None
    if cli() is not None:
        command = cli_json(["expect"], spec)
        assert command["engine"] == e.engine
        assert command["left_out"]["reason"] == e.left_out.reason
        assert command["left_out"]["fields"] == e.left_out.fields
        assert command["mean"] == e.mean and command["min_rolls"] == e.min_rolls


def long_games(seed, snakes, squares=10_000, jumps=450):
    """A board of long games, drawn as scripts/bench/long-game-boards draws
    them: `jumps` jumps of 50 to 3,000 squares, each a snake with the
    chance `snakes`, their squares used once."""
    rng = random.Random(seed)
    used, ladders, snake_list = set(), [], []
    while len(ladders) + len(snake_list) < jumps:
        start = rng.randrange(2, squares)
        length = rng.randint(50, 3_000)
        end = start - length if rng.random() < snakes else start + length
        if not 1 <= end < squares or start in used or end in used:
            continue
        used.update((start, end))
        (snake_list if end < start else ladders).append((start, end))
    return snl.Board(squares, ladders=ladders, snakes=snake_list)


def test_full_follows_the_whole_distribution():
    # 10^4 squares, 450 long jumps, games of 7,273 rolls on average: over
    # the work allowed without full=True (the dense engine answers, and
    # says so); followed with it, as `--full`, its tail written down once
    # it is certified geometric.
    board = long_games(seed=1, snakes=0.6)
    skipped = board.expect()
    assert skipped.engine == "dense" and skipped.left_out.reason == "over_budget"
    assert skipped.median is None and skipped.pmf is None
    assert skipped.mean_error is None, "the dense engine states no error bound"
    full = board.expect(full=True)
    assert full.left_out is None
    assert (full.median, full.mode, full.quantile(0.9)) == (5123, 629, 16404)
    assert full.mean == skipped.mean == pytest.approx(7273.204684)
    assert full.within(2_000) == pytest.approx(full.cdf[2_000])
    assert 0 < full.chance_error < 1e-12


def test_within_asked_up_front():
    e = snl.Board.preset("milton-bradley").expect(within=[6, 7, 49])
    assert e.within(6) == 0 and e.within(7) == pytest.approx(e.pmf[7])
    assert e.within(49) == pytest.approx(0.7486, abs=1e-4)
    # Asked of the sparse engine, a chance within fewer rolls than the
    # fewest is 0, and the rest is left out, as `snl expect --within`.
    long = snl.Board(10_000_000, **TWO_JUMPS).expect(within=[10, 2_000_000])
    assert long.within(10) == 0.0 and long.within(2_000_000) is None
    assert "within.2000000" in long.left_out.fields and "within.10" not in long.left_out.fields


def test_the_best_play_within_k_rolls_is_its_own_question():
    board = snl.Board(20, ladders=[(4, 19)], snakes=[(18, 3)], rules=snl.Rules(optional="all"))
    best = board.expect(goal="within:6")
    assert isinstance(best, snl.WithinChance) and best.rolls == 6
    with pytest.raises(ValueError, match=r'^exact=True is not given with goal="within:K"'):
        board.expect(goal="within:6", exact=True)
    with pytest.raises(snl.AnalysisError, match="^the best play for finishing within a number of rolls needs"):
        snl.Board(2**40).expect(goal="within:6")


def test_boards_the_dense_engine_cannot_hold_are_answered():
    # Short of 2^30 squares, and far past it: the command answers both.
    for squares in (2**30 - 1, 5 * 10**8, 2**40):
        board = snl.Board(squares, ladders=[(3, 500)], snakes=[(squares - 10, 7)])
        s, e = board.solve(), board.expect()
        assert s.engine == e.engine == "sparse", squares
        assert s.min_rolls == e.min_rolls > squares // 6 - 200, squares
    with pytest.raises(snl.AnalysisError, match="^giving the exact mean needs the engine that keeps tables a square long"):
        snl.Board(2**40).expect(exact=True)


def test_solve_and_expect_make_one_library_call():
    # The questions go to the library's one entry each, which picks the
    # engine: no engine is chosen, nor an analysis's parts called, here.
    for name in ("analysis.rs", "board.rs"):
        text = (SRC / name).read_text(encoding="utf-8")
        for part in ("snl::sparse::", "markov::moments_with", "markov::stats_with", "markov::stats_from", "plan::engine"):
            assert part not in text, f"{name} calls {part}"
    board = (SRC / "board.rs").read_text(encoding="utf-8")
    for question in ("solve", "expect"):
        body = re.search(rf"\n    fn {question}\(.*?\n    }}\n", board, re.S).group(0)
        assert f"plan::{question}(" in body or (question == "expect" and "plan::best_within(" in body)
    assert not (SRC / "sparse.rs").exists()
