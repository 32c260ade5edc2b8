// The boot snapshot as shipped is a DIFFERENCE from the wasm's own initial memory: build.py XORs the
// bytes of every active data segment of pyodide.asm.wasm into the saved heap, so the ~3.8 MB of static
// data that CPython barely changed turns into zeros (its gzip shrank by about 1.4 MB). This module undoes
// that with the wasm's bytes. Used by runtime/pyodide-snapshot.mjs in the page, and by build.py in Node
// to check that it gives back the saved snapshot byte for byte. No DOM, no fetch: pure functions.
//
// Shipped brotli-compressed (build.py, through Node's zlib); decodeBrotli inflates it with the vendored
// brotli-dec-wasm (runtime/brotli/) as it streams in: Chromium's DecompressionStream has no brotli.
//
// File (after brotli), little-endian:
//   u32 MAGIC "pgcd" | u32 VERSION | u32 xorEnd | u32 checksum | 32 bytes sha256 of the rebuilt snapshot
//   then Pyodide's snapshot (its header, then the heap with the data segments XORed into [0, xorEnd)).
// checksum = FNV-1a over the u32 words of the rebuilt heap's [0, xorEnd): the page checks it (cheaply)
// so that a wasm other than the one the delta was made against is refused, never booted. The sha256 is
// checked in the page too (runtime/pyodide-snapshot.mjs, with WebCrypto off the main thread where there
// is one): brotli has no checksum of its own, so a damaged file is caught there.

export const MAGIC = 0x64636770; // "pgcd"
export const VERSION = 1;
export const HEADER = 48;

/**
 * The bytes of a brotli stream, decoded with `brotli` (the brotli-dec-wasm module, initialised) as the
 * chunks of `chunks` (an async iterable of Uint8Array) arrive. Throws on a damaged or truncated stream.
 */
export async function decodeBrotli(brotli, chunks) {
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
 * module that `decoder()` resolves to (runtime/brotli/, initialised).
 */
export async function inflate(chunks, decoder) {
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
  if (!inflated) return { bytes: await decodeBrotli(await decoder(), rest), decoded: true };
  const parts = [];
  let total = 0;
  for await (const part of rest) {
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

/** The sha256 stamp of the header (hex), for a check of the rebuilt snapshot. */
export function stamp(delta) {
  return Array.from(delta.subarray(16, HEADER), (b) => b.toString(16).padStart(2, "0")).join("");
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
 * The Pyodide snapshot rebuilt IN PLACE from `delta` (the inflated .gz) and the wasm's bytes: a view of
 * `delta` past its own header, ready for loadPyodide({_loadSnapshot}). Throws if either is not the one
 * the other was made with.
 */
export function rebuildSnapshot(delta, wasm) {
  if (delta.length < HEADER + 8) throw new Error("snapshot delta too short");
  const view = new DataView(delta.buffer, delta.byteOffset, delta.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new Error("not a snapshot delta (magic number)");
  if (view.getUint32(4, true) !== VERSION)
    throw new Error(`snapshot delta version ${view.getUint32(4, true)}`);
  const xorEnd = view.getUint32(8, true);
  const expected = view.getUint32(12, true);
  const heap = HEADER + view.getUint32(HEADER + 4, true); // Pyodide's header length is its 2nd u32
  if (xorEnd % 4 !== 0 || heap + xorEnd > delta.length) throw new Error("snapshot delta: bad data range");
  // the wasm's initial memory, XORed in and checked word by word in one pass
  const image = initialMemory(wasm, xorEnd);
  const aligned = (delta.byteOffset + heap) % 4 === 0;
  const words = new Uint32Array(
    aligned ? delta.buffer : delta.slice(heap, heap + xorEnd).buffer,
    aligned ? delta.byteOffset + heap : 0,
    xorEnd / 4,
  );
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
  if (!aligned) delta.set(new Uint8Array(words.buffer), heap);
  return delta.subarray(HEADER);
}
