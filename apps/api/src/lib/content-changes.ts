/**
 * In-process read caches (settings, catalog answers, rendered pages) hold data for a few seconds.
 * A change made through this process (a setting, stock taken by an order) tells them to forget at
 * once; changes made elsewhere (a seed run, another instance) show when their time to live ends.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` after every change; returns the function that stops it. */
export function onContentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every read cache that the catalog, stock or settings changed. Call it after the commit. */
export function contentChanged(): void {
  for (const listener of listeners) listener();
}
