// PyScript `interpreter` module (named by pyscript.json when build.py made a snapshot): boots the
// vendored Pyodide from a memory snapshot made at build time, with the engine already imported and
// every game warmed up, and falls back to a plain boot whenever the snapshot is missing or refused.
//
// The snapshot is the whole wasm heap of a Pyodide that build.py booted in Node on the SAME stdlib zip
// that dist/ ships, stored as a difference from the wasm's initial memory (its data segments XORed in:
// runtime/snapshot-delta.mjs) and gzipped (31 MB -> ~3.8 MB; the gzip CRC catches a damaged or
// truncated file); it is inflated with DecompressionStream, then rebuilt with the bytes of
// pyodide.asm.wasm. That wasm is fetched ONCE, here: Pyodide's own fetch of it gets a clone of this
// response (a fetch hook that serves that one URL once), so it is downloaded a single time. The rebuild
// checks a checksum (a delta made against another wasm is refused), and Pyodide itself refuses a
// snapshot made by another Pyodide build (BUILD_ID check).
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
// rebuildMs = how long undoing the delta took.

import { loadPyodide as loadPlain, version } from "../pyscript/pyodide/pyodide.mjs";
import { rebuildSnapshot } from "./snapshot-delta.mjs";
import { whenIdle } from "./offline.js";

export { version };

const INDEX_URL = new URL("../pyscript/pyodide/", import.meta.url).href;
export const SNAPSHOT_URL = new URL("../pyscript/pyodide/pgc-engine.snap.gz", import.meta.url).href;
const STDLIB_URL = new URL("python_stdlib.zip", INDEX_URL).href;
const NO_STDLIB_URL = new URL("./no-stdlib.zip", import.meta.url).href;
const WASM_URL = new URL("pyodide.asm.wasm", INDEX_URL).href;
const ENGINE_PYC_URL = new URL("../pygame_core-pyc.zip", import.meta.url).href;

const status = { state: "loading" };
globalThis.pgcSnapshot = status;

// The snapshot's bytes, inflated while they stream in. A host that serves the .gz with
// "Content-Encoding: gzip" hands over inflated bytes already: the gzip magic number tells.
async function download(response) {
  if (!response.ok || !response.body) throw new Error(`${SNAPSHOT_URL}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array(0);
  const body = new ReadableStream({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const bytes = gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return new Uint8Array(await new Response(bytes).arrayBuffer());
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

const snapshot = Promise.all([snapshotResponse.then(download), wasmBytes()])
  .then(([delta, wasmFile]) => {
    const t0 = performance.now();
    const rebuilt = rebuildSnapshot(delta, wasmFile);
    status.rebuildMs = Math.round(performance.now() - t0);
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
    const py = await loadPlain({ indexURL: INDEX_URL, stdLibURL: NO_STDLIB_URL, _loadSnapshot: snapshot });
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
