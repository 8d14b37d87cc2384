import { use } from 'react';

/** The browser's on-demand loads still on their way (see onDemandLoaded). */
const loading = new Set<Promise<unknown>>();

type Options = {
  /**
   * For a part whose server HTML works without its code (links, native <details>, plain forms):
   * should the chunk not come (a dropped connection), the load never settles, so React keeps that
   * HTML in place instead of handing the error to the page's error boundary.
   */
  keepServerHtml?: boolean;
  /**
   * For a part every page that imports it shows: the browser starts loading its code as soon as the
   * module defining it runs (with the page's first modules, but not among them), rather than when
   * hydration reaches it, and the page is marked hydrated only once it has come (onDemandLoaded).
   */
  eager?: boolean;
};

/**
 * A module the browser loads only when a page needs it, and the server loads at start. `useModule()`,
 * called while rendering inside a <Suspense> boundary, returns the module: on the server it is
 * already there (React's `use` returns the value of a promise marked fulfilled at once), so the
 * page is rendered whole; in the browser the boundary waits for it, during hydration too, and React
 * leaves the boundary's server HTML in place until then. For views most pages never show (the
 * not-found and maintenance pages), and for parts of a page nobody touches first (the footer, the
 * reviews and related products below a product), so their code stays out of every first load.
 */
export function onDemand<T>(load: () => Promise<T>, { keepServerHtml = false, eager = false }: Options = {}) {
  let promise: Promise<T> | undefined;
  const start = (): Promise<T> => {
    if (promise) return promise;
    const loaded = load();
    if (!import.meta.env.SSR) {
      loading.add(loaded);
      const done = () => loading.delete(loaded);
      loaded.then(done, done);
    }
    const settling = keepServerHtml ? loaded.catch(() => new Promise<never>(() => undefined)) : loaded;
    // The fields React reads to settle `use` without suspending.
    Object.assign(settling, { status: 'pending' });
    settling.then(
      (value) => Object.assign(settling, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(settling, { status: 'rejected', reason }),
    );
    return (promise = settling);
  };
  if (import.meta.env.SSR || eager) void start();
  return { useModule: () => use(start()) };
}

/**
 * Settles when every on-demand load started so far has come or failed. root.tsx waits for it before
 * marking the page hydrated, which is when taps held before hydration are replayed
 * (lib/scripts-after-paint.ts): React hydrates a part on a tap once the part's code is there, but a
 * tap on a part whose code has not come would be lost. Parts that hydrate on demand are `eager`, so
 * their loads have started by the time the page's first render commits.
 */
export async function onDemandLoaded(): Promise<void> {
  while (loading.size > 0) await Promise.allSettled([...loading]);
}
