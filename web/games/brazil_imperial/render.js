// Brazil: Imperial front end (issue 19 §3): the hex map on the kit's camera and hex grid, then the
// panels (empire boards, the common board, the combat box: ./panels.js). A pure function of the seat's
// view and its legal list, following the renderer contract of docs/architecture.md ("Adding a game's
// front end"). Nothing here knows the rules: every clickable hex comes from the legal list.
//
// The map's static geometry (every hex of each map with its terrain) and the names it shows are
// generated data (./data.js, from the engine's data by tests/browser/test_brazil_imperial_data.py); the
// view carries only what changes on a hex (tiles, capitals, face-down tiles, Bandeiras, control) and
// the units.
//
// Keys (ordered per action; the first one not yet selected is the next step of the action panel):
//   stack:<q,r>  the viewer's units on a hex (a move's or ranged attack's source)
//   hex:<q,r>    a hex as the target (deploy, build, renovate, peek, palace, capital, move, ranged)
//   unit:<uid>   a unit (deploy's unit; a move's unit when its hex holds several)
//   as:<how>     free / bonus move, ranged attack       carry:<uid+uid|->  the units a cavalry carries
//   what:<id>    what to build (a building, or city)   tile:<id> / cstack:<n>  its tile / city stack
//   flip:<0|1>   renovate in place or flip the tile    palace:<II..VI>  which palace
//   arch:<a>     an arch (the action, the era marker, an extra action)
//   src:supply   a payment from the personal supply (a tile's is hex:<q,r>, a card's gcard:/bcard:)
//   good:<g>     what a payment unit gives (gold, any_resource, science+gold...)
// bench/ hooks: the clickable hexes carry data-bench="target"; the camera's <svg> is data-bench="pan".

import { translator, pick, esc, lang } from "../../app/i18n.js";
import { pendingBox } from "../../app/kit/pending.js";
import { hexGrid } from "../../app/kit/grid.js";
import { installCamera, camera, camBoard, camTools, camTwins } from "../../app/kit/camera.js";
import { current, nextKey } from "../../app/kit/panel.js";
import { empireBoards, commonBoard, combatBox, panelKeyLabel, panelKeys } from "./panels.js";
import DATA from "./data.js";
import { hexName, hexTerrain, rowsOf } from "./hexes.js";
import STRINGS from "./strings.js";

export const strings = STRINGS;
const t = translator(STRINGS);

installCamera();

const S = 10; // a hex's circumradius, in SVG units
const HEX = hexGrid(S, "pointy");
const MAP_PREFIX = ["hex", "stack"];
const TERRAINS = ["plains", "forest", "gold_mine", "water", "edge"];
const UNIT_TYPES = ["monarch", "archer", "cavalry", "cannon", "grenadier"];
const GOODS = ["brazilwood", "sugarcane", "coffee", "cotton", "gold", "science"];
const BUILDING_ORDER = [
  "sugarcane_field",
  "farm",
  "sawmill",
  "trading_post",
  "smelter",
  "plantation",
  "church",
  "college",
];

// ------------------------------------------------------------------------------- names and words

const word = (table, k) => {
  const w = DATA.words[table];
  return w && w[k] ? pick(w[k]) : String(k);
};
const nameOf = (table, id) => {
  const x = DATA[table] && DATA[table][id];
  return x && x.name ? pick(x.name) : String(id);
};
const seatName = (ctx, s) => (ctx && ctx.names && ctx.names[s]) || t("player_n", { n: s + 1 });
const cellOf = (h) => h.split(",").map(Number);

/** A hex in words, as the engine's labels name it: the name drawn on it ("D4") and its terrain. */
export function hexLabel(view, h) {
  return t("hex_label", { h: hexName(view.map, h), k: word("terrain", hexTerrain(view.map, h)) });
}

/** A unit's type (the slot of its empire's board). */
function unitType(view, uid) {
  const u = view.units[uid];
  if (!u) return "archer";
  const e = view.empires[u.seat];
  const b = e && DATA.boards[e.board];
  const slot = b && b.units[u.slot];
  return slot ? slot.type : "archer";
}

const unitLabel = (view, uid) => {
  const u = view.units[uid];
  return t("unit_label", { u: word("units", unitType(view, uid)), n: u ? u.slot + 1 : "?" });
};

/** The hex a capital tile lies on (view.capitals: hex -> tile). */
const capitalHex = (view, id) => Object.keys(view.capitals || {}).find((h) => view.capitals[h] === id);

/** The owner of a hex's tile: the capital's seat, the building's or the city's owner. */
function ownerOf(x) {
  if (x.capital != null) return x.capital;
  const tile = x.building || x.city;
  return tile ? tile.owner : null;
}

// ------------------------------------------------------------------------------- keys and steps

/** Keys of the board elements an action is about, in the order a player chooses them. */
export function actionKeys(a, view) {
  switch (a.type) {
    case "deploy":
      return [`hex:${a.hex}`, `unit:${a.unit}`];
    case "move": {
      const u = view.units[a.unit];
      const carry = (a.carry || []).length ? a.carry.join("+") : "-";
      return [`stack:${u ? u.hex : "?"}`, `hex:${a.to}`, `unit:${a.unit}`, `as:${a.as}`, `carry:${carry}`];
    }
    case "ranged": {
      const u = view.units[a.unit];
      return [`stack:${u ? u.hex : "?"}`, `hex:${a.target}`, `unit:${a.unit}`, "as:ranged"];
    }
    case "build":
      return [`hex:${a.hex}`, `what:${a.what}`, a.what === "city" ? `cstack:${a.stack}` : `tile:${a.tile}`];
    case "renovate":
      return [`hex:${a.hex}`, `flip:${a.flip ? 1 : 0}`];
    case "peek":
      return [`hex:${a.hex}`];
    case "palace":
      return [`hex:${a.hex}`, `palace:${a.palace}`];
    case "capital": {
      const h = capitalHex(view, a.id);
      return h ? [`hex:${h}`] : [];
    }
    case "pay":
      return payKeys(a);
    default:
      // the arches, era markers, products, paintings, cards and missions are picked on the panels
      return panelKeys(a) || [];
  }
}

/**
 * A payment step's keys: where the unit comes from (a tile's hex on the map, the supply, a gold or
 * battle card of the hand, as the panels key them), then what it gives.
 */
function payKeys(a) {
  const from = String(a.from);
  if (from.startsWith("gold_card:")) return [`gcard:${from.slice(10)}`];
  if (from.startsWith("battle:"))
    return [
      ...from
        .slice(7)
        .split("+")
        .map((c) => `bcard:${c}`),
      `good:${a.good}`,
    ];
  return [from === "supply" ? "src:supply" : `hex:${from}`, `good:${a.good}`];
}

/** A payment unit's goods in words ("1 resource of any kind + 1 resource of any kind"). */
const payGoods = (v) =>
  v
    .split("+")
    .map((x) => (x === "any_resource" ? t("pay_any") : word("goods", x)))
    .join(" + ");

/** Words for a step ("Choices for …", the panel's step buttons). */
export function keyLabel(view, key) {
  const panel = panelKeyLabel(view, key);
  if (panel != null) return panel;
  const i = key.indexOf(":");
  const kind = key.slice(0, i);
  const v = key.slice(i + 1);
  switch (kind) {
    case "hex":
      return hexLabel(view, v);
    case "stack":
      return t("units_at", { h: hexLabel(view, v) });
    case "unit":
      return unitLabel(view, v);
    case "as":
      return v === "bonus"
        ? t("as_bonus", { a: word("arches", (view.turn && view.turn.arch) || "") })
        : t(`as_${v}`);
    case "carry":
      return v === "-"
        ? t("carry_none")
        : t("carry_these", {
            u: v
              .split("+")
              .map((u) => unitLabel(view, u))
              .join(", "),
          });
    case "what":
      return v === "city" ? word("word", "city") : nameOf("buildings", v);
    case "tile": {
      const sides = DATA.tiles[v] || [];
      return t("tile_sides", { a: nameOf("buildings", sides[0]), b: nameOf("buildings", sides[1]) });
    }
    case "cstack": {
      const top = view.decks && view.decks.cities && view.decks.cities[+v];
      return t("city_stack", { n: +v + 1, c: top && top.top ? nameOf("cities", top.top) : "—" });
    }
    case "flip":
      return t(v === "1" ? "flip_yes" : "flip_no");
    case "palace":
      return nameOf("palaces", v);
    case "arch":
      return word("arches", v);
    case "src":
      return t("pay_supply");
    case "good":
      return payGoods(v);
    default:
      return key;
  }
}

/** A map key stays a step even when every item shares it: the one hex a unit can reach is shown. */
export const keepsShared = (k) => MAP_PREFIX.includes(k.slice(0, k.indexOf(":")));

const GROUP_OF = {
  keep_mission: "setup",
  monarch: "setup",
  capital: "setup",
  arch: "arch",
  place_marker: "arch",
  extra: "arch",
  deploy: "deploy",
  build: "build",
  renovate: "build",
  palace: "build",
  peek: "map",
  move: "move",
  ranged: "move",
  buy: "goods",
  manufacture: "goods",
  port: "goods",
  trade: "goods",
  gain_any: "goods",
  pay: "goods",
  trim: "goods",
  gold: "cards",
  discard: "cards",
  commit: "cards",
  show_mission: "cards",
};
export const groupOf = (a) => GROUP_OF[a.type] || "other";
export const groupOrder = ["setup", "arch", "deploy", "build", "map", "move", "goods", "cards", "other"];
const PRIMARY = new Set(["end_turn", "trade_done", "skip"]);
export const isPrimary = (a) => PRIMARY.has(a.type);

export function hint(view) {
  const pay = view.paying;
  if (pay && pay.seat === view.seat) return t("hint_pay", { what: pick(pay.for), owed: pick(pay.owed) });
  if (view.phase && view.phase.kind === "action" && view.turn && view.turn.phase === "arch" && view.turn.arch)
    return t("hint_arch", { a: word("arches", view.turn.arch) });
  const k = `hint_${view.phase ? view.phase.kind : ""}`;
  const s = t(k);
  return s === k ? t("hint") : s;
}

// ------------------------------------------------------------------------------- the map

/** Symbols used by <use>: defined once, in the map's terrain layer (inline: nothing is fetched). */
const DEFS = `<defs>
<pattern id="bz-edge" width="3" height="3" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="3" fill="#8c8577"/><rect width="1.1" height="3" fill="#a39c8d"/></pattern>
<pattern id="bz-band" width="2.4" height="2.4" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect width="2.4" height="2.4" fill="#e8dcc2"/><rect width=".9" height="2.4" fill="#c9b48a"/></pattern>
<symbol id="bz-t-forest" viewBox="0 0 10 10"><path d="M3 1.2L.8 5.2h1.3L.4 8h5.2L3.9 5.2h1.3zM7.2 2.4L5.4 5.6h1L5 8h4.4L8 5.6h1z" fill="#1f4d1c"/><path d="M2.6 8h.8v1.4h-.8zM6.8 8h.8v1.4h-.8z" fill="#4e342e"/></symbol>
<symbol id="bz-t-gold_mine" viewBox="0 0 10 10"><path d="M1 9l2.6-5.4L5 6l1.6-3.2L9.4 9z" fill="#7a5c2e"/><circle cx="5" cy="7.4" r="1.1" fill="#ffd54f" stroke="#8a6d00" stroke-width=".4"/><circle cx="7.2" cy="7.8" r=".8" fill="#ffd54f" stroke="#8a6d00" stroke-width=".4"/></symbol>
<symbol id="bz-t-water" viewBox="0 0 10 10"><path d="M.6 3.6q1.1-1 2.2 0t2.2 0 2.2 0 2.2 0M.6 6q1.1-1 2.2 0t2.2 0 2.2 0 2.2 0M.6 8.4q1.1-1 2.2 0t2.2 0 2.2 0 2.2 0" fill="none" stroke="#e3f2fd" stroke-width=".7"/></symbol>
<symbol id="bz-t-plains" viewBox="0 0 10 10"><path d="M2 8.6l-.6-2M2 8.6l.6-2.2M2 8.6V6M7 7.6l-.6-2M7 7.6l.6-2.2M7 7.6V5M4.6 4.6l-.5-1.6M4.6 4.6l.5-1.8" fill="none" stroke="#5b7a1f" stroke-width=".55" stroke-linecap="round"/></symbol>
<symbol id="bz-t-edge" viewBox="0 0 10 10"><path d="M2 8l3-6 3 6z" fill="none" stroke="#eee" stroke-width=".6"/></symbol>
<symbol id="bz-u-archer" viewBox="0 0 10 10"><path d="M3 1q5.5 4 0 8" fill="none" stroke="#fff" stroke-width="1.1"/><path d="M3 1v8M1.6 5h6.6M6.6 3.8L8.4 5 6.6 6.2" fill="none" stroke="#fff" stroke-width=".8"/></symbol>
<symbol id="bz-u-cannon" viewBox="0 0 10 10"><path d="M1.2 6.2l6.6-3.4.8 1.6-6.4 3.4z" fill="#fff"/><circle cx="3.6" cy="7.2" r="1.6" fill="none" stroke="#fff" stroke-width=".9"/></symbol>
<symbol id="bz-u-monarch" viewBox="0 0 10 10"><path d="M1.4 7.6L1 2.8l2.4 2.2L5 1.6l1.6 3.4L9 2.8l-.4 4.8z" fill="#fff"/><rect x="1.4" y="8" width="7.2" height="1" fill="#fff"/></symbol>
<symbol id="bz-u-cavalry" viewBox="0 0 10 10"><path d="M3 9.2V6.4L1.4 5.6l2.4-3.8L6 1l.8 1.6 2.4 2-.8 1.4-2-.6v3.8z" fill="#fff"/></symbol>
<symbol id="bz-u-grenadier" viewBox="0 0 10 10"><circle cx="4.6" cy="6" r="3" fill="#fff"/><path d="M6.4 3.4l1.4-1.6" stroke="#fff" stroke-width=".9"/><path d="M7.8 1.8l.8-.8M8.2 2.4l1-.2M7.4 1.2l.2-.9" stroke="#ffd54f" stroke-width=".6"/></symbol>
<symbol id="bz-g-brazilwood" viewBox="0 0 10 10"><rect x="1" y="3" width="8" height="4" rx="2" fill="#9c3d2e" stroke="#4e1a12" stroke-width=".6"/><circle cx="8" cy="5" r="1.4" fill="#e0a08c"/></symbol>
<symbol id="bz-g-sugarcane" viewBox="0 0 10 10"><path d="M3 9.4V.8M6 9.4V1.6" stroke="#558b2f" stroke-width="1.6"/><path d="M2.2 3.6h1.6M2.2 6.4h1.6M5.2 4.4h1.6M5.2 7h1.6" stroke="#dcedc8" stroke-width=".5"/><path d="M3 1.6Q5 1 6.4.4M6 2.4q1.6-.6 2.8-.4" stroke="#8bc34a" stroke-width=".6" fill="none"/></symbol>
<symbol id="bz-g-coffee" viewBox="0 0 10 10"><ellipse cx="5" cy="5" rx="3.2" ry="4" fill="#6d4c41" stroke="#3e2723" stroke-width=".6"/><path d="M5 1.2q-1.4 3.8 0 7.6" fill="none" stroke="#d7ccc8" stroke-width=".6"/></symbol>
<symbol id="bz-g-cotton" viewBox="0 0 10 10"><circle cx="3.6" cy="4.4" r="2" fill="#fafafa" stroke="#9e9e9e" stroke-width=".5"/><circle cx="6.4" cy="4.4" r="2" fill="#fafafa" stroke="#9e9e9e" stroke-width=".5"/><circle cx="5" cy="6.4" r="2" fill="#fafafa" stroke="#9e9e9e" stroke-width=".5"/></symbol>
<symbol id="bz-g-gold" viewBox="0 0 10 10"><circle cx="5" cy="5" r="3.8" fill="#f2c230" stroke="#7a5a00" stroke-width=".7"/><circle cx="5" cy="5" r="1.8" fill="none" stroke="#7a5a00" stroke-width=".5"/></symbol>
<symbol id="bz-g-science" viewBox="0 0 10 10"><path d="M4 1h2v3l2.6 4.6q.2.8-.6.9H2q-.8-.1-.6-.9L4 4z" fill="#bbdefb" stroke="#0d47a1" stroke-width=".6"/><path d="M2.6 7.2h4.8" stroke="#1e88e5" stroke-width="1.2"/></symbol>
<symbol id="bz-b-sugarcane_field" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="1.6" fill="#dcedc8"/><use href="#bz-g-sugarcane" x="1" y="1" width="8" height="8"/></symbol>
<symbol id="bz-b-farm" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="1.6" fill="#efebe9"/><path d="M1.6 5L5 2l3.4 3" fill="none" stroke="#8d6e63" stroke-width=".8"/><use href="#bz-g-coffee" x="3" y="4.2" width="4.4" height="4.8"/></symbol>
<symbol id="bz-b-sawmill" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="1.6" fill="#ffe0d6"/><circle cx="5" cy="3.6" r="2.4" fill="#90a4ae" stroke="#37474f" stroke-width=".5"/><path d="M5 1.2v.6M7.4 3.6h-.6M5 6v-.6M2.6 3.6h.6" stroke="#37474f" stroke-width=".5"/><use href="#bz-g-brazilwood" x="1.2" y="5" width="7.6" height="4.6"/></symbol>
<symbol id="bz-b-trading_post" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="1.6" fill="#fff3e0"/><path d="M1.6 8.6L5 1.8l3.4 6.8z" fill="#a1887f" stroke="#4e342e" stroke-width=".5"/><use href="#bz-g-gold" x="5.6" y="5.6" width="3.6" height="3.6"/></symbol>
<symbol id="bz-b-smelter" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="1.6" fill="#fff8e1"/><path d="M2 9V4h2.4v-2h1.6v2H8v5z" fill="#795548"/><path d="M3.2 6.4h3.6v1.4H3.2z" fill="#ffb300"/></symbol>
<symbol id="bz-b-plantation" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="1.6" fill="#f1f8e9"/><path d="M2 9V5M5 9V4M8 9V5" stroke="#689f38" stroke-width=".6"/><use href="#bz-g-cotton" x=".6" y="2" width="3" height="3"/><use href="#bz-g-cotton" x="3.5" y="1.2" width="3" height="3"/><use href="#bz-g-cotton" x="6.4" y="2" width="3" height="3"/></symbol>
<symbol id="bz-b-church" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="1.6" fill="#ede7f6"/><path d="M2.4 9V5.2L5 3.2l2.6 2V9z" fill="#fff" stroke="#4527a0" stroke-width=".5"/><path d="M5 .9v2.6M4 1.8h2" stroke="#4527a0" stroke-width=".6"/><rect x="4.3" y="6.4" width="1.4" height="2.6" fill="#4527a0"/></symbol>
<symbol id="bz-b-college" viewBox="0 0 10 10"><rect x=".5" y=".5" width="9" height="9" rx="1.6" fill="#e3f2fd"/><path d="M5 1.4L9 3.6H1z" fill="#1565c0"/><path d="M2 4.2h1v3.6H2zM4.5 4.2h1v3.6h-1zM7 4.2h1v3.6H7z" fill="#1565c0"/><rect x="1.4" y="8" width="7.2" height="1" fill="#1565c0"/></symbol>
<symbol id="bz-city" viewBox="0 0 10 10"><path d="M.8 9.4V4.6l2-1.4 2 1.4V2.8L6.6 1 8.4 2.8 9.2 9.4z" fill="currentColor" stroke="#111" stroke-width=".6"/><rect x="2" y="6.2" width="1.4" height="3.2" fill="#fff"/><rect x="6" y="4.4" width="1.2" height="1.4" fill="#fff"/><rect x="6" y="7" width="1.2" height="2.4" fill="#fff"/></symbol>
<symbol id="bz-capital" viewBox="0 0 10 10"><path d="M1 9.4V3.6h1.4v1.2h1.2V3.6H5V2h0V3.6h1.4v1.2h1.2V3.6H9v5.8z" fill="currentColor" stroke="#111" stroke-width=".6"/><path d="M4 9.4V7a1 1 0 0 1 2 0v2.4z" fill="#fff"/><path d="M5 2V.4l2 .6-2 .6" fill="#ffd54f" stroke="#6d4c00" stroke-width=".3"/></symbol>
<symbol id="bz-crown" viewBox="0 0 10 10"><path d="M1 8L.6 2.6l2.6 2.2L5 1l1.8 3.8 2.6-2.2L9 8z" fill="#ffd54f" stroke="#6d4c00" stroke-width=".6"/></symbol>
<symbol id="bz-flag" viewBox="0 0 10 10"><path d="M2 9.6V.6" stroke="#222" stroke-width=".9"/><path d="M2.4.8h6.4L7 3l1.8 2.2H2.4z" fill="currentColor" stroke="#222" stroke-width=".5"/></symbol>
<symbol id="bz-eye" viewBox="0 0 10 10"><path d="M.6 5q4.4-5.6 8.8 0-4.4 5.6-8.8 0z" fill="#fff" stroke="#222" stroke-width=".6"/><circle cx="5" cy="5" r="1.6" fill="#222"/></symbol>
<symbol id="bz-swords" viewBox="0 0 10 10"><path d="M1.4 1.4l7 7M8.6 1.4l-7 7" stroke="#fff" stroke-width="2.2"/><path d="M1.4 1.4l7 7M8.6 1.4l-7 7" stroke="#b3261e" stroke-width="1.2"/></symbol>
</defs>`;

const terrainCache = { key: "", svg: "" };
/** A row's letter is drawn this far beside the centre of the row's end hex (board units). */
const ROW_AT = S * 1.2;
/** The map's board units: its hexes and, left and right, room for the rows' letters. */
const boundsCache = { key: "", b: null };
function mapBounds(mapKey) {
  if (boundsCache.key !== mapKey) {
    const b = HEX.bounds((DATA.maps[mapKey] || []).map(([q, r]) => [q, r]));
    const pad = ROW_AT + 3.2 - (S * Math.sqrt(3)) / 2;
    boundsCache.key = mapKey;
    boundsCache.b = { x: b.x - pad, y: b.y, w: b.w + 2 * pad, h: b.h };
  }
  return boundsCache.b;
}

/**
 * The static layer (terrain, its glyphs, each hex's name, the rows' letters at both ends of each row):
 * rebuilt only when the map changes.
 */
function terrainLayer(mapKey) {
  if (terrainCache.key === mapKey) return terrainCache.svg;
  const out = [];
  for (const [q, r, ter, name] of DATA.maps[mapKey] || []) {
    const [cx, cy] = HEX.centre(q, r);
    out.push(`<polygon class="tr t-${ter}" points="${HEX.points(q, r)}"/>`);
    if (ter !== "edge")
      out.push(
        `<use class="tg" href="#bz-t-${ter}" x="${f1(cx - 4.5)}" y="${f1(cy - 3.4)}" width="9" height="9"/>`,
      );
    out.push(`<text class="qr" x="${f1(cx)}" y="${f1(cy - 7.2)}">${esc(name)}</text>`);
  }
  const rows = [];
  for (const row of rowsOf(mapKey))
    for (const [[q, r], side] of [
      [row.first, -1],
      [row.last, 1],
    ]) {
      const [cx, cy] = HEX.centre(q, r);
      rows.push(
        `<text class="row-l" data-row="${esc(row.letter)}" x="${f1(cx + side * ROW_AT)}" y="${f1(cy + 1.6)}">${esc(row.letter)}</text>`,
      );
    }
  terrainCache.key = mapKey;
  terrainCache.svg = DEFS + `<g class="l-terrain">${out.join("")}</g><g class="l-rows">${rows.join("")}</g>`;
  return terrainCache.svg;
}

const f1 = (v) => +v.toFixed(2);
const use = (id, x, y, w, h = w, cls = "") =>
  `<use${cls ? ` class="${cls}"` : ""} href="#${id}" x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}"/>`;

/** Goods lying on a tile, as small icons with their counts. */
function tileGoods(goods, cx, y) {
  const list = GOODS.filter((g) => goods && goods[g]);
  if (!list.length) return "";
  const step = 4.2;
  const x0 = cx - ((list.length - 1) * step) / 2;
  return list
    .map((g, i) => {
      const x = x0 + i * step;
      return (
        use(`bz-g-${g}`, x - 1.6, y - 1.6, 3.2) +
        (goods[g] > 1 ? `<text class="gn" x="${f1(x + 2.2)}" y="${f1(y + 1.6)}">${goods[g]}</text>` : "")
      );
    })
    .join("");
}

/** A hex's tile, Bandeiras side, face-down tile, palace and occupation mark (not its units). */
function hexThings(view, h, x) {
  const [q, r] = cellOf(h);
  const [cx, cy] = HEX.centre(q, r);
  const out = [];
  if (x.bandeiras)
    out.push(
      `<polygon class="band" points="${HEX.points(q, r, 0.6)}"/>` +
        use("bz-flag", cx - 2.6, cy - 5.4, 5, 5, "band-flag"),
    );
  if (x.explore != null) {
    const peeked = x.explore !== "?";
    out.push(`<polygon class="fd${peeked ? " peeked" : ""}" points="${HEX.points(q, r, 2.2)}"/>`);
    if (!peeked) out.push(`<text class="fd-q" x="${f1(cx)}" y="${f1(cy + 1.4)}">?</text>`);
    else {
      const e = DATA.exploration[x.explore] || {};
      out.push(use("bz-eye", cx - 5.6, cy - 5.2, 3.4));
      if (e.flag != null)
        out.push(
          use("bz-flag", cx - 2.4, cy - 3.4, 4.4, 4.4, "red-flag") +
            `<text class="fd-n" x="${f1(cx + 3)}" y="${f1(cy + 0.6)}">${e.flag}</text>`,
        );
      else out.push(`<text class="fd-n" x="${f1(cx)}" y="${f1(cy + 0.6)}">+</text>`);
    }
  }
  const owner = ownerOf(x);
  const own = owner == null ? "" : ` seat-${owner}`;
  const capTile = view.capitals && view.capitals[h];
  if (x.capital != null || (capTile && !x.building && !x.city)) {
    out.push(
      `<g class="cap${own}${x.capital == null ? " free" : ""}"><polygon class="tile-bg" points="${HEX.points(q, r, 2.4)}"/>` +
        use("bz-capital", cx - 3.4, cy - 5.4, 6.8) +
        (x.capital == null && capTile
          ? tileGoods((DATA.capitals[capTile] || {}).goods, cx, cy + 3.4)
          : `<text class="pal-n" x="${f1(cx)}" y="${f1(cy + 3.6)}">I</text>`) +
        `</g>`,
    );
  }
  if (x.building) {
    const b = x.building;
    out.push(
      `<g class="bld${own}"><polygon class="tile-bg" points="${HEX.points(q, r, 2.4)}"/>` +
        use(`bz-b-${b.id}`, cx - 3.3, cy - 5.8, 6.6) +
        tileGoods(b.goods, cx, cy + 2.6) +
        `</g>`,
    );
  }
  if (x.city) {
    out.push(
      `<g class="city${own}"><polygon class="tile-bg" points="${HEX.points(q, r, 2.4)}"/>` +
        use("bz-city", cx - 3.4, cy - 6, 6.8) +
        `<text class="city-vp" x="${f1(cx)}" y="${f1(cy + 3.4)}">${(DATA.cities[x.city.id] || {}).vp ?? ""}</text></g>`,
    );
  }
  const tile = x.building || x.city;
  if (tile && tile.palace)
    out.push(
      use("bz-crown", cx + 2.2, cy - 7.4, 4.4) +
        `<text class="pal-n" x="${f1(cx + 4.4)}" y="${f1(cy - 2.2)}">${esc(tile.palace)}</text>`,
    );
  if (owner != null && x.controller != null && x.controller !== owner)
    out.push(
      `<g class="occ seat-${x.controller}"><polygon class="occ-ring" points="${HEX.points(q, r, 1.2)}"/>` +
        use("bz-flag", cx - 6.6, cy - 6.8, 4.2, 4.2, "occ-flag") +
        `</g>`,
    );
  return out.join("");
}

/** Units on a hex: one chip per owner and type, with a count when several. */
function hexUnits(view, h, uids, fighting) {
  const [q, r] = cellOf(h);
  const [cx, cy] = HEX.centre(q, r);
  const groups = [];
  for (const uid of uids) {
    const u = view.units[uid];
    const type = unitType(view, uid);
    let g = groups.find((x) => x.seat === u.seat && x.type === type);
    if (!g) groups.push((g = { seat: u.seat, type, n: 0, fight: false }));
    g.n += 1;
    if (fighting.has(uid)) g.fight = true;
  }
  groups.sort((a, b) => a.seat - b.seat || UNIT_TYPES.indexOf(a.type) - UNIT_TYPES.indexOf(b.type));
  const per = 3;
  const step = 5.3;
  return groups
    .map((g, i) => {
      const row = Math.floor(i / per);
      const inRow = Math.min(per, groups.length - row * per);
      const x = cx - ((inRow - 1) * step) / 2 + (i % per) * step;
      const y = cy + 4.6 - row * 5.2;
      return (
        `<g class="unit seat-${g.seat}${g.fight ? " fighting" : ""}"><circle class="u-bg" cx="${f1(x)}" cy="${f1(y)}" r="2.55"/>` +
        use(`bz-u-${g.type}`, x - 1.8, y - 1.8, 3.6) +
        (g.n > 1 ? `<text class="u-n" x="${f1(x + 2.6)}" y="${f1(y + 2.6)}">${g.n}</text>` : "") +
        `</g>`
      );
    })
    .join("");
}

/** A hex's contents in words (its tooltip). */
function hexWords(view, ctx, h, x, uids) {
  const parts = [hexLabel(view, h)];
  if (x.bandeiras) parts.push(t("bandeiras"));
  if (x.explore === "?") parts.push(t("facedown"));
  else if (x.explore != null) {
    const e = DATA.exploration[x.explore] || {};
    parts.push(`${t("peeked")}: ${pick(e.text || e.name || x.explore)}`);
  }
  const capTile = view.capitals && view.capitals[h];
  if (x.capital != null) parts.push(t("capital_of", { name: seatName(ctx, x.capital) }));
  else if (capTile && !x.building && !x.city) parts.push(t("capital_free"));
  if (x.building) parts.push(`${nameOf("buildings", x.building.id)} (${seatName(ctx, x.building.owner)})`);
  if (x.city) parts.push(`${nameOf("cities", x.city.id)} (${seatName(ctx, x.city.owner)})`);
  const tile = x.building || x.city;
  if (tile && tile.palace) parts.push(t("palace_n", { p: tile.palace }));
  const goods = tile && tile.goods ? GOODS.filter((g) => tile.goods[g]) : [];
  if (goods.length) parts.push(goods.map((g) => `${tile.goods[g]} ${word("goods", g)}`).join(", "));
  const owner = ownerOf(x);
  if (owner != null && x.controller != null && x.controller !== owner)
    parts.push(t("occupied_by", { name: seatName(ctx, x.controller) }));
  if (uids.length) {
    const bySeat = new Map();
    for (const u of uids) {
      const s = view.units[u].seat;
      if (!bySeat.has(s)) bySeat.set(s, []);
      bySeat.get(s).push(unitLabel(view, u));
    }
    for (const [s, list] of bySeat) parts.push(`${seatName(ctx, s)}: ${list.join(", ")}`);
  }
  return parts.join(" — ");
}

/**
 * Whose area the map's camera follows: the seat to move when it is another seat alone (a bot's turn
 * the viewer watches), else the viewer (issue 19 §3: the camera follows the seat to move).
 */
export function followed(view) {
  const tm = view.to_move || [];
  return tm.length === 1 && tm[0] !== view.seat && !view.over ? tm[0] : view.seat;
}

// The map's drawn size in CSS pixels, read from layout once per <svg>, then as a ResizeObserver reports
// it (after a frame's layout). A redraw reads no layout: behind the pass screen the page's style is
// dirty while the board is drawn (the board hidden, focus let go), and a read there restyled and laid
// out the whole page at once (8-30 ms of the click that raises the pass screen).
let mapBox = null;
let observed = null;
const sizes =
  typeof ResizeObserver === "function"
    ? new ResizeObserver((entries) => {
        const e = entries[entries.length - 1];
        const b = e.borderBoxSize && e.borderBoxSize[0];
        mapBox = b ? [b.inlineSize, b.blockSize] : [e.contentRect.width, e.contentRect.height];
      })
    : null;

/** The map's drawn size in CSS pixels: the drawn <svg>'s, else a guess from the window (first draw). */
function mapPx() {
  if (typeof document === "undefined") return null;
  const svg = document.querySelector("svg.bz-map");
  if (!sizes || svg !== observed) {
    // a new <svg> (or none), seen once: its size now, then as the observer reports it
    const r = svg && svg.getBoundingClientRect();
    mapBox = r ? [r.width, r.height] : null;
    if (sizes) {
      if (observed) sizes.unobserve(observed);
      observed = svg;
      if (svg) sizes.observe(svg);
    }
  }
  if (mapBox && mapBox[0] > 50 && mapBox[1] > 50) return mapBox;
  const w = window.innerWidth;
  const h = window.innerHeight;
  return w < 700 ? [w - 36, 0.56 * h] : [0.72 * w, Math.min(0.64 * h, 600)];
}

const HEX_PX = 40; // a hex drawn this wide (CSS pixels) shows its tile, goods and unit chips readably

/**
 * A seat's own area in board units (its capital and units, centred, kept on the map) at a zoom that
 * draws hexes HEX_PX wide; null when the whole map is drawn that large already, or the seat has none.
 */
function ownArea(view, seat, b) {
  if (seat == null) return null;
  const cells = [];
  for (const [h, x] of Object.entries(view.hexes)) if (x.capital === seat) cells.push(cellOf(h));
  for (const u of Object.values(view.units))
    if (u.seat === seat && u.state === "map" && u.hex) cells.push(cellOf(u.hex));
  const px = mapPx();
  if (!cells.length || !px) return null;
  const per = (S * Math.sqrt(3)) / HEX_PX; // board units per pixel
  let w = px[0] * per;
  let h = px[1] * per;
  if (w >= b.w && h >= b.h) return null;
  const box = HEX.bounds(cells);
  const grow = Math.max(1, (box.w + 2 * S) / w, (box.h + 2 * S) / h);
  w *= grow;
  h *= grow;
  const inside = (c, len, whole) =>
    len >= whole ? (whole - len) / 2 : Math.min(Math.max(c, 0), whole - len);
  return {
    x: inside(box.x - b.x + box.w / 2 - w / 2, w, b.w),
    y: inside(box.y - b.y + box.h / 2 - h / 2, h, b.h),
    w,
    h,
  };
}

/** Map keys to highlight now: the next keys of the items being chosen among -> {hex: key}. */
function hotHexes(ctx) {
  const hot = new Map();
  const picked = ctx.selAll.length > 0;
  for (const li of current(ctx)) {
    const k = nextKey(ctx, li);
    if (!k) continue;
    const i = k.indexOf(":");
    const p = k.slice(0, i);
    if (!MAP_PREFIX.includes(p)) continue;
    const h = k.slice(i + 1);
    const had = hot.get(h);
    // a hex both a source and a target: the target once something is picked, else the source
    if (!had || (picked ? p === "hex" && had.startsWith("stack:") : p === "stack" && had.startsWith("hex:")))
      hot.set(h, k);
  }
  return hot;
}

/** Does a target key lead to a fight (a ranged attack, enemy units or tile, a face-down tile)? */
function fights(view, ctx, key) {
  if (!key.startsWith("hex:")) return false;
  const h = key.slice(4);
  const x = view.hexes[h] || {};
  const me = view.seat;
  if (ctx.candidates(key).some((li) => li.action.type === "ranged")) return true;
  if (!ctx.candidates(key).some((li) => li.action.type === "move")) return false;
  if (x.explore != null) return true;
  const owner = ownerOf(x);
  if (owner != null && owner !== me && x.controller !== me) return true;
  return Object.values(view.units).some((u) => u.hex === h && u.seat !== me && u.state === "map");
}

/**
 * What lies on the hexes (tiles, marks, units, each hex's tooltip): the same markup as long as the view's
 * parts it is drawn from are the same objects (a reply carries an unchanged part of the view over as the
 * object held: controller.js), the seats' names and the language too; most clicks change only the
 * targets, and this layer is then not drawn again.
 */
const piecesMemo = { key: null, html: "" };
function piecesLayers(view, ctx, cells) {
  const key = [
    view.map,
    view.hexes,
    view.units,
    view.capitals,
    view.battle,
    (view.empires || []).map((e) => e.board).join(),
    lang(),
    (ctx.names || []).join("\u0000"),
  ];
  const was = piecesMemo.key;
  if (was && key.every((k, i) => k === was[i])) return piecesMemo.html;
  // units by hex
  const unitsAt = new Map();
  for (const [uid, u] of Object.entries(view.units)) {
    if (u.state !== "map" || !u.hex) continue;
    if (!unitsAt.has(u.hex)) unitsAt.set(u.hex, []);
    unitsAt.get(u.hex).push(uid);
  }
  const fighting = new Set(view.battle ? view.battle.units || [] : []);
  const things = [];
  const units = [];
  const hits = [];
  for (const [q, r] of cells) {
    const h = `${q},${r}`;
    const x = view.hexes[h];
    if (!x) continue;
    const uids = unitsAt.get(h) || [];
    const drawn = hexThings(view, h, x);
    if (drawn) things.push(drawn);
    if (uids.length) units.push(hexUnits(view, h, uids, fighting));
    if (drawn || uids.length)
      hits.push(
        `<polygon class="hx-hit" points="${HEX.points(q, r, 0.5)}"><title>${esc(hexWords(view, ctx, h, x, uids))}</title></polygon>`,
      );
  }
  const html =
    `<g class="l-things">${things.join("")}</g>` +
    `<g class="l-hits">${hits.join("")}</g>` +
    `<g class="l-units">${units.join("")}</g>`;
  piecesMemo.key = key;
  piecesMemo.html = html;
  return html;
}

function mapSVG(view, ctx, hot, area, follow) {
  const cells = DATA.maps[view.map] || [];
  const b = mapBounds(view.map);
  const shift = (box) => ({ ...box, x: box.x - b.x, y: box.y - b.y });
  const boxOf = (h) => (h ? shift(HEX.box(...cellOf(h))) : null);
  const selKey = [...ctx.selAll].reverse().find((k) => MAP_PREFIX.includes(k.slice(0, k.indexOf(":"))));
  const selHex = selKey ? selKey.slice(selKey.indexOf(":") + 1) : null;
  const battleHex = view.battle ? view.battle.hex : null;
  const cam = camera("bz-map", b.w, b.h, {
    min: 4 * S,
    focus: area,
    follow,
    reveal: { sel: boxOf(selHex), battle: boxOf(battleHex) },
    targets: [...hot.keys()].map(boxOf),
  });
  const layers = [piecesLayers(view, ctx, cells)];
  if (battleHex) {
    const [q, r] = cellOf(battleHex);
    const [cx, cy] = HEX.centre(q, r);
    layers.push(
      `<g class="l-battle"><polygon class="battle-hex" data-testid="battle-hex" points="${HEX.points(q, r, 0.6)}"><title>${esc(t("battle_here"))}</title></polygon>` +
        use("bz-swords", cx - 2.6, cy - 2.6, 5.2) +
        `</g>`,
    );
  }
  const hotEls = [];
  for (const [h, key] of hot) {
    const [q, r] = cellOf(h);
    const kind = key.startsWith("stack:") ? "pick" : fights(view, ctx, key) ? "attack" : "reach";
    hotEls.push(
      `<polygon class="hot ${kind}" data-bench="target" data-testid="hex-target" data-mapkey="${esc(key)}" points="${HEX.points(q, r, 0.9)}"><title>${esc(keyLabel(view, key))}</title></polygon>`,
    );
  }
  if (selHex) {
    const [q, r] = cellOf(selHex);
    hotEls.push(`<polygon class="sel-ring" data-testid="map-selected" points="${HEX.points(q, r, 0.7)}"/>`);
  }
  layers.push(`<g class="l-hot">${hotEls.join("")}</g>`);
  return camBoard("bz-map", cam, {
    under: `<g transform="translate(${f1(-b.x)} ${f1(-b.y)})">${terrainLayer(view.map)}</g>`,
    underCls: "bz-terrain",
    body: `<g transform="translate(${f1(-b.x)} ${f1(-b.y)})">${layers.join("")}</g>`,
    cls: "bz-map",
    attrs: `data-testid="bz-map"`,
    label: t("map_label"),
  });
}

const legendCache = { key: "", html: "" };

/** The map's legend (terrain, tiles, marks, units), in the language of the page. */
function legend() {
  if (legendCache.key === lang()) return legendCache.html;
  const sw = (cls, label) =>
    `<span class="lg"><svg viewBox="-10 -10 20 20" aria-hidden="true"><polygon class="${cls}" points="${HEX.points(0, 0, 0.5)}"/></svg>${esc(label)}</span>`;
  const ic = (id, label, cls = "") =>
    `<span class="lg${cls ? ` ${cls}` : ""}"><svg viewBox="0 0 10 10" aria-hidden="true"><use href="#${id}"/></svg>${esc(label)}</span>`;
  const unit = (type) =>
    `<span class="lg"><svg viewBox="-2.4 -2.4 4.8 4.8" aria-hidden="true"><circle class="u-bg lg-u" r="2.2"/><use href="#bz-u-${type}" x="-1.5" y="-1.5" width="3" height="3"/></svg>${esc(word("units", type))}</span>`;
  const html =
    `<details class="legend bz-legend" data-testid="bz-legend"><summary>${esc(t("legend"))}</summary>` +
    `<div class="lg-row">${TERRAINS.map((k) => sw(`tr t-${k}`, word("terrain", k))).join("")}</div>` +
    `<div class="lg-row">` +
    sw("fd", t("facedown")) +
    ic("bz-eye", t("peeked")) +
    ic("bz-flag", t("red_flag"), "lg-red") +
    sw("band", t("bandeiras")) +
    ic("bz-capital", t("capital_palace"), "lg-own") +
    ic("bz-city", t("city_mansion"), "lg-own") +
    ic("bz-crown", word("word", "palace")) +
    ic("bz-flag", t("occupied"), "lg-occ") +
    ic("bz-swords", t("battle_here")) +
    `</div>` +
    `<div class="lg-row">${BUILDING_ORDER.map((k) => ic(`bz-b-${k}`, nameOf("buildings", k))).join("")}</div>` +
    `<div class="lg-row">${GOODS.map((k) => ic(`bz-g-${k}`, word("goods", k))).join("")}</div>` +
    `<div class="lg-row">${UNIT_TYPES.map(unit).join("")}</div>` +
    `<p class="muted lg-note">${esc(t("legend_note"))}</p></details>`;
  legendCache.key = lang();
  legendCache.html = html;
  return html;
}

function mapSection(view, ctx) {
  const cells = DATA.maps[view.map] || [];
  if (!cells.length) return "";
  const b = mapBounds(view.map);
  const hot = hotHexes(ctx);
  const follow = followed(view);
  const area = ownArea(view, follow, b);
  const selKey = [...ctx.selAll].reverse().find((k) => MAP_PREFIX.includes(k.slice(0, k.indexOf(":"))));
  const sel = selKey
    ? `<span class="map-sel" data-testid="map-sel">${esc(t("selected", { what: keyLabel(view, selKey) }))}</span>`
    : "";
  const round = view.round > 0 ? ` · ${esc(t("round_n", { n: view.round }))}` : "";
  const line = `<span class="bz-era">${esc(word("eras", String(view.era)))}${round}</span>`;
  const tools = camTools(
    "bz-map",
    { in: t("zoom_in"), out: t("zoom_out"), fit: t("zoom_fit"), home: area ? t("zoom_home") : "" },
    line + sel,
  );
  return (
    `<section class="bz-map-wrap" aria-label="${esc(t("map"))}">${tools}${mapSVG(view, ctx, hot, area, follow)}` +
    // the twins in a box that is always there (empty without targets): when targets come or go, the
    // legend after it stays the same node (a redraw matches children by position; the legend was parsed,
    // styled and laid out anew, and closed if the player had opened it)
    `<div class="bz-twins">${camTwins(
      [...hot.values()].map((k) => [k, keyLabel(view, k)]),
      t("map_targets"),
    )}</div>` +
    legend() +
    `</section>`
  );
}

// ------------------------------------------------------------------------------- the board

/** A payment under way, in the pending box: what it is for and what is still owed. */
function payingLine(view, d) {
  const pay = view.paying;
  if (d.kind !== "pay" || !pay) return "";
  return `<div class="muted bz-paying" data-testid="bz-paying">${esc(t("paying_for", { what: pick(pay.for), owed: pick(pay.owed) }))}</div>`;
}

export function boardSections(view, ctx) {
  return [
    ["map", mapSection(view, ctx)],
    ["battle", combatBox(view, ctx)],
    ["pending", pendingBox(view, ctx, { more: (d) => payingLine(view, d) })],
    ["empires", empireBoards(view, ctx)],
    ["common", commonBoard(view, ctx)],
  ];
}

export const boardClass = (view) =>
  `bz-board phase-${view.phase ? view.phase.kind : ""}${view.battle ? " in-battle" : ""}`;
