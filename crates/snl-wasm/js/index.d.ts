// snl for JavaScript. The answers' shapes are those of `snl ... --json`,
// documented in snl's README ("JSON answers").

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
  race: any[];
  input: { format: string; name: string | null; pairs: any };
  svg: string;
  layout: any;
  plot: string | null;
}

export function presets(): { name: string; title: string; source: string; board: any }[];
export function analyse(board: Board, options?: Options): Analysis;
export function convert(board: Board, to: "grid" | "moves" | "pairs" | "pairs-text"): string;
export function report(board: Board): string;
