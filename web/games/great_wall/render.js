// The Great Wall front end, slice 1 placeholder: the game is registered with listed = false and has no
// board yet (issue 18 slice 1 lands the engine). It shows each clan's public numbers; the shell lists
// the legal actions itself.

import { translator, esc } from "../../app/i18n.js";
import { pendingBox } from "../../app/kit/pending.js";
import STRINGS from "./strings.js";

export const strings = STRINGS;
const t = translator(STRINGS);

export const actionKeys = () => [];
export const keyLabel = (view, key) => key;
export const hint = () => t("hint");

export function boardSections(view, ctx) {
  const clans = view.clans
    .map(
      (c, s) =>
        `<li class="gw-clan seat-${s}"><strong>${esc(ctx.names[s])}</strong> ` +
        `${esc(t("honor"))}: <strong>${c.honor}</strong> · ${esc(t("clerks"))}: ${c.clerks}</li>`,
    )
    .join("");
  return [
    ["clans", `<ol class="gw-clans">${clans}</ol><p>${esc(t("shame_supply"))}: ${view.shame_supply}</p>`],
    ["pending", pendingBox(view, ctx)],
  ];
}
export const boardClass = () => "gw-board";
