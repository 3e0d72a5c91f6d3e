import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { BAND_TOP, THUMB_HEIGHT, THUMB_WIDTH, THUMBS } from './thumbs';

/**
 * Issue 13: card thumbnails carried Portuguese words (CULTURA, ESTAÇÃO, EM BREVE, Boas-vindas)
 * that es and en readers saw on every card. Text is drawn in the image's rows as sharp edges
 * inside a flat area; a text-free image changes smoothly along each row of the band and of the
 * top strip where the words were.
 */
const thumbsDir = join(import.meta.dirname, '../../../content/media/thumbs');

/** The largest jump between two neighbouring pixels of a row, over rows y0..y1 and columns x0..x1. */
function largestStep(png: PNG, y0: number, y1: number, x0: number, x1: number): number {
  let worst = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0 + 1; x < x1; x++) {
      const a = (y * png.width + x - 1) * 4;
      const b = (y * png.width + x) * 4;
      worst = Math.max(worst, Math.abs(png.data[a]! - png.data[b]!) + Math.abs(png.data[a + 1]! - png.data[b + 1]!) + Math.abs(png.data[a + 2]! - png.data[b + 2]!));
    }
  }
  return worst;
}

describe('content thumbnails', () => {
  const files = readdirSync(thumbsDir).filter((f) => f.endsWith('.png'));

  it('are the generated set, 16:9', () => {
    expect(files.map((f) => f.replace(/\.png$/, '')).sort()).toEqual(Object.keys(THUMBS).sort());
  });

  for (const file of files) {
    it(`${file} carries no words (the SPA writes them in the reader's language)`, () => {
      const png = PNG.sync.read(readFileSync(join(thumbsDir, file)));
      expect([png.width, png.height]).toEqual([THUMB_WIDTH, THUMB_HEIGHT]);
      // the kicker strip (where "CULTURA" was) and the title band (where "Boas-vindas" was)
      expect(largestStep(png, 8, 40, 0, THUMB_WIDTH), 'top strip').toBeLessThan(12);
      expect(largestStep(png, BAND_TOP + 2, THUMB_HEIGHT, 0, THUMB_WIDTH), 'title band').toBeLessThan(12);
    });
  }
});
