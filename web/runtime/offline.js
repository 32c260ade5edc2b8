// What waits until the player has been idle for a while, and the service worker's precache.
//
// A first visit downloads only what the page needs to become playable. The rest (the stdlib zip of a
// snapshot boot, the files the service worker caches for offline play) waits until the page is ready
// AND no input (pointer, key, wheel, touch, scroll) came for IDLE_MS: then the queued tasks run one
// after the other, the precache last, so that a file the page has just downloaded costs the worker a
// 304 only. Used by runtime/boot.js and runtime/pyodide-snapshot.mjs (same module instance).
//
//   whenIdle(task)          queue task (async function) for the idle moment (run at once if it passed)
//   startIdleClock()        the page is ready: start counting (boot.js, on "pgc-ready" / "pgc-error")
//   window.pgcIdleNow()     run the idle tasks now (tests, benchmarks)
//   registerServiceWorker(onUpdate)  register ./sw.js; once idle, ask it to cache the whole build
//   window.pgcOffline       "waiting" | "precaching" | "ready" | "failed: ..." | "unsupported"
//                           ("ready": every file of the build is in the worker's cache); the event
//                           "pgc-offline" is dispatched on document at each change

export const IDLE_MS = 8000;
const INPUT = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"];
const SITE = new URL("../", import.meta.url).href;

const queue = [];
let clock = 0;
let armed = false;
let fired = false;
let running = Promise.resolve();

const run = (task) => {
  running = running.then(task).catch((err) => console.warn("idle task failed:", err));
  return running;
};

export function whenIdle(task) {
  if (fired) run(task);
  else queue.push(task);
}

function poke() {
  clearTimeout(clock);
  clock = setTimeout(idleNow, IDLE_MS);
}

export function startIdleClock() {
  if (armed || fired) return;
  armed = true;
  for (const type of INPUT) addEventListener(type, poke, { passive: true, capture: true });
  poke();
}

export function idleNow() {
  if (fired) return;
  fired = true;
  clearTimeout(clock);
  for (const type of INPUT) removeEventListener(type, poke, { capture: true });
  for (const task of queue.splice(0)) run(task);
}
globalThis.pgcIdleNow = idleNow;

function setOffline(state) {
  globalThis.pgcOffline = state;
  document.dispatchEvent(new CustomEvent("pgc-offline", { detail: state }));
}

// Asks the active worker to cache every file of its build; resolves when it answered.
async function precache() {
  const sw = navigator.serviceWorker;
  const registration = await sw.ready;
  setOffline("precaching");
  await new Promise((resolve) => {
    const onMessage = (event) => {
      const data = event.data || {};
      if (!("pgcPrecached" in data || "pgcPrecacheFailed" in data)) return;
      sw.removeEventListener("message", onMessage);
      setOffline("pgcPrecached" in data ? "ready" : `failed: ${data.pgcPrecacheFailed}`);
      resolve();
    };
    sw.addEventListener("message", onMessage);
    sw.startMessages();
    registration.active.postMessage("pgc-precache");
  });
}

/** Register ./sw.js (scope: the site); onUpdate() when a newer build took over a controlled page. */
export function registerServiceWorker(onUpdate = () => {}) {
  const allowed =
    "serviceWorker" in navigator && window.isSecureContext && /^https?:$/.test(location.protocol);
  if (!allowed) {
    setOffline("unsupported");
    return;
  }
  setOffline("waiting");
  // A page that is already controlled gets a new worker only when a new build was deployed: tell the
  // front end (it may offer a reload); nothing reloads by itself in the middle of a game. On a first
  // visit the first change is the worker claiming the page, which is not an update; later ones are.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled) onUpdate();
    controlled = true;
  });
  navigator.serviceWorker.register(new URL("sw.js", SITE), { scope: SITE }).then(
    () => {
      // not awaited by the queue: a worker that never becomes active must not hold up later tasks
      whenIdle(() => {
        precache().catch((err) => setOffline(`failed: ${err?.message ?? err}`));
      });
    },
    (err) => {
      setOffline(`failed: ${err?.message ?? err}`);
      console.warn("service worker not registered (the site still works online):", err);
    },
  );
}
