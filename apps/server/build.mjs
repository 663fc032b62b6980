// Bundles the server (with the workspace's domain package) into dist/main.js and the PDF worker
// into dist/pdf-worker.js, with the code they share and the lazily imported modules in chunks; npm
// packages stay external and are loaded from node_modules. Migrations are copied beside the bundle.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'dist');
rmSync(out, { recursive: true, force: true });

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@dealflow/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
};
// One build with code splitting: a module the server imports with `await import()` (the PDF code,
// shared with the worker) becomes its own chunk, and the npm packages it imports load with it, not
// at start-up (decision 0041). Chunks sit beside main.js, so `import.meta.url` keeps naming dist/.
await build({
  ...options,
  splitting: true,
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    // The PDF worker thread (src/lib/pdf/pool.ts starts `pdf-worker.js` beside the bundle).
    'pdf-worker': path.join(here, 'src/lib/pdf/worker.ts'),
  },
  outdir: out,
  chunkNames: 'chunk-[hash]',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
console.log('server built: apps/server/dist/main.js');
