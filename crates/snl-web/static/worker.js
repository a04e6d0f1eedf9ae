// A Web Worker of the studio's WebAssembly engine (see engine-wasm.js): it
// instantiates the compiled module it is sent, then answers each call with
// what the module returns, or with the message of a panic. It holds no state
// of its own between calls.

import { initSync, last_panic, studio_analyse, studio_convert, studio_design, studio_presets, studio_report, studio_steps, studio_target } from "./snl_wasm.js";

const calls = { studio_analyse, studio_convert, studio_design, studio_presets, studio_report, studio_steps, studio_target };

self.addEventListener("message", (e) => {
  const { init, id, call, args } = e.data;
  if (init) {
    initSync({ module: init });
    return;
  }
  try {
    self.postMessage({ id, value: calls[call](...args) });
  } catch (err) {
    let crash = String(err && err.message ? err.message : err);
    try {
      crash = last_panic() || crash;
    } catch {
      // The instance is beyond asking; the error itself is the message.
    }
    self.postMessage({ id, crash });
  }
});
