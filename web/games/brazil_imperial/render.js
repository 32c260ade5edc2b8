// Brazil: Imperial front end, slice 1 placeholder: the game is registered with listed = false and has no
// board yet (issue 19 slice 1 lands the engine and data). It shows each empire's public numbers; the
// shell lists the legal actions itself.

import { translator, esc } from "../../app/i18n.js";
import { pendingBox } from "../../app/kit/pending.js";
import STRINGS from "./strings.js";

export const strings = STRINGS;
const t = translator(STRINGS);

export const actionKeys = () => [];
export const keyLabel = (view, key) => key;
export const hint = () => t("hint");

export function boardSections(view, ctx) {
  const empires = view.empires
    .map((e, s) => {
      const supply = Object.entries(e.supply)
        .map(([k, n]) => `${n} ${esc(t(k))}`)
        .join(", ");
      return (
        `<li class="bz-empire seat-${s}"><strong>${esc(ctx.names[s])}</strong> ` +
        `${esc(t("supply"))}: ${supply || "—"} · ${esc(t("battle_cards"))}: ${e.battle_count} · ` +
        `${esc(t("gold_cards"))}: ${e.gold_count}</li>`
      );
    })
    .join("");
  return [
    [
      "empires",
      `<p>${esc(t("era"))} ${view.era} · ${esc(t("round"))} ${view.round}</p><ol class="bz-empires">${empires}</ol>`,
    ],
    ["pending", pendingBox(view, ctx)],
  ];
}
export const boardClass = () => "bz-board";
