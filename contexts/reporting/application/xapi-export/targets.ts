/**
 * Where the statements go (ADR 0074): an NDJSON file (one statement per line, appended, fsynced
 * per batch) or an LRS through the xAPI client @xapi/xapi (sendStatements, one POST per batch,
 * retried on transient failures). A target's write resolves only once the batch is durable or
 * acknowledged; only then does the export move its checkpoint.
 */
import { open, stat, truncate, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import XAPI, { type Statement } from '@xapi/xapi';

export interface XapiTarget {
  /** the checkpoint row's key: "file:<absolute path>" or "lrs:<endpoint>" */
  readonly key: string;
  /**
   * Before the first batch. `fileBytes`: the length a file had at the stored checkpoint (a file
   * longer than that holds a batch written after it and is cut back); null: start afresh.
   */
  open(resume: { fileBytes: number | null } | null): Promise<void>;
  /** Writes or sends one batch; resolves when it is durable or acknowledged, with a file's new length. */
  write(statements: Statement[]): Promise<{ fileBytes: number | null }>;
  close(): Promise<void>;
}

export class XapiTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XapiTargetError';
  }
}

/** NDJSON: appendable (a resumed export adds lines), streamable, one statement per line (`jq -s` makes an array). */
export function fileTarget(path: string): XapiTarget {
  const file = resolve(path);
  let bytes = 0;
  return {
    key: `file:${file}`,
    async open(resume) {
      if (!resume || resume.fileBytes === null) {
        await writeFile(file, '');
        bytes = 0;
        return;
      }
      const size = await stat(file).then(
        (s) => s.size,
        () => -1,
      );
      if (size < resume.fileBytes) {
        throw new XapiTargetError(
          `${file} is ${size < 0 ? 'missing' : `${size} bytes`}, but its checkpoint says ${resume.fileBytes} bytes were exported: it was moved, cut or replaced. Run with --from-start to write it again.`,
        );
      }
      // a batch written after the last checkpoint (the run stopped before recording it) goes: it is written again
      if (size > resume.fileBytes) await truncate(file, resume.fileBytes);
      bytes = resume.fileBytes;
    },
    async write(statements) {
      const text = statements.map((s) => `${JSON.stringify(s)}\n`).join('');
      const handle = await open(file, 'a');
      try {
        await handle.write(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      bytes += Buffer.byteLength(text);
      return { fileBytes: bytes };
    },
    async close() {},
  };
}

export interface LrsOptions {
  endpoint: string;
  /** the Authorization header value (Basic from username and password, or as configured) */
  auth: string;
  /** attempts per batch on a transient failure (network, 408, 429, 5xx); default 5 */
  attempts?: number;
  /** first wait between attempts, doubled each time; default 1000 ms */
  retryDelayMs?: number;
  /** called before each retry */
  onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
}

interface HttpFailure {
  response?: { status: number; data?: unknown; headers?: Record<string, unknown> };
  code?: string;
  message: string;
}

const transient = (error: HttpFailure): boolean => {
  const status = error.response?.status;
  if (status === undefined) return true; // no answer: refused, reset, timed out
  return status === 408 || status === 429 || status >= 500;
};
const describe = (error: HttpFailure): string =>
  error.response ? `HTTP ${error.response.status}${error.response.data ? `: ${JSON.stringify(error.response.data).slice(0, 300)}` : ''}` : `${error.code ?? 'network error'}: ${error.message}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const basicAuth = (username: string, password: string): string => XAPI.toBasicAuth(username, password);

/** An LRS's statements resource, through @xapi/xapi (xAPI 1.0.3: it sends X-Experience-API-Version). */
export function lrsTarget(options: LrsOptions): XapiTarget {
  const client = new XAPI({ endpoint: options.endpoint, auth: options.auth, version: '1.0.3' });
  const attempts = options.attempts ?? 5;
  const firstDelay = options.retryDelayMs ?? 1000;
  return {
    key: `lrs:${options.endpoint.replace(/\/+$/, '')}`,
    async open() {},
    async write(statements) {
      for (let attempt = 1; ; attempt++) {
        try {
          // statements carry their own ids: a batch sent twice is stored once (the LRS keeps the first)
          await client.sendStatements({ statements });
          return { fileBytes: null };
        } catch (caught) {
          const error = caught as HttpFailure;
          if (!transient(error) || attempt >= attempts) {
            throw new XapiTargetError(`the LRS refused a batch of ${statements.length} statements after ${attempt} attempt(s): ${describe(error)}`);
          }
          const retryAfter = Number(error.response?.headers?.['retry-after']);
          const waitMs = Math.min(60_000, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : firstDelay * 2 ** (attempt - 1));
          options.onRetry?.({ attempt, waitMs, reason: describe(error) });
          await sleep(waitMs);
        }
      }
    },
    async close() {},
  };
}
