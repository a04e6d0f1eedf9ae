"""The fewest rolls with two dice (a roll of 2 to 12) in the moves form, with
a rule slip: a roll past the last square is allowed to finish the game (the
stated rules want the last square reached exactly)."""
import json
import sys
from collections import deque

board = json.load(sys.stdin)
n, moves = board["n"], board["moves"]
dist = [-1] * n
dist[0] = 0
queue = deque([0])
while queue:
    here = queue.popleft()
    if here == n - 1:
        break
    for roll in range(2, 13):
        land = min(here + roll, n - 1)
        to = moves[land] if moves[land] != -1 else land
        if dist[to] == -1:
            dist[to] = dist[here] + 1
            queue.append(to)
print(dist[n - 1])
