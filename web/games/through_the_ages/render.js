// Through the Ages front end: a pure function of (view, legal, selection) -> HTML strings, following the
// renderer contract of docs/architecture.md ("Adding a game's front end"). Nothing here knows the
// rules: every clickable control comes from `legal`, and a long choice goes step by step through the
// board keys below (a click narrows the legal list; the engine's list decides what is offered).
//
// Board keys:
//   row:<slot>    a card of the card row          tech:<card>   a technology in play (workers stand on it)
//   hand:<card>   a card of the viewer's civil hand   mil:<card>  a card of the viewer's military hand
//   common:<card> a tactic in the common area      wonder        the viewer's unfinished wonder
//   pop           the viewer's yellow bank (increase population)   civ:<seat>  another civilization

import { translator, pick, esc } from "../../app/i18n.js";
import * as I from "../../app/icons.js";
import { card as kitCard, details } from "../../app/kit/card.js";
import { bidKind } from "../../app/kit/bid.js";
import { pendingBox } from "../../app/kit/pending.js";
import STRINGS from "./strings.js";

export const strings = STRINGS;
const t = translator(STRINGS);

// ------------------------------------------------------------------------------------ keys

/** The civilizations of the view (engine key `civs`; older builds put the list under `players`). */
export function civs(view) {
  if (Array.isArray(view.civs)) return view.civs;
  if (Array.isArray(view.players)) return view.players;
  return [];
}

const subKeys = (a) => {
  const ks = [];
  if (!a || typeof a !== "object") return ks;
  switch (a.type) {
    case "take":
      ks.push(`row:${a.slot}`);
      break;
    case "pop":
      ks.push("pop");
      break;
    case "build":
    case "destroy":
    case "disband":
    case "send":
      ks.push(`tech:${a.card}`);
      break;
    case "upgrade":
      ks.push(`tech:${a.from}`, `tech:${a.to}`);
      break;
    case "stage":
      ks.push("wonder");
      break;
    case "leader":
    case "develop":
    case "revolution":
    case "play":
      ks.push(`hand:${a.card}`);
      break;
    case "event":
    case "tactic":
    case "discard":
    case "bonus":
    case "defend":
    case "discard_card":
      ks.push(`mil:${a.card}`);
      break;
    case "aggress":
    case "war":
    case "pact":
      ks.push(`mil:${a.card}`, `civ:${a.target}`);
      break;
    case "copy":
      ks.push(`common:${a.card}`);
      break;
    case "resign":
      ks.push("resign");
      break; // two steps, so that one stray click cannot end a civilization
    default:
      break;
  }
  return ks;
};

/** Keys of the board elements an action is about; the first is where the choice starts. */
export function actionKeys(action) {
  const ks = subKeys(action);
  if (action.type === "play" && action.do)
    for (const k of subKeys(action.do)) if (!ks.includes(k)) ks.push(k);
  return ks;
}

const allCards = (view) => {
  const out = [];
  for (const r of view.row || []) if (r.card) out.push(r.card);
  for (const c of civs(view)) {
    for (const x of c.technologies || []) out.push(x.card);
    out.push(
      ...(c.civil_hand || []),
      ...(c.military_hand || []),
      ...(c.specials || []),
      ...(c.wonders || []),
      ...(c.colonies || []),
    );
    for (const x of [c.government, c.leader, c.tactic, c.exclusive_tactic]) if (x) out.push(x);
    if (c.wonder) out.push(c.wonder.card);
  }
  out.push(...(view.common_tactics || []));
  return out;
};

const cardById = (view, id) => allCards(view).find((c) => c && c.id === id) || null;
const cname = (c) => (c ? pick(c.name) || c.id : "");

/** Words for a selected key ("Choices for …"). */
export function keyLabel(view, key, ctx) {
  const [kind, a] = key.split(":");
  if (kind === "pop") return t("increase_pop");
  if (kind === "resign") return t("resign_key");
  if (kind === "wonder") {
    const me = view.seat != null ? civs(view)[view.seat] : null;
    return me && me.wonder ? cname(me.wonder.card) : t("wonder_building");
  }
  if (kind === "civ") return ctx.names[+a];
  if (kind === "row") {
    const r = (view.row || [])[+a];
    return r && r.card ? `${cname(r.card)} (${t("row_slot", { n: +a + 1 })})` : key;
  }
  const c = cardById(view, a);
  return c ? cname(c) : a;
}

// ------------------------------------------------------------------------------------ small parts

const KINDS = [
  "action",
  "farm",
  "mine",
  "government",
  "leader",
  "special",
  "unit",
  "urban",
  "wonder",
  "aggression",
  "bonus",
  "event",
  "pact",
  "tactic",
  "territory",
  "war",
];
const kindName = (k) => (KINDS.includes(k) ? t(`kind_${k}`) : k);

function dots(n, cls, max = 8) {
  if (!n) return "";
  const shown = Math.min(n, max);
  return `<span class="toks ${cls}" aria-hidden="true">${"<i></i>".repeat(shown)}${n > max ? `<b>×${n}</b>` : ""}</span>`;
}

/** A card's details (the kit card's popover): its full text, kind and age, and a "?" into the rules. */
function cardInfo(ctx, card, extra = "") {
  return details(ctx, {
    title: cname(card),
    text: pick(card.text),
    more: extra,
    meta: `<span class="kbadge k-${esc(card.kind)}">${esc(kindName(card.kind))}</span> ${esc(t("card_age", { a: card.age }))} ${ctx.rulesLink(`card:${card.kind}`)}`,
  });
}

/**
 * A long word of a card name ("Transcontinental") as the style --w (its length): in the card row the
 * name's type shrinks just enough for that word to fit its card (game.css), so that no word breaks in
 * the middle ("Engineerin/g"). "" for names whose words are short.
 */
export function longWord(name) {
  const w = Math.max(0, ...(String(name).match(/[A-Za-z'’-]+/g) || []).map((x) => x.length));
  return w >= 9 ? ` style="--w:${w}"` : "";
}

const VOWEL = /[aeiouy]/i;

/**
 * A card name with a soft hyphen in each word of 12+ letters, before a consonant between two vowels
 * near its middle ("Transconti-nental", "Fortifica-tions"): too long a word for a narrow card then
 * breaks there with a hyphen, never at a random letter. Other words are unchanged.
 */
export function softHyphens(name) {
  return String(name).replace(/[A-Za-z]{12,}/g, (w) => {
    let best = -1;
    for (let i = 4; i <= w.length - 4; i++) {
      if (
        VOWEL.test(w[i - 1]) &&
        !VOWEL.test(w[i]) &&
        VOWEL.test(w[i + 1]) &&
        (best < 0 || Math.abs(i - w.length / 2) < Math.abs(best - w.length / 2))
      )
        best = i;
    }
    return best < 0 ? w : `${w.slice(0, best)}\u00ad${w.slice(best)}`;
  });
}

/**
 * One card: its name, age, an optional line, its text (clamped; the whole of it in the "i" panel).
 * With a key that some legal action has, the card is a button (data-key) the shell wires to the actions.
 */
function cardTile(ctx, card, { key = null, id, sub = "", extra = "", cls = "", text = true } = {}) {
  if (!card) return "";
  const name = softHyphens(cname(card));
  const face =
    `<span class="tc-head"><span class="tc-name"${longWord(name)}>${esc(name)}</span><span class="tc-age">${esc(card.age)}</span></span>` +
    (sub ? `<span class="tc-sub">${sub}</span>` : "") +
    (text ? `<span class="tc-text">${esc(pick(card.text))}</span>` : "");
  return kitCard(ctx, {
    id,
    title: cname(card),
    face,
    key,
    faceCls: "tc-main",
    info: () => cardInfo(ctx, card, extra),
    cls: `tc k-${esc(card.kind)} t-${esc(card.type)}${cls ? ` ${cls}` : ""}`,
  });
}

const stat = (cls, label, value, more = "") =>
  `<span class="stat ${cls}" title="${esc(label)}"><span class="st-l">${esc(label)}</span><strong>${value}</strong>${more}</span>`;

function pips(avail, total, cls, label) {
  const used = Math.max(0, total - avail);
  return (
    `<span class="pips ${cls}" title="${esc(label)}" aria-label="${esc(`${label}: ${t("actions_left", { a: avail, t: total })}`)}">` +
    `<span class="st-l">${esc(label)}</span>` +
    `<span class="pip-row" aria-hidden="true">${'<i class="on"></i>'.repeat(Math.max(0, avail))}${"<i></i>".repeat(used)}</span>` +
    `<strong>${avail}/${total}</strong></span>`
  );
}

// ------------------------------------------------------------------------------------ top strip

// The short game's table (L2226-2239): 3 face-up Age III events and War over Culture for all; each
// seat's face-down events as counts, named only where the view names them (the owner after Age I).
function shortGame(view, ctx) {
  const sg = view.short_game;
  if (!sg) return "";
  const tiles = [...sg.open, sg.war]
    .map((c, i) => cardTile(ctx, c, { id: `p-short-${i}`, text: false }))
    .join("");
  const held = sg.held
    .map((h) =>
      h.cards
        ? `<li>${esc(h.seat === view.seat ? t("short_yours", { names: h.cards.map(cname).join(", ") }) : `${ctx.names[h.seat]}: ${h.cards.map(cname).join(", ")}`)}</li>`
        : `<li>${esc(t("short_held", { name: ctx.names[h.seat], n: h.count }))}</li>`,
    )
    .join("");
  return (
    `<div class="ev short-game"><h3 class="mini-h">${esc(t("short_events"))}</h3>` +
    `<div class="mini-cards">${tiles}</div><ul class="short-held">${held}</ul></div>`
  );
}

/** The phase of the turn (the view's `phase` is `{kind, name}`, as in every game): political, action or end. */
const phaseKind = (view) => (view.phase ? view.phase.kind : "action");

function infoStrip(view, ctx) {
  const me = view.seat;
  const fut = view.future_events || [];
  const mine = fut.filter((f) => f.card).map((f) => cname(f.card));
  const past = view.past_events || [];
  const pastList = past.length
    ? `<details class="past"><summary>${esc(t("past_events_n", { n: past.length }))}</summary>` +
      `<div class="mini-cards">${past.map((c, i) => cardTile(ctx, c, { id: `p-past-${i}`, text: false })).join("")}</div></details>`
    : `<span class="muted">${esc(t("none"))}</span>`;
  const wars = (view.wars || [])
    .map(
      (w) =>
        `<li>${esc(t("war_line", { from: ctx.names[w.from], to: ctx.names[w.to], card: cname(w.card) }))}` +
        `${w.played ? ` <span class="muted">(${esc(t("short_played", { card: cname(w.played) }))})</span>` : ""}</li>`,
    )
    .join("");
  const common = (view.common_tactics || [])
    .map((c, i) => cardTile(ctx, c, { key: `common:${c.id}`, id: `p-com-${i}` }))
    .join("");
  return (
    `<section class="tta-info" aria-label="${esc(t("age", { a: view.age }))}">` +
    `<div class="info-line">` +
    `<span class="age-badge age-${esc(view.age)}">${esc(t("age", { a: view.age }))}</span>${ctx.rulesLink("track:age")}` +
    `<span class="round">${esc(t("round", { n: view.round }))}</span>` +
    (view.last_round != null && view.round >= view.last_round
      ? `<span class="flag last">${esc(t("last_round"))}</span>${ctx.rulesLink("track:last_round")}`
      : "") +
    `<span class="muted mode">${esc(t(`mode_tag_${view.mode}`))}</span>` +
    (view.over
      ? ""
      : `<span class="turn-of seat-${view.turn}"><span class="seat-dot" aria-hidden="true"></span>${esc(t("turn_of", { name: ctx.names[view.turn] }))}</span>`) +
    `</div>` +
    `<div class="decks">` +
    `<span>${esc(t("civil_deck", { n: view.civil_deck }))}</span>` +
    `<span>${esc(t("military_deck", { n: view.military_deck }))}</span>` +
    `<span>${esc(t("military_discards", { n: view.military_discards }))}</span>` +
    `</div>` +
    `<div class="events">` +
    `<div class="ev"><h3 class="mini-h">${esc(t("current_events"))} ${ctx.rulesLink("card:event")}</h3><p>${esc(t("current_events_n", { n: view.current_events }))}` +
    `${(view.current_events_ages || []).length ? ` <span class="muted">(${esc(view.current_events_ages.join(" "))})</span>` : ""}</p></div>` +
    `<div class="ev"><h3 class="mini-h">${esc(t("future_events"))}</h3><p>${esc(t("future_events_n", { n: fut.length }))}` +
    `${mine.length ? `<br><span class="yours">${esc(t("your_future", { names: mine.join(", ") }))}</span>` : ""}</p></div>` +
    `<div class="ev"><h3 class="mini-h">${esc(t("past_events"))}</h3>${pastList}</div>` +
    shortGame(view, ctx) +
    `</div>` +
    (wars
      ? `<div class="wars"><h3 class="mini-h">${esc(t("wars"))} ${ctx.rulesLink("card:war")}</h3><ul>${wars}</ul></div>`
      : "") +
    `<div class="common"><h3 class="mini-h">${esc(t("common_tactics"))} ${ctx.rulesLink("card:tactic")}</h3>` +
    `<div class="mini-cards">${common || `<span class="muted">${esc(t("none"))}</span>`}</div></div>` +
    (me == null ? "" : "") +
    `</section>`
  );
}

// ------------------------------------------------------------------------------------ live box

function liveBox(view, ctx) {
  const parts = [];
  const cs = civs(view);
  const nm = (s) => ctx.names[s];
  if (view.auction) {
    const a = view.auction;
    parts.push(
      `<div class="live auction"><h3 class="mini-h">${esc(t("auction"))} ${ctx.rulesLink("card:territory")}</h3>` +
        `<div class="live-card">${cardTile(ctx, a.card, { id: "p-auc" })}</div>` +
        `<p>${esc(a.leader != null ? t("auction_line", { bid: a.bid, name: nm(a.leader) }) : t("auction_none"))}</p>` +
        `<p class="muted">${esc(t("auction_in", { names: (a.in || []).map(nm).join(", ") }))}</p></div>`,
    );
  }
  if (view.colonize) {
    const c = view.colonize;
    const sent = Object.entries(c.sent || {})
      .map(([id, n]) => `${cname(cardById(view, id)) || id} ×${n}`)
      .join(", ");
    parts.push(
      `<div class="live colonize"><h3 class="mini-h">${esc(t("colonize"))} ${ctx.rulesLink("card:territory")}</h3>` +
        `<div class="live-card">${cardTile(ctx, c.card, { id: "p-col" })}</div>` +
        `<p>${esc(t("colonize_line", { name: nm(c.seat), bid: c.bid }))}</p>` +
        (sent ? `<p>${esc(t("colonize_sent", { list: sent }))}</p>` : "") +
        ((c.bonus || []).length
          ? `<p>${esc(t("colonize_bonus", { list: c.bonus.map(cname).join(", ") }))}</p>`
          : "") +
        `</div>`,
    );
  }
  if (view.fight) {
    const f = view.fight;
    const att = cs[f.from] ? cs[f.from].ratings.strength : 0;
    const def = cs[f.to] ? cs[f.to].ratings.strength : 0;
    const total = def + (f.bonus || 0);
    const maxUse = cs[f.to] ? cs[f.to].ma.total : 0;
    parts.push(
      `<div class="live fight" data-testid="tta-fight"><h3 class="mini-h">${esc(t("fight"))} ${ctx.rulesLink("card:aggression")}</h3>` +
        `<div class="live-card">${cardTile(ctx, f.card, { id: "p-fight" })}</div>` +
        `<p><strong>${esc(t("fight_line", { from: nm(f.from), to: nm(f.to), card: cname(f.card) }))}</strong></p>` +
        `<p class="fight-str">${esc(t("fight_str", { a: att, d: def, b: f.bonus || 0, total }))}</p>` +
        `<p class="muted">${esc(t("fight_used", { n: f.cards_used || 0, max: maxUse }))}</p>` +
        `<p class="${total >= att ? "ok" : "bad"}">${esc(total >= att ? t("fight_win") : t("fight_lose", { n: att - total }))}</p></div>`,
    );
  }
  if (view.offer) {
    const o = view.offer;
    parts.push(
      `<div class="live offer"><h3 class="mini-h">${esc(t("offer"))} ${ctx.rulesLink("card:pact")}</h3>` +
        `<div class="live-card">${cardTile(ctx, o.card, { id: "p-offer" })}</div>` +
        `<p>${esc(t("offer_line", { from: nm(o.from), to: nm(o.to), card: cname(o.card), side: o.side }))}</p></div>`,
    );
  }
  const decs = pendingBox(view, ctx);
  if (decs) parts.push(decs);
  return parts.length ? `<section class="tta-live" aria-live="polite">${parts.join("")}</section>` : "";
}

// ------------------------------------------------------------------------------------ card row

function cardRow(view, ctx) {
  const cards = (view.row || [])
    .map((r) => {
      const label = t("row_slot", { n: r.slot + 1 });
      if (!r.card) {
        return `<div class="slot empty" aria-label="${esc(label)}"><span class="slot-n">${r.slot + 1}</span><span class="slot-cost">${esc(t("cost_n", { n: r.base_cost }))}</span></div>`;
      }
      const dear = r.cost != null && r.cost > r.base_cost;
      const sub =
        `<span class="slot-n">${r.slot + 1}</span><span class="kbadge k-${esc(r.card.kind)}">${esc(kindName(r.card.kind))}</span>` +
        `<span class="slot-cost${dear ? " dear" : ""}" title="${esc(t("take_cost", { n: r.cost ?? r.base_cost }))}">${esc(t("cost_n", { n: r.cost ?? r.base_cost }))}</span>`;
      return `<div class="slot c${r.base_cost}">${cardTile(ctx, r.card, { key: `row:${r.slot}`, id: `p-row-${r.slot}`, sub })}</div>`;
    })
    .join("");
  return (
    `<section class="tta-row" aria-label="${esc(t("card_row"))}"><h2 class="mini-h">${esc(t("card_row"))} ${ctx.rulesLink("track:card_row")}</h2>` +
    `<div class="row-grid">${cards}</div></section>`
  );
}

// ------------------------------------------------------------------------------------ civilizations

function ratingsBar(c) {
  const r = c.ratings;
  const dis =
    c.discontent > 0
      ? `<span class="warnbit" title="${esc(t("discontent", { n: c.discontent }))}">${I.warn}${esc(t("discontent_short", { n: c.discontent }))}</span>`
      : "";
  return (
    `<div class="ratings">` +
    stat("cul", t("culture"), c.culture, `<span class="rate">+${r.culture}</span>`) +
    stat("sci", t("science"), c.science, `<span class="rate">+${r.science}</span>`) +
    stat("str", t("strength"), r.strength) +
    stat("hap", t("happiness"), r.happiness, `<span class="need">/${c.happy_needed}</span>${dis}`) +
    (r.colonization ? stat("col", t("colonization"), `+${r.colonization}`) : "") +
    (r.tactics ? stat("arm", t("tactics_str"), `+${r.tactics}`) : "") +
    `</div>`
  );
}

function actionsBar(c) {
  return (
    `<div class="acts-bar">` +
    pips(c.ca.available, c.ca.total, "ca", t("ca")) +
    pips(c.ma.available, c.ma.total, "ma", t("ma")) +
    (c.ma.temporary ? `<span class="muted">${esc(t("temp_ma", { n: c.ma.temporary }))}</span>` : "") +
    (c.military_resources
      ? `<span class="muted">${esc(t("mil_res", { n: c.military_resources }))}</span>`
      : "") +
    `</div>`
  );
}

function banks(view, ctx, c, mine) {
  const popKey = "pop";
  const popActs = mine ? ctx.candidates(popKey) : [];
  const ybar = `<span class="bank-bar y" aria-hidden="true"><span style="width:${Math.round((c.yellow_bank / 18) * 100)}%"></span></span>`;
  const bbar = `<span class="bank-bar b" aria-hidden="true"><span style="width:${Math.round((Math.min(c.blue_bank, 16) / 16) * 100)}%"></span></span>`;
  const yinner =
    `<span class="bank-h">${esc(t("yellow_bank"))}: <strong>${c.yellow_bank}</strong></span>${ybar}` +
    `<span class="bank-l">${esc(c.yellow_bank > 0 ? t("pop_cost", { n: c.population_cost }) : t("pop_cost_none"))}</span>` +
    `<span class="bank-l">${esc(t("consumption", { n: c.consumption }))} · ${esc(t("happy_needed", { n: c.happy_needed }))}</span>`;
  const yellow = popActs.length
    ? `<button type="button" class="bank yellow target" data-key="pop" data-testid="board-target"${popActs.length === 1 ? ` data-action="${esc(JSON.stringify(popActs[0].action))}"` : ""}>${yinner}</button>`
    : `<div class="bank yellow">${yinner}</div>`;
  const blue =
    `<div class="bank blue"><span class="bank-h">${esc(t("blue_bank"))}: <strong>${c.blue_bank}</strong></span>${bbar}` +
    `<span class="bank-l">${esc(t("corruption", { n: c.corruption }))}</span></div>`;
  const workers =
    `<div class="bank pool"><span class="bank-h">${esc(t("workers_unused", { n: c.unused_workers }))}</span>${dots(c.unused_workers, "y", 12)}` +
    (c.discontent > 0
      ? `<span class="bank-l bad">${esc(t("discontent", { n: c.discontent }))}${c.discontent > c.unused_workers ? ` — ${esc(t("uprising_risk"))}` : ""}</span>`
      : "") +
    `</div>`;
  const stock =
    `<div class="bank stock"><span class="bank-h">${esc(t("food"))}: <strong>${c.food}</strong> <span class="muted">(${esc(t("production", { n: c.food_production }))})</span></span>` +
    `<span class="bank-h">${esc(t("resources"))}: <strong>${c.resources}</strong> <span class="muted">(${esc(t("production", { n: c.resource_production }))})</span></span></div>`;
  return `<div class="banks">${yellow}${ctx.rulesLink("track:yellow_bank")}${blue}${ctx.rulesLink("track:blue_bank")}${workers}${stock}</div>`;
}

function techTile(ctx, c, x, mine, scope, i) {
  const sub =
    `${dots(x.workers, "y")}${x.workers ? `<span class="n">${x.workers}</span>` : ""}` +
    (x.blue ? `${dots(x.blue, "b", 6)}<span class="n b">${x.blue}×${x.token_value}</span>` : "");
  const extra = `<p>${esc(t("workers_n", { n: x.workers }))}${x.blue ? ` · ${esc(t("blue_n", { n: x.blue, v: x.token_value }))}` : ""}</p>`;
  return cardTile(ctx, x.card, {
    key: mine ? `tech:${x.card.id}` : null,
    id: `p-${scope}-t${i}`,
    sub,
    extra,
  });
}

function group(ctx, title, body, cls = "", rulesKey = "") {
  if (!body) return "";
  return `<div class="tgroup ${cls}"><h3 class="mini-h">${esc(title)} ${rulesKey ? ctx.rulesLink(rulesKey) : ""}</h3><div class="tg-cards">${body}</div></div>`;
}

function tableau(view, ctx, c, mine, scope) {
  const techs = c.technologies || [];
  const by = (kinds) =>
    techs
      .map((x, i) => [x, i])
      .filter(([x]) => kinds.includes(x.card.kind))
      .map(([x, i]) => techTile(ctx, c, x, mine, scope, i))
      .join("");
  let wonder = "";
  if (c.wonder) {
    const w = c.wonder;
    const n = (w.stages || []).length;
    const built = Array.isArray(w.built) ? w.built.length : w.built || 0;
    const boxes = (w.stages || [])
      .map((cost, i) => `<span class="stage${i < built ? " done" : ""}">${esc(cost)}</span>`)
      .join("");
    wonder = cardTile(ctx, w.card, {
      key: mine ? "wonder" : null,
      id: `p-${scope}-w`,
      cls: "unfinished",
      sub: `<span class="stages" aria-label="${esc(t("stages", { built, n }))}">${boxes}</span>`,
      extra: `<p>${esc(t("stages", { built, n }))}</p><p>${esc(t("stage_costs", { list: (w.stages || []).join(", ") }))}</p>`,
    });
  }
  const core =
    cardTile(ctx, c.government, {
      key: mine ? `tech:${c.government && c.government.id}` : null,
      id: `p-${scope}-gov`,
      sub: `<span class="muted">${esc(t("government"))}</span>`,
    }) +
    (c.leader
      ? cardTile(ctx, c.leader, {
          id: `p-${scope}-ldr`,
          sub: `<span class="muted">${esc(t("leader"))}</span>`,
        })
      : "") +
    wonder +
    (c.wonders || [])
      .map((w, i) =>
        cardTile(ctx, w, { id: `p-${scope}-wd${i}`, sub: `<span class="muted">${esc(t("wonders"))}</span>` }),
      )
      .join("");
  const mil = [
    c.tactic
      ? cardTile(ctx, c.tactic, {
          id: `p-${scope}-tac`,
          sub: `<span class="muted">${esc(t("tactic"))}</span>`,
        })
      : "",
    c.exclusive_tactic && (!c.tactic || c.exclusive_tactic.id !== c.tactic.id)
      ? cardTile(ctx, c.exclusive_tactic, {
          id: `p-${scope}-ex`,
          sub: `<span class="muted">${esc(t("exclusive_tactic"))}</span>`,
        })
      : "",
    c.pact
      ? cardTile(ctx, c.pact.card, {
          id: `p-${scope}-pact`,
          sub: `<span class="muted">${esc(t("pact_with", { name: ctx.names[c.pact.with], side: c.pact.side }))}</span>`,
        })
      : "",
  ].join("");
  return (
    `<div class="tableau">` +
    group(ctx, t("government"), core, "core", "card:government") +
    group(ctx, t("farms_mines"), by(["farm", "mine"]), "prod", "card:farm") +
    group(ctx, t("urban"), by(["urban"]), "urban", "card:urban") +
    group(ctx, t("units"), by(["unit"]), "units", "card:unit") +
    group(
      ctx,
      t("specials"),
      (c.specials || []).map((s, i) => cardTile(ctx, s, { id: `p-${scope}-sp${i}` })).join(""),
      "specials",
      "card:special",
    ) +
    group(
      ctx,
      t("colonies"),
      (c.colonies || []).map((s, i) => cardTile(ctx, s, { id: `p-${scope}-col${i}` })).join(""),
      "colonies",
      "card:territory",
    ) +
    group(ctx, t("tactic"), mil, "milcards", "card:tactic") +
    `</div>`
  );
}

function hands(view, ctx, c, mine, scope) {
  const civil = (c.civil_hand || [])
    .map((card, i) => cardTile(ctx, card, { key: mine ? `hand:${card.id}` : null, id: `p-${scope}-h${i}` }))
    .join("");
  let out =
    `<div class="hand civil"><h3 class="mini-h">${esc(t("civil_hand_n", { n: (c.civil_hand || []).length, max: c.civil_hand_limit }))} ${ctx.rulesLink("track:civil_hand")}</h3>` +
    `<div class="tg-cards">${civil || `<span class="muted">${esc(t("none"))}</span>`}</div></div>`;
  if (mine && c.military_hand) {
    const mil = c.military_hand
      .map((card, i) => cardTile(ctx, card, { key: `mil:${card.id}`, id: `p-${scope}-m${i}` }))
      .join("");
    out +=
      `<div class="hand military" data-testid="tta-military-hand"><h3 class="mini-h">${I.lock} ${esc(t("military_hand_n", { n: c.military_hand.length, max: c.military_hand_limit }))} ${ctx.rulesLink("track:military_hand")}</h3>` +
      `<div class="tg-cards">${mil || `<span class="muted">${esc(t("none"))}</span>`}</div></div>`;
  } else {
    out += `<div class="hand military hidden-hand"><h3 class="mini-h">${I.lock} ${esc(t("military_hidden", { n: c.military_count }))}</h3></div>`;
  }
  return `<div class="hands">${out}</div>`;
}

function civHeader(view, ctx, c, mine) {
  const moving = (view.to_move || []).includes(c.seat) && !view.over;
  const kind = ctx.kinds ? ctx.kinds[c.seat] : null;
  const flags = [];
  if (view.start_player === c.seat)
    flags.push(
      `<span class="flag start" title="${esc(t("start_player"))}">${I.temple}<span class="sr-only">${esc(t("start_player"))}</span></span>`,
    );
  if (moving) flags.push(`<span class="flag moving">${esc(t("to_move"))}</span>`);
  if (c.resigned) flags.push(`<span class="flag resigned">${esc(t("resigned"))}</span>`);
  return (
    `<span class="civ-name"><span class="seat-dot" aria-hidden="true"></span>${kind && kind !== "human" ? I.bot : ""}${esc(ctx.names[c.seat])}` +
    `${mine ? ` <span class="muted">(${esc(t("you"))})</span>` : ""}</span>${flags.join("")}`
  );
}

function myCiv(view, ctx, c) {
  return (
    `<section class="civ mine seat-${c.seat}" data-seat="${c.seat}" data-testid="tta-my-civ" aria-label="${esc(t("your_tableau"))}">` +
    `<header class="civ-head"><h2>${civHeader(view, ctx, c, true)}</h2>${ratingsBar(c)}</header>` +
    actionsBar(c) +
    banks(view, ctx, c, true) +
    tableau(view, ctx, c, true, `s${c.seat}`) +
    hands(view, ctx, c, true, `s${c.seat}`) +
    `</section>`
  );
}

function otherCiv(view, ctx, c) {
  const key = `civ:${c.seat}`;
  const acts = ctx.candidates(key);
  const sel = (ctx.selAll || []).includes(key);
  const summary =
    `<span class="oc-line">${civHeader(view, ctx, c, false)}</span>` +
    `<span class="oc-nums"><span>${esc(t("culture"))} <strong>${c.culture}</strong></span><span>${esc(t("science"))} <strong>${c.science}</strong></span>` +
    `<span>${esc(t("strength"))} <strong>${c.ratings.strength}</strong></span><span>${esc(t("happiness"))} <strong>${c.ratings.happiness}</strong>${c.discontent ? ` <em class="bad">${esc(t("discontent_short", { n: c.discontent }))}</em>` : ""}</span>` +
    `<span>${esc(t("ca"))} <strong>${c.ca.total}</strong></span><span>${esc(t("ma"))} <strong>${c.ma.total}</strong></span>` +
    `<span>${esc(t("civil_hand"))} <strong>${(c.civil_hand || []).length}</strong></span><span>${I.lock}<strong>${c.military_count}</strong></span>` +
    `<span class="muted">${esc(cname(c.government))}${c.leader ? ` · ${esc(cname(c.leader))}` : ""}</span></span>`;
  const target = acts.length
    ? `<button type="button" class="civ-target target${sel ? " selected" : ""}" data-key="${key}" data-testid="board-target" aria-pressed="${sel}"` +
      `${acts.length === 1 ? ` data-action="${esc(JSON.stringify(acts[0].action))}"` : ""}>${esc(ctx.names[c.seat])}</button>`
    : "";
  return (
    `<section class="civ other seat-${c.seat}${c.resigned ? " resigned" : ""}" data-seat="${c.seat}" aria-label="${esc(t("tableau_of", { name: ctx.names[c.seat] }))}">` +
    `<div class="oc-sum">${summary}${target}</div>` +
    `<details class="oc-more"><summary>${esc(t("show_tableau"))}</summary>` +
    ratingsBar(c) +
    actionsBar(c) +
    banks(view, ctx, c, false) +
    tableau(view, ctx, c, false, `s${c.seat}`) +
    hands(view, ctx, c, false, `s${c.seat}`) +
    `</details></section>`
  );
}

// ------------------------------------------------------------------------------------ board

export const boardClass = (view) => `tta-board phase-${phaseKind(view)}${view.over ? " over" : ""}`;

/** The board as [key, html] sections in display order (the shell patches only the ones that changed). */
export function boardSections(view, ctx) {
  const cs = civs(view);
  const me = view.seat;
  const first = ctx.seatFirst ?? me; // whose civilization comes first (behind the pass screen, the next seat's)
  const order = cs.map((c) => c.seat);
  const n = cs.length || 1;
  if (first != null) order.sort((a, b) => ((a - first + n) % n) - ((b - first + n) % n));
  const secs = [
    ["info", infoStrip(view, ctx)],
    ["live", liveBox(view, ctx)],
    ["row", cardRow(view, ctx)],
  ];
  if (!cs.length) secs.push(["civs", `<p class="warn-text">${esc(t("no_civs"))}</p>`]);
  for (const s of order) {
    const c = cs[s];
    secs.push([`civ-${s}`, s === me ? myCiv(view, ctx, c) : otherCiv(view, ctx, c)]);
  }
  return secs;
}

/** What to do now, in words (shown when it is the viewer's move and nothing else is pending). */
export function hint(view) {
  const top = (view.decisions || [])[view.decisions ? view.decisions.length - 1 : 0];
  if (top && (top.seats || []).includes(view.seat)) return "";
  if (view.round <= 1) return t("hint_round1");
  return phaseKind(view) === "political" ? t("hint_political") : t("hint_action");
}

// ------------------------------------------------------------------------------------ actions

// The action panel is the kit's (app/kit/panel.js): this game says how its actions group, which ones
// finish the turn, that resigning takes a second click, and puts the colonization bid at the top.

const DIRECT = new Set(["end", "pop", "stage", "cancel_pact", "pass", "done", "accept", "refuse"]);
const GROUP_OF_KEY = {
  row: "row",
  hand: "hand",
  mil: "military",
  common: "common",
  tech: "tableau",
  civ: "other",
};

/** A group by where the choice starts: the card row, the civil hand, ... (strings group_<g>). */
export function groupOf(action) {
  if (DIRECT.has(action.type)) return "turn";
  if (action.type === "bid") return "answer";
  if (action.type === "resign") return "resign";
  const k = subKeys(action)[0];
  return (k && GROUP_OF_KEY[k.split(":")[0]]) || "other";
}

export const groupOrder = [
  "turn",
  "answer",
  "row",
  "hand",
  "military",
  "common",
  "tableau",
  "other",
  "resign",
];

/** Resigning takes a second click (its choice, with a way back): one stray click cannot end a civilization. */
export const needsConfirm = (action) => action.type === "resign";

/** A colonization auction's bids: the kit's bid form (forms.bid), at the top of the panel. */
export function panelForm(view, ctx) {
  const bids = ctx.legal.filter((li) => li.action.type === "bid");
  if (!bids.length) return null;
  return {
    html: `<div class="act-group"><h3 class="mini-h">${esc(t("auction"))}</h3>${bidControls(ctx, bids)}</div>`,
    items: bids,
  };
}

/** A colonization bid (made in the open, in turn): the kit's bid form over the legal bids. */
const BID = bidKind({ name: "bid", type: "bid", fields: ["n"], invalid: () => t("bid_not_legal") });

function bidControls(ctx, bids) {
  const ns = bids.map((b) => b.action.n);
  const range = t("bid_range", { min: Math.min(...ns), max: Math.max(...ns) });
  return BID.form(ctx, {
    title: t("bid_form"),
    sealed: false,
    submit: t("bid_submit"),
    inputs: {
      n: {
        label: `<span>${esc(t("bid_submit"))} <span class="muted">(${esc(range)})</span></span>`,
        testid: "bid-n",
      },
    },
  });
}

/** The bid form's handler (the renderer contract's `forms`). */
export const forms = { bid: BID.handler };
