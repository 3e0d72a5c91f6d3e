import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentOrigin } from './content-origin.js';

/**
 * The content origin (ADR 0084) on the shapes of real packages (issue 27, "Real packages tried"):
 * pages in a legacy 8-bit encoding, file names in another case than the package's links, spaces
 * and accents in paths. The package is written here.
 */
let dir: string;
let origin: ContentOrigin;
const PKG = 'media/scorm/golf';

const put = (path: string, body: string | Buffer) => {
  const file = join(dir, PKG, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'content-origin-'));
  // Golf's Etiquette/Distracting.html: one 8-bit byte (0xD5, a quote), no charset anywhere
  put('Etiquette/Distracting.html', Buffer.concat([Buffer.from('<p>caused by players'), Buffer.from([0xd5]), Buffer.from(' footsteps</p>')]));
  put('shared/launchpage.html', '<meta charset="utf-8"><p>Introdução</p>');
  put('shared/scormfunctions.js', 'var ok = true;');
  put('shared/texts.js', 'var title = "Irrigação";');
  put('shared/ascii.html', '<iframe src="../Etiquette/Distracting.html"></iframe>');
  put('Images/Logo.PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  put('my course/página 1.html', '<p>ok</p>');
  put('Módulo 1/100% pronto #1?.htm', '<p>odd name</p>');
  put('Módulo 1/100%.htm', '<p>lone percent</p>');
  put('Twice/a.html', 'lower');
  put('Twice/A.html', 'upper');
  origin = new ContentOrigin(dir, { port: 3000, publicUrl: 'http://127.0.0.1:3000', content: { port: 3001, origin: null } });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function get(path: string): Promise<{ status: number; type: string | undefined; body: string }> {
  let status = 200;
  const headers: Record<string, string> = {};
  let payload: unknown;
  const reply = {
    code(s: number) {
      status = s;
      return reply;
    },
    header(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
      return reply;
    },
    send(p?: unknown) {
      payload = p;
      return reply;
    },
  };
  origin.handle({ method: 'GET', path, headers: { host: 'localhost:3001' } }, reply);
  let body = '';
  if (payload && typeof (payload as Readable).pipe === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as Readable) chunks.push(chunk as Buffer);
    body = Buffer.concat(chunks).toString('latin1');
  } else if (typeof payload === 'string') body = payload;
  return { status, type: headers['content-type'], body };
}

describe('the content origin on real packages', () => {
  it("labels text UTF-8 only when it has UTF-8 beyond ASCII: a legacy 8-bit page, and the ASCII launch page that frames it, keep the browser's own fallback", async () => {
    const legacy = await get(`/${PKG}/Etiquette/Distracting.html`);
    expect(legacy).toMatchObject({ status: 200, type: 'text/html' });
    expect(legacy.body).toContain('players\u00d5 footsteps');
    expect(await get(`/${PKG}/shared/launchpage.html`)).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(await get(`/${PKG}/shared/ascii.html`)).toMatchObject({ status: 200, type: 'text/html' });
    expect((await get(`/${PKG}/shared/scormfunctions.js`)).type).toMatch(/javascript$/);
    expect((await get(`/${PKG}/shared/texts.js`)).type).toMatch(/javascript; charset=utf-8$/);
  });

  it('finds a file the package names in another case, where exactly one name matches', async () => {
    expect(await get(`/${PKG}/images/logo.png`)).toMatchObject({ status: 200, type: 'image/png' });
    expect(await get(`/${PKG}/IMAGES/Logo.png`)).toMatchObject({ status: 200, type: 'image/png' });
    expect((await get(`/${PKG}/Twice/a.html`)).body).toBe('lower');
    expect((await get(`/${PKG}/Twice/A.html`)).body).toBe('upper');
    // two candidates and none exact: not a guess
    expect((await get(`/${PKG}/twice/A.HTML`)).status).toBe(404);
    expect((await get(`/${PKG}/images/nothing.png`)).status).toBe(404);
    // never out of the package folder, in any case
    expect((await get(`/media/scorm/../../golf/Images/Logo.PNG`)).status).toBe(404);
    expect((await get(`/MEDIA/scorm/golf/Images/Logo.PNG`)).status).toBe(404);
  });

  it('serves paths with spaces and accents, as the browser encodes them', async () => {
    expect(await get(`/${PKG}/my%20course/p%C3%A1gina%201.html`)).toMatchObject({ status: 200, body: '<p>ok</p>' });
    expect((await get(`/${PKG}/my%20course/p%E1gina%201.html`)).status).toBe(404);
  });

  it('serves a file whose name needs percent-encoding (%, #, ?, spaces, non-ASCII) at its encoded path, decoded once (issue 27)', async () => {
    // what the player's launch address and the package's own links send
    const encoded = `/${PKG}/M%C3%B3dulo%201/100%25%20pronto%20%231%3F.htm`;
    expect(await get(encoded)).toMatchObject({ status: 200, body: '<p>odd name</p>' });
    // a launch query is not part of the file name
    expect(await get(`${encoded}?content=playing`)).toMatchObject({ status: 200, body: '<p>odd name</p>' });
    // decoded once only: %2525 is the name "%25", which is not there
    expect((await get(`/${PKG}/M%C3%B3dulo%201/100%2525%20pronto%20%25231%253F.htm`)).status).toBe(404);
    // a raw `#` or `?` ends the path (the browser never sends them in it): not the file
    expect((await get(`/${PKG}/M%C3%B3dulo%201/100%25%20pronto%20#1?.htm`)).status).toBe(404);
    // a lone `%` (a page that links `100%.htm` unencoded) stands for itself
    expect(await get(`/${PKG}/M%C3%B3dulo%201/100%.htm`)).toMatchObject({ status: 200, body: '<p>lone percent</p>' });
  });
});
