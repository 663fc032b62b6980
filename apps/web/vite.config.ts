/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = process.env.DEALFLOW_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
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
