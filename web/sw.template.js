// Service worker of the pygame_core site. build.py renders web/sw.template.js into dist/sw.js,
// filling in VERSION (content hash of the build) and FILES (every file of dist/ but sw.js).
//
// - install: precache every file of this build in the cache "pgc-<version>", then take over at once
//   (skipWaiting): a build is self-contained, so the next page load gets the whole new build.
// - activate: delete the caches of older builds, claim open pages (so the first visit is offline-ready).
// - fetch: same-origin GETs are served cache-first (query strings ignored, "dir/" = "dir/index.html"),
//   anything not precached goes to the network untouched.
/* eslint-env serviceworker */
"use strict";

const VERSION = "__PGC_VERSION__";
const CACHE = `pgc-${VERSION}`;
const PREFIX = "pgc-";
const FILES = __PGC_FILES__;

const scopeUrl = (rel) => new URL(rel, self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server (cheap 304s right after a visit) so an older
    // HTTP-cached copy never ends up in the new build's cache.
    await cache.addAll(FILES.map((f) => new Request(scopeUrl(f), { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
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
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(cacheKey(request));
    if (hit) return hit;
    return fetch(request);
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "pgc-version" && event.source) event.source.postMessage({ pgcVersion: VERSION });
});
