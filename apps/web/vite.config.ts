import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  // `source` makes @platter/shared resolve to its TypeScript, so web never waits on a shared build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: { '/api': server, '/media': server },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
