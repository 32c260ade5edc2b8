// Dedicated module worker of runtime/pyodide-snapshot.mjs: inflates the boot snapshot (brotli, with the
// vendored decoder) and rebuilds it with the wasm's bytes OFF the page's main thread, so that the page
// meanwhile compiles the wasm, evaluates its modules and renders (an inflate of 31 MB keeps a thread
// busy for 0.2-0.6 s). The page reads the downloads and posts them here:
//   {brotli: WebAssembly.Module | null}  the decoder's compiled wasm (starts the work)
//   {chunk: Uint8Array} ... {end: true}  the .br file as it streams in
//   {wasm: Uint8Array | null}            pyodide.asm.wasm's bytes
// and gets one answer: {buffer, offset, length, stamp, decodeMs?, rebuildMs} (the rebuilt snapshot is
// buffer[offset, offset + length), transferred; stamp = the sha256 it must have) or {error}.

import * as brotli from "./brotli/brotli_dec_wasm.js";
import { inflate, rebuildSnapshot, stamp } from "./snapshot-delta.mjs";

const queue = [];
let ended = false;
let wake = () => {};
let gotWasm;
const wasmIn = new Promise((resolve) => {
  gotWasm = resolve;
});
let started = false;

async function* chunks() {
  for (;;) {
    if (queue.length) yield queue.shift();
    else if (ended) return;
    else
      await new Promise((resolve) => {
        wake = resolve;
      });
  }
}

async function run(module) {
  try {
    const t0 = performance.now();
    const { bytes, decoded } = await inflate(chunks(), () => {
      if (!module) throw new Error("the brotli decoder did not load");
      brotli.initSync({ module });
      return brotli;
    });
    const decodeMs = Math.round(performance.now() - t0);
    const wasm = await wasmIn;
    if (!wasm) throw new Error("pyodide.asm.wasm did not load");
    const t1 = performance.now();
    const expected = stamp(bytes);
    const rebuilt = rebuildSnapshot(bytes, wasm);
    const answer = {
      buffer: rebuilt.buffer,
      offset: rebuilt.byteOffset,
      length: rebuilt.length,
      stamp: expected,
      rebuildMs: Math.round(performance.now() - t1),
    };
    if (decoded) answer.decodeMs = decodeMs;
    postMessage(answer, [rebuilt.buffer]);
  } catch (err) {
    postMessage({ error: String(err?.message ?? err) });
  }
}

self.addEventListener("message", ({ data }) => {
  if ("chunk" in data) queue.push(data.chunk);
  if (data.end) ended = true;
  if ("wasm" in data) gotWasm(data.wasm);
  if ("brotli" in data && !started) {
    started = true;
    run(data.brotli);
  }
  wake();
});
