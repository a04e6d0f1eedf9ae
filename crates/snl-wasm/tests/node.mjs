// The JavaScript package under Node, against the command: every board in
// testdata/ is analysed by the WebAssembly engine, as the studio asks
// (`analyse`) and one question at a time (`check`, `solve`, `expect`,
// `race`, `svg`), and each of its answers must be what `snl check`,
// `snl solve`, `snl expect`, `snl race` and `snl render` print for the
// same file, under the same rules; errors must carry the command's
// message.
//
//   scripts/release/build-wasm-package target/npm
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

const answers = new Map();

/**
 * `snl ARGS --json` under the studio's budget, parsed; each asked once. A
 * check that finds errors exits 1 with its answer.
 */
function cli(args) {
  const key = args.join("\0");
  if (!answers.has(key)) {
    const run = spawnSync(command, [...args, ...STUDIO_BUDGET, "--json"], { cwd: root, encoding: "utf8" });
    assert.ok(run.status === 0 || (run.status === 1 && args[0] === "check"), `snl ${args.join(" ")}: ${run.stderr}`);
    answers.set(key, JSON.parse(run.stdout));
  }
  return answers.get(key);
}

/** The first line `snl ARGS` writes on stderr, without `snl: error: ` and what is prefixed to it. */
function cliError(args, prefix = "") {
  const run = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  assert.equal(run.status, 2, `snl ${args.join(" ")}: ${run.stderr}`);
  const first = run.stderr.split("\n")[0];
  const head = `snl: error: ${prefix}`;
  assert.ok(first.startsWith(head), first);
  return first.slice(head.length).replace(/ \(`snl check` lists every problem\)$/, "");
}

/** Runs `question`; a board the studio refuses (422) returns null, with the studio's message. */
function answered(question) {
  try {
    return question();
  } catch (e) {
    assert.ok(e instanceof snl.SnlError, String(e));
    assert.equal(e.status, 422, e.message);
    assert.match(e.message, /use the command line/);
    return null;
  }
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

/** The boards each question must answer: the studio refuses none of these questions on them. */
const refused = { check: [], solve: [], expect: [], race: [] };

for (const file of boards) {
  test(`${file}: each question on its own is the command's`, () => {
    const path = join("testdata", file);
    const text = readFileSync(join(root, path), "utf8");
    const check = answered(() => snl.check(text));
    if (check === null) refused.check.push(file);
    else same(check, cli(["check", path]), `${file} check`);
    const solve = answered(() => snl.solve(text));
    if (solve === null) refused.solve.push(file);
    else same(solve, cli(["solve", path]), `${file} solve`);
    const within = [1, 5, 10, 50, 1000];
    const expect = answered(() => snl.expect(text, { within }));
    if (expect === null) refused.expect.push(file);
    else same(expect, cli(["expect", ...within.flatMap((k) => ["--within", String(k)]), path]), `${file} expect`);
    for (const k of [2, 3]) {
      const race = answered(() => snl.race(text, { players: k }));
      if (race === null) refused.race.push(`${file} (${k})`);
      else same(race, cli(["race", "--players", String(k), path]), `${file} race ${k}`);
    }
    const picture = answered(() => snl.svg(text));
    if (picture !== null) {
      // The command titles an unnamed board by its file, the package `board`.
      const drawn = execFileSync(command, ["render", path], { cwd: root, encoding: "utf8" });
      assert.equal(picture.svg, drawn.replaceAll(path, "board"), `${file} svg`);
      assert.ok(Object.keys(picture.layout).length > 0, `${file} layout`);
    }
  });
}

test("the questions answer every board the studio analyses live", () => {
  // check and solve are cheap: every board in testdata/ is answered.
  assert.deepEqual(refused.check, []);
  assert.deepEqual(refused.solve, []);
  assert.ok(refused.expect.length <= 2, `expect refused ${refused.expect}`);
});

test("rules given with a question lie over the board file's, as the command's flags", () => {
  const cases = [
    ["milton-bradley.pairs.json", { finish: "bounce", chain: true }, ["--finish", "bounce", "--chain"]],
    ["seed-004-twenty.pairs.json", { faces: 4, start: 0 }, ["--faces", "4", "--start", "0"]],
    ["seed-000-leetcode-909.grid.json", { die: "2d6", finish: "pass" }, ["--die", "2d6", "--finish", "pass"]],
    ["seed-003-example-1.pairs.json", { bonus_limit: 3 }, ["--bonus-limit", "3"]],
    ["milton-bradley.pairs.json", { bonus: true, start: 1 }, ["--bonus", "--start", "1"]],
  ];
  for (const [file, rules, flags] of cases) {
    const path = join("testdata", file);
    const text = readFileSync(join(root, path), "utf8");
    const at = `${file} ${flags.join(" ")}`;
    same(snl.check(text, { rules }), cli(["check", ...flags, path]), `${at} check`);
    same(snl.solve(text, { rules }), cli(["solve", ...flags, path]), `${at} solve`);
    same(snl.expect(text, { rules, within: [10] }), cli(["expect", "--within", "10", ...flags, path]), `${at} expect`);
    same(snl.race(text, { rules, players: 3 }), cli(["race", "--players", "3", ...flags, path]), `${at} race`);
  }
});

test("the exact mean, the count, and a race from given squares are the command's", () => {
  for (const file of ["seed-004-twenty.pairs.json", "milton-bradley.pairs.json", "seed-003-example-2.pairs.json"]) {
    const path = join("testdata", file);
    const text = readFileSync(join(root, path), "utf8");
    same(snl.expect(text, { exact: true }), cli(["expect", "--exact", path]), `${file} expect --exact`);
    same(snl.solve(text, { count: true }), cli(["solve", "--count", path]), `${file} solve --count`);
    same(snl.race(text, { from: [1, 4, 1] }), cli(["race", "--from", "1,4,1", path]), `${file} race --from`);
  }
  const path = "testdata/milton-bradley.pairs.json";
  const text = readFileSync(join(root, path), "utf8");
  for (const [options, flags] of [
    [{ path: true }, ["--path"]],
    [{ overlay: "layers", width: 12 }, ["--layers", "--width", "12"]],
    [{ overlay: "heat" }, ["--heat"]],
  ]) {
    const drawn = execFileSync(command, ["render", ...flags, path], { cwd: root, encoding: "utf8" });
    assert.equal(snl.svg(text, options).svg, drawn.replaceAll(path, "board"), flags.join(" "));
  }
});

test("the distribution's pmf adds up and has expect's mean", () => {
  const cases = [
    ["milton-bradley.pairs.json", {}],
    ["seed-004-twenty.pairs.json", {}],
    ["seed-000-leetcode-909.grid.json", {}],
    ["exact-500.pairs.json", {}],
    ["milton-bradley.pairs.json", { bonus_limit: 3 }],
  ];
  for (const [file, rules] of cases) {
    const text = readFileSync(join(root, "testdata", file), "utf8");
    const answer = snl.expect(text, { pmf: true, rules });
    const counts = [["rolls", answer]];
    if (rules.bonus_limit !== undefined) {
      assert.ok(answer.turns && Array.isArray(answer.turns.pmf), `${file}: turns.pmf`);
      counts.push(["turns", answer.turns]);
    }
    for (const [what, stats] of counts) {
      const at = `${file} ${JSON.stringify(rules)} by ${what}`;
      const sum = stats.pmf.reduce((a, p) => a + p, 0);
      assert.ok(Math.abs(sum - (1 - stats.unresolved - stats.never_finishes)) < 1e-12, `${at}: the pmf adds up to ${sum}`);
      const mean = stats.pmf.reduce((a, p, t) => a + t * p, 0);
      assert.ok(Math.abs(mean - stats.mean) <= 1e-9 * stats.mean, `${at}: the pmf's mean ${mean} is not ${stats.mean}`);
    }
    // Without the field, the answer is the command's.
    delete answer.pmf;
    if (answer.turns) delete answer.turns.pmf;
    same(answer, snl.expect(text, { rules }), `${file}: pmf alone is added`);
  }
  assert.equal(snl.expect(readFileSync(join(root, "testdata/milton-bradley.pairs.json"), "utf8")).pmf, undefined);
});

test("each question's errors carry the command's message", () => {
  const dir = mkdtempSync(join(tmpdir(), "snl-wasm-"));
  try {
    const bodies = [
      ["unreadable.json", '{"squares": 100, "ladders": [[3, 40]], "snakes": [[97'],
      ["unplayable.json", '{"squares": 10, "ladders": [[3, 11]]}'],
    ];
    for (const [name, body] of bodies) {
      const path = join(dir, name);
      writeFileSync(path, body);
      const questions = [
        ["solve", snl.solve],
        ["expect", snl.expect],
        ["race", snl.race],
        ["render", snl.svg],
      ];
      // A board that cannot be played is what check answers.
      if (name === "unreadable.json") questions.push(["check", snl.check]);
      for (const [cmd, question] of questions) {
        const message = cliError([cmd, path], `${path}: `);
        assert.throws(
          () => question(body),
          (e) => e instanceof snl.SnlError && e.status === 400 && e.message === message,
          `${cmd} ${name}`,
        );
      }
    }
    const twenty = readFileSync(join(root, "testdata/seed-004-twenty.pairs.json"), "utf8");
    const twentyPath = "testdata/seed-004-twenty.pairs.json";
    // A seat off the board, and as many players as squares given.
    for (const [options, flags] of [
      [{ from: [1, 40] }, ["--from", "1,40"]],
      [{ players: 17 }, ["--players", "17"]],
    ]) {
      const message = cliError(["race", ...flags, twentyPath]);
      assert.throws(() => snl.race(twenty, options), (e) => e.status === 400 && e.message === message, flags.join(" "));
    }
    assert.throws(
      () => snl.race(twenty, { players: 3, from: [1, 1] }),
      (e) => e.status === 400 && e.message === "3 players but 2 starting squares; give one per player",
    );
    // The exact mean of a board over its limit: the library's reason.
    const big = join(dir, "big.json");
    writeFileSync(big, '{"squares": 3000, "ladders": [[2, 2900]]}');
    const why = cliError(["expect", "--exact", big]).replace(/^--exact \(--force tries it anyway, under no budget\): /, "");
    assert.throws(
      () => snl.expect(readFileSync(big, "utf8"), { exact: true }),
      (e) => e.status === 422 && e.message === `exact: ${why}`,
    );
    // Rules the command would not take, in the board file's words.
    assert.throws(
      () => snl.check(twenty, { rules: { finish: "sideways" } }),
      (e) => e.status === 400 && /^the options: `rules.finish`: /.test(e.message),
    );
    assert.throws(() => snl.solve(twenty, { within: [3] }), (e) => e.status === 400 && /unknown field `within`/.test(e.message));
    assert.throws(() => snl.svg(twenty, { width: 0 }), (e) => e.status === 400 && /^width: /.test(e.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the package README's Node example runs and prints the command's answers", () => {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const example = readme.match(/## Node\n\n```js\n([\s\S]*?)```/)[1];
  const dir = mkdtempSync(join(tmpdir(), "snl-wasm-"));
  try {
    const script = join(dir, "example.mjs");
    writeFileSync(script, example.replace('from "snl-wasm"', `from ${JSON.stringify(pathToFileURL(join(packageDir, "index.js")).href)}`));
    const lines = execFileSync(process.execPath, [script], { encoding: "utf8" }).trim().split("\n");
    assert.equal(lines[0], "2");
    const board = join(dir, "board.json");
    writeFileSync(board, JSON.stringify({ squares: 20, ladders: [[2, 19], [12, 15]], snakes: [[9, 2]] }));
    const want = cli(["expect", "--within", "5", board]);
    const [mean, sd, q90, within] = lines[1].split(" ").map(Number);
    same([mean, sd, q90, within], [want.mean, want.std_dev, want.quantiles["0.9"], want.within["5"]], "expect");
    assert.match(lines.at(-2), /ends-on-jump/);
    assert.match(lines.at(-1), /^400 /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The corpus every front end is checked against (testdata/answers/corpus.json). */
const corpus = JSON.parse(readFileSync(join(root, "testdata", "answers", "corpus.json"), "utf8"));

/** A row's board as text: a preset's, a file's, inline pairs, or a pattern written out. */
function corpusBoard(board) {
  if (board.preset) return JSON.stringify(snl.presets().find((p) => p.name === board.preset).board);
  if (board.file) return readFileSync(join(root, board.file), "utf8");
  if (board.pattern) {
    const ladders = [];
    const snakes = [];
    for (const run of board.pattern.runs) {
      for (let i = 0; i < run.count; i++) {
        const from = run.first + i * run.step;
        (run.rise > 0 ? ladders : snakes).push([from, from + run.rise]);
      }
    }
    return JSON.stringify({ squares: board.pattern.squares, ladders, snakes });
  }
  return JSON.stringify(board.pairs);
}

test("every row of the corpus the studio takes is answered by its engine with its figures", () => {
  let answeredRows = 0;
  for (const row of corpus.rows) {
    const text = corpusBoard(row.board);
    const query = row.query ?? {};
    const options = { rules: row.rules };
    const ask = () =>
      row.question === "solve"
        ? snl.solve(text, { ...options, count: query.count ?? false })
        : row.question === "check"
          ? snl.check(text, options)
          : snl.expect(text, { ...options, within: query.within ?? [], exact: query.exact ?? false, choose_die: query.dice ?? [] });
    if (!row.studio) {
      assert.throws(ask, (e) => e.status === 422 && /live/.test(e.message), row.name);
      continue;
    }
    const got = ask();
    assert.equal(got.engine ?? null, row.engine ?? null, row.name);
    const tolerance = row.expected.tolerance ?? 0;
    for (const [key, want] of Object.entries(row.expected)) {
      if (key === "tolerance") continue;
      if (["errors", "warnings", "notes"].includes(key)) {
        assert.deepEqual((got[key] ?? []).map((d) => d.code), want, `${row.name}: ${key}`);
        continue;
      }
      const found = {
        left_out: got.left_out?.reason,
        turns_mean: got.turns?.mean,
        die_by_square: got.policy?.die_by_square,
      }[key] ?? got[key];
      if (key === "mean" || key === "turns_mean") {
        assert.ok(Math.abs(found - want) <= tolerance * Math.abs(want), `${row.name}: ${key} ${found} against ${want}`);
      } else {
        assert.deepEqual(found ?? null, want, `${row.name}: ${key}`);
      }
    }
    answeredRows += 1;
  }
  assert.ok(answeredRows >= 9, `only ${answeredRows} rows answered`);
});

test("the studio's fewest rolls name the jumps they decline, as snl solve does", () => {
  const board = JSON.stringify({ squares: 102, snakes: [[18, 14]], rules: { die: "d3", start: 0, optional: "snakes" } });
  const dir = mkdtempSync(join(tmpdir(), "snl-"));
  try {
    const path = join(dir, "board.json");
    writeFileSync(path, board);
    const want = cli(["solve", path]);
    assert.deepEqual(want.declined, [{ step: 6, from: 18, to: 14 }]);
    const answer = snl.analyse(board);
    same(answer.solve.declined, want.declined, "analyse declined");
    same(answer.solve.path, want.path, "analyse path");
    same(snl.solve(board).declined, want.declined, "solve declined");
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test("expect plays optional jumps as snl expect does", () => {
  const board = JSON.stringify({ squares: 20, ladders: [[2, 19], [12, 15]], snakes: [[9, 2]], rules: { optional: "all" } });
  const dir = mkdtempSync(join(tmpdir(), "snl-"));
  try {
    const path = join(dir, "board.json");
    writeFileSync(path, board);
    const want = cli(["expect", "--within", "5", path]);
    const got = snl.expect(board, { within: [5] });
    same(got, want, "expect --optional");
    assert.ok(got.policy.jumps.some((j) => j.play === "declined"), JSON.stringify(got.policy));
  } finally {
    rmSync(dir, { recursive: true });
  }
});
