import { asc, eq } from 'drizzle-orm';
import { DEPARTMENT_KEYS, type DepartmentKey } from '@store/shared/constants';
import {
  contentMessages,
  endsAfterStartMessage,
  type AdminBanner,
  type AdminBannerInput,
  type AdminBannerPatch,
} from '@store/shared/admin-content';
import * as messages from '@store/shared/messages';
import type { RequestCtx } from '../../lib/context.js';
import { writeContent } from '../../lib/content-changes.js';
import { assertUnchangedSince, nextStamp } from '../../lib/edit-conflict.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { departmentId } from '../catalog/index.js';
import { recordAudit } from '../staff/index.js';
import { banners } from './content.tables.js';
import { shownBangla, storedBangla } from '../../lib/in-locale.js';

/**
 * Banners and sliders per department (issue 16 item 5): placement, device, audience, a start and
 * an end, and their order. The storefront's home answer is cached; it keeps each banner's window
 * and filters by the time of each request (content.service.ts), so a banner appears and leaves on
 * time whatever the cache holds.
 */

type BannerRow = typeof banners.$inferSelect;

/** Whether a banner shows at `now`: inside its window (an open side has no limit). */
export function bannerInWindow(row: { startsAt: Date | null; endsAt: Date | null }, now: Date): boolean {
  const t = now.getTime();
  return (row.startsAt === null || row.startsAt.getTime() <= t) && (row.endsAt === null || row.endsAt.getTime() > t);
}

function bannerState(row: BannerRow, now: Date): AdminBanner['state'] {
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return 'scheduled';
  return bannerInWindow(row, now) ? 'live' : 'ended';
}

/** The departments by key and by id: the API speaks keys, the table holds ids. */
async function departments(ctx: RequestCtx): Promise<{ idOf: Map<DepartmentKey, number>; keyOf: Map<number, DepartmentKey> }> {
  const ids = await Promise.all(DEPARTMENT_KEYS.map((key) => departmentId(ctx, key)));
  const idOf = new Map<DepartmentKey, number>();
  const keyOf = new Map<number, DepartmentKey>();
  DEPARTMENT_KEYS.forEach((key, i) => {
    const id = ids[i];
    if (id == null) return;
    idOf.set(key, id);
    keyOf.set(id, key);
  });
  return { idOf, keyOf };
}

function toAdminBanner(row: BannerRow, keyOf: Map<number, DepartmentKey>, now: Date): AdminBanner {
  return {
    id: row.id,
    department: keyOf.get(row.departmentId) ?? '',
    placement: row.placement,
    title: row.title,
    subtitle: row.subtitle,
    title_bn: shownBangla(row.titleBn),
    subtitle_bn: shownBangla(row.subtitleBn),
    link_url: row.linkUrl,
    image: row.image,
    audience: row.audience as AdminBanner['audience'],
    device: row.device,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    position: row.position,
    state: bannerState(row, now),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log compares (the picture by its file). */
const bannerAudit = (row: BannerRow, keyOf: Map<number, DepartmentKey>) => {
  const { state: _state, updated_at: _updatedAt, image, ...fields } = toAdminBanner(row, keyOf, new Date(0));
  return { ...fields, image: image.original };
};

function departmentIdOf(idOf: Map<DepartmentKey, number>, key: DepartmentKey): number {
  const id = idOf.get(key);
  if (id === undefined) throw badRequest(messages.badRequest(), { department: 'This department does not exist yet' });
  return id;
}

const toDate = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

/** Every banner of a department (or of all), by placement and order. */
export async function listAdminBanners(ctx: RequestCtx, department?: DepartmentKey): Promise<AdminBanner[]> {
  const { idOf, keyOf } = await departments(ctx);
  const query = ctx.db.select().from(banners);
  const id = department === undefined ? undefined : idOf.get(department);
  if (department !== undefined && id === undefined) return [];
  const rows = await (id === undefined ? query : query.where(eq(banners.departmentId, id))).orderBy(
    asc(banners.departmentId),
    asc(banners.placement),
    asc(banners.position),
    asc(banners.id),
  );
  const now = ctx.clock.now();
  return rows.map((row) => toAdminBanner(row, keyOf, now));
}

export async function createBanner(ctx: RequestCtx, input: AdminBannerInput): Promise<AdminBanner> {
  const { idOf, keyOf } = await departments(ctx);
  return writeContent(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(banners)
      .values({
        departmentId: departmentIdOf(idOf, input.department),
        placement: input.placement,
        title: input.title,
        subtitle: input.subtitle,
        titleBn: storedBangla(input.title_bn),
        subtitleBn: storedBangla(input.subtitle_bn),
        linkUrl: input.link_url,
        image: input.image,
        audience: input.audience,
        device: input.device,
        startsAt: toDate(input.starts_at),
        endsAt: toDate(input.ends_at),
        position: input.position,
      })
      .returning();
    await recordAudit(tx, { action: 'banner.create', entity: 'banner', entityId: row!.id, before: null, after: bannerAudit(row!, keyOf) });
    return toAdminBanner(row!, keyOf, tx.clock.now());
  });
}

async function findBanner(ctx: RequestCtx, id: number): Promise<BannerRow> {
  const [row] = await ctx.db.select().from(banners).where(eq(banners.id, id)).for('update');
  if (!row) throw notFound('Banner not found');
  return row;
}

export async function updateBanner(ctx: RequestCtx, id: number, patch: AdminBannerPatch): Promise<AdminBanner> {
  const { idOf, keyOf } = await departments(ctx);
  return writeContent(ctx, async (tx) => {
    const before = await findBanner(tx, id);
    assertUnchangedSince(patch.updated_at, before.updatedAt, contentMessages.editConflict);
    const startsAt = toDate(patch.starts_at);
    const endsAt = toDate(patch.ends_at);
    const start = startsAt === undefined ? before.startsAt : startsAt;
    const end = endsAt === undefined ? before.endsAt : endsAt;
    if (start && end && end.getTime() <= start.getTime()) throw badRequest(messages.badRequest(), { ends_at: endsAfterStartMessage });
    const [row] = await tx.db
      .update(banners)
      .set({
        departmentId: patch.department === undefined ? undefined : departmentIdOf(idOf, patch.department),
        placement: patch.placement,
        title: patch.title,
        subtitle: patch.subtitle,
        titleBn: storedBangla(patch.title_bn),
        subtitleBn: storedBangla(patch.subtitle_bn),
        linkUrl: patch.link_url,
        image: patch.image,
        audience: patch.audience,
        device: patch.device,
        startsAt,
        endsAt,
        position: patch.position,
        updatedAt: nextStamp(before.updatedAt, tx.clock.now()),
      })
      .where(eq(banners.id, id))
      .returning();
    await recordAudit(tx, {
      action: 'banner.update',
      entity: 'banner',
      entityId: id,
      before: bannerAudit(before, keyOf),
      after: bannerAudit(row!, keyOf),
    });
    return toAdminBanner(row!, keyOf, tx.clock.now());
  });
}

export async function deleteBanner(ctx: RequestCtx, id: number): Promise<void> {
  const { keyOf } = await departments(ctx);
  await writeContent(ctx, async (tx) => {
    const before = await findBanner(tx, id);
    await tx.db.delete(banners).where(eq(banners.id, id));
    await recordAudit(tx, { action: 'banner.delete', entity: 'banner', entityId: id, before: bannerAudit(before, keyOf), after: null });
  });
}
