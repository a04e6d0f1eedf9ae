// How long the static studio's Step panel waits for its steps in
// WebAssembly under Node: the package's `studio_steps`, as the worker calls
// it, on one board: the whole search, and the game roll by roll a stretch
// of 25 rolls at a time (the first stretch, the fifth, and the last of
// 1,000 rolls), as the page asks for them; and the last stretch asked
// right after the one before it, as when the page moves on a stretch (the
// walk is kept between the two: only the second is timed).
// scripts/bench/time-wasm runs it on the 10,000-square, 448-jump board.
//
//   node crates/snl-wasm/tests/time-steps.mjs PACKAGE_DIR BOARD
//
// Prints one line a request: what it asks, a tab, the median of its runs
// in milliseconds (at least 5 runs, and for at least 2 seconds), after one
// run to warm up.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [packageDir, path] = process.argv.slice(2);
const snl = await import(pathToFileURL(resolve(packageDir, "index.js")).href);
await snl.load();
const board = readFileSync(path, "utf8");

const asks = [
  ["the search", { of: "search" }],
  ["rolls 0-24", { of: "game", rolls: 24 }],
  ["rolls 100-124", { of: "game", from: 100, rolls: 124 }],
  ["rolls 975-999", { of: "game", from: 975, rolls: 999 }],
  ["rolls 975-999 after 950-974", { of: "game", from: 975, rolls: 999 }, { of: "game", from: 950, rolls: 974 }],
];
for (const [name, options, before] of asks) {
  const ask = (options) => {
    const { status } = JSON.parse(snl.raw.studio_steps(board, JSON.stringify(options)));
    if (status !== 200) {
      throw new Error(`${name}: status ${status}`);
    }
  };
  const run = () => {
    if (before) {
      ask(before);
    }
    const start = performance.now();
    ask(options);
    return performance.now() - start;
  };
  run();
  const runs = [];
  const began = performance.now();
  while (runs.length < 5 || performance.now() - began < 2000) {
    runs.push(run());
  }
  runs.sort((a, b) => a - b);
  console.log(`${name}\t${runs[Math.floor(runs.length / 2)].toFixed(1)}`);
}
