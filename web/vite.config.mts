import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway is the only backend the browser talks to; in development Vite forwards
// API calls, the socket.io upgrade and uploaded media to it so cookies stay same-origin.
const GATEWAY = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: false },
      '/ws': { target: GATEWAY, ws: true },
      '/media': { target: GATEWAY },
    },
  },
  preview: {
    port: 5173,
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: false },
      '/ws': { target: GATEWAY, ws: true },
      '/media': { target: GATEWAY },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // @quad/contracts only declares constants and zod schemas. Marking it side-effect free
        // lets the bundle keep the constants the web uses without pulling in every schema (and zod).
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
      },
    },
  },
});
