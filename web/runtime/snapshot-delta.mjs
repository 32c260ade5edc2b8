// The boot snapshot as shipped is a SPARSE DIFFERENCE from the wasm's own initial memory: build.py XORs
// the bytes of every active data segment of pyodide.asm.wasm into the saved heap, so the ~3.8 MB of
// static data that CPython barely changed turns into zeros (its gzip shrank by about 1.4 MB), then leaves
// out every all-zero 4 KiB page of the heap (about 20 of its 31 MB: the receiving array is zero-filled
// already), so the decoder inflates about 11 MB instead of 31. This module undoes both with the wasm's
// bytes. Used by runtime/snapshot-worker.mjs (and by runtime/pyodide-snapshot.mjs where no worker runs),
// and by build.py in Node to check that it gives back the saved snapshot byte for byte. No DOM, no
// fetch: pure functions, usable in a page, any worker or Node (snapshotFromChunks does it all).
//
// Shipped brotli-compressed (build.py, through Node's zlib); decodeBrotli inflates it with the vendored
// brotli-dec-wasm (runtime/brotli/) as it streams in: Chromium's DecompressionStream has no brotli.
//
// File (after brotli), little-endian (build.py's snapshot_delta writes it):
//   u32 MAGIC "pgcd" | u32 VERSION | u32 xorEnd | u32 checksum
//   32 bytes: sha256 of the file's bytes from HEADER to its end (the stamp: what the page checks)
//   32 bytes: sha256 of the rebuilt Pyodide snapshot (for build.py and the tests; the page ignores it)
//   --- HEADER (80) ---
//   u32 length of the rebuilt snapshot | u32 runs | runs x (u32 first page, u32 pages)
//   Pyodide's snapshot header (its own length is its 2nd u32), copied as is
//   the kept pages of the heap (PAGE bytes each, counted from the heap's start; the last page of the
//   heap may be short), run after run, in increasing order; every page not listed is all zeros.
// The heap's first xorEnd bytes are XORed with the wasm's initial memory. checksum = FNV-1a over the u32
// words of the rebuilt heap's [0, xorEnd): checked while undoing the XOR, so that a wasm other than the
// one the delta was made against is refused, never booted. The stamp is checked with WebCrypto
// (checkStamp: it hashes on another thread): brotli has no checksum of its own, so a damaged file is
// caught there; it covers the inflated file (about 11 MB), not the rebuilt 31 MB.

export const MAGIC = 0x64636770; // "pgcd"
export const VERSION = 2;
export const HEADER = 80;
export const PAGE = 4096;

/**
 * The length of the snapshot that the delta whose first bytes are `head` rebuilds (its header says it),
 * or null when `head` is too short or not the header of a delta of this version. For the caller that
 * wants to size the wasm memory before the rest is inflated (runtime/pyodide-snapshot.mjs); the rebuild
 * checks the whole file later.
 */
export function snapshotLength(head) {
  if (head.length < HEADER + 4) return null;
  const view = new DataView(head.buffer, head.byteOffset, HEADER + 4);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== VERSION) return null;
  return view.getUint32(HEADER, true);
}

/**
 * The bytes of a brotli stream, decoded with `brotli` (the brotli-dec-wasm module, initialised) as the
 * chunks of `chunks` (an async iterable of Uint8Array) arrive. Throws on a damaged or truncated stream.
 * `onPart`, if given, is called with each run of bytes as it is decoded.
 */
export async function decodeBrotli(brotli, chunks, onPart) {
  const stream = new brotli.BrotliDecStream();
  const { NeedsMoreOutput, ResultSuccess } = brotli.BrotliStreamResultCode;
  const parts = [];
  let total = 0;
  let code = 0;
  try {
    for await (const chunk of chunks) {
      let offset = 0;
      do {
        if (code === ResultSuccess) throw new Error("brotli: data after the end of the stream");
        const result = stream.dec(chunk.subarray(offset), 1 << 20);
        const buf = result.buf;
        code = result.code;
        offset += result.input_offset;
        result.free();
        if (buf.length) {
          if (onPart) onPart(buf);
          parts.push(buf);
          total += buf.length;
        }
      } while (code === NeedsMoreOutput || offset < chunk.length);
    }
  } finally {
    stream.free();
  }
  if (code !== ResultSuccess) throw new Error("brotli: truncated stream");
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The inflated delta from `chunks` (an async iterable of Uint8Array: the .br file as it streams in), and
 * whether it had to be decoded: a host that serves the .br with "Content-Encoding: br" hands over
 * inflated bytes already (the delta's magic number tells); else the chunks are decoded with the brotli
 * module that `decoder()` resolves to (runtime/brotli/, initialised). `onPart`: see decodeBrotli (here
 * given the chunks of a file that came inflated).
 */
export async function inflate(chunks, decoder, onPart) {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.value ?? new Uint8Array(0);
  const rest = (async function* () {
    if (first.done) return;
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
  const inflated =
    head.length >= 4 && new DataView(head.buffer, head.byteOffset, 4).getUint32(0, true) === MAGIC;
  if (!inflated) return { bytes: await decodeBrotli(await decoder(), rest, onPart), decoded: true };
  const parts = [];
  let total = 0;
  for await (const part of rest) {
    if (onPart) onPart(part);
    parts.push(part);
    total += part.length;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, decoded: false };
}

/** The sha256 stamp of the header (hex): of the file's bytes from HEADER to its end. */
export function stamp(delta) {
  return hex(delta.subarray(16, 48));
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Checks the inflated delta against its sha256 stamp with WebCrypto (`subtle`, by default the global
 * one), which copies the bytes when called (so `delta` may change or be transferred at once) and hashes
 * them on another thread. Resolves true when it matched, false when it could not check (no
 * crypto.subtle: plain http from another host than localhost); rejects when the file is damaged.
 */
export async function checkStamp(delta, subtle = globalThis.crypto?.subtle) {
  if (!subtle || delta.length < HEADER) return false;
  const digest = await subtle.digest("SHA-256", delta.subarray(HEADER));
  if (hex(new Uint8Array(digest)) !== stamp(delta)) throw new Error("the snapshot is damaged (sha256)");
  return true;
}

/**
 * The wasm module's initial memory up to `size` bytes: its active data segments (memory 0, i32.const
 * offsets) copied to their offsets, zeros elsewhere. Throws on anything else, or data beyond `size`.
 * One flat loop with a local cursor: it runs once per page load, mostly before the JIT warms up.
 */
export function initialMemory(wasm, size) {
  if (wasm.length < 8 || wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) {
    throw new Error("not a wasm module");
  }
  const image = new Uint8Array(size);
  const n = wasm.length;
  let i = 8;
  // unsigned LEB128 at i (advances i); values here stay far below 2**31
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      if (i >= n) throw new Error("wasm: truncated");
      const b = wasm[i++];
      value |= (b & 0x7f) << shift;
      if (b < 0x80) return value >>> 0;
    }
  };
  while (i < n) {
    const id = wasm[i++];
    const sectionEnd = leb() + i;
    if (id === 11) {
      for (let count = leb(); count > 0; count--) {
        const flags = leb();
        if (flags === 1) {
          // passive: not part of the initial memory
          i += leb();
          continue;
        }
        if (flags === 2 && leb() !== 0) throw new Error("wasm: data segment of another memory");
        if (flags > 2 || wasm[i++] !== 0x41) throw new Error("wasm: data segment offset is not an i32.const");
        const offset = leb(); // an sLEB128; the offsets of a heap below 2 GB read the same unsigned
        if (wasm[i++] !== 0x0b) throw new Error("wasm: data segment offset expression too long");
        const length = leb();
        if (offset + length > size || i + length > n) throw new Error("wasm: data segment out of range");
        image.set(wasm.subarray(i, i + length), offset);
        i += length;
      }
    }
    i = sectionEnd;
  }
  if (i !== n) throw new Error("wasm: truncated section");
  return image;
}

/**
 * The Pyodide snapshot rebuilt from `delta` (the inflated file) and the wasm's bytes, in a new zero-filled
 * array of its own (its whole buffer: transfer it, don't copy it), ready for
 * loadPyodide({_loadSnapshot}). Throws if the file is malformed, or if either is not the one the other
 * was made with (checksum). The sha256 stamp is checkStamp's.
 */
export function rebuildSnapshot(delta, wasm) {
  if (delta.length < HEADER + 8) throw new Error("snapshot delta too short");
  const view = new DataView(delta.buffer, delta.byteOffset, delta.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new Error("not a snapshot delta (magic number)");
  if (view.getUint32(4, true) !== VERSION)
    throw new Error(`snapshot delta version ${view.getUint32(4, true)}`);
  const xorEnd = view.getUint32(8, true);
  const expected = view.getUint32(12, true);
  const length = view.getUint32(HEADER, true);
  const runs = view.getUint32(HEADER + 4, true);
  let at = HEADER + 8 + 8 * runs; // Pyodide's header
  if (at + 8 > delta.length) throw new Error("snapshot delta: truncated run table");
  const heap = view.getUint32(at + 4, true); // Pyodide's header length is its 2nd u32
  if (heap % 4 !== 0 || xorEnd % 4 !== 0 || heap + xorEnd > length || at + heap > delta.length) {
    throw new Error("snapshot delta: bad data range");
  }
  // the run table checked against the file's size before anything is allocated
  const pages = Math.ceil((length - heap) / PAGE);
  let next = 0; // the first page a run may start at
  let size = heap;
  for (let k = 0; k < runs; k++) {
    const first = view.getUint32(HEADER + 8 + 8 * k, true);
    const count = view.getUint32(HEADER + 12 + 8 * k, true);
    if (first < next || count === 0 || first + count > pages)
      throw new Error("snapshot delta: bad run table");
    size += Math.min(count * PAGE, length - heap - first * PAGE);
    next = first + count;
  }
  if (at + size > delta.length) throw new Error("snapshot delta: truncated");
  if (at + size < delta.length) throw new Error("snapshot delta: bytes after the last page");
  const out = new Uint8Array(length); // zero-filled: the pages left out stay zeros
  out.set(delta.subarray(at, at + heap));
  at += heap;
  for (let k = 0; k < runs; k++) {
    const from = heap + view.getUint32(HEADER + 8 + 8 * k, true) * PAGE;
    const bytes = Math.min(view.getUint32(HEADER + 12 + 8 * k, true) * PAGE, length - from);
    out.set(delta.subarray(at, at + bytes), from);
    at += bytes;
  }
  // the wasm's initial memory, XORed in and checked word by word in one pass
  const image = initialMemory(wasm, xorEnd);
  const words = new Uint32Array(out.buffer, heap, xorEnd / 4);
  const init = new Uint32Array(image.buffer);
  let h = 0x811c9dc5;
  for (let k = 0; k < words.length; k++) {
    const w = words[k] ^ init[k];
    words[k] = w;
    h = Math.imul(h ^ w, 0x01000193);
  }
  if (h >>> 0 !== expected) {
    throw new Error("the snapshot delta was made against another pyodide.asm.wasm (checksum)");
  }
  return out;
}

/**
 * Everything between the download and loadPyodide, for a page or any worker: the .br's chunks (an async
 * iterable of Uint8Array, as they stream in) inflated (`decoder`: see inflate), then rebuilt with the
 * wasm's bytes (`wasm`: a Uint8Array or a promise of one, awaited only once the file is inflated).
 * Resolves with {snapshot, checked, decodeMs?, rebuildMs}: `snapshot` owns its whole buffer (transfer
 * it); `checked` is checkStamp's promise, started before the rebuild (WebCrypto hashes beside it): wait
 * for it before trusting the Python that booted from the snapshot. decodeMs is set when the chunks had to
 * be decoded (a host that sent them inflated: not). `onSize`, if given, is called with the length of the
 * snapshot as soon as the header says it (the first bytes inflated), long before the snapshot is ready:
 * runtime/pyodide-snapshot.mjs sizes Pyodide's memory and instantiates it meanwhile.
 */
export async function snapshotFromChunks(chunks, wasm, decoder, onSize) {
  const t0 = performance.now();
  // the first HEADER + 4 bytes inflated, gathered from the first parts (however small they come)
  let head = new Uint8Array(0);
  const gather = (part) => {
    if (head === null) return;
    const more = new Uint8Array(Math.min(HEADER + 4, head.length + part.length));
    more.set(head);
    more.set(part.subarray(0, more.length - head.length), head.length);
    head = more;
    if (head.length < HEADER + 4) return;
    const length = snapshotLength(head);
    head = null;
    if (length !== null) onSize(length);
  };
  const { bytes, decoded } = await inflate(chunks, decoder, onSize && gather);
  const decodeMs = Math.round(performance.now() - t0);
  const checked = checkStamp(bytes);
  checked.catch(() => {}); // the caller's
  const wasmBytes = await wasm;
  if (!wasmBytes) throw new Error("pyodide.asm.wasm did not load");
  const t1 = performance.now();
  const snapshot = rebuildSnapshot(bytes, wasmBytes);
  const result = { snapshot, checked, rebuildMs: Math.round(performance.now() - t1) };
  if (decoded) result.decodeMs = decodeMs;
  return result;
}
