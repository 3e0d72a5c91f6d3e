import { describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING, findChromium } from './chromium.mjs';

/** npm test on a fresh machine (issue 13, defect 10): find the browser, or say what to install. */
describe('findChromium', () => {
  const only = (...files: string[]) => (file: string) => files.includes(file);

  it('finds chromium-browser or Chrome on PATH, not only /usr/bin/chromium', () => {
    expect(findChromium({ PATH: '/opt/a:/opt/b' }, only('/opt/b/chromium-browser'))).toBe('/opt/b/chromium-browser');
    expect(findChromium({ PATH: '/usr/local/bin' }, only('/usr/local/bin/google-chrome'))).toBe('/usr/local/bin/google-chrome');
  });

  it('takes CHROMIUM_PATH first, and reports it missing rather than guessing another', () => {
    expect(findChromium({ CHROMIUM_PATH: '/x/chrome', PATH: '/usr/bin' }, only('/x/chrome', '/usr/bin/chromium'))).toBe('/x/chrome');
    expect(findChromium({ CHROMIUM_PATH: '/x/chrome', PATH: '/usr/bin' }, only('/usr/bin/chromium'))).toBeNull();
  });

  it('answers null without any browser, and the message names what to install in one line', () => {
    expect(findChromium({ PATH: '/usr/bin' }, only())).toBeNull();
    expect(CHROMIUM_MISSING).not.toContain('\n');
    expect(CHROMIUM_MISSING).toMatch(/apt-get install chromium/);
    expect(CHROMIUM_MISSING).toMatch(/CHROMIUM_PATH/);
  });
});
