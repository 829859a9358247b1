// The page's service worker: the page opens at the table even without a connection.
//
// The page, its files and its manifest are fetched from the network first (always fresh after
// an update) and kept in a cache, which answers when the network does not. API calls (POST)
// never touch the cache: scores and rulings need the server, and the page says so when it
// cannot reach it.

const CACHE = 'alhambra-page-{{ version }}';
const FILES = {{ files|tojson }};

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    // The page varies with Accept-Language; the copy kept is the one this browser was sent.
    const kept = await cache.match(request, { ignoreVary: true })
      || await cache.match(request, { ignoreSearch: true, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const page = event.request.mode === 'navigate' && url.pathname === '/';
  const kept = url.pathname.startsWith('/static/') || url.pathname === '/manifest.webmanifest';
  if (event.request.method === 'GET' && url.origin === self.location.origin && (page || kept)) {
    event.respondWith(networkFirst(event.request));
  }
});
