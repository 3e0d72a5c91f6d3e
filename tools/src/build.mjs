// node tools/src/build.mjs [--force] [--only api|web]
import { buildAll, buildApi, buildWeb } from './build-lib.mjs';

const force = process.argv.includes('--force');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
if (only === 'api') await buildApi({ force });
else if (only === 'web') buildWeb({ force });
else await buildAll({ force });
