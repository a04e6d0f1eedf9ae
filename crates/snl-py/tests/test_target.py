"""The rolls until the pawn first rests on a set of squares, and the chance
that it ever does, against the transition matrix solved by NumPy."""

import random

import numpy as np
import pytest

import snl


def by_numpy(board, squares, rules=None, rolls=80):
    """The chance, conditional mean and variance and the first chances
    roll by roll, from the dense transition matrix with the target's states
    made absorbing, solved by numpy.linalg."""
    p = np.array(board.transition_matrix(rules, dense=True))
    streaks = p.shape[0] // (board.squares + 1)
    states = p.shape[0]
    aimed = np.array([(k // streaks) in squares for k in range(states)])
    goal = np.array([(k // streaks) == board.squares for k in range(states)])
    start = (0 if (rules or board.rules).start == 0 else 1) * streaks
    if aimed[start]:
        return 1.0, 0.0, 0.0, [1.0]
    # Transient: neither aimed at nor the end of the game.
    t = ~aimed & ~goal
    q = p[np.ix_(t, t)]
    b = p[np.ix_(t, aimed)].sum(axis=1)
    n = t.sum()
    # States that cannot get there make I - Q singular: pin them at 0.
    can = b > 0
    while True:
        more = can | ((q[:, can] > 0).any(axis=1))
        if (more == can).all():
            break
        can = more
    a = np.eye(n) - np.where(can[:, None] & can[None, :], q, 0)
    h = np.linalg.solve(a, np.where(can, b, 0))
    m = np.linalg.solve(a, np.where(can, h, 0))
    s = np.linalg.solve(a, np.where(can, 2 * m - h, 0))
    i = list(np.flatnonzero(t)).index(start)
    mass = np.zeros(n)
    mass[i] = 1.0
    pmf = [0.0]
    for _ in range(rolls):
        pmf.append(float(mass @ b))
        mass = mass @ q
    mean = m[i] / h[i] if h[i] > 0 else None
    var = s[i] / h[i] - mean * mean if h[i] > 0 else None
    return h[i], mean, var, pmf


def test_the_last_square_as_target_is_the_game():
    board = snl.Board.preset("milton-bradley")
    hit = board.target([100], within=[50])
    stats = board.expect(within=[50])
    assert hit["chance"] == pytest.approx(1.0, abs=1e-12)
    assert hit["mean"] == pytest.approx(stats.mean, rel=1e-10)
    assert hit["median"] == stats.median
    assert hit["within"][50] == pytest.approx(stats.within(50), abs=1e-12)
    # Both tails written down once certified geometric, each with its bound.
    assert 0 < hit["chance_error"] < 1e-12 and 0 < stats.chance_error < 1e-12
    assert hit["unresolved"] < 1e-12


def test_a_range_leaves_out_the_starts_of_jumps_and_a_lone_one_is_refused():
    board = snl.Board.preset("milton-bradley")
    hit = board.target("80..99")
    assert hit["target"][0] == (81, 86)
    assert sum(hit["pmf"]) == pytest.approx(hit["chance"], abs=1e-9)
    with pytest.raises(ValueError, match="aim at square 100 instead"):
        board.target([80])
    with pytest.raises(ValueError, match="off the board"):
        board.target([101])
    with pytest.raises(ValueError, match="at character 4"):
        board.target("50,x")
    assert board.target([(81, 86), 88])["target"] == [(81, 86), (88, 88)]


def test_random_boards_under_every_rule_match_numpy():
    rng = random.Random(49)
    for case in range(60):
        n = rng.randrange(12, 50)
        starts = rng.sample(range(2, n), rng.randrange(0, min(10, n - 2)))
        ladders = [(s, rng.randrange(s + 1, n + 1)) for s in starts[::2]]
        snakes = [(s, rng.randrange(1, s)) for s in starts[1::2]]
        rules = snl.Rules(
            die=rng.choice(["d6", "d4", "2d3", "1,2,3,0,0,1"]),
            finish=rng.choice(["exact", "bounce", "pass"]),
            start=rng.choice([0, 1]),
            bonus_limit=rng.choice([None, None, 2, 3]),
        )
        board = snl.Board(n, ladders, snakes)
        rests = [s for s in range(1, n + 1) if s not in starts]
        aimed = rng.sample(rests, rng.randrange(1, 4))
        hit = board.target(aimed, rules)
        chance, mean, var, pmf = by_numpy(board, set(aimed), rules)
        assert hit["chance"] == pytest.approx(chance, abs=1e-9), (case, aimed)
        if mean is None or chance < 1e-12:
            assert hit["mean"] is None
            continue
        assert hit["mean"] == pytest.approx(mean, rel=1e-8), (case, aimed)
        assert hit["variance"] == pytest.approx(var, rel=1e-6, abs=1e-9), (case, aimed)
        for t, p in enumerate(pmf):
            ours = hit["pmf"][t] if t < len(hit["pmf"]) else 0.0
            assert ours == pytest.approx(p, abs=1e-12), (case, aimed, t)


def play_takes(rng, squares, jumps, start):
    """One game with a d6, exact finish, no chaining: how many times it
    takes each jump, and the roll on which it first takes each."""
    at, taken, first, rolls = start, {}, {}, 0
    while at != squares:
        rolls += 1
        land = at + rng.randint(1, 6)
        if land > squares:
            continue
        if land in jumps:
            taken[land] = taken.get(land, 0) + 1
            first.setdefault(land, rolls)
            land = jumps[land]
        at = land
    return taken, first


def test_via_against_visits_and_played_games():
    """The chance a game takes each jump of Milton Bradley's board, against
    20,000 games played here; the times, against the visits' landings."""
    board = snl.Board.preset("milton-bradley")
    visits = board.expect(visits=True).visits()
    jumps = dict(board.ladders + board.snakes)
    rng = random.Random(7)
    games = [play_takes(rng, 100, jumps, 0) for _ in range(20_000)]
    for start, end in list(jumps.items())[:8]:
        via = board.via((start, end), within=[30])
        assert via["kind"] == ("ladder" if end > start else "snake")
        assert via["times"] == pytest.approx(visits.landings[start], rel=1e-9)
        share = sum(1 for taken, _ in games if start in taken) / len(games)
        sd = (via["chance"] * (1 - via["chance"]) / len(games)) ** 0.5
        assert abs(share - via["chance"]) < 4 * sd + 1e-9, (start, share, via["chance"])
        within = sum(1 for _, first in games if first.get(start, 10**9) <= 30) / len(games)
        assert abs(within - via["within"][30]) < 4 * sd + 0.005, (start, within)
        assert sum(via["pmf"]) == pytest.approx(via["chance"], abs=1e-9)
    with pytest.raises(ValueError, match="the jump from square 87 goes to 24"):
        board.via((87, 25))
