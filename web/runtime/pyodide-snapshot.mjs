// PyScript `interpreter` module (named by pyscript.json when build.py made a snapshot): boots the
// vendored Pyodide from a memory snapshot made at build time, with the engine already imported and
// every game warmed up, and falls back to a plain boot whenever the snapshot is missing or refused.
//
// The snapshot is the whole wasm heap of a Pyodide that build.py booted in Node on the SAME stdlib zip
// that dist/ ships. It is gzipped (31 MB -> ~10 MB; the gzip CRC catches a damaged or truncated file)
// and inflated with DecompressionStream. Pyodide itself refuses one made by another Pyodide build (BUILD_ID check); the
// check below refuses one made on another stdlib zip (zipimport keeps the zip's directory in the heap).
// globalThis.pgcSnapshot = {state: "loading" | "used" | "fallback", reason?} says which path was taken.

import { loadPyodide as loadPlain, version } from "../pyscript/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../pyscript/pyodide/", import.meta.url).href;
export const SNAPSHOT_URL = new URL("../pyscript/pyodide/pgc-engine.snap.gz", import.meta.url).href;

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

// Started when this module is evaluated, so the download overlaps PyScript's own start-up.
const snapshot = fetch(SNAPSHOT_URL).then(download);
snapshot.catch(() => {}); // handled in loadPyodide

// Runs right after the restore: reseeds the global RNG (its state was frozen at build time) and
// checks that the stdlib zip served now is the one the snapshot was made on. Returns "" when fine.
const CHECK = `
def _pgc_snapshot_check():
    import random, sys, zlib
    random.seed()
    want = getattr(sys, "_pgc_snapshot_stdlib", None)
    with open(next(p for p in sys.path if p.endswith(".zip")), "rb") as f:
        data = f.read()
    got = (len(data), zlib.crc32(data[-131072:]))
    if want is None:
        return "the snapshot has no stdlib stamp"
    if tuple(want) != got:
        return f"it was made on another python_stdlib.zip ({tuple(want)} != {got})"
    if "pygame_core.webapi" not in sys.modules:
        return "the engine is not in the snapshot"
    return ""
_pgc_snapshot_check()
`;

async function restore() {
  // Given as a promise: Pyodide starts the wasm, stdlib and lock downloads while it arrives.
  const py = await loadPlain({ indexURL: INDEX_URL, _loadSnapshot: snapshot });
  const problem = py.runPython(CHECK, { globals: py.toPy({}) });
  if (problem) throw new Error(problem);
  return py;
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
    return py;
  } catch (err) {
    status.state = "fallback";
    status.reason = String(err?.message ?? err);
    console.warn(`Boot snapshot not used (${status.reason}); starting Python without it.`);
    return loadPlain({ ...options, indexURL: INDEX_URL });
  }
}
