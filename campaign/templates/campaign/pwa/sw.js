// Muster's service worker: rosters and campaign pages seen online are kept, and shown offline with a note.
// Pages are kept per person: each logged-in page names its viewer (X-Muster-Viewer, an opaque key), copies go to
// that viewer's cache only, and seeing another viewer drops every other viewer's copies. Logging out clears them
// all (the logout answer carries Clear-Site-Data).
const CACHE = "muster-v1";
const PAGES = "muster-pages-";
const VIEWER_KEY = "/__muster_viewer";
const OFFLINE_URL = "{{ offline_url|escapejs }}";
const PRECACHE = [OFFLINE_URL{% for url in precache %}, "{{ url|escapejs }}"{% endfor %}];
const KEPT = /^\/(campaigns|warbands)\/\d+\/$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE && !key.startsWith(PAGES)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

async function currentViewer() {
  const hit = await (await caches.open(CACHE)).match(VIEWER_KEY);
  return hit ? hit.text() : "";
}

async function keep(viewer, request, response) {
  const cache = await caches.open(CACHE);
  if (viewer !== (await currentViewer())) {
    await cache.put(VIEWER_KEY, new Response(viewer));
    const keys = await caches.keys();
    await Promise.all(keys.filter((k) => k.startsWith(PAGES) && k !== PAGES + viewer).map((k) => caches.delete(k)));
  }
  if (response) await (await caches.open(PAGES + viewer)).put(request, response);
}

async function offlineCopy(request) {
  const cache = await caches.open(CACHE);
  const viewer = await currentViewer();
  const kept = viewer ? await (await caches.open(PAGES + viewer)).match(request, { ignoreSearch: true }) : undefined;
  if (!kept) return cache.match(OFFLINE_URL);
  // The page carries a hidden note in its own language; unhide it so the reader knows this is not live.
  const html = (await kept.text()).replace('id="offline-note" hidden', 'id="offline-note"');
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
    return;
  }
  if (request.mode !== "navigate") return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        const viewer = response.headers.get("X-Muster-Viewer") || "";
        if (response.ok && viewer) {
          event.waitUntil(keep(viewer, request, KEPT.test(url.pathname) ? response.clone() : null));
        }
        return response;
      })
      .catch(() => offlineCopy(request))
  );
});
