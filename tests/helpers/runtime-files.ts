/**
 * The tests that can come out differently on another Node version: the 'runtime' project
 * (vitest.config.ts), which the image's Node line of .ci/run runs again after the main line
 * (README, Tests). Everything else is the same code on the same Chromium giving the same HTML,
 * proved once. A test about the runtime joins by adding its file here, under its reason;
 * tests/build/runtime-files.test.ts fails on a path that names no test file.
 */
export const RUNTIME_FILES: Readonly<Record<string, readonly string[]>> = {
  'native modules: libsql': ['tests/store/store.int.test.ts', 'tests/store/backup.int.test.ts'],
  'native modules: sharp': [
    'tests/server/instagram/photos.int.test.ts',
    'tests/server/share/share-pictures.int.test.ts',
  ],
  'Intl: es-AR money and dates, the Jujuy time zone': [
    'tests/catalogue/money.test.ts',
    'tests/catalogue/validity.test.ts',
    'tests/client/content/hours.test.ts',
    'tests/client/booking/calendar.test.ts',
  ],
  'HTTP streaming and compression (zlib, brotli, React streaming on Node streams)': [
    'tests/server/render.int.test.tsx',
    'tests/server/page-cache.int.test.tsx',
    'tests/server/slotted-response.test.ts',
    'tests/build/assets.int.test.ts',
    'tests/server/feed/product-feed.int.test.ts',
  ],
  'shutdown (signals, server.close, the database closed last)': [
    'tests/build/shutdown.int.test.ts',
    'tests/build/counts-shutdown.int.test.ts',
  ],
  'fetch, sockets and crypto': [
    'tests/server/instagram/client.int.test.ts',
    'tests/server/contact/delivery.int.test.ts',
    'tests/server/panel/sessions.int.test.ts',
    // Web Push: ECDH and AES-GCM, ES256 signatures, node:https to the push service.
    'tests/server/push/delivery.int.test.ts',
  ],
  'the pg driver on a dropped, restarted or blackholed PostgreSQL (sockets, timers)': [
    'tests/server/faults/database-network.int.test.ts',
  ],
  'memory bounds': ['tests/sheet/xlsx.test.ts'],
  'the build': ['tests/build/client-bundle.int.test.ts'],
};

export const runtimeFiles: readonly string[] = Object.values(RUNTIME_FILES).flat();
