import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { answerShapes } from './answer-shapes.plugin.ts';
import { endpointRoutes } from './endpoints.plugin.ts';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every built JS, CSS, SVG and JSON asset over 1 KB, once, at
 * maximum compression; the server sends the copy the browser accepts (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'spotter-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        );
      }
    },
  };
}

const isPureModule = (id: string) => id.includes('/packages/shared/src/') || /\/apps\/web\/src\/features\/[^/]+\/index\.ts$/.test(id);

export default defineConfig({
  plugins: [react(), answerShapes(), endpointRoutes(), precompress()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      treeshake: {
        // packages/shared is pure code (no I/O, no globals): a module none of whose exports a chunk uses is left out,
        // so the login path does not carry every zod schema of the API. A feature's index.ts only re-exports (what other
        // features may use of it, eslint.config.js): without side effects, an import through it reaches only the module
        // that defines the name, so the kiosk list taking useGym from features/events does not put the charge dialog's
        // reads (and zod) in a chunk it loads. Everything else keeps its package's own rule.
        moduleSideEffects: (id, external) => external || !isPureModule(id.split(path.sep).join('/')),
      },
    },
  },
});
