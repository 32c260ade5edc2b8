// The Great Wall front end (issue 18 §3): a pure function of the seat's view and its legal list,
// following the renderer contract of docs/architecture.md ("Adding a game's front end"). Nothing here
// knows the rules: every clickable element comes from the legal list (ctx.candidates).
// bench/ hook: the board targets (vital spots, Horde cards, locations) not selected carry data-bench="target",
// so the click part of bench/run.py clicks them every other pick (bench/README.md, "Hooks a game's front end
// may set"); a selected one is left out, or the bench would click it off and on again.
//
// Element keys tie legal actions to board elements (actionKeys, in the order a player picks them):
//   spot:<section>:<row>:<spot>  a vital spot of a Horde card (deploy: a horseman's two spots are two keys,
//                                 the first narrows and the second completes; shoot / wound)
//   rest:<section>               a section's rest area (go to rest; a Transport move's source)
//   wallz:<section>              the archers on a section's Wall (a Transport move's source)
//   wall:<section>               a section's Wall (build a Wall level or a barricade there)
//   loc:<id>                     a location (a clerk's destination, the next to activate, its use)
//   slot:<i>                     a space of the command track
//   tac:<id> / adv:<id>          a Tactic in the viewer's hand / an Advisor on the track
//   gen:<id> / act:<id>          the draft: the General kept / the Advisor made Active
//   unit:<kind>, from:<loc>, to:<zone>, build:<what>, as:<how>   panel-only steps

import { translator, pick, esc } from "../../app/i18n.js";
import { card, cardTools, details, domId } from "../../app/kit/card.js";
import { bidKind } from "../../app/kit/bid.js";
import { pendingBox } from "../../app/kit/pending.js";
import DATA from "./data.js";
import STRINGS from "./strings.js";

export const strings = STRINGS;
const t = translator(STRINGS);

const RES = ["wood", "stone", "gold", "chi"];
const KINDS = ["spear", "archer", "horse"];
// small inline icons (no emoji: the players' fonts may lack them)
const svg = (body) =>
  `<svg class="gw-ico" viewBox="0 0 16 16" aria-hidden="true" focusable="false">${body}</svg>`;
const RES_ICON = {
  wood: svg(
    '<rect x="1.5" y="5" width="13" height="6" rx="3" fill="#8b5a2b"/><circle cx="13" cy="8" r="2.2" fill="#d9b48a"/>',
  ),
  stone: svg('<path d="M2 12l2-6 4-3 5 2 1.5 6-4 2.5z" fill="#8d8d8d" stroke="#555" stroke-width=".8"/>'),
  gold: svg('<circle cx="8" cy="8" r="6" fill="#e2b227" stroke="#9a7200" stroke-width="1.2"/>'),
  chi: svg(
    '<circle cx="8" cy="8" r="6" fill="#7e57c2"/><path d="M8 2a3 3 0 0 1 0 6a3 3 0 0 0 0 6" fill="none" stroke="#fff" stroke-width="1.4"/>',
  ),
};
const KIND_ICON = {
  spear: svg('<path d="M8 1l2.2 4H9v10H7V5H5.8z" fill="currentColor"/>'),
  archer: svg(
    '<path d="M4 1.5q9 6.5 0 13" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M4 1.5v13M2 8h12M11.5 6l2.5 2-2.5 2" fill="none" stroke="currentColor" stroke-width="1.2"/>',
  ),
  horse: svg('<path d="M4 15V9l-2-1 3-5 3-1 1 2 4 3-1 2-3-1v7z" fill="currentColor"/>'),
};

const nameOf = (table, id) => {
  const x = DATA[table] && DATA[table][id];
  return x ? pick(x.name) : String(id);
};
const locData = (view, id) => (DATA.sides[view.side] || DATA.sides["4p"]).locations.find((l) => l.id === id);
const locName = (view, id) => {
  const l = locData(view, id);
  return l ? pick(l.name) : id;
};
const seatName = (ctx, s) => (ctx.names && ctx.names[s]) || t("player_n", { n: s + 1 });
const chip = (ctx, s, extra = "") =>
  `<span class="gw-chip seat-${s}"${extra}>${esc(seatName(ctx, s))}</span>`;
const dot = (s, title = "") =>
  `<span class="gw-dot seat-${s}"${title ? ` title="${esc(title)}"` : ""} aria-hidden="true"></span>`;

// ------------------------------------------------------------------------------------ effects in words

/** One effect of the shared vocabulary in words (command boxes, spot rewards). */
export function effText(e) {
  if (!e) return "";
  const res = e.res || Object.fromEntries(RES.filter((r) => e[r]).map((r) => [r, e[r]]));
  switch (e.op) {
    case "gain":
      return Object.entries(res)
        .map(([r, n]) => `+${n} ${t(`res_${r}`)}`)
        .join(", ");
    case "honor":
      return t("eff_honor", { n: e.n });
    case "move_clerks": {
      const more = e.more_if_played; // Despotism: more moves when another seat's card is on the track
      const base = t("eff_move_clerks", { n: e.n });
      return more ? `${base} ${t("eff_more_if", { n: more.n, card: nameOf("command", more.card) })}` : base;
    }
    case "draw_tactic":
      return t("eff_draw_tactic", { n: e.n || 1 });
    case "tea_up":
      return t("eff_tea_up", { n: e.n || 1 });
    case "advanced_activation":
      return t("eff_advanced", { n: e.n || 1 });
    case "attack_order":
      return t("eff_attack_order");
    default: {
      const s = t(`eff_${e.op}`, { n: e.n ?? 1 });
      return s === `eff_${e.op}` ? e.op : s;
    }
  }
}
const effList = (es) => (es && es.length ? es.map(effText).join("; ") : "—");

// ------------------------------------------------------------------------------------ action keys

const zoneKey = (z) => (z[0] === "rest" ? `rest:${z[1]}` : `wallz:${z[1]}`);

/** Keys of the board elements an action is about, in the order a player picks them. */
export function actionKeys(a) {
  switch (a.type) {
    case "deploy":
      return [`unit:${a.kind}`, ...a.spots.map((j) => `spot:${a.section}:${a.row}:${j}`)];
    case "shoot":
      return [`spot:${a.section}:${a.row}:${a.spot}`];
    case "rest":
      return [`rest:${a.section}`];
    case "slot":
      return [`slot:${a.slot}`];
    case "clerk":
      return [`from:${a.from}`, `loc:${a.to}`];
    case "order":
    case "activate":
      return [`loc:${a.location}`];
    case "use": {
      const k = [`loc:${a.location}`];
      if (a.build) k.push(`build:${a.build}`, `wall:${a.section}`);
      if (a.hire) k.push(`hire:${a.hire}`);
      if (a.card) k.push(`adv:${a.card}`);
      if (a.as) k.push(`as:${a.as}`);
      if (a.kind) k.push(`unit:${a.kind}`);
      if (a.upgrade) k.push(`unit:${a.upgrade}`);
      if (a.move) k.push(zoneKey(a.move.from), `to:${a.move.to[0]}:${a.move.to[1]}`);
      return k;
    }
    case "tactic":
    case "discard_tactic":
      return [`tac:${a.card}`];
    case "shame":
      return typeof a.on === "string" ? [`unit:${a.on}`] : [];
    case "draft":
      return [`gen:${a.general}`, `act:${a.active}`];
    default:
      return [];
  }
}

const GROUP_OF = {
  clerk: "clerks",
  stop: "end",
  order: "locations",
  activate: "locations",
  use: "locations",
  next: "locations", // co-op: who acts next inside a location (L952)
  deploy: "war",
  rest: "war",
  shoot: "war",
  save: "war",
  shame: "shame",
  discard_shame: "shame",
  tactic: "tactics",
  discard_tactic: "tactics",
  slot: "command",
  command: "command",
  retrieve: "summer",
  honor: "summer",
  draft: "draft",
  pass: "end",
};
export const groupOf = (a) => GROUP_OF[a.type] || "other";
export const groupOrder = [
  "draft",
  "command",
  "clerks",
  "locations",
  "war",
  "shame",
  "tactics",
  "summer",
  "other",
  "end",
];
export const isPrimary = (a) => a.type === "stop" || a.type === "pass";

/** Words for a step ("Choices for …", the panel's step buttons). */
export function keyLabel(view, key) {
  const [kind, a, b, c] = key.split(":");
  switch (kind) {
    case "spot": {
      const slot = view.sections[+a] && view.sections[+a].rows[+b];
      return t("key_spot", { card: slot ? nameOf("horde", slot.card) : "?", n: +c + 1, s: +a + 1 });
    }
    case "rest":
      return t("key_rest", { s: +a + 1 });
    case "wallz":
      return t("key_wallz", { s: +a + 1 });
    case "wall":
      return t("key_wall", { s: +a + 1 });
    case "loc":
      return locName(view, a);
    case "from":
      return a === "supply" ? t("from_supply") : t("from_loc", { loc: locName(view, a) });
    case "to":
      return a === "rest" ? t("to_rest", { s: +b + 1 }) : t("to_wall", { s: +b + 1 });
    case "slot":
      return t("key_slot", { n: +a + 1 });
    case "unit":
      return t(`kind_${a}`);
    case "build":
      return t(`build_${a}`);
    case "hire":
      return t(`hire_${a}`);
    case "as":
      return t(`as_${a}`);
    case "tac":
      return nameOf("tactic", a);
    case "adv":
    case "act":
      return kind === "act" ? t("key_active", { name: nameOf("advisor", a) }) : nameOf("advisor", a);
    case "gen":
      return nameOf("general", a);
    default:
      return key;
  }
}

/** Horde spots stay steps even when every choice has them (a horseman on the only free pair). */
export const keepsShared = (k) => k.startsWith("spot:");

// ------------------------------------------------------------------------------------ sealed command

const COMMAND = bidKind({
  name: "command",
  type: "command",
  fields: ["card"],
  invalid: () => t("command_pick"),
});
export const forms = { command: COMMAND.handler };

function commandFace(id) {
  const c = DATA.command[id];
  if (!c) return esc(id);
  return (
    `<strong>${esc(pick(c.name))}</strong>` +
    `<span class="gw-box"><b>${esc(t("box_top"))}</b> ${esc(effList(c.top))}</span>` +
    `<span class="gw-box"><b>${esc(t("box_middle"))}</b> ${esc(effList(c.middle))}</span>` +
    `<span class="gw-box"><b>${esc(t("box_bottom"))}</b> ${esc(effList(c.bottom))}</span>`
  );
}

/** Autumn's sealed command choice (L608): the kit's sealed form, one radio per card of the hand. */
export function panelForm(view, ctx) {
  const items = ctx.legal.filter((li) => li.action.type === "command");
  if (!items.length) return null;
  const html = COMMAND.form(ctx, {
    title: t("command_h"),
    sealed: true,
    submit: t("command_commit"),
    inputs: {
      card: {
        label: esc(t("command_which")),
        testid: "command-choice",
        choices: items.map((li) => ({ value: li.action.card, label: commandFace(li.action.card) })),
      },
    },
  });
  return { html, items };
}

export function hint(view) {
  const ds = view.decisions || [];
  const top = ds[ds.length - 1];
  if (top) {
    const s = t(`hint_${top.kind}`);
    if (s !== `hint_${top.kind}`) return s;
  }
  return t("hint");
}

// ------------------------------------------------------------------------------------ the board

export const boardClass = (view) => `gw-board season-${view.season || ""}`;

function tracks(view, ctx) {
  const time = (DATA.time || [])
    .map((sp, i) => {
      const cur = i === view.time;
      return (
        `<li class="gw-ts${cur ? " cur" : ""}${i < view.time ? " past" : ""}"${cur ? ' aria-current="step"' : ""}` +
        ` title="${esc(t("time_space", { c: sp.casualties, h: sp.horde }))}"><span class="n">${i + 1}</span>` +
        `<span class="c">☠${sp.casualties}</span><span class="h">⚑${sp.horde}</span></li>`
      );
    })
    .join("");
  const tea = view.tea.map((s, i) => `<li>${i + 1}. ${chip(ctx, s)}</li>`).join("");
  // solo: Qin Jiushao's Honor stands on the track all game beside the player's (L874)
  const qin = view.qin ? [{ qin: true, honor: view.qin.honor }] : [];
  const honor = [...view.clans, ...qin]
    .sort((x, y) => y.honor - x.honor)
    .map((c) =>
      c.qin
        ? `<li data-testid="gw-qin-honor"><span class="gw-qin">${esc(t("qin_name"))}</span> <strong>${c.honor}</strong></li>`
        : `<li>${chip(ctx, c.seat)} <strong>${c.honor}</strong></li>`,
    )
    .join("");
  const wh = RES.filter((r) => r !== "chi")
    .map(
      (r) =>
        `<span class="gw-res">${RES_ICON[r]} ${esc(t(`res_${r}`))} <strong>${view.warehouse[r] ?? 0}</strong></span>`,
    )
    .join(" ");
  const ind = view.horde_indicator == null ? "—" : t("column_n", { n: view.horde_indicator + 1 });
  return (
    `<section class="gw-tracks" aria-label="${esc(t("tracks_h"))}">` +
    `<div class="gw-track gw-time"><h3 class="mini-h">${esc(t("time_h"))} ${ctx.rulesLink("track:time")}</h3>` +
    `<ol class="gw-time-l" data-testid="gw-time">${time}</ol><p class="gw-note">${esc(t("time_legend"))}</p>` +
    `<p class="gw-line">${esc(t("casualties_now", { n: view.casualties }))}</p></div>` +
    `<div class="gw-track"><h3 class="mini-h">${esc(t("tea_h"))} ${ctx.rulesLink("track:tea")}</h3><ol class="gw-tea" data-testid="gw-tea">${tea}</ol></div>` +
    `<div class="gw-track"><h3 class="mini-h">${esc(t("honor_h"))} ${ctx.rulesLink("track:honor")}</h3><ol class="gw-honor" data-testid="gw-honor">${honor}</ol></div>` +
    `<div class="gw-track"><h3 class="mini-h">${esc(t("supply_h"))}</h3>` +
    `<p class="gw-line">${esc(t("shame_supply"))}: <strong>${view.shame_supply}</strong> ${ctx.rulesLink("track:shame")}</p>` +
    `<p class="gw-line">${esc(t("horde_deck", { n: view.horde_deck }))} · ${esc(t("next_column"))}: <strong>${esc(ind)}</strong></p>` +
    `<p class="gw-line">${esc(t("warehouse"))}: ${wh}</p></div>` +
    `</section>`
  );
}

/** A vital spot: a button when some legal action has it (deploy, shoot), with its occupant or wound. */
function spotCell(view, ctx, si, r, slot, j, sp) {
  const key = `spot:${si}:${r}:${j}`;
  const acts = ctx.candidates(key);
  const who = slot.soldiers.find((x) => x.spots.includes(j));
  const wounded = slot.wounds.includes(j);
  const on = (ctx.selAll || []).includes(key);
  const occ = who
    ? `<span class="gw-fig seat-${who.seat}" aria-hidden="true">${KIND_ICON[who.kind]}</span>`
    : wounded
      ? `<span class="gw-wound" aria-hidden="true">✕</span>`
      : `<span class="gw-rw" aria-hidden="true">${esc(effText(sp.reward))}</span>`;
  const words = t("spot_label", {
    n: j + 1,
    what: who
      ? t("spot_held", { kind: t(`kind_${who.kind}`), name: seatName(ctx, who.seat) })
      : wounded
        ? t("spot_wounded")
        : effText(sp.reward),
  });
  const style = ` style="grid-column:${sp.x + 1};grid-row:${sp.y + 1}"`;
  const cls = `gw-spot${who ? " held" : ""}${wounded ? " wounded" : ""}${acts.length ? " target" : ""}${on ? " selected" : ""}`;
  if (!acts.length) return `<span class="${cls}"${style} role="img" aria-label="${esc(words)}">${occ}</span>`;
  return (
    `<button type="button" class="${cls}"${style} data-key="${esc(key)}" data-testid="board-target"${on ? "" : ' data-bench="target"'} aria-pressed="${on}" aria-label="${esc(words)}"` +
    `${acts.length === 1 ? ` data-action="${esc(JSON.stringify(acts[0].action))}"` : ""}>${occ}</button>`
  );
}

function hordeCard(view, ctx, si, r, slot) {
  if (!slot) return `<div class="gw-hc empty" aria-hidden="true"></div>`;
  const c = DATA.horde[slot.card] || { name: { en: slot.card }, spots: [], attack: 0, reward: 0 };
  const title = pick(c.name);
  const spots = c.spots.map((sp, j) => spotCell(view, ctx, si, r, slot, j, sp)).join("");
  const info = () =>
    details(ctx, {
      title,
      rules: "card:horde",
      rows: [
        [t("attack"), String(c.attack)],
        [t("reward"), esc(t("eff_honor", { n: c.reward }))],
        [t("column"), String((c.indicator ?? 0) + 1)],
        [t("spots"), esc(c.spots.map((sp, j) => `${j + 1}: ${effText(sp.reward)}`).join(" · "))],
      ],
      text: c.ability ? pick(c.ability.text) : "",
    });
  return (
    `<div class="gw-hc" data-testid="horde-card" data-card="${esc(slot.card)}">` +
    `<div class="gw-hc-h"><span class="gw-hc-n">${esc(title)}</span><span class="gw-atk" title="${esc(t("attack"))}">⚔${c.attack}</span></div>` +
    `<div class="gw-spots">${spots}</div>` +
    cardTools(ctx, { id: domId("gw-horde", si, r), title, rules: "card:horde", info }) +
    `</div>`
  );
}

function zoneButton(ctx, key, cls, inner, label) {
  const acts = ctx.candidates(key);
  const on = (ctx.selAll || []).includes(key);
  // the words go inside (a screen reader reads them with what is shown): no aria-label that the
  // visible text would not be part of
  const body = `<span class="sr-only">${esc(label)}</span>${inner}`;
  // a zone that is no target is the same element, disabled: when it becomes one (or stops being one) a
  // redraw changes its open tag only, not a whole new subtree to style and lay out
  if (!acts.length) return `<button type="button" class="${cls}" disabled>${body}</button>`;
  return (
    `<button type="button" class="${cls} target${on ? " selected" : ""}" data-key="${esc(key)}" data-testid="board-target"${on ? "" : ' data-bench="target"'} aria-pressed="${on}"` +
    `${acts.length === 1 ? ` data-action="${esc(JSON.stringify(acts[0].action))}"` : ""}>${body}</button>`
  );
}

function section(view, ctx, sec, si) {
  const lvl = DATA.walls[sec.wall] || {};
  // the coming siege (view.siege: attack of the Horde cards, defense of the Wall with its barricades)
  const sg = (view.siege && view.siege[si]) || null;
  const def = sg ? sg.defense : (lvl.defense ?? 0) + 2 * sec.barricades;
  const atk = sg ? sg.attack : 0;
  const breach = atk > def;
  const siegeWords = t(breach ? "siege_breach" : "siege_holds", { a: atk, d: def });
  const rows = [2, 1, 0].map((r) => hordeCard(view, ctx, si, r, sec.rows[r])).join("");
  const firing = sec.firing
    .map((s) =>
      s == null
        ? `<span class="gw-fire" aria-hidden="true">${KIND_ICON.archer}</span>`
        : `<span class="gw-fire held seat-${s}">${KIND_ICON.archer}</span>`,
    )
    .join("");
  const bars = Array.from(
    { length: 3 },
    (_, i) => `<span class="gw-bar${i < sec.barricades ? " on" : ""}" aria-hidden="true"></span>`,
  ).join("");
  const wallWords = t("wall_label", {
    s: si + 1,
    level: sec.wall,
    def: lvl.defense ?? "?",
    b: sec.barricades,
  });
  const wall =
    zoneButton(
      ctx,
      `wall:${si}`,
      "gw-wall",
      `<span class="gw-wl"><span>${esc(t("wall_level", { n: sec.wall }))}</span><span>${esc(t("defense_n", { n: def }))}</span></span><span class="gw-bars" title="${esc(t("barricades", { n: sec.barricades }))}">${bars}</span>`,
      wallWords,
    ) +
    zoneButton(
      ctx,
      `wallz:${si}`,
      "gw-firing",
      firing || "—",
      t("firing_label", { s: si + 1, n: sec.firing.filter((x) => x != null).length }),
    );
  const rest = sec.rest.length
    ? sec.rest
        .map(
          (x) =>
            `<span class="gw-fig seat-${x.seat}" title="${esc(`${seatName(ctx, x.seat)}: ${t(`kind_${x.kind}`)}`)}">${KIND_ICON[x.kind]}</span>`,
        )
        .join("")
    : `<span class="muted">${esc(t("empty"))}</span>`;
  return (
    `<div class="gw-sec${sec.open ? "" : " closed"}" data-testid="gw-section" data-section="${si}">` +
    `<h3 class="mini-h gw-sec-h">${esc(t("section_n", { n: si + 1 }))}` +
    `<span class="gw-siege${breach ? " breach" : ""}" title="${esc(siegeWords)}"><span aria-hidden="true">⚔${atk}</span><span class="sr-only">${esc(siegeWords)}</span></span></h3>` +
    rows +
    wall +
    zoneButton(
      ctx,
      `rest:${si}`,
      "gw-rest",
      `<span class="gw-rest-h">${esc(t("rest_h"))}</span>${rest}`,
      t("key_rest", { s: si + 1 }),
    ) +
    `</div>`
  );
}

function wallArea(view, ctx) {
  return (
    `<section class="gw-wall-area" aria-label="${esc(t("wall_h"))}"><h2 class="mini-h">${esc(t("wall_h"))} ${ctx.rulesLink("step:wall")}</h2>` +
    `<p class="gw-note">${esc(t("wall_note"))}</p>` +
    `<div class="gw-secs">${view.sections.map((s, i) => section(view, ctx, s, i)).join("")}</div></section>`
  );
}

function location(view, ctx, l) {
  const key = `loc:${l.id}`;
  const acts = ctx.candidates(key);
  const on = (ctx.selAll || []).includes(key);
  const here = view.locations[l.id] || [];
  const n = l.kind === "regular" ? l.spaces : Math.max(here.length, 0);
  const spaces =
    l.kind === "regular"
      ? Array.from({ length: n }, (_, i) =>
          i < here.length
            ? dot(here[i], seatName(ctx, here[i]))
            : `<span class="gw-dot free" aria-hidden="true"></span>`,
        ).join("")
      : here.map((s) => dot(s, seatName(ctx, s))).join("") ||
        `<span class="muted">${esc(t("any_number"))}</span>`;
  const tags = [
    l.kind === "special" ? t("special") : t("spaces_n", { n: l.spaces }),
    l.produces ? t("produces", { res: t(`res_${l.produces}`) }) : "",
    l.yellow_flag ? t("yellow_flag") : "",
  ]
    .filter(Boolean)
    .join(" · ");
  const over = view.clans
    .filter((c) => c.overseers && c.overseers[l.id])
    .map(
      (c) =>
        `<span class="gw-ov seat-${c.seat}" title="${esc(t("overseer_of", { name: seatName(ctx, c.seat) }))}">${KIND_ICON[c.overseers[l.id].unit]}${c.overseers[l.id].level}</span>`,
    )
    .join("");
  const words = `${locName(view, l.id)}: ${t("clerks_here", { n: here.length })}${here.length ? ` (${here.map((s) => seatName(ctx, s)).join(", ")})` : ""}`;
  const inner =
    `<span class="gw-loc-n">${l.yellow_flag ? '<span class="gw-flag" aria-hidden="true">⚑</span>' : ""}${esc(locName(view, l.id))}</span>` +
    `<span class="gw-loc-t">${esc(tags)}</span><span class="gw-spaces">${spaces}</span>${over ? `<span class="gw-ovs">${over}</span>` : ""}`;
  const cls = `gw-loc k-${l.kind}${acts.length ? " target" : ""}${on ? " selected" : ""}`;
  const all = `${inner}<span class="sr-only">${esc(words)}</span>`;
  const body = acts.length
    ? `<button type="button" class="${cls}" data-key="${esc(key)}" data-testid="board-target"${on ? "" : ' data-bench="target"'} aria-pressed="${on}"${acts.length === 1 ? ` data-action="${esc(JSON.stringify(acts[0].action))}"` : ""}>${all}</button>`
    : `<button type="button" class="${cls}" disabled>${all}</button>`; // the same element: see zoneButton
  return `<li class="gw-loc-w" data-loc="${esc(l.id)}">${body}${ctx.rulesLink(`location:${l.id}`)}</li>`;
}

function locationsArea(view, ctx) {
  const side = DATA.sides[view.side] || DATA.sides["4p"];
  return (
    `<section class="gw-locs-area" aria-label="${esc(t("locations_h"))}"><h2 class="mini-h">${esc(t("locations_h"))} ${ctx.rulesLink("step:locations")}</h2>` +
    `<ul class="gw-locs" data-testid="gw-locations">${side.locations.map((l) => location(view, ctx, l)).join("")}</ul></section>`
  );
}

function commandArea(view, ctx) {
  const slots = view.command_track
    .map((x, i) => {
      const cur = view.turn && view.turn.slot === i;
      const inner = x
        ? `<span class="gw-cmd seat-${x.seat}">${esc(seatName(ctx, x.seat))}<br><strong>${esc(nameOf("command", x.card))}</strong></span>`
        : `<span class="muted">${esc(t("key_slot", { n: i + 1 }))}</span>`;
      return `<li class="gw-slot${cur ? " cur" : ""}">${zoneButton(ctx, `slot:${i}`, "gw-slot-b", inner, t("key_slot", { n: i + 1 }))}</li>`;
    })
    .join("");
  const chosen = Object.entries(view.chosen || {})
    .map(([s, c]) => `<li>${chip(ctx, +s)} ${esc(nameOf("command", c))}</li>`)
    .join("");
  const disc = view.command_discard
    .map((x) => `<li>${chip(ctx, x.seat)} ${esc(nameOf("command", x.card))}</li>`)
    .join("");
  return (
    `<section class="gw-command" aria-label="${esc(t("command_track_h"))}"><h2 class="mini-h">${esc(t("command_track_h"))} ${ctx.rulesLink("track:command")}</h2>` +
    `<ol class="gw-slots" data-testid="gw-command-track">${slots}</ol>` +
    (chosen ? `<p class="gw-line">${esc(t("revealed"))}</p><ul class="gw-list">${chosen}</ul>` : "") +
    (disc
      ? `<details class="gw-disc"><summary>${esc(t("command_discard", { n: view.command_discard.length }))}</summary><ul class="gw-list">${disc}</ul></details>`
      : "") +
    `</section>`
  );
}

function soldiers(c) {
  return KINDS.map(
    (k) =>
      `<span class="gw-res" title="${esc(t(`kind_${k}`))}">${KIND_ICON[k]} ${esc(t(`kind_${k}`))} <strong>${c.supply[k]}</strong>${c.shamed[k] ? ` <span class="gw-shamed">+${c.shamed[k]} ${esc(t("shamed"))}</span>` : ""}</span>`,
  ).join(" ");
}

function cardList(ctx, table, ids, keyPrefix, rules, idp) {
  return ids
    .map((id) => {
      const x = DATA[table][id];
      const title = nameOf(table, id);
      return card(ctx, {
        id: domId("gw", idp, id),
        title,
        face: `<strong>${esc(title)}</strong>${x && x.text ? `<span class="gw-ct">${esc(pick(x.text))}</span>` : ""}`,
        key: keyPrefix ? `${keyPrefix}:${id}` : null,
        cls: `gw-card k-${table}`,
        rules,
      });
    })
    .join("");
}

function mySide(view, ctx) {
  const me = view.seat;
  if (me == null) return "";
  const c = view.clans[me];
  const res = RES.map(
    (r) =>
      `<span class="gw-res">${RES_ICON[r]} ${esc(t(`res_${r}`))} <strong>${c.res ? c.res[r] : "?"}</strong></span>`,
  ).join(" ");
  const priv = c.private || c.cards || {};
  const gen = priv.general ? cardList(ctx, "general", [priv.general], null, "card:general", "gen") : "";
  const active = cardList(ctx, "advisor", priv.active || [], null, "card:advisor", "act");
  const supp = cardList(ctx, "advisor", priv.supporting_ids || [], null, "card:advisor", "sup");
  const tactics = cardList(ctx, "tactic", c.tactics || [], "tac", "card:tactic", "tac");
  const hand = (c.hand || []).map((id) => `<li class="gw-cmdcard">${commandFace(id)}</li>`).join("");
  const ov = Object.entries(c.overseers || {})
    .map(
      ([l, o]) =>
        `<li>${esc(locName(view, l))}: ${KIND_ICON[o.unit]} ${esc(t("level_n", { n: o.level }))}</li>`,
    )
    .join("");
  return (
    `<section class="gw-me seat-${me}" data-testid="gw-me" aria-label="${esc(t("my_screen"))}"><h2 class="mini-h">${esc(t("my_screen"))}: ${esc(seatName(ctx, me))}</h2>` +
    `<p class="gw-line">${res}</p>` +
    `<p class="gw-line">${esc(t("honor_h"))} <strong>${c.honor}</strong> · ${esc(t("clerks_supply", { n: c.clerks, e: c.envoy }))}</p>` +
    `<p class="gw-line">${soldiers(c)}</p>` +
    (ov
      ? `<p class="gw-line">${esc(t("overseers"))} ${ctx.rulesLink("step:overseers")}</p><ul class="gw-list">${ov}</ul>`
      : "") +
    (c.trophies.length ? `<p class="gw-line">${esc(t("trophies", { n: c.trophies.length }))}</p>` : "") +
    (gen || active || supp
      ? `<div class="gw-cards">${gen}${active}${supp ? `<div class="gw-supp">${esc(t("supporting"))}${supp}</div>` : ""}</div>`
      : "") +
    (tactics
      ? `<h3 class="mini-h">${esc(t("tactics_h"))} ${ctx.rulesLink("card:tactic")}</h3><div class="gw-cards">${tactics}</div>`
      : "") +
    (hand
      ? `<h3 class="mini-h">${esc(t("hand_h"))} ${ctx.rulesLink("card:command")}</h3><ul class="gw-hand">${hand}</ul>`
      : "") +
    `</section>`
  );
}

function draftArea(view, ctx, d) {
  const gens = cardList(ctx, "general", d.generals || [], "gen", "card:general", "dgen");
  const advs = cardList(ctx, "advisor", d.advisors || [], "act", "card:advisor", "dadv");
  return (
    `<div class="gw-draft" data-testid="gw-draft"><h3 class="mini-h">${esc(t("draft_h"))} ${ctx.rulesLink("step:draft")}</h3>` +
    `<p class="gw-note">${esc(t("draft_note"))}</p><div class="gw-cards">${gens}</div><div class="gw-cards">${advs}</div></div>`
  );
}

function clan(view, ctx, c) {
  const cards = c.cards || {};
  const gen = cards.general ? nameOf("general", cards.general) : "—";
  const act = (cards.active || []).map((a) => nameOf("advisor", a)).join(", ") || "—";
  const ov = Object.entries(c.overseers || {})
    .map(([l, o]) => `${locName(view, l)} ${KIND_ICON[o.unit]}${o.level}`)
    .join(", ");
  return (
    `<li class="gw-clan seat-${c.seat}" data-testid="gw-clan"><h3 class="mini-h">${dot(c.seat)}${esc(seatName(ctx, c.seat))}</h3>` +
    `<p class="gw-line">${esc(t("honor_h"))} <strong>${c.honor}</strong> · ${esc(t("clerks_supply", { n: c.clerks, e: c.envoy }))}</p>` +
    `<p class="gw-line">${soldiers(c)}</p>` +
    `<p class="gw-line">${esc(t("general"))}: ${esc(gen)} · ${esc(t("active"))}: ${esc(act)} · ${esc(t("supporting"))}: ${cards.supporting ?? 0}</p>` +
    `<p class="gw-line">${esc(t("hidden_counts", { h: c.hand_count, t: c.tactics_count }))}${c.trophies.length ? ` · ${esc(t("trophies", { n: c.trophies.length }))}` : ""}</p>` +
    (ov ? `<p class="gw-line">${esc(t("overseers"))}: ${esc(ov)}</p>` : "") +
    `</li>`
  );
}

function clansArea(view, ctx) {
  const others = view.clans.filter((c) => c.seat !== view.seat);
  return (
    `<section class="gw-clans-area" aria-label="${esc(t("clans_h"))}"><h2 class="mini-h">${esc(t("clans_h"))}</h2>` +
    `<ul class="gw-clans">${others.map((c) => clan(view, ctx, c)).join("")}</ul></section>`
  );
}

function marketArea(view, ctx) {
  const advs = cardList(ctx, "advisor", view.advisor_track || [], "adv", "card:advisor", "trk");
  const arts = cardList(ctx, "artifact", view.artifacts || [], null, "card:artifact", "art");
  return (
    `<section class="gw-market" aria-label="${esc(t("market_h"))}">` +
    `<h2 class="mini-h">${esc(t("advisor_track_h"))} ${ctx.rulesLink("card:advisor")}</h2><div class="gw-cards">${advs}</div>` +
    `<h2 class="mini-h">${esc(t("artifacts_h"))} ${ctx.rulesLink("card:artifact")}</h2><div class="gw-cards">${arts}</div>` +
    `</section>`
  );
}

export function boardSections(view, ctx) {
  const mine = view.seat != null ? view.clans[view.seat] : null;
  return [
    ["tracks", tracks(view, ctx)],
    ["pending", pendingBox(view, ctx)],
    [
      "draft",
      mine && mine.draft
        ? `<section class="gw-draft-area">${draftArea(view, ctx, mine.draft)}</section>`
        : "",
    ],
    ["wall", wallArea(view, ctx)],
    ["locs", locationsArea(view, ctx)],
    ["command", commandArea(view, ctx)],
    ["me", mySide(view, ctx)],
    ["clans", clansArea(view, ctx)],
    ["market", marketArea(view, ctx)],
  ];
}
