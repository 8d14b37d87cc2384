import { and, asc, eq, inArray, max } from 'drizzle-orm';
import {
  NAV_MAX_DEPTH,
  navItemHasLink,
  navMessages,
  type AdminFooterGroup,
  type AdminFooterGroupInput,
  type AdminFooterGroupPatch,
  type AdminFooterLink,
  type AdminFooterLinkInput,
  type AdminFooterLinkPatch,
  type AdminFooterOrder,
  type AdminHighlight,
  type AdminIdOrder,
  type AdminNavItem,
  type AdminNavItemInput,
  type AdminNavItemPatch,
  type AdminNavOrder,
  type AdminStoreLocation,
  type AdminStoreLocationInput,
  type AdminStoreLocationPatch,
  type NavItemType,
  type NavMenu,
  type PromoteInput,
} from '@store/shared/admin-navigation';
import * as messages from '@store/shared/messages';
import type { RequestCtx } from '../../lib/context.js';
import { writeContent } from '../../lib/content-changes.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { getCardsByHandle } from '../catalog/index.js';
import { recordAudit } from '../staff/index.js';
import { footerGroups, footerLinks, navItems, settings, storeLocations, type StoredPromote } from './content.tables.js';
import { shownBangla, storedBangla } from '../../lib/in-locale.js';

/*
 * The back office's menus, footer, store locations and highlight message (issue 16 item 5). Every
 * write is one transaction with its audit rows; a refusal (400 with the field it names) rolls it all
 * back; after the commit contentChanged() makes the storefront's caches and the page cache forget,
 * so the next request shows the change. The storefront reads these tables in content.service.ts.
 */

const refuse = (fields: Record<string, string>) => badRequest(messages.badRequest(), fields);

// Menus

type NavRow = typeof navItems.$inferSelect;

const toPromoteInput = (p: StoredPromote): PromoteInput =>
  p.type === 'product'
    ? { type: 'product', headline: p.headline, product_handles: p.productHandles }
    : { type: 'promote_page_for_menu', title: p.title, page: p.page, image: p.image, open_in_new_tab: p.open_in_new_tab };

const toStoredPromote = (p: PromoteInput): StoredPromote =>
  p.type === 'product'
    ? { type: 'product', headline: p.headline, productHandles: p.product_handles }
    : { type: 'promote_page_for_menu', title: p.title, page: p.page, image: p.image, open_in_new_tab: p.open_in_new_tab };

function navFields(row: NavRow): Omit<AdminNavItem, 'children'> {
  return {
    id: row.id,
    menu: row.menu as NavMenu,
    parent_id: row.parentId,
    position: row.position,
    title: row.title,
    title_bn: shownBangla(row.titleBn),
    relative_url: row.relativeUrl,
    external_url: row.externalUrl,
    redirect_url: row.redirectUrl,
    page: row.page,
    menu_color: row.menuColor,
    menu_link_icon: row.menuLinkIcon,
    disable_url: row.disableUrl,
    type: row.type as NavItemType,
    visible_only_to_logged_in_users: row.visibleOnlyToLoggedInUsers,
    open_in_new_tab: row.openInNewTab,
    products_headline: row.productsHeadline,
    promote: row.promote.map(toPromoteInput),
  };
}

function navTree(rows: NavRow[]): AdminNavItem[] {
  const sorted = [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
  const build = (parentId: number | null): AdminNavItem[] =>
    sorted.filter((r) => r.parentId === parentId).map((r) => ({ ...navFields(r), children: build(r.id) }));
  return build(null);
}

const menuRows = (ctx: RequestCtx, menu: NavMenu, lock = false) => {
  const query = ctx.db.select().from(navItems).where(eq(navItems.menu, menu)).orderBy(asc(navItems.position), asc(navItems.id));
  return lock ? query.for('update') : query;
};

/** A menu as a tree, each level in its order. */
export async function getAdminMenu(ctx: RequestCtx, menu: NavMenu): Promise<AdminNavItem[]> {
  return navTree(await menuRows(ctx, menu));
}

/** 1 for a top-level item, 2 under it… */
function depthOf(byId: Map<number, { parentId: number | null }>, id: number): number {
  let depth = 1;
  let parent = byId.get(id)?.parentId ?? null;
  while (parent !== null && depth <= byId.size) {
    depth += 1;
    parent = byId.get(parent)?.parentId ?? null;
  }
  return depth;
}

/** Product handles of the promote entries that no product has: refused with the entry's field. */
async function checkPromote(ctx: RequestCtx, promote: PromoteInput[] | undefined): Promise<void> {
  if (!promote?.length) return;
  const handles = [...new Set(promote.flatMap((p) => (p.type === 'product' ? p.product_handles : [])))];
  if (!handles.length) return;
  const known = new Set((await getCardsByHandle(ctx, handles)).map((c) => c.handle));
  const fields: Record<string, string> = {};
  promote.forEach((p, i) => {
    if (p.type !== 'product') return;
    p.product_handles.forEach((h, j) => {
      if (!known.has(h)) fields[`promote.${i}.product_handles.${j}`] = `${navMessages.unknownProduct}: ${h}`;
    });
  });
  if (Object.keys(fields).length) throw refuse(fields);
}

function navValues(input: AdminNavItemPatch) {
  return {
    title: input.title,
    titleBn: storedBangla(input.title_bn),
    relativeUrl: input.relative_url,
    externalUrl: input.external_url,
    redirectUrl: input.redirect_url,
    page: input.page,
    menuColor: input.menu_color,
    menuLinkIcon: input.menu_link_icon,
    disableUrl: input.disable_url,
    type: input.type,
    visibleOnlyToLoggedInUsers: input.visible_only_to_logged_in_users,
    openInNewTab: input.open_in_new_tab,
    productsHeadline: input.products_headline,
    promote: input.promote?.map(toStoredPromote),
  };
}

const navAudit = (row: NavRow) => navFields(row);

export async function createNavItem(ctx: RequestCtx, input: AdminNavItemInput): Promise<AdminNavItem> {
  await checkPromote(ctx, input.promote);
  return writeContent(ctx, async (tx) => {
    const rows = await menuRows(tx, input.menu, true);
    if (input.parent_id !== null) {
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (!byId.has(input.parent_id)) throw refuse({ parent_id: navMessages.unknownId });
      if (depthOf(byId, input.parent_id) + 1 > NAV_MAX_DEPTH) throw refuse({ parent_id: navMessages.tooDeep });
    }
    const siblings = rows.filter((r) => r.parentId === input.parent_id);
    const position = siblings.length ? Math.max(...siblings.map((r) => r.position)) + 1 : 0;
    const [row] = await tx.db
      .insert(navItems)
      .values({ ...navValues(input), title: input.title, menu: input.menu, parentId: input.parent_id, position })
      .returning();
    await recordAudit(tx, { action: 'menu_item.create', entity: 'menu_item', entityId: row!.id, before: null, after: navAudit(row!) });
    return { ...navFields(row!), children: [] };
  });
}

async function findNavItem(ctx: RequestCtx, id: number): Promise<NavRow> {
  const [row] = await ctx.db.select().from(navItems).where(eq(navItems.id, id)).for('update');
  if (!row) throw notFound('Menu item not found');
  return row;
}

export async function updateNavItem(ctx: RequestCtx, id: number, patch: AdminNavItemPatch): Promise<AdminNavItem> {
  await checkPromote(ctx, patch.promote);
  return writeContent(ctx, async (tx) => {
    const before = await findNavItem(tx, id);
    const merged = { ...navFields(before), ...patch };
    if (!navItemHasLink(merged)) throw refuse({ relative_url: navMessages.needsLink });
    const [row] = await tx.db.update(navItems).set(navValues(patch)).where(eq(navItems.id, id)).returning();
    await recordAudit(tx, {
      action: 'menu_item.update',
      entity: 'menu_item',
      entityId: id,
      before: navAudit(before),
      after: navAudit(row!),
    });
    const rows = await menuRows(tx, row!.menu as NavMenu);
    const found = findInTree(navTree(rows), id);
    return found ?? { ...navFields(row!), children: [] };
  });
}

function findInTree(items: AdminNavItem[], id: number): AdminNavItem | null {
  for (const item of items) {
    if (item.id === id) return item;
    const inner = findInTree(item.children, id);
    if (inner) return inner;
  }
  return null;
}

/** Deletes an item and everything under it; each deleted item has its audit row. Answers the ids deleted. */
export async function deleteNavItem(ctx: RequestCtx, id: number): Promise<number[]> {
  return writeContent(ctx, async (tx) => {
    const item = await findNavItem(tx, id);
    const rows = await menuRows(tx, item.menu as NavMenu, true);
    const doomed: NavRow[] = [];
    const collect = (row: NavRow) => {
      doomed.push(row);
      for (const child of rows.filter((r) => r.parentId === row.id)) collect(child);
    };
    collect(rows.find((r) => r.id === id) ?? item);
    const ids = doomed.map((r) => r.id);
    await tx.db.delete(navItems).where(inArray(navItems.id, ids));
    for (const row of doomed) {
      await recordAudit(tx, { action: 'menu_item.delete', entity: 'menu_item', entityId: row.id, before: navAudit(row), after: null });
    }
    return ids;
  });
}

/**
 * PUT order: the whole menu's places at once. Every item of the menu must be listed exactly once,
 * with a parent from the same menu (or none), no item under itself, three levels at most; siblings
 * take the order of their positions. One audit row for the menu, the moved items only.
 */
export async function reorderMenu(ctx: RequestCtx, menu: NavMenu, order: AdminNavOrder): Promise<AdminNavItem[]> {
  return writeContent(ctx, async (tx) => {
    const rows = await menuRows(tx, menu, true);
    const stored = new Map(rows.map((r) => [r.id, r]));
    const fields: Record<string, string> = {};
    const seen = new Set<number>();
    order.items.forEach((item, i) => {
      if (!stored.has(item.id)) fields[`items.${i}.id`] = navMessages.unknownId;
      else if (seen.has(item.id)) fields[`items.${i}.id`] = 'Listed twice';
      seen.add(item.id);
      if (item.parent_id !== null && !stored.has(item.parent_id)) fields[`items.${i}.parent_id`] = navMessages.unknownId;
    });
    if (Object.keys(fields).length) throw refuse(fields);
    if (seen.size !== stored.size) throw refuse({ items: 'List every item of the menu (the menu changed: reload it)' });

    const next = new Map(order.items.map((item) => [item.id, { parentId: item.parent_id }]));
    order.items.forEach((item, i) => {
      // Walking up from the item must end at the top without meeting the item again.
      let parent = item.parent_id;
      for (let steps = 0; parent !== null; steps += 1) {
        if (parent === item.id || steps > next.size) {
          fields[`items.${i}.parent_id`] = navMessages.cycle;
          break;
        }
        parent = next.get(parent)?.parentId ?? null;
      }
    });
    if (Object.keys(fields).length) throw refuse(fields);
    order.items.forEach((item, i) => {
      if (depthOf(next, item.id) > NAV_MAX_DEPTH) fields[`items.${i}.parent_id`] = navMessages.tooDeep;
    });
    if (Object.keys(fields).length) throw refuse(fields);

    // Siblings numbered 0, 1, 2… in the order asked (ties keep the order of the list).
    const places = new Map<number, { parentId: number | null; position: number }>();
    const byParent = new Map<number | null, { id: number; position: number; index: number }[]>();
    order.items.forEach((item, index) => {
      const list = byParent.get(item.parent_id) ?? [];
      list.push({ id: item.id, position: item.position, index });
      byParent.set(item.parent_id, list);
    });
    for (const [parentId, list] of byParent) {
      list.sort((a, b) => a.position - b.position || a.index - b.index);
      list.forEach((entry, position) => places.set(entry.id, { parentId, position }));
    }

    const before: Record<string, { parent_id: number | null; position: number }> = {};
    const after: Record<string, { parent_id: number | null; position: number }> = {};
    for (const [id, place] of places) {
      const row = stored.get(id)!;
      if (row.parentId === place.parentId && row.position === place.position) continue;
      before[id] = { parent_id: row.parentId, position: row.position };
      after[id] = { parent_id: place.parentId, position: place.position };
      await tx.db.update(navItems).set({ parentId: place.parentId, position: place.position }).where(eq(navItems.id, id));
    }
    if (Object.keys(after).length) await recordAudit(tx, { action: 'menu.reorder', entity: 'menu', entityId: menu, before, after });
    return navTree(await menuRows(tx, menu));
  });
}

// Footer

type FooterGroupRow = typeof footerGroups.$inferSelect;
type FooterLinkRow = typeof footerLinks.$inferSelect;

const toFooterLink = (l: FooterLinkRow): AdminFooterLink => ({
  id: l.id,
  group_id: l.groupId,
  title: l.title,
  title_bn: shownBangla(l.titleBn),
  relative_url: l.relativeUrl,
  menu_icon: l.menuIcon,
  position: l.position,
});
const groupFields = (g: FooterGroupRow) => ({
  id: g.id,
  menu: g.menu as NavMenu,
  title: g.title,
  title_bn: shownBangla(g.titleBn),
  position: g.position,
});

/** A menu's footer: its groups in order, each with its links in order. */
export async function getAdminFooter(ctx: RequestCtx, menu: NavMenu): Promise<AdminFooterGroup[]> {
  const groups = await ctx.db
    .select()
    .from(footerGroups)
    .where(eq(footerGroups.menu, menu))
    .orderBy(asc(footerGroups.position), asc(footerGroups.id));
  const links = groups.length
    ? await ctx.db
        .select()
        .from(footerLinks)
        .where(
          inArray(
            footerLinks.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(footerLinks.position), asc(footerLinks.id))
    : [];
  return groups.map((g) => ({ ...groupFields(g), links: links.filter((l) => l.groupId === g.id).map(toFooterLink) }));
}

async function findGroup(ctx: RequestCtx, id: number): Promise<FooterGroupRow> {
  const [row] = await ctx.db.select().from(footerGroups).where(eq(footerGroups.id, id)).for('update');
  if (!row) throw notFound('Footer group not found');
  return row;
}

async function findLink(ctx: RequestCtx, id: number): Promise<FooterLinkRow> {
  const [row] = await ctx.db.select().from(footerLinks).where(eq(footerLinks.id, id)).for('update');
  if (!row) throw notFound('Footer link not found');
  return row;
}

export async function createFooterGroup(ctx: RequestCtx, input: AdminFooterGroupInput): Promise<AdminFooterGroup> {
  return writeContent(ctx, async (tx) => {
    const [last] = await tx.db
      .select({ position: max(footerGroups.position) })
      .from(footerGroups)
      .where(eq(footerGroups.menu, input.menu));
    const position = last?.position == null ? 0 : last.position + 1;
    const [row] = await tx.db
      .insert(footerGroups)
      .values({ menu: input.menu, title: input.title, titleBn: storedBangla(input.title_bn), position })
      .returning();
    await recordAudit(tx, { action: 'footer_group.create', entity: 'footer_group', entityId: row!.id, after: groupFields(row!) });
    return { ...groupFields(row!), links: [] };
  });
}

export async function updateFooterGroup(ctx: RequestCtx, id: number, patch: AdminFooterGroupPatch): Promise<AdminFooterGroup> {
  return writeContent(ctx, async (tx) => {
    const before = await findGroup(tx, id);
    const [row] = await tx.db
      .update(footerGroups)
      .set({ title: patch.title, titleBn: storedBangla(patch.title_bn) })
      .where(eq(footerGroups.id, id))
      .returning();
    await recordAudit(tx, {
      action: 'footer_group.update',
      entity: 'footer_group',
      entityId: id,
      before: groupFields(before),
      after: groupFields(row!),
    });
    const links = await tx.db
      .select()
      .from(footerLinks)
      .where(eq(footerLinks.groupId, id))
      .orderBy(asc(footerLinks.position), asc(footerLinks.id));
    return { ...groupFields(row!), links: links.map(toFooterLink) };
  });
}

/** Deletes a group with its links (each audited). */
export async function deleteFooterGroup(ctx: RequestCtx, id: number): Promise<void> {
  await writeContent(ctx, async (tx) => {
    const before = await findGroup(tx, id);
    const links = await tx.db.select().from(footerLinks).where(eq(footerLinks.groupId, id)).for('update');
    await tx.db.delete(footerGroups).where(eq(footerGroups.id, id));
    for (const link of links) {
      await recordAudit(tx, { action: 'footer_link.delete', entity: 'footer_link', entityId: link.id, before: toFooterLink(link) });
    }
    await recordAudit(tx, { action: 'footer_group.delete', entity: 'footer_group', entityId: id, before: groupFields(before) });
  });
}

export async function createFooterLink(ctx: RequestCtx, input: AdminFooterLinkInput): Promise<AdminFooterLink> {
  return writeContent(ctx, async (tx) => {
    const [group] = await tx.db.select().from(footerGroups).where(eq(footerGroups.id, input.group_id)).for('update');
    if (!group) throw refuse({ group_id: 'This footer group does not exist' });
    const [last] = await tx.db
      .select({ position: max(footerLinks.position) })
      .from(footerLinks)
      .where(eq(footerLinks.groupId, group.id));
    const position = last?.position == null ? 0 : last.position + 1;
    const [row] = await tx.db
      .insert(footerLinks)
      .values({
        groupId: group.id,
        title: input.title,
        titleBn: storedBangla(input.title_bn),
        relativeUrl: input.relative_url,
        menuIcon: input.menu_icon,
        position,
      })
      .returning();
    await recordAudit(tx, { action: 'footer_link.create', entity: 'footer_link', entityId: row!.id, after: toFooterLink(row!) });
    return toFooterLink(row!);
  });
}

export async function updateFooterLink(ctx: RequestCtx, id: number, patch: AdminFooterLinkPatch): Promise<AdminFooterLink> {
  return writeContent(ctx, async (tx) => {
    const before = await findLink(tx, id);
    const [row] = await tx.db
      .update(footerLinks)
      .set({ title: patch.title, titleBn: storedBangla(patch.title_bn), relativeUrl: patch.relative_url, menuIcon: patch.menu_icon })
      .where(eq(footerLinks.id, id))
      .returning();
    await recordAudit(tx, {
      action: 'footer_link.update',
      entity: 'footer_link',
      entityId: id,
      before: toFooterLink(before),
      after: toFooterLink(row!),
    });
    return toFooterLink(row!);
  });
}

export async function deleteFooterLink(ctx: RequestCtx, id: number): Promise<void> {
  await writeContent(ctx, async (tx) => {
    const before = await findLink(tx, id);
    await tx.db.delete(footerLinks).where(eq(footerLinks.id, id));
    await recordAudit(tx, { action: 'footer_link.delete', entity: 'footer_link', entityId: id, before: toFooterLink(before) });
  });
}

/**
 * PUT footer order: the menu's groups in their new order, each with its links in order. Every group
 * of the menu and every link of those groups must be listed once; a link may move to another group.
 */
export async function reorderFooter(ctx: RequestCtx, menu: NavMenu, order: AdminFooterOrder): Promise<AdminFooterGroup[]> {
  return writeContent(ctx, async (tx) => {
    const groups = await tx.db.select().from(footerGroups).where(eq(footerGroups.menu, menu)).for('update');
    const groupIds = new Set(groups.map((g) => g.id));
    const links = groups.length
      ? await tx.db
          .select()
          .from(footerLinks)
          .where(inArray(footerLinks.groupId, [...groupIds]))
          .for('update')
      : [];
    const linkById = new Map(links.map((l) => [l.id, l]));
    const fields: Record<string, string> = {};
    const seenGroups = new Set<number>();
    const seenLinks = new Set<number>();
    order.groups.forEach((group, i) => {
      if (!groupIds.has(group.id) || seenGroups.has(group.id)) fields[`groups.${i}.id`] = 'Not a footer group of this menu';
      seenGroups.add(group.id);
      group.link_ids.forEach((id, j) => {
        if (!linkById.has(id) || seenLinks.has(id)) fields[`groups.${i}.link_ids.${j}`] = 'Not a footer link of this menu';
        seenLinks.add(id);
      });
    });
    if (Object.keys(fields).length) throw refuse(fields);
    if (seenGroups.size !== groups.length || seenLinks.size !== links.length) {
      throw refuse({ groups: 'List every group and link of the footer (it changed: reload it)' });
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [position, group] of order.groups.entries()) {
      const row = groups.find((g) => g.id === group.id)!;
      if (row.position !== position) {
        before[`group ${row.id}`] = { position: row.position };
        after[`group ${row.id}`] = { position };
        await tx.db.update(footerGroups).set({ position }).where(eq(footerGroups.id, row.id));
      }
      for (const [linkPosition, linkId] of group.link_ids.entries()) {
        const link = linkById.get(linkId)!;
        if (link.groupId === group.id && link.position === linkPosition) continue;
        before[`link ${link.id}`] = { group_id: link.groupId, position: link.position };
        after[`link ${link.id}`] = { group_id: group.id, position: linkPosition };
        await tx.db.update(footerLinks).set({ groupId: group.id, position: linkPosition }).where(eq(footerLinks.id, link.id));
      }
    }
    if (Object.keys(after).length) await recordAudit(tx, { action: 'footer.reorder', entity: 'footer', entityId: menu, before, after });
    return getAdminFooter(tx, menu);
  });
}

// Store locations

type LocationRow = typeof storeLocations.$inferSelect;

const toLocation = (r: LocationRow): AdminStoreLocation => ({
  id: r.id,
  name: r.name,
  address: r.address,
  area: r.area,
  city: r.city,
  phone: r.phone,
  hours: r.hours,
  map_url: r.mapUrl,
  position: r.position,
});

export async function listAdminStoreLocations(ctx: RequestCtx): Promise<AdminStoreLocation[]> {
  const rows = await ctx.db.select().from(storeLocations).orderBy(asc(storeLocations.position), asc(storeLocations.id));
  return rows.map(toLocation);
}

async function findLocation(ctx: RequestCtx, id: number): Promise<LocationRow> {
  const [row] = await ctx.db.select().from(storeLocations).where(eq(storeLocations.id, id)).for('update');
  if (!row) throw notFound('Store location not found');
  return row;
}

const locationValues = (input: AdminStoreLocationPatch) => ({
  name: input.name,
  address: input.address,
  area: input.area,
  city: input.city,
  phone: input.phone,
  hours: input.hours,
  mapUrl: input.map_url,
});

export async function createStoreLocation(ctx: RequestCtx, input: AdminStoreLocationInput): Promise<AdminStoreLocation> {
  return writeContent(ctx, async (tx) => {
    const [last] = await tx.db.select({ position: max(storeLocations.position) }).from(storeLocations);
    const position = last?.position == null ? 0 : last.position + 1;
    const [row] = await tx.db
      .insert(storeLocations)
      .values({ ...input, mapUrl: input.map_url, position })
      .returning();
    await recordAudit(tx, { action: 'store_location.create', entity: 'store_location', entityId: row!.id, after: toLocation(row!) });
    return toLocation(row!);
  });
}

export async function updateStoreLocation(ctx: RequestCtx, id: number, patch: AdminStoreLocationPatch): Promise<AdminStoreLocation> {
  return writeContent(ctx, async (tx) => {
    const before = await findLocation(tx, id);
    const [row] = await tx.db.update(storeLocations).set(locationValues(patch)).where(eq(storeLocations.id, id)).returning();
    await recordAudit(tx, {
      action: 'store_location.update',
      entity: 'store_location',
      entityId: id,
      before: toLocation(before),
      after: toLocation(row!),
    });
    return toLocation(row!);
  });
}

export async function deleteStoreLocation(ctx: RequestCtx, id: number): Promise<void> {
  await writeContent(ctx, async (tx) => {
    const before = await findLocation(tx, id);
    await tx.db.delete(storeLocations).where(eq(storeLocations.id, id));
    await recordAudit(tx, { action: 'store_location.delete', entity: 'store_location', entityId: id, before: toLocation(before) });
  });
}

/** PUT order: every location's id once, in the new order. */
export async function reorderStoreLocations(ctx: RequestCtx, order: AdminIdOrder): Promise<AdminStoreLocation[]> {
  return writeContent(ctx, async (tx) => {
    const rows = await tx.db.select().from(storeLocations).for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const fields: Record<string, string> = {};
    const seen = new Set<number>();
    order.ids.forEach((id, i) => {
      if (!byId.has(id) || seen.has(id)) fields[`ids.${i}`] = 'Not a store location, or listed twice';
      seen.add(id);
    });
    if (Object.keys(fields).length) throw refuse(fields);
    if (seen.size !== rows.length) throw refuse({ ids: 'List every store location (the list changed: reload it)' });
    const before: Record<string, number> = {};
    const after: Record<string, number> = {};
    for (const [position, id] of order.ids.entries()) {
      const row = byId.get(id)!;
      if (row.position === position) continue;
      before[id] = row.position;
      after[id] = position;
      await tx.db.update(storeLocations).set({ position }).where(eq(storeLocations.id, id));
    }
    if (Object.keys(after).length) {
      await recordAudit(tx, { action: 'store_location.reorder', entity: 'store_location', entityId: null, before, after });
    }
    return (await tx.db.select().from(storeLocations).orderBy(asc(storeLocations.position), asc(storeLocations.id))).map(toLocation);
  });
}

// Highlight message

const HIGHLIGHT_KEY = 'highlight';

/** The message as stored (placeholders such as {{service_hours}} unfilled); null: none. */
export async function getHighlight(ctx: RequestCtx): Promise<AdminHighlight> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, HIGHLIGHT_KEY));
  const message = (row?.value as { message?: unknown } | undefined)?.message;
  return { message: typeof message === 'string' && message.trim() !== '' ? message : null };
}

/** PUT: the new message, or empty / null for none. */
export async function putHighlight(ctx: RequestCtx, input: AdminHighlight): Promise<AdminHighlight> {
  const message = input.message && input.message.trim() !== '' ? input.message.trim() : null;
  return writeContent(ctx, async (tx) => {
    await tx.db
      .insert(settings)
      .values({ key: HIGHLIGHT_KEY, value: { message: null } })
      .onConflictDoNothing();
    const [row] = await tx.db.select().from(settings).where(eq(settings.key, HIGHLIGHT_KEY)).for('update');
    const stored = (row?.value as { message?: unknown } | undefined)?.message;
    const before = { message: typeof stored === 'string' && stored.trim() !== '' ? stored : null };
    await tx.db
      .update(settings)
      .set({ value: { ...(row?.value as object), message }, updatedAt: tx.clock.now() })
      .where(and(eq(settings.key, HIGHLIGHT_KEY)));
    await recordAudit(tx, { action: 'highlight.update', entity: 'settings', entityId: HIGHLIGHT_KEY, before, after: { message } });
    return { message };
  });
}
