// Toy (test game) front end: the smallest renderer the contract allows (docs/architecture.md,
// "Adding a game's front end"). The shell lists the legal actions itself; the board only shows the
// view, and each seat's chip pile is clickable when a bid of that seat is legal; the kit's box says who
// has bid already (the sealed decision's public part).

import { translator, esc } from "../../app/i18n.js";
import { pendingBox } from "../../app/kit/pending.js";
import STRINGS from "./strings.js";

export const strings = STRINGS;
const t = translator(STRINGS);
const ROUNDS = 3;

/** A bid is about the bidder's chip pile. */
export function actionKeys(action, view) {
  return action.type === "bid" && view.seat != null ? [`chips:${view.seat}`] : [];
}

export const keyLabel = (view, key) => (key.startsWith("chips:") ? t("chips") : key);

export const hint = () => t("hint");

export function boardSections(view, ctx) {
  const seats = view.score.map((score, s) => {
    const key = `chips:${s}`;
    const acts = ctx.candidates(key);
    const name = ctx.names[s];
    const bid = view.bid_committed[s] ? t("bid_made") : t("no_bid");
    const chips = `<span class="toy-chips">${t("chips")}: <strong>${view.chips[s]}</strong></span>`;
    const pile = acts.length
      ? `<button type="button" class="toy-pile target${ctx.sel === key ? " selected" : ""}" data-key="${key}" data-testid="board-target">${chips}</button>`
      : `<span class="toy-pile">${chips}</span>`;
    return `<li class="toy-seat seat-${s}" data-seat="${s}"><span class="seat-dot" aria-hidden="true"></span>`
      + `<strong class="toy-name">${esc(name)}</strong> ${pile} <span>${t("score")}: <strong>${score}</strong></span>`
      + ` <span class="muted">${esc(bid)}</span></li>`;
  }).join("");
  const hand = view.hand ? `<p class="toy-hand">${esc(t("your_cards"))}: ${view.hand.map((c) => `<span class="toy-card">${c}</span>`).join(" ") || "—"}</p>` : "";
  return [
    ["round", `<h2 class="toy-round">${esc(t("round", { n: Math.min(view.round + 1, ROUNDS), total: ROUNDS }))}</h2>`],
    ["seats", `<ol class="toy-seats">${seats}</ol>${hand}`],
    ["pending", pendingBox(view, ctx)],
  ];
}
export const boardClass = () => "toy-board";
