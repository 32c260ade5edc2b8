// Service worker of the pygame_core site. build.py renders web/sw.template.js into dist/sw.js,
// filling in VERSION (content hash of the build), FILES (every file of dist/ but sw.js, the two wheels
// and LAZY) and LAZY (the boot snapshots: a first visit must not download every game's).
//
// - install: on a first visit (no older build cached) cache nothing yet: the page is booting or has
//   just booted and its own downloads are in the HTTP cache; fetching the ~20 MB site now would compete
//   with them (and, during boot, fetch the wasm and the snapshot a second time). The page asks for the
//   rest once the player has been idle for a while ("pgc-precache", see runtime/offline.js).
//   On an update (an older build is cached) precache every file before taking over, so the site stays
//   whole offline. Then take over at once (skipWaiting): a build is self-contained.
// - activate: delete the caches of older builds, claim open pages.
// - fetch: same-origin GETs are served cache-first (query strings ignored, "dir/" = "dir/index.html");
//   a file of this build (FILES or LAZY) that is not cached yet comes from the network and is cached on
//   the way, so nothing the page fetches once controlled is downloaded twice; anything else goes to the
//   network. A LAZY file is never precached: the page that booted from a snapshot puts it into this
//   cache itself once idle (runtime/pyodide-snapshot.mjs), or it is cached when fetched.
// - message "pgc-precache": cache every file of this build not cached yet (revalidating with the
//   server: a file the page already downloaded costs a 304), then answer {pgcPrecached: VERSION}.
//   "pgc-version" answers {pgcVersion: VERSION}.
/* eslint-env serviceworker */
"use strict";

const VERSION = "__PGC_VERSION__";
const CACHE = `pgc-${VERSION}`;
const PREFIX = "pgc-";
const FILES = __PGC_FILES__;
const LAZY = __PGC_LAZY__;

const scopeUrl = (rel) => new URL(rel, self.registration.scope).href;
const OWN = new Set(FILES.map(scopeUrl));
const KEPT = new Set([...FILES, ...LAZY].map(scopeUrl));

// "no-cache": revalidate with the server (a 304 when the HTTP cache has it) so that an older
// HTTP-cached copy never ends up in this build's cache.
const fresh = (href) => new Request(href, { cache: "no-cache" });

let precaching = null;
function precacheAll() {
  precaching ??= (async () => {
    const cache = await caches.open(CACHE);
    const have = new Set((await cache.keys()).map((r) => r.url));
    const missing = [...OWN].filter((href) => !have.has(href));
    // a few at a time: the page stays usable while the rest of the site comes in
    for (let i = 0; i < missing.length; i += 4) {
      await cache.addAll(missing.slice(i, i + 4).map(fresh));
    }
  })();
  precaching.catch(() => {
    precaching = null;
  }); // a failed run may be asked again
  return precaching;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const older = (await caches.keys()).some((name) => name.startsWith(PREFIX) && name !== CACHE);
      if (older) await precacheAll();
      else await caches.open(CACHE);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

function cacheKey(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const key = cacheKey(request);
      const hit = await cache.match(key);
      if (hit) return hit;
      const response = await fetch(request);
      if (KEPT.has(key) && response.status === 200 && !response.redirected && !request.headers.has("range")) {
        event.waitUntil(cache.put(key, response.clone()).catch(() => {}));
      }
      return response;
    })(),
  );
});

self.addEventListener("message", (event) => {
  const reply = (data) => event.source?.postMessage(data);
  if (event.data === "pgc-version") reply({ pgcVersion: VERSION });
  if (event.data === "pgc-precache") {
    event.waitUntil(
      precacheAll().then(
        () => reply({ pgcPrecached: VERSION }),
        (err) => reply({ pgcPrecacheFailed: String(err?.message ?? err) }),
      ),
    );
  }
});
