import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  AdminSettingsSchema,
  DEFAULT_CARE_HOURS,
  DEFAULT_SAME_DAY_CUTOFF_HOUR,
  DEFAULT_STOCK_WARNING_THRESHOLD,
  type AdminSettings,
  type AdminSettingsPatch,
} from '@store/shared/admin-settings';
import * as messages from '@store/shared/messages';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { writeContent } from '../../lib/content-changes.js';
import type { RequestCtx } from '../../lib/context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { serverKey } from '../../lib/secrets.js';
import { listStaffSessions, recordAudit } from '../staff/index.js';
import { DEFAULT_BASIC_SETTINGS, DEFAULT_SITE_SETTINGS } from './content.service.js';
import { settings } from './content.tables.js';

/**
 * The settings screen of the back office (issue 16 item 4). Each setting lives where the storefront
 * already reads it: the 'site' row (timers, fees, free delivery, maintenance, contacts, and the rules
 * that were constants: care hours, same-day cut-off, stock warning), the 'basic' row (colours, logos) and
 * the 'search_redirects' row. A setting never stored shows its default, so a fresh shop shows what
 * the storefront does.
 */

export type SettingsCtx = RequestCtx & { env: Pick<Env, 'SUPPORT_PHONE' | 'SUPPORT_EMAIL' | 'WHATSAPP_NUMBER'> };

const SETTING_ROWS = ['site', 'basic', 'search_redirects'] as const;
type SettingRow = (typeof SETTING_ROWS)[number];
type StoredRows = Record<SettingRow, Record<string, unknown>>;

/** The settings kept as fields of the 'site' row; colours and logos are fields of 'basic'; search_redirects is a row of its own. */
const SITE_FIELDS = [
  'SMS_TIMER',
  'OTP_VALIDITY',
  'shipping_fees',
  'free_delivery',
  'site_under_maintenance',
  'support_phone',
  'whatsapp_number',
  'support_email',
  'care_hours',
  'same_day_cutoff_hour',
  'stock_warning_threshold',
  'cod_deposit_high_risk',
] as const satisfies readonly (keyof AdminSettings)[];

/** The settings kept as fields of the 'basic' row. */
const BASIC_FIELDS = ['colours', 'logo', 'logo_logged'] as const satisfies readonly (keyof AdminSettings)[];

function defaults(env: SettingsCtx['env']): AdminSettings {
  const site = DEFAULT_SITE_SETTINGS;
  return {
    SMS_TIMER: site.SMS_TIMER,
    OTP_VALIDITY: site.OTP_VALIDITY,
    shipping_fees: site.shipping_fees,
    free_delivery: site.free_delivery,
    site_under_maintenance: site.site_under_maintenance,
    colours: DEFAULT_BASIC_SETTINGS.colours,
    logo: DEFAULT_BASIC_SETTINGS.logo,
    logo_logged: DEFAULT_BASIC_SETTINGS.logo_logged,
    // As the storefront's public config: the environment's contacts until a stored one replaces them.
    support_phone: env.SUPPORT_PHONE,
    whatsapp_number: env.WHATSAPP_NUMBER,
    support_email: env.SUPPORT_EMAIL,
    care_hours: DEFAULT_CARE_HOURS,
    search_redirects: { toy_brand_words: [], luxury: null },
    same_day_cutoff_hour: DEFAULT_SAME_DAY_CUTOFF_HOUR,
    stock_warning_threshold: DEFAULT_STOCK_WARNING_THRESHOLD,
    cod_deposit_high_risk: site.cod_deposit_high_risk,
  };
}

async function readRows(db: Db): Promise<StoredRows> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...SETTING_ROWS]));
  const value = (key: SettingRow) => (rows.find((r) => r.key === key)?.value ?? {}) as Record<string, unknown>;
  return { site: value('site'), basic: value('basic'), search_redirects: value('search_redirects') };
}

/** The settings as stored, each field that is missing or no longer valid replaced by its default. */
function fromRows(rows: StoredRows, env: SettingsCtx['env']): AdminSettings {
  const fallback = defaults(env);
  const stored: Record<keyof AdminSettings, unknown> = {
    ...(Object.fromEntries(SITE_FIELDS.map((field) => [field, rows.site[field]])) as Record<(typeof SITE_FIELDS)[number], unknown>),
    colours: rows.basic.colours,
    logo: rows.basic.logo,
    logo_logged: rows.basic.logo_logged,
    search_redirects: rows.search_redirects,
  };
  const shape = AdminSettingsSchema.shape;
  const read = <K extends keyof AdminSettings>(field: K): AdminSettings[K] => {
    const parsed = shape[field].safeParse(stored[field]);
    return parsed.success ? (parsed.data as AdminSettings[K]) : fallback[field];
  };
  return Object.fromEntries((Object.keys(shape) as (keyof AdminSettings)[]).map((field) => [field, read(field)])) as AdminSettings;
}

/** GET /api/v1/admin/settings/: every setting as the storefront uses it now. */
export async function getAdminSettings(ctx: SettingsCtx): Promise<AdminSettings> {
  return fromRows(await readRows(ctx.db), ctx.env);
}

/** The settings after a patch: the fees, the colour sets and the redirect kinds merge into the current ones. */
function applyPatch(current: AdminSettings, patch: AdminSettingsPatch): AdminSettings {
  const { shipping_fees, colours, search_redirects, ...plain } = patch;
  const named = Object.fromEntries(Object.entries(plain).filter(([, value]) => value !== undefined)) as Partial<AdminSettings>;
  return {
    ...current,
    ...named,
    shipping_fees: { ...current.shipping_fees, ...shipping_fees },
    colours: { ...current.colours, ...colours },
    search_redirects: { ...current.search_redirects, ...search_redirects },
  };
}

/**
 * PATCH /api/v1/admin/settings/: validates the whole result (400 validation_failed with fields,
 * nothing written), writes the rows the patch touches and the audit row in one transaction, then
 * tells every cache (menus and settings, search redirects, the shared page cache) to forget, so
 * the storefront's next request sees the change. Only the fields the patch names are stored: the
 * others keep following their defaults.
 */
export async function updateAdminSettings(ctx: SettingsCtx, patch: AdminSettingsPatch): Promise<AdminSettings> {
  return writeContent(ctx, async ({ db: tx }) => {
    // Two saves at once: the second waits for the first and patches what it wrote.
    await tx
      .insert(settings)
      .values(SETTING_ROWS.map((key) => ({ key, value: {} })))
      .onConflictDoNothing();
    const locked = await tx
      .select()
      .from(settings)
      .where(inArray(settings.key, [...SETTING_ROWS]))
      .for('update');
    const rows: StoredRows = { site: {}, basic: {}, search_redirects: {} };
    for (const row of locked) rows[row.key as SettingRow] = row.value as Record<string, unknown>;

    const before = fromRows(rows, ctx.env);
    const checked = AdminSettingsSchema.safeParse(applyPatch(before, patch));
    if (!checked.success) {
      const fields = Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]));
      throw badRequest(messages.badRequest(), fields);
    }
    const after = checked.data;

    const writes: Partial<Record<SettingRow, Record<string, unknown>>> = {};
    const siteChanges = SITE_FIELDS.filter((field) => patch[field] !== undefined);
    if (siteChanges.length) writes.site = { ...rows.site, ...Object.fromEntries(siteChanges.map((field) => [field, after[field]])) };
    // The basic row holds the colours and the two logos.
    const basicChanges = BASIC_FIELDS.filter((field) => patch[field] !== undefined);
    if (basicChanges.length) writes.basic = { ...rows.basic, ...Object.fromEntries(basicChanges.map((field) => [field, after[field]])) };
    if (patch.search_redirects) writes.search_redirects = after.search_redirects;
    const now = ctx.clock.now();
    for (const [key, value] of Object.entries(writes)) {
      await tx.update(settings).set({ value, updatedAt: now }).where(eq(settings.key, key));
    }
    await recordAudit({ ...ctx, db: tx }, { action: 'settings.update', entity: 'settings', before, after });
    return after;
  });
}

/*
 * Maintenance preview. While the site is under maintenance a signed-in staff member can still see
 * the store: POST /api/v1/admin/preview/ gives their browser the staff_preview cookie (the admin
 * API itself takes only the Authorization header, so this is the one cookie the back office sets),
 * and the storefront's root loader asks GET /api/v1/staff-preview/ whether the cookie is good.
 * The cookie is signed, lasts 12 hours at most and is worth nothing once the staff session it was
 * issued for ends (sign-out, sign-out-everywhere, idle timeout, a disabled member).
 */

export const PREVIEW_COOKIE = 'staff_preview';
export const PREVIEW_TTL_MS = 12 * 60 * 60 * 1000;

type PreviewEnv = Pick<Env, 'SECRET_KEY' | 'NODE_ENV' | 'STAFF_IDLE_MINUTES'>;
type PreviewCtx = Pick<RequestCtx, 'db' | 'clock'> & { env: PreviewEnv };

function previewKey(env: PreviewEnv): Buffer | null {
  return serverKey(env, 'staff-preview');
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** The cookie's value for this staff session: `<staff id>.<session id>.<expiry ms>.<HMAC>`. */
export function issuePreviewToken(ctx: PreviewCtx, staff: { id: number; sessionId: number }): { token: string; expiresAt: Date } {
  const key = previewKey(ctx.env);
  if (!key) throw new AppError('unavailable', 'The store preview needs SECRET_KEY in the server configuration');
  const expiresAt = new Date(ctx.clock.now().getTime() + PREVIEW_TTL_MS);
  const payload = `${staff.id}.${staff.sessionId}.${expiresAt.getTime()}`;
  return { token: `${payload}.${mac(key, payload)}`, expiresAt };
}

/** Whether a preview cookie is genuine, unexpired and its staff session still live. */
export async function isValidPreview(ctx: PreviewCtx, token: string | undefined): Promise<boolean> {
  const key = previewKey(ctx.env);
  if (!key || !token || token.length > 200) return false;
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return false;
  const [, staffId, sessionId, expiresMs, signature] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(mac(key, `${staffId}.${sessionId}.${expiresMs}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  if (Number(expiresMs) <= ctx.clock.now().getTime()) return false;
  const live = await listStaffSessions(ctx.db, ctx.clock, ctx.env, { id: Number(staffId), sessionId: Number(sessionId) });
  return live.some((session) => session.current);
}
