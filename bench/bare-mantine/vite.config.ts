import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// As apps/web/vite.config.ts builds, with apps/web's PostCSS config; bench/web.ts passes --outDir (a temp dir).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  css: { postcss: `${import.meta.dirname}/../../apps/web` },
  logLevel: 'warn',
  build: {
    emptyOutDir: true,
    sourcemap: false,
  },
});
