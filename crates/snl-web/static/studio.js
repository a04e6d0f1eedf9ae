// snl studio: the page. It holds the board being designed, an undo
// history, and the latest answers; after every edit it sends the board to
// the engine (the server, or the library in WebAssembly: see engine.js) and
// shows what comes back. Every figure on the page is one the engine
// computed: the page does no arithmetic on the game.

import { Editor } from "./board.js";
import { wireDesign } from "./design.js";
import { connect } from "./engine.js";
import { clone, emptyBoard, figure, fromFragment, fromPairs, same, tidyDie, toBoardFile, toFragment } from "./state.js";
import { stepsFragment, wireSteps } from "./steps.js";
import { targetFragment, wireTarget } from "./target.js";

const $ = (id) => document.getElementById(id);

/** What answers the page's questions (engine.js); set when the page loads. */
let engine = null;

const studio = {
  board: emptyBoard(),
  undo: [],
  redo: [],
  /** What the picture shows: the path, and how squares are coloured. */
  path: true,
  overlay: "plain",
  selected: null,
  /** Numbers each request, so that a late answer to an old board is dropped. */
  asked: 0,
  /** How many analyses a newer edit stopped (the page's engine stops them). */
  cancelled: 0,
  presets: [],
};

const editor = new Editor($("board"), $("overlay"), {
  add(from, to) {
    const jumps = studio.board.jumps.filter(([a]) => a !== from);
    const replaced = jumps.length !== studio.board.jumps.length;
    edit((b) => {
      // A square starts one jump: a new jump from it replaces the old one.
      b.jumps = [...jumps, [from, to]];
    });
    studio.selected = studio.board.jumps.length - 1;
    editor.select(studio.selected);
    showSelection();
    if (replaced) {
      flash(`The jump from ${from} was replaced.`);
    }
  },
  move(index, from, to) {
    edit((b) => {
      b.jumps[index] = [from, to];
    });
    showSelection();
  },
  select(index) {
    studio.selected = index;
    editor.select(index);
    showSelection();
  },
});

/** Applies a change to the board as one step of the history. */
function edit(change) {
  const before = clone(studio.board);
  const after = clone(studio.board);
  change(after);
  if (same(before, after)) {
    return;
  }
  studio.undo.push(before);
  if (studio.undo.length > 500) {
    studio.undo.shift();
  }
  studio.redo = [];
  setBoard(after);
}

/** The Step panel (steps.js); set when the page loads. */
let stepPanel = null;
/** The Aim panel (target.js); set when the page loads. */
let targetPanel = null;

/** Writes the page's address: the board, the step shown and the target asked about. */
function address() {
  history.replaceState(null, "", `#${toFragment(studio.board)}${stepsFragment()}${targetFragment()}`);
}

/** Shows `board` and asks for its answers. */
function setBoard(board, { keepSelection = true } = {}) {
  studio.board = board;
  if (!keepSelection || (studio.selected != null && !board.jumps[studio.selected])) {
    studio.selected = null;
  }
  editor.setJumps(board.jumps);
  editor.select(studio.selected);
  showSelection();
  fillControls();
  address();
  $("undo").disabled = studio.undo.length === 0;
  $("redo").disabled = studio.redo.length === 0;
  analyse();
  stepPanel?.boardChanged();
  targetPanel?.boardChanged();
}

function undo() {
  if (studio.undo.length) {
    studio.redo.push(clone(studio.board));
    setBoard(studio.undo.pop(), { keepSelection: false });
  }
}

function redo() {
  if (studio.redo.length) {
    studio.undo.push(clone(studio.board));
    setBoard(studio.redo.pop(), { keepSelection: false });
  }
}

function deleteSelected() {
  const i = studio.selected;
  if (i == null) {
    return;
  }
  studio.selected = null;
  edit((b) => {
    b.jumps.splice(i, 1);
  });
}

// ---------------------------------------------------------------- answers

/** Shows that an analysis is under way, with its time once it is long. */
const busy = {
  timer: null,
  start() {
    const shown = $("busy");
    const began = Date.now();
    shown.textContent = "analysing…";
    shown.hidden = false;
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      const seconds = Math.floor((Date.now() - began) / 1000);
      shown.textContent = `analysing… ${seconds} s`;
    }, 1000);
  },
  stop() {
    clearInterval(this.timer);
    $("busy").hidden = true;
  },
};

async function analyse() {
  const ticket = ++studio.asked;
  busy.start();
  const answer = await engine.analyse(toBoardFile(studio.board), {
    path: studio.path,
    overlay: plainOnly(studio.board) ? "plain" : studio.overlay,
    width: studio.board.width || null,
    choose_dice: (studio.board.rules.chooseDice || "").trim() || null,
    goal: (studio.board.rules.goal || "mean") === "mean" ? null : studio.board.rules.goal,
  });
  if (answer.cancelled) {
    // Stopped by a newer edit, whose analysis is on its way (the page's
    // engine): counted, for the tests.
    studio.cancelled += 1;
    document.body.dataset.cancelled = String(studio.cancelled);
    return;
  }
  // A newer edit has its own analysis on the way.
  if (ticket !== studio.asked) {
    return;
  }
  busy.stop();
  if (answer.ok) {
    showAnswer(answer.data);
  } else {
    showFailure(answer.data, answer.status);
  }
}

/** Whether only the plain picture answers: the colourings are of a game that takes every jump and rolls the rules' die. */
const plainOnly = (b) => b.rules.optional !== "none" || (b.rules.chooseDice || "").trim() !== "";

const fmt = (x, digits = 4) => (x == null ? "–" : figure(Number(x), digits));
const pct = (x) => (x == null ? "–" : `${(100 * x).toFixed(2)}%`);

function showAnswer(data) {
  document.body.dataset.state = "ok";
  editor.show(data.svg, data.layout, studio.board.squares, studio.board.jumps);
  if (data.plot) {
    $("plot").innerHTML = data.plot;
  } else {
    // Why there is none, as the engine says it.
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = data.plot_note || "There is no length to plot.";
    $("plot").replaceChildren(note);
  }
  showProblems(data.check.errors, data.check.warnings, false, data.check.notes || []);
  editor.setProblems(data.check.warnings.flatMap((w) => w.squares));
  // The class, as `snl check` prints it (left out under a choice).
  const winnable = data.check.winnable;
  $("winnable").hidden = !winnable;
  $("winnable").textContent = winnable ? `winnable: ${winnable.text}` : "";
  $("winnable").dataset.class = winnable ? winnable.class : "";

  // Left out with dice to pick from (the search rolls the rules' die).
  const s = data.solve || { min_rolls: null, optimal_sequences: null, path: [], left_out: true };
  $("min-rolls").textContent = s.left_out ? "–" : s.min_rolls == null ? "never" : String(s.min_rolls);
  $("sequences").textContent = s.left_out
    ? "not answered with dice to pick from"
    : s.min_rolls == null
      ? "the last square cannot be reached"
      : s.optimal_sequences == null
        ? ""
        : `${s.optimal_sequences} optimal roll sequence${s.optimal_sequences === "1" ? "" : "s"}`;
  const path = $("path");
  path.replaceChildren();
  // The path comes as runs of equal rolls: `count` rolls of `roll`, the
  // last landing on `land` and resting on `to`.
  for (const run of s.path) {
    const li = document.createElement("li");
    const jump = run.to > run.land ? `<span class="up">↑${run.to}</span>` : run.to < run.land ? `<span class="down">↓${run.to}</span>` : "";
    const times = run.count > 1 ? ` × ${run.count}` : "";
    li.innerHTML = `<b>${run.roll}${times}</b><span>${run.land}</span>${jump}`;
    const rolls = run.count > 1 ? `${run.count} rolls of ${run.roll}` : `roll ${run.roll}`;
    li.title = `${rolls}: land on ${run.land}${jump ? `, then ${run.to > run.land ? "climb" : "slide"} to ${run.to}` : ""}`;
    path.appendChild(li);
  }

  const e = data.expect;
  $("mean").textContent = e.mean == null ? "infinite" : fmt(e.mean);
  $("std-dev").textContent = fmt(e.std_dev);
  $("median").textContent = e.median ?? "–";
  $("mode").textContent = e.mode ?? "–";
  const never = $("never");
  never.hidden = !(e.never_finishes > 0);
  never.textContent = `The pawn can get stuck: a game never ends with chance ${fmt(e.never_finishes, 6)}.`;
  const heads = $("quantile-heads");
  const values = $("quantile-values");
  heads.replaceChildren();
  values.replaceChildren();
  for (const [q, v] of Object.entries(e.quantiles)) {
    heads.insertAdjacentHTML("beforeend", `<th>${Math.round(Number(q) * 100)}%</th>`);
    values.insertAdjacentHTML("beforeend", `<td data-q="${q}">${v ?? "–"}</td>`);
  }

  // The best play, when jumps may be declined: what it does with each.
  const policy = $("policy-list");
  policy.replaceChildren();
  $("policy").hidden = !e.policy;
  for (const j of e.policy ? e.policy.jumps : []) {
    const li = document.createElement("li");
    li.className = j.play;
    li.dataset.from = String(j.from);
    const play = { taken: "takes", declined: "declines", by_streak: "depends on the streak for" }[j.play] || j.play;
    li.textContent = `${play} the ${j.kind} ${j.from} → ${j.to}`;
    policy.appendChild(li);
  }
  // With dice to pick from: the die picked on each run of squares.
  const byDie = $("policy-dice");
  byDie.replaceChildren();
  const bySquare = e.policy && e.policy.die_by_square;
  for (let from = 0; bySquare && from < bySquare.length; ) {
    let to = from;
    while (to + 1 < bySquare.length && bySquare[to + 1] === bySquare[from]) {
      to += 1;
    }
    const li = document.createElement("li");
    li.dataset.from = String(from);
    li.dataset.to = String(to);
    li.textContent = `on ${from === to ? from : `${from}–${to}`} roll ${e.policy.dice[bySquare[from]]}`;
    byDie.appendChild(li);
    from = to + 1;
  }
  // The goal within K rolls: the chance of its best play.
  const within = $("within");
  within.hidden = !data.within;
  if (data.within) {
    within.dataset.chance = String(data.within.chance);
    const declined = data.within.policy.jumps.filter((j) => j.declined_on_rolls.length > 0);
    const plays = declined.map((j) => `declines the ${j.kind} ${j.from} → ${j.to} on roll ${j.declined_on_rolls.map(([a, b]) => (a === b ? a : `${a}–${b}`)).join(", ")}`);
    within.textContent = `Best play for finishing within ${data.within.rolls} rolls: a chance of ${pct(data.within.chance)}${plays.length ? `; it ${plays.join("; ")}` : ""}.`;
  }

  const raceNote = $("race-note");
  raceNote.hidden = !data.left_out;
  raceNote.textContent = data.left_out ? `Not answered: ${data.left_out.message}.` : "";
  const race = $("race");
  race.hidden = data.race.length === 0;
  race.replaceChildren();
  race.insertAdjacentHTML("beforeend", '<tr><th>players</th><th>chance that each seat wins</th><th>rounds</th></tr>');
  for (const r of data.race) {
    const row = document.createElement("tr");
    row.dataset.players = r.players;
    row.insertAdjacentHTML("beforeend", `<th>${r.players}</th>`);
    const cell = document.createElement("td");
    const bar = document.createElement("div");
    bar.className = "stack";
    r.win.forEach((w, i) => {
      const seg = document.createElement("span");
      seg.className = `seat seat-${i + 1}`;
      seg.dataset.seat = String(i + 1);
      // Set through the style object: the page's policy allows no inline style attributes.
      seg.style.setProperty("flex-grow", String(w));
      seg.textContent = pct(w);
      seg.title = `seat ${i + 1} wins with chance ${pct(w)}`;
      bar.appendChild(seg);
    });
    cell.appendChild(bar);
    row.appendChild(cell);
    row.insertAdjacentHTML("beforeend", `<td class="rounds">${fmt(r.expected_rounds, 2)}</td>`);
    if (r.unresolved > 1e-6) {
      // The race was followed as far as the work allowed: say what is missing.
      row.classList.add("unresolved");
      row.title = `followed as far as the work allowed: a chance of ${fmt(r.unresolved, 6)} is not resolved, so the chances and rounds are not whole`;
      row.querySelector(".rounds").textContent = "–";
    }
    race.appendChild(row);
  }
}

function showFailure(data, status) {
  document.body.dataset.state = "error";
  const errors = data.check ? data.check.errors : [{ code: status === 422 ? "too-big" : "error", message: data.error, squares: [] }];
  const warnings = data.check ? data.check.warnings : [];
  showProblems(errors, warnings, true);
  editor.stale(errors.flatMap((d) => d.squares));
  $("min-rolls").textContent = "–";
  $("sequences").textContent = "";
  $("path").replaceChildren();
}

function showProblems(errors, warnings, failed = false, notes = []) {
  const list = $("problem-list");
  list.replaceChildren();
  const card = $("problems");
  card.hidden = errors.length === 0 && warnings.length === 0 && notes.length === 0;
  card.classList.toggle("failed", failed);
  for (const [kind, items] of [["error", errors], ["warning", warnings], ["note", notes]]) {
    for (const d of items) {
      const li = document.createElement("li");
      li.className = kind;
      li.dataset.code = d.code;
      li.innerHTML = `<span class="tag">${kind}</span> `;
      li.append(document.createTextNode(d.message));
      li.addEventListener("mouseenter", () => editor.setProblems(d.squares));
      list.appendChild(li);
    }
  }
  if (failed) {
    const li = document.createElement("li");
    li.className = "advice";
    li.textContent = "The board above is the last playable one. Undo, or fix the board, to see the answers again.";
    list.appendChild(li);
  }
}

// ---------------------------------------------------------------- controls

function fillControls() {
  const b = studio.board;
  const set = (id, v) => {
    const e = $(id);
    if (document.activeElement !== e) {
      e.value = v;
    }
  };
  set("name", b.name);
  set("squares", b.squares);
  set("width", b.width ?? "");
  set("die", tidyDie(b.rules.die));
  $("finish").value = b.rules.finish;
  $("start").value = String(b.rules.start);
  $("chain").checked = b.rules.chain;
  $("bonus").checked = b.rules.bonus;
  set("bonus-limit", b.rules.bonusLimit ?? "");
  $("bonus-limit").disabled = !b.rules.bonus;
  $("optional").value = b.rules.optional;
  set("choose-dice", b.rules.chooseDice || "");
  const within = /^within:(\d+)$/.exec(b.rules.goal || "");
  $("goal").value = within ? "within" : "mean";
  if (within) {
    set("goal-rolls", within[1]);
  }
  $("goal-rolls").disabled = !within;
  // The colourings are of a game that takes every jump and rolls the rules' die.
  for (const radio of document.querySelectorAll('input[name="overlay"]')) {
    radio.disabled = plainOnly(b) && radio.value !== "plain";
  }
  document.title = b.name ? `${b.name} · snl studio` : "snl studio";
}

function showSelection() {
  const j = studio.selected != null ? studio.board.jumps[studio.selected] : null;
  $("selection").hidden = !j;
  if (j) {
    const kind = j[1] > j[0] ? "Ladder" : "Snake";
    $("selection-text").textContent = `${kind} ${j[0]} → ${j[1]}`;
  }
}

let toast = null;
/** A short note beside the board's tools, gone after a few seconds. */
function flash(text) {
  const t = $("note");
  t.hidden = false;
  t.textContent = text;
  clearTimeout(toast);
  toast = setTimeout(() => {
    t.hidden = true;
  }, 4000);
}

function wholeNumber(value, min, max) {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

function wireControls() {
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("delete").addEventListener("click", deleteSelected);
  $("flip").addEventListener("click", () => {
    const i = studio.selected;
    if (i != null) {
      edit((b) => {
        b.jumps[i] = [b.jumps[i][1], b.jumps[i][0]];
      });
      showSelection();
    }
  });
  $("name").addEventListener("change", (e) => edit((b) => (b.name = e.target.value.trim())));
  $("squares").addEventListener("change", (e) => {
    const n = wholeNumber(e.target.value, 1, 100000);
    if (n == null) {
      e.target.value = studio.board.squares;
      flash("The number of squares is a whole number from 1 to 100,000.");
      return;
    }
    edit((b) => (b.squares = n));
  });
  $("width").addEventListener("change", (e) => {
    const v = e.target.value.trim();
    const n = v === "" ? null : wholeNumber(v, 1, 1000);
    if (v !== "" && n == null) {
      e.target.value = studio.board.width ?? "";
      return;
    }
    edit((b) => (b.width = n));
  });
  $("die").addEventListener("change", (e) => edit((b) => (b.rules.die = e.target.value.trim() || "d6")));
  $("finish").addEventListener("change", (e) => edit((b) => (b.rules.finish = e.target.value)));
  $("start").addEventListener("change", (e) => edit((b) => (b.rules.start = Number(e.target.value))));
  $("chain").addEventListener("change", (e) => edit((b) => (b.rules.chain = e.target.checked)));
  $("bonus").addEventListener("change", (e) =>
    edit((b) => {
      b.rules.bonus = e.target.checked;
      if (!b.rules.bonus) {
        b.rules.bonusLimit = null;
      }
    }),
  );
  $("optional").addEventListener("change", (e) => edit((b) => (b.rules.optional = e.target.value)));
  $("choose-dice").addEventListener("change", (e) => edit((b) => (b.rules.chooseDice = e.target.value.trim())));
  const goal = () => ($("goal").value === "within" ? `within:${$("goal-rolls").value.trim() || "20"}` : "mean");
  $("goal").addEventListener("change", () => edit((b) => (b.rules.goal = goal())));
  $("goal-rolls").addEventListener("change", () => edit((b) => (b.rules.goal = goal())));
  $("bonus-limit").addEventListener("change", (e) => {
    const v = e.target.value.trim();
    edit((b) => (b.rules.bonusLimit = v === "" ? null : Number(v)));
  });
  for (const radio of document.querySelectorAll('input[name="overlay"]')) {
    radio.addEventListener("change", (e) => {
      studio.overlay = e.target.value;
      analyse();
    });
  }
  $("show-path").addEventListener("change", (e) => {
    studio.path = e.target.checked;
    analyse();
  });
  document.addEventListener("keydown", (e) => {
    const typing = e.target.closest("input, textarea, select, dialog");
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && !typing) {
      e.preventDefault();
      (e.shiftKey ? redo : undo)();
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "y" && !typing) {
      e.preventDefault();
      redo();
    } else if ((e.key === "Delete" || e.key === "Backspace") && !typing) {
      e.preventDefault();
      deleteSelected();
    } else if (e.key === "Escape" && !typing) {
      studio.selected = null;
      editor.select(null);
      showSelection();
    }
  });
  window.addEventListener("hashchange", () => {
    const b = fromFragment(location.hash);
    if (b && !same(b, studio.board)) {
      edit((x) => Object.assign(x, b));
    }
  });

  // Presets, import, export, report.
  $("preset").addEventListener("change", async (e) => {
    const name = e.target.value;
    e.target.value = "";
    if (name === "@empty") {
      const b = emptyBoard(studio.board.squares);
      edit((x) => Object.assign(x, b));
      return;
    }
    const preset = studio.presets.find((p) => p.name === name);
    if (preset) {
      await load(JSON.stringify(preset.board), preset.title);
    }
  });
  $("import").addEventListener("click", () => {
    $("import-error").hidden = true;
    $("import-dialog").showModal();
    $("import-text").focus();
  });
  $("import-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) {
      $("import-text").value = await file.text();
    }
  });
  $("import-load").addEventListener("click", async () => {
    const error = await load($("import-text").value);
    if (error) {
      $("import-error").textContent = error;
      $("import-error").hidden = false;
    } else {
      $("import-dialog").close();
    }
  });
  $("export").addEventListener("click", () => {
    // Not the last board's text while this one's is on its way.
    $("export-text").value = "";
    $("export-dialog").showModal();
    exportAs($("export-format").value);
  });
  $("export-format").addEventListener("change", (e) => exportAs(e.target.value));
  $("export-copy").addEventListener("click", () => navigator.clipboard?.writeText($("export-text").value));
  $("export-download").addEventListener("click", () => {
    const form = $("export-format").value;
    const ext = form === "pairs-text" ? "txt" : `${form}.json`;
    const blob = new Blob([$("export-text").value], { type: form === "pairs-text" ? "text/plain" : "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${(studio.board.name || "board").replace(/[^\w.-]+/g, "-").toLowerCase()}.${ext}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $("report-form").addEventListener("submit", (e) => {
    e.preventDefault();
    engine.report(toBoardFile(studio.board));
  });
}

/** Loads a board written in any form; returns the error message, if any. */
async function load(text, name) {
  const answer = await engine.load(text);
  if (!answer.ok) {
    return answer.data.error;
  }
  const board = fromPairs(answer.data.input.pairs, name || answer.data.input.name);
  edit((x) => Object.assign(x, board));
  return null;
}

async function exportAs(form) {
  const out = $("export-text");
  const error = $("export-error");
  const answer = await engine.convert(toBoardFile(studio.board), form);
  if (answer.ok) {
    out.value = answer.text;
    error.hidden = true;
  } else {
    out.value = "";
    error.textContent = answer.error;
    error.hidden = false;
  }
}

async function start() {
  engine = await connect();
  document.body.dataset.engine = engine.kind;
  wireControls();
  wireDesign({
    engine,
    board: () => studio.board,
    load: (board) => edit((x) => Object.assign(x, board)),
  });
  stepPanel = wireSteps({
    engine,
    board: () => studio.board,
    choosing: () => plainOnly(studio.board),
    setMarks: (marks) => editor.setMarks(marks),
    address,
  });
  targetPanel = wireTarget({
    engine,
    board: () => studio.board,
    setAims: (squares) => editor.setAims(squares),
    pick: (handler) => editor.pick(handler),
    address,
  });
  const presets = await engine.presets();
  studio.presets = presets;
  const menu = $("preset");
  for (const p of presets) {
    menu.add(new Option(p.title, p.name));
  }
  const fromUrl = fromFragment(location.hash);
  if (fromUrl) {
    setBoard(fromUrl);
    return;
  }
  const initial = await engine.initial();
  if (initial != null) {
    const error = await load(initial);
    if (!error) {
      studio.undo = [];
      $("undo").disabled = true;
      return;
    }
  }
  setBoard(emptyBoard());
}

start();
