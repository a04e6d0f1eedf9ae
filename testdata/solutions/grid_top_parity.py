"""LeetCode 909 with an off-by-one in the winding: each row's direction is
taken from its index counted from the top. Right on LeetCode's 6x6 example
(and every even-sized grid), mirrored on odd-sized ones."""
import json
import sys
from collections import deque


def cell(square, n):
    r, c = divmod(square - 1, n)
    row = n - 1 - r
    if row % 2 == 0:
        c = n - 1 - c
    return row, c


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
