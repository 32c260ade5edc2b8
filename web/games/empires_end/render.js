// Empire's End front end: a pure function of (view, legal, ui state) -> HTML strings, following the
// renderer contract of docs/architecture.md ("Adding a game's front end").
// Nothing here knows the rules; every clickable control comes from `legal`.
//
// Element keys tie legal actions to board elements:
//   loc:<seat>:<pos>   a location tile         card:<id>     a card in the viewer's hand
//   disaster:<i>       an open disaster card   inno:<id>     a tucked innovation (maps to its tile too)

import { translator, pick, esc } from "../../app/i18n.js";
import * as I from "../../app/icons.js";
import { mayMoveView } from "../../app/engage.js";
import { card, cardTools, details, domId } from "../../app/kit/card.js";
import { bidKind } from "../../app/kit/bid.js";
import { actionButton } from "../../app/kit/panel.js";
import { pendingBox } from "../../app/kit/pending.js";
import STRINGS from "./strings.js";

export const strings = STRINGS;
const t = translator(STRINGS);

export const RESOURCES = ["wheat", "hammer", "axe", "coin"];

/** Keys of the board elements an action is about (for highlighting and click-to-act). */
export function actionKeys(action, view) {
  const me = view.seat;
  const keys = [];
  const mine = me != null ? view.empires[me] : null;
  const locOf = (tileId) => mine && mine.locations.find((l) => l.id === tileId);
  const innoLoc = (cardId) =>
    mine && mine.locations.find((l) => l.innovations.some((i) => i.card.id === cardId));
  // tile: false for an innovation whose ability picks locations (a swap): its own tile is then one of
  // the choices, so a click on that tile must mean the location, not the card tucked under it
  const src = (s, tile = true) => {
    if (typeof s !== "string") return;
    if (s.startsWith("L:")) {
      const l = locOf(s.slice(2));
      if (l) keys.push(`loc:${me}:${l.pos}`);
    } else if (s.startsWith("I:")) {
      const id = s.slice(2);
      keys.push(`inno:${id}`);
      const l = tile && innoLoc(id);
      if (l) keys.push(`loc:${me}:${l.pos}`);
      if (mine && mine.hand && mine.hand.some((c) => c.id === id)) keys.push(`card:${id}`);
    }
  };
  switch (action.type) {
    case "pass":
    case "take":
    case "free_pass":
    case "change":
      keys.push(`disaster:${action.card ?? 0}`);
      src(action.src);
      break;
    case "destroy":
    case "place":
    case "repair":
      keys.push(`loc:${me}:${action.loc}`);
      break;
    case "build":
      keys.push(`card:${action.card}`, `loc:${me}:${action.loc}`);
      break;
    case "sell":
      keys.push(`card:${action.card}`, "sell");
      break;
    case "execute":
      for (const c of action.cards || []) keys.push(`card:${c}`);
      break;
    case "use": {
      // an ability that moves things between locations is about those locations too
      const places = [action.a, action.b, action.loc].filter((p) => p != null && me != null);
      src(action.src, !places.length);
      for (const p of places) if (!keys.includes(`loc:${me}:${p}`)) keys.push(`loc:${me}:${p}`);
      break;
    }
    case "refresh":
      src(action.src);
      break;
    default:
      break;
  }
  return keys;
}

const GROUP_OF = {
  pass: "disaster",
  take: "disaster",
  free_pass: "disaster",
  change: "disaster",
  destroy: "pending",
  place: "pending",
  refresh: "pending",
  shortage: "pending",
  shortage_done: "pending",
  build: "build",
  sell: "sell",
  use: "use",
  repair: "repair",
  bid: "bid",
};
const GROUP_ORDER = ["pending", "disaster", "build", "sell", "use", "repair", "other", "bid"];

export const groupOf = (a) => GROUP_OF[a.type] || "other";

// ---------------------------------------------------------------------------------- small parts

const res = (name, n) =>
  `<span class="res" title="${esc(t("res_" + name))}">${I.RES[name] || ""}<span class="n">${n}</span><span class="sr-only"> ${esc(t("res_" + name))}</span></span>`;

const resList = (obj) =>
  RESOURCES.filter((r) => obj && obj[r] != null)
    .map((r) => res(r, obj[r]))
    .join("");

const gainText = (gain) =>
  Object.entries(gain || {})
    .filter(([, n]) => n)
    .map(([r, n]) => `+${n} ${t("res_" + r)}`)
    .join(" ");

export const phaseName = (kind) => t("phase_" + kind);

function abilityBadge(ab) {
  if (!ab) return "";
  const ph = ab.phase || "";
  return `<span class="abil ph-${esc(ph)}">${ph ? `<span class="ph-dot" aria-hidden="true"></span>` : ""}${esc(pick(ab.text))}</span>`;
}

function cardFace(card, extra = "", opts = {}) {
  const pay = (card.pay || []).map((r) => I.RES[r] || esc(r)).join("");
  const ph = card.ability && (card.ability.phase || card.phase);
  return (
    `<span class="card-face ctype-${esc(card.type)}${opts.small ? " small" : ""}">` +
    `<span class="card-head"><span class="card-name">${esc(pick(card.name) || card.id)}</span>` +
    `<span class="card-target" title="${esc(t("target", { n: card.target }))}">${esc(card.target)}</span></span>` +
    `<span class="card-meta"><span class="pay" title="${esc(t("pay_with"))}">${pay}<span class="or-coin">/${I.RES.coin}</span></span>` +
    `<span class="cost" title="${esc(t("build_cost", { n: card.cost }))}">${I.RES.hammer}<span class="n">${esc(card.cost)}</span></span></span>` +
    (card.ability
      ? `<span class="abil ph-${esc(ph || card.phase || "")}"><span class="ph-dot" aria-hidden="true"></span>${esc(pick(card.ability.text))}</span>`
      : "") +
    extra +
    `</span>`
  );
}

function cardLabel(card) {
  const a = card.ability ? ` — ${pick(card.ability.text)}` : "";
  return `${pick(card.name) || card.id}: ${t("target", { n: card.target })}, ${t("build_cost", { n: card.cost })}${a}`;
}

// ---------------------------------------------------------------------------------- card panels
//
// Every card and location shows its whole text on demand (the kit's card: an "i" opens a popover with
// the full effect and the "?" links into the rules).

/** The ability's full text with its phase and a "?" to its rules section. */
function abilityInfo(ctx, ab, fallbackPhase) {
  if (!ab) return `<p class="muted">${esc(t("no_ability"))}</p>`;
  const ph = ab.phase || fallbackPhase || "";
  return (
    `<p class="pop-abil"><span class="abil ph-${esc(ph)}">${ph ? `<span class="ph-dot" aria-hidden="true"></span><strong>${esc(t("phase_of_ability", { phase: phaseName(ph) }))}:</strong> ` : ""}` +
    `${esc(pick(ab.text))}</span> ${ctx.rulesLink(`ability:${ab.kind}`)}</p>`
  );
}

/** The full text of a card (disaster card in hand, open, or tucked as an innovation); rows: more [term, markup]. */
function cardInfo(ctx, c, rows = []) {
  const pays = (c.pay || []).map((r) => t("res_" + r)).concat([t("res_coin")]);
  return details(ctx, {
    title: pick(c.name) || c.id,
    cls: `pop-card ctype-${esc(c.type)}`,
    rows: [
      [t("type"), `${esc(pick(c.type_name) || c.type)} ${ctx.rulesLink(`card:${c.type}`)}`],
      [t("target_h"), esc(t("at_position", { n: c.target }))],
      [t("pay_with"), `${esc(pays.join(" / "))} ${ctx.rulesLink("action:pass")}`],
      [t("cost_h"), `${I.RES.hammer} ${esc(c.cost)} ${ctx.rulesLink("action:build")}`],
      ...rows,
    ],
    more: abilityInfo(ctx, c.ability, c.phase),
  });
}

/** The full text of a location, its innovations included. */
function locationInfo(ctx, l, name) {
  const innos = l.innovations
    .map((i) => cardInfo(ctx, i.card, i.exhausted ? [[t("exhausted"), I.exhaust]] : []))
    .join("");
  return details(ctx, {
    title: `#${l.pos} ${name}`,
    cls: `pop-card lt-${esc(l.type)}`,
    rules: `location:${l.type}`,
    rows: [
      [t("score"), `${I.star}${l.points}`],
      [t("group_repair"), `${I.RES.hammer}${l.repair} ${ctx.rulesLink("action:repair")}`],
      [t("state"), esc(locState(l))],
    ],
    more:
      (l.intact
        ? abilityInfo(ctx, l.ability)
        : `<p class="pop-destroyed">${I.warn} ${esc(t("destroyed"))}</p>`) +
      (innos
        ? `<h4 class="pop-sub">${esc(t("tucked"))} ${ctx.rulesLink("card:innovation")}</h4>${innos}`
        : ""),
  });
}

// ---------------------------------------------------------------------------------- board parts

function phaseTrack(view, ctx) {
  const ph = view.phase || {};
  const track = ph.track || [];
  const cur = ph.kind === "end" ? track.length : ph.index;
  const items = track
    .map((kind, i) => {
      const now = i === cur;
      const past = i < cur;
      const lightning = ph.lightning === i;
      const label = `${i + 1}. ${phaseName(kind)}${now ? ` (${t("current")})` : ""}`;
      return (
        `<li class="pt ph-${kind}${now ? " now" : ""}${past ? " past" : ""}" title="${esc(label)}" aria-label="${esc(label)}"${now ? ' aria-current="step"' : ""}>` +
        `<span class="pt-n" aria-hidden="true">${i + 1}</span>${now ? I.hourglass : ""}${lightning ? I.bolt : ""}</li>`
      );
    })
    .join("");
  const n = Math.min((ph.index ?? 0) + 1, track.length);
  return (
    `<section class="phase-track" aria-label="${esc(t("phase_track"))}">` +
    `<div class="pt-title"><span class="muted">${ph.kind === "end" ? "" : esc(t("phase_n", { n, total: track.length }))}</span>${ctx.rulesLink("track:phase")}</div>` +
    `<ol class="pt-list">${items}</ol></section>`
  );
}

function scoreTrack(view, ctx) {
  const scores = view.empires.map((e) => e.score);
  const max = Math.max(10, ...scores.map((s) => Math.abs(s)));
  const rows = view.empires
    .map((e) => {
      const w = Math.round((Math.max(0, e.score) / max) * 100);
      return (
        `<li class="st-row seat-${e.seat}"><span class="st-name">${view.start_player === e.seat ? I.temple : ""}${esc(ctx.names[e.seat])}</span>` +
        `<span class="st-bar" aria-hidden="true"><span style="width:${w}%"></span></span><span class="st-val">${e.score}</span></li>`
      );
    })
    .join("");
  return (
    `<section class="score-track" aria-label="${esc(t("scores"))}"><h2 class="mini-h">${esc(t("scores"))} ${ctx.rulesLink("track:score")}</h2><ol>${rows}</ol>` +
    `<p class="decks muted">${esc(t("deck", { n: view.deck_count ?? "?" }))} · ${esc(t("discard", { n: view.discard_count ?? 0 }))} · ${esc(t("conflict_deck", { n: view.conflict_deck_count ?? "?" }))}</p></section>`
  );
}

/** What taking disaster `d` destroys, in words: the viewer's line, or every seat's for a spectator. */
function hitsText(view, ctx, d) {
  const hits = d.hits || {};
  if (view.seat != null) return hits[String(view.seat)] ? pick(hits[String(view.seat)]) : "";
  return view.empires
    .map((e) =>
      hits[String(e.seat)]
        ? t("hits_seat", { name: ctx.names[e.seat], text: pick(hits[String(e.seat)]) })
        : "",
    )
    .filter(Boolean)
    .join(" · ");
}

/** A disaster card's panel: the card, and what taking it destroys for every seat. */
function disasterInfo(view, ctx, d) {
  const hits = view.empires
    .filter((e) => d.hits && d.hits[String(e.seat)])
    .map((e) => [ctx.names[e.seat], esc(pick(d.hits[String(e.seat)]))]);
  return cardInfo(
    ctx,
    d.card,
    hits.length
      ? [`<dt class="pop-wide">${esc(t("hits_label"))} ${ctx.rulesLink("action:take")}</dt>`, ...hits]
      : [],
  );
}

function disasterArea(view, ctx) {
  const ds = view.disasters || [];
  if (!ds.length) return "";
  const cards = ds
    .map((d, i) => {
      const key = `disaster:${i}`;
      const acts = ctx.byKey.get(key) || [];
      const pool = RESOURCES.some((r) => d.pool && d.pool[r])
        ? `<span class="pool"><span class="lbl">${esc(t("pool"))}</span>${resList(d.pool)}</span>`
        : `<span class="pool muted"><span class="lbl">${esc(t("pool"))}</span>0</span>`;
      const taken =
        d.taken_by != null
          ? `<span class="taken">${esc(t("taken_by", { name: ctx.names[d.taken_by] }))}</span>`
          : "";
      const words = d.taken_by == null ? hitsText(view, ctx, d) : "";
      const hits = words
        ? `<span class="hits" data-testid="disaster-hits">${I.warn}<span>${esc(words)}</span></span>`
        : "";
      const buttons = acts.map((li) => actionButton(ctx, li, "board-action")).join("");
      return (
        `<div class="disaster${ctx.sel === key ? " selected" : ""}" role="group" aria-label="${esc(cardLabel(d.card))}">` +
        card(ctx, {
          id: domId("pop-d", i, d.card.id),
          title: pick(d.card.name),
          face: cardFace(d.card, `${pool}${hits}${taken}`),
          cls: "card-cell",
          rules: `card:${d.card.type}`,
          info: () => disasterInfo(view, ctx, d),
        }) +
        (buttons ? `<div class="ctx-actions">${buttons}</div>` : "") +
        `</div>`
      );
    })
    .join("");
  return `<section class="disasters" aria-label="${esc(t("disasters"))}"><h2 class="mini-h">${esc(t("disasters"))} ${ctx.rulesLink("card:disaster")}</h2><div class="disaster-row">${cards}</div></section>`;
}

function conflictArea(view, ctx) {
  const c = view.conflict;
  if (!c || !c.card) return "";
  const card = c.card;
  const range = (r) =>
    r.min == null
      ? `≤${r.max}`
      : r.max == null
        ? `${r.min}+`
        : r.min === r.max
          ? `${r.min}`
          : `${r.min}–${r.max}`;
  const rows = (card.rows || [])
    .map((r) => {
      const parts = [];
      if (r.points) parts.push(`${r.points > 0 ? "+" : ""}${r.points}★`);
      const g = gainText(r.gain);
      if (g) parts.push(g);
      if (r.refresh) parts.push(`⟳${r.refresh}`);
      return `<li><span class="rng">${esc(range(r))}</span> <span>${esc(parts.join(", ") || "—")}</span></li>`;
    })
    .join("");
  const v = card.victory || {};
  const victory = `${v.points ? `+${v.points}★ ` : ""}${gainText(v.gain)}`;
  const bids = view.empires
    .map((e) => {
      const s = String(e.seat);
      const b = (c.bids && c.bids[s]) || (c.open_bids && c.open_bids[s]); // learning mode (L195): open bids
      const tot = c.totals && c.totals[s];
      let txt;
      if (b)
        txt = `${I.RES.axe}${b.axe} ${I.RES.coin}${b.coin}${tot != null ? ` = <strong>${tot}</strong>` : ""}`;
      else if (e.bid_committed) txt = `${I.lock} ${esc(t("bid_committed"))}`;
      else txt = `<span class="muted">${esc(t("bid_waiting"))}</span>`;
      return `<li class="seat-${e.seat}"><span class="bn">${esc(ctx.names[e.seat])}</span> ${txt}</li>`;
    })
    .join("");
  const mine = view.seat != null ? view.empires[view.seat] : null;
  const myBid =
    mine && mine.my_bid && !c.open_bids
      ? `<p class="my-bid">${I.lock} ${esc(t("your_bid", { axe: mine.my_bid.axe, coin: mine.my_bid.coin }))}</p>`
      : "";
  return (
    `<section class="conflict" aria-label="${esc(t("conflict"))}"><h2 class="mini-h">${esc(t("conflict"))} ${ctx.rulesLink("card:conflict")}</h2>` +
    `<div class="conflict-card"><ul class="rows" aria-label="${esc(t("rows"))}">${rows}</ul>` +
    `<p><strong>${esc(t("victory"))}:</strong> ${esc(victory)}</p><p>${esc(pick(card.text))}</p></div>` +
    `<ul class="bids">${bids}</ul>${myBid}</section>`
  );
}

/** The Conflict bid (L457: axes and coins, added to the base military; open in a learning game, L195). */
const BID = bidKind({
  name: "bid",
  type: "bid",
  fields: ["axe", "coin"],
  note: (v, data) => bidTotalText(+data.base || 0, v.axe + v.coin),
  invalid: () => t("bid_not_legal"),
});

function bidForm(ctx, base, open) {
  return BID.form(ctx, {
    title: t(open ? "open_bid" : "sealed_bid"),
    sealed: !open,
    submit: t(open ? "commit_open_bid" : "commit_bid"),
    data: { base },
    inputs: {
      axe: { label: `${I.RES.axe}<span>${esc(t("bid_axes"))}</span>`, testid: "bid-axe" },
      coin: { label: `${I.RES.coin}<span>${esc(t("bid_coins"))}</span>`, testid: "bid-coin" },
    },
  });
}

/** The bid form's handler (the renderer contract's `forms`). */
export const forms = { bid: BID.handler };

/** What to do now, in words, for the phase (shown when it is the viewer's move and nothing is pending). */
export function hint(view) {
  const kind = view.phase ? view.phase.kind : "";
  // learning mode (L195): the conflict's bids are made in the open, one player at a time
  const key = `hint_${kind}${kind === "conflict" && view.options && view.options.learning ? "_open" : ""}`;
  const s = t(key);
  return s === key ? "" : s;
}

/** Class of the board's wrapper: styles per phase. */
export const boardClass = (view) => `ee-board phase-${view.phase ? view.phase.kind : ""}`;

/** "Strength: 4 base + 3 bid = 7" (L457: strength = base military + axes and coins bid). */
export function bidTotalText(base, bid) {
  return t("bid_strength", { base, bid, total: base + bid });
}

function locState(l) {
  const parts = [l.intact ? t("intact") : t("destroyed")];
  if (l.exhausted) parts.push(t("exhausted"));
  else if (l.used) parts.push(t("used"));
  if (l.innovations.length) parts.push(t("innovations_n", { n: l.innovations.length }));
  return parts.join(", ");
}

function tile(view, ctx, e, l, targetMarks) {
  const key = `loc:${e.seat}:${l.pos}`;
  const acts = ctx.candidates(key);
  const mine = e.seat === view.seat;
  const name = pick(l.type_name) || t("type_" + l.type);
  const label =
    (mine
      ? t("your_location", { pos: l.pos, name, points: l.points, state: locState(l) })
      : t("their_location", {
          owner: ctx.names[e.seat],
          pos: l.pos,
          name,
          points: l.points,
          state: locState(l),
        })) +
    (l.ability && l.intact ? `. ${pick(l.ability.text)}` : "") +
    l.innovations
      .map(
        (i) =>
          `. ${pick(i.card.name)}: ${pick(i.card.ability && i.card.ability.text)}${i.exhausted ? ` (${t("exhausted")})` : ""}`,
      )
      .join("") +
    targetMarks.map((m) => `. ${pick(m.card.name)}${m.hits ? `: ${m.hits}` : ""}`).join("");
  const marks = targetMarks
    .map(
      (m) =>
        `<span class="tmark ctype-${esc(m.card.type)}" title="${esc(m.hits || pick(m.card.name))}">${I.warn}<span>${esc(pick(m.card.name))}</span></span>`,
    )
    .join("");
  const innos = l.innovations
    .map(
      (i) =>
        `<span class="inno ctype-${esc(i.card.type)}${i.exhausted ? " is-exhausted" : ""}${ctx.sel === `inno:${i.card.id}` ? " selected" : ""}">` +
        `<span class="inno-name">${esc(pick(i.card.name))}${i.exhausted ? I.exhaust : i.used ? I.check : ""}</span>` +
        `<span class="abil ph-${esc((i.card.ability && i.card.ability.phase) || i.card.phase)}">${esc(pick(i.card.ability && i.card.ability.text))}</span></span>`,
    )
    .join("");
  const cls = `tile lt-${esc(l.type)}${l.intact ? "" : " destroyed"}${l.exhausted ? " is-exhausted" : ""}${acts.length ? " target" : ""}${ctx.sel === key ? " selected" : ""}${targetMarks.length ? " marked" : ""}`;
  const inner =
    `<span class="tile-head"><span class="pos">${l.pos}</span>${I.LOC[l.type] || ""}<span class="tname">${esc(name)}</span></span>` +
    `<span class="tile-nums"><span class="pts">${I.star}${l.points}</span><span class="rep" title="${esc(t("repair_cost", { n: l.repair }))}">${I.RES.hammer}${l.repair}</span></span>` +
    (l.intact ? "" : `<span class="ribbon">${esc(t("destroyed"))}</span>`) +
    (l.ability && l.intact ? abilityBadge(l.ability) : "") +
    (l.exhausted
      ? `<span class="xmark" title="${esc(t("exhaust_marker"))}">${I.exhaust}<span>${esc(t("exhausted"))}</span></span>`
      : "") +
    (l.used && !l.exhausted ? `<span class="usedmark">${I.check}<span>${esc(t("used"))}</span></span>` : "") +
    (marks ? `<span class="tmarks">${marks}</span>` : "") +
    (innos ? `<span class="innos">${innos}</span>` : "");
  const body = `<span class="sr-only">${esc(label)}</span><span class="tile-vis" aria-hidden="true">${inner}</span>`;
  // Always a <button>, disabled when the tile is no target: a tile that becomes a target (or stops
  // being one) then changes only its open tag, and the redraw keeps its content (a <div> turning into a
  // <button> was a new subtree to style and lay out, ~8 tiles a click).
  const el = acts.length
    ? `<button type="button" class="${cls}" data-key="${key}" data-testid="board-target"${acts.length === 1 ? ` data-action="${esc(JSON.stringify(acts[0].action))}"` : ""}>${body}</button>`
    : `<button type="button" class="${cls}" data-key="${key}" disabled>${body}</button>`;
  const pop = cardTools(ctx, {
    id: domId("pop-l", e.seat, l.pos),
    title: `#${l.pos} ${name}`,
    rules: `location:${l.type}`,
    info: () => locationInfo(ctx, l, name),
  });
  return `<div class="tile-cell${l.intact ? "" : " is-destroyed"}">${el}${pop}</div>`;
}

function empire(view, ctx, e) {
  const mine = e.seat === view.seat;
  const toMove = (view.to_move || []).includes(e.seat);
  const targets = {};
  for (const d of view.disasters || []) {
    const pos = d.targets && d.targets[String(e.seat)];
    const hits = d.hits && d.hits[String(e.seat)] ? pick(d.hits[String(e.seat)]) : "";
    if (pos != null && d.taken_by == null) (targets[pos] ||= []).push({ card: d.card, hits });
  }
  const tiles = e.locations.map((l) => tile(view, ctx, e, l, targets[l.pos] || [])).join("");
  const resources = e.resources
    ? `<span class="resources${e.resources_revealed && !mine ? " revealed" : ""}" aria-label="${esc(t("resources"))}">${resList(e.resources)}${e.resources_revealed ? `<span class="tag">${esc(t("revealed"))}</span>` : ""}</span>`
    : `<span class="resources hidden-res">${I.lock}<span>${esc(t("resources"))}: ${esc(t("hidden"))}</span></span>`;
  const flags = [];
  if (view.start_player === e.seat)
    flags.push(
      `<span class="flag temple-flag" title="${esc(t("temple"))}">${I.temple}<span class="sr-only">${esc(t("temple"))}</span></span>`,
    );
  if (toMove && !view.over) flags.push(`<span class="flag moving">${esc(t("to_move"))}</span>`);
  if (e.done) flags.push(`<span class="flag done">${I.check}${esc(t("done"))}</span>`);
  if (e.bid_committed && !(view.conflict && (view.conflict.bids || view.conflict.open_bids)))
    flags.push(`<span class="flag bid">${I.lock}${esc(t("bid_committed"))}</span>`);
  if (e.sub_phase)
    flags.push(`<span class="flag ph-${esc(e.sub_phase)}">${esc(phaseName(e.sub_phase))}</span>`);
  const kind = ctx.kinds[e.seat];
  return (
    `<section class="empire seat-${e.seat}${mine ? " mine" : ""}${toMove ? " moving" : ""}" aria-label="${esc(ctx.names[e.seat])}" data-seat="${e.seat}">` +
    `<header class="emp-head"><h2 class="emp-name"><span class="seat-dot" aria-hidden="true"></span>${kind && kind !== "human" ? I.bot : ""}${esc(ctx.names[e.seat])}${mine ? ` <span class="muted">(${esc(t("you"))})</span>` : ""}</h2>` +
    `<span class="emp-score">${I.star}<strong>${e.score}</strong><span class="sr-only"> ${esc(t("score"))}</span></span>` +
    `<span class="emp-mil" title="${esc(t("military"))}">${I.LOC.army}<strong>${e.military}</strong><span class="sr-only"> ${esc(t("military"))}</span></span>` +
    resources +
    (mine ? "" : `<span class="hand-count">${esc(t("hand_hidden", { n: e.hand_count }))}</span>`) +
    flags.join("") +
    `</header>` +
    `<div class="tiles" role="group" tabindex="0" aria-label="${esc(t("locations_of", { name: ctx.names[e.seat] }))}">${tiles}</div></section>`
  );
}

function handArea(view, ctx) {
  const me = view.seat;
  if (me == null) return "";
  const e = view.empires[me];
  if (!e || !e.hand) return "";
  const cards = e.hand
    .map((c) =>
      card(ctx, {
        id: domId("pop-h", c.id),
        title: pick(c.name),
        face: cardFace(c),
        label: cardLabel(c),
        key: `card:${c.id}`,
        testid: "hand-card",
        cls: "card-cell hand-cell",
        faceCls: "hand-card",
        rules: `card:${c.type}`,
        info: () => cardInfo(ctx, c),
      }),
    )
    .join("");
  // Selling is a target like a location: pick a card, then Sell (or Sell, then the card).
  const sells = ctx.candidates("sell");
  const sell = sells.length
    ? `<button type="button" class="sell-slot${ctx.sel === "sell" ? " selected" : ""}" data-key="sell" data-testid="sell-target"${sells.length === 1 ? ` data-action="${esc(JSON.stringify(sells[0].action))}"` : ""}` +
      ` aria-pressed="${ctx.sel === "sell"}">${I.RES.coin}<span>${esc(sells.length === 1 ? sells[0].label : t("sell"))}</span></button>${ctx.rulesLink("action:sell")}`
    : "";
  return (
    `<section class="hand" aria-label="${esc(t("hand"))}"><h2 class="mini-h">${esc(t("hand"))} <span class="muted">(${e.hand.length})</span></h2>` +
    `<div class="hand-row">${cards || `<span class="muted">${esc(t("none"))}</span>`}${sell ? `<div class="sell-cell">${sell}</div>` : ""}</div></section>`
  );
}

/** The pending decisions (kit): the card a placement or a destruction is about shows with its line. */
function pendingCard(view, d) {
  const p = view.pending;
  return p && p.card && p.kind === d.kind && (d.seats || []).includes(p.seat)
    ? `<span class="pending-card">${cardFace(p.card, "", { small: true })}</span>`
    : "";
}

// ---------------------------------------------------------------------------------- actions
//
// The action panel is the kit's (app/kit/panel.js): this game says how its actions group (groupOf,
// groupOrder), which one finishes the step (isPrimary: Done), how a step is labelled (keyLabel), and
// puts the sealed bid's form at the top of the panel (panelForm). A long choice (a card's targets, the
// City's swaps) is narrowed one step at a time, on the board or from the panel, through actionKeys.

/** Done ends the seat's step; the Resource Shortage's "done" stays with its offer (group "pending"). */
export const isPrimary = (action) => action.type === "done";

export const groupOrder = GROUP_ORDER;

/** The bid is a form (sealed, L457; open in learning mode, L195), at the top of the action panel. */
export function panelForm(view, ctx) {
  const bids = ctx.legal.filter((li) => li.action.type === "bid");
  if (!bids.length) return null;
  const mine = view.seat != null ? view.empires[view.seat] : null;
  return {
    html: bidForm(ctx, mine ? mine.military : 0, !!(view.conflict && view.conflict.open_bids)),
    items: bids,
  };
}

// ---------------------------------------------------------------------------------- whole board

/**
 * ctx: {legal, names[], kinds[], sel, bid:{axe,coin}, candidates(key)->legal items, byKey: Map}
 * Returns the board markup (no actions list, no log).
 */
export function renderBoard(view, ctx) {
  return boardSections(view, ctx)
    .map(([, h]) => h)
    .join("");
}

/**
 * The board as [key, html] sections in display order; the page replaces only the sections whose
 * markup changed (most updates touch one empire and the status), which keeps redraws cheap.
 */
export function boardSections(view, ctx) {
  const me = ctx.seatFirst ?? view.seat; // whose empire comes first (behind the pass screen, the next seat's)
  const order = view.empires.map((e) => e.seat);
  if (me != null)
    order.sort((a, b) => ((a - me + view.players) % view.players) - ((b - me + view.players) % view.players));
  const center = disasterArea(view, ctx) + conflictArea(view, ctx);
  revealTarget(view, ctx);
  return [
    ["top", `<div class="ee-top">${phaseTrack(view, ctx)}${scoreTrack(view, ctx)}</div>`],
    ["pending", pendingBox(view, ctx, { more: (d) => pendingCard(view, d) })],
    ["center", center ? `<div class="ee-center">${center}</div>` : ""],
    ["hand", handArea(view, ctx)],
    ...order.map((s) => [`emp-${s}`, empire(view, ctx, view.empires[s])]),
  ];
}

// ---------------------------------------------------------------------------------- target in view
//
// While the viewer decides on a disaster, the location it aims at must be on screen. The renderer
// contract has no after-render hook, so the board asks for it once per decision, on the next frame
// (after the shell has written the markup). The drawing itself stays a function of the view.

let revealed = null;

/** The tile a disaster decision of the viewer is about: [decision id, data-key], or null. */
export function targetInView(view) {
  const me = view.seat;
  if (me == null || view.over || !view.phase) return null;
  const step = view.phase.step;
  if (
    view.pending &&
    view.pending.seat === me &&
    Array.isArray(view.pending.options) &&
    view.pending.kind === "destroy"
  ) {
    return [`${me}|destroy|${view.actions_played}`, `loc:${me}:${view.pending.options[0]}`];
  }
  if (step !== "pass_or_take" || view.turn !== me) return null;
  const open = (view.disasters || []).filter(
    (d) => d.taken_by == null && d.targets && d.targets[String(me)] != null,
  );
  if (!open.length) return null;
  const id = `${me}|${view.phase.index}|${open.map((d) => d.card.id).join(",")}`;
  return [id, `loc:${me}:${open[0].targets[String(me)]}`];
}

function revealTarget(view, ctx) {
  if (typeof requestAnimationFrame !== "function" || !ctx.legal.length || !mayMoveView()) return;
  const want = targetInView(view);
  if (!want || want[0] === revealed) return;
  revealed = want[0];
  requestAnimationFrame(() => {
    const el = document.querySelector(`.ee-board .tile[data-key="${want[1]}"]`);
    if (el && !onScreen(el)) el.scrollIntoView({ block: "end", inline: "center" });
  });
}

/** Is the element's centre on screen and not under a pinned bar or panel? */
function onScreen(el) {
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && el.contains(hit);
}

/** A short label for a selected key (for "Choices for …"). */
export function keyLabel(view, key, ctx) {
  const [kind, a, b] = key.split(":");
  if (kind === "loc") {
    const l = view.empires[+a].locations.find((x) => x.pos === +b);
    return l ? `#${l.pos} ${pick(l.name)}` : key;
  }
  if (kind === "card" || kind === "inno") {
    const all = view.empires.flatMap((e) => [
      ...(e.hand || []),
      ...e.locations.flatMap((l) => l.innovations.map((i) => i.card)),
    ]);
    const c = all.find((x) => x.id === a);
    return c ? pick(c.name) : a;
  }
  if (kind === "disaster") {
    const d = (view.disasters || [])[+a];
    return d ? pick(d.card.name) : key;
  }
  if (kind === "sell") return t("sell");
  return key;
}
