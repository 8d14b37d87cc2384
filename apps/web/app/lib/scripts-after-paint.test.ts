import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { rewriteShell } from './scripts-after-paint';

const source =
  ';\nimport * as route0 from "/assets/root-a.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-b.js");';
const shell = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/app.css" />',
  '<link rel="modulepreload" href="/assets/entry.client-b.js"/><link rel="modulepreload" href="/assets/shell-c.js"/>',
  '<link rel="modulepreload" href="/assets/root-a.js"/></head><body><main>Crème brûlée ৳1,200</main>',
  '<script>window.__reactRouterContext = {};</script>',
  `<script type="module" async>${source}</script>`,
  '<script>window.__reactRouterContext.streamController.close();</script></body></html>',
].join('');

/** The boot script of a rewritten shell, as the browser would find it. */
function bootOf(html: string): string {
  const boot = /<script async=""[^>]*>([^]*?)<\/script>/.exec(html);
  if (!boot?.[1]) throw new Error('no boot script');
  return boot[1];
}

/** A control of the stand-in page: it records the clicks that reach it, and its attributes. */
class FakeElement {
  clicks = 0;
  isConnected = true;
  attributes = new Map<string, string>();
  constructor(private readonly isControl: boolean) {}
  closest() {
    return this.isControl ? this : null;
  }
  click() {
    this.clicks += 1;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  /** Shows a held tap as app.css styles it. */
  get looksPressed() {
    return this.attributes.has('data-held') && this.attributes.get('aria-busy') === 'true';
  }
}

/** A field of the stand-in page: `value` and `checked` live on the prototype, as in the DOM. */
class FakeField {
  isConnected = true;
  defaultValue = '';
  defaultChecked = false;
  events: string[] = [];
  #value = '';
  #checked = false;
  constructor(readonly type: string) {}
  get value() {
    return this.#value;
  }
  set value(v: string) {
    this.#value = v;
  }
  get checked() {
    return this.#checked;
  }
  set checked(v: boolean) {
    this.#checked = v;
  }
  closest() {
    return null;
  }
  click() {
    if (this.type === 'checkbox') this.#checked = !this.#checked;
    this.events.push(`click:${this.#checked}`);
  }
  dispatchEvent(event: { type: string }) {
    this.events.push(`${event.type}:${this.#value}`);
  }
}

class FakeSelect {
  isConnected = true;
  events: string[] = [];
  constructor(readonly options: { selected: boolean; defaultSelected: boolean }[]) {}
  dispatchEvent(event: { type: string }) {
    this.events.push(event.type);
  }
}

class FakeForm {
  isConnected = true;
  sent = 0;
  requestSubmit() {
    this.sent += 1;
  }
}

/** Runs the boot script against a small stand-in for the browser and reports what it added when. */
function runBoot(boot: string, readyState: 'loading' | 'complete', reportsPaint = false, nonce = '') {
  let onPaint: (() => void) | null = null;
  const PerformanceObserver = Object.assign(
    class {
      constructor(callback: () => void) {
        onPaint = callback;
      }
      observe() {}
      disconnect() {
        onPaint = null;
      }
    },
    { supportedEntryTypes: ['paint', 'largest-contentful-paint'] },
  );
  const listeners = new Map<string, (event?: unknown) => void>();
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const added: Record<string, string>[] = [];
  const html = { dataset: {} as Record<string, string> };
  let onMutation: (() => void) | null = null;
  const context = {
    ...(reportsPaint ? { PerformanceObserver } : {}),
    Element: FakeElement,
    HTMLInputElement: FakeField,
    HTMLTextAreaElement: class {},
    HTMLSelectElement: FakeSelect,
    HTMLFormElement: FakeForm,
    Event: class {
      constructor(readonly type: string) {}
    },
    MutationObserver: class {
      constructor(callback: () => void) {
        onMutation = callback;
      }
      observe() {}
      disconnect() {
        onMutation = null;
      }
    },
    document: {
      readyState,
      currentScript: { nonce },
      documentElement: html,
      createElement: () => ({}),
      head: { append: (node: Record<string, string>) => added.push(node) },
    },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
  };
  runInNewContext(boot, context);
  return {
    listeners,
    added,
    nextFrame: () => frames.splice(0).forEach((f) => f()),
    nextTask: () => timers.splice(0).forEach((t) => (t.ms === 0 ? t.callback() : timers.push(t))),
    /** Runs tasks until only long timers are left. */
    drain() {
      while (timers.some((t) => t.ms === 0)) this.nextTask();
    },
    /** The two frames and the task the boot script waits for after the load event. */
    afterFrames() {
      this.nextFrame();
      this.nextFrame();
      this.nextTask();
    },
    giveUp: () => timers.splice(0).forEach((t) => t.callback()),
    /** An event as the page's window capture listener sees it; true when the boot script held it. */
    fire(type: string, target: unknown, submitter?: FakeElement) {
      let prevented = false;
      this.stopped = false;
      listeners.get(type)?.({
        target,
        submitter,
        preventDefault: () => (prevented = true),
        stopImmediatePropagation: () => (this.stopped = true),
      });
      return prevented;
    },
    /** Whether the last event fired went no further than the boot script (a hydrated part must not act on it too). */
    stopped: false,
    click(target: FakeElement) {
      return this.fire('click', target);
    },
    /** The browser reports that a paint has reached the screen. */
    paint() {
      onPaint?.();
    },
    hydrate() {
      html.dataset.hydrated = 'true';
      onMutation?.();
    },
  };
}

describe('rewriteShell', () => {
  it('waits for the whole entry script', () => {
    expect(rewriteShell(shell.slice(0, shell.indexOf('</script>', shell.indexOf('type="module"'))))).toBeNull();
  });

  it('takes the modulepreloads out of the head and hands them, with the entry source, to the boot script', () => {
    const html = rewriteShell(shell)!;
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" />');
    expect(html).toContain('<main>Crème brûlée ৳1,200</main>');
    expect(html.endsWith('<script>window.__reactRouterContext.streamController.close();</script></body></html>')).toBe(true);
    // As many <script> elements as before, in the same places: hydration sees the same tree.
    expect(html.match(/<script/g)).toHaveLength(shell.match(/<script/g)!.length);
    // The form bench/first-load-js.mjs reads.
    const args = /\(function startAfterPaint\([^]*?\}\)\((\[[^\]]*\]),/.exec(html);
    expect(JSON.parse(args?.[1] ?? 'null')).toEqual(['/assets/entry.client-b.js', '/assets/shell-c.js', '/assets/root-a.js']);
  });

  it('keeps the CSP nonce of the entry script, and names the hash of the module it adds', () => {
    const nonce = 'bm9uY2Utb2YtdGhpcy1wYWdl';
    const marked = shell
      .replace('<script type="module"', `<script nonce="${nonce}" type="module"`)
      .replaceAll(/<link rel="modulepreload" href="([^"]+)"\/>/g, `<link rel="modulepreload" href="$1" nonce="${nonce}"/>`);
    const html = rewriteShell(marked)!;
    expect(html).not.toContain('rel="modulepreload"');
    const hash = createHash('sha256').update(source).digest('base64');
    expect(html).toContain(`<script async="" nonce="${nonce}" data-adds-script="sha256-${hash}">(function startAfterPaint(`);
  });

  it('keeps the inline code from closing its script element', () => {
    const html = rewriteShell(shell.replace(source, `${source}\n// </script><img src=x onerror=alert(1)>`))!;
    expect(bootOf(html)).not.toContain('<');
  });
});

describe('the boot script', () => {
  it('adds the preloads and the entry module two frames after the load event', () => {
    const boot = runBoot(bootOf(rewriteShell(shell)!), 'loading');
    expect(boot.added).toEqual([]);
    boot.listeners.get('load')!();
    boot.nextFrame();
    boot.nextFrame();
    expect(boot.added).toEqual([]);
    boot.nextTask();
    expect(boot.added.map((n) => n.href ?? n.type)).toEqual([
      '/assets/entry.client-b.js',
      '/assets/shell-c.js',
      '/assets/root-a.js',
      'module',
    ]);
    expect(boot.added.slice(0, 3).every((n) => n.rel === 'modulepreload')).toBe(true);
    expect(boot.added[3]!.textContent).toBe(source);
  });

  it('gives what it adds the nonce of its own script', () => {
    const boot = runBoot(bootOf(rewriteShell(shell)!), 'complete', false, 'bm9uY2Utb2YtdGhpcy1wYWdl');
    boot.afterFrames();
    expect(boot.added.map((n) => n.nonce)).toEqual(Array(4).fill('bm9uY2Utb2YtdGhpcy1wYWdl'));
  });

  it('where paints are reported, also waits until one has reached the screen', () => {
    const boot = runBoot(bootOf(rewriteShell(shell)!), 'loading', true);
    boot.listeners.get('load')!();
    boot.afterFrames();
    expect(boot.added).toEqual([]);
    boot.paint();
    expect(boot.added).toHaveLength(4);
  });

  it('starts anyway when no paint is reported (a hidden page)', () => {
    const boot = runBoot(bootOf(rewriteShell(shell)!), 'complete', true);
    boot.afterFrames();
    expect(boot.added).toEqual([]);
    boot.giveUp();
    expect(boot.added).toHaveLength(4);
  });

  it('starts 5 s after the HTML was parsed when the load event is slow to come (a hanging third-party file)', () => {
    const boot = runBoot(bootOf(rewriteShell(shell)!), 'loading');
    boot.listeners.get('DOMContentLoaded')!();
    expect(boot.added).toEqual([]);
    boot.giveUp();
    expect(boot.added).toHaveLength(4);
  });

  it('starts at once on the first tap, and only once', () => {
    const boot = runBoot(bootOf(rewriteShell(shell)!), 'loading');
    boot.listeners.get('pointerdown')!();
    expect(boot.added).toHaveLength(4);
    expect(boot.listeners.has('pointerdown')).toBe(false);
    expect(boot.listeners.has('keydown')).toBe(false);
    boot.listeners.get('load')!();
    boot.afterFrames();
    expect(boot.added).toHaveLength(4);
  });

  it('waits only for the frames when the page has already loaded', () => {
    const boot = runBoot(bootOf(rewriteShell(shell)!), 'complete');
    boot.afterFrames();
    expect(boot.added).toHaveLength(4);
  });

  it('holds a tap on a control until the page has hydrated, pressed meanwhile, then replays it there', () => {
    const boot = runBoot(bootOf(rewriteShell(shell)!), 'loading');
    const button = new FakeElement(true);
    const text = new FakeElement(false);
    expect(boot.click(text)).toBe(false);
    expect(text.looksPressed).toBe(false);
    expect(boot.added).toEqual([]);
    expect(boot.click(button)).toBe(true);
    expect(button.looksPressed).toBe(true);
    expect(boot.click(button)).toBe(true);
    expect(boot.added).toHaveLength(4);
    expect(button.clicks).toBe(0);
    boot.hydrate();
    expect(button.looksPressed).toBe(true);
    // One replay per task: React has rendered the first tap before the second arrives.
    boot.nextTask();
    expect(button.clicks).toBe(1);
    expect(button.attributes.size).toBe(0);
    boot.drain();
    expect(button.clicks).toBe(2);
    expect(boot.listeners.has('click')).toBe(false);
  });

  it('hands what was typed and ticked to React, then replays taps and forms sent with Enter', () => {
    const boot = runBoot(bootOf(rewriteShell(shell)!), 'loading');
    const email = new FakeField('email');
    const box = new FakeField('checkbox');
    const untouched = new FakeField('text');
    const form = new FakeForm();
    const button = new FakeElement(true);
    const sort = new FakeSelect([
      { selected: false, defaultSelected: true },
      { selected: true, defaultSelected: false },
    ]);
    const unchangedSort = new FakeSelect([{ selected: true, defaultSelected: true }]);
    boot.fire('change', sort);
    boot.fire('change', unchangedSort);
    email.value = 'shopper@example.com';
    expect(boot.fire('input', email)).toBe(false);
    expect(boot.stopped).toBe(true);
    box.checked = true;
    expect(boot.fire('change', box)).toBe(false);
    expect(boot.stopped).toBe(true);
    boot.fire('input', untouched);
    expect(boot.click(button)).toBe(true);
    expect(boot.stopped).toBe(true);
    const send = new FakeElement(true);
    expect(boot.fire('submit', form, send)).toBe(true);
    // Sent once, by the replay: not also by a part of the page that has hydrated meanwhile.
    expect(boot.stopped).toBe(true);
    expect(send.looksPressed).toBe(true);
    boot.hydrate();
    boot.drain();
    expect(send.looksPressed).toBe(false);
    // The field first shows React what it rendered, then what the shopper typed, with an input event.
    expect(email.events).toEqual(['input:shopper@example.com']);
    expect(email.value).toBe('shopper@example.com');
    // The box is set back and ticked again with a click, which React hears as a change.
    expect(box.events).toEqual(['click:true']);
    expect(untouched.events).toEqual([]);
    expect(sort.events).toEqual(['change']);
    expect(unchangedSort.events).toEqual([]);
    expect(button.clicks).toBe(1);
    expect(form.sent).toBe(1);
    expect(boot.listeners.has('input') || boot.listeners.has('submit')).toBe(false);
  });

  it('lets controls act natively again when the scripts never arrive', () => {
    const boot = runBoot(bootOf(rewriteShell(shell)!), 'loading');
    const button = new FakeElement(true);
    expect(boot.click(button)).toBe(true);
    expect(button.looksPressed).toBe(true);
    boot.giveUp();
    expect(button.attributes.size).toBe(0);
    expect(boot.click(button)).toBe(false);
    boot.hydrate();
    boot.drain();
    expect(button.clicks).toBe(0);
  });
});
