// The studio's engine on the server: each question is a request to the
// `snl serve` that served this page (its API is described in snl-web's
// documentation). See engine.js for what an engine answers.

async function post(path, body, signal) {
  const response = await fetch(path, { method: "POST", body, signal, headers: { "Content-Type": "application/json" } });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { error: `the server answered ${response.status} without a message` };
  }
  return { ok: response.ok, status: response.status, data };
}

const unreachable = (e) => ({
  ok: false,
  status: 0,
  data: { error: `the studio's server cannot be reached (${e.message}); is \`snl serve\` still running?` },
});

/** The request of each kind still running (`analyse`, `steps`, `equation`, `target`). */
const running = {};

/**
 * `POST /api/PATH?options` with the board: an earlier request of the same
 * kind is no longer wanted, and abandoning it stops its analysis and frees
 * its slot on the server (it answers {cancelled: true}).
 */
async function latest(kind, path, text, options) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(options)) {
    if (value != null) {
      q.set(key, String(value));
    }
  }
  running[kind]?.abort();
  const request = new AbortController();
  running[kind] = request;
  try {
    return await post(`/api/${path}?${q}`, text, request.signal);
  } catch (e) {
    return e.name === "AbortError" ? { cancelled: true } : unreachable(e);
  }
}

export const engine = {
  kind: "server",

  async presets() {
    return fetch("/api/presets").then((r) => r.json());
  },

  async initial() {
    const response = await fetch("/api/initial");
    return response.status === 200 ? response.text() : null;
  },

  async analyse(text, options) {
    return latest("analyse", "analyse", text, options);
  },

  async steps(text, options) {
    return latest("steps", "steps", text, options);
  },

  async equation(text, options) {
    return latest("equation", "steps", text, options);
  },

  async target(text, options) {
    return latest("target", "target", text, options);
  },

  async design(request) {
    try {
      return await post("/api/design", JSON.stringify(request));
    } catch (e) {
      return unreachable(e);
    }
  },

  async load(text) {
    try {
      return await post("/api/analyse?path=false", text);
    } catch (e) {
      return unreachable(e);
    }
  },

  async convert(text, to) {
    try {
      const response = await fetch(`/api/convert?to=${encodeURIComponent(to)}`, { method: "POST", body: text });
      const body = await response.text();
      return response.ok ? { ok: true, text: body } : { ok: false, error: JSON.parse(body).error };
    } catch (e) {
      return { ok: false, error: unreachable(e).data.error };
    }
  },

  report(text) {
    // A form posted into a new tab: the server answers with the page.
    const form = document.getElementById("report-form");
    document.getElementById("report-board").value = text;
    form.submit();
  },
};
