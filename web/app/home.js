// Home page: new-game form (from the engine catalog), saved games (resume/export/delete), import.

import { initLang, setLang, t, pick, esc, applyStatic, langSelectHTML } from "./i18n.js";
import * as store from "./store.js";
import * as I from "./icons.js";
import { engine, setReady, installUpdateNotice, summaryOf, fmtDate, gameName, randomSeed } from "./common.js";

initLang(new URLSearchParams(location.search).get("lang"));

installUpdateNotice();
const $ = (s) => document.querySelector(s);
let pgc = null;
let catalog = null;
const checks = new Map(); // id -> {state: "ok"|"damaged"|"checking", reason, summary}
const form = { game: null, players: 2, seats: [], options: {}, seed: randomSeed() };

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
  return catalog.games.find((g) => g.id === form.game) || catalog.games[0];
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
  while (form.seats.length < form.players) form.seats.push({ kind: form.seats.length === 0 ? "human" : best, name: "" });
  form.seats.length = form.players;
}

const kindLabel = (k) => (k === "human" ? t("human") : t("bot_" + k) !== "bot_" + k ? t("bot_" + k) : `${t("bot")} (${k})`);

function optionValueLabel(name, v) {
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  const key = `${name}_${v}`;
  const s = t(key);
  return s === key ? String(v) : s;
}

function renderForm() {
  const slot = $("#new-game-slot");
  if (!catalog || !catalog.games.length) {
    slot.innerHTML = `<p class="muted">${esc(t("coming_soon"))}</p>`;
    return;
  }
  const g = gameSpec();
  const altLang = document.documentElement.lang === "en" ? "zh-Hant" : "en";
  const games = catalog.games.map((x) => `<option value="${esc(x.id)}"${x.id === g.id ? " selected" : ""}>${esc(pick(x.names))} · ${esc(x.names[altLang] || x.names.en)}</option>`).join("");
  const players = [];
  for (let n = g.min_players; n <= g.max_players; n++) players.push(`<option value="${n}"${n === form.players ? " selected" : ""}>${n}</option>`);
  const kinds = ["human", ...g.bots];
  const seats = form.seats.map((s, i) => `<div class="seat-row seat-${i}">`
    + `<span class="seat-dot" aria-hidden="true"></span><span class="seat-lbl">${esc(t("seat_n", { n: i + 1 }))}</span>`
    + `<select data-seat="${i}" data-testid="seat-${i}" aria-label="${esc(t("seat_kind", { n: i + 1 }))}">`
    + kinds.map((k) => `<option value="${esc(k)}"${k === s.kind ? " selected" : ""}>${esc(kindLabel(k))}</option>`).join("")
    + `</select><input type="text" maxlength="40" data-seat-name="${i}" data-testid="seat-name-${i}" aria-label="${esc(t("seat_name", { n: i + 1 }))}" placeholder="${esc(t("player_n", { n: i + 1 }))}" value="${esc(s.name)}"></div>`).join("");
  const opts = Object.entries(g.options || {}).map(([name, spec]) => {
    const id = `opt-${name}`;
    const label = pick(spec.label) || name;
    const bools = spec.values.length === 2 && spec.values.every((v) => typeof v === "boolean");
    if (bools) {
      return `<div class="field check"><input type="checkbox" id="${id}" data-option="${esc(name)}" data-testid="option-${esc(name)}"${form.options[name] ? " checked" : ""}><label for="${id}">${esc(label)}</label></div>`;
    }
    return `<div class="field"><label for="${id}">${esc(label)}</label><select id="${id}" data-option="${esc(name)}" data-testid="option-${esc(name)}">`
      + spec.values.map((v, vi) => `<option value="${vi}"${v === form.options[name] ? " selected" : ""}>${esc(optionValueLabel(name, v))}</option>`).join("")
      + `</select></div>`;
  }).join("");
  slot.innerHTML = `<form id="new-game-form" data-testid="new-game-form" novalidate>`
    + `<div class="game-pick"><div class="game-badge" aria-hidden="true">${I.hourglass}</div><div class="field grow"><label for="game-select">${esc(t("game"))}</label>`
    + `<select id="game-select" data-testid="game-select">${games}</select>`
    + `<p class="game-names"><span lang="en">${esc(g.names.en)}</span> · <span lang="zh-Hant">${esc(g.names["zh-Hant"])}</span></p></div></div>`
    + `<div class="field"><label for="players-select">${esc(t("players"))}</label><select id="players-select" data-testid="players-select">${players.join("")}</select></div>`
    + `<fieldset class="seats"><legend>${esc(t("seats"))}</legend>${seats}</fieldset>`
    + (opts ? `<fieldset class="options"><legend>${esc(t("options"))}</legend>${opts}</fieldset>` : "")
    + `<div class="field seed-field"><label for="seed-input">${esc(t("seed"))}</label><div class="row">`
    + `<input id="seed-input" type="text" inputmode="numeric" pattern="[0-9]*" data-testid="seed-input" value="${form.seed}" aria-describedby="seed-help">`
    + `<button type="button" class="btn ghost" id="reroll" data-testid="reroll-seed">${esc(t("reroll"))}</button></div>`
    + `<p class="muted small" id="seed-help">${esc(t("seed_help"))}</p></div>`
    + `<div class="form-actions"><button type="submit" class="btn primary big" data-testid="start-game">${I.play}<span>${esc(t("start"))}</span></button></div>`
    + `</form><p class="muted small">${esc(t("coming_soon"))}</p>`;
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
    showError(t("engine_error", { reason: `seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}` }));
    $("#seed-input").focus();
    return;
  }
  const settings = {
    game: form.game, players: form.players, seed, options: form.options,
    seats: form.seats.map((s) => ({ kind: s.kind, name: s.name.trim() })),
  };
  location.href = `./play.html?new=${encodeURIComponent(JSON.stringify(settings))}`;
}

// ------------------------------------------------------------------ saved games

function seatsLine(entry, doc) {
  const seats = (doc && doc.meta && doc.meta.seats) || [];
  const n = entry.players || (doc && doc.players) || seats.length;
  const out = [];
  for (let i = 0; i < n; i++) {
    const s = seats[i] || {};
    const name = (s.name && s.name.trim()) || t("player_n", { n: i + 1 });
    out.push(`<span class="who seat-${i}">${s.kind && s.kind !== "human" ? I.bot : I.person}${esc(name)}</span>`);
  }
  return out.join("");
}

function renderSaved() {
  const slot = $("#saved-slot");
  const items = store.list();
  if (!items.length) {
    slot.innerHTML = `<p class="muted" data-testid="no-saves">${esc(t("no_saves"))}</p>`;
    return;
  }
  slot.innerHTML = `<ul class="saved-list">${items.map(({ id, text, entry }) => {
    const doc = store.peek(text);
    const chk = checks.get(id) || { state: doc ? "checking" : "damaged", reasonKey: "not_json" };
    const e = { ...entry, ...(chk.summary || {}) };
    const gid = e.game || (doc && doc.game) || "?";
    const title = gid === "?" ? t("unknown_game") : catalog ? gameName(catalog, gid) : gid;
    const g = catalog && catalog.games.find((x) => x.id === gid);
    const alt = g ? (document.documentElement.lang === "en" ? g.names["zh-Hant"] : g.names.en) : "";
    const damaged = chk.state === "damaged";
    const progress = damaged ? ""
      : chk.state === "checking" && !e.phase ? `<span class="muted">${esc(t("checking"))}</span>`
        : `${e.over ? `<span class="tag over">${esc(t("game_over_short"))}</span>` : `<span class="tag live">${esc(t("in_progress"))}</span>`}`
          + (e.phase ? ` <span>${esc(pick(e.phase))}${e.phaseIndex != null && e.phaseTotal && !e.over ? ` (${Math.min(e.phaseIndex + 1, e.phaseTotal)}/${e.phaseTotal})` : ""}</span>` : "")
          + (e.actions != null ? ` · <span class="muted">${esc(t("actions_n", { n: e.actions }))}</span>` : "");
    const label = `${title} — ${fmtDate(e.updated)}`;
    const actions = damaged
      ? `<button type="button" class="btn" data-export-raw="${esc(id)}" data-testid="export-game">${I.download}<span>${esc(t("export_raw"))}</span></button>`
        + `<button type="button" class="btn danger" data-delete="${esc(id)}" data-testid="delete-game" aria-label="${esc(`${t("delete")}: ${label}`)}">${I.trash}<span>${esc(t("delete"))}</span></button>`
      : `<a class="btn primary" href="./play.html?save=${encodeURIComponent(id)}" data-testid="resume-game" aria-label="${esc(`${t("resume")}: ${label}`)}">${I.play}<span>${esc(t("resume"))}</span></a>`
        + `<button type="button" class="btn" data-export="${esc(id)}" data-testid="export-game" aria-label="${esc(`${t("export")}: ${label}`)}">${I.download}<span>${esc(t("export"))}</span></button>`
        + `<button type="button" class="btn danger" data-delete="${esc(id)}" data-testid="delete-game" aria-label="${esc(`${t("delete")}: ${label}`)}">${I.trash}<span>${esc(t("delete"))}</span></button>`;
    return `<li class="saved-row${damaged ? " damaged" : ""}" data-testid="saved-game" data-id="${esc(id)}" data-state="${chk.state}">`
      + `<div class="saved-main"><h3 class="saved-title">${esc(title)}${alt ? ` <span class="alt">${esc(alt)}</span>` : ""}${e.mode === "quick" ? ` <span class="tag">${esc(t("mode_quick"))}</span>` : ""}</h3>`
      + `<div class="saved-seats">${seatsLine(e, doc)}</div>`
      + `<div class="saved-meta"><span><span class="muted">${esc(t("last_played"))}${esc(t("colon"))}</span> ${esc(fmtDate(e.updated))}</span> <span class="progress">${progress}</span></div>`
      + (damaged ? `<p class="damaged-msg" data-testid="saved-game-damaged">${I.warn}<span>${esc(t("damaged", { reason: chk.reasonKey ? t(chk.reasonKey) : chk.reason }))}</span></p>` : "")
      + `</div><div class="saved-actions">${actions}</div></li>`;
  }).join("")}</ul>`;
}

/** Replay each save with the engine once (detects damage, refreshes the summary). */
function checkAll() {
  const ids = store.list().map((x) => x.id).filter((id) => !checks.has(id) || checks.get(id).state === "checking");
  return new Promise((resolve) => {
    const next = () => {
      const id = ids.shift();
      if (id == null) return resolve();
      checkOne(id);
      renderSaved();
      setTimeout(next, 0);
    };
    next();
  });
}

function checkOne(id) {
  const text = store.getText(id);
  const doc = store.peek(text);
  if (!doc) {
    checks.set(id, { state: "damaged", reasonKey: "not_json" });
    return;
  }
  const r = pgc.call("load", { sid: "home-check", text, lang: document.documentElement.lang });
  pgc.call("close", { sid: "home-check" });
  if (!r.ok) {
    checks.set(id, { state: "damaged", reason: r.error.message });
    return;
  }
  const summary = summaryOf(r.result.view, doc);
  checks.set(id, { state: "ok", summary });
  store.touchSummary(id, summary);
}

function onSavedClick(e) {
  const b = e.target.closest("button");
  if (!b) return;
  const id = b.dataset.delete || b.dataset.export || b.dataset.exportRaw;
  if (b.dataset.delete) {
    if (!confirm(t("confirm_delete"))) return;
    store.remove(id);
    checks.delete(id);
    renderSaved();
    info(t("deleted"));
    const first = document.querySelector("[data-testid=saved-game] a, [data-testid=saved-game] button") || $("#saved-h");
    if (first.tabIndex < 0 && first.tagName === "H2") first.tabIndex = -1;
    first.focus();
  } else if (id) {
    const text = store.getText(id) ?? "";
    const doc = store.peek(text);
    store.download(`${(doc && doc.game) || "save"}-${id}.json`, text);
  }
}

async function onImport(e) {
  const input = e.target;
  const file = input.files && input.files[0];
  if (!file) return;
  showError("");
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
  const id = store.newId();
  const summary = summaryOf(r.result.view, store.peek(text));
  const res = store.put(id, text, summary);
  if (!res.ok) {
    store.remove(id);
    showError(t("storage_full"));
    return;
  }
  checks.set(id, { state: "ok", summary });
  renderSaved();
  info(t("imported"));
}

function renderAll() {
  applyStatic();
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
  $("#new-game-slot").addEventListener("input", (e) => { if (e.target.matches("input[type=text]")) onFormChange(e); });
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
  if (catalog.games.length) {
    form.game = catalog.games[0].id;
    resetForGame();
  }
  renderAll();
  await checkAll();
  setReady();
}

main();
