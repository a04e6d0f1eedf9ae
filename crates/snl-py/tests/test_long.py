"""Boards past 2^30 squares: Python answers by the sparse engine (for
boards of any length), as `snl solve` and `snl expect` do.

The pinned figures are what `snl solve BOARD --json` and
`snl expect BOARD --json` print for testdata/long/trillion.pairs.json; with
the command on PATH (or named by SNL_BIN) the tests also run it and compare
field by field.
"""

import json
import math
import os
import pathlib
import shutil
import subprocess

import pytest

import snl

TRILLION = {
    "squares": 1000000000000,
    "ladders": [[3, 500000000000]],
    "snakes": [[999999999990, 7]],
}
TRILLION_FILE = pathlib.Path(__file__).parents[3] / "testdata/long/trillion.pairs.json"

# `snl solve testdata/long/trillion.pairs.json --count --json`
SOLVE = {
    "min_rolls": 83333333335,
    "path": [
        {"roll": 2, "count": 1, "from": 1, "land": 3, "to": 500000000000},
        {"roll": 2, "count": 1, "from": 500000000000, "land": 500000000002, "to": 500000000002},
        {"roll": 6, "count": 83333333333, "from": 500000000002, "land": 1000000000000, "to": 1000000000000},
    ],
}
# `snl expect testdata/long/trillion.pairs.json --json`
EXPECT = {
    "mean": 372222222224.93463,
    "variance": 4.89109347428085e22,
    "std_dev": 221158166801.06683,
    "never_finishes": 0.0,
    "min_rolls": 83333333335,
    "error_bounds": {
        "mean": 0.00004132497107608946,
        "variance": 5430208.256273542,
        "std_dev": 0.00004910699434754766,
        "never_finishes": 0.0,
    },
}
DENSE_ONLY = "needs the engine that keeps tables a square long, which holds boards of up to 2^30 squares; this one has 1000000000000"


def cli():
    return os.environ.get("SNL_BIN") or shutil.which("snl")


def cli_json(*args):
    out = subprocess.run([cli(), *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def trillion():
    return snl.Board.parse(json.dumps(TRILLION))


def runs(solution):
    return [
        {"roll": r.roll, "count": r.count, "from": r.from_, "land": r.land, "to": r.to}
        for r in solution.runs
    ]


def test_every_constructor_that_takes_pairs_holds_a_long_board():
    built = snl.Board(10**12, ladders=[(3, 500000000000)], snakes={999999999990: 7})
    text = snl.Board.parse("1\n3 500000000000\n1\n999999999990 7\n", squares=10**12)
    read = snl.Board.read(TRILLION_FILE)
    assert read == trillion()
    for board in (read, text):
        assert (board.squares, board.jumps, board.rules) == (built.squares, built.jumps, built.rules)
    assert built.squares == 10**12
    assert built.ladders == [(3, 500000000000)]
    assert built.snakes == [(999999999990, 7)]
    assert built.jumps == [(3, 500000000000), (999999999990, 7)]
    assert built.jump(3) == 500000000000 and built.jump(4) is None
    assert read.format == "pairs" and text.format == "pairs-text"
    assert repr(built).startswith("<snl.Board 1000000000000 squares, 1 ladder, 1 snake;")
    # Up to 2^62 squares; past it, and a jump off the board, are the board's faults.
    assert snl.Board(2**62, ladders=[(3, 2**61)]).squares == 2**62
    with pytest.raises(snl.BoardError, match="at most 2\\^62"):
        snl.Board(2**62 + 1)
    with pytest.raises(snl.BoardError, match="leaves the board"):
        snl.Board(10**12, ladders=[(3, 10**12 + 1)])


def test_solve_gives_the_fewest_rolls_and_the_path_as_runs():
    s = trillion().solve(count=True)
    assert isinstance(s, snl.Solution)
    assert s.engine == "sparse"
    assert s.min_rolls == SOLVE["min_rolls"]
    assert runs(s) == SOLVE["path"]
    assert sum(r.count for r in s.runs) == s.min_rolls
    # Too long to list roll by roll.
    assert s.path is None
    # Counted in 128 bits, as `snl solve --count` counts: about C(m + 3, 4)
    # ways for the m = 83,333,333,334 rolls past the ladder, more than fit.
    assert s.optimal_sequences is None and s.optimal_sequences_at_least == 2**128 - 1
    assert s.uncounted is None
    fast = trillion().solve(count=False)
    assert fast.min_rolls == s.min_rolls
    assert fast.optimal_sequences is None and fast.uncounted == "not asked for (count=False)"
    # Not counted unless asked for, as `snl solve` without `--count`.
    plain = trillion().solve()
    assert plain.optimal_sequences is None and plain.optimal_sequences_at_least is None
    assert plain.uncounted.endswith("(over 200000); count=True counts them")
    # 999,999,999,999 squares to go in m rolls, 3 short of all sixes.
    m = 166_666_666_667
    assert snl.Board(10**12).solve(count=True).optimal_sequences == (m + 2) * (m + 1) * m // 6
    over = snl.Board(10**12 + 4).solve(count=True)
    assert over.optimal_sequences is None and over.optimal_sequences_at_least == 2**128 - 1


def test_expect_gives_the_moments_with_their_bounds():
    e = trillion().expect()
    assert isinstance(e, snl.Expectation)
    assert e.engine == "sparse"
    assert e.mean == EXPECT["mean"]
    assert e.variance == EXPECT["variance"]
    assert e.std_dev == EXPECT["std_dev"]
    assert e.never_finishes == EXPECT["never_finishes"]
    assert e.fewest == EXPECT["min_rolls"]
    bounds = EXPECT["error_bounds"]
    assert (e.mean_error, e.variance_error, e.std_dev_error, e.never_finishes_error) == (
        bounds["mean"],
        bounds["variance"],
        bounds["std_dev"],
        bounds["never_finishes"],
    )
    assert e.left_out.reason == "sparse"
    assert "median" in e.left_out.fields and "mode" in e.left_out.fields
    assert e.left_out.message.startswith("the sparse engine gives the mean")
    assert (e.pmf, e.cdf, e.median, e.mode, e.quantile(0.5)) == (None, None, None, None, None)
    assert e.min_rolls == e.fewest == EXPECT["min_rolls"]


def test_the_mean_of_an_empty_stretch_is_its_closed_form():
    # 10^12 + 1 squares, reaching or passing the end: 2d/7 + 10/21 rolls for
    # d = 10^12 to go, less an exponentially small term.
    e = snl.Board(10**12 + 1, rules=snl.Rules(finish="pass")).expect()
    want = 2e12 / 7 + 10 / 21
    assert e.mean_error < 1e-3
    assert abs(e.mean - want) <= e.mean_error + want * 1e-15
    assert e.fewest == 166666666667


def test_a_wall_of_snakes_never_finishes():
    wall = [(999999999994 + i, 1) for i in range(6)]
    e = snl.Board(10**12, snakes=wall).expect()
    assert e.never_finishes == 1.0
    assert math.isinf(e.mean) and math.isinf(e.variance)
    assert e.fewest is None
    assert snl.Board(10**12, snakes=wall).solve().min_rolls is None


def test_check_finds_the_warnings_of_a_long_board():
    assert trillion().check() == []
    wall = [(999999999994 + i, 1) for i in range(6)]
    codes = {d.code for d in snl.Board(10**12, snakes=wall).check()}
    assert "goal-unreachable" in codes, codes


@pytest.mark.parametrize(
    ("call", "reason"),
    [
        (lambda b: b.simulate(), "a simulation, which plays every roll"),
        (lambda b: b.race(), "a race, which follows each player's chance"),
        (lambda b: b.duel(), "the duel, which keeps a value for every pair of squares,"),
        (lambda b: b.svg(), "a picture of the board, which draws every square,"),
        (lambda b: b.show(), "a picture of the board, which draws every square,"),
        (lambda b: b.report_html(), "the report, which draws every square"),
        (lambda b: b.visits(), "the expected visits, a figure for every square,"),
        (lambda b: b.distances(), "the fewest rolls to every position"),
        (lambda b: b.transition_matrix(), "the transition matrix, which has a row"),
        (lambda b: b.fundamental_matrix(), "the transition matrix, which has a row"),
        (lambda b: b.moves, "writing the board out"),
        (lambda b: b.grid, "writing the board out"),
        (lambda b: b.to_json("moves"), "writing the board out"),
    ],
)
def test_other_analyses_say_why_they_need_the_dense_tables(call, reason):
    with pytest.raises(snl.AnalysisError) as refused:
        call(trillion())
    message = str(refused.value)
    assert message.startswith(reason), message
    assert message.endswith(DENSE_ONLY), message


def test_rules_the_sparse_engine_does_not_play_are_refused_saying_why():
    # A board of any length may carry them; the questions that would play
    # them say why they cannot, as `snl solve --optional` does.
    optional = trillion().with_rules(optional="ladders")
    assert optional.rules.optional == "ladders"
    for ask in (optional.solve, optional.expect):
        with pytest.raises(snl.AnalysisError, match="^playing optional jumps needs the engine"):
            ask()
    with pytest.raises(snl.AnalysisError, match="^playing optional jumps needs the engine"):
        trillion().solve(rules=snl.Rules(optional="all"))
    with pytest.raises(snl.AnalysisError, match="^counting the statistics by turns"):
        trillion().expect(rules=snl.Rules(bonus=True))
    # Without bonus rolls a turn is a roll: the turns are the rolls.
    turns = trillion().expect(by_turns=True)
    assert turns.by_turns and turns.mean == EXPECT["mean"]
    bounce = trillion().with_rules(finish="bounce")
    assert bounce.rules.finish == "bounce"
    assert bounce.expect().mean > 0


@pytest.mark.skipif(cli() is None, reason="the snl command is not on PATH (set SNL_BIN)")
def test_the_command_gives_the_same_figures():
    solve = cli_json("solve", str(TRILLION_FILE), "--count")
    s = trillion().solve(count=True)
    assert solve["engine"] == s.engine
    assert solve["min_rolls"] == s.min_rolls
    assert solve["path"] == runs(s)
    assert solve["optimal_sequences"] is None
    assert int(solve["optimal_sequences_at_least"]) == s.optimal_sequences_at_least
    small = snl.Board(10**12).solve(count=True)
    out = subprocess.run(
        [cli(), "solve", "-", "--count", "--json"],
        input=json.dumps({"squares": 10**12}),
        check=True,
        capture_output=True,
        text=True,
    )
    assert int(json.loads(out.stdout)["optimal_sequences"]) == small.optimal_sequences
    assert cli_json("solve", str(TRILLION_FILE))["optimal_sequences"] is None
    assert trillion().solve().optimal_sequences is None
    expect = cli_json("expect", str(TRILLION_FILE))
    e = trillion().expect()
    assert expect["engine"] == e.engine
    assert (expect["mean"], expect["variance"], expect["std_dev"]) == (e.mean, e.variance, e.std_dev)
    assert expect["never_finishes"] == e.never_finishes
    assert expect["min_rolls"] == e.fewest
    assert expect["error_bounds"] == {
        "mean": e.mean_error,
        "variance": e.variance_error,
        "std_dev": e.std_dev_error,
        "never_finishes": e.never_finishes_error,
    }
    assert expect["left_out"]["fields"] == e.left_out.fields
    assert expect["left_out"]["message"] == e.left_out.message


# `snl solve BOARD --json` for {"squares": 100000000, "ladders": [[3, 50]]}:
# under 2^30 squares, but so sparse that the library sends the search to the
# sparse engine when the sequences are not counted.
SPARSE_SOLVE = {
    "engine": "sparse",
    "min_rolls": 16666660,
    "path": [
        {"roll": 2, "count": 1, "from": 1, "land": 3, "to": 50},
        {"roll": 2, "count": 1, "from": 50, "land": 52, "to": 52},
        {"roll": 6, "count": 16666658, "from": 52, "land": 100000000, "to": 100000000},
    ],
}


def test_solve_goes_where_the_library_sends_it():
    board = snl.Board(100_000_000, ladders=[(3, 50)])
    fast = board.solve()
    assert isinstance(fast, snl.Solution)
    assert (fast.engine, fast.min_rolls, runs(fast)) == (
        SPARSE_SOLVE["engine"],
        SPARSE_SOLVE["min_rolls"],
        SPARSE_SOLVE["path"],
    )
    assert fast.uncounted.startswith("not counting the optimal sequences on a board of 100000000 squares")
    if cli() is not None:
        out = subprocess.run(
            [cli(), "solve", "-", "--json"],
            input=json.dumps({"squares": 100000000, "ladders": [[3, 50]]}),
            check=True,
            capture_output=True,
            text=True,
        )
        answer = json.loads(out.stdout)
        assert (answer["engine"], answer["min_rolls"], answer["path"]) == (
            fast.engine,
            fast.min_rolls,
            runs(fast),
        )
    # Counting takes the dense engine, which counts exactly; either way the
    # same fewest rolls and path.
    million = snl.Board(1_000_000, ladders=[(3, 50)])
    counted, sparse = million.solve(count=True), million.solve()
    assert (counted.engine, sparse.engine) == ("dense", "sparse")
    assert counted.optimal_sequences > 0 and sparse.optimal_sequences is None
    assert (counted.min_rolls, counted.runs, counted.path) == (sparse.min_rolls, sparse.runs, sparse.path)
    small = snl.Board(1000, ladders=[(3, 50)])
    assert small.solve().engine == "dense" and small.solve().optimal_sequences > 0
    assert small.solve(count=False).min_rolls == small.solve().min_rolls
