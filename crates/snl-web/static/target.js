// snl studio: the Aim panel. It asks the engine how long a game takes
// to first rest on chosen squares, or first take a chosen jump, and how
// likely it is to ever do so (`POST /api/target`, the answers of `snl
// expect --target --json` and `snl expect --via --json`). The squares are
// typed ("50..60, 80") or picked on the board: with "pick on the board"
// ticked, a click on a square adds it to the target or takes it out. The
// squares aimed at are outlined on the board, and the question is in the
// page's address.

import { toBoardFile } from "./state.js";

const $ = (id) => document.getElementById(id);

/** The question asked: squares as typed, or a jump "from-to". */
const aim = { target: "", via: "" };

let hooks = null;

/** The target's part of the page's address: `&target=50..60` or `&via=47-26`, or "". */
export function targetFragment() {
  const p = new URLSearchParams();
  if (aim.target) {
    p.set("target", aim.target);
  } else if (aim.via) {
    p.set("via", aim.via);
  }
  const text = p.toString();
  return text ? `&${text}` : "";
}

/** The squares of a target as typed, for the marks ("50..60, 80" lists 50 to 60 and 80). */
export function squaresOf(text, last) {
  const out = new Set();
  for (const part of text.split(",")) {
    const m = part.trim().match(/^(\d+)\s*(?:(?:\.\.|-)\s*(\d+))?$/);
    if (!m) {
      continue;
    }
    const a = Number(m[1]);
    const b = m[2] == null ? a : Number(m[2]);
    for (let s = a; s <= Math.min(b, last); s += 1) {
      out.add(s);
    }
  }
  return [...out].sort((x, y) => x - y);
}

/** Squares written as runs: [3, 4, 5, 9] is "3..5, 9". */
export function runsOf(squares) {
  const runs = [];
  for (const s of [...squares].sort((x, y) => x - y)) {
    const run = runs[runs.length - 1];
    if (run && s === run[1] + 1) {
      run[1] = s;
    } else {
      runs.push([s, s]);
    }
  }
  return runs.map(([a, b]) => (a === b ? `${a}` : `${a}..${b}`)).join(", ");
}

const percent = (p) => `${(100 * p).toFixed(p > 0 && p < 0.001 ? 4 : 1)}%`;
const figure = (x) => (x == null ? "–" : Number(x.toPrecision(6)).toString());

/** The answer as rows of the panel's table: [label, value]. */
function rows(data) {
  const out = [];
  if (data.via) {
    out.push(["taken at least once", percent(data.chance)]);
    out.push(["times taken, on average", data.times == null ? "– (a game may never end)" : figure(data.times)]);
  } else {
    out.push(["ever rests there", percent(data.chance)]);
  }
  if (data.mean == null) {
    out.push([data.via ? "rolls until taken" : "rolls to get there", "never"]);
    return out;
  }
  const some = data.chance < 1 - 1e-9 ? " (when it happens)" : "";
  out.push([`mean rolls${some}`, figure(data.mean)]);
  out.push(["std dev", figure(data.std_dev)]);
  out.push(["median", data.median ?? "–"]);
  const q = data.quantiles || {};
  out.push(["10% / 90% by", `${q["0.1"] ?? "–"} / ${q["0.9"] ?? "–"}`]);
  return out;
}

function showAnswer(data) {
  const table = $("target-answer");
  table.replaceChildren();
  // The figures as the engine gave them, for a program to read.
  table.dataset.chance = String(data.chance);
  table.dataset.mean = String(data.mean);
  for (const [label, value] of rows(data)) {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.textContent = label;
    const td = document.createElement("td");
    td.textContent = String(value);
    tr.append(th, td);
    table.appendChild(tr);
  }
  table.hidden = false;
}

/** The squares outlined on the board: those aimed at, or the jump's start. */
function marks() {
  const last = hooks.board().squares;
  if (aim.target) {
    return squaresOf(aim.target, last);
  }
  if (aim.via) {
    return [Number(aim.via.split("-")[0])];
  }
  return [];
}

/** Asks the engine the question in the panel about the board being edited. */
async function ask() {
  hooks.setAims(marks());
  hooks.address();
  const error = $("target-error");
  if (!aim.target && !aim.via) {
    $("target-answer").hidden = true;
    error.hidden = true;
    delete document.body.dataset.target;
    return;
  }
  const board = hooks.board();
  document.body.dataset.target = "asking";
  const answer = await hooks.engine.target(toBoardFile(board), aim.target ? { target: aim.target } : { via: aim.via });
  if (answer.cancelled) {
    return;
  }
  error.hidden = answer.ok;
  if (answer.ok) {
    showAnswer(answer.data);
    // The squares the engine aimed at (a range leaves out jumps' starts).
    if (answer.data.target) {
      hooks.setAims(answer.data.target.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i)));
    }
  } else {
    $("target-answer").hidden = true;
    error.textContent = answer.data.error;
  }
  document.body.dataset.target = answer.ok ? "answered" : "refused";
}

/** Lists the board's jumps in the jump menu, keeping the one chosen. */
function listJumps() {
  const menu = $("target-via");
  const jumps = hooks.board().jumps.filter(([a, b]) => a !== b);
  const wanted = [""].concat(jumps.map(([a, b]) => `${a}-${b}`));
  const have = [...menu.options].map((o) => o.value);
  if (wanted.join() !== have.join()) {
    menu.replaceChildren(new Option("–", ""));
    for (const [a, b] of jumps) {
      menu.add(new Option(`${b > a ? "ladder" : "snake"} ${a}→${b}`, `${a}-${b}`));
    }
  }
  if (aim.via && !wanted.includes(aim.via)) {
    // The jump asked about is gone: the engine says so.
    menu.add(new Option(`${aim.via} (not on the board)`, aim.via));
  }
  menu.value = aim.via;
}

/** A click on square `s` while picking: adds it to the target or takes it out. */
function pick(s) {
  const squares = new Set(squaresOf(aim.target, hooks.board().squares));
  if (squares.has(s)) {
    squares.delete(s);
  } else {
    squares.add(s);
  }
  aim.target = runsOf(squares);
  aim.via = "";
  $("target-squares").value = aim.target;
  $("target-via").value = "";
  ask();
}

/**
 * Wires the Aim panel. `options` are {engine, board(), setAims(squares),
 * pick(handler or null), address()}: the page's engine, the board being
 * edited, how the board outlines the squares aimed at, how a click on a
 * square is handed to the panel instead of the editor, and how the page
 * writes its address. Returns {boardChanged()}, to call after every edit.
 */
export function wireTarget(options) {
  hooks = options;
  const p = new URLSearchParams(location.hash.replace(/^#/, ""));
  aim.target = (p.get("target") || "").trim();
  aim.via = aim.target ? "" : (p.get("via") || "").trim();
  $("target-squares").value = aim.target;
  $("target-squares").addEventListener("change", (e) => {
    aim.target = e.target.value.trim();
    aim.via = "";
    $("target-via").value = "";
    ask();
  });
  $("target-via").addEventListener("change", (e) => {
    aim.via = e.target.value;
    aim.target = "";
    $("target-squares").value = "";
    ask();
  });
  $("target-pick").addEventListener("change", (e) => {
    hooks.pick(e.target.checked ? pick : null);
    document.body.classList.toggle("picking", e.target.checked);
  });
  return {
    boardChanged() {
      listJumps();
      ask();
    },
  };
}
