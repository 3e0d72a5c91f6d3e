import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainOrClose } from './drain.js';

describe('drainOrClose', () => {
  it('returns on drain and leaves no listener behind on the output, however many times it waits', async () => {
    const source = new PassThrough({ highWaterMark: 4 });
    const out = new PassThrough({ highWaterMark: 4 });
    source.pipe(out);
    out.resume();
    for (let i = 0; i < 50; i++) {
      if (!source.write('0123456789')) await drainOrClose(source, out);
    }
    expect(out.listenerCount('close')).toBeLessThanOrEqual(1); // pipe's own
    expect(source.listenerCount('drain')).toBeLessThanOrEqual(1);
  });

  it('returns when the output closes before the stream drains (a download cut off)', async () => {
    const source = new PassThrough({ highWaterMark: 4 });
    const out = new PassThrough();
    expect(source.write('0123456789')).toBe(false);
    const waited = drainOrClose(source, out);
    out.destroy();
    await expect(waited).resolves.toBeUndefined();
  });
});
