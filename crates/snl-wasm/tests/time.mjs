// How long the studio's analysis of each board takes in WebAssembly under
// Node: the package's `studio_analyse`, as the static studio's worker calls
// it. scripts/bench/time-wasm runs it beside the native example and prints the
// ratios.
//
//   node crates/snl-wasm/tests/time.mjs PACKAGE_DIR BOARD...
//
// Prints one line a board: its file name, a tab, the median of its runs in
// milliseconds (at least 5 runs, and for at least 3 seconds), after one run
// to warm up.

import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [packageDir, ...boards] = process.argv.slice(2);
const snl = await import(pathToFileURL(resolve(packageDir, "index.js")).href);
await snl.load();

for (const path of boards) {
  const board = readFileSync(path, "utf8");
  const run = () => {
    const { status } = JSON.parse(snl.raw.studio_analyse(board, ""));
    if (status !== 200) {
      throw new Error(`${path}: status ${status}`);
    }
  };
  run();
  const runs = [];
  const began = performance.now();
  while (runs.length < 5 || performance.now() - began < 3000) {
    const start = performance.now();
    run();
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  console.log(`${basename(path)}\t${runs[Math.floor(runs.length / 2)].toFixed(3)}`);
}
