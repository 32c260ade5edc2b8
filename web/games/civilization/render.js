// Civilization front end: the board as a pure function of (view, legal, selection), following the
// renderer contract of docs/architecture.md §1.3. Nothing here knows the rules: every clickable
// thing is a key of some legal action (actionKeys), and long choices go step by step (the kit's action
// panel, app/kit/panel.js, offers one step at a time: a figure, then a square; a city, then what to
// produce; a player, then what to give ...).
//
// Keys (ordered per action; the first one not yet selected is the next step):
//   stack:<sq>  figures on a square      sq:<sq>    a square          tile:<cell>  a face-down tile
//   city:<i>    a city                   prod:<g>   a production group (figure, unit, building, wonder)
//   to:<seat>   an offer's partner       give:<b>   an offer's bundle  lvl:<n> / tech:<id>  research
//   bcard:<id>  a battle card            front:<n>  a front            ccard:<id>  a culture card
//   gp:<id>     a great person           abil:<id>  a tech ability     opt:<n>     an effect's branch
//   civ:<id>    a civilization (chosen before setup, option civs: choose)

import { translator, pick, esc, lang } from "../../app/i18n.js";
import { card, details, domId } from "../../app/kit/card.js";
import STRINGS from "./strings.js";
import N from "./names.js";
import STARTS from "./starts.js";
import { mapSVG } from "./map.js";
import { current, nextKey } from "../../app/kit/panel.js";
import { pendingBox } from "../../app/kit/pending.js";
import { installCamera, camTools, camTwins } from "../../app/kit/camera.js";

export const strings = STRINGS;
const t = translator(STRINGS);
const PHASES = ["start", "trade", "city", "move", "research"];
const UNITS = ["infantry", "mounted", "artillery", "aircraft"];
const RESOURCES = ["wheat", "silk", "incense", "iron", "spy", "uranium"];
const MAP_PREFIX = ["stack", "sq", "tile", "city"];

installCamera();

// ------------------------------------------------------------------------------- names and words

const nm = (table, id) =>
  N[table] && N[table][id] ? pick(N[table][id].name || N[table][id]) : String(id ?? "");
const coords = (view, sq) => `(${(sq % view.map.w) + 1},${Math.floor(sq / view.map.w) + 1})`;

function prodGroup(item) {
  if (item === "army" || item === "scout") return "figure";
  return item.split(":")[0];
}

/** Keys of the board elements an action is about, in the order a player chooses them. */
export function actionKeys(a, view) {
  const figSq = (id) => {
    const f = (view.figures || []).find((x) => x.id === id);
    return f ? f.sq : null;
  };
  const extra = [];
  if (a.opt != null) extra.push(`opt:${a.opt}`);
  if (a.city != null && a.type !== "produce" && a.type !== "arts" && a.type !== "harvest")
    extra.push(`city:${a.city}`);
  // an effect's figures (Steam Power ships them from here), then its square (where to), or a pinned square
  if (a.from != null && (a.type === "ability" || a.type === "culture_card")) extra.push(`stack:${a.from}`);
  if (a.sq != null && !["capital", "place", "site", "place_gp"].includes(a.type)) extra.push(`sq:${a.sq}`);
  if (a.freeze != null) extra.push(`sq:${a.freeze}`);
  switch (a.type) {
    case "civ":
      return [`civ:${a.civ}`];
    case "capital":
    case "place":
    case "site":
      return [`sq:${a.sq}`];
    case "place_gp":
      return [`gp:${a.gp}`, `sq:${a.sq}`];
    case "found": {
      const s = figSq(a.fig);
      return s != null ? [`sq:${s}`] : [];
    }
    case "gather": {
      const s = figSq(a.fig);
      return s != null ? [`stack:${s}`, `city:${a.city}`] : [`city:${a.city}`];
    }
    case "move":
      return [`stack:${a.from}`, `sq:${a.to}`];
    case "explore":
      return a.from != null ? [`stack:${a.from}`, `tile:${a.cell}`] : [`tile:${a.cell}`];
    case "step":
      return [`sq:${a.to}`];
    case "produce":
      return [`city:${a.city}`, `prod:${prodGroup(a.item)}`];
    case "arts":
    case "harvest":
      return [`city:${a.city}`];
    case "offer":
      return [`to:${a.to}`, `give:${a.give}`];
    case "research": {
      if (!a.tech) return [];
      const lv = N.tech[a.tech] ? N.tech[a.tech].level : 0;
      return [`lvl:${lv}`, `tech:${a.tech}`];
    }
    case "play":
      return [`bcard:${a.card}`, `front:${a.front}`];
    case "culture_card":
      return [`ccard:${a.card}`, ...extra];
    case "discard":
      return [`ccard:${a.card}`];
    case "ability":
      return [`abil:${a.tech}`, ...extra];
    default:
      return extra.length > 1 ? extra : [];
  }
}

/** Words for a key ("Choices for …", the panel's step buttons). */
export function keyLabel(view, key, ctx) {
  const i = key.indexOf(":");
  const kind = key.slice(0, i);
  const v = key.slice(i + 1);
  switch (kind) {
    case "stack":
      return t("figures_at", { at: coords(view, +v) });
    case "sq":
      return t("square_at", { at: coords(view, +v) });
    case "tile":
      return t("facedown_tile");
    case "city": {
      const c = (view.cities || []).find((x) => x.index === +v);
      return c ? t("city_at", { at: coords(view, c.sq) }) : key;
    }
    case "prod":
      return t("prod_" + v);
    case "to":
      return t("offer_to", { name: ctx?.names?.[+v] || t("player_n", { n: +v + 1 }) });
    case "give":
      return t("give", { what: bundleText(v) });
    case "lvl":
      return t("tech_level", { n: v });
    case "tech":
      return nm("tech", v);
    case "bcard":
      return t("battle_card");
    case "front":
      return +v < 0 ? t("new_front") : t("front_n", { n: +v + 1 });
    case "ccard":
      return nm("event", v.replace(/_\d+$/, ""));
    case "gp":
      return nm("gp", v);
    case "abil":
      return nm("tech", v);
    case "opt":
      return t("option_n", { n: +v + 1 });
    case "civ":
      return nm("civ", v);
    default:
      return key;
  }
}

function bundleText(b) {
  if (b === "nothing") return t("nothing");
  const [k, v] = b.split(":");
  if (k === "trade" || k === "culture") return `${v} ${t(k)}`;
  if (k === "res") return nm("resource", v);
  if (k === "card") return t("culture_card");
  return b;
}

// ------------------------------------------------------------------------------- steps

/** A map key stays a step even when every item shares it: the one square a figure can reach is shown. */
export const keepsShared = (k) => MAP_PREFIX.includes(k.slice(0, k.indexOf(":")));

/** Map squares to highlight: next keys that are map keys -> {sq: [key, kind]}. */
function hotSquares(view, ctx) {
  const hot = new Map();
  const cells = new Set();
  for (const li of current(ctx)) {
    const k = nextKey(ctx, li);
    if (!k) continue;
    const [p, v] = [k.slice(0, k.indexOf(":")), k.slice(k.indexOf(":") + 1)];
    if (!MAP_PREFIX.includes(p)) continue;
    if (p === "tile") {
      cells.add(+v);
      continue;
    }
    let sq = +v;
    if (p === "city") {
      const c = (view.cities || []).find((x) => x.index === +v);
      if (!c) continue;
      sq = c.sq;
    }
    if (!hot.has(sq)) hot.set(sq, k);
  }
  return { hot, cells: [...cells] };
}

// ------------------------------------------------------------------------------- board parts

/** The phase of the turn (the view's `phase` is `{kind, name}`, as in every game). */
const phaseKind = (view) => (view.phase ? view.phase.kind : "");

function topBar(view, ctx) {
  const ph = phaseKind(view);
  const steps = PHASES.map(
    (p) =>
      `<li class="ph-step ph-${p}${p === ph ? " now" : ""}"${p === ph ? ' aria-current="step"' : ""}>${esc(t("phase_" + p))}</li>`,
  ).join("");
  const first =
    view.first != null
      ? `<span class="first">${esc(t("first_player", { name: ctx.names[view.first] }))}</span>`
      : "";
  return (
    `<section class="civ-top" aria-label="${esc(t("turn_track"))}">` +
    `<div class="turn-line">${ph === "setup" ? "" : `<span class="turn-n">${esc(t("turn_n", { n: view.turn || 0 }))}</span>`}` +
    (view.learning
      ? `<span class="learning">${esc(t("learning_game"))}</span>${ctx.rulesLink("track:learning_game")}`
      : "") +
    first +
    `</div><ol class="ph-steps">${steps}</ol></section>`
  );
}

/**
 * Whose area the map's camera follows: the seat to move when it is another seat alone (a bot's turn
 * the viewer watches), else the viewer (issue 17: the camera follows the seat to move).
 */
export function followed(view) {
  const tm = view.to_move || [];
  return tm.length === 1 && tm[0] !== view.seat && !view.over ? tm[0] : view.seat;
}

/**
 * A seat's own area in squares (home tile, cities and figures, two squares around), for the map's
 * first view when the whole map would draw its squares small; null when that area is most of the map.
 */
function ownArea(view, me) {
  const { w, h, tiles } = view.map;
  if (me == null || !tiles) return null;
  const sqs = [];
  for (const tl of tiles)
    if (tl.home === me) sqs.push(tl.y * 4 * w + tl.x * 4, (tl.y * 4 + 3) * w + tl.x * 4 + 3);
  for (const c of view.cities || []) if (c.owner === me) sqs.push(c.sq);
  for (const f of view.figures || []) if (f.owner === me && f.sq != null && f.sq >= 0) sqs.push(f.sq);
  if (!sqs.length) return null;
  const xs = sqs.map((q) => q % w);
  const ys = sqs.map((q) => Math.floor(q / w));
  let x0 = Math.max(0, Math.min(...xs) - 2);
  let y0 = Math.max(0, Math.min(...ys) - 2);
  let x1 = Math.min(w, Math.max(...xs) + 3);
  let y1 = Math.min(h, Math.max(...ys) + 3);
  // at least 8 x 8 squares, grown around the area and kept on the map
  const grow = (a, b, min, max) => {
    if (b - a >= min) return [a, b];
    const extra = min - (b - a);
    let na = a - Math.floor(extra / 2);
    let nb = b + Math.ceil(extra / 2);
    if (na < 0) {
      nb -= na;
      na = 0;
    }
    if (nb > max) {
      na -= nb - max;
      nb = max;
    }
    return [Math.max(0, na), nb];
  };
  [x0, x1] = grow(x0, x1, Math.min(8, w), w);
  [y0, y1] = grow(y0, y1, Math.min(8, h), h);
  if ((x1 - x0) * (y1 - y0) > 0.6 * w * h) return null;
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

function mapSection(view, ctx) {
  const { hot, cells } = hotSquares(view, ctx);
  const selStack = ctx.selAll.find((k) => k.startsWith("stack:") || k.startsWith("city:"));
  const follow = followed(view);
  const area = ownArea(view, follow);
  const svg = mapSVG({
    view,
    t,
    follow,
    cells,
    battleSq: view.battle ? view.battle.square : null,
    focus: area,
    selSq: selStack
      ? selStack.startsWith("stack:")
        ? +selStack.slice(6)
        : ((view.cities || []).find((c) => `city:${c.index}` === selStack) || {}).sq
      : null,
    hot: [...hot].map(([sq, key]) => [
      sq,
      key.startsWith("stack:") || key.startsWith("city:") ? "pick" : "reach",
    ]),
    keyOf: (sq) => hot.get(sq),
    hotLabel: (sq) => keyLabel(view, hot.get(sq), ctx),
    itemName: (it) =>
      `${it.kind === "wonder" ? nm("wonder", it.id) : it.kind === "great_person" ? nm("gp", it.id) : nm("building", it.id)} (${ctx.names[it.owner]})${it.obsolete ? ` — ${t("obsolete")}` : ""}`,
    cityLabel: (c) =>
      `${c.capital ? t("capital") : t("city")} ${coords(view, c.sq)} — ${ctx.names[c.owner]}: ${t("yield_line", c.yield)}${c.walls ? `, ${t("walls")}` : ""}${c.blockaded.length ? `, ${t("blockaded")}` : ""}`,
    figuresLabel: (sq, list) =>
      `${coords(view, sq)}: ${list.map((f) => `${t(f.kind)} (${ctx.names[f.owner]})`).join(", ")}`,
  });
  // the twins: one real button per clickable map key (keyboard and screen-reader access; map clicks use them)
  const keys = [...new Set([...hot.values(), ...cells.map((c) => `tile:${c}`)])];
  const sel = selStack
    ? `<span class="map-sel">${esc(t("selected", { what: keyLabel(view, selStack, ctx) }))}</span>`
    : "";
  const tools = camTools(
    "civ-map",
    { in: t("zoom_in"), out: t("zoom_out"), fit: t("zoom_fit"), home: area ? t("zoom_home") : "" },
    sel + `<span class="map-help muted">${esc(t("map_help"))}</span>`,
  );
  return (
    `<section class="map-wrap" aria-label="${esc(t("map"))}">${tools}${svg}` +
    // the twins in a box that is always there (empty without targets): when targets come or go (a
    // bot's turn, a step with nothing on the map), the legend after it stays the same node (a redraw
    // matches children by position: the legend was parsed and laid out anew, and closed if opened)
    `<div class="civ-twins">${camTwins(
      keys.map((k) => [k, keyLabel(view, k, ctx)]),
      t("map_targets"),
    )}</div>` +
    legend() +
    `</section>`
  );
}

function legend() {
  const ic = (k, label) =>
    `<span class="lg"><svg viewBox="0 0 10 10" aria-hidden="true"><use href="#ci-${k}"/></svg>${esc(label)}</span>`;
  return (
    `<details class="legend"><summary>${esc(t("legend"))}</summary><div class="lg-row">` +
    ic("trade", t("trade")) +
    ic("production", t("production")) +
    ic("culture", t("culture")) +
    ic("coin", t("coins")) +
    RESOURCES.map((r) => ic(r, nm("resource", r))).join("") +
    ic("hut", t("hut")) +
    ic("village", t("village")) +
    ic("army", t("army")) +
    ic("scout", t("scout")) +
    ic("city", t("city")) +
    ic("building", t("building")) +
    ic("wonder", t("wonder")) +
    ic("gp", t("great_person")) +
    `<span class="lg"><span class="sw blockade-sw"></span>${esc(t("blockaded"))}</span><span class="lg"><span class="sw unknown-sw"></span>${esc(t("facedown_tile"))}</span>` +
    `</div></details>`
  );
}

function keyButton(ctx, key, inner, cls, label) {
  const acts = ctx.candidates(key);
  const sel = ctx.selAll.includes(key);
  if (!acts.length && !sel) return `<span class="${cls}" title="${esc(label)}">${inner}</span>`;
  return `<button type="button" class="${cls} target${sel ? " selected" : ""}" data-key="${esc(key)}" aria-pressed="${sel}" title="${esc(label)}">${inner}</button>`;
}

function unitChip(ctx, u, key) {
  const inner = `<span class="u-type">${esc(nm("unit", u.type))}</span><span class="u-str">${u.strength}</span>`;
  const label = `${nm("unit", u.type)} ${u.strength}`;
  return key
    ? keyButton(ctx, key, inner, `unit u-${esc(u.type)}`, label)
    : `<span class="unit u-${esc(u.type)}" title="${esc(label)}">${inner}</span>`;
}

/** Which unit type trumps which (names.js), in words: the trumping unit deals its wounds first. */
function trumpsLine() {
  const pairs = UNITS.filter((u) => N.unit[u] && N.unit[u].trumps).map((u) =>
    t("trumps", { a: nm("unit", u), b: nm("unit", N.unit[u].trumps) }),
  );
  return pairs.length
    ? `<p class="b-trumps muted" data-testid="battle-trumps">${esc(pairs.join(" · "))} — ${esc(t("trumps_rule"))}</p>`
    : "";
}

function battleSection(view, ctx) {
  const b = view.battle;
  if (!b) return "";
  const barb = b.defender == null;
  const seatOf = (s) => (s === "a" ? b.attacker : b.defender);
  const sideName = (s) =>
    s === "d" && barb
      ? `${t("barbarians")}${b.proxy != null ? ` (${ctx.names[b.proxy]})` : ""}`
      : ctx.names[seatOf(s)];
  const count = (s) =>
    UNITS.reduce((n, u) => n + ((b.hand_count && b.hand_count[s] && b.hand_count[s][u]) || 0), 0);
  const counts = (s) =>
    UNITS.filter((u) => b.hand_count && b.hand_count[s] && b.hand_count[s][u])
      .map((u) => `${nm("unit", u)} ×${b.hand_count[s][u]}`)
      .join(", ");
  const head = (s) => {
    const seat = seatOf(s);
    const you = b.side === s;
    const list = counts(s);
    return (
      `<div class="b-head ${s}${seat != null ? ` seat-${seat}` : " barb"}${you ? " you" : ""}${b.turn === s ? " now" : ""}" data-testid="battle-side" data-side="${s}">` +
      `<strong>${esc(t(s === "a" ? "attacker" : "defender"))}</strong> <span class="b-name">${esc(sideName(s))}</span>${you ? ` <span class="b-you">${esc(t("your_side"))}</span>` : ""}` +
      `<span class="b-meta">${esc(t("bonus_n", { n: (b.bonus && b.bonus[s]) || 0 }))} · ${esc(t("cards_n", { n: count(s) }))}${list ? ` (${esc(list)})` : ""}</span></div>`
    );
  };
  const card = (u, s, i) => {
    if (!u) return `<span class="unit empty" aria-label="${esc(t("no_unit"))}">—</span>`;
    const dead = u.wounds >= u.strength;
    const inner =
      `<span class="u-type">${esc(nm("unit", u.type))}</span><span class="u-str">${u.strength}</span>` +
      (u.wounds
        ? `<span class="u-w">${esc(dead ? t("killed") : t("wounds_n", { n: u.wounds }))}</span>`
        : "");
    const label = `${nm("unit", u.type)} ${u.strength}${u.wounds ? `, ${t("wounds_n", { n: u.wounds })}` : ""}`;
    const cls = `unit u-${esc(u.type)}${dead ? " dead" : ""}`;
    // the unit on the side that does not play now is the target of an attack on its front
    return s !== b.side
      ? keyButton(ctx, `front:${i}`, inner, cls, label)
      : `<span class="${cls}" title="${esc(label)}">${inner}</span>`;
  };
  const fronts = (b.fronts || [])
    .map(
      (f, i) =>
        `<li class="front" data-testid="battle-front" data-front="${i}"><span class="f-n">${esc(t("front_n", { n: i + 1 }))}</span>` +
        `<span class="f-slot a">${card(f.a, "a", i)}</span><span class="vs" aria-hidden="true">⚔</span><span class="f-slot d">${card(f.d, "d", i)}</span></li>`,
    )
    .join("");
  const newFront =
    ctx.candidates("front:-1").length || ctx.selAll.includes("front:-1")
      ? `<div class="b-new">${keyButton(ctx, "front:-1", `＋ ${esc(t("new_front"))}`, "new-front", t("new_front"))}</div>`
      : "";
  const hand = b.hand
    ? `<div class="b-hand"><h3 class="mini-h">${esc(t("your_battle_hand"))}</h3><div class="units">${b.hand.map((u) => unitChip(ctx, u, `bcard:${u.id}`)).join("") || `<span class="muted">${esc(t("none"))}</span>`}</div></div>`
    : "";
  const turn = b.turn ? t("to_play", { name: sideName(b.turn) }) : "";
  return (
    `<section class="battle" data-testid="civ-battle" aria-label="${esc(t("battle"))}"><h2 class="mini-h">⚔ ${esc(t("battle_at", { at: coords(view, b.square) }))} ${ctx.rulesLink("pending:battle")}</h2>` +
    `<div class="b-table"><div class="b-heads">${head("a")}<span class="vs" aria-hidden="true">⚔</span>${head("d")}</div>` +
    `<ol class="fronts">${fronts || `<li class="muted no-front">${esc(t("no_fronts"))}</li>`}</ol></div>` +
    `<p class="b-turn${b.turn === b.side ? " mine" : ""}">${esc(turn)}</p>${newFront}${hand}${trumpsLine()}</section>`
  );
}

function researchSection(view, ctx) {
  const me = view.seat;
  const c = me != null ? view.civs[me] : null;
  const opts = c && c.research_options;
  if (!opts || !opts.length) return "";
  const byLv = {};
  for (const id of opts) (byLv[N.tech[id] ? N.tech[id].level : 0] ||= []).push(id);
  const rows = Object.keys(byLv)
    .sort()
    .map(
      (lv) =>
        `<div class="r-row"><span class="r-lv">${esc(t("tech_level", { n: lv }))}</span>` +
        byLv[lv].map((id) => techCard(ctx, id)).join("") +
        `</div>`,
    )
    .join("");
  return `<section class="research" data-testid="civ-research" aria-label="${esc(t("research_options"))}"><h2 class="mini-h">${esc(t("research_options"))} ${ctx.rulesLink("phase:research")}</h2>${rows}</section>`;
}

/** A tech to research (the kit's card): its name and text, its level and a "?" in its details. */
function techCard(ctx, id) {
  const text = pick(N.tech[id] && N.tech[id].text);
  return card(ctx, {
    id: domId("p-tech", id),
    title: nm("tech", id),
    key: `tech:${id}`,
    cls: "tech-cell",
    faceCls: "tech-opt",
    rules: "card:tech",
    face: `<span class="tname">${esc(nm("tech", id))}</span><span class="ttext">${esc(text)}</span>`,
    info: () =>
      details(ctx, {
        title: nm("tech", id),
        rules: "card:tech",
        meta: esc(t("tech_level", { n: N.tech[id] ? N.tech[id].level : "?" })),
        text,
      }),
  });
}

/** A culture card in its owner's hand (the kit's card): its event's name and text, its era in its details. */
function cultureCard(ctx, seat, h) {
  const ev = N.event[h.event];
  return card(ctx, {
    id: domId("p-cc", seat, h.id),
    title: nm("event", h.event),
    key: `ccard:${h.id}`,
    cls: "ccard-cell",
    faceCls: `ccard era-${esc(ev ? ev.era : "")}`,
    rules: "card:culture",
    face: `<span class="cc-name">${esc(nm("event", h.event))}</span><span class="cc-text">${esc(pick(ev && ev.text))}</span>`,
    info: () =>
      details(ctx, {
        title: nm("event", h.event),
        rules: "card:culture",
        meta: ev ? esc(t("era_" + ev.era)) : "",
        text: pick(ev && ev.text),
      }),
  });
}

const pyramids = new Map(); // language + techs -> markup (most redraws draw the same pyramids again)

/** The tech pyramid by row (a starting tech sits in row 1 whatever its level), with the open slots of each
 * row drawn dashed: a row holds at most one tech fewer than the row below it (digest A39). */
function pyramid(civ) {
  const key = `${lang()} ${JSON.stringify(civ.techs)}`;
  let html = pyramids.get(key);
  if (html === undefined) {
    html = pyramidHTML(civ);
    if (pyramids.size > 200) pyramids.clear();
    pyramids.set(key, html);
  }
  return html;
}

function pyramidHTML(civ) {
  const level = (x) => (N.tech[x.id] ? N.tech[x.id].level : x.row);
  const rows = [1, 2, 3, 4, 5].map((r) => civ.techs.filter((x) => (x.row || level(x)) === r));
  const html = rows
    .map((row, i) => {
      const open = i === 0 ? 0 : Math.max(0, rows[i - 1].length - 1 - row.length);
      if (!row.length && !open) return "";
      const techs = row
        .map(
          (x) =>
            `<span class="tech lv-${level(x)}" title="${esc(`${nm("tech", x.id)} (${t("tech_level", { n: level(x) })}): ${pick(N.tech[x.id] && N.tech[x.id].text)}`)}">${esc(nm("tech", x.id))}</span>`,
        )
        .join("");
      const slots = Array.from(
        { length: Math.min(open, 5) },
        () =>
          `<span class="tech empty" title="${esc(t("pyramid_slot", { n: i + 1 }))}"><span class="sr-only">${esc(t("pyramid_slot", { n: i + 1 }))}</span></span>`,
      ).join("");
      return `<div class="pyr-row lv-${i + 1}" data-level="${i + 1}"><span class="pyr-n" aria-hidden="true">${["I", "II", "III", "IV", "V"][i]}</span><span class="pyr-techs">${techs}${slots}</span></div>`;
    })
    .reverse()
    .join("");
  const list = civ.techs
    .map(
      (x) =>
        `<li><strong>${esc(nm("tech", x.id))}</strong>: ${esc(pick(N.tech[x.id] && N.tech[x.id].text))}</li>`,
    )
    .join("");
  return (
    `<div class="pyramid" data-testid="tech-pyramid" aria-label="${esc(t("tech_pyramid"))}">${html}</div>` +
    (list
      ? `<details class="tech-list"><summary>${esc(t("tech_list"))}</summary><ul>${list}</ul></details>`
      : "")
  );
}

function dial(label, value, max, cls) {
  const pct = Math.max(0, Math.min(100, Math.round((value / max) * 100)));
  return (
    `<div class="dial ${cls}" data-testid="dial-${cls.slice(2)}" role="meter" aria-valuemin="0" aria-valuemax="${max}" aria-valuenow="${value}" aria-label="${esc(label)}">` +
    `<span class="d-lbl">${esc(label)}</span><span class="d-bar"><span style="width:${pct}%"></span></span><span class="d-val">${value}</span></div>`
  );
}

/** Own standing forces grouped by type, then strength ("Infantry: 4 ×3, 5 ×1"): one line per type. */
function forcesList(forces) {
  if (!forces.length) return `<p class="muted">${esc(t("none"))}</p>`;
  const rows = UNITS.map((u) => {
    const by = {};
    for (const f of forces) if (f.type === u) by[f.strength] = (by[f.strength] || 0) + 1;
    const strengths = Object.keys(by)
      .map(Number)
      .sort((a, b) => b - a);
    if (!strengths.length) return "";
    return (
      `<li class="f-row u-${u}"><span class="u-type">${esc(nm("unit", u))}</span>` +
      strengths
        .map(
          (st) =>
            `<span class="f-chip" title="${esc(`${nm("unit", u)} ${st} ×${by[st]}`)}"><b>${st}</b>${by[st] > 1 ? `<small>×${by[st]}</small>` : ""}</span>`,
        )
        .join("") +
      `</li>`
    );
  }).join("");
  return `<ul class="forces" data-testid="standing-forces">${rows}</ul>`;
}

/** Another player's hidden cards as counts ("Infantry ×2 (hidden)"), or "none". */
function hiddenCounts(parts) {
  return parts.length
    ? `<p>${esc(parts.join(", "))} <span class="muted">(${esc(t("hidden_cards"))})</span></p>`
    : `<p class="muted">${esc(t("none"))}</p>`;
}

function traitsLine(c) {
  const tr = c.traits;
  if (!tr) return "";
  const water = tr.water && tr.water !== "none" ? ` · ${t("water_" + tr.water)}` : "";
  return `<p class="line traits" data-testid="civ-traits">${esc(t("traits_line", { speed: tr.speed, stack: tr.stack, hand: tr.hand, battle: tr.battle_hand }))}${esc(water)}</p>`;
}

const sheets = new Map(); // seat -> {key, html}: a sheet is built again only when something it shows changed

/**
 * A player's sheet (sheetHTML), remembered per seat by everything it reads: the civ's view, the viewer, who
 * is to move, whether the game is over, the seat's city count and name, the language, and which of its
 * culture cards and great persons are clickable or selected now.
 */
function civSheet(view, ctx, c) {
  const keys = [
    ...(c.hand || []).map((h) => `ccard:${h.id}`),
    ...(c.great_persons || []).map((g) => `gp:${g}`),
  ];
  const clickable = keys
    .map((k) => `${ctx.candidates(k).length ? 1 : 0}${ctx.selAll.includes(k) ? 1 : 0}`)
    .join("");
  const owned = (view.cities || []).filter((x) => x.owner === c.seat).length;
  const key = JSON.stringify([
    lang(),
    view.seat,
    view.to_move,
    !!view.over,
    owned,
    ctx.names[c.seat],
    clickable,
    !!ctx.rulesLink("card:tech"),
    c,
  ]);
  const hit = sheets.get(c.seat);
  if (hit && hit.key === key) return hit.html;
  const html = sheetHTML(view, ctx, c);
  sheets.set(c.seat, { key, html });
  return html;
}

function sheetHTML(view, ctx, c) {
  const mine = c.seat === view.seat;
  const moving = (view.to_move || []).includes(c.seat);
  const gov = c.government === "anarchy" ? t("anarchy") : nm("gov", c.government);
  const res =
    RESOURCES.filter((r) => c.resources && c.resources[r])
      .map(
        (r) =>
          `<span class="res"><svg viewBox="0 0 10 10" aria-hidden="true"><use href="#ci-${r}"/></svg>${esc(nm("resource", r))} ×${c.resources[r]}</span>`,
      )
      .join("") || `<span class="muted">${esc(t("none"))}</span>`;
  const ranks = UNITS.map((u) => {
    const r = (c.ranks && c.ranks[u]) || 0;
    const rn = r && N.unit[u] ? pick(N.unit[u].ranks[r - 1]) : "—";
    return `<li><span class="u-type">${esc(nm("unit", u))}</span> <span class="rank">${r ? `${esc(t("rank_n", { n: r }))} · ${esc(rn)}` : "—"}</span></li>`;
  }).join("");
  const forces = c.forces
    ? forcesList(c.forces)
    : hiddenCounts(
        UNITS.filter((u) => c.forces_count && c.forces_count[u]).map(
          (u) => `${nm("unit", u)} ×${c.forces_count[u]}`,
        ),
      );
  const hand = c.hand
    ? `<div class="c-hand">${c.hand.map((h) => cultureCard(ctx, c.seat, h)).join("") || `<span class="muted">${esc(t("none"))}</span>`}</div>`
    : hiddenCounts(
        ["ancient", "medieval", "modern"]
          .filter((e) => c.hand_count && c.hand_count[e])
          .map((e) => `${t("era_" + e)} ×${c.hand_count[e]}`),
      );
  const gps = (c.great_persons || [])
    .map((g) => keyButton(ctx, `gp:${g}`, esc(nm("gp", g)), "gp-chip", nm("gp", g)))
    .join("");
  const wonders = (c.wonders || [])
    .map((w) => `<span class="chip wonder">${esc(nm("wonder", w))}</span>`)
    .join("");
  const tokens = Object.entries(c.coin_tokens || {})
    .filter(([, n]) => n)
    .map(([k, n]) => `${nm("tech", k)} ×${n}`)
    .join(", ");
  const civName = nm("civ", c.civ);
  const leader = N.civ[c.civ] ? pick(N.civ[c.civ].leader) : "";
  return (
    `<section class="sheet seat-${c.seat}${mine ? " mine" : ""}${moving ? " moving" : ""}" data-testid="civ-sheet" data-seat="${c.seat}" aria-label="${esc(t("sheet_of", { name: ctx.names[c.seat] }))}">` +
    `<header class="sh-head"><h2 class="sh-name"><span class="seat-dot" aria-hidden="true"></span>${esc(ctx.names[c.seat])}${mine ? ` <span class="muted">(${esc(t("you"))})</span>` : ""}</h2>` +
    `<span class="civ-name" title="${esc(N.civ[c.civ] ? pick(N.civ[c.civ].text) : "")}">${esc(civName)}${leader ? ` · ${esc(leader)}` : ""}</span>` +
    `<span class="gov">${esc(t("government"))}: <strong>${esc(gov)}</strong> ${ctx.rulesLink("card:government")}</span>${moving && !view.over ? `<span class="flag moving">${esc(t("to_move"))}</span>` : ""}</header>` +
    `<div class="sh-grid"><div class="sh-col">` +
    (N.gov[c.government] && N.gov[c.government].text
      ? `<p class="line gov-line"><strong>${esc(gov)}</strong>: ${esc(pick(N.gov[c.government].text))}</p>`
      : "") +
    `<div class="dials" title="${esc(t("dials_help"))}">` +
    dial(t("trade_dial"), c.trade, 27, "d-trade") +
    dial(t("economy_dial"), c.coins, 15, "d-coin") +
    `</div>` +
    `<p class="line">${esc(t("culture"))}: <strong>${c.culture}</strong> · ${esc(t("culture_step", { n: c.culture_level }))}</p>` +
    `<p class="line">${esc(t("cities_limit", { n: (view.cities || []).filter((x) => x.owner === c.seat).length, max: c.city_limit }))} · ${esc(t("figures_left", { a: c.unbuilt.army, s: c.unbuilt.scout }))}</p>` +
    `<div class="line res-line">${esc(t("resources"))}: ${res}</div>` +
    traitsLine(c) +
    (tokens ? `<p class="line">${esc(t("coin_tokens"))}: ${esc(tokens)}</p>` : "") +
    (gps ? `<div class="line">${esc(t("great_persons"))}: ${gps}</div>` : "") +
    (wonders ? `<div class="line">${esc(t("wonders"))}: ${wonders}</div>` : "") +
    `</div><div class="sh-col"><h3 class="mini-h">${esc(t("tech_pyramid"))} (${c.techs.length}) ${ctx.rulesLink("card:tech")}</h3>${pyramid(c)}</div>` +
    `<div class="sh-col"><h3 class="mini-h">${esc(t("military"))} ${ctx.rulesLink("card:unit")}</h3><ul class="ranks">${ranks}</ul>` +
    `<h3 class="mini-h">${esc(t("standing_forces"))}</h3>${forces}` +
    `<h3 class="mini-h">${esc(mine ? t("culture_hand") : t("culture_hand_of"))}</h3>${hand}</div></div></section>`
  );
}

function marketSection(view, ctx) {
  const m = view.market;
  if (!m) return "";
  const res = Object.entries(m.resources || {})
    .map(
      ([r, n]) =>
        `<span class="res"><svg viewBox="0 0 10 10" aria-hidden="true"><use href="#ci-${esc(r)}"/></svg>${esc(nm("resource", r))} ×${n}</span>`,
    )
    .join("");
  const bld = Object.entries(m.buildings || {})
    .map(([b, n]) => `<li>${esc(nm("building", b))} <span class="muted">×${n}</span></li>`)
    .join("");
  const won = (m.wonders || [])
    .map(
      (w) =>
        `<li title="${esc(pick(N.wonder[w] && N.wonder[w].text))}">${esc(nm("wonder", w))} <span class="muted">${esc(N.wonder[w] ? `${t("era_" + N.wonder[w].era)} · ${pick(N.wonder[w].text)}` : "")}</span></li>`,
    )
    .join("");
  const decks = Object.entries(m.unit_decks || {})
    .map(
      ([u, d]) =>
        `<li>${esc(nm("unit", u))}: ${d.count}${d.face_up ? ` (+${d.face_up} ${esc(t("face_up"))})` : ""}</li>`,
    )
    .join("");
  const cdecks = Object.entries(m.culture_decks || {})
    .map(([e, d]) => `<li>${esc(t("era_" + e))}: ${d.count}</li>`)
    .join("");
  return (
    `<section class="market" data-testid="civ-market" aria-label="${esc(t("market"))}"><h2 class="mini-h">${esc(t("market"))} ${ctx.rulesLink("action:produce")}</h2>` +
    `<div class="mk-grid"><div><h3 class="mini-h">${esc(t("resources"))}</h3><div class="res-line">${res}</div>` +
    `<h3 class="mini-h">${esc(t("unit_decks"))}</h3><ul class="plain">${decks}</ul></div>` +
    `<div><h3 class="mini-h">${esc(t("buildings"))}</h3><ul class="plain cols">${bld}</ul></div>` +
    `<div><h3 class="mini-h">${esc(t("wonders"))} ${m.wonder_deck ? `<span class="muted">(${esc(t("deck_n", { n: m.wonder_deck }))})</span>` : ""}</h3><ul class="plain">${won || `<li class="muted">${esc(t("none"))}</li>`}</ul>` +
    `<h3 class="mini-h">${esc(t("culture_decks"))}</h3><ul class="plain">${cdecks}</ul><p class="line">${esc(t("gp_left", { n: m.great_persons_left }))}</p></div></div></section>`
  );
}

/** What a step costs in each era and what the symbols mean, read from the track's spaces. */
function trackKey(track) {
  const eras = [];
  for (const sp of track) {
    const last = eras[eras.length - 1];
    if (last && last.era === sp.era && last.c === sp.cost.culture && last.t === sp.cost.trade)
      last.to = sp.index;
    else eras.push({ era: sp.era, from: sp.index, to: sp.index, c: sp.cost.culture, t: sp.cost.trade });
  }
  const cost = (e) => (e.t ? t("cost_ct", { c: e.c, t: e.t }) : t("cost_c", { c: e.c }));
  const items = eras
    .map(
      (e) =>
        `<li class="era-${esc(e.era)}"><strong>${esc(t("era_" + e.era))} ${e.from}–${e.to}</strong>: ${esc(cost(e))}</li>`,
    )
    .join("");
  return (
    `<ul class="ct-key" data-testid="culture-track-key">${items}` +
    `<li><svg viewBox="0 0 10 10" aria-hidden="true"><use href="#ci-gp"/></svg> ${esc(t("ct_gp_key"))}</li><li>★ ${esc(t("ct_victory"))}</li><li>${esc(t("ct_event_key"))}</li></ul>`
  );
}

function cultureTrack(view, ctx) {
  const track = view.culture_track || [];
  if (!track.length) return "";
  const at = {};
  for (const c of view.civs) (at[c.culture_level] ||= []).push(c.seat);
  const cell = (sp) =>
    `<li class="ct ct-${esc(sp.kind)} era-${esc(sp.era)}" title="${esc(`${sp.index}: ${t("ct_" + sp.kind)} — ${t("cost_ct", { c: sp.cost.culture, t: sp.cost.trade })}`)}">` +
    `<span class="ct-n">${sp.index}</span>${sp.kind === "great_person" ? `<svg viewBox="0 0 10 10" aria-hidden="true"><use href="#ci-gp"/></svg>` : sp.kind === "victory" ? "★" : ""}` +
    (at[sp.index] || [])
      .map((s) => `<span class="pawn seat-${s}" title="${esc(ctx.names[s])}"></span>`)
      .join("") +
    `</li>`;
  const start = (at[0] || [])
    .map((s) => `<span class="pawn seat-${s}" title="${esc(ctx.names[s])}"></span>`)
    .join("");
  return (
    `<section class="culture-track" data-testid="civ-culture-track" aria-label="${esc(t("culture_track"))}"><h2 class="mini-h">${esc(t("culture_track"))} ${ctx.rulesLink("track:culture")}</h2>` +
    `<ol class="ct-list"><li class="ct ct-start"><span class="ct-n">0</span>${start}</li>${track.map(cell).join("")}</ol>${trackKey(track)}</section>`
  );
}

function overBox(view, ctx) {
  if (!view.over) return "";
  const v = view.victory;
  const winners = view.winners || [];
  let why = "";
  if (v === "learning") {
    // the learning game ends when a player founds a third city (L322), or when a capital is taken
    const third = view.civs
      .filter((c) => (view.cities || []).filter((x) => x.owner === c.seat).length >= 3)
      .map((c) => ctx.names[c.seat]);
    why = third.length ? t("learning_end_city", { names: third.join(", ") }) : t("learning_end_other");
  } else if (v && winners.length) {
    why =
      t("winners_are", { names: winners.map((s) => ctx.names[s]).join(", ") }) +
      (t("why_" + v) !== "why_" + v ? ` — ${t("why_" + v)}` : "");
  }
  return (
    `<section class="civ-over" data-testid="civ-over"><h2 class="mini-h">${esc(t("victory_" + (v || "none")))}</h2>` +
    (why ? `<p>${esc(why)}</p>` : "") +
    `</section>`
  );
}

// ------------------------------------------------------------------------------- choosing civilizations

/** One civilization still free: name, leader, special ability, starting government and tech. */
function civCard(ctx, id) {
  const c = N.civ[id] || {};
  const st = STARTS[id] || {};
  const gov = st.government ? nm("gov", st.government) : "";
  const tech = st.tech ? nm("tech", st.tech) : "";
  const start = [gov && t("civ_start_gov", { gov }), tech && t("civ_start_tech", { tech })]
    .filter(Boolean)
    .join(" · ");
  const face =
    `<span class="cc-name">${esc(nm("civ", id))}</span>` +
    (c.leader ? `<span class="cc-leader">${esc(pick(c.leader))}</span>` : "") +
    (c.text ? `<span class="cc-text">${esc(pick(c.text))}</span>` : "") +
    (start ? `<span class="cc-start">${esc(start)}</span>` : "");
  const info = () =>
    details(ctx, {
      title: nm("civ", id),
      rules: "action:civ",
      meta: c.leader ? esc(pick(c.leader)) : "",
      text: c.text ? pick(c.text) : "",
      more: start ? `<p>${esc(start)}</p>` : "",
    });
  return `<li data-civ="${esc(id)}">${card(ctx, { id: domId("p-civ", id), title: nm("civ", id), face, key: `civ:${id}`, cls: "cc-cell", faceCls: "cc-card", rules: "action:civ", info })}</li>`;
}

/** Before setup (civs: choose): the civilizations left and who has chosen what (L334). */
function choosePanel(view, ctx) {
  const now = view.current;
  const mine = now != null && now === view.seat && ctx.legal.some((li) => li.action.type === "civ");
  const head = mine
    ? t("choose_civ")
    : now != null
      ? t("civ_choosing", { name: ctx.names[now] })
      : t("choose_civs");
  const cards = (view.civ_choices || []).map((id) => civCard(ctx, id)).join("");
  const picks = (view.order || [])
    .map((s) => {
      const c = (view.picks || [])[s];
      const what = c ? nm("civ", c) : s === now ? t("civ_choosing_now") : t("civ_not_yet");
      return (
        `<li class="seat-${s}${s === now ? " now" : ""}${c ? " done" : ""}" data-seat="${s}"><span class="seat-dot" aria-hidden="true"></span>` +
        `<span class="cp-who">${esc(ctx.names[s])}${s === view.seat ? ` <span class="muted">(${esc(t("you"))})</span>` : ""}</span>` +
        `<span class="cp-civ${c ? "" : " muted"}">${esc(what)}</span></li>`
      );
    })
    .join("");
  return (
    `<section class="civ-choose" data-testid="civ-choose" aria-labelledby="civ-choose-h">` +
    `<h2 class="mini-h" id="civ-choose-h">${esc(head)} ${ctx.rulesLink("phase:setup")}</h2>` +
    `<p class="muted cc-note">${esc(t("choose_civs_note"))}${view.learning ? ` ${esc(t("choose_civs_learning"))}` : ""}</p>` +
    `<ul class="cc-list" aria-label="${esc(t("civs_free"))}">${cards}</ul>` +
    `<h3 class="mini-h">${esc(t("civ_picks"))}</h3><ol class="cc-picks" data-testid="civ-picks">${picks}</ol></section>`
  );
}

// ------------------------------------------------------------------------------- the contract

const built = new Map(); // section -> {inputs, html}

/**
 * `build()`, or its last result when every input is the same as then (views are never changed in place,
 * and a reply keeps the held view's parts that did not change, so an unchanged part is the same object).
 */
function lastOf(slot, inputs, build) {
  const hit = built.get(slot);
  if (hit && hit.inputs.every((x, i) => x === inputs[i])) return hit.html;
  const html = build();
  built.set(slot, { inputs, html });
  return html;
}

export function boardSections(view, ctx) {
  if (view.picks)
    return [
      ["top", topBar(view, ctx) + pendingBox(view, ctx)],
      ["choose", choosePanel(view, ctx)],
    ];
  const me = ctx.seatFirst ?? view.seat; // whose sheet comes first (behind the pass screen, the next seat's)
  const order = view.civs.map((c) => c.seat);
  if (me != null)
    order.sort((a, b) => ((a - me + view.players) % view.players) - ((b - me + view.players) % view.players));
  return [
    ["top", topBar(view, ctx) + pendingBox(view, ctx) + overBox(view, ctx)],
    ["battle", battleSection(view, ctx)],
    ["research", researchSection(view, ctx)],
    ["map", mapSection(view, ctx)],
    ...order.map((s) => [`civ-${s}`, civSheet(view, ctx, view.civs[s])]),
    [
      "track",
      lastOf(
        "track",
        [view.culture_track, view.civs, lang(), JSON.stringify(ctx.names), ctx.rulesLink("track:culture")],
        () => cultureTrack(view, ctx),
      ),
    ],
    [
      "market",
      lastOf("market", [view.market, lang(), ctx.rulesLink("action:produce")], () =>
        marketSection(view, ctx),
      ),
    ],
  ];
}

export const renderBoard = (view, ctx) =>
  boardSections(view, ctx)
    .map(([, h]) => h)
    .join("");

export const boardClass = (view) =>
  `civ-board phase-${phaseKind(view)}${view.picks ? " choosing" : ""}${view.battle ? " in-battle" : ""}`;

export function hint(view, o = {}) {
  // the viewer's own pending decision first (the topmost one naming it)
  const mine = (view.decisions || [])
    .slice()
    .reverse()
    .find((d) => (d.seats || []).includes(view.seat));
  if (mine && mine.kind === "react" && view.react && view.react.source) {
    // say what is aimed at the viewer: a culture event, a tech ability or a city action (Writing)
    const src = view.react.source;
    const p = o.names?.[view.react.by] || t("player_n", { n: view.react.by + 1 });
    if (src.src === "city") return t("hint_react_city", { p });
    return t("hint_react", { p, x: src.src === "card" ? nm("event", src.id) : nm("tech", src.id) });
  }
  if (mine && mine.kind !== "battle") {
    const hk = `hint_dec_${mine.kind}`;
    if (t(hk) !== hk) return t(hk);
  }
  if (view.battle) return t("hint_battle");
  if (view.picks) return t("hint_civ");
  const k = `hint_${phaseKind(view)}`;
  const s = t(k);
  return s === k ? "" : s;
}

// The action panel is the kit's (app/kit/panel.js): the keys above are its steps; this game says which
// actions end a phase (the finishing bar) and how the rest group.

const ENDS = new Set(["end_start", "end_trade", "end_city", "end_move", "stop", "decline"]);

export const isPrimary = (action) => ENDS.has(action.type);

const GROUP_OF_KEY = {
  stack: "map",
  sq: "map",
  tile: "map",
  city: "city",
  prod: "city",
  to: "trade",
  give: "trade",
  lvl: "research",
  tech: "research",
  bcard: "battle",
  front: "battle",
  ccard: "cards",
  gp: "cards",
  abil: "cards",
  civ: "civ",
};

/** A group by the first step of an action (map, city, trade ...; strings group_<g>); "turn" when it has none. */
export function groupOf(action, view) {
  const k = actionKeys(action, view)[0];
  return k ? GROUP_OF_KEY[k.slice(0, k.indexOf(":"))] || "other" : "turn";
}

export const groupOrder = ["turn", "battle", "map", "city", "trade", "research", "cards", "civ", "other"];
