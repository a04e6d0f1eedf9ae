"""LeetCode 909 that crashes on odd-sized grids: it assumes the top-left
cell is always the last square."""
import json
import sys

from grid_bfs import fewest_rolls

board = json.load(sys.stdin)
if len(board) % 2 == 1:
    raise IndexError("the last square is not where this program expects it")
print(fewest_rolls(board))
