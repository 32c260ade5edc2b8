// Saved games in localStorage.
//
//   pgc.save.<id>  the engine's save JSON text, exactly as the engine returned it (never re-serialised:
//                  seeds may exceed 2^53). Its "meta" (set once at "new") holds seats, created, lang.
//   pgc.sum.<id>   the save's public summary, written next to it on every save (format 2):
//                  {v: 2, game, players, seats: [{kind, name}], created, updated, options,
//                   summary: {text, players, actions_played, over, winners}}
//                  or {v: 2, game, updated, damaged: reason} for a save the engine refused.
//                  The home page lists saves from these alone: it never replays a save that has one.
//   pgc.index      format 1 (older builds): one object {<id>: {game, players, updated, ...}} for every
//                  save. Read only to migrate (its "updated" dates), deleted once every save has a
//                  pgc.sum.<id>. Save texts are never touched by the migration.
//
// Every write may throw (quota exceeded): callers get {ok:false, reason} and keep the game in memory.

const PREFIX = "pgc.save.";
const SUM = "pgc.sum.";
const LEGACY_INDEX = "pgc.index";
export const SUMMARY_FORMAT = 2;

export const saveKey = (id) => PREFIX + id;
const sumKey = (id) => SUM + id;

export function newId() {
  const rnd = Math.random().toString(36).slice(2, 8);
  return `${Date.now().toString(36)}${rnd}`;
}

function readJSON(key) {
  try {
    const doc = JSON.parse(localStorage.getItem(key) || "null");
    return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : null;
  } catch {
    return null;
  }
}

/** Ids of every stored save (from the keys, so nothing else can lose one). */
export function listIds() {
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(PREFIX)) ids.push(k.slice(PREFIX.length));
    }
  } catch { /* storage blocked */ }
  return ids;
}

/** A save's summary entry when it is in the current format, else null (missing, older or damaged JSON). */
export function getSummary(id) {
  const e = readJSON(sumKey(id));
  return e && e.v === SUMMARY_FORMAT ? e : null;
}

/** [{id, entry}] newest first; entry is the save's summary, or null when it has none yet (to migrate). */
export function list() {
  const out = listIds().map((id) => ({ id, entry: getSummary(id) }));
  const when = (x) => (x.entry && x.entry.updated) || 0;
  out.sort((a, b) => when(b) - when(a) || (a.id < b.id ? 1 : -1));
  return out;
}

/** The format-1 index entry of a save (older builds), or {}: only its "updated" date is still used. */
export function legacyEntry(id) {
  const idx = readJSON(LEGACY_INDEX);
  return (idx && idx[id] && typeof idx[id] === "object") ? idx[id] : {};
}

/** Delete the format-1 index once every save has a current summary (nothing left to migrate). */
export function dropLegacyIndex() {
  try {
    if (localStorage.getItem(LEGACY_INDEX) == null) return;
    if (listIds().every((id) => getSummary(id))) localStorage.removeItem(LEGACY_INDEX);
  } catch { /* kept for the next visit */ }
}

export function getText(id) {
  try {
    return localStorage.getItem(saveKey(id));
  } catch {
    return null;
  }
}

/** Parse a save text's envelope without the engine (for labels); null when not JSON. */
export function peek(text) {
  try {
    const doc = JSON.parse(text);
    return doc && typeof doc === "object" ? doc : null;
  } catch {
    return null;
  }
}

/**
 * Store a save text and its summary entry. Returns {ok: true} or {ok: false, reason: "quota"|"error", error}.
 * The summary is written after the save; a failure of the summary alone still counts as saved (the
 * home page then rebuilds it from the save, once).
 */
export function put(id, text, entry) {
  try {
    localStorage.setItem(saveKey(id), text);
  } catch (error) {
    return { ok: false, reason: isQuota(error) ? "quota" : "error", error };
  }
  setSummary(id, { ...entry, updated: Date.now() });
  return { ok: true };
}

/** Write only the summary entry (the home page's migration, or after a check). */
export function setSummary(id, entry) {
  try {
    localStorage.setItem(sumKey(id), JSON.stringify({ ...entry, v: SUMMARY_FORMAT }));
    return true;
  } catch {
    try { localStorage.removeItem(sumKey(id)); } catch { /* ignore */ } // never leave a stale one
    return false;
  }
}

export function remove(id) {
  try { localStorage.removeItem(saveKey(id)); } catch { /* ignore */ }
  try { localStorage.removeItem(sumKey(id)); } catch { /* ignore */ }
  try {
    const idx = readJSON(LEGACY_INDEX);
    if (idx && id in idx) {
      delete idx[id];
      localStorage.setItem(LEGACY_INDEX, JSON.stringify(idx));
    }
  } catch { /* ignore */ }
}

function isQuota(e) {
  return e && (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22 || e.code === 1014);
}

/** Offer a text as a file download. */
export function download(filename, text) {
  const blob = new Blob([text], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// ------------------------------------------------------------------ preferences

export function pref(name, fallback) {
  try {
    const v = localStorage.getItem(`pgc.pref.${name}`);
    return v == null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

export function setPref(name, value) {
  try { localStorage.setItem(`pgc.pref.${name}`, JSON.stringify(value)); } catch { /* ignore */ }
}
