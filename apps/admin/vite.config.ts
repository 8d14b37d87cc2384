import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * The back office: a client-only build of its own, served by the API process under /admin
 * (apps/api/src/plugins/admin-app.ts). Nothing here is imported by the storefront.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Fonts stay files: Chromium shapes a glyph before an inlined (data:) font reports loaded and never redraws it.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
});
