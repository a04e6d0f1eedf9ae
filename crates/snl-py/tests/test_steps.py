"""`Board.steps()`: the fewest-rolls search step by step, against a plain
queue written here from the rules (no bonus rolls), and as the command
gives it."""

import json
import os
import random
import subprocess
from collections import deque

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


def test_each_step_is_the_textbook_frontier():
    rng = random.Random(48)
    checked = 0
    while checked < 60:
        n = rng.randint(5, 60)
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
            continue
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
