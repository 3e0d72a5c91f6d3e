import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveContentDir } from '@portal/learning/application';

/**
 * The demo pack copied into `dir`, plus `stations` Detail stations `<prefix>-<s>` of `entries`
 * videos `<prefix>-<s>-<e>` of `seconds` each (the learning and field benchmarks' catalogue).
 * Returns the new pack.json's path.
 */
export function packWithVideoStations(dir: string, options: { prefix: string; stations: number; entries: number; seconds: number; listingFrom: number }): string {
  const { prefix, stations, entries, seconds, listingFrom } = options;
  cpSync(resolveContentDir(), dir, { recursive: true });
  const pack = JSON.parse(readFileSync(join(dir, 'pack.json'), 'utf8'));
  const L = (x: string) => ({ 'pt-BR': x, es: x, en: x });
  const title = prefix.charAt(0).toUpperCase() + prefix.slice(1);
  for (let s = 0; s < stations; s++) {
    pack.stations.push({
      stationId: `${prefix}-${s}`,
      path: `${prefix}-${s}`,
      type: 'Detail',
      title: L(`${title} ${s}`),
      routeArea: 'default',
      areas: ['default'],
      listingOrder: listingFrom + s,
      entries: Array.from({ length: entries }, (_, e) => ({
        entryId: `${prefix}-${s}-${e}`,
        type: 'video',
        title: L(`${title} ${s}.${e}`),
        src: { 'pt-BR': 'media/video/soja.mp4' },
        thumbSrc: 'media/thumbs/type-video.png',
        duration: seconds,
        displayOrder: e,
      })),
    });
  }
  const file = join(dir, 'pack.json');
  writeFileSync(file, JSON.stringify(pack));
  return file;
}
