/*
 * Quad's service worker (issue 23): the app shell offline. At install it stores the page and what
 * the page's own tags load (the entry script and style, the manifest, the icons); afterwards every
 * hashed asset a screen fetches is stored as it passes (they never change under one name). A page
 * load without a network is answered with the stored page, and the app says plainly that it is
 * offline. The API, the socket and uploaded media are never cached: they always go to the network.
 * Bump VERSION when this file's behaviour changes; a new build's page replaces the stored one.
 */
const VERSION = 'quad-shell-v1';
const SHELL = ['/', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

async function precacheShell() {
  const cache = await caches.open(VERSION);
  await cache.addAll(SHELL);
  // The scripts and styles the page itself loads (their names are hashed per build).
  const page = await (await cache.match('/')).text();
  const urls = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cache.addAll([...new Set(urls)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== VERSION).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

const isLive = (url) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/ws') || url.pathname.startsWith('/media/');

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isLive(url)) return;

  if (request.mode === 'navigate') {
    // The network first (a new build's page), the stored page when there is none.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(VERSION).then((cache) => cache.put('/', copy));
          }
          return response;
        })
        .catch(async () => (await caches.match('/')) || Response.error()),
    );
    return;
  }

  // Hashed assets and the shell's files: stored copy first, else the network (and keep it).
  event.respondWith(
    caches.match(request).then(
      (stored) =>
        stored ||
        fetch(request).then((response) => {
          if (response.ok && (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname))) {
            const copy = response.clone();
            caches.open(VERSION).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
