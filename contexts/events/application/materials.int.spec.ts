import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { MATERIAL_MAX_BYTES } from '../contracts/index.js';
import { learner, publishedEvent, signIns, trackingClient, type Call, type Learner } from '../testing/test-kit.js';

let t: TestApp;
let call: Call;
let as: Awaited<ReturnType<typeof signIns>>;
let eventId = '';
let ana: Learner;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A multipart body with the files in the field `files`, as the SPA's FormData sends them. */
function multipart(files: { name: string; type: string; bytes: Buffer }[], field = 'files') {
  const boundary = '----portalmaterials';
  const parts = files.flatMap((f) => [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.bytes, Buffer.from('\r\n')]);
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (token: string | undefined, files: { name: string; type: string; bytes: Buffer }[], to = eventId) => {
  const { body, headers } = multipart(files);
  return call('POST', `/api/scheduledEvents/materials/${to}`, { token, body, headers });
};

beforeAll(async () => {
  t = await startTestApp();
  call = trackingClient(t);
  as = await signIns(t);
  eventId = await publishedEvent(call, as.admin);
  ana = await learner(t, 80);
  await call('POST', `/api/scheduledEvents/${eventId}/enrol`, { token: ana.token, body: {} });
});
afterAll(async () => {
  await t?.close();
});

describe('materials: files beside the log, attached by tc_admin, downloaded by staff and attendees', () => {
  let pdfId = '';

  it('attaches several files at once, each type checked by its content', async () => {
    const res = await upload(as.admin, [
      { name: 'Programa do dia.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'mapa.png', type: 'image/png', bytes: PNG_1x1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const materials = res.json().materials;
    expect(materials.map((m: { fileName: string; contentType: string; size: number }) => [m.fileName, m.contentType, m.size])).toEqual([
      ['Programa do dia.pdf', 'application/pdf', PDF.length],
      ['mapa.png', 'image/png', PNG_1x1.length],
    ]);
    pdfId = materials[0].materialId;
  });

  it('refuses a file whose content is not an accepted type, and one over 20 MB (400 with the limit)', async () => {
    const fake = await upload(as.admin, [{ name: 'virus.pdf', type: 'application/pdf', bytes: Buffer.from('<script>alert(1)</script>') }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().details).toEqual([{ path: 'files.0', message: 'fileType' }]);
    const big = await upload(as.admin, [{ name: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(MATERIAL_MAX_BYTES)]) }]);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'app/bed-request', params: { size: 20480 } });
    const none = await call('POST', `/api/scheduledEvents/materials/${eventId}`, { token: as.admin, body: {} });
    expect(none.statusCode).toBe(400);
    expect((await call('GET', `/api/scheduledEvents/${eventId}`, { token: as.admin })).json().materials).toHaveLength(2);
  });

  it('takes a file of exactly 20 MB', async () => {
    const res = await upload(as.admin, [{ name: 'manual.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(MATERIAL_MAX_BYTES - PDF.length, 0x20)]) }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().materials.at(-1)).toMatchObject({ fileName: 'manual.pdf', size: MATERIAL_MAX_BYTES });
  });

  it('only a Brazilian tc_admin uploads or removes; signed out is 401', async () => {
    const file = [{ name: 'a.pdf', type: 'application/pdf', bytes: PDF }];
    expect((await upload(undefined, file)).statusCode).toBe(401);
    for (const token of [ana.token, as.manager, as.foreignAdmin, as.companyAdmin, as.auditor]) expect((await upload(token, file)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/scheduledEvents/materials/${pdfId}`, { token: as.manager })).statusCode).toBe(403);
  });

  it('serves the bytes to staff and to enrolled attendees; anyone else gets 404, the auditor 403', async () => {
    for (const token of [as.manager, as.admin, ana.token]) {
      const res = await call('GET', `/api/scheduledEvents/materials/${pdfId}`, { token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Programa%20do%20dia.pdf");
      expect(res.body).toBe(PDF.toString('utf8'));
    }
    expect((await call('GET', `/api/scheduledEvents/materials/${pdfId}`, { token: (await learner(t, 81)).token })).statusCode).toBe(404);
    expect((await call('GET', `/api/scheduledEvents/materials/${pdfId}`, { token: as.auditor })).statusCode).toBe(403);
    expect((await call('GET', `/api/scheduledEvents/materials/${pdfId}`)).statusCode).toBe(401);
  });

  it('removes a material: gone from the event and no longer served; an unknown id is 404', async () => {
    const res = await call('DELETE', `/api/scheduledEvents/materials/${pdfId}`, { token: as.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().materials.map((m: { materialId: string }) => m.materialId)).not.toContain(pdfId);
    expect((await call('GET', `/api/scheduledEvents/materials/${pdfId}`, { token: as.admin })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/scheduledEvents/materials/${pdfId}`, { token: as.admin })).statusCode).toBe(404);
  });

  it('refuses materials on a canceled event (409) and keeps no bytes of them', async () => {
    const canceled = await publishedEvent(call, as.admin);
    await call('POST', `/api/scheduledEvents/${canceled}/cancel`, { token: as.admin, body: {} });
    const res = await upload(as.admin, [{ name: 'a.pdf', type: 'application/pdf', bytes: PDF }], canceled);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('event-invalid-state');
    const rows = await t.infra.database.db.selectFrom('event_material_files' as never).select('event_id' as never).where('event_id' as never, '=', canceled as never).execute();
    expect(rows).toHaveLength(0);
  });
});
