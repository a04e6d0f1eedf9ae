"""Picking a die before each roll: `Board.expect(choose_dice=[...])` as
`snl expect --choose-die` answers it, checked against every assignment of
a die to each square on a small board, and against the command.
"""

import itertools
import json
import os
import shutil
import subprocess
from fractions import Fraction

import numpy as np
import pytest

import snl

# A small board, bouncing off the last square, starting off the board.
SMALL = {
    "squares": 8,
    "ladders": [[2, 6]],
    "snakes": [[7, 1]],
    "rules": {"finish": "bounce", "start": 0},
}
# A board of 20 squares where the best play picks the short die in front
# of the snakes.
TWENTY = {
    "squares": 20,
    "ladders": [[3, 11], [6, 17]],
    "snakes": [[14, 4], [19, 8]],
    "rules": {"finish": "bounce"},
}
DICE = ["d6", "1,1,1,0,0,0"]


def board(spec):
    return snl.Board.parse(json.dumps(spec))


def weights(spec):
    """A die as face weights, from a spec this file uses."""
    if spec.startswith("d"):
        return [1] * int(spec[1:])
    return [int(w) for w in spec.split(",")]


def mean_of(spec, dice, picks):
    """The expected rolls from the start when the die `picks[s]` is rolled
    on each position s, by a linear solve of the plain textbook system."""
    n = spec["squares"]
    jumps = {a: b for a, b in spec["ladders"] + spec["snakes"]}
    a = np.eye(n + 1)
    rhs = np.ones(n + 1)
    a[n, :] = 0
    a[n, n] = 1
    rhs[n] = 0
    for s in range(n):
        w = weights(dice[picks[s]])
        total = sum(w)
        for face, weight in enumerate(w, start=1):
            to = s + face
            if to > n:
                to = n - (to - n)
            to = jumps.get(to, to)
            a[s, to] -= weight / total
    return np.linalg.solve(a, rhs)[spec["rules"]["start"]]


def test_the_best_die_on_each_square_beats_every_assignment():
    e = board(SMALL).expect(choose_dice=DICE)
    n = SMALL["squares"]
    best = min(mean_of(SMALL, DICE, p) for p in itertools.product(range(2), repeat=n))
    assert e.mean == pytest.approx(best, rel=1e-10)
    assert e.dice == ["d6", "d3"]
    assert len(e.die_by_square) == n + 1
    # The policy's own dice give its mean.
    assert mean_of(SMALL, DICE, e.die_by_square) == pytest.approx(e.mean, rel=1e-10)


def test_a_play_of_several_dice_has_no_distribution():
    e = board(TWENTY).expect(choose_dice=DICE)
    assert e.mean == pytest.approx(12.746444161122113, rel=1e-12)
    assert e.variance == pytest.approx(116.6644733697321, rel=1e-9)
    assert set(e.die_by_square) == {0, 1}
    assert e.left_out.reason == "choice"
    # The figures of the distribution are left out, as the command leaves
    # them out; no game ends within fewer rolls than the fewest.
    assert (e.median, e.mode, e.pmf, e.within(10), e.quantile(0.5)) == (None, None, None, None, None)
    assert e.within(e.min_rolls - 1) == 0
    with pytest.raises(snl.AnalysisError, match="no plain game"):
        e.visits()
    with pytest.raises(snl.AnalysisError, match="under a choice"):
        e.impact()
    # The exact mean is that of the same play, in fractions.
    assert float(e.exact_mean) == pytest.approx(e.mean, rel=1e-12)


def test_a_play_of_one_die_is_the_plain_game_of_that_die():
    e = board(TWENTY).expect(choose_dice=["d3"])
    plain = board(dict(TWENTY, rules={"finish": "bounce", "die": "d3"})).expect()
    assert e.mean == pytest.approx(plain.mean, rel=1e-12)
    assert e.median == plain.median
    assert e.dice == ["d3"]
    assert e.die_by_square == [0] * 21
    assert e.left_out is None
    # Without dice to pick from there is no die to report.
    assert board(TWENTY).expect().dice is None
    assert board(TWENTY).expect().die_by_square is None


def test_dice_come_in_every_form_rules_take():
    e = board(SMALL).expect(choose_dice=["d6", [1, 1, 1]])
    assert e.dice == ["d6", "d3"]
    with pytest.raises(snl.RulesError):
        board(SMALL).expect(choose_dice=["d0"])
    with pytest.raises(ValueError, match="at least one die"):
        board(SMALL).expect(choose_dice=[])


def test_within_k_rolls_with_dice_to_pick_from():
    b = board(TWENTY)
    best = b.expect(goal="within:12", choose_dice=DICE)
    assert best.dice == ["d6", "d3"]
    # Picking is never worse than rolling either die alone.
    for die in DICE:
        alone = b.expect(goal="within:12", choose_dice=[die]).chance
        assert best.chance >= alone - 1e-12
    assert b.expect(goal="within:12").dice is None
    assert b.expect(goal="within:12").die_by_square is None
    # Each position's runs of rolls cover every roll, one die each.
    runs = best.die_by_square
    assert len(runs) == 21
    for square in runs:
        assert square[0][0] == 1 and square[-1][1] == 12
        assert all(a[1] + 1 == b[0] and a[2] != b[2] for a, b in zip(square, square[1:]))


def cli():
    """The command to compare with: SNL_BIN when set, else `snl` on PATH."""
    return os.environ.get("SNL_BIN") or shutil.which("snl")


@pytest.mark.skipif(cli() is None, reason="the snl command is not on PATH (set SNL_BIN)")
@pytest.mark.parametrize("dice", [DICE, ["d4", "0,0,0,0,0,1"], ["d3"]])
def test_expect_matches_the_command(dice, tmp_path):
    command = cli()
    assert os.path.isfile(command) and os.access(command, os.X_OK), (
        f"SNL_BIN={command} is not an executable file: build it with cargo build -p snl-cli"
    )
    path = tmp_path / "board.json"
    path.write_text(json.dumps(TWENTY))
    args = [command, "expect", str(path), "--json", "--exact"]
    for die in dice:
        args += ["--choose-die", die]
    v = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    e = board(TWENTY).expect(choose_dice=dice)
    assert e.mean == pytest.approx(v["mean"], rel=1e-12)
    assert e.variance == pytest.approx(v["variance"], rel=1e-9)
    assert e.dice == v["policy"]["dice"]
    assert e.die_by_square == v["policy"]["die_by_square"]
    assert e.exact_mean == Fraction(v["exact_mean"])
    if v["median"] is None:
        assert e.left_out.reason == v["left_out"]["reason"]
    else:
        assert e.median == v["median"]
