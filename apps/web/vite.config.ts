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

/**
 * antd's form context (which every Input, Select and Button reads) takes `FormProvider` from
 * @rc-component/form's index, whose module body attaches Field, List and useForm to the Form it
 * exports: so every page that shows an input loaded the whole form library with its validator
 * (≈ 20 kB gzip). The provider is imported from the file that declares it instead.
 */
function antdFormContextImport(): Plugin {
  const file = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;
  return {
    name: 'dealflow-antd-form-context',
    transform(code, id) {
      if (!file.test(id)) return null;
      const next = code.replace(
        "import { FormProvider as RcFormProvider } from '@rc-component/form';",
        "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
      );
      if (next === code) this.error('antd/es/form/context.js no longer imports FormProvider as expected');
      return { code: next, map: null };
    },
  };
}

/** Packages under antd whose files declare components and helpers only (see build.rolldownOptions). */
const SIDE_EFFECT_FREE =
  /[\\/]node_modules[\\/]@(rc-component[\\/]|ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/])/;

/** Modules every page loads (the login page, the dashboard, the investor's case list): see `codeSplitting`. */
const CORE = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](preact|react-router|i18next|react-i18next|dayjs|stylis|clsx|react-is|use-sync-external-store|throttle-debounce)[\\/]`,
    String.raw`[\\/]node_modules[\\/]@(tanstack|emotion|babel[\\/]runtime)[\\/]`,
    String.raw`[\\/]node_modules[\\/]@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/]`,
    String.raw`[\\/]node_modules[\\/]@rc-component[\\/](util|motion|portal|resize-observer)[\\/]`,
    String.raw`[\\/]node_modules[\\/]antd[\\/]es[\\/](_util|theme|style|config-provider|locale|button|version)[\\/]`,
  ].join('|'),
);

const api = process.env.DEALFLOW_API ?? 'http://127.0.0.1:3000';

/**
 * React's API served by Preact (docs/decisions/0043-preact-compat.md): react-dom's client alone was
 * 75 kB gzip of the 250 kB every page loads first. Absolute paths, so that every importer (antd, the
 * router, TanStack Query) gets this package's Preact 11 and not the Preact 10 FullCalendar nests.
 */
const preactRoot = path.dirname(createRequire(import.meta.url).resolve('preact/package.json'));
const preact = (file: string) => path.join(preactRoot, file);
const PREACT_ALIASES = [
  { find: /^react$/, replacement: preact('compat/dist/compat.mjs') },
  { find: /^react-dom$/, replacement: preact('compat/dist/compat.mjs') },
  { find: /^react-dom\/client$/, replacement: preact('compat/client.mjs') },
  { find: /^react-dom\/test-utils$/, replacement: preact('test-utils/dist/testUtils.mjs') },
  { find: /^react\/jsx-runtime$/, replacement: preact('compat/jsx-runtime.mjs') },
  { find: /^react\/jsx-dev-runtime$/, replacement: preact('compat/jsx-dev-runtime.mjs') },
];

export default defineConfig({
  // The component tests (vitest's `web` project, which extends this file) keep React: Vitest loads
  // antd, the router and Testing Library as Node packages, past Vite's aliases (decision 0043).
  resolve: { alias: process.env.VITEST ? [] : PREACT_ALIASES },
  plugins: [
    // JSX only: React's fast refresh does not drive Preact, so an edit reloads the page in dev.
    react({ refreshExclude: /./ }),
    pdfjsAssets(),
    antdFormContextImport(),
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
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // antd's own package says which of its files have side effects (its styles); the rc-component
      // packages and the CSS-in-JS helpers it builds on say nothing, so every file they hold counted as
      // having some, and importing one context pulled the whole package: antd's Input brought all of
      // @rc-component/form with async-validator to every page. Their files only declare components and
      // helpers, so they are marked side-effect free; every other module keeps its own package's word.
      treeshake: { moduleSideEffects: (id) => (SIDE_EFFECT_FREE.test(id) ? false : undefined) },
      output: {
        // The code every page runs (React, the router, i18next, TanStack Query, antd's core and the
        // components of every shell) as one chunk: left to the automatic split it came in a dozen
        // pieces whose boundaries moved with each lazy import, each compressed on its own.
        codeSplitting: { groups: [{ name: 'core', test: (id: string) => CORE.test(id) }] },
      },
    },
  },
  // Used by the root vitest `web` project, which extends this file.
  test: { setupFiles: ['./src/test/setup.ts'] },
});
