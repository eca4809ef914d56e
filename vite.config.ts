import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const sandbox = process.env.SANDBOX_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: {
    target: 'es2020',
    sourcemap: true,
    rollupOptions: {
      output: {
        // The QA panel's diagrams are chunks of their own: named so, not after the machines.
        chunkFileNames: (chunk) => (chunk.facadeModuleId?.includes('/docs/statecharts/') ? 'assets/qa-diagram-[name]-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: {
    proxy: { '/api': sandbox, '/config.json': sandbox, '/sandbox': sandbox },
  },
});
