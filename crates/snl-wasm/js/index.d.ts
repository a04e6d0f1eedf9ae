// snl for JavaScript. The answers' shapes are those of `snl ... --json`,
// documented in snl's reference (docs/reference.md, "JSON answers").

/** The functions as the module exports them: each returns `{"status", "data"}` as JSON text. */
export * as raw from "./snl_wasm.js";

/** Why an answer could not be given, with the message `snl` prints. */
export class SnlError extends Error {
  /** 400 (unreadable or unplayable board, bad option), 422 (over the budget), 503 (out of time), 500 (a bug). */
  status: number;
  /** For a board that cannot be played: what `snl check --json` prints. */
  check: unknown | null;
}

/**
 * Loads the engine: in Node from the file beside this module, in a browser
 * over the network from beside this module, or from `source`. Call it once
 * before any other function.
 */
export function load(
  source?: string | URL | Request | Response | BufferSource | WebAssembly.Module,
): Promise<void>;

/** A board: text in any form `snl` reads, or a board file as an object. */
export type Board = string | object;

/** How to read and draw the board, as `/api/analyse`'s query. */
export interface Options {
  format?: "grid" | "moves" | "pairs" | "pairs-text";
  squares?: number;
  width?: number;
  path?: boolean;
  overlay?: "plain" | "heat" | "layers";
}

/** The answer of `snl serve`'s `/api/analyse`. */
export interface Analysis {
  check: any;
  solve: any;
  expect: any;
  /** Empty when left out (see `left_out`). */
  race: any[];
  /** The analyses left out because they cannot play the rules: the races, when jumps may be declined. */
  left_out?: { fields: string[]; reason: string; message: string };
  input: { format: string; name: string | null; pairs: any };
  svg: string;
  layout: any;
  plot: string | null;
}

export function presets(): { name: string; title: string; source: string; board: any }[];
export function analyse(board: Board, options?: Options): Analysis;
export function convert(board: Board, to: "grid" | "moves" | "pairs" | "pairs-text"): string;
export function report(board: Board): string;

/** Rules laid over the board file's own: the shape of a board file's `rules`. */
export interface Rules {
  /** `d6`, `2d6`, or weights for faces 1, 2, ... such as `1,1,1,1,1,2` (as `--die`). */
  die?: string;
  /** A fair die with faces 1 to K (as `--faces`); not with `die`. */
  faces?: number;
  finish?: "exact" | "bounce" | "pass";
  chain?: boolean;
  /** 1: on square 1; 0: off the board. */
  start?: 0 | 1;
  bonus?: boolean;
  bonus_limit?: number | null;
  /** The jumps a player may decline (as `--optional`). */
  optional?: "none" | "ladders" | "snakes" | "all";
}

/** How to read the board, and the rules over the file's: every question takes these. */
export interface BoardOptions {
  format?: "grid" | "moves" | "pairs" | "pairs-text";
  squares?: number;
  rules?: Rules;
}

export interface SolveOptions extends BoardOptions {
  /** As `--count`: count the optimal sequences on boards over 200000 squares too. */
  count?: boolean;
}

export interface ExpectOptions extends BoardOptions {
  /** As `--within K` for each K. */
  within?: number[];
  /** As `--exact`. */
  exact?: boolean;
  /** Add `pmf` (and under the bonus rule `turns.pmf`) to the answer. */
  pmf?: boolean;
  /** Dice to pick one of before each roll, each as `--choose-die` reads it. */
  choose_die?: string[];
}

export interface RaceOptions extends BoardOptions {
  /** As `--players K` [default: 2, or as many as `from` lists]. */
  players?: number;
  /** As `--from A,B,...`: each seat's starting square. */
  from?: number[];
}

export interface SvgOptions extends BoardOptions {
  path?: boolean;
  overlay?: "plain" | "heat" | "layers";
  width?: number;
}

/** What every answer says of the board: `board` (its name), `squares` and the `rules` in force, as `--json` prints them. */
export interface Header {
  board: string | null;
  squares: number;
  rules: Required<Omit<Rules, "faces">> & { optional?: string };
}

/** `snl check --json`. */
export interface CheckAnswer extends Header {
  errors: { code: string; message: string; squares: number[] }[];
  warnings: { code: string; message: string; squares: number[] }[];
}

/** `snl solve --json`. */
export interface SolveAnswer extends Header {
  method: "bfs";
  engine: "dense";
  min_rolls: number | null;
  /** In full, as a decimal string; `null` where not counted. */
  optimal_sequences: string | null;
  path: { roll: number; count: number; from: number; land: number; to: number }[];
}

/** The statistics of one count (rolls, or turns under the bonus rule). */
export interface LengthStats {
  mean: number | null;
  never_finishes: number;
  variance: number | null;
  std_dev: number | null;
  median: number | null;
  mode: number | null;
  quantiles: Record<"0.1" | "0.25" | "0.5" | "0.75" | "0.9" | "0.99", number | null>;
  within: Record<string, number | null>;
  unresolved: number;
  left_out: { fields: string[]; reason: string; message: string; [field: string]: unknown } | null;
  exact_mean?: string;
  exact_mean_decimal?: string;
  /** Only with `pmf: true`: `pmf[t]`, the chance of ending on roll (turn) `t`. */
  pmf?: number[];
}

/** `snl expect --json` (and `pmf` when asked). */
export interface ExpectAnswer extends Header, LengthStats {
  min_rolls: number | null;
  engine: "dense" | "sparse";
  error_bounds: null | { mean: number; variance: number; std_dev: number; never_finishes: number };
  turns?: LengthStats & { min: number | null };
}

/** `snl race --json`. */
export interface RaceAnswer extends Header {
  players: number;
  from: number[];
  win: number[];
  no_winner: number;
  expected_rounds: number | null;
  unresolved: number;
}

/** The board picture of `snl render`, and where its squares are. */
export interface Picture {
  svg: string;
  layout: any;
}

export function check(board: Board, options?: BoardOptions): CheckAnswer;
export function solve(board: Board, options?: SolveOptions): SolveAnswer;
export function expect(board: Board, options?: ExpectOptions): ExpectAnswer;
export function race(board: Board, options?: RaceOptions): RaceAnswer;
export function svg(board: Board, options?: SvgOptions): Picture;
