// Brazil: Imperial front end, slice 1 placeholder: the game is registered with listed = false and has no
// board yet (issue 19 slice 1 lands the engine and data). It shows each empire's public numbers; the
// shell lists the legal actions itself.

import { translator } from "../../app/i18n.js";
import { pendingBox } from "../../app/kit/pending.js";
import { combatBox, commonBoard, empireBoards, panelKeyLabel, panelKeys } from "./panels.js";
import STRINGS from "./strings.js";

export const strings = STRINGS;
const t = translator(STRINGS);

// local wiring of the panels (bz-panels; dropped at merge for bz-map's render.js)
export const actionKeys = (a) => panelKeys(a) || [];
export const keyLabel = (view, key) => panelKeyLabel(view, key) ?? key;
export const hint = () => t("hint");

export function boardSections(view, ctx) {
  return [
    ["combat", combatBox(view, ctx)],
    ["pending", pendingBox(view, ctx)],
    ["empires", empireBoards(view, ctx)],
    ["common", commonBoard(view, ctx)],
  ];
}
export const boardClass = () => "bz-board";
