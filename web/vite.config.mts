import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway is the only backend the browser talks to; in development Vite forwards
// API calls, the socket.io upgrade and uploaded media to it so cookies stay same-origin.
const GATEWAY = 'http://localhost:8080';

/**
 * Writes `name.br` and `name.gz` beside every script, style sheet and SVG of the build. The
 * gateway sends them to browsers that accept them: compressing once at build time, at the best
 * level, costs the gateway nothing per request (a phone downloads ~30 % of the raw bytes).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'quad:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|svg)$/.test(file.fileName)) continue;
        const bytes = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
        const target = path.join(outDir, file.fileName);
        writeFileSync(`${target}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }));
        writeFileSync(`${target}.gz`, gzipSync(bytes, { level: zlib.Z_BEST_COMPRESSION }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
    // .vite/manifest.json: which chunks each screen needs (`npm run bench -- web` reads it). The
    // gateway never serves it: dot-folders are ignored by its static files.
    manifest: true,
    rolldownOptions: {
      output: {
        // Chunks by what a screen needs, each fetched in parallel: the entry holds everything
        // index.html's script needs, in one file ($initial); the real-time connection
        // (socket.io, lib/chat, the messages hooks) is one chunk; the shared ui components and
        // helpers one more, rather than a dozen sub-kilobyte files a phone would fetch one
        // connection round trip after another. The rest is split per screen as Rolldown sees fit.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'chat', test: /[\\/]node_modules[\\/](socket\.io|engine\.io|@socket\.io)|[\\/]src[\\/](lib[\\/]chat|features[\\/]messages[\\/]hooks)[\\/]/, priority: 2 },
            { name: 'ui', test: /[\\/]src[\\/](ui|lib)[\\/]/, priority: 1 },
          ],
        },
      },
      treeshake: {
        // @quad/contracts only declares constants and zod schemas. Marking it side-effect free
        // lets the bundle keep the constants the web uses without pulling in every schema (and zod).
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
      },
    },
  },
});
