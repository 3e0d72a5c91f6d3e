// Card thumbnails of the demo pack: 320x180 (16:9) PNGs with no text in them. Words on a card
// (its kind, its title, "coming soon") are drawn by the SPA over the image in the reader's
// language (issue 13: "CULTURA", "ESTAÇÃO", "EM BREVE" baked into the images were Portuguese
// for every reader). Regenerate with: npx tsx tools/src/content/thumbs.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 180;
/** Where the SPA writes the title: a darker band keeps white text readable on any colour. */
export const BAND_TOP = 130;

const GREEN = 0x2e7d32;
const CORN = 0xc28f00;
const COTTON = 0x5c6bc0;
const BRAND = 0x10384f;
const EARTH = 0x6d4c41;
const TEAL = 0x00796b;

/** One colour per station family and per entry type, as the previous (worded) images had. */
export const THUMBS: Record<string, number> = {
  'boas-vindas': BRAND,
  soja: GREEN,
  'soja-plantio': GREEN,
  'soja-manejo': GREEN,
  'soja-colheita': GREEN,
  milho: CORN,
  'milho-hibridos': CORN,
  'milho-nutricao': CORN,
  'milho-safrinha': CORN,
  algodao: COTTON,
  'algodao-solo': COTTON,
  'algodao-pragas': COTTON,
  'algodao-fibra': COTTON,
  trigo: 0x9e9d24,
  'tr-gestao-rural': EARTH,
  'tr-procesos-comerciales': EARTH,
  'competencia-lideranca': TEAL,
  'biblioteca-agronomica': BRAND,
  'ctb-cast': 0x4a148c,
  'type-video': GREEN,
  'type-podcast': 0x4a148c,
  'type-audio': TEAL,
  'type-iframe-video': 0x1565c0,
  'type-pdf': 0xb71c1c,
  'type-iframe': 0x455a64,
  'type-scorm': 0xef6c00,
  'type-link': 0x37474f,
};

/** A text-free thumbnail: the colour and a darker band for the title (flat, so a few hundred bytes). */
export function textFreeThumb(colour: number): Buffer {
  const png = new PNG({ width: THUMB_WIDTH, height: THUMB_HEIGHT, colorType: 2 });
  const [r, g, b] = [(colour >> 16) & 0xff, (colour >> 8) & 0xff, colour & 0xff];
  for (let y = 0; y < THUMB_HEIGHT; y++) {
    for (let x = 0; x < THUMB_WIDTH; x++) {
      const sheen = y < BAND_TOP ? 1 : 0.78;
      const i = (y * THUMB_WIDTH + x) * 4;
      png.data[i] = Math.min(255, Math.round(r * sheen));
      png.data[i + 1] = Math.min(255, Math.round(g * sheen));
      png.data[i + 2] = Math.min(255, Math.round(b * sheen));
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: 2, deflateLevel: 9 });
}

/** Writes every thumbnail into `<content>/media/thumbs`. */
export function writeThumbs(contentDir: string): string[] {
  const written: string[] = [];
  for (const [name, colour] of Object.entries(THUMBS)) {
    const file = join(contentDir, 'media/thumbs', `${name}.png`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, textFreeThumb(colour));
    written.push(file);
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const content = resolve(process.argv.find((a) => a.startsWith('--content='))?.slice(10) ?? 'content');
  console.log(`wrote ${writeThumbs(content).length} thumbnails into ${content}/media/thumbs`);
}
