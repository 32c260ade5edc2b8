// Keyboard shortcuts of the game screen and the help dialog.
//   u  undo      ?  help      a  jump to the actions      s  skip the bot delay      h  a hint
//   Esc  clear selection

import { t, esc } from "./i18n.js";
import { rulesHref } from "./rules-link.js";

const typing = (el) => el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/** The help dialog; with `gameId` (a game whose rules reference loaded), a link to its rules. */
export function helpHTML(gameId = null) {
  const row = (k, d) => `<tr><th scope="row"><kbd>${esc(k)}</kbd></th><td>${esc(t(d))}</td></tr>`;
  const rules = gameId
    ? `<p><a href="${esc(rulesHref(gameId))}" target="_blank" rel="noopener" data-testid="help-rules">` +
      `${esc(t("help_rules"))}</a> <span class="muted small">${esc(t("new_tab"))}</span></p>`
    : "";
  return (
    `<h2 id="help-h">${esc(t("help_title"))}</h2><p>${esc(t("help_board"))}</p>${rules}` +
    `<h3>${esc(t("shortcuts"))}</h3><table class="keys"><tbody>` +
    row("Tab / Shift+Tab", "sc_tab") +
    row("u", "sc_undo") +
    row("a", "sc_actions") +
    row("s", "sc_skip") +
    row("h", "sc_hint") +
    row("Esc", "sc_escape") +
    row("?", "sc_help") +
    `</tbody></table>` +
    `<form method="dialog"><button class="btn primary" data-testid="help-close">${esc(t("close"))}</button></form>`
  );
}

/** Install the shortcuts; `gv` is the GameView, `dialog` a <dialog> element for the help. */
export function install(gv, dialog) {
  const openHelp = () => {
    dialog.innerHTML = helpHTML(gv.rules ? gv.F.id : null);
    if (!dialog.open) dialog.showModal();
  };
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Escape") {
      if (dialog.open) return; // the dialog closes itself
      if (gv.clearSelection()) e.preventDefault();
      return;
    }
    if (typing(e.target) || dialog.open) return;
    if (e.key === "?") {
      e.preventDefault();
      openHelp();
    } else if (e.key === "u" || e.key === "U") {
      if (gv.s.canUndo()) {
        e.preventDefault();
        gv.undo();
      }
    } else if (e.key === "a" || e.key === "A") {
      e.preventDefault();
      gv.focusActions();
    } else if (e.key === "s" || e.key === "S") {
      gv.s.skip();
    } else if (e.key === "h" || e.key === "H") {
      if (gv.canHint()) {
        e.preventDefault();
        gv.askHint();
      }
    }
  });
  return { openHelp };
}
