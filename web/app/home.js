// Home page: new-game form (from the engine catalog), saved games (resume/export/delete), import.
//
// The game list offers the listed games that have a front end in this build; index.html?test=1 also
// offers test games (listed: false). The saved-games list is drawn from each save's stored summary
// (store.js); a save without one (older builds) is replayed once to make it.

import { initLang, setLang, t, pick, esc, applyStatic, langSelectHTML, translator } from "./i18n.js";
import * as store from "./store.js";
import { refuseFrame } from "./noframe.js";
import * as I from "./icons.js";
import * as fronts from "./games.js";
import { loadRules, rulesHref } from "./rules-link.js";
import {
  engine,
  setReady,
  installUpdateNotice,
  summaryEntry,
  oldCause,
  fmtDate,
  gameName,
  randomSeed,
  seatsOf,
  seatKindsOf,
  IMPORT_LIMIT,
  fmtSize,
  cleanName,
  NAME_MAX,
} from "./common.js";

const params = new URLSearchParams(location.search);
initLang(params.get("lang"));
const showTestGames = params.get("test") === "1";

installUpdateNotice();
const $ = (s) => document.querySelector(s);
let pgc = null;
let catalog = null;
let offered = []; // catalog entries offered in the game list
const gameT = new Map(); // game id -> that game's translator (its strings.js; the shell's without)
const withRules = new Set(); // ids of the games whose rules reference (games/<id>/rules.json) loads
const checks = new Map(); // id -> {state: "damaged"|"checking", reason}: saves being migrated or refused
const form = { game: null, players: 2, seats: [], options: {}, seed: randomSeed() };

const tg = (gid) => gameT.get(gid) || t;

function showError(msg) {
  const el = $("#home-error");
  el.hidden = !msg;
  el.innerHTML = msg ? `${I.warn}<span>${esc(msg)}</span>` : "";
}

function info(msg) {
  $("#home-info").textContent = msg || "";
}

// ------------------------------------------------------------------ new game form

function gameSpec() {
  return offered.find((g) => g.id === form.game) || offered[0];
}

function resetForGame() {
  const g = gameSpec();
  form.game = g.id;
  form.players = Math.min(Math.max(form.players, g.min_players), g.max_players);
  form.options = Object.fromEntries(Object.entries(g.options || {}).map(([k, spec]) => [k, spec.default]));
  fitSeats();
}

function fitSeats() {
  const g = gameSpec();
  const best = g.bots.includes("heuristic") ? "heuristic" : g.bots[0] || "human";
  while (form.seats.length < form.players)
    form.seats.push({ kind: form.seats.length === 0 ? "human" : best, name: "" });
  form.seats.length = form.players;
}

const kindLabel = (k) =>
  k === "human" ? t("human") : t("bot_" + k) !== "bot_" + k ? t("bot_" + k) : `${t("bot")} (${k})`;

/** An option value in words: the schema's value_labels, else the game's string "<option>_<value>"
 * (e.g. "mode_quick"), else the value. */
function optionValueLabel(gid, name, v) {
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  const spec = ((catalog && catalog.games.find((x) => x.id === gid)) || {}).options || {};
  const named = spec[name] && spec[name].value_labels && spec[name].value_labels[String(v)];
  if (named) return pick(named);
  const key = `${name}_${v}`;
  const s = tg(gid)(key);
  return s === key ? String(v) : s;
}

function renderForm() {
  const slot = $("#new-game-slot");
  if (!catalog || !offered.length) {
    slot.innerHTML = `<p class="muted">${esc(t("coming_soon"))}</p>`;
    return;
  }
  const g = gameSpec();
  const altLang = (x) => (document.documentElement.lang === "en" ? x.native || "zh-Hant" : "en");
  const zh =
    document.documentElement.lang === "en"
      ? g.native || "zh-Hant"
      : document.documentElement.lang === "zh-Hans"
        ? "zh-Hans"
        : "zh-Hant";
  const games = offered
    .map(
      (x) =>
        `<option value="${esc(x.id)}"${x.id === g.id ? " selected" : ""}>${esc(pick(x.names))} · ${esc(x.names[altLang(x)] || x.names.en)}${x.listed === false ? ` (${esc(t("test_game"))})` : ""}</option>`,
    )
    .join("");
  const players = [];
  for (let n = g.min_players; n <= g.max_players; n++)
    players.push(`<option value="${n}"${n === form.players ? " selected" : ""}>${n}</option>`);
  const kinds = ["human", ...g.bots];
  const seats = form.seats
    .map(
      (s, i) =>
        `<div class="seat-row seat-${i}">` +
        `<span class="seat-dot" aria-hidden="true"></span><span class="seat-lbl">${esc(t("seat_n", { n: i + 1 }))}</span>` +
        `<select data-seat="${i}" data-testid="seat-${i}" aria-label="${esc(t("seat_kind", { n: i + 1 }))}">` +
        kinds
          .map(
            (k) =>
              `<option value="${esc(k)}"${k === s.kind ? " selected" : ""}>${esc(kindLabel(k))}</option>`,
          )
          .join("") +
        `</select><input type="text" maxlength="${NAME_MAX}" data-seat-name="${i}" data-testid="seat-name-${i}" aria-label="${esc(t("seat_name", { n: i + 1 }))}" placeholder="${esc(t("player_n", { n: i + 1 }))}" value="${esc(s.name)}"></div>`,
    )
    .join("");
  const opts = Object.entries(g.options || {})
    .map(([name, spec]) => {
      const id = `opt-${name}`;
      const label = pick(spec.label) || name;
      const bools = spec.values.length === 2 && spec.values.every((v) => typeof v === "boolean");
      if (bools) {
        return `<div class="field check"><input type="checkbox" id="${id}" data-option="${esc(name)}" data-testid="option-${esc(name)}"${form.options[name] ? " checked" : ""}><label for="${id}">${esc(label)}</label></div>`;
      }
      return (
        `<div class="field"><label for="${id}">${esc(label)}</label><select id="${id}" data-option="${esc(name)}" data-testid="option-${esc(name)}">` +
        spec.values
          .map(
            (v, vi) =>
              `<option value="${vi}"${v === form.options[name] ? " selected" : ""}>${esc(optionValueLabel(g.id, name, v))}</option>`,
          )
          .join("") +
        `</select></div>`
      );
    })
    .join("");
  slot.innerHTML =
    `<form id="new-game-form" data-testid="new-game-form" novalidate>` +
    `<div class="game-pick"><div class="game-badge" aria-hidden="true">${I.hourglass}</div><div class="field grow"><label for="game-select">${esc(t("game"))}</label>` +
    `<select id="game-select" data-testid="game-select">${games}</select>` +
    `<p class="game-names"><span lang="en">${esc(g.names.en)}</span> · <span lang="${zh}">${esc(g.names[zh] || g.names["zh-Hant"])}</span></p>` +
    `<p class="rules-line" id="form-rules">${formRulesHTML(g)}</p></div></div>` +
    `<div class="field"><label for="players-select">${esc(t("players"))}</label><select id="players-select" data-testid="players-select">${players.join("")}</select></div>` +
    `<fieldset class="seats"><legend>${esc(t("seats"))}</legend>${seats}</fieldset>` +
    (opts ? `<fieldset class="options"><legend>${esc(t("options"))}</legend>${opts}</fieldset>` : "") +
    `<div class="field seed-field"><label for="seed-input">${esc(t("seed"))}</label><div class="row">` +
    `<input id="seed-input" type="text" inputmode="numeric" pattern="[0-9]*" data-testid="seed-input" value="${form.seed}" aria-describedby="seed-help">` +
    `<button type="button" class="btn ghost" id="reroll" data-testid="reroll-seed">${esc(t("reroll"))}</button></div>` +
    `<p class="muted small" id="seed-help">${esc(t("seed_help"))}</p></div>` +
    `<div class="form-actions"><button type="submit" class="btn primary big" data-testid="start-game">${I.play}<span>${esc(t("start"))}</span></button></div>` +
    `</form><p class="muted small">${esc(t("coming_soon"))}</p>`;
}

/** The link to the chosen game's rules, once they are known to load ("" until then). */
function formRulesHTML(g) {
  return withRules.has(g.id)
    ? `<a href="${esc(rulesHref(g.id))}" data-testid="rules-link">${esc(t("rules_of", { game: pick(g.names) }))}</a>`
    : "";
}

/** "Read the rules: A · B" under the title: every offered game that has a rules reference. */
function renderRulesLinks() {
  const el = $("#rules-links");
  const games = offered.filter((g) => withRules.has(g.id));
  el.hidden = !games.length;
  el.innerHTML = games.length
    ? `${esc(t("rules_read"))}${esc(t("colon"))}` +
      games
        .map(
          (g) =>
            `<a href="${esc(rulesHref(g.id))}" data-testid="rules-link-${esc(g.id)}">${esc(pick(g.names))}</a>`,
        )
        .join(" · ")
    : "";
  const line = $("#form-rules");
  if (line && gameSpec()) line.innerHTML = formRulesHTML(gameSpec());
}

function onFormChange(e) {
  const el = e.target;
  if (el.id === "game-select") {
    form.game = el.value;
    resetForGame();
    renderForm();
    $("#game-select").focus();
  } else if (el.id === "players-select") {
    form.players = +el.value;
    fitSeats();
    renderForm();
    $("#players-select").focus();
  } else if (el.dataset.seat != null) {
    form.seats[+el.dataset.seat].kind = el.value;
  } else if (el.dataset.seatName != null) {
    form.seats[+el.dataset.seatName].name = el.value;
  } else if (el.dataset.option) {
    const spec = gameSpec().options[el.dataset.option];
    form.options[el.dataset.option] = el.type === "checkbox" ? el.checked : spec.values[+el.value];
  } else if (el.id === "seed-input") {
    form.seed = el.value;
  }
}

function startGame(e) {
  e.preventDefault();
  showError("");
  const raw = String(form.seed).trim();
  const seed = raw === "" ? randomSeed() : Number(raw);
  if (!/^\d+$/.test(raw === "" ? "0" : raw) || !Number.isSafeInteger(seed)) {
    showError(
      t("engine_error", { reason: `seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}` }),
    );
    $("#seed-input").focus();
    return;
  }
  const settings = {
    game: form.game,
    players: form.players,
    seed,
    options: form.options,
    seats: form.seats.map((s) => ({ kind: s.kind, name: cleanName(s.name) })),
  };
  location.href = `./play.html?new=${encodeURIComponent(JSON.stringify(settings))}`;
}

// ------------------------------------------------------------------ saved games

function seatsLine(e) {
  const seats = e.seats || [];
  const out = [];
  for (let i = 0; i < (e.players || seats.length); i++) {
    const s = seats[i] || {};
    const name = cleanName(s.name) || t("player_n", { n: i + 1 });
    out.push(
      `<span class="who seat-${i}">${s.kind && s.kind !== "human" ? I.bot : I.person}${esc(name)}</span>`,
    );
  }
  return out.join("");
}

/** Tags for the options a saved game changed from their defaults (non-boolean options: the value). */
function optionTags(gid, options) {
  const spec = (catalog && (catalog.games.find((x) => x.id === gid) || {}).options) || {};
  return Object.entries(spec)
    .filter(
      ([name, o]) =>
        options && name in options && options[name] !== o.default && typeof options[name] !== "boolean",
    )
    .map(([name]) => ` <span class="tag">${esc(optionValueLabel(gid, name, options[name]))}</span>`)
    .join("");
}

function renderSaved() {
  const slot = $("#saved-slot");
  const items = store.list();
  const originals = store.originalIds();
  if (!items.length && !originals.length) {
    slot.innerHTML = `<p class="muted" data-testid="no-saves">${esc(t("no_saves"))}</p>`;
    return;
  }
  slot.innerHTML = `<ul class="saved-list">${items
    .map(({ id, entry }) => {
      const mem = checks.get(id);
      const known = entry || (mem && mem.entry) || null; // a summary that storage could not keep lives in memory
      const e = known || {};
      const chk = e.damaged
        ? { state: "damaged", reason: e.damaged }
        : known
          ? { state: "ok" }
          : { state: "checking" };
      const gid = e.game || "?";
      const title =
        gid === "?"
          ? chk.state === "checking"
            ? t("checking")
            : t("unknown_game")
          : catalog
            ? gameName(catalog, gid)
            : gid;
      const g = catalog && catalog.games.find((x) => x.id === gid);
      const alt = g
        ? document.documentElement.lang === "en"
          ? g.names[g.native || "zh-Hant"]
          : g.names.en
        : "";
      const damaged = chk.state === "damaged";
      const sum = e.summary || {};
      // the engine's line says "Player 2" / "玩家2": use the names chosen for the seats
      const seatName = (d, m) => ((e.seats || [])[d - 1] && cleanName(e.seats[d - 1].name)) || m;
      const text = pick(sum.text).replace(/Player (\d+)|玩家(\d+)/g, (m, a, b) => seatName(+(a || b), m));
      const progress = damaged
        ? ""
        : chk.state === "checking"
          ? `<span class="muted">${esc(t("checking"))}</span>`
          : `${sum.over ? `<span class="tag over">${esc(t("game_over_short"))}</span>` : `<span class="tag live">${esc(t("in_progress"))}</span>`}` +
            (text ? ` <span data-testid="saved-summary">${esc(text)}</span>` : "") +
            (sum.actions_played != null
              ? ` · <span class="muted">${esc(t("actions_n", { n: sum.actions_played }))}</span>`
              : "");
      const label = `${title} — ${fmtDate(e.updated)}`;
      const actions = damaged
        ? `<button type="button" class="btn" data-export-raw="${esc(id)}" data-testid="export-game">${I.download}<span>${esc(t("export_raw"))}</span></button>` +
          `<button type="button" class="btn danger" data-delete="${esc(id)}" data-testid="delete-game" aria-label="${esc(`${t("delete")}: ${label}`)}">${I.trash}<span>${esc(t("delete"))}</span></button>`
        : `<a class="btn primary" href="./play.html?save=${encodeURIComponent(id)}" data-testid="resume-game" aria-label="${esc(`${t("resume")}: ${label}`)}">${I.play}<span>${esc(t("resume"))}</span></a>` +
          `<button type="button" class="btn" data-export="${esc(id)}" data-testid="export-game" aria-label="${esc(`${t("export")}: ${label}`)}">${I.download}<span>${esc(t("export"))}</span></button>` +
          `<button type="button" class="btn danger" data-delete="${esc(id)}" data-testid="delete-game" aria-label="${esc(`${t("delete")}: ${label}`)}">${I.trash}<span>${esc(t("delete"))}</span></button>`;
      return (
        `<li class="saved-row${damaged ? " damaged" : ""}" data-testid="saved-game" data-id="${esc(id)}" data-state="${chk.state}">` +
        `<div class="saved-main"><h3 class="saved-title">${esc(title)}${alt ? ` <span class="alt">${esc(alt)}</span>` : ""}${optionTags(gid, e.options)}</h3>` +
        `<div class="saved-seats">${seatsLine(e)}</div>` +
        `<div class="saved-meta"><span><span class="muted">${esc(t("last_played"))}${esc(t("colon"))}</span> ${esc(fmtDate(e.updated))}</span> <span class="progress">${progress}</span></div>` +
        (damaged
          ? `<p class="damaged-msg" data-testid="saved-game-damaged">${I.warn}<span>${esc(t("damaged", { reason: chk.reasonKey ? t(chk.reasonKey) : chk.reason }))}</span></p>`
          : "") +
        (!damaged && e.old
          ? `<p class="old-msg" data-testid="saved-game-old">${I.warn}<span>${esc(t(OLD_NOTE[oldCause(e.old, catalog && catalog.engine_version)]))}</span></p>`
          : "") +
        `</div><div class="saved-actions">${actions}</div></li>`
      );
    })
    .join("")}${originals.map(originalRow).join("")}</ul>`;
}

/** The saved list's note on a save that loads only with a change, by its cause (common.js oldCause). */
const OLD_NOTE = { version: "saved_old", build: "saved_build", damaged: "saved_changed" };

/** A kept original (a save continued under the current rules): export or delete only. */
function originalRow(id) {
  const doc = store.peek(store.getOriginal(id) || "");
  const gid = doc && typeof doc.game === "string" ? doc.game : "?";
  const now = catalog && catalog.engine_version;
  const changed = doc && doc.engine_version && now && doc.engine_version === now; // not older: changed or damaged
  const title = `${catalog ? gameName(catalog, gid) : gid} — ${t(changed ? "original_changed_title" : "original_title")}`;
  return (
    `<li class="saved-row original" data-testid="original-save" data-id="${esc(id)}">` +
    `<div class="saved-main"><h3 class="saved-title">${esc(title)}</h3><p class="muted small">${esc(t("original_of"))}` +
    `${doc && doc.engine_version ? ` (${esc(doc.engine_version)})` : ""}</p></div>` +
    `<div class="saved-actions"><button type="button" class="btn" data-export-original="${esc(id)}" data-testid="export-original" aria-label="${esc(`${t("export_original")}: ${title}`)}">${I.download}<span>${esc(t("export_original"))}</span></button>` +
    `<button type="button" class="btn danger" data-delete-original="${esc(id)}" data-testid="delete-original" aria-label="${esc(`${t("delete")}: ${title}`)}">${I.trash}<span>${esc(t("delete"))}</span></button></div></li>`
  );
}

/**
 * Saves without a current summary (made by an older build, or whose summary could not be written)
 * or with a summary in one language only (older builds stored the line in the language of the
 * moment, so it stayed in that language) are replayed by the engine once, one at a time, and get one;
 * a save the engine refuses is remembered as damaged. Then the format-1 index goes. No save text is ever changed.
 */
async function migrateAll() {
  for (const { id } of store.list().filter((x) => !x.entry || oneLanguage(x.entry))) {
    await migrateOne(id);
    renderSaved();
    await new Promise((res) => setTimeout(res, 0));
  }
  store.dropLegacyIndex();
}

/**
 * Finished games stored as text (by older builds, an import, or a page closed before it packed one)
 * are stored packed: the same text, a tenth of the room. One at a time, in the background.
 */
async function packFinished() {
  for (const { id, entry } of store.list()) {
    const text = store.getText(id);
    if (
      entry &&
      entry.summary &&
      entry.summary.over &&
      !entry.old &&
      !entry.damaged &&
      text &&
      !store.isPacked(text) &&
      store.getTail(id) == null
    ) {
      await store.repack(id, text);
    }
  }
}

/** A stored save as one save text (its tail's moves merged by the engine), or null with the reason. */
async function savedText(id) {
  let stored;
  try {
    stored = await store.read(id);
  } catch (err) {
    return { text: null, reason: err.message };
  }
  if (!stored) return { text: null, reason: t("not_json") };
  if (stored.tail == null) return { text: stored.text };
  const r = pgc.call("load", { sid: "home-merge", text: stored.text, tail: stored.tail, save: false });
  const s = r.ok ? pgc.call("save", { sid: "home-merge" }) : r;
  pgc.call("close", { sid: "home-merge" });
  if (!r.ok) return { text: stored.text };
  return {
    text:
      r.result.load && r.result.load.original ? r.result.load.original : s.ok ? s.result.save : stored.text,
  };
}

/** A summary stored by an older build: its line in the one language it was saved in. */
const oneLanguage = (entry) => !entry.damaged && entry.summary && typeof entry.summary.text === "string";

async function migrateOne(id) {
  let text = null;
  let tail = null;
  let reason = null;
  try {
    const stored = await store.read(id);
    text = stored && stored.text;
    tail = stored && stored.tail;
  } catch (err) {
    reason = err.message;
  }
  const doc = store.peek(text);
  const had = store.getSummary(id);
  const updated = (had && had.updated) || store.legacyEntry(id).updated || null;
  const game = doc && typeof doc.game === "string" ? doc.game : null;
  if (reason) {
    // the packed text cannot be read back
  } else if (!doc) {
    reason = t("not_json");
  } else {
    const r = pgc.call("load", { sid: "home-check", text, tail, lang: document.documentElement.lang });
    pgc.call("close", { sid: "home-check" });
    if (r.ok) {
      const entry = { ...summaryEntry(r.result, doc), updated };
      if (store.setSummary(id, entry)) checks.delete(id);
      else checks.set(id, { entry });
      return;
    }
    reason = r.error.message;
  }
  const entry = { game, updated, damaged: reason };
  if (store.setSummary(id, entry)) checks.delete(id);
  else checks.set(id, { entry });
}

function onSavedClick(e) {
  const b = e.target.closest("button");
  if (!b) return;
  if (b.dataset.exportOriginal) {
    const text = store.getOriginal(b.dataset.exportOriginal) ?? "";
    const doc = store.peek(text);
    store.download(`${(doc && doc.game) || "save"}-${b.dataset.exportOriginal}-original.json`, text);
    return;
  }
  if (b.dataset.deleteOriginal) {
    if (!confirm(t("confirm_delete"))) return;
    store.removeOriginal(b.dataset.deleteOriginal);
    renderSaved();
    info(t("deleted"));
    $("#saved-h").tabIndex = -1;
    $("#saved-h").focus();
    return;
  }
  const id = b.dataset.delete || b.dataset.export || b.dataset.exportRaw;
  if (b.dataset.delete) {
    if (!confirm(t("confirm_delete"))) return;
    store.remove(id);
    checks.delete(id);
    renderSaved();
    info(t("deleted"));
    const first =
      document.querySelector("[data-testid=saved-game] a, [data-testid=saved-game] button") || $("#saved-h");
    if (first.tabIndex < 0 && first.tagName === "H2") first.tabIndex = -1;
    first.focus();
  } else if (id) {
    exportSaved(id, !!b.dataset.exportRaw);
  }
}

/** Download a stored save as one normal save file; a damaged one as it is stored. */
async function exportSaved(id, raw) {
  let text = raw ? null : (await savedText(id)).text;
  if (text == null) {
    const value = store.getText(id) ?? "";
    text = await store.unpack(value).catch(() => value);
  }
  const doc = store.peek(text);
  store.download(`${(doc && doc.game) || "save"}-${id}.json`, text);
}

async function onImport(e) {
  const input = e.target;
  const file = input.files && input.files[0];
  if (!file) return;
  showError("");
  info("");
  if (file.size > IMPORT_LIMIT) {
    input.value = "";
    showError(t("import_too_big", { size: fmtSize(file.size), limit: fmtSize(IMPORT_LIMIT) }));
    return;
  }
  let text;
  try {
    text = await file.text();
  } catch (err) {
    showError(t("import_failed", { reason: err.message }));
    return;
  } finally {
    input.value = "";
  }
  const r = pgc.call("load", { sid: "import-check", text, lang: document.documentElement.lang });
  pgc.call("close", { sid: "import-check" });
  if (!r.ok) {
    showError(t("import_failed", { reason: r.error.message }));
    return;
  }
  const doc = store.peek(text);
  const g = catalog && catalog.games.find((x) => x.id === r.result.view.game);
  const bad = g ? seatsOf(doc, r.result.view.players).find((s) => !seatKindsOf(g).includes(s.kind)) : null;
  if (bad) {
    showError(
      t("import_failed", {
        reason: t("import_bad_seat", { kind: JSON.stringify(bad.kind), kinds: seatKindsOf(g).join(", ") }),
      }),
    );
    return;
  }
  const id = store.newId();
  const res = store.put(id, text, summaryEntry(r.result, doc));
  if (!res.ok) {
    store.remove(id);
    showError(t("storage_full"));
    return;
  }
  if (r.result.view.over) store.repack(id, text);
  renderSaved();
  info(t("imported"));
}

/** "Playable now: …" from the games this build offers (the registry), never a promise. */
function renderPlayable() {
  const el = $("#playable");
  const names = offered.filter((g) => g.listed !== false).map((g) => pick(g.names));
  el.textContent = names.length
    ? t("playable_now", { games: names.join(document.documentElement.lang === "en" ? ", " : "、") })
    : "";
}

function renderAll() {
  applyStatic();
  renderPlayable();
  renderRulesLinks();
  $("#lang-slot").innerHTML = langSelectHTML();
  document.title = t("site_title");
  renderForm();
  renderSaved();
}

async function main() {
  applyStatic();
  $("#lang-slot").innerHTML = langSelectHTML();
  $("#lang-slot").addEventListener("change", (e) => {
    if (e.target.id !== "lang-select") return;
    setLang(e.target.value);
    renderAll();
    $("#lang-select").focus();
  });
  $("#new-game-slot").addEventListener("change", onFormChange);
  $("#new-game-slot").addEventListener("input", (e) => {
    if (e.target.matches("input[type=text]")) onFormChange(e);
  });
  $("#new-game-slot").addEventListener("click", (e) => {
    if (e.target.closest("#reroll")) {
      form.seed = randomSeed();
      $("#seed-input").value = form.seed;
    }
  });
  $("#new-game-slot").addEventListener("submit", startGame);
  $("#saved-slot").addEventListener("click", onSavedClick);
  $("#import-input").addEventListener("change", onImport);
  try {
    pgc = await engine();
  } catch (err) {
    showError(String(err && err.message ? err.message : err));
    setReady();
    return;
  }
  const cat = pgc.call("catalog", {});
  catalog = cat.ok ? cat.result : { games: [] };
  if (!cat.ok) showError(cat.error.message);
  offered = catalog.games.filter((g) => fronts.manifest(g.id) && (g.listed !== false || showTestGames));
  // each game's strings (option value labels); a game whose strings fail to load keeps the shell's
  await Promise.all(
    catalog.games
      .filter((g) => fronts.manifest(g.id))
      .map((g) =>
        fronts.strings(g.id).then(
          (b) => gameT.set(g.id, translator(b)),
          () => {},
        ),
      ),
  );
  if (offered.length) {
    form.game = offered[0].id;
    resetForGame();
  }
  renderAll();
  // the rules links, for the games whose rules reference loads (the rules page shows it offline too)
  Promise.all(
    offered.map((g) =>
      loadRules(g.id).then(
        () => withRules.add(g.id),
        () => {},
      ),
    ),
  ).then(renderRulesLinks);
  await migrateAll();
  renderSaved();
  setReady();
  packFinished();
}

if (!refuseFrame()) main();
