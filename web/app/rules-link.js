// Links into the generic rules page (rules.html) from any page of the site. Never names a game.
//
//   import { rulesHref, rulesLink, loadRules, rulesLinkFor } from "../app/rules-link.js";
//   rulesHref(gameId, "take", "zh-Hant")           // ".../rules.html?game=<gameId>&lang=zh-Hant#take"
//   rulesLink(gameId, "take", { label: "Taking a disaster" })   // '<a class="rules-q" ...>?</a>'
//   const rules = await loadRules(view.game);         // the game's rules.json (cached per game)
//   rulesLinkFor(rules, "phase:" + view.phase.kind)   // "?" link to that phase's section, or "" if none
//
// Keys of rules.links: "phase:<kind>", "code:<IllegalAction code>", "card:<kind>", "track:<name>",
// "ability:<kind>", "location:<type>", "resource:<name>", "step:<step>", "pending:<kind>",
// "action:<type>" (docs/rules-reference.md). Nothing here touches the page until called.

import { esc } from "./i18n.js";

const SITE = new URL("../", import.meta.url);
const GAME_ID = /^[a-z][a-z0-9_]*$/;
const SECTION_ID = /^[a-z0-9][a-z0-9-]*$/;
const LANGS = ["en", "zh-Hant", "zh-Hans"];
const WORDS = {
  en: { rules: "Rules", about: "Rules: {topic}", newTab: " (opens in a new tab)" },
  "zh-Hant": { rules: "規則", about: "規則：{topic}", newTab: "（在新分頁開啟）" },
  "zh-Hans": { rules: "规则", about: "规则：{topic}", newTab: "（在新标签页打开）" },
};

const pageLang = () =>
  typeof document !== "undefined" && LANGS.includes(document.documentElement.lang)
    ? document.documentElement.lang
    : "en";

const hrefs = new Map(); // "game lang section" -> URL: a board redraw writes the same few dozen links again

/** URL of the rules page of `gameId`, at `sectionId` (optional), in `lang` (default: the page's). */
export function rulesHref(gameId, sectionId, lang) {
  if (!GAME_ID.test(String(gameId))) throw new Error(`not a game id: ${JSON.stringify(gameId)}`);
  const l = LANGS.includes(lang) ? lang : pageLang();
  const section = sectionId && SECTION_ID.test(sectionId) ? sectionId : "";
  const key = `${gameId} ${l} ${section}`;
  let href = hrefs.get(key);
  if (href === undefined) {
    const url = new URL("rules.html", SITE);
    url.searchParams.set("game", gameId);
    url.searchParams.set("lang", l);
    if (section) url.hash = section;
    href = url.href;
    if (hrefs.size > 2000) hrefs.clear();
    hrefs.set(key, href);
  }
  return href;
}

/**
 * An <a> (HTML string) to the rules page. Options: `lang`; `label` (what the link explains, read by
 * screen readers as "Rules: <label>"); `text` (visible text, default "?"); `newTab` (default true, so a
 * running game stays open); `className` (default "rules-q": the round "?" of css/rules.css).
 */
export function rulesLink(
  gameId,
  sectionId,
  { lang, label = "", text = "?", newTab = true, className = "rules-q" } = {},
) {
  const l = LANGS.includes(lang) ? lang : pageLang();
  const w = WORDS[l];
  const name = (label ? w.about.replace("{topic}", label) : w.rules) + (newTab ? w.newTab : "");
  const target = newTab ? ' target="_blank" rel="noopener"' : "";
  return (
    `<a class="${esc(className)}" href="${esc(rulesHref(gameId, sectionId, l))}"${target}` +
    ` aria-label="${esc(name)}" title="${esc(name)}" data-rules="${esc(sectionId || "")}">${esc(text)}</a>`
  );
}

const loaded = new Map();

/** The rules document of `gameId` (games/<id>/rules.json), fetched once; rejects if there is none. */
export function loadRules(gameId) {
  if (!GAME_ID.test(String(gameId)))
    return Promise.reject(new Error(`not a game id: ${JSON.stringify(gameId)}`));
  if (!loaded.has(gameId)) {
    const p = fetch(new URL(`games/${gameId}/rules.json`, SITE)).then((r) => {
      if (!r.ok) throw new Error(`no rules for ${gameId} (HTTP ${r.status})`);
      return r.json();
    });
    p.catch(() => loaded.delete(gameId));
    loaded.set(gameId, p);
  }
  return loaded.get(gameId);
}

/** The section id that `rules.links[key]` names, if that section exists; else null. */
export function sectionFor(rules, key) {
  const id = rules && rules.links ? rules.links[key] : null;
  return id && rules.sections.some((s) => s.id === id) ? id : null;
}

/** The title of a section in `lang` (default: the page's), or "". */
export function sectionTitle(rules, id, lang) {
  const s = rules && rules.sections.find((x) => x.id === id);
  if (!s) return "";
  const l = LANGS.includes(lang) ? lang : pageLang();
  return s.title[l] || s.title.en || "";
}

const made = new WeakMap(); // rules -> "lang key" -> link: a board draws the same few dozen links at every redraw

/** rulesLink to the section that `key` (e.g. "phase:economy", "code:not_legal") maps to; "" if none. */
export function rulesLinkFor(rules, key, options = {}) {
  const plain = !Object.keys(options).length;
  const memo = plain && rules ? made.get(rules) || made.set(rules, new Map()).get(rules) : null;
  const k = `${pageLang()} ${key}`;
  if (memo && memo.has(k)) return memo.get(k);
  const id = sectionFor(rules, key);
  const html = id
    ? rulesLink(rules.game, id, { label: sectionTitle(rules, id, options.lang), ...options })
    : "";
  if (memo) memo.set(k, html);
  return html;
}
