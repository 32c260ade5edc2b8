// "Let the bot decide" (issue 18 §5), for every game: a decision the rules give a seat to make for an
// opponent that is no seat (an automa played by the rules, e.g. The Great Wall's Reed Clan) is marked
// `automa: "<name>"` in view.decisions (docs/api.md "Pending decisions"). The viewer may hand that one
// decision to the game's strongest bot: the shell asks the engine's `bot` method for the viewer's own
// seat (Session.botDecides), an ordinary action of that seat, so saves, replays and undo stay the same.
//
// The automa's name is the game's string `automa_<name>` (e.g. "the Reed Clan"), else the name itself.

import { t, esc } from "../i18n.js";

/** The decision the viewer answers now (as the kernel's decisions.top_for), if it is marked automa. */
export function automaDecision(view) {
  if (!view || view.over || view.seat == null || !(view.to_move || []).includes(view.seat)) return null;
  const ds = view.decisions || [];
  for (let i = ds.length - 1; i >= 0; i--) {
    const d = ds[i];
    if ((d.seats || []).includes(view.seat) && !(d.answered || []).includes(view.seat))
      return d.automa ? d : null;
    if (d.blocking) return null; // a blocking decision of other seats: the viewer answers nothing above it
  }
  return null;
}

/** The button's markup, "" unless the viewer may hand its decision to a bot. `ctx`: the shell's. */
export function automaButton(view, ctx) {
  const d = automaDecision(view);
  if (!d) return "";
  const name = (ctx.text && ctx.text(`automa_${d.automa}`)) || String(d.automa);
  return (
    `<button type="button" class="btn" data-bot-decide="1" data-testid="bot-decide">` +
    `${esc(t("bot_decide", { name }))}</button>`
  );
}
