// The JavaScript package under Node, against the command: every board in
// testdata/ is analysed by the WebAssembly engine, and each of its answers
// must be what `snl check`, `snl solve`, `snl expect` and
// `snl race --players K` print with --json for the same file; errors must
// carry the command's message.
//
//   scripts/build-wasm-package target/npm
//   SNL_WASM_PACKAGE=target/npm SNL=target/debug/snl node --test crates/snl-wasm/tests/node.mjs
//
// Numbers must agree to 1e-12 of their size: the engine is the same code,
// but WebAssembly's ln and exp are not the C library's.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const packageDir = resolve(root, process.env.SNL_WASM_PACKAGE ?? "target/npm");
const command = resolve(root, process.env.SNL ?? "target/debug/snl");
const snl = await import(pathToFileURL(join(packageDir, "index.js")).href);
await snl.load();

/** The studio's budget (1 GiB, 10^10 units of work), as the command's flags. */
const STUDIO_BUDGET = ["--max-time", "10", "--max-memory", "1.073741824"];

/** `snl ARGS --json` under the studio's budget, parsed. */
function cli(args) {
  return JSON.parse(
    execFileSync(command, [...args, ...STUDIO_BUDGET, "--json"], { cwd: root, encoding: "utf8", stdio: "pipe" }),
  );
}

/** Asserts `got` equals `want`, numbers to 1e-12 of their size; `at` says where. */
function same(got, want, at) {
  if (typeof want === "number" && typeof got === "number") {
    const scale = Math.max(1, Math.abs(want));
    assert.ok(Math.abs(got - want) <= 1e-12 * scale, `${at}: ${got} is not ${want}`);
  } else if (Array.isArray(want)) {
    assert.ok(Array.isArray(got), `${at}: ${JSON.stringify(got)} is not an array`);
    assert.equal(got.length, want.length, `${at}: length`);
    want.forEach((w, i) => same(got[i], w, `${at}[${i}]`));
  } else if (want !== null && typeof want === "object") {
    assert.ok(got !== null && typeof got === "object", `${at}: ${JSON.stringify(got)} is not an object`);
    assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort(), `${at}: keys`);
    for (const k of Object.keys(want)) {
      same(got[k], want[k], `${at}.${k}`);
    }
  } else {
    assert.equal(got, want, at);
  }
}

const boards = readdirSync(join(root, "testdata"))
  .filter((f) => f.endsWith(".json") || f.endsWith(".txt"))
  .sort();

test("testdata holds the boards", () => {
  assert.ok(boards.length >= 20, `only ${boards.length} boards in testdata/`);
});

for (const file of boards) {
  test(`${file}: every answer is the command's`, () => {
    const path = join("testdata", file);
    const text = readFileSync(join(root, path), "utf8");
    let answer;
    try {
      answer = snl.analyse(text);
    } catch (e) {
      // Refused up front, as the studio refuses it: the command answers
      // this board, the page says why it does not.
      assert.ok(e instanceof snl.SnlError, String(e));
      assert.equal(e.status, 422, `${file}: ${e.message}`);
      assert.match(e.message, /use the command line/);
      same(snl.analyse(text, { path: false }).solve, cli(["solve", path]), `${file} solve`);
      return;
    }
    same(answer.check, cli(["check", path]), `${file} check`);
    same(answer.solve, cli(["solve", path]), `${file} solve`);
    same(answer.expect, cli(["expect", path]), `${file} expect`);
    [2, 3, 4].forEach((k, i) => {
      same(answer.race[i], cli(["race", "--players", String(k), path]), `${file} race ${k}`);
    });
    assert.match(answer.svg, /^<svg/);
    assert.ok(answer.layout.squares > 0 || Object.keys(answer.layout).length > 0);
  });
}

test("an error carries the command's message", () => {
  const dir = mkdtempSync(join(tmpdir(), "snl-wasm-"));
  try {
    const cases = [
      ["unreadable.json", '{"squares": 100, "ladders": [[3, 40]], "snakes": [[97'],
      ["unplayable.json", '{"squares": 10, "ladders": [[3, 11]]}'],
      ["words.txt", "hello, board"],
    ];
    for (const [name, body] of cases) {
      const path = join(dir, name);
      writeFileSync(path, body);
      const run = spawnSync(command, ["solve", path], { encoding: "utf8" });
      assert.equal(run.status, 2, `snl solve ${name}: ${run.stderr}`);
      const prefix = `snl: error: ${path}: `;
      const first = run.stderr.split("\n")[0];
      assert.ok(first.startsWith(prefix), first);
      // The command points to `snl check`; the engine gives its answer
      // beside the message instead.
      const message = first.slice(prefix.length).replace(/ \(`snl check` lists every problem\)$/, "");
      assert.throws(
        () => snl.analyse(body),
        (e) => e instanceof snl.SnlError && e.status === 400 && e.message === message,
        name,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an unplayable board's error lists what snl check lists", () => {
  const body = '{"squares": 10, "ladders": [[3, 11]]}';
  const dir = mkdtempSync(join(tmpdir(), "snl-wasm-"));
  try {
    const path = join(dir, "b.json");
    writeFileSync(path, body);
    const run = spawnSync(command, ["check", "--json", path], { encoding: "utf8" });
    const want = JSON.parse(run.stdout);
    assert.throws(() => snl.analyse(body), (e) => {
      same(e.check, want, "check");
      return true;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("presets and the report are the command's, and conversions read back", () => {
  same(snl.presets().map((p) => p.name), cli(["presets"]).presets.map((p) => p.name), "presets");
  const path = "testdata/seed-000-leetcode-909.pairs.json";
  const text = readFileSync(join(root, path), "utf8");
  const want = cli(["solve", path]);
  for (const to of ["grid", "moves", "pairs", "pairs-text"]) {
    const written = snl.convert(text, to);
    // Pairs text does not state the board's size.
    const back = snl.analyse(written, { path: false, squares: to === "pairs-text" ? 36 : undefined });
    assert.equal(back.input.format, to, to);
    same(back.solve.path, want.path, `${to} solve`);
  }
  assert.throws(() => snl.convert(text, "sideways"), (e) => e.status === 400 && /^to: /.test(e.message));
  const dir = mkdtempSync(join(tmpdir(), "snl-wasm-"));
  try {
    const board = "testdata/milton-bradley.pairs.json";
    const out = join(dir, "report.html");
    execFileSync(command, ["report", board, "-o", out], { cwd: root });
    // The command names an unnamed board by its file, the studio does not.
    const want = readFileSync(out, "utf8").replaceAll(board, "Snakes and Ladders board");
    assert.equal(snl.report(readFileSync(join(root, board), "utf8")), want);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a board too big for a page is refused up front with the library's message", () => {
  const huge = JSON.stringify({ squares: 1_000_000, ladders: [], snakes: [] });
  assert.throws(() => snl.analyse(huge), (e) => e.status === 422 && /100000 squares live/.test(e.message));
});
