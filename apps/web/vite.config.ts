import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The server build imports @store/shared from its built package, so the server and the loaders
  // share one module instance (the in-process API client's context key lives there).
  ssr: { external: ['@store/shared'] },
});
