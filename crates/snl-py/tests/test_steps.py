"""The analyses step by step: `Board.steps()`, the fewest-rolls search,
against a plain queue written here from the rules (no bonus rolls);
`Board.roll_steps()`, the game roll by roll, against powers of a transition
matrix built here; `Board.policy_steps()` and `Board.equation()`; each as
the command gives it."""

import json
import os
import random
import subprocess
from collections import deque
from fractions import Fraction

import pytest

import snl
from reference import die_faces, land, rest


def textbook_distances(n, jumps, die, finish, chain, start):
    """The fewest rolls to each square, by a plain queue."""
    faces = [v for v, p in die_faces(die) if p]
    dist = {start: 0}
    queue = deque([start])
    while queue:
        pos = queue.popleft()
        if pos == n:
            continue
        for roll in faces:
            square = land(n, pos, roll, finish)
            nxt = pos if square is None else rest(jumps, square, chain)
            if nxt not in dist:
                dist[nxt] = dist[pos] + 1
                queue.append(nxt)
    return dist


def random_board(rng, most):
    """A board of 5 to ``most`` squares with random jumps, under random rules
    (no bonus rolls), and what the plain references here need of it; None
    when snl refuses it (a circle of jumps under chaining)."""
    n = rng.randint(5, most)
    jumps, used = {}, set()
    for _ in range(rng.randint(0, n // 3)):
        a, b = rng.sample(range(2, n), 2)
        if a in used or b in used:
            continue
        used |= {a, b}
        jumps[a] = b
    die = rng.choice(["d6", "d4", [0, 1, 0, 1], "2d3"])
    finish = rng.choice(["exact", "bounce", "pass"])
    chain = rng.random() < 0.5
    start = rng.choice([0, 1])
    ladders = [[a, b] for a, b in jumps.items() if b > a]
    snakes = [[a, b] for a, b in jumps.items() if b < a]
    try:
        board = snl.Board(n, ladders, snakes, rules=snl.Rules(
            die=die, finish=finish, chain=chain, start=start))
    except snl.SnlError:
        return None
    return board, (n, jumps, die, finish, chain, start)


def test_each_step_is_the_textbook_frontier():
    rng = random.Random(48)
    checked = 0
    while checked < 60:
        drawn = random_board(rng, 60)
        if drawn is None:
            continue
        board, (n, jumps, die, finish, chain, start) = drawn
        dist = textbook_distances(n, jumps, die, finish, chain, start)
        steps = list(board.steps())
        for t, step in enumerate(steps):
            assert step["rolls"] == t
            assert step["squares"] == sorted(s for s, d in dist.items() if d == t)
            # The start's step has no arrival: nothing moved yet.
            assert len(step["arrivals"]) == (len(step["squares"]) if t else 0)
            assert step["text"] and all(isinstance(line, str) for line in step["text"])
        if n in dist:
            assert steps[-1]["rolls"] == dist[n] == board.solve().min_rolls
            assert "the fewest" in steps[-1]["text"][-1]
        else:
            assert "cannot be reached" in steps[-1]["text"][-1]
        checked += 1


def test_the_steps_are_the_commands():
    board = snl.Board.preset("milton-bradley")
    command = os.environ.get("SNL_BIN", "snl")
    out = subprocess.run(
        [command, "solve", "--preset", "milton-bradley", "--steps", "--json"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert json.loads(out)["steps"] == list(board.steps())


def test_too_many_steps_are_refused_with_how_many():
    with pytest.raises(snl.AnalysisError, match="takes 18 steps"):
        list(snl.Board(100).steps(limit=10))


def textbook_chances(n, jumps, die, finish, chain, start, rolls):
    """The chance of each square after 0 to ``rolls`` rolls, by powers of the
    transition matrix built here from the rules: ψ_t = ψ_0 P^t, the last
    square absorbing."""
    import numpy as np

    p = np.zeros((n + 1, n + 1))
    for pos in range(n + 1):
        if pos == n:
            p[pos, pos] = 1.0
            continue
        for roll, chance in die_faces(die):
            square = land(n, pos, roll, finish)
            nxt = pos if square is None else rest(jumps, square, chain)
            p[pos, nxt] += float(chance)
    psi = np.zeros(n + 1)
    psi[start] = 1.0
    out = [psi]
    for _ in range(rolls):
        psi = psi @ p
        out.append(psi)
    return out


def test_each_roll_is_the_matrix_power():
    rng = random.Random(4848)
    checked = 0
    while checked < 60:
        drawn = random_board(rng, 50)
        if drawn is None:
            continue
        board, (n, jumps, die, finish, chain, start) = drawn
        rolls = rng.randint(0, 40)
        want = textbook_chances(n, jumps, die, finish, chain, start, rolls)
        steps = list(board.roll_steps(rolls))
        assert 1 <= len(steps) <= rolls + 1
        for t, step in enumerate(steps):
            assert step["rolls"] == t
            assert step["on"].shape == (n + 1,)
            assert abs(step["on"] - want[t]).max() < 1e-12, (t, step["on"], want[t])
            assert abs(step["finished"] - want[t][n]) < 1e-12
            assert step["text"][0].startswith(f"Roll {t}:")
        # Fewer steps only when every game has ended.
        if len(steps) < rolls + 1:
            assert abs(steps[-1]["finished"] - 1.0) < 1e-12
            assert not steps[-1]["on"][:-1].any()
        checked += 1


def test_roll_steps_are_the_commands_and_made_as_asked():
    board = snl.Board.preset("milton-bradley")
    command = os.environ.get("SNL_BIN", "snl")
    out = subprocess.run(
        [command, "expect", "--preset", "milton-bradley", "--steps", "5", "--json"],
        capture_output=True, text=True, check=True,
    ).stdout
    told = json.loads(out)["steps"]
    got = list(board.roll_steps(5))
    assert len(got) == len(told) == 6
    for mine, theirs in zip(got, told):
        assert mine["text"] == theirs["text"]
        assert mine["finished"] == theirs["finished"]
        assert {str(s): p for s, p in enumerate(mine["on"]) if p > 0} == theirs["on"]
        assert {str(s): p for s, p in enumerate(mine["landed"]) if p > 0} == theirs["landed"]
    # Fifty thousand rolls asked of a long board (seconds of work): the
    # first steps come at once, each made as it is asked for.
    steps = snl.Board(10_000, [[3, 5000]], [[9000, 20]]).roll_steps(50_000)
    first = [next(steps) for _ in range(3)]
    assert [s["rolls"] for s in first] == [0, 1, 2]
    with pytest.raises(snl.AnalysisError, match="optional"):
        board.roll_steps(3, snl.Rules(optional="all"))


def test_policy_steps_end_at_the_best_play_and_are_the_commands():
    board = snl.Board(20, [[2, 19], [12, 15]], [[9, 2]])
    dice = ["d6", [1, 1, 1, 0, 0, 0]]
    rounds = board.policy_steps(choose_dice=dice)
    assert len(rounds) >= 2
    assert rounds[0]["changed"] == []
    assert all(r["changed"] for r in rounds[1:])
    values = [r["value"] for r in rounds]
    assert values == sorted(values, reverse=True)
    best = board.expect(choose_dice=dice, exact=True)
    assert abs(values[-1] - float(best.exact_mean)) < 1e-12
    command = os.environ.get("SNL_BIN", "snl")
    out = subprocess.run(
        [command, "expect", "-", "--choose-die", "d6", "--choose-die", "1,1,1,0,0,0",
         "--steps", "--json"],
        input=board.to_json(), capture_output=True, text=True, check=True,
    ).stdout
    assert json.loads(out)["steps"] == rounds


def test_the_equation_of_the_start_is_the_mean_and_the_commands():
    board = snl.Board(20, [[2, 19], [12, 15]], [[9, 2]])
    e = board.equation(1)
    assert abs(e["mean"] - board.expect().mean) < 1e-9
    total = sum(t["value"] * Fraction(t["chance"]) for t in e["terms"])
    assert abs(1 + total - e["mean"]) < 1e-9
    command = os.environ.get("SNL_BIN", "snl")
    out = subprocess.run(
        [command, "expect", "-", "--equation", "1", "--json"],
        input=board.to_json(), capture_output=True, text=True, check=True,
    ).stdout
    assert json.loads(out)["text"] == e["text"]
    with pytest.raises(snl.AnalysisError, match="a jump starts there"):
        board.equation(12)
