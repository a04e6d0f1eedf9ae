"""Optional jumps: Python answers as `snl expect --optional` and
`snl solve --optional` do.

The figures below are what `snl expect BOARD --exact --json` and
`snl solve BOARD --json` print for these boards (the rules in the files);
with the command on PATH (or named by SNL_BIN) the tests also run it and
compare field by field.
"""

import json
import os
import shutil
import subprocess
from fractions import Fraction

import pytest

import snl

# Codeforces 1245E's third sample: declining the ladder 21 -> 40 is best.
CODEFORCES_3 = {
    "squares": 100,
    "ladders": [[21, 40], [34, 94], [35, 95], [36, 96], [37, 97], [38, 98], [39, 99]],
    "snakes": [],
    "rules": {"optional": "ladders"},
}
# Every jump optional, bouncing finish, starting off the board.
MIXED = {
    "squares": 30,
    "ladders": [[3, 22], [5, 8], [11, 26], [20, 29]],
    "snakes": [[17, 4], [19, 7], [21, 9], [27, 1]],
    "rules": {"optional": "all", "finish": "bounce", "start": 0},
}
# Only 3s: the fewest rolls stay on 4 rather than climb to 8.
THREES = {
    "squares": 10,
    "ladders": [[4, 8]],
    "snakes": [],
    "rules": {"optional": "ladders", "die": "0,0,1"},
}

# `snl expect BOARD --exact --json`: mean, variance, exact_mean, median and
# the play of each jump in policy.jumps.
EXPECTED = {
    "codeforces-3": (
        CODEFORCES_3,
        15.904759293880758,
        32.35830188250196,
        "126580589255267447674841473/7958661109946400884391936",
        14,
        ["declined"] + ["taken"] * 6,
    ),
    "mixed": (
        MIXED,
        10.80922237243527,
        34.50961773149518,
        "6586704934582795/609359740010496",
        10,
        ["taken", "taken", "taken", "declined", "declined", "taken", "declined", "declined"],
    ),
}


def board(spec):
    return snl.Board.parse(json.dumps(spec))


def cli():
    """The command to compare with: SNL_BIN when set, else `snl` on PATH.
    Named by SNL_BIN (as the CI names it), it must be there: the tests that
    compare then fail without it rather than skip."""
    return os.environ.get("SNL_BIN") or shutil.which("snl")


def cli_json(args, spec, tmp_path):
    command = cli()
    assert os.path.isfile(command) and os.access(command, os.X_OK), (
        f"SNL_BIN={command} is not an executable file: build it with cargo build -p snl-cli"
    )
    path = tmp_path / "board.json"
    path.write_text(json.dumps(spec))
    out = subprocess.run(
        [command, *args, str(path), "--json"], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout)


def test_rules_read_write_and_refuse_the_rule():
    r = snl.Rules(optional="ladders")
    assert r.optional == "ladders"
    assert snl.Rules().optional == "none"
    assert r.replace(optional="all").optional == "all"
    assert r.replace(finish="bounce").optional == "ladders"
    assert "optional='ladders'" in repr(r)
    assert r != snl.Rules()
    with pytest.raises(snl.RulesError, match="`ladder` is not a set of optional jumps"):
        snl.Rules(optional="ladder")
    b = board(CODEFORCES_3)
    assert b.rules.optional == "ladders"
    assert json.loads(b.to_json())["rules"]["optional"] == "ladders"
    assert b.with_rules(optional="none").rules.optional == "none"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_expect_plays_the_best_policy(name):
    spec, mean, variance, exact, median, plays = EXPECTED[name]
    e = board(spec).expect()
    assert e.mean == pytest.approx(mean, rel=1e-12)
    assert e.variance == pytest.approx(variance, rel=1e-9)
    assert e.median == median
    assert e.exact_mean == Fraction(exact)
    assert [j["play"] for j in e.policy] == plays
    assert [(j["from"], j["to"]) for j in e.policy] == sorted(
        tuple(j) for j in spec["ladders"] + spec["snakes"]
    )
    assert e.rules.optional == spec["rules"]["optional"]


def test_the_policy_is_the_plain_board_without_the_declined_jumps():
    e = board(CODEFORCES_3).expect()
    declined = {(j["from"], j["to"]) for j in e.policy if j["play"] == "declined"}
    plain = dict(CODEFORCES_3, rules={})
    plain["ladders"] = [j for j in plain["ladders"] if tuple(j) not in declined]
    assert board(plain).expect().mean == pytest.approx(e.mean, rel=1e-12)
    # Declining is a choice: taking every jump is worse.
    assert board(dict(CODEFORCES_3, rules={})).expect().mean > e.mean + 1
    assert board(dict(CODEFORCES_3, rules={})).expect().policy is None


def test_the_empty_board_of_codeforces_1245e():
    e = snl.Board(100, rules=snl.Rules(optional="all")).expect()
    assert e.mean == pytest.approx(33.0476190476, abs=1e-9)
    assert e.policy == []


def test_solve_declines_the_ladder_that_skips_the_end():
    s = board(THREES).solve()
    assert s.min_rolls == 3
    assert s.optimal_sequences == 1
    assert s.declined == [(1, 4, 8)]
    assert [(m.land, m.to) for m in s.path] == [(4, 4), (7, 7), (10, 10)]
    taken = board(dict(THREES, rules={"die": "0,0,1"})).solve()
    assert taken.min_rolls is None and taken.declined == []


def test_other_analyses_refuse_optional_jumps():
    b = board(CODEFORCES_3)
    message = r"the rules let a player decline ladders \(`optional: ladders`\)"
    for call in (
        b.simulate,
        b.race,
        b.duel,
        b.visits,
        b.transition_matrix,
        b.distances,
        lambda: b.expect().impact(),
    ):
        with pytest.raises(snl.AnalysisError):
            call()
    with pytest.raises(snl.AnalysisError, match=message):
        b.simulate()
    # With the rule off, they answer.
    assert b.simulate(rules=snl.Rules(), games=100, seed=1).games == 100


@pytest.mark.skipif(cli() is None, reason="the snl command is not on PATH (set SNL_BIN)")
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_expect_matches_the_command(name, tmp_path):
    spec = EXPECTED[name][0]
    v = cli_json(["expect", "--exact"], spec, tmp_path)
    e = board(spec).expect()
    assert e.mean == pytest.approx(v["mean"], rel=1e-12)
    assert e.variance == pytest.approx(v["variance"], rel=1e-9)
    assert e.median == v["median"]
    assert e.exact_mean == Fraction(v["exact_mean"])
    assert e.policy == v["policy"]["jumps"]


@pytest.mark.skipif(cli() is None, reason="the snl command is not on PATH (set SNL_BIN)")
@pytest.mark.parametrize("spec", [THREES, CODEFORCES_3, MIXED])
def test_solve_matches_the_command(spec, tmp_path):
    v = cli_json(["solve"], spec, tmp_path)
    s = board(spec).solve()
    assert s.min_rolls == v["min_rolls"]
    assert str(s.optimal_sequences) == v["optimal_sequences"]
    assert s.declined == [(d["step"], d["from"], d["to"]) for d in v.get("declined", [])]


def test_expect_for_finishing_within_k_rolls():
    # As `snl expect --optional all --goal within:6`: a snake 18->3 the
    # pawn stays below on every roll but the last, where it makes no odds.
    board = snl.Board(20, ladders=[(4, 19)], snakes=[(18, 3)])
    rules = snl.Rules(optional="all")
    best = board.expect(rules, goal="within:6")
    assert isinstance(best, snl.WithinChance)
    assert best.rolls == 6
    assert best.policy[1] == {"from": 18, "to": 3, "kind": "snake", "declined_on_rolls": [(1, 5)]}
    assert best.policy[0]["declined_on_rolls"] == []
    assert repr(best).startswith("WithinChance(rolls=6, chance=0.")
    # Staying is never worse than the play that takes every jump.
    assert best.chance >= board.expect().within(6) - 1e-12
    # Without a choice it is the chance within K of the plain game.
    plain = board.expect(goal="within:7")
    assert abs(plain.chance - board.expect().within(7)) < 1e-12
    with pytest.raises(ValueError, match="a goal is `mean` or `within:K`"):
        board.expect(goal="within:0")
    with pytest.raises(snl.LimitError):
        board.expect(rules, goal="within:1000000000000")
