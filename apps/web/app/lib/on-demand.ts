import { use } from 'react';
import { trackSettlement } from './settled';

/**
 * A module the browser loads only when a page needs it, and the server loads at start. `useModule()`,
 * called while rendering inside a <Suspense> boundary, returns the module: on the server it is
 * already there (React's `use` returns the value of a promise marked fulfilled at once), so the
 * page is rendered whole; in the browser the boundary waits for it, during hydration too. For views
 * most pages never show (the not-found and maintenance pages), so their code stays out of every
 * first load.
 */
export function onDemand<T>(load: () => Promise<T>) {
  let promise: Promise<T> | undefined;
  const start = (): Promise<T> => {
    if (promise) return promise;
    return (promise = trackSettlement(load()));
  };
  if (import.meta.env.SSR) void start();
  return { useModule: () => use(start()) };
}
