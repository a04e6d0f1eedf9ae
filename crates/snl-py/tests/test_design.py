"""snl.design: every board it returns meets every target by the plain
analyses, the same seed gives the same boards (those `snl design` finds), a
tuned board stays within its changes, targets no board meets give the
closest board, impossible ones raise ValueError with the reason."""

import pathlib

import pytest

import snl

TESTDATA = pathlib.Path(__file__).resolve().parents[3] / "testdata"

TYPICAL = dict(squares=36, ladders=3, snakes=3, mean="10..11", players=2, fair=0.05,
               no_trap=True, seed=4)


def test_found_boards_meet_every_target_by_the_plain_analyses():
    found = snl.design(**TYPICAL, count=2, sd=(None, 8))
    assert len(found) == 2 and found.closest is None and found.stopped is None
    assert found.targets == ["mean 10..11", "sd ..8", "fair within 0.05 for 2 players", "no trap"]
    a, b = found.boards
    assert a.board != b.board
    for i, d in enumerate(found.boards):
        assert d.meets and all(v.met for v in d.targets)
        assert d.board.name == f"designed with seed 4, board {i + 1}"
        assert d.board.squares == 36
        assert len(d.board.ladders) == 3 and len(d.board.snakes) == 3
        e = d.board.expect()
        assert 10 <= e.mean <= 11 and e.std_dev <= 8
        assert d.mean == pytest.approx(e.mean, rel=1e-12)
        assert d.sd == pytest.approx(e.std_dev, rel=1e-9)
        assert d.min_rolls == d.board.solve().min_rolls
        assert not d.trap
        race = d.board.race(2)
        assert all(abs(w - 0.5) <= 0.05 for w in race.win)
        assert d.win == pytest.approx(race.win, abs=1e-9)
    # The same request and seed: the same boards; the board file reads back.
    again = snl.design(**TYPICAL, count=2, sd="..8")
    assert [d.board for d in again.boards] == [a.board, b.board]
    assert snl.Board.parse(a.board.to_json()).jumps == a.board.jumps


def test_the_boards_are_those_snl_design_finds():
    # The guide's run: snl design --squares 100 --ladders 8 --snakes 8
    # --mean 30..31 --players 2 --fair 0.02 --no-trap --seed 1
    found = snl.design(100, ladders=8, snakes=8, mean="30..31", players=2, fair=0.02,
                       no_trap=True, seed=1)
    pinned = snl.Board.read(TESTDATA / "designed-30-rolls.pairs.json")
    assert found.boards[0].board.jumps == pinned.jumps
    assert found.boards[0].board.name == pinned.name == "designed with seed 1"


def test_rules_and_within_targets():
    rules = snl.Rules(finish="bounce", die="d4")
    found = snl.design(30, rules=rules, ladders=(1, 3), snakes="1..3",
                       within=[(20, 0.5), "40:90%"], plain_ends=True, seed=3)
    d = found.boards[0]
    assert d.board.rules == rules
    assert [w[0] for w in d.within] == [20, 40]
    dist = d.board.expect()
    for rolls, chance in d.within:
        assert chance == pytest.approx(dist.within(rolls), abs=1e-9)
    assert d.within[0][1] >= 0.5 and d.within[1][1] >= 0.9
    assert all(j[0] not in (1, 30) and j[1] not in (1, 30) for j in d.board.jumps)


def test_a_grid_with_the_fewest_rolls():
    # As `snl design --grid 6 --ladders 2..3 --snakes 2..3 --min-rolls 4
    # --plain-ends` asks.
    found = snl.design(grid=6, ladders="2..3", snakes=(2, 3), min_rolls=4, plain_ends=True,
                       within="30:0.5", seed=5)
    d = found.boards[0]
    assert d.meets and d.board.squares == 36
    assert 2 <= len(d.board.ladders) <= 3 and 2 <= len(d.board.snakes) <= 3
    assert d.min_rolls == 4 == d.board.solve().min_rolls
    assert d.within[0][0] == 30 and d.within[0][1] >= 0.5
    assert d.board.expect().within(30) == pytest.approx(d.within[0][1], abs=1e-9)
    assert [v.target for v in d.targets] == ["fewest rolls 4", "within 30 rolls at least 50%"]
    assert all(j[0] not in (1, 36) and j[1] not in (1, 36) for j in d.board.jumps)
    assert repr(d).startswith("DesignedBoard('designed with seed 5', meets=True, mean=")
    assert repr(found) == f"Design(boards=1, closest=None, candidates={found.candidates}, seed=5)"
    assert repr(d.targets[0]) == "Verdict('fewest rolls 4', met=True, value='4')"


def test_a_tuned_board_keeps_its_rules_and_stays_within_its_changes():
    mb = snl.Board.preset("milton-bradley")
    before = mb.expect().mean
    found = snl.design(from_board=mb, mean=(None, before - 2), changes=2, keep=[(1, 38)], seed=2)
    d = found.boards[0]
    assert d.meets and d.board.rules == mb.rules
    assert d.board.name == f"{mb.name}, tuned with seed 2"
    assert d.board.jump(1) == 38
    assert d.changes is not None and d.changes <= 2 and len(d.changed) == d.changes
    moved = set(mb.jumps) ^ set(d.board.jumps)
    assert 1 <= len(moved) <= 2 * d.changes
    assert d.board.expect().mean <= before - 2


def test_targets_no_board_meets_give_the_closest_board():
    found = snl.design(30, ladders=0, snakes=(0, 2), mean="5..6", seed=1, time=0.3)
    assert found.boards == [] and found.stopped == "time"
    c = found.closest
    assert not c.meets and c.board.name == "designed with seed 1, closest"
    assert c.targets[0].target == "mean 5..6" and not c.targets[0].met
    assert c.targets[0].off == pytest.approx(c.mean - 6)
    assert c.board.expect().mean > 6


def test_every_board_found_was_a_candidate():
    # Without targets every board a run starts from is taken: the search
    # has weighed at least as many as it found, as `snl design` counts.
    found = snl.design(30, count=50, seed=1)
    assert len(found) == 50
    assert found.candidates >= 50


def test_bad_and_impossible_requests_raise_with_the_reason():
    with pytest.raises(ValueError, match="no board can meet this request: 15 ladders and 10 snakes do not fit on 20 squares"):
        snl.design(20, ladders=15, snakes=10)
    with pytest.raises(ValueError, match="a mean of at most 5 rolls is below the fewest rolls"):
        snl.design(100, length="1..10", mean="3..5")
    with pytest.raises(ValueError, match="mean: `thirty` is not a range"):
        snl.design(mean="thirty")
    with pytest.raises(ValueError, match="mean: a range is a"):
        snl.design(mean=(1, 2, 3))
    with pytest.raises(ValueError, match="within: `50` is not rolls and a chance"):
        snl.design(within=["50"])
    with pytest.raises(ValueError, match="changes counts the changes from a board"):
        snl.design(changes=2)
    with pytest.raises(ValueError, match="the size comes from the board to tune"):
        snl.design(36, from_board=snl.Board.preset("milton-bradley"))
    with pytest.raises(ValueError, match="give squares or grid"):
        snl.design(36, grid=6)
    with pytest.raises(ValueError, match="grid 70000 makes more squares than snl handles"):
        snl.design(grid=70_000)
    with pytest.raises(ValueError, match="players counts the seats of the fairness target"):
        snl.design(players=3)
    with pytest.raises(ValueError, match="no board can meet this request: a race needs 1 to 16 players, not 17"):
        snl.design(players=17, fair=0.1)
    with pytest.raises(ValueError, match="no board can meet this request: no race is exactly fair"):
        snl.design(fair=0)
    with pytest.raises(ValueError, match="keep: `1` is not a jump"):
        snl.design(keep=["1"])
    with pytest.raises(ValueError, match="keep: each item is a string or a pair"):
        snl.design(keep=[(1, 2, 3)])
    with pytest.raises(ValueError, match="mean: True is not a number"):
        snl.design(mean=(True, 40))
    with pytest.raises(ValueError, match="no board can meet this request: a search for 0 boards"):
        snl.design(count=0)
    # The cap of `snl design --count`, with the same words.
    with pytest.raises(ValueError, match=r"a search for 1000000 boards; ask for 1 to 1,000 \(another seed finds more\)"):
        snl.design(count=10**6, time=1)
    with pytest.raises(ValueError, match="time must be"):
        snl.design(time=0)
    old = snl.budget()
    try:
        snl.set_budget(1024, 1e-9)
        with pytest.raises(snl.LimitError, match="the design search"):
            snl.design(mean="30..31")
    finally:
        snl.set_budget(*old)
