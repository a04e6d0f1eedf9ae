"""The fewest rolls on a 100-square board given as plain text: a ladder
count and that many pairs, then a snake count and that many pairs."""
import sys

from pairs_bfs import fewest_rolls

numbers = [int(word) for word in sys.stdin.read().split()]
jumps = {}
at = 0
for _ in range(2):
    count = numbers[at]
    pairs = numbers[at + 1 : at + 1 + 2 * count]
    jumps.update(zip(pairs[0::2], pairs[1::2]))
    at += 1 + 2 * count
print(fewest_rolls(100, jumps))
