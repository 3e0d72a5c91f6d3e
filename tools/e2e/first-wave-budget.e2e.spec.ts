import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BUDGET_FILE, BUDGET_TOLERANCE, FIRST_SCREENS, measurePageLoad } from '../src/bench/first-load-bytes.js';
import { usePortalAndBrowser, type Portal } from './harness.js';

/**
 * Issue 29 (ADR 0090): a first screen's first wave of JavaScript (what a cold load fetches, bytes on
 * the wire, brotli) may not grow more than 5 % over the committed budget, nor past the 273 KiB the
 * issue measured before server rendering. A change that is meant to grow it rewrites the budget
 * (`npx tsx tools/src/bench/first-load-bytes.ts --write-budget`) in the same commit, and says why.
 */
let portal: Portal;
let browser: Browser;

usePortalAndBrowser('first-wave budget', (p, b) => ((portal = p), (browser = b)), () => ({ portal, browser }));

const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Record<string, number>;
const CEILING = 273 * 1024;

describe('the first wave of JavaScript', () => {
  for (const screen of FIRST_SCREENS) {
    it(`${screen.path} stays within its budget (+${BUDGET_TOLERANCE * 100} %) and under 273 KiB`, async () => {
      const allowed = budget[screen.path];
      expect(allowed, `${screen.path} has a budget in apps/web/first-wave-budget.json`).toBeTypeOf('number');
      const load = await measurePageLoad(browser, portal.url, screen);
      const listing = load.scripts.map((s) => `${(s.bytes / 1024).toFixed(1)} KiB ${s.file}`).join('\n');
      const said = `${screen.path}: first wave ${(load.firstWaveBytes / 1024).toFixed(1)} KiB against a budget of ${((allowed ?? 0) / 1024).toFixed(1)} KiB\n${listing}`;
      expect(load.firstWaveBytes, said).toBeLessThanOrEqual(Math.round((allowed ?? 0) * (1 + BUDGET_TOLERANCE)));
      expect(load.firstWaveBytes, said).toBeLessThanOrEqual(CEILING);
      // the measure saw the first wave itself: the libraries every first screen needs are in it
      const vendor = load.scripts.find((s) => s.file.startsWith('/assets/vendor-'));
      expect(vendor !== undefined && load.firstWaveBytes >= vendor.bytes, said).toBe(true);
    });
  }
});
