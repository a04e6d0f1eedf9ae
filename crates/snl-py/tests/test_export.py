"""Exports checked by the tools that read them.

Storm (``stormpy``, exact rational arithmetic), a model checker written by
nobody here, reads every PRISM export and must give snl's own answers: the
exact mean (``R{"rolls"}=?``, ``R{"rolls"}min=?`` under choices), the chance
of finishing within K rolls (``P=? [F<=K]``, ``Pmax`` under choices). It
reads every JANI export too, whose properties must equal the PRISM ones
exactly. Graphviz must accept every DOT export, whose edges are the
transition matrix's nonzeros, and LaTeX every TikZ export, the board's and
the chain's. All are required: without them these tests fail, not skip.
"""

import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

import pytest

import snl
import stormpy

PRESETS = ["milton-bradley", "milton-bradley-48", "leetcode-909", "moves-example-2", "pairs-example-1"]


def storm(model_text, properties_text):
    """Every property's value at the initial state, from Storm's exact engine."""
    program = _program(model_text)
    props = stormpy.parse_properties(properties_text, program)
    model = stormpy.build_model[stormpy.Rational](program, props)
    (init,) = model.initial_states
    values = []
    for p in props:
        result = stormpy.model_checking(model, p, only_initial_states=True)
        values.append(_fraction(result.get_value(init)))
    return str(model.model_type), values


def storm_jani(text):
    """Every property of a JANI model, by name, from Storm's exact engine."""
    model, props = stormpy.parse_jani_model_from_string(text)
    built = stormpy.build_model[stormpy.Rational](model, props)
    (init,) = built.initial_states
    values = {}
    for p in props:
        result = stormpy.model_checking(built, p, only_initial_states=True)
        values[p.get_name()] = _fraction(result.get_value(init))
    return str(built.model_type), values


def _program(text):
    """The PRISM program `text` (stormpy reads programs from files)."""
    fd, path = tempfile.mkstemp(suffix=".prism")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    try:
        return stormpy.parse_prism_program(path)
    finally:
        os.unlink(path)


def _fraction(value):
    text = str(value)
    if text in ("inf", "infinity"):
        return float("inf")
    return Fraction(text)


def random_board(rng, squares):
    """A board of random jumps, or None when snl refuses it."""
    used = set()
    ladders, snakes = [], []
    for _ in range(rng.randint(0, squares // 4)):
        a, b = rng.sample(range(2, squares), 2)
        if a in used or b in used:
            continue
        used |= {a, b}
        (ladders if b > a else snakes).append([a, b])
    return ladders, snakes


RULES = [
    snl.Rules(),
    snl.Rules(finish="bounce", start=0),
    snl.Rules(finish="pass", chain=True),
    snl.Rules(bonus=True, bonus_limit=3),
    snl.Rules(bonus=True, finish="bounce"),
    snl.Rules(die="d4", chain=True, start=0),
    snl.Rules(die=[1, 2, 0, 3], finish="bounce"),
]


def boards(count, seed):
    """Random boards under every rule set, as (board, rules)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        squares = rng.randint(6, 30)
        ladders, snakes = random_board(rng, squares)
        rules = RULES[made % len(RULES)]
        try:
            board = snl.Board(squares, ladders, snakes, rules=rules)
        except snl.SnlError:
            continue
        made += 1
        yield board


@pytest.mark.parametrize("name", PRESETS)
def test_storm_gives_the_presets_exact_mean(name):
    board = snl.Board.preset(name)
    model, props = board.to_prism(within=[10, 30])
    kind, values = storm(model, props)
    assert kind == "ModelType.DTMC"
    expectation = board.expect(exact=True, within=[10, 30])
    ever, mean, within10, within30 = values
    assert ever == 1
    assert mean == expectation.exact_mean
    assert abs(float(within10) - expectation.within(10)) < 1e-12
    assert abs(float(within30) - expectation.within(30)) < 1e-12


def test_storm_agrees_on_random_boards_under_every_rule():
    checked = 0
    for board in boards(42, seed=909):
        model, props = board.to_prism(within=[5])
        _, values = storm(model, props)
        expectation = board.expect(exact=True, within=[5])
        ever, mean = values[0], values[1]
        if expectation.exact_mean is None:
            # A game that may never finish: Storm's expected reward is
            # infinite and its chance of finishing below 1.
            assert mean == float("inf") and ever < 1
        else:
            assert ever == 1
            assert mean == expectation.exact_mean, board
        if board.rules.bonus:
            turns = board.expect(exact=True, by_turns=True).exact_mean
            if turns is not None:
                assert values[2] == turns
        within = values[-1]
        assert abs(float(within) - expectation.within(5)) < 1e-12
        checked += 1
    assert checked == 42


CHOICES = [
    (snl.Rules(optional="ladders"), None),
    (snl.Rules(optional="all", finish="bounce", start=0), None),
    (snl.Rules(optional="snakes", chain=True), None),
    (snl.Rules(optional="all", bonus=True, bonus_limit=2), None),
    (snl.Rules(), ["d6", [1, 1, 1, 0, 0, 0]]),
    (snl.Rules(optional="ladders", finish="pass"), ["d4", "d6"]),
]


def choice_boards(count, seed, sizes=(8, 30), bonus=True):
    """Random boards under each choice of CHOICES in turn, as (board, rules,
    dice); without `bonus`, a bonus rule is swapped for optional jumps with
    a bounce."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        rules, dice = CHOICES[made % len(CHOICES)]
        if rules.bonus and not bonus:
            rules = snl.Rules(optional="all", finish="bounce")
        squares = rng.randint(*sizes)
        ladders, snakes = random_board(rng, squares)
        try:
            board = snl.Board(squares, ladders, snakes, rules=rules)
        except snl.SnlError:
            continue
        made += 1
        yield board, rules, dice


def test_storm_gives_the_best_play_of_every_choice():
    checked = 0
    for board, rules, dice in choice_boards(30, seed=1245):
        model, props = board.to_prism(choose_dice=dice, within=[6])
        kind, values = storm(model, props)
        best = board.expect(exact=True, choose_dice=dice)
        if best.exact_mean is None:
            assert values[1] == float("inf")
        else:
            assert values[1] == best.exact_mean, (board, rules, dice)
        if kind == "ModelType.MDP":
            chance = board.expect(goal="within:6", choose_dice=dice).chance
            assert abs(float(values[-1]) - chance) < 1e-12, (board, rules, dice)
        checked += 1
    assert checked == 30


def storm_best_play(model_text, props_text):
    """Storm's scheduler for the least expected rolls, exactly: for each
    state ``(s, c)`` with a choice and a finite value, the action Storm
    picks and whether it is the only one that attains the least. Each
    action's value (its reward plus the chances times the next states'
    values) is computed here from Storm's model and values, and Storm's pick
    must attain the least."""
    program = _program(model_text)
    props = stormpy.parse_properties(props_text, program)
    options = stormpy.BuilderOptions([p.get_raw_formula() for p in props])
    options.set_build_choice_labels(True)
    options.set_build_state_valuations(True)
    options.set_build_all_reward_models(True)
    model = stormpy.build_model[stormpy.Rational](program, options=options)
    result = stormpy.model_checking(model, props[1], extract_scheduler=True)
    assert result.has_scheduler()
    values = [_fraction(v) for v in result.get_value_vector()]
    scheduler = result.get_scheduler()
    rewards = model.get_reward_model("rolls")
    matrix = model.transition_matrix
    play = {}
    for state in range(model.nr_states):
        first, end = matrix.get_row_group_start(state), matrix.get_row_group_end(state)
        if end - first < 2 or values[state] == float("inf"):
            continue
        q = []
        for row in range(first, end):
            total = _fraction(rewards.get_state_action_reward(row))
            for entry in matrix.get_row(row):
                total += _fraction(entry.value) * values[entry.column]
            q.append(total)
        pick = scheduler.get_choice(state).get_deterministic_choice()
        assert q[pick] == min(q) == values[state]
        (label,) = model.choice_labeling.get_labels_of_choice(first + pick)
        valuation = dict(re.findall(r"(\w+)=(\d+)", model.state_valuations.to_string(state)))
        key = (int(valuation["s"]), int(valuation.get("c", 0)))
        play[key] = (label, sorted(q)[0] < sorted(q)[1])
    return play


def test_storms_scheduler_plays_snls_best_play_where_it_is_unique():
    """Where the best play at a state is unique, Storm's optimal scheduler
    picks what snl's best play picks: the die on each square (``d1``,
    ``d2``, ...), and at each jump that may be declined, take or stay."""
    compared = {"die": 0, "jump": 0}
    for board, rules, dice in choice_boards(36, seed=2024, sizes=(10, 40), bonus=False):
        best = board.expect(exact=True, choose_dice=dice)
        if best.exact_mean is None:
            continue
        model, props = board.to_prism(choose_dice=dice)
        if "\nmdp\n" not in model:
            continue  # no choice on this board (no jump to decline)
        play = storm_best_play(model, props)
        taken = {j["from"]: j["play"] == "taken" for j in best.policy or []}
        for (square, pending), (label, unique) in play.items():
            if not unique:
                continue
            if pending:
                want = "take" if taken[square] else "stay"
                compared["jump"] += 1
            else:
                want = f"d{best.die_by_square[square] + 1}"
                compared["die"] += 1
            assert label == want, (board, rules, dice, square, play)
    assert compared["die"] > 100 and compared["jump"] > 40, compared


def test_codeforces_1245e_under_storm():
    # The third sample: declining the ladder 21 -> 40 is best.
    board = snl.Board(
        100,
        [[21, 40], [34, 94], [35, 95], [36, 96], [37, 97], [38, 98], [39, 99]],
        [],
        rules=snl.Rules(optional="ladders"),
    )
    model, props = board.to_prism()
    kind, values = storm(model, props)
    assert kind == "ModelType.MDP"
    assert abs(float(values[1]) - 15.9047592939) < 1e-9
    assert values[1] == board.expect(exact=True).exact_mean


def jani_names(board, within, target):
    """The JANI properties in the order of the PRISM properties file."""
    names = ["finishes", "rolls"] + (["turns"] if board.rules.bonus else [])
    names += [f"within-{k}" for k in within]
    return names + (["target", "target-rolls"] if target else [])


def test_storm_reads_the_jani_export_as_the_prism_one():
    """Every JANI property, read by Storm's JANI parser, equals the PRISM
    export's under Storm's PRISM parser, exactly: the chance of finishing,
    the expected rolls and turns, within K, the target's chance and mean;
    on the presets, random boards under every rule and every choice."""
    rng = random.Random(2017)
    cases = [(snl.Board.preset(p), None) for p in PRESETS]
    cases += [(b, None) for b in boards(21, seed=36)]
    cases += [(b, dice) for b, _, dice in choice_boards(12, seed=2017, sizes=(8, 24))]
    kinds = set()
    for board, dice in cases:
        within = [rng.randint(1, 12)]
        target = None
        if dice is None and board.rules.optional == "none":
            target = [s for s in range(1, board.squares + 1)
                      if s not in dict(board.ladders + board.snakes)][-2:-1] or None
        model, props = board.to_prism(choose_dice=dice, within=within, target=target)
        prism_kind, prism = storm(model, props)
        jani_kind, jani = storm_jani(board.to_jani(choose_dice=dice, within=within, target=target))
        assert jani_kind == prism_kind
        names = jani_names(board, within, target)
        assert list(jani) == names
        assert [jani[n] for n in names] == prism, (board, board.rules, dice)
        kinds.add(jani_kind)
    assert kinds == {"ModelType.DTMC", "ModelType.MDP"}


def test_storm_gives_the_jani_exports_exact_mean():
    board = snl.Board.preset("milton-bradley")
    _, values = storm_jani(board.to_jani(within=[7]))
    expectation = board.expect(exact=True, within=[7])
    assert values["finishes"] == 1
    assert values["rolls"] == expectation.exact_mean
    assert abs(float(values["within-7"]) - expectation.within(7)) < 1e-12


def dot_edges(text):
    return re.findall(r"^  s(\d+) -> s(\d+) \[label=\"([0-9/]+)\"", text, re.M)


def test_graphviz_reads_every_diagram_and_its_edges_are_the_matrix():
    dot = shutil.which("dot")
    assert dot, "Graphviz's dot is needed (Debian's graphviz)"
    checked = 0
    for board in list(boards(14, seed=7)) + [snl.Board.preset(p) for p in PRESETS]:
        text = board.to_dot()
        svg = subprocess.run(
            [dot, "-Tsvg"], input=text.encode(), capture_output=True, check=True
        ).stdout
        assert svg.lstrip().startswith(b"<?xml") and b"</svg>" in svg
        P = board.transition_matrix(dense=True)
        edges = dot_edges(text)
        nodes = {int(n) for n in re.findall(r"^  s(\d+) \[label=", text, re.M)}
        # The nodes are the states a game from the start reaches, by a
        # search of the matrix here.
        streaks = 1 if not board.rules.bonus else (board.rules.bonus_limit or 2)
        start = board.rules.start * streaks
        seen, stack = {start}, [start]
        while stack:
            i = stack.pop()
            for j in P[i].nonzero()[0]:
                if int(j) not in seen:
                    seen.add(int(j))
                    stack.append(int(j))
        assert nodes == seen
        assert len(edges) == sum(int((P[i] > 0).sum()) for i in nodes)
        for i, j, chance in edges:
            assert abs(P[int(i), int(j)] - float(Fraction(chance))) < 1e-15
        checked += 1
    assert checked == 14 + len(PRESETS)


LATEX_PREAMBLE = r"""\documentclass{article}
\usepackage[margin=1cm]{geometry}
\usepackage{tikz}
\usetikzlibrary{arrows.meta}
\begin{document}
"""


def latex(directory, pictures):
    """Builds one LaTeX document holding every TikZ picture of `pictures`,
    each scaled to the page's width, and returns its log."""
    latexmk = shutil.which("latexmk")
    assert latexmk, "LaTeX is needed (Debian's latexmk and texlive-pictures)"
    body = []
    for i, text in enumerate(pictures):
        (directory / f"picture{i}.tex").write_text(text)
        body.append(f"\\resizebox{{\\textwidth}}{{!}}{{\\input{{picture{i}}}}}\n\\clearpage\n")
    (directory / "doc.tex").write_text(LATEX_PREAMBLE + "".join(body) + "\\end{document}\n")
    run = subprocess.run(
        [latexmk, "-pdf", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
        cwd=directory,
        capture_output=True,
        text=True,
    )
    log = (directory / "doc.log").read_text(errors="replace")
    assert run.returncode == 0, log[-3000:]
    assert (directory / "doc.pdf").stat().st_size > 1000
    return log


def tikz_edges(text):
    return re.findall(
        r"^\\draw\[(roll|ladder|snake)\] \(s(\d+)\) to\[[a-z =0-9]+\] node\[chance\] \{([0-9/]+)\} \(s(\d+)\);$",
        text,
        re.M,
    )


def test_latex_builds_every_tikz_diagram_and_its_edges_are_the_matrix(tmp_path):
    cases = list(boards(14, seed=7)) + [snl.Board.preset(p) for p in PRESETS]
    pictures = []
    for board in cases:
        text = board.to_tikz()
        assert text.count("\\begin{tikzpicture}") == 1
        P = board.transition_matrix(dense=True)
        nodes = {int(n) for n in re.findall(r"^\\node\[(?:state|start|goal)\] \(s(\d+)\)", text, re.M)}
        edges = tikz_edges(text)
        # Every line drawing an edge is one the pattern reads.
        assert len(edges) == text.count("\n\\draw[")
        assert {int(i) for _, i, _, _ in edges} == nodes
        assert len(edges) == sum(int((P[i] > 0).sum()) for i in nodes)
        for style, i, chance, j in edges:
            assert abs(P[int(i), int(j)] - float(Fraction(chance))) < 1e-15
        # The same edges as the DOT diagram, jumps drawn alike.
        dot = board.to_dot()
        assert sorted((i, j, c) for _, i, c, j in edges) == sorted(dot_edges(dot))
        assert sum(s != "roll" for s, *_ in edges) == dot.count("tooltip=")
        pictures.append(text)
    log = latex(tmp_path, pictures)
    assert "Package pgf Warning" not in log


def test_latex_builds_every_board_picture(tmp_path):
    """`Board.tikz` and `snl render --to tikz` on the presets with each
    overlay, on a board with a path from off the board and declined
    jumps' colours, and on the largest board a TikZ picture takes."""
    pictures = []
    for name in PRESETS:
        board = snl.Board.preset(name)
        pictures.append(board.tikz())
        pictures.append(board.tikz(path=False, heat=True, title="Landings: 100% & #1_a"))
        pictures.append(board.tikz(layers=True, width=7))
    off = snl.Board(30, [[3, 22]], [[27, 1]], rules=snl.Rules(start=0, bonus=True))
    pictures.append(off.tikz())
    snl_bin = os.environ.get("SNL_BIN") or shutil.which("snl")
    assert snl_bin, "the command is needed: SNL_BIN names it"
    for args in (["--preset", "milton-bradley", "--path"], ["--preset", "leetcode-909", "--layers"]):
        run = subprocess.run([snl_bin, "render", *args, "--to", "tikz"], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        pictures.append(run.stdout)
    rng = random.Random(2500)
    ladders, snakes = random_board(rng, 2500)
    big = snl.Board(2500, ladders[:100], snakes[:100])
    pictures.append(big.tikz(heat=True))
    with pytest.raises(snl.SnlError, match="too large for a TikZ picture"):
        snl.Board(2501).tikz()
    for text in pictures:
        assert text.startswith("% ") and text.endswith("\\end{tikzpicture}\n")
    latex(tmp_path, pictures)


def test_exports_refuse_what_they_cannot_hold():
    with pytest.raises(snl.SnlError, match="more than a picture can show"):
        snl.Board(3000).to_dot()
    with pytest.raises(snl.SnlError, match="without choices"):
        snl.Board(10, [[3, 8]], rules=snl.Rules(optional="ladders")).to_dot()
    with pytest.raises(snl.SnlError, match="more than a picture can show"):
        snl.Board(3000).to_tikz()
    with pytest.raises(snl.SnlError, match="without choices"):
        snl.Board(10, [[3, 8]], rules=snl.Rules(optional="ladders")).to_tikz()


def test_the_guide_round_trip_with_storm_runs_as_written(tmp_path, monkeypatch):
    guide = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "guide.md").read_text()
    blocks = [
        b for b in re.findall(r"```python\n(.*?)```", guide, re.S) if "stormpy" in b
    ]
    # The PRISM round trip and the JANI one.
    assert len(blocks) == 2 and "mb.jani" in blocks[1]
    snl_bin = os.environ.get("SNL_BIN") or shutil.which("snl")
    assert snl_bin, "the command is needed: SNL_BIN names it"
    monkeypatch.setenv("PATH", str(pathlib.Path(snl_bin).parent) + os.pathsep + os.environ["PATH"])
    for i, block in enumerate(blocks):
        expected = block.strip().splitlines()[-1].split("# ", 1)[1]
        script = tmp_path / f"round_trip_{i}.py"
        script.write_text(block)
        run = subprocess.run(
            [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        assert run.stdout.strip() == expected


def test_the_phase_type_distribution_is_the_length():
    import json

    import numpy as np

    for board in list(boards(14, seed=45)) + [snl.Board.preset(p) for p in PRESETS]:
        doc = json.loads(board.to_phase_type())
        alpha, T, exit = (np.array(doc[k]) for k in ("alpha", "T", "exit"))
        assert np.allclose(T.sum(axis=1) + exit, 1.0)
        expectation = board.expect(full=True)
        if expectation.mean is None or not np.isfinite(expectation.mean):
            continue
        n = len(alpha)
        mean = alpha @ np.linalg.solve(np.eye(n) - T, np.ones(n))
        assert abs(mean - expectation.mean) < 1e-9 * max(1.0, expectation.mean)
        # P(length = k) = alpha T^(k-1) exit, against the distribution.
        row = alpha.copy()
        for k in range(1, 40):
            chance = row @ exit
            want = expectation.within(k) - (expectation.within(k - 1) if k > 1 else 0.0)
            assert abs(chance - want) < 1e-12, (board, k)
            row = row @ T


def test_storm_reaches_the_target_as_snl_does():
    """Storm's chance of ever resting on a set of squares, and its expected
    rolls to them where every game gets there, are `Board.target`'s."""
    rng = random.Random(4924)
    checked = {"sometimes": 0, "always": 0}
    for board in boards(36, seed=49):
        rules = board.rules
        rests = [s for s in range(1, board.squares + 1)
                 if s not in dict(board.ladders + board.snakes)]
        aimed = rng.sample(rests, min(len(rests), rng.randint(1, 3)))
        model, props = board.to_prism(rules, target=aimed)
        kind, values = storm(model, props)
        chance, mean = values[-2], values[-1]
        hit = board.target(aimed, rules)
        if hit["chance"] == 0:
            assert chance == 0
            continue
        assert abs(float(chance) - hit["chance"]) < 1e-9, (board, rules, aimed)
        if chance == 1:
            checked["always"] += 1
            assert abs(float(mean) - hit["mean"]) < 1e-9 * max(1.0, hit["mean"]), (board, aimed)
        else:
            checked["sometimes"] += 1
            assert mean == float("inf")
    assert checked["always"] > 5 and checked["sometimes"] > 5, checked
