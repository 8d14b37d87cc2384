/**
 * What the storefront's code and its libraries import as `react` (decision 010): Preact's React
 * layer, with the one hook React Router needs that it lacks.
 */
import { options, type VNode } from 'preact';
import { useCallback, useState } from 'preact/compat';

// @ts-expect-error -- compat's types are one `export =` namespace; the module is ESM with named exports. The store's code is typed by @types/react.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React's `useOptimistic`, which React Router's `<RouterProvider>` imports: the value passed in, or
 * the optimistic one set since, until the passed value changes. Without a reducer the action is the
 * new value, or a function of the current one.
 */
export function useOptimistic<State, Action = State>(
  passthrough: State,
  reducer?: (state: State, action: Action) => State,
): [State, (action: Action) => void] {
  const [optimistic, setOptimistic] = useState<{ base: State; value: State } | null>(null);
  const value = optimistic && optimistic.base === passthrough ? optimistic.value : passthrough;
  const add = useCallback(
    (action: Action) => {
      const next = reducer
        ? reducer(value, action)
        : typeof action === 'function'
          ? (action as (state: State) => State)(value)
          : (action as unknown as State);
      setOptimistic({ base: passthrough, value: next });
    },
    [passthrough, reducer, value],
  );
  return [value, add];
}

/**
 * Effects run as soon as the render that scheduled them has been committed, as React runs the
 * effects of a tap or key before the next event. Preact waits for the next frame: a key pressed
 * meanwhile missed the listener an effect adds (Escape right after a mega-menu panel opened), and a
 * keystroke cancelled the search box's pending ask a frame late.
 * The hydration's effects are the exception: they run in a task of their own, right after it, so a
 * slow phone's main thread is not held by the hydration and every effect of the page in one go
 * (total blocking time counts each long task past 50 ms; docs/performance.md).
 */
let hydrationEffects = true;
options.requestAnimationFrame = (flush) => {
  if (!hydrationEffects) return queueMicrotask(flush);
  hydrationEffects = false;
  setTimeout(flush, 0);
};

/**
 * What a controlled field shows, per element, as its last render set it. React puts a field's
 * rendered value back after every input event, also when the handler left the state as it was (a
 * quantity typed above the stock, clamped to the same number as before); Preact renders nothing
 * then, so the typed text would stay. `restoreControlled` does what React does, after the render
 * the event caused.
 */
const controlled = new WeakMap<Element, { value?: string; checked?: boolean }>();

function isField(element: EventTarget | null): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

function restoreControlled(event: Event): void {
  const field = event.target;
  if (!isField(field) || !controlled.has(field)) return;
  // Preact renders in the microtask a state change queued during the handler; this one comes after it.
  queueMicrotask(() => {
    const shown = controlled.get(field);
    if (!shown) return;
    if (shown.value !== undefined && field.value !== shown.value) field.value = shown.value;
    if (shown.checked !== undefined && field instanceof HTMLInputElement && field.checked !== shown.checked) field.checked = shown.checked;
  });
}

const IN_BROWSER = typeof document !== 'undefined';
if (IN_BROWSER) {
  document.addEventListener('input', restoreControlled);
  document.addEventListener('change', restoreControlled);
}

type FieldProps = { value?: unknown; checked?: unknown; ref?: unknown };

/** A ref that records the field's rendered value and passes the element on to the field's own ref. */
function recordingRef(props: FieldProps, own: unknown) {
  const shown = {
    value: props.value == null ? undefined : String(props.value as string | number),
    checked: typeof props.checked === 'boolean' ? props.checked : undefined,
  };
  return (element: Element | null) => {
    if (element) controlled.set(element, shown);
    if (typeof own === 'function') (own as (element: Element | null) => void)(element);
    else if (own && typeof own === 'object') (own as { current: Element | null }).current = element;
  };
}

/**
 * React's own instructions on an element, which React reads and never writes as attributes:
 * Preact would write them into the HTML.
 */
const REACT_ONLY_PROPS = ['suppressHydrationWarning', 'precedence'] as const;
const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === 'string' && vnode.props) {
    const props = vnode.props as Record<string, unknown>;
    for (const prop of REACT_ONLY_PROPS) if (prop in props) delete props[prop];
    const field = props as FieldProps;
    if (
      IN_BROWSER &&
      (vnode.type === 'input' || vnode.type === 'textarea' || vnode.type === 'select') &&
      (field.value != null || typeof field.checked === 'boolean')
    ) {
      const ref = recordingRef(field, vnode.ref ?? field.ref);
      vnode.ref = ref;
      if ('ref' in props) props.ref = ref;
    }
  }
  previousVNodeHook?.(vnode);
};
