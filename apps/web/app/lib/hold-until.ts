/**
 * Shows a tap on `control` as held until `ready` settles: the look of a tap held before hydration
 * (`data-held`, styled in app.css, and `aria-busy`; lib/scripts-after-paint.ts), for a panel whose code
 * is still on its way. On a slow phone over 4G the bag's and the menu's code took 0.9–1 s to arrive
 * after a tap that found the page hydrated, and nothing on screen answered meanwhile (issue 20: visible
 * feedback within 200 ms of every tap). When the code is already here `ready` settles before the next
 * frame, and nothing is shown.
 */
export function holdUntil(control: Element, ready: Promise<unknown>): void {
  control.setAttribute('data-held', '');
  control.setAttribute('aria-busy', 'true');
  const release = () => {
    control.removeAttribute('data-held');
    control.removeAttribute('aria-busy');
  };
  ready.then(release, release);
}
