// The `interpreter` module (named by pyscript.json when build.py made a snapshot; runtime/boot.js, or
// PyScript, calls its loadPyodide): boots the
// vendored Pyodide from a memory snapshot made at build time, with the engine already imported and
// the page's game warmed up (build.py makes one snapshot per game, and one of no game;
// runtime/pick-snapshot.js picks the page's in its <head>), and falls back to a plain boot whenever the
// snapshot is missing or refused.
//
// The snapshot is the whole wasm heap of a Pyodide that build.py booted in Node on the SAME stdlib zip
// that dist/ ships, stored as a sparse difference from the wasm's initial memory (its data segments
// XORed in, its all-zero pages left out: runtime/snapshot-delta.mjs) and brotli-compressed (31 MB ->
// about 3 MB; it inflates to about 11 MB); it is inflated while it streams in by the vendored
// brotli-dec-wasm (runtime/brotli/: Chromium's DecompressionStream has no brotli; a decoder that fails
// to load means a plain boot), then rebuilt with the bytes of pyodide.asm.wasm into a zero-filled array,
// both in a worker (runtime/snapshot-worker.mjs, which transfers the result; on this thread where no
// worker runs; the worker runtime/pick-snapshot.js starts in the page's <head> downloads the file
// itself, elsewhere this thread reads it and posts it the chunks), while this thread compiles the wasm
// as it streams in and creates Pyodide's module (Pyodide itself would do both only once the snapshot is
// ready: SnapshotToBe below). That wasm is fetched ONCE, here: Pyodide's own fetch of it gets
// a clone of this response (a fetch hook that serves that one URL once) and its instantiateStreaming
// the module compiled early (a hook on that one call), so it is downloaded a single time. The rebuild
// checks a checksum (a delta made against another wasm is refused), the sha256 stamp of the inflated
// file is checked with WebCrypto by the worker, beside the restore (a damaged file is refused: brotli
// has no checksum; skipped where crypto.subtle is missing, i.e. a page served over plain http from
// another host than localhost), and Pyodide itself refuses a snapshot made by another Pyodide build
// (BUILD_ID check).
//
// The stdlib zip is off the snapshot boot path: everything the pages import is in the heap already,
// so the restore gets an empty zip (runtime/no-stdlib.zip) and the real python_stdlib.zip is fetched
// only once the page is ready and the player has been idle for a while (runtime/offline.js), for a
// later import of a module the snapshot lacks.
// zipimport keeps the zip's directory in the heap: if the zip that arrives is not the one the
// snapshot was made on (size + CRC of its tail, stamped by build.py), its caches are invalidated.
// The plain-boot fallback loads the zip as usual.
// globalThis.pgcSnapshot = {state: "loading" | "used" | "fallback", snapshot, reason?, stdlib?, rebuildMs?}
// says which path was taken (snapshot: the file's name); stdlib = "pending" | "same" | "other" | "failed: ..." once the snapshot was used;
// rebuildMs = how long undoing the delta took; decodeMs = from the first byte of the snapshot to the
// last one inflated; stampMs = how long after the rebuild the sha256 check was known (it starts before
// the rebuild); worker = true when the worker did the inflate; fetchedBy = "worker" when the worker
// downloaded the snapshot, "page" when this thread did;
// headWorker = true when that worker is the one runtime/pick-snapshot.js started in the page's <head>.
// globalThis.pgcBootFiles() gives the bot worker (runtime/bot-worker.mjs) the wasm, its compiled module
// and the snapshot this page booted from, so that a second Pyodide downloads and compiles none of them.

import { loadPyodide as loadPlain, version } from "../pyscript/pyodide/pyodide.mjs";
import { snapshotFromChunks } from "./snapshot-delta.mjs";
import { whenIdle } from "./offline.js";

export { version };

const INDEX_URL = new URL("../pyscript/pyodide/", import.meta.url).href;
// The snapshot runtime/pick-snapshot.js picked in the page's <head> (the one of the game the address
// names), else the snapshot of no game (the kernel and the catalog; a game then imports from the engine
// zip's sources).
const KERNEL_SNAPSHOT_URL = new URL("../pyscript/pyodide/pgc-engine.snap.br", import.meta.url).href;
export const SNAPSHOT_URL = globalThis.pgcBootSnapshot?.url || KERNEL_SNAPSHOT_URL;
const STDLIB_URL = new URL("python_stdlib.zip", INDEX_URL).href;
const NO_STDLIB_URL = new URL("./no-stdlib.zip", import.meta.url).href;
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
const ENGINE_PYC_URL = new URL("../pygame_core-pyc.zip", import.meta.url).href;
const BROTLI_WASM_URL = new URL("./brotli/brotli_dec_wasm_bg.wasm", import.meta.url).href;
const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url).href;

const status = { state: "loading", snapshot: SNAPSHOT_URL.slice(SNAPSHOT_URL.lastIndexOf("/") + 1) };
const mark = (name) => performance.mark(`pgc:${name}`); // the boot's timeline (bench/README, "Boot")
mark("snapshot-module");
globalThis.pgcSnapshot = status;

// The brotli decoder's wasm (runtime/brotli/, vendored by build.py), compiled at once: for the worker
// (runtime/snapshot-worker.mjs), or for this thread where no worker can run.
const brotliWasm = fetch(BROTLI_WASM_URL).then(async (response) => {
  if (!response.ok) throw new Error(`${BROTLI_WASM_URL}: HTTP ${response.status}`);
  try {
    return await WebAssembly.compileStreaming(response.clone());
  } catch {
    // e.g. a host that does not say application/wasm
    return WebAssembly.compile(await response.arrayBuffer());
  }
});
brotliWasm.catch(() => {}); // handled by whoever awaits it
const brotliHere = async () => {
  const module = await import("./brotli/brotli_dec_wasm.js");
  module.initSync({ module: await brotliWasm });
  return module;
};

// The length of the rebuilt snapshot, known from its header as soon as the first bytes are inflated
// (the worker's {size}, or snapshotFromChunks here), or before: Pyodide's memory is sized and
// instantiated with it while the rest is inflated (see SnapshotToBe).
// runtime/pick-snapshot.js knows it at once (build.py wrote it there: pgcBootSnapshot.size).
let sized;
const snapshotSize = new Promise((resolve) => {
  sized = resolve;
});
{
  const given = globalThis.pgcBootSnapshot;
  if (given?.url === SNAPSHOT_URL && Number.isInteger(given.size) && given.size > 0) sized(given.size);
}

// The inflate and the rebuild run in a worker (runtime/snapshot-worker.mjs), started at once. This
// thread only reads the downloads and posts them there, and keeps the chunks: if the worker cannot run
// (no module workers, it failed to load), the same work is done here instead.
// The one runtime/pick-snapshot.js started in the page's <head> (for this snapshot), else a new one.
function startWorker() {
  const started = globalThis.pgcBootSnapshot;
  if (started?.worker && started.url === SNAPSHOT_URL) {
    started.worker.onmessage = started.worker.onerror = started.worker.onmessageerror = null;
    status.headWorker = true;
    return started.worker;
  }
  workerFetches = false;
  try {
    return typeof Worker === "function" ? new Worker(WORKER_URL, { type: "module" }) : null;
  } catch {
    return null;
  }
}
// Whether that worker downloads the snapshot itself (runtime/pick-snapshot.js asked it to): then this
// thread only hears how far it got ({fetched}), else it fetches the file and posts it the chunks.
let workerFetches = globalThis.pgcBootSnapshot?.fetching === true;
const worker = startWorker();
if (!worker) workerFetches = false;
status.fetchedBy = workerFetches ? "worker" : "page";
// The worker's download (workerFetches): `answered` resolves once the server answered (with ok: false
// when the file is missing), `fetchedFile` with the .br file once all of it is in; both reject if the
// worker itself failed. boot.js's download bar hears of it through globalThis.pgcBootDownloads.
let answer;
let fileAnswer;
const answered = new Promise((resolve, reject) => {
  answer = { resolve, reject };
});
const fetchedFile = new Promise((resolve, reject) => {
  fileAnswer = { resolve, reject };
});
answered.catch(() => {});
fetchedFile.catch(() => {});
const progress = (news) => globalThis.pgcBootDownloads?.(SNAPSHOT_URL, news);
let firstHeard = false;
function heard({ fetched, total, done, file, status: code, error }) {
  if (fetched === "started") {
    progress({ total });
    answer.resolve({ ok: true });
  } else if (fetched === "bytes") {
    if (!firstHeard) mark("snapshot-first-bytes"); // (as heard here: the worker got them a little earlier)
    firstHeard = true;
    progress({ done });
  } else if (fetched === "done") {
    mark("snapshot-downloaded");
    progress({ done, finished: true });
    fileAnswer.resolve(file);
  } else if (fetched === "failed") {
    progress({ failed: true });
    answer.resolve({ ok: false, status: code });
    fileAnswer.reject(new Error(error));
  }
}
// The worker's answers: `fromWorker` the rebuilt snapshot (rejects {infrastructure: true} when the
// worker itself failed, then this thread does the work, or with the reason the snapshot was refused),
// `stampFromWorker` its sha256 check (rejects when the file is damaged). The worker is done after both.
let stampAnswer;
const stampFromWorker =
  worker &&
  new Promise((resolve, reject) => {
    stampAnswer = { resolve, reject };
  });
stampFromWorker?.catch(() => {}); // handled where awaited
const fromWorker =
  worker &&
  new Promise((resolve, reject) => {
    const broken = (why) => {
      const err = Object.assign(new Error(`snapshot worker: ${why}`), { infrastructure: true });
      reject(err);
      stampAnswer.reject(err); // (after an answer: the stamp would never come)
      answer.reject(err); // (after the worker's download: changes nothing)
      fileAnswer.reject(err);
    };
    worker.onmessage = ({ data }) => {
      if ("fetched" in data) {
        heard(data);
        if (data.fetched === "failed") {
          // no snapshot to inflate: the worker is done (terminated once this settles)
          const err = new Error(data.error);
          reject(err);
          stampAnswer.reject(err);
        }
      } else if ("size" in data) sized(data.size);
      else if ("stamp" in data) {
        if (data.stamp === "damaged") stampAnswer.reject(new Error(data.error));
        else stampAnswer.resolve(data);
      } else if (data.error) reject(new Error(data.error));
      else resolve(data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      broken(event.message || "it did not start");
    };
    worker.onmessageerror = () => broken("a message could not be read");
    // what the worker said before this module was evaluated (runtime/pick-snapshot.js kept it)
    const early = globalThis.pgcBootSnapshot?.worker === worker ? globalThis.pgcBootSnapshot.early : [];
    for (const event of early?.splice(0) ?? []) worker[`on${event.type}`](event);
  });
fromWorker
  ?.then(() => stampFromWorker)
  .catch(() => {})
  .finally(() => worker.terminate());
brotliWasm.then(
  (module) => worker?.postMessage({ brotli: module }),
  () => worker?.postMessage({ brotli: null }),
);

// The snapshot's chunks, kept until the idle moment: the service worker's cache gets them from here
// (keepSnapshot). No snapshot is in the worker's precache (build.py: every game has its own).
let keptSnapshot = null;

// The snapshot's chunks as they stream in, each posted to the worker; resolves with all of them.
async function download(response) {
  if (!response.ok || !response.body) throw new Error(`${SNAPSHOT_URL}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const kept = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!kept.length) mark("snapshot-first-bytes");
    kept.push(value);
    worker?.postMessage({ chunk: value });
  }
  worker?.postMessage({ end: true });
  keptSnapshot = kept;
  return kept;
}

// The rebuilt snapshot and the promise of its sha256 check: from the worker, or made here.
async function inflateAndRebuild(chunks, wasmFile) {
  if (fromWorker) {
    try {
      const got = await fromWorker;
      mark("snapshot-from-worker");
      if (got.decodeMs !== undefined) status.decodeMs = got.decodeMs;
      status.rebuildMs = got.rebuildMs;
      status.worker = true;
      const checked = stampFromWorker.then(({ stamp, stampMs }) => {
        status.stampMs = stampMs;
        return stamp === "ok";
      });
      return { rebuilt: new Uint8Array(got.buffer, got.offset, got.length), checked };
    } catch (err) {
      if (!err.infrastructure) throw err;
      console.warn(`${err.message}; inflating the snapshot on the page's thread`);
      // the worker's download went with it: downloaded here again
      if (workerFetches) chunks = fetch(SNAPSHOT_URL).then(download);
    }
  }
  const got = await snapshotFromChunks(
    (async function* () {
      yield* await chunks;
    })(),
    wasmFile,
    brotliHere,
    sized,
  );
  if (got.decodeMs !== undefined) status.decodeMs = got.decodeMs;
  status.rebuildMs = got.rebuildMs;
  const t0 = performance.now();
  const checked = got.checked.then((ok) => {
    status.stampMs = Math.round(performance.now() - t0);
    return ok;
  });
  return { rebuilt: got.snapshot, checked };
}

// Started when this module is evaluated, so the downloads overlap the page's own start-up; by the worker
// where it downloads the snapshot (then only its answer is known here: {ok, status}).
const snapshotResponse = workerFetches ? answered : fetch(SNAPSHOT_URL);

// The wasm, fetched once for two readers: this module (its data segments rebuild the snapshot) and
// Pyodide, which compiles it. The clone is taken at once, before either reads the body. Asked for once
// the snapshot's answer is in, so that a missing snapshot is known (runtime/boot.js then counts the
// stdlib zip instead) before a byte of the wasm is counted; its download does not wait: the page's
// <head> preloads it.
// (ownFetch: this one request passes fetchHook below, whoever wrapped fetch since: when the snapshot's
// answer comes at once, as the bot worker's from the page's bytes does, this runs before Pyodide's own
// request, which fetchHook must keep for itself.)
let ownFetch = false;
const wasm = snapshotResponse
  .catch(() => {})
  .then(() => {
    ownFetch = true;
    try {
      return fetch(WASM_URL);
    } finally {
      ownFetch = false;
    }
  })
  .then((response) => ({ response, clone: response.clone(), compiled: compileEarly(response) }));
wasm.catch(() => {}); // handled by whoever awaits it

// The wasm compiled as it streams in, while the snapshot is still being inflated (Pyodide would only
// start compiling once the snapshot is ready): null if that fails, and Pyodide compiles it itself. In the
// bot worker, the module the page compiled (globalThis.pgcBootSnapshot.module, see bootFiles): no compile.
function compileEarly(response) {
  const given = globalThis.pgcBootSnapshot?.module;
  if (typeof WebAssembly.Module === "function" && given instanceof WebAssembly.Module) {
    mark("wasm-compiled");
    return Promise.resolve(given);
  }
  if (!response.ok || typeof WebAssembly.compileStreaming !== "function") return Promise.resolve(null);
  return WebAssembly.compileStreaming(response.clone()).then(
    (module) => {
      mark("wasm-compiled");
      return module;
    },
    () => null,
  );
}

// Until it has served it once, globalThis.fetch answers Pyodide's request for WASM_URL with the clone
// (same bytes, no second download); every other request goes through untouched.
// Pyodide then hands that answer to WebAssembly.instantiateStreaming: while hooked, that call gets the
// module compiled early instead (the clone is dropped unread), or the clone when that compile failed.
const previousFetch = globalThis.fetch;
const previousInstantiate = WebAssembly.instantiateStreaming;
let wasmHandedOver = false;
let handedOver = null; // the promise fetchHook gave Pyodide for WASM_URL
function unhook() {
  if (globalThis.fetch === fetchHook) globalThis.fetch = previousFetch;
}
function unhookInstantiate() {
  if (WebAssembly.instantiateStreaming === instantiateHook)
    WebAssembly.instantiateStreaming = previousInstantiate;
}
function fetchHook(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  if (!ownFetch && !wasmHandedOver && url === WASM_URL && !init?.integrity && !(input instanceof Request)) {
    wasmHandedOver = true;
    unhook();
    handedOver = wasm.then(({ clone }) => clone);
    return handedOver;
  }
  return previousFetch(input, init);
}
function instantiateHook(source, imports) {
  if (handedOver === null || source !== handedOver)
    return previousInstantiate.call(WebAssembly, source, imports);
  unhookInstantiate();
  return wasm.then(({ clone, compiled }) =>
    compiled.then((module) => {
      if (!module) return previousInstantiate.call(WebAssembly, source, imports);
      clone.body?.cancel().catch(() => {});
      return WebAssembly.instantiate(module, imports).then((instance) => ({ module, instance }));
    }),
  );
}
globalThis.fetch = fetchHook;
if (typeof previousInstantiate === "function") WebAssembly.instantiateStreaming = instantiateHook;

// The wasm's bytes, kept until the idle moment: the service worker's cache gets them from here
// (keepWasm). Chromium's HTTP cache may not keep a 9.6 MB file (an incognito window does not), and
// then the worker's precache would download it a second time.
let keptWasm = null;

async function wasmBytes() {
  const { response } = await wasm;
  if (!response.ok) throw new Error(`${WASM_URL}: HTTP ${response.status}`);
  keptWasm = new Uint8Array(await response.arrayBuffer());
  mark("wasm-bytes");
  return keptWasm;
}

// The cache of this build's service worker (named after build-info.json's version, as sw.js names it).
async function buildCache() {
  const info = await (await fetch(new URL("../build-info.json", import.meta.url))).json();
  return caches.open(`pgc-${info.version}`);
}

// Puts the kept wasm into the cache of this build's service worker, so that its precache finds it
// there; the worker checks nothing else.
async function keepWasm() {
  const bytes = keptWasm;
  keptWasm = null;
  if (!bytes || !globalThis.caches) return;
  const cache = await buildCache();
  if (await cache.match(WASM_URL)) return;
  await cache.put(
    WASM_URL,
    new Response(bytes, {
      headers: { "Content-Type": "application/wasm", "Content-Length": String(bytes.length) },
    }),
  );
}

// Puts the snapshot this page booted from into this build's service worker cache (as keepWasm), so
// that this page boots offline from it: the worker's precache leaves the snapshots out.
async function keepSnapshot() {
  const chunks = keptSnapshot;
  keptSnapshot = null;
  if (!chunks || !globalThis.caches) return;
  const cache = await buildCache();
  if (await cache.match(SNAPSHOT_URL)) return;
  await cache.put(
    SNAPSHOT_URL,
    new Response(new Blob(chunks), {
      headers: { "Content-Type": "application/octet-stream" },
    }),
  );
}

// What this page downloaded to boot, for the bot worker's Pyodide (runtime/bot-worker.mjs, started by
// app/thinker.js), so that it downloads none of it a second time: Chromium's HTTP cache may keep neither
// the 9.6 MB wasm nor (a private window) the snapshot, and on a first visit the service worker's cache
// has them only after the idle moment. Resolves with {files: {url: Blob}, module: the compiled wasm or
// null}: the bytes this page still holds, else (after the idle moment put them there) the service
// worker's cache's; a file found in neither is left out (the worker fetches it). The module is shared,
// not copied: the worker does not compile the wasm again. Nothing after a plain boot (a fallback).
async function bootFiles() {
  const files = {};
  if (status.state !== "used") return { files, module: null };
  const module = await wasm.then(({ compiled }) => compiled).catch(() => null);
  const heldWasm = keptWasm;
  const heldChunks = keptSnapshot;
  if (heldWasm) files[WASM_URL] = new Blob([heldWasm], { type: "application/wasm" });
  if (heldChunks) files[SNAPSHOT_URL] = new Blob(heldChunks, { type: "application/octet-stream" });
  if ((!heldWasm || !heldChunks) && globalThis.caches) {
    try {
      const cache = await buildCache();
      for (const url of [WASM_URL, SNAPSHOT_URL]) {
        if (files[url]) continue;
        const hit = await cache.match(url);
        if (hit) files[url] = await hit.blob();
      }
    } catch {
      /* no cache to read: the worker fetches what is missing */
    }
  }
  return { files, module };
}
globalThis.pgcBootFiles = bootFiles;

// The sha256 check runs beside the rebuild and Pyodide's restore, not before them (the worker's
// WebCrypto copies the inflated file when asked, then hashes it on another thread): restore() waits for
// it before the page may use that Python, and a damaged snapshot rejects `damaged` at once, whatever
// the restore is doing with it.
let stampChecked = Promise.resolve();
let failDamaged;
const damaged = new Promise((_resolve, reject) => {
  failDamaged = reject;
});
damaged.catch(() => {}); // handled in restore()

// The .br file's chunks: read here (and posted to the worker), or the worker's download.
const chunks = workerFetches
  ? fetchedFile.then((file) => {
      keptSnapshot = [file];
      return keptSnapshot;
    })
  : snapshotResponse.then(download);
const wasmFile = wasmBytes();
chunks.catch(() => worker?.terminate()); // no snapshot: handled below
wasmFile.then(
  (bytes) => worker?.postMessage({ wasm: bytes }),
  () => worker?.postMessage({ wasm: null }),
);
// (the worker's download is not waited for here: if the worker fails, the page downloads it again)
const snapshot = (workerFetches ? Promise.resolve() : chunks)
  .then(() => inflateAndRebuild(chunks, wasmFile))
  .then(({ rebuilt, checked }) => {
    mark("snapshot-rebuilt");
    stampChecked = checked.then(() => mark("stamp-hashed"));
    stampChecked.catch(failDamaged);
    return rebuilt;
  });
snapshot.catch(() => {}); // handled in loadPyodide

// Runs right after the restore: reseeds the global RNG (its state was frozen at build time) and
// checks that the snapshot holds what the page needs. Returns "" when fine.
const CHECK = `
def _pgc_snapshot_check():
    import random, sys
    random.seed()
    if getattr(sys, "_pgc_snapshot_stdlib", None) is None:
        return "the snapshot has no stdlib stamp"
    if "pygame_core.webapi" not in sys.modules:
        return "the engine is not in the snapshot"
    return ""
_pgc_snapshot_check()
`;

// Runs once the real stdlib zip is in place: "same" if it is the zip the snapshot was made on (its
// stamp, read with a seek like build.py does), else "other" after making zipimport re-read it.
const STDLIB_CHECK = `
def _pgc_stdlib_check():
    import importlib, sys, zlib
    with open(next(p for p in sys.path if p.endswith(".zip")), "rb") as f:
        size = f.seek(0, 2)
        f.seek(max(0, size - 131072))
        got = (size, zlib.crc32(f.read()))
    if tuple(sys._pgc_snapshot_stdlib) == got:
        return "same"
    importlib.invalidate_caches()  # zipimport re-reads the directory of the zip now there
    return "other"
_pgc_stdlib_check()
`;

// The real stdlib zip, written where the empty one was; from then on a stdlib module that the
// snapshot lacks imports as usual (before, such an import fails: none is known to happen).
async function installStdlib(py) {
  if (status.stdlib !== "pending") return;
  status.stdlib = "loading";
  try {
    const response = await fetch(STDLIB_URL);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const where = py.runPython(`next(p for p in __import__("sys").path if p.endswith(".zip"))`);
    py.FS.writeFile(where, bytes);
    status.stdlib = py.runPython(STDLIB_CHECK, { globals: py.toPy({}) });
  } catch (err) {
    status.stdlib = `failed: ${err?.message ?? err}`;
    console.warn(`python_stdlib.zip not installed after the snapshot boot (${status.stdlib})`);
  }
}

// Stands in for the rebuilt snapshot while it is still being inflated, so that Pyodide creates its
// module before the snapshot is ready rather than after: Pyodide (314.0.2, pyodide.mjs: prepareSnapshot,
// then instantiatePyodideModule, then bootstrapPyodide) awaits `_loadSnapshot` only for its length (the
// wasm memory's initial size), then instantiates the wasm and runs the module's start-up (about a third
// of the restore: dynamic linking, the file system, the C constructors), and reads the bytes only in
// restoreSnapshot, right after createPyodideModule (below) resolved, which is once the real snapshot is
// in: `take` puts it here, and the views Pyodide asks for (buffer, byteOffset, byteLength, subarray) are
// the real one's, with no copy. A real snapshot of another length is refused (a plain boot follows).
class SnapshotToBe extends Uint8Array {
  #size;
  #real = null;
  constructor(size) {
    super(0);
    this.#size = size;
  }
  take(real) {
    if (real.length !== this.#size) throw new Error("the snapshot is not the size its header said");
    this.#real = real;
  }
  #got() {
    if (!this.#real) throw new Error("the snapshot was read before it was ready");
    return this.#real;
  }
  get length() {
    return this.#real ? this.#real.length : this.#size;
  }
  get byteLength() {
    return this.#got().byteLength;
  }
  get byteOffset() {
    return this.#got().byteOffset;
  }
  get buffer() {
    return this.#got().buffer;
  }
  subarray(begin, end) {
    return this.#got().subarray(begin, end);
  }
}

// The stand-in, as soon as the size is known (or the snapshot itself is, whichever comes first); rejects
// if the snapshot fails first.
const toBe = new Promise((resolve, reject) => {
  snapshotSize.then((size) => resolve(new SnapshotToBe(size)));
  snapshot.then((real) => resolve(new SnapshotToBe(real.length)), reject);
});
toBe.catch(() => {}); // handled in restore()

// Pyodide's createPyodideModule option (its own is pyodide.asm.mjs's default export): creates the module
// as Pyodide would, then waits for the snapshot before handing it over (see SnapshotToBe).
async function createModule(settings) {
  const { default: create } = await import(new URL("pyodide.asm.mjs", INDEX_URL).href);
  const module = await create(settings);
  mark("pyodide-created");
  const [stand, real] = await Promise.all([toBe, snapshot]);
  stand.take(real);
  return module;
}

async function restore() {
  try {
    // Given as promises: Pyodide starts its wasm (served by the hook) and lock downloads meanwhile, and
    // creates its module once the snapshot's size is known.
    const py = await Promise.race([
      loadPlain({
        indexURL: INDEX_URL,
        stdLibURL: NO_STDLIB_URL,
        _loadSnapshot: toBe,
        createPyodideModule: createModule,
      }),
      damaged,
    ]);
    mark("pyodide-restored");
    await stampChecked;
    mark("stamp-checked");
    const problem = py.runPython(CHECK, { globals: py.toPy({}) });
    if (problem) throw new Error(problem);
    return py;
  } finally {
    unhook();
    unhookInstantiate();
    // Pyodide never asked (another version?): drop the clone's buffered copy
    if (!wasmHandedOver) wasm.then(({ clone }) => clone.body?.cancel()).catch(() => {});
  }
}

// Also started at evaluation (runtime/boot.js imports this module as soon as it starts, from the page's
// <head> where runtime/pick-snapshot.js imports boot.js), so the restore overlaps the rest of the page's
// start-up instead of waiting for it.
const restored = restore();
restored.catch(() => {}); // handled in loadPyodide

/** PyScript calls this with its options: stdout/stderr writers (and indexURL, replaced here). */
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL: _ignored, ...other } = options;
  try {
    if (Object.keys(other).length) throw new Error(`options it was not made for: ${Object.keys(other)}`);
    mark("loadPyodide-called");
    const py = await restored;
    if (stdout) py.setStdout({ batched: stdout });
    if (stderr) py.setStderr({ batched: stderr });
    status.state = "used";
    if (status.stdlib === undefined && typeof document !== "undefined") {
      status.stdlib = "pending";
      // not needed to play: once the player has been idle for a while (before the worker's precache)
      whenIdle(() => installStdlib(py));
    }
    whenIdle(keepWasm);
    whenIdle(keepSnapshot);
    return py;
  } catch (err) {
    status.state = "fallback";
    status.reason = String(err?.message ?? err);
    console.warn(`Boot snapshot not used (${status.reason}); starting Python without it.`);
    keptWasm = null;
    keptSnapshot = null;
    const py = await loadPlain({ ...options, indexURL: INDEX_URL });
    // The engine zip of a snapshot build has no .pyc (its modules are in the snapshot): the plain boot
    // gets them from ENGINE_PYC_URL, unpacked where PyScript's `files` then puts the same sources.
    try {
      const response = await fetch(ENGINE_PYC_URL);
      if (response.ok) {
        py.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide" });
      }
    } catch (err) {
      console.warn(`${ENGINE_PYC_URL} not loaded (${err?.message ?? err}); the engine compiles from source`);
    }
    return py;
  }
}
