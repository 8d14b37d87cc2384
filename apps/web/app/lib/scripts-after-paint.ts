import { createHash } from 'node:crypto';

/**
 * The page's modules start once its first screen is painted (see docs/decisions/004-scripts-after-paint.md).
 *
 * React Router's <Scripts> writes a modulepreload link per module into <head> and one inline module
 * script that imports the route modules and the client entry. In the shell's HTML the links are
 * taken out and the module script becomes a classic one that hands its source and the preloads to
 * `startAfterPaint`, which adds both once the page has loaded and a paint has been shown, or at
 * once on the shopper's first tap or key. The element count is unchanged, so hydration matches (the script
 * elements have suppressHydrationWarning).
 *
 * Under the Content-Security-Policy (docs/security.md) the boot script keeps the entry script's
 * nonce and gives it to what it adds. It also names the hash of the module it adds
 * (data-adds-script), by which that module is allowed on a page shared from the page cache, which
 * carries hashes instead of a nonce. (Chromium lets a script added by a trusted one run under
 * 'strict-dynamic' anyway; the CSP standard, and browsers that follow it to the letter, do not.)
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const ENTRY_SCRIPT = /<script( nonce="[^"]*")? type="module" async>([\s\S]*?)<\/script>/;

/** What `startAfterPaint` is told besides the modules; see there. */
type Timing = {
  /**
   * Controls whose taps are held until hydration: those whose work is done by React. Links navigate
   * (the header's bag to the checkout, where the bag works as plain forms) and fields take what is
   * typed natively; a changed field is handed to React once it has hydrated.
   */
  heldControls: string;
  /** How long held taps wait for hydration before controls act natively again. */
  giveUpMs: number;
  /** How long after load the scripts wait for a paint to be reported before they start anyway. */
  paintWaitMs: number;
  /** How long after the HTML is parsed the scripts wait for the load event (a slow third-party file) before they start anyway. */
  loadWaitMs: number;
};

const TIMING: Timing = {
  heldControls: 'button, [role="button"], [role="tab"], [role="switch"], [role="menuitem"]',
  giveUpMs: 15_000,
  paintWaitMs: 3_000,
  loadWaitMs: 5_000,
};

/**
 * Runs in the browser, serialised with toString: it must stay self-contained.
 * `preloads` are the module URLs to fetch side by side, `source` the entry module's code. They start
 * once the page has loaded and its first screen is shown (at most `paintWaitMs` after load, and at
 * most `loadWaitMs` after the HTML was parsed).
 *
 * Nothing a shopper does before the page has hydrated is lost. Their first tap or key starts the
 * scripts at once. A tap on a control is held, and the control shows it at once (data-held and
 * aria-busy, styled in app.css) until its tap is replayed; text typed or boxes ticked stay in their fields;
 * when root.tsx marks <html data-hydrated>, each changed field is handed to React as a change and
 * then the held taps (and forms sent with Enter) are replayed on their elements. Should the scripts
 * never arrive, controls act natively again after `giveUpMs`.
 */
function startAfterPaint(preloads: string[], source: string, { heldControls, giveUpMs, paintWaitMs, loadWaitMs }: Timing): void {
  // Read while this script runs; empty on a page whose scripts are allowed by hash.
  const nonce = document.currentScript?.nonce ?? '';
  const inputs = ['pointerdown', 'keydown'];
  // Held taps and sendings, in order; replayed one per task so that each sees the page the one before left.
  const held: (() => void)[] = [];
  // Controls showing a held tap: pressed until their tap is replayed or they act natively again.
  const pressed = new Set<Element>();
  const press = (control: Element | null | undefined) => {
    if (!control || pressed.has(control)) return;
    pressed.add(control);
    control.setAttribute('data-held', '');
    control.setAttribute('aria-busy', 'true');
  };
  const unpress = (control: Element | null | undefined) => {
    if (!control || !pressed.delete(control)) return;
    control.removeAttribute('data-held');
    control.removeAttribute('aria-busy');
  };
  const changed = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of inputs) removeEventListener(type, start, true);
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.nonce = nonce;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = source;
    document.head.append(script);
    setTimeout(giveUp, giveUpMs);
  };
  const hold = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(heldControls) : null;
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    press(control);
    held.push(() => {
      unpress(control);
      if (control.isConnected) control.click();
    });
    start();
  };
  const holdSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    // A part of the page hydrated already (preact/hydrate-separately.tsx) must not send it too: the
    // replay does, once.
    event.stopImmediatePropagation();
    const submitter = (event as SubmitEvent).submitter;
    press(submitter);
    held.push(() => {
      unpress(submitter);
      if (form.isConnected) form.requestSubmit();
    });
    start();
  };
  const remember = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return;
    changed.add(field);
    // The hand-over tells the page of the change, once: a part hydrated already must not act on it now too.
    event.stopImmediatePropagation();
  };
  /** React believes a field holds what it rendered (its default); this makes it see what is there now. */
  const handOver = (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) => {
    if (!field.isConnected) return;
    if (field instanceof HTMLSelectElement) {
      // React reads a select's choice from its change event.
      if (Array.from(field.options).some((option) => option.selected !== option.defaultSelected))
        field.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return;
      field.checked = field.defaultChecked;
      field.click();
      return;
    }
    const typed = field.value;
    if (typed === field.defaultValue) return;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const release = () => {
    removeEventListener('click', hold, true);
    removeEventListener('submit', holdSubmit, true);
    removeEventListener('input', remember, true);
    removeEventListener('change', remember, true);
    hydration.disconnect();
  };
  /** The scripts never hydrated the page: controls act natively again, and look it. */
  const giveUp = () => {
    release();
    pressed.forEach(unpress);
  };
  const hydration = new MutationObserver(() => {
    if (document.documentElement.dataset.hydrated !== 'true') return;
    release();
    changed.forEach(handOver);
    const replay = () => {
      const next = held.shift();
      if (!next) return;
      next();
      setTimeout(replay, 0);
    };
    setTimeout(replay, 0);
  });
  hydration.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
  addEventListener('click', hold, true);
  addEventListener('submit', holdSubmit, true);
  addEventListener('input', remember, true);
  addEventListener('change', remember, true);
  for (const type of inputs) addEventListener(type, start, { capture: true, passive: true });
  // Two frames after load, the frame that paints the loaded pictures has been drawn. Where the
  // browser reports paints, also wait until one has reached the screen (drawing and showing can be
  // a second apart on a busy device); a hidden page reports none, so give up waiting after a while.
  const reportsPaint =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint');
  let shown = !reportsPaint;
  let drawn = false;
  const startWhenShown = () => {
    if (drawn && shown) start();
  };
  if (reportsPaint) {
    const paints = new PerformanceObserver(() => {
      paints.disconnect();
      shown = true;
      startWhenShown();
    });
    paints.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  const afterPaint = () =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          drawn = true;
          startWhenShown();
          setTimeout(start, paintWaitMs);
        }, 0),
      ),
    );
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
  const startAnyway = () => setTimeout(start, loadWaitMs);
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', startAnyway, { once: true });
  else startAnyway();
}

/** JSON that is safe inside an inline <script>. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Rewrites a page's HTML so its modules start after paint. Returns null for HTML without an entry
 * script, which the caller sends as it is.
 */
export function rewriteShell(html: string): string | null {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return null;
  const [whole, nonce = '', source = ''] = entry;
  const preloads: string[] = [];
  const before = html.slice(0, entry.index).replace(MODULE_PRELOAD, (_link, href: string) => {
    preloads.push(href);
    return '';
  });
  const boot = `(${startAfterPaint.toString()})(${inlineJson(preloads)},${inlineJson(source)},${inlineJson(TIMING)})`;
  const adds = `sha256-${createHash('sha256').update(source).digest('base64')}`;
  return `${before}<script async=""${nonce} data-adds-script="${adds}">${boot}</script>${html.slice(entry.index + whole.length)}`;
}
