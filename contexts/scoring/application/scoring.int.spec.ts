import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { query } from '@portal/database';
import { startTestApp, type TestApp } from '@portal/testing/app';
import { signIn, type TestUser } from '@portal/testing/identity';
import { seedDemoUsers } from '@portal/identity/application';
import { importContentPack } from '@portal/learning/application';
import { progressStream, type MediaCompleted } from '@portal/learning/contracts';
import { CertificateIssuer } from './shared/certificate-issuer.process.js';
import { certificateStream, CERTIFICATE_ERROR_MESSAGE_KEY } from '../contracts/index.js';

let t: TestApp;
let learner: TestUser;
let auditor: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoUsers(t.infra.store, t.infra.clock);
  const pack = await importContentPack(t.infra.store, t.infra.clock);
  if (pack.checkpoint) await t.infra.projections.waitFor('catalogue', pack.checkpoint, 30_000);
  learner = await signIn(t, 'learner@demo.agro', 'Demo#2026');
  auditor = await signIn(t, 'auditor@demo.agro', 'Demo#2026');
});
afterAll(async () => {
  await t.close();
});

const position = (p: { transactionId: bigint; position: bigint }) => ({ 'x-min-position': `${p.transactionId}.${p.position}` });
const after = (res: { headers: Record<string, unknown> }): Record<string, string> => {
  const p = res.headers['x-event-position'];
  return typeof p === 'string' ? { 'x-min-position': p } : {};
};
const get = (url: string, token: string | null = learner.token, headers: Record<string, string> = {}) => t.request('GET', url, { ...(token ? { token } : {}), headers });
const answer = (body: Record<string, unknown>) => t.request('POST', '/api/user-store/answer', { body, token: learner.token });
/** The raw bytes of a download (inject's string body would re-encode them). */
const download = async (url: string, token = learner.token) =>
  (await t.app.getHttpAdapter().getInstance().inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).rawPayload;

/** The learning context completes content: MediaCompleted in the learner's progress stream. */
async function complete(stationId: string, entryId: string, actor = learner.userId) {
  const data: MediaCompleted['data'] = { actor, stationId, entryId, entryType: 'video', playSessionId: null, duration: 10, via: 'end', completedAt: t.clock.now().toISOString() };
  const result = await t.infra.store.append(progressStream(actor, stationId), [{ type: 'MediaCompleted', data: data as unknown as Record<string, unknown> }], {
    expectedRevision: 'any',
    context: { correlationId: 'test', actor, origin: 'web' },
  });
  return result.checkpoint;
}

/** The text drawn on the PDF's pages (standard-font strings are WinAnsi hex strings in the content streams). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    }
  }
  return out.join('\n');
}

describe('scores', () => {
  it('counts 30 per completed entry, option scores, media answer scores and the NPS base, per crop and in total', async () => {
    await complete('soja-plantio', 'soja-plantio-video');
    await complete('soja-plantio', 'soja-plantio-video'); // a second completion scores nothing more
    await answer({ questionId: 'soja-plantio-q2', answerId: 'soja-plantio-q2-a', stationId: 'soja-plantio' }); // station question: 10
    await answer({ questionId: 'soja-plantio-q1', answerId: 'soja-plantio-q1-a', entryId: 'soja-plantio-video' }); // media question: 10
    await answer({ questionId: 'soja-manejo-q1', answerId: 'soja-manejo-q1-b', score: 50 }); // wrong: 0 whatever the client says
    const last = await answer({ questionId: 'av1', answerId: 'av1-10', context: 'nps' }); // NPS base: 10
    const scores = await get('/api/scores', learner.token, after(last));
    expect(scores.statusCode).toBe(200);
    expect(scores.json().total).toEqual({ npsScore: 10, questionsScore: 10, videosScore: 30, videosAnswersScore: 10, othersScore: 50, total: 60, completedEntries: 1, answers: 4 });
    expect(scores.json().crops).toEqual([
      { cropId: 'soja', title: expect.objectContaining({ en: expect.any(String) }), npsScore: 0, questionsScore: 10, videosScore: 30, videosAnswersScore: 10, othersScore: 40, total: 50, completedEntries: 1, answers: 3 },
    ]);
    const header = await get('/api/scores/station/soja-plantio');
    expect(header.json()).toMatchObject({ stationId: 'soja-plantio', cropId: 'soja', station: { questionsScore: 10, othersScore: 40, total: 50 }, crop: { total: 50 }, total: { total: 60 } });
    expect((await get('/api/scores/station/no-such-station')).statusCode).toBe(404);
    expect((await get('/api/scores', null)).statusCode).toBe(401);
  });
});

describe('crop certificates', () => {
  const soja = [
    ['soja-plantio', 'soja-plantio-guia'],
    ['soja-plantio', 'soja-plantio-solo'],
    ['soja-manejo', 'soja-manejo-video'],
    ['soja-manejo', 'soja-manejo-ficha'],
    ['soja-colheita', 'soja-colheita-video'],
  ] as const;
  let issuedId = '';
  let verifyUrl = '';

  it('stays locked, with its message, until the material is completed; the download fails with the certificate message key', async () => {
    const list = await get('/api/user-certificates');
    expect(list.statusCode).toBe(200);
    const cert = list.json().find((c: { certificateId: string }) => c.certificateId === 'cert-soja');
    expect(cert).toMatchObject({ cropId: 'soja', status: 'locked', lockMessage: 'lockState.incompleteContentMessage', issued: null });
    expect(cert.rules.find((r: { stationId: string }) => r.stationId === 'soja-plantio')).toMatchObject({ requiredMedias: true, mediaCompleted: false, satisfied: false });
    const download = await get('/api/user-certificates/download/cert-soja?cropId=soja');
    expect(download.statusCode).toBe(403);
    expect(download.json()).toMatchObject({ code: '403', params: { messageKey: CERTIFICATE_ERROR_MESSAGE_KEY, lockMessage: 'lockState.incompleteContentMessage' } });
    expect((await get('/api/user-certificates/download/cert-nope')).json()).toMatchObject({ statusCode: 404, params: { messageKey: CERTIFICATE_ERROR_MESSAGE_KEY } });
  });

  it('is issued once, when the last station rule is met, and never before', async () => {
    for (const [station, entry] of soja.slice(0, -1)) await complete(station, entry);
    const issuer = t.app.get(CertificateIssuer);
    await issuer.issueFor(learner.userId);
    expect(await t.infra.store.readStream(certificateStream(learner.userId, 'cert-soja'))).toHaveLength(0);
    const [lastStation, lastEntry] = soja.at(-1)!;
    const lastOne = await complete(lastStation, lastEntry);
    const list = await get('/api/user-certificates', learner.token, position(lastOne));
    const cert = list.json().find((c: { certificateId: string }) => c.certificateId === 'cert-soja');
    expect(cert).toMatchObject({ status: 'issued', lockMessage: null, issued: { issuedCertificateId: expect.any(String), downloadUrl: '/api/user-certificates/download/cert-soja?cropId=soja' } });
    issuedId = cert.issued.issuedCertificateId;
    verifyUrl = cert.issued.verifyUrl;
    expect(verifyUrl).toBe(`http://localhost:3000/certificates/verify/${issuedId}`);
    await issuer.runOnce();
    await issuer.issueFor(learner.userId);
    const stream = await t.infra.store.readStream(certificateStream(learner.userId, 'cert-soja'));
    expect(stream.map((e) => e.type)).toEqual(['CertificateIssued']);
    expect(stream[0]!.data).toMatchObject({ certificateId: issuedId, ruleId: 'cert-soja', cropId: 'soja', userId: learner.userId, holderName: 'Ana Souza', lang: 'pt-BR' });
    expect(stream[0]!.metadata).toMatchObject({ actor: 'system', origin: 'system' });
    // milho's rules also require the station questions: media alone leave it locked for them
    for (const [station, entry] of [['milho-hibridos', 'milho-hibridos-video'], ['milho-hibridos', 'milho-hibridos-manual'], ['milho-nutricao', 'milho-nutricao-video'], ['milho-nutricao', 'milho-nutricao-calendario'], ['milho-safrinha', 'milho-safrinha-video'], ['milho-safrinha', 'milho-safrinha-zarc']]) {
      await complete(station!, entry!);
    }
    const milho = (await get('/api/user-certificates?cropId=milho', learner.token, position(await t.infra.store.headCheckpoint()))).json();
    expect(milho).toEqual([expect.objectContaining({ certificateId: 'cert-milho', status: 'locked', lockMessage: 'lockState.incompleteQuestionsMessage' })]);
  });

  it('downloads as a PDF in the learner\'s language holding the name, the crop, the date and the certificate id', async () => {
    const res = await get('/api/user-certificates/download/cert-soja?cropId=soja');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = await download('/api/user-certificates/download/cert-soja?cropId=soja');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Ana Souza');
    expect(text).toContain('Certificado de conclusão');
    // "concluiu o treinamento de" / the crop, not "concluiu o treinamento Certificado Soja" (issue 13)
    expect(text).toContain('concluiu o treinamento de\nSoja\n');
    expect(text).not.toContain('Certificado Soja');
    // the product's one name (PRODUCT_NAME, default Portal Agro), not a name of the PDF's own
    expect(text.split('\n')[0]).toBe('Portal Agro');
    expect(text).not.toContain('Portal de Treinamento');
    expect(text).toContain('21 de novembro de 2026');
    expect(text).toContain(issuedId);
    const english = await pdfText(await download(`/api/user-certificates/download/${issuedId}?lang=en`));
    expect(english).toContain('Certificate of completion');
    expect(english).toContain('has completed the training in\nSoybean\n');
    expect(english.split('\n')[0]).toBe('Portal Agro');
    expect((await get('/api/user-certificates/download/cert-soja?cropId=milho')).statusCode).toBe(404);
    // someone else's certificate id is not found for them
    expect((await get(`/api/user-certificates/download/${issuedId}`, auditor.token)).statusCode).toBe(404);
    expect((await get('/api/user-certificates/download/cert-soja', null)).statusCode).toBe(401);
  });

  it('the QR code\'s page confirms a real certificate and denies a forged one, without sign-in', async () => {
    const code = new URL(verifyUrl).pathname.split('/').pop()!;
    const real = await get(`/api/certificates/verify/${code}`, null);
    expect(real.statusCode).toBe(200);
    expect(real.json()).toMatchObject({ valid: true, certificateId: issuedId, holderName: 'Ana Souza', cropId: 'soja', title: { en: 'Soybean certificate' }, issuedAt: '2026-11-21T12:00:00.000Z' });
    expect((await get(`/api/certificates/verify/${randomUUID()}`, null)).json()).toMatchObject({ valid: false });
    expect((await get('/api/certificates/verify/forged-code', null)).json()).toEqual({ valid: false, certificateId: 'forged-code' });
  });
});

describe('read models of issue 5', () => {
  it('rebuilt from the log equal the incrementally built ones (answers, scores, certificates, recommendations)', async () => {
    const runtime = t.infra.projections;
    await runtime.catchUp();
    const dump = async (name: string) => {
      const schema = runtime.schemaOf(name);
      const tables = await query<{ table_name: string }>(t.db.database.db, 'select table_name from information_schema.tables where table_schema = $1 order by table_name', [schema]);
      const out: Record<string, string[]> = {};
      for (const { table_name } of tables) {
        const rows = await query(t.db.database.db, `select * from "${schema}"."${table_name}"`);
        out[table_name] = rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).sort();
      }
      return out;
    };
    for (const name of ['answers', 'scores', 'certificates', 'recommendations']) {
      const incremental = await dump(name);
      await runtime.rebuild(name);
      expect(await dump(name), name).toEqual(incremental);
    }
  });
});

