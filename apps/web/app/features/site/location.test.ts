// @vitest-environment happy-dom
import type { FunctionComponent } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@store/shared/constants';

// The storefront's `react` is Preact's (decision 010); so is it here.
vi.mock('react', async () => import('preact/compat'));
vi.mock('react/jsx-runtime', async () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => import('preact/jsx-runtime'));

const { createElement: h, hydrate } = await import('preact');
const { renderToString } = await import('preact-render-to-string');
const { HydrateSeparately, hydrateFirst, pageHydrated } = await import('../../preact/hydrate-separately');
const { keepLocation, useStoredLocation } = await import('./location');

const Part = HydrateSeparately as unknown as FunctionComponent;

describe('useStoredLocation', () => {
  it('gives the stored BD only once the page is hydrated, without hydrating its parts early', async () => {
    localStorage.setItem(STORAGE_KEYS.location, 'BD');
    const clicks: string[] = [];
    // A shell whose menu depends on the location, around a part of the page (as SiteShell is).
    function Shell() {
      const location = useStoredLocation();
      return h(
        'div',
        null,
        h('nav', { id: 'nav' }, location === 'BD' ? 'For BD' : 'For all'),
        h(Part, null, h('button', { id: 'part', onClick: () => clicks.push('part') }, 'Part')),
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(h(Shell, {}));
    expect(container.querySelector('#nav')!.textContent).toBe('For all');

    hydrateFirst(() => hydrate(h(Shell, {}), container));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    // The shell has not rendered again: its part still waits for its turn.
    container.querySelector<HTMLElement>('#part')!.click();
    expect(clicks).toEqual([]);
    expect(container.querySelector('#nav')!.textContent).toBe('For all');

    await pageHydrated();
    await vi.waitFor(() => expect(container.querySelector('#nav')!.textContent).toBe('For BD'));
    container.querySelector<HTMLElement>('#part')!.click();
    expect(clicks).toEqual(['part']);

    // A new answer to the region question reaches it too.
    keepLocation('INT');
    await vi.waitFor(() => expect(container.querySelector('#nav')!.textContent).toBe('For all'));
    expect(localStorage.getItem(STORAGE_KEYS.location)).toBeNull();
  });
});
