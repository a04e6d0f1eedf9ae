"""The module's page (its README, which PyPI shows) runs as written, and so
does the Python example of the repository's README, so neither can rot."""

import doctest
import importlib.util
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
# The module's own page: pyproject.toml's `readme`.
PAGE = HERE.parent / "README.md"
# The repository's README, whose Python example is a short one.
README = HERE.parents[2] / "README.md"


def section(path, heading):
    text = path.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def run_pycon(path, text):
    """Runs every ```pycon block of `text` as a doctest; the examples run."""
    blocks = re.findall(r"```pycon\n(.*?)```", text, re.S)
    assert blocks, f"{path.name} has a Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"{path.name} Python example {i}", str(path), 0)
        runner.run(test)
    assert runner.failures == 0, f"a {path.name} example printed something else (see above)"
    return runner.tries


def test_readme_example_runs(tmp_path, monkeypatch):
    # matplotlib is required here (CI installs it): the example plots.
    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.chdir(tmp_path)
    tries = run_pycon(PAGE, PAGE.read_text(encoding="utf-8"))
    assert tries > 10
    assert (tmp_path / "length.png").stat().st_size > 1000


def test_the_repository_readme_python_example_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run_pycon(README, section(README, "Python")) >= 4


def test_readme_install_check_prints_the_mean():
    install = section(PAGE, "Install")
    # The wheels of this release, for glibc and for musl, and the checkout.
    cargo = (HERE.parents[2] / "Cargo.toml").read_text(encoding="utf-8")
    version = re.search(r'(?m)^version = "([^"]+)"', cargo).group(1)
    assert f"pip install snl-{version}-cp39-abi3-manylinux*_$(uname -m).whl" in install
    assert f"pip install snl-{version}-cp39-abi3-musllinux_1_2_x86_64.whl" in install
    assert "pip install ./crates/snl-py" in " ".join(install.split())
    # The check after installing prints what the page says it prints.
    (line,) = [l for l in install.splitlines() if l.startswith("python -c ")]
    code = shlex.split(line)[2]
    printed = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.strip()
    assert printed.startswith("39.2251")
    assert f"The last line prints {printed}," in " ".join(install.split())


def test_bench_runs_and_checks_its_answers():
    spec = importlib.util.spec_from_file_location("bench_expect", HERE.parent / "bench" / "bench_expect.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = bench.main([60, 150], budget=0.01)
    assert [r[0] for r in rows] == [60, 150]
