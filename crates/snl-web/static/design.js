// snl studio: the Design panel. It sends the board being edited and the
// targets to the server (`POST /api/design`), which searches as
// `snl design` does, and lists the boards it found, each with its figures;
// the first is loaded into the editor, and any other at a click. Every
// figure shown is one the server computed.

import { fromPairs, toBoardFile } from "./state.js";

const $ = (id) => document.getElementById(id);

/** A text field's value, or undefined when it is empty. */
function text(id) {
  const v = $(id).value.trim();
  return v === "" ? undefined : v;
}

/** A list written with commas or spaces between its items. */
function list(id) {
  return ($(id).value || "")
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** The search the form asks for, as the server reads it. */
function query() {
  const q = {
    ladders: text("design-ladders"),
    snakes: text("design-snakes"),
    length: text("design-length"),
    mean: text("design-mean"),
    sd: text("design-sd"),
    min_rolls: text("design-min-rolls"),
    within: list("design-within"),
    keep: list("design-keep"),
    plain_ends: $("design-plain-ends").checked,
    no_chains: $("design-no-chains").checked,
    no_trap: $("design-no-trap").checked,
    tune: $("design-tune").checked,
  };
  const fair = text("design-fair");
  if (fair !== undefined) {
    // Not a number: sent as written, for the server to say what is wrong.
    q.fair = Number.isFinite(Number(fair)) ? Number(fair) : fair;
    q.players = Number($("design-players").value || 2);
  }
  const changes = text("design-changes");
  if (q.tune && changes !== undefined) {
    q.changes = Number(changes);
  }
  q.count = Number($("design-count").value || 1);
  q.time = Number($("design-time").value || 5);
  // No seed given: one drawn here, shown with the answer so that the
  // search can be run again.
  const seed = text("design-seed");
  q.seed = seed !== undefined ? Number(seed) : Math.floor(Math.random() * 2 ** 32);
  for (const k of Object.keys(q)) {
    if (q[k] === undefined) {
      delete q[k];
    }
  }
  return q;
}

const fmt = (x, digits = 3) => (x == null ? "–" : Number(x).toFixed(digits));
const pct = (x) => (x == null ? "–" : `${(100 * x).toFixed(2)}%`);

/** One found board: its name, figures, targets and changes, and a button to load it. */
function item(found, index, load) {
  const li = document.createElement("li");
  li.dataset.meets = String(found.meets);
  li.dataset.index = String(index);
  const head = document.createElement("div");
  head.className = "design-head";
  const name = document.createElement("b");
  name.textContent = found.board.name || "board";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "design-load";
  button.textContent = "Load";
  button.title = "Load this board into the editor (undo brings yours back)";
  button.addEventListener("click", () => load(found));
  head.append(name, button);
  li.append(head);

  const f = found.figures;
  const figures = document.createElement("dl");
  figures.className = "design-figures";
  const rows = [
    ["mean", f.mean == null ? "infinite" : fmt(f.mean)],
    ["std dev", fmt(f.sd)],
    ["fewest", f.min_rolls == null ? "never" : String(f.min_rolls)],
    ["ladders", String(found.board.ladders.length)],
    ["snakes", String(found.board.snakes.length)],
  ];
  for (const w of f.within) {
    rows.push([`≤ ${w.rolls} rolls`, pct(w.chance)]);
  }
  if (f.win) {
    f.win.forEach((w, i) => rows.push([`seat ${i + 1} wins`, pct(w)]));
  }
  for (const [k, v] of rows) {
    const div = document.createElement("div");
    div.dataset.figure = k;
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = v;
    div.append(dt, dd);
    figures.append(div);
  }
  li.append(figures);

  const verdicts = document.createElement("ul");
  verdicts.className = "design-verdicts";
  for (const t of found.targets) {
    const v = document.createElement("li");
    v.className = t.met ? "met" : "missed";
    v.textContent = `${t.met ? "✓" : "✗"} ${t.target}: ${t.value}${t.met ? "" : t.off == null ? ", missed" : `, missed by ${fmt(t.off, 4)}`}`;
    verdicts.append(v);
  }
  for (const c of found.changed) {
    const v = document.createElement("li");
    v.className = "changed";
    v.textContent = `changed: ${c}`;
    verdicts.append(v);
  }
  li.append(verdicts);
  return li;
}

/**
 * Wires the panel: `board()` is the board being edited, `load(board)` puts
 * a board (the studio's own form) into the editor as one undoable edit.
 */
export function wireDesign({ engine, board, load }) {
  let asked = 0;
  const form = $("design-form");
  const loadFound = (found) => {
    const current = board();
    const b = fromPairs(found.board, found.board.name);
    b.width = current.width;
    load(b);
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const ticket = ++asked;
    const q = query();
    const status = $("design-status");
    const error = $("design-error");
    const results = $("design-results");
    const find = $("design-find");
    error.hidden = true;
    status.hidden = false;
    status.textContent = `Searching for up to ${q.time} s with seed ${q.seed}…`;
    results.replaceChildren();
    find.disabled = true;
    document.body.dataset.design = "searching";
    const answer = await engine.design({ board: JSON.parse(toBoardFile(board())), design: q });
    if (ticket !== asked) {
      return;
    }
    find.disabled = false;
    if (!answer.ok) {
      status.hidden = true;
      error.textContent = answer.data.error;
      error.hidden = false;
      document.body.dataset.design = "error";
      return;
    }
    const a = answer.data;
    const weighed = `${a.candidates.toLocaleString("en")} candidates, seed ${a.seed}`;
    const found = a.boards.length;
    if (found >= q.count) {
      status.textContent = `Found ${found === 1 ? "a board" : `${found} boards`} that meet${found === 1 ? "s" : ""} every target (${weighed}).`;
    } else if (found > 0) {
      status.textContent = `Found ${found} of ${q.count} boards before the search ${a.stopped === "time" ? "ran out of time" : "was stopped"} (${weighed}).`;
    } else {
      status.textContent = `No board met the targets in the time (${weighed}); the closest one, below, does not.`;
    }
    const shown = a.boards.length ? a.boards : a.closest ? [a.closest] : [];
    shown.forEach((b, i) => results.append(item(b, i, loadFound)));
    document.body.dataset.design = found > 0 ? "found" : "closest";
    if (shown.length) {
      loadFound(shown[0]);
    }
  });
  $("design-tune").addEventListener("change", (e) => {
    $("design-changes").disabled = !e.target.checked;
  });
  $("design-changes").disabled = !$("design-tune").checked;
}
