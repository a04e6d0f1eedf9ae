"""The fewest rolls for ladder and snake lists as JSON:
{"squares": N, "ladders": [[from, to], ...], "snakes": [[from, to], ...]}."""
import json
import sys
from collections import deque


def fewest_rolls(squares, jumps):
    dist = {1: 0}
    queue = deque([1])
    while queue:
        here = queue.popleft()
        if here == squares:
            return dist[here]
        for roll in range(1, 7):
            land = here + roll
            if land > squares:
                break
            to = jumps.get(land, land)
            if to not in dist:
                dist[to] = dist[here] + 1
                queue.append(to)
    return -1


def main():
    board = json.load(sys.stdin)
    jumps = dict(map(tuple, board.get("ladders", []) + board.get("snakes", [])))
    print(fewest_rolls(board["squares"], jumps))


if __name__ == "__main__":
    main()
