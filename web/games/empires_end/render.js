// Empire's End front end: a pure function of (view, legal, ui state) -> HTML strings, following the
// renderer contract of docs/architecture.md ("Adding a game's front end").
// Nothing here knows the rules; every clickable control comes from `legal`.
//
// Element keys tie legal actions to board elements:
//   loc:<seat>:<pos>   a location tile         card:<id>     a card in the viewer's hand
//   disaster:<i>       an open disaster card   inno:<id>     a tucked innovation (maps to its tile too)

import { translator, pick, esc } from "../../app/i18n.js";
import * as I from "../../app/icons.js";
import STRINGS from "./strings.js";

export const strings = STRINGS;
const t = translator(STRINGS);

export const RESOURCES = ["wheat", "hammer", "axe", "coin"];
const PHASE_KINDS = ["disaster", "double_disaster", "economy", "industry", "economy_industry", "conflict", "quick_setup", "end"];

/** Keys of the board elements an action is about (for highlighting and click-to-act). */
export function actionKeys(action, view) {
  const me = view.seat;
  const keys = [];
  const mine = me != null ? view.empires[me] : null;
  const locOf = (tileId) => mine && mine.locations.find((l) => l.id === tileId);
  const innoLoc = (cardId) => mine && mine.locations.find((l) => l.innovations.some((i) => i.card.id === cardId));
  const src = (s) => {
    if (typeof s !== "string") return;
    if (s.startsWith("L:")) {
      const l = locOf(s.slice(2));
      if (l) keys.push(`loc:${me}:${l.pos}`);
    } else if (s.startsWith("I:")) {
      const id = s.slice(2);
      keys.push(`inno:${id}`);
      const l = innoLoc(id);
      if (l) keys.push(`loc:${me}:${l.pos}`);
      if (mine && mine.hand && mine.hand.some((c) => c.id === id)) keys.push(`card:${id}`);
    }
  };
  switch (action.type) {
    case "pass": case "take": case "free_pass": case "change":
      keys.push(`disaster:${action.card ?? 0}`);
      src(action.src);
      break;
    case "destroy": case "place": case "repair":
      keys.push(`loc:${me}:${action.loc}`);
      break;
    case "build":
      keys.push(`card:${action.card}`, `loc:${me}:${action.loc}`);
      break;
    case "sell":
      keys.push(`card:${action.card}`);
      break;
    case "execute":
      for (const c of action.cards || []) keys.push(`card:${c}`);
      break;
    case "use":
      src(action.src);
      // an ability that moves things between locations is about those locations too
      for (const p of [action.a, action.b, action.loc]) if (p != null && me != null) keys.push(`loc:${me}:${p}`);
      break;
    case "refresh":
      src(action.src);
      break;
    default:
      break;
  }
  return keys;
}

const GROUP_OF = {
  pass: "disaster", take: "disaster", free_pass: "disaster", change: "disaster",
  destroy: "pending", place: "pending", refresh: "pending", shortage: "pending", shortage_done: "pending",
  build: "build", sell: "sell", use: "use", repair: "repair", bid: "bid",
};
const GROUP_ORDER = ["pending", "disaster", "build", "sell", "use", "repair", "other", "bid"];

export const groupOf = (a) => GROUP_OF[a.type] || "other";

// ---------------------------------------------------------------------------------- small parts

const res = (name, n) =>
  `<span class="res" title="${esc(t("res_" + name))}">${I.RES[name] || ""}<span class="n">${n}</span><span class="sr-only"> ${esc(t("res_" + name))}</span></span>`;

const resList = (obj) => RESOURCES.filter((r) => obj && obj[r] != null).map((r) => res(r, obj[r])).join("");

const gainText = (gain) => Object.entries(gain || {}).filter(([, n]) => n).map(([r, n]) => `+${n} ${t("res_" + r)}`).join(" ");

export const phaseName = (kind) => t("phase_" + kind);

function seatName(ctx, s) {
  return ctx.names[s] || t("player_n", { n: s + 1 });
}

function abilityBadge(ab) {
  if (!ab) return "";
  const ph = ab.phase || "";
  return `<span class="abil ph-${esc(ph)}">${ph ? `<span class="ph-dot" aria-hidden="true"></span>` : ""}${esc(pick(ab.text))}</span>`;
}

function cardFace(card, extra = "", opts = {}) {
  const pay = (card.pay || []).map((r) => I.RES[r] || esc(r)).join("");
  const ph = card.ability && (card.ability.phase || card.phase);
  return `<span class="card-face ctype-${esc(card.type)}${opts.small ? " small" : ""}">`
    + `<span class="card-head"><span class="card-name">${esc(pick(card.name) || card.id)}</span>`
    + `<span class="card-target" title="${esc(t("target", { n: card.target }))}">${esc(card.target)}</span></span>`
    + `<span class="card-meta"><span class="pay" title="${esc(t("pay_with"))}">${pay}<span class="or-coin">/${I.RES.coin}</span></span>`
    + `<span class="cost" title="${esc(t("build_cost", { n: card.cost }))}">${I.RES.hammer}<span class="n">${esc(card.cost)}</span></span></span>`
    + (card.ability ? `<span class="abil ph-${esc(ph || card.phase || "")}"><span class="ph-dot" aria-hidden="true"></span>${esc(pick(card.ability.text))}</span>` : "")
    + extra + `</span>`;
}

function cardLabel(card) {
  const a = card.ability ? ` — ${pick(card.ability.text)}` : "";
  return `${pick(card.name) || card.id}: ${t("target", { n: card.target })}, ${t("build_cost", { n: card.cost })}${a}`;
}

// ---------------------------------------------------------------------------------- board parts

function phaseTrack(view) {
  const ph = view.phase || {};
  const track = ph.track || [];
  const cur = ph.kind === "end" ? track.length : ph.index;
  const items = track.map((kind, i) => {
    const now = i === cur;
    const past = i < cur;
    const lightning = ph.lightning === i;
    const label = `${i + 1}. ${phaseName(kind)}${now ? ` (${t("current")})` : ""}`;
    return `<li class="pt ph-${kind}${now ? " now" : ""}${past ? " past" : ""}" title="${esc(label)}" aria-label="${esc(label)}"${now ? ' aria-current="step"' : ""}>`
      + `<span class="pt-n" aria-hidden="true">${i + 1}</span>${now ? I.hourglass : ""}${lightning ? I.bolt : ""}</li>`;
  }).join("");
  const n = Math.min((ph.index ?? 0) + 1, track.length);
  return `<section class="phase-track" aria-label="${esc(t("phase_track"))}">`
    + `<div class="pt-title"><span class="ph-badge ph-${esc(ph.kind)}">${esc(pick(ph.name) || phaseName(ph.kind))}</span>`
    + `<span class="muted">${ph.kind === "end" ? "" : esc(t("phase_n", { n, total: track.length }))}</span></div>`
    + `<ol class="pt-list">${items}</ol></section>`;
}

function scoreTrack(view, ctx) {
  const scores = view.empires.map((e) => e.score);
  const max = Math.max(10, ...scores.map((s) => Math.abs(s)));
  const rows = view.empires.map((e) => {
    const w = Math.round((Math.max(0, e.score) / max) * 100);
    return `<li class="st-row seat-${e.seat}"><span class="st-name">${view.start_player === e.seat ? I.temple : ""}${esc(seatName(ctx, e.seat))}</span>`
      + `<span class="st-bar" aria-hidden="true"><span style="width:${w}%"></span></span><span class="st-val">${e.score}</span></li>`;
  }).join("");
  return `<section class="score-track" aria-label="${esc(t("scores"))}"><h2 class="mini-h">${esc(t("scores"))}</h2><ol>${rows}</ol>`
    + `<p class="decks muted">${esc(t("deck", { n: view.deck_count ?? "?" }))} · ${esc(t("discard", { n: view.discard_count ?? 0 }))} · ${esc(t("conflict_deck", { n: view.conflict_deck_count ?? "?" }))}</p></section>`;
}

function disasterArea(view, ctx) {
  const ds = view.disasters || [];
  if (!ds.length) return "";
  const cards = ds.map((d, i) => {
    const key = `disaster:${i}`;
    const acts = ctx.byKey.get(key) || [];
    const pool = RESOURCES.some((r) => d.pool && d.pool[r]) ? `<span class="pool"><span class="lbl">${esc(t("pool"))}</span>${resList(d.pool)}</span>` : `<span class="pool muted"><span class="lbl">${esc(t("pool"))}</span>0</span>`;
    const taken = d.taken_by != null ? `<span class="taken">${esc(t("taken_by", { name: seatName(ctx, d.taken_by) }))}</span>` : "";
    const mine = view.seat != null && d.targets ? d.targets[String(view.seat)] : null;
    const hits = mine != null ? `<span class="hits">${I.warn}${esc(t("targets_you", { n: mine }))}</span>` : "";
    const buttons = acts.map((li) => actionButton(ctx, li, "board-action")).join("");
    return `<div class="disaster${ctx.sel === key ? " selected" : ""}" role="group" aria-label="${esc(cardLabel(d.card))}">`
      + cardFace(d.card, `${pool}${hits}${taken}`)
      + (buttons ? `<div class="ctx-actions">${buttons}</div>` : "") + `</div>`;
  }).join("");
  return `<section class="disasters" aria-label="${esc(t("disasters"))}"><h2 class="mini-h">${esc(t("disasters"))}</h2><div class="disaster-row">${cards}</div></section>`;
}

function conflictArea(view, ctx) {
  const c = view.conflict;
  if (!c || !c.card) return "";
  const card = c.card;
  const range = (r) => (r.min == null ? `≤${r.max}` : r.max == null ? `${r.min}+` : r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`);
  const rows = (card.rows || []).map((r) => {
    const parts = [];
    if (r.points) parts.push(`${r.points > 0 ? "+" : ""}${r.points}★`);
    const g = gainText(r.gain);
    if (g) parts.push(g);
    if (r.refresh) parts.push(`⟳${r.refresh}`);
    return `<li><span class="rng">${esc(range(r))}</span> <span>${esc(parts.join(", ") || "—")}</span></li>`;
  }).join("");
  const v = card.victory || {};
  const victory = `${v.points ? `+${v.points}★ ` : ""}${gainText(v.gain)}`;
  const bids = view.empires.map((e) => {
    const s = String(e.seat);
    const b = c.bids && c.bids[s];
    const tot = c.totals && c.totals[s];
    let txt;
    if (b) txt = `${I.RES.axe}${b.axe} ${I.RES.coin}${b.coin}${tot != null ? ` = <strong>${tot}</strong>` : ""}`;
    else if (e.bid_committed) txt = `${I.lock} ${esc(t("bid_committed"))}`;
    else txt = `<span class="muted">${esc(t("bid_waiting"))}</span>`;
    return `<li class="seat-${e.seat}"><span class="bn">${esc(seatName(ctx, e.seat))}</span> ${txt}</li>`;
  }).join("");
  const mine = view.seat != null ? view.empires[view.seat] : null;
  const myBid = mine && mine.my_bid ? `<p class="my-bid">${I.lock} ${esc(t("your_bid", { axe: mine.my_bid.axe, coin: mine.my_bid.coin }))}</p>` : "";
  return `<section class="conflict" aria-label="${esc(t("conflict"))}"><h2 class="mini-h">${esc(t("conflict"))}</h2>`
    + `<div class="conflict-card"><ul class="rows" aria-label="${esc(t("rows"))}">${rows}</ul>`
    + `<p><strong>${esc(t("victory"))}:</strong> ${esc(victory)}</p><p>${esc(pick(card.text))}</p></div>`
    + `<ul class="bids">${bids}</ul>${myBid}${bidForm(ctx, mine ? mine.military : 0)}</section>`;
}

function bidForm(ctx, base) {
  const bids = ctx.legal.filter((l) => l.action.type === "bid");
  if (!bids.length) return "";
  const maxA = Math.max(0, ...bids.map((b) => b.action.axe || 0));
  const maxC = Math.max(0, ...bids.map((b) => b.action.coin || 0));
  const a = Math.min(ctx.draft.axe || 0, maxA);
  const c = Math.min(ctx.draft.coin || 0, maxC);
  const match = bids.find((b) => b.action.axe === a && b.action.coin === c);
  return `<form class="bid-form" data-form="bid" data-testid="bid-form" aria-label="${esc(t("sealed_bid"))}">`
    + `<h3 class="mini-h">${I.lock} ${esc(t("sealed_bid"))}</h3>`
    + `<label>${I.RES.axe}<span>${esc(t("bid_axes"))}</span><input type="number" inputmode="numeric" name="axe" min="0" max="${maxA}" value="${a}" data-testid="bid-axe"></label>`
    + `<label>${I.RES.coin}<span>${esc(t("bid_coins"))}</span><input type="number" inputmode="numeric" name="coin" min="0" max="${maxC}" value="${c}" data-testid="bid-coin"></label>`
    + `<p class="bid-total" data-role="bid-total" data-base="${base}" aria-live="polite">${esc(bidTotalText(base, a + c))}</p>`
    + `<button type="submit" class="btn primary" data-testid="bid-commit" data-role="bid-commit"${match ? ` data-action="${esc(JSON.stringify(match.action))}" data-idx="${ctx.legal.indexOf(match)}"` : " disabled"}>${esc(t("commit_bid"))}</button>`
    + (match ? "" : `<p class="warn-text">${esc(t("bid_not_legal"))}</p>`)
    + `</form>`;
}

/** The sealed-bid form (EE L457): a draft of axes and coins, committed as one legal "bid" action. */
export const forms = {
  bid: {
    /** Keep the typed amounts in the draft and update the form in place (no redraw while typing). */
    input(form, ctx) {
      const axe = Math.max(0, Math.floor(+form.elements.axe.value || 0));
      const coin = Math.max(0, Math.floor(+form.elements.coin.value || 0));
      Object.assign(ctx.draft, { axe, coin });
      const li = findBid(ctx.legal, axe, coin);
      const total = form.querySelector("[data-role=bid-total]");
      if (total) total.textContent = bidTotalText(+total.dataset.base || 0, axe + coin);
      const b = form.querySelector("[data-role=bid-commit]");
      b.disabled = !li;
      if (li) {
        b.dataset.action = JSON.stringify(li.action);
        b.dataset.idx = String(ctx.legal.indexOf(li));
      } else {
        b.removeAttribute("data-action");
      }
      const w = form.querySelector(".warn-text");
      if (!li && !w) form.insertAdjacentHTML("beforeend", `<p class="warn-text">${esc(t("bid_not_legal"))}</p>`);
      if (li && w) w.remove();
    },
    /** The legal bid the form holds, or null. */
    submit(form, ctx) {
      return findBid(ctx.legal, +form.elements.axe.value || 0, +form.elements.coin.value || 0);
    },
  },
};

const findBid = (legal, axe, coin) => legal.find((l) => l.action.type === "bid" && l.action.axe === axe && l.action.coin === coin) || null;

/** What to do now, in words, for the phase (shown when it is the viewer's move and nothing is pending). */
export function hint(view) {
  const key = `hint_${view.phase ? view.phase.kind : ""}`;
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
  const label = (mine ? t("your_location", { pos: l.pos, name, points: l.points, state: locState(l) })
    : t("their_location", { owner: seatName(ctx, e.seat), pos: l.pos, name, points: l.points, state: locState(l) }))
    + (l.ability ? `. ${pick(l.ability.text)}` : "")
    + l.innovations.map((i) => `. ${pick(i.card.name)}: ${pick(i.card.ability && i.card.ability.text)}${i.exhausted ? ` (${t("exhausted")})` : ""}`).join("")
    + (targetMarks.length ? `. ${targetMarks.map((d) => pick(d.name)).join(", ")}` : "");
  const marks = targetMarks.map((c) => `<span class="tmark ctype-${esc(c.type)}" title="${esc(pick(c.name))}">${I.warn}<span>${esc(pick(c.name))}</span></span>`).join("");
  const innos = l.innovations.map((i) =>
    `<span class="inno ctype-${esc(i.card.type)}${i.exhausted ? " is-exhausted" : ""}${ctx.sel === `inno:${i.card.id}` ? " selected" : ""}">`
    + `<span class="inno-name">${esc(pick(i.card.name))}${i.exhausted ? I.exhaust : i.used ? I.check : ""}</span>`
    + `<span class="abil ph-${esc((i.card.ability && i.card.ability.phase) || i.card.phase)}">${esc(pick(i.card.ability && i.card.ability.text))}</span></span>`).join("");
  const cls = `tile lt-${esc(l.type)}${l.intact ? "" : " destroyed"}${l.exhausted ? " is-exhausted" : ""}${acts.length ? " target" : ""}${ctx.sel === key ? " selected" : ""}${targetMarks.length ? " marked" : ""}`;
  const inner = `<span class="tile-head"><span class="pos">${l.pos}</span>${I.LOC[l.type] || ""}<span class="tname">${esc(name)}</span></span>`
    + `<span class="tile-nums"><span class="pts">${I.star}${l.points}</span><span class="rep" title="${esc(t("repair_cost", { n: l.repair }))}">${I.RES.hammer}${l.repair}</span></span>`
    + (l.intact ? "" : `<span class="ribbon">${esc(t("destroyed"))}</span>`)
    + (l.ability ? abilityBadge(l.ability) : "")
    + (l.exhausted ? `<span class="xmark" title="${esc(t("exhaust_marker"))}">${I.exhaust}<span>${esc(t("exhausted"))}</span></span>` : "")
    + (l.used && !l.exhausted ? `<span class="usedmark">${I.check}<span>${esc(t("used"))}</span></span>` : "")
    + (marks ? `<span class="tmarks">${marks}</span>` : "")
    + (innos ? `<span class="innos">${innos}</span>` : "");
  const body = `<span class="sr-only">${esc(label)}</span><span class="tile-vis" aria-hidden="true">${inner}</span>`;
  if (acts.length) {
    return `<button type="button" class="${cls}" data-key="${key}" data-testid="board-target"${acts.length === 1 ? ` data-action="${esc(JSON.stringify(acts[0].action))}"` : ""}>${body}</button>`;
  }
  return `<div class="${cls}" data-key="${key}">${body}</div>`;
}

function empire(view, ctx, e) {
  const mine = e.seat === view.seat;
  const toMove = (view.to_move || []).includes(e.seat);
  const targets = {};
  for (const d of view.disasters || []) {
    const pos = d.targets && d.targets[String(e.seat)];
    if (pos != null && d.taken_by == null) (targets[pos] ||= []).push(d.card);
  }
  const tiles = e.locations.map((l) => tile(view, ctx, e, l, targets[l.pos] || [])).join("");
  const resources = e.resources
    ? `<span class="resources${e.resources_revealed && !mine ? " revealed" : ""}" aria-label="${esc(t("resources"))}">${resList(e.resources)}${e.resources_revealed ? `<span class="tag">${esc(t("revealed"))}</span>` : ""}</span>`
    : `<span class="resources hidden-res">${I.lock}<span>${esc(t("resources"))}: ${esc(t("hidden"))}</span></span>`;
  const flags = [];
  if (view.start_player === e.seat) flags.push(`<span class="flag temple-flag" title="${esc(t("temple"))}">${I.temple}<span class="sr-only">${esc(t("temple"))}</span></span>`);
  if (toMove && !view.over) flags.push(`<span class="flag moving">${esc(t("to_move"))}</span>`);
  if (e.done) flags.push(`<span class="flag done">${I.check}${esc(t("done"))}</span>`);
  if (e.bid_committed && !(view.conflict && view.conflict.bids)) flags.push(`<span class="flag bid">${I.lock}${esc(t("bid_committed"))}</span>`);
  if (e.sub_phase) flags.push(`<span class="flag ph-${esc(e.sub_phase)}">${esc(phaseName(e.sub_phase))}</span>`);
  const kind = ctx.kinds[e.seat];
  return `<section class="empire seat-${e.seat}${mine ? " mine" : ""}${toMove ? " moving" : ""}" aria-label="${esc(seatName(ctx, e.seat))}" data-seat="${e.seat}">`
    + `<header class="emp-head"><h2 class="emp-name"><span class="seat-dot" aria-hidden="true"></span>${kind && kind !== "human" ? I.bot : ""}${esc(seatName(ctx, e.seat))}${mine ? ` <span class="muted">(${esc(t("you"))})</span>` : ""}</h2>`
    + `<span class="emp-score">${I.star}<strong>${e.score}</strong><span class="sr-only"> ${esc(t("score"))}</span></span>`
    + `<span class="emp-mil" title="${esc(t("military"))}">${I.LOC.army}<strong>${e.military}</strong><span class="sr-only"> ${esc(t("military"))}</span></span>`
    + resources
    + (mine ? "" : `<span class="hand-count">${esc(t("hand_hidden", { n: e.hand_count }))}</span>`)
    + flags.join("") + `</header>`
    + `<div class="tiles" role="group" tabindex="0" aria-label="${esc(t("locations_of", { name: seatName(ctx, e.seat) }))}">${tiles}</div></section>`;
}

function handArea(view, ctx) {
  const me = view.seat;
  if (me == null) return "";
  const e = view.empires[me];
  if (!e || !e.hand) return "";
  const cards = e.hand.map((c) => {
    const key = `card:${c.id}`;
    const acts = ctx.candidates(key);
    const inner = cardFace(c);
    const cls = `hand-card${acts.length ? " target" : ""}${ctx.sel === key ? " selected" : ""}`;
    const body = `<span class="sr-only">${esc(cardLabel(c))}</span><span class="card-vis" aria-hidden="true">${inner}</span>`;
    if (acts.length) {
      return `<button type="button" class="${cls}" data-key="${key}" data-testid="hand-card" aria-pressed="${ctx.sel === key}">${body}</button>`;
    }
    return `<div class="${cls}">${body}</div>`;
  }).join("");
  return `<section class="hand" aria-label="${esc(t("hand"))}"><h2 class="mini-h">${esc(t("hand"))} <span class="muted">(${e.hand.length})</span></h2>`
    + `<div class="hand-row">${cards || `<span class="muted">${esc(t("none"))}</span>`}</div></section>`;
}

function pendingBox(view, ctx) {
  const p = view.pending;
  if (!p) return "";
  const mine = p.seat === view.seat;
  const who = seatName(ctx, p.seat);
  return `<div class="pending${mine ? " mine" : ""}" data-testid="pending-prompt"><strong>${esc(t("pending"))} — ${esc(who)}:</strong> ${esc(pick(p.prompt))}`
    + (p.card ? `<span class="pending-card">${cardFace(p.card, "", { small: true })}</span>` : "") + `</div>`;
}

// ---------------------------------------------------------------------------------- actions

export function actionButton(ctx, li, testid = "legal-action") {
  const idx = ctx.legal.indexOf(li);
  const grp = groupOf(li.action);
  return `<button type="button" class="act g-${grp}" data-testid="${testid}" data-idx="${idx}" data-action="${esc(JSON.stringify(li.action))}">${esc(li.label)}</button>`;
}

export function renderActions(view, ctx) {
  const legal = ctx.legal;
  if (!legal.length) return `<p class="muted">${esc(t("no_actions"))}</p>`;
  let head = "";
  if (ctx.sel) {
    const cands = ctx.selCandidates;
    head = `<div class="choices" role="group" aria-label="${esc(t("choices_for", { what: ctx.selLabel }))}">`
      + `<h3 class="mini-h">${esc(t("choices_for", { what: ctx.selLabel }))}</h3>`
      + `<div class="act-list">${cands.map((li) => actionButton(ctx, li, "choice-action")).join("")}</div>`
      + `<button type="button" class="btn ghost" data-clear-sel="1">${esc(t("clear_selection"))}</button></div>`;
  }
  const groups = new Map();
  for (const li of legal) {
    const g = groupOf(li.action);
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(li);
  }
  const parts = [];
  for (const g of GROUP_ORDER) {
    const items = groups.get(g);
    if (!items) continue;
    const list = `<div class="act-list">${items.map((li) => actionButton(ctx, li)).join("")}</div>`;
    if (g === "bid") {
      parts.push(`<details class="act-group"><summary>${esc(t("group_bid"))} (${items.length})</summary>${list}</details>`);
    } else {
      parts.push(`<div class="act-group"><h3 class="mini-h">${esc(t("group_" + g))}</h3>${list}</div>`);
    }
  }
  return head + parts.join("");
}

// ---------------------------------------------------------------------------------- whole board

/**
 * ctx: {legal, names[], kinds[], sel, bid:{axe,coin}, candidates(key)->legal items, byKey: Map}
 * Returns the board markup (no actions list, no log).
 */
export function renderBoard(view, ctx) {
  return boardSections(view, ctx).map(([, h]) => h).join("");
}

/**
 * The board as [key, html] sections in display order; the page replaces only the sections whose
 * markup changed (most updates touch one empire and the status), which keeps redraws cheap.
 */
export function boardSections(view, ctx) {
  const me = view.seat;
  const order = view.empires.map((e) => e.seat);
  if (me != null) order.sort((a, b) => ((a - me + view.players) % view.players) - ((b - me + view.players) % view.players));
  const center = disasterArea(view, ctx) + conflictArea(view, ctx);
  return [
    ["top", `<div class="ee-top">${phaseTrack(view)}${scoreTrack(view, ctx)}</div>`],
    ["pending", pendingBox(view, ctx)],
    ["center", center ? `<div class="ee-center">${center}</div>` : ""],
    ["hand", handArea(view, ctx)],
    ...order.map((s) => [`emp-${s}`, empire(view, ctx, view.empires[s])]),
  ];
}

/** A short label for a selected key (for "Choices for …"). */
export function keyLabel(view, key, ctx) {
  const [kind, a, b] = key.split(":");
  if (kind === "loc") {
    const l = view.empires[+a].locations.find((x) => x.pos === +b);
    return l ? `#${l.pos} ${pick(l.name)}` : key;
  }
  if (kind === "card" || kind === "inno") {
    const all = view.empires.flatMap((e) => [...(e.hand || []), ...e.locations.flatMap((l) => l.innovations.map((i) => i.card))]);
    const c = all.find((x) => x.id === a);
    return c ? pick(c.name) : a;
  }
  if (kind === "disaster") {
    const d = (view.disasters || [])[+a];
    return d ? pick(d.card.name) : key;
  }
  return seatName(ctx, 0) && key;
}

export const meta = { phaseKinds: PHASE_KINDS };
