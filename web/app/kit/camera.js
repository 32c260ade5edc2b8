// The kit's board camera (docs/architecture.md §1.3, "The kit"): a board drawn as one SVG whose
// viewBox is the camera. Pan and zoom by mouse (drag, wheel), touch (drag, pinch) and keyboard
// (arrows, +/-, 0 for the whole board) change only the viewBox attribute, so a redraw that keeps the
// markup costs nothing. The camera follows the viewer (a new `follow` value, e.g. the seat the device
// was handed to, shows its `focus` area again) and brings things into view: a newly revealed box
// (a selection, a battle) off screen, and the legal targets when none of them is in sight.
//
// A renderer draws with camBoard() (its layers in board units), camTools() (zoom buttons) and
// camTwins() (one real <button data-key> per clickable board key: keyboard and screen-reader access);
// an element of the board with data-mapkey="KEY" passes its clicks to its twin, so the shell's
// selection logic applies unchanged and the board never decides legality. A click that ends a drag is
// not a choice. bench/ hooks: the pannable <svg> has data-bench="pan" (targets carry data-bench="target").
// Styles: css/kit-camera.css (a game's CSS @imports it).

import { esc } from "../i18n.js";

const cams = new Map(); // board id -> {x, y, w, h (the viewBox), W, H, home, follow, shown, targets}

const whole = (W, H) => ({ x: 0, y: 0, w: W, h: H });
const vbText = (c) => `${+c.x.toFixed(2)} ${+c.y.toFixed(2)} ${+c.w.toFixed(2)} ${+c.h.toFixed(2)}`;
const sig = (b) => (b ? vbText(b) : "");
/** A box's centre is in the camera's view. */
const inView = (c, b) => {
  const [x, y] = [b.x + b.w / 2, b.y + b.h / 2];
  return x >= c.x && x <= c.x + c.w && y >= c.y && y <= c.y + c.h;
};

function clamp(c) {
  const { W, H, minW } = c;
  const maxW = W * 1.4;
  const ratio = c.h / c.w;
  if (c.w < minW) {
    c.x += (c.w - minW) / 2;
    c.y += (c.h - minW * ratio) / 2;
    c.w = minW;
    c.h = minW * ratio;
  }
  if (c.w > maxW) {
    c.x += (c.w - maxW) / 2;
    c.y += (c.h - maxW * ratio) / 2;
    c.w = maxW;
    c.h = maxW * ratio;
  }
  // keep at least a quarter of the board in sight
  c.x = Math.min(Math.max(c.x, -c.w * 0.75), W - c.w * 0.25);
  c.y = Math.min(Math.max(c.y, -c.h * 0.75), H - c.h * 0.25);
}

/** Centre the camera on box b, zooming out (never in) until it fits, with half a cell around. */
function show(c, b) {
  const pad = Math.min(b.w, b.h) * 0.5 + 1;
  const need = Math.max((b.w + 2 * pad) / c.w, (b.h + 2 * pad) / c.h);
  if (need > 1) {
    c.w *= need;
    c.h *= need;
  }
  c.x = b.x + b.w / 2 - c.w / 2;
  c.y = b.y + b.h / 2 - c.h / 2;
}

/**
 * The camera of board `id` (W x H board units) for this draw: {x, y, w, h}. Options:
 * `focus` the box to show first and after a hand-off (default: the whole board); `follow` whose
 * board this is (a new value shows `focus` again: the viewer in hotseat); `reveal` {name: box|null},
 * each brought into view once when it changes (a selection, a battle); `targets` [box] (the legal
 * targets' cells): when the list changes and none is in view, the camera moves to show them;
 * `min` the narrowest view in board units (default a quarter of the board's shorter side).
 */
export function camera(id, W, H, o = {}) {
  let c = cams.get(id);
  const home = o.focus || whole(W, H);
  if (!c || c.W !== W || c.H !== H) {
    c = { ...home, W, H, follow: o.follow, shown: {}, targets: null };
    cams.set(id, c);
  } else if (o.follow !== undefined && o.follow !== c.follow) {
    Object.assign(c, home, { follow: o.follow, shown: {}, targets: null });
  }
  c.home = home;
  c.minW = o.min || Math.min(W, H) / 4;
  for (const [name, box] of Object.entries(o.reveal || {})) {
    if (c.shown[name] === sig(box)) continue;
    c.shown[name] = sig(box);
    if (box && !inView(c, box)) show(c, box);
  }
  if (o.targets) {
    const now = o.targets.map(sig).join(";");
    if (now !== c.targets) {
      c.targets = now;
      if (o.targets.length && !o.targets.some((b) => inView(c, b))) {
        const x0 = Math.min(...o.targets.map((b) => b.x));
        const y0 = Math.min(...o.targets.map((b) => b.y));
        show(c, {
          x: x0,
          y: y0,
          w: Math.max(...o.targets.map((b) => b.x + b.w)) - x0,
          h: Math.max(...o.targets.map((b) => b.y + b.h)) - y0,
        });
      }
    }
  }
  clamp(c);
  return c;
}

/**
 * The board's markup: an optional `under` layer (its own <svg>, own compositing layer, no pointer
 * events: a redraw that changes only what is on top does not repaint it) and the interactive <svg>
 * with `body`, both in board units and sharing the camera. `cls`/`underCls` add the game's classes,
 * `attrs` more attributes (e.g. data-testid), `label` the board's accessible name.
 */
export function camBoard(id, cam, { body, under = "", label = "", cls = "", underCls = "", attrs = "" }) {
  const vb = vbText(cam);
  const home =
    cam.home && sig(cam.home) !== sig(whole(cam.W, cam.H)) ? ` data-focus="${vbText(cam.home)}"` : "";
  const moved = ` data-moved="${cam.moved || 0}"`; // see apply()
  return (
    `<div class="kit-cambox">` +
    (under
      ? `<svg class="kit-cam-under ${underCls}" viewBox="${vb}"${moved} preserveAspectRatio="xMidYMid meet" aria-hidden="true" focusable="false">${under}</svg>`
      : "") +
    `<svg class="kit-cam ${cls}" data-cam="${esc(id)}" data-bench="pan" viewBox="${vb}" data-mapw="${cam.W}" data-maph="${cam.H}"${home}${moved}` +
    ` data-zoom="${(cam.W / cam.w).toFixed(3)}" preserveAspectRatio="xMidYMid meet" tabindex="0" role="img" aria-label="${esc(label)}" focusable="true"${attrs ? ` ${attrs}` : ""}>` +
    body +
    `</svg></div>`
  );
}

/** Zoom buttons for board `id`: labels {in, out, fit, home?} (the "home" button shows the viewer's area). */
export function camTools(id, labels, extra = "") {
  const b = (z, text, aria) =>
    `<button type="button" class="btn small" data-cam="${esc(id)}" data-cam-zoom="${z}"${aria ? ` aria-label="${esc(aria)}" title="${esc(aria)}"` : ""}>${esc(text)}</button>`;
  return (
    `<div class="kit-cam-tools">${b("in", "+", labels.in)}${b("out", "−", labels.out)}${b("fit", labels.fit)}` +
    (labels.home ? b("home", labels.home) : "") +
    extra +
    `</div>`
  );
}

/** The twins of the board's clickable keys: [[key, label]] -> visually hidden buttons (shown on focus). */
export function camTwins(items, groupLabel) {
  if (!items.length) return "";
  return (
    `<div class="kit-twins" role="group" aria-label="${esc(groupLabel)}">` +
    items
      .map(
        ([k, label]) =>
          `<button type="button" class="twin" data-key="${esc(k)}" data-testid="map-target">${esc(label)}</button>`,
      )
      .join("") +
    `</div>`
  );
}

// ------------------------------------------------------------------------------------- moving

const camOf = (svg) =>
  cams.get(svg.dataset.cam) || camera(svg.dataset.cam, +svg.dataset.mapw, +svg.dataset.maph);

function apply(svg, c) {
  // the live viewBox now differs from the markup last drawn: count it, so that the next draw's open
  // tags differ from the last ones and a patch (app/morph.js skips an element whose markup is the same
  // string as last time) sets the viewBox the camera computes, e.g. a reset to the next seat's area
  c.moved = (c.moved || 0) + 1;
  const vb = vbText(c);
  svg.setAttribute("viewBox", vb);
  svg.dataset.zoom = (c.W / c.w).toFixed(3);
  for (const under of svg.parentElement ? svg.parentElement.querySelectorAll("svg.kit-cam-under") : [])
    under.setAttribute("viewBox", vb);
}

/** Board units per CSS pixel of the drawn board (the viewBox is fitted with "meet"). */
function unitsPerPx(svg, c) {
  const r = svg.getBoundingClientRect();
  return Math.max(c.w / Math.max(1, r.width), c.h / Math.max(1, r.height));
}

/** Pan by CSS pixels. */
function panBy(svg, dxPx, dyPx) {
  const c = camOf(svg);
  const u = unitsPerPx(svg, c);
  c.x -= dxPx * u;
  c.y -= dyPx * u;
  clamp(c);
  apply(svg, c);
}

/** Zoom by `factor` (>1 zooms in) around a client point (default: the centre); that point stays put. */
function zoomBy(svg, factor, clientX, clientY) {
  const c = camOf(svg);
  const r = svg.getBoundingClientRect();
  const u = unitsPerPx(svg, c);
  // the drawn area's top-left (letterboxed by "meet") and the board point under the pointer
  const ox = c.x + c.w / 2 - (r.width * u) / 2;
  const oy = c.y + c.h / 2 - (r.height * u) / 2;
  const px = ox + ((clientX ?? r.left + r.width / 2) - r.left) * u;
  const py = oy + ((clientY ?? r.top + r.height / 2) - r.top) * u;
  const f = 1 / factor;
  const nw = c.w * f;
  const nh = c.h * f;
  c.x = px - f * (px - ox) + (r.width * u * f) / 2 - nw / 2;
  c.y = py - f * (py - oy) + (r.height * u * f) / 2 - nh / 2;
  c.w = nw;
  c.h = nh;
  clamp(c);
  apply(svg, c);
}

/** The whole board. */
function resetCamera(svg) {
  const c = camOf(svg);
  Object.assign(c, whole(c.W, c.H));
  apply(svg, c);
}

/** The focus area (the viewer's own), else the whole board. */
function focusCamera(svg) {
  const c = camOf(svg);
  Object.assign(c, c.home || whole(c.W, c.H));
  apply(svg, c);
}

// ------------------------------------------------------------------------------------- input

const CAM = "svg.kit-cam";
const pointers = new Map(); // pointerId -> {x, y}
let drag = null; // {svg, moved, startX, startY, pinch: {d, mx, my} | null}
let swallowClick = false;

function onPointerDown(e) {
  const svg = e.target.closest && e.target.closest(CAM);
  if (!svg || (e.pointerType === "mouse" && e.button !== 0)) return;
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (!drag || drag.svg !== svg)
    drag = { svg, moved: false, pinch: null, startX: e.clientX, startY: e.clientY };
  if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    drag.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
    drag.moved = true;
  }
}

function onPointerMove(e) {
  if (!drag || !pointers.has(e.pointerId)) return;
  const prev = pointers.get(e.pointerId);
  const cur = { x: e.clientX, y: e.clientY };
  pointers.set(e.pointerId, cur);
  if (pointers.size >= 2 && drag.pinch) {
    const [a, b] = [...pointers.values()];
    const d = Math.hypot(a.x - b.x, a.y - b.y);
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    if (drag.pinch.d > 0 && d > 0) zoomBy(drag.svg, d / drag.pinch.d, mx, my);
    panBy(drag.svg, mx - drag.pinch.mx, my - drag.pinch.my);
    drag.pinch = { d, mx, my };
    e.preventDefault();
    return;
  }
  if (!drag.moved && Math.hypot(cur.x - drag.startX, cur.y - drag.startY) < 5) return;
  const from = drag.moved ? prev : { x: drag.startX, y: drag.startY };
  drag.moved = true;
  panBy(drag.svg, cur.x - from.x, cur.y - from.y);
  e.preventDefault();
}

function onPointerUp(e) {
  if (!pointers.has(e.pointerId)) return;
  pointers.delete(e.pointerId);
  if (drag && pointers.size === 0) {
    if (drag.moved) swallowClick = true; // the click that ends a drag is not a choice
    setTimeout(() => {
      swallowClick = false;
    }, 0);
    drag = null;
  } else if (drag && pointers.size === 1) {
    drag.pinch = null;
  }
}

function onClick(e) {
  const zoom = e.target.closest && e.target.closest("[data-cam-zoom]");
  if (zoom) {
    const svg = document.querySelector(`${CAM}[data-cam="${CSS.escape(zoom.dataset.cam)}"]`);
    const z = zoom.dataset.camZoom;
    if (!svg) return;
    if (z === "in") zoomBy(svg, 1.3);
    else if (z === "out") zoomBy(svg, 1 / 1.3);
    else if (z === "home") focusCamera(svg);
    else resetCamera(svg);
    return;
  }
  const hit = e.target.closest && e.target.closest(`${CAM} [data-mapkey]`);
  if (!hit) return;
  if (swallowClick) {
    swallowClick = false;
    e.stopPropagation();
    return;
  }
  const board = hit.closest("[data-testid=board]") || document;
  const twin = board.querySelector(`button[data-key="${CSS.escape(hit.getAttribute("data-mapkey"))}"]`);
  if (twin) twin.click();
}

function onWheel(e) {
  const svg = e.target.closest && e.target.closest(CAM);
  if (!svg) return;
  e.preventDefault();
  const f = Math.exp(-Math.max(-300, Math.min(300, e.deltaY * (e.deltaMode === 1 ? 16 : 1))) / 300);
  zoomBy(svg, f, e.clientX, e.clientY);
}

function onKey(e) {
  const svg = e.target.closest && e.target.closest(CAM);
  if (!svg || e.ctrlKey || e.metaKey || e.altKey) return;
  const r = svg.getBoundingClientRect();
  const step = Math.min(r.width, r.height) * 0.15;
  const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
  if (moves[e.key]) panBy(svg, ...moves[e.key]);
  else if (e.key === "+" || e.key === "=") zoomBy(svg, 1.25);
  else if (e.key === "-" || e.key === "_") zoomBy(svg, 0.8);
  else if (e.key === "0") resetCamera(svg);
  else return;
  e.preventDefault();
}

let installed = false;
/** Listeners on the document, once (delegated: the shell rewrites the board's markup, they stay). */
export function installCamera() {
  if (installed || typeof document === "undefined") return;
  installed = true;
  document.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove, { passive: false });
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", onPointerUp);
  document.addEventListener("click", onClick, true);
  document.addEventListener("wheel", onWheel, { passive: false });
  document.addEventListener("keydown", onKey);
}
