import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const sandbox = process.env.SANDBOX_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: { target: 'es2020', sourcemap: true },
  // The DICOM decode worker loads each codec (and its wasm) as a chunk of its own, on demand:
  // that needs ES module workers (Vite's default, iife, puts every codec in the worker).
  worker: { format: 'es' },
  server: {
    proxy: { '/api': sandbox, '/config.json': sandbox, '/sandbox': sandbox },
  },
});
