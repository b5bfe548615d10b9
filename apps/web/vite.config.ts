import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The API server of `npm run dev`; it listens on PORT like the server itself.
const server = `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react()],
  // `source` makes @platter/shared resolve to its TypeScript, so web never waits on a shared build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: { '/api': server, '/media': server },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
