// Taps on a slow phone (issue 20 item 2, docs/decisions/007-pressed-before-hydration.md): opens home, a
// listing and a product page in Chromium at Lighthouse's mobile throttling, taps one control at FCP + 100 ms,
// + 500 ms or + 1 s, and records how long the shopper waits for the first visible response and for the
// tap's result, and whether the tap was lost or done twice. Figures only — nothing here passes or fails.
//
// From bench/run.mjs (section `taps`), or on a running store:
//   TAPS_URL=http://127.0.0.1:3500 node bench/taps.mjs
//   TAPS_RUNS=50                      page loads per page and mode; each taps one control at one moment, in turn
//   TAPS_MODES=as-served,scripts-at-once   `scripts-at-once` undoes decision 004 on the way (the HTML as React
//                                          Router wrote it: modulepreloads in the head, the module script inline)
//   TAPS_PAGES=home,listing,product  TAPS_CONTROLS=add,cardAdd,variant,menu,bag,search   a subset
//   TAPS_DEBUG=1                     every load's events, console and page errors
import { createServer, request as httpRequest } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { Transform, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { chromium } from 'playwright';
import { nearestRank } from './stats.mjs';

// Lighthouse's mobile slow 4G (mobileSlow4G in its Lantern constants) and its CPU slowdown. Lighthouse's
// own DevTools mode multiplies the latency by 3.75 to stand for a fresh connection's handshakes; the taps
// come after the first paint, on connections already open, where a request costs one round trip.
const RTT_MS = 150;
const DOWN_KBPS = 1.6 * 1024;
const UP_KBPS = 750;
const CPU_SLOWDOWN = 4;
const MOMENTS = [100, 500, 1000];
// Longer than the boot script's giveUpMs: a tap held that long and then let go still counts.
const DONE_WAIT_MS = 20_000;
// After the result, for a second effect (a panel that closes again, a second line in the bag) to show.
const SETTLE_MS = 1500;
const SEARCH_TERM = 'cream';

/** The controls of issue 20: where each is, and what it does for the shopper. */
const CONTROLS = {
  add: { label: 'Add to bag', selector: 'main form:not([role="search"]) button[type="submit"]' },
  cardAdd: { label: 'Add to bag (card)', selector: '' },
  variant: { label: 'a variant', selector: '' },
  menu: { label: 'menu', selector: 'header button[aria-label="Open menu"]' },
  bag: { label: 'bag', selector: 'header a[href="/checkout"][aria-haspopup="dialog"]' },
  search: { label: 'search box', selector: '[data-testid="search-box-mobile"] input[type="search"]' },
};

/**
 * Runs in every document the run's page opens, before its own scripts; self-contained. Reports, as
 * wall-clock milliseconds (the page's timeOrigin plus its clock), the first contentful paint and where
 * the control is, when the page's modules were added, started (React Router's route modules assigned:
 * hydration begins) and hydrated, and after the tap, the first frame with a visible response and the
 * first frame with the result.
 */
function instrument({ control, selector, variantId, term }) {
  const now = () => performance.timeOrigin + performance.now();
  const report = (kind, extra = {}) => window.__tapsReport({ kind, at: now(), ...extra });
  const armed = JSON.parse(sessionStorage.getItem('taps-armed') ?? 'null');
  const fresh = armed !== null; // a document the tap navigated to

  // Where the control is at the first paint: the tap's fallback when the page cannot say where it is at
  // the tap. A control further down than the HTML parsed by the first paint (a slow machine paints
  // sooner in the document) is measured once the document has been parsed.
  const reportBox = () => {
    const r = document.querySelector(selector)?.getBoundingClientRect();
    report('box', { box: r ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null });
  };
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((e) => e.name === 'first-contentful-paint')) return;
    observer.disconnect();
    if (document.querySelector(selector) || document.readyState !== 'loading') reportBox();
    else document.addEventListener('DOMContentLoaded', reportBox, { once: true });
  }).observe({ type: 'paint', buffered: true });

  const modules = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLScriptElement && node.type === 'module') {
          modules.disconnect();
          return report('scripts');
        }
  });
  modules.observe(document, { childList: true, subtree: true });
  let routeModules;
  Object.defineProperty(window, '__reactRouterRouteModules', {
    configurable: true,
    get: () => routeModules,
    set(value) {
      routeModules = value;
      report('hydration');
    },
  });
  const hydrated = new MutationObserver(() => {
    if (document.documentElement.dataset.hydrated !== 'true') return;
    hydrated.disconnect();
    report('hydrated');
  });
  hydrated.observe(document, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true });

  const visible = (el) => el !== null && el.checkVisibility();
  const settled = (el) => visible(el) && el.getAnimations({ subtree: true }).every((a) => a.playState !== 'running');
  const badge = () => Number(document.querySelector('[data-testid="bag-count"]')?.textContent ?? NaN);
  const chosen = () => {
    const picker = document.querySelector('[data-testid="variant-picker"]');
    return (
      new URLSearchParams(location.search).get('variant') === String(variantId) &&
      picker !== null &&
      picker.querySelector(`input[value="${variantId}"]:checked, a[aria-current="true"][href*="variant=${variantId}"]`) !== null
    );
  };
  const dialog = () => [...document.querySelectorAll('[role="dialog"]')].find(visible) ?? null;
  const search = () => document.querySelector('[data-testid="search-box-mobile"] input[type="search"]');
  const done = (before) => {
    if (control === 'add' || control === 'cardAdd') return badge() === before.badge + 1;
    if (control === 'variant') return chosen();
    if (control === 'menu') return settled(document.querySelector('[role="dialog"][aria-label="Menu"]'));
    if (control === 'bag')
      return settled(document.querySelector('[data-testid="bag-panel"]')) || (fresh && location.pathname.startsWith('/checkout'));
    return search()?.value === term && visible(document.querySelector('[role="listbox"] [role="option"]'));
  };
  /** The first thing the shopper sees change after the tap, if anything. */
  const response = (before) => {
    const target = document.querySelector(selector);
    if (target?.hasAttribute('data-held') || target?.getAttribute('aria-busy') === 'true') return 'pressed';
    if (dialog()) return 'panel';
    if (control === 'search' && document.activeElement === search()) return 'focus';
    if (badge() !== before.badge) return 'badge';
    if (location.href !== before.href) return 'url';
    if (control === 'variant' && chosen()) return 'chosen';
    return null;
  };

  /** Checks every frame from the tap (or from the start of the page it led to) until the result, and a while after. */
  const watch = (before) => {
    let responded = false;
    let finished = 0;
    let opens = 0;
    let open = false;
    const frame = () => {
      const how = responded ? null : response(before);
      if (how) {
        responded = true;
        report('feedback', { how });
      }
      const shown = dialog() !== null;
      if (shown && !open) report('opens', { count: ++opens });
      open = shown;
      if (!finished && done(before)) {
        finished = now();
        report('done');
      }
      if (!finished || now() - finished < 3000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };

  if (fresh) {
    // The tap navigated (a link before hydration, or a form sent natively): the URL changed when this
    // document committed, and the result is whatever this page shows.
    const navigation = performance.getEntriesByType('navigation')[0];
    window.__tapsReport({ kind: 'feedback', how: 'navigated', at: performance.timeOrigin + (navigation?.responseStart ?? 0) });
    watch({ ...armed, href: location.href });
  } else {
    addEventListener(
      'pointerdown',
      (event) => {
        const before = { badge: badge(), href: location.href };
        sessionStorage.setItem('taps-armed', JSON.stringify(before));
        report('tap', {
          hit: event.target instanceof Element && event.target.closest(selector) !== null,
          hydration: document.documentElement.dataset.hydrated === 'true' ? 'hydrated' : routeModules ? 'started' : 'not started',
        });
        watch(before);
      },
      { capture: true, once: true },
    );
  }
}

/** The page's HTML with decision 004 undone: the module preloads back in the head and the module script inline. */
function scriptsAtOnce() {
  const decoder = new StringDecoder('utf8');
  const BOOT = /<script async=""( nonce="[^"]*")? data-adds-script="[^"]*">\(function startAfterPaint\([^<]*<\/script>/;
  let held = '';
  let done = false;
  return new Transform({
    transform(chunk, _encoding, callback) {
      const text = decoder.write(chunk);
      if (done) return callback(null, text);
      held += text;
      const boot = BOOT.exec(held);
      if (!boot) return callback();
      done = true;
      const [whole, nonce = ''] = boot;
      // The boot call ends with its arguments: (preloads, the module's source, timing).
      const args = whole.slice(whole.lastIndexOf('})([') + 3, -')</script>'.length);
      const [preloads, source] = JSON.parse(`[${args}]`);
      const links = preloads.map((href) => `<link rel="modulepreload" href="${href}"${nonce}/>`).join('');
      const before = held.slice(0, boot.index).replace('</head>', `${links}</head>`);
      const out = `${before}<script${nonce} type="module" async="">${source}</script>${held.slice(boot.index + whole.length)}`;
      held = '';
      callback(null, out);
    },
    flush(callback) {
      callback(null, held + decoder.end());
    },
  });
}

/**
 * Every mode's pages pass through this proxy, so they differ in nothing but what it rewrites. For
 * `scripts-at-once` it undoes decision 004 in each HTML answer as it streams (the CSP header goes:
 * its nonce or hash has no bearing on timing). Origin and Referer are the store's own.
 */
async function startProxy(upstream, rewrite) {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: target.host };
    const own = `http://${req.headers.host}`;
    if (headers.origin) headers.origin = target.origin;
    if (headers.referer) headers.referer = headers.referer.replace(own, target.origin);
    const up = httpRequest(new URL(req.url, target), { method: req.method, headers }, (answer) => {
      const out = { ...answer.headers };
      if (out.location) out.location = out.location.replace(target.origin, own);
      if (!rewrite || !String(out['content-type']).startsWith('text/html')) {
        res.writeHead(answer.statusCode, out);
        return pipeline(answer, res, () => {});
      }
      delete out['content-length'];
      delete out['content-security-policy'];
      res.writeHead(answer.statusCode, out);
      const encoding = out['content-encoding'];
      const [unzip, zip] =
        encoding === 'br'
          ? [zlib.createBrotliDecompress(), zlib.createBrotliCompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH })]
          : encoding === 'gzip'
            ? [zlib.createGunzip(), zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH })]
            : [new Transform({ transform: (c, _e, cb) => cb(null, c) }), new Transform({ transform: (c, _e, cb) => cb(null, c) })];
      pipeline(answer, unzip, scriptsAtOnce(), zip, res, () => {});
    });
    up.on('error', () => res.destroy());
    pipeline(req, up, () => {});
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The three pages, and for each the controls a shopper taps there. */
async function choosePages(baseUrl) {
  const get = async (path) => (await fetch(baseUrl + path)).json();
  const detail = async (url) => {
    const [, , brand, handle] = url.split('/');
    return (await get(`/api/v1/products/${brand}/${handle}/`)).data;
  };
  const list = await get('/api/v1/products/?in_stock=true&page_size=48');
  // A product with two variants in stock, opened on the first; the tap chooses the second.
  let product = null;
  for (const card of list.results) {
    const variants = (await detail(card.url)).product_variants;
    const [first, second] = variants.filter((v) => v.in_stock);
    if (!second) continue;
    product = {
      url: `${card.url}?variant=${first.variant_id}`,
      variantId: second.variant_id,
      variantSelector: `[data-testid="variant-picker"] li:nth-child(${variants.indexOf(second) + 1}) > *`,
    };
    break;
  }
  if (!product) throw new Error('no product with two variants in stock');

  /**
   * A card's 'Add to bag' that adds at once: the first card whose product has one variant, in stock, on
   * `path` or, for a listing, on its next pages (a generated catalogue's first page may have none).
   */
  const cardAdd = async (path, pages = 1) => {
    for (let page = 1; page <= pages; page++) {
      const at = page === 1 ? path : `${path}?page=${page}`;
      const html = await (await fetch(baseUrl + at)).text();
      for (const url of new Set([...html.matchAll(/href="(\/brand\/[^/"]+\/[^/"?]+)"/g)].map((m) => m[1]))) {
        const variants = (await detail(url).catch(() => null))?.product_variants ?? [];
        if (variants.length === 1 && variants[0].in_stock)
          return { path: at, selector: `article[data-testid="product-card"]:has(a[href="${url}"]) [data-testid="card-add-to-bag"]` };
      }
    }
    throw new Error(`no single-variant card on ${path}`);
  };
  const shell = ['menu', 'bag', 'search'];
  const listingCard = await cardAdd('/all-product/', 10);
  return [
    {
      page: 'home',
      path: '/',
      controls: { cardAdd: (await cardAdd('/')).selector, ...Object.fromEntries(shell.map((c) => [c, CONTROLS[c].selector])) },
    },
    {
      page: 'listing',
      path: listingCard.path,
      controls: { cardAdd: listingCard.selector, ...Object.fromEntries(shell.map((c) => [c, CONTROLS[c].selector])) },
    },
    {
      page: 'product',
      path: product.url,
      variantId: product.variantId,
      controls: {
        add: CONTROLS.add.selector,
        variant: product.variantSelector,
        ...Object.fromEntries(shell.map((c) => [c, CONTROLS[c].selector])),
      },
    },
  ];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const clock = () => performance.timeOrigin + performance.now();

/**
 * One page load in a fresh context: one tap on `control` at FCP + `moment` ms, at `box`. Without a box,
 * no tap: the load only finds where the control is at the first paint.
 */
async function tapOnce(browser, baseUrl, { path, control, selector, variantId, moment, box }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    if (process.env.TAPS_DEBUG)
      page.on('console', (m) => console.log('console', m.type(), m.text())).on('pageerror', (e) => console.log('pageerror', e.message));
    const events = [];
    let onEvent = () => {};
    await page.exposeBinding('__tapsReport', (_source, event) => {
      events.push(event);
      onEvent();
    });
    await page.addInitScript(instrument, { control, selector, variantId, term: SEARCH_TERM });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: RTT_MS,
      downloadThroughput: Math.floor((DOWN_KBPS * 1024) / 8),
      uploadThroughput: Math.floor((UP_KBPS * 1024) / 8),
    });
    /** The first event of `kind` (or the first paint), as soon as it is reported; null after `ms`. */
    const until = (kind, ms) =>
      new Promise((resolve) => {
        const found = () => (kind === 'fcp' ? fcpAt : (events.find((e) => e.kind === kind) ?? null));
        const timer = setTimeout(() => resolve(found()), ms);
        onEvent = () => {
          if (found() === null) return;
          clearTimeout(timer);
          resolve(found());
        };
        onEvent();
      });
    // The first paint as the browser reports it over CDP, 0.1–0.4 s after it happened on this machine
    // (the page's own PerformanceObserver hears of it 0.5–0.9 s late); its timestamp, on the browser's
    // clock, is put on the wall clock by the page request's pair of both.
    let clockOffset = null;
    let fcpAt = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (clockOffset === null && e.type === 'Document') clockOffset = e.wallTime * 1000 - e.timestamp * 1000;
    });
    cdp.on('Page.lifecycleEvent', (e) => {
      if (e.name !== 'firstContentfulPaint' || fcpAt !== null) return;
      fcpAt = e.timestamp * 1000 + clockOffset;
      onEvent();
    });
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    // What the shopper put in the bag: a rule's free gift (a line the server adds over a threshold) is not a second tap.
    const count = async () =>
      (await (await context.request.get(`${baseUrl}/api/v1/cart/`)).json()).data.line_items
        .filter((line) => !line.gift)
        .reduce((sum, line) => sum + line.quantity, 0);
    const countBefore = control === 'add' || control === 'cardAdd' ? await count() : 0;

    const navigationStart = clock();
    await page.goto(baseUrl + path, { waitUntil: 'commit' });
    if (!box) return (await until('box', 30_000))?.box ?? null;
    if ((await until('fcp', 30_000)) === null) throw new Error(`${path}: no first paint`);
    await sleep(fcpAt + moment - clock());
    // Where the control is now, brought on screen as a shopper would scroll to it (the product page's
    // form sits below the first screen); the first paint's box when the page cannot answer yet.
    const here = await page
      .evaluate((s) => {
        const el = document.querySelector(s);
        if (!el) return null;
        const before = el.getBoundingClientRect();
        if (before.top < 0 || before.bottom > innerHeight) el.scrollIntoView({ block: 'center', behavior: 'instant' });
        const r = el.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }, selector)
      .catch(() => null);
    const tapAt = clock();
    await page.touchscreen.tap((here ?? box).x, (here ?? box).y);
    if (control === 'search') await page.keyboard.type(SEARCH_TERM);
    const done = await until('done', DONE_WAIT_MS);
    await sleep(SETTLE_MS);

    const first = (kind) => events.find((e) => e.kind === kind) ?? null;
    const tap = first('tap');
    const feedback = first('feedback');
    // The tapped document's own hydration; a document the tap navigated to reports its own after it.
    const tapped = events.slice(0, events.indexOf(tap) + 1);
    const hydration = tapped.findLast((e) => e.kind === 'hydration') ?? events.find((e) => e.kind === 'hydration' && e.at > tapAt);
    const hydrationAt = hydration && (!done || hydration.at <= done.at) ? hydration.at : null;
    let lost = done === null;
    let doubled = false;
    if (control === 'add' || control === 'cardAdd') {
      const added = (await count()) - countBefore;
      lost = added === 0;
      doubled = added > 1;
    } else if (control === 'menu' || control === 'bag') {
      const opens = events.filter((e) => e.kind === 'opens').at(-1)?.count ?? 0;
      const stillOpen = await page.evaluate(() => [...document.querySelectorAll('[role="dialog"]')].some((d) => d.checkVisibility()));
      const navigated = feedback?.how === 'navigated';
      doubled = opens > 1 || (opens === 1 && !stillOpen && !navigated);
    } else if (control === 'search') {
      const typed = await page.evaluate((s) => document.querySelector(s)?.value ?? '', selector);
      lost ||= typed !== SEARCH_TERM && SEARCH_TERM.startsWith(typed);
      doubled = typed.length > SEARCH_TERM.length;
    }
    if (process.env.TAPS_DEBUG) console.log(JSON.stringify({ tapAt, events: events.map((e) => ({ ...e, at: Math.round(e.at - tapAt) })) }));
    // A tap beside the control (the page moved under the finger) measures nothing: counted as missed.
    if (tap?.hit === false) lost = doubled = false;
    const scripts = first('scripts');
    const fcp = { at: fcpAt };
    return {
      missed: tap?.hit === false,
      tappedAfterFcp: tapAt - fcpAt,
      state: tap?.hydration ?? 'not started',
      feedbackMs: feedback ? Math.max(0, feedback.at - tapAt) : null,
      how: feedback?.how ?? 'none',
      doneMs: done ? done.at - tapAt : null,
      afterHydrationMs: done ? done.at - Math.max(tapAt, hydrationAt ?? tapAt) : null,
      lost,
      doubled,
      fcpMs: fcpAt - navigationStart,
      scriptsAfterFcp: scripts ? scripts.at - fcp.at : null,
      hydrationAfterFcp: first('hydration') ? first('hydration').at - fcp.at : null,
      hydratedAfterFcp: first('hydrated') ? first('hydrated').at - fcp.at : null,
    };
  } finally {
    await context.close();
  }
}

const percentile = (values, p) => {
  const value = nearestRank(
    values.filter((v) => v !== null),
    p / 100,
  );
  return value === undefined ? null : Math.round(value);
};
const ms = (v) => (v === null ? '—' : String(v));

/** Prints and returns the table: page × control × moment → feedback and completion p50/p95, lost, doubled. */
function summarise(mode, results) {
  const rows = [];
  const groups = new Map();
  for (const r of results) {
    const key = `${r.page}\t${r.control}\t${r.moment}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  console.log(
    `\n  ${mode}: feedback = tap to first visible response; done = tap to result; after hyd. = result after hydration began (or the tap, if later)`,
  );
  console.log(
    `  ${'page'.padEnd(8)} ${'control'.padEnd(18)} ${'tap at'.padEnd(9)} ${'n'.padStart(3)}  tapped p50  ${'before hyd.'.padEnd(11)}  feedback p50/p95   done p50/p95   after hyd. p50/p95  lost  doubled  response`,
  );
  for (const [key, group] of groups) {
    const [page, control, moment] = key.split('\t');
    /** The q-th percentile of one figure over the group's loads. */
    const pct = (figure, q) =>
      percentile(
        group.map((r) => r[figure]),
        q,
      );
    const row = {
      page,
      control: CONTROLS[control].label,
      tapAt: `FCP+${moment}`,
      n: group.length,
      tappedP50: pct('tappedAfterFcp', 50),
      missed: group.filter((r) => r.missed).length,
      beforeHydration: group.filter((r) => r.state !== 'hydrated').length,
      feedbackP50: pct('feedbackMs', 50),
      feedbackP95: pct('feedbackMs', 95),
      doneP50: pct('doneMs', 50),
      doneP95: pct('doneMs', 95),
      afterHydrationP50: pct('afterHydrationMs', 50),
      afterHydrationP95: pct('afterHydrationMs', 95),
      lost: group.filter((r) => r.lost).length,
      doubled: group.filter((r) => r.doubled).length,
      response:
        [...new Set(group.map((r) => r.how))].join(', ') +
        (group.some((r) => r.missed) ? `; ${group.filter((r) => r.missed).length} missed the control` : ''),
    };
    rows.push(row);
    console.log(
      `  ${page.padEnd(8)} ${row.control.padEnd(18)} ${row.tapAt.padEnd(9)} ${String(row.n).padStart(3)}  ${`FCP+${ms(row.tappedP50)}`.padEnd(10)}  ${`${row.beforeHydration}/${row.n}`.padEnd(11)}  ${`${ms(row.feedbackP50)}/${ms(row.feedbackP95)}`.padStart(16)}  ${`${ms(row.doneP50)}/${ms(row.doneP95)}`.padStart(13)}  ${`${ms(row.afterHydrationP50)}/${ms(row.afterHydrationP95)}`.padStart(18)}  ${String(row.lost).padStart(4)}  ${String(row.doubled).padStart(7)}  ${row.response}`,
    );
  }
  console.log(`\n  ${mode}: the page's own timeline, ms after FCP (p50/p95 over every load)`);
  const pages = {};
  for (const page of [...new Set(results.map((r) => r.page))]) {
    const of = results.filter((r) => r.page === page);
    const pair = (f) => `${ms(percentile(of.map(f), 50))}/${ms(percentile(of.map(f), 95))}`;
    pages[page] = {
      loads: of.length,
      fcp: pair((r) => r.fcpMs),
      scripts: pair((r) => r.scriptsAfterFcp),
      hydrationStart: pair((r) => r.hydrationAfterFcp),
      hydrated: pair((r) => r.hydratedAfterFcp),
      lost: of.filter((r) => r.lost).length,
      doubled: of.filter((r) => r.doubled).length,
    };
    const p = pages[page];
    console.log(
      `  ${page.padEnd(8)} ${p.loads} loads  FCP ${p.fcp} ms after navigation; scripts added ${p.scripts}, hydration begins ${p.hydrationStart}, hydrated ${p.hydrated}; lost ${p.lost}, doubled ${p.doubled}`,
    );
  }
  return { rows, pages };
}

/**
 * Runs `runs` page loads per page and mode in /usr/bin/chromium, a fresh context each, the controls and
 * moments taken in turn, and prints a table per mode.
 */
export async function benchTaps(
  baseUrl,
  { runs = Number(process.env.TAPS_RUNS ?? 50), modes = (process.env.TAPS_MODES ?? 'as-served,scripts-at-once').split(',') } = {},
) {
  const onlyPages = process.env.TAPS_PAGES?.split(',');
  const onlyControls = process.env.TAPS_CONTROLS?.split(',');
  const pages = (await choosePages(baseUrl))
    .filter((p) => !onlyPages || onlyPages.includes(p.page))
    .map((p) => ({
      ...p,
      controls: Object.fromEntries(Object.entries(p.controls).filter(([c]) => !onlyControls || onlyControls.includes(c))),
    }))
    .filter((p) => Object.keys(p.controls).length > 0);
  console.log(
    `  Chromium, 390×844 phone, CPU ${CPU_SLOWDOWN}× slower, ${RTT_MS} ms round trip, ${DOWN_KBPS / 1024} Mbps down, ${UP_KBPS} kbps up; ${runs} loads per page and mode`,
  );
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const out = {};
  try {
    for (const mode of modes) {
      const proxy = await startProxy(baseUrl, mode === 'scripts-at-once');
      const results = [];
      try {
        for (const { page, path, variantId, controls } of pages) {
          const boxes = {};
          const plan = Object.entries(controls).flatMap(([control, selector]) => MOMENTS.map((moment) => ({ control, selector, moment })));
          for (let run = 0; run < runs; run += 1) {
            const { control, selector, moment } = plan[run % plan.length];
            boxes[control] ??= await tapOnce(browser, proxy.url, { path, control, selector, variantId });
            if (!boxes[control]) throw new Error(`${path}: no ${control} (${selector}) on the first paint`);
            // A load that never arrived (a request the throttled browser gave up on) measures nothing: said, and the run goes on.
            const result = await tapOnce(browser, proxy.url, { path, control, selector, variantId, moment, box: boxes[control] }).catch(
              (error) => {
                console.log(`  ${mode} ${page} ${control} FCP+${moment}: no measurement (${String(error.message).split('\n')[0]})`);
                return null;
              },
            );
            if (!result) continue;
            results.push({ page, control, moment, ...result });
            if (result.lost || result.doubled)
              console.log(
                `  ${mode} ${page} ${control} FCP+${moment}: ${result.lost ? 'lost' : 'doubled'} (${result.how}, ${result.state})`,
              );
          }
        }
      } finally {
        await proxy.close();
      }
      out[mode] = summarise(mode, results);
    }
  } finally {
    await browser.close();
  }
  return out;
}

// `node bench/taps.mjs` on a running store (TAPS_URL), with the machine's yardstick first.
if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.env.TAPS_URL;
  if (!baseUrl) throw new Error('TAPS_URL=http://… names the running store (or run `BENCH_ONLY=machine,taps npm run bench`)');
  const { spawnSync } = await import('node:child_process');
  const { existsSync } = await import('node:fs');
  const { default: autocannon } = await import('autocannon');
  const { benchBaseline } = await import('./baseline.mjs');
  const cores = Number(spawnSync('nproc').stdout?.toString().trim() || 1);
  const pin = (core) => (cores > 1 && existsSync('/usr/bin/taskset') ? ['taskset', '-c', String(core)] : []);
  console.log('This machine');
  await benchBaseline({ baseUrl, autocannon, pin, root: new URL('..', import.meta.url).pathname, seconds: 10, port: 3998 });
  console.log('\nTaps on a slow phone');
  const figures = await benchTaps(baseUrl);
  console.log('\nJSON:', JSON.stringify(figures));
}
