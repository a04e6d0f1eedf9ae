"""Independent reference answers, written from the rules in plain Python and
numpy: the textbook fundamental-matrix method for a game with a real die,
and a plain breadth-first search for LeetCode 909. Nothing here calls snl."""

from collections import deque
from fractions import Fraction

import numpy as np


def die_faces(die):
    """``[(value, probability)]`` for a die written as snl.Rules takes it."""
    if isinstance(die, int):
        return [(v, Fraction(1, die)) for v in range(1, die + 1)]
    if isinstance(die, (list, tuple)):
        total = sum(die)
        return [(i + 1, Fraction(w, total)) for i, w in enumerate(die) if w]
    count, faces = die.split("d")
    count = int(count or 1)
    faces = int(faces)
    weights = {0: 1}
    for _ in range(count):
        nxt = {}
        for s, w in weights.items():
            for f in range(1, faces + 1):
                nxt[s + f] = nxt.get(s + f, 0) + w
        weights = nxt
    total = sum(weights.values())
    return [(v, Fraction(w, total)) for v, w in sorted(weights.items())]


def land(n, pos, roll, finish):
    """The square a roll lands on, or None when the roll is lost."""
    if pos + roll <= n:
        return pos + roll
    if finish == "exact":
        return None
    if finish == "pass":
        return n
    if n == 1:  # a one-square board: every walk ends on it
        return 1
    # bounce: walk step by step, turning at the last square and at square 1
    step = 1
    for _ in range(roll):
        if pos == n:
            step = -1
        elif pos == 1 and step == -1:
            step = 1
        pos += step
    return pos


def rest(jumps, square, chain):
    """Where a pawn that lands on ``square`` comes to rest."""
    if not chain:
        return jumps.get(square, square)
    seen = set()
    while square in jumps:
        if square in seen:
            raise ValueError("circle of jumps")
        seen.add(square)
        square = jumps[square]
    return square


class Chain:
    """The game as an absorbing Markov chain over (position, streak)."""

    def __init__(self, n, jumps, die="d6", finish="exact", chain=False, start=1,
                 bonus_limit=None):
        self.n = n
        faces = die_faces(die)
        top = max(v for v, _ in faces)
        streaks = bonus_limit or 1
        self.index = {}
        states = [(p, s) for p in range(n + 1) for s in range(streaks)]
        for i, st in enumerate(states):
            self.index[st] = i
        size = len(states)
        P = [[Fraction(0)] * size for _ in range(size)]
        for (p, s), i in self.index.items():
            if p == n:
                P[i][i] = Fraction(1)
                continue
            for v, pr in faces:
                is_top = bonus_limit is not None and v == top
                if is_top and s + 1 >= bonus_limit:
                    nxt = (start, 0)
                else:
                    sq = land(n, p, v, finish)
                    at = p if sq is None else rest(jumps, sq, chain)
                    again = is_top and at != n
                    nxt = (at, s + 1 if again else 0)
                P[i][self.index[nxt]] += pr
        self.exact = P
        self.P = np.array([[float(x) for x in row] for row in P])
        self.start = self.index[(start, 0)]
        self.goals = [self.index[(n, s)] for s in range(streaks)]

    def reachable_from_start(self):
        seen = {self.start}
        todo = [self.start]
        while todo:
            i = todo.pop()
            for j in np.nonzero(self.P[i])[0]:
                if j not in seen:
                    seen.add(int(j))
                    todo.append(int(j))
        return sorted(seen)

    def live(self):
        """States from which the goal can be reached."""
        live = set(self.goals)
        changed = True
        while changed:
            changed = False
            for i in range(len(self.P)):
                if i not in live and any(self.P[i][j] > 0 for j in live):
                    live.add(i)
                    changed = True
        return live

    def statistics(self, steps):
        """Mean, variance, chance of never finishing and the first ``steps``
        entries of the pmf, by the fundamental matrix N = (I - Q)^-1."""
        goal = self.goals[0]
        reach = self.reachable_from_start()
        live = self.live()
        transient = [i for i in reach if i not in self.goals]
        Q = self.P[np.ix_(transient, transient)]
        r = self.P[np.ix_(transient, self.goals)].sum(axis=1)
        s = transient.index(self.start) if self.start in transient else None
        pmf = np.zeros(steps)
        if s is None:  # the game starts on the goal
            pmf[0] = 1.0
            return 0.0, 0.0, 0.0, pmf
        v = np.zeros(len(transient))
        v[s] = 1.0
        for k in range(1, steps):
            pmf[k] = v @ r
            v = v @ Q
        live_t = [k for k, i in enumerate(transient) if i in live]
        if len(live_t) < len(transient):  # the pawn can get stuck
            Ql = Q[np.ix_(live_t, live_t)]
            h = np.linalg.solve(np.eye(len(live_t)) - Ql, r[live_t])
            never = 1.0 - (h[live_t.index(s)] if s in live_t else 0.0)
            return float("inf"), float("inf"), never, pmf
        N = np.linalg.inv(np.eye(len(transient)) - Q)
        t = N.sum(axis=1)
        var = (2 * N - np.eye(len(transient))) @ t - t * t
        return t[s], var[s], 0.0, pmf

    def exact_mean(self):
        """The mean by Gauss-Jordan elimination in fractions, or None when
        the pawn can get stuck."""
        reach = self.reachable_from_start()
        live = self.live()
        if any(i not in live for i in reach):
            return None
        transient = [i for i in reach if i not in self.goals]
        if self.start not in transient:
            return Fraction(0)
        m = len(transient)
        A = [[(Fraction(1) if a == b else Fraction(0)) - self.exact[i][j]
              for b, j in enumerate(transient)] + [Fraction(1)]
             for a, i in enumerate(transient)]
        for c in range(m):
            p = next(r for r in range(c, m) if A[r][c] != 0)
            A[c], A[p] = A[p], A[c]
            pivot = A[c][c]
            A[c] = [x / pivot for x in A[c]]
            for r in range(m):
                if r != c and A[r][c] != 0:
                    f = A[r][c]
                    A[r] = [x - f * y for x, y in zip(A[r], A[c])]
        return A[transient.index(self.start)][m]


def leetcode_bfs(board):
    """LeetCode 909's answer for a grid: the fewest moves to square n*n, or
    -1. Squares are numbered from the bottom left, winding."""
    n = len(board)
    cells = [None] * (n * n + 1)
    label = 1
    columns = list(range(n))
    for row in range(n - 1, -1, -1):
        for col in columns:
            cells[label] = (row, col)
            label += 1
        columns.reverse()
    dist = [-1] * (n * n + 1)
    dist[1] = 0
    queue = deque([1])
    while queue:
        cur = queue.popleft()
        for nxt in range(cur + 1, min(cur + 6, n * n) + 1):
            r, c = cells[nxt]
            dest = board[r][c] if board[r][c] != -1 else nxt
            if dist[dest] == -1:
                dist[dest] = dist[cur] + 1
                queue.append(dest)
    return dist[n * n], dist, cells


def leetcode_count(board):
    """How many roll sequences reach n*n in the fewest moves."""
    best, dist, cells = leetcode_bfs(board)
    if best == -1:
        return None
    n = len(board)
    count = [0] * (n * n + 1)
    count[1] = 1
    for square in sorted((s for s in range(1, n * n) if dist[s] != -1),
                         key=lambda s: dist[s]):
        for nxt in range(square + 1, min(square + 6, n * n) + 1):
            r, c = cells[nxt]
            dest = board[r][c] if board[r][c] != -1 else nxt
            if dist[dest] == dist[square] + 1:
                count[dest] += count[square]
    return count[n * n]
