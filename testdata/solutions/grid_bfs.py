"""LeetCode 909, solved right: breadth-first search over squares.

Reads a grid (JSON rows, top row first) from the file named by the first
argument, or from standard input, and prints the fewest rolls, or -1.
"""
import json
import sys
from collections import deque


def cell(square, n):
    """Row and column of a square: numbered from the bottom left, winding."""
    r, c = divmod(square - 1, n)
    if r % 2 == 1:
        c = n - 1 - c
    return n - 1 - r, c


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


def main():
    source = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    print(fewest_rolls(json.load(source)))


if __name__ == "__main__":
    main()
