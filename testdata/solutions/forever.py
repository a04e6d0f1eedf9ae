"""A solution that never stops, for the judge's time limit. It writes its
process id to the file named by its first argument, if any, so a test can
check that the judge ended it."""
import os
import sys

if len(sys.argv) > 1:
    with open(sys.argv[1], "a") as f:
        f.write(f"{os.getpid()}\n")
while True:
    pass
