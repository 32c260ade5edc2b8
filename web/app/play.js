// play.html?save=<id>  or  play.html?new=<JSON settings>
// settings: {game, players, seed, options, seats: [{kind: "human"|"random"|"heuristic"|"normal"|"hard", name}]}
// (the kinds a game offers: its catalog entry's `bots`; heuristic is shown as "easy")
// or play.html?game=ID[&players=N][&seed=S][&options=<JSON>][&bots=..][&names=..] (as for embed.html)

import { initLang, setLang, t, pick, esc, applyStatic, langSelectHTML } from "./i18n.js";
import * as store from "./store.js";
import { refuseFrame } from "./noframe.js";
import * as I from "./icons.js";
import {
  engine,
  setReady,
  installUpdateNotice,
  summaryEntry,
  oldCause,
  seatsOf,
  messageHTML,
  randomSeed,
  seatsFromParams,
  badSeatKind,
  intOrRaw,
  parseExact,
  cleanName,
} from "./common.js";
import { Session, SPEEDS } from "./controller.js";
import { Thinker, startWhenIdle } from "./thinker.js";
import { GameView } from "./gameview.js";
import * as fronts from "./games.js";
import * as keyboard from "./keyboard.js";

installUpdateNotice();
const params = new URLSearchParams(location.search);
initLang(params.get("lang"));

const main = document.getElementById("game");
const topbar = document.getElementById("topbar");
const help = document.getElementById("help");
let catalog = null;
let session = null;
let gv = null;
let saveId = params.get("save");
let gameId = null;
let old = null; // {status, at, message, text, version}: the opened save was made under other rules

function header() {
  const game = catalog && gameId ? catalog.games.find((g) => g.id === gameId) : null;
  const speed = session ? session.speed : store.pref("speed", "normal");
  topbar.innerHTML =
    `<a class="btn ghost" href="./index.html" data-testid="home-link">${I.home}<span>${esc(t("home"))}</span></a>` +
    `<h1 class="game-title">${game ? `${esc(pick(game.names))} <span class="alt" lang="${document.documentElement.lang === "en" ? game.native || "zh-Hant" : "en"}">${esc(document.documentElement.lang === "en" ? game.names[game.native || "zh-Hant"] : game.names.en)}</span>` : ""}</h1>` +
    `<div class="top-tools">` +
    `<label class="speed">${esc(t("bot_speed"))} <select id="speed" data-testid="bot-speed">` +
    Object.keys(SPEEDS)
      .map((k) => `<option value="${k}"${k === speed ? " selected" : ""}>${esc(t("speed_" + k))}</option>`)
      .join("") +
    `</select></label>` +
    `<button type="button" class="btn ghost" id="export-btn" data-testid="export-current">${I.download}<span>${esc(t("export"))}</span></button>` +
    `<button type="button" class="btn ghost" id="help-btn" data-testid="help" aria-keyshortcuts="?">${I.help}<span>${esc(t("help"))}</span></button>` +
    langSelectHTML() +
    `</div>`;
  document.title = `${game ? pick(game.names) : t("site_title")} — ${t("site_title")}`;
}

topbar.addEventListener("change", (e) => {
  if (e.target.id === "lang-select") {
    setLang(e.target.value);
    applyStatic();
    header();
    if (session && gv) {
      session.refresh();
      gv.lastMsg = "";
      gv.build();
      gv.render();
    }
  } else if (e.target.id === "speed") {
    store.setPref("speed", e.target.value);
    if (session) session.speed = e.target.value;
  }
});
topbar.addEventListener("click", (e) => {
  const b = e.target.closest("button");
  if (!b) return;
  if (b.id === "help-btn") kb && kb.openHelp();
  if (b.id === "export-btn") exportGame();
});

let kb = null;

function exportGame() {
  if (old) return store.download(`${gameId}-${saveId}-original.json`, old.text); // not yet continued
  if (!session || !session.reply) return;
  session.flush();
  const text = session.saveText();
  if (text != null) store.download(`${gameId}-${saveId || "game"}.json`, text);
}

function fail(title, text) {
  main.innerHTML = messageHTML(title, text);
  setReady();
}

function parseNew(raw) {
  let s;
  try {
    s = parseExact(raw);
  } catch {
    throw new Error("the new-game settings are not valid JSON");
  }
  if (!s || typeof s !== "object" || typeof s.game !== "string")
    throw new Error("the new-game settings name no game");
  return s;
}

/** play.html?game=ID&players=N&seed=S&options=<JSON>&bots=..&names=.. as new-game settings. */
function settingsFromParams() {
  const game = params.get("game");
  const g = catalog.games.find((x) => x.id === game);
  let options = {};
  if (params.has("options")) {
    try {
      options = JSON.parse(params.get("options"));
    } catch (err) {
      throw new Error(`options is not valid JSON (${err.message})`);
    }
  }
  const players = params.has("players") ? intOrRaw(params.get("players")) : g ? g.min_players : 2;
  const n = typeof players === "number" && players > 0 && players < 16 ? players : 0;
  return {
    game,
    players,
    options,
    seed: params.has("seed") ? intOrRaw(params.get("seed")) : undefined,
    seats: seatsFromParams(params, n, 0, g),
  };
}

/** The game this page will show, as far as the address (or the save's summary) tells before the engine runs. */
function earlyGame() {
  try {
    if (params.has("new")) return parseNew(params.get("new")).game;
    if (params.has("game")) return params.get("game");
    if (saveId) return store.getSummary(saveId)?.game ?? null;
  } catch {
    /* start() reports a bad address */
  }
  return null;
}

async function start() {
  applyStatic();
  header();
  // the game's front end (modules, strings, stylesheet) downloads while the engine boots, not after
  const early = earlyGame();
  if (early && fronts.manifest(early)) fronts.load(early).catch(() => {});
  let pgc;
  try {
    pgc = await engine();
  } catch (err) {
    fail(t("error"), String(err && err.message ? err.message : err));
    return;
  }
  const cat = pgc.call("catalog", {});
  catalog = cat.ok ? cat.result : { games: [] };

  const sid = `play-${Math.random().toString(36).slice(2)}`;
  let reply;
  let seats;
  let envelope = null; // what the saved-games list needs of a save's envelope (it never changes in a game)
  const now = Date.now();
  if (params.has("new") || params.has("game")) {
    let s;
    try {
      s = params.has("new") ? parseNew(params.get("new")) : settingsFromParams();
    } catch (err) {
      fail(t("error"), t("bad_url", { reason: err.message }));
      return;
    }
    gameId = s.game;
    const g = catalog.games.find((x) => x.id === s.game);
    const players = s.players ?? (g ? g.min_players : 2);
    seats = Array.from(
      { length: typeof players === "number" && players > 0 && players < 16 ? players : 0 },
      (_, i) => {
        const x = (Array.isArray(s.seats) && s.seats[i]) || {};
        return { kind: typeof x.kind === "string" ? x.kind : "human", name: cleanName(x.name) };
      },
    );
    const badKind = g ? badSeatKind(seats, g) : null;
    if (badKind) {
      fail(t("error"), t("bad_url", { reason: badKind }));
      return;
    }
    const humans = seats.map((x, i) => (x.kind === "human" ? i : -1)).filter((i) => i >= 0);
    // the view the session starts from (controller.js, begin): the one human's, else (hotseat, or
    // bots only) the public view, asked as the session asks (its args), so that it needs no second one
    const hotseat = humans.length > 1;
    const r = pgc.call("new", {
      sid,
      game: s.game,
      players,
      seed: s.seed ?? randomSeed(),
      options: s.options || {},
      meta: { seats, created: now, lang: document.documentElement.lang, app: "pygame_core-web" },
      seat: humans.length === 1 ? humans[0] : null,
      ...(hotseat ? { others: humans } : {}),
      log_lang: true,
      since: null,
      lang: document.documentElement.lang,
      save: false,
    });
    if (!r.ok) {
      fail(t("error"), t("bad_url", { reason: r.error.message }));
      return;
    }
    reply = r.result;
    saveId = store.newId();
    const url = new URL(location.href);
    url.search = `?save=${encodeURIComponent(saveId)}`;
    history.replaceState(null, "", url.href);
  } else if (saveId) {
    let stored;
    try {
      stored = await store.read(saveId);
    } catch (err) {
      fail(t("error"), t("damaged", { reason: err.message }));
      return;
    }
    if (stored == null) {
      fail(t("error"), t("no_save_found", { id: saveId }));
      return;
    }
    const text = stored.text;
    // the base and the moves stored since (its tail), merged by the engine
    const r = pgc.call("load", {
      sid,
      text,
      tail: stored.tail,
      save: false,
      lang: document.documentElement.lang,
    });
    if (!r.ok) {
      fail(t("error"), t("damaged", { reason: r.error.message }));
      return;
    }
    reply = r.result;
    gameId = reply.view.game;
    let doc = null;
    try {
      doc = JSON.parse(text);
    } catch {
      /* load succeeded, so it parses */
    }
    seats = seatsOf(doc, reply.view.players);
    if (doc) envelope = { meta: doc.meta, engine_version: doc.engine_version };
    const g = catalog.games.find((x) => x.id === gameId);
    const badKind = g ? badSeatKind(seats, g) : null;
    if (badKind) {
      pgc.call("close", { sid });
      fail(t("error"), t("damaged", { reason: badKind }));
      return;
    }
    if (reply.load && reply.load.status !== "ok")
      old = { ...reply.load, text: reply.load.original ?? text, version: doc && doc.engine_version };
  } else {
    fail(t("error"), t("bad_url", { reason: "expected ?game=<id>, ?save=<id> or ?new=<settings>" }));
    return;
  }
  header();
  let front;
  try {
    front = await fronts.load(gameId);
  } catch (err) {
    pgc.call("close", { sid });
    fail(t("error"), String(err && err.message ? err.message : err));
    return;
  }

  let storageFull = false;
  let holding = !!old; // a save made under other rules is not rewritten until the player accepts
  const full = (on) => {
    if (on !== storageFull && gv) gv.storageFull(on);
    storageFull = on;
  };
  // the bots think, and hints are searched, in a worker of their own (app/thinker.js)
  const thinker = new Thinker(pgc, sid, gameId);
  window.pgcThinker = thinker;
  session = new Session(pgc, {
    sid,
    seats,
    thinker,
    speed: params.get("speed") || store.pref("speed", "normal"),
    onUpdate: () => gv && gv.render(),
    onPlayed: (p) => gv && gv.played(p),
    onError: (e) => gv && gv.error(e),
    onSaved: (journal, view, reply) => {
      // webapi "journal": the moves since the stored base (tail), and sometimes the whole save to store
      if (holding) return null;
      if (!envelope && journal.save != null) {
        try {
          const doc = JSON.parse(journal.save);
          envelope = { meta: doc.meta, engine_version: doc.engine_version };
        } catch {
          /* engine text is JSON */
        }
      }
      let base = false;
      let res = { ok: false };
      if (journal.save != null) {
        res = store.putBase(saveId, journal.save);
        base = res.ok;
        if (base && view.over)
          store.repack(saveId, journal.save); // a finished game is stored packed
        else if (!base && view.over) packFinal(journal);
      }
      // the tail, when the base was not stored (or nothing when the base is the game as it stands)
      if (!base && (journal.tail != null || journal.save == null)) res = store.putTail(saveId, journal.tail);
      if (res.ok) store.setSummary(saveId, { ...summaryEntry(reply, envelope), updated: Date.now() });
      full(!res.ok);
      return { base };
    },
  });
  /** Storage too full for a finished game's save as text: try it packed (no move can change it now). */
  async function packFinal(journal) {
    const packed = await store.pack(journal.save);
    if (!packed || !session.based(journal.base, true)) return;
    if (store.putBase(saveId, packed).ok) {
      session.based(journal.base);
      store.setSummary(saveId, {
        ...summaryEntry({ view: session.reply.view, summary: journal.summary }, envelope),
        updated: Date.now(),
      });
      full(false);
    }
  }
  const view = document.createElement("div");
  main.replaceChildren(view);
  gv = new GameView(view, session, {
    front,
    onHome: "./index.html",
    onExport: exportGame,
    onRematch: rematch,
  });
  kb = keyboard.install(gv, help);
  window.pgcGame = { session, view: gv }; // for tests and benchmarks
  // a move is saved once the page is idle: leaving or hiding the page stores the game whole
  addEventListener("pagehide", () => session.flush(true));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") session.flush(true);
  });
  const go = () => {
    session.begin(reply);
    if (storageFull) gv.storageFull(true);
    gv.render();
    // a game with a bot boots the worker once the page is idle (a bot to move first asks at once)
    if (seats.some((x) => x.kind !== "human")) startWhenIdle(thinker);
  };
  if (old) {
    // made under other rules: offer to continue under the current ones; nothing is stored until then
    session.reply = reply;
    const box = document.createElement("section");
    main.prepend(box);
    offerOld(box, old, () => {
      const kept = store.putOriginal(saveId, old.text);
      if (!kept.ok) {
        storageFull = true; // keep the original untouched: play on in memory only
      } else {
        holding = false;
      }
      delete reply.load;
      old = null;
      box.className = "banner info-banner";
      box.setAttribute("role", "status");
      box.dataset.testid = "old-save-accepted";
      box.textContent = t("old_accepted");
      view.hidden = false;
      go();
      if (!kept.ok) gv.storageFull(true);
    });
    view.hidden = true;
  } else {
    go();
  }
  setReady();
}

/** The offer shown for a save made under other rules ("stale" or "broken_at"); `accept` continues it. */
function offerOld(box, o, accept) {
  const now = catalog && catalog.engine_version;
  const cause = oldCause(o, now);
  const changed = cause === "damaged"; // this very version: changed or damaged, never "older"
  const title = changed ? t("changed_title") : cause === "build" ? t("build_title") : t("old_title");
  const why = changed
    ? t("changed_why")
    : cause === "version" && o.version && now
      ? t("old_version", { old: o.version, now })
      : t("old_other_build");
  const n = { n: (o.at ?? 0) + 1, k: o.at ?? 0 };
  const what =
    o.status === "broken_at"
      ? t(changed ? "changed_broken" : "old_broken", n)
      : t(changed ? "changed_stale" : "old_stale");
  box.className = "old-offer";
  box.dataset.testid = "old-save-offer";
  box.dataset.status = o.status;
  box.dataset.cause = cause;
  box.setAttribute("aria-labelledby", "old-h");
  box.innerHTML =
    `<h2 id="old-h">${I.warn} ${esc(title)}</h2><p>${esc(why)}</p><p><strong>${esc(what)}</strong></p>` +
    `<p class="muted small">${esc(t("old_kept"))}</p><div class="over-actions">` +
    `<button type="button" class="btn primary" data-testid="old-accept">${esc(t(changed ? "changed_accept" : "old_accept"))}</button>` +
    `<button type="button" class="btn" data-testid="export-original">${I.download}<span>${esc(t("export_original"))}</span></button>` +
    `<a class="btn ghost" href="./index.html">${esc(t("back_home"))}</a></div>`;
  box.querySelector("[data-testid=old-accept]").addEventListener("click", accept, { once: true });
  box.querySelector("[data-testid=export-original]").addEventListener("click", () => {
    store.download(`${gameId}-${saveId}-original.json`, o.text);
  });
  box.querySelector("[data-testid=old-accept]").focus();
}

/** A new game with the same game, players, options and seats (kinds and names), on a new seed. */
function rematch(view) {
  const settings = {
    game: view.game,
    players: view.players,
    options: view.options || {},
    seed: randomSeed(),
    seats: session.seats.map((x) => ({ kind: x.kind, name: x.name || "" })),
  };
  location.href = `./play.html?new=${encodeURIComponent(JSON.stringify(settings))}`;
}

if (!refuseFrame()) start();
