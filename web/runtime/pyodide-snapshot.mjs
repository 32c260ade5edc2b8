// PyScript `interpreter` module (named by pyscript.json when build.py made a snapshot): boots the
// vendored Pyodide from a memory snapshot made at build time, with the engine already imported and
// every game warmed up, and falls back to a plain boot whenever the snapshot is missing or refused.
//
// The snapshot is the whole wasm heap of a Pyodide that build.py booted in Node on the SAME stdlib zip
// that dist/ ships, stored as a difference from the wasm's initial memory (its data segments XORed in:
// runtime/snapshot-delta.mjs) and brotli-compressed (31 MB -> 3.4 MB, 1.4 MB less than gzip -9); it is
// inflated while it streams in by the vendored brotli-dec-wasm (runtime/brotli/: Chromium's
// DecompressionStream has no brotli; a decoder that fails to load means a plain boot), then rebuilt with
// the bytes of
// pyodide.asm.wasm. That wasm is fetched ONCE, here: Pyodide's own fetch of it gets a clone of this
// response (a fetch hook that serves that one URL once), so it is downloaded a single time. The rebuild
// checks a checksum (a delta made against another wasm is refused), the sha256 stamp of the rebuilt
// snapshot is checked with WebCrypto (a damaged file is refused: brotli has no checksum; skipped where
// crypto.subtle is missing, i.e. a page served over plain http from another host than localhost), and
// Pyodide itself refuses a snapshot made by another Pyodide build (BUILD_ID check).
//
// The stdlib zip is off the snapshot boot path: everything the pages import is in the heap already,
// so the restore gets an empty zip (runtime/no-stdlib.zip) and the real python_stdlib.zip is fetched
// only once the page is ready and the player has been idle for a while (runtime/offline.js), for a
// later import of a module the snapshot lacks.
// zipimport keeps the zip's directory in the heap: if the zip that arrives is not the one the
// snapshot was made on (size + CRC of its tail, stamped by build.py), its caches are invalidated.
// The plain-boot fallback loads the zip as usual.
// globalThis.pgcSnapshot = {state: "loading" | "used" | "fallback", reason?, stdlib?, rebuildMs?} says
// which path was taken; stdlib = "pending" | "same" | "other" | "failed: ..." once the snapshot was used;
// rebuildMs = how long undoing the delta took; decodeMs = from the first byte of the snapshot to the
// last one inflated; stampMs = the sha256 check.

import { loadPyodide as loadPlain, version } from "../pyscript/pyodide/pyodide.mjs";
import { decodeBrotli, MAGIC, rebuildSnapshot, stamp } from "./snapshot-delta.mjs";
import { whenIdle } from "./offline.js";

export { version };

const INDEX_URL = new URL("../pyscript/pyodide/", import.meta.url).href;
export const SNAPSHOT_URL = new URL("../pyscript/pyodide/pgc-engine.snap.br", import.meta.url).href;
const STDLIB_URL = new URL("python_stdlib.zip", INDEX_URL).href;
const NO_STDLIB_URL = new URL("./no-stdlib.zip", import.meta.url).href;
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
const ENGINE_PYC_URL = new URL("../pygame_core-pyc.zip", import.meta.url).href;

const status = { state: "loading" };
globalThis.pgcSnapshot = status;

// The brotli decoder (runtime/brotli/, vendored by build.py), loaded and its wasm compiled at once.
const brotli = import("./brotli/brotli_dec_wasm.js").then(async (module) => {
  await module.default();
  return module;
});
brotli.catch(() => {}); // handled by download()

// The snapshot's bytes, inflated while they stream in. A host that serves the .br with
// "Content-Encoding: br" hands over inflated bytes already: the delta's magic number tells.
async function download(response) {
  if (!response.ok || !response.body) throw new Error(`${SNAPSHOT_URL}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const t0 = performance.now();
  const chunks = (async function* () {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  })();
  const first = await chunks.next();
  const head = first.value ?? new Uint8Array(0);
  const rest = (async function* () {
    if (!first.done) yield head;
    yield* chunks;
  })();
  const inflated = head.length >= 4
    && new DataView(head.buffer, head.byteOffset, 4).getUint32(0, true) === MAGIC;
  if (inflated) {
    const whole = new Uint8Array(await new Response(new ReadableStream({
      async pull(controller) {
        const { done, value } = await rest.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    })).arrayBuffer());
    return whole;
  }
  try {
    const bytes = await decodeBrotli(await brotli, rest);
    status.decodeMs = Math.round(performance.now() - t0);
    return bytes;
  } catch (err) {
    reader.cancel().catch(() => {});
    throw err;
  }
}

// The rebuilt snapshot's sha256 against the stamp in its header (WebCrypto hashes off the main thread).
async function checkStamp(rebuilt, expected) {
  if (!globalThis.crypto?.subtle) return;
  const t0 = performance.now();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", rebuilt));
  status.stampMs = Math.round(performance.now() - t0);
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== expected) throw new Error("the snapshot is damaged (sha256)");
}

// Started when this module is evaluated, so the downloads overlap PyScript's own start-up.
const snapshotResponse = fetch(SNAPSHOT_URL);

// The wasm, fetched once for two readers: this module (its data segments rebuild the snapshot) and
// Pyodide, which compiles it. The clone is taken at once, before either reads the body. Asked for once
// the snapshot's answer is in, so that a missing snapshot is known (runtime/boot.js then counts the
// stdlib zip instead) before a byte of the wasm is counted; its download does not wait: the page's
// <head> preloads it.
const wasm = snapshotResponse.catch(() => {}).then(() => fetch(WASM_URL))
  .then((response) => ({ response, clone: response.clone() }));
wasm.catch(() => {}); // handled by whoever awaits it

// Until it has served it once, globalThis.fetch answers Pyodide's request for WASM_URL with the clone
// (same bytes, no second download); every other request goes through untouched.
const previousFetch = globalThis.fetch;
let wasmHandedOver = false;
function unhook() {
  if (globalThis.fetch === fetchHook) globalThis.fetch = previousFetch;
}
function fetchHook(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  if (!wasmHandedOver && url === WASM_URL && !init?.integrity && !(input instanceof Request)) {
    wasmHandedOver = true;
    unhook();
    return wasm.then(({ clone }) => clone);
  }
  return previousFetch(input, init);
}
globalThis.fetch = fetchHook;

// The wasm's bytes, kept until the idle moment: the service worker's cache gets them from here
// (keepWasm). Chromium's HTTP cache may not keep a 9.6 MB file (an incognito window does not), and
// then the worker's precache would download it a second time.
let keptWasm = null;

async function wasmBytes() {
  const { response } = await wasm;
  if (!response.ok) throw new Error(`${WASM_URL}: HTTP ${response.status}`);
  keptWasm = new Uint8Array(await response.arrayBuffer());
  return keptWasm;
}

// Puts the kept wasm into the cache of this build's service worker (named after build-info.json's
// version, as sw.js names it), so that its precache finds it there; the worker checks nothing else.
async function keepWasm() {
  const bytes = keptWasm;
  keptWasm = null;
  if (!bytes || !globalThis.caches) return;
  const info = await (await fetch(new URL("../build-info.json", import.meta.url))).json();
  const cache = await caches.open(`pgc-${info.version}`);
  if (await cache.match(WASM_URL)) return;
  await cache.put(WASM_URL, new Response(bytes, {
    headers: { "Content-Type": "application/wasm", "Content-Length": String(bytes.length) },
  }));
}

// The sha256 check runs beside Pyodide's restore, not before it (WebCrypto copies the bytes when asked,
// then hashes on another thread): restore() waits for it before the page may use that Python, and a
// damaged snapshot rejects `damaged` at once, whatever the restore is doing with it.
let stampChecked = Promise.resolve();
let failDamaged;
const damaged = new Promise((_resolve, reject) => { failDamaged = reject; });
damaged.catch(() => {}); // handled in restore()

const snapshot = Promise.all([snapshotResponse.then(download), wasmBytes()])
  .then(([delta, wasmFile]) => {
    const t0 = performance.now();
    const expected = stamp(delta);
    const rebuilt = rebuildSnapshot(delta, wasmFile);
    status.rebuildMs = Math.round(performance.now() - t0);
    stampChecked = checkStamp(rebuilt, expected);
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

async function restore() {
  try {
    // Given as a promise: Pyodide starts its wasm (served by the hook) and lock downloads meanwhile.
    const py = await Promise.race([
      loadPlain({ indexURL: INDEX_URL, stdLibURL: NO_STDLIB_URL, _loadSnapshot: snapshot }), damaged]);
    await stampChecked;
    const problem = py.runPython(CHECK, { globals: py.toPy({}) });
    if (problem) throw new Error(problem);
    return py;
  } finally {
    unhook();
    // Pyodide never asked (another version?): drop the clone's buffered copy
    if (!wasmHandedOver) wasm.then(({ clone }) => clone.body?.cancel()).catch(() => {});
  }
}

// Also started at evaluation (runtime/boot.js imports this module as soon as it has read pyscript.json),
// so the restore overlaps the rest of PyScript's start-up instead of waiting for it.
const restored = restore();
restored.catch(() => {}); // handled in loadPyodide

/** PyScript calls this with its options: stdout/stderr writers (and indexURL, replaced here). */
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL: _ignored, ...other } = options;
  try {
    if (Object.keys(other).length) throw new Error(`options it was not made for: ${Object.keys(other)}`);
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
    return py;
  } catch (err) {
    status.state = "fallback";
    status.reason = String(err?.message ?? err);
    console.warn(`Boot snapshot not used (${status.reason}); starting Python without it.`);
    keptWasm = null;
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
