import { constants } from 'node:zlib';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const LOCALE_FILE = /[\\/]src[\\/]locales[\\/]([a-zA-Z-]+)[\\/]([^\\/]+)\.json$/;
// the namespaces of the staff's screens (manager area, auditor, scheduled events): their own file per
// locale, so that a learner's or a visitor's first load does not carry them (ADR 0013)
const STAFF_NAMESPACES = new Set(['manager', 'manager-companies', 'manager-content', 'manager-tc', 'managerDashboard', 'reports', 'audit', 'scheduledEvents']);
const localeFileOf = (id: string): string | null => {
  const [, locale, namespace] = LOCALE_FILE.exec(id) ?? [];
  if (!locale || !namespace) return null;
  return STAFF_NAMESPACES.has(namespace) ? `${locale}-staff` : locale;
};
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const SHELL = /[\\/]src[\\/]app[\\/](shell-route\.tsx|layouts[\\/])/;
// what only the screens with a form draw: @mantine/form and Mantine's inputs
const FORMS = /[\\/]node_modules[\\/](@mantine[\\/]form[\\/]|klona[\\/]|fast-deep-equal[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Combobox|Input|InputBase|TextInput|PasswordInput|NativeSelect|Select|Textarea|SegmentedControl|FloatingIndicator|Checkbox|Radio|Switch|Autocomplete|MultiSelect|NumberInput|Pill|PillsInput|TagsInput|FileInput|Chip)[\\/])/;

const BOOT_ENTRY = 'src/boot/boot.ts';

/**
 * The boot script (ADR 0013, update 3) is an entry of its own, first in the document's head as an
 * async module: it imports nothing, so it runs as soon as it arrives and sends the first requests
 * while the app's files are still loading.
 */
const bootScript = (): Plugin => ({
  name: 'portal-boot-script',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const chunk = ctx.bundle && Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot');
      const src = chunk ? `/${chunk.fileName}` : ctx.server ? `/${BOOT_ENTRY}` : null;
      if (!src) throw new Error('the boot entry is missing from the bundle');
      return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, fetchpriority: 'high', src }, injectTo: 'head-prepend' }];
    },
  },
});

const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:3000';

/**
 * The server renderer (ADR 0090): `vite build --ssr src/entry-server.tsx` bundles the same app code
 * into `dist-server/entry-server.js` for the API process; the libraries stay in node_modules.
 */
const serverBuild = defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // the libraries are bundled too, in their production builds: the API process does not run with
  // NODE_ENV=production in development, and React's development server renderer is several times slower
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    ssr: 'src/entry-server.tsx',
    sourcemap: true,
    target: 'node22',
    minify: false,
    copyPublicDir: false,
  },
});

// The SPA is served by the API in production (same origin, /api); in dev Vite proxies /api.
const browserBuild = defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    bootScript(),
    // Every text file also as .br and .gz, made once at build time at the highest levels; the API
    // sends the one the browser accepts (apps/api/src/web/spa.ts, ADR 0013).
    compression({
      include: /\.(js|css|html|json|svg|webmanifest|txt)$/,
      threshold: 0,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    // the vendor file is one on purpose (every screen needs all of it): 720 kB, 186 kB in brotli
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      input: { index: resolve(import.meta.dirname, 'index.html'), boot: resolve(import.meta.dirname, BOOT_ENTRY) },
      output: {
        // the `ui` group's files are named after the screens that share them: keep "ui" and the hash
        chunkFileNames: (chunk) => (chunk.name.startsWith('ui~') ? 'assets/ui-[hash].js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            // the namespaces of one locale in two files: the learners' and visitors' screens in one (a
            // first load asks for one file), the staff's in the other, fetched with a staff screen's
            // code (one more round trip on its first visit, 9 KiB less on every learner's first load)
            { debugName: 'locales', name: localeFileOf, test: LOCALE_FILE },
            // the libraries the first file needs (React, the router, Mantine's provider, zod...)
            { name: 'vendor', test: NODE_MODULES, tags: ['$initial'] },
            // the shell and its layouts, around every screen: fetched beside the screen, not after it renders
            { name: 'shell', test: SHELL },
            // the form libraries several screens share (sign-in, profile, booking...), kept out of
            // the screens without a form such as /home (ADR 0013)
            { name: 'forms', test: FORMS, minShareCount: 3 },
            // the chart library (reports and the dashboard only): its own file, never merged into a
            // shared group a first screen loads (a small shared module beside it would pull 100 KiB)
            { name: 'charts', test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|@mantine[\\/]charts|decimal\.js-light|eventemitter3|internmap|react-smooth|recharts-scale)[\\/]/ },
            // libraries several screens share (Mantine's other components): one file, not dozens
            { name: 'ui', test: NODE_MODULES, minShareCount: 3, entriesAware: true, entriesAwareMergeThreshold: 20_000 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));
