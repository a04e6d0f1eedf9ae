"""A board's winnability class, its trap and the chance of falling in."""

import random
import pytest

import snl


def wall_board():
    # Squares 10 to 15 all lead back to 9; the ladder on 2 leads past.
    snakes = [[s, 9] for s in range(10, 16)]
    return snl.Board(20, [(2, 18)], snakes)


def test_classes_on_small_boards():
    w = wall_board().winnable()
    assert w["class"] == "occasionally"
    assert w["trap"] == [(3, 9)]
    assert (w["trap_squares"], w["trap_listed_all"]) == (7, True)
    assert w["chance"] == pytest.approx(5 / 6, abs=1e-12)
    assert w["chance_error"] is None
    assert w["text"] == (
        "occasionally: squares 3 to 9 trap the pawn for ever; "
        "a game falls there with chance 0.833333"
    )
    never = snl.Board(10, [], [(s, 2) for s in range(4, 10)])
    assert never.winnable()["class"] == "never"
    assert never.winnable()["chance"] == 1.0
    assert snl.Board.preset("milton-bradley").winnable() == {
        "class": "always",
        "text": "always: the last square can be reached from every square the pawn can rest on",
        "trap": [],
        "trap_squares": 0,
        "trap_listed_all": True,
        "chance": 0.0,
        "chance_error": None,
    }
    # The class depends on the play when snakes may be declined.
    assert never.winnable(snl.Rules(optional="snakes")) is None


def test_the_chance_is_one_less_the_chance_of_finishing():
    """On random boards with walls of snakes, the chance of the
    trap is the expectation's chance of never finishing, and the class
    agrees with it."""
    rng = random.Random(49)
    classes = set()
    for _ in range(40):
        n = rng.randrange(12, 60)
        # A wall of six snakes no roll of a d6 gets past, now and then
        # with a ladder over it.
        wall = rng.randrange(6, n - 7)
        snakes = [(s, rng.randrange(1, wall)) for s in range(wall, wall + 6)]
        ladders = []
        if rng.random() < 0.7:
            ladders.append((rng.randrange(2, wall - 3), rng.randrange(wall + 6, n)))
        taken = {a for a, _ in snakes + ladders}
        for s in rng.sample(range(2, n), 4):
            if s not in taken and all(s != b for _, b in snakes + ladders):
                taken.add(s)
                if rng.random() < 0.5:
                    ladders.append((s, rng.randrange(s + 1, n + 1)))
                else:
                    snakes.append((s, rng.randrange(1, s)))
        board = snl.Board(n, ladders, snakes)
        w = board.winnable()
        classes.add(w["class"])
        never = board.expect().never_finishes
        assert w["chance"] == pytest.approx(never, abs=1e-9)
        if w["class"] == "always":
            assert never == 0.0
        if w["class"] == "occasionally":
            assert 0 < never < 1
        assert w["trap_squares"] == sum(b - a + 1 for a, b in w["trap"])
    assert classes == {"always", "occasionally", "never"}
