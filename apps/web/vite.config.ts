/// <reference types="vitest/config" />
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * pdf.js's character maps (CJK text in predefined encodings) and standard font data, which the PDF
 * viewer fetches only when a document needs them: emitted under `assets/pdfjs-{version}/` (the
 * version in the path makes them safe to cache for good) and served from node_modules in dev.
 */
function pdfjsAssets(): Plugin {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const prefix = `assets/pdfjs-${version}`;
  const folders = ['cmaps', 'standard_fonts'];
  return {
    name: 'dealflow-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use(`/${prefix}/`, (req, res, next) => {
        const [folder, name, ...rest] = (req.url ?? '').split('?')[0]!.replace(/^\//, '').split('/');
        if (!folder || !folders.includes(folder) || !name || rest.length > 0 || !/^[\w.-]+$/.test(name)) {
          next();
          return;
        }
        createReadStream(path.join(root, folder, name))
          .on('error', () => next())
          .pipe(res);
      });
    },
    generateBundle() {
      for (const folder of folders) {
        for (const name of readdirSync(path.join(root, folder))) {
          this.emitFile({
            type: 'asset',
            fileName: `${prefix}/${folder}/${name}`,
            source: readFileSync(path.join(root, folder, name)),
          });
        }
      }
    },
  };
}

const api = process.env.DEALFLOW_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    pdfjsAssets(),
    // Brotli and gzip copies beside each asset; the server sends them as they are (preCompressed).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      threshold: 1024,
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': api, '/static_api': api, '/ai-api': api },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  // Used by the root vitest `web` project, which extends this file.
  test: { setupFiles: ['./src/test/setup.ts'] },
});
