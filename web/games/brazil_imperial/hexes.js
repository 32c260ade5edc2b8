// Brazil: Imperial's hexes by name (issue 19: readable hex names). Each map of data.js lists its hexes
// as [q, r, terrain, name], row by row; a hex's name is its row's letter (A at the top, drawn at both
// ends of the row) and its place in the row from the left ("D4", drawn on the hex), as the engine's
// labels and log name it (data.Geometry.names). The view does not repeat the terrain: it is static.

import DATA from "./data.js";

const MAPS = new Map(); // map key -> Map(hex -> {q, r, terrain, name})

/** The hexes of a map key: hex ("q,r") -> {q, r, terrain, name}, built once per map. */
export function hexesOf(mapKey) {
  let m = MAPS.get(mapKey);
  if (!m) {
    m = new Map();
    for (const [q, r, terrain, name] of DATA.maps[mapKey] || []) m.set(`${q},${r}`, { q, r, terrain, name });
    MAPS.set(mapKey, m);
  }
  return m;
}

/** A hex's name ("D4"), else its key. */
export const hexName = (mapKey, h) => (hexesOf(mapKey).get(h) || {}).name || h;

/** A hex's terrain as the map draws it ("plains" when unknown). */
export const hexTerrain = (mapKey, h) => (hexesOf(mapKey).get(h) || {}).terrain || "plains";

/** Each row's letter with its first and last hex: [{letter, r, first: [q, r], last: [q, r]}]. */
export function rowsOf(mapKey) {
  const rows = new Map();
  for (const [q, r, , name] of DATA.maps[mapKey] || []) {
    const row = rows.get(r);
    if (!row) rows.set(r, { letter: name.replace(/[0-9]+$/, ""), r, first: [q, r], last: [q, r] });
    else row.last = [q, r];
  }
  return [...rows.values()];
}
