import { eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { AdminFooterGroup, AdminHighlight, AdminNavItem, AdminStoreLocation } from '@store/shared/admin-navigation';
import type { ApiErrorBody } from '@store/shared/api';
import type { FooterGroup, NavItem, StoreLocation } from '@store/shared/content';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { auditLog } from '../staff/staff.tables.js';
import { clearContentCaches } from './content.service.js';
import { footerLinks, navItems, settings, storeLocations } from './content.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

const itemInput = (title: string, overrides: Record<string, unknown> = {}) => ({
  menu: 'beauty',
  parent_id: null,
  title,
  relative_url: `/all-product/?category=${title.toLowerCase().replace(/\W+/g, '-')}`,
  external_url: null,
  redirect_url: null,
  page: null,
  menu_color: null,
  menu_link_icon: null,
  disable_url: false,
  type: 'FilteredPage',
  visible_only_to_logged_in_users: false,
  open_in_new_tab: false,
  products_headline: null,
  promote: [],
  ...overrides,
});

const locationInput = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  address: 'House 12, Road 5',
  area: 'Dhanmondi',
  city: 'Dhaka',
  phone: '+8801711000000',
  hours: 'Sat–Thu 10am–9pm',
  map_url: 'https://maps.google.com/?q=Dhanmondi',
  ...overrides,
});

type Tree = { id: number; title: string; children: Tree[] };
/** A tree as nested titles, to compare orders at a glance. */
const titles = (items: Tree[]): unknown[] => items.map((i) => (i.children.length ? { [i.title]: titles(i.children) } : i.title));
/** The order body that keeps a tree as it is. */
const orderOf = (items: AdminNavItem[], parent: number | null = null): { id: number; parent_id: number | null; position: number }[] =>
  items.flatMap((item, position) => [{ id: item.id, parent_id: parent, position }, ...orderOf(item.children, item.id)]);

describeOnDatabases('admin content: menus, footer, store locations, highlight', (ctx) => {
  const app = () => ctx().app;
  let editor: { client: StaffClient };
  const put = (client: StaffClient, url: string, payload: unknown) =>
    app().inject({
      method: 'PUT',
      url: `/api/v1/admin${url}`,
      headers: { authorization: `Token ${client.token}` },
      payload: payload as object,
    });
  const menu = async (type: 'beauty' | 'kids' = 'beauty') =>
    (await editor.client.get(`/content/menus/?menu=${type}`)).json<{ data: AdminNavItem[] }>().data;
  const storefrontNav = async (type: 'beauty' | 'kids' = 'beauty') =>
    (await app().inject(`/api/v1/navigation/?type=${type}`)).json<{ data: { data: NavItem[]; highlight_message: string | null } }>().data;
  const auditActions = async (entity: string, ids: (string | number)[]) =>
    (
      await ctx()
        .db.select()
        .from(auditLog)
        .where(inArray(auditLog.entityId, ids.map(String)))
        .orderBy(auditLog.id)
    )
      .filter((e) => e.entity === entity)
      .map((e) => e.action);

  beforeAll(async () => {
    await createTestCatalog(ctx().db, 'nv');
  });
  beforeEach(async () => {
    clearContentCaches();
    editor = await signedInStaff(app(), ctx().env, 'content_editor');
  });

  it('adds items with every field, nests them, and the storefront menu shows them at once, audited', async () => {
    await storefrontNav(); // cached before the change: the write must clear it
    const skin = await editor.client.post(
      '/content/menu-items/',
      itemInput('Skin', {
        menu_color: '#c2185b',
        menu_link_icon: '/media/brand/icons/offer.svg',
        products_headline: 'Trending',
        promote: [
          { type: 'product', headline: 'Best sellers', product_handles: ['nv-serum', 'nv-cream'] },
          {
            type: 'promote_page_for_menu',
            title: 'Monsoon routine',
            page: '/blog/monsoon',
            image: { url: '/media/content/monsoon.webp', custom_width: 300, custom_height: 200 },
            open_in_new_tab: true,
          },
        ],
      }),
    );
    expect(skin.statusCode, skin.body).toBe(201);
    const skinItem = skin.json<{ data: AdminNavItem }>().data;
    const serums = (await editor.client.post('/content/menu-items/', itemInput('Serums', { parent_id: skinItem.id }))).json<{
      data: AdminNavItem;
    }>().data;
    const heading = await editor.client.post(
      '/content/menu-items/',
      itemInput('Members', {
        disable_url: true,
        relative_url: null,
        type: 'Link',
        visible_only_to_logged_in_users: true,
        external_url: 'https://example.com/members',
        open_in_new_tab: true,
        redirect_url: '/account',
      }),
    );
    expect(heading.statusCode, heading.body).toBe(201);

    expect(titles(await menu())).toEqual([{ Skin: ['Serums'] }, 'Members']);
    const nav = await storefrontNav();
    const shown = nav.data.find((i) => i.id === skinItem.id)!;
    expect(shown).toMatchObject({ title: 'Skin', menu_color: '#c2185b', type: 'FilteredPage', products: { headline: 'Trending' } });
    expect(shown.children.map((c) => c.title)).toEqual(['Serums']);
    expect(shown.promote[0]).toMatchObject({ type: 'product', value: { headline: 'Best sellers' } });
    expect(shown.promote[0]!.type === 'product' && shown.promote[0]!.value.products.map((p) => p.handle)).toEqual(['nv-serum', 'nv-cream']);
    expect(shown.promote[1]).toMatchObject({ type: 'promote_page_for_menu', value: { page: '/blog/monsoon', open_in_new_tab: true } });
    const members = nav.data.find((i) => i.title === 'Members')!;
    expect(members).toMatchObject({ disable_url: true, visible_only_to_logged_in_users: true, redirect_url: { relative_url: '/account' } });

    const [entry] = await ctx()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(serums.id)));
    expect(entry).toMatchObject({ action: 'menu_item.create', entity: 'menu_item' });
    expect(entry!.changes).toMatchObject({ title: [null, 'Serums'], parent_id: [null, skinItem.id] });

    // An edit shows at once too.
    const edited = await editor.client.patch(`/content/menu-items/${serums.id}/`, { title: 'Face serums', menu_color: '#123456' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await storefrontNav()).data.find((i) => i.id === skinItem.id)!.children[0]).toMatchObject({
      title: 'Face serums',
      menu_color: '#123456',
    });
    expect(await auditActions('menu_item', [serums.id])).toEqual(['menu_item.create', 'menu_item.update']);
  });

  it('reorders the whole tree in one go, moving an item under another parent; the storefront follows', async () => {
    const a = (await editor.client.post('/content/menu-items/', itemInput('Alpha', { menu: 'kids' }))).json<{ data: AdminNavItem }>().data;
    const b = (await editor.client.post('/content/menu-items/', itemInput('Beta', { menu: 'kids' }))).json<{ data: AdminNavItem }>().data;
    const c = (await editor.client.post('/content/menu-items/', itemInput('Gamma', { menu: 'kids', parent_id: a.id }))).json<{
      data: AdminNavItem;
    }>().data;
    expect(titles(await menu('kids'))).toEqual([{ Alpha: ['Gamma'] }, 'Beta']);
    await storefrontNav('kids');

    // Beta first; Gamma moves from Alpha to Beta.
    const res = await put(editor.client, '/content/menus/order/?menu=kids', {
      items: [
        { id: b.id, parent_id: null, position: 0 },
        { id: a.id, parent_id: null, position: 1 },
        { id: c.id, parent_id: b.id, position: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(titles(res.json<{ data: AdminNavItem[] }>().data)).toEqual([{ Beta: ['Gamma'] }, 'Alpha']);
    expect(titles((await storefrontNav('kids')).data)).toEqual([{ Beta: ['Gamma'] }, 'Alpha']);

    const [entry] = await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'menu.reorder'));
    expect(entry).toMatchObject({ entity: 'menu', entityId: 'kids' });
    expect(entry!.changes[String(c.id)]).toEqual([
      { parent_id: a.id, position: 0 },
      { parent_id: b.id, position: 0 },
    ]);
  });

  it('refuses an order with cycles, foreign or unknown ids, or items left out, and changes nothing', async () => {
    const beauty = await menu('beauty');
    const kids = await menu('kids');
    expect(beauty.length).toBeGreaterThan(0);
    expect(kids.length).toBeGreaterThan(0);
    const keep = orderOf(beauty);
    const rowsBefore = await ctx().db.select().from(navItems).orderBy(navItems.id);
    const top = beauty[0]!;
    const child = top.children[0]!;
    const cases: [string, unknown, string][] = [
      ['an item of the kids menu', { items: [...keep, { id: kids[0]!.id, parent_id: null, position: 9 }] }, `items.${keep.length}.id`],
      ['an unknown id', { items: [...keep, { id: 999_999, parent_id: null, position: 9 }] }, `items.${keep.length}.id`],
      [
        'a parent from the kids menu',
        { items: keep.map((i) => (i.id === top.id ? { ...i, parent_id: kids[0]!.id } : i)) },
        `items.${keep.findIndex((i) => i.id === top.id)}.parent_id`,
      ],
      [
        'a cycle',
        { items: keep.map((i) => (i.id === top.id ? { ...i, parent_id: child.id } : i)) },
        `items.${keep.findIndex((i) => i.id === top.id)}.parent_id`,
      ],
      ['itself as parent', { items: keep.map((i) => (i.id === top.id ? { ...i, parent_id: top.id } : i)) }, `items.0.parent_id`],
      ['an item left out', { items: keep.slice(1) }, 'items'],
      ['a listed twice', { items: [...keep, keep[0]] }, `items.${keep.length}.id`],
    ];
    for (const [what, body, field] of cases) {
      const res = await put(editor.client, '/content/menus/order/?menu=beauty', body);
      expect(res.statusCode, what).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), `${what}: ${res.body}`).toContain(field);
    }
    // Four levels deep is refused too.
    const deep = (await editor.client.post('/content/menu-items/', itemInput('Deep', { parent_id: child.id }))).json<{
      data: AdminNavItem;
    }>();
    const tooDeep = await editor.client.post('/content/menu-items/', itemInput('Deeper', { parent_id: deep.data.id }));
    expect(tooDeep.statusCode).toBe(400);
    expect(errorOf(tooDeep).fields).toEqual({ parent_id: expect.stringContaining('3 levels') });
    await editor.client.delete(`/content/menu-items/${deep.data.id}/`);
    expect(await ctx().db.select().from(navItems).orderBy(navItems.id)).toEqual(rowsBefore);
  });

  it('answers bad item input with field messages and changes nothing', async () => {
    const count = async () => (await ctx().db.select().from(navItems)).length;
    const before = await count();
    const kidsTop = (await menu('kids'))[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [itemInput(''), 'title'],
      [itemInput('x', { relative_url: 'all-product' }), 'relative_url'],
      [itemInput('x', { relative_url: '//evil.example' }), 'relative_url'],
      [itemInput('x', { external_url: 'http://example.com' }), 'external_url'],
      [itemInput('x', { external_url: 'javascript:alert(1)' }), 'external_url'],
      [itemInput('x', { redirect_url: 'https://elsewhere.example' }), 'redirect_url'],
      [itemInput('x', { menu_color: 'red' }), 'menu_color'],
      // Pale pink menu text on the white bar: under WCAG AA's 4.5:1.
      [itemInput('x', { menu_color: '#f48fb1' }), 'menu_color'],
      [itemInput('x', { menu_link_icon: 'javascript:x' }), 'menu_link_icon'],
      [itemInput('x', { type: 'Category' }), 'type'],
      [itemInput('x', { menu: 'garden' }), 'menu'],
      [itemInput('x', { relative_url: null }), 'relative_url'],
      [itemInput('x', { page: 'Not A Handle' }), 'page'],
      [itemInput('x', { promote: [{ type: 'product', headline: 'x', product_handles: [] }] }), 'promote.0.product_handles'],
      [
        itemInput('x', { promote: [{ type: 'product', headline: 'x', product_handles: ['no-such-product'] }] }),
        'promote.0.product_handles.0',
      ],
      [
        itemInput('x', {
          promote: [
            {
              type: 'promote_page_for_menu',
              title: 'x',
              page: 'x',
              image: { url: '/media/a.webp', custom_width: 1, custom_height: 1 },
              open_in_new_tab: false,
            },
          ],
        }),
        'promote.0.page',
      ],
      [itemInput('x', { parent_id: kidsTop.id }), 'parent_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await editor.client.post('/content/menu-items/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), res.body).toContain(field);
    }
    expect(await count()).toBe(before);

    // A patch that leaves an entry with no link at all is refused against the stored item.
    const item = (await menu('beauty'))[0]!;
    const res = await editor.client.patch(`/content/menu-items/${item.id}/`, { relative_url: null, title: 'Changed' });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields).toEqual({ relative_url: expect.any(String) });
    const [row] = await ctx().db.select().from(navItems).where(eq(navItems.id, item.id));
    expect(row!.title).toBe(item.title);
    expect((await editor.client.patch('/content/menu-items/999999/', { title: 'x' })).statusCode).toBe(404);
  });

  it('deletes an item with everything under it, one audit row each, and the storefront drops it', async () => {
    const parent = (await editor.client.post('/content/menu-items/', itemInput('Going'))).json<{ data: AdminNavItem }>().data;
    const child = (await editor.client.post('/content/menu-items/', itemInput('Going child', { parent_id: parent.id }))).json<{
      data: AdminNavItem;
    }>().data;
    expect((await storefrontNav()).data.map((i) => i.title)).toContain('Going');
    const res = await editor.client.delete(`/content/menu-items/${parent.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { deleted: number[] } }>().data.deleted.sort()).toEqual([parent.id, child.id].sort());
    expect((await storefrontNav()).data.map((i) => i.title)).not.toContain('Going');
    expect(
      await ctx()
        .db.select()
        .from(navItems)
        .where(inArray(navItems.id, [parent.id, child.id])),
    ).toEqual([]);
    expect(await auditActions('menu_item', [child.id])).toEqual(['menu_item.create', 'menu_item.delete']);
    expect((await editor.client.delete(`/content/menu-items/${parent.id}/`)).statusCode).toBe(404);
  });

  it('manages footer groups and links, reorders them across groups, and the storefront footer follows', async () => {
    const footer = async () =>
      (await app().inject('/api/v1/footer/?type=kids')).json<{ data: { data: FooterGroup[] } }>().data.data.map((g) => ({
        [g.title]: g.children.map((l) => l.title),
      }));
    const help = (await editor.client.post('/content/footer-groups/', { menu: 'kids', title: 'Help' })).json<{ data: AdminFooterGroup }>()
      .data;
    const about = (await editor.client.post('/content/footer-groups/', { menu: 'kids', title: 'About' })).json<{ data: AdminFooterGroup }>()
      .data;
    const link = async (group_id: number, title: string, relative_url: string) => {
      const res = await editor.client.post('/content/footer-links/', { group_id, title, relative_url, menu_icon: null });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: { id: number } }>().data.id;
    };
    const returns = await link(help.id, 'Returns', '/page/returns');
    const faq = await link(help.id, 'FAQ', '/page/faq');
    const story = await link(about.id, 'Our story', '/page/about');
    expect(await footer()).toEqual([{ Help: ['Returns', 'FAQ'] }, { About: ['Our story'] }]);

    const res = await put(editor.client, '/content/footer/order/?menu=kids', {
      groups: [
        { id: about.id, link_ids: [story, faq] },
        { id: help.id, link_ids: [returns] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await footer()).toEqual([{ About: ['Our story', 'FAQ'] }, { Help: ['Returns'] }]);

    const renamed = await editor.client.patch(`/content/footer-groups/${help.id}/`, { title: 'Customer care' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await editor.client.patch(`/content/footer-links/${faq}/`, { title: 'Questions' })).statusCode).toBe(200);
    expect(await footer()).toEqual([{ About: ['Our story', 'Questions'] }, { 'Customer care': ['Returns'] }]);

    // Bad input: field messages, nothing changed.
    const badLink = await editor.client.post('/content/footer-links/', {
      group_id: help.id,
      title: 'x',
      relative_url: 'faq',
      menu_icon: null,
    });
    expect(errorOf(badLink).fields).toMatchObject({ relative_url: expect.any(String) });
    const noGroup = await editor.client.post('/content/footer-links/', {
      group_id: 999999,
      title: 'x',
      relative_url: '/x',
      menu_icon: null,
    });
    expect(errorOf(noGroup).fields).toEqual({ group_id: expect.any(String) });
    const badGroup = await editor.client.post('/content/footer-groups/', { menu: 'kids', title: '  ' });
    expect(errorOf(badGroup).fields).toMatchObject({ title: 'Required' });
    const beautyGroups = (await editor.client.get('/content/footer/?menu=beauty')).json<{ data: AdminFooterGroup[] }>().data;
    const foreign = await put(editor.client, '/content/footer/order/?menu=kids', {
      groups: [
        { id: about.id, link_ids: [story, faq] },
        { id: help.id, link_ids: [returns] },
        ...beautyGroups.map((g) => ({ id: g.id, link_ids: [] })),
      ],
    });
    if (beautyGroups.length) expect(foreign.statusCode).toBe(400);
    const missing = await put(editor.client, '/content/footer/order/?menu=kids', { groups: [{ id: about.id, link_ids: [story] }] });
    expect(missing.statusCode).toBe(400);
    expect(await footer()).toEqual([{ About: ['Our story', 'Questions'] }, { 'Customer care': ['Returns'] }]);

    // Deleting a group takes its links, each audited.
    expect((await editor.client.delete(`/content/footer-groups/${about.id}/`)).statusCode).toBe(200);
    expect(await footer()).toEqual([{ 'Customer care': ['Returns'] }]);
    expect(
      await ctx()
        .db.select()
        .from(footerLinks)
        .where(inArray(footerLinks.id, [story, faq])),
    ).toEqual([]);
    expect(await auditActions('footer_link', [faq])).toEqual(['footer_link.create', 'footer_link.update', 'footer_link.delete']);
    expect(await auditActions('footer_group', [about.id])).toEqual(['footer_group.create', 'footer_group.delete']);
    expect((await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'footer.reorder'))).length).toBe(1);
    expect((await editor.client.delete(`/content/footer-links/${returns}/`)).statusCode).toBe(200);
  });

  it('manages store locations and their order; checkout’s pickup list shows them at once, audited', async () => {
    const pickup = async () => (await app().inject('/api/v1/store-locations/')).json<{ data: StoreLocation[] }>().data.map((l) => l.name);
    const created = await editor.client.post('/content/store-locations/', locationInput('Gulshan store'));
    expect(created.statusCode, created.body).toBe(201);
    const gulshan = created.json<{ data: AdminStoreLocation }>().data;
    expect(gulshan).toMatchObject({ map_url: 'https://maps.google.com/?q=Dhanmondi', area: 'Dhanmondi' });
    const uttara = (await editor.client.post('/content/store-locations/', locationInput('Uttara store', { map_url: null }))).json<{
      data: AdminStoreLocation;
    }>().data;
    expect(await pickup()).toEqual(expect.arrayContaining(['Gulshan store', 'Uttara store']));

    const listed = (await editor.client.get('/content/store-locations/')).json<{ data: AdminStoreLocation[] }>().data;
    const ids = listed.map((l) => l.id);
    expect(ids.slice(-2)).toEqual([gulshan.id, uttara.id]);
    const reordered = await put(editor.client, '/content/store-locations/order/', {
      ids: [uttara.id, ...ids.filter((id) => id !== uttara.id)],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<{ data: AdminStoreLocation[] }>().data[0]!.id).toBe(uttara.id);
    // The storefront lists them in that order, with the map link where there is one.
    const storefront = (await app().inject('/api/v1/store-locations/')).json<{ data: StoreLocation[] }>().data;
    expect(storefront.map((l) => l.id)).toEqual(reordered.json<{ data: AdminStoreLocation[] }>().data.map((l) => l.id));
    expect(storefront[0]).toMatchObject({ name: 'Uttara store', map_url: null });
    expect(storefront.find((l) => l.id === gulshan.id)?.map_url).toBe('https://maps.google.com/?q=Dhanmondi');
    expect((await put(editor.client, '/content/store-locations/order/', { ids: [uttara.id] })).statusCode).toBe(400);
    expect((await put(editor.client, '/content/store-locations/order/', { ids: [...ids, 999999] })).statusCode).toBe(400);

    const edited = await editor.client.patch(`/content/store-locations/${gulshan.id}/`, { hours: 'Every day 11am–8pm' });
    expect(edited.json<{ data: AdminStoreLocation }>().data.hours).toBe('Every day 11am–8pm');

    const count = async () => (await ctx().db.select().from(storeLocations)).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [locationInput(''), 'name'],
      [locationInput('x', { address: '' }), 'address'],
      [locationInput('x', { phone: 'call us' }), 'phone'],
      [locationInput('x', { map_url: 'http://maps.example' }), 'map_url'],
      [locationInput('x', { hours: '' }), 'hours'],
      [locationInput('x', { city: undefined }), 'city'],
    ];
    for (const [payload, field] of cases) {
      const res = await editor.client.post('/content/store-locations/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), res.body).toContain(field);
    }
    const badPatch = await editor.client.patch(`/content/store-locations/${gulshan.id}/`, { map_url: 'maps', name: 'Renamed' });
    expect(errorOf(badPatch).fields).toEqual({ map_url: expect.any(String) });
    // An empty patch is refused, never a 500 from an UPDATE with nothing to set.
    for (const path of [`/content/store-locations/${gulshan.id}/`, `/content/menu-items/${(await menu('beauty'))[0]!.id}/`]) {
      const empty = await editor.client.patch(path, {});
      expect(empty.statusCode, empty.body).toBe(400);
      expect(errorOf(empty).fields).toEqual({ _: 'Send at least one field to change' });
    }
    expect(await count()).toBe(before);
    const [row] = await ctx().db.select().from(storeLocations).where(eq(storeLocations.id, gulshan.id));
    expect(row!.name).toBe('Gulshan store');

    expect((await editor.client.delete(`/content/store-locations/${gulshan.id}/`)).statusCode).toBe(200);
    expect(await pickup()).not.toContain('Gulshan store');
    expect(await auditActions('store_location', [gulshan.id])).toEqual([
      'store_location.create',
      'store_location.update',
      'store_location.delete',
    ]);
    expect((await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'store_location.reorder'))).length).toBe(1);
  });

  it('sets and clears the highlight message; the storefront shows it at once (placeholders filled), audited', async () => {
    expect((await storefrontNav()).highlight_message).toBeNull();
    const set = await put(editor.client, '/content/highlight/', { message: '  Free delivery this week! Call us {{service_hours}}  ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: AdminHighlight }>().data.message).toBe('Free delivery this week! Call us {{service_hours}}');
    const shown = (await storefrontNav()).highlight_message;
    expect(shown).toMatch(/^Free delivery this week! Call us /);
    expect(shown).not.toContain('{{');
    expect((await editor.client.get('/content/highlight/')).json<{ data: AdminHighlight }>().data.message).toContain('{{service_hours}}');

    const tooLong = await put(editor.client, '/content/highlight/', { message: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).fields).toEqual({ message: 'At most 200 characters' });
    expect((await storefrontNav()).highlight_message).toMatch(/^Free delivery/);

    expect((await put(editor.client, '/content/highlight/', { message: '' })).json<{ data: AdminHighlight }>().data.message).toBeNull();
    expect((await storefrontNav()).highlight_message).toBeNull();
    const [stored] = await ctx().db.select().from(settings).where(eq(settings.key, 'highlight'));
    expect(stored!.value).toEqual({ message: null });
    const entries = await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'highlight.update')).orderBy(auditLog.id);
    expect(entries.map((e) => e.changes.message)).toEqual([
      [null, 'Free delivery this week! Call us {{service_hours}}'],
      ['Free delivery this week! Call us {{service_hours}}', null],
    ]);
  });

  it('is for content.write: 401 without a staff token or with a customer’s, 403 for fulfilment and customer care', async () => {
    const customer = await newCustomer(app());
    const writes: [string, string, unknown][] = [
      ['POST', '/content/menu-items/', itemInput('No')],
      ['PUT', '/content/menus/order/?menu=beauty', { items: [] }],
      ['POST', '/content/footer-groups/', { menu: 'beauty', title: 'No' }],
      ['POST', '/content/store-locations/', locationInput('No')],
      ['PUT', '/content/highlight/', { message: 'No' }],
      ['GET', '/content/menus/?menu=beauty', undefined],
    ];
    const packer = await signedInStaff(app(), ctx().env, 'fulfilment');
    const care = await signedInStaff(app(), ctx().env, 'customer_care');
    for (const [method, url, payload] of writes) {
      const call = (authorization?: string) =>
        app().inject({
          method: method as 'GET',
          url: `/api/v1/admin${url}`,
          headers: authorization ? { authorization } : {},
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      for (const authorization of [undefined, `Token ${customer.token}`]) {
        const res = await call(authorization);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(errorOf(res).code).toBe('login_required');
      }
      for (const staff of [packer, care]) {
        const res = await call(`Token ${staff.client.token}`);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(errorOf(res).code).toBe('forbidden');
      }
    }
    expect(await ctx().db.select().from(navItems).where(eq(navItems.title, 'No'))).toEqual([]);
  });
});
