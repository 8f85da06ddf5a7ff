import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` finds the server (its own `PORT`, 3000 by default). */
const serverUrl = process.env.ONCALL_SERVER_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const serverPaths = ['/trpc', '/api', '/graphql', '/ack', '/healthz', '/readyz', '/metrics'];

export default defineConfig({
  // Relative asset URLs resolve against the page's `<base>`, which the server writes from
  // `PUBLIC_URL`'s path: one build serves at `/` and under any sub-path.
  base: './',
  plugins: [
    // File-based routes (src/routes), each route's component split into its own chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
  ],
  // The server replaces this with a fresh nonce per page load; Mantine's <style> elements carry it.
  html: { cspNonce: 'ONCALL_CSP_NONCE' },
  build: { outDir: 'dist', emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 600 },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: serverUrl, changeOrigin: false }])),
  },
});
