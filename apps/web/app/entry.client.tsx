import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { hydrateFirst, nextTask } from './preact/hydrate-separately';

/**
 * Waits for React Router to decode the page's data. HydratedRouter's first render starts that and
 * suspends on it (it throws the promise before it calls any hook); React keeps the server's HTML
 * through a suspended root, Preact (decision 010) would render the document anew. So the decoding
 * is started here, outside a render, and the page hydrated once it is done.
 */
async function dataDecoded(): Promise<void> {
  // This module is one the route modules' script imports: React Router's globals are set once that
  // script has run. A task later, not only a turn: evaluating the page's modules is then a task of
  // its own, and decoding the data another.
  await nextTask();
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

/**
 * Makes the router from the decoded data. HydratedRouter makes it on its first call with the data
 * there and keeps it; called outside a render, it then stops at its first hook (a Preact hook needs
 * a component to belong to), and the hydration's render finds the router made. Anything else it
 * threw, the hydration's own call throws again.
 */
function makeRouter(): void {
  try {
    HydratedRouter({});
  } catch {
    // The hook outside a render: the router is made.
  }
}

// Evaluating the modules, decoding the data, making the router and hydrating are four tasks, and
// the hydration puts parts of the page off to tasks of their own (preact/hydrate-separately.tsx):
// a slow phone's main thread is never held long (docs/performance.md, "Hydration in short tasks").
void dataDecoded()
  .then(nextTask)
  .then(() => {
    makeRouter();
    return nextTask();
  })
  .then(() => hydrateFirst(() => hydrateRoot(document, <HydratedRouter />)));
