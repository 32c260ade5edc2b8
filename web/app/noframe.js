// The home and game pages refuse to be shown inside another site's frame (clickjacking: a page
// could overlay them and steer clicks). A host sends `Content-Security-Policy: frame-ancestors 'none'`
// for them (siteserver.py, docs/setup.md), which the browser enforces before any script runs; this is
// the same rule for hosts that cannot send headers, since a <meta> CSP cannot set frame-ancestors.
// embed.html is the page made for frames and does not use it.

import { t, esc } from "./i18n.js";

/** True (and the page replaced by a link to open it on its own) when this page is framed. */
export function refuseFrame() {
  let framed;
  try {
    framed = window.top !== window.self;
  } catch {
    framed = true;
  }
  if (!framed) return false;
  document.documentElement.dataset.framed = "true";
  document.body.innerHTML =
    `<div class="fatal" role="alert" data-testid="framed"><h1>${esc(t("framed_title"))}</h1>` +
    `<p><a class="btn primary" href="${esc(location.href)}" target="_blank" rel="noopener noreferrer">${esc(t("framed_open"))}</a></p></div>`;
  return true;
}
