import { Component, Suspense, type ReactNode } from 'react';

/**
 * Hydration in short tasks (docs/performance.md, "Hydration in short tasks").
 *
 * Preact hydrates a page in one synchronous pass; on a slow phone that pass is one long task, and
 * every tap meanwhile waits for it. A part of the page wrapped in <HydrateSeparately> is hydrated in
 * a task of its own, after the rest: during the page's first hydration it suspends, Preact keeps the
 * server's HTML for it (its one root element) and goes on with its siblings, and its turn comes in a
 * later task, one part per task in the order the page renders them. A tap on it before then is held
 * like any tap before hydration (decision 007) and replayed once `<html data-hydrated>` is set, which
 * waits for the last part (`pageHydrated`).
 *
 * After the first hydration (the server's HTML is not there to keep) it renders its children at once.
 * The wrapped children must render exactly one element at their root.
 */
export function HydrateSeparately({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}

let hydrating = false;
let lastTurn: Promise<void> = Promise.resolve();

/** Resolves in a new task, without the 4 ms that nested timers are held back by. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs the page's first hydration, `hydrate` being the synchronous pass that starts it. */
export function hydrateFirst(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/**
 * Resolves once every part the first hydration put off has been hydrated (and its effects run),
 * parts inside parts too: those take their turns only once their outer part has been hydrated.
 */
export async function pageHydrated(): Promise<void> {
  let seen: Promise<void>;
  do {
    seen = lastTurn;
    await seen;
    await nextTask();
  } while (seen !== lastTurn);
}

/** Parts constructed from here to the end of this task's renders are being hydrated: they wait too. */
function hydratingUntilRendered(): void {
  hydrating = true;
  queueMicrotask(() => {
    hydrating = false;
  });
}

/**
 * A class, because Preact forgets the hooks of a component that suspends before its first commit;
 * the instance (and so its turn) is kept until it renders again.
 */
class Turn extends Component<{ children: ReactNode }> {
  /** Its turn, until it comes (or the part is hydrated before it). */
  private waiting: Promise<void> | null = null;
  private resuming = false;
  /** What the server rendered: what the part is hydrated with. */
  private readonly served: ReactNode;

  constructor(props: { children: ReactNode }) {
    super(props);
    this.served = props.children;
    if (!hydrating) return;
    const turn = lastTurn.then(nextTask);
    lastTurn = turn;
    const waiting = turn.then(() => {
      if (this.waiting !== waiting) return;
      this.waiting = null;
      this.resuming = true;
    });
    this.waiting = waiting;
  }

  override render() {
    if (this.waiting) {
      if (this.props.children === this.served) throw this.waiting;
      // Rendered again before its turn (the page around it changed: a navigation, new data). It is
      // hydrated now, with what the server rendered, which is what its HTML shows; then brought up
      // to date by an ordinary render. Hydrating the new children onto the old HTML would keep the
      // old attributes (Preact's hydration only attaches listeners).
      this.waiting = null;
      hydratingUntilRendered();
      queueMicrotask(() => this.forceUpdate());
      return this.served;
    }
    if (this.resuming) {
      // Its turn: its children are hydrated in this render, and parts inside them wait for their own.
      this.resuming = false;
      hydratingUntilRendered();
    }
    return this.props.children;
  }
}
