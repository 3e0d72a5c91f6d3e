// npm start: build what is missing, then serve API + SPA on one port (PGlite in ./.data by default).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildAll, root } from './build-lib.mjs';

await buildAll();
const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/api/dist/main.js')], {
  stdio: 'inherit',
  // a quiet console for a new user: the URL and demo sign-ins, then warnings and errors (LOG_LEVEL=info for more)
  env: { DATA_DIR: join(root, '.data'), LOG_LEVEL: 'warn', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
