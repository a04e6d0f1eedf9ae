"""LeetCode 909 with a rule slip: a jump that ends on another jump's start is
followed too (LeetCode takes one jump per move)."""
import json
import sys
from collections import deque

from grid_bfs import cell


def fewest_rolls(board):
    n = len(board)
    last = n * n
    dist = {1: 0}
    queue = deque([1])
    while queue:
        here = queue.popleft()
        if here == last:
            return dist[here]
        for roll in range(1, 7):
            to = here + roll
            if to > last:
                break
            seen = set()
            while to not in seen:
                seen.add(to)
                r, c = cell(to, n)
                if board[r][c] == -1:
                    break
                to = board[r][c]
            if to not in dist:
                dist[to] = dist[here] + 1
                queue.append(to)
    return -1


print(fewest_rolls(json.load(sys.stdin)))
