// The rules page: rules.html?game=<id>&lang=<lang>#<section-id>. Generic: it shows any game's
// games/<id>/rules.json (docs/rules-reference.md) without booting the engine, so it opens at once and
// works offline once the service worker has cached the site.

import { initLang, setLang, lang, esc, langSelectHTML } from "./i18n.js";
import { loadRules } from "./rules-link.js";
import { css as gameCss } from "./games.js";
import { renderMarkup } from "./rules-markup.js";
import { registerServiceWorker as registerOfflineWorker, startIdleClock } from "../runtime/offline.js";

const W = {
  en: {
    rules: "Rules",
    contents: "Contents",
    home: "Home",
    skip: "Skip to the rules",
    site: "Civilization Board Games",
    missing: "No rules for this game",
    missing_text: "This page needs ?game=<id> of a game that has a rules reference.",
    back_top: "Back to the contents",
    table: "Table (scrolls sideways)",
  },
  "zh-Hant": {
    rules: "規則",
    contents: "目錄",
    home: "首頁",
    skip: "跳到規則",
    site: "文明桌遊",
    missing: "此遊戲沒有規則",
    missing_text: "此頁面需要 ?game=<id>，且該遊戲需有規則說明。",
    back_top: "回到目錄",
    table: "表格（可左右捲動）",
  },
  "zh-Hans": {
    rules: "规则",
    contents: "目录",
    home: "首页",
    skip: "跳到规则",
    site: "文明桌游",
    missing: "此游戏没有规则",
    missing_text: "此页面需要 ?game=<id>，且该游戏需有规则说明。",
    back_top: "回到目录",
    table: "表格（可左右滚动）",
  },
};
const w = (key) => (W[lang()] || W.en)[key];
const $ = (s) => document.querySelector(s);
const params = new URLSearchParams(location.search);
const gameId = params.get("game") || "";
let rules = null;

initLang(params.get("lang"));

function registerServiceWorker() {
  // Same worker and scope as the game pages (runtime/offline.js), so a first visit here also makes the
  // whole site available offline once the reader has been idle a while. No update notice: nothing on
  // this page can be lost by a reload.
  registerOfflineWorker();
  startIdleClock();
}

const pick = (text) => (text && (text[lang()] || text.en)) || "";

function renderChrome() {
  const title = rules ? `${pick(rules.title) || rules.game} — ${w("rules")}` : w("rules");
  document.title = `${title} — ${w("site")}`;
  $("#rules-title").textContent = title;
  $("#home-link").textContent = w("home");
  $("#home-link").href = `./index.html?lang=${encodeURIComponent(lang())}`;
  $("#skip-link").textContent = w("skip");
  $("#rules-toc").setAttribute("aria-label", w("contents"));
  $("#lang-slot").innerHTML = langSelectHTML("lang-select");
  $("#lang-select").addEventListener("change", (e) => {
    setLang(e.target.value);
    const url = new URL(location.href);
    url.searchParams.set("lang", lang());
    history.replaceState(null, "", url);
    render();
    if (location.hash) scrollToHash(false);
    $("#lang-select").focus({ preventScroll: true });
  });
}

function renderToc() {
  const wide = window.matchMedia("(min-width: 801px)").matches;
  const items = rules.sections
    .map((s) => `<li><a href="#${esc(s.id)}">${esc(pick(s.title))}</a></li>`)
    .join("");
  $("#rules-toc").innerHTML =
    `<details id="toc" class="toc-box"${wide ? " open" : ""}>` +
    `<summary><h2 class="toc-h">${esc(w("contents"))}</h2></summary><ol>${items}</ol></details>`;
}

function renderSections() {
  const tableLabel = w("table");
  $("#rules-main").innerHTML = rules.sections
    .map(
      (s) =>
        `<section class="rules-sec" id="${esc(s.id)}" aria-labelledby="${esc(s.id)}-h" data-seed="${esc(s.seed || "")}">` +
        `<h2 id="${esc(s.id)}-h" tabindex="-1">${esc(pick(s.title))}</h2>` +
        renderMarkup(pick(s.body), { tableLabel }) +
        `<p class="to-top"><a href="#rules-toc">${esc(w("back_top"))}</a></p></section>`,
    )
    .join("");
}

function renderMissing(reason) {
  $("#rules-toc").hidden = true;
  $("#rules-main").innerHTML =
    `<div class="fatal" role="alert" data-testid="error-banner"><h2>${esc(w("missing"))}</h2>` +
    `<p>${esc(w("missing_text"))}</p><p class="muted">${esc(reason)}</p></div>`;
}

function render(reason) {
  renderChrome();
  if (rules) {
    renderToc();
    renderSections();
  } else {
    renderMissing(reason || "");
  }
}

/** Content arrives after the browser's own jump to the #fragment: go there now (and move focus). */
function scrollToHash(focus = true) {
  const id = decodeURIComponent(location.hash.slice(1));
  const sec = id && document.getElementById(id);
  if (!sec) return;
  sec.scrollIntoView();
  const h = sec.querySelector("h2");
  if (focus && h) h.focus({ preventScroll: true });
}

async function main() {
  registerServiceWorker();
  let reason = "";
  try {
    [rules] = await Promise.all([loadRules(gameId), gameCss(gameId)]);
  } catch (err) {
    reason = String(err && err.message ? err.message : err);
  }
  render(reason);
  scrollToHash();
  document.documentElement.dataset.ready = "true";
}

main();
