/**
 * A minimal Learning Record Store for the xAPI export's specs: the statements resource only
 * (xAPI 1.0.3 Communication §2.1), standing in for an external LRS. POST /statements stores one
 * statement or an array by id (an id stored with the same content is accepted again, with other
 * content the whole request is 409), PUT /statements?statementId= stores one, GET
 * ?statementId= reads one; every request must carry X-Experience-API-Version 1.0.x and the
 * expected Authorization. Failures can be queued for the next POSTs. Imported by specs only.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';

/** ok: no failure; refuse: 503 without storing; store-then-fail: stores, then answers 500 (the acknowledgement is lost). */
export type LrsFailure = 'ok' | 'refuse' | 'store-then-fail';

export interface MinimalLrs {
  /** the xAPI endpoint (statements live at `${endpoint}statements`) */
  endpoint: string;
  statements: Map<string, unknown>;
  /** every POST that reached the statements resource: its statement ids and headers */
  posts: { ids: string[]; version: string | undefined; status: number }[];
  /** how many times a statement already stored (same content) was sent again */
  resent: number;
  failNext(...failures: LrsFailure[]): void;
  close(): Promise<void>;
}

const body = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
};

export async function startMinimalLrs(options: { auth: string }): Promise<MinimalLrs> {
  const statements = new Map<string, unknown>();
  const posts: MinimalLrs['posts'] = [];
  const failures: LrsFailure[] = [];
  const lrs = { resent: 0 };

  const server: Server = createServer((req, res) => {
    const answer = (status: number, payload?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-experience-api-version': '1.0.3' });
      res.end(payload === undefined ? undefined : JSON.stringify(payload));
    };
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://lrs');
      if (url.pathname !== '/xapi/statements') return answer(404, { error: 'only the statements resource' });
      const version = req.headers['x-experience-api-version'] as string | undefined;
      if (!version || !/^1\.0(\.\d+)?$/.test(version)) return answer(400, { error: 'X-Experience-API-Version 1.0.x required' });
      if (req.headers.authorization !== options.auth) return answer(401, { error: 'unauthorized' });
      /** stores what is new; false when an id is already stored with other content (nothing is stored then) */
      const store = (list: { id?: string }[]): boolean => {
        if (list.some((s) => !s.id || (statements.has(s.id) && !isDeepStrictEqual(statements.get(s.id), s)))) return false;
        for (const s of list) {
          if (statements.has(s.id!)) lrs.resent += 1;
          else statements.set(s.id!, s);
        }
        return true;
      };
      if (req.method === 'POST') {
        const payload = (await body(req)) as { id?: string } | { id?: string }[];
        const list = Array.isArray(payload) ? payload : [payload];
        const failure = failures.shift();
        const post = { ids: list.map((s) => s.id ?? ''), version, status: 200 };
        posts.push(post);
        if (failure === 'refuse') return answer((post.status = 503), { error: 'unavailable' });
        if (!store(list)) return answer((post.status = 409), { error: 'a statement id is stored with other content' });
        if (failure === 'store-then-fail') return answer((post.status = 500), { error: 'stored, but the answer is lost' });
        return answer(200, list.map((s) => s.id));
      }
      if (req.method === 'PUT') {
        const id = url.searchParams.get('statementId');
        const statement = (await body(req)) as { id?: string };
        if (!id || (statement.id && statement.id !== id)) return answer(400, { error: 'statementId required and equal to the id' });
        return store([{ ...statement, id }]) ? answer(204) : answer(409, { error: 'conflict' });
      }
      if (req.method === 'GET') {
        const id = url.searchParams.get('statementId');
        return id && statements.has(id) ? answer(200, statements.get(id)) : answer(404, { error: 'not found' });
      }
      return answer(405, { error: 'method not allowed' });
    })().catch((error: unknown) => answer(400, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/xapi/`,
    statements,
    posts,
    get resent() {
      return lrs.resent;
    },
    failNext: (...f) => failures.push(...f),
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
