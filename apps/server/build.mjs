// Bundles the server (with the workspace's domain package) into dist/main.js, and the PDF worker
// into dist/pdf-worker.js; npm packages stay external and are loaded from node_modules. Migrations
// are copied beside the bundle.
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
await build({
  ...options,
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(out, 'main.js'),
});
// The PDF worker thread (src/lib/pdf/pool.ts starts `pdf-worker.js` beside the bundle).
await build({
  ...options,
  entryPoints: [path.join(here, 'src/lib/pdf/worker.ts')],
  outfile: path.join(out, 'pdf-worker.js'),
});
cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
console.log('server built: apps/server/dist/main.js');
