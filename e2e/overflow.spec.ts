/// <reference lib="dom" />
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DESKTOP_ONLY, PHONE_ONLY, expect, test } from './support/test';
import { acceptCookies } from './support/cookies';
import type { ProductCard, ProductDetail, ProductListResponse } from '@store/shared/catalog';
import type { BlogPostSummary } from '@store/shared/content';
import { latestCode, csrf } from './support/api';

/**
 * The phone layout walker (issue 14): every route of SPEC §2 and the main states (modals, the bag,
 * the slide-in menu, toasts, errors, long inputs) at 360 and 390 px. At each it asserts that
 *  (a) the page is no wider than the viewport and no element or text runs past its right edge, and
 *  (b) no control the shopper can use is hidden under a floating element (the WhatsApp button, toasts,
 *      the cookie banner, the call widget, the bars), found with document.elementFromPoint at the
 *      control's centre.
 * Bars and passing messages (the header and bottom bar, toasts, the cookie banner) may lie over page
 * content that the shopper can scroll out from under them; anything else that floats may cover nothing.
 * Offenders are reported with a readable selector.
 */

const VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
] as const;

/** Long enough to break any layout that trusts shoppers to type short things. */
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(4);
const LONG_TEXT = `${LONG_WORD} ${LONG_WORD}`;

// ---------------------------------------------------------------------------------------------
// The inspection, run inside the page.

type InspectOptions = { width: number; expectToast: boolean; sweep: boolean };
type Inspection = { findings: string[]; toasts: number };

/**
 * Runs in the browser: everything it needs is defined inside it. Returns one line per offender.
 * `width` is the viewport the test set (a phone zooms out to fit a page wider than that, so the page's
 * own innerWidth is not trusted).
 */
function inspectLayout({ width, expectToast, sweep }: InspectOptions): Inspection {
  const root = document.documentElement;
  const vh = root.clientHeight;
  const findings: string[] = [];
  const styles = new Map<Element, CSSStyleDeclaration>();
  const css = (el: Element) => {
    let s = styles.get(el);
    if (!s) styles.set(el, (s = getComputedStyle(el)));
    return s;
  };
  const shown = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });

  /** A short, readable selector: the element and up to two landmark-ish ancestors, with its text. */
  const label = (el: Element): string => {
    const own = (e: Element) => {
      let s = e.tagName.toLowerCase();
      const testId = e.getAttribute('data-testid');
      const aria = e.getAttribute('aria-label');
      const role = e.getAttribute('role');
      if (e.id && !/[«»:]/.test(e.id)) s += `#${e.id}`;
      if (testId) s += `[data-testid="${testId}"]`;
      if (aria) s += `[aria-label="${aria.slice(0, 50)}"]`;
      else if (role) s += `[role="${role}"]`;
      if (!e.id && !testId && !aria && typeof e.className === 'string' && e.className.trim())
        s += `.${e.className.trim().split(/\s+/).slice(0, 2).join('.')}`;
      return s;
    };
    const marked = (e: Element) =>
      e.id !== '' ||
      e.hasAttribute('data-testid') ||
      e.hasAttribute('aria-label') ||
      e.hasAttribute('role') ||
      /^(MAIN|HEADER|FOOTER|NAV|FORM|DIALOG|SECTION|ARTICLE|ASIDE|H1|H2|UL|TABLE)$/.test(e.tagName);
    const path: string[] = [own(el)];
    for (let e = el.parentElement; e && e !== document.body && path.length < 3; e = e.parentElement) if (marked(e)) path.unshift(own(e));
    const input = el as HTMLInputElement;
    const text = (el.textContent?.trim() || input.placeholder || input.value || '').replace(/\s+/g, ' ');
    return `${path.join(' › ')}${text ? ` "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"` : ''}`;
  };

  const floating = (el: Element | null): Element | null => {
    for (let e = el; e && e !== root; e = e.parentElement) {
      const p = css(e).position;
      if (p === 'fixed' || p === 'sticky') return e;
    }
    return null;
  };
  const wider = root.scrollWidth > width;

  // (a) Width. The right edge an element's content may reach: the nearest ancestors that clip it
  // (a slider, a scroll box). The page itself (html, body) does not count: cut-off content is a fault too.
  const limits = new Map<Element, number>();
  const contentLimit = (el: Element | null): number => {
    if (!el || el === document.body || el === root) return Infinity;
    const known = limits.get(el);
    if (known !== undefined) return known;
    const s = css(el);
    const clipsX = s.overflowX !== 'visible' || /paint|strict|content/.test(s.contain);
    const limit = Math.min(contentLimit(el.parentElement), clipsX ? el.getBoundingClientRect().right : Infinity);
    limits.set(el, limit);
    return limit;
  };
  // A page wider than the screen makes a phone zoom out, and the fixed bars then stretch to the new
  // width: they follow the fault, they are not it (they are reported once the page fits).
  const follows = (el: Element) => wider && floating(el) !== null && el.getBoundingClientRect().right <= window.innerWidth + 0.5;
  const past = (right: number, limit: number) => Math.min(right, limit) > width + 0.5;
  const over = new Set<Element>();
  const all = [...document.body.querySelectorAll('*')];
  for (const el of all) {
    if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || !shown(el)) continue;
    if (past(r.right, contentLimit(el.parentElement)) && !follows(el)) over.add(el);
  }
  const overText = new Map<Element, number>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || !shown(parent) || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE)$/.test(parent.tagName)) continue;
    range.selectNodeContents(node);
    const right = Math.max(...[...range.getClientRects()].map((r) => r.right));
    if (past(right, contentLimit(parent)) && !follows(parent)) overText.set(parent, Math.round(right));
  }
  const reported = new Set<Element>();
  for (const el of over) {
    // Only where the overflow starts: an element that sticks out while its parent does not.
    if (el.parentElement && over.has(el.parentElement)) continue;
    reported.add(el);
    findings.push(`overflow: ${label(el)} reaches ${Math.round(el.getBoundingClientRect().right)}px`);
  }
  for (const [el, right] of overText) {
    if ([...reported].some((r) => r.contains(el))) continue;
    findings.push(`overflow: the text of ${label(el)} reaches ${right}px`);
  }
  if (wider) findings.unshift(`overflow: the page is ${root.scrollWidth}px wide in a ${width}px viewport`);

  // Text that runs together or is cut off: neighbouring table cells ('QTYAMOUNT'), and the choice a
  // select shows ('Choose a distr').
  const textExtent = (el: Element) => {
    let [left, right] = [Infinity, -Infinity];
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (!node.textContent?.trim() || (node.parentElement && !shown(node.parentElement))) continue;
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) [left, right] = [Math.min(left, r.left), Math.max(right, r.right)];
    }
    return left < right ? { left, right } : null;
  };
  for (const row of document.querySelectorAll('tr')) {
    if (!shown(row)) continue;
    const cells = [...row.children].filter((c) => shown(c) && c.getBoundingClientRect().width > 0);
    for (let i = 1; i < cells.length; i++) {
      const [a, b] = [textExtent(cells[i - 1]!), textExtent(cells[i]!)];
      if (a && b && b.left - a.right < 6)
        findings.push(`crowded: the texts of ${label(cells[i - 1]!)} and ${label(cells[i]!)} run together`);
    }
  }
  // A select shows its choice and nothing else: it must show all of it. (A placeholder is a hint that
  // goes as the shopper types; those are left alone.)
  const pen = document.createElement('canvas').getContext('2d');
  for (const field of document.querySelectorAll('select')) {
    const text = field.selectedOptions[0]?.text ?? '';
    if (!pen || !text || !shown(field) || field.getBoundingClientRect().width === 0) continue;
    const s = css(field);
    pen.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const need = pen.measureText(text).width;
    const room = field.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    if (need > room + 1) findings.push(`cut off: ${label(field)} shows "${text}" in ${Math.round(room)}px and needs ${Math.round(need)}px`);
  }

  // (b) Covered controls. With a modal open, only its controls count (the rest of the page is inert).
  const modal =
    [...document.querySelectorAll('dialog')].filter((d) => d.matches(':modal')).at(-1) ??
    [...document.querySelectorAll('[aria-modal="true"]:not(dialog)')].filter(shown).at(-1) ??
    document.body;
  const isToast = (el: Element) => el.querySelector('[data-toast]') !== null || el.closest('[data-toast]') !== null;
  const isCookieBanner = (el: Element) => el.matches('section[aria-label="Cookie consent"]');
  const isBar = (el: Element) =>
    el.matches('nav[aria-label="Shortcuts"]') || (el.matches('header') && el.closest('dialog, [role="dialog"]') === null);
  /** Bars and passing messages may lie over content the shopper can scroll out from under them. */
  const passing = (el: Element) => isToast(el) || isCookieBanner(el) || isBar(el);
  const floaters = all
    .filter((el) => (css(el).position === 'fixed' || css(el).position === 'sticky') && shown(el))
    .map((el) => ({ el, r: el.getBoundingClientRect() }))
    .filter(({ r }) => r.width > 0 && r.height > 0);
  const fixed = floaters.filter(({ el }) => css(el).position === 'fixed');
  const bars = floaters.filter(({ el }) => isBar(el));
  /** The floating elements that stay put over the page (the WhatsApp button, the call widget), where they are on top. */
  // (A sticky element stays inside its own section, so only fixed ones travel over the whole page.)
  const staying = fixed.filter(({ el, r }) => {
    if (passing(el)) return false;
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return top !== null && el.contains(top) && fixed.every((f) => f.el === el || !f.el.contains(el));
  });

  /** The y-intervals of [from, to] left once the bars over column x are taken out. */
  const besideBars = (from: number, to: number, x: number): [number, number][] => {
    let free: [number, number][] = [[from, to]];
    for (const { r } of bars) {
      if (r.left > x || r.right < x) continue;
      free = free.flatMap(([a, b]): [number, number][] =>
        r.bottom <= a || r.top >= b
          ? [[a, b]]
          : [...(r.top > a ? [[a, r.top] as [number, number]] : []), ...(r.bottom < b ? [[r.bottom, b] as [number, number]] : [])],
      );
    }
    return free;
  };

  /** Whether the control moves with the page's own scrolling (not inside a fixed layer or a scroll box). */
  const scrollsWithPage = (el: Element) => {
    for (let e: Element | null = el; e && e !== document.body && e !== root; e = e.parentElement) {
      const s = css(e);
      if (s.position === 'fixed' || s.position === 'sticky') return false;
      if (e !== el && (s.overflowY === 'auto' || s.overflowY === 'scroll') && e.scrollHeight > e.clientHeight + 1) return false;
    }
    return true;
  };

  /** Whether scrolling (the page or the box the control scrolls in) can bring its centre clear of every floating element. */
  const canScrollClear = (el: Element, cx: number, cy: number): boolean => {
    let box: Element | null = null;
    for (let e: Element | null = el; e && e !== document.body && e !== root; e = e.parentElement) {
      const s = css(e);
      if (s.position === 'fixed' || s.position === 'sticky') return false;
      if (e !== el && (s.overflowY === 'auto' || s.overflowY === 'scroll') && e.scrollHeight > e.clientHeight + 1) {
        box = e;
        break;
      }
    }
    const frame = box ? box.getBoundingClientRect() : { top: 0, bottom: vh };
    const top = Math.max(0, frame.top);
    const bottom = Math.min(vh, frame.bottom);
    const scrolled = box ? box.scrollTop : window.scrollY;
    const max = box ? box.scrollHeight - box.clientHeight : root.scrollHeight - vh;
    const lo = Math.max(top, cy + scrolled - max);
    const hi = Math.min(bottom, cy + scrolled);
    if (lo > hi) return false;
    const blocked = floaters
      .filter(({ el: f, r }) => !f.contains(el) && r.left <= cx && r.right >= cx && r.bottom > top && r.top < bottom)
      .map(({ r }) => [r.top, r.bottom] as const)
      .sort((a, b) => a[0] - b[0]);
    let y = lo;
    for (const [t, b] of blocked) {
      if (t > y) return true;
      y = Math.max(y, b + 1);
      if (y > hi) return false;
    }
    return y <= hi;
  };

  const controls = modal.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="tab"], [role="checkbox"]',
  );
  for (const control of controls) {
    if (control.matches(':disabled') || control.closest('[inert], [aria-hidden="true"]') || !shown(control)) continue;
    // The part of the control the boxes it sits in (a slider, a scroll box) let show.
    const r = control.getBoundingClientRect();
    let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
    for (let e = control.parentElement; e && e !== document.body && e !== root; e = e.parentElement) {
      const s = css(e);
      const c = e.getBoundingClientRect();
      if (s.overflowX !== 'visible') [left, right] = [Math.max(left, c.left), Math.min(right, c.right)];
      if (s.overflowY !== 'visible') [top, bottom] = [Math.max(top, c.top), Math.min(bottom, c.bottom)];
    }
    if (right - left < 2 || bottom - top < 2) continue;

    // Anything that stays over the page may cover it at no scroll position at all.
    if (sweep && scrollsWithPage(control)) {
      const x = (left + right) / 2;
      const y = (top + bottom) / 2;
      const max = root.scrollHeight - vh;
      // Where its centre can be on screen: from the page's top to its bottom.
      const [lo, hi] = [y + window.scrollY - max, y + window.scrollY];
      for (const { el, r: f } of staying) {
        if (el.contains(control) || f.left > x || f.right < x) continue;
        const under = besideBars(f.top, f.bottom, x).find(([a, b]) => a <= hi && b >= lo);
        if (under) findings.push(`covered: ${label(control)} passes under ${label(el)} as the page scrolls`);
      }
    }

    // On screen now: what is really on top of its centre.
    [left, top, right, bottom] = [Math.max(0, left), Math.max(0, top), Math.min(width, right), Math.min(vh, bottom)];
    if (right - left < 2 || bottom - top < 2) continue;
    const cx = (left + right) / 2;
    const cy = (top + bottom) / 2;
    const hit = document.elementFromPoint(cx, cy);
    if (!hit || hit === control || control.contains(hit)) continue;
    const labelOf = hit.closest('label');
    if (labelOf && (labelOf.control === control || labelOf.contains(control))) continue;
    const cover = floating(hit);
    if (!cover || cover.contains(control)) continue;
    if (passing(cover) && canScrollClear(control, cx, cy)) continue;
    findings.push(`covered: ${label(control)} lies under ${label(cover)}`);
  }

  const toasts = [...document.querySelectorAll('[data-toast]')].filter(shown).length;
  if (expectToast && toasts === 0) findings.push('no toast is showing');
  return { findings: [...new Set(findings)].slice(0, 15), toasts };
}

// ---------------------------------------------------------------------------------------------
// Driving the pages.

/** Every state is checked even after one fails, so a run lists all the offenders at once. */
const soft = expect.configure({ soft: true });
const viewportOf = (page: Page) => page.viewportSize() ?? { width: 0, height: 0 };
/** Waits for two frames and for every finite animation and transition (a panel sliding in) to end. */
async function settle(page: Page) {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Asserts the current state, at the top, middle and bottom of the page unless `scroll` is false
 * (an open modal locks the page). It waits for the state to settle (transitions, late content) by
 * asking again for a few seconds; a fault that stays fails with the list of offenders.
 */
async function check(page: Page, what: string, opts: { scroll?: boolean; toast?: boolean } = {}) {
  const { width } = viewportOf(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const positions = opts.scroll === false ? [null] : (['top', 'middle', 'bottom'] as const);
  for (const [i, at] of positions.entries()) {
    if (at) {
      await page.evaluate((where) => {
        const max = document.documentElement.scrollHeight - document.documentElement.clientHeight;
        window.scrollTo({ top: where === 'top' ? 0 : where === 'middle' ? max / 2 : max, behavior: 'instant' });
      }, at);
    }
    await settle(page);
    const where = `${what}${at ? ` (${at})` : ''} at ${width}px`;
    // What stays over a phone's page is checked against every scroll position once, from the first.
    // From 1024 px the WhatsApp and call buttons float in a corner (there is no bar to dock into):
    // they are checked where the page comes to rest, at its top, middle and bottom.
    const options = { width, expectToast: opts.toast === true, sweep: i === 0 && width < 1024 };
    if (opts.toast) {
      // A toast goes after a few seconds: one look while it shows, no waiting for it to go.
      soft((await page.evaluate(inspectLayout, options)).findings, where).toEqual([]);
    } else {
      await soft.poll(async () => (await page.evaluate(inspectLayout, options)).findings, { message: where, timeout: 6000 }).toEqual([]);
    }
  }
  if (positions.length > 1) await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/** Opens a page as a shopper would and waits until it has hydrated and stopped loading. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await page.waitForLoadState('networkidle');
}

async function walk(page: Page, path: string, what = path) {
  await visit(page, path);
  await check(page, what);
}

/** Types a long text into every visible, enabled text field of `scope` (digits into phone fields). */
async function fillLong(scope: Locator) {
  const fields = scope.locator(
    'input:is([type="text"], [type="email"], [type="tel"], [type="search"], [type="password"], :not([type])):visible:enabled, textarea:visible:enabled',
  );
  const count = await fields.count();
  expect(count, 'fields to type into').toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const field = fields.nth(i);
    const type = await field.getAttribute('type');
    await field.fill(type === 'tel' ? '0'.repeat(60) : type === 'email' ? `${'a'.repeat(60)}@${'b'.repeat(60)}.com` : LONG_TEXT);
  }
}

const shortcuts = (page: Page) => page.getByRole('navigation', { name: 'Shortcuts' });

// ---------------------------------------------------------------------------------------------
// Data, found through the API as a client would.

async function cards(request: APIRequestContext, query: string): Promise<ProductListResponse> {
  const res = await request.get(`/api/v1/products/?${query}`);
  expect(res.ok(), query).toBe(true);
  return (await res.json()) as ProductListResponse;
}

async function detail(request: APIRequestContext, card: Pick<ProductCard, 'url'>): Promise<ProductDetail> {
  const [, , brand, handle] = card.url.split('/');
  const res = await request.get(`/api/v1/products/${brand}/${handle}/`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: ProductDetail }).data;
}

/** A product none of whose variants is in stock: its page offers 'Notify me'. */
async function soldOutProduct(request: APIRequestContext): Promise<ProductCard> {
  for (let p = 1; p <= 10; p++) {
    const list = await cards(request, `page_size=48&page=${p}`);
    const card = list.results.find((c) => !c.in_stock);
    if (card) return card;
    if (p * 48 >= list.count) break;
  }
  throw new Error('the demo shop has no sold-out product');
}

/** The product with the longest name among plenty in stock (long names are what break narrow rows). */
async function longNamedProduct(request: APIRequestContext): Promise<ProductDetail> {
  const list = await cards(request, 'in_stock=true&page_size=48&sort=top_rated');
  const byLength = [...list.results].sort((a, b) => b.name.length - a.name.length);
  for (const card of byLength) {
    const product = await detail(request, card);
    if (product.product_variants.some((v) => v.stock >= 20)) return product;
  }
  throw new Error('no product with stock in the demo shop');
}

async function putInBag(page: Page, product: ProductDetail, quantity: number) {
  const variant = product.product_variants.find((v) => v.stock >= 20);
  expect(variant, 'a variant with stock').toBeTruthy();
  const res = await page.request.post('/api/v1/cart/line-items/', {
    headers: await csrf(page.request),
    data: { delivery_type: 'standard', line_item: { variant_id: variant!.variant_id, quantity, action: 'increment' } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return variant!;
}

const randomPhone = () => `017${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A registered customer, signed in in this browser context (the session cookie is the context's). */
async function signIn(page: Page) {
  const phone = randomPhone();
  const headers = await csrf(page.request);
  const reg = await page.request.post('/api/v1/accounts/register/', {
    headers,
    data: {
      customer: {
        email: `walker${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`,
        phone,
        first_name: 'Mohammad Abdullah Al Mamun Chowdhury',
        last_name: 'Bhuiyan',
        note: {},
        newsletter_email: true,
        newsletter_sms: true,
        online_customer: true,
      },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const customerId = ((await reg.json()) as { data: { customer_id: number } }).data.customer_id;
  const verify = await page.request.post('/api/v1/accounts/verify/', {
    headers,
    data: { customer_id: customerId, password: 'Walker-2026!', otp: await latestCode(page.request, `+88${phone}`), login: true },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
}

/** The bag open, then open again over a product page with the error toast of a refused addition. */
async function bagStates(page: Page, request: APIRequestContext) {
  const product = await longNamedProduct(request);
  const variant = await putInBag(page, product, 2);
  await visit(page, '/');
  await page.getByRole('link', { name: /^Shopping bag/ }).click();
  const bag = page.getByRole('dialog', { name: /Shopping bag/i });
  await expect(bag.getByTestId('bag-line').first()).toBeVisible();
  await check(page, 'the bag', { scroll: false });
  await bag.getByRole('button', { name: 'Close shopping bag' }).click();

  // Six already in the bag: one more from the product page is refused, over the open bag.
  await putInBag(page, product, 4);
  await visit(page, `${product.url}?variant=${variant.variant_id}`);
  await page.getByRole('button', { name: 'Add to bag', exact: true }).click();
  await expect(page.locator('[data-toast]').first()).toBeVisible();
  await expect(bag).toBeVisible();
  await check(page, 'the bag with an error toast', { scroll: false, toast: true });
}

/** A real registration in the modal: it moves on to the code, and a toast says the code was sent. */
async function registerWithToast(page: Page) {
  const register = page.getByRole('dialog', { name: 'REGISTER' });
  await expect(register).toBeVisible();
  await register.getByLabel('First name').fill('Mohammad Abdullah Al Mamun');
  await register.getByLabel('Last name').fill('Chowdhury');
  await register.getByLabel(/^Email/).fill(`walker${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`);
  await register.getByLabel('Phone', { exact: true }).fill(randomPhone());
  await register.getByLabel('Password', { exact: true }).fill('Walker-2026!');
  await register.getByLabel(/Confirm password/).fill('Walker-2026!');
  await register.locator('form button[type="submit"]').click();
  await expect(page.locator('[data-toast]').first()).toBeVisible();
  await check(page, 'the register modal with its toast', { scroll: false, toast: true });
}

/** Signed in with a bag, on the address step with a division chosen (the district and area lists show their prompts). */
async function addressStep(page: Page, request: APIRequestContext) {
  await signIn(page);
  await putInBag(page, await longNamedProduct(request), 2);
  await walk(page, '/checkout?step=address', 'checkout signed in');
  return page.getByRole('form', { name: 'Address details' });
}

/** Saves a real address with long entries, pays cash on delivery and returns the order's link token. */
async function saveAddressAndOrder(page: Page, form: Locator): Promise<string> {
  await form.getByLabel('Full name').fill('Mohammad Abdullah Al Mamun Chowdhury Bhuiyan Talukder');
  await form.getByLabel('Mobile number').fill('01712345678');
  await form.getByLabel('Division').selectOption('Chattogram');
  await check(page, 'the address form, a division chosen');
  await form.getByLabel('District').selectOption('Chattogram');
  await form.getByLabel('Area / thana').selectOption('Panchlaish');
  await form.getByLabel('Address', { exact: true }).fill(`House#3,Road#2,${LONG_WORD}`);
  await form.getByLabel(/Landmark/).fill(LONG_TEXT);
  await page.getByRole('button', { name: 'Save and use this address' }).click();
  await expect(page.getByTestId('address-card').first()).toBeVisible();
  await check(page, 'checkout with a long address');

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/step=payment/);
  await page.waitForLoadState('networkidle');
  await check(page, 'the payment step');
  // As long as a code may be (40 characters).
  await page.getByPlaceholder('Enter coupon code').fill(`NOSUCHCODE${'X'.repeat(30)}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('field-error')).toBeVisible();
  await check(page, 'a long wrong coupon');
  await page.getByTestId('pay-cod').click();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await page.waitForLoadState('networkidle');
  await check(page, 'payment success');
  return new URL(page.url()).searchParams.get('order') ?? '';
}

async function receipt(page: Page, token: string) {
  await walk(page, `/order-verify/success/${token}/`, 'the order page of the link');
  await page.getByRole('link', { name: 'View receipt' }).first().click();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await check(page, 'the receipt');
}

// ---------------------------------------------------------------------------------------------

for (const viewport of VIEWPORTS) {
  // A phone layout check: it sets its own phone viewports, so it runs in the phone project only.
  test.describe(`at ${viewport.width} px`, { tag: PHONE_ONLY }, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await acceptCookies(page);
    });

    test('every public route fits the screen and hides no control', async ({ page, request }) => {
      test.setTimeout(240_000);
      const pages = ((await (await request.get('/api/v1/pages/')).json()) as { data: { handle: string }[] }).data;
      const posts = ((await (await request.get('/api/v1/blogs/?page_size=1')).json()) as { results: BlogPostSummary[] }).results;
      const product = await longNamedProduct(request);
      expect(posts.length).toBeGreaterThan(0);

      for (const path of ['/', '/toys', '/home', '/sport']) await walk(page, path);
      await walk(page, '/all-product/');
      await walk(page, '/kids/all-product/');
      await walk(
        page,
        '/all-product/?on_sale=true&in_stock=true&price_min=500&price_max=5000&sort=price_desc&page=2',
        'a listing with filters',
      );
      await walk(page, '/all-product/?page=999', 'a listing past its last page');
      await walk(page, `/brand/${product.brand_ref.handle}`, 'a brand page');
      await walk(page, product.url, 'a product page');
      await walk(page, '/product/?search=lipstick', 'search results');
      await walk(page, `/product/?search=${LONG_WORD}`, 'a search for a very long word');
      await walk(page, `/product/?search=${encodeURIComponent(LONG_TEXT)}`, 'a search for a very long phrase');
      await walk(page, `/product/?search=lipstick_${LONG_WORD}`, 'a very long search term that finds products');
      await walk(page, '/blog');
      await walk(page, '/blogs?page=2');
      await walk(page, `/blog/${posts[0]!.slug}`, 'a blog post');
      for (const { handle } of pages) await walk(page, `/page/${handle}`);
      await walk(page, '/about-us/terms-conditions');
      await walk(page, '/about-us/privacy-policy');
      await walk(page, '/404');
      await walk(page, '/en-bd/404');
      await walk(page, `/no/such/${LONG_WORD}`, 'an unknown path');
      await walk(page, '/store/register');
      await walk(page, '/forgot-password');
      await walk(page, '/forgot-password/no-such-link', 'a stale password reset link');
      await walk(page, '/verify-email/no-such-link', 'a stale e-mail verification link');
      await walk(page, '/passwordless-login/no/such/link', 'a stale passwordless link');
      await walk(page, '/checkout', 'checkout with an empty bag');
      await walk(page, '/account/my-account', 'the account page signed out');
    });

    test('a sold-out product: Notify me opened, refused and sent', async ({ page, request }) => {
      const product = await soldOutProduct(request);
      await walk(page, product.url, 'a sold-out product');
      await page.getByRole('button', { name: 'Notify me' }).click();
      const field = page.getByPlaceholder('Email or phone number');
      await expect(field).toBeVisible();
      await check(page, "'Notify me' opened");
      await field.fill(LONG_TEXT);
      await page.getByRole('button', { name: 'Notify me' }).click();
      await expect(page.getByTestId('notify-error')).toBeVisible();
      await check(page, "'Notify me' with a long wrong address");
      await field.fill(`${'shopper'.repeat(8)}.${Date.now()}@${'example'.repeat(4)}.com`);
      await page.getByRole('button', { name: 'Notify me' }).click();
      await expect(page.getByTestId('notify-done')).toBeVisible();
      await expect(page.locator('[data-toast]').first()).toBeVisible();
      await check(page, "'Notify me' sent, with its toast", { toast: true, scroll: false });
      await check(page, "'Notify me' sent");
    });

    test('the slide-in menu, the call widget, the filters and the sign-in modal in every mode', async ({ page }) => {
      test.setTimeout(120_000);
      await visit(page, '/');
      await shortcuts(page).getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await check(page, 'the slide-in menu', { scroll: false });
      const level = menu.getByRole('navigation', { name: 'Categories' }).getByRole('button').first();
      await level.click();
      await expect(level).toHaveAttribute('aria-expanded', 'true');
      await check(page, 'the slide-in menu with a level open', { scroll: false });
      await menu.getByRole('button', { name: 'Close menu' }).click();
      await expect(menu).toBeHidden();

      await shortcuts(page).getByRole('button', { name: 'Customer care' }).click();
      const call = page.getByRole('dialog', { name: 'Call us' });
      await expect(call).toBeVisible();
      await check(page, 'the call widget', { scroll: false });
      await page.keyboard.press('Escape');
      await expect(call).toBeHidden();

      await visit(page, '/all-product/');
      await page.getByRole('button', { name: /^Filter/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
      await check(page, 'the filter sheet', { scroll: false });
      await page.keyboard.press('Escape');

      await visit(page, '/');
      await shortcuts(page).getByRole('button', { name: 'Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'SIGN IN' });
      await expect(dialog).toBeVisible();
      for (const mode of ['OTP', 'EMAIL LINK', 'PASSWORD']) {
        await dialog.getByRole('radio', { name: mode }).click();
        await check(page, `the sign-in modal, ${mode}`, { scroll: false });
        await fillLong(dialog);
        await dialog.locator('form button[type="submit"]').click();
        await expect(dialog.getByTestId('field-error').or(dialog.getByRole('alert')).first()).toBeVisible();
        await check(page, `the sign-in modal, ${mode}, a long wrong entry`, { scroll: false });
      }
      await dialog.getByRole('button', { name: 'Create an account' }).click();
      const register = page.getByRole('dialog', { name: 'REGISTER' });
      await expect(register).toBeVisible();
      await check(page, 'the register form', { scroll: false });
      await register.locator('form button[type="submit"]').click();
      await expect(register.getByTestId('field-error').or(register.getByRole('alert')).first()).toBeVisible();
      await check(page, 'the register form with its errors', { scroll: false });
      await fillLong(register);
      await check(page, 'the register form, long entries', { scroll: false });

      await registerWithToast(page);
    });

    test('the bag open, and open with an error toast', async ({ page, request }) => {
      await bagStates(page, request);
    });

    test('the header search with a very long term, its suggestions and its results', async ({ page }) => {
      await visit(page, '/');
      const box = page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true });
      await box.fill(LONG_TEXT);
      await expect(page.getByTestId('search-suggestions').filter({ visible: true })).toBeVisible();
      await check(page, 'the search suggestions for a long term', { scroll: false });
      await box.press('Enter');
      await expect(page).toHaveURL(/\/product\/?\?search=/);
      await page.waitForLoadState('networkidle');
      await check(page, 'the results of a long search');
    });

    test('the cookie banner over the pages', async ({ page }) => {
      await page.addInitScript(() => localStorage.clear());
      for (const path of ['/', '/all-product/', '/blog']) {
        await visit(page, path);
        await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
        await check(page, `${path} with the cookie banner`);
      }
    });

    test('a guest checkout: the phone step with its errors and long entries, then pickup and the order page', async ({ page, request }) => {
      test.setTimeout(120_000);
      await putInBag(page, await longNamedProduct(request), 1);
      await walk(page, '/checkout', 'checkout as a guest');
      const phone = page.getByLabel('Mobile number');
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByTestId('field-error').or(page.getByRole('alert')).first()).toBeVisible();
      await check(page, 'the guest phone step with its error');
      await phone.fill('0'.repeat(60));
      await page.getByRole('button', { name: 'Send code' }).click();
      await check(page, 'the guest phone step, a long wrong number');
      const local = randomPhone();
      await phone.fill(local);
      await page.getByRole('button', { name: 'Send code' }).click();
      const code = await latestCode(page.request, `+88${local}`);
      const boxes = page.getByRole('group', { name: 'Verification code' });
      await expect(boxes).toBeVisible();
      await check(page, 'the guest code entry');
      await boxes.getByRole('textbox').first().fill(code);
      await page.getByRole('button', { name: 'Verify and continue' }).click();
      await expect(page.getByTestId('checkout-contact')).toContainText('Guest checkout');
      await page.waitForLoadState('networkidle');
      await check(page, 'the guest delivery step');

      await page.getByRole('radio', { name: /Store pickup/ }).click();
      await expect(page.getByTestId('store-choice').first()).toBeVisible();
      await check(page, 'the store choice');
      await page.getByTestId('store-choice').first().click();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByTestId('place-order')).toBeVisible();
      await check(page, 'the guest payment step');
      await page.getByTestId('place-order').click();
      await expect(page).toHaveURL(/\/order-verify\/success\//);
      await page.waitForLoadState('networkidle');
      await check(page, 'the order page after a pickup order');
      await page.getByRole('link', { name: 'View receipt' }).first().click();
      await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
      await check(page, "a guest's receipt");
    });

    test('a signed-in checkout with errors and long entries, the order pages and every account tab', async ({ page, request }) => {
      test.setTimeout(180_000);
      const form = await addressStep(page, request);
      await page.getByRole('button', { name: 'Save and use this address' }).click();
      await expect(form.getByTestId('field-error').first()).toBeVisible();
      await check(page, 'the address form with its errors');
      await fillLong(form);
      await check(page, 'the address form, long entries');
      await receipt(page, await saveAddressAndOrder(page, form));

      await visit(page, '/account/my-account');
      const tabs = page.getByRole('navigation', { name: 'Account' }).getByRole('link');
      const paths = await tabs.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(paths.length, 'the account tabs').toBeGreaterThan(3);
      for (const path of paths) await walk(page, path, `the account tab ${path}`);
      await visit(page, '/account/orders');
      await page.locator('a[href^="/account/orders/"]').first().click();
      await expect(page).toHaveURL(/\/account\/orders\/[^/]+$/);
      await page.waitForLoadState('networkidle');
      await check(page, 'an order in the account');
      await walk(page, '/verify/success/1', 'the verify page');
    });
  });
}

/**
 * The same look on a desktop (1440 px) where the phone walk cannot see a fault: the address form's
 * district and area prompts, the receipt, and toasts over the bag and the sign-in modal.
 */
test.describe('on a desktop', { tag: DESKTOP_ONLY }, () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('the address form, the order pages and the receipt', async ({ page, request }) => {
    test.setTimeout(120_000);
    await receipt(page, await saveAddressAndOrder(page, await addressStep(page, request)));
  });

  test('toasts over the bag and over the sign-in modal', async ({ page, request }) => {
    await bagStates(page, request);
    await visit(page, '/');
    await page.getByTestId('login-button').click();
    await page.getByRole('dialog', { name: 'SIGN IN' }).getByRole('button', { name: 'Create an account' }).click();
    await registerWithToast(page);
  });
});
