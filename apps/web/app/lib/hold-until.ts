/** As long as a tap is held before hydration (lib/scripts-after-paint.ts, `giveUpMs`). */
const GIVE_UP_MS = 15_000;

/**
 * Shows a tap on `control` as held until `ready` settles: the look of a tap held before hydration
 * (`data-held`, styled in app.css, and `aria-busy`; lib/scripts-after-paint.ts), for a panel whose code
 * is still on its way. On a slow phone over 4G the bag's code took 0.9–1 s to arrive after a tap on the
 * hydrated bag icon, and nothing on screen answered meanwhile (issue 20: visible feedback within 200 ms
 * of every tap).
 *
 * The control is pressed in the next frame, and only if the code is still on its way then: a module
 * already here still answers `import()` a task later, and the control must not blink. It lets go
 * after `giveUpMs` whatever happens (a request that never ends).
 */
export function holdUntil(control: Element, ready: Promise<unknown>, giveUpMs = GIVE_UP_MS): void {
  let settled = false;
  const release = () => {
    if (settled) return;
    settled = true;
    clearTimeout(giveUp);
    control.removeAttribute('data-held');
    control.removeAttribute('aria-busy');
  };
  const giveUp = setTimeout(release, giveUpMs);
  ready.then(release, release);
  // Before the next frame is drawn: pressed in that very frame when the code has not come.
  requestAnimationFrame(() => {
    if (settled) return;
    control.setAttribute('data-held', '');
    control.setAttribute('aria-busy', 'true');
  });
}
