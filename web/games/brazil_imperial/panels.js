// Brazil: Imperial's panels (issue 19 §3): each empire's player board, the common board and the combat
// box, as HTML for the board's sections (render.js draws the map and places these). Pure functions of the
// seat's view and the shell's ctx (names, candidates, selAll, rulesLink); nothing here knows the rules:
// what is clickable comes from the legal list through ctx.candidates (the kit's card and step panel).
//
//   empireBoards(view, ctx)   every empire's board, the viewer's (ctx.seatFirst) first and in full; the
//                             others with their public parts and, folded, their whole board
//   commonBoard(view, ctx)    decks and discards, the two city stacks, the painting display, era, round,
//                             the end trigger
//   combatBox(view, ctx)      the battle being fought (strength by source as it is built, who has committed
//                             face down, the committing seat's cards to pick), else the last battle of this
//                             or the last round with its revealed cards and winner; "" if none
//
// Keys of the board elements these panels draw (render.js's actionKeys returns panelKeys(action) for the
// actions below, keyLabel asks panelKeyLabel first):
//   arch:<arch>      an arch of the viewer's board (take its action; an extra action of a gold card)
//   under:<arch>     the space under an arch (put the era marker there)
//   slot:<arch>      an arch's upgrade slot, slot:queen the Queen's board (where a product goes)
//   product:<id>     a product of the viewer's board (manufacture it)
//   paint:<id>       a painting of the display (buy it)
//   bcard:<id>       a battle card of the viewer's hand (commit it, picked one by one; discard it; pay
//                    with it, for the monarchs that allow it: render.js's payKeys)
//   gcard:<id>       a gold card of the viewer's hand (play it; discard it; pay 1 gold with it)
//   mission:<era>    the viewer's mission of an era (show it); keep:<id> a mission offered in the draft

import { translator, pick, esc, lang } from "../../app/i18n.js";
import { card, cardTools, details, domId } from "../../app/kit/card.js";
import { actionButton } from "../../app/kit/panel.js";
import DATA from "./panel_data.js";
import { hexName, hexTerrain } from "./hexes.js";
import { PANEL_STRINGS } from "./strings.js";

const t = translator(PANEL_STRINGS);
const ARCHES = DATA.arches;
const GOODS = DATA.goods;
const ROMAN = ["", "I", "II", "III", "IV", "V", "VI"];
const PALACES = ["II", "III", "IV", "V", "VI"];

// ------------------------------------------------------------------------------------ small pieces

const svg = (body, cls = "bz-ico") =>
  `<svg class="${cls}" viewBox="0 0 16 16" aria-hidden="true" focusable="false">${body}</svg>`;
const SHAPE = {
  square: svg('<rect x="2.5" y="2.5" width="11" height="11" rx="1"/>', "bz-shape"),
  pentagon: svg('<path d="M8 1.6l6.3 4.6-2.4 7.6H4.1L1.7 6.2z"/>', "bz-shape"),
  octagon: svg('<path d="M5.3 1.5h5.4l3.8 3.8v5.4l-3.8 3.8H5.3l-3.8-3.8V5.3z"/>', "bz-shape"),
};
const UNIT_ICON = {
  archer: svg(
    '<path d="M4 1.5q9 6.5 0 13" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M4 1.5v13M2 8h12" fill="none" stroke="currentColor" stroke-width="1.2"/>',
  ),
  cannon: svg(
    '<rect x="2" y="5" width="10" height="4" rx="2" transform="rotate(-15 7 7)" fill="currentColor"/><circle cx="6" cy="12" r="2.6" fill="none" stroke="currentColor" stroke-width="1.4"/>',
  ),
  monarch: svg('<path d="M2 12l1-7 3 3 2-5 2 5 3-3 1 7z" fill="currentColor"/>'),
  cavalry: svg('<path d="M4 15V9l-2-1 3-5 3-1 1 2 4 3-1 2-3-1v7z" fill="currentColor"/>'),
  grenadier: svg(
    '<circle cx="7" cy="10" r="4.5" fill="currentColor"/><path d="M9.5 5.5l2.5-3M12 2.5l2 1" stroke="currentColor" stroke-width="1.4" fill="none"/>',
  ),
};

const word = (table, id) => {
  const x = DATA.words[table] && DATA.words[table][id];
  return x ? pick(x) : String(id);
};
const goodName = (g) => word("good", g);
const archName = (a) => word("arch", a);
const unitName = (u) => word("unit", u);
const nameOf = (table, id) => {
  const x = DATA[table] && DATA[table][id];
  return x ? pick(x.name) : String(id);
};
const textOf = (table, id) => {
  const x = DATA[table] && DATA[table][id];
  return x && x.text ? pick(x.text) : "";
};
const seatName = (ctx, s) => (ctx.names && ctx.names[s]) || t("player_n", { n: s + 1 });
const chip = (ctx, s) => `<span class="bz-chip seat-${s}">${esc(seatName(ctx, s))}</span>`;
const boardOf = (e) => DATA.boards[e.board] || Object.values(DATA.boards)[0];

/** One good with its count: a coloured token, the number, and the good's name (shown or for readers). */
function goodChip(g, n, { words = false } = {}) {
  const name = goodName(g);
  return (
    `<span class="bz-good g-${esc(g)}" title="${esc(`${n} ${name}`)}"><span class="bz-tok" aria-hidden="true"></span>` +
    `${n}${words ? ` ${esc(name)}` : `<span class="sr-only"> ${esc(name)}</span>`}</span>`
  );
}

/** A cost or a gain of goods: {brazilwood: 1, gold: 1}, {any_resource: 2}; [alt, alt] (pay one). */
function goodsHtml(goods, opts = {}) {
  if (Array.isArray(goods)) return goods.map((x) => goodsHtml(x, opts)).join(` ${esc(t("pn_or"))} `);
  const parts = Object.entries(goods || {}).filter(([, n]) => n);
  if (!parts.length) return `<span class="bz-free">${esc(t("pn_free"))}</span>`;
  return parts
    .map(([g, n]) =>
      GOODS.includes(g)
        ? goodChip(g, n, opts)
        : `<span class="bz-good">${esc(t("pn_any_resource", { n }))}</span>`,
    )
    .join(" ");
}
const goodsWords = (goods) =>
  Array.isArray(goods)
    ? goods.map(goodsWords).join(` ${t("pn_or")} `)
    : Object.entries(goods || {})
        .filter(([, n]) => n)
        .map(([g, n]) => (GOODS.includes(g) ? `${n} ${goodName(g)}` : t("pn_any_resource", { n })))
        .join(" + ") || t("pn_free");

/** One effect of the data's vocabulary in words (unit-slot and palace-slot rewards). */
export function effText(e) {
  if (!e) return "";
  switch (e.op) {
    case "gain":
      return `+${goodsWords(e.goods)}`;
    case "gain_any":
      return t("pn_eff_gain_any", { n: e.n ?? 1 });
    case "draw":
      return t(e.deck === "gold" ? "pn_eff_draw_gold" : "pn_eff_draw_battle", { n: e.n ?? 1 });
    case "vp":
      return t("pn_eff_vp", { n: e.n ?? 1 });
    case "action":
      return e.arch === "any" ? t("pn_eff_action_any") : t("pn_eff_action", { arch: archName(e.arch) });
    case "move":
      return t("pn_eff_move");
    case "strength":
      return t("pn_eff_strength", { n: e.n ?? 1 });
    case "lose_unit":
      return t("pn_eff_lose_unit", { n: e.n ?? 1 });
    case "ignore_tile":
      return t("pn_eff_ignore_tile");
    case "manufacture":
      return t("pn_eff_manufacture", { shape: t(`pn_shape_${e.shape}`) });
    default:
      return String(e.op);
  }
}
// a list of effects in words, by list (the data's, which never change) and language: unit-slot and
// palace rewards are drawn on every board at every redraw
const effMemo = new Map();
function effList(es) {
  if (!es || !es.length) return t("pn_none");
  const l = lang();
  let m = effMemo.get(l);
  if (!m) effMemo.set(l, (m = new WeakMap()));
  let text = m.get(es);
  if (text === undefined) m.set(es, (text = es.map(effText).join("; ")));
  return text;
}

/** A hex by the name the map draws on it, with its terrain (./hexes.js): "D4 (plains)". */
const hexWords = (view, h) =>
  view.hexes && view.hexes[h]
    ? t("pn_hex", { h: hexName(view.map, h), terrain: t(`pn_terrain_${hexTerrain(view.map, h)}`) })
    : `(${h})`;

/** A board element the viewer may click (a button with data-key when some legal action has `key`). */
function target(ctx, key, cls, inner, { label = "", confirm = false, tag = "div" } = {}) {
  const acts = key ? ctx.candidates(key) : [];
  const on = !!key && (ctx.selAll || []).includes(key);
  const sr = label ? `<span class="sr-only">${esc(label)}</span>` : "";
  if (!acts.length) return `<${tag} class="${cls}${on ? " selected" : ""}">${sr}${inner}</${tag}>`;
  const one = acts.length === 1 && !confirm ? ` data-action="${esc(JSON.stringify(acts[0].action))}"` : "";
  return (
    `<button type="button" class="${cls} target${on ? " selected" : ""}" data-key="${esc(key)}" data-testid="board-target"` +
    `${confirm ? " data-confirm" : ""} aria-pressed="${on}"${one}>${sr}${inner}</button>`
  );
}

// ------------------------------------------------------------------------------------ cards

function battleCard(ctx, id, { key = null, idp = "bc", confirm = false } = {}) {
  const c = DATA.battle[id] || { name: { en: id }, strength: 0 };
  const title = pick(c.name);
  const info = () =>
    details(ctx, {
      title,
      rules: "card:battle",
      rows: [[t("pn_strength"), String(c.strength ?? 0)]],
      text: textOf("battle", id),
    });
  const face =
    `<span class="bz-cn">${esc(title)}</span><span class="bz-str" title="${esc(t("pn_strength"))}">⚔ ${c.strength ?? 0}</span>` +
    ((c.effect || []).length ? `<span class="bz-ct">${esc(effList(c.effect))}</span>` : "");
  if (confirm) {
    // picked one by one (a step, never played by one click): the face is a toggle of the selection
    return (
      `<div class="kc bz-card k-battle">` +
      target(ctx, key, "kc-face bz-pick", face, { confirm: true }) +
      cardTools(ctx, { id: domId("bz", idp, id), title, rules: "card:battle", info }) +
      `</div>`
    );
  }
  return card(ctx, {
    id: domId("bz", idp, id),
    title,
    face,
    key,
    cls: "bz-card k-battle",
    rules: "card:battle",
    info,
  });
}

function goldCard(ctx, id, { key = null, idp = "gc" } = {}) {
  const c = DATA.gold[id] || { name: { en: id } };
  const title = pick(c.name);
  const info = () =>
    details(ctx, {
      title,
      rules: "card:gold",
      rows: c.vp ? [[t("pn_vp"), String(c.vp)]] : [],
      text: textOf("gold", id),
    });
  const face =
    `<span class="bz-cn">${esc(title)}</span>` +
    (c.vp ? `<span class="bz-vp" title="${esc(t("pn_vp"))}">${c.vp}</span>` : "") +
    `<span class="bz-ct">${esc(textOf("gold", id))}</span>`;
  return card(ctx, {
    id: domId("bz", idp, id),
    title,
    face,
    key,
    cls: "bz-card k-gold",
    rules: "card:gold",
    info,
  });
}

function paintingCard(ctx, id, { key = null, idp = "pt", compact = false } = {}) {
  const c = DATA.paintings[id] || { name: { en: id }, medal: "red", cost: {}, vp: 0 };
  const title = pick(c.name);
  const medal = word("medal", c.medal);
  const info = () =>
    details(ctx, {
      title,
      rules: "card:painting",
      rows: [
        [t("pn_medal"), esc(medal)],
        [t("pn_cost"), goodsHtml(c.cost, { words: true })],
        [t("pn_vp"), String(c.vp ?? 0)],
      ],
      text: textOf("paintings", id),
    });
  const face =
    `<span class="bz-medal m-${esc(c.medal)}" title="${esc(t("pn_medal_of", { m: medal }))}"><span class="sr-only">${esc(t("pn_medal_of", { m: medal }))}</span></span>` +
    `<span class="bz-cn">${esc(title)}</span>` +
    (compact
      ? ""
      : `<span class="bz-cost">${goodsHtml(c.cost)}</span><span class="bz-vp" title="${esc(t("pn_vp"))}">${c.vp ?? 0}</span>` +
        `<span class="bz-ct">${esc(abilityWords(c))}</span>`);
  return card(ctx, {
    id: domId("bz", idp, id),
    title,
    face,
    key,
    cls: `bz-card k-painting m-${c.medal}${compact ? " compact" : ""}`,
    rules: "card:painting",
    info,
  });
}

/** A painting's ability alone (its text less the cost and VP the face shows). */
function abilityWords(c) {
  const full = pick(c.text || {});
  const parts = full.split(/(?<=[.。])\s*/).filter(Boolean);
  return parts.length > 2 ? parts.slice(2).join(" ") : full;
}

function missionCard(ctx, id, { key = null, idp = "ms", shown = false } = {}) {
  const c = DATA.missions[id] || { name: { en: id }, era: 1 };
  const title = pick(c.name);
  const info = () =>
    details(ctx, {
      title,
      rules: "card:mission",
      meta: esc(word("era", String(c.era))),
      rows: c.vp ? [[t("pn_vp"), String(c.vp)]] : [],
      text: textOf("missions", id),
    });
  const face =
    `<span class="bz-era">${ROMAN[c.era] || c.era}</span><span class="bz-cn">${esc(title)}</span>` +
    (shown ? `<span class="bz-tag">${esc(t("pn_shown"))}</span>` : "") +
    `<span class="bz-ct">${esc(textOf("missions", id))}</span>`;
  return card(ctx, {
    id: domId("bz", idp, id),
    title,
    face,
    key,
    cls: `bz-card k-mission${shown ? " shown" : ""}`,
    rules: "card:mission",
    info,
  });
}

// ------------------------------------------------------------------------------------ keys

/** Keys of the panels' elements an action is about, in the order a player picks them; null if none. */
export function panelKeys(a) {
  switch (a.type) {
    case "arch":
    case "extra":
      return [`arch:${a.arch}`];
    case "place_marker":
      return [`under:${a.arch}`];
    case "manufacture":
      return [`product:${a.product}`, `slot:${a.arch}`];
    case "buy":
      return [`paint:${a.painting}`];
    case "commit":
      return (a.cards || []).map((c) => `bcard:${c}`);
    case "gold":
      return [`gcard:${a.card}`];
    case "discard":
      return [`${a.kind === "gold" ? "gcard" : "bcard"}:${a.card}`];
    case "show_mission":
      return [`mission:${a.era}`];
    case "keep_mission":
      return [`keep:${a.id}`];
    default:
      return null;
  }
}

/** Words for a key of the panels (the action panel's steps), or null for another key. */
export function panelKeyLabel(view, key) {
  const i = key.indexOf(":");
  const kind = key.slice(0, i);
  const id = key.slice(i + 1);
  switch (kind) {
    case "arch":
      return archName(id);
    case "under":
      return t("pn_under_arch", { arch: archName(id) });
    case "slot":
      return id === "queen" ? t("pn_queen") : t("pn_slot_of", { arch: archName(id) });
    case "product": {
      const e = view.seat != null ? view.empires[view.seat] : null;
      const p = e && boardOf(e).products.find((x) => x.id === id);
      return p ? pick(p.name) : id;
    }
    case "paint":
      return nameOf("paintings", id);
    case "bcard":
      return nameOf("battle", id);
    case "gcard":
      return nameOf("gold", id);
    case "mission":
      return t("pn_mission_of", { era: ROMAN[+id] || id });
    case "keep":
      return nameOf("missions", id);
    default:
      return null;
  }
}

// ------------------------------------------------------------------------------------ player boards

function archTile(view, ctx, s, e, a, mine) {
  const b = boardOf(e);
  const here = e.marker && e.marker.arch === a;
  const slots = (b.arches[a] || []).map((shape, i) => {
    const made = b.products.filter((p) => e.products[p.id] === a)[i];
    const words = made
      ? t("pn_slot_made", { shape: t(`pn_shape_${shape}`), p: pick(made.name) })
      : t("pn_slot_empty", { shape: t(`pn_shape_${shape}`) });
    const inner = `${SHAPE[shape] || ""}${made ? `<span class="bz-slot-p">${esc(pick(made.name))}</span>` : ""}`;
    return target(ctx, mine ? `slot:${a}` : null, `bz-slot s-${shape}${made ? " made" : ""}`, inner, {
      label: words,
      tag: "span",
    });
  });
  const era = e.under ? e.under[a] : null;
  const under = era
    ? `<span class="bz-under on" title="${esc(t(`pn_under_bonus_${era}`))}"><b>${ROMAN[era]}</b> ${esc(t(`pn_under_bonus_${era}`))}</span>`
    : target(
        ctx,
        mine ? `under:${a}` : null,
        "bz-under",
        `<span class="muted">${esc(t("pn_under_empty"))}</span>`,
        {
          label: t("pn_under_arch", { arch: archName(a) }),
          tag: "span",
        },
      );
  const head =
    `<span class="bz-arch-n">${esc(archName(a))}</span>` +
    (here
      ? `<span class="bz-marker" title="${esc(t("pn_marker_here", { era: ROMAN[e.marker.era] }))}">${ROMAN[e.marker.era]}<span class="sr-only"> ${esc(t("pn_marker_here", { era: ROMAN[e.marker.era] }))}</span></span>`
      : "");
  const up = Object.values(e.products).includes(a);
  // the arch (a button when its action may be taken), then its upgrade slots and the space under it:
  // each its own element, never a button in a button
  const body =
    `<span class="bz-arch-h">${head}</span>` + `<span class="bz-arch-m">${esc(t(`pn_move_${a}`))}</span>`;
  const tile = target(ctx, mine ? `arch:${a}` : null, `bz-arch${here ? " here" : ""}`, body);
  return (
    `<li class="bz-arch-w${here ? " here" : ""}${up ? " upgraded" : ""}" data-arch="${esc(a)}">${tile}` +
    `<span class="bz-slots">${slots.join("")}<span class="bz-arch-b${up ? " up" : ""}">${esc(t(`pn_up_${a}`))}</span></span>` +
    `${under}<span class="bz-arch-q">${ctx.rulesLink(`action:${a}`)}</span></li>`
  );
}

function arches(view, ctx, s, e, mine) {
  return (
    `<div class="bz-block"><h4 class="bz-h">${esc(t("pn_arches"))} ${ctx.rulesLink("action:arch")}</h4>` +
    `<p class="bz-note">${esc(t("pn_arches_note"))}</p>` +
    `<ol class="bz-arches" data-testid="bz-arches">${ARCHES.map((a) => archTile(view, ctx, s, e, a, mine)).join("")}</ol></div>`
  );
}

function unitSlots(view, ctx, s, e) {
  const b = boardOf(e);
  const units = Object.values(view.units || {}).filter((u) => u.seat === s);
  const items = b.units
    .map((u, i) => {
      const x = units.find((v) => v.slot === i) || { state: "board" };
      const state =
        x.state === "board"
          ? `<span class="bz-cost">${goodsHtml(u.cost)}</span>`
          : x.state === "map"
            ? `<span class="bz-st map">${esc(t("pn_unit_map", { h: hexWords(view, x.hex) }))}</span>`
            : `<span class="bz-st sup">${esc(t("pn_unit_supply"))}</span>`;
      return (
        `<li class="bz-unit st-${esc(x.state)}" data-testid="bz-unit"><span class="bz-u-n">${UNIT_ICON[u.type] || ""}${esc(unitName(u.type))}</span>` +
        `<span class="bz-vp" title="${esc(t("pn_vp_strength"))}">${u.vp}</span>${state}` +
        (x.state === "board" && (u.reward || []).length
          ? `<span class="bz-rw">${esc(effList(u.reward))}</span>`
          : "") +
        `</li>`
      );
    })
    .join("");
  return (
    `<div class="bz-block"><h4 class="bz-h">${esc(t("pn_units"))} ${ctx.rulesLink("action:deploy")}</h4>` +
    `<ul class="bz-units">${items}</ul></div>`
  );
}

function productSlots(view, ctx, s, e, mine) {
  const b = boardOf(e);
  const items = b.products
    .map((p) => {
      const where = e.products[p.id];
      const inner =
        `<span class="bz-p-n">${SHAPE[p.shape] || ""}${esc(pick(p.name))}</span><span class="bz-vp" title="${esc(t("pn_vp"))}">${p.vp}</span>` +
        (where
          ? `<span class="bz-st made">${esc(where === "queen" ? t("pn_queen") : t("pn_slot_of", { arch: archName(where) }))}</span>`
          : `<span class="bz-cost">${goodsHtml(p.cost)}</span>`);
      return `<li>${target(ctx, mine ? `product:${p.id}` : null, `bz-product${where ? " made" : ""}`, inner, { label: "" })}</li>`;
    })
    .join("");
  return (
    `<div class="bz-block"><h4 class="bz-h">${esc(t("pn_products"))} ${ctx.rulesLink("action:manufacture")}</h4>` +
    `<ul class="bz-products">${items}</ul></div>`
  );
}

function palaceSlots(view, ctx, s, e) {
  const b = boardOf(e);
  const items = PALACES.map((id) => {
    const at = e.palaces && e.palaces[id];
    const reward = (b.palaces && b.palaces[id]) || (DATA.palaces[id] || {}).reward || [];
    return (
      `<li class="bz-palace${at ? " built" : ""}" data-testid="bz-palace"><span class="bz-pal-n">${esc(t("pn_palace_n", { n: id }))}</span>` +
      (at
        ? `<span class="bz-st built">${esc(t("pn_palace_at", { h: hexWords(view, at) }))}</span>`
        : `<span class="bz-pal-c">${esc(t(`pn_palace_where_${id}`))}</span><span class="bz-rw">${esc(t("pn_reward", { r: effList(reward) }))}</span>`) +
      `<span class="bz-pal-s">${esc(t(`pn_palace_score_${id}`))}</span></li>`
    );
  }).join("");
  return (
    `<div class="bz-block"><h4 class="bz-h">${esc(t("pn_palaces"))} ${ctx.rulesLink("card:palace")}</h4>` +
    `<p class="bz-note">${esc(t("pn_palaces_note"))}</p><ul class="bz-palaces">${items}</ul></div>`
  );
}

function supplyLine(e) {
  const total = Object.values(e.supply || {}).reduce((a, n) => a + n, 0);
  const goods = GOODS.filter((g) => e.supply[g])
    .map((g) => goodChip(g, e.supply[g], { words: true }))
    .join(" ");
  return (
    `<span class="bz-supply${total >= 5 ? " full" : ""}" data-testid="bz-supply"><b>${esc(t("pn_supply"))}</b> ` +
    `<span class="bz-cap">${esc(t("pn_supply_cap", { n: total }))}</span> ${goods || `<span class="muted">${esc(t("pn_empty"))}</span>`}</span>`
  );
}

function monarchLine(ctx, e, idp) {
  if (!e.monarch) return `<span class="muted">${esc(t("pn_no_monarch"))}</span>`;
  const title = nameOf("monarchs", e.monarch);
  const info = () => details(ctx, { title, rules: "card:monarch", text: textOf("monarchs", e.monarch) });
  return (
    `<span class="bz-monarch"><b>${esc(t("pn_monarch"))}</b> <strong>${esc(title)}</strong>` +
    `${cardTools(ctx, { id: domId("bz-mon", idp), title, rules: "card:monarch", info })}` +
    `<span class="bz-mon-t">${esc(textOf("monarchs", e.monarch))}</span></span>`
  );
}

function ownHands(view, ctx, s, e) {
  const battle = (e.battle || []).map((c) => battleCard(ctx, c, { key: `bcard:${c}`, idp: "hb" })).join("");
  const gold = (e.gold || []).map((c) => goldCard(ctx, c, { key: `gcard:${c}`, idp: "hg" })).join("");
  const shown = e.shown || [];
  const missions = [1, 2, 3]
    .filter((era) => e.missions && e.missions[String(era)])
    .map((era) =>
      missionCard(ctx, e.missions[String(era)], {
        key: `mission:${era}`,
        idp: "m",
        shown: shown.includes(era),
      }),
    )
    .join("");
  const offer = Object.entries(e.offer || {})
    .filter(([, ids]) => ids && ids.length)
    .map(([, ids]) => ids.map((id) => missionCard(ctx, id, { key: `keep:${id}`, idp: "offer" })).join(""))
    .join("");
  return (
    `<div class="bz-block bz-hands"><h4 class="bz-h">${esc(t("pn_hand_battle", { n: e.battle_count }))} ${ctx.rulesLink("card:battle")}</h4>` +
    `<div class="bz-cards" data-testid="bz-hand-battle">${battle || `<span class="muted">${esc(t("pn_none"))}</span>`}</div>` +
    `<h4 class="bz-h">${esc(t("pn_hand_gold", { n: e.gold_count }))} ${ctx.rulesLink("card:gold")}</h4>` +
    `<div class="bz-cards" data-testid="bz-hand-gold">${gold || `<span class="muted">${esc(t("pn_none"))}</span>`}</div>` +
    (offer
      ? `<h4 class="bz-h">${esc(t("pn_offer"))} ${ctx.rulesLink("card:mission")}</h4><div class="bz-cards">${offer}</div>`
      : "") +
    `<h4 class="bz-h">${esc(t("pn_missions"))} ${ctx.rulesLink("card:mission")}</h4>` +
    `<div class="bz-cards" data-testid="bz-missions">${missions || `<span class="muted">${esc(t("pn_none"))}</span>`}</div></div>`
  );
}

function othersHidden(view, ctx, s, e) {
  const shown = (e.shown || []).map((era) => e.missions[String(era)]).filter(Boolean);
  const hidden = view.phase && view.phase.kind === "draft" ? null : Math.max(0, 3 - (e.shown || []).length);
  return (
    `<p class="bz-line">${esc(t("pn_hands_count", { b: e.battle_count, g: e.gold_count }))}` +
    (hidden != null ? ` · ${esc(t("pn_missions_hidden", { n: hidden }))}` : "") +
    `</p>` +
    (shown.length
      ? `<div class="bz-cards">${shown.map((id) => missionCard(ctx, id, { idp: `om${s}`, shown: true })).join("")}</div>`
      : "")
  );
}

function paintingsOwned(ctx, s, e) {
  if (!(e.paintings || []).length) return "";
  return (
    `<div class="bz-block"><h4 class="bz-h">${esc(t("pn_paintings_owned", { n: e.paintings.length }))} ${ctx.rulesLink("card:painting")}</h4>` +
    `<div class="bz-cards">${e.paintings.map((id) => paintingCard(ctx, id, { idp: `own${s}`, compact: true })).join("")}</div></div>`
  );
}

function empire(view, ctx, s, mine) {
  const e = view.empires[s];
  const b = boardOf(e);
  const toMove = (view.to_move || []).includes(s);
  const stats =
    `<p class="bz-line bz-stats">${supplyLine(e)}` +
    `<span>${esc(t("pn_stats", { b: e.counters?.battles_won ?? 0, x: (e.explored || []).length }))}</span></p>`;
  const head =
    `<h3 class="bz-emp-h"><span class="bz-board-c c-${esc(e.board)}" aria-hidden="true"></span>${chip(ctx, s)}` +
    ` <span class="bz-emp-n">${esc(pick(b.name))}</span>` +
    (mine ? ` <span class="bz-tag you">${esc(t("pn_you"))}</span>` : "") +
    (toMove ? ` <span class="bz-tag move">${esc(t("pn_to_move"))}</span>` : "") +
    (e.marker && e.marker.arch
      ? ` <span class="bz-tag">${esc(t("pn_marker_on", { arch: archName(e.marker.arch), era: ROMAN[e.marker.era] }))}</span>`
      : "") +
    `</h3>`;
  const full =
    arches(view, ctx, s, e, mine) +
    `<div class="bz-grid">${unitSlots(view, ctx, s, e)}${productSlots(view, ctx, s, e, mine)}${palaceSlots(view, ctx, s, e)}</div>` +
    paintingsOwned(ctx, s, e);
  const body = mine
    ? `${stats}<div class="bz-line">${monarchLine(ctx, e, s)}</div>${full}${ownHands(view, ctx, s, e)}`
    : `${stats}<div class="bz-line">${monarchLine(ctx, e, s)}</div>${othersHidden(view, ctx, s, e)}` +
      `<details class="bz-more"><summary>${esc(t("pn_whole_board", { name: seatName(ctx, s) }))}</summary>${full}</details>`;
  return (
    `<article class="bz-emp seat-${s} c-${esc(e.board)}${mine ? " mine" : ""}" data-testid="bz-empire" data-seat="${s}">` +
    head +
    body +
    `</article>`
  );
}

/** Every empire's board: the viewer's first and in full, then the others in seat order after it. */
export function empireBoards(view, ctx) {
  const n = (view.empires || []).length;
  if (!n) return "";
  const first = ctx.seatFirst ?? view.seat ?? null;
  const order = first == null ? [...Array(n).keys()] : [...Array(n).keys()].map((i) => (first + i) % n);
  const own = view.seat;
  return (
    `<section class="bz-empires" data-testid="bz-empires" aria-label="${esc(t("pn_empires"))}">` +
    `<h2 class="mini-h">${esc(t("pn_empires"))} ${ctx.rulesLink("phase:action")}</h2>` +
    order.map((s) => empire(view, ctx, s, own != null && s === own)).join("") +
    `</section>`
  );
}

// ------------------------------------------------------------------------------------ common board

function endLine(view) {
  if (view.phase && view.phase.kind === "end") return t("pn_end_over");
  if (view.ending) return t("pn_end_now");
  return view.era >= 3 ? t("pn_end_era3") : t("pn_end_later");
}

function discardList(ctx, table, ids, label) {
  if (!ids.length) return `<span class="muted">${esc(t("pn_discard_n", { n: 0 }))}</span>`;
  return (
    `<details class="bz-disc"><summary>${esc(t("pn_discard_n", { n: ids.length }))}</summary>` +
    `<p class="bz-note">${esc(label)}: ${esc(ids.map((id) => nameOf(table, id)).join(", "))}</p></details>`
  );
}

function cityStack(ctx, view, i, st) {
  if (!st || !st.top) return `<li class="bz-city empty">${esc(t("pn_stack_empty", { n: i + 1 }))}</li>`;
  const c = DATA.cities[st.top] || { name: { en: st.top }, vp: 0, cost: {} };
  const title = pick(c.name);
  const info = () =>
    details(ctx, {
      title,
      rules: "card:city",
      rows: [
        [t("pn_cost"), goodsHtml(c.cost, { words: true })],
        [t("pn_vp_strength"), String(c.vp)],
        [t("pn_left"), String(st.count)],
      ],
    });
  return (
    `<li class="bz-city" data-testid="bz-city-stack"><span class="bz-stack-n">${esc(t("pn_stack_n", { n: i + 1, c: st.count }))}</span>` +
    card(ctx, {
      id: domId("bz-city", i),
      title,
      face: `<span class="bz-cn">${esc(title)}</span><span class="bz-vp" title="${esc(t("pn_vp_strength"))}">${c.vp}</span><span class="bz-cost">${goodsHtml(c.cost)}</span>`,
      cls: "bz-card k-city",
      rules: "card:city",
      info,
    }) +
    `</li>`
  );
}

/** The common board: era and round, the end trigger, decks and discards, the city stacks, the paintings. */
export function commonBoard(view, ctx) {
  const d = view.decks || {};
  const pd = d.paintings || {};
  const medals = ["red", "pink", "blue"]
    .map(
      (m) =>
        `<span class="bz-deckm"><span class="bz-medal m-${m}" aria-hidden="true"></span>${esc(t("pn_medal_deck", { m: word("medal", m), n: pd[m] ?? 0 }))}</span>`,
    )
    .join(" ");
  const display = (d.display || [])
    .map((id) => paintingCard(ctx, id, { key: `paint:${id}`, idp: "disp" }))
    .join("");
  const start = view.start != null ? ` · ${esc(t("pn_start", { name: seatName(ctx, view.start) }))}` : "";
  return (
    `<section class="bz-common" data-testid="bz-common" aria-label="${esc(t("pn_common"))}">` +
    `<h2 class="mini-h">${esc(t("pn_common"))}</h2>` +
    `<p class="bz-line bz-era-l"><strong>${esc(word("era", String(view.era)))}</strong> ${ctx.rulesLink("track:era")} · ${esc(t("pn_round", { n: view.round }))}${start}</p>` +
    `<p class="bz-line bz-end${view.ending ? " now" : ""}" data-testid="bz-end">${esc(endLine(view))} ${ctx.rulesLink("phase:end")}</p>` +
    `<div class="bz-decks">` +
    `<div class="bz-deck k-battle"><b>${esc(t("pn_battle_deck"))}</b> ${ctx.rulesLink("card:battle")}<span>${esc(t("pn_deck_n", { n: d.battle ?? 0 }))}</span>${discardList(ctx, "battle", d.battle_discard || [], t("pn_battle_deck"))}</div>` +
    `<div class="bz-deck k-gold"><b>${esc(t("pn_gold_deck"))}</b> ${ctx.rulesLink("card:gold")}<span>${esc(t("pn_deck_n", { n: d.gold ?? 0 }))}</span>${discardList(ctx, "gold", d.gold_discard || [], t("pn_gold_deck"))}</div>` +
    `</div>` +
    `<h3 class="bz-h">${esc(t("pn_cities"))} ${ctx.rulesLink("card:city")}</h3>` +
    `<ul class="bz-cities">${(d.cities || []).map((st, i) => cityStack(ctx, view, i, st)).join("")}</ul>` +
    `<h3 class="bz-h">${esc(t("pn_display"))} ${ctx.rulesLink("card:painting")}</h3>` +
    `<p class="bz-note">${medals}</p>` +
    `<div class="bz-cards bz-display" data-testid="bz-display">${display}</div>` +
    `</section>`
  );
}

// ------------------------------------------------------------------------------------ combat

const PART_ROWS = ["units", "tile", "paintings", "arch", "cards"];

function unitList(view, ids) {
  return (ids || [])
    .map((u) => {
      const x = view.units && view.units[u];
      if (!x) return "";
      const e = view.empires[x.seat];
      const slot = e && boardOf(e).units[x.slot];
      return slot ? `${unitName(slot.type)} (${slot.vp})` : "";
    })
    .filter(Boolean)
    .join(", ");
}

function tileWords(view, h) {
  const x = view.hexes && view.hexes[h];
  if (!x) return "";
  if (x.city) return nameOf("cities", x.city.id);
  if (x.building) return nameOf("buildings", x.building.id);
  return "";
}

/** One side of a battle: the strength by source, the cards (face down, or revealed), the total. */
function side(view, ctx, b, role, { revealed, cards, committed, waiting }) {
  const seat = role === "attack" ? b.attacker : b.defender;
  const parts = (b.parts && b.parts[role]) || {};
  const flag = role === "defence" && seat == null;
  const who = flag ? esc(t("pn_red_flag")) : chip(ctx, seat);
  let rows;
  if (flag) {
    rows = `<dt>${esc(t("pn_flag_strength"))}</dt><dd>${parts.flag ?? b.flag ?? 0}</dd>`;
  } else {
    rows = PART_ROWS.map((k) => {
      let what = "";
      if (k === "units") what = unitList(view, role === "attack" ? b.units : b.defenders);
      if (k === "tile" && parts.tile) what = tileWords(view, b.hex);
      if (k === "arch" && parts.arch) {
        const e = view.empires[seat];
        what = archName(e && e.marker && e.marker.arch);
      }
      let value = String(parts[k] ?? 0);
      if (k === "cards") {
        if (revealed) {
          value = String(parts.cards ?? 0);
          what = (cards || []).length ? "" : t("pn_no_cards");
        } else {
          value = "?";
          what =
            committed === true
              ? t("pn_committed_hidden")
              : committed != null
                ? t("pn_face_down", { n: committed })
                : waiting
                  ? t("pn_choosing")
                  : t("pn_no_battle_cards");
          if (committed == null && !waiting) value = "0";
        }
      }
      return (
        `<dt>${esc(t(`pn_part_${k}`))}</dt><dd><b>${esc(value)}</b>` +
        (what ? ` <span class="bz-part-w">${esc(what)}</span>` : "") +
        `</dd>`
      );
    }).join("");
  }
  const shownCards =
    revealed && (cards || []).length
      ? `<div class="bz-cards bz-revealed" data-testid="bz-revealed">${cards.map((c) => battleCard(ctx, c, { idp: `rv-${role}` })).join("")}</div>`
      : !revealed && committed
        ? `<div class="bz-cards bz-facedown" aria-hidden="true">${Array.from({ length: committed === true ? 1 : committed }, () => `<span class="bz-back">${committed === true ? "?" : ""}</span>`).join("")}</div>`
        : "";
  const sum = Object.values(parts).reduce((a, n) => a + (n || 0), 0);
  // "+ ?" only while the side's cards are still to come or face down
  const total = revealed || flag || (committed == null && !waiting) ? String(sum) : `${sum} + ?`;
  return (
    `<div class="bz-side ${role}" data-testid="bz-side-${role}"><h3 class="bz-side-h">${esc(t(role === "attack" ? "pn_attacker" : "pn_defender"))} ${who}</h3>` +
    `<dl class="bz-parts">${rows}</dl>${shownCards}` +
    `<p class="bz-total">${esc(t("pn_total"))} <strong data-testid="bz-total-${role}">${esc(total)}</strong></p></div>`
  );
}

/** The viewer's battle cards to pick one by one (the step panel), and the button that commits the pick. */
function commitPicker(view, ctx) {
  const items = (ctx.legal || []).filter((li) => li.action.type === "commit");
  if (!items.length) return "";
  const e = view.empires[view.seat];
  const picked = (ctx.selAll || []).filter((k) => k.startsWith("bcard:")).map((k) => k.slice(6));
  const exact = items.find(
    (li) => li.action.cards.length === picked.length && picked.every((c) => li.action.cards.includes(c)),
  );
  const hand = (e.battle || [])
    .map((c) => battleCard(ctx, c, { key: `bcard:${c}`, idp: "pick", confirm: true }))
    .join("");
  return (
    `<div class="bz-commit" data-testid="bz-commit"><h3 class="bz-h">${esc(t("pn_commit_h"))} ${ctx.rulesLink("action:commit")}</h3>` +
    `<p class="bz-note">${esc(t("pn_commit_how"))}</p><div class="bz-cards">${hand}</div>` +
    (exact ? `<div class="bz-commit-go">${actionButton(ctx, exact, "bz-commit-go")}</div>` : "") +
    `</div>`
  );
}

/** The combat box: the battle being fought, else the last one (this or the last round); "" if neither. */
export function combatBox(view, ctx) {
  const dec = (view.decisions || []).find((d) => d.kind === "commit");
  if (view.battle) {
    // the defending units: those of the defender on the hex (the last battle records them itself)
    const b = {
      ...view.battle,
      defenders: Object.entries(view.units || {})
        .filter(([, u]) => u.hex === view.battle.hex && u.seat === view.battle.defender)
        .map(([id]) => id),
    };
    const answered = (dec && dec.answered) || [];
    const seats = (dec && dec.seats) || [];
    // who has committed is public, how many cards only to the seat itself (a sealed answer)
    const sideOf = (seat) => ({
      revealed: false,
      committed:
        seat == null || !answered.includes(seat) ? null : seat === view.seat && b.mine ? b.mine.length : true,
      waiting: seat != null && seats.includes(seat) && !answered.includes(seat),
    });
    const where =
      b.flag != null
        ? t("pn_battle_flag", { h: hexWords(view, b.hex) })
        : t("pn_battle_at", { h: hexWords(view, b.hex) });
    return (
      `<section class="bz-combat live" data-testid="bz-combat" aria-label="${esc(t("pn_battle"))}">` +
      `<h2 class="mini-h">${esc(where)} ${ctx.rulesLink("phase:battle")}</h2>` +
      `<div class="bz-sides">${side(view, ctx, b, "attack", sideOf(b.attacker))}<span class="bz-vs" aria-hidden="true">⚔</span>${side(view, ctx, b, "defence", sideOf(b.defender))}</div>` +
      (b.mine
        ? `<p class="bz-line">${esc(t("pn_you_committed", { cards: b.mine.map((c) => nameOf("battle", c)).join(", ") || t("pn_no_cards") }))}</p>`
        : "") +
      `<p class="bz-note bz-tie">${esc(t("pn_tie_rule"))}</p>` +
      commitPicker(view, ctx) +
      `</section>`
    );
  }
  const lb = view.last_battle;
  if (!lb || (lb.round != null && view.round - lb.round > 1)) return "";
  const cardsOf = (seat) => (seat == null ? [] : (lb.cards || {})[String(seat)] || []);
  const won = lb.winner === "attacker";
  const result =
    lb.attack === lb.defence
      ? t("pn_result_tie", { a: lb.attack, d: lb.defence })
      : t(won ? "pn_result_att" : "pn_result_def", { a: lb.attack, d: lb.defence });
  const winner = won ? lb.attacker : lb.defender;
  const where =
    lb.flag != null
      ? t("pn_battle_flag", { h: hexWords(view, lb.hex) })
      : t("pn_battle_at", { h: hexWords(view, lb.hex) });
  return (
    `<section class="bz-combat done" data-testid="bz-combat" aria-label="${esc(t("pn_last_battle"))}">` +
    `<h2 class="mini-h">${esc(t("pn_last_battle"))}: ${esc(where)} ${ctx.rulesLink("phase:battle")}</h2>` +
    `<div class="bz-sides">${side(view, ctx, lb, "attack", { revealed: true, cards: cardsOf(lb.attacker) })}<span class="bz-vs" aria-hidden="true">⚔</span>${side(view, ctx, lb, "defence", { revealed: true, cards: cardsOf(lb.defender) })}</div>` +
    `<p class="bz-result ${won ? "att" : "def"}" data-testid="bz-result">${winner != null ? `${chip(ctx, winner)} ` : ""}${esc(result)}</p>` +
    `<p class="bz-note bz-tie">${esc(t("pn_tie_rule"))}</p>` +
    `</section>`
  );
}
