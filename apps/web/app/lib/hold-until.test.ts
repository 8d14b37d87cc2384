// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { holdUntil } from './hold-until';

const look = (el: Element) => ({ held: el.hasAttribute('data-held'), busy: el.getAttribute('aria-busy') });
const button = () => document.body.appendChild(document.createElement('button'));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('holdUntil', () => {
  it('shows the control pressed and busy from the next frame until its code has come, then as before', async () => {
    const control = button();
    let arrive!: () => void;
    const ready = new Promise<void>((resolve) => (arrive = resolve));
    holdUntil(control, ready);
    await nextFrame();
    expect(look(control)).toEqual({ held: true, busy: 'true' });
    arrive();
    await ready;
    expect(look(control)).toEqual({ held: false, busy: null });
  });

  it('lets go when the code fails to come', async () => {
    const control = button();
    let fail!: (reason: Error) => void;
    const ready = new Promise<void>((_, reject) => (fail = reject));
    holdUntil(control, ready);
    await nextFrame();
    expect(look(control)).toEqual({ held: true, busy: 'true' });
    fail(new Error('offline'));
    await ready.catch(() => undefined);
    expect(look(control)).toEqual({ held: false, busy: null });
  });

  it('lets go after its time when the code never comes', async () => {
    const control = button();
    holdUntil(control, new Promise(() => {}), 30);
    await nextFrame();
    expect(look(control)).toEqual({ held: true, busy: 'true' });
    await wait(60);
    expect(look(control)).toEqual({ held: false, busy: null });
  });

  it('never touches the control when the code comes before the next frame', async () => {
    const control = button();
    const changes: string[] = [];
    new MutationObserver((records) => changes.push(...records.map((r) => r.attributeName ?? ''))).observe(control, { attributes: true });
    // Settled before the frame (in the browser an already loaded module answers import() a task later,
    // still before the frame is drawn).
    holdUntil(
      control,
      Promise.resolve().then(() => undefined),
    );
    await nextFrame();
    await wait(10);
    expect(look(control)).toEqual({ held: false, busy: null });
    expect(changes).toEqual([]);
  });
});
