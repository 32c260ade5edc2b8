// Saved games in localStorage.
//
//   pgc.save.<id>  the game's base: the engine's save JSON text, exactly as the engine returned it (never
//                  re-serialised: seeds may exceed 2^53). Its "meta" (set once at "new") holds seats,
//                  created, lang. A finished game's text is stored packed (see pack below): "Z1:<bytes>:"
//                  then its raw-deflate bytes, 15 bits per UTF-16 code unit.
//   pgc.tail.<id>  the moves since the base (written after every move; webapi "journal"): the engine's
//                  text {v: 1, base: [n, checksum], from: k, actions: [...]}: the game is the base's first
//                  k actions, then these. A tail of another base is left out on load (the base was
//                  stored after it, with its moves). Absent when the base is the game as it stands.
//   pgc.sum.<id>   the save's public summary, written next to it on every save (format 2):
//                  {v: 2, game, players, seats: [{kind, name}], created, updated, options,
//                   summary: {text, players, actions_played, over, winners}}
//                  or {v: 2, game, updated, damaged: reason} for a save the engine refused.
//                  The home page lists saves from these alone: it never replays a save that has one.
//                  A save that the current rules load only with a change ("stale" or "broken_at", see
//                  webapi load) gets {..., old: {status, at}}: its text stays untouched until the
//                  player accepts to continue under the current rules.
//   pgc.orig.<id>  the original text of such a save, kept after the player accepted (the game under
//                  the current rules is then pgc.save.<id>); exportable until the player deletes it.
//   pgc.index      format 1 (older builds): one object {<id>: {game, players, updated, ...}} for every
//                  save. Read only to migrate (its "updated" dates), deleted once every save has a
//                  pgc.sum.<id>. Save texts are never touched by the migration.
//
// Every write may throw (quota exceeded): callers get {ok:false, reason} and keep the game in memory.
// The base and its tail are each one setItem, so a page closed at any moment leaves a base and either
// its tail or a tail the load leaves out: never a game that does not load, never a stored move lost.

const PREFIX = "pgc.save.";
const TAIL = "pgc.tail.";
const SUM = "pgc.sum.";
const ORIG = "pgc.orig.";
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
  } catch {
    /* storage blocked */
  }
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
  return idx && idx[id] && typeof idx[id] === "object" ? idx[id] : {};
}

/** Delete the format-1 index once every save has a current summary (nothing left to migrate). */
export function dropLegacyIndex() {
  try {
    if (localStorage.getItem(LEGACY_INDEX) == null) return;
    if (listIds().every((id) => getSummary(id))) localStorage.removeItem(LEGACY_INDEX);
  } catch {
    /* kept for the next visit */
  }
}

export function getText(id) {
  try {
    return localStorage.getItem(saveKey(id));
  } catch {
    return null;
  }
}

/** The stored tail of save `id` (its moves since the base), or null. */
export function getTail(id) {
  try {
    return localStorage.getItem(TAIL + id);
  } catch {
    return null;
  }
}

/**
 * A save as stored: {text, tail}, the base's text unpacked, or null when there is none. Rejects when a
 * packed base cannot be read back (damaged, or a browser without DecompressionStream).
 */
export async function read(id) {
  const value = getText(id);
  if (value == null) return null;
  return { text: await unpack(value), tail: getTail(id) };
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
  const res = putBase(id, text);
  if (res.ok) setSummary(id, { ...entry, updated: Date.now() });
  return res;
}

/**
 * Store a new base (a save text, or one packed): then its tail goes, the base holding its moves (a page
 * closed in between leaves a tail of another base, which the load leaves out). {ok} or {ok: false, reason}.
 */
export function putBase(id, text) {
  try {
    localStorage.setItem(saveKey(id), text);
  } catch (error) {
    return { ok: false, reason: isQuota(error) ? "quota" : "error", error };
  }
  removeTail(id);
  return { ok: true };
}

/** Store the moves since the base (the engine's tail text), or remove them (null). {ok} or {ok: false, reason}. */
export function putTail(id, text) {
  if (text == null) {
    removeTail(id);
    return { ok: true };
  }
  try {
    localStorage.setItem(TAIL + id, text);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: isQuota(error) ? "quota" : "error", error };
  }
}

function removeTail(id) {
  try {
    localStorage.removeItem(TAIL + id);
  } catch {
    /* ignore */
  }
}

// ------------------------------------------------------------------ packed saves
//
// A finished game's save no longer changes: it is stored compressed (raw deflate, the browser's
// CompressionStream) and packed 15 bits to a UTF-16 code unit, U+3000..U+AFFF (no surrogate, no
// control character), since localStorage counts code units: "Z1:<byte count>:<units>".

const PACKED = "Z1:";
const UNIT0 = 0x3000;

export const isPacked = (value) => typeof value === "string" && value.startsWith(PACKED);

const through = (data, stream) => new Response(new Blob([data]).stream().pipeThrough(stream));

/** A save text packed, or null when this browser cannot compress. */
export async function pack(text) {
  if (typeof CompressionStream !== "function") return null;
  const bytes = new Uint8Array(await through(text, new CompressionStream("deflate-raw")).arrayBuffer());
  const units = new Uint16Array(Math.ceil((bytes.length * 8) / 15));
  let acc = 0;
  let bits = 0;
  let j = 0;
  for (let i = 0; i < bytes.length; i++) {
    acc = (acc << 8) | bytes[i];
    bits += 8;
    if (bits >= 15) {
      bits -= 15;
      units[j++] = UNIT0 + ((acc >>> bits) & 0x7fff);
      acc &= (1 << bits) - 1;
    }
  }
  if (bits > 0) units[j++] = UNIT0 + ((acc << (15 - bits)) & 0x7fff);
  let out = `${PACKED}${bytes.length}:`;
  for (let i = 0; i < j; i += 8192) out += String.fromCharCode.apply(null, units.subarray(i, i + 8192));
  return out;
}

/** A stored base as its save text (a packed one unpacked). Rejects when it cannot be read back. */
export async function unpack(value) {
  if (!isPacked(value)) return value;
  const colon = value.indexOf(":", PACKED.length);
  const n = Number(value.slice(PACKED.length, colon));
  if (colon < 0 || !Number.isSafeInteger(n) || n < 0) throw new Error("this packed save is corrupt");
  if (typeof DecompressionStream !== "function") throw new Error("this browser cannot read a packed save");
  const bytes = new Uint8Array(n);
  let acc = 0;
  let bits = 0;
  let j = 0;
  for (let i = colon + 1; i < value.length && j < n; i++) {
    const u = value.charCodeAt(i) - UNIT0;
    if (u < 0 || u > 0x7fff) throw new Error("this packed save is corrupt");
    acc = (acc << 15) | u;
    bits += 15;
    while (bits >= 8 && j < n) {
      bits -= 8;
      bytes[j++] = (acc >>> bits) & 0xff;
      acc &= (1 << bits) - 1;
    }
  }
  if (j < n) throw new Error("this packed save is corrupt (cut short)");
  try {
    return await through(bytes, new DecompressionStream("deflate-raw")).text();
  } catch {
    throw new Error("this packed save is corrupt");
  }
}

/**
 * Store a finished game's base packed, if it is still `text`, packing makes it smaller and it reads
 * back to the same text. Its content does not change (the base stays the same): true if packed.
 */
export async function repack(id, text) {
  let packed;
  try {
    packed = await pack(text);
    if (!packed || packed.length >= text.length || (await unpack(packed)) !== text) return false;
  } catch {
    return false;
  }
  try {
    if (localStorage.getItem(saveKey(id)) !== text) return false; // changed meanwhile
    localStorage.setItem(saveKey(id), packed);
    return true;
  } catch {
    return false;
  }
}

/** Write only the summary entry (the home page's migration, or after a check). */
export function setSummary(id, entry) {
  try {
    localStorage.setItem(sumKey(id), JSON.stringify({ ...entry, v: SUMMARY_FORMAT }));
    return true;
  } catch {
    try {
      localStorage.removeItem(sumKey(id));
    } catch {
      /* ignore */
    } // never leave a stale one
    return false;
  }
}

/** Keep the original text of a save that is about to be continued under the current rules. */
export function putOriginal(id, text) {
  try {
    if (localStorage.getItem(ORIG + id) == null) localStorage.setItem(ORIG + id, text);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: isQuota(error) ? "quota" : "error", error };
  }
}

/** The kept original text of save `id`, or null. */
export function getOriginal(id) {
  try {
    return localStorage.getItem(ORIG + id);
  } catch {
    return null;
  }
}

/** Ids of the kept originals. */
export function originalIds() {
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(ORIG)) ids.push(k.slice(ORIG.length));
    }
  } catch {
    /* storage blocked */
  }
  return ids.sort();
}

export function removeOriginal(id) {
  try {
    localStorage.removeItem(ORIG + id);
  } catch {
    /* ignore */
  }
}

export function remove(id) {
  try {
    localStorage.removeItem(saveKey(id));
  } catch {
    /* ignore */
  }
  removeTail(id);
  try {
    localStorage.removeItem(sumKey(id));
  } catch {
    /* ignore */
  }
  try {
    const idx = readJSON(LEGACY_INDEX);
    if (idx && id in idx) {
      delete idx[id];
      localStorage.setItem(LEGACY_INDEX, JSON.stringify(idx));
    }
  } catch {
    /* ignore */
  }
}

function isQuota(e) {
  return (
    e &&
    (e.name === "QuotaExceededError" ||
      e.name === "NS_ERROR_DOM_QUOTA_REACHED" ||
      e.code === 22 ||
      e.code === 1014)
  );
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
  setTimeout(() => {
    URL.revokeObjectURL(a.href);
    a.remove();
  }, 1000);
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
  try {
    localStorage.setItem(`pgc.pref.${name}`, JSON.stringify(value));
  } catch {
    /* ignore */
  }
}
