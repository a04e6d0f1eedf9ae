// The studio's engine in the page: the library compiled to WebAssembly
// (crates/snl-wasm), answering in Web Workers so that the page never
// freezes. The module is compiled once; each worker instantiates it.
//
// Analyses run on a lane of their own: an analysis asked for while another
// runs ends the older one at once (its worker is terminated, and a fresh one
// takes its place), since only the newest board's answer is shown. Design
// searches run on a third lane, where a new search ends the one before it.
// Presets, conversions and reports queue on a fourth, which nothing cancels.
// See engine.js for what an engine answers.

const wasmUrl = new URL("./snl_wasm_bg.wasm", import.meta.url);
const workerUrl = new URL("./worker.js", import.meta.url);

let compiled = null;

/** The compiled module, fetched and compiled on first use. */
function compile() {
  if (!compiled) {
    compiled = (async () => {
      const response = await fetch(wasmUrl);
      if (!response.ok) {
        throw new Error(`${wasmUrl.pathname} answered ${response.status}`);
      }
      // Streaming compilation needs the server to say application/wasm;
      // any static server will do with the bytes instead.
      if ((response.headers.get("Content-Type") || "").startsWith("application/wasm")) {
        return WebAssembly.compileStreaming(response);
      }
      return WebAssembly.compile(await response.arrayBuffer());
    })();
    compiled.catch(() => {
      compiled = null;
    });
  }
  return compiled;
}

/** A worker and the calls waiting for its answers. */
class Lane {
  constructor() {
    this.worker = null;
    this.waiting = new Map();
    this.next = 0;
  }

  /** The worker, started (once) when there is none. */
  ensure() {
    if (!this.worker) {
      this.worker = this.start();
      this.worker.catch(() => {
        this.worker = null;
      });
    }
    return this.worker;
  }

  async start() {
    const module = await compile();
    const worker = new Worker(workerUrl, { type: "module" });
    worker.addEventListener("message", (e) => {
      const { id, value, crash } = e.data;
      const call = this.waiting.get(id);
      if (!call) {
        return;
      }
      this.waiting.delete(id);
      if (crash != null) {
        // A panic leaves the instance unusable: the next call gets a new one.
        this.stop();
        call.resolve({ crash });
      } else {
        call.resolve({ value });
      }
    });
    worker.addEventListener("error", (e) => {
      const crash = `the engine's worker failed (${e.message || "it could not be started"})`;
      const calls = [...this.waiting.values()];
      this.waiting.clear();
      this.stop();
      for (const call of calls) {
        call.resolve({ crash });
      }
    });
    worker.postMessage({ init: module });
    return worker;
  }

  /** Whether a call is under way. */
  busy() {
    return this.waiting.size > 0;
  }

  /** Ends the worker; every call waiting on it answers {cancelled: true}. */
  stop() {
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      worker.then((w) => w.terminate(), () => {});
    }
    const calls = [...this.waiting.values()];
    this.waiting.clear();
    for (const call of calls) {
      call.resolve({ cancelled: true });
    }
  }

  /** Calls `name(...args)` of the module in the worker: {value}, {crash} or {cancelled}. */
  call(name, args) {
    const id = ++this.next;
    const answered = new Promise((resolve) => {
      this.waiting.set(id, { resolve });
    });
    this.ensure().then(
      (worker) => {
        if (this.waiting.has(id)) {
          worker.postMessage({ id, call: name, args });
        }
      },
      (e) => {
        const call = this.waiting.get(id);
        if (call) {
          this.waiting.delete(id);
          call.resolve({ crash: `the engine could not be loaded (${e.message})` });
        }
      },
    );
    return answered;
  }
}

const analyses = new Lane();
const designs = new Lane();
const stepping = new Lane();
const equations = new Lane();
const aims = new Lane();
const others = new Lane();

/** An answer of the module ({status, data} as JSON) as the page takes it. */
function answer(result) {
  if (result.cancelled) {
    return { cancelled: true, ok: false, status: 0, data: { error: "cancelled" } };
  }
  if (result.crash != null) {
    return { ok: false, status: 500, data: { error: `the analysis stopped unexpectedly: ${result.crash}` } };
  }
  const { status, data } = JSON.parse(result.value);
  return { ok: status < 400, status, data };
}

export const engine = {
  kind: "wasm",

  async presets() {
    const result = answer(await others.call("studio_presets", []));
    if (!result.ok) {
      throw new Error(result.data.error);
    }
    return result.data;
  },

  async initial() {
    return null;
  },

  async analyse(text, options) {
    if (analyses.busy()) {
      analyses.stop();
    }
    return answer(await analyses.call("studio_analyse", [text, JSON.stringify(options)]));
  },

  async steps(text, options) {
    if (stepping.busy()) {
      stepping.stop();
    }
    return answer(await stepping.call("studio_steps", [text, JSON.stringify(options)]));
  },

  async equation(text, options) {
    if (equations.busy()) {
      equations.stop();
    }
    return answer(await equations.call("studio_steps", [text, JSON.stringify(options)]));
  },

  async target(text, options) {
    if (aims.busy()) {
      aims.stop();
    }
    return answer(await aims.call("studio_target", [text, JSON.stringify(options)]));
  },

  async load(text) {
    return answer(await others.call("studio_analyse", [text, JSON.stringify({ path: false })]));
  },

  async design(request) {
    if (designs.busy()) {
      designs.stop();
    }
    return answer(await designs.call("studio_design", [JSON.stringify(request)]));
  },

  async convert(text, to) {
    const result = answer(await others.call("studio_convert", [text, to]));
    return result.ok ? { ok: true, text: result.data } : { ok: false, error: result.data.error };
  },

  report(text) {
    // Opened now, while the click is being handled (later, a browser
    // blocks it as a pop-up), and filled when the report is ready.
    const tab = window.open("", "_blank");
    if (tab) {
      tab.document.title = "snl report";
      tab.document.body.textContent = "Writing the report…";
    }
    others.call("studio_report", [text]).then((result) => {
      const r = answer(result);
      if (!tab) {
        return;
      }
      if (r.ok) {
        tab.location.replace(URL.createObjectURL(new Blob([r.data], { type: "text/html" })));
      } else {
        tab.document.body.textContent = `The report could not be written: ${r.data.error}`;
      }
    });
  },
};
