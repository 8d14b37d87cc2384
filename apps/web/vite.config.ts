import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Rolldown } from 'vite';
import { buildLocale } from './build-locale.ts';

const locale = buildLocale();

/**
 * Puts every module that the client entry or the root route imports statically (the code every
 * page runs: React, React Router, the layout) into one chunk. A page's first load is then a handful
 * of files instead of thirty, and on a phone over 4G each file costs a round trip. What loads on
 * demand (sign-in modal, bag panel, call widget) and what only some routes import keep chunks of
 * their own.
 */
// Money and the Dhaka calendar: under a kilobyte together and used by most pages (cards, reviews,
// orders), so they ride with the shell instead of costing a file of their own.
/** One message of a language's catalog, or that catalog's index (split-messages.mjs). */
const MESSAGE = /\/packages\/shared\/src\/i18n\/messages\/[a-z]+\/\w+\.js$/;
const SMALL_SHARED = /\/packages\/shared\/(src|dist)\/(money|dhaka-time)\.(ts|js)$/;

function shellChunk(): Rolldown.CodeSplittingNameFunction {
  const isShellEntry = (id: string) => id.endsWith('/entry.client.tsx') || id.endsWith('/app/root.tsx?__react-router-build-client-route');
  let shell: Set<string> | undefined;
  const findShell = (start: string, ctx: Rolldown.ChunkingContext) => {
    // Every module reachable from `start` in any direction, to find the two entries...
    const seen = new Set([start]);
    for (const id of seen) {
      const info = ctx.getModuleInfo(id);
      for (const next of [
        ...(info?.importers ?? []),
        ...(info?.importedIds ?? []),
        ...(info?.dynamicImporters ?? []),
        ...(info?.dynamicallyImportedIds ?? []),
      ])
        seen.add(next);
    }
    // ...then what they import statically, transitively.
    const found = new Set([...seen].filter(isShellEntry));
    for (const id of found) for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) found.add(next);
    return found;
  };
  return (id, ctx) => {
    // A message goes with the code that shows it (its own module: the bundler places it), not with the
    // shell just because the shell imports the catalog's index.
    if (MESSAGE.test(id)) return null;
    return (shell ??= findShell(id, ctx)).has(id) || SMALL_SHARED.test(id) ? 'shell' : null;
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // This build's language (decision 009): a constant, so the other language's branches drop out.
  define: { 'import.meta.env.STORE_LOCALE': JSON.stringify(locale) },
  resolve: {
    alias: [
      // React's API on Preact (decision 010), for the browser and the server render alike.
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: fileURLToPath(new URL('./app/preact/react.ts', import.meta.url)) },
      {
        // The catalog's messages in this build's language alone: plain functions returning its text,
        // no run-time locale, one module each (packages/shared/scripts/split-messages.mjs), so each
        // lands in the chunk of the code that shows it. The server and the API import the
        // dispatching module instead.
        find: /^@store\/shared\/i18n\/messages(\.js)?$/,
        replacement: fileURLToPath(new URL(`../../packages/shared/src/i18n/messages/${locale}/index.js`, import.meta.url)),
      },
    ],
  },
  // The server build imports @store/shared from its built package, so the server and the loaders
  // share one module instance (the in-process API client's context key lives there).
  ssr: { external: ['@store/shared'], noExternal: true },
  // The browser's chunks only: the server build loads everything from disk once.
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk() }] } } } } },
  },
});
