// The bot worker: a dedicated module worker with a Pyodide of its own, where the bots think and the hints
// are searched, off the page's main thread (issue 20: while a bot thinks, no main-thread task runs longer
// than 50 ms). web/app/thinker.js starts it and talks to it; nothing else does.
//
// It boots like the page: the interpreter module pyscript.json names (runtime/pyodide-snapshot.mjs in a
// snapshot build: its public loadPyodide, told which snapshot to restore through
// globalThis.pgcBootSnapshot = {url, game}, as runtime/pick-snapshot.js tells it in a page), then the
// engine zip and the game's zip of pyscript.json's `files` and `game_files` (a build without a snapshot:
// the engine wheel of `packages`, unpacked). Every file is one the page fetched already (the HTTP cache
// or the service worker answers; offline, the service worker): no new outside request, nothing from a CDN.
// The biggest two, the wasm and the snapshot, come with the init message from the page (its
// runtime/pyodide-snapshot.mjs's pgcBootFiles: the bytes it booted from, and the wasm compiled), since
// the HTTP cache may not keep them (a 9.6 MB wasm; a private window): this worker's fetch of those URLs
// is answered with them, and the wasm is not compiled again. A first visit downloads each file once.
//
// Messages from the page:
//   {type: "init", game, snapshot, files, module}   first: the game played (its zip), the page's
//                                    snapshot URL (or null), the files the page gives ({url: Blob}) and
//                                    the wasm compiled (a WebAssembly.Module, or null)
//   {id, sync, method, args}         webapi "sync" with `sync` (the page's "position", or null: unchanged),
//                                    then webapi `method` with `args`; answered in the order asked. A
//                                    "hint" with a `budget_ms` (and no `iterations`) is searched in slices
//                                    of HINT_SLICE_MS (webapi "hint" with `more`: one tree); a question
//                                    that arrives meanwhile (the page moved on: a move, a bot's turn) ends
//                                    it after the slice running, answered with what it has (`cancelled`)
// Messages to the page:
//   {type: "ready", bootMs, heapBytes, snapshot}   booted (snapshot: "used" | "fallback" | "none")
//   {type: "failed", message}                      could not boot (the page then thinks on its own thread)
//   {id, reply, ms, syncMs, callMs, heapBytes}     reply = webapi's JSON reply, parsed; ms = the whole
//                                                  answer (sync, call, reply), syncMs = the sync's part,
//                                                  callMs = webapi `method`'s (its first call: a
//                                                  sliced hint's first slice)

const HERE = import.meta.url;
const site = (rel) => new URL(rel, new URL("../", HERE)).href;

let booting = null;
let call = null; // webapi.call(method, argsJson) -> replyJson
let py = null;

const heapBytes = () => {
  try {
    return py._module.HEAPU8.length;
  } catch {
    return null;
  }
};

// what runtime/boot.js's bootDirect does with a `files` entry: "to" ending in "*" unpacks a zip there
async function putFile(from, to) {
  const response = await fetch(from);
  if (!response.ok) throw new Error(`could not download ${from} (HTTP ${response.status})`);
  const bytes = await response.arrayBuffer();
  if (to.endsWith("*")) {
    const dir = to.slice(0, -1) || "./";
    py.FS.mkdirTree(dir);
    py.unpackArchive(bytes, "zip", { extractDir: dir });
    return;
  }
  const dir = to.includes("/") ? to.slice(0, to.lastIndexOf("/")) : "";
  if (dir) py.FS.mkdirTree(dir);
  py.FS.writeFile(to, new Uint8Array(bytes));
}

// The files the page gave (url -> Blob) answer this worker's fetch of those URLs (every time: a plain
// boot after a refused snapshot fetches the wasm again); anything else is fetched as usual.
function serveGiven(files) {
  const given = new Map(Object.entries(files || {}).filter(([, blob]) => blob instanceof Blob));
  if (!given.size) return;
  const plain = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const blob = given.get(url);
    if (!blob || (init?.method && init.method !== "GET")) return plain(input, init);
    const type = url.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return Promise.resolve(
      new Response(blob, { headers: { "Content-Type": type, "Content-Length": String(blob.size) } }),
    );
  };
}

async function boot({ game, snapshot, files: given, module: compiled }) {
  const t0 = performance.now();
  serveGiven(given);
  // the snapshot the page booted from (its bytes are given or cached) and the wasm it compiled:
  // runtime/pyodide-snapshot.mjs reads this when it is evaluated, i.e. at the import below
  if (snapshot) globalThis.pgcBootSnapshot = { url: snapshot, game: game || "", module: compiled ?? null };
  const configUrl = site("pyscript.json");
  const response = await fetch(configUrl);
  if (!response.ok) throw new Error(`${configUrl}: HTTP ${response.status}`);
  const config = await response.json();
  const interpreter = new URL(config.interpreter, configUrl).href;
  const module = await import(interpreter);
  py = await module.loadPyodide({
    indexURL: new URL("./", interpreter).href,
    stdout: (line) => console.log(`[bot worker] ${line}`),
    stderr: (line) => console.warn(`[bot worker] ${line}`),
  });
  const files = { ...(config.files || {}), ...((config.game_files || {})[game] || {}) };
  const jobs = Object.entries(files).map(([from, to]) => putFile(new URL(from, configUrl).href, to));
  // a build without a snapshot: the engine wheel (PyScript would install it with micropip)
  for (const wheel of (config.packages || []).filter((p) => p.startsWith("./") && p.endsWith(".whl"))) {
    jobs.push(
      fetch(new URL(wheel, configUrl).href).then(async (r) => {
        if (!r.ok) throw new Error(`could not download ${wheel} (HTTP ${r.status})`);
        py.unpackArchive(await r.arrayBuffer(), "wheel");
      }),
    );
  }
  await Promise.all(jobs);
  call = py.runPython("from pygame_core import webapi\nwebapi.call");
  // the search levels' module is not in the boot snapshot (the page never needs it): imported now, in
  // the boot, rather than in the first decision's time budget
  const warm =
    "import importlib.util\nif importlib.util.find_spec('pygame_core.bots.search'):\n" +
    "    import pygame_core.bots.search";
  try {
    py.runPython(warm);
  } catch {
    try {
      if (await installStdlib()) py.runPython(warm);
    } catch (err) {
      console.warn(`[bot worker] the search module did not load: ${err?.message ?? err}`);
    }
  }
  return {
    bootMs: Math.round(performance.now() - t0),
    heapBytes: heapBytes(),
    snapshot: globalThis.pgcSnapshot?.state ?? "none",
  };
}

// The stdlib of a snapshot boot is an empty zip (runtime/pyodide-snapshot.mjs: the snapshot holds what the
// pages import); a search bot may import a module the snapshot lacks. Then the real zip is put in its
// place once (as the page does when idle) and the call is made again.
let stdlibInstalled = false;
async function installStdlib() {
  if (stdlibInstalled || globalThis.pgcSnapshot?.state !== "used") return false;
  stdlibInstalled = true;
  const response = await fetch(site("pyscript/pyodide/python_stdlib.zip"));
  if (!response.ok) return false;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const where = py.runPython(`next(p for p in __import__("sys").path if p.endswith(".zip"))`);
  py.FS.writeFile(where, bytes);
  py.runPython(`import importlib; importlib.invalidate_caches()`);
  return true;
}

/** A hint's slice (ms): how long a newer question waits, at most, for the worker to turn to it. */
const HINT_SLICE_MS = 200;
/** The id of the newest question received (the page numbers them in order): a hint searched for an
 * older one stops at its next slice. */
let newest = 0;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The search reads the clock every few plies (pygame_core/bots/search.py CHECK_EVERY), and the reply (the
// move applied, its label) comes after it: a decision overruns its budget by a few plies and the reply,
// more on a loaded machine (a ply's wall time grows with the load). So a decision asks for its budget
// less the overrun seen lately (the 80th percentile of the last 20 decisions' overruns, at most half the
// budget): the page's wait then stays near the budget (issue 20 §4: p99 <= 1.2x) however busy the machine is.
const OVERRUNS_KEPT = 20;
const overruns = new Map(); // budget (ms) -> recent overruns (ms)
function headroom(budget) {
  const seen = [...(overruns.get(budget) ?? [])].sort((a, b) => a - b);
  if (!seen.length) return 0;
  return Math.min(budget / 2, seen[Math.floor(seen.length * 0.8)]);
}
function overran(budget, by) {
  const seen = overruns.get(budget) ?? [];
  seen.push(Math.max(0, by));
  if (seen.length > OVERRUNS_KEPT) seen.shift();
  overruns.set(budget, seen);
}

function pyCall(method, args) {
  const text = call(method, JSON.stringify(args ?? {}));
  return JSON.parse(text);
}

async function answer({ id, sync, method, args }) {
  const t0 = performance.now();
  let reply;
  let syncMs = 0;
  let callMs = 0;
  try {
    if (sync) {
      const synced = pyCall("sync", sync);
      syncMs = performance.now() - t0;
      if (!synced.ok) {
        postMessage({ id, reply: synced, ms: syncMs, syncMs, callMs, heapBytes: heapBytes() });
        return;
      }
    }
    // a time budget counts from the question (the sync above included): the page waits for all of it
    const timed = typeof args?.budget_ms === "number";
    const until = timed ? t0 + args.budget_ms : 0;
    const left = (most) => Math.max(1, Math.min(most, until - performance.now()));
    const sliced = timed && method === "hint" && args.iterations == null;
    const spare = timed && !sliced ? headroom(args.budget_ms) : 0;
    const ask = () =>
      sliced
        ? { ...args, budget_ms: left(HINT_SLICE_MS) }
        : timed
          ? { ...args, budget_ms: Math.max(1, until - spare - performance.now()) }
          : args;
    const t1 = performance.now();
    reply = pyCall(method, ask());
    if (!reply.ok && reply.error?.code === "internal" && (await installStdlib()))
      reply = pyCall(method, ask());
    callMs = performance.now() - t1;
    // the overrun past the deadline asked for (the search's last iteration and the reply)
    if (timed && !sliced && reply.ok) overran(args.budget_ms, performance.now() - (until - spare));
    while (sliced && reply.ok && performance.now() < until - 1) {
      await nextTask(); // the page's messages are read here
      if (newest !== id) {
        reply.result.cancelled = true;
        break;
      }
      reply = pyCall(method, { ...ask(), more: true });
    }
  } catch (err) {
    reply = {
      ok: false,
      error: { kind: "internal", message: String(err?.message ?? err), code: "internal" },
    };
  }
  postMessage({ id, reply, ms: performance.now() - t0, syncMs, callMs, heapBytes: heapBytes() });
}

// one message at a time, in the order they came (each carries the position it is about)
let queue = Promise.resolve();
self.addEventListener("message", ({ data }) => {
  if (data?.type === "init") {
    booting ??= boot(data).then(
      (info) => postMessage({ type: "ready", ...info }),
      (err) => {
        postMessage({ type: "failed", message: String(err?.message ?? err) });
        throw err;
      },
    );
    booting.catch(() => {});
    return;
  }
  if (typeof data?.id === "number") newest = Math.max(newest, data.id);
  queue = queue
    .then(() => booting)
    .then(
      () => answer(data),
      (err) =>
        postMessage({
          id: data.id,
          reply: {
            ok: false,
            error: { kind: "runtime", message: String(err?.message ?? err), code: "no_worker" },
          },
        }),
    );
});
