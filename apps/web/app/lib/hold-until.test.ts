// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { holdUntil } from './hold-until';

const held = (el: Element) => ({ held: el.hasAttribute('data-held'), busy: el.getAttribute('aria-busy') });
const button = () => document.body.appendChild(document.createElement('button'));

describe('holdUntil', () => {
  it('shows the control pressed and busy until its code has come, then as before', async () => {
    const control = button();
    let arrive!: () => void;
    const ready = new Promise<void>((resolve) => (arrive = resolve));
    holdUntil(control, ready);
    expect(held(control)).toEqual({ held: true, busy: 'true' });
    await Promise.resolve();
    expect(held(control)).toEqual({ held: true, busy: 'true' });
    arrive();
    await ready;
    await Promise.resolve();
    expect(held(control)).toEqual({ held: false, busy: null });
  });

  it('lets go when the code fails to come too', async () => {
    const control = button();
    const ready = Promise.reject(new Error('offline'));
    holdUntil(control, ready);
    await ready.catch(() => undefined);
    await Promise.resolve();
    expect(held(control)).toEqual({ held: false, busy: null });
  });

  it('leaves nothing for a frame to show when the code is already here', async () => {
    const control = button();
    holdUntil(control, Promise.resolve());
    // Released in the microtasks of this same task, before any frame is drawn.
    await Promise.resolve();
    await Promise.resolve();
    expect(held(control)).toEqual({ held: false, busy: null });
  });
});
