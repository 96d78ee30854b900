/**
 * The panel's service worker, served at /panel/sw.js (scope /panel/, registered only by the
 * Avisos page's island). It caches nothing: it shows each push as a notification (iOS revokes
 * a subscription whose pushes show none) and opens or focuses the notification's panel page
 * on a tap. Only /panel/ URLs are opened, whatever the payload says.
 */
export const SERVICE_WORKER_SOURCE = `'use strict';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function panelUrl(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : '/panel/', self.location.origin);
    if (url.origin === self.location.origin && url.pathname.startsWith('/panel/')) return url.href;
  } catch (error) {
    // not a URL: the panel's start page
  }
  return new URL('/panel/', self.location.origin).href;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Aviso del panel';
  const body = typeof data.body === 'string' ? data.body : '';
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/panel/icono-192.png',
      lang: 'es-AR',
      data: { url: panelUrl(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = panelUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === url);
      if (same) return same.focus();
      const panel = windows.find((w) => new URL(w.url).pathname.startsWith('/panel/'));
      if (panel) {
        await panel.focus();
        return panel.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
`;
