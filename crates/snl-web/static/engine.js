// The engine that answers the studio's questions, chosen once when the page
// loads: the page's `<meta name="snl-engine">` names it. `snl serve` serves
// the page with "server" (every answer is a request to it); the static
// studio (scripts/release/build-static-studio) with "wasm" (the library compiled to
// WebAssembly runs in the page, in Web Workers). Both answer alike, so the
// rest of the page never asks which one it has.
//
// An engine has:
// - presets(): the built-in boards, [{name, title, source, board}].
// - initial(): the board the studio opens with, as text, or null.
// - analyse(text, options): every answer about a board, as
//   {ok, status, data}: data is the analysis, or {error, check?}; options
//   are {path, overlay, width}. A later call cancels one still running, which
//   then answers {cancelled: true}.
// - steps(text, options): the board's analyses step by step, as
//   {ok, status, data}: data is the answer of `snl solve --steps --json` or
//   `snl expect --steps --json` with `kind` ("search", "rolls" or
//   "rounds"), or {error}; options are {of: "search" or "game", rolls,
//   choose_dice}. A later call cancels one still running.
// - equation(text, options): the first-step equation of a square, as
//   steps answers {of: "equation", square}; its own later call cancels it.
// - target(text, options): the rolls until the pawn first rests on chosen
//   squares or takes a chosen jump, as {ok, status, data}: data is the
//   answer of `snl expect --target --json` or `--via --json`, or {error};
//   options are {target: "50..60"} or {via: "47-26"}. A later call
//   cancels one still running.
// - load(text): a board to import, read and answered as analyse answers it
//   (without a path); nothing cancels it.
// - convert(text, to): the board in another form, {ok, text} or {ok: false, error}.
// - design(request): the boards found for `{board, design}` (the body of
//   the server's /api/design), as {ok, status, data}; a later call
//   cancels one still running, which then answers {cancelled: true}.
// - report(text): opens the one-page report of the board in a new tab;
//   called while the click that asked for it is being handled.

/** The engine this page was served with. */
export async function connect() {
  const meta = document.querySelector('meta[name="snl-engine"]');
  const kind = meta ? meta.content : "server";
  const module = kind === "wasm" ? await import("./engine-wasm.js") : await import("./engine-server.js");
  return module.engine;
}
