import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { COURIER_LABELS, type Courier } from '@store/shared/checkout-rules';
import { formatTaka } from '@store/shared/money';
import type { Clock } from '../../../lib/clock.js';
import type { HttpRequest, Transport } from '../../../lib/http-transport.js';
import { COURIER_SIMULATOR_ROOT } from '../config.js';
import { SIMULATOR_MOVES } from '../status-map.js';

/*
 * What the three courier simulators share: their parcels in memory, the dev control endpoint that
 * moves one along (POST /dev/couriers/<courier>/parcels/<id>/advance {status, collected?, reason?,
 * lose_webhook?}) and then tells the shop through the courier's own webhook, and the page at /dev/couriers/ listing every parcel with
 * a button per move.
 */

export type SimParcel = {
  courier: Courier;
  /** Steadfast consignment_id, Pathao consignment_id, RedX tracking_id. */
  id: string;
  trackingCode: string;
  invoice: string;
  name: string;
  phone: string;
  address: string;
  /** Taka to collect and the courier's fee. */
  cod: number;
  fee: number;
  /** The courier's own word, as its API answers it. */
  status: string;
  collected: number | null;
  createdAt: Date;
  updatedAt: Date;
  history: { status: string; at: Date }[];
};

export type WebhookCall = { url: string; request: HttpRequest };
export type AdvanceOptions = { collected?: number | undefined; reason?: string | undefined };

/** One courier's simulated back office: its parcels and how a move becomes its webhook call. */
export type SimulatorDesk = {
  courier: Courier;
  parcels: Map<string, SimParcel>;
  /** The courier's status the move sets, and the webhook that announces it (null: no webhook configured). */
  move(parcel: SimParcel, status: string, options: AdvanceOptions): { status: string; webhook: WebhookCall | null } | null;
};

/** 'YYYY-MM-DD HH:MM:SS' in Dhaka time, as Steadfast and Pathao write times. */
export const dhakaStamp = (at: Date) => new Date(at.getTime() + 6 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PAGE_STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#eef2f7;font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Bengali',Arial,sans-serif;color:#1f2328}
.sandbox{background:#fff7d6;color:#6b4e00;font-size:12px;text-align:center;padding:6px 12px;border-bottom:1px solid #f1e2a6}
header{background:#0f5132;color:#fff;padding:18px 22px}
header b{font-size:20px;letter-spacing:.02em}
main{max-width:960px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 8px 30px rgba(0,0,0,.08);margin-bottom:16px;padding:16px 18px}
.card h2{font-size:16px;margin:0 0 4px}
.meta{color:#4b5563;font-size:13px;margin:0 0 10px}
.status{display:inline-block;font-size:12px;font-weight:700;border-radius:999px;padding:3px 10px;background:#e8f0fb;color:#123f7d}
.moves{display:flex;gap:8px;flex-wrap:wrap}
button{height:38px;border:0;border-radius:10px;font-size:14px;font-weight:700;cursor:pointer;padding:0 14px;background:#0f5132;color:#fff}
button.secondary{background:#eef0f3;color:#1f2328}
.empty{text-align:center;color:#4b5563;padding:40px 0}
.note{font-size:13px;color:#4b5563}`;

function parcelCard(p: SimParcel): string {
  const moves = SIMULATOR_MOVES[p.courier]
    .map(
      (s, i) =>
        `<button name="status" value="${escapeHtml(s)}"${i > 1 ? ' class="secondary"' : ''}>${escapeHtml(s.replace(/^order\./, ''))}</button>`,
    )
    .join('');
  return `<div class="card"><h2>${escapeHtml(COURIER_LABELS[p.courier])} · ${escapeHtml(p.id)} <span class="status">${escapeHtml(p.status)}</span></h2>
<p class="meta">Invoice ${escapeHtml(p.invoice)} · ${escapeHtml(p.name)} · ${escapeHtml(p.phone)} · ${escapeHtml(p.address)}<br>
Collect ${escapeHtml(formatTaka(Math.round(p.cod * 100)))} · fee ${escapeHtml(formatTaka(Math.round(p.fee * 100)))}${p.collected !== null ? ` · collected ${escapeHtml(formatTaka(Math.round(p.collected * 100)))}` : ''} · tracking ${escapeHtml(p.trackingCode)}</p>
<form method="post" action="${COURIER_SIMULATOR_ROOT}/${p.courier}/parcels/${encodeURIComponent(p.id)}/advance" class="moves">${moves}</form></div>`;
}

export function simulatorPage(desks: SimulatorDesk[]): string {
  const parcels = desks.flatMap((d) => [...d.parcels.values()]).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const body = parcels.length
    ? parcels.map(parcelCard).join('\n')
    : '<div class="card empty">No parcels yet. Book an order with a courier in the back office (an order that is confirmed or packed).</div>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Courier simulators</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<div class="sandbox">Sandbox simulator: no parcel moves, no money moves</div>
<header><b>Courier simulators</b> <span class="note" style="color:#d1fae5">Steadfast · Pathao · RedX</span></header>
<main><p class="note">Each button moves a parcel as the courier would and sends the shop that courier's webhook.</p>
${body}</main>
</body>
</html>`;
}

/** The control endpoints and the page, for every desk: forms from the page, JSON from tests and scripts. */
export function deskRoutes(desks: SimulatorDesk[], clock: Clock, transport: Transport, log: FastifyBaseLogger) {
  return async function routes(app: FastifyInstance) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    app.get(`${COURIER_SIMULATOR_ROOT}/`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(simulatorPage(desks)),
    );

    for (const desk of desks) {
      app.post(`${COURIER_SIMULATOR_ROOT}/${desk.courier}/parcels/:id/advance`, { schema: { hide: true } }, async (request, reply) => {
        const { id } = request.params as { id: string };
        const body = (request.body ?? {}) as { status?: unknown; collected?: unknown; reason?: unknown; lose_webhook?: unknown };
        const fromPage = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
        const parcel = desk.parcels.get(id);
        if (!parcel) return reply.status(404).send({ error: { code: 'not_found', message: 'No such parcel' } });
        const status = typeof body.status === 'string' ? body.status : '';
        const collected = body.collected === undefined || body.collected === '' ? undefined : Number(body.collected);
        const moved = desk.move(parcel, status, {
          collected: collected !== undefined && Number.isFinite(collected) ? collected : undefined,
          reason: typeof body.reason === 'string' ? body.reason : undefined,
        });
        if (!moved)
          return reply.status(400).send({
            error: { code: 'validation_failed', message: `Unknown status; one of ${SIMULATOR_MOVES[desk.courier].join(', ')}` },
          });
        const at = clock.now();
        parcel.status = moved.status;
        parcel.updatedAt = at;
        parcel.history.push({ status: moved.status, at });
        let webhook: { status: number; body: string } | null = null;
        // lose_webhook: the courier's call never arrives, and only the shop's polling can learn of the move.
        if (moved.webhook && body.lose_webhook !== true && body.lose_webhook !== '1') {
          try {
            const res = await transport(moved.webhook.url, moved.webhook.request);
            webhook = { status: res.status, body: await res.text() };
          } catch (err) {
            log.warn({ err, courier: desk.courier, parcel: id }, 'sandbox courier webhook not delivered');
          }
        }
        if (fromPage) return reply.redirect(`${COURIER_SIMULATOR_ROOT}/`, 303);
        return { parcel: { id: parcel.id, status: parcel.status, collected: parcel.collected }, webhook };
      });
    }
  };
}
