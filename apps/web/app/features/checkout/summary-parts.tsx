import type { ReactNode } from 'react';
import type { LineImage } from '@store/shared/cart';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatTaka } from '../../lib/format';
import { hrefHere } from '../../lib/locale';
import { pointsText } from '../loyalty/loyalty-text';

/** A white card with a heading: the building block of the checkout and order pages. */
export function Section({ title, aside, children, id }: { title: ReactNode; aside?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-4 shadow-[0_1px_2px_rgba(0,0,0,0.03)] sm:p-5 lg:p-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={id} className="text-base font-semibold text-ink lg:text-lg">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

export type SummaryLine = {
  key: string | number;
  image: LineImage | null;
  product_title: string;
  variant_title: string;
  vendor: string;
  quantity: number;
  line_price: number;
  price: number;
  gift: boolean;
  href?: string;
  /** The bag line's variant, for its plain-form quantity controls (the checkout's summary only). */
  variantId?: number;
};

/** A bag line's −, + and Remove as plain forms (routes/form-bag.ts), for a browser without the page's scripts. */
function PlainLineControls({ line }: { line: SummaryLine & { variantId: number } }) {
  const product = `${line.product_title} ${line.variant_title}`;
  const control = (intent: 'decrement' | 'increment' | 'remove', label: string, text: string) => (
    <form method="post" action={hrefHere('/form/bag')}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="variant" value={line.variantId} />
      <input type="hidden" name="back" value="/checkout" />
      <button
        type="submit"
        aria-label={label}
        className="h-8 min-w-8 rounded-md border border-neutral-300 px-2 text-sm font-semibold text-ink hover:border-ink"
      >
        {text}
      </button>
    </form>
  );
  return (
    <div className="mt-2 flex items-center gap-1.5" data-testid="plain-line-controls">
      {control('decrement', m.checkout_line_decrease({ product }), '−')}
      <span className="min-w-6 text-center text-sm font-semibold tabular-nums">{formatCount(line.quantity)}</span>
      {control('increment', m.checkout_line_increase({ product }), '+')}
      {control('remove', m.checkout_line_remove({ product }), m.checkout_remove())}
    </div>
  );
}

export function LineList({ lines, editable = false }: { lines: SummaryLine[]; editable?: boolean }) {
  return (
    <ul className="divide-y divide-line" data-testid="summary-lines">
      {lines.map((l) => (
        <li key={l.key} className="flex gap-3 py-3 first:pt-0 last:pb-0">
          <div className="relative size-16 shrink-0 overflow-hidden rounded-lg bg-neutral-50 ring-1 ring-line">
            {l.image ? <img src={l.image.url} alt="" width={64} height={64} loading="lazy" className="size-full object-cover" /> : null}
            <span className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-ink px-1.5 text-[11px] font-semibold leading-5 text-white">
              {formatCount(l.quantity)}
            </span>
          </div>
          <div className="min-w-0 flex-1">
            <p className="text-[11px] font-semibold uppercase tracking-wide text-muted">{l.vendor}</p>
            <p className="truncate text-sm font-medium text-ink">
              {l.href ? (
                <a href={hrefHere(l.href)} className="hover:underline">
                  {l.product_title}
                </a>
              ) : (
                l.product_title
              )}
            </p>
            <p className="text-xs text-muted">{l.variant_title}</p>
            {editable && !l.gift && l.variantId !== undefined ? (
              <noscript>
                <PlainLineControls line={{ ...l, variantId: l.variantId }} />
              </noscript>
            ) : null}
          </div>
          <div className="text-right text-sm">
            {l.gift ? (
              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
                {m.checkout_free_gift()}
              </span>
            ) : (
              <>
                <p className="font-semibold text-ink">{formatTaka(l.line_price)}</p>
                {l.price * l.quantity > l.line_price ? (
                  <p className="text-xs text-muted line-through">{formatTaka(l.price * l.quantity)}</p>
                ) : null}
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

export type TotalsView = {
  subtotal: number;
  rebate: number;
  discount: number;
  /** A referred customer's welcome discount, and the code that gave it (issue 22). */
  referral_discount: number;
  referralCode?: string | null;
  /** What loyalty points took off, and how many were spent. */
  points_discount: number;
  pointsUsed?: number;
  /** Points the order earned once delivered (orders only). */
  pointsEarned?: number;
  shipping: number;
  shipping_waived: number;
  total: number;
  couponCode?: string | null;
  /** 'Pickup', 'Standard (Inside Dhaka)'…; null while no address is chosen. */
  shippingLabel: string | null;
  /** Before an address is chosen the fee is not known yet. */
  shippingKnown: boolean;
  /** A line under the shipping row: free delivery applied, or how much more it needs. */
  shippingNote?: string | null;
};

function Row({ label, value, tone, testId }: { label: ReactNode; value: ReactNode; tone?: 'saving' | 'strong'; testId?: string }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${tone === 'strong' ? 'text-base font-bold text-ink' : 'text-sm text-neutral-700'}`}
      data-testid={testId}
    >
      <dt>{label}</dt>
      <dd className={tone === 'saving' ? 'font-medium text-emerald-700' : tone === 'strong' ? '' : 'font-medium text-ink'}>{value}</dd>
    </div>
  );
}

export function TotalsRows({ t }: { t: TotalsView }) {
  const shipping = !t.shippingKnown ? '—' : t.shipping === 0 ? messages.bagFree() : formatTaka(t.shipping);
  // Notes and the rule sit between two lists: a <dl> holds only its term and value pairs.
  return (
    <div className="space-y-2">
      <dl className="space-y-2">
        <Row label={messages.bagSubtotal()} value={formatTaka(t.subtotal)} testId="total-subtotal" />
        {t.rebate > 0 ? <Row label={m.checkout_privilege_rebate()} value={`−${formatTaka(t.rebate)}`} tone="saving" /> : null}
        {t.discount > 0 ? (
          <Row
            label={t.couponCode ? m.checkout_discount_code({ code: t.couponCode }) : m.checkout_discount()}
            value={`−${formatTaka(t.discount)}`}
            tone="saving"
            testId="total-discount"
          />
        ) : null}
        {t.referral_discount > 0 ? (
          <Row
            label={t.referralCode ? m.loyalty_row_referral_code({ code: t.referralCode }) : m.loyalty_row_referral()}
            value={`−${formatTaka(t.referral_discount)}`}
            tone="saving"
            testId="total-referral"
          />
        ) : null}
        {t.points_discount > 0 ? (
          <Row
            label={t.pointsUsed ? m.loyalty_row_points({ count: formatCount(t.pointsUsed) }) : m.loyalty_row_points_plain()}
            value={`−${formatTaka(t.points_discount)}`}
            tone="saving"
            testId="total-points"
          />
        ) : null}
        <Row
          label={
            <>
              {m.checkout_shipping()}
              {t.shippingLabel ? <span className="text-muted"> · {t.shippingLabel}</span> : null}
            </>
          }
          value={
            t.shipping_waived > 0 ? (
              <>
                <span className="mr-1.5 text-xs text-muted line-through">{formatTaka(t.shipping_waived)}</span>
                {shipping}
              </>
            ) : (
              shipping
            )
          }
          testId="total-shipping"
        />
      </dl>
      {t.shippingNote ? (
        <p className="text-xs text-emerald-700" data-testid="free-delivery-note">
          {t.shippingNote}
        </p>
      ) : null}
      <div className="my-1 border-t border-line" />
      <dl>
        <Row label={m.checkout_total()} value={formatTaka(t.total)} tone="strong" testId="total-total" />
        {t.pointsEarned ? (
          <div className="mt-2">
            <Row label={m.loyalty_row_earned()} value={`+${pointsText(t.pointsEarned)}`} tone="saving" testId="total-points-earned" />
          </div>
        ) : null}
      </dl>
      <p className="text-right text-[11px] text-muted">{m.checkout_prices_note()}</p>
    </div>
  );
}
