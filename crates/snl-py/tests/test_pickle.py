"""Every object the module hands out pickles, copies and crosses to other
processes (`multiprocessing.Pool`), boards of any length included, and
comes back answering as before."""

import copy
import multiprocessing
import pickle

import numpy as np
import pytest

import snl

TWENTY = dict(ladders=[(2, 19), (12, 15)], snakes=[(9, 2)])
# 2^40 squares: held by its jumps, past the dense engine's tables.
HUGE = dict(ladders=[(3, 549755813888)], snakes=[(1099511627770, 10)])
DENSE_ONLY = "needs the engine that keeps tables a square long, which holds boards of up to 2^30 squares; this one has 1099511627776"


def huge():
    return snl.Board(2**40, name="huge", **HUGE)


def round_trips(obj):
    """The object through pickle, copy.copy and copy.deepcopy."""
    return [pickle.loads(pickle.dumps(obj)), copy.copy(obj), copy.deepcopy(obj)]


def public(obj):
    """Every public attribute that is not a method, as plain values; not
    the exact mean, which an expectation not asked for it works out when
    it is read."""
    out = {}
    for name in dir(obj):
        if name.startswith("_") or name == "exact_mean":
            continue
        value = getattr(obj, name)
        if callable(value):
            continue
        if isinstance(value, np.ndarray):
            value = value.tolist()
        elif isinstance(value, (snl.Rules, snl.Board)):
            value = repr(value)
        elif isinstance(value, list):
            value = [repr(v) if type(v).__module__ == "snl" else v for v in value]
        elif type(value).__module__ == "snl":
            value = public(value)
        out[name] = value
    return out


def test_a_board_of_any_length_pickles():
    board = huge()
    for again in round_trips(board):
        assert again == board and hash(again) == hash(board)
        assert (again.squares, again.jumps, again.name, again.rules) == (2**40, board.jumps, "huge", board.rules)
        assert again.solve().min_rolls == 91625968983
    dense = snl.Board(20, **TWENTY, rules=snl.Rules(bonus_limit=2), name="twenty")
    for again in round_trips(dense):
        assert again == dense and again.rules == dense.rules and again.format is None
    read = snl.Board.preset("leetcode-909")
    assert pickle.loads(pickle.dumps(read)).format == "grid"


def test_a_board_past_two_to_the_thirty_writes_its_pairs():
    board = huge().with_rules(finish="bounce")
    text = board.to_json("pairs")
    again = snl.Board.parse(text)
    assert again.squares == 2**40 and again.jumps == board.jumps and again.rules == board.rules
    assert '"rules"' not in board.to_json("pairs", rules=False)
    assert snl.Board.parse(board.to_json("pairs-text"), squares=2**40).jumps == board.jumps
    for form in ("grid", "moves"):
        with pytest.raises(snl.AnalysisError) as refused:
            board.to_json(form)
        assert str(refused.value).startswith("writing the board out")
        assert str(refused.value).endswith(DENSE_ONLY)


def test_rules_and_diagnostics_pickle():
    rules = snl.Rules(die=[1, 2, 3], finish="bounce", chain=True, start=0, bonus_limit=3, optional="snakes")
    assert all(again == rules for again in round_trips(rules))
    found = snl.Board.preset("moves-example-1").check()
    for again in round_trips(found[0]):
        assert again == found[0] and str(again) == str(found[0])


@pytest.fixture(scope="module")
def answers():
    """One of every answer, dense and sparse."""
    mb = snl.Board.preset("milton-bradley")
    twenty = snl.Board(20, **TWENTY)
    choosing = snl.Board(20, ladders=[(3, 11), (6, 17)], snakes=[(14, 4), (19, 8)], rules=snl.Rules(finish="bounce"))
    return {
        "solution": mb.solve(),
        "long solution": huge().solve(),
        "declined": snl.Board(10, ladders=[(4, 8)], rules=snl.Rules(optional="ladders", die="0,0,1")).solve(),
        "move": mb.solve().path[0],
        "run": huge().solve().runs[-1],
        "expectation": mb.expect(exact=True, within=[20], visits=True, impact=True),
        "turns": mb.with_rules(bonus_limit=3).expect(by_turns=True),
        "long expectation": huge().expect(),
        "choice": choosing.expect(choose_dice=["d6", "1,1,1,0,0,0"]),
        "left out": huge().expect().left_out,
        "visits": mb.visits(),
        "impact": mb.expect().impact()[0],
        "within chance": snl.Board(20, ladders=[(4, 19)], snakes=[(18, 3)]).expect(
            rules=snl.Rules(optional="all"), goal="within:6"
        ),
        "simulation": twenty.simulate(2000, seed=5),
        "race": twenty.race(2),
        "duel": twenty.duel(),
    }


NAMES = [
    "choice", "declined", "duel", "expectation", "impact", "left out", "long expectation",
    "long solution", "move", "race", "run", "simulation", "solution", "turns", "visits",
    "within chance",
]


@pytest.mark.parametrize("name", NAMES)
def test_every_answer_pickles(answers, name):
    assert sorted(answers) == NAMES
    answer = answers[name]
    want = public(answer)
    for again in round_trips(answer):
        assert type(again) is type(answer)
        assert public(again) == want
        assert repr(again) == repr(answer)
        if name in ("expectation", "choice", "turns"):
            assert again.exact_mean == answer.exact_mean


def test_an_unpickled_expectation_still_answers_what_it_was_not_asked():
    e = pickle.loads(pickle.dumps(snl.Board.preset("milton-bradley").expect()))
    assert str(e.exact_mean).startswith("225837582538403273407117496273279920181931269186581786048583/")
    assert e.visits().rests.sum() == pytest.approx(e.mean)
    assert e.impact()[0].jump == (80, 100)
    assert e.quantile(0.9) == 72 and e.within(49) == pytest.approx(0.7486, abs=1e-4)


def solve_and_expect(board):
    """What a worker process answers: the board came pickled, the answers
    go back pickled."""
    return board, board.solve(), board.expect()


def test_boards_and_answers_cross_to_other_processes():
    boards = [huge(), snl.Board.preset("milton-bradley"), snl.Board(10_000_000, ladders=[(3, 50)], snakes=[(9_000_000, 20)])]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        back = pool.map(solve_and_expect, boards)
    for board, (again, solved, expected) in zip(boards, back):
        assert again == board
        assert public(solved) == public(board.solve())
        assert public(expected) == public(board.expect())


def test_designs_pickle():
    """A search's answer, its boards, the closest board and the verdicts
    pickle, as a sweep of searches on other processes needs."""
    found = snl.design(
        squares=100, ladders=8, snakes=8, mean="30..40", players=2, fair=0.05, within=["40:0.5"], seed=3, count=2
    )
    # No single change takes this board's mean under six rolls: the answer
    # is the closest board, with its changes.
    closest = snl.design(from_board=snl.Board.preset("milton-bradley"), mean="5..6", changes=1, time=0.2)
    assert len(found) == 2 and found.boards[0].targets and closest.closest is not None and closest.closest.changed
    for answer in (found, closest):
        shown = answer.boards + ([answer.closest] if answer.closest else [])
        for again in round_trips(answer):
            assert type(again) is snl.Design and repr(again) == repr(answer)
            assert public(again) == public(answer)
            back = again.boards + ([again.closest] if again.closest else [])
            assert len(back) == len(shown)
            for b, a in zip(back, shown):
                assert b.board == a.board and b.board.name == a.board.name and b.board.rules == a.board.rules
                assert public(b) == public(a)
                assert [public(v) for v in b.targets] == [public(v) for v in a.targets]
    verdict = found.boards[0].targets[0]
    assert all(public(again) == public(verdict) for again in round_trips(verdict))
