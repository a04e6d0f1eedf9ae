"""LeetCode 909 with a rule slip: a ladder or snake on square 1 is taken
before the first roll (the pawn only stands on square 1; it did not land
there)."""
import json
import sys
from collections import deque

from grid_bfs import cell


def fewest_rolls(board):
    n = len(board)
    last = n * n
    r, c = cell(1, n)
    start = board[r][c] if board[r][c] != -1 else 1
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == last:
            return dist[here]
        for roll in range(1, 7):
            land = here + roll
            if land > last:
                break
            r, c = cell(land, n)
            to = board[r][c] if board[r][c] != -1 else land
            if to not in dist:
                dist[to] = dist[here] + 1
                queue.append(to)
    return -1


print(fewest_rolls(json.load(sys.stdin)))
