"""The chain as matrices, as a teacher of Markov chains uses them: the
transition matrix (sparse with SciPy, dense without), its numbering, and
the fundamental matrix against expect()."""

import sys

import numpy as np
import pytest

import snl


@pytest.fixture
def no_scipy(monkeypatch):
    """Makes `import scipy.sparse` fail, as on a machine without SciPy."""
    monkeypatch.setitem(sys.modules, "scipy", None)
    monkeypatch.setitem(sys.modules, "scipy.sparse", None)


def test_the_matrix_is_sparse_with_scipy_and_its_rows_add_up_to_one():
    scipy_sparse = pytest.importorskip("scipy.sparse")
    p = snl.Board.preset("milton-bradley").transition_matrix()
    assert isinstance(p, scipy_sparse.csr_matrix)
    assert p.shape == (101, 101)
    assert np.abs(np.asarray(p.sum(axis=1)).ravel() - 1).max() < 1e-15
    # Off the board a 1 takes the ladder from 1 to 38; nothing rests on a
    # ladder's foot; the last square absorbs; from 99 only a 1 finishes.
    assert p[0, 38] == 1 / 6 and p[0, 1] == 0
    assert p[:, 1].nnz == 0 and p[:, 4].nnz == 0
    assert p[100, 100] == 1
    assert (p[99, 99], p[99, 100]) == (5 / 6, 1 / 6)
    assert p.nnz < 101 * 6


def test_without_scipy_the_matrix_is_a_dense_numpy_array(no_scipy):
    board = snl.Board.preset("leetcode-909")
    p = board.transition_matrix()
    assert isinstance(p, np.ndarray) and p.dtype == np.float64
    assert p.shape == (37, 37)
    assert not p.flags.writeable
    np.testing.assert_allclose(p.sum(axis=1), 1, atol=1e-15)
    # Square 2's ladder to 15: a 1 from square 1 lands there.
    assert p[1, 15] == 1 / 6 and p[1, 2] == 0


def test_dense_asks_for_the_numpy_array():
    scipy_sparse = pytest.importorskip("scipy.sparse")
    board = snl.Board.preset("milton-bradley-48")
    dense = board.transition_matrix(dense=True)
    assert isinstance(dense, np.ndarray)
    sparse = board.transition_matrix()
    assert isinstance(sparse, scipy_sparse.csr_matrix)
    assert (sparse.toarray() == dense).all()


def test_bonus_states_are_square_times_streaks_plus_streak():
    board = snl.Board(12, ladders=[(3, 9)])
    rules = snl.Rules(bonus_limit=3)
    p = board.transition_matrix(rules, dense=True)
    s = 3
    assert p.shape == (13 * s, 13 * s)
    np.testing.assert_allclose(p.sum(axis=1), 1, atol=1e-15)
    # From square 4 (state 12) a 6 lands on 10 with one top value rolled:
    # state 10 * 3 + 1.
    assert p[4 * s, 10 * s + 1] == 1 / 6
    n = board.fundamental_matrix(rules)
    assert n.shape == (12 * s, 12 * s)
    assert abs(n.sum(axis=1)[1 * s] - board.expect(rules).mean) < 1e-9


@pytest.mark.parametrize("name", snl.presets())
def test_the_fundamental_mean_is_expect(name):
    board = snl.Board.preset(name)
    n = board.fundamental_matrix()
    rules = board.rules
    start = rules.start
    assert n.shape == (board.squares, board.squares)
    assert not n.flags.writeable
    mean = board.expect().mean
    assert abs(n.sum(axis=1)[start] - mean) < 1e-9 * mean
    # N = inv(I - Q), Q the transient block of P.
    p = board.transition_matrix(dense=True)
    t = board.squares
    q = p[:t, :t]
    np.testing.assert_allclose((np.eye(t) - q) @ n, np.eye(t), atol=1e-9)


def test_a_board_too_large_for_the_inversion_is_refused_with_the_budget():
    board = snl.Board(20_000)
    with pytest.raises(snl.LimitError, match=r"^the fundamental matrix would take about 2\.2 hours of work, more than the budget of 60 seconds"):
        board.fundamental_matrix()
    # The transition matrix itself is sparse and cheap.
    pytest.importorskip("scipy.sparse")
    p = board.transition_matrix()
    assert p.shape == (20_001, 20_001) and p.nnz <= 20_001 * 6


def test_without_scipy_a_dense_matrix_over_the_budget_is_refused(no_scipy):
    with pytest.raises(snl.LimitError, match="the transition matrix as a dense array would need about 13 GB of memory, more than the budget of 4.3 GB; with SciPy installed it comes as a sparse matrix"):
        snl.Board(40_000).transition_matrix()


def test_a_trap_has_no_fundamental_matrix():
    # Every square a d6 reaches from 1 leads back to 1.
    board = snl.Board(10, snakes=[(s, 1) for s in range(2, 8)])
    p = board.transition_matrix(dense=True)
    np.testing.assert_allclose(p.sum(axis=1), 1, atol=1e-15)
    with pytest.raises(snl.AnalysisError, match=r"^the fundamental matrix does not exist on this board: from state 0 \(off the board\) the last square cannot be reached"):
        board.fundamental_matrix()
