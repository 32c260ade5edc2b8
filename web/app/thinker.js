// The page's side of the bot worker (runtime/bot-worker.mjs): a second engine, in a Web Worker with its
// own Pyodide, where the bots think and the hints are searched while the page's main thread stays free
// (issue 20). The page's engine stays the one that holds the game: before each question the worker is
// brought to the page's position (webapi "position" here, "sync" there: after the first time only the
// actions that changed are replayed), and its answer is a move that the page then applies itself (webapi
// "bot" with that action). The worker never changes the page's game.
//
//   const thinker = new Thinker(pgc, sid, gameId);
//   thinker.start();                       // boot now (idempotent); else the first ask() boots it
//   await thinker.ask("bot", {seat, kind}) // webapi reply from the worker, or null: no worker (the caller
//                                          // asks the page's engine instead)
//   thinker.stop();
//
// window.pgcThinker (the one of the open game) has `state` ("off" | "booting" | "ready" | "failed"),
// `info` ({bootMs, heapBytes, snapshot} from the worker) and `calls` ([{method, ms, roundMs, heapBytes,
// cancelled, positionMs, syncMs, callMs, thinkMs}], the worker's whole answer and the round trip;
// cancelled: a hint the worker ended early because a newer question came; positionMs: the page's
// "position" call; syncMs, callMs: the worker's "sync" and `method` calls; thinkMs: a bot's choice in
// that call, the rest of it being the reply): bench/run.py reads them.

const WORKER_URL = new URL("../runtime/bot-worker.mjs", import.meta.url).href;
/** A worker that has not booted after this long is given up: the page's engine thinks instead. */
const BOOT_TIMEOUT_MS = 120_000;
/** Past this many actions the worker's first copy of the game is the save (its snapshot loads at once). */
const WHOLE_AFTER = 60;

export class Thinker {
  constructor(pgc, sid, game) {
    this.pgc = pgc;
    this.sid = sid;
    this.game = game;
    this.state = "off";
    this.info = null;
    this.calls = [];
    this.worker = null;
    this.booted = null;
    this.pending = new Map();
    this.seq = 0;
    this.synced = false; // the worker holds a copy of this game (a sync succeeded)
  }

  /** Boot the worker (once); resolves true when it is ready, false when it cannot be. */
  start() {
    if (this.booted) return this.booted;
    this.state = "booting";
    this.booted = new Promise((resolve) => {
      const failed = (why) => {
        if (this.state === "failed") return;
        console.warn(`bot worker: ${why}; the bots think on the page's thread`);
        this.state = "failed";
        clearTimeout(timer);
        try {
          this.worker?.terminate();
        } catch {
          /* gone already */
        }
        for (const settle of this.pending.values()) settle(null);
        this.pending.clear();
        resolve(false);
      };
      const timer = setTimeout(() => failed("no answer after 120 s"), BOOT_TIMEOUT_MS);
      try {
        if (typeof Worker !== "function") throw new Error("no Web Workers here");
        this.worker = new Worker(WORKER_URL, { type: "module" });
      } catch (err) {
        failed(String(err?.message ?? err));
        return;
      }
      this.worker.onmessage = ({ data }) => {
        if (data.type === "ready") {
          clearTimeout(timer);
          this.state = "ready";
          this.info = { bootMs: data.bootMs, heapBytes: data.heapBytes, snapshot: data.snapshot };
          resolve(true);
        } else if (data.type === "failed") {
          failed(data.message);
        } else if (this.pending.has(data.id)) {
          const settle = this.pending.get(data.id);
          this.pending.delete(data.id);
          settle(data);
        }
      };
      this.worker.onerror = (event) => {
        event.preventDefault();
        failed(event.message || "it stopped");
      };
      // what the page booted from (runtime/pyodide-snapshot.mjs: the wasm, compiled, and the snapshot):
      // the worker then downloads and compiles none of it again (nothing given: it fetches them)
      const given =
        typeof globalThis.pgcBootFiles === "function"
          ? globalThis.pgcBootFiles().catch(() => null)
          : Promise.resolve(null);
      given.then((boot) => {
        if (this.state !== "booting" || !this.worker) return;
        const init = {
          type: "init",
          game: this.game,
          snapshot: globalThis.pgcBootSnapshot?.url ?? null,
          files: boot?.files ?? {},
          module: boot?.module ?? null,
        };
        try {
          this.worker.postMessage(init);
        } catch {
          // a browser that cannot send the compiled module: the files alone
          this.worker.postMessage({ ...init, module: null });
        }
      });
    });
    return this.booted;
  }

  /** What the worker needs to hold the page's game as it stands (webapi "position"), or null if it fails. */
  position() {
    let r = this.pgc.call("position", { sid: this.sid });
    if (r.ok && !this.synced && r.result.actions_played > WHOLE_AFTER)
      r = this.pgc.call("position", { sid: this.sid, whole: true });
    if (!r.ok) return null;
    const { actions_played: _n, ...sync } = r.result;
    return sync;
  }

  /**
   * webapi `method` with `args` (the worker's copy of the game is its session: `sid` is added), asked of
   * the worker on the page's position as it stands now. Resolves with the reply ({ok, result | error}),
   * or null when there is no worker: the caller then asks the page's engine.
   */
  async ask(method, args) {
    if (!(await this.start())) return null;
    const tp = performance.now();
    const sync = this.position();
    const positionMs = performance.now() - tp;
    if (!sync) return null;
    const id = ++this.seq;
    const t0 = performance.now();
    const got = await new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({
        id,
        sync: { ...sync, sid: this.sid },
        method,
        args: { ...args, sid: this.sid },
      });
    });
    if (!got) return null; // the worker went away meanwhile
    if (got.reply?.ok) this.synced = true;
    this.calls.push({
      method,
      ms: got.ms,
      roundMs: performance.now() - t0,
      heapBytes: got.heapBytes,
      cancelled: Boolean(got.reply?.result?.cancelled),
      positionMs,
      syncMs: got.syncMs,
      callMs: got.callMs,
      thinkMs: got.reply?.result?.think_ms ?? null,
    });
    if (this.calls.length > 2000) this.calls.shift();
    return got.reply;
  }

  stop() {
    try {
      this.worker?.terminate();
    } catch {
      /* gone already */
    }
    for (const settle of this.pending.values()) settle(null);
    this.pending.clear();
    this.worker = null;
    this.booted = Promise.resolve(false); // asked after this: the caller's own engine answers
    if (this.state !== "failed") this.state = "off";
  }
}

/** Boot `thinker` once the page has drawn and is idle (not before the page is playable). */
export function startWhenIdle(thinker) {
  const go = () => thinker.start();
  if (typeof requestIdleCallback === "function") requestIdleCallback(go, { timeout: 3000 });
  else setTimeout(go, 500);
}
