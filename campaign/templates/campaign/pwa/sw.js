// Muster's service worker: rosters and campaign pages seen online are kept, and shown offline with a note.
const CACHE = "muster-v1";
const OFFLINE_URL = "{{ offline_url|escapejs }}";
const PRECACHE = [OFFLINE_URL{% for url in precache %}, "{{ url|escapejs }}"{% endfor %}];
const KEPT = /^\/(campaigns|warbands)\/\d+\/$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

async function offlineCopy(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
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
        if (response.ok && KEPT.test(url.pathname)) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => offlineCopy(request))
  );
});
