// Brazil: Imperial's panels beside the map: the empire boards, the common board and the combat box.
// MINIMAL stubs of the map slice (issue 19 §3): the bz-panels slice writes these three for real, and
// its panels.js replaces this file. Each returns the HTML of one board section ("" when it has none).

import { translator, esc } from "../../app/i18n.js";
import STRINGS from "./strings.js";

const t = translator(STRINGS);

/** Each empire's public numbers (the slice-1 placeholder list). */
export function empireBoards(view, ctx) {
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
  return `<section class="bz-empires-area"><ol class="bz-empires">${empires}</ol></section>`;
}

/** The common board (decks, city stacks, the painting display): the bz-panels slice. */
export function commonBoard() {
  return "";
}

/** The combat box (both sides' strength, the cards as they are revealed): the bz-panels slice. */
export function combatBox() {
  return "";
}
