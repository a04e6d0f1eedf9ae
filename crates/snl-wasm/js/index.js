// snl for JavaScript: the Snakes and Ladders analyser compiled to
// WebAssembly. `load` readies the engine once, in a browser or in Node;
// then each function answers one question as the command does (`check`,
// `solve`, `expect`, `race`, `svg`) or all the studio's at once (`analyse`),
// with the JSON that `snl ... --json` prints, and throws an SnlError with
// the command's message when it cannot.

import init, * as raw from "./snl_wasm.js";

/** The functions as the module exports them: each returns `{"status", "data"}` as JSON text. */
export { raw };

/**
 * Why an answer could not be given: `message` is what `snl` prints for the
 * same board, `status` the HTTP status `snl serve` answers with (400: the
 * board cannot be read or played, or an option is wrong; 422: an analysis
 * is over the budget, refused before it starts; 503: it ran out of time;
 * 500: a bug), and `check`, for a board that cannot be played, what
 * `snl check --json` prints.
 */
export class SnlError extends Error {
  constructor(status, body) {
    super(body && typeof body.error === "string" ? body.error : `the engine answered ${status}`);
    this.name = "SnlError";
    this.status = status;
    this.check = body && body.check !== undefined ? body.check : null;
  }
}

let loaded = null;

/**
 * Loads the engine: in Node from the file beside this module, in a browser
 * from beside this module over the network (any static server serves it as
 * it is), or from `source` when given: a URL, the module's bytes, a
 * Response or a compiled WebAssembly.Module. Call it once before any
 * other function; later calls return the first one's promise.
 */
export function load(source) {
  if (loaded === null) {
    loaded = (async () => {
      let from = source;
      if (from === undefined && typeof process === "object" && process.versions && process.versions.node) {
        const { readFile } = await import("node:fs/promises");
        from = await readFile(new URL("./snl_wasm_bg.wasm", import.meta.url));
      }
      await init(from === undefined ? undefined : { module_or_path: from });
    })();
  }
  return loaded;
}

/** The answer of one call, or its error thrown. */
function answer(call) {
  let text;
  try {
    text = call();
  } catch (e) {
    // A panic is a bug: the module traps, and its message was kept.
    const message = raw.last_panic() || String(e);
    throw new SnlError(500, { error: `the analysis stopped unexpectedly: ${message}` });
  }
  const { status, data } = JSON.parse(text);
  if (status !== 200) {
    throw new SnlError(status, data);
  }
  return data;
}

/** A board as text: text as it is, anything else as its JSON. */
function text(board) {
  return typeof board === "string" ? board : JSON.stringify(board);
}

/** The built-in boards: `[{name, title, source, board}]`, as `snl presets --json` names them. */
export function presets() {
  return answer(() => raw.studio_presets());
}

/**
 * Every answer about a board (text in any form `snl` reads, or a board
 * file as an object): `check`, `solve`, `expect`, and `race` for 2, 3 and
 * 4 players as `snl check`, `snl solve`, `snl expect` and
 * `snl race --players K` print them with `--json`; `svg` and `layout` (the
 * board as `snl render --path` draws it), `plot` (as `snl plot`), `input`.
 * `options` as `/api/analyse`'s query: `{format, squares, width, path, overlay}`.
 */
export function analyse(board, options = {}) {
  return answer(() => raw.studio_analyse(text(board), JSON.stringify(options)));
}

/** The board written in the form `to`: `grid`, `moves`, `pairs` or `pairs-text`, as text. */
export function convert(board, to) {
  return answer(() => raw.studio_convert(text(board), to));
}

/** The one-page HTML report `snl report` writes. */
export function report(board) {
  return answer(() => raw.studio_report(text(board)));
}

// One question at a time. `options` of each: `format` and `squares` (how
// to read the board, as `--format` and `--squares`), `rules` (an object
// shaped as a board file's `rules`, laid over the file's own as the rule
// flags are), and the function's own, named as its command's flags.

/** `snl check --json`: every error and warning. A board with errors is an answer, not an error. */
export function check(board, options = {}) {
  return answer(() => raw.check(text(board), JSON.stringify(options)));
}

/** `snl solve --json`: the fewest rolls, one optimal path, the optimal sequences counted as `snl solve` counts them (`count: true` as `--count`). */
export function solve(board, options = {}) {
  return answer(() => raw.solve(text(board), JSON.stringify(options)));
}

/**
 * `snl expect --json`: the game length's mean, standard deviation,
 * quantiles; `within: [K, ...]` as `--within K`, `exact: true` as
 * `--exact`. With `pmf: true` the answer also has `pmf` (and under the
 * bonus rule `turns.pmf`), the chance of ending on each roll: this
 * package's addition to the command's answer.
 */
export function expect(board, options = {}) {
  return answer(() => raw.expect(text(board), JSON.stringify(options)));
}

/** `snl race --json`: each seat's chance of winning; `players` as `--players K`, `from: [A, B, ...]` as `--from`. */
export function race(board, options = {}) {
  return answer(() => raw.race(text(board), JSON.stringify(options)));
}

/** The board as `snl render` draws it, `{svg, layout}`: `path`, `overlay` (`plain`, `layers`, `heat`) and `width` as its flags. */
export function svg(board, options = {}) {
  return answer(() => raw.svg(text(board), JSON.stringify(options)));
}
