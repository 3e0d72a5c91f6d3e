import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const LOCALE_FILE = /[\\/]src[\\/]locales[\\/]([a-zA-Z-]+)[\\/][^\\/]+\.json$/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const SHELL = /[\\/]src[\\/]app[\\/](shell-route\.tsx|layouts[\\/])/;
// what only the screens with a form draw: @mantine/form and Mantine's inputs
const FORMS = /[\\/]node_modules[\\/](@mantine[\\/]form[\\/]|klona[\\/]|fast-deep-equal[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Combobox|Input|InputBase|TextInput|PasswordInput|NativeSelect|Select|Textarea|SegmentedControl|FloatingIndicator|Checkbox|Radio|Switch|Autocomplete|MultiSelect|NumberInput|Pill|PillsInput|TagsInput|FileInput|Chip)[\\/])/;

const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:3000';

// The SPA is served by the API in production (same origin, /api); in dev Vite proxies /api.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
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
      output: {
        // the `ui` group's files are named after the screens that share them: keep "ui" and the hash
        chunkFileNames: (chunk) => (chunk.name.startsWith('ui~') ? 'assets/ui-[hash].js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            // every namespace of one locale in one file: a screen's first load asks for one (split in
            // two, a screen outside the first file waited one more round trip for its strings)
            { debugName: 'locales', name: (id) => LOCALE_FILE.exec(id)?.[1] ?? null, test: LOCALE_FILE },
            // the libraries the first file needs (React, the router, Mantine's provider, zod...)
            { name: 'vendor', test: NODE_MODULES, tags: ['$initial'] },
            // the shell and its layouts, around every screen: fetched beside the screen, not after it renders
            { name: 'shell', test: SHELL },
            // the form libraries several screens share (sign-in, profile, booking...), kept out of
            // the screens without a form such as /home (ADR 0013)
            { name: 'forms', test: FORMS, minShareCount: 3 },
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
