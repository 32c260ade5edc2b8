// The pending-decisions box of every game (issue 17 §1): the kernel's public decision stack
// (view.decisions, docs/api.md "Pending decisions"): who must answer what, top of the stack first, and
// for a sealed choice who has answered already (never what).
//
// A decision's words are the game's string `dec_<kind>` (with {name}: the seats that must answer; a
// string without {name} is followed by them), else the kind itself. A game may add markup to a line
// (`more(decision)`, e.g. the card a placement is about).

import { t, esc } from "../i18n.js";
import * as I from "../icons.js";

const prettify = (k) =>
  String(k)
    .replace(/[_-]+/g, " ")
    .replace(/^\w/, (c) => c.toUpperCase());

/**
 * The box's markup, "" when nothing is pending. `ctx`: the shell's (names, text(key, vars), rulesLink);
 * options: more(decision) -> html.
 */
export function pendingBox(view, ctx, { more = null } = {}) {
  const ds = (view.decisions || []).slice().reverse();
  if (!ds.length) return "";
  const name = (s) => ctx.names[s] ?? t("player_n", { n: s + 1 });
  const items = ds
    .map((d) => {
      const answered = d.answered || [];
      const waiting = (d.seats || []).filter((s) => !answered.includes(s));
      const who = waiting.map(name).join(", ");
      const said = ctx.text ? ctx.text(`dec_${d.kind}`, { name: who }) : null;
      const what =
        said == null ? `${prettify(d.kind)}: ${who}` : said.includes(who) ? said : `${said}: ${who}`;
      const done = d.answered
        ? ` <span class="muted">(${esc(t("pending_answered", { names: answered.map(name).join(", ") || "—" }))})</span>`
        : "";
      const mine = view.seat != null && waiting.includes(view.seat);
      const link = ctx.rulesLink ? ctx.rulesLink(`pending:${d.kind}`) : "";
      return (
        `<li class="pd${mine ? " mine" : ""}${d.blocking ? " blocking" : ""}" data-kind="${esc(d.kind)}">` +
        `${d.answered ? I.lock : ""}${esc(what)}${done}${link}${more ? more(d) : ""}</li>`
      );
    })
    .join("");
  return (
    `<section class="kit-pending" data-testid="pending-decisions" aria-label="${esc(t("pending_h"))}">` +
    `<h2 class="mini-h">${esc(t("pending_h"))}</h2><ul>${items}</ul></section>`
  );
}
