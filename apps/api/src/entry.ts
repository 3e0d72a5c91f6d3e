// The first lines the bundle runs (apps/api/dist/main.js, ADR 0081). Native modules (argon2's
// prebuild) crash an unsupported Node with a bare "Segmentation fault" as they load, and an
// esbuild bundle hoists every import above its first statement: so this tiny entry imports
// nothing, checks the Node version, and only then loads the portal (apps/api/dist/portal.js).

/** package.json "engines.node" (">=22"), put in by the build (tools/src/build-lib.mjs). */
declare const __NODE_ENGINES__: string;

const required = Number(/^>=\s*(\d+)/.exec(__NODE_ENGINES__)?.[1]);
const major = Number(process.versions.node.split('.')[0]);
if (!(major >= required)) {
  process.stderr.write(
    `Agro learning portal: Node.js ${required} or newer is required (package.json engines "${__NODE_ENGINES__}"), but ${process.execPath} is Node.js ${process.version}. ` +
      `Run "npm start" (it uses the repository's own Node), or start apps/api/dist/main.js with Node.js ${required} or newer.\n`,
  );
  process.exit(1);
}
// a variable, so that esbuild leaves the import to run time
const portal = './portal.js';
await import(portal);

export {};
