// Where the end-to-end tests find a Chromium: CHROMIUM_PATH, else the usual names on PATH and the
// usual install locations. npm test asks before it starts, so a machine without one learns it in
// one line instead of after the unit tests, and the e2e harness gets the path it found.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];
export const CHROMIUM_LOCATIONS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** The one line npm test prints when no Chromium is found. */
export const CHROMIUM_MISSING =
  'npm test needs Chromium for its end-to-end step: install it (Debian/Ubuntu: sudo apt-get install chromium; macOS: brew install --cask chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.';

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The browser to drive, or null. `env.CHROMIUM_PATH` wins when set (and must exist); then each
 * name on `env.PATH`; then the fixed locations. `isExecutable` is injectable for tests.
 */
export function findChromium(env = process.env, isExecutable = executable) {
  if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of CHROMIUM_NAMES) {
    for (const dir of dirs) {
      const file = join(dir, name);
      if (isExecutable(file)) return file;
    }
  }
  return CHROMIUM_LOCATIONS.find((file) => isExecutable(file)) ?? null;
}
