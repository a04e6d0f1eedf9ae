// The board being designed, as plain data: its size, its jumps, its rules
// and its name. It is written three ways: as the board file the server
// reads (the pairs form), as the URL fragment that a reload or a shared link
// restores, and back from the pairs form the server returns for an import.
// Nothing here knows the rules of the game: the server answers everything.

/** A fresh board: 100 squares, no jumps, the default rules. */
export function emptyBoard(squares = 100) {
  return {
    name: "",
    squares,
    width: null,
    jumps: [],
    rules: { die: "d6", finish: "exact", chain: false, start: 1, bonus: false, bonusLimit: null, optional: "none", chooseDice: "", goal: "mean" },
  };
}

/** A deep copy, for the undo history. */
export function clone(board) {
  return JSON.parse(JSON.stringify(board));
}

/** Whether two boards are the same design. */
export function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The rules object of a board file. */
function rulesFile(rules) {
  const out = { die: rules.die.trim() || "d6", finish: rules.finish, chain: rules.chain, start: rules.start };
  if (rules.bonusLimit != null && !Number.isNaN(rules.bonusLimit)) {
    out.bonus_limit = rules.bonusLimit;
  } else if (rules.bonus) {
    out.bonus = true;
  }
  if (rules.optional !== "none") {
    out.optional = rules.optional;
  }
  return out;
}

/** The values of the rule `optional`, as a board file writes them. */
const OPTIONAL = ["none", "ladders", "snakes", "all"];

/** `value` when it is one of them, else `none`: a damaged link or file shows the rule it sends. */
function optionalOf(value) {
  return OPTIONAL.includes(value) ? value : "none";
}

/**
 * The board file in the pairs form, exactly as `snl` reads it: ladders go
 * up and snakes go down, so each jump is listed by its direction (a jump
 * that starts and ends on one square is listed as a ladder, and the server
 * says what is wrong with it).
 */
export function toBoardFile(board) {
  const file = { squares: board.squares, ladders: [], snakes: [] };
  if (board.name) {
    file.name = board.name;
  }
  for (const [from, to] of board.jumps) {
    (to >= from ? file.ladders : file.snakes).push([from, to]);
  }
  file.rules = rulesFile(board.rules);
  return JSON.stringify(file);
}

/** The board from the pairs form the server returns (`input.pairs`). */
export function fromPairs(pairs, name) {
  const board = emptyBoard(pairs.squares);
  board.name = name || "";
  board.jumps = [...(pairs.ladders || []), ...(pairs.snakes || [])].map(([a, b]) => [a, b]);
  board.jumps.sort((x, y) => x[0] - y[0]);
  const r = pairs.rules || {};
  board.rules.die = r.die != null ? String(r.die) : `d${r.faces ?? 6}`;
  board.rules.finish = r.finish || "exact";
  board.rules.chain = Boolean(r.chain);
  board.rules.start = r.start === 0 ? 0 : 1;
  board.rules.bonus = Boolean(r.bonus) || r.bonus_limit != null;
  board.rules.bonusLimit = r.bonus_limit ?? null;
  board.rules.optional = optionalOf(r.optional);
  return board;
}

/** A fair die written as weights (`1,1,1,1,1,1`) reads better as `d6`. */
export function tidyDie(die) {
  const parts = die.split(",");
  if (parts.length > 1 && parts.every((p) => p.trim() === "1")) {
    return `d${parts.length}`;
  }
  return die;
}

/**
 * The URL fragment: `squares=100&jumps=1-38,16-6&die=d6&finish=exact&...`.
 * Short enough to share, and readable.
 */
export function toFragment(board) {
  const p = new URLSearchParams();
  p.set("squares", String(board.squares));
  if (board.width) {
    p.set("width", String(board.width));
  }
  p.set("jumps", board.jumps.map(([a, b]) => `${a}-${b}`).join(","));
  const r = board.rules;
  p.set("die", r.die);
  p.set("finish", r.finish);
  p.set("chain", r.chain ? "1" : "0");
  p.set("start", String(r.start));
  if (r.bonus) {
    p.set("bonus", r.bonusLimit != null ? String(r.bonusLimit) : "on");
  }
  if (r.optional !== "none") {
    p.set("optional", r.optional);
  }
  // The player's choices, which no board file holds: the link keeps them.
  if ((r.chooseDice || "").trim()) {
    p.set("dice", r.chooseDice.trim());
  }
  if (r.goal && r.goal !== "mean") {
    p.set("goal", r.goal);
  }
  if (board.name) {
    p.set("name", board.name);
  }
  return p.toString();
}

/** The board from a URL fragment, or null when it holds none. */
export function fromFragment(hash) {
  const text = hash.replace(/^#/, "");
  if (!text) {
    return null;
  }
  const p = new URLSearchParams(text);
  const squares = Number(p.get("squares"));
  if (!Number.isInteger(squares) || squares < 1) {
    return null;
  }
  const board = emptyBoard(squares);
  const width = Number(p.get("width"));
  board.width = Number.isInteger(width) && width > 0 ? width : null;
  board.jumps = (p.get("jumps") || "")
    .split(",")
    .filter((s) => s.includes("-"))
    .map((s) => s.split("-").map(Number))
    .filter(([a, b]) => Number.isInteger(a) && Number.isInteger(b));
  board.rules.die = p.get("die") || "d6";
  board.rules.finish = p.get("finish") || "exact";
  board.rules.chain = p.get("chain") === "1";
  board.rules.start = p.get("start") === "0" ? 0 : 1;
  // `bonus=on`, or `bonus=N` for a limit; anything else (`bonus=abc`) is
  // the rule without a limit, so that the rules shown are those sent.
  const bonus = p.get("bonus");
  board.rules.bonus = bonus != null;
  board.rules.bonusLimit = bonus != null && /^\d+$/.test(bonus) ? Number(bonus) : null;
  // `optional=ladders|snakes|all`; anything else is none, the rule sent.
  board.rules.optional = optionalOf(p.get("optional"));
  // `dice=d6;1,1,1,0,0,0` and `goal=within:K`, sent as they are: the
  // engine says what is wrong with them.
  board.rules.chooseDice = p.get("dice") || "";
  board.rules.goal = p.get("goal") || "mean";
  board.name = p.get("name") || "";
  return board;
}

/**
 * `x` with `digits` decimals, as `snl` prints a mean or a deviation: from
 * 10^15 up in scientific notation (`1.234568e17`), past the digits a float
 * holds.
 */
export function figure(x, digits) {
  if (Number.isFinite(x) && Math.abs(x) >= 1e15) {
    return x.toExponential(digits).replace("e+", "e");
  }
  return x.toFixed(digits);
}
