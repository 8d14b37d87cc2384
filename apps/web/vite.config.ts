import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Rolldown } from 'vite';

/**
 * Puts every module that the client entry or the root route imports statically (the code every
 * page runs: React, React Router, the layout) into one chunk. A page's first load is then a handful
 * of files instead of thirty, and on a phone over 4G each file costs a round trip. What loads on
 * demand (sign-in modal, bag panel, call widget) and what only some routes import keep chunks of
 * their own.
 */
function shellChunk(): Rolldown.CodeSplittingNameFunction {
  const isShellEntry = (id: string) => id.endsWith('/entry.client.tsx') || id.endsWith('/app/root.tsx?__react-router-build-client-route');
  const memo = new Map<string, boolean>();
  const inShell = (id: string, ctx: Rolldown.ChunkingContext): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    memo.set(id, false); // an import cycle does not make a module part of the shell
    const answer = isShellEntry(id) || (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => inShell(importer, ctx));
    memo.set(id, answer);
    return answer;
  };
  return (id, ctx) => (inShell(id, ctx) ? 'shell' : null);
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The server build imports @store/shared from its built package, so the server and the loaders
  // share one module instance (the in-process API client's context key lives there).
  ssr: { external: ['@store/shared'] },
  build: {
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk() }] } } },
  },
});
