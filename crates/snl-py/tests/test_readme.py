"""The README's Python section runs as written, so it cannot rot."""

import doctest
import importlib.util
import pathlib
import re

import pytest

HERE = pathlib.Path(__file__).resolve().parent
README = HERE.parents[2] / "README.md"


def python_section():
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## Python\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def test_readme_example_runs(tmp_path, monkeypatch):
    # matplotlib is required here (CI installs it): the example plots.
    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.chdir(tmp_path)
    blocks = re.findall(r"```pycon\n(.*?)```", python_section(), re.S)
    assert blocks, "the README has a Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README Python example {i}", str(README), 0)
        runner.run(test)
    assert runner.failures == 0, "a README example printed something else (see above)"
    assert runner.tries > 10
    assert (tmp_path / "length.png").stat().st_size > 1000


def test_readme_install_check_prints_the_mean():
    section = python_section()
    assert "pip install ./crates/snl-py" in section
    import snl

    assert str(snl.Board.preset("milton-bradley").expect().mean).startswith("39.2251")


def test_bench_runs_and_checks_its_answers():
    spec = importlib.util.spec_from_file_location("bench_expect", HERE.parent / "bench" / "bench_expect.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = bench.main([60, 150], budget=0.01)
    assert [r[0] for r in rows] == [60, 150]
