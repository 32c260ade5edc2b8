// The boot snapshot as shipped is a DIFFERENCE from the wasm's own initial memory: build.py XORs the
// bytes of every active data segment of pyodide.asm.wasm into the saved heap, so the ~3.8 MB of static
// data that CPython barely changed turns into zeros (the .gz shrinks by about 1.4 MB). This module undoes
// that with the wasm's bytes. Used by runtime/pyodide-snapshot.mjs in the page, and by build.py in Node
// to check that it gives back the saved snapshot byte for byte. No DOM, no fetch: pure functions.
//
// File (after gunzip), little-endian:
//   u32 MAGIC "pgcd" | u32 VERSION | u32 xorEnd | u32 checksum | 32 bytes sha256 of the rebuilt snapshot
//   then Pyodide's snapshot (its header, then the heap with the data segments XORed into [0, xorEnd)).
// checksum = FNV-1a over the u32 words of the rebuilt heap's [0, xorEnd): the page checks it (cheaply)
// so that a wasm other than the one the delta was made against is refused, never booted. The sha256 is
// for build.py and the tests (the gzip CRC already covers the rest of the file in the page).

export const MAGIC = 0x64636770; // "pgcd"
export const VERSION = 1;
export const HEADER = 48;

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at.i++];
    if (b === undefined) throw new Error("wasm: truncated LEB128");
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return value;
  }
}

function sleb32(bytes, at) {
  let value = 0;
  let shift = 0;
  let b;
  do {
    b = bytes[at.i++];
    if (b === undefined) throw new Error("wasm: truncated LEB128");
    value |= (b & 0x7f) << shift;
    shift += 7;
  } while (b >= 0x80);
  if (shift < 32 && b & 0x40) value |= -1 << shift;
  return value >>> 0;
}

/** The active data segments of a wasm module: [{offset, start, end}] (start/end index `wasm`). */
export function dataSegments(wasm) {
  if (wasm.length < 8 || wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) {
    throw new Error("not a wasm module");
  }
  const at = { i: 8 };
  const segments = [];
  while (at.i < wasm.length) {
    const id = wasm[at.i++];
    const size = leb(wasm, at);
    const end = at.i + size;
    if (id === 11) {
      for (let n = leb(wasm, at); n > 0; n--) {
        const flags = leb(wasm, at);
        if (flags === 1) { // passive: not part of the initial memory
          at.i += leb(wasm, at);
          continue;
        }
        if (flags === 2 && leb(wasm, at) !== 0) throw new Error("wasm: data segment of another memory");
        if (flags > 2) throw new Error(`wasm: data segment flags ${flags}`);
        if (wasm[at.i++] !== 0x41) throw new Error("wasm: data segment offset is not an i32.const");
        const offset = sleb32(wasm, at);
        if (wasm[at.i++] !== 0x0b) throw new Error("wasm: data segment offset expression too long");
        const length = leb(wasm, at);
        segments.push({ offset, start: at.i, end: at.i + length });
        at.i += length;
      }
    }
    at.i = end;
  }
  if (at.i !== wasm.length) throw new Error("wasm: truncated section");
  return segments;
}

/** FNV-1a over the u32 words of bytes[from, from + length) (length a multiple of 4). */
export function checksum(bytes, from, length) {
  const words = (bytes.byteOffset + from) % 4 === 0
    ? new Uint32Array(bytes.buffer, bytes.byteOffset + from, length / 4)
    : new Uint32Array(bytes.slice(from, from + length).buffer);
  let h = 0x811c9dc5;
  for (let k = 0; k < words.length; k++) h = Math.imul(h ^ words[k], 0x01000193);
  return h >>> 0;
}

/**
 * The Pyodide snapshot rebuilt IN PLACE from `delta` (the inflated .gz) and the wasm's bytes: a view of
 * `delta` past its own header, ready for loadPyodide({_loadSnapshot}). Throws if either is not the one
 * the other was made with.
 */
export function rebuildSnapshot(delta, wasm) {
  if (delta.length < HEADER + 8) throw new Error("snapshot delta too short");
  const view = new DataView(delta.buffer, delta.byteOffset, delta.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new Error("not a snapshot delta (magic number)");
  if (view.getUint32(4, true) !== VERSION) throw new Error(`snapshot delta version ${view.getUint32(4, true)}`);
  const xorEnd = view.getUint32(8, true);
  const expected = view.getUint32(12, true);
  const heap = HEADER + view.getUint32(HEADER + 4, true); // Pyodide's header length is its 2nd u32
  if (xorEnd % 4 !== 0 || heap + xorEnd > delta.length) throw new Error("snapshot delta: bad data range");
  for (const { offset, start, end } of dataSegments(wasm)) {
    if (offset + (end - start) > xorEnd) throw new Error("the wasm has data beyond the snapshot delta's range");
    const base = heap + offset - start;
    for (let i = start; i < end; i++) delta[base + i] ^= wasm[i];
  }
  if (checksum(delta, heap, xorEnd) !== expected) {
    throw new Error("the snapshot delta was made against another pyodide.asm.wasm (checksum)");
  }
  return delta.subarray(HEADER);
}
