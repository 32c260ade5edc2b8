// The step-by-step action panel of every game (issue 17 §1): the legal list narrowed one step at a
// time, in groups, never more than MAX_BUTTONS buttons at once, and a finishing bar (Done, End the
// turn) outside the panel's own scroll.
//
// A game says only how its actions group and how a step is labelled (renderer hooks, docs/architecture.md
// §1.3): actionKeys(action) in the order a player chooses them (a board element, then the next ...),
// keyLabel(key), groupOf(action) and groupOrder, isPrimary(action), and optionally keepsShared(key),
// needsConfirm(action) and panelForm(view, ctx). Everything else is here; nothing is decided in JS
// that the engine's legal list does not say.
//
// One step: the items being chosen among are the legal list, or the selection's candidates. Each item
// has a next key (its first key neither selected nor shared by all the items); the items with the same
// next key become one button "Label (n)" that selects that key (a click on the board does the same),
// an item with no next key, or alone under its key, is its own button. When those buttons are still
// too many, the largest groups fold into one button each ("Build (36)") that narrows to the group.

import { t, esc } from "../i18n.js";

/** Never more action buttons than this at once. */
export const MAX_BUTTONS = 15;

/** The pseudo-key of a group (selects the items of one group, see ctx.candidates in gameview.js). */
export const GROUP_KEY = "grp:";

const label = (ctx, li) => (ctx.subNames ? ctx.subNames(li.label) : li.label);

/** One legal action as a button (data-idx + data-action tie the click to the legal item). */
export function actionButton(ctx, li, testid = "legal-action", cls = "") {
  const g = ctx.groupOf ? ` g-${esc(ctx.groupOf(li.action))}` : "";
  return (
    `<button type="button" class="act${g}${cls ? ` ${cls}` : ""}" data-testid="${testid}" data-idx="${ctx.legal.indexOf(li)}"` +
    ` data-action="${esc(JSON.stringify(li.action))}">${esc(label(ctx, li))}</button>`
  );
}

/** A button that takes one step (selects `key`; the shell handles data-key clicks) for `n` items. */
function stepButton(ctx, key, n, confirm = false) {
  const words = key.startsWith(GROUP_KEY) ? ctx.groupLabel(key.slice(GROUP_KEY.length)) : ctx.keyLabel(key);
  const text = ctx.subNames ? ctx.subNames(words) : words;
  return (
    `<button type="button" class="act pick" data-key="${esc(key)}"${confirm ? " data-confirm" : ""} data-testid="pick-key"` +
    ` aria-pressed="false">${esc(text)}${n > 1 ? ` <span class="n">(${n})</span> ›` : ""}</button>`
  );
}

/**
 * The selection part of the shell's ctx (gameview.js): every legal item's keys (R.actionKeys), the
 * items of each key, the selection `sel` (keys, in the order picked; a stale one is dropped) and its
 * candidates, and the game's panel hooks. `opts`: primary (the default isPrimary), groupLabel(g),
 * subNames(text) (seat names in engine texts).
 */
export function stepContext(R, view, legal, sel, { primary, groupLabel, subNames = (x) => x }) {
  const byKey = new Map();
  const keysOf = new Map();
  for (const li of legal) {
    const ks = R.actionKeys ? R.actionKeys(li.action, view) : [];
    keysOf.set(li, ks);
    for (const k of ks) {
      if (!byKey.has(k)) byKey.set(k, []);
      byKey.get(k).push(li);
    }
  }
  const groupOf = (action) => String(R.groupOf ? R.groupOf(action, view) : action.type);
  const isGroup = (k) => k.startsWith(GROUP_KEY);
  // the items a key is about: a board key's, or a group's (a "grp:<group>" step)
  const itemsOf = (k) =>
    isGroup(k) ? legal.filter((li) => groupOf(li.action) === k.slice(GROUP_KEY.length)) : byKey.get(k) || [];
  const has = (li, k) =>
    isGroup(k) ? groupOf(li.action) === k.slice(GROUP_KEY.length) : keysOf.get(li).includes(k);
  const selAll = sel.filter((k) => itemsOf(k).length);
  const withSel = (list) => list.filter((li) => selAll.every((k) => has(li, k)));
  const selCandidates = selAll.length ? withSel(itemsOf(selAll[0])) : [];
  const keyLabel = (k) =>
    isGroup(k) ? groupLabel(k.slice(GROUP_KEY.length)) : R.keyLabel ? R.keyLabel(view, k, ctx) : k;
  const ctx = {
    legal,
    byKey,
    keysOf,
    sel: selAll[selAll.length - 1] || null,
    selAll,
    selCandidates,
    selLabel: "",
    candidates: (key) => (selAll.includes(key) ? selCandidates : withSel(itemsOf(key))),
    isPrimary: (action) => (R.isPrimary ? R.isPrimary(action, view) : primary(action)),
    groupLabel,
    // the game's hooks of the action panel
    groupOf,
    groupOrder: R.groupOrder || null,
    keyLabel,
    subNames,
    keepsShared: R.keepsShared || null,
    needsConfirm: R.needsConfirm ? (action) => R.needsConfirm(action, view) : null,
    panelForm: R.panelForm ? () => R.panelForm(view, ctx) : null,
  };
  ctx.selLabel = subNames(selAll.map(keyLabel).join(" + "));
  return ctx;
}

/** The legal items the player is choosing among now (the selection narrows them). */
export const current = (ctx) => (ctx.selAll.length ? ctx.selCandidates : ctx.legal);

const realKeys = (ctx, li) => ctx.keysOf.get(li) || [];

/**
 * Keys that every item being chosen among shares: choosing one would narrow nothing, so the steps skip
 * them, unless the game keeps it (keepsShared: e.g. a map square, so that the one square a figure can
 * reach is still shown).
 */
export function sharedKeys(ctx) {
  if (ctx._shared) return ctx._shared;
  const list = current(ctx);
  let shared = null;
  if (list.length > 1) {
    for (const li of list) {
      const ks = realKeys(ctx, li);
      shared = shared ? new Set(ks.filter((k) => shared.has(k))) : new Set(ks);
      if (!shared.size) break;
    }
  }
  const keep = ctx.keepsShared || (() => false);
  ctx._shared = new Set([...(shared || [])].filter((k) => !keep(k)));
  return ctx._shared;
}

/** The next key of an item (its first key neither selected nor shared by all), or null: it plays directly. */
export function nextKey(ctx, li) {
  const shared = sharedKeys(ctx);
  return realKeys(ctx, li).find((k) => !ctx.selAll.includes(k) && !shared.has(k)) || null;
}

/** The finishing bar: the primary actions (Done, End the turn), kept in reach below the panel's scroll. */
export function finishBar(ctx, items, extra = "") {
  if (!items.length && !extra) return "";
  return (
    `<div class="act-primary kp-finish" data-testid="primary-actions">` +
    items.map((li) => actionButton(ctx, li, "legal-action", "primary finish")).join("") +
    extra +
    `</div>`
  );
}

/**
 * The buttons of one step, as [[group, [html, ...]], ...]: each item, or one step button per next key,
 * with the largest groups folded into one button when there are more than `budget`.
 */
function stepEntries(ctx, list, budget) {
  const confirm = ctx.needsConfirm || (() => false);
  // entries: {group, n, html}
  let entries = [];
  // an action that needs a second click is first a step (its own choice, with a way back)
  const one = (li, testid) => {
    const k = realKeys(ctx, li)[0];
    return k && confirm(li.action) && !ctx.selAll.includes(k)
      ? stepButton(ctx, k, 1, true)
      : actionButton(ctx, li, testid);
  };
  const testid = ctx.selAll.length ? "choice-action" : "legal-action";
  if (list.length <= budget) {
    entries = list.map((li) => ({ group: ctx.groupOf(li.action), n: 1, html: one(li, testid) }));
  } else {
    const byKey = new Map();
    const order = [];
    for (const li of list) {
      const k = nextKey(ctx, li);
      if (!k) {
        order.push({ li });
        continue;
      }
      if (!byKey.has(k)) {
        byKey.set(k, []);
        order.push({ key: k });
      }
      byKey.get(k).push(li);
    }
    for (const o of order) {
      const items = o.key ? byKey.get(o.key) : [o.li];
      const g = ctx.groupOf(items[0].action);
      // the count is what the step leaves to choose from (every item about that key, not only those
      // whose next key it is)
      const n = o.key ? list.filter((li) => realKeys(ctx, li).includes(o.key)).length : 1;
      entries.push({
        group: g,
        n: items.length,
        html: items.length === 1 ? one(items[0], testid) : stepButton(ctx, o.key, n),
      });
    }
  }
  // still too many: fold the largest groups (by buttons) into one button each
  const groups = new Map();
  for (const e of entries) {
    if (!groups.has(e.group)) groups.set(e.group, []);
    groups.get(e.group).push(e);
  }
  let count = entries.length;
  const folded = new Map();
  const bySize = [...groups]
    .filter(([g]) => !ctx.selAll.includes(GROUP_KEY + g))
    .sort((a, b) => b[1].length - a[1].length);
  for (const [g, es] of bySize) {
    if (count <= budget || groups.size === 1) break;
    if (es.length < 2) break;
    folded.set(
      g,
      stepButton(
        ctx,
        GROUP_KEY + g,
        es.reduce((a, e) => a + e.n, 0),
      ),
    );
    count -= es.length - 1;
  }
  const out = [];
  for (const [g, es] of groups)
    out.push(folded.has(g) ? [g, [folded.get(g)], true] : [g, es.map((e) => e.html), false]);
  return out;
}

/** Buttons, never more than `max`: a longer list folds its rest into a closed "Show all n". */
function buttonList(htmls, max) {
  if (htmls.length <= max) return `<div class="act-list">${htmls.join("")}</div>`;
  return (
    `<div class="act-list">${htmls.slice(0, max - 1).join("")}</div>` +
    `<details class="act-more"><summary>${esc(t("show_all", { n: htmls.length }))}</summary>` +
    `<div class="act-list">${htmls.slice(max - 1).join("")}</div></details>`
  );
}

/**
 * The action panel: {body, finish} (html). `ctx` is the shell's (gameview.js): legal, selAll,
 * selCandidates, selLabel, keysOf, isPrimary, groupOf, groupOrder, groupLabel, keyLabel, subNames,
 * keepsShared, needsConfirm, panelForm.
 */
export function actionPanel(view, ctx) {
  if (!ctx.legal.length) return { body: `<p class="muted">${esc(t("no_actions"))}</p>`, finish: [] };
  const finish = ctx.legal.filter((li) => ctx.isPrimary(li.action));
  const sel = ctx.selAll.length > 0;
  const form = !sel && ctx.panelForm ? ctx.panelForm() : null;
  const skip = new Set([...finish, ...((form && form.items) || [])]);
  const list = current(ctx).filter((li) => !skip.has(li));
  const budget = Math.max(3, MAX_BUTTONS - finish.length - (form && form.html ? 1 : 0));
  const groups = stepEntries(ctx, list, budget);
  const order = ctx.groupOrder || [];
  const rank = (g) => (order.includes(g) ? order.indexOf(g) : order.length);
  groups.sort((a, b) => rank(a[0]) - rank(b[0]));
  let body;
  if (sel) {
    const head = esc(t("choices_for", { what: ctx.selLabel }));
    body =
      `<div class="choices" role="group" aria-label="${head}"><div class="choices-h"><h3 class="mini-h">${head}</h3>` +
      `<button type="button" class="btn ghost small" data-clear-sel="1">${esc(t("clear_selection"))}</button></div>` +
      buttonList(
        groups.flatMap(([, hs]) => hs),
        budget,
      ) +
      `</div>`;
  } else {
    const many = groups.length > 1;
    let room = budget;
    // a folded group is its own button: it needs no heading
    body =
      (form && form.html ? form.html : "") +
      groups
        .map(([g, hs, fold]) => {
          const h = `<div class="act-group g-${esc(g)}">${many && !fold ? `<h3 class="mini-h">${esc(ctx.groupLabel(g))}</h3>` : ""}${buttonList(hs, Math.max(2, room))}</div>`;
          room -= hs.length;
          return h;
        })
        .join("");
  }
  return { body, finish };
}
