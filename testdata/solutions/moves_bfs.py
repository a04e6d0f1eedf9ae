"""The fewest rolls for the 0-based moves form, {"n": N, "moves": [...]}:
moves[i] is where a jump from square i + 1 leads, 0-based, or -1."""
import json
import sys
from collections import deque


def fewest_rolls(n, moves, faces=range(1, 7)):
    dist = [-1] * n
    dist[0] = 0
    queue = deque([0])
    while queue:
        here = queue.popleft()
        if here == n - 1:
            return dist[here]
        for roll in faces:
            land = here + roll
            if land >= n:
                break
            to = moves[land] if moves[land] != -1 else land
            if dist[to] == -1:
                dist[to] = dist[here] + 1
                queue.append(to)
    return -1


def main():
    board = json.load(sys.stdin)
    print(fewest_rolls(board["n"], board["moves"]))


if __name__ == "__main__":
    main()
