// Dedicated module worker of runtime/pyodide-snapshot.mjs: inflates the boot snapshot (brotli, with the
// vendored decoder), rebuilds it with the wasm's bytes and checks its sha256 stamp, all OFF the page's
// main thread, so that the page meanwhile compiles the wasm, evaluates its modules and renders (the
// inflate keeps a thread busy for 0.2-0.6 s). It is given:
//   {chunk: Uint8Array} ... {end: true}  the .br file as it streams in, unless this worker downloads
//                                        it itself (in a page: runtime/pick-snapshot.js starts it with a
//                                        first script that began the download, self.pgcSnapshotDownload,
//                                        and kept the messages that came before this module,
//                                        self.pgcEarly; the page's thread, busy starting the page, would
//                                        pass the bytes on late)
//   {brotli: WebAssembly.Module | null}  the decoder's compiled wasm (starts the work)
//   {wasm: Uint8Array | null}            pyodide.asm.wasm's bytes
// Downloading, it reports {fetched: "started", total} (Content-Length, or 0), {fetched: "bytes", done}
// as they come, then {fetched: "done", done, file: Blob} (the .br file, for the page's service worker
// cache and its bot worker) or {fetched: "failed", error, status?} (then the snapshot is not used).
// It answers {size: the rebuilt snapshot's length} as soon as the first bytes are inflated (the page
// sizes and instantiates Pyodide's memory meanwhile, unless it knew the size already), then {buffer,
// offset, length, decodeMs?, rebuildMs} (the rebuilt snapshot is buffer[offset, offset + length),
// transferred, never copied) or {error}; then, once WebCrypto has hashed the inflated file, {stamp: "ok"
// | "unchecked" (no crypto.subtle), stampMs} or {stamp: "damaged", error}. The work itself is snapshotFromChunks (runtime/snapshot-delta.mjs), which any other worker
// that boots Pyodide from the same snapshot can call as it is.

// Imported, not by static imports, so that this module runs (and takes its download over) without
// waiting for them; a failed import is thrown from here: the page sees the worker fail and does the
// work itself.
const modules = Promise.all([import("./brotli/brotli_dec_wasm.js"), import("./snapshot-delta.mjs")]);
modules.catch((err) =>
  setTimeout(() => {
    throw err;
  }),
);

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
  let brotli;
  let snapshotFromChunks;
  try {
    [brotli, { snapshotFromChunks }] = await modules;
  } catch {
    return; // thrown above
  }
  try {
    const got = await snapshotFromChunks(
      chunks(),
      wasmIn,
      () => {
        if (!module) throw new Error("the brotli decoder did not load");
        brotli.initSync({ module });
        return brotli;
      },
      (size) => postMessage({ size }),
    );
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

// The download of `url` (`fetching`: the promise of its Response): its chunks go to the queue as they
// arrive, its progress to the page.
async function download(url, fetching) {
  const kept = [];
  let done = 0;
  try {
    const response = await fetching;
    if (!response.ok || !response.body) {
      postMessage({ fetched: "failed", status: response.status, error: `${url}: HTTP ${response.status}` });
      return;
    }
    postMessage({ fetched: "started", total: Number(response.headers.get("content-length")) || 0 });
    const reader = response.body.getReader();
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      kept.push(value);
      queue.push(value);
      wake();
      done += value.length;
      postMessage({ fetched: "bytes", done });
    }
    postMessage({ fetched: "done", done, file: new Blob(kept) });
  } catch (err) {
    postMessage({ fetched: "failed", error: `${url}: ${err?.message ?? err}` });
  } finally {
    ended = true;
    wake();
  }
}

function onMessage({ data }) {
  if ("chunk" in data) queue.push(data.chunk);
  if (data.end) ended = true;
  if ("wasm" in data) gotWasm(data.wasm);
  if ("brotli" in data && !started) {
    started = true;
    run(data.brotli);
  }
  wake();
}

self.addEventListener("message", onMessage);
// started by runtime/pick-snapshot.js's first script: its download, and the messages it kept
if (self.pgcSnapshotDownload) download(self.pgcSnapshotUrl ?? "the snapshot", self.pgcSnapshotDownload);
self.onmessage = null;
for (const event of self.pgcEarly?.splice(0) ?? []) onMessage(event);
