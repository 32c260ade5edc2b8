// Boots the Python game engine in the page (the vendored Pyodide, from its boot snapshot when the build
// made one) and exposes it to JS. It reads ../pyscript.json and does what PyScript would with it (the
// interpreter module, the engine zip, runtime/main.py) without PyScript's own start-up; a config with
// keys it does not know (e.g. `packages`) is left to the vendored PyScript. performance.mark("pgc:...")
// entries time each step (bench/README, "Boot").
//
//   <script type="module" src="./runtime/boot.js"></script>
//   import { ready } from "./runtime/boot.js";            // resolves with window.pgc
//   document.addEventListener("pgc-ready", (e) => e.detail.call("catalog", {}));
//   window.pgc.call(method, argsObject) -> {ok: true, result} | {ok: false, error: {kind, message, code}}
//
// It starts when evaluated: from the page's <head> where runtime/pick-snapshot.js imports it (a snapshot
// build; it then imports the snapshot shim at once, pgcBootSnapshot.interpreter, before pyscript.json is
// read), else as the page's module script.
// While Pyodide boots, #boot-progress (the page's own element, or an overlay made here) shows a
// <progress> bar and the current step. The service worker ./sw.js is registered once boot settles (in
// the task after it: the page's first drawing first);
// "pgc-update" is dispatched on document when a newer build took over (reload to use it). Once the
// page is ready, the idle clock of ./offline.js starts: what is not needed to play (the service
// worker's precache, the stdlib zip of a snapshot boot) waits until the player has been idle a while.
// On failure: #boot-progress[data-state="error"] says why, "pgc-error" is dispatched, `ready` rejects.
// window.pgcReadyAt = performance.now() at the moment the engine answered (benchmark metric).

import { registerServiceWorker, startIdleClock } from "./offline.js";

const HERE = import.meta.url;
const url = (rel) => new URL(rel, HERE).href;
const SITE = url("../");
const BOOT_TIMEOUT_MS = 180_000;
const STEPS = {
  download: "Downloading the game runtime…",
  python: "Starting Python…",
  engine: "Loading the game engine…",
  ready: "Ready.",
};

// ------------------------------------------------------------------ progress indicator

const OVERLAY_CSS = `
#boot-progress.pgc-boot-overlay{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;
  justify-content:center;background:rgba(250,248,243,.94);color:#1d1d1f;font:16px/1.4 system-ui,sans-serif}
#boot-progress.pgc-boot-overlay[hidden]{display:none}
#boot-progress.pgc-boot-overlay .pgc-boot-card{min-width:16rem;max-width:32rem;padding:1.25rem 1.5rem;
  border-radius:.75rem;background:#fff;box-shadow:0 4px 24px rgba(0,0,0,.15)}
#boot-progress.pgc-boot-overlay progress{display:block;width:100%;height:1rem;margin-top:.5rem}
#boot-progress[data-state="error"] .pgc-boot-text{color:#a40000;font-weight:600}
@media (prefers-color-scheme: dark){#boot-progress.pgc-boot-overlay{background:rgba(20,20,22,.94);color:#eee}
  #boot-progress.pgc-boot-overlay .pgc-boot-card{background:#2a2a2e}
  #boot-progress[data-state="error"] .pgc-boot-text{color:#ff8a80}}`;

function progressUI() {
  let root = document.getElementById("boot-progress");
  if (!root) {
    const style = document.createElement("style");
    style.textContent = OVERLAY_CSS;
    document.head.append(style);
    root = document.createElement("div");
    root.id = "boot-progress";
    root.className = "pgc-boot-overlay";
    const card = document.createElement("div");
    card.className = "pgc-boot-card";
    root.append(card);
    (document.body || document.documentElement).append(root);
  }
  root.hidden = false;
  root.setAttribute("role", "status");
  root.setAttribute("aria-live", "polite");
  const holder = root.querySelector(".pgc-boot-card") || root;
  let text = root.querySelector("[data-boot-text], .pgc-boot-text");
  if (!text) {
    text = document.createElement("p");
    text.className = "pgc-boot-text";
    text.style.margin = "0";
    holder.append(text);
  }
  let bar = root.querySelector("progress");
  if (!bar) {
    bar = document.createElement("progress");
    holder.append(bar);
  }
  bar.setAttribute("aria-label", "Loading the game engine");
  let settled = false; // after done()/fail() late progress events change nothing
  return {
    root,
    step(name, detail = "") {
      if (settled) return;
      root.dataset.state = "loading";
      root.dataset.step = name;
      text.textContent = STEPS[name] + (detail ? ` ${detail}` : "");
    },
    bytes(done, total) {
      if (settled) return;
      if (total > 0) {
        bar.max = total;
        bar.value = Math.min(done, total);
        const pct = Math.min(100, Math.round((100 * done) / total));
        this.step("download", `${mb(done)} of ${mb(total)} MB (${pct}%)`);
      } else {
        this.step("download", `${mb(done)} MB`);
      }
    },
    indeterminate() {
      if (!settled) bar.removeAttribute("value");
    },
    done() {
      settled = true;
      root.dataset.state = "ready";
      root.dataset.step = "ready";
      text.textContent = STEPS.ready;
      bar.max = 1;
      bar.value = 1;
      root.hidden = true;
    },
    fail(message) {
      settled = true;
      root.hidden = false;
      root.dataset.state = "error";
      root.setAttribute("role", "alert");
      text.textContent = `Could not start the game engine: ${message}. Reload the page to try again.`;
      bar.hidden = true;
    },
  };
}

const mb = (n) => (n / 1e6).toFixed(1);

// The indicator before the page's body exists (runtime/pick-snapshot.js starts this module from the
// <head>): the calls are kept, only the last step or byte count of a run of them, and replayed on the
// real indicator once there is a body to put it in.
function laterUI() {
  let real = null;
  let calls = [];
  const ui = {
    attach() {
      real = progressUI();
      for (const [name, args] of calls) real[name](...args);
      calls = null;
    },
  };
  for (const name of ["step", "bytes", "indeterminate", "done", "fail"]) {
    ui[name] = (...args) => {
      if (real) return real[name](...args);
      if (name === "step" || name === "bytes") calls = calls.filter(([n]) => n !== "step" && n !== "bytes");
      calls.push([name, args]);
    };
  }
  return ui;
}

// ------------------------------------------------------------------ download progress
// Pyodide fetch()es the wasm and the lock file, the snapshot worker (or runtime/pyodide-snapshot.mjs)
// the boot snapshot (build-info.json's boot_download_bytes is their total); a plain boot (no snapshot, or its fallback)
// fetches the stdlib zip too (stdlib_bytes); PyScript fetches the engine zip (with a snapshot) or,
// without one, micropip's wheel (from pyscript/pyodide/, once Python runs) and the engine wheel.
// During boot, fetch is wrapped to count the bytes of those responses as they stream in; the worker's
// download is reported through globalThis.pgcBootDownloads (countDownloads' `elsewhere`).

function countDownloads(ui, expectedTotal, fail, skipped, totalKnown) {
  const original = window.fetch;
  const watched = (u) => u.startsWith(url("../pyscript/pyodide/"));
  // A failed download of one of these means the boot cannot succeed (Pyodide would only log a warning
  // and wait forever), so it ends the boot at once with a clear message.
  // The boot snapshot is optional: runtime/pyodide-snapshot.mjs boots without it if it is missing.
  const optional = (u) => /\.snap(\.gz|\.br)?$/.test(u);
  const essential = (u) =>
    !optional(u) &&
    (watched(u) ||
      u.startsWith(url("../pyscript/")) ||
      u.startsWith(url("./")) ||
      u === url("../pyscript.json") ||
      (u.startsWith(SITE) && (u.endsWith(".zip") || u.endsWith(".whl"))));
  const relName = (u) => (u.startsWith(SITE) ? u.slice(SITE.length) : u);
  // url -> {done, total, finished}; a URL fetched again (the snapshot shim's plain-boot fallback
  // starts Pyodide over) replaces its entry, and the abandoned first response no longer counts.
  const seen = new Map();
  let started = false; // latched once every runtime download is in: the step stays "Starting Python"
  // The bar's total first: build-info.json read, and the page's snapshot there or known missing (a
  // missing one is replaced by the stdlib zip); only then its bytes.
  const refused = new Set();
  const snapshot = globalThis.pgcBootSnapshot?.url;
  const report = () => {
    if (started || !totalKnown() || (snapshot && !seen.has(snapshot) && !refused.has(snapshot))) return;
    let done = 0;
    let total = 0;
    for (const entry of seen.values()) {
      done += entry.done;
      total += entry.total || entry.done;
    }
    const pending = [...seen.values()].some((entry) => !entry.finished);
    const expected = expectedTotal();
    if (!pending && (expected ? done >= expected : seen.size >= 2)) {
      started = true;
      ui.step("python");
      ui.indeterminate();
      return;
    }
    ui.bytes(done, Math.max(expected, total));
  };
  const wrapped = async function (input, init) {
    const u = new URL(typeof input === "string" || input instanceof URL ? input : input.url, location.href)
      .href;
    let response;
    try {
      response = await original.call(this, input, init);
    } catch (err) {
      if (essential(u)) fail(`could not download ${relName(u)} (${err.message}; offline?)`);
      if (optional(u)) {
        skipped(u);
        refused.add(u);
        report();
      }
      throw err;
    }
    if (!response.ok && essential(u)) fail(`could not download ${relName(u)} (HTTP ${response.status})`);
    if (!response.ok && optional(u)) {
      skipped(u);
      refused.add(u);
      report();
    }
    if (!watched(u) || !response.body || !response.ok) return response;
    try {
      const total = Number(response.headers.get("content-length")) || 0;
      const entry = { done: 0, total, finished: false };
      seen.set(u, entry);
      report();
      const counter = new TransformStream({
        transform(chunk, controller) {
          entry.done += chunk.byteLength;
          report();
          controller.enqueue(chunk);
        },
        flush() {
          entry.finished = true;
          report();
        },
      });
      return new Response(response.body.pipeThrough(counter), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch {
      return response;
    }
  };
  // A download made elsewhere: the boot snapshot, by the snapshot worker (runtime/pick-snapshot.js has it
  // download the file itself), which runtime/pyodide-snapshot.mjs hears of and reports here as {total}
  // (the server answered), {done} (bytes so far), {done, finished} or {failed} (missing: skipped).
  let counting = true;
  const elsewhere = (u, { total, done, finished, failed }) => {
    if (!counting) return;
    if (failed) {
      seen.delete(u);
      skipped(u);
      refused.add(u);
      report();
      return;
    }
    if (!seen.has(u)) seen.set(u, { done: 0, total: total || 0, finished: false });
    const entry = seen.get(u);
    if (done !== undefined) entry.done = done;
    if (finished) entry.finished = true;
    report();
  };
  window.fetch = wrapped;
  const stop = () => {
    counting = false;
    if (window.fetch === wrapped) window.fetch = original;
  };
  stop.report = report;
  stop.elsewhere = elsewhere;
  return stop;
}

// ------------------------------------------------------------------ the engine bridge

function makePgc(pyCall) {
  return Object.freeze({
    call(method, args = {}) {
      let text;
      try {
        text = pyCall(String(method), JSON.stringify(args ?? {}));
      } catch (err) {
        console.error("pgc.call failed inside Python:", err);
        const lines = String(err?.message ?? err)
          .trim()
          .split("\n");
        return { ok: false, error: { kind: "internal", message: lines[lines.length - 1], code: "internal" } };
      }
      return JSON.parse(text);
    },
  });
}

// ../pyscript.json with every URL made absolute (PyScript resolves "interpreter" against the page and
// "files" against the config file, so this works for a page in any folder, e.g. runtime/selftest.html).
// "packages" (the engine wheel of a build without a snapshot, installed by micropip) are site paths too.
// It is given to PyScript inline: boot.js reads it before PyScript has loaded, which lets it start
// the interpreter module (and the boot snapshot download it begins) while core.js is still loading.
async function pyscriptConfig() {
  const configUrl = url("../pyscript.json");
  const response = await fetch(configUrl);
  if (!response.ok) throw new Error(`${configUrl}: HTTP ${response.status}`);
  const config = await response.json();
  if (config.interpreter) config.interpreter = new URL(config.interpreter, configUrl).href;
  const absolute = (files) =>
    Object.fromEntries(Object.entries(files).map(([from, to]) => [new URL(from, configUrl).href, to]));
  if (config.files) config.files = absolute(config.files);
  if (config.game_files) {
    config.game_files = Object.fromEntries(
      Object.entries(config.game_files).map(([game, files]) => [game, absolute(files)]),
    );
  }
  if (config.packages) {
    config.packages = config.packages.map((p) => (p.startsWith("./") ? new URL(p, configUrl).href : p));
  }
  return config;
}

// The config keys that bootDirect knows; any other (e.g. `packages`) is left to PyScript.
// `game_files` (not PyScript's): {game id: files}, written besides `files` for the page's game only
// (globalThis.pgcBootSnapshot.game, set by runtime/pick-snapshot.js), or every game's where it names none.
const DIRECT_KEYS = new Set(["interpreter", "files", "game_files"]);

function pageFiles(config) {
  const games = config.game_files || {};
  const game = globalThis.pgcBootSnapshot?.game;
  const picked = game && Object.hasOwn(games, game) ? [games[game]] : Object.values(games);
  return Object.assign({}, config.files || {}, ...picked);
}
const direct = (config) =>
  Boolean(config.interpreter) && Object.keys(config).every((key) => DIRECT_KEYS.has(key));

// The entries of a zip file as [name, bytes], inflated with the browser's DecompressionStream while
// Python is still starting (Pyodide's unpackArchive runs Python's zipfile on a cold interpreter: about
// 0.1 s). Null where it cannot (no "deflate-raw" stream, zip64, an entry name going out of its folder):
// the caller then unpacks it with Pyodide.
async function unzip(buffer) {
  if (typeof DecompressionStream !== "function") return null;
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const jobs = [];
  for (let k = 0; k < count; k++) {
    if (view.getUint32(at, true) !== 0x02014b50) return null;
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skip;
    if (name.endsWith("/")) continue;
    if (size === 0xffffffff || local === 0xffffffff || (method !== 0 && method !== 8)) return null;
    if (name.startsWith("/") || name.split("/").includes("..")) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    jobs.push(
      method === 0
        ? [name, data]
        : new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw")))
            .arrayBuffer()
            .then((inflated) => [name, new Uint8Array(inflated)]),
    );
  }
  return Promise.all(jobs);
}

// Writes a `files` entry of the config (PyScript's rules: "to" ending in "*" unpacks a zip there).
async function putFile(py, to, bytes, entries) {
  if (!to.endsWith("*")) {
    const dir = to.includes("/") ? to.slice(0, to.lastIndexOf("/")) : "";
    if (dir) py.FS.mkdirTree(dir);
    py.FS.writeFile(to, new Uint8Array(bytes));
    return;
  }
  const dir = to.slice(0, -1) || "./";
  py.FS.mkdirTree(dir);
  const inflated = await entries.catch(() => null);
  if (!inflated) {
    py.unpackArchive(bytes, "zip", { extractDir: dir });
    return;
  }
  for (const [name, data] of inflated) {
    const path = dir + name;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (folder) py.FS.mkdirTree(folder);
    py.FS.writeFile(path, data);
  }
}

// What PyScript would do with this config, without PyScript (its start-up cost ~0.3 s of a ~1 s boot,
// for nothing the pages use): the interpreter module's loadPyodide, the `files` written into the
// working directory, then ./main.py run as __main__. Every download starts at once, and the zips are
// inflated, beside the restore of the boot snapshot.
async function bootDirect(config, fail) {
  const files = Object.entries(pageFiles(config)).map(([from, to]) => {
    const bytes = fetch(from).then((r) => {
      if (!r.ok) throw new Error(`could not download ${from} (HTTP ${r.status})`);
      return r.arrayBuffer();
    });
    const entries = to.endsWith("*") ? bytes.then(unzip) : Promise.resolve(null);
    bytes.catch(() => {}); // awaited below
    entries.catch(() => {});
    return { to, bytes, entries };
  });
  const mainSource = fetch(url("./main.py")).then((r) => {
    if (!r.ok) throw new Error(`could not download runtime/main.py (HTTP ${r.status})`);
    return r.text();
  });
  mainSource.catch(() => {});
  const module = await import(config.interpreter);
  const py = await module.loadPyodide({
    indexURL: new URL("./", config.interpreter).href,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  performance.mark("pgc:python-ready");
  for (const { to, bytes, entries } of files) await putFile(py, to, await bytes, entries);
  const source = await mainSource;
  performance.mark("pgc:files-ready");
  try {
    py.runPython(source, { filename: url("./main.py") });
  } catch (err) {
    const lines = String(err?.message ?? err)
      .trim()
      .split("\n");
    fail(lines[lines.length - 1]);
  }
}

// The PyScript way: PyScript reads the config from the <script type="py" config> tags present when
// core.js is evaluated, so the tag goes in first (without it PyScript would fall back to its CDN Pyodide).
function bootPyScript(config) {
  // the same module instance PyScript imports later; a failure here is PyScript's to report
  if (config.interpreter) import(config.interpreter).catch(() => {});
  const script = document.createElement("script");
  script.type = "py";
  script.src = url("./main.py");
  script.setAttribute("config", JSON.stringify(config));
  document.body.append(script);
  return import(url("../pyscript/core.js")).then(
    () => performance.mark("pgc:pyscript-loaded"),
    (err) => {
      throw new Error(`PyScript did not load (${err.message})`);
    },
  );
}

// The page's elements are all there (its parser is done); boot.js may run before (from the <head>).
function whenParsed() {
  if (document.readyState !== "loading") return Promise.resolve();
  return new Promise((r) => document.addEventListener("readystatechange", r, { once: true }));
}

function boot() {
  performance.mark("pgc:boot-start");
  const ui = laterUI();
  whenParsed().then(() => ui.attach());
  ui.step("download");
  // The interpreter module the page's <head> names (runtime/pick-snapshot.js: the snapshot shim), at
  // once: it starts the snapshot's inflate, the wasm's compile and the restore while pyscript.json is
  // still being read (bootDirect imports the same module instance).
  const early = globalThis.pgcBootSnapshot?.interpreter;
  // boot_download_bytes counts the boot snapshot of no game (snapshot_bytes) too, unless it turns out
  // missing; a page that boots from its game's snapshot (runtime/pick-snapshot.js) counts that one
  // instead (game_snapshot_bytes); when a build with a snapshot boots without it, the stdlib zip
  // (stdlib_bytes) is fetched instead.
  let info = {};
  let infoKnown = false;
  let snapshotMissing = false;
  // preloaded by the page's <head> (hence no cache option): awaited before the interpreter starts, so
  // the bar knows its total before the first byte is counted; it only feeds the bar, never blocks it
  const infoRead = fetch(url("../build-info.json"))
    .then((r) => (r.ok ? r.json() : {}))
    .then((got) => {
      info = got;
    })
    .catch(() => {})
    .finally(() => {
      infoKnown = true;
      stopCounting.report();
    });
  const expected = () => {
    const plain = snapshotMissing || globalThis.pgcSnapshot?.state === "fallback";
    const kernel = Number(info.snapshot_bytes) || 0;
    const game = globalThis.pgcBootSnapshot?.game;
    const own = game ? Number(info.game_snapshot_bytes?.[game] ?? kernel) : kernel;
    return Math.max(
      0,
      (Number(info.boot_download_bytes) || 0) -
        kernel +
        (snapshotMissing ? 0 : own) +
        (plain && info.snapshot ? Number(info.stdlib_bytes) || 0 : 0),
    );
  };
  let failEarly = () => {};
  const stopCounting = countDownloads(
    ui,
    expected,
    (message) => failEarly(message),
    () => {
      snapshotMissing = true;
    },
    () => infoKnown,
  );
  globalThis.pgcBootDownloads = stopCounting.elsewhere;
  if (early) import(early).catch(() => {}); // a failure is bootDirect's to report

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`no answer after ${BOOT_TIMEOUT_MS / 1000} s`), BOOT_TIMEOUT_MS);
    const onError = (event) => {
      const msg = event?.reason?.message ?? event?.message ?? event?.error?.message;
      if (msg && /pyodide|pyscript|python/i.test(String(event?.filename ?? "") + msg)) fail(msg);
    };
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onError);
    const settle = () => {
      clearTimeout(timer);
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onError);
      stopCounting();
    };
    const fail = (message) => {
      settle();
      reject(new Error(String(message)));
    };
    failEarly = fail;
    // Called from runtime/main.py.
    window.__pgcBoot = {
      step: (name) => {
        ui.step(name);
        ui.indeterminate();
      },
      ready: (pyCall) => {
        performance.mark("pgc:engine-ready");
        settle();
        resolve(pyCall);
      },
      fail,
    };

    Promise.all([pyscriptConfig(), infoRead])
      .then(([config]) => {
        performance.mark("pgc:config-read");
        return direct(config) ? bootDirect(config, fail) : whenParsed().then(() => bootPyScript(config));
      })
      .catch((err) => fail(err.message));
  })
    .then(
      (pyCall) => {
        const pgc = makePgc(pyCall);
        window.pgc = pgc;
        window.pgcReadyAt = performance.now();
        ui.done();
        document.documentElement.dataset.pgcReady = "true";
        document.dispatchEvent(new CustomEvent("pgc-ready", { detail: pgc }));
        return pgc;
      },
      (err) => {
        const message = String(err?.message ?? err).replace(/[.\s]+$/, "");
        console.error("pygame_core boot failed:", err);
        ui.fail(message);
        document.documentElement.dataset.pgcReady = "error";
        document.dispatchEvent(new CustomEvent("pgc-error", { detail: { message } }));
        throw err;
      },
    )
    .finally(() => {
      // in a task of its own: the page's first drawing, which awaits `ready`, comes first
      setTimeout(() => registerServiceWorker(() => document.dispatchEvent(new CustomEvent("pgc-update"))));
      startIdleClock();
    });
}

/** Resolves with window.pgc once the engine answers; rejects if it could not start. */
export const ready = boot();
ready.catch(() => {}); // the failure is shown in #boot-progress; awaiting callers still see the rejection
window.pgcReady = ready;
