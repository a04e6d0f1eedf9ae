// The board editor: the picture the server drew, and a transparent layer
// over it that follows the mouse. Press on a square and release on another
// to add a jump; click a jump to select it; drag a handle to move one end.
//
// The server says where the squares are (`layout`: the grid's corner and a
// square's side, in the picture's pixels); squares wind up from the
// bottom-left, every other row right to left, as `snl render` draws them.

const SVG = "http://www.w3.org/2000/svg";

/** The square under a point of the picture, or null. */
export function squareAt(layout, squares, x, y) {
  const col = Math.floor((x - layout.left) / layout.cell);
  const row = Math.floor((y - layout.top) / layout.cell);
  if (col < 0 || col >= layout.columns || row < 0 || row >= layout.rows) {
    return null;
  }
  const fromBottom = layout.rows - 1 - row;
  const c = fromBottom % 2 === 1 ? layout.columns - 1 - col : col;
  const s = fromBottom * layout.columns + c + 1;
  return s <= squares ? s : null;
}

/** The centre of a square, in the picture's pixels. */
export function centre(layout, s) {
  const i = s - 1;
  const fromBottom = Math.floor(i / layout.columns);
  let col = i % layout.columns;
  if (fromBottom % 2 === 1) {
    col = layout.columns - 1 - col;
  }
  const row = layout.rows - 1 - fromBottom;
  return { x: layout.left + (col + 0.5) * layout.cell, y: layout.top + (row + 0.5) * layout.cell };
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, String(v));
  }
  if (parent) {
    parent.appendChild(e);
  }
  return e;
}

/**
 * The editor over `#board` and `#overlay`. `hooks.add(from, to)`,
 * `hooks.move(index, from, to)` and `hooks.select(index or null)` report
 * what the person did; the editor changes nothing itself.
 */
export class Editor {
  constructor(boardEl, overlayEl, hooks) {
    this.boardEl = boardEl;
    this.overlay = overlayEl;
    this.hooks = hooks;
    this.layout = null;
    this.squares = 0;
    this.jumps = [];
    this.selected = null;
    this.problems = [];
    /** A step's marks (steps.js): [{square, cls, strength}]. */
    this.marks = [];
    /** The squares aimed at (target.js), outlined. */
    this.aims = [];
    /** While squares are picked for a target, what a click on one calls; else null. */
    this.picking = null;
    this.drag = null;
    this.hover = null;
    overlayEl.addEventListener("pointerdown", (e) => this.down(e));
    overlayEl.addEventListener("pointermove", (e) => this.moveTo(e));
    overlayEl.addEventListener("pointerup", (e) => this.up(e));
    overlayEl.addEventListener("pointercancel", () => this.cancel());
    overlayEl.addEventListener("pointerleave", () => {
      this.hover = null;
      this.paint();
    });
  }

  /** Shows a new picture: its SVG text, where its squares are, the jumps. */
  show(svgText, layout, squares, jumps) {
    this.boardEl.innerHTML = svgText;
    this.layout = layout;
    this.squares = squares;
    this.setJumps(jumps);
    const { width, height } = layout;
    this.overlay.setAttribute("viewBox", `0 0 ${width} ${height}`);
    this.boardEl.classList.remove("stale");
    this.paint();
  }

  /** The jumps as the page holds them (which may differ from the picture). */
  setJumps(jumps) {
    this.jumps = jumps.map((j) => [...j]);
    this.paint();
  }

  /** Marks the picture as out of date (the board is not playable). */
  stale(problemSquares) {
    this.boardEl.classList.add("stale");
    this.problems = problemSquares;
    this.paint();
  }

  /** Shows a step of an analysis on the squares. */
  setMarks(marks) {
    this.marks = marks;
    this.paint();
  }

  /** Outlines the squares aimed at (the Aim panel). */
  setAims(squares) {
    this.aims = squares;
    this.paint();
  }

  /** Hands a click on a square to `handler(square)` instead of editing, or (null) editing again. */
  pick(handler) {
    this.picking = handler;
    this.drag = null;
    this.paint();
  }

  setProblems(squares) {
    this.problems = squares;
    this.paint();
  }

  select(index) {
    this.selected = index;
    this.paint();
  }

  /** The point of the picture under a mouse event. */
  point(e) {
    const svg = this.boardEl.querySelector("svg");
    if (!svg || !this.layout) {
      return null;
    }
    const box = svg.getBoundingClientRect();
    return {
      x: ((e.clientX - box.left) / box.width) * this.layout.width,
      y: ((e.clientY - box.top) / box.height) * this.layout.height,
    };
  }

  squareOf(e) {
    const p = this.point(e);
    return p && squareAt(this.layout, this.squares, p.x, p.y);
  }

  /** The handle (an end of the selected jump) under a point, if any. */
  handleAt(p) {
    if (this.selected == null || !this.jumps[this.selected]) {
      return null;
    }
    const r = Math.max(this.layout.cell * 0.32, 7);
    const ends = this.jumps[this.selected];
    for (const end of [0, 1]) {
      const s = ends[end];
      if (s < 1 || s > this.squares) {
        continue;
      }
      const c = centre(this.layout, s);
      if (Math.hypot(c.x - p.x, c.y - p.y) <= r) {
        return end;
      }
    }
    return null;
  }

  down(e) {
    if (e.button !== 0) {
      return;
    }
    const p = this.point(e);
    if (!p) {
      return;
    }
    if (this.picking) {
      const s = squareAt(this.layout, this.squares, p.x, p.y);
      if (s != null) {
        e.preventDefault();
        this.picking(s);
      }
      return;
    }
    const handle = this.handleAt(p);
    const from = squareAt(this.layout, this.squares, p.x, p.y);
    if (handle == null && from == null) {
      return;
    }
    e.preventDefault();
    this.overlay.setPointerCapture(e.pointerId);
    this.drag = { from, handle, start: p, at: p, target: from, moved: false };
    this.paint();
  }

  moveTo(e) {
    const p = this.point(e);
    if (!p) {
      return;
    }
    const s = squareAt(this.layout, this.squares, p.x, p.y);
    if (this.drag) {
      this.drag.at = p;
      this.drag.target = s;
      if (Math.hypot(p.x - this.drag.start.x, p.y - this.drag.start.y) > 4) {
        this.drag.moved = true;
      }
    }
    this.hover = s;
    this.paint();
  }

  up(e) {
    const d = this.drag;
    if (!d) {
      return;
    }
    this.drag = null;
    const to = this.squareOf(e);
    if (d.handle != null) {
      if (to != null && d.moved) {
        const [a, b] = this.jumps[this.selected];
        const next = d.handle === 0 ? [to, b] : [a, to];
        if (next[0] !== next[1] && (next[0] !== a || next[1] !== b)) {
          this.hooks.move(this.selected, next[0], next[1]);
        }
      }
      this.paint();
      return;
    }
    if (d.moved && to != null && to !== d.from) {
      this.hooks.add(d.from, to);
    } else if (!d.moved || to === d.from) {
      this.hooks.select(this.jumpAt(e, d.from));
    }
    this.paint();
  }

  cancel() {
    this.drag = null;
    this.paint();
  }

  /** The jump a click means: one drawn under the pointer, else one that starts (or ends) on the square. */
  jumpAt(e, square) {
    const under = document.elementsFromPoint(e.clientX, e.clientY);
    for (const node of under) {
      const t = node.closest && node.closest("g")?.querySelector(":scope > title");
      const m = t && /^(ladder|snake) (\d+) to (\d+)$/.exec(t.textContent);
      if (m) {
        const i = this.jumps.findIndex(([a, b]) => a === Number(m[2]) && b === Number(m[3]));
        if (i >= 0) {
          return i;
        }
      }
    }
    let i = this.jumps.findIndex(([a]) => a === square);
    if (i < 0) {
      i = this.jumps.findIndex(([, b]) => b === square);
    }
    return i >= 0 ? i : null;
  }

  /** Redraws the layer: problems, the selection and its handles, the drag. */
  paint() {
    const o = this.overlay;
    o.replaceChildren();
    const L = this.layout;
    if (!L) {
      return;
    }
    const c = L.cell;
    const box = (s, cls) => {
      if (s < 1 || s > this.squares) {
        return;
      }
      const m = centre(L, s);
      el("rect", { x: m.x - c / 2 + 1.5, y: m.y - c / 2 + 1.5, width: c - 3, height: c - 3, rx: 4, class: cls }, o);
    };
    for (const m of this.marks) {
      if (m.square < 1 || m.square > this.squares) {
        continue;
      }
      const at = centre(L, m.square);
      const attrs = { x: at.x - c / 2 + 1, y: at.y - c / 2 + 1, width: c - 2, height: c - 2, rx: 3, class: `mark ${m.cls}` };
      if (m.strength != null) {
        attrs["fill-opacity"] = (0.1 + 0.75 * m.strength).toFixed(3);
      }
      el("rect", attrs, o);
    }
    for (const s of this.aims) {
      box(s, "aim");
    }
    for (const s of this.problems) {
      box(s, "problem");
    }
    if (this.hover != null && !this.drag) {
      box(this.hover, "hover");
    }
    const sel = this.selected != null ? this.jumps[this.selected] : null;
    if (sel) {
      const [a, b] = sel;
      if (a >= 1 && a <= this.squares && b >= 1 && b <= this.squares) {
        const p = centre(L, a);
        const q = centre(L, b);
        el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: "selected-line" }, o);
      }
      for (const [s, cls] of [[a, "handle from"], [b, "handle to"]]) {
        if (s >= 1 && s <= this.squares) {
          const m = centre(L, s);
          el("circle", { cx: m.x, cy: m.y, r: Math.max(c * 0.24, 6), class: cls }, o);
        }
      }
    }
    const d = this.drag;
    if (d && d.moved) {
      let p;
      if (d.handle != null) {
        const other = this.jumps[this.selected][1 - d.handle];
        p = centre(L, other);
      } else {
        p = centre(L, d.from);
      }
      const q = d.target != null ? centre(L, d.target) : d.at;
      const fromSq = d.handle != null ? this.jumps[this.selected][1 - d.handle] : d.from;
      let kind = "rubber";
      if (d.target != null) {
        const up = d.handle === 0 ? fromSq > d.target : d.target > fromSq;
        kind += up ? " up" : " down";
      }
      if (d.target != null) {
        box(d.target, "target");
      }
      el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: kind }, o);
      el("circle", { cx: q.x, cy: q.y, r: Math.max(c * 0.12, 4), class: kind }, o);
    }
  }
}
