// The kit's card (docs/architecture.md, renderer contract): a card's face, its "?" link into the rules
// and an "i" button that opens its details in a popover. A game passes only its data: the face's
// markup, the board key that makes it clickable, the rules key, and what the details say.
//
//   import { card, details } from "../../app/kit/card.js";
//   card(ctx, { id: "p-row-3", title: "Pyramids", face, key: "row:3", rules: "card:wonder",
//               info: () => details(ctx, { title: "Pyramids", rows: [["Age", "A"]], text: "…" }) })
//
// The details are written when the popover opens (the browser's popover attribute: no script to open
// or close it, Escape and a click outside close it, it is centred on a phone), so the board's markup
// stays small; `info` is a function of what was drawn last. Nothing here names a game.

import { t, esc } from "../i18n.js";

/** Popover id -> the function that writes its details (the last drawing's; ids are stable per card). */
const PANELS = new Map();

if (typeof document !== "undefined") {
  // toggle events do not bubble: listen in the capture phase
  document.addEventListener(
    "beforetoggle",
    (e) => {
      const el = e.target;
      if (e.newState !== "open" || !el.matches || !el.matches(".kc-pop[data-lazy]")) return;
      const fill = PANELS.get(el.id);
      el.innerHTML =
        (fill ? fill() : "") +
        `<button type="button" class="btn small kc-close" popovertarget="${esc(el.id)}" popovertargetaction="hide">${esc(t("close"))}</button>`;
    },
    true,
  );
}

/** An id usable in HTML from any parts (card ids are like "fire-05"). */
export const domId = (...parts) => parts.map((p) => String(p).replace(/[^A-Za-z0-9_-]/g, "_")).join("-");

/**
 * The "?" and "i" of a card, and its (empty until opened) popover: for a thing the game draws itself
 * (a location tile) that shows its details the way a card does. `info()` returns the details' markup.
 */
export function cardTools(ctx, { id, title, rules = "", info = null }) {
  const q = rules ? ctx.rulesLink(rules) : "";
  if (!info) return q ? `<span class="kc-tools">${q}</span>` : "";
  PANELS.set(id, info);
  const label = t("card_details", { name: title });
  return (
    `<span class="kc-tools">${q}<button type="button" class="kc-info" popovertarget="${esc(id)}" aria-label="${esc(label)}" title="${esc(label)}">i</button></span>` +
    `<div popover id="${esc(id)}" class="kc-pop" role="dialog" aria-label="${esc(label)}" data-lazy></div>`
  );
}

/**
 * One card. `face` is the markup the board shows; with a board `key` that some legal action has, the
 * face is a button (data-key) the shell wires to the actions, with `data-action` when one action is
 * left (a click plays it); the card and its face get the classes "target" (clickable) and "selected". Options:
 *   id      the popover's id (unique on the page, stable between drawings)
 *   title   the card's name ("Details: <title>")
 *   label   words for a screen reader when the face is drawn for the eye only (aria-hidden)
 *   cls     classes of the card (its art: e.g. "tc k-wonder"); faceCls: of its face
 *   rules   its rules key ("card:wonder": ctx.rulesLink); info: () => details markup (details())
 *   testid  of the clickable face (default "board-target")
 */
export function card(
  ctx,
  {
    id,
    title,
    face,
    label = "",
    key = null,
    cls = "",
    faceCls = "",
    rules = "",
    info = null,
    testid = "board-target",
  },
) {
  const acts = key ? ctx.candidates(key) : [];
  const on = !!key && (ctx.selAll || []).includes(key);
  const inner = label
    ? `<span class="sr-only">${esc(label)}</span><span class="kc-vis" aria-hidden="true">${face}</span>`
    : face;
  const state = `${acts.length ? " target" : ""}${on ? " selected" : ""}`;
  const fc = `kc-face${faceCls ? ` ${faceCls}` : ""}${state}`;
  const main = acts.length
    ? `<button type="button" class="${fc}" data-key="${esc(key)}" data-testid="${esc(testid)}" aria-pressed="${on}"` +
      `${acts.length === 1 ? ` data-action="${esc(JSON.stringify(acts[0].action))}"` : ""}>${inner}</button>`
    : `<div class="${fc}">${inner}</div>`;
  return `<div class="kc${cls ? ` ${cls}` : ""}${state}">${main}${cardTools(ctx, { id, title, rules, info })}</div>`;
}

/**
 * A card's details for its popover: a heading, an optional line under it (`meta`), rows of
 * [term, markup] (a definition list; a string row is written as it is), the card's text, and `more` markup after it. Text is escaped;
 * `meta`, row values and `more` are markup. `rules` adds a "?" to the heading.
 */
export function details(ctx, { title, cls = "", meta = "", rows = [], text = "", more = "", rules = "" }) {
  const q = rules ? ` ${ctx.rulesLink(rules)}` : "";
  return (
    `<div class="kc-details${cls ? ` ${cls}` : ""}"><h3 class="pop-h">${esc(title)}${q}</h3>` +
    (meta ? `<p class="pop-meta">${meta}</p>` : "") +
    (rows.length
      ? `<dl class="pop-dl">${rows.map((r) => (typeof r === "string" ? r : `<dt>${esc(r[0])}</dt><dd>${r[1]}</dd>`)).join("")}</dl>`
      : "") +
    (text ? `<p class="pop-text">${esc(text)}</p>` : "") +
    more +
    `</div>`
  );
}
