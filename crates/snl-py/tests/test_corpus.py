"""Every row of testdata/answers/corpus.json, the corpus of answers every front end
agrees with (the library's tests, the command's, this module's and the
JavaScript package's), asked through `Board.solve()` and `Board.expect()`
as a Python user asks: the board built from the row, the row's rules laid
over the board's own, the row's query as keyword arguments. The engine
that answered is part of the answer."""

import json
import pathlib
from fractions import Fraction

import pytest

import snl

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = json.loads((ROOT / "testdata" / "answers" / "corpus.json").read_text(encoding="utf-8"))
ROWS = CORPUS["rows"]


def board_of(spec):
    """The board a row names: a preset, a file of testdata/, a pairs board
    inline, or a pattern of runs of jumps."""
    if "preset" in spec:
        return snl.Board.preset(spec["preset"])
    if "file" in spec:
        return snl.Board.read(ROOT / spec["file"])
    if "pattern" in spec:
        pattern = spec["pattern"]
        ladders, snakes = [], []
        for run in pattern["runs"]:
            for i in range(run["count"]):
                start = run["first"] + i * run["step"]
                (ladders if run["rise"] > 0 else snakes).append((start, start + run["rise"]))
        return snl.Board(pattern["squares"], ladders=ladders, snakes=snakes)
    return snl.Board.parse(json.dumps(spec["pairs"]))


def ask(row):
    """The row's question, asked of its board: the answer and a way to ask
    it again counted in turns."""
    board = board_of(row["board"])
    rules = board.rules.replace(**row.get("rules", {}))
    query = dict(row.get("query", {}))
    if "dice" in query:
        query["choose_dice"] = query.pop("dice")
    if row["question"] == "solve":
        return board.solve(rules=rules, **query), None
    if row["question"] == "check":
        return board.check(rules=rules), None
    return board.expect(rules=rules, **query), lambda: board.expect(rules=rules, by_turns=True, **query)


def close(want, got, tolerance):
    return abs(want - got) <= tolerance * abs(want)


@pytest.mark.parametrize("row", ROWS, ids=[row["name"] for row in ROWS])
def test_every_row_of_the_corpus(row):
    answer, by_turns = ask(row)
    if row["question"] == "check":
        # A check names no engine; its figures are its findings' codes.
        for severity in ("errors", "warnings", "notes"):
            want = row["expected"][severity]
            assert [d.code for d in answer if d.severity + "s" == severity] == want
        return
    assert answer.engine == row["engine"]
    expected = row["expected"]
    tolerance = expected.get("tolerance", 0.0)
    for key, want in expected.items():
        if key == "tolerance":
            continue
        if key == "min_rolls":
            assert answer.min_rolls == want
        elif key == "optimal_sequences":
            got = answer.optimal_sequences
            assert (None if got is None else str(got)) == want
        elif key == "declined":
            assert answer.declined == [(d["step"], d["from"], d["to"]) for d in want]
        elif key == "mean":
            assert close(want, answer.mean, tolerance), (answer.mean, want)
        elif key == "turns_mean":
            turns = by_turns()
            assert turns.by_turns
            assert close(want, turns.mean, tolerance), (turns.mean, want)
        elif key == "median":
            assert answer.median == want
        elif key == "exact_mean":
            assert answer.exact_mean == Fraction(want)
        elif key == "left_out":
            assert answer.left_out is not None and answer.left_out.reason == want
        elif key == "die_by_square":
            assert answer.die_by_square == want
        else:
            pytest.fail(f"the corpus has a figure this test does not read: {key}")


def test_the_corpus_asks_both_questions_of_both_engines():
    asked = {(row["question"], row["engine"]) for row in ROWS if row["question"] != "check"}
    assert asked == {("solve", "dense"), ("solve", "sparse"), ("expect", "dense"), ("expect", "sparse")}
