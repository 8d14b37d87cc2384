import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { AdminBrand } from '@store/shared/admin-catalog-brands';
import type { ApiErrorBody } from '@store/shared/api';
import type { BrandSummary } from '@store/shared/catalog';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { pages } from '../content/content.tables.js';
import { auditLog } from '../staff/staff.tables.js';
import { brands } from './catalog.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

const brandInput = (name: string, handle: string, overrides: Record<string, unknown> = {}) => ({
  name,
  handle,
  description: 'Skin care from Seoul',
  department: '',
  luxury: false,
  page_handle: null,
  ...overrides,
});

describeOnDatabases('admin catalog: brands', (ctx) => {
  const app = () => ctx().app;
  let editor: StaffClient;
  const storefrontBrands = async () => (await app().inject('/api/v1/brands/')).json<{ data: BrandSummary[] }>().data.map((b) => b.handle);

  beforeAll(async () => {
    await createTestCatalog(ctx().db, 'ba');
    await ctx()
      .db.insert(pages)
      .values({ handle: 'about-cosrx', title: 'About COSRX', bodyHtml: '<p>Hi</p>', status: 'published', publishedAt: new Date(0) });
  });
  beforeEach(async () => {
    editor = (await signedInStaff(app(), ctx().env, 'catalog_editor')).client;
  });

  it('creates a brand with its brand page: on the storefront at once, audited', async () => {
    expect(await storefrontBrands()).not.toContain('cosrx');
    const res = await editor.post('/catalog/brands/', brandInput('COSRX', 'COSRX', { page_handle: 'about-cosrx', luxury: true }));
    expect(res.statusCode).toBe(201);
    const brand = res.json<{ data: AdminBrand }>().data;
    // The handle is kept in lowercase, like the content addresses.
    expect(brand).toMatchObject({ handle: 'cosrx', name: 'COSRX', luxury: true, page_handle: 'about-cosrx', product_count: 0 });
    expect(await storefrontBrands()).toContain('cosrx');
    const one = (await app().inject('/api/v1/brands/cosrx/')).json<{ data: BrandSummary }>().data;
    expect(one.page_handle).toBe('about-cosrx');

    const [entry] = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'brand'), eq(auditLog.entityId, String(brand.id))));
    expect(entry).toMatchObject({ action: 'brand.create' });
    expect(entry!.changes).toMatchObject({ name: [null, 'COSRX'], page_handle: [null, 'about-cosrx'] });

    const listed = (await editor.get('/catalog/brands/?q=cos')).json<{ data: AdminBrand[] }>().data;
    expect(listed.map((b) => b.handle)).toEqual(['cosrx']);
    const options = (await editor.get('/catalog/brands/page-options/')).json<{ data: { handle: string }[] }>().data;
    expect(options.map((p) => p.handle)).toContain('about-cosrx');
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const before = await ctx().db.select().from(brands);
    const cases: [Record<string, unknown>, string][] = [
      [brandInput('Bad\u0000name', 'bad-nul'), 'name'],
      [brandInput('x'.repeat(100_000), 'bad-long'), 'name'],
      [brandInput('Bad handle', 'Bad Handle!'), 'handle'],
      [brandInput('Bad page', 'bad-page', { page_handle: 'no-such-page' }), 'page_handle'],
      [brandInput('Bad dept', 'bad-dept', { department: 'cars' }), 'department'],
      [brandInput('Bad luxury', 'bad-lux', { luxury: 'yes' }), 'luxury'],
      [brandInput('Test Lab again', 'ba-brand'), 'handle'],
    ];
    for (const [body, field] of cases) {
      const res = await editor.post('/catalog/brands/', body);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).fields?.[field], field).toBeTruthy();
    }
    expect(errorOf(await editor.post('/catalog/brands/', brandInput('Taken', 'ba-brand'))).fields?.handle).toBe(
      'Another brand already uses this address',
    );
    expect(await ctx().db.select().from(brands)).toEqual(before);
  });

  it('edits a brand, refuses an edit from an older copy, and refuses a handle another brand has', async () => {
    const brand = (await editor.post('/catalog/brands/', brandInput('Anua', 'anua'))).json<{ data: AdminBrand }>().data;
    const first = await editor.patch(`/catalog/brands/${brand.id}/`, { description: 'Heartleaf', updated_at: brand.updated_at });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ data: AdminBrand }>().data.description).toBe('Heartleaf');
    const stale = await editor.patch(`/catalog/brands/${brand.id}/`, { description: 'Older copy', updated_at: brand.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('edit_conflict');
    expect(errorOf(await editor.patch(`/catalog/brands/${brand.id}/`, { handle: 'ba-brand' })).fields?.handle).toBeTruthy();
    const [row] = await ctx().db.select().from(brands).where(eq(brands.id, brand.id));
    expect(row).toMatchObject({ handle: 'anua', description: 'Heartleaf' });
  });

  it('refuses to delete a brand with products, and deletes one without, audited', async () => {
    const [withProducts] = await ctx().db.select().from(brands).where(eq(brands.handle, 'ba-brand'));
    const refused = await editor.delete(`/catalog/brands/${withProducts!.id}/`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe('This brand has 4 products. Move them to another brand first, then delete it.');
    expect(await ctx().db.select().from(brands).where(eq(brands.id, withProducts!.id))).toHaveLength(1);

    const empty = (await editor.post('/catalog/brands/', brandInput('Gone soon', 'gone-soon'))).json<{ data: AdminBrand }>().data;
    expect(await storefrontBrands()).toContain('gone-soon');
    expect((await editor.delete(`/catalog/brands/${empty.id}/`)).statusCode).toBe(200);
    expect(await storefrontBrands()).not.toContain('gone-soon');
    const entries = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'brand'), eq(auditLog.entityId, String(empty.id))));
    expect(entries.map((e) => e.action).sort()).toEqual(['brand.create', 'brand.delete']);
  });

  it('is for catalog staff only', async () => {
    const content = (await signedInStaff(app(), ctx().env, 'content_editor')).client;
    expect((await content.get('/catalog/brands/')).statusCode).toBe(403);
    expect((await content.post('/catalog/brands/', brandInput('Nope', 'nope'))).statusCode).toBe(403);
    expect(await storefrontBrands()).not.toContain('nope');
  });
});
