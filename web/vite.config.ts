import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPages } from './prerender.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // prerenderPages: the public pages ship their content in the HTML (docs/architecture.md).
  plugins: [react(), prerenderPages()],
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)), '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
});
