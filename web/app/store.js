// Saved games in localStorage.
//
//   pgc.save.<id>  the engine's save JSON text, exactly as the engine returned it (never re-serialised:
//                  seeds may exceed 2^53). Its "meta" (set once at "new") holds seats, created, lang.
//   pgc.index      {<id>: {game, players, names, created, updated, actions, phase, over}} — a cache for
//                  the home page list; rebuilt from the pgc.save.* keys when missing or damaged.
//
// Every write may throw (quota exceeded): callers get {ok:false, reason} and keep the game in memory.

const PREFIX = "pgc.save.";
const INDEX = "pgc.index";

export const saveKey = (id) => PREFIX + id;

export function newId() {
  const rnd = Math.random().toString(36).slice(2, 8);
  return `${Date.now().toString(36)}${rnd}`;
}

function readIndex() {
  try {
    const doc = JSON.parse(localStorage.getItem(INDEX) || "{}");
    return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : {};
  } catch {
    return {};
  }
}

function writeIndex(idx) {
  localStorage.setItem(INDEX, JSON.stringify(idx));
}

/** Ids of every stored save (from the keys, so a lost index loses nothing). */
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

/** [{id, text, entry}] newest first; entry is the index summary (may be {} for orphans). */
export function list() {
  const idx = readIndex();
  const out = listIds().map((id) => {
    let text = null;
    try { text = localStorage.getItem(saveKey(id)); } catch { /* blocked */ }
    return { id, text, entry: idx[id] || {} };
  });
  out.sort((a, b) => (b.entry.updated || 0) - (a.entry.updated || 0) || (a.id < b.id ? 1 : -1));
  return out;
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
 * Store a save text and its summary. Returns {ok: true} or {ok: false, reason: "quota"|"error", error}.
 * The index entry is written after the save; a failure of the index alone still counts as saved.
 */
export function put(id, text, summary) {
  try {
    localStorage.setItem(saveKey(id), text);
  } catch (error) {
    return { ok: false, reason: isQuota(error) ? "quota" : "error", error };
  }
  try {
    const idx = readIndex();
    idx[id] = { ...(idx[id] || {}), ...summary, updated: Date.now() };
    writeIndex(idx);
  } catch { /* the save itself is stored; the list rebuilds its summary */ }
  return { ok: true };
}

/** Update only the summary (e.g. after the home page re-checked a save). */
export function touchSummary(id, summary) {
  try {
    const idx = readIndex();
    idx[id] = { ...(idx[id] || {}), ...summary };
    writeIndex(idx);
  } catch { /* not essential */ }
}

export function remove(id) {
  try { localStorage.removeItem(saveKey(id)); } catch { /* ignore */ }
  try {
    const idx = readIndex();
    delete idx[id];
    writeIndex(idx);
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
