// The Civilization map, drawn from the view only (render.js calls mapSVG) on the kit's square grid and
// camera (app/kit/grid.js, app/kit/camera.js: pan, zoom, pinch, keyboard, following the viewer and
// bringing the targets into view). Only the map's own layers are here: terrain (an under layer, rebuilt
// only when the map changes), outskirts, items, cities, figures, the battle and the clickable targets.
// Everything clickable carries data-mapkey: the camera passes its clicks to the twin <button data-key>
// that render.js draws for every clickable map key, so the map never decides legality.
// bench/ hooks: clickable squares carry data-bench="target" (the camera's <svg> is data-bench="pan").

import { esc } from "../../app/i18n.js";
import { camera, camBoard } from "../../app/kit/camera.js";
import { squareGrid } from "../../app/kit/grid.js";

export const S = 10; // one square, in SVG units
const G = squareGrid(S);
const TILE = squareGrid(4 * S); // a map tile is 4 x 4 squares

const TERRAIN_FILL = {
  water: "#6ea8d8",
  grassland: "#9ccc78",
  forest: "#3f8a48",
  mountain: "#a3978b",
  desert: "#e6d293",
};
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
  if (sq.resource)
    parts.push(
      `<use href="#ci-${esc(sq.resource)}" x="${x + 0.5}" y="${y + 0.5}" width="3.4" height="3.4"/>`,
    );
  return parts.join("");
}

/** `<rect>` over box b shrunk by `inset` on every side, with more attributes. */
const rect = (b, inset, attrs) =>
  `<rect ${attrs} x="${+(b.x + inset).toFixed(2)}" y="${+(b.y + inset).toFixed(2)}" width="${+(b.w - 2 * inset).toFixed(2)}" height="${+(b.h - 2 * inset).toFixed(2)}"`;
/** The map's squares are numbered row by row: square sq of a map w squares wide is cell (sq % w, sq / w). */
const cell = (sq, w) => [sq % w, Math.floor(sq / w)];

/** The static layer (terrain, icons, tile borders, face-down tiles): rebuilt only when the map changes. */
function terrainLayer(map) {
  // the same lists as last time (a reply whose map did not change keeps the held view's): no key to build
  if (map.tiles === terrainCache.tiles && map.squares === terrainCache.squares) return terrainCache.svg;
  const key = JSON.stringify([map.tiles, map.squares]); // no words in it (face-down tiles' titles are on the map above)
  terrainCache.tiles = map.tiles;
  terrainCache.squares = map.squares;
  if (key === terrainCache.key) return terrainCache.svg;
  const out = [];
  map.squares.forEach((sq, i) => {
    if (!sq) return;
    const b = G.box(...cell(i, map.w));
    out.push(
      rect(b, 0, `class="sq t-${esc(sq.terrain)}" fill="${TERRAIN_FILL[sq.terrain] || "#ccc"}"`) + "/>",
    );
    if (sq.disaster)
      out.push(rect(b, 0.6, `fill="none" stroke="#5d4037" stroke-dasharray="1 .8" stroke-width=".5"`) + "/>");
    out.push(iconRow(sq, b.x, b.y));
  });
  for (const tile of map.tiles) {
    const b = TILE.box(tile.x, tile.y);
    if (!tile.up) {
      const [cx] = TILE.centre(tile.x, tile.y);
      out.push(
        `<g class="facedown">${rect(b, 0, `fill="url(#cp-unknown)"`)}/><text class="q" x="${cx}" y="${b.y + 2.6 * S}">?</text></g>`,
      );
    }
    out.push(rect(b, 0, `class="tile-edge${tile.home != null ? ` seat-${tile.home} home` : ""}"`) + "/>");
  }
  terrainCache.key = key;
  terrainCache.svg = out.join("");
  return terrainCache.svg;
}

/**
 * The map's markup. `o`: {view, t, focus (squares), follow (whose area it is: a new value shows `focus`
 * again), hot: [[sq, "reach"|"pick"]], cells (tiles to explore), selSq, battleSq, keyOf(sq), hotLabel(sq),
 * itemName(item), cityLabel(city), figuresLabel(sq, figures), label}. Everything clickable carries data-mapkey (its twin button is in the board).
 */
export function mapSVG(o) {
  const { view, t } = o;
  const map = view.map;
  const box = (sq) => G.box(...cell(sq, map.w));
  const at = (sq) => (sq != null && sq >= 0 ? box(sq) : null);
  const f = o.focus;
  // the viewer's own area first and after a hand-off; a new selection or battle, and the targets, in view
  const cam = camera("civ-map", map.w * S, map.h * S, {
    min: 3 * S,
    focus: f ? { x: f.x * S, y: f.y * S, w: f.w * S, h: f.h * S } : null,
    follow: o.follow !== undefined ? o.follow : view.seat,
    reveal: { sel: at(o.selSq), battle: at(o.battleSq) },
    targets: [
      ...o.hot.map(([sq]) => box(sq)),
      ...(o.cells || []).filter((c) => map.tiles[c]).map((c) => TILE.box(map.tiles[c].x, map.tiles[c].y)),
    ],
  });
  const layers = [];
  // face-down tiles keep their tooltip: the terrain under this svg takes no pointer events
  const fd = map.tiles
    .filter((tile) => !tile.up)
    .map(
      (tile) =>
        `${rect(TILE.box(tile.x, tile.y), 0, `class="fd-hit"`)}><title>${esc(t("facedown_tile"))}</title></rect>`,
    );
  if (fd.length) layers.push(`<g class="l-facedown">${fd.join("")}</g>`);
  // outskirts and blockades
  const out = [];
  for (const c of view.cities || []) {
    const b = box(c.sq);
    out.push(
      rect(
        { x: b.x - S, y: b.y - S, w: 3 * S, h: 3 * S },
        0.5,
        `class="outskirts seat-${c.owner}" rx="1.5"`,
      ) + "/>",
    );
    for (const q of c.blockaded || [])
      out.push(
        `${rect(box(q), 0, `class="blockade" fill="url(#cp-hatch)"`)}><title>${esc(t("blockaded"))}</title></rect>`,
      );
  }
  layers.push(`<g class="l-outskirts">${out.join("")}</g>`);
  // items, markers, cities
  const things = [];
  for (const it of view.items || []) {
    const { x, y } = box(it.sq);
    const sym = it.kind === "wonder" ? "wonder" : it.kind === "great_person" ? "gp" : "building";
    things.push(
      `<g class="item seat-${it.owner}${it.obsolete ? " obsolete" : ""}"><rect x="${x + 1.2}" y="${y + 1.2}" width="${S - 2.4}" height="${S - 4.2}" rx="1" class="item-bg"/>` +
        `<use href="#ci-${sym}" x="${x + 2.6}" y="${y + 1.4}" width="4.8" height="4.8"/><title>${esc(o.itemName(it))}</title></g>`,
    );
  }
  for (const m of view.markers || []) {
    const { x, y } = box(m.sq);
    things.push(
      `<use class="marker" href="#ci-${m.kind === "village" ? "village" : "hut"}" x="${x + 2}" y="${y + 1.5}" width="6" height="6"><title>${esc(t(m.kind))}</title></use>`,
    );
  }
  for (const c of view.cities || []) {
    const { x, y } = box(c.sq);
    things.push(
      `<g class="city seat-${c.owner}${c.walls ? " walls" : ""}">${rect(box(c.sq), 0.6, `class="city-bg" rx="1.4"`)}/>` +
        `<use href="#ci-city" x="${x + 1.6}" y="${y + 1.2}" width="6.8" height="6.8"/>` +
        (c.capital ? `<use href="#ci-star" x="${x + 5.8}" y="${y + 0.2}" width="4" height="4"/>` : "") +
        `<title>${esc(o.cityLabel(c))}</title></g>`,
    );
  }
  layers.push(`<g class="l-things">${things.join("")}</g>`);
  // figures: one badge per square and owner
  const moving = new Set((view.moving && view.moving.figures) || []);
  const bySq = new Map();
  for (const fig of view.figures || []) {
    if (fig.sq == null || fig.sq < 0) continue;
    if (!bySq.has(fig.sq)) bySq.set(fig.sq, []);
    bySq.get(fig.sq).push(fig);
  }
  const figs = [];
  for (const [sq, list] of bySq) {
    const { x, y } = box(sq);
    const groups = [];
    for (const kind of ["army", "scout"]) {
      const owners = [...new Set(list.filter((fig) => fig.kind === kind).map((fig) => fig.owner))];
      for (const ow of owners)
        groups.push({
          kind,
          owner: ow,
          n: list.filter((fig) => fig.kind === kind && fig.owner === ow).length,
        });
    }
    const mv = list.some((fig) => moving.has(fig.id));
    groups.forEach((g, i) => {
      const gx = x + (groups.length > 1 ? (i % 2) * 4.6 : 2.2) + 0.3;
      const gy = y + (groups.length > 2 ? Math.floor(i / 2) * 4 : 1.6) + 0.4;
      const size = groups.length > 1 ? 4.8 : 6;
      figs.push(
        `<g class="fig seat-${g.owner} k-${g.kind}${mv ? " moving" : ""}"><use href="#ci-${g.kind}" x="${gx}" y="${gy}" width="${size}" height="${size}"/>` +
          (g.n > 1 ? `<text class="fig-n" x="${gx + size}" y="${gy + size}">${g.n}</text>` : "") +
          `</g>`,
      );
    });
    figs.push(
      `${rect(box(sq), 0, `class="fig-hit"`)}><title>${esc(o.figuresLabel(sq, list))}</title></rect>`,
    );
  }
  layers.push(`<g class="l-figs">${figs.join("")}</g>`);
  const battle = at(o.battleSq);
  if (battle) {
    layers.push(
      `<g class="l-battle">${rect(battle, 0.2, `class="battle-sq" data-testid="battle-square" rx="1.2"`)}><title>${esc(t("battle_here"))}</title></rect>` +
        `<text class="battle-x" x="${battle.x + S - 1.4}" y="${battle.y + 3.4}">⚔</text></g>`,
    );
  }
  // clickable squares (legal targets only) on top
  const hot = [];
  for (const [sq, kind] of o.hot) {
    hot.push(
      `${rect(box(sq), 0.35, `class="hot ${kind}" data-bench="target" data-mapkey="${esc(o.keyOf(sq, kind))}" rx="1"`)}><title>${esc(o.hotLabel(sq, kind))}</title></rect>`,
    );
  }
  for (const c of o.cells || []) {
    const tile = map.tiles[c];
    if (tile)
      hot.push(
        `${rect(TILE.box(tile.x, tile.y), 1, `class="hot explore" data-bench="target" data-mapkey="tile:${c}" rx="2"`)}><title>${esc(t("explore_here"))}</title></rect>`,
      );
  }
  const sel = at(o.selSq);
  if (sel) hot.push(rect(sel, 0.3, `class="sel-ring" data-testid="map-selected" rx="1"`) + "/>");
  layers.push(`<g class="l-hot">${hot.join("")}</g>`);
  return camBoard("civ-map", cam, {
    under: DEFS + `<g class="l-terrain">${terrainLayer(map)}</g>`,
    underCls: "civ-terrain",
    body: layers.join(""),
    cls: "civ-map",
    attrs: `data-testid="civ-map"`,
    label: t("map_label"),
  });
}
