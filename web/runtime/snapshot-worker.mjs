// Dedicated module worker of runtime/pyodide-snapshot.mjs: inflates the boot snapshot (brotli, with the
// vendored decoder), rebuilds it with the wasm's bytes and checks its sha256 stamp, all OFF the page's
// main thread, so that the page meanwhile compiles the wasm, evaluates its modules and renders (the
// inflate keeps a thread busy for 0.2-0.6 s). The page reads the downloads and posts them here:
//   {brotli: WebAssembly.Module | null}  the decoder's compiled wasm (starts the work)
//   {chunk: Uint8Array} ... {end: true}  the .br file as it streams in
//   {wasm: Uint8Array | null}            pyodide.asm.wasm's bytes
// and gets two answers: first {buffer, offset, length, decodeMs?, rebuildMs} (the rebuilt snapshot is
// buffer[offset, offset + length), transferred, never copied) or {error}; then, once WebCrypto has
// hashed the inflated file, {stamp: "ok" | "unchecked" (no crypto.subtle), stampMs} or {stamp: "damaged",
// error}. The work itself is snapshotFromChunks (runtime/snapshot-delta.mjs), which any other worker
// that boots Pyodide from the same snapshot can call as it is.

import * as brotli from "./brotli/brotli_dec_wasm.js";
import { snapshotFromChunks } from "./snapshot-delta.mjs";

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
    const got = await snapshotFromChunks(chunks(), wasmIn, () => {
      if (!module) throw new Error("the brotli decoder did not load");
      brotli.initSync({ module });
      return brotli;
    });
    const t0 = performance.now();
    const { snapshot, checked } = got;
    const answer = { buffer: snapshot.buffer, offset: snapshot.byteOffset, length: snapshot.length };
    answer.rebuildMs = got.rebuildMs;
    if (got.decodeMs !== undefined) answer.decodeMs = got.decodeMs;
    postMessage(answer, [snapshot.buffer]);
    checked.then(
      (ok) => postMessage({ stamp: ok ? "ok" : "unchecked", stampMs: Math.round(performance.now() - t0) }),
      (err) => postMessage({ stamp: "damaged", error: String(err?.message ?? err) }),
    );
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
