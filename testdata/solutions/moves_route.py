"""An optimal game for the 0-based moves form, {"n": N, "moves": [...]}:
moves[i] is where a jump from square i + 1 leads, 0-based, or -1.

    moves_route.py            the fewest rolls, then the rolls of one game
    moves_route.py --path     the fewest rolls, then the squares (1-based)
    moves_route.py --count    the number of optimal roll sequences

It tries the rolls from 6 down to 1, so its game is often not the one snl
prints. `--slip KIND` makes it wrong on purpose, for the judge's tests:
face (a 7 for the last roll), overshoot (a wasted 6 before the last roll),
longer (a game one roll longer than the fewest), mismatch (a first line one
more than its game), landed (with --path, the square a roll landed on
rather than where its jump led), squares (counts paths of squares, not of
rolls)."""
import json
import sys
from collections import deque


def rest(moves, land):
    return moves[land] if moves[land] != -1 else land


def layers(n, moves):
    """The fewest rolls to each square from square 0 (-1: never)."""
    dist = [-1] * n
    dist[0] = 0
    queue = deque([0])
    while queue:
        here = queue.popleft()
        for roll in range(6, 0, -1):
            land = here + roll
            if land >= n:
                continue
            to = rest(moves, land)
            if dist[to] == -1:
                dist[to] = dist[here] + 1
                queue.append(to)
    return dist


def game_of_length(n, moves, length):
    """Rolls of a game that ends on the last square after exactly `length`
    rolls, or None."""
    reach = [{0}]
    for _ in range(length):
        nxt = set()
        for here in reach[-1]:
            if here == n - 1:
                continue
            for roll in range(1, 7):
                if here + roll < n:
                    nxt.add(rest(moves, here + roll))
        reach.append(nxt)
    if n - 1 not in reach[-1]:
        return None
    rolls, at = [], n - 1
    for step in range(length, 0, -1):
        for here in sorted(reach[step - 1], reverse=True):
            if here == n - 1:
                continue
            found = [r for r in range(6, 0, -1) if here + r < n and rest(moves, here + r) == at]
            if found:
                rolls.append(found[0])
                at = here
                break
    return rolls[::-1]


def count(n, moves, dist, by_squares):
    ways = [0] * n
    ways[0] = 1
    for here in sorted(range(n), key=lambda s: dist[s]):
        if dist[here] < 0 or here == n - 1:
            continue
        seen = set()
        for roll in range(1, 7):
            if here + roll >= n:
                continue
            to = rest(moves, here + roll)
            if dist[to] == dist[here] + 1 and not (by_squares and to in seen):
                ways[to] += ways[here]
                seen.add(to)
    return ways[n - 1]


def main():
    args = sys.argv[1:]
    slip = args[args.index("--slip") + 1] if "--slip" in args else None
    board = json.load(sys.stdin)
    n, moves = board["n"], board["moves"]
    dist = layers(n, moves)
    best = dist[n - 1]
    if "--count" in args:
        print(count(n, moves, dist, slip == "squares") if best >= 0 else 0)
        return
    if best < 0:
        print(-1)
        return
    length = best + 1 if slip == "longer" else best
    rolls = game_of_length(n, moves, length) or game_of_length(n, moves, best)
    squares, at = [], 0
    for roll in rolls:
        land = at + roll
        at = rest(moves, land)
        squares.append((land if slip == "landed" else at) + 1)
    if slip == "face" and rolls:
        rolls[-1] = 7
    if slip == "overshoot" and rolls:
        rolls.insert(len(rolls) - 1, 6)
    stated = len(rolls) + (1 if slip == "mismatch" else 0)
    print(stated)
    print(" ".join(map(str, squares if "--path" in args else rolls)))


if __name__ == "__main__":
    main()
