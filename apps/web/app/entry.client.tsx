import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * Waits for React Router to decode the page's data. HydratedRouter's first render starts that and
 * suspends on it (it throws the promise before it calls any hook); React keeps the server's HTML
 * through a suspended root, Preact (decision 010) would render the document anew. So the decoding is
 * started here, outside a render, and the page hydrated once it is done.
 */
async function dataDecoded(): Promise<void> {
  // This module is one the route modules' script imports: React Router's globals are set once that
  // script has run, a turn later.
  await Promise.resolve();
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

void dataDecoded().then(() => {
  hydrateRoot(document, <HydratedRouter />);
});
