// embed.html — a compact, chrome-less game for iframes (rule-teaching pages).
//
//   ?game=ID&players=N&seed=S[&options=<json>][&seat=K][&bots=k0,k1,..][&names=a,b,..][&lang=..][&speed=..]
//   ?save=<url-encoded save JSON or base64url>   start from a save (instead of game/players/seed)
//   ?replay=<url of a save JSON file in the site> same, fetched
//   &step=1[&at=N]   read-only stepping through the save's actions (First/Prev/Next/Last)
//   &hint=1          show "What would a strong player do?" for the position at once (and, stepping, at
//                    each step where the seat decides); the hint button is there without it too
//
// Messages to the parent: {type:"pgc-ready", game, seat, mode, actions_played}, then {type:"pgc-state", actions_played, over}
// after each change (and {type:"pgc-error", message} when the frame cannot start).

import { initLang, setLang, t, pick, esc, langSelectHTML } from "./i18n.js";
import {
  engine,
  setReady,
  b64urlDecode,
  messageHTML,
  seatsOf,
  seatsFromParams,
  badSeatKind,
  intOrRaw,
} from "./common.js";
import { Session, SPEEDS, HINT_MOVES, HINT_MS, HINT_PAGE_MS } from "./controller.js";
import { Thinker, startWhenIdle } from "./thinker.js";
import { GameView } from "./gameview.js";
import * as fronts from "./games.js";
import * as I from "./icons.js";
import * as keyboard from "./keyboard.js";

const P = new URLSearchParams(location.search);
initLang(P.get("lang"), false);
const AUTO_HINT = P.get("hint") === "1" || P.get("hint") === "true";

const root = document.getElementById("embed");
const bar = document.getElementById("embed-bar");
const help = document.getElementById("help");
const post = (msg) => {
  try {
    if (parent !== window) parent.postMessage(msg, "*");
  } catch {
    /* cross-origin parents still get it */
  }
};

function fail(reason) {
  bar.innerHTML = "";
  root.innerHTML = messageHTML(t("error"), reason, false);
  setReady();
  document.documentElement.dataset.error = "true";
  post({ type: "pgc-error", message: reason });
}

function decodeSave(raw) {
  const s = raw.trim();
  if (s.startsWith("{")) return s;
  try {
    return b64urlDecode(s);
  } catch {
    return s; // let the engine say why it is not a save
  }
}

async function getSaveText() {
  if (P.has("save")) return decodeSave(P.get("save"));
  if (P.has("replay")) {
    const url = new URL(P.get("replay"), location.href);
    if (url.origin !== location.origin) throw new Error("replay must be a file of this site");
    const r = await fetch(url.href);
    if (!r.ok) throw new Error(`could not fetch ${P.get("replay")} (HTTP ${r.status})`);
    return r.text();
  }
  return null;
}

async function main() {
  // the game's front end downloads while the engine boots, when the address names the game
  if (P.has("game") && fronts.manifest(P.get("game"))) fronts.load(P.get("game")).catch(() => {});
  let pgc;
  try {
    pgc = await engine();
  } catch (err) {
    fail(String(err && err.message ? err.message : err));
    return;
  }
  const cat = pgc.call("catalog", {});
  const catalog = cat.ok ? cat.result : { games: [] };
  let text = null;
  try {
    text = await getSaveText();
  } catch (err) {
    fail(t("bad_url", { reason: err.message }));
    return;
  }
  const sid = `embed-${Math.random().toString(36).slice(2)}`;
  const seatParam = P.has("seat") ? intOrRaw(P.get("seat")) : 0;
  if (P.has("seat") && typeof seatParam !== "number") {
    fail(t("bad_url", { reason: `seat must be a seat number, not ${JSON.stringify(P.get("seat"))}` }));
    return;
  }
  let reply;
  let doc = null;
  if (text != null) {
    const r = pgc.call("load", { sid, text, seat: seatParam, lang: document.documentElement.lang });
    if (!r.ok) return fail(t("bad_url", { reason: r.error.message }));
    reply = r.result;
    try {
      doc = JSON.parse(text);
    } catch {
      /* the engine parsed it */
    }
  } else {
    if (!P.has("game")) return fail(t("bad_url", { reason: "missing game=<id> (or save=/replay=)" }));
    let options = {};
    if (P.has("options")) {
      try {
        options = JSON.parse(P.get("options"));
      } catch (err) {
        return fail(t("bad_url", { reason: `options is not valid JSON (${err.message})` }));
      }
    }
    const g = catalog.games.find((x) => x.id === P.get("game"));
    const args = {
      sid,
      game: P.get("game"),
      players: P.has("players") ? intOrRaw(P.get("players")) : g ? g.min_players : 2,
      seed: P.has("seed") ? intOrRaw(P.get("seed")) : 0,
      options,
      seat: seatParam,
      lang: document.documentElement.lang,
    };
    const r = pgc.call("new", args);
    if (!r.ok) return fail(t("bad_url", { reason: r.error.message }));
    reply = r.result;
  }
  const view = reply.view;
  if (seatParam < 0 || seatParam >= view.players)
    return fail(t("bad_url", { reason: `no seat ${seatParam} in a ${view.players}-player game` }));
  const gameId = view.game;
  const g = catalog.games.find((x) => x.id === gameId);
  const title = g ? pick(g.names) : gameId;
  let front;
  try {
    front = await fronts.load(gameId);
  } catch (err) {
    return fail(String(err && err.message ? err.message : err));
  }

  if (P.get("step") === "1" || P.get("step") === "true") {
    // step mode shows the view of `seat`, or the public view when the address names none
    return stepper(
      pgc,
      sid,
      text != null ? doc : null,
      reply,
      P.has("seat") ? seatParam : null,
      title,
      front,
    );
  }

  const seats =
    P.has("bots") || !doc ? seatsFromParams(P, view.players, seatParam, g) : seatsOf(doc, view.players);
  const badKind = P.has("bots") ? badSeatKind(seats, g) : null;
  if (badKind) return fail(t("bad_url", { reason: `bots: ${badKind}` }));
  if (doc && !P.has("bots")) {
    // a save's own seats, but the embed decides who is human: `seat` (default 0)
    seats.forEach((s, i) => {
      if (i === seatParam) s.kind = "human";
      else if (s.kind === "human") s.kind = "heuristic";
    });
  }
  let last = null;
  let announced = false; // pgc-state only after pgc-ready: the first position is part of "ready"
  const thinker = new Thinker(pgc, sid, gameId);
  window.pgcThinker = thinker;
  const session = new Session(pgc, {
    sid,
    seats,
    thinker,
    speed: SPEEDS[P.get("speed")] != null ? P.get("speed") : "normal",
    onUpdate: () => gv.render(),
    onPlayed: (p) => gv.played(p),
    onError: (e) => gv.error(e),
  });
  const gv = new GameView(root, session, {
    front,
    compact: true,
    onChange: (v) => {
      const sig = `${v.actions_played}/${v.over}`;
      if (sig !== last) {
        last = sig;
        if (announced) post({ type: "pgc-state", actions_played: v.actions_played, over: v.over });
      }
    },
  });
  const kb = keyboard.install(gv, help);
  renderBar(
    title,
    null,
    () => {
      session.refresh();
      gv.lastMsg = "";
      gv.build();
      gv.render();
    },
    kb,
  );
  session.begin(reply);
  gv.render();
  setReady();
  post({
    type: "pgc-ready",
    game: gameId,
    seat: seatParam,
    mode: "play",
    actions_played: session.reply.view.actions_played,
  });
  announced = true;
  window.pgcGame = { session, view: gv };
  if (seats.some((x) => x.kind !== "human")) startWhenIdle(thinker);
  if (AUTO_HINT) autoHint(gv);
}

/** hint=1: the hint for the position shown, as soon as the seat decides there (once per position). */
function autoHint(gv) {
  let asked = null;
  const tryNow = () => {
    const v = gv.s.reply && gv.s.reply.view;
    const key = v ? `${v.seat}/${v.actions_played}` : null;
    if (key && key !== asked && gv.canHint()) {
      asked = key;
      gv.askHint();
    }
  };
  const onChange = gv.opts.onChange;
  gv.opts.onChange = (v) => {
    if (onChange) onChange(v);
    setTimeout(tryNow, 0);
  };
  tryNow();
}

function renderBar(title, stepHTML, onLang, kb) {
  document.getElementById("embed-title").textContent = title;
  const draw = () => {
    bar.innerHTML =
      `<span class="title">${esc(title)}</span>${stepHTML ? stepHTML() : ""}` +
      `<button type="button" class="btn ghost" id="help-btn" data-testid="help" aria-keyshortcuts="?">?<span class="sr-only">${esc(t("help"))}</span></button>` +
      langSelectHTML("embed-lang");
  };
  draw();
  bar.addEventListener("change", (e) => {
    if (e.target.id !== "embed-lang") return;
    setLang(e.target.value, false);
    draw();
    onLang();
  });
  bar.addEventListener("click", (e) => {
    if (e.target.closest("#help-btn") && kb) kb.openHelp();
  });
  return draw;
}

/**
 * Read-only stepping through a save's actions: the engine keeps the loaded action list and "step"
 * moves the session along it (doc is null for a game opened with game=…: nothing to step through).
 */
function stepper(pgc, sid, doc, first, seat, title, front) {
  const total = doc && Array.isArray(doc.actions) ? doc.actions.length : 0;
  const players = first.view.players;
  let at = Math.max(0, Math.min(total, Number(P.get("at") ?? 0) || 0));
  const fake = { seats: seatsOf(doc, players).map((x) => ({ kind: "human", name: x.name })) };
  // a hint for the position stepped to, searched from `seat`'s view in the bot worker
  const thinker = seat != null ? new Thinker(pgc, sid, first.view.game) : null;
  if (thinker) window.pgcThinker = thinker;
  const session = {
    ...fake,
    reply: first,
    viewer: seat,
    passTo: null,
    thinking: null,
    running: false,
    speed: "fast",
    canUndo: () => false,
    skip() {},
    act: () => ({ ok: false }),
    undo: () => ({ ok: false }),
    reveal() {},
    refresh() {
      return go(at);
    },
    hint: thinker
      ? async () => {
          const held = session.reply;
          const args = { seat, n: HINT_MOVES, lang: document.documentElement.lang };
          const r =
            (await thinker.ask("hint", { ...args, budget_ms: HINT_MS })) ??
            pgc.call("hint", { sid, ...args, budget_ms: HINT_PAGE_MS });
          return session.reply === held ? r : null;
        }
      : undefined,
  };
  const gv = new GameView(root, session, { front, compact: true, readOnly: true });
  const go = (k) => {
    at = Math.max(0, Math.min(total, k));
    const r = doc
      ? pgc.call("step", { sid, to: at, seat, lang: document.documentElement.lang })
      : pgc.call("view", { sid, seat, lang: document.documentElement.lang });
    if (!r.ok) {
      gv.error(r.error);
      return false;
    }
    session.reply = r.result;
    // the last action as this viewer may read it (webapi step "played"): another seat's sealed bid is
    // the log's redacted line, which names its seat; the viewer's own action has its label
    const p = r.result.played;
    gv.lastMsg = !p
      ? ""
      : p.action == null
        ? gv.subNames(p.label || "")
        : t("bot_did", { name: gv.names()[p.seat], label: gv.subNames(p.label || p.action.type || "") });
    gv.render();
    draw();
    if (announced) post({ type: "pgc-state", actions_played: at, over: !!r.result.view.over });
    return true;
  };
  const stepHTML = () =>
    `<span class="stepper" role="group" aria-label="${esc(t("step_of", { n: at, total }))}">` +
    `<button type="button" class="btn" data-step="first" data-testid="step-first"${at === 0 ? " disabled" : ""}>${I.first}<span>${esc(t("embed_first"))}</span></button>` +
    `<button type="button" class="btn" data-step="prev" data-testid="step-prev"${at === 0 ? " disabled" : ""}>${I.prev}<span>${esc(t("embed_prev"))}</span></button>` +
    `<span class="pos" data-testid="step-pos" aria-live="polite">${esc(t("step_of", { n: at, total }))}</span>` +
    `<button type="button" class="btn" data-step="next" data-testid="step-next"${at >= total ? " disabled" : ""}><span>${esc(t("embed_next"))}</span>${I.next}</button>` +
    `<button type="button" class="btn" data-step="last" data-testid="step-last"${at >= total ? " disabled" : ""}><span>${esc(t("embed_last"))}</span>${I.last}</button></span>` +
    (thinker
      ? `<button type="button" class="btn" data-step-hint="1" data-testid="hint" aria-keyshortcuts="h" title="${esc(t("hint_ask"))}"${gv.canHint() ? "" : " disabled"}>${I.bulb}<span>${esc(t("hint"))}</span></button>`
      : "");
  const kb = keyboard.install(gv, help);
  const draw = renderBar(
    title,
    stepHTML,
    () => {
      gv.build();
      go(at);
    },
    kb,
  );
  bar.addEventListener("click", (e) => {
    if (e.target.closest("[data-step-hint]")) {
      gv.askHint();
      return;
    }
    const b = e.target.closest("[data-step]");
    if (!b || b.disabled) return;
    const to = { first: 0, prev: at - 1, next: at + 1, last: total }[b.dataset.step];
    go(to);
    const same = bar.querySelector(`[data-step="${b.dataset.step}"]`);
    (same && !same.disabled ? same : bar.querySelector("[data-step]:not([disabled])"))?.focus();
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowRight") go(at + 1);
    else if (e.key === "ArrowLeft") go(at - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(total);
  });
  let announced = false;
  go(at);
  setReady();
  post({ type: "pgc-ready", game: first.view.game, seat, mode: "step", actions_played: at });
  announced = true;
  if (thinker && AUTO_HINT) autoHint(gv);
}

main();
