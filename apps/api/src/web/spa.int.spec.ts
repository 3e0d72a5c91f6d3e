import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';

/**
 * The serving rules of ADR 0013 over a real socket, on a dist laid out as the Vite build writes
 * it: every text file with .br and .gz copies, hashed files under assets/.
 */
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('Olá, produtor! '.repeat(200))};\n`;
const WORKER = "self.addEventListener('fetch', () => undefined);\n";

let dist: string;
let t: TestApp;
let base: string;

const writeWithCopies = (path: string, text: string) => {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, not decoded. */
  raw: Buffer;
}

/** A GET over HTTP that leaves the body as sent (fetch would decode it). */
const get = (path: string, acceptEncoding?: string) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-spa-'));
  mkdirSync(join(dist, 'assets'));
  writeWithCopies(join(dist, 'index.html'), INDEX);
  writeWithCopies(join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'sw.js'), WORKER);
  t = await startTestApp({ WEB_DIST: dist });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it('sends the brotli copy of an asset to a browser that accepts it, else the gzip one, else the file', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.raw).toString()).toBe(SCRIPT);
    expect(br.raw.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.raw).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString()).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get('/assets/index-Ab12Cd34.js', encoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends the index compressed and never lets it be kept unchecked, on a screen path and by name', async () => {
    for (const path of ['/', '/home', '/public/booking?country=br', '/index.html']) {
      const answer = await get(path, 'br, gzip');
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(answer.raw).toString(), path).toBe(INDEX);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('sends hashed assets without the headers only a document obeys; the index and the worker keep them', async () => {
    const asset = await get('/assets/index-Ab12Cd34.js', 'br');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy']) expect(asset.headers[name], name).toBeUndefined();
    for (const path of ['/home', '/sw.js']) {
      const answer = await get(path, 'br');
      expect(answer.headers['content-security-policy'], path).toMatch(/script-src 'self'/);
      expect(answer.headers['x-frame-options'], path).toBe('SAMEORIGIN');
    }
  });

  it('revalidates the files that keep their name across builds (the service worker)', async () => {
    const answer = await get('/sw.js', 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.raw.toString()).toBe(WORKER);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('answers /health with 404 (health is /api/health), and a missing asset with 404, never the index', async () => {
    for (const path of ['/health', '/assets/index-Gone0000.js']) {
      const answer = await get(path, 'br, gzip');
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(answer.raw.toString()), path).toMatchObject({ statusCode: 404, code: '404' });
    }
    const health = await get('/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.raw.toString())).toMatchObject({ status: 'ok' });
  });

  it('keeps API answers out of every cache', async () => {
    const answer = await get('/api/health', 'br, gzip');
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('compressing API answers', () => {
  // the API description and the health report: JSON well above 1 KiB (the report's checkpoints may
  // move between two calls, so only the description is compared byte for byte)
  const LARGE: Array<[path: string, same: (decoded: unknown, plain: unknown) => void]> = [
    ['/api/docs/openapi.json', (decoded, plain) => expect(decoded).toEqual(plain)],
    ['/api/health', (decoded) => expect(decoded).toMatchObject({ status: 'ok', projections: expect.any(Array) })],
  ];

  it('sends JSON answers in brotli to a client that accepts it, else in gzip, and never lets them be kept', async () => {
    for (const [path, same] of LARGE) {
      const plain = await get(path);
      expect(plain.status, path).toBe(200);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      const text = plain.raw.toString();
      expect(Buffer.byteLength(text), path).toBeGreaterThan(1024);

      const br = await get(path, 'gzip, deflate, br, zstd');
      expect(br.status, path).toBe(200);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers['content-type'], path).toMatch(/^application\/json/);
      expect(br.headers.vary, path).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control'], path).toBe('no-store');
      same(JSON.parse(brotliDecompressSync(br.raw).toString()), JSON.parse(text));
      expect(br.raw.length, path).toBeLessThan(Buffer.byteLength(text) / 2);

      const gz = await get(path, 'gzip, deflate');
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(gz.headers['cache-control'], path).toBe('no-store');
      same(JSON.parse(gunzipSync(gz.raw).toString()), JSON.parse(text));
    }
  });

  it('sends answers below 1 KiB as they are', async () => {
    for (const path of ['/api/app-config', '/api/nothing-here']) {
      const answer = await get(path, 'br, gzip');
      expect(answer.raw.length, path).toBeLessThan(1024);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(JSON.parse(answer.raw.toString()), path).toBeTypeOf('object');
    }
  });

  it('leaves the SPA files to their build-time copies: the index is the pre-made brotli copy, revalidated, not kept for a year', async () => {
    const index = await get('/home', 'br, gzip');
    expect(index.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(index.raw).toString()).toBe(INDEX);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['cache-control']).not.toMatch(/immutable|max-age/);
    // a file without a build-time copy is sent as it is, not compressed on the fly
    const worker = await get('/sw.js', 'br, gzip');
    expect(worker.headers['content-encoding']).toBeUndefined();
    expect(worker.raw.toString()).toBe(WORKER);
  });
});
