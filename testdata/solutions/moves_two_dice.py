"""The fewest rolls with two dice (a roll of 2 to 12) in the moves form,
solved right: the last square must be reached exactly."""
import json
import sys

from moves_bfs import fewest_rolls

board = json.load(sys.stdin)
print(fewest_rolls(board["n"], board["moves"], faces=range(2, 13)))
