// Shared helpers of the pages: engine access, save summaries, base64url, small DOM bits.

import { ready } from "../runtime/boot.js";
import { t, pick, esc } from "./i18n.js";

/** The engine door once booted (rejects when the runtime could not start). */
export const engine = () => ready;

export function setReady() {
  document.documentElement.dataset.ready = "true";
}

/**
 * A reply's public summary line as a Text ({en, zh-Hant, zh-Hans} or a plain string): the engine's
 * "summary.text" when it gives one, else the view's phase name and its place on the track.
 */
function summaryText(reply) {
  const s = reply.summary;
  if (s && s.text) return s.text;
  const ph = reply.view.phase;
  if (!ph || !ph.name) return "";
  const name = ph.name;
  const pos =
    ph.index != null && ph.track && ph.track.length && !reply.view.over
      ? ` (${Math.min(ph.index + 1, ph.track.length)}/${ph.track.length})`
      : "";
  if (typeof name === "string") return name + pos;
  return Object.fromEntries(Object.entries(name).map(([l, x]) => [l, x + pos]));
}

/**
 * Why a save loads only with a change (webapi load's `cause`): "version" (saved by another version of the
 * site), "build" (this version, other rules) or "damaged" (changed or damaged since it was saved). An
 * entry stored before the engine said so is told apart by its engine version: never "older" when it is
 * the current one.
 */
export function oldCause(old, now) {
  if (old && (old.cause === "version" || old.cause === "build" || old.cause === "damaged")) return old.cause;
  return old && old.version && now && old.version !== now ? "version" : "damaged";
}

/** The saved-games list entry of a game (store.js "pgc.sum.<id>"), from an engine reply and the save's envelope. */
export function summaryEntry(reply, doc) {
  const v = reply.view;
  const s = reply.summary || {};
  const ld = reply.load;
  return {
    ...(ld && ld.status && ld.status !== "ok"
      ? {
          old: {
            status: ld.status,
            at: ld.at ?? null,
            version: (doc && doc.engine_version) || null,
            cause: ld.cause || null,
          },
        }
      : {}),
    game: v.game,
    players: v.players,
    seats: seatsOf(doc, v.players),
    created: (doc && doc.meta && doc.meta.created) || null,
    options: v.options || {},
    summary: {
      text: summaryText(reply),
      players: v.players,
      actions_played: s.actions_played ?? v.actions_played,
      over: !!(s.over ?? v.over),
      winners: s.winners || (v.scores && v.scores.winners) || [],
    },
  };
}

/** Longest seat name, in characters (code points). */
export const NAME_MAX = 40;

// Control characters (C0, DEL, C1), bidirectional overrides, embeddings, isolates and marks, line and
// paragraph separators and the byte-order mark: none belongs in a name, and the bidi ones make one
// read as another ("\u202Eevil" shows as "live").
// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is its purpose
const NAME_DROP = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A player's name as the site keeps and shows it: text without control or bidi-control characters,
 * runs of spaces as one, trimmed, at most NAME_MAX characters. Every way a name comes in (the
 * new-game form, an imported or stored save, a URL) goes through here; the engine does the same
 * for a new game's meta (webapi clean_name).
 */
export function cleanName(raw) {
  if (typeof raw !== "string") return "";
  const s = raw.normalize("NFC").replace(NAME_DROP, "").replace(/\s+/g, " ").trim();
  const chars = Array.from(s);
  return chars.length > NAME_MAX ? chars.slice(0, NAME_MAX).join("").trim() : s;
}

/** Seats of a save's meta, or defaults (seat 0 human, the rest human too: nothing is assumed). */
export function seatsOf(doc, players) {
  const seats = doc && doc.meta && Array.isArray(doc.meta.seats) ? doc.meta.seats : [];
  return Array.from({ length: players }, (_, i) => {
    const s = seats[i] || {};
    return { kind: typeof s.kind === "string" ? s.kind : "human", name: cleanName(s.name) };
  });
}

/** Largest save file the home page imports (a long game's save is well under 1 MB). */
export const IMPORT_LIMIT = 2 * 1024 * 1024;

/** Byte size in words ("2.0 MB", "640 KB"). */
export const fmtSize = (n) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

/** The seat kinds a game accepts: "human" and its bots (from the engine catalog). */
export const seatKindsOf = (game) => ["human", ...((game && game.bots) || [])];

/** A clear reason when a seat kind is not one the game knows, else null. */
export function badSeatKind(seats, game) {
  const kinds = seatKindsOf(game);
  const bad = seats.find((s) => !kinds.includes(s.kind));
  return bad ? `unknown seat kind ${JSON.stringify(bad.kind)} (use ${kinds.join(", ")})` : null;
}

/**
 * Seats from URL parameters: `bots=human,heuristic,..` (one kind per seat) or `bots=random` (every
 * seat but `seat`), `names=Ann,Bob`. Without `bots`, every seat but `seat` is the game's best bot.
 */
export function seatsFromParams(params, players, seat, game) {
  const list = (params.get("bots") || "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  const names = (params.get("names") || "").split(",");
  const bots = (game && game.bots) || ["random"];
  const fallback = bots.includes("heuristic") ? "heuristic" : bots[0] || "random";
  return Array.from({ length: players }, (_, i) => {
    let kind;
    if (list.length > 1) kind = list[i] || fallback;
    else kind = i === seat ? "human" : list[0] || fallback;
    if (kind === "bot") kind = fallback;
    return { kind, name: cleanName(names[i]) };
  });
}

/**
 * A URL parameter as a number when it is all digits (the engine checks ranges), else the raw text.
 * Digits beyond 2^53 (seeds go up to 2^63-1) would round as a JS number and silently start another
 * game: they reach the engine exactly as raw JSON, or as text that the engine then refuses by name.
 */
export const intOrRaw = (s) => {
  if (s == null || !/^\d+$/.test(s)) return s;
  const n = Number(s);
  if (Number.isSafeInteger(n)) return n;
  return typeof JSON.rawJSON === "function" ? JSON.rawJSON(s.replace(/^0+(?=\d)/, "")) : s;
};

/** JSON.parse keeping integers beyond 2^53 exact (as raw JSON for the engine) where the browser can. */
export function parseExact(text) {
  return JSON.parse(text, (key, value, ctx) =>
    typeof value === "number" &&
    !Number.isSafeInteger(value) &&
    ctx &&
    typeof ctx.source === "string" &&
    /^\d+$/.test(ctx.source) &&
    typeof JSON.rawJSON === "function"
      ? JSON.rawJSON(ctx.source)
      : value,
  );
}

export function b64urlDecode(s) {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function b64urlEncode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A full-page message (error) with an optional link home. */
export function messageHTML(title, text, homeLink = true) {
  return (
    `<div class="fatal" role="alert" data-testid="error-banner"><h1>${esc(title)}</h1><p>${esc(text)}</p>` +
    (homeLink
      ? `<p><a class="btn primary" href="./index.html" data-testid="home-link">${esc(t("back_home"))}</a></p>`
      : "") +
    `</div>`
  );
}

export const fmtDate = (ms) => {
  if (!ms) return "—";
  try {
    return new Date(ms).toLocaleString(document.documentElement.lang || undefined, {
      dateStyle: "medium",
      timeStyle: "short",
    });
  } catch {
    return new Date(ms).toLocaleString();
  }
};

export const gameName = (catalog, id) => {
  const g = catalog && catalog.games.find((x) => x.id === id);
  return g ? pick(g.names) : id;
};

/** Random seed below 2^31 (kept exact through JSON in any language). */
export const randomSeed = () => Math.floor(Math.random() * 2 ** 31);

/** When a newer build took over (runtime/boot.js dispatches "pgc-update"), offer a reload. */
export function installUpdateNotice() {
  document.addEventListener("pgc-update", () => {
    if (document.getElementById("update-notice")) return;
    const div = document.createElement("div");
    div.id = "update-notice";
    div.className = "update-notice";
    div.setAttribute("role", "status");
    div.innerHTML = `<span>${esc(t("update_ready"))}</span><button type="button" class="btn small">${esc(t("reload"))}</button>`;
    div.querySelector("button").addEventListener("click", () => location.reload());
    document.body.append(div);
  });
}
