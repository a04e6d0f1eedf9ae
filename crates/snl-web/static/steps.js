// snl studio: the Step panel. It asks the engine for an analysis step by
// step (`POST /api/steps`): the fewest-rolls search frontier by frontier,
// or a game with a real die roll by roll (under a choice, the best play
// round by round), and plays the steps on the board with a timeline:
// first, back, play/pause, forward, last, and a speed. The board shows the
// step (the frontier, the chance of every square as a heat, or the
// squares whose choice changed) and the panel its sentences, which the
// library wrote. The step shown is in the page's address. A game roll by
// roll comes a stretch of rolls at a time (each step of a 10,000-square
// board is tens of kilobytes), fetched as the timeline reaches it.

import { toBoardFile } from "./state.js";

const $ = (id) => document.getElementById(id);

/** The rolls of a game asked for at a time. */
const STRETCH = 25;

/** The steps asked for and shown. */
const steps = {
  /** "" (none), "search" or "game". */
  of: "",
  rolls: 20,
  /**
   * What the engine answered: {kind, byIndex: the steps fetched, by index,
   * last: the last step's index}, or null.
   */
  data: null,
  at: 0,
  timer: null,
  asked: 0,
  /** Whether a stretch is being fetched. */
  loading: false,
};

let hooks = null;

/** The steps' part of the page's address: `steps=search&step=3`, or "". */
export function stepsFragment() {
  if (!steps.of) {
    return "";
  }
  const p = new URLSearchParams();
  p.set("steps", steps.of);
  if (steps.of === "game" && steps.rolls !== 20) {
    p.set("rolls", String(steps.rolls));
  }
  p.set("step", String(steps.at));
  return `&${p}`;
}

/** Reads the steps' part of an address (a shared link opens at its step). */
function fromFragment(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const of = p.get("steps");
  steps.of = of === "search" || of === "game" ? of : "";
  const rolls = Number(p.get("rolls"));
  steps.rolls = Number.isInteger(rolls) && rolls >= 1 && rolls <= 1000 ? rolls : 20;
  const at = Number(p.get("step"));
  steps.at = Number.isInteger(at) && at >= 0 ? at : 0;
}

function stop() {
  clearInterval(steps.timer);
  steps.timer = null;
  $("step-play").textContent = "▶";
  $("step-play").title = "Play";
}

/** The marks of step `i` on the board: [{square, cls, strength}]. */
function marks(data, i) {
  const step = data.byIndex[i];
  if (data.kind === "search") {
    const out = [];
    for (const earlier of data.byIndex.slice(0, i)) {
      for (const s of earlier.squares) {
        out.push({ square: s, cls: "reached" });
      }
    }
    for (const s of step.squares) {
      out.push({ square: s, cls: "frontier" });
    }
    return out;
  }
  if (data.kind === "rolls") {
    const on = Object.entries(step.on).map(([s, p]) => [Number(s), p]);
    const most = Math.max(...on.map(([, p]) => p), 0);
    return on.map(([s, p]) => ({ square: s, cls: "chance", strength: most > 0 ? p / most : 0 }));
  }
  // The round's play: the jumps it declines, and the choices it changed.
  const declined = step.policy.declined.filter(([, streak]) => streak === 0).map(([s]) => ({ square: s, cls: "declined" }));
  return [...declined, ...step.changed.map((c) => ({ square: c.square, cls: "switched" }))];
}

/** Shows step `steps.at` of the answer, fetching its stretch if need be. */
function show() {
  const data = steps.data;
  const shown = Boolean(steps.of && data);
  $("step-controls").hidden = !shown;
  if (!shown) {
    hooks.setMarks([]);
    return;
  }
  steps.at = Math.max(0, Math.min(steps.at, data.last));
  const step = data.byIndex[steps.at];
  if (!step) {
    fetchStretch(steps.at);
    return;
  }
  const noun = { search: "roll", rolls: "roll", rounds: "round" }[data.kind];
  const number = data.kind === "rounds" ? step.round : step.rolls;
  $("step-label").textContent = `${noun} ${number} · step ${steps.at} of ${data.last}`;
  document.body.dataset.step = String(steps.at);
  document.body.dataset.steps = data.kind;
  const list = $("step-text");
  list.replaceChildren();
  for (const line of step.text) {
    const li = document.createElement("li");
    li.textContent = line;
    list.appendChild(li);
  }
  $("step-first").disabled = steps.at === 0;
  $("step-back").disabled = steps.at === 0;
  $("step-forward").disabled = steps.at === data.last;
  $("step-last").disabled = steps.at === data.last;
  hooks.setMarks(marks(data, steps.at));
  hooks.address();
}

/** Asks the engine for the steps from `from` (a stretch of a game roll by roll; the rest whole). */
async function ask(from) {
  const board = hooks.board();
  const game = steps.of === "game" && !hooks.choosing();
  return hooks.engine.steps(toBoardFile(board), {
    of: steps.of,
    rolls: game ? Math.min(from + STRETCH - 1, steps.rolls) : null,
    from: game ? from : null,
    choose_dice: (board.rules.chooseDice || "").trim() || null,
  });
}

/** Fetches the stretch of rolls holding step `at`, then shows the step. */
async function fetchStretch(at) {
  if (steps.loading) {
    return;
  }
  steps.loading = true;
  const ticket = steps.asked;
  const from = Math.floor(at / STRETCH) * STRETCH;
  const answer = await ask(from);
  // An edit since has asked for its own steps.
  if (answer.cancelled || ticket !== steps.asked || !steps.data) {
    return;
  }
  steps.loading = false;
  if (!answer.ok) {
    fail(answer.data.error);
    return;
  }
  take(answer.data, from);
  show();
}

/** Keeps the steps of an answer that starts at step `from`. */
function take(answer, from) {
  const data = steps.data;
  data.kind = answer.kind;
  // The search and the rounds come whole; a game roll by roll a stretch
  // at a time, which ends early once every game has ended.
  const start = answer.kind === "rolls" ? from : 0;
  answer.steps.forEach((step, i) => {
    data.byIndex[start + i] = step;
  });
  if (answer.kind !== "rolls") {
    data.last = answer.steps.length - 1;
  } else if (answer.steps.length < Math.min(STRETCH, steps.rolls - from + 1)) {
    data.last = from + answer.steps.length - 1;
  }
}

function fail(message) {
  steps.data = null;
  $("steps-error").textContent = message;
  $("steps-error").hidden = false;
  show();
}

/** Asks the engine for the steps of the board being edited. */
async function refresh() {
  stop();
  $("steps-error").hidden = true;
  $("steps-rolls").disabled = steps.of !== "game" || hooks.choosing();
  const ticket = ++steps.asked;
  steps.loading = false;
  if (!steps.of) {
    steps.data = null;
    delete document.body.dataset.steps;
    show();
    hooks.address();
    return;
  }
  const from = steps.of === "game" ? Math.floor(steps.at / STRETCH) * STRETCH : 0;
  steps.loading = true;
  const answer = await ask(from);
  if (answer.cancelled || ticket !== steps.asked) {
    return;
  }
  steps.loading = false;
  if (!answer.ok) {
    fail(answer.data.error);
    return;
  }
  steps.data = { kind: answer.data.kind, byIndex: [], last: steps.rolls };
  take(answer.data, from);
  show();
}

/** Asks for the first-step equation of the square in the panel, if any. */
async function equation() {
  const square = $("equation-square").value.trim();
  const text = $("equation-text");
  const error = $("equation-error");
  if (square === "") {
    text.hidden = true;
    error.hidden = true;
    return;
  }
  const board = hooks.board();
  const answer = await hooks.engine.equation(toBoardFile(board), {
    of: "equation",
    square: Number(square),
    choose_dice: (board.rules.chooseDice || "").trim() || null,
  });
  if (answer.cancelled) {
    return;
  }
  text.hidden = !answer.ok;
  error.hidden = answer.ok;
  if (answer.ok) {
    text.textContent = answer.data.text.join("\n");
  } else {
    error.textContent = answer.data.error;
  }
}

function go(at) {
  if (!steps.data) {
    return;
  }
  steps.at = Math.max(0, Math.min(at, steps.data.last));
  show();
}

function play() {
  if (steps.timer) {
    stop();
    return;
  }
  if (!steps.data) {
    return;
  }
  if (steps.at === steps.data.last) {
    go(0);
  }
  $("step-play").textContent = "⏸";
  $("step-play").title = "Pause";
  steps.timer = setInterval(() => {
    if (!steps.data || steps.at >= steps.data.last) {
      stop();
      return;
    }
    // Waits for a stretch on its way.
    if (!steps.loading) {
      go(steps.at + 1);
    }
  }, Number($("step-speed").value));
}

/**
 * Wires the Step panel. `options` are {engine, board(), choosing(),
 * setMarks(marks), address()}: the page's engine, the board being edited,
 * whether its rules make a choice, how the board shows a step's marks,
 * and how the page writes its address. Returns {boardChanged()}, to call
 * after every edit.
 */
export function wireSteps(options) {
  hooks = options;
  fromFragment(location.hash);
  $("steps-of").value = steps.of;
  $("steps-rolls").value = String(steps.rolls);
  $("steps-of").addEventListener("change", (e) => {
    steps.of = e.target.value;
    steps.at = 0;
    refresh();
  });
  $("steps-rolls").addEventListener("change", (e) => {
    const n = Number(e.target.value);
    if (!Number.isInteger(n) || n < 1 || n > 1000) {
      e.target.value = String(steps.rolls);
      return;
    }
    steps.rolls = n;
    refresh();
  });
  $("step-first").addEventListener("click", () => go(0));
  $("step-back").addEventListener("click", () => go(steps.at - 1));
  $("step-forward").addEventListener("click", () => go(steps.at + 1));
  $("step-last").addEventListener("click", () => go(Infinity));
  $("step-play").addEventListener("click", play);
  $("equation-square").addEventListener("change", equation);
  $("step-speed").addEventListener("change", () => {
    if (steps.timer) {
      stop();
      play();
    }
  });
  return {
    boardChanged() {
      // The steps of the board before the edit are not this board's.
      if (steps.of) {
        refresh();
      }
      equation();
    },
  };
}
