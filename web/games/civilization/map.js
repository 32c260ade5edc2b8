// The Civilization map as one SVG, drawn from the view only (render.js calls mapSVG), and its camera:
// pan and zoom by mouse (drag, wheel), touch (drag, pinch) and keyboard (arrows, +/-, 0) change only
// the <svg>'s viewBox attribute. Clicks on squares and figures go to the hidden <button data-key>
// twins that render.js draws for every clickable map key, so the shell's selection logic (one
// candidate plays, several narrow the list) applies unchanged; the map never decides legality.
// bench/ hooks: clickable squares carry data-bench="target", the pannable <svg> data-bench="pan".

import { esc } from "../../app/i18n.js";

export const S = 10; // one square, in SVG units

const TERRAIN_FILL = { water: "#6ea8d8", grassland: "#9ccc78", forest: "#3f8a48", mountain: "#a3978b", desert: "#e6d293" };
const ICON_ORDER = ["trade", "production", "culture", "coin"];

/** Symbols used by <use>: defined once per map (inline, so nothing is fetched). */
const DEFS = `<defs>
<symbol id="ci-trade" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4.4" fill="#fff8e1" stroke="#6d4c00" stroke-width=".8"/><path d="M2.4 4h4.8l-1.4-1.4M7.6 6H2.8l1.4 1.4" fill="none" stroke="#6d4c00" stroke-width=".9"/></symbol>
<symbol id="ci-production" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4.4" fill="#fbe9e7" stroke="#5d4037" stroke-width=".8"/><path d="M3 3.2h4.2v1.6H3zM4.6 4.8h1v3h-1z" fill="#5d4037"/></symbol>
<symbol id="ci-culture" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4.4" fill="#ede7f6" stroke="#4a148c" stroke-width=".8"/><path d="M5 2.2l2.6 1.6H2.4zM3 4.3h.9v2.6H3zM4.55 4.3h.9v2.6h-.9zM6.1 4.3H7v2.6h-.9zM2.4 7.2h5.2v.8H2.4z" fill="#4a148c"/></symbol>
<symbol id="ci-coin" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4.4" fill="#f2c230" stroke="#7a5a00" stroke-width=".8"/><circle cx="5" cy="5" r="2.2" fill="none" stroke="#7a5a00" stroke-width=".7"/></symbol>
<symbol id="ci-wheat" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="2" fill="#fff3c4" stroke="#8a6d00" stroke-width=".6"/><path d="M5 8.6V3.2" stroke="#8a6d00" stroke-width=".7"/><ellipse cx="5" cy="2.6" rx=".9" ry="1.4" fill="#c99400"/><ellipse cx="3.8" cy="4.6" rx=".8" ry="1.3" transform="rotate(-35 3.8 4.6)" fill="#c99400"/><ellipse cx="6.2" cy="4.6" rx=".8" ry="1.3" transform="rotate(35 6.2 4.6)" fill="#c99400"/></symbol>
<symbol id="ci-silk" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="2" fill="#fce4ec" stroke="#ad1457" stroke-width=".6"/><path d="M2 3.5c2-1.5 4 1.5 6 0M2 5.5c2-1.5 4 1.5 6 0M2 7.5c2-1.5 4 1.5 6 0" fill="none" stroke="#ad1457" stroke-width=".8"/></symbol>
<symbol id="ci-incense" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="2" fill="#f3e5f5" stroke="#6a1b9a" stroke-width=".6"/><path d="M3 8h4l-.6-2H3.6z" fill="#6a1b9a"/><path d="M5 5.6c-1-1 1-2 0-3.2" fill="none" stroke="#6a1b9a" stroke-width=".6"/></symbol>
<symbol id="ci-iron" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="2" fill="#eceff1" stroke="#37474f" stroke-width=".6"/><path d="M2.2 7.4l1.2-3.6h3.2l1.2 3.6z" fill="#546e7a"/></symbol>
<symbol id="ci-spy" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="2" fill="#e0e0e0" stroke="#212121" stroke-width=".6"/><path d="M2.4 5.4h5.2M3 5.4l.8-2.4h2.4l.8 2.4" fill="none" stroke="#212121" stroke-width=".8"/></symbol>
<symbol id="ci-uranium" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="2" fill="#e8f5e9" stroke="#1b5e20" stroke-width=".6"/><circle cx="5" cy="5" r="1" fill="#1b5e20"/><path d="M5 5L3 2h4zM5 5l3.4.4-1.8 3zM5 5L3.4 8.4 1.6 5.4z" fill="#1b5e20"/></symbol>
<symbol id="ci-hut" viewBox="0 0 10 10"><path d="M1 6l4-4.4L9 6z" fill="#8d6e63" stroke="#3e2723" stroke-width=".6"/><rect x="2.2" y="6" width="5.6" height="3.2" fill="#bcaaa4" stroke="#3e2723" stroke-width=".6"/></symbol>
<symbol id="ci-village" viewBox="0 0 10 10"><path d="M.6 6.4L3.4 3.4l2.8 3zM3.8 5.8L6.8 2.4l2.8 3.4z" fill="#b71c1c" stroke="#3e0000" stroke-width=".5"/><rect x="1.2" y="6.4" width="4.4" height="2.8" fill="#ef9a9a" stroke="#3e0000" stroke-width=".5"/><rect x="4.6" y="5.8" width="4.4" height="3.4" fill="#ef9a9a" stroke="#3e0000" stroke-width=".5"/></symbol>
<symbol id="ci-army" viewBox="0 0 10 10"><path d="M2 9.4V1.2" stroke="#111" stroke-width=".9"/><path d="M2.3 1.4h6.2l-1.6 2 1.6 2H2.3z" fill="currentColor" stroke="#111" stroke-width=".6"/><ellipse cx="3.6" cy="9.1" rx="2.6" ry=".8" fill="#111" opacity=".5"/></symbol>
<symbol id="ci-scout" viewBox="0 0 10 10"><circle cx="5" cy="3.2" r="2" fill="currentColor" stroke="#111" stroke-width=".6"/><path d="M1.6 9.4c.4-3 1.6-4 3.4-4s3 1 3.4 4z" fill="currentColor" stroke="#111" stroke-width=".6"/></symbol>
<symbol id="ci-building" viewBox="0 0 10 10"><rect x="1.4" y="3" width="7.2" height="6" fill="#fff" stroke="#333" stroke-width=".7"/><path d="M1 3.2L5 .8l4 2.4z" fill="#795548"/><rect x="4.2" y="6" width="1.6" height="3" fill="#795548"/></symbol>
<symbol id="ci-wonder" viewBox="0 0 10 10"><path d="M5 .6l4.2 2.6H.8z" fill="#f0b400" stroke="#6d4c00" stroke-width=".5"/><rect x="1.6" y="3.6" width="1.2" height="4.4" fill="#f0b400"/><rect x="4.4" y="3.6" width="1.2" height="4.4" fill="#f0b400"/><rect x="7.2" y="3.6" width="1.2" height="4.4" fill="#f0b400"/><rect x=".8" y="8.2" width="8.4" height="1.2" fill="#6d4c00"/></symbol>
<symbol id="ci-gp" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4.6" fill="#fff" stroke="#6a1b9a" stroke-width=".7"/><path d="M5 1.8l.9 2.1 2.2.2-1.7 1.5.5 2.2L5 6.6 3.1 7.8l.5-2.2-1.7-1.5 2.2-.2z" fill="#6a1b9a"/></symbol>
<symbol id="ci-city" viewBox="0 0 10 10"><path d="M1 9.2V4.4l2.2-1.6 2.2 1.6V2.6l1.8-1.4L9 2.6v6.6z" fill="currentColor" stroke="#111" stroke-width=".7"/><rect x="2.4" y="6" width="1.4" height="3.2" fill="#fff"/><rect x="6.4" y="4.4" width="1.2" height="1.4" fill="#fff"/></symbol>
<symbol id="ci-star" viewBox="0 0 10 10"><path d="M5 .6l1.3 2.9 3.1.3-2.4 2.1.7 3.1L5 7.4 2.3 9l.7-3.1L.6 3.8l3.1-.3z" fill="#ffd54f" stroke="#6d4c00" stroke-width=".6"/></symbol>
<pattern id="cp-hatch" width="2.4" height="2.4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="1" height="2.4" fill="#b3261e" opacity=".55"/></pattern>
<pattern id="cp-unknown" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="#4b4f58"/><path d="M0 4L4 0" stroke="#5d626c" stroke-width=".8"/></pattern>
</defs>`;

// ------------------------------------------------------------------------------------- camera

const cams = new Map(); // map size "w x h" -> {x, y, w, h} (the viewBox, in SVG units)
const shown = { sel: null, battle: null }; // the selected square and battle square last brought into view
const MIN_W = 3 * S;

function fitted(W, H) {
  return { x: 0, y: 0, w: W, h: H };
}

/** The current viewBox of a map of W x H units (on first use: `first`, e.g. the viewer's area, else the whole map). */
export function camera(W, H, first) {
  const k = `${W}x${H}`;
  if (!cams.has(k)) cams.set(k, first ? { ...first } : fitted(W, H));
  return cams.get(k);
}

/** Show the box {x, y, w, h} (SVG units) kept in the svg's data-focus (the viewer's own area). */
export function focusCamera(svg) {
  const f = (svg.dataset.focus || "").split(" ").map(Number);
  if (f.length !== 4 || f.some((x) => !Number.isFinite(x))) return resetCamera(svg);
  Object.assign(camOf(svg), { x: f[0], y: f[1], w: f[2], h: f[3] });
  apply(svg, camOf(svg));
}

const vbText = (c) => `${+c.x.toFixed(2)} ${+c.y.toFixed(2)} ${+c.w.toFixed(2)} ${+c.h.toFixed(2)}`;

function clampCam(c, W, H) {
  const maxW = W * 1.4;
  const ratio = c.h / c.w;
  if (c.w < MIN_W) { c.x += (c.w - MIN_W) / 2; c.y += (c.h - MIN_W * ratio) / 2; c.w = MIN_W; c.h = MIN_W * ratio; }
  if (c.w > maxW) { c.x += (c.w - maxW) / 2; c.y += (c.h - maxW * ratio) / 2; c.w = maxW; c.h = maxW * ratio; }
  // keep at least a quarter of the map in sight
  c.x = Math.min(Math.max(c.x, -c.w * 0.75), W - c.w * 0.25);
  c.y = Math.min(Math.max(c.y, -c.h * 0.75), H - c.h * 0.25);
}

function apply(svg, c) {
  const vb = vbText(c);
  svg.setAttribute("viewBox", vb);
  svg.dataset.zoom = (+svg.dataset.mapw / c.w).toFixed(3);
  const under = svg.previousElementSibling; // the terrain's own <svg>, drawn under this one
  if (under && under.classList.contains("civ-terrain")) under.setAttribute("viewBox", vb);
}

function camOf(svg) {
  return camera(+svg.dataset.mapw, +svg.dataset.maph);
}

/** Units per CSS pixel of the drawn map (the viewBox is fitted with "meet"). */
function unitsPerPx(svg, c) {
  const r = svg.getBoundingClientRect();
  return Math.max(c.w / Math.max(1, r.width), c.h / Math.max(1, r.height));
}

/** The SVG point under a client point. */
function toMap(svg, c, clientX, clientY) {
  const r = svg.getBoundingClientRect();
  const u = unitsPerPx(svg, c);
  const ox = c.x + c.w / 2 - (r.width * u) / 2;
  const oy = c.y + c.h / 2 - (r.height * u) / 2;
  return { x: ox + (clientX - r.left) * u, y: oy + (clientY - r.top) * u };
}

/** Pan by CSS pixels. */
export function panBy(svg, dxPx, dyPx) {
  const c = camOf(svg);
  const u = unitsPerPx(svg, c);
  c.x -= dxPx * u;
  c.y -= dyPx * u;
  clampCam(c, +svg.dataset.mapw, +svg.dataset.maph);
  apply(svg, c);
}

/** Zoom by `factor` (>1 zooms in) around a client point (default: the centre). */
export function zoomBy(svg, factor, clientX, clientY) {
  const c = camOf(svg);
  const r = svg.getBoundingClientRect();
  const p = toMap(svg, c, clientX ?? r.left + r.width / 2, clientY ?? r.top + r.height / 2);
  const u = unitsPerPx(svg, c);
  const f = 1 / factor;
  // the drawn area's top-left (letterboxed by "meet") keeps p under the pointer
  const ox = c.x + c.w / 2 - (r.width * u) / 2;
  const oy = c.y + c.h / 2 - (r.height * u) / 2;
  const nox = p.x - f * (p.x - ox);
  const noy = p.y - f * (p.y - oy);
  const nw = c.w * f;
  const nh = c.h * f;
  c.x = nox + (r.width * u * f) / 2 - nw / 2;
  c.y = noy + (r.height * u * f) / 2 - nh / 2;
  c.w = nw;
  c.h = nh;
  clampCam(c, +svg.dataset.mapw, +svg.dataset.maph);
  apply(svg, c);
}

export function resetCamera(svg) {
  const W = +svg.dataset.mapw;
  const H = +svg.dataset.maph;
  Object.assign(camOf(svg), fitted(W, H));
  apply(svg, camOf(svg));
}

// ------------------------------------------------------------------------------------- input

const pointers = new Map(); // pointerId -> {x, y}
let drag = null; // {svg, moved, pinch: {d, mx, my} | null}
let swallowClick = false;

function onPointerDown(e) {
  const svg = e.target.closest && e.target.closest("svg.civ-map");
  if (!svg || (e.pointerType === "mouse" && e.button !== 0)) return;
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (!drag || drag.svg !== svg) drag = { svg, moved: false, pinch: null, startX: e.clientX, startY: e.clientY };
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
    setTimeout(() => { swallowClick = false; }, 0);
    drag = null;
  } else if (drag && pointers.size === 1) {
    drag.pinch = null;
  }
}

function onClick(e) {
  const hit = e.target.closest && e.target.closest("svg.civ-map [data-mapkey]");
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
  const svg = e.target.closest && e.target.closest("svg.civ-map");
  if (!svg) return;
  e.preventDefault();
  const f = Math.exp(-Math.max(-300, Math.min(300, e.deltaY * (e.deltaMode === 1 ? 16 : 1))) / 300);
  zoomBy(svg, f, e.clientX, e.clientY);
}

function onKey(e) {
  const svg = e.target.closest && e.target.closest("svg.civ-map");
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
/** Listeners on the document (delegated: the map's markup is rewritten by the shell, they stay). */
export function installMapInput() {
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

// ------------------------------------------------------------------------------------- drawing

const terrainCache = { key: "", svg: "", tiles: null, squares: null };

function iconRow(sq, x, y) {
  const parts = [];
  let i = 0;
  for (const k of ICON_ORDER) {
    const n = sq[k] || 0;
    if (!n) continue;
    const ix = x + 0.4 + i * 3.1;
    parts.push(`<use href="#ci-${k}" x="${ix.toFixed(1)}" y="${y + 6.6}" width="3" height="3"/>`);
    if (n > 1) parts.push(`<text class="ic-n" x="${(ix + 2.9).toFixed(1)}" y="${y + 9.6}">${n}</text>`);
    i += n > 1 ? 1.35 : 1;
  }
  if (sq.resource) parts.push(`<use href="#ci-${esc(sq.resource)}" x="${x + 0.5}" y="${y + 0.5}" width="3.4" height="3.4"/>`);
  return parts.join("");
}

/** The static layer (terrain, icons, tile borders, face-down tiles): rebuilt only when the map changes. */
function terrainLayer(map) {
  // the same lists as last time (a reply whose map did not change keeps the held view's): no key to build
  if (map.tiles === terrainCache.tiles && map.squares === terrainCache.squares) return terrainCache.svg;
  const key = JSON.stringify([map.tiles, map.squares]); // no words in it (face-down tiles' titles are on the map above)
  terrainCache.tiles = map.tiles;
  terrainCache.squares = map.squares;
  if (key === terrainCache.key) return terrainCache.svg;
  const out = [];
  const { w } = map;
  map.squares.forEach((sq, i) => {
    if (!sq) return;
    const x = (i % w) * S;
    const y = Math.floor(i / w) * S;
    out.push(`<rect class="sq t-${esc(sq.terrain)}" x="${x}" y="${y}" width="${S}" height="${S}" fill="${TERRAIN_FILL[sq.terrain] || "#ccc"}"/>`);
    if (sq.disaster) out.push(`<rect x="${x + 0.6}" y="${y + 0.6}" width="${S - 1.2}" height="${S - 1.2}" fill="none" stroke="#5d4037" stroke-dasharray="1 .8" stroke-width=".5"/>`);
    out.push(iconRow(sq, x, y));
  });
  for (const tile of map.tiles) {
    const x = tile.x * 4 * S;
    const y = tile.y * 4 * S;
    if (!tile.up) {
      out.push(`<g class="facedown"><rect x="${x}" y="${y}" width="${4 * S}" height="${4 * S}" fill="url(#cp-unknown)"/>`
        + `<text class="q" x="${x + 2 * S}" y="${y + 2.6 * S}">?</text></g>`);
    }
    const home = tile.home != null ? ` seat-${tile.home} home` : "";
    out.push(`<rect class="tile-edge${home}" x="${x}" y="${y}" width="${4 * S}" height="${4 * S}"/>`);
  }
  terrainCache.key = key;
  terrainCache.svg = out.join("");
  return terrainCache.svg;
}

/**
 * The map's markup. `o`: {view, t, pick, names, hot: Map sq -> "reach"|"pick"|"sel", selSq, stackKey(sq),
 * sqLabel(sq), itemName(item)}. Everything clickable carries data-mapkey (its twin button is in the board).
 */
export function mapSVG(o) {
  const { view, t } = o;
  const map = view.map;
  const W = map.w * S;
  const H = map.h * S;
  const focus = o.focus ? { x: o.focus.x * S, y: o.focus.y * S, w: o.focus.w * S, h: o.focus.h * S } : null;
  const cam = camera(W, H, focus);
  // a newly selected stack or a new battle off screen: centre the camera on it (once, so panning stays free)
  for (const [k, sq] of [["sel", o.selSq], ["battle", o.battleSq]]) {
    if (sq == null || sq < 0 || shown[k] === sq) { shown[k] = sq; continue; }
    shown[k] = sq;
    const cx = (sq % map.w) * S + S / 2;
    const cy = Math.floor(sq / map.w) * S + S / 2;
    if (cx < cam.x || cx > cam.x + cam.w || cy < cam.y || cy > cam.y + cam.h) {
      cam.x = cx - cam.w / 2;
      cam.y = cy - cam.h / 2;
      clampCam(cam, W, H);
    }
  }
  const xy = (sq) => [(sq % map.w) * S, Math.floor(sq / map.w) * S];
  const layers = [];
  // face-down tiles keep their tooltip: the terrain under this svg takes no pointer events
  const fd = map.tiles.filter((tile) => !tile.up).map((tile) => `<rect class="fd-hit" x="${tile.x * 4 * S}" y="${tile.y * 4 * S}" width="${4 * S}" height="${4 * S}"><title>${esc(t("facedown_tile"))}</title></rect>`);
  if (fd.length) layers.push(`<g class="l-facedown">${fd.join("")}</g>`);
  // outskirts and blockades
  const out = [];
  for (const c of view.cities || []) {
    const [x, y] = xy(c.sq);
    out.push(`<rect class="outskirts seat-${c.owner}" x="${x - S + 0.5}" y="${y - S + 0.5}" width="${3 * S - 1}" height="${3 * S - 1}" rx="1.5"/>`);
    for (const b of c.blockaded || []) {
      const [bx, by] = xy(b);
      out.push(`<rect class="blockade" x="${bx}" y="${by}" width="${S}" height="${S}" fill="url(#cp-hatch)"><title>${esc(t("blockaded"))}</title></rect>`);
    }
  }
  layers.push(`<g class="l-outskirts">${out.join("")}</g>`);
  // items, markers, cities
  const things = [];
  for (const it of view.items || []) {
    const [x, y] = xy(it.sq);
    const sym = it.kind === "wonder" ? "wonder" : it.kind === "great_person" ? "gp" : "building";
    things.push(`<g class="item seat-${it.owner}${it.obsolete ? " obsolete" : ""}"><rect x="${x + 1.2}" y="${y + 1.2}" width="${S - 2.4}" height="${S - 4.2}" rx="1" class="item-bg"/>`
      + `<use href="#ci-${sym}" x="${x + 2.6}" y="${y + 1.4}" width="4.8" height="4.8"/><title>${esc(o.itemName(it))}</title></g>`);
  }
  for (const m of view.markers || []) {
    const [x, y] = xy(m.sq);
    things.push(`<use class="marker" href="#ci-${m.kind === "village" ? "village" : "hut"}" x="${x + 2}" y="${y + 1.5}" width="6" height="6"><title>${esc(t(m.kind))}</title></use>`);
  }
  for (const c of view.cities || []) {
    const [x, y] = xy(c.sq);
    things.push(`<g class="city seat-${c.owner}${c.walls ? " walls" : ""}"><rect class="city-bg" x="${x + 0.6}" y="${y + 0.6}" width="${S - 1.2}" height="${S - 1.2}" rx="1.4"/>`
      + `<use href="#ci-city" x="${x + 1.6}" y="${y + 1.2}" width="6.8" height="6.8"/>`
      + (c.capital ? `<use href="#ci-star" x="${x + 5.8}" y="${y + 0.2}" width="4" height="4"/>` : "")
      + `<title>${esc(o.cityLabel(c))}</title></g>`);
  }
  layers.push(`<g class="l-things">${things.join("")}</g>`);
  // figures: one badge per square and owner
  const moving = new Set((view.moving && view.moving.figures) || []);
  const bySq = new Map();
  for (const f of view.figures || []) {
    if (f.sq == null || f.sq < 0) continue;
    const k = f.sq;
    if (!bySq.has(k)) bySq.set(k, []);
    bySq.get(k).push(f);
  }
  const figs = [];
  for (const [sq, list] of bySq) {
    const [x, y] = xy(sq);
    const groups = [];
    for (const kind of ["army", "scout"]) {
      const owners = [...new Set(list.filter((f) => f.kind === kind).map((f) => f.owner))];
      for (const ow of owners) groups.push({ kind, owner: ow, n: list.filter((f) => f.kind === kind && f.owner === ow).length });
    }
    const mv = list.some((f) => moving.has(f.id));
    groups.forEach((g, i) => {
      const gx = x + (groups.length > 1 ? (i % 2) * 4.6 : 2.2) + 0.3;
      const gy = y + (groups.length > 2 ? Math.floor(i / 2) * 4 : 1.6) + 0.4;
      const size = groups.length > 1 ? 4.8 : 6;
      figs.push(`<g class="fig seat-${g.owner} k-${g.kind}${mv ? " moving" : ""}"><use href="#ci-${g.kind}" x="${gx}" y="${gy}" width="${size}" height="${size}"/>`
        + (g.n > 1 ? `<text class="fig-n" x="${gx + size}" y="${gy + size}">${g.n}</text>` : "") + `</g>`);
    });
    const lab = o.figuresLabel(sq, list);
    figs.push(`<rect class="fig-hit" x="${x}" y="${y}" width="${S}" height="${S}"><title>${esc(lab)}</title></rect>`);
  }
  layers.push(`<g class="l-figs">${figs.join("")}</g>`);
  if (o.battleSq != null && o.battleSq >= 0) {
    const [x, y] = xy(o.battleSq);
    layers.push(`<g class="l-battle"><rect class="battle-sq" data-testid="battle-square" x="${x + 0.2}" y="${y + 0.2}" width="${S - 0.4}" height="${S - 0.4}" rx="1.2"><title>${esc(t("battle_here"))}</title></rect>`
      + `<text class="battle-x" x="${x + S - 1.4}" y="${y + 3.4}">⚔</text></g>`);
  }
  // clickable squares (legal targets only) on top
  const hot = [];
  for (const [sq, kind] of o.hot) {
    const [x, y] = xy(sq);
    hot.push(`<rect class="hot ${kind}" data-bench="target" data-mapkey="${esc(o.keyOf(sq, kind))}" x="${x + 0.35}" y="${y + 0.35}" width="${S - 0.7}" height="${S - 0.7}" rx="1"><title>${esc(o.hotLabel(sq, kind))}</title></rect>`);
  }
  for (const cell of o.cells || []) {
    const tile = map.tiles[cell];
    if (!tile) continue;
    hot.push(`<rect class="hot explore" data-bench="target" data-mapkey="tile:${cell}" x="${tile.x * 4 * S + 1}" y="${tile.y * 4 * S + 1}" width="${4 * S - 2}" height="${4 * S - 2}" rx="2"><title>${esc(t("explore_here"))}</title></rect>`);
  }
  if (o.selSq != null) {
    const [x, y] = xy(o.selSq);
    hot.push(`<rect class="sel-ring" data-testid="map-selected" x="${x + 0.3}" y="${y + 0.3}" width="${S - 0.6}" height="${S - 0.6}" rx="1"/>`);
  }
  layers.push(`<g class="l-hot">${hot.join("")}</g>`);
  // the terrain is its own <svg> (own compositing layer) under the interactive one, with the same
  // viewBox: a redraw that changes only figures, overlays or targets does not repaint it
  const vb = vbText(cam);
  return `<div class="civ-mapbox"><svg class="civ-terrain" viewBox="${vb}" preserveAspectRatio="xMidYMid meet" aria-hidden="true" focusable="false">`
    + DEFS + `<g class="l-terrain">${terrainLayer(map)}</g></svg>`
    + `<svg class="civ-map" data-testid="civ-map" data-bench="pan" viewBox="${vb}" data-mapw="${W}" data-maph="${H}"${focus ? ` data-focus="${vbText(focus)}"` : ""} data-zoom="${(W / cam.w).toFixed(3)}"`
    + ` preserveAspectRatio="xMidYMid meet" tabindex="0" role="img" aria-label="${esc(t("map_label"))}" focusable="true">`
    + layers.join("") + `</svg></div>`;
}
