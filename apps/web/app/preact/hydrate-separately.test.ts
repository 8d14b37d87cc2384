// @vitest-environment happy-dom
import type { ComponentChild, FunctionComponent, VNode } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The storefront's `react` is Preact's (decision 010, vite.config.ts); so is it here.
vi.mock('react', async () => import('preact/compat'));
vi.mock('react/jsx-runtime', async () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', async () => import('preact/jsx-runtime'));

const { createElement: h, hydrate } = await import('preact');
const { useId, useState } = await import('preact/hooks');
const { renderToString } = await import('preact-render-to-string');
const { HydrateSeparately, HydrationParts, hydrateFirst, nextTask, pageHydrated } = await import('./hydrate-separately');

type Child = ComponentChild;
// The storefront's components are typed by React's types, this test's elements by Preact's.
const Part = HydrateSeparately as unknown as FunctionComponent;
const part = (child: Child) => h(Part, null, child);

let container: HTMLElement;
const clicks: string[] = [];
const click = (selector: string) => container.querySelector<HTMLElement>(selector)!.click();
/** Lets the renders queued by this task run (Preact renders in a microtask), but no later task. */
const afterRenders = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** Renders `page` on the "server", puts the HTML in the document and hydrates it as the storefront does. */
function serveAndHydrate(page: () => VNode): string {
  const html = renderToString(page());
  container.innerHTML = html;
  hydrateFirst(() => hydrate(page(), container));
  return html;
}

/**
 * Serves and hydrates a page drawn from one piece of state; returns how to change that state in the
 * browser, as the page's own code would.
 */
function serveAndHydrateStateful<S>(initial: S, draw: (state: S) => VNode): (next: S) => void {
  let set: (next: S) => void = () => {};
  function Page() {
    const [state, setState] = useState(initial);
    set = setState;
    return draw(state);
  }
  serveAndHydrate(() => h(Page, {}));
  return (next) => set(next);
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  container = document.getElementById('root')!;
  clicks.length = 0;
});

describe('HydrateSeparately', () => {
  it('is rendered whole on the server, and hydrated in a later task on the same HTML', async () => {
    const page = () =>
      h(
        'main',
        null,
        h('button', { id: 'first', onClick: () => clicks.push('first') }, 'First'),
        part(h('section', { id: 'later' }, h('button', { id: 'second', onClick: () => clicks.push('second') }, 'Second'))),
        h('button', { id: 'after', onClick: () => clicks.push('after') }, 'After'),
      );
    const html = serveAndHydrate(page);
    expect(html).toBe(
      '<main><button id="first">First</button><section id="later"><button id="second">Second</button></section><button id="after">After</button></main>',
    );
    const section = container.querySelector('#later');

    // The first pass hydrated what is around the part and kept the part's HTML as it was.
    click('#first');
    click('#second');
    click('#after');
    expect(clicks).toEqual(['first', 'after']);
    expect(container.innerHTML).toBe(html);

    await pageHydrated();
    click('#second');
    expect(clicks).toEqual(['first', 'after', 'second']);
    // Hydrated, not drawn again: the same elements, nothing added.
    expect(container.querySelector('#later')).toBe(section);
    expect(container.innerHTML).toBe(html);
  });

  it('hydrates parts inside parts in turns of their own, and pageHydrated waits for them', async () => {
    const page = () =>
      h(
        'div',
        null,
        part(
          h(
            'section',
            { id: 'outer' },
            h('button', { id: 'outer-button', onClick: () => clicks.push('outer') }, 'Outer'),
            part(h('button', { id: 'inner', onClick: () => clicks.push('inner') }, 'Inner')),
          ),
        ),
      );
    const html = serveAndHydrate(page);
    await pageHydrated();
    click('#outer-button');
    click('#inner');
    expect(clicks).toEqual(['outer', 'inner']);
    expect(container.innerHTML).toBe(html);
  });

  it('a part rendered again before its turn is hydrated with what the server drew, then brought up to date', async () => {
    const relabel = serveAndHydrateStateful('old', (label) =>
      h('main', null, part(h('section', { id: 'later', 'data-label': label }, h('button', { onClick: () => clicks.push(label) }, label)))),
    );
    const section = container.querySelector('#later');
    relabel('new');
    await afterRenders();
    // Before its turn would have come: hydrated (it answers) and showing the new label, attribute too.
    expect(container.querySelector('#later')).toBe(section);
    expect(section!.getAttribute('data-label')).toBe('new');
    expect(section!.textContent).toBe('new');
    click('#later button');
    expect(clicks).toEqual(['new']);
    await pageHydrated();
    expect(container.innerHTML).toBe('<main><section id="later" data-label="new"><button>new</button></section></main>');
  });

  it('a part whose page changes before its turn shows the new page, with nothing of the old left', async () => {
    const go = serveAndHydrateStateful('a', (page) =>
      h(
        'div',
        null,
        part(page === 'a' ? h('section', { id: 'a', class: 'old' }, 'Page A') : h('article', { id: 'b' }, h('p', null, 'Page B'))),
      ),
    );
    go('b');
    await afterRenders();
    await pageHydrated();
    expect(container.innerHTML).toBe('<div><article id="b"><p>Page B</p></article></div>');
  });

  it('a keyed list of parts changed before their turns shows the new list, every item answering', async () => {
    const item = (id: string) => h(Part, { key: id }, h('li', { id, onClick: () => clicks.push(id) }, id));
    const setIds = serveAndHydrateStateful(['a', 'b', 'c'], (ids) => h('ul', null, ids.map(item)));
    // Reordered, one gone, one new: a listing's next page or a new sort before the cards' turns.
    setIds(['c', 'a', 'd']);
    await afterRenders();
    expect(container.innerHTML).toBe('<ul><li id="c">c</li><li id="a">a</li><li id="d">d</li></ul>');
    for (const id of ['c', 'a', 'd']) click(`#${id}`);
    expect(clicks).toEqual(['c', 'a', 'd']);
    await pageHydrated();
    expect(container.innerHTML).toBe('<ul><li id="c">c</li><li id="a">a</li><li id="d">d</li></ul>');
  });

  it('a part passed again as the same element keeps waiting for its turn while the page around it renders', async () => {
    // What a slider does with its cards (product-slider.tsx): its own state changes, its cards do not.
    const later = part(h('button', { id: 'later', onClick: () => clicks.push('later') }, 'Later'));
    const setCount = serveAndHydrateStateful(0, (count) => h('div', null, h('output', null, String(count)), later));
    setCount(1);
    await afterRenders();
    expect(container.querySelector('output')!.textContent).toBe('1');
    click('#later');
    expect(clicks).toEqual([]);
    await pageHydrated();
    click('#later');
    expect(clicks).toEqual(['later']);
  });

  it('gives in the browser the ids the server gave, parts or not, and a new element an id of its own', async () => {
    const ids = new Map<string, string[]>();
    function Labelled({ name }: { name: string }) {
      const id = useId();
      ids.set(name, [...(ids.get(name) ?? []), id]);
      return h('span', { id }, name);
    }
    const Parts = HydrationParts as unknown as FunctionComponent;
    const setExtra = serveAndHydrateStateful(false, (extra) =>
      h(
        Parts,
        null,
        h(
          'div',
          null,
          h(Labelled, { name: 'a' }),
          part(h('section', null, h(Labelled, { name: 'b' }), part(h('p', null, h(Labelled, { name: 'c' }))))),
          h(Labelled, { name: 'd' }),
          part(h('p', null, h(Labelled, { name: 'e' }), extra ? h(Labelled, { name: 'new' }) : null)),
        ),
      ),
    );
    await pageHydrated();
    // Each was rendered twice, on the server and in the browser, with one id.
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      const [server, browser] = ids.get(name)!;
      expect(browser).toBe(server);
    }
    expect(new Set([...ids.values()].map(([id]) => id)).size).toBe(5);
    setExtra(true);
    await afterRenders();
    const [added] = ids.get('new')!;
    expect(container.querySelectorAll(`[id="${added}"]`)).toHaveLength(1);
  });

  it('renders at once, and the page shows it, when the first hydration is over', async () => {
    const setShown = serveAndHydrateStateful(false, (shown) => h('div', null, shown ? part(h('p', { id: 'late' }, 'Later')) : null));
    await pageHydrated();
    setShown(true);
    await afterRenders();
    expect(container.innerHTML).toBe('<div><p id="late">Later</p></div>');
  });
  // Last: once touched, a page hydrates every part at once (the module remembers the touch).
  it('hydrates what is left in one task after the frame that follows the first touch', async () => {
    const frames: FrameRequestCallback[] = [];
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const page = () =>
      h(
        'main',
        null,
        part(h('button', { id: 'one', onClick: () => clicks.push('one') }, 'One')),
        part(h('button', { id: 'two', onClick: () => clicks.push('two') }, 'Two')),
        part(h('button', { id: 'three', onClick: () => clicks.push('three') }, 'Three')),
      );
    const html = serveAndHydrate(page);
    window.dispatchEvent(new Event('pointerdown'));
    await afterRenders();
    // The tap's own task ends with nothing hydrated: its pressed state is painted first.
    click('#one');
    expect(clicks).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!(performance.now());
    await nextTask();
    await afterRenders();
    // One task after the frame, and every part answers (their own turns would take three).
    click('#one');
    click('#two');
    click('#three');
    expect(clicks).toEqual(['one', 'two', 'three']);
    expect(container.innerHTML).toBe(html);
    frame.mockRestore();
  });
});
