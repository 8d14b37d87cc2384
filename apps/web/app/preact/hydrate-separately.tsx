import { Component, createContext, Suspense, useContext, useState, type ReactNode } from 'react';

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
  const outer = useContext(IdScope);
  // Named by its place among the parts of its part (or of the page), the same on the server and in
  // the browser whatever order they hydrate in.
  const [scope] = useState<Scope>(() => ({ name: `${outer.name}${outer.parts++}_`, parts: 0 }));
  return (
    <IdScope.Provider value={scope}>
      <Suspense fallback={null}>
        <Turn scope={scope.name}>{children}</Turn>
      </Suspense>
    </IdScope.Provider>
  );
}

/**
 * `useId` numbers ids in the order components first ask: in the browser a part asks after the rest
 * of the page, on the server in page order, so ids would differ (and a new element's id could be one
 * the server gave another, still in the page). Inside a part they count from the part's own name.
 */
type Scope = { name: string; parts: number };
const IdScope = createContext<Scope>({ name: 'h', parts: 0 });

/** One page's parts are named from here: a new count for each render of the document. */
export function HydrationParts({ children }: { children: ReactNode }) {
  const [scope] = useState<Scope>(() => ({ name: 'h', parts: 0 }));
  return <IdScope.Provider value={scope}>{children}</IdScope.Provider>;
}

/**
 * Preact's `useId` counts from the nearest vnode with a mask (its `__m`, as Preact calls it once
 * built; its own async boundaries use it). The part's vnode carries one of its own.
 */
type MaskedVNode = { __m?: [string, number] };

let hydrating = false;
let lastTurn: Promise<void> = Promise.resolve();
/** Turns not come yet, each a way to bring it now. */
const waitingTurns = new Set<() => void>();
/** The shopper has touched the page: what is left is hydrated at once, and so is anything still to come. */
let touched = false;

/**
 * Brings every turn, in one task. The first tap or key does it: what the shopper reaches for
 * answers soon, their held tap is replayed without waiting for parts' turns, and no navigation they
 * start can find a part not yet hydrated (which would then be hydrated under the new page).
 */
function hydrateTheRestNow(): void {
  touched = true;
  for (const bring of waitingTurns) bring();
  waitingTurns.clear();
}

/**
 * The first tap or key. The rest is hydrated after the next frame, not in the tap's own task: the
 * frame shows the tap's pressed state first (a tap's feedback is due within 200 ms; hydrating the
 * rest of a listing first held it back by ~130 ms at 4x CPU; docs/performance.md, "Taps").
 */
const TOUCHES = ['pointerdown', 'keydown'] as const;
function onFirstTouch(): void {
  // Once is enough: every key and tap afterwards would only find nothing waiting.
  for (const type of TOUCHES) removeEventListener(type, onFirstTouch, true);
  requestAnimationFrame(() => void nextTask().then(hydrateTheRestNow));
}
if (typeof window !== 'undefined') {
  for (const type of TOUCHES) addEventListener(type, onFirstTouch, { capture: true, passive: true });
}

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

/** The next turn: a task after the one before it, or at once when the page is touched. */
function takeTurn(): Promise<void> {
  let bring = () => {};
  const now = new Promise<void>((resolve) => {
    bring = resolve;
  });
  const turn = Promise.race([lastTurn.then(nextTask), now]);
  waitingTurns.add(bring);
  void turn.then(() => waitingTurns.delete(bring));
  lastTurn = turn;
  return turn;
}

/** Rendered last among a hydrated part's children: parts after it are no longer being hydrated. */
function EndOfPart() {
  hydrating = false;
  return null;
}

/**
 * A class, because Preact forgets the hooks of a component that suspends before its first commit;
 * the instance (and so its turn) is kept until it renders again.
 */
class Turn extends Component<{ scope: string; children: ReactNode }> {
  private readonly mask: [string, number];
  /** Its turn, until it comes (or the part is hydrated before it). */
  private waiting: Promise<void> | null = null;
  private resuming = false;
  /** What the server rendered: what the part is hydrated with. */
  private readonly served: ReactNode;

  constructor(props: { scope: string; children: ReactNode }) {
    super(props);
    this.mask = [props.scope, 0];
    this.served = props.children;
    if (!hydrating || touched) return;
    const waiting = takeTurn().then(() => {
      if (this.waiting !== waiting) return;
      this.waiting = null;
      this.resuming = true;
    });
    this.waiting = waiting;
  }

  override render() {
    // This render's vnode (Preact's `__v`), where its children's `useId` finds the part's count.
    (this as unknown as { __v: MaskedVNode }).__v.__m = this.mask;
    let children = this.props.children;
    if (this.waiting) {
      if (children === this.served) throw this.waiting;
      // Rendered again before its turn (the page around it changed: new data). It is hydrated now,
      // with what the server rendered, which is what its HTML shows; then brought up to date by an
      // ordinary render. Hydrating the new children onto the old HTML would keep the old attributes
      // (Preact's hydration only attaches listeners).
      this.waiting = null;
      queueMicrotask(() => this.forceUpdate());
      children = this.served;
      hydrating = true;
    } else if (this.resuming) {
      // Its turn: its children are hydrated in this render.
      this.resuming = false;
      hydrating = true;
    }
    // Parts inside children being hydrated wait for turns of their own, up to EndOfPart. The same
    // shape on every render, so that Preact never replaces the part's elements.
    return (
      <>
        {children}
        <EndOfPart />
      </>
    );
  }
}
